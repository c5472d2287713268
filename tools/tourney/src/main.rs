//! `tourney`: plays matches and tournaments between xiangqi engines. See `tourney -help`.

use std::process::ExitCode;

use chariot::progress::{Above, Progress};
use tourney::cli::{parse, Action, HELP};
use tourney::event::run_live;

/// The live line: games finished of those named, the score or leader, times.
const LIVE: &str = "{pos}/{len} games: {msg} | {elapsed} / {eta} left";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        print!("{HELP}");
        return ExitCode::SUCCESS;
    }
    match parse(&args) {
        Ok(Action::Help) => {
            print!("{HELP}");
            ExitCode::SUCCESS
        }
        Ok(Action::Version) => {
            println!("tourney {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        Ok(Action::Run(cfg)) => {
            // The live line on a terminal, the event's output written above it.
            let live = Progress::new(0, LIVE);
            let mut out = Above::new(&live, std::io::stdout().lock());
            run_live(&cfg, &mut out, &live);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("tourney: {e}");
            ExitCode::from(2)
        }
    }
}
