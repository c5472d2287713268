//! `trainer make-openings`: an opening set for measuring strength, built from real games.
//!
//! Each game of the PGN/XQF files is cut after a number of plies drawn (by the seed) from
//! `--plies MIN-MAX`; the position reached is a candidate when the side to move is not in
//! check and has a legal move. Positions that are the same up to the left-right mirror are
//! one candidate (the first line that reached it is kept). Candidates equal (or mirror-equal)
//! to a position of an `--exclude` file are dropped. The rest are shuffled by the seed and
//! searched, one after the other, to `--depth` with one thread; a candidate is kept when the
//! search's score lies within `--max-score` of level, until `--count` are kept.
//!
//! The output is an EPD file the tourney reads (`-openings file=… format=epd`): one line per
//! opening, `FEN ; the moves from the start position`. Its first line marks the set as
//! held out (see [`tourney::openings::HELD_OUT_MARK`]): `datagen` refuses such a file,
//! so nothing trains on the openings that measure it.

use std::collections::HashSet;
use std::io::Write;
use std::path::PathBuf;

use chariot::board::{Move, Position};
use chariot::eval::nnue::embedded;
use chariot::notation::files::read_path;
use chariot::search::{search, Config, Limits, Shared, Silent};
use tourney::openings::{load_openings, OpeningFormat, HELD_OUT_MARK};
use tourney::rng::Rng;

use crate::error::{Result, TrainerError};

/// `trainer make-openings`'s flags.
#[derive(clap::Args)]
pub struct Args {
    /// The game files (PGN in any encoding `chariot pgn` reads, or XQF).
    #[arg(required = true)]
    pub games: Vec<PathBuf>,
    /// The output EPD file.
    #[arg(short, long)]
    pub output: PathBuf,
    /// How many openings to keep.
    #[arg(long, default_value_t = 200)]
    pub count: usize,
    /// Cut each game after MIN-MAX plies (drawn per game).
    #[arg(long, value_name = "MIN-MAX", default_value = "6-10", value_parser = parse_plies)]
    pub plies: (usize, usize),
    /// Search depth of the balance check.
    #[arg(long, default_value_t = 10)]
    pub depth: i32,
    /// Keep a position only when |score| ≤ this (engine units, rook = 1000).
    #[arg(long, default_value_t = 80)]
    pub max_score: i32,
    /// Evaluate the balance check with the hand-crafted evaluation instead of the net.
    #[arg(long)]
    pub hce: bool,
    /// EPD files whose positions (and their mirrors) may not be in the set.
    #[arg(long)]
    pub exclude: Vec<String>,
    /// Seed of the per-game cut and of the order in which candidates are tried.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// One candidate: the position, and the line from the start position that reached it.
struct Candidate {
    pos: Position,
    line: Vec<Move>,
    source: String,
}

/// The key of a position up to the left-right mirror.
fn mirror_key(pos: &Position) -> u64 {
    pos.key().min(pos.mirrored().key())
}

/// A path's last part, so that the set's comments do not name the builder's folders.
fn file_name(path: &std::path::Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

/// `MIN-MAX` plies, 1 ≤ MIN ≤ MAX ≤ 200.
fn parse_plies(text: &str) -> Result<(usize, usize)> {
    text.split_once('-')
        .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)))
        .filter(|(a, b): &(usize, usize)| 1 <= *a && a <= b && *b <= 200)
        .ok_or_else(|| {
            TrainerError::Usage(format!(
                "--plies: want MIN-MAX, 1 ≤ MIN ≤ MAX ≤ 200, got '{text}'"
            ))
        })
}

