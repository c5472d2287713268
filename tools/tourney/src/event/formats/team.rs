//! Team events (第12条), where each "team" is a set of engines (builds or settings of
//! one program, say).
//!
//! * **分台定人 round robin** (第12.1条, `-tournament team-round-robin`): each team lists
//!   its engines in board order (台次); the teams meet by the round-robin order table,
//!   board `k` of one team against board `k` of the other. The team listed first in the
//!   table has Red on its odd boards and Black on its even ones (第13.2条). Each team
//!   match scores 局分 (the game points of its boards) and 场分: 2 for the team with more
//!   局分, 1 each when level, 0 for the other (第14.2条). Places by 第15.3条: 场分, then the
//!   team's total 局分, then its game wins, then 直胜 (场分 in the matches among the teams
//!   still tied), then its fouls (fewer first); teams equal on all share the place.
//! * **队员总分制** (第12.5条, `-team` with an individual format): a team's score is the
//!   sum of its engines' places in the individual event, fewer first (第15.5条); then its
//!   best individual place, its second best, and so on; then its fouls.

use super::round_robin::berger_table;
use super::scheduler::Scheduler;
use crate::event::config::Team;
use crate::event::encounter::Encounter;
use crate::event::standings::{Placing, Standings};
use crate::event::tables::{fmt_points, placings_table};
use crate::report::rating::{share_places, Scoring};

/// One team match: round, its number in the round, and the two teams (the first has
/// Red on the odd boards).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct TeamMatch {
    round: u32,
    number: usize,
    first: usize,
    second: usize,
}

/// A team's line in the team standings.
#[derive(Clone, Debug, PartialEq)]
pub struct TeamEntry {
    /// Team index.
    pub team: usize,
    /// 1-based place (shared when every key is equal).
    pub place: usize,
    /// 场分: 2 a match won, 1 drawn.
    pub match_points: u32,
    /// Total 局分 (game points in the event's scoring).
    pub game_points: f64,
    /// Games won by the team's engines.
    pub game_wins: u32,
    /// 直胜: 场分 in the matches among the teams tied on the keys before.
    pub direct: u32,
    /// Games the team's engines lost by a foul.
    pub fouls: u32,
    /// Matches won, drawn, lost.
    pub matches: (u32, u32, u32),
}

/// The team round robin's scheduler.
#[derive(Clone, Debug)]
pub struct TeamRoundRobin {
    teams: Vec<Team>,
    games: u32,
    matches: Vec<TeamMatch>,
    left: Vec<Encounter>,
    scoring: Scoring,
}

impl TeamRoundRobin {
    /// The round robin of `teams` (equal boards), `games` games a board, the order table
    /// played `cycles` times with colours reversed each time.
    pub fn new(teams: &[Team], games: u32, cycles: u32, scoring: Scoring) -> TeamRoundRobin {
        let table = berger_table(teams.len());
        let per_cycle = table.len() as u32;
        let mut matches = Vec::new();
        let mut left = Vec::new();
        for cycle in 0..cycles {
            for (r, round) in table.iter().enumerate() {
                let number = cycle * per_cycle + r as u32 + 1;
                for (m, &(a, b)) in round.pairs.iter().enumerate() {
                    let (first, second) = if cycle % 2 == 0 {
                        (a - 1, b - 1)
                    } else {
                        (b - 1, a - 1)
                    };
                    matches.push(TeamMatch {
                        round: number,
                        number: m + 1,
                        first,
                        second,
                    });
                    let boards = teams[first].members.iter().zip(&teams[second].members);
                    for (k, (&x, &y)) in boards.enumerate() {
                        // Odd boards (k = 0, 2, …): the first team has Red.
                        let (red, black) = if k % 2 == 0 { (x, y) } else { (y, x) };
                        left.push(Encounter::new(
                            number,
                            red,
                            black,
                            games,
                            format!("{number}.{}.{}", m + 1, k + 1),
                        ));
                    }
                }
            }
        }
        TeamRoundRobin {
            teams: teams.to_vec(),
            games,
            matches,
            left,
            scoring,
        }
    }

    /// The 局分 of both teams in a match, and whether all its games are in.
    fn match_score(&self, st: &Standings, m: &TeamMatch) -> (f64, f64, bool) {
        let prefix = format!("{}.{}.", m.round, m.number);
        let (mut a, mut b, mut count) = (0.0, 0.0, 0u32);
        for (job, rec) in st
            .games
            .iter()
            .filter(|(j, _)| j.encounter.tag.starts_with(&prefix))
        {
            let red = rec.outcome.score_for(chariot::board::Color::Red);
            let red_first = self.teams[m.first].members.contains(&job.red);
            let (pa, pb) = if red_first {
                (red, 1.0 - red)
            } else {
                (1.0 - red, red)
            };
            a += self.scoring.points(pa);
            b += self.scoring.points(pb);
            count += 1;
        }
        let boards = self.teams[m.first].members.len() as u32;
        (a, b, count == boards * self.games)
    }

