//! The arbiter: decides when a game is over and why. Legality, check and mate come
//! from the rules core; repetitions are ruled by `chariot::board::repetition` behind
//! [`repetition_ruling`].

use chariot::board::{Color, Move, PieceKind, Position};

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Red won.
    RedWins,
    /// Black won.
    BlackWins,
    /// Drawn.
    Draw,
}

impl Outcome {
    /// A win for `color`.
    pub fn win_for(color: Color) -> Outcome {
        match color {
            Color::Red => Outcome::RedWins,
            Color::Black => Outcome::BlackWins,
        }
    }

    /// A loss for `color`.
    pub fn loss_for(color: Color) -> Outcome {
        Outcome::win_for(color.other())
    }

    /// The PGN result string.
    pub fn pgn(self) -> &'static str {
        match self {
            Outcome::RedWins => "1-0",
            Outcome::BlackWins => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }

    /// Points for `color` (1, 0.5 or 0).
    pub fn score_for(self, color: Color) -> f64 {
        match (self, color) {
            (Outcome::Draw, _) => 0.5,
            (Outcome::RedWins, Color::Red) | (Outcome::BlackWins, Color::Black) => 1.0,
            _ => 0.0,
        }
    }
}

/// A decided game: the outcome and the reason in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruling {
    /// Who won.
    pub outcome: Outcome,
    /// Why, e.g. "Black mates", "Red checks perpetually".
    pub reason: String,
    /// The loser lost by a foul (犯规): an illegal move, a forbidden repetition, a time
    /// forfeit, a crash, a hang, garbage or a failure to start. Counted by the
    /// tie-breaks.
    pub foul: bool,
}

impl Ruling {
    /// A ruling.
    pub fn new(outcome: Outcome, reason: impl Into<String>) -> Ruling {
        Ruling {
            outcome,
            reason: reason.into(),
            foul: false,
        }
    }

    /// A loss by a foul (see [`Ruling::foul`]).
    pub fn foul(outcome: Outcome, reason: impl Into<String>) -> Ruling {
        Ruling {
            foul: outcome != Outcome::Draw,
            ..Ruling::new(outcome, reason)
        }
    }
}

/// The rules the arbiter applies.
#[derive(Clone, Debug)]
pub struct Rules {
    /// Plies without a capture that draw the game (the natural limit; 120 = 60 moves);
    /// 0 switches it off.
    pub natural_limit_plies: u32,
    /// Draw after this many full moves of the game (0 = no limit).
    pub max_moves: u32,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            natural_limit_plies: 120,
            max_moves: 0,
        }
    }
}

fn name(c: Color) -> &'static str {
    match c {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}

/// Judges the position after the last move: `Some` when the game is over.
///
/// Order: no legal move (mate or stalemate — both lose), repetition, natural limit,
/// move limit.
pub fn judge(pos: &Position, rules: &Rules, game_plies: usize) -> Option<Ruling> {
    let side = pos.side_to_move();
    if pos.legal_moves().is_empty() {
        let winner = side.other();
        let how = if pos.in_check() {
            "mates"
        } else {
            "stalemates (困毙)"
        };
        return Some(Ruling::new(
            Outcome::win_for(winner),
            format!("{} {how}", name(winner)),
        ));
    }
    if let Some(r) = repetition_ruling(pos) {
        return Some(r);
    }
    if !has_attackers(pos, Color::Red) && !has_attackers(pos, Color::Black) {
        return Some(Ruling::new(
            Outcome::Draw,
            "insufficient material (no attacking pieces)",
        ));
    }
    if rules.natural_limit_plies > 0 && u32::from(pos.rule60_plies()) >= rules.natural_limit_plies {
        return Some(Ruling::new(
            Outcome::Draw,
            format!(
                "natural limit: {} moves without a capture",
                rules.natural_limit_plies / 2
            ),
        ));
    }
    if rules.max_moves > 0 && game_plies >= 2 * rules.max_moves as usize {
        return Some(Ruling::new(
            Outcome::Draw,
            format!("move limit of {} moves", rules.max_moves),
        ));
    }
    None
}

/// Whether `color` has a piece that can attack (rook, horse, cannon or pawn).
pub fn has_attackers(pos: &Position, color: Color) -> bool {
    [
        PieceKind::Rook,
        PieceKind::Horse,
        PieceKind::Cannon,
        PieceKind::Pawn,
    ]
    .iter()
    .any(|k| pos.pieces(color, *k).any())
}

/// Judges an engine's refusal to move (`nobestmove` with legal moves), which UCCI
/// engines such as ElephantEye use to claim a draw: the claim holds when the position
/// has occurred before and the repetition ruling of that cycle is a draw (or a win for
/// the claimer); otherwise the claimer loses.
pub fn judge_claim(pos: &Position) -> Option<Ruling> {
    let claimer = pos.side_to_move();
    let r = repetition_with(pos, 2)?;
    match r.outcome {
        Outcome::Draw => Some(Ruling::new(
            Outcome::Draw,
            format!("{} claims a draw by repetition", name(claimer)),
        )),
        o if o == Outcome::win_for(claimer) => Some(r),
        _ => None,
    }
}

/// The repetition decision (the one place to swap for the rulings module).
///
/// When the current position occurs for the third time, the cycle from its first of
/// those occurrences to now is examined: a side all of whose moves in the cycle gave check
/// loses (perpetual check, 长将); if both or neither did, the game is drawn.
pub fn repetition_ruling(pos: &Position) -> Option<Ruling> {
    repetition_with(pos, 3)
}

