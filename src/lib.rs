//! Chariot, a xiangqi (Chinese chess) engine.

#![forbid(unsafe_code)]

pub mod board;
pub mod eval;
pub mod notation;
pub mod protocol;
pub mod search;
