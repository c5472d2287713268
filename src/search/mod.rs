//! The search: iterative deepening with aspiration windows over a principal variation
//! search ([`alphabeta`]), run by `threads` workers that share one transposition table
//! (Lazy SMP). The search never prints: it reports through a [`Reporter`] that the
//! protocol layer formats in its dialect.

pub mod alphabeta;
pub mod bench;
pub mod history;
pub mod movepick;
pub mod params;
mod pool;
pub mod rules;
pub mod see;
pub mod skill;
pub mod time;
pub mod tt;
pub mod wdl;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use alphabeta::{RootMove, Worker};
use params::{
    ASPIRATION_DELTA, ASPIRATION_DEPTH, CONCENTRATION_BASE, CONCENTRATION_PER_EFFORT, FALL_DIVISOR,
    FALL_MAX, FALL_MIN, INFINITE, INSTABILITY_BASE, INSTABILITY_PER_CHANGE, ITERATION_SOFT_SHARE,
    MATE, MATE_BOUND, MAX_PLY, PACING_DEPTH, PACING_MAX, PACING_MIN,
};
pub use skill::Strength;
pub use time::{Budget, Limits};
pub use tt::{Bound, TranspositionTable};

use crate::board::repetition::RuleSet;
use crate::board::{Move, Position};
use crate::eval::nnue::Network;

/// One line of search progress.
#[derive(Clone, Debug)]
pub struct Info {
    pub depth: i32,
    pub seldepth: usize,
    pub multipv: usize,
    /// Centipawns, or `MATE - plies` for mates (see [`mate_in`]).
    pub score: i32,
    /// `Some` when the score is only a bound (aspiration fail).
    pub bound: Option<Bound>,
    pub nodes: u64,
    pub nps: u64,
    pub hashfull: usize,
    pub time_ms: u64,
    pub pv: Vec<Move>,
    /// The root's material as the win/draw/loss model measures it ([`wdl::material`]).
    pub material: i32,
    /// Win, draw and loss in permille, when the protocol asks for them (the search
    /// leaves this `None`; see [`wdl::wdl`]).
    pub wdl: Option<[u32; 3]>,
}

/// How far a long search has got between its iterations' reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Status {
    /// The depth of the iteration being searched.
    pub depth: i32,
    pub nodes: u64,
    pub nps: u64,
    pub hashfull: usize,
    pub time_ms: u64,
}

/// Where the search sends its progress.
pub trait Reporter: Sync {
    /// A finished iteration (or an aspiration bound).
    fn info(&self, info: &Info);
    /// The root move being searched, after the first second.
    fn currmove(&self, _mv: Move, _number: usize, _depth: i32) {}
    /// The search's progress when nothing else was reported for a second.
    fn status(&self, _status: &Status) {}
    /// Something went wrong that the search worked around (a helper thread that could
    /// not be started): one line for the user.
    fn problem(&self, _text: &str) {}
}

/// Reports are shown at least this often once a search has run this long.
const HEARTBEAT: Duration = Duration::from_secs(1);

/// Aspiration bounds are reported only once the search has run this long (earlier
/// ones would flood a GUI with lines it replaces at once).
const BOUNDS_AFTER: Duration = Duration::from_secs(1);

/// A reporter that remembers when it last reported nodes and time, and at what depth,
/// so that a long search can be made to report them at least every [`HEARTBEAT`]
/// ([`heartbeat`]).
struct Paced<'a> {
    inner: &'a dyn Reporter,
    start: Instant,
    /// Milliseconds from `start` to the last report.
    last_ms: AtomicU64,
    /// The depth being searched, as the last report said.
    depth: std::sync::atomic::AtomicI32,
    /// The first move of the last principal variation shown (first line, not a bound).
    shown: std::sync::Mutex<Option<Move>>,
}

impl Paced<'_> {
    fn since_start_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    fn reported(&self, depth: i32) {
        self.last_ms.store(self.since_start_ms(), Ordering::Relaxed);
        self.depth.fetch_max(depth, Ordering::Relaxed);
    }
}

impl Reporter for Paced<'_> {
    fn info(&self, info: &Info) {
        // A finished iteration: the next one is being searched.
        self.reported(info.depth + i32::from(info.bound.is_none()));
        if info.bound.is_none() && info.multipv == 1 {
            if let Ok(mut shown) = self.shown.lock() {
                *shown = info.pv.first().copied();
            }
        }
        self.inner.info(info);
    }

    fn currmove(&self, mv: Move, number: usize, depth: i32) {
        // Not a report of nodes and time: the depth only.
        self.depth.fetch_max(depth, Ordering::Relaxed);
        self.inner.currmove(mv, number, depth);
    }

    fn status(&self, status: &Status) {
        self.reported(status.depth);
        self.inner.status(status);
    }

    fn problem(&self, text: &str) {
        self.inner.problem(text);
    }
}

