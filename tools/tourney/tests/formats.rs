//! The tournament formats played for real between fake engines (the `fake-engine`
//! binary): a round robin by the Berger tables, a Swiss, a knockout whose drawn ties go
//! to the extra games and the decider, double elimination, groups with a knockout
//! final, and an event stopped and resumed that ends with the table of a straight run.

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use tourney::clock::TimeControl;
use tourney::engine::{EngineConfig, Protocol};
use tourney::event::config::TournamentFormat;
use tourney::event::{schedule, TournamentConfig};
use tourney::game::GameSettings;
use tourney::report::pgn::MoveText;

use crate::common::{fake_engine, play_event};

const TOURNEY: &str = env!("CARGO_BIN_EXE_tourney");

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tourney-formats-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    let _ = std::fs::remove_file(&p);
    p
}

fn fake(name: &str, args: &[&str]) -> EngineConfig {
    let mut e = EngineConfig::new(name, fake_engine(), Protocol::Ucci);
    e.args = args.iter().map(|s| s.to_string()).collect();
    e.limits.tc = TimeControl::parse("2+0.05").unwrap();
    e.limits.margin_ms = 200;
    e.init_timeout_ms = 5_000;
    e
}

fn config(engines: Vec<EngineConfig>, format: TournamentFormat) -> TournamentConfig {
    let mut settings = GameSettings {
        hang_timeout_ms: 5_000,
        ..GameSettings::default()
    };
    settings.rules.move_limit = 30;
    TournamentConfig {
        engines,
        format,
        games: 1,
        concurrency: 2,
        rating_interval: 0,
        settings,
        event: "formats".into(),
        ..TournamentConfig::default()
    }
}

/// The tags of every game of a PGN file.
fn pgn_tags(path: &PathBuf) -> Vec<HashMap<String, String>> {
    let text = std::fs::read_to_string(path).unwrap();
    text.split("[Game ")
        .skip(1)
        .map(|chunk| {
            chunk
                .lines()
                .filter_map(|l| l.strip_prefix('['))
                .filter_map(|l| l.split_once(' '))
                .map(|(k, v)| {
                    (
                        k.to_string(),
                        v.trim_end_matches(']').trim_matches('"').to_string(),
                    )
                })
                .collect()
        })
        .collect()
}

/// What follows "Tournament finished" in a run's output.
fn final_table(out: &str) -> String {
    out.split("Tournament finished\n")
        .nth(1)
        .unwrap_or_else(|| panic!("unfinished:\n{out}"))
        .to_string()
}

#[test]
fn berger_round_robin_of_five() {
    let engines: Vec<EngineConfig> = (1..=5)
        .map(|i| fake(&format!("E{i}"), &["random", "0", "--seed", &i.to_string()]))
        .collect();
    let pgn = temp("berger.pgn");
    let mut cfg = config(engines, TournamentFormat::RoundRobin);
    cfg.pgn_out = Some((pgn.to_string_lossy().to_string(), MoveText::Iccs));
    // The schedule: the order table of 6 with number 6 sitting out, first-listed Red.
    let jobs = schedule(&cfg);
    let pairs: Vec<(u32, usize, usize)> = jobs.iter().map(|j| (j.round, j.red, j.black)).collect();
    assert_eq!(
        pairs,
        [
            (1, 1, 4),
            (1, 2, 3),
            (2, 4, 2),
            (2, 0, 1),
            (3, 2, 0),
            (3, 3, 4),
            (4, 0, 3),
            (4, 1, 2),
            (5, 3, 1),
            (5, 4, 0)
        ]
    );
    let (st, out) = play_event(&cfg);
    assert_eq!(st.games.len(), 10, "{out}");
    for i in 0..5 {
        assert_eq!(st.total(i).games(), 4);
    }
    let table = final_table(&out);
    assert!(table.starts_with("Rank"), "{table}");
    assert_eq!(table.lines().count(), 6, "{table}");
    // PGN Round tags: round.board, with the scheduled colours.
    let tags = pgn_tags(&pgn);
    assert_eq!(tags.len(), 10);
    let mut rounds: Vec<(String, String, String)> = tags
        .iter()
        .map(|t| (t["Round"].clone(), t["Red"].clone(), t["Black"].clone()))
        .collect();
    rounds.sort();
    assert_eq!(rounds[0], ("1.1".into(), "E2".into(), "E5".into()));
    assert_eq!(rounds[9], ("5.2".into(), "E5".into(), "E1".into()));
    // Two games an encounter (两局制) swap colours; a second cycle reverses the first.
    cfg.games = 2;
    cfg.rounds = 2;
    let jobs = schedule(&cfg);
    assert_eq!(jobs.len(), 40);
    assert_eq!(
        (jobs[0].red, jobs[0].black, jobs[0].tag.as_str()),
        (1, 4, "1.1.1")
    );
    assert_eq!(
        (jobs[1].red, jobs[1].black, jobs[1].tag.as_str()),
        (4, 1, "1.1.2")
    );
    assert_eq!((jobs[20].red, jobs[20].black, jobs[20].round), (4, 1, 6));
}

