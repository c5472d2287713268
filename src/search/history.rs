//! What a search thread learns about moves and keeps for the rest of the game: the
//! main (quiet) history, the continuation histories, the capture history and the
//! counter moves, and the correction history (how far searches found the static
//! evaluation off, by pawn structure and by each side's other pieces). Each thread has
//! its own set; [`super::Shared`] keeps the sets between searches, so the next move's
//! search starts with what the last ones learnt, and `ucinewgame` (or a new bench
//! position) clears them.

use super::movepick::{CaptureTable, ContinuationTable};
use super::params::{CORRECTION_DIFF_MAX, CORRECTION_GRAIN, CORRECTION_SIZE};
use crate::board::{Bitboard, Color, Move, PieceKind, Position};

/// Continuation tables, one per previous move's `[piece][to]`.
pub const CONTINUATIONS: usize = 14 * 90;

/// One thread's move statistics.
pub struct Histories {
    /// Quiet history by side, from, to.
    pub quiet: [[[i32; 90]; 90]; 2],
    /// Continuation history, indexed by the earlier move's `[piece][to]`.
    pub continuation: Vec<ContinuationTable>,
    /// The counter move to the previous move's `[piece][to]`.
    pub counters: Vec<Option<Move>>,
    /// How captures did, by `[piece][to][captured kind]`.
    pub captures: CaptureTable,
    /// How the search's results differed from the static evaluation, by side to move
    /// and pawn structure ([`pawn_key`]), in `1/CORRECTION_GRAIN` units.
    pub pawn_correction: [[i16; CORRECTION_SIZE]; 2],
    /// The same by side to move, then by the placement of one side's other pieces
    /// (`[to move][side][`[`pieces_key`]`]`).
    pub pieces_correction: [[[i16; CORRECTION_SIZE]; 2]; 2],
}

impl Histories {
    /// Empty statistics.
    pub fn new() -> Box<Histories> {
        Box::new(Histories {
            quiet: [[[0; 90]; 90]; 2],
            continuation: vec![[[0; 90]; 14]; CONTINUATIONS],
            counters: vec![None; CONTINUATIONS],
            captures: [[[0; 7]; 90]; 14],
            pawn_correction: [[0; CORRECTION_SIZE]; 2],
            pieces_correction: [[[0; CORRECTION_SIZE]; 2]; 2],
        })
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.quiet = [[[0; 90]; 90]; 2];
        for table in &mut self.continuation {
            *table = [[0; 90]; 14];
        }
        self.counters.fill(None);
        self.captures = [[[0; 7]; 90]; 14];
        self.pawn_correction = [[0; CORRECTION_SIZE]; 2];
        self.pieces_correction = [[[0; CORRECTION_SIZE]; 2]; 2];
    }

    /// What the correction history adds to the static evaluation `pos` got: a weighted
    /// mean of what its tables learnt (the pawn structure counting twice).
    pub fn correction(&self, pos: &Position) -> i32 {
        let stm = pos.side_to_move().index();
        let pawns = self.pawn_correction[stm][slot(pawn_key(pos))];
        let [red, black] = Color::ALL
            .map(|side| self.pieces_correction[stm][side.index()][slot(pieces_key(pos, side))]);
        (2 * i32::from(pawns) + i32::from(red) + i32::from(black)) / (4 * CORRECTION_GRAIN)
    }

    /// A search of `depth` found `score` where the static evaluation (before its
    /// correction) said `raw_eval`: each table moves toward the difference, faster the
    /// deeper the search.
    pub fn correct(&mut self, pos: &Position, raw_eval: i32, score: i32, depth: i32) {
        let diff = (score - raw_eval).clamp(-CORRECTION_DIFF_MAX, CORRECTION_DIFF_MAX);
        let target = diff * CORRECTION_GRAIN;
        let weight = (depth + 1).clamp(1, 16);
        let stm = pos.side_to_move().index();
        let blend = |h: &mut i16| {
            *h = ((i32::from(*h) * (256 - weight) + target * weight) / 256) as i16;
        };
        blend(&mut self.pawn_correction[stm][slot(pawn_key(pos))]);
        for side in Color::ALL {
            blend(&mut self.pieces_correction[stm][side.index()][slot(pieces_key(pos, side))]);
        }
    }
}

/// A table slot from a 64-bit key.
#[inline]
fn slot(key: u64) -> usize {
    (key >> (64 - CORRECTION_SIZE.trailing_zeros())) as usize
}

/// A hash of one bitboard with a salt (one per piece kind and side).
#[inline]
fn hash(bb: Bitboard, salt: u64) -> u64 {
    let low = bb.0 as u64;
    let high = (bb.0 >> 64) as u64;
    let x = (low ^ salt).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (high ^ salt.rotate_left(32)).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    x ^ (x >> 31)
}

