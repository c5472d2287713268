//! Swiss-style score pairing (积分编排制): a set number of rounds, each paired from the
//! standings after the one before. The documents' appendix with the detailed pairing
//! rules is not in our sources; the rules here follow the usual Chinese practice, in
//! this order:
//!
//! 1. **Order.** Engines are listed by the placing so far (第15.2条: points, 对手分, wins,
//!    fouls), equal engines by seed. Round 1 lists them by seed.
//! 2. **Bye.** With an odd count the lowest-listed engine that has not had a bye sits
//!    out, scored as a won round: the scoring's points for a win and one win for each
//!    game an encounter has (`-games`: two wins with two games); its 对手分
//!    counts the lowest score among the engines that have scored (第14.4条 of the 2011
//!    rules). If the others could not then be paired, the next one up takes it.
//! 3. **Round 1** by seed: the top half against the bottom half (1 v h+1, 2 v h+2, …);
//!    Red on board 1 by lot, then alternating down the boards.
//! 4. **Later rounds**, top down: the highest unpaired engine meets the first engine
//!    below it that (a) it has not met (never relaxed), (b) gives neither of them the
//!    same colour a third time running nor one colour three games ahead of the other
//!    (the two want the same colour for that reason), (c) is nearest in score (equal score
//!    first), (d) wants the other colour, (e) stands highest in the list; and whose
//!    choice still lets the rest be paired (backtracking). If no pairing meets (b), (b)
//!    is dropped for that round; if none meets (a), the event ends there. A search takes
//!    at most [`SEARCH_BUDGET`] steps; one that runs out ends the event too, and the
//!    note says that the search gave up (a pairing may exist), not that none does.
//! 5. **Colours**, for the higher-listed engine A and its opponent B: an engine that had
//!    the same colour twice running, or one colour twice more than the other, gets the
//!    other (A first, if both); else the one with more Reds than
//!    Blacks gets Black; else each gets the colour other than its last; else (both had
//!    the same colours) each gets the other of its colour in the last round where the two
//!    differed; else A gets the other of its last colour, or Red when it has played none.
//!
//! With more than one game an encounter the colours alternate within it; the rules
//! above then apply to the colour of the encounter's first game.

use chariot::board::Color;

use super::scheduler::{places_of_ranking, Scheduler};
use crate::event::encounter::Encounter;
use crate::event::standings::{champion, Placing, Standings};
use crate::event::tables::{swiss_table, RoundCell};
use crate::report::rating::{rank_swiss, RankEntry, Scoring};
use crate::rng::Rng;

/// How many recursive steps one pairing search may take before it gives up.
const SEARCH_BUDGET: u32 = 200_000;

/// One round as paired: encounters `(red, black)` by board, and the bye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwissRound {
    /// `(first, second)` engine indices, `first` with Red in the first game.
    pub pairs: Vec<(usize, usize)>,
    /// The engine with the bye.
    pub bye: Option<usize>,
}

/// The Swiss scheduler: pairs one round at a time.
#[derive(Clone, Debug)]
pub struct Swiss {
    /// Engine indices by seed, best first.
    seeds: Vec<usize>,
    games: u32,
    rounds: u32,
    scoring: Scoring,
    rng: Rng,
    /// The rounds paired so far.
    paired: Vec<SwissRound>,
    /// Why the event ended early, if it did.
    note: Option<String>,
    /// How many steps one pairing search may take ([`SEARCH_BUDGET`]).
    budget: u32,
}

/// What the pairing knows of each engine: its score, whom it has met, its colours.
struct Field<'a> {
    swiss: &'a Swiss,
    points: Vec<f64>,
    /// Set when a pairing search ran out of steps: its failure proves nothing.
    gave_up: std::cell::Cell<bool>,
}

