//! `bench`: a fixed set of positions searched to a fixed depth by one thread. The
//! total node count is the search's signature: it changes exactly when the search or
//! evaluation changes.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use super::{search, Config, Limits, Shared, Silent};
use crate::board::Position;
use crate::eval::nnue::Network;

/// Default depth.
pub const DEPTH: i32 = 8;

/// Openings, middlegames and endgames.
pub const POSITIONS: [&str; 34] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "rnbakabnr/9/1c5c1/p1p3p1p/9/9/P1P1C1P1P/7C1/9/RNBAKABNR w - - 0 1",
    "r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/6P2/P1P1P3P/1C2C1N2/9/RNBAKAB1R w - - 4 4",
    "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/2P6/P3P1P1P/1C5C1/9/RNBAKABNR w - - 2 2",
    "r1bakabnr/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2B2C1/9/RN1AKABNR w - - 2 2",
    "rnbakab1r/9/1c5cn/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2",
    "r2akabr1/9/1cn1b1nc1/p1p1p1p1p/9/2P3P2/P3P3P/1CN1B1NC1/9/R1BAKA2R w - - 6 6",
    "3akab2/8r/2n6/2p3p2/1c7/R6C1/P1P3P1P/2N6/9/3K1A3 w - - 0 1",
    "1nbaka3/9/9/p1p1n1p2/9/9/P3C2rP/1C7/9/R1B1K2N1 b - - 0 1",
    "1r1k1a2r/4a2c1/7n1/4p4/p1b1CPb2/9/P3P4/7C1/4A4/RNB1K4 w - - 0 1",
    "1nbaka1r1/9/1c7/p1p1P3p/9/4N4/P7P/4C4/9/R2K2BC1 w - - 0 1",
    "r1bakab2/9/2n6/p5n1p/4R4/9/P3C3P/9/9/RN3K3 b - - 0 1",
    "1nbaka3/3c5/9/p1p3p2/3C5/9/P3P3P/3A5/3K2N1r/R1B6 w - - 0 1",
    "4k1bn1/2Nra4/7c1/p1p5p/9/9/P7P/1C7/9/R4KB2 b - - 0 1",
    "r1baka3/3n5/7c1/p7p/6b2/2B6/P4C2P/4B4/3N5/R2AK4 w - - 0 1",
    "2r2k1P1/4a4/5a3/p1P5p/2b5P/4P2p1/P8/1p1A5/1C7/3K2pR1 w - - 0 1",
    "3a1a3/4k4/9/9/R8/9/9/9/9/3K5 w - - 0 1",
    "r2ak1br1/4a4/c1n1b1n1c/pC2p1p1p/2p6/2P3P2/P3P3P/2N1C1N2/4A4/R1BAK1BR1 w - - 16 9",
    "r1bakabnr/9/1cn6/p1p1p1pCp/9/3c5/P1P1P1P1P/2C5R/9/RNBAKABN1 w - - 6 4",
    "rnb1kabnr/4a4/1C1c5/p1p1p1p1p/9/c7P/P1P1P1PC1/N5N2/4A3R/1RBA1KB2 b - - 19 10",
    "rn1akabn1/9/b1c5r/p1p6/3CC1N1p/6P2/P1P1P3P/N7R/1R2A4/3cKAB2 w - - 1 17",
    "3akabnr/r2n5/b8/2c5p/p1p3p1P/2PCP2N1/Pc4P2/3CBA3/R4R3/1NB1KA3 b - - 10 23",
    "rc1cka3/4a4/b1n3n2/p1p3p1p/2b1pC2P/P1B6/2R1P1P2/9/N3A2r1/2BK1A2R w - - 10 30",
    "2r2a1n1/3k4r/5a3/4C1p1P/2b6/2P3P2/N1p5R/4B4/2c2K3/2BA1A1N1 w - - 0 35",
    "3a2b2/2n1k4/8n/p2Cp1p2/6b1p/1p1C2P1P/P1P1P1r1R/B1N1cA3/2r2N3/4KA3 b - - 3 41",
    "1rba2b2/4a4/n3k3n/p3C1pRp/1PP2P2P/1N7/9/4B3c/2RKA3N/2B2Ac2 w - - 9 48",
    "2b1Ra3/4an3/4k3b/2p3p2/1C1R4P/4P1B1C/6P2/B8/4Kc3/2NA1A3 b - - 1 54",
    "2b1kabn1/r3a4/n8/p1c3p2/6P2/4p4/9/1r7/4KN3/2BA1AR2 w - - 2 61",
    "3ak4/4a4/4b4/9/9/9/9/4B4/4A4/3AK1R2 w - - 0 1",
    "4kab2/4a4/4b4/9/2N6/9/9/9/4A4/3AK4 w - - 0 1",
    "3k5/4P4/9/9/9/9/9/9/4A4/4K4 w - - 0 1",
    "2bak4/4a4/4b4/9/9/9/9/9/4C4/2BAK4 w - - 0 1",
    "3k1a3/4a4/9/9/6p2/9/9/9/9/3AKR3 b - - 0 1",
    "2bakab2/9/9/9/9/2P3P2/9/4B4/9/2BAKA3 w - - 0 1",
];

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
