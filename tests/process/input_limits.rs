//! The largest numbers a GUI can send: `go mate` with the largest count, counters at the
//! top of their range, and a hash table larger than the engine can have. The engine
//! answers each without overflowing (CI runs these with overflow checks on) and keeps
//! working.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

/// Runs the engine over `script` and returns its output. Stdin is closed after the
/// script, or, with `until`, once a line starting with it has come (end of input stops
/// a search). The engine must end within 30 seconds.
fn session_until(script: &str, until: Option<&str>) -> String {
    session_of(Command::new(env!("CARGO_BIN_EXE_chariot")), script, until)
}

/// [`session_until`] for the engine started by `command`.
fn session_of(mut command: Command, script: &str, until: Option<&str>) -> String {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the engine starts");
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = channel();
    let reader = std::thread::spawn(move || {
        let mut all = String::new();
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            all.push_str(&line);
            all.push('\n');
            let _ = tx.send(line);
        }
        all
    });
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(script.as_bytes()).unwrap();
    stdin.flush().unwrap();
    let start = Instant::now();
    if let Some(prefix) = until {
        loop {
            let left = Duration::from_secs(30).saturating_sub(start.elapsed());
            match rx.recv_timeout(left) {
                Ok(line) if line.starts_with(prefix) => break,
                Ok(_) => {}
                Err(_) => {
                    let _ = child.kill();
                    panic!("no '{prefix}' line within 30 s of: {script}");
                }
            }
        }
    }
    drop(stdin);
    while child.try_wait().expect("wait").is_none() {
        if start.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            panic!("the engine did not end within 30 s of: {script}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let status = child.wait().expect("the engine ends");
    assert!(status.success(), "exit {status:?}");
    reader.join().expect("the reader")
}

/// [`session_until`] with stdin closed right after the script.
fn session(script: &str) -> String {
    session_until(script, None)
}

/// Red mates in one with the rook (a0a9).
const MATE_IN_ONE: &str = "4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1";

#[test]
fn go_mate_with_the_largest_count_finds_the_mate() {
    for count in ["4294967295", "2147483648", "1073741824"] {
        let out = session_until(
            &format!("uci\nposition fen {MATE_IN_ONE}\ngo mate {count}\n"),
            Some("bestmove"),
        );
        assert!(out.contains("bestmove b7b9"), "go mate {count}:\n{out}");
    }
    let out = session(&format!(
        "ucci\nposition fen {MATE_IN_ONE}\ngo depth 4294967295\nstop\n"
    ));
    assert!(out.contains("bestmove "), "{out}");
}

#[test]
fn counters_at_the_top_of_their_range_are_kept() {
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 65535 65535";
    let out = session_until(
        &format!("uci\nposition fen {fen} moves h2e2 h9g7 h0g2\nd\ngo depth 2\n"),
        Some("bestmove"),
    );
    assert!(out.contains("b - - 65535 65535"), "{out}");
    assert!(out.contains("bestmove "), "{out}");
}

/// The address space the engine is given by [`limited_session`], in KiB (4 GiB):
/// ample for the engine with its default table, too little for a table of 4 GiB or more.
const ADDRESS_SPACE_KB: u64 = 4 << 20;

/// [`session`] of the engine run with its address space limited to
/// [`ADDRESS_SPACE_KB`] (`ulimit -v`), so that a large table cannot be had whatever
/// memory the machine has free: where the system reports less free memory than the
/// table needs the engine refuses it before allocating, elsewhere the allocator
/// refuses it.
fn limited_session(script: &str) -> String {
    let mut command = Command::new("sh");
    command.args([
        "-c",
        r#"ulimit -v "$1" && exec "$0""#,
        env!("CARGO_BIN_EXE_chariot"),
        &ADDRESS_SPACE_KB.to_string(),
    ]);
    session_of(command, script, None)
}

#[test]
#[cfg(unix)]
fn a_table_larger_than_the_engine_can_have_is_refused_and_the_old_one_kept() {
    // The largest Hash, and one the machine may well have free (8 GiB) but the limit
    // does not allow.
    for mb in [65536, 8192] {
        let out = limited_session(&format!(
            "uci\nsetoption name Hash value {mb}\nisready\ngo depth 3\n"
        ));
        let error = out
            .lines()
            .find(|l| l.starts_with("info string error:"))
            .unwrap_or_else(|| panic!("no error line for {mb} MB:\n{out}"));
        assert!(
            error.contains(&format!("{mb} MB")) && error.contains("keeping the 16 MB table"),
            "{error}"
        );
        assert!(out.contains("readyok"), "{out}");
        assert!(out.contains("bestmove "), "{out}");
    }
    // UCCI says it in its own words.
    let out = limited_session("ucci\nsetoption hashsize 65536\nisready\n");
    assert!(
        out.lines()
            .any(|l| l.starts_with("info message error:") && l.contains("keeping")),
        "{out}"
    );
    // Within the limit, a larger table than the default is had: the limit is what
    // refused the others.
    let out = limited_session("uci\nsetoption name Hash value 64\nisready\n");
    assert!(!out.contains("error"), "{out}");
    assert!(out.contains("readyok"), "{out}");
}

#[test]
#[cfg(not(unix))]
fn a_table_larger_than_the_engine_can_have_is_refused_and_the_old_one_kept() {
    eprintln!(
        "note: no `ulimit -v` here to limit the engine's memory; \
         the refusal of a table is not checked"
    );
}

#[test]
fn an_endless_book_file_is_refused_at_once() {
    // `/dev/zero` never ends: the engine must not read it to the end (it would run out
    // of memory) but refuse it with one error line, quickly, and play on without a book.
    if !std::path::Path::new("/dev/zero").exists() {
        eprintln!("note: no /dev/zero; not checked here");
        return;
    }
    let start = Instant::now();
    let out = session(
        "uci\nsetoption name OwnBook value true\nsetoption name BookFile value /dev/zero\n\
         isready\nposition startpos\ngo depth 2\n",
    );
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "took {:?}",
        start.elapsed()
    );
    let error = out
        .lines()
        .find(|l| l.starts_with("info string error:"))
        .unwrap_or_else(|| panic!("no error line:\n{out}"));
    assert!(
        error.contains("/dev/zero")
            && error.contains("not a Chariot book")
            && error.contains("playing without a book"),
        "{error}"
    );
    assert!(out.contains("readyok"), "{out}");
    assert!(out.contains("bestmove "), "{out}");
    assert!(!out.contains("book move"), "{out}");
}

