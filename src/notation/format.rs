//! The three move notations as one choice, [`Format`], and a move written or read in
//! any of them.

use std::fmt;
use std::str::FromStr;

use crate::board::{Move, Position};

use super::chinese::{from_chinese, to_chinese};
use super::error::{NotationError, Problem};
use super::iccs::from_iccs;
use super::wxf::{from_wxf, to_wxf};

/// A move notation.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Format {
    /// ICCS coordinates: `h2e2` (also read: `H2-E2`).
    Iccs,
    /// Chinese: 炮二平五, 马８进７.
    Chinese,
    /// WXF: `C2.5`, `H8+7`.
    Wxf,
}

impl Format {
    /// The lower-case name (`iccs`, `chinese`, `wxf`).
    pub const fn name(self) -> &'static str {
        match self {
            Format::Iccs => "iccs",
            Format::Chinese => "chinese",
            Format::Wxf => "wxf",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = NotationError;

    /// `iccs`, `chinese` or `wxf`, in any case.
    fn from_str(s: &str) -> Result<Format, NotationError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "iccs" => Ok(Format::Iccs),
            "chinese" => Ok(Format::Chinese),
            "wxf" => Ok(Format::Wxf),
            _ => Err(NotationError::new(s, Problem::UnknownNotation)),
        }
    }
}

/// Writes the legal move `mv` of `pos` in format `f`.
pub fn format_move(pos: &Position, mv: Move, f: Format) -> String {
    match f {
        Format::Iccs => mv.to_string(),
        Format::Chinese => to_chinese(pos, mv),
        Format::Wxf => to_wxf(pos, mv),
    }
}

/// Reads a move in format `f` and returns it if it is legal in `pos`.
///
/// # Errors
/// When the text is not a move in that notation, fits no legal move, or fits several.
pub fn parse_move(pos: &Position, text: &str, f: Format) -> Result<Move, NotationError> {
    match f {
        Format::Iccs => from_iccs(pos, text),
        Format::Chinese => from_chinese(pos, text),
        Format::Wxf => from_wxf(pos, text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(text: &str) -> Move {
        Move::parse_iccs(text).expect("ICCS")
    }

    #[test]
    fn each_refusal_has_its_kind() {
        let start = Position::startpos();
        let problem = |text: &str, f: Format| parse_move(&start, text, f).unwrap_err().problem;
        assert!(matches!(problem("h2", Format::Iccs), Problem::Syntax(_)));
        assert!(matches!(
            problem("炮二", Format::Chinese),
            Problem::Syntax(_)
        ));
        assert!(matches!(problem("Q2.5", Format::Wxf), Problem::Syntax(_)));
        assert_eq!(problem("h2h8", Format::Iccs), Problem::Illegal(mv("h2h8")));
        assert_eq!(problem("炮二进九", Format::Chinese), Problem::NoLegalMove);
        assert_eq!(problem("C2+9", Format::Wxf), Problem::NoLegalMove);
        assert_eq!(
            "western".parse::<Format>().unwrap_err().problem,
            Problem::UnknownNotation
        );
        // Two rooks on one file, the 前/后 left out: both fit.
        let rooks = Position::from_fen("3k5/9/9/9/9/9/R8/9/R8/4K4 w - - 0 1").expect("FEN");
        let err = from_chinese(&rooks, "车九进一").unwrap_err();
        let Problem::Ambiguous(mut candidates) = err.problem else {
            panic!("{err}");
        };
        candidates.sort_by_key(|m| m.to_string());
        assert_eq!(candidates, vec![mv("a1a2"), mv("a3a4")]);
    }
}
