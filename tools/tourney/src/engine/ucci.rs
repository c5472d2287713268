//! UCCI 3.0 (ElephantEye and most Chinese engines): `ucci`/`ucciok`, `setoption NAME
//! VALUE` (times in ms once `usemillisec` is on), `banmoves`, `go [draw] time …
//! increment … opptime …`, `ponderhit [draw]`, `nobestmove`. It reads `info` and
//! `bestmove` as UCI does ([`super::uci`]).

use super::dialect::{
    Commands, Dialect, EngineConfig, EngineError, Hello, Link, Reply, Thought, Turn,
};
use super::uci::{position_line, read_answer, read_hello};
use crate::clock::TimeControl;

/// The UCCI dialect.
#[derive(Clone, Copy, Debug, Default)]
pub struct Ucci {
    /// The engine offered `newgame` (a button: clear the hash, reload the book).
    newgame: bool,
}

impl Dialect for Ucci {
    fn handshake(&mut self, link: &mut Link, config: &EngineConfig) -> Result<Hello, EngineError> {
        let hello = read_hello(link, config, "ucci", "ucciok", |rest| {
            rest.first().map(|s| s.to_string())
        })?;
        self.newgame = hello.offered.iter().any(|o| o == "newgame");
        let send = |link: &mut Link, line: &str| link.send(line).map_err(EngineError::send);
        send(link, "setoption usemillisec true")?;
        if config.ponder && hello.offered.iter().any(|o| o == "ponder") {
            // Tell the engine it will ponder (its time policy may count on it).
            send(link, "setoption ponder true")?;
        }
        for (name, value) in &config.options {
            let line = format!("setoption {name} {value}");
            send(link, line.trim_end())?;
        }
        Ok(hello)
    }

    fn sync(&mut self) -> Option<(String, String)> {
        Some(("isready".into(), "readyok".into()))
    }

    fn new_game(&mut self, _config: &EngineConfig) -> Vec<String> {
        if self.newgame {
            vec!["setoption newgame".into()]
        } else {
            Vec::new()
        }
    }

    fn search(&mut self, turn: &Turn<'_>, config: &EngineConfig) -> Commands {
        let mut go = go_line(turn, config);
        if turn.draw_offered {
            // `go draw …` tells the engine its opponent offers a draw.
            go.replace_range(..2, "go draw");
        }
        let mut before = vec![position_line(turn, config)];
        before.extend(banmoves_line(turn, config));
        Commands {
            before,
            trigger: go,
        }
    }

    fn read(&mut self, line: &str, thought: &mut Thought) -> Option<Reply> {
        read_answer(line, thought)
    }

    fn ponder(&mut self, turn: &Turn<'_>, config: &EngineConfig) -> Option<Vec<String>> {
        let mut go = go_line(turn, config);
        go.replace_range(..2, "go ponder");
        let mut lines = vec![position_line(turn, config)];
        lines.extend(banmoves_line(turn, config));
        lines.push(go);
        Some(lines)
    }

    fn ponder_hit(&self, draw: bool) -> String {
        if draw { "ponderhit draw" } else { "ponderhit" }.to_string()
    }

    fn stop(&self) -> &'static str {
        "stop"
    }

    fn bans_moves(&self) -> bool {
        true
    }
}

/// `banmoves …` for the turn's forbidden moves, if there are any.
fn banmoves_line(turn: &Turn<'_>, config: &EngineConfig) -> Option<String> {
    if turn.banned.is_empty() {
        return None;
    }
    let list: Vec<String> = turn
        .banned
        .iter()
        .map(|m| config.coords.to_engine(&m.to_string()))
        .collect();
    Some(format!("banmoves {}", list.join(" ")))
}

/// The `go` line: the engine's own clock (`time`, then `movestogo` or `increment`) and
/// its opponent's (`opptime`, …); a fixed depth or node count, else `depth infinite`.
fn go_line(turn: &Turn<'_>, config: &EngineConfig) -> String {
    let mut go = String::from("go");
    let limits = &config.limits;
    match turn.own.report() {
        Some(r) => {
            if let TimeControl::MoveTime(_) = turn.own.time_control() {
                go.push_str(&format!(" time {} movestogo 1", r.time_ms));
                return go;
            }
            go.push_str(&format!(" time {}", r.time_ms.max(1)));
            match r.moves_to_go {
                Some(m) => go.push_str(&format!(" movestogo {m}")),
                None => go.push_str(&format!(" increment {}", r.inc_ms)),
            }
            if let Some(o) = turn.opp.report() {
                go.push_str(&format!(" opptime {}", o.time_ms.max(1)));
                match o.moves_to_go {
                    Some(m) => go.push_str(&format!(" oppmovestogo {m}")),
                    None => go.push_str(&format!(" oppincrement {}", o.inc_ms)),
                }
            }
        }
        None => {
            if let Some(d) = limits.depth {
                go.push_str(&format!(" depth {d}"));
            } else if let Some(n) = limits.nodes {
                go.push_str(&format!(" nodes {n}"));
            } else {
                go.push_str(" depth infinite");
            }
        }
    }
    go
}
