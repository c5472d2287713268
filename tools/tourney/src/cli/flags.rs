//! The flags of the command line as a table: each flag's names, how many of the values
//! after it it reads, and what it sets in the [`Builder`] of raw settings. Nothing here
//! checks how the settings fit together; [`super::validate`] does that.

use crate::cli::engine_args::{split_kv, EngineArgs};
use crate::cli::error::CliError;
use crate::clock::{parse_seconds, TimeControl};
use crate::event::config::{
    FinalFormat, GroupOptions, Seeding, Tiebreak, TournamentConfig, TournamentFormat,
};
use crate::game::{DrawAdjudication, ResignAdjudication};
use crate::report::pgn::MoveText;
use crate::report::rating::{RatingMethod, Scoring};
use crate::report::stats::Sprt;
use chariot::board::GameRules;

/// The values of a flag its handler reads (the ones after them are ignored, as
/// cutechess-cli does).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Arity {
    /// None: a switch (`-repeat`).
    Switch,
    /// The first, if any (a missing one is the handler's error).
    One,
    /// All of them.
    Many,
}

/// A handler: sets what flag `flag` (as written, `-games`) with `values` says.
type Apply = fn(&mut Builder, &str, &[String]) -> Result<(), CliError>;

/// One flag of the table.
pub(super) struct Flag {
    /// Its names, without the dash, in lower case (`-H` is `-h`).
    pub names: &'static [&'static str],
    /// The values it reads.
    pub args: Arity,
    /// What it sets.
    pub apply: Apply,
}

/// What a flag asks for besides settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stop {
    /// `-help`: print the help, ignore the rest.
    Help,
    /// `-version`.
    Version,
}

/// The command line's settings as given, before [`super::validate::validate`].
#[derive(Default)]
pub(super) struct Builder {
    /// The settings that go straight into the event's configuration.
    pub cfg: TournamentConfig,
    /// The rules (`-maxmoves`, `-naturallimit`, `-rules`).
    pub rules: GameRules,
    /// One entry per `-engine`.
    pub engines: Vec<EngineArgs>,
    /// The `-each` settings.
    pub each: EngineArgs,
    /// `-games` and `-rounds` were given (else a Swiss sets its own).
    pub games_given: bool,
    pub rounds_given: bool,
    /// `-seeding results=FILE`.
    pub seeding_results: Option<String>,
    /// Each `-team`'s values: the name, then engine names.
    pub team_args: Vec<Vec<String>>,
    /// `-openings`' values.
    pub openings_spec: Option<Vec<String>>,
    /// `-srand`.
    pub seed: Option<u64>,
    /// `-help` or `-version`.
    pub stop: Option<Stop>,
}

