//! Game packs: text with moves round-trips through a pack byte for byte, a pack loads
//! exactly as the text of the same games (positions, filters, games), `datagen` writes
//! packs that load, and every truncated or corrupted pack is refused (or read as other
//! games) with the game and byte named, never a panic.

use std::process::Command;

use chariot::board::{Move, Outcome, Position};
use tourney::rng::Rng;
use trainer::error::TrainerError;
use trainer::nnue::data::{self, BadInput, DataError, Filters, Place, RECORD_SIZE};
use trainer::nnue::pack::{self, Game, PackReader, PackWriter, Ply, HEADER_SIZE};

use crate::common::games;

fn temp_path(name: &str) -> String {
    std::env::temp_dir()
        .join(format!("chariot-pack-{}-{name}", std::process::id()))
        .to_str()
        .unwrap()
        .to_string()
}

fn trainer(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_trainer"))
        .args(args)
        .output()
        .expect("run trainer")
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Random games as `datagen` writes them as text; some scores are mates or beyond the
/// score cap, so that every filter has something to drop.
fn text_games(seed: u64, n: usize) -> Vec<Vec<data::Entry>> {
    games::consecutive_games(
        seed,
        n,
        |_, rng| 10 + rng.below(120),
        |_, rng| match rng.below(20) {
            0 => 29_990 - rng.below(50) as i16,
            1 => -5000 + rng.below(1000) as i16,
            _ => rng.below(3001) as i16 - 1500,
        },
    )
}

/// Random games from the start position: a few unscored plies, then scored ones
/// (scores anywhere in ±32000).
fn random_games(seed: u64, n: usize) -> Vec<Game> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let result = [Outcome::BlackWins, Outcome::Draw, Outcome::RedWins][rng.below(3)];
        let mut game = Game::new(Position::startpos(), result);
        let mut pos = game.start.clone();
        let unscored = rng.below(9);
        for i in 0..unscored + rng.below(150) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            let score = (i >= unscored).then(|| (rng.below(64001) as i32 - 32000) as i16);
            game.plies.push(Ply { mv, score });
            pos.play(mv);
        }
        out.push(game);
    }
    out
}

fn encode(games: &[Game]) -> Vec<u8> {
    let mut bytes = Vec::new();
    let mut writer = PackWriter::new(&mut bytes).unwrap();
    for g in games {
        writer.write_game(g).unwrap();
    }
    bytes
}

fn read(bytes: &[u8]) -> Vec<Result<Game, DataError>> {
    PackReader::new(Box::new(std::io::Cursor::new(bytes.to_vec()))).collect()
}

/// What a game says, for comparisons: start FEN, result and plies.
fn summary(g: &Game) -> (String, Outcome, Vec<Ply>) {
    (g.start.to_fen(), g.result, g.plies.clone())
}

/// The byte offset where each game starts, and the end of the last.
fn game_offsets(games: &[Game]) -> Vec<usize> {
    let mut at = HEADER_SIZE;
    let mut out = vec![at];
    for g in games {
        let mut bytes = Vec::new();
        g.encode(&mut bytes);
        at += bytes.len();
        out.push(at);
    }
    out
}

const NO_FILTERS: Filters = Filters {
    in_check: false,
    captures: false,
    min_fullmove: 0,
    mates: false,
    max_score: 32000,
};

#[test]
fn text_with_moves_round_trips_through_a_pack() {
    let games = text_games(5, 40);
    let text: String = games.iter().flatten().map(|e| e.to_line() + "\n").collect();
    let (txt, pck, back) = (
        temp_path("rt.txt"),
        temp_path("rt.pack"),
        temp_path("rt-back.txt"),
    );
    std::fs::write(&txt, &text).unwrap();
    let out = trainer(&["convert", "--in", &txt, "--out", &pck]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("in 40 games"), "{}", stderr(&out));
    // The size is the documented one: header, then per game the start record, four
    // bytes a scored ply and the terminator.
    let positions: usize = games.iter().map(Vec::len).sum();
    let bytes = std::fs::read(&pck).unwrap();
    assert_eq!(
        bytes.len(),
        HEADER_SIZE + games.len() * (RECORD_SIZE + 2) + 4 * positions
    );
    // Each game read back holds the positions, scores, results and moves of its lines.
    let read_back: Vec<Game> = read(&bytes).into_iter().map(Result::unwrap).collect();
    assert_eq!(read_back.len(), games.len());
    for (game, lines) in read_back.iter().zip(&games) {
        assert_eq!(game.start.to_fen(), lines[0].pos.to_fen());
        let entries = game.entries();
        assert_eq!(entries.len(), lines.len());
        for (e, line) in entries.iter().zip(lines) {
            assert_eq!(e.to_line(), line.to_line());
        }
    }
    // And the pack converts back to the very same text.
    let out = trainer(&["convert", "--in", &pck, "--out", &back]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&back).unwrap(), text);
    for p in [txt, pck, back] {
        let _ = std::fs::remove_file(p);
    }
}

