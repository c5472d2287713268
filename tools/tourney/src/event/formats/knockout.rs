//! Knockout (淘汰制), single or double elimination.
//!
//! * **Bracket.** The seeds fill a bracket of the next power of two, `P`, in the usual
//!   seeded order (1 v P, then 1 and 2 in opposite halves, 1-4 and 2-3 in opposite
//!   quarters, …: for 8, `1-8 4-5 2-7 3-6`); the places above the number of engines are
//!   byes, so the top seeds get them.
//! * **Ties.** Each tie is a mini-match of `-games` games (2 by default), colours by lot
//!   for the first game and then swapped (第13.4, 13.5条). A level tie goes on with extra
//!   pairs of games (`-tiebreak pairs=N`, 1 by default) on a faster clock
//!   (`-tiebreak tc=TC`; by default each engine's own with every time a quarter), each
//!   pair with colours by lot and then swapped, the first pair that is not level
//!   deciding; then one decisive game on the same clock, colours by lot, in which a draw
//!   sends Black through (armageddon: Red moves first, Black has draw odds).
//! * **Double elimination.** Losers of the winners' bracket drop into a losers' bracket:
//!   its round 1 pairs the losers of winners' round 1; each even round `2m` pairs the
//!   winners of the round before with the losers of winners' round `m + 1`, in the
//!   reverse order (to keep apart engines that met before); each later odd round pairs
//!   the winners of the round before. The winners' champion meets the losers' champion
//!   in the grand final; if the losers' champion wins it, a second final is played
//!   (both have then lost once).
//! * **Places.** The champion is first; the others by how far they went (the round in
//!   which they were knocked out), shared by those knocked out in the same round.

use super::scheduler::Scheduler;
use crate::event::config::Tiebreak;
use crate::event::encounter::{Encounter, GameClock};
use crate::event::standings::{Placing, Standings};
use crate::event::tables::{fmt_points, placings_table};
use crate::rng::Rng;

/// The seeded order of a bracket of `size` places (a power of two): seed numbers from
/// 1, in bracket order, so that consecutive pairs meet in round 1.
pub fn bracket_order(size: usize) -> Vec<usize> {
    let mut order = vec![1];
    while order.len() < size {
        let n = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, n + 1 - s]).collect();
    }
    order
}

/// Where a tie's side comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Source {
    /// The seed of this 0-based number (a bye when there is no such engine).
    Seed(usize),
    /// The winner of the tie with this index.
    Winner(usize),
    /// The loser of the tie with this index.
    Loser(usize),
}

/// Which part of the event a tie is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Section {
    /// The (only, in single elimination) winners' bracket.
    Winners,
    /// Double elimination's losers' bracket.
    Losers,
    /// The grand final.
    Final,
    /// The second grand final, when the losers' champion won the first.
    Reset,
}

/// One side of a tie once it is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Entrant {
    Engine(usize),
    Bye,
}

/// A part of a tie's games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum StageKind {
    /// The mini-match.
    Main,
    /// Extra pair number k (from 1).
    Extra(u32),
    /// The decisive game.
    Decider,
}

/// The games of one part of a tie.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stage {
    kind: StageKind,
    /// Red in the stage's first game.
    first: usize,
    games: u32,
    /// Games of the tie before this stage.
    first_game: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum TieState {
    /// A side is not known yet.
    Waiting,
    /// Two engines are playing it.
    Playing {
        sides: [usize; 2],
        stages: Vec<Stage>,
    },
    /// Over.
    Decided {
        winner: Entrant,
        loser: Entrant,
        /// The games it took (none for a bye).
        stages: Vec<Stage>,
        sides: [Entrant; 2],
    },
    /// A second final that was not needed.
    Skipped,
}

#[derive(Clone, Debug)]
struct Tie {
    section: Section,
    /// Round within the section, from 1.
    round: u32,
    /// Place within the round, from 1.
    index: u32,
    sources: [Source; 2],
    /// How far the loser went, when losing here knocks it out (later rounds higher).
    knockout_stage: Option<u32>,
    state: TieState,
}

/// The knockout scheduler.
#[derive(Clone, Debug)]
pub struct Knockout {
    seeds: Vec<usize>,
    double: bool,
    games: u32,
    tiebreak: Tiebreak,
    prefix: String,
    rng: Rng,
    /// Rounds of the winners' bracket.
    rounds: u32,
    ties: Vec<Tie>,
}

