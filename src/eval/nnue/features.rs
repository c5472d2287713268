//! The input features: one per piece per perspective, `side · 630 + kind · 90 +
//! square'` (`nets/README.md`), and the king mirroring of the nets that have it.

use crate::board::{Color, Piece, Square};

/// Input features per perspective: 2 sides × 7 kinds × 90 squares.
pub const INPUTS: usize = 1260;

/// The input feature of `piece` on `sq` seen from `perspective`:
/// `side · 630 + kind · 90 + square'`, where `side` is 0 for the perspective's own
/// pieces and `square'` has its rank turned for Black's perspective.
#[inline]
pub fn feature_index(perspective: Color, piece: Piece, sq: Square) -> usize {
    let side = usize::from(piece.color() != perspective);
    let sq = match perspective {
        Color::Red => sq,
        Color::Black => sq.flip_rank(),
    };
    side * 630 + piece.kind().index() * 90 + sq.index()
}

/// Whether a net with king mirroring mirrors `perspective`'s view of a position whose
/// `perspective` king stands on `king`: when the king is right of the middle file (file
/// index above 4, i.e. on the f-file of the palace).
#[inline]
pub fn king_mirrors(king: Square) -> bool {
    king.file() > 4
}

/// [`feature_index`] of a perspective that is mirrored left-right (`mirror`) or not.
#[inline]
pub fn feature_index_seen(perspective: Color, piece: Piece, sq: Square, mirror: bool) -> usize {
    let sq = if mirror { sq.mirror_file() } else { sq };
    feature_index(perspective, piece, sq)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{PieceKind, Position};

    #[test]
    fn feature_indices_follow_the_readme() {
        let red_rook = Piece::new(Color::Red, PieceKind::Rook);
        let a0 = Square::parse("a0").unwrap();
        // Red's perspective: own piece, kind 4, square 0.
        assert_eq!(feature_index(Color::Red, red_rook, a0), 4 * 90);
        // Black's perspective: the other side's piece, rank turned (a0 → a9 = 81).
        assert_eq!(feature_index(Color::Black, red_rook, a0), 630 + 4 * 90 + 81);
        let black_pawn = Piece::new(Color::Black, PieceKind::Pawn);
        let i6 = Square::parse("i6").unwrap();
        assert_eq!(
            feature_index(Color::Black, black_pawn, i6),
            6 * 90 + 3 * 9 + 8
        );
        assert_eq!(
            feature_index(Color::Red, black_pawn, i6),
            630 + 6 * 90 + 6 * 9 + 8
        );
    }

    #[test]
    fn colour_flip_swaps_the_perspectives() {
        let pos = Position::startpos();
        let flipped = pos.color_flipped();
        for sq in Square::all() {
            if let Some(piece) = pos.piece_at(sq) {
                let twin = flipped.piece_at(sq.flip_rank()).unwrap();
                for c in Color::ALL {
                    assert_eq!(
                        feature_index(c, piece, sq),
                        feature_index(!c, twin, sq.flip_rank())
                    );
                }
            }
        }
    }
}
