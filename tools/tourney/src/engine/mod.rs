//! The engine driver: an engine is a child process speaking UCCI or UCI on its
//! stdin/stdout. A reader thread forwards each output line (time-stamped) through a
//! channel, so every wait has a timeout and a crashed, hung or babbling engine cannot
//! stall the manager.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use crate::clock::TimeControl;

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// UCCI 3.0 (ElephantEye and most Chinese engines).
    Ucci,
    /// UCI as xiangqi engines speak it (Pikafish, Fairy-Stockfish).
    Uci,
}

impl Protocol {
    /// Parses `ucci` or `uci`.
    pub fn parse(text: &str) -> Result<Protocol, String> {
        match text.to_ascii_lowercase().as_str() {
            "ucci" => Ok(Protocol::Ucci),
            "uci" => Ok(Protocol::Uci),
            _ => Err(format!("unknown protocol '{text}' (ucci or uci)")),
        }
    }
}

/// How an engine writes squares in moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coords {
    /// ICCS: files a-i, ranks 0-9 (`h2e2`). UCCI, UCI-Cyclone and Pikafish.
    Iccs,
    /// Ranks 1-10 (`h3e3`, `a10a9`): Fairy-Stockfish under plain `uci`.
    Uci10,
}

impl Coords {
    /// Parses `iccs` (also `ucci`, `0-9`) or `uci10` (also `1-10`).
    pub fn parse(text: &str) -> Result<Coords, String> {
        match text.to_ascii_lowercase().as_str() {
            "iccs" | "ucci" | "0-9" => Ok(Coords::Iccs),
            "uci10" | "1-10" => Ok(Coords::Uci10),
            _ => Err(format!("unknown coordinates '{text}' (iccs or uci10)")),
        }
    }

    /// An ICCS move (`h2e2`) as this engine writes it.
    pub fn to_engine(self, iccs: &str) -> String {
        match self {
            Coords::Iccs => iccs.to_string(),
            Coords::Uci10 => {
                let b = iccs.as_bytes();
                let sq = |f: u8, r: u8| format!("{}{}", f as char, (r - b'0') + 1);
                format!("{}{}", sq(b[0], b[1]), sq(b[2], b[3]))
            }
        }
    }

    /// A move as this engine writes it, in ICCS; `None` when it is not a move at all.
    pub fn from_engine(self, text: &str) -> Option<String> {
        match self {
            Coords::Iccs => (text.len() == 4 && text.is_ascii()).then(|| text.to_ascii_lowercase()),
            Coords::Uci10 => {
                let b = text.as_bytes();
                if !text.is_ascii() || b.is_empty() || !b[0].is_ascii_alphabetic() {
                    return None;
                }
                let second = 1 + b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
                let sq = |s: &str| -> Option<String> {
                    let file = s.as_bytes()[0].to_ascii_lowercase();
                    let rank: u8 = s[1..].parse().ok()?;
                    (1..=10)
                        .contains(&rank)
                        .then(|| format!("{}{}", file as char, rank - 1))
                };
                if second >= b.len() {
                    return None;
                }
                Some(format!("{}{}", sq(&text[..second])?, sq(&text[second..])?))
            }
        }
    }
}

/// How long an engine may think and under which clock.
#[derive(Clone, Debug, Default)]
pub struct MoveLimits {
    /// The clock.
    pub tc: TimeControl,
    /// Fixed depth, if any.
    pub depth: Option<u32>,
    /// Fixed nodes, if any.
    pub nodes: Option<u64>,
    /// Tolerated overrun in ms.
    pub margin_ms: u64,
}

/// Everything needed to start and configure one engine.
#[derive(Clone, Debug)]
pub struct EngineConfig {
    /// Display name (PGN, tables).
    pub name: String,
    /// The program to run.
    pub cmd: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// Working directory.
    pub dir: Option<String>,
    /// Protocol.
    pub proto: Protocol,
    /// Move coordinates.
    pub coords: Coords,
    /// Options to set after the handshake (name, value).
    pub options: Vec<(String, String)>,
    /// Clock and search limits.
    pub limits: MoveLimits,
    /// How long the handshake and `isready` may take, in ms.
    pub init_timeout_ms: u64,
    /// Send `banmoves` (UCCI) for moves that would complete a forbidden repetition;
    /// `None`: on for UCCI (UCI has no such command).
    pub banmoves: Option<bool>,
    /// Rating before the event, for the documents' rating methods (`None`: unrated).
    pub rating: Option<f64>,
    /// Rated games before the event (the association's K factor).
    pub rated_games: Option<u32>,
    /// Ponder: think on the opponent's time about the reply it expects (`go ponder`
    /// after `bestmove … ponder …`, then `ponderhit` or `stop`).
    pub ponder: bool,
}

