//! Writing games as xiangqi PGN: Red/Black tags, a `[FEN]` set-up tag when the game did
//! not start from the standard position, the result and its reason, and the move text
//! in ICCS (`[Format "ICCS"]`, moves `H2-E2`) or Chinese.

use std::fmt::Write as _;

use chariot::board::{Move, Position, START_FEN};

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

impl MoveText {
    /// Parses `iccs` or `chinese`.
    pub fn parse(text: &str) -> Result<MoveText, String> {
        match text.to_ascii_lowercase().as_str() {
            "iccs" => Ok(MoveText::Iccs),
            "chinese" | "cn" => Ok(MoveText::Chinese),
            _ => Err(format!("unknown move text '{text}' (iccs or chinese)")),
        }
    }
}

/// THE one place Chinese move text is produced (炮二平五, 马８进７), by the notation
/// module of the rules core. `None` would make the writer fall back to ICCS text.
pub fn chinese_move(pos: &Position, mv: Move) -> Option<String> {
    Some(chariot::notation::to_chinese(pos, mv))
}

/// ICCS PGN style: `H2-E2`.
pub fn iccs_move(mv: Move) -> String {
    let t = mv.to_string().to_ascii_uppercase();
    format!("{}-{}", &t[..2], &t[2..])
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

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The PGN text of a game (ends with a blank line).
pub fn write_game(game: &GameRecord, tags: &Tags, text: MoveText) -> String {
    let mut out = String::new();
    let chinese = text == MoveText::Chinese
        && Move::parse_iccs("h2e2")
            .ok()
            .and_then(|m| chinese_move(&Position::startpos(), m))
            .is_some();
    let tag = |out: &mut String, k: &str, v: &str| {
        let _ = writeln!(out, "[{k} \"{}\"]", escape(v));
    };
    tag(&mut out, "Game", "Chinese Chess");
    tag(&mut out, "Event", &tags.event);
    tag(&mut out, "Site", &tags.site);
    tag(&mut out, "Date", &tags.date);
    tag(&mut out, "Round", &tags.round);
    tag(&mut out, "Red", &game.red);
    tag(&mut out, "Black", &game.black);
    tag(&mut out, "Result", game.outcome.pgn());
    if game.start_fen != START_FEN {
        tag(&mut out, "FEN", &game.start_fen);
    }
    tag(&mut out, "Format", if chinese { "Chinese" } else { "ICCS" });
    tag(&mut out, "TimeControl", &game.time_control);
    tag(
        &mut out,
        "PlyCount",
        &(game.opening_moves.len() + game.moves.len()).to_string(),
    );
    tag(&mut out, "Termination", &game.reason);
    let mut pos = Position::from_fen(&game.start_fen).expect("valid start");
    let mut tokens: Vec<String> = Vec::new();
    let total = game.opening_moves.len() + game.moves.len();
    for i in 0..total {
        let (mv, comment) = if i < game.opening_moves.len() {
            (
                game.opening_moves[i],
                if i + 1 == game.opening_moves.len() {
                    Some("book".to_string())
                } else {
                    None
                },
            )
        } else {
            let m = &game.moves[i - game.opening_moves.len()];
            let mut c = String::new();
            if let Some(s) = m.score {
                let _ = write!(c, "{:+.2}", f64::from(s) / 100.0);
                if let Some(d) = m.depth {
                    let _ = write!(c, "/{d}");
                }
                c.push(' ');
            }
            let _ = write!(c, "{:.3}s", m.time_ms as f64 / 1000.0);
            (m.mv, Some(c))
        };
        let red_to_move = pos.side_to_move() == chariot::board::Color::Red;
        let number = pos.fullmove_number();
        if red_to_move {
            tokens.push(format!("{number}."));
        } else if i == 0 {
            tokens.push(format!("{number}..."));
        }
        let text = if chinese {
            chinese_move(&pos, mv).unwrap_or_else(|| iccs_move(mv))
        } else {
            iccs_move(mv)
        };
        tokens.push(text);
        if let Some(c) = comment {
            tokens.push(format!("{{{c}}}"));
        }
        pos.make_move(mv);
    }
    tokens.push(format!("{{{}}}", game.reason.replace('}', ")")));
    tokens.push(game.outcome.pgn().to_string());
    out.push('\n');
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.chars().count() + 1 + t.chars().count() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&t);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}
