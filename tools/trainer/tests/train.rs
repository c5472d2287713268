//! The NNUE trainer: it learns (the validation loss falls on a small fixed data set),
//! runs reproducibly, writes the documented net file, the file's integer evaluation
//! agrees with the float net, and colour-flipped positions evaluate exactly alike.

use std::process::Command;

use chariot::board::{Color, Outcome, PieceKind, Position};
use tourney::rng::Rng;
use trainer::heldout::Games;
use trainer::nnue::data::{load_dataset, BadInput, Entry, Filters, Record};
use trainer::nnue::net::{
    file_size, ft_bias, out_w, params_len, quantised_eval, Network, QuantisedNet, BUCKETS,
    DEFAULT_WIDTH, FILE_SIZE, INPUTS,
};
use trainer::nnue::train::{
    fit_scale, lambda_at, measured_lambda, split_by_game, train, train_from, Event, TrainOptions,
};

use crate::common::games::consecutive_games;

/// The width of the nets here: the default, the one width the engine reads today
/// (tests/width.rs tries the others).
const HIDDEN: usize = DEFAULT_WIDTH;
/// Where the accumulator bias starts in the parameters of such a net.
const FT_BIAS: usize = ft_bias(HIDDEN);
/// Where its output weights start.
const OUT_W: usize = out_w(HIDDEN);

fn temp_path(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("chariot-train-{}-{name}", std::process::id()))
}

/// Red's material in engine-like units, a simple function for the net to learn.
fn material(pos: &Position) -> i32 {
    const VALUE: [i32; 7] = [0, 200, 200, 450, 1000, 450, 100];
    let side = |c: Color| -> i32 {
        PieceKind::ALL
            .iter()
            .map(|&k| VALUE[k.index()] * pos.pieces(c, k).count() as i32)
            .sum()
    };
    side(Color::Red) - side(Color::Black)
}

/// Positions of random games, labelled with material: the score is the material
/// balance, the result a win for whoever is ahead by 300 or more, a draw otherwise.
/// With the games (keyed by their number).
fn material_data(seed: u64, games: usize) -> (Vec<Record>, Games, Vec<Position>) {
    let mut rng = Rng::new(seed);
    let (mut records, mut positions) = (Vec::new(), Vec::new());
    let mut layout = Games::new();
    for game in 0..games as u64 {
        let mut pos = Position::startpos();
        for _ in 0..120 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play(moves[rng.below(moves.len())]);
            let score = material(&pos);
            let result = match score {
                s if s >= 300 => Outcome::RedWins,
                s if s <= -300 => Outcome::BlackWins,
                _ => Outcome::Draw,
            };
            records.push(
                Entry {
                    pos: pos.clone(),
                    score: score as i16,
                    result,
                    mv: None,
                }
                .to_record(),
            );
            layout.push(game, game);
            if positions.len() < 3000 && rng.below(3) == 0 {
                positions.push(pos.clone());
            }
        }
    }
    (records, layout, positions)
}

fn options() -> TrainOptions {
    TrainOptions {
        epochs: 6,
        batch: 128,
        lr: 5e-3,
        lr_end: 5e-4,
        scale: 400.0,
        threads: 2,
        val_share: 0.1,
        seed: 9,
        buckets: 1,
        ..TrainOptions::default()
    }
}

#[test]
fn training_lowers_the_validation_loss() {
    let (records, games, _) = material_data(1, 60);
    assert!(records.len() > 6000);
    let mut seen = Vec::new();
    let outcome = train(&records, &games, &options(), |e| {
        if let Event::Epoch { report, .. } = e {
            seen.push(report.epoch);
        }
    })
    .unwrap();
    assert_eq!(seen, [1, 2, 3, 4, 5, 6]);
    let initial = outcome.initial_val_loss.unwrap();
    let best = outcome.best_val_loss().unwrap();
    let last = outcome.epochs.last().unwrap();
    eprintln!(
        "validation loss {initial:.5} → {best:.5} (epoch {}), {:.0} positions/s",
        outcome.best_epoch,
        outcome.positions_per_s()
    );
    assert!(outcome.val_positions > 300 && outcome.train_positions > 5000);
    assert!(best < initial * 0.5, "{initial} → {best}");
    // The test games, held out from both, are evaluated once with the best net.
    assert!(outcome.test_positions > 0 && outcome.test_games > 0);
    assert_eq!(
        outcome.train_games + outcome.val_games + outcome.test_games,
        60
    );
    let test = outcome.test_loss.unwrap();
    assert!(test < initial * 0.6, "{initial} → test {test}");
    assert!(last.train_loss < outcome.epochs[0].train_loss);
    // The net has learned the material: an extra red rook is good for Red.
    let up =
        Position::from_fen("rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")
            .unwrap();
    let down =
        Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN1 w - - 0 1")
            .unwrap();
    assert!(
        outcome.best.evaluate(&up) > 100.0,
        "{}",
        outcome.best.evaluate(&up)
    );
    assert!(outcome.best.evaluate(&down) < -100.0);
}

