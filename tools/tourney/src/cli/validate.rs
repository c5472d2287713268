//! The one validation step: from the raw settings of a [`Builder`] to the event's
//! [`TournamentConfig`], with every check of how the settings fit together (engines,
//! openings, teams, seeding, the format's own limits), in a fixed order so the first
//! problem found is always the same one.

use crate::cli::engine_args::{apply, split_kv, EngineArgs};
use crate::cli::error::CliError;
use crate::cli::flags::Builder;
use crate::engine::{EngineConfig, Protocol};
use crate::event::config::{Seeding, Team, TournamentConfig, TournamentFormat};
use crate::openings::{book_openings, load_openings, Opening, OpeningFormat};
use crate::rng::Rng;

/// How many plies `-openings format=book` plays from the book unless `plies=` says.
const BOOK_PLIES: usize = 8;

/// Finds the seed order of `-seeding results=FILE` for the engines of a configuration.
pub(super) type SeedsFrom<'a> = &'a dyn Fn(&TournamentConfig, &str) -> Result<Vec<usize>, CliError>;

/// Checks the settings of `b` and builds the event; `args` is its command line (kept in
/// the state file, with the seed drawn when none was given).
pub(super) fn validate(
    b: Builder,
    args: &[String],
    seeds_from: SeedsFrom<'_>,
) -> Result<TournamentConfig, CliError> {
    let mut cfg = b.cfg;
    cfg.settings.rules = b.rules;
    cfg.engines = engines(&b.engines, &b.each)?;
    // One seed for the openings' order and the lots, recorded for a resumed event.
    cfg.args = args.to_vec();
    cfg.seed = match b.seed {
        Some(seed) => seed,
        None => {
            let seed = Rng::from_entropy().next_u64() >> 1;
            cfg.args.extend(["-srand".to_string(), seed.to_string()]);
            seed
        }
    };
    if let Some(spec) = &b.openings_spec {
        cfg.openings = openings(spec, cfg.seed, b.seed)?;
    }
    if cfg.games == 0 || cfg.rounds == 0 {
        return Err(CliError::usage("-games and -rounds must be at least 1"));
    }
    for t in &b.team_args {
        let members = t[1..]
            .iter()
            .map(|name| {
                cfg.engines
                    .iter()
                    .position(|e| &e.name == name)
                    .ok_or_else(|| {
                        CliError::usage(format!("-team {}: no engine named '{name}'", t[0]))
                    })
            })
            .collect::<Result<Vec<_>, _>>()?;
        cfg.teams.push(Team {
            name: t[0].clone(),
            members,
        });
    }
    if let Some(path) = &b.seeding_results {
        cfg.seeding = Seeding::Order(seeds_from(&cfg, path)?);
    }
    check_format(&mut cfg, b.rounds_given, b.games_given)?;
    Ok(cfg)
}

/// The engines: `-each`'s settings then each `-engine`'s, a name for each (distinct,
/// `-2`, `-3`… after a repeated one), and a time control or fixed limit required.
fn engines(engines: &[EngineArgs], each: &EngineArgs) -> Result<Vec<EngineConfig>, CliError> {
    if engines.len() < 2 {
        return Err(CliError::usage(
            "at least two -engine are needed (see -help)",
        ));
    }
    let mut list: Vec<EngineConfig> = Vec::new();
    for (i, e) in engines.iter().enumerate() {
        let mut ec = EngineConfig::new("", "", Protocol::Ucci);
        ec.limits.margin_ms = 50;
        let mut has_clock = false;
        for (k, v) in each.pairs.iter().chain(e.pairs.iter()) {
            apply(&mut ec, k, v, &mut has_clock).map_err(|e| CliError::InEngine {
                number: i + 1,
                source: Box::new(e),
            })?;
        }
        if ec.cmd.is_empty() {
            return Err(CliError::usage(format!(
                "engine {}: cmd= is missing",
                i + 1
            )));
        }
        if ec.name.is_empty() {
            ec.name = std::path::Path::new(&ec.cmd)
                .file_name()
                .map(|s| s.to_string_lossy().to_string())
                .unwrap_or_else(|| ec.cmd.clone());
        }
        if !has_clock && ec.limits.depth.is_none() && ec.limits.nodes.is_none() {
            return Err(CliError::usage(format!(
                "engine {} ({}): no time control (tc=, st=, byoyomi=, depth= or nodes=)",
                i + 1,
                ec.name
            )));
        }
        let base = ec.name.clone();
        let mut k = 2;
        while list.iter().any(|e| e.name == ec.name) {
            ec.name = format!("{base}-{k}");
            k += 1;
        }
        list.push(ec);
    }
    Ok(list)
}

