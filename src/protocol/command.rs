//! One input line → one [`Command`]. Parsing never panics; bad input is a
//! [`ProtocolError`] that says what was wrong.

use std::fmt;

/// The protocol dialect.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dialect {
    Ucci,
    Uci,
}

/// Where the position comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionSource {
    Startpos,
    Fen(String),
}

/// A parsed input line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `ucci` / `uci`: the handshake.
    Hello(Dialect),
    IsReady,
    /// `ucinewgame` / `newgame` / `uccinewgame`.
    NewGame,
    /// `setoption …` (stored text; options arrive with the search).
    SetOption(String),
    /// `position startpos|fen … [moves …]`, also without the `position` keyword.
    Position {
        source: PositionSource,
        moves: Vec<String>,
    },
    /// `go perft <depth>`.
    Perft(u32),
    /// `go …` other than perft.
    Go(String),
    Stop,
    /// `d`: print the board, FEN and key.
    Display,
    Quit,
    /// An empty line.
    Nothing,
}

/// What is wrong with an input line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProtocolError {
    Unknown(String),
    MissingValue(&'static str),
    BadNumber { what: &'static str, found: String },
}

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProtocolError::Unknown(word) => write!(f, "unknown command '{word}'"),
            ProtocolError::MissingValue(what) => write!(f, "missing value for {what}"),
            ProtocolError::BadNumber { what, found } => {
                write!(f, "{what} '{found}' is not a valid number")
            }
        }
    }
}

impl std::error::Error for ProtocolError {}

/// Parses one line of input.
///
/// # Errors
/// A [`ProtocolError`] for an unknown command or a malformed argument.
pub fn parse(line: &str) -> Result<Command, ProtocolError> {
    let mut words = line.split_whitespace();
    let Some(first) = words.next() else {
        return Ok(Command::Nothing);
    };
    let rest: Vec<&str> = words.collect();
    Ok(match first {
        "ucci" => Command::Hello(Dialect::Ucci),
        "uci" => Command::Hello(Dialect::Uci),
        "isready" => Command::IsReady,
        "ucinewgame" | "newgame" | "uccinewgame" => Command::NewGame,
        "setoption" => Command::SetOption(rest.join(" ")),
        "position" => parse_position(&rest)?,
        "fen" | "startpos" => parse_position(&[&[first][..], &rest].concat())?,
        "go" => parse_go(&rest)?,
        "stop" => Command::Stop,
        "d" => Command::Display,
        "quit" => Command::Quit,
        other => return Err(ProtocolError::Unknown(truncated(other))),
    })
}

/// At most 40 characters of a word, for error messages.
fn truncated(word: &str) -> String {
    word.chars().take(40).collect()
}

fn parse_position(words: &[&str]) -> Result<Command, ProtocolError> {
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

fn parse_go(words: &[&str]) -> Result<Command, ProtocolError> {
    if words.first() == Some(&"perft") {
        let text = words
            .get(1)
            .ok_or(ProtocolError::MissingValue("perft depth"))?;
        let depth = text
            .parse::<u32>()
            .ok()
            .filter(|&d| d <= 64)
            .ok_or_else(|| ProtocolError::BadNumber {
                what: "perft depth",
                found: truncated(text),
            })?;
        return Ok(Command::Perft(depth));
    }
    Ok(Command::Go(words.join(" ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_basic_commands() {
        assert_eq!(parse("ucci"), Ok(Command::Hello(Dialect::Ucci)));
        assert_eq!(parse("  uci  "), Ok(Command::Hello(Dialect::Uci)));
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
}
