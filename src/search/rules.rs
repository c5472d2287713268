//! What the game's rules say about a node from its history: repetitions ruled under
//! xiangqi rules (perpetual check loses, otherwise a draw).

use super::params::RULE_WIN;
use crate::board::Position;

/// The score of a position that repeats an earlier one since the last capture, from the
/// side to move's view: a win when only the opponent checked on every move of the
/// cycle, a loss when only we did, otherwise a draw. `None` when nothing repeats.
pub fn repetition_score(pos: &Position, ply: usize) -> Option<i32> {
    repetition(pos, ply).map(|(_, score)| score)
}

/// The start of the cycle (its first move's index in the history) when the position
/// repeats, with the perpetual-check score of [`repetition_score`].
pub fn repetition(pos: &Position, ply: usize) -> Option<(usize, i32)> {
    let history = pos.history();
    let n = history.len();
    let window = usize::from(pos.rule60_plies()).min(n);
    let key = pos.key();
    // Back from the latest move; a null move ends the search for repetitions at or
    // before it (the position before a null move is not repeated by the game).
    for distance in 1..=window {
        let start = n - distance;
        if history[start].mv.is_null() {
            return None;
        }
        if distance >= 4 && distance % 2 == 0 && history[start].key == key {
            return Some((start, rule_cycle(pos, start, ply)));
        }
    }
    None
}

/// Rules the cycle of moves `start..` of the history ending at the current position.
fn rule_cycle(pos: &Position, start: usize, ply: usize) -> i32 {
    let n = pos.history().len();
    let mut mover_checks = [true, true]; // [side to move now, the other side]
    for j in start..n {
        let by_other = (n - 1 - j) % 2 == 0;
        mover_checks[usize::from(by_other)] &= pos.move_gave_check(j);
    }
    let win = RULE_WIN - ply as i32;
    match mover_checks {
        [false, true] => win,
        [true, false] => -win,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(fen: &str, moves: &str) -> Position {
        let mut pos = Position::from_fen(fen).unwrap();
        for m in moves.split_whitespace() {
            pos.try_play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        }
        pos
    }

    #[test]
    fn quiet_repetition_is_a_draw() {
        let pos = play(crate::board::START_FEN, "h0g2 h9g7 g2h0 g7h9");
        assert_eq!(repetition_score(&pos, 3), Some(0));
        let pos = play(crate::board::START_FEN, "h0g2 h9g7 g2h0");
        assert_eq!(repetition_score(&pos, 3), None);
    }

    #[test]
    fn perpetual_check_loses_for_the_checker() {
        // Red rook checks from d9... Red: rook a8 checking along rank 8? Use a king
        // shuffle: black king e9 <-> d9 answering red rook checks f-file/d-file.
        let fen = "4k4/9/9/9/9/9/9/9/9/3K1R3 w - - 0 1";
        // Rf0-e0+? kings: red d0. Rook f0 to e0 gives check on the e-file.
        let pos = play(fen, "f0e0 e9f9 e0f0 f9e9 f0e0");
        // Position after f0e0 again (black to move) — red checked on every move.
        // Black to move: the opponent (red) perpetually checks, so black wins.
        assert!(repetition_score(&pos, 2).unwrap() > 0);
    }
}
