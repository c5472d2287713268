//! The documents' scoring, tie-breaks and rating methods against values worked out by
//! hand from their tables and formulas (file 004: 表一, 表二, K 25/15/10, We = N·Pc,
//! Rn = Ro + K(W - We), 第13-14条; file 003: QQ's K table and Yfirst ±100).

use chariot::board::Outcome;
use tourney::report::rating::{
    cxa_k, qq_expected, qq_k, rank, rank_among, rank_swiss, rate_cxa, rate_qq, round_half_up,
    table1_difference, table2_expected_pct, RatedGame, RatingMethod, Scoring, StartRating,
};

fn close(a: f64, b: f64, eps: f64) {
    assert!((a - b).abs() < eps, "{a} vs {b}");
}

/// A game: red, black, red's result.
fn g(red: usize, black: usize, red_result: f64) -> RatedGame {
    RatedGame {
        red,
        black,
        outcome: Outcome::from_red_score(red_result).expect("1, 0.5 or 0"),
        plies: 40,
        foul: false,
    }
}

fn rated(r: f64) -> StartRating {
    StartRating {
        rating: Some(r),
        rated_games: None,
    }
}

const UNRATED: StartRating = StartRating {
    rating: None,
    rated_games: None,
};

#[test]
fn scoring_and_parsing() {
    assert_eq!(Scoring::parse("1").unwrap(), Scoring::One);
    assert_eq!(Scoring::parse("2").unwrap(), Scoring::Two);
    assert_eq!(Scoring::parse("3-1-0").unwrap(), Scoring::Three);
    assert!(Scoring::parse("4").is_err());
    let pts = |s: Scoring| [s.points(1.0), s.points(0.5), s.points(0.0)];
    assert_eq!(pts(Scoring::One), [1.0, 0.5, 0.0]);
    assert_eq!(pts(Scoring::Two), [2.0, 1.0, 0.0]);
    assert_eq!(pts(Scoring::Three), [3.0, 1.0, 0.0]);
    assert_eq!(RatingMethod::parse("CXA").unwrap(), RatingMethod::Cxa);
    assert_eq!(RatingMethod::parse("qq").unwrap(), RatingMethod::Qq);
    assert_eq!(RatingMethod::parse("elo").unwrap(), RatingMethod::Elo);
    assert!(RatingMethod::parse("fide").is_err());
}

#[test]
fn table_two_expected_score() {
    // 表二: 0-3 → .50, 4-10 → .51, 99-106 → .64, 329-344 → .88, 345-357 → .89,
    // 620-735 → .99, over 735 → 1.00; the lower-rated player gets the rest.
    for (diff, pct) in [
        (0.0, 50),
        (3.0, 50),
        (3.4, 50),
        (3.6, 51),
        (4.0, 51),
        (10.0, 51),
        (11.0, 52),
        (100.0, 64),
        (-100.0, 36),
        (-3.0, 50),
        (-4.0, 49),
        (153.0, 70),
        (154.0, 71),
        (344.0, 88),
        (345.0, 89),
        (735.0, 99),
        (736.0, 100),
        (-800.0, 0),
    ] {
        assert_eq!(table2_expected_pct(diff), pct, "difference {diff}");
    }
}

#[test]
fn table_one_rating_difference() {
    // 表一: .75 → 193, .25 → -193, .99 → 677, .50 → 0, .60 → 72, .10 → -366; the
    // document's misprinted .68 (138) reads 133 like its mirror .32 (-133).
    for (p, d) in [
        (0.75, 193),
        (0.25, -193),
        (0.99, 677),
        (0.01, -677),
        (0.5, 0),
        (0.6, 72),
        (0.1, -366),
        (0.68, 133),
        (0.32, -133),
        (0.66, 117),
        (0.34, -117),
        (0.14, -309),
    ] {
        assert_eq!(table1_difference(p), Some(d), "score {p}");
    }
    assert_eq!(table1_difference(1.0), None);
    assert_eq!(table1_difference(0.0), None);
}

