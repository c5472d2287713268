//! The source documents' own scoring, ranking and rating methods, next to the logistic
//! Elo estimate of [`crate::report::stats`].
//!
//! * Scoring (成绩计算): a win, draw and loss are worth 1, 0.5, 0 (the older rules, 第14条)
//!   or 2, 1, 0 (the 2011 rules, 第13.1条); 第13.3条 also allows 3, 1, 0.
//! * Ranking (名次确定, 第14.1条 / 第15.1条): points, then 小分 (the points of every
//!   opponent beaten plus half the points of every opponent drawn), 胜局 (wins), 直胜
//!   (the points scored in the games among the engines still tied), 犯规 (fouls: games
//!   lost by an illegal move, a forbidden repetition, a time forfeit, a crash, a hang or a
//!   failure to start; fewer ranks first), 后走局数 (games played as Black; more ranks
//!   first), and last 后走胜局 (wins as Black) from 第14.2条. Engines equal on all of these
//!   share the rank (名次并列).
//! * `cxa`, the Chinese Xiangqi Association's 等级分 (棋手等级分制实施细则 第八、九条): for the
//!   whole event `ΔR = K (W - We)`, `We = N · Pc`, where N is the number of games and Pc
//!   the expected score read from 表二 for the difference between the engine's rating and
//!   the mean rating of its opponents; `Rn = Ro + ΔR`, rounded half away from zero.
//!   K is 25 for an engine with fewer than 30 rated games, 15 after, and 10 once its
//!   rating has reached 2500. An engine without a rating plays on the provisional 2300.
//!   Unplayed games (no move made) do not count; nor do the points won against an
//!   unrated engine that scored nothing; the event's winner does not lose rating
//!   (个人冠军不降分). 表一 (score to rating difference) gives the performance rating.
//! * `qq`, the QQ xiangqi rating (六．積分方法): after every game
//!   `NewS = OldS + K (Res - Exp)`, `Exp = 1 / (10^(Dr/400) + 1)`,
//!   `Dr = (opponent - own) + Yfirst`, `Yfirst = -100` for the first mover (Red) and
//!   `+100` for Black, K by the rating band (<1000: 120, 1000-1399: 60, 1400-1799: 30,
//!   1800-1999: 25, 2000-2199: 20, 2200-2399: 15, 2400 and above: 10). Games that end
//!   before two moves have been made are not rated. Start rating 1300.

use chariot::board::{Color, Outcome};

/// Points for a win, a draw and a loss.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Scoring {
    /// 1, 0.5, 0.
    #[default]
    One,
    /// 2, 1, 0.
    Two,
    /// 3, 1, 0.
    Three,
}

/// A `-scoring` or `-rating` value that names nothing known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UnknownName {
    /// Not a scoring.
    Scoring(String),
    /// Not a rating method.
    RatingMethod(String),
}

impl std::fmt::Display for UnknownName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            UnknownName::Scoring(t) => {
                write!(
                    f,
                    "unknown scoring '{t}' (1 = 1-0.5-0, 2 = 2-1-0, 3 = 3-1-0)"
                )
            }
            UnknownName::RatingMethod(t) => {
                write!(f, "unknown rating method '{t}' (elo, cxa or qq)")
            }
        }
    }
}

impl std::error::Error for UnknownName {}

impl Scoring {
    /// Parses `1` (1-0.5-0), `2` (2-1-0) or `3` (3-1-0).
    pub fn parse(text: &str) -> Result<Scoring, UnknownName> {
        match text {
            "1" | "1-0.5-0" => Ok(Scoring::One),
            "2" | "2-1-0" => Ok(Scoring::Two),
            "3" | "3-1-0" => Ok(Scoring::Three),
            _ => Err(UnknownName::Scoring(text.to_string())),
        }
    }

    /// Points for one game worth `result` (1 win, 0.5 draw, 0 loss).
    pub fn points(self, result: f64) -> f64 {
        let (win, draw) = match self {
            Scoring::One => (1.0, 0.5),
            Scoring::Two => (2.0, 1.0),
            Scoring::Three => (3.0, 1.0),
        };
        if result > 0.75 {
            win
        } else if result > 0.25 {
            draw
        } else {
            0.0
        }
    }
}

