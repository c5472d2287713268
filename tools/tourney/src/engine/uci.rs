//! UCI as xiangqi engines speak it (Pikafish, Fairy-Stockfish): `uci`/`uciok`,
//! `setoption name … value …`, `position fen … moves …`, `go wtime … btime …`,
//! `info … score cp …`, `bestmove … ponder …`. The reading of the handshake, of `info`
//! and of `bestmove` is shared with UCCI ([`super::Ucci`]), which descends from it.

use std::time::{Duration, Instant};

use super::dialect::{
    clamp_score, mate_score, Commands, Dialect, EngineConfig, EngineError, Hello, Link, Reply,
    Thought, Turn,
};
use crate::clock::TimeControl;

/// The UCI dialect.
#[derive(Clone, Copy, Debug, Default)]
pub struct Uci;

impl Dialect for Uci {
    fn handshake(&mut self, link: &mut Link, config: &EngineConfig) -> Result<Hello, EngineError> {
        let hello = read_hello(link, config, "uci", "uciok", |rest| {
            let start = rest.iter().position(|w| *w == "name").map(|i| i + 1);
            let end = rest.iter().position(|w| *w == "type").unwrap_or(rest.len());
            start.filter(|s| *s < end).map(|s| rest[s..end].join(" "))
        })?;
        let send = |link: &mut Link, line: &str| link.send(line).map_err(EngineError::send);
        if hello.offered.iter().any(|o| o == "uci_variant") {
            send(link, "setoption name UCI_Variant value xiangqi")?;
        }
        if config.ponder && hello.offered.iter().any(|o| o == "ponder") {
            // Tell the engine it will ponder (its time policy may count on it).
            send(link, "setoption name Ponder value true")?;
        }
        for (name, value) in &config.options {
            let line = format!("setoption name {name} value {value}");
            send(link, line.trim_end())?;
        }
        Ok(hello)
    }

    fn sync(&mut self) -> Option<(String, String)> {
        Some(("isready".into(), "readyok".into()))
    }

    fn new_game(&mut self, _config: &EngineConfig) -> Vec<String> {
        vec!["ucinewgame".into()]
    }

    fn search(&mut self, turn: &Turn<'_>, config: &EngineConfig) -> Commands {
        Commands {
            before: vec![position_line(turn, config)],
            trigger: go_line(turn, config),
        }
    }

    fn read(&mut self, line: &str, thought: &mut Thought) -> Option<Reply> {
        read_answer(line, thought)
    }

    fn ponder(&mut self, turn: &Turn<'_>, config: &EngineConfig) -> Option<Vec<String>> {
        let mut go = go_line(turn, config);
        go.replace_range(..2, "go ponder");
        Some(vec![position_line(turn, config), go])
    }

    fn stop(&self) -> &'static str {
        "stop"
    }
}

/// The `go` line: the clocks as `wtime`/`btime` (red's, black's), or `movetime`; a fixed
/// depth or node count; `infinite` when nothing limits the search.
fn go_line(turn: &Turn<'_>, config: &EngineConfig) -> String {
    let mut go = String::from("go");
    let limits = &config.limits;
    if let Some(r) = turn.own.report() {
        if let TimeControl::MoveTime(ms) = turn.own.time_control() {
            go.push_str(&format!(" movetime {ms}"));
        } else {
            let o = turn.opp.report().unwrap_or(r);
            let (red, black) = if turn.side == chariot::board::Color::Red {
                (r, o)
            } else {
                (o, r)
            };
            go.push_str(&format!(
                " wtime {} btime {} winc {} binc {}",
                red.time_ms.max(1),
                black.time_ms.max(1),
                red.inc_ms,
                black.inc_ms
            ));
            if let Some(m) = r.moves_to_go {
                go.push_str(&format!(" movestogo {m}"));
            }
        }
    }
    if let Some(d) = limits.depth {
        go.push_str(&format!(" depth {d}"));
    }
    if let Some(n) = limits.nodes {
        go.push_str(&format!(" nodes {n}"));
    }
    if go == "go" {
        go.push_str(" infinite");
    }
    go
}