impl Knockout {
    /// A knockout of `seeds` (engine indices, best first), `double` elimination or
    /// single, mini-matches of `games` games, drawn ties broken by `tiebreak`; tags
    /// start with `prefix`; lots drawn from `rng`.
    pub fn new(
        seeds: &[usize],
        double: bool,
        games: u32,
        tiebreak: Tiebreak,
        prefix: &str,
        rng: Rng,
    ) -> Knockout {
        let mut size = 2;
        while size < seeds.len() {
            size *= 2;
        }
        let rounds = size.trailing_zeros();
        let mut ko = Knockout {
            seeds: seeds.to_vec(),
            double,
            games: games.max(1),
            tiebreak,
            prefix: prefix.to_string(),
            rng,
            rounds,
            ties: Vec::new(),
        };
        ko.build(size);
        ko
    }

    fn add(&mut self, section: Section, round: u32, sources: Vec<[Source; 2]>) -> Vec<usize> {
        let knockout_stage = match (section, self.double) {
            (Section::Winners, false) => Some(round),
            (Section::Winners, true) => None,
            (Section::Losers, _) => Some(round),
            (Section::Final | Section::Reset, _) => Some(2 * self.rounds - 1),
        };
        sources
            .into_iter()
            .enumerate()
            .map(|(i, sources)| {
                self.ties.push(Tie {
                    section,
                    round,
                    index: i as u32 + 1,
                    sources,
                    knockout_stage,
                    state: TieState::Waiting,
                });
                self.ties.len() - 1
            })
            .collect()
    }

    fn build(&mut self, size: usize) {
        let order = bracket_order(size);
        let mut winners: Vec<Vec<usize>> = Vec::new();
        let first: Vec<[Source; 2]> = order
            .chunks(2)
            .map(|p| [Source::Seed(p[0] - 1), Source::Seed(p[1] - 1)])
            .collect();
        winners.push(self.add(Section::Winners, 1, first));
        for r in 2..=self.rounds {
            let prev = &winners[r as usize - 2];
            let sources = prev
                .chunks(2)
                .map(|p| [Source::Winner(p[0]), Source::Winner(p[1])])
                .collect();
            winners.push(self.add(Section::Winners, r, sources));
        }
        if !self.double {
            return;
        }
        let wb = |r: u32| winners[r as usize - 1].clone();
        let mut losers: Vec<Vec<usize>> = Vec::new();
        if self.rounds >= 2 {
            let sources = wb(1)
                .chunks(2)
                .map(|p| [Source::Loser(p[0]), Source::Loser(p[1])])
                .collect();
            losers.push(self.add(Section::Losers, 1, sources));
            for m in 1..self.rounds {
                // Round 2m: the winners of round 2m-1 against the losers of winners'
                // round m+1, in the reverse order.
                let prev = losers.last().expect("a round before").clone();
                let drop: Vec<usize> = wb(m + 1).into_iter().rev().collect();
                let sources = prev
                    .iter()
                    .zip(drop)
                    .map(|(&w, l)| [Source::Winner(w), Source::Loser(l)])
                    .collect();
                losers.push(self.add(Section::Losers, 2 * m, sources));
                if m + 1 < self.rounds {
                    let prev = losers.last().expect("a round before").clone();
                    let sources = prev
                        .chunks(2)
                        .map(|p| [Source::Winner(p[0]), Source::Winner(p[1])])
                        .collect();
                    losers.push(self.add(Section::Losers, 2 * m + 1, sources));
                }
            }
        }
        let wb_final = wb(self.rounds)[0];
        let lb_champion = match losers.last() {
            Some(last) => Source::Winner(last[0]),
            None => Source::Loser(wb_final),
        };
        let gf = self.add(
            Section::Final,
            1,
            vec![[Source::Winner(wb_final), lb_champion]],
        )[0];
        self.add(
            Section::Reset,
            1,
            vec![[Source::Winner(gf), Source::Loser(gf)]],
        );
    }

    /// The tag of tie `t`.
    fn tag(&self, t: usize) -> String {
        let tie = &self.ties[t];
        let section = match (tie.section, self.double) {
            (Section::Winners, false) => String::new(),
            (Section::Winners, true) => "W".to_string(),
            (Section::Losers, _) => "L".to_string(),
            (Section::Final, _) => return format!("{}GF.1", self.prefix),
            (Section::Reset, _) => return format!("{}GF.2", self.prefix),
        };
        format!("{}{section}{}.{}", self.prefix, tie.round, tie.index)
    }