#[test]
fn games_with_unscored_plies_round_trip_and_load_by_game() {
    let games = random_games(9, 30);
    let bytes = encode(&games);
    let read_back: Vec<Game> = read(&bytes).into_iter().map(Result::unwrap).collect();
    assert_eq!(
        read_back.iter().map(summary).collect::<Vec<_>>(),
        games.iter().map(summary).collect::<Vec<_>>()
    );
    // Unscored plies cost two bytes, scored ones four.
    let plies: usize = games.iter().map(|g| g.plies.len()).sum();
    let scored: usize = games.iter().map(Game::positions).sum();
    assert_eq!(
        bytes.len(),
        HEADER_SIZE + games.len() * (RECORD_SIZE + 2) + 2 * plies + 2 * scored
    );
    let path = temp_path("unscored.pack");
    std::fs::write(&path, &bytes).unwrap();
    let (data, report) = pack::load_dataset(
        std::slice::from_ref(&path),
        &NO_FILTERS,
        BadInput::Abort,
        None,
    )
    .unwrap();
    assert_eq!((report.read, report.kept), (scored as u64, scored as u64));
    assert_eq!(data.records.len(), scored);
    // One dataset game a pack game (those with a scored ply), keyed by its first scored
    // position, holding exactly its scored positions.
    let with_positions: Vec<&Game> = games.iter().filter(|g| g.positions() > 0).collect();
    assert_eq!(data.games.len(), with_positions.len());
    for (i, g) in with_positions.iter().enumerate() {
        let entries = g.entries();
        assert_eq!(data.games.range(i).len(), entries.len());
        assert_eq!(data.games.key(i), entries[0].pos.key());
        let first = data.games.range(i).start;
        assert_eq!(data.records[first], entries[0].to_record());
        // The positions are the game's own, unscored plies played but not kept.
        let unscored = g.plies.iter().take_while(|p| p.score.is_none()).count();
        let mut pos = g.start.clone();
        for p in &g.plies[..unscored] {
            pos.play(p.mv);
        }
        assert_eq!(entries[0].pos.to_fen(), pos.to_fen());
    }
    let _ = std::fs::remove_file(path);
}

#[test]
fn a_pack_loads_as_its_text_does_filters_and_games_included() {
    let games = text_games(17, 60);
    let text: String = games.iter().flatten().map(|e| e.to_line() + "\n").collect();
    let (txt, pck) = (temp_path("same.txt"), temp_path("same.pack"));
    std::fs::write(&txt, &text).unwrap();
    let out = trainer(&["convert", "--in", &txt, "--out", &pck]);
    assert!(out.status.success(), "{}", stderr(&out));
    let strict = Filters {
        min_fullmove: 20,
        max_score: 800,
        ..Filters::default()
    };
    for filters in [Filters::default(), NO_FILTERS, strict] {
        for limit in [None, Some(1000)] {
            let (from_text, text_report) =
                data::load_dataset(std::slice::from_ref(&txt), &filters, BadInput::Abort, limit)
                    .unwrap();
            let (from_pack, pack_report) =
                pack::load_dataset(std::slice::from_ref(&pck), &filters, BadInput::Abort, limit)
                    .unwrap();
            assert_eq!(pack_report, text_report, "{filters:?}");
            assert_eq!(from_pack.records, from_text.records, "{filters:?}");
            assert_eq!(from_pack.games, from_text.games, "{filters:?}");
        }
    }
    // The filters did drop positions of every kind, as the loader counts them.
    let (kept, report) = pack::load_dataset(
        std::slice::from_ref(&pck),
        &Filters::default(),
        BadInput::Abort,
        None,
    )
    .unwrap();
    let all: Vec<&data::Entry> = games.iter().flatten().collect();
    assert_eq!(report.read, all.len() as u64);
    for dropped in [
        report.in_check,
        report.captures,
        report.early,
        report.mates,
        report.over_cap,
    ] {
        assert!(dropped > 0, "{report}");
    }
    let mut expected = data::LoadReport::default();
    let kept_entries: Vec<_> = all
        .iter()
        .filter(|e| Filters::default().keep(e, &mut expected))
        .map(|e| e.to_record())
        .collect();
    assert_eq!(kept.records, kept_entries);
    for p in [txt, pck] {
        let _ = std::fs::remove_file(p);
    }
}