/// Checks a split of positions (indices into the positions of `game_of`, which names
/// each position's game): every game on one side, the sets disjoint and covering every
/// position, and about the shares of games held out. Returns the games of each set.
fn assert_split_by_game(game_of: &[usize], sets: [&[u32]; 3], shares: (f64, f64)) -> [usize; 3] {
    let games = game_of.iter().max().map_or(0, |g| g + 1);
    let mut side = vec![None; games];
    let mut seen = vec![false; game_of.len()];
    let mut counts = [0usize; 3];
    for (set, indices) in sets.iter().enumerate() {
        for &i in *indices {
            let i = i as usize;
            assert!(!seen[i], "position {i} is in two sets");
            seen[i] = true;
            let g = game_of[i];
            match side[g] {
                None => {
                    side[g] = Some(set);
                    counts[set] += 1;
                }
                Some(other) => assert_eq!(
                    other, set,
                    "game {g} has positions in set {other} and set {set} (position {i})"
                ),
            }
        }
    }
    assert!(seen.iter().all(|&s| s), "every position is in a set");
    let share = |n: usize| n as f64 / games as f64;
    let (val, test) = shares;
    assert!(
        (share(counts[1]) - val).abs() < 0.05 && (share(counts[2]) - test).abs() < 0.04,
        "games per set {counts:?} for shares {shares:?}"
    );
    counts
}

#[test]
fn validation_and_test_hold_out_whole_games() {
    // 400 games of 10 to 150 positions, one after the other, read back by the loader.
    let games = consecutive_games(
        11,
        400,
        |g, _| 10 + (g * 37) % 141,
        |pos, _| material(pos) as i16,
    );
    let game_of: Vec<usize> = games
        .iter()
        .enumerate()
        .flat_map(|(g, game)| std::iter::repeat_n(g, game.len()))
        .collect();
    let text: String = games.iter().flatten().map(|e| e.to_line() + "\n").collect();
    let path = temp_path("games.txt");
    std::fs::write(&path, text).unwrap();
    let none = Filters {
        in_check: false,
        captures: false,
        min_fullmove: 0,
        mates: false,
        max_score: 32000,
    };
    let paths = [path.to_str().unwrap().to_string()];
    let (data, _) = load_dataset(&paths, &none, BadInput::Abort, None).unwrap();
    let _ = std::fs::remove_file(&path);
    assert_eq!(data.records.len(), game_of.len());
    assert_eq!(data.games.len(), 400);

    for (val, test) in [(0.1, 0.05), (0.05, 0.05), (0.2, 0.1)] {
        let o = TrainOptions {
            val_share: val,
            test_share: test,
            ..options()
        };
        let split = split_by_game(&data.games, &o);
        let counts = assert_split_by_game(
            &game_of,
            [&split.train, &split.validation, &split.test],
            (val, test),
        );
        assert_eq!(
            counts,
            [split.train_games, split.validation_games, split.test_games]
        );
        // The test games stay when only the validation share changes.
        let wider = split_by_game(
            &data.games,
            &TrainOptions {
                val_share: val + 0.1,
                ..o.clone()
            },
        );
        assert_eq!(wider.test, split.test);
    }
    // The default shares: 5 % each.
    let o = TrainOptions::default();
    assert_eq!((o.val_share, o.test_share), (0.05, 0.05));
    let split = split_by_game(&data.games, &o);
    assert_split_by_game(
        &game_of,
        [&split.train, &split.validation, &split.test],
        (0.05, 0.05),
    );
}