/// Until `done`, reports the search's status whenever `paced` said nothing for a
/// [`HEARTBEAT`] (after the first one).
fn heartbeat(shared: &State, paced: &Paced<'_>, done: &AtomicBool) {
    let beat = HEARTBEAT.as_millis() as u64;
    while !done.load(Ordering::Relaxed) {
        // Woken at once when the search ends (see `search`).
        std::thread::park_timeout(Duration::from_millis(50));
        let now = paced.since_start_ms();
        if now < beat || now.saturating_sub(paced.last_ms.load(Ordering::Relaxed)) < beat {
            continue;
        }
        let nodes = shared.total_nodes();
        let ms = shared.elapsed().as_millis() as u64;
        paced.status(&Status {
            depth: paced.depth.load(Ordering::Relaxed).max(1),
            nodes,
            nps: (nodes * 1000).checked_div(ms).unwrap_or(nodes * 1000),
            hashfull: shared.tt.hashfull(),
            time_ms: ms,
        });
    }
}

/// A reporter that says nothing.
pub struct Silent;

impl Reporter for Silent {
    fn info(&self, _info: &Info) {}
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    pub score: i32,
    pub depth: i32,
    pub nodes: u64,
    /// A weakened search's best few moves (move, score, expected reply), best first.
    pub candidates: Option<Vec<(Move, i32, Option<Move>)>>,
}

impl Outcome {
    /// The outcome of a search with no move to search.
    pub fn none() -> Outcome {
        Outcome {
            best: None,
            ponder: None,
            score: -MATE,
            depth: 0,
            nodes: 0,
            candidates: None,
        }
    }
}

/// Moves to mate (positive: we mate) for a mate score; `None` for other scores.
pub fn mate_in(score: i32) -> Option<i32> {
    if score >= MATE_BOUND {
        Some((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Some(-(MATE + score + 1) / 2)
    } else {
        None
    }
}

/// Most search threads.
pub const MAX_THREADS: usize = 256;

/// Settings that stay the same from search to search.
#[derive(Clone, Debug)]
pub struct Config {
    pub threads: usize,
    pub multipv: usize,
    pub move_overhead: Duration,
    /// Apply the natural limit (60 moves without a capture is a draw).
    pub rule60: bool,
    /// How repetitions are ruled (perpetual check always loses; chases per the set).
    pub rule_set: RuleSet,
    /// The network that evaluates, shared by all threads; `None`: the hand-crafted
    /// evaluation. The default is `None`, so library users (datagen, the tests) keep
    /// the HCE unless they ask for a net; the engine's protocol, `bench` and `eval`
    /// use the embedded net by default (see [`crate::eval::nnue::embedded`]).
    pub net: Option<Arc<Network>>,
    /// How the search is weakened (full strength by default; see [`skill`]).
    pub strength: Strength,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            threads: 1,
            multipv: 1,
            move_overhead: Duration::from_millis(50),
            rule60: true,
            rule_set: RuleSet::Chinese,
            net: None,
            strength: Strength::FULL,
        }
    }
}

/// State shared by the threads of one search and the protocol that controls it, and the
/// helper threads that search with the caller's (kept from search to search; see
/// [`pool`]). Its fields are [`State`]'s, reached through it.
pub struct Shared {
    state: Arc<State>,
    pool: Mutex<pool::Pool>,
}

impl std::ops::Deref for Shared {
    type Target = State;
    fn deref(&self) -> &State {
        &self.state
    }
}

/// What the threads of a search share: the table, the stop flags, the node counts, the
/// clock and the threads' move statistics.
pub struct State {
    pub tt: TranspositionTable,
    /// Set to end the search (by `stop`, the clock, or a limit).
    pub stop: AtomicBool,
    /// While set, the clock does not run (`go ponder` until `ponderhit`). Set it before
    /// starting a search with [`Limits::ponder`]; [`Shared::ponderhit`] clears it.
    pub pondering: AtomicBool,
    /// Set by [`Shared::request_stop`]: the GUI, not a limit, ended the search (an
    /// `infinite` or pondering search answers only then).
    pub halted: AtomicBool,
    /// Node counts by thread (the first `threads` entries are live).
    nodes: Box<[AtomicU64]>,
    threads: std::sync::atomic::AtomicUsize,
    clock: Mutex<Clock>,
    /// Each thread's move statistics, kept from search to search (see [`history`]).
    histories: Mutex<Vec<Box<history::Histories>>>,
}

