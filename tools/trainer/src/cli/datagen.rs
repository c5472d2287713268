//! `trainer datagen`: self-play games at a fixed node count, writing every searched position
//! with the search's score and the game's result, for training a net (`train`) or
//! fitting the hand-crafted weights (`tune`).
//!
//! The games are played with the embedded net (`--net embedded`, the default), a net
//! file (`--net FILE`) or the hand-crafted evaluation (`--net hce`).
//!
//! Each game starts from an opening of the file (or the start position), plays a few
//! random legal moves for variety (`--random MIN-MAX` plies, 2-8 by default), then lets
//! Chariot play both sides. The start check (`--start-check CP`, 1000 by default, 0
//! off) searches the position after the random plies first (`--nodes` nodes): when
//! |score| is above CP, the random plies are drawn again, up to 16 times; a game whose
//! draws all fail is not played (counted in the summary). Games end by the rules (mate, 困毙, repetition rulings, the
//! natural limit) or by adjudication, with the tourney's trackers
//! ([`tourney::game::adjudication::Adjudicator`]): a win when both sides' searches have
//! agreed on a decisive score (`--win-score`) for `--win-plies` plies (the loser's moves
//! counted, half the plies rounded up: the tourney's two-sided resign rule), a draw when
//! a long game (`--draw-after` plies) has stayed level (`--draw-score`) for
//! `--draw-plies` plies (the tourney's draw rule), and a draw at 400 plies after the
//! random ones.
//!
//! Output: with `--out` ending in `.pack`, a game pack ([`crate::nnue::pack`]): each
//! game from its opening position, the random plies as unscored plies and every searched
//! ply with its score (about 4 bytes a position); games are appended to an existing pack
//! of the same version. Otherwise text lines, `<fen> | <score> | <result> | <move>`: the
//! score of the search, from Red's point of view in engine units (rook 1000; mates as
//! `±(30000 - plies)`), the game's result for Red (`1.0`, `0.5`, `0.0`) and the move
//! played (ICCS), for every searched position (the random plies are not written).
//! Nothing is filtered here: the loaders drop positions in check, captures, early plies
//! and mate or extreme scores, each as an option.

use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use chariot::board::{Color, GameRules, Move, Outcome, Position};
use chariot::eval::nnue::{embedded, Network};
use chariot::input::cli_threads;
use chariot::search::{search, Config, Limits, Shared, Silent, MAX_THREADS};
use tourney::game::adjudication::{Adjudged, Adjudicator, DrawAdjudication, ResignAdjudication};
use tourney::rng::Rng;

use crate::error::{Result, TrainerError};
use crate::heldout::training_openings;
use crate::nnue::data::outcome_text;
use crate::nnue::pack::{open_for_append, Game, PackWriter, Ply};
use chariot::progress::Progress;

/// `trainer datagen`'s flags.
#[derive(clap::Args)]
pub struct Args {
    /// Games to play.
    #[arg(long, default_value_t = 1000)]
    pub games: usize,
    /// Threads, each playing whole games (at least 1).
    #[arg(long, default_value_t = 1)]
    pub threads: u64,
    /// Nodes per move (at least 100); each search gets up to half as many again, drawn.
    #[arg(long, default_value_t = 5000)]
    pub nodes: u64,
    /// EPD file of the openings to start from (default: the start position); a
    /// held-out set is refused.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<String>,
    /// Output file, appended to: a game pack when it ends in `.pack`, text lines
    /// otherwise.
    #[arg(long, value_name = "FILE", default_value = "datagen.txt")]
    pub out: String,
    /// Seed of the openings drawn, the random plies and the node counts (thread t
    /// draws from seed × 1000 + t).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Random plies played from the opening before the engine takes over, drawn per
    /// game from MIN-MAX (MAX at most 100).
    #[arg(long, value_name = "MIN-MAX", default_value = "2-8", value_parser = parse_random)]
    pub random: (u64, u64),
    /// Adjudicate a win when |score| ≥ CP (engine units, at most 20000) ...
    #[arg(long, value_name = "CP", default_value_t = 1200)]
    pub win_score: u64,
    /// ... for this many plies in a row, both sides agreeing (1-1000).
    #[arg(long, value_name = "N", default_value_t = 8)]
    pub win_plies: u64,
    /// Adjudicate a draw only from this many plies on (at most 10000) ...
    #[arg(long, value_name = "PLIES", default_value_t = 160)]
    pub draw_after: u64,
    /// ... when |score| ≤ CP (at most 20000) ...
    #[arg(long, value_name = "CP", default_value_t = 15)]
    pub draw_score: u64,
    /// ... for this many plies in a row (1-1000).
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub draw_plies: u64,
    /// Draw the random plies again when a search of the position after them scores
    /// |score| above CP (engine units; 0: no check).
    #[arg(long, value_name = "CP", default_value_t = 1000)]
    pub start_check: u64,
    /// The evaluation the games are played with: the embedded net, the hand-crafted
    /// evaluation (hce) or a net file.
    #[arg(long, value_name = "embedded|hce|FILE", default_value = "embedded")]
    pub net: String,
}

