//! Move notation: ICCS coordinates (`h2e2`), Chinese (炮二平五, 马８进７, 前车进一) and
//! WXF (`C2.5`, `H8+7`, `R+.3`), each written and read against a position, and xiangqi
//! PGN ([`pgn`]).
//!
//! # Files and directions
//!
//! As the source documents describe (棋谱的记录方法): each side counts the files from its
//! own right, so Red's 一..九 run from file `i` to file `a` and Black's １..９ from file `a`
//! to file `i`. 进 (`+`) goes towards the enemy's back rank, 退 (`-`) towards one's own,
//! 平 (`.`) along the rank. For the rook, cannon, pawn and king moving along a file the
//! number is the count of ranks moved; moving along a rank it is the destination file.
//! For the horse, elephant and advisor it is always the destination file.
//!
//! # Several like pieces on one file
//!
//! * Two rooks, horses, cannons or pawns on a file: 前/后 take the place of the file
//!   (前车进一 = WXF `R++1`, 前车平三 = `R+.3`, 后炮退一 = `C--1`: the marker follows the
//!   letter, as in the WXF's own table of notation).
//! * Advisors and elephants never need it: of two on one file, only the front one can
//!   retreat and only the rear one can advance, so 仕六进五 / 仕六退五 already say which.
//!   前/后 (`A+`/`A-`) are still accepted on input.
//! * Three pawns on a file: 前兵 / 中兵 / 后兵; WXF `P+`, `P<file>` (the middle pawn keeps
//!   the plain form), `P-`.
//! * Four or five pawns on a file: 一兵, 二兵, … 五兵 counted from the front; WXF `++`,
//!   `P+`, (`P<file>` for the middle of five), `P-`, `--` (the letter is dropped for the
//!   outermost two).
//! * Pawns on two files that each hold two or more (with five pawns: 2+2 or 3+2): the
//!   file numeral takes the place of the piece, after the position word: 前三平四,
//!   中三进一, 后７平６; WXF `3+.4`, `33.4`, `3-.4`.
//!
//! Input is lenient: traditional characters (車 馬 砲 帥 將 進 後 …), the red/black
//! variants of each piece (俥 傌 炮/包/砲, 兵/卒, 帅/将, 仕/士, 相/象), Chinese, full-width
//! or ASCII numerals for either side, 前兵三平四 / 车前进一 orderings, 前/后 for four or
//! five pawns, and the short form of the rules' 7.5 (简写记录: `炮25`, `马87`: piece, file,
//! number, no direction; when several directions fit, the traverse is taken, so `车12`
//! after the rook could also advance two is 车一平二, as in the documents' sample). In
//! WXF: `B`/`N` for elephant/horse, `=` for `.`, lower case, and the marker in front
//! (`+R.3`). Every parsed move is checked against the legal moves.

pub mod chinese;
pub mod encoding;
pub mod files;
pub mod pgn;
pub mod wxf;
pub mod xqf;

use std::fmt;
use std::str::FromStr;

use crate::board::{Color, FenError, Move, PieceKind, Position, Square};

pub use chinese::{from_chinese, to_chinese};
pub use pgn::{read_pgn, read_pgn_games, write_pgn, PgnFile, PgnGame, ReadGame};
pub use wxf::{from_wxf, to_wxf};

/// A move notation.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Format {
    /// ICCS coordinates: `h2e2` (also read: `H2-E2`).
    Iccs,
    /// Chinese: 炮二平五, 马８进７.
    Chinese,
    /// WXF: `C2.5`, `H8+7`.
    Wxf,
}

impl Format {
    /// The lower-case name (`iccs`, `chinese`, `wxf`).
    pub const fn name(self) -> &'static str {
        match self {
            Format::Iccs => "iccs",
            Format::Chinese => "chinese",
            Format::Wxf => "wxf",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = NotationError;

    /// `iccs`, `chinese` or `wxf`, in any case.
    fn from_str(s: &str) -> Result<Format, NotationError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "iccs" => Ok(Format::Iccs),
            "chinese" => Ok(Format::Chinese),
            "wxf" => Ok(Format::Wxf),
            _ => Err(NotationError::new(s, Problem::UnknownNotation)),
        }
    }
}