#[test]
fn text_without_moves_is_refused_as_a_pack() {
    let games = text_games(3, 2);
    let mut text: String = games.iter().flatten().map(|e| e.to_line() + "\n").collect();
    let stripped = games[1][0].to_line();
    let stripped = stripped.rsplit_once(" | ").unwrap().0.to_string();
    text.push_str(&stripped);
    text.push('\n');
    let line = text.lines().count();
    let (txt, pck) = (temp_path("nomove.txt"), temp_path("nomove.pack"));
    std::fs::write(&txt, &text).unwrap();
    let out = trainer(&["convert", "--in", &txt, "--out", &pck]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains(&format!("line {line}")) && err.contains("no move"),
        "{err}"
    );
    assert!(!std::path::Path::new(&pck).exists());
    assert!(!std::path::Path::new(&format!("{pck}.partial")).exists());
    let _ = std::fs::remove_file(txt);
}

#[test]
fn every_truncation_is_refused_naming_the_game_and_byte() {
    let games = random_games(4, 3);
    let bytes = encode(&games);
    let offsets = game_offsets(&games);
    for cut in 0..bytes.len() {
        let items = read(&bytes[..cut]);
        // Whole games before the cut read; a cut between games is a shorter pack.
        let whole = offsets
            .iter()
            .filter(|&&o| o <= cut)
            .count()
            .saturating_sub(1);
        let oks = items.iter().take_while(|i| i.is_ok()).count();
        assert_eq!(oks, whole.min(games.len()), "cut {cut}");
        if cut >= HEADER_SIZE && offsets.contains(&cut) {
            assert_eq!(items.len(), whole, "cut {cut}");
            continue;
        }
        assert_eq!(items.len(), oks + 1, "cut {cut}");
        let err = items.last().unwrap().clone().unwrap_err();
        assert!(
            err.io && err.reason.contains("truncated"),
            "cut {cut}: {err}"
        );
        let Place::Pack { game, byte } = err.place else {
            panic!("cut {cut}: {err}");
        };
        if cut < HEADER_SIZE {
            assert_eq!((game, byte), (0, 0), "cut {cut}");
            assert!(err.to_string().starts_with("header (byte 0)"), "{err}");
        } else {
            // The game being read, and the start of the field the file ends in.
            assert_eq!(game as usize, whole + 1, "cut {cut}");
            assert!(
                (offsets[whole] as u64..=cut as u64).contains(&byte) && cut as u64 - byte < 40,
                "cut {cut}: {err}"
            );
            assert!(
                err.to_string()
                    .starts_with(&format!("game {game} (byte {byte})")),
                "{err}"
            );
        }
    }
}

#[test]
fn every_corrupted_byte_is_refused_or_reads_as_other_games() {
    let games = random_games(6, 2);
    let bytes = encode(&games);
    let original: Vec<_> = games.iter().map(summary).collect();
    for at in 0..bytes.len() {
        for mask in [0x01u8, 0x10, 0x80, 0xFF] {
            let mut bad = bytes.clone();
            bad[at] ^= mask;
            let items = read(&bad);
            let errors: Vec<&DataError> = items.iter().filter_map(|i| i.as_ref().err()).collect();
            if at < HEADER_SIZE {
                assert_eq!(items.len(), 1, "byte {at} ^ {mask:#x}");
                assert!(matches!(errors[0].place, Place::Pack { game: 0, .. }));
                continue;
            }
            if errors.is_empty() {
                let read_back: Vec<_> =
                    items.iter().map(|i| summary(i.as_ref().unwrap())).collect();
                assert_ne!(read_back, original, "byte {at} ^ {mask:#x} went unnoticed");
            }
            for e in errors {
                let Place::Pack { game, byte } = e.place else {
                    panic!("byte {at} ^ {mask:#x}: {e}");
                };
                assert!(game >= 1 && byte >= HEADER_SIZE as u64, "{e}");
            }
        }
    }
}

