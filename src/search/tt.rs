//! The transposition table shared by all search threads: lock-free, in safe code.
//!
//! Each entry is two `AtomicU64` words, `key ^ data` and `data`; a reader accepts an
//! entry only when the two agree with its key, so a torn write (two threads storing at
//! once) reads as a miss instead of as a wrong move. Buckets hold two entries.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

use super::params::{MATE, MATE_BOUND, MAX_PLY, RULE_WIN};
use crate::board::{Move, Square};

/// What a stored score says about the true score.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// No score: the entry holds only the static evaluation (a node left by an early
    /// exit, razoring, reverse futility or null move, before any move was searched).
    None = 0,
    /// The score is exact.
    Exact = 1,
    /// The true score is at least this (fail high).
    Lower = 2,
    /// The true score is at most this (fail low).
    Upper = 3,
}

/// A copy of one entry, as read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtData {
    pub mv: Option<Move>,
    pub score: i32,
    pub eval: i32,
    pub depth: i32,
    pub bound: Bound,
    /// The position was on a principal variation when stored (or under one and failing
    /// low): the search reduces its moves less.
    pub pv: bool,
}

#[derive(Default)]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

#[derive(Default)]
struct Bucket {
    entries: [Entry; 2],
}

const _: () = assert!(std::mem::size_of::<Bucket>() == 32);

/// The table.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    generation: AtomicU8,
}

/// Bit 14 of an entry (above the move's 14 bits) is the PV mark.
const PV_BIT: u64 = 1 << 14;

#[allow(clippy::too_many_arguments)]
fn pack(
    mv: Option<Move>,
    score: i32,
    eval: i32,
    depth: i32,
    bound: Bound,
    pv: bool,
    generation: u8,
) -> u64 {
    let mv = mv.map_or(0, |m| u64::from(m.raw())) | if pv { PV_BIT } else { 0 };
    let score = u64::from(score.clamp(-32_000, 32_000) as i16 as u16);
    let eval = u64::from(eval.clamp(-32_000, 32_000) as i16 as u16);
    let depth = u64::from(depth.clamp(-1, 254).wrapping_add(1) as u8);
    let meta = u64::from(bound as u8) | u64::from(generation & 0x3F) << 2;
    mv | score << 16 | eval << 32 | depth << 48 | meta << 56
}

fn unpack(data: u64) -> (TtData, u8) {
    let raw = (data & 0x3FFF) as u16;
    let mv = if raw == 0 {
        None
    } else {
        let from = Square::try_from_index((raw & 0x7F) as u8);
        let to = Square::try_from_index((raw >> 7) as u8);
        match (from, to) {
            (Some(f), Some(t)) if f != t => Some(Move::new(f, t)),
            _ => None,
        }
    };
    let bound = match (data >> 56) & 3 {
        0 => Bound::None,
        1 => Bound::Exact,
        2 => Bound::Lower,
        _ => Bound::Upper,
    };
    let d = TtData {
        mv,
        score: i32::from((data >> 16) as u16 as i16),
        eval: i32::from((data >> 32) as u16 as i16),
        depth: i32::from((data >> 48) as u8) - 1,
        bound,
        pv: data & PV_BIT != 0,
    };
    (d, ((data >> 58) & 0x3F) as u8)
}

/// The memory the system can still give, in bytes (`MemAvailable` of /proc/meminfo);
/// `None` where that is not known.
fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// The bytes of a table of `mb` megabytes (at least one).
fn table_bytes(mb: usize) -> Result<usize, String> {
    mb.max(1)
        .checked_mul(1024 * 1024)
        .ok_or_else(|| format!("{mb} MB is too large a table"))
}

