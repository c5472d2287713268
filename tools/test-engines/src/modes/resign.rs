//! `resign N` and `resignblack N`: random moves, then `bestmove <m> resign`.

use super::{Behaviour, Tail, Turn};

/// Resigns with every move from the (N+1)-th on (as Black only, if told so).
pub struct Resign {
    after: u64,
    black_only: bool,
}

impl Resign {
    /// `resign N` (`black_only`: `resignblack N`).
    pub fn new(after: u64, black_only: bool) -> Resign {
        Resign { after, black_only }
    }
}

impl Behaviour for Resign {
    fn tail(&self, turn: &Turn) -> Tail {
        if (!self.black_only || turn.black()) && turn.past(self.after) {
            Tail::Resign
        } else {
            Tail::None
        }
    }
}
