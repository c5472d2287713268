//! Building a book from games: every move of the first `depth` plies of each game is
//! counted under its (canonical) position with the result it led to, and moves played
//! too seldom are left out.

use std::collections::HashMap;

use super::store::{canonical, move_from_raw, stored_move, Book, Entry};
use crate::notation::files::{read_bytes, GameFile};
use crate::notation::PgnGame;

/// What goes into a book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildOptions {
    /// Only the first this many plies of each game.
    pub depth: usize,
    /// Moves played fewer times than this are left out.
    pub min_games: u32,
}

impl Default for BuildOptions {
    fn default() -> BuildOptions {
        BuildOptions {
            depth: 24,
            min_games: 2,
        }
    }
}

/// How a move fared for the side that played it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Tally {
    games: u32,
    /// Two per win, one per draw (or unknown result).
    points: u64,
}

/// Collects games into a book.
#[derive(Debug, Default)]
pub struct Builder {
    options: BuildOptions,
    tallies: HashMap<(u64, u16), Tally>,
    games: usize,
    /// Games that could not be read, with why (the first few).
    pub skipped: Vec<String>,
    pub skipped_count: usize,
}

impl Builder {
    pub fn new(options: BuildOptions) -> Builder {
        Builder {
            options,
            ..Builder::default()
        }
    }

    /// Games counted so far.
    pub fn games(&self) -> usize {
        self.games
    }

    /// Counts one game's first plies.
    pub fn add_game(&mut self, game: &PgnGame) {
        self.games += 1;
        let mut pos = game.start.clone();
        for &mv in game.moves.iter().take(self.options.depth) {
            // A draw, or a result the file does not give, is worth 1 to each side.
            let points = match crate::board::Outcome::from_pgn(&game.result) {
                Some(outcome) => (2.0 * outcome.score_for(pos.side_to_move())) as u64,
                None => 1,
            };
            let key = (canonical(&pos).0, stored_move(&pos, mv).raw());
            let tally = self.tallies.entry(key).or_default();
            tally.games += 1;
            tally.points += points;
            pos.make_move(mv);
        }
    }

    /// Counts every game of a PGN text (any move notation the project reads). A game
    /// that cannot be read is skipped and noted in [`Builder::skipped`] with `source`.
    pub fn add_pgn(&mut self, text: &str, source: &str) {
        self.add_file(&read_bytes(text.as_bytes(), false, None), source);
    }

    /// Counts every game of a game file as `chariot pgn` reads it (PGN in UTF-8, GBK or
    /// Big5, or XQF); the games that could not be read are noted in
    /// [`Builder::skipped`] with `source`.
    pub fn add_file(&mut self, file: &GameFile, source: &str) {
        for game in file.read() {
            self.add_game(game);
        }
        for (n, e) in file.failed() {
            self.skipped_count += 1;
            if self.skipped.len() < 10 {
                self.skipped.push(format!("{source}, game {n}: {e}"));
            }
        }
    }

    /// The book: moves played at least `min_games` times that scored something,
    /// weights scaled to fit 16 bits.
    pub fn finish(self) -> Book {
        let kept: Vec<((u64, u16), Tally)> = self
            .tallies
            .into_iter()
            .filter(|(_, t)| t.games >= self.options.min_games && t.points > 0)
            .collect();
        let heaviest = kept.iter().map(|(_, t)| t.points).max().unwrap_or(1);
        let scale = heaviest.div_ceil(u64::from(u16::MAX)).max(1);
        let entries = kept
            .into_iter()
            .filter_map(|((key, raw), t)| {
                let mv = move_from_raw(raw)?;
                Some(Entry {
                    key,
                    mv,
                    weight: (t.points / scale).clamp(1, u64::from(u16::MAX)) as u16,
                    games: t.games,
                })
            })
            .collect();
        Book::from_entries(entries)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Move, Position};

    const GAMES: &str = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 1-0\n\n\
        [Event \"b\"]\n[Result \"1/2-1/2\"]\n\n1. b2e2 b9c7 2. b0c2 1/2-1/2\n\n\
        [Event \"bad\"]\n\n1. h2h8 *\n\n\
        [Event \"c\"]\n[Format \"WXF\"]\n[Result \"0-1\"]\n\n1. C2.5 H8+7 0-1\n\n\
        [Event \"d\"]\n[Result \"1-0\"]\n\n1. 炮二平五 马８进７ 1-0\n";

    #[test]
    fn counts_moves_with_results_and_merges_mirrors() {
        let mut b = Builder::new(BuildOptions {
            depth: 2,
            min_games: 1,
        });
        b.add_pgn(GAMES, "test.pgn");
        assert_eq!(b.games(), 4);
        assert_eq!(b.skipped_count, 1);
        assert!(b.skipped[0].contains("game 3"), "{:?}", b.skipped);
        let book = b.finish();
        let start = Position::startpos();
        // h2e2 and b2e2 are one move of the symmetric start: 4 games, 2+1+0+2 points.
        let first = book.probe(&start);
        assert_eq!(first.len(), 1);
        assert_eq!((first[0].games, first[0].weight), (4, 5));
        // After the central cannon, the horse replies from either side merge too.
        let mut pos = start.clone();
        pos.make_move(Move::parse_iccs("h2e2").unwrap());
        let replies = book.probe(&pos);
        assert_eq!(replies.len(), 1, "{replies:?}");
        assert_eq!(replies[0].mv, Move::parse_iccs("h9g7").unwrap());
        // Black won one of the four and drew one: 2 + 1.
        assert_eq!((replies[0].games, replies[0].weight), (4, 3));
        // Depth 2: nothing after the second ply.
        pos.make_move(Move::parse_iccs("h9g7").unwrap());
        assert!(book.probe(&pos).is_empty());
    }

    #[test]
    fn min_games_and_losing_moves_are_filtered() {
        let mut b = Builder::new(BuildOptions {
            depth: 10,
            min_games: 2,
        });
        b.add_pgn(GAMES, "test.pgn");
        let book = b.finish();
        for e in book.entries() {
            assert!(e.games >= 2 && e.weight > 0, "{e:?}");
        }
        // The third move's replies (i9h9, and a9b9 mirrored) were played once each.
        let mut pos = Position::startpos();
        for m in ["h2e2", "h9g7", "h0g2"] {
            pos.make_move(Move::parse_iccs(m).unwrap());
        }
        assert!(book.probe(&pos).is_empty());
    }
}
