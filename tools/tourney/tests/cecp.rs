//! CECP (XBoard/WinBoard protocol 2) engines: Chariot speaking CECP against Chariot
//! speaking UCI on a short clock; a short match against MaxQi (Fairy-Max's xiangqi
//! engine) when `/usr/games/maxqi` is installed (Debian's `fairymax` package), skipped
//! with a note otherwise; and scripted CECP engines (small shell scripts) for what real
//! engines seldom do: a late `feature done=1` with a stray move before it, a thinking
//! line and an old-style `... M` move, `resign`, a false result claim (instead of a move
//! and after one), `Illegal move` for a legal move, no xiangqi among the variants, and
//! a start position set up by `setboard` or, without it, by `edit`.
//!
//! The Chariot games need the `chariot` binary next to `tourney` (see
//! `tests/common/mod.rs`).

use crate::common::{chariot_engine, fake_engine, play_event};

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use chariot::board::Outcome;
use tourney::clock::TimeControl;
use tourney::engine::{EngineConfig, Protocol};
use tourney::event::config::TournamentFormat;
use tourney::event::{Standings, TournamentConfig};
use tourney::game::{play_game, GameRecord, GameSettings};
use tourney::openings::{parse_openings, Opening, OpeningFormat};
use tourney::report::pgn::MoveText;
use tourney::report::rating::{RatingMethod, Scoring};

/// One match of real engines at a time: a timed match must not share two cores.
static ONE_MATCH: Mutex<()> = Mutex::new(());

/// Where MaxQi is installed by Debian's `fairymax` package.
const MAXQI: &str = "/usr/games/maxqi";

/// Overruns forgiven in the timed matches (a loaded two-core machine): only a hang or a
/// clock ignored by seconds loses on time.
const LOOSE_MARGIN_MS: u64 = 5_000;

/// This process's own folder under the system's temporary directory.
fn temp_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tourney-cecp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A fresh file named `name` in [`temp_dir`].
fn fresh(name: &str) -> PathBuf {
    let path = temp_dir().join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// The positions of the default opening file.
fn default_openings() -> Vec<Opening> {
    parse_openings(
        include_str!("../../openings/default.epd"),
        OpeningFormat::Epd,
    )
    .unwrap()
}

/// A match of `engines` on `openings`, each played twice with colours swapped, games
/// drawn after `move_limit` moves; its PGN goes to `pgn`.
fn timed_match(
    engines: Vec<EngineConfig>,
    openings: Vec<Opening>,
    move_limit: u16,
    pgn: &Path,
) -> (Standings, String) {
    let mut settings = GameSettings {
        hang_timeout_ms: 20_000,
        ..GameSettings::default()
    };
    settings.rules.move_limit = move_limit;
    let games = 2 * openings.len() as u32;
    let cfg = TournamentConfig {
        engines,
        format: TournamentFormat::RoundRobin,
        games,
        rounds: 1,
        repeat: true,
        openings,
        concurrency: 1,
        pgn_out: Some((pgn.to_string_lossy().to_string(), MoveText::Iccs)),
        sprt: None,
        rating_interval: 0,
        scoring: Scoring::One,
        rating: RatingMethod::Elo,
        settings,
        event: "cecp test".into(),
        site: "ci".into(),
        ..TournamentConfig::default()
    };
    let (st, out) = play_event(&cfg);
    assert_eq!(st.games.len(), games as usize, "{out}");
    (st, out)
}

/// Every game of `st` was played out by the rules: no foul but one the rules core
/// ruled (a forbidden repetition: MaxQi knows nothing of perpetual check), no forfeit,
/// crash, hang, refusal or false claim; and the PGN file `pgn` reads back, every move
/// legal in turn, as recorded.
fn check_games(st: &Standings, pgn: &Path, out: &str) {
    for (job, rec) in &st.games {
        assert!(
            !rec.foul || rec.end.is_some(),
            "game {}: {}\n{out}",
            job.number,
            rec.reason
        );
        for bad in [
            "illegal",
            "disconnects",
            "hangs",
            "time",
            "no move",
            "failed",
            "refuses",
            "claim",
        ] {
            assert!(
                !rec.reason.contains(bad),
                "game {}: {}\n{out}",
                job.number,
                rec.reason
            );
        }
        assert!(!rec.moves.is_empty(), "game {}: {}", job.number, rec.reason);
    }
    let text = std::fs::read_to_string(pgn).unwrap();
    let games = chariot::notation::read_pgn(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(games.len(), st.games.len());
    for g in &games {
        let round = g.tag("Round").unwrap();
        let (_, rec) = st
            .games
            .iter()
            .find(|(job, _)| job.tag == round)
            .expect("the game of the round");
        let outcome = match g.result.as_str() {
            "1-0" => Outcome::RedWins,
            "0-1" => Outcome::BlackWins,
            _ => Outcome::Draw,
        };
        assert_eq!(rec.outcome, outcome, "{}", rec.reason);
        let recorded: Vec<String> = rec.moves.iter().map(|m| m.mv.to_string()).collect();
        let read: Vec<String> = g.moves.iter().map(|m| m.to_string()).collect();
        assert!(read.ends_with(&recorded), "{read:?} vs {recorded:?}");
    }
}

/// The moves of `name`'s side in `rec`.
fn moves_of<'a>(rec: &'a GameRecord, name: &str) -> Vec<&'a tourney::game::PlayedMove> {
    let red_first = {
        let mut pos = chariot::board::Position::from_fen(&rec.start_fen).unwrap();
        for mv in &rec.opening_moves {
            pos.make_move(*mv);
        }
        pos.side_to_move() == chariot::board::Color::Red
    };
    let first = (rec.red == name) == red_first;
    rec.moves
        .iter()
        .enumerate()
        .filter(|(i, _)| (i % 2 == 0) == first)
        .map(|(_, m)| m)
        .collect()
}

