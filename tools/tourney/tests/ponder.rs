//! Pondering engines: games between fake engines (the `fake-engine` binary of this
//! package) that trace every line they receive and send, checked line by line against
//! the game record: `go ponder` after `bestmove … ponder …` with the clocks as they will
//! be, `ponderhit` when the expected move is played, `stop` and a fresh search when not,
//! a stopped search's answer never played, the clock charged from the opponent's move
//! only, a pondering engine stopped when the game ends, one that ignores `stop` losing;
//! and the `ponder` setting on the command line.

use std::path::{Path, PathBuf};
use std::process::Command;

use chariot::board::Color;
use chariot::board::Outcome;
use tourney::clock::TimeControl;
use tourney::engine::{EngineConfig, Protocol};
use tourney::game::{play_game, GameRecord, GameSettings};
use tourney::openings::Opening;

use crate::common::fake_engine;

const TOURNEY: &str = env!("CARGO_BIN_EXE_tourney");

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tourney-ponder-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    let _ = std::fs::remove_file(&p);
    p
}

/// A fake engine on clock `tc` with `args`; `trace` gets every line it receives and
/// sends.
fn fake(name: &str, args: &[&str], proto: Protocol, tc: &str, trace: &Path) -> EngineConfig {
    let mut e = EngineConfig::new(name, fake_engine(), proto);
    e.args = args.iter().map(|s| s.to_string()).collect();
    e.args.push("--trace".into());
    e.args.push(trace.to_string_lossy().to_string());
    e.limits.tc = TimeControl::parse(tc).unwrap();
    e.limits.margin_ms = 100;
    e.init_timeout_ms = 5_000;
    e
}

fn settings(move_limit: u16) -> GameSettings {
    let mut s = GameSettings {
        hang_timeout_ms: 5_000,
        ..GameSettings::default()
    };
    s.rules.move_limit = move_limit;
    s
}

/// What happened to one ponder search, read from the engine's trace.
#[derive(Debug, PartialEq, Eq)]
enum Ended {
    /// `ponderhit`.
    Hit,
    /// `stop`: its answer dropped.
    Stopped,
}

/// One `go ponder` of the trace.
#[derive(Debug)]
struct PonderSearch {
    /// How many answers the engine had given that count (its moves so far).
    after: usize,
    /// The reply it was set to ponder on (the last move of its `position` line).
    expected: String,
    /// The `go ponder` line.
    go: String,
    ended: Ended,
}

/// A pondering engine's trace: its answers that count (each a `bestmove` line's move and
/// ponder move), the `go` lines of those searches, its ponder searches, and the answers
/// it gave to `stop` (dropped).
#[derive(Debug, Default)]
struct Trace {
    answers: Vec<(String, Option<String>)>,
    /// The time each counted answer's search took, as the engine measured it (the
    /// `time` of its `info` line; from `go ponder` for a ponder search).
    searched_ms: Vec<u64>,
    gos: Vec<String>,
    ponders: Vec<PonderSearch>,
    dropped: Vec<String>,
    setoptions: Vec<String>,
}

