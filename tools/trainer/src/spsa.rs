//! SPSA (simultaneous perturbation stochastic approximation) over an engine's numeric
//! parameters, the way fishtest tunes Stockfish's: every iteration moves all the
//! parameters at once by a random ±1 flip each, plays a game pair between the two
//! perturbed engines, and steps every parameter toward the side that scored better.
//! This module is the algorithm alone: the games are a [`Match`] (`trainer spsa` plays
//! them with the tourney; the tests play synthetic ones).
//!
//! # Parameters
//!
//! A [`Param`] file has one parameter a line, `NAME VALUE MIN MAX C_END R_END`
//! (`#` starts a comment; blank lines are skipped): the start value, its range, the
//! perturbation at the last iteration (`C_END`, in the parameter's units) and the
//! learning rate at the last iteration (`R_END`). [`format_params`] writes the same
//! format back, the values rounded to integers (what the engine's spin options take).
//!
//! # Schedule
//!
//! For iteration `k` (1-based) of `N`, each parameter has
//!
//! * the perturbation `c_k = c / k^γ`, γ = 0.101, where `c = C_END · N^γ` so that
//!   `c_N = C_END`;
//! * the gain `a_k = a / (A + k)^α`, α = 0.602, A = 0.1 · N, where
//!   `a = R_END · C_END² · (A + N)^α` so that `a_N / c_N² = R_END`;
//! * the learning rate `r_k = a_k / c_k²`.
//!
//! Iteration `k` draws a flip `Δ_i = ±1` per parameter and plays a pair (same opening,
//! colours swapped) between the engine with `θ + c_k·Δ` and the one with `θ − c_k·Δ`
//! (each clamped to the parameter's range). With `result` the points of the first
//! minus the points of the second over the pair (−2 … 2), each parameter moves by
//!
//! `θ_i ← clamp(θ_i + r_k · c_k · result · Δ_i, MIN, MAX)`.

use tourney::rng::Rng;

use crate::error::{Result, TrainerError};

/// The perturbation's decay exponent γ.
pub const GAMMA: f64 = 0.101;
/// The gain's decay exponent α.
pub const ALPHA: f64 = 0.602;
/// The gain's stability constant A as a fraction of the iterations.
pub const STABILITY: f64 = 0.1;

/// One tuned parameter and its schedule's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// The engine's option name.
    pub name: String,
    /// The current value θ.
    pub value: f64,
    /// The least value.
    pub min: f64,
    /// The greatest value.
    pub max: f64,
    /// The perturbation at the last iteration, c_N.
    pub c_end: f64,
    /// The learning rate at the last iteration, a_N / c_N².
    pub r_end: f64,
}

impl Param {
    /// The value rounded to an integer, as the engine's spin option takes it.
    pub fn rounded(&self) -> i64 {
        self.value.round() as i64
    }
}

/// The parameters of a parameter file's text; an error names `path` and the line.
pub fn parse_params(text: &str, path: &str) -> Result<Vec<Param>> {
    let mut params: Vec<Param> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let bad = |reason: String| TrainerError::Line {
            path: path.to_string(),
            line: i + 1,
            reason,
        };
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.len() != 6 {
            return Err(bad(format!(
                "want NAME VALUE MIN MAX C_END R_END, got {} field(s)",
                fields.len()
            )));
        }
        let mut numbers = [0.0; 5];
        for (n, (field, what)) in fields[1..]
            .iter()
            .zip(["VALUE", "MIN", "MAX", "C_END", "R_END"])
            .enumerate()
        {
            numbers[n] = field
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| bad(format!("{what} is not a number: {field}")))?;
        }
        let [value, min, max, c_end, r_end] = numbers;
        let name = fields[0].to_string();
        if min > max {
            return Err(bad(format!("{name}: MIN {min} is above MAX {max}")));
        }
        if value < min || value > max {
            return Err(bad(format!(
                "{name}: VALUE {value} is outside {min}..{max}"
            )));
        }
        if c_end <= 0.0 || r_end <= 0.0 {
            return Err(bad(format!("{name}: C_END and R_END must be positive")));
        }
        if params.iter().any(|p| p.name == name) {
            return Err(bad(format!("{name} is listed twice")));
        }
        params.push(Param {
            name,
            value,
            min,
            max,
            c_end,
            r_end,
        });
    }
    if params.is_empty() {
        return Err(TrainerError::Usage(format!("{path}: no parameter to tune")));
    }
    Ok(params)
}

/// The parameters of the file at `path`.
pub fn read_params(path: &str) -> Result<Vec<Param>> {
    let text = std::fs::read_to_string(path).map_err(|e| TrainerError::io(path, e))?;
    parse_params(&text, path)
}

/// The parameter file's text for `params`, the values rounded to integers.
pub fn format_params(params: &[Param]) -> String {
    let mut out = String::from("# NAME VALUE MIN MAX C_END R_END\n");
    for p in params {
        out.push_str(&format!(
            "{} {} {} {} {} {}\n",
            p.name,
            p.rounded(),
            p.min,
            p.max,
            p.c_end,
            p.r_end
        ));
    }
    out
}

/// Writes `params` to `path` in the parameter file's format.
pub fn write_params(path: &str, params: &[Param]) -> Result<()> {
    std::fs::write(path, format_params(params)).map_err(|e| TrainerError::io(path, e))
}

