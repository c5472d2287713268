//! The search's settings that stay the same from search to search ([`Config`]).

use std::sync::Arc;
use std::time::Duration;

use super::skill::Strength;
use crate::board::repetition::RuleSet;
use crate::eval::nnue::Network;

/// Most search threads.
pub const MAX_THREADS: usize = 256;

/// Settings that stay the same from search to search.
#[derive(Clone, Debug)]
pub struct Config {
    pub threads: usize,
    pub multipv: usize,
    pub move_overhead: Duration,
    /// Apply the natural limit (60 moves without a capture is a draw).
    pub rule60: bool,
    /// How repetitions are ruled (perpetual check always loses; chases per the set).
    pub rule_set: RuleSet,
    /// The network that evaluates, shared by all threads; `None`: the hand-crafted
    /// evaluation. The default is `None`, so library users (datagen, the tests) keep
    /// the HCE unless they ask for a net; the engine's protocol, `bench` and `eval`
    /// use the embedded net by default (see [`crate::eval::nnue::embedded`]).
    pub net: Option<Arc<Network>>,
    /// How the search is weakened (full strength by default; see [`skill`](super::skill)).
    pub strength: Strength,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            threads: 1,
            multipv: 1,
            move_overhead: Duration::from_millis(50),
            rule60: true,
            rule_set: RuleSet::Chinese,
            net: None,
            strength: Strength::FULL,
        }
    }
}
