//! Accumulators: each perspective's `bias + Σ column(feature)` over the pieces on the
//! board, kept per ply by the search.
//!
//! A position is refreshed in full only when it is set up (the search's root). Each
//! move then computes the child's pair from the parent's in one pass per perspective:
//! a quiet move subtracts the piece's column on its from-square and adds the one on its
//! to-square, a capture also subtracts the victim's. A null move changes nothing but the
//! side to move, so it needs no entry. The loops are plain wrapping `i16` arithmetic on
//! 64-byte aligned arrays of the net's width `H`, which the compiler vectorises; the
//! stack is compiled once per width ([`WIDTHS`](super::layout::WIDTHS)) and
//! [`AccumulatorStack`] holds the one its net needs. [`Network::evaluate`] evaluates a
//! position on its own, by a full refresh.

use std::sync::Arc;

use super::features::{feature_index_seen, king_mirrors};
use super::layout::Column;
use super::net::{Layer, Layers, Network};
use crate::board::{Color, Move, Piece, PieceKind, Position, Square};

/// Red's and Black's accumulators of one position, for a net of width `H`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Accumulators<const H: usize> {
    by_perspective: [Column<H>; 2],
    /// Whether each perspective is mirrored (a net with king mirroring, the
    /// perspective's king right of the middle file).
    mirrored: [bool; 2],
}

impl<const H: usize> Accumulators<H> {
    /// Both accumulators of `pos`, computed from scratch.
    fn refreshed(net: &Network, layer: &Layer<H>, pos: &Position) -> Accumulators<H> {
        let mut acc = Accumulators {
            by_perspective: [layer.bias; 2],
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
            acc.refresh(net, layer, perspective, king, pieces);
        }
        acc
    }

    /// Computes `perspective`'s accumulator (and whether it is mirrored) from scratch
    /// from the pieces on the board, with `perspective`'s king on `king`.
    fn refresh(
        &mut self,
        net: &Network,
        layer: &Layer<H>,
        perspective: Color,
        king: Square,
        pieces: impl Iterator<Item = (Square, Piece)>,
    ) {
        let mirror = net.mirrored() && king_mirrors(king);
        let i = perspective.index();
        self.mirrored[i] = mirror;
        self.by_perspective[i] = layer.bias;
        let values = &mut self.by_perspective[i].0;
        for (sq, piece) in pieces {
            let column = layer.column(feature_index_seen(perspective, piece, sq, mirror));
            for (v, w) in values.iter_mut().zip(&column.0) {
                *v = v.wrapping_add(*w);
            }
        }
    }

    /// The side to move's accumulator, then the other side's.
    #[inline]
    fn perspectives(&self, stm: Color) -> (&Column<H>, &Column<H>) {
        (
            &self.by_perspective[stm.index()],
            &self.by_perspective[(!stm).index()],
        )
    }

    /// The net's output for the side to move `stm` from this pair, in a position of
    /// `pieces` pieces ([`Network::output_of`]).
    #[inline]
    fn output(&self, net: &Network, layer: &Layer<H>, stm: Color, pieces: usize) -> i32 {
        let (us, them) = self.perspectives(stm);
        net.output_of(layer, us, them, pieces)
    }

    /// The values, for comparisons whatever the width.
    fn values(&self) -> AccumulatorValues {
        AccumulatorValues {
            red: self.by_perspective[Color::Red.index()].0.to_vec(),
            black: self.by_perspective[Color::Black.index()].0.to_vec(),
            mirrored: self.mirrored,
        }
    }
}

/// A position's accumulators as plain values, whatever the net's width: Red's
/// perspective, Black's, and whether each is mirrored. For tests and tools that compare
/// the incremental accumulators with a full refresh ([`Network::refreshed`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccumulatorValues {
    pub red: Vec<i16>,
    pub black: Vec<i16>,
    pub mirrored: [bool; 2],
}

