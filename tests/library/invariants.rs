//! Make/unmake invariants over random games: after every make the incremental key,
//! bitboards, mailbox and file occupancy agree with a recomputation; every unmake
//! restores the position exactly.

use crate::common;

use chariot::board::{Color, Move, PieceKind, Position, Square, START_FEN};

use common::{perft_fens, Rng};

/// Every bitboard and square of the position, for exact comparison.
fn snapshot(pos: &Position) -> Vec<u128> {
    let mut out = Vec::new();
    for color in Color::ALL {
        out.push(pos.color_pieces(color).0);
        for kind in PieceKind::ALL {
            out.push(pos.pieces(color, kind).0);
        }
    }
    out.extend(Square::all().map(|sq| pos.piece_at(sq).map_or(0, |p| p.index() as u128 + 1)));
    out.push(u128::from(pos.key()));
    out.push(u128::from(pos.rule60_plies()));
    out.push(u128::from(pos.fullmove_number()));
    out.push(pos.side_to_move() as u128);
    out.push(pos.history().len() as u128);
    out
}

fn start_fens() -> Vec<String> {
    let mut fens = vec![START_FEN.to_string()];
    fens.extend(perft_fens());
    fens
}

#[test]
fn make_unmake_restores_everything_over_random_games() {
    let mut rng = Rng(0x0123_4567_89AB_CDEF);
    let mut plies = 0;
    for fen in start_fens() {
        for _game in 0..6 {
            let mut pos = Position::from_fen(&fen).unwrap();
            for _ in 0..150 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    assert!(pos.is_checkmate() || pos.is_stalemate());
                    break;
                }
                let before = snapshot(&pos);
                for &mv in &moves {
                    pos.make_move(mv);
                    pos.assert_consistent();
                    assert_eq!(pos.key(), pos.compute_key());
                    assert_eq!(pos.history().last().unwrap().mv, mv);
                    pos.unmake_move();
                    assert_eq!(snapshot(&pos), before, "after {mv} from {}", pos.to_fen());
                }
                let mv = moves[rng.below(moves.len())];
                pos.make_move(mv);
                plies += 1;
                // The FEN round-trips at every point of the game.
                assert_eq!(
                    Position::from_fen(&pos.to_fen()).unwrap().to_fen(),
                    pos.to_fen()
                );
            }
            // Unwinding the whole game returns to the start.
            let start = Position::from_fen(&fen).unwrap();
            while !pos.history().is_empty() {
                pos.unmake_move();
            }
            assert_eq!(snapshot(&pos), snapshot(&start));
        }
    }
    assert!(plies > 10_000, "only {plies} plies played");
}

#[test]
fn transpositions_have_equal_keys() {
    let play = |moves: &[&str]| {
        let mut pos = Position::startpos();
        for m in moves {
            pos.try_play(m).unwrap();
        }
        pos
    };
    let a = play(&["h2e2", "h9g7", "b0c2", "i9h9"]);
    let b = play(&["b0c2", "h9g7", "h2e2", "i9h9"]);
    assert_eq!(a.key(), b.key());
    assert_eq!(a.to_fen(), b.to_fen());
    let c = play(&["h2e2", "h9g7", "b0c2"]);
    assert_ne!(a.key(), c.key(), "side to move is part of the key");
    assert_eq!(a.key(), a.compute_key());
    assert_ne!(Position::startpos().key(), 0);
}

/// The key another process (the engine's `d`) prints for the position after `moves`.
fn key_in_another_process(moves: &str) -> String {
    let script = format!("uci\nposition startpos moves {moves}\nd\nquit\n");
    let lines = common::session(script.as_bytes());
    lines
        .iter()
        .find_map(|l| l.strip_prefix("Key: "))
        .unwrap_or_else(|| panic!("no key in:\n{}", lines.join("\n")))
        .to_string()
}

#[test]
fn keys_are_fixed_from_run_to_run() {
    // A key drawn at random per run would differ between this process and the
    // engine's; the key is part of what the table and the repetition rules compare.
    for moves in ["", "h2e2", "h2e2 h9g7 b0c2 i9h9"] {
        let mut pos = Position::startpos();
        for m in moves.split_whitespace() {
            pos.try_play(m).unwrap();
        }
        assert_eq!(
            key_in_another_process(moves),
            format!("{:016X}", pos.key()),
            "after '{moves}'"
        );
    }
}

#[test]
fn colour_flip_and_mirror_map_the_legal_moves() {
    let mut rng = Rng(42);
    for fen in start_fens() {
        let mut pos = Position::from_fen(&fen).unwrap();
        for _ in 0..40 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mut flipped: Vec<Move> = pos.color_flipped().legal_moves().to_vec();
            let mut expected: Vec<Move> = moves.iter().map(|m| m.flip_rank()).collect();
            flipped.sort_by_key(|m| m.raw());
            expected.sort_by_key(|m| m.raw());
            assert_eq!(flipped, expected, "{}", pos.to_fen());
            let mut mirrored: Vec<Move> = pos.mirrored().legal_moves().to_vec();
            let mut expected: Vec<Move> = moves.iter().map(|m| m.mirror_file()).collect();
            mirrored.sort_by_key(|m| m.raw());
            expected.sort_by_key(|m| m.raw());
            assert_eq!(mirrored, expected, "{}", pos.to_fen());
            assert_eq!(pos.color_flipped().color_flipped().to_fen(), pos.to_fen());
            pos.make_move(moves[rng.below(moves.len())]);
        }
    }
}

