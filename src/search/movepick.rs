//! Move ordering in stages: the hash move, good captures (SEE ≥ 0, most valuable victim
//! first), the two killers, the counter move, quiet moves by history, and last the
//! captures that lose material. Moves are generated once and scored into these bands;
//! `next` hands them out best first.

use super::see::see_ge;
use crate::board::{Move, MoveList, Position, MAX_MOVES};
use crate::eval::material::simple_value;

const TT_MOVE: i32 = 1 << 30;
const GOOD_CAPTURE: i32 = 1 << 28;
const KILLER_1: i32 = 1 << 27;
const KILLER_2: i32 = KILLER_1 - 1;
const COUNTER: i32 = KILLER_1 - 2;
/// Ordering scores from here up are killers, the counter move, or better.
pub const COUNTER_SCORE: i32 = COUNTER;
const BAD_CAPTURE: i32 = -(1 << 28);

/// Ordering hints for one node.
pub struct Hints<'a> {
    pub tt_move: Option<Move>,
    pub killers: [Option<Move>; 2],
    pub counter: Option<Move>,
    /// Quiet history, indexed by `[from][to]`.
    pub history: &'a [[i32; 90]; 90],
    /// Continuation histories after the last move and the one before it, indexed by
    /// `[piece][to]` of the move scored.
    pub continuations: [Option<&'a ContinuationTable>; 2],
}

/// Continuation history for one previous move: `[piece][to]` of the reply.
pub type ContinuationTable = [[i16; 90]; 14];

/// Hands out the moves of a node best first.
pub struct MovePicker {
    moves: MoveList,
    scores: [i32; MAX_MOVES],
    next: usize,
}

/// MVV-LVA: the most valuable victim first, the cheapest attacker first among equals.
pub fn mvv_lva(pos: &Position, mv: Move) -> i32 {
    let victim = pos.piece_at(mv.to()).map_or(0, |p| simple_value(p.kind()));
    let attacker = pos
        .piece_at(mv.from())
        .map_or(0, |p| simple_value(p.kind()));
    victim * 16 - attacker / 16
}

impl MovePicker {
    /// All legal moves of `pos`, ordered by `hints`.
    pub fn new(pos: &Position, hints: &Hints<'_>) -> MovePicker {
        let mut moves = MoveList::new();
        pos.generate_legal(&mut moves);
        let mut scores = [0; MAX_MOVES];
        for (i, &mv) in moves.iter().enumerate() {
            scores[i] = if Some(mv) == hints.tt_move {
                TT_MOVE
            } else if pos.piece_at(mv.to()).is_some() {
                let base = if see_ge(pos, mv, 0) {
                    GOOD_CAPTURE
                } else {
                    BAD_CAPTURE
                };
                base + mvv_lva(pos, mv)
            } else if Some(mv) == hints.killers[0] {
                KILLER_1
            } else if Some(mv) == hints.killers[1] {
                KILLER_2
            } else if Some(mv) == hints.counter {
                COUNTER
            } else {
                let mut score = hints.history[mv.from().index()][mv.to().index()];
                if let Some(piece) = pos.piece_at(mv.from()) {
                    for table in hints.continuations.iter().flatten() {
                        score += i32::from(table[piece.index()][mv.to().index()]);
                    }
                }
                score
            };
        }
        MovePicker {
            moves,
            scores,
            next: 0,
        }
    }

    /// The captures of `pos` (all replies when in check), most valuable victim first.
    pub fn captures(pos: &Position) -> MovePicker {
        let mut moves = MoveList::new();
        pos.generate_captures(&mut moves);
        let mut scores = [0; MAX_MOVES];
        for (i, &mv) in moves.iter().enumerate() {
            scores[i] = mvv_lva(pos, mv);
        }
        MovePicker {
            moves,
            scores,
            next: 0,
        }
    }

    /// All legal replies to a check, captures first.
    pub fn evasions(pos: &Position, tt_move: Option<Move>) -> MovePicker {
        let mut moves = MoveList::new();
        pos.generate_evasions(&mut moves);
        let mut scores = [0; MAX_MOVES];
        for (i, &mv) in moves.iter().enumerate() {
            scores[i] = if Some(mv) == tt_move {
                TT_MOVE
            } else {
                mvv_lva(pos, mv)
            };
        }
        MovePicker {
            moves,
            scores,
            next: 0,
        }
    }

    /// Number of legal moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether there are no legal moves.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The best remaining move and its ordering score.
    pub fn pick(&mut self) -> Option<(Move, i32)> {
        if self.next >= self.moves.len() {
            return None;
        }
        let mut best = self.next;
        for i in self.next + 1..self.moves.len() {
            if self.scores[i] > self.scores[best] {
                best = i;
            }
        }
        self.moves.swap(self.next, best);
        self.scores.swap(self.next, best);
        let out = (self.moves[self.next], self.scores[self.next]);
        self.next += 1;
        Some(out)
    }
}

/// Whether an ordering score marks a losing capture.
pub fn is_bad_capture(score: i32) -> bool {
    score < BAD_CAPTURE / 2
}
