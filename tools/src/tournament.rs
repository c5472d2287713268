//! Matches and tournaments: the games of each encounter a format's scheduler names
//! (game pairs with colours swapped, the openings in turn), N games at once, live
//! progress, PGN output, statistics and the SPRT stop. The formats themselves are in
//! [`crate::formats`].

use std::collections::HashMap;
use std::fs::OpenOptions;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, channel};

use chariot::board::Color;

use crate::engine::EngineConfig;
use crate::formats::{Encounter, TournamentFormat};
use crate::game::{play_game, GameRecord, GameSettings};
use crate::openings::Opening;
use crate::pgn::{today, write_game, MoveText, Tags};
use crate::rating::{
    rank, rate_cxa, rate_qq, GameResult, RankEntry, RatingChange, RatingMethod, Scoring,
    StartRating,
};
use crate::stats::{Pentanomial, Sprt, SprtDecision, Wdl};

/// Everything a tournament needs.
#[derive(Clone, Debug)]
pub struct TournamentConfig {
    /// The engines (at least two).
    pub engines: Vec<EngineConfig>,
    /// Format: who meets whom.
    pub format: TournamentFormat,
    /// Games per encounter per round.
    pub games: u32,
    /// Rounds.
    pub rounds: u32,
    /// Play each opening twice, colours swapped (game pairs).
    pub repeat: bool,
    /// Openings, in the order they are used (cycled).
    pub openings: Vec<Opening>,
    /// Games at once.
    pub concurrency: usize,
    /// PGN file and move text.
    pub pgn_out: Option<(String, MoveText)>,
    /// SPRT (two engines only).
    pub sprt: Option<Sprt>,
    /// Print ratings every this many games (0 = only at the end).
    pub rating_interval: u32,
    /// Points for a win, draw and loss in the table and the ranking.
    pub scoring: Scoring,
    /// How the rating list is computed.
    pub rating: RatingMethod,
    /// Per-game settings.
    pub settings: GameSettings,
    /// Event tag.
    pub event: String,
    /// Site tag.
    pub site: String,
}

impl Default for TournamentConfig {
    /// No engines yet; two games an encounter, one round, one game at once, ratings
    /// every ten games.
    fn default() -> TournamentConfig {
        TournamentConfig {
            engines: Vec::new(),
            format: TournamentFormat::RoundRobin,
            games: 2,
            rounds: 1,
            repeat: false,
            openings: Vec::new(),
            concurrency: 1,
            pgn_out: None,
            sprt: None,
            rating_interval: 10,
            scoring: Scoring::One,
            rating: RatingMethod::Elo,
            settings: GameSettings::default(),
            event: "tourney".to_string(),
            site: "?".to_string(),
        }
    }
}

/// One scheduled game.
#[derive(Clone, Debug)]
pub struct Job {
    /// 1-based game number.
    pub number: usize,
    /// Index of the engine playing Red.
    pub red: usize,
    /// Index of the engine playing Black.
    pub black: usize,
    /// The opening.
    pub opening: Opening,
    /// 1-based round.
    pub round: u32,
    /// Game number of the first game of this pair, when the game is the second of a
    /// colour-swapped pair.
    pub pair_of: Option<usize>,
}

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
            for g in 0..self.cfg.games {
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
                });
            }
        }
        jobs
    }
}

/// The games to play, in order, of a format fixed in advance (round robin, gauntlet):
/// what its scheduler names before any game is played.
pub fn schedule(cfg: &TournamentConfig) -> Vec<Job> {
    let mut scheduler = cfg.format.scheduler(cfg.engines.len(), cfg.rounds);
    let encounters = scheduler.next_encounters(&Standings::new(cfg));
    GameList::new(cfg).games_of(&encounters)
}

/// Results so far.
#[derive(Clone, Debug)]
pub struct Standings {
    /// Engine names.
    pub names: Vec<String>,
    /// `wdl[i][j]`: engine i's results against engine j.
    pub wdl: Vec<Vec<Wdl>>,
    /// Game pairs of engine 0 against engine 1 (two-engine matches with `-repeat`).
    pub pairs: Pentanomial,
    /// Finished games, in the order they finished.
    pub games: Vec<(Job, GameRecord)>,
    /// The SPRT decision, if one was reached.
    pub sprt_decision: Option<SprtDecision>,
    /// Points for a win, draw and loss.
    pub scoring: Scoring,
    /// The rating method of the table.
    pub method: RatingMethod,
    /// The engines' ratings before the event.
    pub starts: Vec<StartRating>,
}

