//! The dialect-free core of the protocol loop: the position with its history, the
//! settings, and a search running in its own thread while this one keeps handling input
//! (`isready`, `stop`, `ponderhit` and `quit` are honoured while thinking). What it has
//! to say is an [`Report`], which the chosen dialect's [`Speaker`] reads lines for and
//! words; nothing here knows a dialect's syntax.
//!
//! [`Core::run`] reads the input on a thread of its own and takes events from one
//! queue: the input's lines, and searches whose outcome comes back to this thread
//! ([`Answer::Event`]) rather than being worded where they ran: CECP's game layer
//! ([`Game`](super::game::Game)) plays the engine's move on its game here, so that the
//! game and what the GUI was told never disagree. That layer sits above the core: the
//! core knows it only as a [`GameLayer`], which the caller lends it.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::cecp::Cecp;
use super::command::{Command, Dialect, Go, PositionSource, ProtocolError};
use super::dialect::{HashEntry, Offer, Report, Speaker};
use super::dispatch;
use super::limits::{allowed_moves, limits_for};
use super::options::{self, Id, OptionError, OptionType, Spec, OPTIONS, RANDOMNESS};
use super::settings::Settings;
use crate::board::{perft, Move, Position};
use crate::book::{Book, BookMove};
use crate::eval::nnue::{self, Network};
use crate::input::{self, Line, MAX_LINE_BYTES};
use crate::search::{self, Config, Info, Limits, Outcome, Reporter, Shared, Status};

/// What the engine says when a command needs the position and the last one was refused.
const NO_POSITION: &str = "no position: the last one sent was refused; send a valid position first";

/// What a refused position leaves.
const NO_POSITION_YET: &str = "no position until a valid one is sent";

/// A score at or below this is hopeless: resign (UCCI and CECP, when allowed).
pub(super) const RESIGN_SCORE: i32 = -2_500;

/// Input lines read ahead of the one being handled, at most.
const QUEUED_LINES: usize = 64;

type Out = Arc<Mutex<Box<dyn Write + Send>>>;

/// Where the engine's reports go: worded by the chosen dialect, written as whole lines
/// to the shared output, each flushed.
#[derive(Clone)]
struct Output {
    out: Out,
    speaker: &'static dyn Speaker,
    /// Whether search progress (`info` lines, CECP's thinking output) is shown; CECP's
    /// `nopost` turns it off.
    shown: Arc<AtomicBool>,
    /// The latest progress of the running search, shown or not.
    progress: Arc<Mutex<Progress>>,
    /// Whether `info` lines carry win/draw/loss odds (`UCI_ShowWDL`).
    show_wdl: Arc<AtomicBool>,
}

/// How far the latest search has got, as its last reports said (CECP's `.` asks).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Progress {
    /// The depth of the last reported iteration.
    pub depth: i32,
    pub nodes: u64,
    pub time_ms: u64,
    /// The root move being searched and its number, once reported.
    pub current: Option<(Move, usize)>,
}

impl Output {
    fn write(&self, text: &str) {
        if let Ok(mut out) = self.out.lock() {
            let _ = writeln!(out, "{text}");
            let _ = out.flush();
        }
    }

    /// Writes `report` as the dialect words it (if it says anything).
    fn emit(&self, report: &Report<'_>) {
        if let Some(text) = self.speaker.word(report) {
            self.write(&text);
        }
    }

    /// A note for the GUI's log.
    fn message(&self, text: &str) {
        self.emit(&Report::Message(text));
    }

    /// A line of the engine's own reports.
    fn text(&self, line: &str) {
        self.emit(&Report::Text(line));
    }
}

impl Reporter for Output {
    fn problem(&self, text: &str) {
        self.message(&format!("error: {text}"));
    }

    fn info(&self, info: &Info) {
        if let Ok(mut progress) = self.progress.lock() {
            progress.depth = info.depth;
            progress.nodes = info.nodes;
            progress.time_ms = info.time_ms;
        }
        if !self.shown.load(Ordering::Relaxed) {
            return;
        }
        if self.show_wdl.load(Ordering::Relaxed) {
            let with_wdl = Info {
                wdl: Some(search::wdl::wdl(info.score, info.material)),
                ..info.clone()
            };
            self.emit(&Report::Info(&with_wdl));
        } else {
            self.emit(&Report::Info(info));
        }
    }

    fn status(&self, status: &Status) {
        if let Ok(mut progress) = self.progress.lock() {
            progress.nodes = status.nodes;
            progress.time_ms = status.time_ms;
        }
        if self.shown.load(Ordering::Relaxed) {
            self.emit(&Report::Status(status));
        }
    }

    fn currmove(&self, mv: Move, number: usize, depth: i32) {
        if let Ok(mut progress) = self.progress.lock() {
            progress.current = Some((mv, number));
        }
        if self.shown.load(Ordering::Relaxed) {
            self.emit(&Report::CurrMove { mv, number, depth });
        }
    }
}

/// What a search thread does with its outcome.
pub(super) enum Answer {
    /// Words the dialect's `bestmove` itself (UCI, UCCI); `draw_offered`: the
    /// opponent offered a draw (`go draw`).
    BestMove { draw_offered: bool },
    /// Hands the outcome back to the protocol loop ([`Core::run`]) as an event, for
    /// the CECP game to answer with.
    Event,
}

