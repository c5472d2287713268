//! The runner: plays the games of each encounter a format's scheduler names (game pairs
//! with colours swapped, the openings in turn), N games at once, with live progress, PGN
//! output, the state file that lets an event resume, statistics and the SPRT stop. The
//! formats themselves are in [`crate::event::formats`], the tables in
//! [`crate::event::tables`].

use std::collections::HashMap;
use std::fs::OpenOptions;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, channel};

use chariot::board::Color;
use chariot::progress::Progress;

use crate::event::config::{TournamentConfig, TournamentFormat};
use crate::event::encounter::{Encounter, Job};
use crate::event::formats::{member_places, member_places_table, Scheduler};
use crate::event::resume::{self, StoredGame};
use crate::event::standings::Standings;
use crate::game::{play_game, GameRecord};
use crate::openings::Opening;
use crate::report::pgn::{today, write_game, MoveText, Tags};
use crate::report::stats::SprtDecision;

/// Turns encounters into games: each encounter's games alternate colours, and each
/// game (each pair's first game, with `repeat`) takes the next opening in turn.
struct GameList<'a> {
    cfg: &'a TournamentConfig,
    openings: Vec<Opening>,
    /// Openings handed out so far.
    cursor: usize,
    /// Games handed out so far.
    count: usize,
}

impl GameList<'_> {
    fn new(cfg: &TournamentConfig) -> GameList<'_> {
        let openings = if cfg.openings.is_empty() {
            vec![Opening::startpos()]
        } else {
            cfg.openings.clone()
        };
        GameList {
            cfg,
            openings,
            cursor: 0,
            count: 0,
        }
    }

    /// The games of `encounters`, numbered on from the games handed out before.
    fn games_of(&mut self, encounters: &[Encounter]) -> Vec<Job> {
        let mut jobs = Vec::new();
        for encounter in encounters {
            let (i, j) = (encounter.first, encounter.second);
            let mut current = self.openings[0].clone();
            for g in 0..encounter.games {
                let second_of_pair = self.cfg.repeat && g % 2 == 1;
                if !second_of_pair {
                    current = self.openings[self.cursor % self.openings.len()].clone();
                    self.cursor += 1;
                }
                let (red, black) = if g % 2 == 0 { (i, j) } else { (j, i) };
                self.count += 1;
                let number = self.count;
                jobs.push(Job {
                    number,
                    red,
                    black,
                    opening: current.clone(),
                    round: encounter.round,
                    pair_of: second_of_pair.then(|| number - 1),
                    tag: encounter.game_tag(g),
                    encounter: encounter.clone(),
                    index: g,
                });
            }
        }
        jobs
    }
}

/// The games to play, in order, of a format fixed in advance (round robin, gauntlet):
/// what its scheduler names before any game is played.
pub fn schedule(cfg: &TournamentConfig) -> Vec<Job> {
    let mut scheduler = cfg.format.scheduler(cfg);
    let encounters = scheduler.next_encounters(&Standings::new(cfg));
    GameList::new(cfg).games_of(&encounters)
}

/// What a game worker tells the runner.
enum GameEvent {
    Started(usize),
    /// A game's record, and where to say that it has been counted: its worker takes
    /// no new game before, so a decision it leads to (SPRT) stops the worker first.
    Finished(usize, Box<GameRecord>, mpsc::Sender<()>),
}

/// What the runner keeps across the batches of games: the PGN and state files, the
/// date of the PGN tags, the first game of each pair still waiting for its second, and
/// the finished games of the event being resumed.
struct Recorder {
    pgn_file: Option<std::fs::File>,
    state_file: Option<std::fs::File>,
    date: String,
    first_of_pair: HashMap<usize, f64>,
    stored: HashMap<usize, StoredGame>,
}

