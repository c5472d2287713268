//! Bounded input: how much Chariot reads of anything that comes from outside. The
//! engine's protocol loop and every tool read through here, so that no input — an
//! endless line, `/dev/zero` named as a file, a thread count in the millions — can make
//! a program act on part of what it was sent or take memory without bound.
//!
//! * [`read_line`]: one line of at most a given length; a longer line is read to its
//!   end and given back as [`Line::TooLong`] (its first bytes and its length), never
//!   as a line to act on.
//! * [`read_file`]: a whole file of at most a given size; a larger one (or an endless
//!   one) is refused with an error naming the file and the cap, after reading no more
//!   than one byte past the cap.
//! * [`clamp_threads`]: a thread count from a command line, clamped to the engine's
//!   maximum with a warning.
//!
//! The caps are documented in `docs/cli.md` ("Input limits"). This module imports nothing of the
//! crate: it is the floor every reader stands on.

use std::fmt;
use std::io::{self, BufRead, Read};
use std::path::Path;

/// The longest protocol line (UCI, UCCI, CECP) the engine reads: 1 MiB, room for a
/// `position … moves …` line of about 200,000 moves.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// How many bytes of an overlong line [`Line::TooLong`] keeps, to name the command.
pub const HEAD_BYTES: usize = 64;

/// A mebibyte.
pub const MIB: u64 = 1 << 20;

/// The largest game file (PGN, XQF) the tools read: `chariot pgn`, `chariot book
/// build`, `tourney -openings file.pgn` and the tourney's PGN output when it resumes.
pub const GAME_FILE_BYTES: u64 = 256 * MIB;

/// The largest text list of positions read whole (EPD/FEN openings, SPSA parameter
/// files, the tuner's position lists are read line by line elsewhere).
pub const TEXT_FILE_BYTES: u64 = 256 * MIB;

/// The largest tourney state file (`-resume`): a line per game, so room for millions.
pub const STATE_FILE_BYTES: u64 = 1024 * MIB;

/// One line read by [`read_line`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A whole line, without its end (`\n`, `\r\n`, or none at the end of input).
    Whole(Vec<u8>),
    /// A line longer than the cap, read to its end and dropped: its first
    /// [`HEAD_BYTES`] bytes (to say which command it was) and its length in bytes.
    TooLong { head: Vec<u8>, bytes: u64 },
    /// The end of the input.
    End,
}

/// Reads one line of at most `max` bytes (its end not counted). A longer line is
/// consumed to its end (however long) and returned as [`Line::TooLong`]: the caller
/// never sees part of it as a line. The memory used is at most `max` bytes more than
/// the reader's own buffer.
///
/// # Errors
/// When reading fails (an interrupted read is retried).
pub fn read_line(input: &mut impl BufRead, max: usize) -> io::Result<Line> {
    // One byte more than the cap is held: a `\r` before the `\n`, which is no part of
    // the line.
    let limit = max.saturating_add(1);
    let mut line = Vec::new();
    let mut bytes: u64 = 0;
    let mut over = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            if bytes == 0 {
                return Ok(Line::End);
            }
            return Ok(finish(line, bytes, over, max));
        }
        let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i, true),
            None => (chunk.len(), false),
        };
        bytes += take as u64;
        if !over {
            let room = limit.saturating_sub(line.len());
            if take > room {
                over = true;
                // Keep only the head; the rest is counted, not stored.
                line.extend_from_slice(&chunk[..room.min(HEAD_BYTES)]);
                line.truncate(HEAD_BYTES);
                line.shrink_to_fit();
            } else {
                line.extend_from_slice(&chunk[..take]);
            }
        }
        input.consume(take + usize::from(done));
        if done {
            if !over && line.last() == Some(&b'\r') {
                line.pop();
                bytes -= 1;
            }
            return Ok(finish(line, bytes, over, max));
        }
    }
}

fn finish(mut line: Vec<u8>, bytes: u64, over: bool, max: usize) -> Line {
    if over || line.len() > max {
        line.truncate(HEAD_BYTES);
        Line::TooLong { head: line, bytes }
    } else {
        Line::Whole(line)
    }
}

