//! `trainer spsa`: tunes an engine's numeric parameters, exposed as spin options, by
//! SPSA from game pairs ([`crate::spsa`] has the algorithm and the schedule's formulas).
//!
//! The engine (`--engine`, a command line: the program and its arguments, split at
//! spaces) plays itself: each iteration one pair, the engine with `θ + c_k·Δ` against
//! the one with `θ − c_k·Δ`, from the same opening with colours swapped, each value
//! rounded to an integer and sent as `setoption` (with the fixed `--option`s). Before
//! the run the engine is started once to check that it offers every parameter.
//!
//! With `--concurrency K` the pairs are played K at once, each in its own thread: the
//! K trials of a batch are drawn from the same values, and their results applied in
//! iteration order once the whole batch is played (so a run is the same for a seed
//! and the same game results, whatever the timing).
//!
//! Openings: the EPD file of `--openings`, shuffled by the seed and taken in turn (a
//! held-out set is refused), or the start position. The search is limited by
//! `--nodes`, `--depth` or the clock `--tc` (default `10+0.1`).
//!
//! Output: a line `spsa: iteration k/N: NAME=value …` every 10 iterations when standard
//! error is not a terminal (a progress bar when it is), then the tuned parameter file
//! (`--out`, default `<params>.tuned`, values rounded) and on standard output one line
//! per parameter, `NAME VALUE (float)`.

use std::time::Instant;

use chariot::board::Color;
use chariot::progress::Progress;
use tourney::clock::TimeControl;
use tourney::engine::{EngineConfig, EngineProcess, Protocol};
use tourney::game::{play_game, GameSettings};
use tourney::openings::Opening;

use crate::heldout::training_openings;
use tourney::rng::Rng;

use crate::error::{Result, TrainerError};
use crate::spsa::{read_params, write_params, Param, Spsa, Trial};

/// `trainer spsa`'s flags.
#[derive(clap::Args)]
pub struct Args {
    /// The engine's command line (program and arguments, split at spaces).
    #[arg(long, value_name = "CMD")]
    pub engine: String,
    /// Its protocol.
    #[arg(long, value_name = "uci|ucci", default_value = "uci")]
    pub proto: String,
    /// The parameter file: `NAME VALUE MIN MAX C_END R_END` per line.
    #[arg(long, value_name = "FILE")]
    pub params: String,
    /// Iterations (game pairs) of the run.
    #[arg(long, value_name = "N")]
    pub iterations: u64,
    /// EPD file of the openings (default: the start position); a held-out set is
    /// refused.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<String>,
    /// Nodes per move.
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// Depth per move.
    #[arg(long, value_name = "N")]
    pub depth: Option<u32>,
    /// Time control, e.g. `10+0.1` (the default when neither --nodes nor --depth).
    #[arg(long, value_name = "TC")]
    pub tc: Option<String>,
    /// Game pairs played at once (at least 1).
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub concurrency: usize,
    /// Seed of the flips and of the openings' order.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Where the tuned parameter file goes (default: `<params>.tuned`).
    #[arg(long, value_name = "FILE")]
    pub out: Option<String>,
    /// A fixed option for both engines, `NAME=VALUE` (repeatable).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
}

/// The engine both sides play, without the tuned parameters' values.
fn base_engine(args: &Args) -> Result<EngineConfig> {
    let mut words = args.engine.split_whitespace();
    let cmd = words
        .next()
        .ok_or_else(|| TrainerError::Usage("--engine is empty".to_string()))?;
    let proto = Protocol::parse(&args.proto).map_err(|e| TrainerError::Usage(e.to_string()))?;
    let mut e = EngineConfig::new("engine", cmd, proto);
    e.args = words.map(str::to_string).collect();
    for option in &args.options {
        let (name, value) = option.split_once('=').ok_or_else(|| {
            TrainerError::Usage(format!("--option wants NAME=VALUE, got {option}"))
        })?;
        e.options
            .push((name.trim().to_string(), value.trim().to_string()));
    }
    e.limits.nodes = args.nodes;
    e.limits.depth = args.depth;
    let tc = match (&args.tc, args.nodes.or(args.depth.map(u64::from))) {
        (Some(tc), _) => tc.as_str(),
        (None, Some(_)) => "",
        (None, None) => "10+0.1",
    };
    if !tc.is_empty() {
        e.limits.tc = TimeControl::parse(tc)
            .map_err(|err| TrainerError::Usage(format!("--tc {tc}: {err}")))?;
        e.limits.margin_ms = 50;
    }
    Ok(e)
}

