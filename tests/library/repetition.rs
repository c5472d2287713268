//! The repetition rulings (棋例) and the natural limit, one rule at a time. Each cycle is
//! played out from a small position and judged; every case is also played in the
//! colour-flipped and mirrored twins of the position, where the verdict must be the
//! same with the colours swapped. The last tests check that the classification of moves
//! is colour- and mirror-blind over random games, and that it stays cheap.

use crate::common;

use chariot::board::repetition::{
    ruling_value, verdict, Conduct, Nature, Verdict, MATE_THREAT_CHECKS, NATURAL_LIMIT_MOVES,
};
use chariot::board::{Color, GameEnd, GameRules, Move, Piece, PieceKind, Position, Square};

use Conduct::{Allowed, Forbidden, PerpetualCheck};
use Nature::{Chase, Check, Idle, MateThreat, PawnChase};

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

/// One of the four views of a case: the position, its colour-flipped twin, its mirror,
/// and the mirrored twin, with the maps that carry squares and colours across.
struct View {
    label: &'static str,
    position: fn(&Position) -> Position,
    square: fn(Square) -> Square,
    flips_colors: bool,
}

impl View {
    fn color(&self, color: Color) -> Color {
        if self.flips_colors {
            !color
        } else {
            color
        }
    }

    fn mv(&self, m: Move) -> Move {
        Move::new((self.square)(m.from()), (self.square)(m.to()))
    }

    /// Plays the moves (ICCS text, seen from the original position) on this view of
    /// the position.
    fn play(&self, fen: &str, moves: &str) -> Position {
        let mut p = (self.position)(&pos(fen));
        for m in moves.split_whitespace() {
            let m = self.mv(mv(m));
            assert!(
                p.legal_moves().contains(&m),
                "{fen} ({}): {m} is not legal in {}",
                self.label,
                p.to_fen()
            );
            p.make_move(m);
        }
        p
    }
}

fn views() -> [View; 4] {
    [
        View {
            label: "as given",
            position: |p| p.clone(),
            square: |s| s,
            flips_colors: false,
        },
        View {
            label: "colour-flipped",
            position: |p| p.color_flipped(),
            square: |s| s.flip_rank(),
            flips_colors: true,
        },
        View {
            label: "mirrored",
            position: |p| p.mirrored(),
            square: |s| s.mirror_file(),
            flips_colors: false,
        },
        View {
            label: "colour-flipped and mirrored",
            position: |p| p.color_flipped().mirrored(),
            square: |s| s.flip_rank().mirror_file(),
            flips_colors: true,
        },
    ]
}

/// Plays `moves` from `fen`, which must bring the position round to itself, and checks
/// the nature of each move and the ruling, in all four views. `red` and `black` are the
/// conducts of the sides as named in the original position.
fn assert_cycle(
    fen: &str,
    moves: &str,
    natures: &[Nature],
    red: Conduct,
    black: Conduct,
    expected: Verdict,
) {
    for view in views() {
        let p = view.play(fen, moves);
        let context = format!("{fen} + {moves} ({})", view.label);
        assert_eq!(p.last_repetition(), Some(0), "{context}: not a cycle");
        assert_eq!(p.repetition_count(), 2, "{context}");
        assert_eq!(p.natures_since(0), natures, "{context}");
        let ruling = p.repetition_ruling().expect("a repetition");
        assert_eq!(ruling.start, 0, "{context}");
        let (view_red, view_black) = if view.flips_colors {
            (black, red)
        } else {
            (red, black)
        };
        assert_eq!(
            (ruling.red, ruling.black),
            (view_red, view_black),
            "{context}"
        );
        let view_verdict = match expected {
            Verdict::Draw => Verdict::Draw,
            Verdict::Loses(c) => Verdict::Loses(view.color(c)),
        };
        assert_eq!(ruling.verdict, view_verdict, "{context}");
    }
}

/// The chases (attacker, victim) of the side to move, in all four views.
fn assert_chases(fen: &str, expected: &[(&str, &str)]) {
    for view in views() {
        let p = (view.position)(&pos(fen));
        let mut got: Vec<(Square, Square)> =
            p.chases().iter().map(|c| (c.attacker, c.victim)).collect();
        let mut want: Vec<(Square, Square)> = expected
            .iter()
            .map(|(a, v)| ((view.square)(sq(a)), (view.square)(sq(v))))
            .collect();
        got.sort_by_key(|&(a, v)| (a.index(), v.index()));
        want.sort_by_key(|&(a, v)| (a.index(), v.index()));
        assert_eq!(got, want, "{fen} ({})", view.label);
    }
}

/// The nature of `m` after `moves` from `fen`, in all four views.
fn assert_nature(fen: &str, moves: &str, m: &str, expected: Nature) {
    for view in views() {
        let p = view.play(fen, moves);
        let m = view.mv(mv(m));
        assert_eq!(
            p.nature_of(m),
            expected,
            "{fen} + {moves}, {m} ({})",
            view.label
        );
    }
}

// ----- perpetual check (长将) ---------------------------------------------------------

#[test]
fn perpetual_check_loses() {
    // The red rook checks on rank 9, then on rank 8, and again; the black king steps
    // between e9 and e8.
    assert_cycle(
        "R3k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1",
        "e9e8 a9a8 e8e9 a8a9",
        &[Idle, Check, Idle, Check],
        PerpetualCheck,
        Allowed,
        Verdict::Loses(Color::Red),
    );
}

#[test]
fn one_check_one_idle_is_allowed() {
    // 数将一闲: the rook checks, then steps back without check.
    assert_cycle(
        "9/4k4/R8/9/9/9/9/9/9/3K5 w - - 0 1",
        "a7a8 e8e9 a8a7 e9e8",
        &[Check, Idle, Idle, Idle],
        Allowed,
        Allowed,
        Verdict::Draw,
    );
}

#[test]
fn one_check_one_chase_is_forbidden() {
    // 一将一捉: the rook checks on rank 8, then comes back to rank 7, where it attacks
    // the unprotected cannon on g7 again.
    assert_cycle(
        "9/4k4/R5c2/9/9/9/9/9/9/3K5 w - - 0 1",
        "a7a8 e8e9 a8a7 e9e8",
        &[Check, Idle, Chase, Idle],
        Forbidden,
        Allowed,
        Verdict::Loses(Color::Red),
    );
}

// ----- perpetual chase (长捉) ---------------------------------------------------------

#[test]
fn perpetual_chase_of_an_unprotected_piece_loses() {
    // The black cannon flees between b7 and c7; the red rook follows it.
    assert_cycle(
        "4k4/9/1c7/9/9/9/9/1R7/9/3K5 b - - 0 1",
        "b7c7 b2c2 c7b7 c2b2",
        &[Idle, Chase, Idle, Chase],
        Forbidden,
        Allowed,
        Verdict::Loses(Color::Red),
    );
}

#[test]
fn following_a_protected_piece_of_lower_value_is_idle() {
    // The same, but the black rook on i7 protects the cannon: taking it would cost the
    // red rook (跟, not 捉).
    assert_cycle(
        "4k4/9/1c6r/9/9/9/9/1R7/9/3K5 b - - 0 1",
        "b7c7 b2c2 c7b7 c2b2",
        &[Idle, Idle, Idle, Idle],
        Allowed,
        Allowed,
        Verdict::Draw,
    );
}

#[test]
fn chasing_a_protected_piece_worth_more_is_a_chase() {
    // 细则3: the red horse attacks the black rook, protected by the elephant on c9 and
    // by the king on d9; taking it still wins material. On its way back to c9 the
    // black rook attacks the unprotected horse on c7 (a chase too).
    assert_cycle(
        "2r1k4/N8/4b4/9/9/9/9/9/9/5K3 b - - 0 1",
        "c9d9 a8c7 d9c9 c7a8",
        &[Idle, Chase, Chase, Chase],
        Forbidden,
        Allowed,
        Verdict::Loses(Color::Red),
    );
}

#[test]
fn offering_an_exchange_is_idle() {
    // 兑: the horse attacks a cannon of the same value that is protected (by the
    // elephant on c9, by the king on d9).
    assert_cycle(
        "2c1k4/N8/4b4/9/9/9/9/9/9/5K3 b - - 0 1",
        "c9d9 a8c7 d9c9 c7a8",
        &[Idle, Idle, Idle, Idle],
        Allowed,
        Allowed,
        Verdict::Draw,
    );
}

#[test]
fn a_protector_that_cannot_recapture_is_no_protection() {
    // 假根: with the red king on d0, the black king on e9 cannot take back on d9 (the
    // kings would face each other), so the cannon there is chased; on c9 the elephant
    // protects it. One chase, one idle move: allowed.
    assert_cycle(
        "2c1k4/N8/4b4/9/9/9/9/9/9/3K5 b - - 0 1",
        "c9d9 a8c7 d9c9 c7a8",
        &[Idle, Chase, Idle, Idle],
        Allowed,
        Allowed,
        Verdict::Draw,
    );
}

#[test]
fn from_chase_to_chase_is_idle() {
    // 细则6: the red rook attacks the unprotected horse on a7 from a2 and from a3; it
    // makes no new chase by shuttling between them.
    assert_cycle(
        "4k4/9/n8/9/9/9/9/R8/9/3K5 w - - 0 1",
        "a2a3 e9e8 a3a2 e8e9",
        &[Idle, Idle, Idle, Idle],
        Allowed,
        Allowed,
        Verdict::Draw,
    );
}

#[test]
fn both_sides_chasing_is_a_draw() {
    // 26.3: the red rook attacks a new black horse with each move, and the black rook
    // a new red horse.
    assert_cycle(
        "nn3k3/9/7r1/9/9/9/9/R8/9/3K3NN w - - 0 1",
        "a2b2 h7i7 b2a2 i7h7",
        &[Chase, Chase, Chase, Chase],
        Forbidden,
        Forbidden,
        Verdict::Draw,
    );
}

#[test]
fn the_king_chasing_by_itself_is_idle() {
    // 27.1: the red king attacks the unprotected cannon on e0 from d0 and the one on d2
    // from d1, a new attack with every move.
    let fen = "5k3/9/9/9/9/9/9/3c5/9/3Kc4 w - - 0 1";
    assert_chases(fen, &[]);
    assert_cycle(
        fen,
        "d0d1 f9f8 d1d0 f8f9",
        &[Idle, Idle, Idle, Idle],
        Allowed,
        Allowed,
        Verdict::Draw,
    );
}

#[test]
fn a_pawn_chasing_by_itself_is_idle() {
    // 27.2: the red pawn follows the black rook between c7 and d7.
    assert_cycle(
        "4k4/9/2r6/2P6/9/9/9/9/9/5K3 b - - 0 1",
        "c7d7 c6d6 d7c7 d6c6",
        &[Idle, PawnChase, Idle, PawnChase],
        Allowed,
        Allowed,
        Verdict::Draw,
    );
}

#[test]
fn a_pawn_chase_counts_when_both_sides_attack() {
    // 细则11: now the black rook attacks a red horse with each move (on d2 from d7, on
    // c2 from c7). Alone, that would lose for Black; with the pawn's chases counted, both
    // sides attack on every move and it is a draw.
    assert_cycle(
        "3k5/9/2r6/9/9/9/9/2NN5/9/5K3 b - - 0 1",
        "c7d7 f0e0 d7c7 e0f0",
        &[Chase, Idle, Chase, Idle],
        Allowed,
        Forbidden,
        Verdict::Loses(Color::Black),
    );
    assert_cycle(
        "3k5/9/2r6/2P6/9/9/9/2NN5/9/5K3 b - - 0 1",
        "c7d7 c6d6 d7c7 d6c6",
        &[Chase, PawnChase, Chase, PawnChase],
        Forbidden,
        Forbidden,
        Verdict::Draw,
    );
}

// ----- what a chase is --------------------------------------------------------------

#[test]
fn a_piece_short_of_protectors_is_chased() {
    // 少根: the black horse on c5 is protected once, by the rook on c9. One red rook
    // cannot win it (the exchange costs a rook for a horse); two can.
    assert_chases("2r1k4/9/9/9/r1n5R/9/9/9/9/3K5 w - - 0 1", &[]);
    assert_chases(
        "2r1k4/9/9/9/R1n5R/9/9/9/9/3K5 w - - 0 1",
        &[("a5", "c5"), ("i5", "c5")],
    );
}

#[test]
fn a_capture_that_lets_the_opponent_mate_is_no_chase() {
    // 细则7: the red rook on b1 could take the unprotected cannon on h1, but then Black
    // mates with the rook on a0 (the horse on g2 guards e1 and f0), which the red rook
    // now stops by standing in the way on b0.
    assert_chases("3k5/9/9/9/r8/9/9/6n2/1R5c1/4K4 w - - 0 1", &[]);
    // Without the horse there is no mate, and the cannon is chased.
    assert_chases("3k5/9/9/9/r8/9/9/9/1R5c1/4K4 w - - 0 1", &[("b1", "h1")]);
}

#[test]
fn pieces_without_value_are_not_chased() {
    // A pawn that has not crossed the river is not 子力: the rook attacking it is idle.
    assert_chases("4k4/9/9/p8/9/9/9/R8/9/3K5 w - - 0 1", &[]);
    // Across the river it is.
    assert_chases("4k4/9/9/9/9/p8/9/R8/9/3K5 w - - 0 1", &[("a2", "a4")]);
    let black_pawn = Piece::new(Color::Black, PieceKind::Pawn);
    assert_eq!(ruling_value(black_pawn, sq("a6")), 0);
    assert_eq!(ruling_value(black_pawn, sq("a4")), 1);
    let red_pawn = Piece::new(Color::Red, PieceKind::Pawn);
    assert_eq!(ruling_value(red_pawn, sq("a4")), 0);
    assert_eq!(ruling_value(red_pawn, sq("a5")), 1);
    let value = |kind| ruling_value(Piece::new(Color::Red, kind), sq("e4"));
    assert_eq!(value(PieceKind::Rook), 2 * value(PieceKind::Horse));
    assert_eq!(value(PieceKind::Horse), value(PieceKind::Cannon));
    assert_eq!(value(PieceKind::Advisor), value(PieceKind::Elephant));
    assert_eq!(value(PieceKind::King), 0);
}

// ----- threats to mate (杀) ----------------------------------------------------------

#[test]
fn a_new_threat_to_mate_is_a_kill() {
    // Opening the a-file threatens Ra9 mate (the horse on g7 guards e8 and f9, and the
    // red king keeps the black king off the d-file).
    let fen = "4k4/9/6N2/8p/P8/9/9/9/9/R2K5 w - - 0 1";
    assert_nature(fen, "", "a5b5", MateThreat);
    // A horse move that lets the king out threatens nothing.
    assert_nature(fen, "", "g7h5", Idle);
    // Once the threat stands, a waiting move does not make it: idle.
    assert_nature(fen, "a5b5 i6i5", "b5c5", Idle);
    assert_nature(fen, "a5b5 i6i5", "a0a1", Idle);
    // A check is a check, whatever else it does.
    assert_nature(fen, "a5b5 i6i5", "a0a9", Check);
}