/// Why a text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// Not written in the notation or the PGN layout it was read as; says what is
    /// wrong or what was expected.
    Syntax(String),
    /// Coordinates (ICCS) naming a move that is not legal in the position.
    Illegal(Move),
    /// A well-formed description that no legal move of the position fits.
    NoLegalMove,
    /// A description that several legal moves fit: the candidates.
    Ambiguous(Vec<Move>),
    /// A PGN tag that is not `[Name "value"]`, or is not closed.
    BadTag { unclosed: bool },
    /// A FEN (a PGN `FEN` tag) that gives no position.
    BadFen(FenError),
    /// A notation's name other than iccs, chinese or wxf.
    UnknownNotation,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Syntax(what) => f.write_str(what),
            Problem::Illegal(_) => f.write_str("not a legal move in this position"),
            Problem::NoLegalMove => f.write_str("no legal move in this position fits it"),
            Problem::Ambiguous(candidates) => {
                let list: Vec<String> = candidates.iter().map(Move::to_string).collect();
                write!(f, "ambiguous: it fits {}", list.join(", "))
            }
            Problem::BadTag { unclosed: true } => f.write_str("tag not closed by ']'"),
            Problem::BadTag { unclosed: false } => f.write_str("not a tag like [Name \"value\"]"),
            Problem::BadFen(e) => write!(f, "bad FEN tag: {e}"),
            Problem::UnknownNotation => {
                f.write_str("unknown notation (expected iccs, chinese or wxf)")
            }
        }
    }
}

/// A move (or other text) that could not be read: the text, why, and where it came
/// from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// 1-based number of the move in its list, when it came from one.
    pub move_number: Option<usize>,
    /// 1-based number of the game in a PGN file, when it came from one.
    pub game_number: Option<usize>,
    /// 1-based line of the PGN text the offending text is on, when it came from one.
    pub line: Option<usize>,
    /// The offending text.
    pub text: String,
    /// Why it was refused.
    pub problem: Problem,
}

impl NotationError {
    /// An error about `text`.
    pub fn new(text: &str, problem: Problem) -> NotationError {
        NotationError {
            move_number: None,
            game_number: None,
            line: None,
            text: text.to_string(),
            problem,
        }
    }

    /// A syntax error about `text`: `what` is wrong with it.
    pub fn syntax(text: &str, what: impl Into<String>) -> NotationError {
        NotationError::new(text, Problem::Syntax(what.into()))
    }

    /// The same error, said of move number `n` (1-based).
    pub fn at_move(mut self, n: usize) -> NotationError {
        self.move_number = Some(n);
        self
    }

    /// The same error, said of game number `n` (1-based).
    pub fn in_game(mut self, n: usize) -> NotationError {
        self.game_number = Some(n);
        self
    }

    /// The same error, found on line `n` (1-based) of a text.
    pub fn on_line(mut self, n: usize) -> NotationError {
        self.line = Some(n);
        self
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(g) = self.game_number {
            write!(f, "game {g}, ")?;
        }
        if let Some(n) = self.move_number {
            write!(f, "move {n} ")?;
        }
        write!(f, "'{}': {}", self.text, self.problem)?;
        if let Some(line) = self.line {
            write!(f, " (line {line})")?;
        }
        Ok(())
    }
}

impl std::error::Error for NotationError {}

/// Writes the legal move `mv` of `pos` in format `f`.
pub fn format_move(pos: &Position, mv: Move, f: Format) -> String {
    match f {
        Format::Iccs => mv.to_string(),
        Format::Chinese => to_chinese(pos, mv),
        Format::Wxf => to_wxf(pos, mv),
    }
}

/// Reads a move in format `f` and returns it if it is legal in `pos`.
///
/// # Errors
/// When the text is not a move in that notation, fits no legal move, or fits several.
pub fn parse_move(pos: &Position, text: &str, f: Format) -> Result<Move, NotationError> {
    match f {
        Format::Iccs => from_iccs(pos, text),
        Format::Chinese => from_chinese(pos, text),
        Format::Wxf => from_wxf(pos, text),
    }
}

/// Reads ICCS coordinates, `h2e2`, `H2E2` or `H2-E2`, and returns the move if legal.
///
/// # Errors
/// When the text is not coordinates or the move is not legal in `pos`.
pub fn from_iccs(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let mv = iccs_syntax(text).ok_or_else(|| {
        NotationError::syntax(text, "not a move in ICCS coordinates (like h2e2 or H2-E2)")
    })?;
    if pos.legal_moves().contains(&mv) {
        Ok(mv)
    } else {
        Err(NotationError::new(text, Problem::Illegal(mv)))
    }
}