#[test]
fn training_is_reproducible_for_a_seed() {
    let (records, games, _) = material_data(2, 12);
    let o = TrainOptions {
        epochs: 2,
        ..options()
    };
    let a = train(&records, &games, &o, |_| {}).unwrap();
    let b = train(&records, &games, &o, |_| {}).unwrap();
    assert_eq!(a.best.params, b.best.params);
    assert_eq!(a.test_loss, b.test_loss);
    let c = train(&records, &games, &TrainOptions { seed: 10, ..o }, |_| {}).unwrap();
    assert_ne!(a.best.params, c.best.params);
}

#[test]
fn a_run_stopped_and_resumed_ends_as_the_run_without_the_break() {
    let (records, games, _) = material_data(2, 12);
    let o = TrainOptions {
        epochs: 4,
        buckets: BUCKETS,
        ..options()
    };
    let whole = train(&records, &games, &o, |_| {}).unwrap();
    // The first sitting ends after epoch 2 and hands over its state.
    let mut kept = None;
    let first = train(
        &records,
        &games,
        &TrainOptions {
            stop_after: Some(2),
            ..o.clone()
        },
        |e| {
            if let Event::Epoch { state, .. } = e {
                kept = Some(state.clone());
            }
        },
    )
    .unwrap();
    assert_eq!(first.epochs.len(), 2);
    let state = kept.unwrap();
    assert_eq!((state.epoch, state.reports.len()), (2, 2));
    // Through the state file's bytes, which read back exactly.
    let bytes = trainer::nnue::state::to_bytes(&state);
    let read = trainer::nnue::state::from_bytes(&bytes).unwrap();
    assert_eq!(read, state);
    let mut epochs_seen = Vec::new();
    let resumed = train_from(&records, &games, &o, Some(read), |e| {
        if let Event::Epoch { report, .. } = e {
            epochs_seen.push(report.epoch);
        }
    })
    .unwrap();
    assert_eq!(epochs_seen, [3, 4]);
    assert_eq!(resumed.best.params, whole.best.params);
    assert_eq!(resumed.best_epoch, whole.best_epoch);
    assert_eq!(resumed.test_loss, whole.test_loss);
    let losses = |run: &trainer::nnue::train::TrainingRun| -> Vec<Option<f64>> {
        run.epochs.iter().map(|e| e.val_loss).collect()
    };
    assert_eq!(losses(&resumed), losses(&whole));

    // Another run (another seed, or other data) refuses the state.
    let other = TrainOptions {
        seed: 11,
        ..o.clone()
    };
    let err = train_from(&records, &games, &other, Some(state.clone()), |_| {}).unwrap_err();
    assert!(err.to_string().contains("another run"), "{err}");
    let (records2, games2, _) = material_data(3, 12);
    assert!(train_from(&records2, &games2, &o, Some(state), |_| {}).is_err());

    // Damaged state files are refused, saying why.
    let refused = |b: &[u8], why: &str| {
        let err = trainer::nnue::state::from_bytes(b).unwrap_err();
        assert!(err.to_string().contains(why), "{err}");
    };
    refused(&bytes[..bytes.len() - 1], "hash");
    refused(&bytes[..20], "damaged or cut");
    refused(&bytes[..12], "cut short");
    refused(b"CHNN and more", "magic");
    let mut flipped = bytes.clone();
    flipped[5000] ^= 1;
    refused(&flipped, "hash");
    let mut version = bytes.clone();
    version[8] = 9;
    refused(&version, "version 9");
}

