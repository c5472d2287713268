//! The NNUE data formats: text lines and 40-byte records round-trip over many real
//! positions, malformed lines and records are named, and the loader's filters drop
//! what they should.

use std::process::Command;

use chariot::board::{Move, Outcome, Position};
use tourney::rng::Rng;
use trainer::heldout::{GameTracker, Games};
use trainer::nnue::data::{
    load, load_dataset, BadInput, DataError, DataFormat, Entry, Filters, Place, Reader, Record,
    RECORD_SIZE,
};

use crate::common::games;

fn temp_path(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("chariot-nnue-data-{}-{name}", std::process::id()))
}

/// Positions of random legal games, each with the move played next (when there was
/// one), a random score (some beyond the record's range) and a random result.
fn random_entries(seed: u64, games: usize) -> Vec<Entry> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for game in 0..games {
        let mut pos = Position::startpos();
        for _ in 0..(40 + rng.below(160)) {
            let moves = pos.legal_moves();
            let mv = (!moves.is_empty()).then(|| moves[rng.below(moves.len())]);
            let score = rng.below(70001) as i32 - 35000;
            let result = [Outcome::BlackWins, Outcome::Draw, Outcome::RedWins][rng.below(3)];
            // Vary the transforms too, so Black-heavy and mirrored boards occur.
            let shown = match game % 3 {
                0 => pos.clone(),
                1 => pos.color_flipped(),
                _ => pos.mirrored(),
            };
            let shown_mv = mv.map(|m| match game % 3 {
                0 => m,
                1 => m.flip_rank(),
                _ => m.mirror_file(),
            });
            out.push(Entry {
                pos: shown,
                score: score.clamp(-32000, 32000) as i16,
                result,
                mv: if rng.below(4) == 0 { None } else { shown_mv },
            });
            match mv {
                Some(m) => pos.play(m),
                None => break,
            }
        }
    }
    out
}

#[test]
fn text_and_binary_round_trip_over_random_games() {
    let entries = random_entries(7, 60);
    assert!(entries.len() > 5000, "{}", entries.len());
    for e in &entries {
        let line = e.to_line();
        let parsed = Entry::parse_line(&line).unwrap_or_else(|err| panic!("{line}: {err}"));
        assert_eq!(parsed.to_line(), line);
        let record = parsed.to_record();
        assert_eq!(record.0.len(), RECORD_SIZE);
        assert_eq!(record.occupancy().count_ones(), e.pos.occupied().count());
        let back = record
            .decode(1)
            .unwrap_or_else(|err| panic!("{line}: {err}"));
        // FEN → record → FEN is the identity on printed FENs.
        assert_eq!(back.pos.to_fen(), e.pos.to_fen());
        assert_eq!(back.score, e.score);
        assert_eq!(back.result, e.result);
        assert_eq!(back.mv, e.mv);
        assert_eq!(back.pos.side_to_move(), e.pos.side_to_move());
        assert_eq!(back.pos.rule60_plies(), e.pos.rule60_plies());
        assert_eq!(back.pos.fullmove_number(), e.pos.fullmove_number());
        assert_eq!(back.to_line(), line);
        assert_eq!(back.to_record(), record);
    }
}

#[test]
fn record_layout_is_the_documented_one() {
    let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/4A4/3K5 b - - 17 42").unwrap();
    let mv = pos.parse_move("e9e8").unwrap();
    let r = Entry {
        pos,
        score: -1234,
        result: Outcome::RedWins,
        mv: Some(mv),
    }
    .to_record();
    let b = r.0;
    // Red king d0 = square 3, red advisor e1 = 13, black king e9 = 85.
    let occupancy = u128::from_le_bytes({
        let mut x = [0u8; 16];
        x[..12].copy_from_slice(&b[..12]);
        x
    });
    assert_eq!(occupancy, 1 << 3 | 1 << 13 | 1 << 85);
    // Codes in square order: red king 0, red advisor 1, black king 7; then 15s.
    assert_eq!(b[12], 0x10);
    assert_eq!(b[13], 0xF7);
    assert!(b[14..28].iter().all(|&x| x == 0xFF));
    assert_eq!(i16::from_le_bytes([b[28], b[29]]), -1234);
    assert_eq!(b[30], 2);
    assert_eq!(b[31], 1);
    assert_eq!(u16::from_le_bytes([b[32], b[33]]), 85 | 76 << 7);
    assert_eq!(u16::from_le_bytes([b[32], b[33]]), mv.raw());
    assert_eq!(u16::from_le_bytes([b[34], b[35]]), 42);
    assert_eq!(u16::from_le_bytes([b[36], b[37]]), 17);
    assert_eq!(&b[38..], &[0, 0]);
}

