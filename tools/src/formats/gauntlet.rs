//! Gauntlet: the first engine meets each of the others once a round, with Red first.

use super::{every_round, Encounter, Scheduler};
use crate::tournament::Standings;

/// Engine 0 against each other engine, every round; fixed in advance.
#[derive(Clone, Debug)]
pub struct Gauntlet {
    /// The encounters not yet handed out.
    left: Vec<Encounter>,
}

impl Gauntlet {
    /// The gauntlet of engine 0 against engines `1..engines` over `rounds` rounds.
    pub fn new(engines: usize, rounds: u32) -> Gauntlet {
        let pairs: Vec<(usize, usize)> = (1..engines).map(|j| (0, j)).collect();
        Gauntlet {
            left: every_round(&pairs, rounds),
        }
    }
}

impl Scheduler for Gauntlet {
    /// Every encounter at once: nothing depends on the results.
    fn next_encounters(&mut self, _standings: &Standings) -> Vec<Encounter> {
        std::mem::take(&mut self.left)
    }
}
