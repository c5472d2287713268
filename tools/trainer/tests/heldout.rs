//! The held-out opening set (`tools/openings/heldout.epd`): what measures strength stays
//! apart from what trains. `make-openings` builds such a set from real games, and
//! `datagen` refuses to start games from it.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use chariot::board::Position;
use tourney::openings::{is_held_out, load_openings, OpeningFormat, HELD_OUT_MARK};

fn openings_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../openings")
}

/// The position's key up to the left-right mirror.
fn mirror_key(pos: &Position) -> u64 {
    pos.key().min(pos.mirrored().key())
}

fn keys(path: &Path) -> Vec<u64> {
    load_openings(path.to_str().unwrap(), OpeningFormat::Epd)
        .unwrap()
        .iter()
        .map(|o| mirror_key(&o.position().unwrap()))
        .collect()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chariot-heldout-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_held_out_set_is_marked_distinct_and_apart_from_the_training_openings() {
    let held = openings_dir().join("heldout.epd");
    let text = std::fs::read_to_string(&held).unwrap();
    assert!(is_held_out(&text), "heldout.epd lacks the held-out mark");
    let default = openings_dir().join("default.epd");
    assert!(!is_held_out(&std::fs::read_to_string(&default).unwrap()));

    let held_keys = keys(&held);
    assert_eq!(held_keys.len(), 200);
    let distinct: HashSet<u64> = held_keys.iter().copied().collect();
    assert_eq!(
        distinct.len(),
        held_keys.len(),
        "mirrored or repeated openings"
    );
    let trained: HashSet<u64> = keys(&default).into_iter().collect();
    assert!(distinct.is_disjoint(&trained));

    // Each line's FEN is the position its move list reaches from the start, 6-10 plies in,
    // side to move not in check, and its recorded balance score is within ±80.
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let mut pos = Position::startpos();
        let moves: Vec<&str> = fields[1].split_whitespace().collect();
        assert!((6..=10).contains(&moves.len()), "{line}");
        for m in &moves {
            pos.try_play(m).unwrap();
        }
        assert_eq!(pos.to_fen(), fields[0], "{line}");
        assert!(!pos.in_check(), "{line}");
        let score: i32 = fields[2].strip_prefix("score ").unwrap().parse().unwrap();
        assert!(score.abs() <= 80, "{line}");
    }
}

#[test]
fn datagen_refuses_a_held_out_set() {
    let dir = scratch("datagen");
    let out = dir.join("positions.txt");
    let output = Command::new(env!("CARGO_BIN_EXE_trainer"))
        .arg("datagen")
        .args([
            "--games",
            "1",
            "--nodes",
            "200",
            "--net",
            "hce",
            "--openings",
        ])
        .arg(openings_dir().join("heldout.epd"))
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("held-out opening set"), "{stderr}");
    assert!(!out.exists() || std::fs::metadata(&out).unwrap().len() == 0);
    // The same openings without the mark are accepted.
    let plain = dir.join("plain.epd");
    let text = std::fs::read_to_string(openings_dir().join("heldout.epd")).unwrap();
    std::fs::write(&plain, text.replace(HELD_OUT_MARK, "# copy")).unwrap();
    let status = Command::new(env!("CARGO_BIN_EXE_trainer"))
        .arg("datagen")
        .args([
            "--games",
            "1",
            "--nodes",
            "200",
            "--net",
            "hce",
            "--openings",
        ])
        .arg(&plain)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap()
        .status;
    assert!(status.success());
    assert!(std::fs::metadata(&out).unwrap().len() > 0);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Four games, two of them the same line mirrored left-right, one too short, one
/// reaching a position of the excluded file.
const GAMES: &str = "\
[Event \"a\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 4. c3c4 g6g5 *\n\n\
[Event \"b\"]\n\n1. b2e2 b9c7 2. b0c2 a9b9 3. a0b0 h9g7 4. g3g4 c6c5 *\n\n\
[Event \"c\"]\n\n1. h2e2 *\n\n\
[Event \"d\"]\n\n1. c3c4 g6g5 2. b0c2 h9g7 3. h0g2 b9c7 4. b2a2 h7h3 *\n\n";

#[test]
fn make_openings_builds_a_marked_mirror_free_set_from_games() {
    let dir = scratch("make");
    let games = dir.join("games.pgn");
    std::fs::write(&games, GAMES).unwrap();
    // Exclude game d's position after 8 plies.
    let mut d = Position::startpos();
    for m in "c3c4 g6g5 b0c2 h9g7 h0g2 b9c7 b2a2 h7h3".split(' ') {
        d.try_play(m).unwrap();
    }
    let exclude = dir.join("exclude.epd");
    std::fs::write(&exclude, format!("{}\n", d.to_fen())).unwrap();
    let out = dir.join("set.epd");
    let output = Command::new(env!("CARGO_BIN_EXE_trainer"))
        .arg("make-openings")
        .arg(&games)
        .args([
            "--plies",
            "8-8",
            "--depth",
            "4",
            "--max-score",
            "300",
            "--hce",
        ])
        .arg("--exclude")
        .arg(&exclude)
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(is_held_out(&text));
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    // Games a and b reach mirror images of one position: one opening; c is too short; d is
    // excluded.
    assert_eq!(lines.len(), 1, "{text}");
    assert!(lines[0].contains("games.pgn game 1"), "{text}");
    assert!(stderr.contains("only 1 of 200"), "{stderr}");
    // A malformed ply range is refused with a message.
    let bad = Command::new(env!("CARGO_BIN_EXE_trainer"))
        .arg("make-openings")
        .arg(&games)
        .args(["--plies", "9-3", "-o"])
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--plies"));
    let _ = std::fs::remove_dir_all(&dir);
}
