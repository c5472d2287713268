//! The engine driver: an engine is a child process speaking UCCI, UCI or CECP on its
//! stdin/stdout. A reader thread forwards each output line (time-stamped) through a
//! channel, so every wait has a timeout and a crashed, hung or babbling engine cannot
//! stall the manager.
//!
//! What differs between the protocols is a [`Dialect`]: one driver per protocol, each in
//! its own file ([`Uci`], [`Ucci`], [`Cecp`]). The game loop describes the game at each
//! move as a [`Turn`]; the dialect turns it into the lines its engines read and reads
//! their answers back into a [`Thought`]. [`EngineProcess`] owns the process, the
//! timing and the waiting, the same for all of them.

mod cecp;
mod ucci;
mod uci;

pub use cecp::Cecp;
pub use ucci::Ucci;
pub use uci::Uci;

use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use chariot::board::{Color, Move};

use crate::clock::{Clock, TimeControl};

/// The protocol a UCI-family engine speaks (a CECP engine is marked by
/// [`EngineConfig::cecp`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// UCCI 3.0 (ElephantEye and most Chinese engines).
    Ucci,
    /// UCI as xiangqi engines speak it (Pikafish, Fairy-Stockfish).
    Uci,
}

impl Protocol {
    /// Parses `ucci` or `uci` (CECP's names: [`is_cecp_name`]).
    pub fn parse(text: &str) -> Result<Protocol, EngineError> {
        match text.to_ascii_lowercase().as_str() {
            "ucci" => Ok(Protocol::Ucci),
            "uci" => Ok(Protocol::Uci),
            _ => Err(EngineError::UnknownProtocol(text.to_string())),
        }
    }

    /// A fresh driver for this protocol.
    pub fn dialect(self) -> Box<dyn Dialect> {
        match self {
            Protocol::Ucci => Box::new(Ucci::default()),
            Protocol::Uci => Box::new(Uci),
        }
    }
}

/// Whether `text` names CECP, the XBoard/WinBoard protocol 2: `cecp`, `xboard` or
/// `winboard`.
pub fn is_cecp_name(text: &str) -> bool {
    matches!(
        text.to_ascii_lowercase().as_str(),
        "cecp" | "xboard" | "winboard"
    )
}

/// How an engine writes squares in moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coords {
    /// ICCS: files a-i, ranks 0-9 (`h2e2`). UCCI, UCI-Cyclone and Pikafish; also CECP,
    /// as XBoard writes xiangqi moves (ranks from 0 on a board of ten ranks) and MaxQi,
    /// Sjaak II and Chariot read and write them.
    Iccs,
    /// Ranks 1-10 (`h3e3`, `a10a9`): Fairy-Stockfish under plain `uci`.
    Uci10,
}