#[test]
fn lambda_can_move_along_the_run() {
    let o = TrainOptions {
        lambda: 0.2,
        lambda_end: Some(0.6),
        ..options()
    };
    assert_eq!(lambda_at(&o, 0, 101), 0.2);
    assert!((lambda_at(&o, 50, 101) - 0.4).abs() < 1e-6);
    assert!((lambda_at(&o, 100, 101) - 0.6).abs() < 1e-6);
    assert_eq!(measured_lambda(&o), 0.6);
    let flat = TrainOptions {
        lambda_end: None,
        ..o.clone()
    };
    assert_eq!(lambda_at(&flat, 50, 101), 0.2);
    assert_eq!(measured_lambda(&flat), 0.2);
    // A schedule that stays put trains exactly as the constant λ; one that moves trains
    // another net, and its losses are measured with the final λ (so the same initial net
    // has the same validation loss).
    let (records, games, _) = material_data(2, 12);
    let base = TrainOptions {
        epochs: 2,
        lambda: 0.6,
        ..options()
    };
    // Each run's last net (the best may be the initial one on so little data).
    let last_net = |o: &TrainOptions| {
        let mut last = None;
        let run = train(&records, &games, o, |e| {
            if let Event::Epoch { net, .. } = e {
                last = Some(net.params.clone());
            }
        })
        .unwrap();
        (run, last.unwrap())
    };
    let (constant, constant_net) = last_net(&base);
    let still = TrainOptions {
        lambda_end: Some(0.6),
        ..base.clone()
    };
    let (_, still_net) = last_net(&still);
    assert_eq!(constant_net, still_net);
    let moving = TrainOptions {
        lambda: 0.0,
        lambda_end: Some(0.6),
        ..base.clone()
    };
    let (moved, moved_net) = last_net(&moving);
    assert_ne!(moved_net, constant_net);
    assert_eq!(moved.initial_val_loss, constant.initial_val_loss);
    let from_zero = TrainOptions {
        lambda: 0.0,
        ..base.clone()
    };
    let (zero, zero_net) = last_net(&from_zero);
    assert_ne!(zero_net, moved_net);
    assert_ne!(zero.initial_val_loss, constant.initial_val_loss);
}

#[test]
fn fitted_scale_matches_the_labels() {
    // Results drawn with P(win) = sigmoid(score / 500): the fit should find about 500.
    let (records, _, _) = material_data(3, 20);
    let mut rng = Rng::new(5);
    let relabelled: Vec<Record> = records
        .iter()
        .flat_map(|r| std::iter::repeat_n(*r, 20))
        .map(|mut r| {
            let p = 1.0 / (1.0 + (-f64::from(r.score()) / 500.0).exp());
            let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            r.0[30] = if u < p { 2 } else { 0 };
            r
        })
        .collect();
    let scale = fit_scale(&relabelled);
    assert!((440.0..=560.0).contains(&scale), "{scale}");
}

/// An FNV-1a 64 written independently of the library's.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf29ce484222325u64, |h, &b| {
        (h ^ b as u64).wrapping_mul(1099511628211)
    })
}

/// A net trained a little, with `buckets` output buckets.
fn trained_net(buckets: usize) -> (Network, Vec<Position>) {
    trained_net_with(buckets, false)
}

/// A net trained a little, with `buckets` output buckets and king mirroring or not.
fn trained_net_with(buckets: usize, king_mirror: bool) -> (Network, Vec<Position>) {
    let (records, games, positions) = material_data(4, 30);
    // Nothing held out: the last epoch's net (30 games are too few for a held-out
    // loss to choose by).
    let o = TrainOptions {
        epochs: 3,
        scale: 350.0,
        val_share: 0.0,
        test_share: 0.0,
        buckets,
        king_mirror,
        ..options()
    };
    (train(&records, &games, &o, |_| {}).unwrap().best, positions)
}

