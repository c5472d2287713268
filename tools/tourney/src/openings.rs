//! Openings: start positions (EPD/FEN lines) or move lists (PGN or XQF files, read by
//! the same reader as `chariot pgn`), each checked against the rules core when loaded.

use std::fmt;

use chariot::board::{Position, START_FEN};
use chariot::notation::files::{read_bytes, GameFile};
use chariot::notation::PgnGame;

/// The first line of an opening set kept apart for measuring strength
/// (`tools/openings/heldout.epd`): `datagen` refuses a file that holds it, so no net,
/// weight or tuning run ever starts from the positions that measure it.
pub const HELD_OUT_MARK: &str =
    "# held-out: measure strength on these openings; never train or tune on them";

/// Whether the openings text is a held-out set (it holds [`HELD_OUT_MARK`]).
pub fn is_held_out(text: &str) -> bool {
    text.lines().any(|line| line.trim() == HELD_OUT_MARK)
}

/// A start position and the moves the manager plays from it before the engines take
/// over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The FEN.
    pub fen: String,
    /// ICCS moves played from it.
    pub moves: Vec<String>,
}

impl Opening {
    /// The standard start position.
    pub fn startpos() -> Opening {
        Opening {
            fen: START_FEN.to_string(),
            moves: Vec::new(),
        }
    }

    /// The position after the opening moves; `Err` names what is wrong.
    pub fn position(&self) -> Result<Position, OpeningsError> {
        let mut pos = Position::from_fen(&self.fen).map_err(|e| OpeningsError::BadFen {
            fen: self.fen.clone(),
            why: e.to_string(),
        })?;
        for m in &self.moves {
            pos.try_play(m).map_err(|e| OpeningsError::BadMove {
                mv: m.clone(),
                why: e.to_string(),
            })?;
        }
        Ok(pos)
    }
}

/// Why openings could not be read or are not playable.
#[derive(Debug)]
pub enum OpeningsError {
    /// The rules core refused the FEN.
    BadFen {
        /// The FEN.
        fen: String,
        /// The rules core's words.
        why: String,
    },
    /// An opening move is not legal.
    BadMove {
        /// The move as written.
        mv: String,
        /// The rules core's words.
        why: String,
    },
    /// The opening leaves the side to move without a legal move.
    NoLegalMove,
    /// An unknown `format=`.
    UnknownFormat(String),
    /// An EPD line (from 1) that is not a FEN.
    NotAFen {
        /// The line, from 1.
        line: usize,
    },
    /// What is wrong with an EPD line.
    AtLine {
        /// The line, from 1.
        line: usize,
        /// What.
        source: Box<OpeningsError>,
    },
    /// What is wrong with a game of a PGN file.
    AtGame {
        /// The game, from 1.
        game: usize,
        /// What.
        source: Box<OpeningsError>,
    },
    /// A book read as text.
    BookIsBinary,
    /// The file could not be read, or is larger than its cap (the bounded reader's
    /// words, naming the file).
    Read(chariot::input::FileError),
    /// A game of the file could not be read (the game reader's words).
    GameFile(String),
    /// The book could not be loaded (the book's words).
    Book(String),
    /// The book has no move for the start position; the book's path.
    EmptyBook(String),
    /// What is wrong in an openings file.
    InFile {
        /// The file.
        path: String,
        /// What.
        source: Box<OpeningsError>,
    },
    /// The file has no openings; its path.
    NoOpenings(String),
}

