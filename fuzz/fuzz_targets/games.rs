//! Any bytes → the game-file reader of `chariot pgn` (`notation::files::read_bytes`), as
//! PGN text (encoding found) and as XQF, and → `read_pgn_games` on the lossy UTF-8 text.
//! No panic; every error prints; every game read replays legally, prints as PGN in each
//! notation and reads back to the same moves, and writes as XQF and reads back the same.
#![no_main]

use chariot::notation::files::{read_bytes, GameError};
use chariot::notation::xqf::{read_xqf, write_xqf};
use chariot::notation::{read_pgn, read_pgn_games, write_pgn, Format, PgnGame};
use libfuzzer_sys::fuzz_target;

fn check(game: &PgnGame) {
    let mut pos = game.start.clone();
    for &mv in &game.moves {
        assert!(pos.is_legal(mv), "a move read is legal");
        pos.make_move(mv);
    }
    for f in [Format::Iccs, Format::Chinese, Format::Wxf] {
        let text = write_pgn(game, f);
        let back = read_pgn(&text).expect("written PGN reads back");
        assert_eq!(back.len(), 1);
        assert_eq!(back[0].moves, game.moves);
        assert_eq!(back[0].start, game.start);
    }
    if let Ok(written) = write_xqf(game) {
        let back = read_xqf(&written.bytes).expect("written XQF reads back");
        assert_eq!(back.moves, game.moves);
        assert_eq!(
            back.start.to_fen().split(' ').next(),
            game.start.to_fen().split(' ').next()
        );
    }
}

fuzz_target!(|data: &[u8]| {
    for xqf in [false, true] {
        for g in read_bytes(data, xqf, None).games {
            match &g.game {
                Ok(game) => check(game),
                Err(GameError::Pgn(e)) => {
                    let _ = e.to_string();
                }
                Err(GameError::Xqf(e)) => {
                    let _ = e.to_string();
                }
            }
        }
    }
    let text = String::from_utf8_lossy(data);
    for g in read_pgn_games(&text).games {
        if let Ok(game) = &g.game {
            check(game);
        }
    }
});
