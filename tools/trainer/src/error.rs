//! [`TrainerError`]: what can go wrong in the training pipeline, with the file, line
//! or record it concerns. The messages keep the wording the tools have always printed.

use std::fmt;

/// Size of one binary record of the data files ([`crate::nnue::data`]) in bytes.
pub const RECORD_SIZE: usize = 40;

/// Where a malformed input was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A text line (1-based).
    Line(u64),
    /// A binary record (1-based).
    Record(u64),
    /// A game of a game pack (1-based; 0 for the file's header) and the byte offset,
    /// from the start of the file, of the field at fault.
    Pack {
        /// The game, from 1; 0: the header.
        game: u64,
        /// The byte offset in the file.
        byte: u64,
    },
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Place::Line(n) => write!(f, "line {n}"),
            Place::Record(n) => write!(
                f,
                "record {n} (byte {})",
                (n.saturating_sub(1)) * RECORD_SIZE as u64
            ),
            Place::Pack { game: 0, byte } => write!(f, "header (byte {byte})"),
            Place::Pack { game, byte } => write!(f, "game {game} (byte {byte})"),
        }
    }
}

/// Malformed input, or a read error, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataError {
    /// The line or record.
    pub place: Place,
    /// What is wrong.
    pub reason: String,
    /// An input/output error (reading cannot go on) rather than one bad line or record.
    pub io: bool,
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.place, self.reason)
    }
}

impl std::error::Error for DataError {}

/// An error of the trainer's library or of one of its commands.
#[derive(Debug)]
pub enum TrainerError {
    /// A file could not be opened, read, written or renamed.
    Io {
        /// The file (or `from → to` for a rename).
        path: String,
        /// The operating system's error.
        source: std::io::Error,
    },
    /// A malformed line or record of a data file, or a read error inside it.
    Data {
        /// The data file.
        file: String,
        /// The line or record, and what is wrong with it.
        error: DataError,
    },
    /// A malformed line of a tuning file (`<fen> | [<score> |] <result> ...`).
    Line {
        /// The file.
        path: String,
        /// The line number, from 1.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// One line or record that does not parse; the caller adds where it is.
    Malformed(String),
    /// A net file that does not check out (size, magic, version, sizes, hash).
    NetFile(String),
    /// Training options out of range, or nothing to train on.
    Training(String),
    /// A command's arguments that cannot be used (exit status 2).
    Usage(String),
    /// An opening set that cannot be read, or one of its openings (the tourney's
    /// loader says which file, line and move).
    Openings(tourney::openings::OpeningsError),
    /// Anything else the engine or the tourney's libraries report.
    Other(String),
}

impl From<tourney::openings::OpeningsError> for TrainerError {
    fn from(e: tourney::openings::OpeningsError) -> TrainerError {
        TrainerError::Openings(e)
    }
}

impl TrainerError {
    /// An input/output error on `path`.
    pub fn io(path: impl fmt::Display, source: std::io::Error) -> TrainerError {
        TrainerError::Io {
            path: path.to_string(),
            source,
        }
    }

    /// The process exit status for this error: 2 for a usage error, 1 otherwise.
    pub fn exit_code(&self) -> i32 {
        match self {
            TrainerError::Usage(_) => 2,
            _ => 1,
        }
    }
}

impl fmt::Display for TrainerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrainerError::Io { path, source } => write!(f, "{path}: {source}"),
            TrainerError::Data { file, error } => write!(f, "{file}: {error}"),
            TrainerError::Line { path, line, reason } => write!(f, "{path}:{line}: {reason}"),
            TrainerError::Malformed(s)
            | TrainerError::NetFile(s)
            | TrainerError::Training(s)
            | TrainerError::Usage(s)
            | TrainerError::Other(s) => f.write_str(s),
            TrainerError::Openings(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for TrainerError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TrainerError::Io { source, .. } => Some(source),
            TrainerError::Data { error, .. } => Some(error),
            TrainerError::Openings(e) => Some(e),
            _ => None,
        }
    }
}

/// Results of the trainer.
pub type Result<T, E = TrainerError> = std::result::Result<T, E>;
