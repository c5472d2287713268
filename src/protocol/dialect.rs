//! The seam between the dialect-free engine core and the protocols a GUI speaks: what
//! the core has to say ([`Report`]) and how a dialect words it ([`Speaker`]). Each
//! dialect is one file above this one ([`uci`](super::uci), [`ucci`](super::ucci),
//! [`xboard`](super::xboard)); [`dispatch`](super::dispatch) reads a line in the chosen
//! dialect and finds its speaker, so another dialect is another file and one more arm
//! there.

use super::command::{Dialect, ProtocolError};
use super::limits::TimeUnit;
use super::options::Spec;
use crate::board::Move;
use crate::search::{Bound, Info, Status};

/// The engine's name as the `id name` line gives it.
pub const ENGINE_NAME: &str = concat!("Chariot ", env!("CARGO_PKG_VERSION"));

/// What the engine offers with its move besides the move (UCCI's `bestmove … draw` and
/// `bestmove … resign`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Offer {
    /// Offers a draw, or accepts the opponent's offer.
    Draw,
    /// Gives the game up.
    Resign,
}

/// What the transposition table holds for a probed position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct HashEntry {
    /// The stored move, when it is legal in the position.
    pub best: Option<Move>,
    pub bound: Bound,
    pub score: i32,
    pub depth: i32,
}

/// Something the engine core has to tell the GUI, before a dialect words it.
#[derive(Clone, Copy, Debug)]
pub enum Report<'a> {
    /// The answer to `isready`.
    Ready,
    /// The engine's name and authors: the start of the answer to the hello word.
    Identity,
    /// One option, announced after the identity.
    Option(&'a Spec),
    /// The end of the answer to the hello word.
    HelloDone,
    /// A line of search progress.
    Info(&'a Info),
    /// How far a long search has got when it said nothing else for a second.
    Status(&'a Status),
    /// The root move being searched, the `number`-th at `depth`.
    CurrMove { mv: Move, number: usize, depth: i32 },
    /// The move the search chose, the move it expects in reply (legal after `best`),
    /// and what it offers with it.
    BestMove {
        best: Move,
        ponder: Option<Move>,
        offer: Option<Offer>,
    },
    /// A search with no move to give: mated, stalemated, or every legal move banned.
    NoMove,
    /// `stop` with no search to stop (idle, or a count was stopped).
    NothingToStop,
    /// The engine is quitting.
    Bye,
    /// A note for the GUI's log; errors start `error: `.
    Message(&'a str),
    /// An input line that could not be read, and why.
    Rejected {
        line: &'a str,
        error: &'a ProtocolError,
    },
    /// What the table holds for the position of a `probe` (`None`: nothing).
    Probed(Option<HashEntry>),
    /// A line of the engine's own reports, the same in every dialect (`d`, `eval`,
    /// `go perft`, `bench`).
    Text(&'a str),
}

/// One dialect: how it words the core's reports, and what it asks of the core.
pub trait Speaker: Sync {
    /// Which dialect this is.
    fn dialect(&self) -> Dialect;

    /// The unit of the times in `go` (`use_millisec`: the `usemillisec` option).
    fn time_unit(&self, use_millisec: bool) -> TimeUnit;

    /// Whether `go` searches the best `MultiPV` lines (else only the best one).
    fn multipv(&self) -> bool;

    /// The option's name in this dialect.
    fn option_name(&self, spec: &Spec) -> &'static str;

    /// `report` as this dialect says it: one or more lines (without the last line's
    /// end), or `None` when the dialect says nothing.
    fn word(&self, report: &Report<'_>) -> Option<String>;
}