/// The `position` line (UCI and UCCI): the FEN after the last capture, then the moves
/// since, in the engine's coordinates.
pub(super) fn position_line(turn: &Turn<'_>, config: &EngineConfig) -> String {
    let mut line = format!("position fen {}", turn.base_fen);
    if !turn.since_base.is_empty() {
        line.push_str(" moves");
    }
    for mv in turn.since_base {
        line.push(' ');
        line.push_str(&config.coords.to_engine(&mv.to_string()));
    }
    line
}

/// Sends `hello` and reads the handshake up to `ok` (UCI and UCCI): `id name`, and the
/// names of the options offered (`option_name` reads one from the words after
/// `option`).
pub(super) fn read_hello(
    link: &mut Link,
    config: &EngineConfig,
    hello: &str,
    ok: &str,
    option_name: impl Fn(&[&str]) -> Option<String>,
) -> Result<Hello, EngineError> {
    let timeout = Duration::from_millis(config.init_timeout_ms);
    let mut out = Hello::default();
    link.send(hello).map_err(EngineError::handshake)?;
    let deadline = Instant::now() + timeout;
    loop {
        let (line, _) = link
            .recv(deadline)
            .map_err(|e| EngineError::waiting(e, ok, timeout))?;
        let mut words = line.split_whitespace();
        match words.next() {
            Some(w) if w == ok => return Ok(out),
            Some("id") if words.next() == Some("name") => {
                out.id_name = Some(words.collect::<Vec<_>>().join(" "));
            }
            Some("option") => {
                let rest: Vec<&str> = words.collect();
                if let Some(name) = option_name(&rest) {
                    out.offered.push(name.to_ascii_lowercase());
                }
            }
            _ => {}
        }
    }
}

/// One line of a UCI or UCCI engine's search: `info` into `thought`; `bestmove` or
/// `nobestmove` is the answer.
pub(super) fn read_answer(line: &str, thought: &mut Thought) -> Option<Reply> {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words.first() {
        Some(&"info") => {
            parse_info(&words[1..], thought);
            None
        }
        Some(&"nobestmove") => Some(Reply::NoMove),
        Some(&"bestmove") => Some(parse_bestmove(&words[1..])),
        _ => None,
    }
}

/// The answer from the words after `bestmove`.
fn parse_bestmove(words: &[&str]) -> Reply {
    match words.first() {
        None | Some(&"(none)") | Some(&"0000") => Reply::NoMove,
        Some(mv) => {
            let ponder = words
                .iter()
                .position(|w| *w == "ponder")
                .and_then(|i| words.get(i + 1))
                .filter(|p| !matches!(**p, "(none)" | "0000" | "draw" | "resign"))
                .map(|p| p.to_string());
            Reply::BestMove {
                mv: mv.to_string(),
                ponder,
                draw: words[1..].contains(&"draw"),
                resign: words[1..].contains(&"resign"),
            }
        }
    }
}

