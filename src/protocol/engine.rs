//! The dialect-free core of the protocol loop: the position with its history, the
//! options, and a search running in its own thread while this one keeps reading input
//! (`isready`, `stop`, `ponderhit` and `quit` are honoured while thinking).

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::command::{parse, Command, Dialect, Go, PositionSource};
use super::limits::{allowed_moves, limits_for, TimeUnit};
use super::options::{self, Id, Kind, OptionError, Spec, OPTIONS};
use crate::board::repetition::RuleSet;
use crate::board::{perft, Move, Position};
use crate::eval::nnue::{self, Network};
use crate::search::{self, mate_in, Bound, Config, Info, Outcome, Reporter, Shared};

/// Longest input line read in full; the rest of a longer line is discarded.
const MAX_LINE: usize = 1 << 20;

/// A score at or below this is hopeless: resign (UCCI, when allowed).
const RESIGN_SCORE: i32 = -2_500;

type Out = Arc<Mutex<Box<dyn Write + Send>>>;

/// Writes whole lines to the shared output, flushing each.
#[derive(Clone)]
struct Sink {
    out: Out,
    dialect: Dialect,
}

impl Sink {
    fn say(&self, line: &str) {
        if let Ok(mut out) = self.out.lock() {
            let _ = writeln!(out, "{line}");
            let _ = out.flush();
        }
    }

    /// A message line in the dialect's form.
    fn message(&self, text: &str) {
        match self.dialect {
            Dialect::Ucci => self.say(&format!("info message {text}")),
            Dialect::Uci => self.say(&format!("info string {text}")),
        }
    }

    fn score_text(&self, score: i32, bound: Option<Bound>) -> String {
        let bound = match (self.dialect, bound) {
            (Dialect::Uci, Some(Bound::Lower)) => " lowerbound",
            (Dialect::Uci, Some(Bound::Upper)) => " upperbound",
            _ => "",
        };
        match (self.dialect, mate_in(score)) {
            (Dialect::Uci, Some(m)) => format!("mate {m}{bound}"),
            (Dialect::Uci, None) => format!("cp {score}{bound}"),
            (Dialect::Ucci, _) => format!("{score}"),
        }
    }
}

impl Reporter for Sink {
    fn info(&self, info: &Info) {
        // UCCI has no word for a bound: such a score would read as the search's.
        if self.dialect == Dialect::Ucci && info.bound.is_some() {
            return;
        }
        let pv: Vec<String> = info.pv.iter().map(Move::to_string).collect();
        let line = match self.dialect {
            Dialect::Uci => format!(
                "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} tbhits 0 time {} pv {}",
                info.depth,
                info.seldepth,
                info.multipv,
                self.score_text(info.score, info.bound),
                info.nodes,
                info.nps,
                info.hashfull,
                info.time_ms,
                pv.join(" ")
            ),
            Dialect::Ucci => format!(
                "info depth {} seldepth {} score {} time {} nodes {} nps {} hashfull {} pv {}",
                info.depth,
                info.seldepth,
                self.score_text(info.score, info.bound),
                info.time_ms,
                info.nodes,
                info.nps,
                info.hashfull,
                pv.join(" ")
            ),
        };
        self.say(&line);
    }

    fn currmove(&self, mv: Move, number: usize, depth: i32) {
        match self.dialect {
            Dialect::Uci => self.say(&format!(
                "info depth {depth} currmove {mv} currmovenumber {number}"
            )),
            Dialect::Ucci => self.say(&format!("info currmove {mv} currmovenumber {number}")),
        }
    }
}

/// Option values.
#[derive(Clone, Debug)]
struct Settings {
    hash_mb: usize,
    threads: usize,
    multipv: usize,
    move_overhead_ms: u64,
    use_millisec: bool,
    rule60: bool,
    rule_set: RuleSet,
    draw_offers: bool,
    resign: bool,
    debug: bool,
    /// The loaded network (`None` only when the embedded one is invalid and no file
    /// was loaded) and what `EvalFile` names.
    net: Option<Arc<Network>>,
    eval_file: String,
    use_nnue: bool,
}

