//! Held-out data by game: where the games of a position file begin and end, and a
//! deterministic split of whole games into training, validation and test sets. The
//! NNUE trainer (`train`) and the evaluation tuner (`tune`) both split this way, so
//! that no game has positions on both sides of a split (positions of one game share
//! their result label and are strongly correlated: a block of consecutive positions
//! shorter than a game, or straddling two, leaks them into the held-out sets).
//!
//! # Game boundaries
//!
//! Positions of one game are written consecutively ([`GameTracker`] sees them in file
//! order, before any filter drops some, and every file starts a new game):
//!
//! - **With the move column** (`<fen> | <score> | <result> | <move>`, or a binary
//!   record with its move): exact. A position starts a new game unless it is the
//!   previous position after the previous position's move (same placement and side to
//!   move, compared by Zobrist key). This is how `datagen` writes every searched
//!   position of a game, one game after the other.
//! - **Without it** (`<fen> | <score> | <result>`, `<fen> | <result>`: the older,
//!   filtered data, where positions of a game are not necessarily one move apart): a
//!   heuristic. A position starts a new game when the result differs from the
//!   previous position's, when its ply (from the FEN's full-move number and side to
//!   move) is not above the previous one's, or when it has more pieces than the
//!   previous one (captured pieces never come back). Two games in a row with the same
//!   result, where the second's first written position is later in the game and has no
//!   more pieces than the first's last, are taken for one (rare: a game's first
//!   position has nearly all its pieces; on self-play data with the moves stripped it
//!   found 4,302 of 4,303 games); data whose FENs do not count moves (every full-move
//!   number 1) would make every position its own game.
//!
//! A line or record that could not be read is skipped without ending the game; with the
//! move column the next position then no longer follows the last one read and starts a
//! new game.
//!
//! # The split
//!
//! Each game is keyed by its first position (the Zobrist key of placement and side to
//! move, a fixed function). The key, hashed, gives a number `u` in [0, 1): the game is
//! in the test set when `u < test`, in the validation set when `test ≤ u < test +
//! validation`, in training otherwise ([`Shares::set_of`]). The split does not depend
//! on the order of the files, on the other games, on a seed or on the filters; raising
//! the validation share never moves a test game; games that begin at the same position
//! fall on the same side. A non-zero share that happens to get no game while training
//! has more than one gets the training game whose `u` lies nearest its range
//! ([`Games::split`]), so small data sets still have held-out positions.

use std::ops::Range;

use chariot::board::{Color, Move, Position};

/// What the tracker remembers of the last position seen.
#[derive(Clone, Copy, Debug)]
struct Last {
    /// The key after the position's move, when the move is known.
    after: Option<u64>,
    /// Plies from the start of the game (from the FEN's counters).
    ply: u32,
    /// Pieces on the board.
    pieces: u32,
    /// The game's result for Red.
    result: f64,
}

/// Finds where games begin in a stream of positions (see the module documentation for
/// the rules). Feed it every position in file order, before filtering.
#[derive(Clone, Debug, Default)]
pub struct GameTracker {
    last: Option<Last>,
    /// Games begun so far.
    games: u64,
    /// The key of the current game's first position.
    key: u64,
}

/// The ply of a position, from its full-move number and side to move.
fn ply_of(pos: &Position) -> u32 {
    2 * u32::from(pos.fullmove_number().saturating_sub(1))
        + u32::from(pos.side_to_move() == Color::Black)
}

impl GameTracker {
    /// A tracker before the first position.
    pub fn new() -> GameTracker {
        GameTracker::default()
    }

    /// Ends the current game: the next position starts a new one (a new file).
    pub fn end_game(&mut self) {
        self.last = None;
    }

    /// Whether `pos` (with the game's result for Red, 0.0, 0.5 or 1.0, and the move
    /// played from it when known) starts a new game after the positions seen so far;
    /// then [`GameTracker::game`] and [`GameTracker::key`] describe its game.
    pub fn observe(&mut self, pos: &Position, result: f64, mv: Option<Move>) -> bool {
        let ply = ply_of(pos);
        let pieces = pos.occupied().count();
        let new = match self.last {
            None => true,
            Some(last) => match last.after {
                Some(after) => pos.key() != after,
                None => result != last.result || ply <= last.ply || pieces > last.pieces,
            },
        };
        if new {
            self.games += 1;
            self.key = pos.key();
        }
        self.last = Some(Last {
            after: mv.map(|m| pos.key_after(m)),
            ply,
            pieces,
            result,
        });
        new
    }

    /// The index of the current game (0 for the first), counting every game seen.
    pub fn game(&self) -> u64 {
        self.games.saturating_sub(1)
    }

    /// The current game's key: the Zobrist key of its first position.
    pub fn key(&self) -> u64 {
        self.key
    }
}

