//! The stdin/stdout protocol loop: UCCI, UCI (as xiangqi GUIs speak it) and CECP (the
//! XBoard/WinBoard protocol).
//!
//! The first meaningful line (`ucci`, `uci` or `xboard`) picks the dialect. The [`Engine`]
//! ([`engine`]) is the dialect-free core: it holds the position, the [`settings`] built
//! from the options table ([`options`]) and the search, and says what it has to say as
//! [`dialect::Report`]s. Each dialect is one file that reads its lines into a [`Command`]
//! and words the reports ([`uci`], [`ucci`], [`xboard`]) behind the [`dialect::Speaker`]
//! seam; the grammar UCI and UCCI share is [`command`]. What a `go` asks the search for
//! is worked out apart ([`limits`]). CECP keeps the game in the engine: its game layer
//! is [`xboard::Game`], over the same core.

pub mod command;
pub mod dialect;
pub mod engine;
pub mod limits;
pub mod options;
pub mod settings;
pub mod ucci;
pub mod uci;
pub mod xboard;

pub use command::{parse, Command, Dialect, ProtocolError};
pub use engine::Engine;
