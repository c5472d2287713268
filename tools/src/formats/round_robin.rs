//! Round robin: everyone meets everyone once a round, engine `i` with Red first against
//! each later engine `j`, in the order (0,1), (0,2), …, (1,2), …

use super::{every_round, Encounter, Scheduler};
use crate::tournament::Standings;

/// Everyone plays everyone, every round; the whole schedule is fixed in advance.
#[derive(Clone, Debug)]
pub struct RoundRobin {
    /// The encounters not yet handed out.
    left: Vec<Encounter>,
}

impl RoundRobin {
    /// The round robin of `engines` engines over `rounds` rounds.
    pub fn new(engines: usize, rounds: u32) -> RoundRobin {
        let pairs: Vec<(usize, usize)> = (0..engines)
            .flat_map(|i| (i + 1..engines).map(move |j| (i, j)))
            .collect();
        RoundRobin {
            left: every_round(&pairs, rounds),
        }
    }
}

impl Scheduler for RoundRobin {
    /// Every encounter at once: nothing depends on the results.
    fn next_encounters(&mut self, _standings: &Standings) -> Vec<Encounter> {
        std::mem::take(&mut self.left)
    }
}
