//! The rules of xiangqi, one at a time: each test sets up a small position and asserts on
//! the exact legal moves, checks, mates and stalemates. The last tests compare the move
//! generator, `is_legal`, `is_pseudo_legal`, `gives_check`, `generate_captures` and
//! `generate_evasions` against a slow, independent mailbox generator written here, over
//! the perft positions and positions reached from them by random play.

use crate::common;

use std::collections::BTreeSet;

use chariot::board::{Color, Move, MoveList, Piece, PieceKind, Position, Square, START_FEN};

use common::{perft_fens, Rng};

// ----- helpers ----------------------------------------------------------------------

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(text: &str) -> Square {
    Square::parse(text).unwrap_or_else(|| panic!("bad square {text}"))
}

fn mv(text: &str) -> Move {
    Move::parse_iccs(text).unwrap_or_else(|e| panic!("{e}"))
}

fn names<I: IntoIterator<Item = Move>>(moves: I) -> BTreeSet<String> {
    moves.into_iter().map(|m| m.to_string()).collect()
}

fn set(moves: &[&str]) -> BTreeSet<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

fn legal(p: &Position) -> BTreeSet<String> {
    names(p.legal_moves())
}

/// The destinations of the legal moves of the piece on `from`.
fn legal_from(p: &Position, from: Square) -> BTreeSet<Square> {
    p.legal_moves()
        .iter()
        .filter(|m| m.from() == from)
        .map(|m| m.to())
        .collect()
}

type Transform = (
    &'static str,
    fn(&Position) -> Position,
    fn(Square) -> Square,
);

/// The position itself, its colour-flipped twin, its mirror and the mirrored twin, each
/// with the map that carries a square of the original onto the transformed board.
fn transforms() -> [Transform; 4] {
    [
        ("as given", |p| p.clone(), |s| s),
        ("colour-flipped", |p| p.color_flipped(), |s| s.flip_rank()),
        ("mirrored", |p| p.mirrored(), |s| s.mirror_file()),
        (
            "colour-flipped and mirrored",
            |p| p.color_flipped().mirrored(),
            |s| s.flip_rank().mirror_file(),
        ),
    ]
}

/// Asserts that the piece on `from` has exactly the legal destinations `expected`, in
/// the position and in its colour-flipped and mirrored twins (so every rule is checked
/// for both colours and both wings).
fn assert_moves_from(fen: &str, from: &str, expected: &[&str]) {
    let p = pos(fen);
    assert!(p.piece_at(sq(from)).is_some(), "{fen}: no piece on {from}");
    for (label, transform, map) in transforms() {
        let t = transform(&p);
        let got = legal_from(&t, map(sq(from)));
        let want: BTreeSet<Square> = expected.iter().map(|s| map(sq(s))).collect();
        assert_eq!(
            got,
            want,
            "{fen} ({label}: {}): moves of the piece on {}",
            t.to_fen(),
            map(sq(from))
        );
    }
}

/// Asserts the whole legal move list, in the position and its transformed twins.
fn assert_legal(fen: &str, expected: &[&str]) {
    let p = pos(fen);
    for (label, transform, map) in transforms() {
        let t = transform(&p);
        let want: BTreeSet<String> = expected
            .iter()
            .map(|m| {
                let m = mv(m);
                Move::new(map(m.from()), map(m.to())).to_string()
            })
            .collect();
        assert_eq!(legal(&t), want, "{fen} ({label}: {})", t.to_fen());
    }
}

fn squares(list: &[&str]) -> BTreeSet<Square> {
    list.iter().map(|s| sq(s)).collect()
}

fn checkers(p: &Position) -> BTreeSet<Square> {
    p.checkers().into_iter().collect()
}

/// The perft positions, their colour-flipped twins and positions reached from each by
/// random legal play (`games` games of up to `plies` plies).
fn sample_positions(games: usize, plies: usize) -> Vec<Position> {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut out = Vec::new();
    for fen in perft_fens() {
        let root = pos(&fen);
        out.push(root.color_flipped());
        out.push(root.clone());
        for _ in 0..games {
            let mut p = root.clone();
            for _ in 0..plies {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[(rng.next() % moves.len() as u64) as usize];
                p.make_move(m);
                out.push(p.clone());
            }
        }
    }
    out
}

// ----- an independent, slow reference generator on a plain mailbox -------------------

type Board = [Option<Piece>; 90];

const ORTHOGONAL: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn board_of(p: &Position) -> Board {
    let mut b = [None; 90];
    for s in Square::all() {
        b[s.index()] = p.piece_at(s);
    }
    b
}

fn in_palace(color: Color, f: i32, r: i32) -> bool {
    (3..=5).contains(&f)
        && match color {
            Color::Red => (0..=2).contains(&r),
            Color::Black => (7..=9).contains(&r),
        }
}

fn on_own_side(color: Color, r: i32) -> bool {
    match color {
        Color::Red => r <= 4,
        Color::Black => r >= 5,
    }
}

/// `None` off the board, `Some(piece or empty)` on it.
fn at(b: &Board, f: i32, r: i32) -> Option<Option<Piece>> {
    Square::from_coords(f, r).map(|s| b[s.index()])
}

fn is_empty(b: &Board, f: i32, r: i32) -> bool {
    at(b, f, r) == Some(None)
}