impl Standings {
    /// Empty standings for the engines of `cfg`.
    pub fn new(cfg: &TournamentConfig) -> Standings {
        let n = cfg.engines.len();
        Standings {
            names: cfg.engines.iter().map(|e| e.name.clone()).collect(),
            wdl: vec![vec![Wdl::default(); n]; n],
            pairs: Pentanomial::default(),
            games: Vec::new(),
            sprt_decision: None,
            scoring: cfg.scoring,
            method: cfg.rating,
            starts: cfg
                .engines
                .iter()
                .map(|e| StartRating {
                    rating: e.rating,
                    rated_games: e.rated_games,
                })
                .collect(),
        }
    }

    /// The finished games in schedule order, as the ranking and ratings need them.
    pub fn results(&self) -> Vec<GameResult> {
        let mut games: Vec<&(Job, GameRecord)> = self.games.iter().collect();
        games.sort_by_key(|(job, _)| job.number);
        games
            .iter()
            .map(|(job, rec)| GameResult {
                red: job.red,
                black: job.black,
                red_result: rec.outcome.score_for(Color::Red),
                plies: rec.moves.len(),
                foul: rec.foul,
            })
            .collect()
    }

    /// The ranking with every tie-break (第14条).
    pub fn rank_entries(&self) -> Vec<RankEntry> {
        rank(self.names.len(), &self.results(), self.scoring)
    }

    /// The documents' rating changes (`None` for the Elo method), by engine index.
    pub fn ratings(&self) -> Option<Vec<RatingChange>> {
        let results = self.results();
        match self.method {
            RatingMethod::Elo => None,
            RatingMethod::Qq => Some(rate_qq(&self.starts, &results)),
            RatingMethod::Cxa => {
                let entries = rank(self.names.len(), &results, self.scoring);
                let single_winner = entries.len() > 1
                    && entries[0].rank == 1
                    && entries[1].rank == 2
                    && !results.is_empty();
                let champion = single_winner.then(|| entries[0].engine);
                Some(rate_cxa(&self.starts, &results, champion))
            }
        }
    }

    /// Engine i's total against everyone.
    pub fn total(&self, i: usize) -> Wdl {
        let mut t = Wdl::default();
        for w in &self.wdl[i] {
            t.wins += w.wins;
            t.draws += w.draws;
            t.losses += w.losses;
        }
        t
    }

    /// Engines in rank order: points, then the documents' tie-breaks (小分, wins, 直胜,
    /// fouls, games as Black, wins as Black).
    pub fn ranking(&self) -> Vec<usize> {
        self.rank_entries().iter().map(|e| e.engine).collect()
    }

    /// The two-engine score line: `Score of A vs B: W - L - D  [pct] N`.
    pub fn score_line(&self) -> String {
        let w = self.wdl[0][1];
        format!(
            "Score of {} vs {}: {} - {} - {}  [{:.3}] {}",
            self.names[0],
            self.names[1],
            w.wins,
            w.losses,
            w.draws,
            w.score(),
            w.games()
        )
    }

    /// The two-engine statistics block (Elo, LOS, draw ratio, pairs, SPRT).
    pub fn stats_block(&self, sprt: Option<&Sprt>, pairs_used: bool) -> String {
        let w = self.wdl[0][1];
        let mut s = format!(
            "Elo difference: {}, LOS: {:.1} %, DrawRatio: {:.1} %\n",
            w.elo(),
            100.0 * w.los(),
            100.0 * w.draw_ratio()
        );
        if pairs_used && self.pairs.pairs() > 0 {
            let p = self.pairs.0;
            s.push_str(&format!(
                "Ptnml(0-2): [{}, {}, {}, {}, {}], pair Elo: {}\n",
                p[0],
                p[1],
                p[2],
                p[3],
                p[4],
                self.pairs.elo()
            ));
        }
        if let Some(sprt) = sprt {
            let llr = if pairs_used {
                sprt.llr_pentanomial(&self.pairs)
            } else {
                sprt.llr_trinomial(&w)
            };
            let (lo, hi) = sprt.bounds();
            s.push_str(&format!(
                "SPRT: llr {:.3} ({:.1}%), lbound {:.2}, ubound {:.2} ({}; elo0 {}, elo1 {})\n",
                llr,
                100.0 * llr / hi,
                lo,
                hi,
                if pairs_used {
                    "pentanomial"
                } else {
                    "trinomial"
                },
                sprt.elo0,
                sprt.elo1
            ));
        }
        s
    }

