//! Playing below full strength: a weaker level searches fewer nodes and then chooses
//! among the best few root moves, each weighted by how close its score is to the best
//! (a softmax with a temperature in centipawns), so that it plays plausible moves a
//! weaker player might choose rather than random blunders. UCI's `Skill Level`,
//! `UCI_LimitStrength` with `UCI_Elo`, and UCCI's `skilllevel` and `randomness` all
//! become a [`Strength`].

use super::params::MATE_BOUND;

/// The full-strength level.
pub const MAX_LEVEL: i64 = 20;

/// How many root moves a weakened search keeps scores for (its MultiPV), the moves it
/// chooses among.
pub const CANDIDATES: usize = 4;

/// The nodes a move may take at level 0 (the search checks its node limit every 1024
/// nodes, so fewer would not count); each level multiplies them by [`NODE_GROWTH`]
/// (level 10: about 20 000, level 19: about 300 000).
const LEVEL0_NODES: f64 = 1024.0;
const NODE_GROWTH: f64 = 1.35;

/// The choice's temperature at level 0, in centipawns; it falls in a straight line to
/// 0 at [`MAX_LEVEL`].
const LEVEL0_SPREAD: f64 = 150.0;

/// Moves scored this many temperatures below the best are never chosen.
const CUTOFF_SPREADS: f64 = 4.0;

/// How a search is weakened.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Strength {
    /// The most nodes a move may take (`None`: as the search's limits say).
    pub nodes: Option<u64>,
    /// The temperature of the choice among the candidates, in centipawns (0: always
    /// the best move).
    pub spread: f64,
}

/// UCCI's `randomness` (ElephantEye's values): how far the choice may stray from the
/// best move. It puts no cap on nodes, but any value but `None` makes the search score
/// [`CANDIDATES`] lines (MultiPV) to choose among, so it searches less deep in the same
/// time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Randomness {
    None,
    Tiny,
    Small,
    Medium,
    Large,
    Huge,
}

impl std::str::FromStr for Randomness {
    type Err = ();

    fn from_str(text: &str) -> Result<Randomness, ()> {
        Ok(match text.to_ascii_lowercase().as_str() {
            "none" => Randomness::None,
            "tiny" => Randomness::Tiny,
            "small" => Randomness::Small,
            "medium" => Randomness::Medium,
            "large" => Randomness::Large,
            "huge" => Randomness::Huge,
            _ => return Err(()),
        })
    }
}

impl Randomness {
    /// The temperature this randomness chooses with, in centipawns.
    fn spread(self) -> f64 {
        match self {
            Randomness::None => 0.0,
            Randomness::Tiny => 5.0,
            Randomness::Small => 10.0,
            Randomness::Medium => 20.0,
            Randomness::Large => 40.0,
            Randomness::Huge => 80.0,
        }
    }
}

impl Strength {
    /// Full strength: no node cap, always the best move.
    pub const FULL: Strength = Strength {
        nodes: None,
        spread: 0.0,
    };

    /// Level `level` of 0 (weakest) to [`MAX_LEVEL`] (full strength); fractional
    /// levels lie between (from [`level_for_elo`]).
    pub fn level(level: f64) -> Strength {
        let level = level.clamp(0.0, MAX_LEVEL as f64);
        if level >= MAX_LEVEL as f64 {
            return Strength::FULL;
        }
        Strength {
            nodes: Some((LEVEL0_NODES * NODE_GROWTH.powf(level)).round() as u64),
            spread: LEVEL0_SPREAD * (1.0 - level / MAX_LEVEL as f64),
        }
    }

    /// This strength with `randomness`'s choice on top (the wider spread of the two).
    pub fn with_randomness(self, randomness: Randomness) -> Strength {
        Strength {
            nodes: self.nodes,
            spread: self.spread.max(randomness.spread()),
        }
    }

    /// Whether the search is weakened at all.
    pub fn is_full(&self) -> bool {
        self.nodes.is_none() && self.spread <= 0.0
    }

    /// Picks one of `scores` (the candidates' scores, best first), `random` a uniform
    /// number in `[0, 1)`: the index of the chosen move. Mates are never gambled with:
    /// a mating best move is always played, and a move that gets mated is chosen only
    /// when the best one does too.
    pub fn choose(&self, scores: &[i32], random: f64) -> usize {
        let Some(&best) = scores.first() else {
            return 0;
        };
        if self.spread <= 0.0 || best >= MATE_BOUND {
            return 0;
        }
        let weights: Vec<f64> = scores
            .iter()
            .map(|&score| {
                let behind = f64::from(best - score);
                if score <= -MATE_BOUND || behind > CUTOFF_SPREADS * self.spread {
                    0.0
                } else {
                    (-behind / self.spread).exp()
                }
            })
            .collect();
        let total: f64 = weights.iter().sum();
        let mut target = random.clamp(0.0, 1.0) * total;
        for (i, w) in weights.iter().enumerate() {
            if target < *w {
                return i;
            }
            target -= w;
        }
        0
    }
}