/// Where the piece on `from` may go by its own movement rule (not looking at its own
/// king's safety), squares of its own colour excluded.
fn reference_targets(b: &Board, from: Square) -> Vec<Square> {
    let piece = b[from.index()].expect("a piece");
    let color = piece.color();
    let (f, r) = (i32::from(from.file()), i32::from(from.rank()));
    let mut out = Vec::new();
    let mut push = |f: i32, r: i32| {
        if let Some(s) = Square::from_coords(f, r) {
            if b[s.index()].is_none_or(|p| p.color() != color) {
                out.push(s);
            }
        }
    };
    match piece.kind() {
        PieceKind::King => {
            for (df, dr) in ORTHOGONAL {
                if in_palace(color, f + df, r + dr) {
                    push(f + df, r + dr);
                }
            }
        }
        PieceKind::Advisor => {
            for (df, dr) in DIAGONAL {
                if in_palace(color, f + df, r + dr) {
                    push(f + df, r + dr);
                }
            }
        }
        PieceKind::Elephant => {
            for (df, dr) in DIAGONAL {
                let (tf, tr) = (f + 2 * df, r + 2 * dr);
                if on_own_side(color, tr) && is_empty(b, f + df, r + dr) {
                    push(tf, tr);
                }
            }
        }
        PieceKind::Horse => {
            for (df, dr) in ORTHOGONAL {
                if !is_empty(b, f + df, r + dr) {
                    continue;
                }
                for side in [-1, 1] {
                    if df == 0 {
                        push(f + side, r + 2 * dr);
                    } else {
                        push(f + 2 * df, r + side);
                    }
                }
            }
        }
        PieceKind::Rook => {
            for (df, dr) in ORTHOGONAL {
                let (mut tf, mut tr) = (f + df, r + dr);
                while let Some(content) = at(b, tf, tr) {
                    push(tf, tr);
                    if content.is_some() {
                        break;
                    }
                    tf += df;
                    tr += dr;
                }
            }
        }
        PieceKind::Cannon => {
            for (df, dr) in ORTHOGONAL {
                let (mut tf, mut tr) = (f + df, r + dr);
                let mut screened = false;
                while let Some(content) = at(b, tf, tr) {
                    match (screened, content) {
                        (false, None) => push(tf, tr),
                        (false, Some(_)) => screened = true,
                        (true, None) => {}
                        (true, Some(_)) => {
                            push(tf, tr);
                            break;
                        }
                    }
                    tf += df;
                    tr += dr;
                }
            }
        }
        PieceKind::Pawn => {
            let forward = if color == Color::Red { 1 } else { -1 };
            push(f, r + forward);
            if !on_own_side(color, r) {
                push(f - 1, r);
                push(f + 1, r);
            }
        }
    }
    out
}

/// Whether `color`'s king is attacked, or faces the other king on an open file.
fn reference_king_exposed(b: &Board, color: Color) -> bool {
    let find = |c: Color| {
        Square::all()
            .find(|s| b[s.index()] == Some(Piece::new(c, PieceKind::King)))
            .expect("a king")
    };
    let king = find(color);
    let other = find(!color);
    if king.file() == other.file() {
        let (lo, hi) = (king.rank().min(other.rank()), king.rank().max(other.rank()));
        let open = (lo + 1..hi).all(|r| {
            b[Square::from_coords(i32::from(king.file()), i32::from(r))
                .unwrap()
                .index()]
            .is_none()
        });
        if open {
            return true;
        }
    }
    Square::all().any(|s| {
        b[s.index()].is_some_and(|p| p.color() != color) && reference_targets(b, s).contains(&king)
    })
}

fn reference_after(b: &Board, m: Move) -> Board {
    let mut nb = *b;
    nb[m.to().index()] = nb[m.from().index()];
    nb[m.from().index()] = None;
    nb
}

fn reference_pseudo(p: &Position) -> Vec<Move> {
    let b = board_of(p);
    let us = p.side_to_move();
    Square::all()
        .filter(|s| b[s.index()].is_some_and(|pc| pc.color() == us))
        .flat_map(|from| {
            reference_targets(&b, from)
                .into_iter()
                .map(move |to| Move::new(from, to))
        })
        .collect()
}

fn reference_legal(p: &Position) -> BTreeSet<String> {
    let b = board_of(p);
    let us = p.side_to_move();
    names(
        reference_pseudo(p)
            .into_iter()
            .filter(|&m| !reference_king_exposed(&reference_after(&b, m), us)),
    )
}

// ----- the start position and move parsing --------------------------------------------

#[test]
fn start_position_moves() {
    let p = pos(START_FEN);
    assert_eq!(p, Position::startpos());
    let moves = legal(&p);
    assert_eq!(moves.len(), 44, "{moves:?}");
    for m in [
        "h2e2", "b2e2", "b2b9", "h2h9", "b2b1", "b2a2", "b0c2", "b0a2", "c0e2", "d0e1", "e0e1",
        "a0a2", "e3e4", "a3a4",
    ] {
        assert!(
            moves.contains(m),
            "{m} should be legal in the start position"
        );
    }
    // b0d1: the elephant on c0 stands on the leg; b2b7: no screen before the black
    // cannon; b2b8: a quiet move past a piece; a0a3: own pawn; e0d0: own advisor; e3d3:
    // a pawn before the river cannot step sideways.
    for m in [
        "b0d1", "b2b7", "b2b8", "h2h7", "a0a3", "e0d0", "e3d3", "e3e2", "c0a4",
    ] {
        assert!(
            !moves.contains(m),
            "{m} should not be legal in the start position"
        );
    }
    let mut black = p.clone();
    black.play(mv("h2e2"));
    assert_eq!(black.side_to_move(), Color::Black);
    // With the h-file cannon gone, the black cannon on h7 may run down to h1 but has no
    // screen left to take the horse on h0: 44 - 1 + 2 moves.
    assert_eq!(black.legal_moves().len(), 45);
    assert!(legal(&black).contains("h7h1"));
    assert!(!legal(&black).contains("h7h0"));
    assert!(legal(&black).contains("h7e7"));
    assert!(legal(&black).contains("b7b0"));
}