struct Clock {
    start: Instant,
    budget: Budget,
    node_limit: Option<u64>,
}

impl Shared {
    /// Shared state with a table of `hash_mb` megabytes, a size the program picks
    /// itself ([`TranspositionTable::new`]).
    pub fn new(hash_mb: usize) -> Shared {
        Shared::with_table(TranspositionTable::new(hash_mb))
    }

    /// Shared state with a table of `hash_mb` megabytes asked for from outside, or why
    /// the table cannot be had ([`TranspositionTable::try_new`]).
    pub fn try_new(hash_mb: usize) -> Result<Shared, String> {
        TranspositionTable::try_new(hash_mb).map(Shared::with_table)
    }

    fn with_table(tt: TranspositionTable) -> Shared {
        let state = State {
            tt,
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(false),
            halted: AtomicBool::new(false),
            nodes: (0..MAX_THREADS).map(|_| AtomicU64::new(0)).collect(),
            threads: std::sync::atomic::AtomicUsize::new(1),
            clock: Mutex::new(Clock {
                start: Instant::now(),
                budget: Budget {
                    soft: None,
                    hard: None,
                },
                node_limit: None,
            }),
            histories: Mutex::new(Vec::new()),
        };
        Shared {
            state: Arc::new(state),
            pool: Mutex::new(pool::Pool::default()),
        }
    }

    /// Makes the helper threads of a `threads`-thread search ready (parked until a
    /// search wakes them), ending any beyond them; while a search runs, leaves that to
    /// the next one. Returns why a thread could not be started (a search then goes on
    /// with those that could).
    pub fn set_threads(&self, threads: usize) -> Result<(), String> {
        let helpers = threads.clamp(1, MAX_THREADS) - 1;
        // A search in progress holds the pool: the next one resizes it instead.
        let mut pool = match self.pool.try_lock() {
            Ok(pool) => pool,
            Err(std::sync::TryLockError::Poisoned(e)) => e.into_inner(),
            Err(std::sync::TryLockError::WouldBlock) => return Ok(()),
        };
        pool.resize(helpers, &self.state).map_err(|e| {
            format!(
                "cannot start every search thread ({e}); {} ready",
                pool.len() + 1
            )
        })
    }

    /// Helper threads started and parked (the search's own thread not counted).
    pub fn helpers(&self) -> usize {
        self.pool.lock().map_or(0, |p| p.len())
    }
}

impl State {
    /// A new game: the table and every thread's move statistics are cleared.
    pub fn clear(&self) {
        self.tt.clear();
        if let Ok(mut histories) = self.histories.lock() {
            for h in histories.iter_mut() {
                h.clear();
            }
        }
    }

    /// The move statistics of at most `threads` threads, as the last search left them
    /// (fewer when fewer threads searched before: the caller makes the missing ones).
    fn take_histories(&self, threads: usize) -> Vec<Box<history::Histories>> {
        let mut taken = self
            .histories
            .lock()
            .map(|mut h| std::mem::take(&mut *h))
            .unwrap_or_default();
        taken.truncate(threads);
        taken
    }

    /// The pondered move was played: the clock starts now.
    pub fn ponderhit(&self) {
        if let Ok(mut clock) = self.clock.lock() {
            clock.start = Instant::now();
        }
        self.pondering.store(false, Ordering::SeqCst);
    }

    pub(super) fn elapsed(&self) -> Duration {
        self.clock
            .lock()
            .map_or(Duration::ZERO, |c| c.start.elapsed())
    }

    /// Called by the main thread every 1024 nodes.
    /// Stops the search at its node limit (counting every thread's nodes, as each last
    /// published them) or past the hard time budget. Called by the main thread.
    fn check_limits(&self) {
        let Ok(clock) = self.clock.lock() else { return };
        if clock
            .node_limit
            .is_some_and(|limit| self.total_nodes() >= limit)
        {
            self.stop.store(true, Ordering::Relaxed);
        }
        if self.pondering.load(Ordering::Relaxed) {
            return;
        }
        if clock
            .budget
            .hard
            .is_some_and(|hard| clock.start.elapsed() >= hard)
        {
            self.stop.store(true, Ordering::Relaxed);
        }
    }

    fn total_nodes(&self) -> u64 {
        let live = self.threads.load(Ordering::Relaxed);
        self.nodes[..live]
            .iter()
            .map(|n| n.load(Ordering::Relaxed))
            .sum()
    }

    /// Asks a running search to stop as soon as possible.
    pub fn request_stop(&self) {
        self.halted.store(true, Ordering::SeqCst);
        self.stop.store(true, Ordering::SeqCst);
    }
}

