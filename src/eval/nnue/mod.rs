//! The NNUE evaluation (architectures 1 and 2 of `nets/README.md`): `(1260 → H)×2 → 1`
//! with SCReLU, and the same with 8 output buckets chosen by the number of pieces; the
//! hidden layer `H` is 256 neurons or any other width of [`WIDTHS`] (the code is generic
//! over it, each width compiled on its own so that every loop knows its length).
//!
//! - [`net`]: the network file (header checks, FNV-1a hash, weights) and a full-refresh
//!   [`Network::evaluate`].
//! - [`accumulator`]: the per-ply accumulator stack that the search pushes and pops
//!   beside make/unmake (`board/` knows nothing of it).
//! - [`output`]: the output layer, an AVX2 path and a scalar path with identical
//!   results.
//!
//! The default net is embedded in the binary ([`embedded`]); the `EvalFile` option
//! loads another.

pub mod accumulator;
pub mod net;
pub mod output;

use std::sync::Arc;

use once_cell::sync::Lazy;

pub use accumulator::{AccumulatorStack, AccumulatorValues};
pub use net::{fnv1a64, NetError, Network};

use crate::board::{Color, Piece, Square};

/// Input features per perspective: 2 sides × 7 kinds × 90 squares.
pub const INPUTS: usize = 1260;
/// Hidden neurons per perspective of the first nets (and of every version-1 file).
pub const HIDDEN: usize = 256;
/// The hidden-layer widths the engine reads (version-2 files state theirs).
pub const WIDTHS: [usize; 5] = [256, 384, 512, 768, 1024];
/// The clamp of the activation (and the quantisation of the first layer).
pub const QA: i32 = 255;
/// The quantisation of the output weights.
pub const QB: i32 = 64;

/// The name the `EvalFile` option shows for the embedded net.
pub const EMBEDDED_NAME: &str = "<embedded>";

/// A 64-byte aligned value (cache line; also what AVX2/AVX-512 loads like best).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Aligned<T>(pub T);

/// One value per hidden neuron: a weight column of a feature, a bias, an accumulator.
pub type Column<const H: usize> = Aligned<[i16; H]>;

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

/// The default network file, compiled into the binary.
static EMBEDDED_BYTES: &[u8] = include_bytes!("../../../nets/chariot-3.nnue");

/// The embedded network, parsed on first use.
static EMBEDDED: Lazy<Result<Arc<Network>, NetError>> =
    Lazy::new(|| Network::from_bytes(EMBEDDED_BYTES).map(Arc::new));

/// The default network (embedded with `include_bytes!`), parsed once. An error means
/// the embedded file is not a valid net: callers fall back to the hand-crafted
/// evaluation.
///
/// # Errors
/// Why the embedded bytes were refused.
pub fn embedded() -> Result<Arc<Network>, NetError> {
    EMBEDDED.clone()
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

    #[test]
    fn the_embedded_net_is_valid() {
        let net = embedded().expect("nets/chariot-3.nnue is a valid net");
        let start = Position::startpos();
        assert_eq!(net.evaluate(&start), net.evaluate(&start.color_flipped()));
    }
}
