//! Time controls and the clocks the manager keeps for each engine.
//!
//! Kinds (all from the documents' competition rules):
//! - game time + increment (加秒制): `tc=300+2`, `tc=10+0.1`;
//! - moves in time with repeating periods: `tc=40/5400` (40 moves in 90 minutes, repeating),
//!   `tc=40/5400,10/900` (then 10 moves per 15 minutes, the last period repeating), and an
//!   increment may follow: `tc=40/60+0.5`;
//! - QQ-style game time + per-move limit + byo-yomi (局时/步时/读秒): `byoyomi=600/60/30`;
//! - fixed time per move: `st=2`;
//! - no clock (fixed depth or nodes): `tc=inf`.
//!
//! Times are seconds (`1.5`) or minutes:seconds (`1:30`). A move that overruns by no more
//! than the time margin (`timemargin=` in ms) is tolerated.

use std::fmt;

/// One period of a moves-in-time control: `moves` moves (0 = the rest of the game) in
/// `time_ms`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Period {
    /// Moves in the period; 0 means the rest of the game.
    pub moves: u32,
    /// Time for the period in milliseconds.
    pub time_ms: u64,
}

/// A time control.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum TimeControl {
    /// No clock (fixed depth or nodes).
    #[default]
    Infinite,
    /// Periods of moves-in-time (the last one repeats) plus an increment per move.
    Classic {
        /// The periods, in order; the last one repeats.
        periods: Vec<Period>,
        /// Added after each move.
        inc_ms: u64,
    },
    /// Game time, then byo-yomi: once the game time is spent every move must be made
    /// within `byo_ms`; while in game time a move may not take longer than `step_ms`
    /// (0 = no per-move limit).
    ByoYomi {
        /// Game time (局时).
        main_ms: u64,
        /// Per-move limit while in game time (步时), 0 = none.
        step_ms: u64,
        /// Time per move once the game time is spent (读秒).
        byo_ms: u64,
    },
    /// Fixed time per move.
    MoveTime(u64),
}

/// A time or time control the manager cannot read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClockError {
    /// Not seconds or minutes:seconds.
    BadTime(String),
    /// A period's move count (`M/` in `M/T`) is not a number; the time control.
    BadMoveCount(String),
    /// A period for the rest of the game before the last one; the time control.
    OpenPeriodNotLast(String),
    /// A time control without any time.
    NoTime(String),
    /// A `byoyomi=` value that is not `GAME/STEP/BYO`.
    ByoYomiShape(String),
    /// A `byoyomi=` value without any time.
    ByoYomiNoTime(String),
}

impl fmt::Display for ClockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClockError::BadTime(t) => write!(f, "bad time '{t}' (seconds, or minutes:seconds)"),
            ClockError::BadMoveCount(t) => write!(f, "bad move count in time control '{t}'"),
            ClockError::OpenPeriodNotLast(t) => write!(
                f,
                "in '{t}' only the last period may be for the rest of the game"
            ),
            ClockError::NoTime(t) => write!(f, "time control '{t}' gives no time"),
            ClockError::ByoYomiShape(t) => {
                write!(f, "byoyomi wants GAME/STEP/BYO seconds, got '{t}'")
            }
            ClockError::ByoYomiNoTime(t) => write!(f, "byoyomi '{t}' gives no time"),
        }
    }
}

impl std::error::Error for ClockError {}

/// Why a move lost on time ([`Clock::record`]); times in ms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeForfeit {
    /// Over a fixed time per move.
    MoveTime { elapsed_ms: u64, move_ms: u64 },
    /// Over what was left on a classic clock.
    Clock { elapsed_ms: u64, left_ms: u64 },
    /// Over the byo-yomi period.
    ByoYomi { elapsed_ms: u64, byo_ms: u64 },
    /// Over the per-move limit while in game time.
    Step { elapsed_ms: u64, step_ms: u64 },
    /// Over the game time left and a byo-yomi period after it.
    GameAndByoYomi {
        elapsed_ms: u64,
        left_ms: u64,
        byo_ms: u64,
    },
}

