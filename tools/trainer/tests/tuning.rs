//! The tuning pipeline end to end: `datagen` plays a few self-play games and writes
//! labelled positions, `tune` fits weights to them and writes a weights file of the
//! evaluation's shape with the material left as the documents give it (or, asked to
//! fit it, with the rook's value kept as the unit).

use std::path::Path;
use std::process::Command;

use chariot::board::{PieceKind, Position};
use chariot::eval::hce::feature;
use chariot::eval::hce::WEIGHTS;
use chariot::eval::material::Score;
use tourney::rng::Rng;

fn temp_path(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("chariot-tuning-{}-{name}", std::process::id()))
}

/// The material weight `tune` starts from (the compiled one).
fn start(kind: PieceKind) -> Score {
    WEIGHTS[feature::MATERIAL + kind.index()]
}

/// The number that follows `prefix` in `tune`'s log.
fn number_after_in(log: &str, prefix: &str) -> f64 {
    let rest = log
        .split(prefix)
        .nth(1)
        .unwrap_or_else(|| panic!("no '{prefix}' in:\n{log}"));
    rest.split(|c: char| c == ',' || c.is_whitespace())
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

/// How many features `tune` says it fits ("tune: N of M features free").
fn free_features(log: &str) -> usize {
    let line = log
        .lines()
        .find(|l| l.ends_with(" features free"))
        .unwrap_or_else(|| panic!("no feature count in:\n{log}"));
    line["tune: ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

/// The (mg, eg) pairs of a weights file that `tune` wrote, checked for its shape.
fn read_weights(path: &std::path::Path) -> Vec<(i32, i32)> {
    let written = std::fs::read_to_string(path).expect("weights file");
    assert!(written.contains("pub const WEIGHTS: [Score; COUNT]"));
    let entries: Vec<(i32, i32)> = written
        .split("Score::new(")
        .skip(1)
        .map(|s| {
            let inner = s.split(')').next().unwrap();
            let (a, b) = inner.split_once(", ").unwrap();
            (a.parse().unwrap(), b.parse().unwrap())
        })
        .collect();
    assert_eq!(entries.len(), feature::COUNT);
    entries
}

#[test]
fn datagen_then_tune_writes_a_weights_file() {
    let generated = temp_path("data.txt");
    let weights = temp_path("weights.rs");
    let _ = std::fs::remove_file(&generated);
    datagen(&generated);
    let _ = std::fs::remove_file(&generated);
    // The fits run on datagen's output kept from one run (24 games, seed 9, 400 nodes):
    // whether so few held-out games let the error fall is chance, and the games a fresh
    // run plays change with every change to the search.
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/tune-games.txt");
    let (fixed_log, start_training) = tune_with_fixed_material(&data, &weights);
    let free = temp_path("free.rs");
    tune_with_free_material(&data, &free, &fixed_log);
    tune_with_score_share(&data, &free, start_training);
    let _ = std::fs::remove_file(&free);
    let bad = Command::new(env!("CARGO_BIN_EXE_trainer"))
        .arg("tune")
        .args(["--data", "/nonexistent/file"])
        .output()
        .expect("run tune");
    // A file that cannot be read fails at run time (exit status 1), naming it.
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("/nonexistent/file"));
    let _ = std::fs::remove_file(&weights);
}

/// 24 self-play games into `data`, each line checked.
fn datagen(data: &Path) {
    let status = Command::new(env!("CARGO_BIN_EXE_trainer"))
        .arg("datagen")
        .args([
            "--games",
            "24",
            "--threads",
            "1",
            "--nodes",
            "400",
            "--seed",
            "5",
        ])
        .arg("--out")
        .arg(data)
        .status()
        .expect("run datagen");
    assert!(status.success());
    let text = std::fs::read_to_string(data).expect("datagen output");
    let mut lines = 0;
    for line in text.lines() {
        let fields: Vec<&str> = line.split(" | ").collect();
        let [fen, score, result, played] = fields.as_slice() else {
            panic!("want fen | score | result | move: {line}");
        };
        let pos = Position::from_fen(fen).expect("a legal FEN");
        assert!(pos.parse_move(played).is_ok(), "a legal move: {line}");
        let score: i32 = score.parse().expect("a score");
        assert!(score.abs() <= 30000, "{line}");
        assert!(["0.0", "0.5", "1.0"].contains(result), "{line}");
        lines += 1;
    }
    // tune holds out a tenth of the games (at least one).
    assert!(lines > 1024, "only {lines} positions from 24 games");
}

/// A fit with the material fixed: the error falls and the material stays. Returns the
/// log and the training error of the starting weights.
fn tune_with_fixed_material(data: &Path, weights: &Path) -> (String, f64) {
    let out = Command::new(env!("CARGO_BIN_EXE_trainer"))
        .arg("tune")
        .args(["--iterations", "20", "--min-count", "1"])
        .arg("--data")
        .arg(data)
        .arg("--out")
        .arg(weights)
        .output()
        .expect("run tune");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let log = String::from_utf8_lossy(&out.stderr).into_owned();
    let fixed_log = log.clone();
    // The fit lowers the error it minimises: the training error after the last
    // iteration is below the one of the starting weights.
    let number_after = |prefix: &str| number_after_in(&log, prefix);
    assert!(!log.contains(" 0 validation positions"), "{log}");
    let k = number_after("K = ");
    assert!(k > 0.0, "{log}");
    let start_training = number_after("training error ");
    let start_validation = number_after("validation error ");
    let last_training = number_after("iteration 20: training ");
    assert!(
        last_training < start_training,
        "training error {start_training} -> {last_training}\n{log}"
    );
    // The weights written are those of the best held-out error: the fitted ones when
    // it fell below the starting weights' (the starting ones otherwise). With so few
    // positions it could rise from the start; the kept data lets it fall, so that the
    // material's staying fixed below is that of a fit, not of the start.
    let best = number_after("best validation error ");
    assert!(best <= start_validation, "{log}");
    let improved = best < start_validation;
    assert!(improved, "the held-out error did not fall\n{log}");
    let entries = read_weights(weights);
    for kind in PieceKind::ALL {
        let v = start(kind);
        assert_eq!(
            entries[feature::MATERIAL + kind.index()],
            (v.mg, v.eg),
            "{kind:?}"
        );
    }
    let changed = entries
        .iter()
        .zip(WEIGHTS.iter())
        .filter(|(e, w)| **e != (w.mg, w.eg))
        .count();
    assert_eq!(changed > 0, improved, "{log}");

    (fixed_log, start_training)
}

/// A fit with the material free, against the log of the fixed fit.
fn tune_with_free_material(data: &Path, free: &Path, fixed_log: &str) {
    // With the material free, the fit moves the advisor's, elephant's, horse's and
    // cannon's values, but never the rook's (the unit) nor the king's and the pawn's
    // (zero: the pawn's worth is in its tables).
    let out = Command::new(env!("CARGO_BIN_EXE_trainer"))
        .arg("tune")
        .args(["--iterations", "20", "--min-count", "1", "--free-material"])
        .arg("--data")
        .arg(data)
        .arg("--out")
        .arg(free)
        .output()
        .expect("run tune");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let log = String::from_utf8_lossy(&out.stderr);
    // Exactly those four kinds' values (each seen: --min-count 1) join the free features.
    assert_eq!(
        free_features(&log),
        free_features(fixed_log) + 4,
        "{fixed_log}\n{log}"
    );
    // As without it, the held-out error falls, so the fitted weights are written.
    assert!(
        number_after_in(&log, "best validation error ")
            < number_after_in(&log, "validation error "),
        "the held-out error did not fall: the fitted weights were not written\n{log}"
    );
    let entries = read_weights(free);
    assert_eq!(
        entries[feature::MATERIAL + PieceKind::Rook.index()],
        (1000, 1000)
    );
    assert_eq!(entries[feature::MATERIAL + PieceKind::King.index()], (0, 0));
    assert_eq!(entries[feature::MATERIAL + PieceKind::Pawn.index()], (0, 0));
    for kind in [
        PieceKind::Advisor,
        PieceKind::Elephant,
        PieceKind::Horse,
        PieceKind::Cannon,
    ] {
        let v = start(kind);
        assert_ne!(
            entries[feature::MATERIAL + kind.index()],
            (v.mg, v.eg),
            "{kind:?}'s value did not move from its start\n{log}"
        );
    }
    let written = std::fs::read_to_string(free).expect("weights file");
    assert!(written.contains("MATERIAL (fitted; the rook fixed as the unit)"));
}

/// Half the target from the search scores; out-of-range shares are usage errors.
fn tune_with_score_share(data: &Path, free: &Path, start_training: f64) {
    // Half the target from the recorded search scores: the targets change, and with
    // them the error of the starting weights.
    let out = Command::new(env!("CARGO_BIN_EXE_trainer"))
        .arg("tune")
        .args([
            "--iterations",
            "1",
            "--min-count",
            "1",
            "--score-share",
            "0.5",
        ])
        .arg("--data")
        .arg(data)
        .arg("--out")
        .arg(free)
        .output()
        .expect("run tune");
    let log = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{log}");
    assert!(log.contains("targets 0.5 score, 0.5 result"), "{log}");
    let blended = number_after_in(&log, "result; training error ");
    assert!((blended - start_training).abs() > 1e-4, "{log}");
    for share in ["1.5", "-0.1", "x"] {
        let bad = Command::new(env!("CARGO_BIN_EXE_trainer"))
            .arg("tune")
            .args(["--score-share", share])
            .arg("--data")
            .arg(data)
            .output()
            .expect("run tune");
        assert_eq!(bad.status.code(), Some(2), "--score-share {share}");
    }
}

/// The number before `word` on the first line of `log` that holds it.
fn count_before(log: &str, word: &str) -> usize {
    let line = log
        .lines()
        .find(|l| l.contains(word))
        .unwrap_or_else(|| panic!("no '{word}' in:\n{log}"));
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == word).unwrap();
    words[at - 1].parse().unwrap()
}

#[test]
fn tune_holds_out_whole_games() {
    // 60 games of 37 quiet positions each, written one game after the other in the older
    // form without the move column (`<fen> | <score> | <result>`): the held-out set is
    // whole games, found by the result, ply and piece count of consecutive lines.
    const LENGTH: usize = 37;
    let mut rng = Rng::new(31);
    let mut text = String::new();
    let mut games = 0;
    while games < 60 {
        let mut pos = Position::startpos();
        for _ in 0..2 + rng.below(7) {
            let moves = pos.legal_moves();
            pos.play(moves[rng.below(moves.len())]);
        }
        let result = ["0.0", "0.5", "1.0"][rng.below(3)];
        let mut lines = Vec::new();
        while lines.len() < LENGTH {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            if !pos.in_check() {
                lines.push(format!("{} | 0 | {result}\n", pos.to_fen()));
            }
            pos.play(moves[rng.below(moves.len())]);
        }
        if lines.len() == LENGTH {
            text.extend(lines);
            games += 1;
        }
    }
    let (data, weights) = (temp_path("games.txt"), temp_path("games.rs"));
    std::fs::write(&data, text).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_trainer"))
        .arg("tune")
        .args(["--iterations", "1", "--min-count", "1"])
        .arg("--data")
        .arg(&data)
        .arg("--out")
        .arg(&weights)
        .output()
        .expect("run tune");
    let log = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{log}");
    let training = count_before(&log, "training");
    let held_out = count_before(&log, "validation");
    assert_eq!(training + held_out, 60 * LENGTH, "{log}");
    assert!(held_out > 0, "{log}");
    assert_eq!(held_out % LENGTH, 0, "{log}");
    // A larger share holds out more whole games.
    let out = Command::new(env!("CARGO_BIN_EXE_trainer"))
        .arg("tune")
        .args([
            "--iterations",
            "1",
            "--min-count",
            "1",
            "--val-share",
            "0.3",
        ])
        .arg("--data")
        .arg(&data)
        .arg("--out")
        .arg(&weights)
        .output()
        .expect("run tune");
    let log = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{log}");
    let more = count_before(&log, "validation");
    assert!(more > held_out && more % LENGTH == 0, "{log}");
    let _ = std::fs::remove_file(data);
    let _ = std::fs::remove_file(weights);
}
