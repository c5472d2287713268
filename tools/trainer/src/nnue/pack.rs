//! Game packs: whole games in a few bytes a position. A pack holds each game once, as
//! its start position (the 40-byte record of [`crate::nnue::data`]) and then every ply
//! played: the move, and the search's score when the position was searched. The random
//! opening plies of `datagen` are kept as unscored plies (two bytes each), so a game is
//! there from its opening on; a searched position costs four bytes. Nothing is filtered
//! when a pack is written: the loader ([`load_dataset`]) applies the [`Filters`] to the
//! scored positions, and knows where every game begins and ends.
//!
//! # Layout, version 1 (little-endian)
//!
//! The file: a 16-byte header, then games one after the other, until the end of the
//! file (an empty pack is the header alone).
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic, the ASCII bytes `CHARPACK` |
//! | 8 | 2 | version, `u16`: 1 |
//! | 10 | 6 | reserved, zero |
//!
//! A game:
//!
//! | size | field |
//! |---|---|
//! | 40 | the start position as a binary record ([`crate::nnue::data`]), the result byte holding the game's result for Red; the score field (bytes 28..30) and the move field (32..34) are zero |
//! | 2 or 4 | each ply, in the order played: a `u16` word, bits 0..6 the origin square, bits 7..13 the destination (`Square::index()`; the layout of `Move::raw()`), bit 14 zero, bit 15 set when the ply is **scored**; a scored ply's word is followed by its score, `i16`, from Red's point of view, engine units, within ±32000 (the text form's convention) |
//! | 2 | the terminator, a zero word (from a0 to a0 is never a move) |
//!
//! A scored ply is one training position: the position before the move, its score, the
//! game's result and the move. Unscored plies (the random opening plies) only lead to
//! the next position. Every move must be legal where it is played.
//!
//! # Errors
//!
//! The reader ([`PackReader`]) names the game (from 1; the header is game 0) and the
//! byte offset, from the start of the file, of the field at fault. A wrong magic or
//! version, reserved bits set, a file that ends inside a game and a game of more than
//! [`MAX_PLIES`] plies stop the reading (the rest of the file cannot be trusted). A bad
//! start record, a non-zero score or move field in it, a move code that is no move, an
//! illegal move or a score beyond ±32000 spoil only their game: the reader goes on to
//! its terminator, and the next game can be read (`--bad skip` skips such games).

use std::fs::{File, OpenOptions};
use std::io::{BufRead, Read, Seek, Write};

use chariot::board::{Move, Outcome, Position, Square};

use crate::error::{Result, TrainerError};
use crate::nnue::data::{
    open_input, record_of, BadInput, DataError, DataFormat, Dataset, Entry, Filters, LoadReport,
    Loading, Place, Record, RECORD_SIZE, SCORE_LIMIT,
};

/// The first eight bytes of a pack.
pub const MAGIC: [u8; 8] = *b"CHARPACK";

/// The version this module reads and writes.
pub const VERSION: u16 = 1;

/// Size of the file header in bytes.
pub const HEADER_SIZE: usize = 16;

/// The longest game a reader accepts, in plies.
pub const MAX_PLIES: usize = 10_000;

/// Bit 15 of a ply's word: a score follows.
const SCORED: u16 = 1 << 15;

/// Bit 14 of a ply's word: reserved, zero.
const RESERVED: u16 = 1 << 14;

/// One ply of a game: the move and, when the position was searched, its score (Red's
/// view).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ply {
    /// The move played.
    pub mv: Move,
    /// The search's score of the position before the move, from Red's point of view;
    /// `None` for an unscored ply (a random opening move).
    pub score: Option<i16>,
}

/// A game: its start position, its result and every ply played from it.
#[derive(Clone, Debug)]
pub struct Game {
    /// The position the game starts from.
    pub start: Position,
    /// The game's result for Red.
    pub result: Outcome,
    /// The plies, in the order played; each move legal where it is played.
    pub plies: Vec<Ply>,
}

