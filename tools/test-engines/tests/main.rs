//! The test engine itself: `fake-engine` answers the handshake of both protocols and
//! plays a legal move. (Having a test also makes `cargo test --workspace` build the
//! binary, which the tourney's tests play.)

use std::io::Write;
use std::process::{Command, Stdio};

use chariot::board::Position;

/// Runs `fake-engine --seed 1` with `input` on its standard input; returns its output.
fn converse(input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fake-engine"))
        .args(["--seed", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("fake-engine starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "fake-engine exited with {}",
        out.status
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The move of the output's `bestmove` line.
fn best_move(out: &str) -> String {
    let line = out
        .lines()
        .find(|l| l.starts_with("bestmove "))
        .unwrap_or_else(|| panic!("no bestmove in:\n{out}"));
    line.split_whitespace().nth(1).unwrap().to_string()
}

#[test]
fn answers_both_handshakes_and_plays_a_legal_move() {
    let ucci = converse("ucci\nisready\nposition startpos\ngo depth 1\nquit\n");
    assert!(ucci.lines().any(|l| l == "ucciok"), "{ucci}");
    assert!(ucci.lines().any(|l| l == "readyok"), "{ucci}");
    let uci = converse("uci\nisready\nposition startpos\ngo depth 1\nquit\n");
    assert!(uci.lines().any(|l| l == "uciok"), "{uci}");
    let mv = best_move(&ucci);
    assert!(
        Position::startpos().parse_move(&mv).is_ok(),
        "{mv} is not a legal first move:\n{ucci}"
    );
    best_move(&uci);
}
