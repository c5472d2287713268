//! Points of the 9×10 board.
//!
//! A square is `rank * 9 + file`: files `a`..`i` (0..8) left to right from Red's side,
//! ranks 0..9 from Red's back rank. Red's half is ranks 0..4, Black's ranks 5..9.
//!
//! ```text
//!   9  r n b a k a b n r      Black
//!   8  . . . . . . . . .
//!   7  . c . . . . . c .
//!   6  p . p . p . p . p
//!   5  . . . . . . . . .      ---- river ----
//!   4  . . . . . . . . .
//!   3  P . P . P . P . P
//!   2  . C . . . . . C .
//!   1  . . . . . . . . .
//!   0  R N B A K A B N R      Red
//!      a b c d e f g h i
//! ```

use std::fmt;

use super::piece::Color;

/// Number of files (columns).
pub const FILES: u8 = 9;
/// Number of ranks (rows).
pub const RANKS: u8 = 10;

/// One of the 90 points, `rank * 9 + file`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(u8);

impl Square {
    /// Number of squares.
    pub const NUM: usize = 90;

    /// The square with this index; `None` when `index >= 90`.
    #[inline]
    pub const fn try_from_index(index: u8) -> Option<Square> {
        if index < 90 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square with this index.
    ///
    /// # Panics
    /// When `index >= 90`.
    #[inline]
    pub const fn from_index(index: u8) -> Square {
        assert!(index < 90, "square index out of range");
        Square(index)
    }

    /// The square with this index, for indices the caller already knows are below 90
    /// (bit positions of a board, fields of a move). Checked in debug builds only; a
    /// wrong index can only make a later table lookup fail its bounds check.
    #[inline(always)]
    pub(crate) const fn from_index_trusted(index: u8) -> Square {
        debug_assert!(index < 90);
        Square(index)
    }

    /// The square on `file` (0..9) and `rank` (0..10); `None` off the board.
    #[inline]
    pub const fn from_coords(file: i32, rank: i32) -> Option<Square> {
        if file >= 0 && file < FILES as i32 && rank >= 0 && rank < RANKS as i32 {
            Some(Square((rank * FILES as i32 + file) as u8))
        } else {
            None
        }
    }

    /// Index 0..90.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File 0..9 (`a`..`i`).
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % FILES
    }

    /// Rank 0..10 (Red's back rank is 0).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / FILES
    }

    /// The square `df` files and `dr` ranks away, if it is on the board.
    #[inline]
    pub const fn offset(self, df: i32, dr: i32) -> Option<Square> {
        Square::from_coords(self.file() as i32 + df, self.rank() as i32 + dr)
    }

    /// The same point seen from the other side: rank `r` becomes `9 - r` (file kept).
    #[inline]
    pub const fn flip_rank(self) -> Square {
        Square((RANKS - 1 - self.rank()) * FILES + self.file())
    }

    /// The left-right mirror: file `f` becomes `8 - f`.
    #[inline]
    pub const fn mirror_file(self) -> Square {
        Square(self.rank() * FILES + (FILES - 1 - self.file()))
    }

    /// Whether the point lies in `color`'s half of the board (its side of the river).
    #[inline]
    pub const fn on_side_of(self, color: Color) -> bool {
        match color {
            Color::Red => self.rank() <= 4,
            Color::Black => self.rank() >= 5,
        }
    }

    /// Whether the point lies in `color`'s palace (files d..f, three ranks at its end).
    #[inline]
    pub const fn in_palace_of(self, color: Color) -> bool {
        let f = self.file();
        let r = self.rank();
        let rank_ok = match color {
            Color::Red => r <= 2,
            Color::Black => r >= 7,
        };
        f >= 3 && f <= 5 && rank_ok
    }

    /// All 90 squares in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..90u8).map(Square)
    }

    /// Parses ICCS coordinates such as `h2` (file letter, rank digit 0-9).
    pub fn parse(text: &str) -> Option<Square> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        let file = bytes[0].to_ascii_lowercase().wrapping_sub(b'a');
        let rank = bytes[1].wrapping_sub(b'0');
        Square::from_coords(i32::from(file), i32::from(rank))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_round_trip() {
        for sq in Square::all() {
            assert_eq!(
                Square::from_coords(sq.file() as i32, sq.rank() as i32),
                Some(sq)
            );
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
            assert_eq!(sq.flip_rank().flip_rank(), sq);
            assert_eq!(sq.mirror_file().mirror_file(), sq);
        }
        assert_eq!(Square::parse("e0").unwrap().index(), 4);
        assert_eq!(Square::parse("i9").unwrap().index(), 89);
        assert_eq!(Square::parse("j0"), None);
        assert_eq!(Square::parse("a"), None);
        assert_eq!(Square::from_coords(9, 0), None);
        assert_eq!(Square::try_from_index(90), None);
    }

    #[test]
    fn palace_and_river() {
        let palace: Vec<_> = Square::all()
            .filter(|s| s.in_palace_of(Color::Red))
            .collect();
        assert_eq!(palace.len(), 9);
        assert_eq!(
            Square::all()
                .filter(|s| s.in_palace_of(Color::Black))
                .count(),
            9
        );
        assert_eq!(
            Square::all().filter(|s| s.on_side_of(Color::Red)).count(),
            45
        );
        assert!(Square::parse("e4").unwrap().on_side_of(Color::Red));
        assert!(Square::parse("e5").unwrap().on_side_of(Color::Black));
    }
}
