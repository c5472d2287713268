//! The one authority on whether and how a game has ended: mate, 困毙, a repetition
//! ruled by the 棋例 ([`super::repetition`]), no attacking material, the natural limit
//! (with its cap on counted checks) and a tournament's move limit.
//!
//! Everything that ends games asks [`Position::game_end`]: the tourney's arbiter (which
//! only turns the typed [`GameEnd`] into a PGN result and words), `datagen`'s
//! self-play, and `chariot rule`. The search rules on repetitions and the natural limit
//! inside its tree with the same [`Position`] functions ([`Position::rule_on_with`],
//! [`Position::natural_limit_reached`]); it asks about a cycle as soon as a position
//! comes back once, where a game is ruled on the third time ([`GameRules::repetitions`]).

use super::outcome::Outcome;
use super::piece::{Color, PieceKind};
use super::position::Position;
use super::repetition::{RuleSet, Ruling, NATURAL_LIMIT_MOVES};

/// The rules a game is played under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameRules {
    /// How many times a position must have stood on the board (this time included)
    /// before a ruling is made (第4.2.3条: 循环反复三次). At least 2.
    pub repetitions: usize,
    /// The natural limit in moves by each side without a capture (第4.2.4条), a claimant
    /// counting at most ten of its own checks; 0 turns it off.
    pub natural_limit_moves: u16,
    /// A draw once this many moves (by each side) have been played in the game; 0 = no
    /// limit. Tournaments set it; the documents have none.
    pub move_limit: u16,
    /// A draw when neither side has a piece that can attack (rook, horse, cannon or
    /// pawn): kings, advisors and elephants alone can never mate or 困毙.
    pub insufficient_material: bool,
    /// The rulings that apply at a repetition.
    pub rule_set: RuleSet,
}

impl Default for GameRules {
    fn default() -> GameRules {
        GameRules {
            repetitions: 3,
            natural_limit_moves: NATURAL_LIMIT_MOVES,
            move_limit: 0,
            insufficient_material: true,
            rule_set: RuleSet::Chinese,
        }
    }
}

/// How a game ended under [`Position::game_end`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// The side to move is mated (将死) and loses.
    Checkmate(Color),
    /// The side to move has no legal move (困毙) and loses.
    Stalemate(Color),
    /// A position came round often enough to be ruled on.
    Repetition(Ruling),
    /// Neither side has attacking material: a draw.
    InsufficientMaterial,
    /// The natural limit was reached: a draw.
    NaturalLimit,
    /// The tournament's move limit was reached: a draw.
    MoveLimit,
}

impl GameEnd {
    /// The losing side, `None` for a draw.
    pub fn loser(&self) -> Option<Color> {
        match self {
            GameEnd::Checkmate(color) | GameEnd::Stalemate(color) => Some(*color),
            GameEnd::Repetition(ruling) => ruling.verdict.loser(),
            GameEnd::InsufficientMaterial | GameEnd::NaturalLimit | GameEnd::MoveLimit => None,
        }
    }

    /// Who won.
    pub fn outcome(&self) -> Outcome {
        self.loser().map_or(Outcome::Draw, Outcome::loss_for)
    }

    /// The result in the command line's words: `draw`, `red wins`, `black wins`.
    pub fn result(&self) -> &'static str {
        self.outcome().text()
    }

    /// The reason in words under the default rules (see [`GameEnd::reason_under`]).
    pub fn reason(&self) -> String {
        self.reason_under(&GameRules::default())
    }

    /// The reason in words under `rules`: "black is checkmated", "red is stalemated (no
    /// legal move)", the repetition's [`Ruling::reason`], "natural limit: 60 moves
    /// without capture".
    pub fn reason_under(&self, rules: &GameRules) -> String {
        match self {
            GameEnd::Repetition(ruling) => ruling.reason(),
            _ => self.detail_under(rules),
        }
    }

    /// The reason without a leading "draw: ".
    pub fn detail_under(&self, rules: &GameRules) -> String {
        match self {
            GameEnd::Checkmate(color) => format!("{color} is checkmated"),
            GameEnd::Stalemate(color) => format!("{color} is stalemated (no legal move)"),
            GameEnd::Repetition(ruling) => ruling.detail(),
            GameEnd::InsufficientMaterial => {
                "insufficient material (no attacking pieces)".to_string()
            }
            GameEnd::NaturalLimit => format!(
                "natural limit: {} moves without capture",
                rules.natural_limit_moves
            ),
            GameEnd::MoveLimit => format!("move limit of {} moves", rules.move_limit),
        }
    }
}

