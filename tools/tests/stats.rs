//! Rating maths against hand-computed values.

use chariot_tools::stats::{
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
}