#[test]
fn k_factors() {
    // The association: 25 for the first 30 games, then 15, 10 from 2500 on.
    assert_eq!(cxa_k(2300.0, 0), 25.0);
    assert_eq!(cxa_k(2300.0, 29), 25.0);
    assert_eq!(cxa_k(2300.0, 30), 15.0);
    assert_eq!(cxa_k(2499.0, 100), 15.0);
    assert_eq!(cxa_k(2500.0, 0), 10.0);
    // QQ by band.
    for (r, k) in [
        (500.0, 120.0),
        (999.0, 120.0),
        (1000.0, 60.0),
        (1399.0, 60.0),
        (1400.0, 30.0),
        (1799.0, 30.0),
        (1800.0, 25.0),
        (1999.0, 25.0),
        (2000.0, 20.0),
        (2199.0, 20.0),
        (2200.0, 15.0),
        (2399.0, 15.0),
        (2400.0, 10.0),
        (2700.0, 10.0),
    ] {
        assert_eq!(qq_k(r), k, "rating {r}");
    }
    assert_eq!(round_half_up(2294.5), 2295.0);
    assert_eq!(round_half_up(2294.49), 2294.0);
}

#[test]
fn qq_ratings_game_by_game() {
    // Equal players: the first mover expects 1/(10^(-100/400)+1) = 0.640065.
    close(qq_expected(1500.0, 1500.0, true), 0.640_065, 1e-6);
    close(qq_expected(1500.0, 1500.0, false), 0.359_935, 1e-6);
    // Game 1: A (Red, 1500) beats B (1500), K 30: A + 30 (1 - 0.640065) = 1510.798,
    // B - 30 × 0.359935 = 1489.202.
    // Game 2: B Red, A Black, drawn. A: Dr = (1489.202 - 1510.798) + 100 = 78.404,
    // Exp 0.389045, A + 30 (0.5 - 0.389045) = 1514.127; B: Dr = 21.596 - 100, Exp
    // 0.610955, B + 30 (0.5 - 0.610955) = 1485.873 — the first mover loses points on a
    // draw, as the document says.
    let players = [rated(1500.0), rated(1500.0)];
    let r = rate_qq(&players, &[g(0, 1, 1.0)]);
    close(r[0].new, 1510.798, 1e-3);
    close(r[1].new, 1489.202, 1e-3);
    let r = rate_qq(&players, &[g(0, 1, 1.0), g(1, 0, 0.5)]);
    close(r[0].new, 1514.127, 1e-3);
    close(r[1].new, 1485.873, 1e-3);
    assert_eq!((r[0].games, r[0].w), (2, 1.5));
    close(r[0].we, 0.640_065 + 0.389_045, 1e-5);
    // The bands: 990 (K 120) beats 1010 as Black: Exp = 1/(10^((20+100)/400)+1)
    // = 0.333861, 990 + 120 × 0.666139 = 1069.937.
    let r = rate_qq(&[rated(1010.0), rated(990.0)], &[g(0, 1, 0.0)]);
    close(r[1].new, 1069.937, 1e-3);
    assert_eq!(r[1].k, 120.0);
    // Unrated engines start at 1300; a game over within two moves is not rated.
    let mut short = g(0, 1, 1.0);
    short.plies = 1;
    let r = rate_qq(&[UNRATED, UNRATED], &[short]);
    assert_eq!((r[0].new, r[1].new, r[0].games), (1300.0, 1300.0, 0));
}

/// A double round robin: A 2400, B 2300 (both rated, K 15), C unrated (2300, K 25).
/// A-B 1-0, B-A ½, A-C 1-0, C-A 1-0, B-C ½, C-B 0-1: A 2.5, B 2, C 1.5 of 4.
fn event() -> Vec<RatedGame> {
    vec![
        g(0, 1, 1.0),
        g(1, 0, 0.5),
        g(0, 2, 1.0),
        g(2, 0, 1.0),
        g(1, 2, 0.5),
        g(2, 1, 0.0),
    ]
}

