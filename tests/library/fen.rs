//! FEN: printing and parsing round trips, the accepted variants (H/E letters, `r` for
//! Red, missing trailing fields) and every error the parser and the validator report.

use crate::common;

use chariot::board::{
    Color, FenError, Piece, PieceKind, Position, PositionError, Setup, Square, START_FEN,
};

use common::perft_fens;

fn sq(text: &str) -> Square {
    Square::parse(text).unwrap()
}

/// Parses `fen`, expecting an error; checks that its message is not empty and mentions
/// each of `words`.
fn error(fen: &str, words: &[&str]) -> FenError {
    let err = match Position::from_fen(fen) {
        Ok(p) => panic!("{fen:?} should be rejected, parsed as {}", p.to_fen()),
        Err(e) => e,
    };
    let text = err.to_string();
    assert!(!text.is_empty(), "{fen:?}: empty message for {err:?}");
    for w in words {
        assert!(
            text.contains(w),
            "{fen:?}: message {text:?} ({err:?}) should mention {w:?}"
        );
    }
    err
}

fn red(kind: PieceKind) -> Piece {
    Piece::new(Color::Red, kind)
}

fn black(kind: PieceKind) -> Piece {
    Piece::new(Color::Black, kind)
}

// ----- round trips -------------------------------------------------------------------

#[test]
fn start_position_round_trips() {
    let p = Position::from_fen(START_FEN).unwrap();
    assert_eq!(p.to_fen(), START_FEN);
    assert_eq!(p, Position::startpos());
    assert_eq!(p.side_to_move(), Color::Red);
    assert_eq!(p.rule60_plies(), 0);
    assert_eq!(p.fullmove_number(), 1);
    assert_eq!(p.piece_at(sq("e0")), Some(red(PieceKind::King)));
    assert_eq!(p.piece_at(sq("e9")), Some(black(PieceKind::King)));
    assert_eq!(p.piece_at(sq("b2")), Some(red(PieceKind::Cannon)));
    assert_eq!(p.piece_at(sq("h7")), Some(black(PieceKind::Cannon)));
    assert_eq!(p.piece_at(sq("b0")), Some(red(PieceKind::Horse)));
    assert_eq!(p.piece_at(sq("g9")), Some(black(PieceKind::Elephant)));
    assert_eq!(p.piece_at(sq("i6")), Some(black(PieceKind::Pawn)));
    assert_eq!(p.piece_at(sq("e4")), None);
    assert_eq!(p.occupied().count(), 32);
}

#[test]
fn perft_positions_round_trip() {
    let fens = perft_fens();
    assert!(fens.len() >= 25);
    for fen in &fens {
        let p = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(&p.to_fen(), fen);
        let again = Position::from_fen(&p.to_fen()).unwrap();
        assert_eq!(again, p);
        assert_eq!(again.key(), p.key());
        // Setup::parse agrees with the position on every square.
        let setup = Setup::parse(fen).unwrap();
        assert_eq!(setup.side, p.side_to_move());
        assert_eq!(setup.rule60, p.rule60_plies());
        assert_eq!(setup.fullmove, p.fullmove_number());
        for s in Square::all() {
            assert_eq!(setup.board[s.index()], p.piece_at(s), "{fen}: {s}");
        }
        assert_eq!(Position::from_setup(&setup).unwrap(), p);
    }
}

#[test]
fn counters_and_side_are_kept() {
    let p = Position::from_fen(
        "r2ak1br1/4a4/c1n1b1n1c/pC2p1p1p/2p6/2P3P2/P3P3P/2N1C1N2/4A4/R1BAK1BR1 w - - 16 9",
    )
    .unwrap();
    assert_eq!(p.rule60_plies(), 16);
    assert_eq!(p.fullmove_number(), 9);
    let p = Position::from_fen(
        "rnb1kabnr/4a4/1C1c5/p1p1p1p1p/9/c7P/P1P1P1PC1/N5N2/4A3R/1RBA1KB2 b - - 19 10",
    )
    .unwrap();
    assert_eq!(p.side_to_move(), Color::Black);
    assert_eq!(p.rule60_plies(), 19);
    assert_eq!(p.fullmove_number(), 10);
    assert!(p.to_fen().ends_with(" b - - 19 10"));
}

