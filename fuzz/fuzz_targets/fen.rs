//! Any bytes → lossy UTF-8 → `Setup::parse` / `Position::from_fen`. Nothing may panic;
//! a FEN that parses must print (`to_fen`) to a FEN that parses to the same setup and
//! prints identically; move generation, make/unmake and the consistency check must hold
//! on every accepted position.
#![no_main]

use chariot::board::{Position, Setup};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let setup = Setup::parse(&text);
    let parsed = Position::from_fen(&text);
    if let Err(e) = &parsed {
        let _ = e.to_string();
    }
    let Ok(mut pos) = parsed else {
        return;
    };
    let setup = setup.expect("from_fen accepted what Setup::parse rejected");
    pos.assert_consistent();
    let fen = pos.to_fen();
    let again = Position::from_fen(&fen)
        .unwrap_or_else(|e| panic!("to_fen output {fen:?} does not re-parse: {e}"));
    assert_eq!(again.to_fen(), fen, "round trip of {fen:?}");
    assert_eq!(again.key(), pos.key(), "key after round trip of {fen:?}");
    assert_eq!(
        Setup::parse(&fen).expect("re-parse as setup"),
        setup,
        "setup round trip of {text:?} via {fen:?}"
    );
    let _ = pos.to_string();
    let moves = pos.legal_moves();
    for &mv in moves.iter() {
        assert!(pos.is_legal(mv), "{mv} listed but not legal in {fen}");
        pos.make_move(mv);
        pos.assert_consistent();
        let _ = pos.to_fen();
        pos.unmake_move();
    }
    assert_eq!(pos.to_fen(), fen, "make/unmake changed {fen:?}");
    let _ = pos.is_checkmate();
    let _ = pos.is_stalemate();
});
