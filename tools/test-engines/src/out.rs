//! What the engine sends: lines to standard output (copied to the trace file when there
//! is one), and a search's answer, held until it is due.

use std::fs::File;
use std::io::{self, Write};
use std::time::Instant;

/// The engine's output, copied to the trace file when there is one.
pub struct Out {
    out: io::StdoutLock<'static>,
    trace: Option<File>,
}

impl Out {
    /// Standard output, traced to `trace` if given.
    pub fn new(trace: Option<File>) -> Out {
        Out {
            out: io::stdout().lock(),
            trace,
        }
    }

    /// Notes a line received in the trace file, if there is one.
    pub fn heard(&mut self, line: &str) {
        if let Some(t) = self.trace.as_mut() {
            let _ = writeln!(t, "< {line}");
        }
    }

    /// Sends a line (and traces it).
    pub fn say(&mut self, line: &str) {
        let _ = writeln!(self.out, "{line}");
        let _ = self.out.flush();
        if let Some(t) = self.trace.as_mut() {
            let _ = writeln!(t, "> {line}");
        }
    }

    /// Writes raw bytes, neither flushed nor traced (the next `say` flushes them).
    pub fn raw(&mut self, bytes: &[u8]) {
        let _ = self.out.write_all(bytes);
    }
}

/// A search's answer: its `info` line (without the time), its move, and its `bestmove`
/// line.
pub struct Answer {
    /// When its `go` (or `go ponder`) came.
    pub started: Instant,
    pub info: String,
    pub pv: String,
    pub best: String,
}

impl Answer {
    /// Sends the answer, the `info` line with the time searched since `go` in ms.
    pub fn say(&self, out: &mut Out) {
        let ms = self.started.elapsed().as_millis();
        out.say(&format!("{} time {ms} pv {}", self.info, self.pv));
        out.say(&self.best);
    }
}
