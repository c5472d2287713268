//! Piece values from the source documents, tapered by game phase.
//!
//! One document point is 100. Rook 10; cannon 5 in the opening and middlegame, 4.5 in
//! the endgame; horse about 4, worth more than the cannon when few pieces remain;
//! advisor and elephant 2 early, 3 later; pawn 0.5 before the river, more across it
//! (the pawn tables in `hce.rs` carry that).

use crate::board::{Color, PieceKind, Position};

/// A middlegame and an endgame value, blended by the phase.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Score {
    pub mg: i32,
    pub eg: i32,
}

impl Score {
    pub const ZERO: Score = Score { mg: 0, eg: 0 };

    pub const fn new(mg: i32, eg: i32) -> Score {
        Score { mg, eg }
    }

    /// Blend by `phase` (0 = bare endgame .. `PHASE_MAX` = full middlegame).
    pub fn taper(self, phase: i32) -> i32 {
        (self.mg * phase + self.eg * (PHASE_MAX - phase)) / PHASE_MAX
    }
}

impl std::ops::Add for Score {
    type Output = Score;
    fn add(self, o: Score) -> Score {
        Score::new(self.mg + o.mg, self.eg + o.eg)
    }
}

impl std::ops::AddAssign for Score {
    fn add_assign(&mut self, o: Score) {
        self.mg += o.mg;
        self.eg += o.eg;
    }
}

impl std::ops::Sub for Score {
    type Output = Score;
    fn sub(self, o: Score) -> Score {
        Score::new(self.mg - o.mg, self.eg - o.eg)
    }
}

impl std::ops::Mul<i32> for Score {
    type Output = Score;
    fn mul(self, k: i32) -> Score {
        Score::new(self.mg * k, self.eg * k)
    }
}

/// The documents' base values (the pawn's is its value before the river; see the pawn
/// tables). The evaluation's own material weights (`weights.rs`) were fitted from
/// these by `tune -free-material`, the rook kept as the unit.
pub const fn value(kind: PieceKind) -> Score {
    match kind {
        PieceKind::King => Score::new(0, 0),
        PieceKind::Advisor => Score::new(200, 300),
        PieceKind::Elephant => Score::new(200, 300),
        PieceKind::Horse => Score::new(400, 470),
        PieceKind::Rook => Score::new(1000, 1000),
        PieceKind::Cannon => Score::new(500, 450),
        PieceKind::Pawn => Score::new(0, 0),
    }
}

/// A single number per kind for move ordering and exchange evaluation.
pub const fn simple_value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::King => 10_000,
        PieceKind::Advisor | PieceKind::Elephant => 220,
        PieceKind::Horse => 430,
        PieceKind::Rook => 1000,
        PieceKind::Cannon => 470,
        PieceKind::Pawn => 100,
    }
}

/// Full middlegame phase: both sides with two rooks, horses and cannons.
pub const PHASE_MAX: i32 = 24;

/// The game phase from the attacking pieces left (rook 3, horse 1.5, cannon 1.5).
pub fn phase(pos: &Position) -> i32 {
    let mut p = 0;
    for color in Color::ALL {
        p += 6 * pos.pieces(color, PieceKind::Rook).count() as i32;
        p += 3 * pos.pieces(color, PieceKind::Horse).count() as i32;
        p += 3 * pos.pieces(color, PieceKind::Cannon).count() as i32;
    }
    (p / 2).min(PHASE_MAX)
}
