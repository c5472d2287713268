//! `datagen`: self-play games at a fixed node count, writing quiet positions labelled
//! with the game's result, for tuning the evaluation (`tune`).
//!
//! Each game starts from an opening of the file (or the start position), plays a few
//! random legal moves for variety, then lets Chariot play both sides. Games end by the
//! rules (mate, 困毙, repetition rulings, the natural limit) or by adjudication when
//! the search has agreed on a decisive score for several plies. Recorded positions are
//! those after the opening phase where the side to move is not in check and the move
//! chosen is not a capture (so the static evaluation is meaningful).
//!
//! Output lines: `<fen> | <result>` with the result from Red's point of view
//! (`1.0`, `0.5`, `0.0`).

use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use chariot::board::repetition::Rules;
use chariot::board::{Color, Position};
use chariot::search::{search, Config, Limits, Shared, Silent};
use chariot_tools::openings::{load_openings, Format};
use chariot_tools::rng::Rng;

struct Options {
    games: usize,
    threads: usize,
    nodes: u64,
    openings: Option<String>,
    out: String,
    seed: u64,
}

fn parse_args() -> Result<Options, String> {
    let mut o = Options {
        games: 1000,
        threads: 1,
        nodes: 5000,
        openings: None,
        out: "datagen.txt".to_string(),
        seed: 1,
    };
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
            "-out" => o.out = value.clone(),
            other => return Err(format!("unknown option {other}")),
        }
        i += 2;
    }
    Ok(o)
}

/// Plays one game and returns the recorded FENs and the result for Red.
fn play_game(start: &Position, rng: &mut Rng, nodes: u64) -> (Vec<String>, f32) {
    let mut pos = start.clone();
    // A few random moves for variety (2 to 5 plies).
    let random_plies = 2 + rng.next_u64() % 4;
    for _ in 0..random_plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
        pos.play(mv);
    }
    let shared = Shared::new(8);
    let config = Config::default();
    let rules = Rules::default();
    let mut recorded = Vec::new();
    let mut decisive = [0u32; 2];
    let mut quiet_draw = 0u32;
    for ply in 0..400 {
        if let Some(end) = pos.adjudicate(&rules) {
            let result = match end.loser() {
                None => 0.5,
                Some(Color::Red) => 0.0,
                Some(Color::Black) => 1.0,
            };
            return (recorded, result);
        }
        // Vary the effort a little so games differ.
        let limits = Limits {
            nodes: Some(nodes + rng.next_u64() % (nodes / 2 + 1)),
            ..Limits::default()
        };
        let outcome = search(&pos, &limits, &config, &shared, &Silent);
        let Some(best) = outcome.best else {
            break;
        };
        let us = pos.side_to_move();
        // Adjudicate decisive scores agreed over 8 plies, and long dead-level games.
        if outcome.score.abs() >= 1200 {
            let winner = if outcome.score > 0 { us } else { !us };
            decisive[winner.index()] += 1;
            decisive[(!winner).index()] = 0;
            if decisive[winner.index()] >= 8 {
                return (recorded, if winner == Color::Red { 1.0 } else { 0.0 });
            }
        } else {
            decisive = [0, 0];
        }
        if ply >= 160 && outcome.score.abs() <= 15 {
            quiet_draw += 1;
            if quiet_draw >= 20 {
                return (recorded, 0.5);
            }
        } else {
            quiet_draw = 0;
        }
        if ply >= 8
            && !pos.in_check()
            && pos.piece_at(best.to()).is_none()
            && outcome.score.abs() < 2000
        {
            recorded.push(pos.to_fen());
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
                "usage: datagen [-games N] [-threads N] [-nodes N] [-openings FILE] [-out FILE] [-seed N]"
            );
            std::process::exit(2);
        }
    };
    let starts: Vec<Position> = match &options.openings {
        Some(path) => match load_openings(path, Format::Epd) {
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
                    let (fens, result) = play_game(start, &mut rng, options.nodes);
                    let total = positions.fetch_add(fens.len(), Ordering::Relaxed) + fens.len();
                    if let Ok(mut out) = file.lock() {
                        for fen in &fens {
                            let _ = writeln!(out, "{fen} | {result:.1}");
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
