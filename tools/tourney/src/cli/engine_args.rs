//! `-engine` and `-each` settings: `KEY=VALUE` tokens collected as given, applied to an
//! [`EngineConfig`] when the command line is validated.

use crate::cli::error::CliError;
use crate::clock::{parse_seconds, TimeControl};
use crate::engine::{is_cecp_name, Coords, EngineConfig, Protocol};

/// Engine settings as given; merged with `-each` at the end.
#[derive(Clone, Debug, Default)]
pub(super) struct EngineArgs {
    pub pairs: Vec<(String, String)>,
}

impl EngineArgs {
    /// The settings of one `-engine` (or `-each`) flag `flag`.
    pub fn parse(flag: &str, tokens: &[String]) -> Result<EngineArgs, CliError> {
        Ok(EngineArgs {
            pairs: tokens
                .iter()
                .map(|t| engine_setting(t, flag))
                .collect::<Result<_, _>>()?,
        })
    }
}

/// A bad value for engine setting `key`.
fn bad(key: &str, value: &str, unit: &str) -> CliError {
    CliError::usage(format!("bad {key} '{value}'{unit}"))
}

/// Applies one engine setting; `has_clock` is set by the time-control settings.
pub(super) fn apply(
    cfg: &mut EngineConfig,
    key: &str,
    value: &str,
    has_clock: &mut bool,
) -> Result<(), CliError> {
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
        "tc" | "byoyomi" | "st" => {
            cfg.limits.tc = match key {
                "tc" => TimeControl::parse(value)?,
                "byoyomi" => TimeControl::parse_byoyomi(value)?,
                _ => TimeControl::MoveTime(parse_seconds(value)?),
            };
            *has_clock = true;
        }
        "depth" => cfg.limits.depth = Some(value.parse().map_err(|_| bad(key, value, ""))?),
        "nodes" => cfg.limits.nodes = Some(value.parse().map_err(|_| bad(key, value, ""))?),
        "timemargin" => {
            cfg.limits.margin_ms = value.parse().map_err(|_| bad(key, value, " (ms)"))?
        }
        "banmoves" => cfg.banmoves = Some(flag_value(key, value)?),
        "ponder" => cfg.ponder = flag_value(key, value)?,
        "rating" => {
            let r = value.parse().ok().filter(|r: &f64| r.is_finite());
            cfg.rating = Some(r.ok_or_else(|| bad(key, value, ""))?)
        }
        "ratedgames" => cfg.rated_games = Some(value.parse().map_err(|_| bad(key, value, ""))?),
        "inittimeout" => {
            cfg.init_timeout_ms = value.parse().map_err(|_| bad(key, value, " (ms)"))?
        }
        _ => {
            let Some(name) = key.strip_prefix("option.") else {
                return Err(CliError::usage(format!("unknown engine setting '{key}'")));
            };
            cfg.options.retain(|(n, _)| n != name);
            cfg.options.push((name.to_string(), value.to_string()));
        }
    }
    Ok(())
}

/// An on/off setting's value.
fn flag_value(key: &str, value: &str) -> Result<bool, CliError> {
    match value.to_ascii_lowercase().as_str() {
        "true" | "1" | "on" | "yes" => Ok(true),
        "false" | "0" | "off" | "no" => Ok(false),
        _ => Err(bad(key, value, " (true or false)")),
    }
}

/// An engine setting: `KEY=VALUE`, or a bare `ponder` (cutechess-cli's spelling) for
/// `ponder=true`.
fn engine_setting(token: &str, flag: &str) -> Result<(String, String), CliError> {
    if token.eq_ignore_ascii_case("ponder") {
        return Ok(("ponder".into(), "true".into()));
    }
    split_kv(token, flag)
}

/// A `KEY=VALUE` token of flag `flag`.
pub(super) fn split_kv(token: &str, flag: &str) -> Result<(String, String), CliError> {
    token
        .split_once('=')
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .ok_or_else(|| CliError::usage(format!("{flag}: expected KEY=VALUE, got '{token}'")))
}
