//! UCI as xiangqi GUIs speak it: the words only UCI has (`uci`, `ucinewgame`,
//! `setoption name … value …`, `go`'s colour clocks, `movetime`, `mate`, `infinite` and
//! `searchmoves`), and how UCI words the engine's reports (`info string`, `score cp|mate`
//! with bounds, `bestmove (none)`, `option name …` lines).

use super::command::{count_value, time_value, Command, Dialect, Go, ProtocolError};
use super::dialect::{Report, Speaker, ENGINE_NAME};
use super::limits::TimeUnit;
use super::options::{OptionType, Spec};
use super::ucci;
use crate::board::Move;
use crate::search::{mate_in, Bound, Info};

/// The UCI dialect.
pub struct Uci;

/// The commands only UCI has (`setoption name …` is read by [`setoption`]).
pub(super) fn command(first: &str, _rest: &[&str]) -> Result<Option<Command>, ProtocolError> {
    Ok(Some(match first {
        "uci" => Command::Hello(Dialect::Uci),
        "ucinewgame" => Command::NewGame,
        _ => return Ok(None),
    }))
}

/// `setoption name <words> [value <words>]`: the words after `name`.
pub(super) fn setoption(words: &[&str]) -> Result<Command, ProtocolError> {
    let value_at = words.iter().position(|&w| w == "value");
    let name_words = &words[..value_at.unwrap_or(words.len())];
    if name_words.is_empty() {
        return Err(ProtocolError::MissingValue("option name"));
    }
    let value = value_at.map(|i| words[i + 1..].join(" "));
    Ok(Command::SetOption {
        name: name_words.join(" "),
        value,
    })
}

/// The `go` parameters only UCI has (a [`GoReader`](super::command::GoReader)).
pub(super) fn go_word(
    word: &str,
    after: &[&str],
    go: &mut Go,
) -> Result<Option<usize>, ProtocolError> {
    let value = after.first();
    let warnings = &mut go.warnings;
    match word {
        "infinite" => {
            go.infinite = true;
            return Ok(Some(1));
        }
        "searchmoves" => {
            go.searchmoves = after.iter().map(|s| s.to_string()).collect();
            return Ok(Some(1 + after.len()));
        }
        "mate" => go.mate = Some(count_value(value, "mate", u32::MAX, warnings)?),
        "movetime" => go.movetime = Some(time_value(value, "movetime", warnings)?),
        "wtime" => go.wtime = Some(time_value(value, "wtime", warnings)?),
        "btime" => go.btime = Some(time_value(value, "btime", warnings)?),
        "winc" => go.winc = Some(time_value(value, "winc", warnings)?),
        "binc" => go.binc = Some(time_value(value, "binc", warnings)?),
        _ => return Ok(None),
    }
    Ok(Some(2))
}

impl Speaker for Uci {
    fn dialect(&self) -> Dialect {
        Dialect::Uci
    }

    /// UCI times are milliseconds.
    fn time_unit(&self, _use_millisec: bool) -> TimeUnit {
        TimeUnit::Milliseconds
    }

    fn multipv(&self) -> bool {
        true
    }

    fn option_name(&self, spec: &Spec) -> &'static str {
        spec.uci
    }

    fn word(&self, report: &Report<'_>) -> Option<String> {
        Some(match *report {
            Report::Ready => "readyok".to_string(),
            Report::Identity => format!("id name {ENGINE_NAME}\nid author the Chariot developers"),
            Report::Option(spec) => announce(spec),
            Report::HelloDone => "uciok".to_string(),
            Report::Info(info) => info_line(info),
            Report::Status(status) => format!(
                "info depth {} nodes {} nps {} hashfull {} time {}",
                status.depth, status.nodes, status.nps, status.hashfull, status.time_ms
            ),
            Report::CurrMove { mv, number, depth } => {
                format!("info depth {depth} currmove {mv} currmovenumber {number}")
            }
            // UCI has no draw offers or resignation.
            Report::BestMove { best, ponder, .. } => match ponder {
                Some(ponder) => format!("bestmove {best} ponder {ponder}"),
                None => format!("bestmove {best}"),
            },
            Report::NoMove => "bestmove (none)".to_string(),
            Report::NothingToStop | Report::Bye => return None,
            Report::Message(text) => format!("info string {text}"),
            Report::Rejected { error, .. } => format!("info string error: {error}"),
            // `probe` is UCCI's; it is answered alike whichever dialect was chosen.
            Report::Probed(entry) => ucci::pophash(entry),
            Report::Text(text) => text.to_string(),
        })
    }
}

/// `info depth … score … [wdl w d l] … pv …`.
fn info_line(info: &Info) -> String {
    let pv: Vec<String> = info.pv.iter().map(Move::to_string).collect();
    let wdl = info
        .wdl
        .map_or_else(String::new, |[w, d, l]| format!(" wdl {w} {d} {l}"));
    format!(
        "info depth {} seldepth {} multipv {} score {}{wdl} nodes {} nps {} hashfull {} tbhits 0 time {} pv {}",
        info.depth,
        info.seldepth,
        info.multipv,
        score_text(info.score, info.bound),
        info.nodes,
        info.nps,
        info.hashfull,
        info.time_ms,
        pv.join(" ")
    )
}

/// `cp <v>` or `mate <n>`, with `lowerbound`/`upperbound` on an aspiration bound.
fn score_text(score: i32, bound: Option<Bound>) -> String {
    let bound = match bound {
        Some(Bound::Lower) => " lowerbound",
        Some(Bound::Upper) => " upperbound",
        _ => "",
    };
    match mate_in(score) {
        Some(m) => format!("mate {m}{bound}"),
        None => format!("cp {score}{bound}"),
    }
}

/// The `option name …` line announcing `spec`.
fn announce(spec: &Spec) -> String {
    let kind = match spec.kind {
        OptionType::Check { default } => format!("type check default {default}"),
        OptionType::Spin { default, min, max } => {
            format!("type spin default {default} min {min} max {max}")
        }
        OptionType::Combo { default, values } => {
            let vars: String = values.iter().map(|v| format!(" var {v}")).collect();
            format!("type combo default {default}{vars}")
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
    format!("option name {} {kind}", Uci.option_name(spec))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::options::{self, Id};

    #[test]
    fn times_are_milliseconds() {
        assert_eq!(Uci.time_unit(false), TimeUnit::Milliseconds);
        assert_eq!(Uci.time_unit(true), TimeUnit::Milliseconds);
    }

    #[test]
    fn scores_and_bounds() {
        assert_eq!(score_text(35, None), "cp 35");
        assert_eq!(score_text(-35, Some(Bound::Upper)), "cp -35 upperbound");
        assert_eq!(score_text(35, Some(Bound::Lower)), "cp 35 lowerbound");
        assert_eq!(score_text(35, Some(Bound::Exact)), "cp 35");
    }

    #[test]
    fn options_are_announced_in_uci_syntax() {
        let hash = options::spec(Id::Hash);
        assert_eq!(
            announce(hash),
            "option name Hash type spin default 16 min 0 max 65536"
        );
        assert_eq!(
            announce(options::spec(Id::ClearHash)),
            "option name Clear Hash type button"
        );
    }

    #[test]
    fn reports_uci_has_no_words_for() {
        assert_eq!(Uci.word(&Report::Bye), None);
        assert_eq!(Uci.word(&Report::NothingToStop), None);
        assert_eq!(
            Uci.word(&Report::NoMove).as_deref(),
            Some("bestmove (none)")
        );
        assert_eq!(
            Uci.word(&Report::Message("hello")).as_deref(),
            Some("info string hello")
        );
    }
}
