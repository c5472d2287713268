//! Any bytes → lossy UTF-8 → `protocol::parse` (whole input as one line, and each line),
//! then each line fed to an `Engine` writing into a sink. `go`, `go perft` and `bench`
//! start their search or count and are stopped at once (a panic on those threads aborts
//! the fuzzing process, as any panic does); `setoption` of the hash size (up to 64 GiB)
//! is skipped; everything else (position/fen/startpos, probe, banmoves, setoption, d,
//! eval, isready, ucci/uci, newgame, stop, ponderhit, quit, garbage) is handled.
//!
//! One engine per fuzzing process (creating one allocates a 16 MiB table, which would
//! dominate the run time); each input starts with `position startpos`, which resets the
//! position and the banned moves. Options and the dialect carry over between inputs.
#![no_main]

use std::cell::RefCell;

use chariot::board::Position;
use chariot::protocol::command::PositionSource;
use chariot::protocol::options::{self, Id};
use chariot::protocol::{parse, Command, Engine};
use libfuzzer_sys::fuzz_target;

thread_local! {
    static ENGINE: RefCell<Engine> = RefCell::new({
        let mut engine = Engine::new(std::io::sink());
        engine.handle("setoption name Hash value 1");
        engine
    });
}

/// Whether `command` must not reach the engine here.
fn skipped(command: &Command) -> bool {
    match command {
        Command::SetOption { name, .. } => options::find(name).is_some_and(|s| s.id == Id::Hash),
        _ => false,
    }
}

/// Whether `command` starts a search or a count on another thread (`stop` ends it).
fn starts_work(command: &Command) -> bool {
    matches!(
        command,
        Command::Go(_) | Command::Perft(_) | Command::Bench(_)
    )
}

fn check_fen_source(source: &PositionSource) {
    if let PositionSource::Fen(fen) = source {
        if let Ok(pos) = Position::from_fen(fen) {
            let printed = pos.to_fen();
            let again = Position::from_fen(&printed).expect("to_fen re-parses");
            assert_eq!(again.to_fen(), printed);
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Err(e) = parse(&text) {
        let _ = e.to_string();
    }
    ENGINE.with(|engine| {
        let mut engine = engine.borrow_mut();
        engine.handle("position startpos");
        for line in text.split('\n') {
            let line = line.trim_end_matches('\r');
            let command = match parse(line) {
                Ok(c) => c,
                Err(e) => {
                    let _ = e.to_string();
                    // Errors are reported by the engine too.
                    engine.handle(line);
                    continue;
                }
            };
            if let Command::Position { source, .. } | Command::Probe { source, .. } = &command {
                check_fen_source(source);
            }
            if skipped(&command) {
                continue;
            }
            let going = engine.handle(line);
            if starts_work(&command) {
                // Started and stopped at once, so that every input ends quickly.
                engine.handle("stop");
            }
            if !going {
                break; // quit
            }
        }
    });
});