#[test]
fn scores_beyond_the_record_range_are_clamped() {
    let line = format!("{} | 31000 | 1.0", chariot::board::START_FEN);
    assert_eq!(Entry::parse_line(&line).unwrap().score, 31000);
    let line = format!("{} | -99999 | 0.0", chariot::board::START_FEN);
    assert_eq!(Entry::parse_line(&line).unwrap().score, -32000);
}

const GOOD: &str =
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 | 20 | 0.5";

#[test]
fn malformed_text_lines_are_errors_naming_the_line() {
    let start = chariot::board::START_FEN;
    let bad = [
        "just some words".to_string(),
        format!("{start} | 12"),
        format!("{start} | 12 | 0.5 | h2e2 | extra"),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w - - 0 1 | 1 | 0.5"
            .to_string(),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKKBNR w - - 0 1 | 1 | 0.5"
            .to_string(),
        format!("{start} | twelve | 0.5"),
        format!("{start} | 12.5 | 0.5"),
        format!("{start} | 12 | 0.7"),
        format!("{start} | 12 | draw"),
        format!("{start} | 12 | 0.5 | h2h8"),
        format!("{start} | 12 | 0.5 | zz"),
        format!("{start} | 12 | 0.5 | h7h0"),
    ];
    for (k, line) in bad.iter().enumerate() {
        assert!(Entry::parse_line(line).is_err(), "accepted {line}");
        // In a file, after two good lines and a blank one: line 4.
        let text = format!("{GOOD}\n{GOOD}\n\n{line}\n{GOOD}\n");
        let items: Vec<_> = Reader::new(
            Box::new(std::io::Cursor::new(text.into_bytes())),
            DataFormat::Text,
        )
        .collect();
        assert_eq!(items.len(), 4, "case {k}");
        let err = items[2].as_ref().err().expect("the bad line is an error");
        assert_eq!(err.place, Place::Line(4), "case {k}");
        assert!(err.to_string().starts_with("line 4: "), "{err}");
        assert!(items[3].is_ok());
    }
}

/// Records of positions with fewer than 30 pieces.
fn good_records(n: usize) -> Vec<Record> {
    random_entries(11, 3)
        .iter()
        .filter(|e| e.pos.occupied().count() < 30)
        .take(n)
        .map(Entry::to_record)
        .collect()
}

/// Record 2 of three, corrupted by `corrupt`: the reader says "record 2".
fn second_record_error(corrupt: impl Fn(&mut [u8; RECORD_SIZE])) -> DataError {
    let mut records = good_records(3);
    corrupt(&mut records[1].0);
    let bytes: Vec<u8> = records.iter().flat_map(|r| r.0).collect();
    let items: Vec<_> =
        Reader::new(Box::new(std::io::Cursor::new(bytes)), DataFormat::Binary).collect();
    assert_eq!(items.len(), 3);
    assert!(items[0].is_ok() && items[2].is_ok());
    let err = items[1].clone().err().expect("record 2 is bad");
    assert_eq!(err.place, Place::Record(2));
    assert!(err.to_string().starts_with("record 2 (byte 40): "), "{err}");
    err
}

