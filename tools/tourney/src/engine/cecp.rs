//! CECP, the XBoard/WinBoard protocol (version 2), as a GUI speaks it to a xiangqi
//! engine (MaxQi, Sjaak II, Chariot's `xboard`).
//!
//! Unlike UCI and UCCI, CECP is stateful: the engine keeps the game. After `new`,
//! `variant xiangqi` and `force` the manager enters the start position (`setboard FEN`,
//! or the older `edit` mode for an engine without `setboard`) and the moves one by one;
//! `go` has the engine play the side to move, and once it plays a side, the opponent's
//! move alone starts its next search (`time` and `otim`, in centiseconds, come first).
//! The engine answers `move M`; before it, `offer draw` offers or accepts a draw; instead
//! of it, `resign` or a result claim (`1-0 {…}`), which the arbiter checks. Thinking
//! output (`ply score time nodes pv`, with `post`) fills the same [`Thought`] as UCI's
//! `info`. `ping N`/`pong N` synchronise; `?` asks for the move at once; `easy`/`hard`
//! turn the engine's own pondering off and on.
//!
//! Moves are coordinates, files `a`–`i` and ranks as [`Coords`] says: XBoard writes
//! xiangqi ranks from 0 (ICCS, `h2e2`), as MaxQi, Sjaak II and Chariot do, so that is
//! the default; `coords=uci10` serves an engine that counts ranks from 1. FENs go out
//! with XBoard's letters for xiangqi: `H` for the horse, `E` for the elephant.

use std::time::{Duration, Instant};

use chariot::board::{Color, Position, START_FEN};

use super::dialect::{
    clamp_score, mate_score, Commands, Coords, Dialect, EngineConfig, EngineError, Failure, Hello,
    Link, Reply, Thought, Turn,
};
use crate::clock::TimeControl;

/// How long an engine that has not said `done=0` has to send its features, as XBoard
/// waits, ms.
const FEATURE_WAIT_MS: u64 = 2_000;

/// The `st` an engine without a clock is given (it searches to `sd`, or `nps` × 1 s).
const NO_CLOCK_SECONDS: u64 = 86_400;

/// What the engine said it can do (`feature …`), with the protocol's defaults.
#[derive(Clone, Debug)]
struct Features {
    setboard: bool,
    usermove: bool,
    ping: bool,
    time: bool,
    draw: bool,
    memory: bool,
    smp: bool,
    nps: bool,
    variants: Option<String>,
    myname: Option<String>,
    /// The names of the options offered (`option="NAME -TYPE …"`).
    options: Vec<String>,
}

impl Default for Features {
    fn default() -> Features {
        Features {
            setboard: false,
            usermove: false,
            ping: false,
            time: true,
            draw: true,
            memory: false,
            smp: false,
            nps: false,
            variants: None,
            myname: None,
            options: Vec::new(),
        }
    }
}

/// The game as the engine has it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Board {
    /// Nothing said yet (or lost track: a move of its own nobody asked for).
    Unknown,
    /// After `new`: the start position, no moves.
    New,
    /// The game from this FEN, with the moves of [`Cecp::known`].
    Game(String),
}

/// The CECP dialect.
#[derive(Debug)]
pub struct Cecp {
    features: Features,
    coords: Coords,
    board: Board,
    /// The moves (ICCS) the engine has had since its board's FEN, its own included.
    known: Vec<String>,
    /// The side the engine plays (not in force mode).
    playing: Option<Color>,
    /// `offer draw` came in this search.
    draw_offer: bool,
    /// A resignation or claim made between searches.
    unasked: Option<Reply>,
    /// The last move sent, as the engine reads it (to match an `Error (…): MOVE`).
    sent_move: Option<String>,
    pings: u32,
}

impl Default for Cecp {
    fn default() -> Cecp {
        Cecp {
            features: Features::default(),
            coords: Coords::Iccs,
            board: Board::Unknown,
            known: Vec::new(),
            playing: None,
            draw_offer: false,
            unasked: None,
            sent_move: None,
            pings: 0,
        }
    }
}

