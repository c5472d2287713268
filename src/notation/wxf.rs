//! WXF notation: `C2.5`, `H8+7`, `R1-1`, `R+.3`, `P-.4`, `++.4`, `3+.4`.
//!
//! Letters `K A E H R C P` (king, advisor, elephant, horse, rook, cannon, pawn) for both
//! sides, then the from-file (1..9 from the mover's right), then `+` (forward), `-`
//! (backward) or `.` (traverse), then the steps or destination file, exactly as in the
//! Chinese notation. Like pieces on one file follow the WXF's own table: the marker
//! replaces the file and follows the letter (`R+.3` = 前车平三, `C--1` = 后炮退一);
//! three pawns `P+`, `P<file>`, `P-`; four or five `++`, `P+`, (`P<file>`), `P-`, `--`;
//! pawns on two files the file digit replaces the letter (`3+.4`, `33.4`, `3-.4`).
//! Advisors and elephants keep the plain form (see the [module notes](super)).
//!
//! Read as well: lower case, `B`/`N` for elephant/horse, `G` for the king, `S` for a
//! pawn, `=` for `.`, the marker in front (`+R.3`, `-C-1`), `A+`/`E-` markers, and a
//! missing operator meaning a traverse (`C25`).

use crate::board::{Move, PieceKind, Position};

use super::describe::{shape, Description, Dir, Place, Tandem};
use super::error::{NotationError, Problem};

/// The WXF letter of a piece kind.
pub fn piece_letter(kind: PieceKind) -> char {
    match kind {
        PieceKind::King => 'K',
        PieceKind::Advisor => 'A',
        PieceKind::Elephant => 'E',
        PieceKind::Horse => 'H',
        PieceKind::Rook => 'R',
        PieceKind::Cannon => 'C',
        PieceKind::Pawn => 'P',
    }
}

fn letter_kind(c: char) -> Option<PieceKind> {
    Some(match c {
        'K' => PieceKind::King,
        'A' => PieceKind::Advisor,
        'E' => PieceKind::Elephant,
        'H' => PieceKind::Horse,
        'R' => PieceKind::Rook,
        'C' => PieceKind::Cannon,
        'P' => PieceKind::Pawn,
        _ => return None,
    })
}

fn digit(n: u8) -> char {
    char::from(b'0' + n.clamp(1, 9))
}

fn op_char(dir: Dir) -> char {
    match dir {
        Dir::Forward => '+',
        Dir::Backward => '-',
        Dir::Sideways => '.',
    }
}

/// The WXF text of the legal move `mv` in `pos` (the position before the move). A move
/// with no piece of the side to move on its from-square is written in ICCS.
pub fn to_wxf(pos: &Position, mv: Move) -> String {
    let Some(s) = shape(pos, mv) else {
        return mv.to_string();
    };
    let letter = piece_letter(s.kind);
    let file = digit(s.file);
    let head: [char; 2] = match s.tandem {
        Tandem::None => [letter, file],
        Tandem::InFile { index, count } => match (count, index) {
            (4 | 5, 0) => ['+', '+'],
            (4 | 5, 1) | (2 | 3, 0) => [letter, '+'],
            (3, 1) | (5, 2) => [letter, file],
            (4, 3) | (5, 4) => ['-', '-'],
            _ => [letter, '-'],
        },
        Tandem::TwoFiles { index, count } => match (count, index) {
            (_, 0) => [file, '+'],
            (3, 1) => [file, file],
            _ => [file, '-'],
        },
    };
    [head[0], head[1], op_char(s.dir), digit(s.number)]
        .iter()
        .collect()
}

/// The input in the written spelling: upper case, `E`/`H`/`K`/`P`, `.`, marker after the
/// letter; `None` for characters WXF does not use.
fn normalize(text: &str) -> Option<Vec<char>> {
    let mut chars = Vec::with_capacity(4);
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        if !c.is_ascii() {
            return None;
        }
        chars.push(match c.to_ascii_uppercase() {
            'B' => 'E',
            'N' => 'H',
            'G' => 'K',
            'S' => 'P',
            '=' => '.',
            u => u,
        });
    }
    if chars.len() >= 2 && matches!(chars[0], '+' | '-') && chars[1].is_ascii_alphabetic() {
        chars.swap(0, 1);
    }
    Some(chars)
}

fn file_number(c: char) -> Option<u8> {
    c.to_digit(10)
        .and_then(|d| u8::try_from(d).ok())
        .filter(|d| (1..=9).contains(d))
}

fn describe(c: &[char]) -> Option<Description> {
    let mut d = Description {
        kind: Some(letter_kind(*c.first()?)?),
        ..Description::default()
    };
    match c.get(1)? {
        '+' => d.place = Some(Place::Front),
        '-' => d.place = Some(Place::Rear),
        &f => d.file = Some(file_number(f)?),
    }
    match c.len() {
        4 => {
            d.dir = Some(match c[2] {
                '+' => Dir::Forward,
                '-' => Dir::Backward,
                '.' => Dir::Sideways,
                _ => return None,
            });
            d.number = file_number(c[3])?;
        }
        3 => {
            d.dir = Some(Dir::Sideways);
            d.number = file_number(c[2])?;
        }
        _ => return None,
    }
    Some(d)
}

/// Reads a move in WXF notation and returns it if it is legal in `pos`.
///
/// # Errors
/// When the text is not WXF notation, or fits no legal move, or several.
pub fn from_wxf(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let not_wxf = || NotationError::syntax(text, "not a move in WXF notation (like C2.5 or H8+7)");
    let input = normalize(text).ok_or_else(not_wxf)?;
    if input.is_empty() {
        return Err(NotationError::syntax(text, "empty move"));
    }
    let mut exact = None;
    let mut several = false;
    for mv in pos.legal_moves() {
        if to_wxf(pos, mv).chars().eq(input.iter().copied()) {
            several |= exact.is_some();
            exact = Some(mv);
        }
    }
    if let (Some(mv), false) = (exact, several) {
        return Ok(mv);
    }
    match describe(&input) {
        Some(description) => description.resolve(pos, text),
        None if looks_like_wxf(&input) => Err(NotationError::new(text, Problem::NoLegalMove)),
        None => Err(not_wxf()),
    }
}

/// The general shape of the written forms: piece or marker, file or marker, operator,
/// number (`33.4`, `++.4`).
fn looks_like_wxf(c: &[char]) -> bool {
    let head = |x: char| letter_kind(x).is_some() || matches!(x, '+' | '-' | '1'..='9');
    c.len() == 4
        && head(c[0])
        && matches!(c[1], '+' | '-' | '1'..='9')
        && matches!(c[2], '+' | '-' | '.')
        && file_number(c[3]).is_some()
}