/// How the rating list is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum RatingMethod {
    /// Logistic Elo from the score, with a 95% interval.
    #[default]
    Elo,
    /// The Chinese Xiangqi Association's 等级分 (K 25/15/10, 表二).
    Cxa,
    /// The QQ xiangqi rating (K by band, Yfirst ±100).
    Qq,
}

impl RatingMethod {
    /// Parses `elo`, `cxa` or `qq`.
    pub fn parse(text: &str) -> Result<RatingMethod, UnknownName> {
        match text.to_ascii_lowercase().as_str() {
            "elo" => Ok(RatingMethod::Elo),
            "cxa" | "ccxa" | "doc" | "documents" => Ok(RatingMethod::Cxa),
            "qq" => Ok(RatingMethod::Qq),
            _ => Err(UnknownName::RatingMethod(text.to_string())),
        }
    }

    /// The start rating of an engine that was given none.
    pub fn default_start(self) -> f64 {
        match self {
            RatingMethod::Elo => 0.0,
            RatingMethod::Cxa => CXA_PROVISIONAL,
            RatingMethod::Qq => QQ_START,
        }
    }
}

/// The provisional rating of an unrated player (暂定等级分, men).
pub const CXA_PROVISIONAL: f64 = 2300.0;
/// A new QQ player's score.
pub const QQ_START: f64 = 1300.0;

/// 表二: the upper end of each band of rating differences; band `i` expects a score of
/// `0.50 + i/100` for the higher-rated player (and the rest for the lower-rated one).
/// Differences above 735 expect 1.00.
const TABLE2_UPPER: [u32; 50] = [
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153, 162,
    170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357, 374,
    391, 411, 432, 456, 484, 517, 559, 619, 735,
];

/// 表一 for scores .50 to .99: the rating difference in points. The document's table is
/// symmetric except for three misprints (.68 printed 138, .86 printed 305, .34 printed
/// -111); the values here are the ones its own other half gives (133, 309, -117).
const TABLE1_UPPER_HALF: [i32; 50] = [
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158,
    166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
    383, 401, 422, 444, 470, 501, 538, 589, 677,
];

/// 表二: the expected score (hundredths) of a player rated `diff` points above its
/// opponent (negative: below). `diff` is rounded to the nearest point first.
pub fn table2_expected_pct(diff: f64) -> u32 {
    let d = diff.abs().round() as u32;
    let high = TABLE2_UPPER
        .iter()
        .position(|&u| d <= u)
        .map_or(100, |i| 50 + i as u32);
    if diff < 0.0 && d > 0 {
        100 - high
    } else {
        high
    }
}

/// 表二 as a fraction.
pub fn table2_expected(diff: f64) -> f64 {
    f64::from(table2_expected_pct(diff)) / 100.0
}

/// 表一: the rating difference for a score `p` in [0, 1] (rounded to hundredths);
/// `None` for 0 and 1, where the table has no value.
pub fn table1_difference(p: f64) -> Option<i32> {
    let pct = (p * 100.0).round() as i64;
    if !(1..=99).contains(&pct) {
        return None;
    }
    Some(if pct >= 50 {
        TABLE1_UPPER_HALF[(pct - 50) as usize]
    } else {
        -TABLE1_UPPER_HALF[(50 - pct) as usize]
    })
}

/// The association's K: 10 once the rating has reached 2500 (`peak`), else 25 while
/// the engine has fewer than 30 rated games, else 15.
pub fn cxa_k(peak: f64, rated_games: u32) -> f64 {
    if peak >= 2500.0 {
        10.0
    } else if rated_games < 30 {
        25.0
    } else {
        15.0
    }
}

/// QQ's K by rating band.
pub fn qq_k(rating: f64) -> f64 {
    match rating {
        r if r < 1000.0 => 120.0,
        r if r < 1400.0 => 60.0,
        r if r < 1800.0 => 30.0,
        r if r < 2000.0 => 25.0,
        r if r < 2200.0 => 20.0,
        r if r < 2400.0 => 15.0,
        _ => 10.0,
    }
}

