//! Group round robin (分组循环制, 第11.3条): the engines are seeded (种子: by the command
//! line, by rating, or by an earlier event's placings) into groups in snake order, each
//! group plays a round robin by the order table, and the best `advance` of each group go
//! to a final: a round robin or a single-elimination knockout, in which the qualifiers
//! are seeded group winners first (A1, B1, …, then A2, B2, …), so that a knockout pairs
//! winners with runners-up of other groups. Group results do not carry over into the
//! final. A full tie at a group's cut line (第15.6条 wants a play-off) goes by the order
//! of the command line.
//!
//! Places: the finalists by the final, then the others by their place in their group
//! (every group's third shares the next place, and so on).

use super::knockout::Knockout;
use super::round_robin::RoundRobin;
use super::scheduler::{places_in_order, Scheduler};
use crate::event::config::{FinalFormat, GroupOptions, TournamentConfig};
use crate::event::encounter::Encounter;
use crate::event::standings::{Placing, Standings};
use crate::event::tables::placings_table;
use crate::rng::Rng;

/// Deals the seeds (best first) into `count` groups in snake order: the first `count`
/// seeds to groups A, B, … in turn, the next `count` back from the last group to A, and
/// so on.
pub fn snake_groups(seeds: &[usize], count: usize) -> Vec<Vec<usize>> {
    let count = count.max(1);
    let mut groups = vec![Vec::new(); count];
    for (k, &seed) in seeds.iter().enumerate() {
        let (row, col) = (k / count, k % count);
        let g = if row % 2 == 0 { col } else { count - 1 - col };
        groups[g].push(seed);
    }
    groups
}

/// A group's letter: A, B, …, Z, then AA, AB, …
fn letter(g: usize) -> String {
    if g < 26 {
        char::from(b'A' + g as u8).to_string()
    } else {
        format!("{}{}", letter(g / 26 - 1), letter(g % 26))
    }
}

/// The final stage.
enum Final {
    RoundRobin(RoundRobin),
    Knockout(Knockout),
}

impl Final {
    fn scheduler(&self) -> &dyn Scheduler {
        match self {
            Final::RoundRobin(rr) => rr,
            Final::Knockout(ko) => ko,
        }
    }

    fn scheduler_mut(&mut self) -> &mut dyn Scheduler {
        match self {
            Final::RoundRobin(rr) => rr,
            Final::Knockout(ko) => ko,
        }
    }
}

/// The group event's scheduler.
pub struct Groups {
    members: Vec<Vec<usize>>,
    groups: Vec<RoundRobin>,
    options: GroupOptions,
    cfg_games: u32,
    cycles: u32,
    scoring: crate::report::rating::Scoring,
    tiebreak: crate::event::config::Tiebreak,
    seed: u64,
    started: bool,
    final_stage: Option<Final>,
}

impl Groups {
    /// The group event of `cfg`, its engines seeded by `seeds` (best first).
    pub fn new(cfg: &TournamentConfig, seeds: &[usize]) -> Groups {
        let members = snake_groups(seeds, cfg.groups.count);
        let groups = members
            .iter()
            .enumerate()
            .map(|(g, m)| {
                RoundRobin::new(
                    m,
                    cfg.games,
                    cfg.rounds,
                    &format!("{}.", letter(g)),
                    cfg.scoring,
                )
            })
            .collect();
        Groups {
            members,
            groups,
            options: cfg.groups,
            cfg_games: cfg.games,
            cycles: cfg.rounds,
            scoring: cfg.scoring,
            tiebreak: cfg.tiebreak.clone(),
            seed: cfg.seed,
            started: false,
            final_stage: None,
        }
    }

    /// The groups' members, by seed within each group.
    pub fn members(&self) -> &[Vec<usize>] {
        &self.members
    }

