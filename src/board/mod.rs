//! The rules of xiangqi. Nothing here knows about search, evaluation or protocols; every
//! other part of Chariot asks this module what is legal.

pub mod attacks;
pub mod bitboard;
pub mod check;
pub mod fen;
pub mod game_end;
pub mod movegen;
pub mod mv;
pub mod outcome;
pub mod perft;
pub mod piece;
pub mod position;
pub mod repetition;
pub mod square;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use fen::{FenError, PositionError, Setup};
pub use game_end::{GameEnd, GameRules};
pub use movegen::{MoveList, MAX_MOVES};
pub use mv::Move;
pub use outcome::Outcome;
pub use piece::{Color, Piece, PieceKind};
pub use position::START_FEN;
pub use position::{IllegalMove, Position, Undo};
pub use square::Square;