/// What the protocol loop waits for.
enum Event {
    /// A line of input (without its end).
    Line(Vec<u8>),
    /// A line longer than [`MAX_LINE_BYTES`], dropped: its first bytes and its length.
    TooLong { head: Vec<u8>, bytes: u64 },
    /// The end of input.
    End,
    /// Reading the input failed.
    ReadError(io::Error),
    /// The search `job` ended with `outcome` ([`Answer::Event`]).
    Finished { job: u64, outcome: Outcome },
}

/// A search, `go perft` or `bench` in progress, on its own thread so that `stop`,
/// `isready` and `quit` are answered meanwhile.
struct Thinking {
    /// `None` when no thread could be started and the job ran on the input thread.
    handle: Option<JoinHandle<()>>,
    /// Set once the job has printed its answer (the thread then just exits).
    answered: Arc<AtomicBool>,
    /// Set by `stop` for `go perft` and `bench`.
    cancel: Arc<AtomicBool>,
    /// The table of a `bench` (its own, so that its signature does not depend on the
    /// Hash option), whose searches a `stop` must end too.
    bench: Option<Arc<Shared>>,
    /// A search (`go`), not a count (`go perft`, `bench`).
    search: bool,
    /// Its number (searches are numbered from 1; counts are 0).
    job: u64,
}

impl Thinking {
    fn is_finished(&self) -> bool {
        self.handle.as_ref().is_none_or(JoinHandle::is_finished)
    }

    fn join(self) {
        if let Some(handle) = self.handle {
            let _ = handle.join();
        }
    }
}

/// Runs `work` on a thread `builder` starts; when none can be started (the system's
/// limit on threads or memory), calls `refused` with why (to say so, and to make the
/// work quick: the input is not read meanwhile) and runs it here, on the calling thread.
/// `None` then.
fn spawn_or_run<F: FnOnce() + Send + 'static>(
    builder: std::thread::Builder,
    work: F,
    refused: impl FnOnce(std::io::Error),
) -> Option<JoinHandle<()>> {
    let slot = Arc::new(Mutex::new(Some(work)));
    let theirs = Arc::clone(&slot);
    let take = |slot: &Mutex<Option<F>>| slot.lock().ok().and_then(|mut w| w.take());
    match builder.spawn(move || {
        if let Some(work) = take(&theirs) {
            work();
        }
    }) {
        Ok(handle) => Some(handle),
        Err(e) => {
            refused(e);
            if let Some(work) = take(&slot) {
                work();
            }
            None
        }
    }
}

/// What the core needs of CECP's game layer, which stands above it (and is lent to the
/// core's loop by the [`Engine`](super::session::Engine) that owns both).
pub trait GameLayer {
    /// Acts on a CECP command.
    fn handle(&mut self, core: &mut Core, command: Cecp);

    /// The search `job` ended with `outcome` (a search the layer started to answer
    /// with [`Answer::Event`], or an older one, which the layer ignores).
    fn finished(&mut self, core: &mut Core, job: u64, outcome: Outcome);

    /// The position of the game; `None` after a refused setup.
    fn position(&self) -> Option<&Position>;

    /// A setup was refused without being read (a `setboard` line too long): the game
    /// has no position until the next valid one.
    fn refuse_setup(&mut self, core: &mut Core);
}

/// The dialect-free core of the engine as the protocol loop sees it.
pub struct Core {
    output: Output,
    /// Whether a hello word has chosen the dialect (the first one does).
    chosen: bool,
    /// The position `go` searches; `None` after a refused `position` (or `fen`), until
    /// a valid one: the engine then searches nothing rather than a stale position.
    position: Option<Position>,
    banned: Vec<Move>,
    settings: Settings,
    shared: Arc<Shared>,
    thinking: Option<Thinking>,
    /// The number of the last search started.
    jobs: u64,
    /// The protocol loop's queue: [`Core::run`]'s input thread and the searches that
    /// answer with an event send to it.
    events: Sender<Event>,
    inbox: Receiver<Event>,
}

impl Core {
    /// A new core writing its replies to `out`, at the start position.
    pub fn new(out: impl Write + Send + 'static) -> Core {
        let settings = Settings::default();
        let (events, inbox) = mpsc::channel();
        Core {
            output: Output {
                out: Arc::new(Mutex::new(Box::new(out))),
                speaker: dispatch::speaker(Dialect::Uci),
                shown: Arc::new(AtomicBool::new(true)),
                progress: Arc::new(Mutex::new(Progress::default())),
                show_wdl: Arc::new(AtomicBool::new(false)),
            },
            chosen: false,
            position: Some(Position::startpos()),
            banned: Vec::new(),
            shared: Arc::new(Shared::new(settings.hash_mb)),
            settings,
            thinking: None,
            jobs: 0,
            events,
            inbox,
        }
    }

