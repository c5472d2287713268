//! What a search thread learns about moves and keeps for the rest of the game: the
//! main (quiet) history, the continuation histories, the capture history and the
//! counter moves. Each thread has
//! its own set; [`super::Shared`] keeps the sets between searches, so the next move's
//! search starts with what the last ones learnt, and `ucinewgame` (or a new bench
//! position) clears them.

use super::movepick::{CaptureTable, ContinuationTable};
use crate::board::Move;

/// Continuation tables, one per previous move's `[piece][to]`.
pub const CONTINUATIONS: usize = 14 * 90;

/// One thread's move statistics.
pub struct Histories {
    /// Quiet history by side, from, to.
    pub quiet: [[[i32; 90]; 90]; 2],
    /// Continuation history, indexed by the earlier move's `[piece][to]`.
    pub continuation: Vec<ContinuationTable>,
    /// The counter move to the previous move's `[piece][to]`.
    pub counters: Vec<Option<Move>>,
    /// How captures did, by `[piece][to][captured kind]`.
    pub captures: CaptureTable,
}

impl Histories {
    /// Empty statistics.
    pub fn new() -> Box<Histories> {
        Box::new(Histories {
            quiet: [[[0; 90]; 90]; 2],
            continuation: vec![[[0; 90]; 14]; CONTINUATIONS],
            counters: vec![None; CONTINUATIONS],
            captures: [[[0; 7]; 90]; 14],
        })
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.quiet = [[[0; 90]; 90]; 2];
        for table in &mut self.continuation {
            *table = [[0; 90]; 14];
        }
        self.counters.fill(None);
        self.captures = [[[0; 7]; 90]; 14];
    }
}

/// [`update`] on a 16-bit entry.
#[inline]
pub fn update_i16(h: &mut i16, delta: i32, cap: i32) {
    let mut v = i32::from(*h);
    update(&mut v, delta, cap);
    *h = v as i16;
}

/// Moves `h` toward `±cap` by `delta`, slower the nearer it is (so it stays within
/// `±cap`).
#[inline]
pub fn update(h: &mut i32, delta: i32, cap: i32) {
    *h += delta - *h * delta.abs() / cap;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn updates_stay_within_the_cap() {
        let cap = 16_384;
        let mut h = 0;
        for _ in 0..1000 {
            update(&mut h, 3_000, cap);
            assert!(h <= cap, "{h}");
        }
        assert!(h > cap * 9 / 10, "saturates near the cap: {h}");
        for _ in 0..1000 {
            update(&mut h, -3_000, cap);
            assert!(h >= -cap, "{h}");
        }
        assert!(h < -cap * 9 / 10, "{h}");
    }

    #[test]
    fn clear_forgets() {
        let mut h = Histories::new();
        h.quiet[1][3][4] = 7;
        h.continuation[5][2][9] = -3;
        h.counters[11] = Some(Move::NULL);
        h.captures[3][40][2] = 12;
        h.clear();
        assert_eq!(h.captures[3][40][2], 0);
        assert_eq!(h.quiet[1][3][4], 0);
        assert_eq!(h.continuation[5][2][9], 0);
        assert!(h.counters.iter().all(Option::is_none));
    }
}
