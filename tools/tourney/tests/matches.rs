//! Real matches between fake engines (the `fake-engine` binary of this package): a
//! 20-game random-vs-random match, a round robin with crashing, cheating, hanging and
//! babbling engines, SPRT stopping, banmoves, draw offers, resignations, the documents'
//! scoring and ratings, and the command line.

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::Command;

use chariot::board::Outcome;
use chariot::board::Position;
use tourney::clock::TimeControl;
use tourney::engine::{Coords, EngineConfig, Protocol};
use tourney::event::config::TournamentFormat;
use tourney::event::{run, Standings, TournamentConfig};
use tourney::game::GameSettings;
use tourney::openings::{parse_openings, OpeningFormat};
use tourney::report::pgn::MoveText;
use tourney::report::rating::{RatingMethod, Scoring};
use tourney::report::stats::{Sprt, SprtDecision};

use crate::common::{fake_engine, play_event};

const TOURNEY: &str = env!("CARGO_BIN_EXE_tourney");

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tourney-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    let _ = std::fs::remove_file(&p);
    p
}

fn fake(name: &str, args: &[&str], proto: Protocol) -> EngineConfig {
    let mut e = EngineConfig::new(name, fake_engine(), proto);
    e.args = args.iter().map(|s| s.to_string()).collect();
    e.limits.tc = TimeControl::parse("2+0.05").unwrap();
    e.limits.margin_ms = 100;
    e.init_timeout_ms = 2_000;
    e
}

fn config(engines: Vec<EngineConfig>, games: u32, pgn: Option<&PathBuf>) -> TournamentConfig {
    TournamentConfig {
        engines,
        format: TournamentFormat::RoundRobin,
        games,
        rounds: 1,
        repeat: true,
        openings: Vec::new(),
        concurrency: 3,
        pgn_out: pgn.map(|p| (p.to_string_lossy().to_string(), MoveText::Iccs)),
        sprt: None,
        rating_interval: 0,
        scoring: Scoring::One,
        rating: RatingMethod::Elo,
        settings: GameSettings {
            hang_timeout_ms: 2_000,
            ..GameSettings::default()
        },
        event: "test".into(),
        site: "ci".into(),
        ..TournamentConfig::default()
    }
}

/// A game of a PGN file: tags and ICCS moves.
struct PgnGame {
    tags: HashMap<String, String>,
    moves: Vec<String>,
}

fn read_pgn(path: &PathBuf) -> Vec<PgnGame> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut games = Vec::new();
    for chunk in text.split("[Game ").skip(1) {
        let mut tags = HashMap::new();
        let mut movetext = String::new();
        for line in format!("[Game {chunk}").lines() {
            if let Some(rest) = line.strip_prefix('[') {
                let (k, v) = rest.split_once(' ').unwrap();
                tags.insert(
                    k.to_string(),
                    v.trim_end_matches(']').trim_matches('"').to_string(),
                );
            } else {
                movetext.push_str(line);
                movetext.push(' ');
            }
        }
        let mut clean = String::new();
        let mut depth = 0;
        for c in movetext.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ if depth == 0 => clean.push(c),
                _ => {}
            }
        }
        let moves = clean
            .split_whitespace()
            .filter(|t| t.contains('-') && t.len() == 5)
            .map(|t| t.replace('-', "").to_ascii_lowercase())
            .collect();
        games.push(PgnGame { tags, moves });
    }
    games
}

/// Replays a PGN game with the rules core and checks the result against the reason.
fn check_game(g: &PgnGame) {
    let fen = g
        .tags
        .get("FEN")
        .cloned()
        .unwrap_or_else(|| chariot::board::START_FEN.to_string());
    let mut pos = Position::from_fen(&fen).unwrap();
    for m in &g.moves {
        pos.try_play(m)
            .unwrap_or_else(|e| panic!("illegal move {m} in PGN: {e}"));
    }
    assert_eq!(g.tags["PlyCount"], g.moves.len().to_string());
    let reason = &g.tags["Termination"];
    let result = &g.tags["Result"];
    if reason.contains("mates") || reason.contains("stalemates") {
        assert!(pos.legal_moves().is_empty(), "{reason}");
        let loser_red = pos.side_to_move() == chariot::board::Color::Red;
        assert_eq!(result, if loser_red { "0-1" } else { "1-0" });
    }
    if reason.contains("natural limit") {
        assert!(pos.rule60_plies() >= 120);
        assert_eq!(result, "1/2-1/2");
    }
    if reason.contains("repetition") {
        assert_eq!(result, "1/2-1/2");
    }
}

