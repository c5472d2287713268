//! Chariot, a xiangqi (Chinese chess) engine.

#![forbid(unsafe_code)]

pub mod board;
pub mod protocol;