/// Reads a trace, checking the order of the protocol: `go ponder` only while idle, then
/// exactly one of `ponderhit` (the search goes on and its answer counts) or `stop` (its
/// answer is dropped and `isready` follows before anything else); a plain `go` only
/// while idle; no answer while pondering.
fn read_trace(path: &Path) -> Trace {
    #[derive(PartialEq, Debug)]
    enum State {
        Idle,
        Searching,
        Pondering,
        Stopping,
        Barrier,
    }
    let text = std::fs::read_to_string(path).unwrap();
    let mut t = Trace::default();
    let mut state = State::Idle;
    let mut last_position = String::new();
    let mut ponder_go = String::new();
    for line in text.lines() {
        let (dir, body) = line.split_at(2);
        let words: Vec<&str> = body.split_whitespace().collect();
        let first = words.first().copied().unwrap_or("");
        match (dir, first) {
            ("< ", "position") => {
                assert_eq!(state, State::Idle, "{body}\n{text}");
                last_position = body.to_string();
            }
            ("< ", "setoption") => t.setoptions.push(body.to_string()),
            ("< ", "go") if words.get(1) == Some(&"ponder") => {
                assert_eq!(state, State::Idle, "{body}\n{text}");
                ponder_go = body.to_string();
                state = State::Pondering;
            }
            ("< ", "go") => {
                assert_eq!(state, State::Idle, "{body}\n{text}");
                t.gos.push(body.to_string());
                state = State::Searching;
            }
            ("< ", "ponderhit") => {
                assert_eq!(state, State::Pondering, "{text}");
                t.gos.push(ponder_go.clone());
                t.ponders.push(PonderSearch {
                    after: t.answers.len(),
                    expected: last_position.split_whitespace().last().unwrap().to_string(),
                    go: ponder_go.clone(),
                    ended: Ended::Hit,
                });
                state = State::Searching;
            }
            ("< ", "stop") => {
                assert_eq!(state, State::Pondering, "stop while not pondering\n{text}");
                t.ponders.push(PonderSearch {
                    after: t.answers.len(),
                    expected: last_position.split_whitespace().last().unwrap().to_string(),
                    go: ponder_go.clone(),
                    ended: Ended::Stopped,
                });
                state = State::Stopping;
            }
            ("< ", "isready") if state == State::Barrier => state = State::Idle,
            ("< ", "isready") => {}
            ("< ", _) => {
                assert!(
                    state != State::Barrier && state != State::Stopping,
                    "'{body}' before the stopped search was cleared\n{text}"
                );
            }
            ("> ", "info") if state == State::Searching => {
                if let Some(i) = words.iter().position(|w| *w == "time") {
                    t.searched_ms.push(words[i + 1].parse().unwrap());
                }
            }
            ("> ", "bestmove") => {
                let ponder = words
                    .iter()
                    .position(|w| *w == "ponder")
                    .map(|i| words[i + 1].to_string());
                match state {
                    State::Searching => {
                        t.answers.push((words[1].to_string(), ponder));
                        state = State::Idle;
                    }
                    State::Stopping => {
                        t.dropped.push(words[1].to_string());
                        state = State::Barrier;
                    }
                    _ => panic!("answer while {state:?}: {body}\n{text}"),
                }
            }
            _ => {}
        }
    }
    t
}

/// The value after `key` in a `go` line.
fn go_value(go: &str, key: &str) -> u64 {
    let w: Vec<&str> = go.split_whitespace().collect();
    let i = w
        .iter()
        .position(|x| *x == key)
        .unwrap_or_else(|| panic!("no {key} in '{go}'"));
    w[i + 1].parse().unwrap()
}

/// The mover's clock before each ply of `rec` (Red first; `tcs`: Red's and Black's
/// game time and increment, no periods): its start, less the time of its earlier
/// moves, plus the increment for each.
fn clocks_before(rec: &GameRecord, tcs: [(u64, u64); 2]) -> Vec<u64> {
    let mut left = [tcs[0].0, tcs[1].0];
    let mut before = Vec::new();
    for (i, m) in rec.moves.iter().enumerate() {
        before.push(left[i % 2]);
        left[i % 2] = left[i % 2] - m.time_ms + tcs[i % 2].1;
    }
    before
}