impl Coords {
    /// Parses `iccs` (also `ucci`, `0-9`) or `uci10` (also `1-10`).
    pub fn parse(text: &str) -> Result<Coords, EngineError> {
        match text.to_ascii_lowercase().as_str() {
            "iccs" | "ucci" | "0-9" => Ok(Coords::Iccs),
            "uci10" | "1-10" => Ok(Coords::Uci10),
            _ => Err(EngineError::UnknownCoords(text.to_string())),
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

    /// An ICCS square (`e0`) as this engine writes it.
    pub fn square(self, iccs: &str) -> String {
        let mv = self.to_engine(&format!("{iccs}{iccs}"));
        mv[..mv.len() / 2].to_string()
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
    /// Protocol (of a UCI-family engine).
    pub proto: Protocol,
    /// The engine speaks CECP, the XBoard/WinBoard protocol 2 (MaxQi, Sjaak II,
    /// Chariot's `xboard`), and not `proto`.
    pub cecp: bool,
    /// Move coordinates.
    pub coords: Coords,
    /// Options to set after the handshake (name, value).
    pub options: Vec<(String, String)>,
    /// Clock and search limits.
    pub limits: MoveLimits,
    /// How long the handshake and `isready` may take, in ms.
    pub init_timeout_ms: u64,
    /// Send `banmoves` (UCCI) for moves that would complete a forbidden repetition;
    /// `None`: on for UCCI (UCI and CECP have no such command).
    pub banmoves: Option<bool>,
    /// Rating before the event, for the documents' rating methods (`None`: unrated).
    pub rating: Option<f64>,
    /// Rated games before the event (the association's K factor).
    pub rated_games: Option<u32>,
    /// Ponder: think on the opponent's time about the reply it expects (`go ponder`
    /// after `bestmove … ponder …`, then `ponderhit` or `stop`; CECP: `hard`, and the
    /// engine ponders on its own).
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
            cecp: false,
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

    /// A CECP engine's config, with defaults for everything but the command.
    pub fn cecp(name: &str, cmd: &str) -> EngineConfig {
        EngineConfig {
            cecp: true,
            ..EngineConfig::new(name, cmd, Protocol::Ucci)
        }
    }

    /// A fresh driver for the engine's protocol.
    pub fn dialect(&self) -> Box<dyn Dialect> {
        if self.cecp {
            Box::new(Cecp::default())
        } else {
            self.proto.dialect()
        }
    }

    /// Whether `banmoves` is sent to this engine.
    pub fn sends_banmoves(&self) -> bool {
        self.banmoves.unwrap_or(true) && self.dialect().bans_moves()
    }
}

/// Something the reader thread saw.
enum Event {
    Line(String, Instant),
    Eof,
}

/// Why an engine could not be started or set up (or a setting naming one was not
/// understood).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// An unknown `proto=`.
    UnknownProtocol(String),
    /// An unknown `coords=`.
    UnknownCoords(String),
    /// The program could not be started.
    Spawn {
        /// The command.
        cmd: String,
        /// The system's words.
        why: String,
    },
    /// The thread reading the engine's output could not be started.
    ReaderThread(String),
    /// A line could not be sent: during the handshake, or after it.
    Send {
        /// During the handshake.
        handshake: bool,
        /// What failed.
        failure: Failure,
    },
    /// No `awaited` line within the time allowed.
    NoAnswer {
        /// The line awaited (`uciok`, `readyok`, `feature done=1`…).
        awaited: String,
        /// The time allowed, ms.
        ms: u128,
    },
    /// The engine exited before the line awaited.
    ExitedBefore(String),
    /// Reading from the engine failed (the failure's words).
    Io(String),
    /// A CECP engine that does not list xiangqi; the variants it lists (shortened).
    NotXiangqi(String),
}

impl EngineError {
    /// A failure to send during the handshake.
    pub(crate) fn handshake(failure: Failure) -> EngineError {
        EngineError::Send {
            handshake: true,
            failure,
        }
    }

    /// A failure to send after the handshake.
    pub(crate) fn send(failure: Failure) -> EngineError {
        EngineError::Send {
            handshake: false,
            failure,
        }
    }

    /// A failure while waiting up to `timeout` for the line `awaited`.
    pub(crate) fn waiting(failure: Failure, awaited: &str, timeout: Duration) -> EngineError {
        match failure {
            Failure::Timeout => EngineError::NoAnswer {
                awaited: awaited.to_string(),
                ms: timeout.as_millis(),
            },
            Failure::Disconnected => EngineError::ExitedBefore(awaited.to_string()),
            Failure::Io(e) => EngineError::Io(e),
        }
    }
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::UnknownProtocol(t) => {
                write!(f, "unknown protocol '{t}' (ucci, uci or cecp)")
            }
            EngineError::UnknownCoords(t) => {
                write!(f, "unknown coordinates '{t}' (iccs or uci10)")
            }
            EngineError::Spawn { cmd, why } => write!(f, "cannot start '{cmd}': {why}"),
            EngineError::ReaderThread(why) => write!(f, "cannot start reader thread: {why}"),
            EngineError::Send {
                handshake: true,
                failure,
            } => write!(f, "handshake: {failure:?}"),
            EngineError::Send { failure, .. } => write!(f, "{failure:?}"),
            EngineError::NoAnswer { awaited, ms } => write!(f, "no '{awaited}' within {ms} ms"),
            EngineError::ExitedBefore(awaited) => write!(f, "exited before '{awaited}'"),
            EngineError::Io(why) => f.write_str(why),
            EngineError::NotXiangqi(shown) => write!(
                f,
                "does not play xiangqi (its variants: '{shown}'; CECP engines name 'xiangqi' in \
                 feature variants)"
            ),
        }
    }
}

