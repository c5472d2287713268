//! Nets of every width (`trainer train --width`): a net quantised into its file reads
//! back as the same integers, the file has the size of the formula and its header's
//! hidden size is the width, the integer evaluation agrees with the float net, and a
//! run's state records the width (a resume with another width is refused; a state
//! written before the width was recorded reads as a net 256 wide). The engine reads
//! only 256-wide nets today: the tests against it stay in tests/train.rs.

use std::process::Command;

use chariot::board::Position;
use trainer::heldout::Games;
use trainer::nnue::data::{load_dataset, BadInput, Filters, Record};
use trainer::nnue::net::{
    file_size, ft_bias, out_w, params_len, Network, QuantisedNet, BUCKETS, DEFAULT_WIDTH, INPUTS,
    WIDTHS,
};
use trainer::nnue::state;
use trainer::nnue::train::{loss, train, train_from, Event, TrainOptions, TrainState};

fn temp_path(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("chariot-width-{}-{name}", std::process::id()))
}

/// The small data file of the tuner's tests.
fn data_file() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/tune-games.txt")
}

/// Every position of the data file (no filter), with its games and as positions.
fn data() -> (Vec<Record>, Games, Vec<Position>) {
    let none = Filters {
        in_check: false,
        captures: false,
        min_fullmove: 0,
        mates: false,
        max_score: 32000,
    };
    let paths = [data_file().to_str().unwrap().to_string()];
    let (data, _) = load_dataset(&paths, &none, BadInput::Abort, None).unwrap();
    let text = std::fs::read_to_string(data_file()).unwrap();
    let positions: Vec<Position> = text
        .lines()
        .map(|line| Position::from_fen(line.split(" | ").next().unwrap()).unwrap())
        .collect();
    assert_eq!(positions.len(), data.records.len());
    (data.records, data.games, positions)
}

fn options(width: usize) -> TrainOptions {
    TrainOptions {
        epochs: 3,
        batch: 128,
        lr: 5e-3,
        lr_end: 5e-4,
        scale: 350.0,
        threads: 2,
        val_share: 0.0,
        test_share: 0.0,
        seed: 9,
        buckets: BUCKETS,
        width,
        ..TrainOptions::default()
    }
}

/// An FNV-1a 64 written independently of the library's.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf29ce484222325u64, |h, &b| {
        (h ^ b as u64).wrapping_mul(1099511628211)
    })
}

#[test]
fn a_fresh_net_of_each_width_reads_back_as_its_integers() {
    let q = |x: f32, k: f32| (x * k).round().clamp(-32768.0, 32767.0) as i16;
    for (width, buckets) in WIDTHS
        .iter()
        .map(|&w| (w, BUCKETS))
        .chain([(512, 1), (DEFAULT_WIDTH, 1)])
    {
        let mut net = Network::random(width as u64, 350.0, width, buckets, false);
        assert_eq!(net.params.len(), params_len(width, buckets));
        // Biases other than zero, so that their places are checked too.
        for i in 0..width {
            net.params[ft_bias(width) + i] = (i % 7) as f32 * 0.01 - 0.03;
        }
        for b in 0..buckets {
            let at = net.out_bias_at(b);
            net.params[at] = 0.05 * b as f32 - 0.1;
        }
        let bytes = net.to_bytes();
        // The header, then feature weights, bias, per bucket 2·width output weights
        // (i16 each), and the output biases (i32 each).
        let size = 48 + 2 * (INPUTS * width + width + buckets * 2 * width) + 4 * buckets;
        assert_eq!(bytes.len(), size, "width {width}");
        assert_eq!(file_size(width, buckets), size);
        let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
        let header: Vec<u32> = (1..10).map(|k| u32_at(4 * k)).collect();
        assert_eq!(
            header,
            [2, 1260, width as u32, buckets as u32, 0, 255, 64, 350, 0]
        );
        assert_eq!(
            u64::from_le_bytes(bytes[40..48].try_into().unwrap()),
            fnv(&bytes[48..])
        );

        let read = QuantisedNet::from_bytes(&bytes).unwrap();
        assert_eq!(
            (read.width, read.buckets, read.scale),
            (width, buckets, 350)
        );
        let p = &net.params;
        let (bias_at, out_at, biases_at) = (ft_bias(width), out_w(width), p.len() - buckets);
        let quantised = |range: std::ops::Range<usize>, k: f32| -> Vec<i16> {
            p[range].iter().map(|&x| q(x, k)).collect()
        };
        assert_eq!(read.ft_w, quantised(0..bias_at, 255.0));
        assert_eq!(read.ft_b, quantised(bias_at..out_at, 255.0));
        assert_eq!(read.out_w, quantised(out_at..biases_at, 64.0));
        let out_b: Vec<i32> = p[biases_at..]
            .iter()
            .map(|&b| (f64::from(b) * 255.0 * 64.0).round() as i32)
            .collect();
        assert_eq!(read.out_b, out_b);
        assert!(read.ft_b.iter().any(|&b| b != 0) && read.out_b.iter().any(|&b| b != 0));
    }
}