impl Position {
    /// Whether the game is over under `rules`, `plies_played` plies into it (for the
    /// move limit). In order: mate and 困毙 of the side to move; a repetition ruled on
    /// when the position has come round `rules.repetitions` times (a draw by it ends
    /// the game too); no attacking material on either side; the natural limit; the move
    /// limit.
    pub fn game_end(&self, rules: &GameRules, plies_played: usize) -> Option<GameEnd> {
        if self.legal_moves().is_empty() {
            return Some(if self.in_check() {
                GameEnd::Checkmate(self.side_to_move())
            } else {
                GameEnd::Stalemate(self.side_to_move())
            });
        }
        if let Some(ruling) = self.repetition_ruling_after_with(rules.repetitions, rules.rule_set) {
            return Some(GameEnd::Repetition(ruling));
        }
        if rules.insufficient_material && self.neither_side_can_attack() {
            return Some(GameEnd::InsufficientMaterial);
        }
        if rules.natural_limit_moves > 0 && self.natural_limit_reached(rules.natural_limit_moves) {
            return Some(GameEnd::NaturalLimit);
        }
        if rules.move_limit > 0 && plies_played >= 2 * usize::from(rules.move_limit) {
            return Some(GameEnd::MoveLimit);
        }
        None
    }

    /// Whether neither side has a piece that can attack (only kings, advisors and
    /// elephants are left): a dead draw, as nobody can mate or 困毙.
    pub fn neither_side_can_attack(&self) -> bool {
        !self.has_attacking_material(Color::Red) && !self.has_attacking_material(Color::Black)
    }

    /// Whether `color` has a piece that can attack: a rook, horse, cannon or pawn.
    pub fn has_attacking_material(&self, color: Color) -> bool {
        [
            PieceKind::Rook,
            PieceKind::Horse,
            PieceKind::Cannon,
            PieceKind::Pawn,
        ]
        .iter()
        .any(|&kind| self.pieces(color, kind).any())
    }
}

/// The ruling of a game so far, for `chariot rule --fen <FEN> --moves <m1> <m2> …
/// [--rules chinese|asian]`: one line, `<result> (<reason>)`, where the result is
/// `ongoing`, `draw`, `red wins` or `black wins` (the first word is machine-readable).
///
/// The game is judged by [`Position::game_end`] with the default rules except that a
/// repetition is ruled as soon as the final position has stood on the board before (the
/// latest cycle is judged, and the line gives the result if the offending side does not
/// vary: "black wins (red perpetual chase of the black rook on c7)", "draw (both sides
/// idle)"); then the natural limit ("draw (natural limit: 60 moves without capture)");
/// otherwise `ongoing (…)`. Moves are ICCS (`h2e2`); an argument may hold several
/// separated by spaces.
///
/// # Errors
/// A bad FEN, an unknown rule set, or a move that is not legal where it is played.
pub fn rule_cli(fen: &str, moves: &[String], rules: &str) -> Result<String, String> {
    let rule_set: RuleSet = rules.parse()?;
    let mut pos = Position::from_fen(fen).map_err(|e| format!("bad FEN '{fen}': {e}"))?;
    for (number, text) in moves.iter().flat_map(|m| m.split_whitespace()).enumerate() {
        pos.try_play(text)
            .map_err(|e| format!("move {} ({text}): {e}", number + 1))?;
    }
    let rules = GameRules {
        repetitions: 2,
        rule_set,
        ..GameRules::default()
    };
    Ok(match pos.game_end(&rules, pos.history().len()) {
        Some(end) => format!("{} ({})", end.result(), end.detail_under(&rules)),
        None => format!(
            "ongoing ({} to move, no repetition, {} plies without capture)",
            pos.side_to_move(),
            pos.rule60_plies()
        ),
    })
}
