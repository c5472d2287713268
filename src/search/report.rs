//! What a search says while it runs: each finished iteration's [`Info`] line, a long
//! search's [`Status`], sent to a [`Reporter`] that the protocol layer formats in its
//! dialect ([`Silent`] says nothing). The search itself never prints.

use super::tt::Bound;
use crate::board::Move;

/// One line of search progress.
#[derive(Clone, Debug)]
pub struct Info {
    pub depth: i32,
    pub seldepth: usize,
    pub multipv: usize,
    /// Centipawns, or `MATE - plies` for mates (see [`mate_in`](super::outcome::mate_in)).
    pub score: i32,
    /// `Some` when the score is only a bound (aspiration fail).
    pub bound: Option<Bound>,
    pub nodes: u64,
    pub nps: u64,
    pub hashfull: usize,
    pub time_ms: u64,
    pub pv: Vec<Move>,
    /// The root's material as the win/draw/loss model measures it
    /// ([`wdl::material`](super::wdl::material)).
    pub material: i32,
    /// Win, draw and loss in permille, when the protocol asks for them (the search
    /// leaves this `None`; see [`wdl::wdl`](super::wdl::wdl)).
    pub wdl: Option<[u32; 3]>,
}

/// How far a long search has got between its iterations' reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Status {
    /// The depth of the iteration being searched.
    pub depth: i32,
    pub nodes: u64,
    pub nps: u64,
    pub hashfull: usize,
    pub time_ms: u64,
}

/// Where the search sends its progress.
pub trait Reporter: Sync {
    /// A finished iteration (or an aspiration bound).
    fn info(&self, info: &Info);
    /// The root move being searched, after the first second.
    fn currmove(&self, _mv: Move, _number: usize, _depth: i32) {}
    /// The search's progress when nothing else was reported for a second.
    fn status(&self, _status: &Status) {}
    /// Something went wrong that the search worked around (a helper thread that could
    /// not be started): one line for the user.
    fn problem(&self, _text: &str) {}
}

/// A reporter that says nothing.
pub struct Silent;

impl Reporter for Silent {
    fn info(&self, _info: &Info) {}
}