#[test]
fn impossible_binary_records_are_errors_naming_the_record() {
    let mut base = good_records(1)[0];
    let reason = |f: &dyn Fn(&mut [u8; RECORD_SIZE])| second_record_error(f).reason;

    // Black's king turned red: two red kings.
    let r = reason(&|b| {
        let black_king = (0..32)
            .find(|&j| (b[12 + j / 2] >> (4 * (j % 2))) & 0xF == 7)
            .expect("a black king");
        b[12 + black_king / 2] &= !(0xF << (4 * (black_king % 2)));
    });
    assert!(r.contains("king"), "{r}");
    let r = reason(&|b| b[14] = (b[14] & 0xF0) | 14);
    assert!(r.contains("piece code 14"), "{r}");
    // One more occupied square than codes, one fewer.
    let r = reason(&|b| {
        let occ = u128::from_le_bytes({
            let mut x = [0u8; 16];
            x[..12].copy_from_slice(&b[..12]);
            x
        });
        let empty = (0..90)
            .find(|&i| occ & (1 << i) == 0)
            .expect("an empty square");
        b[empty / 8] |= 1 << (empty % 8);
    });
    assert!(r.contains("piece codes"), "{r}");
    let r = reason(&|b| {
        let lowest = (0..96).find(|&i| b[i / 8] & (1 << (i % 8)) != 0).unwrap();
        b[lowest / 8] &= !(1 << (lowest % 8));
    });
    assert!(r.contains("piece codes"), "{r}");
    let r = reason(&|b| b[30] = 3);
    assert!(r.contains("result byte 3"), "{r}");
    let r = reason(&|b| b[31] = 2);
    assert!(r.contains("side-to-move"), "{r}");
    let r = reason(&|b| b[39] = 1);
    assert!(r.contains("reserved"), "{r}");
    let r = reason(&|b| b[11] |= 0x80);
    assert!(r.contains("beyond square 89"), "{r}");
    let r = reason(&|b| {
        b[32..34].copy_from_slice(&(89u16 << 7).to_le_bytes()); // a0i9: no piece moves so
    });
    assert!(r.contains("not legal"), "{r}");
    let r = reason(&|b| b[34..36].copy_from_slice(&0u16.to_le_bytes()));
    assert!(r.contains("full-move"), "{r}");

    // A file that ends inside record 4.
    base.0[30] = 1;
    let mut bytes: Vec<u8> = good_records(3).iter().flat_map(|r| r.0).collect();
    bytes.extend_from_slice(&base.0[..17]);
    let items: Vec<_> =
        Reader::new(Box::new(std::io::Cursor::new(bytes)), DataFormat::Binary).collect();
    assert_eq!(items.len(), 4);
    let err = items[3].clone().err().expect("truncated");
    assert_eq!(err.place, Place::Record(4));
    assert!(err.io && err.reason.contains("truncated"), "{err}");
}

fn convert(args: &[&str], stdin: Option<&[u8]>) -> std::process::Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_trainer"))
        .arg("convert")
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run convert-data");
    let mut input = child.stdin.take().unwrap();
    if let Some(bytes) = stdin {
        input.write_all(bytes).unwrap();
    }
    drop(input);
    child.wait_with_output().unwrap()
}

