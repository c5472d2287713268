//! Notation: ICCS, Chinese and WXF both ways, the documents' sample games, like pieces on
//! a file, errors, PGN, and garbage input.

use crate::common;

use std::collections::HashSet;

use chariot::board::{Move, Position};
use chariot::notation::{
    cli, convert, format_move, from_chinese, from_wxf, parse_move, read_pgn, to_chinese, to_wxf,
    write_pgn, Format, PgnGame, Problem,
};

use common::Rng;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn mv(text: &str) -> Move {
    Move::parse_iccs(text).unwrap()
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// Three red pawns on file c, two on file g; three black pawns on b, two on h.
const PAWNS_3_2: &str = "3k5/9/2P6/2P3P2/2P3P2/1p5p1/1p5p1/1p7/9/5K3 w - - 0 1";
/// Five red pawns on file c, five black pawns on file g.
const PAWNS_5: &str = "2P2k3/2P6/2P6/2P6/2P6/6p2/6p2/6p2/6p2/3K2p2 w - - 0 1";
/// Advisors, elephants, rooks, horses and cannons doubled on files.
const DOUBLED: &str = "3a1kbcr/2n6/1C1a3N1/p1n4c1/R5b2/2B5r/7NP/1C1A5/4K4/R1BA5 w - - 0 1";
/// Red pawns: three on file 三 (g), two on file 七 (c).
const WXF_EXAMPLE: &str = "3k5/9/6P2/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1";

// ----- the documents' games -----------------------------------------------------------

#[test]
fn sample_game_of_the_notation_chapter() {
    // 001, 棋谱的记录方法: the first eight moves of 飞相对进7卒.
    let chinese = "相三进五 卒７进１ 马八进九 马８进７ 车九进一 象７进５ 车九平三 马２进１ \
                   兵三进一 卒７进１ 车三进三 炮８退２ 兵九进一 炮８平７ 车三平二 车１进１";
    let iccs = "g0e2 g6g5 b0a2 h9g7 a0a1 g9e7 a1g1 b9a7 \
                g3g4 g5g4 g1g4 h7h9 a3a4 h9g9 g4h4 a9a8";
    let start = Position::startpos();
    let c: Vec<&str> = chinese.split_whitespace().collect();
    let i: Vec<&str> = iccs.split_whitespace().collect();
    assert_eq!(
        convert(&start, &c, Format::Chinese, Format::Iccs).unwrap(),
        i
    );
    assert_eq!(
        convert(&start, &i, Format::Iccs, Format::Chinese).unwrap(),
        c
    );
    let wxf = convert(&start, &i, Format::Iccs, Format::Wxf).unwrap();
    assert_eq!(
        wxf.join(" "),
        "E3+5 P7+1 H8+9 H8+7 R9+1 E7+5 R9.3 H2+1 P3+1 P7+1 R3+3 C8-2 P9+1 C8.7 R3.2 R1+1"
    );
    assert_eq!(
        convert(&start, &strs(&wxf), Format::Wxf, Format::Iccs).unwrap(),
        i
    );
}

#[test]
fn sample_game_of_the_rules() {
    // 001, 第7条 7.5: full and short records.
    let start = Position::startpos();
    let full = [
        "炮二平五",
        "马8进7",
        "马二进三",
        "车9平8",
        "车一平二",
        "炮8进4",
    ];
    let iccs = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "h7h3"];
    assert_eq!(
        convert(&start, &full, Format::Chinese, Format::Iccs).unwrap(),
        iccs
    );
    // Written with the full-width digits for Black.
    assert_eq!(
        convert(&start, &iccs, Format::Iccs, Format::Chinese).unwrap(),
        [
            "炮二平五",
            "马８进７",
            "马二进三",
            "车９平８",
            "车一平二",
            "炮８进４"
        ]
    );
    let short = ["炮25", "马87", "马23", "车98", "车12", "炮84"];
    assert_eq!(
        convert(&start, &short, Format::Chinese, Format::Iccs).unwrap(),
        iccs
    );
    assert_eq!(
        convert(&start, &iccs, Format::Iccs, Format::Wxf).unwrap(),
        ["C2.5", "H8+7", "H2+3", "R9.8", "R1.2", "C8+4"]
    );
}

