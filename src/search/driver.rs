//! A search from start to finish ([`search`]): the limits and the clock set, the root
//! moves listed, the helper threads posted their tasks, the main thread's iterative
//! deepening run with a heartbeat for long searches, and the move played chosen among
//! the threads' results ([`choose_thread`]). A weakened search runs the full one with
//! its own limits and chooses among its best few moves.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::alphabeta::{RootMove, Worker};
use super::config::{Config, MAX_THREADS};
use super::deepening::iterate;
use super::history;
use super::movepick;
use super::outcome::Outcome;
use super::params::{self, INFINITE, MATE_BOUND};
use super::pool;
use super::report::{Info, Reporter, Status};
use super::shared::Shared;
use super::skill;
use super::state::State;
use super::time::{self, Limits};
use super::wdl;
use crate::board::{Move, Position};

/// Reports are shown at least this often once a search has run this long.
const HEARTBEAT: Duration = Duration::from_secs(1);

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::params::MATE;

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
}