/// Every flag of an event's command line (`-resume` is read before, by
/// [`super::parse`]).
pub(super) static FLAGS: &[Flag] = &[
    Flag {
        names: &["help", "h"],
        args: Arity::Switch,
        apply: |b, _, _| stop(b, Stop::Help),
    },
    Flag {
        names: &["version", "v"],
        args: Arity::Switch,
        apply: |b, _, _| stop(b, Stop::Version),
    },
    Flag {
        names: &["engine"],
        args: Arity::Many,
        apply: |b, f, v| {
            b.engines.push(EngineArgs::parse(f, v)?);
            Ok(())
        },
    },
    Flag {
        names: &["each"],
        args: Arity::Many,
        apply: |b, f, v| {
            b.each.pairs.extend(EngineArgs::parse(f, v)?.pairs);
            Ok(())
        },
    },
    Flag {
        names: &["games"],
        args: Arity::One,
        apply: games,
    },
    Flag {
        names: &["rounds"],
        args: Arity::One,
        apply: rounds,
    },
    Flag {
        names: &["repeat"],
        args: Arity::Switch,
        apply: |b, _, _| {
            b.cfg.repeat = true;
            Ok(())
        },
    },
    Flag {
        names: &["concurrency"],
        args: Arity::One,
        apply: |b, f, v| {
            // Each game runs two engines: no more at once than the engine has threads.
            let wanted: u64 = number(f, v)?;
            b.cfg.concurrency =
                chariot::input::cli_threads(wanted, chariot::search::MAX_THREADS, "-concurrency");
            Ok(())
        },
    },
    Flag {
        names: &["ratinginterval"],
        args: Arity::One,
        apply: |b, f, v| {
            b.cfg.rating_interval = number(f, v)?;
            Ok(())
        },
    },
    Flag {
        names: &["scoring"],
        args: Arity::One,
        apply: |b, f, v| {
            b.cfg.scoring = Scoring::parse(value(f, v, "1, 2 or 3")?)?;
            Ok(())
        },
    },
    Flag {
        names: &["rating"],
        args: Arity::One,
        apply: |b, f, v| {
            b.cfg.rating = RatingMethod::parse(value(f, v, "elo, cxa or qq")?)?;
            Ok(())
        },
    },
    Flag {
        names: &["srand"],
        args: Arity::One,
        apply: |b, f, v| {
            b.seed = Some(number(f, v)?);
            Ok(())
        },
    },
    Flag {
        names: &["maxmoves"],
        args: Arity::One,
        apply: |b, f, v| {
            b.rules.move_limit = number(f, v)?;
            Ok(())
        },
    },
    Flag {
        names: &["naturallimit"],
        args: Arity::One,
        apply: |b, f, v| {
            b.rules.natural_limit_moves = number(f, v)?;
            Ok(())
        },
    },
    Flag {
        names: &["rules"],
        args: Arity::One,
        apply: rules,
    },
    Flag {
        names: &["hangtimeout"],
        args: Arity::One,
        apply: |b, f, v| {
            b.cfg.settings.hang_timeout_ms = parse_seconds(value(f, v, "seconds")?)?;
            Ok(())
        },
    },
    Flag {
        names: &["debug"],
        args: Arity::Switch,
        apply: |b, _, _| {
            b.cfg.settings.debug = true;
            Ok(())
        },
    },
    Flag {
        names: &["event"],
        args: Arity::Many,
        apply: |b, _, v| {
            b.cfg.event = v.join(" ");
            Ok(())
        },
    },
    Flag {
        names: &["site"],
        args: Arity::Many,
        apply: |b, _, v| {
            b.cfg.site = v.join(" ");
            Ok(())
        },
    },
    Flag {
        names: &["tournament"],
        args: Arity::One,
        apply: |b, f, v| {
            b.cfg.format = TournamentFormat::parse(value(f, v, "a format")?)?;
            Ok(())
        },
    },
    Flag {
        names: &["openings"],
        args: Arity::Many,
        apply: |b, _, v| {
            b.openings_spec = Some(v.to_vec());
            Ok(())
        },
    },
    Flag {
        names: &["seeding"],
        args: Arity::One,
        apply: seeding,
    },
    Flag {
        names: &["tiebreak"],
        args: Arity::Many,
        apply: tiebreak,
    },
    Flag {
        names: &["team"],
        args: Arity::Many,
        apply: team,
    },
    Flag {
        names: &["groups"],
        args: Arity::Many,
        apply: groups,
    },
    Flag {
        names: &["state"],
        args: Arity::One,
        apply: |b, f, v| {
            b.cfg.state_file = Some(value(f, v, "a file")?.clone());
            Ok(())
        },
    },
    Flag {
        names: &["resume"],
        args: Arity::Switch,
        apply: |_, f, _| {
            Err(CliError::usage(format!(
                "{f} is given alone (with -concurrency, -debug)"
            )))
        },
    },
    Flag {
        names: &["pgnout"],
        args: Arity::Many,
        apply: pgnout,
    },
    Flag {
        names: &["sprt"],
        args: Arity::Many,
        apply: sprt,
    },
    Flag {
        names: &["draw"],
        args: Arity::Many,
        apply: draw,
    },
    Flag {
        names: &["resign"],
        args: Arity::Many,
        apply: resign,
    },
];

/// The table's entry for `name` (lower case, without the dash).
pub(super) fn find(name: &str) -> Option<&'static Flag> {
    FLAGS.iter().find(|f| f.names.contains(&name))
}

impl Flag {
    /// Runs the handler on the values it reads of `values`; `flag` is the flag as it
    /// appears in messages (`-games`).
    pub fn run(&self, b: &mut Builder, flag: &str, values: &[String]) -> Result<(), CliError> {
        let used = match self.args {
            Arity::Switch => &values[..0],
            Arity::One => &values[..values.len().min(1)],
            Arity::Many => values,
        };
        (self.apply)(b, flag, used)
    }
}

