//! What both the Chinese and the WXF texts of a move describe: the piece, its file (or
//! which of several like pieces on it), the direction and the number ([`Shape`], from a
//! move), and a loosely read [`Description`] resolved to the one legal move it fits.
//! See the [module notes](super) for how the two notations use them.

use crate::board::{Color, Move, PieceKind, Position, Square};

use super::error::{NotationError, Problem};

/// Which way a move goes, from the mover's side.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Dir {
    /// 进, `+`: towards the enemy.
    Forward,
    /// 退, `-`: back.
    Backward,
    /// 平, `.`: along the rank.
    Sideways,
}

/// How a piece is told apart from like pieces on its file.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Tandem {
    /// Alone on its file (or an advisor/elephant): the file number names it.
    None,
    /// `index` (0 = front) of `count` like pieces on its file; no other file has two.
    InFile { index: usize, count: usize },
    /// Pawns on two files with two or more each: file plus `index` of `count`.
    TwoFiles { index: usize, count: usize },
}

/// Everything the Chinese and WXF texts of a move say.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Shape {
    pub color: Color,
    pub kind: PieceKind,
    /// The from-file, numbered 1..9 from the mover's right.
    pub file: u8,
    pub tandem: Tandem,
    pub dir: Dir,
    /// Ranks moved, or the destination file (1..9 from the mover's right).
    pub number: u8,
}

/// The file of `sq` numbered 1..9 from `color`'s right.
pub(crate) fn own_file(sq: Square, color: Color) -> u8 {
    match color {
        Color::Red => 9 - sq.file(),
        Color::Black => sq.file() + 1,
    }
}

/// Whether `kind` moves diagonally (its number is always a destination file).
pub(crate) fn is_diagonal(kind: PieceKind) -> bool {
    matches!(
        kind,
        PieceKind::Horse | PieceKind::Elephant | PieceKind::Advisor
    )
}

/// `color`'s pieces of `kind` on board file `file`, front (nearest the enemy) first.
pub(crate) fn file_column(pos: &Position, color: Color, kind: PieceKind, file: u8) -> Vec<Square> {
    let mut sqs: Vec<Square> = pos
        .pieces(color, kind)
        .into_iter()
        .filter(|s| s.file() == file)
        .collect();
    sqs.sort_by_key(|s| s.rank());
    if color == Color::Red {
        sqs.reverse();
    }
    sqs
}

/// Direction and number of a move of `kind` by `color` from `from` to `to`.
pub(crate) fn dir_and_number(color: Color, kind: PieceKind, from: Square, to: Square) -> (Dir, u8) {
    let up = i32::from(to.rank()) - i32::from(from.rank());
    let forward = match color {
        Color::Red => up,
        Color::Black => -up,
    };
    let dir = match forward {
        f if f > 0 => Dir::Forward,
        f if f < 0 => Dir::Backward,
        _ => Dir::Sideways,
    };
    let number = if dir == Dir::Sideways || is_diagonal(kind) {
        own_file(to, color)
    } else {
        forward.unsigned_abs() as u8
    };
    (dir, number)
}

/// The shape of `mv` in `pos`; `None` when no piece of the side to move stands on its
/// from-square.
pub(crate) fn shape(pos: &Position, mv: Move) -> Option<Shape> {
    let piece = pos.piece_at(mv.from())?;
    let color = piece.color();
    let kind = piece.kind();
    let (dir, number) = dir_and_number(color, kind, mv.from(), mv.to());
    let tandem = match kind {
        PieceKind::King | PieceKind::Advisor | PieceKind::Elephant => Tandem::None,
        _ => {
            let column = file_column(pos, color, kind, mv.from().file());
            let index = column.iter().position(|&s| s == mv.from()).unwrap_or(0);
            let count = column.len();
            if count < 2 {
                Tandem::None
            } else if kind == PieceKind::Pawn
                && (0..9u8)
                    .any(|f| f != mv.from().file() && file_column(pos, color, kind, f).len() >= 2)
            {
                Tandem::TwoFiles { index, count }
            } else {
                Tandem::InFile { index, count }
            }
        }
    };
    Some(Shape {
        color,
        kind,
        file: own_file(mv.from(), color),
        tandem,
        dir,
        number,
    })
}

/// Which of several like pieces on a file a text names.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Place {
    /// 前, `+`: the front one.
    Front,
    /// 中: the middle one of three (or five).
    Middle,
    /// 后, `-`: the rear one.
    Rear,
    /// 一..五: the n-th from the front (1-based).
    Nth(u8),
}

/// A loosely read move: what the text said, each part optional but the number.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct Description {
    pub kind: Option<PieceKind>,
    pub file: Option<u8>,
    pub place: Option<Place>,
    pub dir: Option<Dir>,
    pub number: u8,
}

impl Description {
    /// Whether the legal move `mv` of `pos` fits this description.
    fn fits(&self, pos: &Position, mv: Move) -> bool {
        let Some(piece) = pos.piece_at(mv.from()) else {
            return false;
        };
        let (color, kind) = (piece.color(), piece.kind());
        if self.kind.is_some_and(|k| k != kind) {
            return false;
        }
        if self.file.is_some_and(|f| f != own_file(mv.from(), color)) {
            return false;
        }
        let (dir, number) = dir_and_number(color, kind, mv.from(), mv.to());
        if self.dir.is_some_and(|d| d != dir) || number != self.number {
            return false;
        }
        if let Some(place) = self.place {
            let column = file_column(pos, color, kind, mv.from().file());
            let n = column.len();
            let Some(i) = column.iter().position(|&s| s == mv.from()) else {
                return false;
            };
            let ok = n >= 2
                && match place {
                    Place::Front => i == 0,
                    Place::Rear => i == n - 1,
                    Place::Middle => n % 2 == 1 && i == n / 2,
                    Place::Nth(k) => usize::from(k) == i + 1,
                };
            if !ok {
                return false;
            }
        }
        true
    }

    /// The one legal move of `pos` that fits.
    ///
    /// # Errors
    /// When none or several fit.
    pub(crate) fn resolve(&self, pos: &Position, text: &str) -> Result<Move, NotationError> {
        let mut fits: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|&m| self.fits(pos, m))
            .collect();
        if self.dir.is_none() && fits.len() > 1 {
            // The short form (炮25) leaves the direction out; when it could be read more
            // than one way, the traverse is meant (车12 = 车一平二 in the documents).
            let sideways = Description {
                dir: Some(Dir::Sideways),
                ..*self
            };
            let traverses: Vec<Move> = fits
                .iter()
                .copied()
                .filter(|&m| sideways.fits(pos, m))
                .collect();
            if traverses.len() == 1 {
                fits = traverses;
            }
        }
        match fits.as_slice() {
            [mv] => Ok(*mv),
            [] => Err(NotationError::new(text, Problem::NoLegalMove)),
            _ => Err(NotationError::new(text, Problem::Ambiguous(fits))),
        }
    }
}
