//! One authority for the end of a game: the same games are ruled alike by every path
//! that ends games — the rules core's [`Position::game_end`] (which `datagen` calls),
//! the tourney's arbiter, `chariot rule`, and the search's score of the final move —
//! and a tourney plays a repetition out to the ruling of the rule set it was told.

use std::path::Path;
use std::process::Command;

use chariot::board::repetition::RuleSet;
use chariot::board::Outcome;
use chariot::board::{Color, GameEnd, GameRules, Position};
use chariot::search::params::{MATE_BOUND, RULE_WIN};
use chariot::search::{search, Config, Limits, Shared, Silent};
use tourney::engine::{EngineConfig, Protocol};
use tourney::event::config::TournamentFormat;
use tourney::event::{run, TournamentConfig};
use tourney::game::arbiter::judge;
use tourney::game::GameSettings;
use tourney::openings::{parse_openings, OpeningFormat};
use tourney::report::rating::{RatingMethod, Scoring};

use crate::common::{chariot_binary, fake_engine};

/// The 棋例图三 cycle: Red's horse and Black's rook shuffle; under the Chinese rule set
/// Black's rook chases (and loses), under the Asian one both are idle.
const FIG3: &str = "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w - - 0 1";
const FIG3_CYCLE: &str = "h6i4 i9h9 i4h6 h9i9";

/// 120 plies without a capture in which Red gave 16 checks and Black 13: neither side
/// can claim the natural limit yet (each counts at most ten of its own checks). Three
/// more quiet moves let Black claim it.
const CHECKS_FEN: &str = "2bakab2/9/1c2r2c1/9/9/9/9/1C2R2C1/9/2BAKAB2 w - - 0 1";
const CHECKS_GAME: &str = "h2h0 b7b8 h0i0 b8d8 i0i1 h7i7 i1i5 d8d1 b2b8 d1d7 i5e5 d9e8 \
     b8b9 c9a7 g0i2 i7i5 b9b5 e9d9 e5d5 d7b7 b5c5 i5e5 e2c2 e5f5 d0e1 b7b0 d5d0 f5e5 e1f2 \
     e5f5 c5e5 f5h5 e5e1 h5h0 i2g0 h0i0 c2e2 a7c9 e2c2 e7e4 c2c5 e4c4 c5d5 e8d7 d5b5 c4d4 \
     b5d5 i0h0 d5i5 b0b7 i5d5 d4g4 e1e2 b7c7 d5g5 d7e8 d0d8 c7e7 e2d2 e7d7 d8c8 d7e7 g5d5 \
     e7d7 d5a5 d7b7 c8c7 g4e4 f2e1 e4f4 a5f5 h0h6 c7d7 d9e9 d7d9 h6e6 f5e5 b7b0 c0e2 e6g6 \
     d2a2 f4e4 a2a0 b0b3 a0a2 e4c4 d9d1 c4c0 d1d0 g6h6 a2a7 b3g3 e5b5 h6c6 a7e7 e8d7 e7f7 \
     g3g6 b5e5 c6e6 e5d5 g6h6 f7f5 g9i7 f5e5 e6a6 d5c5 c0c3 d0d6 h6f6 d6e6 e9d9 e1d2 c3c0 \
     e0e1 c0e0 e1f1 c9a7 e6d6 d9e9";
const CHECKS_TAIL: &str = "c5c0 e0d0 c0a0";

/// How a game stands, in one comparable form: `None` while it goes on, else the loser
/// (`Some(None)` for a draw).
type Standing = Option<Option<Color>>;