/// The three sets a game can fall in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Set {
    /// Trained on.
    Train,
    /// Held out to choose among candidates (the epoch, the iteration).
    Validation,
    /// Held out and evaluated once, on the chosen candidate.
    Test,
}

/// The shares of games held out for validation and test (each in 0..=1, their sum at
/// most 1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shares {
    /// Share of games in the validation set.
    pub validation: f64,
    /// Share of games in the test set.
    pub test: f64,
}

/// Where a game's key falls in [0, 1): its hash, uniform.
fn unit(key: u64) -> f64 {
    // SplitMix64's finaliser over the key with a fixed salt ("HELDOUT!").
    let mut z = key ^ 0x4845_4C44_4F55_5421;
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    (z >> 11) as f64 / (1u64 << 53) as f64
}

impl Shares {
    /// The set of the game whose key is `key`: test when its hash `u < test`,
    /// validation when `u < test + validation`, training otherwise.
    pub fn set_of(&self, key: u64) -> Set {
        self.set_of_unit(unit(key))
    }

    fn set_of_unit(&self, u: f64) -> Set {
        if u < self.test {
            Set::Test
        } else if u < self.test + self.validation {
            Set::Validation
        } else {
            Set::Train
        }
    }

    /// How far `u` lies from the range of `set` (0 inside it).
    fn distance(&self, set: Set, u: f64) -> f64 {
        let range = match set {
            Set::Test => 0.0..self.test,
            Set::Validation => self.test..self.test + self.validation,
            Set::Train => self.test + self.validation..1.0,
        };
        (range.start - u).max(u - range.end).max(0.0)
    }

    fn share(&self, set: Set) -> f64 {
        match set {
            Set::Test => self.test,
            Set::Validation => self.validation,
            Set::Train => 1.0 - self.test - self.validation,
        }
    }
}

/// The games of a list of positions: each game's positions are one run of consecutive
/// indices (`starts[g]..starts[g + 1]`), with the game's key. Twelve bytes a game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Games {
    starts: Vec<u32>,
    keys: Vec<u64>,
    /// The tracker's index of the last game pushed.
    last: Option<u64>,
    positions: usize,
}

/// Positions of each set, as indices into the list of positions, and the games of each.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Split {
    /// Training positions, in order.
    pub train: Vec<u32>,
    /// Validation positions, in order.
    pub validation: Vec<u32>,
    /// Test positions, in order.
    pub test: Vec<u32>,
    /// Games in training.
    pub train_games: usize,
    /// Games in validation.
    pub validation_games: usize,
    /// Games in test.
    pub test_games: usize,
}

impl Games {
    /// No games yet.
    pub fn new() -> Games {
        Games::default()
    }

    /// Adds the next position, of the game numbered `game` (the tracker's
    /// [`GameTracker::game`]) whose key is `key`: a new game when `game` differs from
    /// the last position's.
    ///
    /// # Panics
    /// Beyond 2^32 positions.
    pub fn push(&mut self, game: u64, key: u64) {
        if self.last != Some(game) {
            self.last = Some(game);
            self.starts
                .push(u32::try_from(self.positions).expect("at most 2^32 positions"));
            self.keys.push(key);
        }
        self.positions += 1;
    }

    /// Games of one position each (keys 0, 1, 2, …): for data without any order.
    pub fn one_position_each(n: usize) -> Games {
        let mut games = Games::new();
        for i in 0..n as u64 {
            games.push(i, i);
        }
        games
    }

    /// The number of games.
    pub fn len(&self) -> usize {
        self.starts.len()
    }

    /// Whether there are no games.
    pub fn is_empty(&self) -> bool {
        self.starts.is_empty()
    }

    /// The number of positions.
    pub fn positions(&self) -> usize {
        self.positions
    }

    /// The positions of game `g`.
    pub fn range(&self, g: usize) -> Range<usize> {
        let end = self
            .starts
            .get(g + 1)
            .map_or(self.positions, |&s| s as usize);
        self.starts[g] as usize..end
    }

    /// The key of game `g`.
    pub fn key(&self, g: usize) -> u64 {
        self.keys[g]
    }

