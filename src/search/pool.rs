//! The helper threads of the Lazy SMP search, kept from search to search.
//!
//! A helper is started once (when the `Threads` option asks for it, or by the first
//! search that needs it) and then parks on its own mailbox between searches. A search
//! posts each helper a task (the position, the limits, its root moves and its move
//! statistics), runs the main thread itself, sets `stop`, and collects every helper's
//! result. Starting threads for every `go` cost a few hundred microseconds with many
//! threads, and each start paid again for the worker's tables; a parked helper wakes in
//! microseconds.
//!
//! A helper that panics reports no result (its search is lost, the others' are not) and
//! parks again; a helper that cannot be started is not fatal: the search goes on with the
//! threads it has and says so.
//!
//! Where the address space is limited (`ulimit -v`), starting threads until the system
//! refuses one would leave nothing for the searches, and an allocation that fails ends
//! the process. So a starting helper makes its first allocation (the allocator's arena
//! for the thread) and reserves [`HELPER_RESERVE`] bytes of address space, fallibly,
//! before the next helper is started; a helper that cannot is refused like a thread
//! that cannot start. A parked helper keeps its reservation and lets it go just before
//! it builds a search, so what each search allocates was set aside when its thread
//! started; after a refusal the pool also ends a quarter of its helpers, for the main
//! thread.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;

use super::alphabeta::{RootMove, SearchResult, Worker};
use super::config::Config;
use super::deepening::iterate;
use super::history::Histories;
use super::report::Silent;
use super::state::State;
use super::time::Limits;
use crate::board::Position;

/// What one helper is to search.
pub(super) struct Task {
    pub pos: Position,
    pub limits: Limits,
    pub config: Config,
    pub root_moves: Vec<RootMove>,
    /// The statistics this thread kept from the last search; `None`: the helper makes
    /// new ones (out of its own reservation).
    pub tables: Option<Box<Histories>>,
}

/// The address space a helper sets aside when it starts, for the tables and the stack
/// of plies it allocates at each search (about 4 MiB with the widest net): its search
/// never has to find room left over by the threads started after it.
const HELPER_RESERVE: usize = 8 << 20;

/// A helper's answer: its result and statistics, or `None` when its search panicked
/// (the statistics are then lost; the next search gives it fresh ones).
pub(super) type Report = Option<(SearchResult, Box<Histories>)>;

/// The state of one helper's mailbox.
enum Mail {
    /// Started, not yet ready: making its reservation.
    Starting,
    /// Could not make its reservation, and ended.
    Refused,
    /// Parked, waiting for a task.
    Idle,
    /// A task posted, not yet picked up.
    Task(Box<Task>),
    /// Searching.
    Busy,
    /// Finished; the report waits to be collected.
    Done(Report),
    /// Asked to end.
    Quit,
}

/// A helper's mailbox and the bell that wakes whoever waits on it.
struct Mailbox {
    mail: Mutex<Mail>,
    bell: Condvar,
}

struct Helper {
    mailbox: Arc<Mailbox>,
    handle: Option<JoinHandle<()>>,
}

/// The parked helpers, numbered from 1 (the main thread, the caller's, is 0).
#[derive(Default)]
pub(super) struct Pool {
    helpers: Vec<Helper>,
    /// The count last asked for that could not be reached, and why: asked again, it is
    /// not tried again (each try would fill the address space anew).
    refused: Option<(usize, String)>,
}

impl Pool {
    /// Helpers ready now.
    pub fn len(&self) -> usize {
        self.helpers.len()
    }

    /// Keeps exactly `count` helpers: starts the missing ones, ends the rest. Returns
    /// why a helper could not be started. The pool then gives back a quarter of those it
    /// started (their stacks' address space: the search still has to allocate each
    /// thread's statistics and tables) and keeps the rest.
    pub fn resize(&mut self, count: usize, state: &Arc<State>) -> Result<(), String> {
        if let Some((asked, why)) = &self.refused {
            if *asked == count && self.helpers.len() < count {
                return Err(why.clone());
            }
        }
        self.refused = None;
        self.truncate(count);
        while self.helpers.len() < count {
            let id = self.helpers.len() + 1;
            let mailbox = Arc::new(Mailbox {
                mail: Mutex::new(Mail::Starting),
                bell: Condvar::new(),
            });
            let (state, inbox) = (Arc::clone(state), Arc::clone(&mailbox));
            let spawned = std::thread::Builder::new()
                .name(format!("helper {id}"))
                .stack_size(16 << 20)
                .spawn(move || serve(&state, id, &inbox));
            let refusal = match spawned {
                Ok(handle) => {
                    let helper = Helper {
                        mailbox,
                        handle: Some(handle),
                    };
                    if helper.wait_until_started() {
                        self.helpers.push(helper);
                        None
                    } else {
                        let mut helper = helper;
                        helper.quit();
                        Some("not enough memory for its tables".to_string())
                    }
                }
                Err(e) => Some(e.to_string()),
            };
            if let Some(why) = refusal {
                self.truncate(self.helpers.len() * 3 / 4);
                self.refused = Some((count, why.clone()));
                return Err(why);
            }
        }
        Ok(())
    }