#[test]
fn parse_move_checks_legality() {
    let p = Position::startpos();
    assert_eq!(p.parse_move("h2e2"), Ok(mv("h2e2")));
    assert_eq!(p.parse_move("H2E2"), Ok(mv("h2e2")));
    assert!(matches!(
        p.parse_move("h2h8"),
        Err(chariot::board::IllegalMove::NotLegal(m)) if m == mv("h2h8")
    ));
    // A black move with Red to move.
    assert!(matches!(
        p.parse_move("h7e7"),
        Err(chariot::board::IllegalMove::NotLegal(_))
    ));
    assert!(matches!(
        p.parse_move("h2"),
        Err(chariot::board::IllegalMove::Syntax(_))
    ));
    let mut q = p.clone();
    assert!(q.try_play("b0d1").is_err());
    assert_eq!(q, p, "a refused move leaves the position unchanged");
    assert_eq!(q.try_play("b0c2"), Ok(mv("b0c2")));
    assert_eq!(q.side_to_move(), Color::Black);
    assert_eq!(
        q.piece_at(sq("c2")),
        Some(Piece::new(Color::Red, PieceKind::Horse))
    );
}

// ----- king and advisors: the palace -----------------------------------------------------

#[test]
fn king_stays_in_palace() {
    // Corner d2: only d1 and e2 (c2 and d3 are outside the palace).
    assert_moves_from("5k3/9/9/9/9/9/9/3K5/9/9 w", "d2", &["d1", "e2"]);
    // Centre e1: all four steps.
    assert_moves_from(
        "3k5/9/3a5/9/9/9/9/9/4K4/9 w",
        "e1",
        &["e0", "e2", "d1", "f1"],
    );
    // ... but d1 would face the black king on d9 once the advisor is gone.
    assert_moves_from("3k5/9/9/9/9/9/9/9/4K4/9 w", "e1", &["e0", "e2", "f1"]);
    // Edge f1: e1, f0, f2 but not g1.
    assert_moves_from("3k5/9/9/9/9/9/9/9/5K3/9 w", "f1", &["e1", "f0", "f2"]);
    // Top edge e2: not e3.
    assert_moves_from("3k5/9/3a5/9/9/9/9/4K4/9/9 w", "e2", &["e1", "d2", "f2"]);
    // The king never steps diagonally.
    assert!(!pos("3k5/9/3a5/9/9/9/9/9/4K4/9 w").is_legal(mv("e1d2")));
    assert!(!pos("3k5/9/3a5/9/9/9/9/9/4K4/9 w").is_pseudo_legal(mv("e1d2")));
}

#[test]
fn advisor_stays_on_palace_diagonals() {
    // In the centre: the four corners.
    assert_moves_from(
        "3k5/9/9/9/9/9/9/9/4A4/4K4 w",
        "e1",
        &["d0", "f0", "d2", "f2"],
    );
    // On a corner: only back to the centre (not c3, not off the diagonal).
    assert_moves_from("3k5/9/9/9/9/9/9/3A5/9/4K4 w", "d2", &["e1"]);
    assert_moves_from("3k5/9/9/9/9/9/9/9/9/4KA3 w", "f0", &["e1"]);
    // The centre held by its own king: none.
    assert_moves_from("3k5/9/9/9/9/9/9/5A3/4K4/9 w", "f2", &[]);
    // Never orthogonally.
    let p = pos("3k5/9/9/9/9/9/9/9/4A4/4K4 w");
    for m in ["e1e2", "e1d1", "e1f1"] {
        assert!(!p.is_legal(mv(m)), "{m}");
    }
}

// ----- elephant ------------------------------------------------------------------------------

#[test]
fn elephant_moves_two_diagonally_and_never_crosses_the_river() {
    // On c4 at the river bank: a2 and e2 only, never a6 or e6.
    assert_moves_from("3k5/9/9/9/9/2B6/9/9/9/4K4 w", "c4", &["a2", "e2"]);
    let p = pos("3k5/9/9/9/9/2B6/9/9/9/4K4 w");
    assert!(!p.is_pseudo_legal(mv("c4e6")));
    assert!(!p.is_pseudo_legal(mv("c4a6")));
    // From e2 all four points.
    assert_moves_from(
        "3k5/9/9/9/9/9/9/4B4/9/4K4 w",
        "e2",
        &["c0", "g0", "c4", "g4"],
    );
    // A black elephant on c5 stays on Black's side: a7 and e7, not a3/e3.
    assert_moves_from("3k5/9/9/9/2b6/9/9/9/9/4K4 b", "c5", &["a7", "e7"]);
    // It captures by the same rule.
    assert_moves_from(
        "3k5/9/9/9/9/2p6/9/4B4/9/4K4 w",
        "e2",
        &["c0", "g0", "c4", "g4"],
    );
    assert_moves_from(
        "3k5/9/9/9/9/6p2/9/4B4/9/4K4 w",
        "e2",
        &["c0", "g0", "c4", "g4"],
    );
}

#[test]
fn elephant_eye_blocks() {
    // Own horse on d1 blocks c0, black pawn on f3 blocks g4.
    assert_moves_from("3k5/9/9/9/9/9/5p3/4B4/3N5/4K4 w", "e2", &["c4", "g0"]);
    let p = pos("3k5/9/9/9/9/9/5p3/4B4/3N5/4K4 w");
    assert!(!p.is_pseudo_legal(mv("e2c0")));
    assert!(!p.is_pseudo_legal(mv("e2g4")));
}

// ----- horse ---------------------------------------------------------------------------------

#[test]
fn horse_moves_and_leg() {
    // Free: all eight.
    assert_moves_from(
        "3k5/9/9/9/9/4N4/9/9/9/4K4 w",
        "e4",
        &["d6", "f6", "c5", "g5", "c3", "g3", "d2", "f2"],
    );
    // Own pawn on e5 blocks d6/f6; black pawn on d4 blocks c5/c3.
    assert_moves_from(
        "3k5/9/9/9/4P4/3pN4/9/9/9/4K4 w",
        "e4",
        &["g5", "g3", "d2", "f2"],
    );
    // The leg is next to the horse, not next to the target: a piece on d5 (diagonal)
    // blocks nothing.
    assert_moves_from(
        "3k5/9/9/9/3P5/4N4/9/9/9/4K4 w",
        "e4",
        &["d6", "f6", "c5", "g5", "c3", "g3", "d2", "f2"],
    );
    // In a corner with its leg blocked it has only the other leg.
    assert_moves_from("3k5/9/9/9/9/9/9/9/R8/N3K4 w", "a0", &["c1"]);
    // It captures.
    assert_moves_from(
        "3k5/9/9/3r1n3/9/4N4/9/9/9/4K4 w",
        "e4",
        &["d6", "f6", "c5", "g5", "c3", "g3", "d2", "f2"],
    );
}