fn total_games(st: &Standings) -> u32 {
    st.wdl[0].iter().map(|w| w.games()).sum::<u32>()
}

#[test]
fn random_vs_random_twenty_games() {
    let pgn = temp("random.pgn");
    let a = fake("RandomA", &["random"], Protocol::Ucci);
    let mut b = fake("RandomB", &["random", "0", "--uci10"], Protocol::Uci);
    b.coords = Coords::Uci10;
    let mut cfg = config(vec![a, b], 20, Some(&pgn));
    cfg.openings = parse_openings(
        include_str!("../../openings/default.epd"),
        OpeningFormat::Epd,
    )
    .unwrap()[..10]
        .to_vec();
    let (st, out) = play_event(&cfg);
    assert_eq!(total_games(&st), 20, "{out}");
    assert_eq!(st.pairs.pairs(), 10);
    assert!(out.contains("Score of RandomA vs RandomB: "), "{out}");
    assert!(out.contains("Elo difference: "));
    assert!(out.contains("Ptnml(0-2): ["));
    let games = read_pgn(&pgn);
    assert_eq!(games.len(), 20);
    let mut points_a = 0.0;
    for g in &games {
        check_game(g);
        assert!(
            !g.tags["Termination"].contains("illegal"),
            "{}",
            g.tags["Termination"]
        );
        assert!(
            !g.tags["Termination"].contains("time"),
            "{}",
            g.tags["Termination"]
        );
        let a_red = g.tags["Red"] == "RandomA";
        points_a += match (g.tags["Result"].as_str(), a_red) {
            ("1-0", true) | ("0-1", false) => 1.0,
            ("1/2-1/2", _) => 0.5,
            _ => 0.0,
        };
        assert!(
            g.tags.contains_key("FEN"),
            "openings from the file need a FEN tag"
        );
    }
    assert_eq!(points_a, st.wdl[0][1].points());
    // Game pairs share the opening with colours swapped; a match is round 1, board 1,
    // and the Round tag's last part is the game's number.
    let mut by_round: Vec<&PgnGame> = games.iter().collect();
    by_round.sort_by_key(|g| {
        let round = &g.tags["Round"];
        assert!(round.starts_with("1.1."), "{round}");
        round.split('.').nth(2).unwrap().parse::<u32>().unwrap()
    });
    for pair in by_round.chunks(2) {
        assert_eq!(pair[0].tags["FEN"], pair[1].tags["FEN"]);
        assert_eq!(pair[0].tags["Red"], pair[1].tags["Black"]);
    }
}

#[test]
fn round_robin_with_broken_engines() {
    let pgn = temp("broken.pgn");
    let engines = vec![
        fake("Good", &["random"], Protocol::Ucci),
        fake("Crash", &["crash", "3"], Protocol::Ucci),
        fake("Illegal", &["illegal", "2"], Protocol::Uci),
        {
            let mut e = fake("Hang", &["hang", "2"], Protocol::Ucci);
            e.limits.tc = TimeControl::parse("0.5+0").unwrap();
            e
        },
        fake("Garbage", &["garbage", "1"], Protocol::Uci),
        {
            let mut e = fake("NoStart", &["nostart"], Protocol::Ucci);
            e.init_timeout_ms = 300;
            e
        },
    ];
    let mut cfg = config(engines, 2, Some(&pgn));
    cfg.concurrency = 4;
    let (st, out) = play_event(&cfg);
    assert_eq!(st.games.len(), 30, "{out}");
    // The well-behaved engine wins every game.
    let good = st.total(0);
    assert_eq!((good.wins, good.draws, good.losses), (10, 0, 0), "{out}");
    assert_eq!(st.ranking()[0], 0);
    // NoStart loses every game.
    assert_eq!(st.total(5).losses, 10);
    // Reasons name the misbehaviour.
    for (job, rec) in &st.games {
        let names = [&cfg.engines[job.red].name, &cfg.engines[job.black].name];
        let loser = match rec.outcome {
            Outcome::RedWins => names[1],
            Outcome::BlackWins => names[0],
            Outcome::Draw => panic!("no draws expected: {}", rec.reason),
        };
        let want = match loser.as_str() {
            "Crash" => "disconnects",
            "Illegal" => "illegal move",
            "Hang" => "loses on time",
            "Garbage" => "illegal move",
            "NoStart" => "failed to start",
            other => panic!("{other} lost: {}", rec.reason),
        };
        assert!(rec.reason.contains(want), "{loser}: {}", rec.reason);
        assert!(rec.reason.contains(loser.as_str()), "{}", rec.reason);
    }
    // The cross-table is printed.
    assert!(out.contains("Rank"), "{out}");
    assert!(out.contains("100.0%"), "{out}");
    let games = read_pgn(&pgn);
    assert_eq!(games.len(), 30);
    for g in &games {
        check_game(g);
    }
}

