//! The trainer's integration tests, as the modules of one test binary (one link instead
//! of one a file). One module's tests run alone with a filter:
//! `cargo test --release -p trainer --test integration -- train::`.

mod common;

mod heldout;
mod nnue_data;
mod pack;
mod spsa;
mod train;
mod tuning;
mod width;
