//! The engine's behaviours, one family per file, each a [`Behaviour`]: how it reacts to
//! a `go`, which move it plays, and what it adds after the move. The session asks the
//! behaviour at each `go` and does the rest (counting, timing, pondering, notation).

mod deterministic;
mod draw;
mod failures;
mod random;
mod resign;
mod slow;
mod toy;

use chariot::board::{Color, Position};
use tourney::rng::Rng;

pub use failures::{babble, illegal_move};
pub use toy::Toy;

/// What the engine knows when told `go`.
pub struct Turn<'a> {
    /// The position to move in.
    pub pos: &'a Position,
    /// The legal moves (ICCS) in generation order, without those of `banmoves` unless
    /// that leaves none.
    pub legal: Vec<String>,
    /// How many `go`s were answered before this one (good moves so far).
    pub moves_made: u64,
    /// The words of the `go` line.
    pub words: &'a [&'a str],
}

impl Turn<'_> {
    /// Whether `after` good moves have been made, so a misbehaviour is due.
    pub fn past(&self, after: u64) -> bool {
        self.moves_made >= after
    }

    /// Whether the engine plays Black.
    pub fn black(&self) -> bool {
        self.pos.side_to_move() == Color::Black
    }

    /// The legal moves (as in [`Turn::legal`]) in ICCS order.
    pub fn sorted(&self) -> Vec<String> {
        let mut sorted = self.legal.clone();
        sorted.sort();
        sorted
    }
}

/// How the engine takes a `go`, before it picks a move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reaction {
    /// Plays a move (the usual).
    Search,
    /// Exits (status 3) without a word.
    Exit,
    /// Never answers (and does not count the move).
    Silence,
    /// Prints junk and a junk `bestmove` (even with no legal move).
    Garbage,
    /// Answers that it has no move.
    NoMove,
    /// Answers an illegal move (unless it has no legal move: then it says so).
    Illegal,
}

/// What follows the move on the `bestmove` line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Tail {
    None,
    Resign,
    Draw,
}

/// One way of playing. The defaults play a random legal move and nothing else.
pub trait Behaviour {
    /// Whether the engine finishes the handshake.
    fn starts(&self) -> bool {
        true
    }

    /// The `option` lines it adds to the handshake (UCCI's form when `ucci`).
    fn options(&self, _ucci: bool) -> Vec<String> {
        Vec::new()
    }

    /// Takes `setoption` of the option `name` to `value`.
    fn set_option(&mut self, _name: &str, _value: &str) {}

    /// How it takes this `go` (it may also wait here).
    fn react(&mut self, _turn: &Turn) -> Reaction {
        Reaction::Search
    }

    /// The move it plays (ICCS) among `turn.legal`, which is never empty here.
    fn choose(&mut self, turn: &Turn, rng: &mut Rng) -> String {
        random::pick(turn, rng)
    }

    /// What it adds after its move.
    fn tail(&self, _turn: &Turn) -> Tail {
        Tail::None
    }
}

/// The behaviour of mode `name` with its N (an unknown name plays random moves), which
/// plays a move of `prefer` whenever one is legal.
pub fn new(name: &str, n: u64, prefer: Vec<String>) -> Box<dyn Behaviour> {
    let mode: Box<dyn Behaviour> = match name {
        "crash" => Box::new(failures::Crash { after: n }),
        "hang" => Box::new(failures::Hang { after: n }),
        "garbage" => Box::new(failures::Garbage { after: n }),
        "nomove" => Box::new(failures::NoMove { after: n }),
        "illegal" => Box::new(failures::Illegal { after: n }),
        "nostart" => Box::new(failures::NoStart),
        "resign" => Box::new(resign::Resign::new(n, false)),
        "resignblack" => Box::new(resign::Resign::new(n, true)),
        "draw" => Box::new(draw::OfferDraw { after: n }),
        "acceptdraw" => Box::new(draw::AcceptDraw),
        "slow" => Box::new(slow::Slow { ms: n }),
        "first" => Box::new(deterministic::First),
        "last" => Box::new(deterministic::Last),
        "checks" => Box::new(deterministic::Checks),
        _ => Box::new(random::Random),
    };
    if prefer.is_empty() {
        mode
    } else {
        Box::new(deterministic::Prefer::new(prefer, mode))
    }
}