/// The pawn structure of both sides.
pub fn pawn_key(pos: &Position) -> u64 {
    hash(
        pos.pieces(Color::Red, PieceKind::Pawn),
        0x1F83_D9AB_FB41_BD6B,
    ) ^ hash(
        pos.pieces(Color::Black, PieceKind::Pawn),
        0x5BE0_CD19_137E_2179,
    )
    .rotate_left(17)
}

/// Where `side`'s pieces other than pawns stand.
pub fn pieces_key(pos: &Position, side: Color) -> u64 {
    const SALTS: [u64; 6] = [
        0x6A09_E667_F3BC_C908,
        0xBB67_AE85_84CA_A73B,
        0x3C6E_F372_FE94_F82B,
        0xA54F_F53A_5F1D_36F1,
        0x510E_527F_ADE6_82D1,
        0x9B05_688C_2B3E_6C1F,
    ];
    let side_salt = if side == Color::Red {
        0
    } else {
        0xD6E8_FEB8_6659_FD93
    };
    // Every kind but the pawn (the last).
    PieceKind::ALL
        .iter()
        .zip(SALTS)
        .fold(0, |key, (&kind, salt)| {
            key ^ hash(pos.pieces(side, kind), salt ^ side_salt)
        })
}

/// [`update`] on a 16-bit entry.
#[inline]
pub fn update_i16(h: &mut i16, delta: i32, cap: i32) {
    let mut v = i32::from(*h);
    update(&mut v, delta, cap);
    *h = v as i16;
}

/// Moves `h` toward `±cap` by `delta`, slower the nearer it is (so it stays within
/// `±cap`).
#[inline]
pub fn update(h: &mut i32, delta: i32, cap: i32) {
    *h += delta - *h * delta.abs() / cap;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn updates_stay_within_the_cap() {
        let cap = 16_384;
        let mut h = 0;
        for _ in 0..1000 {
            update(&mut h, 3_000, cap);
            assert!(h <= cap, "{h}");
        }
        assert!(h > cap * 9 / 10, "saturates near the cap: {h}");
        for _ in 0..1000 {
            update(&mut h, -3_000, cap);
            assert!(h >= -cap, "{h}");
        }
        assert!(h < -cap * 9 / 10, "{h}");
    }

    #[test]
    fn the_correction_learns_the_difference_for_its_structure_only() {
        let start = Position::startpos();
        // The same pieces, one red pawn advanced, Red to move: the pawn tables (half the
        // weight) have not seen it, the tables of either side's other pieces have.
        let other = Position::from_fen(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/6P2/P1P1P3P/1C5C1/9/RNBAKABNR w - - 0 1",
        )
        .unwrap();
        let mut h = Histories::new();
        assert_eq!(h.correction(&start), 0);
        for _ in 0..200 {
            h.correct(&start, 30, 230, 12);
        }
        let learnt = h.correction(&start);
        assert!((190..=200).contains(&learnt), "{learnt}");
        let shared = h.correction(&other);
        assert!((95..=100).contains(&shared), "{shared}");
        // With the other side to move, nothing is shared.
        assert_eq!(h.correction(&start.color_flipped()), 0);
        // Differences beyond the cap count as the cap.
        for _ in 0..400 {
            h.correct(&start, 0, 5_000, 16);
        }
        let capped = h.correction(&start);
        assert!((990..=CORRECTION_DIFF_MAX).contains(&capped), "{capped}");
        h.clear();
        assert_eq!(h.correction(&start), 0);
    }

    #[test]
    fn structure_keys_tell_the_sides_apart() {
        let start = Position::startpos();
        let flipped = start.color_flipped();
        assert_ne!(
            pieces_key(&start, Color::Red),
            pieces_key(&start, Color::Black)
        );
        assert_eq!(
            pieces_key(&start, Color::Red),
            pieces_key(&flipped, Color::Red)
        );
        assert_eq!(pawn_key(&start), pawn_key(&flipped));
    }

    #[test]
    fn clear_forgets() {
        let mut h = Histories::new();
        h.quiet[1][3][4] = 7;
        h.continuation[5][2][9] = -3;
        h.counters[11] = Some(Move::NULL);
        h.captures[3][40][2] = 12;
        h.clear();
        assert_eq!(h.captures[3][40][2], 0);
        assert_eq!(h.quiet[1][3][4], 0);
        assert_eq!(h.continuation[5][2][9], 0);
        assert!(h.counters.iter().all(Option::is_none));
    }
}
