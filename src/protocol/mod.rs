//! The stdin/stdout protocol loop: UCCI and UCI (as xiangqi GUIs speak it).
//!
//! The first meaningful line (`ucci` or `uci`) picks the dialect. At this stage the loop
//! knows the handshake, `isready`, `position`, `go perft`, `d` and `quit`; the search
//! commands arrive with the search.

pub mod command;
pub mod engine;

pub use command::{parse, Command, Dialect, ProtocolError};
pub use engine::Engine;
