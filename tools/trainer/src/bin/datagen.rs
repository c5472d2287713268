//! `datagen`: self-play games at a fixed node count, writing every searched position
//! with the search's score and the game's result, for training a net (`train`) or
//! fitting the hand-crafted weights (`tune`).
//!
//! The games are played with the embedded net (`-net embedded`, the default), a net
//! file (`-net FILE`) or the hand-crafted evaluation (`-net hce`).
//!
//! Each game starts from an opening of the file (or the start position), plays a few
//! random legal moves for variety (`-random MIN-MAX` plies, 2-8 by default), then lets
//! Chariot play both sides. Games end by the rules (mate, 困毙, repetition rulings, the
//! natural limit) or by adjudication: a win when the search has agreed on a decisive
//! score (`-win-score`) for `-win-plies` plies, a draw when a long game
//! (`-draw-after` plies) has stayed level (`-draw-score`) for `-draw-plies` plies.
//!
//! Output lines: `<fen> | <score> | <result> | <move>`: the score of the search, from
//! Red's point of view in engine units (rook 1000; mates as `±(30000 - plies)`), the
//! game's result for Red (`1.0`, `0.5`, `0.0`) and the move played (ICCS). Nothing is
//! filtered here: the loaders drop positions in check, captures, early plies and mate
//! or extreme scores, each as an option.

use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use chariot::board::{Color, GameRules, Move, Position};
use chariot::eval::nnue::{embedded, Network};
use chariot::search::{search, Config, Limits, Shared, Silent};
use tourney::openings::{is_held_out, load_openings, OpeningFormat};
use tourney::rng::Rng;

struct Options {
    games: usize,
    threads: usize,
    nodes: u64,
    openings: Option<String>,
    out: String,
    seed: u64,
    random: (u64, u64),
    win_score: i32,
    win_plies: u32,
    draw_after: usize,
    draw_score: i32,
    draw_plies: u32,
    /// The net the games are played with; `None`: the hand-crafted evaluation.
    net: Option<Arc<Network>>,
}

fn parse_args() -> Result<Options, String> {
    let mut o = Options {
        games: 1000,
        threads: 1,
        nodes: 5000,
        openings: None,
        out: "datagen.txt".to_string(),
        seed: 1,
        random: (2, 8),
        win_score: 1200,
        win_plies: 8,
        draw_after: 160,
        draw_score: 15,
        draw_plies: 20,
        net: None,
    };
    let mut net_choice = "embedded".to_string();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = args
            .get(i + 1)
            .ok_or_else(|| format!("{} needs a value", args[i]))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("{}: not a number: {value}", args[i]))
        };
        match args[i].as_str() {
            "-games" => o.games = number()? as usize,
            "-threads" => o.threads = number()?.max(1) as usize,
            "-nodes" => o.nodes = number()?.max(100),
            "-seed" => o.seed = number()?,
            "-openings" => o.openings = Some(value.clone()),
            "-random" => {
                let range = value
                    .split_once('-')
                    .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)))
                    .filter(|(a, b): &(u64, u64)| a <= b && *b <= 100)
                    .ok_or_else(|| format!("-random: want MIN-MAX plies, got {value}"))?;
                o.random = range;
            }
            "-win-score" => o.win_score = number()?.min(20000) as i32,
            "-win-plies" => o.win_plies = number()?.clamp(1, 1000) as u32,
            "-draw-after" => o.draw_after = number()?.min(10000) as usize,
            "-draw-score" => o.draw_score = number()?.min(20000) as i32,
            "-draw-plies" => o.draw_plies = number()?.clamp(1, 1000) as u32,
            "-net" => net_choice = value.clone(),
            "-out" => o.out = value.clone(),
            other => return Err(format!("unknown option {other}")),
        }
        i += 2;
    }
    o.net = match net_choice.as_str() {
        "hce" => None,
        "embedded" => Some(embedded().map_err(|e| format!("the embedded net: {e}"))?),
        path => Some(Arc::new(
            Network::load(std::path::Path::new(path)).map_err(|e| format!("-net {path}: {e}"))?,
        )),
    };
    Ok(o)
}

/// One recorded position: FEN, score for Red, and the move played.
struct Record {
    fen: String,
    red_score: i32,
    played: Move,
}

