//! Tournament formats as schedulers: each says who meets whom next, given the standings
//! so far, and the one runner ([`crate::event::runner::run`]) plays those encounters. Each
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
//! and who placed where. `scheduler.rs` holds what they share (the [`Scheduler`] trait,
//! [`places_in_order`]), below all of them; `testing.rs` plays events without engines
//! for their tests.

mod gauntlet;
mod groups;
mod knockout;
mod round_robin;
mod scheduler;
mod swiss;
mod team;
#[cfg(test)]
mod testing;

pub use gauntlet::Gauntlet;
pub use groups::{snake_groups, Groups};
pub use knockout::{bracket_order, Knockout};
pub use round_robin::{berger_table, BergerRound, RoundRobin};
pub use scheduler::{places_in_order, places_of_ranking, Scheduler};
pub use swiss::Swiss;
pub use team::{member_places, member_places_table, MemberPlacesEntry, TeamEntry, TeamRoundRobin};

use crate::event::config::{TournamentConfig, TournamentFormat};
use crate::rng::Rng;

// `TournamentFormat` itself, its names, is part of the configuration (below the
// formats); making its scheduler needs the formats, so it is here.
impl TournamentFormat {
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
