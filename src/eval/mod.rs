//! Static evaluation: the documents' piece values tapered by phase, piece-square
//! tables and the positional terms of [`hce`] (the hand-crafted evaluation, HCE), and
//! the neural network of [`nnue`]. Scores are centipawn-like: one document point is 100.
//! The search picks one of the two (`search::Config::net`); the HCE adds [`TEMPO`], the
//! net's output already is the side to move's score and gets none.

pub mod feature;
pub mod hce;
pub mod material;
pub mod nnue;
mod weights;

use std::fmt::Write;

use crate::board::{Color, Position};

/// Bonus for the side to move.
pub const TEMPO: i32 = 10;

/// The static score from the side to move's point of view.
pub fn evaluate(pos: &Position) -> i32 {
    let red = hce::red_score(pos);
    let stm = if pos.side_to_move() == Color::Red {
        red
    } else {
        -red
    };
    stm + TEMPO
}

/// Reads one term of a side's breakdown.
type TermGetter = fn(&hce::Terms) -> material::Score;

/// The `eval` command's report: every term per side, the phase, scaling and totals.
pub fn trace(pos: &Position) -> String {
    let b = hce::breakdown(pos);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "      term         |    red mg    eg |  black mg    eg |  red-black (tapered)"
    );
    let _ = writeln!(
        out,
        "-------------------+------------------+------------------+---------------------"
    );
    let rows: [(&str, TermGetter); 7] = [
        ("material", |t| t.material),
        ("placement", |t| t.placement),
        ("mobility", |t| t.mobility),
        ("missing defenders", |t| t.missing_defenders),
        ("king safety", |t| t.king_safety),
        ("threats", |t| t.threats),
        ("total", |t| t.total()),
    ];
    for (name, get) in rows {
        let (r, k) = (get(&b.terms[0]), get(&b.terms[1]));
        // Tapered after the difference, as the evaluation is, so that the total's
        // column is the score before the win scale (not off by a rounding).
        let diff = (r - k).taper(b.phase);
        let _ = writeln!(
            out,
            "{name:>18} | {:>8} {:>5} | {:>8} {:>5} | {:>10}",
            r.mg, r.eg, k.mg, k.eg, diff
        );
    }
    let _ = writeln!(
        out,
        "phase {} of {} (middlegame weight)",
        b.phase,
        material::PHASE_MAX
    );
    let _ = writeln!(
        out,
        "win scale: red {}/16, black {}/16",
        b.scale[0], b.scale[1]
    );
    let _ = writeln!(out, "final (red's view): {} cp", b.red_score);
    let stm = evaluate(pos);
    let _ = write!(out, "final (side to move, incl. tempo {TEMPO}): {stm} cp");
    out
}