#[test]
fn the_net_file_has_the_documented_header_size_and_hash() {
    let (net, _) = trained_net(BUCKETS);
    assert_eq!(
        TrainOptions::default().buckets,
        8,
        "the default is architecture 2"
    );
    let bytes = net.to_bytes();
    assert_eq!(bytes.len(), 653_904);
    assert_eq!(file_size(HIDDEN, BUCKETS), 653_904);
    assert_eq!(FILE_SIZE, 646_700);
    assert_eq!(&bytes[0..4], b"CHNN");
    let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
    // Version 2: inputs, width, buckets, flags (no king mirroring), QA, QB, SCALE,
    // reserved, then the payload's hash.
    let header: Vec<u32> = (1..10).map(|k| u32_at(4 * k)).collect();
    assert_eq!(header, [2, 1260, 256, 8, 0, 255, 64, 350, 0]);
    assert_eq!(
        u64::from_le_bytes(bytes[40..48].try_into().unwrap()),
        fnv(&bytes[48..])
    );
    let mut mirrored = net.clone();
    mirrored.king_mirror = true;
    let mirrored_bytes = mirrored.to_bytes();
    assert_eq!(mirrored_bytes[20], 1, "the king-mirroring flag");
    assert!(
        QuantisedNet::from_bytes(&mirrored_bytes)
            .unwrap()
            .king_mirror
    );
    // The payload: feature-major i16 weights ×255, bias ×255, output ×64, bias ×255·64.
    let i16_at = |at: usize| i16::from_le_bytes([bytes[at], bytes[at + 1]]);
    let q = |x: f32, k: f32| (x * k).round() as i16;
    for (f, i) in [(0usize, 0usize), (3, 17), (1259, 255), (700, 128)] {
        let w = net.params[f * HIDDEN + i];
        assert_eq!(i16_at(48 + 2 * (f * HIDDEN + i)), q(w, 255.0));
    }
    let bias_at = 48 + 2 * INPUTS * HIDDEN;
    assert_eq!(i16_at(bias_at + 2 * 5), q(net.params[FT_BIAS + 5], 255.0));
    // Then each bucket's 512 output weights ×64, then the eight biases ×255·64.
    let out_at = bias_at + 2 * HIDDEN;
    assert_eq!(i16_at(out_at + 2 * 300), q(net.params[OUT_W + 300], 64.0));
    let bucket5 = out_at + 2 * 5 * 2 * HIDDEN;
    assert_eq!(
        i16_at(bucket5 + 2 * 7),
        q(net.params[net.out_weights_at(5) + 7], 64.0)
    );
    for b in 0..BUCKETS {
        let at = bytes.len() - 4 * (BUCKETS - b);
        let stored = i32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
        let bias = f64::from(net.params[net.out_bias_at(b)]);
        assert_eq!(stored, (bias * 255.0 * 64.0).round() as i32, "bucket {b}");
    }

    // Written to disk byte for byte; damaged files are refused, saying why.
    let path = temp_path("net.nnue");
    net.write(&path).unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), bytes);
    let _ = std::fs::remove_file(&path);
    let pos = Position::startpos();
    assert!(quantised_eval(&bytes, &pos).is_ok());
    let refused = |edit: &dyn Fn(&mut Vec<u8>), why: &str| {
        let mut b = bytes.clone();
        edit(&mut b);
        let err = quantised_eval(&b, &pos).unwrap_err();
        assert!(err.to_string().contains(why), "{err}");
    };
    refused(&|b| b[0] = b'X', "magic");
    refused(&|b| b[4] = 3, "version");
    refused(&|b| b[16] = 3, "3 output buckets");
    refused(&|b| b[16] = 1, "bytes");
    refused(&|b| b[20] = 2, "flags");
    refused(&|b| b[36] = 1, "reserved");
    refused(&|b| b[12] = 1, "hidden size 257");
    // 512 is a width a net may have, but not with this file's size.
    refused(&|b| b[13] = 2, "bytes");
    refused(&|b| b[1000] ^= 1, "hash");
    refused(&|b| b.truncate(600_000), "bytes");
}