    /// The team standings by 第15.3条.
    pub fn standings(&self, st: &Standings) -> Vec<TeamEntry> {
        let n = self.teams.len();
        let mut entries: Vec<TeamEntry> = (0..n)
            .map(|t| TeamEntry {
                team: t,
                place: 0,
                match_points: 0,
                game_points: 0.0,
                game_wins: 0,
                direct: 0,
                fouls: 0,
                matches: (0, 0, 0),
            })
            .collect();
        // 场分 of each finished match: (first, second, first's 场分).
        let mut results: Vec<(usize, usize, u32)> = Vec::new();
        for m in &self.matches {
            let (a, b, done) = self.match_score(st, m);
            if !done {
                continue;
            }
            let mp = match a.total_cmp(&b) {
                std::cmp::Ordering::Greater => 2,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Less => 0,
            };
            results.push((m.first, m.second, mp));
            for (t, own, other, mp) in [(m.first, a, b, mp), (m.second, b, a, 2 - mp)] {
                let e = &mut entries[t];
                e.match_points += mp;
                e.game_points += own;
                match own.total_cmp(&other) {
                    std::cmp::Ordering::Greater => e.matches.0 += 1,
                    std::cmp::Ordering::Equal => e.matches.1 += 1,
                    std::cmp::Ordering::Less => e.matches.2 += 1,
                }
            }
        }
        let team_of = |i: usize| self.teams.iter().position(|t| t.members.contains(&i));
        for g in st.results() {
            for i in [g.red, g.black] {
                let Some(t) = team_of(i) else { continue };
                let r = g.result_for(i);
                if r > 0.75 {
                    entries[t].game_wins += 1;
                }
                if r < 0.25 && g.foul {
                    entries[t].fouls += 1;
                }
            }
        }
        use std::cmp::Ordering;
        let first_keys = |a: &TeamEntry, b: &TeamEntry| -> Ordering {
            b.match_points
                .cmp(&a.match_points)
                .then(b.game_points.total_cmp(&a.game_points))
                .then(b.game_wins.cmp(&a.game_wins))
        };
        entries.sort_by(|a, b| first_keys(a, b).then(a.team.cmp(&b.team)));
        let mut start = 0;
        while start < entries.len() {
            let mut end = start + 1;
            while end < entries.len() && first_keys(&entries[start], &entries[end]).is_eq() {
                end += 1;
            }
            let group: Vec<usize> = entries[start..end].iter().map(|e| e.team).collect();
            for e in &mut entries[start..end] {
                e.direct = results
                    .iter()
                    .filter(|(a, b, _)| group.contains(a) && group.contains(b))
                    .map(|&(a, b, mp)| {
                        if a == e.team {
                            mp
                        } else if b == e.team {
                            2 - mp
                        } else {
                            0
                        }
                    })
                    .sum();
            }
            start = end;
        }
        let all_keys = |a: &TeamEntry, b: &TeamEntry| -> Ordering {
            first_keys(a, b)
                .then(b.direct.cmp(&a.direct))
                .then(a.fouls.cmp(&b.fouls))
        };
        entries.sort_by(|a, b| all_keys(a, b).then(a.team.cmp(&b.team)));
        share_places(&mut entries, all_keys, |e| &mut e.place);
        entries
    }
}

impl Scheduler for TeamRoundRobin {
    /// Every board of every match at once.
    fn next_encounters(&mut self, _st: &Standings) -> Vec<Encounter> {
        std::mem::take(&mut self.left)
    }

    /// Each engine at its team's place.
    fn placings(&self, st: &Standings) -> Vec<Placing> {
        self.standings(st)
            .iter()
            .flat_map(|e| {
                self.teams[e.team].members.iter().map(|&engine| Placing {
                    engine,
                    place: e.place,
                })
            })
            .collect()
    }

