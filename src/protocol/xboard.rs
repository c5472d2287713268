//! CECP, the XBoard/WinBoard protocol (version 2): its commands read into [`Cecp`]
//! (as [`Command::Xboard`]), the `feature` list, and how CECP words the core's reports
//! (thinking output `ply score time nodes seldepth speed tbhits<TAB>pv`, `# ` comments,
//! `Error (…): …`).
//!
//! CECP is stateful where UCI and UCCI are not: the engine keeps the game, plays its
//! own side after `go`, thinks on the opponent's time, analyses, and claims results.
//! That game layer is [`game`](super::game), above the core; the time controls it
//! turns into search limits are [`clock`]. Moves are the coordinates XBoard uses for
//! xiangqi, which are ICCS: files `a`–`i`, ranks `0`–`9` (XBoard counts ranks from 0 on
//! boards of ten ranks).

pub mod clock;

use super::cecp::Cecp;
use super::command::{number, truncated, Command, Dialect, ProtocolError};
use super::dialect::{Report, Speaker, ENGINE_NAME};
use super::limits::TimeUnit;
use super::options::{spec, Id, OptionType, Spec};
use super::settings::Settings;
use crate::board::Move;
use crate::search::{mate_in, Bound, Info};

pub use clock::{Clock, Control};

/// The CECP dialect.
pub struct Xboard;

/// The options CECP offers with `feature option=…`, by their UCI names. The hash size
/// and threads come from `memory` and `cores`, pondering from `hard`/`easy`.
pub const XBOARD_OPTIONS: &[Id] = &[
    Id::MoveOverhead,
    Id::ClearHash,
    Id::Rule60,
    Id::RepetitionRule,
    Id::DrawOffers,
    Id::Resign,
    Id::EvalFile,
    Id::UseNnue,
    Id::Debug,
];

/// Reads one line of CECP.
///
/// # Errors
/// [`ProtocolError::Unknown`] for a line that is no CECP command (nor a move), and the
/// other errors for a command with a missing or malformed argument.
pub fn parse(line: &str) -> Result<Command, ProtocolError> {
    let line = line.trim();
    let Some((first, rest)) = split_first(line) else {
        return Ok(Command::Nothing);
    };
    let words: Vec<&str> = rest.split_whitespace().collect();
    let arg = words.first().copied();
    let cecp = match first {
        "xboard" => return Ok(Command::Hello(Dialect::Xboard)),
        "quit" => return Ok(Command::Quit),
        "protover" => Cecp::Protover(number(arg.unwrap_or("1"), "protover")?),
        "accepted" | "rejected" => Cecp::FeatureReply,
        "new" => Cecp::New,
        "variant" => Cecp::Variant(arg.ok_or(ProtocolError::MissingValue("variant"))?.into()),
        "force" => Cecp::Force,
        "go" => Cecp::Go,
        "playother" => Cecp::PlayOther,
        "level" => Cecp::Level(clock::parse_level(&words)?),
        "st" => Cecp::St(clock::seconds(required(arg, "st")?, "st")?),
        "sd" => Cecp::Sd(number::<u32>(required(arg, "sd")?, "sd")?.clamp(1, 1_000) as i32),
        "nps" => Cecp::Nps(number(required(arg, "nps")?, "nps")?),
        "time" => Cecp::Time(clock::centiseconds(required(arg, "time")?, "time")?),
        "otim" => Cecp::Otim(clock::centiseconds(required(arg, "otim")?, "otim")?),
        "usermove" => Cecp::Move(required(arg, "usermove")?.into()),
        "?" => Cecp::MoveNow,
        "ping" => Cecp::Ping(truncated(required(arg, "ping")?)),
        "draw" => Cecp::Draw,
        "result" => Cecp::Result(truncated(rest.trim())),
        "setboard" if !rest.trim().is_empty() => Cecp::SetBoard(rest.trim().into()),
        "setboard" => return Err(ProtocolError::MissingValue("setboard FEN")),
        "hint" => Cecp::Hint,
        "bk" => Cecp::Book,
        "undo" => Cecp::Undo,
        "remove" => Cecp::Remove,
        "hard" => Cecp::Ponder(true),
        "easy" => Cecp::Ponder(false),
        "post" => Cecp::Post(true),
        "nopost" => Cecp::Post(false),
        "analyze" => Cecp::Analyze,
        "exit" => Cecp::Exit,
        "." => Cecp::Status,
        "pause" => Cecp::Pause,
        "resume" => Cecp::Resume,
        "memory" => Cecp::Memory(number(required(arg, "memory")?, "memory")?),
        "cores" => Cecp::Cores(number(required(arg, "cores")?, "cores")?),
        "option" => option(rest)?,
        "random" | "computer" | "name" | "rating" | "ics" | "egtpath" => Cecp::Ignored,
        word if looks_like_move(word) => Cecp::Move(word.into()),
        other => return Err(ProtocolError::Unknown(truncated(other))),
    };
    Ok(Command::Xboard(cecp))
}

