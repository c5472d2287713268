//! The `tourney` command line, in the single-dash `key=value` style of cutechess-cli and
//! fastchess so test scripts carry over.

mod engine_args;
mod error;
mod flags;
mod validate;

pub use error::CliError;

use crate::event::config::TournamentConfig;
use crate::event::resume;
use crate::event::runner::replay;
use flags::{flag_groups, number, Builder, Stop};
use validate::validate;

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

/// How deep `-seeding results=FILE` may refer to events seeded from other events.
const MAX_SEEDING_DEPTH: u32 = 4;

/// Parses the arguments (without the program name).
pub fn parse(args: &[String]) -> Result<Action, CliError> {
    let groups = flag_groups(args)?;
    let Some((_, file)) = groups.iter().find(|(flag, _)| flag == "resume") else {
        return parse_event(args, 0);
    };
    let [file] = &file[..] else {
        return Err(CliError::usage("-resume needs one state file"));
    };
    let state = resume::load(file)?;
    let Action::Run(mut cfg) = parse_event(&state.args, 0)? else {
        return Err(CliError::usage(format!(
            "the command line in '{file}' runs no event"
        )));
    };
    for (flag, vals) in &groups {
        let f = format!("-{flag}");
        match flag.as_str() {
            "resume" => {}
            "concurrency" => cfg.concurrency = number(&f, vals)?,
            "debug" => cfg.settings.debug = true,
            _ => {
                return Err(CliError::usage(format!(
                    "{f} cannot be given with -resume (the event keeps its command line;                      only -concurrency and -debug may change)"
                )))
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
fn seeds_from_event(
    cfg: &TournamentConfig,
    path: &str,
    depth: u32,
) -> Result<Vec<usize>, CliError> {
    if depth >= MAX_SEEDING_DEPTH {
        return Err(CliError::usage(format!(
            "-seeding results={path}: events seeded from each other"
        )));
    }
    let state = resume::load(path)?;
    let Action::Run(mut earlier) = parse_event(&state.args, depth + 1)? else {
        return Err(CliError::usage(format!(
            "the command line in '{path}' runs no event"
        )));
    };
    earlier.resumed = Some(state);
    earlier.state_file = None;
    earlier.pgn_out = None;
    let st = replay(&earlier).map_err(|source| CliError::Seeding {
        path: path.to_string(),
        source,
    })?;
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

/// Parses the command line of one event: each flag through the table into a
/// [`flags::Builder`], then one [`validate::validate`].
fn parse_event(args: &[String], depth: u32) -> Result<Action, CliError> {
    let mut b = Builder::default();
    for (flag, vals) in &flag_groups(args)? {
        let f = format!("-{flag}");
        let entry = flags::find(flag)
            .ok_or_else(|| CliError::usage(format!("unknown flag '{f}' (see -help)")))?;
        entry.run(&mut b, &f, vals)?;
        match b.stop {
            Some(Stop::Help) => return Ok(Action::Help),
            Some(Stop::Version) => return Ok(Action::Version),
            None => {}
        }
    }
    let seeds = |cfg: &TournamentConfig, path: &str| seeds_from_event(cfg, path, depth);
    let cfg = validate(b, args, &seeds)?;
    Ok(Action::Run(Box::new(cfg)))
}
