//! Colours and pieces.

use std::fmt;
use std::num::NonZeroU8;
use std::ops::Not;

/// The two sides. Red moves first and sits on ranks 0..4.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    Red = 0,
    Black = 1,
}

impl Color {
    /// Both colours, Red first.
    pub const ALL: [Color; 2] = [Color::Red, Color::Black];

    /// 0 for Red, 1 for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The opponent.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Red => "red",
            Color::Black => "black",
        })
    }
}

/// The seven kinds of piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum PieceKind {
    /// 帅/将
    King = 0,
    /// 仕/士
    Advisor = 1,
    /// 相/象
    Elephant = 2,
    /// 马 (horse, knight)
    Horse = 3,
    /// 车 (chariot)
    Rook = 4,
    /// 炮
    Cannon = 5,
    /// 兵/卒
    Pawn = 6,
}

impl PieceKind {
    /// All kinds, in index order.
    pub const ALL: [PieceKind; 7] = [
        PieceKind::King,
        PieceKind::Advisor,
        PieceKind::Elephant,
        PieceKind::Horse,
        PieceKind::Rook,
        PieceKind::Cannon,
        PieceKind::Pawn,
    ];

    /// Index 0..7.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// How many of this kind one side has in the full set.
    pub const fn count_in_set(self) -> u32 {
        match self {
            PieceKind::King => 1,
            PieceKind::Pawn => 5,
            _ => 2,
        }
    }

    /// The FEN letter (upper case). Horse is `N`, elephant `B`.
    pub const fn fen_char(self) -> char {
        match self {
            PieceKind::King => 'K',
            PieceKind::Advisor => 'A',
            PieceKind::Elephant => 'B',
            PieceKind::Horse => 'N',
            PieceKind::Rook => 'R',
            PieceKind::Cannon => 'C',
            PieceKind::Pawn => 'P',
        }
    }

    /// The kind for a FEN letter of either case; `H` and `E` are accepted for horse and
    /// elephant.
    pub fn from_fen_char(c: char) -> Option<PieceKind> {
        Some(match c.to_ascii_uppercase() {
            'K' => PieceKind::King,
            'A' => PieceKind::Advisor,
            'B' | 'E' => PieceKind::Elephant,
            'N' | 'H' => PieceKind::Horse,
            'R' => PieceKind::Rook,
            'C' => PieceKind::Cannon,
            'P' => PieceKind::Pawn,
            _ => return None,
        })
    }

    /// English name.
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::King => "king",
            PieceKind::Advisor => "advisor",
            PieceKind::Elephant => "elephant",
            PieceKind::Horse => "horse",
            PieceKind::Rook => "rook",
            PieceKind::Cannon => "cannon",
            PieceKind::Pawn => "pawn",
        }
    }
}

/// A coloured piece, packed in a non-zero byte so `Option<Piece>` is one byte.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece(NonZeroU8);

impl Piece {
    /// Number of distinct pieces (7 kinds × 2 colours).
    pub const NUM: usize = 14;

    /// The piece of this colour and kind.
    #[inline]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        let code = 1 + kind as u8 + 7 * color as u8;
        match NonZeroU8::new(code) {
            Some(nz) => Piece(nz),
            None => unreachable!(),
        }
    }

    /// Its colour.
    #[inline]
    pub const fn color(self) -> Color {
        if self.0.get() > 7 {
            Color::Black
        } else {
            Color::Red
        }
    }

    /// Its kind.
    #[inline]
    pub const fn kind(self) -> PieceKind {
        PieceKind::ALL[((self.0.get() - 1) % 7) as usize]
    }

    /// Index 0..14 (`color * 7 + kind`).
    #[inline]
    pub const fn index(self) -> usize {
        (self.0.get() - 1) as usize
    }

    /// FEN letter: upper case for Red, lower case for Black.
    pub const fn fen_char(self) -> char {
        let c = self.kind().fen_char();
        match self.color() {
            Color::Red => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// The same kind in the other colour.
    #[inline]
    pub const fn flip_color(self) -> Piece {
        Piece::new(self.color().other(), self.kind())
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.fen_char())
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color(), self.kind().name())
    }
}

const _: () = assert!(std::mem::size_of::<Option<Piece>>() == 1);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_packing_round_trips() {
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let p = Piece::new(color, kind);
                assert_eq!(p.color(), color);
                assert_eq!(p.kind(), kind);
                assert_eq!(p.index(), color.index() * 7 + kind.index());
                assert_eq!(p.flip_color().flip_color(), p);
                assert_eq!(PieceKind::from_fen_char(p.fen_char()), Some(kind));
            }
        }
        assert_eq!(PieceKind::from_fen_char('h'), Some(PieceKind::Horse));
        assert_eq!(PieceKind::from_fen_char('E'), Some(PieceKind::Elephant));
        assert_eq!(PieceKind::from_fen_char('x'), None);
    }
}
