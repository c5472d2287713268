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

/// Aspiration window half-width at the first try.
pub const ASPIRATION_DELTA: i32 = 20;
/// Aspiration windows from this depth on.
pub const ASPIRATION_DEPTH: i32 = 4;

/// Reverse futility: margin per ply of depth, and the deepest depth it applies at.
pub const RFP_MARGIN: i32 = 90;
pub const RFP_DEPTH: i32 = 7;

/// Null move: least depth, and the reduction `NMP_BASE + depth / NMP_DEPTH_DIVISOR`
/// plus one ply per `NMP_EVAL_DIVISOR` of evaluation above beta (at most
/// `NMP_EVAL_MAX`).
pub const NMP_DEPTH: i32 = 3;
pub const NMP_BASE: i32 = 3;
pub const NMP_DEPTH_DIVISOR: i32 = 4;
pub const NMP_EVAL_DIVISOR: i32 = 200;
pub const NMP_EVAL_MAX: i32 = 2;

/// Internal iterative reduction (one ply without a hash move) from this depth on.
pub const IIR_DEPTH: i32 = 4;

/// Razoring: below depth `RAZOR_DEPTH`, a node whose evaluation is more than
/// `RAZOR_BASE + RAZOR_PER_DEPTH_SQ * depth²` under alpha is settled by the quiescence
/// when that confirms it.
pub const RAZOR_DEPTH: i32 = 3;
pub const RAZOR_BASE: i32 = 450;
pub const RAZOR_PER_DEPTH_SQ: i32 = 300;

/// The pruning below is judged on the "LMR depth": the depth a late move would be
/// searched to after its base reduction.
///
/// Futility pruning of quiet moves: base and per-ply margins plus the move's history
/// over `FUTILITY_HISTORY_DIVISOR`, below LMR depth `FUTILITY_DEPTH`.
pub const FUTILITY_BASE: i32 = 120;
pub const FUTILITY_PER_DEPTH: i32 = 110;
pub const FUTILITY_HISTORY_DIVISOR: i32 = 128;
pub const FUTILITY_DEPTH: i32 = 7;

/// Futility pruning of captures (not checks): base and per-ply margins plus the
/// victim, below LMR depth `CAPTURE_FUTILITY_DEPTH`.
pub const CAPTURE_FUTILITY_BASE: i32 = 200;
pub const CAPTURE_FUTILITY_PER_DEPTH: i32 = 200;
pub const CAPTURE_FUTILITY_DEPTH: i32 = 6;

/// Quiet moves losing more than `QUIET_SEE_PER_DEPTH_SQ * lmr_depth²` by SEE are
/// pruned.
pub const QUIET_SEE_PER_DEPTH_SQ: i32 = 25;

/// Late move pruning: quiets tried at most `LMP_BASE + depth²` (half as many when the
/// static evaluation is not improving).
pub const LMP_BASE: usize = 4;

/// History pruning: quiets whose history is below `-HISTORY_PRUNE_PER_DEPTH * depth`
/// are skipped below LMR depth `HISTORY_PRUNE_DEPTH`.
pub const HISTORY_PRUNE_DEPTH: i32 = 4;
pub const HISTORY_PRUNE_PER_DEPTH: i32 = 4_000;

/// Late move reductions, in 1/1024 plies: `LMR_BASE + ln(depth) ln(moves) /
/// LMR_DIVISOR` plies, plus `LMR_CUT_NODE` at expected cut nodes, minus a quiet move's
/// history times 1024 over `LMR_HISTORY_DIVISOR` (at most `LMR_HISTORY_MAX` either
/// way), minus `LMR_CAPTURE_BONUS` for captures. Moves are reduced from depth
/// `LMR_DEPTH` on, at the root from its `ROOT_LMR_MOVES`-th move. A reduced move that
/// fails high is searched again a ply deeper when it beat the best score by
/// `LMR_DEEPER_MARGIN` plus `LMR_DEEPER_PER_PLY` per ply of the reduction.
pub const LMR_DEPTH: i32 = 3;
/// The root's own reductions: `ROOT_LMR_BASE + ln(depth) ln(moves) / ROOT_LMR_DIVISOR - 1`.
pub const ROOT_LMR_BASE: f64 = 0.5;
pub const ROOT_LMR_DIVISOR: f64 = 2.2;
pub const ROOT_LMR_MOVES: usize = 3;
pub const LMR_BASE: f64 = 0.9;
pub const LMR_DIVISOR: f64 = 1.9;
pub const LMR_CUT_NODE: i32 = 1_536;
pub const LMR_HISTORY_DIVISOR: i32 = 8_000;
pub const LMR_HISTORY_MAX: i32 = 3_072;
pub const LMR_CAPTURE_BONUS: i32 = 1_024;
pub const LMR_DEEPER_MARGIN: i32 = 40;
pub const LMR_DEEPER_PER_PLY: i32 = 10;

/// Captures and quiet checks: pruned up to `CAPTURE_SEE_DEPTH` when they lose more
/// than `SEE_PRUNE_PER_DEPTH` per ply of depth (by SEE).
pub const SEE_PRUNE_PER_DEPTH: i32 = 120;
pub const CAPTURE_SEE_DEPTH: i32 = 8;

/// Quiescence: delta-pruning margin.
pub const DELTA_MARGIN: i32 = 200;

/// The continuation histories: the moves this many plies before the one scored.
pub const CONTINUATION_PLIES: [usize; 3] = [1, 2, 4];

/// History scores stay within ±HISTORY_MAX.
pub const HISTORY_MAX: i32 = 16_384;
/// A cut-off at depth `d` moves history by `PER_DEPTH * d - OFFSET`, at most `MAX`.
pub const HISTORY_BONUS_PER_DEPTH: i32 = 250;
pub const HISTORY_BONUS_OFFSET: i32 = 100;
pub const HISTORY_BONUS_MAX: i32 = 2_400;

/// Singular extensions: least depth, and the margin below the hash score that the
/// other moves must stay under (`score - SE_MARGIN * depth / 8`).
/// The hash entry must be at most `SE_TT_DEPTH_MARGIN` plies shallower than the node.
pub const SE_DEPTH: i32 = 8;
pub const SE_MARGIN: i32 = 16;
pub const SE_TT_DEPTH_MARGIN: i32 = 3;

/// Checks are extended by a ply from this depth on (xiangqi is full of checks; below
/// it the quiescence's evasions see them).
pub const CHECK_EXTENSION_DEPTH: i32 = 6;

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

/// Sudden death: the soft budget is the time left over `TIME_SHARE_DIVISOR` plus
/// `INCREMENT_SHARE` of the increment; the hard one `HARD_PER_SOFT` soft budgets, at
/// most `HARD_SHARE_MAX` of the time left.
pub const TIME_SHARE_DIVISOR: u32 = 17;
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