#[test]
fn traditional_characters_and_numeral_variants() {
    let start = Position::startpos();
    let iccs = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "h7h3"];
    for spelling in [
        [
            "炮二平五",
            "馬８進７",
            "傌二進三",
            "車９平８",
            "俥一平二",
            "砲８進４",
        ],
        ["炮2平5", "马8进7", "马2进3", "车9平8", "车1平2", "包8进4"],
        [
            "炮 二 平 五",
            "馬8進7",
            "馬二进三",
            "車9平8",
            "車一平二",
            "炮８進４",
        ],
    ] {
        assert_eq!(
            convert(&start, &spelling, Format::Chinese, Format::Iccs).unwrap(),
            iccs,
            "{spelling:?}"
        );
    }
    let p = Position::startpos();
    assert_eq!(from_chinese(&p, "帥五進一").unwrap(), mv("e0e1"));
    assert_eq!(from_chinese(&p, "帅5进1").unwrap(), mv("e0e1"));
    assert_eq!(from_chinese(&p, "仕四進五").unwrap(), mv("f0e1"));
    assert_eq!(from_chinese(&p, "相七進五").unwrap(), mv("c0e2"));
    assert_eq!(from_chinese(&p, "象七进五").unwrap(), mv("c0e2"));
    assert_eq!(from_chinese(&p, "兵七進一").unwrap(), mv("c3c4"));
    assert_eq!(from_chinese(&p, "卒七进一").unwrap(), mv("c3c4"));
    let mut b = Position::startpos();
    b.play(mv("h2e2"));
    assert_eq!(from_chinese(&b, "將５進１").unwrap(), mv("e9e8"));
    assert_eq!(from_chinese(&b, "士6进5").unwrap(), mv("f9e8"));
    assert_eq!(from_chinese(&b, "象３進５").unwrap(), mv("c9e7"));
    assert_eq!(from_chinese(&b, "卒三进一").unwrap(), mv("c6c5"));
    assert!(
        from_chinese(&b, "後炮平四").is_err(),
        "no two cannons share a file"
    );
}

#[test]
fn files_are_counted_from_each_sides_right() {
    let p = Position::startpos();
    // Red's 一 is file i, 九 is file a.
    assert_eq!(to_chinese(&p, mv("i0i1")), "车一进一");
    assert_eq!(to_chinese(&p, mv("a0a1")), "车九进一");
    assert_eq!(to_wxf(&p, mv("a0a1")), "R9+1");
    let mut b = Position::startpos();
    b.play(mv("h2e2"));
    // Black's １ is file a, ９ is file i.
    assert_eq!(to_chinese(&b, mv("a9a8")), "车１进１");
    assert_eq!(to_chinese(&b, mv("i9i8")), "车９进１");
    assert_eq!(to_chinese(&b, mv("b7b0")), "炮２进７");
    assert_eq!(to_chinese(&b, mv("b7e7")), "炮２平５");
    assert_eq!(to_chinese(&b, mv("e9e8")), "将５进１");
    assert_eq!(to_wxf(&b, mv("b7b0")), "C2+7");
    assert_eq!(to_wxf(&b, mv("h9i7")), "H8+9");
}

// ----- like pieces on one file ----------------------------------------------------------

fn check_pairs(fen: &str, pairs: &[(&str, &str, &str)]) {
    let p = pos(fen);
    for &(iccs, chinese, wxf) in pairs {
        let m = mv(iccs);
        assert_eq!(to_chinese(&p, m), chinese, "{fen} {iccs}");
        assert_eq!(to_wxf(&p, m), wxf, "{fen} {iccs}");
        assert_eq!(from_chinese(&p, chinese).unwrap(), m, "{chinese}");
        assert_eq!(from_wxf(&p, wxf).unwrap(), m, "{wxf}");
    }
}

