//! The test engine itself: `fake-engine` answers the handshake of both protocols, plays
//! legal moves, and misbehaves as its modes promise. (Having a test also makes
//! `cargo test --workspace` build the binary, which the tourney's tests play.)

use std::io::Write;
use std::process::{Command, Output, Stdio};

use chariot::board::Position;

/// Runs `fake-engine ARGS` with `input` on its standard input; returns how it ended.
fn run(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fake-engine"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("fake-engine starts");
    // The engine may exit (crash) before reading everything: a broken pipe is fine.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}

/// Runs `fake-engine --seed 1 ARGS` with `input`; returns its output, after checking
/// that it exited well.
fn converse_with(args: &[&str], input: &str) -> String {
    let mut all = vec!["--seed", "1"];
    all.extend_from_slice(args);
    let out = run(&all, input);
    assert!(
        out.status.success(),
        "fake-engine exited with {}",
        out.status
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Runs `fake-engine --seed 1` with `input` on its standard input; returns its output.
fn converse(input: &str) -> String {
    converse_with(&[], input)
}

/// The `bestmove` lines of the output.
fn best_lines(out: &str) -> Vec<&str> {
    out.lines().filter(|l| l.starts_with("bestmove ")).collect()
}

/// The move of the output's `bestmove` line.
fn best_move(out: &str) -> String {
    let line = best_lines(out)
        .first()
        .copied()
        .unwrap_or_else(|| panic!("no bestmove in:\n{out}"));
    line.split_whitespace().nth(1).unwrap().to_string()
}

/// UCCI: asks for a move in each position after the start (given by its moves).
fn ucci_games(positions: &[&str]) -> String {
    let mut input = "ucci\n".to_string();
    for moves in positions {
        input += &format!("position startpos moves {moves}\ngo depth 1\n");
    }
    input + "quit\n"
}

#[test]
fn answers_both_handshakes_and_plays_a_legal_move() {
    let ucci = converse("ucci\nisready\nposition startpos\ngo depth 1\nquit\n");
    assert!(ucci.lines().any(|l| l == "ucciok"), "{ucci}");
    assert!(ucci.lines().any(|l| l == "readyok"), "{ucci}");
    assert!(ucci.ends_with("bye\n"), "{ucci}");
    let uci = converse("uci\nisready\nposition startpos\ngo depth 1\nquit\n");
    assert!(uci.lines().any(|l| l == "uciok"), "{uci}");
    assert!(!uci.contains("bye"), "{uci}");
    let mv = best_move(&ucci);
    assert!(
        Position::startpos().parse_move(&mv).is_ok(),
        "{mv} is not a legal first move:\n{ucci}"
    );
    best_move(&uci);
}

#[test]
fn the_same_seed_plays_the_same_moves() {
    let input = ucci_games(&["", "h2e2", "h2e2 h9g7", "h2e2 h9g7 h0g2"]);
    let strip =
        |out: String| -> Vec<String> { best_lines(&out).iter().map(|l| l.to_string()).collect() };
    let a = strip(converse(&input));
    assert_eq!(a.len(), 4);
    assert_eq!(a, strip(converse(&input)));
}

#[test]
fn deterministic_modes_play_the_first_last_or_checking_move() {
    let start = "ucci\nposition startpos\ngo\nquit\n";
    assert_eq!(best_move(&converse_with(&["first"], start)), "a0a1");
    assert_eq!(best_move(&converse_with(&["last"], start)), "i3i4");
    // The rook checks only from a9, along the last rank.
    let checks = "ucci\nposition fen 4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1\ngo\nquit\n";
    let mv = best_move(&converse_with(&["checks"], checks));
    let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1").unwrap();
    assert!(pos.gives_check(pos.parse_move(&mv).unwrap()), "{mv}");
}

#[test]
fn banned_and_preferred_moves() {
    let banned = "ucci\nposition startpos\nbanmoves a0a1 a0a2\ngo\nquit\n";
    assert_eq!(best_move(&converse_with(&["first"], banned)), "a3a4");
    let reset = "ucci\nposition startpos\nbanmoves a0a1\nposition startpos\ngo\nquit\n";
    assert_eq!(best_move(&converse_with(&["first"], reset)), "a0a1");
    let prefer = ["first", "--prefer", "zz,h2e2,b2e2"];
    let start = "ucci\nposition startpos\ngo\nquit\n";
    assert_eq!(best_move(&converse_with(&prefer, start)), "h2e2");
    let both = "ucci\nposition startpos\nbanmoves h2e2\ngo\nquit\n";
    assert_eq!(best_move(&converse_with(&prefer, both)), "b2e2");
}

#[test]
fn uci10_notation_both_ways() {
    let input = "uci\nposition startpos moves h3e3\nbanmoves a7a6\ngo\nquit\n";
    let out = converse_with(&["first", "--uci10", "--ponder", "first"], input);
    assert_eq!(best_lines(&out), ["bestmove a10a8 ponder a1a2"]);
}

#[test]
fn failures_come_after_n_good_moves() {
    let two = ucci_games(&["", "h2e2"]);
    let crash = run(&["crash", "1"], &two);
    assert_eq!(crash.status.code(), Some(3));
    assert_eq!(best_lines(&String::from_utf8_lossy(&crash.stdout)).len(), 1);
    let hang = converse_with(&["hang", "1"], &two);
    assert_eq!(best_lines(&hang).len(), 1);
    let illegal = converse_with(&["illegal", "1"], &two);
    assert_eq!(best_lines(&illegal)[1], "bestmove a9a0");
    let nomove = converse_with(&["nomove", "1"], &two);
    assert!(nomove.lines().any(|l| l == "nobestmove"), "{nomove}");
    let garbage = run(&["garbage"], &two);
    let junk = b"\xff\xfe garbage \x00 line\n";
    assert!(garbage.stdout.windows(junk.len()).any(|w| w == junk));
    let nostart = converse_with(&["nostart"], "ucci\nisready\nquit\n");
    assert_eq!(nostart, "readyok\nbye\n");
}

#[test]
fn resignations_and_draw_offers() {
    let two = ucci_games(&["", "h2e2"]);
    let tails = |args: &[&str], input: &str| -> Vec<String> {
        let out = converse_with(args, input);
        let lines = best_lines(&out);
        lines
            .iter()
            .map(|l| l.split_whitespace().skip(2).collect())
            .collect()
    };
    assert_eq!(tails(&["resign", "1"], &two), ["", "resign"]);
    assert_eq!(tails(&["resignblack"], &two), ["", "resign"]);
    assert_eq!(tails(&["draw", "1"], &two), ["", "draw"]);
    let offered = "ucci\nposition startpos\ngo draw\ngo\nquit\n";
    assert_eq!(tails(&["acceptdraw"], offered), ["draw", ""]);
    let clock = "ucci\nposition startpos\ngo time 50\ngo time 500\nquit\n";
    assert_eq!(tails(&["--resign-under", "100"], clock), ["resign", ""]);
}

#[test]
fn pondering_holds_the_answer_until_ponderhit_or_stop() {
    let input = "ucci\nposition startpos\ngo ponder\nisready\nponderhit\nstop\nquit\n";
    let out = converse_with(&["first", "--ponder", "last"], input);
    assert!(
        out.contains("option ponder type check default false"),
        "{out}"
    );
    let after: Vec<&str> = out.lines().skip_while(|l| *l != "readyok").collect();
    assert_eq!(after[2], "bestmove a0a1 ponder i9i8", "{out}");
    // `stop` while idle: `nobestmove` in UCCI.
    assert_eq!(after[3], "nobestmove", "{out}");
    let deaf = "ucci\nposition startpos\ngo ponder\nstop\nquit\n";
    let out = converse_with(&["--ponder", "first", "--deaf-stop"], deaf);
    assert!(best_lines(&out).is_empty(), "{out}");
    let out = converse_with(&["--ponder", "first", "--eager"], deaf);
    assert_eq!(best_lines(&out).len(), 1, "{out}");
}

#[test]
fn toy_offers_its_option_and_blunders_far_from_its_best() {
    // 100 moves from the start position with the option at `value`: how many illegal.
    let illegal = |ucci: bool, value: i64| {
        let mut input = if ucci {
            format!("ucci\nsetoption Toy {value}\n")
        } else {
            format!("uci\nsetoption name Toy value {value}\n")
        };
        input += &"position startpos\ngo depth 1\n".repeat(100);
        let out = converse_with(&["--toy", "Toy=300"], &(input + "quit\n"));
        let offer = if ucci {
            "option Toy type spin default 0 min -1000 max 1000"
        } else {
            "option name Toy type spin default 0 min -1000 max 1000"
        };
        assert!(out.lines().any(|l| l == offer), "{out}");
        let moves = best_lines(&out);
        assert_eq!(moves.len(), 100, "{out}");
        moves
            .iter()
            .filter(|l| {
                let mv = l.split_whitespace().nth(1).unwrap();
                Position::startpos().parse_move(mv).is_err()
            })
            .count()
    };
    // At its best 1 % of the moves are illegal; 700 away, half of them.
    assert!(illegal(false, 300) <= 5);
    assert!(illegal(false, -400) >= 30);
    assert!(illegal(true, -400) >= 30);
    assert!(illegal(true, 300) <= 5);
}