    /// Waits until no helper is still searching and clears what they left. After a
    /// normal search this returns at once; after one whose main thread panicked (its
    /// helpers were stopped, not collected), it waits for them to finish, so that no
    /// stale search runs on into the next one. Call it while `stop` is still set.
    pub fn settle(&self) {
        for helper in &self.helpers {
            let mut mail = helper.wait_until_free();
            if matches!(*mail, Mail::Done(_)) {
                *mail = Mail::Idle;
            }
        }
    }

    /// Posts helper `index` (0-based: thread `index + 1`) its task.
    pub fn post(&self, index: usize, task: Task) {
        let mailbox = &self.helpers[index].mailbox;
        let mut mail = lock(&mailbox.mail);
        *mail = Mail::Task(Box::new(task));
        mailbox.bell.notify_all();
    }

    /// Waits for helper `index` to finish the task it was posted, and takes its report.
    pub fn collect(&self, index: usize) -> Report {
        let mut mail = self.helpers[index].wait_until_free();
        match std::mem::replace(&mut *mail, Mail::Idle) {
            Mail::Done(report) => report,
            _ => None,
        }
    }

    /// Ends the helpers beyond the first `count` (each parked, or ending its search at
    /// the `stop` the caller has set).
    fn truncate(&mut self, count: usize) {
        while self.helpers.len() > count {
            if let Some(mut helper) = self.helpers.pop() {
                helper.quit();
            }
        }
    }
}

impl Helper {
    /// Waits until the helper has made its reservation (true) or found no room for it
    /// and ended (false).
    fn wait_until_started(&self) -> bool {
        matches!(
            *self.wait_while(|mail| matches!(mail, Mail::Starting)),
            Mail::Idle
        )
    }

    /// Waits until the helper has no task posted or in hand (it is parked, or has
    /// finished and left its report, or its thread has ended: it can no longer answer,
    /// though it cannot end early, as every panic is caught in `serve`), and returns its
    /// mailbox, locked.
    fn wait_until_free(&self) -> std::sync::MutexGuard<'_, Mail> {
        self.wait_while(|mail| matches!(mail, Mail::Task(_) | Mail::Busy))
    }

    /// Waits on the helper's bell while `pending` holds of its mail and its thread is
    /// still running, and returns the mailbox, locked.
    fn wait_while(&self, pending: impl Fn(&Mail) -> bool) -> std::sync::MutexGuard<'_, Mail> {
        let mut mail = lock(&self.mailbox.mail);
        while pending(&mail) && !self.handle.as_ref().is_some_and(|h| h.is_finished()) {
            mail = self
                .mailbox
                .bell
                .wait_timeout(mail, std::time::Duration::from_millis(100))
                .map(|(m, _)| m)
                .unwrap_or_else(|e| e.into_inner().0);
        }
        mail
    }

    /// Asks the helper to end and waits for it (it is parked, or ends its search at the
    /// `stop` the caller has set).
    fn quit(&mut self) {
        {
            let mut mail = lock(&self.mailbox.mail);
            *mail = Mail::Quit;
            self.mailbox.bell.notify_all();
        }
        if let Some(handle) = self.handle.take() {
            let _ = handle.join();
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.truncate(0);
    }
}

/// A lock that a panic elsewhere does not poison for good (the mail is plain data).
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// A helper's life: make its reservation (or end, refused), then wait for a task, search
/// it, report, park again; end on `Quit`.
fn serve(state: &State, id: usize, mailbox: &Mailbox) {
    let mut reserve = reserve_room();
    {
        let mut mail = lock(&mailbox.mail);
        *mail = if reserve.is_some() {
            Mail::Idle
        } else {
            Mail::Refused
        };
        mailbox.bell.notify_all();
    }
    if reserve.is_none() {
        return;
    }
    loop {
        let task = {
            let mut mail = lock(&mailbox.mail);
            loop {
                match std::mem::replace(&mut *mail, Mail::Busy) {
                    Mail::Task(task) => break task,
                    Mail::Quit => return,
                    other => {
                        *mail = other;
                        mail = mailbox.bell.wait(mail).unwrap_or_else(|e| e.into_inner());
                    }
                }
            }
        };
        // What this search allocates comes out of the room set aside for it.
        drop(reserve.take());
        let Task {
            pos,
            limits,
            config,
            root_moves,
            tables,
        } = *task;
        let report = catch_unwind(AssertUnwindSafe(|| {
            let tables = tables.unwrap_or_else(Histories::new);
            let mut w = Worker::new(pos, state, id, &config, tables);
            w.root_moves = root_moves;
            iterate(&mut w, &limits, &config, &Silent);
            w.finish()
        }))
        .ok();
        // The search's memory is given back: set the room aside again for the next one
        // (where it cannot be had now, the next search allocates as it can).
        reserve = reserve_room();
        let mut mail = lock(&mailbox.mail);
        if matches!(*mail, Mail::Quit) {
            return;
        }
        *mail = Mail::Done(report);
        mailbox.bell.notify_all();
    }
}

/// Sets [`HELPER_RESERVE`] bytes of address space aside (never touched, so no memory is
/// used), or `None` where the system has no room for them.
fn reserve_room() -> Option<Vec<u8>> {
    let mut room = Vec::new();
    room.try_reserve_exact(HELPER_RESERVE).ok()?;
    Some(std::hint::black_box(room))
}