#[test]
fn positions_reached_by_play_round_trip() {
    let mut p = Position::startpos();
    let line = [
        "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "e2e6", "g6g5",
    ];
    for (i, m) in line.iter().enumerate() {
        p.try_play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        let fen = p.to_fen();
        let q = Position::from_fen(&fen).unwrap();
        assert_eq!(q.to_fen(), fen);
        assert_eq!(q.key(), p.key());
        assert_eq!(q.side_to_move(), p.side_to_move());
        assert_eq!(q.fullmove_number(), 1 + (i as u16).div_ceil(2));
    }
    // e2e6 took a pawn: the counter restarted there, one ply ago.
    assert_eq!(p.rule60_plies(), 1);
    assert_eq!(
        p.to_fen(),
        "r1bakabr1/9/1cn3nc1/p1p1C3p/6p2/9/P1P1P1P1P/1C4N2/9/RNBAKABR1 w - - 1 5"
    );
}

// ----- accepted variants ---------------------------------------------------------------

#[test]
fn horse_and_elephant_aliases() {
    let std = Position::from_fen(START_FEN).unwrap();
    let alias = START_FEN
        .replace('N', "H")
        .replace('n', "h")
        .replace('B', "E")
        .replace('b', "e");
    assert!(alias.contains("rhea"));
    let p = Position::from_fen(&alias).unwrap();
    assert_eq!(p, std);
    assert_eq!(p.to_fen(), START_FEN, "printing uses N and B");
    // Mixed letters.
    let mixed = "rheakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAEHR w - - 0 1";
    assert_eq!(Position::from_fen(mixed).unwrap(), std);
}

#[test]
fn red_to_move_may_be_written_r() {
    let w = Position::from_fen(START_FEN).unwrap();
    let r = Position::from_fen(&START_FEN.replace(" w ", " r ")).unwrap();
    assert_eq!(r, w);
    assert_eq!(r.side_to_move(), Color::Red);
    assert_eq!(r.to_fen(), START_FEN);
    let fen = "3akabnr/r2n5/b8/2c5p/p1p3p1P/2PCP2N1/Pc4P2/3CBA3/R4R3/1NB1KA3 b - - 10 23";
    let b = Position::from_fen(fen).unwrap();
    assert_eq!(b.side_to_move(), Color::Black);
    // r and w differ from b only in the side (and the key).
    let as_red = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 r").unwrap();
    let as_black = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 b").unwrap();
    assert_eq!(as_red.side_to_move(), Color::Red);
    assert_eq!(as_black.side_to_move(), Color::Black);
    assert_ne!(as_red.key(), as_black.key());
    assert_ne!(as_red, as_black);
}

#[test]
fn trailing_fields_may_be_left_out() {
    let board = START_FEN.split_whitespace().next().unwrap();
    let full = Position::from_fen(START_FEN).unwrap();
    for fen in [
        board.to_string(),
        format!("{board} w"),
        format!("{board} w - -"),
        format!("{board} w - - 0"),
        format!("{board} w - - 0 1"),
        format!("  {board}   w  "),
    ] {
        let p = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen:?}: {e}"));
        assert_eq!(p, full, "{fen:?}");
        assert_eq!(p.to_fen(), START_FEN, "{fen:?}");
    }
    // Black to move, no counters: they default to 0 and 1.
    let p = Position::from_fen("2b2k3/1P1P4R/9/9/9/9/9/9/9/4K4 b").unwrap();
    assert_eq!(p.side_to_move(), Color::Black);
    assert_eq!(p.to_fen(), "2b2k3/1P1P4R/9/9/9/9/9/9/9/4K4 b - - 0 1");
    // Only the counter of plies: the move number defaults to 1.
    let p = Position::from_fen("2b2k3/1P1P4R/9/9/9/9/9/9/9/4K4 b - - 7").unwrap();
    assert_eq!(p.rule60_plies(), 7);
    assert_eq!(p.fullmove_number(), 1);
}