#[test]
fn convert_data_round_trips_and_names_bad_input() {
    let entries = random_entries(3, 8);
    let text: String = entries.iter().map(|e| e.to_line() + "\n").collect();
    let (txt, bin, back) = (
        temp_path("a.txt"),
        temp_path("a.bin"),
        temp_path("back.txt"),
    );
    std::fs::write(&txt, &text).unwrap();
    // Text on stdin → binary file; binary → text file.
    let out = convert(
        &["--in", "-", "--out", bin.to_str().unwrap()],
        Some(text.as_bytes()),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        std::fs::metadata(&bin).unwrap().len(),
        (entries.len() * RECORD_SIZE) as u64
    );
    let out = convert(
        &[
            "--in",
            bin.to_str().unwrap(),
            "--out",
            back.to_str().unwrap(),
        ],
        None,
    );
    assert!(out.status.success());
    assert_eq!(std::fs::read_to_string(&back).unwrap(), text);
    // Binary to standard output with -to.
    let out = convert(
        &[
            "--in",
            txt.to_str().unwrap(),
            "--out",
            "-",
            "--to",
            "binary",
        ],
        None,
    );
    assert_eq!(out.stdout, std::fs::read(&bin).unwrap());

    // A bad third line: a run-time failure (exit status 1) naming it, a hint, and no
    // output file; with --bad skip, a count.
    let bad_text = format!("{GOOD}\n{GOOD}\n{GOOD} | h2h9 | x\n{GOOD}\n");
    let bad_bin = temp_path("bad.bin");
    let _ = std::fs::remove_file(&bad_bin);
    let out = convert(
        &["--in", "-", "--out", bad_bin.to_str().unwrap()],
        Some(bad_text.as_bytes()),
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("line 3"), "{stderr}");
    assert!(stderr.contains("--bad skip"), "{stderr}");
    assert!(!bad_bin.exists());
    let out = convert(
        &[
            "--in",
            "-",
            "--out",
            bad_bin.to_str().unwrap(),
            "--bad",
            "skip",
        ],
        Some(bad_text.as_bytes()),
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("3 written, 1 malformed skipped"),
        "{stderr}"
    );
    assert!(stderr.contains("line 3"), "{stderr}");

    // A bad binary record 2.
    let mut bytes = std::fs::read(&bin).unwrap();
    bytes[RECORD_SIZE + 30] = 9;
    std::fs::write(&bad_bin, &bytes).unwrap();
    let out = convert(&["--in", bad_bin.to_str().unwrap(), "--out", "-"], None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr.contains("record 2") && stderr.contains("result byte 9"),
        "{stderr}"
    );
    // Bad usage (exit status 2): no direction to tell, a flag without its value, the
    // old single-dash flags.
    assert_eq!(
        convert(&["--in", "x.dat", "--out", "y.dat"], None)
            .status
            .code(),
        Some(2)
    );
    assert_eq!(convert(&["--in"], None).status.code(), Some(2));
    assert_eq!(
        convert(&["-in", "a.txt", "-out", "b.bin"], None)
            .status
            .code(),
        Some(2)
    );
    for p in [txt, bin, back, bad_bin] {
        let _ = std::fs::remove_file(p);
    }
}

#[test]
fn filters_drop_what_they_should() {
    let entry = |fen: &str, score: i16, mv: Option<&str>| {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mv: Option<Move> = mv.map(|m| pos.parse_move(m).unwrap());
        Entry {
            pos,
            score,
            result: Outcome::Draw,
            mv,
        }
    };
    let start_late = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 12";
    let entries = [
        entry("4k4/9/9/9/9/9/9/9/4r4/4K4 w - - 0 20", 0, None), // in check
        entry(start_late, 0, Some("h2h9")),                     // a capture
        entry(start_late, 0, Some("h2e2")),                     // kept
        entry(start_late, 0, None),                             // kept (move unknown)
        entry(&start_late.replace(" 12", " 8"), 0, Some("h2e2")), // early
        entry(start_late, 29990, None),                         // mate
        entry(start_late, -20000, None),                        // mate
        entry(start_late, 3001, None),                          // over the cap
        entry(start_late, -3000, None),                         // kept (at the cap)
    ];
    assert!(entries[0].pos.in_check());
    let text: String = entries.iter().map(|e| e.to_line() + "\n").collect();
    let txt = temp_path("filters.txt");
    let bin = temp_path("filters.bin");
    std::fs::write(&txt, &text).unwrap();
    let bytes: Vec<u8> = entries.iter().flat_map(|e| e.to_record().0).collect();
    std::fs::write(&bin, bytes).unwrap();

    for path in [&txt, &bin] {
        let paths = [path.to_str().unwrap().to_string()];
        let (records, report) = load(&paths, &Filters::default(), BadInput::Abort, None).unwrap();
        assert_eq!(report.read, 9);
        assert_eq!(
            (
                report.in_check,
                report.captures,
                report.early,
                report.mates,
                report.over_cap
            ),
            (1, 1, 1, 2, 1),
            "{report}"
        );
        assert_eq!(report.kept, 3);
        let kept: Vec<i16> = records.iter().map(Record::score).collect();
        assert_eq!(kept, [0, 0, -3000]);

        let none = Filters {
            in_check: false,
            captures: false,
            min_fullmove: 0,
            mates: false,
            max_score: 32000,
        };
        let (records, report) = load(&paths, &none, BadInput::Abort, None).unwrap();
        assert_eq!((records.len(), report.kept), (9, 9));
        // A lower cap drops the mates as over the cap once the mate filter is off.
        let cap = Filters {
            max_score: 100,
            mates: false,
            ..Filters::default()
        };
        let (_, report) = load(&paths, &cap, BadInput::Abort, None).unwrap();
        assert_eq!((report.mates, report.over_cap, report.kept), (0, 4, 2));
        // The limit.
        let (records, _) = load(&paths, &none, BadInput::Abort, Some(4)).unwrap();
        assert_eq!(records.len(), 4);
    }

    // Malformed lines: abort names the file and line; skip counts them.
    std::fs::write(&txt, format!("{text}garbage\n{GOOD}\n")).unwrap();
    let paths = [txt.to_str().unwrap().to_string()];
    let err = load(&paths, &Filters::default(), BadInput::Abort, None)
        .err()
        .unwrap();
    assert!(err.to_string().contains("line 10"), "{err}");
    let (records, report) = load(&paths, &Filters::default(), BadInput::Skip, None).unwrap();
    assert_eq!((report.bad, records.len()), (1, 3)); // GOOD is at move 1: early
    assert_eq!(report.early, 2);
    let _ = std::fs::remove_file(txt);
    let _ = std::fs::remove_file(bin);
}

