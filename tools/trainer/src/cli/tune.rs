//! `trainer tune`: fits the evaluation weights to game results (Texel's method).
//!
//! Reads positions labelled with results (`<fen> | <result>`, or `trainer datagen`'s
//! `<fen> | <score> | <result> | <move>`; the move column optional),
//! finds the scaling constant K that best maps the current evaluation to results, then
//! minimises the mean squared error between `sigmoid(K · eval)` and the targets with
//! Adam over every weight but material (the documents' values stay fixed; with
//! `--free-material` only the rook's stays, as the unit). The target is the game's
//! result, or with `--score-share X` that share of `sigmoid(K · score)` of the recorded
//! search score and the rest the result. Whole games are held out (`--val-share` of
//! them, a tenth by default; games found and split as `trainer::heldout`
//! describes: exactly from the move column, heuristically without it); the validation
//! error is printed as it goes and the weights of the best validation error are kept.
//! Writes `src/eval/weights.rs` (or `--out`).

use std::fmt::Write as _;

use chariot::board::{Color, Position};
use chariot::eval::hce::{feature, features, WEIGHTS};
use chariot::eval::material::PHASE_MAX;
use chariot::eval::TEMPO;

use crate::error::{Result, TrainerError};
use crate::heldout::{GameTracker, Games, Shares};

/// `trainer tune`'s flags.
#[derive(clap::Args)]
pub struct Args {
    /// A file of labelled positions; repeat for more.
    #[arg(long, value_name = "FILE", required = true)]
    pub data: Vec<String>,
    /// Adam iterations over the training positions.
    #[arg(long, value_name = "N", default_value_t = 2000)]
    pub iterations: usize,
    /// Adam's step size, in centipawns.
    #[arg(long, value_name = "R", default_value_t = 1.0)]
    pub rate: f64,
    /// A feature seen in fewer training positions than this keeps its weight.
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub min_count: usize,
    /// L2 pull toward the starting weights, per centipawn squared.
    #[arg(long, value_name = "L", default_value_t = 1e-7)]
    pub lambda: f64,
    /// Fit material too (all but the rook's value, the unit).
    #[arg(long)]
    pub free_material: bool,
    /// The share of the search score in the target, 0 to 1 (the rest is the result).
    #[arg(long, value_name = "X", default_value_t = 0.0, value_parser = score_share)]
    pub score_share: f64,
    /// The share of games held out for validation, 0 to below 1.
    #[arg(long, value_name = "X", default_value_t = 0.1, value_parser = val_share)]
    pub val_share: f64,
    /// The weights file written.
    #[arg(long, value_name = "FILE", default_value = "src/eval/weights.rs")]
    pub out: String,
}

/// A number in 0..=1.
fn score_share(value: &str) -> Result<f64> {
    value
        .parse()
        .ok()
        .filter(|x: &f64| (0.0..=1.0).contains(x))
        .ok_or_else(|| TrainerError::Usage(format!("bad value {value}")))
}

/// A number in 0..1.
fn val_share(value: &str) -> Result<f64> {
    value
        .parse()
        .ok()
        .filter(|x: &f64| (0.0..1.0).contains(x))
        .ok_or_else(|| TrainerError::Usage(format!("bad value {value}")))
}

struct Sample {
    counts: Vec<(u16, i16)>,
    /// Middlegame share (phase / PHASE_MAX).
    mg: f64,
    scale: [f64; 2],
    tempo: f64,
    result: f64,
    /// What the evaluation is fitted to: the result, or its blend with the score.
    target: f64,
    /// The recorded search score (Red's view), when the line had one.
    score: Option<f64>,
}