#[test]
fn pawns_on_two_files_follow_the_wxf_table() {
    check_pairs(
        WXF_EXAMPLE,
        &[
            ("g7f7", "前三平四", "3+.4"),
            ("g6f6", "中三平四", "33.4"),
            ("g5f5", "后三平四", "3-.4"),
            ("c6d6", "前七平六", "7+.6"),
            ("c5d5", "后七平六", "7-.6"),
            ("g7g8", "前三进一", "3++1"),
        ],
    );
    let p = pos(WXF_EXAMPLE);
    // Accepted variants: the piece written out, and full-width or ASCII numerals.
    assert_eq!(from_chinese(&p, "前兵三平四").unwrap(), mv("g7f7"));
    assert_eq!(from_chinese(&p, "中兵3平4").unwrap(), mv("g6f6"));
    // Ambiguous without the file.
    let err = from_chinese(&p, "前兵进一").unwrap_err();
    assert!(
        matches!(&err.problem, Problem::Ambiguous(candidates) if candidates.len() >= 2),
        "{err}"
    );
}

#[test]
fn three_pawns_on_one_file() {
    let fen = "3k5/9/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1";
    check_pairs(
        fen,
        &[
            ("g7f7", "前兵平四", "P+.4"),
            ("g6f6", "中兵平四", "P3.4"),
            ("g5f5", "后兵平四", "P-.4"),
            ("g5h5", "后兵平二", "P-.2"),
        ],
    );
    assert_eq!(from_wxf(&pos(fen), "-P.4").unwrap(), mv("g5f5"));
}

#[test]
fn four_and_five_pawns_on_one_file() {
    check_pairs(
        PAWNS_5,
        &[
            ("c9d9", "一兵平六", "++.6"),
            ("c8d8", "二兵平六", "P+.6"),
            ("c7d7", "三兵平六", "P7.6"),
            ("c6d6", "四兵平六", "P-.6"),
            ("c5d5", "五兵平六", "--.6"),
        ],
    );
    let p = pos(PAWNS_5);
    assert_eq!(from_chinese(&p, "前兵平六").unwrap(), mv("c9d9"));
    assert_eq!(from_chinese(&p, "后兵平六").unwrap(), mv("c5d5"));
    assert_eq!(from_chinese(&p, "中兵平六").unwrap(), mv("c7d7"));
    // Four pawns: no middle one.
    let four = "2P2k3/2P6/2P6/2P6/9/6p2/6p2/6p2/6p2/3K2p2 w - - 0 1";
    check_pairs(
        four,
        &[
            ("c9d9", "一兵平六", "++.6"),
            ("c8d8", "二兵平六", "P+.6"),
            ("c7d7", "三兵平六", "P-.6"),
            ("c6d6", "四兵平六", "--.6"),
        ],
    );
    // Black: five pawns on its file 7 (g); the front one is the lowest.
    let mut b = pos(PAWNS_5);
    b.play(mv("c9d9"));
    assert_eq!(to_chinese(&b, mv("g0f0")), "一卒平６");
    assert_eq!(to_chinese(&b, mv("g4f4")), "五卒平６");
    assert_eq!(to_wxf(&b, mv("g0f0")), "++.6");
    assert_eq!(to_wxf(&b, mv("g2f2")), "P7.6");
    assert_eq!(from_chinese(&b, "１卒平６").unwrap(), mv("g0f0"));
}

