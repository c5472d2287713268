//! Adjudication on the engines' scores, as small trackers that a game loop feeds once a
//! move: [`DrawTracker`] (both scores near zero for a while), [`ResignTracker`] (one
//! side's score hopeless for a while) and [`MoveLimitTracker`] (a cap on the game's
//! length), composed by one [`Adjudicator`].
//!
//! Each tracker has `update(…) -> Option<Adjudged>` (a verdict once its condition holds)
//! and `reset()` (forget the counts, for a new game). They know nothing of engines or
//! positions, so any game loop can use them: the tourney's ([`crate::game::play_game`])
//! and, later, a self-play data generator.
//!
//! Scores are centipawns from the mover's point of view; `None` is a move that came
//! without a score, which breaks every streak.

use chariot::board::Color;

/// Draw adjudication: after move `move_number`, when both engines' scores have stayed
/// within `score` for `move_count` consecutive moves each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawAdjudication {
    /// First full move at which it may apply.
    pub move_number: u32,
    /// Consecutive moves (per engine).
    pub move_count: u32,
    /// Score bound in centipawns.
    pub score: i32,
}

/// Resign adjudication: an engine whose score stays at or below `-score` for
/// `move_count` consecutive moves of its own loses (with `two_sided`, the opponent must
/// agree with a score at or above `score`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignAdjudication {
    /// Consecutive moves.
    pub move_count: u32,
    /// Score threshold in centipawns.
    pub score: i32,
    /// Both engines must agree.
    pub two_sided: bool,
}

/// What a tracker decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Adjudged {
    /// The game is drawn on the scores ([`DrawTracker`]).
    Draw,
    /// This side loses on the scores ([`ResignTracker`]).
    Loss(Color),
    /// The game reached the move limit ([`MoveLimitTracker`]): a draw.
    MoveLimit,
}

/// Counts the plies in a row whose mover's score was within `±score`, and draws once
/// there have been `2 × move_count` of them (`move_count` moves by each side) and the
/// game is at full move `move_number` or later.
#[derive(Clone, Debug)]
pub struct DrawTracker {
    rule: DrawAdjudication,
    streak: u32,
}

impl DrawTracker {
    /// A tracker for `rule`, with no moves counted.
    pub fn new(rule: DrawAdjudication) -> DrawTracker {
        DrawTracker { rule, streak: 0 }
    }

    /// The rule it applies.
    pub fn rule(&self) -> DrawAdjudication {
        self.rule
    }

    /// After a move: `score` is the mover's, `plies` the game's plies so far (this move
    /// included, any opening moves too). [`Adjudged::Draw`] once the rule holds.
    pub fn update(&mut self, score: Option<i32>, plies: usize) -> Option<Adjudged> {
        let quiet = score.is_some_and(|s| s.abs() <= self.rule.score);
        self.streak = if quiet { self.streak + 1 } else { 0 };
        let full_move = plies.div_ceil(2) as u32;
        (full_move >= self.rule.move_number && self.streak >= 2 * self.rule.move_count)
            .then_some(Adjudged::Draw)
    }

    /// Forgets the streak.
    pub fn reset(&mut self) {
        self.streak = 0;
    }
}

/// Counts, for each side, its moves in a row with a score at or below `-score` (and,
/// two-sided, the opponent's last score at or above `score`); that side loses once it
/// has `move_count` of them.
#[derive(Clone, Debug)]
pub struct ResignTracker {
    rule: ResignAdjudication,
    streaks: [u32; 2],
}

impl ResignTracker {
    /// A tracker for `rule`, with no moves counted.
    pub fn new(rule: ResignAdjudication) -> ResignTracker {
        ResignTracker {
            rule,
            streaks: [0; 2],
        }
    }

    /// The rule it applies.
    pub fn rule(&self) -> ResignAdjudication {
        self.rule
    }