impl EngineConfig {
    /// A config with defaults for everything but the command.
    pub fn new(name: &str, cmd: &str, proto: Protocol) -> EngineConfig {
        EngineConfig {
            name: name.to_string(),
            cmd: cmd.to_string(),
            args: Vec::new(),
            dir: None,
            proto,
            coords: Coords::Iccs,
            options: Vec::new(),
            limits: MoveLimits::default(),
            init_timeout_ms: 10_000,
            banmoves: None,
            rating: None,
            rated_games: None,
            ponder: false,
        }
    }

    /// Whether `banmoves` is sent to this engine.
    pub fn sends_banmoves(&self) -> bool {
        self.proto == Protocol::Ucci && self.banmoves.unwrap_or(true)
    }
}

/// Something the reader thread saw.
enum Event {
    Line(String, Instant),
    Eof,
}

/// Why waiting for the engine failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The engine did not answer in time.
    Timeout,
    /// The engine closed its output (crashed or exited).
    Disconnected,
    /// Writing to the engine failed.
    Io(String),
}

/// What the engine answered to `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// `bestmove <m> [ponder <m>] [draw|resign]`; the moves as the engine wrote them.
    BestMove {
        /// The move text.
        mv: String,
        /// The reply the engine expects, if it named one.
        ponder: Option<String>,
        /// It offered or accepted a draw.
        draw: bool,
        /// It resigned.
        resign: bool,
    },
    /// `nobestmove` or `bestmove (none)`.
    NoMove,
    /// Something went wrong.
    Failed(Failure),
}

/// The result of one `go`.
#[derive(Clone, Debug)]
pub struct Thought {
    /// The answer.
    pub reply: Reply,
    /// Time from sending `go` to the answer (or to the failure), ms.
    pub elapsed_ms: u64,
    /// Last score seen in `info` (engine's point of view, centipawns; mates as ±(30000-n)).
    pub score: Option<i32>,
    /// Last depth seen in `info`.
    pub depth: Option<u32>,
    /// When the answer was read (`None` for a failure).
    pub answered_at: Option<Instant>,
}

impl Thought {
    fn new() -> Thought {
        Thought {
            reply: Reply::NoMove,
            elapsed_ms: 0,
            score: None,
            depth: None,
            answered_at: None,
        }
    }
}

/// Whether an engine's line answers a search (`bestmove …` or `nobestmove`).
fn is_answer(line: &str) -> bool {
    matches!(
        line.split_whitespace().next(),
        Some("bestmove" | "nobestmove")
    )
}

/// Score given to a mate in `n` (engine's point of view).
pub const MATE_SCORE: i32 = 30_000;

/// A running engine.
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<Event>,
    /// The config it was started with.
    pub config: EngineConfig,
    /// Option names the engine offered (lower case).
    pub offered: Vec<String>,
    /// `id name` from the handshake.
    pub id_name: Option<String>,
    debug: bool,
    dead: bool,
    /// A `go ponder` search is running (no `ponderhit` or `stop` sent yet).
    pondering: bool,
}

