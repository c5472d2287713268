//! `train`: trains the NNUE net of `nets/README.md` on labelled positions (text or
//! binary, see `convert-data`) and writes it in the net file format.
//!
//! Loads the positions through the filters (each an option), fits SCALE to the data
//! unless `-scale` gives it, holds out whole games (`-val-share` of them for validation,
//! `-test-share` for test; games found as `trainer::heldout` describes), then
//! runs AdamW with cosine decay for `-epochs` epochs. After every epoch the quantised
//! net goes to `<out>.epochN.nnue` (`<out>` without its `.nnue`); at the end the net
//! with the best validation loss goes to `-out`, and its loss on the test games is
//! measured once and printed in the summary. Progress and a summary go to stderr.

use std::path::PathBuf;
use std::time::Instant;

use trainer::nnue::data::{load_dataset, BadInput, Filters};
use trainer::nnue::train::{fit_scale, train, Event, TrainOptions};

struct Options {
    data: Vec<String>,
    out: String,
    train: TrainOptions,
    scale: Option<f32>,
    filters: Filters,
    bad: BadInput,
    limit: Option<usize>,
}

fn on_off(flag: &str, value: &str) -> Result<bool, String> {
    match value {
        "on" | "true" | "1" => Ok(true),
        "off" | "false" | "0" => Ok(false),
        _ => Err(format!("{flag}: want on or off, got {value}")),
    }
}

fn parse_args() -> Result<Options, String> {
    let mut o = Options {
        data: Vec::new(),
        out: "net.nnue".to_string(),
        train: TrainOptions::default(),
        scale: None,
        filters: Filters::default(),
        bad: BadInput::Abort,
        limit: None,
    };
    let mut lr_end = None;
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let flag = args[i].as_str();
        let value = args
            .get(i + 1)
            .ok_or_else(|| format!("{flag} needs a value"))?;
        let bad = || format!("{flag}: bad value {value}");
        let int = || value.parse::<u64>().map_err(|_| bad());
        let real = || {
            value
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && *x >= 0.0)
                .ok_or_else(bad)
        };
        let t = &mut o.train;
        match flag {
            "-data" => o.data.push(value.clone()),
            "-out" => o.out = value.clone(),
            "-epochs" => t.epochs = int()?.clamp(1, 100_000) as usize,
            "-batch" => t.batch = int()?.clamp(1, 1 << 24) as usize,
            "-lr" => t.lr = real()? as f32,
            "-lr-end" => lr_end = Some(real()? as f32),
            "-wd" => t.weight_decay = real()? as f32,
            "-lambda" => t.lambda = real()?.min(1.0) as f32,
            "-scale" => o.scale = Some(real()?.round().max(1.0) as f32),
            "-mirror" => t.mirror = on_off(flag, value)?,
            "-seed" => t.seed = int()?,
            "-threads" => t.threads = int()?.clamp(1, 256) as usize,
            "-val-share" => t.val_share = real()?.min(0.5),
            "-test-share" => t.test_share = real()?.min(0.45),
            "-max-positions" => o.limit = Some(int()? as usize),
            "-skip-check" => o.filters.in_check = on_off(flag, value)?,
            "-skip-captures" => o.filters.captures = on_off(flag, value)?,
            "-skip-mates" => o.filters.mates = on_off(flag, value)?,
            "-min-fullmove" => o.filters.min_fullmove = int()?.min(u64::from(u16::MAX)) as u16,
            "-max-score" => o.filters.max_score = int()?.min(32000) as i32,
            "-bad" => {
                o.bad = BadInput::parse(value)
                    .ok_or_else(|| format!("-bad: want abort or skip, got {value}"))?
            }
            other => return Err(format!("unknown option {other}")),
        }
        i += 2;
    }
    o.train.lr_end = lr_end.unwrap_or(o.train.lr / 20.0);
    if o.data.is_empty() {
        return Err("no -data file".to_string());
    }
    Ok(o)
}

/// `<out>.epochN.nnue`, with a trailing `.nnue` of `<out>` dropped.
fn checkpoint_path(out: &str, epoch: usize) -> PathBuf {
    let stem = out.strip_suffix(".nnue").unwrap_or(out);
    PathBuf::from(format!("{stem}.epoch{epoch}.nnue"))
}

fn fail(e: String) -> ! {
    eprintln!("train: {e}");
    std::process::exit(2);
}

