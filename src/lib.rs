//! Chariot, a xiangqi (Chinese chess) engine.

// No unsafe code, except the one cache hint in `search::tt::TranspositionTable::prefetch`.
#![deny(unsafe_code)]

pub mod board;
pub mod book;
pub mod eval;
pub mod notation;
pub mod protocol;
pub mod search;
