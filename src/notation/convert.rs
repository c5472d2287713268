//! A move list from one notation to another, each move checked against the position it
//! is played in; and the `chariot notation` subcommand on top.

use crate::board::Position;

use super::error::NotationError;
use super::format::{format_move, parse_move, Format};

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
