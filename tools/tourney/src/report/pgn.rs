//! A tourney game as xiangqi PGN, written by the library's one PGN writer
//! ([`chariot::notation::write_pgn`]): Red/Black tags, a `[FEN]` set-up tag when the game
//! did not start from the standard position, the result and its reason, and the move
//! text in ICCS (`[Format "ICCS"]`, moves `H2-E2`) or Chinese (`[Format "Chinese"]`), each
//! engine move followed by its score, depth and time.

use std::fmt::Write as _;

use chariot::board::Position;
use chariot::notation::{write_pgn, Format, PgnGame};

use crate::game::GameRecord;

/// The move-text dialect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum MoveText {
    /// ICCS coordinates, `H2-E2`.
    #[default]
    Iccs,
    /// Chinese notation, 炮二平五.
    Chinese,
}

/// A `-pgnout` move text that is neither `iccs` nor `chinese`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownMoveText(pub String);

impl std::fmt::Display for UnknownMoveText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unknown move text '{}' (iccs or chinese)", self.0)
    }
}

impl std::error::Error for UnknownMoveText {}

impl MoveText {
    /// Parses `iccs` or `chinese`.
    pub fn parse(text: &str) -> Result<MoveText, UnknownMoveText> {
        match text.to_ascii_lowercase().as_str() {
            "iccs" => Ok(MoveText::Iccs),
            "chinese" | "cn" => Ok(MoveText::Chinese),
            _ => Err(UnknownMoveText(text.to_string())),
        }
    }

    /// The notation the writer uses.
    pub fn format(self) -> Format {
        match self {
            MoveText::Iccs => Format::Iccs,
            MoveText::Chinese => Format::Chinese,
        }
    }
}

/// Extra tags for a game.
#[derive(Clone, Debug, Default)]
pub struct Tags {
    /// Event name.
    pub event: String,
    /// Site.
    pub site: String,
    /// Round label, e.g. `3.1`.
    pub round: String,
    /// Date `YYYY.MM.DD`.
    pub date: String,
}

/// Today's date as `YYYY.MM.DD` (UTC).
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0) as i64;
    // Civil from days (proleptic Gregorian), Howard Hinnant's algorithm.
    let z = secs.div_euclid(86_400) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The PGN text of a game (ends with a blank line).
///
/// # Panics
/// When the game's start FEN or a move is not valid (the runner plays only legal moves
/// from checked openings).
pub fn write_game(game: &GameRecord, tags: &Tags, text: MoveText) -> String {
    let start = Position::from_fen(&game.start_fen).expect("valid start");
    let mut pgn = PgnGame::new(start);
    let plies = game.opening_moves.len() + game.moves.len();
    let ply_count = plies.to_string();
    for (name, value) in [
        ("Event", &tags.event),
        ("Site", &tags.site),
        ("Date", &tags.date),
        ("Round", &tags.round),
        ("Red", &game.red),
        ("Black", &game.black),
        ("TimeControl", &game.time_control),
        ("PlyCount", &ply_count),
        ("Termination", &game.reason),
    ] {
        pgn.tags.push((name.to_string(), value.to_string()));
    }
    pgn.result = game.outcome.pgn().to_string();
    pgn.moves.extend_from_slice(&game.opening_moves);
    if !game.opening_moves.is_empty() {
        pgn.comments
            .push((game.opening_moves.len(), "book".to_string()));
    }
    for played in &game.moves {
        pgn.moves.push(played.mv);
        let mut comment = String::new();
        if let Some(score) = played.score {
            let _ = write!(comment, "{:+.2}", f64::from(score) / 100.0);
            if let Some(depth) = played.depth {
                let _ = write!(comment, "/{depth}");
            }
            comment.push(' ');
        }
        let _ = write!(comment, "{:.3}s", played.time_ms as f64 / 1000.0);
        pgn.comments.push((pgn.moves.len(), comment));
    }
    pgn.comments.push((plies, game.reason.clone()));
    let mut out = write_pgn(&pgn, text.format());
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::PlayedMove;
    use chariot::board::Outcome;
    use chariot::board::{Move, START_FEN};

    fn mv(text: &str) -> Move {
        Move::parse_iccs(text).expect("ICCS")
    }

    #[test]
    fn a_game_with_book_moves_scores_and_its_reason() {
        let played = |text: &str, score, depth| PlayedMove {
            mv: mv(text),
            score,
            depth,
            time_ms: 1234,
            ponder_hit: None,
        };
        let game = GameRecord {
            red: "A".into(),
            black: "B".into(),
            start_fen: START_FEN.into(),
            opening_moves: vec![mv("h2e2"), mv("h9g7")],
            moves: vec![
                played("h0g2", None, None),
                played("i9h9", Some(35), Some(7)),
            ],
            outcome: Outcome::RedWins,
            reason: "B {x}".into(),
            foul: false,
            end: None,
            time_control: "10+0.1".into(),
        };
        let tags = Tags {
            event: "Event \"one\"".into(),
            site: "here".into(),
            round: "1.2".into(),
            date: "2026.12.01".into(),
        };
        let head = |format: &str| {
            format!(
                "[Game \"Chinese Chess\"]\n[Event \"Event \\\"one\\\"\"]\n[Site \"here\"]\n\
                 [Date \"2026.12.01\"]\n[Round \"1.2\"]\n[Red \"A\"]\n[Black \"B\"]\n\
                 [Result \"1-0\"]\n{format}[TimeControl \"10+0.1\"]\n[PlyCount \"4\"]\n\
                 [Termination \"B {{x}}\"]\n\n"
            )
        };
        assert_eq!(
            write_game(&game, &tags, MoveText::Iccs),
            head("[Format \"ICCS\"]\n")
                + "1. H2-E2 H9-G7 {book} 2. H0-G2 {1.234s} I9-H9 {+0.35/7 1.234s} \
                   {B {x)} 1-0\n\n"
        );
        assert_eq!(
            write_game(&game, &tags, MoveText::Chinese),
            head("[Format \"Chinese\"]\n")
                + "1. 炮二平五 马８进７ {book} 2. 马二进三 {1.234s} 车９平８ {+0.35/7 1.234s} \
                   {B {x)} 1-0\n\n"
        );
    }
}