#[test]
fn doubled_rooks_horses_cannons_advisors_elephants() {
    let p = pos(DOUBLED);
    for (iccs, chinese, wxf) in [
        ("a5a6", "前车进一", "R++1"),
        ("a0a1", "后车进一", "R-+1"),
        ("a5b5", "前车平八", "R+.8"),
        ("h7g9", "前马进三", "H++3"),
        ("h3g1", "后马退三", "H--3"),
        ("b7b8", "前炮进一", "C++1"),
        ("b2b1", "后炮退一", "C--1"),
        ("c0e2", "相七进五", "E7+5"),
        ("c4e2", "相七退五", "E7-5"),
        ("c0a2", "相七进九", "E7+9"),
        ("c4a2", "相七退九", "E7-9"),
        // Elephants and advisors keep the plain form: the direction tells them apart.
    ] {
        if p.legal_moves().contains(&mv(iccs)) {
            check_pairs(DOUBLED, &[(iccs, chinese, wxf)]);
        } else {
            panic!("{iccs} is not legal in the DOUBLED position");
        }
    }
    // Variants read: the marker before the letter, 车前 order, 前/后 for elephants.
    assert_eq!(from_wxf(&p, "+R+1").unwrap(), mv("a5a6"));
    assert_eq!(from_wxf(&p, "-c-1").unwrap(), mv("b2b1"));
    assert_eq!(from_wxf(&p, "r+=8").unwrap(), mv("a5b5"));
    assert_eq!(from_wxf(&p, "E-+5").unwrap(), mv("c0e2"));
    assert_eq!(from_chinese(&p, "车前进一").unwrap(), mv("a5a6"));
    assert_eq!(from_chinese(&p, "前相退五").unwrap(), mv("c4e2"));
    assert_eq!(from_chinese(&p, "後車進一").unwrap(), mv("a0a1"));
    // The file number is no longer enough for two rooks on it.
    assert!(from_chinese(&p, "车九进一").is_err());
    // Black: its front piece is the one nearer Red (lower rank).
    let mut b = pos(DOUBLED);
    b.play(mv("i3i4"));
    assert_eq!(to_chinese(&b, mv("c6d4")), "前马进４");
    assert_eq!(to_chinese(&b, mv("c8a9")), "后马退１");
    assert_eq!(to_wxf(&b, mv("c6d4")), "H++4");
}

// ----- long random games ----------------------------------------------------------------

/// Every legal move of every position along seeded random games: the Chinese and WXF
/// texts are distinct among the legal moves and read back to the same move.
#[test]
fn every_legal_move_round_trips_over_random_games() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let starts = [
        Position::startpos(),
        pos(PAWNS_3_2),
        pos(PAWNS_5),
        pos(DOUBLED),
        pos(WXF_EXAMPLE),
    ];
    let mut checked = 0usize;
    let (mut tandem, mut middle, mut ordinal, mut two_files) = (0usize, 0usize, 0usize, 0usize);
    let mut games = 0usize;
    while checked < 150_000 {
        let mut p = starts[games % starts.len()].clone();
        games += 1;
        let mut played: Vec<String> = Vec::new();
        for _ in 0..300 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mut seen_c = HashSet::new();
            let mut seen_w = HashSet::new();
            for &m in &moves {
                let c = to_chinese(&p, m);
                let w = to_wxf(&p, m);
                assert!(seen_c.insert(c.clone()), "{c} twice in {}", p.to_fen());
                assert!(seen_w.insert(w.clone()), "{w} twice in {}", p.to_fen());
                assert_eq!(from_chinese(&p, &c), Ok(m), "{c} in {}", p.to_fen());
                assert_eq!(from_wxf(&p, &w), Ok(m), "{w} in {}", p.to_fen());
                assert_eq!(parse_move(&p, &m.to_string(), Format::Iccs), Ok(m));
                let first: Vec<char> = c.chars().take(2).collect();
                if matches!(first[0], '前' | '中' | '后') {
                    tandem += 1;
                }
                if first[0] == '中' {
                    middle += 1;
                }
                if "一二三四五".contains(first[0]) {
                    ordinal += 1;
                }
                if "前中后".contains(first[0]) && !"车马炮兵卒".contains(first[1]) {
                    two_files += 1;
                }
                checked += 1;
            }
            let m = moves[rng.below(moves.len())];
            played.push(m.to_string());
            p.make_move(m);
        }
        // The whole game converts ICCS → Chinese → WXF → ICCS.
        let start = &starts[(games - 1) % starts.len()];
        let c = convert(start, &strs(&played), Format::Iccs, Format::Chinese).unwrap();
        let w = convert(start, &strs(&c), Format::Chinese, Format::Wxf).unwrap();
        let i = convert(start, &strs(&w), Format::Wxf, Format::Iccs).unwrap();
        assert_eq!(i, played);
    }
    eprintln!(
        "{games} games, {checked} moves: 前/中/后 {tandem}, 中 {middle}, 一..五 {ordinal}, \
         two pawn files {two_files}"
    );
    assert!(
        tandem > 1000,
        "only {tandem} moves of like pieces sharing a file"
    );
    assert!(middle > 100 && ordinal > 100 && two_files > 100);
}