/// Checks the trace of `color`'s pondering engine against the game: its counted
/// answers are exactly its moves (no stopped search's answer was played); each ponder
/// search followed its answer with the ponder move it named, and ended in `ponderhit`
/// exactly when the opponent played that move; after a `stop` came a fresh search of
/// the game as it was, or the game's end. Returns (hits, misses).
fn check_ponderer(rec: &GameRecord, color: Color, t: &Trace) -> (usize, usize) {
    let own = if color == Color::Red { 0 } else { 1 };
    let mine: Vec<usize> = (own..rec.moves.len()).step_by(2).collect();
    let played: Vec<String> = mine.iter().map(|&i| rec.moves[i].mv.to_string()).collect();
    let answered: Vec<String> = t.answers.iter().map(|a| a.0.clone()).collect();
    assert_eq!(
        played, answered,
        "the engine's moves are its counted answers"
    );
    let (mut hits, mut misses) = (0, 0);
    for p in &t.ponders {
        // It ponders after its answer number `after`, on the reply that answer named.
        assert!(p.after >= 1, "{p:?}");
        let j = p.after - 1;
        assert_eq!(
            t.answers[j].1.as_deref(),
            Some(p.expected.as_str()),
            "{p:?}"
        );
        let reply = rec.moves.get(mine[j] + 1).map(|m| m.mv.to_string());
        let next = mine.get(j + 1).map(|&i| &rec.moves[i]);
        match (&p.ended, next) {
            (Ended::Hit, Some(m)) => {
                assert_eq!(reply.as_deref(), Some(p.expected.as_str()), "{p:?}");
                assert_eq!(m.ponder_hit, Some(true));
                hits += 1;
            }
            (Ended::Stopped, Some(m)) => {
                assert_ne!(reply.as_deref(), Some(p.expected.as_str()), "{p:?}");
                assert_eq!(m.ponder_hit, Some(false));
                misses += 1;
            }
            // The game ended while it pondered: the opponent's move (if any) ended it.
            (Ended::Stopped, None) => {}
            (Ended::Hit, None) => panic!("ponderhit without a move: {p:?}"),
        }
    }
    // Its moves that followed no ponder search say so.
    let pondered: Vec<usize> = t.ponders.iter().map(|p| p.after).collect();
    for (j, &i) in mine.iter().enumerate() {
        assert_eq!(
            rec.moves[i].ponder_hit.is_some(),
            pondered.contains(&j),
            "move {i}"
        );
    }
    (hits, misses)
}

/// The clocks in each of the engine's `go` lines (plain, and `go ponder` for a hit):
/// its own clock before its move, exactly; and the opponent's as it stood when the line
/// was sent (before its move, for `go ponder`; after it, for a plain `go`).
fn check_clocks(rec: &GameRecord, color: Color, t: &Trace, proto: Protocol, tcs: [(u64, u64); 2]) {
    let own = if color == Color::Red { 0 } else { 1 };
    let before = clocks_before(rec, tcs);
    let after = |i: usize| before[i] - rec.moves[i].time_ms + tcs[i % 2].1;
    let (own_key, opp_key) = match (proto, color) {
        (Protocol::Ucci, _) => ("time", "opptime"),
        (Protocol::Uci, Color::Red) => ("wtime", "btime"),
        (Protocol::Uci, Color::Black) => ("btime", "wtime"),
    };
    let mine: Vec<usize> = (own..rec.moves.len()).step_by(2).collect();
    // Every search of the position it moved in, whether plain or pondered (a stopped
    // one's `go ponder` has the same clocks as the plain `go` that follows).
    let mut ponder_gos = t.ponders.iter().map(|p| (p.after, &p.go)).peekable();
    assert_eq!(t.gos.len(), mine.len());
    for (j, (&i, go)) in mine.iter().zip(&t.gos).enumerate() {
        assert_eq!(go_value(go, own_key), before[i], "move {i}: {go}");
        if i == 0 {
            continue;
        }
        let opp = if go.starts_with("go ponder") {
            before[i - 1]
        } else {
            after(i - 1)
        };
        assert_eq!(go_value(go, opp_key), opp, "move {i}: {go}");
        if let Some((_, pgo)) = ponder_gos.next_if(|(after, _)| *after == j) {
            // A stopped ponder search had the clocks of this move too.
            assert_eq!(go_value(pgo, own_key), before[i], "{pgo}");
            assert_eq!(go_value(pgo, opp_key), before[i - 1], "{pgo}");
        }
    }
}

