//! 90-bit sets of squares in a `u128` (bit `i` = square index `i`).

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use super::square::Square;

/// A set of squares. Bits 90..128 are always zero.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u128);

/// The 90 valid bits.
const FULL: u128 = (1u128 << 90) - 1;

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 90 squares.
    pub const FULL: Bitboard = Bitboard(FULL);

    /// The set holding just `sq`.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1u128 << sq.index())
    }

    /// Whether no square is set.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether at least one square is set.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        (self.0 >> sq.index()) & 1 != 0
    }

    /// Number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether more than one square is set.
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square; `None` when empty.
    #[inline]
    pub const fn lsb(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_trusted(self.0.trailing_zeros() as u8))
        }
    }

    /// The highest square; `None` when empty.
    #[inline]
    pub const fn msb(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_trusted(
                (127 - self.0.leading_zeros()) as u8,
            ))
        }
    }

    /// `self` with `sq` added.
    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1u128 << sq.index())
    }

    /// `self` with `sq` removed.
    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1u128 << sq.index()))
    }

    /// The same squares seen from the other side (rank `r` → `9 - r`).
    pub fn flip_rank(self) -> Bitboard {
        self.into_iter()
            .fold(Bitboard::EMPTY, |acc, sq| acc.with(sq.flip_rank()))
    }

    /// The left-right mirror (file `f` → `8 - f`).
    pub fn mirror_file(self) -> Bitboard {
        self.into_iter()
            .fold(Bitboard::EMPTY, |acc, sq| acc.with(sq.mirror_file()))
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;
    #[inline]
    fn into_iter(self) -> Squares {
        Squares(self.0)
    }
}

/// Iterator over the squares of a bitboard, lowest first.
pub struct Squares(u128);

impl Iterator for Squares {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Square::from_index_trusted(index))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

macro_rules! bit_op {
    ($trait:ident, $fn:ident, $assign_trait:ident, $assign_fn:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $fn(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline]
            fn $assign_fn(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & FULL)
    }
}

impl fmt::Debug for Bitboard {
    /// A 10×9 diagram, rank 9 at the top, `x` for members.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f)?;
        for rank in (0..10).rev() {
            for file in 0..9 {
                let sq = Square::from_coords(file, rank).expect("on board");
                f.write_str(if self.contains(sq) { " x" } else { " ." })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let a = Square::parse("a0").unwrap();
        let i9 = Square::parse("i9").unwrap();
        let bb = Bitboard::from_square(a).with(i9);
        assert_eq!(bb.count(), 2);
        assert!(bb.more_than_one());
        assert_eq!(bb.lsb(), Some(a));
        assert_eq!(bb.msb(), Some(i9));
        assert_eq!(bb.into_iter().collect::<Vec<_>>(), vec![a, i9]);
        assert_eq!((!bb).count(), 88);
        assert_eq!(Bitboard::FULL.count(), 90);
        assert!((!Bitboard::FULL).is_empty());
        assert_eq!(
            bb.flip_rank(),
            Bitboard::from_square(Square::parse("a9").unwrap()).with(Square::parse("i0").unwrap())
        );
        assert_eq!(bb.without(a), Bitboard::from_square(i9));
        assert_eq!(Bitboard::EMPTY.lsb(), None);
    }
}
