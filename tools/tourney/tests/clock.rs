//! Clocks: every time-control kind, what the engine is told, and forfeits.

use tourney::clock::{parse_seconds, Clock, ClockReport, Period, TimeControl};

#[test]
fn parsing() {
    assert_eq!(parse_seconds("1:30").unwrap(), 90_000);
    assert_eq!(parse_seconds("0.1").unwrap(), 100);
    assert!(parse_seconds("x").is_err());
    assert_eq!(
        TimeControl::parse("10+0.1").unwrap(),
        TimeControl::Classic {
            periods: vec![Period {
                moves: 0,
                time_ms: 10_000
            }],
            inc_ms: 100
        }
    );
    assert_eq!(
        TimeControl::parse("40/5400,10/900").unwrap(),
        TimeControl::Classic {
            periods: vec![
                Period {
                    moves: 40,
                    time_ms: 5_400_000
                },
                Period {
                    moves: 10,
                    time_ms: 900_000
                }
            ],
            inc_ms: 0
        }
    );
    assert_eq!(TimeControl::parse("inf").unwrap(), TimeControl::Infinite);
    assert!(
        TimeControl::parse("60,40/10").is_err(),
        "a sudden-death period must be last"
    );
    assert!(TimeControl::parse("0").is_err());
    assert_eq!(
        TimeControl::parse_byoyomi("600/60/30").unwrap(),
        TimeControl::ByoYomi {
            main_ms: 600_000,
            step_ms: 60_000,
            byo_ms: 30_000
        }
    );
    assert_eq!(
        TimeControl::parse("40/60+0.5").unwrap().to_string(),
        "40/60+0.5"
    );
}

#[test]
fn increment() {
    let tc = TimeControl::parse("10+0.1").unwrap();
    let mut c = Clock::new(&tc, 50);
    assert_eq!(
        c.report(),
        Some(ClockReport {
            time_ms: 10_000,
            inc_ms: 100,
            moves_to_go: None
        })
    );
    assert_eq!(c.deadline_ms(), Some(10_050));
    c.record(1_000).unwrap();
    assert_eq!(c.left_ms(), 9_100);
    // Within the margin: tolerated, clock floors at zero, plus the increment.
    c.record(9_140).unwrap();
    assert_eq!(c.left_ms(), 100);
    assert!(c.record(151).is_err(), "over time + margin forfeits");
}

#[test]
fn moves_in_time_with_repeating_periods() {
    let tc = TimeControl::parse("2/10,1/5").unwrap();
    let mut c = Clock::new(&tc, 0);
    assert_eq!(c.report().unwrap().moves_to_go, Some(2));
    c.record(3_000).unwrap();
    assert_eq!(
        c.report().unwrap(),
        ClockReport {
            time_ms: 7_000,
            inc_ms: 0,
            moves_to_go: Some(1)
        }
    );
    c.record(3_000).unwrap();
    // Second period starts: 4 s left over + 5 s.
    assert_eq!(
        c.report().unwrap(),
        ClockReport {
            time_ms: 9_000,
            inc_ms: 0,
            moves_to_go: Some(1)
        }
    );
    c.record(8_000).unwrap();
    // The last period repeats.
    assert_eq!(c.left_ms(), 6_000);
    c.record(6_000).unwrap();
    assert_eq!(c.left_ms(), 5_000);
    assert!(c.record(5_001).is_err());
}

#[test]
fn byoyomi() {
    let tc = TimeControl::parse_byoyomi("10/4/2").unwrap();
    let mut c = Clock::new(&tc, 0);
    assert_eq!(
        c.report().unwrap(),
        ClockReport {
            time_ms: 10_000,
            inc_ms: 2_000,
            moves_to_go: None
        }
    );
    assert_eq!(c.deadline_ms(), Some(4_000), "the per-move limit binds");
    assert!(
        c.clone().record(4_001).is_err(),
        "over the per-move limit (步时)"
    );
    c.record(4_000).unwrap();
    c.record(4_000).unwrap();
    assert_eq!(c.left_ms(), 2_000);
    assert_eq!(c.deadline_ms(), Some(4_000));
    // 3 s with 2 s of game time left: 1 s of the byo-yomi used; byo-yomi starts.
    c.record(3_000).unwrap();
    assert!(c.in_byoyomi());
    assert_eq!(
        c.report().unwrap(),
        ClockReport {
            time_ms: 2_000,
            inc_ms: 0,
            moves_to_go: Some(1)
        }
    );
    c.record(2_000).unwrap();
    c.record(1_999).unwrap();
    assert!(c.record(2_001).is_err(), "over the byo-yomi (读秒)");
    // Game time overflowing by more than the byo-yomi forfeits.
    let mut d = Clock::new(&TimeControl::parse_byoyomi("1/0/1").unwrap(), 0);
    assert!(d.record(2_001).is_err());
}

#[test]
fn fixed_time_and_no_clock() {
    let mut c = Clock::new(&TimeControl::MoveTime(1_000), 100);
    assert_eq!(c.deadline_ms(), Some(1_100));
    c.record(1_100).unwrap();
    c.record(500).unwrap();
    assert!(c.record(1_101).is_err());
    let mut inf = Clock::new(&TimeControl::Infinite, 0);
    assert_eq!(inf.deadline_ms(), None);
    assert_eq!(inf.report(), None);
    inf.record(1_000_000).unwrap();
}

#[test]
fn a_faster_clock_divides_every_time() {
    // The knockout's default tie-break clock: every time a quarter, move counts kept.
    let tc = TimeControl::parse("40/60,10/15+0.5").unwrap();
    assert_eq!(tc.divided(4).to_string(), "40/15,10/3.75+0.125");
    let byo = TimeControl::parse_byoyomi("600/60/30").unwrap();
    assert_eq!(byo.divided(4).to_string(), "byoyomi 150/15/7.5");
    assert_eq!(
        TimeControl::MoveTime(2).divided(4),
        TimeControl::MoveTime(1)
    );
    assert_eq!(TimeControl::Infinite.divided(4), TimeControl::Infinite);
    let no_step = TimeControl::parse_byoyomi("60/0/5").unwrap();
    assert_eq!(no_step.divided(4).to_string(), "byoyomi 15/0/1.25");
}
