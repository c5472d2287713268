//! The whole line protocol, one dialect an input: the first byte picks UCI, UCCI or CECP
//! (its value mod 3), the rest is lines (lossy UTF-8) handed to an `Engine` of that
//! dialect, `go`, `usermove` and `analyze` included. After each line the engine is
//! settled (`Engine::settle`: whatever runs is stopped and answered), and every move it
//! printed is checked:
//!
//! * UCI/UCCI `bestmove X [ponder Y]`: X is legal in the position the engine held when
//!   the line came, and Y is legal after X;
//! * CECP `move X`: X is legal in the game's position when the line came, or after the
//!   line's own move (`usermove`, a bare move), or after `undo`/`remove` (one or two
//!   plies back), or at the start position (`new`).
//!
//! Skipped: `setoption` of the hash size (up to 64 GiB), of `Threads` (hundreds of
//! threads a line), of `EvalFile`/`BookFile` (files), `bench` (a long count), and CECP's
//! `memory`/`cores`. One engine per dialect lives for the whole process with `Hash` 1;
//! each input starts with a fresh position (`position startpos`, CECP `new` + `force`).
//!
//! Run: `cd fuzz && CHARIOT_FUZZ_DIALECT=ucci RUSTC_BOOTSTRAP=1 cargo fuzz run protocol --
//! -max_total_time=1800` (`uci`, `ucci` or `xboard`: that dialect only; unset, the first
//! byte picks it).
#![no_main]

use std::cell::RefCell;
use std::io::Write;
use std::sync::{Arc, Mutex};

use chariot::board::Position;
use chariot::protocol::Engine;
use libfuzzer_sys::fuzz_target;

/// What the engine writes, kept for the checks.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Shared {
    fn take(&self) -> String {
        let bytes = std::mem::take(&mut *self.0.lock().unwrap());
        String::from_utf8_lossy(&bytes).into_owned()
    }
}

const HELLO: [&str; 3] = ["uci", "ucci", "xboard\nprotover 2"];

thread_local! {
    static ENGINES: RefCell<Vec<(Engine, Shared)>> = RefCell::new(
        HELLO
            .iter()
            .map(|hello| {
                let out = Shared::default();
                let mut engine = Engine::new(out.clone());
                for line in hello.lines() {
                    engine.handle(line);
                }
                if !hello.starts_with("xboard") {
                    engine.handle("setoption name Hash value 1");
                }
                out.take();
                (engine, out)
            })
            .collect(),
    );
}

/// Whether `line` must not reach the engine here.
fn skipped(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    match words.first() {
        Some(&"setoption") => ["hash", "threads", "evalfile", "bookfile", "bookfiles"]
            .iter()
            .any(|w| words.contains(w)),
        Some(&"bench") | Some(&"memory") | Some(&"cores") | Some(&"quit") | Some(&"bye") => true,
        _ => false,
    }
}

/// Every `bestmove` (UCI, UCCI) in `out` is legal in `before`, its ponder move after it.
fn check_bestmoves(out: &str, before: Option<&Position>, line: &str) {
    for reply in out.lines() {
        let Some(rest) = reply.strip_prefix("bestmove ") else {
            continue;
        };
        let mut words = rest.split_whitespace();
        let best = words.next().unwrap_or("");
        if best == "(none)" {
            continue;
        }
        let pos = before.unwrap_or_else(|| panic!("bestmove {best} with no position: {line}"));
        let mv = pos
            .parse_move(best)
            .unwrap_or_else(|e| panic!("bestmove {best} illegal ({e}) after {line:?} in {pos}"));
        if words.next() == Some("ponder") {
            let ponder = words.next().unwrap_or("");
            let mut after = pos.clone();
            after.make_move(mv);
            assert!(
                after.parse_move(ponder).is_ok(),
                "ponder {ponder} illegal after {best} in {pos}"
            );
        }
    }
}

/// The positions a CECP engine may move from after `line`, given the game's `before`.
fn cecp_roots(before: Option<&Position>, line: &str) -> Vec<Position> {
    let mut roots = vec![Position::startpos()];
    if let Some(pos) = before {
        roots.push(pos.clone());
        // The line's own move: any of its words (CECP reads `usermove h2e2`, a bare
        // `h2e2`, and words split by any white space).
        for word in line.split_whitespace() {
            if let Ok(mv) = pos.parse_move(word) {
                let mut after = pos.clone();
                after.make_move(mv);
                roots.push(after);
            }
        }
        let mut back = pos.clone();
        for _ in 0..2 {
            if back.history().is_empty() {
                break;
            }
            back.unmake_move();
            roots.push(back.clone());
        }
    }
    roots
}

fn check_cecp_moves(out: &str, before: Option<&Position>, line: &str) {
    for reply in out.lines() {
        let Some(text) = reply.strip_prefix("move ") else {
            continue;
        };
        let roots = cecp_roots(before, line);
        assert!(
            roots.iter().any(|p| p.parse_move(text.trim()).is_ok()),
            "move {text} legal in no position the game could be in after {line:?}"
        );
    }
}

/// The dialect `CHARIOT_FUZZ_DIALECT` fixes (`uci`, `ucci`, `xboard`), if any.
fn fixed_dialect() -> Option<usize> {
    static FIXED: std::sync::OnceLock<Option<usize>> = std::sync::OnceLock::new();
    *FIXED.get_or_init(|| {
        let name = std::env::var("CHARIOT_FUZZ_DIALECT").ok()?;
        ["uci", "ucci", "xboard"].iter().position(|d| *d == name)
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let dialect = fixed_dialect().unwrap_or(usize::from(pick % 3));
    let text = String::from_utf8_lossy(rest);
    ENGINES.with(|engines| {
        let mut engines = engines.borrow_mut();
        let (engine, out) = &mut engines[dialect];
        if dialect == 2 {
            engine.handle("new");
            engine.handle("force");
        } else {
            engine.handle("position startpos");
        }
        engine.settle();
        out.take();
        for line in text.split('\n').take(64) {
            let line = line.trim_end_matches('\r');
            if skipped(line) {
                continue;
            }
            let before = engine.position().cloned();
            engine.handle(line);
            engine.settle();
            let said = out.take();
            if dialect == 2 {
                check_cecp_moves(&said, before.as_ref(), line);
            } else {
                check_bestmoves(&said, before.as_ref(), line);
            }
        }
    });
});