impl Dialect for Cecp {
    fn handshake(&mut self, link: &mut Link, config: &EngineConfig) -> Result<Hello, EngineError> {
        self.coords = config.coords;
        let timeout = Duration::from_millis(config.init_timeout_ms);
        let io = EngineError::handshake;
        link.send("xboard").map_err(io)?;
        link.send("protover 2").map_err(io)?;
        let begun = Instant::now();
        let mut deadline = begun + timeout.min(Duration::from_millis(FEATURE_WAIT_MS));
        // `done=0`: the engine asks for time to send its features (up to the timeout).
        let mut asked_for_time = false;
        loop {
            match link.recv(deadline) {
                Ok((line, _)) => {
                    let Some(rest) = line.trim().strip_prefix("feature ") else {
                        continue;
                    };
                    let mut done = None;
                    for (name, value) in parse_features(rest) {
                        let accept = self.feature(&name, &value);
                        let word = if accept { "accepted" } else { "rejected" };
                        link.send(&format!("{word} {name}")).map_err(io)?;
                        if name == "done" {
                            done = Some(value == "1");
                        }
                    }
                    match done {
                        Some(true) => break,
                        Some(false) => {
                            asked_for_time = true;
                            deadline = begun + timeout;
                        }
                        None => {}
                    }
                }
                // No `done` at all: a protocol-1 style engine, taken as it is.
                Err(Failure::Timeout) if !asked_for_time => break,
                Err(e) => return Err(EngineError::waiting(e, "feature done=1", timeout)),
            }
        }
        let variants = self.features.variants.clone().unwrap_or_default();
        if !variants
            .split(',')
            .any(|v| v.trim().eq_ignore_ascii_case("xiangqi"))
        {
            let shown: String = variants.chars().take(80).collect();
            return Err(EngineError::NotXiangqi(shown));
        }
        for line in self.option_lines(config) {
            link.send(&line).map_err(EngineError::send)?;
        }
        Ok(Hello {
            id_name: self.features.myname.clone(),
            offered: self
                .features
                .options
                .iter()
                .map(|o| o.to_ascii_lowercase())
                .collect(),
        })
    }

    fn sync(&mut self) -> Option<(String, String)> {
        if !self.features.ping {
            return None;
        }
        self.pings += 1;
        let n = self.pings;
        Some((format!("ping {n}"), format!("pong {n}")))
    }

    fn new_game(&mut self, config: &EngineConfig) -> Vec<String> {
        self.board = Board::New;
        self.known.clear();
        self.playing = None;
        self.draw_offer = false;
        self.unasked = None;
        self.sent_move = None;
        let mut lines: Vec<String> = ["new", "variant xiangqi", "force", "post"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        lines.push(if config.ponder { "hard" } else { "easy" }.to_string());
        lines.extend(time_control(config, &self.features));
        lines
    }

    fn search(&mut self, turn: &Turn<'_>, config: &EngineConfig) -> Commands {
        let moves: Vec<String> = turn.moves.iter().map(|m| m.to_string()).collect();
        let mut before = Vec::new();
        let in_step =
            self.board == Board::Game(turn.start_fen.to_string()) && moves.starts_with(&self.known);
        if !in_step {
            if self.board != Board::New {
                before.extend(self.new_game(config));
            }
            before.extend(self.set_up(turn.start_fen));
        }
        let missing = moves[self.known.len()..].to_vec();
        let mut told = Vec::new();
        if self.features.time {
            if let Some(own) = turn.own.report() {
                let opp = turn.opp.report().unwrap_or(own);
                told.push(format!("time {}", own.time_ms / 10));
                told.push(format!("otim {}", opp.time_ms / 10));
            }
        }
        if turn.draw_offered && self.features.draw {
            told.push("draw".to_string());
        }
        let trigger = match missing.as_slice() {
            // The engine plays this side already: the opponent's move starts its search.
            [reply] if self.playing == Some(turn.side) => {
                before.extend(told);
                self.move_line(reply)
            }
            _ => {
                if self.playing.take().is_some() {
                    before.push("force".to_string());
                }
                for mv in &missing {
                    let line = self.move_line(mv);
                    before.push(line);
                }
                before.extend(told);
                self.playing = Some(turn.side);
                "go".to_string()
            }
        };
        self.known = moves;
        self.draw_offer = false;
        Commands { before, trigger }
    }

    fn read(&mut self, line: &str, thought: &mut Thought) -> Option<Reply> {
        let text = line.trim();
        let words: Vec<&str> = text.split_whitespace().collect();
        let first = *words.first()?;
        match first {
            "move" => return words.get(1).map(|mv| self.moved(mv)),
            "offer" if words.get(1) == Some(&"draw") => {
                self.draw_offer = true;
                return None;
            }
            _ => {}
        }
        if let Some(reply) = unasked_reply(text, first) {
            self.playing = None;
            return Some(reply);
        }
        if text.starts_with("Illegal move") || self.refuses_sent_move(text) {
            self.playing = None;
            return Some(Reply::Rejected(text.to_string()));
        }
        if thinking(text, thought) {
            return None;
        }
        // The old style: `12. ... h9g7`.
        if words.get(1) == Some(&"...") {
            return words.get(2).map(|mv| self.moved(mv));
        }
        None
    }

    fn aside(&mut self, line: &str) {
        let text = line.trim();
        let words: Vec<&str> = text.split_whitespace().collect();
        let Some(&first) = words.first() else {
            return;
        };
        if let Some(reply) = unasked_reply(text, first) {
            self.playing = None;
            self.unasked.get_or_insert(reply);
        } else if first == "move" || words.get(1) == Some(&"...") {
            // A move nobody asked for: whatever the engine's board is now, it is set up
            // afresh before its next search.
            self.board = Board::Unknown;
            self.playing = None;
        }
    }

    fn speaks_unasked(&self) -> bool {
        true
    }

    fn take_unasked(&mut self) -> Option<Reply> {
        self.unasked.take()
    }

    fn stop(&self) -> &'static str {
        "?"
    }