    fn table(&self, st: &Standings) -> String {
        let entries = self.standings(st);
        let width = name_width(&self.teams);
        let mut s = format!(
            "Team standings (场分 MP, 局分 GP)\n{:>5}  {:<width$}  {:>4} {:>6} {:>4} {:>6} {:>5} {:>7}  ",
            "Place", "Team", "MP", "GP", "W", "Direct", "Fouls", "W-D-L"
        );
        for e in &entries {
            let short: String = self.teams[e.team].name.chars().take(7).collect();
            s.push_str(&format!(" {short:>7}"));
        }
        s.push('\n');
        let places: Vec<usize> = entries.iter().map(|e| e.place).collect();
        for (k, e) in entries.iter().enumerate() {
            let shared = (k > 0 && places[k - 1] == e.place) || places.get(k + 1) == Some(&e.place);
            let (w, d, l) = e.matches;
            s.push_str(&format!(
                "{:>5}  {:<width$}  {:>4} {:>6} {:>4} {:>6} {:>5} {:>7}  ",
                format!("{}{}", e.place, if shared { "=" } else { "" }),
                self.teams[e.team].name,
                e.match_points,
                fmt_points(e.game_points),
                e.game_wins,
                e.direct,
                e.fouls,
                format!("{w}-{d}-{l}")
            ));
            for o in &entries {
                let cell = if o.team == e.team {
                    "-".to_string()
                } else {
                    let games: Vec<String> = self
                        .matches
                        .iter()
                        .filter(|m| {
                            (m.first, m.second) == (e.team, o.team)
                                || (m.first, m.second) == (o.team, e.team)
                        })
                        .filter_map(|m| {
                            let (a, b, done) = self.match_score(st, m);
                            let own = if m.first == e.team { a } else { b };
                            done.then(|| fmt_points(own))
                        })
                        .collect();
                    if games.is_empty() {
                        ".".to_string()
                    } else {
                        games.join("/")
                    }
                };
                s.push_str(&format!(" {cell:>7}"));
            }
            s.push('\n');
        }
        s.push_str("Boards\n");
        let board_of = |i: usize| -> String {
            self.teams
                .iter()
                .find_map(|t| {
                    t.members
                        .iter()
                        .position(|&m| m == i)
                        .map(|b| format!("{} board {}", t.name, b + 1))
                })
                .unwrap_or_default()
        };
        s.push_str(&placings_table(st, &self.placings(st), "Team", board_of));
        s
    }
}

/// A team's line in the 队员总分 standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemberPlacesEntry {
    /// Team index.
    pub team: usize,
    /// 1-based place (shared when every key is equal).
    pub place: usize,
    /// The sum of its engines' places.
    pub total: usize,
    /// Its engines' places, best first.
    pub places: Vec<usize>,
    /// Games its engines lost by a foul.
    pub fouls: u32,
}

/// 队员总分制 (第15.5条): teams by the sum of their engines' places in the individual
/// event (`placings`), fewer first; then by their best place, second best, …; then by
/// fouls (fewer first). Teams equal on all share the place.
pub fn member_places(
    teams: &[Team],
    placings: &[Placing],
    st: &Standings,
) -> Vec<MemberPlacesEntry> {
    let results = st.results();
    let mut entries: Vec<MemberPlacesEntry> = teams
        .iter()
        .enumerate()
        .map(|(t, team)| {
            let mut places: Vec<usize> = team
                .members
                .iter()
                .filter_map(|&i| placings.iter().find(|p| p.engine == i).map(|p| p.place))
                .collect();
            places.sort_unstable();
            let fouls = results
                .iter()
                .filter(|g| g.foul)
                .filter(|g| {
                    team.members
                        .iter()
                        .any(|&i| g.involves(i) && g.result_for(i) < 0.25)
                })
                .count() as u32;
            MemberPlacesEntry {
                team: t,
                place: 0,
                total: places.iter().sum(),
                places,
                fouls,
            }
        })
        .collect();
    let keys = |a: &MemberPlacesEntry, b: &MemberPlacesEntry| {
        a.total
            .cmp(&b.total)
            .then(a.places.cmp(&b.places))
            .then(a.fouls.cmp(&b.fouls))
    };
    entries.sort_by(|a, b| keys(a, b).then(a.team.cmp(&b.team)));
    share_places(&mut entries, keys, |e| &mut e.place);
    entries
}

/// The width of the team-name column: the longest name, at least 4.
fn name_width(teams: &[Team]) -> usize {
    teams
        .iter()
        .map(|t| t.name.chars().count())
        .max()
        .unwrap_or(4)
        .max(4)
}

