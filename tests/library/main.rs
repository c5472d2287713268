//! The library's tests, in-process: one test binary (one link) for every test that calls
//! the `chariot` library without starting a process — the rules and move generator,
//! perft, FEN, notation, the repetition rulings, make/unmake invariants, random input,
//! the NNUE evaluation, endgame scaling and search. The built binary's tests are in
//! `tests/process/`.

#[path = "../common/mod.rs"]
mod common;

mod endgames;
mod fen;
mod invariants;
mod nnue;
mod notation;
mod outcome;
mod perft;
mod random_input;
mod repetition;
mod rules;
mod search;