impl Field<'_> {
    fn met(&self, a: usize, b: usize) -> bool {
        self.swiss
            .paired
            .iter()
            .any(|r| r.pairs.contains(&(a, b)) || r.pairs.contains(&(b, a)))
    }

    /// The colours of `e`'s first games, round by round (byes left out).
    fn colours(&self, e: usize) -> Vec<Color> {
        self.swiss.colours(e)
    }

    /// The colour `e` must not get: the one it had the last two times, or the one it
    /// has had two more times than the other.
    fn avoid(&self, e: usize) -> Option<Color> {
        let c = self.colours(e);
        match (&c[..], self.balance(e)) {
            ([.., x, y], _) if x == y => Some(*x),
            (_, b) if b >= 2 => Some(Color::Red),
            (_, b) if b <= -2 => Some(Color::Black),
            _ => None,
        }
    }

    /// Reds less Blacks.
    fn balance(&self, e: usize) -> i32 {
        self.colours(e)
            .iter()
            .map(|&c| if c == Color::Red { 1 } else { -1 })
            .sum()
    }

    /// The colour `e` would choose: away from a third alike, toward balance, else
    /// alternating; `None` when it has not played.
    fn wants(&self, e: usize) -> Option<Color> {
        if let Some(x) = self.avoid(e) {
            return Some(x.other());
        }
        match self.balance(e) {
            b if b > 0 => Some(Color::Black),
            b if b < 0 => Some(Color::Red),
            _ => self.colours(e).last().map(|c| c.other()),
        }
    }

    /// Whether pairing `a` and `b` gives one of them the same colour a third time
    /// running, or puts one colour three games ahead.
    fn third_alike(&self, a: usize, b: usize) -> bool {
        matches!((self.avoid(a), self.avoid(b)), (Some(x), Some(y)) if x == y)
    }

    /// Colours for `a` (listed higher) and `b`: `(red, black)` by rule 5.
    fn colours_for(&self, a: usize, b: usize) -> (usize, usize) {
        let a_red = |yes: bool| if yes { (a, b) } else { (b, a) };
        match (self.avoid(a), self.avoid(b)) {
            (Some(x), _) => return a_red(x == Color::Black),
            (None, Some(y)) => return a_red(y == Color::Red),
            (None, None) => {}
        }
        let (ba, bb) = (self.balance(a), self.balance(b));
        if ba != bb {
            return a_red(ba < bb);
        }
        let (ca, cb) = (self.colours(a), self.colours(b));
        match (ca.last(), cb.last()) {
            (Some(x), Some(y)) if x != y => return a_red(*x == Color::Black),
            (Some(x), None) => return a_red(*x == Color::Black),
            (None, Some(y)) => return a_red(*y == Color::Red),
            (None, None) => return a_red(true),
            _ => {}
        }
        // Both had the same colour last: the latest round where they differed.
        for (x, y) in ca.iter().rev().zip(cb.iter().rev()) {
            if x != y {
                return a_red(*x == Color::Black);
            }
        }
        a_red(ca.last() == Some(&Color::Black))
    }

    /// Pairs `list` (in list order) by rule 4; `strict` keeps (b).
    fn pair(&self, list: &[usize], strict: bool) -> Option<Vec<(usize, usize)>> {
        let mut rest = list.to_vec();
        let mut out = Vec::new();
        let mut budget = self.swiss.budget;
        self.search(&mut rest, &mut out, strict, &mut budget)
            .then_some(out)
    }

    fn search(
        &self,
        rest: &mut Vec<usize>,
        out: &mut Vec<(usize, usize)>,
        strict: bool,
        budget: &mut u32,
    ) -> bool {
        if rest.is_empty() {
            return true;
        }
        if *budget == 0 {
            // Only the relaxed search's failure decides the round (it allows more).
            if !strict {
                self.gave_up.set(true);
            }
            return false;
        }
        *budget -= 1;
        let a = rest.remove(0);
        let mut candidates: Vec<(usize, usize)> = rest
            .iter()
            .enumerate()
            .filter(|&(_, &b)| !(self.met(a, b) || (strict && self.third_alike(a, b))))
            .map(|(k, &b)| (k, b))
            .collect();
        let clash =
            |b: usize| matches!((self.wants(a), self.wants(b)), (Some(x), Some(y)) if x == y);
        candidates.sort_by(|&(k1, b1), &(k2, b2)| {
            let d1 = (self.points[a] - self.points[b1]).abs();
            let d2 = (self.points[a] - self.points[b2]).abs();
            d1.total_cmp(&d2)
                .then(clash(b1).cmp(&clash(b2)))
                .then(k1.cmp(&k2))
        });
        for (_, b) in candidates {
            let at = rest
                .iter()
                .position(|&x| x == b)
                .expect("a candidate is unpaired");
            rest.remove(at);
            out.push((a, b));
            if self.search(rest, out, strict, budget) {
                return true;
            }
            out.pop();
            rest.insert(at, b);
        }
        rest.insert(0, a);
        false
    }
}

