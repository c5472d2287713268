//! `bench`: a fixed set of positions searched to a fixed depth by one thread. The
//! total node count is the search's signature: it changes exactly when the search or
//! evaluation changes.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use super::config::Config;
use super::driver::search;
use super::report::Silent;
use super::shared::Shared;
use super::time::Limits;
use crate::board::Position;
use crate::eval::nnue::Network;

pub use super::positions::POSITIONS;

/// Default depth.
pub const DEPTH: i32 = 8;

/// Searches every bench position to `depth` with one thread and a fresh 16 MB table,
/// evaluating with `net` (`None`: the hand-crafted evaluation); calls `line` with each
/// position's report, returns (total nodes, nodes/second).
pub fn run(
    depth: i32,
    net: Option<Arc<Network>>,
    line: impl FnMut(usize, &str, u64),
) -> (u64, u64) {
    let never = AtomicBool::new(false);
    run_until(depth, net, &Shared::new(16), &never, line).expect("never cancelled")
}

/// [`run`] with the table of `shared`, giving up (`None`) once `cancel` is set. To stop
/// a running search too, set `cancel` and then request a stop on `shared` until the
/// call returns (each search clears the stop flag when it starts).
pub fn run_until(
    depth: i32,
    net: Option<Arc<Network>>,
    shared: &Shared,
    cancel: &AtomicBool,
    mut line: impl FnMut(usize, &str, u64),
) -> Option<(u64, u64)> {
    let config = Config {
        net,
        ..Config::default()
    };
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    // Only the searches are timed: clearing the table and the histories between
    // positions is no part of the search's speed.
    let mut searching = std::time::Duration::ZERO;
    let mut total = 0;
    for (i, fen) in POSITIONS.iter().enumerate() {
        let pos = Position::from_fen(fen).expect("bench positions are valid");
        shared.clear();
        if cancel.load(Ordering::SeqCst) {
            return None;
        }
        let start = Instant::now();
        let outcome = search(&pos, &limits, &config, shared, &Silent);
        searching += start.elapsed();
        if cancel.load(Ordering::SeqCst) {
            return None;
        }
        total += outcome.nodes;
        line(i + 1, fen, outcome.nodes);
    }
    let ms = searching.as_millis().max(1) as u64;
    Some((total, total * 1000 / ms))
}
