//! The bounded input layer and the invalid-position state, against the built binary: a
//! line over the cap is refused whole, a refused position leaves none (so `go` answers
//! the dialect's "no move" instead of searching a stale one), `searchmoves` naming no
//! legal move searches every move, files over their cap and thread counts over the
//! maximum are refused or clamped (search threads at what the machine runs at once), and
//! `perft 0` counts the root only. Every test here
//! failed on the code before the layer (issue 54's reproducers).

use std::io::Write;
use std::process::{Command, Stdio};

use chariot::board::Position;
use chariot::input::MAX_LINE_BYTES;

use crate::common::session;

/// A `position startpos moves …` line of 209,711 moves (over 1 MiB), cycling the
/// cannons of both sides.
fn overlong_position_line() -> String {
    let cycle = ["h2e2", "h7e7", "e2h2", "e7h7"];
    let moves: Vec<&str> = (0..209_711).map(|i| cycle[i % 4]).collect();
    let line = format!("position startpos moves {}", moves.join(" "));
    assert!(line.len() > MAX_LINE_BYTES);
    line
}

/// The moves of the `bestmove` lines (not `(none)`).
fn best_moves(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .map(|rest| rest.split_whitespace().next().unwrap_or("").to_string())
        .filter(|m| m != "(none)")
        .collect()
}

fn lines_of<'a>(lines: &'a [String], prefix: &str) -> Vec<&'a str> {
    lines
        .iter()
        .map(String::as_str)
        .filter(|l| l.starts_with(prefix))
        .collect()
}

#[test]
fn an_overlong_line_is_refused_whole_and_leaves_no_position() {
    let line = overlong_position_line();
    // UCI: an error line, no move searched (the old code cut the line and played a Red
    // move with Black to move).
    let out = session(format!("uci\n{line}\ngo depth 2\nquit\n").as_bytes());
    let errors = lines_of(&out, "info string error:");
    assert!(
        errors[0].contains("longer than the 1 MiB") && errors[0].contains("ignored whole"),
        "{errors:?}"
    );
    assert!(errors[1].contains("go: no position"), "{errors:?}");
    assert!(best_moves(&out).is_empty(), "{out:?}");
    assert!(out.contains(&"bestmove (none)".to_string()), "{out:?}");
    // UCCI: the same, in its words.
    let out = session(format!("ucci\n{line}\ngo depth 2\nquit\n").as_bytes());
    assert!(out
        .iter()
        .any(|l| l.starts_with("info message error: line of ")));
    assert!(out.contains(&"nobestmove".to_string()), "{out:?}");
    assert!(best_moves(&out).is_empty(), "{out:?}");
    // CECP: an overlong `setboard` leaves the game without a position.
    let setboard = format!("setboard {}", "x".repeat(MAX_LINE_BYTES + 10));
    let out = session(format!("xboard\nprotover 2\n{setboard}\ngo\nquit\n").as_bytes());
    assert!(out
        .iter()
        .any(|l| l.starts_with("Error (line too long): setboard")));
    assert!(
        out.contains(&"Error (illegal position): go".to_string()),
        "{out:?}"
    );
    assert!(!out.iter().any(|l| l.starts_with("move ")), "{out:?}");
    // An overlong line that sets no position changes nothing: the position before it
    // is searched.
    let noise = format!("isready {}", "y".repeat(MAX_LINE_BYTES));
    let out =
        session(format!("uci\nposition startpos moves h2e2\n{noise}\ngo depth 2\n").as_bytes());
    assert!(
        !out.contains(&"readyok".to_string()),
        "none of the line is acted on"
    );
    let mut after = Position::startpos();
    after.try_play("h2e2").unwrap();
    let best = best_moves(&out);
    assert_eq!(best.len(), 1, "{out:?}");
    assert!(after.parse_move(&best[0]).is_ok(), "{best:?}");
}