impl Swiss {
    /// A Swiss event of `seeds` (engine indices, best first) over `rounds` rounds of
    /// `games` games an encounter; `rng` draws the first round's colours.
    pub fn new(seeds: &[usize], games: u32, rounds: u32, scoring: Scoring, rng: Rng) -> Swiss {
        Swiss {
            seeds: seeds.to_vec(),
            games,
            rounds,
            scoring,
            rng,
            paired: Vec::new(),
            note: None,
            budget: SEARCH_BUDGET,
        }
    }

    /// This event with pairing searches of at most `steps` steps (tests use a small
    /// one to see a search give up).
    pub fn with_search_budget(mut self, steps: u32) -> Swiss {
        self.budget = steps;
        self
    }

    /// The rounds paired so far.
    pub fn rounds(&self) -> &[SwissRound] {
        &self.paired
    }

    /// The colours of `e`'s first games, round by round (byes left out).
    pub fn colours(&self, e: usize) -> Vec<Color> {
        self.paired
            .iter()
            .filter_map(|r| {
                r.pairs.iter().find_map(|&(red, black)| {
                    if red == e {
                        Some(Color::Red)
                    } else if black == e {
                        Some(Color::Black)
                    } else {
                        None
                    }
                })
            })
            .collect()
    }

    fn byes(&self) -> Vec<usize> {
        self.paired.iter().filter_map(|r| r.bye).collect()
    }

    /// The standings after the games so far (第15.2条).
    pub fn ranking(&self, st: &Standings) -> Vec<RankEntry> {
        rank_swiss(
            &self.seeds,
            &st.results(),
            &self.byes(),
            self.games,
            self.scoring,
        )
    }

    /// Pairs the next round from the standings; `Err` when none was found that avoids a
    /// repeat, with whether a search gave up (then one may exist).
    fn pair_round(&mut self, st: &Standings) -> Result<SwissRound, bool> {
        let first_round = self.paired.is_empty();
        let lot_red = first_round && self.rng.below(2) == 0;
        let order: Vec<usize> = if first_round {
            self.seeds.clone()
        } else {
            self.ranking(st).iter().map(|e| e.engine).collect()
        };
        let entries = self.ranking(st);
        let mut points = vec![0.0; st.names.len()];
        for e in &entries {
            points[e.engine] = e.points;
        }
        let field = Field {
            swiss: self,
            points,
            gave_up: std::cell::Cell::new(false),
        };
        let had_bye = self.byes();
        let pair = |list: &[usize]| -> Option<Vec<(usize, usize)>> {
            if first_round {
                let h = list.len() / 2;
                Some((0..h).map(|k| (list[k], list[k + h])).collect())
            } else {
                field.pair(list, true).or_else(|| field.pair(list, false))
            }
        };
        let paired = if order.len() % 2 == 1 {
            order
                .iter()
                .rev()
                .filter(|e| !had_bye.contains(e))
                .find_map(|&bye| {
                    let list: Vec<usize> = order.iter().copied().filter(|&e| e != bye).collect();
                    pair(&list).map(|p| (p, Some(bye)))
                })
        } else {
            pair(&order).map(|p| (p, None))
        };
        let Some((pairs, bye)) = paired else {
            return Err(field.gave_up.get());
        };
        let pairs = if first_round {
            pairs
                .iter()
                .enumerate()
                .map(|(b, &(hi, lo))| {
                    if (b % 2 == 0) == lot_red {
                        (hi, lo)
                    } else {
                        (lo, hi)
                    }
                })
                .collect()
        } else {
            pairs
                .iter()
                .map(|&(a, b)| field.colours_for(a, b))
                .collect()
        };
        Ok(SwissRound { pairs, bye })
    }

