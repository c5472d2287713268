//! Perft: the number of leaf nodes of the legal-move tree, the move generator's test.
//! Leaves are bulk-counted (the last ply counts the legal move list).

use rayon::prelude::*;

use super::movegen::MoveList;
use super::mv::Move;
use super::position::Position;

/// Leaf nodes at `depth` plies below `pos`.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    pos.generate_legal(&mut list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut nodes = 0;
    for &mv in &list {
        pos.make_move(mv);
        nodes += perft(pos, depth - 1);
        pos.unmake_move();
    }
    nodes
}

/// Leaf counts below each legal root move, in generation order. With `threads > 1`
/// the root moves are shared out among that many rayon workers.
pub fn divide(pos: &Position, depth: u32, threads: usize) -> Vec<(Move, u64)> {
    let moves = pos.legal_moves();
    let count = |mv: Move| {
        let mut child = pos.clone();
        child.make_move(mv);
        (
            mv,
            if depth <= 1 {
                1
            } else {
                perft(&mut child, depth - 1)
            },
        )
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
}
