//! The search proper: principal variation search with quiescence, pruning and
//! reductions, for one thread. Threads share only the transposition table and the
//! atomics of [`Shared`](super::shared::Shared).

use std::sync::atomic::Ordering;

use super::config::Config;
use super::history::{self, Histories};
use super::movepick::{is_bad_capture, Hints, MovePicker};
use super::params::*;
use super::report::Reporter;
use super::see::see_ge;
use super::state::State;
use super::tt::Bound;
use crate::board::check::CheckInfo;
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

/// What one thread's search found: its completed depth, its root moves (best first)
/// and its node count.
pub(super) struct SearchResult {
    pub(super) depth: i32,
    pub(super) root_moves: Vec<RootMove>,
    pub(super) nodes: u64,
}

/// What the search keeps of one ply of the line it is on.
#[derive(Clone, Debug, Default)]
struct Frame {
    /// The two quiet moves that last refuted a node at this ply.
    killers: [Option<Move>; 2],
    /// The move made here (`Move::NULL` for a null move).
    move_made: Option<Move>,
    /// The piece it moved (`None` for a null move).
    piece_moved: Option<crate::board::Piece>,
    /// The corrected static evaluation of the node here (`-INFINITE` in check).
    static_eval: i32,
    /// The move left out by a singular-extension search of this node.
    excluded: Option<Move>,
    /// The principal variation from here.
    pv: Vec<Move>,
    /// Double extensions on the line down to this ply.
    double_extensions: u32,
    /// The node here is a PV node, or its table entry says it was one.
    tt_pv: bool,
    /// How many moves the node here had searched, the one being searched included
    /// (so 1 while its first move is searched).
    moves_searched: usize,
    /// Beta cut-offs of the nodes at this ply since the node two plies up was entered.
    cutoffs: u32,
}

/// What the move loop of [`Worker::negamax`] knows of its node.
struct Node {
    /// A PV node.
    pv: bool,
    /// A PV node, or one whose table entry was stored on a principal variation.
    tt_pv: bool,
    depth: i32,
    ply: usize,
    cut_node: bool,
    in_check: bool,
    improving: bool,
    /// The corrected static evaluation (`-INFINITE` in check).
    static_eval: i32,
    /// The hash move is a capture.
    tt_capture: bool,
}

/// What the move loop of [`Worker::negamax`] knows of a move before searching it.
struct Candidate {
    mv: Move,
    /// The piece it captures.
    capture: Option<crate::board::Piece>,
    gives_check: bool,
    /// Its quiet history ([`Worker::quiet_history`]; 0 for a capture).
    history: i32,
    /// The late-move reduction table's entry for it, in 1/1024 plies.
    base_reduction: i32,
    /// The depth it would get after that reduction.
    lmr_depth: i32,
}

/// One search thread's state.
pub struct Worker<'a> {
    pub(super) pos: Position,
    pub(super) shared: &'a State,
    pub(super) id: usize,
    pub(super) nodes: u64,
    pub(super) seldepth: usize,
    pub(super) root_moves: Vec<RootMove>,
    pub(super) pv_index: usize,
    pub(super) completed_depth: i32,
    /// The depth of the iteration being searched (lines past twice it get no
    /// extension).
    root_depth: i32,
    /// Whether the 60-move natural limit is applied.
    pub(super) rule60: bool,
    /// How repetitions are ruled.
    rule_set: crate::board::repetition::RuleSet,
    /// Moves in the game before the search began (repetitions reaching into them are
    /// ruled in full).
    game_plies: usize,
    /// Quiet, continuation, capture and counter-move statistics, kept between searches
    /// (the continuation and counter tables are indexed by
    /// [`Worker::continuation_index`]).
    tables: Box<Histories>,
    /// What the search keeps of each ply, `MAX_PLY + 2` of them.
    stack: Vec<Frame>,
    /// Set by a search with a move left out that found no other legal move.
    excluded_alone: bool,
    /// Late move reductions by depth and move number, in 1/1024 plies.
    lmr: Box<[[i32; 64]; 64]>,
    /// The NNUE accumulators, pushed and popped by [`Worker::make`] and
    /// [`Worker::unmake`]; `None` when the hand-crafted evaluation is used.
    nnue: Option<AccumulatorStack>,
}

