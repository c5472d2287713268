//! Accumulators: each perspective's `bias + Σ column(feature)` over the pieces on the
//! board, kept per ply by the search.
//!
//! A position is refreshed in full only when it is set up (the search's root). Each
//! move then computes the child's pair from the parent's in one pass per perspective:
//! a quiet move subtracts the piece's column on its from-square and adds the one on its
//! to-square, a capture also subtracts the victim's. A null move changes nothing but the
//! side to move, so it needs no entry. The loops are plain wrapping `i16` arithmetic on
//! 64-byte aligned arrays, which the compiler vectorises.

use std::sync::Arc;

use super::{feature_index_seen, king_mirrors, Column, Network, HIDDEN};
use crate::board::{Color, Move, Piece, PieceKind, Position, Square};

/// One perspective's accumulator.
pub type Accumulator = Column;

/// Red's and Black's accumulators of one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accumulators {
    by_perspective: [Accumulator; 2],
    /// Whether each perspective is mirrored (a net with king mirroring, the
    /// perspective's king right of the middle file).
    mirrored: [bool; 2],
}

impl Accumulators {
    /// Both accumulators of `pos`, computed from scratch.
    pub fn refreshed(net: &Network, pos: &Position) -> Accumulators {
        let mut acc = Accumulators {
            by_perspective: [net.bias; 2],
            mirrored: [false; 2],
        };
        for perspective in Color::ALL {
            let king = pos.king_square(perspective);
            let pieces = pos.occupied().into_iter().map(|sq| {
                (
                    sq,
                    pos.piece_at(sq).expect("an occupied square has a piece"),
                )
            });
            acc.refresh(net, perspective, king, pieces);
        }
        acc
    }

    /// Computes `perspective`'s accumulator (and whether it is mirrored) from scratch
    /// from the pieces on the board, with `perspective`'s king on `king`.
    fn refresh(
        &mut self,
        net: &Network,
        perspective: Color,
        king: Square,
        pieces: impl Iterator<Item = (Square, Piece)>,
    ) {
        let mirror = net.mirrored() && king_mirrors(king);
        let i = perspective.index();
        self.mirrored[i] = mirror;
        self.by_perspective[i] = net.bias;
        let values = &mut self.by_perspective[i].0;
        for (sq, piece) in pieces {
            let column = net.column(feature_index_seen(perspective, piece, sq, mirror));
            for (v, w) in values.iter_mut().zip(&column.0) {
                *v = v.wrapping_add(*w);
            }
        }
    }

    /// The accumulator of `perspective`.
    #[inline]
    pub fn perspective(&self, perspective: Color) -> &Accumulator {
        &self.by_perspective[perspective.index()]
    }

    /// The side to move's accumulator, then the other side's.
    #[inline]
    pub fn perspectives(&self, stm: Color) -> (&Accumulator, &Accumulator) {
        (self.perspective(stm), self.perspective(!stm))
    }
}

/// `out = src + add − sub`, lane by lane.
#[inline(always)]
fn add_sub(out: &mut [i16; HIDDEN], src: &[i16; HIDDEN], add: &[i16; HIDDEN], sub: &[i16; HIDDEN]) {
    for (((o, &s), &a), &b) in out.iter_mut().zip(src).zip(add).zip(sub) {
        *o = s.wrapping_add(a).wrapping_sub(b);
    }
}

/// `out = src + add − sub − sub2`, lane by lane.
#[inline(always)]
fn add_sub_sub(
    out: &mut [i16; HIDDEN],
    src: &[i16; HIDDEN],
    add: &[i16; HIDDEN],
    sub: &[i16; HIDDEN],
    sub2: &[i16; HIDDEN],
) {
    for ((((o, &s), &a), &b), &c) in out.iter_mut().zip(src).zip(add).zip(sub).zip(sub2) {
        *o = s.wrapping_add(a).wrapping_sub(b).wrapping_sub(c);
    }
}

/// A search thread's accumulators, one pair per ply from the root, with the net they
/// belong to.
pub struct AccumulatorStack {
    net: Arc<Network>,
    stack: Vec<Accumulators>,
    /// The index of the current position's pair.
    top: usize,
}

impl AccumulatorStack {
    /// Room for this many plies before the stack grows.
    const INITIAL_PLIES: usize = 136;