/// What one thread's search found: its completed depth, its root moves (best first)
/// and its node count.
struct SearchResult {
    depth: i32,
    root_moves: Vec<RootMove>,
    nodes: u64,
}

/// Runs a search on `pos` and returns the best move. Blocks until done; `stop` (from
/// another thread) ends it early. `shared` carries the table across searches.
pub fn search(
    pos: &Position,
    limits: &Limits,
    config: &Config,
    shared: &Shared,
    reporter: &dyn Reporter,
) -> Outcome {
    if config.strength.is_full() {
        return search_full(pos, limits, config, shared, reporter);
    }
    // Weakened: fewer nodes, and the scores of the best few moves to choose among.
    let strength = config.strength;
    let limits = Limits {
        nodes: match (limits.nodes, strength.nodes) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        },
        ..limits.clone()
    };
    let config = Config {
        multipv: config.multipv.max(skill::CANDIDATES),
        ..config.clone()
    };
    let mut outcome = search_full(pos, &limits, &config, shared, reporter);
    if let Some(candidates) = outcome.candidates.take() {
        let scores: Vec<i32> = candidates.iter().map(|c| c.1).collect();
        let mut dice = skill::Dice::new(pos.key() ^ outcome.nodes);
        let (mv, score, ponder) = candidates[strength.choose(&scores, dice.next_unit())];
        outcome.best = Some(mv);
        outcome.score = score;
        outcome.ponder = ponder;
    }
    outcome
}