impl fmt::Display for TimeForfeit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeForfeit::MoveTime {
                elapsed_ms,
                move_ms,
            } => write!(f, "took {elapsed_ms} ms for a {move_ms} ms move"),
            TimeForfeit::Clock {
                elapsed_ms,
                left_ms,
            } => write!(f, "took {elapsed_ms} ms with {left_ms} ms on the clock"),
            TimeForfeit::ByoYomi { elapsed_ms, byo_ms } => {
                write!(f, "took {elapsed_ms} ms in byo-yomi of {byo_ms} ms")
            }
            TimeForfeit::Step {
                elapsed_ms,
                step_ms,
            } => write!(
                f,
                "took {elapsed_ms} ms, over the per-move limit of {step_ms} ms"
            ),
            TimeForfeit::GameAndByoYomi {
                elapsed_ms,
                left_ms,
                byo_ms,
            } => write!(
                f,
                "took {elapsed_ms} ms with {left_ms} ms game time and {byo_ms} ms byo-yomi"
            ),
        }
    }
}

impl std::error::Error for TimeForfeit {}

/// Parses a time in seconds: `12`, `0.5`, `1:30` (minutes:seconds) or `1:00:00`.
pub fn parse_seconds(text: &str) -> Result<u64, ClockError> {
    let bad = || ClockError::BadTime(text.to_string());
    let mut total = 0.0f64;
    for part in text.split(':') {
        let v: f64 = part.trim().parse().map_err(|_| bad())?;
        if v.is_nan() || v < 0.0 || !v.is_finite() {
            return Err(bad());
        }
        total = total * 60.0 + v;
    }
    Ok((total * 1000.0).round() as u64)
}

impl TimeControl {
    /// Parses a `tc=` value: `inf`, `T`, `T+I`, `M/T`, `M/T+I`, `M/T,M2/T2[+I]`.
    pub fn parse(text: &str) -> Result<TimeControl, ClockError> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("inf") || text.eq_ignore_ascii_case("infinite") {
            return Ok(TimeControl::Infinite);
        }
        let (base, inc_ms) = match text.rsplit_once('+') {
            Some((b, i)) => (b, parse_seconds(i)?),
            None => (text, 0),
        };
        let mut periods = Vec::new();
        for part in base.split(',') {
            let period = match part.split_once('/') {
                Some((m, t)) => Period {
                    moves: m
                        .trim()
                        .parse()
                        .map_err(|_| ClockError::BadMoveCount(text.to_string()))?,
                    time_ms: parse_seconds(t)?,
                },
                None => Period {
                    moves: 0,
                    time_ms: parse_seconds(part)?,
                },
            };
            periods.push(period);
        }
        if periods.iter().rev().skip(1).any(|p| p.moves == 0) {
            return Err(ClockError::OpenPeriodNotLast(text.to_string()));
        }
        if periods.iter().all(|p| p.time_ms == 0) && inc_ms == 0 {
            return Err(ClockError::NoTime(text.to_string()));
        }
        Ok(TimeControl::Classic { periods, inc_ms })
    }

    /// Parses a `byoyomi=` value `GAME/STEP/BYO` (seconds; STEP 0 = no per-move limit).
    pub fn parse_byoyomi(text: &str) -> Result<TimeControl, ClockError> {
        let parts: Vec<&str> = text.split('/').collect();
        if parts.len() != 3 {
            return Err(ClockError::ByoYomiShape(text.to_string()));
        }
        let tc = TimeControl::ByoYomi {
            main_ms: parse_seconds(parts[0])?,
            step_ms: parse_seconds(parts[1])?,
            byo_ms: parse_seconds(parts[2])?,
        };
        if let TimeControl::ByoYomi {
            main_ms: 0,
            byo_ms: 0,
            ..
        } = tc
        {
            return Err(ClockError::ByoYomiNoTime(text.to_string()));
        }
        Ok(tc)
    }

    /// Whether a clock runs at all.
    pub fn is_infinite(&self) -> bool {
        matches!(self, TimeControl::Infinite)
    }

    /// The same control with every time (periods, increment, per-move limits) divided
    /// by `by` (at least 1 ms where there was time); the move counts are kept and no
    /// clock stays no clock.
    pub fn divided(&self, by: u64) -> TimeControl {
        let by = by.max(1);
        let cut = |ms: u64| if ms == 0 { 0 } else { (ms / by).max(1) };
        match self {
            TimeControl::Infinite => TimeControl::Infinite,
            TimeControl::Classic { periods, inc_ms } => TimeControl::Classic {
                periods: periods
                    .iter()
                    .map(|p| Period {
                        moves: p.moves,
                        time_ms: cut(p.time_ms),
                    })
                    .collect(),
                inc_ms: cut(*inc_ms),
            },
            TimeControl::ByoYomi {
                main_ms,
                step_ms,
                byo_ms,
            } => TimeControl::ByoYomi {
                main_ms: cut(*main_ms),
                step_ms: cut(*step_ms),
                byo_ms: cut(*byo_ms),
            },
            TimeControl::MoveTime(ms) => TimeControl::MoveTime(cut(*ms)),
        }
    }
}