#[test]
fn ponderhit_on_the_expected_move_and_stop_otherwise() {
    // A UCI ponderer against an engine that plays the reply it expects (the first legal
    // move), and a UCCI ponderer against one that never does (the last): the protocol
    // order, the hits and misses against the moves, and the clocks, line by line.
    for (proto, opponent, want_hits) in [
        (Protocol::Uci, "first", true),
        (Protocol::Ucci, "last", false),
    ] {
        let trace = temp(&format!("hit-{opponent}.trace"));
        let other = temp(&format!("hit-{opponent}-other.trace"));
        let mut red = fake(
            "Ponderer",
            &["random", "--seed", "5", "--ponder", "first"],
            proto,
            "20+0.5",
            &trace,
        );
        red.ponder = true;
        let black = fake("Other", &[opponent], proto, "20+0.5", &other);
        let rec = play_game(&red, &black, &Opening::startpos(), &settings(15));
        assert!(!rec.foul, "{}", rec.reason);
        assert!(rec.moves.len() >= 20, "{}", rec.reason);
        let t = read_trace(&trace);
        let (hits, misses) = check_ponderer(&rec, Color::Red, &t);
        if want_hits {
            assert!(hits >= 5 && misses == 0, "{hits} hits, {misses} misses");
        } else {
            assert!(hits == 0 && misses >= 5, "{hits} hits, {misses} misses");
            // The dropped answers came back from `stop` and none was played (each
            // stopped search's answer names a move for a position never reached).
            assert!(t.dropped.len() >= misses);
        }
        check_clocks(&rec, Color::Red, &t, proto, [(20_000, 500); 2]);
        // It was told it ponders.
        let want = match proto {
            Protocol::Uci => "setoption name Ponder value true",
            Protocol::Ucci => "setoption ponder true",
        };
        assert!(t.setoptions.iter().any(|o| o == want), "{:?}", t.setoptions);
        // The opponent, not pondering, never heard of it.
        let other = std::fs::read_to_string(&other).unwrap();
        assert!(!other.contains("ponder"), "{other}");
    }
}

#[test]
fn both_engines_ponder_at_once() {
    // Both ponder: A (UCI, random moves) expects B's choice, the first legal reply, and
    // hits unless `banmoves` turned B away from it; B (UCCI) expects the last legal
    // reply of a random mover and mostly misses. Each trace agrees with the game.
    let (ta, tb) = (temp("both-a.trace"), temp("both-b.trace"));
    let mut a = fake(
        "A",
        &["random", "--seed", "11", "--ponder", "first"],
        Protocol::Uci,
        "20+0.5",
        &ta,
    );
    let mut b = fake(
        "B",
        &["first", "--ponder", "last"],
        Protocol::Ucci,
        "20+0.5",
        &tb,
    );
    a.ponder = true;
    b.ponder = true;
    let rec = play_game(&a, &b, &Opening::startpos(), &settings(20));
    assert!(!rec.foul, "{}", rec.reason);
    let (ta, tb) = (read_trace(&ta), read_trace(&tb));
    let (ha, ma) = check_ponderer(&rec, Color::Red, &ta);
    let (hb, mb) = check_ponderer(&rec, Color::Black, &tb);
    assert!(ha + ma >= 10 && hb + mb >= 10, "{ha} {ma} {hb} {mb}");
    check_clocks(&rec, Color::Red, &ta, Protocol::Uci, [(20_000, 500); 2]);
    check_clocks(&rec, Color::Black, &tb, Protocol::Ucci, [(20_000, 500); 2]);
}

/// The clock of the ponderer of [`free_pondering_game`], ms.
const FREE_CLOCK_MS: u64 = 5_000;

