//! `trainer train`: trains the NNUE net of `nets/README.md` on labelled positions (text,
//! binary or game packs, see `trainer convert`) and writes it in the net file format.
//!
//! Loads the positions through the filters (each an option), fits SCALE to the data
//! unless `--scale` gives it, holds out whole games (`--val-share` of them for validation,
//! `--test-share` for test; games found as `trainer::heldout` describes), then
//! runs AdamW with cosine decay for `--epochs` epochs (or over `--positions` positions
//! seen). `--buckets` chooses architecture 2 (8 output buckets, the default) or 1, and
//! `--width` the width of the hidden layer (256 unless 384, 512, 768 or 1024). After
//! every epoch the quantised net goes to `<out>.epochN.nnue` (`<out>` without its `.nnue`); at the end the net
//! with the best validation loss goes to `--out`, and its loss on the test games is
//! measured once and printed in the summary. Progress (a bar on a terminal, a log line every 20 s and one per epoch
//! otherwise) and a summary go to stderr.

use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::cli::convert::parse_bad;
use crate::error::{Result, TrainerError};
use crate::nnue::data::{BadInput, Dataset, Filters, LoadReport};
use crate::nnue::net::{architecture_text, is_width, widths_text};
use crate::nnue::pack::load_dataset;
use crate::nnue::train::{fit_scale, train_from, Event, TrainOptions, TrainingRun};
use chariot::progress::Progress;