/// [`search`] at full strength (a weakened search runs it with its own limits and
/// MultiPV, then chooses among the candidates it leaves in [`Outcome::candidates`]).
fn search_full(
    pos: &Position,
    limits: &Limits,
    config: &Config,
    shared: &Shared,
    reporter: &dyn Reporter,
) -> Outcome {
    let threads = config.threads.clamp(1, MAX_THREADS);
    shared.threads.store(threads, Ordering::Relaxed);
    for n in &shared.nodes[..threads] {
        n.store(0, Ordering::Relaxed);
    }
    // The helpers, parked in the pool since the last search (or started below).
    let mut pool = shared.pool.lock().unwrap_or_else(|e| e.into_inner());
    pool.settle();
    shared.stop.store(false, Ordering::SeqCst);
    // A pondering search's caller sets `pondering` before it starts the search (the
    // protocol does, before spawning the search thread), so a `ponderhit` that arrives
    // before this point has already cleared it and must not be undone here: the search
    // would then never stop on its clock. A plain search clears it.
    if !limits.ponder {
        shared.pondering.store(false, Ordering::SeqCst);
    }
    if let Ok(mut clock) = shared.clock.lock() {
        clock.start = Instant::now();
        // The game's ply: from the move number, or the moves the GUI sent when its
        // position carries no true move number.
        let by_number = 2 * u32::from(pos.fullmove_number().saturating_sub(1))
            + u32::from(pos.side_to_move() == crate::board::Color::Black);
        let game_ply = by_number.max(pos.history().len() as u32);
        clock.budget = time::budget(limits, config.move_overhead, game_ply);
        clock.node_limit = limits.nodes;
    }
    shared.tt.new_search();

    let mut root_moves: Vec<RootMove> = pos
        .legal_moves()
        .iter()
        .filter(|m| limits.search_moves.is_empty() || limits.search_moves.contains(m))
        .map(|&mv| RootMove {
            mv,
            score: -INFINITE,
            previous_score: -INFINITE,
            pv: vec![mv],
            seldepth: 0,
            nodes: 0,
        })
        .collect();
    if root_moves.is_empty() {
        // Mated or stalemated (both lost): no move to play.
        return Outcome::none();
    }
    // Order the first iteration by a static look: captures by value first.
    root_moves.sort_by_key(|rm| {
        -movepick::mvv_lva(pos, rm.mv) * i32::from(pos.piece_at(rm.mv.to()).is_some())
    });

    let paced = Paced {
        inner: reporter,
        start: Instant::now(),
        last_ms: AtomicU64::new(0),
        depth: std::sync::atomic::AtomicI32::new(1),
        shown: std::sync::Mutex::new(None),
    };
    let done = AtomicBool::new(false);
    if pool.len() != threads - 1 {
        if let Err(e) = pool.resize(threads - 1, &shared.state) {
            let running = pool.len() + 1;
            paced.problem(&format!(
                "cannot start search thread {} of {threads} ({e}); searching with {running} \
                 thread{}",
                threads.min(running + 1),
                if running == 1 { "" } else { "s" }
            ));
        }
    }
    let helpers = pool.len();
    // Each running thread's statistics (those of threads that could not start are let
    // go: their memory is better left to the threads that run).
    // A helper without kept statistics makes its own, out of the room it set aside.
    let mut histories = shared.take_histories(helpers + 1).into_iter();
    let main_histories = histories.next().unwrap_or_else(history::Histories::new);
    for index in 0..helpers {
        let tables = histories.next();
        pool.post(
            index,
            pool::Task {
                pos: pos.clone(),
                limits: limits.clone(),
                config: config.clone(),
                root_moves: root_moves.clone(),
                tables,
            },
        );
    }
    // Should the main thread's search panic, the helpers and the heartbeat are stopped
    // on the way out (the helpers then finish, report to no one and park again).
    struct StopOnUnwind<'a>(&'a AtomicBool, &'a AtomicBool);
    impl Drop for StopOnUnwind<'_> {
        fn drop(&mut self) {
            self.0.store(true, Ordering::SeqCst);
            self.1.store(true, Ordering::SeqCst);
        }
    }
    let (main_result, main_tables) = std::thread::scope(|scope| {
        // Without the heartbeat (no thread to be had), only the progress lines of a
        // long search are missing.
        let beating = std::thread::Builder::new()
            .name("heartbeat".into())
            .spawn_scoped(scope, || heartbeat(shared, &paced, &done))
            .ok();
        let stopping = StopOnUnwind(&shared.stop, &done);
        let mut main = Worker::new(pos.clone(), shared, 0, config, main_histories);
        main.root_moves = root_moves.clone();
        iterate(&mut main, limits, config, &paced);
        drop(stopping);
        if let Some(beating) = beating {
            beating.thread().unpark();
        }
        main.finish()
    });
    let reports: Vec<_> = (0..helpers).map(|i| pool.collect(i)).collect();
    drop(pool);
    let mut results = vec![main_result];
    let mut kept = vec![main_tables];
    for report in reports {
        match report {
            Some((result, tables)) => {
                results.push(result);
                kept.push(tables);
            }
            // A helper whose search failed starts the next one with fresh statistics.
            None => kept.push(history::Histories::new()),
        }
    }
    if let Ok(mut h) = shared.histories.lock() {
        *h = kept;
    }

    let total_nodes: u64 = results.iter().map(|r| r.nodes).sum();
    let views: Vec<ThreadView> = results
        .iter()
        .map(|r| ThreadView {
            depth: r.depth,
            score: r.root_moves[0].score,
            mv: r.root_moves[0].mv,
        })
        .collect();
    // A search to a stated depth (or for a mate) is answered at that depth: no vote, in
    // which a helper the stop cut short a ply below could carry the day.
    let vote = params::SMP_VOTE() != 0 && limits.depth.is_none() && limits.mate.is_none();
    let best = &results[choose_thread(&views, vote)];
    let rm = &best.root_moves[0];
    // The move played is the first of the last principal variation shown: a helper's
    // result (the main thread reported only its own lines), or a move the main thread
    // found best in an iteration the stop cut short, gets one line more.
    let chosen_helper = !std::ptr::eq(best, &results[0]);
    let shown = paced.shown.lock().ok().and_then(|s| *s);
    if (chosen_helper || shown != Some(rm.mv))
        && config.multipv <= 1
        && config.strength.is_full()
        && best.depth > 0
    {
        let ms = shared.elapsed().as_millis() as u64;
        paced.info(&Info {
            depth: best.depth,
            seldepth: rm.seldepth.max(best.depth as usize),
            multipv: 1,
            score: rm.score,
            bound: None,
            nodes: total_nodes,
            nps: (total_nodes * 1000)
                .checked_div(ms)
                .unwrap_or(total_nodes * 1000),
            hashfull: shared.tt.hashfull(),
            time_ms: ms,
            pv: rm.pv.clone(),
            material: wdl::material(pos),
            wdl: None,
        });
    }
    // The main thread's MultiPV lines, when a weakened search chooses among them.
    let main = &results[0];
    let candidates = (!config.strength.is_full() && main.depth > 0).then(|| {
        let lines = config.multipv.clamp(1, main.root_moves.len());
        main.root_moves[..lines]
            .iter()
            .map(|rm| (rm.mv, rm.score, rm.pv.get(1).copied()))
            .collect()
    });
    Outcome {
        best: Some(rm.mv),
        ponder: rm.pv.get(1).copied(),
        score: rm.score,
        depth: best.depth,
        nodes: total_nodes,
        candidates,
    }
}

/// What the choice of the move played reads of one thread's result.
#[derive(Clone, Copy, Debug)]
struct ThreadView {
    depth: i32,
    score: i32,
    mv: Move,
}