/// A game of 15 moves a side between a UCI ponderer on a [`FREE_CLOCK_MS`] clock that
/// searches `think` ms from `go` or `go ponder` and expects the reply its opponent
/// plays, and an opponent that takes 250 ms a move: the record and the ponderer's
/// trace, checked for the protocol, 14 ponder hits, no miss, the clocks of every `go`,
/// the opponent's time, and the ponderer's own measure of its searches (each at least
/// `think`).
fn free_pondering_game(think: u64) -> (GameRecord, Trace) {
    let trace = temp(&format!("free-{think}.trace"));
    let other = temp(&format!("free-{think}-other.trace"));
    let think_arg = think.to_string();
    let clock = format!("{}+0", FREE_CLOCK_MS / 1000);
    let mut red = fake(
        "Ponderer",
        &[
            "random", "--seed", "3", "--ponder", "first", "--think", &think_arg,
        ],
        Protocol::Uci,
        &clock,
        &trace,
    );
    red.ponder = true;
    let black = fake(
        "Slow",
        &["first", "--delay", "250"],
        Protocol::Uci,
        "60+0",
        &other,
    );
    let rec = play_game(&red, &black, &Opening::startpos(), &settings(15));
    assert!(!rec.foul, "{}", rec.reason);
    assert_eq!(rec.moves.len(), 30, "{}", rec.reason);
    let t = read_trace(&trace);
    let (hits, misses) = check_ponderer(&rec, Color::Red, &t);
    assert_eq!((hits, misses), (14, 0));
    for (i, m) in rec.moves.iter().enumerate().skip(1).step_by(2) {
        assert!(
            m.time_ms >= 250,
            "the opponent's move {i}: {} ms",
            m.time_ms
        );
    }
    assert_eq!(t.searched_ms.len(), 15, "{:?}", t.searched_ms);
    assert!(
        t.searched_ms.iter().all(|&ms| ms >= think),
        "think {think}: searches of {:?} ms",
        t.searched_ms
    );
    check_clocks(
        &rec,
        Color::Red,
        &t,
        Protocol::Uci,
        [(FREE_CLOCK_MS, 0), (60_000, 0)],
    );
    (rec, t)
}

#[test]
fn a_quick_answer_after_ponderhit_costs_nothing_and_pondering_is_free() {
    // The ponderer answers 20 ms after ponderhit in one game (its search is done), and
    // in the other it searches 400 ms from `go ponder`: on a hit only the part after the
    // opponent's move (about 150 ms) counts. Over 15 moves that second engine searches
    // 6 s, by its own measure, on a 5 s clock, and is charged less than the clock.
    // (How close each charge comes to the ideal is `latency_ponder_hit_charges`.)
    for think in [20u64, 400] {
        let (rec, t) = free_pondering_game(think);
        let thought: u64 = t.searched_ms.iter().sum();
        let charged: u64 = rec.moves.iter().step_by(2).map(|m| m.time_ms).sum();
        eprintln!("think {think}: searched {thought} ms, charged {charged} ms");
        assert!(charged < FREE_CLOCK_MS, "{charged} ms charged");
        if think == 400 {
            assert!(
                thought > FREE_CLOCK_MS,
                "searched {thought} ms, not more than the clock"
            );
        }
    }
}

/// Run with the machine quiet:
/// `cargo test --release -p tourney -p test-engines --test integration -- --ignored ponder::latency`.
/// The charge of each ponder hit of [`free_pondering_game`]: at most 150 ms when the
/// search was done before the opponent moved, and 60 to 300 ms (about 150) when it
/// ran 400 ms from `go ponder` and the opponent took 250 ms.
#[test]
#[ignore = "timing: run with the machine quiet"]
fn latency_ponder_hit_charges() {
    for (think, lo, hi) in [(20u64, 0u64, 150u64), (400, 60, 300)] {
        let (rec, _) = free_pondering_game(think);
        let charges: Vec<u64> = rec
            .moves
            .iter()
            .step_by(2)
            .filter(|m| m.ponder_hit == Some(true))
            .map(|m| m.time_ms)
            .collect();
        println!("think {think}: ponder hits charged {charges:?} ms (want {lo}..={hi})");
        assert!(
            charges.iter().all(|ms| (lo..=hi).contains(ms)),
            "think {think}: charged {charges:?} ms"
        );
    }
}