    /// Reads commands from `input` until `quit` or end of input, CECP's handed to
    /// `game`. The input is read on a thread of its own (at most [`QUEUED_LINES`] lines
    /// ahead), so that a search's outcome that comes back as an event is answered while
    /// no input comes.
    ///
    /// # Errors
    /// Only when reading the input fails.
    pub fn run(
        &mut self,
        input: impl BufRead + Send + 'static,
        game: &mut dyn GameLayer,
    ) -> io::Result<()> {
        let (permits, permit) = mpsc::sync_channel(QUEUED_LINES);
        for _ in 0..QUEUED_LINES {
            let _ = permits.try_send(());
        }
        let events = self.events.clone();
        std::thread::Builder::new()
            .name("input".into())
            .spawn(move || read_input(input, &events, &permit))?;
        loop {
            // The engine holds a sender itself: the queue never runs dry.
            let Ok(event) = self.inbox.recv() else {
                return Ok(());
            };
            match event {
                Event::Line(bytes) => {
                    let going = self.handle_line(&String::from_utf8_lossy(&bytes), game);
                    let _ = permits.try_send(());
                    if !going {
                        return Ok(());
                    }
                }
                Event::TooLong { head, bytes } => {
                    self.refuse_overlong(&String::from_utf8_lossy(&head), bytes, game);
                    let _ = permits.try_send(());
                }
                Event::End => {
                    // Finish cleanly: a running search is stopped (and answers, a CECP
                    // game's with its move); a perft or bench that a script asked for is
                    // finished first.
                    self.wait_for_count();
                    self.stop_and_wait();
                    self.deliver_finished(game);
                    self.stop_and_wait();
                    return Ok(());
                }
                Event::ReadError(e) => return Err(e),
                Event::Finished { job, outcome } => self.finished(job, outcome, game),
            }
        }
    }

    /// A search that answers with an event has ended: its thread is joined and the CECP
    /// game answers (when the search is still the game's).
    fn finished(&mut self, job: u64, outcome: Outcome, game: &mut dyn GameLayer) {
        if self.thinking.as_ref().is_some_and(|t| t.job == job) {
            if let Some(t) = self.thinking.take() {
                t.join();
            }
        }
        game.finished(self, job, outcome);
    }

    /// The position a search would start from now: the one the last `position` set
    /// (UCI, UCCI), or the CECP game's; `None` when the last one was refused.
    pub fn position<'a>(&'a self, game: &'a dyn GameLayer) -> Option<&'a Position> {
        if self.output.speaker.dialect() == Dialect::Xboard {
            game.position()
        } else {
            self.position.as_ref()
        }
    }

    /// Ends whatever runs (a search answers as it was told to; a CECP game plays its
    /// move) and answers what it left, until the engine is idle: for harnesses that
    /// check each answer against the position it was given (the protocol fuzz target).
    pub fn settle(&mut self, game: &mut dyn GameLayer) {
        // A `go perft` or `bench` is stopped too (not waited for: `go perft 64` would
        // never end). The stopped job's event is in the queue once its thread is
        // joined; a CECP game may start another search as it answers it (pondering,
        // analysis), which the next round ends.
        for _ in 0..8 {
            self.stop_and_wait();
            self.deliver_finished(game);
            if self.thinking.is_none() {
                return;
            }
        }
    }

    /// Writes `line` as it is (a dialect's own words, such as CECP's `move` and
    /// `feature` lines).
    pub(super) fn say(&self, line: &str) {
        self.output.write(line);
    }

    /// The option values.
    pub(super) fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Asks the running search to stop; it answers as it was told to.
    pub(super) fn request_stop(&self) {
        self.shared.request_stop();
    }

    /// A new game: the table and the move statistics are cleared.
    pub(super) fn clear_game(&self) {
        self.shared.clear();
    }

    /// Turns the search progress reports (`info`, thinking output) on or off.
    pub(super) fn show_progress(&self, on: bool) {
        self.output.shown.store(on, Ordering::Relaxed);
    }

    /// How far the latest search has got.
    pub(super) fn progress(&self) -> Progress {
        self.output.progress.lock().map(|p| *p).unwrap_or_default()
    }

    fn is_thinking(&mut self) -> bool {
        if let Some(t) = &self.thinking {
            if t.is_finished() || t.answered.load(Ordering::SeqCst) {
                if let Some(t) = self.thinking.take() {
                    t.join();
                }
                return false;
            }
            return true;
        }
        false
    }

    /// Waits for a `go perft` or `bench` in progress to finish. Commands other than
    /// `stop` and `quit` wait for one, as they would in engines that count on the input
    /// thread, so that a script's lines keep their order; `stop` and `quit` end it.
    fn wait_for_count(&mut self) {
        if self.thinking.as_ref().is_some_and(|t| !t.search) {
            if let Some(t) = self.thinking.take() {
                t.join();
            }
        }
    }