/// Reads `score`, `depth`, `nodes` and `pv` from the words of an `info` line.
fn parse_info(words: &[&str], thought: &mut Thought) {
    let mut i = 0;
    while i < words.len() {
        match words[i] {
            "depth" => {
                if let Some(d) = words.get(i + 1).and_then(|w| w.parse().ok()) {
                    thought.depth = Some(d);
                }
                i += 2;
            }
            "nodes" => match words.get(i + 1).and_then(|w| w.parse().ok()) {
                Some(n) => {
                    thought.nodes = Some(n);
                    i += 2;
                }
                None => i += 1,
            },
            "score" => {
                let (kind, value) = match words.get(i + 1) {
                    Some(&"cp") => ("cp", words.get(i + 2)),
                    Some(&"mate") => ("mate", words.get(i + 2)),
                    other => ("cp", other),
                };
                let step = if words.get(i + 1).is_some_and(|w| *w == "cp" || *w == "mate") {
                    3
                } else {
                    2
                };
                if let Some(v) = value.and_then(|w| w.parse::<i32>().ok()) {
                    let v = i64::from(v);
                    thought.score = Some(if kind == "mate" {
                        mate_score(v)
                    } else {
                        clamp_score(v)
                    });
                }
                i += step;
            }
            "pv" => {
                if i + 1 < words.len() {
                    thought.pv = Some(words[i + 1..].join(" "));
                }
                break;
            }
            "string" | "message" => break,
            _ => i += 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dialect::MATE_SCORE;

    #[test]
    fn bestmove_lines() {
        let reply = |line: &str| parse_bestmove(&line.split_whitespace().collect::<Vec<_>>());
        let best = |mv: &str, ponder: Option<&str>, draw, resign| Reply::BestMove {
            mv: mv.into(),
            ponder: ponder.map(String::from),
            draw,
            resign,
        };
        assert_eq!(reply("h2e2"), best("h2e2", None, false, false));
        assert_eq!(
            reply("h2e2 ponder h9g7"),
            best("h2e2", Some("h9g7"), false, false)
        );
        assert_eq!(
            reply("h2e2 ponder h9g7 draw"),
            best("h2e2", Some("h9g7"), true, false)
        );
        assert_eq!(reply("h2e2 resign"), best("h2e2", None, false, true));
        // No reply named: Stockfish's `(none)`, Komodo's `0000`, or nothing after it.
        for line in ["h2e2 ponder (none)", "h2e2 ponder 0000", "h2e2 ponder"] {
            assert_eq!(reply(line), best("h2e2", None, false, false), "{line}");
        }
        assert_eq!(reply("h2e2 ponder resign"), best("h2e2", None, false, true));
        for line in ["", "(none)", "0000"] {
            assert_eq!(reply(line), Reply::NoMove, "{line}");
        }
    }

    #[test]
    fn info_scores() {
        let mut t = Thought::new();
        parse_info(
            &"depth 6 score -5 pv b9c7".split(' ').collect::<Vec<_>>(),
            &mut t,
        );
        assert_eq!((t.score, t.depth), (Some(-5), Some(6)));
        assert_eq!(t.pv.as_deref(), Some("b9c7"));
        parse_info(
            &"depth 7 seldepth 9 score cp 31 nodes 5"
                .split(' ')
                .collect::<Vec<_>>(),
            &mut t,
        );
        assert_eq!((t.score, t.depth, t.nodes), (Some(31), Some(7), Some(5)));
        parse_info(&"score mate -3".split(' ').collect::<Vec<_>>(), &mut t);
        assert_eq!(t.score, Some(-MATE_SCORE + 3));
        parse_info(&"score mate 2".split(' ').collect::<Vec<_>>(), &mut t);
        assert_eq!(t.score, Some(MATE_SCORE - 2));
        // Extreme reports stay within the mate range (and can be negated).
        parse_info(
            &"score cp -2147483648".split(' ').collect::<Vec<_>>(),
            &mut t,
        );
        assert_eq!(t.score, Some(-MATE_SCORE));
        parse_info(
            &"score mate -2147483648".split(' ').collect::<Vec<_>>(),
            &mut t,
        );
        assert_eq!(t.score, Some(0));
        parse_info(
            &"score mate 2147483647".split(' ').collect::<Vec<_>>(),
            &mut t,
        );
        assert_eq!(t.score, Some(0));
        parse_info(&"score 2147483647".split(' ').collect::<Vec<_>>(), &mut t);
        assert_eq!(t.score.map(i32::abs), Some(MATE_SCORE));
        // A keyword where a node count belongs is still read.
        let mut t = Thought::new();
        parse_info(&"nodes score 12".split(' ').collect::<Vec<_>>(), &mut t);
        assert_eq!((t.nodes, t.score), (None, Some(12)));
    }

    #[test]
    fn answers() {
        let mut t = Thought::new();
        assert_eq!(read_answer("info depth 3 score cp 9", &mut t), None);
        assert_eq!(t.depth, Some(3));
        assert_eq!(read_answer("nobestmove", &mut t), Some(Reply::NoMove));
        assert_eq!(read_answer("readyok", &mut t), None);
        assert!(matches!(
            read_answer("bestmove h2e2", &mut t),
            Some(Reply::BestMove { .. })
        ));
    }
}
