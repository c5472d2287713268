//! Training positions: the text form `datagen` writes, a compact 40-byte binary record,
//! readers for both, and the loader (with its filters) the trainer uses. The loader also
//! finds the games the positions came from ([`Dataset::games`]), so that the trainer
//! holds out whole games.
//!
//! # Text form
//!
//! One position a line: `<fen> | <score> | <result>`, optionally followed by
//! ` | <move>` (ICCS, e.g. `h2e2`). `score` is the search score from **Red's** point of
//! view in engine units (rook 1000; mates `±(30000 − plies)`), `result` the game's result
//! for Red: `1.0`, `0.5` or `0.0` (`1` and `0` are accepted too). Blank lines are
//! ignored. The positions of one game are consecutive lines (records); with the move
//! field each line's position is the previous one's after its move, which is how the
//! loader tells the games apart exactly ([`crate::heldout`]; without it, by a heuristic).
//!
//! # Binary record (40 bytes, little-endian)
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 12 | occupancy: bit `i` (byte `i / 8`, bit `i % 8`) set when square `i` (`Square::index()`, `rank · 9 + file`) holds a piece; bits 90..95 zero |
//! | 12 | 16 | piece codes, 4 bits each, in occupancy order (lowest square first): piece `j` in byte `12 + j / 2`, low nibble for even `j`. Code = `color · 7 + kind` (`Color::index()`, `PieceKind::index()`), so 0..13; the nibbles after the last piece are 15 |
//! | 28 | 2 | score, `i16`, Red's view, clamped to ±32000 |
//! | 30 | 1 | result for Red, `u8`: 0 loss, 1 draw, 2 win |
//! | 31 | 1 | side to move, `u8`: 0 Red, 1 Black |
//! | 32 | 2 | the move, `u16`: 0 when unknown, otherwise `from | to << 7` (square indices; the layout of `Move::raw()`) |
//! | 34 | 2 | full-move number, `u16` |
//! | 36 | 2 | plies since the last capture (`Position::rule60_plies()`), `u16` |
//! | 38 | 2 | reserved, zero |
//!
//! A record keeps the placement, side to move, both move counters, the score, the
//! result and the move. It does not keep the moves that led to the position (so no
//! repetition history), scores beyond ±32000, or the spelling of the FEN: a record
//! prints back as `Position::to_fen()` of its position (`w`/`b`, `N` for horse and `B`
//! for elephant, `- -` for the two chess fields).
//!
//! A record that decodes to something impossible (a bad piece code, more or fewer
//! codes than occupied squares, a result or side byte out of range, a non-zero reserved
//! field, a placement `Position::from_setup` refuses, an illegal move) is an error that
//! names the record's number (1-based) and its byte offset.

use std::fmt;
use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;

use chariot::board::{Color, Move, Outcome, Piece, PieceKind, Position, Setup, Square};

use crate::error::{Result, TrainerError};
use crate::heldout::{GameTracker, Games};

pub use crate::error::{DataError, Place, RECORD_SIZE};

/// A [`TrainerError::Malformed`] with a formatted reason.
macro_rules! malformed {
    ($($reason:tt)*) => {
        TrainerError::Malformed(format!($($reason)*))
    };
}

/// The largest score a record holds; text scores beyond it are clamped.
pub const SCORE_LIMIT: i32 = 32000;

/// Nibble value that marks "no piece" after the last piece code.
const NO_PIECE: u8 = 15;

/// A record's result byte: 0 when Black won (Red's loss), 1 for a draw, 2 when Red won.
pub fn outcome_byte(outcome: Outcome) -> u8 {
    match outcome {
        Outcome::BlackWins => 0,
        Outcome::Draw => 1,
        Outcome::RedWins => 2,
    }
}

/// The outcome of a record's result byte (0, 1, 2); `None` for any other byte.
pub fn outcome_from_byte(b: u8) -> Option<Outcome> {
    match b {
        0 => Some(Outcome::BlackWins),
        1 => Some(Outcome::Draw),
        2 => Some(Outcome::RedWins),
        _ => None,
    }
}

/// The text form of a result, Red's score: `0.0`, `0.5`, `1.0`.
pub fn outcome_text(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::BlackWins => "0.0",
        Outcome::Draw => "0.5",
        Outcome::RedWins => "1.0",
    }
}