/// `MIN-MAX` random plies, MIN ≤ MAX ≤ 100.
fn parse_random(value: &str) -> Result<(u64, u64)> {
    value
        .split_once('-')
        .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)))
        .filter(|(a, b): &(u64, u64)| a <= b && *b <= 100)
        .ok_or_else(|| TrainerError::Usage(format!("want MIN-MAX plies, got {value}")))
}

/// The settings of a run: the flags clamped to their ranges, and the net loaded.
struct Options {
    games: usize,
    threads: usize,
    nodes: u64,
    seed: u64,
    random: (u64, u64),
    /// The start check's bound; `None`: no check.
    start_check: Option<i32>,
    /// The win and draw adjudication.
    resign: ResignAdjudication,
    draw: DrawAdjudication,
    /// The net the games are played with; `None`: the hand-crafted evaluation.
    net: Option<Arc<Network>>,
}

impl Options {
    fn new(a: &Args) -> Result<Options> {
        let net = match a.net.as_str() {
            "hce" => None,
            "embedded" => Some(
                embedded().map_err(|e| TrainerError::Other(format!("the embedded net: {e}")))?,
            ),
            path => Some(Arc::new(
                Network::load(std::path::Path::new(path))
                    .map_err(|e| TrainerError::Other(format!("--net {path}: {e}")))?,
            )),
        };
        Ok(Options {
            games: a.games,
            threads: cli_threads(a.threads, MAX_THREADS, "--threads"),
            nodes: a.nodes.max(100),
            seed: a.seed,
            random: a.random,
            start_check: (a.start_check > 0).then(|| a.start_check.min(30000) as i32),
            resign: ResignAdjudication {
                move_count: (a.win_plies.clamp(1, 1000) as u32).div_ceil(2),
                score: a.win_score.min(20000) as i32,
                two_sided: true,
            },
            draw: DrawAdjudication {
                move_number: (a.draw_after.min(10000) as u32).div_ceil(2),
                move_count: (a.draw_plies.clamp(1, 1000) as u32).div_ceil(2),
                score: a.draw_score.min(20000) as i32,
            },
            net,
        })
    }
}

/// One recorded position: FEN, score for Red, and the move played.
struct Record {
    fen: String,
    red_score: i32,
    played: Move,
}

/// The longest game, in plies after the random ones: a draw when it is reached.
const MAX_PLIES: u32 = 400;

/// A game played: the random plies from the opening, the searched positions and the
/// outcome.
struct Played {
    random: Vec<Move>,
    recorded: Vec<Record>,
    outcome: Outcome,
}

/// How many times the start check draws the random plies before the game is dropped.
const START_TRIES: usize = 16;

