//! The tourney's integration tests, as the modules of one test binary (one link instead
//! of one a file). They play the `fake-engine` of the `test-engines` package and the
//! `chariot` engine, both found next to the `tourney` binary (see [`common`]):
//! `cargo test --release --workspace` builds them. One module's tests run alone with a
//! filter: `cargo test --release -p tourney --test integration -- matches::`.

mod common;

mod behaviour;
mod cecp;
mod chariot_games;
mod clock;
mod formats;
mod matches;
mod openings;
mod ponder;
mod rating;
mod rules_authority;
mod stats;
mod strength;
