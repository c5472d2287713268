//! One game between two engines: `play.rs` plays it (the engines' clocks, the opening,
//! adjudication) and the [`arbiter`] judges each move by the rules. The game's items
//! are re-exported here (`game::play_game`, `game::GameRecord`, …).
//!
//! Floors inside: [`arbiter`] and [`adjudication`] (the score trackers) below `play`.

pub mod adjudication;
pub mod arbiter;
mod play;

pub use adjudication::{DrawAdjudication, ResignAdjudication};
pub use play::*;