    fn game_over(&mut self, result: &str, reason: &str) -> Vec<String> {
        let reason: String = reason
            .chars()
            .filter(|c| !matches!(c, '{' | '}') && !c.is_control())
            .collect();
        self.playing = None;
        vec![format!("result {result} {{{reason}}}")]
    }
}

impl Cecp {
    /// Notes one feature; whether it is accepted. Only coordinate moves are read, so
    /// `san=1` is rejected (the engine then sends coordinates).
    fn feature(&mut self, name: &str, value: &str) -> bool {
        let on = value == "1";
        let f = &mut self.features;
        match name {
            "setboard" => f.setboard = on,
            "usermove" => f.usermove = on,
            "ping" => f.ping = on,
            "time" => f.time = on,
            "draw" => f.draw = on,
            "memory" => f.memory = on,
            "smp" => f.smp = on,
            "nps" => f.nps = on,
            "san" => return !on,
            "variants" => f.variants = Some(value.to_string()),
            "myname" => f.myname = Some(value.to_string()),
            "option" => {
                let name = value.split(" -").next().unwrap_or("").trim();
                if !name.is_empty() {
                    f.options.push(name.to_string());
                }
            }
            // Nothing to do (or never used: the manager sends no signals, no colours,
            // and restarts the engine for each game).
            "done" | "sigint" | "sigterm" | "reuse" | "colors" | "analyze" | "playother"
            | "pause" | "debug" | "ics" | "name" | "myversion" | "egt" => {}
            _ => return false,
        }
        true
    }

    /// The options of `config`: `memory N` for `memory`/`Hash` and `cores N` for
    /// `cores`/`Threads` (when the engine has those features and offers no option of
    /// the name), else `option NAME=VALUE` (`option NAME` for a button).
    fn option_lines(&self, config: &EngineConfig) -> Vec<String> {
        let mut lines = Vec::new();
        for (name, value) in &config.options {
            let offered = self
                .features
                .options
                .iter()
                .any(|o| o.eq_ignore_ascii_case(name));
            let lower = name.to_ascii_lowercase();
            if !offered && (lower == "memory" || lower == "hash") {
                if self.features.memory {
                    lines.push(format!("memory {value}"));
                }
            } else if !offered && (lower == "cores" || lower == "threads") {
                if self.features.smp {
                    lines.push(format!("cores {value}"));
                }
            } else if value.is_empty() {
                lines.push(format!("option {name}"));
            } else {
                lines.push(format!("option {name}={value}"));
            }
        }
        lines
    }

    /// One move of the game as the engine is sent it.
    fn move_line(&mut self, iccs: &str) -> String {
        let text = self.coords.to_engine(iccs);
        self.sent_move = Some(text.clone());
        if self.features.usermove {
            format!("usermove {text}")
        } else {
            text
        }
    }

    /// The engine's move `text`: its answer, and a move of its game.
    fn moved(&mut self, text: &str) -> Reply {
        match self.coords.from_engine(text) {
            Some(iccs) => self.known.push(iccs),
            None => self.board = Board::Unknown,
        }
        Reply::BestMove {
            mv: text.to_string(),
            ponder: None,
            draw: std::mem::take(&mut self.draw_offer),
            resign: false,
        }
    }