#[test]
fn swiss_of_seven_over_five_rounds() {
    let engines: Vec<EngineConfig> = (1..=7)
        .map(|i| fake(&format!("S{i}"), &["random", "0", "--seed", &i.to_string()]))
        .collect();
    let pgn = temp("swiss.pgn");
    let mut cfg = config(engines, TournamentFormat::Swiss);
    cfg.rounds = 5;
    cfg.pgn_out = Some((pgn.to_string_lossy().to_string(), MoveText::Iccs));
    let (st, out) = play_event(&cfg);
    assert_eq!(st.games.len(), 5 * 3, "{out}");
    // No pair twice, no colour three times running.
    let mut met = std::collections::HashSet::new();
    let mut colours: Vec<Vec<bool>> = vec![Vec::new(); 7];
    let mut games: Vec<_> = st.games.iter().map(|(j, _)| j).collect();
    games.sort_by_key(|j| j.number);
    for j in &games {
        assert!(
            met.insert((j.red.min(j.black), j.red.max(j.black))),
            "{out}"
        );
        colours[j.red].push(true);
        colours[j.black].push(false);
    }
    for c in &colours {
        assert!(c.len() >= 4, "{out}");
        for w in c.windows(3) {
            assert!(!(w[0] == w[1] && w[1] == w[2]), "{c:?}\n{out}");
        }
    }
    // The standings carry the tie-break columns and one cell a round; five byes.
    let table = final_table(&out);
    let head = table.lines().nth(1).unwrap();
    for col in ["Rank", "No", "Pts", "Opp", "W", "Fouls", "R1", "R5"] {
        assert!(head.contains(col), "{table}");
    }
    assert_eq!(table.matches("bye+").count(), 5, "{table}");
    assert_eq!(st.placings.len(), 7);
    let tags = pgn_tags(&pgn);
    let mut rounds: Vec<&str> = tags.iter().map(|t| t["Round"].as_str()).collect();
    rounds.sort_unstable();
    assert_eq!(&rounds[..3], ["1.1", "1.2", "1.3"]);
    assert_eq!(rounds[14], "5.3");
}

