//! Every search constant in one place.

/// Score of giving mate now; a mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 512;
/// Larger than any score.
pub const INFINITE: i32 = 31_000;
/// Winning by a repetition ruling (the opponent's perpetual check): a sure win, just
/// below mates.
pub const RULE_WIN: i32 = MATE_BOUND - 1_000;
/// The largest static evaluation the net may give (its output is clamped to it).
pub const NNUE_EVAL_LIMIT: i32 = 20_000;
/// Deepest ply the search reaches.
pub const MAX_PLY: usize = 128;

/// Aspiration windows from this depth on.
pub const ASPIRATION_DEPTH: i32 = 4;

/// Late move reductions, in 1/1024 plies: `LMR_BASE + ln(depth) ln(moves) /
/// LMR_DIVISOR` plies, plus `LMR_CUT_NODE` at expected cut nodes, minus a quiet move's
/// history times 1024 over `LMR_HISTORY_DIVISOR` (at most `LMR_HISTORY_MAX` either
/// way), minus `LMR_CAPTURE_BONUS` for captures. Moves are reduced from depth
/// `LMR_DEPTH` on, at the root from its `ROOT_LMR_MOVES`-th move. A reduced move that
/// fails high is searched again a ply deeper when it beat the best score by
/// `LMR_DEEPER_MARGIN` plus `LMR_DEEPER_PER_PLY` per ply of the reduction.
pub const LMR_DEPTH: i32 = 2;
/// The root's own reductions: `ROOT_LMR_BASE + ln(depth) ln(moves) / ROOT_LMR_DIVISOR - 1`.
pub const ROOT_LMR_BASE: f64 = 0.5;
pub const ROOT_LMR_DIVISOR: f64 = 2.2;
pub const ROOT_LMR_MOVES: usize = 3;
pub const LMR_BASE: f64 = 0.9;
pub const LMR_DIVISOR: f64 = 1.9;

/// Double singular extensions allowed on one line.
pub const SE_DOUBLE_MAX: u32 = 10;

/// The continuation histories: the moves this many plies before the one scored.
pub const CONTINUATION_PLIES: [usize; 3] = [1, 2, 4];

/// History scores stay within ±HISTORY_MAX.
pub const HISTORY_MAX: i32 = 16_384;

/// Beyond this ply nothing is extended (the line must end before `MAX_PLY`).
pub const EXTENSION_PLY_LIMIT: usize = 2 * MAX_PLY / 3;

/// The main thread publishes its node count and checks the clock every this many nodes.
pub const POLL_NODES: u64 = 1024;

/// Correction history: entries per table (a power of two), the units of an entry per
/// point of score, and the largest difference between search and evaluation learnt.
pub const CORRECTION_SIZE: usize = 16_384;
pub const CORRECTION_GRAIN: i32 = 16;
pub const CORRECTION_DIFF_MAX: i32 = 1_000;

// ----- time ----------------------------------------------------------------------

/// Sudden death: the soft budget is a share of the time left plus the increments of
/// the next `TIME_HORIZON` moves, the share `TIME_SHARE_BASE + TIME_SHARE_GROWTH *
/// (game ply + 3)^TIME_SHARE_EXPONENT` (2.6 % on the first move, 5.8 % at ply 80), at
/// most `SOFT_SHARE_MAX` of the time left; the hard one `HARD_PER_SOFT` soft budgets,
/// at most `HARD_SHARE_MAX` of the time left.
pub const TIME_HORIZON: u32 = 50;
pub const TIME_SHARE_BASE: f64 = 0.017;
pub const TIME_SHARE_GROWTH: f64 = 0.0056;
pub const TIME_SHARE_EXPONENT: f64 = 0.45;
pub const SOFT_SHARE_MAX: f64 = 0.2;
/// With moves to go, the soft budget takes `INCREMENT_SHARE` of the increment.
pub const INCREMENT_SHARE: f64 = 1.0;
pub const HARD_PER_SOFT: u32 = 4;
pub const HARD_SHARE_MAX: f64 = 0.3;

