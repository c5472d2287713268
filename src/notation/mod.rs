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
//!
//! # Where the code is
//!
//! [`Format`] names the three notations and writes or reads a move in any of them
//! (`format.rs`); each notation has its file (`iccs.rs`, [`chinese`], [`wxf`]), the last
//! two over what both describe of a move (`describe.rs`). `error.rs` holds the errors
//! ([`NotationError`], [`Problem`]) and `convert.rs` the conversion of move lists and
//! `chariot notation`. The game files: [`pgn`], [`xqf`], [`encoding`] and [`files`].

pub mod chinese;
mod convert;
mod describe;
pub mod encoding;
mod error;
pub mod files;
mod format;
mod iccs;
pub mod pgn;
pub mod wxf;
pub mod xqf;

pub use chinese::{from_chinese, to_chinese};
pub use convert::{cli, convert};
pub use error::{NotationError, Problem};
pub use format::{format_move, parse_move, Format};
pub use iccs::from_iccs;
pub use pgn::{read_pgn, read_pgn_games, write_pgn, PgnFile, PgnGame, ReadGame};
pub use wxf::{from_wxf, to_wxf};