#[test]
fn one_check_one_kill_is_forbidden() {
    // 一将一杀, from a game: the black cannon checks from e4 (screen e3, the red advisor
    // having left e1), the advisor comes back to e1, and the cannon returns to c4, from
    // where it threatens Cxc0 mate (screen d0; the advisor on e1 now takes the king's
    // only square). The advisor steps away again, and so on.
    assert_cycle(
        "1nbakabnr/r2C3c1/9/p1p1p1p2/8p/2c6/P1P1P1P1P/3C4B/4A4/RNBAK2NR w - - 62 32",
        "e1f0 c4e4 f0e1 e4c4",
        &[Idle, Check, Idle, MateThreat],
        Allowed,
        Forbidden,
        Verdict::Loses(Color::Black),
    );
}

#[test]
fn mates_by_checks_finds_forced_mates_by_checks_only() {
    // Black to move: the rook mates on the a-file at once.
    let p = pos("4k4/9/6N2/9/1P6p/9/9/9/9/R2K5 w - - 0 1");
    assert!(p.mates_by_checks(1));
    // No check mates here, however deep.
    let p = pos("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1");
    assert!(!p.mates_by_checks(MATE_THREAT_CHECKS));
}

// ----- finding cycles; the arbiter ----------------------------------------------------

#[test]
fn repetitions_are_counted_from_the_history() {
    let fen = "R3k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1";
    let mut p = pos(fen);
    assert_eq!(p.repetition_count(), 1);
    assert_eq!(p.last_repetition(), None);
    assert_eq!(p.repetition_ruling(), None);
    let cycle = ["e9e8", "a9a8", "e8e9", "a8a9"];
    let mut counts = Vec::new();
    for round in 0..3 {
        for (i, m) in cycle.iter().enumerate() {
            p.play(mv(m));
            counts.push(p.repetition_count());
            if i == 3 {
                assert_eq!(p.last_repetition(), Some(4 * round));
                let earlier: Vec<usize> = p.earlier_occurrences().collect();
                assert_eq!(
                    earlier,
                    (0..=round).rev().map(|r| 4 * r).collect::<Vec<_>>()
                );
            }
        }
    }
    assert_eq!(counts, [1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4]);
    // The ruling after three times looks back to the first of them.
    let ruling = p.repetition_ruling_after(3).expect("three times");
    assert_eq!(ruling.start, 4);
    assert_eq!(ruling.verdict, Verdict::Loses(Color::Red));
    assert_eq!(p.repetition_ruling_after(4).map(|r| r.start), Some(0));
    assert_eq!(p.repetition_ruling_after(5), None);
}

#[test]
fn the_arbiter_rules_at_the_third_time() {
    let fen = "R3k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1";
    let cycle = ["e9e8", "a9a8", "e8e9", "a8a9"];
    let rules = GameRules::default();
    assert_eq!(rules.repetitions, 3);
    assert_eq!(rules.natural_limit_moves, NATURAL_LIMIT_MOVES);
    let mut p = pos(fen);
    let mut ended_at = None;
    for ply in 0..12 {
        p.play(mv(cycle[ply % 4]));
        if let Some(end) = p.game_end(&rules, 0) {
            ended_at = Some((ply, end));
            break;
        }
    }
    let (ply, end) = ended_at.expect("the game ends");
    assert_eq!(
        ply, 7,
        "the start position stands for the third time after 8 plies"
    );
    assert_eq!(end.loser(), Some(Color::Red));
    match end {
        GameEnd::Repetition(ruling) => {
            assert_eq!((ruling.red, ruling.black), (PerpetualCheck, Allowed));
        }
        other => panic!("{other:?}"),
    }
    // With two times, the search's rule, it ends a cycle earlier.
    let mut p = pos(fen);
    let quick = GameRules {
        repetitions: 2,
        ..GameRules::default()
    };
    let plies = (0..8)
        .position(|ply| {
            p.play(mv(cycle[ply % 4]));
            p.game_end(&quick, 0).is_some()
        })
        .expect("the game ends");
    assert_eq!(plies, 3);
}

#[test]
fn the_arbiter_sees_mate_and_stalemate_first() {
    // Red mates with the rook on the a-file (the horse guards e8 and f9).
    let mut p = pos("4k4/9/6N2/9/1P6p/9/9/9/9/R2K5 w - - 0 1");
    p.play(mv("a0a9"));
    assert_eq!(
        p.game_end(&GameRules::default(), 0),
        Some(GameEnd::Checkmate(Color::Black))
    );
    // Black has no move and is not in check: 困毙, Black loses.
    let p = pos("4k4/9/6N2/9/1P7/9/9/9/9/R2K5 b - - 0 1");
    assert!(p.is_stalemate(), "{p}");
    let end = p.game_end(&GameRules::default(), 0).expect("game over");
    assert_eq!(end, GameEnd::Stalemate(Color::Black));
    assert_eq!(end.loser(), Some(Color::Black));
}

#[test]
fn the_natural_limit_is_sixty_moves_without_a_capture() {
    let fen = "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 117 80";
    let mut p = pos(fen);
    assert!(!p.natural_limit_reached(NATURAL_LIMIT_MOVES));
    p.play(mv("a0a1"));
    p.play(mv("e9e8"));
    assert_eq!(p.rule60_plies(), 119);
    assert!(!p.natural_limit_reached(NATURAL_LIMIT_MOVES));
    assert_eq!(p.game_end(&GameRules::default(), 0), None);
    p.play(mv("a1a2"));
    assert!(p.natural_limit_reached(NATURAL_LIMIT_MOVES));
    assert_eq!(
        p.game_end(&GameRules::default(), 0),
        Some(GameEnd::NaturalLimit)
    );
    assert_eq!(GameEnd::NaturalLimit.loser(), None);
    // Turned off, or set lower by the tournament.
    let off = GameRules {
        natural_limit_moves: 0,
        ..GameRules::default()
    };
    assert_eq!(p.game_end(&off, 0), None);
    let p = pos("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 80 80");
    assert!(p.natural_limit_reached(40));
    assert!(!p.natural_limit_reached(41));
    // A capture starts the count again.
    let mut p = pos("4k4/9/9/9/9/9/9/9/r8/R2K5 w - - 119 80");
    p.play(mv("a0a1"));
    assert_eq!(p.rule60_plies(), 0);
    assert!(!p.natural_limit_reached(NATURAL_LIMIT_MOVES));
}

#[test]
fn the_side_that_did_not_check_can_claim_the_natural_limit() {
    // 120 plies of perpetual check by Red from a fresh counter: Black, who never
    // checked, can claim.
    let fen = "R3k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1";
    let cycle = ["e9e8", "a9a8", "e8e9", "a8a9"];
    let mut p = pos(fen);
    for ply in 0..120 {
        p.play(mv(cycle[ply % 4]));
    }
    assert!(p.natural_limit_reached(NATURAL_LIMIT_MOVES));
}

// ----- the verdict table --------------------------------------------------------------

#[test]
fn the_verdict_follows_the_general_rules() {
    // Red's conduct, Black's, the verdict, its loser and its result in words.
    const RED: Option<Color> = Some(Color::Red);
    const BLACK: Option<Color> = Some(Color::Black);
    let cases = [
        (Allowed, Allowed, Verdict::Draw, None, "draw"),
        (Forbidden, Forbidden, Verdict::Draw, None, "draw"),
        (PerpetualCheck, PerpetualCheck, Verdict::Draw, None, "draw"),
        (
            Forbidden,
            Allowed,
            Verdict::Loses(Color::Red),
            RED,
            "black wins",
        ),
        (
            Allowed,
            Forbidden,
            Verdict::Loses(Color::Black),
            BLACK,
            "red wins",
        ),
        (
            PerpetualCheck,
            Allowed,
            Verdict::Loses(Color::Red),
            RED,
            "black wins",
        ),
        (
            PerpetualCheck,
            Forbidden,
            Verdict::Loses(Color::Red),
            RED,
            "black wins",
        ),
        (
            Allowed,
            PerpetualCheck,
            Verdict::Loses(Color::Black),
            BLACK,
            "red wins",
        ),
        (
            Forbidden,
            PerpetualCheck,
            Verdict::Loses(Color::Black),
            BLACK,
            "red wins",
        ),
    ];
    for (red, black, expected, loser, result) in cases {
        let v = verdict(red, black);
        assert_eq!(v, expected, "{red:?} against {black:?}");
        assert_eq!(v.loser(), loser, "{red:?} against {black:?}");
        assert_eq!(v.result(), result, "{red:?} against {black:?}");
    }
}

// ----- over random games ------------------------------------------------------------

use common::Rng;

#[test]
fn move_natures_are_the_same_in_every_view() {
    let mut rng = Rng(0x5EED_CAFE_F00D_0001);
    let mut seen = [0usize; 5];
    let mut classified = 0;
    let started = std::time::Instant::now();
    for _ in 0..40 {
        let mut p = Position::startpos();
        for _ in 0..120 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[(rng.next() % moves.len() as u64) as usize];
            let nature = p.nature_of(m);
            seen[nature as usize] += 1;
            classified += 1;
            for view in views() {
                let t = (view.position)(&p);
                assert_eq!(
                    t.nature_of(view.mv(m)),
                    nature,
                    "{} {m} ({})",
                    p.to_fen(),
                    view.label
                );
            }
            // Chases are the same seen from either side of the board, too.
            let chases = p.chases().len();
            assert_eq!(p.color_flipped().chases().len(), chases, "{}", p.to_fen());
            p.make_move(m);
        }
    }
    // Random play meets every kind of move.
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
    // Ten views of each move: well under a millisecond each on any machine.
    let per_move = started.elapsed() / (classified * 6);
    assert!(
        per_move < std::time::Duration::from_millis(2),
        "{per_move:?} per classification"
    );
}

/// The cost of classifying one move, measured (not a pass/fail check: run it by name
/// with `--ignored --nocapture`): each legal move played in 50 random games of up to
/// 120 plies (at least 5,000 plies in all) is classified under each rule set (the least
/// of three timings), and the mean, the 99th percentile and the worst time are printed, with the position of
/// the worst.
#[test]
#[ignore = "a measurement; run by name with --ignored --nocapture"]
fn the_cost_of_classifying_a_move() {
    for rules in [RuleSet::Chinese, RuleSet::Asian] {
        let mut rng = Rng(0x5EED_C057_0000_0033);
        let mut times: Vec<(std::time::Duration, String)> = Vec::new();
        for _ in 0..50 {
            let mut p = Position::startpos();
            for _ in 0..120 {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[(rng.next() % moves.len() as u64) as usize];
                // The least of three timings: a busy machine's preemptions left out.
                let took = (0..3)
                    .map(|_| {
                        let started = std::time::Instant::now();
                        std::hint::black_box(p.nature_of_with(m, rules));
                        started.elapsed()
                    })
                    .min()
                    .expect("three timings");
                times.push((took, format!("{} {m}", p.to_fen())));
                p.make_move(m);
            }
        }
        assert!(times.len() >= 5000, "{} plies", times.len());
        let total: std::time::Duration = times.iter().map(|t| t.0).sum();
        let mean = total / times.len() as u32;
        times.sort_by_key(|t| t.0);
        let p99 = times[times.len() * 99 / 100].0;
        let (worst, at) = times.last().expect("moves");
        eprintln!(
            "{rules}: {} moves, mean {mean:?}, p99 {p99:?}, worst {worst:?} ({at})",
            times.len()
        );
    }
}

/// Where the games of [`rulings_of_random_repetitions_are_the_same_in_every_view`]
/// start (each also colour-flipped): the start position, and two with a rook (and a
/// cannon) near a bare or guarded king, where checks and chases come round.
const RANDOM_REPETITION_STARTS: &[&str] = &[
    chariot::board::START_FEN,
    "4k4/9/9/9/9/9/9/9/4A4/R2AK4 w - - 0 1",
    "2bak4/4a4/4b4/9/2n6/9/9/4C4/4A4/R2AK4 w - - 0 1",
];

#[test]
fn rulings_of_random_repetitions_are_the_same_in_every_view() {
    // Random games where each side, from time to time, plays a move and its way back,
    // and often a check: repetitions of every kind, judged in all four views.
    let mut rng = Rng(0x0BAD_5EED_0000_0002);
    let mut ruled = 0;
    // How often each side's conduct and each verdict were met.
    let mut conducts: std::collections::HashMap<(Color, Conduct), usize> = Default::default();
    let mut verdicts: std::collections::HashMap<Verdict, usize> = Default::default();
    let starts: Vec<Position> = RANDOM_REPETITION_STARTS
        .iter()
        .map(|fen| pos(fen))
        .flat_map(|p| [p.color_flipped(), p])
        .collect();
    for game in 0..120 {
        let start = starts[game % starts.len()].clone();
        let mut p = start.clone();
        let mut history: Vec<Move> = Vec::new();
        for _ in 0..80 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Try to step back with the move two plies ago, reversed.
            let back = history
                .len()
                .checked_sub(2)
                .map(|i| Move::new(history[i].to(), history[i].from()))
                .filter(|m| moves.contains(m) && p.piece_at(m.to()).is_none());
            let checks: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&m| p.gives_check(m))
                .collect();
            let m = match back {
                Some(m) if rng.next() % 4 != 0 => m,
                _ if !checks.is_empty() && rng.next() % 2 == 0 => {
                    checks[(rng.next() % checks.len() as u64) as usize]
                }
                _ => moves[(rng.next() % moves.len() as u64) as usize],
            };
            p.make_move(m);
            history.push(m);
            if let Some(ruling) = p.repetition_ruling() {
                ruled += 1;
                *conducts.entry((Color::Red, ruling.red)).or_default() += 1;
                *conducts.entry((Color::Black, ruling.black)).or_default() += 1;
                *verdicts.entry(ruling.verdict).or_default() += 1;
                for view in views().iter().skip(1) {
                    let mut t = (view.position)(&start);
                    for &h in &history {
                        t.make_move(view.mv(h));
                    }
                    let r = t.repetition_ruling().expect("the same repetition");
                    let (red, black) = if view.flips_colors {
                        (ruling.black, ruling.red)
                    } else {
                        (ruling.red, ruling.black)
                    };
                    assert_eq!((r.red, r.black, r.start), (red, black, ruling.start));
                    assert_eq!(
                        r.verdict.loser(),
                        ruling.verdict.loser().map(|c| view.color(c))
                    );
                }
            }
        }
    }
    assert!(ruled > 50, "only {ruled} repetitions met");
    // Every kind: each side idle, attacking and checking perpetually; draws and losses
    // for each side.
    for color in Color::ALL {
        for conduct in [Allowed, Forbidden, PerpetualCheck] {
            assert!(
                conducts.contains_key(&(color, conduct)),
                "no {color:?} {conduct:?} in {conducts:?}"
            );
        }
    }
    for v in [
        Verdict::Draw,
        Verdict::Loses(Color::Red),
        Verdict::Loses(Color::Black),
    ] {
        assert!(verdicts.contains_key(&v), "no {v:?} in {verdicts:?}");
    }
    eprintln!("{ruled} rulings: {conducts:?}, {verdicts:?}");
}

