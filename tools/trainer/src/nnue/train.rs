//! The trainer's mathematics: targets, the loss, sparse forward and backward passes,
//! AdamW, the epoch loop and the fit of SCALE.
//!
//! Everything is relative to the side to move: for Black to move the target uses
//! `−score` and `1 − result`. The net's raw float output `o` is in units of SCALE
//! (`eval = o · SCALE` engine units), so
//!
//! ```text
//! prediction = sigmoid(o) = sigmoid(eval / SCALE)
//! target     = λ · result + (1 − λ) · sigmoid(score / SCALE)
//! loss       = mean (prediction − target)²
//! ```
//!
//! Each batch is split into one contiguous chunk per thread; each chunk's forward and
//! backward passes add into that thread's own gradient buffer (the feature layer's
//! gradient touches only the rows of the ~64 active features of each sample), the
//! buffers are summed in a fixed order and AdamW updates every parameter densely (the
//! update is a small share of a batch's time: the trainer reports it). With the same
//! seed and thread count a run is reproducible bit for bit.

use rayon::prelude::*;

use super::data::Record;
use super::net::{
    is_width, out_w, params_len, record_features, widths_text, Accumulators, Network,
    DEFAULT_WIDTH, WEIGHT_CLIP,
};
use crate::error::{Result, TrainerError};
use crate::heldout::{Games, Shares, Split};
use chariot::board::Color;
use tourney::rng::Rng;

/// The trainer's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainOptions {
    /// Passes over the training positions (ignored when `positions` is set).
    pub epochs: usize,
    /// The run's budget in positions seen: when set, the learning-rate schedule ends
    /// after this many training positions (the last epoch may be partial) whatever the
    /// size of the data, and the number of epochs follows from it.
    pub positions: Option<usize>,
    /// Positions per optimiser step.
    pub batch: usize,
    /// Learning rate at the start.
    pub lr: f32,
    /// Learning rate at the end (cosine decay from `lr`).
    pub lr_end: f32,
    /// AdamW's decoupled weight decay.
    pub weight_decay: f32,
    /// Weight of the game result in the target (the rest is the score).
    pub lambda: f32,
    /// When set, λ moves in a straight line from `lambda` at the first step to this at
    /// the last ([`lambda_at`]); the validation and test losses use this final λ, so
    /// every epoch's loss is measured against the same target.
    pub lambda_end: Option<f32>,
    /// Engine units per unit of raw output.
    pub scale: f32,
    /// Left-right mirror augmentation: each position is mirrored with probability ½,
    /// drawn afresh every epoch.
    pub mirror: bool,
    /// Seed of the initial weights, the shuffles and the mirror draws.
    pub seed: u64,
    /// Worker threads (and gradient chunks per batch).
    pub threads: usize,
    /// Share of games held out for validation (the loss that picks the best epoch).
    pub val_share: f64,
    /// Share of games held out for test (evaluated once, on the best epoch's net).
    pub test_share: f64,
    /// Output buckets: 1 (architecture 1) or 8 (architecture 2, by piece count).
    pub buckets: usize,
    /// Hidden neurons per perspective: one of [`super::net::WIDTHS`].
    pub width: usize,
    /// King mirroring: a perspective whose king stands right of the middle file sees the
    /// board mirrored ([`super::net::features_of`]).
    pub king_mirror: bool,
    /// End this sitting after this many epochs (of the whole run) even if the run is
    /// planned longer; the state of the last epoch ([`Event::Epoch`]) resumes it.
    pub stop_after: Option<usize>,
}

impl Default for TrainOptions {
    fn default() -> TrainOptions {
        TrainOptions {
            epochs: 10,
            positions: None,
            batch: 16384,
            lr: 1e-3,
            lr_end: 1e-3 / 30.0,
            weight_decay: 0.01,
            lambda: 0.3,
            lambda_end: None,
            scale: 400.0,
            mirror: true,
            seed: 1,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            val_share: 0.05,
            test_share: 0.05,
            buckets: super::net::BUCKETS,
            width: DEFAULT_WIDTH,
            king_mirror: false,
            stop_after: None,
        }
    }
}

