//! The printed tables: the round robin's cross-table, the Swiss standings with their
//! tie-break columns, the knockout's placings, and the rating columns every one of them
//! carries (logistic Elo, or the documents' `cxa` and `qq` ratings).

use crate::event::standings::{champion, Placing, Standings};
use crate::report::rating::{RankEntry, RatedGame, RatingChange, RatingMethod};
use crate::report::stats::Wdl;

/// Points as the tables print them: `3`, `2.5`, `0.25`.
pub fn fmt_points(p: f64) -> String {
    if p.fract() == 0.0 {
        format!("{p:.0}")
    } else if (p * 2.0).fract() == 0.0 {
        format!("{p:.1}")
    } else {
        format!("{p:.2}")
    }
}

/// Engine `i`'s wins, draws and losses in `games`.
pub fn wdl_of(i: usize, games: &[RatedGame]) -> Wdl {
    let mut w = Wdl::default();
    for g in games.iter().filter(|g| g.involves(i)) {
        w.add(g.result_for(i));
    }
    w
}

/// Engine `i`'s results against `j` in `games`.
fn wdl_between(i: usize, j: usize, games: &[RatedGame]) -> Wdl {
    let mut w = Wdl::default();
    for g in games.iter().filter(|g| g.involves(i) && g.opponent(i) == j) {
        w.add(g.result_for(i));
    }
    w
}

/// The rating columns: their head, and each engine's cells from its total.
struct RatingColumns {
    method: RatingMethod,
    changes: Option<Vec<RatingChange>>,
}

impl RatingColumns {
    fn new(st: &Standings, champion: Option<usize>) -> RatingColumns {
        RatingColumns {
            method: st.method,
            changes: st.ratings_with(champion),
        }
    }

    fn head(&self) -> String {
        match self.method {
            RatingMethod::Elo => format!("{:>8} {:>7}", "Elo", "+/-"),
            RatingMethod::Cxa | RatingMethod::Qq => format!(
                "{:>6} {:>4} {:>6} {:>6} {:>11} {:>6}",
                "Start", "K", "W", "We", "New", "Perf"
            ),
        }
    }

    /// Engine `i`'s cells; `total` is its record (the logistic Elo's input).
    fn cells(&self, i: usize, total: &Wdl) -> String {
        match self.changes.as_ref().map(|r| r[i]) {
            None => {
                let el = total.elo();
                let elo = if el.elo.is_finite() {
                    format!("{:.1}", el.elo)
                } else if el.elo > 0.0 {
                    "inf".to_string()
                } else {
                    "-inf".to_string()
                };
                let margin = if el.margin.is_finite() {
                    format!("{:.1}", el.margin)
                } else {
                    "-".to_string()
                };
                format!("{elo:>8} {margin:>7}")
            }
            Some(r) => {
                let perf = r
                    .performance
                    .map_or_else(|| "-".to_string(), |p| format!("{p:.0}"));
                let new = format!("{:.0}({:+.0})", r.new, r.delta());
                format!(
                    "{:>6.0} {:>4.0} {:>6} {:>6.2} {:>11} {perf:>6}",
                    r.start,
                    r.k,
                    fmt_points(r.w),
                    r.we,
                    new
                )
            }
        }
    }
}

fn name_width(st: &Standings, engines: impl Iterator<Item = usize>) -> usize {
    engines
        .map(|i| st.names[i].chars().count())
        .max()
        .unwrap_or(4)
        .max(4)
}

/// A rank as printed: `3`, or `3=` when another engine shares it.
fn rank_text(ranks: &[usize], k: usize) -> String {
    let shared = (k > 0 && ranks[k - 1] == ranks[k]) || ranks.get(k + 1) == Some(&ranks[k]);
    format!("{}{}", ranks[k], if shared { "=" } else { "" })
}

