//! CECP (XBoard/WinBoard protocol) sessions against the built binary, as XBoard drives
//! it: the handshake and the features, games through `new`/`variant`/`level`/`go`/
//! `usermove` with every reply checked against the library's own board, `setboard`,
//! analysis, `?` and `ping` while thinking, `undo`/`remove`, the clocks, result claims,
//! and bad input. Times are checked against the engine's own budgets, one engine at a
//! time ([`serial`]). The tests that always run allow [`HANG`] past a budget, enough for
//! a loaded two-core machine: they catch an engine that hangs or ignores its clock. How
//! promptly it answers, within [`SLACK`], is the ignored `latency_*` test's, to be run
//! with the machine quiet:
//!
//! ```text
//! cargo test --release --test xboard -- --ignored latency --nocapture
//! ```

use crate::common;
use crate::LATE_PLY;

use std::io::Write;
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use chariot::board::{Color, Move, Position};
use chariot::search::time::{budget, Limits};
use common::Live as Engine;

use common::Rng;

/// What a quiet machine may add to any answer (the `latency_*` test's bound).
const SLACK: Duration = Duration::from_millis(300);

/// What the tests that always run allow past a budget: only a hang, or a clock ignored
/// by seconds, takes longer, even on a loaded machine.
const HANG: Duration = Duration::from_secs(5);

/// The engine's default `Move Overhead`.
const OVERHEAD: Duration = Duration::from_millis(50);

const SECOND: Duration = Duration::from_secs(1);

/// XBoard waits two seconds for `feature done=1` before it gives up on features.
const FEATURE_TIMEOUT: Duration = Duration::from_secs(2);

static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

fn serial() -> MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

impl Engine {
    /// Starts the engine and says `xboard` and `protover 2`, waiting for the features.
    fn cecp() -> Engine {
        let mut engine = Engine::start();
        engine.send("xboard");
        engine.send("protover 2");
        engine.wait_for(|l| l == "feature done=1", FEATURE_TIMEOUT);
        engine
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    /// The lines up to and including the one matching `pred`.
    fn lines_until(&mut self, pred: impl Fn(&str) -> bool, timeout: Duration) -> Vec<String> {
        let from = self.log.len();
        self.wait_for(pred, timeout);
        self.log[from..].to_vec()
    }

    /// Sends `ping n` and returns every line before `pong n`.
    fn sync(&mut self, n: u32) -> Vec<String> {
        self.send(&format!("ping {n}"));
        let pong = format!("pong {n}");
        let mut lines = self.lines_until(|l| l == pong, SECOND * 5);
        lines.pop();
        lines
    }

    /// Waits for the engine's move and checks it against `pos` (then plays it there);
    /// returns it with how long it took.
    fn engine_move(&mut self, pos: &mut Position, timeout: Duration) -> (Move, Duration) {
        let (line, took) = self.wait_for(|l| l.starts_with("move "), timeout);
        let text = &line["move ".len()..];
        let mv = pos
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{line}: {e}; log:\n{}", self.log.join("\n")));
        pos.make_move(mv);
        (mv, took)
    }
}

/// The thinking output lines among `lines`: `ply score time nodes …<TAB>pv`.
fn thinking(lines: &[String]) -> Vec<(i32, i64, u64, u64, Vec<String>)> {
    lines
        .iter()
        .filter(|l| l.contains('\t'))
        .map(|l| {
            let (numbers, pv) = l.split_once('\t').unwrap();
            let n: Vec<i64> = numbers
                .split_whitespace()
                .map(|w| w.parse().unwrap_or_else(|_| panic!("{l}")))
                .collect();
            assert_eq!(n.len(), 7, "ply score time nodes seldepth nps tbhits: {l}");
            let pv = pv
                .trim_end_matches(['?', '!'])
                .split_whitespace()
                .map(str::to_string)
                .collect();
            (n[0] as i32, n[1], n[2] as u64, n[3] as u64, pv)
        })
        .collect()
}

/// Every pv among `lines` is a legal line from `pos`.
fn check_pvs(pos: &Position, lines: &[String]) -> usize {
    let lines = thinking(lines);
    for (_, _, _, _, pv) in &lines {
        let mut p = pos.clone();
        for m in pv {
            p.try_play(m)
                .unwrap_or_else(|e| panic!("pv {pv:?} from {}: {e}", pos.to_fen()));
        }
    }
    lines.len()
}

/// Checks that an answer that took `took` came within `limit`, and prints the figure.
fn within(what: &str, took: Duration, limit: Duration) {
    println!("{what}: {took:?} (limit {limit:?})");
    assert!(
        took <= limit,
        "{what}: answered after {took:?}, limit {limit:?}"
    );
}

/// The engine's hard budget on a clock of `time` with `inc` a move.
fn hard_budget(time: Duration, inc: Duration, moves_to_go: Option<u32>) -> Duration {
    budget(
        &Limits {
            time: Some(time),
            increment: inc,
            moves_to_go,
            ..Limits::default()
        },
        OVERHEAD,
        LATE_PLY,
    )
    .hard
    .expect("a clock gives a hard budget")
}

#[test]
fn the_handshake_and_the_features() {
    let _serial = serial();
    let mut e = Engine::start();
    e.send("xboard");
    e.send("protover 2");
    let (_, took) = e.wait_for(|l| l == "feature done=1", FEATURE_TIMEOUT);
    assert!(took < SECOND, "features took {took:?}");
    let features: Vec<String> = e.log.clone();
    assert!(
        features.iter().all(|l| l.starts_with("feature ")),
        "only features answer protover: {features:#?}"
    );
    let all = features.join(" ");
    for feature in [
        "myname=\"Chariot ",
        "variants=\"xiangqi\"",
        "setboard=1",
        "ping=1",
        "usermove=1",
        "san=0",
        "sigint=0",
        "sigterm=0",
        "colors=0",
        "analyze=1",
        "pause=1",
        "memory=1",
        "smp=1",
        "playother=1",
        "time=1",
        "draw=1",
    ] {
        assert!(all.contains(feature), "{feature} in {all}");
    }
    assert_eq!(
        features.last().unwrap(),
        "feature done=1",
        "done=1 comes last"
    );
    // Each option in CECP's syntax, one a line.
    let options: Vec<&str> = features
        .iter()
        .filter_map(|l| l.strip_prefix("feature option=\""))
        .map(|o| o.strip_suffix('"').expect("quoted"))
        .collect();
    for wanted in [
        "Move Overhead -spin 50 0 5000",
        "Clear Hash -button",
        "Rule60 -check 1",
        "Repetition Rule -combo *chinese /// asian",
        "Resign -check 1",
        "Draw Offers -check 1",
        "EvalFile -file <embedded>",
    ] {
        assert!(options.contains(&wanted), "{wanted} in {options:#?}");
    }
    for option in &options {
        let kind = option
            .split(" -")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next());
        assert!(
            matches!(
                kind,
                Some("spin" | "check" | "combo" | "button" | "file" | "string")
            ),
            "{option}"
        );
    }
    // The GUI's answers need no reply; ping does.
    e.send("accepted myname");
    e.send("rejected nps");
    assert!(e.sync(1).is_empty());
    e.send("quit");
    assert!(e.exits_within(SECOND * 2), "quit ends the engine");
}