#[test]
fn a_refused_position_leaves_none_in_every_dialect() {
    let bad_fen = "position fen 3k5/9/9/9/9/9/9/9/9/RRRK5 w - - 0 1";
    let bad_move = "position startpos moves h2e2 h9g7 a0a5";
    for bad in [bad_fen, bad_move] {
        let script = format!(
            "uci\nposition startpos moves h2e2\n{bad}\ngo depth 1\nd\neval\ngo perft 1\nquit\n"
        );
        let out = session(script.as_bytes());
        let errors = lines_of(&out, "info string error:");
        assert!(errors[0].contains("position refused"), "{bad}: {errors:?}");
        for what in ["go:", "d:", "eval:", "go perft:"] {
            assert!(
                errors
                    .iter()
                    .any(|e| e.contains(what) && e.contains("no position")),
                "{bad}: {what} {errors:?}"
            );
        }
        assert_eq!(best_moves(&out), Vec::<String>::new(), "{bad}: {out:?}");
        assert!(
            out.contains(&"bestmove (none)".to_string()),
            "{bad}: {out:?}"
        );
        assert!(
            !out.iter().any(|l| l.starts_with("Nodes searched")),
            "{out:?}"
        );
        // UCCI's `fen` line (UCI-Cyclone's bare form) and `position` alike.
        let bare = bad.strip_prefix("position ").unwrap();
        let script = format!("ucci\nposition startpos moves h2e2\n{bare}\ngo depth 1\nquit\n");
        let out = session(script.as_bytes());
        assert!(out.contains(&"nobestmove".to_string()), "{bad}: {out:?}");
        assert!(best_moves(&out).is_empty(), "{bad}: {out:?}");
    }
    // A move list is taken whole: after a refused one, a valid position is searched.
    let out = session(
        format!("uci\n{bad_move}\nposition startpos moves h2e2\ngo depth 1\nquit\n").as_bytes(),
    );
    let mut after = Position::startpos();
    after.try_play("h2e2").unwrap();
    let best = best_moves(&out);
    assert_eq!(best.len(), 1, "{out:?}");
    assert!(after.parse_move(&best[0]).is_ok(), "{best:?}");
    // `go infinite` with no position answers only after `stop`, with no move.
    let out = session(format!("uci\n{bad_fen}\ngo infinite\nisready\nstop\nquit\n").as_bytes());
    let ready = out.iter().position(|l| l == "readyok").unwrap();
    let none = out.iter().position(|l| l == "bestmove (none)").unwrap();
    assert!(ready < none, "{out:?}");
    // CECP: an illegal setboard, then go: an error and no move.
    let out =
        session(b"xboard\nprotover 2\nsetboard 3k5/9/9/9/9/9/9/9/9/RRRK5 w - - 0 1\ngo\nquit\n");
    assert!(
        out.contains(&"Error (illegal position): go".to_string()),
        "{out:?}"
    );
    assert!(!out.iter().any(|l| l.starts_with("move ")), "{out:?}");
}

#[test]
fn searchmoves_naming_no_legal_move_searches_every_move() {
    let out = session(b"uci\nposition startpos\ngo depth 2 searchmoves z9z9\nquit\n");
    let errors = lines_of(&out, "info string error:");
    assert!(
        errors
            .iter()
            .any(|e| e.contains("searchmoves names no legal move")),
        "{errors:?}"
    );
    let best = best_moves(&out);
    assert_eq!(best.len(), 1, "{out:?}");
    assert!(Position::startpos().parse_move(&best[0]).is_ok());
    // banmoves naming no legal move bans nothing.
    let out = session(b"ucci\nposition startpos\nbanmoves z9z9 a0a5\ngo depth 2\nquit\n");
    assert_eq!(
        lines_of(&out, "info message error: banmoves").len(),
        2,
        "{out:?}"
    );
    assert_eq!(best_moves(&out).len(), 1, "{out:?}");
}