impl Recorder {
    /// Opens the PGN file (appending) and the state file: a new one with the command
    /// line, or the resumed one to go on appending to it (and then the finished games
    /// that a crash kept out of the PGN file are written to it).
    fn open(cfg: &TournamentConfig, out: &mut dyn Write) -> Recorder {
        let mut pgn_file = cfg.pgn_out.as_ref().and_then(|(path, _)| {
            match OpenOptions::new().create(true).append(true).open(path) {
                Ok(f) => Some(f),
                Err(e) => {
                    let _ = writeln!(out, "Warning: cannot open PGN file '{path}': {e}");
                    None
                }
            }
        });
        let pgn_start = pgn_file
            .as_ref()
            .and_then(|f| f.metadata().ok())
            .map(|m| m.len());
        let state_file = cfg.state_file.as_ref().and_then(|path| {
            let opened = match &cfg.resumed {
                Some(state) => resume::reopen(path, state),
                None => resume::create(path, &cfg.args, pgn_start),
            };
            opened
                .map_err(|e| {
                    let _ = writeln!(out, "Warning: {e}; the event cannot be resumed");
                })
                .ok()
        });
        if let (Some(state), Some(f), Some((path, text))) =
            (&cfg.resumed, pgn_file.as_mut(), &cfg.pgn_out)
        {
            restore_missing_games(cfg, state, path, f, *text, out);
        }
        let stored = cfg
            .resumed
            .iter()
            .flat_map(|state| state.games.iter())
            .map(|g| (g.number, g.clone()))
            .collect();
        Recorder {
            pgn_file,
            state_file,
            date: today(),
            first_of_pair: HashMap::new(),
            stored,
        }
    }
}

/// A game of the event as PGN text: the event's tags, its `round` tag and `date`.
fn event_pgn(
    cfg: &TournamentConfig,
    rec: &GameRecord,
    round: &str,
    date: String,
    text: MoveText,
) -> String {
    let tags = Tags {
        event: cfg.event.clone(),
        site: cfg.site.clone(),
        round: round.to_string(),
        date,
    };
    write_game(rec, &tags, text)
}

/// What tells a game of the PGN file: its `Round` tag, players, result and moves.
type GameKey = (String, String, String, String, Vec<chariot::board::Move>);

/// Writes to the PGN file (`path`, opened as `file`) each game of the resumed `state`
/// that it lacks: a crash after a game's state line and before its PGN loses it from
/// the PGN file, and the state file holds all the PGN shows. The event's own games are
/// those after the state file's `pgn-start` (the whole file for older state files).
fn restore_missing_games(
    cfg: &TournamentConfig,
    state: &resume::EventState,
    path: &str,
    file: &mut std::fs::File,
    text: MoveText,
    out: &mut dyn Write,
) {
    let bytes = match chariot::input::read_file(
        std::path::Path::new(path),
        chariot::input::GAME_FILE_BYTES,
    ) {
        Ok(bytes) => bytes,
        Err(e) => {
            let _ = writeln!(
                out,
                "Warning: PGN file: {e}; games the state file holds and it lacks are not \
                 written again"
            );
            return;
        }
    };
    let start = state
        .pgn_start
        .and_then(|n| usize::try_from(n).ok())
        .filter(|&n| n <= bytes.len())
        .unwrap_or(0);
    let ours = &bytes[start..];
    let read = chariot::notation::files::read_bytes(ours, false, None);
    let mut present: HashMap<GameKey, usize> = HashMap::new();
    for g in read.read() {
        let tag = |name: &str| g.tag(name).unwrap_or("").to_string();
        let key = (
            tag("Round"),
            tag("Red"),
            tag("Black"),
            g.result.clone(),
            g.moves.clone(),
        );
        *present.entry(key).or_default() += 1;
    }
    // A game cut short by the crash would run into the next one: end its line.
    let mut pending = if ours.last().is_some_and(|&b| b != b'\n') {
        "\n\n".to_string()
    } else {
        String::new()
    };
    let mut restored = Vec::new();
    for g in &state.games {
        let rec = &g.record;
        let mut moves = rec.opening_moves.clone();
        moves.extend(rec.moves.iter().map(|m| m.mv));
        let key = (
            g.tag.clone(),
            rec.red.clone(),
            rec.black.clone(),
            rec.outcome.pgn().to_string(),
            moves,
        );
        match present.get_mut(&key) {
            Some(n) if *n > 0 => *n -= 1,
            _ => {
                let date = g.date.clone().unwrap_or_else(today);
                pending.push_str(&event_pgn(cfg, rec, &g.tag, date, text));
                restored.push(g.number.to_string());
            }
        }
    }
    if restored.is_empty() {
        return;
    }
    match file
        .write_all(pending.as_bytes())
        .and_then(|()| file.flush())
    {
        Ok(()) => {
            let _ = writeln!(
                out,
                "Wrote to '{path}' the finished game{} that the state file holds and it \
                 lacked: {}",
                if restored.len() == 1 { "" } else { "s" },
                restored.join(", ")
            );
        }
        Err(e) => {
            let _ = writeln!(out, "Warning: cannot write PGN file '{path}': {e}");
        }
    }
}