// ----- syntax errors --------------------------------------------------------------------

#[test]
fn empty_fen() {
    for fen in ["", "   ", "\t\n"] {
        let e = error(fen, &["empty"]);
        assert!(matches!(e, FenError::Empty), "{fen:?}: {e:?}");
    }
}

#[test]
fn wrong_number_of_ranks() {
    let e = error("rnbakabnr/9/1c5c1 w", &["3", "ranks"]);
    assert!(matches!(e, FenError::RankCount(3)), "{e:?}");
    let e = error(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR/9 w",
        &["11", "ranks"],
    );
    assert!(matches!(e, FenError::RankCount(11)), "{e:?}");
    let e = error(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        &["9", "ranks"],
    );
    assert!(matches!(e, FenError::RankCount(9)), "{e:?}");
    let e = error("w", &["1", "ranks"]);
    assert!(matches!(e, FenError::RankCount(1)), "{e:?}");
}

#[test]
fn rank_too_long_or_too_short() {
    // Rank 9 with ten files.
    let e = error(
        "rnbakabnrr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        &["rank 9"],
    );
    assert!(
        matches!(e, FenError::RankWidth { rank: 9, files: 10 }),
        "{e:?}"
    );
    // Rank 0 with eight.
    let e = error(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w",
        &["rank 0", "8"],
    );
    assert!(
        matches!(e, FenError::RankWidth { rank: 0, files: 8 }),
        "{e:?}"
    );
    // An empty rank (rank 8) and a digit run that overflows (rank 5).
    let e = error(
        "rnbakabnr//1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        &["rank 8"],
    );
    assert!(
        matches!(e, FenError::RankWidth { rank: 8, files: 0 }),
        "{e:?}"
    );
    let e = error(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/55/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        &["rank 5"],
    );
    assert!(
        matches!(e, FenError::RankWidth { rank: 5, files: 10 }),
        "{e:?}"
    );
    let e = error(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/8/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        &["rank 4"],
    );
    assert!(
        matches!(e, FenError::RankWidth { rank: 4, files: 8 }),
        "{e:?}"
    );
}

#[test]
fn unknown_piece_letter() {
    let e = error(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBQKABNR w",
        &["'Q'", "rank 0"],
    );
    assert!(
        matches!(
            e,
            FenError::UnknownPiece {
                rank: 0,
                found: 'Q'
            }
        ),
        "{e:?}"
    );
    let e = error(
        "rnbakabnr/9/1c5c1/p1p1x1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        &["'x'", "rank 6"],
    );
    assert!(
        matches!(
            e,
            FenError::UnknownPiece {
                rank: 6,
                found: 'x'
            }
        ),
        "{e:?}"
    );
    // 0 is not a run of empty points.
    let e = error(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/09/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        &["'0'", "rank 4"],
    );
    assert!(
        matches!(
            e,
            FenError::UnknownPiece {
                rank: 4,
                found: '0'
            }
        ),
        "{e:?}"
    );
}

#[test]
fn bad_side_to_move() {
    for side in ["x", "red", "bw", "-", "1"] {
        let fen =
            format!("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR {side} - - 0 1");
        let e = error(&fen, &[side, "side"]);
        assert!(matches!(&e, FenError::SideToMove(s) if s == side), "{e:?}");
    }
}

#[test]
fn bad_counters() {
    let board = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - -";
    for (tail, bad) in [
        ("x 1", "x"),
        ("0 y", "y"),
        ("-1 1", "-1"),
        ("0 70000", "70000"),
        ("1.5 1", "1.5"),
    ] {
        let fen = format!("{board} {tail}");
        let e = error(&fen, &[bad, "counter"]);
        assert!(
            matches!(&e, FenError::Counter(s) if s == bad),
            "{fen}: {e:?}"
        );
    }
}

// ----- placements that cannot arise ------------------------------------------------------

fn invalid(fen: &str, words: &[&str]) -> PositionError {
    match error(fen, words) {
        FenError::Invalid(e) => {
            assert!(!e.to_string().is_empty());
            e
        }
        other => panic!("{fen}: expected an invalid position, got {other:?}"),
    }
}