/// The LLR after each game of `st`, in the order the tourney counted them, by the
/// same statistic the tourney uses (game pairs when `pairs`).
fn llr_by_game(st: &Standings, sprt: &Sprt, pairs: bool) -> Vec<f64> {
    let mut wdl = tourney::report::stats::Wdl::default();
    let mut penta = tourney::report::stats::Pentanomial::default();
    let mut first_of_pair: HashMap<usize, f64> = HashMap::new();
    let mut llrs = Vec::new();
    for (job, rec) in &st.games {
        let red = rec.outcome.score_for(chariot::board::Color::Red);
        let p0 = if job.red == 0 { red } else { 1.0 - red };
        wdl.add(p0);
        let key = job.pair_of.unwrap_or(job.number);
        if let Some(first) = first_of_pair.remove(&key) {
            penta.add(first + p0);
        } else {
            first_of_pair.insert(key, p0);
        }
        llrs.push(if pairs {
            sprt.llr_pentanomial(&penta)
        } else {
            sprt.llr_trinomial(&wdl)
        });
    }
    llrs
}

/// Plays an SPRT match of `a` against `b` one game at a time (so the games are counted
/// in the order they were played) and checks that it stopped at the first game whose
/// LLR crossed a bound, with that bound's decision; returns the standings.
fn sprt_match(a: EngineConfig, b: EngineConfig, sprt: Sprt, pairs: bool) -> Standings {
    let mut cfg = config(vec![a, b], 400, None);
    cfg.repeat = pairs;
    cfg.concurrency = 1;
    cfg.sprt = Some(sprt);
    let (st, out) = play_event(&cfg);
    let decision = st
        .sprt_decision
        .unwrap_or_else(|| panic!("undecided\n{out}"));
    let llrs = llr_by_game(&st, &sprt, pairs);
    assert_eq!(llrs.len(), st.games.len());
    let first = llrs
        .iter()
        .position(|&l| sprt.decide(l) != SprtDecision::Continue)
        .unwrap_or_else(|| panic!("no LLR crossed a bound: {llrs:?}\n{out}"));
    assert_eq!(first + 1, st.games.len(), "stopped late: {llrs:?}\n{out}");
    assert_eq!(sprt.decide(llrs[first]), decision, "{out}");
    let name = if decision == SprtDecision::H1 {
        "H1"
    } else {
        "H0"
    };
    assert!(out.contains(&format!("SPRT: {name} was accepted")), "{out}");
    st
}

#[test]
fn sprt_stops_the_match_at_the_first_crossing() {
    // B resigns whenever it has Black: A scores at least 50%, far above elo1 = -200.
    let sprt = Sprt {
        elo0: -400.0,
        elo1: -200.0,
        alpha: 0.05,
        beta: 0.10,
    };
    let a = fake("A", &["random"], Protocol::Ucci);
    let b = fake("B", &["resignblack", "1"], Protocol::Ucci);
    let st = sprt_match(a, b, sprt, false);
    assert_eq!(st.sprt_decision, Some(SprtDecision::H1));
    // The same match against a hypothesis far above it: H0.
    let sprt = Sprt {
        elo0: 400.0,
        elo1: 600.0,
        ..sprt
    };
    let a = fake("A", &["random"], Protocol::Ucci);
    let b = fake("B", &["resignblack", "1"], Protocol::Ucci);
    let st = sprt_match(a, b, sprt, false);
    assert_eq!(st.sprt_decision, Some(SprtDecision::H0));
}

