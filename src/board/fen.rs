//! Xiangqi FEN: parse into a [`Setup`] (syntax, [`FenError`]), validate into a
//! [`Position`] ([`PositionError`]), and print.
//!
//! `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`: ranks 9..0,
//! files a..i, upper case Red, side `w` (or `r`) for Red and `b` for Black, then two
//! dashes kept for chess-FEN compatibility, the plies since the last capture and the
//! move number. Everything after the side to move may be left out.

use std::fmt;

use super::piece::{Color, Piece, PieceKind};
use super::position::Position;
use super::square::Square;

/// A parsed but unvalidated FEN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Pieces by square index.
    pub board: [Option<Piece>; 90],
    /// The side to move.
    pub side: Color,
    /// Plies since the last capture.
    pub rule60: u16,
    /// Move number.
    pub fullmove: u16,
}

/// What is wrong with the text of a FEN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// Nothing to parse.
    Empty,
    /// The board part does not have 10 ranks separated by `/`.
    RankCount(usize),
    /// A rank (0..9) that does not describe exactly 9 files.
    RankWidth { rank: u8, files: usize },
    /// A character that is neither a piece letter nor a digit 1-9.
    UnknownPiece { rank: u8, found: char },
    /// The side to move is not `w`, `r` or `b`.
    SideToMove(String),
    /// A move counter that is not a number in range.
    Counter(String),
    /// Well-formed, but not a position that can arise in a game.
    Invalid(PositionError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => write!(f, "empty FEN"),
            FenError::RankCount(n) => write!(f, "the board has {n} ranks, expected 10"),
            FenError::RankWidth { rank, files } => {
                write!(f, "rank {rank} has {files} files, expected 9")
            }
            FenError::UnknownPiece { rank, found } => {
                write!(f, "unknown piece letter '{found}' on rank {rank}")
            }
            FenError::SideToMove(s) => {
                write!(f, "side to move '{s}' is not 'w' (or 'r') or 'b'")
            }
            FenError::Counter(s) => write!(f, "move counter '{s}' is not a number"),
            FenError::Invalid(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for FenError {}

impl From<PositionError> for FenError {
    fn from(e: PositionError) -> FenError {
        FenError::Invalid(e)
    }
}

/// Why a placement is not a legal xiangqi position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A side has no king, or more than one.
    KingCount { color: Color, count: u32 },
    /// More pieces of a kind than one set holds (2 of each, 5 pawns).
    TooMany {
        color: Color,
        kind: PieceKind,
        count: u32,
    },
    /// A piece on a point it can never reach (king or advisor outside the palace points,
    /// elephant off its seven points, pawn behind its start or on a file it cannot reach
    /// before crossing the river).
    BadSquare { piece: Piece, square: Square },
    /// The kings face each other on an open file.
    KingsFacing,
    /// The side that just moved is in check.
    SideNotToMoveInCheck,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::KingCount { color, count: 0 } => write!(f, "{color} has no king"),
            PositionError::KingCount { color, count } => write!(f, "{color} has {count} kings"),
            PositionError::TooMany { color, kind, count } => write!(
                f,
                "{color} has {count} {}s, a set has {}",
                kind.name(),
                kind.count_in_set()
            ),
            PositionError::BadSquare { piece, square } => {
                write!(f, "a {piece} can never stand on {square}")
            }
            PositionError::KingsFacing => write!(f, "the kings face each other on an open file"),
            PositionError::SideNotToMoveInCheck => write!(f, "the side not to move is in check"),
        }
    }
}

impl std::error::Error for PositionError {}

impl Setup {
    /// Parses the text of a FEN.
    ///
    /// # Errors
    /// A [`FenError`] naming the first problem found.
    pub fn parse(fen: &str) -> Result<Setup, FenError> {
        let mut fields = fen.split_whitespace();
        let placement = fields.next().ok_or(FenError::Empty)?;
        let ranks: Vec<&str> = placement.split('/').collect();
        if ranks.len() != 10 {
            return Err(FenError::RankCount(ranks.len()));
        }
        let mut board = [None; 90];
        for (row, text) in ranks.iter().enumerate() {
            let rank = 9 - row as u8;
            let mut file = 0usize;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10).filter(|d| (1..=9).contains(d)) {
                    file += d as usize;
                } else if let Some(kind) = PieceKind::from_fen_char(c) {
                    let color = if c.is_ascii_uppercase() {
                        Color::Red
                    } else {
                        Color::Black
                    };
                    if file < 9 {
                        board[usize::from(rank) * 9 + file] = Some(Piece::new(color, kind));
                    }
                    file += 1;
                } else {
                    return Err(FenError::UnknownPiece { rank, found: c });
                }
                if file > 9 {
                    break;
                }
            }
            if file != 9 {
                return Err(FenError::RankWidth { rank, files: file });
            }
        }
        let side = match fields.next() {
            None | Some("w" | "W" | "r" | "R") => Color::Red,
            Some("b" | "B") => Color::Black,
            Some(other) => return Err(FenError::SideToMove(other.to_string())),
        };
        // Two fields kept for chess-FEN compatibility ("-" each); ignored.
        let _castling = fields.next();
        let _en_passant = fields.next();
        let counter = |field: Option<&str>, default: u16| match field {
            None => Ok(default),
            Some(s) => s
                .parse::<u16>()
                .map_err(|_| FenError::Counter(s.to_string())),
        };
        let rule60 = counter(fields.next(), 0)?;
        let fullmove = counter(fields.next(), 1)?.max(1);
        Ok(Setup {
            board,
            side,
            rule60,
            fullmove,
        })
    }
}

