//! What a search answers: its [`Outcome`], and how a mate score reads as moves to mate
//! ([`mate_in`]).

use super::params::{MATE, MATE_BOUND};
use crate::board::Move;

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    pub score: i32,
    pub depth: i32,
    pub nodes: u64,
    /// A weakened search's best few moves (move, score, expected reply), best first.
    pub candidates: Option<Vec<(Move, i32, Option<Move>)>>,
}

impl Outcome {
    /// The outcome of a search with no move to search.
    pub fn none() -> Outcome {
        Outcome {
            best: None,
            ponder: None,
            score: -MATE,
            depth: 0,
            nodes: 0,
            candidates: None,
        }
    }
}

/// Moves to mate (positive: we mate) for a mate score; `None` for other scores.
pub fn mate_in(score: i32) -> Option<i32> {
    if score >= MATE_BOUND {
        Some((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Some(-(MATE + score + 1) / 2)
    } else {
        None
    }
}
