//! The event's state file, for `tourney -resume FILE`: written as the event goes, read
//! back to continue a stopped or crashed event without replaying the finished games.
//!
//! The file is text, one record a line, tab-separated fields with `\t`, `\n`, `\r` and
//! `\\` escaped:
//!
//! ```text
//! tourney-state 1
//! arg <one command-line argument>        (the event's command line, in order)
//! pgn-start <bytes>                      (the PGN file's length when the event began)
//! game <number> <round tag> <red> <black> <result> <foul> <red name> <black name>
//!      <start FEN> <reason> <time control> <book moves> <moves> <date>
//! ```
//!
//! `game` lines come in the order the games finished; `<red>`/`<black>` are engine
//! indices, `<result>` the PGN result, `<foul>` 0 or 1, `<book moves>` ICCS moves
//! joined by spaces, `<moves>` `move/score/depth/ms` joined by spaces (score and depth
//! empty when the engine reported none), `<date>` the game's PGN `Date` tag. A line is
//! appended and flushed as soon as a game is counted, before the game goes to the PGN
//! file. Every scheduler names its encounters from the results alone (lots come from
//! the recorded `-srand` seed), so replaying the recorded results through the same
//! command line names the same games: the resumed event takes each finished game from
//! the file (checked against the game it stands for) and plays the rest. A last line
//! cut short by a crash is dropped.
//!
//! A crash between a game's line here and its PGN leaves the game out of the PGN file:
//! the resumed event reads the PGN file from `pgn-start` on (the event's own games)
//! and writes again every game of the state file it does not find there, from what the
//! line holds (everything the PGN shows: the moves with their scores, depths and times,
//! the reason, the date).
//!
//! Files written before `pgn-start` and `<date>` existed still read: their games have
//! no date (a game written again takes the day it is written), and the whole PGN file
//! is searched for the event's games.

use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::Path;

use chariot::board::Move;

use crate::game::{GameRecord, PlayedMove};
use chariot::board::Outcome;

/// The first line of a state file.
const MAGIC: &str = "tourney-state 1";

/// How much of a file is read to find its first line (the magic).
const HEAD_BYTES: u64 = 256;

/// Whether `line` (with its end) is a state file's first line.
fn is_first_line(line: &str) -> bool {
    line.trim_end() == MAGIC && line.ends_with('\n')
}

/// One finished game as the state file keeps it.
#[derive(Clone, Debug)]
pub struct StoredGame {
    /// The game's number in the event.
    pub number: usize,
    /// Its PGN `Round` tag.
    pub tag: String,
    /// Red's engine index.
    pub red: usize,
    /// Black's engine index.
    pub black: usize,
    /// The game.
    pub record: GameRecord,
    /// The PGN `Date` tag it was written with (`None` in older state files).
    pub date: Option<String>,
}

/// What a state file holds: the command line and the finished games.
#[derive(Clone, Debug, Default)]
pub struct EventState {
    /// The event's command line (without the program name).
    pub args: Vec<String>,
    /// The finished games, in the order they finished.
    pub games: Vec<StoredGame>,
    /// The PGN file's length when the event began (`None` in older state files, or
    /// without a PGN file): the event's games follow it.
    pub pgn_start: Option<u64>,
    /// The length of the file's valid part (a last line cut short is not).
    valid_len: u64,
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            _ => out.push(c),
        }
    }
    out
}

/// What is wrong with one line of a state file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineError {
    /// A backslash escape other than `\\`, `\t`, `\n`, `\r`; the field.
    BadEscape(String),
    /// A result other than `1-0`, `0-1`, `1/2-1/2`.
    BadResult(String),
    /// A move that is not ICCS (the reader's words).
    BadMove(String),
    /// A game line with this many fields (15, or 14 in older files).
    FieldCount(usize),
    /// A field that should be a number.
    BadNumber(String),
    /// A move record that is not `MOVE/SCORE/DEPTH/TIME`.
    BadMoveRecord(String),
    /// A move's time.
    BadTime(String),
    /// The `pgn-start` length.
    BadLength(String),
    /// A line of no known kind.
    UnknownRecord,
    /// A line without its end (a crash while writing it).
    CutShort,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::BadEscape(t) => write!(f, "bad escape in '{t}'"),
            LineError::BadResult(t) => write!(f, "bad result '{t}'"),
            LineError::BadMove(why) => f.write_str(why),
            LineError::FieldCount(n) => {
                write!(
                    f,
                    "a game line has 15 fields (14 in older files), this one {n}"
                )
            }
            LineError::BadNumber(t) => write!(f, "bad number '{t}'"),
            LineError::BadMoveRecord(t) => write!(f, "bad move record '{t}'"),
            LineError::BadTime(t) => write!(f, "bad time '{t}'"),
            LineError::BadLength(t) => write!(f, "bad length '{t}'"),
            LineError::UnknownRecord => f.write_str("unknown record"),
            LineError::CutShort => f.write_str("cut short"),
        }
    }
}