impl fmt::Display for OpeningsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpeningsError::BadFen { fen, why } => write!(f, "bad FEN '{fen}': {why}"),
            OpeningsError::BadMove { mv, why } => write!(f, "move {mv}: {why}"),
            OpeningsError::NoLegalMove => f.write_str("the side to move has no legal move"),
            OpeningsError::UnknownFormat(t) => {
                write!(f, "unknown openings format '{t}' (epd, pgn or book)")
            }
            OpeningsError::NotAFen { line } => write!(f, "line {line}: not a FEN"),
            OpeningsError::AtLine { line, source } => write!(f, "line {line}: {source}"),
            OpeningsError::AtGame { game, source } => write!(f, "game {game}: {source}"),
            OpeningsError::BookIsBinary => {
                f.write_str("a book is binary: read it with book_openings")
            }
            OpeningsError::Read(e) => write!(f, "{e}"),
            OpeningsError::GameFile(why) | OpeningsError::Book(why) => f.write_str(why),
            OpeningsError::EmptyBook(path) => {
                write!(f, "{path}: the book has no move for the start position")
            }
            OpeningsError::InFile { path, source } => write!(f, "{path}: {source}"),
            OpeningsError::NoOpenings(path) => write!(f, "{path}: no openings"),
        }
    }
}

impl std::error::Error for OpeningsError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            OpeningsError::AtLine { source, .. }
            | OpeningsError::AtGame { source, .. }
            | OpeningsError::InFile { source, .. } => Some(source.as_ref()),
            _ => None,
        }
    }
}

/// The format of an openings file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpeningFormat {
    /// One FEN/EPD per line (EPD operations after the four fields are ignored).
    Epd,
    /// PGN games: `[FEN]` set-up tag and move text in any dialect the notation module
    /// reads (ICCS `h2e2`/`H2-E2`, WXF `C2.5`, Chinese 炮二平五), in UTF-8, GBK or Big5;
    /// or an XQF file.
    Pgn,
    /// A Chariot opening book (`chariot book build`): lines walked from the start
    /// position, each move drawn by the book's weights ([`book_openings`]).
    Book,
}

impl OpeningFormat {
    /// Parses `epd`/`fen` or `pgn`.
    pub fn parse(text: &str) -> Result<OpeningFormat, OpeningsError> {
        match text.to_ascii_lowercase().as_str() {
            "epd" | "fen" => Ok(OpeningFormat::Epd),
            "pgn" => Ok(OpeningFormat::Pgn),
            "book" => Ok(OpeningFormat::Book),
            _ => Err(OpeningsError::UnknownFormat(text.to_string())),
        }
    }
}

/// Turns an EPD/FEN line into a FEN the rules core reads: board, side, and the two
/// counters when they are there.
pub fn epd_to_fen(line: &str) -> Option<String> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    if tokens.len() < 2 {
        return None;
    }
    let mut fen = format!("{} {}", tokens[0], tokens[1]);
    let counters = tokens.len() >= 6
        && tokens[4].parse::<u32>().is_ok()
        && tokens[5].trim_end_matches(';').parse::<u32>().is_ok();
    if counters {
        fen.push_str(&format!(
            " - - {} {}",
            tokens[4],
            tokens[5].trim_end_matches(';')
        ));
    } else {
        fen.push_str(" - - 0 1");
    }
    Some(fen)
}

/// Reads openings from text.
pub fn parse_openings(text: &str, format: OpeningFormat) -> Result<Vec<Opening>, OpeningsError> {
    let mut out = Vec::new();
    match format {
        OpeningFormat::Epd => {
            for (n, line) in text.lines().enumerate() {
                let line = line.trim();
                if line.is_empty() || line.starts_with('#') || line.starts_with("//") {
                    continue;
                }
                let fen = epd_to_fen(line).ok_or(OpeningsError::NotAFen { line: n + 1 })?;
                let opening = Opening {
                    fen,
                    moves: Vec::new(),
                };
                check(&opening).map_err(|e| OpeningsError::AtLine {
                    line: n + 1,
                    source: Box::new(e),
                })?;
                out.push(opening);
            }
        }
        OpeningFormat::Book => {
            return Err(OpeningsError::BookIsBinary);
        }
        OpeningFormat::Pgn => {
            out = pgn_openings(&read_bytes(text.as_bytes(), false, None))?;
        }
    }
    Ok(out)
}