#[test]
fn sprt_decides_a_match_of_identical_results() {
    // The resigner loses every game, so every game (and pair) has the same result and
    // the score's variance is 0. SPRT(0, 50), alpha 0.05, beta 0.10: with each unseen
    // outcome counted as half a game, the formula first crosses a bound after 7 won
    // games (H1), 6 lost games (H0), or 8 won pairs; worked out apart from the code.
    let sprt = Sprt {
        elo0: 0.0,
        elo1: 50.0,
        alpha: 0.05,
        beta: 0.10,
    };
    let winner = || fake("Winner", &["random"], Protocol::Ucci);
    let resigner = || fake("Resigner", &["resign", "0"], Protocol::Uci);
    let st = sprt_match(winner(), resigner(), sprt, false);
    assert_eq!(st.sprt_decision, Some(SprtDecision::H1));
    assert_eq!(st.games.len(), 7);
    assert_eq!(st.wdl[0][1].wins, 7);
    let st = sprt_match(resigner(), winner(), sprt, false);
    assert_eq!(st.sprt_decision, Some(SprtDecision::H0));
    assert_eq!(st.games.len(), 6);
    assert_eq!(st.wdl[0][1].losses, 6);
    // Pentanomial: game pairs with colours swapped.
    let st = sprt_match(winner(), resigner(), sprt, true);
    assert_eq!(st.sprt_decision, Some(SprtDecision::H1));
    assert_eq!(st.games.len(), 16);
    assert_eq!(st.pairs.0, [0, 0, 0, 0, 8]);
}

#[test]
fn fixed_depth_and_byoyomi_games() {
    // Each fake engine logs the `go` lines it is sent.
    let log_a = temp("go-a.log");
    let log_b = temp("go-b.log");
    let mut a = fake(
        "A",
        &["random", "0", "--log", log_a.to_str().unwrap()],
        Protocol::Uci,
    );
    a.limits.tc = TimeControl::Infinite;
    a.limits.depth = Some(3);
    let mut b = fake(
        "B",
        &["random", "0", "--log", log_b.to_str().unwrap()],
        Protocol::Ucci,
    );
    b.limits.tc = TimeControl::parse_byoyomi("1/0.5/0.5").unwrap();
    let mut cfg = config(vec![a, b], 2, None);
    cfg.settings.rules.move_limit = 30;
    cfg.concurrency = 1;
    let (st, out) = play_event(&cfg);
    assert_eq!(st.games.len(), 2, "{out}");
    let mut plies = 0;
    for (_, rec) in &st.games {
        assert!(
            !rec.reason.contains("time") && !rec.reason.contains("hang"),
            "{}",
            rec.reason
        );
        plies += rec.moves.len();
    }
    // A was told the depth and nothing else, on every move.
    let a_lines = std::fs::read_to_string(&log_a).unwrap();
    let a_lines: Vec<&str> = a_lines.lines().collect();
    assert!(!a_lines.is_empty());
    assert!(a_lines.iter().all(|l| *l == "go depth 3"), "{a_lines:?}");
    // B was told its byo-yomi clock: game time 1 s with the 0.5 s byo-yomi as the
    // increment while game time lasts (at most the 1000 ms it started with), then
    // 0.5 s for one move.
    let b_lines = std::fs::read_to_string(&log_b).unwrap();
    let b_lines: Vec<&str> = b_lines.lines().collect();
    assert_eq!(a_lines.len() + b_lines.len(), plies, "one go a move");
    for l in &b_lines {
        let w: Vec<&str> = l.split_whitespace().collect();
        assert_eq!(w[..2], ["go", "time"], "{l}");
        let t: u64 = w[2].parse().unwrap();
        let rest = w[3..5].join(" ");
        assert!(
            (rest == "increment 500" && (1..=1000).contains(&t))
                || (rest == "movestogo 1" && t == 500),
            "{l}"
        );
    }
    assert_eq!(
        b_lines[0].split_whitespace().nth(2),
        Some("1000"),
        "{b_lines:?}"
    );
}

