//! The strength levels rise with the level: a short match at fixed nodes between
//! Chariot at `Skill Level` 0, at level 10, and at full strength (all with the
//! hand-crafted evaluation; two games at a time, which fixed nodes make harmless: about a
//! minute alone on two cores, more on a loaded machine). Level 10 plays each of the
//! others 16 times (8 openings, colours swapped).
//!
//! The levels choose among near-best moves at random, so a match can go against the
//! odds; the margins measured (README's level table: level 0 to 10 is about +250 Elo,
//! 10 to full strength more) make a wrong order here very unlikely.

use chariot::board::GameEnd;
use chariot::board::Outcome;
use tourney::engine::{EngineConfig, Protocol};
use tourney::event::config::TournamentFormat;
use tourney::event::TournamentConfig;
use tourney::game::{play_game, GameRecord, GameSettings};
use tourney::openings::{parse_openings, Opening, OpeningFormat};
use tourney::report::rating::{RatingMethod, Scoring};

use crate::common::{chariot_engine, fake_engine, play_event};

/// Whether a game was lost by a ruling of the rules core on a repetition (perpetual
/// check or chase): the arbiter's typed ending, with the loser the ruling names. Not an
/// illegal move, a time loss, a hang or a crash, even in a position seen before.
fn lost_by_a_repetition_ruling(rec: &GameRecord) -> bool {
    match &rec.end {
        Some(GameEnd::Repetition(ruling)) => ruling
            .verdict
            .loser()
            .is_some_and(|loser| rec.outcome == Outcome::loss_for(loser)),
        _ => false,
    }
}

/// A fake engine (the `fake-engine` of the `test-engines` package) speaking UCCI
/// without `banmoves`.
fn fake(name: &str, args: &[&str]) -> EngineConfig {
    let mut e = EngineConfig::new(name, fake_engine(), Protocol::Ucci);
    e.args = args.iter().map(|s| s.to_string()).collect();
    e.limits.depth = Some(1);
    e.banmoves = Some(false);
    e.init_timeout_ms = 5_000;
    e
}

#[test]
fn only_a_repetition_ruling_excuses_a_foul() {
    let settings = GameSettings {
        hang_timeout_ms: 5_000,
        ..GameSettings::default()
    };
    // Red checks perpetually with its rook and loses by the ruling: excused.
    let opening = Opening {
        fen: "4k4/9/9/9/9/9/9/9/4A4/R2AK4 w - - 0 1".into(),
        moves: Vec::new(),
    };
    let red = fake("Checker", &["first", "--prefer", "a0a9,a9a8,a8a9"]);
    let black = fake("King", &["first", "--prefer", "e9e8,e8e9"]);
    let rec = play_game(&red, &black, &opening, &settings);
    assert!(
        rec.foul && rec.outcome == Outcome::BlackWins,
        "{}",
        rec.reason
    );
    assert!(lost_by_a_repetition_ruling(&rec), "{}", rec.reason);
    // Fouls in a position seen before (the start, after two horse moves out and back
    // each): an illegal move and a crash are not excused.
    for mode in ["illegal", "crash"] {
        let red = fake("Cheat", &[mode, "2", "--prefer", "h0g2,g2h0"]);
        let black = fake("Shuffler", &["first", "--prefer", "h9g7,g7h9"]);
        let rec = play_game(&red, &black, &Opening::startpos(), &settings);
        assert!(
            rec.foul && rec.outcome == Outcome::BlackWins,
            "{}",
            rec.reason
        );
        assert_eq!(rec.moves.len(), 4, "{}", rec.reason);
        assert!(
            rec.final_position().last_repetition().is_some(),
            "the foul came in a repeated position"
        );
        assert!(!lost_by_a_repetition_ruling(&rec), "{mode}: {}", rec.reason);
    }
}

#[test]
fn strength_rises_with_the_level_at_fixed_nodes() {
    let engine = |name: &str, level: Option<u32>| {
        let mut e = chariot_engine(name, Protocol::Uci);
        // The levels' own node caps (1 024 at level 0, about 20 000 at 10) are below
        // this; full strength searches all of it.
        e.limits.nodes = Some(60_000);
        e.options.push(("Use NNUE".into(), "false".into()));
        if let Some(level) = level {
            e.options.push(("Skill Level".into(), level.to_string()));
        }
        e
    };
    let openings = parse_openings(
        include_str!("../../openings/default.epd"),
        OpeningFormat::Epd,
    )
    .unwrap();
    let mut settings = GameSettings {
        hang_timeout_ms: 30_000,
        ..GameSettings::default()
    };
    settings.rules.move_limit = 120;
    let cfg = TournamentConfig {
        engines: vec![
            engine("Level10", Some(10)),
            engine("Level0", Some(0)),
            engine("Full", None),
        ],
        format: TournamentFormat::Gauntlet,
        games: 16,
        rounds: 1,
        repeat: true,
        openings: (0..8).map(|i| openings[i * 19 + 5].clone()).collect(),
        concurrency: 2,
        pgn_out: None,
        sprt: None,
        rating_interval: 0,
        scoring: Scoring::One,
        rating: RatingMethod::Elo,
        settings,
        event: "strength levels".into(),
        site: "ci".into(),
        ..TournamentConfig::default()
    };
    let (st, out) = play_event(&cfg);
    assert_eq!(st.games.len(), 32, "{out}");
    // No illegal move, time loss, hang or crash. A loss by a repetition ruling (a weak
    // level checking or chasing perpetually) is a result of play like a mate.
    for (job, rec) in &st.games {
        assert!(
            !rec.foul || lost_by_a_repetition_ruling(rec),
            "game {}: {}\n{out}",
            job.number,
            rec.reason
        );
    }
    let level10_vs_0 = st.wdl[0][1].points();
    let level10_vs_full = st.wdl[0][2].points();
    assert!(
        level10_vs_0 > 8.0,
        "level 10 scored {level10_vs_0}/16 against level 0\n{out}"
    );
    assert!(
        level10_vs_full < 8.0,
        "level 10 scored {level10_vs_full}/16 against full strength\n{out}"
    );
}
