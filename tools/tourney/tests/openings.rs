//! The shipped openings file: at least 100 distinct, legal, quiet start positions.
//! `generate_default_openings` (ignored) regenerates it:
//! `cargo test -p tourney --test integration -- --ignored --nocapture openings::generate`.

use std::collections::HashSet;

use chariot::board::Position;
use tourney::openings::{parse_openings, OpeningFormat};

const DEFAULT: &str = include_str!("../../openings/default.epd");

#[test]
fn default_openings_are_legal_distinct_and_quiet() {
    let openings =
        parse_openings(DEFAULT, OpeningFormat::Epd).expect("every line is a legal position");
    assert!(openings.len() >= 100, "only {} openings", openings.len());
    let mut keys = HashSet::new();
    for o in &openings {
        let pos = o.position().unwrap();
        assert!(!pos.in_check(), "{} is in check", o.fen);
        assert!(!pos.legal_moves().is_empty(), "{} has no legal move", o.fen);
        assert!(keys.insert(pos.key()), "duplicate {}", o.fen);
        // The move list after ';' replays from the start to this position.
        let line = DEFAULT
            .lines()
            .find(|l| l.starts_with(&o.fen[..o.fen.len() - 4]))
            .unwrap();
        let moves = line.split(';').nth(1).unwrap();
        let mut p = Position::startpos();
        for m in moves.split_whitespace() {
            p.try_play(m).unwrap();
        }
        assert_eq!(p.key(), pos.key(), "{line}");
        assert_eq!(
            p.history().iter().filter(|u| u.captured.is_some()).count(),
            0,
            "{line}"
        );
    }
}

const RED: &[&str] = &[
    "h2e2", "b2e2", "c3c4", "g3g4", "g0e2", "c0e2", "h0g2", "b0c2", "h2f2", "b2d2", "i0i1", "a0a1",
    "h2h4", "b2b4", "f0e1", "d0e1", "e3e4", "h2i2", "b2a2",
];
const BLACK: &[&str] = &[
    "h9g7", "b9c7", "h7e7", "b7e7", "c6c5", "g6g5", "g9e7", "c9e7", "h7f7", "b7d7", "i9i8", "a9a8",
    "h7h5", "b7b5", "f9e8", "d9e8", "h7i7", "b7a7",
];

fn lines(depth: usize) -> Vec<Vec<&'static str>> {
    let mut out: Vec<Vec<&'static str>> = vec![vec![]];
    for ply in 0..depth {
        let set = if ply % 2 == 0 { RED } else { BLACK };
        let mut next = Vec::new();
        for l in &out {
            for m in set {
                let mut pos = Position::startpos();
                for x in l {
                    pos.try_play(x).unwrap();
                }
                if let Ok(mv) = pos.parse_move(m) {
                    if pos.piece_at(mv.to()).is_none() && !pos.gives_check(mv) {
                        let mut l2 = l.clone();
                        l2.push(*m);
                        next.push(l2);
                    }
                }
            }
        }
        out = next;
    }
    out
}

#[test]
#[ignore]
fn generate_default_openings() {
    let mut seen = HashSet::new();
    let mut chosen = Vec::new();
    // A deterministic spread: every k-th line of each depth.
    for (depth, want) in [(2usize, 30usize), (4, 90), (6, 40)] {
        let all = lines(depth);
        let step = (all.len() / want).max(1);
        let mut taken = 0;
        let mut i = 0;
        while taken < want && i < all.len() {
            let mut pos = Position::startpos();
            for m in &all[i] {
                pos.try_play(m).unwrap();
            }
            if !pos.in_check() && seen.insert(pos.key()) {
                chosen.push((pos.to_fen(), all[i].join(" ")));
                taken += 1;
            }
            i += step;
        }
    }
    println!("# Chariot default openings: common first moves for each side (炮二平五, 马八进七,");
    println!(
        "# 兵七进一, 相三进五, 马二进三, 仕角炮, 过宫炮 ... and the replies 马８进７, 炮８平５,"
    );
    println!("# 卒７进１ ...), 1-3 moves each, no captures, none in check, no duplicates.");
    println!("# Each line: FEN ; the moves from the start position.");
    for (fen, moves) in chosen {
        println!("{fen} ; {moves}");
    }
}

