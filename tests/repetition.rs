//! The repetition rulings (棋例) and the natural limit, one rule at a time. Each cycle is
//! played out from a small position and judged; every case is also played in the
//! colour-flipped and mirrored twins of the position, where the verdict must be the
//! same with the colours swapped. The last tests check that the classification of moves
//! is colour- and mirror-blind over random games, and that it stays cheap.

use chariot::board::repetition::{
    ruling_value, verdict, Conduct, GameEnd, Nature, Rules, Verdict, MATE_THREAT_CHECKS,
    NATURAL_LIMIT_MOVES,
};
use chariot::board::{Color, Move, Piece, PieceKind, Position, Square};

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
    let rules = Rules::default();
    assert_eq!(rules.repetitions, 3);
    assert_eq!(rules.natural_limit_moves, NATURAL_LIMIT_MOVES);
    let mut p = pos(fen);
    let mut ended_at = None;
    for ply in 0..12 {
        p.play(mv(cycle[ply % 4]));
        if let Some(end) = p.adjudicate(&rules) {
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
    let quick = Rules {
        repetitions: 2,
        ..Rules::default()
    };
    let plies = (0..8)
        .position(|ply| {
            p.play(mv(cycle[ply % 4]));
            p.adjudicate(&quick).is_some()
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
        p.adjudicate(&Rules::default()),
        Some(GameEnd::Checkmate(Color::Black))
    );
    // Black has no move and is not in check: 困毙, Black loses.
    let p = pos("4k4/9/6N2/9/1P7/9/9/9/9/R2K5 b - - 0 1");
    assert!(p.is_stalemate(), "{p}");
    let end = p.adjudicate(&Rules::default()).expect("game over");
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
    assert_eq!(p.adjudicate(&Rules::default()), None);
    p.play(mv("a1a2"));
    assert!(p.natural_limit_reached(NATURAL_LIMIT_MOVES));
    assert_eq!(p.adjudicate(&Rules::default()), Some(GameEnd::NaturalLimit));
    assert_eq!(GameEnd::NaturalLimit.loser(), None);
    // Turned off, or set lower by the tournament.
    let off = Rules {
        natural_limit_moves: 0,
        ..Rules::default()
    };
    assert_eq!(p.adjudicate(&off), None);
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
    let cases = [
        (Allowed, Allowed, Verdict::Draw),
        (Forbidden, Forbidden, Verdict::Draw),
        (PerpetualCheck, PerpetualCheck, Verdict::Draw),
        (Forbidden, Allowed, Verdict::Loses(Color::Red)),
        (Allowed, Forbidden, Verdict::Loses(Color::Black)),
        (PerpetualCheck, Allowed, Verdict::Loses(Color::Red)),
        (PerpetualCheck, Forbidden, Verdict::Loses(Color::Red)),
        (Allowed, PerpetualCheck, Verdict::Loses(Color::Black)),
        (Forbidden, PerpetualCheck, Verdict::Loses(Color::Black)),
    ];
    for (red, black, expected) in cases {
        assert_eq!(verdict(red, black), expected, "{red:?} against {black:?}");
        assert_eq!(expected.loser(), expected_loser(expected));
    }
}

fn expected_loser(v: Verdict) -> Option<Color> {
    match v {
        Verdict::Draw => None,
        Verdict::Loses(c) => Some(c),
    }
}

// ----- over random games ------------------------------------------------------------

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

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

#[test]
fn rulings_of_random_repetitions_are_the_same_in_every_view() {
    // Random games where each side, from time to time, plays a move and its way back:
    // repetitions of every kind, judged in all four views.
    let mut rng = Rng(0x0BAD_5EED_0000_0002);
    let mut ruled = 0;
    for _ in 0..60 {
        let mut p = Position::startpos();
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
            let m = match back {
                Some(m) if rng.next() % 4 != 0 => m,
                _ => moves[(rng.next() % moves.len() as u64) as usize],
            };
            p.make_move(m);
            history.push(m);
            if let Some(ruling) = p.repetition_ruling() {
                ruled += 1;
                for view in views().iter().skip(1) {
                    let mut t = (view.position)(&Position::startpos());
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
}