    /// The set of each game under `shares` ([`Shares::set_of`]), except that training
    /// is never left empty (when every hash falls in the held-out ranges, as it may with
    /// a handful of games, the game whose hash lies nearest the training range trains),
    /// and a set with a non-zero share and no game takes the training game whose hash
    /// lies nearest its range, while more than one game is left in training.
    pub fn sets(&self, shares: Shares) -> Vec<Set> {
        let units: Vec<f64> = self.keys.iter().map(|&k| unit(k)).collect();
        let mut sets: Vec<Set> = units.iter().map(|&u| shares.set_of_unit(u)).collect();
        if !sets.contains(&Set::Train) {
            let nearest = (0..sets.len()).min_by(|&a, &b| {
                shares
                    .distance(Set::Train, units[a])
                    .total_cmp(&shares.distance(Set::Train, units[b]))
            });
            if let Some(g) = nearest {
                sets[g] = Set::Train;
            }
        }
        for set in [Set::Test, Set::Validation] {
            if shares.share(set) <= 0.0 || sets.contains(&set) {
                continue;
            }
            let train = sets.iter().filter(|&&s| s == Set::Train).count();
            let nearest = (0..sets.len())
                .filter(|&g| sets[g] == Set::Train)
                .min_by(|&a, &b| {
                    shares
                        .distance(set, units[a])
                        .total_cmp(&shares.distance(set, units[b]))
                });
            if let (true, Some(g)) = (train > 1, nearest) {
                sets[g] = set;
            }
        }
        sets
    }

    /// Splits the positions by game ([`Games::sets`]).
    pub fn split(&self, shares: Shares) -> Split {
        let mut split = Split::default();
        for (g, set) in self.sets(shares).into_iter().enumerate() {
            let (list, count) = match set {
                Set::Train => (&mut split.train, &mut split.train_games),
                Set::Validation => (&mut split.validation, &mut split.validation_games),
                Set::Test => (&mut split.test, &mut split.test_games),
            };
            list.extend(self.range(g).map(|i| i as u32));
            *count += 1;
        }
        split
    }
}

/// The openings of the EPD file at `path` for work that must not see the held-out set
/// (`datagen`, `spsa`): such a set is refused with a usage error that says to `verb` on
/// other openings.
///
/// # Errors
/// A held-out set, or a file that cannot be read as openings.
pub fn training_openings(
    path: &str,
    verb: &str,
) -> crate::error::Result<Vec<tourney::openings::Opening>> {
    use tourney::openings::{is_held_out, load_openings, OpeningFormat};
    if std::fs::read_to_string(path).is_ok_and(|text| is_held_out(&text)) {
        return Err(crate::error::TrainerError::Usage(format!(
            "{path} is a held-out opening set (it measures strength): {verb} on other openings"
        )));
    }
    Ok(load_openings(path, OpeningFormat::Epd)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unit_is_spread_evenly() {
        let mut buckets = [0usize; 10];
        for k in 0..100_000u64 {
            let u = unit(k);
            assert!((0.0..1.0).contains(&u));
            buckets[(u * 10.0) as usize] += 1;
        }
        for b in buckets {
            assert!((9_500..10_500).contains(&b), "{buckets:?}");
        }
    }

    #[test]
    fn games_record_runs_of_positions() {
        let mut games = Games::new();
        for (game, key) in [(0, 7), (0, 7), (2, 9), (5, 1), (5, 1), (5, 1)] {
            games.push(game, key);
        }
        assert_eq!(games.len(), 3);
        assert_eq!(games.positions(), 6);
        assert_eq!(
            (games.range(0), games.range(1), games.range(2)),
            (0..2, 2..3, 3..6)
        );
        assert_eq!((games.key(0), games.key(1), games.key(2)), (7, 9, 1));
    }

    #[test]
    fn an_empty_set_takes_the_nearest_training_game() {
        let games = Games::one_position_each(3);
        let shares = Shares {
            validation: 1e-9,
            test: 1e-9,
        };
        let split = games.split(shares);
        assert_eq!(
            (split.train_games, split.validation_games, split.test_games),
            (1, 1, 1)
        );
        // Zero shares stay empty; one game stays in training.
        let none = games.split(Shares {
            validation: 0.0,
            test: 0.0,
        });
        assert_eq!(none.train, [0, 1, 2]);
        let one = Games::one_position_each(1).split(shares);
        assert_eq!((one.train_games, one.validation_games), (1, 0));
    }

    #[test]
    fn training_is_never_left_empty() {
        // Four games whose hashes all fall below 0.15: validation 0.1 and test 0.05
        // would hold them all.
        let shares = Shares {
            validation: 0.1,
            test: 0.05,
        };
        let keys: Vec<u64> = (0u64..).filter(|&k| unit(k) < 0.15).take(4).collect();
        assert!(keys.iter().all(|&k| shares.set_of(k) != Set::Train));
        let mut games = Games::new();
        for (g, &key) in keys.iter().enumerate() {
            games.push(g as u64, key);
        }
        let sets = games.sets(shares);
        let top = (0..4).max_by(|&a, &b| unit(keys[a]).total_cmp(&unit(keys[b])));
        assert_eq!(sets[top.unwrap()], Set::Train);
        let split = games.split(shares);
        assert_eq!(split.train_games, 1);
        assert_eq!(split.validation_games + split.test_games, 3);
    }
}