impl Network {
    /// The static evaluation of `pos` from the side to move's view, in engine units,
    /// by a full refresh of both accumulators.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let (stm, pieces) = (pos.side_to_move(), pos.occupied().count() as usize);
        match self.layers() {
            Layers::W256(l) => Accumulators::refreshed(self, l, pos).output(self, l, stm, pieces),
            Layers::W384(l) => Accumulators::refreshed(self, l, pos).output(self, l, stm, pieces),
            Layers::W512(l) => Accumulators::refreshed(self, l, pos).output(self, l, stm, pieces),
            Layers::W768(l) => Accumulators::refreshed(self, l, pos).output(self, l, stm, pieces),
            Layers::W1024(l) => Accumulators::refreshed(self, l, pos).output(self, l, stm, pieces),
        }
    }

    /// Both accumulators of `pos` computed from scratch, as values.
    pub fn refreshed(&self, pos: &Position) -> AccumulatorValues {
        match self.layers() {
            Layers::W256(l) => Accumulators::refreshed(self, l, pos).values(),
            Layers::W384(l) => Accumulators::refreshed(self, l, pos).values(),
            Layers::W512(l) => Accumulators::refreshed(self, l, pos).values(),
            Layers::W768(l) => Accumulators::refreshed(self, l, pos).values(),
            Layers::W1024(l) => Accumulators::refreshed(self, l, pos).values(),
        }
    }
}

/// `out = src + add − sub`, lane by lane.
#[inline(always)]
fn add_sub<const H: usize>(out: &mut [i16; H], src: &[i16; H], add: &[i16; H], sub: &[i16; H]) {
    for (((o, &s), &a), &b) in out.iter_mut().zip(src).zip(add).zip(sub) {
        *o = s.wrapping_add(a).wrapping_sub(b);
    }
}

/// `out = src + add − sub − sub2`, lane by lane.
#[inline(always)]
fn add_sub_sub<const H: usize>(
    out: &mut [i16; H],
    src: &[i16; H],
    add: &[i16; H],
    sub: &[i16; H],
    sub2: &[i16; H],
) {
    for ((((o, &s), &a), &b), &c) in out.iter_mut().zip(src).zip(add).zip(sub).zip(sub2) {
        *o = s.wrapping_add(a).wrapping_sub(b).wrapping_sub(c);
    }
}

/// The accumulators of one search thread for a net of width `H`, one pair per ply from
/// the root.
struct Stack<const H: usize> {
    net: Arc<Network>,
    layer: Arc<Layer<H>>,
    stack: Vec<Accumulators<H>>,
    /// The index of the current position's pair.
    top: usize,
}

impl<const H: usize> Stack<H> {
    /// Room for this many plies before the stack grows.
    const INITIAL_PLIES: usize = 136;

    fn new(net: Arc<Network>, layer: Arc<Layer<H>>, pos: &Position) -> Stack<H> {
        let root = Accumulators::refreshed(&net, &layer, pos);
        Stack {
            stack: vec![root; Self::INITIAL_PLIES],
            net,
            layer,
            top: 0,
        }
    }

    fn reset(&mut self, pos: &Position) {
        self.top = 0;
        self.stack[0] = Accumulators::refreshed(&self.net, &self.layer, pos);
    }

    #[inline]
    fn push_move(&mut self, pos: &Position, mv: Move) {
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
        let (net, layer) = (&*self.net, &*self.layer);
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
                child.refresh(net, layer, perspective, to, after);
                continue;
            }
            child.mirrored[i] = mirror;
            let src = &parent.by_perspective[i].0;
            let out = &mut child.by_perspective[i].0;
            let add = &layer
                .column(feature_index_seen(perspective, piece, to, mirror))
                .0;
            let sub = &layer
                .column(feature_index_seen(perspective, piece, from, mirror))
                .0;
            match captured {
                None => add_sub(out, src, add, sub),
                Some(victim) => {
                    let sub2 = &layer
                        .column(feature_index_seen(perspective, victim, to, mirror))
                        .0;
                    add_sub_sub(out, src, add, sub, sub2);
                }
            }
        }
        self.top += 1;
    }

    #[inline]
    fn evaluate(&self, pos: &Position) -> i32 {
        self.stack[self.top].output(
            &self.net,
            &self.layer,
            pos.side_to_move(),
            pos.occupied().count() as usize,
        )
    }
}

