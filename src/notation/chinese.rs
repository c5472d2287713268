//! Chinese notation: 炮二平五, 马８进７, 前车进一, 中兵平四, 前三进一.
//!
//! Written in simplified characters: Red 车马相仕帅炮兵 with the numerals 一..九, Black
//! 车马象士将炮卒 with the full-width digits １..９ (as in the documents' sample game,
//! 相三进五 卒７进１). Ordinals of pawns (一兵 … 五兵) use 一..五 for both sides. See the
//! [module notes](super) for the rules on like pieces sharing a file and what is accepted
//! on input.

use crate::board::{Color, Move, PieceKind, Position};

use super::describe::{shape, Description, Dir, Place, Tandem};
use super::error::NotationError;

const RED_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const BLACK_NUMERALS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];

/// The character of a piece in the notation.
pub fn piece_char(color: Color, kind: PieceKind) -> char {
    match (color, kind) {
        (_, PieceKind::Rook) => '车',
        (_, PieceKind::Horse) => '马',
        (_, PieceKind::Cannon) => '炮',
        (Color::Red, PieceKind::King) => '帅',
        (Color::Black, PieceKind::King) => '将',
        (Color::Red, PieceKind::Advisor) => '仕',
        (Color::Black, PieceKind::Advisor) => '士',
        (Color::Red, PieceKind::Elephant) => '相',
        (Color::Black, PieceKind::Elephant) => '象',
        (Color::Red, PieceKind::Pawn) => '兵',
        (Color::Black, PieceKind::Pawn) => '卒',
    }
}

/// The numeral `n` (1..9) as `color` writes file numbers and steps.
fn numeral(n: u8, color: Color) -> char {
    let i = usize::from(n.clamp(1, 9)) - 1;
    match color {
        Color::Red => RED_NUMERALS[i],
        Color::Black => BLACK_NUMERALS[i],
    }
}

/// The word for the `index`-th (0 = front) of `count` like pieces on a file.
fn place_word(index: usize, count: usize) -> char {
    match (count, index) {
        (2, 0) | (3, 0) => '前',
        (3, 1) => '中',
        (2, 1) | (3, 2) => '后',
        (_, i) => RED_NUMERALS[i.min(8)],
    }
}

fn dir_char(dir: Dir) -> char {
    match dir {
        Dir::Forward => '进',
        Dir::Backward => '退',
        Dir::Sideways => '平',
    }
}

/// The Chinese text of the legal move `mv` in `pos` (the position before the move).
/// A move with no piece of the side to move on its from-square is written in ICCS.
pub fn to_chinese(pos: &Position, mv: Move) -> String {
    let Some(s) = shape(pos, mv) else {
        return mv.to_string();
    };
    let piece = piece_char(s.color, s.kind);
    let [a, b] = match s.tandem {
        Tandem::None => [piece, numeral(s.file, s.color)],
        Tandem::InFile { index, count } => [place_word(index, count), piece],
        Tandem::TwoFiles { index, count } => [place_word(index, count), numeral(s.file, s.color)],
    };
    [a, b, dir_char(s.dir), numeral(s.number, s.color)]
        .iter()
        .collect()
}

/// One meaningful character of Chinese move text.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Token {
    Piece(PieceKind),
    Place(Place),
    Number(u8),
    Dir(Dir),
}

fn token(c: char) -> Option<Token> {
    use PieceKind::*;
    Some(match c {
        '帅' | '帥' | '将' | '將' => Token::Piece(King),
        '仕' | '士' => Token::Piece(Advisor),
        '相' | '象' => Token::Piece(Elephant),
        '马' | '馬' | '傌' => Token::Piece(Horse),
        '车' | '車' | '俥' | '伡' => Token::Piece(Rook),
        '炮' | '砲' | '包' => Token::Piece(Cannon),
        '兵' | '卒' => Token::Piece(Pawn),
        '前' => Token::Place(Place::Front),
        '中' => Token::Place(Place::Middle),
        '后' | '後' => Token::Place(Place::Rear),
        '进' | '進' => Token::Dir(Dir::Forward),
        '退' => Token::Dir(Dir::Backward),
        '平' => Token::Dir(Dir::Sideways),
        '1'..='9' => Token::Number(c as u8 - b'0'),
        '１'..='９' => Token::Number((c as u32 - '１' as u32 + 1) as u8),
        _ => Token::Number(RED_NUMERALS.iter().position(|&n| n == c)? as u8 + 1),
    })
}

fn tokens(text: &str) -> Result<Vec<Token>, NotationError> {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| {
            token(c).ok_or_else(|| {
                NotationError::syntax(text, format!("'{c}' is not part of Chinese move notation"))
            })
        })
        .collect()
}

/// A file or step number 1..9.
fn num(n: u8) -> Option<u8> {
    (1..=9).contains(&n).then_some(n)
}

/// An ordinal 一..五 used as a place.
fn ordinal(n: u8) -> Option<Place> {
    (1..=5).contains(&n).then_some(Place::Nth(n))
}

fn place_of(t: Token) -> Option<Place> {
    match t {
        Token::Place(p) => Some(p),
        Token::Number(n) => ordinal(n),
        _ => None,
    }
}

/// Reads the loose forms: 车二进一, 前车进一, 车前进一, 一兵平四, 前三平四, 前兵三平四,
/// and the short form 炮25.
fn describe(t: &[Token]) -> Option<Description> {
    use Token::*;
    let mut d = Description::default();
    match *t {
        [Piece(k), Number(f), Dir(dir), Number(n)] => {
            d.kind = Some(k);
            d.file = Some(num(f)?);
            d.dir = Some(dir);
            d.number = num(n)?;
        }
        [p, Piece(k), Dir(dir), Number(n)] | [Piece(k), p, Dir(dir), Number(n)] => {
            d.place = Some(place_of(p)?);
            d.kind = Some(k);
            d.dir = Some(dir);
            d.number = num(n)?;
        }
        [p, Number(f), Dir(dir), Number(n)] => {
            d.place = Some(place_of(p)?);
            d.kind = Some(PieceKind::Pawn);
            d.file = Some(num(f)?);
            d.dir = Some(dir);
            d.number = num(n)?;
        }
        [p, Piece(k), Number(f), Dir(dir), Number(n)] => {
            d.place = Some(place_of(p)?);
            d.kind = Some(k);
            d.file = Some(num(f)?);
            d.dir = Some(dir);
            d.number = num(n)?;
        }
        [Piece(k), Number(f), Number(n)] => {
            d.kind = Some(k);
            d.file = Some(num(f)?);
            d.number = num(n)?;
        }
        _ => return None,
    }
    Some(d)
}

/// Reads a move in Chinese notation and returns it if it is legal in `pos`.
///
/// # Errors
/// When the text is not Chinese move notation, or fits no legal move, or several.
pub fn from_chinese(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let input = tokens(text)?;
    if input.is_empty() {
        return Err(NotationError::syntax(text, "empty move"));
    }
    // The exact text this module writes (any spelling) names one move.
    let mut exact = None;
    let mut several = false;
    for mv in pos.legal_moves() {
        if tokens(&to_chinese(pos, mv)).is_ok_and(|t| t == input) {
            several |= exact.is_some();
            exact = Some(mv);
        }
    }
    if let (Some(mv), false) = (exact, several) {
        return Ok(mv);
    }
    let description = describe(&input).ok_or_else(|| {
        NotationError::syntax(
            text,
            "not a move in Chinese notation (like 炮二平五 or 马８进７)",
        )
    })?;
    description.resolve(pos, text)
}