/// Plays a game: the engine on `side` (`Black` after `new`; `go` switches), the test's
/// random legal moves on the other side, with `time`/`otim` before each move. Each
/// engine move must be legal, come within the budget, and the thinking output's pvs be
/// legal.
#[test]
fn a_game_through_new_variant_level_go_and_usermove() {
    let _serial = serial();
    a_game_through_new_variant_level_go_and_usermove_within(HANG);
}

/// [`a_game_through_new_variant_level_go_and_usermove`]:
/// its answers due within their budgets plus `slack`.
fn a_game_through_new_variant_level_go_and_usermove_within(slack: Duration) {
    let mut e = Engine::cecp();
    for line in ["new", "variant xiangqi", "level 0 0:10 0.1", "post", "easy"] {
        e.send(line);
    }
    assert!(e.sync(2).is_empty(), "no reply to the game's set-up");
    let mut pos = Position::startpos();
    let mut rng = Rng(0x5EED_15C0_FFEE);
    let (mut own, inc) = (ms(10_000), ms(100));
    let mut replies = 0;
    // Black after `new`: the test moves first.
    for ply in 0..24 {
        let engine_to_move = ply % 2 == 1;
        if engine_to_move {
            let hard = hard_budget(own, inc, None);
            let before = pos.clone();
            let from = e.log.len();
            let (_, took) = e.engine_move(&mut pos, hard + slack + SECOND);
            within(
                &format!("ply {ply} on a 10 s + 0.1 s clock"),
                took,
                hard + slack,
            );
            own = own.saturating_sub(took) + inc;
            assert!(check_pvs(&before, &e.log[from..]) > 0, "thinking output");
            replies += 1;
        } else {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = *rng.pick(&moves);
            e.send(&format!("time {}", own.as_millis() / 10));
            e.send("otim 2000");
            e.send(&format!("usermove {mv}"));
            pos.make_move(mv);
        }
        if pos.legal_moves().is_empty() {
            break;
        }
    }
    // Twelve replies, unless the engine mated the random mover sooner (a stronger net
    // does: the game ends after the engine's move with the test's side to move).
    let mated_early = pos.legal_moves().is_empty() && pos.side_to_move() == Color::Red;
    assert!(replies >= 12 || mated_early, "{replies} replies");
    // Now the engine takes Red's side of a new game with `go`.
    e.send("new");
    e.send("level 40 0:30 0");
    e.send("force");
    e.send("time 3000");
    e.send("otim 3000");
    e.send("go");
    let mut pos = Position::startpos();
    let hard = hard_budget(ms(30_000), Duration::ZERO, Some(40));
    let (_, took) = e.engine_move(&mut pos, hard + slack + SECOND);
    within("go, 40 moves in 30 s", took, hard + slack);
    let reply = pos.legal_moves()[0];
    e.send(&format!("usermove {reply}"));
    pos.make_move(reply);
    let (_, took) = e.engine_move(&mut pos, hard + slack + SECOND);
    within("usermove, 40 moves in 30 s", took, hard + slack);
    e.send("force");
    assert!(
        !e.sync(3).iter().any(|l| l.starts_with("move")),
        "no move in force mode"
    );
}

