//! The book in memory ([`Book`], its [`Entry`] rows) and its file, in the format that
//! [the book's module](super) describes. [`canonical`] and [`stored_move`] say under
//! which key and in which spelling a position's moves are kept, so that a position and
//! its mirror share their entries.

use std::fmt;
use std::io::Read;
use std::path::Path;

use crate::board::{Move, Position, Square};

/// The first bytes of a book file.
pub const MAGIC: &[u8; 8] = b"CHARBOOK";
/// The format version this code writes and reads.
pub const VERSION: u32 = 1;
const HEADER_BYTES: usize = 16;
const ENTRY_BYTES: usize = 16;
/// The largest book file [`Book::load`] reads: 256 MiB, about 16.7 million entries
/// (a book built from a few hundred thousand games has a few million). A header that
/// counts more entries is refused before anything else is read, and no more bytes than
/// the header counts are ever read, so a wrong path such as `/dev/zero` is refused at
/// once.
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// One stored move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub key: u64,
    pub mv: Move,
    pub weight: u16,
    pub games: u32,
}

/// A book move for a position, in that position's own orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    pub mv: Move,
    pub weight: u16,
    pub games: u32,
}

/// Why a book file cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookError {
    /// The file cannot be read.
    Io { path: String, message: String },
    /// The file is not a Chariot book (wrong magic or version).
    NotABook,
    /// The file ends before the entries its header counts.
    Truncated { expected: usize, found: usize },
    /// The file goes on after the entries its header counts.
    TooLong { expected: usize },
    /// The header counts more entries than a book may have ([`MAX_FILE_BYTES`]).
    TooLarge { entries: u64 },
    /// Entry `index` is malformed (a square off the board, zero weight, out of order).
    BadEntry { index: usize, what: &'static str },
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Io { path, message } => write!(f, "cannot read '{path}': {message}"),
            BookError::NotABook => write!(f, "not a Chariot book (no CHARBOOK version 1 header)"),
            BookError::Truncated { expected, found } => write!(
                f,
                "the file should hold {expected} bytes of entries but holds {found}"
            ),
            BookError::TooLong { expected } => write!(
                f,
                "the file goes on after the {expected} bytes of entries its header counts"
            ),
            BookError::TooLarge { entries } => write!(
                f,
                "the header counts {entries} entries ({} bytes), more than the {} MiB a \
                 book may have",
                entries * ENTRY_BYTES as u64 + HEADER_BYTES as u64,
                MAX_FILE_BYTES >> 20
            ),
            BookError::BadEntry { index, what } => write!(f, "entry {index}: {what}"),
        }
    }
}

impl std::error::Error for BookError {}

/// A book in memory: entries sorted by key, then move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Book {
    entries: Vec<Entry>,
}

/// The key a position's entries are stored under and whether that is its mirror's
/// (then its moves are stored mirrored).
pub fn canonical(pos: &Position) -> (u64, bool) {
    let own = pos.key();
    let mirrored = pos.mirrored().key();
    if mirrored < own {
        (mirrored, true)
    } else {
        (own, false)
    }
}

/// Whether a position is its own mirror (its moves then have two spellings; the book
/// keeps the one with the smaller code).
fn symmetric(pos: &Position) -> bool {
    pos.key() == pos.mirrored().key()
}

/// A move as stored: in the canonical orientation, and for a symmetric position the
/// spelling with the smaller code.
pub fn stored_move(pos: &Position, mv: Move) -> Move {
    let (_, mirrored) = canonical(pos);
    let mv = if mirrored { mv.mirror_file() } else { mv };
    if symmetric(pos) && mv.mirror_file().raw() < mv.raw() {
        mv.mirror_file()
    } else {
        mv
    }
}

impl Book {
    /// A book of `entries` (sorted here).
    pub fn from_entries(mut entries: Vec<Entry>) -> Book {
        entries.sort_by_key(|e| (e.key, e.mv.raw()));
        Book { entries }
    }

    /// The entries, sorted.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Reads the book file at `path`: the header first, then no more than the entries
    /// it counts (and one byte to tell that the file goes on), as `EvalFile` reads at
    /// most one byte more than a net has. A header that is no book's, or that counts
    /// more than [`MAX_FILE_BYTES`] of entries, is refused before the entries are read.
    ///
    /// # Errors
    /// When the file cannot be read or is not a well-formed book.
    pub fn load(path: &Path) -> Result<Book, BookError> {
        let io_error = |e: std::io::Error| BookError::Io {
            path: path.display().to_string(),
            message: e.to_string(),
        };
        let file = std::fs::File::open(path).map_err(io_error)?;
        let mut bytes = Vec::with_capacity(HEADER_BYTES);
        let mut file = file.take(HEADER_BYTES as u64);
        file.read_to_end(&mut bytes).map_err(io_error)?;
        check_header(&bytes)?;
        let count = u64::from(le_u32(&bytes[12..16]));
        let body = count * ENTRY_BYTES as u64;
        if HEADER_BYTES as u64 + body > MAX_FILE_BYTES {
            return Err(BookError::TooLarge { entries: count });
        }
        file.set_limit(body + 1);
        file.read_to_end(&mut bytes).map_err(io_error)?;
        Book::from_bytes(&bytes)
    }

