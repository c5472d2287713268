//! Moves: from and to squares packed in 14 bits; ICCS text such as `h2e2`.

use std::fmt;
use std::num::NonZeroU16;

use super::square::Square;

/// A move from one square to another. Which piece moves and what it captures come from
/// the position. `Option<Move>` is two bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(NonZeroU16);

const _: () = assert!(std::mem::size_of::<Option<Move>>() == 2);

impl Move {
    /// Bit 14 is always set, so the code is never zero and needs no check.
    const TAG: u16 = 1 << 14;

    /// The null move (a pass, for null-move pruning): from a0 to a0, never a real move.
    pub const NULL: Move = Move::new(Square::from_index(0), Square::from_index(0));

    /// Whether this is [`Move::NULL`].
    #[inline(always)]
    pub const fn is_null(self) -> bool {
        self.0.get() == Move::TAG
    }

    /// The move from `from` to `to`.
    #[inline(always)]
    pub const fn new(from: Square, to: Square) -> Move {
        let raw = from.index() as u16 | (to.index() as u16) << 7 | Move::TAG;
        match NonZeroU16::new(raw) {
            Some(nz) => Move(nz),
            None => unreachable!(),
        }
    }

    /// Origin square.
    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::from_index_trusted((self.0.get() & 0x7F) as u8)
    }

    /// Destination square.
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::from_index_trusted(((self.0.get() >> 7) & 0x7F) as u8)
    }

    /// The 14-bit code `from | to << 7`.
    #[inline]
    pub const fn raw(self) -> u16 {
        self.0.get() & !Move::TAG
    }

    /// The move seen from the other side (ranks flipped).
    pub const fn flip_rank(self) -> Move {
        Move::new(self.from().flip_rank(), self.to().flip_rank())
    }

    /// The left-right mirror.
    pub const fn mirror_file(self) -> Move {
        Move::new(self.from().mirror_file(), self.to().mirror_file())
    }

    /// Parses ICCS coordinates (`h2e2`, case-insensitive, ranks 0-9). Only the syntax is
    /// checked; whether the move is legal is the position's question
    /// (`Position::parse_move`).
    pub fn parse_iccs(text: &str) -> Result<Move, MoveParseError> {
        let text = text.trim();
        if text.len() != 4 || !text.is_ascii() {
            return Err(MoveParseError(text.to_string()));
        }
        match (Square::parse(&text[..2]), Square::parse(&text[2..])) {
            (Some(from), Some(to)) if from != to => Ok(Move::new(from, to)),
            _ => Err(MoveParseError(text.to_string())),
        }
    }
}

impl fmt::Display for Move {
    /// ICCS coordinates, e.g. `h2e2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Text that is not a move in ICCS coordinates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveParseError(pub String);

impl fmt::Display for MoveParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a move in ICCS coordinates (like h2e2)",
            self.0
        )
    }
}

impl std::error::Error for MoveParseError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iccs_round_trip() {
        for from in Square::all() {
            for to in Square::all().filter(|&t| t != from) {
                let m = Move::new(from, to);
                assert_eq!(m.from(), from);
                assert_eq!(m.to(), to);
                assert_eq!(Move::parse_iccs(&m.to_string()), Ok(m));
            }
        }
        assert_eq!(Move::parse_iccs("H2E2").unwrap().to_string(), "h2e2");
        for bad in ["", "h2e", "h2e2x", "z2e2", "h2ea", "h2h2", "h2é2", "a0a:"] {
            assert!(Move::parse_iccs(bad).is_err(), "{bad}");
        }
    }
}
