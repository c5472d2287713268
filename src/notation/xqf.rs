//! XQF, XQStudio's binary game files: read (the published 1.0 layout and the later
//! versions' encrypted one) and written (1.0).
//!
//! # Layout
//!
//! A 1024-byte header, then the move records. Header, as the published description of
//! XQF 1.0 gives it (offsets in hex): `0000` the mark `XQ`, `0002` the version (`0x0A`
//! = 1.0; later XQStudio versions write 11 up to 18, the last this reader knows: other
//! versions are refused), `0010..0030` the start position as 32 piece slots, `0032` who
//! moves first (0 Red, 1 Black; reserved, 0, in 1.0), `0033` the result (0 unknown, 1
//! Red won, 2 Black won, 3 draw),
//! `0040` the kind of file (0 whole game, 1 opening, 2 middle game, 3 ending), then
//! strings, each a length byte and its GBK bytes in a fixed field: title (`0050`, 64
//! bytes), event (`00D0`, 64), date (`0110`, 16), site (`0120`, 16), Red (`0130`, 16),
//! Black (`0140`, 16), time control (`0150`, 64), Red's and Black's time (`0190`,
//! `01A0`, 16 each), annotator (`01D0`, 16), author (`01E0`, 16).
//!
//! The 32 slots hold, for Red and then Black, rook, horse, elephant, advisor, king,
//! advisor, elephant, horse, rook, cannon, cannon and five pawns; each is a point
//! `X*10+Y` (X the file from Red's left, 0..8, Y the rank from Red's side, 0..9) or 255
//! for a piece not on the board (later versions write other values of 90 and up for it).
//!
//! From `0400` come the move records of the main line, the first an empty "move 0"
//! (its comment is the one before the first move). In 1.0 a record is the from-point
//! plus 24, the to-point plus 32, a flag byte (`0xF0` more moves follow, `0x00` the
//! last), a reserved byte, a 32-bit little-endian comment length and the comment.
//!
//! Who moves first: Black when byte `0032` says 1 (a diagram with Black to move), or
//! when the first move is a Black piece's (1.0 tells it only by the first move, and
//! [`write_xqf`] writes 1.0); else Red.
//!
//! # Later versions (11 and up)
//!
//! As published in ElephantEye's XQF converter (read for the facts only): header bytes
//! `0008..0010` are keys from which offsets are derived. With `k` = byte `000D`, the
//! slot offset is `(k * (54 k² + 221)) mod 256`; the from offset is `((54 e² + 221) *
//! slot offset) mod 256` with `e` = byte `000E`, the to offset the same with byte
//! `000F` and the from offset; the comment offset is `(256 b₁₂ + b₁₃) mod 32000 + 767`.
//! Slots have the slot offset subtracted (and from version 12 on, slot `i` of the file
//! is slot `(offset + 1 + i) mod 32` of the position). From `0400` every byte is
//! decrypted by subtracting the next byte of a 32-byte key stream, `(b[8 + i mod 4] |
//! (b[12 + i mod 4] & b[3])) & M[i]` with `M` the text `[(C) Copyright Mr. Dong
//! Shiwei.]`. A record is then 4 bytes (from, to, flags, reserved): flag `0x20` says a
//! 4-byte comment length follows (less the comment offset), flag `0x80` that the main
//! line goes on. Variations follow their main line in the file and are not read.
//!
//! # What a round trip keeps
//!
//! [`write_xqf`] writes 1.0 (no encryption). Reading what it wrote gives back the
//! start position (its move counters excepted: XQF has none), the moves, the result,
//! the comments (several at one point are joined by a line break) and the tags that
//! have a field: `Title`, `Event`, `Date`, `Site`, `Red`, `Black`, `TimeControl`,
//! `RedTime`, `BlackTime`, `Annotator`, `Author`. Writing a game read from a 1.0 file
//! gives the same bytes.

use std::fmt;

use encoding_rs::GB18030;

use crate::board::fen::Setup;
use crate::board::{Color, Move, Piece, PieceKind, Position, PositionError, Square};