/// Why a file was not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileError {
    /// It could not be opened or read.
    Unreadable { path: String, reason: String },
    /// It holds more than `cap` bytes (an endless file such as `/dev/zero` too).
    TooLarge { path: String, cap: u64 },
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::Unreadable { path, reason } => write!(f, "cannot read '{path}': {reason}"),
            FileError::TooLarge { path, cap } => write!(
                f,
                "'{path}' is larger than {}, the most this file may hold; not read",
                size(*cap)
            ),
        }
    }
}

impl std::error::Error for FileError {}

/// `bytes` in the largest unit that divides it (`256 MiB`, `1 GiB`, `4096 bytes`).
pub fn size(bytes: u64) -> String {
    if bytes >= 1 << 30 && bytes % (1 << 30) == 0 {
        format!("{} GiB", bytes >> 30)
    } else if bytes >= MIB && bytes % MIB == 0 {
        format!("{} MiB", bytes / MIB)
    } else {
        format!("{bytes} bytes")
    }
}

/// Reads the whole file at `path`, refusing one of more than `cap` bytes. A regular
/// file whose size is over the cap is refused before it is read; anything else (a
/// pipe, a device) is read up to one byte past the cap and refused there.
///
/// # Errors
/// [`FileError::Unreadable`] or [`FileError::TooLarge`], naming the file.
pub fn read_file(path: &Path, cap: u64) -> Result<Vec<u8>, FileError> {
    let shown = || path.display().to_string();
    let unreadable = |e: io::Error| FileError::Unreadable {
        path: shown(),
        reason: e.to_string(),
    };
    let too_large = || FileError::TooLarge { path: shown(), cap };
    let file = std::fs::File::open(path).map_err(unreadable)?;
    let hint = match file.metadata() {
        Ok(meta) if meta.is_file() => {
            if meta.len() > cap {
                return Err(too_large());
            }
            meta.len()
        }
        Ok(meta) if meta.is_dir() => {
            return Err(FileError::Unreadable {
                path: shown(),
                reason: "it is a directory".to_string(),
            })
        }
        _ => 0,
    };
    let start = usize::try_from(hint.min(cap).saturating_add(1)).unwrap_or(usize::MAX);
    let mut bytes = Vec::with_capacity(start.min(64 << 20));
    file.take(cap.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(unreadable)?;
    if bytes.len() as u64 > cap {
        return Err(too_large());
    }
    Ok(bytes)
}

/// [`read_file`] as UTF-8 text (invalid sequences replaced, as the readers of text
/// files here have always done).
///
/// # Errors
/// As [`read_file`].
pub fn read_text(path: &Path, cap: u64) -> Result<String, FileError> {
    let bytes = read_file(path, cap)?;
    Ok(match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    })
}

/// The environment variable that overrides [`search_thread_cap`].
pub const THREAD_CAP_VAR: &str = "CHARIOT_MAX_THREADS";

/// The most threads a search runs with here: the hardware threads the system lets this
/// process use (its CPU affinity and cgroup quota count), at most `max`. More only
/// time-share the cores: every thread must be scheduled to see a search's stop, so with
/// 256 threads on two cores `go movetime 50` answered after 0.3–0.9 s, and each thread
/// keeps its own move statistics (about 4 MB). [`THREAD_CAP_VAR`] (a count from 1 to
/// `max`) sets another cap, for a machine whose count the system misreports or a test
/// that needs more threads than the machine has; a value that is no such count is
/// ignored.
pub fn search_thread_cap(max: usize) -> usize {
    let max = max.max(1);
    let set = std::env::var(THREAD_CAP_VAR)
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .filter(|&n| (1..=max).contains(&n));
    set.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map_or(1, std::num::NonZeroUsize::get)
            .min(max)
    })
}

/// A thread count given on a command line, at least 1 and at most `max`; with the
/// warning to print when it was changed (`what`: the flag's name).
pub fn clamp_threads(requested: usize, max: usize, what: &str) -> (usize, Option<String>) {
    if requested > max {
        (
            max,
            Some(format!(
                "warning: {what} {requested} is more than the most, {max}; using {max}"
            )),
        )
    } else if requested == 0 {
        (1, Some(format!("warning: {what} 0; using 1")))
    } else {
        (requested, None)
    }
}