#[test]
fn only_the_listed_widths_are_read() {
    let net = Network::random(1, 400.0, 512, BUCKETS, false);
    let bytes = net.to_bytes();
    let pos = Position::startpos();
    assert!(QuantisedNet::from_bytes(&bytes).is_ok());
    let with_width = |width: u32| {
        let mut b = bytes.clone();
        b[12..16].copy_from_slice(&width.to_le_bytes());
        QuantisedNet::from_bytes(&b).map(|n| n.evaluate(&pos))
    };
    for (width, why) in [
        (
            300,
            "hidden size 300, expected one of 256, 384, 512, 768, 1024",
        ),
        (0, "hidden size 0"),
        (2048, "hidden size 2048"),
        // A width a net may have, but not with this file's size.
        (256, "bytes, expected"),
        (1024, "bytes, expected"),
    ] {
        let err = with_width(width).unwrap_err().to_string();
        assert!(err.contains(why), "{width}: {err}");
    }
    let err = train(&[], &Games::new(), &options(300), |_| {})
        .unwrap_err()
        .to_string();
    assert!(err.contains("256, 384, 512, 768, 1024"), "{err}");
}

#[test]
fn the_integer_evaluation_agrees_with_the_float_net_at_each_width() {
    let (records, games, positions) = data();
    let all: Vec<u32> = (0..records.len() as u32).collect();
    for width in [DEFAULT_WIDTH, 512] {
        let o = options(width);
        let net = train(&records, &games, &o, |_| {}).unwrap().best;
        assert_eq!(net.width, width);
        // It learned: the loss on its positions fell well below the initial net's.
        let fresh = Network::random(1, o.scale, width, BUCKETS, false);
        let (before, after) = (
            loss(&fresh, &records, &all, o.lambda),
            loss(&net, &records, &all, o.lambda),
        );
        assert!(after < 0.7 * before, "width {width}: {before} → {after}");

        let bytes = net.to_bytes();
        let q = QuantisedNet::from_bytes(&bytes).unwrap();
        assert_eq!(q.width, width);
        // The engine reads the trainer's file of this width and evaluates exactly as
        // the trainer's integer reference does.
        let engine = chariot::eval::nnue::Network::from_bytes(&bytes).expect("the engine loads it");
        assert_eq!(engine.width(), width);
        for pos in &positions {
            assert_eq!(
                engine.evaluate(pos),
                q.evaluate(pos),
                "width {width}: {pos}"
            );
        }
        let (mut worst, mut total, mut spread) = (0.0f32, 0.0f32, 0.0f32);
        for pos in &positions {
            let f = net.evaluate(pos);
            let i = q.evaluate(pos) as f32;
            worst = worst.max((f - i).abs());
            total += (f - i).abs();
            spread = spread.max(f.abs());
        }
        let mean = total / positions.len() as f32;
        eprintln!(
            "width {width}: loss {before:.5} → {after:.5}; {} positions, |float - int| \
             mean {mean:.2} worst {worst:.2}, largest |eval| {spread:.0}",
            positions.len()
        );
        assert!(spread > 100.0, "the net should say something: {spread}");
        // Rounding the 2·width output weights to 1/64 dominates (see tests/train.rs);
        // twice the width adds about √2 to it, and this data's evaluations reach 6·SCALE
        // (about 27 units at worst for 256, 35 for 512); much more would be a formula
        // mismatch, not rounding.
        assert!(mean <= 0.02 * net.scale, "width {width}: mean {mean}");
        assert!(worst <= 0.15 * net.scale, "width {width}: worst {worst}");
    }
}

/// The state after epoch `after` of a run with options `o`.
fn state_after(records: &[Record], games: &Games, o: &TrainOptions, after: usize) -> TrainState {
    let mut kept = None;
    let stopped = TrainOptions {
        stop_after: Some(after),
        ..o.clone()
    };
    train(records, games, &stopped, |e| {
        if let Event::Epoch { state, .. } = e {
            kept = Some(state.clone());
        }
    })
    .unwrap();
    kept.unwrap()
}

