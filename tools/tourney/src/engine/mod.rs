//! The engine driver: an engine is a child process speaking UCCI, UCI or CECP on its
//! stdin/stdout. A reader thread forwards each output line (time-stamped) through a
//! channel, so every wait has a timeout and a crashed, hung or babbling engine cannot
//! stall the manager.
//!
//! What differs between the protocols is a [`Dialect`]: one driver per protocol, each in
//! its own file ([`Uci`], [`Ucci`], [`Cecp`]). The game loop describes the game at each
//! move as a [`Turn`]; the dialect turns it into the lines its engines read and reads
//! their answers back into a [`Thought`]. [`EngineProcess`] owns the process, the
//! timing and the waiting, the same for all of them.
//!
//! Floors inside: `dialect` (the configuration, the trait and what passes through it)
//! < `uci` < `ucci`, `cecp` < `process`; this file only declares and re-exports.

mod cecp;
mod dialect;
mod process;
mod ucci;
mod uci;

pub use cecp::Cecp;
pub use dialect::*;
pub use process::EngineProcess;
pub use ucci::Ucci;
pub use uci::Uci;