/// What one epoch did.
#[derive(Clone, Debug, PartialEq)]
pub struct EpochReport {
    /// 1-based.
    pub epoch: usize,
    /// Epochs in the run.
    pub epochs: usize,
    /// Mean loss over the epoch's batches (weights as they were at each batch).
    pub train_loss: f64,
    /// Loss on the held-out positions after the epoch (`None` without any).
    pub val_loss: Option<f64>,
    /// Seconds of training (validation not included).
    pub seconds: f64,
    /// Of which, seconds spent summing gradients and in the AdamW update.
    pub update_seconds: f64,
    /// Training positions per second.
    pub positions_per_s: f64,
}

/// Progress reported to the caller while training.
pub enum Event<'a> {
    /// Before the first epoch: how the positions were split by game.
    Split(&'a Split),
    /// After each batch.
    Batch {
        /// 1-based epoch.
        epoch: usize,
        /// Epochs in the run.
        epochs: usize,
        /// Positions done in this epoch.
        done: usize,
        /// Positions in an epoch.
        total: usize,
        /// Mean loss so far this epoch.
        loss: f64,
    },
    /// After each epoch, with the network as it is then.
    Epoch {
        /// What the epoch did.
        report: &'a EpochReport,
        /// The network after it.
        net: &'a Network,
        /// Everything needed to go on from here ([`train_from`]).
        state: &'a TrainState,
    },
}

/// What a run produced.
#[derive(Clone, Debug)]
pub struct TrainingRun {
    /// The network with the best validation loss (the last one without validation).
    pub best: Network,
    /// Its loss on the test positions (`None` without any), measured once at the end.
    pub test_loss: Option<f64>,
    /// Its epoch (0 = the initial network).
    pub best_epoch: usize,
    /// The validation loss of the initial network.
    pub initial_val_loss: Option<f64>,
    /// Every epoch's report.
    pub epochs: Vec<EpochReport>,
    /// Positions trained on, held out for validation and for test.
    pub train_positions: usize,
    /// See `train_positions`.
    pub val_positions: usize,
    /// See `train_positions`.
    pub test_positions: usize,
    /// Games trained on, held out for validation and for test.
    pub train_games: usize,
    /// See `train_games`.
    pub val_games: usize,
    /// See `train_games`.
    pub test_games: usize,
}

impl TrainingRun {
    /// The best validation loss, if there was validation.
    pub fn best_val_loss(&self) -> Option<f64> {
        if self.best_epoch == 0 {
            self.initial_val_loss
        } else {
            self.epochs[self.best_epoch - 1].val_loss
        }
    }

    /// Training positions per second over the whole run.
    pub fn positions_per_s(&self) -> f64 {
        let seconds: f64 = self.epochs.iter().map(|e| e.seconds).sum();
        let seen: f64 = self
            .epochs
            .iter()
            .map(|e| e.positions_per_s * e.seconds)
            .sum();
        seen / seconds.max(1e-9)
    }
}

/// The logistic function.
#[inline]
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The score (engine units) and result (0, ½, 1) of a record from the side to move's
/// point of view.
#[inline]
pub fn side_to_move_labels(r: &Record) -> (f32, f32) {
    let score = f32::from(r.score());
    let result = f32::from(r.result_byte()) / 2.0;
    match r.side_to_move() {
        Color::Red => (score, result),
        Color::Black => (-score, 1.0 - result),
    }
}

/// The training target of a record: `λ · result + (1 − λ) · sigmoid(score / SCALE)`,
/// from the side to move's point of view.
#[inline]
pub fn target(r: &Record, scale: f32, lambda: f32) -> f32 {
    let (score, result) = side_to_move_labels(r);
    lambda * result + (1.0 - lambda) * sigmoid(score / scale)
}

/// Splits the positions by game ([`Games::split`]): whole games go to training,
/// validation (`o.val_share` of the games) or test (`o.test_share`), by a hash of
/// each game's first position (see [`crate::heldout`]).
pub fn split_by_game(games: &Games, o: &TrainOptions) -> Split {
    games.split(Shares {
        validation: o.val_share,
        test: o.test_share,
    })
}