/// An opening must be legal and leave the side to move a legal move.
fn check(opening: &Opening) -> Result<(), OpeningsError> {
    let pos = opening.position()?;
    if pos.legal_moves().is_empty() {
        return Err(OpeningsError::NoLegalMove);
    }
    Ok(())
}

/// The openings of a game file (PGN in any encoding `chariot pgn` reads, or XQF): every
/// game must have been read; the first that was not is the error.
fn pgn_openings(file: &GameFile) -> Result<Vec<Opening>, OpeningsError> {
    if let Some((_, error)) = file.failed().next() {
        return Err(OpeningsError::GameFile(error.to_string()));
    }
    let mut out = Vec::new();
    for (n, game) in file.read().enumerate() {
        let opening = opening_of(game);
        check(&opening).map_err(|e| OpeningsError::AtGame {
            game: n + 1,
            source: Box::new(e),
        })?;
        out.push(opening);
    }
    Ok(out)
}

/// A game's start position and moves as an opening.
fn opening_of(game: &PgnGame) -> Opening {
    Opening {
        fen: game.start.to_fen(),
        moves: game.moves.iter().map(|m| m.to_string()).collect(),
    }
}

/// How many distinct lines [`book_openings`] walks at most.
pub const BOOK_LINES: usize = 500;

/// Openings from a Chariot book file: up to [`BOOK_LINES`] distinct lines of at most
/// `plies` plies from the start position, each move drawn by the book's weights with
/// a generator seeded by `seed` (a line ends early where the book does).
pub fn book_openings(path: &str, plies: usize, seed: u64) -> Result<Vec<Opening>, OpeningsError> {
    let book = chariot::book::Book::load(std::path::Path::new(path))
        .map_err(|e| OpeningsError::Book(e.to_string()))?;
    let lines = book.lines(&Position::startpos(), plies, BOOK_LINES, seed);
    if lines.is_empty() {
        return Err(OpeningsError::EmptyBook(path.to_string()));
    }
    Ok(lines
        .into_iter()
        .map(|line| Opening {
            fen: START_FEN.to_string(),
            moves: line.iter().map(|m| m.to_string()).collect(),
        })
        .collect())
}