/// `trainer train`'s flags.
#[derive(clap::Args)]
pub struct Args {
    /// A data file: a game pack (`.pack`), binary (`.bin`) or text; repeat for more; `-`
    /// is standard input (text).
    #[arg(long, value_name = "FILE", required = true)]
    pub data: Vec<String>,
    /// The net file written (the best epoch's); checkpoints go to `<out>.epochN.nnue`.
    #[arg(long, value_name = "FILE", default_value = "net.nnue")]
    pub out: String,
    /// Epochs (1-100000).
    #[arg(long, value_name = "N", default_value_t = TrainOptions::default().epochs as u64)]
    pub epochs: u64,
    /// The run's budget in training positions seen (e.g. 150000000): the learning rate
    /// falls to --lr-end over exactly this many, whatever the size of the data, and
    /// the number of epochs follows (the last may be partial); replaces --epochs.
    #[arg(long, value_name = "N")]
    pub positions: Option<u64>,
    /// Go on with a run from its state file (`<out>.state`, written after every epoch):
    /// the same --data and settings are needed (they are checked), and the run then
    /// ends exactly as it would have without the break.
    #[arg(long, value_name = "FILE")]
    pub resume: Option<String>,
    /// End this sitting after epoch N of the run (its state is kept for --resume).
    #[arg(long, value_name = "N")]
    pub stop_after: Option<u64>,
    /// Output buckets: 8 (architecture 2, chosen by the number of pieces) or 1
    /// (architecture 1).
    #[arg(long, value_name = "1|8", default_value_t = TrainOptions::default().buckets as u64)]
    pub buckets: u64,
    /// The width of the hidden layer, neurons per perspective: 256, 384, 512, 768 or
    /// 1024 (the net file's hidden size).
    #[arg(long, value_name = "N", default_value_t = TrainOptions::default().width, value_parser = width)]
    pub width: usize,
    /// King mirroring: a perspective whose king stands right of the middle file sees
    /// the board mirrored (net file flag; the engine refreshes that perspective when the
    /// king crosses the middle file).
    #[arg(long, value_name = "on|off", default_value = "off", value_parser = on_off, action = clap::ArgAction::Set)]
    pub king_mirror: bool,
    /// Positions per batch (1-2^24).
    #[arg(long, value_name = "N", default_value_t = TrainOptions::default().batch as u64)]
    pub batch: u64,
    /// The learning rate at the start (cosine decay to --lr-end).
    #[arg(long, value_name = "X", default_value_t = TrainOptions::default().lr, value_parser = non_negative_f32)]
    pub lr: f32,
    /// The learning rate at the end (default: --lr / 30).
    #[arg(long, value_name = "X", value_parser = non_negative_f32)]
    pub lr_end: Option<f32>,
    /// AdamW's weight decay.
    #[arg(long, value_name = "X", default_value_t = TrainOptions::default().weight_decay, value_parser = non_negative_f32)]
    pub wd: f32,
    /// The share of the search score in the target (the rest is the result; at most 1).
    #[arg(long, value_name = "X", default_value_t = TrainOptions::default().lambda, value_parser = non_negative_f32)]
    pub lambda: f32,
    /// λ at the run's end: λ moves in a straight line from --lambda to this (the
    /// validation and test losses use it); default: --lambda throughout.
    #[arg(long, value_name = "X", value_parser = non_negative_f32)]
    pub lambda_end: Option<f32>,
    /// SCALE, engine units per unit of the net's output (at least 1; default: fitted
    /// to the data).
    #[arg(long, value_name = "N", value_parser = non_negative)]
    pub scale: Option<f64>,
    /// Train on left-right mirrored positions too (each drawn at random).
    #[arg(long, value_name = "on|off", default_value = "on", value_parser = on_off, action = clap::ArgAction::Set)]
    pub mirror: bool,
    /// Seed of the initial net, the split and the order of the positions.
    #[arg(long, value_name = "N", default_value_t = TrainOptions::default().seed)]
    pub seed: u64,
    /// Threads (1-256; default: the machine's).
    #[arg(long, value_name = "N", default_value_t = TrainOptions::default().threads as u64)]
    pub threads: u64,
    /// The share of games held out for validation (at most 0.5).
    #[arg(long, value_name = "X", default_value_t = TrainOptions::default().val_share, value_parser = non_negative)]
    pub val_share: f64,
    /// The share of games held out for test (at most 0.45).
    #[arg(long, value_name = "X", default_value_t = TrainOptions::default().test_share, value_parser = non_negative)]
    pub test_share: f64,
    /// Load at most N positions (after the filters).
    #[arg(long, value_name = "N")]
    pub max_positions: Option<u64>,
    /// A malformed line, record or game: stop (abort) or skip it and count it (skip).
    #[arg(long, value_name = "abort|skip", default_value = "abort", value_parser = parse_bad)]
    pub bad: BadInput,
    /// Drop positions whose side to move is in check.
    #[arg(long, value_name = "on|off", default_value = "on", value_parser = on_off, action = clap::ArgAction::Set)]
    pub skip_check: bool,
    /// Drop positions whose (known) move captures.
    #[arg(long, value_name = "on|off", default_value = "on", value_parser = on_off, action = clap::ArgAction::Set)]
    pub skip_captures: bool,
    /// Drop mate scores (|score| ≥ 20000).
    #[arg(long, value_name = "on|off", default_value = "on", value_parser = on_off, action = clap::ArgAction::Set)]
    pub skip_mates: bool,
    /// Drop positions before this full-move number.
    #[arg(long, value_name = "N", default_value_t = u64::from(Filters::default().min_fullmove))]
    pub min_fullmove: u64,
    /// Drop positions with |score| above this (at most 32000).
    #[arg(long, value_name = "N", default_value_t = Filters::default().max_score as u64)]
    pub max_score: u64,
}

/// A finite number ≥ 0.
fn non_negative(value: &str) -> Result<f64> {
    value
        .parse::<f64>()
        .ok()
        .filter(|x| x.is_finite() && *x >= 0.0)
        .ok_or_else(|| TrainerError::Usage(format!("bad value {value}")))
}

/// A finite number ≥ 0, read as `f64` and stored as `f32`.
fn non_negative_f32(value: &str) -> Result<f32> {
    non_negative(value).map(|x| x as f32)
}

/// A width the nets may have ([`crate::nnue::net::WIDTHS`]).
fn width(value: &str) -> Result<usize> {
    value
        .parse::<usize>()
        .ok()
        .filter(|&w| is_width(w))
        .ok_or_else(|| {
            TrainerError::Usage(format!(
                "width {value}: the accepted widths are {}",
                widths_text()
            ))
        })
}

/// `on`/`true`/`1` or `off`/`false`/`0`.
fn on_off(value: &str) -> Result<bool> {
    match value {
        "on" | "true" | "1" => Ok(true),
        "off" | "false" | "0" => Ok(false),
        _ => Err(TrainerError::Usage(format!("want on or off, got {value}"))),
    }
}