#[test]
fn the_integer_formula_is_the_documented_one() {
    // No feature weights: both accumulators are the bias, whatever the position.
    let mut net = Network {
        params: vec![0.0; params_len(HIDDEN, 1)],
        width: HIDDEN,
        scale: 400.0,
        buckets: 1,
        king_mirror: false,
    };
    for i in 0..HIDDEN {
        net.params[FT_BIAS + i] = if i % 2 == 0 { 0.4 } else { 1.5 };
        net.params[OUT_W + i] = 0.25;
        net.params[OUT_W + HIDDEN + i] = -0.125;
    }
    let bias_at = net.out_bias_at(0);
    net.params[bias_at] = 0.1;
    let bytes = net.to_bytes();
    assert_eq!(bytes.len(), file_size(HIDDEN, 1));
    // acc = 102 (0.4·255) or 383 (clamped to 255); w = 16 and -8: all exact.
    let (even, odd) = (102i32, 255i32);
    let us = 128 * (even * 16 * even + odd * 16 * odd);
    let them = 128 * (even * -8 * even + odd * -8 * odd);
    let out = (us + them) / 255 + 1632; // 0.1 · 255 · 64 = 1632
    let want = out * 400 / (255 * 64);
    for pos in [Position::startpos(), Position::startpos().color_flipped()] {
        assert_eq!(quantised_eval(&bytes, &pos).unwrap(), want);
    }
    let float = net.evaluate(&Position::startpos());
    // The integer eval truncates: at most one unit below.
    assert!((float - want as f32).abs() < 1.5, "{float} vs {want}");

    // With eight buckets, the same weights in every bucket and bias 0.1·(b + 1) in
    // bucket b: the piece count picks the bias, (pieces − 1) / 4.
    let mut bucketed = Network {
        params: vec![0.0; params_len(HIDDEN, BUCKETS)],
        width: HIDDEN,
        scale: 400.0,
        buckets: BUCKETS,
        king_mirror: false,
    };
    bucketed.params[..OUT_W].copy_from_slice(&net.params[..OUT_W]);
    for b in 0..BUCKETS {
        let at = bucketed.out_weights_at(b);
        bucketed.params[at..at + 2 * HIDDEN].copy_from_slice(&net.params[OUT_W..bias_at]);
        let bias_at = bucketed.out_bias_at(b);
        bucketed.params[bias_at] = 0.1 * (b + 1) as f32;
    }
    let bytes = bucketed.to_bytes();
    for (fen, pieces) in [
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            32,
        ),
        ("4k4/9/9/9/9/9/9/9/4A4/4K4 w", 3),
        ("3k5/4a4/4b4/9/9/9/2p6/4B4/4A4/3AK4 w", 8),
        ("rnbak4/9/9/9/9/9/9/9/9/RNBA1K3 w", 10),
    ] {
        let pos = Position::from_fen(fen).unwrap();
        let bucket = (pieces - 1) / 4;
        let bias = ((0.1 * (bucket + 1) as f64) * 255.0 * 64.0).round() as i32;
        let want = ((us + them) / 255 + bias) * 400 / (255 * 64);
        assert_eq!(quantised_eval(&bytes, &pos).unwrap(), want, "{fen}");
        let engine = chariot::eval::nnue::Network::from_bytes(&bytes).unwrap();
        assert_eq!(engine.evaluate(&pos), want, "{fen}");
    }
}

#[test]
fn the_quantised_eval_agrees_with_the_float_net() {
    let (net, positions) = trained_net(1);
    let q = QuantisedNet::from_bytes(&net.to_bytes()).unwrap();
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
        "{} positions, |float - int| mean {mean:.2} worst {worst:.2}, largest |eval| {spread:.0}",
        positions.len()
    );
    assert!(positions.len() > 1000);
    assert!(spread > 200.0, "the net should say something: {spread}");
    // Rounding the 512 output weights to 1/64 dominates: its error in the raw output
    // is about √512 · ½ · (1/64)/√12 ≈ 0.03 (≈ 10 units at SCALE 350) at the most
    // active positions; much more would be a formula mismatch, not rounding.
    assert!(mean <= 0.02 * net.scale, "mean {mean}");
    assert!(worst <= 0.1 * net.scale, "worst {worst}");
}

#[test]
fn the_engine_loads_the_written_net_and_evaluates_as_the_trainer_does() {
    // The trainer's file, read by the engine's own loader: the engine's integer
    // evaluation is exactly the trainer's reference, and so within rounding of the
    // float net.
    for buckets in [1, BUCKETS] {
        let (net, positions) = trained_net(buckets);
        let bytes = net.to_bytes();
        let engine = chariot::eval::nnue::Network::from_bytes(&bytes).expect("the engine loads it");
        assert_eq!(engine.buckets(), buckets);
        let reference = QuantisedNet::from_bytes(&bytes).unwrap();
        for pos in &positions {
            let by_engine = engine.evaluate(pos);
            assert_eq!(by_engine, reference.evaluate(pos), "{pos}");
            assert!(
                (net.evaluate(pos) - by_engine as f32).abs() <= 0.1 * net.scale,
                "{pos}"
            );
        }
        // A damaged copy is refused by the engine too.
        let mut damaged = bytes.clone();
        damaged[1000] ^= 1;
        assert!(chariot::eval::nnue::Network::from_bytes(&damaged).is_err());
    }
}

