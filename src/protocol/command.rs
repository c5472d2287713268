//! One input line → one [`Command`], in the grammar that UCI and UCCI share. Parsing
//! never panics; bad input is a [`ProtocolError`] that says what was wrong.
//!
//! Xiangqi GUIs mix the two dialects (UCI-Cyclone sends bare `fen …` lines and
//! `newgame`), so a line is read the same whichever dialect was chosen: the words both
//! dialects have are read here, and the words only one of them has are read by that
//! dialect's file ([`uci`](super::uci), [`ucci`](super::ucci)), whichever was chosen.

use std::fmt;

use super::{ucci, uci, xboard};

pub use super::dialect::Dialect;

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
    /// A CECP command, for the CECP game ([`xboard::Game`]).
    Xboard(xboard::Cecp),
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

/// Parses one line of input.
///
/// # Errors
/// A [`ProtocolError`] for an unknown command or a malformed argument.
pub fn parse(line: &str) -> Result<Command, ProtocolError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&first, rest)) = words.split_first() else {
        return Ok(Command::Nothing);
    };
    if let Some(command) = uci::command(first, rest)? {
        return Ok(command);
    }
    if let Some(command) = ucci::command(first, rest)? {
        return Ok(command);
    }
    Ok(match first {
        "isready" => Command::IsReady,
        // CECP's hello word picks that dialect, whose lines are then read apart.
        "xboard" => Command::Hello(Dialect::Xboard),
        "setoption" if rest.first() == Some(&"name") => uci::setoption(&rest[1..])?,
        "setoption" => ucci::setoption(rest)?,
        "position" => parse_position(rest)?,
        // UCI-Cyclone's bare position lines.
        "fen" | "startpos" => parse_position(&words)?,
        "go" => parse_go(rest)?,
        // UCCI adds `ponderhit draw`.
        "ponderhit" => Command::PonderHit {
            draw: rest.first() == Some(&"draw"),
        },
        "stop" => Command::Stop,
        "d" => Command::Display,
        "eval" => Command::Eval,
        "bench" => Command::Bench(match rest.first() {
            Some(d) => Some(number::<i32>(d, "bench depth")?.clamp(1, 64)),
            None => None,
        }),
        "quit" => Command::Quit,
        other => return Err(ProtocolError::Unknown(truncated(other))),
    })
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

/// The parameters both dialects have, then each dialect's own.
const GO_READERS: [GoReader; 3] = [go_word, uci::go_word, ucci::go_word];

fn parse_go(words: &[&str]) -> Result<Command, ProtocolError> {
    if words.first() == Some(&"perft") {
        let mut warnings = Vec::new();
        let max = crate::board::perft::MAX_DEPTH;
        let depth: u32 = count_value(words.get(1), "perft depth", max, &mut warnings)?;
        if !warnings.is_empty() || depth > max {
            return Err(ProtocolError::BadNumber {
                what: "perft depth".into(),
                found: truncated(words[1]),
            });
        }
        return Ok(Command::Perft(depth));
    }
    let mut go = Go::default();
    let mut i = 0;
    'words: while i < words.len() {
        let (word, after) = (words[i], &words[i + 1..]);
        for read in GO_READERS {
            match read(word, after, &mut go) {
                Ok(Some(taken)) => {
                    i += taken;
                    continue 'words;
                }
                Ok(None) => {}
                // A malformed value: the field is ignored (with a warning) and the search
                // still runs, so that a GUI waiting for its `bestmove` does not hang. The
                // value is skipped unless it is the next parameter's name.
                Err(error) => {
                    go.warnings.push(format!("{error}; {word} ignored"));
                    go.ignored = true;
                    let value_given = after.first().is_some_and(|next| !is_go_word(next));
                    i += 1 + usize::from(value_given);
                    continue 'words;
                }
            }
        }
        return Err(ProtocolError::UnknownGoToken(truncated(word)));
    }
    Ok(Command::Go(go))
}

/// Whether `word` names a `go` parameter of either dialect.
fn is_go_word(word: &str) -> bool {
    GO_READERS
        .iter()
        .any(|read| !matches!(read(word, &["0"], &mut Go::default()), Ok(None)))
}

