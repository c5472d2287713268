//! Live protocol sessions against the built binary, as a GUI drives it: the engine
//! keeps running while the test sends commands and waits for answers with deadlines.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use chariot::board::{Move, Position};

struct Session {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    log: Vec<String>,
}

impl Session {
    fn start() -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chariot"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the engine starts");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Session {
            child,
            stdin,
            lines: rx,
            log: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    /// Waits for a line matching `pred`; returns it and how long it took.
    fn wait_for(&mut self, pred: impl Fn(&str) -> bool, timeout: Duration) -> (String, Duration) {
        let start = Instant::now();
        loop {
            let left = timeout.checked_sub(start.elapsed()).unwrap_or_default();
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.log.push(line.clone());
                    if pred(&line) {
                        return (line, start.elapsed());
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!("timed out after {timeout:?}; got:\n{}", self.log.join("\n"))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("engine exited; got:\n{}", self.log.join("\n"))
                }
            }
        }
    }

    fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// Waits for the process to exit; true when it did within `timeout`.
    fn exits_within(&mut self, timeout: Duration) -> bool {
        let start = Instant::now();
        while start.elapsed() < timeout {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.success();
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        false
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn starts(prefix: &'static str) -> impl Fn(&str) -> bool {
    move |l: &str| l.starts_with(prefix)
}

/// Checks a `bestmove` line against `pos`: the move and the ponder move are legal.
fn check_bestmove(pos: &Position, line: &str) -> Move {
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words[0], "bestmove", "{line}");
    let mv = pos
        .parse_move(words[1])
        .unwrap_or_else(|e| panic!("{line}: {e}"));
    if let Some(i) = words.iter().position(|&w| w == "ponder") {
        let mut after = pos.clone();
        after.make_move(mv);
        after
            .parse_move(words[i + 1])
            .unwrap_or_else(|e| panic!("{line}: ponder {e}"));
    }
    mv
}

/// Every `pv` in the session's `info` lines is a legal line from `pos`.
fn check_pvs(pos: &Position, log: &[String]) {
    for line in log
        .iter()
        .filter(|l| l.starts_with("info") && l.contains(" pv "))
    {
        let pv = line.split(" pv ").nth(1).unwrap();
        let mut p = pos.clone();
        for m in pv.split_whitespace() {
            p.try_play(m).unwrap_or_else(|e| panic!("{line}: {e}"));
        }
    }
}

const SECOND: Duration = Duration::from_secs(1);

#[test]
fn uci_game_flow_with_clock_and_movetime() {
    let mut s = Session::start();
    s.send("uci");
    s.wait_for(|l| l == "uciok", SECOND * 5);
    for name in [
        "Threads",
        "Hash",
        "Clear Hash",
        "Ponder",
        "MultiPV",
        "Move Overhead",
        "UCI_Variant",
    ] {
        assert!(
            s.log
                .iter()
                .any(|l| l.starts_with(&format!("option name {name} type"))),
            "{name}"
        );
    }
    s.send("setoption name Hash value 8");
    s.send("ucinewgame");
    s.send("isready");
    s.wait_for(|l| l == "readyok", SECOND * 5);
    s.send("position startpos moves h2e2 h9g7");
    let mut pos = Position::startpos();
    pos.try_play("h2e2").unwrap();
    pos.try_play("h9g7").unwrap();
    s.send("go wtime 3000 btime 3000 winc 100 binc 100");
    let (line, took) = s.wait_for(starts("bestmove"), SECOND * 5);
    assert!(took < Duration::from_millis(2_000), "{took:?}");
    check_bestmove(&pos, &line);
    s.send("go movetime 500");
    let (line, took) = s.wait_for(starts("bestmove"), SECOND * 5);
    assert!(
        took < Duration::from_millis(600),
        "movetime 500 answered after {took:?}"
    );
    check_bestmove(&pos, &line);
    assert!(s
        .log
        .iter()
        .any(|l| l.contains("score cp") && l.contains("tbhits 0") && l.contains("hashfull")));
    check_pvs(&pos, &s.log);
}

#[test]
fn ucci_go_time_is_honoured_and_stop_is_fast() {
    let mut s = Session::start();
    s.send("ucci");
    s.wait_for(|l| l == "ucciok", SECOND * 5);
    assert!(s
        .log
        .iter()
        .any(|l| l == "option usemillisec type check default true"));
    s.send("position startpos");
    s.send("go time 1000 increment 0");
    let (line, took) = s.wait_for(starts("bestmove"), SECOND * 5);
    assert!(
        took < Duration::from_millis(1_100),
        "go time 1000 answered after {took:?}"
    );
    check_bestmove(&Position::startpos(), &line);
    // Seconds when usemillisec is off.
    s.send("setoption usemillisec false");
    s.send("go time 1 increment 0");
    let (_, took) = s.wait_for(starts("bestmove"), SECOND * 5);
    assert!(took < Duration::from_millis(1_100), "{took:?}");
    // stop during an infinite search answers at once.
    s.send("go depth infinite");
    std::thread::sleep(Duration::from_millis(300));
    s.send("isready");
    let (_, took) = s.wait_for(|l| l == "readyok", SECOND);
    assert!(
        took < Duration::from_millis(100),
        "isready while thinking took {took:?}"
    );
    s.send("stop");
    let (line, took) = s.wait_for(starts("bestmove"), SECOND);
    assert!(
        took < Duration::from_millis(50),
        "stop answered after {took:?}"
    );
    check_bestmove(&Position::startpos(), &line);
    // stop while idle.
    s.send("stop");
    s.wait_for(|l| l == "nobestmove", SECOND);
    s.send("quit");
    s.wait_for(|l| l == "bye", SECOND);
    assert!(s.exits_within(SECOND));
}

#[test]
fn ucci_ponder_hit_and_miss() {
    // The UCCI 3.0 ponder flow: go ponder → ponderhit → bestmove; and the miss: stop.
    let mut s = Session::start();
    s.send("ucci");
    s.wait_for(|l| l == "ucciok", SECOND * 5);
    s.send("position startpos moves h2e2 h9g7");
    s.send("go ponder time 2000 increment 0");
    std::thread::sleep(Duration::from_millis(400));
    // While pondering the clock does not run: no bestmove yet.
    assert!(
        !s.lines.try_iter().any(|l| l.starts_with("bestmove")),
        "bestmove while pondering"
    );
    s.send("ponderhit");
    let (line, took) = s.wait_for(starts("bestmove"), SECOND * 3);
    assert!(took < Duration::from_millis(2_000), "{took:?}");
    let mut pos = Position::startpos();
    pos.try_play("h2e2").unwrap();
    pos.try_play("h9g7").unwrap();
    check_bestmove(&pos, &line);
    // Miss: the opponent played something else; the GUI stops the ponder search.
    s.send("go ponder time 2000 increment 0");
    std::thread::sleep(Duration::from_millis(200));
    s.send("stop");
    let (line, took) = s.wait_for(starts("bestmove"), SECOND);
    assert!(took < Duration::from_millis(50), "{took:?}");
    check_bestmove(&pos, &line);
    s.send("position startpos moves h2e2 h9g7 b0c2");
    s.send("go time 500 increment 0");
    let (line, _) = s.wait_for(starts("bestmove"), SECOND * 3);
    pos.try_play("b0c2").unwrap();
    check_bestmove(&pos, &line);
}

#[test]
fn banmoves_are_honoured() {
    let mut s = Session::start();
    s.send("ucci");
    s.wait_for(|l| l == "ucciok", SECOND * 5);
    let pos = Position::startpos();
    let moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    // Ban all but one move: that one must be played.
    let keep = "a3a4";
    let banned: Vec<&str> = moves
        .iter()
        .map(String::as_str)
        .filter(|&m| m != keep)
        .collect();
    s.send("position startpos");
    s.send(&format!("banmoves {}", banned.join(" ")));
    s.send("go depth 4");
    let (line, _) = s.wait_for(starts("bestmove"), SECOND * 5);
    assert_eq!(check_bestmove(&pos, &line).to_string(), keep);
    // A new position clears the bans.
    s.send("position startpos");
    s.send("banmoves a3a4");
    s.send("go depth 3");
    let (line, _) = s.wait_for(starts("bestmove"), SECOND * 5);
    assert_ne!(check_bestmove(&pos, &line).to_string(), "a3a4");
}

#[test]
fn quit_and_eof_while_thinking_end_the_engine() {
    let mut s = Session::start();
    s.send("ucci");
    s.send("go depth infinite");
    std::thread::sleep(Duration::from_millis(200));
    s.send("quit");
    s.wait_for(|l| l == "bye", SECOND);
    assert!(s.exits_within(SECOND));

    let mut s = Session::start();
    s.send("uci");
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    s.close_stdin();
    assert!(s.exits_within(SECOND), "EOF while thinking");
}

#[test]
fn multipv_lines_are_distinct_and_legal() {
    let mut s = Session::start();
    s.send("uci");
    s.send("setoption name MultiPV value 3");
    s.send("go depth 5");
    s.wait_for(starts("bestmove"), SECOND * 10);
    let last_depth: Vec<&String> = s
        .log
        .iter()
        .filter(|l| l.starts_with("info depth 5 ") && l.contains("multipv"))
        .collect();
    assert_eq!(last_depth.len(), 3, "{last_depth:#?}");
    let firsts: Vec<&str> = last_depth
        .iter()
        .map(|l| l.split(" pv ").nth(1).unwrap().split(' ').next().unwrap())
        .collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    check_pvs(&Position::startpos(), &s.log);
}

#[test]
fn no_legal_move_and_go_before_position() {
    let mut s = Session::start();
    s.send("ucci");
    s.send("position fen 3nkn3/4R4/9/p7p/1c7/2p6/P7P/9/9/1N2K4 b - - 0 1");
    s.send("go depth 3");
    s.wait_for(|l| l == "nobestmove", SECOND * 2);
    let mut s = Session::start();
    s.send("uci");
    s.send("position fen 3nkn3/4R4/9/p7p/1c7/2p6/P7P/9/9/1N2K4 b - - 0 1");
    s.send("go depth 3");
    s.wait_for(|l| l == "bestmove (none)", SECOND * 2);
    // go without any position: the start position.
    let mut s = Session::start();
    s.send("uci");
    s.send("go depth 3");
    let (line, _) = s.wait_for(starts("bestmove"), SECOND * 5);
    check_bestmove(&Position::startpos(), &line);
}

#[test]
fn a_flood_of_commands_is_answered_in_order() {
    let mut s = Session::start();
    s.send("uci");
    for i in 0..2000 {
        s.send(if i % 3 == 0 {
            "garbage command"
        } else {
            "isready"
        });
    }
    s.send("go depth 2");
    s.wait_for(starts("bestmove"), SECOND * 10);
    let ready = s.log.iter().filter(|l| *l == "readyok").count();
    assert_eq!(ready, 1333);
}

#[test]
fn extensions_and_probe() {
    let mut s = Session::start();
    s.send("ucci");
    s.send("position startpos moves h2e2");
    s.send("d");
    s.wait_for(starts("Key:"), SECOND);
    assert!(s.log.iter().any(
        |l| l.starts_with("Fen: rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b")
    ));
    s.send("eval");
    s.wait_for(starts("final (side to move"), SECOND);
    s.send("go depth 4");
    s.wait_for(starts("bestmove"), SECOND * 5);
    s.send("probe startpos moves h2e2");
    let (line, _) = s.wait_for(starts("pophash"), SECOND);
    assert!(
        line.contains("bestmove") && line.contains("depth"),
        "{line}"
    );
    s.send("bench 2");
    let (line, _) = s.wait_for(
        |l| l.ends_with(" nps") && l.contains(" nodes "),
        SECOND * 30,
    );
    assert!(line.split(' ').next().unwrap().parse::<u64>().unwrap() > 0);
}

#[test]
fn bad_eval_file_is_refused_and_the_engine_keeps_its_net() {
    let bad = std::env::temp_dir().join(format!("chariot-bad-{}.nnue", std::process::id()));
    std::fs::write(&bad, b"CHNN not a network").unwrap();
    let mut s = Session::start();
    s.send("uci");
    s.wait_for(|l| l == "uciok", SECOND * 5);
    assert!(s
        .log
        .iter()
        .any(|l| l == "option name EvalFile type string default <embedded>"));
    assert!(s
        .log
        .iter()
        .any(|l| l == "option name Use NNUE type check default true"));
    s.send("eval");
    let (before, _) = s.wait_for(starts("NNUE"), SECOND * 5);
    s.send(&format!("setoption name EvalFile value {}", bad.display()));
    let (line, _) = s.wait_for(starts("info string error"), SECOND * 5);
    assert!(
        line.contains("EvalFile") && line.contains(&bad.display().to_string()),
        "{line}"
    );
    assert!(line.contains("truncated"), "{line}");
    s.send("setoption name EvalFile value /nonexistent/dir/x.nnue");
    let (line, _) = s.wait_for(starts("info string error"), SECOND * 5);
    assert!(
        line.contains("x.nnue") && line.contains("cannot read"),
        "{line}"
    );
    s.send("eval");
    let (after, _) = s.wait_for(starts("NNUE"), SECOND * 5);
    assert!(after.contains("in use"), "{after}");
    assert_eq!(before, after, "the net was kept");
    s.send("position startpos moves h2e2");
    s.send("go depth 5");
    let (line, _) = s.wait_for(starts("bestmove"), SECOND * 10);
    let mut pos = Position::startpos();
    pos.try_play("h2e2").unwrap();
    check_bestmove(&pos, &line);
    let _ = std::fs::remove_file(&bad);

    // UCCI spells it `evalfile`, with `info message error`.
    let mut u = Session::start();
    u.send("ucci");
    u.wait_for(|l| l == "ucciok", SECOND * 5);
    assert!(u
        .log
        .iter()
        .any(|l| l == "option usennue type check default true"));
    u.send("setoption evalfile /nonexistent/y.nnue");
    let (line, _) = u.wait_for(starts("info message error"), SECOND * 5);
    assert!(line.contains("y.nnue"), "{line}");
    u.send("position startpos");
    u.send("go depth 3");
    let (line, _) = u.wait_for(starts("bestmove"), SECOND * 10);
    check_bestmove(&Position::startpos(), &line);
}

#[test]
fn use_nnue_off_gives_the_hce_bench_signature() {
    use chariot::search::bench;
    let depth = 4;
    let hce = bench::run(depth, None, |_, _, _| {}).0;
    let net = chariot::eval::nnue::embedded().expect("a valid embedded net");
    let nnue = bench::run(depth, Some(net), |_, _, _| {}).0;
    let mut s = Session::start();
    s.send("uci");
    let bench_nodes = |s: &mut Session| -> u64 {
        s.send(&format!("bench {depth}"));
        let (line, _) = s.wait_for(
            |l| l.ends_with(" nps") && l.contains(" nodes "),
            SECOND * 60,
        );
        line.split(' ').next().unwrap().parse().unwrap()
    };
    assert_eq!(bench_nodes(&mut s), nnue, "NNUE is the default");
    s.send("setoption name Use NNUE value false");
    assert_eq!(bench_nodes(&mut s), hce, "Use NNUE false: the HCE");
    s.send("eval");
    let (line, _) = s.wait_for(starts("NNUE"), SECOND * 5);
    assert!(line.contains("off"), "{line}");
    s.send("setoption name Use NNUE value true");
    assert_eq!(bench_nodes(&mut s), nnue);
}

#[test]
fn searchmoves_errors_are_reported_and_the_rest_searched() {
    let mut s = Session::start();
    s.send("uci");
    s.wait_for(|l| l == "uciok", SECOND * 5);
    s.send("position startpos");
    s.send("go depth 2 searchmoves h2e2 xyz a0a5");
    let (line, _) = s.wait_for(starts("bestmove"), SECOND * 5);
    assert!(
        line == "bestmove h2e2" || line.starts_with("bestmove h2e2 ponder "),
        "{line}"
    );
    s.send("go depth 2 searchmoves zz");
    s.wait_for(starts("bestmove"), SECOND * 5);
    let answers: Vec<&str> = s
        .log
        .iter()
        .map(String::as_str)
        .filter(|l| l.starts_with("info string error") || l.starts_with("bestmove"))
        .collect();
    assert_eq!(
        answers[..2],
        [
            "info string error: searchmoves: 'xyz' is not a move in ICCS coordinates (like h2e2)",
            "info string error: searchmoves: a0a5 is not a legal move in this position",
        ]
    );
    assert_eq!(
        answers[3..],
        [
            "info string error: searchmoves: 'zz' is not a move in ICCS coordinates (like h2e2)",
            "info string error: every legal move is banned or excluded",
            "bestmove (none)",
        ]
    );
}
