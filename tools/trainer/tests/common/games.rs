//! Random games written as `datagen` writes them, for the tests of the data loader's
//! game boundaries and of the trainer's split by game (included with `#[path]`, not
//! through `common/mod.rs`, by the test files that use it).

use chariot::board::{Outcome, Position};
use tourney::rng::Rng;
use trainer::nnue::data::Entry;

/// `games` random games as `datagen` writes them: 2 to 8 random plies (not written),
/// then every position with the move played from it and the game's result on every
/// line. Game `g` (drawn after its result) has `length(g, rng)` positions, each scored
/// `score(pos, rng)` (drawn after the move); a game that ends sooner (no legal move)
/// is dropped, so every game has its full length.
pub fn consecutive_games(
    seed: u64,
    games: usize,
    mut length: impl FnMut(usize, &mut Rng) -> usize,
    mut score: impl FnMut(&Position, &mut Rng) -> i16,
) -> Vec<Vec<Entry>> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < games {
        let mut pos = Position::startpos();
        for _ in 0..2 + rng.below(7) {
            let moves = pos.legal_moves();
            pos.play(moves[rng.below(moves.len())]);
        }
        let result = [Outcome::BlackWins, Outcome::Draw, Outcome::RedWins][rng.below(3)];
        let length = length(out.len(), &mut rng);
        let mut game = Vec::new();
        while game.len() < length {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            let score = score(&pos, &mut rng);
            game.push(Entry {
                pos: pos.clone(),
                score,
                result,
                mv: Some(mv),
            });
            pos.play(mv);
        }
        if game.len() == length {
            out.push(game);
        }
    }
    out
}