/// Plays one game from `start`; `None` when no draw of the random plies passed the
/// start check.
fn play_game(start: &Position, rng: &mut Rng, o: &Options) -> Option<Played> {
    for _ in 0..START_TRIES {
        let mut pos = start.clone();
        // A few random moves for variety.
        let (least, most) = o.random;
        let random_plies = least + rng.next_u64() % (most - least + 1);
        let mut random = Vec::new();
        for _ in 0..random_plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
            pos.play(mv);
            random.push(mv);
        }
        if !passes_start_check(&pos, o) {
            continue;
        }
        let (recorded, outcome) = play_out(pos, rng, o);
        return Some(Played {
            random,
            recorded,
            outcome,
        });
    }
    None
}

/// Whether a search of `nodes` nodes scores `pos` within the start check's bound (or
/// there is no check).
fn passes_start_check(pos: &Position, o: &Options) -> bool {
    let Some(bound) = o.start_check else {
        return true;
    };
    let config = Config {
        net: o.net.clone(),
        ..Config::default()
    };
    let limits = Limits {
        nodes: Some(o.nodes),
        ..Limits::default()
    };
    let outcome = search(pos, &limits, &config, &Shared::new(1), &Silent);
    outcome.best.is_some() && outcome.score.abs() <= bound
}

/// Plays the game on from `pos` with the engine on both sides; the recorded positions
/// and the outcome.
fn play_out(mut pos: Position, rng: &mut Rng, o: &Options) -> (Vec<Record>, Outcome) {
    let shared = Shared::new(8);
    let config = Config {
        net: o.net.clone(),
        ..Config::default()
    };
    let rules = GameRules::default();
    let mut recorded = Vec::new();
    let mut adjudicator = Adjudicator::new(Some(o.draw), Some(o.resign), Some(MAX_PLIES / 2));
    for ply in 0.. {
        if let Some(end) = pos.game_end(&rules, ply) {
            return (recorded, end.outcome());
        }
        // Vary the effort a little so games differ.
        let nodes = o.nodes;
        let limits = Limits {
            nodes: Some(nodes + rng.next_u64() % (nodes / 2 + 1)),
            ..Limits::default()
        };
        let outcome = search(&pos, &limits, &config, &shared, &Silent);
        let Some(best) = outcome.best else {
            break;
        };
        let us = pos.side_to_move();
        let red_score = if us == Color::Red {
            outcome.score
        } else {
            -outcome.score
        };
        recorded.push(Record {
            fen: pos.to_fen(),
            red_score,
            played: best,
        });
        match adjudicator.update(us, Some(outcome.score), ply + 1) {
            Some(Adjudged::Loss(loser)) => return (recorded, Outcome::loss_for(loser)),
            Some(Adjudged::Draw | Adjudged::MoveLimit) => return (recorded, Outcome::Draw),
            None => {}
        }
        pos.play(best);
    }
    (recorded, Outcome::Draw)
}

/// The positions games start from: the openings of the file (a held-out set refused),
/// or the start position.
fn starts(openings: Option<&str>) -> Result<Vec<Position>> {
    let Some(path) = openings else {
        return Ok(vec![Position::startpos()]);
    };
    let list = training_openings(path, "train")?;
    let starts: Vec<Position> = list.iter().filter_map(|o| o.position().ok()).collect();
    if starts.is_empty() {
        return Err(TrainerError::Other("no usable opening".to_string()));
    }
    Ok(starts)
}

/// Where the games go: text lines or a game pack.
enum Output {
    Text(std::io::BufWriter<std::fs::File>),
    Pack(PackWriter<std::io::BufWriter<std::fs::File>>),
}

/// What the threads share: the work, the output and the counts.
struct Run<'a> {
    options: &'a Options,
    starts: &'a [Position],
    file: Mutex<Output>,
    /// The next game to start.
    next: AtomicUsize,
    /// Games finished.
    finished: AtomicUsize,
    /// Positions written.
    positions: AtomicUsize,
    /// Games not played: no draw of the random plies passed the start check.
    dropped: AtomicUsize,
    started: Instant,
    progress: Progress,
}

