//! The command-line tools run as processes, their output checked against values
//! that do not come from the code under test: perft counts from the suite's
//! independent generators, the documents' notation, mates proved by hand, the symmetric
//! start position's evaluation.

use crate::common;

use std::process::{Command, Output};

use chariot::board::Position;
use common::perft_cases;

/// Runs `chariot ARGS…`.
fn chariot(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chariot"))
        .args(args)
        .output()
        .expect("the engine runs")
}

/// Stdout of a run that must succeed.
fn stdout_of(args: &[&str]) -> String {
    let out = chariot(args);
    assert!(
        out.status.success(),
        "chariot {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// The number after `Nodes searched: `.
fn nodes_searched(text: &str) -> u64 {
    text.lines()
        .find_map(|l| l.strip_prefix("Nodes searched: "))
        .unwrap_or_else(|| panic!("no node count in:\n{text}"))
        .parse()
        .unwrap()
}

#[test]
fn perft_counts_the_suites_leaves() {
    let cases = perft_cases();
    assert!(cases.len() >= 3);
    for case in &cases[..3] {
        let (depth, leaves) = *case
            .counts
            .iter()
            .rfind(|&&(d, _)| d <= 3)
            .expect("a count to depth 3");
        let d = depth.to_string();
        let text = stdout_of(&["perft", &d, "--fen", &case.fen]);
        assert_eq!(nodes_searched(&text), leaves, "{}", case.fen);
        let text = stdout_of(&["perft", &d, "--fen", &case.fen, "--threads", "2"]);
        assert_eq!(nodes_searched(&text), leaves, "threads 2: {}", case.fen);
    }
    // --divide: one line per legal root move, adding up to the total.
    let start = &cases[0];
    let d1 = start.counts.iter().find(|c| c.0 == 1).unwrap().1;
    let d2 = start.counts.iter().find(|c| c.0 == 2).unwrap().1;
    let text = stdout_of(&["perft", "2", "--fen", &start.fen, "--divide"]);
    let pos = Position::from_fen(&start.fen).unwrap();
    let mut sum = 0;
    let mut lines = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with("Nodes") && !l.starts_with("Time"))
    {
        let (mv, n) = line.split_once(": ").unwrap_or_else(|| panic!("{line}"));
        pos.parse_move(mv).unwrap_or_else(|e| panic!("{line}: {e}"));
        sum += n.parse::<u64>().unwrap();
        lines += 1;
    }
    assert_eq!(lines, d1);
    assert_eq!(sum, d2);
    assert_eq!(nodes_searched(&text), d2);
    // A bad FEN is refused with exit code 2.
    let bad = chariot(&["perft", "2", "--fen", "rnbakabnr/9 w"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("invalid FEN"));
}

#[test]
fn perft_deeper_than_64_is_refused() {
    // Unbounded, the recursion would overflow the stack long before any count ends.
    for depth in ["100000", "4294967295", "65"] {
        let out = chariot(&["perft", depth]);
        assert_eq!(out.status.code(), Some(2), "perft {depth}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains(&format!(
                "error: perft depth {depth} is too deep (at most 64)"
            )),
            "{stderr}"
        );
    }
}