    /// Whether `text` is an `Error (…): MOVE` about the last move sent.
    fn refuses_sent_move(&self, text: &str) -> bool {
        let Some(sent) = &self.sent_move else {
            return false;
        };
        let Some(rest) = text.strip_prefix("Error") else {
            return false;
        };
        let command = rest.split_once(':').map_or("", |(_, c)| c.trim());
        command == sent || command.strip_prefix("usermove").map(str::trim) == Some(sent)
    }

    /// The lines that put `fen` on the engine's board after `new`: none for the start
    /// position, `setboard` when the engine has it, else `edit` mode after the moves of
    /// [`CLEAR_A_FILE`] (and a move of Red's when Black is to move, since `edit` keeps
    /// the side to move).
    fn set_up(&mut self, fen: &str) -> Vec<String> {
        self.board = Board::Game(fen.to_string());
        self.known.clear();
        let Ok(position) = Position::from_fen(fen) else {
            return Vec::new();
        };
        let fen = position.to_fen();
        let board_and_side = |f: &str| f.split_whitespace().take(2).collect::<Vec<_>>().join(" ");
        if board_and_side(&fen) == board_and_side(START_FEN) {
            return Vec::new();
        }
        if self.features.setboard {
            return vec![format!("setboard {}", xboard_fen(&fen))];
        }
        let mut lines = Vec::new();
        for mv in CLEAR_A_FILE {
            lines.push(self.move_line(mv));
        }
        if position.side_to_move() == Color::Black {
            lines.push(self.move_line(BLACK_TO_MOVE));
        }
        lines.extend(edit_lines(&fen, self.coords));
        lines
    }
}

/// Moves from the start position that take the four pieces of the a-file (the rooks
/// and the pawns) off it, Red's first and Red to move after them, sent before `edit`
/// to an engine without `setboard`: MaxQi's `#` (clear the board) leaves the a-file as
/// it was, so that a piece of the start position the new one lacks would stay there.
const CLEAR_A_FILE: [&str; 14] = [
    "a0a1", "a9a8", "a1b1", "a8b8", "a3a4", "h9g7", "a4a5", "g7h9", "a5b5", "a6a5", "h0g2", "a5a4",
    "g2h0", "a4b4",
];

/// A move of Red's after [`CLEAR_A_FILE`] that gives Black the move (`edit` keeps the
/// side to move, as XBoard's own `a2a3` before `edit` does for chess).
const BLACK_TO_MOVE: &str = "h0g2";

/// `resign`, or a result claim, as the engine's answer.
fn unasked_reply(text: &str, first: &str) -> Option<Reply> {
    match first {
        "resign" => Some(Reply::Resign),
        "1-0" | "0-1" | "1/2-1/2" => Some(Reply::Claim(text.to_string())),
        _ => None,
    }
}

/// The `name=value` pairs of a `feature` line (a value may be quoted, with spaces).
fn parse_features(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        let Some(eq) = rest.find('=') else {
            break;
        };
        let name = rest[..eq].trim().to_string();
        let after = &rest[eq + 1..];
        let (value, next) = match after.strip_prefix('"') {
            Some(quoted) => match quoted.find('"') {
                Some(end) => (&quoted[..end], &quoted[end + 1..]),
                None => (quoted, ""),
            },
            None => match after.find(char::is_whitespace) {
                Some(end) => (&after[..end], &after[end..]),
                None => (after, ""),
            },
        };
        if !name.is_empty() && !name.contains(char::is_whitespace) {
            out.push((name, value.to_string()));
        }
        rest = next.trim_start();
    }
    out
}