impl std::error::Error for EngineError {}

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
    /// `bestmove <m> [ponder <m>] [draw|resign]` (CECP: `move <m>`, after `offer draw`
    /// for `draw`); the moves as the engine wrote them.
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
    /// CECP's `resign`, without a move.
    Resign,
    /// A CECP result claim (`1-0 {…}`, `0-1 {…}`, `1/2-1/2 {…}`), as the engine wrote
    /// it: the arbiter checks it against the rules.
    Claim(String),
    /// The engine refused a move of the game that the rules allow (CECP's `Illegal
    /// move: …`), as it wrote it.
    Rejected(String),
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
    /// Last node count seen in `info`.
    pub nodes: Option<u64>,
    /// Last principal variation seen, as the engine wrote it.
    pub pv: Option<String>,
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
            nodes: None,
            pv: None,
            answered_at: None,
        }
    }
}

/// Score given to a mate in `n` (engine's point of view).
pub const MATE_SCORE: i32 = 30_000;

/// The game as the engine to move must be told it: the game loop's description of one
/// move, from which each dialect writes its own lines.
#[derive(Clone, Copy, Debug)]
pub struct Turn<'a> {
    /// The FEN the game started from (before the opening moves).
    pub start_fen: &'a str,
    /// Every move since `start_fen` (the opening's and the engines').
    pub moves: &'a [Move],
    /// The FEN after the last capture ...
    pub base_fen: &'a str,
    /// ... and the moves since (what UCI and UCCI are sent, so that the engine sees
    /// the repetitions that matter).
    pub since_base: &'a [Move],
    /// Moves that would complete a forbidden repetition, for a dialect that bans them
    /// (empty when none is to be banned).
    pub banned: &'a [Move],
    /// The engine's clock.
    pub own: &'a Clock,
    /// Its opponent's clock.
    pub opp: &'a Clock,
    /// The side the engine plays here.
    pub side: Color,
    /// The opponent's last move came with a draw offer.
    pub draw_offered: bool,
}

/// The lines that start a search: `before` are sent first, then the clock starts and
/// `trigger` (`go …`, or CECP's opponent move) is sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Commands {
    /// Lines sent before the clock starts.
    pub before: Vec<String>,
    /// The line that starts the search.
    pub trigger: String,
}

/// What an engine said about itself in the handshake.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hello {
    /// Its name (`id name`, CECP's `myname`).
    pub id_name: Option<String>,
    /// The option names it offered, in lower case.
    pub offered: Vec<String>,
}

/// One protocol: how an engine is greeted and configured, how a game and a search are
/// put to it, and how its output is read. [`EngineProcess`] sends what a dialect writes
/// and times the answers; the dialect keeps whatever state its protocol needs (CECP's
/// game as the engine knows it, its features).
pub trait Dialect: Send {
    /// Greets the engine, reads what it says up to the end of its handshake and sends
    /// the options of `config`; the engine is then synchronised ([`Dialect::sync`]).
    fn handshake(&mut self, link: &mut Link, config: &EngineConfig) -> Result<Hello, EngineError>;

    /// A request that the engine answers once it has dealt with everything sent before,
    /// and that answer (`isready`/`readyok`, CECP's `ping N`/`pong N`); `None` when the
    /// engine has no such command.
    fn sync(&mut self) -> Option<(String, String)>;

    /// The lines that tell the engine a new game starts.
    fn new_game(&mut self, config: &EngineConfig) -> Vec<String>;