/// The file header of a pack of this version.
pub fn header() -> [u8; HEADER_SIZE] {
    let mut h = [0u8; HEADER_SIZE];
    h[..8].copy_from_slice(&MAGIC);
    h[8..10].copy_from_slice(&VERSION.to_le_bytes());
    h
}

/// What is wrong with a header; `None` when it is one this module reads.
fn header_fault(h: &[u8; HEADER_SIZE]) -> Option<(u64, String)> {
    if h[..8] != MAGIC {
        return Some((
            0,
            format!(
                "not a game pack: the magic is {:?}, not \"CHARPACK\"",
                String::from_utf8_lossy(&h[..8])
            ),
        ));
    }
    let version = u16::from_le_bytes([h[8], h[9]]);
    if version != VERSION {
        return Some((
            8,
            format!("version {version}: this reader reads version {VERSION}"),
        ));
    }
    if let Some(i) = h[10..].iter().position(|&b| b != 0) {
        return Some((10 + i as u64, "reserved header bytes are not zero".into()));
    }
    None
}

impl Game {
    /// A game from `start` with no ply yet.
    pub fn new(start: Position, result: Outcome) -> Game {
        Game {
            start,
            result,
            plies: Vec::new(),
        }
    }

    /// The number of scored plies: the training positions the game holds.
    pub fn positions(&self) -> usize {
        self.plies.iter().filter(|p| p.score.is_some()).count()
    }

    /// Appends the game's bytes (start record, plies, terminator) to `out`. Scores are
    /// clamped to ±32000; the moves are trusted to be legal.
    pub fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&record_of(&self.start, 0, self.result, None).0);
        for ply in &self.plies {
            let word = ply.mv.raw() | if ply.score.is_some() { SCORED } else { 0 };
            out.extend_from_slice(&word.to_le_bytes());
            if let Some(score) = ply.score {
                let score = score.clamp(-SCORE_LIMIT as i16, SCORE_LIMIT as i16);
                out.extend_from_slice(&score.to_le_bytes());
            }
        }
        out.extend_from_slice(&0u16.to_le_bytes());
    }

    /// Plays the game through, calling `visit` with the position before each ply.
    pub fn replay(&self, mut visit: impl FnMut(&Position, Ply)) {
        let mut pos = self.start.clone();
        for &ply in &self.plies {
            visit(&pos, ply);
            pos.play(ply.mv);
        }
    }

    /// The training positions: every scored ply as an entry (position before the move,
    /// score, result, move), in order.
    pub fn entries(&self) -> Vec<Entry> {
        let mut out = Vec::new();
        self.replay(|pos, ply| {
            if let Some(score) = ply.score {
                out.push(Entry {
                    pos: pos.clone(),
                    score,
                    result: self.result,
                    mv: Some(ply.mv),
                });
            }
        });
        out
    }
}

// ----- writing ------------------------------------------------------------------------

/// Writes games to a pack.
pub struct PackWriter<W: Write> {
    out: W,
    buf: Vec<u8>,
    /// Games written.
    pub games: u64,
    /// Bytes written, the header included when this writer wrote it.
    pub bytes: u64,
}

impl<W: Write> PackWriter<W> {
    /// A writer of a new pack: writes the header.
    ///
    /// # Errors
    /// The writer's.
    pub fn new(mut out: W) -> std::io::Result<PackWriter<W>> {
        out.write_all(&header())?;
        Ok(PackWriter {
            out,
            buf: Vec::new(),
            games: 0,
            bytes: HEADER_SIZE as u64,
        })
    }

    /// A writer that appends games to a pack whose header is already written (see
    /// [`open_for_append`]).
    pub fn appending(out: W) -> PackWriter<W> {
        PackWriter {
            out,
            buf: Vec::new(),
            games: 0,
            bytes: 0,
        }
    }

    /// Writes one game, in one piece.
    ///
    /// # Errors
    /// The writer's.
    pub fn write_game(&mut self, game: &Game) -> std::io::Result<()> {
        self.buf.clear();
        game.encode(&mut self.buf);
        self.out.write_all(&self.buf)?;
        self.games += 1;
        self.bytes += self.buf.len() as u64;
        Ok(())
    }

