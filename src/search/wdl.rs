//! The win/draw/loss model behind UCI's `UCI_ShowWDL`: how often the side to move
//! wins, draws and loses from a score, by the material on the board, fitted to
//! Chariot's own self-play games (`tools/scripts/fit_wdl.py`; docs/gui.md says how).
//!
//! For each material level the model is two logistic curves in the side to move's
//! score `s` (engine units): `P(win) = σ((s − a) / b)`, `P(loss) = σ((−s − a) / b)`,
//! and the draw takes the rest. `a` is the score at which a win is even money, `b`
//! how quickly the odds turn; both come from the table [`MODEL`], interpolated
//! linearly between its material levels.

use super::params::MATE_BOUND;
use crate::board::{Color, PieceKind, Position};

/// The material measure of the fit: per piece of either side (kings not counted).
const fn weight(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Rook => 10,
        PieceKind::Horse | PieceKind::Cannon => 4,
        PieceKind::Advisor | PieceKind::Elephant => 2,
        PieceKind::Pawn => 1,
        PieceKind::King => 0,
    }
}

/// `(material, a, b)` by material, ascending: the fit's buckets of 8 by their middle
/// (`tools/scripts/fit_wdl.py` on 402,193 positions of `chariot-3` self-play: `datagen`
/// seeds 9623 and 9731, games packed by c87de34 with the net embedded then, the scores
/// the default build shows; refitted 2026-12-03. The bucket of material 0-7 had too few
/// positions and takes the first row. The earlier tables came from `chariot-2` and from
/// hand-crafted scores).
pub const MODEL: [(i32, f64, f64); 12] = [
    (12, 440.0, 88.0),
    (20, 420.0, 96.0),
    (28, 416.0, 118.0),
    (36, 380.0, 140.0),
    (44, 344.0, 192.0),
    (52, 272.0, 216.0),
    (60, 228.0, 232.0),
    (68, 224.0, 236.0),
    (76, 184.0, 264.0),
    (84, 164.0, 266.0),
    (92, 148.0, 274.0),
    (100, 144.0, 248.0),
];

/// The material on the board, as the model measures it.
pub fn material(pos: &Position) -> i32 {
    let mut total = 0;
    for color in Color::ALL {
        for kind in PieceKind::ALL {
            total += weight(kind) * pos.pieces(color, kind).count() as i32;
        }
    }
    total
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The model's `a` and `b` at `material`.
fn parameters(material: i32) -> (f64, f64) {
    let first = MODEL[0];
    let last = MODEL[MODEL.len() - 1];
    if material <= first.0 {
        return (first.1, first.2);
    }
    if material >= last.0 {
        return (last.1, last.2);
    }
    for pair in MODEL.windows(2) {
        let ((m0, a0, b0), (m1, a1, b1)) = (pair[0], pair[1]);
        if material <= m1 {
            let t = f64::from(material - m0) / f64::from(m1 - m0);
            return (a0 + t * (a1 - a0), b0 + t * (b1 - b0));
        }
    }
    (last.1, last.2)
}

/// Win, draw and loss for the side to move in permille (summing to 1000), for a
/// score of `score` with `material` on the board. Mate scores are certain.
pub fn wdl(score: i32, material: i32) -> [u32; 3] {
    if score >= MATE_BOUND {
        return [1000, 0, 0];
    }
    if score <= -MATE_BOUND {
        return [0, 0, 1000];
    }
    let (a, b) = parameters(material);
    let s = f64::from(score);
    let win = (1000.0 * sigmoid((s - a) / b)).round() as u32;
    let loss = (1000.0 * sigmoid((-s - a) / b)).round() as u32;
    let (win, loss) = (win.min(1000), loss.min(1000 - win.min(1000)));
    [win, 1000 - win - loss, loss]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn material_counts_both_sides() {
        // Two rooks, horses, cannons (4 each), advisors, elephants (2 each), five pawns.
        assert_eq!(
            material(&Position::startpos()),
            2 * (20 + 8 + 8 + 4 + 4 + 5)
        );
        let bare = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1").unwrap();
        assert_eq!(material(&bare), 0);
    }

    #[test]
    fn wdl_sums_to_a_thousand_and_follows_the_score() {
        let mut last_win = 0;
        for score in (-3000..=3000).step_by(50) {
            for m in [0, 30, 60, 98] {
                let [w, d, l] = wdl(score, m);
                assert_eq!(w + d + l, 1000, "{score} {m}");
            }
            let [w, _, l] = wdl(score, 60);
            assert!(w >= last_win, "{score}");
            last_win = w;
            // Symmetric: the other side's view swaps win and loss.
            let [w2, _, l2] = wdl(-score, 60);
            assert!(w.abs_diff(l2) <= 1 && l.abs_diff(w2) <= 1, "{score}");
        }
        assert_eq!(wdl(MATE_BOUND + 3, 40), [1000, 0, 0]);
        assert_eq!(wdl(-MATE_BOUND - 3, 40), [0, 0, 1000]);
        // Level: mostly drawn or balanced; far ahead: mostly won.
        let [w, _, l] = wdl(0, 60);
        assert_eq!(w, l);
        assert!(wdl(2000, 60)[0] > 900);
    }

    #[test]
    fn the_nnue_fit_is_in_force() {
        // At a bucket's middle a score of `a` is an even chance of winning (the
        // chariot-3 self-play fit: +272 at material 52; chariot-2's had +304, the
        // hand-crafted fit +320).
        assert_eq!(wdl(272, 52)[0], 500);
        // Between buckets the parameters are interpolated: halfway from 52 to 60.
        assert_eq!(wdl(250, 56)[0], 500);
        // With little material a level score is nearly always a draw.
        assert!(wdl(0, 12)[1] > 980);
    }
}