    /// The qualifiers in final seeding order: every group's winner (A1, B1, …), then
    /// every group's second, and so on.
    pub fn qualifiers(&self, st: &Standings) -> Vec<usize> {
        let orders: Vec<Vec<usize>> = self
            .groups
            .iter()
            .map(|g| g.placings(st).iter().map(|p| p.engine).collect())
            .collect();
        (0..self.options.advance)
            .flat_map(|place| orders.iter().filter_map(move |o| o.get(place).copied()))
            .collect()
    }

    /// Engine `i`'s group and its place there.
    fn group_place(&self, st: &Standings, i: usize) -> Option<(usize, usize)> {
        self.groups.iter().enumerate().find_map(|(g, rr)| {
            rr.placings(st)
                .iter()
                .find(|p| p.engine == i)
                .map(|p| (g, p.place))
        })
    }

    fn group_tables(&self, st: &Standings) -> String {
        let mut s = String::new();
        for (g, rr) in self.groups.iter().enumerate() {
            s.push_str(&format!("Group {}\n", letter(g)));
            s.push_str(&rr.cross_table(st, false));
        }
        s
    }
}

impl Scheduler for Groups {
    /// Every group's games at once; once they are over, the final's.
    fn next_encounters(&mut self, st: &Standings) -> Vec<Encounter> {
        if !self.started {
            self.started = true;
            return self
                .groups
                .iter_mut()
                .flat_map(|g| g.next_encounters(st))
                .collect();
        }
        if self.final_stage.is_none() {
            let qualifiers = self.qualifiers(st);
            self.final_stage = Some(match self.options.final_format {
                FinalFormat::RoundRobin => Final::RoundRobin(RoundRobin::new(
                    &qualifiers,
                    self.cfg_games,
                    self.cycles,
                    "F.",
                    self.scoring,
                )),
                FinalFormat::Knockout => Final::Knockout(Knockout::new(
                    &qualifiers,
                    false,
                    self.cfg_games,
                    self.tiebreak.clone(),
                    "F.",
                    Rng::new(self.seed),
                )),
            });
        }
        self.final_stage
            .as_mut()
            .expect("the final is set")
            .scheduler_mut()
            .next_encounters(st)
    }

    /// The finalists by the final; the others by their group place.
    fn placings(&self, st: &Standings) -> Vec<Placing> {
        let mut out = match &self.final_stage {
            Some(f) => f.scheduler().placings(st),
            None => Vec::new(),
        };
        let finalists: Vec<usize> = out.iter().map(|p| p.engine).collect();
        let mut rest: Vec<(usize, usize)> = self
            .members
            .iter()
            .flatten()
            .filter(|i| !finalists.contains(i))
            .map(|&i| (self.group_place(st, i).map_or(usize::MAX, |(_, p)| p), i))
            .collect();
        rest.sort();
        let order: Vec<usize> = rest.iter().map(|&(_, i)| i).collect();
        let place_of = |i: usize| rest.iter().find(|&&(_, e)| e == i).map(|&(p, _)| p);
        for p in places_in_order(&order, |a, b| place_of(a) == place_of(b)) {
            out.push(Placing {
                engine: p.engine,
                place: p.place + finalists.len(),
            });
        }
        out
    }

    fn table(&self, st: &Standings) -> String {
        let mut s = self.group_tables(st);
        if let Some(f) = &self.final_stage {
            s.push_str("Final\n");
            s.push_str(&match f {
                Final::RoundRobin(rr) => rr.cross_table(st, false),
                Final::Knockout(ko) => ko.bracket(st),
            });
        }
        s.push_str("Overall\n");
        let finalists: Vec<usize> = match &self.final_stage {
            Some(f) => f
                .scheduler()
                .placings(st)
                .iter()
                .map(|p| p.engine)
                .collect(),
            None => Vec::new(),
        };
        s.push_str(&placings_table(st, &self.placings(st), "Stage", |i| {
            let (g, place) = self.group_place(st, i).unwrap_or((0, 0));
            let group = format!("group {} #{place}", letter(g));
            if finalists.contains(&i) {
                format!("final ({group})")
            } else {
                group
            }
        }));
        s
    }