#[test]
fn missing_king() {
    let e = invalid("9/9/9/9/9/9/9/9/9/4K4 w", &["black", "no king"]);
    assert!(
        matches!(
            e,
            PositionError::KingCount {
                color: Color::Black,
                count: 0
            }
        ),
        "{e:?}"
    );
    let e = invalid("4k4/9/9/9/9/9/9/9/9/9 w", &["red", "no king"]);
    assert!(
        matches!(
            e,
            PositionError::KingCount {
                color: Color::Red,
                count: 0
            }
        ),
        "{e:?}"
    );
    let e = invalid("9/9/9/9/9/9/9/9/9/9 w", &["king"]);
    assert!(
        matches!(e, PositionError::KingCount { count: 0, .. }),
        "{e:?}"
    );
}

#[test]
fn two_kings() {
    let e = invalid("3k5/9/9/9/9/9/9/9/9/3KK4 w", &["red", "2 kings"]);
    assert!(
        matches!(
            e,
            PositionError::KingCount {
                color: Color::Red,
                count: 2
            }
        ),
        "{e:?}"
    );
    let e = invalid("3kk4/9/9/9/9/9/9/9/9/5K3 w", &["black", "2 kings"]);
    assert!(
        matches!(
            e,
            PositionError::KingCount {
                color: Color::Black,
                count: 2
            }
        ),
        "{e:?}"
    );
}

#[test]
fn too_many_pieces_of_a_kind() {
    let e = invalid("3k5/9/9/9/9/9/9/9/RRR6/4K4 w", &["red", "3 rooks"]);
    assert!(
        matches!(
            e,
            PositionError::TooMany {
                color: Color::Red,
                kind: PieceKind::Rook,
                count: 3
            }
        ),
        "{e:?}"
    );
    let e = invalid("3k5/9/9/9/9/9/pppppp3/9/9/4K4 w", &["black", "6 pawns"]);
    assert!(
        matches!(
            e,
            PositionError::TooMany {
                color: Color::Black,
                kind: PieceKind::Pawn,
                count: 6
            }
        ),
        "{e:?}"
    );
    let e = invalid("3k5/9/9/PPPPPP3/9/9/9/9/9/4K4 b", &["red", "6 pawns"]);
    assert!(
        matches!(
            e,
            PositionError::TooMany {
                color: Color::Red,
                kind: PieceKind::Pawn,
                count: 6
            }
        ),
        "{e:?}"
    );
    let e = invalid("3k5/9/9/9/9/9/9/9/1CCC5/4K4 b", &["3 cannons"]);
    assert!(
        matches!(
            e,
            PositionError::TooMany {
                kind: PieceKind::Cannon,
                count: 3,
                ..
            }
        ),
        "{e:?}"
    );
    let e = invalid("3k5/nnn6/9/9/9/9/9/9/9/4K4 w", &["3 horses"]);
    assert!(
        matches!(
            e,
            PositionError::TooMany {
                kind: PieceKind::Horse,
                count: 3,
                ..
            }
        ),
        "{e:?}"
    );
    // Two of each and five pawns are fine.
    assert!(Position::from_fen("3k5/9/9/PPPPP4/9/9/9/9/RRCCNN3/4K4 b").is_ok());
}

fn assert_bad_square(fen: &str, piece: Piece, square: &str) {
    let name = piece.to_string();
    let e = invalid(fen, &[&name, square]);
    assert!(
        matches!(e, PositionError::BadSquare { piece: p, square: s } if p == piece && s == sq(square)),
        "{fen}: {e:?}"
    );
}

