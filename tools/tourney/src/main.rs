//! `tourney`: plays matches and tournaments between xiangqi engines. See `tourney -help`.

use std::process::ExitCode;

use tourney::cli::{parse, Action, HELP};
use tourney::event::run;

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
            let stdout = std::io::stdout();
            let mut out = stdout.lock();
            run(&cfg, &mut out);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("tourney: {e}");
            ExitCode::from(2)
        }
    }
}