/// The trainer's options from the flags, clamped to their ranges (SCALE is set later).
fn train_options(a: &Args) -> TrainOptions {
    let lr = a.lr;
    TrainOptions {
        epochs: a.epochs.clamp(1, 100_000) as usize,
        positions: a.positions.map(|n| n.clamp(1, 1 << 40) as usize),
        buckets: a.buckets.min(64) as usize,
        width: a.width,
        stop_after: a.stop_after.map(|n| n.min(1 << 40) as usize),
        king_mirror: a.king_mirror,
        batch: a.batch.clamp(1, 1 << 24) as usize,
        lr,
        lr_end: a.lr_end.unwrap_or(lr / 30.0),
        weight_decay: a.wd,
        lambda: a.lambda.min(1.0),
        lambda_end: a.lambda_end.map(|x| x.min(1.0)),
        mirror: a.mirror,
        seed: a.seed,
        threads: chariot::input::cli_threads(a.threads, chariot::search::MAX_THREADS, "--threads"),
        val_share: a.val_share.min(0.5),
        test_share: a.test_share.min(0.45),
        ..TrainOptions::default()
    }
}

fn filters(a: &Args) -> Filters {
    Filters {
        in_check: a.skip_check,
        captures: a.skip_captures,
        mates: a.skip_mates,
        min_fullmove: a.min_fullmove.min(u64::from(u16::MAX)) as u16,
        max_score: a.max_score.min(32000) as i32,
    }
}

/// `<out>.epochN.nnue`, with a trailing `.nnue` of `<out>` dropped.
fn checkpoint_path(out: &str, epoch: usize) -> PathBuf {
    let stem = out.strip_suffix(".nnue").unwrap_or(out);
    PathBuf::from(format!("{stem}.epoch{epoch}.nnue"))
}

/// `<out>.state`, with a trailing `.nnue` of `<out>` dropped.
fn state_path(out: &str) -> PathBuf {
    let stem = out.strip_suffix(".nnue").unwrap_or(out);
    PathBuf::from(format!("{stem}.state"))
}

/// Loads the positions through the filters and says what was kept.
fn load(a: &Args, started: Instant) -> Result<(Dataset, LoadReport)> {
    let limit = a.max_positions.map(|n| n as usize);
    let (data, report) = load_dataset(&a.data, &filters(a), a.bad, limit)?;
    for example in &report.bad_examples {
        eprintln!("train: skipped {example}");
    }
    eprintln!("train: {report} ({:.1} s)", started.elapsed().as_secs_f64());
    if data.records.is_empty() {
        return Err(TrainerError::Training(
            "no positions left to train on".to_string(),
        ));
    }
    Ok((data, report))
}

/// Sets SCALE (given, or fitted to the data) and prints the settings.
fn settle_scale(a: &Args, t: &mut TrainOptions, data: &Dataset) {
    let scale_note = match a.scale {
        Some(s) => {
            t.scale = s.round().max(1.0) as f32;
            "given"
        }
        None => {
            t.scale = fit_scale(&data.records);
            "fitted"
        }
    };
    eprintln!(
        "train: net {}, SCALE {} ({scale_note}), lambda {}{}, {}, batch {}, lr {} → {}, {} threads, mirror {}, {} output bucket(s), king mirroring {}",
        architecture_text(t.width, t.buckets),
        t.scale,
        t.lambda,
        t.lambda_end.map_or(String::new(), |e| format!(" → {e}")),
        match t.positions {
            Some(n) => format!("{n} positions seen"),
            None => format!("{} epochs", t.epochs),
        },
        t.batch,
        t.lr,
        t.lr_end,
        t.threads,
        if t.mirror { "on" } else { "off" },
        t.buckets,
        if t.king_mirror { "on" } else { "off" }
    );
}

/// What the training run reports as it goes: the split, a bar or a log line every
/// 20 s for the batches, and a line (and a checkpoint) per epoch.
struct Reporter<'a> {
    options: &'a TrainOptions,
    games: usize,
    out: &'a str,
    training: Instant,
    last_progress: Instant,
    progress: Progress,
}

