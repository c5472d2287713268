//! Why a text was refused: a [`NotationError`] holds the offending text, its kind of
//! [`Problem`] and where it came from (move, game, line), for moves, move lists and PGN
//! alike.

use std::fmt;

use crate::board::{FenError, Move};

/// Why a text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// Not written in the notation or the PGN layout it was read as; says what is
    /// wrong or what was expected.
    Syntax(String),
    /// Coordinates (ICCS) naming a move that is not legal in the position.
    Illegal(Move),
    /// A well-formed description that no legal move of the position fits.
    NoLegalMove,
    /// A description that several legal moves fit: the candidates.
    Ambiguous(Vec<Move>),
    /// A PGN tag that is not `[Name "value"]`, or is not closed.
    BadTag { unclosed: bool },
    /// A FEN (a PGN `FEN` tag) that gives no position.
    BadFen(FenError),
    /// A notation's name other than iccs, chinese or wxf.
    UnknownNotation,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Syntax(what) => f.write_str(what),
            Problem::Illegal(_) => f.write_str("not a legal move in this position"),
            Problem::NoLegalMove => f.write_str("no legal move in this position fits it"),
            Problem::Ambiguous(candidates) => {
                let list: Vec<String> = candidates.iter().map(Move::to_string).collect();
                write!(f, "ambiguous: it fits {}", list.join(", "))
            }
            Problem::BadTag { unclosed: true } => f.write_str("tag not closed by ']'"),
            Problem::BadTag { unclosed: false } => f.write_str("not a tag like [Name \"value\"]"),
            Problem::BadFen(e) => write!(f, "bad FEN tag: {e}"),
            Problem::UnknownNotation => {
                f.write_str("unknown notation (expected iccs, chinese or wxf)")
            }
        }
    }
}

/// A move (or other text) that could not be read: the text, why, and where it came
/// from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// 1-based number of the move in its list, when it came from one.
    pub move_number: Option<usize>,
    /// 1-based number of the game in a PGN file, when it came from one.
    pub game_number: Option<usize>,
    /// 1-based line of the PGN text the offending text is on, when it came from one.
    pub line: Option<usize>,
    /// The offending text.
    pub text: String,
    /// Why it was refused.
    pub problem: Problem,
}

impl NotationError {
    /// An error about `text`.
    pub fn new(text: &str, problem: Problem) -> NotationError {
        NotationError {
            move_number: None,
            game_number: None,
            line: None,
            text: text.to_string(),
            problem,
        }
    }

    /// A syntax error about `text`: `what` is wrong with it.
    pub fn syntax(text: &str, what: impl Into<String>) -> NotationError {
        NotationError::new(text, Problem::Syntax(what.into()))
    }

    /// The same error, said of move number `n` (1-based).
    pub fn at_move(mut self, n: usize) -> NotationError {
        self.move_number = Some(n);
        self
    }

    /// The same error, said of game number `n` (1-based).
    pub fn in_game(mut self, n: usize) -> NotationError {
        self.game_number = Some(n);
        self
    }

    /// The same error, found on line `n` (1-based) of a text.
    pub fn on_line(mut self, n: usize) -> NotationError {
        self.line = Some(n);
        self
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(g) = self.game_number {
            write!(f, "game {g}, ")?;
        }
        if let Some(n) = self.move_number {
            write!(f, "move {n} ")?;
        }
        write!(f, "'{}': {}", self.text, self.problem)?;
        if let Some(line) = self.line {
            write!(f, " (line {line})")?;
        }
        Ok(())
    }
}

impl std::error::Error for NotationError {}