#[test]
fn chariot_cecp_against_chariot_uci() {
    let _one = ONE_MATCH.lock().unwrap_or_else(|e| e.into_inner());
    let engine = |name: &str, cecp: bool| {
        let mut e = chariot_engine(name, Protocol::Uci);
        e.cecp = cecp;
        e.limits.tc = TimeControl::parse("0.5+0.05").unwrap();
        e.limits.margin_ms = LOOSE_MARGIN_MS;
        e
    };
    let openings = default_openings();
    let pgn = fresh("chariot-cecp.pgn");
    let (st, out) = timed_match(
        vec![engine("Chariot-CECP", true), engine("Chariot-UCI", false)],
        // One opening with Red to move, one with Black to move (setboard), and the
        // start position.
        vec![
            openings[7].clone(),
            openings[40].clone(),
            Opening::startpos(),
        ],
        40,
        &pgn,
    );
    check_games(&st, &pgn, &out);
    for (job, rec) in &st.games {
        assert!(rec.moves.len() >= 10, "game {}: {}", job.number, rec.reason);
        // The thinking output reached the record: depths and scores, as from UCI.
        let cecp = moves_of(rec, "Chariot-CECP");
        let reported = cecp
            .iter()
            .filter(|m| m.depth.is_some() && m.score.is_some())
            .count();
        assert!(
            reported * 10 >= cecp.len() * 9,
            "game {}: {reported} of {} moves with a depth and score",
            job.number,
            cecp.len()
        );
    }
    assert!(
        out.contains("Score of Chariot-CECP vs Chariot-UCI"),
        "{out}"
    );
}