#[test]
fn horse_check_depends_on_leg() {
    // Black to move, red horse on d7 with its leg d8 free: check.
    let p = pos("4k4/9/3N5/9/9/9/9/9/9/3K5 b");
    assert!(p.in_check());
    assert_eq!(checkers(&p), squares(&["d7"]));
    // Leg blocked by a red pawn or a black horse: no check.
    for fen in [
        "4k4/3P5/3N5/9/9/9/9/9/9/3K5 b",
        "4k4/3n5/3N5/9/9/9/9/9/9/3K5 b",
    ] {
        let p = pos(fen);
        assert!(!p.in_check(), "{fen}");
        assert!(p.checkers().is_empty(), "{fen}");
    }
    // A horse aimed from d7 at e9 whose "leg" would be e8 in the wrong model: a piece on
    // e8 does not stop the check.
    let p = pos("4k4/4a4/3N5/9/9/9/9/9/9/3K5 b");
    assert!(p.in_check());

    // Red to move: b6-d7 gives check when d8 is free, not when it is occupied.
    let free = pos("4k4/9/9/1N7/9/9/9/9/9/3K5 w");
    assert!(free.is_legal(mv("b6d7")));
    assert!(free.gives_check(mv("b6d7")));
    assert!(free.gives_check(mv("b6c8")), "c8 hits e9 over the leg d8");
    assert!(!free.gives_check(mv("b6a8")));
    assert!(!free.gives_check(mv("b6d5")));
    let mut after = free.clone();
    after.play(mv("b6d7"));
    assert!(after.in_check());
    assert_eq!(checkers(&after), squares(&["d7"]));
    for fen in [
        "4k4/3P5/9/1N7/9/9/9/9/9/3K5 w",
        "4k4/3n5/9/1N7/9/9/9/9/9/3K5 w",
    ] {
        let p = pos(fen);
        assert!(p.is_legal(mv("b6d7")), "{fen}");
        assert!(!p.gives_check(mv("b6d7")), "{fen}");
        let mut after = p.clone();
        after.play(mv("b6d7"));
        assert!(!after.in_check(), "{fen}");
    }
}

// ----- rook ----------------------------------------------------------------------------------

#[test]
fn rook_slides_and_captures_the_first_piece() {
    // Own pawn d6 stops it at d5; black pawn b4 is captured, a4 is out of reach.
    assert_moves_from(
        "5k3/9/9/3P5/9/1p1R5/9/9/9/4K4 w",
        "d4",
        &[
            "d5", "d3", "d2", "d1", "d0", "e4", "f4", "g4", "h4", "i4", "c4", "b4",
        ],
    );
    let p = pos("5k3/9/9/3P5/9/1p1R5/9/9/9/4K4 w");
    for m in ["d4d6", "d4d7", "d4a4"] {
        assert!(!p.is_pseudo_legal(mv(m)), "{m}");
        assert!(!p.is_legal(mv(m)), "{m}");
    }
    // The rook gives check along an open line but not through a piece.
    let p = pos("5k3/9/9/9/9/9/9/9/9/R3K4 w");
    assert!(p.gives_check(mv("a0a9")));
    assert!(!p.gives_check(mv("a0a8")));
    assert!(
        !p.is_pseudo_legal(mv("a0f0")),
        "the rook cannot jump its own king"
    );
    let p = pos("2n2k3/9/9/9/9/9/9/9/9/R3K4 w");
    assert!(p.is_legal(mv("a0a9")));
    assert!(
        !p.gives_check(mv("a0a9")),
        "the horse on c9 blocks the rank"
    );
}

// ----- cannon --------------------------------------------------------------------------------

#[test]
fn cannon_moves_and_captures_over_one_screen() {
    // North: d5 quiet, d6 own screen, d8 captured over it (d7 beyond the screen is not a
    // quiet move). South: d3 quiet, the black pawn on d2 cannot be taken without a
    // screen. West: c4, then a4 captured over the black pawn b4. East: e4, then h4 over
    // the own horse on f4; i4 sits behind two screens.
    let fen = "5k3/3n5/9/3P5/9/pp1C1N1pp/9/3p5/9/4K4 w";
    assert_moves_from(fen, "d4", &["d5", "d8", "d3", "c4", "a4", "e4", "h4"]);
    let p = pos(fen);
    for m in [
        "d4d7", "d4d6", "d4d2", "d4d1", "d4b4", "d4f4", "d4g4", "d4i4", "d4d9",
    ] {
        assert!(!p.is_pseudo_legal(mv(m)), "{m}");
        assert!(!p.is_legal(mv(m)), "{m}");
    }
    assert!(!p.gives_check(mv("d4d5")));
}

