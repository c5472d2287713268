//! Match statistics: Elo difference with a 95% interval, likelihood of superiority,
//! pentanomial statistics of game pairs and the sequential probability ratio test.
//!
//! Elo here is logistic: a score `p` corresponds to `-400 log10(1/p - 1)`. The interval
//! comes from the normal approximation of the mean score (per game, or per game pair
//! for the pentanomial numbers). SPRT is the generalised SPRT on that normal
//! approximation: `LLR = N (s1 - s0)(2 mean - s0 - s1) / (2 variance)`, with `s0`, `s1`
//! the expected scores at `elo0`, `elo1`. Outcomes not seen yet count as half a game
//! (or pair) in the LLR, so that a match of identical results still decides.

/// The 97.5% quantile of the standard normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Elo difference for an expected score `p` in (0, 1).
pub fn elo_from_score(p: f64) -> f64 {
    -400.0 * (1.0 / p - 1.0).log10()
}

/// Expected score for an Elo difference.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function, by the Chebyshev-fitted complementary error function
/// approximation (absolute error below 1.2e-7); odd, and exactly 0 at 0.
pub fn erf(x: f64) -> f64 {
    if x == 0.0 {
        return 0.0;
    }
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let r = t
        * (-z * z - 1.265_512_23
            + t * (1.000_023_68
                + t * (0.374_091_96
                    + t * (0.096_784_18
                        + t * (-0.186_288_06
                            + t * (0.278_868_07
                                + t * (-1.135_203_98
                                    + t * (1.488_515_87
                                        + t * (-0.822_152_23 + t * 0.170_872_77)))))))))
            .exp();
    if x >= 0.0 {
        1.0 - r
    } else {
        r - 1.0
    }
}

/// Wins, draws, losses from one side's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    /// Wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Losses.
    pub losses: u32,
}

impl Wdl {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points (win 1, draw 0.5).
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + 0.5 * f64::from(self.draws)
    }

    /// Mean score in [0, 1] (0.5 with no games).
    pub fn score(&self) -> f64 {
        if self.games() == 0 {
            0.5
        } else {
            self.points() / f64::from(self.games())
        }
    }

    /// Adds a result (1, 0.5 or 0 points).
    pub fn add(&mut self, points: f64) {
        if points > 0.75 {
            self.wins += 1;
        } else if points < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    /// The same games from the other side.
    pub fn flipped(&self) -> Wdl {
        Wdl {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }

    /// Per-game variance of the score.
    pub fn variance(&self) -> f64 {
        let n = f64::from(self.games());
        if n == 0.0 {
            return 0.0;
        }
        let mu = self.score();
        (f64::from(self.wins) * (1.0 - mu).powi(2)
            + f64::from(self.draws) * (0.5 - mu).powi(2)
            + f64::from(self.losses) * mu.powi(2))
            / n
    }

    /// Elo difference and the half-width of its 95% interval.
    pub fn elo(&self) -> EloEstimate {
        EloEstimate::from_mean_variance(self.score(), self.variance(), f64::from(self.games()))
    }

    /// Likelihood of superiority (draws ignored), in [0, 1].
    pub fn los(&self) -> f64 {
        los(self.wins, self.losses)
    }

    /// Draw ratio.
    pub fn draw_ratio(&self) -> f64 {
        if self.games() == 0 {
            0.0
        } else {
            f64::from(self.draws) / f64::from(self.games())
        }
    }
}

/// Likelihood of superiority from wins and losses.
pub fn los(wins: u32, losses: u32) -> f64 {
    if wins + losses == 0 {
        return 0.5;
    }
    let (w, l) = (f64::from(wins), f64::from(losses));
    0.5 * (1.0 + erf((w - l) / (2.0 * (w + l)).sqrt()))
}

/// An Elo estimate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// The Elo difference (±inf for a perfect or zero score).
    pub elo: f64,
    /// Half-width of the 95% interval (NaN when undefined).
    pub margin: f64,
}

impl EloEstimate {
    /// From a mean score in [0,1], the variance of one sample and the sample count.
    pub fn from_mean_variance(mu: f64, var: f64, n: f64) -> EloEstimate {
        let elo = elo_from_score(mu);
        if n == 0.0 || mu <= 0.0 || mu >= 1.0 {
            return EloEstimate {
                elo,
                margin: f64::NAN,
            };
        }
        let dev = Z95 * (var / n).sqrt();
        let lo = (mu - dev).max(1e-9);
        let hi = (mu + dev).min(1.0 - 1e-9);
        EloEstimate {
            elo,
            margin: (elo_from_score(hi) - elo_from_score(lo)) / 2.0,
        }
    }
}

impl std::fmt::Display for EloEstimate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.margin.is_nan() {
            write!(f, "{:.2} +/- nan", self.elo)
        } else {
            write!(f, "{:.2} +/- {:.2}", self.elo, self.margin)
        }
    }
}

