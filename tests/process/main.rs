//! The built binary's tests: one test binary (one link) for every test that starts
//! `chariot` as a process and talks to it as a GUI or a user would — UCCI/UCI sessions,
//! CECP, the largest inputs, the command-line tools, game files and the book. The
//! library's in-process tests are in `tests/library/`.

#[path = "../common/mod.rs"]
mod common;

mod book;
mod bounded;
mod cli;
mod game_files;
mod input_limits;
mod protocol;
mod sessions;
mod xboard;

/// A game ply far into a game: the engine's share of the clock grows with the ply, so
/// the budgets there bound those of every move the tests play (`sessions`, `xboard`).
const LATE_PLY: u32 = 1000;