#[test]
fn knockout_of_six_with_a_drawn_tie_decided_by_the_extra_games() {
    // Every engine offers a draw with every move, so every game between two of them is
    // drawn by agreement; K3 and K5 also resign whenever their clock shows less than a
    // second, which happens only on the tie-break clock (a quarter of 2 s). The
    // bracket of 8: 1 and 2 have byes; 4 v 5 and 3 v 6 are drawn 1-1 and the extra
    // pair goes 2-0 to K4 and K6; the semifinals and the final are level after the
    // extra pair too, and the decider's Black goes through.
    let draw = |name: &str| fake(name, &["draw", "0"]);
    let resign_fast = |name: &str| fake(name, &["draw", "0", "--resign-under", "1000"]);
    let engines = vec![
        draw("K1"),
        draw("K2"),
        resign_fast("K3"),
        draw("K4"),
        resign_fast("K5"),
        draw("K6"),
    ];
    let pgn = temp("knockout.pgn");
    let mut cfg = config(engines, TournamentFormat::Knockout);
    cfg.games = 2;
    cfg.seed = 11;
    cfg.pgn_out = Some((pgn.to_string_lossy().to_string(), MoveText::Iccs));
    let (st, out) = play_event(&cfg);
    // Round 1: two ties of 2 + 2 games; semifinals and final: 2 + 2 + 1 each.
    assert_eq!(st.games.len(), 2 * 4 + 3 * 5, "{out}");
    assert!(
        out.contains("1.2      [4] K4 v [5] K5: 1-1, extra pair 1 2-0 -> K4"),
        "{out}"
    );
    assert!(
        out.contains("1.4      [3] K3 v [6] K6: 1-1, extra pair 1 0-2 -> K6"),
        "{out}"
    );
    assert!(out.contains("1.1      [1] K1 (bye)"), "{out}");
    // The extra games ran on the quarter clock; each decider's Black went through:
    // it plays in the next round, or is the champion.
    let last_round = st.games.iter().map(|(j, _)| j.round).max().unwrap();
    let mut deciders = 0;
    for (job, rec) in &st.games {
        let extra = job.encounter.first_game > 0;
        let want = if extra { "0.5+0.012" } else { "2+0.05" };
        assert_eq!(rec.time_control, want, "{}", job.tag);
        if job.encounter.first_game == 4 {
            deciders += 1;
            assert_eq!(job.encounter.games, 1);
            let went_on = if job.round == last_round {
                st.placings[0].engine == job.black
            } else {
                st.games.iter().any(|(j, _)| {
                    j.round == job.round + 1 && (j.red == job.black || j.black == job.black)
                })
            };
            assert!(went_on, "{}\n{out}", job.tag);
        }
    }
    assert_eq!(deciders, 3);
    // The bracket was printed as it grew, and the places at the end.
    assert!(
        out.matches("Knockout (single elimination)").count() >= 4,
        "{out}"
    );
    let table = final_table(&out);
    assert!(table.contains("Champion: "), "{table}");
    assert!(table.contains("Place"), "{table}");
    let places: Vec<usize> = st.placings.iter().map(|p| p.place).collect();
    assert_eq!(places, [1, 2, 3, 3, 5, 5]);
    let out_in: Vec<usize> = st.placings[4..].iter().map(|p| p.engine).collect();
    let mut out_in = out_in;
    out_in.sort_unstable();
    assert_eq!(out_in, [2, 4], "K3 and K5 out in round 1");
    let tags = pgn_tags(&pgn);
    assert_eq!(tags.len(), 23);
    assert!(tags.iter().any(|t| t["Round"] == "1.2.3"));
    assert!(tags.iter().any(|t| t["Round"] == "3.1.5"));
}

/// Runs tourney with `args`, returning its output.
fn tourney(args: &[String]) -> String {
    let out = Command::new(TOURNEY).args(args).output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// Engine flags for `n` seeded random fake engines.
fn fake_engines(prefix: &str, n: usize) -> Vec<String> {
    let mut a = Vec::new();
    for i in 1..=n {
        a.extend(args(&[
            "-engine",
            &format!("name={prefix}{i}"),
            &format!("cmd={}", fake_engine()),
            "arg=random",
            "arg=0",
            "arg=--seed",
            &format!("arg={i}"),
        ]));
    }
    a
}

#[test]
fn double_knockout_and_groups_from_the_command_line() {
    let mut a = fake_engines("D", 5);
    a.extend(args(&[
        "-each",
        "tc=2+0.05",
        "-tournament",
        "double-knockout",
        "-games",
        "1",
        "-maxmoves",
        "20",
        "-concurrency",
        "2",
        "-srand",
        "3",
        "-tiebreak",
        "tc=1+0.02",
        "pairs=1",
    ]));
    let out = tourney(&a);
    let table = final_table(&out);
    assert!(table.contains("Knockout (double elimination): 5 engines, bracket of 8"));
    assert!(table.contains("Losers' round"), "{table}");
    assert!(table.contains("Grand final"), "{table}");
    assert!(table.contains("Champion: D"), "{table}");

    // The groups are seeded by an earlier event's places: a round robin of the same
    // engines, kept in a state file.
    let earlier = temp("seeding.state");
    let mut a = fake_engines("G", 6);
    a.extend(args(&[
        "-each",
        "tc=2+0.05",
        "-games",
        "1",
        "-maxmoves",
        "20",
        "-state",
        earlier.to_str().unwrap(),
    ]));
    let out = tourney(&a);
    let by_place: Vec<String> = final_table(&out)
        .lines()
        .skip(1)
        .map(|l| l.split_whitespace().nth(1).unwrap().to_string())
        .collect();
    assert_eq!(by_place.len(), 6, "{out}");
    let mut a = fake_engines("G", 6);
    a.extend(args(&[
        "-seeding",
        &format!("results={}", earlier.display()),
        "-each",
        "tc=2+0.05",
        "-tournament",
        "groups",
        "-groups",
        "count=2",
        "advance=2",
        "final=knockout",
        "-games",
        "1",
        "-maxmoves",
        "20",
        "-concurrency",
        "2",
        "-rating",
        "qq",
    ]));
    let out = tourney(&a);
    let table = final_table(&out);
    for part in [
        "Group A",
        "Group B",
        "Final",
        "Overall",
        "Champion: G",
        "Start",
    ] {
        assert!(table.contains(part), "{part}: {table}");
    }
    // Snake seeding by the earlier places: A = 1st 4th 5th, B = 2nd 3rd 6th.
    let group_a = table.split("Group B").next().unwrap();
    for (k, name) in by_place.iter().enumerate() {
        assert_eq!(
            group_a.contains(name.as_str()),
            [0, 3, 4].contains(&k),
            "{table}"
        );
    }

    // Formats' settings are checked.
    let mut bad = fake_engines("B", 4);
    bad.extend(args(&[
        "-each",
        "depth=1",
        "-tournament",
        "swiss",
        "-rounds",
        "4",
    ]));
    let out = Command::new(TOURNEY).args(&bad).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("at most 3 rounds"));
    let mut bad = fake_engines("B", 3);
    bad.extend(args(&[
        "-each",
        "depth=1",
        "-tournament",
        "groups",
        "-groups",
        "count=2",
    ]));
    let out = Command::new(TOURNEY).args(&bad).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("fewer than two"));
}

