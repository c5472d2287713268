//! The configuration of a match or tournament: [`TournamentConfig`], everything an event
//! needs, and the format options it holds ([`TournamentFormat`], [`Seeding`],
//! [`Tiebreak`], [`GroupOptions`], [`FinalFormat`], [`Team`]). The formats' schedulers
//! read it; `TournamentFormat::scheduler` (in [`crate::event::formats`]) makes the
//! scheduler of a format.

use crate::clock::TimeControl;
use crate::engine::EngineConfig;
use crate::event::resume;
use crate::game::GameSettings;
use crate::openings::Opening;
use crate::report::pgn::MoveText;
use crate::report::rating::{RatingMethod, Scoring};
use crate::report::stats::Sprt;

/// Everything a tournament needs.
#[derive(Clone, Debug)]
pub struct TournamentConfig {
    /// The engines (at least two).
    pub engines: Vec<EngineConfig>,
    /// Format: who meets whom.
    pub format: TournamentFormat,
    /// Games per encounter per round.
    pub games: u32,
    /// Rounds.
    pub rounds: u32,
    /// Play each opening twice, colours swapped (game pairs).
    pub repeat: bool,
    /// Openings, in the order they are used (cycled).
    pub openings: Vec<Opening>,
    /// Games at once.
    pub concurrency: usize,
    /// PGN file and move text.
    pub pgn_out: Option<(String, MoveText)>,
    /// SPRT (two engines only).
    pub sprt: Option<Sprt>,
    /// Print ratings every this many games (0 = only at the end).
    pub rating_interval: u32,
    /// Points for a win, draw and loss in the table and the ranking.
    pub scoring: Scoring,
    /// How the rating list is computed.
    pub rating: RatingMethod,
    /// Per-game settings.
    pub settings: GameSettings,
    /// Event tag.
    pub event: String,
    /// Site tag.
    pub site: String,
    /// The seeds' order (Swiss, knockout, groups; the round robin's numbers).
    pub seeding: Seeding,
    /// The seed of the lots (colours in a knockout and a Swiss first round).
    pub seed: u64,
    /// How a knockout breaks drawn ties.
    pub tiebreak: Tiebreak,
    /// The shape of a group event.
    pub groups: GroupOptions,
    /// Teams of engines (team events; with an individual format, the 队员总分 table).
    pub teams: Vec<Team>,
    /// The state file written as the event goes (`-state`, or the file resumed).
    pub state_file: Option<String>,
    /// The command line recorded in a new state file.
    pub args: Vec<String>,
    /// Games already finished, from the state file of the event being resumed.
    pub resumed: Option<resume::EventState>,
}

impl Default for TournamentConfig {
    /// No engines yet; two games an encounter, one round, one game at once, ratings
    /// every ten games.
    fn default() -> TournamentConfig {
        TournamentConfig {
            engines: Vec::new(),
            format: TournamentFormat::RoundRobin,
            games: 2,
            rounds: 1,
            repeat: false,
            openings: Vec::new(),
            concurrency: 1,
            pgn_out: None,
            sprt: None,
            rating_interval: 10,
            scoring: Scoring::One,
            rating: RatingMethod::Elo,
            settings: GameSettings::default(),
            event: "tourney".to_string(),
            site: "?".to_string(),
            seeding: Seeding::List,
            seed: 1,
            tiebreak: Tiebreak::default(),
            groups: GroupOptions::default(),
            teams: Vec::new(),
            state_file: None,
            args: Vec::new(),
            resumed: None,
        }
    }
}

impl TournamentConfig {
    /// The engine indices in seed order, best first (see [`Seeding`]).
    pub fn seed_order(&self) -> Vec<usize> {
        let n = self.engines.len();
        match &self.seeding {
            Seeding::List => (0..n).collect(),
            Seeding::Rating => {
                let mut order: Vec<usize> = (0..n).collect();
                // Rated engines first, highest first; the sort is stable.
                order.sort_by(|&a, &b| {
                    let key = |i: usize| self.engines[i].rating.unwrap_or(f64::NEG_INFINITY);
                    key(b).total_cmp(&key(a))
                });
                order
            }
            Seeding::Order(order) => order.clone(),
        }
    }
}