/// Which thread's result is played (0, the main thread, when no other is better). A
/// thread that finished no iteration never is.
///
/// With `vote`, each thread backs its best move with a weight that grows with the depth
/// it finished and with how far its score stands above the lowest of all threads'
/// (plus a floor, so that the lowest still counts); the move with the most weight
/// behind it wins, and of the threads that chose it, the one that gave it the most. A
/// proven mate overrides the vote: the quickest mate found is played, and a side that
/// every thread finds mated plays the move that holds out longest. Without `vote` (a
/// search to a stated depth or for a mate, or the tune build's switch off), the
/// deepest thread is played (ties: the better score).
fn choose_thread(threads: &[ThreadView], vote: bool) -> usize {
    let searched = || threads.iter().enumerate().filter(|(_, t)| t.depth > 0);
    if !vote {
        return searched()
            .max_by_key(|(i, t)| (t.depth, t.score, std::cmp::Reverse(*i)))
            .map_or(0, |(i, _)| i);
    }
    let Some(lowest) = searched().map(|(_, t)| t.score).min() else {
        return 0;
    };
    let weight = |t: &ThreadView| i64::from(t.score - lowest + 14) * i64::from(t.depth);
    let votes = |mv: Move| -> i64 {
        searched()
            .filter(|(_, t)| t.mv == mv)
            .map(|(_, t)| weight(t))
            .sum()
    };
    // Rank: a proven win above everything (the shortest first), then the unproven by
    // votes and own weight, then the proven losses (the longest first).
    let rank = |t: &ThreadView| -> (u8, i64, i64) {
        if t.score >= MATE_BOUND {
            (2, i64::from(t.score), 0)
        } else if t.score <= -MATE_BOUND {
            (0, i64::from(t.score), i64::from(t.depth))
        } else {
            (1, votes(t.mv), weight(t))
        }
    };
    let mut best = None::<(usize, (u8, i64, i64))>;
    for (i, t) in searched() {
        let r = rank(t);
        if best.is_none_or(|(_, b)| r > b) {
            best = Some((i, r));
        }
    }
    best.map_or(0, |(i, _)| i)
}

/// Iterative deepening for one worker.
fn iterate(w: &mut Worker<'_>, limits: &Limits, config: &Config, reporter: &dyn Reporter) {
    let max_depth = limits
        .depth
        .unwrap_or(MAX_PLY as i32 - 8)
        .clamp(1, MAX_PLY as i32 - 8);
    let multipv = config.multipv.clamp(1, w.root_moves.len());
    // Helpers start at staggered depths so the threads spread over the tree.
    let mut depth = 1 + if params::SMP_STAGGER() != 0 {
        (w.id % 2) as i32
    } else {
        0
    };
    let mut pacing = Pacing::default();
    while depth <= max_depth {
        for rm in &mut w.root_moves {
            rm.previous_score = rm.score;
            rm.nodes = 0;
        }
        let iteration_start = w.nodes;
        for pv_index in 0..multipv {
            w.pv_index = pv_index;
            let previous = w.root_moves[pv_index].previous_score;
            let mut delta = ASPIRATION_DELTA();
            let (mut alpha, mut beta) = if depth >= ASPIRATION_DEPTH && previous.abs() < MATE_BOUND
            {
                (
                    (previous - delta).max(-INFINITE),
                    (previous + delta).min(INFINITE),
                )
            } else {
                (-INFINITE, INFINITE)
            };
            loop {
                let score = w.search_root(alpha, beta, depth, reporter);
                // Stable sort keeps the order of equal (unsearched) moves.
                w.root_moves[pv_index..].sort_by_key(|rm| std::cmp::Reverse(rm.score));
                if w.shared.stop.load(Ordering::Relaxed) {
                    break;
                }
                if w.id == 0
                    && multipv == 1
                    && (score <= alpha || score >= beta)
                    && w.shared.elapsed() >= BOUNDS_AFTER
                {
                    let bound = if score <= alpha {
                        Bound::Upper
                    } else {
                        Bound::Lower
                    };
                    report_bound(w, depth, score, bound, reporter);
                }
                if score <= alpha {
                    beta = (alpha + beta) / 2;
                    alpha = (score - delta).max(-INFINITE);
                } else if score >= beta {
                    beta = (score + delta).min(INFINITE);
                } else {
                    break;
                }
                delta += delta / 2 + 5;
            }
            w.root_moves[..=pv_index].sort_by_key(|rm| std::cmp::Reverse(rm.score));
            if w.shared.stop.load(Ordering::Relaxed) {
                break;
            }
        }
        if w.shared.stop.load(Ordering::Relaxed) {
            break;
        }
        w.completed_depth = depth;
        if w.id == 0 {
            // Keep the root's result in the table (for `probe` and the next search), with
            // its static evaluation like every other node's.
            let eval = if w.pos.in_check() { 0 } else { w.static_eval() };
            let best = &w.root_moves[0];
            w.shared.tt.store(
                w.pos.key(),
                0,
                Some(best.mv),
                best.score,
                eval,
                depth,
                Bound::Exact,
                true,
            );
            report(w, depth, multipv, reporter);
            if let Some(mate) = limits.mate {
                if mate_in(w.root_moves[0].score)
                    .is_some_and(|m| m > 0 && i64::from(m) <= i64::from(mate))
                {
                    break;
                }
            }
            let best = &w.root_moves[0];
            let effort = best.nodes as f64 / (w.nodes - iteration_start).max(1) as f64;
            let scale = pacing.update(depth, best.mv, best.score, effort);
            if stop_iterating(w.shared, w.root_moves.len(), scale) {
                break;
            }
        }
        depth += 1;
    }
    // Fixed-depth, node and mate limits end the search here; with `infinite` or
    // `ponder`, the protocol waits for `stop`/`ponderhit` before answering.
    if w.id == 0 {
        w.shared.nodes[0].store(w.nodes, Ordering::Relaxed);
    }
}

