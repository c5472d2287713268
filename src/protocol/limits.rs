//! What a `go` asks the search for: its arguments turned into search [`Limits`], and the
//! root moves it may choose from. Both are pure, so that every mapping can be tested
//! without running a search.

use std::time::Duration;

use super::command::Go;
use crate::board::{Color, IllegalMove, Move, Position};
use crate::search::Limits;

/// The unit of the times a GUI sends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeUnit {
    Milliseconds,
    Seconds,
}

impl TimeUnit {
    /// `value` in this unit as a duration (negative times are zero).
    pub fn duration(self, value: f64) -> Duration {
        let ms = match self {
            TimeUnit::Seconds => value * 1000.0,
            TimeUnit::Milliseconds => value,
        };
        Duration::from_secs_f64((ms / 1000.0).clamp(0.0, 1e9))
    }
}

/// The search limits for `go`, with `side` to move and the GUI's times in `unit`.
///
/// The side's own clock and increment are `wtime`/`winc` (Red) or `btime`/`binc`
/// (Black), else UCCI's `time`/`increment`. `go mate n` also caps the depth at the
/// `2n + 1` plies a mate in `n` needs. The root moves are left to [`allowed_moves`].
pub fn limits_for(go: &Go, side: Color, unit: TimeUnit) -> Limits {
    let red = side == Color::Red;
    let own = if red { go.wtime } else { go.btime }.or(go.time);
    let inc = if red { go.winc } else { go.binc }.or(go.increment);
    let depth = match go.mate {
        Some(mate) => Some(go.depth.unwrap_or(i32::MAX).min(mate_depth(mate))),
        None => go.depth,
    };
    let mut limits = Limits {
        time: own.map(|t| unit.duration(t)),
        increment: inc.map_or(Duration::ZERO, |t| unit.duration(t)),
        moves_to_go: go.movestogo,
        move_time: go.movetime.map(|t| unit.duration(t)),
        depth,
        nodes: go.nodes,
        mate: go.mate,
        infinite: go.infinite,
        ponder: go.ponder,
        search_moves: Vec::new(),
    };
    let unlimited = limits.time.is_none()
        && limits.move_time.is_none()
        && limits.depth.is_none()
        && limits.nodes.is_none()
        && limits.mate.is_none()
        && !limits.infinite
        && !limits.ponder;
    if go.ignored && unlimited {
        // The GUI meant to limit the search but its numbers were unreadable: a short
        // search, not an endless one it would wait on.
        limits.move_time = Some(MALFORMED_GO_TIME);
    }
    limits
}

/// How long a `go` searches whose every limit was malformed (and ignored).
pub const MALFORMED_GO_TIME: Duration = Duration::from_secs(1);

/// The plies a mate in `moves` moves needs (`2 * moves + 1`, at least 1), saturating
/// rather than overflowing for the largest requests.
fn mate_depth(moves: u32) -> i32 {
    i32::try_from(moves)
        .unwrap_or(i32::MAX)
        .saturating_mul(2)
        .saturating_add(1)
        .max(1)
}

/// The root moves a `go` may choose from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootMoves {
    /// The legal moves that are not banned, and only those in `searchmoves` when it
    /// names any (in the legal moves' order).
    pub allowed: Vec<Move>,
    /// How many moves are legal at all.
    pub legal: usize,
    /// The `searchmoves` entries that are not legal moves here, in order; they are
    /// skipped.
    pub errors: Vec<IllegalMove>,
    /// `searchmoves` named moves, but none of them legal: it is ignored, and every
    /// legal move not banned is allowed (an error line says so).
    pub searchmoves_ignored: bool,
}

impl RootMoves {
    /// The restriction for [`Limits::search_moves`]: the allowed moves when they are
    /// fewer than the legal ones, else none (meaning all).
    pub fn restriction(&self) -> Vec<Move> {
        if self.allowed.len() < self.legal {
            self.allowed.clone()
        } else {
            Vec::new()
        }
    }
}

