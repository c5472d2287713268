//! What a search's caller holds from search to search ([`Shared`]): the [`State`] the
//! threads share, and the pool of parked helper threads.

use std::sync::{Arc, Mutex};

use super::config::MAX_THREADS;
use super::pool;
use super::state::State;
use super::tt::TranspositionTable;

/// State shared by the threads of one search and the protocol that controls it, and the
/// helper threads that search with the caller's (kept from search to search; see
/// [`pool`]). Its fields are [`State`]'s, reached through it.
pub struct Shared {
    pub(super) state: Arc<State>,
    pub(super) pool: Mutex<pool::Pool>,
}

impl std::ops::Deref for Shared {
    type Target = State;
    fn deref(&self) -> &State {
        &self.state
    }
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
        let state = State::new(tt);
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
