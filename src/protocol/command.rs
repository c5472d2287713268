//! The grammar's ground floor: what an input line can ask ([`Command`], with `go`'s
//! arguments in [`Go`] and CECP's commands in [`Cecp`]), what can be wrong with it
//! ([`ProtocolError`]), and the readers of values and words that the dialects share.
//! Nothing here reads a whole line: that is each dialect's file ([`uci`](super::uci),
//! [`ucci`](super::ucci), [`xboard`](super::xboard)) and, over them,
//! [`dispatch`](super::dispatch). Reading never panics; bad input is a
//! [`ProtocolError`] that says what was wrong.

use std::fmt;

use super::cecp::Cecp;

/// The protocol dialect.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dialect {
    Ucci,
    Uci,
    /// CECP, the XBoard/WinBoard protocol.
    Xboard,
}

/// Where a position comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionSource {
    Startpos,
    Fen(String),
}

/// The arguments of `go` (times in the units the GUI sent).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Go {
    pub ponder: bool,
    /// UCCI `go draw`: the opponent offers a draw.
    pub draw: bool,
    pub infinite: bool,
    pub depth: Option<i32>,
    pub nodes: Option<u64>,
    pub mate: Option<u32>,
    pub movetime: Option<f64>,
    pub wtime: Option<f64>,
    pub btime: Option<f64>,
    pub winc: Option<f64>,
    pub binc: Option<f64>,
    pub movestogo: Option<u32>,
    /// UCCI: own clock, increment, moves to go; opponent's clock.
    pub time: Option<f64>,
    pub increment: Option<f64>,
    pub opptime: Option<f64>,
    pub searchmoves: Vec<String>,
    /// Numbers that were out of range and were clamped, and malformed values that
    /// were ignored (reported, not fatal).
    pub warnings: Vec<String>,
    /// Some parameter's value was malformed and ignored.
    pub ignored: bool,
}

/// A parsed input line.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Hello(Dialect),
    IsReady,
    NewGame,
    SetOption {
        name: String,
        value: Option<String>,
    },
    Position {
        source: PositionSource,
        moves: Vec<String>,
    },
    BanMoves(Vec<String>),
    Go(Go),
    Perft(u32),
    PonderHit {
        draw: bool,
    },
    Stop,
    Probe {
        source: PositionSource,
        moves: Vec<String>,
    },
    Display,
    Eval,
    Bench(Option<i32>),
    Quit,
    Nothing,
    /// A CECP command, for the CECP game ([`Game`](super::game::Game)).
    Xboard(Cecp),
}

/// What is wrong with an input line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProtocolError {
    Unknown(String),
    MissingValue(&'static str),
    BadNumber {
        what: String,
        found: String,
    },
    UnknownGoToken(String),
    /// A line longer than the engine reads (`bytes` long; the cap is `max`): dropped
    /// unread.
    TooLong {
        bytes: u64,
        max: usize,
    },
}

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProtocolError::Unknown(word) => write!(f, "unknown command '{word}'"),
            ProtocolError::MissingValue(what) => write!(f, "missing value for {what}"),
            ProtocolError::BadNumber { what, found } => {
                write!(f, "{what} '{found}' is not a valid number")
            }
            ProtocolError::UnknownGoToken(t) => write!(f, "unknown go parameter '{t}'"),
            ProtocolError::TooLong { bytes, max } => write!(
                f,
                "line of {bytes} bytes is longer than the {} a line may have; ignored whole",
                crate::input::size(*max as u64)
            ),
        }
    }
}

impl std::error::Error for ProtocolError {}

/// At most 40 characters of a word, for error messages.
pub(super) fn truncated(word: &str) -> String {
    word.chars().take(40).collect()
}

pub(super) fn number<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, ProtocolError> {
    text.parse::<T>().map_err(|_| ProtocolError::BadNumber {
        what: what.to_string(),
        found: truncated(text),
    })
}