/// Fits SCALE to the data as `tune` fits K: the value (in engine units) that minimises
/// the mean squared error between `sigmoid(score / SCALE)` and the results, over up to
/// 200,000 evenly spaced records, by golden-section search on a log scale in
/// 50..20000. Rounded to a whole number.
pub fn fit_scale(records: &[Record]) -> f32 {
    if records.is_empty() {
        return 400.0;
    }
    let step = (records.len() / 200_000).max(1);
    let sample: Vec<(f64, f64)> = records
        .iter()
        .step_by(step)
        .map(|r| (f64::from(r.score()), f64::from(r.result_byte()) / 2.0))
        .collect();
    let error = |log_scale: f64| {
        let scale = log_scale.exp();
        sample
            .iter()
            .map(|&(s, r)| {
                let d = 1.0 / (1.0 + (-s / scale).exp()) - r;
                d * d
            })
            .sum::<f64>()
    };
    let golden = (5f64.sqrt() - 1.0) / 2.0;
    let (mut lo, mut hi) = (50f64.ln(), 20000f64.ln());
    for _ in 0..60 {
        let a = hi - golden * (hi - lo);
        let b = lo + golden * (hi - lo);
        if error(a) < error(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (((lo + hi) / 2.0).exp().round() as f32).max(1.0)
}

/// Mirror flag in an index of the shuffled order.
const MIRROR_BIT: u32 = 1 << 31;

/// The mean loss of `net` over the records at `indices` (no mirroring).
pub fn loss(net: &Network, records: &[Record], indices: &[u32], lambda: f32) -> f64 {
    if indices.is_empty() {
        return 0.0;
    }
    let sums: Vec<f64> = indices
        .par_chunks(4096)
        .map(|chunk| {
            let mut acc = Accumulators::new(net.width);
            chunk
                .iter()
                .map(|&i| {
                    let r = &records[i as usize];
                    let o = net.forward(&record_features(r, false, net.king_mirror), &mut acc);
                    let d = sigmoid(o) - target(r, net.scale, lambda);
                    f64::from(d * d)
                })
                .sum::<f64>()
        })
        .collect();
    sums.iter().sum::<f64>() / indices.len() as f64
}

/// Adds `delta` to row `f` of the feature layer's gradient (`delta.len()` wide).
#[inline]
fn add_row(grad: &mut [f32], f: u16, delta: &[f32]) {
    let width = delta.len();
    let row = &mut grad[usize::from(f) * width..][..width];
    for (g, d) in row.iter_mut().zip(delta) {
        *g += d;
    }
}

/// A thread's room for one sample's passes (the accumulators and their gradients),
/// allocated once per batch.
struct Scratch {
    acc: Accumulators,
    d_us: Vec<f32>,
    d_them: Vec<f32>,
}

impl Scratch {
    fn new(width: usize) -> Scratch {
        Scratch {
            acc: Accumulators::new(width),
            d_us: vec![0.0; width],
            d_them: vec![0.0; width],
        }
    }
}

/// Forward and backward pass of one sample, adding the gradient of its squared error
/// into `grad`; returns the squared error. `scratch` is room for the passes.
fn sample_gradient(
    net: &Network,
    r: &Record,
    mirror: bool,
    lambda: f32,
    grad: &mut [f32],
    scratch: &mut Scratch,
) -> f32 {
    let width = net.width;
    let f = record_features(r, mirror, net.king_mirror);
    let o = net.forward(&f, &mut scratch.acc);
    let bucket = net.bucket(&f);
    let p = sigmoid(o);
    let e = p - target(r, net.scale, lambda);
    let g = 2.0 * e * p * (1.0 - p);

    let w_at = net.out_weights_at(bucket);
    let w = &net.params[w_at..w_at + 2 * width];
    let (g_ft, rest) = grad.split_at_mut(net.ft_bias_at());
    let (g_bias, rest) = rest.split_at_mut(width);
    grad_out_bias(rest, net, bucket, g);
    let g_out = &mut rest[w_at - out_w(width)..][..2 * width];
    let Scratch { acc, d_us, d_them } = scratch;
    for (half, (acc, delta)) in [(&acc.us, &mut *d_us), (&acc.them, &mut *d_them)]
        .into_iter()
        .enumerate()
    {
        let w = &w[half * width..][..width];
        let g_out = &mut g_out[half * width..][..width];
        for (((&a, &w), g_out), delta) in acc.iter().zip(w).zip(g_out).zip(delta.iter_mut()) {
            let c = a.clamp(0.0, 1.0);
            *g_out += g * c * c;
            // d screlu / d acc = 2·acc inside (0, 1), 0 outside (2c is 0 below 0).
            let slope = if a < 1.0 { 2.0 * c } else { 0.0 };
            *delta = g * w * slope;
        }
    }
    for ((b, u), t) in g_bias.iter_mut().zip(d_us.iter()).zip(d_them.iter()) {
        *b += u + t;
    }
    for &feature in f.us() {
        add_row(g_ft, feature, d_us);
    }
    for &feature in f.them() {
        add_row(g_ft, feature, d_them);
    }
    e * e
}

/// Adds `g` to the gradient of bucket `bucket`'s output bias; `rest` is the gradient from
/// the output weights on.
#[inline]
fn grad_out_bias(rest: &mut [f32], net: &Network, bucket: usize, g: f32) {
    rest[net.out_bias_at(bucket) - out_w(net.width)] += g;
}

/// AdamW's moment estimates.
#[derive(Clone, Debug, PartialEq)]
pub struct Adam {
    /// First moments, one per parameter.
    pub m: Vec<f32>,
    /// Second moments, one per parameter.
    pub v: Vec<f32>,
    /// Updates made.
    pub step: i32,
}

impl Adam {
    const BETA1: f32 = 0.9;
    const BETA2: f32 = 0.999;
    const EPSILON: f32 = 1e-8;

    /// Zero moments for `params` parameters.
    pub fn new(params: usize) -> Adam {
        Adam {
            m: vec![0.0; params],
            v: vec![0.0; params],
            step: 0,
        }
    }

    /// One step with the mean gradient `grad`, then the clip to ±[`WEIGHT_CLIP`].
    fn update(&mut self, params: &mut [f32], grad: &[f32], lr: f32, decay: f32) {
        self.step += 1;
        let c1 = 1.0 / (1.0 - Adam::BETA1.powi(self.step));
        let c2 = 1.0 / (1.0 - Adam::BETA2.powi(self.step));
        const CHUNK: usize = 16384;
        params
            .par_chunks_mut(CHUNK)
            .zip(self.m.par_chunks_mut(CHUNK))
            .zip(self.v.par_chunks_mut(CHUNK))
            .zip(grad.par_chunks(CHUNK))
            .for_each(|(((p, m), v), g)| {
                for i in 0..p.len() {
                    m[i] = Adam::BETA1 * m[i] + (1.0 - Adam::BETA1) * g[i];
                    v[i] = Adam::BETA2 * v[i] + (1.0 - Adam::BETA2) * g[i] * g[i];
                    let step = (m[i] * c1) / ((v[i] * c2).sqrt() + Adam::EPSILON);
                    let w = p[i] - lr * (step + decay * p[i]);
                    p[i] = w.clamp(-WEIGHT_CLIP, WEIGHT_CLIP);
                }
            });
    }
}

/// The learning rate after `step` of `total` steps: cosine from `lr` to `lr_end`.
pub fn learning_rate(o: &TrainOptions, step: usize, total: usize) -> f32 {
    let t = step as f32 / total.max(1) as f32;
    o.lr_end + 0.5 * (o.lr - o.lr_end) * (1.0 + (std::f32::consts::PI * t).cos())
}

/// λ at `step` of `total` steps: `lambda` throughout, or with `lambda_end` the straight
/// line from `lambda` (step 0) to `lambda_end` (the last step).
pub fn lambda_at(o: &TrainOptions, step: usize, total: usize) -> f32 {
    match o.lambda_end {
        None => o.lambda,
        Some(end) => {
            let t = step as f32 / total.saturating_sub(1).max(1) as f32;
            o.lambda + (end - o.lambda) * t.min(1.0)
        }
    }
}

/// The λ that the validation and test losses use: the run's final λ.
pub fn measured_lambda(o: &TrainOptions) -> f32 {
    o.lambda_end.unwrap_or(o.lambda)
}

/// Per-thread gradient buffers and their sum.
struct Gradients {
    parts: Vec<Vec<f32>>,
    total: Vec<f32>,
}

impl Gradients {
    fn new(threads: usize, params: usize) -> Gradients {
        Gradients {
            parts: (0..threads).map(|_| vec![0.0; params]).collect(),
            total: vec![0.0; params],
        }
    }

    /// Computes the batch's gradient into the parts; returns the summed squared error.
    fn compute(&mut self, net: &Network, records: &[Record], batch: &[u32], lambda: f32) -> f64 {
        let chunk = batch.len().div_ceil(self.parts.len()).max(1);
        let losses: Vec<f64> = self
            .parts
            .par_iter_mut()
            .zip(batch.par_chunks(chunk))
            .map(|(grad, items)| {
                let mut scratch = Scratch::new(net.width);
                let mut sum = 0.0f64;
                for &item in items {
                    let r = &records[(item & !MIRROR_BIT) as usize];
                    let mirror = item & MIRROR_BIT != 0;
                    let error = sample_gradient(net, r, mirror, lambda, grad, &mut scratch);
                    sum += f64::from(error);
                }
                sum
            })
            .collect();
        losses.iter().sum()
    }

    /// Sums the parts (in thread order) into `total`, scaled by `1 / count`, and
    /// clears the parts.
    fn reduce(&mut self, count: usize) {
        const CHUNK: usize = 16384;
        let scale = 1.0 / count as f32;
        let parts = &self.parts;
        self.total
            .par_chunks_mut(CHUNK)
            .enumerate()
            .for_each(|(k, out)| {
                let start = k * CHUNK;
                out.copy_from_slice(&parts[0][start..start + out.len()]);
                for part in &parts[1..] {
                    for (o, g) in out.iter_mut().zip(&part[start..]) {
                        *o += g;
                    }
                }
                for o in out.iter_mut() {
                    *o *= scale;
                }
            });
        self.parts.par_iter_mut().for_each(|p| p.fill(0.0));
    }
}

/// A run's state after an epoch: with the same data and settings, [`train_from`] goes
/// on from it exactly as the run would have gone on (bit for bit).
#[derive(Clone, Debug, PartialEq)]
pub struct TrainState {
    /// Identifies the data and the settings the state belongs to ([`run_fingerprint`]).
    pub fingerprint: u64,
    /// Epochs done.
    pub epoch: usize,
    /// Optimiser steps done.
    pub step: usize,
    /// The random generator's state (shuffles and mirror draws of the next epochs).
    pub rng: u64,
    /// The network now.
    pub net: Network,
    /// The optimiser's moments.
    pub adam: Adam,
    /// The validation loss of the initial network.
    pub initial_val_loss: Option<f64>,
    /// The best epoch so far (0 = the initial network), its score (validation loss;
    /// −∞ without validation) and its network.
    pub best_epoch: usize,
    /// See `best_epoch`.
    pub best_score: f64,
    /// See `best_epoch`.
    pub best: Network,
    /// The reports of the epochs done.
    pub reports: Vec<EpochReport>,
}

/// A fingerprint of a run: the records (every byte), the split and every setting that
/// shapes the run's arithmetic (not `stop_after`). A state resumes only a run with the
/// same fingerprint. The width enters only when it is not [`DEFAULT_WIDTH`], so that
/// the states written before the width was a setting (all 256 wide) still resume.
pub fn run_fingerprint(records: &[Record], split: &Split, o: &TrainOptions) -> u64 {
    let mut h = super::net::fnv1a64(&(records.len() as u64).to_le_bytes());
    let mut mix = |bytes: &[u8]| {
        for &b in bytes {
            h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    for r in records {
        mix(&r.0);
    }
    for part in [&split.train, &split.validation, &split.test] {
        mix(&(part.len() as u64).to_le_bytes());
        for i in part.iter().step_by(97) {
            mix(&i.to_le_bytes());
        }
    }
    let width = if o.width == DEFAULT_WIDTH {
        String::new()
    } else {
        format!(" width {}", o.width)
    };
    let settings = format!(
        "{} {:?} {} {} {} {} {} {:?} {} {} {} {} {} {} {} {}{width}",
        o.epochs,
        o.positions,
        o.batch,
        o.lr,
        o.lr_end,
        o.weight_decay,
        o.lambda,
        o.lambda_end,
        o.scale,
        o.mirror,
        o.seed,
        o.threads,
        o.val_share,
        o.test_share,
        o.buckets,
        o.king_mirror
    );
    mix(settings.as_bytes());
    h
}

/// Trains a network on `records`, whose games are `games` (from
/// [`load_dataset`](super::data::load_dataset)); whole games are held out for
/// validation and test ([`split_by_game`]). The best epoch is the one of the lowest
/// validation loss; its net's test loss is measured once, at the end. `on_event` hears
/// about every batch and epoch.
///
/// # Errors
/// When there is nothing to train on, `games` does not cover `records`, or an option
/// is out of range.
pub fn train(
    records: &[Record],
    games: &Games,
    o: &TrainOptions,
    on_event: impl FnMut(Event<'_>),
) -> Result<TrainingRun> {
    train_from(records, games, o, None, on_event)
}

/// [`train`], going on from `resume` (a state of an earlier sitting of the same run)
/// when given.
///
/// # Errors
/// As [`train`]; also when `resume` belongs to other data or settings.
pub fn train_from(
    records: &[Record],
    games: &Games,
    o: &TrainOptions,
    resume: Option<TrainState>,
    mut on_event: impl FnMut(Event<'_>),
) -> Result<TrainingRun> {
    if super::net::architecture(o.buckets).is_none() {
        return Err(TrainerError::Training(format!(
            "{} output buckets: the nets have 1 or {}",
            o.buckets,
            super::net::BUCKETS
        )));
    }
    if !is_width(o.width) {
        return Err(TrainerError::Training(format!(
            "width {}: the nets are {} wide",
            o.width,
            widths_text()
        )));
    }
    if o.batch == 0 || o.threads == 0 || o.epochs == 0 {
        return Err(TrainerError::Training(
            "batch, threads and epochs must be positive".to_string(),
        ));
    }
    if records.len() >= MIRROR_BIT as usize {
        return Err(TrainerError::Training(format!(
            "{} positions: at most 2^31",
            records.len()
        )));
    }
    if games.positions() != records.len() {
        return Err(TrainerError::Training(format!(
            "the games cover {} positions, not the {} given",
            games.positions(),
            records.len()
        )));
    }
    let shares_ok = |x: f64| (0.0..=1.0).contains(&x);
    if !shares_ok(o.val_share) || !shares_ok(o.test_share) || o.val_share + o.test_share >= 1.0 {
        return Err(TrainerError::Training(
            "the validation and test shares must be in 0..1 and sum below 1".to_string(),
        ));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(o.threads)
        .build()
        .map_err(|e| TrainerError::Training(format!("thread pool: {e}")))?;
    train_in_pool(
        &pool,
        records,
        split_by_game(games, o),
        o,
        resume,
        &mut on_event,
    )
}

fn train_in_pool(
    pool: &rayon::ThreadPool,
    records: &[Record],
    split: Split,
    o: &TrainOptions,
    resume: Option<TrainState>,
    on_event: &mut impl FnMut(Event<'_>),
) -> Result<TrainingRun> {
    let (train_idx, val_idx) = (&split.train, &split.validation);
    if train_idx.is_empty() {
        return Err(TrainerError::Training("no training positions".to_string()));
    }
    on_event(Event::Split(&split));
    let validate = |net: &Network| {
        (!val_idx.is_empty())
            .then(|| pool.install(|| loss(net, records, val_idx, measured_lambda(o))))
    };
    let fingerprint = run_fingerprint(records, &split, o);
    let mut s = match resume {
        Some(s) if s.net.width != o.width => {
            return Err(TrainerError::Training(format!(
                "the state to resume is of a net {} wide, this run's is {} wide (--width)",
                s.net.width, o.width
            )))
        }
        Some(s) if s.fingerprint != fingerprint => {
            return Err(TrainerError::Training(
                "the state to resume belongs to another run: the data or the settings differ"
                    .to_string(),
            ))
        }
        Some(s) => s,
        None => {
            let mut rng = Rng::new(o.seed);
            let net = Network::random(rng.next_u64(), o.scale, o.width, o.buckets, o.king_mirror);
            let initial_val_loss = validate(&net);
            TrainState {
                fingerprint,
                epoch: 0,
                step: 0,
                rng: rng.state(),
                best: net.clone(),
                net,
                adam: Adam::new(params_len(o.width, o.buckets)),
                initial_val_loss,
                best_epoch: 0,
                best_score: initial_val_loss.unwrap_or(f64::INFINITY),
                reports: Vec::new(),
            }
        }
    };
    let mut rng = Rng::new(s.rng);
    let mut grads = Gradients::new(o.threads, params_len(o.width, o.buckets));
    let steps_per_epoch = train_idx.len().div_ceil(o.batch);
    let total_steps = match o.positions {
        Some(n) => n.div_ceil(o.batch).max(1),
        None => steps_per_epoch * o.epochs,
    };
    let planned_epochs = total_steps.div_ceil(steps_per_epoch);
    let mut order = train_idx.clone();

    for epoch in s.epoch + 1..=planned_epochs {
        if o.stop_after.is_some_and(|last| epoch > last) {
            break;
        }
        let started = std::time::Instant::now();
        let mut update_seconds = 0.0;
        order.copy_from_slice(train_idx);
        rng.shuffle(&mut order);
        if o.mirror {
            for item in &mut order {
                if rng.next_u64() & 1 == 1 {
                    *item |= MIRROR_BIT;
                }
            }
        }
        let mut loss_sum = 0.0;
        let mut done = 0;
        for batch in order.chunks(o.batch) {
            if s.step == total_steps {
                break;
            }
            let lambda = lambda_at(o, s.step, total_steps);
            loss_sum += pool.install(|| grads.compute(&s.net, records, batch, lambda));
            let update = std::time::Instant::now();
            let lr = learning_rate(o, s.step, total_steps);
            pool.install(|| {
                grads.reduce(batch.len());
                s.adam
                    .update(&mut s.net.params, &grads.total, lr, o.weight_decay);
            });
            update_seconds += update.elapsed().as_secs_f64();
            s.step += 1;
            done += batch.len();
            on_event(Event::Batch {
                epoch,
                epochs: planned_epochs,
                done,
                total: order.len(),
                loss: loss_sum / done as f64,
            });
        }
        let seconds = started.elapsed().as_secs_f64();
        let val_loss = validate(&s.net);
        let report = EpochReport {
            epoch,
            epochs: planned_epochs,
            train_loss: loss_sum / done.max(1) as f64,
            val_loss,
            seconds,
            update_seconds,
            positions_per_s: done as f64 / seconds.max(1e-9),
        };
        let score = val_loss.unwrap_or(f64::NEG_INFINITY);
        if score <= s.best_score || val_loss.is_none() {
            s.best_score = score;
            s.best_epoch = epoch;
            s.best = s.net.clone();
        }
        s.epoch = epoch;
        s.rng = rng.state();
        s.reports.push(report);
        on_event(Event::Epoch {
            report: s.reports.last().expect("just pushed"),
            net: &s.net,
            state: &s,
        });
    }
    let test_loss = (!split.test.is_empty())
        .then(|| pool.install(|| loss(&s.best, records, &split.test, measured_lambda(o))));
    Ok(TrainingRun {
        best: s.best,
        best_epoch: s.best_epoch,
        test_loss,
        initial_val_loss: s.initial_val_loss,
        epochs: s.reports,
        train_positions: train_idx.len(),
        val_positions: val_idx.len(),
        test_positions: split.test.len(),
        train_games: split.train_games,
        val_games: split.validation_games,
        test_games: split.test_games,
    })
}