    /// Each engine's cells, round by round.
    fn cells(&self, st: &Standings) -> Vec<Vec<RoundCell>> {
        let number = |e: usize| self.seed_number(e);
        let mut cells = vec![vec![RoundCell::Absent; self.rounds as usize]; st.names.len()];
        for (r, round) in self.paired.iter().enumerate() {
            if let Some(b) = round.bye {
                cells[b][r] = RoundCell::Bye;
            }
            for (board, &(red, black)) in round.pairs.iter().enumerate() {
                let tag = format!("{}.{}", r + 1, board + 1);
                let games: Vec<(usize, f64)> = st
                    .games
                    .iter()
                    .filter(|(job, _)| job.encounter.tag == tag)
                    .map(|(job, rec)| (job.red, rec.outcome.score_for(chariot::board::Color::Red)))
                    .collect();
                let done = games.len() as u32 == self.games;
                let red_points: f64 = games
                    .iter()
                    .map(|&(r, p)| if r == red { p } else { 1.0 - p })
                    .sum();
                for (e, opp, is_red, pts) in [
                    (red, black, true, red_points),
                    (black, red, false, f64::from(self.games) - red_points),
                ] {
                    cells[e][r] = RoundCell::Game {
                        opponent: number(opp),
                        red: is_red,
                        points: done.then_some(pts),
                        games: self.games,
                    };
                }
            }
        }
        cells
    }

    fn seed_number(&self, e: usize) -> usize {
        self.seeds.iter().position(|&s| s == e).map_or(0, |k| k + 1)
    }
}

impl Scheduler for Swiss {
    /// The next round, paired from the standings, until the last round.
    fn next_encounters(&mut self, st: &Standings) -> Vec<Encounter> {
        if self.paired.len() as u32 >= self.rounds || self.note.is_some() {
            return Vec::new();
        }
        let round = match self.pair_round(st) {
            Ok(round) => round,
            Err(gave_up) => {
                let (next, last) = (self.paired.len() + 1, self.paired.len());
                self.note = Some(if gave_up {
                    format!(
                        "Round {next} was not paired: the pairing search gave up after {} \
                         steps without finding a pairing that repeats no encounter (one may \
                         exist); the event ends after round {last}.",
                        self.budget
                    )
                } else {
                    format!(
                        "Round {next} cannot be paired without a repeated pairing; the event \
                         ends after round {last}."
                    )
                });
                return Vec::new();
            }
        };
        let number = self.paired.len() as u32 + 1;
        let encounters = round
            .pairs
            .iter()
            .enumerate()
            .map(|(b, &(red, black))| {
                Encounter::new(
                    number,
                    red,
                    black,
                    self.games,
                    format!("{number}.{}", b + 1),
                )
            })
            .collect();
        self.paired.push(round);
        encounters
    }

    /// By 第15.2条; engines equal on every key share the place.
    fn placings(&self, st: &Standings) -> Vec<Placing> {
        let entries = self.ranking(st);
        places_of_ranking(&entries)
    }

    fn table(&self, st: &Standings) -> String {
        let entries = self.ranking(st);
        let mut s = format!(
            "Swiss standings after {} of {} rounds\n",
            self.paired.len(),
            self.rounds
        );
        let champion = champion(&self.placings(st));
        s.push_str(&swiss_table(
            st,
            &entries,
            |e| self.seed_number(e),
            &self.cells(st),
            champion,
        ));
        if let Some(note) = &self.note {
            s.push_str(note);
            s.push('\n');
        }
        s
    }

