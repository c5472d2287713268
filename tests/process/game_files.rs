//! Game files as real collections publish them — GBK, GB18030, Big5, a BOM, CR LF, text
//! around the games, comments and variations, a handicap set-up, XQF — read by the
//! built `chariot pgn`. Every file is built here; the expected moves are written by
//! hand in ICCS from the Chinese notation (not by the code under test).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use chariot::board::{Move, Position};
use chariot::notation::encoding::{encode, TextEncoding};
use chariot::notation::files::{read_bytes, FileKind, GameError};
use chariot::notation::xqf::{read_xqf, write_xqf, XqfProblem};
use chariot::notation::{read_pgn, PgnGame};

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chariot-games-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("written");
    path
}

/// Runs `chariot pgn ARGS…`.
fn pgn(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chariot"))
        .arg("pgn")
        .args(args)
        .output()
        .expect("chariot runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8")
}

/// The ICCS moves of each game in `chariot pgn --to iccs` output (`H2-E2` → `h2e2`).
fn iccs_games(output: &str) -> Vec<Vec<String>> {
    read_pgn(output)
        .unwrap_or_else(|e| panic!("{e}\n{output}"))
        .iter()
        .map(|g| g.moves.iter().map(Move::to_string).collect())
        .collect()
}

fn p(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

/// The opening both encodings tests use: simplified, and the same in traditional
/// characters, with ICCS written by hand.
const SIMPLIFIED: &str =
    "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 卒３进１ 4. 车二进六 马２进３";
const TRADITIONAL: &str =
    "1. 炮二平五 馬８進７ 2. 馬二進三 車９平８ 3. 車一平二 卒３進１ 4. 車二進六 馬２進３";
const OPENING: [&str; 8] = [
    "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "c6c5", "h0h6", "b9c7",
];

fn file_text(moves: &str, event: &str, line_end: &str) -> String {
    let lines = [
        "[Game \"Chinese Chess\"]".to_string(),
        format!("[Event \"{event}\"]"),
        "[Red \"許銀川\"]".to_string(),
        "[Result \"1-0\"]".to_string(),
        String::new(),
        format!("{moves} 1-0"),
        String::new(),
        "[Game \"Chinese Chess\"]".to_string(),
        format!("[Event \"{event}\"]"),
        String::new(),
        "1. 炮二平五 {中炮} 1... 炮８平５ 0-1".to_string(),
        String::new(),
    ];
    lines.join(line_end)
}

#[test]
fn every_encoding_reads_the_same_games() {
    let dir = scratch("encodings");
    let gb18030_only = "象棋𠮷"; // 𠮷 is outside GBK: four bytes in GB18030.
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "utf8.pgn",
            encode(&file_text(SIMPLIFIED, "全国赛", "\n"), TextEncoding::Utf8),
            "全国赛",
        ),
        (
            "bom.pgn",
            encode(
                &file_text(SIMPLIFIED, "全国赛", "\r\n"),
                TextEncoding::Utf8Bom,
            ),
            "全国赛",
        ),
        (
            "gbk.pgn",
            encode(&file_text(SIMPLIFIED, "全国赛", "\r\n"), TextEncoding::Gbk),
            "全国赛",
        ),
        (
            "gb18030.pgn",
            encode(
                &file_text(SIMPLIFIED, gb18030_only, "\n"),
                TextEncoding::Gbk,
            ),
            gb18030_only,
        ),
        (
            "big5.pgn",
            encode(
                &file_text(TRADITIONAL, "全國賽", "\r\n"),
                TextEncoding::Big5,
            ),
            "全國賽",
        ),
        (
            "gbk-traditional.pgn",
            encode(&file_text(TRADITIONAL, "全國賽", "\n"), TextEncoding::Gbk),
            "全國賽",
        ),
    ];
    // The GBK bytes of 炮 are C5 DA, Big5's AC B6: the files really are in those codes.
    assert!(cases[2].1.windows(2).any(|w| w == [0xC5, 0xDA]));
    assert!(cases[4].1.windows(2).any(|w| w == [0xAC, 0xB6]));
    assert!(std::str::from_utf8(&cases[2].1).is_err());
    for (name, bytes, event) in &cases {
        let path = write(&dir, name, bytes);
        let out = pgn(&[p(&path), "--to", "iccs"]);
        let stderr = text(&out.stderr);
        assert!(out.status.success(), "{name}: {stderr}");
        // Standard error is not a terminal: the summary line alone, no progress bar.
        assert_eq!(stderr, "2 games, 10 moves, 0 errors\n", "{name}");
        let stdout = text(&out.stdout);
        assert_eq!(
            iccs_games(&stdout),
            vec![
                OPENING.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
                vec!["h2e2".to_string(), "h7e7".to_string()]
            ],
            "{name}"
        );
        assert!(
            stdout.contains(&format!("[Event \"{event}\"]")),
            "{name}: {stdout}"
        );
        assert!(stdout.contains("[Red \"許銀川\"]"), "{name}");
        assert!(stdout.contains("{中炮}"), "{name}");
    }
    // All of them at once, and the output in GBK: the same games, GBK bytes.
    let paths: Vec<String> = cases
        .iter()
        .map(|(name, _, _)| dir.join(name).display().to_string())
        .collect();
    let mut args: Vec<&str> = paths.iter().map(String::as_str).collect();
    args.extend(["--encoding", "gbk"]);
    let out = pgn(&args);
    assert!(out.status.success());
    assert_eq!(
        text(&out.stderr).lines().last(),
        Some("12 games, 60 moves, 0 errors")
    );
    assert!(std::str::from_utf8(&out.stdout).is_err(), "GBK, not UTF-8");
    assert!(
        out.stdout.windows(2).any(|w| w == [0xC5, 0xDA]),
        "炮 in GBK"
    );
    let back = read_bytes(&out.stdout, false, None);
    assert_eq!(back.kind, FileKind::Pgn(TextEncoding::Gbk));
    assert_eq!(back.read().count(), 12);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A database export as sites write them: a notice before the first game, a line of
