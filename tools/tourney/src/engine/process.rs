//! A running engine: the child process, its reader thread, the handshake and the
//! waiting, the same for every dialect.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::channel;
use std::thread;
use std::time::{Duration, Instant};

use super::cecp::Cecp;
use super::dialect::*;
use super::ucci::Ucci;
use super::uci::Uci;

// The drivers are chosen here, above them (the configuration below them only names
// the protocol).
impl Protocol {
    /// A fresh driver for this protocol.
    pub fn dialect(self) -> Box<dyn Dialect> {
        match self {
            Protocol::Ucci => Box::new(Ucci::default()),
            Protocol::Uci => Box::new(Uci),
        }
    }
}

impl EngineConfig {
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