/// What the main thread learns from iteration to iteration about how long this move
/// deserves: a best move that keeps changing, a falling score, or an effort spread over
/// several moves ask for more time; a settled best move that took nearly all the nodes
/// asks for less.
#[derive(Default)]
struct Pacing {
    best: Option<Move>,
    /// Best-move changes, halved every iteration.
    changes: f64,
    /// The score of the iterations so far, averaged with a decay.
    average: Option<i32>,
}

impl Pacing {
    /// Records one finished iteration; returns the factor on the soft budget.
    fn update(&mut self, depth: i32, best: Move, score: i32, effort: f64) -> f64 {
        self.changes /= 2.0;
        if self.best.is_some_and(|b| b != best) {
            self.changes += 1.0;
        }
        self.best = Some(best);
        let average = *self.average.get_or_insert(score);
        let fall = if score.abs() < MATE_BOUND && average.abs() < MATE_BOUND {
            (average - score).clamp(FALL_MIN, FALL_MAX)
        } else {
            0
        };
        self.average = Some((average + score) / 2);
        if depth < PACING_DEPTH {
            return 1.0;
        }
        let instability = INSTABILITY_BASE + INSTABILITY_PER_CHANGE * self.changes.min(2.0);
        let falling = 1.0 + f64::from(fall) / FALL_DIVISOR;
        let concentration = CONCENTRATION_BASE - CONCENTRATION_PER_EFFORT * effort.clamp(0.0, 1.0);
        (instability * falling * concentration).clamp(PACING_MIN, PACING_MAX)
    }
}

/// Whether the main thread should start no further iteration (`scale`: the factor on
/// the soft budget from [`Pacing`]).
fn stop_iterating(shared: &State, root_moves: usize, scale: f64) -> bool {
    if shared.pondering.load(Ordering::Relaxed) {
        return false;
    }
    let Ok(clock) = shared.clock.lock() else {
        return false;
    };
    let elapsed = clock.start.elapsed();
    if root_moves == 1 && clock.budget.soft.is_some() {
        return true; // one legal move: play it
    }
    clock
        .budget
        .soft
        .is_some_and(|soft| elapsed >= soft.mul_f64(ITERATION_SOFT_SHARE * scale))
}

/// Reports an aspiration window's failure: `score` is only an upper (`Bound::Upper`,
/// failed low) or lower (`Bound::Lower`, failed high) bound on the root's value.
fn report_bound(w: &Worker<'_>, depth: i32, score: i32, bound: Bound, reporter: &dyn Reporter) {
    let elapsed = w.shared.elapsed();
    let ms = elapsed.as_millis() as u64;
    let nodes = w.shared.total_nodes().max(w.nodes);
    let rm = &w.root_moves[0];
    reporter.info(&Info {
        depth,
        seldepth: rm.seldepth.max(depth as usize),
        multipv: 1,
        score,
        bound: Some(bound),
        nodes,
        nps: (nodes * 1000).checked_div(ms).unwrap_or(nodes * 1000),
        hashfull: w.shared.tt.hashfull(),
        time_ms: ms,
        pv: rm.pv.clone(),
        material: wdl::material(&w.pos),
        wdl: None,
    });
}

