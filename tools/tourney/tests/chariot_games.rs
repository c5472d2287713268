//! Real matches between two Chariot processes (one speaking UCCI, one UCI): one at a
//! fixed depth, one on a tiny clock with a short increment, one with both engines
//! pondering.
//!
//! The timed matches that always run forgive overruns of the clock up to
//! [`LOOSE_MARGIN_MS`], enough for a loaded two-core machine: they catch an engine that
//! hangs or ignores its clock. Whether the engines keep their clocks within
//! [`MARGIN_MS`] is the ignored `latency_*` test's, to be run with the machine quiet:
//!
//! ```text
//! cargo build --release --workspace
//! cargo test --release -p tourney --test integration -- --ignored chariot_games::latency --nocapture
//! ```
//!
//! The engine is the workspace's root package binary, `chariot`, found next to this
//! package's own `tourney` binary (`<target dir>/<profile>/chariot`). `cargo test
//! --workspace` builds it before running any test, because the root package has
//! integration tests (Cargo builds a package's binaries for those). When the tests of
//! this package are run alone it may be missing: the tests then fail and say how to
//! build it. `CHARIOT_BIN=/path/to/chariot` overrides the search.

use std::sync::Mutex;

use chariot::board::Color;
use chariot::board::Outcome;
use chariot::search::params::{MAX_PLY, RULE_WIN};
use tourney::clock::{Clock, TimeControl};
use tourney::engine::Protocol;
use tourney::event::config::TournamentFormat;
use tourney::event::{Standings, TournamentConfig};
use tourney::game::GameSettings;
use tourney::openings::{parse_openings, Opening, OpeningFormat};
use tourney::report::pgn::MoveText;
use tourney::report::rating::{RatingMethod, Scoring};

use crate::common::{chariot_engine, play_event};

/// One match at a time: the timed match must not share two cores with the other.
static ONE_MATCH: Mutex<()> = Mutex::new(());

/// The overrun of the clock a quiet machine may need (scheduling, not thinking): the
/// `latency_*` test's margin.
const MARGIN_MS: u64 = 250;

/// The margin of the timed matches that always run: only a hang, or a clock ignored by
/// seconds, overruns it.
const LOOSE_MARGIN_MS: u64 = 5_000;

/// The most any move of `st`'s games took beyond the time left on its engine's clock
/// (0 when every move came within it), in ms.
fn largest_overrun(st: &Standings) -> u64 {
    let mut largest = 0;
    for (_, rec) in &st.games {
        let tc = TimeControl::parse(rec.time_control.as_str()).expect("one time control");
        // The clocks as the tourney kept them, forgiving every overrun.
        let mut clocks = [Clock::new(&tc, 1 << 40), Clock::new(&tc, 1 << 40)];
        let mut side = {
            let mut pos = chariot::board::Position::from_fen(&rec.start_fen).unwrap();
            for mv in &rec.opening_moves {
                pos.make_move(*mv);
            }
            pos.side_to_move()
        };
        for m in &rec.moves {
            let clock = &mut clocks[side.index()];
            largest = largest.max(m.time_ms.saturating_sub(clock.left_ms()));
            clock.record(m.time_ms).unwrap();
            side = side.other();
        }
    }
    largest
}

/// A fresh PGN file named `file` for one test's games, in this process's own folder
/// under the system's temporary directory.
fn fresh_pgn(file: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tourney-chariot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join(file);
    let _ = std::fs::remove_file(&pgn);
    pgn
}

/// The positions of the default opening file.
fn default_openings() -> Vec<Opening> {
    parse_openings(
        include_str!("../../openings/default.epd"),
        OpeningFormat::Epd,
    )
    .unwrap()
}

/// Game settings for real engines on a loaded machine: twenty seconds before an engine
/// is declared hung, and games drawn after `move_limit` moves (0: no limit).
fn game_settings(move_limit: u16) -> GameSettings {
    let mut settings = GameSettings {
        hang_timeout_ms: 20_000,
        ..GameSettings::default()
    };
    settings.rules.move_limit = move_limit;
    settings
}

