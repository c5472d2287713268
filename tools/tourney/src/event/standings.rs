//! The results so far ([`Standings`]): the games, each pair of engines' wins, draws and
//! losses, the game pairs, the SPRT decision, the ranking and the documents' ratings;
//! and where the engines placed ([`Placing`]). The printed table is
//! [`Standings::table`] (in [`crate::event::tables`]).

use chariot::board::Color;

use crate::event::config::TournamentConfig;
use crate::event::encounter::Job;
use crate::game::GameRecord;
use crate::report::rating::{
    rank, rate_cxa, rate_qq, RankEntry, RatedGame, RatingChange, RatingMethod, Scoring, StartRating,
};
use crate::report::stats::{Pentanomial, Sprt, SprtDecision, Wdl};

/// Where an engine finished: places start at 1 and are shared by engines the format
/// cannot tell apart (名次并列).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placing {
    /// Engine index.
    pub engine: usize,
    /// 1-based place.
    pub place: usize,
}

/// The champion for the documents' rating rule (the winner does not lose rating): the
/// one engine in first place, if it is alone there.
pub fn champion(placings: &[Placing]) -> Option<usize> {
    match placings {
        [first, second, ..] if first.place == 1 && second.place > 1 => Some(first.engine),
        [only] if only.place == 1 => Some(only.engine),
        _ => None,
    }
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
    /// The places (set when the event is over, by the format's own rules).
    pub placings: Vec<Placing>,
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
            placings: Vec::new(),
        }
    }

    /// The finished games in schedule order, as the ranking and ratings need them.
    pub fn results(&self) -> Vec<RatedGame> {
        self.results_where(|_| true)
    }

    /// [`Standings::results`] of the encounters whose tag passes `keep`.
    pub fn results_where(&self, keep: impl Fn(&str) -> bool) -> Vec<RatedGame> {
        let mut games: Vec<&(Job, GameRecord)> = self
            .games
            .iter()
            .filter(|(job, _)| keep(&job.encounter.tag))
            .collect();
        games.sort_by_key(|(job, _)| job.number);
        games
            .iter()
            .map(|(job, rec)| RatedGame {
                red: job.red,
                black: job.black,
                outcome: rec.outcome,
                plies: rec.moves.len(),
                foul: rec.foul,
            })
            .collect()
    }

    /// The ranking with every tie-break (第14条).
    pub fn rank_entries(&self) -> Vec<RankEntry> {
        rank(self.names.len(), &self.results(), self.scoring)
    }

    /// The documents' rating changes (`None` for the Elo method), by engine index, with
    /// the whole event's cross-table naming the champion (who does not lose `cxa`
    /// rating).
    pub fn ratings(&self) -> Option<Vec<RatingChange>> {
        self.ratings_with(self.cross_table_champion())
    }

    /// The documents' rating changes, `champion` being the event's winner (by its
    /// format's placings) if there is a single one.
    pub fn ratings_with(&self, champion: Option<usize>) -> Option<Vec<RatingChange>> {
        let results = self.results();
        match self.method {
            RatingMethod::Elo => None,
            RatingMethod::Qq => Some(rate_qq(&self.starts, &results)),
            RatingMethod::Cxa => {
                let champion = champion.filter(|_| !results.is_empty());
                Some(rate_cxa(&self.starts, &results, champion))
            }
        }
    }

    /// The single leader of the whole cross-table, if there is one.
    pub(super) fn cross_table_champion(&self) -> Option<usize> {
        let entries = self.rank_entries();
        let single = entries.len() > 1 && entries[0].rank == 1 && entries[1].rank == 2;
        single.then(|| entries[0].engine)
    }

    /// Counts a finished game.
    pub fn add(&mut self, job: Job, record: GameRecord) {
        let red_points = record.outcome.score_for(Color::Red);
        self.wdl[job.red][job.black].add(red_points);
        self.wdl[job.black][job.red].add(1.0 - red_points);
        self.games.push((job, record));
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

    /// The live line's summary: with two engines `W-L-D [score] Elo e +/-m` (the first
    /// engine's), otherwise the leader and its points.
    pub fn live_summary(&self) -> String {
        if self.names.len() == 2 {
            let w = self.wdl[0][1];
            let elo = w.elo();
            let margin = if elo.margin.is_nan() {
                "nan".to_string()
            } else {
                format!("{:.0}", elo.margin)
            };
            return format!(
                "{}-{}-{} [{:.3}] Elo {:+.0} +/-{margin}",
                w.wins,
                w.losses,
                w.draws,
                w.score(),
                elo.elo
            );
        }
        let leader = (0..self.names.len()).max_by(|&a, &b| {
            self.total(a)
                .points()
                .total_cmp(&self.total(b).points())
                .then(b.cmp(&a))
        });
        match leader {
            Some(i) => format!(
                "leader {} {}/{}",
                self.names[i],
                self.total(i).points(),
                self.total(i).games()
            ),
            None => String::new(),
        }
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
}
