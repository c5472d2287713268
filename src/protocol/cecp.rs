//! The commands of CECP (the XBoard/WinBoard protocol) as data: what a line of CECP
//! asks once [`xboard`](super::xboard) has read it, for the game layer
//! ([`game`](super::game)) to act on. The grammar's ground floor, under
//! [`command`](super::command), whose [`Command::Xboard`](super::command::Command::Xboard)
//! carries one.

use std::time::Duration;

/// `level MPS BASE INC`: `moves` moves in `base` (0: the whole game), `increment` added
/// after each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    pub moves: u32,
    pub base: Duration,
    pub increment: Duration,
}

/// A line of CECP, as the GUI sends it.
#[derive(Clone, Debug, PartialEq)]
pub enum Cecp {
    /// `protover N`: answer with the features.
    Protover(u32),
    /// `accepted`/`rejected` a feature; nothing to do.
    FeatureReply,
    /// `new`: the start position, the engine plays Black.
    New,
    /// `variant NAME`.
    Variant(String),
    /// `force`: play neither side.
    Force,
    /// `go`: play the side to move, now.
    Go,
    /// `playother`: play the side not to move.
    PlayOther,
    /// `level MPS BASE INC`.
    Level(Level),
    /// `st TIME`: at most this long a move.
    St(Duration),
    /// `sd DEPTH`.
    Sd(i32),
    /// `nps NODE_RATE`.
    Nps(u64),
    /// `time N`: the engine's clock.
    Time(Duration),
    /// `otim N`: the opponent's clock (noted, not needed).
    Otim(Duration),
    /// `usermove MOVE` or a bare move: the text as sent.
    Move(String),
    /// `?`: move now.
    MoveNow,
    /// `ping N`.
    Ping(String),
    /// `draw`: the opponent offers a draw.
    Draw,
    /// `result RESULT {COMMENT}`: the game is over.
    Result(String),
    /// `setboard FEN`.
    SetBoard(String),
    /// `hint`.
    Hint,
    /// `bk`.
    Book,
    /// `undo`: take back one move.
    Undo,
    /// `remove`: take back two.
    Remove,
    /// `hard` (true) or `easy`: pondering on or off.
    Ponder(bool),
    /// `post` (true) or `nopost`: thinking output on or off.
    Post(bool),
    /// `analyze`.
    Analyze,
    /// `exit`: leave analyze mode.
    Exit,
    /// `.`: the analysis status line.
    Status,
    /// `pause`.
    Pause,
    /// `resume`.
    Resume,
    /// `memory N`: megabytes for the tables.
    Memory(u64),
    /// `cores N`: search threads.
    Cores(u64),
    /// `option NAME[=VALUE]`.
    SetOption { name: String, value: Option<String> },
    /// A command that asks nothing of the engine (`random`, `computer`, `name`,
    /// `rating`, `ics`, `egtpath`).
    Ignored,
}