#[test]
fn chariot_against_maxqi() {
    if !Path::new(MAXQI).is_file() {
        println!("note: {MAXQI} is absent (Debian package fairymax): MaxQi match skipped");
        return;
    }
    let _one = ONE_MATCH.lock().unwrap_or_else(|e| e.into_inner());
    let mut chariot = chariot_engine("Chariot", Protocol::Uci);
    let mut maxqi = EngineConfig::cecp("MaxQi", MAXQI);
    for e in [&mut chariot, &mut maxqi] {
        e.limits.tc = TimeControl::parse("1+0.05").unwrap();
        e.limits.margin_ms = LOOSE_MARGIN_MS;
    }
    let openings = default_openings();
    let pgn = fresh("maxqi.pgn");
    // MaxQi has no `setboard`: the opening with Black to move is set up in edit mode.
    let (st, out) = timed_match(
        vec![chariot, maxqi],
        vec![openings[40].clone(), Opening::startpos()],
        60,
        &pgn,
    );
    println!("{out}");
    check_games(&st, &pgn, &out);
    for (job, rec) in &st.games {
        let maxqi = moves_of(rec, "MaxQi");
        assert!(
            maxqi.iter().any(|m| m.depth.is_some()),
            "game {}: MaxQi's thinking output was read",
            job.number
        );
    }
}

/// A scripted CECP engine: it logs every line it reads to `LOG` and plays the moves
/// of `MOVES` in turn (answering `go`, or a move while it plays a side), each after a
/// thinking line `N 25 10 1234<TAB>M`; `MODE` makes it misbehave.
const SCRIPT: &str = r#"#!/bin/sh
log=$1; mode=$2; moves=$3
n=0; playing=0; last=
answer() {
  n=$((n+1))
  mv=$(echo "$moves" | cut -d' ' -f$n)
  case $mode in
    resign) echo resign; return;;
    claim) echo '1/2-1/2 {Draw by repetition}'; return;;
    reject) echo "Illegal move: $last"; return;;
  esac
  printf '%s 25 10 1234\t%s\n' "$n" "$mv"
  if [ "$mode" = oldstyle ]; then echo "$n. ... $mv"; else echo "move $mv"; fi
  if [ "$mode" = trail ]; then echo '1-0 {White mates}'; fi
}
while IFS= read -r line; do
  echo "$line" >> "$log"
  case $line in
    protover*)
      case $mode in
        latedone)
          echo 'feature done=0'
          echo 'move a9a8'
          sleep 1
          echo 'feature myname="Fake" variants="xiangqi" usermove=1 ping=1 setboard=1 done=1';;
        chess) echo 'feature variants="normal,shogi" done=1';;
        nosetboard) echo 'feature myname="Fake" variants="xiangqi" ping=1 done=1';;
        *) echo 'feature myname="Fake" variants="normal,xiangqi" usermove=1 ping=1 setboard=1 done=1';;
      esac;;
    ping*) echo "pong ${line#ping }";;
    force) playing=0;;
    go) playing=1; answer;;
    usermove*) last=${line#usermove }; if [ $playing = 1 ]; then answer; fi;;
    [a-i][0-9][a-i][0-9]) last=$line; if [ $playing = 1 ]; then answer; fi;;
    quit) exit 0;;
  esac
done
"#;

/// The scripted engine in `mode` playing `moves`, with its log file (each its own).
fn scripted(mode: &str, moves: &str) -> (EngineConfig, PathBuf) {
    static SCRIPTS: AtomicUsize = AtomicUsize::new(0);
    let n = SCRIPTS.fetch_add(1, Ordering::Relaxed);
    let script = temp_dir().join(format!("fake-cecp-{n}.sh"));
    std::fs::write(&script, SCRIPT).unwrap();
    let log = fresh(&format!("fake-cecp-{n}-{mode}.log"));
    let mut e = EngineConfig::cecp("Fake", "/bin/sh");
    e.args = vec![
        script.to_string_lossy().into_owned(),
        log.to_string_lossy().into_owned(),
        mode.to_string(),
        moves.to_string(),
    ];
    e.limits.tc = TimeControl::parse("10").unwrap();
    (e, log)
}