/// A tournament format by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TournamentFormat {
    /// Everyone plays everyone, in rounds by the Berger tables.
    #[default]
    RoundRobin,
    /// The first engine plays each of the others.
    Gauntlet,
    /// 积分编排制: rounds paired by score.
    Swiss,
    /// 单淘汰制: single elimination.
    Knockout,
    /// 双淘汰制: double elimination.
    DoubleKnockout,
    /// 分组循环制: round robins in groups, then a final.
    Groups,
    /// 分台定人 team round robin (第12.1条).
    TeamRoundRobin,
}

/// A `-tournament` name that is none of the formats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownFormat(pub String);

impl std::fmt::Display for UnknownFormat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "unknown tournament '{}' (round-robin, gauntlet, swiss, knockout, \
             double-knockout, groups or team-round-robin)",
            self.0
        )
    }
}

impl std::error::Error for UnknownFormat {}

impl TournamentFormat {
    /// Parses `round-robin`, `gauntlet`, `swiss`, `knockout`, `double-knockout` or
    /// `groups`.
    pub fn parse(text: &str) -> Result<TournamentFormat, UnknownFormat> {
        match text.to_ascii_lowercase().as_str() {
            "round-robin" | "roundrobin" | "rr" => Ok(TournamentFormat::RoundRobin),
            "gauntlet" => Ok(TournamentFormat::Gauntlet),
            "swiss" => Ok(TournamentFormat::Swiss),
            "knockout" | "ko" | "single-elimination" => Ok(TournamentFormat::Knockout),
            "double-knockout" | "double-elimination" => Ok(TournamentFormat::DoubleKnockout),
            "groups" => Ok(TournamentFormat::Groups),
            "team-round-robin" | "team-rr" => Ok(TournamentFormat::TeamRoundRobin),
            _ => Err(UnknownFormat(text.to_string())),
        }
    }

    /// The format's name as `-tournament` takes it.
    pub fn name(self) -> &'static str {
        match self {
            TournamentFormat::RoundRobin => "round-robin",
            TournamentFormat::Gauntlet => "gauntlet",
            TournamentFormat::Swiss => "swiss",
            TournamentFormat::Knockout => "knockout",
            TournamentFormat::DoubleKnockout => "double-knockout",
            TournamentFormat::Groups => "groups",
            TournamentFormat::TeamRoundRobin => "team-round-robin",
        }
    }
}

/// How a knockout breaks a drawn tie.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tiebreak {
    /// The clock of the extra games (`None`: the engines' own clocks, each time and
    /// increment a quarter as long).
    pub tc: Option<TimeControl>,
    /// Extra pairs of games before the decider.
    pub pairs: u32,
}

impl Default for Tiebreak {
    /// One extra pair at a quarter of the engines' own time.
    fn default() -> Tiebreak {
        Tiebreak { tc: None, pairs: 1 }
    }
}

/// What the final of a group event is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum FinalFormat {
    /// A round robin of the qualifiers.
    #[default]
    RoundRobin,
    /// A single-elimination knockout of the qualifiers.
    Knockout,
}

/// A group event's shape (分组循环制).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GroupOptions {
    /// Number of groups.
    pub count: usize,
    /// The best this many of each group go to the final.
    pub advance: usize,
    /// The final's format.
    pub final_format: FinalFormat,
}

impl Default for GroupOptions {
    /// Two groups, the best two of each to a round-robin final.
    fn default() -> GroupOptions {
        GroupOptions {
            count: 2,
            advance: 2,
            final_format: FinalFormat::RoundRobin,
        }
    }
}

/// The order of the seeds (种子), best first.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Seeding {
    /// The order of the command line.
    #[default]
    List,
    /// By `rating=`, highest first; unrated engines after, in command-line order.
    Rating,
    /// An explicit order of engine indices (from an earlier event's placings).
    Order(Vec<usize>),
}

/// A team: a name and its engines in board order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Team {
    /// The team's name.
    pub name: String,
    /// Its engines, board 1 first.
    pub members: Vec<usize>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_by_name() {
        assert_eq!(
            TournamentFormat::parse("RR"),
            Ok(TournamentFormat::RoundRobin)
        );
        for format in [
            TournamentFormat::RoundRobin,
            TournamentFormat::Gauntlet,
            TournamentFormat::Swiss,
            TournamentFormat::Knockout,
            TournamentFormat::DoubleKnockout,
            TournamentFormat::Groups,
            TournamentFormat::TeamRoundRobin,
        ] {
            assert_eq!(TournamentFormat::parse(format.name()), Ok(format));
        }
        assert!(TournamentFormat::parse("ladder").is_err());
    }
}