/// QQ's expected result for a player rated `own` against `opp`, `first` when it moves
/// first (Red).
pub fn qq_expected(own: f64, opp: f64, first: bool) -> f64 {
    let yfirst = if first { -100.0 } else { 100.0 };
    let dr = (opp - own) + yfirst;
    1.0 / (10f64.powf(dr / 400.0) + 1.0)
}

/// Rounds half away from zero (四舍五入).
pub fn round_half_up(x: f64) -> f64 {
    x.signum() * (x.abs() + 0.5).floor()
}

/// One game as the ranking and the ratings need it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatedGame {
    /// Red's index.
    pub red: usize,
    /// Black's index.
    pub black: usize,
    /// Who won.
    pub outcome: Outcome,
    /// Moves (plies) the engines made.
    pub plies: usize,
    /// The loser lost by a foul (illegal move, forbidden repetition, time, crash, hang,
    /// failure to start).
    pub foul: bool,
}

impl RatedGame {
    /// The result for engine `i` (which must have played).
    pub fn result_for(&self, i: usize) -> f64 {
        let color = if i == self.red {
            Color::Red
        } else {
            Color::Black
        };
        self.outcome.score_for(color)
    }

    /// The opponent of engine `i`.
    pub fn opponent(&self, i: usize) -> usize {
        if i == self.red {
            self.black
        } else {
            self.red
        }
    }

    /// Whether engine `i` played the game.
    pub fn involves(&self, i: usize) -> bool {
        self.red == i || self.black == i
    }
}

/// An engine's line in the ranking.
#[derive(Clone, Debug, PartialEq)]
pub struct RankEntry {
    /// Engine index.
    pub engine: usize,
    /// 1-based rank (shared when every tie-break is equal).
    pub rank: usize,
    /// Points in the chosen scoring (a scored bye counts as a win).
    pub points: f64,
    /// 小分: the points of the opponents beaten plus half those of the opponents drawn.
    pub sb: f64,
    /// 对手分: the points of every opponent met (each once), plus for each scored bye the
    /// lowest score among the engines that have scored (第14.4条 of the 2011 rules).
    pub opponents: f64,
    /// Wins (a scored bye counts as one).
    pub wins: u32,
    /// 直胜: points in the games among the engines tied with it on the keys before.
    pub direct: f64,
    /// Games lost by a foul.
    pub fouls: u32,
    /// Games as Black.
    pub black_games: u32,
    /// Wins as Black.
    pub black_wins: u32,
}

/// Ranks `n` engines by the documents' order for a round robin: points, 小分, wins,
/// 直胜, fouls (fewer first), games as Black (more first), wins as Black (more first).
pub fn rank(n: usize, games: &[RatedGame], scoring: Scoring) -> Vec<RankEntry> {
    let all: Vec<usize> = (0..n).collect();
    rank_among(&all, games, scoring)
}