    fn resolve(&self, source: Source) -> Option<Entrant> {
        match source {
            Source::Seed(k) => Some(
                self.seeds
                    .get(k)
                    .map_or(Entrant::Bye, |&e| Entrant::Engine(e)),
            ),
            Source::Winner(t) | Source::Loser(t) => match &self.ties[t].state {
                TieState::Decided { winner, loser, .. } => {
                    Some(if matches!(source, Source::Winner(_)) {
                        *winner
                    } else {
                        *loser
                    })
                }
                _ => None,
            },
        }
    }

    /// Points of `engine` in tie `t`'s stage `stage`, and whether all its games are in.
    fn stage_score(&self, st: &Standings, t: usize, stage: &Stage, engine: usize) -> (f64, bool) {
        let tag = self.tag(t);
        let mut points = 0.0;
        let mut count = 0;
        for (job, rec) in &st.games {
            if job.encounter.tag == tag && job.encounter.first_game == stage.first_game {
                let red = rec.outcome.score_for(chariot::board::Color::Red);
                points += if job.red == engine { red } else { 1.0 - red };
                count += 1;
            }
        }
        (points, count == stage.games)
    }

    /// The stage after `stages` of a tie between `sides`, or the winner if the last
    /// stage decided it; `None` while the last stage is being played.
    fn advance(
        &mut self,
        st: &Standings,
        t: usize,
        sides: [usize; 2],
        stages: &[Stage],
    ) -> Option<Result<Stage, usize>> {
        let Some(last) = stages.last() else {
            return Some(Ok(self.stage(StageKind::Main, sides, 0)));
        };
        let (a, done) = self.stage_score(st, t, last, sides[0]);
        if !done {
            return None;
        }
        let b = f64::from(last.games) - a;
        let next_game = last.first_game + last.games;
        Some(match last.kind {
            _ if a != b && last.kind != StageKind::Decider => {
                Err(if a > b { sides[0] } else { sides[1] })
            }
            StageKind::Decider => {
                let second = if last.first == sides[0] {
                    sides[1]
                } else {
                    sides[0]
                };
                // A draw sends Black through.
                let first_points = if last.first == sides[0] { a } else { b };
                Err(if first_points > 0.75 {
                    last.first
                } else {
                    second
                })
            }
            StageKind::Main if self.tiebreak.pairs > 0 => {
                Ok(self.stage(StageKind::Extra(1), sides, next_game))
            }
            StageKind::Extra(k) if k < self.tiebreak.pairs => {
                Ok(self.stage(StageKind::Extra(k + 1), sides, next_game))
            }
            _ => Ok(self.stage(StageKind::Decider, sides, next_game)),
        })
    }

    /// A new stage of a tie between `sides`, Red for its first game by lot.
    fn stage(&mut self, kind: StageKind, sides: [usize; 2], first_game: u32) -> Stage {
        let first = sides[self.rng.below(2)];
        let games = match kind {
            StageKind::Main => self.games,
            StageKind::Extra(_) => 2,
            StageKind::Decider => 1,
        };
        Stage {
            kind,
            first,
            games,
            first_game,
        }
    }

    fn encounter(&self, t: usize, sides: [usize; 2], stage: &Stage) -> Encounter {
        let tie = &self.ties[t];
        let second = if stage.first == sides[0] {
            sides[1]
        } else {
            sides[0]
        };
        let mut e = Encounter::new(tie.round, stage.first, second, stage.games, self.tag(t));
        e.first_game = stage.first_game;
        if stage.kind != StageKind::Main {
            e.clock = match &self.tiebreak.tc {
                Some(tc) => GameClock::Fixed(tc.clone()),
                None => GameClock::Faster(4),
            };
        }
        e
    }

