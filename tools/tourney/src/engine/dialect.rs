//! What every engine dialect shares: the engine's configuration (protocol,
//! coordinates, limits, options), the errors and failures, the answers and thinking
//! output read back, the [`Turn`] the game loop hands over, the [`Dialect`] trait each
//! protocol's driver implements, and the [`Link`] (the pipe to the engine) it talks
//! through.

use std::fmt;
use std::io::Write;
use std::process::ChildStdin;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
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
}

/// Something the reader thread saw.
pub(super) enum Event {
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
    pub(super) fn new() -> Thought {
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

/// A reported score clamped to the mate range, so that an absurd report
/// (`score cp -2147483648`) stays a number the adjudication can negate and compare.
pub(super) fn clamp_score(v: i64) -> i32 {
    v.clamp(-i64::from(MATE_SCORE), i64::from(MATE_SCORE)) as i32
}

/// The score of a mate in `moves` moves (negative: being mated), engine's point of
/// view: ±(`MATE_SCORE` − moves).
pub(super) fn mate_score(moves: i64) -> i32 {
    let n = clamp_score(moves);
    if n >= 0 {
        MATE_SCORE - n
    } else {
        -MATE_SCORE - n
    }
}

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
    pub(super) stdin: Option<ChildStdin>,
    pub(super) rx: Receiver<Event>,
    pub(super) name: String,
    pub(super) debug: bool,
    pub(super) dead: bool,
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
