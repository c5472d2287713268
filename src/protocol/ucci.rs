//! UCCI: the words only UCCI has (`ucci`, `newgame`, `setoption <name> <value>`,
//! `banmoves`, `probe`, `bye`, `go draw` and the clock words `time`, `increment`,
//! `opptime`), and how UCCI words the engine's reports (`info message`, plain scores,
//! `bestmove … draw|resign`, `nobestmove`, `pophash`, `bye`, `option <name> …` lines).

use super::command::{parse_position, time_value, Command, Dialect, Go, ProtocolError};
use super::dialect::{HashEntry, Offer, Report, Speaker, ENGINE_NAME};
use super::limits::TimeUnit;
use super::options::{OptionType, Spec};
use crate::board::Move;
use crate::search::{Bound, Info};

/// The UCCI dialect.
pub struct Ucci;

/// The commands only UCCI has (`setoption <name> …` is read by [`setoption`]).
pub(super) fn command(first: &str, rest: &[&str]) -> Result<Option<Command>, ProtocolError> {
    Ok(Some(match first {
        "ucci" => Command::Hello(Dialect::Ucci),
        "newgame" | "uccinewgame" => Command::NewGame,
        "banmoves" => Command::BanMoves(rest.iter().map(|s| s.to_string()).collect()),
        "probe" => match parse_position(rest)? {
            Command::Position { source, moves } => Command::Probe { source, moves },
            _ => return Err(ProtocolError::MissingValue("probe position")),
        },
        "bye" => Command::Quit,
        _ => return Ok(None),
    }))
}

/// `setoption <name> [<value>]`: the words after `setoption`.
pub(super) fn setoption(words: &[&str]) -> Result<Command, ProtocolError> {
    let name = words
        .first()
        .ok_or(ProtocolError::MissingValue("option name"))?;
    let value = if words.len() > 1 {
        Some(words[1..].join(" "))
    } else {
        None
    };
    Ok(Command::SetOption {
        name: name.to_string(),
        value,
    })
}

/// The `go` parameters only UCCI has (a [`GoReader`](super::command::GoReader)): `draw`, and the
/// clock words. The opponent's increment and moves to go are read and not used.
pub(super) fn go_word(
    word: &str,
    after: &[&str],
    go: &mut Go,
) -> Result<Option<usize>, ProtocolError> {
    let value = after.first();
    let warnings = &mut go.warnings;
    match word {
        "draw" => {
            go.draw = true;
            return Ok(Some(1));
        }
        "time" => go.time = Some(time_value(value, "time", warnings)?),
        "increment" => go.increment = Some(time_value(value, "increment", warnings)?),
        "opptime" => go.opptime = Some(time_value(value, "opptime", warnings)?),
        "oppincrement" | "oppmovestogo" => {
            time_value(value, "opponent clock", warnings)?;
        }
        _ => return Ok(None),
    }
    Ok(Some(2))
}

impl Speaker for Ucci {
    fn dialect(&self) -> Dialect {
        Dialect::Ucci
    }

    /// Seconds, unless `usemillisec` is on.
    fn time_unit(&self, use_millisec: bool) -> TimeUnit {
        if use_millisec {
            TimeUnit::Milliseconds
        } else {
            TimeUnit::Seconds
        }
    }

    /// UCCI searches one line.
    fn multipv(&self) -> bool {
        false
    }

    fn option_name(&self, spec: &Spec) -> &'static str {
        spec.ucci
    }

    fn word(&self, report: &Report<'_>) -> Option<String> {
        Some(match *report {
            Report::Ready => "readyok".to_string(),
            Report::Identity => format!(
                "id name {ENGINE_NAME}\n\
                 id copyright 2026 the Chariot developers, GPL-3.0-or-later\n\
                 id author the Chariot developers"
            ),
            Report::Option(spec) => announce(spec),
            Report::HelloDone => "ucciok".to_string(),
            // UCCI has no word for a bound: such a score would read as the search's.
            Report::Info(info) if info.bound.is_some() => return None,
            Report::Info(info) => info_line(info),
            Report::Status(status) => format!(
                "info depth {} time {} nodes {} nps {} hashfull {}",
                status.depth, status.time_ms, status.nodes, status.nps, status.hashfull
            ),
            Report::CurrMove { mv, number, .. } => {
                format!("info currmove {mv} currmovenumber {number}")
            }
            Report::BestMove {
                best,
                ponder,
                offer,
            } => {
                let mut line = format!("bestmove {best}");
                if let Some(ponder) = ponder {
                    line.push_str(&format!(" ponder {ponder}"));
                }
                match offer {
                    Some(Offer::Resign) => line.push_str(" resign"),
                    Some(Offer::Draw) => line.push_str(" draw"),
                    None => {}
                }
                line
            }
            Report::NoMove | Report::NothingToStop => "nobestmove".to_string(),
            Report::Bye => "bye".to_string(),
            Report::Message(text) => format!("info message {text}"),
            Report::Rejected { error, .. } => format!("info message error: {error}"),
            Report::Probed(entry) => pophash(entry),
            Report::Text(text) => text.to_string(),
        })
    }
}

