//! Iterative deepening for one thread ([`iterate`]): each depth searched with an
//! aspiration window around the last score, MultiPV lines one after another, and on the
//! main thread the reports and the time management between iterations ([`Pacing`]).

use std::sync::atomic::Ordering;
use std::time::Duration;

use super::alphabeta::Worker;
use super::config::Config;
use super::outcome::mate_in;
use super::params::{
    self, ASPIRATION_DELTA, ASPIRATION_DEPTH, CONCENTRATION_BASE, CONCENTRATION_PER_EFFORT,
    FALL_DIVISOR, FALL_MAX, FALL_MIN, INFINITE, INSTABILITY_BASE, INSTABILITY_PER_CHANGE,
    ITERATION_SOFT_SHARE, MATE_BOUND, MAX_PLY, PACING_DEPTH, PACING_MAX, PACING_MIN,
};
use super::report::{Info, Reporter};
use super::state::State;
use super::time::Limits;
use super::tt::Bound;
use super::wdl;
use crate::board::Move;

/// Aspiration bounds are reported only once the search has run this long (earlier
/// ones would flood a GUI with lines it replaces at once).
const BOUNDS_AFTER: Duration = Duration::from_secs(1);

/// Iterative deepening for one worker.
pub(super) fn iterate(
    w: &mut Worker<'_>,
    limits: &Limits,
    config: &Config,
    reporter: &dyn Reporter,
) {
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
    use crate::board::Position;
    use crate::search::params::MATE;

    fn moves() -> (Move, Move) {
        let pos = Position::startpos();
        let legal = pos.legal_moves();
        (legal[0], legal[1])
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
