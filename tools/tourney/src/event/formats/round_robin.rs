//! Round robin (大循环制) by the round-robin order table (循环赛对局秩序表, the Berger
//! tables): in each round every engine plays once, and the first-listed number of each
//! pairing plays Red in the encounter's first game (第13.1条). With an odd count the
//! table of one more is used and whoever meets the extra number sits the round out (a
//! bye that scores nothing: everyone gets one). With two or more games an encounter the
//! colours alternate (两局制, 第13.5条); each further cycle (`-rounds`) repeats the table
//! with the colours reversed.
//!
//! The table for `n` numbers (`n` even) keeps `n` fixed and moves the others round a
//! circle: in round `r` (from 1) the numbers `1..n-1` stand in the order
//! `s(p) = (p - 1 + (r - 1) n/2) mod (n - 1) + 1` for places `p = 1..n-1`; board 1 is
//! `s(1)` against `n` (`n` has Red in the even rounds), board `b` is `s(b)` (Red)
//! against `s(n + 1 - b)`.

use super::scheduler::{places_of_ranking, Scheduler};
use crate::event::encounter::Encounter;
use crate::event::standings::{champion, Placing, Standings};
use crate::event::tables::cross_table;
use crate::report::rating::{rank_among, RankEntry, Scoring};

/// One round of the order table: the pairings by board (1-based numbers, Red first)
/// and the number that sits out, if the count is odd.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BergerRound {
    /// `(red, black)` numbers, board 1 first.
    pub pairs: Vec<(usize, usize)>,
    /// The number without an opponent this round.
    pub bye: Option<usize>,
}

/// The round-robin order table for `count` numbers (1-based): `count - 1` rounds for an
/// even count, `count` for an odd one.
pub fn berger_table(count: usize) -> Vec<BergerRound> {
    if count < 2 {
        return Vec::new();
    }
    let n = count + count % 2;
    let half = n / 2;
    (0..n - 1)
        .map(|r| {
            let s = |p: usize| (p - 1 + r * half) % (n - 1) + 1;
            let mut pairs = Vec::with_capacity(half);
            let mut bye = None;
            for b in 1..=half {
                let (red, black) = if b == 1 {
                    if r % 2 == 0 {
                        (s(1), n)
                    } else {
                        (n, s(1))
                    }
                } else {
                    (s(b), s(n + 1 - b))
                };
                if black > count {
                    bye = Some(red);
                } else if red > count {
                    bye = Some(black);
                } else {
                    pairs.push((red, black));
                }
            }
            BergerRound { pairs, bye }
        })
        .collect()
}

/// Everyone plays everyone by the order table; the whole schedule is fixed in advance.
#[derive(Clone, Debug)]
pub struct RoundRobin {
    /// The engines in number order (number 1 first).
    entrants: Vec<usize>,
    /// The tag prefix of the encounters (`A.` for a group).
    prefix: String,
    /// The encounters not yet handed out.
    left: Vec<Encounter>,
    /// Points for a win, draw and loss.
    scoring: Scoring,
}

impl RoundRobin {
    /// The round robin of `entrants` (engine indices; the first is number 1) with
    /// `games` games an encounter, the table played `cycles` times (colours reversed
    /// each time), its encounters tagged `{prefix}{round}.{board}`.
    pub fn new(
        entrants: &[usize],
        games: u32,
        cycles: u32,
        prefix: &str,
        scoring: Scoring,
    ) -> RoundRobin {
        let table = berger_table(entrants.len());
        let per_cycle = table.len() as u32;
        let mut left = Vec::new();
        for cycle in 0..cycles {
            for (r, round) in table.iter().enumerate() {
                let number = cycle * per_cycle + r as u32 + 1;
                for (b, &(red, black)) in round.pairs.iter().enumerate() {
                    let (first, second) = if cycle % 2 == 0 {
                        (red, black)
                    } else {
                        (black, red)
                    };
                    left.push(Encounter::new(
                        number,
                        entrants[first - 1],
                        entrants[second - 1],
                        games,
                        format!("{prefix}{number}.{}", b + 1),
                    ));
                }
            }
        }
        RoundRobin {
            entrants: entrants.to_vec(),
            prefix: prefix.to_string(),
            left,
            scoring,
        }
    }

    /// The ranking among the entrants over their games in this round robin.
    pub fn ranking(&self, st: &Standings) -> Vec<RankEntry> {
        let games = st.results_where(|tag| tag.starts_with(&self.prefix));
        rank_among(&self.entrants, &games, self.scoring)
    }

