//! ICCS coordinates: `h2e2`, read as well as `H2E2` or `H2-E2`, and written `H2-E2` in
//! PGN.

use crate::board::{Move, Position};

use super::error::{NotationError, Problem};

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
