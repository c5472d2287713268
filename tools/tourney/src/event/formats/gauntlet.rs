//! Gauntlet: the first engine meets each of the others once a round, with Red first in
//! the odd rounds and Black first in the even ones.

use super::scheduler::{places_of_ranking, Scheduler};
use crate::event::encounter::Encounter;
use crate::event::standings::{Placing, Standings};

/// Engine 0 against each other engine, every round; fixed in advance.
#[derive(Clone, Debug)]
pub struct Gauntlet {
    /// The encounters not yet handed out.
    left: Vec<Encounter>,
}

impl Gauntlet {
    /// The gauntlet of engine 0 against engines `1..engines` over `rounds` rounds,
    /// `games` games an encounter.
    pub fn new(engines: usize, games: u32, rounds: u32) -> Gauntlet {
        let left = (1..=rounds)
            .flat_map(|round| {
                (1..engines).map(move |j| {
                    let (first, second) = if round % 2 == 1 { (0, j) } else { (j, 0) };
                    Encounter::new(round, first, second, games, format!("{round}.{j}"))
                })
            })
            .collect();
        Gauntlet { left }
    }
}

impl Scheduler for Gauntlet {
    /// Every encounter at once: nothing depends on the results.
    fn next_encounters(&mut self, _standings: &Standings) -> Vec<Encounter> {
        std::mem::take(&mut self.left)
    }

    /// The ranking of the whole cross-table.
    fn placings(&self, st: &Standings) -> Vec<Placing> {
        let entries = st.rank_entries();
        places_of_ranking(&entries)
    }

    fn table(&self, st: &Standings) -> String {
        st.table()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_engine_against_the_others_colours_reversed_each_round() {
        let st = Standings::new(&crate::event::config::TournamentConfig::default());
        let mut g = Gauntlet::new(4, 1, 2);
        let pairs: Vec<(u32, usize, usize)> = g
            .next_encounters(&st)
            .iter()
            .map(|e| (e.round, e.first, e.second))
            .collect();
        assert_eq!(
            pairs,
            [
                (1, 0, 1),
                (1, 0, 2),
                (1, 0, 3),
                (2, 1, 0),
                (2, 2, 0),
                (2, 3, 0)
            ]
        );
        assert!(g.next_encounters(&st).is_empty());
    }
}
