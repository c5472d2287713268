//! The arbiter: says when a game is over and why. Whether a game has ended is the rules
//! core's answer ([`Position::game_end`] under the tournament's [`GameRules`]); the
//! arbiter turns it into an [`Outcome`] and words, and judges what only a tournament
//! has: draw claims by engines and the moves to ban (`banmoves`).

use chariot::board::repetition::{Conduct, RuleSet, Ruling};
use chariot::board::{Color, GameEnd, GameRules, Move, Outcome, Position};

/// A decided game: the outcome and the reason in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Who won.
    pub outcome: Outcome,
    /// Why, e.g. "Black mates", "Red checks perpetually".
    pub reason: String,
    /// The loser lost by a foul (犯规): an illegal move, a forbidden repetition, a time
    /// forfeit, a crash, a hang, garbage or a failure to start. Counted by the
    /// tie-breaks.
    pub foul: bool,
    /// The rules core's ending when the rules decided ([`Position::game_end`]: a mate,
    /// a stalemate, a repetition ruling, a limit); `None` when something else did (a
    /// failure, a resignation, an adjudication, an agreement).
    pub end: Option<GameEnd>,
}

impl Verdict {
    /// A ruling.
    pub fn new(outcome: Outcome, reason: impl Into<String>) -> Verdict {
        Verdict {
            outcome,
            reason: reason.into(),
            foul: false,
            end: None,
        }
    }

    /// A loss by a foul (see [`Verdict::foul`]).
    pub fn foul(outcome: Outcome, reason: impl Into<String>) -> Verdict {
        Verdict {
            foul: outcome != Outcome::Draw,
            ..Verdict::new(outcome, reason)
        }
    }
}

fn name(c: Color) -> &'static str {
    match c {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}

/// Judges the position after the last move, `game_plies` into the game: `Some` when the
/// game is over. The rules core decides ([`Position::game_end`]); the arbiter only
/// turns its answer into an outcome and words.
pub fn judge(pos: &Position, rules: &GameRules, game_plies: usize) -> Option<Verdict> {
    pos.game_end(rules, game_plies)
        .map(|end| ruling_for(&end, rules))
}

/// The outcome and words for a game ended by the rules.
pub fn ruling_for(end: &GameEnd, rules: &GameRules) -> Verdict {
    let verdict = match end {
        GameEnd::Checkmate(loser) => Verdict::new(
            Outcome::loss_for(*loser),
            format!("{} mates", name(loser.other())),
        ),
        GameEnd::Stalemate(loser) => Verdict::new(
            Outcome::loss_for(*loser),
            format!("{} stalemates (困毙)", name(loser.other())),
        ),
        GameEnd::Repetition(ruling) => repetition_words(ruling),
        GameEnd::InsufficientMaterial | GameEnd::NaturalLimit | GameEnd::MoveLimit => {
            Verdict::new(Outcome::Draw, end.detail_under(rules))
        }
    };
    Verdict {
        end: Some(end.clone()),
        ..verdict
    }
}

/// A repetition ruling in the arbiter's words; a loss by it is a foul.
fn repetition_words(ruling: &Ruling) -> Verdict {
    let reason = ruling.reason();
    let verdict = match ruling.verdict.loser() {
        None => Verdict::new(Outcome::Draw, format!("repetition: {reason}")),
        Some(loser) => {
            let words = if ruling.conduct(loser) == Conduct::PerpetualCheck {
                format!("{} checks perpetually (长将): {reason}", name(loser))
            } else {
                reason
            };
            Verdict::foul(Outcome::loss_for(loser), words)
        }
    };
    Verdict {
        end: Some(GameEnd::Repetition(ruling.clone())),
        ..verdict
    }
}

/// Judges an engine's refusal to move (`nobestmove` with legal moves), which UCCI
/// engines such as ElephantEye use to claim a draw: the claim holds when the position
/// has occurred before and the repetition ruling of that cycle (under `rules`) is a
/// draw (or a win for the claimer); otherwise the claimer loses.
pub fn judge_claim(pos: &Position, rules: &GameRules) -> Option<Verdict> {
    let claimer = pos.side_to_move();
    let r = repetition_with(pos, 2, rules.rule_set)?;
    match r.outcome {
        Outcome::Draw => Some(Verdict {
            end: r.end.clone(),
            ..Verdict::new(
                Outcome::Draw,
                format!("{} claims a draw by repetition", name(claimer)),
            )
        }),
        o if o == Outcome::win_for(claimer) => Some(r),
        _ => None,
    }
}

/// The repetition decision of a game: when the current position stands on the board for
/// the `rules.repetitions`-th time, the cycle since the first of those times is ruled
/// under `rules.rule_set`.
pub fn repetition_ruling(pos: &Position, rules: &GameRules) -> Option<Verdict> {
    repetition_with(pos, rules.repetitions, rules.rule_set)
}