/// Runs the tournament, printing progress to `out`; returns the standings. The format's
/// scheduler names the encounters; once all their games have finished it is asked for
/// more, until it has none or the SPRT has decided. Games that the resumed state file
/// holds are taken from it instead of being played.
pub fn run(cfg: &TournamentConfig, out: &mut dyn Write) -> Standings {
    run_live(cfg, out, &Progress::quiet())
}

/// [`run`] with a live line: `live` shows the games finished, the score or the leader,
/// the SPRT's LLR, the time spent and the time left (the `tourney` command draws it on
/// a terminal, with `out` written above it).
pub fn run_live(cfg: &TournamentConfig, out: &mut dyn Write, live: &Progress) -> Standings {
    let mut st = Standings::new(cfg);
    let two = cfg.engines.len() == 2;
    let stop = AtomicBool::new(false);
    let mut recorder = Recorder::open(cfg, out);
    if let (Some(path), Some(state)) = (&cfg.state_file, &cfg.resumed) {
        let _ = writeln!(
            out,
            "Resuming '{path}': {} finished games",
            state.games.len()
        );
    }
    let mut scheduler = cfg.format.scheduler(cfg);
    let mut games = GameList::new(cfg);
    while !stop.load(Ordering::SeqCst) {
        let encounters = scheduler.next_encounters(&st);
        if encounters.is_empty() {
            break;
        }
        let jobs = games.games_of(&encounters);
        let batch = Batch {
            cfg,
            jobs: &jobs,
            total: games.count,
            stop: &stop,
            scheduler: scheduler.as_ref(),
            live,
        };
        batch.play(&mut st, &mut recorder, out);
        if let Some(progress) = scheduler.progress(&st) {
            let _ = write!(out, "{progress}");
        }
    }
    if !recorder.stored.is_empty() && !stop.load(Ordering::SeqCst) {
        let _ = writeln!(
            out,
            "Warning: {} games of the state file were not part of the event",
            recorder.stored.len()
        );
    }
    st.placings = scheduler.placings(&st);
    live.finish();
    let _ = writeln!(out, "Tournament finished");
    if two {
        let _ = writeln!(out, "{}", st.score_line());
        let _ = write!(out, "{}", st.stats_block(cfg.sprt.as_ref(), cfg.repeat));
    }
    if let Some(line) = ponder_summary(cfg, &st) {
        let _ = writeln!(out, "{line}");
    }
    let _ = write!(out, "{}", scheduler.table(&st));
    if !cfg.teams.is_empty() && cfg.format != TournamentFormat::TeamRoundRobin {
        let entries = member_places(&cfg.teams, &st.placings, &st);
        let _ = write!(out, "{}", member_places_table(&cfg.teams, &entries));
    }
    let _ = out.flush();
    st
}

/// `Ponder hits: A 40/70 (57%), B …`: for each engine that ponders, how many of its
/// ponder searches in the games played (not those a resumed state file holds) ended in
/// `ponderhit`; `None` when no engine ponders.
fn ponder_summary(cfg: &TournamentConfig, st: &Standings) -> Option<String> {
    let mut counts = vec![(0u32, 0u32); st.names.len()];
    for (_, rec) in &st.games {
        let mut pos = chariot::board::Position::from_fen(&rec.start_fen).ok()?;
        for mv in &rec.opening_moves {
            pos.make_move(*mv);
        }
        let first = pos.side_to_move();
        for (i, m) in rec.moves.iter().enumerate() {
            let Some(hit) = m.ponder_hit else { continue };
            let name = if (first == Color::Red) == (i % 2 == 0) {
                &rec.red
            } else {
                &rec.black
            };
            if let Some(e) = st.names.iter().position(|n| n == name) {
                counts[e].0 += u32::from(hit);
                counts[e].1 += 1;
            }
        }
    }
    let parts: Vec<String> = cfg
        .engines
        .iter()
        .zip(&counts)
        .filter(|(e, _)| e.ponder)
        .map(|(e, (hits, tries))| {
            let share = 100.0 * f64::from(*hits) / f64::from((*tries).max(1));
            format!("{} {hits}/{tries} ({share:.0}%)", e.name)
        })
        .collect();
    (!parts.is_empty()).then(|| format!("Ponder hits: {}", parts.join(", ")))
}