/// `-openings file=F [format=…] [order=…] [plies=N] [start=N]`: the start positions,
/// loaded and checked, in the order asked (`seed` shuffles `order=random`; `given` is
/// `-srand`'s seed if any).
fn openings(spec: &[String], seed: u64, given: Option<u64>) -> Result<Vec<Opening>, CliError> {
    let (mut file, mut format, mut random, mut plies, mut start) =
        (None, None, false, None, 1usize);
    for t in spec {
        let (k, v) = split_kv(t, "-openings")?;
        match k.as_str() {
            "file" => file = Some(v),
            "format" => format = Some(OpeningFormat::parse(&v)?),
            "order" => {
                random = match v.as_str() {
                    "random" => true,
                    "sequential" => false,
                    _ => return Err(CliError::usage(format!("-openings: unknown order '{v}'"))),
                }
            }
            "plies" => {
                plies = Some(
                    v.parse::<usize>()
                        .map_err(|_| CliError::usage("-openings: bad plies"))?,
                )
            }
            "start" => {
                start = v
                    .parse()
                    .map_err(|_| CliError::usage("-openings: bad start"))?
            }
            "policy" => {}
            _ => return Err(CliError::usage(format!("-openings: unknown key '{k}'"))),
        }
    }
    let file = file.ok_or_else(|| CliError::usage("-openings: file= is missing"))?;
    let lower = file.to_ascii_lowercase();
    let format = format.unwrap_or(if lower.ends_with(".pgn") || lower.ends_with(".xqf") {
        OpeningFormat::Pgn
    } else {
        OpeningFormat::Epd
    });
    let mut list = if format == OpeningFormat::Book {
        // The book's lines, walked the same way for the same seed.
        book_openings(&file, plies.unwrap_or(BOOK_PLIES), seed)?
    } else {
        load_openings(&file, format)?
    };
    if let Some(p) = plies {
        for o in &mut list {
            o.moves.truncate(p);
        }
    }
    if random {
        Rng::new(given.unwrap_or(seed)).shuffle(&mut list);
    }
    let skip = start.saturating_sub(1) % list.len();
    list.rotate_left(skip);
    Ok(list)
}

/// Checks the format's own settings, filling in the Swiss defaults (one game a round,
/// ceil(log2 n) + 1 rounds).
fn check_format(
    cfg: &mut TournamentConfig,
    rounds_given: bool,
    games_given: bool,
) -> Result<(), CliError> {
    let n = cfg.engines.len();
    let mut seeds = cfg.seed_order();
    seeds.sort_unstable();
    if seeds != (0..n).collect::<Vec<_>>() {
        return Err(CliError::usage("the seeding must name every engine once"));
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
                return Err(CliError::usage(format!(
                    "a Swiss of {n} engines has at most {most} rounds without a repeated pairing"
                )));
            }
        }
        TournamentFormat::Groups => {
            let g = cfg.groups;
            if g.count < 1 || n / g.count.max(1) < 2 {
                return Err(CliError::usage(format!(
                    "-groups: {} groups of {n} engines leave a group with fewer than two",
                    g.count
                )));
            }
            if g.advance < 1 || g.advance > n / g.count {
                return Err(CliError::usage(format!(
                    "-groups: advance={} must be from 1 to the smallest group's size ({})",
                    g.advance,
                    n / g.count
                )));
            }
            if g.advance * g.count < 2 {
                return Err(CliError::usage(
                    "-groups: the final needs at least two engines",
                ));
            }
        }
        TournamentFormat::TeamRoundRobin => {
            let boards = cfg.teams.first().map_or(0, |t| t.members.len());
            if cfg.teams.len() < 2 || cfg.teams.iter().any(|t| t.members.len() != boards) {
                return Err(CliError::usage(
                    "team-round-robin needs two or more -team of as many engines",
                ));
            }
            let listed: usize = cfg.teams.iter().map(|t| t.members.len()).sum();
            if listed != n {
                return Err(CliError::usage(
                    "team-round-robin: every engine plays for a team",
                ));
            }
        }
        _ => {}
    }
    let mut in_teams: Vec<usize> = cfg.teams.iter().flat_map(|t| t.members.clone()).collect();
    let listed = in_teams.len();
    in_teams.sort_unstable();
    in_teams.dedup();
    if in_teams.len() != listed {
        return Err(CliError::usage(
            "-team: an engine is in two teams (or twice in one)",
        ));
    }
    Ok(())
}
