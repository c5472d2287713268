//! Search tests: mates found (checked by an independent exhaustive solver), the
//! repetition rulings in the search, determinism, and the transposition table.

use chariot::board::{Move, Position};
use chariot::search::{self, mate_in, Config, Limits, Shared, Silent};

/// Whether the side to move can force mate (any position with no legal reply, checkmate
/// or stalemate, which both lose in xiangqi) within `moves` of its own moves.
fn forced_mate(pos: &mut Position, moves: u32) -> Option<Move> {
    if moves == 0 {
        return None;
    }
    for mv in pos.legal_moves() {
        pos.make_move(mv);
        let replies = pos.legal_moves();
        let wins = replies.is_empty()
            || (moves > 1
                && replies.iter().all(|&r| {
                    pos.make_move(r);
                    let ok = forced_mate(pos, moves - 1).is_some();
                    pos.unmake_move();
                    ok
                }));
        pos.unmake_move();
        if wins {
            return Some(mv);
        }
    }
    None
}

fn search_fen(fen: &str, depth: i32) -> search::Outcome {
    let pos = Position::from_fen(fen).unwrap();
    let shared = Shared::new(16);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    search::search(&pos, &limits, &Config::default(), &shared, &Silent)
}

/// (FEN, moves to mate)
const MATES: [(&str, u32); 6] = [
    // Two rooks: b0b9 closes rank 9 while a8 holds rank 8.
    ("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1", 1),
    // The rook to the back rank against a king boxed in by its advisors.
    ("3ak4/4a4/9/9/9/9/9/9/9/3K1R3 w - - 0 1", 1),
    ("4kab2/4a4/9/9/9/9/9/9/9/3KR1R2 w - - 0 1", 1),
    ("4k4/9/R8/9/9/9/9/9/9/1R1K5 w - - 0 1", 2),
    ("4k4/9/9/9/9/9/9/9/9/RR1K5 w - - 0 1", 2),
    // Horse and rook against king and advisor.
    ("4k4/4a4/9/9/9/4N4/9/9/9/3K1R3 w - - 0 1", 3),
];

#[test]
fn finds_forced_mates() {
    for (fen, n) in MATES {
        let mut pos = Position::from_fen(fen).unwrap();
        // The position really is a mate in exactly n (independent solver).
        assert!(forced_mate(&mut pos, n).is_some(), "{fen}: no mate in {n}");
        if n > 1 {
            assert!(
                forced_mate(&mut pos, n - 1).is_none(),
                "{fen}: mate in fewer than {n}"
            );
        }
        let outcome = search_fen(fen, 2 * n as i32 + 2);
        assert_eq!(
            mate_in(outcome.score),
            Some(n as i32),
            "{fen}: score {}",
            outcome.score
        );
        // The move played keeps the forced mate.
        let best = outcome.best.unwrap();
        pos.make_move(best);
        let replies = pos.legal_moves();
        if n == 1 {
            assert!(replies.is_empty(), "{fen}: {best} does not mate");
        } else {
            for r in replies {
                pos.make_move(r);
                assert!(
                    forced_mate(&mut pos, n - 1).is_some(),
                    "{fen}: after {best} {r} no mate"
                );
                pos.unmake_move();
            }
        }
    }
}

fn search_after(fen: &str, moves: &str, depth: i32) -> (Position, search::Outcome) {
    let mut pos = Position::from_fen(fen).unwrap();
    for m in moves.split_whitespace() {
        pos.try_play(m).unwrap();
    }
    let shared = Shared::new(16);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let outcome = search::search(&pos, &limits, &Config::default(), &shared, &Silent);
    (pos, outcome)
}

#[test]
fn never_walks_into_a_perpetual_check_loss() {
    // Red's rook has checked on every move of the cycle; checking again from e0 would
    // repeat the position and lose by perpetual check (长将). Red, a rook up, varies.
    let (_, outcome) = search_after(
        "4k4/9/9/9/9/9/9/9/9/3K1R3 w - - 0 1",
        "f0e0 e9f9 e0f0 f9e9",
        8,
    );
    assert_ne!(outcome.best.unwrap().to_string(), "f0e0");
    assert!(outcome.score > 300, "{}", outcome.score);
}

#[test]
fn uses_the_opponents_perpetual_check_as_a_win() {
    // Black, a rook up, has checked on every move; Red's king returns to e0 and the
    // position repeats: Black must vary or lose, so the repetition is a win for Red.
    // Red could also block the check with its horse (g2f4) and stay a rook down; the
    // repetition is the better of the two.
    let (pos, outcome) = search_after(
        "3k1r3/9/9/9/9/9/P8/6N2/9/4K4 b - - 0 1",
        "f9e9 e0f0 e9f9",
        6,
    );
    let mut legal: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    legal.sort();
    assert_eq!(legal, ["f0e0", "g2f4"]);
    assert_eq!(outcome.best.unwrap().to_string(), "f0e0");
    assert!(outcome.score > 10_000, "{}", outcome.score);
}

#[test]
fn single_threaded_search_is_deterministic() {
    let fen = "r1bakab2/9/2n6/p5n1p/4R4/9/P3C3P/9/9/RN3K3 b - - 0 1";
    let a = search_fen(fen, 7);
    let b = search_fen(fen, 7);
    assert_eq!(a, b);
    assert!(a.nodes > 1000);
}

#[test]
fn two_threads_find_a_legal_move_and_the_mates() {
    let pos = Position::startpos();
    let shared = Shared::new(16);
    let limits = Limits {
        depth: Some(6),
        ..Limits::default()
    };
    let config = Config {
        threads: 2,
        ..Config::default()
    };
    let outcome = search::search(&pos, &limits, &config, &shared, &Silent);
    assert!(pos.is_legal(outcome.best.unwrap()));
    assert_finds_mate_4(&config, &shared, "2 threads");
}