/// ICCS syntax only: `h2e2` or `h2-e2`, any case.
pub(crate) fn iccs_syntax(text: &str) -> Option<Move> {
    let t = text.trim();
    if !t.is_ascii() {
        return None;
    }
    let compact: String = match t.len() {
        4 => t.to_string(),
        5 if t.as_bytes()[2] == b'-' => format!("{}{}", &t[..2], &t[3..]),
        _ => return None,
    };
    Move::parse_iccs(&compact).ok()
}

/// ICCS in the PGN style, `H2-E2`.
pub(crate) fn iccs_dashed(mv: Move) -> String {
    format!("{}-{}", mv.from(), mv.to()).to_ascii_uppercase()
}

/// Converts a move list from `start`, checking each move against the position, and
/// returns the moves in the `to` notation.
///
/// # Errors
/// The first move that does not parse or is not legal, with its 1-based number.
pub fn convert(
    start: &Position,
    moves: &[&str],
    from: Format,
    to: Format,
) -> Result<Vec<String>, NotationError> {
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(moves.len());
    for (i, text) in moves.iter().enumerate() {
        let mv = parse_move(&pos, text, from).map_err(|e| e.at_move(i + 1))?;
        out.push(format_move(&pos, mv, to));
        pos.make_move(mv);
    }
    Ok(out)
}

/// The `chariot notation` subcommand: converts `moves` (each argument may hold several
/// moves separated by spaces; move numbers such as `1.` are skipped) from the position
/// `fen` (the start position when `None`) and returns the converted moves on one line,
/// separated by single spaces.
///
/// # Errors
/// A message naming a bad format or FEN, or the first move that does not parse or is
/// illegal (its 1-based number, its text and why).
pub fn cli(fen: Option<&str>, from: &str, to: &str, moves: &[String]) -> Result<String, String> {
    let from_format: Format = from
        .parse()
        .map_err(|e: NotationError| format!("--from {e}"))?;
    let to_format: Format = to.parse().map_err(|e: NotationError| format!("--to {e}"))?;
    let start = match fen {
        Some(fen) => Position::from_fen(fen).map_err(|e| format!("bad FEN: {e}"))?,
        None => Position::startpos(),
    };
    let list: Vec<&str> = moves
        .iter()
        .flat_map(|m| m.split_whitespace())
        .filter(|t| !is_move_number(t))
        .collect();
    let out = convert(&start, &list, from_format, to_format).map_err(|e| e.to_string())?;
    Ok(out.join(" "))
}

/// `12.`, `12...` (a move number token).
pub(crate) fn is_move_number(token: &str) -> bool {
    let digits = token.trim_end_matches('.');
    digits.len() < token.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

// ----- what both Chinese and WXF describe ------------------------------------------------

/// Which way a move goes, from the mover's side.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Dir {
    /// 进, `+`: towards the enemy.
    Forward,
    /// 退, `-`: back.
    Backward,
    /// 平, `.`: along the rank.
    Sideways,
}

/// How a piece is told apart from like pieces on its file.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Tandem {
    /// Alone on its file (or an advisor/elephant): the file number names it.
    None,
    /// `index` (0 = front) of `count` like pieces on its file; no other file has two.
    InFile { index: usize, count: usize },
    /// Pawns on two files with two or more each: file plus `index` of `count`.
    TwoFiles { index: usize, count: usize },
}

/// Everything the Chinese and WXF texts of a move say.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Shape {
    pub color: Color,
    pub kind: PieceKind,
    /// The from-file, numbered 1..9 from the mover's right.
    pub file: u8,
    pub tandem: Tandem,
    pub dir: Dir,
    /// Ranks moved, or the destination file (1..9 from the mover's right).
    pub number: u8,
}

/// The file of `sq` numbered 1..9 from `color`'s right.
pub(crate) fn own_file(sq: Square, color: Color) -> u8 {
    match color {
        Color::Red => 9 - sq.file(),
        Color::Black => sq.file() + 1,
    }
}

/// Whether `kind` moves diagonally (its number is always a destination file).
pub(crate) fn is_diagonal(kind: PieceKind) -> bool {
    matches!(
        kind,
        PieceKind::Horse | PieceKind::Elephant | PieceKind::Advisor
    )
}