impl Run<'_> {
    /// One thread's share: games until none is left.
    fn thread(&self, t: usize) {
        let o = self.options;
        let mut rng = Rng::new(o.seed.wrapping_mul(1000).wrapping_add(t as u64));
        loop {
            let game = self.next.fetch_add(1, Ordering::Relaxed);
            if game >= o.games {
                break;
            }
            let start = &self.starts[(rng.next_u64() % self.starts.len() as u64) as usize];
            let total = match play_game(start, &mut rng, o) {
                Some(played) => {
                    let n = played.recorded.len();
                    self.write(start, &played);
                    self.positions.fetch_add(n, Ordering::Relaxed) + n
                }
                None => {
                    self.dropped.fetch_add(1, Ordering::Relaxed);
                    self.positions.load(Ordering::Relaxed)
                }
            };
            let finished = self.finished.fetch_add(1, Ordering::Relaxed) + 1;
            self.report(game, finished, total);
        }
    }

    fn write(&self, start: &Position, played: &Played) {
        let Ok(mut out) = self.file.lock() else {
            return;
        };
        match &mut *out {
            Output::Text(out) => {
                let result = outcome_text(played.outcome);
                for r in &played.recorded {
                    let _ = writeln!(out, "{} | {} | {result} | {}", r.fen, r.red_score, r.played);
                }
                let _ = out.flush();
            }
            Output::Pack(out) => {
                let mut game = Game::new(start.clone(), played.outcome);
                let random = played.random.iter().map(|&mv| Ply { mv, score: None });
                let searched = played.recorded.iter().map(|r| Ply {
                    mv: r.played,
                    score: Some(r.red_score.clamp(-32000, 32000) as i16),
                });
                game.plies.extend(random.chain(searched));
                let _ = out.write_game(&game);
                let _ = out.flush();
            }
        }
    }

    /// The bar on a terminal; otherwise a log line every 50 games.
    fn report(&self, game: usize, finished: usize, total: usize) {
        let seconds = self.started.elapsed().as_secs_f64();
        if self.progress.is_quiet() {
            if (game + 1) % 50 == 0 {
                eprintln!(
                    "datagen: {} games, {total} positions, {seconds:.0} s",
                    game + 1
                );
            }
        } else {
            self.progress.update(
                finished as u64,
                format!(
                    "{total} positions, {:.0} positions/s",
                    total as f64 / seconds.max(1e-9)
                ),
            );
        }
    }
}

/// `trainer datagen`.
pub fn run(args: &Args) -> Result<()> {
    let options = Options::new(args)?;
    let starts = starts(args.openings.as_deref())?;
    let output = if args.out.ends_with(".pack") {
        let file = open_for_append(&args.out)?;
        Output::Pack(PackWriter::appending(std::io::BufWriter::new(file)))
    } else {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&args.out)
            .map_err(|e| TrainerError::io(&args.out, e))?;
        Output::Text(std::io::BufWriter::new(file))
    };
    let run = Run {
        options: &options,
        starts: &starts,
        file: Mutex::new(output),
        next: AtomicUsize::new(0),
        finished: AtomicUsize::new(0),
        positions: AtomicUsize::new(0),
        dropped: AtomicUsize::new(0),
        started: Instant::now(),
        progress: Progress::new(
            options.games as u64,
            "datagen {bar:30} {pos}/{len} games, {msg}, {elapsed} elapsed, {eta} left",
        ),
    };
    run.progress.update(0, "0 positions".to_string());
    std::thread::scope(|scope| {
        for t in 0..options.threads {
            let run = &run;
            scope.spawn(move || run.thread(t));
        }
    });
    run.progress.finish();
    let dropped = run.dropped.load(Ordering::Relaxed);
    eprintln!(
        "datagen: {} games played, {dropped} dropped by the start check, {} positions, {:.0} s",
        options.games - dropped,
        run.positions.load(Ordering::Relaxed),
        run.started.elapsed().as_secs_f64()
    );
    Ok(())
}