#[test]
fn cannon_gives_check_with_exactly_one_screen() {
    // Black to move, red cannon e2, black pawn e5 (not yet across the river) as the only
    // screen: check, and only the king can get out of it (d9 would face the red king).
    let p = pos("4k4/9/9/9/4p4/9/9/4C4/9/3K5 b");
    assert_eq!(checkers(&p), squares(&["e2"]));
    assert_legal("4k4/9/9/9/4p4/9/9/4C4/9/3K5 b", &["e9f9"]);
    // A crossed pawn on e4 may also leave the line sideways; stepping forward keeps the
    // screen.
    let p = pos("4k4/9/9/9/9/4p4/9/4C4/9/3K5 b");
    assert_eq!(checkers(&p), squares(&["e2"]));
    assert!(p.is_pseudo_legal(mv("e4e3")));
    assert!(!p.is_legal(mv("e4e3")));
    assert_legal("4k4/9/9/9/9/4p4/9/4C4/9/3K5 b", &["e9f9", "e4d4", "e4f4"]);
    // No screen, or two screens: no check.
    for fen in [
        "4k4/9/9/9/9/9/9/4C4/9/3K5 b",
        "4k4/9/9/9/4p4/4P4/9/4C4/9/3K5 b",
        "4k4/4a4/9/9/4p4/9/9/4C4/9/3K5 b",
    ] {
        let p = pos(fen);
        assert!(!p.in_check(), "{fen}");
    }
    // Red to move: h2-e2 gives check over a screen of either colour, not over none or two.
    for (fen, check) in [
        ("4k4/9/9/9/4p4/9/9/7C1/9/3K5 w", true),
        ("4k4/9/9/9/4P4/9/9/7C1/9/3K5 w", true),
        ("4k4/9/9/9/9/9/9/7C1/9/3K5 w", false),
        ("4k4/4a4/9/9/4p4/9/9/7C1/9/3K5 w", false),
    ] {
        let p = pos(fen);
        assert!(p.is_legal(mv("h2e2")), "{fen}");
        assert_eq!(p.gives_check(mv("h2e2")), check, "{fen}");
        let mut after = p.clone();
        after.play(mv("h2e2"));
        assert_eq!(after.in_check(), check, "{fen}");
    }
}

// ----- pawns ---------------------------------------------------------------------------------

#[test]
fn pawns_before_the_river_only_go_forward() {
    assert_moves_from("3k5/9/9/9/9/9/2P6/9/9/4K4 w", "c3", &["c4"]);
    assert_moves_from("3k5/9/9/9/9/2P6/9/9/9/4K4 w", "c4", &["c5"]);
    assert_moves_from("4k4/9/9/2p6/9/9/9/9/9/3K5 b", "c6", &["c5"]);
    assert_moves_from("4k4/9/9/9/2p6/9/9/9/9/3K5 b", "c5", &["c4"]);
}

#[test]
fn pawns_across_the_river_also_go_sideways_never_back() {
    assert_moves_from("3k5/9/9/9/2P6/9/9/9/9/4K4 w", "c5", &["c6", "b5", "d5"]);
    assert_moves_from("3k5/9/2P6/9/9/9/9/9/9/4K4 w", "c7", &["c8", "b7", "d7"]);

    assert_moves_from("4k4/9/9/9/9/2p6/9/9/9/3K5 b", "c4", &["c3", "b4", "d4"]);
    // On the edge only one sideways step.
    assert_moves_from("3k5/9/9/P8/9/9/9/9/9/4K4 w", "a6", &["a7", "b6"]);
    let p = pos("3k5/9/9/9/2P6/9/9/9/9/4K4 w");
    assert!(!p.is_pseudo_legal(mv("c5c4")));
}

#[test]
fn pawns_on_the_last_rank_only_go_sideways() {
    assert_moves_from("P4k2P/9/9/9/9/9/9/9/9/4K4 w", "a9", &["b9"]);
    assert_moves_from("P4k2P/9/9/9/9/9/9/9/9/4K4 w", "i9", &["h9"]);
    assert_moves_from("2P2k3/9/9/9/9/9/9/9/9/4K4 w", "c9", &["b9", "d9"]);
    assert_moves_from("4k4/9/9/9/9/9/9/9/9/2p2K3 b", "c0", &["b0", "d0"]);
}

// ----- the flying general --------------------------------------------------------------------

#[test]
fn only_piece_between_kings_stays_on_the_file() {
    // A cannon alone between the kings may move along the e-file only.
    assert_moves_from(
        "4k4/9/9/9/9/4C4/9/9/9/4K4 w",
        "e4",
        &["e1", "e2", "e3", "e5", "e6", "e7", "e8"],
    );
    let p = pos("4k4/9/9/9/9/4C4/9/9/9/4K4 w");
    assert!(p.is_pseudo_legal(mv("e4d4")));
    assert!(!p.is_legal(mv("e4d4")));
    // A crossed pawn between them: forward yes, sideways no.
    assert_moves_from("4k4/9/9/9/4P4/9/9/9/9/4K4 w", "e5", &["e6"]);
    // A horse alone between them has no move at all.
    assert_moves_from("4k4/9/9/9/9/4N4/9/9/9/4K4 w", "e4", &[]);
    // With a second piece on the file it is free.
    assert_moves_from(
        "4k4/9/9/9/9/4N4/4P4/9/9/4K4 w",
        "e4",
        &["d6", "f6", "c5", "g5", "c3", "g3"],
    );
}

#[test]
fn king_may_not_step_onto_the_open_file() {
    // d0-e0 would face the black king on e9.
    assert_legal("4k4/9/9/9/9/9/9/9/9/3K5 w", &["d0d1"]);
    let p = pos("4k4/9/9/9/9/9/9/9/9/3K5 w");
    assert!(p.is_pseudo_legal(mv("d0e0")));
    assert!(!p.is_legal(mv("d0e0")));
    // With a piece on the e-file it may.
    assert_legal("4k4/9/9/9/4p4/9/9/9/9/3K5 w", &["d0d1", "d0e0"]);
    // A facing king protects: the black king cannot take the rook on e8, as that would
    // leave it facing the red king on e0.
    let mate = pos("3nkn3/4R4/9/p7p/1c7/2p6/P7P/9/9/1N2K4 b - - 0 1");
    assert!(mate.in_check());
    assert!(mate.is_pseudo_legal(mv("e9e8")));
    assert!(!mate.is_legal(mv("e9e8")));
}

// ----- moves that would expose the own king ---------------------------------------------------

