//! What comes out of games: [`pgn`] writes them, [`rating`] ranks engines and rates
//! them (logistic Elo and the documents' `cxa` and `qq` ratings), [`stats`] holds the
//! win/draw/loss counts, the pentanomial counts of game pairs and the SPRT.
//!
//! Floors inside: [`rating`] and [`stats`] (which import nothing of the crate) below
//! [`pgn`] (which reads [`crate::game::GameRecord`]).

pub mod pgn;
pub mod rating;
pub mod stats;