#[test]
fn association_ratings_over_an_event() {
    let players = [rated(2400.0), rated(2300.0), UNRATED];
    // A: opponents average 2300, difference +100 → Pc .64, We = 4 × .64 = 2.56,
    //    ΔR = 15 (2.5 - 2.56) = -0.9 → 2399.1 → 2399; as the event's winner A does not
    //    lose rating (个人冠军不降分): 2400.
    // B: opponents average 2350, difference -50 → Pc .43, We = 1.72,
    //    ΔR = 15 (2 - 1.72) = 4.2 → 2304.
    // C: 2300 provisional, K 25, opponents average 2350 → Pc .43, We = 1.72,
    //    ΔR = 25 (1.5 - 1.72) = -5.5 → 2294.5 → 2295 (四舍五入).
    let r = rate_cxa(&players, &event(), None);
    assert_eq!(
        [r[0].new, r[1].new, r[2].new],
        [2399.0, 2304.0, 2295.0],
        "{r:?}"
    );
    assert_eq!([r[0].k, r[1].k, r[2].k], [15.0, 15.0, 25.0]);
    close(r[0].we, 2.56, 1e-9);
    close(r[1].we, 1.72, 1e-9);
    assert_eq!(r[0].w, 2.5);
    let r = rate_cxa(&players, &event(), Some(0));
    assert_eq!(r[0].new, 2400.0);
    // Performance from 表一: A scored .625 → .63 → +95 over 2300 = 2395; B .50 → 2350.
    assert_eq!(r[0].performance, Some(2395.0));
    assert_eq!(r[1].performance, Some(2350.0));
    // ratedgames: B with fewer than 30 rated games has K 25: 25 × 0.28 = 7 → 2307.
    let young = [
        rated(2400.0),
        StartRating {
            rating: Some(2300.0),
            rated_games: Some(12),
        },
        UNRATED,
    ];
    assert_eq!(rate_cxa(&young, &event(), None)[1].new, 2307.0);
}

#[test]
fn association_ratings_exclusions() {
    // D, unrated, loses every game: the points won against it do not count for the
    // others. A (2400) beats B (2300) and D; B beats D. Only A-B counts for A and B:
    // A: difference 100, We .64, ΔR = 15 × .36 = 5.4 → 2405; B: 15 × (0 - .36) = -5.4
    // → 2294.6 → 2295. D itself is rated on its games: 25 × (0 - We).
    let players = [rated(2400.0), rated(2300.0), UNRATED];
    let games = [g(0, 1, 1.0), g(0, 2, 1.0), g(1, 2, 1.0)];
    let r = rate_cxa(&players, &games, Some(0));
    assert_eq!((r[0].new, r[0].games), (2405.0, 1));
    assert_eq!((r[1].new, r[1].games), (2295.0, 1));
    // D: opponents average 2350, difference -50 → .43 per game, We 0.86,
    // ΔR = 25 × -0.86 = -21.5 → 2278.5 → 2279.
    assert_eq!((r[2].new, r[2].games), (2279.0, 2));
    // An unplayed game (no move made, e.g. an engine that failed to start) does not
    // count at all.
    let mut unplayed = g(0, 1, 1.0);
    unplayed.plies = 0;
    let r = rate_cxa(&[rated(2400.0), rated(2300.0)], &[unplayed], None);
    assert_eq!((r[0].new, r[1].new, r[0].games), (2400.0, 2300.0, 0));
}

#[test]
fn ranking_by_points_then_small_points() {
    // 1 and 3 both have 1 point; 1 beat 3, but 3 beat 0 (1.5 points) while 1 beat 3
    // (1 point): 小分 3 = 1.5 > 小分 1 = 1, so 3 ranks before 1 — 小分 comes before
    // 直胜.
    let games = [
        g(0, 1, 1.0),
        g(2, 3, 1.0),
        g(0, 2, 0.5),
        g(1, 3, 1.0),
        g(3, 0, 1.0),
        g(1, 2, 0.0),
    ];
    let r = rank(4, &games, Scoring::One);
    let order: Vec<usize> = r.iter().map(|e| e.engine).collect();
    assert_eq!(order, [2, 0, 3, 1]);
    let pts: Vec<f64> = r.iter().map(|e| e.points).collect();
    assert_eq!(pts, [2.5, 1.5, 1.0, 1.0]);
    // 小分 of 2: beat 3 (1) and 1 (1), drew 0 (1.5 / 2) = 2.75.
    assert_eq!(r[0].sb, 2.75);
    assert_eq!((r[2].sb, r[3].sb), (1.5, 1.0));
    assert_eq!(r.iter().map(|e| e.rank).collect::<Vec<_>>(), [1, 2, 3, 4]);
    // 2-1-0 doubles points and 小分 and keeps the order.
    let r2 = rank(4, &games, Scoring::Two);
    assert_eq!(r2.iter().map(|e| e.engine).collect::<Vec<_>>(), order);
    assert_eq!(r2[0].points, 5.0);
    assert_eq!(r2[0].sb, 5.5);
}

