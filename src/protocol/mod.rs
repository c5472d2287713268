//! The stdin/stdout protocol loop: UCCI, UCI (as xiangqi GUIs speak it) and CECP (the
//! XBoard/WinBoard protocol).
//!
//! The first meaningful line (`ucci`, `uci` or `xboard`) picks the dialect. The files
//! stand in floors, each importing only from those below it:
//!
//! 1. the grammar: what a line can ask ([`command`], CECP's commands in [`cecp`]);
//! 2. what `go` asks the search for ([`limits`]) and the options table ([`options`]);
//! 3. the option values ([`settings`]) and the seam to the dialects ([`dialect`]: the
//!    [`dialect::Report`]s the core says, which a [`dialect::Speaker`] words);
//! 4. the dialects, each one file that reads its own words and words the reports
//!    ([`ucci`], [`xboard`] with its clocks, then [`uci`], which words hash probes as
//!    UCCI does);
//! 5. [`dispatch`]: a line of the chosen dialect → a [`Command`], and its speaker;
//! 6. the dialect-free core ([`engine`]): the position, the settings, the search
//!    running on its own thread, and the loop over input and finished searches;
//! 7. CECP's game layer ([`game`]), which keeps the game in the engine over the core;
//! 8. [`session`]: the [`Engine`] a GUI drives, the core with CECP's game.

pub mod cecp;
pub mod command;
pub mod dialect;
pub mod dispatch;
pub mod engine;
pub mod game;
pub mod limits;
pub mod options;
pub mod session;
pub mod settings;
pub mod ucci;
pub mod uci;
pub mod xboard;

pub use command::{Command, Dialect, ProtocolError};
pub use dispatch::parse;
pub use session::Engine;