    /// The lines that have the engine search its move in `turn`.
    fn search(&mut self, turn: &Turn<'_>, config: &EngineConfig) -> Commands;

    /// One line the engine printed while searching: what it reports goes into
    /// `thought`; `Some` when the line ends the search (its answer).
    fn read(&mut self, line: &str, thought: &mut Thought) -> Option<Reply>;

    /// One line the engine printed while no search of the manager's was running.
    fn aside(&mut self, _line: &str) {}

    /// Whether the engine may speak for itself between searches (CECP's claims and
    /// resignations), so that what it printed after its move is to be looked at.
    fn speaks_unasked(&self) -> bool {
        false
    }

    /// An answer the engine gave between searches ([`Dialect::aside`]): a resignation
    /// or a claim, taken once.
    fn take_unasked(&mut self) -> Option<Reply> {
        None
    }

    /// The lines of a ponder search on `turn` (the game with the expected reply
    /// played); `None` for a dialect whose engines ponder on their own.
    fn ponder(&mut self, _turn: &Turn<'_>, _config: &EngineConfig) -> Option<Vec<String>> {
        None
    }

    /// The line that turns a ponder search into the real one (`draw`: the opponent's
    /// move came with a draw offer).
    fn ponder_hit(&self, _draw: bool) -> String {
        "ponderhit".to_string()
    }

    /// The line that asks for the answer at once.
    fn stop(&self) -> &'static str;

    /// Whether the dialect can forbid moves (UCCI's `banmoves`).
    fn bans_moves(&self) -> bool {
        false
    }

    /// The lines that tell the engine the game is over (`result` in PGN terms, `reason`
    /// in words).
    fn game_over(&mut self, _result: &str, _reason: &str) -> Vec<String> {
        Vec::new()
    }
}

/// The pipes to a running engine: lines to its stdin, and its output lines as the
/// reader thread saw them.
pub struct Link {
    stdin: Option<ChildStdin>,
    rx: Receiver<Event>,
    name: String,
    debug: bool,
    dead: bool,
}

impl Link {
    /// Writes one line to the engine.
    pub fn send(&mut self, line: &str) -> Result<(), Failure> {
        if self.debug {
            eprintln!("{} < {line}", self.name);
        }
        let stdin = self.stdin.as_mut().ok_or(Failure::Disconnected)?;
        stdin
            .write_all(line.as_bytes())
            .and_then(|_| stdin.write_all(b"\n"))
            .and_then(|_| stdin.flush())
            .map_err(|e| Failure::Io(format!("write failed: {e}")))
    }

