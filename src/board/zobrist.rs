//! Zobrist keys from a fixed seed, so hashes are the same on every run and machine.

use super::piece::Piece;
use super::square::Square;

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const SEED: u64 = 0x4348_4152_494F_5421; // "CHARIOT!"

struct Keys {
    pieces: [[u64; 90]; Piece::NUM],
    side: u64,
}

static KEYS: Keys = {
    let mut pieces = [[0u64; 90]; Piece::NUM];
    let mut state = SEED;
    let mut p = 0;
    while p < Piece::NUM {
        let mut s = 0;
        while s < 90 {
            let (next, key) = splitmix64(state);
            state = next;
            pieces[p][s] = key;
            s += 1;
        }
        p += 1;
    }
    let (_, side) = splitmix64(state);
    Keys { pieces, side }
};

/// The key of `piece` standing on `sq`.
#[inline(always)]
pub fn piece_key(piece: Piece, sq: Square) -> u64 {
    KEYS.pieces[piece.index()][sq.index()]
}

/// Toggled when Black is to move.
#[inline(always)]
pub fn side_key() -> u64 {
    KEYS.side
}