/// The `eval` report with the network's score beside the HCE trace: `net` is the
/// loaded network, if any, and `in_use` whether the search uses it.
pub fn trace_with_nnue(pos: &Position, net: Option<&nnue::Network>, in_use: bool) -> String {
    let mut out = trace(pos);
    match net {
        Some(net) => {
            let stm = net.evaluate(pos);
            let red = if pos.side_to_move() == Color::Red {
                stm
            } else {
                -stm
            };
            let _ = write!(
                out,
                "\nNNUE (net {:016x}, {}): {stm} cp side to move, {red} cp red's view",
                net.hash(),
                if in_use {
                    "in use"
                } else {
                    "off: the search uses the HCE"
                }
            );
        }
        None => {
            let _ = write!(out, "\nNNUE: no network loaded (the search uses the HCE)");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn positions() -> Vec<Position> {
        let mut out = Vec::new();
        let mut state = 99u64;
        for line in include_str!("../../tests/data/perft.epd").lines() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let mut pos = Position::from_fen(line.split(';').next().unwrap()).unwrap();
            for _ in 0..30 {
                out.push(pos.clone());
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                pos.make_move(moves[(state % moves.len() as u64) as usize]);
            }
        }
        out
    }

    #[test]
    fn colour_flip_and_mirror_score_the_same() {
        let all = positions();
        assert!(all.len() > 500);
        for pos in &all {
            let e = evaluate(pos);
            assert_eq!(e, evaluate(&pos.color_flipped()), "{}", pos.to_fen());
            assert_eq!(e, evaluate(&pos.mirrored()), "{}", pos.to_fen());
        }
    }

    #[test]
    fn start_position_is_balanced_and_material_counts() {
        let start = Position::startpos();
        assert_eq!(evaluate(&start), TEMPO);
        // Red a rook up: clearly better for Red.
        let up = Position::from_fen(
            "rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        )
        .unwrap();
        assert!(evaluate(&up) > 700, "{}", evaluate(&up));
        let down = Position::from_fen(
            "rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
        )
        .unwrap();
        assert!(evaluate(&down) < -700);
    }

    #[test]
    fn drawish_material_scales_toward_zero() {
        // A lone horse against a king with full advisors and elephants.
        let pos = Position::from_fen("2bakab2/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1").unwrap();
        assert!(evaluate(&pos).abs() < 60, "{}", evaluate(&pos));
        // 单车难破士象全: a lone rook does not beat full advisors and elephants (it
        // scores under half a horse)...
        let rook = Position::from_fen("2bakab2/9/9/9/9/9/9/9/R8/3K5 w - - 0 1").unwrap();
        assert!(evaluate(&rook).abs() < 250, "{}", evaluate(&rook));
        // ...but against a bare king it is winning (and scores far more). A horse
        // mates a bare king (马胜光将) and scores like it; a lone cannon cannot (it
        // has no screen) and is scaled down while still counting as better, until an
        // advisor gives it one (炮仕胜光将; tests/endgames.rs solves these).
        let bare = Position::from_fen("4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1").unwrap();
        assert!(evaluate(&bare) > 700, "{}", evaluate(&bare));
        assert!(evaluate(&bare) > 4 * evaluate(&rook));
        let horse = Position::from_fen("4k4/9/9/9/9/9/9/9/N8/3K5 w - - 0 1").unwrap();
        assert!(evaluate(&horse) > 300, "{}", evaluate(&horse));
        let cannon = Position::from_fen("4k4/9/9/9/9/9/9/9/C8/3K5 w - - 0 1").unwrap();
        assert!(
            evaluate(&cannon) > 0 && evaluate(&cannon) < 150,
            "{}",
            evaluate(&cannon)
        );
        let screened = Position::from_fen("4k4/9/9/9/9/9/9/9/C3A4/3K5 w - - 0 1").unwrap();
        assert!(evaluate(&screened) > 300, "{}", evaluate(&screened));
    }

    #[test]
    fn features_are_symmetric_and_weigh_to_the_evaluation() {
        use hce::{features, WEIGHTS};
        for pos in &positions() {
            let f = features(pos);
            // Flipped colours: every count changes sign; mirrored: all stay.
            let flipped = features(&pos.color_flipped());
            let negated: Vec<(u16, i16)> = f.counts.iter().map(|&(i, c)| (i, -c)).collect();
            assert_eq!(flipped.counts, negated, "{}", pos.to_fen());
            assert_eq!(
                features(&pos.mirrored()).counts,
                f.counts,
                "{}",
                pos.to_fen()
            );
            // The weighted sum of the features is the evaluation.
            let sum = f.counts.iter().fold(material::Score::ZERO, |acc, &(i, c)| {
                acc + WEIGHTS[i as usize] * i32::from(c)
            });
            let raw = sum.taper(f.phase);
            let ahead = if raw > 0 { 0 } else { 1 };
            assert_eq!(raw * f.scale[ahead] / 16, hce::red_score(pos));
            assert!(f.counts.iter().all(|&(i, _)| (i as usize) < feature::COUNT));
        }
    }

    #[test]
    fn the_checks_the_enemy_has_and_linked_defenders_are_counted() {
        use feature::*;
        use hce::features;
        let count = |fen: &str, f: usize| {
            let pos = Position::from_fen(fen).unwrap();
            features(&pos)
                .counts
                .iter()
                .find(|&&(i, _)| i as usize == f)
                .map_or(0, |&(_, c)| c)
        };
        // Black's rook on a5 checks from a0 (along rank 0) and from e5 (down file e);
        // nothing of Red's guards either. Red to move, then Black.
        let rook = "3k5/9/9/9/r8/9/9/9/9/4K4";
        assert_eq!(count(&format!("{rook} w - - 0 1"), SAFE_CHECKS_OURS), 2);
        assert_eq!(count(&format!("{rook} w - - 0 1"), SAFE_CHECKS_THEIRS), 0);
        assert_eq!(count(&format!("{rook} b - - 0 1"), SAFE_CHECKS_THEIRS), 2);
        // A rook on the king's file behind a piece does not check from there; a cannon
        // does from beyond its screen: with Red's advisor on e1, Black's cannon on c4
        // checks from e4 only (c0 has no screen). On d0 the other advisor guards e1's.
        let cannon = "3k5/9/9/9/9/2c6/9/9/4A4/4K4 w - - 0 1";
        assert_eq!(count(cannon, SAFE_CHECKS_OURS + 2), 1);
        assert_eq!(count(cannon, SAFE_CHECKS_OURS), 0);
        assert_eq!(count(cannon, LINKED_DEFENDERS), 0);
        let linked = "3k5/9/9/9/9/2c6/9/9/4A4/3AK4 w - - 0 1";
        assert_eq!(count(linked, LINKED_DEFENDERS), 1);
        // A horse checks e0 from d2, f2, c1 or g1 (legs d1 and f1 empty): Black's on c4
        // reaches d2 alone.
        let horse = "3k5/9/9/9/9/2n6/9/9/9/4K4 w - - 0 1";
        assert_eq!(count(horse, SAFE_CHECKS_OURS + 1), 1);
        // The rook on a5 attacks none of the red king's steps d0, f0 and e1.
        assert_eq!(count(&format!("{rook} w - - 0 1"), KING_MOBILITY + 3), 1);
        // Black's rook on e5 pins Red's horse on e3 to the king; with a second rook it
        // has the pair.
        let pin = "3k5/9/9/9/4r4/9/4N4/9/9/4K4 w - - 0 1";
        assert_eq!(count(pin, ROOK_PINS), 1);
        assert_eq!(count(pin, PAIRS), 0);
        let two = "3k5/9/9/9/r3r4/9/4N4/9/9/4K4 w - - 0 1";
        assert_eq!(count(two, PAIRS), -1);
    }

    #[test]
    fn material_weights_start_from_the_documents_values() {
        use crate::board::PieceKind;
        // The documents' values in points (100 here), middlegame → endgame: rook 10;
        // cannon 5 → 4.5; horse 4 → 4.7; advisor and elephant 2 → 3. The king has
        // none, and the pawn's (0.5 before the river, more across it) is in its
        // placement tables.
        let documents = [
            (PieceKind::Rook, (1000, 1000)),
            (PieceKind::Cannon, (500, 450)),
            (PieceKind::Horse, (400, 470)),
            (PieceKind::Advisor, (200, 300)),
            (PieceKind::Elephant, (200, 300)),
            (PieceKind::King, (0, 0)),
            (PieceKind::Pawn, (0, 0)),
        ];
        assert_eq!(documents.len(), PieceKind::ALL.len());
        for (kind, (mg, eg)) in documents {
            assert_eq!(
                material::value(kind),
                material::Score::new(mg, eg),
                "{kind:?}"
            );
            // `tune -free-material` fits the others; the rook stays the unit and the
            // king and the pawn stay zero, and a fitted value stays within a fifth
            // of the documents'.
            let w = hce::WEIGHTS[feature::MATERIAL + kind.index()];
            if matches!(kind, PieceKind::Rook | PieceKind::King | PieceKind::Pawn) {
                assert_eq!((w.mg, w.eg), (mg, eg), "{kind:?}");
            }
            for (fitted, given) in [(w.mg, mg), (w.eg, eg)] {
                assert!((fitted - given).abs() * 5 <= given, "{kind:?}: {w:?}");
            }
        }
    }

    /// The numbers of a trace row after its label: red mg, eg, black mg, eg, tapered.
    fn row(text: &str, label: &str) -> [i32; 5] {
        let line = text
            .lines()
            .find(|l| l.split('|').next().is_some_and(|n| n.trim() == label))
            .unwrap_or_else(|| panic!("no {label} row:\n{text}"));
        let nums: Vec<i32> = line
            .split('|')
            .skip(1)
            .flat_map(str::split_whitespace)
            .map(|n| n.parse().unwrap())
            .collect();
        nums.try_into().unwrap()
    }

    /// The first integer after `prefix` on the line that starts with it.
    fn number_after(text: &str, prefix: &str) -> i32 {
        let rest = text
            .lines()
            .find_map(|l| l.strip_prefix(prefix))
            .unwrap_or_else(|| panic!("no '{prefix}':\n{text}"));
        let n: String = rest
            .trim_start()
            .chars()
            .take_while(|c| *c == '-' || c.is_ascii_digit())
            .collect();
        n.parse().unwrap()
    }

    #[test]
    fn trace_terms_add_up_to_the_evaluation() {
        const TERMS: [&str; 6] = [
            "material",
            "placement",
            "mobility",
            "missing defenders",
            "king safety",
            "threats",
        ];
        let mut ahead_black = 0;
        for pos in positions().iter().step_by(7) {
            let text = trace(pos);
            let total = row(&text, "total");
            for (col, &want) in total.iter().enumerate().take(4) {
                let sum: i32 = TERMS.iter().map(|t| row(&text, t)[col]).sum();
                assert_eq!(sum, want, "column {col}:\n{text}");
            }
            // Each row's tapered difference from its printed numbers and the phase.
            let phase = number_after(&text, "phase");
            let max = material::PHASE_MAX;
            let taper = |mg: i32, eg: i32| (mg * phase + eg * (max - phase)) / max;
            let tapered = |r: [i32; 5]| taper(r[0] - r[2], r[1] - r[3]);
            for t in TERMS {
                assert_eq!(row(&text, t)[4], tapered(row(&text, t)), "{t}:\n{text}");
            }
            let diff = tapered(total);
            assert_eq!(total[4], diff, "{text}");
            // The side ahead's win scale, then the side to move's view with the tempo.
            let scale_red = number_after(&text, "win scale: red");
            let scale_black = number_after(&text, &format!("win scale: red {scale_red}/16, black"));
            let scale = if diff > 0 { scale_red } else { scale_black };
            ahead_black += i32::from(diff < 0);
            let red = number_after(&text, "final (red's view):");
            assert_eq!(red, diff * scale / 16, "{text}");
            let stm = number_after(
                &text,
                &format!("final (side to move, incl. tempo {TEMPO}):"),
            );
            let sign = if pos.side_to_move() == Color::Red {
                1
            } else {
                -1
            };
            assert_eq!(stm, sign * red + TEMPO, "{text}");
            assert_eq!(stm, evaluate(pos), "{text}");
        }
        assert!(ahead_black > 0, "no position with Black ahead");
    }
}
