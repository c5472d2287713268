//! The built binary's tests: one test binary (one link) for every test that starts
//! `chariot` as a process and talks to it as a GUI or a user would — UCCI/UCI sessions,
//! CECP, the largest inputs, the command-line tools, game files and the book. The
//! library's in-process tests are in `tests/library/`.

#[path = "../common/mod.rs"]
mod common;

mod book;
mod cli;
mod game_files;
mod input_limits;
mod protocol;
mod sessions;
mod xboard;