/// The test engine playing the first legal move in ICCS order (from the start: `a0a1`,
/// then `a1a0`), speaking UCCI.
fn first_mover() -> EngineConfig {
    let mut e = EngineConfig::new("First", fake_engine(), Protocol::Ucci);
    e.args = vec!["first".into()];
    e.limits.tc = TimeControl::parse("10").unwrap();
    e
}

/// A game of the first mover (Red) against the scripted engine (Black) from `opening`,
/// drawn after `move_limit` moves; the record and the script's log.
fn scripted_game(
    mode: &str,
    moves: &str,
    opening: &Opening,
    move_limit: u16,
) -> (GameRecord, Vec<String>) {
    let (black, log) = scripted(mode, moves);
    let mut settings = GameSettings::default();
    settings.rules.move_limit = move_limit;
    let rec = play_game(&first_mover(), &black, opening, &settings);
    // The script writes its log as it reads; it has read `quit` or been stopped.
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    (rec, text.lines().map(str::to_string).collect())
}

#[test]
#[cfg(unix)]
fn a_scripted_engine_plays_by_the_protocol() {
    let (rec, log) = scripted_game("normal", "a9a8 a8a9", &Opening::startpos(), 2);
    assert_eq!(rec.outcome, Outcome::Draw, "{}", rec.reason);
    assert!(rec.reason.contains("move limit"), "{}", rec.reason);
    let played: Vec<String> = rec.moves.iter().map(|m| m.mv.to_string()).collect();
    assert_eq!(played, ["a0a1", "a9a8", "a1a0", "a8a9"]);
    // The thinking line went into the record of the engine's moves.
    assert_eq!(
        (rec.moves[1].depth, rec.moves[1].score),
        (Some(1), Some(25))
    );
    assert_eq!(
        (rec.moves[3].depth, rec.moves[3].score),
        (Some(2), Some(25))
    );
    let at = |line: &str| {
        log.iter()
            .position(|l| l == line)
            .unwrap_or_else(|| panic!("no '{line}' in {log:#?}"))
    };
    assert_eq!(&log[..3], ["xboard", "protover 2", "accepted myname"]);
    assert!(log.contains(&"accepted variants".to_string()));
    // The game, then the first move entered in force mode and `go`; the second move
    // starts the engine's search on its own, after the clocks.
    let order = [
        "new",
        "variant xiangqi",
        "force",
        "post",
        "easy",
        "level 0 0:10 0",
        "ping 2",
        "usermove a0a1",
        "go",
        "usermove a1a0",
        "quit",
    ];
    let places: Vec<usize> = order.iter().map(|l| at(l)).collect();
    assert!(
        log[at("quit") - 1].starts_with("result 1/2-1/2 {"),
        "{log:#?}"
    );
    assert!(places.windows(2).all(|w| w[0] < w[1]), "{log:#?}");
    assert!(log[at("go") - 2].starts_with("time "), "{log:#?}");
    assert!(log[at("go") - 1].starts_with("otim "), "{log:#?}");
    assert!(
        log[at("usermove a1a0") - 1].starts_with("otim "),
        "{log:#?}"
    );
    assert_eq!(log.iter().filter(|l| *l == "go").count(), 1, "{log:#?}");
}

#[test]
#[cfg(unix)]
fn late_features_and_old_style_moves() {
    // `done=0` asks for time; a move before `done=1` is not an answer.
    let (rec, log) = scripted_game("latedone", "a9a8", &Opening::startpos(), 1);
    assert!(rec.reason.contains("move limit"), "{}", rec.reason);
    assert_eq!(rec.moves[1].mv.to_string(), "a9a8");
    assert!(log.contains(&"accepted done".to_string()));
    let (rec, _) = scripted_game("oldstyle", "a9a8", &Opening::startpos(), 1);
    assert!(rec.reason.contains("move limit"), "{}", rec.reason);
    assert_eq!(rec.moves[1].mv.to_string(), "a9a8");
}