    /// Reads a book from the bytes of a file.
    ///
    /// # Errors
    /// When the bytes are not a well-formed book.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        check_header(bytes)?;
        let count = le_u32(&bytes[12..16]) as usize;
        let body = &bytes[HEADER_BYTES..];
        let expected = count.saturating_mul(ENTRY_BYTES);
        if body.len() < expected {
            return Err(BookError::Truncated {
                expected,
                found: body.len(),
            });
        }
        if body.len() > expected {
            return Err(BookError::TooLong { expected });
        }
        let mut entries = Vec::with_capacity(count);
        for (index, chunk) in body.chunks_exact(ENTRY_BYTES).enumerate() {
            let key = u64::from_le_bytes(chunk[..8].try_into().unwrap_or_default());
            let raw = u16::from_le_bytes([chunk[8], chunk[9]]);
            let weight = u16::from_le_bytes([chunk[10], chunk[11]]);
            let games = le_u32(&chunk[12..16]);
            let mv = move_from_raw(raw).ok_or(BookError::BadEntry {
                index,
                what: "a square off the board",
            })?;
            if weight == 0 {
                return Err(BookError::BadEntry {
                    index,
                    what: "zero weight",
                });
            }
            let entry = Entry {
                key,
                mv,
                weight,
                games,
            };
            if entries
                .last()
                .is_some_and(|p: &Entry| (p.key, p.mv.raw()) >= (key, raw))
            {
                return Err(BookError::BadEntry {
                    index,
                    what: "out of order",
                });
            }
            entries.push(entry);
        }
        Ok(Book { entries })
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER_BYTES + ENTRY_BYTES * self.entries.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(self.entries.len() as u32).to_le_bytes());
        for e in &self.entries {
            out.extend_from_slice(&e.key.to_le_bytes());
            out.extend_from_slice(&e.mv.raw().to_le_bytes());
            out.extend_from_slice(&e.weight.to_le_bytes());
            out.extend_from_slice(&e.games.to_le_bytes());
        }
        out
    }

    /// The book's legal moves for `pos`, in its own orientation, heaviest first. For a
    /// symmetric position each stored move stands for itself and its mirror; it is
    /// given as stored.
    pub fn probe(&self, pos: &Position) -> Vec<BookMove> {
        let (key, mirrored) = canonical(pos);
        let start = self.entries.partition_point(|e| e.key < key);
        let mut moves: Vec<BookMove> = self.entries[start..]
            .iter()
            .take_while(|e| e.key == key)
            .map(|e| BookMove {
                mv: if mirrored { e.mv.mirror_file() } else { e.mv },
                weight: e.weight,
                games: e.games,
            })
            .filter(|b| pos.is_legal(b.mv))
            .collect();
        moves.sort_by_key(|b| std::cmp::Reverse(b.weight));
        moves
    }

    /// A book move for `pos` among those `allowed` accepts, chosen with probability in
    /// proportion to its weight by `choice`; for a symmetric position its mirror image
    /// is played when `mirror` is at least ½. `choice` and `mirror` are two independent
    /// uniform numbers in `[0, 1)`: one number for both would tie the mirror to the move
    /// (with weights 90 and 10, the lighter move would always come mirrored).
    /// `None` when the book has no such move.
    pub fn pick(
        &self,
        pos: &Position,
        choice: f64,
        mirror: f64,
        allowed: impl Fn(Move) -> bool,
    ) -> Option<BookMove> {
        let flip = symmetric(pos) && mirror >= 0.5;
        let moves: Vec<BookMove> = self
            .probe(pos)
            .into_iter()
            .map(|b| BookMove {
                mv: if flip { b.mv.mirror_file() } else { b.mv },
                ..b
            })
            .filter(|b| allowed(b.mv) && pos.is_legal(b.mv))
            .collect();
        let total: u64 = moves.iter().map(|b| u64::from(b.weight)).sum();
        if total == 0 {
            return None;
        }
        let mut target = (choice.clamp(0.0, 1.0) * total as f64) as u64;
        for b in &moves {
            if target < u64::from(b.weight) {
                return Some(*b);
            }
            target -= u64::from(b.weight);
        }
        moves.last().copied()
    }

    /// Up to `count` distinct move lines of at most `plies` plies from `start`, each
    /// move drawn by weight ([`Book::pick`]) with a generator seeded by `seed`; a line
    /// ends early where the book does. For test openings (`tourney -openings
    /// format=book`).
    pub fn lines(&self, start: &Position, plies: usize, count: usize, seed: u64) -> Vec<Vec<Move>> {
        let mut state = seed | 1;
        let mut next = move || {
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            (state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11) as f64 / (1u64 << 53) as f64
        };
        let mut lines: Vec<Vec<Move>> = Vec::new();
        // Popular lines repeat: give up after many draws that add nothing.
        let mut misses = 0;
        while lines.len() < count && misses < 20 * count.max(10) {
            let mut pos = start.clone();
            let mut line = Vec::new();
            while line.len() < plies {
                let (choice, mirror) = (next(), next());
                let Some(b) = self.pick(&pos, choice, mirror, |_| true) else {
                    break;
                };
                pos.make_move(b.mv);
                line.push(b.mv);
            }
            if line.is_empty() || lines.contains(&line) {
                misses += 1;
            } else {
                lines.push(line);
            }
        }
        lines
    }
}

