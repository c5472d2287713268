//! CECP's time controls and clocks, and the search limits they give: `level MPS BASE
//! INC` (conventional or incremental clocks), `st TIME` (at most so long a move), `sd
//! DEPTH`, `nps NODE_RATE` (nodes stand in for time), and the engine's own clock from
//! `time` (centiseconds). Pure, so that every mapping is tested without a search.

use std::time::Duration;

use crate::protocol::cecp::Level;
use crate::protocol::command::{number, truncated, ProtocolError};
use crate::search::time::{budget, Limits};

/// The clock before any `level`: XBoard's default, 40 moves in 5 minutes.
const DEFAULT_LEVEL: Level = Level {
    moves: 40,
    base: Duration::from_secs(300),
    increment: Duration::ZERO,
};

/// The most a GUI may give: longer times are cut to this (about 31 years).
const LONGEST: Duration = Duration::from_secs(1 << 30);

/// How the engine is timed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    /// A chess clock (`level`).
    Level(Level),
    /// At most this long for each move (`st`).
    PerMove(Duration),
}

/// The time control, the depth and node-rate limits, and the engine's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    pub control: Control,
    /// `sd`: the deepest iteration.
    pub depth: Option<i32>,
    /// `nps`: nodes a second standing in for the wall clock (`None` or 0: the wall
    /// clock).
    pub nps: Option<u64>,
    /// `time`: the engine's remaining time (`None` until the GUI says).
    pub own: Option<Duration>,
}

impl Default for Clock {
    fn default() -> Clock {
        Clock {
            control: Control::Level(DEFAULT_LEVEL),
            depth: None,
            nps: None,
            own: None,
        }
    }
}

impl Clock {
    /// A new game (`new`): no depth limit, no node rate, and the clocks are the GUI's to
    /// set again; the time control stays.
    pub fn new_game(&mut self) {
        self.depth = None;
        self.nps = None;
        self.own = None;
    }

    /// The search limits for a move when the side to move has made `moves_made` moves
    /// in this game, keeping `overhead` in reserve (for the node budget of `nps`).
    pub fn limits(&self, moves_made: usize, overhead: Duration) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            ..Limits::default()
        };
        match self.control {
            Control::PerMove(t) => limits.move_time = Some(t),
            Control::Level(level) => {
                limits.time = Some(self.own.unwrap_or(level.base));
                limits.increment = level.increment;
                if level.moves > 0 {
                    let made = u32::try_from(moves_made % level.moves as usize).unwrap_or(0);
                    limits.moves_to_go = Some(level.moves - made);
                }
            }
        }
        match self.nps {
            Some(rate) if rate > 0 => node_limits(&limits, rate, overhead, moves_made),
            _ => limits,
        }
    }
}

/// `limits` with the time replaced by nodes at `rate` a second: the soft budget's worth
/// (all of a fixed move time), at least one node; `moves_made`: the side's moves so far.
fn node_limits(limits: &Limits, rate: u64, overhead: Duration, moves_made: usize) -> Limits {
    let game_ply = u32::try_from(moves_made.saturating_mul(2)).unwrap_or(u32::MAX / 2);
    let b = budget(limits, overhead, game_ply);
    let time = limits.move_time.or(b.soft).unwrap_or(Duration::ZERO);
    let nodes = (time.as_secs_f64() * rate as f64).clamp(1.0, u64::MAX as f64) as u64;
    Limits {
        depth: limits.depth,
        nodes: Some(nodes),
        ..Limits::default()
    }
}

/// Reads `level MPS BASE INC` (the words after `level`). BASE is minutes or
/// `minutes:seconds`, anything after its digits ignored (as the protocol asks); INC is
/// seconds, possibly fractional.
///
/// # Errors
/// A missing or malformed value.
pub fn parse_level(words: &[&str]) -> Result<Level, ProtocolError> {
    let [moves, base, increment, ..] = words else {
        return Err(ProtocolError::MissingValue(
            "level (moves, base, increment)",
        ));
    };
    let moves = number::<u32>(moves, "level moves")?;
    let base = parse_base(base)?;
    let increment = seconds(increment, "level increment")?;
    Ok(Level {
        moves,
        base,
        increment,
    })
}

/// `MIN` or `MIN:SEC`, with anything after the digits ignored (`25+5`).
fn parse_base(text: &str) -> Result<Duration, ProtocolError> {
    let bad = || ProtocolError::BadNumber {
        what: "level base".into(),
        found: truncated(text),
    };
    let (minutes, rest) = leading_number(text).ok_or_else(bad)?;
    let secs = match rest.strip_prefix(':') {
        Some(after) => leading_number(after).map_or(0.0, |(s, _)| s),
        None => 0.0,
    };
    Ok(duration(minutes * 60.0 + secs))
}

/// The number at the start of `text` (digits with at most one point) and what follows.
fn leading_number(text: &str) -> Option<(f64, &str)> {
    let mut point = false;
    let end = text
        .char_indices()
        .find(|&(_, c)| {
            if c == '.' && !point {
                point = true;
                false
            } else {
                !c.is_ascii_digit()
            }
        })
        .map_or(text.len(), |(i, _)| i);
    let value = text[..end].parse::<f64>().ok()?;
    Some((value, &text[end..]))
}