// ----- errors and the command -------------------------------------------------------------

#[test]
fn errors_name_the_bad_move() {
    let start = Position::startpos();
    let err = convert(
        &start,
        &["炮二平五", "马８进７", "马二进四"],
        Format::Chinese,
        Format::Iccs,
    )
    .unwrap_err();
    assert_eq!(err.move_number, Some(3));
    assert_eq!(err.text, "马二进四");
    assert!(err.to_string().starts_with("move 3 '马二进四': "), "{err}");

    let err = convert(&start, &["h2e2", "x9g7"], Format::Iccs, Format::Wxf).unwrap_err();
    assert_eq!(err.move_number, Some(2));
    assert!(err.to_string().contains("ICCS"), "{err}");
    let err = convert(&start, &["h2e2", "h9g7", "h0g3"], Format::Iccs, Format::Wxf).unwrap_err();
    assert_eq!(err.move_number, Some(3));
    assert!(err.to_string().contains("not a legal move"), "{err}");
    let err = convert(&start, &["C2.5", "Q8+7"], Format::Wxf, Format::Iccs).unwrap_err();
    assert_eq!(err.move_number, Some(2));
    assert!(from_chinese(&start, "").is_err());
    assert!(from_chinese(&start, "炮二平").is_err());
    assert!(from_chinese(&start, "炮二平十").is_err());
    assert!(from_chinese(&start, "马二平三").is_err());
    assert!(from_wxf(&start, "C2.").is_err());
    assert!(from_wxf(&start, "C0.5").is_err());
    assert!("uci".parse::<Format>().is_err());
    assert_eq!("WXF".parse::<Format>().unwrap(), Format::Wxf);
    assert_eq!("Chinese".parse::<Format>().unwrap(), Format::Chinese);
    assert_eq!("iccs".parse::<Format>().unwrap(), Format::Iccs);
}

#[test]
fn command_line_output() {
    let moves: Vec<String> = "炮二平五 马８进７ 马二进三 车９平８ 车一平二 炮８进４"
        .split(' ')
        .map(String::from)
        .collect();
    assert_eq!(
        cli(None, "chinese", "iccs", &moves).unwrap(),
        "h2e2 h9g7 h0g2 i9h9 i0h0 h7h3"
    );
    assert_eq!(
        cli(None, "chinese", "wxf", &moves).unwrap(),
        "C2.5 H8+7 H2+3 R9.8 R1.2 C8+4"
    );
    let iccs = vec![
        "1. h2e2 h9g7".to_string(),
        "2.".to_string(),
        "h0g2".to_string(),
    ];
    assert_eq!(
        cli(None, "ICCS", "Chinese", &iccs).unwrap(),
        "炮二平五 马８进７ 马二进三"
    );
    assert_eq!(cli(None, "iccs", "chinese", &[]).unwrap(), "");
    assert_eq!(
        cli(
            Some("3k5/9/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1"),
            "iccs",
            "chinese",
            &["g6f6".to_string(), "d9d8".to_string()]
        )
        .unwrap(),
        "中兵平四 将４进１"
    );
    let err = cli(
        None,
        "chinese",
        "iccs",
        &["炮二平五".to_string(), "帅五平四".to_string()],
    )
    .unwrap_err();
    assert!(err.contains("move 2 '帅五平四'"), "{err}");
    assert!(cli(None, "san", "iccs", &[]).unwrap_err().contains("san"));
    assert!(cli(Some("bad fen"), "iccs", "wxf", &[]).is_err());
}

// ----- PGN ------------------------------------------------------------------------------

fn random_game(rng: &mut Rng, start: Position, plies: usize) -> PgnGame {
    let mut game = PgnGame::new(start.clone());
    let mut p = start;
    for i in 0..plies {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        p.make_move(m);
        game.moves.push(m);
        if i % 17 == 3 {
            game.comments.push((i + 1, format!("note {i} {{x}} 好棋")));
        }
    }
    game
}

