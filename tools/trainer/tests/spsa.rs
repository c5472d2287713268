//! The SPSA tuner: the algorithm on synthetic noisy matches (seeded, so the runs are
//! the same every time), the parameter file, and `trainer spsa` end to end against the
//! test engine's toy mode (`fake-engine --toy NAME=OPT`).

use std::path::{Path, PathBuf};
use std::process::Command;

use tourney::openings::HELD_OUT_MARK;
use tourney::rng::Rng;
use trainer::error::TrainerError;
use trainer::spsa::{format_params, parse_params, Param, Spsa};

fn temp_path(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("chariot-spsa-{}-{name}", std::process::id()))
}

/// A uniform draw in [0, 1).
fn uniform(rng: &mut Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// A noisy match over parameters whose best values are `optima`: the side whose values
/// are nearer (summed distance) wins each game with the logistic probability of the
/// difference of the distances (0.1 a unit); no draws. Returns the pair's result.
fn synthetic(optima: Vec<f64>, seed: u64) -> impl FnMut(&[f64], &[f64], u64) -> f64 {
    let mut rng = Rng::new(seed);
    move |plus: &[f64], minus: &[f64], _iteration: u64| {
        let distance =
            |v: &[f64]| -> f64 { v.iter().zip(&optima).map(|(x, o)| (x - o).abs()).sum() };
        let p = 1.0 / (1.0 + (-0.1 * (distance(minus) - distance(plus))).exp());
        (0..2)
            .map(|_| if uniform(&mut rng) < p { 1.0 } else { -1.0 })
            .sum()
    }
}

fn param(name: &str, value: f64, min: f64, max: f64) -> Param {
    Param {
        name: name.to_string(),
        value,
        min,
        max,
        c_end: 4.0,
        r_end: 0.02,
    }
}

#[test]
fn spsa_finds_one_optimum() {
    for seed in 1..=3 {
        let mut spsa = Spsa::new(vec![param("X", 0.0, 0.0, 100.0)], 3000, seed).unwrap();
        let tuned = spsa.run(&mut synthetic(vec![37.0], seed + 100));
        let x = tuned[0].value;
        assert!(
            (x - 37.0).abs() <= 5.0,
            "seed {seed}: tuned to {x}, not 37 ± 5"
        );
        assert_eq!(spsa.applied(), 3000);
    }
}

#[test]
fn spsa_finds_two_optima() {
    let params = vec![param("X", 0.0, 0.0, 100.0), param("Y", 0.0, -100.0, 100.0)];
    let mut spsa = Spsa::new(params, 4000, 7).unwrap();
    let tuned = spsa.run(&mut synthetic(vec![37.0, -12.0], 8));
    let (x, y) = (tuned[0].value, tuned[1].value);
    assert!((x - 37.0).abs() <= 5.0, "X tuned to {x}, not 37 ± 5");
    assert!((y + 12.0).abs() <= 5.0, "Y tuned to {y}, not -12 ± 5");
}

#[test]
fn spsa_is_deterministic_and_follows_the_schedule() {
    let run = || {
        let mut spsa = Spsa::new(vec![param("X", 50.0, 0.0, 100.0)], 500, 3).unwrap();
        spsa.run(&mut synthetic(vec![37.0], 4))[0].value
    };
    assert_eq!(run(), run());
    // The schedule's ends: c_N = C_END and a_N / c_N² = R_END.
    let spsa = Spsa::new(vec![param("X", 50.0, 0.0, 100.0)], 500, 3).unwrap();
    let p = &spsa.params()[0];
    assert!((spsa.c_k(p, 500) - 4.0).abs() < 1e-9);
    assert!((spsa.r_k(p, 500) - 0.02).abs() < 1e-12);
    assert!(spsa.c_k(p, 1) > spsa.c_k(p, 500));
    assert!(spsa.a_k(p, 1) > spsa.a_k(p, 500));
}

#[test]
fn spsa_steps_toward_the_winner_and_clamps() {
    let mut spsa = Spsa::new(vec![param("X", 99.0, 0.0, 100.0)], 10, 1).unwrap();
    let trial = spsa.trial().unwrap();
    assert_eq!(trial.iteration, 1);
    // The perturbed values stay in range.
    assert!(trial.plus[0] <= 100.0 && trial.minus[0] <= 100.0);
    let p = spsa.params()[0].clone();
    let step = spsa.r_k(&p, 1) * trial.c[0] * 2.0 * trial.flips[0];
    spsa.apply(&trial, 2.0);
    assert_eq!(spsa.params()[0].value, (99.0 + step).clamp(0.0, 100.0));
    Spsa::new(Vec::new(), 0, 1)
        .err()
        .expect("0 iterations are refused");
}

#[test]
fn spsa_parameter_file_round_trips() {
    let text = "# search parameters\n\
                \n\
                RazorMargin 250.4 50 600 20 0.002   # razoring\n\
                LmrBase -12 -100 100 4 0.0025\n";
    let params = parse_params(text, "p.txt").unwrap();
    assert_eq!(params.len(), 2);
    assert_eq!(params[0].name, "RazorMargin");
    assert_eq!(params[0].value, 250.4);
    assert_eq!(params[1].min, -100.0);
    assert_eq!(params[1].r_end, 0.0025);
    let again = parse_params(&format_params(&params), "p.txt").unwrap();
    let mut rounded = params.clone();
    rounded[0].value = 250.0;
    assert_eq!(again, rounded);
}

#[test]
fn spsa_malformed_parameter_lines_name_the_line() {
    let cases = [
        ("A 1 0 10 1 0.1\nB 1 0 10 1\n", 2, "field"),
        ("# c\nA x 0 10 1 0.1\n", 2, "VALUE"),
        ("A 1 0 10 1 0.1\n\nA 2 0 10 1 0.1\n", 3, "twice"),
        ("A 11 0 10 1 0.1\n", 1, "outside"),
        ("A 1 10 0 1 0.1\n", 1, "MIN"),
        ("A 1 0 10 0 0.1\n", 1, "positive"),
        ("A 1 0 10 1 nan\n", 1, "R_END"),
    ];
    for (text, line, word) in cases {
        match parse_params(text, "p.txt") {
            Err(e @ TrainerError::Line { line: l, .. }) => {
                assert_eq!(l, line, "{text:?}: {e}");
                let message = e.to_string();
                assert!(message.starts_with(&format!("p.txt:{line}:")), "{message}");
                assert!(message.contains(word), "{message}");
            }
            other => panic!("{text:?}: {other:?}"),
        }
    }
    assert!(parse_params("# nothing\n", "p.txt").is_err());
}

/// The test engine, next to this package's `trainer` binary (`cargo build -p
/// test-engines` with the same profile builds it), or the file `FAKE_ENGINE_BIN` names.
fn fake_engine() -> PathBuf {
    if let Some(p) = std::env::var_os("FAKE_ENGINE_BIN") {
        return PathBuf::from(p);
    }
    let trainer = Path::new(env!("CARGO_BIN_EXE_trainer"));
    let p = trainer
        .parent()
        .unwrap_or(Path::new("."))
        .join(format!("fake-engine{}", std::env::consts::EXE_SUFFIX));
    assert!(
        p.is_file(),
        "no fake-engine binary at {} (build it with `cargo build -p test-engines` in the \
         same profile, or set FAKE_ENGINE_BIN)",
        p.display()
    );
    p
}

#[test]
fn spsa_tunes_the_toy_engine() {
    let params = temp_path("toy.txt");
    let out = temp_path("toy.tuned");
    std::fs::write(&params, "Toy 0 -1000 1000 60 0.05\n").unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_trainer"))
        .arg("spsa")
        .arg("--engine")
        .arg(format!("{} --toy Toy=300", fake_engine().display()))
        .arg("--params")
        .arg(&params)
        .args(["--iterations", "200", "--depth", "1", "--concurrency", "2"])
        .args(["--seed", "5", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    let log = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "trainer spsa failed:\n{log}");
    assert!(log.contains("iteration 10/200: Toy="), "{log}");
    let tuned = parse_params(&std::fs::read_to_string(&out).unwrap(), "out").unwrap();
    // From 0 to about 300 (within ±20 in six trial runs; the engines draw from entropy).
    assert!(
        (tuned[0].value - 300.0).abs() < 120.0,
        "tuned to {}:\n{log}",
        tuned[0].value
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.starts_with(&format!("Toy {} (", tuned[0].value)),
        "{stdout}"
    );
    let _ = std::fs::remove_file(&params);
    let _ = std::fs::remove_file(&out);
}

#[test]
fn spsa_refuses_held_out_openings_and_unknown_options() {
    let params = temp_path("refuse.txt");
    let openings = temp_path("refuse.epd");
    std::fs::write(&params, "Toy 0 -1000 1000 60 0.05\n").unwrap();
    std::fs::write(
        &openings,
        format!("{HELD_OUT_MARK}\nrnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w\n"),
    )
    .unwrap();
    let run = |engine: String, openings: Option<&Path>| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_trainer"));
        cmd.arg("spsa")
            .arg("--engine")
            .arg(engine)
            .arg("--params")
            .arg(&params)
            .args(["--iterations", "2", "--depth", "1"]);
        if let Some(o) = openings {
            cmd.arg("--openings").arg(o);
        }
        cmd.output().unwrap()
    };
    let engine = format!("{} --toy Toy=300", fake_engine().display());
    let held_out = run(engine, Some(&openings));
    assert_eq!(held_out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&held_out.stderr).contains("held-out"));
    let unknown = run(format!("{} --toy Other=300", fake_engine().display()), None);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&unknown.stderr).contains("offers no option Toy"),
        "{}",
        String::from_utf8_lossy(&unknown.stderr)
    );
    let _ = std::fs::remove_file(&params);
    let _ = std::fs::remove_file(&openings);
}
