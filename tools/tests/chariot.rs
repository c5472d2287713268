//! A short real match between two Chariot processes (one speaking UCCI, one UCI).
//!
//! The engine is the workspace's root package binary, `chariot`, found next to this
//! package's own `tourney` binary (`<target dir>/<profile>/chariot`). `cargo test
//! --workspace` builds it before running any test, because the root package has
//! integration tests (Cargo builds a package's binaries for those). When the tests of
//! this package are run alone it may be missing: the test then prints a note and passes.
//! `CHARIOT_BIN=/path/to/chariot` overrides the search.

mod common;

use common::chariot_binary;

use chariot::board::Color;
use chariot_tools::arbiter::GameOutcome;
use chariot_tools::engine::{EngineConfig, Protocol};
use chariot_tools::formats::TournamentFormat;
use chariot_tools::game::GameSettings;
use chariot_tools::openings::{parse_openings, OpeningFormat};
use chariot_tools::pgn::MoveText;
use chariot_tools::rating::{RatingMethod, Scoring};
use chariot_tools::tournament::{run, TournamentConfig};

#[test]
fn chariot_against_chariot() {
    let Some(bin) = chariot_binary() else {
        eprintln!(
            "note: skipping chariot_against_chariot: no chariot binary next to {} \
             (run `cargo test --release --workspace`, or set CHARIOT_BIN)",
            env!("CARGO_BIN_EXE_tourney")
        );
        return;
    };
    let engine = |name: &str, proto: Protocol| {
        let mut e = EngineConfig::new(name, &bin.to_string_lossy(), proto);
        e.limits.depth = Some(2);
        e.init_timeout_ms = 10_000;
        e
    };
    let dir = std::env::temp_dir().join(format!("tourney-chariot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("chariot.pgn");
    let _ = std::fs::remove_file(&pgn);
    let openings =
        parse_openings(include_str!("../openings/default.epd"), OpeningFormat::Epd).unwrap();
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
        settings: GameSettings {
            hang_timeout_ms: 20_000,
            ..GameSettings::default()
        },
        event: "chariot test".into(),
        site: "ci".into(),
    };
    let mut out = Vec::new();
    let st = run(&cfg, &mut out);
    let out = String::from_utf8(out).unwrap();
    assert_eq!(st.games.len(), 20, "{out}");
    assert_eq!(st.wdl[0][1].games(), 20, "{out}");
    assert_eq!(st.pairs.pairs(), 10, "{out}");
    for (job, rec) in &st.games {
        // A real engine neither cheats, crashes, hangs nor refuses to move.
        assert!(!rec.foul, "game {}: {}", job.number, rec.reason);
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
                "game {}: {}",
                job.number,
                rec.reason
            );
        }
        assert!(!rec.moves.is_empty());
        assert!(
            rec.moves.iter().all(|m| m.depth.is_some()),
            "depth reported"
        );
    }
    // The PGN reads back with the notation module: every move legal in turn, the
    // result and the termination agreeing with the final position.
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
        let outcome = match result {
            "1-0" => GameOutcome::RedWins,
            "0-1" => GameOutcome::BlackWins,
            _ => GameOutcome::Draw,
        };
        assert!(st.games.iter().any(|(_, r)| r.outcome == outcome));
    }
    assert_eq!(points_ucci, st.wdl[0][1].points(), "{out}");
    assert!(
        out.contains("Score of Chariot-UCCI vs Chariot-UCI"),
        "{out}"
    );
    assert!(out.contains("Ptnml(0-2)"), "{out}");
}