    /// The group tables once the groups are over; then the final's bracket, if it is a
    /// knockout.
    fn progress(&self, st: &Standings) -> Option<String> {
        match &self.final_stage {
            None => Some(self.group_tables(st)),
            Some(f) => f.scheduler().progress(st),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::formats::testing::{run, standings};

    fn event(final_format: FinalFormat) -> (Groups, Standings) {
        let st = standings(8);
        let mut cfg = TournamentConfig {
            engines: (0..8)
                .map(|i| {
                    crate::engine::EngineConfig::new(
                        &format!("E{i}"),
                        "none",
                        crate::engine::Protocol::Ucci,
                    )
                })
                .collect(),
            games: 1,
            ..TournamentConfig::default()
        };
        cfg.groups = GroupOptions {
            count: 2,
            advance: 2,
            final_format,
        };
        let seeds = cfg.seed_order();
        (Groups::new(&cfg, &seeds), st)
    }

    #[test]
    fn groups_then_a_final() {
        // Eight engines, the lower index always wins. Snake: A = 0 3 4 7, B = 1 2 5 6;
        // A sends 0 and 3, B 1 and 2; the final seeds them A1 B1 A2 B2 = 0 1 3 2.
        let stronger =
            |_: &Encounter, _: u32, red: usize, black: usize| f64::from(u8::from(red < black));
        let (mut groups, mut st) = event(FinalFormat::RoundRobin);
        assert_eq!(groups.members(), [vec![0, 3, 4, 7], vec![1, 2, 5, 6]]);
        let batches = run(&mut groups, &mut st, &stronger);
        assert_eq!(batches.len(), 2);
        assert_eq!(
            batches[0].len(),
            2 * 6,
            "two groups of four: six encounters each"
        );
        assert!(batches[0]
            .iter()
            .all(|e| e.tag.starts_with("A.") || e.tag.starts_with("B.")));
        assert_eq!(groups.qualifiers(&st), [0, 1, 3, 2]);
        assert_eq!(batches[1].len(), 6);
        assert!(batches[1].iter().all(|e| e.tag.starts_with("F.")));
        let places: Vec<(usize, usize)> = groups
            .placings(&st)
            .iter()
            .map(|p| (p.engine, p.place))
            .collect();
        assert_eq!(
            places,
            [
                (0, 1),
                (1, 2),
                (2, 3),
                (3, 4),
                (4, 5),
                (5, 5),
                (6, 7),
                (7, 7)
            ]
        );
        let table = groups.table(&st);
        for part in ["Group A", "Group B", "Final", "Overall"] {
            assert!(table.contains(part), "{table}");
        }

        // The same groups with a knockout final: 0 v 2 and 1 v 3, then 0 v 1.
        let (mut groups, mut st) = event(FinalFormat::Knockout);
        let batches = run(&mut groups, &mut st, &stronger);
        let semis: Vec<(usize, usize)> = batches[1]
            .iter()
            .map(|e| (e.first.min(e.second), e.first.max(e.second)))
            .collect();
        assert_eq!(semis, [(0, 2), (1, 3)]);
        assert_eq!(batches[1][0].tag, "F.1.1");
        let places: Vec<(usize, usize)> = groups
            .placings(&st)
            .iter()
            .map(|p| (p.engine, p.place))
            .collect();
        // The losing semifinalists share third, listed by their final seed.
        assert_eq!(places[..4], [(0, 1), (1, 2), (3, 3), (2, 3)]);
        assert!(groups.table(&st).contains("Champion: E0"));
    }

    #[test]
    fn snake_seeding() {
        let seeds: Vec<usize> = (0..10).collect();
        assert_eq!(
            snake_groups(&seeds, 3),
            [vec![0, 5, 6], vec![1, 4, 7], vec![2, 3, 8, 9]]
        );
        assert_eq!(
            snake_groups(&seeds[..8], 2),
            [vec![0, 3, 4, 7], vec![1, 2, 5, 6]]
        );
        assert_eq!(letter(0), "A");
        assert_eq!(letter(27), "AB");
    }
}