#[test]
fn piece_pinned_by_a_rook() {
    // Red rook e2 pinned by the black rook e8: along the file only, including the capture.
    assert_moves_from(
        "3k5/4r4/9/9/9/9/9/4R4/9/4K4 w",
        "e2",
        &["e1", "e3", "e4", "e5", "e6", "e7", "e8"],
    );
    // A pinned horse has no move.
    assert_moves_from("3k5/4r4/9/9/9/9/9/9/4N4/4K4 w", "e1", &[]);
    let p = pos("3k5/4r4/9/9/9/9/9/9/4N4/4K4 w");
    assert!(p.is_pseudo_legal(mv("e1d3")));
    assert!(!p.is_legal(mv("e1d3")));
    // Pinned along a rank: king d1, horse e1, black rook h1.
    assert_moves_from("5k3/9/9/9/9/9/9/9/3KN2r1/9 w", "e1", &[]);
}

#[test]
fn screen_of_a_double_screened_cannon_stays_on_the_line() {
    // Red horse e2 and black pawn e4 are the two screens between the red king e0 and the
    // black cannon e7: the horse may not move. The king may go to e1 (two screens
    // still) and f0, not d0 (facing the black king).
    let fen = "3k5/9/4c4/9/9/4p4/9/4N4/9/4K4 w";
    assert_moves_from(fen, "e2", &[]);
    let p = pos(fen);
    assert!(!p.in_check());
    assert!(p.is_pseudo_legal(mv("e2d4")));
    assert!(!p.is_legal(mv("e2d4")));
    assert_legal(fen, &["e0e1", "e0f0"]);
    // A screen that moves along the line keeps two screens: legal.
    assert_moves_from("3k5/9/4c4/9/9/9/4P4/9/4A4/4K4 w", "e3", &["e4"]);
    assert_moves_from("3k5/9/4c4/9/9/9/4P4/9/4A4/4K4 w", "e1", &[]);
    // With three screens each may leave.
    assert_moves_from(
        "3k5/9/4c4/9/4P4/9/4P4/9/4A4/4K4 w",
        "e1",
        &["d0", "f0", "d2", "f2"],
    );
}

#[test]
fn no_quiet_move_onto_the_line_of_an_unscreened_cannon() {
    // Black cannon e7, nothing between it and the red king e0: no red piece may become
    // its screen. The rook passes e3 to f3..i3 but may not stop on e3; the horse may
    // not go to e1 or e3; the advisor may not go to e1; the king itself may step up.
    let fen = "3k5/9/4c4/9/9/9/R8/2N6/9/3AK4 w";
    let p = pos(fen);
    assert!(!p.in_check());
    assert_moves_from(
        fen,
        "a3",
        &[
            "b3", "c3", "d3", "f3", "g3", "h3", "i3", "a4", "a5", "a6", "a7", "a8", "a9", "a2",
            "a1", "a0",
        ],
    );
    assert_moves_from(fen, "c2", &["b4", "d4", "a1", "b0"]);
    assert_moves_from(fen, "d0", &[]);
    assert_moves_from(fen, "e0", &["e1", "f0"]);
    for m in ["a3e3", "c2e1", "c2e3", "d0e1"] {
        assert!(p.is_pseudo_legal(mv(m)), "{m}");
        assert!(!p.is_legal(mv(m)), "{m}");
    }
    // Capturing the cannon is fine, and so are moves off the line.
    let p = pos("3k5/9/R3c4/9/9/9/9/9/9/3AK4 w");
    assert!(p.is_legal(mv("a7e7")));
    assert!(p.is_legal(mv("a7a3")));
    assert!(!p.is_legal(mv("d0e1")));
}

#[test]
fn piece_on_the_leg_of_a_horse_aimed_at_the_king() {
    // The red rook on f1 stops the black horse on g1 from checking e0: its only legal
    // move is to take the horse. The king may go to e1 or f0, not d0 (facing d9).
    let fen = "3k5/9/9/9/9/9/9/9/5Rn2/4K4 w";
    let p = pos(fen);
    assert!(!p.in_check());
    assert_legal(fen, &["f1g1", "e0e1", "e0f0"]);
    assert!(p.is_pseudo_legal(mv("f1f5")));
    assert!(!p.is_legal(mv("f1f5")));
    // An enemy piece on the leg does not matter to us, and a horse aimed elsewhere does
    // not pin.
    assert_moves_from(
        "3k5/9/9/9/9/9/9/9/5R3/4K1n2 w",
        "f1",
        &[
            "f2", "f3", "f4", "f5", "f6", "f7", "f8", "f9", "f0", "e1", "d1", "c1", "b1", "a1",
            "g1", "h1", "i1",
        ],
    );
}

// ----- check and evasions ---------------------------------------------------------------------

#[test]
fn rook_check_evasions() {
    // Red king e0 checked by the black rook e7: take it (a7e7), block (c2e1, c2e3) or
    // step aside to f0 (d0 faces the black king, e1 stays on the file).
    let fen = "3k5/9/R3r4/9/9/9/9/2N6/9/4K4 w";
    let p = pos(fen);
    assert!(p.in_check());
    assert_eq!(checkers(&p), squares(&["e7"]));
    assert_legal(fen, &["a7e7", "c2e1", "c2e3", "e0f0"]);
    let mut evasions = MoveList::new();
    p.generate_evasions(&mut evasions);
    assert_eq!(names(evasions), set(&["a7e7", "c2e1", "c2e3", "e0f0"]));
    let mut captures = MoveList::new();
    p.generate_captures(&mut captures);
    assert_eq!(names(captures), set(&["a7e7"]));
    assert!(!p.is_checkmate());
    assert!(!p.is_stalemate());
}

