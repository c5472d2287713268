//! The search proper: principal variation search with quiescence, pruning and
//! reductions, for one thread. Threads share only the transposition table and the
//! atomics of [`Shared`].

use std::sync::atomic::Ordering;

use super::history::{self, Histories};
use super::movepick::{is_bad_capture, Hints, MovePicker};
use super::params::*;
use super::see::see_ge;
use super::tt::Bound;
use super::Shared;
use crate::board::{Move, PieceKind, Position};
use crate::eval::evaluate;
use crate::eval::material::simple_value;
use crate::eval::nnue::AccumulatorStack;

/// A root move with what the last iterations learnt about it.
#[derive(Clone, Debug)]
pub struct RootMove {
    pub mv: Move,
    pub score: i32,
    pub previous_score: i32,
    pub pv: Vec<Move>,
    pub seldepth: usize,
    /// Nodes spent below this move in the current iteration.
    pub nodes: u64,
}

/// One search thread's state.
pub struct Worker<'a> {
    pub(super) pos: Position,
    pub(super) shared: &'a Shared,
    pub(super) id: usize,
    pub(super) nodes: u64,
    pub(super) seldepth: usize,
    pub(super) root_moves: Vec<RootMove>,
    pub(super) pv_index: usize,
    pub(super) completed_depth: i32,
    /// Whether the 60-move natural limit is applied.
    pub(super) rule60: bool,
    /// How repetitions are ruled.
    rule_set: crate::board::repetition::RuleSet,
    /// Moves in the game before the search began (repetitions reaching into them are
    /// ruled in full).
    game_plies: usize,
    killers: Vec<[Option<Move>; 2]>,
    /// Quiet, continuation, capture and counter-move statistics, kept between searches
    /// (the continuation and counter tables are indexed by
    /// [`Worker::continuation_index`]).
    tables: Box<Histories>,
    /// The piece moved at each ply (`None` for a null move).
    pieces_moved: Vec<Option<crate::board::Piece>>,
    static_evals: Vec<i32>,
    /// The move made at each ply.
    moves_made: Vec<Option<Move>>,
    /// The move left out at each ply (by a singular-extension search).
    excluded: Vec<Option<Move>>,
    /// Set by a search with a move left out that found no other legal move.
    excluded_alone: bool,
    pv: Vec<Vec<Move>>,
    /// Late move reductions by depth and move number, in 1/1024 plies.
    lmr: Box<[[i32; 64]; 64]>,
    /// The NNUE accumulators, pushed and popped by [`Worker::make`] and
    /// [`Worker::unmake`]; `None` when the hand-crafted evaluation is used.
    nnue: Option<AccumulatorStack>,
}