#[test]
fn king_mirroring_sees_a_position_and_its_mirror_image_alike() {
    // With king mirroring, a perspective whose king is off the middle file sees a
    // position and its left-right mirror image as the same features (the king on d in
    // one is on f in the other, which is mirrored back); on the middle file it does not.
    let (_, _, positions) = material_data(6, 20);
    let (mut same, mut middle) = (0, 0);
    for pos in &positions {
        let a = trainer::nnue::net::position_features(pos, true);
        let b = trainer::nnue::net::position_features(&pos.mirrored(), true);
        let stm = pos.side_to_move();
        for (perspective, fa, fb) in [(stm, a.us(), b.us()), (!stm, a.them(), b.them())] {
            if pos.king_square(perspective).file() != 4 {
                assert_eq!(fa, fb, "{pos}");
                same += 1;
            } else if fa != fb {
                middle += 1;
            }
        }
        // Without king mirroring only left-right symmetric positions match.
        let plain = trainer::nnue::net::position_features(pos, false);
        if pos.king_square(Color::Red).file() == 3 {
            assert_ne!(
                plain,
                trainer::nnue::net::position_features(&pos.mirrored(), false)
            );
        }
    }
    assert!(same > 200 && middle > 200, "{same} {middle}");
}

#[test]
fn colour_flipped_positions_evaluate_exactly_alike() {
    let (net, positions) = trained_net(BUCKETS);
    let bytes = net.to_bytes();
    let mut differs = 0;
    for pos in &positions {
        let flipped = pos.color_flipped();
        assert_eq!(
            net.evaluate(pos).to_bits(),
            net.evaluate(&flipped).to_bits()
        );
        assert_eq!(
            quantised_eval(&bytes, pos).unwrap(),
            quantised_eval(&bytes, &flipped).unwrap()
        );
        differs += usize::from(net.evaluate(pos) != net.evaluate(&pos.mirrored()));
    }
    // The net is not symmetric left-right by construction (only by training).
    assert!(differs > 0);
}