impl EngineProcess {
    /// Starts the engine, does the handshake, sets the options and waits for
    /// `readyok`. `debug` echoes the traffic to stderr.
    pub fn start(config: &EngineConfig, debug: bool) -> Result<EngineProcess, String> {
        let mut cmd = Command::new(&config.cmd);
        cmd.args(&config.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = &config.dir {
            cmd.current_dir(dir);
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| format!("cannot start '{}': {e}", config.cmd))?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, rx) = channel();
        let name = config.name.clone();
        thread::Builder::new()
            .name(format!("reader {name}"))
            .spawn(move || {
                let mut reader = BufReader::new(stdout);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    match reader.read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => {
                            let _ = tx.send(Event::Eof);
                            return;
                        }
                        Ok(_) => {
                            let line = String::from_utf8_lossy(&buf).trim_end().to_string();
                            if tx.send(Event::Line(line, Instant::now())).is_err() {
                                return;
                            }
                        }
                    }
                }
            })
            .map_err(|e| format!("cannot start reader thread: {e}"))?;
        let mut engine = EngineProcess {
            child,
            stdin,
            rx,
            config: config.clone(),
            offered: Vec::new(),
            id_name: None,
            debug,
            dead: false,
            pondering: false,
        };
        engine.handshake().inspect_err(|_e| {
            engine.kill();
        })?;
        Ok(engine)
    }

    fn handshake(&mut self) -> Result<(), String> {
        let timeout = Duration::from_millis(self.config.init_timeout_ms);
        let (hello, ok) = match self.config.proto {
            Protocol::Ucci => ("ucci", "ucciok"),
            Protocol::Uci => ("uci", "uciok"),
        };
        self.send(hello).map_err(|e| format!("handshake: {e:?}"))?;
        let deadline = Instant::now() + timeout;
        loop {
            let (line, _) = self.recv(deadline).map_err(|e| match e {
                Failure::Timeout => format!("no '{ok}' within {} ms", timeout.as_millis()),
                Failure::Disconnected => format!("exited before '{ok}'"),
                Failure::Io(e) => e,
            })?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some(w) if w == ok => break,
                Some("id") if words.next() == Some("name") => {
                    self.id_name = Some(words.collect::<Vec<_>>().join(" "));
                }
                Some("option") => {
                    let rest: Vec<&str> = words.collect();
                    let name = match self.config.proto {
                        Protocol::Ucci => rest.first().map(|s| s.to_string()),
                        Protocol::Uci => {
                            let start = rest.iter().position(|w| *w == "name").map(|i| i + 1);
                            let end = rest.iter().position(|w| *w == "type").unwrap_or(rest.len());
                            start.filter(|s| *s < end).map(|s| rest[s..end].join(" "))
                        }
                    };
                    if let Some(name) = name {
                        self.offered.push(name.to_ascii_lowercase());
                    }
                }
                _ => {}
            }
        }
        match self.config.proto {
            Protocol::Ucci => {
                self.send("setoption usemillisec true")
                    .map_err(|e| format!("{e:?}"))?;
            }
            Protocol::Uci => {
                if self.offered.iter().any(|o| o == "uci_variant") {
                    self.send("setoption name UCI_Variant value xiangqi")
                        .map_err(|e| format!("{e:?}"))?;
                }
            }
        }
        if self.config.ponder && self.offered.iter().any(|o| o == "ponder") {
            // Tell the engine it will ponder (its time policy may count on it).
            let line = match self.config.proto {
                Protocol::Ucci => "setoption ponder true",
                Protocol::Uci => "setoption name Ponder value true",
            };
            self.send(line).map_err(|e| format!("{e:?}"))?;
        }
        for (name, value) in self.config.options.clone() {
            let line = match self.config.proto {
                Protocol::Ucci => format!("setoption {name} {value}"),
                Protocol::Uci => format!("setoption name {name} value {value}"),
            };
            self.send(line.trim_end()).map_err(|e| format!("{e:?}"))?;
        }
        self.ready(timeout)
    }

    /// Sends `isready` and waits for `readyok`.
    pub fn ready(&mut self, timeout: Duration) -> Result<(), String> {
        self.send("isready").map_err(|e| format!("{e:?}"))?;
        let deadline = Instant::now() + timeout;
        loop {
            match self.recv(deadline) {
                Ok((line, _)) if line.trim() == "readyok" => return Ok(()),
                Ok(_) => {}
                Err(Failure::Timeout) => {
                    return Err(format!("no 'readyok' within {} ms", timeout.as_millis()))
                }
                Err(Failure::Disconnected) => return Err("exited before 'readyok'".into()),
                Err(Failure::Io(e)) => return Err(e),
            }
        }
    }

    /// Tells the engine a new game starts (UCI `ucinewgame`; UCCI `setoption newgame`
    /// when offered) and waits until it is ready.
    pub fn new_game(&mut self) -> Result<(), String> {
        match self.config.proto {
            Protocol::Uci => self.send("ucinewgame").map_err(|e| format!("{e:?}"))?,
            Protocol::Ucci => {
                if self.offered.iter().any(|o| o == "newgame") {
                    self.send("setoption newgame")
                        .map_err(|e| format!("{e:?}"))?;
                }
            }
        }
        self.ready(Duration::from_millis(self.config.init_timeout_ms))
    }

    /// Writes one line to the engine.
    pub fn send(&mut self, line: &str) -> Result<(), Failure> {
        if self.debug {
            eprintln!("{} < {line}", self.config.name);
        }
        let stdin = self.stdin.as_mut().ok_or(Failure::Disconnected)?;
        stdin
            .write_all(line.as_bytes())
            .and_then(|_| stdin.write_all(b"\n"))
            .and_then(|_| stdin.flush())
            .map_err(|e| Failure::Io(format!("write failed: {e}")))
    }

    fn recv(&mut self, deadline: Instant) -> Result<(String, Instant), Failure> {
        if self.dead {
            return Err(Failure::Disconnected);
        }
        let now = Instant::now();
        let wait = deadline.saturating_duration_since(now);
        match self.rx.recv_timeout(wait) {
            Ok(Event::Line(line, at)) => {
                if self.debug {
                    eprintln!("{} > {line}", self.config.name);
                }
                Ok((line, at))
            }
            Ok(Event::Eof) | Err(RecvTimeoutError::Disconnected) => {
                self.dead = true;
                Err(Failure::Disconnected)
            }
            Err(RecvTimeoutError::Timeout) => Err(Failure::Timeout),
        }
    }

    /// The next line already read from the engine, if any (without waiting).
    fn poll(&mut self) -> Option<(String, Instant)> {
        match self.rx.try_recv() {
            Ok(Event::Line(line, at)) => {
                if self.debug {
                    eprintln!("{} > {line}", self.config.name);
                }
                Some((line, at))
            }
            Ok(Event::Eof) => {
                self.dead = true;
                None
            }
            Err(_) => None,
        }
    }

    /// Sends the position and `go` lines and waits up to `limit` for the answer.
    pub fn think(&mut self, position: &str, go: &str, limit: Duration) -> Thought {
        self.think_with(position, &[], go, limit)
    }

    /// As [`EngineProcess::think`], with `extra` lines (e.g. `banmoves …`) sent between the
    /// position and `go`.
    pub fn think_with(
        &mut self,
        position: &str,
        extra: &[String],
        go: &str,
        limit: Duration,
    ) -> Thought {
        self.think_since(None, position, extra, go, limit)
    }

    /// As [`EngineProcess::think_with`], with the engine's clock started at `since`
    /// rather than at `go` (after a ponder search that had to be stopped, the clock runs
    /// from the opponent's move): the answer is due by `since + limit` and its time is
    /// counted from `since`.
    pub fn think_since(
        &mut self,
        since: Option<Instant>,
        position: &str,
        extra: &[String],
        go: &str,
        limit: Duration,
    ) -> Thought {
        let mut thought = Thought::new();
        // Drop stale output (e.g. a late answer from an earlier stop).
        while self.poll().is_some() {}
        for line in std::iter::once(position).chain(extra.iter().map(String::as_str)) {
            if let Err(e) = self.send(line) {
                thought.reply = Reply::Failed(e);
                return thought;
            }
        }
        let start = since.unwrap_or_else(Instant::now);
        if let Err(e) = self.send(go) {
            thought.reply = Reply::Failed(e);
            return thought;
        }
        self.answer(thought, start, limit)
    }

    /// Starts a ponder search: `position` (the game with the expected reply played),
    /// `extra` lines and `go` (a `go ponder …` line). The engine is not waited for; its
    /// output waits until [`EngineProcess::ponder_hit`] or
    /// [`EngineProcess::stop_pondering`].
    pub fn ponder(&mut self, position: &str, extra: &[String], go: &str) -> Result<(), Failure> {
        while self.poll().is_some() {}
        for line in std::iter::once(position)
            .chain(extra.iter().map(String::as_str))
            .chain(std::iter::once(go))
        {
            self.send(line)?;
        }
        self.pondering = true;
        Ok(())
    }

    /// Whether a ponder search is running.
    pub fn is_pondering(&self) -> bool {
        self.pondering
    }

    /// The expected reply was played: sends `line` (`ponderhit`, or UCCI's `ponderhit
    /// draw`) and waits for the answer, due by `since + limit` (`since`: the opponent's
    /// move, when the engine's clock started) and timed from `since`. The `info` the
    /// ponder search printed counts for it. `None` when the engine had already answered
    /// while pondering (a premature `bestmove`, dropped): it is idle and must be asked
    /// afresh.
    pub fn ponder_hit(&mut self, line: &str, since: Instant, limit: Duration) -> Option<Thought> {
        self.pondering = false;
        let mut thought = Thought::new();
        while let Some((text, _)) = self.poll() {
            let words: Vec<&str> = text.split_whitespace().collect();
            match words.first() {
                Some(&"info") => parse_info(&words[1..], &mut thought),
                _ if is_answer(&text) => return None,
                _ => {}
            }
        }
        if let Err(e) = self.send(line) {
            thought.reply = Reply::Failed(e);
            return Some(thought);
        }
        Some(self.answer(thought, since, limit))
    }

    /// Ends a ponder search whose move was not played (or whose game ended): `stop`,
    /// its `bestmove` read and dropped, then `isready` and `readyok`, so that nothing of
    /// the search is left to be taken for a later answer. `Err` when the engine has not
    /// done so by `deadline` or is gone.
    pub fn stop_pondering(&mut self, deadline: Instant) -> Result<(), Failure> {
        self.pondering = false;
        let mut answered = false;
        while let Some((line, _)) = self.poll() {
            answered |= is_answer(&line);
        }
        if !answered {
            self.send("stop")?;
            while !is_answer(&self.recv(deadline)?.0) {}
        }
        // An engine that had answered before `stop` may answer it again (UCCI's
        // `nobestmove` when idle): that comes before `readyok`.
        self.send("isready")?;
        while self.recv(deadline)?.0.trim() != "readyok" {}
        Ok(())
    }

    /// Reads the engine's output up to its answer to a search timed from `start`, due
    /// by `start + limit`.
    fn answer(&mut self, mut thought: Thought, start: Instant, limit: Duration) -> Thought {
        let deadline = start + limit;
        loop {
            match self.recv(deadline) {
                Err(e) => {
                    thought.elapsed_ms = start.elapsed().as_millis() as u64;
                    thought.reply = Reply::Failed(e);
                    return thought;
                }
                Ok((line, at)) => {
                    let words: Vec<&str> = line.split_whitespace().collect();
                    match words.first() {
                        Some(&"info") => parse_info(&words[1..], &mut thought),
                        Some(&"nobestmove") => {
                            thought.elapsed_ms = at.duration_since(start).as_millis() as u64;
                            thought.answered_at = Some(at);
                            thought.reply = Reply::NoMove;
                            return thought;
                        }
                        Some(&"bestmove") => {
                            thought.elapsed_ms = at.duration_since(start).as_millis() as u64;
                            thought.answered_at = Some(at);
                            thought.reply = parse_bestmove(&words[1..]);
                            return thought;
                        }
                        _ => {}
                    }
                }
            }
        }
    }

    /// Asks the engine to quit and waits a moment for it; then kills it.
    /// A ponder search still running is stopped first and its answer dropped.
    pub fn quit(mut self) {
        if self.pondering {
            let _ = self.stop_pondering(Instant::now() + Duration::from_millis(STOP_GRACE_MS));
        }
        let _ = self.send("quit");
        self.stdin = None;
        let until = Instant::now() + Duration::from_millis(500);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(5));
        }
        self.kill();
    }

    /// Kills the process at once.
    pub fn kill(&mut self) {
        self.stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            self.kill();
        }
    }
}

