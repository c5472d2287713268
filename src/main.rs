//! The `chariot` command: the protocol loop on stdin/stdout by default, and tools.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use chariot::board::{perft, Position, START_FEN};
use chariot::protocol::Engine;
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "chariot",
    version,
    about = "Chariot, a xiangqi (Chinese chess) engine. \
Without a subcommand it speaks UCCI or UCI on stdin/stdout."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Tool>,
}

#[derive(Subcommand)]
enum Tool {
    /// Count the leaf nodes of the legal-move tree (move generator test and benchmark).
    Perft {
        /// Depth in plies.
        depth: u32,
        /// Position to start from (default: the start position).
        #[arg(long, default_value = START_FEN)]
        fen: String,
        /// Print the count below each root move.
        #[arg(long)]
        divide: bool,
        /// Worker threads (root moves are shared out).
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        None => {
            let stdout = io::stdout();
            let mut engine = Engine::new(stdout.lock());
            match engine.run(io::stdin().lock()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(_) => ExitCode::FAILURE,
            }
        }
        Some(Tool::Perft {
            depth,
            fen,
            divide,
            threads,
        }) => run_perft(depth, &fen, divide, threads),
    }
}

fn run_perft(depth: u32, fen: &str, divide: bool, threads: usize) -> ExitCode {
    let mut pos = match Position::from_fen(fen) {
        Ok(pos) => pos,
        Err(e) => {
            eprintln!("error: invalid FEN: {e}");
            return ExitCode::from(2);
        }
    };
    let threads = threads.max(1);
    let start = Instant::now();
    let mut out = io::stdout().lock();
    let nodes = if divide {
        let split = perft::divide(&pos, depth, threads);
        for (mv, n) in &split {
            let _ = writeln!(out, "{mv}: {n}");
        }
        if depth == 0 {
            1
        } else {
            split.iter().map(|&(_, n)| n).sum()
        }
    } else if threads > 1 {
        perft::perft_parallel(&pos, depth, threads)
    } else {
        perft::perft(&mut pos, depth)
    };
    let secs = start.elapsed().as_secs_f64();
    let nps = if secs > 0.0 {
        (nodes as f64 / secs) as u64
    } else {
        0
    };
    let _ = writeln!(out, "Nodes searched: {nodes}");
    let _ = writeln!(out, "Time: {:.3} s, {nps} leaves/s", secs);
    ExitCode::SUCCESS
}