#[test]
fn train_cli_writes_checkpoints_and_the_best_net() {
    // A tiny run of datagen, converted to binary, trained for two epochs.
    let (data, bin, net) = (
        temp_path("dg.txt"),
        temp_path("dg.bin"),
        temp_path("cli.nnue"),
    );
    let _ = std::fs::remove_file(&data);
    let status = Command::new(env!("CARGO_BIN_EXE_trainer"))
        .arg("datagen")
        .args([
            "--games",
            "4",
            "--threads",
            "1",
            "--nodes",
            "300",
            "--seed",
            "3",
            "--out",
        ])
        .arg(&data)
        .status()
        .expect("run datagen");
    assert!(status.success());
    let status = Command::new(env!("CARGO_BIN_EXE_trainer"))
        .arg("convert")
        .arg("--in")
        .arg(&data)
        .arg("--out")
        .arg(&bin)
        .status()
        .unwrap();
    assert!(status.success());
    // Trains two epochs on the converted data (with `extra` flags); returns stderr.
    let sitting = |extra: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_trainer"))
            .arg("train")
            .arg("--data")
            .arg(&bin)
            .arg("--out")
            .arg(&net)
            .args(["--epochs", "2", "--batch", "64", "--threads", "1"])
            .args([
                "--val-share",
                "0.1",
                "--min-fullmove",
                "1",
                "--max-score",
                "30000",
            ])
            .args(extra)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr).to_string();
        assert!(out.status.success(), "{stderr}");
        stderr
    };
    let stderr = sitting(&[]);
    for want in [
        "positions read",
        "SCALE",
        "(fitted)",
        "epoch 1/2",
        "validation loss",
        "split by game",
        "test loss",
        "positions/s",
        "wrote",
    ] {
        assert!(stderr.contains(want), "{want}: {stderr}");
    }
    let stem = net
        .to_str()
        .unwrap()
        .strip_suffix(".nnue")
        .unwrap()
        .to_string();
    for file in [format!("{stem}.epoch1.nnue"), format!("{stem}.epoch2.nnue")] {
        let bytes = std::fs::read(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(QuantisedNet::from_bytes(&bytes).is_ok());
        let _ = std::fs::remove_file(&file);
    }
    let bytes = std::fs::read(&net).unwrap();
    assert!(QuantisedNet::from_bytes(&bytes).is_ok());
    // The state after the last epoch is kept; a sitting that stops after epoch 1 and
    // a second that resumes it write the same net as the run in one go.
    let state = format!("{stem}.state");
    assert_eq!(
        trainer::nnue::state::read(std::path::Path::new(&state))
            .unwrap()
            .epoch,
        2
    );

    sitting(&["--stop-after", "1"]);
    let log = sitting(&["--resume", &state]);
    assert!(
        log.contains("resuming") && log.contains("epoch 2/2"),
        "{log}"
    );
    assert!(!log.contains("epoch 1/2"), "{log}");
    assert_eq!(std::fs::read(&net).unwrap(), bytes);
    // Bad usage is exit status 2, a failure at run time (a missing file) 1.
    let code = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_trainer"))
            .arg("train")
            .args(args)
            .output()
            .unwrap()
            .status
            .code()
    };
    assert_eq!(code(&[]), Some(2));
    assert_eq!(code(&["--data", "/nonexistent.bin"]), Some(1));
    assert_eq!(
        code(&["--data", data.to_str().unwrap(), "--mirror", "sometimes"]),
        Some(2)
    );
    assert_eq!(
        code(&["--data", data.to_str().unwrap(), "--lr", "fast"]),
        Some(2)
    );
    for p in [data, bin, net] {
        let _ = std::fs::remove_file(p);
    }
    for e in 1..=2 {
        let _ = std::fs::remove_file(format!("{stem}.epoch{e}.nnue"));
    }
    let _ = std::fs::remove_file(state);
}

/// The number before `word` in the last line of `log` that starts with `prefix`.
fn count_before(log: &str, prefix: &str, word: &str) -> usize {
    let line = log
        .lines()
        .rfind(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no '{prefix}' in:\n{log}"));
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words
        .iter()
        .position(|w| *w == word)
        .unwrap_or_else(|| panic!("no '{word}' in {line}"));
    words[at - 1].parse().unwrap()
}

#[test]
fn train_cli_holds_out_whole_games() {
    // 80 games of 41 positions each, as datagen writes them: every set the trainer
    // reports holds a whole number of games.
    const LENGTH: usize = 41;
    let games = consecutive_games(12, 80, |_, _| LENGTH, |pos, _| material(pos) as i16);
    let text: String = games.iter().flatten().map(|e| e.to_line() + "\n").collect();
    let (data, net) = (temp_path("whole.txt"), temp_path("whole.nnue"));
    std::fs::write(&data, text).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_trainer"))
        .arg("train")
        .arg("--data")
        .arg(&data)
        .arg("--out")
        .arg(&net)
        .args(["--epochs", "1", "--batch", "256", "--threads", "1"])
        .args(["--val-share", "0.1", "--test-share", "0.1"])
        .args([
            "--skip-check",
            "off",
            "--skip-captures",
            "off",
            "--skip-mates",
            "off",
        ])
        .args(["--min-fullmove", "1", "--max-score", "32000"])
        .output()
        .unwrap();
    let log = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{log}");
    let training = count_before(&log, "train: done:", "training");
    let validation = count_before(&log, "train: done:", "validation");
    assert_eq!(training % LENGTH, 0, "{log}");
    assert_eq!(validation % LENGTH, 0, "{log}");
    assert!(validation > 0, "{log}");
    let test = count_before(&log, "train: done:", "test");
    assert_eq!(test % LENGTH, 0, "{log}");
    assert!(test > 0, "{log}");
    assert_eq!(training + validation + test, 80 * LENGTH, "{log}");
    let stem = net.to_str().unwrap().strip_suffix(".nnue").unwrap();
    let _ = std::fs::remove_file(format!("{stem}.epoch1.nnue"));
    for p in [data, net] {
        let _ = std::fs::remove_file(p);
    }
}
