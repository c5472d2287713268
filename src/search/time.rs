//! How long to think: a soft budget (do not start another iteration past it) and a
//! hard one (stop the search at once), from the clocks, fixed move time, or nothing.

use std::time::Duration;

use super::params::{
    HARD_PER_SOFT, HARD_SHARE_MAX, INCREMENT_SHARE, LAST_MOVE_SHARE_MAX, MTG_HARD_PER_SHARE,
    MTG_HARD_SHARE_MAX, MTG_SOFT_SHARE, SOFT_SHARE_MAX, TIME_HORIZON, TIME_SHARE_BASE,
    TIME_SHARE_EXPONENT, TIME_SHARE_GROWTH,
};

/// What the GUI asked for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The side to move's remaining time.
    pub time: Option<Duration>,
    /// Its increment per move.
    pub increment: Duration,
    /// Moves until the next time control (none: the rest of the game).
    pub moves_to_go: Option<u32>,
    /// Think exactly this long.
    pub move_time: Option<Duration>,
    /// Stop after this depth.
    pub depth: Option<i32>,
    /// Stop after this many nodes.
    pub nodes: Option<u64>,
    /// Look for a mate in this many moves.
    pub mate: Option<u32>,
    /// Think until told to stop.
    pub infinite: bool,
    /// Ponder: the clock starts at `ponderhit`.
    pub ponder: bool,
    /// Only these root moves (empty: all).
    pub search_moves: Vec<crate::board::Move>,
}

/// Soft and hard time limits; `None` means unlimited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
}

/// The share of the time left (the clock plus the increments of the next
/// [`TIME_HORIZON`] moves) that the soft budget of a sudden-death move at `game_ply`
/// takes: small on the first moves, whose positions are quiet and well known, growing
/// with the game into the middlegame, where the decisions are.
fn ply_share(game_ply: u32) -> f64 {
    TIME_SHARE_BASE
        + TIME_SHARE_GROWTH * f64::from(game_ply.saturating_add(3)).powf(TIME_SHARE_EXPONENT)
}

/// The budget for `limits` at the game's `game_ply` (half-moves played since the start
/// of the game), keeping `overhead` in reserve for the GUI and the pipe.
pub fn budget(limits: &Limits, overhead: Duration, game_ply: u32) -> Budget {
    if let Some(mt) = limits.move_time {
        let t = mt.saturating_sub(overhead).max(Duration::from_millis(1));
        return Budget {
            soft: Some(t),
            hard: Some(t),
        };
    }
    let Some(time) = limits.time else {
        return Budget {
            soft: None,
            hard: None,
        };
    };
    let available = time.saturating_sub(overhead);
    let inc = limits.increment;
    let (soft, hard) = match limits.moves_to_go {
        Some(mtg) => {
            let mtg = mtg.clamp(1, 50);
            let share = available / mtg;
            let soft = share.mul_f64(MTG_SOFT_SHARE) + inc.mul_f64(INCREMENT_SHARE);
            // With one move left, one may use nearly all of it.
            let cap = if mtg == 1 {
                available.mul_f64(LAST_MOVE_SHARE_MAX)
            } else {
                available.mul_f64(MTG_HARD_SHARE_MAX)
            };
            (soft, (share * MTG_HARD_PER_SHARE + inc).min(cap))
        }
        None => {
            let horizon = available.saturating_add(inc.saturating_mul(TIME_HORIZON - 1));
            let soft = horizon
                .mul_f64(ply_share(game_ply))
                .min(available.mul_f64(SOFT_SHARE_MAX));
            (
                soft,
                (soft * HARD_PER_SOFT).min(available.mul_f64(HARD_SHARE_MAX)),
            )
        }
    };
    let hard = hard
        .max(Duration::from_millis(1))
        .min(available.max(Duration::from_millis(1)));
    Budget {
        soft: Some(soft.min(hard)),
        hard: Some(hard),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn sudden_death_with_increment() {
        let limits = Limits {
            time: Some(ms(10_000)),
            increment: ms(100),
            ..Limits::default()
        };
        // The first move: about 2.6 % of the clock and 49 increments.
        let b = budget(&limits, ms(30), 0);
        let (soft, hard) = (b.soft.unwrap(), b.hard.unwrap());
        assert!(soft >= ms(350) && soft <= ms(420), "{soft:?}");
        assert!(hard >= soft && hard <= ms(3_000), "{hard:?}");
        // Forty moves in with half the clock left: about 5.8 % of it.
        let later = Limits {
            time: Some(ms(5_000)),
            ..limits.clone()
        };
        let soft = budget(&later, ms(30), 80).soft.unwrap();
        assert!(soft >= ms(530) && soft <= ms(610), "{soft:?}");
    }

    #[test]
    fn the_share_grows_with_the_game_but_stays_within_the_clock() {
        let limits = Limits {
            time: Some(ms(20_000)),
            ..Limits::default()
        };
        let mut last = Duration::ZERO;
        for ply in [0, 10, 40, 80, 160, 400] {
            let b = budget(&limits, ms(0), ply);
            let soft = b.soft.unwrap();
            assert!(soft > last, "{ply}: {soft:?} after {last:?}");
            assert!(
                soft <= ms(20_000).mul_f64(SOFT_SHARE_MAX),
                "{ply}: {soft:?}"
            );
            last = soft;
        }
        // Far into a game on a big increment, the cap on the clock holds.
        let late = Limits {
            time: Some(ms(1_000)),
            increment: ms(1_000),
            ..Limits::default()
        };
        let b = budget(&late, ms(0), 300);
        assert!(b.soft.unwrap() <= ms(200), "{b:?}");
        assert!(b.hard.unwrap() <= ms(300), "{b:?}");
    }

    #[test]
    fn never_more_than_the_clock() {
        for t in [1, 10, 40, 100, 1_000, 60_000] {
            for mtg in [None, Some(1), Some(5), Some(40)] {
                let limits = Limits {
                    time: Some(ms(t)),
                    moves_to_go: mtg,
                    increment: ms(t / 2),
                    ..Limits::default()
                };
                let b = budget(&limits, ms(30), 0);
                assert!(
                    b.hard.unwrap() <= ms(t.saturating_sub(30).max(1)),
                    "{t} {mtg:?} {b:?}"
                );
                assert!(b.soft.unwrap() <= b.hard.unwrap());
            }
        }
    }

    #[test]
    fn moves_to_go_shares_the_time() {
        let limits = Limits {
            time: Some(ms(60_000)),
            moves_to_go: Some(20),
            ..Limits::default()
        };
        let b = budget(&limits, ms(0), 0);
        assert!(b.soft.unwrap() > ms(2_000) && b.soft.unwrap() < ms(3_000));
        let last = Limits {
            time: Some(ms(3_000)),
            moves_to_go: Some(1),
            ..Limits::default()
        };
        assert!(budget(&last, ms(50), 0).hard.unwrap() <= ms(2_950));
    }

    #[test]
    fn fixed_move_time_and_unlimited() {
        let limits = Limits {
            move_time: Some(ms(500)),
            ..Limits::default()
        };
        assert_eq!(
            budget(&limits, ms(20), 0),
            Budget {
                soft: Some(ms(480)),
                hard: Some(ms(480))
            }
        );
        assert_eq!(
            budget(&Limits::default(), ms(20), 0),
            Budget {
                soft: None,
                hard: None
            }
        );
    }
}
