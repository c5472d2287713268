//! Tournament formats as schedulers: each says who meets whom next, given the standings
//! so far, and the one runner ([`crate::tournament::run`]) plays those encounters. Round
//! robin and gauntlet are two schedulers here; another format (Swiss, knockout, Berger
//! tables) is another file behind [`Scheduler`] and one more [`TournamentFormat`].

mod gauntlet;
mod round_robin;

pub use gauntlet::Gauntlet;
pub use round_robin::RoundRobin;

use crate::tournament::Standings;

/// Two engines to meet in a round: `first` has Red in the encounter's first game, and
/// the colours alternate over its games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Encounter {
    /// 1-based round.
    pub round: u32,
    /// Engine index with Red in the first game.
    pub first: usize,
    /// Engine index with Black in the first game.
    pub second: usize,
}

/// Who meets whom next.
pub trait Scheduler: Send {
    /// The encounters that can be named now, given the standings so far (empty when
    /// the event is over). The runner asks again once every game it was given has
    /// finished, so a format that pairs by score names one round at a time; a format
    /// fixed in advance names them all at the first call.
    fn next_encounters(&mut self, standings: &Standings) -> Vec<Encounter>;
}

/// A tournament format by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TournamentFormat {
    /// Everyone plays everyone.
    #[default]
    RoundRobin,
    /// The first engine plays each of the others.
    Gauntlet,
}

impl TournamentFormat {
    /// Parses `round-robin` or `gauntlet`.
    pub fn parse(text: &str) -> Result<TournamentFormat, String> {
        match text.to_ascii_lowercase().as_str() {
            "round-robin" | "roundrobin" | "rr" => Ok(TournamentFormat::RoundRobin),
            "gauntlet" => Ok(TournamentFormat::Gauntlet),
            _ => Err(format!(
                "unknown tournament '{text}' (round-robin or gauntlet)"
            )),
        }
    }

    /// The scheduler of this format for `engines` engines over `rounds` rounds.
    pub fn scheduler(self, engines: usize, rounds: u32) -> Box<dyn Scheduler> {
        match self {
            TournamentFormat::RoundRobin => Box::new(RoundRobin::new(engines, rounds)),
            TournamentFormat::Gauntlet => Box::new(Gauntlet::new(engines, rounds)),
        }
    }
}

/// `pairs` in each of the rounds `1..=rounds`, once (for formats fixed in advance).
fn every_round(pairs: &[(usize, usize)], rounds: u32) -> Vec<Encounter> {
    (1..=rounds)
        .flat_map(|round| {
            pairs.iter().map(move |&(first, second)| Encounter {
                round,
                first,
                second,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{Standings, TournamentConfig};

    fn pairs(encounters: &[Encounter]) -> Vec<(u32, usize, usize)> {
        encounters
            .iter()
            .map(|e| (e.round, e.first, e.second))
            .collect()
    }

    fn standings() -> Standings {
        Standings::new(&TournamentConfig::default())
    }

    #[test]
    fn round_robin_names_every_pair_each_round_at_once() {
        let mut rr = TournamentFormat::RoundRobin.scheduler(3, 2);
        let st = standings();
        assert_eq!(
            pairs(&rr.next_encounters(&st)),
            vec![
                (1, 0, 1),
                (1, 0, 2),
                (1, 1, 2),
                (2, 0, 1),
                (2, 0, 2),
                (2, 1, 2)
            ]
        );
        assert!(rr.next_encounters(&st).is_empty());
    }

    #[test]
    fn gauntlet_is_the_first_engine_against_the_others() {
        let mut g = TournamentFormat::Gauntlet.scheduler(4, 1);
        let st = standings();
        assert_eq!(
            pairs(&g.next_encounters(&st)),
            vec![(1, 0, 1), (1, 0, 2), (1, 0, 3)]
        );
        assert!(g.next_encounters(&st).is_empty());
    }

    #[test]
    fn formats_by_name() {
        assert_eq!(
            TournamentFormat::parse("RR"),
            Ok(TournamentFormat::RoundRobin)
        );
        assert_eq!(
            TournamentFormat::parse("gauntlet"),
            Ok(TournamentFormat::Gauntlet)
        );
        assert!(TournamentFormat::parse("swiss").is_err());
    }
}
