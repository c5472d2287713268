//! The opening book: Chariot's own file format, read into memory and probed by the
//! protocol (`OwnBook`/`BookFile`, UCCI `usebook`/`bookfiles`) and by the tourney's
//! book openings; [`build`] makes one from PGN games. The book in memory and its file
//! are in `store.rs` ([`Book`]).
//!
//! A position and its left-right mirror share their entries: each is stored under the
//! smaller of the two Zobrist keys ([`canonical`]), its moves mirrored with it.
//!
//! The file (little-endian):
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic `CHARBOOK` |
//! | 8 | 4 | version, 1 |
//! | 12 | 4 | entry count `n` |
//! | 16 | 16·n | entries, sorted by key, then move |
//!
//! An entry: key `u64` (the canonical position's
//! [`Position::key`](crate::board::Position::key)), move `u16`
//! ([`Move::raw`](crate::board::Move::raw), `from | to << 7`, in the canonical
//! position), weight `u16` (how often and how well the move scored: two per win and one
//! per draw of the side that played it, scaled down to fit when needed), games `u32`
//! (how often it was played).

pub mod build;
mod store;

pub use store::{
    canonical, stored_move, Book, BookError, BookMove, Entry, MAGIC, MAX_FILE_BYTES, VERSION,
};