impl std::error::Error for LineError {}

/// Why a state file could not be read or written.
#[derive(Debug)]
pub enum StateError {
    /// Larger than its cap, or unreadable (the bounded reader's words).
    Read(chariot::input::FileError),
    /// The file could not be read.
    Unreadable {
        /// The file.
        path: String,
        /// The system's words.
        why: String,
    },
    /// The file does not start as a state file; its path.
    NotAStateFile(String),
    /// A bad line before the last one.
    BadLine {
        /// The file.
        path: String,
        /// The line, from 1.
        line: usize,
        /// What is wrong with it.
        source: LineError,
    },
    /// The file has no `arg` line; its path.
    NoCommandLine(String),
    /// Writing failed: `doing` is `write`, `append to` or `repair`.
    Io {
        /// What was being done.
        doing: &'static str,
        /// The file.
        path: String,
        /// The system's words.
        why: String,
    },
}

impl StateError {
    fn io(doing: &'static str, path: &str, e: std::io::Error) -> StateError {
        StateError::Io {
            doing,
            path: path.to_string(),
            why: e.to_string(),
        }
    }
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StateError::Unreadable { path, why } => {
                write!(f, "cannot read state file '{path}': {why}")
            }
            StateError::Read(e) => write!(f, "state file: {e}"),
            StateError::NotAStateFile(path) => write!(f, "'{path}' is not a tourney state file"),
            StateError::BadLine { path, line, source } => write!(f, "{path}:{line}: {source}"),
            StateError::NoCommandLine(path) => {
                write!(f, "state file '{path}' has no command line")
            }
            StateError::Io { doing, path, why } => {
                write!(f, "cannot {doing} state file '{path}': {why}")
            }
        }
    }
}

impl std::error::Error for StateError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StateError::BadLine { source, .. } => Some(source),
            _ => None,
        }
    }
}

fn unescape(text: &str) -> Result<String, LineError> {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('\\') => out.push('\\'),
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            _ => return Err(LineError::BadEscape(text.to_string())),
        }
    }
    Ok(out)
}

fn outcome_text(outcome: Outcome) -> &'static str {
    outcome.pgn()
}

fn parse_outcome(text: &str) -> Result<Outcome, LineError> {
    Outcome::from_pgn(text).ok_or_else(|| LineError::BadResult(text.to_string()))
}

/// The `game` line of a finished game written to the PGN file with `date` (with its
/// newline).
pub fn game_line(
    number: usize,
    tag: &str,
    red: usize,
    black: usize,
    rec: &GameRecord,
    date: &str,
) -> String {
    let book: Vec<String> = rec.opening_moves.iter().map(|m| m.to_string()).collect();
    let moves: Vec<String> = rec
        .moves
        .iter()
        .map(|m| {
            format!(
                "{}/{}/{}/{}",
                m.mv,
                m.score.map_or(String::new(), |s| s.to_string()),
                m.depth.map_or(String::new(), |d| d.to_string()),
                m.time_ms
            )
        })
        .collect();
    let fields = [
        "game".to_string(),
        number.to_string(),
        escape(tag),
        red.to_string(),
        black.to_string(),
        outcome_text(rec.outcome).to_string(),
        u8::from(rec.foul).to_string(),
        escape(&rec.red),
        escape(&rec.black),
        escape(&rec.start_fen),
        escape(&rec.reason),
        escape(&rec.time_control),
        book.join(" "),
        moves.join(" "),
        escape(date),
    ];
    let mut line = fields.join("\t");
    line.push('\n');
    line
}

fn parse_move(text: &str) -> Result<Move, LineError> {
    Move::parse_iccs(text).map_err(|e| LineError::BadMove(e.to_string()))
}

