//! Behaviour kept across refactoring: fixed events between seeded test engines, played
//! through the `tourney` binary, must print the same tables and write the same PGN as the
//! files recorded in `tests/data/behaviour/` (recorded at 5ed6bb3, before the tools were
//! re-housed). The engines are the test engine's seeded random movers and deterministic
//! modes, so the games depend on the tourney alone: its scheduling, openings, lots,
//! adjudication, arbiter, scoring, ratings and writers. Wall-clock figures (the PGN
//! `Date` tag and the seconds in the move comments) are masked before comparing.
//!
//! To record the files anew after an intended change of output:
//! `BEHAVIOUR_RECORD=1 cargo test --release -p tourney -p test-engines --test integration
//! behaviour`, then read the diff.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::fake_engine;

const TOURNEY: &str = env!("CARGO_BIN_EXE_tourney");

/// The recorded files.
fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/behaviour")
}

/// The openings every event draws from.
fn openings() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../openings/default.epd")
        .to_string_lossy()
        .into_owned()
}

/// `-engine name=NAME cmd=FAKE arg=…` for one test engine.
fn engine(name: &str, args: &[&str]) -> Vec<String> {
    let mut v = vec![
        "-engine".to_string(),
        format!("name={name}"),
        format!("cmd={}", fake_engine()),
    ];
    v.extend(args.iter().map(|a| format!("arg={a}")));
    v
}

/// Masks what depends on the clock or the machine: the date, the seconds spent on a
/// move, and the paths of the test engine and the temporary directory.
fn normalise(text: &str, tmp: &Path) -> String {
    let tmp = tmp.to_string_lossy();
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        if line.starts_with("[Date ") {
            out.push_str("[Date \"?\"]\n");
            continue;
        }
        let line = line
            .replace(fake_engine(), "FAKE")
            .replace(tmp.as_ref(), "TMP");
        out.push_str(&mask_seconds(&line));
        out.push('\n');
    }
    out
}

/// Replaces every `<digits>.<digits>s` (a time in a move comment) with `Ts`.
fn mask_seconds(line: &str) -> String {
    let b = line.as_bytes();
    let mut out = String::with_capacity(line.len());
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() && (i == 0 || !(b[i - 1].is_ascii_alphanumeric())) {
            let mut j = i;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            if j < b.len() && b[j] == b'.' {
                let mut k = j + 1;
                while k < b.len() && b[k].is_ascii_digit() {
                    k += 1;
                }
                if k > j + 1 && k < b.len() && b[k] == b's' {
                    out.push_str("Ts");
                    i = k + 1;
                    continue;
                }
            }
            out.push_str(&line[i..j]);
            i = j;
            continue;
        }
        let c = line[i..].chars().next().unwrap();
        out.push(c);
        i += c.len_utf8();
    }
    out
}

