//! The `chariot` command: the protocol loop on stdin/stdout by default, and tools.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use chariot::board::{perft, Position, START_FEN};
use chariot::protocol::Engine;
use chariot::search::MAX_THREADS;
use clap::{Parser, Subcommand};

/// `println!` that ignores a closed stdout (`chariot analyse | head` must not panic).
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

#[derive(Parser)]
#[command(
    name = "chariot",
    version,
    about = "Chariot, a xiangqi (Chinese chess) engine. \
Without a subcommand it speaks UCCI, UCI or CECP (XBoard) on stdin/stdout."
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
    /// Search the fixed bench positions to a fixed depth with one thread; the node
    /// total is the search's signature. Evaluates with the embedded NNUE unless told
    /// otherwise.
    Bench {
        /// Depth in plies.
        #[arg(default_value_t = chariot::search::bench::DEPTH)]
        depth: i32,
        /// Evaluate with the hand-crafted evaluation instead of the NNUE.
        #[arg(long, conflicts_with = "evalfile")]
        hce: bool,
        /// Evaluate with this network file instead of the embedded one.
        #[arg(long)]
        evalfile: Option<std::path::PathBuf>,
    },
    /// Convert a game's moves between ICCS (h2e2), Chinese (炮二平五) and WXF (C2.5).
    Notation {
        /// Position the moves start from (default: the start position).
        #[arg(long)]
        fen: Option<String>,
        /// Notation of the input moves: iccs, chinese or wxf.
        #[arg(long)]
        from: String,
        /// Notation to print: iccs, chinese or wxf.
        #[arg(long)]
        to: String,
        /// The moves, in order.
        moves: Vec<String>,
    },
    /// Read game files (PGN in UTF-8, GBK/GB18030 or Big5, found automatically; XQF),
    /// check every move against the rules and write the games as normalised PGN. Errors
    /// and warnings go to stderr, then the summary line `N games, M moves, K errors`;
    /// the exit status is 1 when a game or file could not be read.
    Pgn {
        /// The files, PGN and XQF in any mix.
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// Move notation of the output: iccs, chinese or wxf.
        #[arg(long, default_value = "chinese")]
        to: String,
        /// Encoding of the output: utf8 or gbk.
        #[arg(long, default_value = "utf8")]
        encoding: String,
        /// Read PGN files in this encoding (utf8, gbk or big5) instead of finding it.
        #[arg(long)]
        input_encoding: Option<String>,
        /// Write to this file instead of stdout; a name ending in .xqf writes the one
        /// game read as XQF.
        #[arg(short, long)]
        output: Option<std::path::PathBuf>,
    },
    /// Analyse a position for a person: score, depth and the principal variation in
    /// Chinese notation and ICCS, one line per finished depth.
    Analyse {
        /// Position to analyse (default: the start position).
        #[arg(long, default_value = START_FEN)]
        fen: String,
        /// Moves (ICCS) played from that position first.
        #[arg(long, num_args = 0..)]
        moves: Vec<String>,
        /// Search to this depth.
        #[arg(long, conflicts_with = "movetime")]
        depth: Option<i32>,
        /// Search this many milliseconds (default 3000 when no depth is given).
        #[arg(long)]
        movetime: Option<u64>,
        /// Search threads.
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Rule a game so far under the repetition rulings (棋例): prints `ongoing`,
    /// `draw`, `red wins` or `black wins` and the reason, on one line.
    Rule {
        /// Position the game starts from (default: the start position).
        #[arg(long, default_value = START_FEN)]
        fen: String,
        /// The moves played (ICCS).
        #[arg(long, num_args = 0..)]
        moves: Vec<String>,
        /// Rule set: chinese (the documents' rules) or asian (AXF-style computer rule).
        #[arg(long, default_value = "chinese")]
        rules: String,
    },
    /// Opening books: `book build <pgn…> -o book.bin` makes one from PGN games (ICCS,
    /// WXF or Chinese move text); `book probe` lists a position's book moves.
    Book {
        #[command(subcommand)]
        action: BookAction,
    },
    /// Print the static evaluation of a position, term by term, and the NNUE's score.
    Eval {
        #[arg(long, default_value = START_FEN)]
        fen: String,
        /// The network file to score with (default: the embedded one).
        #[arg(long)]
        evalfile: Option<std::path::PathBuf>,
    },
}