/// Splits the arguments into flags (lower case, without the dash), each with the values
/// after it.
pub(super) fn flag_groups(args: &[String]) -> Result<Vec<(String, Vec<String>)>, CliError> {
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for a in args {
        if a.starts_with('-') && a.len() > 1 && !a[1..].starts_with(|c: char| c.is_ascii_digit()) {
            groups.push((a.trim_start_matches('-').to_ascii_lowercase(), Vec::new()));
        } else if let Some(last) = groups.last_mut() {
            last.1.push(a.clone());
        } else {
            return Err(CliError::usage(format!(
                "unexpected argument '{a}' (flags start with '-')"
            )));
        }
    }
    Ok(groups)
}

fn stop(b: &mut Builder, what: Stop) -> Result<(), CliError> {
    b.stop = Some(what);
    Ok(())
}

/// The flag's one value; `needs` says what it should be.
fn value<'v>(flag: &str, v: &'v [String], needs: &str) -> Result<&'v String, CliError> {
    v.first()
        .ok_or_else(|| CliError::usage(format!("{flag} needs {needs}")))
}

/// The flag's one value as a number.
pub(super) fn number<T: std::str::FromStr>(flag: &str, v: &[String]) -> Result<T, CliError> {
    let v = value(flag, v, "a value")?;
    v.parse()
        .map_err(|_| CliError::usage(format!("{flag}: bad number '{v}'")))
}

fn float(flag: &str, key: &str, v: &str) -> Result<f64, CliError> {
    v.parse()
        .map_err(|_| CliError::usage(format!("{flag}: bad {key} '{v}'")))
}

fn unknown_key(flag: &str, key: &str) -> CliError {
    CliError::usage(format!("{flag}: unknown key '{key}'"))
}

fn games(b: &mut Builder, f: &str, v: &[String]) -> Result<(), CliError> {
    b.cfg.games = number(f, v)?;
    b.games_given = true;
    Ok(())
}

fn rounds(b: &mut Builder, f: &str, v: &[String]) -> Result<(), CliError> {
    b.cfg.rounds = number(f, v)?;
    b.rounds_given = true;
    Ok(())
}

fn rules(b: &mut Builder, f: &str, v: &[String]) -> Result<(), CliError> {
    b.rules.rule_set = value(f, v, "chinese or asian")?
        .parse()
        .map_err(|e| CliError::usage(format!("{f}: {e}")))?;
    Ok(())
}

fn seeding(b: &mut Builder, f: &str, v: &[String]) -> Result<(), CliError> {
    let v = value(f, v, "list, rating or results=FILE")?;
    match v.split_once('=') {
        Some(("results", path)) => b.seeding_results = Some(path.to_string()),
        _ => {
            b.cfg.seeding = match v.as_str() {
                "list" => Seeding::List,
                "rating" => Seeding::Rating,
                _ => return Err(CliError::usage(format!("{f}: unknown seeding '{v}'"))),
            }
        }
    }
    Ok(())
}

fn team(b: &mut Builder, f: &str, v: &[String]) -> Result<(), CliError> {
    if v.len() < 2 {
        return Err(CliError::usage(format!(
            "{f} needs a name and at least one engine"
        )));
    }
    b.team_args.push(v.to_vec());
    Ok(())
}

fn pgnout(b: &mut Builder, f: &str, v: &[String]) -> Result<(), CliError> {
    let path = value(f, v, "a file")?.clone();
    let text = match v.get(1) {
        Some(t) => MoveText::parse(t)?,
        None => MoveText::Iccs,
    };
    b.cfg.pgn_out = Some((path, text));
    Ok(())
}

/// `-tiebreak [tc=TC] [pairs=N]`.
fn tiebreak(b: &mut Builder, f: &str, vals: &[String]) -> Result<(), CliError> {
    let mut t = Tiebreak::default();
    for v in vals {
        let (k, v) = split_kv(v, f)?;
        match k.as_str() {
            "tc" => t.tc = Some(TimeControl::parse(&v)?),
            "pairs" => {
                t.pairs = v
                    .parse()
                    .map_err(|_| CliError::usage(format!("{f}: bad pairs '{v}'")))?
            }
            _ => return Err(unknown_key(f, &k)),
        }
    }
    b.cfg.tiebreak = t;
    Ok(())
}

