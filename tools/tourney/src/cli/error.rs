//! The command line's error.

use std::fmt;

use crate::clock::ClockError;
use crate::event::resume::StateError;
use crate::openings::OpeningsError;

/// Why a command line was refused. Its text is what `tourney` prints after `tourney: `.
#[derive(Debug)]
pub enum CliError {
    /// A flag, value or combination the command line does not allow.
    Usage(String),
    /// A setting of engine `number` (from 1) was refused.
    Engine {
        /// The engine's place on the command line, from 1.
        number: usize,
        /// Why.
        source: Box<CliError>,
    },
    /// A time control.
    Clock(ClockError),
    /// The openings.
    Openings(OpeningsError),
    /// A state file (`-resume`, `-seeding results=`).
    State(StateError),
    /// A setting another part of the manager refused (an openings file, a state
    /// file, a protocol name…), with that part's message.
    Setting(String),
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
            CliError::Usage(t) | CliError::Setting(t) => f.write_str(t),
            CliError::Engine { number, source } => write!(f, "engine {number}: {source}"),
            CliError::Clock(e) => e.fmt(f),
            CliError::Openings(e) => e.fmt(f),
            CliError::State(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for CliError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CliError::Engine { source, .. } => Some(source.as_ref()),
            CliError::Clock(e) => Some(e),
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

impl From<String> for CliError {
    fn from(text: String) -> CliError {
        CliError::Setting(text)
    }
}
