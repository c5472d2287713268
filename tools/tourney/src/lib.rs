//! `tourney`: a match and tournament manager for xiangqi engines.
//!
//! The rules come from the `chariot` rules core (`chariot::board`, `chariot::notation`;
//! nothing of Chariot's search or evaluation): this crate drives engines (UCCI or UCI
//! child processes), keeps their clocks, judges games, schedules matches and
//! tournaments and computes the statistics; an event's state file lets it resume after
//! a stop.
//!
//! # Floors
//!
//! The modules stand on floors, and a module imports only from floors below its own
//! (`tools/scripts/import-graph` checks it):
//!
//! 1. [`rng`], [`clock`], [`openings`]: a seeded generator, time controls and clocks,
//!    opening sets.
//! 2. [`engine`]: an engine as a child process, speaking its protocol.
//! 3. [`game`]: one game between two engines ([`game::play_game`]) judged by the arbiter
//!    ([`game::arbiter`]).
//! 4. [`report`]: what comes out of games: PGN ([`report::pgn`]), ratings and rankings
//!    ([`report::rating`]), statistics and the SPRT ([`report::stats`]).
//! 5. [`event`]: a match or tournament. Inside it, from the bottom: the state file
//!    ([`event::resume`]) and the encounters and games the formats name
//!    ([`event::encounter`]); the configuration ([`event::config`]); the standings
//!    ([`event::standings`]); the printed tables ([`event::tables`]); the formats'
//!    schedulers ([`event::formats`]); the runner that plays them ([`event::runner`]).
//! 6. [`cli`]: the `tourney` command line.

#![forbid(unsafe_code)]

pub mod cli;
pub mod clock;
pub mod engine;
pub mod event;
pub mod game;
pub mod openings;
pub mod report;
pub mod rng;
