//! Rating maths against hand-computed values.

use tourney::report::stats::{
    elo_from_score, los, score_from_elo, Pentanomial, Sprt, SprtDecision, Wdl,
};

fn close(a: f64, b: f64, eps: f64) {
    assert!((a - b).abs() < eps, "{a} vs {b}");
}

#[test]
fn elo_and_score() {
    close(elo_from_score(0.75), 190.848_501_887_865, 1e-9);
    close(elo_from_score(0.5), 0.0, 1e-12);
    close(score_from_elo(190.848_501_887_865), 0.75, 1e-12);
}

#[test]
fn trinomial_interval_and_los() {
    let w = Wdl {
        wins: 10,
        draws: 5,
        losses: 5,
    };
    let e = w.elo();
    close(e.elo, 88.739_499_846_542_5, 1e-9);
    close(e.margin, 143.874_852_263_898_5, 1e-6);
    close(w.los(), 0.901_647_198_770_526_6, 1e-6);
    close(los(5, 5), 0.5, 1e-12);
    close(w.draw_ratio(), 0.25, 1e-12);
    assert_eq!(w.flipped().wins, 5);
}

#[test]
fn pentanomial() {
    let p = Pentanomial([1, 3, 10, 4, 2]);
    close(p.score(), 0.5375, 1e-12);
    close(p.variance(), 0.057_968_75, 1e-12);
    let e = p.elo();
    close(e.elo, 26.106_692_605_036_62, 1e-9);
    close(e.margin, 74.895_276_479_934_98, 1e-6);
    let mut q = Pentanomial::default();
    q.add(2.0);
    q.add(0.5);
    q.add(1.0);
    assert_eq!(q.0, [0, 1, 1, 0, 1]);
}

#[test]
fn sprt() {
    let s = Sprt {
        elo0: 0.0,
        elo1: 5.0,
        alpha: 0.05,
        beta: 0.05,
    };
    let (lo, hi) = s.bounds();
    close(lo, -2.944_438_979_166_44, 1e-12);
    close(hi, 2.944_438_979_166_44, 1e-12);
    close(
        s.llr_trinomial(&Wdl {
            wins: 10,
            draws: 5,
            losses: 5,
        }),
        0.101_643_707_721_478_7,
        1e-9,
    );
    close(
        s.llr_pentanomial(&Pentanomial([1, 3, 10, 4, 2])),
        0.084_159_469_952_159_84,
        1e-9,
    );
    assert_eq!(s.decide(3.0), SprtDecision::H1);
    assert_eq!(s.decide(-3.0), SprtDecision::H0);
    assert_eq!(s.decide(0.0), SprtDecision::Continue);
    // A crushing result is decided quickly.
    let big = Wdl {
        wins: 300,
        draws: 100,
        losses: 100,
    };
    assert_eq!(s.decide(s.llr_trinomial(&big)), SprtDecision::H1);
    // No games: nothing to decide on.
    assert_eq!(s.llr_trinomial(&Wdl::default()), 0.0);
    assert_eq!(s.llr_pentanomial(&Pentanomial::default()), 0.0);
}

/// SPRT(0, 10) with alpha 0.05 and beta 0.10: unequal errors, unequal bounds.
fn sprt_0_10() -> Sprt {
    Sprt {
        elo0: 0.0,
        elo1: 10.0,
        alpha: 0.05,
        beta: 0.10,
    }
}

#[test]
fn sprt_bounds_with_unequal_errors() {
    // ln(beta / (1 - alpha)) = ln(0.10 / 0.95), ln((1 - beta) / alpha) = ln(0.90 / 0.05).
    let (lo, hi) = sprt_0_10().bounds();
    close(lo, -2.251_291_798_606_495, 1e-12);
    close(hi, 2.890_371_757_896_164_5, 1e-12);
    // Swapping the errors swaps the bounds' sizes.
    let swapped = Sprt {
        alpha: 0.10,
        beta: 0.05,
        ..sprt_0_10()
    };
    let (lo2, hi2) = swapped.bounds();
    close(lo2, (0.05f64 / 0.90).ln(), 1e-12);
    close(hi2, (0.95f64 / 0.10).ln(), 1e-12);
    assert!((lo - lo2).abs() > 0.5 && (hi - hi2).abs() > 0.5);
}

/// The first count `n` (of games or pairs) at which `make(n)` is decided, and the
/// decision; every count before it continues.
fn first_decision(s: &Sprt, llr: impl Fn(u32) -> f64) -> (u32, SprtDecision) {
    for n in 1..=1000 {
        let d = s.decide(llr(n));
        if d != SprtDecision::Continue {
            return (n, d);
        }
    }
    panic!("undecided after 1000");
}

#[test]
fn identical_results_decide_the_sprt() {
    // Every game alike has variance 0; regularised, the test decides. The counts at
    // which it first decides come from the formula with each unseen outcome counted
    // as half a game, worked out apart from this code.
    let s = sprt_0_10();
    fn wdl(wins: u32, draws: u32, losses: u32) -> Wdl {
        Wdl {
            wins,
            draws,
            losses,
        }
    }
    let tri = |f: fn(u32) -> Wdl| first_decision(&s, |n| s.llr_trinomial(&f(n)));
    assert_eq!(tri(|n| wdl(n, 0, 0)), (16, SprtDecision::H1), "all wins");
    assert_eq!(tri(|n| wdl(0, 0, n)), (14, SprtDecision::H0), "all losses");
    assert_eq!(tri(|n| wdl(0, n, 0)), (73, SprtDecision::H0), "all draws");
    close(
        s.llr_trinomial(&wdl(16, 0, 0)),
        3.151_823_321_907_831_8,
        1e-9,
    );
    close(
        s.llr_trinomial(&wdl(0, 0, 14)),
        -2.519_130_028_906_954,
        1e-9,
    );
    let penta =
        |f: fn(u32) -> [u32; 5]| first_decision(&s, |n| s.llr_pentanomial(&Pentanomial(f(n))));
    assert_eq!(penta(|n| [0, 0, 0, 0, n]), (19, SprtDecision::H1), "WW");
    assert_eq!(penta(|n| [n, 0, 0, 0, 0]), (16, SprtDecision::H0), "LL");
    assert_eq!(penta(|n| [0, 0, n, 0, 0]), (81, SprtDecision::H0), "DD");
    close(
        s.llr_pentanomial(&Pentanomial([0, 0, 0, 0, 19])),
        3.185_128_213_391_893,
        1e-9,
    );
    // All draws sit halfway between elo0 = -10 and elo1 = 10: no evidence either way.
    let even = Sprt { elo0: -10.0, ..s };
    close(even.llr_trinomial(&wdl(0, 500, 0)), 0.0, 1e-9);
    // Results with every outcome seen are not regularised: the plain formula.
    let mixed = wdl(10, 5, 5);
    close(
        s.llr_trinomial(&mixed),
        s.llr_from(mixed.score(), mixed.variance(), 20.0),
        1e-12,
    );
}
