//! Shared by the integration tests: a small deterministic generator (xorshift64*),
//! the one reader of the perft suite, `tests/data/perft.epd`, and a one-shot session
//! with the built engine.

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