impl Settings {
    /// The network the search evaluates with, if NNUE is on.
    fn search_net(&self) -> Option<Arc<Network>> {
        self.net.clone().filter(|_| self.use_nnue)
    }
}

impl Default for Settings {
    fn default() -> Settings {
        let net = nnue::embedded().ok();
        Settings {
            hash_mb: 16,
            threads: 1,
            multipv: 1,
            move_overhead_ms: 50,
            use_millisec: true,
            rule60: true,
            rule_set: RuleSet::Chinese,
            draw_offers: true,
            resign: true,
            debug: false,
            use_nnue: net.is_some(),
            net,
            eval_file: nnue::EMBEDDED_NAME.to_string(),
        }
    }
}

/// A search, `go perft` or `bench` in progress, on its own thread so that `stop`,
/// `isready` and `quit` are answered meanwhile.
struct Thinking {
    handle: JoinHandle<()>,
    /// Set once the job has printed its answer (the thread then just exits).
    answered: Arc<AtomicBool>,
    /// Set by `stop` for `go perft` and `bench`.
    cancel: Arc<AtomicBool>,
    /// The table of a `bench` (its own, so that its signature does not depend on the
    /// Hash option), whose searches a `stop` must end too.
    bench: Option<Arc<Shared>>,
    /// A search (`go`), not a count (`go perft`, `bench`).
    search: bool,
}

/// The engine as the protocol loop sees it.
pub struct Engine {
    sink: Sink,
    chosen: bool,
    position: Position,
    banned: Vec<Move>,
    settings: Settings,
    shared: Arc<Shared>,
    thinking: Option<Thinking>,
}

impl Engine {
    /// A new engine writing its replies to `out`, at the start position.
    pub fn new(out: impl Write + Send + 'static) -> Engine {
        let settings = Settings::default();
        Engine {
            sink: Sink {
                out: Arc::new(Mutex::new(Box::new(out))),
                dialect: Dialect::Uci,
            },
            chosen: false,
            position: Position::startpos(),
            banned: Vec::new(),
            shared: Arc::new(Shared::new(settings.hash_mb)),
            settings,
            thinking: None,
        }
    }

    /// Reads commands from `input` until `quit` or end of input.
    ///
    /// # Errors
    /// Only when reading the input fails.
    pub fn run(&mut self, mut input: impl BufRead) -> io::Result<()> {
        let mut buf = Vec::new();
        loop {
            buf.clear();
            if read_line(&mut input, &mut buf)? == 0 {
                // End of input: finish cleanly (a running search is stopped; a perft or
                // bench that a script asked for is finished first).
                self.wait_for_count();
                self.stop_and_wait();
                return Ok(());
            }
            let line = String::from_utf8_lossy(&buf);
            if !self.handle(&line) {
                return Ok(());
            }
        }
    }

