//! Random and mutated input, the stable counterpart of the fuzz targets in `fuzz/`
//! (which need nightly and cargo-fuzz, so CI runs this twin instead; it checks what
//! the targets `fen` and `line` check, on the same entry points):
//! a fixed-seed PRNG (no external crates) makes 20k byte strings (random bytes, mutated
//! valid FENs, mutated protocol commands) and feeds them to `Setup::parse`,
//! `Position::from_fen`, `protocol::parse` and, line by line, to an `Engine` writing
//! into a sink. Nothing may panic, and every FEN that parses must round-trip through
//! `to_fen`.
//!
//! `go`, `go perft` and `bench` lines (with the largest numbers too) are fed to the
//! engine, each followed by `stop`, so every search and count starts and is stopped; a
//! panic on those threads is caught by a panic hook. `setoption` of the hash size is
//! not fed (up to 64 GiB: the machine would be asked for it).

use crate::common;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use chariot::board::{Position, Setup, START_FEN};
use chariot::protocol::command::PositionSource;
use chariot::protocol::options::{self, Id};
use chariot::protocol::{parse, Command, Engine};

const CASES: usize = 20_000;

use common::{perft_fens, Rng};

fn valid_fens() -> Vec<String> {
    let mut fens = perft_fens();
    fens.extend(
        [
            START_FEN,
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b",
            "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r - - 0 1",
            "3k5/9/9/9/9/9/9/9/9/4K4 w - - 59 80",
            "4k4/4a4/9/9/9/9/9/9/4A4/3K5 b - - 0 1",
        ]
        .iter()
        .map(|s| s.to_string()),
    );
    fens
}

