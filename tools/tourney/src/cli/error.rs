//! The command line's error.

use std::fmt;

use crate::clock::ClockError;
use crate::engine::EngineError;
use crate::event::config::UnknownFormat;
use crate::event::resume::StateError;
use crate::event::runner::ReplayError;
use crate::openings::OpeningsError;
use crate::report::pgn::UnknownMoveText;
use crate::report::rating::UnknownName;

/// Why a command line was refused. Its text is what `tourney` prints after `tourney: `.
#[derive(Debug)]
pub enum CliError {
    /// A flag, value or combination the command line does not allow.
    Usage(String),
    /// A setting of engine `number` (from 1) was refused.
    InEngine {
        /// The engine's place on the command line, from 1.
        number: usize,
        /// Why.
        source: Box<CliError>,
    },
    /// A time control.
    Clock(ClockError),
    /// An engine setting (`proto=`, `coords=`).
    Engine(EngineError),
    /// The openings.
    Openings(OpeningsError),
    /// A state file (`-resume`, `-seeding results=`).
    State(StateError),
    /// A `-tournament` format.
    Format(UnknownFormat),
    /// A `-pgnout` move text.
    MoveText(UnknownMoveText),
    /// A `-scoring` or `-rating` value.
    Report(UnknownName),
    /// The event of `-seeding results=FILE` does not replay.
    Seeding {
        /// The state file.
        path: String,
        /// Why.
        source: ReplayError,
    },
}

impl CliError {
    /// A usage error with this text.
    pub(super) fn usage(text: impl Into<String>) -> CliError {
        CliError::Usage(text.into())
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage(t) => f.write_str(t),
            CliError::Format(e) => e.fmt(f),
            CliError::MoveText(e) => e.fmt(f),
            CliError::Report(e) => e.fmt(f),
            CliError::Seeding { path, source } => write!(f, "-seeding results={path}: {source}"),
            CliError::InEngine { number, source } => write!(f, "engine {number}: {source}"),
            CliError::Clock(e) => e.fmt(f),
            CliError::Engine(e) => e.fmt(f),
            CliError::Openings(e) => e.fmt(f),
            CliError::State(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for CliError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CliError::InEngine { source, .. } => Some(source.as_ref()),
            CliError::Clock(e) => Some(e),
            CliError::Engine(e) => Some(e),
            CliError::Format(e) => Some(e),
            CliError::MoveText(e) => Some(e),
            CliError::Report(e) => Some(e),
            CliError::Seeding { source, .. } => Some(source),
            CliError::Openings(e) => Some(e),
            CliError::State(e) => Some(e),
            _ => None,
        }
    }
}

impl From<ClockError> for CliError {
    fn from(e: ClockError) -> CliError {
        CliError::Clock(e)
    }
}

impl From<EngineError> for CliError {
    fn from(e: EngineError) -> CliError {
        CliError::Engine(e)
    }
}

impl From<OpeningsError> for CliError {
    fn from(e: OpeningsError) -> CliError {
        CliError::Openings(e)
    }
}

impl From<StateError> for CliError {
    fn from(e: StateError) -> CliError {
        CliError::State(e)
    }
}

impl From<UnknownFormat> for CliError {
    fn from(e: UnknownFormat) -> CliError {
        CliError::Format(e)
    }
}

impl From<UnknownMoveText> for CliError {
    fn from(e: UnknownMoveText) -> CliError {
        CliError::MoveText(e)
    }
}

impl From<UnknownName> for CliError {
    fn from(e: UnknownName) -> CliError {
        CliError::Report(e)
    }
}
