//! `slow MS`: waits MS ms before every move (the time counts as searched).

use std::time::Duration;

use super::{Behaviour, Reaction, Turn};

/// Sleeps `ms` at every `go`, then plays a random move.
pub struct Slow {
    pub ms: u64,
}

impl Behaviour for Slow {
    fn react(&mut self, _turn: &Turn) -> Reaction {
        std::thread::sleep(Duration::from_millis(self.ms));
        Reaction::Search
    }
}