/// The Elo of levels 0, 5, 10, 15 and 20 on a scale anchored at ElephantEye (its
/// defaults, same clock) = 2000; measured 2026-12-03 (build d0b3e77, net `chariot-2`) at
/// 1 s + 0.01 s a game on the held-out openings (`tools/openings/heldout.epd`), 40 games
/// each: levels 10, 15 and 20 against ElephantEye, levels 5 and 0 through the chain
/// 10 → 5 → 0 (each scored 5 % or less against ElephantEye). The README's level table.
/// [`level_for_elo`] interpolates it.
pub const LEVEL_ELO: [(f64, f64); 5] = [
    (0.0, 1035.0),
    (5.0, 1545.0),
    (10.0, 1985.0),
    (15.0, 2100.0),
    (20.0, 2380.0),
];

/// The range of `UCI_Elo`: the ends of [`LEVEL_ELO`].
pub const ELO_MIN: i64 = LEVEL_ELO[0].1 as i64;
pub const ELO_MAX: i64 = LEVEL_ELO[LEVEL_ELO.len() - 1].1 as i64;

/// The (fractional) level that plays at about `elo`, by interpolating [`LEVEL_ELO`]
/// (clamped to its ends).
pub fn level_for_elo(elo: i64) -> f64 {
    let elo = elo as f64;
    let (first, last) = (LEVEL_ELO[0], LEVEL_ELO[LEVEL_ELO.len() - 1]);
    if elo <= first.1 {
        return first.0;
    }
    if elo >= last.1 {
        return last.0;
    }
    for pair in LEVEL_ELO.windows(2) {
        let ((l0, e0), (l1, e1)) = (pair[0], pair[1]);
        if elo <= e1 {
            return l0 + (l1 - l0) * (elo - e0) / (e1 - e0);
        }
    }
    last.0
}

/// A small generator for the choice (xorshift64*), seeded from the clock so that
/// games differ.
pub struct Dice(u64);

impl Dice {
    /// Seeded from the time and `salt`.
    pub fn new(salt: u64) -> Dice {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        Dice((nanos ^ salt.rotate_left(32)) | 1)
    }

    /// A uniform number in `[0, 1)`.
    pub fn next_unit(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let bits = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11;
        bits as f64 / (1u64 << 53) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_in_nodes_and_narrow_in_choice() {
        let mut last = Strength::level(0.0);
        assert_eq!(last.nodes, Some(1024));
        for level in 1..MAX_LEVEL {
            let s = Strength::level(level as f64);
            assert!(s.nodes > last.nodes && s.spread < last.spread, "{level}");
            last = s;
        }
        assert_eq!(Strength::level(20.0), Strength::FULL);
        assert!(Strength::level(25.0).is_full() && !Strength::level(19.0).is_full());
    }

    #[test]
    fn the_choice_follows_the_scores() {
        let s = Strength::level(0.0);
        let scores = [50, 40, -100, -2000];
        let mut counts = [0; 4];
        for i in 0..1000 {
            counts[s.choose(&scores, f64::from(i) / 1000.0)] += 1;
        }
        // Close moves are often chosen, a horse behind seldom, a rook behind never.
        assert!(counts[0] > counts[1] && counts[1] > 300, "{counts:?}");
        assert!(counts[2] < 200 && counts[3] == 0, "{counts:?}");
        // Full strength and a mating best move: the best, always.
        assert_eq!(Strength::FULL.choose(&scores, 0.99), 0);
        assert_eq!(s.choose(&[MATE_BOUND + 5, 0], 0.99), 0);
        // A move that gets mated is not chosen while another is not.
        assert_eq!(s.choose(&[0, -MATE_BOUND - 1], 0.99), 0);
    }

    #[test]
    fn elo_maps_onto_levels_monotonically() {
        assert_eq!(level_for_elo(0), 0.0);
        assert_eq!(level_for_elo(5000), 20.0);
        let mut last = -1.0;
        for elo in (1800..2500).step_by(10) {
            let level = level_for_elo(elo);
            assert!(level >= last, "{elo}");
            last = level;
        }
        assert!((level_for_elo(LEVEL_ELO[2].1 as i64) - 10.0).abs() < 1e-9);
    }

    #[test]
    fn randomness_widens_the_choice_only() {
        let s = Strength::FULL.with_randomness("large".parse().unwrap());
        assert_eq!((s.nodes, s.spread), (None, 40.0));
        assert!("wild".parse::<Randomness>().is_err());
        assert!(Strength::FULL.with_randomness(Randomness::None).is_full());
    }

    #[test]
    fn dice_stay_in_range() {
        let mut dice = Dice::new(7);
        for _ in 0..1000 {
            let x = dice.next_unit();
            assert!((0.0..1.0).contains(&x));
        }
    }
}