#[test]
fn an_engine_that_ignores_stop_loses() {
    // It expects the last legal reply; the opponent plays the first: the first ponder
    // search is stopped, and no answer comes within its clock.
    let trace = temp("deaf.trace");
    let other = temp("deaf-other.trace");
    let mut red = fake(
        "Deaf",
        &["first", "--ponder", "last", "--deaf-stop"],
        Protocol::Uci,
        "0.5+0",
        &trace,
    );
    red.ponder = true;
    let black = fake("Other", &["first"], Protocol::Uci, "10+0", &other);
    let rec = play_game(&red, &black, &Opening::startpos(), &settings(0));
    assert_eq!(rec.outcome, Outcome::BlackWins, "{}", rec.reason);
    assert!(rec.foul);
    // The clock left when stop was sent: its 600 ms, less what a loaded machine took
    // between the opponent's move and the stop.
    let waited: Option<u64> = rec
        .reason
        .split("no answer to stop within ")
        .nth(1)
        .and_then(|rest| rest.strip_suffix(" ms)"))
        .and_then(|ms| ms.parse().ok());
    assert!(
        rec.reason.starts_with("Red (Deaf) loses on time")
            && waited.is_some_and(|ms| (450..=600).contains(&ms)),
        "{}",
        rec.reason
    );
    assert_eq!(rec.moves.len(), 2);
}

#[test]
fn an_answer_before_ponderhit_is_dropped() {
    // A broken engine answers `go ponder` at once. By the time the opponent (100 ms a
    // move) has moved, that answer is waiting: it is dropped, and the engine is asked
    // with a plain `go` whether its expectation came true or not; it is never sent
    // `ponderhit` or `stop` (it is not searching), and it plays on without a foul.
    let trace = temp("eager.trace");
    let other = temp("eager-other.trace");
    let mut red = fake(
        "Eager",
        &["random", "--seed", "9", "--ponder", "first", "--eager"],
        Protocol::Uci,
        "10+0",
        &trace,
    );
    red.ponder = true;
    let black = fake(
        "Other",
        &["random", "--seed", "4", "--delay", "100"],
        Protocol::Uci,
        "10+0",
        &other,
    );
    let rec = play_game(&red, &black, &Opening::startpos(), &settings(8));
    assert!(!rec.foul, "{}", rec.reason);
    assert_eq!(rec.moves.len(), 16, "{}", rec.reason);
    let text = std::fs::read_to_string(&trace).unwrap();
    let count = |prefix: &str| text.lines().filter(|l| l.starts_with(prefix)).count();
    assert_eq!(count("< go ponder "), 7, "{text}");
    assert_eq!(count("< go wtime "), 8, "{text}");
    assert_eq!(count("< ponderhit") + count("< stop"), 0, "{text}");
    // Its moves are the answers to the plain searches.
    let mut plain = Vec::new();
    let mut lines = text.lines().peekable();
    while let Some(l) = lines.next() {
        if l.starts_with("< go wtime ") {
            let answer = lines.find(|l| l.starts_with("> bestmove ")).unwrap();
            plain.push(answer.split_whitespace().nth(2).unwrap().to_string());
        }
    }
    let played: Vec<String> = rec
        .moves
        .iter()
        .step_by(2)
        .map(|m| m.mv.to_string())
        .collect();
    assert_eq!(played, plain);
}