    /// Stops the job in progress, if any, and waits for its thread (which prints the
    /// search's `bestmove`, or says that a perft or bench was stopped).
    pub(super) fn stop_and_wait(&mut self) {
        if let Some(t) = self.thinking.take() {
            t.cancel.store(true, Ordering::SeqCst);
            self.shared.pondering.store(false, Ordering::SeqCst);
            // A bench clears its stop flag as each position's search starts: keep asking
            // until the thread has gone.
            loop {
                self.shared.request_stop();
                if let Some(bench) = &t.bench {
                    bench.request_stop();
                }
                if t.is_finished() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(1));
            }
            t.join();
        }
    }

    /// Handles one line; `false` after `quit`. Searches that ended since the last line
    /// and answer with an event are answered first (as [`Core::run`] answers them at
    /// once).
    pub fn handle(&mut self, line: &str, game: &mut dyn GameLayer) -> bool {
        self.deliver_finished(game);
        if line.len() > MAX_LINE_BYTES {
            let head: String = line.chars().take(input::HEAD_BYTES).collect();
            self.refuse_overlong(&head, line.len() as u64, game);
            return true;
        }
        self.handle_line(line, game)
    }

    /// A line longer than [`MAX_LINE_BYTES`] was dropped unread (`head`: its start):
    /// it is refused with an error line, and none of it is acted on. When it was meant
    /// to set the position (`position`, `fen`, `startpos`; CECP's `setboard`), the
    /// engine is left without one, as after any refused position: it must not search
    /// the position before it as if it were the one the GUI sent.
    fn refuse_overlong(&mut self, head: &str, bytes: u64, game: &mut dyn GameLayer) {
        let error = ProtocolError::TooLong {
            bytes,
            max: MAX_LINE_BYTES,
        };
        self.output.emit(&Report::Rejected {
            line: head,
            error: &error,
        });
        let word = head.split_whitespace().next().unwrap_or("");
        if self.output.speaker.dialect() == Dialect::Xboard {
            if word == "setboard" {
                game.refuse_setup(self);
            }
        } else if matches!(word, "position" | "fen" | "startpos") && !self.is_thinking() {
            self.position = None;
            self.banned.clear();
        }
    }

    /// The position held, or an error line saying that there is none (`what`: the
    /// command that needed it).
    fn held(&self, what: &str) -> Option<&Position> {
        if self.position.is_none() {
            self.output
                .message(&format!("error: {what}: {NO_POSITION}"));
        }
        self.position.as_ref()
    }

    /// Answers the searches that have ended and wait in the queue (outside
    /// [`Core::run`] nothing else is queued).
    fn deliver_finished(&mut self, game: &mut dyn GameLayer) {
        while let Ok(event) = self.inbox.try_recv() {
            if let Event::Finished { job, outcome } = event {
                self.finished(job, outcome, game);
            }
        }
    }

    fn handle_line(&mut self, line: &str, game: &mut dyn GameLayer) -> bool {
        let command = match dispatch::read(self.output.speaker.dialect(), line) {
            Ok(command) => command,
            Err(error) => {
                self.output.emit(&Report::Rejected {
                    line,
                    error: &error,
                });
                return true;
            }
        };
        if !matches!(command, Command::Stop | Command::Quit) {
            self.wait_for_count();
        }
        let counting = self.thinking.as_ref().is_some_and(|t| !t.search);
        let thinking = self.is_thinking();
        match command {
            Command::Nothing => {}
            Command::IsReady => self.output.emit(&Report::Ready),
            Command::Quit => {
                self.stop_and_wait();
                self.output.emit(&Report::Bye);
                return false;
            }
            Command::Stop => {
                if thinking {
                    // A search answers with its bestmove; a count just ends.
                    self.stop_and_wait();
                }
                if !thinking || counting {
                    // No search was running: no move to give.
                    self.output.emit(&Report::NothingToStop);
                }
            }
            Command::PonderHit { draw } => {
                if thinking {
                    if draw {
                        self.output.message("draw offer noted");
                    }
                    self.shared.ponderhit();
                } else {
                    self.output.message("error: ponderhit while not pondering");
                }
            }
            Command::Xboard(command) => game.handle(self, command),
            _ if thinking => {
                self.output.message("error: busy thinking; send stop first (only isready, stop, ponderhit and quit are taken now)");
            }
            Command::Hello(dialect) => self.hello(dialect),
            Command::NewGame => {
                self.shared.clear();
                self.position = Some(Position::startpos());
                self.banned.clear();
            }
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::Position { source, moves } => {
                // Taken whole or not at all: a refused position leaves none.
                self.position = self.build_position(&source, &moves);
                self.banned.clear();
            }
            Command::BanMoves(moves) => self.ban(&moves),
            Command::Go(go) => self.go(go),
            Command::Perft(depth) => self.perft(depth),
            Command::Probe { source, moves } => self.probe(&source, &moves),
            Command::Display => {
                if let Some(position) = self.held("d") {
                    self.output.text(&position.to_string());
                }
            }
            Command::Eval => {
                if let Some(position) = self.held("eval") {
                    let report = crate::eval::trace_with_nnue(
                        position,
                        self.settings.net.as_deref(),
                        self.settings.use_nnue,
                    );
                    for line in report.lines() {
                        self.output.text(line);
                    }
                }
            }
            Command::Bench(depth) => self.bench(depth),
        }
        true
    }

    fn hello(&mut self, dialect: Dialect) {
        if !self.chosen {
            self.output.speaker = dispatch::speaker(dialect);
            self.chosen = true;
        }
        let dialect = self.output.speaker.dialect();
        self.output.emit(&Report::Identity);
        for spec in OPTIONS
            .iter()
            .filter(|s| s.only.is_none_or(|d| d == dialect))
        {
            let mut spec = *spec;
            if spec.id == Id::UseNnue {
                // Off when there is no net to use (an invalid embedded net).
                spec.kind = OptionType::Check {
                    default: self.settings.use_nnue,
                };
            }
            self.output.emit(&Report::Option(&spec));
        }
        // A tuning build offers the search parameters (for `trainer spsa`).
        #[cfg(feature = "tune")]
        for t in crate::search::params::TUNABLES {
            let spec = Spec {
                id: Id::Ignored,
                uci: t.name,
                ucci: t.name,
                kind: OptionType::Spin {
                    default: i64::from(t.default),
                    min: i64::from(t.min),
                    max: i64::from(t.max),
                },
                only: None,
            };
            self.output.emit(&Report::Option(&spec));
        }
        if let Err(e) = nnue::embedded() {
            self.output.message(&format!(
                "error: the embedded network is invalid ({e}); evaluating with the HCE"
            ));
        }
        self.output.emit(&Report::HelloDone);
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        #[cfg(feature = "tune")]
        if let Some(v) = value.and_then(|v| v.trim().parse::<i32>().ok()) {
            if crate::search::params::set_tunable(&name.to_ascii_uppercase(), v) {
                return;
            }
        }
        let Some(spec) = options::find(name) else {
            if options::UCCI_TOLERATED
                .iter()
                .any(|n| n.eq_ignore_ascii_case(name))
            {
                return;
            }
            return self.output.message(&format!(
                "error: unknown option '{}'",
                name.chars().take(40).collect::<String>()
            ));
        };
        let value = value.unwrap_or("").trim();
        if let Err(e) = self.apply_option(spec, value) {
            self.output.message(&format!(
                "error: option {}: {e}",
                self.output.speaker.option_name(spec)
            ));
        }
    }

    /// Sets the option `spec` to `value`; on error it keeps its value.
    ///
    /// # Errors
    /// Why the value was refused.
    /// Starts (or ends) the search's helper threads to match `Threads`, so that they are
    /// parked and ready before the next `go`. Threads that cannot be started are said by
    /// each search (one error line), which goes on with the threads it has.
    fn start_helpers(&self) {
        let _ = self.shared.set_threads(self.settings.threads);
    }

    pub(super) fn apply_option(&mut self, spec: &Spec, value: &str) -> Result<(), OptionError> {
        match spec.id {
            Id::Hash => {
                let mb = match spec.spin_value(value)? {
                    0 => Settings::default_hash_mb(),
                    n => n as usize,
                };
                if mb != self.settings.hash_mb {
                    // The old table stays when the new one cannot be had.
                    let shared = Shared::try_new(mb).map_err(|reason| OptionError::NoTable {
                        reason,
                        keeping_mb: self.settings.hash_mb,
                    })?;
                    self.settings.hash_mb = mb;
                    self.shared = Arc::new(shared);
                    self.start_helpers();
                }
            }
            Id::Threads => {
                // More threads than the machine runs at once only make each search
                // answer late: they are capped ([`input::search_thread_cap`]), and said so.
                let cap = input::search_thread_cap(search::MAX_THREADS);
                self.settings.threads = match spec.spin_value(value)? {
                    0 => cap,
                    n if n as usize > cap => {
                        self.output.message(&format!(
                            "warning: {} {n} is more than the {cap} thread{} this machine runs \
                             at once; searching with {cap} ({} sets another cap)",
                            self.output.speaker.option_name(spec),
                            if cap == 1 { "" } else { "s" },
                            input::THREAD_CAP_VAR
                        ));
                        cap
                    }
                    n => n as usize,
                };
                self.start_helpers();
            }
            Id::MultiPv => self.settings.multipv = spec.spin_value(value)? as usize,
            Id::MoveOverhead => self.settings.move_overhead_ms = spec.spin_value(value)? as u64,
            Id::ClearHash => self.shared.tt.clear(),
            Id::UseMillisec => self.settings.use_millisec = options::check_value(value)?,
            Id::Rule60 => self.settings.rule60 = options::check_value(value)?,
            Id::RepetitionRule => {
                self.settings.rule_set = value
                    .parse()
                    .map_err(|_| OptionError::UnknownRuleSet(value.to_string()))?;
            }
            Id::DrawOffers => self.settings.draw_offers = options::check_value(value)?,
            Id::Resign => self.settings.resign = options::check_value(value)?,
            Id::Debug => self.settings.debug = options::check_value(value)?,
            Id::Ponder | Id::Batch => {
                options::check_value(value)?;
            }
            Id::Variant => {
                if !value.eq_ignore_ascii_case("xiangqi") {
                    return Err(OptionError::NotXiangqi(value.to_string()));
                }
            }
            Id::EvalFile => self.load_net(value)?,
            Id::UseNnue => {
                let on = options::check_value(value)?;
                if on && self.settings.net.is_none() {
                    return Err(OptionError::NoNetwork);
                }
                if on != self.settings.use_nnue {
                    // Stored static evaluations came from the other evaluator.
                    self.shared.tt.clear();
                }
                self.settings.use_nnue = on;
            }
            Id::SkillLevel => self.settings.skill_level = spec.spin_value(value)?,
            Id::LimitStrength => self.settings.limit_strength = options::check_value(value)?,
            Id::Elo => self.settings.elo = spec.spin_value(value)?,
            Id::Randomness => {
                self.settings.randomness = value.parse().map_err(|()| OptionError::NotAChoice {
                    value: value.chars().take(40).collect(),
                    choices: RANDOMNESS,
                })?;
            }
            Id::ShowWdl => {
                let on = options::check_value(value)?;
                self.output.show_wdl.store(on, Ordering::Relaxed);
            }
            Id::OwnBook => self.settings.own_book = options::check_value(value)?,
            Id::BookFile => self.load_book(value)?,
            Id::Ignored => {}
        }
        Ok(())
    }

    /// `EvalFile`: loads the net `value` names (empty or `<embedded>`: the embedded
    /// one). On error the current net stays.
    fn load_net(&mut self, value: &str) -> Result<(), OptionError> {
        let embedded = value.is_empty() || value.eq_ignore_ascii_case(nnue::EMBEDDED_NAME);
        let loaded = if embedded {
            nnue::embedded()
        } else {
            Network::load(std::path::Path::new(value)).map(Arc::new)
        };
        let net = loaded.map_err(|error| OptionError::NetNotLoaded {
            name: value.chars().take(200).collect(),
            error,
            keeping: self
                .settings
                .net
                .as_ref()
                .map(|_| self.settings.eval_file.clone()),
        })?;
        let changed = self
            .settings
            .net
            .as_ref()
            .is_none_or(|old| old.hash() != net.hash());
        if changed && self.settings.use_nnue {
            self.shared.tt.clear();
        }
        self.settings.eval_file = if embedded {
            nnue::EMBEDDED_NAME.to_string()
        } else {
            value.to_string()
        };
        self.output.message(&format!(
            "EvalFile: using '{}' (net {:016x}){}",
            self.settings.eval_file,
            net.hash(),
            if self.settings.use_nnue {
                ""
            } else {
                "; Use NNUE is off"
            }
        ));
        self.settings.net = Some(net);
        Ok(())
    }

    /// `BookFile`: loads the book `value` names (empty or `<empty>`: no book). On error
    /// the engine plays without a book.
    fn load_book(&mut self, value: &str) -> Result<(), OptionError> {
        self.settings.book = None;
        self.settings.book_file = value.to_string();
        if value.is_empty() || value.eq_ignore_ascii_case("<empty>") {
            return Ok(());
        }
        let book = Book::load(std::path::Path::new(value)).map_err(|error| {
            OptionError::BookNotLoaded {
                name: value.chars().take(200).collect(),
                error,
            }
        })?;
        self.output.message(&format!(
            "BookFile: '{value}' holds {} moves{}",
            book.len(),
            if self.settings.own_book {
                ""
            } else {
                "; OwnBook is off"
            }
        ));
        self.settings.book = Some(Arc::new(book));
        Ok(())
    }

    /// A book move for `go` when the book is on and has one among the `allowed` moves
    /// (not for `infinite` or `ponder`, which are analysis).
    fn book_move(&self, limits: &Limits, allowed: &[Move]) -> Option<BookMove> {
        if !self.settings.own_book || limits.infinite || limits.ponder {
            return None;
        }
        let book = self.settings.book.as_ref()?;
        let position = self.position.as_ref()?;
        let mut dice = search::skill::Dice::new(position.key());
        let (choice, mirror) = (dice.next_unit(), dice.next_unit());
        book.pick(position, choice, mirror, |mv| allowed.contains(&mv))
    }

    fn build_position(&self, source: &PositionSource, moves: &[String]) -> Option<Position> {
        let mut position = match source {
            PositionSource::Startpos => Position::startpos(),
            PositionSource::Fen(fen) => match Position::from_fen(fen) {
                Ok(pos) => pos,
                Err(e) => {
                    self.output.message(&format!(
                        "error: invalid FEN ({e}); position refused: {NO_POSITION_YET}"
                    ));
                    return None;
                }
            },
        };
        for (i, text) in moves.iter().enumerate() {
            if let Err(e) = position.try_play(text) {
                self.output.message(&format!(
                    "error: move {} ({e}); position refused: {NO_POSITION_YET}",
                    i + 1
                ));
                return None;
            }
        }
        Some(position)
    }

    fn ban(&mut self, moves: &[String]) {
        let Some(position) = self.held("banmoves") else {
            return;
        };
        let mut banned = Vec::new();
        for text in moves {
            match position.parse_move(text) {
                Ok(mv) => banned.push(mv),
                Err(e) => self
                    .output
                    .message(&format!("error: banmoves: {e}; not banned")),
            }
        }
        self.banned.extend(banned);
    }

    fn go(&mut self, go: Go) {
        for w in &go.warnings {
            self.output.message(&format!("error: {w}"));
        }
        let unit = self.output.speaker.time_unit(self.settings.use_millisec);
        let answer = Answer::BestMove {
            draw_offered: go.draw,
        };
        let Some(position) = self.position.clone() else {
            // A refused position: nothing is searched, and the dialect's "no move"
            // answers (after `stop` or `ponderhit` for `infinite` and `ponder`).
            self.output.message(&format!("error: go: {NO_POSITION}"));
            let limits = limits_for(&go, crate::board::Color::Red, unit);
            self.answer_nothing(limits, answer);
            return;
        };
        let mut limits = limits_for(&go, position.side_to_move(), unit);
        let root = allowed_moves(&position, &self.banned, &go.searchmoves);
        for e in &root.errors {
            self.output.message(&format!("error: searchmoves: {e}"));
        }
        if root.searchmoves_ignored {
            self.output
                .message("error: searchmoves names no legal move; searching every allowed move");
        }
        limits.search_moves = root.restriction();
        if root.allowed.is_empty() {
            // Mated, stalemated, or every move banned.
            if root.legal > 0 {
                self.output
                    .message("error: every legal move is banned or excluded");
            }
            self.answer_nothing(limits, answer);
            return;
        }
        if let Some(hit) = self.book_move(&limits, &root.allowed) {
            self.output.message(&format!(
                "book move {} (weight {}, {} games)",
                hit.mv, hit.weight, hit.games
            ));
            self.output.emit(&Report::BestMove {
                best: hit.mv,
                ponder: None,
                offer: None,
            });
            return;
        }
        self.start_search(position, limits, answer);
    }

    /// Answers a `go` with nothing to search: the dialect's "no move", at once, or
    /// after `stop` or `ponderhit` for `infinite` and `ponder` (which answer only then).
    fn answer_nothing(&mut self, limits: Limits, answer: Answer) {
        if limits.infinite || limits.ponder {
            let position = self.position.clone().unwrap_or_else(Position::startpos);
            self.spawn_search(position, limits, answer, false);
        } else {
            self.output.emit(&Report::NoMove);
        }
    }

    /// Starts a search of `position` under `limits` on its own thread, with the
    /// options' settings; it answers as `answer` says. Returns the search's number.
    pub(super) fn start_search(
        &mut self,
        position: Position,
        limits: Limits,
        answer: Answer,
    ) -> u64 {
        self.spawn_search(position, limits, answer, true)
    }

    /// [`Core::start_search`]; with `searchable` false there is no move to search
    /// (the thread only waits for `stop` or `ponderhit` and answers that it has none).
    fn spawn_search(
        &mut self,
        position: Position,
        limits: Limits,
        answer: Answer,
        searchable: bool,
    ) -> u64 {
        let config = Config {
            threads: self.settings.threads,
            multipv: if self.output.speaker.multipv() {
                self.settings.multipv
            } else {
                1
            },
            move_overhead: Duration::from_millis(self.settings.move_overhead_ms),
            rule60: self.settings.rule60,
            rule_set: self.settings.rule_set,
            net: self.settings.search_net(),
            strength: self.settings.strength(),
        };
        self.jobs += 1;
        let job = self.jobs;
        if let Ok(mut progress) = self.output.progress.lock() {
            *progress = Progress::default();
        }
        let shared = Arc::clone(&self.shared);
        let output = self.output.clone();
        let settings = self.settings.clone();
        let events = self.events.clone();
        let answered = Arc::new(AtomicBool::new(false));
        let answered_flag = Arc::clone(&answered);
        self.shared.stop.store(false, Ordering::SeqCst);
        self.shared.halted.store(false, Ordering::SeqCst);
        self.shared.pondering.store(limits.ponder, Ordering::SeqCst);
        // Set when no thread can be started: the search then runs on the input thread,
        // where `stop` cannot reach it, so it is made a depth-1 search.
        let quick = Arc::new(AtomicBool::new(false));
        let quick_flag = Arc::clone(&quick);
        let handle = spawn_or_run(
            std::thread::Builder::new()
                .name("search".into())
                .stack_size(32 << 20),
            move || {
                let limits = if quick_flag.load(Ordering::SeqCst) {
                    Limits {
                        depth: Some(1),
                        search_moves: limits.search_moves,
                        ..Limits::default()
                    }
                } else {
                    limits
                };
                let started = Instant::now();
                let outcome = if searchable {
                    search::search(&position, &limits, &config, &shared, &output)
                } else {
                    Outcome::none()
                };
                // With `infinite` or `ponder`, answer only after `stop` or `ponderhit`.
                // (The search itself sets `stop` as it ends; `halted` is the GUI's.)
                while (limits.infinite || shared.pondering.load(Ordering::SeqCst))
                    && !shared.halted.load(Ordering::SeqCst)
                {
                    std::thread::sleep(Duration::from_millis(1));
                }
                if settings.debug {
                    output.message(&format!(
                        "searched {} nodes in {} ms",
                        outcome.nodes,
                        started.elapsed().as_millis()
                    ));
                }
                match answer {
                    Answer::BestMove { draw_offered } => {
                        let reply = output.speaker.word(&search_answer(
                            &position,
                            &outcome,
                            &settings,
                            draw_offered,
                        ));
                        // Mark the search answered first: a GUI that reacts to
                        // `bestmove` at once must find the engine idle.
                        answered_flag.store(true, Ordering::SeqCst);
                        if let Some(text) = reply {
                            output.write(&text);
                        }
                    }
                    Answer::Event => {
                        let _ = events.send(Event::Finished { job, outcome });
                        answered_flag.store(true, Ordering::SeqCst);
                    }
                }
            },
            |e| {
                self.output.message(&format!(
                    "error: cannot start the search thread ({e}); a depth-1 search on the \
                     input thread answers instead"
                ));
                quick.store(true, Ordering::SeqCst);
                self.shared.pondering.store(false, Ordering::SeqCst);
            },
        );
        self.thinking = Some(Thinking {
            handle,
            answered,
            cancel: Arc::new(AtomicBool::new(false)),
            bench: None,
            search: true,
            job,
        });
        job
    }

    /// Runs `job` on its own thread as the job in progress; it is told whether `stop`
    /// cancelled it. When no thread can be started, says so (`what`: the job's name)
    /// and runs nothing: on the input thread, `stop` could not end it.
    fn start_job(
        &mut self,
        what: &str,
        bench: Option<Arc<Shared>>,
        job: impl FnOnce(&AtomicBool) + Send + 'static,
    ) {
        let answered = Arc::new(AtomicBool::new(false));
        let cancel = Arc::new(AtomicBool::new(false));
        let (answered_flag, cancel_flag) = (Arc::clone(&answered), Arc::clone(&cancel));
        let spawned = std::thread::Builder::new()
            .name("job".into())
            .spawn(move || {
                job(&cancel_flag);
                answered_flag.store(true, Ordering::SeqCst);
            });
        let handle = match spawned {
            Ok(handle) => handle,
            Err(e) => {
                self.output
                    .message(&format!("error: cannot start the {what} thread ({e})"));
                return;
            }
        };
        self.thinking = Some(Thinking {
            handle: Some(handle),
            answered,
            cancel,
            bench,
            search: false,
            job: 0,
        });
    }

    /// `go perft <depth>`: the count below each root move and the total, with the
    /// `Threads` option's workers; `stop` ends it.
    fn perft(&mut self, depth: u32) {
        let Some(position) = self.held("go perft").cloned() else {
            return;
        };
        let threads = self.settings.threads;
        let output = self.output.clone();
        self.start_job("perft", None, move |cancel| {
            let start = Instant::now();
            let Some(split) = perft::divide_until(&position, depth, threads, cancel) else {
                output.message(&format!("perft {depth} stopped"));
                return;
            };
            let mut total = 0;
            for (mv, nodes) in &split {
                total += nodes;
                output.text(&format!("{mv}: {nodes}"));
            }
            if depth == 0 {
                total = 1;
            }
            let ms = start.elapsed().as_millis();
            output.text("");
            output.text(&format!("Nodes searched: {total}"));
            output.message(&format!(
                "perft {depth}: {total} nodes in {ms} ms ({threads} threads)"
            ));
        });
    }

    /// `bench [depth]`: the bench positions with the evaluation the options choose;
    /// `stop` ends it.
    fn bench(&mut self, depth: Option<i32>) {
        let depth = depth.unwrap_or(search::bench::DEPTH);
        let net = self.settings.search_net();
        self.output.message(&format!(
            "bench evaluates with {}",
            if net.is_some() { "NNUE" } else { "the HCE" }
        ));
        let table = match Shared::try_new(16) {
            Ok(shared) => Arc::new(shared),
            Err(e) => {
                self.output.message(&format!("error: bench: {e}"));
                return;
            }
        };
        let output = self.output.clone();
        let shared = Arc::clone(&table);
        self.start_job("bench", Some(table), move |cancel| {
            let line = |i: usize, fen: &str, n: u64| {
                output.text(&format!("position {i:>2}: {n:>10} nodes  {fen}"));
            };
            match search::bench::run_until(depth, net, &shared, cancel, line) {
                Some((nodes, nps)) => {
                    output.text(&format!("Total nodes: {nodes}"));
                    output.text(&format!("{nodes} nodes {nps} nps"));
                }
                None => output.message("bench stopped"),
            }
        });
    }

    fn probe(&self, source: &PositionSource, moves: &[String]) {
        let Some(pos) = self.build_position(source, moves) else {
            return;
        };
        let entry = self.shared.tt.probe(pos.key(), 0).map(|t| HashEntry {
            best: t.mv.filter(|&m| pos.is_legal(m)),
            bound: t.bound,
            score: t.score,
            depth: t.depth,
        });
        self.output.emit(&Report::Probed(entry));
    }
}