/// The round robin's cross-table of the ranked `entries` over `games`: rank (shared
/// ranks marked `=`), points, 小分 (SB), wins, the rating columns (over the whole event;
/// left out when `ratings` is false, as in a group's table), games, score, draws, and
/// each engine's points against each other one (`.` for pairs that have not met).
pub fn cross_table(
    st: &Standings,
    entries: &[RankEntry],
    games: &[RatedGame],
    ratings: Option<Option<usize>>,
) -> String {
    let width = name_width(st, entries.iter().map(|e| e.engine));
    let columns = ratings.map(|champion| RatingColumns::new(st, champion));
    let rating_head = columns
        .as_ref()
        .map_or(String::new(), |c| format!("{} ", c.head()));
    let mut s = format!(
        "{:>4}  {:<width$}  {:>6} {:>7} {:>4}  {rating_head}{:>6} {:>6} {:>6}  ",
        "Rank", "Name", "Pts", "SB", "W", "Games", "Score", "Draw"
    );
    // Column heads: the names cut to 7 characters, or the ranks when cutting makes
    // two alike.
    let shorts: Vec<String> = entries
        .iter()
        .map(|e| st.names[e.engine].chars().take(7).collect())
        .collect();
    let alike = (1..shorts.len()).any(|k| shorts[..k].contains(&shorts[k]));
    for (k, short) in shorts.iter().enumerate() {
        let head = if alike {
            format!("#{}", k + 1)
        } else {
            short.clone()
        };
        s.push_str(&format!(" {head:>7}"));
    }
    s.push('\n');
    let ranks: Vec<usize> = entries.iter().map(|e| e.rank).collect();
    for (k, e) in entries.iter().enumerate() {
        let i = e.engine;
        let t = wdl_of(i, games);
        let rating_cols = columns
            .as_ref()
            .map_or(String::new(), |c| format!("{} ", c.cells(i, &st.total(i))));
        s.push_str(&format!(
            "{:>4}  {:<width$}  {:>6} {:>7} {:>4}  {rating_cols}{:>6} {:>5.1}% {:>5.1}%  ",
            rank_text(&ranks, k),
            st.names[i],
            fmt_points(e.points),
            fmt_points(e.sb),
            e.wins,
            t.games(),
            100.0 * t.score(),
            100.0 * t.draw_ratio()
        ));
        for o in entries {
            let j = o.engine;
            let cell = if i == j {
                "-".to_string()
            } else {
                let w = wdl_between(i, j, games);
                if w.games() == 0 {
                    ".".to_string()
                } else {
                    let pts = f64::from(w.wins) * st.scoring.points(1.0)
                        + f64::from(w.draws) * st.scoring.points(0.5);
                    format!("{}/{}", fmt_points(pts), w.games())
                }
            };
            s.push_str(&format!(" {cell:>7}"));
        }
        s.push('\n');
    }
    s
}

/// One engine's game in a Swiss round, as its standings cell shows it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RoundCell {
    /// Did not play this round (not yet paired).
    Absent,
    /// A scored bye.
    Bye,
    /// Met the engine of seed number `opponent` (1-based), with Red in the first game
    /// when `red`, scoring `points` of the encounter's games (`None`: not finished).
    Game {
        /// The opponent's seed number.
        opponent: usize,
        /// Red in the encounter's first game.
        red: bool,
        /// Points scored (1 / 0.5 / 0 a game).
        points: Option<f64>,
        /// Games in the encounter.
        games: u32,
    },
}

impl RoundCell {
    fn text(self) -> String {
        match self {
            RoundCell::Absent => ".".to_string(),
            RoundCell::Bye => "bye+".to_string(),
            RoundCell::Game {
                opponent,
                red,
                points,
                games,
            } => {
                let colour = if red { 'r' } else { 'b' };
                let result = match points {
                    None => "?".to_string(),
                    Some(p) if games == 1 => match p {
                        p if p > 0.75 => "+".to_string(),
                        p if p > 0.25 => "=".to_string(),
                        _ => "-".to_string(),
                    },
                    Some(p) => fmt_points(p),
                };
                format!("{opponent}{colour}{result}")
            }
        }
    }
}

