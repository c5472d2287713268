//! `fake-engine`: a tiny UCCI/UCI engine for the tourney tests. It plays random legal
//! moves (the rules core chooses them) and can misbehave on purpose.
//!
//! Usage: `fake-engine [MODE [N]] [--uci10] [--seed S] [--score CP] [--prefer M1,M2,…]
//! [--log FILE] [--resign-under MS] [--ponder first|last] [--think MS] [--delay MS]
//! [--deaf-stop] [--eager] [--trace FILE]`
//!
//! Modes (N = the number of good moves before misbehaving, default 0):
//! - `random`: random legal moves (default);
//! - `crash N`: exits instead of answering the (N+1)-th `go`;
//! - `illegal N`: answers the (N+1)-th `go` with an illegal move;
//! - `hang N`: never answers the (N+1)-th `go`;
//! - `garbage N`: prints junk (also invalid UTF-8) and then a junk `bestmove`;
//! - `resign N`: answers `bestmove <m> resign`;
//! - `resignblack N`: resigns when playing Black, plays random moves as Red;
//! - `nomove N`: answers `nobestmove` / `bestmove (none)`;
//! - `slow MS`: waits MS ms before every move;
//! - `nostart`: never finishes the handshake;
//! - `checks`: deterministic: the first checking move (in ICCS order), else the first
//!   legal move (both skip the moves of `banmoves`);
//! - `draw N`: random moves, and from the (N+1)-th on every `bestmove` offers a draw;
//! - `acceptdraw`: random moves, adding `draw` when told `go draw` (UCCI);
//! - `first`, `last`: deterministic: the first (last) legal move in ICCS order.
//!
//! Every mode honours `banmoves` (reset by the next `position`). With `--prefer`, the
//! engine plays the first move of the list that is legal and not banned, and falls back
//! to its mode's choice (so two such engines can be made to play a given cycle). With
//! `--log`, every `go` line received is appended to FILE (so a test can see what the
//! tourney told the engine); with `--trace`, every line received (`< …`) and sent
//! (`> …`).
//!
//! Pondering: with `--ponder first|last` the engine offers the `Ponder` option (UCCI:
//! `ponder`) and names in each `bestmove` the reply it expects (`ponder P`: the first or
//! last legal reply in ICCS order). `go ponder` searches without answering until
//! `ponderhit` (then the answer comes once `--think` MS have passed since `go ponder`)
//! or `stop` (the answer at once; never with `--deaf-stop`); with `--eager` it answers
//! `go ponder` at once, as a broken engine would. `--think MS`: every search
//! takes MS ms; `--delay MS`: wait MS ms before answering a plain `go`. `stop` while
//! idle is answered `nobestmove` under UCCI (as ElephantEye does), ignored under UCI.
//! Every answer's `info` line tells the time searched (`time MS`, from its `go` or
//! `go ponder`, as the engine measured it).

use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};