/// The first word of `line` and the rest of it.
fn split_first(line: &str) -> Option<(&str, &str)> {
    let line = line.trim_start();
    if line.is_empty() {
        return None;
    }
    Some(match line.find(char::is_whitespace) {
        Some(i) => (&line[..i], &line[i..]),
        None => (line, ""),
    })
}

fn required<'a>(arg: Option<&'a str>, what: &'static str) -> Result<&'a str, ProtocolError> {
    arg.ok_or(ProtocolError::MissingValue(what))
}

/// `option NAME=VALUE` or `option NAME` (a button); the name may hold spaces.
fn option(rest: &str) -> Result<Cecp, ProtocolError> {
    let rest = rest.trim();
    let (name, value) = match rest.split_once('=') {
        Some((name, value)) => (name.trim(), Some(value.trim().to_string())),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(ProtocolError::MissingValue("option name"));
    }
    Ok(Cecp::SetOption {
        name: name.to_string(),
        value,
    })
}

/// Whether a word the GUI sends alone is meant as a move: coordinates like `h2e2`
/// (and chess-style `e7e8q`), or XBoard's null move `@@@@`; such a word that is not a
/// legal move gets `Illegal move`, not an unknown-command error.
fn looks_like_move(word: &str) -> bool {
    let b = word.as_bytes();
    let square = |i: usize| {
        b.get(i).is_some_and(u8::is_ascii_lowercase) && b.get(i + 1).is_some_and(u8::is_ascii_digit)
    };
    word == "@@@@" || ((b.len() == 4 || b.len() == 5) && square(0) && square(2))
}

/// The `feature` lines that answer `protover`: the protocol features, one
/// `option=` for each of [`XBOARD_OPTIONS`] with its current value, then `done=1`.
pub fn features(settings: &Settings) -> Vec<String> {
    let mut lines = vec![format!(
        "feature myname=\"{ENGINE_NAME}\" variants=\"xiangqi\" setboard=1 ping=1 \
         usermove=1 san=0 time=1 draw=1 sigint=0 sigterm=0 reuse=1 analyze=1 colors=0 \
         playother=1 pause=1 memory=1 smp=1 nps=1 debug=1 ics=0 name=0"
    )];
    for &id in XBOARD_OPTIONS {
        lines.push(format!(
            "feature option=\"{}\"",
            option_feature(spec(id), settings)
        ));
    }
    lines.push("feature done=1".to_string());
    lines
}

/// One option in CECP's syntax with its current value: `NAME -spin V MIN MAX`, `NAME
/// -check 0|1`, `NAME -combo A /// *B`, `NAME -button`, `NAME -file V`, `NAME -string
/// V`.
fn option_feature(spec: &Spec, settings: &Settings) -> String {
    let name = spec.uci;
    match spec.kind {
        OptionType::Spin { min, max, .. } => {
            let value = match spec.id {
                Id::MoveOverhead => settings.move_overhead_ms as i64,
                _ => spec.kind.spin_default().unwrap_or(min),
            };
            format!("{name} -spin {value} {min} {max}")
        }
        OptionType::Check { default } => {
            let on = match spec.id {
                Id::Rule60 => settings.rule60,
                Id::DrawOffers => settings.draw_offers,
                Id::Resign => settings.resign,
                Id::UseNnue => settings.use_nnue,
                Id::Debug => settings.debug,
                _ => default,
            };
            format!("{name} -check {}", u8::from(on))
        }
        OptionType::Combo { default, values } => {
            let current = match spec.id {
                Id::RepetitionRule => settings.rule_set.name(),
                _ => default,
            };
            let choices: Vec<String> = values
                .iter()
                .map(|v| {
                    if v.eq_ignore_ascii_case(current) {
                        format!("*{v}")
                    } else {
                        v.to_string()
                    }
                })
                .collect();
            format!("{name} -combo {}", choices.join(" /// "))
        }
        OptionType::Button => format!("{name} -button"),
        OptionType::Text { default } => match spec.id {
            Id::EvalFile => format!("{name} -file {}", settings.eval_file),
            _ => format!("{name} -string {default}"),
        },
    }
}