#[derive(Subcommand)]
enum BookAction {
    /// Build a book from PGN files: each move of the first plies of every game, with
    /// how often and how well it scored; a position and its mirror image share moves.
    Build {
        /// PGN files (UTF-8).
        #[arg(required = true)]
        pgn: Vec<std::path::PathBuf>,
        /// The book file to write.
        #[arg(short, long)]
        out: std::path::PathBuf,
        /// Only the first this many plies of each game.
        #[arg(long, default_value_t = chariot::book::build::BuildOptions::default().depth)]
        depth: usize,
        /// Leave out moves played fewer times than this.
        #[arg(long, default_value_t = chariot::book::build::BuildOptions::default().min_games)]
        min_games: u32,
    },
    /// List the book moves of a position with their weights and game counts.
    Probe {
        /// The book file.
        book: std::path::PathBuf,
        #[arg(long, default_value = START_FEN)]
        fen: String,
        /// Moves (ICCS) played from that position first.
        #[arg(long, num_args = 0..)]
        moves: Vec<String>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        None => {
            let mut engine = Engine::new(io::stdout());
            match engine.run(io::BufReader::new(io::stdin())) {
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
        Some(Tool::Bench {
            depth,
            hce,
            evalfile,
        }) => {
            let net = if hce {
                None
            } else {
                match chosen_net(evalfile.as_deref()) {
                    Ok(net) => net,
                    Err(code) => return code,
                }
            };
            let evaluator = if net.is_some() { "NNUE" } else { "HCE" };
            let (nodes, nps) = chariot::search::bench::run(depth, net, |i, fen, nodes| {
                outln!("position {i:>2}: {nodes:>10} nodes  {fen}");
            });
            outln!("===========================");
            outln!("Evaluation: {evaluator}");
            outln!("Total nodes: {nodes}");
            outln!("{nodes} nodes {nps} nps");
            ExitCode::SUCCESS
        }
        Some(Tool::Notation {
            fen,
            from,
            to,
            moves,
        }) => print_line(chariot::notation::cli(fen.as_deref(), &from, &to, &moves)),
        Some(Tool::Pgn {
            files,
            to,
            encoding,
            input_encoding,
            output,
        }) => {
            let command = chariot::notation::files::PgnCommand {
                files,
                to,
                encoding,
                input_encoding,
                output,
            };
            // Buffered: a file of many broken games has as many error lines.
            let mut messages = io::BufWriter::new(io::stderr().lock());
            let summary = chariot::notation::files::pgn_command(
                &command,
                &mut io::BufWriter::new(io::stdout().lock()),
                &mut messages,
            );
            let _ = messages.flush();
            match summary {
                Ok(s) if s.errors == 0 => ExitCode::SUCCESS,
                Ok(_) => ExitCode::from(1),
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Some(Tool::Analyse {
            fen,
            moves,
            depth,
            movetime,
            threads,
        }) => analyse(&fen, &moves, depth, movetime, threads),
        Some(Tool::Rule { fen, moves, rules }) => {
            print_line(chariot::board::game_end::rule_cli(&fen, &moves, &rules))
        }
        Some(Tool::Book { action }) => run_book(action),
        Some(Tool::Eval { fen, evalfile }) => match Position::from_fen(&fen) {
            Ok(pos) => {
                let net = match chosen_net(evalfile.as_deref()) {
                    Ok(net) => net,
                    Err(code) => return code,
                };
                outln!(
                    "{}",
                    chariot::eval::trace_with_nnue(&pos, net.as_deref(), true)
                );
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: invalid FEN: {e}");
                ExitCode::from(2)
            }
        },
    }
}

/// The network a command evaluates with: the file `path` names (a file that cannot be
/// loaded is an error, exit code 2), else the embedded net (`None`, the HCE, if it
/// were invalid). Load errors are printed.
fn chosen_net(
    path: Option<&std::path::Path>,
) -> Result<Option<std::sync::Arc<chariot::eval::nnue::Network>>, ExitCode> {
    match load_net(path) {
        Ok(net) => Ok(Some(net)),
        Err(code) if path.is_some() => Err(code),
        Err(_) => Ok(None),
    }
}

/// The network in `path`, or the embedded one; an error is printed (exit code 2).
fn load_net(
    path: Option<&std::path::Path>,
) -> Result<std::sync::Arc<chariot::eval::nnue::Network>, ExitCode> {
    let loaded = match path {
        Some(path) => chariot::eval::nnue::Network::load(path).map(std::sync::Arc::new),
        None => chariot::eval::nnue::embedded(),
    };
    loaded.map_err(|e| {
        let name = path.map_or_else(
            || "the embedded net".to_string(),
            |p| p.display().to_string(),
        );
        eprintln!("error: cannot load {name}: {e}");
        ExitCode::from(2)
    })
}

/// `chariot book build` and `chariot book probe`.
fn run_book(action: BookAction) -> ExitCode {
    use chariot::book::build::{BuildOptions, Builder};
    use chariot::book::Book;
    match action {
        BookAction::Build {
            pgn,
            out,
            depth,
            min_games,
        } => {
            let mut builder = Builder::new(BuildOptions { depth, min_games });
            let mut bar = chariot::notation::files::FilesBar::new(&pgn, "book");
            for path in &pgn {
                // Any game file `chariot pgn` reads: PGN in UTF-8, GBK or Big5, or XQF.
                match bar.file(path, None) {
                    Ok(file) => builder.add_file(&file, &path.display().to_string()),
                    Err(e) => {
                        bar.finish();
                        eprintln!("error: {e}");
                        return ExitCode::from(2);
                    }
                }
            }
            bar.finish();
            for why in &builder.skipped {
                eprintln!("skipped {why}");
            }
            let (games, skipped) = (builder.games(), builder.skipped_count);
            let book = builder.finish();
            if let Err(e) = std::fs::write(&out, book.to_bytes()) {
                eprintln!("error: cannot write '{}': {e}", out.display());
                return ExitCode::from(2);
            }
            outln!(
                "{}: {} moves from {games} games ({skipped} skipped), first {depth} plies, moves played at least {min_games} times",
                out.display(),
                book.len()
            );
            ExitCode::SUCCESS
        }
        BookAction::Probe { book, fen, moves } => {
            let book = match Book::load(&book) {
                Ok(book) => book,
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::from(2);
                }
            };
            let mut pos = match Position::from_fen(&fen) {
                Ok(pos) => pos,
                Err(e) => {
                    eprintln!("error: invalid FEN: {e}");
                    return ExitCode::from(2);
                }
            };
            for m in &moves {
                if let Err(e) = pos.try_play(m) {
                    eprintln!("error: {e}");
                    return ExitCode::from(2);
                }
            }
            let found = book.probe(&pos);
            let total: u64 = found.iter().map(|b| u64::from(b.weight)).sum();
            for b in &found {
                outln!(
                    "{} {} weight {} ({:.1}%) games {}",
                    b.mv,
                    chariot::notation::to_chinese(&pos, b.mv),
                    b.weight,
                    100.0 * f64::from(b.weight) / total as f64,
                    b.games
                );
            }
            if found.is_empty() {
                outln!("no book move");
            }
            ExitCode::SUCCESS
        }
    }
}

/// A one-line tool's answer: the line on stdout, or the error on stderr and exit code 2.
fn print_line(answer: Result<String, String>) -> ExitCode {
    match answer {
        Ok(line) => {
            outln!("{line}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn run_perft(depth: u32, fen: &str, divide: bool, threads: usize) -> ExitCode {
    if depth > perft::MAX_DEPTH {
        eprintln!(
            "error: perft depth {depth} is too deep (at most {})",
            perft::MAX_DEPTH
        );
        return ExitCode::from(2);
    }
    let mut pos = match Position::from_fen(fen) {
        Ok(pos) => pos,
        Err(e) => {
            eprintln!("error: invalid FEN: {e}");
            return ExitCode::from(2);
        }
    };
    let threads = chariot::input::cli_threads(threads as u64, MAX_THREADS, "--threads");
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

/// Prints each finished iteration for a person.
struct HumanReport {
    root: Position,
}

impl chariot::search::Reporter for HumanReport {
    fn problem(&self, text: &str) {
        eprintln!("error: {text}");
    }

    fn info(&self, info: &chariot::search::Info) {
        // Only finished depths; an aspiration bound is no result to show a person.
        if info.bound.is_some() {
            return;
        }
        let mut pos = self.root.clone();
        let mut chinese = Vec::new();
        for &mv in &info.pv {
            if !pos.is_legal(mv) {
                break;
            }
            chinese.push(chariot::notation::to_chinese(&pos, mv));
            pos.make_move(mv);
        }
        let iccs: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
        let score = match chariot::search::mate_in(info.score) {
            Some(m) if m > 0 => format!("mate in {m}"),
            Some(m) => format!("mated in {}", -m),
            None => format!("{:+.2}", f64::from(info.score) / 100.0),
        };
        outln!(
            "depth {:>2}  score {score:>12}  time {:>6} ms  nodes {:>10}  {}  ({})",
            info.depth,
            info.time_ms,
            info.nodes,
            chinese.join(" "),
            iccs.join(" ")
        );
    }
}

fn analyse(
    fen: &str,
    moves: &[String],
    depth: Option<i32>,
    movetime: Option<u64>,
    threads: usize,
) -> ExitCode {
    let mut pos = match Position::from_fen(fen) {
        Ok(pos) => pos,
        Err(e) => {
            eprintln!("error: invalid FEN: {e}");
            return ExitCode::from(2);
        }
    };
    for (i, text) in moves.iter().enumerate() {
        if let Err(e) = pos.try_play(text) {
            eprintln!("error: move {} ({e})", i + 1);
            return ExitCode::from(2);
        }
    }
    let side = match pos.side_to_move() {
        chariot::board::Color::Red => "red",
        chariot::board::Color::Black => "black",
    };
    outln!("{}", pos);
    outln!("{side} to move; scores are from {side}'s point of view, in document points (1.00 = 100 cp; a rook is 10)");
    let limits = chariot::search::Limits {
        depth,
        move_time: match (depth, movetime) {
            (None, None) => Some(std::time::Duration::from_millis(3000)),
            (_, ms) => ms.map(std::time::Duration::from_millis),
        },
        ..Default::default()
    };
    let config = chariot::search::Config {
        threads: chariot::input::cli_threads(
            threads as u64,
            chariot::input::search_thread_cap(MAX_THREADS),
            "--threads",
        ),
        ..Default::default()
    };
    let shared = chariot::search::Shared::new(64);
    let report = HumanReport { root: pos.clone() };
    let outcome = chariot::search::search(&pos, &limits, &config, &shared, &report);
    match outcome.best {
        Some(mv) => outln!(
            "best move: {} ({mv})",
            chariot::notation::to_chinese(&pos, mv)
        ),
        None => outln!("no legal move: {side} has lost"),
    }
    ExitCode::SUCCESS
}