/// Parses a text result, Red's score: `1.0`, `0.5`, `0.0` (or `1`, `0`).
pub fn parse_outcome(text: &str) -> Option<Outcome> {
    match text {
        "1.0" | "1" => Some(Outcome::RedWins),
        "0.5" => Some(Outcome::Draw),
        "0.0" | "0" => Some(Outcome::BlackWins),
        _ => None,
    }
}

/// One labelled position.
#[derive(Clone)]
pub struct Entry {
    /// The position.
    pub pos: Position,
    /// The search score from Red's point of view, clamped to ±[`SCORE_LIMIT`].
    pub score: i16,
    /// The game's result for Red.
    pub result: Outcome,
    /// The move played, when known.
    pub mv: Option<Move>,
}

// ----- text ---------------------------------------------------------------------------

impl Entry {
    /// Parses one text line (`<fen> | <score> | <result> [| <move>]`). The error says
    /// what is wrong; the caller adds the line number.
    pub fn parse_line(line: &str) -> Result<Entry> {
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let (fen, score, result, played) = match fields.as_slice() {
            [fen, score, result] => (*fen, *score, *result, None),
            [fen, score, result, played] => (*fen, *score, *result, Some(*played)),
            _ => {
                return Err(malformed!(
                    "want '<fen> | <score> | <result> [| <move>]', found {} field(s)",
                    fields.len()
                ))
            }
        };
        let pos = Position::from_fen(fen).map_err(|e| malformed!("bad FEN '{fen}': {e}"))?;
        let score: i32 = score
            .parse()
            .map_err(|_| malformed!("score '{score}' is not an integer"))?;
        let result = parse_outcome(result)
            .ok_or_else(|| malformed!("result '{result}' is not 1.0, 0.5 or 0.0"))?;
        let mv = match played {
            None => None,
            Some(text) => Some(
                pos.parse_move(text)
                    .map_err(|e| malformed!("move '{text}': {e}"))?,
            ),
        };
        Ok(Entry {
            pos,
            score: score.clamp(-SCORE_LIMIT, SCORE_LIMIT) as i16,
            result,
            mv,
        })
    }

    /// The text line (without a newline); the move field only when the move is known.
    pub fn to_line(&self) -> String {
        let mut line = format!(
            "{} | {} | {}",
            self.pos.to_fen(),
            self.score,
            outcome_text(self.result)
        );
        if let Some(mv) = self.mv {
            line.push_str(&format!(" | {mv}"));
        }
        line
    }
}

// ----- binary -------------------------------------------------------------------------

/// One packed position (see the module documentation for the layout). Records made by
/// [`Entry::to_record`] or checked by [`Record::decode`] are valid; the accessors assume
/// that.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Record(pub [u8; RECORD_SIZE]);

impl fmt::Debug for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Record({:02x?})", self.0)
    }
}

impl Entry {
    /// Packs the entry into a record.
    pub fn to_record(&self) -> Record {
        record_of(&self.pos, self.score, self.result, self.mv)
    }
}

/// The record of a position with its score, result and move ([`Entry::to_record`]
/// without building an entry).
pub fn record_of(pos: &Position, score: i16, result: Outcome, mv: Option<Move>) -> Record {
    let mut b = [0u8; RECORD_SIZE];
    let mut occupancy: u128 = 0;
    let mut j = 0;
    b[12..28].fill(NO_PIECE << 4 | NO_PIECE);
    for sq in Square::all() {
        if let Some(piece) = pos.piece_at(sq) {
            occupancy |= 1 << sq.index();
            let code = piece.index() as u8;
            let byte = &mut b[12 + j / 2];
            *byte = if j % 2 == 0 {
                (*byte & 0xF0) | code
            } else {
                (*byte & 0x0F) | code << 4
            };
            j += 1;
        }
    }
    b[0..12].copy_from_slice(&occupancy.to_le_bytes()[..12]);
    b[28..30].copy_from_slice(&score.to_le_bytes());
    b[30] = outcome_byte(result);
    b[31] = pos.side_to_move().index() as u8;
    let mv = mv.map_or(0, Move::raw);
    b[32..34].copy_from_slice(&mv.to_le_bytes());
    b[34..36].copy_from_slice(&pos.fullmove_number().to_le_bytes());
    b[36..38].copy_from_slice(&pos.rule60_plies().to_le_bytes());
    Record(b)
}