use chariot::board::{Position, START_FEN};
use tourney::rng::Rng;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut mode = "random".to_string();
    let mut n: u64 = 0;
    let mut uci10 = false;
    let mut seed: Option<u64> = None;
    let mut score: i32 = 0;
    let mut prefer: Vec<String> = Vec::new();
    let mut log: Option<std::fs::File> = None;
    let mut resign_under: Option<u64> = None;
    let mut ponder_guess: Option<String> = None;
    let mut think_ms: u64 = 0;
    let mut delay_ms: u64 = 0;
    let mut deaf_stop = false;
    let mut eager = false;
    let mut trace: Option<std::fs::File> = None;
    let append = |path: Option<&String>| {
        path.and_then(|path| {
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .ok()
        })
    };
    let mut i = 0;
    let mut positional = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--uci10" => uci10 = true,
            "--seed" => {
                i += 1;
                seed = args.get(i).and_then(|s| s.parse().ok());
            }
            "--prefer" => {
                i += 1;
                prefer = args
                    .get(i)
                    .map(|list| list.split(',').map(str::to_string).collect())
                    .unwrap_or_default();
            }
            "--log" => {
                i += 1;
                log = append(args.get(i));
            }
            "--trace" => {
                i += 1;
                trace = append(args.get(i));
            }
            "--ponder" => {
                i += 1;
                ponder_guess = args.get(i).cloned();
            }
            "--think" => {
                i += 1;
                think_ms = args.get(i).and_then(|s| s.parse().ok()).unwrap_or(0);
            }
            "--delay" => {
                i += 1;
                delay_ms = args.get(i).and_then(|s| s.parse().ok()).unwrap_or(0);
            }
            "--deaf-stop" => deaf_stop = true,
            "--eager" => eager = true,
            "--resign-under" => {
                i += 1;
                resign_under = args.get(i).and_then(|s| s.parse().ok());
            }
            "--score" => {
                i += 1;
                score = args.get(i).and_then(|s| s.parse().ok()).unwrap_or(0);
            }
            other => {
                if positional == 0 {
                    mode = other.to_string();
                } else {
                    n = other.parse().unwrap_or(0);
                }
                positional += 1;
            }
        }
        i += 1;
    }
    let mut rng = seed.map(Rng::new).unwrap_or_else(Rng::from_entropy);
    let stdin = io::stdin();
    let mut out = Out {
        out: io::stdout().lock(),
        trace,
    };
    // A ponder search's answer, held back until `ponderhit` or `stop`.
    let mut ponder_search: Option<Answer> = None;
    let mut pos = Position::startpos();
    let mut ucci = true;
    let mut moves_made: u64 = 0;
    let mut banned: Vec<String> = Vec::new();
    let fmt_move = |m: &str| -> String {
        if !uci10 {
            return m.to_string();
        }
        let b = m.as_bytes();
        format!(
            "{}{}{}{}",
            b[0] as char,
            b[1] - b'0' + 1,
            b[2] as char,
            b[3] - b'0' + 1
        )
    };
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if let Some(t) = out.trace.as_mut() {
            let _ = writeln!(t, "< {line}");
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = words.first() else { continue };
        let say = |out: &mut Out, s: &str| out.say(s);
        match cmd {
            "ucci" | "uci" => {
                ucci = cmd == "ucci";
                if mode == "nostart" {
                    continue;
                }
                say(&mut out, "id name FakeEngine");
                say(&mut out, "id author chariot tests");
                if ucci {
                    say(&mut out, "option usemillisec type check default true");
                    say(&mut out, "option newgame type button");
                    if ponder_guess.is_some() {
                        say(&mut out, "option ponder type check default false");
                    }
                    say(&mut out, "ucciok");
                } else {
                    say(
                        &mut out,
                        "option name UCI_Variant type combo default xiangqi var xiangqi",
                    );
                    say(
                        &mut out,
                        "option name Hash type spin default 16 min 1 max 1024",
                    );
                    if ponder_guess.is_some() {
                        say(&mut out, "option name Ponder type check default false");
                    }
                    say(&mut out, "uciok");
                }
            }
            "isready" => say(&mut out, "readyok"),
            "ponderhit" => {
                if let Some(answer) = ponder_search.take() {
                    let due = answer.started + Duration::from_millis(think_ms);
                    std::thread::sleep(due.saturating_duration_since(Instant::now()));
                    answer.say(&mut out);
                }
            }
            "stop" => match ponder_search.take() {
                Some(answer) if !deaf_stop => answer.say(&mut out),
                Some(_) => {}
                None if ucci => say(&mut out, "nobestmove"),
                None => {}
            },
            "quit" => {
                if ucci {
                    say(&mut out, "bye");
                }
                return;
            }
            "banmoves" => {
                banned = words[1..]
                    .iter()
                    .map(|m| if uci10 { from_uci10(m) } else { m.to_string() })
                    .collect();
            }
            "position" => {
                banned.clear();
                let (fen, k) = if words.get(1) == Some(&"startpos") {
                    (START_FEN.to_string(), 2)
                } else {
                    let end = words
                        .iter()
                        .position(|w| *w == "moves")
                        .unwrap_or(words.len());
                    (words[2.min(end)..end].join(" "), end)
                };
                pos = Position::from_fen(&fen).unwrap_or_else(|_| Position::startpos());
                if words.get(k) == Some(&"moves") {
                    for m in &words[k + 1..] {
                        let iccs = if uci10 { from_uci10(m) } else { m.to_string() };
                        if pos.try_play(&iccs).is_err() {
                            break;
                        }
                    }
                }
            }
            "go" => {
                if let Some(f) = log.as_mut() {
                    let _ = writeln!(f, "{line}");
                }
                let misbehave = moves_made >= n;
                let pondering = words.get(1) == Some(&"ponder");
                let started = Instant::now();
                match mode.as_str() {
                    "crash" if misbehave => std::process::exit(3),
                    "hang" if misbehave => continue,
                    "slow" => std::thread::sleep(Duration::from_millis(n)),
                    _ => {}
                }
                let all = pos.legal_moves();
                let legal: Vec<_> = all
                    .iter()
                    .copied()
                    .filter(|m| !banned.contains(&m.to_string()))
                    .collect();
                let legal = if legal.is_empty() {
                    all.to_vec()
                } else {
                    legal
                };
                moves_made += 1;
                if mode == "garbage" && misbehave {
                    let _ = out.out.write_all(b"\xff\xfe garbage \x00 line\n");
                    say(&mut out, "info depth banana score");
                    say(&mut out, "bestmove ~~~~garbage~~~~");
                    continue;
                }
                if mode == "nomove" && misbehave || legal.is_empty() {
                    say(
                        &mut out,
                        if ucci {
                            "nobestmove"
                        } else {
                            "bestmove (none)"
                        },
                    );
                    continue;
                }
                if mode == "illegal" && misbehave {
                    // A syntactically fine move that no position allows: a9a0 jumps the
                    // whole board, and a0a0 is not a move.
                    let mut bad = "a0a0".to_string();
                    for cand in ["a9a0", "i9i0", "e4e6", "e0e9"] {
                        if pos.parse_move(cand).is_err() {
                            bad = cand.to_string();
                            break;
                        }
                    }
                    say(&mut out, &format!("bestmove {}", fmt_move(&bad)));
                    continue;
                }
                let preferred = prefer
                    .iter()
                    .find(|m| legal.iter().any(|l| l.to_string() == **m));
                let mut sorted: Vec<String> = legal.iter().map(|m| m.to_string()).collect();
                sorted.sort();
                let mv = if let Some(m) = preferred {
                    m.clone()
                } else if mode == "first" {
                    sorted[0].clone()
                } else if mode == "last" {
                    sorted[sorted.len() - 1].clone()
                } else if mode == "checks" {
                    sorted
                        .iter()
                        .find(|m| pos.gives_check(pos.parse_move(m).expect("legal")))
                        .unwrap_or(&sorted[0])
                        .clone()
                } else {
                    legal[rng.below(legal.len())].to_string()
                };
                let info = format!(
                    "info depth 1 score {}{score} nodes 1",
                    if ucci { "" } else { "cp " },
                );
                let black = pos.side_to_move() == chariot::board::Color::Black;
                let clock_key = match (ucci, black) {
                    (true, _) => "time",
                    (false, false) => "wtime",
                    (false, true) => "btime",
                };
                let own_time = words
                    .windows(2)
                    .find(|w| w[0] == clock_key)
                    .and_then(|w| w[1].parse::<u64>().ok());
                let short_of_time = matches!((resign_under, own_time), (Some(u), Some(t)) if t < u);
                let resign = (mode == "resign" || mode == "resignblack" && black) && misbehave
                    || short_of_time;
                let draw = (mode == "draw" && misbehave)
                    || (mode == "acceptdraw" && words.get(1) == Some(&"draw"));
                let tail = if resign {
                    " resign"
                } else if draw {
                    " draw"
                } else {
                    ""
                };
                let expected = ponder_guess.as_deref().and_then(|guess| {
                    let mut after = pos.clone();
                    after.make_move(after.parse_move(&mv).ok()?);
                    let mut replies: Vec<String> =
                        after.legal_moves().iter().map(|m| m.to_string()).collect();
                    replies.sort();
                    if guess == "last" {
                        replies.pop()
                    } else {
                        replies.into_iter().next()
                    }
                });
                let ponder = expected
                    .map(|p| format!(" ponder {}", fmt_move(&p)))
                    .unwrap_or_default();
                let answer = Answer {
                    started,
                    info,
                    pv: fmt_move(&mv),
                    best: format!("bestmove {}{ponder}{tail}", fmt_move(&mv)),
                };
                if pondering && !eager {
                    ponder_search = Some(answer);
                    continue;
                }
                let due = started + Duration::from_millis(think_ms.max(delay_ms));
                std::thread::sleep(due.saturating_duration_since(Instant::now()));
                answer.say(&mut out);
            }
            _ => {}
        }
    }
}