fn report(w: &Worker<'_>, depth: i32, multipv: usize, reporter: &dyn Reporter) {
    let elapsed = w.shared.elapsed();
    w.shared.nodes[0].store(w.nodes, Ordering::Relaxed);
    let nodes = w.shared.total_nodes();
    let ms = elapsed.as_millis() as u64;
    let nps = (nodes * 1000).checked_div(ms).unwrap_or(nodes * 1000);
    let hashfull = w.shared.tt.hashfull();
    let material = wdl::material(&w.pos);
    for (i, rm) in w.root_moves.iter().take(multipv).enumerate() {
        reporter.info(&Info {
            depth,
            seldepth: rm.seldepth.max(depth as usize),
            multipv: i + 1,
            score: rm.score,
            bound: None,
            nodes,
            nps,
            hashfull,
            time_ms: ms,
            pv: rm.pv.clone(),
            material,
            wdl: None,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves() -> (Move, Move) {
        let pos = Position::startpos();
        let legal = pos.legal_moves();
        (legal[0], legal[1])
    }

    fn view(depth: i32, score: i32, mv: Move) -> ThreadView {
        ThreadView { depth, score, mv }
    }

    #[test]
    fn the_threads_vote_for_the_move_played() {
        let (a, b) = moves();
        // Two shallower threads agree on `b` against one deeper thread's `a`: the vote
        // plays `b` (the first thread that chose it), the deepest-thread rule `a`.
        let threads = [view(10, 30, a), view(9, 40, b), view(9, 35, b)];
        assert_eq!(choose_thread(&threads, true), 1);
        assert_eq!(choose_thread(&threads, false), 0);
        // Alone with a clearly better score, the deeper thread carries the vote.
        let threads = [view(10, 200, a), view(9, 40, b), view(9, 35, b)];
        assert_eq!(choose_thread(&threads, true), 0);
        // A thread that finished no iteration has no say, and when none finished, the
        // main thread's result stands.
        let threads = [view(0, 500, a), view(3, -20, b)];
        assert_eq!(choose_thread(&threads, true), 1);
        assert_eq!(choose_thread(&threads, false), 1);
        assert_eq!(choose_thread(&[view(0, 0, a), view(0, 9, b)], true), 0);
        // Equal in everything, the main thread is played.
        assert_eq!(choose_thread(&[view(8, 10, a), view(8, 10, a)], true), 0);
    }

    #[test]
    fn a_proven_mate_overrides_the_vote() {
        let (a, b) = moves();
        // The shortest mate found is played, however the others vote.
        let threads = [
            view(12, 50, a),
            view(12, 55, a),
            view(7, MATE - 9, b),
            view(8, MATE - 7, b),
        ];
        assert_eq!(choose_thread(&threads, true), 3);
        // Mated whatever it plays, the side holds out longest; a thread that sees no
        // mate is preferred to any that does.
        let threads = [view(12, -MATE + 6, a), view(10, -MATE + 10, b)];
        assert_eq!(choose_thread(&threads, true), 1);
        let threads = [view(12, -MATE + 6, a), view(6, -300, b)];
        assert_eq!(choose_thread(&threads, true), 1);
    }

    #[test]
    fn settled_best_move_takes_less_time() {
        let (a, _) = moves();
        let mut pacing = Pacing::default();
        let mut scale = 1.0;
        for depth in 1..=10 {
            scale = pacing.update(depth, a, 30, 0.95);
        }
        assert!(scale < 0.8, "{scale}");
    }

    #[test]
    fn changing_best_move_takes_more_time() {
        let (a, b) = moves();
        let mut pacing = Pacing::default();
        let mut scale = 1.0;
        for depth in 1..=10 {
            let best = if depth % 2 == 0 { a } else { b };
            scale = pacing.update(depth, best, 30, 0.6);
        }
        assert!(scale > 1.2, "{scale}");
    }

    #[test]
    fn falling_score_takes_more_time() {
        let (a, _) = moves();
        let (mut steady, mut falling) = (Pacing::default(), Pacing::default());
        let (mut s, mut f) = (1.0, 1.0);
        for depth in 1..=10 {
            s = steady.update(depth, a, 50, 0.8);
            f = falling.update(depth, a, 50 - 60 * depth, 0.8);
        }
        assert!(f > s * 1.2, "{f} {s}");
        assert!(f <= 2.0);
    }

    #[test]
    fn mate_scores_do_not_count_as_falling() {
        let (a, _) = moves();
        let mut pacing = Pacing::default();
        pacing.update(5, a, MATE - 9, 0.8);
        let scale = pacing.update(6, a, 100, 0.8);
        let mut plain = Pacing::default();
        plain.update(5, a, 100, 0.8);
        assert_eq!(scale, plain.update(6, a, 100, 0.8));
    }
}