/// Game-pair counts by the pair's points for the first side: 0, 0.5, 1, 1.5, 2
/// (LL, LD, LW+DD, WD, WW).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u32; 5]);

impl Pentanomial {
    /// Adds a pair worth `points` (0..=2 in halves).
    pub fn add(&mut self, points: f64) {
        let i = (points * 2.0).round().clamp(0.0, 4.0) as usize;
        self.0[i] += 1;
    }

    /// Pairs counted.
    pub fn pairs(&self) -> u32 {
        self.0.iter().sum()
    }

    /// Mean pair score as a fraction of the pair's 2 points.
    pub fn score(&self) -> f64 {
        let n = f64::from(self.pairs());
        if n == 0.0 {
            return 0.5;
        }
        self.0
            .iter()
            .enumerate()
            .map(|(i, c)| f64::from(*c) * i as f64 / 4.0)
            .sum::<f64>()
            / n
    }

    /// Variance of one pair's (halved) score.
    pub fn variance(&self) -> f64 {
        let n = f64::from(self.pairs());
        if n == 0.0 {
            return 0.0;
        }
        let mu = self.score();
        self.0
            .iter()
            .enumerate()
            .map(|(i, c)| f64::from(*c) * (i as f64 / 4.0 - mu).powi(2))
            .sum::<f64>()
            / n
    }

    /// Elo and 95% interval from the pairs.
    pub fn elo(&self) -> EloEstimate {
        EloEstimate::from_mean_variance(self.score(), self.variance(), f64::from(self.pairs()))
    }
}

/// The weight of an outcome not seen yet in the SPRT's counts (see
/// [`Sprt::llr_trinomial`]).
pub const UNSEEN: f64 = 0.5;

/// SPRT parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo of H0.
    pub elo0: f64,
    /// Elo of H1.
    pub elo1: f64,
    /// Type I error.
    pub alpha: f64,
    /// Type II error.
    pub beta: f64,
}

/// What the SPRT says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    /// H0 (elo0) accepted: stop.
    H0,
    /// H1 (elo1) accepted: stop.
    H1,
    /// Keep playing.
    Continue,
}

impl Sprt {
    /// The (lower, upper) LLR bounds: ln(beta/(1-alpha)), ln((1-beta)/alpha).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// LLR from a mean, a per-sample variance and a sample count (0 when either of the
    /// last two is 0: the normal approximation says nothing then; the count-based
    /// functions below regularise so that it does not happen).
    pub fn llr_from(&self, mu: f64, var: f64, n: f64) -> f64 {
        if n == 0.0 || var <= 0.0 {
            return 0.0;
        }
        let s0 = score_from_elo(self.elo0);
        let s1 = score_from_elo(self.elo1);
        n * (s1 - s0) * (2.0 * mu - s0 - s1) / (2.0 * var)
    }

    /// LLR of single games.
    pub fn llr_trinomial(&self, wdl: &Wdl) -> f64 {
        self.llr_counts(&[wdl.wins, wdl.draws, wdl.losses], &[1.0, 0.5, 0.0])
    }

    /// LLR of game pairs.
    pub fn llr_pentanomial(&self, p: &Pentanomial) -> f64 {
        self.llr_counts(&p.0, &[0.0, 0.25, 0.5, 0.75, 1.0])
    }

    /// LLR of outcome counts worth `values` each, regularised: an outcome never seen
    /// counts as [`UNSEEN`] of a sample. Without it a match in which every game (or
    /// every pair) ends alike has variance 0 and never decides. Fishtest replaces such
    /// counts by 1e-3 before its exact likelihood; under the normal approximation used
    /// here a count that small makes the variance nearly 0 and decides after two
    /// games, while half a sample (the Haldane-Anscombe correction) lets a clean sweep
    /// decide about as soon as a sweep with one other result does.
    fn llr_counts(&self, counts: &[u32], values: &[f64]) -> f64 {
        if counts.iter().all(|&c| c == 0) {
            return 0.0;
        }
        let weights: Vec<f64> = counts
            .iter()
            .map(|&c| if c == 0 { UNSEEN } else { f64::from(c) })
            .collect();
        let n: f64 = weights.iter().sum();
        let mu = weights.iter().zip(values).map(|(w, v)| w * v).sum::<f64>() / n;
        let var = weights
            .iter()
            .zip(values)
            .map(|(w, v)| w * (v - mu).powi(2))
            .sum::<f64>()
            / n;
        self.llr_from(mu, var, n)
    }

    /// The decision for an LLR.
    pub fn decide(&self, llr: f64) -> SprtDecision {
        let (lo, hi) = self.bounds();
        if llr >= hi {
            SprtDecision::H1
        } else if llr <= lo {
            SprtDecision::H0
        } else {
            SprtDecision::Continue
        }
    }
}
