//! The engines whose moves are known in advance: `first`, `last`, `checks`, and any
//! mode with `--prefer`.

use super::{Behaviour, Reaction, Tail, Turn};
use tourney::rng::Rng;

/// `first`: the first legal move in ICCS order.
pub struct First;

impl Behaviour for First {
    fn choose(&mut self, turn: &Turn, _rng: &mut Rng) -> String {
        turn.sorted().swap_remove(0)
    }
}

/// `last`: the last legal move in ICCS order.
pub struct Last;

impl Behaviour for Last {
    fn choose(&mut self, turn: &Turn, _rng: &mut Rng) -> String {
        turn.sorted().pop().expect("a legal move")
    }
}

/// `checks`: the first checking move in ICCS order, else the first legal move.
pub struct Checks;

impl Behaviour for Checks {
    fn choose(&mut self, turn: &Turn, _rng: &mut Rng) -> String {
        let sorted = turn.sorted();
        let pos = turn.pos;
        sorted
            .iter()
            .find(|m| pos.gives_check(pos.parse_move(m).expect("legal")))
            .unwrap_or(&sorted[0])
            .clone()
    }
}

/// `--prefer M1,M2,…`: the first listed move that is legal (and not banned), else the
/// mode's own choice (which then alone draws from the generator). The mode does all
/// else.
pub struct Prefer {
    list: Vec<String>,
    mode: Box<dyn Behaviour>,
}

impl Prefer {
    /// `mode`, preferring the moves of `list`.
    pub fn new(list: Vec<String>, mode: Box<dyn Behaviour>) -> Prefer {
        Prefer { list, mode }
    }
}

impl Behaviour for Prefer {
    fn starts(&self) -> bool {
        self.mode.starts()
    }

    fn react(&mut self, turn: &Turn) -> Reaction {
        self.mode.react(turn)
    }

    fn choose(&mut self, turn: &Turn, rng: &mut Rng) -> String {
        match self.list.iter().find(|m| turn.legal.contains(m)) {
            Some(m) => m.clone(),
            None => self.mode.choose(turn, rng),
        }
    }

    fn tail(&self, turn: &Turn) -> Tail {
        self.mode.tail(turn)
    }
}
