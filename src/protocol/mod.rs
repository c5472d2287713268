//! The stdin/stdout protocol loop: UCCI and UCI (as xiangqi GUIs speak it).
//!
//! The first meaningful line (`ucci` or `uci`) picks the dialect. A line is parsed into
//! a [`Command`] ([`command`]), applied by the [`Engine`] ([`engine`]); what a `go`
//! asks the search for is worked out apart ([`limits`]); options are one table shown
//! in each dialect's syntax ([`options`]).

pub mod command;
pub mod engine;
pub mod limits;
pub mod options;

pub use command::{parse, Command, Dialect, ProtocolError};
pub use engine::Engine;