/// The PGN's game with round label `round` is the standings' game of that tag (a
/// match's `1.1.g` for its game g): the same result, and the moves the tourney
/// recorded.
fn game_of_round<'a>(st: &'a Standings, round: &str) -> &'a tourney::game::GameRecord {
    let found: Vec<_> = st
        .games
        .iter()
        .filter(|(job, _)| job.tag == round)
        .collect();
    assert_eq!(found.len(), 1, "round {round}");
    &found[0].1
}

/// The last score the losing side of a decided game `rec` reported (its own view).
fn last_score_of_loser(rec: &tourney::game::GameRecord) -> Option<i32> {
    let loser = match rec.outcome {
        Outcome::RedWins => Color::Black,
        Outcome::BlackWins => Color::Red,
        Outcome::Draw => return None,
    };
    let mut pos = chariot::board::Position::from_fen(&rec.start_fen).ok()?;
    for mv in &rec.opening_moves {
        pos.make_move(*mv);
    }
    // The engines' moves alternate from the side to move after the opening.
    let first = pos.side_to_move();
    rec.moves
        .iter()
        .enumerate()
        .filter(|(i, _)| (i % 2 == 0) == (first == loser))
        .filter_map(|(_, m)| m.score)
        .next_back()
}

/// Every game of `st` was played out by the rules: no foul, no forfeit, no crash; and
/// the PGN file `pgn` reads back (every move legal in turn) game by game as recorded.
fn check_games(st: &Standings, pgn: &std::path::Path, out: &str) {
    for (job, rec) in &st.games {
        // A real engine neither cheats, crashes, hangs, overruns nor refuses to move. A
        // foul (a perpetual check) is a way to lose only for a side that had already
        // seen the game lost: its last reported score a mate or a ruling against it.
        if rec.foul {
            let score = last_score_of_loser(rec);
            assert!(
                score.is_some_and(|s| s <= -(RULE_WIN - MAX_PLY as i32)),
                "game {}: {} with the loser's last score {score:?}\n{out}",
                job.number,
                rec.reason
            );
        }
        for bad in [
            "illegal",
            "disconnects",
            "hangs",
            "time",
            "no move",
            "failed",
        ] {
            assert!(
                !rec.reason.contains(bad),
                "game {}: {}\n{out}",
                job.number,
                rec.reason
            );
        }
        assert!(!rec.moves.is_empty());
    }
    let text = std::fs::read_to_string(pgn).unwrap();
    let games = chariot::notation::read_pgn(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(games.len(), st.games.len());
    for g in &games {
        let rec = game_of_round(st, g.tag("Round").unwrap());
        let outcome = match g.result.as_str() {
            "1-0" => Outcome::RedWins,
            "0-1" => Outcome::BlackWins,
            _ => Outcome::Draw,
        };
        assert_eq!(rec.outcome, outcome, "{}", rec.reason);
        let recorded: Vec<String> = rec.moves.iter().map(|m| m.mv.to_string()).collect();
        let read: Vec<String> = g.moves.iter().map(|m| m.to_string()).collect();
        assert!(read.ends_with(&recorded), "{read:?} vs {recorded:?}");
    }
}

#[test]
fn chariot_against_chariot() {
    let _one = ONE_MATCH.lock().unwrap_or_else(|e| e.into_inner());
    let engine = |name: &str, proto: Protocol| {
        let mut e = chariot_engine(name, proto);
        e.limits.depth = Some(2);
        e
    };
    let pgn = fresh_pgn("chariot.pgn");
    let openings = default_openings();
    let cfg = TournamentConfig {
        engines: vec![
            engine("Chariot-UCCI", Protocol::Ucci),
            engine("Chariot-UCI", Protocol::Uci),
        ],
        format: TournamentFormat::RoundRobin,
        games: 20,
        rounds: 1,
        repeat: true,
        openings: (0..10).map(|i| openings[i * 15 + 3].clone()).collect(),
        concurrency: 2,
        pgn_out: Some((pgn.to_string_lossy().to_string(), MoveText::Iccs)),
        sprt: None,
        rating_interval: 0,
        scoring: Scoring::One,
        rating: RatingMethod::Elo,
        settings: game_settings(0),
        event: "chariot test".into(),
        site: "ci".into(),
        ..TournamentConfig::default()
    };
    let (st, out) = play_event(&cfg);
    assert_eq!(st.games.len(), 20, "{out}");
    assert_eq!(st.wdl[0][1].games(), 20, "{out}");
    assert_eq!(st.pairs.pairs(), 10, "{out}");
    check_games(&st, &pgn, &out);
    for (job, rec) in &st.games {
        // The depth limit reached the engines: each move comes from a depth-2 search.
        assert!(
            rec.moves.iter().all(|m| m.depth == Some(2)),
            "game {}: depths {:?}",
            job.number,
            rec.moves.iter().map(|m| m.depth).collect::<Vec<_>>()
        );
    }
    // The result and the termination agree with the final position.
    let text = std::fs::read_to_string(&pgn).unwrap();
    let games = chariot::notation::read_pgn(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(games.len(), 20);
    let mut points_ucci = 0.0;
    for g in &games {
        let result = g.tag("Result").unwrap();
        assert_eq!(g.result, result);
        assert_eq!(g.tag("PlyCount").unwrap(), g.moves.len().to_string());
        let reason = g.tag("Termination").unwrap();
        let end = g.end_position();
        if reason.contains("mates") || reason.contains("stalemates") {
            assert!(end.legal_moves().is_empty(), "{reason}");
            let want = if end.side_to_move() == Color::Red {
                "0-1"
            } else {
                "1-0"
            };
            assert_eq!(result, want, "{reason}");
        } else {
            assert!(!end.legal_moves().is_empty(), "{reason}");
        }
        if reason.contains("natural limit") {
            assert!(end.rule60_plies() >= 120, "{reason}");
        }
        let ucci_red = g.tag("Red") == Some("Chariot-UCCI");
        points_ucci += match result {
            "1/2-1/2" => 0.5,
            "1-0" if ucci_red => 1.0,
            "0-1" if !ucci_red => 1.0,
            _ => 0.0,
        };
    }
    assert_eq!(points_ucci, st.wdl[0][1].points(), "{out}");
    assert!(
        out.contains("Score of Chariot-UCCI vs Chariot-UCI"),
        "{out}"
    );
    assert!(out.contains("Ptnml(0-2)"), "{out}");
}

#[test]
fn chariot_against_chariot_on_a_tiny_clock() {
    let _one = ONE_MATCH.lock().unwrap_or_else(|e| e.into_inner());
    let st = tiny_clock_match(LOOSE_MARGIN_MS);
    eprintln!("largest overrun of the clock: {} ms", largest_overrun(&st));
}

/// The match of [`chariot_against_chariot_on_a_tiny_clock`], overruns of the clock
/// forgiven up to `margin_ms`: 0.02 s + 0.05 s a move, the first `go` of each side
/// `go wtime 20 …` (UCI) or `go time 20 increment 50 …` (UCCI), below the engine's move
/// overhead, and the clock then growing only by what the engine saves. Overrunning the
/// clock by more than the margin forfeits the game.
fn tiny_clock_match(margin_ms: u64) -> Standings {
    let engine = |name: &str, proto: Protocol| {
        let mut e = chariot_engine(name, proto);
        e.limits.tc = TimeControl::parse("0.02+0.05").unwrap();
        e.limits.margin_ms = margin_ms;
        e
    };
    let pgn = fresh_pgn("chariot-clock.pgn");
    let openings = default_openings();
    let settings = game_settings(40);
    let cfg = TournamentConfig {
        engines: vec![
            engine("Chariot-UCCI", Protocol::Ucci),
            engine("Chariot-UCI", Protocol::Uci),
        ],
        format: TournamentFormat::RoundRobin,
        games: 4,
        rounds: 1,
        repeat: true,
        openings: vec![openings[7].clone(), openings[40].clone()],
        concurrency: 1,
        pgn_out: Some((pgn.to_string_lossy().to_string(), MoveText::Iccs)),
        sprt: None,
        rating_interval: 0,
        scoring: Scoring::One,
        rating: RatingMethod::Elo,
        settings,
        event: "chariot clock test".into(),
        site: "ci".into(),
        ..TournamentConfig::default()
    };
    let (st, out) = play_event(&cfg);
    assert_eq!(st.games.len(), 4, "{out}");
    assert_eq!(st.pairs.pairs(), 2, "{out}");
    check_games(&st, &pgn, &out);
    for (job, rec) in &st.games {
        // Real games, not a first-move accident: a move limit or a real ending.
        assert!(rec.moves.len() >= 10, "game {}: {}", job.number, rec.reason);
        // Every move came within the clock the tourney kept (time + margin: no
        // forfeit, as `check_games` says), and the engine searched (it reported a
        // depth) even on a 20 ms clock.
        assert!(
            rec.moves.iter().all(|m| m.depth.is_some()),
            "{}",
            rec.reason
        );
        assert!(
            rec.time_control.contains("0.02+0.05"),
            "{}",
            rec.time_control
        );
    }
    st
}

#[test]
fn chariot_in_a_swiss_and_a_knockout() {
    // Four Chariot processes at depth 1 (two UCCI, two UCI): a three-round Swiss, then
    // a knockout of mini-matches (level ties go to the extra pair and the decider).
    let _one = ONE_MATCH.lock().unwrap_or_else(|e| e.into_inner());
    let engine = |name: &str, proto: Protocol| {
        let mut e = chariot_engine(name, proto);
        e.limits.depth = Some(1);
        e
    };
    let openings = default_openings();
    let settings = game_settings(40);
    for (format, games, want) in [
        (TournamentFormat::Swiss, 1, 3 * 2),
        (TournamentFormat::Knockout, 2, 3 * 2),
    ] {
        let pgn = fresh_pgn(&format!("chariot-{}.pgn", format.name()));
        let cfg = TournamentConfig {
            engines: vec![
                engine("UCCI-1", Protocol::Ucci),
                engine("UCI-1", Protocol::Uci),
                engine("UCCI-2", Protocol::Ucci),
                engine("UCI-2", Protocol::Uci),
            ],
            format,
            games,
            rounds: 3,
            openings: (0..6).map(|i| openings[i * 20 + 5].clone()).collect(),
            concurrency: 2,
            pgn_out: Some((pgn.to_string_lossy().to_string(), MoveText::Iccs)),
            rating_interval: 0,
            settings: settings.clone(),
            event: format!("chariot {}", format.name()),
            ..TournamentConfig::default()
        };
        let (st, out) = play_event(&cfg);
        // A knockout's level ties add games beyond its three mini-matches.
        assert!(st.games.len() >= want, "{out}");
        if format == TournamentFormat::Swiss {
            assert_eq!(st.games.len(), want, "{out}");
            assert!(out.contains("Swiss standings after 3 of 3 rounds"), "{out}");
        } else {
            assert!(out.contains("Champion: "), "{out}");
        }
        check_games(&st, &pgn, &out);
        assert_eq!(st.placings.len(), 4);
        assert_eq!(st.placings[0].place, 1, "{out}");
    }
}

#[test]
fn chariot_against_chariot_pondering() {
    let _one = ONE_MATCH.lock().unwrap_or_else(|e| e.into_inner());
    let st = pondering_match(LOOSE_MARGIN_MS);
    eprintln!("largest overrun of the clock: {} ms", largest_overrun(&st));
}

/// The match of [`chariot_against_chariot_pondering`], overruns of the clock forgiven up
/// to `margin_ms`: both engines ponder (one UCCI, one UCI) on a 1 s + 0.1 s clock; four
/// games of at most 15 moves a side, each move legal, no forfeit, and the ponder
/// searches hit about as often as the engines agree on the reply. (With both engines
/// searching at once a loaded machine stalls them more: the clock stays above half a
/// second.)
fn pondering_match(margin_ms: u64) -> Standings {
    let engine = |name: &str, proto: Protocol| {
        let mut e = chariot_engine(name, proto);
        e.limits.tc = TimeControl::parse("1+0.1").unwrap();
        e.limits.margin_ms = margin_ms;
        e.ponder = true;
        e
    };
    let pgn = fresh_pgn("chariot-ponder.pgn");
    let openings = default_openings();
    let settings = game_settings(15);
    let cfg = TournamentConfig {
        engines: vec![
            engine("Chariot-UCCI", Protocol::Ucci),
            engine("Chariot-UCI", Protocol::Uci),
        ],
        format: TournamentFormat::RoundRobin,
        games: 4,
        rounds: 1,
        repeat: true,
        openings: vec![openings[12].clone(), openings[60].clone()],
        concurrency: 1,
        pgn_out: Some((pgn.to_string_lossy().to_string(), MoveText::Iccs)),
        rating_interval: 0,
        settings,
        event: "chariot ponder test".into(),
        site: "ci".into(),
        ..TournamentConfig::default()
    };
    let (st, out) = play_event(&cfg);
    assert_eq!(st.games.len(), 4, "{out}");
    check_games(&st, &pgn, &out);
    let (mut hits, mut pondered) = (0, 0);
    for (job, rec) in &st.games {
        assert!(rec.moves.len() >= 10, "game {}: {}", job.number, rec.reason);
        // After each engine's first move, a move followed a ponder search unless the
        // answer before it named no reply (a search cut short can end with a one-move
        // line).
        let after_first: Vec<_> = rec.moves.iter().skip(2).collect();
        let with = after_first
            .iter()
            .filter(|m| m.ponder_hit.is_some())
            .count();
        assert!(
            with * 2 >= after_first.len(),
            "game {}: {with} of {} moves pondered",
            job.number,
            after_first.len()
        );
        pondered += with;
        hits += after_first
            .iter()
            .filter(|m| m.ponder_hit == Some(true))
            .count();
    }
    eprintln!(
        "ponder hits: {hits} of {pondered} ({:.0}%)",
        100.0 * hits as f64 / pondered.max(1) as f64
    );
    // Two copies of one engine often expect each other's move.
    assert!(hits * 5 >= pondered, "{hits} hits of {pondered}");
    assert!(
        out.contains("Ponder hits: Chariot-UCCI ") && out.contains(", Chariot-UCI "),
        "{out}"
    );
    st
}

/// The timed matches held to a margin of [`MARGIN_MS`] over the clock (instead of
/// [`LOOSE_MARGIN_MS`]): no engine forfeits on time, and the largest overrun is
/// printed. Run with the machine quiet:
///
/// ```text
/// cargo build --release --workspace
/// cargo test --release -p tourney --test integration -- --ignored chariot_games::latency --nocapture
/// ```
#[test]
#[ignore = "timing: run with the machine quiet"]
fn latency_timed_matches_within_the_margin() {
    let _one = ONE_MATCH.lock().unwrap_or_else(|e| e.into_inner());
    for (name, st) in [
        ("tiny clock", tiny_clock_match(MARGIN_MS)),
        ("pondering", pondering_match(MARGIN_MS)),
    ] {
        let over = largest_overrun(&st);
        println!("{name}: largest overrun of the clock {over} ms (margin {MARGIN_MS} ms)");
        assert!(over <= MARGIN_MS, "{name}: {over} ms over the clock");
    }
}
