//! Chariot, a xiangqi (Chinese chess) engine.

pub mod board;
pub mod protocol;