use super::pgn::PgnGame;

/// The size of the header; the records start here.
const HEADER: usize = 0x400;

/// The version [`write_xqf`] writes (1.0).
const VERSION_1_0: u8 = 0x0A;

/// The last version this reader knows: 18, what XQStudio 1.8 writes. Later versions
/// may lay the file out otherwise; they are refused rather than misread.
const LAST_VERSION: u8 = 18;

/// The header byte that says who moves first (0 Red, 1 Black).
const SIDE_TO_MOVE: usize = 0x32;

/// Slot kinds, for each colour (slots 0..16 Red, 16..32 Black).
const SLOT_KINDS: [PieceKind; 16] = [
    PieceKind::Rook,
    PieceKind::Horse,
    PieceKind::Elephant,
    PieceKind::Advisor,
    PieceKind::King,
    PieceKind::Advisor,
    PieceKind::Elephant,
    PieceKind::Horse,
    PieceKind::Rook,
    PieceKind::Cannon,
    PieceKind::Cannon,
    PieceKind::Pawn,
    PieceKind::Pawn,
    PieceKind::Pawn,
    PieceKind::Pawn,
    PieceKind::Pawn,
];

/// The header's strings: offset, field size, tag name.
const FIELDS: [(usize, usize, &str); 11] = [
    (0x50, 64, "Title"),
    (0xD0, 64, "Event"),
    (0x110, 16, "Date"),
    (0x120, 16, "Site"),
    (0x130, 16, "Red"),
    (0x140, 16, "Black"),
    (0x150, 64, "TimeControl"),
    (0x190, 16, "RedTime"),
    (0x1A0, 16, "BlackTime"),
    (0x1D0, 16, "Annotator"),
    (0x1E0, 16, "Author"),
];

/// The key stream's mask, as the later versions define it.
const KEY_MASK: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";

/// Why an XQF file could not be read or a game not written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum XqfProblem {
    /// The file does not start with `XQ`.
    NotXqf,
    /// The file ends before the header or a record does.
    Truncated,
    /// A version byte this reader does not know (it reads 10, 1.0, to 18).
    UnknownVersion { version: u8 },
    /// The side-to-move byte is neither 0 (Red) nor 1 (Black).
    BadSideToMove { value: u8 },
    /// The slots give no legal position.
    BadPosition(PositionError),
    /// A move's from- or to-point is off the board.
    BadPoint { value: u8 },
    /// A move that is not legal in turn.
    Illegal(Move),
    /// (Writing) XQF tells who moves first only by the first move: a set-up with Black
    /// to move and no moves cannot be written.
    BlackFirstWithoutMoves,
}

impl fmt::Display for XqfProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            XqfProblem::NotXqf => f.write_str("not an XQF file (it does not start with 'XQ')"),
            XqfProblem::Truncated => f.write_str("the file ends too early (truncated)"),
            XqfProblem::UnknownVersion { version } => write!(
                f,
                "XQF version {version} is not one this reader knows (10, that is 1.0, to \
                 {LAST_VERSION})"
            ),
            XqfProblem::BadSideToMove { value } => write!(
                f,
                "the side to move is {value}, neither 0 (Red) nor 1 (Black)"
            ),
            XqfProblem::BadPosition(e) => write!(f, "the start position is not legal: {e}"),
            XqfProblem::BadPoint { value } => write!(f, "point {value} is off the board"),
            XqfProblem::Illegal(mv) => write!(f, "{mv} is not a legal move"),
            XqfProblem::BlackFirstWithoutMoves => f.write_str(
                "XQF tells who moves first only by the first move: a set-up with Black to \
                 move and no moves cannot be written",
            ),
        }
    }
}

/// An XQF problem and where: the byte offset and, for a move, its 1-based number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XqfError {
    /// Byte offset in the file.
    pub offset: usize,
    /// 1-based number of the move, when a move record was at fault.
    pub move_number: Option<usize>,
    /// What is wrong.
    pub problem: XqfProblem,
}