/// Reads a thinking output line, `ply score time nodes [seldepth [speed [tbhits]]]<TAB>pv`
/// or `ply score time nodes pv`, into `thought`; whether it was one. Scores are
/// centipawns, mates 100000 + N moves (negative when being mated). Lines of a negative
/// ply (MaxQi's preliminaries) are not reports.
fn thinking(text: &str, thought: &mut Thought) -> bool {
    let (head, tail) = match text.split_once('\t') {
        Some((head, tail)) => (head, Some(tail)),
        None => (text, None),
    };
    let words: Vec<&str> = head.split_whitespace().collect();
    if words.len() < 4 {
        return false;
    }
    let (Ok(ply), Ok(score), Ok(_centiseconds), Ok(nodes)) = (
        words[0].parse::<i64>(),
        words[1].parse::<i64>(),
        words[2].parse::<i64>(),
        words[3].parse::<u64>(),
    ) else {
        return false;
    };
    if ply < 0 {
        return true;
    }
    thought.depth = Some(u32::try_from(ply).unwrap_or(u32::MAX));
    thought.score = Some(cecp_score(score));
    thought.nodes = Some(nodes);
    let pv = match tail {
        Some(tail) => tail.trim().to_string(),
        None => words[4..].join(" "),
    };
    if !pv.is_empty() {
        thought.pv = Some(pv);
    }
    true
}

/// A CECP score in the manager's terms: centipawns within the mate range, mates as
/// ±(30000 - N).
fn cecp_score(score: i64) -> i32 {
    const MATE: i64 = 100_000;
    if score >= MATE {
        mate_score(score - MATE)
    } else if score <= -MATE {
        mate_score(score + MATE)
    } else {
        clamp_score(score)
    }
}

/// The time control as CECP puts it: `level MPS BASE INC` (the first period of a
/// moves-in-time control; byo-yomi as its game time with the byo-yomi as increment),
/// `st` for a fixed time a move; without a clock `st` for a day, or `nps` nodes a second
/// for a fixed node count when the engine has `nps`; then `sd` for a fixed depth. The
/// clock itself goes with every move (`time`, `otim`).
fn time_control(config: &EngineConfig, features: &Features) -> Vec<String> {
    let limits = &config.limits;
    let mut lines = Vec::new();
    match &limits.tc {
        TimeControl::Classic { periods, inc_ms } => {
            let first = &periods[0];
            lines.push(format!(
                "level {} {} {}",
                first.moves,
                minutes(first.time_ms),
                seconds(*inc_ms)
            ));
        }
        TimeControl::ByoYomi {
            main_ms, byo_ms, ..
        } => lines.push(format!(
            "level 0 {} {}",
            minutes(*main_ms),
            seconds(*byo_ms)
        )),
        TimeControl::MoveTime(ms) => lines.push(format!("st {}", seconds(*ms))),
        TimeControl::Infinite => match limits.nodes {
            Some(nodes) if features.nps => {
                lines.push("st 1".to_string());
                lines.push(format!("nps {nodes}"));
            }
            _ => lines.push(format!("st {NO_CLOCK_SECONDS}")),
        },
    }
    if let Some(depth) = limits.depth {
        lines.push(format!("sd {depth}"));
    }
    lines
}

/// A time as `level`'s BASE: minutes, or minutes:seconds (with a fraction if need be).
fn minutes(ms: u64) -> String {
    let (m, rest) = (ms / 60_000, ms % 60_000);
    if rest == 0 {
        format!("{m}")
    } else {
        format!(
            "{m}:{}{}",
            if rest < 10_000 { "0" } else { "" },
            seconds(rest)
        )
    }
}

/// A time in seconds, with a fraction only if need be (`2`, `0.1`).
fn seconds(ms: u64) -> String {
    if ms % 1000 == 0 {
        format!("{}", ms / 1000)
    } else {
        let text = format!("{}.{:03}", ms / 1000, ms % 1000);
        text.trim_end_matches('0').to_string()
    }
}

/// A FEN with XBoard's xiangqi letters: `H` for the horse, `E` for the elephant.
fn xboard_fen(fen: &str) -> String {
    let (board, rest) = fen.split_once(' ').unwrap_or((fen, ""));
    let board: String = board
        .chars()
        .map(|c| match c {
            'N' => 'H',
            'n' => 'h',
            'B' => 'E',
            'b' => 'e',
            other => other,
        })
        .collect();
    if rest.is_empty() {
        board
    } else {
        format!("{board} {rest}")
    }
}

