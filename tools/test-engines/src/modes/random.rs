//! `random` (and any unknown mode): a random legal move, drawn from the seeded generator.

use super::{Behaviour, Turn};
use tourney::rng::Rng;

/// Random legal moves; every other behaviour's default choice too.
pub struct Random;

impl Behaviour for Random {}

/// A random move of `turn.legal` (one draw of `rng`, over the moves in generation order).
pub fn pick(turn: &Turn, rng: &mut Rng) -> String {
    turn.legal[rng.below(turn.legal.len())].clone()
}
