//! `chariot-tools`: the `tourney` match and tournament manager for xiangqi engines, and
//! the tools that fit Chariot's evaluation (`datagen`, `tune`, and the NNUE data formats
//! and trainer in [`nnue`]).
//!
//! The rules come from the `chariot` rules core; this crate drives engines (UCCI or UCI
//! child processes), keeps their clocks, judges games, schedules matches and tournaments
//! and computes the statistics; an event's state file lets it resume after a stop.
//! [`heldout`] finds the games in a file of positions and splits whole games into
//! training, validation and test sets for `train` and `tune`.

#![forbid(unsafe_code)]

pub mod arbiter;
pub mod cli;
pub mod clock;
pub mod engine;
pub mod formats;
pub mod game;
pub mod heldout;
pub mod nnue;
pub mod openings;
pub mod pgn;
pub mod rating;
pub mod resume;
pub mod rng;
pub mod stats;
pub mod tables;
pub mod tournament;