/// Plays one game and returns the recorded positions and the result for Red.
fn play_game(start: &Position, rng: &mut Rng, o: &Options) -> (Vec<Record>, f32) {
    let mut pos = start.clone();
    // A few random moves for variety.
    let (least, most) = o.random;
    let random_plies = least + rng.next_u64() % (most - least + 1);
    for _ in 0..random_plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
        pos.play(mv);
    }
    let shared = Shared::new(8);
    let config = Config {
        net: o.net.clone(),
        ..Config::default()
    };
    let rules = GameRules::default();
    let mut recorded = Vec::new();
    let mut decisive = [0u32; 2];
    let mut quiet_draw = 0u32;
    for ply in 0..400 {
        if let Some(end) = pos.game_end(&rules, ply) {
            let result = match end.loser() {
                None => 0.5,
                Some(Color::Red) => 0.0,
                Some(Color::Black) => 1.0,
            };
            return (recorded, result);
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
        // Adjudicate decisive scores agreed over several plies, and long dead-level games.
        if outcome.score.abs() >= o.win_score {
            let winner = if outcome.score > 0 { us } else { !us };
            decisive[winner.index()] += 1;
            decisive[(!winner).index()] = 0;
            if decisive[winner.index()] >= o.win_plies {
                return (recorded, if winner == Color::Red { 1.0 } else { 0.0 });
            }
        } else {
            decisive = [0, 0];
        }
        if ply >= o.draw_after && outcome.score.abs() <= o.draw_score {
            quiet_draw += 1;
            if quiet_draw >= o.draw_plies {
                return (recorded, 0.5);
            }
        } else {
            quiet_draw = 0;
        }
        pos.play(best);
    }
    (recorded, 0.5)
}

fn main() {
    let options = match parse_args() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("datagen: {e}");
            eprintln!(
                "usage: datagen [-games N] [-threads N] [-nodes N] [-openings FILE] [-out FILE] [-seed N]\n\
                 \x20              [-random MIN-MAX] [-win-score CP] [-win-plies N]\n\
                 \x20              [-draw-after PLIES] [-draw-score CP] [-draw-plies N]\n\
                 \x20              [-net embedded|hce|FILE]"
            );
            std::process::exit(2);
        }
    };
    if let Some(path) = &options.openings {
        if std::fs::read_to_string(path).is_ok_and(|text| is_held_out(&text)) {
            eprintln!(
                "datagen: {path} is a held-out opening set (it measures strength): \
                 train on other openings"
            );
            std::process::exit(2);
        }
    }
    let starts: Vec<Position> = match &options.openings {
        Some(path) => match load_openings(path, OpeningFormat::Epd) {
            Ok(list) => list.iter().filter_map(|o| o.position().ok()).collect(),
            Err(e) => {
                eprintln!("datagen: {e}");
                std::process::exit(2);
            }
        },
        None => vec![Position::startpos()],
    };
    if starts.is_empty() {
        eprintln!("datagen: no usable opening");
        std::process::exit(2);
    }
    let file = match std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&options.out)
    {
        Ok(f) => Mutex::new(std::io::BufWriter::new(f)),
        Err(e) => {
            eprintln!("datagen: {}: {e}", options.out);
            std::process::exit(2);
        }
    };
    let next = AtomicUsize::new(0);
    let positions = AtomicUsize::new(0);
    let started = std::time::Instant::now();
    std::thread::scope(|scope| {
        for t in 0..options.threads {
            let (starts, file, next, positions, options) =
                (&starts, &file, &next, &positions, &options);
            scope.spawn(move || {
                let mut rng = Rng::new(options.seed.wrapping_mul(1000).wrapping_add(t as u64));
                loop {
                    let game = next.fetch_add(1, Ordering::Relaxed);
                    if game >= options.games {
                        break;
                    }
                    let start = &starts[(rng.next_u64() % starts.len() as u64) as usize];
                    let (records, result) = play_game(start, &mut rng, options);
                    let total =
                        positions.fetch_add(records.len(), Ordering::Relaxed) + records.len();
                    if let Ok(mut out) = file.lock() {
                        for r in &records {
                            let _ = writeln!(
                                out,
                                "{} | {} | {result:.1} | {}",
                                r.fen, r.red_score, r.played
                            );
                        }
                        let _ = out.flush();
                    }
                    if (game + 1) % 50 == 0 {
                        eprintln!(
                            "datagen: {} games, {total} positions, {:.0} s",
                            game + 1,
                            started.elapsed().as_secs_f64()
                        );
                    }
                }
            });
        }
    });
}