/// `color`'s pieces of `kind` on board file `file`, front (nearest the enemy) first.
pub(crate) fn file_column(pos: &Position, color: Color, kind: PieceKind, file: u8) -> Vec<Square> {
    let mut sqs: Vec<Square> = pos
        .pieces(color, kind)
        .into_iter()
        .filter(|s| s.file() == file)
        .collect();
    sqs.sort_by_key(|s| s.rank());
    if color == Color::Red {
        sqs.reverse();
    }
    sqs
}

/// Direction and number of a move of `kind` by `color` from `from` to `to`.
pub(crate) fn dir_and_number(color: Color, kind: PieceKind, from: Square, to: Square) -> (Dir, u8) {
    let up = i32::from(to.rank()) - i32::from(from.rank());
    let forward = match color {
        Color::Red => up,
        Color::Black => -up,
    };
    let dir = match forward {
        f if f > 0 => Dir::Forward,
        f if f < 0 => Dir::Backward,
        _ => Dir::Sideways,
    };
    let number = if dir == Dir::Sideways || is_diagonal(kind) {
        own_file(to, color)
    } else {
        forward.unsigned_abs() as u8
    };
    (dir, number)
}

/// The shape of `mv` in `pos`; `None` when no piece of the side to move stands on its
/// from-square.
pub(crate) fn shape(pos: &Position, mv: Move) -> Option<Shape> {
    let piece = pos.piece_at(mv.from())?;
    let color = piece.color();
    let kind = piece.kind();
    let (dir, number) = dir_and_number(color, kind, mv.from(), mv.to());
    let tandem = match kind {
        PieceKind::King | PieceKind::Advisor | PieceKind::Elephant => Tandem::None,
        _ => {
            let column = file_column(pos, color, kind, mv.from().file());
            let index = column.iter().position(|&s| s == mv.from()).unwrap_or(0);
            let count = column.len();
            if count < 2 {
                Tandem::None
            } else if kind == PieceKind::Pawn
                && (0..9u8)
                    .any(|f| f != mv.from().file() && file_column(pos, color, kind, f).len() >= 2)
            {
                Tandem::TwoFiles { index, count }
            } else {
                Tandem::InFile { index, count }
            }
        }
    };
    Some(Shape {
        color,
        kind,
        file: own_file(mv.from(), color),
        tandem,
        dir,
        number,
    })
}

/// Which of several like pieces on a file a text names.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Place {
    /// 前, `+`: the front one.
    Front,
    /// 中: the middle one of three (or five).
    Middle,
    /// 后, `-`: the rear one.
    Rear,
    /// 一..五: the n-th from the front (1-based).
    Nth(u8),
}

/// A loosely read move: what the text said, each part optional but the number.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct Description {
    pub kind: Option<PieceKind>,
    pub file: Option<u8>,
    pub place: Option<Place>,
    pub dir: Option<Dir>,
    pub number: u8,
}

impl Description {
    /// Whether the legal move `mv` of `pos` fits this description.
    fn fits(&self, pos: &Position, mv: Move) -> bool {
        let Some(piece) = pos.piece_at(mv.from()) else {
            return false;
        };
        let (color, kind) = (piece.color(), piece.kind());
        if self.kind.is_some_and(|k| k != kind) {
            return false;
        }
        if self.file.is_some_and(|f| f != own_file(mv.from(), color)) {
            return false;
        }
        let (dir, number) = dir_and_number(color, kind, mv.from(), mv.to());
        if self.dir.is_some_and(|d| d != dir) || number != self.number {
            return false;
        }
        if let Some(place) = self.place {
            let column = file_column(pos, color, kind, mv.from().file());
            let n = column.len();
            let Some(i) = column.iter().position(|&s| s == mv.from()) else {
                return false;
            };
            let ok = n >= 2
                && match place {
                    Place::Front => i == 0,
                    Place::Rear => i == n - 1,
                    Place::Middle => n % 2 == 1 && i == n / 2,
                    Place::Nth(k) => usize::from(k) == i + 1,
                };
            if !ok {
                return false;
            }
        }
        true
    }