/// [`clamp_threads`] for a command-line program: the warning, if any, goes to standard
/// error. `requested` is the flag's value as read (any width).
pub fn cli_threads(requested: u64, max: usize, what: &str) -> usize {
    let requested = usize::try_from(requested).unwrap_or(usize::MAX);
    let (threads, warning) = clamp_threads(requested, max, what);
    if let Some(warning) = warning {
        eprintln!("{warning}");
    }
    threads
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max: usize) -> Vec<Line> {
        // A small buffer, so that lines cross the reader's chunks.
        let mut reader = io::BufReader::with_capacity(3, input);
        let mut out = Vec::new();
        loop {
            let line = read_line(&mut reader, max).unwrap();
            let end = line == Line::End;
            out.push(line);
            if end {
                return out;
            }
        }
    }

    fn whole(text: &str) -> Line {
        Line::Whole(text.as_bytes().to_vec())
    }

    #[test]
    fn lines_are_read_whole_up_to_the_cap_and_refused_past_it() {
        assert_eq!(
            lines(b"uci\r\nisready\n\nlast", 7),
            [
                whole("uci"),
                whole("isready"),
                whole(""),
                whole("last"),
                Line::End
            ]
        );
        // Eight bytes with a cap of seven: refused, with its head (its start, at most
        // HEAD_BYTES) and length; the next line is read as it is.
        let long = lines(b"position\nquit\n", 7);
        assert_eq!(
            long,
            [
                Line::TooLong {
                    head: b"position".to_vec(),
                    bytes: 8
                },
                whole("quit"),
                Line::End
            ]
        );
        // Exactly the cap is a line.
        assert_eq!(lines(b"1234567\n", 7), [whole("1234567"), Line::End]);
        // A `\r` before the end does not count against the cap.
        assert_eq!(lines(b"1234567\r\n", 7), [whole("1234567"), Line::End]);
        // An overlong last line without an end: its head is its start.
        let long = lines(&[b'x'; 1000], 10);
        assert_eq!(long.len(), 2);
        match &long[0] {
            Line::TooLong { head, bytes } => {
                assert_eq!(*bytes, 1000);
                assert!(head.len() >= 10 && head.len() <= HEAD_BYTES, "{head:?}");
                assert!(head.iter().all(|&b| b == b'x'));
            }
            other => panic!("{other:?}"),
        }
        // The head keeps at most HEAD_BYTES.
        let text = vec![b'y'; 5000];
        match &lines(&text, 4000)[0] {
            Line::TooLong { head, bytes } => {
                assert_eq!((head.len(), *bytes), (HEAD_BYTES, 5000));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn files_over_their_cap_are_refused_with_the_name_and_the_cap() {
        let dir = std::env::temp_dir().join(format!("chariot-input-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("ten.txt");
        std::fs::write(&path, b"0123456789").unwrap();
        assert_eq!(read_file(&path, 10).unwrap(), b"0123456789");
        let error = read_file(&path, 9).unwrap_err();
        assert_eq!(
            error,
            FileError::TooLarge {
                path: path.display().to_string(),
                cap: 9
            }
        );
        assert!(error.to_string().contains("ten.txt") && error.to_string().contains("9 bytes"));
        let missing = read_file(&dir.join("none"), 10).unwrap_err();
        assert!(matches!(missing, FileError::Unreadable { .. }), "{missing}");
        assert!(matches!(
            read_file(&dir, 10),
            Err(FileError::Unreadable { .. })
        ));
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(size(256 * MIB), "256 MiB");
        assert_eq!(size(1 << 30), "1 GiB");
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn an_endless_device_is_refused_past_its_cap() {
        // /dev/zero is on every Linux system; its absence is a broken system, a failure.
        let error = read_file(Path::new("/dev/zero"), 1 << 20).unwrap_err();
        assert!(matches!(error, FileError::TooLarge { cap, .. } if cap == 1 << 20));
    }

    #[test]
    fn thread_counts_are_clamped_with_a_warning() {
        assert_eq!(clamp_threads(4, 256, "--threads"), (4, None));
        let (n, warning) = clamp_threads(20_000, 256, "--threads");
        assert_eq!(n, 256);
        assert!(warning.unwrap().contains("20000"));
        assert_eq!(clamp_threads(0, 256, "--threads").0, 1);
    }
}