    /// Rating list and cross-table: rank (shared ranks marked `=`), points in the chosen
    /// scoring, 小分 (SB), wins, the rating columns of the method, games, score, draws,
    /// and each engine's points against each other one.
    pub fn table(&self) -> String {
        let width = self
            .names
            .iter()
            .map(|s| s.chars().count())
            .max()
            .unwrap_or(4)
            .max(4);
        let entries = self.rank_entries();
        let ratings = self.ratings();
        let rating_head = match self.method {
            RatingMethod::Elo => format!("{:>8} {:>7}", "Elo", "+/-"),
            RatingMethod::Cxa | RatingMethod::Qq => format!(
                "{:>6} {:>4} {:>6} {:>6} {:>11} {:>6}",
                "Start", "K", "W", "We", "New", "Perf"
            ),
        };
        let mut s = format!(
            "{:>4}  {:<width$}  {:>6} {:>7} {:>4}  {rating_head} {:>6} {:>6} {:>6}  ",
            "Rank", "Name", "Pts", "SB", "W", "Games", "Score", "Draw"
        );
        // Column heads: the names cut to 7 characters, or the ranks when cutting makes
        // two alike.
        let shorts: Vec<String> = entries
            .iter()
            .map(|e| self.names[e.engine].chars().take(7).collect())
            .collect();
        let alike = (1..shorts.len()).any(|k| shorts[..k].contains(&shorts[k]));
        for (k, short) in shorts.iter().enumerate() {
            let head = if alike {
                format!("#{}", k + 1)
            } else {
                short.clone()
            };
            s.push_str(&format!(" {head:>7}"));
        }
        s.push('\n');
        for (k, e) in entries.iter().enumerate() {
            let i = e.engine;
            let t = self.total(i);
            let shared = (k > 0 && entries[k - 1].rank == e.rank)
                || entries.get(k + 1).is_some_and(|n| n.rank == e.rank);
            let rank = format!("{}{}", e.rank, if shared { "=" } else { "" });
            let rating_cols = match ratings.as_ref().map(|r| r[i]) {
                None => {
                    let el = t.elo();
                    let elo = if el.elo.is_finite() {
                        format!("{:.1}", el.elo)
                    } else if el.elo > 0.0 {
                        "inf".to_string()
                    } else {
                        "-inf".to_string()
                    };
                    let margin = if el.margin.is_finite() {
                        format!("{:.1}", el.margin)
                    } else {
                        "-".to_string()
                    };
                    format!("{elo:>8} {margin:>7}")
                }
                Some(r) => {
                    let perf = r
                        .performance
                        .map_or_else(|| "-".to_string(), |p| format!("{p:.0}"));
                    let new = format!("{:.0}({:+.0})", r.new, r.delta());
                    format!(
                        "{:>6.0} {:>4.0} {:>6} {:>6.2} {:>11} {perf:>6}",
                        r.start,
                        r.k,
                        fmt_points(r.w),
                        r.we,
                        new
                    )
                }
            };
            s.push_str(&format!(
                "{:>4}  {:<width$}  {:>6} {:>7} {:>4}  {rating_cols} {:>6} {:>5.1}% {:>5.1}%  ",
                rank,
                self.names[i],
                fmt_points(e.points),
                fmt_points(e.sb),
                e.wins,
                t.games(),
                100.0 * t.score(),
                100.0 * t.draw_ratio()
            ));
            for o in &entries {
                let j = o.engine;
                let cell = if i == j {
                    "-".to_string()
                } else {
                    let w = self.wdl[i][j];
                    if w.games() == 0 {
                        ".".to_string()
                    } else {
                        let pts = f64::from(w.wins) * self.scoring.points(1.0)
                            + f64::from(w.draws) * self.scoring.points(0.5);
                        format!("{}/{}", fmt_points(pts), w.games())
                    }
                };
                s.push_str(&format!(" {cell:>7}"));
            }
            s.push('\n');
        }
        s
    }
}

fn fmt_points(p: f64) -> String {
    if p.fract() == 0.0 {
        format!("{p:.0}")
    } else if (p * 2.0).fract() == 0.0 {
        format!("{p:.1}")
    } else {
        format!("{p:.2}")
    }
}

/// What a game worker tells the runner.
enum Progress {
    Started(usize),
    /// A game's record, and where to say that it has been counted: its worker takes
    /// no new game before, so a decision it leads to (SPRT) stops the worker first.
    Finished(usize, GameRecord, mpsc::Sender<()>),
}

/// What the runner keeps across the batches of games: the PGN file, the date of its
/// tags, and the first game of each pair still waiting for its second.
struct Recorder {
    pgn_file: Option<std::fs::File>,
    date: String,
    first_of_pair: HashMap<usize, f64>,
}