/// The Swiss standings (第15.2条): rank (shared ranks marked `=`), seed number, name,
/// points, 对手分 (Opp), wins, fouls, the rating columns, and one cell a round: the
/// opponent's seed number, `r`/`b` for the colour of the first game and `+ = -` (or the
/// points of a longer encounter), `bye+` for a scored bye.
pub fn swiss_table(
    st: &Standings,
    entries: &[RankEntry],
    seed_number: impl Fn(usize) -> usize,
    rounds: &[Vec<RoundCell>],
    champion: Option<usize>,
) -> String {
    let width = name_width(st, entries.iter().map(|e| e.engine));
    let columns = RatingColumns::new(st, champion);
    let mut s = format!(
        "{:>4} {:>3}  {:<width$}  {:>6} {:>7} {:>4} {:>5}  {} {:>6}  ",
        "Rank",
        "No",
        "Name",
        "Pts",
        "Opp",
        "W",
        "Fouls",
        columns.head(),
        "Games"
    );
    for r in 0..rounds.first().map_or(0, Vec::len) {
        s.push_str(&format!(" {:>6}", format!("R{}", r + 1)));
    }
    s.push('\n');
    let ranks: Vec<usize> = entries.iter().map(|e| e.rank).collect();
    for (k, e) in entries.iter().enumerate() {
        let i = e.engine;
        let total = st.total(i);
        s.push_str(&format!(
            "{:>4} {:>3}  {:<width$}  {:>6} {:>7} {:>4} {:>5}  {} {:>6}  ",
            rank_text(&ranks, k),
            seed_number(i),
            st.names[i],
            fmt_points(e.points),
            fmt_points(e.opponents),
            e.wins,
            e.fouls,
            columns.cells(i, &total),
            total.games()
        ));
        for cell in &rounds[i] {
            s.push_str(&format!(" {:>6}", cell.text()));
        }
        s.push('\n');
    }
    s
}

/// A placings list (knockout, the overall result of a group event): place (shared
/// places marked `=`), name, a column of the format's own (`what`: the round reached,
/// the group place), games, wins-draws-losses, score, and the rating columns over the
/// whole event.
pub fn placings_table(
    st: &Standings,
    placings: &[Placing],
    what_head: &str,
    what: impl Fn(usize) -> String,
) -> String {
    let width = name_width(st, placings.iter().map(|p| p.engine));
    let columns = RatingColumns::new(st, champion(placings));
    let what_width = placings
        .iter()
        .map(|p| what(p.engine).chars().count())
        .chain([what_head.chars().count()])
        .max()
        .unwrap_or(0);
    let mut s = format!(
        "{:>5}  {:<width$}  {:<what_width$}  {:>5} {:>9} {:>6}  {}\n",
        "Place",
        "Name",
        what_head,
        "Games",
        "W-D-L",
        "Score",
        columns.head()
    );
    let places: Vec<usize> = placings.iter().map(|p| p.place).collect();
    for (k, p) in placings.iter().enumerate() {
        let i = p.engine;
        let t = st.total(i);
        s.push_str(&format!(
            "{:>5}  {:<width$}  {:<what_width$}  {:>5} {:>9} {:>5.1}%  {}\n",
            rank_text(&places, k),
            st.names[i],
            what(i),
            t.games(),
            format!("{}-{}-{}", t.wins, t.draws, t.losses),
            100.0 * t.score(),
            columns.cells(i, &t)
        ));
    }
    s
}

// The standings' own table, here rather than with them: tables sit above the standings.
impl Standings {
    /// The whole event's rating list and cross-table (see [`cross_table`]).
    pub fn table(&self) -> String {
        cross_table(
            self,
            &self.rank_entries(),
            &self.results(),
            Some(self.cross_table_champion()),
        )
    }
}