/// The search's answer: its move, the reply it expects when that is legal, and a
/// draw offer or resignation as the settings allow (only UCCI words those); no move
/// when it found none.
fn search_answer(
    pos: &Position,
    outcome: &Outcome,
    settings: &Settings,
    draw_offered: bool,
) -> Report<'static> {
    let Some(best) = outcome.best else {
        return Report::NoMove;
    };
    let ponder = outcome.ponder.filter(|&ponder| {
        let mut after = pos.clone();
        after.make_move(best);
        after.is_legal(ponder)
    });
    let offer = if settings.resign && outcome.score <= RESIGN_SCORE {
        Some(Offer::Resign)
    } else if settings.draw_offers
        && (pos.neither_side_can_attack() || (draw_offered && outcome.score <= 0))
    {
        Some(Offer::Draw)
    } else {
        None
    };
    Report::BestMove {
        best,
        ponder,
        offer,
    }
}

/// The input thread of [`Core::run`]: each line (taking a permit first, so that at
/// most the permits' number of lines wait) as [`input::read_line`] reads it, then the
/// end of input or the read error.
fn read_input(mut input: impl BufRead, events: &Sender<Event>, permit: &Receiver<()>) {
    loop {
        if permit.recv().is_err() {
            return;
        }
        let event = match input::read_line(&mut input, MAX_LINE_BYTES) {
            Ok(Line::End) => Event::End,
            Ok(Line::Whole(bytes)) => Event::Line(bytes),
            Ok(Line::TooLong { head, bytes }) => Event::TooLong { head, bytes },
            Err(e) => Event::ReadError(e),
        };
        let last = matches!(event, Event::End | Event::ReadError(_));
        if events.send(event).is_err() || last {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_whose_thread_cannot_start_runs_here() {
        // A stack larger than any address space: the thread cannot be started.
        let ran = Arc::new(AtomicBool::new(false));
        let ran_flag = Arc::clone(&ran);
        let mut why = None;
        let handle = spawn_or_run(
            std::thread::Builder::new().stack_size(1 << 50),
            move || ran_flag.store(true, Ordering::SeqCst),
            |e| why = Some(e.to_string()),
        );
        assert!(handle.is_none());
        assert!(why.is_some());
        assert!(ran.load(Ordering::SeqCst), "the work ran on this thread");
        // A thread that starts: the work runs there, `refused` is not called.
        let ran = Arc::new(AtomicBool::new(false));
        let ran_flag = Arc::clone(&ran);
        let handle = spawn_or_run(
            std::thread::Builder::new(),
            move || ran_flag.store(true, Ordering::SeqCst),
            |_| panic!("refused"),
        );
        handle.expect("a thread").join().unwrap();
        assert!(ran.load(Ordering::SeqCst));
    }
}