// ----- the ruled cases, under both rule sets ---------------------------------------------

/// One ruled case: a start position, a cycle of moves that comes back to it, the kind of
/// each move (Chinese rule set), and the ruling with its reason under each rule set.
struct Case {
    /// The article(s) it illustrates.
    name: &'static str,
    fen: &'static str,
    moves: &'static str,
    kinds: &'static [MoveClass],
    chinese: (Verdict, &'static str),
    asian: (Verdict, &'static str),
}

use chariot::board::game_end::rule_cli;
use chariot::board::repetition::{MoveClass, RuleSet};
use chariot::search::params::RULE_WIN;
use chariot::search::{self, Config, Limits, Shared, Silent};

const RED_LOSES: Verdict = Verdict::Loses(Color::Red);
const BLACK_LOSES: Verdict = Verdict::Loses(Color::Black);
const DRAW: Verdict = Verdict::Draw;
const BOTH_IDLE: &str = "draw: both sides idle";

/// The reason as it reads in a view: colours swapped, points carried across.
fn reason_in_view(reason: &str, view: &View) -> String {
    let mapped = reason
        .split(' ')
        .map(|word| {
            let core = word.trim_end_matches([',', ')']);
            let tail = &word[core.len()..];
            let core = match core {
                "red" if view.flips_colors => "black".to_string(),
                "black" if view.flips_colors => "red".to_string(),
                _ => match (core.len(), Square::parse(core)) {
                    (2, Some(s)) => (view.square)(s).to_string(),
                    _ => core.to_string(),
                },
            };
            format!("{core}{tail}")
        })
        .collect::<Vec<_>>()
        .join(" ");
    // A draw by mutual attack names Red's conduct first.
    const BOTH: &str = "draw: both sides attack perpetually: ";
    match mapped.strip_prefix(BOTH) {
        Some(sides) if view.flips_colors => {
            let (first, second) = sides.split_once("), ").expect("two sides");
            format!("{BOTH}{second}, {first})")
        }
        _ => mapped,
    }
}

fn check_case(case: &Case) {
    for view in views() {
        let p = view.play(case.fen, case.moves);
        let context = format!("{} ({})", case.name, view.label);
        assert_eq!(p.last_repetition(), Some(0), "{context}: not a cycle");
        assert_eq!(p.kinds_since(0, RuleSet::Chinese), case.kinds, "{context}");
        let natures: Vec<Nature> = case.kinds.iter().map(|k| k.nature()).collect();
        assert_eq!(p.natures_since(0), natures, "{context}");
        for (rules, (verdict, reason)) in [
            (RuleSet::Chinese, case.chinese),
            (RuleSet::Asian, case.asian),
        ] {
            let ruling = p.repetition_ruling_with(rules).expect("a repetition");
            let want = match verdict {
                Verdict::Draw => Verdict::Draw,
                Verdict::Loses(c) => Verdict::Loses(view.color(c)),
            };
            assert_eq!(ruling.verdict, want, "{context}, {rules}");
            assert_eq!(ruling.rule_set, rules);
            assert_eq!(
                ruling.reason(),
                reason_in_view(reason, &view),
                "{context}, {rules}"
            );
        }
        // The default entry point is the Chinese rule set.
        assert_eq!(
            p.repetition_ruling(),
            p.repetition_ruling_with(RuleSet::Chinese)
        );
        for rules in [RuleSet::Chinese, RuleSet::Asian] {
            assert_search_agrees(case, &view, rules);
        }
    }
}

/// The search and `chariot rule` rule the cycle alike: from the position before the
/// cycle's last move, a search of that move alone scores the repetition it makes as a
/// win, a loss or a draw for the side making it, as the command line's ruling of the
/// whole cycle says.
fn assert_search_agrees(case: &Case, view: &View, rules: RuleSet) {
    let start = (view.position)(&pos(case.fen));
    let moves: Vec<String> = case
        .moves
        .split_whitespace()
        .map(|m| view.mv(mv(m)).to_string())
        .collect();
    let line = rule_cli(&start.to_fen(), &moves, rules.name()).expect("a ruling");
    let (last, before) = moves.split_last().expect("moves");
    let mut p = start.clone();
    for m in before {
        p.play(mv(m));
    }
    let mover = p.side_to_move();
    let limits = Limits {
        depth: Some(1),
        search_moves: vec![mv(last)],
        ..Limits::default()
    };
    let config = Config {
        rule_set: rules,
        ..Config::default()
    };
    let outcome = search::search(&p, &limits, &config, &Shared::new(1), &Silent);
    let ruled = if outcome.score > RULE_WIN - 100 {
        "wins"
    } else if outcome.score < -(RULE_WIN - 100) {
        "loses"
    } else {
        assert_eq!(
            outcome.score, 0,
            "{} ({}), {rules}: {line}",
            case.name, view.label
        );
        "draws"
    };
    let expected = if line.starts_with("draw") {
        "draws"
    } else if line.starts_with(&format!("{mover} wins")) {
        "wins"
    } else {
        "loses"
    };
    assert_eq!(
        ruled, expected,
        "{} ({}), {rules}: the search scores {} for {mover}; chariot rule: {line}",
        case.name, view.label, outcome.score
    );
}

use MoveClass as K;

/// The cases, each explained by article (第N条 of file 001 第六章; 细则N of 第七章).
const CASES: &[Case] = &[
    // 26.1, 28.10: the red rook checks on every move (a9, a8); Black's king steps are
    // idle. Perpetual check loses under both rule sets.
    Case {
        name: "perpetual check",
        fen: "R3k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1",
        moves: "e9e8 a9a8 e8e9 a8a9",
        kinds: &[K::Idle, K::Check, K::Idle, K::Check],
        chinese: (RED_LOSES, "red perpetual check"),
        asian: (RED_LOSES, "red perpetual check"),
    },
    // 25.2 数将一闲: the rook checks, then steps back without check: allowed, a draw.
    Case {
        name: "one check one idle",
        fen: "9/4k4/R8/9/9/9/9/9/9/3K5 w - - 0 1",
        moves: "a7a8 e8e9 a8a7 e9e8",
        kinds: &[K::Check, K::Idle, K::Idle, K::Idle],
        chinese: (DRAW, BOTH_IDLE),
        asian: (DRAW, BOTH_IDLE),
    },
    // 25.2 一将一捉: the rook checks on rank 8, then comes back to rank 7 where it
    // attacks the unprotected cannon on g7 anew. Forbidden under the Chinese rule set;
    // allowed under the Asian one (the AXF book's rule 12, diagram 13: "one check one
    // chase" is a draw).
    Case {
        name: "one check one chase",
        fen: "9/4k4/R5c2/9/9/9/9/9/9/3K5 w - - 0 1",
        moves: "a7a8 e8e9 a8a7 e9e8",
        kinds: &[K::Check, K::Idle, K::Chase, K::Idle],
        chinese: (RED_LOSES, "red perpetual check and chase of the black cannon on g7 (一将一捉)"),
        asian: (DRAW, BOTH_IDLE),
    },
    // 28.12, 29.2: the black cannon flees b7/c7, the red rook follows: each move a new
    // attack on the unprotected cannon. 长捉 loses (26.4; the AXF book's rule 18,
    // diagrams 32 and 33).
    Case {
        name: "perpetual chase of a cannon",
        fen: "4k4/9/1c7/9/9/9/9/1R7/9/3K5 b - - 0 1",
        moves: "b7c7 b2c2 c7b7 c2b2",
        kinds: &[K::Idle, K::Chase, K::Idle, K::Chase],
        chinese: (RED_LOSES, "red perpetual chase of the black cannon on b7 (长捉)"),
        asian: (RED_LOSES, "red perpetual chase of the black cannon on b7 (长捉)"),
    },
    // 28.8 跟, 28.16: the same, the cannon protected by the black rook on i7; taking it
    // costs the rook. Following a protected piece is idle.
    Case {
        name: "following a protected cannon (跟)",
        fen: "4k4/9/1c6r/9/9/9/9/1R7/9/3K5 b - - 0 1",
        moves: "b7c7 b2c2 c7b7 c2b2",
        kinds: &[K::Idle, K::Follow, K::Idle, K::Follow],
        chinese: (DRAW, BOTH_IDLE),
        asian: (DRAW, BOTH_IDLE),
    },
    // 28.16 假根: the protector, the black rook on e7, is pinned (moving off the e-file
    // lets the red cannon on e2 check over the advisor on e8): the cannon counts as
    // unprotected, and the chase is forbidden.
    Case {
        name: "false protection: a pinned protector",
        fen: "4k4/4a4/1c2r4/9/9/9/9/1R2C4/9/3K5 b - - 0 1",
        moves: "b7c7 b2c2 c7b7 c2b2",
        kinds: &[K::Idle, K::Chase, K::Idle, K::Chase],
        chinese: (RED_LOSES, "red perpetual chase of the black cannon on b7 (长捉)"),
        asian: (RED_LOSES, "red perpetual chase of the black cannon on b7 (长捉)"),
    },
    // 细则3 (Chinese), the horse-on-rook rule (Asian): the red horse attacks the black
    // rook, protected by the elephant on e7 (and by the king on d9); taking it still
    // wins material. On its way back to c9 the black rook attacks the unprotected horse
    // on c7: one chase, one idle for Black.
    Case {
        name: "a horse chasing a protected rook",
        fen: "2r1k4/N8/4b4/9/9/9/9/9/9/5K3 b - - 0 1",
        moves: "c9d9 a8c7 d9c9 c7a8",
        kinds: &[K::Idle, K::Chase, K::Chase, K::Chase],
        chinese: (RED_LOSES, "red perpetual chase of the black rook on c9 (长捉)"),
        asian: (RED_LOSES, "red perpetual chase of the black rook on c9 (长捉)"),
    },
    // 细则3 again, a cannon: the red cannon attacks the black rook over the elephant
    // (e7) and the advisor (e8) in turn; the rook, protected by the other rook on a9,
    // is still worth more than the cannon (the AXF book's rule 15, diagram 18).
    Case {
        name: "a cannon chasing a protected rook",
        fen: "r4k3/4a4/r3b3C/9/9/9/9/9/9/3K5 b - - 0 1",
        moves: "a7a8 i7i8 a8a7 i8i7",
        kinds: &[K::Idle, K::Chase, K::Idle, K::Chase],
        chinese: (RED_LOSES, "red perpetual chase of the black rook on a7 (长捉)"),
        asian: (RED_LOSES, "red perpetual chase of the black rook on a7 (长捉)"),
    },
    // 28.5 兑: the horse attacks a protected cannon of the same value (the cannon
    // attacks nothing back, but the exchange is even). Idle.
    Case {
        name: "offering an exchange (兑)",
        fen: "2c1k4/N8/4b4/9/9/9/9/9/9/5K3 b - - 0 1",
        moves: "c9d9 a8c7 d9c9 c7a8",
        kinds: &[K::Idle, K::Exchange, K::Idle, K::Exchange],
        chinese: (DRAW, BOTH_IDLE),
        asian: (DRAW, BOTH_IDLE),
    },
    // 28.16 假根, 27.1 (借帅之力): with the red king on d0, the black king on e9 cannot
    // take back on d9 (the kings would face each other), so the cannon there is chased;
    // on c9 the elephant protects it (兑). One chase, one idle: allowed.
    Case {
        name: "false protection: a recapture facing the kings",
        fen: "2c1k4/N8/4b4/9/9/9/9/9/9/3K5 b - - 0 1",
        moves: "c9d9 a8c7 d9c9 c7a8",
        kinds: &[K::Idle, K::Chase, K::Idle, K::Exchange],
        chinese: (DRAW, BOTH_IDLE),
        asian: (DRAW, BOTH_IDLE),
    },
    // 细则6 从捉到捉: the rook attacks the unprotected horse on a7 from a2 and from a3;
    // shuttling makes no new chase.
    Case {
        name: "from chase to chase",
        fen: "4k4/9/n8/9/9/9/9/R8/9/3K5 w - - 0 1",
        moves: "a2a3 e9e8 a3a2 e8e9",
        kinds: &[K::Idle, K::Idle, K::Idle, K::Idle],
        chinese: (DRAW, BOTH_IDLE),
        asian: (DRAW, BOTH_IDLE),
    },
    // 26.3, 28.14 长打对长打: each rook attacks a new enemy horse with each move. Both
    // forbidden: a draw. Under the Asian rule set each chases two pieces in turn: a draw.
    Case {
        name: "both sides chasing",
        fen: "nn3k3/9/7r1/9/9/9/9/R8/9/3K3NN w - - 0 1",
        moves: "a2b2 h7i7 b2a2 i7h7",
        kinds: &[K::Chase, K::Chase, K::Chase, K::Chase],
        chinese: (
            DRAW,
            "draw: both sides attack perpetually: red perpetual chase of several pieces (长捉), black perpetual chase of several pieces (长捉)",
        ),
        asian: (DRAW, BOTH_IDLE),
    },
    // 27.1: the red king attacks the unprotected cannon on e0 from d0 and the one on d2
    // from d1, a new attack with every move: the king's own chase is idle.
    Case {
        name: "the king chasing",
        fen: "5k3/9/9/9/9/9/9/3c5/9/3Kc4 w - - 0 1",
        moves: "d0d1 f9f8 d1d0 f8f9",
        kinds: &[K::KingChase, K::Idle, K::KingChase, K::Idle],
        chinese: (DRAW, BOTH_IDLE),
        asian: (DRAW, BOTH_IDLE),
    },
    // 27.2: the red pawn follows the black rook between c7 and d7: a pawn's chase is
    // idle (and a pawn may chase perpetually under the AXF book's rule 29, diagrams 69
    // and 70).
    Case {
        name: "a pawn chasing",
        fen: "4k4/9/2r6/2P6/9/9/9/9/9/5K3 b - - 0 1",
        moves: "c7d7 c6d6 d7c7 d6c6",
        kinds: &[K::Idle, K::PawnChase, K::Idle, K::PawnChase],
        chinese: (DRAW, BOTH_IDLE),
        asian: (DRAW, BOTH_IDLE),
    },
    // 28.12 (一子或数子): the black rook attacks a new red horse with each move (d2 from
    // d7, c2 from c7): Chinese 长捉. The Asian rule set rules one piece chasing two in
    // turn a draw.
    Case {
        name: "a rook chasing two horses in turn",
        fen: "3k5/9/2r6/9/9/9/9/2NN5/9/5K3 b - - 0 1",
        moves: "c7d7 f0e0 d7c7 e0f0",
        kinds: &[K::Chase, K::Idle, K::Chase, K::Idle],
        chinese: (BLACK_LOSES, "black perpetual chase of several pieces (长捉)"),
        asian: (DRAW, BOTH_IDLE),
    },
    // 27.2 second half, 细则11: with the red pawn chasing the black rook back, both sides
    // attack on every move (互打), so the pawn's chase counts: both forbidden, a draw.
    // The Asian rule set has no such exception, and Black chases two pieces: a draw.
    Case {
        name: "a pawn chase counts when both sides attack",
        fen: "3k5/9/2r6/2P6/9/9/9/2NN5/9/5K3 b - - 0 1",
        moves: "c7d7 c6d6 d7c7 d6c6",
        kinds: &[K::Chase, K::PawnChase, K::Chase, K::PawnChase],
        chinese: (
            DRAW,
            "draw: both sides attack perpetually: red perpetual chase of the black rook on c7 (长捉), black perpetual chase of several pieces (长捉)",
        ),
        asian: (DRAW, BOTH_IDLE),
    },
    // 25.2 一将一杀 (from a game): the black cannon checks from e4, the red advisor comes
    // back to e1 (拦: it closes the e-file), and the cannon returns to c4, threatening
    // Cxc0 mate. Chinese: forbidden. Asian: a mate threat is not looked for, but the
    // move to c4 attacks the elephant on c0, which has no legal recapture: one check
    // one chase, allowed (the AXF book's rule 12): a draw.
    Case {
        name: "one check one mate threat",
        fen: "1nbakabnr/r2C3c1/9/p1p1p1p2/8p/2c6/P1P1P1P1P/3C4B/4A4/RNBAK2NR w - - 62 32",
        moves: "e1f0 c4e4 f0e1 e4c4",
        kinds: &[K::Idle, K::Check, K::Block, K::MateThreat],
        chinese: (BLACK_LOSES, "black perpetual check and mate threat (一将一杀)"),
        asian: (DRAW, BOTH_IDLE),
    },
    // 25.2 一杀一捉: on b2 the red rook attacks the crossed pawn on b3 (a chase), on a2
    // it threatens Ra9 mate (the horse on g7 guards e8 and f9, the red king the d-file,
    // the pawn on e6 shuts the e-file); on b2 it threatened nothing. Chinese: forbidden.
    // Asian: the threat is idle, one chase one idle is allowed.
    Case {
        name: "one mate threat one chase",
        fen: "4k1b2/9/6N2/4p4/9/9/1p7/R8/9/3K5 w - - 0 1",
        moves: "a2b2 g9i7 b2a2 i7g9",
        kinds: &[K::Chase, K::Idle, K::MateThreat, K::Idle],
        chinese: (RED_LOSES, "red perpetual mate threat and chase of the black pawn on b3 (一杀一捉)"),
        asian: (DRAW, BOTH_IDLE),
    },
    // 28.11 长杀: the black cannon blocks the a-file, then the b-file; the red rook
    // opens a new threat of mate on the other file each time. Chinese: forbidden. Asian:
    // a perpetual mate threat against perpetual blocks or offers is a draw (the AXF
    // book's rules 39 and 40, diagrams 99 and 104). The cannon's moves onto the rook's
    // file are 献.
    Case {
        name: "perpetual mate threat",
        fen: "4k4/9/c5N2/4p4/9/R8/9/9/9/3K5 w - - 0 1",
        moves: "a4b4 a7b7 b4a4 b7a7",
        kinds: &[K::MateThreat, K::Offer, K::MateThreat, K::Offer],
        chinese: (RED_LOSES, "red perpetual mate threat (长杀)"),
        asian: (DRAW, BOTH_IDLE),
    },
    // 27.3, 细则13: the red rook, alone against rook, advisor and elephant, follows the
    // black elephant (e7, c9) from its own side of the river: a defensive point in a
    // simple draw, the chase of the elephant is idle (Chinese). Asian: a perpetual chase
    // of one unprotected piece.
    Case {
        name: "chasing an elephant from a defensive point",
        fen: "5k3/4a4/4b4/9/9/8r/9/4R4/9/3K5 b - - 0 1",
        moves: "e7c9 e2c2 c9e7 c2e2",
        kinds: &[K::Idle, K::DefensiveChase, K::Idle, K::DefensiveChase],
        chinese: (DRAW, BOTH_IDLE),
        asian: (RED_LOSES, "red perpetual chase of the black elephant on e7 (长捉)"),
    },
    // Against 27.3 (issue 13): the same red rook on its own side of the river, but the
    // black side has nothing to attack with: the rook is the attacker, not a defender
    // taking a defensive point, and the position is no simple draw for it to hold.
    // Following the unprotected elephant is 长捉 under both rule sets.
    Case {
        name: "a lone rook harassing an elephant is no defender (27.3)",
        fen: "5k3/4a4/4b4/9/9/9/9/4R4/9/3K5 b - - 0 1",
        moves: "e7c9 e2c2 c9e7 c2e2",
        kinds: &[K::Idle, K::Chase, K::Idle, K::Chase],
        chinese: (RED_LOSES, "red perpetual chase of the black elephant on e7 (长捉)"),
        asian: (RED_LOSES, "red perpetual chase of the black elephant on e7 (长捉)"),
    },
    // Against 27.3: Black has a rook and a horse (more than a rook's attacking force):
    // no simple draw for the lone red rook to hold, so its chase of the elephant from
    // its own side of the river is a chase.
    Case {
        name: "no simple draw: the defender is outgunned (27.3)",
        fen: "5k3/4a4/4b4/9/9/8r/7n1/4R4/9/3K5 b - - 0 1",
        moves: "e7c9 e2c2 c9e7 c2e2",
        kinds: &[K::Idle, K::Chase, K::Idle, K::Chase],
        chinese: (RED_LOSES, "red perpetual chase of the black elephant on e7 (长捉)"),
        asian: (RED_LOSES, "red perpetual chase of the black elephant on e7 (长捉)"),
    },
    // 28.6 献: the red cannon goes to f4, where the black rook can take it for nothing,
    // and back. Idle.
    Case {
        name: "offering a piece (献)",
        fen: "4k4/9/9/9/9/r8/9/9/9/3K1C3 w - - 0 1",
        moves: "f0f4 e9e8 f4f0 e8e9",
        kinds: &[K::Offer, K::Idle, K::Idle, K::Idle],
        chinese: (DRAW, BOTH_IDLE),
        asian: (DRAW, BOTH_IDLE),
    },
    // The 1999 rules' 棋例图三, as the UCCI spec gives it. Every move from the
    // definitions:
    // * red h6i4 (马退): the horse on i4 becomes a screen for the cannon on i2, which now
    //   attacks the black rook on i9: a new chase (a cannon on a rook: 细则3, and the
    //   Asian rule).
    // * black i9h9: the rook leaves the cannon's line and, on the h-file the horse has
    //   opened, attacks the red rook on h0, which nothing protects: 捉.
    // * red i4h6: the horse shuts the h-file again (拦); it attacks nothing it can win.
    // * black h9i9: back on the i-file, now open, the rook attacks the unprotected red
    //   cannon on i2: 捉.
    // Red: one chase, one idle (allowed). Black: a chase on every move, of the rook and
    // the cannon in turn: 长捉 (28.12, 一子或数子), forbidden: Black must vary or lose
    // (26.4). Under the Asian rule set one piece chasing two in turn is a draw.
    Case {
        name: "棋例图三 (UCCI)",
        fen: "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w - - 0 1",
        moves: "h6i4 i9h9 i4h6 h9i9",
        kinds: &[K::Chase, K::Chase, K::Block, K::Chase],
        chinese: (BLACK_LOSES, "black perpetual chase of several pieces (长捉)"),
        asian: (DRAW, BOTH_IDLE),
    },
    // ----- cases added by hand from the documents' definitions -----------------------
    // 26.1 (在任何情况下，均不允许单方面长将), 28.10, 细则1: the red horse checks on every
    // move (c7 on e8, b9 on d8); each black king step escapes and opens a black rook's
    // file onto an unprotected red piece (the horse on e3, the cannon on d2): every black
    // move a new chase (27.1: a chase with the king's help is a chase). Black's moves are
    // forbidden too, but one-sided perpetual check loses whatever the other side does.
    // Asian: Black chases two pieces in turn (allowed); the check loses all the same.
    Case {
        name: "perpetual check against perpetual chase",
        fen: "1N1rr4/4k4/9/9/9/9/4N4/3C5/9/5K3 w - - 0 1",
        moves: "b9c7 e8d8 c7b9 d8e8",
        kinds: &[K::Check, K::Chase, K::Check, K::Chase],
        chinese: (RED_LOSES, "red perpetual check"),
        asian: (RED_LOSES, "red perpetual check"),
    },
    // 26.1, 28.10: the same horse checks, and nothing else on the board: Black's king
    // steps are idle. Perpetual check by a horse loses.
    Case {
        name: "perpetual check by a horse",
        fen: "1N7/4k4/9/9/9/9/9/9/9/5K3 w - - 0 1",
        moves: "b9c7 e8d8 c7b9 d8e8",
        kinds: &[K::Check, K::Idle, K::Check, K::Idle],
        chinese: (RED_LOSES, "red perpetual check"),
        asian: (RED_LOSES, "red perpetual check"),
    },
    // 28.12, 29.2, 26.4: the black horse flees b7/a5, the red rook follows on the b- and
    // a-files: a new attack on the unprotected horse every move. 长捉 of a horse loses.
    Case {
        name: "a rook chasing a horse",
        fen: "4k4/9/1n7/9/9/9/9/1R7/9/3K5 b - - 0 1",
        moves: "b7a5 b2a2 a5b7 a2b2",
        kinds: &[K::Idle, K::Chase, K::Idle, K::Chase],
        chinese: (RED_LOSES, "red perpetual chase of the black horse on b7 (长捉)"),
        asian: (RED_LOSES, "red perpetual chase of the black horse on b7 (长捉)"),
    },
    // 28.12, 29.2: a horse chasing: the black cannon steps a7/b7, the red horse follows
    // (b5 attacks a7, d6 attacks b7). The cannon is unprotected: 长捉 by a horse loses.
    Case {
        name: "a horse chasing a cannon",
        fen: "4k4/9/c8/9/1N7/9/9/9/9/3K5 b - - 0 1",
        moves: "a7b7 b5d6 b7a7 d6b5",
        kinds: &[K::Idle, K::Chase, K::Idle, K::Chase],
        chinese: (RED_LOSES, "red perpetual chase of the black cannon on a7 (长捉)"),
        asian: (RED_LOSES, "red perpetual chase of the black cannon on a7 (长捉)"),
    },
    // 25.3 (过河兵算子力), 28.12: the black pawn across the river steps a3/b3, the red
    // rook follows on rank 0. A crossed pawn is 子力: chasing it perpetually loses.
    Case {
        name: "a rook chasing a crossed pawn",
        fen: "4k4/9/9/9/9/9/p8/9/9/R2K5 b - - 0 1",
        moves: "a3b3 a0b0 b3a3 b0a0",
        kinds: &[K::Idle, K::Chase, K::Idle, K::Chase],
        chinese: (RED_LOSES, "red perpetual chase of the black pawn on a3 (长捉)"),
        asian: (RED_LOSES, "red perpetual chase of the black pawn on a3 (长捉)"),
    },
    // 25.3 (士算子力), 28.12: the black advisor steps d9/e8, the red rook follows from
    // across the river (d5, e5), so 27.3's defensive point does not apply. The king on
    // f7 protects neither point: 长捉 of an advisor loses.
    Case {
        name: "a rook chasing an advisor",
        fen: "3a5/9/5k3/9/3R5/9/9/9/9/3K5 b - - 0 1",
        moves: "d9e8 d5e5 e8d9 e5d5",
        kinds: &[K::Idle, K::Chase, K::Idle, K::Chase],
        chinese: (RED_LOSES, "red perpetual chase of the black advisor on d9 (长捉)"),
        asian: (RED_LOSES, "red perpetual chase of the black advisor on d9 (长捉)"),
    },
    // 28.12, against 27.3: the red rook follows the black elephant (e7, c9) from across
    // the river (e5, c5): no defensive point, a plain 长捉 (compare the elephant chased
    // from the rook's own side above). The elephant's way back to e7 attacks the
    // unprotected rook on c5 (a chase too), but its move to c9 is idle: Black is allowed.
    Case {
        name: "a rook chasing an elephant across the river",
        fen: "5k3/9/4b4/9/4R4/9/9/9/9/3K5 b - - 0 1",
        moves: "e7c9 e5c5 c9e7 c5e5",
        kinds: &[K::Idle, K::Chase, K::Chase, K::Chase],
        chinese: (RED_LOSES, "red perpetual chase of the black elephant on e7 (长捉)"),
        asian: (RED_LOSES, "red perpetual chase of the black elephant on e7 (长捉)"),
    },
    // 28.12: a cannon chasing: the black horse steps a5/b7, the red cannon follows on
    // rank 0 (over the pawn on a3 to a5, over the horse on b2 to b7). 长捉 loses.
    Case {
        name: "a cannon chasing a horse",
        fen: "4k4/9/9/9/n8/9/P8/1N7/9/C2K5 b - - 0 1",
        moves: "a5b7 a0b0 b7a5 b0a0",
        kinds: &[K::Idle, K::Chase, K::Idle, K::Chase],
        chinese: (RED_LOSES, "red perpetual chase of the black horse on a5 (长捉)"),
        asian: (RED_LOSES, "red perpetual chase of the black horse on a5 (长捉)"),
    },
    // 28.8 跟, 28.16: the red horse follows the crossed black pawn (c4 on a3, d2 on b3),
    // which the rook on i3 protects: taking it costs the horse for a pawn. Idle.
    Case {
        name: "a horse following a protected pawn (跟)",
        fen: "4k4/9/9/9/9/2N6/p7r/9/9/3K5 b - - 0 1",
        moves: "a3b3 c4d2 b3a3 d2c4",
        kinds: &[K::Idle, K::Follow, K::Idle, K::Follow],
        chinese: (DRAW, BOTH_IDLE),
        asian: (DRAW, BOTH_IDLE),
    },
    // 28.12, 29.3: the same without the rook: the pawn is 无根, the horse chases it.
    Case {
        name: "a horse chasing an unprotected pawn",
        fen: "4k4/9/9/9/9/2N6/p8/9/9/3K5 b - - 0 1",
        moves: "a3b3 c4d2 b3a3 d2c4",
        kinds: &[K::Idle, K::Chase, K::Idle, K::Chase],
        chinese: (RED_LOSES, "red perpetual chase of the black pawn on a3 (长捉)"),
        asian: (RED_LOSES, "red perpetual chase of the black pawn on a3 (长捉)"),
    },
    // 28.8 跟: the red cannon follows the crossed pawn (a0 over the black cannon on a1
    // to a3, b0 over the one on b1 to b3); the rook on i3 protects it: taking costs the
    // cannon for a pawn. Idle.
    Case {
        name: "a cannon following a protected pawn (跟)",
        fen: "4k4/9/9/9/9/9/p7r/9/cc7/C2K5 b - - 0 1",
        moves: "a3b3 a0b0 b3a3 b0a0",
        kinds: &[K::Idle, K::Follow, K::Idle, K::Follow],
        chinese: (DRAW, BOTH_IDLE),
        asian: (DRAW, BOTH_IDLE),
    },
    // 28.12: the same without the rook: the cannon chases an unprotected pawn.
    Case {
        name: "a cannon chasing an unprotected pawn",
        fen: "4k4/9/9/9/9/9/p8/9/cc7/C2K5 b - - 0 1",
        moves: "a3b3 a0b0 b3a3 b0a0",
        kinds: &[K::Idle, K::Chase, K::Idle, K::Chase],
        chinese: (RED_LOSES, "red perpetual chase of the black pawn on a3 (长捉)"),
        asian: (RED_LOSES, "red perpetual chase of the black pawn on a3 (长捉)"),
    },
    // 28.16 假根, a pin by a rook: the black rook on e7 would protect the cannon (b7,
    // c7) along rank 7, but it stands between the red rook on e2 and the black king on
    // e8: leaving the e-file exposes the king. The cannon counts as unprotected (compare
    // the protected cannon followed above, 跟): 长捉.
    Case {
        name: "false protection: a protector pinned by a rook",
        fen: "9/4k4/1c2r4/9/9/9/9/1R2R4/4K4/9 b - - 0 1",
        moves: "b7c7 b2c2 c7b7 c2b2",
        kinds: &[K::Idle, K::Chase, K::Idle, K::Chase],
        chinese: (RED_LOSES, "red perpetual chase of the black cannon on b7 (长捉)"),
        asian: (RED_LOSES, "red perpetual chase of the black cannon on b7 (长捉)"),
    },
    // 28.7 拦: the red cannon, protected by the rook on a0, steps a6/a5 in front of the
    // black rook on a9, cutting off its file; it attacks nothing. Idle.
    Case {
        name: "blocking (拦) with a cannon",
        fen: "r3k4/9/9/C8/9/9/9/9/9/R2K5 w - - 0 1",
        moves: "a6a5 e9e8 a5a6 e8e9",
        kinds: &[K::Block, K::Idle, K::Block, K::Idle],
        chinese: (DRAW, BOTH_IDLE),
        asian: (DRAW, BOTH_IDLE),
    },
    // 28.5 兑, rook for rook: the red rook on b2 (protected by the horse on d3) faces
    // the black rook on b9 (protected by the horse on d8): an even exchange offered,
    // idle; its way back to c2 is idle too (the AXF book's rule 40, diagrams 101–103).
    Case {
        name: "offering a rook exchange (兑)",
        fen: "1r2k4/3n5/9/9/9/9/3N5/2R6/9/3K5 w - - 0 1",
        moves: "c2b2 e9e8 b2c2 e8e9",
        kinds: &[K::Exchange, K::Idle, K::Idle, K::Idle],
        chinese: (DRAW, BOTH_IDLE),
        asian: (DRAW, BOTH_IDLE),
    },
    // 28.5 兑, cannon for cannon: the red cannon on b2 (protected by the horse on d3)
    // and the black one on b9 (protected by the horse on d8) attack each other over
    // the red horse on b5. Idle.
    Case {
        name: "offering a cannon exchange (兑)",
        fen: "1c2k4/3n5/9/9/1N7/9/3N5/2C6/9/3K5 w - - 0 1",
        moves: "c2b2 e9e8 b2c2 e8e9",
        kinds: &[K::Exchange, K::Idle, K::Idle, K::Idle],
        chinese: (DRAW, BOTH_IDLE),
        asian: (DRAW, BOTH_IDLE),
    },
    // 26.3, 28.14 长打对长打: the red rook chases the black horse (as above), and each
    // horse move attacks a new unprotected red piece (the cannon on c4 from a5, the
    // crossed pawn on d6 from b7). Both forbidden: a draw. Asian: Black's horse chases
    // two pieces in turn (not forbidden), Red chases one: Red loses (the AXF book's
    // rule 18, diagram 36: the chased piece's counter-attacks on two pieces do not
    // excuse the chaser).
    Case {
        name: "mutual perpetual chase",
        fen: "4k4/9/1n7/3P5/9/2C6/9/1R7/9/3K5 b - - 0 1",
        moves: "b7a5 b2a2 a5b7 a2b2",
        kinds: &[K::Chase, K::Chase, K::Chase, K::Chase],
        chinese: (
            DRAW,
            "draw: both sides attack perpetually: red perpetual chase of the black horse on b7 (长捉), black perpetual chase of several pieces (长捉)",
        ),
        asian: (RED_LOSES, "red perpetual chase of the black horse on b7 (长捉)"),
    },
    // 细则7, 29.4: the red rook follows the unprotected black cannon (b3 on h3, b2 on
    // h2), but taking it leaves the b-file, and then Ra0 mates (the crossed pawn on f1
    // guards e1 and f0, the rook rank 0). A chase whose capture is answered by mate is
    // idle (the kind is 跟: an attack on a piece it cannot win). Both idle: a draw.
    Case {
        name: "a chase answered by mate is idle (细则7)",
        fen: "3k5/9/9/9/r8/9/1R5c1/9/5p3/4K4 b - - 0 1",
        moves: "h3h2 b3b2 h2h3 b2b3",
        kinds: &[K::Idle, K::Follow, K::Idle, K::Follow],
        chinese: (DRAW, BOTH_IDLE),
        asian: (DRAW, BOTH_IDLE),
    },
    // 28.12: the same without the pawn on f1: the red king escapes to e1 or f0, the
    // capture is safe, and following the cannon is 长捉.
    Case {
        name: "the same chase without the mate",
        fen: "3k5/9/9/9/r8/9/1R5c1/9/9/4K4 b - - 0 1",
        moves: "h3h2 b3b2 h2h3 b2b3",
        kinds: &[K::Idle, K::Chase, K::Idle, K::Chase],
        chinese: (RED_LOSES, "red perpetual chase of the black cannon on h3 (长捉)"),
        asian: (RED_LOSES, "red perpetual chase of the black cannon on h3 (长捉)"),
    },
    // 25.2 数杀一闲 (allowed): the red rook on b0 threatens Rb9 mate (the horse on g7
    // guards e8 and f9, the red king the d-file); back on a0, behind its own pawn, it
    // threatens nothing. The black cannon steps i8/i7 (on i8 the horse attacks it: 献).
    // One threat, one idle: allowed under both rule sets, a draw.
    Case {
        name: "one mate threat one idle",
        fen: "4k4/8c/6N2/8p/P8/9/9/9/9/R2K5 w - - 0 1",
        moves: "a0b0 i8i7 b0a0 i7i8",
        kinds: &[K::MateThreat, K::Idle, K::Idle, K::Offer],
        chinese: (DRAW, BOTH_IDLE),
        asian: (DRAW, BOTH_IDLE),
    },
    // 28.12 (一子或数子 … 追捉), two pieces in turn on one victim: the black cannon
    // steps a7/b7; the red rook (a2, b2) and the red horse (d6, b5) take turns, each
    // move a new attack on it. Chinese and Asian (one same piece chased; the AXF book's
    // rule 33, diagrams 81 and 82): 长捉, Red loses. Black's cannon, stepping onto b7, offers itself to the horse on d6 (献),
    // and once attacks the rook on b2 over the horse on b5 (捉): allowed.
    Case {
        name: "two pieces chasing one in turn",
        fen: "4k4/9/c8/3N5/9/9/9/R8/9/3K5 b - - 0 1",
        moves: "a7b7 a2b2 b7a7 d6b5 a7b7 b5d6 b7a7 b2a2",
        kinds: &[
            K::Offer,
            K::Chase,
            K::Idle,
            K::Chase,
            K::Chase,
            K::Chase,
            K::Idle,
            K::Chase,
        ],
        chinese: (RED_LOSES, "red perpetual chase of the black cannon on a7 (长捉)"),
        asian: (RED_LOSES, "red perpetual chase of the black cannon on a7 (长捉)"),
    },
    // ----- the AXF/WXF rule book's kinds (issues 17 and 20) ----------------------------
    // The Asian rules allow one check and one chase (the book's rule 12, diagram 13),
    // and a side chasing one piece perpetually loses against it (rule 18, diagrams 37
    // and 38; rule 23, diagram 50). The black cannon flees to c7, attacking the red
    // elephant on c0 over the pawn on c3, and comes back to e7 with check over the pawn
    // on e3; the red rook follows it to c5 and blocks the check on e5, attacking it on
    // every move. Chinese: 一将一捉 is forbidden too, both sides forbidden: a draw.
    // Asian: Black is allowed, Red's perpetual chase loses.
    Case {
        name: "one check one chase against a perpetual chase",
        fen: "4k4/4a4/4c4/9/4R4/9/2P1P4/9/9/2B1K4 b - - 0 1",
        moves: "e7c7 e5c5 c7e7 c5e5",
        kinds: &[K::Chase, K::Chase, K::Check, K::Chase],
        chinese: (
            DRAW,
            "draw: both sides attack perpetually: red perpetual chase of the black cannon on e7 (长捉), black perpetual check and chase of the red elephant on c0 (一将一捉)",
        ),
        asian: (RED_LOSES, "red perpetual chase of the black cannon on e7 (长捉)"),
    },
    // 细则6 (a chase that only seems new; issue 20): the black horse on c5 attacks the
    // unprotected red cannon on d3 all along, but while the red rook checks on rank 8 it
    // cannot take it; the king stepping out of check to e9 makes that old attack legal
    // again, it does not start a chase. Its way back to e8 opens the black rook's rank
    // onto the red horse on b9: a new chase. Black: one chase, one idle (allowed); Red:
    // one check, one idle. A draw under both rule sets (before: Black's step out of
    // check was counted a chase, 长捉 of two pieces under the Chinese rule set).
    Case {
        name: "an attack seen again after a check is no new chase (细则6)",
        fen: "1N6r/4k4/R8/9/2n6/9/3C5/9/9/3K5 w - - 0 1",
        moves: "a7a8 e8e9 a8a7 e9e8",
        kinds: &[K::Check, K::Idle, K::Idle, K::Chase],
        chinese: (DRAW, BOTH_IDLE),
        asian: (DRAW, BOTH_IDLE),
    },
    // 28.5 兑, rook facing rook (the book's rule 24, diagrams 51 and 52; issue 20): the
    // black rook steps b7/c7 and the red rook follows it on rank 2; the black rook could
    // take the red one back every time. An offer of exchange, idle: a draw under both
    // rule sets.
    Case {
        name: "rook facing rook is an offer (兑)",
        fen: "4k4/9/1r7/9/9/9/9/1R7/9/3K5 b - - 0 1",
        moves: "b7c7 b2c2 c7b7 c2b2",
        kinds: &[K::Idle, K::Exchange, K::Idle, K::Exchange],
        chinese: (DRAW, BOTH_IDLE),
        asian: (DRAW, BOTH_IDLE),
    },
    // The other side of 兑, and a held piece chased (the book's rules 24 and 27,
    // diagrams 64–66; issue 20): the black rook is held to rank 7 (with it gone, the red
    // cannon on a7 would check over the advisor on d7), so it cannot take the red rook
    // back and may be chased; its own attack on the cannon beside it stood before each
    // of its moves (from chase to chase), so it chases nothing. Red loses under both
    // rule sets.
    Case {
        name: "a rook held to its line is chased",
        fen: "9/9/Cr1ak4/9/9/9/9/1R7/9/3K5 b - - 0 1",
        moves: "b7c7 b2c2 c7b7 c2b2",
        kinds: &[K::Block, K::Chase, K::Block, K::Chase],
        chinese: (RED_LOSES, "red perpetual chase of the black rook on b7 (长捉)"),
        asian: (RED_LOSES, "red perpetual chase of the black rook on b7 (长捉)"),
    },
    // The book's rule 15 (diagram 20; issue 20): the red cannon chases the black rook
    // (b7 over the horse on b2, c7 over the pawn on c3); each flight of the rook attacks
    // an unprotected crossed red pawn (c8 from c7, b9 from b7). Chinese: both sides
    // forbidden (细则3), a draw. Asian: the rook's counter-attacks do not excuse the
    // cannon; its moves out of the cannon's attack are no chases, and Red loses.
    Case {
        name: "a cannon chasing a rook that attacks back",
        fen: "1P2k4/2P6/1r7/9/9/9/2P6/1N7/9/1C1K5 b - - 0 1",
        moves: "b7c7 b0c0 c7b7 c0b0",
        kinds: &[K::Chase, K::Chase, K::Chase, K::Chase],
        chinese: (
            DRAW,
            "draw: both sides attack perpetually: red perpetual chase of the black rook on b7 (长捉), black perpetual chase of several pieces (长捉)",
        ),
        asian: (RED_LOSES, "red perpetual chase of the black rook on b7 (长捉)"),
    },
    // ----- the rest of the book's kinds (issue 17) -----------------------------------
    // Perpetual attack by the defending side (the book's rule 23, diagram 49): the red
    // rook follows the black horse (b7, a5) on the b- and a-files; from a5 the horse
    // attacks the unprotected red cannon on c4 (a chase), from b7 nothing: one chase,
    // one idle, allowed. Red's chase of one piece loses under both rule sets.
    Case {
        name: "a horse chasing back once against a rook's chase (diagram 49)",
        fen: "4k4/9/1n7/9/9/2C6/9/1R7/9/3K5 b - - 0 1",
        moves: "b7a5 b2a2 a5b7 a2b2",
        kinds: &[K::Chase, K::Chase, K::Idle, K::Chase],
        chinese: (RED_LOSES, "red perpetual chase of the black horse on b7 (长捉)"),
        asian: (RED_LOSES, "red perpetual chase of the black horse on b7 (长捉)"),
    },
    // The defending side's counter-chase of two pieces (the book's rule 32, diagram
    // 79; rule 18's second sentence, diagram 36): the red cannon flees the black rook
    // along rank 2 (b2, g2), and from each point attacks a crossed black pawn on rank 0
    // over a red horse (b0 over b1, g0 over g1); the black rook follows on rank 7.
    // Chinese: both sides chase on every move (一子或数子), both forbidden, a draw.
    // Asian: the cannon chases two pieces in turn (a draw by itself), the rook one
    // piece: Black loses.
    Case {
        name: "a cannon chasing two pawns against a rook chasing it (diagram 79)",
        fen: "5k3/9/1r7/9/9/9/9/1C7/1N4N2/1p2K1p2 w - - 0 1",
        moves: "b2g2 b7g7 g2b2 g7b7",
        kinds: &[K::Chase, K::Chase, K::Chase, K::Chase],
        chinese: (
            DRAW,
            "draw: both sides attack perpetually: red perpetual chase of several pieces (长捉), black perpetual chase of the red cannon on b2 (长捉)",
        ),
        asian: (BLACK_LOSES, "black perpetual chase of the red cannon on b2 (长捉)"),
    },
    // A rook held by a horse (the book's rule 19, diagrams 39–41): the black rook on d8
    // shuts the leg of the red horse on d7, which would check the king on e9, so it
    // cannot leave its point (except to take the horse, an attack that stands all along
    // and chases nothing). The red rook steps a8/b8, attacking it from each point; Black
    // waits with the elephant (g9, i7). Chinese: from chase to chase (细则6), idle, a
    // draw. Asian: such a rook may not be chased perpetually; each attacking move counts
    // anew, and Red loses.
    Case {
        name: "a rook held by a horse attacked move after move (diagrams 39-41)",
        fen: "4k1b2/R2r5/3N5/9/9/9/9/9/9/5K3 w - - 0 1",
        moves: "a8b8 g9i7 b8a8 i7g9",
        kinds: &[K::Exchange, K::Idle, K::Exchange, K::Idle],
        chinese: (DRAW, BOTH_IDLE),
        asian: (RED_LOSES, "red perpetual chase of the black rook on d8 (长捉)"),
    },
    // The other side of rule 19: the same with the black king on f9, out of the
    // horse's reach: the rook is free and could take the red one back (rook facing
    // rook, an offer: rule 24), so the red rook's steps from one attack on it to
    // another are idle under both rule sets, a draw. (Under the Chinese set the step
    // to b8 is a chase: there the red horse protects the rook, so taking it back costs
    // the black rook, 棋例图三; on a8 it is 兑. One chase, one idle: allowed.)
    Case {
        name: "a free rook attacked move after move (against diagrams 39-41)",
        fen: "5kb2/R2r5/3N5/9/9/9/9/9/9/4K4 w - - 0 1",
        moves: "a8b8 g9i7 b8a8 i7g9",
        kinds: &[K::Chase, K::Idle, K::Exchange, K::Idle],
        chinese: (DRAW, BOTH_IDLE),
        asian: (DRAW, BOTH_IDLE),
    },
    // The held side's waiting moves (the book's rule 19, diagrams 39–41; issue 33): the
    // black rook on d8 is held by the red horse on d7 as above, and the red rook steps
    // a8/b8 attacking it. Black waits with the advisor (f7, e8): on e8 it attacks the
    // unprotected horse itself, on f7 it is the screen of the black cannon on g7 onto
    // the horse, so each of its moves formally attacks the holding horse anew. Chinese:
    // each is a new attack on an unprotected horse (29.2), 长捉, and the red rook's steps
    // from chase to chase are idle (细则6): Black loses. Asian: the held side's advisor
    // and elephant moves that open or close a line onto the holding horse are no
    // chases; Red's attack on the held rook move after move loses.
    Case {
        name: "a held rook's advisor opening lines onto the holding horse (diagrams 39-41)",
        fen: "4k4/R2r5/3N1ac2/9/9/9/9/9/9/5K3 w - - 0 1",
        moves: "a8b8 f7e8 b8a8 e8f7",
        kinds: &[K::Exchange, K::Chase, K::Exchange, K::Chase],
        chinese: (BLACK_LOSES, "black perpetual chase of the red horse on d7 (长捉)"),
        asian: (RED_LOSES, "red perpetual chase of the black rook on d8 (长捉)"),
    },
    // The other side of it: the same with the black king on f9, out of the horse's
    // reach. The rook is free (the red rook facing it is an offer under the Asian set,
    // and under the Chinese set a chase only on b8, where the horse protects the red
    // rook, 棋例图三); the advisor's attacks on the horse stay chases, and Black's 长捉
    // loses under both rule sets.
    Case {
        name: "a free rook's advisor attacking the horse (against diagrams 39-41)",
        fen: "5k3/R2r5/3N1ac2/9/9/9/9/9/9/4K4 w - - 0 1",
        moves: "a8b8 f7e8 b8a8 e8f7",
        kinds: &[K::Chase, K::Chase, K::Exchange, K::Chase],
        chinese: (BLACK_LOSES, "black perpetual chase of the red horse on d7 (长捉)"),
        asian: (BLACK_LOSES, "black perpetual chase of the red horse on d7 (长捉)"),
    },
    // Two pieces attacking the held rook in turn (rule 19, diagrams 39–41 with a second
    // piece; issue 33): the black rook on d8 is held as above; the red rook on i2 goes
    // up to i8, the one on a8 steps down to a7 (the i8 rook still attacks), comes back
    // to a8, and the i-rook goes back to i2 (the a8 rook still attacks): after every red
    // move the held rook stands attacked. Black waits with the pawn (c0, b0). Chinese:
    // only the steps onto the attack are new (29.2), the steps off are idle: one chase
    // one idle, a draw. Asian: a piece stepping off while another attacks keeps the
    // held rook attacked move after move, a chase with every move: Red loses.
    Case {
        name: "two rooks attacking a held rook in turn (diagrams 39-41)",
        fen: "4k4/R2r5/3N5/9/9/9/9/8R/9/2p2K3 w - - 0 1",
        moves: "i2i8 c0b0 a8a7 b0c0 a7a8 c0b0 i8i2 b0c0",
        kinds: &[
            K::Chase,
            K::Idle,
            K::Idle,
            K::Idle,
            K::Chase,
            K::Idle,
            K::Idle,
            K::Idle,
        ],
        chinese: (DRAW, BOTH_IDLE),
        asian: (RED_LOSES, "red perpetual chase of the black rook on d8 (长捉)"),
    },
    // The other side of it: the red rook on a8 attacks the held rook all along while the
    // red king steps f0/f1. No red move attacks it anew (the appendix's piece attacked
    // all along): both sides idle, a draw under both rule sets.
    Case {
        name: "a held rook attacked all along by a rook that stays (against diagrams 39-41)",
        fen: "4k4/R2r5/3N5/9/9/9/9/9/9/2p2K3 w - - 0 1",
        moves: "f0f1 c0b0 f1f0 b0c0",
        kinds: &[K::Idle, K::Idle, K::Idle, K::Idle],
        chinese: (DRAW, BOTH_IDLE),
        asian: (DRAW, BOTH_IDLE),
    },
    // One check one chase by the chased horse (the book's rule 23, diagram 50; issue
    // 33): the red rook steps d1/d3 after the black horse; from c1 the horse checks the
    // red king on e0 and the rook blocks on d1, attacking it; from b3 the horse attacks
    // the unprotected crossed red pawn on a5. Chinese: 一将一捉 is forbidden (25.2) as
    // is Red's 长捉: both forbidden, a draw (26.3). Asian: one check one chase is allowed
    // (rule 12), the rook chasing the horse loses.
    Case {
        name: "a horse's one check one chase against a rook chasing it (diagram 50)",
        fen: "4k4/4a4/9/9/P8/9/1n7/9/3R5/4K4 w - - 0 1",
        moves: "d1d3 b3c1 d3d1 c1b3",
        kinds: &[K::Chase, K::Check, K::Chase, K::Chase],
        chinese: (
            DRAW,
            "draw: both sides attack perpetually: red perpetual chase of the black horse on b3 (长捉), black perpetual check and chase of the red pawn on a5 (一将一捉)",
        ),
        asian: (RED_LOSES, "red perpetual chase of the black horse on b3 (长捉)"),
    },
    // The other side of diagram 50: the same with a black pawn on a3 protecting the horse
    // on b3, so the rook's attack there is no chase (Chinese: 跟, a rook for a horse;
    // Asian: rule 35, a protected horse). Red is allowed. Chinese: Black's 一将一捉
    // loses. Asian: one check one chase is allowed too, a draw.
    Case {
        name: "a horse's one check one chase against a rook following it (against diagram 50)",
        fen: "4k4/4a4/9/9/P8/9/pn7/9/3R5/4K4 w - - 0 1",
        moves: "d1d3 b3c1 d3d1 c1b3",
        kinds: &[K::Follow, K::Check, K::Chase, K::Chase],
        chinese: (
            BLACK_LOSES,
            "black perpetual check and chase of the red pawn on a5 (一将一捉)",
        ),
        asian: (DRAW, BOTH_IDLE),
    },
    // A cannon keeping a screen in front of a rook (the book's rules 15 and 26, diagram
    // 61; issue 33): the red cannon on i4 faces the black rook on a4 along rank 4, the
    // red elephant stepping e2/g4 on and off the line; the black horse answers, stepping
    // onto h4 (two screens: the attack is shut; from there it attacks the crossed red
    // pawn on g6) and back to i6 (the screen gone, the black rook attacks the cannon).
    // Red's every move makes the cannon's attack on the rook anew, the screen changing
    // from the elephant to the horse. Chinese: both sides chase on every move, Black
    // two pieces in turn (still 长捉 by 28.12): both forbidden, a draw. Asian: the horse's
    // answers chase two pieces in turn (rule 32), the cannon one rook: Red loses.
    Case {
        name: "a cannon keeping a changing screen before a rook (diagram 61)",
        fen: "5k3/9/9/6P1n/9/r7C/9/4B4/9/3K5 w - - 0 1",
        moves: "e2g4 i6h4 g4e2 h4i6",
        kinds: &[K::Chase, K::Chase, K::Chase, K::Chase],
        chinese: (
            DRAW,
            "draw: both sides attack perpetually: red perpetual chase of the black rook on a4 (长捉), black perpetual chase of several pieces (长捉)",
        ),
        asian: (RED_LOSES, "red perpetual chase of the black rook on a4 (长捉)"),
    },
    // The same without the red pawn: the horse's step onto h4 only blocks, and Black is
    // one chase one idle. Red's 长捉 of the rook loses under both rule sets.
    Case {
        name: "a cannon keeping a changing screen before a rook, the horse blocking (diagram 61)",
        fen: "5k3/9/9/8n/9/r7C/9/4B4/9/3K5 w - - 0 1",
        moves: "e2g4 i6h4 g4e2 h4i6",
        kinds: &[K::Chase, K::Block, K::Chase, K::Chase],
        chinese: (RED_LOSES, "red perpetual chase of the black rook on a4 (长捉)"),
        asian: (RED_LOSES, "red perpetual chase of the black rook on a4 (长捉)"),
    },
    // The other side of diagram 61: a black cannon on a4 in the rook's place can take
    // the red cannon back over the same screen: cannon facing cannon is an offer (28.5;
    // the book's rule 24), no chase, a draw under both rule sets.
    Case {
        name: "a cannon keeping a changing screen before a cannon (against diagram 61)",
        fen: "5k3/9/9/8n/9/c7C/9/4B4/9/3K5 w - - 0 1",
        moves: "e2g4 i6h4 g4e2 h4i6",
        kinds: &[K::Block, K::Block, K::Idle, K::Block],
        chinese: (DRAW, BOTH_IDLE),
        asian: (DRAW, BOTH_IDLE),
    },
    // The appendix's "example of non-perpetual chase": the red rook attacks the
    // unprotected black cannon on the b-file all along, stepping b2/b3; the cannon
    // steps b7/b8 without leaving the file. An attack that stood before each move is no
    // new chase (细则6): both sides idle, a draw under both rule sets.
    Case {
        name: "a piece attacked all along that does not flee (the appendix)",
        fen: "4k4/9/1c7/9/9/9/9/1R7/9/3K5 w - - 0 1",
        moves: "b2b3 b7b8 b3b2 b8b7",
        kinds: &[K::Block, K::Offer, K::Block, K::Offer],
        chinese: (DRAW, BOTH_IDLE),
        asian: (DRAW, BOTH_IDLE),
    },
    // A protected piece chased on one of its points only (the book's rule 17, diagrams
    // 29–31): the red rook follows the black cannon (b7, c7) on rank 2; on c7 the black
    // horse on d9 protects it (跟), on b7 nothing does (捉). One chase, one idle: a
    // draw under both rule sets.
    Case {
        name: "a cannon protected on one of its points (diagrams 29-31)",
        fen: "3nk4/9/1c7/9/9/9/9/1R7/9/3K5 b - - 0 1",
        moves: "b7c7 b2c2 c7b7 c2b2",
        kinds: &[K::Idle, K::Follow, K::Idle, K::Chase],
        chinese: (DRAW, BOTH_IDLE),
        asian: (DRAW, BOTH_IDLE),
    },
    // A chase that also offers an exchange is a chase (the book's rule 36, diagrams
    // 90–93): each move of the red rook along rank 2 attacks the unprotected black
    // cannon (b7, c7) and faces the black rook on i2, which could take it back. Still
    // 长捉 under both rule sets. (With the red king on d0, taking the cannon would let
    // Rd2 mate, and the attack would be idle: 细则7.)
    Case {
        name: "a chase that offers an exchange too (diagrams 90-93)",
        fen: "3k5/9/1c7/9/9/9/9/1R6r/4K4/9 b - - 0 1",
        moves: "b7c7 b2c2 c7b7 c2b2",
        kinds: &[K::Idle, K::Chase, K::Idle, K::Chase],
        chinese: (RED_LOSES, "red perpetual chase of the black cannon on b7 (长捉)"),
        asian: (RED_LOSES, "red perpetual chase of the black cannon on b7 (长捉)"),
    },
    // A capture that loses material back (the book's rule 15, diagrams 22 and 23): the
    // red cannon chases the unprotected black rook (a7, a8) over the elephant on e7 and
    // the advisor on e8, stepping i7/i8 on the i-file, where it stands between the red
    // rook on i0 and the black one on i9: taking the rook lets the black rook take the
    // red one. Still a chase, and 长捉 loses under both rule sets.
    Case {
        name: "a cannon's chase whose capture loses a rook back (diagrams 22-23)",
        fen: "5k2r/4a4/r3b3C/9/9/9/9/9/9/3K4R b - - 0 1",
        moves: "a7a8 i7i8 a8a7 i8i7",
        kinds: &[K::Idle, K::Chase, K::Idle, K::Chase],
        chinese: (RED_LOSES, "red perpetual chase of the black rook on a7 (长捉)"),
        asian: (RED_LOSES, "red perpetual chase of the black rook on a7 (长捉)"),
    },
    // A perpetual mate threat by the chased piece (the book's rule 18, diagrams 34 and
    // 35): the red king on e0 is shut in (d0 by the black king on the open d-file, e1
    // and f0 by the black pawn on f1). The black cannon flees the red rook between a5
    // and i5, each time threatening to drop to a0 or i0 with check over a pawn (b0, h0),
    // mate; the rook follows onto the file (a2, i2), attacking the cannon and shutting
    // the drop, and cannot reach the other side. Chinese: 长杀 against 长捉, both
    // forbidden, a draw. Asian: a mate threat is no violation, Red's chase loses.
    Case {
        name: "a perpetual mate threat against a perpetual chase (diagrams 34-35)",
        fen: "3k5/9/9/9/c8/9/9/R8/5p3/1p2K2p1 b - - 0 1",
        moves: "a5i5 a2i2 i5a5 i2a2",
        kinds: &[K::MateThreat, K::Chase, K::MateThreat, K::Chase],
        chinese: (
            DRAW,
            "draw: both sides attack perpetually: red perpetual chase of the black cannon on a5 (长捉), black perpetual mate threat (长杀)",
        ),
        asian: (RED_LOSES, "red perpetual chase of the black cannon on a5 (长捉)"),
    },
    // Two pieces attacking a protected piece (the book's rule 35, diagrams 86–88): the
    // black cannon steps c5/c6, protected along the c-file by the rook on c8; the red
    // rook on c0 attacks it all along, and the other red rook follows on the a-file
    // (a5, a6), a second attacker each time. Chinese: 少根, two attackers against one
    // protector win it (28.16), 长捉. Asian: a protected piece is not chased: a draw.
    Case {
        name: "two rooks on a protected cannon (diagrams 86-88)",
        fen: "5k3/2r6/9/9/R1c6/9/9/9/9/2RK5 b - - 0 1",
        moves: "c5c6 a5a6 c6c5 a6a5",
        kinds: &[K::Block, K::Chase, K::Block, K::Chase],
        chinese: (RED_LOSES, "red perpetual chase of the black cannon on c5 (长捉)"),
        asian: (DRAW, BOTH_IDLE),
    },
    // A chase through a cannon's screen, only the screens moving (the book's rule 25,
    // diagrams 56–60): the red cannon on a0 attacks the unprotected black horse on a8
    // when exactly one piece stands between. The black cannon steps onto the a-file
    // (a4) as a second screen; the red pawn leaves it (a5 to b5), leaving the black
    // cannon the one screen; the black cannon steps off, leaving none; the pawn steps
    // back. Neither the attacker nor the horse moves, but every red move makes the
    // attack anew: 长捉 under both rule sets.
    Case {
        name: "moving a cannon's screen chases (diagrams 56-60)",
        fen: "4k4/n8/9/9/P8/1c7/9/9/9/C2K5 b - - 0 1",
        moves: "b4a4 a5b5 a4b4 b5a5",
        kinds: &[K::Block, K::Chase, K::Idle, K::Chase],
        chinese: (RED_LOSES, "red perpetual chase of the black horse on a8 (长捉)"),
        asian: (RED_LOSES, "red perpetual chase of the black horse on a8 (长捉)"),
    },
    // The same with a rook (the book's rule 26, diagrams 61 and 62): a cannon attacking
    // a rook by moving its screen chases it, protected or not. Here the black rook on
    // a8 also attacks the red cannon down the open file when the black cannon steps off
    // (a chase, but Black's other move is idle): Red loses under both rule sets.
    Case {
        name: "moving a cannon's screen chases a rook (diagrams 61-62)",
        fen: "4k4/r8/9/9/P8/1c7/9/9/9/C2K5 b - - 0 1",
        moves: "b4a4 a5b5 a4b4 b5a5",
        kinds: &[K::Block, K::Chase, K::Chase, K::Chase],
        chinese: (RED_LOSES, "red perpetual chase of the black rook on a8 (长捉)"),
        asian: (RED_LOSES, "red perpetual chase of the black rook on a8 (长捉)"),
    },
    // A chase discovered by another piece's move (the book's appendix, "example of
    // perpetual chase"): the red rook on h4 attacks the black horse on c4 and never
    // moves; the black cannon on c9 protects the horse down the c-file while exactly
    // one piece stands between. The red pawn steps off the file (c6 to d6: no screen)
    // or back onto it (two screens with the black elephant on c5), each time leaving
    // the horse unprotected; the elephant (a7, c5) restores one screen. Every red move
    // makes the rook's attack a chase anew: 长捉 under both rule sets.
    Case {
        name: "a pawn keeping a piece unprotected (the appendix)",
        fen: "2c1k4/9/b8/2P6/9/2n4R1/9/9/9/3K5 w - - 0 1",
        moves: "c6d6 a7c5 d6c6 c5a7",
        kinds: &[K::Chase, K::Idle, K::Chase, K::Idle],
        chinese: (RED_LOSES, "red perpetual chase of the black horse on c4 (长捉)"),
        asian: (RED_LOSES, "red perpetual chase of the black horse on c4 (长捉)"),
    },
    // ----- issue 33: the third pass --------------------------------------------------
    // 28.3, 29.1 (a capture reached through continuous checks is a chase), 25.2 一将一捉;
    // the AXF book's diagrams 14, 16 and 98, and its rule 38: the red rook checks on
    // rank 8 (g8) and steps back off the check (g2), from where it wins the black horse
    // on e9 by two checks: Rd2+ Ke7, Re2+ Kd7 (the black advisor shuts f7), Rxe9.
    // Chinese: the step back is a chase, Red plays one check one chase and loses
    // against the king's idle steps. Asian: a perpetual threat to check and capture is
    // a draw (rule 38).
    Case {
        name: "a rook stepping back off a check to win a horse by checks (diagrams 14, 16, 98)",
        fen: "4n4/3k5/5a3/9/9/9/9/6R2/9/5K3 w - - 0 1",
        moves: "g2g8 d8d7 g8g2 d7d8",
        kinds: &[K::Check, K::Idle, K::Chase, K::Idle],
        chinese: (RED_LOSES, "red perpetual check and chase of the black horse on e9 (一将一捉)"),
        asian: (DRAW, BOTH_IDLE),
    },
    // The other side of the line (28.16): the same with a black rook on a9 guarding the
    // horse along rank 9: the checks end in a rook for a horse, which wins nothing. The
    // step back is idle: one check one idle, a draw under both rule sets.
    Case {
        name: "the horse won by checks is protected (against diagrams 14, 16, 98)",
        fen: "r3n4/3k5/5a3/9/9/9/9/6R2/9/5K3 w - - 0 1",
        moves: "g2g8 d8d7 g8g2 d7d8",
        kinds: &[K::Check, K::Idle, K::Idle, K::Idle],
        chinese: (DRAW, BOTH_IDLE),
        asian: (DRAW, BOTH_IDLE),
    },
    // The same kind with an advisor (diagrams 14, 16, 98): the red rook checks on rank 8
    // (h8) and steps back to h4, from where Re4+ Kd7 (the red king holds the f-file),
    // Rd4+ Ke7, Rxd9 wins the black advisor. Chinese: 一将一捉, Red loses; Asian: a draw
    // (rule 38).
    Case {
        name: "a rook stepping back off a check to win an advisor by checks (diagrams 14, 16, 98)",
        fen: "3a5/4k4/9/9/9/7R1/9/9/5K3/9 w - - 0 1",
        moves: "h4h8 e8e7 h8h4 e7e8",
        kinds: &[K::Check, K::Idle, K::Chase, K::Idle],
        chinese: (RED_LOSES, "red perpetual check and chase of the black advisor on d9 (一将一捉)"),
        asian: (DRAW, BOTH_IDLE),
    },
    // Its other side: the black rook on a9 guards the advisor; the checks win nothing,
    // a draw under both rule sets.
    Case {
        name: "the advisor won by checks is protected (against diagrams 14, 16, 98)",
        fen: "r2a5/4k4/9/9/9/7R1/9/9/5K3/9 w - - 0 1",
        moves: "h4h8 e8e7 h8h4 e7e8",
        kinds: &[K::Check, K::Idle, K::Idle, K::Idle],
        chinese: (DRAW, BOTH_IDLE),
        asian: (DRAW, BOTH_IDLE),
    },
    // Three checks (28.3's 连续照将, up to CHASE_CHECKS): the red rook checks on h8 and
    // steps back to h6; with the red horse on c6 holding d8 and e7 and the red king the
    // d-file, the checks drive the black king round until the rook takes the advisor
    // on d9. Chinese: 一将一捉, Red loses; Asian: a draw (rule 38).
    Case {
        name: "an advisor won by three checks (diagrams 14, 16, 98)",
        fen: "3a5/5k3/9/2N4R1/9/9/9/3K5/9/9 w - - 0 1",
        moves: "h6h8 f8f7 h8h6 f7f8",
        kinds: &[K::Check, K::Idle, K::Chase, K::Idle],
        chinese: (RED_LOSES, "red perpetual check and chase of the black advisor on d9 (一将一捉)"),
        asian: (DRAW, BOTH_IDLE),
    },
    // A rook chasing a horse that attacks it back once in the cycle (the AXF book's
    // diagrams 49 and 78): the black horse steps f6/e4, attacking the red rook on f2
    // from e4; the rook steps to e2 out of that attack onto the horse's file, and back
    // to f2 onto it again. Its step out of the horse's attack still chases the horse
    // (rule 15 excuses a rook's counter-attacks, not its attack on the very piece that
    // attacked it): the rook chases on every move, the horse on one; Red loses under
    // both rule sets (Chinese: 26.4; the horse on a rook is 捉 by 细则3).
    Case {
        name: "a rook chasing a horse that attacks it back once (diagrams 49, 78)",
        fen: "9/3k5/9/5n3/9/9/9/5R3/9/4K4 b - - 0 1",
        moves: "f6e4 f2e2 e4f6 e2f2",
        kinds: &[K::Chase, K::Chase, K::Idle, K::Chase],
        chinese: (RED_LOSES, "red perpetual chase of the black horse on f6 (长捉)"),
        asian: (RED_LOSES, "red perpetual chase of the black horse on f6 (长捉)"),
    },
    // The other side of the line (rule 15, diagrams 19-20): the rook steps out of the
    // horse's attack to g2, where it attacks the unprotected black cannon on g9, not
    // the horse: under the Asian rule set that is the chased rook's reaction, no chase;
    // one chase one idle, a draw. Chinese: it chases the cannon, then the horse (长捉 of
    // several pieces, 28.12): Red loses.
    Case {
        name: "a rook stepping out of a horse's attack onto another piece (against diagrams 49, 78)",
        fen: "6c2/3k5/9/5n3/9/9/9/5R3/9/4K4 b - - 0 1",
        moves: "f6e4 f2g2 e4f6 g2f2",
        kinds: &[K::Chase, K::Chase, K::Idle, K::Chase],
        chinese: (RED_LOSES, "red perpetual chase of several pieces (长捉)"),
        asian: (DRAW, BOTH_IDLE),
    },
    // ----- issue 33, kinds 2, 5 and 8 (positions our own: the book's boards were not
    // found, only its move lists) ---------------------------------------------------
    // 捉兼献 (细则5: a chase that also offers is a chase; 28.6: an offer is one the taker
    // can accept without being mated at once): the black rook steps f6/f5 on the f-file,
    // its king's only shield (the red king holds the e-file, the red rook on h7 waits
    // for Rf7 mate); the unprotected red rook follows it on rank 6/5 from the a-file,
    // offering itself, but the black rook's take-back leaves the f-file and Rf7 mates at
    // once: it cannot really take back, and the red rook wins it next move. Not 兑 but
    // 捉 under both rule sets (the AXF book's rules 24 and 27: a rook that cannot take
    // back may be chased): Red loses.
    Case {
        name: "a rook offer whose take-back is mated is a chase (捉兼献, 细则5)",
        fen: "5k3/9/7R1/R4r3/9/9/9/9/9/4K4 b - - 0 1",
        moves: "f6f5 a6a5 f5f6 a5a6",
        kinds: &[K::Idle, K::Chase, K::Idle, K::Chase],
        chinese: (RED_LOSES, "red perpetual chase of the black rook on f6 (长捉)"),
        asian: (RED_LOSES, "red perpetual chase of the black rook on f6 (长捉)"),
    },
    // The other side of 捉兼献: the same with the red king on d0, so that after the
    // take-back Rf7+ is answered by Ke9: the black rook can take the red one for nothing,
    // two free rooks face each other, 兑 (28.5; rule 24, an offer): a draw under both
    // sets. (A black rook that cannot take back because it is pinned is chased: "a rook
    // held to its line is chased" above.)
    Case {
        name: "a rook offer whose take-back is safe is 兑 (against 细则5)",
        fen: "5k3/9/7R1/R4r3/9/9/9/9/9/3K5 b - - 0 1",
        moves: "f6f5 a6a5 f5f6 a5a6",
        kinds: &[K::Idle, K::Exchange, K::Idle, K::Exchange],
        chinese: (DRAW, BOTH_IDLE),
        asian: (DRAW, BOTH_IDLE),
    },
    // 捉兼献 by an immediate loss of material (28.6: an offer is one the taker can accept
    // "不致 … 立即在子力价值上遭受损失"; 细则5; the kind issue 33 reads into the AXF
    // book's diagram 103 under the Chinese set: the take-back "would expose its own
    // king"): the black rook steps a4/g4, the unprotected red rook follows it onto its
    // line from a8/g8. The black rook may take it, but its king on d7 is then open to
    // the red horse's fork from d5 (Nb6+ or Nf6+, each attacking the point the rook
    // took on), which wins the rook back at once. Chinese: not 兑 but 捉, Red loses.
    // Asian: the rook can take back, a perpetual offer (rule 24; a threat to check and
    // capture is no chase, rule 38): a draw.
    Case {
        name: "a rook offer whose take-back loses to a fork is a chase (28.6, 细则5)",
        fen: "9/R8/3k5/9/3N5/r8/9/9/9/4K4 b - - 0 1",
        moves: "a4g4 a8g8 g4a4 g8a8",
        kinds: &[K::Idle, K::Chase, K::Idle, K::Chase],
        chinese: (RED_LOSES, "red perpetual chase of the black rook on a4 (长捉)"),
        asian: (DRAW, BOTH_IDLE),
    },
    // The other side of that line: the red king on d0, so that the horse on d5 stands
    // between the kings and may not leave the d-file. The take-back loses nothing: two
    // free rooks, 兑 (28.5; rule 24): a draw under both sets.
    Case {
        name: "a rook offer whose take-back loses nothing is 兑 (against 28.6)",
        fen: "9/R8/3k5/9/3N5/r8/9/9/9/3K5 b - - 0 1",
        moves: "a4g4 a8g8 g4a4 g8a8",
        kinds: &[K::Idle, K::Exchange, K::Idle, K::Exchange],
        chinese: (DRAW, BOTH_IDLE),
        asian: (DRAW, BOTH_IDLE),
    },
    // The AXF book's diagram 103 (rule 40; its moves R8-3 r4-1 R8+1 r4-2 R8+2 r4+3, on a
    // board of our own): the red rook on the b-file steps onto the rank of the free black
    // rook on the d-file three times; the black rook, which could take it back each
    // time, steps away. A perpetual offer: a draw under the Asian set, and 兑 under the
    // Chinese set (both rooks free, each can take the other: kind 2 above is the other
    // side of the line).
    Case {
        name: "a rook following a free rook onto its rank (diagram 103)",
        fen: "5k3/9/1R7/9/9/3r5/9/9/9/4K4 w - - 0 1",
        moves: "b7b4 d4d5 b4b5 d5d7 b5b7 d7d4",
        kinds: &[
            K::Exchange,
            K::Idle,
            K::Exchange,
            K::Idle,
            K::Exchange,
            K::Idle,
        ],
        chinese: (DRAW, BOTH_IDLE),
        asian: (DRAW, BOTH_IDLE),
    },
    // Its four-ply variant (diagram 103): the black rook steps d4/d7, the red rook follows
    // b4/b7. A draw under both sets.
    Case {
        name: "a rook following a free rook, four plies (diagram 103)",
        fen: "5k3/9/1R7/9/9/3r5/9/9/9/4K4 w - - 0 1",
        moves: "b7b4 d4d7 b4b7 d7d4",
        kinds: &[K::Exchange, K::Idle, K::Exchange, K::Idle],
        chinese: (DRAW, BOTH_IDLE),
        asian: (DRAW, BOTH_IDLE),
    },
    // Rook and horse chasing each other (the AXF book's diagram 48; 26.3, 细则8): the
    // black horse circles b0, d1, c3, a2, attacking the red rook from each point; the
    // rook follows on b1, c1, c2, b2, attacking the unprotected horse from each (its
    // flight from the horse attacks that very horse: rule 15 does not excuse it). Both
    // sides chase on every move (no 4- or 6-ply cycle of this kind exists with a lone
    // rook and horse; this one takes eight plies): both forbidden, a draw under both
    // sets.
    Case {
        name: "rook and horse chasing each other (diagram 48)",
        fen: "5k3/9/9/9/9/9/9/1R7/9/1n1K5 b - - 0 1",
        moves: "b0d1 b2b1 d1c3 b1c1 c3a2 c1c2 a2b0 c2b2",
        kinds: &[
            K::Chase,
            K::Chase,
            K::Chase,
            K::Chase,
            K::Chase,
            K::Chase,
            K::Chase,
            K::Chase,
        ],
        chinese: (
            DRAW,
            "draw: both sides attack perpetually: red perpetual chase of the black horse on b0 (长捉), black perpetual chase of the red rook on b2 (长捉)",
        ),
        asian: (
            DRAW,
            "draw: both sides attack perpetually: red perpetual chase of the black horse on b0 (长捉), black perpetual chase of the red rook on b2 (长捉)",
        ),
    },
    // The other side of diagram 48: the same dance with a crossed black pawn on c4
    // protecting the horse on c3; the rook's step to c1 attacks a protected horse (跟,
    // not 捉), so the rook has an idle move, while the horse attacks the rook on every
    // move: Black loses under both sets.
    Case {
        name: "a horse chasing a rook that chases it back but once idle (against diagram 48)",
        fen: "5k3/9/9/9/9/2p6/9/1R7/9/1n1K5 b - - 0 1",
        moves: "b0d1 b2b1 d1c3 b1c1 c3a2 c1c2 a2b0 c2b2",
        kinds: &[
            K::Chase,
            K::Chase,
            K::Chase,
            K::Follow,
            K::Chase,
            K::Chase,
            K::Chase,
            K::Chase,
        ],
        chinese: (BLACK_LOSES, "black perpetual chase of the red rook on b2 (长捉)"),
        asian: (BLACK_LOSES, "black perpetual chase of the red rook on b2 (长捉)"),
    },
];

#[test]
fn the_ruled_cases() {
    for case in CASES {
        check_case(case);
    }
    // Each cycle is ruled under both rule sets.
    assert!(CASES.len() >= 70, "{} cases", CASES.len());
}

/// The kind of `m` after `moves` from `fen` under each rule set, in all four views.
fn assert_kinds(fen: &str, moves: &str, m: &str, chinese: MoveClass, asian: MoveClass) {
    for view in views() {
        let p = view.play(fen, moves);
        let m = view.mv(mv(m));
        for (rules, want) in [(RuleSet::Chinese, chinese), (RuleSet::Asian, asian)] {
            assert_eq!(
                p.kind_of(m, rules),
                want,
                "{fen} + {moves}, {m} ({}), {rules}",
                view.label
            );
        }
    }
}

#[test]
fn the_asian_rook_escaping_a_cannon_makes_no_chase() {
    // The cycle of the book's rule 15 above, move by move under the Asian rule set.
    let p = views()[0].play(
        "1P2k4/2P6/1r7/9/9/9/2P6/1N7/9/1C1K5 b - - 0 1",
        "b7c7 b0c0 c7b7 c0b0",
    );
    assert_eq!(
        p.kinds_since(0, RuleSet::Asian),
        [K::Idle, K::Chase, K::Idle, K::Chase]
    );
}

#[test]
fn a_held_piece_set_free_does_not_start_a_chase() {
    // The black rook on d8 shuts the leg of the red horse on d7 (which would check the
    // king on e9): it may take only the horse itself, which stood attacked all along.
    // The king stepping to f9 sets the rook free; the attack it makes legal is old
    // (细则6, the book's rule 19): idle under both rule sets.
    assert_kinds(
        "4k4/3r5/3N5/9/9/9/9/9/9/3K5 b - - 0 1",
        "",
        "e9f9",
        K::Idle,
        K::Idle,
    );
    // The other side of the line: the king stepping off rank 9 opens the black rook's
    // rank onto the unprotected red horse on i9, an attack that was not there (借帅之力,
    // 第27.1条): a chase.
    assert_kinds(
        "3rk3N/9/9/9/3P5/9/9/9/9/3K5 b - - 0 1",
        "",
        "e9e8",
        K::Chase,
        K::Chase,
    );
}

#[test]
fn shifting_a_screen_is_no_new_chase() {
    // 细则6: the red cannon on a0 attacks the black horse on a7 over the pawn on a3;
    // the pawn steps to a4, still the screen: the attack stood before. Idle.
    assert_kinds(
        "4k4/9/n8/9/9/9/P8/9/9/C2K5 w - - 0 1",
        "",
        "a3a4",
        K::Idle,
        K::Idle,
    );
    // A pawn stepping onto the file as a new screen makes the attack: a chase.
    assert_kinds(
        "4k4/9/n8/9/1P7/9/9/9/9/C2K5 w - - 0 1",
        "",
        "b5a5",
        K::Chase,
        K::Chase,
    );
}

#[test]
fn a_piece_won_through_checks_is_chased() {
    // 第28.3条, 29.1 (连续照将), issue 20: from a5 the red rook threatens Re5+, and the
    // black king, shut in by its advisors on d9 and f9, must step to d8 or f8, leaving
    // the horse on e9 to the rook. A chase under the Chinese rule set, though the rook
    // does not attack the horse. The AXF book rules a threat to check and capture idle
    // (its rule 38: perpetually threatening to check and capture is a draw, diagrams 97
    // and 98), so the Asian rule set does.
    assert_kinds(
        "R2ana3/4k4/9/9/9/9/9/9/9/3K5 w - - 0 1",
        "",
        "a9a5",
        K::Chase,
        K::Idle,
    );
    let p = pos("R2ana3/4k4/9/9/9/9/9/9/9/3K5 w - - 0 1");
    let mut after = p.clone();
    after.play(mv("a9a5"));
    let passed = after.with_turn_passed().expect("no check");
    let won: Vec<_> = passed
        .chases()
        .iter()
        .map(|c| (c.attacker, c.victim, c.through_checks))
        .collect();
    assert_eq!(won, [(sq("a5"), sq("e9"), true)]);
    // The other side of the line: with the black horse on g8 protecting e9, the rook
    // would lose itself for the horse: no chase.
    assert_kinds(
        "R2ana3/4k1n2/9/9/9/9/9/9/9/3K5 w - - 0 1",
        "",
        "a9a5",
        K::Idle,
        K::Idle,
    );
}

#[test]
fn a_check_that_also_chases_is_a_check() {
    // 27.4, 细则12 (从重): the rook checks on the e-file and attacks the unprotected
    // cannon on h4 at once.
    assert_nature("4k4/9/9/9/9/R6c1/9/9/9/3K5 w - - 0 1", "", "a4e4", Check);
}

#[test]
fn the_asian_rule_set_counts_only_unprotected_pieces() {
    // 少根: the black horse on c5 is protected once, by the rook on c9; two red rooks
    // win it (Chinese chase), but it is protected (Asian: no chase).
    let p = pos("2r1k4/9/9/9/R1n5R/9/9/9/9/3K5 w - - 0 1");
    assert_eq!(p.chases().len(), 2);
    assert!(p.chases_with(RuleSet::Asian).is_empty());
    // A horse or cannon on a rook is a chase however the rook is protected.
    let p = pos("2r1k4/N8/4b4/9/9/9/9/9/9/5K3 w - - 0 1");
    assert_eq!(
        p.chases_with(RuleSet::Asian)
            .iter()
            .map(|c| (c.attacker, c.victim))
            .collect::<Vec<_>>(),
        [(sq("a8"), sq("c9"))]
    );
}

#[test]
fn the_rule_set_parses_and_prints() {
    assert_eq!("chinese".parse(), Ok(RuleSet::Chinese));
    assert_eq!("Asian".parse(), Ok(RuleSet::Asian));
    assert_eq!(" CHINESE ".parse(), Ok(RuleSet::Chinese));
    assert!("european".parse::<RuleSet>().is_err());
    assert_eq!(RuleSet::default(), RuleSet::Chinese);
    assert_eq!(RuleSet::Asian.to_string(), "asian");
    assert_eq!(RuleSet::Chinese.to_string(), "chinese");
    assert_eq!(GameRules::default().rule_set, RuleSet::Chinese);
    assert_eq!(K::Follow.to_string(), "follow (跟)");
    assert_eq!(K::Exchange.chinese(), "兑");
}

fn cli(fen: &str, moves: &str, rules: &str) -> Result<String, String> {
    let moves: Vec<String> = moves.split_whitespace().map(String::from).collect();
    rule_cli(fen, &moves, rules)
}

#[test]
fn the_command_line_rules_in_one_line() {
    let fig3 = "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w - - 0 1";
    let cycle = "h6i4 i9h9 i4h6 h9i9";
    assert_eq!(
        cli(fig3, cycle, "chinese").as_deref(),
        Ok("red wins (black perpetual chase of several pieces (长捉))")
    );
    assert_eq!(
        cli(fig3, cycle, "asian").as_deref(),
        Ok("draw (both sides idle)")
    );
    // Part of the cycle: nothing repeats yet.
    assert_eq!(
        cli(fig3, "h6i4 i9h9", "chinese").as_deref(),
        Ok("ongoing (red to move, no repetition, 2 plies without capture)")
    );
    // Moves may come in one argument; the cycle twice over is ruled the same.
    let twice = vec![format!("{cycle} {cycle}")];
    assert_eq!(
        rule_cli(fig3, &twice, "CHINESE").as_deref(),
        Ok("red wins (black perpetual chase of several pieces (长捉))")
    );
    // Perpetual check; a chase.
    assert_eq!(
        cli(
            "R3k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1",
            "e9e8 a9a8 e8e9 a8a9",
            "asian"
        )
        .as_deref(),
        Ok("black wins (red perpetual check)")
    );
    assert_eq!(
        cli(
            "4k4/9/1c7/9/9/9/9/1R7/9/3K5 b - - 0 1",
            "b7c7 b2c2 c7b7 c2b2",
            "chinese"
        )
        .as_deref(),
        Ok("black wins (red perpetual chase of the black cannon on b7 (长捉))")
    );
    // Mate and stalemate.
    assert_eq!(
        cli("4k4/9/6N2/9/1P6p/9/9/9/9/R2K5 w - - 0 1", "a0a9", "chinese").as_deref(),
        Ok("red wins (black is checkmated)")
    );
    assert_eq!(
        cli("4k4/9/6N2/9/1P7/9/9/9/9/R2K5 b - - 0 1", "", "chinese").as_deref(),
        Ok("red wins (black is stalemated (no legal move))")
    );
    // The natural limit.
    assert_eq!(
        cli(
            "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 118 80",
            "a0a1 e9e8",
            "chinese"
        )
        .as_deref(),
        Ok("draw (natural limit: 60 moves without capture)")
    );
    // Errors.
    assert!(cli("nonsense", "", "chinese")
        .unwrap_err()
        .contains("bad FEN"));
    assert!(cli(fig3, "h6i4", "european")
        .unwrap_err()
        .contains("european"));
    let err = cli(fig3, "h6i4 a0a1", "chinese").unwrap_err();
    assert!(err.starts_with("move 2 (a0a1)"), "{err}");
    // The first word is always one of four.
    for line in [
        cli(fig3, cycle, "asian").unwrap(),
        cli(fig3, "", "asian").unwrap(),
    ] {
        let first = line.split_whitespace().next().unwrap();
        assert!(
            ["ongoing", "draw", "red", "black"].contains(&first),
            "{line}"
        );
    }
}

#[test]
fn game_ends_give_their_reasons() {
    assert_eq!(
        GameEnd::NaturalLimit.reason(),
        "natural limit: 60 moves without capture"
    );
    let fewer = GameRules {
        natural_limit_moves: 40,
        ..GameRules::default()
    };
    assert_eq!(
        GameEnd::NaturalLimit.reason_under(&fewer),
        "natural limit: 40 moves without capture"
    );
    assert_eq!(GameEnd::Checkmate(Color::Red).reason(), "red is checkmated");
    assert_eq!(GameEnd::Checkmate(Color::Red).result(), "black wins");
    // The arbiter under the Asian rule set: the 棋例图三 cycle played three times is a
    // draw; under the Chinese rule set Black loses.
    let fen = "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w - - 0 1";
    let mut p = pos(fen);
    for _ in 0..2 {
        for m in "h6i4 i9h9 i4h6 h9i9".split_whitespace() {
            p.play(mv(m));
        }
    }
    let asian = GameRules {
        rule_set: RuleSet::Asian,
        ..GameRules::default()
    };
    let end = p.game_end(&asian, 0).expect("third time");
    assert_eq!(end.loser(), None);
    assert_eq!(end.reason(), "draw: both sides idle");
    let end = p.game_end(&GameRules::default(), 0).expect("third time");
    assert_eq!(end.loser(), Some(Color::Black));
    assert_eq!(
        end.reason(),
        "black perpetual chase of several pieces (长捉)"
    );
}