#[test]
fn a_resumed_event_ends_as_a_straight_run() {
    // A Swiss of six seeded (so repeatable) engines over three rounds with the QQ
    // ratings: once straight through, once killed after a few games and resumed.
    let event = |state: &PathBuf, pgn: &PathBuf| {
        let mut a = fake_engines("R", 6);
        a.extend(args(&[
            "-each",
            "tc=5+0.1",
            "-tournament",
            "swiss",
            "-rounds",
            "3",
            "-games",
            "2",
            "-maxmoves",
            "30",
            "-concurrency",
            "1",
            "-rating",
            "qq",
            "-srand",
            "5",
            "-state",
            state.to_str().unwrap(),
            "-pgnout",
            pgn.to_str().unwrap(),
        ]));
        a
    };
    let (state, straight_pgn) = (temp("straight.state"), temp("straight.pgn"));
    let straight = tourney(&event(&state, &straight_pgn));
    let total = straight.matches("Started game").count();
    assert_eq!(total, 18);

    let (state, pgn) = (temp("resumed.state"), temp("resumed.pgn"));
    let mut child = Command::new(TOURNEY)
        .args(event(&state, &pgn))
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let games_in = |state: &PathBuf| {
        std::fs::read_to_string(state)
            .map(|s| s.lines().filter(|l| l.starts_with("game\t")).count())
            .unwrap_or(0)
    };
    while games_in(&state) < 5 {
        assert!(start.elapsed() < Duration::from_secs(60), "no progress");
        assert!(
            child.try_wait().unwrap().is_none(),
            "finished before the kill"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let done = games_in(&state);
    assert!(done < total, "killed too late");
    // A crash between a game's state line and its PGN: the last game the state file
    // holds is not in the PGN file (taken out here if the kill came later).
    let in_pgn = |pgn: &PathBuf| pgn_tags(pgn).len();
    let text = std::fs::read_to_string(&pgn).unwrap();
    if in_pgn(&pgn) == done {
        let last = text.rfind("[Game ").unwrap();
        std::fs::write(&pgn, &text[..last]).unwrap();
    }
    let lost = done - in_pgn(&pgn);
    assert!(lost >= 1, "{lost}");
    let resumed = tourney(&args(&["-resume", state.to_str().unwrap()]));
    assert!(
        resumed.contains(&format!(
            "Wrote to '{}' the finished game{} that the state file holds and it lacked: ",
            pgn.display(),
            if lost == 1 { "" } else { "s" }
        )),
        "{resumed}"
    );
    assert!(
        resumed.contains(&format!(
            "Resuming '{}': {done} finished games",
            state.display()
        )),
        "{resumed}"
    );
    assert_eq!(resumed.matches("(from the state file)").count(), done);
    assert_eq!(resumed.matches("Started game").count(), total - done);
    assert_eq!(final_table(&resumed), final_table(&straight));
    // The state file now holds the whole event, and the PGN file every game once: the
    // same games as the straight run's, whatever their order.
    assert_eq!(games_in(&state), total);
    let tags = pgn_tags(&pgn);
    let mut rounds: Vec<&str> = tags.iter().map(|t| t["Round"].as_str()).collect();
    rounds.sort_unstable();
    let n = rounds.len();
    rounds.dedup();
    assert_eq!(rounds.len(), n, "a game written twice");
    assert_eq!(n, total, "{n} of {total} games in the PGN file");
    let games_of = |pgn: &PathBuf| {
        let text = std::fs::read_to_string(pgn).unwrap();
        let mut games: Vec<(String, String, String, String, Vec<String>)> =
            chariot::notation::read_pgn(&text)
                .unwrap()
                .iter()
                .map(|g| {
                    let tag = |name: &str| g.tag(name).unwrap_or("").to_string();
                    let moves = g.moves.iter().map(|m| m.to_string()).collect();
                    (
                        tag("Round"),
                        tag("Red"),
                        tag("Black"),
                        g.result.clone(),
                        moves,
                    )
                })
                .collect();
        games.sort();
        games
    };
    assert_eq!(games_of(&pgn), games_of(&straight_pgn));
    // Resuming takes no flag that would change the event.
    let out = Command::new(TOURNEY)
        .args(["-resume", state.to_str().unwrap(), "-games", "4"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot be given with -resume"));
}

#[test]
fn team_events_from_the_command_line() {
    // Three teams of two seeded random engines, board order as listed.
    let teams = args(&[
        "-team", "Alpha", "T1", "T4", "-team", "Beta", "T2", "T5", "-team", "Gamma", "T3", "T6",
    ]);
    let pgn = temp("teams.pgn");
    let mut a = fake_engines("T", 6);
    a.extend(args(&[
        "-each",
        "tc=2+0.05",
        "-tournament",
        "team-round-robin",
        "-games",
        "1",
        "-maxmoves",
        "20",
        "-concurrency",
        "2",
        "-pgnout",
        pgn.to_str().unwrap(),
    ]));
    a.extend(teams.clone());
    let out = tourney(&a);
    let table = final_table(&out);
    for part in [
        "Team standings",
        "Alpha",
        "Beta",
        "Gamma",
        "Boards",
        "Alpha board 2",
    ] {
        assert!(table.contains(part), "{part}: {table}");
    }
    // The order table of four (team 4 sits out): 2-3, 1-2, 3-1; the first team has Red
    // on board 1 and Black on board 2.
    let tags = pgn_tags(&pgn);
    assert_eq!(tags.len(), 6);
    let board = |round: &str| {
        let t = tags.iter().find(|t| t["Round"] == round).unwrap();
        (t["Red"].clone(), t["Black"].clone())
    };
    assert_eq!(board("1.1.1"), ("T2".into(), "T3".into()));
    assert_eq!(board("1.1.2"), ("T6".into(), "T5".into()));
    assert_eq!(board("2.1.1"), ("T1".into(), "T2".into()));
    assert_eq!(board("3.1.2"), ("T4".into(), "T6".into()));

    // 队员总分: the same teams placed by their engines' places in a Swiss.
    let mut a = fake_engines("T", 6);
    a.extend(args(&[
        "-each",
        "tc=2+0.05",
        "-tournament",
        "swiss",
        "-rounds",
        "2",
        "-maxmoves",
        "20",
    ]));
    a.extend(teams);
    let out = tourney(&a);
    let table = final_table(&out);
    assert!(table.contains("Teams by their engines' places"), "{table}");
    // A team missing for a team event is an error.
    let mut bad = fake_engines("T", 4);
    bad.extend(args(&[
        "-each",
        "depth=1",
        "-tournament",
        "team-round-robin",
    ]));
    bad.extend(args(&["-team", "A", "T1", "T2", "-team", "B", "T3"]));
    let out = Command::new(TOURNEY).args(&bad).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("as many engines"));
}
