//! Events played out without engines, for the schedulers' tests: results come from a
//! rule.

use super::scheduler::Scheduler;
use crate::engine::{EngineConfig, Protocol};
use crate::event::config::TournamentConfig;
use crate::event::encounter::{Encounter, Job};
use crate::event::standings::Standings;
use crate::game::GameRecord;
use crate::openings::Opening;
use chariot::board::Outcome;

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
                r if r > 0.75 => Outcome::RedWins,
                r if r < 0.25 => Outcome::BlackWins,
                _ => Outcome::Draw,
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