#[test]
fn perft_zero_counts_the_root_only() {
    let out = session(b"uci\ngo perft 0\nquit\n");
    assert!(
        !out.iter().any(|l| l.len() > 4 && l.as_bytes()[4] == b':'),
        "{out:?}"
    );
    assert!(out.contains(&"Nodes searched: 1".to_string()), "{out:?}");
    let cli = Command::new(env!("CARGO_BIN_EXE_chariot"))
        .args(["perft", "0", "--divide"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&cli.stdout);
    assert!(cli.status.success());
    assert!(text.starts_with("Nodes searched: 1\n"), "{text}");
}

/// Runs the built `chariot` with `args` under `ulimit -v` of 2 GiB (so that reading an
/// endless file to its end cannot succeed): its exit code, stdout and stderr.
fn limited(args: &[&str]) -> (Option<i32>, String, String) {
    let mut command = Command::new("/bin/sh");
    command
        .args(["-c", r#"ulimit -v 2097152 || exit 99; exec "$@""#, "sh"])
        .arg(env!("CARGO_BIN_EXE_chariot"))
        .args(args)
        .stdin(Stdio::null());
    let out = command.output().expect("/bin/sh runs");
    assert_ne!(out.status.code(), Some(99), "ulimit -v must work here");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
#[cfg(target_os = "linux")]
fn endless_game_files_are_refused_past_their_cap() {
    let (code, _, stderr) = limited(&["pgn", "/dev/zero"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("'/dev/zero' is larger than 256 MiB"),
        "{stderr}"
    );
    let out = std::env::temp_dir().join(format!("chariot-bounded-{}.bin", std::process::id()));
    let (code, _, stderr) = limited(&["book", "build", "/dev/zero", "-o", out.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("'/dev/zero' is larger than 256 MiB"),
        "{stderr}"
    );
    assert!(!out.exists());
}

#[test]
fn command_line_thread_counts_are_clamped_to_the_maximum() {
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_chariot"))
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}");
        (
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (stdout, stderr) = run(&["perft", "3", "--threads", "20000"]);
    assert!(stdout.contains("Nodes searched: 79666"), "{stdout}");
    assert!(
        stderr.contains("warning: --threads 20000 is more than the most, 256; using 256"),
        "{stderr}"
    );
    // A search runs with at most the threads the machine runs at once.
    let (stdout, stderr) = run(&["analyse", "--depth", "1", "--threads", "100000"]);
    assert!(stdout.contains("best move"), "{stdout}");
    assert!(
        stderr.contains(&format!(
            "warning: --threads 100000 is more than the most, {}; using {}",
            hardware_threads(),
            hardware_threads()
        )),
        "{stderr}"
    );
}

/// The threads this machine runs at once, as the engine counts them (at most 256).
fn hardware_threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(256)
}

/// A field of `/proc/<pid>/status` (`VmHWM`, `Threads`): its number.
#[cfg(target_os = "linux")]
fn proc_status(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("/proc is read");
    let line = status
        .lines()
        .find(|l| l.starts_with(&format!("{field}:")))
        .unwrap_or_else(|| panic!("no {field} in /proc/{pid}/status"));
    line.split_whitespace()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{line}"))
}

/// `Threads 256` (and CECP's `cores 256`) on a machine that runs fewer at once: the
/// engine says so and searches with the threads it has (more would only time-share
/// the cores, each search ending late, each thread with its own move statistics). On
/// two cores the engine before the cap grew to about 1 GB and answered `go movetime
/// 50` after 0.3–0.9 s.
#[test]
#[cfg(target_os = "linux")]
fn more_search_threads_than_the_machine_runs_are_capped() {
    use std::time::Duration;
    let cap = hardware_threads();
    for script in [
        [
            "uci",
            "setoption name Threads value 256",
            "position startpos",
            "go movetime 50",
        ],
        [
            "xboard",
            "protover 2",
            "cores 256",
            "new\nforce\nst 0.05\ngo",
        ],
    ] {
        let hello = script[0];
        let mut engine = crate::common::Live::start();
        for line in script {
            engine.send(line);
        }
        let (answer, _) = engine.wait_for(
            |l| l.starts_with("bestmove") || l.starts_with("move "),
            Duration::from_secs(60),
        );
        let best = answer.split_whitespace().nth(1).unwrap_or("");
        assert!(
            Position::startpos().parse_move(best).is_ok(),
            "{hello}: {answer}"
        );
        let pid = engine.child.id();
        let (peak_kb, threads) = (proc_status(pid, "VmHWM"), proc_status(pid, "Threads"));
        let log = engine.log.join("\n");
        let warning = format!("is more than the {cap} thread");
        if cap < 256 {
            assert!(
                log.contains(&warning) && log.contains(&format!("searching with {cap} (")),
                "{hello}: {log}"
            );
        }
        // The search's helpers (cap - 1) parked, the input, search and main threads, and
        // a few the runtime keeps: nowhere near 256 on a small machine.
        assert!(
            threads <= cap as u64 + 6,
            "{hello}: {threads} threads with a cap of {cap}"
        );
        // A thread's move statistics are about 4 MB; the rest (16 MB table, the net,
        // the program) stays under 160 MB.
        let bound_kb = 160 * 1024 + 8 * 1024 * cap as u64;
        assert!(
            peak_kb < bound_kb,
            "{hello}: peak {peak_kb} kB with a cap of {cap} threads"
        );
    }
}

/// The engine's stdin closed mid-line, and a stdin that is garbage: no panic, a clean
/// exit.
#[test]
fn garbage_and_a_line_cut_by_the_end_of_input_end_cleanly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chariot"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut garbage = vec![0xffu8, 0, b'\r', 7];
    garbage.extend(std::iter::repeat_n(b'z', MAX_LINE_BYTES * 2));
    garbage.extend_from_slice(b"\nuci\nisready\nposition startpos moves h2");
    stdin.write_all(&garbage).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("readyok"), "{stdout}");
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}