    /// The standings after each round.
    fn progress(&self, st: &Standings) -> Option<String> {
        Some(self.table(st))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::formats::testing::{play, run, standings, Rule};

    #[test]
    fn round_two_by_hand() {
        // Six engines. Round 1 by seed: 0-3, 1-4, 2-5, Red on board 1 by lot, then
        // alternating. Results: 0 beats 3, 1 and 4 draw, 5 beats 2.
        let mut st = standings(6);
        let mut swiss = Swiss::new(&[0, 1, 2, 3, 4, 5], 1, 3, Scoring::One, Rng::new(7));
        let r1 = swiss.next_encounters(&st);
        let pairs: Vec<(usize, usize)> = r1.iter().map(|e| (e.first, e.second)).collect();
        let lot_red = pairs[0] == (0, 3);
        let want = if lot_red {
            [(0, 3), (4, 1), (2, 5)]
        } else {
            [(3, 0), (1, 4), (5, 2)]
        };
        assert_eq!(pairs, want);
        play(&mut st, &r1, &|e, _, red, _| match e.tag.as_str() {
            "1.1" => f64::from(u8::from(red == 0)),
            "1.2" => 0.5,
            _ => f64::from(u8::from(red == 5)),
        });
        // Order: 0 and 5 (1 point; 对手分 0 each, seed order), 1 and 4 (½), 2 and 3 (0).
        // 0 meets 5. 1 has met 4: of 2 and 3 (both ½ away) it takes the one wanting the
        // other colour: 2, who had Red when 1 had Black (or the other way round). 4
        // meets 3. Colours: the one with more Reds gets Black.
        let r2 = swiss.next_encounters(&st);
        let pairs: Vec<(usize, usize)> = r2.iter().map(|e| (e.first, e.second)).collect();
        let want = if lot_red {
            [(5, 0), (1, 2), (3, 4)]
        } else {
            [(0, 5), (2, 1), (4, 3)]
        };
        assert_eq!(pairs, want);
        let tags: Vec<&str> = r2.iter().map(|e| e.tag.as_str()).collect();
        assert_eq!(tags, ["2.1", "2.2", "2.3"]);
    }

    /// Checks a played Swiss: everyone once a round, no pair twice, no colour three
    /// times running, byes to distinct engines, each to the lowest-placed engine
    /// without one.
    fn check(swiss: &Swiss, st_after: &[Vec<RankEntry>], n: usize) {
        let mut met = std::collections::HashSet::new();
        let mut byes = Vec::new();
        for (r, round) in swiss.rounds().iter().enumerate() {
            let mut seen: Vec<usize> = round.pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
            seen.extend(round.bye);
            seen.sort_unstable();
            assert_eq!(seen, (0..n).collect::<Vec<_>>(), "round {}", r + 1);
            for &(a, b) in &round.pairs {
                assert!(met.insert((a.min(b), a.max(b))), "{a}-{b} met twice");
            }
            if let Some(b) = round.bye {
                assert!(!byes.contains(&b), "second bye for {b}");
                // Everyone listed below the bye has had one already.
                let order: Vec<usize> = if r == 0 {
                    (0..n).collect()
                } else {
                    st_after[r - 1].iter().map(|e| e.engine).collect()
                };
                let at = order.iter().position(|&e| e == b).unwrap();
                for below in &order[at + 1..] {
                    assert!(byes.contains(below), "round {}: {below} below {b}", r + 1);
                }
                byes.push(b);
            }
        }
        for e in 0..n {
            let colours = swiss.colours(e);
            for w in colours.windows(3) {
                assert!(!(w[0] == w[1] && w[1] == w[2]), "{e}: {colours:?}");
            }
            let reds = colours.iter().filter(|&&c| c == Color::Red).count() as i32;
            let balance = 2 * reds - colours.len() as i32;
            assert!(balance.abs() <= 2, "{e}: {colours:?}");
        }
    }

    #[test]
    fn seven_engines_five_rounds() {
        // Several result rules: the stronger (lower index) wins, Red wins, everything
        // drawn, a mixture.
        let rules: [&Rule<'_>; 4] = [
            &|_, _, red, black| f64::from(u8::from(red < black)),
            &|_, _, _, _| 1.0,
            &|_, _, _, _| 0.5,
            &|e, _, red, black| match (red + black + e.round as usize) % 3 {
                0 => 1.0,
                1 => 0.5,
                _ => f64::from(u8::from(red > black)),
            },
        ];
        for (k, rule) in rules.iter().enumerate() {
            let mut st = standings(7);
            let seeds: Vec<usize> = (0..7).collect();
            let mut swiss = Swiss::new(&seeds, 1, 5, Scoring::One, Rng::new(k as u64));
            let mut after = Vec::new();
            loop {
                let round = swiss.next_encounters(&st);
                if round.is_empty() {
                    break;
                }
                play(&mut st, &round, *rule);
                after.push(swiss.ranking(&st));
            }
            assert_eq!(swiss.rounds().len(), 5, "rule {k}");
            assert_eq!(swiss.rounds()[0].bye, Some(6), "the lowest seed first");
            let first: Vec<(usize, usize)> = swiss.rounds()[0]
                .pairs
                .iter()
                .map(|&(a, b)| (a.min(b), a.max(b)))
                .collect();
            assert_eq!(
                first,
                [(0, 3), (1, 4), (2, 5)],
                "by seed, top half v bottom"
            );
            check(&swiss, &after, 7);
            // A bye is a win: everyone's points are its games' and byes'.
            let last = after.last().unwrap();
            let total: f64 = last.iter().map(|e| e.points).sum();
            assert_eq!(total, 5.0 * 3.0 + 5.0, "rule {k}");
        }
    }

    #[test]
    fn a_bye_is_worth_a_won_round() {
        // Five engines, two games an encounter, every game drawn: a round is worth 2
        // points, so a bye is worth 2 points (two wins), as a round won 2-0 is.
        for scoring in [Scoring::One, Scoring::Two] {
            let mut st = standings(5);
            let seeds: Vec<usize> = (0..5).collect();
            let mut swiss = Swiss::new(&seeds, 2, 3, scoring, Rng::new(4));
            run(&mut swiss, &mut st, &|_, _, _, _| 0.5);
            assert_eq!(swiss.rounds().len(), 3);
            let win = scoring.points(1.0);
            let entries = swiss.ranking(&st);
            for e in &entries {
                let byes = swiss
                    .rounds()
                    .iter()
                    .filter(|r| r.bye == Some(e.engine))
                    .count() as u32;
                let games = st.total(e.engine).games();
                assert_eq!(games + 2 * byes, 6, "{e:?}");
                assert_eq!(
                    e.points,
                    f64::from(games) * scoring.points(0.5) + f64::from(2 * byes) * win,
                    "{e:?}"
                );
                assert_eq!(e.wins, 2 * byes, "{e:?}");
            }
        }
    }

    #[test]
    fn score_groups_meet_within_themselves() {
        // Eight engines, the lower index always wins: after round 1 the four winners
        // meet each other, and so do the four losers; after round 3 (a unique leader)
        // the one engine with 3 points has met the ones with 2.
        let mut st = standings(8);
        let seeds: Vec<usize> = (0..8).collect();
        let mut swiss = Swiss::new(&seeds, 1, 3, Scoring::One, Rng::new(3));
        let stronger =
            |_: &Encounter, _: u32, red: usize, black: usize| f64::from(u8::from(red < black));
        let batches = run(&mut swiss, &mut st, &stronger);
        assert_eq!(batches.len(), 3);
        for e in &batches[1] {
            let winners = [0, 1, 2, 3];
            assert_eq!(
                winners.contains(&e.first),
                winners.contains(&e.second),
                "{e:?}"
            );
        }
        let placings = swiss.placings(&st);
        assert_eq!(placings[0].engine, 0);
        assert_eq!(placings[0].place, 1);
        assert!(swiss
            .table(&st)
            .contains("Swiss standings after 3 of 3 rounds"));
    }

    #[test]
    fn an_impossible_round_ends_the_event() {
        // Four engines can play three rounds without a repeat, not four.
        let mut st = standings(4);
        let mut swiss = Swiss::new(&[0, 1, 2, 3], 1, 4, Scoring::One, Rng::new(1));
        let batches = run(&mut swiss, &mut st, &|_, _, _, _| 0.5);
        assert_eq!(batches.len(), 3);
        let table = swiss.table(&st);
        assert!(table.contains("Round 4 cannot be paired"), "{table}");
        assert!(!table.contains("gave up"), "{table}");
    }

    #[test]
    fn a_pairing_search_that_gives_up_says_so() {
        // Six engines, round 2 pairs easily, but not in 2 steps: the event ends there,
        // and the note says the search gave up, not that no pairing exists.
        let mut st = standings(6);
        let seeds: Vec<usize> = (0..6).collect();
        let mut swiss = Swiss::new(&seeds, 1, 3, Scoring::One, Rng::new(1)).with_search_budget(2);
        let batches = run(&mut swiss, &mut st, &|_, _, red, black| {
            f64::from(u8::from(red < black))
        });
        assert_eq!(batches.len(), 1);
        let table = swiss.table(&st);
        assert!(
            table.contains(
                "Round 2 was not paired: the pairing search gave up after 2 steps without \
                 finding a pairing that repeats no encounter (one may exist); the event ends \
                 after round 1."
            ),
            "{table}"
        );
        assert!(!table.contains("cannot be paired"), "{table}");
        // With the usual budget the same round pairs.
        let mut st = standings(6);
        let mut swiss = Swiss::new(&seeds, 1, 3, Scoring::One, Rng::new(1));
        let batches = run(&mut swiss, &mut st, &|_, _, red, black| {
            f64::from(u8::from(red < black))
        });
        assert_eq!(batches.len(), 3);
    }
}