/// Refuses bytes that do not start with a version-1 book header.
fn check_header(bytes: &[u8]) -> Result<(), BookError> {
    if bytes.len() < HEADER_BYTES || &bytes[..8] != MAGIC || le_u32(&bytes[8..12]) != VERSION {
        return Err(BookError::NotABook);
    }
    Ok(())
}

fn le_u32(bytes: &[u8]) -> u32 {
    u32::from_le_bytes(bytes.try_into().unwrap_or_default())
}

/// The move of code `from | to << 7`, if both squares are on the board and differ.
pub(super) fn move_from_raw(raw: u16) -> Option<Move> {
    let from = Square::try_from_index((raw & 0x7F) as u8)?;
    let to = Square::try_from_index(((raw >> 7) & 0x7F) as u8)?;
    (raw >> 14 == 0 && from != to).then(|| Move::new(from, to))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(text: &str) -> Move {
        Move::parse_iccs(text).unwrap()
    }

    fn entry(pos: &Position, text: &str, weight: u16) -> Entry {
        Entry {
            key: canonical(pos).0,
            mv: stored_move(pos, mv(text)),
            weight,
            games: u32::from(weight),
        }
    }

    #[test]
    fn bytes_round_trip_and_bad_files_are_refused() {
        let start = Position::startpos();
        let book = Book::from_entries(vec![entry(&start, "h2e2", 30), entry(&start, "c3c4", 10)]);
        let bytes = book.to_bytes();
        assert_eq!(bytes.len(), 16 + 2 * 16);
        assert_eq!(Book::from_bytes(&bytes), Ok(book.clone()));
        assert_eq!(Book::from_bytes(b"CHARBOOK"), Err(BookError::NotABook));
        assert_eq!(
            Book::from_bytes(&bytes[..40]).unwrap_err(),
            BookError::Truncated {
                expected: 32,
                found: 24
            }
        );
        let mut bad = bytes.clone();
        bad[16 + 10] = 0;
        bad[16 + 11] = 0;
        assert!(matches!(
            Book::from_bytes(&bad),
            Err(BookError::BadEntry { index: 0, .. })
        ));
        let mut swapped = bytes.clone();
        swapped[16..32].copy_from_slice(&bytes[32..48]);
        swapped[32..48].copy_from_slice(&bytes[16..32]);
        assert!(matches!(
            Book::from_bytes(&swapped),
            Err(BookError::BadEntry {
                index: 1,
                what: "out of order"
            })
        ));
        assert!(Book::load(Path::new("/nonexistent/book.bin")).is_err());
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(
            Book::from_bytes(&longer),
            Err(BookError::TooLong { expected: 32 })
        );
    }

    #[test]
    fn load_reads_no_more_than_the_header_counts() {
        let dir = std::env::temp_dir().join(format!("chariot-book-load-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let start = Position::startpos();
        let book = Book::from_entries(vec![entry(&start, "h2e2", 30)]);
        let path = dir.join("book.bin");
        std::fs::write(&path, book.to_bytes()).unwrap();
        assert_eq!(Book::load(&path), Ok(book.clone()));
        // A header that counts more entries than a book may have: refused unread.
        let mut huge = book.to_bytes();
        huge[12..16].copy_from_slice(&u32::MAX.to_le_bytes());
        std::fs::write(&path, &huge).unwrap();
        let error = Book::load(&path).unwrap_err();
        assert_eq!(
            error,
            BookError::TooLarge {
                entries: u64::from(u32::MAX)
            }
        );
        assert!(error.to_string().contains("256 MiB"), "{error}");
        // Bytes after the counted entries.
        let mut longer = book.to_bytes();
        longer.extend_from_slice(&[0; 100]);
        std::fs::write(&path, &longer).unwrap();
        assert_eq!(Book::load(&path), Err(BookError::TooLong { expected: 16 }));
        // Endless input: refused by its header at once.
        if Path::new("/dev/zero").exists() {
            assert_eq!(Book::load(Path::new("/dev/zero")), Err(BookError::NotABook));
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn mirrored_positions_share_entries() {
        let mut left = Position::startpos();
        left.make_move(mv("b2e2"));
        let mut right = Position::startpos();
        right.make_move(mv("h2e2"));
        assert_eq!(canonical(&left).0, canonical(&right).0);
        // Stored from the left game, found for the right one mirrored.
        let book = Book::from_entries(vec![entry(&left, "b9c7", 5)]);
        assert_eq!(book.probe(&right)[0].mv, mv("h9g7"));
        assert_eq!(book.probe(&left)[0].mv, mv("b9c7"));
        // The start position is symmetric: h2e2 and b2e2 are one entry, played either way.
        let start = Position::startpos();
        assert_eq!(
            stored_move(&start, mv("h2e2")),
            stored_move(&start, mv("b2e2"))
        );
        let book = Book::from_entries(vec![entry(&start, "h2e2", 5)]);
        let picked: Vec<Move> = [0.2, 0.7]
            .iter()
            .map(|&mirror| book.pick(&start, 0.5, mirror, |_| true).unwrap().mv)
            .collect();
        assert!(
            picked.contains(&mv("h2e2")) && picked.contains(&mv("b2e2")),
            "{picked:?}"
        );
    }

    #[test]
    fn picks_follow_the_weights_and_the_filter() {
        let start = Position::startpos();
        let book = Book::from_entries(vec![entry(&start, "c3c4", 90), entry(&start, "b0c2", 10)]);
        let mut c3c4 = 0;
        for i in 0..100 {
            let b = book
                .pick(&start, f64::from(i) / 100.0, 0.3, |_| true)
                .unwrap();
            if b.mv == mv("c3c4") || b.mv == mv("g3g4") {
                c3c4 += 1;
            }
        }
        assert!((85..=95).contains(&c3c4), "{c3c4}");
        assert!(book.pick(&start, 0.3, 0.3, |m| m == mv("a3a4")).is_none());
        let only = book
            .pick(&start, 0.3, 0.3, |m| m == mv("b0c2") || m == mv("h0g2"))
            .unwrap();
        assert!(only.mv == mv("b0c2") || only.mv == mv("h0g2"));
        assert!(book
            .probe(&Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1").unwrap())
            .is_empty());
    }

    #[test]
    fn the_mirror_is_drawn_apart_from_the_move() {
        // Weights 90 and 10 at the (symmetric) start: each move and its mirror image
        // should come about half as often as the move is chosen: 45 % c3c4, 45 % g3g4,
        // 5 % b0c2, 5 % h0g2.
        let start = Position::startpos();
        let book = Book::from_entries(vec![entry(&start, "c3c4", 90), entry(&start, "b0c2", 10)]);
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 11) as f64 / (1u64 << 53) as f64
        };
        let draws = 40_000;
        let mut counts = [0u32; 4];
        let names = ["c3c4", "g3g4", "b0c2", "h0g2"];
        for _ in 0..draws {
            let (choice, mirror) = (next(), next());
            let picked = book.pick(&start, choice, mirror, |_| true).unwrap().mv;
            let k = names.iter().position(|n| mv(n) == picked).unwrap();
            counts[k] += 1;
        }
        for (k, share) in [0.45, 0.45, 0.05, 0.05].iter().enumerate() {
            let got = f64::from(counts[k]) / f64::from(draws);
            // Four standard deviations at most (under 0.01 for 45 %, 0.005 for 5 %).
            let sd = (share * (1.0 - share) / f64::from(draws)).sqrt();
            assert!(
                (got - share).abs() < 4.0 * sd,
                "{}: {got:.4}, expected {share} ({counts:?})",
                names[k]
            );
        }
        // The book's test openings draw the same way: all four first moves come.
        let firsts: Vec<Move> = book.lines(&start, 1, 4, 11).iter().map(|l| l[0]).collect();
        for name in names {
            assert!(firsts.contains(&mv(name)), "{name}: {firsts:?}");
        }
    }

    #[test]
    fn lines_walk_the_book() {
        let start = Position::startpos();
        let mut after = start.clone();
        after.make_move(mv("c3c4"));
        let book = Book::from_entries(vec![
            entry(&start, "c3c4", 5),
            entry(&after, "g6g5", 5),
            entry(&after, "c6c5", 5),
        ]);
        let lines = book.lines(&start, 6, 10, 7);
        assert!(!lines.is_empty() && lines.len() <= 8, "{lines:?}");
        for line in &lines {
            assert_eq!(line.len(), 2, "{line:?}");
        }
    }
}
