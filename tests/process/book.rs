//! The opening book against the built binary: `chariot book build` from PGN in each
//! move notation, read back and probed, and played from in UCI and UCCI sessions
//! (`OwnBook`/`BookFile`, `usebook`/`bookfiles`), with missing and malformed files; not
//! for `go infinite` or `go ponder`, which search.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use chariot::board::{Move, Position};
use chariot::book::build::{BuildOptions, Builder};
use chariot::book::Book;
use common::session;

/// Games in ICCS, WXF and Chinese notation; the first moves mirror one another.
const ICCS: &str =
    "[Event \"iccs\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 1-0\n\n\
    [Event \"iccs 2\"]\n[Result \"1/2-1/2\"]\n\n1. b2e2 b9c7 2. b0c2 a9b9 3. a0b0 h9g7 1/2-1/2\n\n\
    [Event \"iccs 3\"]\n[Result \"0-1\"]\n\n1. c3c4 g6g5 2. b0c2 h9g7 0-1\n";
const WXF: &str =
    "[Event \"wxf\"]\n[Format \"WXF\"]\n[Result \"1-0\"]\n\n1. C2.5 H8+7 2. H2+3 R9.8 1-0\n";
const CHINESE: &str =
    "[Event \"中文\"]\n[Result \"1-0\"]\n\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ 1-0\n\n\
    [Event \"bad\"]\n\n1. 炮二平五 马８进８ *\n";

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("chariot-book-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn chariot(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_chariot"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Writes the three PGN files into `d` and builds `d/book.bin` from them.
fn build_book(d: &Path) -> PathBuf {
    let files = [
        ("iccs.pgn", ICCS),
        ("wxf.pgn", WXF),
        ("chinese.pgn", CHINESE),
    ];
    let mut args = vec!["book".to_string(), "build".to_string()];
    for (name, text) in files {
        let p = d.join(name);
        std::fs::write(&p, text).unwrap();
        args.push(p.display().to_string());
    }
    let book = d.join("book.bin");
    args.extend([
        "-o".into(),
        book.display().to_string(),
        "--depth".into(),
        "4".into(),
        "--min-games".into(),
        "1".into(),
    ]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (ok, out, err) = chariot(&args);
    assert!(ok, "{out}{err}");
    assert!(out.contains("from 5 games (1 skipped)"), "{out}");
    assert!(
        err.contains("skipped") && err.contains("chinese.pgn, game 2"),
        "{err}"
    );
    // Standard error is not a terminal: no progress bar drawn.
    assert!(err.lines().all(|l| l.starts_with("skipped ")), "{err}");
    book
}

#[test]
fn a_built_book_reads_back_as_the_games_counted() {
    let d = dir("build");
    let path = build_book(&d);
    let book = Book::load(&path).unwrap();
    // The same games counted in-process give the same book, byte for byte.
    let mut builder = Builder::new(BuildOptions {
        depth: 4,
        min_games: 1,
    });
    for text in [ICCS, WXF, CHINESE] {
        builder.add_pgn(text, "x");
    }
    assert_eq!(builder.finish().to_bytes(), std::fs::read(&path).unwrap());
    // The start: the central cannon from either side is one move of 4 games
    // (2 + 1 + 2 + 2 points), c3c4 another (lost: weight 0, left out).
    let start = Position::startpos();
    let moves = book.probe(&start);
    assert_eq!(moves.len(), 1, "{moves:?}");
    assert_eq!((moves[0].weight, moves[0].games), (7, 4));
    // After h2e2 the horse reply merges b2e2 b9c7 with h2e2 h9g7, WXF and Chinese too.
    let mut pos = start.clone();
    pos.try_play("h2e2").unwrap();
    let replies = book.probe(&pos);
    assert_eq!(replies[0].mv, Move::parse_iccs("h9g7").unwrap());
    assert_eq!(replies[0].games, 4);
    // `book probe` lists the same, in Chinese notation too.
    let (ok, out, _) = chariot(&[
        "book",
        "probe",
        &path.display().to_string(),
        "--moves",
        "h2e2",
    ]);
    assert!(ok);
    assert!(out.starts_with("h9g7 马８进７ weight"), "{out}");
    let (ok, out, _) = chariot(&[
        "book",
        "probe",
        &path.display().to_string(),
        "--moves",
        "a0a1",
    ]);
    assert!(ok && out.contains("no book move"), "{out}");
    // Bad input: a missing PGN, a missing book, a book that is not one.
    let (ok, _, err) = chariot(&[
        "book",
        "build",
        "/nonexistent.pgn",
        "-o",
        &d.join("x.bin").display().to_string(),
    ]);
    assert!(!ok && err.contains("cannot read"), "{err}");
    let garbage = d.join("garbage.bin");
    std::fs::write(&garbage, b"not a book at all").unwrap();
    let (ok, _, err) = chariot(&["book", "probe", &garbage.display().to_string()]);
    assert!(!ok && err.contains("not a Chariot book"), "{err}");
}

/// The `bestmove` of a session's output and the line that says it was a book move.
fn answer(lines: &[String]) -> (String, Option<String>) {
    let best = lines
        .iter()
        .find(|l| l.starts_with("bestmove"))
        .cloned()
        .unwrap_or_default();
    let note = lines.iter().find(|l| l.contains("book move")).cloned();
    (best, note)
}

#[test]
fn both_dialects_play_from_the_book_and_go_on_without_a_bad_one() {
    let d = dir("play");
    let path = build_book(&d);
    let p = path.display().to_string();
    // UCI: the book answers at once, with one of its moves.
    let lines = session(
        format!("uci\nsetoption name OwnBook value true\nsetoption name BookFile value {p}\nposition startpos\ngo wtime 60000 btime 60000\n").as_bytes(),
    );
    let (best, note) = answer(&lines);
    assert!(
        ["bestmove h2e2", "bestmove b2e2"].contains(&best.as_str()),
        "{lines:?}"
    );
    let note = note.expect("a book note");
    assert!(
        note.starts_with("info string book move") && note.contains("4 games"),
        "{note}"
    );
    // Out of the book, with the book off, or the book's moves excluded: a search.
    for (setup, go) in [
        ("position startpos moves a3a4", "go depth 2"),
        (
            "setoption name OwnBook value false\nposition startpos",
            "go depth 2",
        ),
        ("position startpos", "go depth 2 searchmoves a3a4"),
    ] {
        let lines = session(format!("uci\nsetoption name OwnBook value true\nsetoption name BookFile value {p}\n{setup}\n{go}\n").as_bytes());
        let (best, note) = answer(&lines);
        assert!(
            note.is_none() && best.starts_with("bestmove"),
            "{setup}: {lines:?}"
        );
    }
    // UCCI's names, after h2e2 (Black replies from the mirrored games too).
    let lines = session(format!("ucci\nsetoption bookfiles {p}\nsetoption usebook true\nposition startpos moves h2e2\ngo time 60000\n").as_bytes());
    let (best, note) = answer(&lines);
    assert_eq!(best, "bestmove h9g7", "{lines:?}");
    assert!(note.unwrap().starts_with("info message book move h9g7"));
    // A missing or malformed book: a clear error, and the engine searches on.
    let garbage = d.join("garbage.bin");
    std::fs::write(&garbage, vec![7u8; 40]).unwrap();
    for (file, why) in [
        ("/nonexistent/book.bin", "cannot read"),
        (garbage.to_str().unwrap(), "not a Chariot book"),
    ] {
        let lines = session(format!("uci\nsetoption name OwnBook value true\nsetoption name BookFile value {file}\nposition startpos\ngo depth 2\n").as_bytes());
        let error = lines
            .iter()
            .find(|l| l.contains("error"))
            .unwrap_or_else(|| panic!("{lines:?}"));
        assert!(
            error.contains("BookFile")
                && error.contains(why)
                && error.contains("playing without a book"),
            "{error}"
        );
        let (best, note) = answer(&lines);
        assert!(note.is_none() && best.starts_with("bestmove"), "{lines:?}");
    }
}

#[test]
fn go_infinite_and_go_ponder_search_instead_of_playing_from_the_book() {
    use std::time::Duration;
    let d = dir("search");
    let path = build_book(&d);
    let mut e = common::Live::start();
    e.send("uci");
    e.send("setoption name OwnBook value true");
    e.send(&format!("setoption name BookFile value {}", path.display()));
    e.send("isready");
    e.wait_for(|l| l == "readyok", Duration::from_secs(10));
    e.send("position startpos");
    // `go infinite` and `go ponder` in the book's start position: a search that reports
    // its iterations and answers only when told, never the book's move at once.
    for (go, end) in [
        ("go infinite", "stop"),
        ("go ponder wtime 5000 btime 5000", "ponderhit"),
        ("go ponder wtime 5000 btime 5000", "stop"),
    ] {
        let from = e.log.len();
        e.send(go);
        let (first, _) = e.wait_for(
            |l| l.starts_with("info depth 2 ") || l.starts_with("bestmove"),
            Duration::from_secs(10),
        );
        assert!(
            !first.starts_with("bestmove"),
            "{go}: answered at once: {:?}",
            &e.log[from..]
        );
        // Still searching half a second on.
        let waited = std::time::Instant::now();
        while let Some(line) =
            e.next_within(Duration::from_millis(500).saturating_sub(waited.elapsed()))
        {
            assert!(!line.starts_with("bestmove"), "{go}: answered before {end}");
        }
        e.send(end);
        let (best, _) = e.wait_for(|l| l.starts_with("bestmove"), Duration::from_secs(10));
        let mv = best.split_whitespace().nth(1).unwrap();
        assert!(Position::startpos().parse_move(mv).is_ok(), "{best}");
        assert!(
            !e.log[from..].iter().any(|l| l.contains("book move")),
            "{go}: {:?}",
            &e.log[from..]
        );
    }
    // A plain `go` in the same position plays from the book.
    let from = e.log.len();
    e.send("go wtime 60000 btime 60000");
    let (best, _) = e.wait_for(|l| l.starts_with("bestmove"), Duration::from_secs(10));
    assert!(
        ["bestmove h2e2", "bestmove b2e2"].contains(&best.as_str()),
        "{best}"
    );
    assert!(
        e.log[from..]
            .iter()
            .any(|l| l.starts_with("info string book move")),
        "{:?}",
        &e.log[from..]
    );
    assert!(
        !e.log[from..].iter().any(|l| l.starts_with("info depth")),
        "a search: {:?}",
        &e.log[from..]
    );
}