/// Moves to go: the soft budget is `MTG_SOFT_SHARE` of the time per move plus
/// `INCREMENT_SHARE` of the increment; the hard one `MTG_HARD_PER_SHARE` times the time
/// per move plus the increment, at most `MTG_HARD_SHARE_MAX` of the time left
/// (`LAST_MOVE_SHARE_MAX` with one move to go).
pub const MTG_SOFT_SHARE: f64 = 0.8;
pub const MTG_HARD_PER_SHARE: u32 = 3;
pub const MTG_HARD_SHARE_MAX: f64 = 0.5;
pub const LAST_MOVE_SHARE_MAX: f64 = 0.85;

/// No new iteration is started past `ITERATION_SOFT_SHARE` of the soft budget times
/// the pacing factor. The factor is instability × falling × concentration, within
/// `[PACING_MIN, PACING_MAX]`: instability `INSTABILITY_BASE + INSTABILITY_PER_CHANGE`
/// per recent best-move change (at most two counted); falling one plus the score's fall
/// over `FALL_DIVISOR` (the fall counted within `[FALL_MIN, FALL_MAX]`); concentration
/// `CONCENTRATION_BASE - CONCENTRATION_PER_EFFORT` times the best move's share of the
/// nodes.
/// Below `PACING_DEPTH` the factor is one.
pub const ITERATION_SOFT_SHARE: f64 = 0.7;
pub const PACING_DEPTH: i32 = 4;
pub const PACING_MIN: f64 = 0.5;
pub const PACING_MAX: f64 = 2.0;
pub const INSTABILITY_BASE: f64 = 0.8;
pub const INSTABILITY_PER_CHANGE: f64 = 0.6;
pub const FALL_DIVISOR: f64 = 400.0;
pub const FALL_MIN: i32 = -100;
pub const FALL_MAX: i32 = 200;
pub const CONCENTRATION_BASE: f64 = 1.4;
pub const CONCENTRATION_PER_EFFORT: f64 = 0.6;

// ----- tunable search parameters ---------------------------------------------

/// A search parameter that SPSA may tune: its name (the UCI option of a build with the
/// `tune` feature), default and range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tunable {
    pub name: &'static str,
    pub default: i32,
    pub min: i32,
    pub max: i32,
}