/// The distinct candidate positions of the games, cut after plies drawn from
/// `least..=most`, and the number of games read.
fn candidates(
    args: &Args,
    (least, most): (usize, usize),
    excluded: &HashSet<u64>,
    rng: &mut Rng,
) -> Result<(Vec<Candidate>, usize)> {
    let mut seen = HashSet::new();
    let mut candidates = Vec::new();
    let mut games = 0usize;
    for path in &args.games {
        let file = read_path(path, None)
            .map_err(|e| TrainerError::Other(format!("{}: {e}", path.display())))?;
        for (n, game) in file.read().enumerate() {
            games += 1;
            let cut = least + (rng.next_u64() % (most - least + 1) as u64) as usize;
            if game.start.key() != Position::startpos().key() || game.moves.len() < cut {
                continue;
            }
            let mut pos = game.start.clone();
            for &mv in &game.moves[..cut] {
                pos.play(mv);
            }
            let key = mirror_key(&pos);
            if pos.in_check()
                || pos.legal_moves().is_empty()
                || excluded.contains(&key)
                || !seen.insert(key)
            {
                continue;
            }
            candidates.push(Candidate {
                pos,
                line: game.moves[..cut].to_vec(),
                source: format!("{} game {}", file_name(path), n + 1),
            });
        }
    }
    Ok((candidates, games))
}

/// `trainer make-openings`.
pub fn run(args: &Args) -> Result<()> {
    let (least, most) = args.plies;
    let mut excluded = HashSet::new();
    for path in &args.exclude {
        for opening in load_openings(path, OpeningFormat::Epd)? {
            excluded.insert(mirror_key(&opening.position()?));
        }
    }
    let mut rng = Rng::new(args.seed);
    let (mut candidates, games) = candidates(args, (least, most), &excluded, &mut rng)?;
    // Shuffle (Fisher-Yates) so the kept set is a random sample of the distinct positions.
    for i in (1..candidates.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        candidates.swap(i, j);
    }
    eprintln!(
        "make-openings: {games} games, {} distinct candidate positions",
        candidates.len()
    );
    let config = Config {
        net: if args.hce {
            None
        } else {
            Some(embedded().map_err(|e| TrainerError::Other(format!("the embedded net: {e}")))?)
        },
        ..Config::default()
    };
    let limits = Limits {
        depth: Some(args.depth),
        ..Limits::default()
    };
    let mut kept = Vec::new();
    let mut tried = 0usize;
    for candidate in &candidates {
        if kept.len() >= args.count {
            break;
        }
        tried += 1;
        let shared = Shared::new(16);
        let outcome = search(&candidate.pos, &limits, &config, &shared, &Silent);
        if outcome.score.abs() <= args.max_score {
            kept.push((candidate, outcome.score));
        }
    }
    if kept.len() < args.count {
        eprintln!(
            "make-openings: only {} of {} openings found balanced",
            kept.len(),
            args.count
        );
    }
    let mut out = String::new();
    out.push_str(&format!("{HELD_OUT_MARK}\n"));
    out.push_str(&format!(
        "# Built by make-openings from {games} games ({}), cut after {least}-{most} plies,\n\
         # balanced by a depth-{} search ({}, |score| <= {}), {} kept of {tried} tried, seed {};\n\
         # excluded: {}. Mirrored duplicates removed. Each line: FEN ; the moves from the start.\n",
        args.games
            .iter()
            .map(|p| file_name(p))
            .collect::<Vec<_>>()
            .join(", "),
        args.depth,
        if args.hce {
            "hand-crafted"
        } else {
            "embedded net"
        },
        args.max_score,
        kept.len(),
        args.seed,
        if args.exclude.is_empty() {
            "nothing".to_string()
        } else {
            args.exclude.join(", ")
        },
    ));
    for (candidate, score) in &kept {
        let line: Vec<String> = candidate.line.iter().map(|m| m.to_string()).collect();
        out.push_str(&format!(
            "{} ; {} ; score {score} ; {}\n",
            candidate.pos.to_fen(),
            line.join(" "),
            candidate.source
        ));
    }
    let mut file = std::fs::File::create(&args.output)
        .map_err(|e| TrainerError::io(args.output.display(), e))?;
    file.write_all(out.as_bytes())
        .map_err(|e| TrainerError::io(args.output.display(), e))?;
    eprintln!(
        "make-openings: wrote {} openings to {}",
        kept.len(),
        args.output.display()
    );
    Ok(())
}