#[test]
fn pgn_write_then_read_round_trips() {
    let mut rng = Rng(42);
    let mut text = String::new();
    let mut written = Vec::new();
    let mut black_start = pos(DOUBLED);
    black_start.play(mv("i3i4"));
    for (n, start) in [Position::startpos(), pos(PAWNS_3_2), black_start]
        .into_iter()
        .enumerate()
    {
        for (k, f) in [Format::Iccs, Format::Chinese, Format::Wxf]
            .into_iter()
            .enumerate()
        {
            let mut game = random_game(&mut rng, start.clone(), 120 + 40 * k);
            game.set_tag("Event", &format!("Test \"{n}\" \\ {f}"));
            game.set_tag("Red", "甲");
            game.set_tag("Black", "乙");
            game.result = ["1-0", "0-1", "1/2-1/2", "*"][(n + k) % 4].to_string();
            if n == 0 && k == 0 {
                game.comments.push((0, "before the first move".to_string()));
            }
            let one = write_pgn(&game, f);
            let back = read_pgn(&one).unwrap();
            assert_eq!(back.len(), 1, "{one}");
            let b = &back[0];
            assert_eq!(b.moves, game.moves, "{one}");
            assert_eq!(b.start, game.start);
            assert_eq!(b.result, game.result);
            assert_eq!(b.tag("Event"), game.tag("Event"));
            assert_eq!(b.tag("Red"), Some("甲"));
            let mut expected: Vec<(usize, String)> = game
                .comments
                .iter()
                .map(|(at, c)| (*at, c.replace('}', ")")))
                .collect();
            expected.sort_by_key(|(at, _)| *at);
            assert_eq!(b.comments, expected);
            match f {
                Format::Iccs => assert!(one.contains("[Format \"ICCS\"]")),
                Format::Wxf => assert!(one.contains("[Format \"WXF\"]")),
                Format::Chinese => assert!(one.contains("[Format \"Chinese\"]")),
            }
            // Writing what was read gives the same text.
            assert_eq!(write_pgn(b, f), one);
            for line in one.lines() {
                assert!(line.chars().count() < 80, "{line}");
            }
            text.push_str(&one);
            text.push('\n');
            written.push(game);
        }
    }
    let all = read_pgn(&text).unwrap();
    assert_eq!(all.len(), written.len());
    for (a, b) in all.iter().zip(&written) {
        assert_eq!(a.moves, b.moves);
        assert_eq!(a.start, b.start);
    }
}

#[test]
fn pgn_dialects_by_hand() {
    let iccs = r#"[Game "Chinese Chess"]
[Event "ICCS dialect"]
[Red "A"]
[Black "B"]
[Result "1-0"]
[Format "ICCS"]

1. H2-E2 H9-G7 2. H0-G2 {a comment} I9-H9 (2... C7-C6 3. I0-I1) 3. I0-H0 H7-H3 1-0
"#;
    let g = &read_pgn(iccs).unwrap()[0];
    let expected: Vec<Move> = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "h7h3"]
        .iter()
        .map(|m| mv(m))
        .collect();
    assert_eq!(g.moves, expected);
    assert_eq!(g.result, "1-0");
    assert_eq!(g.comments, vec![(3, "a comment".to_string())]);
    assert_eq!(g.tag("format"), Some("ICCS"));

    let chinese = "[Game \"Chinese Chess\"]\n[Event \"中文\"]\n[Result \"0-1\"]\n\n\
        1. 炮二平五 馬８進７ 2. 馬二進三 車９平８ ; a line comment\n\
        3.車一平二 炮８進４!? $1 {(变着)} 4. 兵七进一 ( 4. 兵三进一 ) 卒７进１ 0-1\n\n\
        [Game \"Chinese Chess\"]\n[FEN \"3k5/9/6P2/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1\"]\n\n\
        1. 前三平四 将４进１ 2. 3+.4 *\n";
    let games = read_pgn(chinese).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].moves.len(), 8);
    assert_eq!(games[0].moves[..6], expected[..]);
    assert_eq!(games[0].moves[6], mv("c3c4"));
    assert_eq!(games[0].moves[7], mv("g6g5"));
    assert_eq!(games[0].result, "0-1");
    assert_eq!(
        games[0].comments,
        vec![(4, "a line comment".to_string()), (6, "(变着)".to_string())]
    );
    assert_eq!(games[1].start, pos(WXF_EXAMPLE));
    assert_eq!(games[1].moves, vec![mv("g7f7"), mv("d9d8"), mv("g6f6")]);
    assert_eq!(games[1].result, "*");

    let wxf = "[Game \"Chinese Chess\"]\n[Format \"WXF\"]\n\n1. C2.5 H8+7 2. H2+3 R9.8\n\
               3. R1.2 C8+4\n\n[Game \"Chinese Chess\"]\n[Result \"1/2-1/2\"]\n\n1. h2e2 h9g7\n";
    let games = read_pgn(wxf).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].moves, expected);
    assert_eq!(games[0].result, "*");
    assert_eq!(games[1].moves, expected[..2]);
    // The Result tag stands when the move text has no result token.
    assert_eq!(games[1].result, "1/2-1/2");

    // Black to move first: "1..." numbering, and the FEN tag is written.
    let mut start = Position::startpos();
    start.play(mv("h2e2"));
    let start = Position::from_fen(&start.to_fen()).unwrap();
    let mut game = PgnGame::new(start.clone());
    game.moves = vec![mv("h9g7"), mv("h0g2")];
    let text = write_pgn(&game, Format::Chinese);
    assert!(text.contains("[FEN \""), "{text}");
    assert!(text.contains("1... 马８进７ 2. 马二进三 *"), "{text}");
    assert_eq!(read_pgn(&text).unwrap()[0].moves, game.moves);
}