#[test]
fn setboard_and_bad_fens() {
    let _serial = serial();
    let mut e = Engine::cecp();
    e.send("new");
    e.send("force");
    // XBoard writes the xiangqi horse and elephant as H and E.
    let fen = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR b - - 0 1";
    e.send(&format!("setboard {fen}"));
    e.send("sd 3");
    e.send("go");
    let mut pos = Position::from_fen(fen).unwrap();
    e.engine_move(&mut pos, SECOND * 5);

    for bad in [
        "rnbakabnr/9/1c5c1 w - - 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w - - 0 1",
        "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
        "9/9/9/9/9/9/9/9/9/9 w - - 0 1",
        "garbage",
    ] {
        e.send("force");
        e.send(&format!("setboard {bad}"));
        let lines = e.sync(10);
        assert_eq!(lines.len(), 1, "{bad}: {lines:#?}");
        assert!(
            lines[0].starts_with("tellusererror Illegal position"),
            "{bad}: {}",
            lines[0]
        );
        // Moves are illegal until a good position comes, and `go` says why it cannot.
        e.send("usermove h2e2");
        e.send("go");
        let lines = e.sync(11);
        assert_eq!(lines[0], "Illegal move: h2e2", "{lines:#?}");
        assert!(lines[1].starts_with("Error ("), "{lines:#?}");
        assert!(!lines.iter().any(|l| l.starts_with("move")), "{lines:#?}");
    }
    // A huge bad field is not echoed whole.
    let side = "w".repeat(100_000);
    e.send(&format!("setboard 4k4/9/9/9/9/9/9/9/9/3K5 {side} - - 0 1"));
    let lines = e.sync(12);
    assert!(
        lines.len() == 1 && lines[0].starts_with("tellusererror") && lines[0].len() < 300,
        "{lines:?}"
    );
    e.send("setboard rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    e.send("usermove h2e2");
    e.send("go");
    let mut pos = Position::startpos();
    pos.try_play("h2e2").unwrap();
    e.engine_move(&mut pos, SECOND * 5);
}

/// Whether `line` is thinking output of depth `depth` or more.
fn reached(line: &str, depth: i32) -> bool {
    line.contains('\t')
        && line
            .split_whitespace()
            .next()
            .and_then(|d| d.parse::<i32>().ok())
            .is_some_and(|d| d >= depth)
}

#[test]
fn analyze_with_status_moves_undo_and_exit() {
    let _serial = serial();
    let mut e = Engine::cecp();
    e.send("new");
    e.send("force");
    e.send("usermove h2e2");
    e.send("post");
    e.send("analyze");
    let mut pos = Position::startpos();
    pos.try_play("h2e2").unwrap();
    let lines = e.lines_until(|l| reached(l, 6), SECOND * 10);
    assert!(check_pvs(&pos, &lines) >= 5);
    std::thread::sleep(ms(100));
    e.send(".");
    let (status, _) = e.wait_for(|l| l.starts_with("stat01:"), SECOND);
    let numbers: Vec<u64> = status["stat01:".len()..]
        .split_whitespace()
        .take(5)
        .map(|w| w.parse().unwrap_or_else(|_| panic!("{status}")))
        .collect();
    assert_eq!(numbers.len(), 5, "{status}");
    assert!(
        numbers[0] > 0 && numbers[1] > 0 && numbers[2] >= 5,
        "{status}"
    );
    assert_eq!(numbers[4], pos.legal_moves().len() as u64, "{status}");

    // A move in analyze mode: the analysis goes on from the new position.
    e.send("usermove h9g7");
    pos.try_play("h9g7").unwrap();
    e.sync(20);
    let lines = e.lines_until(|l| reached(l, 7), SECOND * 10);
    assert!(check_pvs(&pos, &lines) >= 1);
    // `undo` goes back one move and analyses there.
    e.send("undo");
    pos.unmake_move();
    e.sync(21);
    let lines = e.lines_until(|l| reached(l, 7), SECOND * 10);
    assert!(check_pvs(&pos, &lines) >= 1);
    // `exit`: the analysis stops, and no move is ever made.
    e.send("exit");
    e.sync(22);
    std::thread::sleep(ms(300));
    let after = e.sync(23);
    assert!(thinking(&after).is_empty(), "analysis stopped: {after:#?}");
    assert!(!e.log.iter().any(|l| l.starts_with("move")));
    // Not analysing: `.` says nothing.
    e.send(".");
    assert!(e.sync(24).is_empty());
}

#[test]
fn move_now_and_ping_while_thinking_and_pondering() {
    let _serial = serial();
    move_now_and_ping_while_thinking_and_pondering_within(HANG);
}

/// [`move_now_and_ping_while_thinking_and_pondering`]:
/// its answers due within their budgets plus `slack`.
fn move_now_and_ping_while_thinking_and_pondering_within(slack: Duration) {
    let mut e = Engine::cecp();
    e.send("new");
    e.send("st 30");
    e.send("force");
    e.send("go");
    e.send("ping 5");
    std::thread::sleep(ms(300));
    let sent = Instant::now();
    e.send("?");
    let mut pos = Position::startpos();
    e.engine_move(&mut pos, ms(200) + slack + SECOND);
    within("? (move now)", sent.elapsed(), ms(200) + slack);
    // The ping sent while thinking is answered only after the move.
    let (line, _) = e.wait_for(|l| l.starts_with("pong"), SECOND);
    assert_eq!(line, "pong 5");
    let move_at = e.log.iter().position(|l| l.starts_with("move")).unwrap();
    let pong_at = e.log.iter().position(|l| l == "pong 5").unwrap();
    assert!(move_at < pong_at, "{:#?}", e.log);

    // Pondering: a ping is answered at once, and the opponent's move is answered.
    e.send("hard");
    e.send("st 1");
    let reply = pos.legal_moves()[0];
    e.send(&format!("usermove {reply}"));
    pos.make_move(reply);
    e.engine_move(&mut pos, SECOND + slack + SECOND);
    std::thread::sleep(ms(200));
    let sent = Instant::now();
    e.send("ping 6");
    e.wait_for(|l| l == "pong 6", slack + SECOND);
    within("ping while pondering", sent.elapsed(), slack);
    let reply = pos.legal_moves()[0];
    e.send(&format!("usermove {reply}"));
    pos.make_move(reply);
    let (_, took) = e.engine_move(&mut pos, SECOND + slack + SECOND);
    within("st 1 after pondering", took, SECOND + slack);
    // `?` while not thinking is ignored.
    e.send("easy");
    e.send("?");
    assert!(e.sync(7).is_empty());
}

#[test]
fn undo_and_remove() {
    let _serial = serial();
    let mut e = Engine::cecp();
    e.send("new");
    e.send("force");
    e.send("usermove h2e2");
    e.send("usermove h9g7");
    e.send("undo");
    // Black to move again: h9g7 is legal once more.
    e.send("usermove h9g7");
    e.send("usermove h0g2");
    e.send("remove");
    // Back to Black's move after h2e2: h9g7 again.
    e.send("usermove h9g7");
    let lines = e.sync(1);
    assert!(lines.is_empty(), "{lines:#?}");
    e.send("undo");
    e.send("undo");
    e.send("undo");
    let lines = e.sync(2);
    assert_eq!(lines, ["Error (command not legal now): undo"], "{lines:#?}");
    // One move is too few for `remove`: nothing changes.
    e.send("usermove h2e2");
    e.send("remove");
    e.send("usermove h9g7");
    let lines = e.sync(3);
    assert_eq!(
        lines,
        ["Error (command not legal now): remove"],
        "{lines:#?}"
    );
    // In a game: the user's move, the engine's answer, then `remove` takes both back and
    // the engine waits for the user.
    e.send("new");
    e.send("sd 2");
    e.send("usermove h2e2");
    let mut pos = Position::startpos();
    pos.try_play("h2e2").unwrap();
    e.engine_move(&mut pos, SECOND * 5);
    e.send("remove");
    let lines = e.sync(4);
    assert!(lines.iter().all(|l| !l.starts_with("move")), "{lines:#?}");
    // h2e2 is legal only if both moves were taken back.
    e.send("usermove h2e2");
    let mut pos = Position::startpos();
    pos.try_play("h2e2").unwrap();
    e.engine_move(&mut pos, SECOND * 5);
}

#[test]
fn answers_within_the_time_from_level_time_and_st() {
    let _serial = serial();
    answers_within_the_time_from_level_time_and_st_within(HANG);
}

/// [`answers_within_the_time_from_level_time_and_st`]:
/// its answers due within their budgets plus `slack`.
fn answers_within_the_time_from_level_time_and_st_within(slack: Duration) {
    let mut e = Engine::cecp();
    // Sudden death, two seconds left: the engine's hard budget (and far from all of it).
    e.send("new");
    e.send("level 0 0:02 0");
    e.send("force");
    e.send("time 200");
    e.send("otim 200");
    e.send("go");
    let mut pos = Position::startpos();
    let hard = hard_budget(ms(2_000), Duration::ZERO, None);
    assert!(hard < ms(1_000));
    let (_, took) = e.engine_move(&mut pos, hard + slack + SECOND);
    within(&format!("a hard budget of {hard:?}"), took, hard + slack);
    // A tenth of a second left, with an increment.
    e.send("force");
    e.send("level 0 1 0.05");
    e.send("time 10");
    e.send("otim 5000");
    e.send("go");
    let hard = hard_budget(ms(100), ms(50), None);
    let (_, took) = e.engine_move(&mut pos, hard + slack + SECOND);
    within(&format!("a hard budget of {hard:?}"), took, hard + slack);
    // Conventional: 40 moves in 20 seconds, Red having made one (39 to go).
    e.send("force");
    e.send("level 40 0:20 0");
    e.send("time 2000");
    e.send("go");
    let hard = hard_budget(ms(20_000), Duration::ZERO, Some(39));
    let (_, took) = e.engine_move(&mut pos, hard + slack + SECOND);
    within(&format!("a hard budget of {hard:?}"), took, hard + slack);
    // `st 1`: a search of one second less the move overhead, which on its own ends no
    // sooner than it starts no further iteration (0.7 of the budget, scaled by at
    // least 0.5) and no later than the budget.
    let st = budget(
        &Limits {
            move_time: Some(SECOND),
            ..Limits::default()
        },
        OVERHEAD,
        LATE_PLY,
    );
    let (soft, hard) = (st.soft.unwrap(), st.hard.unwrap());
    e.send("force");
    e.send("st 1");
    e.send("go");
    let (_, took) = e.engine_move(&mut pos, hard + slack + SECOND);
    assert!(took >= soft.mul_f64(0.35), "st 1 answered after {took:?}");
    within("st 1", took, hard + slack);
    // `sd 1` cuts the search short under a long clock.
    e.send("force");
    e.send("level 0 10 0");
    e.send("time 60000");
    e.send("sd 1");
    e.send("go");
    let from = e.log.len();
    let (_, took) = e.engine_move(&mut pos, ms(700) + slack + SECOND);
    within("sd 1 on a 60 s clock", took, ms(700) + slack);
    assert!(thinking(&e.log[from..]).is_empty(), "nopost: no output");
    // `nps`: a node budget instead of the wall clock (st 1 at 5000 nodes a second).
    e.send("force");
    e.send("post");
    e.send("new");
    e.send("force");
    e.send("st 1");
    e.send("nps 5000");
    e.send("go");
    let from = e.log.len();
    let mut pos = Position::startpos();
    e.engine_move(&mut pos, SECOND * 2);
    let nodes = thinking(&e.log[from..])
        .iter()
        .map(|t| t.3)
        .max()
        .expect("thinking output");
    assert!(nodes <= 5_000 + 2_048, "{nodes} nodes");
}

/// Plays `moves` in force mode after `setboard fen`.
fn set_up(e: &mut Engine, fen: &str, moves: &str) -> Position {
    e.send("new");
    e.send("force");
    e.send(&format!("setboard {fen}"));
    let mut pos = Position::from_fen(fen).unwrap();
    for m in moves.split_whitespace() {
        e.send(&format!("usermove {m}"));
        pos.try_play(m).unwrap();
    }
    pos
}

#[test]
fn result_claims_for_mate_kunbi_and_perpetual_check() {
    let _serial = serial();
    let mut e = Engine::cecp();
    e.send("st 2");

    // The engine mates.
    let mut pos = set_up(&mut e, "4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1", "");
    e.send("go");
    e.engine_move(&mut pos, SECOND * 3);
    assert!(pos.is_checkmate(), "{}", pos.to_fen());
    let (claim, _) = e.wait_for(|l| !l.contains('\t'), SECOND);
    assert_eq!(claim, "1-0 {Red mates}");

    // The engine 困毙s: Black has no move and is not in check. Here no move mates, and
    // Cg5-f5 or Pf7-f8 leaves the black king no point (the advisor is pinned by the
    // red king), so the quickest win is a 困毙.
    let mut pos = set_up(&mut e, "4k4/4a4/5P3/9/6C2/3R5/9/9/9/4K4 w - - 0 1", "");
    e.send("go");
    e.engine_move(&mut pos, SECOND * 3);
    assert!(pos.is_stalemate(), "{}", pos.to_fen());
    let (claim, _) = e.wait_for(|l| !l.contains('\t'), SECOND);
    assert_eq!(claim, "1-0 {Black is stalemated (no legal move)}");

    // The user 困毙s the engine: it claims its loss.
    set_up(&mut e, "4k4/4a4/9/9/R8/3R5/9/9/9/4K4 w - - 0 1", "");
    e.send("playother");
    e.send("usermove a5f5");
    assert_eq!(e.sync(5), ["1-0 {Black is stalemated (no legal move)}"]);

    // The engine is mated by the user's move: it claims the loss and does not move.
    set_up(&mut e, "4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1", "");
    e.send("playother");
    e.send("usermove b7b9");
    let lines = e.sync(1);
    assert_eq!(lines, ["1-0 {Red mates}"]);

    // Red checks perpetually: the third time the position comes round Red loses, and
    // the engine (Black) claims it instead of moving.
    set_up(
        &mut e,
        "4k4/9/9/9/9/9/9/9/4A4/R2AK4 w - - 0 1",
        "a0a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9",
    );
    e.send("playother");
    e.send("usermove a8a9");
    let lines = e.sync(2);
    assert_eq!(lines.len(), 1, "{lines:#?}");
    assert!(
        lines[0].starts_with("0-1 {Repetition: red perpetual check"),
        "{}",
        lines[0]
    );

    // Under the other rule set the same cycle is still perpetual check, and a quiet
    // shuffle is a draw by repetition.
    e.send("option Repetition Rule=asian");
    set_up(
        &mut e,
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0",
    );
    e.send("playother");
    e.send("usermove c7b9");
    let lines = e.sync(3);
    assert_eq!(lines.len(), 1, "{lines:#?}");
    assert!(
        lines[0].starts_with("1/2-1/2 {Repetition: draw"),
        "{}",
        lines[0]
    );
    // `go` on a finished game claims again rather than moving.
    e.send("go");
    let lines = e.sync(4);
    assert!(
        lines.len() == 1 && lines[0].starts_with("1/2-1/2"),
        "{lines:#?}"
    );

    // The natural limit: the 120th ply without a capture ends the game while `Rule60`
    // is on; with it off, the engine plays on (and takes the rook).
    let fen = "r2k5/9/9/9/9/9/9/9/4A4/R3K4 w - - 119 80";
    set_up(&mut e, fen, "");
    e.send("playother");
    e.send("usermove a0a1");
    assert_eq!(
        e.sync(6),
        ["1/2-1/2 {Natural limit: 60 moves without capture}"]
    );
    e.send("option Rule60=0");
    let mut pos = set_up(&mut e, fen, "a0a1");
    e.send("go");
    e.engine_move(&mut pos, SECOND * 3);
}

#[test]
fn a_draw_offer_is_accepted_when_the_engine_stands_worse() {
    let _serial = serial();
    let mut e = Engine::cecp();
    // A bare black king against rook and king: lost, but not yet by a mate in sight
    // at depth 3. (With the king on d9 and the red king on the e-file, the quiescence's
    // quiet checks now see the mate, and the engine resigns instead.)
    let pos = set_up(&mut e, "4k4/9/9/9/9/9/9/9/R8/3K5 b - - 0 1", "");
    e.send("sd 3");
    e.send("draw");
    e.send("go");
    let lines = e.lines_until(|l| l.starts_with("move "), SECOND * 5);
    assert!(
        lines.iter().any(|l| l == "offer draw"),
        "accepts: {lines:#?}"
    );
    let text = lines.last().unwrap();
    pos.parse_move(&text["move ".len()..]).expect("legal");
    // Without an offer, no draw is offered.
    let pos = set_up(&mut e, "4k4/9/9/9/9/9/9/9/R8/3K5 b - - 0 1", "");
    e.send("sd 3");
    e.send("go");
    let lines = e.lines_until(|l| l.starts_with("move "), SECOND * 5);
    assert!(!lines.iter().any(|l| l == "offer draw"), "{lines:#?}");
    let text = lines.last().unwrap();
    pos.parse_move(&text["move ".len()..]).expect("legal");
}

#[test]
fn options_memory_cores_and_pause() {
    let _serial = serial();
    let mut e = Engine::cecp();
    for line in [
        "memory 32",
        "cores 2",
        "option Move Overhead=80",
        "option Clear Hash",
        "option Rule60=0",
        "option Repetition Rule=asian",
        "option Use NNUE=0",
        "option Use NNUE=1",
    ] {
        e.send(line);
    }
    assert!(e.sync(1).is_empty(), "{:#?}", e.log);
    e.send("option Nope=1");
    e.send("option Move Overhead=abc");
    e.send("option Rule60=maybe");
    e.send("option Repetition Rule=western");
    e.send("option Resign");
    let errors = e.sync(2);
    assert_eq!(errors.len(), 5, "{errors:#?}");
    assert!(
        errors.iter().all(|l| l.starts_with("Error (")),
        "{errors:#?}"
    );
    assert!(errors[0].ends_with("option Nope=1"), "{}", errors[0]);
    assert!(errors[1].contains("'abc' is not a number"), "{}", errors[1]);

    // `pause` stops the thinking, `resume` takes it up again and it answers.
    e.send("new");
    e.send("force");
    e.send("st 1");
    e.send("go");
    std::thread::sleep(ms(200));
    e.send("pause");
    std::thread::sleep(ms(1_500));
    assert!(
        !e.log.iter().any(|l| l.starts_with("move")) && e.next_within(ms(50)).is_none(),
        "paused: {:#?}",
        e.log
    );
    e.send("resume");
    let mut pos = Position::startpos();
    e.engine_move(&mut pos, SECOND * 2);
}

#[test]
fn bad_input_and_commands_while_thinking_never_stop_the_engine() {
    let _serial = serial();
    let mut e = Engine::cecp();
    e.send("xyzzy");
    e.send("level 40");
    e.send("st abc");
    e.send("usermove zz99");
    e.send("usermove h2h8");
    e.send("e2e4");
    e.send_bytes(&[0xff, 0xfe, 0x00, 0x80, b'\n']);
    let mut huge = vec![b'x'; 3 << 20];
    huge.push(b'\n');
    e.send_bytes(&huge);
    e.send("variant chess");
    let lines = e.sync(1);
    assert_eq!(lines.len(), 9, "{lines:#?}");
    assert_eq!(lines[0], "Error (unknown command): xyzzy");
    assert!(lines[1].starts_with("Error (missing parameter): level"));
    assert!(lines[2].starts_with("Error (bad parameter): st abc"));
    assert_eq!(lines[3], "Illegal move: zz99");
    assert_eq!(lines[4], "Illegal move: h2h8");
    assert_eq!(lines[5], "Illegal move: e2e4");
    assert!(lines[6].starts_with("Error (unknown command): "));
    assert!(lines[7].starts_with("Error (line too long): xxxx") && lines[7].len() < 300);
    assert!(lines[8].starts_with("Error ("));

    // While thinking: settings, thinking-output switches, garbage and `.` are taken
    // and the engine still moves.
    e.send("new");
    e.send("force");
    e.send("st 1");
    e.send("go");
    for line in [
        "post",
        "time 500",
        "otim 500",
        "easy",
        "nopost",
        "hint",
        ".",
        "xyzzy",
        "memory 8",
        "cores 1",
        "computer",
        "name Someone",
    ] {
        e.send(line);
    }
    let mut pos = Position::startpos();
    e.engine_move(&mut pos, SECOND * 2);
    assert!(e.sync(2).iter().all(|l| !l.starts_with("move")));
    // End of input while thinking ends the engine cleanly, at once, with its move.
    e.send("st 30");
    e.send("go");
    std::thread::sleep(ms(200));
    e.close_stdin();
    assert!(e.exits_within(SECOND * 2), "EOF while thinking");
    e.engine_move(&mut pos, SECOND);
}

#[test]
fn quit_while_thinking() {
    let _serial = serial();
    let mut e = Engine::cecp();
    e.send("new");
    e.send("force");
    e.send("st 30");
    e.send("analyze");
    std::thread::sleep(ms(200));
    e.send("quit");
    assert!(e.exits_within(SECOND * 2), "quit while analysing");
}

/// CECP lines, each possibly mutated, fed to an engine in this process (writing into a
/// sink): nothing may panic, the engine's threads included; every line is followed by
/// `force`, which stops any search it started.
#[test]
fn random_and_mutated_cecp_lines_never_panic() {
    use std::panic::{catch_unwind, AssertUnwindSafe};
    use std::sync::atomic::{AtomicBool, Ordering};

    static PANICKED: AtomicBool = AtomicBool::new(false);
    let _serial = serial();
    let seeds = [
        "new",
        "variant xiangqi",
        "force",
        "go",
        "playother",
        "level 40 5 0",
        "level 0 0:01 0.01",
        "st 0.02",
        "sd 2",
        "nps 1000",
        "time 100",
        "otim 100",
        "usermove h2e2",
        "h9g7",
        "?",
        "ping 1",
        "draw",
        "result 1-0 {Red mates}",
        "setboard rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR b - - 0 1",
        "setboard 4k4/4a4/5P3/9/6C2/3R5/9/9/9/4K4 w - - 0 1",
        "hint",
        "bk",
        "undo",
        "remove",
        "hard",
        "easy",
        "post",
        "nopost",
        "analyze",
        "exit",
        ".",
        "pause",
        "resume",
        "option Move Overhead=10",
        "option Repetition Rule=asian",
        "option Clear Hash",
        "protover 2",
        "accepted ping",
        "name x",
        "quit",
    ];
    let interesting = b"0123456789 -=:.?abcdefghi/rheakcpRHEAKCP{}\t";
    let mut rng = Rng(0x0C3C_0B0A_2D15_EA5E);
    let mut engine = chariot::protocol::Engine::new(std::io::sink());
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        PANICKED.store(true, Ordering::SeqCst);
        default_hook(info);
    }));
    engine.handle("xboard");
    engine.handle("st 0.02");
    let mut lines = 0;
    for _ in 0..3_000 {
        let mut bytes = rng.pick(&seeds).as_bytes().to_vec();
        for _ in 0..rng.below(4) {
            let len = bytes.len();
            match rng.below(5) {
                0 if len > 0 => {
                    let i = rng.below(len);
                    bytes[i] = *rng.pick(interesting);
                }
                1 if len > 0 => bytes.truncate(rng.below(len)),
                2 => {
                    let i = rng.below(len + 1);
                    bytes.insert(i, *rng.pick(interesting));
                }
                3 => bytes.extend_from_slice(rng.pick(&seeds).as_bytes()),
                _ => bytes.push(rng.next() as u8),
            }
        }
        let line = String::from_utf8_lossy(&bytes).into_owned();
        // Not fed: `memory` and `cores` (up to 64 GiB and 256 threads would be asked of
        // the machine).
        if ["memory", "cores"]
            .iter()
            .any(|w| line.trim_start().starts_with(w))
        {
            continue;
        }
        let survived = catch_unwind(AssertUnwindSafe(|| {
            if !engine.handle(&line) {
                // `quit`: a new engine carries on.
                engine = chariot::protocol::Engine::new(std::io::sink());
                engine.handle("xboard");
                engine.handle("st 0.02");
            }
            engine.handle("force");
        }));
        assert!(survived.is_ok(), "the engine panicked on {line:?}");
        lines += 1;
    }
    engine.handle("quit");
    let _ = std::panic::take_hook();
    assert!(
        !PANICKED.load(Ordering::SeqCst),
        "a thread of the engine panicked (see the message above)"
    );
    assert!(lines > 2_900, "{lines} lines fed");
}

/// The timed sessions of the tests above held to the engine's budgets plus [`SLACK`]
/// (instead of [`HANG`]), each answer's time printed. Run with the machine quiet:
///
/// ```text
/// cargo test --release --test xboard -- --ignored latency --nocapture
/// ```
#[test]
#[ignore = "timing: run with the machine quiet"]
fn latency_answers_within_the_budgets_plus_slack() {
    let _serial = serial();
    a_game_through_new_variant_level_go_and_usermove_within(SLACK);
    move_now_and_ping_while_thinking_and_pondering_within(SLACK);
    answers_within_the_time_from_level_time_and_st_within(SLACK);
}