/// The stack of the net's width.
enum Stacks {
    W256(Stack<256>),
    W384(Stack<384>),
    W512(Stack<512>),
    W768(Stack<768>),
    W1024(Stack<1024>),
}

/// Runs `$body` with `$s` bound to the stack of whatever width it has.
macro_rules! each_stack {
    ($stacks:expr, $s:ident => $body:expr) => {
        match $stacks {
            Stacks::W256($s) => $body,
            Stacks::W384($s) => $body,
            Stacks::W512($s) => $body,
            Stacks::W768($s) => $body,
            Stacks::W1024($s) => $body,
        }
    };
}

/// A search thread's accumulators, one pair per ply from the root, with the net they
/// belong to.
pub struct AccumulatorStack {
    stacks: Stacks,
}

impl AccumulatorStack {
    /// A stack whose root is `pos` (refreshed in full).
    pub fn new(net: Arc<Network>, pos: &Position) -> AccumulatorStack {
        let stacks = match net.layers() {
            Layers::W256(l) => Stacks::W256(Stack::new(Arc::clone(&net), Arc::clone(l), pos)),
            Layers::W384(l) => Stacks::W384(Stack::new(Arc::clone(&net), Arc::clone(l), pos)),
            Layers::W512(l) => Stacks::W512(Stack::new(Arc::clone(&net), Arc::clone(l), pos)),
            Layers::W768(l) => Stacks::W768(Stack::new(Arc::clone(&net), Arc::clone(l), pos)),
            Layers::W1024(l) => Stacks::W1024(Stack::new(Arc::clone(&net), Arc::clone(l), pos)),
        };
        AccumulatorStack { stacks }
    }

    /// Starts again from `pos` as the root.
    pub fn reset(&mut self, pos: &Position) {
        each_stack!(&mut self.stacks, s => s.reset(pos));
    }

    /// The net.
    #[inline]
    pub fn net(&self) -> &Network {
        each_stack!(&self.stacks, s => &s.net)
    }

    /// The current position's accumulators, as values (for tests: this copies them).
    pub fn current(&self) -> AccumulatorValues {
        each_stack!(&self.stacks, s => s.stack[s.top].values())
    }

    /// How many moves deep the current position is below the root.
    #[inline]
    pub fn depth(&self) -> usize {
        each_stack!(&self.stacks, s => s.top)
    }

    /// Pushes the accumulators of the position after `mv`; `pos` is the position
    /// *before* the move (call this just before `pos.make_move(mv)`).
    #[inline]
    pub fn push_move(&mut self, pos: &Position, mv: Move) {
        each_stack!(&mut self.stacks, s => s.push_move(pos, mv));
    }

    /// Pops the pair pushed by the last [`AccumulatorStack::push_move`].
    ///
    /// # Panics
    /// At the root.
    #[inline]
    pub fn pop(&mut self) {
        each_stack!(&mut self.stacks, s => {
            assert!(s.top > 0, "no move to take back");
            s.top -= 1;
        });
    }

    /// The evaluation of the current position `pos` (the net's output, in engine units,
    /// from the side to move's view).
    #[inline]
    pub fn evaluate(&self, pos: &Position) -> i32 {
        each_stack!(&self.stacks, s => s.evaluate(pos))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::nnue::default_net::embedded;

    #[test]
    fn incremental_equals_refresh_on_a_short_game() {
        let net = embedded().expect("a valid embedded net");
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
            assert_eq!(stack.current(), net.refreshed(&pos));
            assert_eq!(stack.evaluate(&pos), net.evaluate(&pos));
        }
        while stack.depth() > 0 {
            stack.pop();
            pos.unmake_move();
            assert_eq!(stack.current(), net.refreshed(&pos));
        }
    }
}