impl Reporter<'_> {
    fn event(&mut self, event: Event<'_>) {
        match event {
            Event::Split(split) => self.progress.println(&format!(
                "train: split by game: {} games; training {} positions ({} games), validation {} \
                 ({} games, share {}), test {} ({} games, share {})",
                self.games,
                split.train.len(),
                split.train_games,
                split.validation.len(),
                split.validation_games,
                self.options.val_share,
                split.test.len(),
                split.test_games,
                self.options.test_share
            )),
            Event::Batch {
                epoch,
                epochs,
                done,
                total,
                loss,
            } => self.batch(epoch, epochs, done, total, loss),
            Event::Epoch { report, net, state } => {
                let state_path = state_path(self.out);
                if let Err(e) = crate::nnue::state::write(&state_path, state) {
                    self.progress.println(&format!("train: state: {e}"));
                }
                let epochs = report.epochs;
                let elapsed = self.training.elapsed().as_secs_f64();
                let eta = elapsed / report.epoch as f64 * (epochs - report.epoch) as f64;
                let val = report
                    .val_loss
                    .map_or("-".to_string(), |v| format!("{v:.6}"));
                let path = checkpoint_path(self.out, report.epoch);
                if let Err(e) = net.write(&path) {
                    self.progress.println(&format!("train: checkpoint: {e}"));
                }
                self.progress.println(&format!(
                    "train: epoch {}/{epochs}: training loss {:.6}, validation loss {val}, \
                     {:.0} positions/s (update {:.1} %), {:.0} s, ETA {:.0} s → {}",
                    report.epoch,
                    report.train_loss,
                    report.positions_per_s,
                    100.0 * report.update_seconds / report.seconds.max(1e-9),
                    report.seconds,
                    eta,
                    path.display()
                ));
            }
        }
    }

    fn batch(&mut self, epoch: usize, epochs: usize, done: usize, total: usize, loss: f64) {
        if self.progress.is_quiet() {
            if self.last_progress.elapsed().as_secs() >= 20 && done < total {
                self.last_progress = Instant::now();
                eprintln!(
                    "train: epoch {epoch}: {done}/{total} positions, training loss {loss:.6}"
                );
            }
            return;
        }
        let position = ((epoch - 1) * total + done) as u64;
        let rate = position as f64 / self.training.elapsed().as_secs_f64().max(1e-9);
        self.progress.set_length((epochs * total) as u64);
        self.progress.update(
            position,
            format!("epoch {epoch}/{epochs}, loss {loss:.6}, {rate:.0} positions/s"),
        );
    }
}

/// The closing line.
fn summary(a: &Args, t: &TrainOptions, run: &TrainingRun, report: &LoadReport, started: Instant) {
    let fmt_loss = |l: Option<f64>| l.map_or("-".to_string(), |v| format!("{v:.6}"));
    eprintln!(
        "train: done: {} training + {} validation + {} test positions ({} + {} + {} games; \
         {report}); SCALE {}, lambda {}, {} epochs; validation loss {} at the start, best {} \
         (epoch {}); test loss {} (the best net, once); {:.0} positions/s; {:.0} s in all; \
         wrote {} ({})",
        run.train_positions,
        run.val_positions,
        run.test_positions,
        run.train_games,
        run.val_games,
        run.test_games,
        run.best.scale_u32(),
        t.lambda,
        run.epochs.len(),
        fmt_loss(run.initial_val_loss),
        fmt_loss(run.best_val_loss()),
        run.best_epoch,
        fmt_loss(run.test_loss),
        run.positions_per_s(),
        started.elapsed().as_secs_f64(),
        a.out,
        architecture_text(run.best.width, run.best.buckets)
    );
}

/// `trainer train`.
pub fn run(a: &Args) -> Result<()> {
    let started = Instant::now();
    let mut t = train_options(a);
    let (data, report) = load(a, started)?;
    settle_scale(a, &mut t, &data);
    let mut reporter = Reporter {
        options: &t,
        games: data.games.len(),
        out: &a.out,
        training: Instant::now(),
        last_progress: Instant::now(),
        progress: Progress::new(
            0,
            "train {bar:30} {percent}% {msg}, {elapsed} elapsed, {eta} left",
        ),
    };
    let resume = match &a.resume {
        Some(path) => {
            let s = crate::nnue::state::read(Path::new(path))?;
            eprintln!("train: resuming {path} after epoch {}", s.epoch);
            Some(s)
        }
        None => None,
    };
    let outcome = train_from(&data.records, &data.games, &t, resume, |event| {
        reporter.event(event)
    });
    reporter.progress.finish();
    let outcome = outcome?;
    outcome.best.write(Path::new(&a.out))?;
    summary(a, &t, &outcome, &report, started);
    Ok(())
}
