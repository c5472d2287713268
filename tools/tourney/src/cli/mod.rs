//! The `tourney` command line, in the single-dash `key=value` style of cutechess-cli and
//! fastchess so test scripts carry over.

use crate::clock::{parse_seconds, TimeControl};
use crate::engine::{is_cecp_name, Coords, EngineConfig, Protocol};
use crate::event::config::{
    FinalFormat, GroupOptions, Seeding, Team, Tiebreak, TournamentConfig, TournamentFormat,
};
use crate::event::resume;
use crate::event::runner::replay;
use crate::game::{DrawAdjudication, ResignAdjudication};
use crate::openings::{book_openings, load_openings, OpeningFormat};

/// How many plies `-openings format=book` plays from the book unless `plies=` says.
const BOOK_PLIES: usize = 8;
use crate::report::pgn::MoveText;
use crate::report::rating::{RatingMethod, Scoring};
use crate::report::stats::Sprt;
use crate::rng::Rng;
use chariot::board::GameRules;

/// The `-help` text.
pub const HELP: &str = "\
tourney: matches and tournaments between xiangqi engines (UCCI, UCI or CECP)

Usage: tourney -engine cmd=PATH [KEY=VALUE...] -engine ... [-each KEY=VALUE...] [OPTIONS]

Engine settings (for -engine, or -each for all engines):
  name=NAME            display name (default: the file name of cmd)
  cmd=PATH             the engine program (required)
  arg=ARG              one command-line argument for the engine (repeatable)
  dir=DIR              working directory
  proto=ucci|uci|cecp  protocol (default ucci): ucci = UCCI 3.0; uci = UCI as xiangqi
                       engines speak it; cecp (also xboard) = CECP, the XBoard/WinBoard
                       protocol 2, for XBoard xiangqi engines (MaxQi, Sjaak II): the
                       engine must list xiangqi in 'feature variants'; it is sent new,
                       variant xiangqi, force, post, easy/hard, level/st/sd, the start
                       position (setboard, or edit mode without it) and the moves,
                       time/otim (centiseconds) before each move, then go or the
                       opponent's move; it answers 'move M' ('... M' too), may send
                       'offer draw' before it, or 'resign', or a result ('1-0 {...}'),
                       a claim the arbiter checks: a false claim loses, as does
                       'Illegal move' for a move the rules allow
  coords=iccs|uci10    move coordinates: iccs = ranks 0-9 (default, also for cecp: as
                       XBoard, MaxQi, Sjaak II and Chariot write xiangqi moves);
                       uci10 = ranks 1-10 (Fairy-Stockfish under plain uci)
  option.NAME=VALUE    engine option, sent after the handshake (UCI: setoption name NAME
                       value VALUE; UCCI: setoption NAME VALUE; CECP: option NAME=VALUE,
                       or memory VALUE for Hash/memory and cores VALUE for
                       Threads/cores when the engine offers no option of that name)
  tc=TC                time control: [MOVES/]TIME[+INC], periods joined by commas, the
                       last repeating; TIME in seconds or min:sec; tc=inf for none.
                       Examples: tc=10+0.1  tc=40/60+0.5  tc=40/5400,10/900
  byoyomi=G/S/B        QQ-style game time G, per-move limit S while in game time (0 =
                       none) and byo-yomi B per move once game time is spent (seconds)
  st=SECONDS           fixed time per move
  depth=N              fixed depth
  nodes=N              fixed nodes
  timemargin=MS        tolerated overrun before a time forfeit (default 50 ms)
  banmoves=true|false  UCCI: send 'banmoves' for the moves that would complete a
                       forbidden repetition (perpetual check) for the engine (default
                       true; UCI engines are never sent it)
  ponder[=true|false]  think on the opponent's time: after 'bestmove M ponder P' the
                       engine is sent the game with P played and 'go ponder' (the
                       clocks as they will be if P is played); 'ponderhit' when P is
                       played (its clock runs from the opponent's move), else 'stop'
                       (the answer is dropped; the time to stop counts) and a new
                       search. UCI engines offering 'Ponder' (UCCI: 'ponder') get it
                       set true. CECP engines are sent 'hard' (else 'easy') and
                       ponder on their own. Default off
  rating=R             rating before the event, for -rating cxa|qq (default: unrated;
                       cxa rates it from the provisional 2300, qq from 1300)
  ratedgames=N         rated games before the event (cxa's K: 25 under 30 games, 15
                       after, 10 from 2500; default 30 with rating=, else 0)
  inittimeout=MS       how long the handshake and isready may take (default 10000)

Match and tournament:
  -games N             games per encounter per round (default 2; Swiss 1); a
                       knockout tie's mini-match
  -rounds N            round-robin cycles or Swiss rounds (default 1; Swiss: see
                       below)
  -repeat              play each opening twice with colours swapped (game pairs)
  -tournament FORMAT   the format (default round-robin; see the README's formats):
                       round-robin      大循环制 in rounds by the Berger tables, the
                                        first-listed of each pairing Red (第13.1条);
                                        -games 1 (一局制) or 2 (两局制, colours
                                        swapped); -rounds N plays the table N times,
                                        colours reversed each time
                       gauntlet         the first engine plays each of the others
                                        (Red first in odd rounds, Black in even)
                       swiss            积分编排制: -rounds N rounds paired by score
                                        (default ceil(log2 engines) + 1) of -games
                                        games (default 1), no pair twice, colours
                                        balanced, a bye scored as a won round
                                        (a win for each of its games); placed by
                                        points, 对手分, wins, fouls
                       knockout         淘汰制, single elimination: seeded bracket (1 v
                                        N, byes to the top seeds), -games games a tie
                                        (colours by lot, then swapped), -tiebreak;
                                        -rounds is not used
                       double-knockout  double elimination (losers' bracket, grand
                                        final, a second final if the losers' champion
                                        wins the first)
                       groups           分组循环制: snake-seeded groups, round robins,
                                        the best of each to a final (-groups)
                       team-round-robin 分台定人 team round robin of the -team teams:
                                        board k v board k, the first-listed team Red
                                        on odd boards (第13.2条); 场分 2-1-0 by 局分,
                                        placed by 场分, 局分, wins, 直胜, fouls
  -seeding list|rating|results=FILE
                       the seeds' order (Swiss, knockout, groups; the round robin's
                       numbers): the command line (default), rating= (highest first,
                       unrated last), or the placings of an earlier event's state file
                       (engines matched by name, the others after)
  -tiebreak [tc=TC] [pairs=N]
                       a knockout's level tie: N extra pairs of games (default 1) on
                       the clock TC (default: each engine's own, every time a quarter),
                       then one decisive game on it where a draw sends Black through
  -groups [count=N] [advance=K] [final=round-robin|knockout]
                       groups: N groups (default 2), the best K of each (default 2) to
                       a final round robin (default) or knockout
  -team NAME ENGINE... a team of the named engines in board order (repeatable); with
                       an individual format the teams are also placed by the sum of
                       their engines' places (队员总分制, 第15.5条)
  -state FILE          write the event's state (command line, every finished game) to
                       FILE as it goes
  -resume FILE         continue the event of state file FILE: its finished games are
                       not played again and the table ends as a straight run's would
                       (only -concurrency and -debug may be given with it)
  -concurrency N       games at once (default 1)
  -openings file=F [format=epd|pgn|book] [order=sequential|random] [plies=N] [start=N]
                       start positions (EPD/FEN lines) or move lists (PGN with ICCS
                       move text); each checked legal. Default: the start position.
                       format=book: a Chariot book (chariot book build); up to 500
                       distinct lines of plies=N (default 8) moves drawn by weight
  -srand N             seed for order=random and the lots (knockout colours, the
                       Swiss first round); recorded in the state file
  -pgnout FILE [iccs|chinese]
                       append every game as PGN (move text ICCS by default)
  -event NAME, -site NAME
                       PGN tags

Rules and adjudication:
  -naturallimit N      moves without a capture that draw the game (default 60; 0 = off);
                       a side counts at most ten of its own checks among them
  -maxmoves N          draw after N moves (default: no limit)
  -rules chinese|asian repetition rulings: chinese (the documents' 棋例, default) or
                       asian (AXF-style: perpetual check or perpetual chase of one
                       piece loses, perpetual mate threats draw)
  -draw movenumber=N movecount=M score=S
                       adjudicate a draw after move N once both engines' scores have
                       stayed within S centipawns for M moves each
  -resign movecount=M score=S [twosided=true]
                       an engine whose score stays at or below -S for M of its moves
                       loses (twosided: its opponent must agree)
  -hangtimeout SECONDS how long an engine without a clock (depth/nodes) may think
                       before it is declared hung (default 60)

Statistics:
  -ratinginterval N    print Elo (two engines) or the table every N games (default 10;
                       0 = only at the end)
  -scoring 1|2|3       points for win-draw-loss: 1 = 1-0.5-0 (default), 2 = 2-1-0
                       (2011 rules), 3 = 3-1-0. The table ranks by points, then 小分
                       (Sonneborn-Berger), wins, 直胜 (points among the tied), fouls
                       (fewer), games as Black, wins as Black; full ties share a rank
  -rating elo|cxa|qq   rating list: elo = logistic Elo with 95% interval (default);
                       cxa = the Chinese Xiangqi Association's 等级分 (K 25/15/10,
                       expected score from 表二, Rn = Ro + K(W - We) over the event);
                       qq = QQ xiangqi (K by rating band, first-move Yfirst -100/+100,
                       updated game by game)
  -sprt elo0=E0 elo1=E1 alpha=A beta=B
                       sequential probability ratio test; stops the match when decided
                       (two engines; pentanomial with -repeat)

Other:
  -debug               echo all engine traffic to stderr
  -help                this text
  -version             the version

Built-in rules (the rules core decides legality and when a game ends): checkmate and
stalemate (困毙) lose; on the third repetition perpetual check loses, a forbidden
perpetual attack (chase, mate threat, or their mixtures, per -rules) against idle
moves loses, otherwise a draw; no attacking pieces on either side is a draw; an
illegal move, a crash, a
hang, garbage instead of a move or a time forfeit loses the game (the reason is in the
PGN Termination tag) and the tournament goes on. 'bestmove M resign' resigns;
'bestmove M draw' offers a draw (UCCI engines are told with 'go draw ...'), and an
offer answered at once by the opponent's own 'draw' ends the game drawn by agreement.
CECP: 'resign' resigns, 'offer draw' before a move offers a draw (CECP engines are
told with 'draw').
";

/// What the command line asks for.
#[derive(Debug)]
pub enum Action {
    /// Run a tournament.
    Run(Box<TournamentConfig>),
    /// Print the help.
    Help,
    /// Print the version.
    Version,
}

/// Engine settings as given; merged with `-each` at the end.
#[derive(Clone, Debug, Default)]
struct EngineArgs {
    pairs: Vec<(String, String)>,
}

fn apply(
    cfg: &mut EngineConfig,
    key: &str,
    value: &str,
    has_clock: &mut bool,
) -> Result<(), String> {
    match key {
        "name" => cfg.name = value.to_string(),
        "cmd" => cfg.cmd = value.to_string(),
        "arg" => cfg.args.push(value.to_string()),
        "dir" => cfg.dir = Some(value.to_string()),
        "proto" => {
            cfg.cecp = is_cecp_name(value);
            if !cfg.cecp {
                cfg.proto = Protocol::parse(value)?;
            }
        }
        "coords" => cfg.coords = Coords::parse(value)?,
        "tc" => {
            cfg.limits.tc = TimeControl::parse(value)?;
            *has_clock = true;
        }
        "byoyomi" => {
            cfg.limits.tc = TimeControl::parse_byoyomi(value)?;
            *has_clock = true;
        }
        "st" => {
            cfg.limits.tc = TimeControl::MoveTime(parse_seconds(value)?);
            *has_clock = true;
        }
        "depth" => {
            cfg.limits.depth = Some(value.parse().map_err(|_| format!("bad depth '{value}'"))?)
        }
        "nodes" => {
            cfg.limits.nodes = Some(value.parse().map_err(|_| format!("bad nodes '{value}'"))?)
        }
        "timemargin" => {
            cfg.limits.margin_ms = value
                .parse()
                .map_err(|_| format!("bad timemargin '{value}' (ms)"))?
        }
        "banmoves" => cfg.banmoves = Some(flag_value(key, value)?),
        "ponder" => cfg.ponder = flag_value(key, value)?,
        "rating" => {
            cfg.rating = Some(
                value
                    .parse()
                    .ok()
                    .filter(|r: &f64| r.is_finite())
                    .ok_or_else(|| format!("bad rating '{value}'"))?,
            )
        }
        "ratedgames" => {
            cfg.rated_games = Some(
                value
                    .parse()
                    .map_err(|_| format!("bad ratedgames '{value}'"))?,
            )
        }
        "inittimeout" => {
            cfg.init_timeout_ms = value
                .parse()
                .map_err(|_| format!("bad inittimeout '{value}' (ms)"))?
        }
        _ => {
            if let Some(name) = key.strip_prefix("option.") {
                cfg.options.retain(|(n, _)| n != name);
                cfg.options.push((name.to_string(), value.to_string()));
            } else {
                return Err(format!("unknown engine setting '{key}'"));
            }
        }
    }
    Ok(())
}

/// An on/off setting's value.
fn flag_value(key: &str, value: &str) -> Result<bool, String> {
    match value.to_ascii_lowercase().as_str() {
        "true" | "1" | "on" | "yes" => Ok(true),
        "false" | "0" | "off" | "no" => Ok(false),
        _ => Err(format!("bad {key} '{value}' (true or false)")),
    }
}

/// An engine setting: `KEY=VALUE`, or a bare `ponder` (cutechess-cli's spelling) for
/// `ponder=true`.
fn engine_setting(token: &str, flag: &str) -> Result<(String, String), String> {
    if token.eq_ignore_ascii_case("ponder") {
        return Ok(("ponder".into(), "true".into()));
    }
    split_kv(token, flag)
}

fn split_kv(token: &str, flag: &str) -> Result<(String, String), String> {
    token
        .split_once('=')
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .ok_or_else(|| format!("{flag}: expected KEY=VALUE, got '{token}'"))
}

fn number<T: std::str::FromStr>(flag: &str, v: Option<&String>) -> Result<T, String> {
    let v = v.ok_or_else(|| format!("{flag} needs a value"))?;
    v.parse().map_err(|_| format!("{flag}: bad number '{v}'"))
}

fn float(flag: &str, key: &str, v: &str) -> Result<f64, String> {
    v.parse().map_err(|_| format!("{flag}: bad {key} '{v}'"))
}

/// Splits the arguments into flags, each with the values after it.
fn flag_groups(args: &[String]) -> Result<Vec<(String, Vec<String>)>, String> {
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for a in args {
        if a.starts_with('-') && a.len() > 1 && !a[1..].starts_with(|c: char| c.is_ascii_digit()) {
            groups.push((a.trim_start_matches('-').to_ascii_lowercase(), Vec::new()));
        } else if let Some(last) = groups.last_mut() {
            last.1.push(a.clone());
        } else {
            return Err(format!("unexpected argument '{a}' (flags start with '-')"));
        }
    }
    Ok(groups)
}

/// How deep `-seeding results=FILE` may refer to events seeded from other events.
const MAX_SEEDING_DEPTH: u32 = 4;

/// Parses the arguments (without the program name).
pub fn parse(args: &[String]) -> Result<Action, String> {
    let groups = flag_groups(args)?;
    let Some((_, file)) = groups.iter().find(|(flag, _)| flag == "resume") else {
        return parse_event(args, 0);
    };
    let [file] = &file[..] else {
        return Err("-resume needs one state file".into());
    };
    let state = resume::load(file)?;
    let Action::Run(mut cfg) = parse_event(&state.args, 0)? else {
        return Err(format!("the command line in '{file}' runs no event"));
    };
    for (flag, vals) in &groups {
        let f = format!("-{flag}");
        match flag.as_str() {
            "resume" => {}
            "concurrency" => cfg.concurrency = number(&f, vals.first())?,
            "debug" => cfg.settings.debug = true,
            _ => {
                return Err(format!(
                    "{f} cannot be given with -resume (the event keeps its command line;                      only -concurrency and -debug may change)"
                ))
            }
        }
    }
    cfg.state_file = Some(file.clone());
    cfg.args = state.args.clone();
    cfg.resumed = Some(state);
    Ok(Action::Run(cfg))
}

/// The seed order from the placings of the event in state file `path`: its engines by
/// place, matched by name to `cfg`'s; engines it did not have follow in command-line
/// order.
fn seeds_from_event(cfg: &TournamentConfig, path: &str, depth: u32) -> Result<Vec<usize>, String> {
    if depth >= MAX_SEEDING_DEPTH {
        return Err(format!(
            "-seeding results={path}: events seeded from each other"
        ));
    }
    let state = resume::load(path)?;
    let Action::Run(mut earlier) = parse_event(&state.args, depth + 1)? else {
        return Err(format!("the command line in '{path}' runs no event"));
    };
    earlier.resumed = Some(state);
    earlier.state_file = None;
    earlier.pgn_out = None;
    let st = replay(&earlier).map_err(|e| format!("-seeding results={path}: {e}"))?;
    let mut order: Vec<usize> = st
        .placings
        .iter()
        .filter_map(|p| {
            cfg.engines
                .iter()
                .position(|e| e.name == st.names[p.engine])
        })
        .collect();
    for i in 0..cfg.engines.len() {
        if !order.contains(&i) {
            order.push(i);
        }
    }
    Ok(order)
}

/// Parses the command line of one event.
fn parse_event(args: &[String], depth: u32) -> Result<Action, String> {
    let groups = flag_groups(args)?;
    let mut rounds_given = false;
    let mut games_given = false;
    let mut seeding_results: Option<String> = None;
    let mut team_args: Vec<Vec<String>> = Vec::new();
    let mut engines: Vec<EngineArgs> = Vec::new();
    let mut each = EngineArgs::default();
    let mut cfg = TournamentConfig::default();
    let mut openings_spec: Option<Vec<String>> = None;
    let mut seed: Option<u64> = None;
    let mut rules = GameRules::default();
    for (flag, vals) in &groups {
        let f = format!("-{flag}");
        let one = || vals.first();
        match flag.as_str() {
            "help" | "h" => return Ok(Action::Help),
            "version" | "v" => return Ok(Action::Version),
            "engine" => engines.push(EngineArgs {
                pairs: vals
                    .iter()
                    .map(|t| engine_setting(t, &f))
                    .collect::<Result<_, _>>()?,
            }),
            "each" => each.pairs.extend(
                vals.iter()
                    .map(|t| engine_setting(t, &f))
                    .collect::<Result<Vec<_>, _>>()?,
            ),
            "games" => {
                cfg.games = number(&f, one())?;
                games_given = true;
            }
            "rounds" => {
                cfg.rounds = number(&f, one())?;
                rounds_given = true;
            }
            "repeat" => cfg.repeat = true,
            "concurrency" => cfg.concurrency = number(&f, one())?,
            "ratinginterval" => cfg.rating_interval = number(&f, one())?,
            "scoring" => {
                cfg.scoring = Scoring::parse(one().ok_or_else(|| format!("{f} needs 1, 2 or 3"))?)?
            }
            "rating" => {
                cfg.rating =
                    RatingMethod::parse(one().ok_or_else(|| format!("{f} needs elo, cxa or qq"))?)?
            }
            "srand" => seed = Some(number(&f, one())?),
            "maxmoves" => rules.move_limit = number(&f, one())?,
            "naturallimit" => rules.natural_limit_moves = number(&f, one())?,
            "rules" => {
                rules.rule_set = one()
                    .ok_or_else(|| format!("{f} needs chinese or asian"))?
                    .parse()
                    .map_err(|e| format!("{f}: {e}"))?
            }
            "hangtimeout" => {
                cfg.settings.hang_timeout_ms =
                    parse_seconds(one().ok_or_else(|| format!("{f} needs seconds"))?)?
            }
            "debug" => cfg.settings.debug = true,
            "event" => cfg.event = vals.join(" "),
            "site" => cfg.site = vals.join(" "),
            "tournament" => {
                cfg.format =
                    TournamentFormat::parse(one().ok_or_else(|| format!("{f} needs a format"))?)?
            }
            "openings" => openings_spec = Some(vals.clone()),
            "seeding" => {
                let v = one().ok_or_else(|| format!("{f} needs list, rating or results=FILE"))?;
                match v.split_once('=') {
                    Some(("results", path)) => seeding_results = Some(path.to_string()),
                    _ => {
                        cfg.seeding = match v.as_str() {
                            "list" => Seeding::List,
                            "rating" => Seeding::Rating,
                            _ => return Err(format!("{f}: unknown seeding '{v}'")),
                        }
                    }
                }
            }
            "tiebreak" => cfg.tiebreak = parse_tiebreak(&f, vals)?,
            "team" => {
                if vals.len() < 2 {
                    return Err(format!("{f} needs a name and at least one engine"));
                }
                team_args.push(vals.clone());
            }
            "groups" => cfg.groups = parse_groups(&f, vals)?,
            "state" => {
                cfg.state_file = Some(one().ok_or_else(|| format!("{f} needs a file"))?.clone())
            }
            "resume" => return Err(format!("{f} is given alone (with -concurrency, -debug)")),
            "pgnout" => {
                let path = one().ok_or_else(|| format!("{f} needs a file"))?.clone();
                let text = match vals.get(1) {
                    Some(t) => MoveText::parse(t)?,
                    None => MoveText::Iccs,
                };
                cfg.pgn_out = Some((path, text));
            }
            "sprt" => {
                let mut s = Sprt {
                    elo0: 0.0,
                    elo1: 5.0,
                    alpha: 0.05,
                    beta: 0.05,
                };
                for t in vals {
                    let (k, v) = split_kv(t, &f)?;
                    match k.as_str() {
                        "elo0" => s.elo0 = float(&f, &k, &v)?,
                        "elo1" => s.elo1 = float(&f, &k, &v)?,
                        "alpha" => s.alpha = float(&f, &k, &v)?,
                        "beta" => s.beta = float(&f, &k, &v)?,
                        _ => return Err(format!("{f}: unknown key '{k}'")),
                    }
                }
                if !(s.alpha > 0.0 && s.alpha < 1.0 && s.beta > 0.0 && s.beta < 1.0)
                    || s.elo1 <= s.elo0
                {
                    return Err(format!("{f}: need 0 < alpha, beta < 1 and elo0 < elo1"));
                }
                cfg.sprt = Some(s);
            }
            "draw" => {
                let mut d = DrawAdjudication {
                    move_number: 0,
                    move_count: 0,
                    score: 0,
                };
                for t in vals {
                    let (k, v) = split_kv(t, &f)?;
                    let n: i64 = v.parse().map_err(|_| format!("{f}: bad {k} '{v}'"))?;
                    match k.as_str() {
                        "movenumber" => d.move_number = n as u32,
                        "movecount" => d.move_count = n as u32,
                        "score" => d.score = n as i32,
                        _ => return Err(format!("{f}: unknown key '{k}'")),
                    }
                }
                if d.move_count == 0 {
                    return Err(format!("{f}: movecount must be at least 1"));
                }
                cfg.settings.draw = Some(d);
            }
            "resign" => {
                let mut r = ResignAdjudication {
                    move_count: 0,
                    score: 0,
                    two_sided: false,
                };
                for t in vals {
                    let (k, v) = split_kv(t, &f)?;
                    match k.as_str() {
                        "movecount" => {
                            r.move_count = v.parse().map_err(|_| format!("{f}: bad {k}"))?
                        }
                        "score" => r.score = v.parse().map_err(|_| format!("{f}: bad {k}"))?,
                        "twosided" => r.two_sided = v == "true" || v == "1",
                        _ => return Err(format!("{f}: unknown key '{k}'")),
                    }
                }
                if r.move_count == 0 || r.score <= 0 {
                    return Err(format!("{f}: movecount and score must be positive"));
                }
                cfg.settings.resign = Some(r);
            }
            _ => return Err(format!("unknown flag '{f}' (see -help)")),
        }
    }
    cfg.settings.rules = rules;
    if engines.len() < 2 {
        return Err("at least two -engine are needed (see -help)".into());
    }
    for (i, e) in engines.iter().enumerate() {
        let mut ec = EngineConfig::new("", "", Protocol::Ucci);
        ec.limits.margin_ms = 50;
        let mut has_clock = false;
        for (k, v) in each.pairs.iter().chain(e.pairs.iter()) {
            apply(&mut ec, k, v, &mut has_clock).map_err(|m| format!("engine {}: {m}", i + 1))?;
        }
        if ec.cmd.is_empty() {
            return Err(format!("engine {}: cmd= is missing", i + 1));
        }
        if ec.name.is_empty() {
            ec.name = std::path::Path::new(&ec.cmd)
                .file_name()
                .map(|s| s.to_string_lossy().to_string())
                .unwrap_or_else(|| ec.cmd.clone());
        }
        if !has_clock && ec.limits.depth.is_none() && ec.limits.nodes.is_none() {
            return Err(format!(
                "engine {} ({}): no time control (tc=, st=, byoyomi=, depth= or nodes=)",
                i + 1,
                ec.name
            ));
        }
        cfg.engines.push(ec);
    }
    // Distinct names.
    for i in 1..cfg.engines.len() {
        let base = cfg.engines[i].name.clone();
        let mut k = 2;
        while cfg.engines[..i]
            .iter()
            .any(|e| e.name == cfg.engines[i].name)
        {
            cfg.engines[i].name = format!("{base}-{k}");
            k += 1;
        }
    }
    // One seed for the openings' order and the lots, recorded for a resumed event.
    cfg.args = args.to_vec();
    cfg.seed = match seed {
        Some(seed) => seed,
        None => {
            let seed = Rng::from_entropy().next_u64() >> 1;
            cfg.args.extend(["-srand".to_string(), seed.to_string()]);
            seed
        }
    };
    if let Some(spec) = openings_spec {
        let (mut file, mut format, mut random, mut plies, mut start) =
            (None, None, false, None, 1usize);
        for t in &spec {
            let (k, v) = split_kv(t, "-openings")?;
            match k.as_str() {
                "file" => file = Some(v),
                "format" => format = Some(OpeningFormat::parse(&v)?),
                "order" => {
                    random = match v.as_str() {
                        "random" => true,
                        "sequential" => false,
                        _ => return Err(format!("-openings: unknown order '{v}'")),
                    }
                }
                "plies" => {
                    plies = Some(
                        v.parse::<usize>()
                            .map_err(|_| "-openings: bad plies".to_string())?,
                    )
                }
                "start" => start = v.parse().map_err(|_| "-openings: bad start".to_string())?,
                "policy" => {}
                _ => return Err(format!("-openings: unknown key '{k}'")),
            }
        }
        let file = file.ok_or("-openings: file= is missing")?;
        let lower = file.to_ascii_lowercase();
        let format = format.unwrap_or(if lower.ends_with(".pgn") || lower.ends_with(".xqf") {
            OpeningFormat::Pgn
        } else {
            OpeningFormat::Epd
        });
        let mut list = if format == OpeningFormat::Book {
            // The book's lines, walked the same way for the same seed.
            book_openings(&file, plies.unwrap_or(BOOK_PLIES), cfg.seed)?
        } else {
            load_openings(&file, format)?
        };
        if let Some(p) = plies {
            for o in &mut list {
                o.moves.truncate(p);
            }
        }
        if random {
            Rng::new(seed.unwrap_or(cfg.seed)).shuffle(&mut list);
        }
        let skip = start.saturating_sub(1) % list.len();
        list.rotate_left(skip);
        cfg.openings = list;
    }
    if cfg.games == 0 || cfg.rounds == 0 {
        return Err("-games and -rounds must be at least 1".into());
    }
    for t in &team_args {
        let members = t[1..]
            .iter()
            .map(|name| {
                cfg.engines
                    .iter()
                    .position(|e| &e.name == name)
                    .ok_or_else(|| format!("-team {}: no engine named '{name}'", t[0]))
            })
            .collect::<Result<Vec<_>, _>>()?;
        cfg.teams.push(Team {
            name: t[0].clone(),
            members,
        });
    }
    if let Some(path) = seeding_results {
        cfg.seeding = Seeding::Order(seeds_from_event(&cfg, &path, depth)?);
    }
    check_format(&mut cfg, rounds_given, games_given)?;
    Ok(Action::Run(Box::new(cfg)))
}

/// The `-tiebreak` values.
fn parse_tiebreak(f: &str, vals: &[String]) -> Result<Tiebreak, String> {
    let mut t = Tiebreak::default();
    for v in vals {
        let (k, v) = split_kv(v, f)?;
        match k.as_str() {
            "tc" => t.tc = Some(TimeControl::parse(&v)?),
            "pairs" => t.pairs = v.parse().map_err(|_| format!("{f}: bad pairs '{v}'"))?,
            _ => return Err(format!("{f}: unknown key '{k}'")),
        }
    }
    Ok(t)
}

/// The `-groups` values.
fn parse_groups(f: &str, vals: &[String]) -> Result<GroupOptions, String> {
    let mut g = GroupOptions::default();
    for v in vals {
        let (k, v) = split_kv(v, f)?;
        let count = || {
            v.parse::<usize>()
                .map_err(|_| format!("{f}: bad {k} '{v}'"))
        };
        match k.as_str() {
            "count" => g.count = count()?,
            "advance" => g.advance = count()?,
            "final" => {
                g.final_format = match v.as_str() {
                    "round-robin" | "rr" => FinalFormat::RoundRobin,
                    "knockout" | "ko" => FinalFormat::Knockout,
                    _ => return Err(format!("{f}: unknown final '{v}'")),
                }
            }
            _ => return Err(format!("{f}: unknown key '{k}'")),
        }
    }
    Ok(g)
}

/// Checks the format's own settings, filling in the Swiss defaults (one game a round,
/// ceil(log2 n) + 1 rounds).
fn check_format(
    cfg: &mut TournamentConfig,
    rounds_given: bool,
    games_given: bool,
) -> Result<(), String> {
    let n = cfg.engines.len();
    let mut seeds = cfg.seed_order();
    seeds.sort_unstable();
    if seeds != (0..n).collect::<Vec<_>>() {
        return Err("the seeding must name every engine once".into());
    }
    match cfg.format {
        TournamentFormat::Swiss => {
            if !games_given {
                cfg.games = 1;
            }
            // Without a repeated pairing: n - 1 rounds for an even count, n for an odd.
            let most = if n % 2 == 0 { n - 1 } else { n } as u32;
            if !rounds_given {
                let mut log = 0;
                while (1usize << log) < n {
                    log += 1;
                }
                cfg.rounds = (log + 1).min(most);
            }
            if cfg.rounds > most {
                return Err(format!(
                    "a Swiss of {n} engines has at most {most} rounds without a repeated pairing"
                ));
            }
        }
        TournamentFormat::Groups => {
            let g = cfg.groups;
            if g.count < 1 || n / g.count.max(1) < 2 {
                return Err(format!(
                    "-groups: {} groups of {n} engines leave a group with fewer than two",
                    g.count
                ));
            }
            if g.advance < 1 || g.advance > n / g.count {
                return Err(format!(
                    "-groups: advance={} must be from 1 to the smallest group's size ({})",
                    g.advance,
                    n / g.count
                ));
            }
            if g.advance * g.count < 2 {
                return Err("-groups: the final needs at least two engines".into());
            }
        }
        TournamentFormat::TeamRoundRobin => {
            let boards = cfg.teams.first().map_or(0, |t| t.members.len());
            if cfg.teams.len() < 2 || cfg.teams.iter().any(|t| t.members.len() != boards) {
                return Err("team-round-robin needs two or more -team of as many engines".into());
            }
            let listed: usize = cfg.teams.iter().map(|t| t.members.len()).sum();
            if listed != n {
                return Err("team-round-robin: every engine plays for a team".into());
            }
        }
        _ => {}
    }
    let mut in_teams: Vec<usize> = cfg.teams.iter().flat_map(|t| t.members.clone()).collect();
    let listed = in_teams.len();
    in_teams.sort_unstable();
    in_teams.dedup();
    if in_teams.len() != listed {
        return Err("-team: an engine is in two teams (or twice in one)".into());
    }
    Ok(())
}
