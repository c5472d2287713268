//! What the formats name and the runner plays: an [`Encounter`] of two engines (with
//! the [`GameClock`] of its games), and each of its games as a [`Job`].

use crate::clock::TimeControl;
use crate::engine::EngineConfig;
use crate::openings::Opening;

/// Two engines to meet: `first` has Red in the encounter's first game, and the colours
/// alternate over its `games` games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Encounter {
    /// 1-based round (of the stage the encounter belongs to).
    pub round: u32,
    /// Engine index with Red in the first game.
    pub first: usize,
    /// Engine index with Black in the first game.
    pub second: usize,
    /// Games in the encounter.
    pub games: u32,
    /// The clock of these games (a knockout's tie-breaks are faster).
    pub clock: GameClock,
    /// Where the encounter belongs, unique in the event: `3.2` (round 3, board 2),
    /// `A.1.2` (group A), `W2.1` (a knockout's winners' round 2, tie 1). The games' PGN
    /// `Round` tags are this, then `.g` with the game's number in the encounter.
    pub tag: String,
    /// The number of the encounter's first game, less one (a knockout tie's extra games
    /// go on from its first two: `W2.1.3`, `W2.1.4`).
    pub first_game: u32,
}

impl Encounter {
    /// `games` games of `first` (Red first) against `second`, on the engines' own clocks.
    pub fn new(round: u32, first: usize, second: usize, games: u32, tag: String) -> Encounter {
        Encounter {
            round,
            first,
            second,
            games,
            clock: GameClock::Own,
            tag,
            first_game: 0,
        }
    }

    /// The PGN `Round` tag of the encounter's game `g` (0-based): the encounter's tag
    /// for a one-game encounter, else the tag and `.` and the game's number.
    pub fn game_tag(&self, g: u32) -> String {
        if self.games == 1 && self.first_game == 0 {
            self.tag.clone()
        } else {
            format!("{}.{}", self.tag, self.first_game + g + 1)
        }
    }
}

/// Which clock an encounter's games are played on.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum GameClock {
    /// Each engine's own.
    #[default]
    Own,
    /// This one for both engines.
    Fixed(TimeControl),
    /// Each engine's own with every time divided by this.
    Faster(u64),
}

impl GameClock {
    /// The clock for an engine whose own is `own`.
    pub fn for_engine(&self, own: &TimeControl) -> TimeControl {
        match self {
            GameClock::Own => own.clone(),
            GameClock::Fixed(tc) => tc.clone(),
            GameClock::Faster(by) => own.divided(*by),
        }
    }
}

/// One scheduled game.
#[derive(Clone, Debug)]
pub struct Job {
    /// 1-based game number.
    pub number: usize,
    /// Index of the engine playing Red.
    pub red: usize,
    /// Index of the engine playing Black.
    pub black: usize,
    /// The opening.
    pub opening: Opening,
    /// 1-based round.
    pub round: u32,
    /// Game number of the first game of this pair, when the game is the second of a
    /// colour-swapped pair.
    pub pair_of: Option<usize>,
    /// The PGN `Round` tag: where the game belongs.
    pub tag: String,
    /// The encounter the game is part of.
    pub encounter: Encounter,
    /// The game's place in the encounter (0 for its first game).
    pub index: u32,
}

impl Job {
    /// The game's clock for `engine` (its own, or the encounter's tie-break clock).
    pub(super) fn engine_config(&self, engine: &EngineConfig) -> EngineConfig {
        let mut e = engine.clone();
        e.limits.tc = self.encounter.clock.for_engine(&engine.limits.tc);
        e
    }
}
