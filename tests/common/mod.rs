//! Shared by the integration tests: a small deterministic generator (xorshift64*),
//! the one reader of the perft suite, `tests/data/perft.epd`, a one-shot session with
//! the built engine, and a live one ([`Live`]).

// Each test binary uses only some of these.
#![allow(dead_code)]

/// The perft suite: `<FEN> ;D1 <n> ;D2 <n> ...` per line, `#` comments.
const PERFT_SUITE: &str = include_str!("../data/perft.epd");

/// One position of the perft suite with its leaf counts.
pub struct PerftCase {
    pub fen: String,
    /// `(depth, leaves)`, shallowest first.
    pub counts: Vec<(u32, u64)>,
}

/// Every position of the perft suite, in file order.
///
/// # Panics
/// When a line of the suite is malformed.
pub fn perft_cases() -> Vec<PerftCase> {
    PERFT_SUITE
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            let mut fields = line.split(';');
            let fen = fields.next().expect("a FEN").trim().to_string();
            let counts = fields
                .map(|field| {
                    let mut words = field.split_whitespace();
                    let depth = words.next().expect("Dn")[1..].parse().expect("depth");
                    let nodes = words.next().expect("count").parse().expect("count");
                    (depth, nodes)
                })
                .collect();
            PerftCase { fen, counts }
        })
        .collect()
}

/// The FENs of the perft suite, in file order.
pub fn perft_fens() -> Vec<String> {
    perft_cases().into_iter().map(|case| case.fen).collect()
}

/// Fixed-seed pseudo-random numbers, the same sequence on every run.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Runs the built engine on `input` (stdin closed afterwards) and returns its stdout lines.
pub fn session(input: &[u8]) -> Vec<String> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_chariot"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the engine starts");
    child.stdin.take().unwrap().write_all(input).unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "exit status {:?}", output.status);
    assert!(
        output.stderr.is_empty(),
        "stderr: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// A live engine: lines sent as the test goes, its stdout read on a thread and answers
/// awaited with deadlines (every line read is kept in `log`). Killed when dropped.
pub struct Live {
    pub child: std::process::Child,
    pub stdin: Option<std::process::ChildStdin>,
    pub lines: std::sync::mpsc::Receiver<String>,
    pub log: Vec<String>,
}

impl Live {
    /// Starts the built engine.
    pub fn start() -> Live {
        use std::io::BufRead;
        use std::process::{Command, Stdio};
        // The engine's own cap on search threads, not one the caller's environment set.
        let mut child = Command::new(env!("CARGO_BIN_EXE_chariot"))
            .env_remove(chariot::input::THREAD_CAP_VAR)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the engine starts");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Live {
            child,
            stdin,
            lines: rx,
            log: Vec::new(),
        }
    }

    pub fn send(&mut self, line: &str) {
        use std::io::Write;
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    /// The next line, or `None` after `timeout`.
    pub fn next_within(&mut self, timeout: std::time::Duration) -> Option<String> {
        use std::sync::mpsc::RecvTimeoutError;
        match self.lines.recv_timeout(timeout) {
            Ok(line) => {
                self.log.push(line.clone());
                Some(line)
            }
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => {
                panic!("engine exited; got:\n{}", self.log.join("\n"))
            }
        }
    }

    /// Closes the engine's standard input (end of input).
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// Waits for the process to exit; true when it did, successfully, within `timeout`.
    pub fn exits_within(&mut self, timeout: std::time::Duration) -> bool {
        let start = std::time::Instant::now();
        while start.elapsed() < timeout {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.success();
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        false
    }

    /// Waits for a line matching `pred`; returns it and how long it took.
    pub fn wait_for(
        &mut self,
        pred: impl Fn(&str) -> bool,
        timeout: std::time::Duration,
    ) -> (String, std::time::Duration) {
        let start = std::time::Instant::now();
        loop {
            let left = timeout.checked_sub(start.elapsed()).unwrap_or_default();
            match self.next_within(left) {
                Some(line) if pred(&line) => return (line, start.elapsed()),
                Some(_) => {}
                None => panic!("timed out after {timeout:?}; got:\n{}", self.log.join("\n")),
            }
        }
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