/// The option of [`XBOARD_OPTIONS`] called `name` (case-insensitive).
pub fn find_option(name: &str) -> Option<&'static Spec> {
    XBOARD_OPTIONS
        .iter()
        .map(|&id| spec(id))
        .find(|s| s.uci.eq_ignore_ascii_case(name.trim()))
}

/// The thinking output line for `info`: `ply score time nodes seldepth speed
/// tbhits<TAB>pv`, time in centiseconds, mates as ±(100000 + moves), and `?` or `!`
/// after the pv of a fail-low or fail-high bound.
pub fn thinking_line(info: &Info) -> String {
    let pv: Vec<String> = info.pv.iter().map(Move::to_string).collect();
    let mark = match info.bound {
        Some(Bound::Upper) => "?",
        Some(Bound::Lower) => "!",
        _ => "",
    };
    format!(
        "{} {} {} {} {} {} 0\t{}{mark}",
        info.depth,
        score(info.score),
        info.time_ms / 10,
        info.nodes,
        info.seldepth,
        info.nps,
        pv.join(" ")
    )
}

/// A score as CECP gives it: centipawns, or 100000 + N for a mate in N moves (negative
/// when being mated).
pub fn score(score: i32) -> i64 {
    match mate_in(score) {
        Some(moves) if moves > 0 => 100_000 + i64::from(moves),
        Some(moves) => -100_000 + i64::from(moves),
        None => i64::from(score),
    }
}

/// The kind of error CECP's `Error (KIND): COMMAND` names.
fn error_kind(error: &ProtocolError) -> &'static str {
    match error {
        ProtocolError::Unknown(_) => "unknown command",
        ProtocolError::MissingValue(_) => "missing parameter",
        ProtocolError::BadNumber { .. } | ProtocolError::UnknownGoToken(_) => "bad parameter",
        ProtocolError::TooLong { .. } => "line too long",
    }
}

/// At most 200 characters of a command, for an error line.
pub(crate) fn quoted(line: &str) -> String {
    line.trim().chars().take(200).collect()
}

impl Speaker for Xboard {
    fn dialect(&self) -> Dialect {
        Dialect::Xboard
    }

    /// CECP's clocks are read by [`clock`]; `go` carries no times.
    fn time_unit(&self, _use_millisec: bool) -> TimeUnit {
        TimeUnit::Milliseconds
    }

    fn multipv(&self) -> bool {
        false
    }