    /// Flushes the output.
    ///
    /// # Errors
    /// The writer's.
    pub fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

/// Opens the pack at `path` to append games: a new or empty file gets the header; an
/// existing one must start with this version's header.
///
/// # Errors
/// A file that cannot be opened, read or written, or that is not a pack of this
/// version.
pub fn open_for_append(path: &str) -> Result<File> {
    let mut file = OpenOptions::new()
        .create(true)
        .read(true)
        .append(true)
        .open(path)
        .map_err(|e| TrainerError::io(path, e))?;
    let len = file
        .metadata()
        .map_err(|e| TrainerError::io(path, e))?
        .len();
    if len == 0 {
        file.write_all(&header())
            .map_err(|e| TrainerError::io(path, e))?;
        return Ok(file);
    }
    let mut h = [0u8; HEADER_SIZE];
    file.rewind().map_err(|e| TrainerError::io(path, e))?;
    let read = file.read_exact(&mut h);
    let fault = match read {
        Err(_) => Some((
            len,
            "truncated: the file ends inside the header".to_string(),
        )),
        Ok(()) => header_fault(&h),
    };
    if let Some((byte, reason)) = fault {
        return Err(TrainerError::Data {
            file: path.to_string(),
            error: DataError {
                place: Place::Pack { game: 0, byte },
                reason: format!("{reason}; games are appended only to a pack"),
                io: true,
            },
        });
    }
    Ok(file)
}

// ----- reading ------------------------------------------------------------------------

/// Reads the games of a pack one by one. Each item is a game or the error of one game
/// (reading goes on after it unless `io` is set: see the module documentation).
pub struct PackReader {
    input: Box<dyn BufRead>,
    /// Bytes read so far: the offset of the next byte.
    offset: u64,
    /// Games begun so far.
    game: u64,
    header_read: bool,
    done: bool,
}

/// A fault and where: the byte offset and what is wrong.
type Fault = (u64, String);

impl PackReader {
    /// A reader of the pack `input` (from its first byte, the header).
    pub fn new(input: Box<dyn BufRead>) -> PackReader {
        PackReader {
            input,
            offset: 0,
            game: 0,
            header_read: false,
            done: false,
        }
    }

    /// The offset of the next byte to read.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// Reads into `buf` until it is full or the input ends; the number of bytes read.
    fn fill(&mut self, buf: &mut [u8]) -> std::result::Result<usize, Fault> {
        let mut filled = 0;
        while filled < buf.len() {
            match self.input.read(&mut buf[filled..]) {
                Ok(0) => break,
                Ok(n) => filled += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err((self.offset + filled as u64, format!("read error: {e}"))),
            }
        }
        self.offset += filled as u64;
        Ok(filled)
    }

    /// Reads exactly `N` bytes of the field `what`; a shorter read is a truncation.
    fn field<const N: usize>(&mut self, what: &str) -> std::result::Result<[u8; N], Fault> {
        let at = self.offset;
        let mut buf = [0u8; N];
        let n = self.fill(&mut buf)?;
        if n < N {
            return Err((
                at,
                format!(
                    "truncated: the file ends {n} byte(s) into {what} ({N} bytes at byte {at})"
                ),
            ));
        }
        Ok(buf)
    }

    fn fatal(&mut self, game: u64, (byte, reason): Fault) -> Option<Result<Game, DataError>> {
        self.done = true;
        Some(Err(DataError {
            place: Place::Pack { game, byte },
            reason,
            io: true,
        }))
    }