/// How long an engine whose game has ended may take to answer `stop` to its ponder
/// search before it is made to quit anyway, ms.
const STOP_GRACE_MS: u64 = 2_000;

/// The answer from the words after `bestmove`.
fn parse_bestmove(words: &[&str]) -> Reply {
    match words.first() {
        None | Some(&"(none)") | Some(&"0000") => Reply::NoMove,
        Some(mv) => {
            let ponder = words
                .iter()
                .position(|w| *w == "ponder")
                .and_then(|i| words.get(i + 1))
                .filter(|p| !matches!(**p, "(none)" | "0000" | "draw" | "resign"))
                .map(|p| p.to_string());
            Reply::BestMove {
                mv: mv.to_string(),
                ponder,
                draw: words[1..].contains(&"draw"),
                resign: words[1..].contains(&"resign"),
            }
        }
    }
}

/// Reads `score` and `depth` from the words of an `info` line.
fn parse_info(words: &[&str], thought: &mut Thought) {
    let mut i = 0;
    while i < words.len() {
        match words[i] {
            "depth" => {
                if let Some(d) = words.get(i + 1).and_then(|w| w.parse().ok()) {
                    thought.depth = Some(d);
                }
                i += 2;
            }
            "score" => {
                let (kind, value) = match words.get(i + 1) {
                    Some(&"cp") => ("cp", words.get(i + 2)),
                    Some(&"mate") => ("mate", words.get(i + 2)),
                    other => ("cp", other),
                };
                let step = if words.get(i + 1).is_some_and(|w| *w == "cp" || *w == "mate") {
                    3
                } else {
                    2
                };
                // Clamped, so that an absurd report (`score cp -2147483648`) stays a
                // number the adjudication can negate and compare.
                if let Some(v) = value
                    .and_then(|w| w.parse::<i32>().ok())
                    .map(|v| v.clamp(-MATE_SCORE, MATE_SCORE))
                {
                    thought.score = Some(if kind == "mate" {
                        if v >= 0 {
                            MATE_SCORE - v
                        } else {
                            -MATE_SCORE - v
                        }
                    } else {
                        v
                    });
                }
                i += step;
            }
            "pv" | "string" | "message" => break,
            _ => i += 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bestmove_lines() {
        let reply = |line: &str| parse_bestmove(&line.split_whitespace().collect::<Vec<_>>());
        let best = |mv: &str, ponder: Option<&str>, draw, resign| Reply::BestMove {
            mv: mv.into(),
            ponder: ponder.map(String::from),
            draw,
            resign,
        };
        assert_eq!(reply("h2e2"), best("h2e2", None, false, false));
        assert_eq!(
            reply("h2e2 ponder h9g7"),
            best("h2e2", Some("h9g7"), false, false)
        );
        assert_eq!(
            reply("h2e2 ponder h9g7 draw"),
            best("h2e2", Some("h9g7"), true, false)
        );
        assert_eq!(reply("h2e2 resign"), best("h2e2", None, false, true));
        // No reply named: Stockfish's `(none)`, Komodo's `0000`, or nothing after it.
        for line in ["h2e2 ponder (none)", "h2e2 ponder 0000", "h2e2 ponder"] {
            assert_eq!(reply(line), best("h2e2", None, false, false), "{line}");
        }
        assert_eq!(reply("h2e2 ponder resign"), best("h2e2", None, false, true));
        for line in ["", "(none)", "0000"] {
            assert_eq!(reply(line), Reply::NoMove, "{line}");
        }
    }

    #[test]
    fn uci10_coordinates_round_trip() {
        let c = Coords::Uci10;
        assert_eq!(c.to_engine("h2e2"), "h3e3");
        assert_eq!(c.to_engine("a9a8"), "a10a9");
        assert_eq!(c.from_engine("a10a9").as_deref(), Some("a9a8"));
        assert_eq!(c.from_engine("h3e3").as_deref(), Some("h2e2"));
        assert_eq!(c.from_engine("e1e10").as_deref(), Some("e0e9"));
        assert_eq!(c.from_engine("e0e1"), None);
        assert_eq!(c.from_engine("zz"), None);
        assert_eq!(Coords::Iccs.from_engine("H2E2").as_deref(), Some("h2e2"));
    }

    #[test]
    fn info_scores() {
        let mut t = Thought::new();
        parse_info(
            &"depth 6 score -5 pv b9c7".split(' ').collect::<Vec<_>>(),
            &mut t,
        );
        assert_eq!((t.score, t.depth), (Some(-5), Some(6)));
        parse_info(
            &"depth 7 seldepth 9 score cp 31 nodes 5"
                .split(' ')
                .collect::<Vec<_>>(),
            &mut t,
        );
        assert_eq!((t.score, t.depth), (Some(31), Some(7)));
        parse_info(&"score mate -3".split(' ').collect::<Vec<_>>(), &mut t);
        assert_eq!(t.score, Some(-MATE_SCORE + 3));
        parse_info(&"score mate 2".split(' ').collect::<Vec<_>>(), &mut t);
        assert_eq!(t.score, Some(MATE_SCORE - 2));
        // Extreme reports stay within the mate range (and can be negated).
        parse_info(
            &"score cp -2147483648".split(' ').collect::<Vec<_>>(),
            &mut t,
        );
        assert_eq!(t.score, Some(-MATE_SCORE));
        parse_info(
            &"score mate -2147483648".split(' ').collect::<Vec<_>>(),
            &mut t,
        );
        assert_eq!(t.score, Some(0));
        parse_info(
            &"score mate 2147483647".split(' ').collect::<Vec<_>>(),
            &mut t,
        );
        assert_eq!(t.score, Some(0));
        parse_info(&"score 2147483647".split(' ').collect::<Vec<_>>(), &mut t);
        assert_eq!(t.score.map(i32::abs), Some(MATE_SCORE));
    }
}
