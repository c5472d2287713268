//! The engine a GUI drives: the dialect-free [`Core`] and CECP's [`Game`], which stands
//! above the core and is lent to it for each line, so that neither file imports the
//! other both ways.

use std::io::{self, BufRead, Write};

use super::engine::Core;
use super::game::Game;
use crate::board::Position;

/// The engine as the protocol loop sees it: the core, and the game CECP keeps (unused
/// by the other dialects).
pub struct Engine {
    core: Core,
    game: Game,
}

impl Engine {
    /// A new engine writing its replies to `out`, at the start position.
    pub fn new(out: impl Write + Send + 'static) -> Engine {
        Engine {
            core: Core::new(out),
            game: Game::default(),
        }
    }

    /// Reads commands from `input` until `quit` or end of input (see [`Core::run`]).
    ///
    /// # Errors
    /// Only when reading the input fails.
    pub fn run(&mut self, input: impl BufRead + Send + 'static) -> io::Result<()> {
        self.core.run(input, &mut self.game)
    }

    /// Handles one line; `false` after `quit`. Searches that ended since the last line
    /// and answer with an event are answered first (as [`Engine::run`] answers them at
    /// once).
    pub fn handle(&mut self, line: &str) -> bool {
        self.core.handle(line, &mut self.game)
    }

    /// The position a search would start from now: the one the last `position` set
    /// (UCI, UCCI), or the CECP game's; `None` when the last one was refused.
    pub fn position(&self) -> Option<&Position> {
        self.core.position(&self.game)
    }

    /// Ends whatever runs (a search answers as it was told to; a CECP game plays its
    /// move) and answers what it left, until the engine is idle: for harnesses that
    /// check each answer against the position it was given (the protocol fuzz target).
    pub fn settle(&mut self) {
        self.core.settle(&mut self.game);
    }
}