#[test]
fn command_line() {
    let help = Command::new(TOURNEY).arg("-help").output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    for flag in [
        "-engine",
        "-each",
        "-games",
        "-rounds",
        "-repeat",
        "-openings",
        "-concurrency",
        "-pgnout",
        "-sprt",
        "-draw",
        "-resign",
        "-tournament",
        "-ratinginterval",
        "-maxmoves",
        "-naturallimit",
        "byoyomi=",
        "st=",
        "depth=",
        "nodes=",
        "timemargin=",
        "proto=",
        "coords=",
        "option.",
    ] {
        assert!(help.contains(flag), "-help lacks {flag}");
    }
    let pgn = temp("cli.pgn");
    let out = Command::new(TOURNEY)
        .args([
            "-engine",
            "name=X",
            &format!("cmd={}", fake_engine()),
            "-engine",
            "name=Y",
            &format!("cmd={}", fake_engine()),
        ])
        .args([
            "proto=uci",
            "-each",
            "tc=5+0.1",
            "option.Hash=16",
            "-games",
            "4",
            "-repeat",
        ])
        .args([
            "-openings",
            &format!(
                "file={}/../openings/default.epd",
                env!("CARGO_MANIFEST_DIR")
            ),
        ])
        .args([
            "order=random",
            "-srand",
            "7",
            "-concurrency",
            "2",
            "-ratinginterval",
            "2",
        ])
        .args([
            "-pgnout",
            pgn.to_str().unwrap(),
            "-draw",
            "movenumber=20",
            "movecount=3",
            "score=5",
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("Score of X vs Y: "), "{stdout}");
    assert!(stdout.contains("Tournament finished"), "{stdout}");
    let games = read_pgn(&pgn);
    assert_eq!(games.len(), 4);
    // The fake engines always report score 0, so from move 20 on (the scores have been
    // within 5 for 3 moves long before) the draw adjudication ends every game that
    // the rules have not ended first: at ply 39, Red's 20th move.
    let mut adjudicated = 0;
    for g in &games {
        check_game(g);
        let r = &g.tags["Termination"];
        if r.contains("adjudication") {
            assert!(r.contains("both scores within 5 for 3 moves"), "{r}");
            assert_eq!(g.tags["Result"], "1/2-1/2", "{r}");
            assert_eq!(g.moves.len(), 39, "{r}");
            adjudicated += 1;
        } else {
            assert!(g.moves.len() < 39, "{r}: {} plies", g.moves.len());
        }
    }
    assert!(adjudicated > 0, "no game was adjudicated");
    let bad = Command::new(TOURNEY)
        .args(["-engine", "cmd=x", "-bogus"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8(bad.stderr)
        .unwrap()
        .contains("unknown flag"));
}

#[test]
fn chinese_pgn() {
    let pgn = temp("chinese.pgn");
    let a = fake("A", &["random"], Protocol::Ucci);
    let b = fake("B", &["random"], Protocol::Ucci);
    let mut cfg = config(vec![a, b], 1, None);
    cfg.pgn_out = Some((pgn.to_string_lossy().to_string(), MoveText::Chinese));
    cfg.settings.rules.move_limit = 10;
    run(&cfg, &mut Vec::new());
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.contains("[Format \"Chinese\"]"), "{text}");
    // Every move reads back with the notation module and is legal.
    let body: String = text
        .lines()
        .filter(|l| !l.starts_with('['))
        .collect::<Vec<_>>()
        .join(" ");
    let mut clean = String::new();
    let mut depth = 0;
    for c in body.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth == 0 => clean.push(c),
            _ => {}
        }
    }
    let mut pos = Position::startpos();
    let mut n = 0;
    for t in clean.split_whitespace() {
        if t.ends_with('.') || t.contains('/') || t.contains('-') {
            continue;
        }
        let mv = chariot::notation::from_chinese(&pos, t).unwrap_or_else(|e| panic!("{t}: {e}"));
        pos.play(mv);
        n += 1;
    }
    assert_eq!(n, 20, "{text}");
}