/// The pack of `games` with the word of ply `ply` of game `game` (0-based) replaced by
/// `edit(word, bytes)`; the offset of that word.
fn with_ply_edited(
    games: &[Game],
    game: usize,
    ply: usize,
    edit: impl Fn(&mut [u8], usize),
) -> (Vec<u8>, usize) {
    let mut bytes = encode(games);
    let mut at = game_offsets(games)[game] + RECORD_SIZE;
    for p in &games[game].plies[..ply] {
        at += if p.score.is_some() { 4 } else { 2 };
    }
    edit(&mut bytes, at);
    (bytes, at)
}

#[test]
fn bad_headers_moves_and_scores_are_named() {
    let games = random_games(8, 3);
    let bytes = encode(&games);
    let first = |bytes: &[u8]| read(bytes).into_iter().find_map(Result::err).unwrap();
    // Magic and version.
    let mut b = bytes.clone();
    b[..8].copy_from_slice(b"CHARPACX");
    let e = first(&b);
    assert_eq!(e.place, Place::Pack { game: 0, byte: 0 });
    assert!(e.io && e.reason.contains("not a game pack"), "{e}");
    let mut b = bytes.clone();
    b[8] = 2;
    let e = first(&b);
    assert_eq!(e.place, Place::Pack { game: 0, byte: 8 });
    assert!(e.reason.contains("version 2"), "{e}");
    // An illegal move in game 2 spoils that game only: game 3 still reads.
    let ply = games[1].plies.len() / 2;
    let (b, at) = with_ply_edited(&games, 1, ply, |b, at| {
        let bad = Move::new(
            chariot::board::Square::from_index(0),
            chariot::board::Square::from_index(89),
        );
        let word = u16::from_le_bytes([b[at], b[at + 1]]) & 0x8000 | bad.raw();
        b[at..at + 2].copy_from_slice(&word.to_le_bytes());
    });
    let items = read(&b);
    assert_eq!(items.len(), 3);
    assert!(items[0].is_ok() && items[2].is_ok());
    let e = items[1].clone().unwrap_err();
    assert_eq!(
        e.place,
        Place::Pack {
            game: 2,
            byte: at as u64
        }
    );
    assert!(
        !e.io && e.reason.contains(&format!("ply {}", ply + 1)),
        "{e}"
    );
    assert!(e.reason.contains("a0i9 is not legal"), "{e}");
    // A score beyond ±32000 is named at its own bytes.
    let scored = games[2]
        .plies
        .iter()
        .position(|p| p.score.is_some())
        .unwrap();
    let (b, at) = with_ply_edited(&games, 2, scored, |b, at| {
        b[at + 2..at + 4].copy_from_slice(&32001i16.to_le_bytes());
    });
    let e = first(&b);
    assert_eq!(
        e.place,
        Place::Pack {
            game: 3,
            byte: at as u64 + 2
        }
    );
    assert!(e.reason.contains("32001"), "{e}");
    // The reserved bit stops the reading.
    let (b, at) = with_ply_edited(&games, 0, 0, |b, at| b[at + 1] |= 0x40);
    let items = read(&b);
    assert_eq!(items.len(), 1);
    let e = items[0].clone().unwrap_err();
    assert_eq!(
        e.place,
        Place::Pack {
            game: 1,
            byte: at as u64
        }
    );
    assert!(e.io && e.reason.contains("reserved bit"), "{e}");
    // A start record with a score.
    let mut b = bytes.clone();
    b[HEADER_SIZE + 28] = 1;
    let e = first(&b);
    assert_eq!(
        e.place,
        Place::Pack {
            game: 1,
            byte: HEADER_SIZE as u64 + 28
        }
    );

    // The loader names the file, game and byte, or skips the bad game.
    let (b, at) = with_ply_edited(&games, 1, 0, |b, at| b[at] ^= 0x7F);
    let path = temp_path("bad.pack");
    std::fs::write(&path, &b).unwrap();
    let paths = [path.clone()];
    let err = pack::load_dataset(&paths, &NO_FILTERS, BadInput::Abort, None).unwrap_err();
    assert!(matches!(err, TrainerError::Data { .. }));
    let text = err.to_string();
    assert!(
        text.starts_with(&format!("{path}: game 2 (byte {at}): ply 1:")),
        "{text}"
    );
    let (data, report) = pack::load_dataset(&paths, &NO_FILTERS, BadInput::Skip, None).unwrap();
    assert_eq!(report.bad, 1);
    let expected = games[0].positions() + games[2].positions();
    assert_eq!(data.records.len(), expected);
    assert_eq!(data.games.len(), 2);
    let _ = std::fs::remove_file(path);
}