fn parse_game(fields: &[&str]) -> Result<StoredGame, LineError> {
    // 14 fields: written before the date was kept.
    if fields.len() != 14 && fields.len() != 15 {
        return Err(LineError::FieldCount(fields.len()));
    }
    let number = |k: usize| -> Result<usize, LineError> {
        fields[k]
            .parse()
            .map_err(|_| LineError::BadNumber(fields[k].to_string()))
    };
    let book = fields[12]
        .split_whitespace()
        .map(parse_move)
        .collect::<Result<Vec<_>, _>>()?;
    let moves = fields[13]
        .split_whitespace()
        .map(|m| {
            let parts: Vec<&str> = m.split('/').collect();
            let [mv, score, depth, time] = parts[..] else {
                return Err(LineError::BadMoveRecord(m.to_string()));
            };
            let opt = |t: &str| -> Result<Option<i64>, LineError> {
                if t.is_empty() {
                    Ok(None)
                } else {
                    t.parse()
                        .map(Some)
                        .map_err(|_| LineError::BadNumber(t.to_string()))
                }
            };
            Ok(PlayedMove {
                mv: parse_move(mv)?,
                score: opt(score)?.map(|s| s as i32),
                depth: opt(depth)?.map(|d| d as u32),
                time_ms: time
                    .parse()
                    .map_err(|_| LineError::BadTime(time.to_string()))?,
                // Not kept in the state file.
                ponder_hit: None,
            })
        })
        .collect::<Result<Vec<_>, LineError>>()?;
    Ok(StoredGame {
        number: number(1)?,
        tag: unescape(fields[2])?,
        red: number(3)?,
        black: number(4)?,
        record: GameRecord {
            red: unescape(fields[7])?,
            black: unescape(fields[8])?,
            start_fen: unescape(fields[9])?,
            opening_moves: book,
            moves,
            outcome: parse_outcome(fields[5])?,
            reason: unescape(fields[10])?,
            foul: fields[6] == "1",
            // Not kept in the state file.
            end: None,
            time_control: unescape(fields[11])?,
        },
        date: fields.get(14).map(|d| unescape(d)).transpose()?,
    })
}

/// Reads a state file.
///
/// # Errors
/// When the file cannot be read, is not a state file, or has a bad line before its
/// last one.
pub fn load(path: &str) -> Result<EventState, StateError> {
    // The first line first: a file that is not a state file (`/dev/zero`, a PGN) is
    // refused before more of it is read; then the whole file, within its cap.
    let mut head = Vec::new();
    File::open(path)
        .and_then(|f| f.take(HEAD_BYTES).read_to_end(&mut head))
        .map_err(|e| StateError::Unreadable {
            path: path.to_string(),
            why: e.to_string(),
        })?;
    let head = String::from_utf8_lossy(&head);
    if !head.split_inclusive('\n').next().is_some_and(is_first_line) {
        return Err(StateError::NotAStateFile(path.to_string()));
    }
    let bytes = chariot::input::read_file(Path::new(path), chariot::input::STATE_FILE_BYTES)
        .map_err(StateError::Read)?;
    let text = String::from_utf8_lossy(&bytes);
    let mut state = EventState::default();
    let mut offset = 0usize;
    let mut lines = text.split_inclusive('\n').peekable();
    match lines.next() {
        Some(first) if is_first_line(first) => {
            offset += first.len();
        }
        _ => return Err(StateError::NotAStateFile(path.to_string())),
    }
    let mut number = 1;
    while let Some(line) = lines.next() {
        number += 1;
        let last = lines.peek().is_none();
        let complete = line.ends_with('\n');
        let parsed = if complete {
            let body = line.trim_end_matches('\n');
            let fields: Vec<&str> = body.split('\t').collect();
            match fields[0] {
                "arg" if fields.len() == 2 => unescape(fields[1]).map(|a| state.args.push(a)),
                "pgn-start" if fields.len() == 2 => fields[1]
                    .parse()
                    .map(|n| state.pgn_start = Some(n))
                    .map_err(|_| LineError::BadLength(fields[1].to_string())),
                "game" => parse_game(&fields).map(|g| state.games.push(g)),
                _ => Err(LineError::UnknownRecord),
            }
        } else {
            Err(LineError::CutShort)
        };
        match parsed {
            Ok(()) => offset += line.len(),
            // A crash may cut the last line short; it is dropped.
            Err(_) if last => break,
            Err(source) => {
                return Err(StateError::BadLine {
                    path: path.to_string(),
                    line: number,
                    source,
                })
            }
        }
    }
    if state.args.is_empty() {
        return Err(StateError::NoCommandLine(path.to_string()));
    }
    state.valid_len = offset as u64;
    Ok(state)
}

