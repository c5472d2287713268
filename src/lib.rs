//! Chariot, a xiangqi (Chinese chess) engine.

// No unsafe code, except where each is allowed and justified: the cache hint in
// `search::tt::TranspositionTable::prefetch` and the AVX2 output layer in
// `eval::nnue::output` (see docs/architecture.md).
#![deny(unsafe_code)]

pub mod board;
pub mod book;
pub mod eval;
pub mod input;
pub mod notation;
pub mod progress;
pub mod protocol;
pub mod search;