#[test]
fn ranking_by_direct_encounter() {
    // 0, 1 and 2 have 1 point, 1 win; 2 has 小分 2 (it beat 3, who has 2 points), 0 and
    // 1 have 小分 1 each: 0 beat 1 directly, so 0 ranks before 1 although 1 played more
    // games as Black and won one of them.
    let games = [
        g(0, 1, 1.0),
        g(2, 1, 0.0),
        g(3, 0, 1.0),
        g(3, 1, 1.0),
        g(2, 3, 1.0),
    ];
    let r = rank(4, &games, Scoring::One);
    assert_eq!(r.iter().map(|e| e.engine).collect::<Vec<_>>(), [3, 2, 0, 1]);
    assert_eq!((r[2].direct, r[3].direct), (1.0, 0.0));
    assert_eq!(r[3].black_wins, 1);
}

#[test]
fn ranking_by_fouls_and_games_as_black() {
    // A cycle: 0 beats 1, 1 beats 2, 2 beats 0 (as Black). Equal points, 小分, wins and
    // 直胜; games as Black: 2 has two, 1 one, 0 none.
    let cycle = [g(0, 1, 1.0), g(1, 2, 1.0), g(0, 2, 0.0)];
    let r = rank(3, &cycle, Scoring::One);
    assert_eq!(r.iter().map(|e| e.engine).collect::<Vec<_>>(), [2, 1, 0]);
    assert!(r.iter().all(|e| e.direct == 1.0 && e.sb == 1.0));
    // 2's loss to 1 was a foul (say a time forfeit): 2 drops to last.
    let mut fouled = cycle;
    fouled[1].foul = true;
    let r = rank(3, &fouled, Scoring::One);
    assert_eq!(r.iter().map(|e| e.engine).collect::<Vec<_>>(), [1, 0, 2]);
    assert_eq!(r[2].fouls, 1);
    // Engines equal on every key share the rank (名次并列).
    let r = rank(3, &[g(0, 1, 0.5), g(1, 0, 0.5)], Scoring::One);
    assert_eq!(r[0].rank, 1);
    assert_eq!(r[1].rank, 1);
    assert_eq!((r[2].engine, r[2].rank), (2, 3));
}

#[test]
fn scoring_three_one_zero_changes_the_order() {
    // 0: a win and a loss; 1: two draws. 1-0.5-0: both 1 point; 3-1-0 (第13.3条): 0 has
    // 3 points, 1 has 2.
    let games = [g(0, 2, 1.0), g(3, 0, 1.0), g(1, 2, 0.5), g(1, 3, 0.5)];
    let r3 = rank(4, &games, Scoring::Three);
    let pos = |r: &[tourney::report::rating::RankEntry], e: usize| {
        r.iter().position(|x| x.engine == e).unwrap()
    };
    assert!(pos(&r3, 0) < pos(&r3, 1));
    assert_eq!(r3[pos(&r3, 0)].points, 3.0);
    assert_eq!(r3[pos(&r3, 1)].points, 2.0);
    let r1 = rank(4, &games, Scoring::One);
    assert_eq!(r1[pos(&r1, 0)].points, r1[pos(&r1, 1)].points);
}