/// Why a state file's games do not replay its event ([`replay`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// The event is not finished: this game is missing.
    Missing(usize),
    /// This game is not the event's (other engines or another encounter).
    NotTheEvents(usize),
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::Missing(n) => {
                write!(f, "the event is not finished (its game {n} is missing)")
            }
            ReplayError::NotTheEvents(n) => write!(f, "game {n} is not the event's"),
        }
    }
}

impl std::error::Error for ReplayError {}

/// Replays an event from the finished games of its state file (`cfg.resumed`) without
/// playing any: the standings and placings it ended with (for seeding a later event
/// by its results).
///
/// # Errors
/// When the state file lacks a game the event needs (it is not finished), or holds one
/// that is not the event's.
pub fn replay(cfg: &TournamentConfig) -> Result<Standings, ReplayError> {
    let mut st = Standings::new(cfg);
    let mut stored: HashMap<usize, StoredGame> = cfg
        .resumed
        .iter()
        .flat_map(|state| state.games.iter())
        .map(|g| (g.number, g.clone()))
        .collect();
    let mut scheduler = cfg.format.scheduler(cfg);
    let mut games = GameList::new(cfg);
    loop {
        let encounters = scheduler.next_encounters(&st);
        if encounters.is_empty() {
            break;
        }
        for job in games.games_of(&encounters) {
            let g = stored
                .remove(&job.number)
                .ok_or(ReplayError::Missing(job.number))?;
            if (g.tag.as_str(), g.red, g.black) != (job.tag.as_str(), job.red, job.black) {
                return Err(ReplayError::NotTheEvents(job.number));
            }
            st.add(job, g.record);
        }
    }
    st.placings = scheduler.placings(&st);
    Ok(st)
}

/// One batch of games: what a scheduler named at once.
struct Batch<'a> {
    cfg: &'a TournamentConfig,
    jobs: &'a [Job],
    /// The games named so far, for the progress lines.
    total: usize,
    /// Set when the SPRT decides (or the state file does not fit the event).
    stop: &'a AtomicBool,
    scheduler: &'a dyn Scheduler,
    /// The live line.
    live: &'a Progress,
}