#[test]
fn double_check_only_king_moves() {
    // Rook e4 and horse d7 both check the black king e9: only king moves help (the horse
    // on d7 shuts the d-file, so d9 does not face the red king).
    let fen = "4k4/9/3N5/9/9/4R4/9/9/9/3K5 b";
    let p = pos(fen);
    assert_eq!(checkers(&p), squares(&["d7", "e4"]));
    assert_eq!(p.checkers().count(), 2);
    assert_legal(fen, &["e9d9", "e9f9"]);
    // A black advisor could block the rook on e8, but the horse still checks.
    let fen = "4k4/9/3N1a3/9/9/4R4/9/9/9/3K5 b";
    let p = pos(fen);
    assert_eq!(checkers(&p), squares(&["d7", "e4"]));
    assert!(p.is_pseudo_legal(mv("f7e8")));
    assert!(!p.is_legal(mv("f7e8")));
    assert_legal(fen, &["e9d9", "e9f9"]);
}

#[test]
fn no_evasions_or_captures_out_of_place() {
    let p = Position::startpos();
    let mut evasions = MoveList::new();
    p.generate_evasions(&mut evasions);
    assert!(evasions.is_empty());
    let mut captures = MoveList::new();
    p.generate_captures(&mut captures);
    assert_eq!(names(captures), set(&["b2b9", "h2h9"]));
}

// ----- mate and stalemate ----------------------------------------------------------------------

#[test]
fn checkmate_and_stalemate() {
    // From the perft suite (D1 0).
    let mate = pos("3nkn3/4R4/9/p7p/1c7/2p6/P7P/9/9/1N2K4 b - - 0 1");
    assert!(mate.in_check());
    assert_eq!(checkers(&mate), squares(&["e8"]));
    assert!(mate.legal_moves().is_empty());
    assert!(mate.is_checkmate());
    assert!(!mate.is_stalemate());

    let stale = pos("2b2k3/1P1P4R/9/9/9/9/9/9/9/4K4 b - - 0 1");
    assert!(!stale.in_check());
    assert!(stale.checkers().is_empty());
    assert!(stale.legal_moves().is_empty());
    assert!(stale.is_stalemate());
    assert!(!stale.is_checkmate());
    // The elephant's two moves are blocked on their eyes, the king's by the rook and the
    // facing red king.
    assert!(stale.is_pseudo_legal(mv("f9e9")));
    assert!(!stale.is_pseudo_legal(mv("c9a7")));
    assert!(!stale.is_pseudo_legal(mv("c9e7")));

    // Two rooks: mate.
    let mate = pos("R3k4/1R7/9/9/9/9/9/9/9/3K5 b");
    assert!(mate.in_check());
    assert!(mate.is_checkmate());
    assert!(!mate.is_stalemate());
    // A lone king on d9, rook on rank 8, red king on the open e-file: stalemate (which
    // loses in xiangqi).
    let stale = pos("3k5/R8/9/9/9/9/9/9/9/4K4 b");
    assert!(!stale.in_check());
    assert!(stale.is_stalemate());
    assert!(!stale.is_checkmate());
    // Moving the red king off the e-file frees e9: not stalemate any more.
    let free = pos("3k5/R8/9/9/9/9/9/9/9/5K3 b");
    assert!(!free.is_stalemate());
    assert_eq!(legal(&free), set(&["d9e9"]));
    // One rook on rank 8: the black king keeps f9 (d9 faces the red king on d0).
    let mut p = pos("4k4/9/9/9/9/9/9/9/9/R2K5 w");
    p.play(mv("a0a8"));
    assert!(!p.in_check());
    assert!(!p.is_checkmate());
    assert!(!p.is_stalemate());
    assert_eq!(legal(&p), set(&["e9f9"]));
    // Mate delivered by a move: the second rook checks along rank 9.
    let mut p = pos("4k4/1R7/9/9/9/9/9/9/9/R2K5 w");
    assert!(p.gives_check(mv("a0a9")));
    assert!(!p.is_checkmate());
    p.play(mv("a0a9"));
    assert!(p.is_checkmate());
    assert!(p.legal_moves().is_empty());

    // The start position is neither.
    let start = Position::startpos();
    assert!(!start.is_checkmate());
    assert!(!start.is_stalemate());
}

// ----- whole-generator agreement ---------------------------------------------------------------

#[test]
fn legal_moves_match_reference_generator() {
    let positions = sample_positions(4, 40);
    assert!(positions.len() > 1000);
    let mut in_check = 0;
    for p in &positions {
        let got = legal(p);
        assert_eq!(got.len(), p.legal_moves().len(), "{p:?}: duplicate moves");
        assert_eq!(got, reference_legal(p), "{}", p.to_fen());
        in_check += usize::from(p.in_check());
    }
    assert!(in_check >= 20, "only {in_check} positions in check");
}

#[test]
fn pseudo_legal_matches_reference() {
    for p in sample_positions(1, 30) {
        let want = names(reference_pseudo(&p));
        let got: BTreeSet<String> = Square::all()
            .flat_map(|f| {
                Square::all()
                    .filter(move |&t| t != f)
                    .map(move |t| Move::new(f, t))
            })
            .filter(|&m| p.is_pseudo_legal(m))
            .map(|m| m.to_string())
            .collect();
        assert_eq!(got, want, "{}", p.to_fen());
    }
}

#[test]
fn check_and_checkers_match_reference() {
    for p in sample_positions(3, 40) {
        let b = board_of(&p);
        let us = p.side_to_move();
        assert_eq!(
            p.in_check(),
            reference_king_exposed(&b, us),
            "{}",
            p.to_fen()
        );
        // Each checker attacks the king by itself.
        let king = p.king_square(us);
        for c in p.checkers() {
            assert_eq!(p.piece_at(c).map(|pc| pc.color()), Some(!us));
            assert!(
                reference_targets(&b, c).contains(&king),
                "{}: {c}",
                p.to_fen()
            );
        }
        // And every enemy piece that attacks the king is a checker.
        let expected: BTreeSet<Square> = Square::all()
            .filter(|&s| {
                b[s.index()].is_some_and(|pc| pc.color() != us)
                    && reference_targets(&b, s).contains(&king)
            })
            .collect();
        assert_eq!(checkers(&p), expected, "{}", p.to_fen());
    }
}