impl fmt::Display for XqfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(n) = self.move_number {
            write!(f, "move {n}, ")?;
        }
        write!(f, "byte 0x{:04X}: {}", self.offset, self.problem)
    }
}

impl std::error::Error for XqfError {}

fn error(offset: usize, problem: XqfProblem) -> XqfError {
    XqfError {
        offset,
        move_number: None,
        problem,
    }
}

/// Whether `bytes` look like an XQF file: the `XQ` mark and a version byte that is no
/// printable character (a text file starting with "XQ" has one there).
pub fn is_xqf(bytes: &[u8]) -> bool {
    bytes.len() >= 3 && bytes.starts_with(b"XQ") && !(0x20..0x7F).contains(&bytes[2])
}

/// The offsets and key stream of one file.
struct Cipher {
    version: u8,
    slot_offset: u8,
    from_offset: u8,
    to_offset: u8,
    comment_offset: u32,
    stream: [u8; 32],
    index: usize,
}

impl Cipher {
    fn new(header: &[u8]) -> Cipher {
        let version = header[2];
        if version < 11 {
            return Cipher {
                version,
                slot_offset: 0,
                from_offset: 0,
                to_offset: 0,
                comment_offset: 0,
                stream: [0; 32],
                index: 0,
            };
        }
        let square = |x: u8| -> u32 { 54 * u32::from(x) * u32::from(x) + 221 };
        let slot_offset = (square(header[13]).wrapping_mul(u32::from(header[13]))) as u8;
        let from_offset = (square(header[14]).wrapping_mul(u32::from(slot_offset))) as u8;
        let to_offset = (square(header[15]).wrapping_mul(u32::from(from_offset))) as u8;
        let comment_offset = (u32::from(header[12]) * 256 + u32::from(header[13])) % 32000 + 767;
        let mut stream = [0u8; 32];
        for (i, s) in stream.iter_mut().enumerate() {
            let key = header[8 + i % 4] | (header[12 + i % 4] & header[3]);
            *s = key & KEY_MASK[i];
        }
        Cipher {
            version,
            slot_offset,
            from_offset,
            to_offset,
            comment_offset,
            stream,
            index: 0,
        }
    }

    fn encrypted(&self) -> bool {
        self.version >= 11
    }

    /// Reads `n` bytes at `*at`, decrypted, and moves past them.
    fn read(&mut self, bytes: &[u8], at: &mut usize, n: usize) -> Result<Vec<u8>, XqfError> {
        let end = at
            .checked_add(n)
            .filter(|&end| end <= bytes.len())
            .ok_or_else(|| error(*at, XqfProblem::Truncated))?;
        let mut out = bytes[*at..end].to_vec();
        if self.encrypted() {
            for b in &mut out {
                *b = b.wrapping_sub(self.stream[self.index]);
                self.index = (self.index + 1) % 32;
            }
        }
        *at = end;
        Ok(out)
    }
}

/// The square of XQF point `value` (`X*10 + Y`).
fn point_square(value: u8) -> Option<Square> {
    if value >= 90 {
        return None;
    }
    Square::from_coords(i32::from(value / 10), i32::from(value % 10))
}

/// The XQF point of `sq`.
fn square_point(sq: Square) -> u8 {
    sq.file() * 10 + sq.rank()
}

/// A header string: GBK bytes after a length byte, in a field of `size` bytes.
fn header_string(header: &[u8], offset: usize, size: usize) -> String {
    let len = usize::from(header[offset]).min(size - 1);
    let raw = &header[offset + 1..offset + 1 + len];
    // Some writers pad with NULs inside the length.
    let raw = raw.split(|&b| b == 0).next().unwrap_or(&[]);
    GB18030.decode_without_bom_handling(raw).0.into_owned()
}