#[test]
fn threads_that_cannot_be_started_are_an_error_line_and_fewer_threads() {
    // 256 threads of 16 MiB stacks do not fit in 1-2 GiB of address space (ulimit -v): the
    // helpers that cannot be started are told in one error line a search, and the search goes
    // on with those that could. Several limits, and the allocator allowed an arena for
    // each of 64 threads (as on a machine of 8 cores or more): with the room for the
    // searches' tables not set aside when the threads started, some of these ended the
    // process on a failed allocation.
    if !std::path::Path::new("/bin/sh").exists() {
        eprintln!("note: no /bin/sh; not checked here");
        return;
    }
    for (limit_kib, arenas) in [
        (2_097_152, None),
        (1_150_000, Some("64")),
        (1_600_000, Some("64")),
        (2_950_000, Some("64")),
    ] {
        threads_refused_under(limit_kib, arenas);
    }
}

fn threads_refused_under(limit_kib: u32, arenas: Option<&str>) {
    let script = "uci\nsetoption name Threads value 256\nposition startpos\ngo depth 3\nisready\n";
    let mut command = Command::new("/bin/sh");
    command.args([
        "-c",
        &format!("ulimit -v {limit_kib} || exit 99; exec \"$0\""),
        env!("CARGO_BIN_EXE_chariot"),
    ]);
    // All 256 threads asked for, whatever this machine runs at once.
    command.env(chariot::input::THREAD_CAP_VAR, "256");
    if let Some(arenas) = arenas {
        command.env("MALLOC_ARENA_MAX", arenas);
    }
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the shell starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let start = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("the engine did not end within 60 s");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let output = child.wait_with_output().expect("the engine ends");
    if output.status.code() == Some(99) {
        eprintln!("note: this shell cannot set ulimit -v; not checked here");
        return;
    }
    let at = format!("ulimit -v {limit_kib}, MALLOC_ARENA_MAX {arenas:?}");
    let out = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "{at}: exit {:?}: {stderr}",
        output.status
    );
    assert!(!stderr.contains("panicked"), "{at}: {stderr}");
    let errors: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("info string error: cannot start search thread"))
        .collect();
    assert_eq!(errors.len(), 1, "{at}: one line a search: {out}");
    assert!(
        errors[0].contains("of 256") && errors[0].contains("; searching with "),
        "{at}: {}",
        errors[0]
    );
    assert!(out.contains("readyok"), "{at}: {out}");
    assert_eq!(out.matches("bestmove ").count(), 1, "{at}: {out}");
}

#[test]
fn stop_and_quit_end_a_perft_or_bench_that_would_never_finish() {
    // Everything arrives at once: `stop` must not wait for `go perft 64`, and `quit`
    // must not wait for `bench 64`.
    let out = session("uci\ngo perft 64\nstop\nisready\nbench 64\nquit\n");
    assert!(out.contains("info string perft 64 stopped"), "{out}");
    assert!(out.contains("readyok"), "{out}");
    assert!(out.contains("info string bench stopped"), "{out}");
    assert!(!out.contains("Nodes searched"), "{out}");
    // UCCI: a stopped count answers `nobestmove`, as `stop` does when idle.
    let out = session("ucci\ngo perft 64\nstop\nquit\n");
    assert!(out.contains("info message perft 64 stopped"), "{out}");
    assert!(out.contains("nobestmove"), "{out}");
    assert!(out.trim_end().ends_with("bye"), "{out}");
    // A script's counts still run to the end, in order, with the Threads option.
    let out = session("uci\nsetoption name Threads value 2\ngo perft 3\nposition fen 3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1\ngo perft 1\n");
    let totals: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("Nodes searched: "))
        .collect();
    assert_eq!(totals, ["79666", "1"], "{out}");
    assert!(out.contains("(2 threads)"), "{out}");
}