/// [`rank`] for the engines `engines` only, over the games among them (a group of a
/// group round robin, the final of one).
pub fn rank_among(engines: &[usize], games: &[RatedGame], scoring: Scoring) -> Vec<RankEntry> {
    use std::cmp::Ordering;
    let games: Vec<RatedGame> = games
        .iter()
        .filter(|g| engines.contains(&g.red) && engines.contains(&g.black))
        .copied()
        .collect();
    let mut entries = tally(engines, &games, &[], 0, scoring);
    let first_keys = |a: &RankEntry, b: &RankEntry| -> Ordering {
        b.points
            .total_cmp(&a.points)
            .then(b.sb.total_cmp(&a.sb))
            .then(b.wins.cmp(&a.wins))
    };
    entries.sort_by(|a, b| first_keys(a, b).then(a.engine.cmp(&b.engine)));
    // 直胜 within each group still tied on the first keys.
    let mut start = 0;
    while start < entries.len() {
        let mut end = start + 1;
        while end < entries.len() && first_keys(&entries[start], &entries[end]).is_eq() {
            end += 1;
        }
        if end - start > 1 {
            let group: Vec<usize> = entries[start..end].iter().map(|e| e.engine).collect();
            for e in &mut entries[start..end] {
                e.direct = games
                    .iter()
                    .filter(|g| g.involves(e.engine) && group.contains(&g.opponent(e.engine)))
                    .map(|g| scoring.points(g.result_for(e.engine)))
                    .sum();
            }
        }
        start = end;
    }
    let all_keys = |a: &RankEntry, b: &RankEntry| -> Ordering {
        first_keys(a, b)
            .then(b.direct.total_cmp(&a.direct))
            .then(a.fouls.cmp(&b.fouls))
            .then(b.black_games.cmp(&a.black_games))
            .then(b.black_wins.cmp(&a.black_wins))
    };
    entries.sort_by(|a, b| all_keys(a, b).then(a.engine.cmp(&b.engine)));
    share_ranks(&mut entries, all_keys);
    entries
}

/// Ranks the engines of a Swiss event (积分编排制) by 第15.2条: points, then 对手分, then
/// wins, then fouls (fewer first); engines equal on all four share the rank, listed in
/// the order of `engines` (the seeds). `byes` names the engine of each scored bye,
/// worth a won round of `round_games` games (an encounter's `-games`): the scoring's
/// points for a win and one win for each of them.
pub fn rank_swiss(
    engines: &[usize],
    games: &[RatedGame],
    byes: &[usize],
    round_games: u32,
    scoring: Scoring,
) -> Vec<RankEntry> {
    use std::cmp::Ordering;
    let mut entries = tally(engines, games, byes, round_games, scoring);
    let keys = |a: &RankEntry, b: &RankEntry| -> Ordering {
        b.points
            .total_cmp(&a.points)
            .then(b.opponents.total_cmp(&a.opponents))
            .then(b.wins.cmp(&a.wins))
            .then(a.fouls.cmp(&b.fouls))
    };
    let seed = |e: &RankEntry| engines.iter().position(|&x| x == e.engine);
    entries.sort_by(|a, b| keys(a, b).then(seed(a).cmp(&seed(b))));
    share_ranks(&mut entries, keys);
    entries
}

/// Numbers sorted entries 1, 2, …, giving an entry equal to the one before on `keys`
/// the same rank.
fn share_ranks(
    entries: &mut [RankEntry],
    keys: impl Fn(&RankEntry, &RankEntry) -> std::cmp::Ordering,
) {
    share_places(entries, keys, |e| &mut e.rank);
}

/// Numbers sorted `entries` 1, 2, … in the field `place` picks, an entry equal to the
/// one before on `keys` sharing its number (名次并列): the ranking, and the team tables.
pub fn share_places<T>(
    entries: &mut [T],
    keys: impl Fn(&T, &T) -> std::cmp::Ordering,
    place: impl Fn(&mut T) -> &mut usize,
) {
    for k in 0..entries.len() {
        let number = if k > 0 && keys(&entries[k - 1], &entries[k]).is_eq() {
            *place(&mut entries[k - 1])
        } else {
            k + 1
        };
        *place(&mut entries[k]) = number;
    }
}