/// Declares the tunable parameters. Each `NAME = value, min..=max;` becomes a function
/// `NAME()`: a `const fn` returning the value in a normal build (so the search compiles
/// exactly as with a constant), and with the `tune` feature a read of an atomic that
/// [`set_tunable`] sets (a UCI option of the same name). [`TUNABLES`] lists them all.
macro_rules! tunables {
    ($( $(#[$doc:meta])* $name:ident = $value:literal, $min:literal ..= $max:literal; )*) => {
        $(
            $(#[$doc])*
            #[allow(non_snake_case)]
            #[inline(always)]
            #[cfg(not(feature = "tune"))]
            pub const fn $name() -> i32 {
                $value
            }

            $(#[$doc])*
            #[allow(non_snake_case)]
            #[inline(always)]
            #[cfg(feature = "tune")]
            pub fn $name() -> i32 {
                tuned::$name.load(std::sync::atomic::Ordering::Relaxed)
            }
        )*

        /// The values of a `tune` build, set by [`set_tunable`].
        #[cfg(feature = "tune")]
        mod tuned {
            use std::sync::atomic::AtomicI32;
            $(pub static $name: AtomicI32 = AtomicI32::new($value);)*
        }

        /// Every tunable parameter, in the order declared.
        pub const TUNABLES: &[Tunable] = &[
            $(Tunable { name: stringify!($name), default: $value, min: $min, max: $max },)*
        ];

        /// Sets the tunable `name` (exact spelling) to `value`, clamped to its range;
        /// `false` when there is no such parameter. Only a `tune` build has it.
        #[cfg(feature = "tune")]
        pub fn set_tunable(name: &str, value: i32) -> bool {
            match name {
                $(stringify!($name) => {
                    tuned::$name.store(value.clamp($min, $max), std::sync::atomic::Ordering::Relaxed);
                    true
                })*
                _ => false,
            }
        }
    };
}

tunables! {
    /// Aspiration window half-width at the first try.
    ASPIRATION_DELTA = 20, 0..=60;

    /// Reverse futility: margin per ply of depth, and the deepest depth it applies at.
    RFP_MARGIN = 90, 0..=270;
    RFP_DEPTH = 7, 0..=15;

    /// Null move: least depth, and the reduction `NMP_BASE + depth / NMP_DEPTH_DIVISOR`
    /// plus one ply per `NMP_EVAL_DIVISOR` of evaluation above beta (at most
    /// `NMP_EVAL_MAX`).
    NMP_DEPTH = 3, 0..=11;
    NMP_BASE = 3, 0..=11;
    NMP_DEPTH_DIVISOR = 4, 1..=16;
    NMP_EVAL_DIVISOR = 200, 50..=800;
    NMP_EVAL_MAX = 2, 0..=10;

    /// ProbCut: from depth `PROBCUT_DEPTH`, captures are tried against beta raised by
    /// `PROBCUT_MARGIN` (less `PROBCUT_IMPROVING` when improving).
    PROBCUT_DEPTH = 5, 3..=12;
    PROBCUT_MARGIN = 130, 0..=390;
    PROBCUT_IMPROVING = 50, 0..=150;

    /// Internal iterative reduction (one ply without a hash move) from this depth on.
    IIR_DEPTH = 4, 0..=12;

    /// Razoring: below depth `RAZOR_DEPTH`, a node whose evaluation is more than
    /// `RAZOR_BASE + RAZOR_PER_DEPTH_SQ * depth²` under alpha is settled by the quiescence
    /// when that confirms it.
    RAZOR_DEPTH = 3, 0..=11;
    RAZOR_BASE = 450, 0..=1350;
    RAZOR_PER_DEPTH_SQ = 300, 0..=900;

    /// The pruning below is judged on the "LMR depth": the depth a late move would be
    /// searched to after its base reduction.
    ///
    /// Futility pruning of quiet moves: base and per-ply margins plus the move's history
    /// over `FUTILITY_HISTORY_DIVISOR`, below LMR depth `FUTILITY_DEPTH`.
    FUTILITY_BASE = 120, 0..=360;
    FUTILITY_PER_DEPTH = 110, 0..=330;
    FUTILITY_HISTORY_DIVISOR = 128, 32..=512;
    FUTILITY_DEPTH = 7, 0..=15;

    /// Futility pruning of captures (not checks): base and per-ply margins plus the
    /// victim, below LMR depth `CAPTURE_FUTILITY_DEPTH`.
    CAPTURE_FUTILITY_BASE = 200, 0..=600;
    CAPTURE_FUTILITY_PER_DEPTH = 200, 0..=600;
    CAPTURE_FUTILITY_DEPTH = 6, 0..=14;

    /// Quiet moves losing more than `QUIET_SEE_PER_DEPTH_SQ * lmr_depth²` by SEE are
    /// pruned.
    QUIET_SEE_PER_DEPTH_SQ = 25, 0..=75;

    /// Late move pruning: quiet moves (not checks) are skipped once the node has reached
    /// more than `LMP_BASE + depth²` moves, pruned ones counted too (half as many when
    /// the static evaluation is not improving).
    LMP_BASE = 4, 0..=12;

    /// History pruning: quiets whose history is below `-HISTORY_PRUNE_PER_DEPTH * depth`
    /// are skipped below LMR depth `HISTORY_PRUNE_DEPTH`.
    HISTORY_PRUNE_DEPTH = 4, 0..=12;
    HISTORY_PRUNE_PER_DEPTH = 4_000, 0..=12000;
    LMR_CUT_NODE = 2_048, 0..=6144;
    /// Late move reductions, in 1/1024 plies: less at a node on (or once on) a principal
    /// variation, more when not improving, less for a check given or answered, more for
    /// a quiet move when the hash move is a capture.
    LMR_TT_PV = 1_024, 0..=4096;
    LMR_NOT_IMPROVING = 1_024, 0..=3072;
    LMR_CHECK = 1_024, 0..=3072;
    LMR_TT_CAPTURE = 1_024, 0..=3072;
    /// More when the nodes a ply below have failed high more than three times.
    LMR_CUTOFFS = 1_024, 0..=3072;
    LMR_HISTORY_DIVISOR = 8_000, 2000..=32000;
    LMR_HISTORY_MAX = 3_072, 0..=9216;
    LMR_CAPTURE_BONUS = 1_024, 0..=3072;
    LMR_DEEPER_MARGIN = 40, 0..=120;
    LMR_DEEPER_PER_PLY = 10, 0..=30;

    /// Captures and quiet checks: pruned up to `CAPTURE_SEE_DEPTH` when they lose more
    /// than `SEE_PRUNE_PER_DEPTH` per ply of depth (by SEE).
    SEE_PRUNE_PER_DEPTH = 120, 0..=360;
    CAPTURE_SEE_DEPTH = 8, 0..=16;

    /// Quiescence: delta-pruning margin.
    DELTA_MARGIN = 200, 0..=600;

    /// Quiet-move ordering: the bonus of a quiet move that gives check (about a quarter
    /// of the histories' range).
    CHECK_SQUARE_BONUS = 16_384, 0..=49152;

    /// A cut-off at depth `d` moves history by `PER_DEPTH * d - OFFSET`, at most `MAX`.
    HISTORY_BONUS_PER_DEPTH = 250, 0..=750;
    HISTORY_BONUS_OFFSET = 100, 0..=300;
    HISTORY_BONUS_MAX = 2_400, 0..=7200;

    /// Singular extensions: least depth, and the margin below the hash score that the
    /// other moves must stay under (`score - SE_MARGIN * depth / 8`).
    /// The hash entry must be at most `SE_TT_DEPTH_MARGIN` plies shallower than the node.
    SE_DEPTH = 6, 0..=16;
    SE_MARGIN = 16, 0..=48;
    SE_TT_DEPTH_MARGIN = 3, 0..=11;
    /// A singular move whose alternatives fail this far below the singular beta is
    /// extended two plies at a non-PV node (at most [`SE_DOUBLE_MAX`] times on a line).
    SE_DOUBLE_MARGIN = 20, 0..=60;

    /// Lazy SMP, as switches for measuring one way against the other (1: on). With
    /// `SMP_VOTE` the move played is the threads' vote (see `search::driver::choose_thread`),
    /// else the deepest thread's; with `SMP_STAGGER` every second helper starts its
    /// iterations a ply deeper, else all start together.
    SMP_VOTE = 1, 0..=1;
    SMP_STAGGER = 1, 0..=1;

    /// Checks are extended by a ply from this depth on (xiangqi is full of checks; below
    /// it the quiescence's evasions see them). From depth 10 rather than 6: +15.1 +/- 13.7
    /// on the clock (results/search/sprt-2026-12-05.txt, fifth sitting).
    CHECK_EXTENSION_DEPTH = 10, 0..=30;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tunables_have_unique_names_and_defaults_in_range() {
        for (i, t) in TUNABLES.iter().enumerate() {
            assert!(t.min <= t.default && t.default <= t.max, "{t:?}");
            assert!(
                TUNABLES[..i].iter().all(|u| u.name != t.name),
                "{} twice",
                t.name
            );
        }
        // A divisor may not be tuned to zero.
        for t in TUNABLES.iter().filter(|t| t.name.contains("DIVISOR")) {
            assert!(t.min >= 1, "{t:?}");
        }
        #[cfg(not(feature = "tune"))]
        assert_eq!(
            RFP_MARGIN(),
            TUNABLES
                .iter()
                .find(|t| t.name == "RFP_MARGIN")
                .unwrap()
                .default
        );
    }

    #[cfg(feature = "tune")]
    #[test]
    fn a_tuning_build_sets_and_clamps_them() {
        assert!(set_tunable("SE_MARGIN", 20));
        assert_eq!(SE_MARGIN(), 20);
        assert!(set_tunable("SE_MARGIN", 1_000_000));
        let max = TUNABLES.iter().find(|t| t.name == "SE_MARGIN").unwrap().max;
        assert_eq!(SE_MARGIN(), max);
        assert!(set_tunable("SE_MARGIN", 16));
        assert!(!set_tunable("NO_SUCH_PARAMETER", 1));
    }
}