#[test]
fn the_game_ending_while_an_engine_ponders_stops_it() {
    // The opponent's third move is illegal: the game ends while Red ponders, and Red
    // is stopped, its answer read and dropped, before it is told to quit.
    let trace = temp("end.trace");
    let other = temp("end-other.trace");
    let mut red = fake(
        "Ponderer",
        &["first", "--ponder", "first"],
        Protocol::Ucci,
        "10+0",
        &trace,
    );
    red.ponder = true;
    let black = fake("Cheat", &["illegal", "2"], Protocol::Ucci, "10+0", &other);
    let rec = play_game(&red, &black, &Opening::startpos(), &settings(0));
    assert_eq!(rec.outcome, Outcome::RedWins, "{}", rec.reason);
    assert!(rec.reason.contains("illegal"), "{}", rec.reason);
    let t = read_trace(&trace);
    check_ponderer(&rec, Color::Red, &t);
    let last = t.ponders.last().unwrap();
    assert_eq!(last.ended, Ended::Stopped);
    let text = std::fs::read_to_string(&trace).unwrap();
    // (Without the `info` of the search, and the UCCI `bye` to `quit`.)
    let tail: Vec<&str> = text
        .lines()
        .rev()
        .filter(|l| *l != "> bye" && !l.starts_with("> info"))
        .take(5)
        .collect();
    assert_eq!(tail[0], "< quit", "{text}");
    assert_eq!(tail[1], "> readyok", "{text}");
    assert_eq!(tail[2], "< isready", "{text}");
    assert!(tail[3].starts_with("> bestmove "), "{text}");
    assert_eq!(tail[4], "< stop", "{text}");
}

#[test]
fn ponder_on_the_command_line() {
    // `-each ponder` (cutechess-cli's bare word) and `ponder=false` for one engine.
    let (ta, tb) = (temp("cli-a.trace"), temp("cli-b.trace"));
    let pgn = temp("cli.pgn");
    let engine = |name: &str, trace: &Path| {
        vec![
            "-engine".to_string(),
            format!("name={name}"),
            format!("cmd={}", fake_engine()),
            "arg=first".into(),
            "arg=--ponder".into(),
            "arg=first".into(),
            "arg=--trace".into(),
            format!("arg={}", trace.display()),
        ]
    };
    let mut args = engine("A", &ta);
    args.extend(engine("B", &tb));
    args.push("ponder=false".into());
    args.extend(
        [
            "-each",
            "proto=uci",
            "tc=10+0.1",
            "ponder",
            "-games",
            "2",
            "-maxmoves",
            "10",
            "-pgnout",
        ]
        .map(String::from),
    );
    args.push(pgn.to_string_lossy().to_string());
    let out = Command::new(TOURNEY).args(&args).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (a, b) = (
        std::fs::read_to_string(&ta).unwrap(),
        std::fs::read_to_string(&tb).unwrap(),
    );
    assert!(
        a.contains("< go ponder ") && a.contains("< ponderhit"),
        "{a}"
    );
    assert!(a.contains("< setoption name Ponder value true"), "{a}");
    assert!(
        !b.contains("< go ponder") && !b.contains("setoption name Ponder"),
        "{b}"
    );
    // The summary tells how often each pondering engine's expectation came true (A
    // expects B's first legal move, which B plays: all hits).
    let hits = text
        .lines()
        .find(|l| l.starts_with("Ponder hits: "))
        .unwrap_or_else(|| panic!("{text}"));
    let (share, rest) = hits["Ponder hits: A ".len()..].split_once(' ').unwrap();
    let (h, n) = share.split_once('/').unwrap();
    assert_eq!(h, n, "{hits}");
    assert!(n.parse::<u32>().unwrap() >= 8 && rest == "(100%)", "{hits}");
    let pgn = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(pgn.matches("[Result ").count(), 2, "{pgn}");
    // A bad value is refused with a clear message, and the help tells of it.
    let bad = Command::new(TOURNEY)
        .args([
            "-engine",
            "cmd=x",
            "ponder=maybe",
            "-engine",
            "cmd=y",
            "-each",
            "tc=1",
        ])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("bad ponder 'maybe' (true or false)"), "{err}");
    let help = Command::new(TOURNEY).arg("-help").output().unwrap();
    assert!(String::from_utf8_lossy(&help.stdout).contains("ponder[=true|false]"));
}