    /// Settles what the results allow and returns the games to play next.
    fn step(&mut self, st: &Standings) -> Vec<Encounter> {
        let mut out = Vec::new();
        loop {
            let mut changed = false;
            for t in 0..self.ties.len() {
                match self.ties[t].state.clone() {
                    TieState::Waiting => {
                        let tie = &self.ties[t];
                        let (Some(x), Some(y)) =
                            (self.resolve(tie.sources[0]), self.resolve(tie.sources[1]))
                        else {
                            continue;
                        };
                        if tie.section == Section::Reset {
                            // Needed only when the losers' champion won the final.
                            let Source::Winner(gf) = tie.sources[0] else {
                                unreachable!("the second final follows the first")
                            };
                            let lb_side = match &self.ties[gf].state {
                                TieState::Decided { sides, .. } => sides[1],
                                _ => unreachable!("resolved"),
                            };
                            if x != lb_side {
                                self.ties[t].state = TieState::Skipped;
                                changed = true;
                                continue;
                            }
                        }
                        self.ties[t].state = match (x, y) {
                            (Entrant::Engine(a), Entrant::Engine(b)) => TieState::Playing {
                                sides: [a, b],
                                stages: Vec::new(),
                            },
                            (Entrant::Engine(_), Entrant::Bye) => TieState::Decided {
                                winner: x,
                                loser: y,
                                stages: Vec::new(),
                                sides: [x, y],
                            },
                            _ => TieState::Decided {
                                winner: y,
                                loser: x,
                                stages: Vec::new(),
                                sides: [x, y],
                            },
                        };
                        changed = true;
                    }
                    TieState::Playing { sides, mut stages } => {
                        match self.advance(st, t, sides, &stages) {
                            None => {}
                            Some(Ok(stage)) => {
                                out.push(self.encounter(t, sides, &stage));
                                stages.push(stage);
                                self.ties[t].state = TieState::Playing { sides, stages };
                            }
                            Some(Err(winner)) => {
                                let loser = if winner == sides[0] {
                                    sides[1]
                                } else {
                                    sides[0]
                                };
                                self.ties[t].state = TieState::Decided {
                                    winner: Entrant::Engine(winner),
                                    loser: Entrant::Engine(loser),
                                    stages,
                                    sides: sides.map(Entrant::Engine),
                                };
                                changed = true;
                            }
                        }
                    }
                    TieState::Decided { .. } | TieState::Skipped => {}
                }
            }
            if !changed {
                return out;
            }
        }
    }

    /// The champion, once the event is over.
    fn champion(&self) -> Option<usize> {
        let last = self
            .ties
            .iter()
            .rev()
            .find(|t| t.state != TieState::Skipped)?;
        match last.state {
            TieState::Decided {
                winner: Entrant::Engine(w),
                ..
            } => Some(w),
            _ => None,
        }
    }

    /// Where each engine was knocked out: the stage (higher is further), and the tie.
    fn knocked_out(&self) -> Vec<(usize, u32, usize)> {
        let mut out = Vec::new();
        for (t, tie) in self.ties.iter().enumerate() {
            let TieState::Decided {
                loser: Entrant::Engine(l),
                ..
            } = tie.state
            else {
                continue;
            };
            // A grand final lost by the winners' champion leads to the second final.
            let reset_played = tie.section == Section::Final
                && self
                    .ties
                    .get(t + 1)
                    .is_some_and(|r| !matches!(r.state, TieState::Skipped | TieState::Waiting));
            if reset_played {
                continue;
            }
            if let Some(stage) = tie.knockout_stage {
                out.push((l, stage, t));
            }
        }
        out
    }

    /// The round name of tie `t`, as the bracket and the places print it.
    fn round_name(&self, t: usize) -> String {
        let tie = &self.ties[t];
        match tie.section {
            Section::Winners => {
                let from_end = self.rounds - tie.round;
                let name = match from_end {
                    0 if !self.double => "Final".to_string(),
                    1 if !self.double => "Semifinals".to_string(),
                    2 if !self.double => "Quarterfinals".to_string(),
                    _ => format!("Round {}", tie.round),
                };
                if self.double {
                    format!("Winners' {}", name.to_lowercase())
                } else {
                    name
                }
            }
            Section::Losers => format!("Losers' round {}", tie.round),
            Section::Final => "Grand final".to_string(),
            Section::Reset => "Second grand final".to_string(),
        }
    }

    fn engine_label(&self, i: usize, names: &[String]) -> String {
        let seed = self.seeds.iter().position(|&s| s == i).map_or(0, |k| k + 1);
        match names.get(i) {
            Some(name) => format!("[{seed}] {name}"),
            None => format!("[{seed}]"),
        }
    }