/// The `go` parameters both dialects have (a [`GoReader`]).
fn go_word(word: &str, after: &[&str], go: &mut Go) -> Result<Option<usize>, ProtocolError> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_basic_commands() {
        assert_eq!(parse("ucci"), Ok(Command::Hello(Dialect::Ucci)));
        assert_eq!(parse("  uci  "), Ok(Command::Hello(Dialect::Uci)));
        assert_eq!(parse("xboard"), Ok(Command::Hello(Dialect::Xboard)));
        assert_eq!(parse(""), Ok(Command::Nothing));
        assert_eq!(parse("go perft 3"), Ok(Command::Perft(3)));
        assert!(parse("go perft x").is_err());
        assert!(parse("go perft -1").is_err());
        assert!(parse("go perft").is_err());
        assert!(parse("xyzzy").is_err());
        assert_eq!(
            parse("position startpos moves h2e2 h9g7"),
            Ok(Command::Position {
                source: PositionSource::Startpos,
                moves: vec!["h2e2".into(), "h9g7".into()]
            })
        );
        assert_eq!(
            parse("fen 9/9/9/9/9/9/9/9/9/9 w - - 0 1 moves a0a1"),
            Ok(Command::Position {
                source: PositionSource::Fen("9/9/9/9/9/9/9/9/9/9 w - - 0 1".into()),
                moves: vec!["a0a1".into()]
            })
        );
        assert!(parse("position").is_err());
        assert!(parse("position fen").is_err());
    }

    #[test]
    fn setoption_in_both_syntaxes() {
        assert_eq!(
            parse("setoption name Move Overhead value 100"),
            Ok(Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("100".into())
            })
        );
        assert_eq!(
            parse("setoption name Clear Hash"),
            Ok(Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            })
        );
        assert_eq!(
            parse("setoption hashsize 64"),
            Ok(Command::SetOption {
                name: "hashsize".into(),
                value: Some("64".into())
            })
        );
        assert_eq!(
            parse("setoption newgame"),
            Ok(Command::SetOption {
                name: "newgame".into(),
                value: None
            })
        );
        assert!(parse("setoption").is_err());
    }

    #[test]
    fn go_in_every_mode() {
        let Ok(Command::Go(g)) = parse("go wtime 1000 btime 2000 winc 10 binc 20 movestogo 5")
        else {
            panic!()
        };
        assert_eq!(
            (g.wtime, g.btime, g.winc, g.binc, g.movestogo),
            (Some(1000.0), Some(2000.0), Some(10.0), Some(20.0), Some(5))
        );
        let Ok(Command::Go(g)) = parse("go ponder time 300 increment 2 opptime 250 oppincrement 2")
        else {
            panic!()
        };
        assert!(g.ponder);
        assert_eq!(
            (g.time, g.increment, g.opptime),
            (Some(300.0), Some(2.0), Some(250.0))
        );
        let Ok(Command::Go(g)) = parse("go draw depth infinite") else {
            panic!()
        };
        assert!(g.draw && g.infinite);
        let Ok(Command::Go(g)) =
            parse("go depth 5 nodes 1000 mate 3 movetime 500 searchmoves h2e2 b2e2")
        else {
            panic!()
        };
        assert_eq!(
            (g.depth, g.nodes, g.mate, g.movetime),
            (Some(5), Some(1000), Some(3), Some(500.0))
        );
        assert_eq!(g.searchmoves, vec!["h2e2".to_string(), "b2e2".to_string()]);
        let Ok(Command::Go(g)) = parse("go wtime -5 nodes 99999999999999999999999") else {
            panic!()
        };
        assert_eq!((g.wtime, g.nodes), (Some(0.0), Some(u64::MAX)));
        assert_eq!(g.warnings.len(), 2);
        // Malformed values are ignored with a warning; the rest of the line stands.
        let Ok(Command::Go(g)) = parse("go wtime abc btime 5000 winc") else {
            panic!()
        };
        assert_eq!((g.wtime, g.btime, g.winc), (None, Some(5000.0), None));
        assert_eq!(g.warnings.len(), 2, "{:?}", g.warnings);
        assert!(g.warnings[0].contains("'abc'"), "{:?}", g.warnings);
        let Ok(Command::Go(g)) = parse("go time movestogo 10 depth x3") else {
            panic!()
        };
        assert_eq!((g.time, g.movestogo, g.depth), (None, Some(10), None));
        assert_eq!(g.warnings.len(), 2, "{:?}", g.warnings);
        let Ok(Command::Go(g)) = parse("go movetime inf") else {
            panic!()
        };
        assert_eq!((g.movetime, g.warnings.len()), (None, 1));
        assert!(parse("go sideways").is_err());
        assert_eq!(
            parse("ponderhit draw"),
            Ok(Command::PonderHit { draw: true })
        );
        assert_eq!(
            parse("banmoves h2e2 b2e2"),
            Ok(Command::BanMoves(vec!["h2e2".into(), "b2e2".into()]))
        );
    }
}