    /// After a move by `side` with score `score`; `opponent` is the opponent's score on
    /// its last move (used only when two-sided). [`Adjudged::Loss`] for `side` once the
    /// rule holds.
    pub fn update(
        &mut self,
        side: Color,
        score: Option<i32>,
        opponent: Option<i32>,
    ) -> Option<Adjudged> {
        let losing = score.is_some_and(|s| s <= -self.rule.score)
            && (!self.rule.two_sided || opponent.is_some_and(|s| s >= self.rule.score));
        let streak = &mut self.streaks[side.index()];
        *streak = if losing { *streak + 1 } else { 0 };
        (*streak >= self.rule.move_count).then_some(Adjudged::Loss(side))
    }

    /// Forgets both streaks.
    pub fn reset(&mut self) {
        self.streaks = [0; 2];
    }
}

/// Ends the game after `moves` full moves (`2 × moves` plies, opening moves included).
#[derive(Clone, Copy, Debug)]
pub struct MoveLimitTracker {
    moves: u32,
}

impl MoveLimitTracker {
    /// A limit of `moves` full moves.
    pub fn new(moves: u32) -> MoveLimitTracker {
        MoveLimitTracker { moves }
    }

    /// After a move: `plies` is the game's plies so far. [`Adjudged::MoveLimit`] once
    /// they reach the limit.
    pub fn update(&mut self, plies: usize) -> Option<Adjudged> {
        (plies >= 2 * self.moves as usize).then_some(Adjudged::MoveLimit)
    }

    /// Nothing to forget: the limit depends only on the ply count.
    pub fn reset(&mut self) {}
}

/// The trackers a game uses, fed once a move by [`Adjudicator::update`]. It remembers
/// the previous move's score, which the two-sided resign rule compares with.
#[derive(Clone, Debug, Default)]
pub struct Adjudicator {
    resign: Option<ResignTracker>,
    draw: Option<DrawTracker>,
    move_limit: Option<MoveLimitTracker>,
    /// The previous move's score (`None` before the first move, or when it had none).
    last_score: Option<i32>,
}

impl Adjudicator {
    /// An adjudicator with the given rules (`None`: that rule is off).
    pub fn new(
        draw: Option<DrawAdjudication>,
        resign: Option<ResignAdjudication>,
        move_limit: Option<u32>,
    ) -> Adjudicator {
        Adjudicator {
            resign: resign.map(ResignTracker::new),
            draw: draw.map(DrawTracker::new),
            move_limit: move_limit.map(MoveLimitTracker::new),
            last_score: None,
        }
    }

    /// After a move by `side` with score `score` (its own point of view; `None` without
    /// one), `plies` being the game's plies so far, this move included. The first
    /// verdict, checked in the order resign, draw, move limit.
    pub fn update(&mut self, side: Color, score: Option<i32>, plies: usize) -> Option<Adjudged> {
        let opponent = std::mem::replace(&mut self.last_score, score);
        let resign = self
            .resign
            .as_mut()
            .and_then(|t| t.update(side, score, opponent));
        let draw = self.draw.as_mut().and_then(|t| t.update(score, plies));
        let limit = self.move_limit.as_mut().and_then(|t| t.update(plies));
        resign.or(draw).or(limit)
    }