/// `-groups [count=N] [advance=K] [final=round-robin|knockout]`.
fn groups(b: &mut Builder, f: &str, vals: &[String]) -> Result<(), CliError> {
    let mut g = GroupOptions::default();
    for v in vals {
        let (k, v) = split_kv(v, f)?;
        let count = || {
            v.parse::<usize>()
                .map_err(|_| CliError::usage(format!("{f}: bad {k} '{v}'")))
        };
        match k.as_str() {
            "count" => g.count = count()?,
            "advance" => g.advance = count()?,
            "final" => {
                g.final_format = match v.as_str() {
                    "round-robin" | "rr" => FinalFormat::RoundRobin,
                    "knockout" | "ko" => FinalFormat::Knockout,
                    _ => return Err(CliError::usage(format!("{f}: unknown final '{v}'"))),
                }
            }
            _ => return Err(unknown_key(f, &k)),
        }
    }
    b.cfg.groups = g;
    Ok(())
}

/// `-sprt elo0=E0 elo1=E1 alpha=A beta=B`.
fn sprt(b: &mut Builder, f: &str, vals: &[String]) -> Result<(), CliError> {
    let mut s = Sprt {
        elo0: 0.0,
        elo1: 5.0,
        alpha: 0.05,
        beta: 0.05,
    };
    for t in vals {
        let (k, v) = split_kv(t, f)?;
        match k.as_str() {
            "elo0" => s.elo0 = float(f, &k, &v)?,
            "elo1" => s.elo1 = float(f, &k, &v)?,
            "alpha" => s.alpha = float(f, &k, &v)?,
            "beta" => s.beta = float(f, &k, &v)?,
            _ => return Err(unknown_key(f, &k)),
        }
    }
    if !(s.alpha > 0.0 && s.alpha < 1.0 && s.beta > 0.0 && s.beta < 1.0) || s.elo1 <= s.elo0 {
        return Err(CliError::usage(format!(
            "{f}: need 0 < alpha, beta < 1 and elo0 < elo1"
        )));
    }
    b.cfg.sprt = Some(s);
    Ok(())
}

/// `-draw movenumber=N movecount=M score=S`.
fn draw(b: &mut Builder, f: &str, vals: &[String]) -> Result<(), CliError> {
    let mut d = DrawAdjudication {
        move_number: 0,
        move_count: 0,
        score: 0,
    };
    for t in vals {
        let (k, v) = split_kv(t, f)?;
        let n: i64 = v
            .parse()
            .map_err(|_| CliError::usage(format!("{f}: bad {k} '{v}'")))?;
        match k.as_str() {
            "movenumber" => d.move_number = n as u32,
            "movecount" => d.move_count = n as u32,
            "score" => d.score = n as i32,
            _ => return Err(unknown_key(f, &k)),
        }
    }
    if d.move_count == 0 {
        return Err(CliError::usage(format!(
            "{f}: movecount must be at least 1"
        )));
    }
    b.cfg.settings.draw = Some(d);
    Ok(())
}

/// `-resign movecount=M score=S [twosided=true]`.
fn resign(b: &mut Builder, f: &str, vals: &[String]) -> Result<(), CliError> {
    let mut r = ResignAdjudication {
        move_count: 0,
        score: 0,
        two_sided: false,
    };
    for t in vals {
        let (k, v) = split_kv(t, f)?;
        let bad = || CliError::usage(format!("{f}: bad {k}"));
        match k.as_str() {
            "movecount" => r.move_count = v.parse().map_err(|_| bad())?,
            "score" => r.score = v.parse().map_err(|_| bad())?,
            "twosided" => r.two_sided = v == "true" || v == "1",
            _ => return Err(unknown_key(f, &k)),
        }
    }
    if r.move_count == 0 || r.score <= 0 {
        return Err(CliError::usage(format!(
            "{f}: movecount and score must be positive"
        )));
    }
    b.cfg.settings.resign = Some(r);
    Ok(())
}
