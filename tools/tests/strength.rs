//! The strength levels rise with the level: a short match at fixed nodes between
//! Chariot at `Skill Level` 0, at level 10, and at full strength (all with the
//! hand-crafted evaluation; about two minutes alone on two cores, five on a loaded
//! machine). Level 10 plays
//! each of the others 16 times (8 openings, colours swapped).
//!
//! The levels choose among near-best moves at random, so a match can go against the
//! odds; the margins measured (README's level table: level 0 to 10 is about +250 Elo,
//! 10 to full strength more) make a wrong order here very unlikely.

mod common;

use common::chariot_engine;

use chariot_tools::engine::Protocol;
use chariot_tools::formats::TournamentFormat;
use chariot_tools::game::GameSettings;
use chariot_tools::openings::{parse_openings, OpeningFormat};
use chariot_tools::rating::{RatingMethod, Scoring};
use chariot_tools::tournament::{run, TournamentConfig};

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
    let openings =
        parse_openings(include_str!("../openings/default.epd"), OpeningFormat::Epd).unwrap();
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
        concurrency: 1,
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
    let mut out = Vec::new();
    let st = run(&cfg, &mut out);
    let out = String::from_utf8(out).unwrap();
    assert_eq!(st.games.len(), 32, "{out}");
    // No illegal move, time loss, hang or crash. A loss by a repetition ruling (a weak
    // level checking or chasing perpetually) is a result of play like a mate: the game
    // then ends on a position it has seen before.
    for (job, rec) in &st.games {
        let repeated = rec.final_position().last_repetition().is_some();
        assert!(
            !rec.foul || repeated,
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