/// A small book built in-process from a few games, written to a temporary file.
fn small_book() -> std::path::PathBuf {
    use chariot::book::build::{BuildOptions, Builder};
    let mut builder = Builder::new(BuildOptions {
        depth: 6,
        min_games: 1,
    });
    builder.add_pgn(
        "[Result \"1-0\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 1-0\n\n\
         [Result \"1/2-1/2\"]\n\n1. c3c4 g6g5 2. b0c2 h9g7 3. h2e2 b9a7 1/2-1/2\n\n\
         [Result \"1-0\"]\n\n1. h2e2 b9c7 2. b0c2 c6c5 1-0\n",
        "test",
    );
    let dir = std::env::temp_dir().join(format!("tourney-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("small.bin");
    std::fs::write(&path, builder.finish().to_bytes()).unwrap();
    path
}

#[test]
fn book_openings_are_lines_the_book_holds() {
    use chariot::book::Book;
    use tourney::openings::book_openings;
    let path = small_book();
    let book = Book::load(&path).unwrap();
    let file = path.to_string_lossy();
    let openings = book_openings(&file, 4, 9).unwrap();
    assert!(openings.len() >= 3, "{openings:?}");
    let mut seen = HashSet::new();
    for o in &openings {
        assert!(!o.moves.is_empty() && o.moves.len() <= 4, "{o:?}");
        assert!(seen.insert(o.moves.clone()), "duplicate {o:?}");
        // Every move is one of the book's moves in the position before it, as the book
        // gives it; its mirror image only where the position is its own mirror (there
        // the book's move stands for both).
        let mut pos = Position::startpos();
        for m in &o.moves {
            let mv = pos.parse_move(m).unwrap();
            let symmetric = pos.mirrored().key() == pos.key();
            assert!(
                book.probe(&pos)
                    .iter()
                    .any(|b| b.mv == mv || (symmetric && b.mv == mv.mirror_file())),
                "{m} in {}: {o:?}",
                pos.to_fen()
            );
            pos.make_move(mv);
        }
    }
    // The same seed walks the same lines.
    assert_eq!(book_openings(&file, 4, 9).unwrap(), openings);
    // The command line takes format=book; bad books are errors.
    let args = |spec: &str| -> Vec<String> {
        format!("-engine cmd=a -engine cmd=b -each depth=1 -srand 3 -openings {spec}")
            .split_whitespace()
            .map(str::to_string)
            .collect()
    };
    match tourney::cli::parse(&args(&format!("file={file} format=book plies=2"))) {
        Ok(tourney::cli::Action::Run(cfg)) => {
            assert!(cfg.openings.len() >= 2, "{:?}", cfg.openings);
            assert!(cfg
                .openings
                .iter()
                .all(|o| o.moves.len() <= 2 && !o.moves.is_empty()));
        }
        Ok(_) => panic!("not a run"),
        Err(e) => panic!("{e}"),
    }
    let err = tourney::cli::parse(&args("file=/nonexistent.bin format=book"))
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("cannot read"), "{err}");
    assert!(book_openings(
        &std::env::temp_dir()
            .join("nothing-here.bin")
            .to_string_lossy(),
        4,
        1
    )
    .is_err());
}

/// `tourney -resume` and `-openings` on an endless file (`/dev/zero`): refused with an
/// error naming the file, without reading it to its end (run under `ulimit -v` of 2 GiB,
/// where reading it whole cannot succeed).
#[test]
#[cfg(target_os = "linux")]
fn endless_state_and_openings_files_are_refused() {
    let tourney = env!("CARGO_BIN_EXE_tourney");
    let run = |args: &[&str]| {
        let out = std::process::Command::new("/bin/sh")
            .args([
                "-c",
                r#"ulimit -v 2097152 || exit 99; exec "$@""#,
                "sh",
                tourney,
            ])
            .args(args)
            .output()
            .expect("/bin/sh runs");
        assert_ne!(out.status.code(), Some(99), "ulimit -v must work here");
        assert!(!out.status.success(), "{args:?}");
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let stderr = run(&["-resume", "/dev/zero"]);
    assert!(
        stderr.contains("'/dev/zero' is not a tourney state file"),
        "{stderr}"
    );
    for format in ["epd", "pgn"] {
        let stderr = run(&[
            "-engine",
            "cmd=/bin/true",
            "-engine",
            "cmd=/bin/true",
            "-openings",
            "file=/dev/zero",
            &format!("format={format}"),
            "-each",
            "depth=1",
            "-games",
            "2",
        ]);
        assert!(
            stderr.contains("'/dev/zero' is larger than 256 MiB"),
            "{format}: {stderr}"
        );
    }
}