fn u16_at(b: &[u8; RECORD_SIZE], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

impl Record {
    /// The 90-bit occupancy.
    #[inline]
    pub fn occupancy(&self) -> u128 {
        let mut bytes = [0u8; 16];
        bytes[..12].copy_from_slice(&self.0[..12]);
        u128::from_le_bytes(bytes)
    }

    /// The `j`-th piece code (nibble `j` of the code bytes).
    #[inline]
    fn code(&self, j: usize) -> u8 {
        let byte = self.0[12 + j / 2];
        if j % 2 == 0 {
            byte & 0x0F
        } else {
            byte >> 4
        }
    }

    /// The pieces as `(square index, code = color · 7 + kind)`, lowest square first.
    #[inline]
    pub fn pieces(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        let mut occ = self.occupancy();
        (0..32).map_while(move |j| {
            if occ == 0 {
                return None;
            }
            let sq = occ.trailing_zeros() as u8;
            occ &= occ - 1;
            Some((sq, self.code(j)))
        })
    }

    /// The score from Red's point of view.
    #[inline]
    pub fn score(&self) -> i16 {
        i16::from_le_bytes([self.0[28], self.0[29]])
    }

    /// The result byte: 0, 1, 2 for a Red loss, draw, win.
    #[inline]
    pub fn result_byte(&self) -> u8 {
        self.0[30]
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        if self.0[31] == 0 {
            Color::Red
        } else {
            Color::Black
        }
    }

    /// The raw move field (0 = unknown).
    #[inline]
    pub fn move_raw(&self) -> u16 {
        u16_at(&self.0, 32)
    }

    /// The full-move number.
    #[inline]
    pub fn fullmove(&self) -> u16 {
        u16_at(&self.0, 34)
    }

    /// Checks the record and unpacks it. `number` (1-based) goes into the error.
    pub fn decode(&self, number: u64) -> Result<Entry, DataError> {
        self.decode_inner().map_err(|e| DataError {
            place: Place::Record(number),
            reason: e.to_string(),
            io: false,
        })
    }

    fn decode_inner(&self) -> Result<Entry> {
        let b = &self.0;
        let occupancy = self.occupancy();
        if occupancy >> 90 != 0 {
            return Err(malformed!("occupancy bits beyond square 89 are set"));
        }
        let count = occupancy.count_ones() as usize;
        if count > 32 {
            return Err(malformed!(
                "{count} occupied squares, a record holds 32 pieces"
            ));
        }
        let codes = (0..32).map(|j| self.code(j)).collect::<Vec<u8>>();
        if let Some(j) = codes[..count].iter().position(|&c| c == NO_PIECE) {
            return Err(malformed!(
                "{count} occupied squares but only {j} piece codes"
            ));
        }
        if let Some(&c) = codes[..count].iter().find(|&&c| c >= 14) {
            return Err(malformed!("bad piece code {c} (codes are 0..13)"));
        }
        if codes[count..].iter().any(|&c| c != NO_PIECE) {
            let extra = codes[count..].iter().filter(|&&c| c != NO_PIECE).count();
            return Err(malformed!(
                "{} piece codes for {count} occupied squares",
                count + extra
            ));
        }
        let result = outcome_from_byte(b[30])
            .ok_or_else(|| malformed!("bad result byte {} (0, 1 or 2)", b[30]))?;
        let side = match b[31] {
            0 => Color::Red,
            1 => Color::Black,
            other => return Err(malformed!("bad side-to-move byte {other} (0 or 1)")),
        };
        if b[38] != 0 || b[39] != 0 {
            return Err(malformed!("reserved bytes 38..40 are not zero"));
        }
        let score = self.score();
        if i32::from(score).abs() > SCORE_LIMIT {
            return Err(malformed!("score {score} beyond ±{SCORE_LIMIT}"));
        }
        let mut board = [None; 90];
        for (sq, code) in self.pieces() {
            let color = if code >= 7 { Color::Black } else { Color::Red };
            board[sq as usize] = Some(Piece::new(color, PieceKind::ALL[(code % 7) as usize]));
        }
        let setup = Setup {
            board,
            side,
            rule60: u16_at(b, 36),
            fullmove: u16_at(b, 34).max(1),
        };
        if u16_at(b, 34) == 0 {
            return Err(malformed!("full-move number 0"));
        }
        let pos = Position::from_setup(&setup).map_err(|e| malformed!("impossible board: {e}"))?;
        let raw = self.move_raw();
        let mv = if raw == 0 {
            None
        } else {
            let (from, to) = ((raw & 0x7F) as u8, ((raw >> 7) & 0x7F) as u8);
            let squares = (raw >> 14 == 0)
                .then_some(())
                .and_then(|_| Some((Square::try_from_index(from)?, Square::try_from_index(to)?)));
            let Some((from, to)) = squares.filter(|(f, t)| f != t) else {
                return Err(malformed!("bad move code {raw:#06x}"));
            };
            let mv = Move::new(from, to);
            if !pos.legal_moves().contains(&mv) {
                return Err(malformed!("move {mv} is not legal in the position"));
            }
            Some(mv)
        };
        Ok(Entry {
            pos,
            score,
            result,
            mv,
        })
    }
}

// ----- reading ------------------------------------------------------------------------

/// The forms of a data file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DataFormat {
    /// Text lines.
    Text,
    /// 40-byte records.
    Binary,
    /// Whole games ([`crate::nnue::pack`]): read by its [`PackReader`](crate::nnue::pack::PackReader)
    /// and loaded by [`pack::load_dataset`](crate::nnue::pack::load_dataset), not by
    /// this module's [`Reader`] and [`load_dataset`].
    Pack,
}

