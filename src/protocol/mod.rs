//! The stdin/stdout protocol loop: UCCI and UCI (as xiangqi GUIs speak it).
//!
//! The first meaningful line (`ucci` or `uci`) picks the dialect. The [`Engine`]
//! ([`engine`]) is the dialect-free core: it holds the position, the [`settings`] built
//! from the options table ([`options`]) and the search, and says what it has to say as
//! [`dialect::Report`]s. Each dialect is one file that reads its lines into a [`Command`]
//! and words the reports ([`uci`], [`ucci`]) behind the [`dialect::Speaker`] seam; the
//! grammar UCI and UCCI share is [`command`]. What a `go` asks the search for is worked
//! out apart ([`limits`]).

pub mod command;
pub mod dialect;
pub mod engine;
pub mod limits;
pub mod options;
pub mod settings;
pub mod ucci;
pub mod uci;

pub use command::{parse, Command, Dialect, ProtocolError};
pub use engine::Engine;