#[test]
fn schedules() {
    let e = |n: &str| fake(n, &[], Protocol::Ucci);
    let openings = parse_openings(
        include_str!("../../openings/default.epd"),
        OpeningFormat::Epd,
    )
    .unwrap();
    let mut cfg = config(vec![e("A"), e("B"), e("C"), e("D")], 2, None);
    cfg.openings = openings[..3].to_vec();
    cfg.rounds = 2;
    let jobs = tourney::event::schedule(&cfg);
    assert_eq!(
        jobs.len(),
        6 * 2 * 2,
        "round robin: 6 encounters x 2 games x 2 rounds"
    );
    for pair in jobs.chunks(2) {
        assert_eq!((pair[0].red, pair[0].black), (pair[1].black, pair[1].red));
        assert_eq!(pair[0].opening, pair[1].opening);
        assert_eq!(pair[1].pair_of, Some(pair[0].number));
    }
    // Openings cycle: pair k uses opening k mod 3.
    assert_eq!(jobs[6].opening, openings[0]);
    cfg.format = TournamentFormat::Gauntlet;
    cfg.rounds = 1;
    let jobs = tourney::event::schedule(&cfg);
    assert_eq!(jobs.len(), 3 * 2);
    assert!(jobs.iter().all(|j| j.red == 0 || j.black == 0));
    cfg.repeat = false;
    let jobs = tourney::event::schedule(&cfg);
    assert_ne!(jobs[0].opening, jobs[1].opening);
}

/// The perpetual-check position: the Red rook can check the lone Black king forever.
const PERPETUAL_FEN: &str = "3k5/9/9/9/9/9/9/9/4A4/R2AK4 w - - 0 1";

#[test]
fn banmoves_stop_a_perpetual_check() {
    // Both fake engines play the first checking move they may; Red's checks repeat.
    let opening = tourney::openings::Opening {
        fen: PERPETUAL_FEN.to_string(),
        moves: Vec::new(),
    };
    let play = |banmoves: Option<bool>| {
        let mut a = fake("A", &["checks"], Protocol::Ucci);
        let mut b = fake("B", &["checks"], Protocol::Ucci);
        a.banmoves = banmoves;
        b.banmoves = banmoves;
        let mut cfg = config(vec![a, b], 1, None);
        cfg.openings = vec![opening.clone()];
        cfg.settings.rules.move_limit = 40;
        let st = run(&cfg, &mut Vec::new());
        st.games[0].1.clone()
    };
    // Without banmoves Red repeats its check and loses by perpetual check (a foul).
    let rec = play(Some(false));
    assert_eq!(rec.outcome, Outcome::BlackWins, "{}", rec.reason);
    assert!(rec.reason.contains("perpetually"), "{}", rec.reason);
    assert!(rec.foul);
    // With banmoves (the UCCI default) Red is told the move that would complete the
    // repetition, plays another, and does not lose by perpetual check.
    let rec = play(None);
    assert!(!rec.reason.contains("perpetually"), "{}", rec.reason);
    assert_ne!(rec.outcome, Outcome::BlackWins, "{}", rec.reason);
    // UCI engines are never sent banmoves (the fake engine would otherwise avoid it).
    let mut a = fake("A", &["checks"], Protocol::Uci);
    a.banmoves = Some(true);
    assert!(!a.sends_banmoves());
}