#[test]
fn pgn_errors_name_game_and_move() {
    let text = "[Game \"Chinese Chess\"]\n\n1. h2e2 h9g7 *\n\n[Event \"x\"]\n\n1. h2e2 h9h0 *\n";
    let err = read_pgn(text).unwrap_err();
    assert_eq!(err.game_number, Some(2));
    assert_eq!(err.move_number, Some(2));
    assert!(
        err.to_string().starts_with("game 2, move 2 'h9h0'"),
        "{err}"
    );
    assert!(read_pgn("[FEN \"nonsense\"]\n1. h2e2").is_err());
    assert!(read_pgn("[Event \"open").is_err());
    assert!(read_pgn("1. h2e2 {open").is_err());
    assert!(read_pgn("").unwrap().is_empty());
}

// ----- garbage never panics -------------------------------------------------------------

#[test]
fn garbage_input_never_panics() {
    let mut rng = Rng(7);
    let alphabet: Vec<char> = "车車俥马馬傌炮砲包相象仕士帅帥将將兵卒前中后後进進退平\
        一二三四五六七八九１２３４５６７８９0123456789+-.=KAEBHNRCPGSkaehrcpx \
        []{}();%$\"\\\n!?#*/abcdefghi"
        .chars()
        .collect();
    let positions = [
        Position::startpos(),
        pos(PAWNS_3_2),
        pos(PAWNS_5),
        pos(DOUBLED),
    ];
    for round in 0..20_000 {
        let text: String = if round % 3 == 0 {
            let bytes: Vec<u8> = (0..rng.below(24)).map(|_| rng.next() as u8).collect();
            String::from_utf8_lossy(&bytes).into_owned()
        } else {
            (0..rng.below(12))
                .map(|_| alphabet[rng.below(alphabet.len())])
                .collect()
        };
        let p = &positions[round % positions.len()];
        let _ = from_chinese(p, &text);
        let _ = from_wxf(p, &text);
        for f in [Format::Iccs, Format::Chinese, Format::Wxf] {
            if let Ok(m) = parse_move(p, &text, f) {
                assert!(p.legal_moves().contains(&m));
                let _ = format_move(p, m, f);
            }
        }
        let _ = read_pgn(&text);
        let _ = read_pgn(&format!("[FEN \"{}\"]\n1. {text} 2. {text}", p.to_fen()));
        let _ = cli(None, &text, "iccs", std::slice::from_ref(&text));
        let _ = cli(Some(&text), "wxf", "chinese", &[]);
        let _ = text.parse::<Format>();
    }
}