fn secs(ms: u64) -> String {
    if ms % 1000 == 0 {
        format!("{}", ms / 1000)
    } else {
        let s = format!("{:.3}", ms as f64 / 1000.0);
        s.trim_end_matches('0').to_string()
    }
}

impl fmt::Display for TimeControl {
    /// The PGN `TimeControl` tag style: `40/5400+0.5`, `300+2`, `byoyomi 600/60/30`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Infinite => write!(f, "-"),
            TimeControl::Classic { periods, inc_ms } => {
                let parts: Vec<String> = periods
                    .iter()
                    .map(|p| {
                        if p.moves == 0 {
                            secs(p.time_ms)
                        } else {
                            format!("{}/{}", p.moves, secs(p.time_ms))
                        }
                    })
                    .collect();
                write!(f, "{}", parts.join(","))?;
                if *inc_ms > 0 {
                    write!(f, "+{}", secs(*inc_ms))?;
                }
                Ok(())
            }
            TimeControl::ByoYomi {
                main_ms,
                step_ms,
                byo_ms,
            } => {
                write!(
                    f,
                    "byoyomi {}/{}/{}",
                    secs(*main_ms),
                    secs(*step_ms),
                    secs(*byo_ms)
                )
            }
            TimeControl::MoveTime(ms) => write!(f, "{}/move", secs(*ms)),
        }
    }
}

/// What the engine is told about its own clock before a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockReport {
    /// Time left in ms.
    pub time_ms: u64,
    /// Increment per move in ms.
    pub inc_ms: u64,
    /// Moves to the next time control, if the control has periods.
    pub moves_to_go: Option<u32>,
}

/// One engine's clock.
#[derive(Clone, Debug)]
pub struct Clock {
    tc: TimeControl,
    margin_ms: u64,
    left_ms: u64,
    period: usize,
    moves_in_period: u32,
    in_byoyomi: bool,
}

impl Clock {
    /// A fresh clock for `tc`, tolerating overruns up to `margin_ms`.
    pub fn new(tc: &TimeControl, margin_ms: u64) -> Clock {
        let left_ms = match tc {
            TimeControl::Classic { periods, .. } => periods[0].time_ms,
            TimeControl::ByoYomi { main_ms, .. } => *main_ms,
            TimeControl::MoveTime(ms) => *ms,
            TimeControl::Infinite => 0,
        };
        let in_byoyomi = matches!(tc, TimeControl::ByoYomi { main_ms: 0, .. });
        Clock {
            tc: tc.clone(),
            margin_ms,
            left_ms,
            period: 0,
            moves_in_period: 0,
            in_byoyomi,
        }
    }

    /// The time control.
    pub fn time_control(&self) -> &TimeControl {
        &self.tc
    }

    /// Time left on the clock (for Classic and game time of ByoYomi), in ms.
    pub fn left_ms(&self) -> u64 {
        self.left_ms
    }

    /// Whether a byo-yomi clock has spent its game time.
    pub fn in_byoyomi(&self) -> bool {
        self.in_byoyomi
    }

