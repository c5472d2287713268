//! The broken engines: `crash N`, `hang N`, `garbage N`, `nomove N`, `illegal N` (each
//! plays N random moves first) and `nostart`.

use chariot::board::Position;

use super::{Behaviour, Reaction, Turn};
use crate::out::Out;

/// `crash N`: exits instead of answering the (N+1)-th `go`.
pub struct Crash {
    pub after: u64,
}

impl Behaviour for Crash {
    fn react(&mut self, turn: &Turn) -> Reaction {
        misbehave_past(self.after, turn, Reaction::Exit)
    }
}

/// `hang N`: never answers the (N+1)-th `go`.
pub struct Hang {
    pub after: u64,
}

impl Behaviour for Hang {
    fn react(&mut self, turn: &Turn) -> Reaction {
        misbehave_past(self.after, turn, Reaction::Silence)
    }
}

/// `garbage N`: junk from the (N+1)-th `go` on.
pub struct Garbage {
    pub after: u64,
}

impl Behaviour for Garbage {
    fn react(&mut self, turn: &Turn) -> Reaction {
        misbehave_past(self.after, turn, Reaction::Garbage)
    }
}

/// `nomove N`: no move from the (N+1)-th `go` on.
pub struct NoMove {
    pub after: u64,
}

impl Behaviour for NoMove {
    fn react(&mut self, turn: &Turn) -> Reaction {
        misbehave_past(self.after, turn, Reaction::NoMove)
    }
}

/// `illegal N`: an illegal move from the (N+1)-th `go` on.
pub struct Illegal {
    pub after: u64,
}

impl Behaviour for Illegal {
    fn react(&mut self, turn: &Turn) -> Reaction {
        misbehave_past(self.after, turn, Reaction::Illegal)
    }
}

/// `nostart`: never finishes the handshake.
pub struct NoStart;

impl Behaviour for NoStart {
    fn starts(&self) -> bool {
        false
    }
}

/// `misbehaviour` once `after` good moves have been made, else a search.
fn misbehave_past(after: u64, turn: &Turn, misbehaviour: Reaction) -> Reaction {
    if turn.past(after) {
        misbehaviour
    } else {
        Reaction::Search
    }
}

/// Prints junk (invalid UTF-8 too) and a junk `bestmove`.
pub fn babble(out: &mut Out) {
    out.raw(b"\xff\xfe garbage \x00 line\n");
    out.say("info depth banana score");
    out.say("bestmove ~~~~garbage~~~~");
}

/// A syntactically fine move (ICCS) that `pos` does not allow: a9a0 jumps the whole
/// board, and a0a0 is not a move.
pub fn illegal_move(pos: &Position) -> String {
    ["a9a0", "i9i0", "e4e6", "e0e9"]
        .into_iter()
        .find(|cand| pos.parse_move(cand).is_err())
        .unwrap_or("a0a0")
        .to_string()
}