#[test]
fn a_state_records_the_width_and_resumes_only_that_width() {
    let (records, games, _) = data();
    let o = TrainOptions {
        epochs: 2,
        ..options(512)
    };
    let whole = train(&records, &games, &o, |_| {}).unwrap();
    let state = state_after(&records, &games, &o, 1);
    let bytes = state::to_bytes(&state);
    // Version 2; the width follows the bucket word.
    assert_eq!(u32::from_le_bytes(bytes[8..12].try_into().unwrap()), 2);
    assert_eq!(u32::from_le_bytes(bytes[48..52].try_into().unwrap()), 512);
    let read = state::from_bytes(&bytes).unwrap();
    assert_eq!(read, state);
    assert_eq!((read.net.width, read.best.width), (512, 512));

    for other in [DEFAULT_WIDTH, 1024] {
        let err = train_from(
            &records,
            &games,
            &options(other),
            Some(read.clone()),
            |_| {},
        )
        .unwrap_err()
        .to_string();
        assert!(err.contains("512 wide") && err.contains("--width"), "{err}");
    }
    let resumed = train_from(&records, &games, &o, Some(read), |_| {}).unwrap();
    assert_eq!(resumed.best.params, whole.best.params);

    // A state whose width does not match its parameter count is refused.
    let mut wrong = bytes[..bytes.len() - 8].to_vec();
    wrong[48..52].copy_from_slice(&768u32.to_le_bytes());
    let hash = fnv(&wrong);
    wrong.extend_from_slice(&hash.to_le_bytes());
    let err = state::from_bytes(&wrong).unwrap_err().to_string();
    assert!(err.contains("768 wide"), "{err}");
}

#[test]
fn a_state_of_version_1_reads_as_256_wide_and_resumes() {
    let (records, games, _) = data();
    let o = TrainOptions {
        epochs: 2,
        ..options(DEFAULT_WIDTH)
    };
    let whole = train(&records, &games, &o, |_| {}).unwrap();
    let state = state_after(&records, &games, &o, 1);
    // Version 1 is version 2 without the width field.
    let bytes = state::to_bytes(&state);
    let mut old = bytes[..48].to_vec();
    old.extend_from_slice(&bytes[52..bytes.len() - 8]);
    old[8..12].copy_from_slice(&1u32.to_le_bytes());
    let hash = fnv(&old);
    old.extend_from_slice(&hash.to_le_bytes());
    let read = state::from_bytes(&old).unwrap();
    assert_eq!(read, state);
    let resumed = train_from(&records, &games, &o, Some(read), |_| {}).unwrap();
    assert_eq!(resumed.best.params, whole.best.params);
}

#[test]
fn train_cli_takes_the_width() {
    let net = temp_path("w512.nnue");
    let state = temp_path("w512.state");
    let checkpoint = temp_path("w512.epoch1.nnue");
    let run = |extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_trainer"))
            .arg("train")
            .arg("--data")
            .arg(data_file())
            .arg("--out")
            .arg(&net)
            .args(["--max-positions", "400", "--epochs", "1", "--batch", "64"])
            .args(["--threads", "1", "--val-share", "0", "--test-share", "0"])
            .args(["--skip-check", "off", "--skip-captures", "off"])
            .args(["--skip-mates", "off", "--min-fullmove", "1"])
            .args(extra)
            .output()
            .unwrap()
    };
    let out = run(&["--width", "512"]);
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("net (1260 → 512)×2 → 8"), "{stderr}");
    assert!(stderr.contains("400 training"), "{stderr}");
    let bytes = std::fs::read(&net).unwrap();
    assert_eq!(u32::from_le_bytes(bytes[12..16].try_into().unwrap()), 512);
    assert_eq!(bytes.len(), file_size(512, BUCKETS));
    assert_eq!(QuantisedNet::from_bytes(&bytes).unwrap().width, 512);
    assert_eq!(state::read(&state).unwrap().net.width, 512);

    // Another width is refused when resuming (a run-time error, status 1); a width no
    // net has is a usage error (status 2) naming the widths.
    let out = run(&["--resume", state.to_str().unwrap(), "--width", "256"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("512 wide"), "{stderr}");
    for bad in ["300", "0", "wide"] {
        let out = run(&["--width", bad]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains("256, 384, 512, 768, 1024"), "{stderr}");
    }
    for p in [net, state, checkpoint] {
        let _ = std::fs::remove_file(p);
    }
}
