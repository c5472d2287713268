//! Matches and tournaments: the configuration, the standings, the formats' schedulers,
//! the printed tables, the state file that lets an event resume, and the runner that
//! plays the games the schedulers name.
//!
//! Floors inside, from the bottom (each file imports only from those below it):
//!
//! 1. [`resume`] (the state file) and [`encounter`] (the encounters the formats name
//!    and the games they are played as);
//! 2. [`config`]: [`TournamentConfig`] and the format options it holds;
//! 3. [`standings`]: the results so far ([`Standings`]) and the places;
//! 4. [`tables`]: the printed tables;
//! 5. [`formats`]: each format's scheduler;
//! 6. [`runner`]: plays an event ([`run`]), replays one from its state file
//!    ([`replay`]).
//!
//! The main items are re-exported here.

pub mod config;
pub mod encounter;
pub mod formats;
pub mod resume;
pub mod runner;
pub mod standings;
pub mod tables;

pub use config::TournamentConfig;
pub use encounter::Job;
pub use runner::{replay, run, run_live, schedule};
pub use standings::Standings;
