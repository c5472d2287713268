//! The top of the grammar: one input line of the chosen dialect → one [`Command`]
//! ([`read`]), and the [`Speaker`] that words the core's reports in it ([`speaker`]).
//!
//! Xiangqi GUIs mix UCI and UCCI (UCI-Cyclone sends bare `fen …` lines and
//! `newgame`), so a line of either is read the same whichever of the two was chosen
//! ([`parse`]): the words both dialects have are read here, with the readers of
//! [`command`](super::command), and the words only one of them has by that dialect's
//! file ([`uci`], [`ucci`]). CECP's lines are read apart
//! ([`xboard::parse`]).

use super::command::{
    count_value, go_word, number, parse_position, truncated, Command, Dialect, Go, GoReader,
    ProtocolError,
};
use super::dialect::Speaker;
use super::{ucci, uci, xboard};

/// How `dialect` words the core's reports.
pub fn speaker(dialect: Dialect) -> &'static dyn Speaker {
    match dialect {
        Dialect::Uci => &uci::Uci,
        Dialect::Ucci => &ucci::Ucci,
        Dialect::Xboard => &xboard::Xboard,
    }
}

/// Reads one input line of `dialect`.
///
/// # Errors
/// A [`ProtocolError`] for an unknown command or a malformed argument.
pub fn read(dialect: Dialect, line: &str) -> Result<Command, ProtocolError> {
    match dialect {
        Dialect::Uci | Dialect::Ucci => parse(line),
        Dialect::Xboard => xboard::parse(line),
    }
}

/// Reads one line of UCI or UCCI (the grammar the two share, each one's own words
/// included).
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;
    use crate::protocol::command::PositionSource;
    use crate::protocol::limits::{limits_for, TimeUnit, MALFORMED_GO_TIME};

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

    /// The `go` of a line, as the core would get it.
    fn go(text: &str) -> Go {
        match parse(text) {
            Ok(Command::Go(go)) => go,
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn a_go_whose_limits_were_all_malformed_searches_briefly() {
        let red = |text: &str| limits_for(&go(text), Color::Red, TimeUnit::Milliseconds);
        assert_eq!(
            red("go wtime abc btime abc").move_time,
            Some(MALFORMED_GO_TIME)
        );
        // The other limits stand: Red's clock, a depth, or no limit asked at all.
        let l = red("go wtime 5000 btime abc");
        assert_eq!(
            (l.time, l.move_time),
            (Some(std::time::Duration::from_millis(5000)), None)
        );
        assert_eq!(red("go wtime abc depth 3").move_time, None);
        assert_eq!(red("go").move_time, None);
        assert!(red("go infinite winc x").move_time.is_none());
    }

    #[test]
    fn mate_caps_the_depth_and_saturates() {
        let mate = |text: &str| limits_for(&go(text), Color::Red, TimeUnit::Milliseconds);
        assert_eq!(mate("go mate 3").depth, Some(7));
        assert_eq!(mate("go mate 3").mate, Some(3));
        assert_eq!(mate("go mate 3 depth 4").depth, Some(4));
        assert_eq!(mate("go depth 20 mate 3").depth, Some(7));
        assert_eq!(mate("go mate 0").depth, Some(1));
        let huge = Go {
            mate: Some(u32::MAX),
            ..Go::default()
        };
        let limits = limits_for(&huge, Color::Red, TimeUnit::Milliseconds);
        assert_eq!(
            (limits.depth, limits.mate),
            (Some(i32::MAX), Some(u32::MAX))
        );
        let half = Go {
            mate: Some(i32::MAX as u32 / 2 + 1),
            ..Go::default()
        };
        assert_eq!(
            limits_for(&half, Color::Red, TimeUnit::Milliseconds).depth,
            Some(i32::MAX)
        );
    }
}