/// The samples of the files and their games (found on every line, before the quiet
/// filter; each file starts a new game).
fn load(paths: &[String]) -> Result<(Vec<Sample>, Games)> {
    let mut out = Vec::new();
    let mut games = Games::new();
    let mut tracker = GameTracker::new();
    for path in paths {
        tracker.end_game();
        let text = std::fs::read_to_string(path).map_err(|e| TrainerError::io(path, e))?;
        for (n, line) in text.lines().enumerate() {
            // `<fen> | <result>` or datagen's `<fen> | <score> | <result> [| <move>]`.
            let fields: Vec<&str> = line.split('|').map(str::trim).collect();
            let (fen, score, result, played) = match fields.as_slice() {
                [fen, result] => (*fen, None, *result, None),
                [fen, score, result] => (*fen, Some(*score), *result, None),
                [fen, score, result, played] => (*fen, Some(*score), *result, Some(*played)),
                _ => continue,
            };
            let bad = |reason: String| TrainerError::Line {
                path: path.clone(),
                line: n + 1,
                reason,
            };
            let pos = Position::from_fen(fen).map_err(|e| bad(e.to_string()))?;
            let result: f64 = result.parse().map_err(|_| bad("bad result".to_string()))?;
            let score = score
                .map(|s| s.parse::<f64>())
                .transpose()
                .map_err(|_| bad("bad score".to_string()))?;
            let played = played.and_then(|m| pos.parse_move(m).ok());
            tracker.observe(&pos, result, played);
            // The static evaluation is fitted to quiet positions only.
            let capture = played.is_some_and(|m| pos.piece_at(m.to()).is_some());
            if pos.in_check() || capture {
                continue;
            }
            games.push(tracker.game(), tracker.key());
            let f = features(&pos);
            out.push(Sample {
                counts: f.counts,
                mg: f64::from(f.phase) / f64::from(PHASE_MAX),
                scale: [f64::from(f.scale[0]) / 16.0, f64::from(f.scale[1]) / 16.0],
                tempo: if pos.side_to_move() == Color::Red {
                    f64::from(TEMPO)
                } else {
                    -f64::from(TEMPO)
                },
                result,
                target: result,
                score,
            });
        }
    }
    Ok((out, games))
}

/// Red's evaluation of a sample under weights `w` (mg, eg interleaved).
fn evaluate(s: &Sample, w: &[f64]) -> (f64, f64) {
    let (mut mg, mut eg) = (0.0, 0.0);
    for &(f, c) in &s.counts {
        mg += w[2 * f as usize] * f64::from(c);
        eg += w[2 * f as usize + 1] * f64::from(c);
    }
    let raw = mg * s.mg + eg * (1.0 - s.mg);
    let scale = if raw > 0.0 { s.scale[0] } else { s.scale[1] };
    (raw * scale + s.tempo, scale)
}

/// Whether the material value of the kind at `index` (king, advisor, elephant, horse,
/// rook, cannon, pawn) is fitted under `-free-material`: not the king's and the
/// pawn's (zero: the king is never taken, the pawn's worth is in its table), nor the
/// rook's, which stays 1000 as the unit of every score.
fn material_fitted(index: usize) -> bool {
    matches!(index, 1 | 2 | 3 | 5)
}

fn sigmoid(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

fn error(samples: &[Sample], w: &[f64], k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let d = sigmoid(k, evaluate(s, w).0) - s.target;
            d * d
        })
        .sum();
    total / samples.len().max(1) as f64
}