fn commands(fens: &[String]) -> Vec<String> {
    let mut cmds: Vec<String> = [
        "uci",
        "ucci",
        "isready",
        "ucinewgame",
        "newgame",
        "position startpos",
        "position startpos moves h2e2 h9g7 h0g2 i9h9",
        "position startpos moves h2e2 h9g7 zz99 h0g2",
        "startpos moves b2e2",
        "probe startpos moves h2e2",
        "banmoves h2e2 b2e2 a0a1",
        "banmoves",
        "setoption name MultiPV value 3",
        "setoption name Move Overhead value 100",
        "setoption name Clear Hash",
        "setoption name Threads value 2",
        "setoption name UCI_Variant value xiangqi",
        "setoption name Ponder value true",
        "setoption usemillisec false",
        "setoption newgame",
        "setoption rule60 off",
        "setoption name Hash value 1",
        "setoption hashsize 1",
        "ponderhit draw",
        "stop",
        "d",
        "eval",
        "go depth 1",
        "go perft 2",
        "bench 1",
        "go depth 4294967295",
        "go mate 99999999999",
        "go mate 4294967295",
        "go nodes 18446744073709551615",
        "go wtime 18446744073709551615 btime 1 winc 99999999999 binc -5 movestogo 0",
        "go movetime 99999999999999",
        "go time 1e308 increment 1e308 opptime 1e308",
        "go infinite",
        "go ponder",
        "go perft 64",
        "bench 64",
        "setoption name MultiPV value 99999999999",
        "setoption name Move Overhead value 4294967296",
        "setoption name Threads value 18446744073709551616",
        "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 65535 65535 moves h2e2 h9g7",
        "quit",
        "bye",
        "",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for fen in fens {
        cmds.push(format!("position fen {fen} moves h2e2 a9a8"));
        cmds.push(format!("fen {fen}"));
        cmds.push(format!("probe fen {fen}"));
    }
    cmds
}

/// Bytes likely to matter to the parsers.
const INTERESTING: &[u8] = b"rnbakcpRNBAKCPHEhe0123456789/ -wbr\t\r\nmovesfenstartposgodepth";

fn mutate(rng: &mut Rng, seed: &[u8], other: &[u8]) -> Vec<u8> {
    let mut bytes = seed.to_vec();
    let rounds = 1 + rng.below(4);
    for _ in 0..rounds {
        let len = bytes.len();
        match rng.below(9) {
            0 if len > 0 => {
                let i = rng.below(len);
                bytes[i] = *rng.pick(INTERESTING);
            }
            1 => {
                let i = rng.below(len + 1);
                bytes.insert(i, *rng.pick(INTERESTING));
            }
            2 if len > 0 => {
                let i = rng.below(len);
                bytes.remove(i);
            }
            3 if len > 0 => {
                let i = rng.below(len);
                bytes[i] ^= 1 << rng.below(8);
            }
            4 if len > 0 => {
                // Duplicate a slice.
                let a = rng.below(len);
                let b = (a + 1 + rng.below(8)).min(len);
                let chunk = bytes[a..b].to_vec();
                let at = rng.below(len + 1);
                bytes.splice(at..at, chunk);
            }
            5 if len > 0 => bytes.truncate(rng.below(len)),
            6 => {
                // Splice in part of another seed.
                let a = rng.below(other.len() + 1);
                let at = rng.below(len + 1);
                bytes.splice(at..at, other[a..].iter().copied());
            }
            7 => {
                // A big or odd number.
                let numbers: &[&[u8]] = &[
                    b"65536",
                    b"4294967296",
                    b"99999999999999999999999",
                    b"-1",
                    b"-0",
                    b"1e309",
                    b"NaN",
                    b"inf",
                    b"0",
                    b"65535",
                ];
                let at = rng.below(len + 1);
                let n = *rng.pick(numbers);
                bytes.splice(at..at, n.iter().copied());
            }
            _ => {
                // Non-ASCII: a multi-byte character or an invalid byte.
                let odd: &[&[u8]] = &["帅".as_bytes(), "\u{a0}".as_bytes(), &[0xff], &[0xc3], &[0]];
                let at = rng.below(len + 1);
                let s = *rng.pick(odd);
                bytes.splice(at..at, s.iter().copied());
            }
        }
    }
    bytes
}

/// Swaps characters of the placement (which keeps every rank's width, so the result is
/// often a well-formed FEN and reaches the validator and move generation), and sometimes
/// changes the side to move.
fn shuffle_fen(rng: &mut Rng, seed: &[u8]) -> Vec<u8> {
    let mut bytes = seed.to_vec();
    let board_len = bytes.iter().position(|&b| b == b' ').unwrap_or(bytes.len());
    let mut letters: Vec<usize> = (0..board_len)
        .filter(|&i| bytes[i].is_ascii_alphabetic())
        .collect();
    for _ in 0..rng.below(3) {
        if letters.len() < 2 {
            break;
        }
        let a = *rng.pick(&letters);
        let b = *rng.pick(&letters);
        bytes.swap(a, b);
    }
    if rng.chance(4) && !letters.is_empty() {
        // Change a piece letter (another kind or the other colour).
        let i = *rng.pick(&letters);
        bytes[i] = *rng.pick(b"rnbakcpRNBAKCP");
        letters.retain(|&j| j != i);
    }
    if rng.chance(3) {
        bytes.truncate(board_len);
        bytes.extend_from_slice(rng.pick::<&[u8]>(&[
            b" w",
            b" b",
            b" r - - 10 20",
            b" b - - 65535 0",
        ]));
    }
    bytes
}

fn random_bytes(rng: &mut Rng) -> Vec<u8> {
    let len = rng.below(120);
    (0..len)
        .map(|_| {
            if rng.chance(2) {
                *rng.pick(INTERESTING)
            } else {
                rng.next() as u8
            }
        })
        .collect()
}

/// Every FEN that parses prints to a FEN that parses to the same setup and prints the
/// same; its moves can be generated, made and unmade.
fn check_fen(text: &str) {
    let setup = Setup::parse(text);
    let parsed = Position::from_fen(text);
    match parsed {
        Err(e) => {
            assert!(!e.to_string().is_empty());
        }
        Ok(mut pos) => {
            let setup = setup.expect("from_fen accepted what Setup::parse rejected");
            let fen = pos.to_fen();
            let again = Position::from_fen(&fen)
                .unwrap_or_else(|e| panic!("{text:?} printed as {fen:?}, which fails: {e}"));
            assert_eq!(again.to_fen(), fen, "round trip of {text:?}");
            assert_eq!(again.key(), pos.key(), "key after round trip of {text:?}");
            assert_eq!(
                Setup::parse(&fen).expect("printed FEN parses as a setup"),
                setup,
                "setup round trip of {text:?} via {fen:?}"
            );
            pos.assert_consistent();
            assert!(!pos.to_string().is_empty());
            let moves = pos.legal_moves();
            for &mv in moves.iter() {
                assert!(pos.is_legal(mv), "{mv} listed but not legal in {fen}");
                pos.make_move(mv);
                pos.assert_consistent();
                pos.unmake_move();
            }
            assert_eq!(pos.to_fen(), fen, "make/unmake changed {text:?}");
            let (mate, stalemate) = (pos.is_checkmate(), pos.is_stalemate());
            assert!(!(mate && stalemate), "{fen}");
            assert_eq!(mate || stalemate, moves.is_empty(), "{fen}");
        }
    }
}

/// Whether the engine must not be given `command` here.
fn skipped(command: &Command) -> bool {
    match command {
        Command::SetOption { name, .. } => options::find(name).is_some_and(|s| s.id == Id::Hash),
        _ => false,
    }
}

/// Whether `command` starts work on another thread, which `stop` then ends.
fn starts_work(command: &Command) -> bool {
    matches!(
        command,
        Command::Go(_) | Command::Perft(_) | Command::Bench(_)
    )
}

/// Set by the panic hook: a panic anywhere, the engine's search threads included.
static PANICKED: AtomicBool = AtomicBool::new(false);

/// How many `go`, `go perft` and `bench` lines reached the engine.
static WORK_STARTED: AtomicUsize = AtomicUsize::new(0);

/// Feeds `text` line by line to the engine (and each line to the parser).
fn feed(engine: &mut Engine, text: &str) {
    if let Err(e) = parse(text) {
        assert!(!e.to_string().is_empty());
    }
    for line in text.split('\n') {
        let line = line.trim_end_matches('\r');
        match parse(line) {
            Ok(command) => {
                if let Command::Position { source, .. } | Command::Probe { source, .. } = &command {
                    if let PositionSource::Fen(fen) = source {
                        check_fen(fen);
                    }
                }
                if skipped(&command) {
                    continue;
                }
                if starts_work(&command) {
                    WORK_STARTED.fetch_add(1, Ordering::Relaxed);
                    let going = engine.handle(line);
                    engine.handle("stop");
                    if !going {
                        return;
                    }
                    continue;
                }
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
        if !engine.handle(line) {
            return;
        }
    }
}

/// Runs `f` on `input`, turning a panic into a failure that names the input.
fn guarded(what: &str, input: &[u8], f: impl FnOnce()) {
    if catch_unwind(AssertUnwindSafe(f)).is_err() {
        panic!(
            "{what} panicked on input {:?} (lossy: {:?})",
            input,
            String::from_utf8_lossy(input)
        );
    }
}

#[test]
fn random_and_mutated_input_never_panics() {
    let fens = valid_fens();
    let cmds = commands(&fens);
    let mut rng = Rng(0x00C0_FFEE_D15E_A5E5);
    let mut engine = Engine::new(std::io::sink());
    engine.handle("setoption name Hash value 1");
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        PANICKED.store(true, Ordering::SeqCst);
        default_hook(info);
    }));

    let (mut fen_ok, mut parsed_ok) = (0usize, 0usize);
    for case in 0..CASES {
        let input: Vec<u8> = match rng.below(8) {
            0 | 1 => random_bytes(&mut rng),
            2..=4 => {
                let seed = rng.pick(&fens).clone();
                if rng.chance(2) {
                    shuffle_fen(&mut rng, seed.as_bytes())
                } else {
                    let other = rng.pick(&fens).clone();
                    mutate(&mut rng, seed.as_bytes(), other.as_bytes())
                }
            }
            _ => {
                // One to three commands, each possibly mutated, as separate lines.
                let mut text = Vec::new();
                for i in 0..1 + rng.below(3) {
                    if i > 0 {
                        text.push(b'\n');
                    }
                    let seed = rng.pick(&cmds).clone();
                    if rng.chance(4) {
                        text.extend_from_slice(seed.as_bytes());
                    } else {
                        let other = rng.pick(&cmds).clone();
                        text.extend(mutate(&mut rng, seed.as_bytes(), other.as_bytes()));
                    }
                }
                text
            }
        };
        let text = String::from_utf8_lossy(&input);
        guarded("Setup::parse / Position::from_fen", &input, || {
            check_fen(&text);
        });
        if Position::from_fen(&text).is_ok() {
            fen_ok += 1;
        }
        guarded("protocol::parse / Engine::handle", &input, || {
            if case % 64 == 0 {
                engine.handle("position startpos");
            }
            if parse(&text).is_ok() {
                parsed_ok += 1;
            }
            feed(&mut engine, &text);
        });
    }
    engine.handle("stop");
    assert!(
        !PANICKED.load(Ordering::SeqCst),
        "a thread of the engine panicked (see the message above)"
    );
    eprintln!("{CASES} cases: {fen_ok} parsed as FENs, {parsed_ok} as commands");
    // The generator must actually reach the interesting paths.
    assert!(fen_ok > CASES / 40, "only {fen_ok} inputs parsed as FENs");
    assert!(
        parsed_ok > CASES / 20,
        "only {parsed_ok} inputs parsed as commands"
    );
    let started = WORK_STARTED.load(Ordering::Relaxed);
    assert!(started > CASES / 100, "only {started} go/perft/bench lines");
}