/// The legal moves of `pos` less the `banned` ones and, when `searchmoves` is not
/// empty, only those it names. A `searchmoves` entry that names no legal move is
/// reported in [`RootMoves::errors`] and skipped; if it names no legal move at all, it
/// is ignored ([`RootMoves::searchmoves_ignored`]) and every legal move not banned is
/// allowed: a GUI's typo must not read as "no legal move".
pub fn allowed_moves(pos: &Position, banned: &[Move], searchmoves: &[String]) -> RootMoves {
    let legal = pos.legal_moves();
    let mut allowed: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| !banned.contains(m))
        .collect();
    let mut errors = Vec::new();
    let mut searchmoves_ignored = false;
    if !searchmoves.is_empty() {
        let wanted: Vec<Move> = searchmoves
            .iter()
            .filter_map(|text| pos.parse_move(text).map_err(|e| errors.push(e)).ok())
            .collect();
        if wanted.is_empty() {
            searchmoves_ignored = true;
        } else {
            allowed.retain(|m| wanted.contains(m));
        }
    }
    RootMoves {
        allowed,
        legal: legal.len(),
        errors,
        searchmoves_ignored,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(text: &str) -> Move {
        Move::parse_iccs(text).unwrap()
    }

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn each_field_is_mapped() {
        let g = Go {
            ponder: true,
            infinite: true,
            depth: Some(7),
            nodes: Some(5000),
            movetime: Some(1500.0),
            movestogo: Some(12),
            ..Go::default()
        };
        let limits = limits_for(&g, Color::Red, TimeUnit::Milliseconds);
        assert_eq!(
            limits,
            Limits {
                time: None,
                increment: Duration::ZERO,
                moves_to_go: Some(12),
                move_time: Some(ms(1500)),
                depth: Some(7),
                nodes: Some(5000),
                mate: None,
                infinite: true,
                ponder: true,
                search_moves: Vec::new(),
            }
        );
        assert_eq!(
            limits_for(&Go::default(), Color::Black, TimeUnit::Seconds),
            Limits::default()
        );
    }

    #[test]
    fn the_side_to_move_gets_its_own_clock() {
        let g = Go {
            wtime: Some(60000.0),
            btime: Some(30000.0),
            winc: Some(1000.0),
            binc: Some(500.0),
            ..Go::default()
        };
        let red = limits_for(&g, Color::Red, TimeUnit::Milliseconds);
        assert_eq!((red.time, red.increment), (Some(ms(60_000)), ms(1000)));
        let black = limits_for(&g, Color::Black, TimeUnit::Milliseconds);
        assert_eq!((black.time, black.increment), (Some(ms(30_000)), ms(500)));
    }

    #[test]
    fn ucci_time_and_increment_stand_in_for_the_colour_clocks() {
        let g = Go {
            time: Some(20000.0),
            increment: Some(300.0),
            opptime: Some(1.0),
            ..Go::default()
        };
        for side in Color::ALL {
            let limits = limits_for(&g, side, TimeUnit::Milliseconds);
            assert_eq!((limits.time, limits.increment), (Some(ms(20_000)), ms(300)));
        }
        // The colour's own clock wins over the UCCI one.
        let both = Go {
            wtime: Some(100.0),
            time: Some(200.0),
            ..Go::default()
        };
        assert_eq!(
            limits_for(&both, Color::Red, TimeUnit::Milliseconds).time,
            Some(ms(100))
        );
        assert_eq!(
            limits_for(&both, Color::Black, TimeUnit::Milliseconds).time,
            Some(ms(200))
        );
    }

    #[test]
    fn seconds_and_milliseconds() {
        let g = Go {
            time: Some(30.0),
            increment: Some(2.0),
            movetime: Some(5.0),
            ..Go::default()
        };
        let limits = limits_for(&g, Color::Red, TimeUnit::Seconds);
        assert_eq!(limits.time, Some(ms(30_000)));
        assert_eq!(limits.increment, ms(2000));
        assert_eq!(limits.move_time, Some(ms(5000)));
        assert_eq!(
            TimeUnit::Milliseconds.duration(1.5),
            Duration::from_micros(1500)
        );
        assert_eq!(TimeUnit::Seconds.duration(-3.0), Duration::ZERO);
    }

    #[test]
    fn banned_moves_are_removed() {
        let pos = Position::startpos();
        let root = allowed_moves(&pos, &[mv("h2e2"), mv("b0c2")], &[]);
        assert_eq!(root.legal, 44);
        assert_eq!(root.allowed.len(), 42);
        assert!(!root.allowed.contains(&mv("h2e2")));
        assert!(!root.allowed.contains(&mv("b0c2")));
        assert!(root.errors.is_empty());
        assert_eq!(root.restriction(), root.allowed);

        let all = allowed_moves(&pos, &[], &[]);
        assert_eq!(all.allowed, pos.legal_moves().to_vec());
        assert!(
            all.restriction().is_empty(),
            "all legal moves: no restriction"
        );

        let every = pos.legal_moves().to_vec();
        let none = allowed_moves(&pos, &every, &[]);
        assert!(none.allowed.is_empty());
        assert_eq!(none.legal, 44);
    }

    #[test]
    fn a_malformed_searchmove_is_reported_and_skipped() {
        let pos = Position::startpos();
        let wanted = ["h2e2", "xyz", "a0a5", "b0c2"].map(String::from);
        let root = allowed_moves(&pos, &[mv("b0c2")], &wanted);
        assert_eq!(root.allowed, vec![mv("h2e2")]);
        assert_eq!(
            root.errors,
            vec![
                IllegalMove::Syntax("xyz".into()),
                IllegalMove::NotLegal(mv("a0a5"))
            ]
        );
        // Nothing that names a legal move: searchmoves is ignored, every move not
        // banned is allowed.
        let root = allowed_moves(&pos, &[mv("b0c2")], &["zz".to_string()]);
        assert!(root.searchmoves_ignored);
        assert_eq!((root.allowed.len(), root.legal), (43, 44));
        assert!(!root.allowed.contains(&mv("b0c2")));
        assert_eq!(root.errors.len(), 1);
        // Named moves that are legal: not ignored.
        let root = allowed_moves(&pos, &[], &["h2e2".to_string()]);
        assert!(!root.searchmoves_ignored);
    }
}
