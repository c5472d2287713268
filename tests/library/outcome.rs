//! The one result type, `Outcome`: its notations round-trip, it agrees with the rules
//! core's game ends, and points add up to one whoever won.

use chariot::board::{Color, GameEnd, GameRules, Outcome, Position};

const ALL: [Outcome; 3] = [Outcome::RedWins, Outcome::BlackWins, Outcome::Draw];

#[test]
fn notations_round_trip() {
    for outcome in ALL {
        assert_eq!(Outcome::from_pgn(outcome.pgn()), Some(outcome));
        assert_eq!(Outcome::from_red_score(outcome.red_score()), Some(outcome));
        assert_eq!(outcome.to_string(), outcome.text());
    }
    assert_eq!(Outcome::from_pgn("*"), None);
    assert_eq!(Outcome::from_pgn("1-1"), None);
    assert_eq!(Outcome::from_red_score(0.25), None);
    assert_eq!(Outcome::RedWins.pgn(), "1-0");
    assert_eq!(Outcome::BlackWins.text(), "black wins");
}

#[test]
fn points_and_sides() {
    for outcome in ALL {
        let sum = outcome.score_for(Color::Red) + outcome.score_for(Color::Black);
        assert_eq!(sum, 1.0, "{outcome}");
        assert_eq!(outcome.winner().map(Color::other), outcome.loser());
    }
    for color in [Color::Red, Color::Black] {
        assert_eq!(Outcome::win_for(color).winner(), Some(color));
        assert_eq!(Outcome::loss_for(color).loser(), Some(color));
        assert_eq!(Outcome::win_for(color).score_for(color), 1.0);
    }
    assert_eq!(Outcome::Draw.winner(), None);
    assert_eq!(Outcome::Draw.score_for(Color::Black), 0.5);
}

#[test]
fn game_ends_give_the_outcome() {
    assert_eq!(GameEnd::Checkmate(Color::Red).outcome(), Outcome::BlackWins);
    assert_eq!(GameEnd::Stalemate(Color::Black).outcome(), Outcome::RedWins);
    assert_eq!(GameEnd::NaturalLimit.outcome(), Outcome::Draw);
    // A real mate: the rook on d1 checks the king on d9, which may not step onto the
    // e-file facing the red king.
    let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/3R5/4K4 b - - 0 1").unwrap();
    let end = pos.game_end(&GameRules::default(), 0).expect("mate");
    assert_eq!(end.outcome(), Outcome::RedWins);
    assert_eq!(end.result(), "red wins");
    assert_eq!(
        pos.game_end(&GameRules::default(), 0)
            .map(|e| e.outcome().pgn()),
        Some("1-0")
    );
}