    fn source_text(&self, s: Source, names: &[String]) -> String {
        match self.resolve(s) {
            Some(Entrant::Engine(i)) => self.engine_label(i, names),
            Some(Entrant::Bye) => "bye".to_string(),
            None => match s {
                Source::Winner(t) => format!("winner of {}", self.tag(t)),
                Source::Loser(t) => format!("loser of {}", self.tag(t)),
                Source::Seed(_) => unreachable!("seeds resolve"),
            },
        }
    }

    /// One tie's line of the bracket.
    fn tie_line(&self, st: &Standings, t: usize) -> Option<String> {
        let tie = &self.ties[t];
        let names = &st.names;
        let tag = self.tag(t);
        let (sides, stages, result) = match &tie.state {
            TieState::Skipped => return None,
            TieState::Waiting => {
                return Some(format!(
                    "  {tag:<8} {} v {}\n",
                    self.source_text(tie.sources[0], names),
                    self.source_text(tie.sources[1], names)
                ))
            }
            TieState::Decided {
                winner,
                stages,
                sides,
                ..
            } if stages.is_empty() => {
                let present = if *winner == Entrant::Bye {
                    sides[0]
                } else {
                    *winner
                };
                let text = match present {
                    Entrant::Engine(i) => format!("{} (bye)", self.engine_label(i, names)),
                    Entrant::Bye => "bye v bye".to_string(),
                };
                return Some(format!("  {tag:<8} {text}\n"));
            }
            TieState::Decided {
                winner: Entrant::Engine(w),
                stages,
                sides: [Entrant::Engine(a), Entrant::Engine(b)],
                ..
            } => ([*a, *b], stages.clone(), Some(*w)),
            TieState::Decided { .. } => unreachable!("a played tie has two engines"),
            TieState::Playing { sides, stages } => (*sides, stages.clone(), None),
        };
        let mut parts = Vec::new();
        for stage in &stages {
            let (pa, done) = self.stage_score(st, t, stage, sides[0]);
            let pb = self.stage_score(st, t, stage, sides[1]).0;
            let score = format!("{}-{}", fmt_points(pa), fmt_points(pb));
            let score = if done {
                score
            } else {
                format!("{score} playing")
            };
            parts.push(match stage.kind {
                StageKind::Main => score,
                StageKind::Extra(k) => format!("extra pair {k} {score}"),
                StageKind::Decider => format!(
                    "decider ({} Red, a draw sends Black through) {score}",
                    names[stage.first]
                ),
            });
        }
        let outcome = result.map_or(String::new(), |w| format!(" -> {}", names[w]));
        Some(format!(
            "  {tag:<8} {} v {}: {}{outcome}\n",
            self.engine_label(sides[0], names),
            self.engine_label(sides[1], names),
            parts.join(", ")
        ))
    }

    /// The bracket, round by round, as far as it has gone.
    pub fn bracket(&self, st: &Standings) -> String {
        let mut s = format!(
            "Knockout ({} elimination): {} engines, bracket of {}\n",
            if self.double { "double" } else { "single" },
            self.seeds.len(),
            1usize << self.rounds
        );
        let mut heading = String::new();
        for t in 0..self.ties.len() {
            let Some(line) = self.tie_line(st, t) else {
                continue;
            };
            let name = self.round_name(t);
            if name != heading {
                s.push_str(&name);
                s.push('\n');
                heading = name;
            }
            s.push_str(&line);
        }
        if let Some(c) = self.champion() {
            s.push_str(&format!("Champion: {}\n", st.names[c]));
        }
        s
    }

    fn out_in(&self, i: usize) -> String {
        if self.champion() == Some(i) {
            return "champion".to_string();
        }
        match self.knocked_out().iter().find(|&&(e, _, _)| e == i) {
            Some(&(_, _, t)) => self.round_name(t),
            None => "still in".to_string(),
        }
    }
}

impl Scheduler for Knockout {
    fn next_encounters(&mut self, st: &Standings) -> Vec<Encounter> {
        self.step(st)
    }

    /// The champion first, then by the round in which each engine was knocked out;
    /// those knocked out in the same round share the place.
    fn placings(&self, _st: &Standings) -> Vec<Placing> {
        let out = self.knocked_out();
        let key = |i: usize| -> u32 {
            if self.champion() == Some(i) {
                u32::MAX
            } else {
                out.iter()
                    .find(|&&(e, _, _)| e == i)
                    .map_or(u32::MAX - 1, |&(_, stage, _)| stage)
            }
        };
        let mut order = self.seeds.clone();
        order.sort_by_key(|&i| std::cmp::Reverse(key(i)));
        let mut placings = Vec::with_capacity(order.len());
        for &i in &order {
            let better = order.iter().filter(|&&j| key(j) > key(i)).count();
            placings.push(Placing {
                engine: i,
                place: better + 1,
            });
        }
        placings
    }