    /// The next game, or the first fault of a game whose structure is sound (then the
    /// reader stands after its terminator).
    fn read_game(&mut self) -> std::result::Result<Option<Result<Game, Fault>>, Fault> {
        let at = self.offset;
        let mut rec = [0u8; RECORD_SIZE];
        let n = self.fill(&mut rec)?;
        if n == 0 {
            return Ok(None);
        }
        self.game += 1;
        if n < RECORD_SIZE {
            return Err((
                at,
                format!(
                    "truncated: the file ends {n} byte(s) into the game's 40-byte start record"
                ),
            ));
        }
        let record = Record(rec);
        let mut fault: Option<Fault> = None;
        let mut game = None;
        match record.decode(self.game) {
            Err(e) => fault = Some((at, format!("start record: {}", e.reason))),
            Ok(_) if record.score() != 0 => {
                fault = Some((at + 28, "start record: the score field is not zero".into()));
            }
            Ok(_) if record.move_raw() != 0 => {
                fault = Some((at + 32, "start record: the move field is not zero".into()));
            }
            Ok(entry) => game = Some((Game::new(entry.pos.clone(), entry.result), entry.pos)),
        }
        let mut plies = 0usize;
        loop {
            let at = self.offset;
            let word = u16::from_le_bytes(self.field::<2>("a ply's move word")?);
            if word == 0 {
                break;
            }
            plies += 1;
            if word & RESERVED != 0 {
                return Err((
                    at,
                    format!("ply {plies}: word {word:#06x} has the reserved bit 14 set"),
                ));
            }
            if plies > MAX_PLIES {
                return Err((
                    at,
                    format!("more than {MAX_PLIES} plies without a terminator"),
                ));
            }
            let score = if word & SCORED != 0 {
                Some(i16::from_le_bytes(self.field::<2>("a ply's score")?))
            } else {
                None
            };
            if fault.is_some() {
                continue;
            }
            let Some((g, pos)) = game.as_mut() else {
                continue;
            };
            match ply_fault(pos, word, score, plies) {
                Ok(ply) => {
                    g.plies.push(ply);
                    pos.play(ply.mv);
                }
                Err((offset, reason)) => fault = Some((at + offset, reason)),
            }
        }
        Ok(Some(match (fault, game) {
            (Some(fault), _) => Err(fault),
            (None, Some((g, _))) => Ok(g),
            (None, None) => unreachable!("a game without a fault has its start"),
        }))
    }
}

/// The ply of `word` (and `score`), number `n`, when it can be played in `pos`; else
/// the offset of the fault from the word and what it is.
fn ply_fault(pos: &Position, word: u16, score: Option<i16>, n: usize) -> Result<Ply, Fault> {
    let (from, to) = ((word & 0x7F) as u8, ((word >> 7) & 0x7F) as u8);
    let squares = Square::try_from_index(from).zip(Square::try_from_index(to));
    let Some((from, to)) = squares.filter(|(f, t)| f != t) else {
        return Err((0, format!("ply {n}: bad move code {:#06x}", word & 0x3FFF)));
    };
    let mv = Move::new(from, to);
    if !pos.is_legal(mv) {
        return Err((
            0,
            format!("ply {n}: move {mv} is not legal in {}", pos.to_fen()),
        ));
    }
    if let Some(s) = score {
        if i32::from(s).abs() > SCORE_LIMIT {
            return Err((2, format!("ply {n}: score {s} beyond ±{SCORE_LIMIT}")));
        }
    }
    Ok(Ply { mv, score })
}

impl Iterator for PackReader {
    type Item = Result<Game, DataError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        if !self.header_read {
            self.header_read = true;
            let h = match self.field::<HEADER_SIZE>("the 16-byte header") {
                Ok(h) => h,
                Err(fault) => return self.fatal(0, fault),
            };
            if let Some(fault) = header_fault(&h) {
                return self.fatal(0, fault);
            }
        }
        match self.read_game() {
            Ok(None) => {
                self.done = true;
                None
            }
            Ok(Some(Ok(game))) => Some(Ok(game)),
            Ok(Some(Err((byte, reason)))) => Some(Err(DataError {
                place: Place::Pack {
                    game: self.game,
                    byte,
                },
                reason,
                io: false,
            })),
            Err(fault) => {
                let game = self.game;
                self.fatal(game, fault)
            }
        }
    }
}

// ----- from positions to games --------------------------------------------------------