/// `info depth … score <v> … pv …` (mates as 30000 minus the plies, no bounds).
fn info_line(info: &Info) -> String {
    let pv: Vec<String> = info.pv.iter().map(Move::to_string).collect();
    format!(
        "info depth {} seldepth {} score {} time {} nodes {} nps {} hashfull {} pv {}",
        info.depth,
        info.seldepth,
        info.score,
        info.time_ms,
        info.nodes,
        info.nps,
        info.hashfull,
        pv.join(" ")
    )
}

/// The answer to `probe`: `pophash [bestmove m] [lowerbound v depth d] [upperbound v
/// depth d]` (an exact score is both bounds).
pub(super) fn pophash(entry: Option<HashEntry>) -> String {
    let mut line = String::from("pophash");
    if let Some(t) = entry {
        if let Some(mv) = t.best {
            line.push_str(&format!(" bestmove {mv}"));
        }
        match t.bound {
            Bound::Lower => line.push_str(&format!(" lowerbound {} depth {}", t.score, t.depth)),
            Bound::Upper => line.push_str(&format!(" upperbound {} depth {}", t.score, t.depth)),
            Bound::Exact => line.push_str(&format!(
                " lowerbound {} depth {} upperbound {} depth {}",
                t.score, t.depth, t.score, t.depth
            )),
            Bound::None => {}
        }
    }
    line
}

/// The `option <name> …` line announcing `spec`.
fn announce(spec: &Spec) -> String {
    let kind = match spec.kind {
        OptionType::Check { default } => format!(
            "type check default {}",
            if default { "true" } else { "false" }
        ),
        OptionType::Spin { default, min, max } => {
            format!("type spin min {min} max {max} default {default}")
        }
        OptionType::Combo { default, values } => {
            let vars: String = values.iter().map(|v| format!(" var {v}")).collect();
            format!("type combo{vars} default {default}")
        }
        OptionType::Button => "type button".to_string(),
        OptionType::Text { default } => format!(
            "type string default {}",
            if default.is_empty() {
                "<empty>"
            } else {
                default
            }
        ),
    };
    format!("option {} {kind}", Ucci.option_name(spec))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::options::{self, Id};

    #[test]
    fn times_are_seconds_unless_usemillisec() {
        assert_eq!(Ucci.time_unit(true), TimeUnit::Milliseconds);
        assert_eq!(Ucci.time_unit(false), TimeUnit::Seconds);
    }

    #[test]
    fn options_are_announced_in_ucci_syntax() {
        assert_eq!(
            announce(options::spec(Id::Hash)),
            "option hashsize type spin min 0 max 65536 default 16"
        );
        assert_eq!(
            announce(options::spec(Id::RepetitionRule)),
            "option repetitionrule type combo var chinese var asian default chinese"
        );
    }

    #[test]
    fn bestmove_carries_the_offer() {
        let (best, ponder) = (Move::parse_iccs("h2e2").ok(), Move::parse_iccs("h9g7").ok());
        let (Some(best), Some(ponder)) = (best, ponder) else {
            panic!("ICCS moves parse");
        };
        let line = |offer| {
            Ucci.word(&Report::BestMove {
                best,
                ponder: Some(ponder),
                offer,
            })
        };
        assert_eq!(line(None).as_deref(), Some("bestmove h2e2 ponder h9g7"));
        assert_eq!(
            line(Some(Offer::Draw)).as_deref(),
            Some("bestmove h2e2 ponder h9g7 draw")
        );
        assert_eq!(
            line(Some(Offer::Resign)).as_deref(),
            Some("bestmove h2e2 ponder h9g7 resign")
        );
        assert_eq!(
            Ucci.word(&Report::NothingToStop).as_deref(),
            Some("nobestmove")
        );
        assert_eq!(Ucci.word(&Report::Bye).as_deref(), Some("bye"));
    }

    #[test]
    fn pophash_gives_both_bounds_of_an_exact_score() {
        assert_eq!(pophash(None), "pophash");
        let entry = HashEntry {
            best: None,
            bound: Bound::Exact,
            score: 12,
            depth: 3,
        };
        assert_eq!(
            pophash(Some(entry)),
            "pophash lowerbound 12 depth 3 upperbound 12 depth 3"
        );
    }
}