/// Reads an XQF file's main line as a game: the start position, the moves (each checked
/// against the rules), the comments, the result and the header's strings as tags.
///
/// # Errors
/// An [`XqfError`] with the byte offset (and the move's number) of the first problem: no
/// `XQ` mark, a file that ends too early, a slot or point off the board, a start
/// position that is not legal, an illegal move.
pub fn read_xqf(bytes: &[u8]) -> Result<PgnGame, XqfError> {
    if !bytes.starts_with(b"XQ") {
        return Err(error(0, XqfProblem::NotXqf));
    }
    if bytes.len() < HEADER {
        return Err(error(bytes.len(), XqfProblem::Truncated));
    }
    let header = &bytes[..HEADER];
    let version = header[2];
    if !(VERSION_1_0..=LAST_VERSION).contains(&version) {
        return Err(error(2, XqfProblem::UnknownVersion { version }));
    }
    let mut cipher = Cipher::new(header);

    // The start position.
    let mut slots = [255u8; 32];
    for (i, &raw) in header[0x10..0x30].iter().enumerate() {
        let value = raw.wrapping_sub(cipher.slot_offset);
        let slot = if cipher.version >= 12 {
            (usize::from(cipher.slot_offset) + 1 + i) % 32
        } else {
            i
        };
        slots[slot] = value;
    }
    let mut setup = Setup::parse("9/9/9/9/9/9/9/9/9/9 w").expect("an empty board parses");
    setup.side = match header[SIDE_TO_MOVE] {
        0 => Color::Red,
        1 => Color::Black,
        value => return Err(error(SIDE_TO_MOVE, XqfProblem::BadSideToMove { value })),
    };
    for (slot, &value) in slots.iter().enumerate() {
        // 255 (the description's mark), or any value off the board: not on the board.
        let Some(sq) = point_square(value) else {
            continue;
        };
        let color = if slot < 16 { Color::Red } else { Color::Black };
        setup.board[sq.index()] = Some(Piece::new(color, SLOT_KINDS[slot % 16]));
    }

    let mut game = PgnGame::default();
    for (offset, size, name) in FIELDS {
        let value = header_string(header, offset, size);
        if !value.is_empty() {
            game.tags.push((name.to_string(), value));
        }
    }
    game.result = match header[0x33] {
        1 => "1-0",
        2 => "0-1",
        3 => "1/2-1/2",
        _ => "*",
    }
    .to_string();

    // The main line.
    let mut at = HEADER;
    let mut pos: Option<Position> = None;
    let mut record = 0usize;
    loop {
        let record_at = at;
        let at_move = |e: XqfError| XqfError {
            move_number: (record > 0).then_some(record),
            ..e
        };
        let fields = cipher.read(bytes, &mut at, 4).map_err(at_move)?;
        let (from, to, flags) = (fields[0], fields[1], fields[2]);
        let comment_len = if !cipher.encrypted() {
            let raw = cipher.read(bytes, &mut at, 4).map_err(at_move)?;
            i64::from(i32::from_le_bytes([raw[0], raw[1], raw[2], raw[3]]))
        } else if flags & 0x20 != 0 {
            let raw = cipher.read(bytes, &mut at, 4).map_err(at_move)?;
            i64::from(u32::from_le_bytes([raw[0], raw[1], raw[2], raw[3]]))
                - i64::from(cipher.comment_offset)
        } else {
            0
        };
        let more = if cipher.encrypted() {
            flags & 0x80 != 0
        } else {
            flags & 0xF0 != 0
        };
        if record > 0 {
            let from = from.wrapping_sub(24).wrapping_sub(cipher.from_offset);
            let to = to.wrapping_sub(32).wrapping_sub(cipher.to_offset);
            let point = |value: u8| {
                point_square(value)
                    .ok_or_else(|| at_move(error(record_at, XqfProblem::BadPoint { value })))
            };
            let mv = Move::new(point(from)?, point(to)?);
            if pos.is_none() {
                // A file that says Red (or, as 1.0 does, nothing) moves first, whose
                // first move is Black's: Black moves first (1.0 tells it only so).
                if setup.board[mv.from().index()].is_some_and(|p| p.color() == Color::Black) {
                    setup.side = Color::Black;
                }
                pos = Some(start_position(&setup)?);
            }
            let p = pos.as_mut().expect("set above");
            if !p.is_legal(mv) {
                return Err(at_move(error(record_at, XqfProblem::Illegal(mv))));
            }
            p.make_move(mv);
            game.moves.push(mv);
        }
        if comment_len > 0 {
            let len = usize::try_from(comment_len).unwrap_or(usize::MAX);
            let raw = cipher.read(bytes, &mut at, len).map_err(at_move)?;
            let text = GB18030.decode_without_bom_handling(&raw).0.into_owned();
            game.comments.push((game.moves.len(), text));
        }
        record += 1;
        if !more {
            break;
        }
    }
    game.start = start_position(&setup)?;
    Ok(game)
}