#[test]
#[cfg(unix)]
fn resignations_claims_and_refusals() {
    let start = Opening::startpos();
    let (rec, _) = scripted_game("resign", "", &start, 0);
    assert_eq!(rec.outcome, Outcome::RedWins);
    assert_eq!(rec.reason, "Black (Fake) resigns");
    assert!(!rec.foul);
    // A draw claimed in a position seen once: false, a foul.
    let (rec, _) = scripted_game("claim", "", &start, 0);
    assert_eq!(rec.outcome, Outcome::RedWins);
    assert!(rec.foul);
    assert!(rec.reason.contains("false claim"), "{}", rec.reason);
    assert!(rec.reason.contains("Draw by repetition"), "{}", rec.reason);
    // A win claimed after a move that wins nothing: the move stands, the claim is false
    // (judged as soon as it is read: at once, or when the engine is next to move).
    let (rec, _) = scripted_game("trail", "a9a8 a8a9", &start, 0);
    assert_eq!(rec.outcome, Outcome::RedWins, "{}", rec.reason);
    assert!(rec.foul);
    assert!(rec.reason.contains("false claim"), "{}", rec.reason);
    assert!(matches!(rec.moves.len(), 2 | 3), "{:?}", rec.moves);
    // `Illegal move` for a legal move: the engine is out of step with the rules.
    let (rec, _) = scripted_game("reject", "", &start, 0);
    assert_eq!(rec.outcome, Outcome::RedWins);
    assert!(rec.foul);
    assert!(
        rec.reason.contains("refuses a legal move") && rec.reason.contains("a0a1"),
        "{}",
        rec.reason
    );
    // No xiangqi among its variants: it cannot start.
    let (rec, _) = scripted_game("chess", "", &start, 0);
    assert_eq!(rec.outcome, Outcome::RedWins);
    assert!(
        rec.reason.contains("does not play xiangqi"),
        "{}",
        rec.reason
    );
}

#[test]
#[cfg(unix)]
fn start_positions_by_setboard_or_edit() {
    // Black to move: the scripted engine moves first.
    let opening = Opening {
        fen: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1".into(),
        moves: Vec::new(),
    };
    let (rec, log) = scripted_game("normal", "h9g7", &opening, 1);
    assert!(rec.reason.contains("move limit"), "{}", rec.reason);
    assert_eq!(rec.moves[0].mv.to_string(), "h9g7");
    assert!(
        log.contains(
            &"setboard rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RHEAKAEHR b - - 1 1"
                .to_string()
        ),
        "{log:#?}"
    );
    // Without setboard: moves that empty the a-file (MaxQi's `#` leaves it), one more
    // of Red's to give Black the move, then edit mode.
    let (rec, log) = scripted_game("nosetboard", "h9g7", &opening, 1);
    assert!(rec.reason.contains("move limit"), "{}", rec.reason);
    let edit = log.iter().position(|l| l == "edit").expect("edit mode");
    assert_eq!(log[edit - 15], "a0a1", "{log:#?}");
    assert_eq!(log[edit - 2], "a4b4", "{log:#?}");
    assert_eq!(log[edit - 1], "h0g2", "{log:#?}");
    assert_eq!(log[edit + 1], "#");
    let colour = log.iter().position(|l| l == "c").unwrap();
    let end = log.iter().position(|l| l == ".").unwrap();
    let red: Vec<&String> = log[edit + 2..colour].iter().collect();
    let black: Vec<&String> = log[colour + 1..end].iter().collect();
    assert_eq!((red.len(), black.len()), (16, 16));
    assert!(red.iter().any(|l| *l == "Ce2") && red.iter().any(|l| *l == "Hb0"));
    assert!(black.iter().any(|l| *l == "Ke9") && black.iter().any(|l| *l == "Eg9"));
    assert!(!log.iter().any(|l| l.starts_with("setboard")));
    // From the start position nothing is set up.
    let (_, log) = scripted_game("normal", "a9a8", &Opening::startpos(), 1);
    assert!(!log.iter().any(|l| l.starts_with("setboard") || l == "edit"));
}
