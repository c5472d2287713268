//! What the threads of one search share ([`State`]): the transposition table, the stop
//! flags, each thread's node count, the clock with the search's limits, and each
//! thread's move statistics kept from search to search.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::config::MAX_THREADS;
use super::history;
use super::time::Budget;
use super::tt::TranspositionTable;

/// What the threads of a search share: the table, the stop flags, the node counts, the
/// clock and the threads' move statistics.
pub struct State {
    pub tt: TranspositionTable,
    /// Set to end the search (by `stop`, the clock, or a limit).
    pub stop: AtomicBool,
    /// While set, the clock does not run (`go ponder` until `ponderhit`). Set it before
    /// starting a search with [`Limits::ponder`](super::time::Limits::ponder);
    /// [`ponderhit`](State::ponderhit) clears it.
    pub pondering: AtomicBool,
    /// Set by [`request_stop`](State::request_stop): the GUI, not a limit, ended the
    /// search (an `infinite` or pondering search answers only then).
    pub halted: AtomicBool,
    /// Node counts by thread (the first `threads` entries are live).
    pub(super) nodes: Box<[AtomicU64]>,
    pub(super) threads: std::sync::atomic::AtomicUsize,
    pub(super) clock: Mutex<Clock>,
    /// Each thread's move statistics, kept from search to search (see [`history`]).
    pub(super) histories: Mutex<Vec<Box<history::Histories>>>,
}

/// When the search started, and the limits it stops at.
pub(super) struct Clock {
    pub(super) start: Instant,
    pub(super) budget: Budget,
    pub(super) node_limit: Option<u64>,
}

impl State {
    /// A state around the table `tt`: no search running, one thread, no limits, no
    /// move statistics yet.
    pub(super) fn new(tt: TranspositionTable) -> State {
        State {
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
        }
    }

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
    pub(super) fn take_histories(&self, threads: usize) -> Vec<Box<history::Histories>> {
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

    pub(crate) fn elapsed(&self) -> Duration {
        self.clock
            .lock()
            .map_or(Duration::ZERO, |c| c.start.elapsed())
    }

    /// Called by the main thread every 1024 nodes.
    /// Stops the search at its node limit (counting every thread's nodes, as each last
    /// published them) or past the hard time budget. Called by the main thread.
    pub(super) fn check_limits(&self) {
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

    pub(super) fn total_nodes(&self) -> u64 {
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
