//! Tournament formats as schedulers: each says who meets whom next, given the standings
//! so far, and the one runner ([`crate::tournament::run`]) plays those encounters. Each
//! format is a file here behind [`Scheduler`] and one [`TournamentFormat`]:
//!
//! * `round_robin.rs`: 大循环制 by the Berger tables (循环赛对局秩序表), in rounds;
//! * `gauntlet.rs`: the first engine against each of the others;
//! * `swiss.rs`: 积分编排制, pairing by score round by round;
//! * `knockout.rs`: 淘汰制, single or double elimination, seeded brackets, mini-matches
//!   with tie-break games;
//! * `groups.rs`: 分组循环制, snake-seeded groups and a final;
//! * `team.rs`: team events of engines, 分台定人 round robin and 队员总分.
//!
//! A format also says how the event's table looks (cross-table, Swiss standings, bracket)
//! and who placed where.

mod gauntlet;
mod groups;
mod knockout;
mod round_robin;
mod swiss;
mod team;

pub use gauntlet::Gauntlet;
pub use groups::{snake_groups, Groups};
pub use knockout::{bracket_order, Knockout};
pub use round_robin::{berger_table, BergerRound, RoundRobin};
pub use swiss::Swiss;
pub use team::{
    member_places, member_places_table, MemberPlacesEntry, Team, TeamEntry, TeamRoundRobin,
};

use crate::clock::TimeControl;
use crate::rng::Rng;
use crate::tournament::{Standings, TournamentConfig};

/// Two engines to meet: `first` has Red in the encounter's first game, and the colours
/// alternate over its `games` games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Encounter {
    /// 1-based round (of the stage the encounter belongs to).
    pub round: u32,
    /// Engine index with Red in the first game.
    pub first: usize,
    /// Engine index with Black in the first game.
    pub second: usize,
    /// Games in the encounter.
    pub games: u32,
    /// The clock of these games (a knockout's tie-breaks are faster).
    pub clock: GameClock,
    /// Where the encounter belongs, unique in the event: `3.2` (round 3, board 2),
    /// `A.1.2` (group A), `W2.1` (a knockout's winners' round 2, tie 1). The games' PGN
    /// `Round` tags are this, then `.g` with the game's number in the encounter.
    pub tag: String,
    /// The number of the encounter's first game, less one (a knockout tie's extra games
    /// go on from its first two: `W2.1.3`, `W2.1.4`).
    pub first_game: u32,
}

impl Encounter {
    /// `games` games of `first` (Red first) against `second`, on the engines' own clocks.
    pub fn new(round: u32, first: usize, second: usize, games: u32, tag: String) -> Encounter {
        Encounter {
            round,
            first,
            second,
            games,
            clock: GameClock::Own,
            tag,
            first_game: 0,
        }
    }

    /// The PGN `Round` tag of the encounter's game `g` (0-based): the encounter's tag
    /// for a one-game encounter, else the tag and `.` and the game's number.
    pub fn game_tag(&self, g: u32) -> String {
        if self.games == 1 && self.first_game == 0 {
            self.tag.clone()
        } else {
            format!("{}.{}", self.tag, self.first_game + g + 1)
        }
    }
}

/// Which clock an encounter's games are played on.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum GameClock {
    /// Each engine's own.
    #[default]
    Own,
    /// This one for both engines.
    Fixed(TimeControl),
    /// Each engine's own with every time divided by this.
    Faster(u64),
}

impl GameClock {
    /// The clock for an engine whose own is `own`.
    pub fn for_engine(&self, own: &TimeControl) -> TimeControl {
        match self {
            GameClock::Own => own.clone(),
            GameClock::Fixed(tc) => tc.clone(),
            GameClock::Faster(by) => own.divided(*by),
        }
    }
}

/// Where an engine finished: places start at 1 and are shared by engines the format
/// cannot tell apart (名次并列).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placing {
    /// Engine index.
    pub engine: usize,
    /// 1-based place.
    pub place: usize,
}

/// Who meets whom next, and how the event's results read.
pub trait Scheduler: Send {
    /// The encounters that can be named now, given the standings so far (empty when
    /// the event is over). The runner asks again once every game it was given has
    /// finished, so a format that pairs by score names one round at a time; a format
    /// fixed in advance names them all at the first call.
    fn next_encounters(&mut self, standings: &Standings) -> Vec<Encounter>;

    /// The places so far (final once [`Scheduler::next_encounters`] has nothing more),
    /// best first.
    fn placings(&self, standings: &Standings) -> Vec<Placing>;

    /// The event's table: a cross-table, the Swiss standings, the bracket, with the
    /// rating columns of the standings' method.
    fn table(&self, standings: &Standings) -> String;