/// The legal moves that would complete a forbidden repetition for the side to move:
/// after them [`repetition_ruling`] declares the mover the loser (the list a UCCI engine
/// is sent with `banmoves`).
pub fn forbidden_moves(pos: &mut Position) -> Vec<Move> {
    let mover = pos.side_to_move();
    let mut out = Vec::new();
    for mv in pos.legal_moves() {
        pos.make_move(mv);
        if let Some(r) = repetition_ruling(pos) {
            if r.outcome == Outcome::loss_for(mover) {
                out.push(mv);
            }
        }
        pos.unmake_move();
    }
    out
}

/// As [`repetition_ruling`], when the position has occurred `count` times.
pub fn repetition_with(pos: &Position, count: usize) -> Option<Ruling> {
    // The rulings module (棋例, Chinese rule set): perpetual check loses, a forbidden
    // perpetual attack (chase, mate threat, or their mixtures) against idle moves
    // loses, otherwise the repetition is a draw.
    let ruling = pos.repetition_ruling_after(count)?;
    let reason = ruling.reason();
    Some(match ruling.verdict.loser() {
        None => Ruling::new(Outcome::Draw, format!("repetition: {reason}")),
        Some(loser) => {
            let words = if ruling.attacks(loser).checks && reason.contains("perpetual check") {
                format!("{} checks perpetually (长将): {reason}", name(loser))
            } else {
                reason
            };
            Ruling::foul(Outcome::loss_for(loser), words)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(pos: &mut Position, moves: &str) {
        for m in moves.split_whitespace() {
            pos.try_play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        }
    }

    #[test]
    fn quiet_shuffle_is_a_draw_on_the_third_occurrence() {
        let mut pos = Position::startpos();
        play(&mut pos, "b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0");
        assert_eq!(repetition_ruling(&pos), None);
        play(&mut pos, "c7b9");
        let r = repetition_ruling(&pos).expect("third occurrence");
        assert_eq!(r.outcome, Outcome::Draw);
    }

    #[test]
    fn perpetual_check_loses() {
        // Red rook checks the black king from two sides; black shuffles the king.
        let mut pos = Position::from_fen("4k4/9/9/9/9/9/9/9/4A4/R2AK4 w - - 0 1").unwrap();
        // a0a9 is check along rank 9; king steps to e8; rook a9a8 check; king back e9...
        // The position after a0a9 (black to move) occurs for the third time at ply 9.
        play(&mut pos, "a0a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9");
        assert_eq!(repetition_ruling(&pos), None);
        play(&mut pos, "a8a9");
        let r = judge(&pos, &Rules::default(), 9).expect("a ruling");
        assert_eq!(r.outcome, Outcome::BlackWins, "{}", r.reason);
    }

    #[test]
    fn forbidden_moves_complete_a_perpetual_check() {
        let mut pos = Position::from_fen("4k4/9/9/9/9/9/9/9/4A4/R2AK4 w - - 0 1").unwrap();
        play(&mut pos, "a0a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8");
        assert!(
            forbidden_moves(&mut pos).is_empty(),
            "black has no check to repeat"
        );
        play(&mut pos, "e8e9");
        let key = pos.key();
        let banned: Vec<String> = forbidden_moves(&mut pos)
            .iter()
            .map(|m| m.to_string())
            .collect();
        assert_eq!(banned, ["a8a9"]);
        assert_eq!(pos.key(), key, "the position is restored");
        // Playing it loses by perpetual check, as the ban says.
        play(&mut pos, "a8a9");
        let r = judge(&pos, &Rules::default(), 9).unwrap();
        assert_eq!(r.outcome, Outcome::BlackWins);
        assert!(r.foul);
    }

    #[test]
    fn mate_and_stalemate_lose() {
        let mut pos = Position::from_fen("4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1").unwrap();
        play(&mut pos, "b7b9");
        let r = judge(&pos, &Rules::default(), 1).expect("mate");
        assert_eq!(r.outcome, Outcome::RedWins);
        assert!(r.reason.contains("mates"));

        let mut pos = Position::from_fen("4k4/4a4/9/9/R8/3R5/9/9/9/4K4 w - - 0 1").unwrap();
        play(&mut pos, "a5f5");
        let r = judge(&pos, &Rules::default(), 1).expect("stalemate");
        assert_eq!(r.outcome, Outcome::RedWins);
        assert!(r.reason.contains("stalemates"));
    }

    #[test]
    fn natural_limit_and_move_limit_draw() {
        let mut pos = Position::from_fen("4k4/9/9/9/9/9/9/9/4A4/R2AK4 w - - 119 80").unwrap();
        assert_eq!(judge(&pos, &Rules::default(), 0), None);
        play(&mut pos, "a0a1");
        let r = judge(&pos, &Rules::default(), 1).expect("natural limit");
        assert_eq!(r.outcome, Outcome::Draw);
        let rules = Rules {
            natural_limit_plies: 0,
            max_moves: 1,
        };
        assert_eq!(judge(&pos, &rules, 1), None);
        play(&mut pos, "e9e8");
        assert_eq!(
            judge(&pos, &rules, 2).map(|r| r.outcome),
            Some(Outcome::Draw)
        );
    }
}
