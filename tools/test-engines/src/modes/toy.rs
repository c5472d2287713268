//! `--toy NAME=OPT`: a tunable engine for the SPSA tuner's test. It offers the spin
//! option NAME (`-1000..1000`, default 0) and plays random legal moves, but answers each
//! `go` with an illegal move (a loss by the arbiter's ruling) with the probability
//! `min(0.5, 0.01 + |V − OPT| / 1000)`, V the option's value: the farther from OPT, the
//! sooner it loses.

use super::{Behaviour, Reaction, Turn};
use tourney::rng::Rng;

/// The toy's option and its best value.
pub struct Toy {
    /// The option's name.
    name: String,
    /// The value that loses least.
    best: i64,
    /// The option's value (0 until set).
    value: i64,
    /// Draws the illegal moves.
    rng: Rng,
}

impl Toy {
    /// The toy of `spec` (`NAME=OPT`; an unreadable OPT is 0), drawing from `seed`.
    pub fn new(spec: &str, seed: u64) -> Toy {
        let (name, best) = spec.split_once('=').unwrap_or((spec, "0"));
        Toy {
            name: name.to_string(),
            best: best.trim().parse().unwrap_or(0),
            value: 0,
            rng: Rng::new(seed),
        }
    }

    /// The chance, in millionths, that a move is illegal.
    fn blunder_ppm(&self) -> u64 {
        (10_000 + 1000 * self.value.abs_diff(self.best)).min(500_000)
    }
}

impl Behaviour for Toy {
    fn options(&self, ucci: bool) -> Vec<String> {
        if ucci {
            vec![format!(
                "option {} type spin default 0 min -1000 max 1000",
                self.name
            )]
        } else {
            vec![format!(
                "option name {} type spin default 0 min -1000 max 1000",
                self.name
            )]
        }
    }

    fn set_option(&mut self, name: &str, value: &str) {
        if name.eq_ignore_ascii_case(&self.name) {
            self.value = value.trim().parse::<i64>().unwrap_or(0).clamp(-1000, 1000);
        }
    }

    fn react(&mut self, _turn: &Turn) -> Reaction {
        if self.rng.next_u64() % 1_000_000 < self.blunder_ppm() {
            Reaction::Illegal
        } else {
            Reaction::Search
        }
    }
}