impl DataFormat {
    /// The form a file name implies: `.bin` binary, `.txt` text, `.pack` game pack,
    /// otherwise unknown.
    pub fn from_path(path: &str) -> Option<DataFormat> {
        if path.ends_with(".bin") {
            Some(DataFormat::Binary)
        } else if path.ends_with(".txt") {
            Some(DataFormat::Text)
        } else if path.ends_with(".pack") {
            Some(DataFormat::Pack)
        } else {
            None
        }
    }

    /// Parses `text`/`txt`, `binary`/`bin` or `pack`.
    pub fn parse(text: &str) -> Option<DataFormat> {
        match text {
            "text" | "txt" => Some(DataFormat::Text),
            "binary" | "bin" => Some(DataFormat::Binary),
            "pack" => Some(DataFormat::Pack),
            _ => None,
        }
    }
}

/// The error of reading a game pack where positions one by one are read.
const PACK_HERE: &str = "a game pack holds whole games: read it with nnue::pack";

/// Opens a file for reading; `-` is standard input.
pub fn open_input(path: &str) -> Result<Box<dyn BufRead>> {
    if path == "-" {
        Ok(Box::new(BufReader::with_capacity(
            1 << 20,
            std::io::stdin(),
        )))
    } else {
        let file = File::open(path).map_err(|e| TrainerError::io(path, e))?;
        Ok(Box::new(BufReader::with_capacity(1 << 20, file)))
    }
}

/// Reads entries one by one from text lines or binary records. Each item is an entry
/// or the error of one line or record (reading goes on after it unless `io` is set).
pub struct Reader {
    input: Box<dyn BufRead>,
    format: DataFormat,
    number: u64,
    line: String,
    done: bool,
}

impl Reader {
    /// A reader of `input` in `format`.
    pub fn new(input: Box<dyn BufRead>, format: DataFormat) -> Reader {
        Reader {
            input,
            format,
            number: 0,
            line: String::new(),
            done: false,
        }
    }

    /// The number of the last line or record read.
    pub fn place(&self) -> Place {
        match self.format {
            DataFormat::Text => Place::Line(self.number),
            DataFormat::Binary | DataFormat::Pack => Place::Record(self.number),
        }
    }

    fn io_error(&mut self, reason: String) -> Option<Result<Entry, DataError>> {
        self.done = true;
        Some(Err(DataError {
            place: self.place(),
            reason,
            io: true,
        }))
    }

    fn next_text(&mut self) -> Option<Result<Entry, DataError>> {
        loop {
            self.line.clear();
            self.number += 1;
            match self.input.read_line(&mut self.line) {
                Ok(0) => return None,
                Ok(_) => {}
                Err(e) => return self.io_error(format!("read error: {e}")),
            }
            let line = self.line.trim();
            if line.is_empty() {
                continue;
            }
            return Some(Entry::parse_line(line).map_err(|e| DataError {
                place: Place::Line(self.number),
                reason: e.to_string(),
                io: false,
            }));
        }
    }

    fn next_binary(&mut self) -> Option<Result<Entry, DataError>> {
        let mut buf = [0u8; RECORD_SIZE];
        let mut filled = 0;
        while filled < RECORD_SIZE {
            match self.input.read(&mut buf[filled..]) {
                Ok(0) => break,
                Ok(n) => filled += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.number += 1;
                    return self.io_error(format!("read error: {e}"));
                }
            }
        }
        if filled == 0 {
            return None;
        }
        self.number += 1;
        if filled < RECORD_SIZE {
            return self.io_error(format!(
                "truncated: the file ends {filled} bytes into a {RECORD_SIZE}-byte record"
            ));
        }
        Some(Record(buf).decode(self.number))
    }
}