    /// The one legal move of `pos` that fits.
    ///
    /// # Errors
    /// When none or several fit.
    pub(crate) fn resolve(&self, pos: &Position, text: &str) -> Result<Move, NotationError> {
        let mut fits: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|&m| self.fits(pos, m))
            .collect();
        if self.dir.is_none() && fits.len() > 1 {
            // The short form (炮25) leaves the direction out; when it could be read more
            // than one way, the traverse is meant (车12 = 车一平二 in the documents).
            let sideways = Description {
                dir: Some(Dir::Sideways),
                ..*self
            };
            let traverses: Vec<Move> = fits
                .iter()
                .copied()
                .filter(|&m| sideways.fits(pos, m))
                .collect();
            if traverses.len() == 1 {
                fits = traverses;
            }
        }
        match fits.as_slice() {
            [mv] => Ok(*mv),
            [] => Err(NotationError::new(text, Problem::NoLegalMove)),
            _ => Err(NotationError::new(text, Problem::Ambiguous(fits))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(text: &str) -> Move {
        Move::parse_iccs(text).expect("ICCS")
    }

    #[test]
    fn each_refusal_has_its_kind() {
        let start = Position::startpos();
        let problem = |text: &str, f: Format| parse_move(&start, text, f).unwrap_err().problem;
        assert!(matches!(problem("h2", Format::Iccs), Problem::Syntax(_)));
        assert!(matches!(
            problem("炮二", Format::Chinese),
            Problem::Syntax(_)
        ));
        assert!(matches!(problem("Q2.5", Format::Wxf), Problem::Syntax(_)));
        assert_eq!(problem("h2h8", Format::Iccs), Problem::Illegal(mv("h2h8")));
        assert_eq!(problem("炮二进九", Format::Chinese), Problem::NoLegalMove);
        assert_eq!(problem("C2+9", Format::Wxf), Problem::NoLegalMove);
        assert_eq!(
            "western".parse::<Format>().unwrap_err().problem,
            Problem::UnknownNotation
        );
        // Two rooks on one file, the 前/后 left out: both fit.
        let rooks = Position::from_fen("3k5/9/9/9/9/9/R8/9/R8/4K4 w - - 0 1").expect("FEN");
        let err = from_chinese(&rooks, "车九进一").unwrap_err();
        let Problem::Ambiguous(mut candidates) = err.problem else {
            panic!("{err}");
        };
        candidates.sort_by_key(|m| m.to_string());
        assert_eq!(candidates, vec![mv("a1a2"), mv("a3a4")]);
    }

    #[test]
    fn pgn_errors_keep_the_game_and_move_numbers() {
        let two = "1. h2e2 h9g7 *\n\n1. h2e2 h9h0 *\n";
        let err = read_pgn(two).unwrap_err();
        assert_eq!((err.game_number, err.move_number), (Some(2), Some(2)));
        assert_eq!(err.problem, Problem::Illegal(mv("h9h0")));

        // A broken tag fails its own game, with the line it is on.
        let err = read_pgn("[Event \"x\"]\n1. h2e2 *\n[Round 3]\n1. h2e2 *").unwrap_err();
        assert_eq!((err.game_number, err.line), (Some(2), Some(3)), "{err}");
        assert_eq!(err.problem, Problem::BadTag { unclosed: false });
        let err = read_pgn("[Event \"open").unwrap_err();
        assert_eq!(err.problem, Problem::BadTag { unclosed: true });

        // Results: a disagreeing tag is noted, an unknown one (`*`) is not.
        let notes = |text: &str| read_pgn_games(text).games[0].notes.clone();
        assert!(notes("[Result \"*\"]\n1. h2e2 1-0").is_empty());
        assert!(notes("[Result \"1-0\"]\n1. h2e2 1-0").is_empty());
        assert_eq!(notes("[Result \"1-0\"]\n1. h2e2 0-1").len(), 1);
        assert_eq!(
            notes("[Result \"红胜\"]\n1. h2e2").len(),
            1,
            "no result token"
        );
        assert_eq!(
            read_pgn("[Result \"红胜\"]\n1. h2e2").unwrap()[0].result,
            "1-0"
        );

        let err = read_pgn("1. h2e2 *\n\n[FEN \"nonsense\"]\n1. h2e2 *").unwrap_err();
        assert_eq!(err.game_number, Some(2), "{err}");
        assert!(matches!(err.problem, Problem::BadFen(_)), "{err}");
        assert!(err.to_string().contains("bad FEN tag"), "{err}");
    }
}
