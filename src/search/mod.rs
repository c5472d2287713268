//! The search: iterative deepening with aspiration windows over a principal variation
//! search ([`alphabeta`]), run by `threads` workers that share one transposition table
//! (Lazy SMP). The search never prints: it reports through a [`Reporter`] that the
//! protocol layer formats in its dialect.
//!
//! A search runs from [`search`] (`driver.rs`: the clock set, the helpers posted, the
//! move played chosen among the threads) through each thread's iterative deepening
//! (`deepening.rs`) into [`alphabeta`]; the helper threads park between searches in
//! `pool.rs`. What it is given: [`Limits`] ([`time`]), a [`Config`] (`config.rs`) and
//! the [`Shared`] state (`shared.rs`) around the [`State`] its threads share
//! (`state.rs`). What it says: [`Info`] and [`Status`] lines (`report.rs`), and the
//! [`Outcome`] it answers (`outcome.rs`).

pub mod alphabeta;
pub mod bench;
mod config;
mod deepening;
mod driver;
pub mod history;
pub mod movepick;
mod outcome;
pub mod params;
mod pool;
mod positions;
mod report;
pub mod rules;
pub mod see;
mod shared;
pub mod skill;
mod state;
pub mod time;
pub mod tt;
pub mod wdl;

pub use config::{Config, MAX_THREADS};
pub use driver::search;
pub use outcome::{mate_in, Outcome};
pub use report::{Info, Reporter, Silent, Status};
pub use shared::Shared;
pub use skill::Strength;
pub use state::State;
pub use time::{Budget, Limits};
pub use tt::{Bound, TranspositionTable};