/// Reads an openings file. PGN files are read as bytes, so GBK, Big5 and UTF-8 files
/// all load, and an XQF file (by its mark or `.xqf` name) is one opening.
pub fn load_openings(path: &str, format: OpeningFormat) -> Result<Vec<Opening>, OpeningsError> {
    let openings = match format {
        OpeningFormat::Pgn => {
            let file = chariot::notation::files::read_path(std::path::Path::new(path), None)
                .map_err(OpeningsError::Read)?;
            pgn_openings(&file)
        }
        OpeningFormat::Epd => {
            let text = chariot::input::read_text(
                std::path::Path::new(path),
                chariot::input::TEXT_FILE_BYTES,
            )
            .map_err(OpeningsError::Read)?;
            parse_openings(&text, format)
        }
        OpeningFormat::Book => Err(OpeningsError::BookIsBinary),
    }
    .map_err(|e| OpeningsError::InFile {
        path: path.to_string(),
        source: Box::new(e),
    })?;
    if openings.is_empty() {
        return Err(OpeningsError::NoOpenings(path.to_string()));
    }
    Ok(openings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epd_and_pgn() {
        let o = parse_openings(
            "# comment\nrnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n\
             rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - bm h9g7;\n",
            OpeningFormat::Epd,
        )
        .unwrap();
        assert_eq!(o.len(), 2);
        assert!(o[1].fen.ends_with(" b - - 0 1"));
        let p = parse_openings(
            "[Event \"x\"]\n[Format \"ICCS\"]\n\n1. H2-E2 H9-G7 2. h0g2 {c} i9h9 *\n\n[Event \"y\"]\n\n1. c3c4 *\n",
            OpeningFormat::Pgn,
        )
        .unwrap();
        assert_eq!(p.len(), 2);
        assert_eq!(p[0].moves, ["h2e2", "h9g7", "h0g2", "i9h9"]);
        assert_eq!(p[1].moves, ["c3c4"]);
        assert!(parse_openings("1. h2h8 *\n", OpeningFormat::Pgn).is_err());
        // Chinese move text (simplified and traditional), WXF, and a FEN set-up.
        let c = parse_openings(
            "[Game \"Chinese Chess\"]\n\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ *\n\n\
             [Game \"Chinese Chess\"]\n\n1. 炮二平五 馬８進７ 2. 馬二進三 *\n\n\
             [Format \"WXF\"]\n\n1. C2.5 H8+7 *\n\n\
             [FEN \"4k4/9/9/9/9/9/9/9/4A4/R2AK4 w - - 0 1\"]\n\n1. 车九进九 *\n",
            OpeningFormat::Pgn,
        )
        .unwrap();
        assert_eq!(c.len(), 4);
        assert_eq!(c[0].moves, ["h2e2", "h9g7", "h0g2", "i9h9"]);
        assert_eq!(c[1].moves, ["h2e2", "h9g7", "h0g2"]);
        assert_eq!(c[2].moves, ["h2e2", "h9g7"]);
        assert_eq!(c[3].moves, ["a0a9"]);
        assert!(c[3].fen.starts_with("4k4/9/9/9/9/9/9/9/4A4/R2AK4 w"));
        let bad = parse_openings("1. 炮二平五 马８进８ *\n", OpeningFormat::Pgn)
            .unwrap_err()
            .to_string();
        assert!(bad.contains("马８进８"), "{bad}");
    }

    #[test]
    fn gbk_pgn_and_xqf_files_load_as_chariot_pgn_reads_them() {
        use chariot::notation::encoding::{encode, TextEncoding};
        let dir = std::env::temp_dir().join(format!("tourney-openings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // A GBK export with a notice after the result, as databases write them.
        let gbk = encode(
            "[Game \"Chinese Chess\"]\r\n[Event \"全国赛\"]\r\n\r\n1. 炮二平五 马８进７ \
             2. 马二进三 {注} 车９平８ 1-0\r\n=====\r\n欢迎访问本站\r\n",
            TextEncoding::Gbk,
        );
        let pgn = dir.join("gbk.pgn");
        std::fs::write(&pgn, gbk).unwrap();
        let o = load_openings(pgn.to_str().unwrap(), OpeningFormat::Pgn).unwrap();
        assert_eq!(o.len(), 1);
        assert_eq!(o[0].moves, ["h2e2", "h9g7", "h0g2", "i9h9"]);
        // One XQF game.
        let game = chariot::notation::PgnGame {
            moves: ["c3c4", "g6g5"]
                .iter()
                .map(|m| chariot::board::Move::parse_iccs(m).unwrap())
                .collect(),
            ..Default::default()
        };
        let xqf = dir.join("one.xqf");
        std::fs::write(
            &xqf,
            chariot::notation::xqf::write_xqf(&game).unwrap().bytes,
        )
        .unwrap();
        let o = load_openings(xqf.to_str().unwrap(), OpeningFormat::Pgn).unwrap();
        assert_eq!(o[0].moves, ["c3c4", "g6g5"]);
        // A broken game is the error, named with its game, move and line.
        let bad = dir.join("bad.pgn");
        std::fs::write(
            &bad,
            encode(
                "1. 炮二平五 *\n\n1. 炮二平五\n马８进８ *\n",
                TextEncoding::Gbk,
            ),
        )
        .unwrap();
        let e = load_openings(bad.to_str().unwrap(), OpeningFormat::Pgn)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("game 2, move 2 '马８进８'") && e.contains("(line 4)"),
            "{e}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