#[test]
fn illegal_and_malformed_moves_are_refused_and_change_nothing() {
    let mut pos = Position::startpos();
    let before = snapshot(&pos);
    for bad in [
        "",
        "h2",
        "h2e3",
        "e0e2",
        "a0a5x",
        "z9z8",
        "h7e7",
        "e0e1e2",
        "\u{0}\u{1}ab",
        "h2h2",
    ] {
        assert!(pos.try_play(bad).is_err(), "{bad:?} was accepted");
        assert_eq!(snapshot(&pos), before);
    }
    assert!(pos.try_play("h2e2").is_ok());
    assert!(pos.try_play("h2e2").is_err(), "Red cannot move twice");
}

/// An independent, slow legality oracle over a plain mailbox: is `color`'s king
/// attacked (or facing the other king)?
fn naive_king_attacked(board: &[Option<chariot::board::Piece>; 90], color: Color) -> bool {
    let at = |f: i32, r: i32| -> Option<Option<chariot::board::Piece>> {
        Square::from_coords(f, r).map(|s| board[s.index()])
    };
    let king = Square::all()
        .find(|s| {
            board[s.index()].is_some_and(|p| p.color() == color && p.kind() == PieceKind::King)
        })
        .expect("king");
    let (kf, kr) = (king.file() as i32, king.rank() as i32);
    let enemy = |p: chariot::board::Piece, kind: PieceKind| p.color() != color && p.kind() == kind;
    // Lines: rook or king first, cannon second.
    for (df, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
        let mut seen = 0;
        let (mut f, mut r) = (kf + df, kr + dr);
        while let Some(cell) = at(f, r) {
            if let Some(p) = cell {
                seen += 1;
                if seen == 1 && (enemy(p, PieceKind::Rook) || enemy(p, PieceKind::King)) {
                    return true;
                }
                if seen == 2 {
                    if enemy(p, PieceKind::Cannon) {
                        return true;
                    }
                    break;
                }
            }
            f += df;
            r += dr;
        }
    }
    // Horses: try every horse move that lands on the king.
    for (df, dr) in [
        (1, 2),
        (-1, 2),
        (1, -2),
        (-1, -2),
        (2, 1),
        (2, -1),
        (-2, 1),
        (-2, -1),
    ] {
        let (hf, hr) = (kf - df, kr - dr);
        if let Some(Some(p)) = at(hf, hr) {
            if enemy(p, PieceKind::Horse) {
                let (lf, lr) = if i32::abs(df) == 2 {
                    (hf + df / 2, hr)
                } else {
                    (hf, hr + dr / 2)
                };
                if at(lf, lr) == Some(None) {
                    return true;
                }
            }
        }
    }
    // Pawns: in front of the king (from the enemy's view), or beside it once the enemy
    // pawn has crossed the river.
    let forward = if color == Color::Red { -1 } else { 1 }; // enemy pawn's step direction
    if let Some(Some(p)) = at(kf, kr - forward) {
        if enemy(p, PieceKind::Pawn) {
            return true;
        }
    }
    for df in [-1, 1] {
        if let Some(Some(p)) = at(kf + df, kr) {
            let crossed = Square::from_coords(kf + df, kr).unwrap().on_side_of(color);
            if enemy(p, PieceKind::Pawn) && crossed {
                return true;
            }
        }
    }
    false
}

#[test]
fn legal_moves_match_a_naive_oracle() {
    let mut rng = Rng(7);
    let mut checked = 0;
    for fen in start_fens() {
        for _game in 0..4 {
            let mut pos = Position::from_fen(&fen).unwrap();
            for _ in 0..80 {
                let us = pos.side_to_move();
                let mut board = [None; 90];
                for sq in Square::all() {
                    board[sq.index()] = pos.piece_at(sq);
                }
                let mut expected = Vec::new();
                for from in Square::all() {
                    for to in Square::all() {
                        if from == to || !pos.is_pseudo_legal(Move::new(from, to)) {
                            continue;
                        }
                        let mut after = board;
                        after[to.index()] = after[from.index()].take();
                        if !naive_king_attacked(&after, us) {
                            expected.push(Move::new(from, to));
                        }
                    }
                }
                let mut got = pos.legal_moves().to_vec();
                got.sort_by_key(|m| m.raw());
                expected.sort_by_key(|m| m.raw());
                assert_eq!(got, expected, "{}", pos.to_fen());
                assert_eq!(
                    pos.in_check(),
                    naive_king_attacked(&board, us),
                    "{}",
                    pos.to_fen()
                );
                checked += 1;
                if got.is_empty() {
                    break;
                }
                pos.make_move(got[rng.below(got.len())]);
            }
        }
    }
    assert!(checked > 3000, "{checked}");
}