/// A non-negative number of seconds (negative ones are 0).
///
/// # Errors
/// When `text` is not a finite number.
pub fn seconds(text: &str, what: &str) -> Result<Duration, ProtocolError> {
    let value = number::<f64>(text, what)?;
    if !value.is_finite() {
        return Err(ProtocolError::BadNumber {
            what: what.to_string(),
            found: truncated(text),
        });
    }
    Ok(duration(value))
}

/// `time N` / `otim N`: N centiseconds (a clock may be negative: it is then 0).
///
/// # Errors
/// When `text` is not an integer.
pub fn centiseconds(text: &str, what: &str) -> Result<Duration, ProtocolError> {
    let cs = number::<i64>(text, what)?;
    Ok(Duration::from_millis(u64::try_from(cs).unwrap_or(0).saturating_mul(10)).min(LONGEST))
}

/// `secs` seconds, negative as 0, cut to [`LONGEST`].
fn duration(secs: f64) -> Duration {
    Duration::from_secs_f64(secs.clamp(0.0, LONGEST.as_secs_f64()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(n: u64) -> Duration {
        Duration::from_secs(n)
    }

    fn level(text: &str) -> Result<Level, ProtocolError> {
        parse_level(&text.split_whitespace().collect::<Vec<_>>())
    }

    #[test]
    fn level_reads_minutes_seconds_and_fractions() {
        assert_eq!(
            level("40 5 0"),
            Ok(Level {
                moves: 40,
                base: secs(300),
                increment: Duration::ZERO
            })
        );
        assert_eq!(level("0 0:30 0.5").map(|l| l.base), Ok(secs(30)));
        assert_eq!(
            level("0 2 12").map(|l| l.increment),
            Ok(Duration::from_secs(12))
        );
        assert_eq!(
            level("0 1 0.05").map(|l| l.increment),
            Ok(Duration::from_millis(50))
        );
        // Characters after the base are ignored, as the protocol asks.
        assert_eq!(level("40 25+5 0").map(|l| l.base), Ok(secs(1500)));
        assert_eq!(level("40 1:05x 0").map(|l| l.base), Ok(secs(65)));
        assert!(level("40 5").is_err());
        assert!(level("x 5 0").is_err());
        assert!(level("40 :30 0").is_err());
        assert!(level("40 5 inf").is_err());
        assert_eq!(level("40 5 -3").map(|l| l.increment), Ok(Duration::ZERO));
    }

    #[test]
    fn clocks_are_centiseconds() {
        assert_eq!(centiseconds("6000", "time"), Ok(secs(60)));
        assert_eq!(centiseconds("-250", "time"), Ok(Duration::ZERO));
        assert_eq!(
            centiseconds("9223372036854775807", "time"),
            Ok(LONGEST),
            "huge clocks are cut"
        );
        assert!(centiseconds("1.5", "time").is_err());
    }

    #[test]
    fn a_level_gives_the_engine_its_clock() {
        let overhead = Duration::from_millis(50);
        let mut clock = Clock {
            control: Control::Level(level("0 1 0.5").unwrap()),
            ..Clock::default()
        };
        // No `time` yet: the base.
        let limits = clock.limits(0, overhead);
        assert_eq!(limits.time, Some(secs(60)));
        assert_eq!(limits.increment, Duration::from_millis(500));
        assert_eq!(limits.moves_to_go, None);
        clock.own = Some(Duration::from_millis(12_340));
        assert_eq!(
            clock.limits(7, overhead).time,
            Some(Duration::from_millis(12_340))
        );

        // Conventional: the moves left in this period.
        clock.control = Control::Level(level("40 5 0").unwrap());
        assert_eq!(clock.limits(0, overhead).moves_to_go, Some(40));
        assert_eq!(clock.limits(39, overhead).moves_to_go, Some(1));
        assert_eq!(clock.limits(40, overhead).moves_to_go, Some(40));
        assert_eq!(clock.limits(45, overhead).moves_to_go, Some(35));
    }

    #[test]
    fn st_sd_and_nps() {
        let overhead = Duration::from_millis(50);
        let mut clock = Clock {
            control: Control::PerMove(secs(8)),
            depth: Some(6),
            ..Clock::default()
        };
        let limits = clock.limits(3, overhead);
        assert_eq!(
            (limits.move_time, limits.time, limits.depth),
            (Some(secs(8)), None, Some(6))
        );
        // The protocol's example: `st 8` and `nps 10000` allow 80,000 nodes.
        clock.nps = Some(10_000);
        let limits = clock.limits(3, overhead);
        assert_eq!(
            (limits.nodes, limits.move_time, limits.depth),
            (Some(80_000), None, Some(6))
        );
        // With a clock, the soft budget's worth of nodes, and no wall-clock limit.
        clock.control = Control::Level(level("0 1 0").unwrap());
        let limits = clock.limits(0, overhead);
        let nodes = limits.nodes.unwrap();
        assert!(nodes > 0 && nodes < 600_000, "{nodes}");
        assert_eq!((limits.time, limits.move_time), (None, None));
        // `nps 0` keeps the wall clock.
        clock.nps = Some(0);
        assert_eq!(clock.limits(0, overhead).nodes, None);
        clock.new_game();
        assert_eq!((clock.depth, clock.nps, clock.own), (None, None, None));
        assert!(
            matches!(clock.control, Control::Level(_)),
            "the control stays"
        );
    }
}