/// Every engine's counts over `games` (which must involve only `engines`) and the
/// scored `byes` (each a won round of `round_games` games), in the order of `engines`,
/// unranked.
fn tally(
    engines: &[usize],
    games: &[RatedGame],
    byes: &[usize],
    round_games: u32,
    scoring: Scoring,
) -> Vec<RankEntry> {
    let slot = |i: usize| engines.iter().position(|&e| e == i);
    let mut entries: Vec<RankEntry> = engines
        .iter()
        .map(|&i| RankEntry {
            engine: i,
            rank: 0,
            points: 0.0,
            sb: 0.0,
            opponents: 0.0,
            wins: 0,
            direct: 0.0,
            fouls: 0,
            black_games: 0,
            black_wins: 0,
        })
        .collect();
    for g in games {
        for i in [g.red, g.black] {
            let Some(k) = slot(i) else { continue };
            let r = g.result_for(i);
            let e = &mut entries[k];
            e.points += scoring.points(r);
            if r > 0.75 {
                e.wins += 1;
            }
            if r < 0.25 && g.foul {
                e.fouls += 1;
            }
            if i == g.black {
                e.black_games += 1;
                if r > 0.75 {
                    e.black_wins += 1;
                }
            }
        }
    }
    for &i in byes {
        if let Some(k) = slot(i) {
            entries[k].points += scoring.points(1.0) * f64::from(round_games);
            entries[k].wins += round_games;
        }
    }
    let totals: Vec<f64> = entries.iter().map(|e| e.points).collect();
    let points_of = |i: usize| slot(i).map_or(0.0, |k| totals[k]);
    for g in games {
        for i in [g.red, g.black] {
            let Some(k) = slot(i) else { continue };
            let r = g.result_for(i);
            let opp = points_of(g.opponent(i));
            if r > 0.75 {
                entries[k].sb += opp;
            } else if r > 0.25 {
                entries[k].sb += opp / 2.0;
            }
        }
    }
    // 对手分: each opponent met counts once, however many games the two played.
    let lowest_scored = totals
        .iter()
        .copied()
        .filter(|&p| p > 0.0)
        .min_by(f64::total_cmp)
        .unwrap_or(0.0);
    for (k, &i) in engines.iter().enumerate() {
        let mut met: Vec<usize> = games
            .iter()
            .filter(|g| g.involves(i))
            .map(|g| g.opponent(i))
            .collect();
        met.sort_unstable();
        met.dedup();
        let byes_of = byes.iter().filter(|&&b| b == i).count();
        entries[k].opponents =
            met.iter().map(|&o| points_of(o)).sum::<f64>() + byes_of as f64 * lowest_scored;
    }
    entries
}

/// An engine's rating before the event.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StartRating {
    /// The rating (`None`: unrated; the method's default start is used).
    pub rating: Option<f64>,
    /// Rated games before the event (the association's K; default 0 for an unrated
    /// engine, 30 for a rated one).
    pub rated_games: Option<u32>,
}

/// One engine's rating change over the event.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingChange {
    /// The rating before.
    pub start: f64,
    /// Rated games in this event.
    pub games: u32,
    /// Actual result W (1 / 0.5 / 0 per game) of the rated games.
    pub w: f64,
    /// Expected result We of the rated games.
    pub we: f64,
    /// K (for `qq`, the one of the last game).
    pub k: f64,
    /// The rating after (`cxa`: rounded to a whole number).
    pub new: f64,
    /// Performance rating: mean opponent rating plus 表一's difference for the score
    /// (`None` when the score is 0% or 100%, or no game counted).
    pub performance: Option<f64>,
}

impl RatingChange {
    /// New minus start.
    pub fn delta(&self) -> f64 {
        self.new - self.start
    }
}

fn starts(method: RatingMethod, players: &[StartRating]) -> Vec<f64> {
    players
        .iter()
        .map(|p| p.rating.unwrap_or_else(|| method.default_start()))
        .collect()
}