/// The engine of one side: `base` with the parameters' values, rounded.
fn side(base: &EngineConfig, name: &str, params: &[Param], values: &[f64]) -> EngineConfig {
    let mut e = base.clone();
    e.name = name.to_string();
    for (p, v) in params.iter().zip(values) {
        e.options
            .push((p.name.clone(), (v.round() as i64).to_string()));
    }
    e
}

/// The openings: the file's (a held-out set refused), shuffled by `seed`, or the start
/// position.
fn openings(path: Option<&str>, seed: u64) -> Result<Vec<Opening>> {
    let Some(path) = path else {
        return Ok(vec![Opening::startpos()]);
    };
    let mut list = training_openings(path, "tune")?;
    if list.is_empty() {
        return Err(TrainerError::Other(format!("{path}: no opening")));
    }
    Rng::new(seed ^ 0x5350_5341).shuffle(&mut list);
    Ok(list)
}

/// Starts the engine once with the parameters' start values: it must start and offer
/// every parameter as an option.
fn check_engine(base: &EngineConfig, params: &[Param]) -> Result<()> {
    let values: Vec<f64> = params.iter().map(|p| p.value).collect();
    let config = side(base, "engine", params, &values);
    let engine = EngineProcess::start(&config, false)
        .map_err(|e| TrainerError::Other(format!("the engine does not start: {e}")))?;
    let missing: Vec<&str> = params
        .iter()
        .filter(|p| !engine.offered.contains(&p.name.to_lowercase()))
        .map(|p| p.name.as_str())
        .collect();
    engine.quit();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(TrainerError::Usage(format!(
            "the engine offers no option {}",
            missing.join(", ")
        )))
    }
}

/// What every pair needs.
struct Games<'a> {
    base: EngineConfig,
    params: &'a [Param],
    openings: Vec<Opening>,
    settings: GameSettings,
}

impl Games<'_> {
    /// Plays `trial`'s pair: the points of `plus` minus those of `minus` (−2 … 2).
    fn pair(&self, trial: &Trial) -> f64 {
        let plus = side(&self.base, "plus", self.params, &trial.plus);
        let minus = side(&self.base, "minus", self.params, &trial.minus);
        let opening = &self.openings[(trial.iteration as usize - 1) % self.openings.len()];
        let first = play_game(&plus, &minus, opening, &self.settings);
        let second = play_game(&minus, &plus, opening, &self.settings);
        let points = first.outcome.score_for(Color::Red) + second.outcome.score_for(Color::Black);
        2.0 * points - 2.0
    }
}

/// The values as `NAME=value …`, one decimal.
fn values_line(params: &[Param]) -> String {
    params
        .iter()
        .map(|p| format!("{}={:.1}", p.name, p.value))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `trainer spsa`.
pub fn run(args: &Args) -> Result<()> {
    let params = read_params(&args.params)?;
    let base = base_engine(args)?;
    let openings = openings(args.openings.as_deref(), args.seed)?;
    check_engine(&base, &params)?;
    let mut spsa = Spsa::new(params.clone(), args.iterations, args.seed)?;
    let games = Games {
        base,
        params: &params,
        openings,
        settings: GameSettings {
            hang_timeout_ms: 60_000,
            ..GameSettings::default()
        },
    };
    let concurrency = chariot::input::cli_threads(
        args.concurrency as u64,
        chariot::search::MAX_THREADS,
        "--concurrency",
    );
    let progress = Progress::new(
        args.iterations,
        "spsa {bar:30} {pos}/{len} pairs, {msg}, {elapsed} elapsed, {eta} left",
    );
    let started = Instant::now();
    while !spsa.all_drawn() {
        let batch: Vec<Trial> = (0..concurrency).filter_map(|_| spsa.trial()).collect();
        let results: Vec<f64> = std::thread::scope(|scope| {
            let handles: Vec<_> = batch
                .iter()
                .map(|trial| {
                    let games = &games;
                    scope.spawn(move || games.pair(trial))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or(0.0))
                .collect()
        });
        for (trial, result) in batch.iter().zip(results) {
            spsa.apply(trial, result);
            let k = trial.iteration;
            if progress.is_quiet() {
                if k % 10 == 0 || k == args.iterations {
                    eprintln!(
                        "spsa: iteration {k}/{}: {} ({:.0} s)",
                        args.iterations,
                        values_line(spsa.params()),
                        started.elapsed().as_secs_f64()
                    );
                }
            } else {
                progress.update(k, values_line(spsa.params()));
            }
        }
    }
    progress.finish();
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| format!("{}.tuned", args.params));
    write_params(&out, spsa.params())?;
    eprintln!(
        "spsa: {} pairs played, the tuned parameters written to {out}",
        args.iterations
    );
    for p in spsa.params() {
        println!("{} {} ({:.2})", p.name, p.rounded(), p.value);
    }
    Ok(())
}