/// The games: a pair between the engine with the values `plus` and the one with
/// `minus`, colours swapped, returning the points of `plus` minus those of `minus`
/// (−2 … 2). `iteration` is the pair's iteration (1-based), e.g. to pick its opening.
pub trait Match {
    /// Plays one pair.
    fn play_pair(&mut self, plus: &[f64], minus: &[f64], iteration: u64) -> f64;
}

impl<F: FnMut(&[f64], &[f64], u64) -> f64> Match for F {
    fn play_pair(&mut self, plus: &[f64], minus: &[f64], iteration: u64) -> f64 {
        self(plus, minus, iteration)
    }
}

/// One iteration's perturbation, drawn by [`Spsa::trial`]: what to play, and what
/// [`Spsa::apply`] needs to step.
#[derive(Clone, Debug, PartialEq)]
pub struct Trial {
    /// The iteration, 1-based.
    pub iteration: u64,
    /// The flips Δ, ±1 per parameter.
    pub flips: Vec<f64>,
    /// The perturbation c_k per parameter.
    pub c: Vec<f64>,
    /// θ + c_k·Δ, clamped.
    pub plus: Vec<f64>,
    /// θ − c_k·Δ, clamped.
    pub minus: Vec<f64>,
}

/// The tuner: the parameters, the schedule and the flips' generator.
pub struct Spsa {
    params: Vec<Param>,
    iterations: u64,
    /// Trials drawn so far (the next one is iteration `drawn + 1`).
    drawn: u64,
    /// Results applied so far.
    applied: u64,
    rng: Rng,
}

impl Spsa {
    /// A tuner of `params` over `iterations` iterations (at least 1), its flips drawn
    /// from `seed`.
    pub fn new(params: Vec<Param>, iterations: u64, seed: u64) -> Result<Spsa> {
        if iterations == 0 {
            return Err(TrainerError::Usage("want at least 1 iteration".to_string()));
        }
        Ok(Spsa {
            params,
            iterations,
            drawn: 0,
            applied: 0,
            rng: Rng::new(seed),
        })
    }

    /// The parameters as they stand.
    pub fn params(&self) -> &[Param] {
        &self.params
    }

    /// The iterations of the run.
    pub fn iterations(&self) -> u64 {
        self.iterations
    }

    /// The results applied so far.
    pub fn applied(&self) -> u64 {
        self.applied
    }

    /// Whether every iteration's trial has been drawn.
    pub fn all_drawn(&self) -> bool {
        self.drawn >= self.iterations
    }

    /// The perturbation c_k of `p` at iteration `k`.
    pub fn c_k(&self, p: &Param, k: u64) -> f64 {
        let n = self.iterations as f64;
        p.c_end * n.powf(GAMMA) / (k as f64).powf(GAMMA)
    }

    /// The gain a_k of `p` at iteration `k`.
    pub fn a_k(&self, p: &Param, k: u64) -> f64 {
        let n = self.iterations as f64;
        let big_a = STABILITY * n;
        p.r_end * p.c_end * p.c_end * (big_a + n).powf(ALPHA) / (big_a + k as f64).powf(ALPHA)
    }

    /// The learning rate r_k = a_k / c_k² of `p` at iteration `k`.
    pub fn r_k(&self, p: &Param, k: u64) -> f64 {
        let c = self.c_k(p, k);
        self.a_k(p, k) / (c * c)
    }

    /// Draws the next iteration's flips around the current values (`None` once all
    /// iterations are drawn). Several trials may be drawn before their results are
    /// applied (games played at once): they share the values they were drawn from.
    pub fn trial(&mut self) -> Option<Trial> {
        if self.all_drawn() {
            return None;
        }
        self.drawn += 1;
        let k = self.drawn;
        let mut trial = Trial {
            iteration: k,
            flips: Vec::new(),
            c: Vec::new(),
            plus: Vec::new(),
            minus: Vec::new(),
        };
        for p in &self.params {
            let flip = if self.rng.next_u64() & 1 == 1 {
                1.0
            } else {
                -1.0
            };
            let c = self.c_k(p, k);
            trial.flips.push(flip);
            trial.c.push(c);
            trial.plus.push((p.value + c * flip).clamp(p.min, p.max));
            trial.minus.push((p.value - c * flip).clamp(p.min, p.max));
        }
        Some(trial)
    }

    /// Steps the parameters by `trial`'s result (the points of `plus` minus those of
    /// `minus`): `θ_i += r_k · c_k · result · Δ_i`, clamped.
    pub fn apply(&mut self, trial: &Trial, result: f64) {
        let k = trial.iteration;
        for i in 0..self.params.len() {
            let r = self.r_k(&self.params[i], k);
            let p = &mut self.params[i];
            p.value = (p.value + r * trial.c[i] * result * trial.flips[i]).clamp(p.min, p.max);
        }
        self.applied += 1;
    }

    /// One iteration: draws its trial, plays its pair, applies the result. Returns the
    /// iteration and its result, or `None` once the run is over.
    pub fn step(&mut self, games: &mut impl Match) -> Option<(u64, f64)> {
        let trial = self.trial()?;
        let result = games.play_pair(&trial.plus, &trial.minus, trial.iteration);
        self.apply(&trial, result);
        Some((trial.iteration, result))
    }

    /// Every remaining iteration, one after another; returns the tuned parameters.
    pub fn run(&mut self, games: &mut impl Match) -> &[Param] {
        while self.step(games).is_some() {}
        &self.params
    }
}