/// The association's 等级分 over one event. `champion` is the event's winner (who does
/// not lose rating), if there is a single one.
pub fn rate_cxa(
    players: &[StartRating],
    games: &[RatedGame],
    champion: Option<usize>,
) -> Vec<RatingChange> {
    let n = players.len();
    let ro = starts(RatingMethod::Cxa, players);
    // Games that count: played (a move was made), and not against an unrated engine that
    // scored nothing (that engine's own games still count for it).
    let mut total = vec![0.0; n];
    let mut played = vec![0u32; n];
    for g in games.iter().filter(|g| g.plies > 0) {
        for i in [g.red, g.black] {
            total[i] += g.result_for(i);
            played[i] += 1;
        }
    }
    let blank_unrated: Vec<bool> = (0..n)
        .map(|i| players[i].rating.is_none() && played[i] > 0 && total[i] == 0.0)
        .collect();
    (0..n)
        .map(|i| {
            let mut count = 0u32;
            let mut w = 0.0;
            let mut opp_sum = 0.0;
            for g in games.iter().filter(|g| g.plies > 0 && g.involves(i)) {
                let opp = g.opponent(i);
                if blank_unrated[opp] && !blank_unrated[i] {
                    continue;
                }
                count += 1;
                w += g.result_for(i);
                opp_sum += ro[opp];
            }
            let rated_games = players[i]
                .rated_games
                .unwrap_or(if players[i].rating.is_some() { 30 } else { 0 });
            let k = cxa_k(ro[i], rated_games);
            if count == 0 {
                return RatingChange {
                    start: ro[i],
                    games: 0,
                    w: 0.0,
                    we: 0.0,
                    k,
                    new: ro[i],
                    performance: None,
                };
            }
            let avg = opp_sum / f64::from(count);
            // In hundredths, so that 4舍5入 is exact: We = N · Pc, ΔR = K (W - We).
            let we100 = i64::from(count) * i64::from(table2_expected_pct(ro[i] - avg));
            let w100 = (w * 100.0).round() as i64;
            let mut delta100 = k as i64 * (w100 - we100);
            if champion == Some(i) && delta100 < 0 {
                delta100 = 0;
            }
            let new100 = (ro[i] * 100.0).round() as i64 + delta100;
            let new = if new100 >= 0 {
                (new100 + 50) / 100
            } else {
                -((-new100 + 50) / 100)
            };
            RatingChange {
                start: ro[i],
                games: count,
                w,
                we: we100 as f64 / 100.0,
                k,
                new: new as f64,
                performance: table1_difference(w / f64::from(count))
                    .map(|d| round_half_up(avg) + f64::from(d)),
            }
        })
        .collect()
}

/// QQ ratings, updated game by game in the order given (both players from their
/// ratings before the game).
pub fn rate_qq(players: &[StartRating], games: &[RatedGame]) -> Vec<RatingChange> {
    let ro = starts(RatingMethod::Qq, players);
    let mut cur = ro.clone();
    let mut out: Vec<RatingChange> = ro
        .iter()
        .map(|&r| RatingChange {
            start: r,
            games: 0,
            w: 0.0,
            we: 0.0,
            k: qq_k(r),
            new: r,
            performance: None,
        })
        .collect();
    let mut opp_sum = vec![0.0; players.len()];
    for g in games.iter().filter(|g| g.plies >= 2) {
        let before = (cur[g.red], cur[g.black]);
        for (i, own, opp, first) in [
            (g.red, before.0, before.1, true),
            (g.black, before.1, before.0, false),
        ] {
            let exp = qq_expected(own, opp, first);
            let k = qq_k(own);
            let res = g.result_for(i);
            cur[i] = own + k * (res - exp);
            let c = &mut out[i];
            c.games += 1;
            c.w += res;
            c.we += exp;
            c.k = k;
            opp_sum[i] += ro[g.opponent(i)];
        }
    }
    for (i, c) in out.iter_mut().enumerate() {
        c.new = cur[i];
        if c.games > 0 {
            let n = f64::from(c.games);
            c.performance =
                table1_difference(c.w / n).map(|d| round_half_up(opp_sum[i] / n) + f64::from(d));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_monotonic_and_symmetric() {
        for w in TABLE2_UPPER.windows(2) {
            assert!(w[0] < w[1]);
        }
        for w in TABLE1_UPPER_HALF.windows(2) {
            assert!(w[0] < w[1]);
        }
        for pct in 1..=99 {
            let p = f64::from(pct) / 100.0;
            assert_eq!(table1_difference(p), table1_difference(1.0 - p).map(|d| -d));
        }
        // 表一 and 表二 agree: the difference 表一 gives for a score falls in 表二's band
        // for that score.
        for pct in 50..=99 {
            let d = table1_difference(f64::from(pct) / 100.0).unwrap();
            assert_eq!(table2_expected_pct(f64::from(d)), pct as u32, "{pct}");
        }
    }
}