fn fit_k(samples: &[Sample], w: &[f64]) -> f64 {
    let (mut lo, mut hi) = (0.1, 3.0);
    for _ in 0..40 {
        let a = lo + (hi - lo) / 3.0;
        let b = hi - (hi - lo) / 3.0;
        if error(samples, w, a) < error(samples, w, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// The weights file, in the layout of `eval::feature`.
fn render(w: &[f64], free_material: bool) -> String {
    use feature::*;
    let blocks: [(&str, usize, usize); 25] = [
        (
            if free_material {
                "MATERIAL (fitted; the rook fixed as the unit): king, advisor, elephant, horse, rook, cannon, pawn"
            } else {
                "MATERIAL (fixed: the documents' values): king, advisor, elephant, horse, rook, cannon, pawn"
            },
            MATERIAL,
            7,
        ),
        (
            "PST king: ranks from the own back rank, files a..e",
            PST,
            50,
        ),
        ("PST advisor", PST + 50, 50),
        ("PST elephant", PST + 100, 50),
        ("PST horse", PST + 150, 50),
        ("PST rook", PST + 200, 50),
        ("PST cannon", PST + 250, 50),
        ("PST pawn", PST + 300, 50),
        ("PAWN_PAIR", PAWN_PAIR, 1),
        ("ROOK_MOBILITY 0..=17", ROOK_MOBILITY, 18),
        ("CANNON_MOBILITY 0..=17", CANNON_MOBILITY, 18),
        ("HORSE_MOBILITY 0..=8", HORSE_MOBILITY, 9),
        ("HORSE_BLOCKED 0..=4", HORSE_BLOCKED, 5),
        (
            "MISSING_ADVISOR_ROOK, MISSING_ELEPHANT_CANNON, MISSING_ADVISOR_HORSE",
            MISSING_ADVISOR_ROOK,
            3,
        ),
        (
            "HOLLOW_CANNON, SCREENED_CANNON, ROOK_PALACE_FILE, HORSE_RAIDER, PAWN_RAIDER",
            HOLLOW_CANNON,
            5,
        ),
        ("KING_ATTACK units 0..=23", KING_ATTACK, 24),
        (
            "HANGING_TO_MOVE advisor..pawn, HANGING_WAITING advisor..pawn",
            HANGING_TO_MOVE,
            12,
        ),
        (
            "ATTACKED_BY_LESSER_TO_MOVE horse, rook, cannon; ATTACKED_BY_LESSER_WAITING",
            ATTACKED_BY_LESSER_TO_MOVE,
            6,
        ),
        (
            "SAFE_CHECKS_THEIRS rook, horse, cannon; SAFE_CHECKS_OURS",
            SAFE_CHECKS_THEIRS,
            6,
        ),
        ("GUARDED_CHECKS rook, horse, cannon", GUARDED_CHECKS, 3),
        ("LINKED_DEFENDERS advisors, elephants", LINKED_DEFENDERS, 2),
        ("KING_MOBILITY 0..=4", KING_MOBILITY, 5),
        ("ROOK_PINS, SPACE", ROOK_PINS, 2),
        (
            "MULTI_THREAT to move, waiting; PAIRS rooks, horses, cannons",
            MULTI_THREAT,
            5,
        ),
        ("end", COUNT, 0),
    ];
    let mut out = String::new();
    let _ = write!(
        out,
        "//! The evaluation weights: middlegame and endgame values per feature, in the order\n\
         //! of `eval::feature`. Written by `tune` (trainer); {}.\n\n\
         use super::feature::COUNT;\nuse super::material::Score;\n\n\
         /// One weight per feature.\n#[rustfmt::skip]\npub const WEIGHTS: [Score; COUNT] = [\n",
        if free_material {
            "material fitted but the rook's (the unit)"
        } else {
            "material is fixed"
        }
    );
    for (name, start, len) in blocks.iter().filter(|b| b.2 > 0) {
        let _ = writeln!(out, "    // {name}");
        for chunk in (*start..start + len).collect::<Vec<_>>().chunks(5) {
            out.push_str("   ");
            for &f in chunk {
                let _ = write!(
                    out,
                    " Score::new({}, {}),",
                    w[2 * f].round() as i32,
                    w[2 * f + 1].round() as i32
                );
            }
            out.push('\n');
        }
    }
    out.push_str("];\n");
    out
}

/// The samples split by game into training and validation ones.
fn split(samples: Vec<Sample>, games: &Games, val_share: f64) -> (Vec<Sample>, Vec<Sample>) {
    let split = games.split(Shares {
        validation: val_share,
        test: 0.0,
    });
    let mut held_out = vec![false; samples.len()];
    for &i in &split.validation {
        held_out[i as usize] = true;
    }
    let (valid, train): (Vec<_>, Vec<_>) = samples
        .into_iter()
        .zip(held_out)
        .partition(|(_, held)| *held);
    let train: Vec<Sample> = train.into_iter().map(|(s, _)| s).collect();
    let valid: Vec<Sample> = valid.into_iter().map(|(s, _)| s).collect();
    eprintln!(
        "tune: {} training and {} validation positions ({} and {} games, held out by game)",
        train.len(),
        valid.len(),
        split.train_games,
        split.validation_games
    );
    (train, valid)
}

/// Which features stay as they are: material (but with `--free-material`), and those
/// too rare in the training positions to fit.
fn frozen_features(train: &[Sample], args: &Args) -> Vec<bool> {
    let n = feature::COUNT;
    let mut seen = vec![0usize; n];
    for s in train {
        for &(f, _) in &s.counts {
            seen[f as usize] += 1;
        }
    }
    let frozen: Vec<bool> = (0..n)
        .map(|f| {
            let fixed_material =
                f < feature::PST && !(args.free_material && material_fitted(f - feature::MATERIAL));
            fixed_material || seen[f] < args.min_count
        })
        .collect();
    eprintln!(
        "tune: {} of {} features free",
        frozen.iter().filter(|&&x| !x).count(),
        n
    );
    frozen
}

/// Fits K, then blends the search score into the targets under `--score-share`.
fn fit_targets(train: &mut [Sample], valid: &mut [Sample], w: &[f64], share: f64) -> f64 {
    let k = fit_k(train, w);
    eprintln!(
        "tune: K = {k:.4}, training error {:.6}, validation error {:.6}",
        error(train, w, k),
        error(valid, w, k)
    );
    if share > 0.0 {
        for s in train.iter_mut().chain(valid.iter_mut()) {
            if let Some(score) = s.score {
                s.target = share * sigmoid(k, score) + (1.0 - share) * s.result;
            }
        }
        eprintln!(
            "tune: targets {share} score, {} result; training error {:.6}, validation error {:.6}",
            1.0 - share,
            error(train, w, k),
            error(valid, w, k)
        );
    }
    k
}

/// The gradient of the training error over the weights (mg, eg interleaved).
fn gradient(train: &[Sample], w: &[f64], k: f64) -> Vec<f64> {
    let ln10 = std::f64::consts::LN_10;
    let mut grad = vec![0.0; w.len()];
    for s in train {
        let (e, scale) = evaluate(s, w);
        let p = sigmoid(k, e);
        let g = 2.0 * (p - s.target) * p * (1.0 - p) * k * ln10 / 400.0 * scale;
        for &(f, c) in &s.counts {
            let c = f64::from(c) * g;
            grad[2 * f as usize] += c * s.mg;
            grad[2 * f as usize + 1] += c * (1.0 - s.mg);
        }
    }
    grad
}

/// Adam from the weights `w` over the free features; returns the best validation
/// error and its weights.
fn fit(
    train: &[Sample],
    valid: &[Sample],
    mut w: Vec<f64>,
    frozen: &[bool],
    k: f64,
    args: &Args,
) -> (f64, Vec<f64>) {
    let (b1, b2, eps) = (0.9, 0.999, 1e-8);
    let size = w.len();
    let mut m = vec![0.0; size];
    let mut v = vec![0.0; size];
    let start = w.clone();
    let mut best = (error(valid, &w, k), w.clone());
    for it in 1..=args.iterations {
        let grad = gradient(train, &w, k);
        let count = train.len() as f64;
        for i in 0..size {
            if frozen[i / 2] {
                continue;
            }
            let g = grad[i] / count + 2.0 * args.lambda * (w[i] - start[i]);
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let mh = m[i] / (1.0 - b1.powi(it as i32));
            let vh = v[i] / (1.0 - b2.powi(it as i32));
            w[i] -= args.rate * mh / (vh.sqrt() + eps);
        }
        if it % 50 == 0 || it == args.iterations {
            let ve = error(valid, &w, k);
            eprintln!(
                "tune: iteration {it}: training {:.6}, validation {ve:.6}",
                error(train, &w, k)
            );
            if ve < best.0 {
                best = (ve, w.clone());
            }
        }
    }
    best
}

/// `trainer tune`.
pub fn run(args: &Args) -> Result<()> {
    let (samples, games) = load(&args.data)?;
    // Whole games are held out.
    let (mut train, mut valid) = split(samples, &games, args.val_share);
    let w: Vec<f64> = WEIGHTS
        .iter()
        .flat_map(|s| [f64::from(s.mg), f64::from(s.eg)])
        .collect();
    let frozen = frozen_features(&train, args);
    let k = fit_targets(&mut train, &mut valid, &w, args.score_share);
    let best = fit(&train, &valid, w, &frozen, k, args);
    eprintln!("tune: best validation error {:.6}", best.0);
    std::fs::write(&args.out, render(&best.1, args.free_material))
        .map_err(|e| TrainerError::io(&args.out, e))
}