impl Iterator for Reader {
    type Item = Result<Entry, DataError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        match self.format {
            DataFormat::Text => self.next_text(),
            DataFormat::Binary => self.next_binary(),
            DataFormat::Pack => self.io_error(PACK_HERE.to_string()),
        }
    }
}

/// Writes entries as text lines or binary records (a game pack is written by games,
/// with [`crate::nnue::pack`]: an error here).
pub fn write_entry(out: &mut impl Write, entry: &Entry, format: DataFormat) -> std::io::Result<()> {
    match format {
        DataFormat::Text => writeln!(out, "{}", entry.to_line()),
        DataFormat::Binary => out.write_all(&entry.to_record().0),
        DataFormat::Pack => Err(std::io::Error::other(PACK_HERE)),
    }
}

// ----- loading with filters -----------------------------------------------------------

/// Which positions the loader drops. Each filter is tried in the order of the fields;
/// a position is counted under the first one that drops it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Filters {
    /// Drop positions whose side to move is in check (default on).
    pub in_check: bool,
    /// Drop positions whose (known) move captures (default on).
    pub captures: bool,
    /// Drop positions with a full-move number below this (default 9: about the first
    /// 16 plies).
    pub min_fullmove: u16,
    /// Drop mate scores, |score| ≥ 20000 (default on).
    pub mates: bool,
    /// Drop positions with |score| above this (default 3000).
    pub max_score: i32,
}

impl Default for Filters {
    fn default() -> Filters {
        Filters {
            in_check: true,
            captures: true,
            min_fullmove: 9,
            mates: true,
            max_score: 3000,
        }
    }
}

/// Scores at or beyond this are mate scores.
pub const MATE_BOUND: i32 = 20000;

/// What the loader read and dropped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoadReport {
    /// Positions read (bad lines or records not included).
    pub read: u64,
    /// Malformed lines or records skipped (only with [`BadInput::Skip`]).
    pub bad: u64,
    /// The first few bad lines or records, with their errors.
    pub bad_examples: Vec<String>,
    /// Dropped: side to move in check.
    pub in_check: u64,
    /// Dropped: the move is a capture.
    pub captures: u64,
    /// Dropped: before `min_fullmove`.
    pub early: u64,
    /// Dropped: mate scores.
    pub mates: u64,
    /// Dropped: |score| above the cap.
    pub over_cap: u64,
    /// Kept.
    pub kept: u64,
}

impl fmt::Display for LoadReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} positions read, {} kept; dropped: {} in check, {} captures, {} early, \
             {} mate scores, {} over the score cap",
            self.read,
            self.kept,
            self.in_check,
            self.captures,
            self.early,
            self.mates,
            self.over_cap
        )?;
        if self.bad > 0 {
            write!(f, "; {} malformed skipped", self.bad)?;
        }
        Ok(())
    }
}

/// What to do with a malformed line or record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BadInput {
    /// Stop with the error (the default).
    Abort,
    /// Skip it, count it, and keep the first few errors for the report.
    Skip,
}

impl BadInput {
    /// Parses `abort` or `skip`.
    pub fn parse(text: &str) -> Option<BadInput> {
        match text {
            "abort" => Some(BadInput::Abort),
            "skip" => Some(BadInput::Skip),
            _ => None,
        }
    }
}

/// How many bad lines a report keeps verbatim.
const BAD_EXAMPLES: usize = 10;

impl LoadReport {
    /// Counts a malformed line or record, or returns the error under `Abort`.
    pub fn bad_input(&mut self, e: DataError, bad: BadInput, file: &str) -> Result<()> {
        if e.io || bad == BadInput::Abort {
            return Err(TrainerError::Data {
                file: file.to_string(),
                error: e,
            });
        }
        self.bad += 1;
        if self.bad_examples.len() < BAD_EXAMPLES {
            self.bad_examples.push(format!("{file}: {e}"));
        }
        Ok(())
    }
}

impl Filters {
    /// Whether the entry passes; counts it under the filter that drops it.
    pub fn keep(&self, entry: &Entry, report: &mut LoadReport) -> bool {
        self.keep_position(&entry.pos, entry.score, entry.mv, report)
    }

