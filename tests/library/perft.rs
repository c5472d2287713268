//! The perft suite: every count in `tests/data/perft.epd` (cross-checked by two
//! independent generators), for each position and for its colour-flipped and
//! left-right mirrored twins.

use crate::common;

use chariot::board::{perft, Position};

use common::perft_cases;

/// Perft over the positions whose deepest count is at most `limit` leaves, in
/// parallel over the root moves.
fn check_all(limit: u64, transform: fn(&Position) -> Position) {
    let cases = perft_cases();
    assert!(cases.len() >= 25, "the suite has {} positions", cases.len());
    for case in &cases {
        let pos = transform(
            &Position::from_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.fen)),
        );
        for &(depth, expected) in &case.counts {
            if expected > limit {
                continue;
            }
            let got = perft::perft_parallel(&pos, depth, 2);
            assert_eq!(got, expected, "perft {depth} of {}", case.fen);
        }
    }
}

#[test]
fn every_count_in_the_suite() {
    // Release builds check everything; an unoptimised build checks the shallow part.
    let limit = if cfg!(debug_assertions) {
        200_000
    } else {
        u64::MAX
    };
    check_all(limit, Position::clone);
}

#[test]
fn colour_flipped_positions_have_the_same_counts() {
    check_all(
        if cfg!(debug_assertions) {
            20_000
        } else {
            4_000_000
        },
        Position::color_flipped,
    );
}

#[test]
fn mirrored_positions_have_the_same_counts() {
    check_all(
        if cfg!(debug_assertions) {
            20_000
        } else {
            4_000_000
        },
        Position::mirrored,
    );
}

#[test]
fn sequential_and_parallel_agree() {
    let case = &perft_cases()[2];
    let mut pos = Position::from_fen(&case.fen).unwrap();
    let (depth, expected) = case.counts[3];
    assert_eq!(perft::perft(&mut pos, depth), expected);
    assert_eq!(perft::perft_parallel(&pos, depth, 2), expected);
    let divide = perft::divide(&pos, depth, 1);
    assert_eq!(divide.len() as u64, case.counts[0].1);
    assert_eq!(divide.iter().map(|&(_, n)| n).sum::<u64>(), expected);
}
