//! Matches and tournaments: the schedule (game pairs with colours swapped, round robin,
//! gauntlet), N games at once, live progress, PGN output, statistics and the SPRT stop.

use std::collections::HashMap;
use std::fs::OpenOptions;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::channel;

use chariot::board::Color;

use crate::engine::EngineConfig;
use crate::game::{play_game, GameRecord, GameSettings};
use crate::openings::Opening;
use crate::pgn::{today, write_game, MoveText, Tags};
use crate::stats::{Pentanomial, Sprt, SprtDecision, Wdl};

/// Tournament format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Kind {
    /// Everyone plays everyone.
    #[default]
    RoundRobin,
    /// The first engine plays each of the others.
    Gauntlet,
}

impl Kind {
    /// Parses `round-robin` or `gauntlet`.
    pub fn parse(text: &str) -> Result<Kind, String> {
        match text.to_ascii_lowercase().as_str() {
            "round-robin" | "roundrobin" | "rr" => Ok(Kind::RoundRobin),
            "gauntlet" => Ok(Kind::Gauntlet),
            _ => Err(format!(
                "unknown tournament '{text}' (round-robin or gauntlet)"
            )),
        }
    }
}

/// Everything a tournament needs.
#[derive(Clone, Debug)]
pub struct TournamentConfig {
    /// The engines (at least two).
    pub engines: Vec<EngineConfig>,
    /// Format.
    pub kind: Kind,
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
    /// Per-game settings.
    pub settings: GameSettings,
    /// Event tag.
    pub event: String,
    /// Site tag.
    pub site: String,
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

/// The games to play, in order.
pub fn schedule(cfg: &TournamentConfig) -> Vec<Job> {
    let n = cfg.engines.len();
    let encounters: Vec<(usize, usize)> = match cfg.kind {
        Kind::RoundRobin => (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .collect(),
        Kind::Gauntlet => (1..n).map(|j| (0, j)).collect(),
    };
    let default = [Opening::startpos()];
    let openings: &[Opening] = if cfg.openings.is_empty() {
        &default
    } else {
        &cfg.openings
    };
    let mut cursor = 0usize;
    let mut jobs = Vec::new();
    for round in 1..=cfg.rounds {
        for &(i, j) in &encounters {
            let mut current = openings[0].clone();
            for g in 0..cfg.games {
                let second_of_pair = cfg.repeat && g % 2 == 1;
                if !second_of_pair {
                    current = openings[cursor % openings.len()].clone();
                    cursor += 1;
                }
                let (red, black) = if g % 2 == 0 { (i, j) } else { (j, i) };
                let number = jobs.len() + 1;
                jobs.push(Job {
                    number,
                    red,
                    black,
                    opening: current.clone(),
                    round,
                    pair_of: second_of_pair.then(|| number - 1),
                });
            }
        }
    }
    jobs
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
}

impl Standings {
    fn new(names: Vec<String>) -> Standings {
        let n = names.len();
        Standings {
            names,
            wdl: vec![vec![Wdl::default(); n]; n],
            pairs: Pentanomial::default(),
            games: Vec::new(),
            sprt_decision: None,
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

    /// Engines ranked by points (then by Elo of the score).
    pub fn ranking(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.names.len()).collect();
        order.sort_by(|a, b| {
            let (ta, tb) = (self.total(*a), self.total(*b));
            tb.points()
                .partial_cmp(&ta.points())
                .unwrap_or(std::cmp::Ordering::Equal)
                .then(
                    tb.score()
                        .partial_cmp(&ta.score())
                        .unwrap_or(std::cmp::Ordering::Equal),
                )
        });
        order
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

    /// Rating list and cross-table.
    pub fn table(&self) -> String {
        let n = self.names.len();
        let width = self
            .names
            .iter()
            .map(|s| s.chars().count())
            .max()
            .unwrap_or(4)
            .max(4);
        let mut s = format!(
            "{:>4}  {:<width$}  {:>8} {:>7} {:>6} {:>6} {:>6}  ",
            "Rank", "Name", "Elo", "+/-", "Games", "Score", "Draw"
        );
        let order = self.ranking();
        for &i in &order {
            let short: String = self.names[i].chars().take(7).collect();
            s.push_str(&format!(" {short:>7}"));
        }
        s.push('\n');
        for (rank, &i) in order.iter().enumerate() {
            let t = self.total(i);
            let e = t.elo();
            let elo = if e.elo.is_finite() {
                format!("{:.1}", e.elo)
            } else if e.elo > 0.0 {
                "inf".to_string()
            } else {
                "-inf".to_string()
            };
            let margin = if e.margin.is_finite() {
                format!("{:.1}", e.margin)
            } else {
                "-".to_string()
            };
            s.push_str(&format!(
                "{:>4}  {:<width$}  {:>8} {:>7} {:>6} {:>5.1}% {:>5.1}%  ",
                rank + 1,
                self.names[i],
                elo,
                margin,
                t.games(),
                100.0 * t.score(),
                100.0 * t.draw_ratio()
            ));
            for &j in &order {
                let cell = if i == j {
                    "-".to_string()
                } else {
                    let w = self.wdl[i][j];
                    if w.games() == 0 {
                        ".".to_string()
                    } else {
                        format!("{}/{}", fmt_points(w.points()), w.games())
                    }
                };
                s.push_str(&format!(" {cell:>7}"));
            }
            s.push('\n');
        }
        let _ = n;
        s
    }
}

fn fmt_points(p: f64) -> String {
    if p.fract() == 0.0 {
        format!("{p:.0}")
    } else {
        format!("{p:.1}")
    }
}

enum Event {
    Started(usize),
    Finished(usize, GameRecord),
}

/// Runs the tournament, printing progress to `out`; returns the standings.
pub fn run(cfg: &TournamentConfig, out: &mut dyn Write) -> Standings {
    let jobs = schedule(cfg);
    let names: Vec<String> = cfg.engines.iter().map(|e| e.name.clone()).collect();
    let mut st = Standings::new(names);
    let two = cfg.engines.len() == 2;
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = channel::<Event>();
    let mut pgn_file = cfg.pgn_out.as_ref().and_then(|(path, _)| {
        match OpenOptions::new().create(true).append(true).open(path) {
            Ok(f) => Some(f),
            Err(e) => {
                let _ = writeln!(out, "Warning: cannot open PGN file '{path}': {e}");
                None
            }
        }
    });
    let date = today();
    let mut first_of_pair: HashMap<usize, f64> = HashMap::new();
    std::thread::scope(|scope| {
        for _ in 0..cfg.concurrency.max(1) {
            let tx = tx.clone();
            let (jobs, next, stop) = (&jobs, &next, &stop);
            scope.spawn(move || loop {
                if stop.load(Ordering::SeqCst) {
                    return;
                }
                let k = next.fetch_add(1, Ordering::SeqCst);
                let Some(job) = jobs.get(k) else { return };
                let _ = tx.send(Event::Started(k));
                let record = play_game(
                    &cfg.engines[job.red],
                    &cfg.engines[job.black],
                    &job.opening,
                    &cfg.settings,
                );
                if tx.send(Event::Finished(k, record)).is_err() {
                    return;
                }
            });
        }
        drop(tx);
        for ev in rx {
            match ev {
                Event::Started(k) => {
                    let j = &jobs[k];
                    let _ = writeln!(
                        out,
                        "Started game {} of {} ({} vs {})",
                        j.number,
                        jobs.len(),
                        cfg.engines[j.red].name,
                        cfg.engines[j.black].name
                    );
                }
                Event::Finished(k, record) => {
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
                        if let Some(f) = pgn_file.as_mut() {
                            let tags = Tags {
                                event: cfg.event.clone(),
                                site: cfg.site.clone(),
                                round: format!("{}.{}", job.round, job.number),
                                date: date.clone(),
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
                        if let Some(first) = first_of_pair.remove(&key) {
                            st.pairs.add(first + p0);
                        } else {
                            first_of_pair.insert(key, p0);
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
                }
            }
        }
    });
    let _ = writeln!(out, "Tournament finished");
    if two {
        let _ = writeln!(out, "{}", st.score_line());
        let _ = write!(out, "{}", st.stats_block(cfg.sprt.as_ref(), cfg.repeat));
    }
    let _ = write!(out, "{}", st.table());
    let _ = out.flush();
    st
}
