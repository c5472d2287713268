//! `draw N` and `acceptdraw`: random moves that offer (or accept) a draw.

use super::{Behaviour, Tail, Turn};

/// `draw N`: from the (N+1)-th move on, every `bestmove` offers a draw.
pub struct OfferDraw {
    pub after: u64,
}

impl Behaviour for OfferDraw {
    fn tail(&self, turn: &Turn) -> Tail {
        if turn.past(self.after) {
            Tail::Draw
        } else {
            Tail::None
        }
    }
}

/// `acceptdraw`: adds `draw` when told `go draw` (UCCI's draw offer).
pub struct AcceptDraw;

impl Behaviour for AcceptDraw {
    fn tail(&self, turn: &Turn) -> Tail {
        if turn.words.get(1) == Some(&"draw") {
            Tail::Draw
        } else {
            Tail::None
        }
    }
}