    /// What to tell the engine about this clock; `None` without a running clock.
    ///
    /// Byo-yomi is told as game time + increment (the byo-yomi) while game time is left,
    /// then as the byo-yomi with one move to go; fixed time per move as its time with one
    /// move to go.
    pub fn report(&self) -> Option<ClockReport> {
        match &self.tc {
            TimeControl::Infinite => None,
            TimeControl::Classic { periods, inc_ms } => {
                let p = &periods[self.period];
                Some(ClockReport {
                    time_ms: self.left_ms,
                    inc_ms: *inc_ms,
                    moves_to_go: (p.moves > 0).then(|| p.moves - self.moves_in_period),
                })
            }
            TimeControl::ByoYomi { byo_ms, .. } => Some(if self.in_byoyomi {
                ClockReport {
                    time_ms: *byo_ms,
                    inc_ms: 0,
                    moves_to_go: Some(1),
                }
            } else {
                ClockReport {
                    time_ms: self.left_ms,
                    inc_ms: *byo_ms,
                    moves_to_go: None,
                }
            }),
            TimeControl::MoveTime(ms) => Some(ClockReport {
                time_ms: *ms,
                inc_ms: 0,
                moves_to_go: Some(1),
            }),
        }
    }

    /// How long the coming move may take before it loses on time (margin included);
    /// `None` without a clock.
    pub fn deadline_ms(&self) -> Option<u64> {
        let m = self.margin_ms;
        match &self.tc {
            TimeControl::Infinite => None,
            TimeControl::Classic { .. } => Some(self.left_ms + m),
            TimeControl::ByoYomi {
                step_ms, byo_ms, ..
            } => Some(if self.in_byoyomi {
                byo_ms + m
            } else {
                let overall = self.left_ms + byo_ms;
                (if *step_ms > 0 {
                    overall.min(*step_ms)
                } else {
                    overall
                }) + m
            }),
            TimeControl::MoveTime(ms) => Some(ms + m),
        }
    }

    /// Charges a move that took `elapsed_ms`. `Err` gives the reason the mover lost on
    /// time.
    pub fn record(&mut self, elapsed_ms: u64) -> Result<(), TimeForfeit> {
        let m = self.margin_ms;
        match self.tc.clone() {
            TimeControl::Infinite => Ok(()),
            TimeControl::MoveTime(ms) => {
                if elapsed_ms > ms + m {
                    Err(TimeForfeit::MoveTime {
                        elapsed_ms,
                        move_ms: ms,
                    })
                } else {
                    Ok(())
                }
            }
            TimeControl::Classic { periods, inc_ms } => {
                if elapsed_ms > self.left_ms + m {
                    return Err(TimeForfeit::Clock {
                        elapsed_ms,
                        left_ms: self.left_ms,
                    });
                }
                self.left_ms = self.left_ms.saturating_sub(elapsed_ms) + inc_ms;
                let p = &periods[self.period];
                if p.moves > 0 {
                    self.moves_in_period += 1;
                    if self.moves_in_period == p.moves {
                        self.moves_in_period = 0;
                        self.period = (self.period + 1).min(periods.len() - 1);
                        self.left_ms += periods[self.period].time_ms;
                    }
                }
                Ok(())
            }
            TimeControl::ByoYomi {
                step_ms, byo_ms, ..
            } => {
                if self.in_byoyomi {
                    if elapsed_ms > byo_ms + m {
                        return Err(TimeForfeit::ByoYomi { elapsed_ms, byo_ms });
                    }
                    return Ok(());
                }
                if step_ms > 0 && elapsed_ms > step_ms + m {
                    return Err(TimeForfeit::Step {
                        elapsed_ms,
                        step_ms,
                    });
                }
                if elapsed_ms > self.left_ms {
                    let over = elapsed_ms - self.left_ms;
                    if over > byo_ms + m {
                        return Err(TimeForfeit::GameAndByoYomi {
                            elapsed_ms,
                            left_ms: self.left_ms,
                            byo_ms,
                        });
                    }
                    self.left_ms = 0;
                    self.in_byoyomi = true;
                } else {
                    self.left_ms -= elapsed_ms;
                    if self.left_ms == 0 {
                        self.in_byoyomi = true;
                    }
                }
                Ok(())
            }
        }
    }
}