/// The legal moves that would complete a forbidden repetition for the side to move:
/// after them [`repetition_ruling`] declares the mover the loser (the list a UCCI engine
/// is sent with `banmoves`).
pub fn forbidden_moves(pos: &mut Position, rules: &GameRules) -> Vec<Move> {
    let mover = pos.side_to_move();
    let mut out = Vec::new();
    for mv in pos.legal_moves() {
        pos.make_move(mv);
        if let Some(r) = repetition_ruling(pos, rules) {
            if r.outcome == Outcome::loss_for(mover) {
                out.push(mv);
            }
        }
        pos.unmake_move();
    }
    out
}

/// As [`repetition_ruling`], when the position has occurred `count` times.
pub fn repetition_with(pos: &Position, count: usize, rule_set: RuleSet) -> Option<Verdict> {
    pos.repetition_ruling_after_with(count, rule_set)
        .map(|ruling| repetition_words(&ruling))
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
        assert_eq!(repetition_ruling(&pos, &GameRules::default()), None);
        play(&mut pos, "c7b9");
        let r = repetition_ruling(&pos, &GameRules::default()).expect("third occurrence");
        assert_eq!(r.outcome, Outcome::Draw);
    }

    #[test]
    fn perpetual_check_loses() {
        // Red rook checks the black king from two sides; black shuffles the king.
        let mut pos = Position::from_fen("4k4/9/9/9/9/9/9/9/4A4/R2AK4 w - - 0 1").unwrap();
        // a0a9 is check along rank 9; king steps to e8; rook a9a8 check; king back e9...
        // The position after a0a9 (black to move) occurs for the third time at ply 9.
        play(&mut pos, "a0a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9");
        assert_eq!(repetition_ruling(&pos, &GameRules::default()), None);
        play(&mut pos, "a8a9");
        let r = judge(&pos, &GameRules::default(), 9).expect("a ruling");
        assert_eq!(r.outcome, Outcome::BlackWins, "{}", r.reason);
        // The verdict carries the rules core's ruling, typed.
        match r.end {
            Some(GameEnd::Repetition(ruling)) => {
                assert_eq!(ruling.verdict.loser(), Some(Color::Red));
                assert_eq!(ruling.red, Conduct::PerpetualCheck);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn forbidden_moves_complete_a_perpetual_check() {
        let mut pos = Position::from_fen("4k4/9/9/9/9/9/9/9/4A4/R2AK4 w - - 0 1").unwrap();
        play(&mut pos, "a0a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8");
        assert!(
            forbidden_moves(&mut pos, &GameRules::default()).is_empty(),
            "black has no check to repeat"
        );
        play(&mut pos, "e8e9");
        let key = pos.key();
        let banned: Vec<String> = forbidden_moves(&mut pos, &GameRules::default())
            .iter()
            .map(|m| m.to_string())
            .collect();
        assert_eq!(banned, ["a8a9"]);
        assert_eq!(pos.key(), key, "the position is restored");
        // Playing it loses by perpetual check, as the ban says.
        play(&mut pos, "a8a9");
        let r = judge(&pos, &GameRules::default(), 9).unwrap();
        assert_eq!(r.outcome, Outcome::BlackWins);
        assert!(r.foul);
    }

    #[test]
    fn mate_and_stalemate_lose() {
        let mut pos = Position::from_fen("4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1").unwrap();
        play(&mut pos, "b7b9");
        let r = judge(&pos, &GameRules::default(), 1).expect("mate");
        assert_eq!(r.outcome, Outcome::RedWins);
        assert!(r.reason.contains("mates"));
        assert_eq!(r.end, Some(GameEnd::Checkmate(Color::Black)));
        assert!(!r.foul);
        // A foul of an engine is no ending of the rules.
        assert_eq!(Verdict::foul(Outcome::RedWins, "illegal").end, None);

        let mut pos = Position::from_fen("4k4/4a4/9/9/R8/3R5/9/9/9/4K4 w - - 0 1").unwrap();
        play(&mut pos, "a5f5");
        let r = judge(&pos, &GameRules::default(), 1).expect("stalemate");
        assert_eq!(r.outcome, Outcome::RedWins);
        assert!(r.reason.contains("stalemates"));
    }

    #[test]
    fn natural_limit_and_move_limit_draw() {
        let mut pos = Position::from_fen("4k4/9/9/9/9/9/9/9/4A4/R2AK4 w - - 119 80").unwrap();
        assert_eq!(judge(&pos, &GameRules::default(), 0), None);
        play(&mut pos, "a0a1");
        let r = judge(&pos, &GameRules::default(), 1).expect("natural limit");
        assert_eq!(r.outcome, Outcome::Draw);
        let rules = GameRules {
            natural_limit_moves: 0,
            move_limit: 1,
            ..GameRules::default()
        };
        assert_eq!(judge(&pos, &rules, 1), None);
        play(&mut pos, "e9e8");
        assert_eq!(
            judge(&pos, &rules, 2).map(|r| r.outcome),
            Some(Outcome::Draw)
        );
    }
}