    fn option_name(&self, spec: &Spec) -> &'static str {
        spec.uci
    }

    /// Thinking output, comments and errors; the handshake and the moves are the game
    /// layer's ([`game`](super::game)), and the rest has no CECP words.
    fn word(&self, report: &Report<'_>) -> Option<String> {
        match *report {
            Report::Info(info) => Some(thinking_line(info)),
            Report::Message(text) | Report::Text(text) => Some(format!("# {text}")),
            Report::Rejected { line, error } => {
                Some(format!("Error ({}): {}", error_kind(error), quoted(line)))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::search::params::MATE;

    fn cecp(line: &str) -> Cecp {
        match parse(line) {
            Ok(Command::Xboard(c)) => c,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn reads_the_commands() {
        assert_eq!(parse("xboard"), Ok(Command::Hello(Dialect::Xboard)));
        assert_eq!(parse("quit"), Ok(Command::Quit));
        assert_eq!(parse("   "), Ok(Command::Nothing));
        assert_eq!(cecp("protover 2"), Cecp::Protover(2));
        assert_eq!(cecp("accepted usermove"), Cecp::FeatureReply);
        assert_eq!(cecp("variant xiangqi"), Cecp::Variant("xiangqi".into()));
        assert_eq!(cecp("usermove h2e2"), Cecp::Move("h2e2".into()));
        assert_eq!(cecp("h2e2"), Cecp::Move("h2e2".into()));
        assert_eq!(cecp("e7e8q"), Cecp::Move("e7e8q".into()));
        assert_eq!(cecp("@@@@"), Cecp::Move("@@@@".into()));
        assert_eq!(cecp("st 2.5"), Cecp::St(Duration::from_millis(2500)));
        assert_eq!(cecp("sd 0"), Cecp::Sd(1));
        assert_eq!(cecp("time 6000"), Cecp::Time(Duration::from_secs(60)));
        assert_eq!(cecp("ping 17"), Cecp::Ping("17".into()));
        assert_eq!(cecp("?"), Cecp::MoveNow);
        assert_eq!(cecp("."), Cecp::Status);
        assert_eq!(
            cecp("result 1-0 {Red mates}"),
            Cecp::Result("1-0 {Red mates}".into())
        );
        assert_eq!(
            cecp("setboard 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"),
            Cecp::SetBoard("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1".into())
        );
        assert_eq!(
            cecp("option Move Overhead=120"),
            Cecp::SetOption {
                name: "Move Overhead".into(),
                value: Some("120".into())
            }
        );
        assert_eq!(
            cecp("option Clear Hash"),
            Cecp::SetOption {
                name: "Clear Hash".into(),
                value: None
            }
        );
        assert_eq!(cecp("name Someone Else"), Cecp::Ignored);
        assert_eq!(cecp("hard"), Cecp::Ponder(true));
        assert_eq!(cecp("nopost"), Cecp::Post(false));
    }

    #[test]
    fn bad_lines_are_errors() {
        for line in [
            "xyzzy",
            "level 40",
            "level a b c",
            "st",
            "st x",
            "sd -1",
            "time",
            "time 1.5",
            "ping",
            "setboard",
            "memory lots",
            "option",
            "option =5",
            "protover two",
            "h2",
        ] {
            assert!(parse(line).is_err(), "{line}");
        }
        assert_eq!(parse("xyzzy"), Err(ProtocolError::Unknown("xyzzy".into())));
    }

    #[test]
    fn errors_are_worded_as_cecp_asks() {
        let error = ProtocolError::Unknown("xyzzy".into());
        assert_eq!(
            Xboard
                .word(&Report::Rejected {
                    line: "xyzzy 1 2",
                    error: &error
                })
                .as_deref(),
            Some("Error (unknown command): xyzzy 1 2")
        );
        let error = ProtocolError::MissingValue("st");
        let long = format!("st {}", "9".repeat(5000));
        let text = Xboard
            .word(&Report::Rejected {
                line: &long,
                error: &error,
            })
            .unwrap();
        assert!(text.starts_with("Error (missing parameter): st 999") && text.len() < 240);
        assert_eq!(
            Xboard.word(&Report::Message("hello")).as_deref(),
            Some("# hello")
        );
        assert_eq!(Xboard.word(&Report::Ready), None);
    }

    #[test]
    fn thinking_output_and_scores() {
        let pv = ["h2e2", "h9g7"]
            .map(|m| Move::parse_iccs(m).unwrap())
            .to_vec();
        let mut info = Info {
            depth: 9,
            seldepth: 14,
            multipv: 1,
            score: 156,
            bound: None,
            nodes: 48_000,
            nps: 44_000,
            hashfull: 3,
            time_ms: 1_084,
            pv,
            material: 90,
            wdl: None,
        };
        assert_eq!(
            thinking_line(&info),
            "9 156 108 48000 14 44000 0\th2e2 h9g7"
        );
        info.bound = Some(Bound::Upper);
        assert!(thinking_line(&info).ends_with("h9g7?"));
        info.bound = Some(Bound::Lower);
        assert!(thinking_line(&info).ends_with("h9g7!"));
        assert_eq!(score(-35), -35);
        assert_eq!(score(MATE - 1), 100_001);
        assert_eq!(score(MATE - 5), 100_003);
        assert_eq!(score(-(MATE - 2)), -100_001);
    }

    #[test]
    fn the_feature_list() {
        let settings = Settings::default();
        let lines = features(&settings);
        let first = &lines[0];
        for feature in [
            "myname=\"Chariot ",
            "variants=\"xiangqi\"",
            "setboard=1",
            "ping=1",
            "usermove=1",
            "san=0",
            "sigint=0",
            "sigterm=0",
            "colors=0",
            "analyze=1",
            "pause=1",
            "memory=1",
            "smp=1",
        ] {
            assert!(first.contains(feature), "{feature}");
        }
        assert_eq!(lines.last().unwrap(), "feature done=1");
        assert!(lines.contains(&"feature option=\"Move Overhead -spin 50 0 5000\"".to_string()));
        assert!(lines.contains(&"feature option=\"Clear Hash -button\"".to_string()));
        assert!(lines.contains(&"feature option=\"Rule60 -check 1\"".to_string()));
        assert!(lines
            .contains(&"feature option=\"Repetition Rule -combo *chinese /// asian\"".to_string()));
        assert!(lines.contains(&"feature option=\"EvalFile -file <embedded>\"".to_string()));
        assert_eq!(lines.len(), XBOARD_OPTIONS.len() + 2);
        assert_eq!(
            find_option("move overhead").map(|s| s.id),
            Some(Id::MoveOverhead)
        );
        assert!(find_option("Hash").is_none(), "memory sets the hash");
    }
}