    /// A stack whose root is `pos` (refreshed in full).
    pub fn new(net: Arc<Network>, pos: &Position) -> AccumulatorStack {
        let root = Accumulators::refreshed(&net, pos);
        AccumulatorStack {
            stack: vec![root; Self::INITIAL_PLIES],
            net,
            top: 0,
        }
    }

    /// Starts again from `pos` as the root.
    pub fn reset(&mut self, pos: &Position) {
        self.top = 0;
        self.stack[0] = Accumulators::refreshed(&self.net, pos);
    }

    /// The net.
    #[inline]
    pub fn net(&self) -> &Network {
        &self.net
    }

    /// The current position's accumulators.
    #[inline]
    pub fn current(&self) -> &Accumulators {
        &self.stack[self.top]
    }

    /// How many moves deep the current position is below the root.
    #[inline]
    pub fn depth(&self) -> usize {
        self.top
    }

    /// Pushes the accumulators of the position after `mv`; `pos` is the position
    /// *before* the move (call this just before `pos.make_move(mv)`).
    #[inline]
    pub fn push_move(&mut self, pos: &Position, mv: Move) {
        let (from, to) = (mv.from(), mv.to());
        let piece = pos
            .piece_at(from)
            .expect("a piece stands on the from-square");
        let captured = pos.piece_at(to);
        if self.top + 1 == self.stack.len() {
            let copy = self.stack[self.top].clone();
            self.stack.push(copy);
        }
        let (head, tail) = self.stack.split_at_mut(self.top + 1);
        let parent = &head[self.top];
        let child = &mut tail[0];
        let net = &*self.net;
        for perspective in Color::ALL {
            let i = perspective.index();
            let mirror = parent.mirrored[i];
            if net.mirrored()
                && piece == Piece::new(perspective, PieceKind::King)
                && king_mirrors(to) != mirror
            {
                // The king crosses the middle file: this perspective turns over, so it
                // is computed afresh from the board after the move.
                let after = pos
                    .occupied()
                    .into_iter()
                    .filter(move |&sq| sq != from && sq != to)
                    .map(|sq| {
                        (
                            sq,
                            pos.piece_at(sq).expect("an occupied square has a piece"),
                        )
                    })
                    .chain(std::iter::once((to, piece)));
                child.refresh(net, perspective, to, after);
                continue;
            }
            child.mirrored[i] = mirror;
            let src = &parent.by_perspective[i].0;
            let out = &mut child.by_perspective[i].0;
            let add = &net
                .column(feature_index_seen(perspective, piece, to, mirror))
                .0;
            let sub = &net
                .column(feature_index_seen(perspective, piece, from, mirror))
                .0;
            match captured {
                None => add_sub(out, src, add, sub),
                Some(victim) => {
                    let sub2 = &net
                        .column(feature_index_seen(perspective, victim, to, mirror))
                        .0;
                    add_sub_sub(out, src, add, sub, sub2);
                }
            }
        }
        self.top += 1;
    }

    /// Pops the pair pushed by the last [`AccumulatorStack::push_move`].
    ///
    /// # Panics
    /// At the root.
    #[inline]
    pub fn pop(&mut self) {
        assert!(self.top > 0, "no move to take back");
        self.top -= 1;
    }

    /// The evaluation of the current position `pos` (the net's output, in engine units,
    /// from the side to move's view).
    #[inline]
    pub fn evaluate(&self, pos: &Position) -> i32 {
        self.net.output(
            self.current(),
            pos.side_to_move(),
            pos.occupied().count() as usize,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn incremental_equals_refresh_on_a_short_game() {
        let net = super::super::embedded().expect("a valid embedded net");
        let mut pos = Position::startpos();
        let mut stack = AccumulatorStack::new(Arc::clone(&net), &pos);
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mv = moves[(state % moves.len() as u64) as usize];
            stack.push_move(&pos, mv);
            pos.make_move(mv);
            assert_eq!(stack.current(), &Accumulators::refreshed(&net, &pos));
            assert_eq!(stack.evaluate(&pos), net.evaluate(&pos));
        }
        while stack.depth() > 0 {
            stack.pop();
            pos.unmake_move();
            assert_eq!(stack.current(), &Accumulators::refreshed(&net, &pos));
        }
    }
}