#[test]
fn analyse_finds_the_mate_and_names_it_in_both_notations() {
    // Red mates in one: b0b9 (车八进九) shuts rank 9 while the a8 rook holds rank 8;
    // a8a9 lets the king out to e8.
    let fen = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1";
    let text = stdout_of(&["analyse", "--fen", fen, "--depth", "3"]);
    let depths: Vec<&str> = text.lines().filter(|l| l.starts_with("depth")).collect();
    assert_eq!(depths.len(), 3, "{text}");
    assert!(depths.iter().all(|l| l.contains("mate in 1")), "{text}");
    assert!(depths[2].contains("车八进九  (b0b9)"), "{text}");
    assert!(text.contains("best move: 车八进九 (b0b9)"), "{text}");
    assert!(text.contains("red to move"), "{text}");
    // After moves, Black to move and being mated: mated in 1 from Black's view.
    let text = stdout_of(&["analyse", "--fen", fen, "--moves", "d0d1", "--depth", "4"]);
    assert!(text.contains("black to move"), "{text}");
    let last = text.lines().rfind(|l| l.starts_with("depth")).unwrap();
    assert!(last.contains("mated in 1"), "{text}");
    // An illegal move is refused.
    let bad = chariot(&["analyse", "--moves", "h2e2", "h2e2"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("move 2"));
}

#[test]
fn eval_scores_the_symmetric_start_position_level() {
    let text = stdout_of(&["eval"]);
    // Both sides have the same terms: Red minus Black is 0, the side to move gets
    // the tempo.
    assert!(text.contains("final (red's view): 0 cp"), "{text}");
    assert!(
        text.contains("final (side to move, incl. tempo 10): 10 cp"),
        "{text}"
    );
    assert!(text.contains("NNUE (net "), "{text}");
    // The same trace as the library's.
    let net = chariot::eval::nnue::embedded().expect("a valid embedded net");
    let want = chariot::eval::trace_with_nnue(&Position::startpos(), Some(net.as_ref()), true);
    assert_eq!(text.trim_end(), want);
    // Colours flipped: the same size, seen from Black.
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAB1R w - - 0 1";
    let flipped = "rnbakab1r/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1";
    let red_view = |text: &str| -> i32 {
        text.lines()
            .find_map(|l| l.strip_prefix("final (red's view): "))
            .and_then(|r| r.strip_suffix(" cp"))
            .unwrap()
            .parse()
            .unwrap()
    };
    let a = red_view(&stdout_of(&["eval", "--fen", fen]));
    let b = red_view(&stdout_of(&["eval", "--fen", flipped]));
    assert!(a < -300, "Red a horse down: {a}");
    assert_eq!(a, -b);
}

#[test]
fn notation_converts_between_the_three_notations() {
    // 炮二平五 马８进７ is C2.5 H8+7 in WXF and h2e2 h9g7 in ICCS.
    let line = |from: &str, to: &str, moves: &[&str]| -> String {
        let mut args = vec!["notation", "--from", from, "--to", to];
        args.extend_from_slice(moves);
        stdout_of(&args).trim_end().to_string()
    };
    assert_eq!(
        line("iccs", "chinese", &["h2e2", "h9g7"]),
        "炮二平五 马８进７"
    );
    assert_eq!(
        line("chinese", "wxf", &["炮二平五", "马８进７"]),
        "C2.5 H8+7"
    );
    assert_eq!(line("wxf", "iccs", &["C2.5", "H8+7"]), "h2e2 h9g7");
    // An illegal move is refused.
    let bad = chariot(&["notation", "--from", "iccs", "--to", "wxf", "h2e2", "h2e2"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn rule_applies_each_rule_set() {
    // One check and one chase (Black's cannon) against a perpetual chase (Red's rook):
    // both forbidden under the Chinese rules, a draw; the Asian rules allow the check
    // and chase, and the perpetual chaser loses (the AXF book's rule 18, diagram 37).
    let fen = "4k4/4a4/4c4/9/4R4/9/2P1P4/9/9/2B1K4 b - - 0 1";
    let mut args = vec![
        "rule", "--fen", fen, "--moves", "e7c7", "e5c5", "c7e7", "c5e5",
    ];
    let text = stdout_of(&args);
    assert!(
        text.starts_with("draw (both sides attack perpetually"),
        "{text}"
    );
    args.extend(["--rules", "asian"]);
    let text = stdout_of(&args);
    assert_eq!(
        text.trim(),
        "black wins (red perpetual chase of the black cannon on e7 (长捉))"
    );
    // 第27.3条 holds for a defender only: a lone rook harassing a defenceless elephant
    // from its own half chases it.
    let fen = "5k3/4a4/4b4/9/9/9/9/4R4/9/3K5 b - - 0 1";
    let text = stdout_of(&[
        "rule", "--fen", fen, "--moves", "e7c9", "e2c2", "c9e7", "c2e2",
    ]);
    assert_eq!(
        text.trim(),
        "black wins (red perpetual chase of the black elephant on e7 (长捉))"
    );
}

#[test]
fn rule_names_the_winner_of_a_perpetual_check() {
    // Red's rook checks from e0 and f0 in turn: the third time the position stands,
    // perpetual check (长将) loses.
    let fen = "4k4/9/9/9/9/9/9/9/9/3K1R3 w - - 0 1";
    let cycle = "f0e0 e9f9 e0f0 f9e9";
    let moves = format!("{cycle} {cycle}");
    let mut args = vec!["rule", "--fen", fen, "--moves"];
    args.extend(moves.split(' '));
    let text = stdout_of(&args);
    assert!(text.starts_with("black wins"), "{text}");
    let text = stdout_of(&["rule", "--fen", fen, "--moves", "f0e0"]);
    assert!(text.starts_with("ongoing"), "{text}");
}