/// Runs the tournament, printing progress to `out`; returns the standings. The format's
/// scheduler names the encounters; once all their games have finished it is asked for
/// more, until it has none or the SPRT has decided.
pub fn run(cfg: &TournamentConfig, out: &mut dyn Write) -> Standings {
    let mut st = Standings::new(cfg);
    let two = cfg.engines.len() == 2;
    let stop = AtomicBool::new(false);
    let pgn_file = cfg.pgn_out.as_ref().and_then(|(path, _)| {
        match OpenOptions::new().create(true).append(true).open(path) {
            Ok(f) => Some(f),
            Err(e) => {
                let _ = writeln!(out, "Warning: cannot open PGN file '{path}': {e}");
                None
            }
        }
    });
    let mut recorder = Recorder {
        pgn_file,
        date: today(),
        first_of_pair: HashMap::new(),
    };
    let mut scheduler = cfg.format.scheduler(cfg.engines.len(), cfg.rounds);
    let mut games = GameList::new(cfg);
    while !stop.load(Ordering::SeqCst) {
        let encounters = scheduler.next_encounters(&st);
        if encounters.is_empty() {
            break;
        }
        let jobs = games.games_of(&encounters);
        play_games(cfg, &jobs, games.count, &stop, &mut st, &mut recorder, out);
    }
    let _ = writeln!(out, "Tournament finished");
    if two {
        let _ = writeln!(out, "{}", st.score_line());
        let _ = write!(out, "{}", st.stats_block(cfg.sprt.as_ref(), cfg.repeat));
    }
    let _ = write!(out, "{}", st.table());
    let _ = out.flush();
    st
}

/// Plays `jobs`, `cfg.concurrency` at once, into the standings (`total`: the games
/// named so far, for the progress lines); sets `stop` when the SPRT decides.
fn play_games(
    cfg: &TournamentConfig,
    jobs: &[Job],
    total: usize,
    stop: &AtomicBool,
    st: &mut Standings,
    recorder: &mut Recorder,
    out: &mut dyn Write,
) {
    let two = cfg.engines.len() == 2;
    let next = AtomicUsize::new(0);
    let (tx, rx) = channel::<Progress>();
    std::thread::scope(|scope| {
        for _ in 0..cfg.concurrency.max(1) {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || loop {
                if stop.load(Ordering::SeqCst) {
                    return;
                }
                let k = next.fetch_add(1, Ordering::SeqCst);
                let Some(job) = jobs.get(k) else { return };
                let _ = tx.send(Progress::Started(k));
                let record = play_game(
                    &cfg.engines[job.red],
                    &cfg.engines[job.black],
                    &job.opening,
                    &cfg.settings,
                );
                let (counted, wait) = mpsc::channel();
                if tx.send(Progress::Finished(k, record, counted)).is_err() {
                    return;
                }
                let _ = wait.recv();
            });
        }
        drop(tx);
        for ev in rx {
            match ev {
                Progress::Started(k) => {
                    let j = &jobs[k];
                    let _ = writeln!(
                        out,
                        "Started game {} of {} ({} vs {})",
                        j.number, total, cfg.engines[j.red].name, cfg.engines[j.black].name
                    );
                }
                Progress::Finished(k, record, counted) => {
                    let job = jobs[k].clone();
                    let _ = writeln!(
                        out,
                        "Finished game {} ({} vs {}): {} {{{}}}",
                        job.number,
                        record.red,
                        record.black,
                        record.outcome.pgn(),
                        record.reason
                    );
                    let red_points = record.outcome.score_for(Color::Red);
                    st.wdl[job.red][job.black].add(red_points);
                    st.wdl[job.black][job.red].add(1.0 - red_points);
                    if let Some((_, text)) = &cfg.pgn_out {
                        if let Some(f) = recorder.pgn_file.as_mut() {
                            let tags = Tags {
                                event: cfg.event.clone(),
                                site: cfg.site.clone(),
                                round: format!("{}.{}", job.round, job.number),
                                date: recorder.date.clone(),
                            };
                            let _ = f.write_all(write_game(&record, &tags, *text).as_bytes());
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
                    st.games.push((job, record));
                    let done = st.games.len() as u32;
                    if two {
                        let _ = writeln!(out, "{}", st.score_line());
                    }
                    let interval_hit = cfg.rating_interval > 0 && done % cfg.rating_interval == 0;
                    if interval_hit {
                        if two {
                            let _ =
                                write!(out, "{}", st.stats_block(cfg.sprt.as_ref(), cfg.repeat));
                        } else {
                            let _ = write!(out, "{}", st.table());
                        }
                    }
                    if let (true, Some(sprt), None) = (two, cfg.sprt.as_ref(), st.sprt_decision) {
                        let llr = if cfg.repeat {
                            sprt.llr_pentanomial(&st.pairs)
                        } else {
                            sprt.llr_trinomial(&st.wdl[0][1])
                        };
                        let d = sprt.decide(llr);
                        if d != SprtDecision::Continue {
                            st.sprt_decision = Some(d);
                            stop.store(true, Ordering::SeqCst);
                            let _ = writeln!(
                                out,
                                "SPRT: {} was accepted (llr {:.3})",
                                if d == SprtDecision::H1 { "H1" } else { "H0" },
                                llr
                            );
                        }
                    }
                    let _ = out.flush();
                    let _ = counted.send(());
                }
            }
        }
    });
}
