//! The dialect-free core of the protocol loop: the current position with its history,
//! and the replies to each command.

use std::io::{self, BufRead, Write};
use std::time::Instant;

use super::command::{parse, Command, Dialect, PositionSource};
use crate::board::{perft, Position};

/// Longest input line read in full; the rest of a longer line is discarded.
const MAX_LINE: usize = 1 << 20;

/// The engine as the protocol loop sees it.
pub struct Engine<W: Write> {
    out: W,
    dialect: Option<Dialect>,
    position: Position,
}

impl<W: Write> Engine<W> {
    /// A new engine writing its replies to `out`, at the start position.
    pub fn new(out: W) -> Engine<W> {
        Engine {
            out,
            dialect: None,
            position: Position::startpos(),
        }
    }

    /// Reads commands from `input` until `quit` or end of input.
    ///
    /// # Errors
    /// Only when writing to the output fails.
    pub fn run(&mut self, mut input: impl BufRead) -> io::Result<()> {
        let mut buf = Vec::new();
        loop {
            buf.clear();
            if read_line(&mut input, &mut buf)? == 0 {
                return Ok(());
            }
            let line = String::from_utf8_lossy(&buf);
            if !self.handle(&line)? {
                return Ok(());
            }
        }
    }

    /// Handles one line; `Ok(false)` after `quit`.
    ///
    /// # Errors
    /// Only when writing to the output fails.
    pub fn handle(&mut self, line: &str) -> io::Result<bool> {
        let command = match parse(line) {
            Ok(command) => command,
            Err(e) => {
                self.message(&format!("error: {e}"))?;
                return Ok(true);
            }
        };
        match command {
            Command::Nothing | Command::SetOption(_) | Command::NewGame => {}
            Command::Hello(dialect) => self.hello(dialect)?,
            Command::IsReady => self.say("readyok")?,
            Command::Position { source, moves } => self.set_position(&source, &moves)?,
            Command::Perft(depth) => self.perft(depth)?,
            Command::Go(_) => {
                self.message("error: searching is not implemented yet; only 'go perft' works")?;
                self.say_no_move()?;
            }
            Command::Stop => {
                if self.dialect == Some(Dialect::Ucci) {
                    self.say("nobestmove")?;
                }
            }
            Command::Display => {
                let text = self.position.to_string();
                self.say(&text)?;
            }
            Command::Quit => {
                if self.dialect == Some(Dialect::Ucci) {
                    self.say("bye")?;
                }
                return Ok(false);
            }
        }
        Ok(true)
    }

    fn hello(&mut self, dialect: Dialect) -> io::Result<()> {
        self.dialect = Some(dialect);
        let version = env!("CARGO_PKG_VERSION");
        self.say(&format!("id name Chariot {version}"))?;
        match dialect {
            Dialect::Ucci => {
                self.say("id author the Chariot developers")?;
                self.say("ucciok")
            }
            Dialect::Uci => {
                self.say("id author the Chariot developers")?;
                self.say("option name UCI_Variant type combo default xiangqi var xiangqi")?;
                self.say("uciok")
            }
        }
    }

    fn set_position(&mut self, source: &PositionSource, moves: &[String]) -> io::Result<()> {
        let mut position = match source {
            PositionSource::Startpos => Position::startpos(),
            PositionSource::Fen(fen) => match Position::from_fen(fen) {
                Ok(pos) => pos,
                Err(e) => {
                    return self.message(&format!("error: invalid FEN ({e}); position unchanged"))
                }
            },
        };
        for (i, text) in moves.iter().enumerate() {
            if let Err(e) = position.try_play(text) {
                self.position = position;
                return self.message(&format!(
                    "error: move {} ({e}); position set after the first {i} moves",
                    i + 1
                ));
            }
        }
        self.position = position;
        Ok(())
    }

    fn perft(&mut self, depth: u32) -> io::Result<()> {
        let start = Instant::now();
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let split = perft::divide(&self.position, depth, threads);
        let mut total = 0;
        for (mv, nodes) in &split {
            total += nodes;
            self.say(&format!("{mv}: {nodes}"))?;
        }
        if depth == 0 {
            total = 1;
        }
        let ms = start.elapsed().as_millis();
        self.say("")?;
        self.say(&format!("Nodes searched: {total}"))?;
        self.message(&format!("perft {depth}: {total} nodes in {ms} ms"))
    }

    fn say_no_move(&mut self) -> io::Result<()> {
        match self.dialect {
            Some(Dialect::Ucci) => self.say("nobestmove"),
            _ => self.say("bestmove (none)"),
        }
    }

    /// A message line in the dialect's form.
    fn message(&mut self, text: &str) -> io::Result<()> {
        match self.dialect {
            Some(Dialect::Ucci) => self.say(&format!("info message {text}")),
            _ => self.say(&format!("info string {text}")),
        }
    }

    fn say(&mut self, line: &str) -> io::Result<()> {
        writeln!(self.out, "{line}")?;
        self.out.flush()
    }
}

/// Reads one line (without its end) into `buf`, keeping at most [`MAX_LINE`] bytes.
/// Returns the number of bytes consumed; 0 at end of input.
fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<usize> {
    let mut consumed = 0;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(consumed);
        }
        let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        let room = MAX_LINE.saturating_sub(buf.len());
        buf.extend_from_slice(&chunk[..take.min(room)]);
        input.consume(take);
        consumed += take;
        if done {
            while buf.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
                buf.pop();
            }
            return Ok(consumed);
        }
    }
}