#[test]
fn evasions_resolve_check() {
    let mut seen = 0;
    for p in sample_positions(4, 40) {
        let mut evasions = MoveList::new();
        p.generate_evasions(&mut evasions);
        if !p.in_check() {
            assert!(evasions.is_empty(), "{}: evasions out of check", p.to_fen());
            continue;
        }
        seen += 1;
        assert_eq!(names(evasions.iter().copied()), legal(&p), "{}", p.to_fen());
        let us = p.side_to_move();
        for m in p.legal_moves() {
            let mut q = p.clone();
            q.make_move(m);
            // The mover's king is safe afterwards: no attacker, not facing.
            assert!(
                q.attackers_to(q.king_square(us), !us).is_empty(),
                "{}: {m} leaves the king attacked",
                p.to_fen()
            );
            assert!(
                !reference_king_exposed(&board_of(&q), us),
                "{}: {m} does not resolve the check",
                p.to_fen()
            );
        }
        // Every pseudo-legal move that resolves the check is generated.
        let b = board_of(&p);
        let resolving: BTreeSet<String> = names(
            reference_pseudo(&p)
                .into_iter()
                .filter(|&m| !reference_king_exposed(&reference_after(&b, m), us)),
        );
        assert_eq!(legal(&p), resolving, "{}", p.to_fen());
    }
    assert!(seen >= 20, "only {seen} positions in check");
}

#[test]
fn captures_are_the_legal_captures() {
    let mut in_check = 0;
    let mut nonempty = 0;
    for p in sample_positions(4, 40) {
        let mut captures = MoveList::new();
        p.generate_captures(&mut captures);
        let them = !p.side_to_move();
        let want = names(
            p.legal_moves()
                .into_iter()
                .filter(|m| p.piece_at(m.to()).is_some_and(|pc| pc.color() == them)),
        );
        assert_eq!(captures.len(), want.len(), "{}: duplicates", p.to_fen());
        assert_eq!(names(captures), want, "{}", p.to_fen());
        in_check += usize::from(p.in_check());
        nonempty += usize::from(!want.is_empty());
    }
    assert!(in_check >= 20);
    assert!(nonempty >= 200);
}

#[test]
fn quiets_are_the_legal_moves_that_capture_nothing() {
    // Out of check, the captures and the quiet moves are the legal moves, each once;
    // in check there are no quiet moves to generate (the evasions are all).
    let mut quiet_positions = 0;
    for p in sample_positions(4, 40) {
        let mut quiets = MoveList::new();
        p.generate_quiets(&mut quiets);
        if p.in_check() {
            assert!(quiets.is_empty(), "{}", p.to_fen());
            continue;
        }
        let legal = p.legal_moves();
        let want = names(
            legal
                .iter()
                .copied()
                .filter(|m| p.piece_at(m.to()).is_none()),
        );
        assert_eq!(quiets.len(), want.len(), "{}: duplicates", p.to_fen());
        assert_eq!(names(quiets.iter().copied()), want, "{}", p.to_fen());
        let mut captures = MoveList::new();
        p.generate_captures(&mut captures);
        assert_eq!(quiets.len() + captures.len(), legal.len(), "{}", p.to_fen());
        quiet_positions += usize::from(!want.is_empty());
    }
    assert!(quiet_positions >= 200, "{quiet_positions}");
    let mut start = MoveList::new();
    Position::startpos().generate_quiets(&mut start);
    assert_eq!(
        start.len(),
        44 - 2,
        "the start has 44 moves, two of them captures"
    );
}

#[test]
fn gives_check_matches_make_move() {
    let mut checks = 0;
    let mut total = 0;
    for p in sample_positions(3, 40) {
        let b = board_of(&p);
        let them = !p.side_to_move();
        for m in p.legal_moves() {
            let mut q = p.clone();
            q.make_move(m);
            assert_eq!(q.side_to_move(), them);
            let check = q.in_check();
            assert_eq!(p.gives_check(m), check, "{}: {m}", p.to_fen());
            assert_eq!(
                check,
                reference_king_exposed(&reference_after(&b, m), them),
                "{}: {m}",
                p.to_fen()
            );
            checks += usize::from(check);
            total += 1;
        }
    }
    assert!(total > 10_000);
    assert!(checks >= 100, "only {checks} checking moves");
}

#[test]
fn is_legal_matches_legal_moves_for_all_pairs() {
    let mut positions = sample_positions(1, 25);
    positions.push(pos("3k5/9/4c4/9/9/9/R8/2N6/9/3AK4 w"));
    positions.push(pos("3k5/9/9/9/9/9/9/9/5Rn2/4K4 w"));
    positions.push(pos("3k5/9/4c4/9/9/4p4/9/4N4/9/4K4 w"));
    positions.push(pos("4k4/9/3N5/9/9/4R4/9/9/9/3K5 b"));
    for p in &positions {
        let moves = p.legal_moves();
        let mut count = 0;
        for from in Square::all() {
            for to in Square::all() {
                if from == to {
                    continue;
                }
                let m = Move::new(from, to);
                let legal = p.is_legal(m);
                assert_eq!(legal, moves.contains(&m), "{}: {m}", p.to_fen());
                count += usize::from(legal);
            }
        }
        assert_eq!(count, moves.len(), "{}", p.to_fen());
    }
}

#[test]
fn make_unmake_restores_the_position() {
    for p in sample_positions(1, 20) {
        for m in p.legal_moves() {
            let mut q = p.clone();
            q.make_move(m);
            q.assert_consistent();
            assert_eq!(q.key(), q.compute_key());
            q.unmake_move();
            assert_eq!(q, p, "{m}");
            assert_eq!(q.to_fen(), p.to_fen());
        }
    }
}
