//! Perft: the number of leaf nodes of the legal-move tree, the move generator's test.
//! Leaves are bulk-counted (the last ply counts the legal move list).

use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use super::movegen::MoveList;
use super::mv::Move;
use super::position::Position;

/// The deepest count `go perft` and `chariot perft` take: the recursion holds a move
/// list a ply, so an unbounded depth would overflow the stack (and 64 plies would never
/// finish anyway; `stop` ends a count in the protocol).
pub const MAX_DEPTH: u32 = 64;

/// Leaf nodes at `depth` plies below `pos`.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    perft_until(pos, depth, &AtomicBool::new(false)).expect("never stopped")
}

/// [`perft`] that gives up (`None`) once `stop` is set; it looks at the flag at every
/// node above the last two plies.
pub fn perft_until(pos: &mut Position, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth == 0 {
        return Some(1);
    }
    let mut list = MoveList::new();
    pos.generate_legal(&mut list);
    if depth == 1 {
        return Some(list.len() as u64);
    }
    if depth > 2 && stop.load(Ordering::Relaxed) {
        return None;
    }
    let mut nodes = 0;
    for &mv in &list {
        pos.make_move(mv);
        let below = perft_until(pos, depth - 1, stop);
        pos.unmake_move();
        nodes += below?;
    }
    Some(nodes)
}

/// Leaf counts below each legal root move, in generation order. With `threads > 1`
/// the root moves are shared out among that many rayon workers. At depth 0 no move is
/// made (the one leaf is the position itself), so the list is empty.
pub fn divide(pos: &Position, depth: u32, threads: usize) -> Vec<(Move, u64)> {
    divide_until(pos, depth, threads, &AtomicBool::new(false)).expect("never stopped")
}

/// [`divide`] that gives up (`None`) once `stop` is set.
pub fn divide_until(
    pos: &Position,
    depth: u32,
    threads: usize,
    stop: &AtomicBool,
) -> Option<Vec<(Move, u64)>> {
    if depth == 0 {
        return Some(Vec::new());
    }
    let moves = pos.legal_moves();
    let count = |mv: Move| {
        let mut child = pos.clone();
        child.make_move(mv);
        let nodes = if depth <= 1 {
            Some(1)
        } else {
            perft_until(&mut child, depth - 1, stop)
        };
        nodes.map(|n| (mv, n))
    };
    if threads <= 1 || depth <= 2 {
        return moves.iter().map(|&mv| count(mv)).collect();
    }
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(|| moves.par_iter().map(|&mv| count(mv)).collect()),
        Err(_) => moves.iter().map(|&mv| count(mv)).collect(),
    }
}

/// Leaf nodes at `depth`, the root moves shared among `threads` workers.
pub fn perft_parallel(pos: &Position, depth: u32, threads: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    divide(pos, depth, threads).iter().map(|&(_, n)| n).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_shallow() {
        let mut pos = Position::startpos();
        assert_eq!(perft(&mut pos, 1), 44);
        assert_eq!(perft(&mut pos, 2), 1920);
        assert_eq!(perft(&mut pos, 3), 79666);
        assert_eq!(perft_parallel(&pos, 3, 2), 79666);
        let split = divide(&pos, 2, 1);
        assert_eq!(split.len(), 44);
        assert_eq!(split.iter().map(|&(_, n)| n).sum::<u64>(), 1920);
    }

    #[test]
    fn a_stopped_perft_gives_up() {
        let mut pos = Position::startpos();
        let stop = AtomicBool::new(true);
        assert_eq!(
            perft_until(&mut pos, 2, &stop),
            Some(1920),
            "too shallow to stop"
        );
        assert_eq!(perft_until(&mut pos, 4, &stop), None);
        assert_eq!(divide_until(&pos, 5, 2, &stop), None);
        let go = AtomicBool::new(false);
        assert_eq!(perft_until(&mut pos, 3, &go), Some(79666));
    }
}