fn play(fen: &str, moves: &str) -> Position {
    let mut pos = Position::from_fen(fen).expect("FEN");
    for m in moves.split_whitespace() {
        pos.try_play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    pos
}

/// The rules core's answer (the call `datagen` makes after every move).
fn by_the_core(pos: &Position, rules: &GameRules) -> Standing {
    pos.game_end(rules, pos.history().len())
        .map(|end| end.loser())
}

/// The tourney arbiter's answer.
fn by_the_arbiter(pos: &Position, rules: &GameRules) -> Standing {
    judge(pos, rules, pos.history().len()).map(|r| match r.outcome {
        Outcome::RedWins => Some(Color::Black),
        Outcome::BlackWins => Some(Color::Red),
        Outcome::Draw => None,
    })
}

/// `chariot rule`'s answer, from its machine-readable first word.
fn by_the_command(bin: &Path, fen: &str, moves: &str, rule_set: &str) -> Standing {
    let out = Command::new(bin)
        .args(["rule", "--fen", fen, "--rules", rule_set, "--moves"])
        .args(moves.split_whitespace())
        .output()
        .expect("run chariot rule");
    assert!(out.status.success(), "{out:?}");
    let line = String::from_utf8_lossy(&out.stdout).trim().to_string();
    match line.split_whitespace().next() {
        Some("ongoing") => None,
        Some("draw") => Some(None),
        Some("red") => Some(Some(Color::Black)),
        Some("black") => Some(Some(Color::Red)),
        _ => panic!("unexpected answer: {line}"),
    }
}

/// The search's score for playing the game's last move in the position before it, from
/// the mover's view, read as a standing of the position after it: a mate or a ruling
/// win for the mover, a ruling loss for it, or exactly 0 for a draw by rule.
fn by_the_search(fen: &str, moves: &str, rule_set: RuleSet) -> Standing {
    let list: Vec<&str> = moves.split_whitespace().collect();
    let (last, before) = list.split_last().expect("moves");
    let pos = play(fen, &before.join(" "));
    let mover = pos.side_to_move();
    let last = pos.parse_move(last).expect("legal");
    let limits = Limits {
        depth: Some(3),
        search_moves: vec![last],
        ..Limits::default()
    };
    let config = Config {
        rule_set,
        ..Config::default()
    };
    let outcome = search(&pos, &limits, &config, &Shared::new(1), &Silent);
    assert_eq!(outcome.best, Some(last));
    let score = outcome.score;
    if score >= RULE_WIN - 100 || (score >= MATE_BOUND) {
        Some(Some(!mover))
    } else if score <= -(RULE_WIN - 100) {
        Some(Some(mover))
    } else if score == 0 {
        Some(None)
    } else {
        None
    }
}

/// Every path rules the game `fen` + `moves` as `expected`.
fn ruled_alike(fen: &str, moves: &str, rules: &GameRules, expected: Standing) {
    let pos = play(fen, moves);
    let name = match rules.rule_set {
        RuleSet::Chinese => "chinese",
        RuleSet::Asian => "asian",
    };
    assert_eq!(by_the_core(&pos, rules), expected, "core: {moves}");
    assert_eq!(by_the_arbiter(&pos, rules), expected, "arbiter: {moves}");
    assert_eq!(
        by_the_command(&chariot_binary(), fen, moves, name),
        expected,
        "chariot rule: {moves}"
    );
    if expected.is_some() {
        assert_eq!(
            by_the_search(fen, moves, rules.rule_set),
            expected,
            "search: {moves}"
        );
    }
}

#[test]
fn every_path_rules_the_same_games_alike() {
    let chinese = GameRules::default();
    let asian = GameRules {
        rule_set: RuleSet::Asian,
        ..GameRules::default()
    };
    // Mate.
    let mate = ("4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1", "b7b9");
    ruled_alike(mate.0, mate.1, &chinese, Some(Some(Color::Black)));
    // Red checks perpetually and loses on the third time round, under both sets.
    let checks = (
        "4k4/9/9/9/9/9/9/9/4A4/R2AK4 w - - 0 1",
        "a0a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9 a8a9",
    );
    ruled_alike(checks.0, checks.1, &chinese, Some(Some(Color::Red)));
    ruled_alike(checks.0, checks.1, &asian, Some(Some(Color::Red)));
    // A quiet shuffle is a draw.
    let shuffle = (
        chariot::board::START_FEN,
        "b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0 c7b9",
    );
    ruled_alike(shuffle.0, shuffle.1, &chinese, Some(None));
    // 棋例图三 played three times round: Black's chase loses under the Chinese rules and
    // is idle under the Asian ones.
    let fig3 = format!("{FIG3_CYCLE} {FIG3_CYCLE}");
    ruled_alike(FIG3, &fig3, &chinese, Some(Some(Color::Black)));
    ruled_alike(FIG3, &fig3, &asian, Some(None));
}

#[test]
fn the_natural_limit_counts_at_most_ten_checks_everywhere() {
    let rules = GameRules::default();
    let pos = play(CHECKS_FEN, CHECKS_GAME);
    assert_eq!(pos.rule60_plies(), 120);
    // 120 plies without a capture, but too many checks on each side: the game goes on
    // for the core, the arbiter and `chariot rule`.
    ruled_alike(CHECKS_FEN, CHECKS_GAME, &rules, None);
    // The search does not score the 121st ply a draw either: a quiet move there keeps
    // a real score.
    let full = format!("{CHECKS_GAME} {CHECKS_TAIL}");
    let tail: Vec<&str> = CHECKS_TAIL.split_whitespace().collect();
    let first = format!("{CHECKS_GAME} {}", tail[0]);
    assert_ne!(
        by_the_search(CHECKS_FEN, &first, rules.rule_set),
        Some(None),
        "ply 121 is not a draw by the natural limit"
    );
    // Two moves short, still on; after the third quiet move Black can claim.
    let short = format!("{CHECKS_GAME} {} {}", tail[0], tail[1]);
    ruled_alike(CHECKS_FEN, &short, &rules, None);
    ruled_alike(CHECKS_FEN, &full, &rules, Some(None));
    let end = play(CHECKS_FEN, &full).game_end(&rules, 123);
    assert_eq!(end, Some(GameEnd::NaturalLimit));
}

#[test]
fn insufficient_material_and_the_move_limit_are_options() {
    let bare = play("3k5/4a4/9/9/9/9/9/9/4A4/4K4 w - - 0 1", "");
    let rules = GameRules::default();
    assert_eq!(
        bare.game_end(&rules, 0),
        Some(GameEnd::InsufficientMaterial)
    );
    let off = GameRules {
        insufficient_material: false,
        ..rules
    };
    assert_eq!(bare.game_end(&off, 0), None);
    let limited = GameRules {
        move_limit: 5,
        ..off
    };
    assert_eq!(bare.game_end(&limited, 9), None);
    assert_eq!(bare.game_end(&limited, 10), Some(GameEnd::MoveLimit));
    assert_eq!(
        judge(&bare, &limited, 10).map(|r| r.reason),
        Some("move limit of 5 moves".to_string())
    );
}

/// A tourney between two fake engines that play the 棋例图三 cycle from its position
/// (without `banmoves`, so the forbidden move is played), under each rule set.
fn fig3_match(rule_set: RuleSet) -> ((u32, u32, u32), Vec<String>) {
    let engine = |name: &str| {
        let mut e = EngineConfig::new(name, fake_engine(), Protocol::Ucci);
        e.args = vec![
            "--prefer".to_string(),
            FIG3_CYCLE.replace(' ', ","),
            "--seed".to_string(),
            "1".to_string(),
        ];
        e.limits.depth = Some(1);
        e.banmoves = Some(false);
        e.init_timeout_ms = 2_000;
        e
    };
    let opening = parse_openings(FIG3, OpeningFormat::Epd).expect("opening");
    let cfg = TournamentConfig {
        engines: vec![engine("A"), engine("B")],
        format: TournamentFormat::RoundRobin,
        games: 2,
        rounds: 1,
        repeat: true,
        openings: opening,
        concurrency: 1,
        pgn_out: None,
        sprt: None,
        rating_interval: 0,
        scoring: Scoring::One,
        rating: RatingMethod::Elo,
        settings: GameSettings {
            hang_timeout_ms: 2_000,
            rules: GameRules {
                rule_set,
                ..GameRules::default()
            },
            ..GameSettings::default()
        },
        event: "rules".into(),
        site: "ci".into(),
        ..TournamentConfig::default()
    };
    let standings = run(&cfg, &mut std::io::sink());
    let a = standings.total(0);
    let reasons = standings
        .games
        .iter()
        .map(|(_, record)| record.reason.clone())
        .collect();
    ((a.wins, a.draws, a.losses), reasons)
}

#[test]
fn a_tourney_rules_by_the_rule_set_it_was_told() {
    // Each engine plays Black once and loses that game by its rook's chase.
    let (wdl, reasons) = fig3_match(RuleSet::Chinese);
    assert_eq!(wdl, (1, 0, 1), "{reasons:?}");
    assert!(reasons.iter().all(|r| r.contains("长捉")), "{reasons:?}");
    // Under the Asian rules both games are drawn by repetition.
    let (wdl, reasons) = fig3_match(RuleSet::Asian);
    assert_eq!(wdl, (0, 2, 0), "{reasons:?}");
    assert!(
        reasons.iter().all(|r| r.contains("repetition")),
        "{reasons:?}"
    );
}
