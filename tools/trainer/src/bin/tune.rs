//! `tune`: fits the evaluation weights to game results (Texel's method).
//!
//! Reads positions labelled with results (`<fen> | <result>`, or `datagen`'s
//! `<fen> | <score> | <result> | <move>`; the move column optional),
//! finds the scaling constant K that best maps the current evaluation to results, then
//! minimises the mean squared error between `sigmoid(K · eval)` and the targets with
//! Adam over every weight but material (the documents' values stay fixed; with
//! `-free-material` only the rook's stays, as the unit). The target is the game's
//! result, or with `-score-share X` that share of `sigmoid(K · score)` of the recorded
//! search score and the rest the result. Whole games are held out (`-val-share` of
//! them, a tenth by default; games found and split as `trainer::heldout`
//! describes: exactly from the move column, heuristically without it); the validation
//! error is printed as it goes and the weights of the best validation error are kept.
//! Writes `src/eval/weights.rs`.

use std::fmt::Write as _;

use chariot::board::{Color, Position};
use chariot::eval::hce::{feature, features, WEIGHTS};
use chariot::eval::material::PHASE_MAX;
use chariot::eval::TEMPO;
use trainer::heldout::{GameTracker, Games, Shares};

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

struct Options {
    data: Vec<String>,
    iterations: usize,
    rate: f64,
    out: String,
    min_count: usize,
    /// L2 pull toward the starting weights, per centipawn squared.
    lambda: f64,
    /// Material is fitted too (but the rook's value, the unit).
    free_material: bool,
    /// The share of the search score in the target (the rest is the result).
    score_share: f64,
    /// The share of games held out for validation.
    val_share: f64,
}

fn parse_args() -> Result<Options, String> {
    let mut o = Options {
        data: Vec::new(),
        iterations: 2000,
        rate: 1.0,
        out: "src/eval/weights.rs".to_string(),
        min_count: 100,
        lambda: 1e-7,
        free_material: false,
        score_share: 0.0,
        val_share: 0.1,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        if args[i] == "-free-material" {
            o.free_material = true;
            i += 1;
            continue;
        }
        let value = args
            .get(i + 1)
            .ok_or_else(|| format!("{} needs a value", args[i]))?
            .clone();
        let bad = format!("{}: bad value {value}", args[i]);
        match args[i].as_str() {
            "-data" => o.data.push(value.clone()),
            "-iterations" => o.iterations = value.parse().map_err(|_| bad.clone())?,
            "-rate" => o.rate = value.parse().map_err(|_| bad.clone())?,
            "-lambda" => o.lambda = value.parse().map_err(|_| bad.clone())?,
            "-min-count" => o.min_count = value.parse().map_err(|_| bad.clone())?,
            "-score-share" => {
                o.score_share = value
                    .parse()
                    .ok()
                    .filter(|x: &f64| (0.0..=1.0).contains(x))
                    .ok_or_else(|| bad.clone())?
            }
            "-val-share" => {
                o.val_share = value
                    .parse()
                    .ok()
                    .filter(|x: &f64| (0.0..1.0).contains(x))
                    .ok_or_else(|| bad.clone())?
            }
            "-out" => o.out = value.clone(),
            other => return Err(format!("unknown option {other}")),
        }
        i += 2;
    }
    if o.data.is_empty() {
        return Err("no -data file".to_string());
    }
    Ok(o)
}