/// The mate of `MATES[4]` is found at depth 8 with `config` and `shared` (`what`: for
/// the message).
fn assert_finds_mate_4(config: &Config, shared: &Shared, what: &str) {
    let (fen, n) = MATES[4];
    let mate = search::search(
        &Position::from_fen(fen).unwrap(),
        &Limits {
            depth: Some(8),
            ..Limits::default()
        },
        config,
        shared,
        &Silent,
    );
    assert_eq!(mate_in(mate.score), Some(n as i32), "{what}");
}

#[test]
fn helper_threads_are_kept_between_searches_and_follow_the_thread_count() {
    let shared = Shared::new(16);
    assert_eq!(shared.helpers(), 0);
    shared.set_threads(4).unwrap();
    assert_eq!(shared.helpers(), 3, "started when the count is set");
    let fen = "r1bakab2/9/2n6/p5n1p/4R4/9/P3C3P/9/9/RN3K3 b - - 0 1";
    let pos = Position::from_fen(fen).unwrap();
    let limits = Limits {
        depth: Some(7),
        ..Limits::default()
    };
    // The same parked helpers serve search after search, with 4, then 2, then 3
    // threads (the search itself resizes the pool when the count changed).
    for threads in [4, 4, 2, 3, 3, 1] {
        let config = Config {
            threads,
            ..Config::default()
        };
        let outcome = search::search(&pos, &limits, &config, &shared, &Silent);
        assert!(pos.is_legal(outcome.best.unwrap()), "{threads} threads");
        assert_eq!(outcome.depth, 7, "{threads} threads");
        assert_eq!(shared.helpers(), threads - 1, "{threads} threads");
        assert_finds_mate_4(&config, &shared, &format!("{threads} threads"));
    }
    shared.set_threads(1).unwrap();
    assert_eq!(shared.helpers(), 0);
    // Dropping the shared state ends parked helpers (this would hang otherwise).
    shared.set_threads(8).unwrap();
    drop(shared);
}

#[test]
fn a_node_limit_counts_every_threads_nodes() {
    let pos = Position::startpos();
    for threads in [1, 2, 4] {
        let shared = Shared::new(16);
        let limits = Limits {
            nodes: Some(200_000),
            ..Limits::default()
        };
        let config = Config {
            threads,
            ..Config::default()
        };
        let outcome = search::search(&pos, &limits, &config, &shared, &Silent);
        assert!(pos.is_legal(outcome.best.unwrap()));
        // Each thread publishes its count every 1,024 nodes and runs on until it sees the
        // stop: the total passes the limit by a few thousand nodes a thread (more when
        // the threads outnumber the cores), far below the limit once per thread.
        assert!(
            outcome.nodes >= 200_000 && outcome.nodes <= 200_000 + 16_384 * threads as u64,
            "{threads} threads searched {} nodes",
            outcome.nodes
        );
    }
}

#[test]
fn a_mate_on_the_last_move_before_the_natural_limit_wins() {
    // 119 plies without a capture: Red's mating b0b9 is the 120th, which reaches the
    // natural limit, but mate is ruled before the limit (as `Position::game_end`
    // rules it), so the search must see the mate, not a draw.
    let fen = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 119 60";
    let outcome = search_fen(fen, 4);
    assert_eq!(mate_in(outcome.score), Some(1), "score {}", outcome.score);
    assert_eq!(outcome.best.unwrap().to_string(), "b0b9");
    let mut pos = Position::from_fen(fen).unwrap();
    pos.try_play("b0b9").unwrap();
    assert!(pos.legal_moves().is_empty());
}

#[test]
fn move_statistics_are_kept_between_searches_until_a_new_game() {
    let fen = "r1bakab2/9/2n6/p5n1p/4R4/9/P3C3P/9/9/RN3K3 b - - 0 1";
    let pos = Position::from_fen(fen).unwrap();
    let limits = Limits {
        depth: Some(8),
        ..Limits::default()
    };
    let run = |shared: &Shared| search::search(&pos, &limits, &Config::default(), shared, &Silent);
    let shared = Shared::new(16);
    let first = run(&shared);
    // The same table contents (none) but the history of the first search: the tree
    // is ordered differently.
    shared.tt.clear();
    let second = run(&shared);
    assert_ne!(first.nodes, second.nodes, "history was not kept");
    // A new game forgets it: the first search again, node for node.
    shared.clear();
    assert_eq!(run(&shared), first);
}

/// A `ponderhit` that arrives before the pondering search has started (the protocol sets
/// `pondering` before it spawns the search thread) starts the clock for good: the search
/// must end within its budget, not search on as if still pondering.
#[test]
fn a_ponderhit_before_the_search_starts_is_not_undone() {
    let pos = Position::startpos();
    let shared = std::sync::Arc::new(Shared::new(16));
    shared
        .pondering
        .store(true, std::sync::atomic::Ordering::SeqCst);
    shared.ponderhit();
    let limits = Limits {
        ponder: true,
        time: Some(std::time::Duration::from_millis(1000)),
        ..Limits::default()
    };
    let (done, finished) = std::sync::mpsc::channel();
    let searching = std::sync::Arc::clone(&shared);
    std::thread::spawn(move || {
        let outcome = search::search(&pos, &limits, &Config::default(), &searching, &Silent);
        let _ = done.send(outcome.best);
    });
    let best = finished
        .recv_timeout(std::time::Duration::from_secs(20))
        .unwrap_or_else(|_| {
            shared.request_stop();
            panic!("the search ignored the ponderhit and kept on pondering")
        });
    assert!(best.is_some());
}