/// Whether `piece` can ever stand on `sq` in a game.
fn reachable(piece: Piece, sq: Square) -> bool {
    let color = piece.color();
    // Work from Red's point of view.
    let sq = if color == Color::Red {
        sq
    } else {
        sq.flip_rank()
    };
    let (file, rank) = (sq.file(), sq.rank());
    match piece.kind() {
        PieceKind::King => sq.in_palace_of(Color::Red),
        // d0, f0, e1, d2, f2: the palace points with odd file + rank.
        PieceKind::Advisor => sq.in_palace_of(Color::Red) && (file + rank) % 2 == 1,
        PieceKind::Elephant => {
            matches!((file, rank), (2 | 6, 0) | (0 | 4 | 8, 2) | (2 | 6, 4))
        }
        PieceKind::Pawn => rank >= 5 || (rank >= 3 && file % 2 == 0),
        PieceKind::Horse | PieceKind::Rook | PieceKind::Cannon => true,
    }
}

impl Position {
    /// Parses and validates a FEN.
    ///
    /// # Errors
    /// A [`FenError`] for bad text, or `FenError::Invalid` for a placement that cannot
    /// arise in a game.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Ok(Position::from_setup(&Setup::parse(fen)?)?)
    }

    /// Validates a setup.
    ///
    /// # Errors
    /// The first [`PositionError`] found.
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionError> {
        let mut pos = Position::empty();
        let mut counts = [[0u32; 7]; 2];
        for sq in Square::all() {
            if let Some(piece) = setup.board[sq.index()] {
                counts[piece.color().index()][piece.kind().index()] += 1;
                if !reachable(piece, sq) {
                    return Err(PositionError::BadSquare { piece, square: sq });
                }
                pos.put(piece, sq);
            }
        }
        for color in Color::ALL {
            let kings = counts[color.index()][PieceKind::King.index()];
            if kings != 1 {
                return Err(PositionError::KingCount {
                    color,
                    count: kings,
                });
            }
            for kind in PieceKind::ALL {
                let count = counts[color.index()][kind.index()];
                if count > kind.count_in_set() {
                    return Err(PositionError::TooMany { color, kind, count });
                }
            }
        }
        pos.side = setup.side;
        if setup.side == Color::Black {
            pos.key ^= super::zobrist::side_key();
        }
        pos.rule60 = setup.rule60;
        pos.fullmove = setup.fullmove;
        pos.checkers = pos.compute_checkers();

        let red_king = pos.king_square(Color::Red);
        let black_king = pos.king_square(Color::Black);
        if red_king.file() == black_king.file() {
            let between = (red_king.rank() + 1..black_king.rank())
                .filter_map(|r| Square::from_coords(i32::from(red_king.file()), i32::from(r)))
                .any(|sq| pos.piece_at(sq).is_some());
            if !between {
                return Err(PositionError::KingsFacing);
            }
        }
        let them = !pos.side;
        let their_king = pos.king_square(them);
        if pos.attackers_to(their_king, pos.side).any() {
            return Err(PositionError::SideNotToMoveInCheck);
        }
        Ok(pos)
    }

    /// The FEN of this position (`w` for Red to move, horse `N`, elephant `B`).
    pub fn to_fen(&self) -> String {
        let mut out = String::with_capacity(96);
        for rank in (0..10).rev() {
            let mut empty = 0;
            for file in 0..9 {
                let sq = Square::from_coords(file, rank).expect("on board");
                match self.piece_at(sq) {
                    Some(piece) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(piece.fen_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        let side = if self.side == Color::Red { 'w' } else { 'b' };
        out.push_str(&format!(" {side} - - {} {}", self.rule60, self.fullmove));
        out
    }
}