/// The `edit` mode lines that set up `fen`'s board: `edit`, `#` (clear), Red's pieces
/// (`Ke0`: XBoard's letters in upper case, the square as the engine writes it), `c`,
/// Black's, `.`.
fn edit_lines(fen: &str, coords: Coords) -> Vec<String> {
    let board = fen.split_whitespace().next().unwrap_or("");
    let (mut red, mut black) = (Vec::new(), Vec::new());
    for (row, text) in board.split('/').enumerate() {
        let rank = 9usize.saturating_sub(row);
        let mut file = 0u8;
        for c in text.chars() {
            if let Some(skip) = c.to_digit(10) {
                file += skip as u8;
                continue;
            }
            let letter = match c.to_ascii_uppercase() {
                'N' | 'H' => 'H',
                'B' | 'E' => 'E',
                other => other,
            };
            let square = coords.square(&format!("{}{rank}", (b'a' + file) as char));
            let line = format!("{letter}{square}");
            if c.is_ascii_uppercase() {
                red.push(line);
            } else {
                black.push(line);
            }
            file += 1;
        }
    }
    let mut lines = vec!["edit".to_string(), "#".to_string()];
    lines.extend(red);
    lines.push("c".to_string());
    lines.extend(black);
    lines.push(".".to_string());
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::Clock;
    use crate::engine::dialect::MATE_SCORE;
    use chariot::board::Move;

    fn engine(features: &str) -> Cecp {
        let mut cecp = Cecp::default();
        for (name, value) in parse_features(features) {
            cecp.feature(&name, &value);
        }
        cecp
    }

    fn config(tc: &str) -> EngineConfig {
        let mut c = EngineConfig::cecp("e", "e");
        c.limits.tc = TimeControl::parse(tc).unwrap();
        c
    }

    fn moves(text: &str) -> Vec<Move> {
        text.split_whitespace()
            .map(|m| Move::parse_iccs(m).unwrap())
            .collect()
    }

    /// The lines of one search of `cecp` in the game `moves` from `fen`, `side` to move.
    fn search(cecp: &mut Cecp, cfg: &EngineConfig, fen: &str, moves: &[Move]) -> Vec<String> {
        let clock = Clock::new(&cfg.limits.tc, 0);
        let mut pos = Position::from_fen(fen).unwrap();
        for mv in moves {
            pos.make_move(*mv);
        }
        let turn = Turn {
            start_fen: fen,
            moves,
            base_fen: fen,
            since_base: moves,
            banned: &[],
            own: &clock,
            opp: &clock,
            side: pos.side_to_move(),
            draw_offered: false,
        };
        let c = cecp.search(&turn, cfg);
        let mut lines = c.before;
        lines.push(c.trigger);
        lines
    }

    #[test]
    fn feature_lines() {
        let pairs = parse_features(
            "myname=\"MaxQi 4.8G\" setboard=0 ping=1 done=0 option=\"Move Overhead -spin 50 0 \
             5000\" variants=\"normal,xiangqi\"",
        );
        let names: Vec<&str> = pairs.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            names,
            ["myname", "setboard", "ping", "done", "option", "variants"]
        );
        assert_eq!(pairs[0].1, "MaxQi 4.8G");
        assert_eq!(pairs[5].1, "normal,xiangqi");
        let mut cecp = Cecp::default();
        for (n, v) in &pairs {
            assert!(cecp.feature(n, v), "{n}");
        }
        assert_eq!(cecp.features.options, ["Move Overhead"]);
        assert!(cecp.features.ping && !cecp.features.setboard && cecp.features.time);
        assert!(!cecp.feature("san", "1"), "coordinates only");
        assert!(cecp.feature("san", "0"));
        assert!(!cecp.feature("highlight", "1"));
        assert_eq!(parse_features("done=1"), [("done".into(), "1".into())]);
        assert_eq!(parse_features("broken"), []);
    }

    #[test]
    fn thinking_output() {
        let mut t = Thought::new();
        assert!(thinking("9 156 108 48000 14 44000 0\th2e2 h9g7", &mut t));
        assert_eq!(
            (t.depth, t.score, t.nodes),
            (Some(9), Some(156), Some(48_000))
        );
        assert_eq!(t.pv.as_deref(), Some("h2e2 h9g7"));
        assert!(thinking(" 5     16        4      56303 b9c7", &mut t));
        assert_eq!(
            (t.depth, t.score, t.pv.as_deref()),
            (Some(5), Some(16), Some("b9c7"))
        );
        // MaxQi's preliminary lines of ply -1 report nothing.
        assert!(thinking("-1    440 98667148        256 h2h9", &mut t));
        assert_eq!(t.depth, Some(5));
        assert!(thinking("12 100003 50 9 \th2h9", &mut t));
        assert_eq!(t.score, Some(MATE_SCORE - 3));
        assert!(thinking("12 -100002 50 9 \th2h9", &mut t));
        assert_eq!(t.score, Some(-MATE_SCORE + 2));
        assert!(thinking("3 -9999999999 1 1", &mut t));
        assert_eq!(t.score, Some(0), "a mate in an absurd number of moves");
        for line in ["# root hit 3 18 ffffff88", "move h9g7", "1 2 3", "pong 4"] {
            assert!(!thinking(line, &mut t), "{line}");
        }
    }

    #[test]
    fn answers_and_claims() {
        let mut cecp = engine("usermove=1");
        let mut t = Thought::new();
        assert_eq!(cecp.read("offer draw", &mut t), None);
        assert_eq!(
            cecp.read("move h9g7", &mut t),
            Some(Reply::BestMove {
                mv: "h9g7".into(),
                ponder: None,
                draw: true,
                resign: false
            })
        );
        assert_eq!(cecp.known, ["h9g7"]);
        assert!(matches!(
            cecp.read("1. ... b9c7", &mut t),
            Some(Reply::BestMove { mv, draw: false, .. }) if mv == "b9c7"
        ));
        assert_eq!(cecp.read("resign", &mut t), Some(Reply::Resign));
        assert_eq!(
            cecp.read("1/2-1/2 {Draw by repetition}", &mut t),
            Some(Reply::Claim("1/2-1/2 {Draw by repetition}".into()))
        );
        assert_eq!(
            cecp.read("Illegal move:h3e3", &mut t),
            Some(Reply::Rejected("Illegal move:h3e3".into()))
        );
        assert_eq!(
            cecp.read("Error (unknown command): h2e2", &mut t),
            None,
            "no move sent"
        );
        let _ = cecp.move_line("h2e2");
        assert_eq!(
            cecp.read("Error (unknown command): usermove h2e2", &mut t),
            Some(Reply::Rejected(
                "Error (unknown command): usermove h2e2".into()
            ))
        );
        assert_eq!(cecp.read("Error (unknown command): otim", &mut t), None);
        for line in ["pong 3", "# hello", "tellics say hi", "", "Hint: h2e2"] {
            assert_eq!(cecp.read(line, &mut t), None, "{line}");
        }
        // Said between searches: kept for the next.
        cecp.aside("0-1 {Black mates}");
        cecp.aside("resign");
        assert_eq!(
            cecp.take_unasked(),
            Some(Reply::Claim("0-1 {Black mates}".into()))
        );
        assert_eq!(cecp.take_unasked(), None);
    }

    #[test]
    fn a_game_step_by_step() {
        let cfg = config("10+0.1");
        let mut cecp = engine("usermove=1 setboard=1 ping=1");
        assert_eq!(
            cecp.new_game(&cfg),
            [
                "new",
                "variant xiangqi",
                "force",
                "post",
                "easy",
                "level 0 0:10 0.1"
            ]
        );
        // Red: the engine is told the clocks and goes.
        assert_eq!(
            search(&mut cecp, &cfg, START_FEN, &[]),
            ["time 1000", "otim 1000", "go"]
        );
        let mut t = Thought::new();
        cecp.read("move h2e2", &mut t);
        // Playing Red: Black's reply alone starts the next search.
        assert_eq!(
            search(&mut cecp, &cfg, START_FEN, &moves("h2e2 h9g7")),
            ["time 1000", "otim 1000", "usermove h9g7"]
        );
        cecp.read("move h0g2", &mut t);
        // A claim puts the engine out of play: force, the moves, go.
        cecp.aside("1/2-1/2 {Draw by repetition}");
        assert!(cecp.take_unasked().is_some());
        assert_eq!(
            search(&mut cecp, &cfg, START_FEN, &moves("h2e2 h9g7 h0g2 i9h9")),
            ["usermove i9h9", "time 1000", "otim 1000", "go"]
        );
        // A game the engine does not know: set up afresh.
        let fen = "4k4/9/9/9/9/9/9/9/4A4/R2AK4 w - - 0 1";
        assert_eq!(
            search(&mut cecp, &cfg, fen, &moves("a0a9")),
            [
                "new",
                "variant xiangqi",
                "force",
                "post",
                "easy",
                "level 0 0:10 0.1",
                "setboard 4k4/9/9/9/9/9/9/9/4A4/R2AK4 w - - 0 1",
                "usermove a0a9",
                "time 1000",
                "otim 1000",
                "go"
            ]
        );
        assert_eq!(cecp.sync(), Some(("ping 1".into(), "pong 1".into())));
    }

    #[test]
    fn set_up_without_setboard() {
        let cfg = config("40/60");
        let mut cecp = engine("");
        assert_eq!(cecp.new_game(&cfg).last().unwrap(), "level 40 1 0");
        let fen = "1rbakabnr/9/n1c1c4/p1p1p1p1p/9/2P6/P3P1P1P/1CN1C1N2/9/1RBAKAB1R b - - 9 5";
        let lines = search(&mut cecp, &cfg, fen, &[]);
        assert_eq!(&lines[..14], CLEAR_A_FILE);
        assert_eq!(&lines[14..17], ["h0g2", "edit", "#"]);
        assert!(lines.contains(&"Ke0".to_string()) && lines.contains(&"Ec0".to_string()));
        assert!(lines.contains(&"Hc2".to_string()) && lines.contains(&"Ha7".to_string()));
        let c = lines.iter().position(|l| l == "c").unwrap();
        assert!(lines[c + 1..].contains(&"Ke9".to_string()));
        assert!(!lines[..c].contains(&"Ke9".to_string()));
        assert_eq!(
            &lines[lines.len() - 4..],
            [".", "time 6000", "otim 6000", "go"]
        );
        assert_eq!(cecp.sync(), None, "no ping feature");
        // Ranks from 1.
        let mut cecp = engine("");
        cecp.coords = Coords::Uci10;
        cecp.new_game(&cfg);
        let lines = search(&mut cecp, &cfg, fen, &[]);
        assert_eq!(lines[..2], ["a1a2", "a10a9"]);
        assert!(lines.contains(&"Ke1".to_string()) && lines.contains(&"Ke10".to_string()));
    }

    #[test]
    fn the_a_file_cleared_by_legal_moves() {
        let mut pos = Position::startpos();
        for mv in CLEAR_A_FILE.iter().chain([&BLACK_TO_MOVE]) {
            pos.try_play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        }
        assert_eq!(pos.side_to_move(), Color::Black);
        let board = pos.to_fen();
        let a_file: Vec<char> = board
            .split_whitespace()
            .next()
            .unwrap()
            .split('/')
            .map(|rank| rank.chars().next().unwrap())
            .collect();
        assert!(a_file.iter().all(char::is_ascii_digit), "{board}");
    }

    #[test]
    fn time_controls() {
        let f = Features::default();
        assert_eq!(time_control(&config("300+2"), &f), ["level 0 5 2"]);
        assert_eq!(
            time_control(&config("90.5+0.25"), &f),
            ["level 0 1:30.5 0.25"]
        );
        assert_eq!(
            time_control(&config("40/5400,10/900"), &f),
            ["level 40 90 0"]
        );
        let mut c = config("inf");
        c.limits.depth = Some(7);
        assert_eq!(time_control(&c, &f), ["st 86400", "sd 7"]);
        c.limits.depth = None;
        c.limits.nodes = Some(5000);
        let nps = Features {
            nps: true,
            ..Features::default()
        };
        assert_eq!(time_control(&c, &nps), ["st 1", "nps 5000"]);
        c.limits.tc = TimeControl::MoveTime(2500);
        assert_eq!(time_control(&c, &f), ["st 2.5"]);
        c.limits.tc = TimeControl::parse_byoyomi("600/60/30").unwrap();
        assert_eq!(time_control(&c, &f), ["level 0 10 30"]);
        assert_eq!(minutes(5_000), "0:05");
        assert_eq!(minutes(65_500), "1:05.5");
    }

    #[test]
    fn options_and_letters() {
        let mut cfg = config("1");
        cfg.options = vec![
            ("Hash".into(), "64".into()),
            ("Threads".into(), "2".into()),
            ("Move Overhead".into(), "100".into()),
            ("Clear Hash".into(), String::new()),
        ];
        let cecp = engine("memory=1 smp=1 option=\"Move Overhead -spin 50 0 5000\"");
        assert_eq!(
            cecp.option_lines(&cfg),
            [
                "memory 64",
                "cores 2",
                "option Move Overhead=100",
                "option Clear Hash"
            ]
        );
        assert_eq!(
            xboard_fen(START_FEN),
            "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1"
        );
        let mut cecp = Cecp::default();
        assert_eq!(
            cecp.game_over("1-0", "Red mates {x}"),
            ["result 1-0 {Red mates x}"]
        );
    }
}