#[test]
fn pieces_on_impossible_squares() {
    let rk = red(PieceKind::King);
    let ra = red(PieceKind::Advisor);
    let re = red(PieceKind::Elephant);
    let rp = red(PieceKind::Pawn);
    // Kings outside the palace.
    assert_bad_square("3k5/9/9/9/9/9/9/9/9/2K6 w", rk, "c0");
    assert_bad_square("3k5/9/9/9/9/9/4K4/9/9/9 w", rk, "e3");
    assert_bad_square("9/9/9/4k4/9/9/9/9/9/4K4 w", black(PieceKind::King), "e6");
    // Advisors off the five diagonal points.
    assert_bad_square("3k5/9/9/9/9/9/9/9/9/3KA4 w", ra, "e0");
    assert_bad_square("3k5/9/9/9/9/9/9/9/3A5/4K4 w", ra, "d1");
    assert_bad_square("3k5/9/9/9/9/9/9/2A6/9/4K4 w", ra, "c2");
    assert_bad_square(
        "3ka4/9/9/9/9/9/9/9/9/4K4 w",
        black(PieceKind::Advisor),
        "e9",
    );
    // Elephants off their seven points, including across the river.
    assert_bad_square("3k5/9/9/9/9/9/9/9/9/1B2K4 w", re, "b0");
    assert_bad_square("3k5/9/9/9/9/4B4/9/9/9/3K5 w", re, "e4");
    assert_bad_square("3k5/9/9/9/2B6/9/9/9/9/4K4 w", re, "c5");
    assert_bad_square("3k5/9/4B4/9/9/9/9/9/9/3K5 w", re, "e7");
    assert_bad_square(
        "3k5/9/9/9/9/2b6/9/9/9/4K4 w",
        black(PieceKind::Elephant),
        "c4",
    );
    // Red pawns behind their start, or on a file they cannot reach before the river.
    assert_bad_square("3k5/9/9/9/9/9/9/4P4/9/3K5 w", rp, "e2");
    assert_bad_square("3k5/9/9/9/9/9/9/9/9/P3K4 w", rp, "a0");
    assert_bad_square("3k5/9/9/9/9/9/1P7/9/9/4K4 w", rp, "b3");
    assert_bad_square("3k5/9/9/9/9/3P5/9/9/9/4K4 w", rp, "d4");
    // Black pawns behind their start (ranks 7-9, or rank 6/5 on an odd file).
    let bp = black(PieceKind::Pawn);
    assert_bad_square("3k5/9/4p4/9/9/9/9/9/9/4K4 w", bp, "e7");
    assert_bad_square("p2k5/9/9/9/9/9/9/9/9/4K4 w", bp, "a9");
    assert_bad_square("3k5/9/9/1p7/9/9/9/9/9/4K4 w", bp, "b6");
    assert_bad_square("3k5/9/9/9/5p3/9/9/9/9/4K4 w", bp, "f5");
    // ... while the reachable squares are accepted.
    for fen in [
        "3k5/9/9/9/9/9/9/3A5/4A4/4K4 w",   // advisors d2, e1
        "3k5/9/9/9/9/2B3B2/9/9/9/4K4 w",   // elephants c4, g4
        "3k5/9/9/9/9/2P3P2/P8/9/9/4K4 w",  // pawns c4, g4, a3
        "3k5/9/9/1P7/5P3/9/9/9/9/4K4 b",   // crossed pawns on any file
        "3k5/9/9/9/9/1p3p3/9/9/4p4/4K4 w", // black pawns across the river
        "3k5/9/9/4p4/2p6/9/9/9/9/4K4 w",   // black pawns e6, c5
    ] {
        assert!(
            Position::from_fen(fen).is_ok(),
            "{fen}: {:?}",
            Position::from_fen(fen)
        );
    }
}

#[test]
fn kings_facing_on_an_open_file() {
    let e = invalid("4k4/9/9/9/9/9/9/9/9/4K4 w", &["face"]);
    assert!(matches!(e, PositionError::KingsFacing), "{e:?}");
    let e = invalid("3k5/9/9/9/9/9/9/3K5/9/9 b", &["face"]);
    assert!(matches!(e, PositionError::KingsFacing), "{e:?}");
    // Any piece between them makes it legal.
    assert!(Position::from_fen("4k4/9/9/9/4p4/9/9/9/9/4K4 w").is_ok());
    assert!(Position::from_fen("3k5/9/3a5/9/9/9/9/3K5/9/9 b").is_ok());
}