impl Batch<'_> {
    /// Plays the jobs, `concurrency` at once, into the standings; the games the state
    /// file holds are counted first, without playing them.
    fn play(&self, st: &mut Standings, recorder: &mut Recorder, out: &mut dyn Write) {
        let mut pending: Vec<&Job> = Vec::new();
        for job in self.jobs {
            let Some(stored) = recorder.stored.remove(&job.number) else {
                pending.push(job);
                continue;
            };
            if (stored.tag.as_str(), stored.red, stored.black)
                != (job.tag.as_str(), job.red, job.black)
            {
                let _ = writeln!(
                    out,
                    "Error: the state file's game {} ({} {} v {}) is not the event's ({} {} v {}); \
                     stopping",
                    job.number, stored.tag, stored.red, stored.black, job.tag, job.red, job.black
                );
                self.stop.store(true, Ordering::SeqCst);
                return;
            }
            if self.stop.load(Ordering::SeqCst) {
                return;
            }
            self.count(st, recorder, job, stored.record, false, out);
        }
        let next = AtomicUsize::new(0);
        let (tx, rx) = channel::<GameEvent>();
        let pending = &pending;
        let (cfg, stop) = (self.cfg, self.stop);
        std::thread::scope(|scope| {
            for _ in 0..cfg.concurrency.max(1) {
                let tx = tx.clone();
                let next = &next;
                scope.spawn(move || loop {
                    if stop.load(Ordering::SeqCst) {
                        return;
                    }
                    let k = next.fetch_add(1, Ordering::SeqCst);
                    let Some(job) = pending.get(k) else { return };
                    let _ = tx.send(GameEvent::Started(k));
                    let record = play_game(
                        &job.engine_config(&cfg.engines[job.red]),
                        &job.engine_config(&cfg.engines[job.black]),
                        &job.opening,
                        &cfg.settings,
                    );
                    let (counted, wait) = mpsc::channel();
                    if tx
                        .send(GameEvent::Finished(k, Box::new(record), counted))
                        .is_err()
                    {
                        return;
                    }
                    let _ = wait.recv();
                });
            }
            drop(tx);
            for ev in rx {
                match ev {
                    GameEvent::Started(k) => {
                        let j = pending[k];
                        let _ = writeln!(
                            out,
                            "Started game {} of {} ({} vs {})",
                            j.number,
                            self.total,
                            self.cfg.engines[j.red].name,
                            self.cfg.engines[j.black].name
                        );
                    }
                    GameEvent::Finished(k, record, counted) => {
                        self.count(st, recorder, pending[k], *record, true, out);
                        let _ = counted.send(());
                    }
                }
            }
        });
    }

    /// Counts a finished game: the standings, the state file and the PGN file (for a
    /// game just played, `fresh`), the pair statistics, the rating interval's table and
    /// the SPRT.
    fn count(
        &self,
        st: &mut Standings,
        recorder: &mut Recorder,
        job: &Job,
        record: GameRecord,
        fresh: bool,
        out: &mut dyn Write,
    ) {
        let cfg = self.cfg;
        let two = cfg.engines.len() == 2;
        let _ = writeln!(
            out,
            "Finished game {} ({} vs {}): {} {{{}}}{}",
            job.number,
            record.red,
            record.black,
            record.outcome.pgn(),
            record.reason,
            if fresh { "" } else { " (from the state file)" }
        );
        let red_points = record.outcome.score_for(Color::Red);
        if fresh {
            // The state file first: a game it holds is never played again.
            if let Some(f) = recorder.state_file.as_mut() {
                let line = resume::game_line(
                    job.number,
                    &job.tag,
                    job.red,
                    job.black,
                    &record,
                    &recorder.date,
                );
                let _ = f.write_all(line.as_bytes()).and_then(|()| f.flush());
            }
            if let (Some((_, text)), Some(f)) = (&cfg.pgn_out, recorder.pgn_file.as_mut()) {
                let pgn = event_pgn(cfg, &record, &job.tag, recorder.date.clone(), *text);
                let _ = f.write_all(pgn.as_bytes());
                let _ = f.flush();
            }
        }
        // Game pairs (engine 0's points).
        if two && cfg.repeat {
            let p0 = if job.red == 0 {
                red_points
            } else {
                1.0 - red_points
            };
            let key = job.pair_of.unwrap_or(job.number);
            if let Some(first) = recorder.first_of_pair.remove(&key) {
                st.pairs.add(first + p0);
            } else {
                recorder.first_of_pair.insert(key, p0);
            }
        }
        st.add(job.clone(), record);
        let done = st.games.len() as u32;
        if two {
            let _ = writeln!(out, "{}", st.score_line());
        }
        let interval_hit = cfg.rating_interval > 0 && done % cfg.rating_interval == 0;
        if interval_hit {
            if two {
                let _ = write!(out, "{}", st.stats_block(cfg.sprt.as_ref(), cfg.repeat));
            } else {
                let _ = write!(out, "{}", self.scheduler.table(st));
            }
        }
        let mut summary = st.live_summary();
        if let (true, Some(sprt), None) = (two, cfg.sprt.as_ref(), st.sprt_decision) {
            let llr = if cfg.repeat {
                sprt.llr_pentanomial(&st.pairs)
            } else {
                sprt.llr_trinomial(&st.wdl[0][1])
            };
            let (lower, upper) = sprt.bounds();
            summary.push_str(&format!(" LLR {llr:.2} [{lower:.2}, {upper:.2}]"));
            let d = sprt.decide(llr);
            if d != SprtDecision::Continue {
                st.sprt_decision = Some(d);
                self.stop.store(true, Ordering::SeqCst);
                let _ = writeln!(
                    out,
                    "SPRT: {} was accepted (llr {:.3})",
                    if d == SprtDecision::H1 { "H1" } else { "H0" },
                    llr
                );
            }
        }
        self.live.set_length(self.total as u64);
        self.live.update(u64::from(done), summary);
        let _ = out.flush();
    }
}