#[test]
fn swiss_placings_by_opponents_points_with_byes() {
    // Five engines, three rounds (第15.2条: points, 对手分, wins, fouls):
    //   R1: 0 beats 3, 1 draws 4, 2 has the bye
    //   R2: 0 beats 2 (as Black), 4 beats 3, 1 has the bye
    //   R3: 0 draws 4, 1 beats 2, 3 has the bye
    // Points: 0 2.5, 1 2.5 (a bye is a win), 2 1, 3 1, 4 2. A bye adds to 对手分 the
    // lowest score among the engines that scored: 1 (engines 2 and 3).
    // 对手分: 0 = 3 + 2 + 4 = 1 + 1 + 2 = 4; 1 = 4 + 2 + bye = 2 + 1 + 1 = 4;
    //        2 = 0 + 1 + bye = 2.5 + 2.5 + 1 = 6; 3 = 0 + 4 + bye = 2.5 + 2 + 1 = 5.5;
    //        4 = 1 + 3 + 0 = 2.5 + 1 + 2.5 = 6.
    // 0 and 1 are equal on points, 对手分, wins (1's bye counts as a win) and fouls:
    // they share first place. 2 is above 3 on 对手分.
    let games = [
        g(0, 3, 1.0),
        g(1, 4, 0.5),
        g(2, 0, 0.0),
        g(4, 3, 1.0),
        g(0, 4, 0.5),
        g(1, 2, 1.0),
    ];
    let r = rank_swiss(&[0, 1, 2, 3, 4], &games, &[2, 1, 3], 1, Scoring::One);
    let rows: Vec<(usize, usize, f64, f64, u32)> = r
        .iter()
        .map(|e| (e.engine, e.rank, e.points, e.opponents, e.wins))
        .collect();
    assert_eq!(
        rows,
        [
            (0, 1, 2.5, 4.0, 2),
            (1, 1, 2.5, 4.0, 2),
            (4, 3, 2.0, 6.0, 1),
            (2, 4, 1.0, 6.0, 1),
            (3, 5, 1.0, 5.5, 1),
        ]
    );
    // 2-1-0 scoring doubles points and 对手分 alike.
    let r2 = rank_swiss(&[0, 1, 2, 3, 4], &games, &[2, 1, 3], 1, Scoring::Two);
    assert_eq!((r2[0].points, r2[0].opponents), (5.0, 8.0));
    // Ties listed by seed: with the seed order 1 before 0, 1 is listed first.
    let r = rank_swiss(&[1, 0, 2, 3, 4], &games, &[2, 1, 3], 1, Scoring::One);
    assert_eq!((r[0].engine, r[1].engine), (1, 0));
    // With two games an encounter a bye is a won round: two wins' points, two wins.
    for (scoring, points) in [(Scoring::One, 2.0), (Scoring::Three, 6.0)] {
        let r = rank_swiss(&[0, 1, 2, 3, 4], &[], &[2], 2, scoring);
        let bye = r.iter().find(|e| e.engine == 2).unwrap();
        assert_eq!((bye.points, bye.wins), (points, 2));
    }
}

#[test]
fn swiss_placings_by_wins_then_fouls() {
    // Wins: 0 beat 1 and lost to 2; 3 drew 2 and 1. Both 1 point, 对手分 2 (0: 1 has
    // ½ and 2 has 1½; 3: 2 has 1½ and 1 has ½); 0 has a win, 3 none.
    let games = [g(0, 1, 1.0), g(2, 0, 1.0), g(3, 2, 0.5), g(1, 3, 0.5)];
    let r = rank_swiss(&[3, 2, 1, 0], &games, &[], 1, Scoring::One);
    let order: Vec<usize> = r.iter().map(|e| e.engine).collect();
    assert_eq!(order, [2, 0, 3, 1]);
    assert_eq!((r[1].opponents, r[2].opponents), (2.0, 2.0));
    // Fouls: R1 0 beats 1, 2 beats 3; R2 2 beats 0 (0 loses on time), 3 beats 1. 0 and
    // 3: 1 point, one win, 对手分 0 + 2 = 2 each; 0 has the foul, so 3 is above it.
    let mut fouled = [g(0, 1, 1.0), g(2, 3, 1.0), g(2, 0, 1.0), g(3, 1, 1.0)];
    fouled[2].foul = true;
    let r = rank_swiss(&[0, 1, 2, 3], &fouled, &[], 1, Scoring::One);
    let order: Vec<usize> = r.iter().map(|e| e.engine).collect();
    assert_eq!(order, [2, 3, 0, 1]);
    assert_eq!((r[1].opponents, r[2].opponents), (2.0, 2.0));
    assert_eq!((r[1].fouls, r[2].fouls), (0, 1));
    assert_eq!((r[1].rank, r[2].rank), (2, 3));
}

#[test]
fn a_group_ranks_by_its_own_games() {
    // Engines 0-3; the group is 1 and 3. Games outside the group are left out.
    let games = [g(0, 1, 1.0), g(1, 3, 0.0), g(3, 1, 0.5), g(2, 3, 1.0)];
    let r = rank_among(&[1, 3], &games, Scoring::One);
    let rows: Vec<(usize, f64)> = r.iter().map(|e| (e.engine, e.points)).collect();
    assert_eq!(rows, [(3, 1.5), (1, 0.5)]);
}