    /// [`Filters::keep`] for a position, its score and its move, without an entry.
    pub fn keep_position(
        &self,
        pos: &Position,
        score: i16,
        mv: Option<Move>,
        report: &mut LoadReport,
    ) -> bool {
        let score = i32::from(score).abs();
        let counter = if self.in_check && pos.in_check() {
            &mut report.in_check
        } else if self.captures && mv.is_some_and(|m| pos.piece_at(m.to()).is_some()) {
            &mut report.captures
        } else if pos.fullmove_number() < self.min_fullmove {
            &mut report.early
        } else if self.mates && score >= MATE_BOUND {
            &mut report.mates
        } else if score > self.max_score {
            &mut report.over_cap
        } else {
            report.kept += 1;
            return true;
        };
        *counter += 1;
        false
    }
}

/// Positions as the loader keeps them, with the games they came from.
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    /// The positions the filters passed, in file order.
    pub records: Vec<Record>,
    /// Where each game's kept positions lie in `records`, found on every position read
    /// (before the filters) by [`GameTracker`]: exactly when the move is known,
    /// heuristically otherwise (see [`crate::heldout`]).
    pub games: Games,
}

/// What a loader carries from file to file: the positions kept, the games and the
/// counts.
#[derive(Debug, Default)]
pub struct Loading {
    /// The positions kept so far, with their games.
    pub data: Dataset,
    /// Finds the games of positions read one by one.
    pub tracker: GameTracker,
    /// What was read and dropped.
    pub report: LoadReport,
}

/// Loads positions from text or binary files (binary when the name ends in `.bin`,
/// text otherwise; `-` is standard input, as text), keeping those the filters pass,
/// at most `limit` of them, as records in file order, with their games (each file
/// starts a new game; a game whose positions are all dropped is not counted). Game
/// packs (`.pack`) are refused here: [`crate::nnue::pack::load_dataset`] reads them
/// and everything this function reads.
///
/// # Errors
/// A file that cannot be read, or the first malformed line or record under
/// [`BadInput::Abort`], named with the file and the line or record number.
pub fn load_dataset(
    paths: &[String],
    filters: &Filters,
    bad: BadInput,
    limit: Option<usize>,
) -> Result<(Dataset, LoadReport)> {
    let mut loading = Loading::default();
    let limit = limit.unwrap_or(usize::MAX);
    for path in paths {
        let format = DataFormat::from_path(path).unwrap_or(DataFormat::Text);
        load_positions(path, format, filters, bad, limit, &mut loading)?;
    }
    Ok((loading.data, loading.report))
}

/// Loads one text or binary file into `loading` (see [`load_dataset`]) while fewer
/// than `limit` positions are kept.
///
/// # Errors
/// As [`load_dataset`]; a game pack is an error.
pub fn load_positions(
    path: &str,
    format: DataFormat,
    filters: &Filters,
    bad: BadInput,
    limit: usize,
    loading: &mut Loading,
) -> Result<()> {
    let Loading {
        data,
        tracker,
        report,
    } = loading;
    if format == DataFormat::Pack {
        return Err(TrainerError::Other(format!("{path}: {PACK_HERE}")));
    }
    if format == DataFormat::Binary {
        if let Ok(meta) = std::fs::metadata(path) {
            data.records
                .reserve((meta.len() / RECORD_SIZE as u64) as usize);
        }
    }
    tracker.end_game();
    for item in Reader::new(open_input(path)?, format) {
        if data.records.len() >= limit {
            break;
        }
        match item {
            Ok(entry) => {
                report.read += 1;
                tracker.observe(&entry.pos, entry.result.red_score(), entry.mv);
                if filters.keep(&entry, report) {
                    data.records.push(entry.to_record());
                    data.games.push(tracker.game(), tracker.key());
                }
            }
            Err(e) => report.bad_input(e, bad, path)?,
        }
    }
    Ok(())
}

/// [`load_dataset`] without the games.
///
/// # Errors
/// As [`load_dataset`].
pub fn load(
    paths: &[String],
    filters: &Filters,
    bad: BadInput,
    limit: Option<usize>,
) -> Result<(Vec<Record>, LoadReport)> {
    load_dataset(paths, filters, bad, limit).map(|(data, report)| (data.records, report))
}

/// Whether `path` is readable as a data file (exists), for early argument checks.
pub fn exists(path: &str) -> bool {
    path == "-" || Path::new(path).exists()
}