/// `startpos|fen <FEN> [moves …]` (the words after `position`, or a whole bare line).
pub(super) fn parse_position(words: &[&str]) -> Result<Command, ProtocolError> {
    let moves_at = words.iter().position(|&w| w == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (
            &words[..i],
            words[i + 1..].iter().map(|s| s.to_string()).collect(),
        ),
        None => (words, Vec::new()),
    };
    let source = match head.first() {
        Some(&"startpos") => PositionSource::Startpos,
        Some(&"fen") if head.len() > 1 => PositionSource::Fen(head[1..].join(" ")),
        Some(&"fen") => return Err(ProtocolError::MissingValue("fen")),
        _ => return Err(ProtocolError::MissingValue("position (startpos or fen)")),
    };
    Ok(Command::Position { source, moves })
}

/// A non-negative time or count; negative values are clamped to 0 and reported.
pub(super) fn time_value(
    text: Option<&&str>,
    what: &'static str,
    warnings: &mut Vec<String>,
) -> Result<f64, ProtocolError> {
    let text = text.ok_or(ProtocolError::MissingValue(what))?;
    let v: f64 = number(text, what)?;
    if !v.is_finite() {
        return Err(ProtocolError::BadNumber {
            what: what.to_string(),
            found: truncated(text),
        });
    }
    if v < 0.0 {
        warnings.push(format!("{what} {v} is negative; using 0"));
        return Ok(0.0);
    }
    Ok(v.min(1e12))
}

/// A count up to `max`; negative values are 0 and larger ones `max`, reported.
pub(super) fn count_value<T: TryFrom<u64> + Copy>(
    text: Option<&&str>,
    what: &'static str,
    max: T,
    warnings: &mut Vec<String>,
) -> Result<T, ProtocolError> {
    let text = text.ok_or(ProtocolError::MissingValue(what))?;
    if let Ok(v) = text.parse::<u64>() {
        return Ok(T::try_from(v).unwrap_or_else(|_| {
            warnings.push(format!("{what} {v} is too large; using the maximum"));
            max
        }));
    }
    match text.parse::<i128>() {
        Ok(v) if v < 0 => {
            warnings.push(format!("{what} {v} is negative; using 0"));
            T::try_from(0).map_err(|_| ProtocolError::BadNumber {
                what: what.to_string(),
                found: truncated(text),
            })
        }
        Ok(_) => {
            warnings.push(format!(
                "{what} {} is too large; using the maximum",
                truncated(text)
            ));
            Ok(max)
        }
        Err(_) if text.chars().all(|c| c.is_ascii_digit()) && !text.is_empty() => {
            warnings.push(format!(
                "{what} {} is too large; using the maximum",
                truncated(text)
            ));
            Ok(max)
        }
        Err(_) => Err(ProtocolError::BadNumber {
            what: what.to_string(),
            found: truncated(text),
        }),
    }
}

/// Reads one `go` parameter, its value the first of the words after it, into the
/// [`Go`]: how many words it took (its name included), or `None` when the word is not
/// one of the reader's parameters.
pub(super) type GoReader = fn(&str, &[&str], &mut Go) -> Result<Option<usize>, ProtocolError>;

/// The `go` parameters both dialects have (a [`GoReader`]).
pub(super) fn go_word(
    word: &str,
    after: &[&str],
    go: &mut Go,
) -> Result<Option<usize>, ProtocolError> {
    let value = after.first();
    match word {
        "ponder" => {
            go.ponder = true;
            return Ok(Some(1));
        }
        // UCCI's `depth infinite` is UCI's `infinite`.
        "depth" if value == Some(&"infinite") => go.infinite = true,
        "depth" => {
            let depth = count_value::<u32>(value, "depth", 1_000, &mut go.warnings)?;
            go.depth = Some(depth.min(1_000) as i32);
        }
        "nodes" => go.nodes = Some(count_value(value, "nodes", u64::MAX, &mut go.warnings)?),
        "movestogo" => {
            go.movestogo = Some(count_value(value, "movestogo", u32::MAX, &mut go.warnings)?);
        }
        _ => return Ok(None),
    }
    Ok(Some(2))
}