    fn table(&self, st: &Standings) -> String {
        let mut s = self.bracket(st);
        s.push_str(&placings_table(st, &self.placings(st), "Out in", |i| {
            self.out_in(i)
        }));
        s
    }

    /// The bracket after each batch of games.
    fn progress(&self, st: &Standings) -> Option<String> {
        Some(self.bracket(st))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::formats::testing::{run, standings};

    fn tiebreak() -> Tiebreak {
        Tiebreak { tc: None, pairs: 1 }
    }

    #[test]
    fn seeded_bracket_order() {
        assert_eq!(bracket_order(2), [1, 2]);
        assert_eq!(bracket_order(4), [1, 4, 2, 3]);
        assert_eq!(bracket_order(8), [1, 8, 4, 5, 2, 7, 3, 6]);
        let sixteen = bracket_order(16);
        assert_eq!(&sixteen[..4], [1, 16, 8, 9]);
        // Seeds 1 and 2 in opposite halves, 1-4 in opposite quarters.
        assert!(sixteen[..8].contains(&1) && sixteen[8..].contains(&2));
    }

    #[test]
    fn six_engines_with_byes_and_a_drawn_tie() {
        // Seeds are engines 0..6 (seed k+1 is engine k). The lower index wins every
        // game, except that engines 2 and 5 (seeds 3 and 6) draw their two games and
        // 5 wins both games of the extra pair. Worked by hand:
        //   round 1 (bracket of 8): 1 bye, 4 v 5, 2 bye, 3 v 6
        //     4 v 5: engine 3 wins 2-0; 3 v 6: 1-1, extra pair 0-2, engine 5 goes on
        //   semifinals: 1 v 4 (engine 0), 2 v 6 (engine 1); final: engine 0.
        let mut st = standings(6);
        let mut ko = Knockout::new(&[0, 1, 2, 3, 4, 5], false, 2, tiebreak(), "", Rng::new(5));
        let rule = |e: &Encounter, _: u32, red: usize, black: usize| {
            let pair = (red.min(black), red.max(black));
            if pair == (2, 5) {
                if e.first_game == 0 {
                    0.5
                } else {
                    f64::from(u8::from(red == 5))
                }
            } else {
                f64::from(u8::from(red < black))
            }
        };
        let batches = run(&mut ko, &mut st, &rule);
        let summary: Vec<Vec<(String, u32, u32)>> = batches
            .iter()
            .map(|b| {
                b.iter()
                    .map(|e| (e.tag.clone(), e.games, e.first_game))
                    .collect()
            })
            .collect();
        let t = |tag: &str, games, first| (tag.to_string(), games, first);
        assert_eq!(
            summary,
            [
                vec![t("1.2", 2, 0), t("1.4", 2, 0)],
                // A tie starts as soon as both its sides are known.
                vec![t("1.4", 2, 2), t("2.1", 2, 0)],
                vec![t("2.2", 2, 0)],
                vec![t("3.1", 2, 0)],
            ]
        );
        // The extra pair is on the faster clock; the mini-matches on the engines' own.
        assert_eq!(batches[1][0].clock, GameClock::Faster(4));
        assert_eq!(batches[0][0].clock, GameClock::Own);
        // Colours swap within each tie: first is Red in the first game (checked by
        // the runner's alternation), the sides are the tie's two engines.
        let semis: Vec<(usize, usize)> = [&batches[1][1], &batches[2][0]]
            .iter()
            .map(|e| (e.first.min(e.second), e.first.max(e.second)))
            .collect();
        assert_eq!(semis, [(0, 3), (1, 5)]);
        assert_eq!(st.games.len(), 2 + 2 + 2 + 2 + 2 + 2);
        let places: Vec<(usize, usize)> = ko
            .placings(&st)
            .iter()
            .map(|p| (p.engine, p.place))
            .collect();
        assert_eq!(places, [(0, 1), (1, 2), (3, 3), (5, 3), (2, 5), (4, 5)]);
        let bracket = ko.bracket(&st);
        assert!(bracket.contains("1.1      [1] E0 (bye)"), "{bracket}");
        assert!(
            bracket.contains("1.4      [3] E2 v [6] E5: 1-1, extra pair 1 0-2 -> E5"),
            "{bracket}"
        );
        assert!(bracket.contains("Semifinals"), "{bracket}");
        assert!(bracket.contains("Champion: E0"), "{bracket}");
        let table = ko.table(&st);
        assert!(table.contains("Semifinals"), "{table}");
    }

    #[test]
    fn a_tie_level_after_the_extra_pairs_goes_to_black_in_the_decider() {
        // Every game drawn: two engines, two extra pairs on a fixed clock, then the
        // decider, which Black wins by the draw.
        let mut st = standings(2);
        let tb = Tiebreak {
            tc: Some(crate::clock::TimeControl::parse("1+0.1").unwrap()),
            pairs: 2,
        };
        let mut ko = Knockout::new(&[0, 1], false, 2, tb, "", Rng::new(9));
        let batches = run(&mut ko, &mut st, &|_, _, _, _| 0.5);
        let firsts: Vec<u32> = batches.iter().map(|b| b[0].first_game).collect();
        assert_eq!(firsts, [0, 2, 4, 6]);
        let decider = &batches[3][0];
        assert_eq!(decider.games, 1);
        assert_eq!(decider.game_tag(0), "1.1.7");
        assert!(matches!(decider.clock, GameClock::Fixed(_)));
        let placings = ko.placings(&st);
        assert_eq!(placings[0].engine, decider.second, "Black goes through");
        assert_eq!((placings[0].place, placings[1].place), (1, 2));
        assert!(ko.bracket(&st).contains("decider"));
    }

    #[test]
    fn double_elimination() {
        // Six engines, the lower index always wins: nobody is out before losing twice,
        // engine 0 wins the grand final without a second one.
        let mut st = standings(6);
        let mut ko = Knockout::new(&[0, 1, 2, 3, 4, 5], true, 2, tiebreak(), "", Rng::new(2));
        let stronger =
            |_: &Encounter, _: u32, red: usize, black: usize| f64::from(u8::from(red < black));
        run(&mut ko, &mut st, &stronger);
        let mut losses = [0u32; 6];
        let mut ties_played = 0;
        for t in &ko.ties {
            if let TieState::Decided {
                loser: Entrant::Engine(l),
                stages,
                ..
            } = &t.state
            {
                if !stages.is_empty() {
                    losses[*l] += 1;
                    ties_played += 1;
                }
            }
        }
        // Everyone but the champion is out after two losses (engine 1: the winners'
        // final and the grand final, both to engine 0).
        assert_eq!(losses, [0, 2, 2, 2, 2, 2]);
        assert_eq!(ties_played, 2 * 6 - 2);
        assert!(matches!(ko.ties.last().unwrap().state, TieState::Skipped));
        let places: Vec<(usize, usize)> = ko
            .placings(&st)
            .iter()
            .map(|p| (p.engine, p.place))
            .collect();
        assert_eq!(places[..3], [(0, 1), (1, 2), (2, 3)]);
        let bracket = ko.bracket(&st);
        assert!(bracket.contains("Losers' round 1"), "{bracket}");
        assert!(bracket.contains("Grand final"), "{bracket}");
        assert!(!bracket.contains("Second grand final"), "{bracket}");
    }

    #[test]
    fn the_losers_champion_forces_a_second_final() {
        // Four engines; engine 0 wins everything except the grand final, which the
        // losers' champion (engine 1, who lost to 0 in the winners' final) wins; the
        // second final goes to engine 0.
        let mut st = standings(4);
        let mut ko = Knockout::new(&[0, 1, 2, 3], true, 2, tiebreak(), "", Rng::new(4));
        let rule = |e: &Encounter, _: u32, red: usize, black: usize| {
            if e.tag == "GF.1" {
                f64::from(u8::from(red != 0))
            } else {
                f64::from(u8::from(red < black))
            }
        };
        run(&mut ko, &mut st, &rule);
        let places: Vec<(usize, usize)> = ko
            .placings(&st)
            .iter()
            .map(|p| (p.engine, p.place))
            .collect();
        assert_eq!(places, [(0, 1), (1, 2), (2, 3), (3, 4)]);
        assert!(ko.bracket(&st).contains("Second grand final"));
        assert!(st.games.iter().any(|(job, _)| job.tag == "GF.2.1"));
    }
}