/// Gathers positions read one by one (each with its move) into games: a position
/// continues the current game when it is the game's position after its last move
/// (same placement, side to move and both move counters) and has the same result;
/// otherwise it starts a new game.
#[derive(Default)]
pub struct Assembler {
    current: Option<(Game, Position)>,
}

impl Assembler {
    /// An assembler before the first position.
    pub fn new() -> Assembler {
        Assembler::default()
    }

    /// Adds the scored position `pos` with its move; returns the game it ends (when it
    /// starts a new one).
    pub fn push(&mut self, pos: &Position, score: i16, result: Outcome, mv: Move) -> Option<Game> {
        let ply = Ply {
            mv,
            score: Some(score),
        };
        if let Some((game, now)) = self.current.as_mut() {
            let continues = game.result == result
                && now.key() == pos.key()
                && now.fullmove_number() == pos.fullmove_number()
                && now.rule60_plies() == pos.rule60_plies();
            if continues {
                game.plies.push(ply);
                now.play(mv);
                return None;
            }
        }
        let mut now = pos.clone();
        now.play(mv);
        let mut game = Game::new(pos.clone(), result);
        game.plies.push(ply);
        self.current.replace((game, now)).map(|(g, _)| g)
    }

    /// The last game, if any.
    pub fn finish(&mut self) -> Option<Game> {
        self.current.take().map(|(g, _)| g)
    }
}

// ----- loading ------------------------------------------------------------------------

/// Loads the scored positions of one pack into `loading`, keeping those the filters
/// pass while fewer than `limit` are kept. Each game is a game of the dataset, keyed
/// (for the held-out split) by its first scored position, as the text form of the same
/// game would be.
///
/// # Errors
/// A file that cannot be read, a game that cannot be read under [`BadInput::Abort`], or
/// a fault that stops the reading (see the module documentation), named with the file,
/// the game and the byte.
pub fn load_pack(
    path: &str,
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
    for item in PackReader::new(open_input(path)?) {
        if data.records.len() >= limit {
            break;
        }
        let game = match item {
            Ok(game) => game,
            Err(e) => {
                report.bad_input(e, bad, path)?;
                continue;
            }
        };
        tracker.end_game();
        let mut begun = false;
        let red = game.result.red_score();
        game.replay(|pos, ply| {
            // The game is tracked from its first scored ply on, so that its key is the
            // first position the text form would write.
            begun |= ply.score.is_some();
            if !begun || data.records.len() >= limit {
                return;
            }
            tracker.observe(pos, red, Some(ply.mv));
            let Some(score) = ply.score else {
                return;
            };
            report.read += 1;
            if filters.keep_position(pos, score, Some(ply.mv), report) {
                data.records
                    .push(record_of(pos, score, game.result, Some(ply.mv)));
                data.games.push(tracker.game(), tracker.key());
            }
        });
    }
    Ok(())
}

/// Loads positions from game packs (`.pack`), binary records (`.bin`) and text lines
/// (anything else; `-` is standard input, as text), as
/// [`data::load_dataset`](crate::nnue::data::load_dataset) does for the last two: the
/// positions the filters pass, at most `limit` of them, in file order, with their
/// games (exact in a pack; each file starts a new game).
///
/// # Errors
/// A file that cannot be read, or the first malformed line, record or game under
/// [`BadInput::Abort`] (or a pack fault that stops the reading), named with the file
/// and the line, record or game and byte.
pub fn load_dataset(
    paths: &[String],
    filters: &Filters,
    bad: BadInput,
    limit: Option<usize>,
) -> Result<(Dataset, LoadReport)> {
    let mut loading = Loading::default();
    let limit = limit.unwrap_or(usize::MAX);
    for path in paths {
        match DataFormat::from_path(path).unwrap_or(DataFormat::Text) {
            DataFormat::Pack => load_pack(path, filters, bad, limit, &mut loading)?,
            format => {
                crate::nnue::data::load_positions(path, format, filters, bad, limit, &mut loading)?
            }
        }
    }
    Ok((loading.data, loading.report))
}