fn main() {
    let mut o = match parse_args() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("train: {e}");
            eprintln!(
                "usage: train -data FILE [-data FILE..] [-out FILE] [-epochs N] [-batch N] [-lr X] [-lr-end X]\n\
                 \x20            [-wd X] [-lambda X] [-scale N] [-mirror on|off] [-seed N] [-threads N]\n\
                 \x20            [-val-share X] [-test-share X] [-max-positions N] [-bad abort|skip]\n\
                 \x20            [-skip-check on|off] [-skip-captures on|off] [-skip-mates on|off]\n\
                 \x20            [-min-fullmove N] [-max-score N]"
            );
            std::process::exit(2);
        }
    };
    let started = Instant::now();
    let (data, report) =
        load_dataset(&o.data, &o.filters, o.bad, o.limit).unwrap_or_else(|e| fail(e));
    let records = data.records;
    for example in &report.bad_examples {
        eprintln!("train: skipped {example}");
    }
    eprintln!("train: {report} ({:.1} s)", started.elapsed().as_secs_f64());
    if records.is_empty() {
        fail("no positions left to train on".to_string());
    }
    let scale_note = match o.scale {
        Some(s) => {
            o.train.scale = s;
            "given"
        }
        None => {
            o.train.scale = fit_scale(&records);
            "fitted"
        }
    };
    eprintln!(
        "train: SCALE {} ({scale_note}), lambda {}, {} epochs, batch {}, lr {} → {}, {} threads, mirror {}",
        o.train.scale,
        o.train.lambda,
        o.train.epochs,
        o.train.batch,
        o.train.lr,
        o.train.lr_end,
        o.train.threads,
        if o.train.mirror { "on" } else { "off" }
    );

    let training = Instant::now();
    let mut last_progress = Instant::now();
    let epochs = o.train.epochs;
    let out = o.out.clone();
    let outcome = train(&records, &data.games, &o.train, |event| match event {
        Event::Split(split) => eprintln!(
            "train: split by game: {} games; training {} positions ({} games), validation {} \
             ({} games, share {}), test {} ({} games, share {})",
            data.games.len(),
            split.train.len(),
            split.train_games,
            split.validation.len(),
            split.validation_games,
            o.train.val_share,
            split.test.len(),
            split.test_games,
            o.train.test_share
        ),
        Event::Batch {
            epoch,
            done,
            total,
            loss,
        } => {
            if last_progress.elapsed().as_secs() >= 20 && done < total {
                last_progress = Instant::now();
                eprintln!(
                    "train: epoch {epoch}: {done}/{total} positions, training loss {loss:.6}"
                );
            }
        }
        Event::Epoch { report, net } => {
            let elapsed = training.elapsed().as_secs_f64();
            let eta = elapsed / report.epoch as f64 * (epochs - report.epoch) as f64;
            let val = report
                .val_loss
                .map_or("-".to_string(), |v| format!("{v:.6}"));
            let path = checkpoint_path(&out, report.epoch);
            if let Err(e) = net.write(&path) {
                eprintln!("train: checkpoint: {e}");
            }
            eprintln!(
                "train: epoch {}/{epochs}: training loss {:.6}, validation loss {val}, \
                 {:.0} positions/s (update {:.1} %), {:.0} s, ETA {:.0} s → {}",
                report.epoch,
                report.train_loss,
                report.positions_per_s,
                100.0 * report.update_seconds / report.seconds.max(1e-9),
                report.seconds,
                eta,
                path.display()
            );
        }
    })
    .unwrap_or_else(|e| fail(e));

    if let Err(e) = outcome.best.write(std::path::Path::new(&o.out)) {
        fail(e);
    }
    let fmt_loss = |l: Option<f64>| l.map_or("-".to_string(), |v| format!("{v:.6}"));
    eprintln!(
        "train: done: {} training + {} validation + {} test positions ({} + {} + {} games; \
         {report}); SCALE {}, lambda {}, {} epochs; validation loss {} at the start, best {} \
         (epoch {}); test loss {} (the best net, once); {:.0} positions/s; {:.0} s in all; \
         wrote {}",
        outcome.train_positions,
        outcome.val_positions,
        outcome.test_positions,
        outcome.train_games,
        outcome.val_games,
        outcome.test_games,
        outcome.best.scale_u32(),
        o.train.lambda,
        outcome.epochs.len(),
        fmt_loss(outcome.initial_val_loss),
        fmt_loss(outcome.best_val_loss()),
        outcome.best_epoch,
        fmt_loss(outcome.test_loss),
        outcome.positions_per_s(),
        started.elapsed().as_secs_f64(),
        o.out
    );
}