/// The 队员总分 table.
pub fn member_places_table(teams: &[Team], entries: &[MemberPlacesEntry]) -> String {
    let width = name_width(teams);
    let mut s = format!(
        "Teams by their engines' places (队员总分制)\n{:>5}  {:<width$}  {:>5}  {:>5}  Places\n",
        "Place", "Team", "Sum", "Fouls"
    );
    for e in entries {
        let places: Vec<String> = e.places.iter().map(usize::to_string).collect();
        s.push_str(&format!(
            "{:>5}  {:<width$}  {:>5}  {:>5}  {}\n",
            e.place,
            teams[e.team].name,
            e.total,
            e.fouls,
            places.join(" ")
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::formats::testing::{run, standings};

    fn team(name: &str, members: &[usize]) -> Team {
        Team {
            name: name.to_string(),
            members: members.to_vec(),
        }
    }

    #[test]
    fn boards_and_colours_by_the_order_table() {
        // Three teams: the table of four, 1-4 2-3 / 4-3 1-2 / 2-4 3-1, with 4 sitting
        // out; the first-listed team has Red on board 1 and Black on board 2 (第13.2条).
        let teams = [team("A", &[0, 3]), team("B", &[1, 4]), team("C", &[2, 5])];
        let mut trr = TeamRoundRobin::new(&teams, 1, 1, Scoring::One);
        let st = standings(6);
        let e = trr.next_encounters(&st);
        let rows: Vec<(String, usize, usize)> = e
            .iter()
            .map(|x| (x.tag.clone(), x.first, x.second))
            .collect();
        let r = |tag: &str, a, b| (tag.to_string(), a, b);
        assert_eq!(
            rows,
            [
                r("1.1.1", 1, 2),
                r("1.1.2", 5, 4),
                r("2.1.1", 0, 1),
                r("2.1.2", 4, 3),
                r("3.1.1", 2, 0),
                r("3.1.2", 3, 5),
            ]
        );
    }

    #[test]
    fn team_places_by_match_points_then_the_tie_breaks() {
        // Four one-board teams: A beats B, C beats A, D beats A, B beats C, D beats B, C
        // beats D. C and D have 4 场分, A and B 2, all equal on 局分 and wins within each
        // pair: 直胜 puts C above D and A above B.
        let teams = [
            team("A", &[0]),
            team("B", &[1]),
            team("C", &[2]),
            team("D", &[3]),
        ];
        let mut trr = TeamRoundRobin::new(&teams, 1, 1, Scoring::One);
        let mut st = standings(4);
        let winner = |a: usize, b: usize| match (a.min(b), a.max(b)) {
            (0, 1) => 0,
            (0, 2) => 2,
            (0, 3) => 3,
            (1, 2) => 1,
            (1, 3) => 3,
            _ => 2,
        };
        run(&mut trr, &mut st, &|_, _, red, black| {
            f64::from(u8::from(winner(red, black) == red))
        });
        let rows: Vec<(usize, usize, u32, u32)> = trr
            .standings(&st)
            .iter()
            .map(|e| (e.team, e.place, e.match_points, e.direct))
            .collect();
        assert_eq!(
            rows,
            [(2, 1, 4, 2), (3, 2, 4, 0), (0, 3, 2, 2), (1, 4, 2, 0)]
        );

        // Three two-board teams, every match 1-1 (board 1 to the lower index, board 2 to
        // the higher): all level on every key, they share first place; a foul then puts
        // its team last.
        let teams = [team("A", &[0, 3]), team("B", &[1, 4]), team("C", &[2, 5])];
        let mut trr = TeamRoundRobin::new(&teams, 1, 1, Scoring::Two);
        let mut st = standings(6);
        run(&mut trr, &mut st, &|e, _, red, black| {
            let board_one = e.tag.ends_with(".1");
            f64::from(u8::from((red < black) == board_one))
        });
        let s = trr.standings(&st);
        assert!(s
            .iter()
            .all(|e| e.place == 1 && e.match_points == 2 && e.game_points == 4.0));
        let lost_by_c = st
            .games
            .iter()
            .position(|(j, r)| {
                let loser = match r.outcome {
                    chariot::board::Outcome::RedWins => j.black,
                    _ => j.red,
                };
                loser == 2
            })
            .unwrap();
        st.games[lost_by_c].1.foul = true;
        let s = trr.standings(&st);
        let places: Vec<(usize, usize)> = s.iter().map(|e| (e.team, e.place)).collect();
        assert_eq!(places, [(0, 1), (1, 1), (2, 3)]);
        let table = trr.table(&st);
        assert!(table.contains("Team standings"), "{table}");
        assert!(table.contains("C board 2"), "{table}");
    }

    #[test]
    fn teams_by_their_engines_places() {
        // 第15.5条: T1 has places 1 and 4, T2 2 and 3: both sum 5, T1's best is higher.
        let st = standings(4);
        let teams = [team("T1", &[0, 3]), team("T2", &[1, 2])];
        let placings: Vec<Placing> = [(0, 1), (1, 2), (2, 3), (3, 4)]
            .iter()
            .map(|&(engine, place)| Placing { engine, place })
            .collect();
        let e = member_places(&teams, &placings, &st);
        let rows: Vec<(usize, usize, usize)> =
            e.iter().map(|x| (x.team, x.place, x.total)).collect();
        assert_eq!(rows, [(0, 1, 5), (1, 2, 5)]);
        // Shared individual places: equal sums and places, a shared team place.
        let placings: Vec<Placing> = [(0, 1), (1, 1), (2, 3), (3, 3)]
            .iter()
            .map(|&(engine, place)| Placing { engine, place })
            .collect();
        let e = member_places(&teams, &placings, &st);
        assert_eq!((e[0].place, e[1].place), (1, 1));
        assert!(member_places_table(&teams, &e).contains("队员总分"));
    }
}