/// Random games as `datagen` writes them (game lengths 20 to 99, random scores).
fn consecutive_games(seed: u64, games: usize) -> Vec<Vec<Entry>> {
    games::consecutive_games(
        seed,
        games,
        |_, rng| 20 + rng.below(80),
        |_, rng| rng.below(2001) as i16 - 1000,
    )
}

/// The game of each position the filters keep, numbered from 0 in order (games with
/// no position kept are not counted).
fn kept_games(games: &[Vec<Entry>], filters: &Filters) -> Vec<usize> {
    let mut report = Default::default();
    let mut out = Vec::new();
    let mut number = 0;
    for game in games {
        let before = out.len();
        for e in game {
            if filters.keep(e, &mut report) {
                out.push(number);
            }
        }
        number += usize::from(out.len() > before);
    }
    out
}

/// The game of each position as `Games` has them.
fn game_of(games: &Games) -> Vec<usize> {
    (0..games.len())
        .flat_map(|g| std::iter::repeat_n(g, games.range(g).len()))
        .collect()
}

const NO_FILTERS: Filters = Filters {
    in_check: false,
    captures: false,
    min_fullmove: 0,
    mates: false,
    max_score: 32000,
};

fn write_games(name: &str, entries: &[&Entry], format: DataFormat) -> String {
    let path = temp_path(name);
    let mut bytes = Vec::new();
    for e in entries {
        trainer::nnue::data::write_entry(&mut bytes, e, format).unwrap();
    }
    std::fs::write(&path, bytes).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn the_loader_finds_the_games_exactly_from_the_move_column() {
    let games = consecutive_games(21, 150);
    let entries: Vec<&Entry> = games.iter().flatten().collect();
    for format in [DataFormat::Text, DataFormat::Binary] {
        let ext = if format == DataFormat::Text {
            "txt"
        } else {
            "bin"
        };
        let path = write_games(&format!("exact.{ext}"), &entries, format);
        for filters in [NO_FILTERS, Filters::default()] {
            let want = kept_games(&games, &filters);
            let (data, _) =
                load_dataset(std::slice::from_ref(&path), &filters, BadInput::Abort, None).unwrap();
            assert_eq!(data.records.len(), want.len());
            assert_eq!(game_of(&data.games), want, "{format:?} {filters:?}");
            // Each game is keyed by its first position (before the filters).
            for (g, game) in games.iter().enumerate().take(20) {
                if filters == NO_FILTERS {
                    assert_eq!(data.games.key(g), game[0].pos.key());
                }
            }
        }
        // Two files: the second starts a new game even when it continues the first.
        let (first, second) = entries.split_at(10); // inside the first game (20 or more)
        let a = write_games(&format!("a.{ext}"), first, format);
        let b = write_games(&format!("b.{ext}"), second, format);
        let (data, _) =
            load_dataset(&[a.clone(), b.clone()], &NO_FILTERS, BadInput::Abort, None).unwrap();
        let (whole, _) = load_dataset(
            std::slice::from_ref(&path),
            &NO_FILTERS,
            BadInput::Abort,
            None,
        )
        .unwrap();
        assert_eq!(data.games.len(), whole.games.len() + 1);
        assert_eq!(data.games.range(0), 0..10);
        for p in [path, a, b] {
            let _ = std::fs::remove_file(p);
        }
    }
}

#[test]
fn the_loader_finds_the_games_of_filtered_data_without_moves() {
    // As the older data: positions after ply 8, not in check, no captures played, and
    // no move column; the games are inferred from the results, plies and pieces.
    let games = consecutive_games(22, 150);
    let quiet: Vec<Vec<Entry>> = games
        .iter()
        .map(|game| {
            let mut report = Default::default();
            game.iter()
                .filter(|e| Filters::default().keep(e, &mut report))
                .map(|e| Entry {
                    mv: None,
                    ..e.clone()
                })
                .collect::<Vec<Entry>>()
        })
        .filter(|game| !game.is_empty())
        .collect();
    let entries: Vec<&Entry> = quiet.iter().flatten().collect();
    let want = kept_games(&quiet, &NO_FILTERS);
    for format in [DataFormat::Text, DataFormat::Binary] {
        let ext = if format == DataFormat::Text {
            "txt"
        } else {
            "bin"
        };
        let path = write_games(&format!("inferred.{ext}"), &entries, format);
        if format == DataFormat::Text {
            let first = std::fs::read_to_string(&path).unwrap();
            assert_eq!(first.lines().next().unwrap().split(" | ").count(), 3);
        }
        let (data, _) = load_dataset(
            std::slice::from_ref(&path),
            &NO_FILTERS,
            BadInput::Abort,
            None,
        )
        .unwrap();
        assert_eq!(game_of(&data.games), want, "{format:?}");
        let _ = std::fs::remove_file(path);
    }
}

#[test]
fn game_boundaries_follow_the_documented_rules() {
    let pos = |fen: &str| Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    // Without moves: ply 22, 32 pieces, a draw.
    let start = pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 12");
    // Ply 27, 31 pieces.
    let later = pos("rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 14");
    // Ply 29, 32 pieces.
    let full = pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 15");
    let mut t = GameTracker::new();
    assert!(t.observe(&start, 0.5, None)); // the first position
    assert_eq!((t.game(), t.key()), (0, start.key()));
    assert!(!t.observe(&later, 0.5, None)); // later, fewer pieces, same result
    assert_eq!((t.game(), t.key()), (0, start.key()));
    assert!(t.observe(&later, 0.5, None)); // the ply does not increase
    assert!(t.observe(&full, 0.5, None)); // more pieces
    assert_eq!((t.game(), t.key()), (2, full.key()));
    let mut t = GameTracker::new();
    t.observe(&start, 0.5, None);
    assert!(t.observe(&later, 1.0, None)); // the result changes
    t.end_game();
    assert!(t.observe(&later, 1.0, None)); // a new file

    // With moves: exact, whatever the results, plies and pieces.
    let mut t = GameTracker::new();
    let mut p = Position::startpos();
    let h2e2 = p.parse_move("h2e2").unwrap();
    assert!(t.observe(&p, 0.5, Some(h2e2)));
    p.play(h2e2);
    let h9g7 = p.parse_move("h9g7").unwrap();
    assert!(!t.observe(&p, 1.0, Some(h9g7))); // the previous position after its move
    let mut other = p.clone();
    other.play(p.parse_move("b9c7").unwrap());
    assert!(t.observe(&other, 1.0, None)); // one move on, but not the move recorded
                                           // The heuristic would take this for the same game; the recorded move says not.
    let mut t = GameTracker::new();
    assert!(t.observe(&start, 0.5, Some(start.parse_move("h2e2").unwrap())));
    assert!(t.observe(&later, 0.5, None));
    // After a position without a move, the heuristic decides.
    assert!(!t.observe(&pos(&later.to_fen().replace(" 14", " 16")), 0.5, None));
}