impl<'a> Worker<'a> {
    pub(super) fn new(
        pos: Position,
        shared: &'a State,
        id: usize,
        config: &Config,
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
            root_depth: 1,
            rule60: config.rule60,
            rule_set: config.rule_set,
            game_plies,
            tables,
            stack: vec![Frame::default(); MAX_PLY + 2],
            excluded_alone: false,
            lmr,
            nnue,
        }
    }

    /// What the search found, and the statistics to keep for the next one.
    pub(super) fn finish(self) -> (SearchResult, Box<Histories>) {
        let result = SearchResult {
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
        self.stack[ply].move_made = Some(mv);
        self.stack[ply].piece_moved = self.pos.piece_at(mv.from());
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
        self.stack[ply].move_made = Some(Move::NULL);
        self.stack[ply].piece_moved = None;
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
                let score = nnue.evaluate(&self.pos);
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
                self.shared.check_limits();
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
        reporter: &dyn Reporter,
    ) -> i32 {
        let mut best = -INFINITE;
        let in_check = self.pos.in_check();
        self.seldepth = 0;
        self.root_depth = depth;
        self.stack[0].tt_pv = true;
        self.stack[2].cutoffs = 0;
        let checks = self.pos.check_info();
        for i in self.pv_index..self.root_moves.len() {
            let mv = self.root_moves[i].mv;
            let moves_tried = i - self.pv_index;
            if self.id == 0 && self.shared.elapsed() >= std::time::Duration::from_secs(1) {
                reporter.currmove(mv, i + 1, depth);
            }
            let gives_check = self.pos.gives_check_with(mv, &checks);
            let quiet = self.pos.piece_at(mv.to()).is_none();
            let nodes_before = self.nodes;
            self.make(mv, 0);
            self.stack[0].moves_searched = moves_tried + 1;
            let new_depth = depth - 1 + i32::from(gives_check && depth >= CHECK_EXTENSION_DEPTH());
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
                rm.pv.extend_from_slice(&self.stack[1].pv);
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
        self.stack[ply].pv.clear();
        // Step 1. Draws and rulings by the history (at the horizon too); the ply limit;
        // mate distance.
        if let Some(score) = self.rule_score(ply) {
            return score;
        }
        if depth <= 0 {
            return self.quiesce::<PV>(alpha, beta, ply, true);
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
        let excluded = self.stack[ply].excluded;
        let key = self.pos.key();
        let tt = self.shared.tt.probe(key, ply);
        let tt_move = tt.and_then(|t| t.mv).filter(|&m| self.pos.is_legal(m));
        if excluded.is_none() {
            self.stack[ply].tt_pv = PV || tt.is_some_and(|t| t.pv);
        }
        let tt_pv = self.stack[ply].tt_pv;
        if let Some(t) = tt.filter(|_| !PV && excluded.is_none()) {
            if let Some(score) = self.tt_cutoff(&t, tt_move, alpha, beta, depth, ply) {
                return score;
            }
        }

        // Step 3. Static evaluation, corrected by what searches of positions with the
        // same structure found; where the hash score's bound allows, that score says
        // more about the node than the evaluation.
        let in_check = self.pos.in_check();
        let (raw_eval, static_eval, eval) = self.evaluate_node(tt, key, excluded.is_none());
        self.stack[ply].static_eval = static_eval;
        // The grandchildren's killers are for this subtree only.
        if excluded.is_none() {
            self.stack[ply + 2].killers = [None; 2];
            self.stack[ply + 2].cutoffs = 0;
        }
        let improving = self.improving(ply, static_eval);
        let mut node = Node {
            pv: PV,
            tt_pv,
            depth,
            ply,
            cut_node,
            in_check,
            improving,
            static_eval,
            tt_capture: tt_move.is_some_and(|m| self.pos.piece_at(m.to()).is_some()),
        };

        if !PV && !in_check && excluded.is_none() {
            if let Some(score) = self.prune_node(&node, alpha, beta, eval) {
                return score;
            }
            if let Some(score) = self.probcut(&node, beta, tt, tt_move, key, raw_eval) {
                return score;
            }
        }

        // Step 6. Internal iterative reduction.
        if tt_move.is_none() && depth >= IIR_DEPTH() && (PV || cut_node) && excluded.is_none() {
            depth -= 1;
            node.depth = depth;
        }

        // Step 7. The moves.
        // What the checks of this node's moves depend on, gathered once the moves are
        // generated (the hash move alone is judged without it).
        let mut checks: Option<CheckInfo> = None;
        let mut picker = if in_check {
            let c = checks.insert(self.pos.check_info());
            MovePicker::evasions(&self.pos, tt_move, &self.hints(ply), c)
        } else {
            MovePicker::deferred(tt_move)
        };

        let original_alpha = alpha;
        let mut best_score = -INFINITE;
        let mut best_move = None;
        let mut moves_tried = 0usize;
        // Every move reached (pruned ones too): late move pruning counts these.
        let mut moves_seen = 0usize;
        let mut any_legal = false;
        let mut quiets_tried: arrayvec::ArrayVec<Move, 64> = arrayvec::ArrayVec::new();
        let mut captures_tried: arrayvec::ArrayVec<Move, 32> = arrayvec::ArrayVec::new();
        let lmp_limit = ((LMP_BASE() + depth * depth) as usize) >> usize::from(!improving);
        loop {
            if picker.needs_generation() {
                let c = checks.get_or_insert_with(|| self.pos.check_info());
                picker.generate(&self.pos, &self.hints(ply), c);
            }
            let Some((mv, order)) = picker.pick() else {
                if picker.needs_generation() {
                    continue;
                }
                break;
            };
            any_legal = true;
            if Some(mv) == excluded {
                continue;
            }
            moves_seen += 1;
            let capture = self.pos.piece_at(mv.to());
            let quiet = capture.is_none();
            let gives_check = match (picker.last_gives_check(), &checks) {
                (Some(known), _) => known,
                (None, Some(c)) => self.pos.gives_check_with(mv, c),
                (None, None) => self.pos.gives_check(mv),
            };

            // Step 8. Shallow pruning of late and hopeless moves, judged on the depth
            // the move would get after its late-move reduction.
            // Nothing is pruned while a shorter mate is being looked for (alpha a mate).
            let may_prune =
                !in_check && best_score > -MATE_BOUND && alpha < MATE_BOUND && moves_tried > 0;
            // Late move pruning first: it needs nothing else of the move.
            if may_prune && quiet && !gives_check && moves_seen > lmp_limit {
                // So will every quiet move after it that gives no check.
                picker.skip_quiets();
                continue;
            }
            let base_reduction = self.lmr[depth.min(63) as usize][(moves_tried + 1).min(63)];
            let candidate = Candidate {
                mv,
                capture,
                gives_check,
                history: if quiet {
                    self.quiet_history(mv, ply)
                } else {
                    0
                },
                base_reduction,
                lmr_depth: (depth - 1 - base_reduction / 1024).max(0),
            };
            if may_prune && self.prune_move::<PV>(&node, &candidate, order, alpha) {
                continue;
            }

            // Step 9. Extensions and reductions, then the search of the move.
            let extension = match self.extension(&node, &candidate, tt, excluded, beta) {
                Ok(extension) => extension,
                Err(multi_cut) => return multi_cut,
            };
            let new_depth = depth - 1 + extension;
            self.stack[ply + 1].double_extensions =
                self.stack[ply].double_extensions + u32::from(extension >= 2);
            self.shared.tt.prefetch(self.pos.key_after(mv));
            self.make(mv, ply);
            moves_tried += 1;
            self.stack[ply].moves_searched = moves_tried;
            let score = if moves_tried == 1 {
                // The first move of a cut node is expected to refute (its child is an
                // all node); the first of an all node, the other way round.
                -self.negamax::<PV>(-beta, -alpha, new_depth, ply + 1, !PV && !cut_node)
            } else {
                let reduction = self.reduction::<PV>(&node, &candidate, moves_tried, alpha);
                self.search_late_move::<PV>(&node, alpha, beta, new_depth, reduction, best_score)
            };
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
                        self.stack[ply].cutoffs += 1;
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

        if let Some(bm) = best_move {
            self.learn(
                &node,
                bm,
                &quiets_tried,
                &captures_tried,
                excluded.is_none(),
            );
            // The opponent's quiet move, searched first or right after its hash move,
            // was refuted at once: it was not as good as its ordering said.
            if best_score >= beta
                && moves_tried == 1
                && excluded.is_none()
                && ply > 0
                && self.stack[ply - 1].moves_searched <= 2
            {
                self.adjust_prior_quiet(ply, -history_bonus(depth));
            }
        } else if excluded.is_none() && best_score <= original_alpha {
            // Nothing here reached alpha: the opponent's quiet move that led here
            // refuted the parent's hopes.
            self.adjust_prior_quiet(ply, history_bonus(depth));
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
        self.store_result(&node, key, raw_eval, best_move, best_score, bound);
        best_score
    }

    /// Step 2 of [`Worker::negamax`] at a non-PV node with no move left out: the hash
    /// entry's score when it is deep enough and its bound settles the window. A quiet
    /// hash move that still refutes the node earns what a cut-off in the move loop
    /// would.
    fn tt_cutoff(
        &mut self,
        t: &super::tt::TtData,
        tt_move: Option<Move>,
        alpha: i32,
        beta: i32,
        depth: i32,
        ply: usize,
    ) -> Option<i32> {
        if t.depth < depth || !cuts_off(t, alpha, beta) {
            return None;
        }
        if t.score >= beta {
            if let Some(m) = tt_move.filter(|&m| self.pos.piece_at(m.to()).is_none()) {
                self.reward_quiet(m, &[], depth, ply, true);
            }
        }
        Some(t.score)
    }

    /// Step 3 of [`Worker::negamax`]: the node's raw static evaluation (from the table
    /// when it has one; otherwise evaluated and, with `keep`, stored at once so that a
    /// revisit after an early exit needs no evaluation), that evaluation corrected by
    /// what searches of positions with the same structure found, and the score the
    /// pruning starts from: the hash score where its bound says more than the corrected
    /// evaluation. All three are `-INFINITE` in check.
    fn evaluate_node(
        &mut self,
        tt: Option<super::tt::TtData>,
        key: u64,
        keep: bool,
    ) -> (i32, i32, i32) {
        if self.pos.in_check() {
            return (-INFINITE, -INFINITE, -INFINITE);
        }
        let raw = match tt {
            Some(t) => t.eval,
            None => {
                let raw = self.static_eval();
                if keep {
                    self.shared.tt.store_eval(key, raw);
                }
                raw
            }
        };
        let corrected = self.corrected(raw);
        let eval = match tt {
            Some(t) if refines(&t, corrected) => t.score,
            _ => corrected,
        };
        (raw, corrected, eval)
    }

    /// Whether the node at `ply` (evaluated `static_eval`) is better for its side than
    /// the last own node that had an evaluation (nodes in check have none); with none
    /// to compare, it counts as improving; a node in check never does.
    fn improving(&self, ply: usize, static_eval: i32) -> bool {
        if static_eval == -INFINITE {
            return false;
        }
        let earlier = [2, 4]
            .iter()
            .filter_map(|&back| ply.checked_sub(back))
            .map(|at| self.stack[at].static_eval)
            .find(|&e| e != -INFINITE);
        earlier.is_none_or(|e| static_eval > e)
    }

    /// The histories learn from every node whose best move `best` raised alpha:
    /// cut-offs and exact scores of PV nodes alike. A quiet best move is rewarded and
    /// the quiets tried before it punished (`killers`: it becomes a killer, not in a
    /// singular search); a capture is rewarded; the captures tried before it punished.
    fn learn(
        &mut self,
        node: &Node,
        best: Move,
        quiets_tried: &[Move],
        captures_tried: &[Move],
        killers: bool,
    ) {
        if self.pos.piece_at(best.to()).is_none() {
            self.reward_quiet(best, quiets_tried, node.depth, node.ply, killers);
        } else {
            self.reward_capture(best, node.depth, true);
        }
        for &m in captures_tried {
            self.reward_capture(m, node.depth, false);
        }
    }

    /// Step 10: the node's result into the table (with the raw evaluation), and into
    /// the correction history where it says more than a bound on the wrong side of the
    /// evaluation, the best move was quiet (a capture's gain is the quiescence's
    /// business) and no ruling or mate decided.
    fn store_result(
        &mut self,
        node: &Node,
        key: u64,
        raw_eval: i32,
        best_move: Option<Move>,
        best_score: i32,
        bound: Bound,
    ) {
        let informative = match bound {
            Bound::Exact => true,
            Bound::Lower => best_score > node.static_eval,
            Bound::Upper => best_score < node.static_eval,
            Bound::None => false,
        };
        if !node.in_check
            && informative
            && best_move.is_none_or(|m| self.pos.piece_at(m.to()).is_none())
            && best_score.abs() < NNUE_EVAL_LIMIT
        {
            self.tables
                .correct(&self.pos, raw_eval, best_score, node.depth);
        }
        let stored_eval = if node.in_check { 0 } else { raw_eval };
        // A node under a PV node that failed low may become the PV's next move: its
        // moves are reduced less on the next visit.
        let tt_pv = node.tt_pv
            || (bound == Bound::Upper
                && node.depth > 3
                && node.ply > 0
                && self.stack[node.ply - 1].tt_pv);
        self.shared.tt.store(
            key,
            node.ply,
            best_move,
            best_score,
            stored_eval,
            node.depth,
            bound,
            tt_pv,
        );
    }

    /// Step 8 of [`Worker::negamax`] for a move that may be pruned: whether it is
    /// dropped by history, futility or SEE, judged on the depth its late-move reduction
    /// would leave (late move pruning itself comes before, needing nothing of the move).
    fn prune_move<const PV: bool>(
        &self,
        node: &Node,
        c: &Candidate,
        order: i32,
        alpha: i32,
    ) -> bool {
        let (depth, lmr_depth) = (node.depth, c.lmr_depth);
        let futile = |margin: i32| node.static_eval + margin <= alpha;
        if c.capture.is_none() && !c.gives_check {
            (lmr_depth < HISTORY_PRUNE_DEPTH() && c.history < -HISTORY_PRUNE_PER_DEPTH() * depth)
                || (lmr_depth < FUTILITY_DEPTH()
                    && futile(
                        FUTILITY_BASE()
                            + FUTILITY_PER_DEPTH() * lmr_depth
                            + c.history / FUTILITY_HISTORY_DIVISOR(),
                    ))
                || !see_ge(
                    &self.pos,
                    c.mv,
                    -QUIET_SEE_PER_DEPTH_SQ() * lmr_depth * lmr_depth,
                )
        } else {
            (!c.gives_check
                && lmr_depth < CAPTURE_FUTILITY_DEPTH()
                && futile(
                    CAPTURE_FUTILITY_BASE()
                        + CAPTURE_FUTILITY_PER_DEPTH() * lmr_depth
                        + c.capture.map_or(0, |p| simple_value(p.kind())),
                ))
                || (depth <= CAPTURE_SEE_DEPTH()
                    && (!PV || is_bad_capture(order))
                    && !see_ge(&self.pos, c.mv, -SEE_PRUNE_PER_DEPTH() * depth))
        }
    }

    /// Step 9a: the plies `mv` is searched deeper (or shallower) than `depth - 1`. A
    /// check is extended from [`CHECK_EXTENSION_DEPTH`]. The hash move is singular when
    /// every other move fails well below its score: it is searched a ply deeper; when
    /// even the others reach beta the node is cut (multi-cut: `Err` with its score);
    /// when only the hash score beats beta, a ply shallower. On a line already twice
    /// the iteration's depth long (`root_depth`) nothing of this is done (no extension,
    /// no singular test); past [`EXTENSION_PLY_LIMIT`] only the shallower searches stay.
    fn extension(
        &mut self,
        node: &Node,
        c: &Candidate,
        tt: Option<super::tt::TtData>,
        excluded: Option<Move>,
        beta: i32,
    ) -> Result<i32, i32> {
        let (depth, ply) = (node.depth, node.ply);
        // A line already twice the iteration's depth long is extended no further (nor
        // is its singular test made): checking sequences would blow the tree up.
        if ply as i32 >= 2 * self.root_depth {
            return Ok(0);
        }
        let mv = c.mv;
        let mut extension = i32::from(c.gives_check && depth >= CHECK_EXTENSION_DEPTH());
        let tt_move = tt.and_then(|t| t.mv);
        if Some(mv) == tt_move && excluded.is_none() && depth >= SE_DEPTH() && ply > 0 {
            if let Some(t) = tt.filter(|t| {
                t.depth >= depth - SE_TT_DEPTH_MARGIN()
                    && matches!(t.bound, Bound::Lower | Bound::Exact)
                    && t.score.abs() < MATE_BOUND
            }) {
                let singular_beta = t.score - SE_MARGIN() * depth / 8;
                self.stack[ply].excluded = Some(mv);
                self.excluded_alone = false;
                let score = self.negamax::<false>(
                    singular_beta - 1,
                    singular_beta,
                    (depth - 1) / 2,
                    ply,
                    node.cut_node,
                );
                self.stack[ply].excluded = None;
                if self.excluded_alone {
                    // The only legal move: forced, not singular; no extension
                    // (a check and its only evasion would otherwise cost no depth).
                } else if score < singular_beta {
                    // Far below at a non-PV node: two plies, a few times a line.
                    let doubles = self.stack[ply].double_extensions;
                    extension = if !node.pv
                        && score < singular_beta - SE_DOUBLE_MARGIN()
                        && doubles < SE_DOUBLE_MAX
                    {
                        2
                    } else {
                        1
                    };
                } else if singular_beta >= beta {
                    return Err(singular_beta);
                } else if t.score >= beta {
                    extension = -2;
                } else if node.cut_node || t.score <= score {
                    extension = -1;
                }
            }
        }
        if ply >= EXTENSION_PLY_LIMIT {
            extension = extension.min(0);
        }
        Ok(extension)
    }

    /// Step 9b: the late-move reduction of the `moves_tried`-th move, in 1/1024 plies
    /// (0 when none applies).
    fn reduction<const PV: bool>(
        &self,
        node: &Node,
        c: &Candidate,
        moves_tried: usize,
        alpha: i32,
    ) -> i32 {
        if node.depth < LMR_DEPTH || moves_tried <= 1 + usize::from(PV) {
            return 0;
        }
        let mut r = c.base_reduction;
        r -= LMR_TT_PV() * i32::from(node.tt_pv);
        r += LMR_CUT_NODE() * i32::from(node.cut_node);
        // The children of this node's parent keep failing high: this one likely will too.
        r += LMR_CUTOFFS() * i32::from(!PV && self.stack[node.ply + 1].cutoffs > 3);
        r += LMR_NOT_IMPROVING() * i32::from(!node.improving);
        // Answering a check is relieved everywhere; giving one only on a principal
        // variation, or while a mate is in the window (a quiet check may be the shorter
        // mate).
        let check_relief =
            node.in_check || (c.gives_check && (node.tt_pv || alpha.abs() >= MATE_BOUND));
        r -= LMR_CHECK() * i32::from(check_relief);
        if c.capture.is_none() {
            r += LMR_TT_CAPTURE() * i32::from(node.tt_capture);
            r -= (c.history * 1024 / LMR_HISTORY_DIVISOR())
                .clamp(-LMR_HISTORY_MAX(), LMR_HISTORY_MAX());
        } else {
            r -= LMR_CAPTURE_BONUS();
        }
        r
    }

    /// Step 9c: a move after the first, already made, searched with a null window at
    /// `new_depth` less `reduction` (1/1024 plies; a ply deeper than `new_depth` at most,
    /// [`reduced_depth`]); a reduced search that fails high is
    /// searched again at full depth (a ply more when it beat `best_score` by a margin
    /// that grows with the reduction, a ply less when it hardly did), and at PV nodes a
    /// move inside the window once more with the full window.
    fn search_late_move<const PV: bool>(
        &mut self,
        node: &Node,
        alpha: i32,
        beta: i32,
        mut new_depth: i32,
        reduction: i32,
        best_score: i32,
    ) -> i32 {
        let (ply, cut_node) = (node.ply, node.cut_node);
        let reduced = reduced_depth(new_depth, reduction);
        let mut score = if reduced == new_depth {
            -self.negamax::<false>(-alpha - 1, -alpha, new_depth, ply + 1, !cut_node)
        } else {
            -self.negamax::<false>(-alpha - 1, -alpha, reduced, ply + 1, true)
        };
        if score > alpha && reduced < new_depth {
            let deeper = score
                > best_score + LMR_DEEPER_MARGIN() + LMR_DEEPER_PER_PLY() * (new_depth - reduced);
            let shallower = score < best_score + new_depth;
            new_depth += i32::from(deeper) - i32::from(shallower);
            if new_depth > reduced {
                score = -self.negamax::<false>(-alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
            }
        }
        if PV && score > alpha && score < beta {
            score = -self.negamax::<true>(-beta, -alpha, new_depth, ply + 1, false);
        }
        score
    }

    /// Steps 4 and 5 of [`Worker::negamax`] at a non-PV node not in check with no move
    /// left out: razoring, reverse futility and null move. The node's score when one
    /// of them settles it.
    fn prune_node(&mut self, node: &Node, alpha: i32, beta: i32, eval: i32) -> Option<i32> {
        let (depth, ply, cut_node, improving) =
            (node.depth, node.ply, node.cut_node, node.improving);
        // Step 4. Razoring: hopeless shallow nodes ask the quiescence.
        if depth <= RAZOR_DEPTH()
            && alpha.abs() < MATE_BOUND
            && eval + RAZOR_BASE() + RAZOR_PER_DEPTH_SQ() * depth * depth < alpha
        {
            let score = self.quiesce::<false>(alpha - 1, alpha, ply, true);
            if score < alpha && score.abs() < MATE_BOUND {
                return Some(score);
            }
        }

        // Step 4b. Reverse futility pruning.
        if depth <= RFP_DEPTH()
            && eval - RFP_MARGIN() * (depth - i32::from(improving)) >= beta
            && beta.abs() < MATE_BOUND
        {
            return Some(eval);
        }

        // Step 5. Null move pruning, not in positions with too little to zugzwang-proof.
        if depth >= NMP_DEPTH()
            && eval >= beta
            && self.stack[ply.saturating_sub(1)]
                .move_made
                .is_some_and(|m| !m.is_null())
            && self.has_attackers()
        {
            let r = NMP_BASE()
                + depth / NMP_DEPTH_DIVISOR()
                + ((eval - beta) / NMP_EVAL_DIVISOR()).min(NMP_EVAL_MAX());
            self.make_null(ply);
            self.stack[ply + 1].double_extensions = self.stack[ply].double_extensions;
            let score = -self.negamax::<false>(-beta, -beta + 1, depth - r - 1, ply + 1, !cut_node);
            self.unmake_null();
            if self.shared.stop.load(Ordering::Relaxed) {
                return Some(0);
            }
            if score >= beta {
                return Some(if score >= MATE_BOUND { beta } else { score });
            }
        }
        None
    }

    /// Step 5b of [`Worker::negamax`] at a non-PV node not in check with no move left
    /// out: ProbCut. A capture that wins enough by SEE to clear `beta` by a margin is
    /// tried, first in the quiescence and, when that holds, by a search four plies
    /// shallower; when that too clears the raised bound, the node is taken to fail high
    /// (stored as a lower bound three plies shallower than the node). Not when the
    /// table already holds a deep enough score under the raised bound.
    fn probcut(
        &mut self,
        node: &Node,
        beta: i32,
        tt: Option<super::tt::TtData>,
        tt_move: Option<Move>,
        key: u64,
        raw_eval: i32,
    ) -> Option<i32> {
        let (depth, ply) = (node.depth, node.ply);
        let raised = beta + PROBCUT_MARGIN() - PROBCUT_IMPROVING() * i32::from(node.improving);
        if depth < PROBCUT_DEPTH()
            || beta.abs() >= MATE_BOUND
            || raised.abs() >= MATE_BOUND
            || tt.is_some_and(|t| t.depth >= depth - 3 && t.score < raised)
        {
            return None;
        }
        let tt_capture = tt_move.filter(|&m| self.pos.piece_at(m.to()).is_some());
        let mut picker = MovePicker::captures(&self.pos, tt_capture, &self.tables.captures);
        let needed = raised - node.static_eval;
        while let Some((mv, _)) = picker.pick() {
            if !see_ge(&self.pos, mv, needed) {
                continue;
            }
            self.shared.tt.prefetch(self.pos.key_after(mv));
            self.make(mv, ply);
            self.stack[ply + 1].double_extensions = self.stack[ply].double_extensions;
            let mut score = -self.quiesce::<false>(-raised, -raised + 1, ply + 1, false);
            if score >= raised {
                score = -self.negamax::<false>(
                    -raised,
                    -raised + 1,
                    depth - 4,
                    ply + 1,
                    !node.cut_node,
                );
            }
            self.unmake();
            if self.shared.stop.load(Ordering::Relaxed) {
                return Some(0);
            }
            if score >= raised {
                self.shared.tt.store(
                    key,
                    ply,
                    Some(mv),
                    score,
                    raw_eval,
                    depth - 3,
                    Bound::Lower,
                    node.tt_pv,
                );
                return Some(if score >= MATE_BOUND { beta } else { score });
            }
        }
        None
    }

    /// The static evaluation `raw` with the correction history's term, kept a plain
    /// score.
    #[inline]
    fn corrected(&self, raw: i32) -> i32 {
        (raw + self.tables.correction(&self.pos)).clamp(-NNUE_EVAL_LIMIT, NNUE_EVAL_LIMIT)
    }

    /// Quiescence: captures (every reply when in check) until the position is quiet;
    /// at its first ply (`first`, called from the main search, which has asked the
    /// rulings already) quiet checks too. Below it the rulings are asked at every node,
    /// since an evasion or a check may repeat the line.
    fn quiesce<const PV: bool>(
        &mut self,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        first: bool,
    ) -> i32 {
        self.stack[ply].pv.clear();
        if !first {
            if let Some(score) = self.rule_score(ply) {
                return score;
            }
        }
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
            let checks = self.pos.check_info();
            MovePicker::evasions(&self.pos, tt.and_then(|t| t.mv), &self.hints(ply), &checks)
        } else if first {
            MovePicker::captures_and_checks(&self.pos, tt.and_then(|t| t.mv), &self.tables.captures)
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
                let hopeless = stand_pat + victim + DELTA_MARGIN() <= alpha;
                if (hopeless && !self.pos.gives_check(mv)) || !see_ge(&self.pos, mv, 0) {
                    continue;
                }
            }
            self.shared.tt.prefetch(self.pos.key_after(mv));
            self.make(mv, ply);
            let score = -self.quiesce::<PV>(-beta, -alpha, ply + 1, false);
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
        let tt_pv = PV || tt.is_some_and(|t| t.pv);
        self.shared
            .tt
            .store(key, ply, best_move, best, stored_eval, 0, bound, tt_pv);
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
        let (head, tail) = self.stack.split_at_mut(ply + 1);
        let pv = &mut head[ply].pv;
        pv.clear();
        pv.push(mv);
        pv.extend_from_slice(&tail[0].pv);
    }

    /// What orders the quiet moves of the node at `ply`.
    fn hints(&self, ply: usize) -> Hints<'_> {
        let us = self.pos.side_to_move().index();
        Hints {
            killers: self.stack[ply].killers,
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
            let killers = &mut self.stack[ply].killers;
            if killers[0] != Some(mv) {
                killers[1] = killers[0];
                killers[0] = Some(mv);
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

    /// The quiet move that led to the node at `ply` (the opponent's): its main history
    /// and its continuation histories move by `delta`. Nothing for a capture, a null
    /// move or the root.
    fn adjust_prior_quiet(&mut self, ply: usize, delta: i32) {
        let Some(prior) = ply.checked_sub(1) else {
            return;
        };
        let (Some(mv), Some(piece)) = (self.stack[prior].move_made, self.stack[prior].piece_moved)
        else {
            return;
        };
        if mv.is_null()
            || self
                .pos
                .history()
                .last()
                .is_none_or(|u| u.captured.is_some())
        {
            return;
        }
        let them = (!self.pos.side_to_move()).index();
        history::update(
            &mut self.tables.quiet[them][mv.from().index()][mv.to().index()],
            delta,
            HISTORY_MAX,
        );
        for back in CONTINUATION_PLIES {
            if let Some(index) = self.continuation_index(prior, back) {
                let h = &mut self.tables.continuation[index][piece.index()][mv.to().index()];
                history::update_i16(h, delta, HISTORY_MAX);
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
        let piece = self.stack[at].piece_moved?;
        let mv = self.stack[at].move_made?;
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

/// The depth a late move is first searched at: `new_depth` less `reduction` (1/1024
/// plies, whole plies taken), at least one ply (or `new_depth` when shallower), and
/// at most a ply deeper than `new_depth`: a move whose relief outweighs its reduction
/// (good history at a PV node, say) is searched a ply deeper.
fn reduced_depth(new_depth: i32, reduction: i32) -> i32 {
    (new_depth - reduction / 1024).clamp(new_depth.min(1), new_depth + 1)
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
    (HISTORY_BONUS_PER_DEPTH() * depth - HISTORY_BONUS_OFFSET()).clamp(0, HISTORY_BONUS_MAX())
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::tt::TranspositionTable;

    #[test]
    fn a_late_move_is_reduced_to_one_ply_at_least_and_extended_one_at_most() {
        // No reduction, or less than a whole ply either way: the move's own depth.
        for r in [0, 1023, -1023] {
            assert_eq!(reduced_depth(10, r), 10, "{r}");
        }
        assert_eq!(reduced_depth(10, 3 * 1024 + 500), 7);
        // Never below one ply, nor below a depth already under one.
        assert_eq!(reduced_depth(4, 20 * 1024), 1);
        assert_eq!(reduced_depth(0, 5 * 1024), 0);
        // Relief beyond the reduction: one ply deeper, never more.
        assert_eq!(reduced_depth(10, -1024), 11);
        assert_eq!(reduced_depth(10, -5 * 1024), 11);
        assert_eq!(reduced_depth(0, -2048), 1);
    }

    /// The quiescence's score of `fen` with the full window, with quiet checks at its
    /// first ply or not.
    fn quiescence(fen: &str, first: bool) -> i32 {
        let shared = State::new(TranspositionTable::new(1));
        let pos = Position::from_fen(fen).unwrap();
        let mut w = Worker::new(pos, &shared, 0, &Config::default(), Histories::new());
        w.quiesce::<true>(-INFINITE, INFINITE, 0, first)
    }

    #[test]
    fn probcut_settles_a_node_by_a_winning_capture() {
        // Red's rook takes Black's loose rook on a5: a level position (no reverse
        // futility, no null move below beta) where one capture clears beta by far.
        let shared = State::new(TranspositionTable::new(1));
        let pos = Position::from_fen("4k4/9/9/9/r8/9/9/9/9/R2K5 w - - 0 1").unwrap();
        let mut w = Worker::new(pos, &shared, 0, &Config::default(), Histories::new());
        let beta = 200;
        let depth = 6;
        let score = w.negamax::<false>(beta - 1, beta, depth, 0, true);
        assert!(score >= beta, "{score}");
        // ProbCut's entry: the capture, a lower bound three plies shallower than the
        // node (the move loop would have stored the node's own depth).
        let t = w.shared.tt.probe(w.pos.key(), 0).expect("an entry");
        assert_eq!(t.bound, Bound::Lower);
        assert_eq!(t.depth, depth - 3);
        assert_eq!(t.mv, Some(w.pos.parse_move("a0a5").unwrap()));
    }

    /// A node at `ply` of `depth` that is neither PV nor in check, and a quiet move of
    /// its, checking or not.
    fn node_and_move(
        w: &Worker<'_>,
        ply: usize,
        depth: i32,
        mv: &str,
        check: bool,
    ) -> (Node, Candidate) {
        let node = Node {
            pv: false,
            tt_pv: false,
            depth,
            ply,
            cut_node: false,
            in_check: false,
            improving: true,
            static_eval: 0,
            tt_capture: false,
        };
        let candidate = Candidate {
            mv: w.pos.parse_move(mv).unwrap(),
            capture: None,
            gives_check: check,
            history: 0,
            base_reduction: 2048,
            lmr_depth: depth - 3,
        };
        (node, candidate)
    }

    #[test]
    fn checks_are_not_extended_past_twice_the_iterations_depth() {
        let shared = State::new(TranspositionTable::new(1));
        // a0a9 checks the black king along rank 9.
        let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1").unwrap();
        let mut w = Worker::new(pos, &shared, 0, &Config::default(), Histories::new());
        assert!(w.pos.gives_check(w.pos.parse_move("a0a9").unwrap()));
        w.root_depth = 4;
        let depth = CHECK_EXTENSION_DEPTH();
        for (ply, expected) in [(3, 1), (7, 1), (8, 0), (20, 0)] {
            let (node, c) = node_and_move(&w, ply, depth, "a0a9", true);
            assert_eq!(
                w.extension(&node, &c, None, None, 100),
                Ok(expected),
                "ply {ply}"
            );
        }
        // Below the check extension's depth nothing is extended anyway.
        let (node, c) = node_and_move(&w, 3, depth - 1, "a0a9", true);
        assert_eq!(w.extension(&node, &c, None, None, 100), Ok(0));
    }

    #[test]
    fn giving_check_relieves_the_reduction_only_on_a_pv_line_or_near_a_mate() {
        let shared = State::new(TranspositionTable::new(1));
        let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1").unwrap();
        let w = Worker::new(pos, &shared, 0, &Config::default(), Histories::new());
        let (node, check) = node_and_move(&w, 3, 10, "a0a9", true);
        let (_, quiet) = node_and_move(&w, 3, 10, "a0a8", false);
        let plain = w.reduction::<false>(&node, &quiet, 5, 0);
        // Off the PV, with no mate in the window: a check is reduced like a quiet move.
        assert_eq!(w.reduction::<false>(&node, &check, 5, 0), plain);
        // A mate in the window (either side's): relieved.
        for alpha in [MATE - 20, -(MATE - 20)] {
            assert_eq!(
                w.reduction::<false>(&node, &check, 5, alpha),
                plain - LMR_CHECK()
            );
        }
        // A PV-marked node: relieved for the check besides the mark's own relief.
        let pv_node = Node {
            tt_pv: true,
            ..node
        };
        assert_eq!(
            w.reduction::<false>(&pv_node, &check, 5, 0),
            plain - LMR_TT_PV() - LMR_CHECK()
        );
        // Answering a check is relieved everywhere.
        let evading = Node {
            in_check: true,
            ..node_and_move(&w, 3, 10, "a0a8", false).0
        };
        assert_eq!(
            w.reduction::<false>(&evading, &quiet, 5, 0),
            plain - LMR_CHECK()
        );
    }

    #[test]
    fn late_moves_are_reduced_from_depth_two_and_more_below_nodes_that_keep_failing_high() {
        let shared = State::new(TranspositionTable::new(1));
        let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1").unwrap();
        let mut w = Worker::new(pos, &shared, 0, &Config::default(), Histories::new());
        let (node, quiet) = node_and_move(&w, 3, 2, "a0a8", false);
        let at_two = w.reduction::<false>(&node, &quiet, 5, 0);
        assert!(at_two > 0, "{at_two}");
        let (shallow, quiet) = node_and_move(&w, 3, 1, "a0a8", false);
        assert_eq!(w.reduction::<false>(&shallow, &quiet, 5, 0), 0);
        // Four cut-offs a ply below: a ply more at a non-PV node, none at a PV node.
        let (node, quiet) = node_and_move(&w, 3, 10, "a0a8", false);
        let plain = w.reduction::<false>(&node, &quiet, 5, 0);
        let pv_plain = w.reduction::<true>(&node, &quiet, 5, 0);
        w.stack[4].cutoffs = 3;
        assert_eq!(w.reduction::<false>(&node, &quiet, 5, 0), plain);
        w.stack[4].cutoffs = 4;
        assert_eq!(
            w.reduction::<false>(&node, &quiet, 5, 0),
            plain + LMR_CUTOFFS()
        );
        assert_eq!(w.reduction::<true>(&node, &quiet, 5, 0), pv_plain);
    }

    #[test]
    fn the_first_ply_of_the_quiescence_tries_quiet_checks() {
        // b0b9 mates (a8 holds rank 8): a quiet check.
        let fen = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1";
        assert_eq!(quiescence(fen, true), MATE - 1);
        // Deeper in the quiescence only captures are tried: no mate seen.
        assert!(quiescence(fen, false) < MATE_BOUND);
        // Black to move has no check, capture or mate: the static evaluation stands.
        let fen = "4k4/R8/9/9/9/9/9/9/9/1R1K5 b - - 0 1";
        assert!(quiescence(fen, true).abs() < MATE_BOUND);
    }
}
