//! The largest numbers a GUI can send: `go mate` with the largest count, counters at the
//! top of their range, and a hash table larger than the machine. The engine answers each
//! without overflowing (CI runs these with overflow checks on) and keeps working.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs the engine over `script` (stdin closed at the end) and returns its output.
fn session(script: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chariot"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the engine starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = child.wait_with_output().expect("the engine ends");
    assert!(
        out.status.success(),
        "exit {:?}: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Red mates in one with the rook (a0a9).
const MATE_IN_ONE: &str = "4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1";

#[test]
fn go_mate_with_the_largest_count_finds_the_mate() {
    for count in ["4294967295", "2147483648", "1073741824"] {
        let out = session(&format!(
            "uci\nposition fen {MATE_IN_ONE}\ngo mate {count}\nisready\n"
        ));
        assert!(out.contains("bestmove b7b9"), "go mate {count}:\n{out}");
    }
    let out = session(&format!(
        "ucci\nposition fen {MATE_IN_ONE}\ngo depth 4294967295\n"
    ));
    assert!(out.contains("bestmove "), "{out}");
}

#[test]
fn counters_at_the_top_of_their_range_are_kept() {
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 65535 65535";
    let out = session(&format!(
        "uci\nposition fen {fen} moves h2e2 h9g7 h0g2\nd\ngo depth 2\n"
    ));
    assert!(out.contains("b - - 65535 65535"), "{out}");
    assert!(out.contains("bestmove "), "{out}");
}

/// `MemAvailable` in MB, where the system says.
fn available_mb() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    Some(line.split_whitespace().nth(1)?.parse::<u64>().ok()? / 1024)
}

#[test]
fn a_table_larger_than_the_machine_is_refused_and_the_old_one_kept() {
    let Some(available) = available_mb() else {
        eprintln!("note: no /proc/meminfo; the refusal is not checked here");
        return;
    };
    if available >= 65536 {
        eprintln!("note: {available} MB available; a 64 GiB table fits, nothing to refuse");
        return;
    }
    let out = session("uci\nsetoption name Hash value 65536\nisready\ngo depth 3\n");
    let error = out
        .lines()
        .find(|l| l.starts_with("info string error:"))
        .unwrap_or_else(|| panic!("no error line:\n{out}"));
    assert!(
        error.contains("65536 MB") && error.contains("keeping the 16 MB table"),
        "{error}"
    );
    assert!(out.contains("readyok"), "{out}");
    assert!(out.contains("bestmove "), "{out}");
    // UCCI says it in its own words.
    let out = session("ucci\nsetoption hashsize 65536\nisready\n");
    assert!(
        out.lines()
            .any(|l| l.starts_with("info message error:") && l.contains("keeping")),
        "{out}"
    );
}