impl TranspositionTable {
    /// A table of about `mb` megabytes (at least one bucket), for the sizes the
    /// program picks itself; sizes from outside go through
    /// [`TranspositionTable::try_new`].
    ///
    /// # Panics
    /// When the allocator refuses the memory.
    pub fn new(mb: usize) -> TranspositionTable {
        TranspositionTable::allocate(mb).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A table of about `mb` megabytes, or why it cannot be had: more than the memory
    /// the system reports available (Linux), or an allocation the allocator refuses.
    /// Checking first matters because an over-committed table is only backed when its
    /// pages are touched, and the system would then kill the process.
    pub fn try_new(mb: usize) -> Result<TranspositionTable, String> {
        let bytes = table_bytes(mb)?;
        if let Some(available) = available_memory() {
            if bytes as u64 > available {
                return Err(format!(
                    "{mb} MB is more than the {} MB of memory available",
                    available / (1024 * 1024)
                ));
            }
        }
        TranspositionTable::allocate(mb)
    }

    /// A table of about `mb` megabytes, or the allocator's refusal.
    fn allocate(mb: usize) -> Result<TranspositionTable, String> {
        let count = (table_bytes(mb)? / std::mem::size_of::<Bucket>()).max(1);
        let mut buckets = Vec::new();
        buckets
            .try_reserve_exact(count)
            .map_err(|_| format!("cannot allocate {mb} MB for the table"))?;
        buckets.resize_with(count, Bucket::default);
        Ok(TranspositionTable {
            buckets,
            generation: AtomicU8::new(0),
        })
    }

    /// Size in megabytes.
    pub fn size_mb(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>() / (1024 * 1024)
    }

    /// Forgets everything.
    pub fn clear(&self) {
        for bucket in &self.buckets {
            for e in &bucket.entries {
                e.check.store(0, Ordering::Relaxed);
                e.data.store(0, Ordering::Relaxed);
            }
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Starts a new search (older entries become preferred victims).
    pub fn new_search(&self) {
        let g = self.generation.load(Ordering::Relaxed);
        self.generation
            .store(g.wrapping_add(1) & 0x3F, Ordering::Relaxed);
    }

    fn bucket(&self, key: u64) -> &Bucket {
        let index = ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index]
    }

    /// Asks the processor to bring `key`'s bucket into the cache ahead of the probe.
    #[inline]
    #[allow(unsafe_code)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let ptr = std::ptr::from_ref(self.bucket(key)).cast::<i8>();
            // SAFETY: a prefetch is only a hint to the cache; it reads nothing and
            // cannot fault, and `ptr` points into the table anyway.
            unsafe { std::arch::x86_64::_mm_prefetch(ptr, std::arch::x86_64::_MM_HINT_T0) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry for `key`, with its score made relative to `ply` (mate distances).
    /// An entry found from an earlier search is marked as of this one, so that the
    /// replacement keeps the entries the current search uses.
    pub fn probe(&self, key: u64, ply: usize) -> Option<TtData> {
        for e in &self.bucket(key).entries {
            let data = e.data.load(Ordering::Relaxed);
            if data != 0 && e.check.load(Ordering::Relaxed) ^ data == key {
                let (mut d, old_gen) = unpack(data);
                let generation = self.generation.load(Ordering::Relaxed);
                if old_gen != generation {
                    let fresh = (data & !(0x3F << 58)) | u64::from(generation & 0x3F) << 58;
                    e.check.store(key ^ fresh, Ordering::Relaxed);
                    e.data.store(fresh, Ordering::Relaxed);
                }
                d.score = score_from_tt(d.score, ply);
                return Some(d);
            }
        }
        None
    }

    /// Stores a result (`pv`: the node is or was on a principal variation). Mate
    /// scores are stored relative to this node.
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &self,
        key: u64,
        ply: usize,
        mv: Option<Move>,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
        pv: bool,
    ) {
        // A win or loss by the rulings on repetition belongs to the line that repeated,
        // not to the position: read on another line, where the same moves repeat
        // nothing, it would be a phantom. Only the move and the evaluation are kept.
        let (score, depth, bound) = if is_rule_score(score) && bound != Bound::None {
            (0, -1, Bound::None)
        } else {
            (score, depth, bound)
        };
        let generation = self.generation.load(Ordering::Relaxed);
        let bucket = self.bucket(key);
        // Same key: replace (keeping the old move when the new result has none).
        // Otherwise replace the shallowest, oldest entry.
        let mut victim = &bucket.entries[0];
        let mut victim_worth = i32::MAX;
        let mut keep_move = None;
        for e in &bucket.entries {
            let data = e.data.load(Ordering::Relaxed);
            if data == 0 || e.check.load(Ordering::Relaxed) ^ data == key {
                if data != 0 {
                    let (old, _) = unpack(data);
                    // Keep a result of the same position searched more than three
                    // plies deeper (so a quiescence result does not replace it) unless
                    // the new one is exact.
                    if bound != Bound::Exact && old.depth > depth + 3 {
                        return;
                    }
                    keep_move = old.mv;
                }
                victim = e;
                break;
            }
            let (old, old_gen) = unpack(data);
            let age = i32::from(generation.wrapping_sub(old_gen) & 0x3F);
            let worth = old.depth - 8 * age;
            if worth < victim_worth {
                victim_worth = worth;
                victim = e;
            }
        }
        let mv = mv.or(keep_move);
        let data = pack(
            mv,
            score_to_tt(score, ply),
            eval,
            depth,
            bound,
            pv,
            generation,
        );
        victim.check.store(key ^ data, Ordering::Relaxed);
        victim.data.store(data, Ordering::Relaxed);
    }

    /// Keeps the static evaluation `eval` of the position `key` alone (no move, no score,
    /// [`Bound::None`]), for a node left before any move was searched, so that a revisit
    /// needs no evaluation. A searched result for the position replaces it.
    pub fn store_eval(&self, key: u64, eval: i32) {
        self.store(key, 0, None, 0, eval, -1, Bound::None, false);
    }

    /// Permille of the first thousand buckets' entries written in this search.
    pub fn hashfull(&self) -> usize {
        let generation = self.generation.load(Ordering::Relaxed);
        let sample = self.buckets.len().min(500);
        let mut used = 0;
        for bucket in &self.buckets[..sample] {
            for e in &bucket.entries {
                let data = e.data.load(Ordering::Relaxed);
                if data != 0 && unpack(data).1 == generation {
                    used += 1;
                }
            }
        }
        used * 1000 / (sample * 2).max(1)
    }
}

/// Whether `score` is a win or loss by the rulings on repetition (at most [`MAX_PLY`]
/// plies from [`RULE_WIN`]).
fn is_rule_score(score: i32) -> bool {
    (RULE_WIN - MAX_PLY as i32..=RULE_WIN).contains(&score.abs())
}

fn score_to_tt(score: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if score >= MATE_BOUND {
        score + ply
    } else if score <= -MATE_BOUND {
        score - ply
    } else {
        score
    }
}

fn score_from_tt(score: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if score >= MATE_BOUND {
        (score - ply).min(MATE)
    } else if score <= -MATE_BOUND {
        (score + ply).max(-MATE)
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_and_probe_round_trip() {
        let tt = TranspositionTable::new(1);
        let mv = Move::parse_iccs("h2e2").unwrap();
        tt.store(0xDEAD_BEEF, 0, Some(mv), 123, -45, 7, Bound::Lower, true);
        let d = tt.probe(0xDEAD_BEEF, 0).expect("stored");
        assert_eq!(
            d,
            TtData {
                mv: Some(mv),
                score: 123,
                eval: -45,
                depth: 7,
                bound: Bound::Lower,
                pv: true,
            }
        );
        assert!(tt.probe(0xDEAD_BEEE, 0).is_none());
        // Same key, no move: the old move is kept.
        tt.store(0xDEAD_BEEF, 0, None, -7, 0, 8, Bound::Upper, false);
        let d = tt.probe(0xDEAD_BEEF, 0).unwrap();
        assert_eq!(
            (d.mv, d.score, d.depth, d.bound, d.pv),
            (Some(mv), -7, 8, Bound::Upper, false)
        );
        tt.clear();
        assert!(tt.probe(0xDEAD_BEEF, 0).is_none());
    }

    #[test]
    fn mate_scores_are_stored_relative_to_the_node() {
        let tt = TranspositionTable::new(1);
        // Mate in 5 plies from the root, found at ply 3: 2 plies from the node.
        tt.store(42, 3, None, MATE - 5, 0, 4, Bound::Exact, false);
        // Probed at ply 1 it is mate in 3 plies from the root.
        assert_eq!(tt.probe(42, 1).unwrap().score, MATE - 3);
        tt.store(43, 2, None, -(MATE - 6), 0, 4, Bound::Exact, false);
        assert_eq!(tt.probe(43, 4).unwrap().score, -(MATE - 8));
    }

    #[test]
    fn a_win_by_the_rulings_keeps_only_the_move_and_evaluation() {
        let tt = TranspositionTable::new(1);
        let mv = Move::parse_iccs("h2e2").unwrap();
        for score in [RULE_WIN - 9, -(RULE_WIN - 30)] {
            tt.store(11, 9, Some(mv), score, 55, 12, Bound::Exact, true);
            let d = tt.probe(11, 9).unwrap();
            assert_eq!(
                (d.mv, d.eval, d.depth, d.bound),
                (Some(mv), 55, -1, Bound::None),
                "{score}"
            );
            tt.clear();
        }
        // Mates and ordinary scores keep theirs.
        for score in [MATE - 9, RULE_WIN - MAX_PLY as i32 - 1, 800] {
            tt.store(12, 0, Some(mv), score, 55, 12, Bound::Lower, false);
            assert_eq!(tt.probe(12, 0).unwrap().score, score);
        }
    }

    #[test]
    fn negative_depth_and_extreme_scores_survive_packing() {
        let tt = TranspositionTable::new(1);
        tt.store(7, 0, None, -20_000, 32_000, -1, Bound::Upper, false);
        let d = tt.probe(7, 0).unwrap();
        assert_eq!((d.score, d.eval, d.depth), (-20_000, 32_000, -1));
    }

    #[test]
    fn an_evaluation_alone_is_stored_without_a_bound() {
        let tt = TranspositionTable::new(1);
        tt.store_eval(99, -321);
        let d = tt.probe(99, 5).unwrap();
        assert_eq!(
            (d.mv, d.eval, d.depth, d.bound),
            (None, -321, -1, Bound::None)
        );
        // A searched result for the same position replaces it.
        tt.store(99, 5, None, 40, -321, 3, Bound::Lower, false);
        assert_eq!(tt.probe(99, 5).unwrap().bound, Bound::Lower);
    }

    #[test]
    fn an_entry_probed_in_this_search_is_kept_over_one_that_was_not() {
        // Keys 1, 2 and 3 share the first bucket (two entries). The deep entry of an
        // old search is probed in the current one, so the shallow current entry is the
        // one replaced; unprobed, its age would make it the victim.
        for probe_it in [true, false] {
            let tt = TranspositionTable::new(1);
            tt.store(1, 0, None, 10, 0, 10, Bound::Exact, false);
            for _ in 0..5 {
                tt.new_search();
            }
            tt.store(2, 0, None, 20, 0, 1, Bound::Exact, false);
            if probe_it {
                assert!(tt.probe(1, 0).is_some());
            }
            tt.store(3, 0, None, 30, 0, 1, Bound::Exact, false);
            assert_eq!(tt.probe(1, 0).is_some(), probe_it, "probed: {probe_it}");
            assert!(tt.probe(3, 0).is_some());
        }
    }

    #[test]
    fn sized_by_megabytes() {
        assert_eq!(TranspositionTable::new(16).size_mb(), 16);
    }
}