    /// The cross-table, with the rating columns when `ratings` (the champion's rule
    /// given by the placings).
    pub fn cross_table(&self, st: &Standings, ratings: bool) -> String {
        let entries = self.ranking(st);
        let games = st.results_where(|tag| tag.starts_with(&self.prefix));
        let champion = ratings.then(|| champion(&self.placings(st)));
        cross_table(st, &entries, &games, champion)
    }
}

impl Scheduler for RoundRobin {
    /// Every encounter at once: nothing depends on the results.
    fn next_encounters(&mut self, _standings: &Standings) -> Vec<Encounter> {
        std::mem::take(&mut self.left)
    }

    /// By the ranking of 第15.1条 (with 第14.1条's games and wins as Black).
    fn placings(&self, st: &Standings) -> Vec<Placing> {
        let entries = self.ranking(st);
        places_of_ranking(&entries)
    }

    fn table(&self, st: &Standings) -> String {
        self.cross_table(st, true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table as `red-black` words a round, `bye` last when there is one.
    fn words(count: usize) -> Vec<String> {
        berger_table(count)
            .iter()
            .map(|r| {
                let mut w: Vec<String> = r.pairs.iter().map(|(a, b)| format!("{a}-{b}")).collect();
                if let Some(b) = r.bye {
                    w.push(format!("bye {b}"));
                }
                w.join(" ")
            })
            .collect()
    }

    #[test]
    fn berger_tables_for_4_5_6_and_8() {
        // Worked by hand from the rotation: 4 and 6 numbers as printed in the order
        // tables; 5 is the table of 6 with 6 sitting out; 8 the published table.
        assert_eq!(words(4), ["1-4 2-3", "4-3 1-2", "2-4 3-1"]);
        assert_eq!(
            words(6),
            [
                "1-6 2-5 3-4",
                "6-4 5-3 1-2",
                "2-6 3-1 4-5",
                "6-5 1-4 2-3",
                "3-6 4-2 5-1"
            ]
        );
        assert_eq!(
            words(5),
            [
                "2-5 3-4 bye 1",
                "5-3 1-2 bye 4",
                "3-1 4-5 bye 2",
                "1-4 2-3 bye 5",
                "4-2 5-1 bye 3"
            ]
        );
        assert_eq!(
            words(8),
            [
                "1-8 2-7 3-6 4-5",
                "8-5 6-4 7-3 1-2",
                "2-8 3-1 4-7 5-6",
                "8-6 7-5 1-4 2-3",
                "3-8 4-2 5-1 6-7",
                "8-7 1-6 2-5 3-4",
                "4-8 5-3 6-2 7-1"
            ]
        );
    }

    #[test]
    fn every_pair_meets_once_and_colours_balance() {
        for count in 2..=12 {
            let table = berger_table(count);
            let mut met = vec![vec![0; count + 1]; count + 1];
            let mut reds = vec![0i32; count + 1];
            for round in &table {
                let mut seen = vec![false; count + 1];
                for &(a, b) in &round.pairs {
                    met[a][b] += 1;
                    met[b][a] += 1;
                    reds[a] += 1;
                    reds[b] -= 1;
                    assert!(!seen[a] && !seen[b]);
                    seen[a] = true;
                    seen[b] = true;
                }
                if let Some(b) = round.bye {
                    assert!(!seen[b]);
                    seen[b] = true;
                }
                assert!(
                    seen[1..].iter().all(|&s| s),
                    "{count}: everyone once a round"
                );
            }
            for a in 1..=count {
                for (b, &m) in met[a].iter().enumerate().skip(1) {
                    assert_eq!(m, i32::from(a != b), "{count}: {a}-{b}");
                }
                // Red and Black differ by at most one over the table.
                assert!(reds[a].abs() <= 1, "{count}: {a} has {}", reds[a]);
            }
        }
    }

    #[test]
    fn cycles_reverse_the_colours_and_number_the_rounds_on() {
        let st = Standings::new(&crate::event::config::TournamentConfig::default());
        let mut rr = RoundRobin::new(&[10, 11, 12, 13], 2, 2, "", Scoring::One);
        let e = rr.next_encounters(&st);
        assert_eq!(e.len(), 12);
        let first = |k: usize| (e[k].round, e[k].first, e[k].second, e[k].tag.as_str());
        assert_eq!(first(0), (1, 10, 13, "1.1"));
        assert_eq!(first(1), (1, 11, 12, "1.2"));
        assert_eq!(first(2), (2, 13, 12, "2.1"));
        assert_eq!(first(6), (4, 13, 10, "4.1"));
        assert_eq!(first(7), (4, 12, 11, "4.2"));
        assert!(e.iter().all(|x| x.games == 2));
        assert_eq!(e[0].game_tag(1), "1.1.2");
        assert!(rr.next_encounters(&st).is_empty());
    }
}