#[test]
fn draw_offers_and_agreement() {
    let pgn = temp("draws.pgn");
    // Both offer from their third move on: the first offer answered by an offer ends
    // the game.
    let a = fake("A", &["draw", "2"], Protocol::Ucci);
    let b = fake("B", &["draw", "2"], Protocol::Uci);
    let mut cfg = config(vec![a, b], 2, Some(&pgn));
    let st = run(&cfg, &mut Vec::new());
    assert_eq!(st.games.len(), 2);
    for (_, rec) in &st.games {
        assert_eq!(rec.outcome, Outcome::Draw, "{}", rec.reason);
        assert!(rec.reason.contains("draw by agreement"), "{}", rec.reason);
        // Red offers with its 3rd move, Black answers with its 3rd: 6 plies.
        assert_eq!(rec.moves.len(), 6, "{}", rec.reason);
        assert!(!rec.foul);
    }
    let games = read_pgn(&pgn);
    assert_eq!(games.len(), 2);
    for g in &games {
        check_game(g);
        assert_eq!(g.tags["Result"], "1/2-1/2");
    }
    // A UCCI engine is told of the offer (`go draw`) and accepts it.
    let a = fake("Offer", &["draw", "0"], Protocol::Ucci);
    let b = fake("Accept", &["acceptdraw"], Protocol::Ucci);
    cfg = config(vec![a, b], 1, None);
    let st = run(&cfg, &mut Vec::new());
    let rec = &st.games[0].1;
    assert!(
        rec.reason.contains("Red offered, Black accepted"),
        "{}",
        rec.reason
    );
    assert_eq!(rec.moves.len(), 2);
    // An offer nobody takes up lapses: the game goes on to the move limit.
    let a = fake("Offer", &["draw", "0"], Protocol::Ucci);
    let b = fake("Random", &["random"], Protocol::Ucci);
    cfg = config(vec![a, b], 1, None);
    cfg.settings.rules.move_limit = 10;
    let st = run(&cfg, &mut Vec::new());
    let rec = &st.games[0].1;
    assert!(!rec.reason.contains("agreement"), "{}", rec.reason);
}

#[test]
fn resignation_and_resign_adjudication() {
    let pgn = temp("resign.pgn");
    // `bestmove m resign` on the 4th move: the resigner loses, the move is not played.
    let a = fake("A", &["random"], Protocol::Ucci);
    let b = fake("Quitter", &["resign", "3"], Protocol::Ucci);
    let cfg = config(vec![a, b], 2, Some(&pgn));
    let st = run(&cfg, &mut Vec::new());
    assert_eq!(st.games.len(), 2);
    for (job, rec) in &st.games {
        let quitter = if cfg.engines[job.red].name == "Quitter" {
            chariot::board::Color::Red
        } else {
            chariot::board::Color::Black
        };
        assert_eq!(rec.outcome, Outcome::loss_for(quitter), "{}", rec.reason);
        assert!(rec.reason.contains("Quitter) resigns"), "{}", rec.reason);
        assert!(!rec.foul, "resigning is no foul");
        // Three moves each before the resignation (plus Red's 4th when Black resigns).
        let want = if quitter == chariot::board::Color::Red {
            6
        } else {
            7
        };
        assert_eq!(rec.moves.len(), want, "{}", rec.reason);
    }
    let games = read_pgn(&pgn);
    assert_eq!(games.len(), 2);
    for g in &games {
        check_game(g);
        assert!(g.tags["Termination"].contains("resigns"));
    }
    // Adjudication: Loser reports -500 on every move; after 3 of its moves at or below
    // -400 it loses. Two-sided: the opponent must report at least +400 as well.
    let adjudicate = |winner_score: &str, two_sided: bool| {
        let a = fake(
            "Winner",
            &["random", "0", "--score", winner_score],
            Protocol::Ucci,
        );
        let b = fake("Loser", &["random", "0", "--score", "-500"], Protocol::Uci);
        let mut cfg = config(vec![a, b], 2, None);
        cfg.settings.rules.move_limit = 30;
        cfg.settings.resign = Some(tourney::game::ResignAdjudication {
            move_count: 3,
            score: 400,
            two_sided,
        });
        run(&cfg, &mut Vec::new())
    };
    let st = adjudicate("0", false);
    assert_eq!(st.games.len(), 2);
    for (job, rec) in &st.games {
        let loser_red = cfg_name(&st, job.red) == "Loser";
        assert_eq!(
            rec.outcome,
            Outcome::win_for(if loser_red {
                chariot::board::Color::Black
            } else {
                chariot::board::Color::Red
            })
        );
        assert!(rec.reason.contains("adjudication"), "{}", rec.reason);
        assert!(rec.reason.contains("Loser"), "{}", rec.reason);
        // The loser's third move ends the game.
        let want = if loser_red { 5 } else { 6 };
        assert_eq!(rec.moves.len(), want, "{}", rec.reason);
    }
    assert_eq!(st.total(0).wins, 2);
    // Two-sided with an opponent that does not agree (score 0): no adjudication.
    let st = adjudicate("0", true);
    assert_eq!(st.games.len(), 2);
    for (_, rec) in &st.games {
        assert!(!rec.reason.contains("adjudication"), "{}", rec.reason);
    }
    // Two-sided with an opponent that agrees (+500): adjudicated.
    let st = adjudicate("500", true);
    assert_eq!(st.games.len(), 2);
    for (_, rec) in &st.games {
        assert!(rec.reason.contains("adjudication"), "{}", rec.reason);
        assert!(rec.reason.contains("Loser"), "{}", rec.reason);
    }
}