#[test]
fn side_not_to_move_in_check() {
    // Red to move while the black king stands in the red rook's line.
    let e = invalid("4k4/9/9/9/9/9/9/9/4R4/3K5 w", &["check"]);
    assert!(matches!(e, PositionError::SideNotToMoveInCheck), "{e:?}");
    // The same with Black to move is an ordinary check.
    let p = Position::from_fen("4k4/9/9/9/9/9/9/9/4R4/3K5 b").unwrap();
    assert!(p.in_check());
    // By a horse, a cannon over a screen, a pawn.
    for fen in [
        "4k4/9/3N5/9/9/9/9/9/9/3K5 w",
        "4k4/9/9/9/4p4/9/9/4C4/9/3K5 w",
        "4k4/4P4/9/9/9/9/9/9/9/3K5 w",
        "3k5/9/9/9/9/9/9/9/9/3rK4 b",
    ] {
        let e = invalid(fen, &["check"]);
        assert!(
            matches!(e, PositionError::SideNotToMoveInCheck),
            "{fen}: {e:?}"
        );
    }
    // A horse with its leg blocked, a cannon without a screen: no check, accepted.
    assert!(Position::from_fen("4k4/3P5/3N5/9/9/9/9/9/9/3K5 w").is_ok());
    assert!(Position::from_fen("4k4/9/9/9/9/9/9/4C4/9/3K5 w").is_ok());
}

#[test]
fn error_types_convert_and_display() {
    let pe = PositionError::KingsFacing;
    let fe: FenError = pe.clone().into();
    assert_eq!(fe, FenError::Invalid(PositionError::KingsFacing));
    assert_eq!(fe.to_string(), pe.to_string());
    // Every variant prints something specific.
    let cases: Vec<(FenError, &str)> = vec![
        (FenError::Empty, "empty"),
        (FenError::RankCount(7), "7"),
        (FenError::RankWidth { rank: 3, files: 11 }, "11"),
        (
            FenError::UnknownPiece {
                rank: 2,
                found: 'z',
            },
            "'z'",
        ),
        (FenError::SideToMove("q".into()), "'q'"),
        (FenError::Counter("n".into()), "'n'"),
        (
            PositionError::KingCount {
                color: Color::Red,
                count: 0,
            }
            .into(),
            "no king",
        ),
        (
            PositionError::KingCount {
                color: Color::Black,
                count: 3,
            }
            .into(),
            "3 kings",
        ),
        (
            PositionError::TooMany {
                color: Color::Red,
                kind: PieceKind::Elephant,
                count: 3,
            }
            .into(),
            "elephant",
        ),
        (
            PositionError::BadSquare {
                piece: red(PieceKind::Advisor),
                square: sq("e0"),
            }
            .into(),
            "e0",
        ),
        (PositionError::KingsFacing.into(), "king"),
        (PositionError::SideNotToMoveInCheck.into(), "check"),
    ];
    for (e, word) in cases {
        let text = e.to_string();
        assert!(text.contains(word), "{e:?}: {text:?} lacks {word:?}");
    }
}

#[test]
fn counters_at_their_largest_saturate_and_take_back_exactly() {
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 65535 65535";
    let mut p = Position::from_fen(fen).unwrap();
    let before = p.to_fen();
    for text in ["h9g7", "h0g2", "g7h9", "g2h0"] {
        p.try_play(text).unwrap();
        assert_eq!(p.fullmove_number(), u16::MAX);
        assert_eq!(p.rule60_plies(), u16::MAX);
    }
    for _ in 0..4 {
        p.unmake_move();
    }
    assert_eq!(p.to_fen(), before);
    // One below the top: the first black move reaches it, and taking it back returns.
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 65534";
    let mut p = Position::from_fen(fen).unwrap();
    p.try_play("h9g7").unwrap();
    assert_eq!(p.fullmove_number(), u16::MAX);
    p.try_play("h0g2").unwrap();
    p.try_play("g7h9").unwrap();
    assert_eq!(p.fullmove_number(), u16::MAX);
    p.unmake_move();
    p.unmake_move();
    p.unmake_move();
    assert_eq!(p.fullmove_number(), 65534);
}
