//! Openings: start positions (EPD/FEN lines) or move lists (PGN), each checked against
//! the rules core when loaded.

use chariot::board::{Position, START_FEN};

/// A start position and the moves the manager plays from it before the engines take
/// over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The FEN.
    pub fen: String,
    /// ICCS moves played from it.
    pub moves: Vec<String>,
}

impl Opening {
    /// The standard start position.
    pub fn startpos() -> Opening {
        Opening {
            fen: START_FEN.to_string(),
            moves: Vec::new(),
        }
    }

    /// The position after the opening moves; `Err` names what is wrong.
    pub fn position(&self) -> Result<Position, String> {
        let mut pos =
            Position::from_fen(&self.fen).map_err(|e| format!("bad FEN '{}': {e}", self.fen))?;
        for m in &self.moves {
            pos.try_play(m).map_err(|e| format!("move {m}: {e}"))?;
        }
        Ok(pos)
    }
}

/// The format of an openings file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// One FEN/EPD per line (EPD operations after the four fields are ignored).
    Epd,
    /// PGN games: `[FEN]` set-up tag and ICCS move text (`h2e2` or `H2-E2`).
    Pgn,
}

impl Format {
    /// Parses `epd`/`fen` or `pgn`.
    pub fn parse(text: &str) -> Result<Format, String> {
        match text.to_ascii_lowercase().as_str() {
            "epd" | "fen" => Ok(Format::Epd),
            "pgn" => Ok(Format::Pgn),
            _ => Err(format!("unknown openings format '{text}' (epd or pgn)")),
        }
    }
}

/// Turns an EPD/FEN line into a FEN the rules core reads: board, side, and the two
/// counters when they are there.
pub fn epd_to_fen(line: &str) -> Option<String> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    if tokens.len() < 2 {
        return None;
    }
    let mut fen = format!("{} {}", tokens[0], tokens[1]);
    let counters = tokens.len() >= 6
        && tokens[4].parse::<u32>().is_ok()
        && tokens[5].trim_end_matches(';').parse::<u32>().is_ok();
    if counters {
        fen.push_str(&format!(
            " - - {} {}",
            tokens[4],
            tokens[5].trim_end_matches(';')
        ));
    } else {
        fen.push_str(" - - 0 1");
    }
    Some(fen)
}

/// Reads openings from text.
pub fn parse_openings(text: &str, format: Format) -> Result<Vec<Opening>, String> {
    let mut out = Vec::new();
    match format {
        Format::Epd => {
            for (n, line) in text.lines().enumerate() {
                let line = line.trim();
                if line.is_empty() || line.starts_with('#') || line.starts_with("//") {
                    continue;
                }
                let fen = epd_to_fen(line).ok_or_else(|| format!("line {}: not a FEN", n + 1))?;
                let opening = Opening {
                    fen,
                    moves: Vec::new(),
                };
                check(&opening).map_err(|e| format!("line {}: {e}", n + 1))?;
                out.push(opening);
            }
        }
        Format::Pgn => {
            for (n, game) in split_pgn(text).into_iter().enumerate() {
                let opening =
                    pgn_game_opening(&game).map_err(|e| format!("game {}: {e}", n + 1))?;
                check(&opening).map_err(|e| format!("game {}: {e}", n + 1))?;
                out.push(opening);
            }
        }
    }
    Ok(out)
}

/// An opening must be legal and leave the side to move a legal move.
fn check(opening: &Opening) -> Result<(), String> {
    let pos = opening.position()?;
    if pos.legal_moves().is_empty() {
        return Err("the side to move has no legal move".into());
    }
    Ok(())
}

/// Splits PGN text into games (each game's text, tags included).
fn split_pgn(text: &str) -> Vec<String> {
    let mut games = Vec::new();
    let mut current = String::new();
    let mut in_moves = false;
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with('[') {
            if in_moves {
                games.push(std::mem::take(&mut current));
                in_moves = false;
            }
        } else if !t.is_empty() {
            in_moves = true;
        }
        current.push_str(line);
        current.push('\n');
    }
    if !current.trim().is_empty() {
        games.push(current);
    }
    games
}

/// The opening of one PGN game: its `[FEN]` (or the start) and its ICCS moves.
fn pgn_game_opening(game: &str) -> Result<Opening, String> {
    let mut fen = START_FEN.to_string();
    let mut movetext = String::new();
    for line in game.lines() {
        let t = line.trim();
        if t.starts_with('[') {
            if let Some(rest) = t.strip_prefix("[FEN") {
                let value = rest.trim().trim_end_matches(']').trim().trim_matches('"');
                fen = epd_to_fen(value).ok_or_else(|| format!("bad FEN tag '{value}'"))?;
            }
        } else {
            movetext.push_str(t);
            movetext.push(' ');
        }
    }
    // Strip comments and variations.
    let mut clean = String::new();
    let (mut brace, mut paren) = (0, 0);
    for c in movetext.chars() {
        match c {
            '{' => brace += 1,
            '}' => brace -= 1,
            '(' if brace == 0 => paren += 1,
            ')' if brace == 0 => paren -= 1,
            _ if brace == 0 && paren == 0 => clean.push(c),
            _ => {}
        }
    }
    let mut moves = Vec::new();
    let mut pos = Position::from_fen(&fen).map_err(|e| format!("bad FEN '{fen}': {e}"))?;
    for token in clean.split_whitespace() {
        let token = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        if token.is_empty() || ["1-0", "0-1", "1/2-1/2", "*"].contains(&token) {
            continue;
        }
        let iccs: String = token
            .chars()
            .filter(|c| *c != '-')
            .collect::<String>()
            .to_ascii_lowercase();
        pos.try_play(&iccs)
            .map_err(|e| format!("move '{token}': {e} (only ICCS move text is read)"))?;
        moves.push(iccs);
    }
    Ok(Opening { fen, moves })
}

/// Reads an openings file.
pub fn load_openings(path: &str, format: Format) -> Result<Vec<Opening>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read '{path}': {e}"))?;
    let openings = parse_openings(&text, format).map_err(|e| format!("{path}: {e}"))?;
    if openings.is_empty() {
        return Err(format!("{path}: no openings"));
    }
    Ok(openings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epd_and_pgn() {
        let o = parse_openings(
            "# comment\nrnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n\
             rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - bm h9g7;\n",
            Format::Epd,
        )
        .unwrap();
        assert_eq!(o.len(), 2);
        assert!(o[1].fen.ends_with(" b - - 0 1"));
        let p = parse_openings(
            "[Event \"x\"]\n[Format \"ICCS\"]\n\n1. H2-E2 H9-G7 2. h0g2 {c} i9h9 *\n\n[Event \"y\"]\n\n1. c3c4 *\n",
            Format::Pgn,
        )
        .unwrap();
        assert_eq!(p.len(), 2);
        assert_eq!(p[0].moves, ["h2e2", "h9g7", "h0g2", "i9h9"]);
        assert_eq!(p[1].moves, ["c3c4"]);
        assert!(parse_openings("1. h2h8 *\n", Format::Pgn).is_err());
    }
}