    fn is_thinking(&mut self) -> bool {
        if let Some(t) = &self.thinking {
            if t.handle.is_finished() || t.answered.load(Ordering::SeqCst) {
                if let Some(t) = self.thinking.take() {
                    let _ = t.handle.join();
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
                let _ = t.handle.join();
            }
        }
    }

    /// Stops the job in progress, if any, and waits for its thread (which prints the
    /// search's `bestmove`, or says that a perft or bench was stopped).
    fn stop_and_wait(&mut self) {
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
                if t.handle.is_finished() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(1));
            }
            let _ = t.handle.join();
        }
    }

    /// Handles one line; `false` after `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        let command = match parse(line) {
            Ok(command) => command,
            Err(e) => {
                self.sink.message(&format!("error: {e}"));
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
            Command::IsReady => self.sink.say("readyok"),
            Command::Quit => {
                self.stop_and_wait();
                if self.sink.dialect == Dialect::Ucci {
                    self.sink.say("bye");
                }
                return false;
            }
            Command::Stop => {
                if thinking {
                    // A search answers with its bestmove; a count just ends.
                    self.stop_and_wait();
                }
                if (!thinking || counting) && self.sink.dialect == Dialect::Ucci {
                    // No search was running: no move to give.
                    self.sink.say("nobestmove");
                }
            }
            Command::PonderHit { draw } => {
                if thinking {
                    if draw {
                        self.sink.message("draw offer noted");
                    }
                    self.shared.ponderhit();
                } else {
                    self.sink.message("error: ponderhit while not pondering");
                }
            }
            _ if thinking => {
                self.sink.message("error: busy thinking; send stop first (only isready, stop, ponderhit and quit are taken now)");
            }
            Command::Hello(dialect) => self.hello(dialect),
            Command::NewGame => {
                self.shared.clear();
                self.position = Position::startpos();
                self.banned.clear();
            }
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::Position { source, moves } => {
                if let Some(pos) = self.build_position(&source, &moves) {
                    self.position = pos;
                    self.banned.clear();
                }
            }
            Command::BanMoves(moves) => self.ban(&moves),
            Command::Go(go) => self.go(go),
            Command::Perft(depth) => self.perft(depth),
            Command::Probe { source, moves } => self.probe(&source, &moves),
            Command::Display => self.sink.say(&self.position.to_string()),
            Command::Eval => {
                let report = crate::eval::trace_with_nnue(
                    &self.position,
                    self.settings.net.as_deref(),
                    self.settings.use_nnue,
                );
                for line in report.lines() {
                    self.sink.say(line);
                }
            }
            Command::Bench(depth) => self.bench(depth),
        }
        true
    }

    fn hello(&mut self, dialect: Dialect) {
        if !self.chosen {
            self.sink.dialect = dialect;
            self.chosen = true;
        }
        let dialect = self.sink.dialect;
        self.sink
            .say(&format!("id name Chariot {}", env!("CARGO_PKG_VERSION")));
        if dialect == Dialect::Ucci {
            self.sink
                .say("id copyright 2026 the Chariot developers, GPL-3.0-or-later");
        }
        self.sink.say("id author the Chariot developers");
        for spec in OPTIONS
            .iter()
            .filter(|s| s.only.is_none_or(|d| d == dialect))
        {
            let mut spec = *spec;
            if spec.id == Id::UseNnue {
                // Off when there is no net to use (an invalid embedded net).
                spec.kind = Kind::Check {
                    default: self.settings.use_nnue,
                };
            }
            self.sink.say(&spec.announce(dialect));
        }
        if let Err(e) = nnue::embedded() {
            self.sink.message(&format!(
                "error: the embedded network is invalid ({e}); evaluating with the HCE"
            ));
        }
        self.sink.say(match dialect {
            Dialect::Ucci => "ucciok",
            Dialect::Uci => "uciok",
        });
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let Some(spec) = options::find(name) else {
            if options::UCCI_TOLERATED
                .iter()
                .any(|n| n.eq_ignore_ascii_case(name))
            {
                return;
            }
            return self.sink.message(&format!(
                "error: unknown option '{}'",
                name.chars().take(40).collect::<String>()
            ));
        };
        let value = value.unwrap_or("").trim();
        if let Err(e) = self.apply_option(spec, value) {
            self.sink.message(&format!(
                "error: option {}: {e}",
                spec.name(self.sink.dialect)
            ));
        }
    }

    /// Sets the option `spec` to `value`; on error it keeps its value.
    fn apply_option(&mut self, spec: &Spec, value: &str) -> Result<(), OptionError> {
        match spec.id {
            Id::Hash => {
                let mb = match spec.spin_value(value)? {
                    0 => 16,
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
                }
            }
            Id::Threads => {
                self.settings.threads = match spec.spin_value(value)? {
                    0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
                    n => n as usize,
                };
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
        self.sink.message(&format!(
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

    fn build_position(&self, source: &PositionSource, moves: &[String]) -> Option<Position> {
        let mut position = match source {
            PositionSource::Startpos => Position::startpos(),
            PositionSource::Fen(fen) => match Position::from_fen(fen) {
                Ok(pos) => pos,
                Err(e) => {
                    self.sink
                        .message(&format!("error: invalid FEN ({e}); position unchanged"));
                    return None;
                }
            },
        };
        for (i, text) in moves.iter().enumerate() {
            if let Err(e) = position.try_play(text) {
                self.sink.message(&format!(
                    "error: move {} ({e}); position set after the first {i} moves",
                    i + 1
                ));
                break;
            }
        }
        Some(position)
    }

    fn ban(&mut self, moves: &[String]) {
        for text in moves {
            match self.position.parse_move(text) {
                Ok(mv) => self.banned.push(mv),
                Err(e) => self.sink.message(&format!("error: banmoves: {e}")),
            }
        }
    }

    fn go(&mut self, go: Go) {
        for w in &go.warnings {
            self.sink.message(&format!("error: {w}"));
        }
        let unit = TimeUnit::of(self.sink.dialect, self.settings.use_millisec);
        let mut limits = limits_for(&go, self.position.side_to_move(), unit);
        let root = allowed_moves(&self.position, &self.banned, &go.searchmoves);
        for e in &root.errors {
            self.sink.message(&format!("error: searchmoves: {e}"));
        }
        limits.search_moves = root.restriction();
        let config = Config {
            threads: self.settings.threads,
            multipv: if self.sink.dialect == Dialect::Uci {
                self.settings.multipv
            } else {
                1
            },
            move_overhead: Duration::from_millis(self.settings.move_overhead_ms),
            rule60: self.settings.rule60,
            rule_set: self.settings.rule_set,
            net: self.settings.search_net(),
        };
        if root.allowed.is_empty() {
            // Mated, stalemated, or every move banned.
            if root.legal > 0 {
                self.sink
                    .message("error: every legal move is banned or excluded");
            }
            self.sink.say(match self.sink.dialect {
                Dialect::Ucci => "nobestmove",
                Dialect::Uci => "bestmove (none)",
            });
            return;
        }
        let position = self.position.clone();
        let shared = Arc::clone(&self.shared);
        let sink = self.sink.clone();
        let settings = self.settings.clone();
        let draw_offered = go.draw;
        let answered = Arc::new(AtomicBool::new(false));
        let answered_flag = Arc::clone(&answered);
        self.shared.stop.store(false, Ordering::SeqCst);
        self.shared.pondering.store(go.ponder, Ordering::SeqCst);
        let handle = std::thread::Builder::new()
            .name("search".into())
            .stack_size(32 << 20)
            .spawn(move || {
                let started = Instant::now();
                let outcome = search::search(&position, &limits, &config, &shared, &sink);
                // With `infinite` or `ponder`, answer only after `stop` or `ponderhit`.
                while (limits.infinite || shared.pondering.load(Ordering::SeqCst))
                    && !shared.stop.load(Ordering::SeqCst)
                {
                    std::thread::sleep(Duration::from_millis(1));
                }
                if settings.debug {
                    sink.message(&format!(
                        "searched {} nodes in {} ms",
                        outcome.nodes,
                        started.elapsed().as_millis()
                    ));
                }
                let line =
                    bestmove_line(&position, &outcome, &settings, sink.dialect, draw_offered);
                // Mark the search answered first: a GUI that reacts to `bestmove` at
                // once must find the engine idle.
                answered_flag.store(true, Ordering::SeqCst);
                sink.say(&line);
            })
            .expect("spawn the search thread");
        self.thinking = Some(Thinking {
            handle,
            answered,
            cancel: Arc::new(AtomicBool::new(false)),
            bench: None,
            search: true,
        });
    }

    /// Runs `job` on its own thread as the job in progress; it is told whether `stop`
    /// cancelled it.
    fn start_job(
        &mut self,
        bench: Option<Arc<Shared>>,
        job: impl FnOnce(&AtomicBool) + Send + 'static,
    ) {
        let answered = Arc::new(AtomicBool::new(false));
        let cancel = Arc::new(AtomicBool::new(false));
        let (answered_flag, cancel_flag) = (Arc::clone(&answered), Arc::clone(&cancel));
        let handle = std::thread::Builder::new()
            .name("job".into())
            .spawn(move || {
                job(&cancel_flag);
                answered_flag.store(true, Ordering::SeqCst);
            })
            .expect("spawn the job thread");
        self.thinking = Some(Thinking {
            handle,
            answered,
            cancel,
            bench,
            search: false,
        });
    }

    /// `go perft <depth>`: the count below each root move and the total, with the
    /// `Threads` option's workers; `stop` ends it.
    fn perft(&mut self, depth: u32) {
        let position = self.position.clone();
        let threads = self.settings.threads;
        let sink = self.sink.clone();
        self.start_job(None, move |cancel| {
            let start = Instant::now();
            let Some(split) = perft::divide_until(&position, depth, threads, cancel) else {
                sink.message(&format!("perft {depth} stopped"));
                return;
            };
            let mut total = 0;
            for (mv, nodes) in &split {
                total += nodes;
                sink.say(&format!("{mv}: {nodes}"));
            }
            if depth == 0 {
                total = 1;
            }
            let ms = start.elapsed().as_millis();
            sink.say("");
            sink.say(&format!("Nodes searched: {total}"));
            sink.message(&format!(
                "perft {depth}: {total} nodes in {ms} ms ({threads} threads)"
            ));
        });
    }

    /// `bench [depth]`: the bench positions with the evaluation the options choose;
    /// `stop` ends it.
    fn bench(&mut self, depth: Option<i32>) {
        let depth = depth.unwrap_or(search::bench::DEPTH);
        let net = self.settings.search_net();
        self.sink.message(&format!(
            "bench evaluates with {}",
            if net.is_some() { "NNUE" } else { "the HCE" }
        ));
        let table = match Shared::try_new(16) {
            Ok(shared) => Arc::new(shared),
            Err(e) => {
                self.sink.message(&format!("error: bench: {e}"));
                return;
            }
        };
        let sink = self.sink.clone();
        let shared = Arc::clone(&table);
        self.start_job(Some(table), move |cancel| {
            let line = |i: usize, fen: &str, n: u64| {
                sink.say(&format!("position {i:>2}: {n:>10} nodes  {fen}"));
            };
            match search::bench::run_until(depth, net, &shared, cancel, line) {
                Some((nodes, nps)) => {
                    sink.say(&format!("Total nodes: {nodes}"));
                    sink.say(&format!("{nodes} nodes {nps} nps"));
                }
                None => sink.message("bench stopped"),
            }
        });
    }

    fn probe(&self, source: &PositionSource, moves: &[String]) {
        let Some(pos) = self.build_position(source, moves) else {
            return;
        };
        let mut line = String::from("pophash");
        if let Some(t) = self.shared.tt.probe(pos.key(), 0) {
            if let Some(mv) = t.mv.filter(|&m| pos.is_legal(m)) {
                line.push_str(&format!(" bestmove {mv}"));
            }
            match t.bound {
                Bound::Lower => {
                    line.push_str(&format!(" lowerbound {} depth {}", t.score, t.depth))
                }
                Bound::Upper => {
                    line.push_str(&format!(" upperbound {} depth {}", t.score, t.depth))
                }
                Bound::Exact => line.push_str(&format!(
                    " lowerbound {} depth {} upperbound {} depth {}",
                    t.score, t.depth, t.score, t.depth
                )),
            }
        }
        self.sink.say(&line);
    }
}

/// `bestmove …` (UCI) or `bestmove … [draw|resign]` / `nobestmove` (UCCI).
fn bestmove_line(
    pos: &Position,
    outcome: &Outcome,
    settings: &Settings,
    dialect: Dialect,
    draw_offered: bool,
) -> String {
    let Some(best) = outcome.best else {
        return match dialect {
            Dialect::Ucci => "nobestmove".to_string(),
            Dialect::Uci => "bestmove (none)".to_string(),
        };
    };
    let mut line = format!("bestmove {best}");
    if let Some(ponder) = outcome.ponder {
        let mut after = pos.clone();
        after.make_move(best);
        if after.is_legal(ponder) {
            line.push_str(&format!(" ponder {ponder}"));
        }
    }
    if dialect == Dialect::Ucci {
        if settings.resign && (outcome.score <= RESIGN_SCORE) {
            line.push_str(" resign");
        } else if settings.draw_offers
            && (pos.neither_side_can_attack() || (draw_offered && outcome.score <= 0))
        {
            line.push_str(" draw");
        }
    }
    line
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