    /// Forgets every count, for a new game.
    pub fn reset(&mut self) {
        self.last_score = None;
        if let Some(t) = &mut self.resign {
            t.reset();
        }
        if let Some(t) = &mut self.draw {
            t.reset();
        }
        if let Some(t) = &mut self.move_limit {
            t.reset();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DRAW: DrawAdjudication = DrawAdjudication {
        move_number: 10,
        move_count: 2,
        score: 20,
    };

    #[test]
    fn draw_needs_both_sides_within_the_bound_for_the_count() {
        let mut t = DrawTracker::new(DRAW);
        // Plies 21..23 at move 11 and later: three quiet plies are not four.
        assert_eq!(t.update(Some(20), 21), None);
        assert_eq!(t.update(Some(-20), 22), None);
        assert_eq!(t.update(Some(0), 23), None);
        assert_eq!(t.update(Some(5), 24), Some(Adjudged::Draw));
        // One score past the bound (or missing) starts again.
        t.reset();
        for (s, p) in [(Some(1), 25), (Some(21), 26), (Some(1), 27), (None, 28)] {
            assert_eq!(t.update(s, p), None);
        }
        for p in 29..32 {
            assert_eq!(t.update(Some(-1), p), None);
        }
        assert_eq!(t.update(Some(-21), 32), None);
    }

    #[test]
    fn draw_waits_for_the_move_number() {
        let mut t = DrawTracker::new(DRAW);
        // Plies 1..18 reach full move 9: too early however long the streak.
        for p in 1..=18 {
            assert_eq!(t.update(Some(0), p), None);
        }
        // Ply 19 is move 10.
        assert_eq!(t.update(Some(0), 19), Some(Adjudged::Draw));
    }

    const RESIGN: ResignAdjudication = ResignAdjudication {
        move_count: 2,
        score: 500,
        two_sided: false,
    };

    #[test]
    fn resign_counts_each_sides_own_moves() {
        let mut t = ResignTracker::new(RESIGN);
        assert_eq!(t.update(Color::Red, Some(-500), None), None);
        // Black's moves do not break Red's streak.
        assert_eq!(t.update(Color::Black, Some(499), None), None);
        assert_eq!(
            t.update(Color::Red, Some(-900), None),
            Some(Adjudged::Loss(Color::Red))
        );
        t.reset();
        assert_eq!(t.update(Color::Black, Some(-500), None), None);
        // -499 is above the threshold: the streak starts again.
        assert_eq!(t.update(Color::Black, Some(-499), None), None);
        assert_eq!(t.update(Color::Black, Some(-500), None), None);
        assert_eq!(t.update(Color::Black, None, None), None);
        assert_eq!(t.update(Color::Black, Some(-500), None), None);
    }

    #[test]
    fn two_sided_resign_needs_the_opponent_to_agree() {
        let mut t = ResignTracker::new(ResignAdjudication {
            two_sided: true,
            ..RESIGN
        });
        assert_eq!(t.update(Color::Red, Some(-600), Some(500)), None);
        // The opponent thinks less of it: no agreement.
        assert_eq!(t.update(Color::Red, Some(-600), Some(499)), None);
        assert_eq!(t.update(Color::Red, Some(-600), Some(500)), None);
        assert_eq!(
            t.update(Color::Red, Some(-600), Some(700)),
            Some(Adjudged::Loss(Color::Red))
        );
        t.reset();
        assert_eq!(t.update(Color::Red, Some(-600), None), None);
        assert_eq!(t.update(Color::Red, Some(-600), Some(500)), None);
    }

    #[test]
    fn move_limit_at_twice_the_moves_in_plies() {
        let mut t = MoveLimitTracker::new(3);
        assert_eq!(t.update(5), None);
        assert_eq!(t.update(6), Some(Adjudged::MoveLimit));
        t.reset();
        assert_eq!(t.update(7), Some(Adjudged::MoveLimit));
    }

    #[test]
    fn adjudicator_passes_the_previous_score_and_orders_verdicts() {
        let mut a = Adjudicator::new(
            Some(DrawAdjudication {
                move_number: 0,
                move_count: 1,
                score: 1000,
            }),
            Some(ResignAdjudication {
                move_count: 1,
                score: 500,
                two_sided: true,
            }),
            Some(1),
        );
        // Red at -600 with no Black score yet: no resignation; one quiet ply is not
        // two; the move limit is two plies.
        assert_eq!(a.update(Color::Red, Some(-600), 1), None);
        // Black at -600, Red's last score -600 disagrees; the draw streak (2 plies)
        // comes before the move limit.
        assert_eq!(a.update(Color::Black, Some(-600), 2), Some(Adjudged::Draw));
        a.reset();
        assert_eq!(a.update(Color::Black, Some(600), 1), None);
        // Red at -600 with Black's +600: resignation first.
        assert_eq!(
            a.update(Color::Red, Some(-600), 2),
            Some(Adjudged::Loss(Color::Red))
        );
        let mut only_limit = Adjudicator::new(None, None, Some(1));
        assert_eq!(only_limit.update(Color::Red, None, 1), None);
        assert_eq!(
            only_limit.update(Color::Black, None, 2),
            Some(Adjudged::MoveLimit)
        );
    }
}