    /// The next line of the engine's, waiting until `deadline` at most.
    pub fn recv(&mut self, deadline: Instant) -> Result<(String, Instant), Failure> {
        if self.dead {
            return Err(Failure::Disconnected);
        }
        let now = Instant::now();
        let wait = deadline.saturating_duration_since(now);
        match self.rx.recv_timeout(wait) {
            Ok(Event::Line(line, at)) => {
                if self.debug {
                    eprintln!("{} > {line}", self.name);
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
    pub fn poll(&mut self) -> Option<(String, Instant)> {
        match self.rx.try_recv() {
            Ok(Event::Line(line, at)) => {
                if self.debug {
                    eprintln!("{} > {line}", self.name);
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
}

/// A running engine.
pub struct EngineProcess {
    child: Child,
    link: Link,
    dialect: Box<dyn Dialect>,
    /// The config it was started with.
    pub config: EngineConfig,
    /// Option names the engine offered (lower case).
    pub offered: Vec<String>,
    /// `id name` from the handshake.
    pub id_name: Option<String>,
    /// A `go ponder` search is running (no `ponderhit` or `stop` sent yet).
    pondering: bool,
}

impl EngineProcess {
    /// Starts the engine, does the handshake, sets the options and waits until it is
    /// ready. `debug` echoes the traffic to stderr.
    pub fn start(config: &EngineConfig, debug: bool) -> Result<EngineProcess, EngineError> {
        let mut cmd = Command::new(&config.cmd);
        cmd.args(&config.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = &config.dir {
            cmd.current_dir(dir);
        }
        let mut child = cmd.spawn().map_err(|e| EngineError::Spawn {
            cmd: config.cmd.clone(),
            why: e.to_string(),
        })?;
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
            .map_err(|e| EngineError::ReaderThread(e.to_string()))?;
        let mut engine = EngineProcess {
            child,
            link: Link {
                stdin,
                rx,
                name: config.name.clone(),
                debug,
                dead: false,
            },
            dialect: config.dialect(),
            config: config.clone(),
            offered: Vec::new(),
            id_name: None,
            pondering: false,
        };
        if let Err(e) = engine.handshake() {
            engine.kill();
            return Err(e);
        }
        Ok(engine)
    }

    fn handshake(&mut self) -> Result<(), EngineError> {
        let hello = self.dialect.handshake(&mut self.link, &self.config)?;
        self.id_name = hello.id_name;
        self.offered = hello.offered;
        self.ready(Duration::from_millis(self.config.init_timeout_ms))
    }

    /// Synchronises with the engine (`isready` and `readyok`; CECP: `ping` and `pong`,
    /// when it has them).
    pub fn ready(&mut self, timeout: Duration) -> Result<(), EngineError> {
        let Some((request, answer)) = self.dialect.sync() else {
            return Ok(());
        };
        self.send(&request).map_err(EngineError::send)?;
        let deadline = Instant::now() + timeout;
        loop {
            match self.link.recv(deadline) {
                Ok((line, _)) if line.trim() == answer => return Ok(()),
                Ok(_) => {}
                Err(e) => return Err(EngineError::waiting(e, &answer, timeout)),
            }
        }
    }

    /// Tells the engine a new game starts (UCI `ucinewgame`; UCCI `setoption newgame`
    /// when offered; CECP `new`, `variant xiangqi`, `force` and the time control) and
    /// waits until it is ready.
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        for line in self.dialect.new_game(&self.config) {
            self.send(&line).map_err(EngineError::send)?;
        }
        self.ready(Duration::from_millis(self.config.init_timeout_ms))
    }

    /// Writes one line to the engine.
    pub fn send(&mut self, line: &str) -> Result<(), Failure> {
        self.link.send(line)
    }

    /// Whether the engine is sent the moves to forbid (`banmoves`).
    pub fn bans_moves(&self) -> bool {
        self.config.banmoves.unwrap_or(true) && self.dialect.bans_moves()
    }

    /// Reads what the engine printed since the last search, as its dialect sees it.
    fn drain(&mut self) {
        while let Some((line, _)) = self.link.poll() {
            self.dialect.aside(&line);
        }
    }

    /// Has the engine search its move in `turn` and waits for the answer, due by
    /// `since + limit` and timed from `since` (`None`: from the line that starts the
    /// search; after a ponder search that had to be stopped the clock runs from the
    /// opponent's move).
    pub fn think(&mut self, turn: &Turn<'_>, since: Option<Instant>, limit: Duration) -> Thought {
        let mut thought = Thought::new();
        // Drop stale output (e.g. a late answer from an earlier stop); an engine that
        // resigned or claimed a result since its last move has given its answer.
        self.drain();
        if let Some(reply) = self.dialect.take_unasked() {
            thought.reply = reply;
            return thought;
        }
        let commands = self.dialect.search(turn, &self.config);
        for line in &commands.before {
            if let Err(e) = self.send(line) {
                thought.reply = Reply::Failed(e);
                return thought;
            }
        }
        let start = since.unwrap_or_else(Instant::now);
        if let Err(e) = self.send(&commands.trigger) {
            thought.reply = Reply::Failed(e);
            return thought;
        }
        self.answer(thought, start, limit)
    }

    /// What the engine said for itself after its last answer (a CECP resignation or
    /// result claim), if anything.
    pub fn unasked(&mut self) -> Option<Reply> {
        if !self.dialect.speaks_unasked() {
            return None;
        }
        self.drain();
        self.dialect.take_unasked()
    }

    /// Starts a ponder search on `turn` (the game with the expected reply played, the
    /// clocks as they will be then). The engine is not waited for; its output waits
    /// until [`EngineProcess::ponder_hit`] or [`EngineProcess::stop_pondering`].
    /// `Ok(false)`: the dialect's engines ponder on their own, and nothing was sent.
    pub fn ponder(&mut self, turn: &Turn<'_>) -> Result<bool, Failure> {
        let Some(lines) = self.dialect.ponder(turn, &self.config) else {
            return Ok(false);
        };
        self.drain();
        for line in &lines {
            self.send(line)?;
        }
        self.pondering = true;
        Ok(true)
    }

    /// Whether a ponder search is running.
    pub fn is_pondering(&self) -> bool {
        self.pondering
    }

    /// The expected reply was played: sends `ponderhit` (UCCI's `ponderhit draw` when
    /// `draw`: the move came with a draw offer) and waits for the answer, due by
    /// `since + limit` (`since`: the opponent's move, when the engine's clock started)
    /// and timed from `since`. The `info` the ponder search printed counts for it.
    /// `None` when the engine had already answered while pondering (a premature
    /// `bestmove`, dropped): it is idle and must be asked afresh.
    pub fn ponder_hit(&mut self, draw: bool, since: Instant, limit: Duration) -> Option<Thought> {
        self.pondering = false;
        let mut thought = Thought::new();
        while let Some((text, _)) = self.link.poll() {
            if self.dialect.read(&text, &mut thought).is_some() {
                return None;
            }
        }
        let line = self.dialect.ponder_hit(draw);
        if let Err(e) = self.send(&line) {
            thought.reply = Reply::Failed(e);
            return Some(thought);
        }
        Some(self.answer(thought, since, limit))
    }

    /// Whether `line` is an answer to a search.
    fn is_answer(&mut self, line: &str) -> bool {
        self.dialect.read(line, &mut Thought::new()).is_some()
    }

    /// Ends a ponder search whose move was not played (or whose game ended): `stop`,
    /// its `bestmove` read and dropped, then `isready` and `readyok`, so that nothing of
    /// the search is left to be taken for a later answer. `Err` when the engine has not
    /// done so by `deadline` or is gone.
    pub fn stop_pondering(&mut self, deadline: Instant) -> Result<(), Failure> {
        self.pondering = false;
        let mut answered = false;
        while let Some((line, _)) = self.link.poll() {
            answered |= self.is_answer(&line);
        }
        if !answered {
            let stop = self.dialect.stop();
            self.send(stop)?;
            loop {
                let (line, _) = self.link.recv(deadline)?;
                if self.is_answer(&line) {
                    break;
                }
            }
        }
        // An engine that had answered before `stop` may answer it again (UCCI's
        // `nobestmove` when idle): that comes before `readyok`.
        if let Some((request, answer)) = self.dialect.sync() {
            self.send(&request)?;
            while self.link.recv(deadline)?.0.trim() != answer {}
        }
        Ok(())
    }

    /// Reads the engine's output up to its answer to a search timed from `start`, due
    /// by `start + limit`.
    fn answer(&mut self, mut thought: Thought, start: Instant, limit: Duration) -> Thought {
        let deadline = start + limit;
        loop {
            match self.link.recv(deadline) {
                Err(e) => {
                    thought.elapsed_ms = start.elapsed().as_millis() as u64;
                    thought.reply = Reply::Failed(e);
                    return thought;
                }
                Ok((line, at)) => {
                    if let Some(reply) = self.dialect.read(&line, &mut thought) {
                        thought.elapsed_ms = at.duration_since(start).as_millis() as u64;
                        thought.answered_at = Some(at);
                        thought.reply = reply;
                        return thought;
                    }
                }
            }
        }
    }

    /// Tells the engine how the game ended (CECP's `result`; nothing for UCI and UCCI):
    /// `result` is the PGN result, `reason` the words.
    pub fn game_over(&mut self, result: &str, reason: &str) {
        for line in self.dialect.game_over(result, reason) {
            if self.send(&line).is_err() {
                return;
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
        self.link.stdin = None;
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
        self.link.stdin = None;
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

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(c.square("a9"), "a10");
        assert_eq!(Coords::Iccs.square("e0"), "e0");
    }

    #[test]
    fn protocols_by_name() {
        assert_eq!(Protocol::parse("UCI"), Ok(Protocol::Uci));
        assert_eq!(Protocol::parse("ucci"), Ok(Protocol::Ucci));
        for name in ["cecp", "xboard", "WinBoard"] {
            assert!(is_cecp_name(name), "{name}");
            assert!(Protocol::parse(name).is_err(), "{name}");
        }
        assert!(!is_cecp_name("uci"));
        assert!(Protocol::parse("usi").is_err());
        assert!(EngineConfig::new("e", "e", Protocol::Ucci).sends_banmoves());
        assert!(!EngineConfig::new("e", "e", Protocol::Uci).sends_banmoves());
        assert!(!EngineConfig::cecp("e", "e").sends_banmoves());
    }
}