/// Starts a new state file with the event's command line and, with a PGN file, that
/// file's length as the event begins.
///
/// # Errors
/// When the file cannot be written.
pub fn create(path: &str, args: &[String], pgn_start: Option<u64>) -> Result<File, StateError> {
    let mut text = format!("{MAGIC}\n");
    for a in args {
        text.push_str(&format!("arg\t{}\n", escape(a)));
    }
    if let Some(len) = pgn_start {
        text.push_str(&format!("pgn-start\t{len}\n"));
    }
    let cannot = |e: std::io::Error| StateError::io("write", path, e);
    let mut f = File::create(path).map_err(cannot)?;
    f.write_all(text.as_bytes())
        .and_then(|()| f.flush())
        .map_err(cannot)?;
    Ok(f)
}

/// Opens a loaded state file to go on appending to it, dropping a last line cut short.
///
/// # Errors
/// When the file cannot be written.
pub fn reopen(path: &str, state: &EventState) -> Result<File, StateError> {
    let f = OpenOptions::new()
        .append(true)
        .open(path)
        .map_err(|e| StateError::io("append to", path, e))?;
    f.set_len(state.valid_len)
        .map_err(|e| StateError::io("repair", path, e))?;
    Ok(f)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chariot::board::START_FEN;

    fn record() -> GameRecord {
        GameRecord {
            red: "A\tB".into(),
            black: "C\\D".into(),
            start_fen: START_FEN.into(),
            opening_moves: vec![Move::parse_iccs("h2e2").unwrap()],
            moves: vec![
                PlayedMove {
                    mv: Move::parse_iccs("h9g7").unwrap(),
                    score: Some(-35),
                    depth: Some(7),
                    time_ms: 1234,
                    ponder_hit: None,
                },
                PlayedMove {
                    mv: Move::parse_iccs("h0g2").unwrap(),
                    score: None,
                    depth: None,
                    time_ms: 5,
                    ponder_hit: None,
                },
            ],
            outcome: Outcome::BlackWins,
            reason: "Red resigns\nat once".into(),
            foul: true,
            end: None,
            time_control: "10+0.1".into(),
        }
    }

    #[test]
    fn a_state_file_reads_back_and_drops_a_line_cut_short() {
        let dir = std::env::temp_dir().join(format!("tourney-state-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("event.state");
        let path = path.to_str().unwrap();
        let args: Vec<String> = ["-engine", "name=a b", "x\ty"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let mut f = create(path, &args, Some(1234)).unwrap();
        let line = game_line(3, "2.1", 1, 0, &record(), "2026.01.02");
        f.write_all(line.as_bytes()).unwrap();
        // A crash in the middle of the next line.
        f.write_all(&line.as_bytes()[..20]).unwrap();
        drop(f);
        let state = load(path).unwrap();
        assert_eq!(state.args, args);
        assert_eq!(state.pgn_start, Some(1234));
        assert_eq!(state.games.len(), 1);
        let g = &state.games[0];
        assert_eq!((g.number, g.tag.as_str(), g.red, g.black), (3, "2.1", 1, 0));
        assert_eq!(g.date.as_deref(), Some("2026.01.02"));
        let (a, b) = (&g.record, record());
        assert_eq!((&a.red, &a.black, &a.reason), (&b.red, &b.black, &b.reason));
        assert_eq!(
            (a.outcome, a.foul, &a.start_fen),
            (b.outcome, b.foul, &b.start_fen)
        );
        assert_eq!(a.opening_moves, b.opening_moves);
        assert_eq!(a.moves.len(), 2);
        assert_eq!((a.moves[0].score, a.moves[0].depth), (Some(-35), Some(7)));
        assert_eq!((a.moves[1].score, a.moves[1].time_ms), (None, 5));
        // Reopened, the cut line is gone and appending goes on after the good one.
        let mut f = reopen(path, &state).unwrap();
        f.write_all(game_line(4, "2.2", 0, 1, &record(), "2026.01.02").as_bytes())
            .unwrap();
        drop(f);
        let again = load(path).unwrap();
        assert_eq!(again.games.len(), 2);
        assert_eq!(again.games[1].number, 4);
        // A file written before `pgn-start` and the date: its games read, undated.
        let old_line = line.rsplit_once('\t').unwrap().0.to_string() + "\n";
        std::fs::write(path, format!("{MAGIC}\narg\tx\n{old_line}{old_line}")).unwrap();
        let old = load(path).unwrap();
        assert_eq!((old.games.len(), old.pgn_start), (2, None));
        assert_eq!(old.games[0].date, None);
        assert_eq!(old.games[0].record.moves.len(), 2);
        // A bad line before the last is an error, naming the line.
        std::fs::write(path, format!("{MAGIC}\narg\tx\nbogus\n{line}")).unwrap();
        assert!(load(path).unwrap_err().to_string().contains(":3:"));
        std::fs::write(path, "something else\n").unwrap();
        assert!(load(path).is_err());
    }
}
