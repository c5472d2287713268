//! Who won a game: [`Outcome`], the one result type of the project. The rules core's
//! [`super::GameEnd`] says how a game ended ([`super::GameEnd::outcome`]); the tourney's
//! arbiter, its ratings and PGN, `datagen` and the training data all carry an
//! [`Outcome`], each in its own notation: PGN's `1-0`, the command line's `red wins`,
//! Red's score `1.0`.

use std::fmt;

use super::piece::Color;

/// A game's result: Red won, Black won, or a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

    /// The winner, `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::RedWins => Some(Color::Red),
            Outcome::BlackWins => Some(Color::Black),
            Outcome::Draw => None,
        }
    }

    /// The loser, `None` for a draw.
    pub fn loser(self) -> Option<Color> {
        self.winner().map(Color::other)
    }

    /// The short text, PGN's result tag: `1-0`, `0-1`, `1/2-1/2`.
    pub fn pgn(self) -> &'static str {
        match self {
            Outcome::RedWins => "1-0",
            Outcome::BlackWins => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }

    /// Reads PGN's result tag (`1-0`, `0-1`, `1/2-1/2`); `None` for anything else,
    /// `*` included.
    pub fn from_pgn(text: &str) -> Option<Outcome> {
        match text {
            "1-0" => Some(Outcome::RedWins),
            "0-1" => Some(Outcome::BlackWins),
            "1/2-1/2" => Some(Outcome::Draw),
            _ => None,
        }
    }

    /// The long text, in the command line's words: `red wins`, `black wins`, `draw`.
    pub fn text(self) -> &'static str {
        match self {
            Outcome::RedWins => "red wins",
            Outcome::BlackWins => "black wins",
            Outcome::Draw => "draw",
        }
    }

    /// Points for `color`: 1, 0.5 or 0.
    pub fn score_for(self, color: Color) -> f64 {
        match self.winner() {
            None => 0.5,
            Some(winner) if winner == color => 1.0,
            Some(_) => 0.0,
        }
    }

    /// Red's points: 1, 0.5 or 0.
    pub fn red_score(self) -> f64 {
        self.score_for(Color::Red)
    }

    /// The outcome that gives Red `score` points (1, 0.5 or 0); `None` for any other
    /// number.
    pub fn from_red_score(score: f64) -> Option<Outcome> {
        if score == 1.0 {
            Some(Outcome::RedWins)
        } else if score == 0.5 {
            Some(Outcome::Draw)
        } else if score == 0.0 {
            Some(Outcome::BlackWins)
        } else {
            None
        }
    }
}

impl fmt::Display for Outcome {
    /// The long text ([`Outcome::text`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}