fn start_position(setup: &Setup) -> Result<Position, XqfError> {
    Position::from_setup(setup).map_err(|e| error(0x10, XqfProblem::BadPosition(e)))
}

/// GBK bytes of `text` cut to at most `max` bytes at a character boundary, and whether
/// it was cut.
fn gbk_bytes(text: &str, max: usize) -> (Vec<u8>, bool) {
    let mut out = Vec::new();
    let mut buf = [0u8; 4];
    for c in text.chars() {
        let (bytes, _, _) = GB18030.encode(c.encode_utf8(&mut buf));
        if out.len() + bytes.len() > max {
            return (out, true);
        }
        out.extend_from_slice(&bytes);
    }
    (out, false)
}

/// A game written as XQF.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XqfWritten {
    /// The file's bytes.
    pub bytes: Vec<u8>,
    /// The tags whose value was too long for its field and was cut.
    pub cut: Vec<String>,
}

/// Writes `game` as an XQF 1.0 file (the main line, its comments, the result and the
/// tags that have a field; see the module's notes on what a round trip keeps). A tag
/// value longer than its field is cut at a character and named in
/// [`XqfWritten::cut`].
///
/// # Errors
/// A set-up with Black to move and no moves ([`XqfProblem::BlackFirstWithoutMoves`]).
pub fn write_xqf(game: &PgnGame) -> Result<XqfWritten, XqfError> {
    if game.moves.is_empty() && game.start.side_to_move() == Color::Black {
        return Err(error(HEADER, XqfProblem::BlackFirstWithoutMoves));
    }
    let mut out = vec![0u8; HEADER];
    out[0] = b'X';
    out[1] = b'Q';
    out[2] = VERSION_1_0;

    // Slots: for each kind, Red's pieces from its right (the highest file first),
    // Black's from its right (the lowest file first), as the description's start
    // position has them.
    let mut slots = [255u8; 32];
    for color in Color::ALL {
        let base = if color == Color::Red { 0 } else { 16 };
        for kind in PieceKind::ALL {
            let mut squares: Vec<Square> = game.start.pieces(color, kind).into_iter().collect();
            squares.sort_by_key(|s| (s.file(), s.rank()));
            if color == Color::Red {
                squares.reverse();
            }
            let free = (0..16).filter(|&i| SLOT_KINDS[i] == kind);
            // A legal position never has more pieces of a kind than the set has slots.
            for (slot, sq) in free.zip(squares) {
                slots[base + slot] = square_point(sq);
            }
        }
    }
    out[0x10..0x30].copy_from_slice(&slots);
    out[0x33] = match game.result.as_str() {
        "1-0" => 1,
        "0-1" => 2,
        "1/2-1/2" => 3,
        _ => 0,
    };
    out[0x40] = if game.start == Position::startpos() {
        0
    } else {
        3
    };
    let mut cut = Vec::new();
    for (offset, size, name) in FIELDS {
        let Some(value) = game.tag(name) else {
            continue;
        };
        let (bytes, was_cut) = gbk_bytes(value, size - 1);
        if was_cut {
            cut.push(name.to_string());
        }
        out[offset] = bytes.len() as u8;
        out[offset + 1..offset + 1 + bytes.len()].copy_from_slice(&bytes);
    }

    let comment = |ply: usize| -> Vec<u8> {
        let texts: Vec<&str> = game
            .comments
            .iter()
            .filter(|(at, _)| *at == ply)
            .map(|(_, t)| t.as_str())
            .collect();
        GB18030.encode(&texts.join("\n")).0.into_owned()
    };
    let mut record = |from: u8, to: u8, last: bool, reserved: u8, text: Vec<u8>| {
        out.extend_from_slice(&[from, to, if last { 0x00 } else { 0xF0 }, reserved]);
        out.extend_from_slice(&(text.len() as u32).to_le_bytes());
        out.extend_from_slice(&text);
    };
    record(0x18, 0x20, game.moves.is_empty(), 0xFF, comment(0));
    for (i, mv) in game.moves.iter().enumerate() {
        record(
            square_point(mv.from()) + 24,
            square_point(mv.to()) + 32,
            i + 1 == game.moves.len(),
            0,
            comment(i + 1),
        );
    }
    Ok(XqfWritten { bytes: out, cut })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(text: &str) -> Move {
        Move::parse_iccs(text).expect("move")
    }

    /// The start position's slots, as the published description lists them.
    const START_SLOTS: [u8; 32] = [
        80, 70, 60, 50, 40, 30, 20, 10, 0, 72, 12, 83, 63, 43, 23, 3, 9, 19, 29, 39, 49, 59, 69,
        79, 89, 17, 77, 6, 26, 46, 66, 86,
    ];

    #[test]
    fn the_descriptions_example_game() {
        // The description's sample: 8 moves each, Black won, a title and players.
        let moves = [
            "c3c4", "h9g7", "g3g4", "b7c7", "c0e2", "b9a7", "b0c2", "a9b9", "a0b0", "b9b5", "b2a2",
            "b5h5", "h2h7", "c7h7", "h0g2", "i9h9",
        ];
        let mut game = PgnGame {
            moves: moves.iter().map(|m| mv(m)).collect(),
            result: "0-1".to_string(),
            ..PgnGame::default()
        };
        game.set_tag("Title", "仙人指路对起马局");
        game.set_tag("Red", "柳大华");
        let written = write_xqf(&game).expect("writes");
        let bytes = &written.bytes;
        assert!(written.cut.is_empty());
        assert_eq!(bytes.len(), 0x488);
        assert_eq!(&bytes[..3], b"XQ\x0A");
        assert_eq!(bytes[0x10..0x30], START_SLOTS);
        assert_eq!(bytes[0x33], 2);
        assert_eq!(bytes[0x50], 16);
        assert_eq!(bytes[0x130], 6);
        assert_eq!(
            bytes[0x400..0x418],
            [
                0x18, 0x20, 0xF0, 0xFF, 0, 0, 0, 0, 0x2F, 0x38, 0xF0, 0, 0, 0, 0, 0, 0x67, 0x63,
                0xF0, 0, 0, 0, 0, 0
            ]
        );
        assert_eq!(bytes[0x480..0x488], [0x71, 0x6F, 0, 0, 0, 0, 0, 0]);
        let back = read_xqf(bytes).expect("reads");
        assert_eq!(back, game);
        assert_eq!(write_xqf(&back).expect("writes").bytes, *bytes);
    }

    #[test]
    fn cipher_offsets_follow_the_keys() {
        let mut header = vec![0u8; HEADER];
        header[..3].copy_from_slice(b"XQ\x12");
        header[3] = 0xFF;
        header[8..16].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8]);
        let c = Cipher::new(&header);
        // k = 6: 6 * (54*36 + 221) = 12990 → 190.
        assert_eq!(c.slot_offset, (12990 % 256) as u8);
        assert_eq!(
            c.from_offset,
            ((54 * 49 + 221) * u32::from(c.slot_offset) % 256) as u8
        );
        assert_eq!(c.comment_offset, 5 * 256 + 6 + 767);
        assert_eq!(c.stream[0], (1 | 5) & b'[');
        assert_eq!(c.stream[5], (2 | 6) & b'C');
    }
}