/// A search's answer: its `info` line (without the time), its move, and its `bestmove`
/// line.
struct Answer {
    /// When its `go` (or `go ponder`) came.
    started: Instant,
    info: String,
    pv: String,
    best: String,
}

impl Answer {
    /// Sends the answer, the `info` line with the time searched since `go` in ms.
    fn say(&self, out: &mut Out) {
        let ms = self.started.elapsed().as_millis();
        out.say(&format!("{} time {ms} pv {}", self.info, self.pv));
        out.say(&self.best);
    }
}

/// The engine's output, copied to the trace file when there is one.
struct Out {
    out: io::StdoutLock<'static>,
    trace: Option<std::fs::File>,
}

impl Out {
    fn say(&mut self, line: &str) {
        let _ = writeln!(self.out, "{line}");
        let _ = self.out.flush();
        if let Some(t) = self.trace.as_mut() {
            let _ = writeln!(t, "> {line}");
        }
    }
}

fn from_uci10(m: &str) -> String {
    let b = m.as_bytes();
    let digits_end = 1 + b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
    let sq = |s: &str| -> String {
        let r: u8 = s[1..].parse().unwrap_or(1);
        format!("{}{}", &s[..1], r.saturating_sub(1))
    };
    if digits_end >= m.len() {
        return m.to_string();
    }
    format!("{}{}", sq(&m[..digits_end]), sq(&m[digits_end..]))
}