/// The samples of the files and their games (found on every line, before the quiet
/// filter; each file starts a new game).
fn load(paths: &[String]) -> Result<(Vec<Sample>, Games), String> {
    let mut out = Vec::new();
    let mut games = Games::new();
    let mut tracker = GameTracker::new();
    for path in paths {
        tracker.end_game();
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        for (n, line) in text.lines().enumerate() {
            // `<fen> | <result>` or datagen's `<fen> | <score> | <result> [| <move>]`.
            let fields: Vec<&str> = line.split('|').map(str::trim).collect();
            let (fen, score, result, played) = match fields.as_slice() {
                [fen, result] => (*fen, None, *result, None),
                [fen, score, result] => (*fen, Some(*score), *result, None),
                [fen, score, result, played] => (*fen, Some(*score), *result, Some(*played)),
                _ => continue,
            };
            let pos = Position::from_fen(fen).map_err(|e| format!("{path}:{}: {e}", n + 1))?;
            let result: f64 = result
                .parse()
                .map_err(|_| format!("{path}:{}: bad result", n + 1))?;
            let score = score
                .map(|s| s.parse::<f64>())
                .transpose()
                .map_err(|_| format!("{path}:{}: bad score", n + 1))?;
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

/// The weights file, in the layout of `hce::feature`.
fn render(w: &[f64], free_material: bool) -> String {
    use feature::*;
    let blocks: [(&str, usize, usize); 19] = [
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
        ("end", COUNT, 0),
    ];
    let mut out = String::new();
    let _ = write!(
        out,
        "//! The evaluation weights: middlegame and endgame values per feature, in the order\n\
         //! of `hce::feature`. Written by `tune` (trainer); {}.\n\n\
         use super::hce::feature::COUNT;\nuse super::material::Score;\n\n\
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

fn main() {
    let options = match parse_args() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("tune: {e}");
            eprintln!("usage: tune -data FILE [-data FILE..] [-iterations N] [-rate R] [-min-count N] [-lambda L] [-free-material] [-score-share X] [-val-share X] [-out FILE]");
            std::process::exit(2);
        }
    };
    let (samples, games) = match load(&options.data) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("tune: {e}");
            std::process::exit(2);
        }
    };
    // Whole games are held out.
    let split = games.split(Shares {
        validation: options.val_share,
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
    let mut train: Vec<Sample> = train.into_iter().map(|(s, _)| s).collect();
    let mut valid: Vec<Sample> = valid.into_iter().map(|(s, _)| s).collect();
    eprintln!(
        "tune: {} training and {} validation positions ({} and {} games, held out by game)",
        train.len(),
        valid.len(),
        split.train_games,
        split.validation_games
    );

    let n = feature::COUNT;
    let mut w: Vec<f64> = WEIGHTS
        .iter()
        .flat_map(|s| [f64::from(s.mg), f64::from(s.eg)])
        .collect();
    // Features too rare to fit, and material, stay as they are.
    let mut seen = vec![0usize; n];
    for s in &train {
        for &(f, _) in &s.counts {
            seen[f as usize] += 1;
        }
    }
    let frozen: Vec<bool> = (0..n)
        .map(|f| {
            let fixed_material = f < feature::PST
                && !(options.free_material && material_fitted(f - feature::MATERIAL));
            fixed_material || seen[f] < options.min_count
        })
        .collect();
    eprintln!(
        "tune: {} of {} features free",
        frozen.iter().filter(|&&x| !x).count(),
        n
    );
    let k = fit_k(&train, &w);
    eprintln!(
        "tune: K = {k:.4}, training error {:.6}, validation error {:.6}",
        error(&train, &w, k),
        error(&valid, &w, k)
    );
    if options.score_share > 0.0 {
        let share = options.score_share;
        for s in train.iter_mut().chain(valid.iter_mut()) {
            if let Some(score) = s.score {
                s.target = share * sigmoid(k, score) + (1.0 - share) * s.result;
            }
        }
        eprintln!(
            "tune: targets {share} score, {} result; training error {:.6}, validation error {:.6}",
            1.0 - share,
            error(&train, &w, k),
            error(&valid, &w, k)
        );
    }

    let (b1, b2, eps) = (0.9, 0.999, 1e-8);
    let mut m = vec![0.0; 2 * n];
    let mut v = vec![0.0; 2 * n];
    let start = w.clone();
    let mut best = (error(&valid, &w, k), w.clone());
    let ln10 = std::f64::consts::LN_10;
    for it in 1..=options.iterations {
        let mut grad = vec![0.0; 2 * n];
        for s in &train {
            let (e, scale) = evaluate(s, &w);
            let p = sigmoid(k, e);
            let g = 2.0 * (p - s.target) * p * (1.0 - p) * k * ln10 / 400.0 * scale;
            for &(f, c) in &s.counts {
                let c = f64::from(c) * g;
                grad[2 * f as usize] += c * s.mg;
                grad[2 * f as usize + 1] += c * (1.0 - s.mg);
            }
        }
        let count = train.len() as f64;
        for i in 0..2 * n {
            if frozen[i / 2] {
                continue;
            }
            let g = grad[i] / count + 2.0 * options.lambda * (w[i] - start[i]);
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let mh = m[i] / (1.0 - b1.powi(it as i32));
            let vh = v[i] / (1.0 - b2.powi(it as i32));
            w[i] -= options.rate * mh / (vh.sqrt() + eps);
        }
        if it % 50 == 0 || it == options.iterations {
            let ve = error(&valid, &w, k);
            eprintln!(
                "tune: iteration {it}: training {:.6}, validation {ve:.6}",
                error(&train, &w, k)
            );
            if ve < best.0 {
                best = (ve, w.clone());
            }
        }
    }
    eprintln!("tune: best validation error {:.6}", best.0);
    if let Err(e) = std::fs::write(&options.out, render(&best.1, options.free_material)) {
        eprintln!("tune: {}: {e}", options.out);
        std::process::exit(1);
    }
}