fn cfg_name(st: &Standings, i: usize) -> &str {
    &st.names[i]
}

#[test]
fn documents_scoring_and_ratings_on_the_command_line() {
    // Chinese-notation PGN openings, 2-1-0 scoring and the association's ratings.
    let openings = temp("chinese-openings.pgn");
    std::fs::write(
        &openings,
        "[Game \"Chinese Chess\"]\n\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ *\n\n\
         [Game \"Chinese Chess\"]\n\n1. 相三进五 卒７进１ *\n",
    )
    .unwrap();
    let pgn = temp("cxa.pgn");
    let out = Command::new(TOURNEY)
        .args([
            "-engine",
            "name=Good",
            &format!("cmd={}", fake_engine()),
            "rating=2400",
        ])
        .args([
            "-engine",
            "name=Crash",
            &format!("cmd={}", fake_engine()),
            "arg=crash",
            "arg=2",
        ])
        .args([
            "-engine",
            "name=Quit",
            &format!("cmd={}", fake_engine()),
            "arg=resign",
            "arg=1",
        ])
        .args(["rating=2300", "ratedgames=5"])
        .args([
            "-each", "tc=5+0.1", "-games", "2", "-repeat", "-scoring", "2",
        ])
        .args([
            "-rating",
            "cxa",
            "-ratinginterval",
            "0",
            "-concurrency",
            "2",
        ])
        .args([
            "-openings",
            &format!("file={}", openings.display()),
            "format=pgn",
        ])
        .args(["-pgnout", pgn.to_str().unwrap(), "chinese"])
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("Tournament finished"), "{stdout}");
    // Good wins all 4 games (8 points in 2-1-0); Crash and Quit each lose both games to
    // Good and play each other: Crash loses by crashing (a foul) or Quit resigns.
    let table: Vec<&str> = stdout
        .lines()
        .skip_while(|l| !l.starts_with("Rank"))
        .collect();
    assert!(
        table[0].contains("Start") && table[0].contains("We"),
        "{stdout}"
    );
    let good: Vec<&str> = table[1].split_whitespace().collect();
    assert_eq!(&good[..5], ["1", "Good", "8", "8", "4"], "{stdout}");
    // Good: 2400 vs two unrated... Crash scores 0 or 2 points; whatever the games
    // between Crash and Quit, Good's rating changes by K 15 × (4 - We).
    assert_eq!(good[5], "2400", "{stdout}");
    assert_eq!(good[6], "15", "{stdout}");
    // Quit has ratedgames=5: K 25.
    let quit = table.iter().find(|l| l.contains(" Quit ")).unwrap();
    assert!(quit.split_whitespace().nth(6) == Some("25"), "{stdout}");
    let games = read_pgn_chinese(&pgn);
    assert_eq!(games, 6, "{stdout}");
}

/// Counts the games of a Chinese-move-text PGN file, checking each with the notation
/// module's reader.
fn read_pgn_chinese(path: &PathBuf) -> usize {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains("[Format \"Chinese\"]"));
    assert!(
        text.contains("炮二平五") || text.contains("相三进五"),
        "{text}"
    );
    let games = chariot::notation::read_pgn(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    for g in &games {
        let r = g.tag("Result").unwrap();
        assert_eq!(g.result, r);
    }
    games.len()
}