    /// What to print after each batch of games (the bracket as it grows); `None` for
    /// formats whose table is printed only at the rating interval and the end.
    fn progress(&self, _standings: &Standings) -> Option<String> {
        None
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

impl TournamentFormat {
    /// Parses `round-robin`, `gauntlet`, `swiss`, `knockout`, `double-knockout` or
    /// `groups`.
    pub fn parse(text: &str) -> Result<TournamentFormat, String> {
        match text.to_ascii_lowercase().as_str() {
            "round-robin" | "roundrobin" | "rr" => Ok(TournamentFormat::RoundRobin),
            "gauntlet" => Ok(TournamentFormat::Gauntlet),
            "swiss" => Ok(TournamentFormat::Swiss),
            "knockout" | "ko" | "single-elimination" => Ok(TournamentFormat::Knockout),
            "double-knockout" | "double-elimination" => Ok(TournamentFormat::DoubleKnockout),
            "groups" => Ok(TournamentFormat::Groups),
            "team-round-robin" | "team-rr" => Ok(TournamentFormat::TeamRoundRobin),
            _ => Err(format!(
                "unknown tournament '{text}' (round-robin, gauntlet, swiss, knockout, \
                 double-knockout, groups or team-round-robin)"
            )),
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

    /// The scheduler of this format for the event `cfg`.
    pub fn scheduler(self, cfg: &TournamentConfig) -> Box<dyn Scheduler> {
        let seeds = cfg.seed_order();
        match self {
            TournamentFormat::RoundRobin => Box::new(RoundRobin::new(
                &seeds,
                cfg.games,
                cfg.rounds,
                "",
                cfg.scoring,
            )),
            TournamentFormat::Gauntlet => {
                Box::new(Gauntlet::new(cfg.engines.len(), cfg.games, cfg.rounds))
            }
            TournamentFormat::Swiss => Box::new(Swiss::new(
                &seeds,
                cfg.games,
                cfg.rounds,
                cfg.scoring,
                Rng::new(cfg.seed),
            )),
            TournamentFormat::Knockout | TournamentFormat::DoubleKnockout => {
                Box::new(Knockout::new(
                    &seeds,
                    self == TournamentFormat::DoubleKnockout,
                    cfg.games,
                    cfg.tiebreak.clone(),
                    "",
                    Rng::new(cfg.seed),
                ))
            }
            TournamentFormat::Groups => Box::new(Groups::new(cfg, &seeds)),
            TournamentFormat::TeamRoundRobin => Box::new(TeamRoundRobin::new(
                &cfg.teams,
                cfg.games,
                cfg.rounds,
                cfg.scoring,
            )),
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

/// Places from an ordering by keys: an engine equal to the one before (`same`) shares
/// its place.
pub fn places_in_order(order: &[usize], same: impl Fn(usize, usize) -> bool) -> Vec<Placing> {
    let mut out: Vec<Placing> = Vec::with_capacity(order.len());
    for (k, &engine) in order.iter().enumerate() {
        let place = match out.last() {
            Some(prev) if same(prev.engine, engine) => prev.place,
            _ => k + 1,
        };
        out.push(Placing { engine, place });
    }
    out
}

/// The champion for the documents' rating rule (the winner does not lose rating): the
/// one engine in first place, if it is alone there.
pub fn champion(placings: &[Placing]) -> Option<usize> {
    match placings {
        [first, second, ..] if first.place == 1 && second.place > 1 => Some(first.engine),
        [only] if only.place == 1 => Some(only.engine),
        _ => None,
    }
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

    #[test]
    fn shared_places_and_the_champion() {
        let p = places_in_order(&[4, 2, 3, 0], |a, b| (a, b) == (2, 3));
        let places: Vec<usize> = p.iter().map(|x| x.place).collect();
        assert_eq!(places, [1, 2, 2, 4]);
        assert_eq!(champion(&p), Some(4));
        let tied = places_in_order(&[1, 0], |_, _| true);
        assert_eq!(champion(&tied), None);
    }
}

/// Events played out without engines, for the schedulers' tests: results come from a
/// rule.
#[cfg(test)]
pub(crate) mod testing {
    use super::{Encounter, Scheduler};
    use crate::arbiter::GameOutcome;
    use crate::engine::{EngineConfig, Protocol};
    use crate::game::GameRecord;
    use crate::openings::Opening;
    use crate::tournament::{Job, Standings, TournamentConfig};

    /// Red's result of a game from its encounter, its index there, Red and Black.
    pub type Rule<'a> = dyn Fn(&Encounter, u32, usize, usize) -> f64 + 'a;

    /// Standings of `n` engines named `E0`, `E1`, …
    pub fn standings(n: usize) -> Standings {
        let cfg = TournamentConfig {
            engines: (0..n)
                .map(|i| EngineConfig::new(&format!("E{i}"), "none", Protocol::Ucci))
                .collect(),
            ..TournamentConfig::default()
        };
        Standings::new(&cfg)
    }

    /// Counts the games of `encounters`, Red's result of each from `result(encounter,
    /// game index, red, black)`.
    pub fn play(st: &mut Standings, encounters: &[Encounter], result: &Rule) {
        for e in encounters {
            for g in 0..e.games {
                let (red, black) = if g % 2 == 0 {
                    (e.first, e.second)
                } else {
                    (e.second, e.first)
                };
                let r = result(e, g, red, black);
                let outcome = match r {
                    r if r > 0.75 => GameOutcome::RedWins,
                    r if r < 0.25 => GameOutcome::BlackWins,
                    _ => GameOutcome::Draw,
                };
                let job = Job {
                    number: st.games.len() + 1,
                    red,
                    black,
                    opening: Opening::startpos(),
                    round: e.round,
                    pair_of: None,
                    tag: e.game_tag(g),
                    encounter: e.clone(),
                    index: g,
                };
                let record = GameRecord {
                    red: st.names[red].clone(),
                    black: st.names[black].clone(),
                    start_fen: chariot::board::START_FEN.to_string(),
                    opening_moves: Vec::new(),
                    moves: Vec::new(),
                    outcome,
                    reason: "by rule".to_string(),
                    foul: false,
                    end: None,
                    time_control: "-".to_string(),
                };
                st.add(job, record);
            }
        }
    }

    /// Plays a whole event by `result`; returns every batch of encounters.
    pub fn run(
        scheduler: &mut dyn Scheduler,
        st: &mut Standings,
        result: &Rule<'_>,
    ) -> Vec<Vec<Encounter>> {
        let mut batches = Vec::new();
        loop {
            let batch = scheduler.next_encounters(st);
            if batch.is_empty() {
                return batches;
            }
            play(st, &batch, result);
            batches.push(batch);
        }
    }
}