impl<'a> Worker<'a> {
    pub(super) fn new(
        pos: Position,
        shared: &'a Shared,
        id: usize,
        config: &super::Config,
        tables: Box<Histories>,
    ) -> Worker<'a> {
        let game_plies = pos.history().len();
        let mut lmr = Box::new([[0; 64]; 64]);
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = ((LMR_BASE + (d as f64).ln() * (m as f64).ln() / LMR_DIVISOR) * 1024.0) as i32;
            }
        }
        let nnue = config
            .net
            .as_ref()
            .map(|net| AccumulatorStack::new(std::sync::Arc::clone(net), &pos));
        Worker {
            pos,
            shared,
            id,
            nodes: 0,
            seldepth: 0,
            root_moves: Vec::new(),
            pv_index: 0,
            completed_depth: 0,
            rule60: config.rule60,
            rule_set: config.rule_set,
            game_plies,
            killers: vec![[None; 2]; MAX_PLY + 2],
            tables,
            pieces_moved: vec![None; MAX_PLY + 2],
            static_evals: vec![0; MAX_PLY + 2],
            moves_made: vec![None; MAX_PLY + 2],
            excluded: vec![None; MAX_PLY + 2],
            excluded_alone: false,
            pv: vec![Vec::new(); MAX_PLY + 2],
            lmr,
            nnue,
        }
    }

    /// What the search found, and the statistics to keep for the next one.
    pub(super) fn finish(self) -> (super::SearchResult, Box<Histories>) {
        let result = super::SearchResult {
            depth: self.completed_depth,
            root_moves: self.root_moves,
            nodes: self.nodes,
        };
        (result, self.tables)
    }

    // ----- the one seam for moves: position, accumulators and bookkeeping ----------

    /// Plays `mv` (legal) at `ply`: the position, the NNUE accumulators and the record
    /// of what was moved.
    #[inline]
    fn make(&mut self, mv: Move, ply: usize) {
        self.moves_made[ply] = Some(mv);
        self.pieces_moved[ply] = self.pos.piece_at(mv.from());
        if let Some(nnue) = &mut self.nnue {
            nnue.push_move(&self.pos, mv);
        }
        self.pos.make_move(mv);
    }

    /// Takes back the move of [`Worker::make`].
    #[inline]
    fn unmake(&mut self) {
        self.pos.unmake_move();
        if let Some(nnue) = &mut self.nnue {
            nnue.pop();
        }
    }

    /// Passes the turn at `ply`. The accumulators stay as they are: the pieces do not
    /// move, and the output reads them by the side to move.
    #[inline]
    fn make_null(&mut self, ply: usize) {
        self.pos.make_null_move();
        self.moves_made[ply] = Some(Move::NULL);
        self.pieces_moved[ply] = None;
    }

    /// Takes back [`Worker::make_null`].
    #[inline]
    fn unmake_null(&mut self) {
        self.pos.unmake_null_move();
    }

    /// The static evaluation from the side to move's view: the net's output from the
    /// accumulators when NNUE is on (no tempo: the net's score already is the side to
    /// move's), else the hand-crafted evaluation (with its tempo).
    #[inline]
    pub(super) fn static_eval(&self) -> i32 {
        match &self.nnue {
            Some(nnue) => {
                let score = nnue.evaluate(self.pos.side_to_move());
                debug_assert_eq!(score, nnue.net().evaluate(&self.pos), "accumulators");
                // Whatever the net says stays a plain score, below the rulings and mates
                // (and within the table's 16-bit field).
                score.clamp(-NNUE_EVAL_LIMIT, NNUE_EVAL_LIMIT)
            }
            None => evaluate(&self.pos),
        }
    }

    /// Counts a node and polls the stop conditions.
    #[inline]
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes % POLL_NODES == 0 {
            self.shared.nodes[self.id].store(self.nodes, Ordering::Relaxed);
            if self.id == 0 {
                self.shared.check_limits(self.nodes);
            }
        }
        self.shared.stop.load(Ordering::Relaxed)
    }

    /// Searches the root moves from `pv_index` on with the window `(alpha, beta)`.
    pub(super) fn search_root(
        &mut self,
        mut alpha: i32,
        beta: i32,
        depth: i32,
        reporter: &dyn super::Reporter,
    ) -> i32 {
        let mut best = -INFINITE;
        let in_check = self.pos.in_check();
        self.seldepth = 0;
        for i in self.pv_index..self.root_moves.len() {
            let mv = self.root_moves[i].mv;
            let moves_tried = i - self.pv_index;
            if self.id == 0 && self.shared.elapsed() >= std::time::Duration::from_secs(1) {
                reporter.currmove(mv, i + 1, depth);
            }
            let gives_check = self.pos.gives_check(mv);
            let quiet = self.pos.piece_at(mv.to()).is_none();
            let nodes_before = self.nodes;
            self.make(mv, 0);
            let new_depth = depth - 1 + i32::from(gives_check && depth >= CHECK_EXTENSION_DEPTH);
            let mut score;
            if moves_tried == 0 {
                score = -self.negamax::<true>(-beta, -alpha, new_depth, 1, false);
            } else {
                let r = if depth >= LMR_DEPTH
                    && quiet
                    && !in_check
                    && !gives_check
                    && moves_tried >= ROOT_LMR_MOVES
                {
                    root_reduction(depth, moves_tried)
                } else {
                    0
                };
                score = -self.negamax::<false>(-alpha - 1, -alpha, new_depth - r, 1, true);
                if score > alpha && r > 0 {
                    score = -self.negamax::<false>(-alpha - 1, -alpha, new_depth, 1, true);
                }
                if score > alpha && score < beta {
                    score = -self.negamax::<true>(-beta, -alpha, new_depth, 1, false);
                }
            }
            self.unmake();
            self.root_moves[i].nodes += self.nodes - nodes_before;
            if self.shared.stop.load(Ordering::Relaxed) && self.completed_depth > 0 {
                return best;
            }
            let rm = &mut self.root_moves[i];
            if moves_tried == 0 || score > alpha {
                rm.score = score;
                rm.seldepth = self.seldepth;
                rm.pv.clear();
                rm.pv.push(mv);
                rm.pv.extend_from_slice(&self.pv[1]);
            } else {
                rm.score = -INFINITE;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Principal variation search.
    fn negamax<const PV: bool>(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        self.pv[ply].clear();
        // Step 1. Draws and rulings by the history (at the horizon too); the ply limit;
        // mate distance.
        if let Some(score) = self.rule_score(ply) {
            return score;
        }
        if depth <= 0 {
            return self.quiesce::<PV>(alpha, beta, ply);
        }
        if self.visit() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY - 4 {
            return self.eval_at_ply_limit();
        }
        alpha = alpha.max(-(MATE - ply as i32));
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }

        // Step 2. Transposition table (not trusted to cut while a move is left out).
        let excluded = self.excluded[ply];
        let key = self.pos.key();
        let tt = self.shared.tt.probe(key, ply);
        let tt_move = tt.and_then(|t| t.mv).filter(|&m| self.pos.is_legal(m));
        if let Some(t) = tt {
            if !PV && excluded.is_none() && t.depth >= depth && cuts_off(&t, alpha, beta) {
                // A quiet hash move that still refutes the node earns what a cut-off
                // in the move loop would.
                if t.score >= beta {
                    if let Some(m) = tt_move.filter(|&m| self.pos.piece_at(m.to()).is_none()) {
                        self.reward_quiet(m, &[], depth, ply, true);
                    }
                }
                return t.score;
            }
        }

        // Step 3. Static evaluation, corrected by what searches of positions with the
        // same structure found; where the hash score's bound allows, that score says
        // more about the node than the evaluation.
        let in_check = self.pos.in_check();
        let (raw_eval, static_eval) = if in_check {
            (-INFINITE, -INFINITE)
        } else {
            let raw = match tt {
                Some(t) => t.eval,
                None => {
                    // Kept at once, so that a revisit after an early exit (razoring,
                    // reverse futility, null move) needs no evaluation.
                    let raw = self.static_eval();
                    if excluded.is_none() {
                        self.shared.tt.store_eval(key, raw);
                    }
                    raw
                }
            };
            (raw, self.corrected(raw))
        };
        let eval = match tt {
            Some(t) if !in_check && refines(&t, static_eval) => t.score,
            _ => static_eval,
        };
        self.static_evals[ply] = static_eval;
        // The grandchildren's killers are for this subtree only.
        if excluded.is_none() {
            self.killers[ply + 2] = [None; 2];
        }
        // Improving on the last own node that had an evaluation (nodes in check have
        // none); with none to compare, count it as improving.
        let earlier = [2, 4]
            .iter()
            .filter_map(|&back| ply.checked_sub(back))
            .map(|at| self.static_evals[at])
            .find(|&e| e != -INFINITE);
        let improving = !in_check && earlier.is_none_or(|e| static_eval > e);

        if !PV && !in_check && excluded.is_none() {
            // Step 4. Razoring: hopeless shallow nodes ask the quiescence.
            if depth <= RAZOR_DEPTH
                && alpha.abs() < MATE_BOUND
                && eval + RAZOR_BASE + RAZOR_PER_DEPTH_SQ * depth * depth < alpha
            {
                let score = self.quiesce::<false>(alpha - 1, alpha, ply);
                if score < alpha && score.abs() < MATE_BOUND {
                    return score;
                }
            }

            // Step 4b. Reverse futility pruning.
            if depth <= RFP_DEPTH
                && eval - RFP_MARGIN * (depth - i32::from(improving)) >= beta
                && beta.abs() < MATE_BOUND
            {
                return eval;
            }

            // Step 5. Null move pruning, not in positions with too little to zugzwang-proof.
            if depth >= NMP_DEPTH
                && eval >= beta
                && self.moves_made[ply.saturating_sub(1)].is_some_and(|m| !m.is_null())
                && self.has_attackers()
            {
                let r = NMP_BASE
                    + depth / NMP_DEPTH_DIVISOR
                    + ((eval - beta) / NMP_EVAL_DIVISOR).min(NMP_EVAL_MAX);
                self.make_null(ply);
                let score =
                    -self.negamax::<false>(-beta, -beta + 1, depth - r - 1, ply + 1, !cut_node);
                self.unmake_null();
                if self.shared.stop.load(Ordering::Relaxed) {
                    return 0;
                }
                if score >= beta {
                    return if score >= MATE_BOUND { beta } else { score };
                }
            }
        }

        // Step 6. Internal iterative reduction.
        if tt_move.is_none() && depth >= IIR_DEPTH && (PV || cut_node) && excluded.is_none() {
            depth -= 1;
        }

        // Step 7. The moves.
        let mut picker = if in_check {
            MovePicker::evasions(&self.pos, tt_move)
        } else {
            MovePicker::deferred(tt_move)
        };

        let original_alpha = alpha;
        let mut best_score = -INFINITE;
        let mut best_move = None;
        let mut moves_tried = 0usize;
        let mut any_legal = false;
        let mut quiets_tried: arrayvec::ArrayVec<Move, 64> = arrayvec::ArrayVec::new();
        let mut captures_tried: arrayvec::ArrayVec<Move, 32> = arrayvec::ArrayVec::new();
        let lmp_limit = (LMP_BASE + (depth * depth) as usize) >> usize::from(!improving);
        let tt_capture = tt_move.is_some_and(|m| self.pos.piece_at(m.to()).is_some());
        loop {
            if picker.needs_generation() {
                picker.generate(&self.pos, &self.hints(ply));
            }
            let Some((mv, order)) = picker.pick() else {
                break;
            };
            any_legal = true;
            if Some(mv) == excluded {
                continue;
            }
            let capture = self.pos.piece_at(mv.to());
            let quiet = capture.is_none();
            let gives_check = self.pos.gives_check(mv);

            // Step 8. Shallow pruning of late and hopeless moves, judged on the depth
            // the move would get after its late-move reduction.
            // Nothing is pruned while a shorter mate is being looked for (alpha a mate).
            let may_prune =
                !in_check && best_score > -MATE_BOUND && alpha < MATE_BOUND && moves_tried > 0;
            // Late move pruning first: it needs nothing else of the move.
            if may_prune && quiet && !gives_check && moves_tried >= lmp_limit {
                continue;
            }
            let history = if quiet {
                self.quiet_history(mv, ply)
            } else {
                0
            };
            let base_reduction = self.lmr[depth.min(63) as usize][(moves_tried + 1).min(63)];
            let lmr_depth = (depth - 1 - base_reduction / 1024).max(0);
            let futile = |margin: i32| static_eval + margin <= alpha;
            if may_prune {
                if quiet && !gives_check {
                    if lmr_depth < HISTORY_PRUNE_DEPTH && history < -HISTORY_PRUNE_PER_DEPTH * depth
                    {
                        continue;
                    }
                    if lmr_depth < FUTILITY_DEPTH
                        && futile(
                            FUTILITY_BASE
                                + FUTILITY_PER_DEPTH * lmr_depth
                                + history / FUTILITY_HISTORY_DIVISOR,
                        )
                    {
                        continue;
                    }
                    if !see_ge(
                        &self.pos,
                        mv,
                        -QUIET_SEE_PER_DEPTH_SQ * lmr_depth * lmr_depth,
                    ) {
                        continue;
                    }
                } else {
                    if !gives_check
                        && lmr_depth < CAPTURE_FUTILITY_DEPTH
                        && futile(
                            CAPTURE_FUTILITY_BASE
                                + CAPTURE_FUTILITY_PER_DEPTH * lmr_depth
                                + capture.map_or(0, |p| simple_value(p.kind())),
                        )
                    {
                        continue;
                    }
                    if depth <= CAPTURE_SEE_DEPTH
                        && (!PV || is_bad_capture(order))
                        && !see_ge(&self.pos, mv, -SEE_PRUNE_PER_DEPTH * depth)
                    {
                        continue;
                    }
                }
            }

            // Step 9. Extensions and reductions, then the search of the move. The hash
            // move is singular when every other move fails well below its score: it is
            // searched deeper. When even the others reach beta, the node is cut (multi-cut).
            let mut extension = i32::from(gives_check && depth >= CHECK_EXTENSION_DEPTH);
            if Some(mv) == tt_move && excluded.is_none() && depth >= SE_DEPTH && ply > 0 {
                if let Some(t) = tt.filter(|t| {
                    t.depth >= depth - SE_TT_DEPTH_MARGIN
                        && matches!(t.bound, Bound::Lower | Bound::Exact)
                        && t.score.abs() < MATE_BOUND
                }) {
                    let singular_beta = t.score - SE_MARGIN * depth / 8;
                    self.excluded[ply] = Some(mv);
                    self.excluded_alone = false;
                    let score = self.negamax::<false>(
                        singular_beta - 1,
                        singular_beta,
                        (depth - 1) / 2,
                        ply,
                        cut_node,
                    );
                    self.excluded[ply] = None;
                    if self.excluded_alone {
                        // The only legal move: forced, not singular; no extension
                        // (a check and its only evasion would otherwise cost no depth).
                    } else if score < singular_beta {
                        extension = 1;
                    } else if singular_beta >= beta {
                        return singular_beta;
                    } else if t.score >= beta {
                        extension = -1;
                    }
                }
            }
            if ply >= EXTENSION_PLY_LIMIT {
                extension = extension.min(0);
            }
            let mut new_depth = depth - 1 + extension;
            self.shared.tt.prefetch(self.pos.key_after(mv));
            self.make(mv, ply);
            moves_tried += 1;
            let mut score;
            if moves_tried == 1 {
                // The first move of a cut node is expected to refute (its child is an
                // all node); the first of an all node, the other way round.
                score = -self.negamax::<PV>(-beta, -alpha, new_depth, ply + 1, !PV && !cut_node);
            } else {
                // Late move reductions, in 1/1024 plies; a reduced search that fails
                // high is searched again at full depth (a ply more when it beat the
                // best score by a margin, a ply less when it hardly did).
                let mut reduced = new_depth;
                if depth >= LMR_DEPTH && moves_tried > 1 + usize::from(PV) {
                    let mut r = base_reduction;
                    r -= 1024 * i32::from(PV);
                    r += LMR_CUT_NODE * i32::from(cut_node);
                    r += 1024 * i32::from(!improving);
                    r -= 1024 * i32::from(gives_check || in_check);
                    if quiet {
                        r += 1024 * i32::from(tt_capture);
                        r -= (history * 1024 / LMR_HISTORY_DIVISOR)
                            .clamp(-LMR_HISTORY_MAX, LMR_HISTORY_MAX);
                    } else {
                        r -= LMR_CAPTURE_BONUS;
                    }
                    reduced = (new_depth - r / 1024).clamp(new_depth.min(1), new_depth);
                }
                if reduced == new_depth {
                    score =
                        -self.negamax::<false>(-alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
                } else {
                    score = -self.negamax::<false>(-alpha - 1, -alpha, reduced, ply + 1, true);
                }
                if score > alpha && reduced < new_depth {
                    let deeper = score
                        > best_score
                            + LMR_DEEPER_MARGIN
                            + LMR_DEEPER_PER_PLY * (new_depth - reduced);
                    let shallower = score < best_score + new_depth;
                    new_depth += i32::from(deeper) - i32::from(shallower);
                    if new_depth > reduced {
                        score = -self.negamax::<false>(
                            -alpha - 1,
                            -alpha,
                            new_depth,
                            ply + 1,
                            !cut_node,
                        );
                    }
                }
                if PV && score > alpha && score < beta {
                    score = -self.negamax::<true>(-beta, -alpha, new_depth, ply + 1, false);
                }
            }
            self.unmake();
            if self.shared.stop.load(Ordering::Relaxed) {
                return 0;
            }

            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(mv);
                    alpha = score;
                    if PV {
                        self.update_pv(ply, mv);
                    }
                    if score >= beta {
                        break;
                    }
                }
            }
            if mv != best_move.unwrap_or(Move::NULL) {
                if quiet {
                    let _ = quiets_tried.try_push(mv);
                } else {
                    let _ = captures_tried.try_push(mv);
                }
            }
        }

        if !any_legal {
            // No legal move: mated or stalemated, and in xiangqi both lose.
            return -(MATE - ply as i32);
        }

        // The histories learn from every node whose best move raised alpha: cut-offs
        // and exact scores of PV nodes alike (the killers not in a singular search).
        if let Some(bm) = best_move {
            if self.pos.piece_at(bm.to()).is_none() {
                self.reward_quiet(bm, &quiets_tried, depth, ply, excluded.is_none());
            } else {
                self.reward_capture(bm, depth, true);
            }
            for &m in &captures_tried {
                self.reward_capture(m, depth, false);
            }
        }

        // Step 10. Store the result (not for a search with a move left out).
        if excluded.is_some() {
            if moves_tried == 0 {
                self.excluded_alone = true;
                return alpha;
            }
            return best_score;
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if PV && best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // The correction history learns from results that say more than a bound on the
        // wrong side of the evaluation, where the best move was quiet (a capture's gain
        // is the quiescence's business) and no ruling or mate decided.
        let informative = match bound {
            Bound::Exact => true,
            Bound::Lower => best_score > static_eval,
            Bound::Upper => best_score < static_eval,
            Bound::None => false,
        };
        if !in_check
            && informative
            && best_move.is_none_or(|m| self.pos.piece_at(m.to()).is_none())
            && best_score.abs() < NNUE_EVAL_LIMIT
        {
            self.tables.correct(&self.pos, raw_eval, best_score, depth);
        }
        let stored_eval = if in_check { 0 } else { raw_eval };
        self.shared
            .tt
            .store(key, ply, best_move, best_score, stored_eval, depth, bound);
        best_score
    }

    /// The static evaluation `raw` with the correction history's term, kept a plain
    /// score.
    #[inline]
    fn corrected(&self, raw: i32) -> i32 {
        (raw + self.tables.correction(&self.pos)).clamp(-NNUE_EVAL_LIMIT, NNUE_EVAL_LIMIT)
    }

    /// Quiescence: captures only (every reply when in check) until the position is quiet.
    fn quiesce<const PV: bool>(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv[ply].clear();
        if self.visit() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY - 4 {
            return self.eval_at_ply_limit();
        }
        let key = self.pos.key();
        let tt = self.shared.tt.probe(key, ply);
        if let Some(t) = tt {
            if !PV && cuts_off(&t, alpha, beta) {
                return t.score;
            }
        }
        let in_check = self.pos.in_check();
        let mut best = -INFINITE;
        let (raw_eval, stand_pat) = if in_check {
            (-INFINITE, -INFINITE)
        } else {
            let raw = tt.map_or_else(|| self.static_eval(), |t| t.eval);
            let corrected = self.corrected(raw);
            match tt {
                Some(t) if refines(&t, corrected) => (raw, t.score),
                _ => (raw, corrected),
            }
        };
        if !in_check {
            if stand_pat >= beta {
                if tt.is_none() {
                    self.shared.tt.store_eval(key, raw_eval);
                }
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best = stand_pat;
        }
        let mut picker = if in_check {
            MovePicker::evasions(&self.pos, tt.and_then(|t| t.mv))
        } else {
            MovePicker::captures(&self.pos, tt.and_then(|t| t.mv), &self.tables.captures)
        };
        if in_check && picker.is_empty() {
            return -(MATE - ply as i32);
        }
        let mut best_move = None;
        let original_alpha = alpha;
        while let Some((mv, _)) = picker.pick() {
            if !in_check {
                let victim = self
                    .pos
                    .piece_at(mv.to())
                    .map_or(0, |p| simple_value(p.kind()));
                // A capture that cannot lift the score to alpha is dropped unless it
                // gives check (the check may mate or win more than the victim); one
                // that loses material by SEE is dropped, checks included.
                let hopeless = stand_pat + victim + DELTA_MARGIN <= alpha;
                if (hopeless && !self.pos.gives_check(mv)) || !see_ge(&self.pos, mv, 0) {
                    continue;
                }
            }
            self.shared.tt.prefetch(self.pos.key_after(mv));
            self.make(mv, ply);
            let score = -self.quiesce::<PV>(-beta, -alpha, ply + 1);
            self.unmake();
            if self.shared.stop.load(Ordering::Relaxed) {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(mv);
                    if PV {
                        self.update_pv(ply, mv);
                    }
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if PV && best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored_eval = if in_check { 0 } else { raw_eval };
        self.shared
            .tt
            .store(key, ply, best_move, best, stored_eval, 0, bound);
        best
    }

    /// The score of a node at the ply limit: its static evaluation, or a draw when in
    /// check (a position in check has no static value: the check may mate).
    fn eval_at_ply_limit(&self) -> i32 {
        if self.pos.in_check() {
            0
        } else {
            self.static_eval()
        }
    }

    /// The principal variation at `ply` becomes `mv` followed by the child's.
    fn update_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(mv);
        head[ply].extend_from_slice(&tail[0]);
    }

    /// What orders the quiet moves of the node at `ply`.
    fn hints(&self, ply: usize) -> Hints<'_> {
        let us = self.pos.side_to_move().index();
        Hints {
            killers: self.killers[ply],
            counter: self
                .continuation_index(ply, 1)
                .and_then(|i| self.tables.counters[i]),
            history: &self.tables.quiet[us],
            continuations: CONTINUATION_PLIES.map(|back| {
                self.continuation_index(ply, back)
                    .map(|i| &self.tables.continuation[i])
            }),
            captures: &self.tables.captures,
        }
    }

    /// How well a quiet move did before: its main history and its continuation
    /// histories after the last moves (what orders the quiets, for killers too).
    fn quiet_history(&self, mv: Move, ply: usize) -> i32 {
        let us = self.pos.side_to_move().index();
        let mut score = self.tables.quiet[us][mv.from().index()][mv.to().index()];
        if let Some(piece) = self.pos.piece_at(mv.from()) {
            for back in CONTINUATION_PLIES {
                if let Some(i) = self.continuation_index(ply, back) {
                    score += i32::from(self.tables.continuation[i][piece.index()][mv.to().index()]);
                }
            }
        }
        score
    }

    /// Whether the side to move has a rook, horse or cannon (null move is unsafe
    /// without: zugzwang-like endings).
    fn has_attackers(&self) -> bool {
        let us = self.pos.side_to_move();
        (self.pos.pieces(us, PieceKind::Rook)
            | self.pos.pieces(us, PieceKind::Horse)
            | self.pos.pieces(us, PieceKind::Cannon))
        .any()
    }

    /// A quiet move was the best (a cut-off or a PV node's exact best): killers and
    /// counter move (when `killers`), and history (the move up, the quiets tried before
    /// it down).
    fn reward_quiet(&mut self, mv: Move, tried: &[Move], depth: i32, ply: usize, killers: bool) {
        if killers {
            if self.killers[ply][0] != Some(mv) {
                self.killers[ply][1] = self.killers[ply][0];
                self.killers[ply][0] = Some(mv);
            }
            if let Some(i) = self.continuation_index(ply, 1) {
                self.tables.counters[i] = Some(mv);
            }
        }
        let bonus = history_bonus(depth);
        let us = self.pos.side_to_move().index();
        let quiet = &mut self.tables.quiet[us];
        history::update(
            &mut quiet[mv.from().index()][mv.to().index()],
            bonus,
            HISTORY_MAX,
        );
        for m in tried {
            history::update(
                &mut quiet[m.from().index()][m.to().index()],
                -bonus,
                HISTORY_MAX,
            );
        }
        for back in CONTINUATION_PLIES {
            let Some(index) = self.continuation_index(ply, back) else {
                continue;
            };
            let table = &mut self.tables.continuation[index];
            let mut update_cont = |m: Move, delta: i32| {
                if let Some(piece) = self.pos.piece_at(m.from()) {
                    let h = &mut table[piece.index()][m.to().index()];
                    history::update_i16(h, delta, HISTORY_MAX);
                }
            };
            update_cont(mv, bonus);
            for &m in tried {
                update_cont(m, -bonus);
            }
        }
    }

    /// A capture caused a cut-off (`good`) or was tried before the move that did: its
    /// capture history goes up or down.
    fn reward_capture(&mut self, mv: Move, depth: i32, good: bool) {
        let (Some(piece), Some(victim)) =
            (self.pos.piece_at(mv.from()), self.pos.piece_at(mv.to()))
        else {
            return;
        };
        let bonus = history_bonus(depth);
        let h = &mut self.tables.captures[piece.index()][mv.to().index()][victim.kind().index()];
        history::update_i16(h, if good { bonus } else { -bonus }, HISTORY_MAX);
    }

    /// The continuation table for the move made `back` plies before the node at
    /// `ply` (none at the root's edge or after a null move).
    fn continuation_index(&self, ply: usize, back: usize) -> Option<usize> {
        let at = ply.checked_sub(back)?;
        let piece = self.pieces_moved[at]?;
        let mv = self.moves_made[at]?;
        Some(piece.index() * 90 + mv.to().index())
    }

    /// The score the history decides for this node, if any: the natural move limit (with
    /// its cap on counted checks, as [`Position::game_end`] rules it), or
    /// a repetition. Perpetual check is ruled exactly at every repeated node; chases and
    /// mate threats (the full 棋例) near the root and whenever the cycle reaches into
    /// the game played before the search.
    fn rule_score(&self, ply: usize) -> Option<i32> {
        if self.rule60
            && self
                .pos
                .natural_limit_reached(crate::board::repetition::NATURAL_LIMIT_MOVES)
        {
            // Mate and 困毙 come before the limit, as in `Position::game_end`.
            return Some(if self.pos.legal_moves().is_empty() {
                -(MATE - ply as i32)
            } else {
                0
            });
        }
        let (start, quick) = super::rules::repetition(&self.pos, ply)?;
        if quick != 0 || (ply > 2 && start >= self.game_plies) {
            return Some(quick);
        }
        let ruling = self.pos.rule_on_with(start, self.rule_set);
        let win = RULE_WIN - ply as i32;
        Some(match ruling.verdict.loser() {
            None => 0,
            Some(loser) if loser == self.pos.side_to_move() => -win,
            Some(_) => win,
        })
    }
}

/// The reduction of a late quiet root move: milder than inside the tree (every root
/// move's score is reported, and a shallow mate must not hide behind a reduction).
fn root_reduction(depth: i32, moves_tried: usize) -> i32 {
    let r = ROOT_LMR_BASE + f64::from(depth).ln() * (moves_tried as f64).ln() / ROOT_LMR_DIVISOR;
    (r as i32 - 1).max(0)
}

/// How far a cut-off at `depth` moves the history of the move (and, negated, of the
/// moves of its kind tried before it, and of the captures tried before it).
fn history_bonus(depth: i32) -> i32 {
    (HISTORY_BONUS_PER_DEPTH * depth - HISTORY_BONUS_OFFSET).clamp(0, HISTORY_BONUS_MAX)
}

/// Whether a stored result is a better guess at the node's value than its static
/// evaluation `eval`: exact, or a bound beyond it on the bound's own side (never a mate
/// or ruling).
fn refines(t: &super::tt::TtData, eval: i32) -> bool {
    t.score.abs() < NNUE_EVAL_LIMIT
        && match t.bound {
            Bound::Exact => true,
            Bound::Lower => t.score > eval,
            Bound::Upper => t.score < eval,
            Bound::None => false,
        }
}

/// Whether a stored result settles the window `(alpha, beta)`.
fn cuts_off(t: &super::tt::TtData, alpha: i32, beta: i32) -> bool {
    match t.bound {
        Bound::Exact => true,
        Bound::Lower => t.score >= beta,
        Bound::Upper => t.score <= alpha,
        Bound::None => false,
    }
}