#[test]
fn datagen_writes_packs_that_load() {
    let (pck, txt) = (temp_path("dg.pack"), temp_path("dg.txt"));
    let args = |out: &str| -> Vec<String> {
        [
            "datagen", "--games", "3", "--nodes", "100", "--net", "hce", "--random", "2-4",
            "--seed", "11", "--out", out,
        ]
        .iter()
        .map(|s| s.to_string())
        .collect()
    };
    for out in [&pck, &txt] {
        let a = args(out);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        let run = trainer(&a);
        assert!(run.status.success(), "{}", stderr(&run));
    }
    let bytes = std::fs::read(&pck).unwrap();
    let games: Vec<Game> = read(&bytes).into_iter().map(Result::unwrap).collect();
    assert_eq!(games.len(), 3);
    for g in &games {
        // From the opening (the start position here): 2-4 random plies, unscored, then
        // every searched ply scored.
        assert_eq!(g.start.to_fen(), Position::startpos().to_fen());
        let random = g.plies.iter().take_while(|p| p.score.is_none()).count();
        assert!((2..=4).contains(&random), "{random}");
        assert!(g.plies[random..].iter().all(|p| p.score.is_some()));
        assert!(g.positions() > 0);
    }
    // The same games as the text output, position for position.
    let text = std::fs::read_to_string(&txt).unwrap();
    let from_pack: String = games
        .iter()
        .flat_map(Game::entries)
        .map(|e| e.to_line() + "\n")
        .collect();
    assert_eq!(from_pack, text);
    let (data, report) = pack::load_dataset(
        std::slice::from_ref(&pck),
        &NO_FILTERS,
        BadInput::Abort,
        None,
    )
    .unwrap();
    assert_eq!(report.read as usize, text.lines().count());
    assert_eq!(data.games.len(), 3);
    // Appending to the pack adds games after the one header.
    let a = args(&pck);
    let a: Vec<&str> = a.iter().map(String::as_str).collect();
    assert!(trainer(&a).status.success());
    let again: Vec<Game> = read(&std::fs::read(&pck).unwrap())
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(again.len(), 6);
    // A file that is not a pack is not appended to.
    std::fs::write(&pck, b"not a pack at all").unwrap();
    let run = trainer(&a);
    assert_eq!(run.status.code(), Some(1));
    assert!(stderr(&run).contains("not a game pack"), "{}", stderr(&run));
    for p in [pck, txt] {
        let _ = std::fs::remove_file(p);
    }
}

#[test]
fn the_start_check_drops_lopsided_openings() {
    // Black has only its king, advisors and an elephant: no draw of the random plies
    // brings a search's score within ±1000, so no game is played.
    let (epd, pck) = (temp_path("lopsided.epd"), temp_path("lopsided.pack"));
    std::fs::write(
        &epd,
        "3akab2/9/9/9/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n",
    )
    .unwrap();
    let run = |check: &str| {
        let _ = std::fs::remove_file(&pck);
        let out = trainer(&[
            "datagen",
            "--games",
            "2",
            "--nodes",
            "100",
            "--net",
            "hce",
            "--openings",
            &epd,
            "--start-check",
            check,
            "--out",
            &pck,
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        let games = read(&std::fs::read(&pck).unwrap()).len();
        (games, stderr(&out))
    };
    let (games, log) = run("1000");
    assert_eq!(games, 0, "{log}");
    assert!(
        log.contains("0 games played, 2 dropped by the start check"),
        "{log}"
    );
    // Without the check both games are played (and end soon).
    let (games, log) = run("0");
    assert_eq!(games, 2, "{log}");
    assert!(log.contains("2 games played, 0 dropped"), "{log}");
    for p in [epd, pck] {
        let _ = std::fs::remove_file(p);
    }
}