/// Plays one event and compares (or, with `BEHAVIOUR_RECORD`, records) its output.
fn check(name: &str, args: Vec<String>) {
    let tmp = std::env::temp_dir().join(format!("behaviour-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).unwrap();
    let pgn = tmp.join("games.pgn");
    let out = Command::new(TOURNEY)
        .args(&args)
        .arg("-pgnout")
        .arg(&pgn)
        .args(if name == "swiss" {
            &["chinese"][..]
        } else {
            &[][..]
        })
        .output()
        .expect("tourney runs");
    assert!(
        out.status.success(),
        "{name}: tourney failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Standard error is not a terminal here: no live line, nothing at all.
    assert!(
        out.stderr.is_empty(),
        "{name}: stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = normalise(&String::from_utf8_lossy(&out.stdout), &tmp);
    let games = normalise(&std::fs::read_to_string(&pgn).unwrap(), &tmp);
    let _ = std::fs::remove_dir_all(&tmp);
    let dir = data_dir();
    let (out_file, pgn_file) = (
        dir.join(format!("{name}.out")),
        dir.join(format!("{name}.pgn")),
    );
    if std::env::var_os("BEHAVIOUR_RECORD").is_some() {
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(&out_file, &stdout).unwrap();
        std::fs::write(&pgn_file, &games).unwrap();
        return;
    }
    let want_out = std::fs::read_to_string(&out_file).expect("recorded output");
    let want_pgn = std::fs::read_to_string(&pgn_file).expect("recorded PGN");
    assert_eq!(
        first_difference(&stdout, &want_out),
        None,
        "{name}: tourney's output differs from {}",
        out_file.display()
    );
    assert_eq!(
        first_difference(&games, &want_pgn),
        None,
        "{name}: the PGN differs from {}",
        pgn_file.display()
    );
}

/// The first line that differs (number, got, wanted), if any.
fn first_difference(got: &str, want: &str) -> Option<(usize, String, String)> {
    let (mut g, mut w) = (got.lines(), want.lines());
    for n in 1.. {
        match (g.next(), w.next()) {
            (None, None) => return None,
            (a, b) if a == b => {}
            (a, b) => {
                return Some((
                    n,
                    a.unwrap_or("<end>").to_string(),
                    b.unwrap_or("<end>").to_string(),
                ))
            }
        }
    }
    None
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// A double round robin of three, game pairs from random openings, draw adjudication, a
/// move limit, the Chinese Xiangqi Association's ratings.
#[test]
fn round_robin_is_unchanged() {
    let mut a = Vec::new();
    a.extend(engine("R1", &["random", "--seed", "1", "--score", "20"]));
    a.extend(engine("R2", &["random", "--seed", "2", "--score", "-30"]));
    a.extend(engine("C", &["checks"]));
    a.extend(strings(&[
        "-each",
        "depth=3",
        "-rounds",
        "2",
        "-games",
        "2",
        "-repeat",
        "-openings",
        &format!("file={}", openings()),
        "order=random",
        "-srand",
        "7",
        "-naturallimit",
        "30",
        "-draw",
        "movenumber=25",
        "movecount=6",
        "score=25",
        "-rating",
        "cxa",
        "-ratinginterval",
        "4",
    ]));
    check("round-robin", a);
}

/// A Swiss of five with 3-1-0 scoring and QQ ratings, Chinese move text.
#[test]
fn swiss_is_unchanged() {
    let mut a = Vec::new();
    for i in 0..5 {
        a.extend(engine(
            &format!("S{i}"),
            &["random", "--seed", &format!("{}", 10 + i)],
        ));
    }
    a.extend(strings(&[
        "-each",
        "depth=2",
        "-tournament",
        "swiss",
        "-rounds",
        "3",
        "-scoring",
        "3",
        "-rating",
        "qq",
        "-openings",
        &format!("file={}", openings()),
        "order=random",
        "-srand",
        "11",
        "-maxmoves",
        "50",
    ]));
    check("swiss", a);
}

/// A knockout of four with two-game ties decided by the tie-break, resignations.
#[test]
fn knockout_is_unchanged() {
    let mut a = Vec::new();
    a.extend(engine("K1", &["random", "--seed", "21"]));
    a.extend(engine("K2", &["resignblack", "3", "--seed", "22"]));
    a.extend(engine("K3", &["first"]));
    a.extend(engine("K4", &["last"]));
    a.extend(strings(&[
        "-each",
        "depth=2",
        "-tournament",
        "knockout",
        "-games",
        "2",
        "-srand",
        "5",
        "-naturallimit",
        "20",
    ]));
    check("knockout", a);
}

/// A gauntlet stopped by an SPRT, with resign adjudication on the engines' scores.
#[test]
fn gauntlet_with_sprt_is_unchanged() {
    let mut a = Vec::new();
    a.extend(engine("G", &["checks", "--score", "-500"]));
    a.extend(engine("H1", &["random", "--seed", "31", "--score", "400"]));
    a.extend(engine("H2", &["random", "--seed", "32"]));
    a.extend(strings(&[
        "-each",
        "nodes=1000",
        "-tournament",
        "gauntlet",
        "-games",
        "4",
        "-repeat",
        "-openings",
        &format!("file={}", openings()),
        "-resign",
        "movecount=3",
        "score=300",
        "-naturallimit",
        "25",
        "-rules",
        "asian",
    ]));
    check("gauntlet", a);
}

/// A two-engine match with an SPRT, game pairs, and the Elo line every few games.
#[test]
fn sprt_match_is_unchanged() {
    let mut a = Vec::new();
    a.extend(engine("M1", &["checks"]));
    a.extend(engine("M2", &["random", "--seed", "41"]));
    a.extend(strings(&[
        "-each",
        "depth=1",
        "-games",
        "40",
        "-repeat",
        "-openings",
        &format!("file={}", openings()),
        "order=random",
        "-srand",
        "3",
        "-sprt",
        "elo0=0",
        "elo1=100",
        "alpha=0.1",
        "beta=0.1",
        "-ratinginterval",
        "6",
        "-naturallimit",
        "20",
        "-scoring",
        "2",
    ]));
    check("sprt", a);
}