/// `=` and a site's notice after the result, comments anywhere, a move number repeated
/// after a comment, variations (nested), NAGs, empty tags, a handicap set-up, a
/// missing and a wrong Result.
const EXPORT: &str = "象棋百科全书 棋谱库导出\r
本文件由网站自动生成\r
\r
[Game \"Chinese Chess\"]\r
[Event \"许银川让九子对聂棋圣\"]\r
[Round \"\"]\r
[RedTeam \"\"]\r
[Result \"1-0\"]\r
[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1\"]\r
{　　让九子。}\r
  1. 炮八平五 炮８平５\r
{　　红方首着架中炮。}\r
  2. 炮五进五 $1 象７进５ (2... 马８进７ (2... 马２进３) 3. 炮五退一) ; 一行注释\r
  3. 炮二平五\r
{　　再架中炮。}\r
  3.          马８进７\r
  4. 马二进三 1-0\r
============================\r
欢迎访问《象棋百科全书》网站\r
https://www.xqbase.com/\r
\r
[Game \"Chinese Chess\"]\r
[Result \"0-1\"]\r
\r
1. 炮二平五 马８进７ 1-0\r
\r
[Game \"Chinese Chess\"]\r
[Result \"1/2-1/2\"]\r
\r
1. 兵七进一 卒７进１\r
";

#[test]
fn a_database_export_with_its_trailers_and_comments() {
    let dir = scratch("export");
    let path = write(&dir, "export.pgn", &encode(EXPORT, TextEncoding::Gbk));
    let out = pgn(&[p(&path), "--to", "iccs"]);
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(stderr.lines().last(), Some("3 games, 11 moves, 0 errors"));
    // The trailer and the notice are skipped and named with their lines.
    assert!(
        stderr.contains("line 1: skipped text outside a game: '象棋百科全书"),
        "{stderr}"
    );
    assert!(
        stderr.contains("line 18: skipped text outside a game: '===="),
        "{stderr}"
    );
    // A wrong and a missing Result are reported, not fatal.
    assert!(
        stderr.contains("game 2: [Result \"0-1\"] disagrees with the result 1-0"),
        "{stderr}"
    );
    assert!(
        stderr.contains("game 3: the move text has no result"),
        "{stderr}"
    );
    let stdout = text(&out.stdout);
    let games = read_pgn(&stdout).expect("the output reads back");
    assert_eq!(games.len(), 3);
    let handicap = &games[0];
    assert_eq!(
        handicap.start,
        Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1").unwrap()
    );
    let moves: Vec<String> = handicap.moves.iter().map(Move::to_string).collect();
    assert_eq!(
        moves,
        ["b2e2", "h7e7", "e2e7", "g9e7", "h2e2", "h9g7", "h0g2"]
    );
    assert_eq!(handicap.result, "1-0");
    let comments: Vec<(usize, &str)> = handicap
        .comments
        .iter()
        .map(|(at, c)| (*at, c.as_str()))
        .collect();
    assert_eq!(
        comments,
        [
            (0, "让九子。"),
            (2, "红方首着架中炮。"),
            (4, "一行注释"),
            (5, "再架中炮。")
        ]
    );
    assert_eq!(handicap.tag("Round"), Some(""));
    assert_eq!(games[1].result, "1-0");
    assert_eq!(games[2].result, "1/2-1/2");
    assert_eq!(games[2].moves.len(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_game_that_cannot_be_read_is_named_and_the_others_are_read() {
    let dir = scratch("bad");
    let body = "[Event \"一\"]\n\n1. 炮二平五 马８进７ *\n\n\
                [Event \"二\"]\n\n1. 炮二平五 马８进７\n2. 马二进三 马８进８ 3. 车一平二 *\n\n\
                [Event \"三\"]\n[FEN \"not a position\"]\n\n1. 炮二平五 *\n\n\
                [Event \"四\"]\n\n1. h2e2 {注释没有结束\n\n\
                [Event \"五\"]\n\n1. 兵三进一 *\n";
    let mut bytes = encode(body, TextEncoding::Gbk);
    // A sixth game whose move holds bytes that are no GBK: the line is reported.
    bytes.extend_from_slice(&encode("\n[Event \"六\"]\n\n1. ", TextEncoding::Gbk));
    bytes.extend_from_slice(b"\xFF\xFF *\n");
    let path = write(&dir, "bad.pgn", &bytes);
    let out = pgn(&[p(&path), "--to", "iccs"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.lines().last(), Some("2 games, 3 moves, 4 errors"));
    let name = p(&path);
    assert!(
        stderr.contains(&format!(
            "error: {name}: game 2, move 4 '马８进８': no legal move in this position fits it (line 8)"
        )),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!(
            "error: {name}: game 3, 'not a position': bad FEN tag"
        )),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!("error: {name}: game 4, "))
            && stderr.contains("comment not closed by '}' (line 17)"),
        "{stderr}"
    );
    assert!(
        stderr.contains("line 25: bytes that are not valid gbk were replaced"),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!("error: {name}: game 6, move 1 '")),
        "{stderr}"
    );
    assert_eq!(
        iccs_games(&text(&out.stdout)),
        [vec!["h2e2", "h9g7"], vec!["g3g4"]]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Reads `bytes` as `chariot pgn` does, on a thread, failing the test if that takes
/// more than `limit` (the reader cannot be interrupted: a quadratic scan of a 10 MB file
/// would take hours).
fn read_within(bytes: Vec<u8>, limit: std::time::Duration) -> chariot::notation::files::GameFile {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(read_bytes(&bytes, false, None));
    });
    rx.recv_timeout(limit)
        .unwrap_or_else(|_| panic!("not read within {limit:?}"))
}

#[test]
fn hostile_files_read_in_linear_time() {
    const MB10: usize = 10 << 20;
    let limit = std::time::Duration::from_secs(15);
    let repeat = |unit: &str| unit.repeat(MB10 / unit.len());
    // A normal game, read on its own: what each copy below must read as.
    let normal = file_text(SIMPLIFIED, "全国赛", "\n");
    let alone = read_bytes(normal.as_bytes(), false, None);
    let games: Vec<PgnGame> = alone.read().cloned().collect();
    assert_eq!(games.len(), 2);

    // Every line an unclosed comment, outside any game: one note of skipped text, the
    // normal games before read as they do alone, and a game after is read too.
    let junk = repeat("{\n");
    let after = "[Event \"after\"]\n\n1. h2e2 h9g7 *\n";
    let file = read_within(format!("{normal}{junk}{after}").into_bytes(), limit);
    let read: Vec<PgnGame> = file.read().cloned().collect();
    assert_eq!(read.len(), 3);
    assert_eq!(read[..2], games[..]);
    assert_eq!(read[2].moves.len(), 2);
    assert_eq!(read[2].tag("Event"), Some("after"));
    assert_eq!(file.failed().count(), 0);
    assert_eq!(
        file.notes.len(),
        1,
        "{:?}",
        &file.notes[..3.min(file.notes.len())]
    );
    assert!(file.notes[0].contains("skipped text outside a game: '{ {"));

    // Many games, each with a comment that is not closed: each is an error of its own.
    let unit = "[Event \"x\"]\n\n1. h2e2 {unclosed\n";
    let file = read_within(repeat(unit).into_bytes(), limit);
    assert_eq!(file.games.len(), MB10 / unit.len());
    assert_eq!(file.read().count(), 0);
    for (n, error) in file.failed().take(3) {
        assert!(
            error.to_string().contains("comment not closed by '}'"),
            "game {n}: {error}"
        );
    }

    // One line of ten megabytes of tags (each used to look for the end of the line).
    let file = read_within(
        format!("{}\n\n1. h2e2 *\n", repeat("[a \"b\"]")).into_bytes(),
        limit,
    );
    assert_eq!(file.games.len(), 1);
    assert_eq!(file.read().next().map(|g| g.tags.len()), Some(MB10 / 7));

    // `chariot pgn` reads a hostile file as quickly, with one error line a game.
    let dir = scratch("hostile");
    let path = write(&dir, "unclosed.pgn", repeat(unit).as_bytes());
    let start = std::time::Instant::now();
    let out = pgn(&[p(&path)]);
    assert!(
        start.elapsed() < limit,
        "chariot pgn took {:?}",
        start.elapsed()
    );
    let stderr = text(&out.stderr);
    assert_eq!(
        stderr.lines().last(),
        Some(format!("0 games, 0 moves, {} errors", MB10 / unit.len()).as_str())
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn usage_errors_exit_with_status_2() {
    let dir = scratch("usage");
    let path = write(&dir, "one.pgn", b"1. h2e2 *\n");
    for args in [
        vec![p(&path), "--to", "western"],
        vec![p(&path), "--encoding", "latin1"],
        vec![p(&path), "--input-encoding", "ebcdic"],
    ] {
        let out = pgn(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(text(&out.stderr).starts_with("error: "), "{args:?}");
    }
    let missing = dir.join("missing.pgn");
    let out = pgn(&[p(&missing), p(&path)]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("cannot read '") && stderr.contains("missing.pgn': "),
        "{stderr}"
    );
    assert_eq!(stderr.lines().last(), Some("1 games, 1 moves, 1 errors"));
    // WXF and Chinese output.
    let out = pgn(&[p(&path), "--to", "wxf"]);
    assert!(text(&out.stdout).contains("1. C2.5 *"));
    let out = pgn(&[p(&path)]);
    assert!(text(&out.stdout).contains("1. 炮二平五 *"));
    let _ = std::fs::remove_dir_all(&dir);
}

// ----- XQF -------------------------------------------------------------------------------

/// A game with everything XQF holds: a set-up, comments, the result, every field.
fn full_game() -> PgnGame {
    let start =
        Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1").unwrap();
    let mut game = PgnGame::new(start);
    for m in ["b2e2", "h7e7", "e2e7", "g9e7", "h2e2", "h9g7", "h0g2"] {
        game.moves.push(Move::parse_iccs(m).unwrap());
    }
    game.result = "1-0".to_string();
    for (tag, value) in [
        ("Title", "让九子"),
        ("Event", "表演赛"),
        ("Date", "1999.12.09"),
        ("Site", "广州"),
        ("Red", "许银川"),
        ("Black", "聂卫平"),
        ("TimeControl", "90分钟"),
        ("RedTime", "10分"),
        ("BlackTime", "20分"),
        ("Annotator", "许银川"),
        ("Author", "过河象"),
    ] {
        game.set_tag(tag, value);
    }
    game.comments = vec![
        (0, "让九子".to_string()),
        (2, "中炮".to_string()),
        (7, "红优".to_string()),
    ];
    game
}

#[test]
fn xqf_written_then_read_back_is_the_same_game() {
    let dir = scratch("xqf");
    let game = full_game();
    let written = write_xqf(&game).expect("writes");
    assert!(written.cut.is_empty());
    assert_eq!(read_xqf(&written.bytes).expect("reads"), game);

    // Through the binary: PGN → XQF → PGN → XQF, byte for byte.
    let source = write(
        &dir,
        "game.pgn",
        chariot::notation::write_pgn(&game, chariot::notation::Format::Chinese).as_bytes(),
    );
    let xqf = dir.join("game.xqf");
    let out = pgn(&[p(&source), "-o", p(&xqf)]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let bytes = std::fs::read(&xqf).expect("XQF written");
    assert_eq!(bytes, written.bytes);
    let again = dir.join("again.xqf");
    let out = pgn(&[p(&xqf), "-o", p(&again)]);
    assert!(out.status.success());
    assert_eq!(std::fs::read(&again).unwrap(), bytes);
    let out = pgn(&[p(&xqf), "--to", "iccs"]);
    assert_eq!(
        text(&out.stderr).lines().last(),
        Some("1 games, 7 moves, 0 errors")
    );
    let back = &read_pgn(&text(&out.stdout)).unwrap()[0];
    assert_eq!(back.moves, game.moves);
    assert_eq!(back.start, game.start);
    assert_eq!(back.comments, game.comments);
    assert_eq!(back.tag("Black"), Some("聂卫平"));
    assert_eq!(back.tag("Author"), Some("过河象"));

    // Black moves first: told by the first move's piece.
    let mut black = PgnGame::new(Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1").unwrap());
    black.moves = vec![
        Move::parse_iccs("e9f9").unwrap(),
        Move::parse_iccs("d0e0").unwrap(),
    ];
    let bytes = write_xqf(&black).unwrap().bytes;
    assert_eq!(read_xqf(&bytes).unwrap(), black);
    black.moves.clear();
    assert_eq!(
        write_xqf(&black).unwrap_err().problem,
        XqfProblem::BlackFirstWithoutMoves
    );
    // Two games do not fit one XQF file.
    let two = write(&dir, "two.pgn", b"1. h2e2 *\n\n1. c3c4 *\n");
    let out = pgn(&[p(&two), "-o", p(&dir.join("two.xqf"))]);
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn truncated_or_damaged_xqf_gives_an_error_with_its_place() {
    let dir = scratch("xqf-bad");
    let bytes = write_xqf(&full_game()).unwrap().bytes;
    // Every cut: an error (never a panic), and a cut inside the moves names the move.
    for len in 0..bytes.len() {
        let err = read_xqf(&bytes[..len]).expect_err("truncated");
        if len >= 2 {
            assert_eq!(err.problem, XqfProblem::Truncated, "{len}");
        }
    }
    // Move 0 and its comment "让九子" (6 GBK bytes) end at 0x40E, move 1 (no comment)
    // at 0x416, move 2 and "中炮" at 0x422: cut two bytes into move 3.
    let cut = write(&dir, "cut.xqf", &bytes[..0x424]);
    let out = pgn(&[p(&cut)]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("cut.xqf: move 3, byte 0x0422: the file ends too early"),
        "{stderr}"
    );
    // A move that is not legal: its number and offset.
    let mut wrong = bytes.clone();
    let move2 = 0x416;
    assert_eq!(wrong[move2], 7 * 10 + 7 + 24, "h7 is X 7, Y 7");
    wrong[move2 + 1] = 7 * 10 + 32; // h7h0 (X 7, Y 0): through its own pieces.
    let path = write(&dir, "wrong.xqf", &wrong);
    let out = pgn(&[p(&path)]);
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("wrong.xqf: move 2, byte 0x0416: h7h0 is not a legal move"),
        "{stderr}"
    );
    // A text file that starts with "XQ" is PGN; an .xqf name that is no XQF is an error.
    let text_file = write(
        &dir,
        "xq.pgn",
        "XQStudio export\n\n[Event \"x\"]\n\n1. h2e2 *\n".as_bytes(),
    );
    assert!(pgn(&[p(&text_file)]).status.success());
    let not_xqf = write(&dir, "plain.xqf", b"1. h2e2 *\n");
    let out = pgn(&[p(&not_xqf)]);
    assert!(text(&out.stderr).contains("not an XQF file"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The later versions' encryption, written here from the published description (the
/// key bytes and the stream), to check the reader against: the same game, encrypted
/// with version 18's layout, reads back the same.
fn encrypt_v18(game_bytes: &[u8], keys: [u8; 8], key3: u8) -> Vec<u8> {
    let mut out = game_bytes[..0x400].to_vec();
    out[2] = 18;
    out[3] = key3;
    out[8..16].copy_from_slice(&keys);
    let f = |x: u32| 54 * x * x + 221;
    let slot_off = (f(u32::from(keys[5])) * u32::from(keys[5]) % 256) as u8;
    let from_off = (f(u32::from(keys[6])) * u32::from(slot_off) % 256) as u8;
    let to_off = (f(u32::from(keys[7])) * u32::from(from_off) % 256) as u8;
    let comment_off = (u32::from(keys[4]) * 256 + u32::from(keys[5])) % 32000 + 767;
    let mask = b"[(C) Copyright Mr. Dong Shiwei.]";
    let stream: Vec<u8> = (0..32)
        .map(|i| (keys[i % 4] | (keys[4 + i % 4] & key3)) & mask[i])
        .collect();
    // Slots: file slot i is position slot (off + 1 + i) mod 32, plus the offset.
    for i in 0..32 {
        let slot = (usize::from(slot_off) + 1 + i) % 32;
        out[0x10 + i] = game_bytes[0x10 + slot].wrapping_add(slot_off);
    }
    // Records, in the later layout, then encrypted as one stream.
    let mut plain = Vec::new();
    let mut at = 0x400;
    let mut first = true;
    while at < game_bytes.len() {
        let (from, to, flag) = (game_bytes[at], game_bytes[at + 1], game_bytes[at + 2]);
        let len = u32::from_le_bytes(game_bytes[at + 4..at + 8].try_into().unwrap());
        let more = if flag == 0xF0 { 0x80 } else { 0 };
        let has_comment = if len > 0 { 0x20 } else { 0 };
        let (from, to) = if first {
            (from, to)
        } else {
            (from.wrapping_add(from_off), to.wrapping_add(to_off))
        };
        first = false;
        plain.extend_from_slice(&[from, to, more | has_comment, 0]);
        if len > 0 {
            plain.extend_from_slice(&(len + comment_off).to_le_bytes());
            plain.extend_from_slice(&game_bytes[at + 8..at + 8 + len as usize]);
        }
        at += 8 + len as usize;
    }
    for (i, b) in plain.iter().enumerate() {
        out.push(b.wrapping_add(stream[i % 32]));
    }
    out
}

#[test]
fn encrypted_xqf_reads_as_the_plain_one() {
    let game = full_game();
    let plain = write_xqf(&game).unwrap().bytes;
    for (keys, key3) in [
        ([0x12, 0x34, 0x56, 0x78, 0x9A, 0xBC, 0xDE, 0xF0], 0xBE),
        ([0xE8, 0xD8, 0xBC, 0x84, 0xA5, 0x9C, 0xE7, 0xD8], 0x12),
        ([0, 0, 0, 0, 0, 0, 0, 0], 0),
    ] {
        let encrypted = encrypt_v18(&plain, keys, key3);
        assert_ne!(encrypted[0x400..], plain[0x400..]);
        assert_eq!(read_xqf(&encrypted).expect("reads"), game, "{keys:?}");
        // Cut short: an error, never a panic.
        for len in 0x400..encrypted.len() {
            assert!(read_xqf(&encrypted[..len]).is_err());
        }
    }
}

#[test]
fn xqf_side_to_move_byte_and_unknown_versions() {
    use chariot::board::Color;
    // A diagram (no moves) with Black to move: byte 0x32 says so.
    let start = Position::from_fen("4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1").unwrap();
    let mut bytes = write_xqf(&PgnGame::new(start)).unwrap().bytes;
    assert_eq!(bytes[0x32], 0, "1.0 writes Red (reserved, 0)");
    assert_eq!(read_xqf(&bytes).unwrap().start.side_to_move(), Color::Red);
    bytes[0x32] = 1;
    let black = read_xqf(&bytes).expect("reads");
    assert_eq!(black.start.to_fen(), "4k4/9/9/9/9/9/9/9/4A4/3K5 b - - 0 1");
    // The same in the encrypted layout (the byte is not encrypted).
    let mut encrypted = encrypt_v18(&bytes, [1, 2, 3, 4, 5, 6, 7, 8], 0x5A);
    encrypted[0x32] = 1;
    assert_eq!(
        read_xqf(&encrypted).unwrap().start.side_to_move(),
        Color::Black
    );
    // With Black's moves after it.
    let mut game = PgnGame::new(black.start.clone());
    game.moves = vec![
        Move::parse_iccs("e9f9").unwrap(),
        Move::parse_iccs("e1d2").unwrap(),
    ];
    let mut with_moves = write_xqf(&game).unwrap().bytes;
    with_moves[0x32] = 1;
    assert_eq!(read_xqf(&with_moves).unwrap(), game);
    // A Red first move where Black is to move is not legal; 2 is no side.
    let mut red_first = write_xqf(&PgnGame {
        moves: vec![Move::parse_iccs("h2e2").unwrap()],
        ..PgnGame::default()
    })
    .unwrap()
    .bytes;
    red_first[0x32] = 1;
    let err = read_xqf(&red_first).unwrap_err();
    assert_eq!(
        err.problem,
        XqfProblem::Illegal(Move::parse_iccs("h2e2").unwrap())
    );
    bytes[0x32] = 2;
    let err = read_xqf(&bytes).unwrap_err();
    assert_eq!(
        (err.offset, err.problem),
        (0x32, XqfProblem::BadSideToMove { value: 2 })
    );

    // Versions: 10 (1.0) to 18 are read; others are refused, not guessed at.
    let plain = write_xqf(&full_game()).unwrap().bytes;
    for version in [0u8, 9, 19, 20, 0x7F, 0xFF] {
        let mut unknown = encrypt_v18(&plain, [9, 8, 7, 6, 5, 4, 3, 2], 0xFF);
        unknown[2] = version;
        let err = read_xqf(&unknown).unwrap_err();
        assert_eq!(
            (err.offset, &err.problem),
            (2, &XqfProblem::UnknownVersion { version }),
            "{version}"
        );
        assert!(
            err.to_string().contains("not one this reader knows"),
            "{err}"
        );
    }
    let dir = scratch("xqf-versions");
    let mut v19 = encrypt_v18(&plain, [9, 8, 7, 6, 5, 4, 3, 2], 0xFF);
    v19[2] = 19;
    let path = write(&dir, "v19.xqf", &v19);
    let out = pgn(&[p(&path)]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr)
            .contains("v19.xqf: byte 0x0002: XQF version 19 is not one this reader knows"),
        "{}",
        text(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_real_xqstudio_file_reads() {
    // tests/data/README.md says where it comes from: XQStudio's encrypted version 16.
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/xqstudio-v16.xqf");
    let bytes = std::fs::read(&path).expect("the test file");
    assert_eq!((bytes[2], bytes[0x32]), (16, 0));
    let file = read_bytes(&bytes, false, None);
    assert_eq!(file.kind, FileKind::Xqf(16));
    let game = file.read().next().expect("the game reads");
    assert_eq!(
        game.start.to_fen(),
        "2b1kabn1/4aR3/3R2N2/4p1p2/5P3/4P4/3N2Pr1/4C1n2/3pAr3/4K3c w - - 0 1"
    );
    assert_eq!(game.tag("Title"), Some("第006局 蝇垂骥尾"));
    assert_eq!(game.result, "1-0");
    assert_eq!(game.moves.len(), 43);
    let first: Vec<String> = game.moves[..4].iter().map(Move::to_string).collect();
    assert_eq!(first, ["e2e6", "e8f7", "d7e7", "e9d9"]);
    assert_eq!(game.moves[42].to_string(), "h9g7");
    assert_eq!(game.comments, [(0, "红弃双车，马炮胜\r\n".to_string())]);
}

/// Random damage to PGN and XQF bytes: never a panic, every error printable.
#[test]
fn damaged_files_never_panic() {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let xqf = write_xqf(&full_game()).unwrap().bytes;
    let gbk = encode(EXPORT, TextEncoding::Gbk);
    let big5 = encode(
        &file_text(TRADITIONAL, "全國賽", "\r\n"),
        TextEncoding::Big5,
    );
    for round in 0..3000 {
        let source = [&xqf, &gbk, &big5][round % 3];
        let mut bytes = source.clone();
        for _ in 0..1 + next() % 8 {
            let at = (next() % bytes.len() as u64) as usize;
            match next() % 3 {
                0 => bytes[at] = next() as u8,
                1 => bytes.truncate(at),
                _ => bytes.insert(at, next() as u8),
            }
            if bytes.is_empty() {
                break;
            }
        }
        let file = read_bytes(&bytes, round % 3 == 0, None);
        for g in &file.games {
            match &g.game {
                Ok(game) => {
                    // What was read replays legally.
                    let mut pos = game.start.clone();
                    for &mv in &game.moves {
                        assert!(pos.is_legal(mv));
                        pos.make_move(mv);
                    }
                }
                Err(GameError::Pgn(e)) => assert!(!e.to_string().is_empty()),
                Err(GameError::Xqf(e)) => assert!(!e.to_string().is_empty()),
            }
        }
    }
}
