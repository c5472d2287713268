//! The tuning pipeline end to end: `datagen` plays a few self-play games and writes
//! labelled positions, `tune` fits weights to them and writes a weights file of the
//! evaluation's shape with the material left as the documents give it.

use std::process::Command;

use chariot::board::{PieceKind, Position};
use chariot::eval::hce::feature;
use chariot::eval::material::value;

fn temp_path(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("chariot-tuning-{}-{name}", std::process::id()))
}

#[test]
fn datagen_then_tune_writes_a_weights_file() {
    let data = temp_path("data.txt");
    let weights = temp_path("weights.rs");
    let _ = std::fs::remove_file(&data);

    let status = Command::new(env!("CARGO_BIN_EXE_datagen"))
        .args([
            "-games", "24", "-threads", "1", "-nodes", "400", "-seed", "5",
        ])
        .arg("-out")
        .arg(&data)
        .status()
        .expect("run datagen");
    assert!(status.success());
    let text = std::fs::read_to_string(&data).expect("datagen output");
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
    // tune holds out every tenth block of 128 positions: enough for one block.
    assert!(lines > 1024, "only {lines} positions from 24 games");

    let out = Command::new(env!("CARGO_BIN_EXE_tune"))
        .args(["-iterations", "20", "-min-count", "1"])
        .arg("-data")
        .arg(&data)
        .arg("-out")
        .arg(&weights)
        .output()
        .expect("run tune");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let log = String::from_utf8_lossy(&out.stderr);
    // The fit lowers the error it minimises: the training error after the last
    // iteration is below the one of the starting weights.
    let number_after = |prefix: &str| -> f64 {
        let rest = log
            .split(prefix)
            .nth(1)
            .unwrap_or_else(|| panic!("no '{prefix}' in:\n{log}"));
        rest.split(|c: char| c == ',' || c.is_whitespace())
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
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
    // The held-out error fell too, so the weights written are the fitted ones, not
    // the starting weights.
    let best = number_after("best validation error ");
    assert!(best < start_validation, "{log}");
    let written = std::fs::read_to_string(&weights).expect("weights file");
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
    for kind in PieceKind::ALL {
        let v = value(kind);
        assert_eq!(
            entries[feature::MATERIAL + kind.index()],
            (v.mg, v.eg),
            "{kind:?}"
        );
    }
    let changed = entries
        .iter()
        .zip(chariot::eval::hce::WEIGHTS.iter())
        .filter(|(e, w)| **e != (w.mg, w.eg))
        .count();
    assert!(changed > 0, "tune wrote back its starting weights");

    let bad = Command::new(env!("CARGO_BIN_EXE_tune"))
        .args(["-data", "/nonexistent/file"])
        .output()
        .expect("run tune");
    assert_eq!(bad.status.code(), Some(2));
    let _ = std::fs::remove_file(&data);
    let _ = std::fs::remove_file(&weights);
}
