//! The hand-crafted evaluation: material and piece-square tables, then the positional
//! knowledge the source documents name. Every term is computed for each side from its
//! own point of view, so the colour-flipped position scores the same for the side to
//! move; the tables are left-right symmetric, so the mirrored position does too.

use super::material::{phase, value, Score};
use crate::board::attacks::{
    between, cannon_attacks, horse_moves, rook_attacks, HORSE_STEPS, PAWN_STEPS,
};
use crate::board::{Bitboard, Color, PieceKind, Position, Square};

/// Tables are written as seen by the side they score: the first row is the enemy's
/// back rank (rank 9), the last row the own back rank (rank 0), files a..i.
type Table = [[i32; 9]; 10];

const PAWN_MG: Table = [
    [60, 70, 80, 90, 90, 90, 80, 70, 60],
    [90, 110, 130, 150, 160, 150, 130, 110, 90],
    [90, 110, 130, 150, 160, 150, 130, 110, 90],
    [80, 100, 110, 120, 130, 120, 110, 100, 80],
    [70, 80, 90, 100, 100, 100, 90, 80, 70],
    [50, 0, 55, 0, 60, 0, 55, 0, 50],
    [45, 0, 50, 0, 55, 0, 50, 0, 45],
    [0; 9],
    [0; 9],
    [0; 9],
];

const PAWN_EG: Table = [
    [100, 110, 120, 130, 130, 130, 120, 110, 100],
    [180, 200, 230, 260, 280, 260, 230, 200, 180],
    [170, 190, 220, 250, 270, 250, 220, 190, 170],
    [150, 170, 190, 210, 220, 210, 190, 170, 150],
    [130, 140, 150, 160, 170, 160, 150, 140, 130],
    [60, 0, 65, 0, 70, 0, 65, 0, 60],
    [55, 0, 60, 0, 65, 0, 60, 0, 55],
    [0; 9],
    [0; 9],
    [0; 9],
];

const HORSE: Table = [
    [0, -5, 5, 10, 0, 10, 5, -5, 0],
    [0, 10, 20, 15, 5, 15, 20, 10, 0],
    [5, 15, 20, 25, 20, 25, 20, 15, 5],
    [5, 20, 25, 30, 25, 30, 25, 20, 5],
    [0, 15, 20, 25, 25, 25, 20, 15, 0],
    [0, 10, 15, 20, 20, 20, 15, 10, 0],
    [0, 5, 10, 10, 15, 10, 10, 5, 0],
    [-5, 0, 5, 5, 10, 5, 5, 0, -5],
    [-10, -5, 0, 0, -10, 0, 0, -5, -10],
    [-15, -10, -5, -5, -10, -5, -5, -10, -15],
];

const ROOK: Table = [
    [5, 10, 5, 15, 15, 15, 5, 10, 5],
    [10, 15, 10, 20, 25, 20, 10, 15, 10],
    [5, 10, 5, 15, 15, 15, 5, 10, 5],
    [10, 15, 15, 20, 20, 20, 15, 15, 10],
    [5, 10, 10, 15, 15, 15, 10, 10, 5],
    [5, 10, 10, 15, 15, 15, 10, 10, 5],
    [0, 5, 5, 10, 10, 10, 5, 5, 0],
    [0, 5, 5, 10, 10, 10, 5, 5, 0],
    [-5, 5, 5, 10, 5, 10, 5, 5, -5],
    [-10, 0, 0, 5, 0, 5, 0, 0, -10],
];

const CANNON_MG: Table = [
    [5, 5, 0, -5, -10, -5, 0, 5, 5],
    [5, 5, 0, -5, -5, -5, 0, 5, 5],
    [5, 5, 5, 0, 5, 0, 5, 5, 5],
    [0, 5, 5, 5, 10, 5, 5, 5, 0],
    [0, 0, 0, 0, 10, 0, 0, 0, 0],
    [0, 0, 5, 0, 10, 0, 5, 0, 0],
    [0, 0, 0, 0, 5, 0, 0, 0, 0],
    [0, 5, 5, 10, 15, 10, 5, 5, 0],
    [0, 0, 0, 5, 5, 5, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
];

/// 残局炮归家: in the endgame the cannon belongs at home, behind its own pieces.
const CANNON_EG: Table = [
    [-10, -10, -10, -10, -10, -10, -10, -10, -10],
    [-10, -5, -5, -5, -5, -5, -5, -5, -10],
    [-5, -5, -5, -5, -5, -5, -5, -5, -5],
    [-5, 0, 0, 0, 0, 0, 0, 0, -5],
    [-5, 0, 0, 0, 0, 0, 0, 0, -5],
    [0, 0, 0, 0, 5, 0, 0, 0, 0],
    [0, 0, 0, 5, 5, 5, 0, 0, 0],
    [0, 0, 5, 10, 15, 10, 5, 0, 0],
    [0, 0, 5, 15, 20, 15, 5, 0, 0],
    [0, 0, 5, 10, 15, 10, 5, 0, 0],
];

const KING_MG: Table = [
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0, 0, 0, -35, -30, -35, 0, 0, 0],
    [0, 0, 0, -20, -15, -20, 0, 0, 0],
    [0, 0, 0, -10, 0, -10, 0, 0, 0],
];

const KING_EG: Table = [
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0, 0, 0, -10, -5, -10, 0, 0, 0],
    [0, 0, 0, -5, 5, -5, 0, 0, 0],
    [0, 0, 0, -5, 0, -5, 0, 0, 0],
];

const ADVISOR: Table = {
    let mut t = [[0; 9]; 10];
    t[8][4] = 5;
    t
};

const ELEPHANT: Table = {
    let mut t = [[0; 9]; 10];
    t[7][4] = 5;
    t[9][2] = -2;
    t[9][6] = -2;
    t
};

/// The table entry for a piece of `color` on `sq`.
#[inline]
fn lookup(table: &Table, color: Color, sq: Square) -> i32 {
    let rel = if color == Color::Red {
        sq
    } else {
        sq.flip_rank()
    };
    table[9 - rel.rank() as usize][rel.file() as usize]
}

fn pst(kind: PieceKind, color: Color, sq: Square) -> Score {
    let both = |t: &Table| {
        let v = lookup(t, color, sq);
        Score::new(v, v)
    };
    match kind {
        PieceKind::Pawn => Score::new(lookup(&PAWN_MG, color, sq), lookup(&PAWN_EG, color, sq)),
        PieceKind::Horse => both(&HORSE),
        PieceKind::Rook => both(&ROOK),
        PieceKind::Cannon => {
            Score::new(lookup(&CANNON_MG, color, sq), lookup(&CANNON_EG, color, sq))
        }
        PieceKind::King => Score::new(lookup(&KING_MG, color, sq), lookup(&KING_EG, color, sq)),
        PieceKind::Advisor => both(&ADVISOR),
        PieceKind::Elephant => both(&ELEPHANT),
    }
}

/// Per-side evaluation terms, each from that side's point of view.
#[derive(Clone, Copy, Default, Debug)]
pub struct Terms {
    pub material: Score,
    pub placement: Score,
    pub mobility: Score,
    /// 缺仕怕车 / 缺相怕炮: missing defenders against the enemy's rooks and cannons.
    pub missing_defenders: Score,
    /// Open files toward the palace, cannons aimed at the king.
    pub king_safety: Score,
}

impl Terms {
    pub fn total(&self) -> Score {
        self.material + self.placement + self.mobility + self.missing_defenders + self.king_safety
    }
}

/// The full breakdown: per-side terms, the phase and the drawishness scale.
#[derive(Clone, Debug)]
pub struct Breakdown {
    pub terms: [Terms; 2],
    pub phase: i32,
    /// Multiplier out of 16 applied to the score of the side that is ahead.
    pub scale: [i32; 2],
    /// Final score from Red's point of view.
    pub red_score: i32,
}

pub(super) fn breakdown(pos: &Position) -> Breakdown {
    let occ = pos.occupied();
    let terms = [
        side_terms(pos, Color::Red, occ),
        side_terms(pos, Color::Black, occ),
    ];
    let phase = phase(pos);
    let red = terms[0].total().taper(phase) - terms[1].total().taper(phase);
    let scale = [win_scale(pos, Color::Red), win_scale(pos, Color::Black)];
    let ahead = if red > 0 { 0 } else { 1 };
    let red_score = red * scale[ahead] / 16;
    Breakdown {
        terms,
        phase,
        scale,
        red_score,
    }
}

fn side_terms(pos: &Position, us: Color, occ: Bitboard) -> Terms {
    let them = !us;
    let mut t = Terms::default();
    let own = pos.color_pieces(us);
    for kind in PieceKind::ALL {
        for sq in pos.pieces(us, kind) {
            t.material += value(kind);
            t.placement += pst(kind, us, sq);
        }
    }

    // Mobility: rooks and cannons by reachable points, horses by free legs.
    for sq in pos.pieces(us, PieceKind::Rook) {
        let n = (rook_attacks(sq, occ, pos.file_occupancy(sq.file())) & !own).count() as i32;
        t.mobility += Score::new(4 * (n - 6), 3 * (n - 6));
    }
    for sq in pos.pieces(us, PieceKind::Cannon) {
        let n = (rook_attacks(sq, occ, pos.file_occupancy(sq.file())) & !occ).count() as i32;
        t.mobility += Score::new(2 * (n - 4), n - 4);
    }
    let enemy_pawn_cover = pos
        .pieces(them, PieceKind::Pawn)
        .into_iter()
        .fold(Bitboard::EMPTY, |acc, sq| {
            acc | PAWN_STEPS[them.index()][sq.index()]
        });
    for sq in pos.pieces(us, PieceKind::Horse) {
        let n = (horse_moves(sq, occ) & !own & !enemy_pawn_cover).count() as i32;
        // 蹩马腿: legs blocked by any piece.
        let blocked = HORSE_STEPS[sq.index()]
            .iter()
            .filter(|s| s.targets.any() && occ.contains(s.block))
            .count() as i32;
        t.mobility += Score::new(8 * (n - 4) - 6 * blocked, 6 * (n - 4) - 4 * blocked);
    }

    // 缺仕怕车, 缺相怕炮.
    let missing_advisors = 2 - pos.pieces(us, PieceKind::Advisor).count().min(2) as i32;
    let missing_elephants = 2 - pos.pieces(us, PieceKind::Elephant).count().min(2) as i32;
    let enemy_rooks = pos.pieces(them, PieceKind::Rook).count() as i32;
    let enemy_cannons = pos.pieces(them, PieceKind::Cannon).count() as i32;
    t.missing_defenders = Score::new(-40, -30) * (missing_advisors * enemy_rooks)
        + Score::new(-30, -20) * (missing_elephants * enemy_cannons);

    // King safety.
    let ksq = pos.king_square(us);
    for sq in pos.pieces(them, PieceKind::Cannon) {
        if sq.file() == ksq.file() {
            let screens = (between(sq, ksq) & occ).count();
            t.king_safety += match screens {
                0 => Score::new(-80, -30), // 空头炮: nothing between cannon and king
                2 => Score::new(-25, -10), // 中炮 with two pieces between
                _ => Score::ZERO,
            };
        }
    }
    for sq in pos.pieces(them, PieceKind::Rook) {
        // An enemy rook on a palace file with a clear line into the palace.
        let palace_file = (3..=5).contains(&sq.file());
        if palace_file {
            let fo = pos.file_occupancy(sq.file());
            let hits = rook_attacks(sq, occ, fo) & palace_of(us);
            if hits.any() {
                t.king_safety += Score::new(-30, -15);
            }
        }
    }
    // Enemy pieces across the river close to our palace.
    let near = PALACE_ZONES[us.index()];
    let raiders = (pos.pieces(them, PieceKind::Horse) | pos.pieces(them, PieceKind::Pawn)) & near;
    t.king_safety += Score::new(-15, -10) * raiders.count() as i32;
    t.king_safety += king_attack(pos, us, occ, near);
    t
}

/// Pieces bearing on the palace zone: weighted attack units, punished more than
/// linearly once two or more attackers join in (one piece rarely mates alone).
fn king_attack(pos: &Position, us: Color, occ: Bitboard, zone: Bitboard) -> Score {
    let them = !us;
    let mut units = 0;
    let mut attackers = 0;
    let mut count = |hits: Bitboard, weight: i32| {
        if hits.any() {
            attackers += 1;
            units += weight + hits.count().min(3) as i32 - 1;
        }
    };
    for sq in pos.pieces(them, PieceKind::Rook) {
        count(
            rook_attacks(sq, occ, pos.file_occupancy(sq.file())) & zone,
            4,
        );
    }
    for sq in pos.pieces(them, PieceKind::Horse) {
        count(horse_moves(sq, occ) & zone, 3);
    }
    for sq in pos.pieces(them, PieceKind::Cannon) {
        count(
            cannon_attacks(sq, occ, pos.file_occupancy(sq.file())) & zone,
            3,
        );
    }
    for sq in pos.pieces(them, PieceKind::Pawn) {
        count(PAWN_STEPS[them.index()][sq.index()] & zone, 2);
    }
    if attackers < 2 {
        return Score::ZERO;
    }
    let penalty = (units * units / 2).min(250);
    Score::new(-penalty, -penalty / 2)
}

/// The palace squares of each colour.
const PALACES: [Bitboard; 2] = {
    let mut out = [Bitboard(0), Bitboard(0)];
    let mut i = 0;
    while i < 90 {
        let sq = Square::from_index(i);
        if sq.in_palace_of(Color::Red) {
            out[0].0 |= 1 << i;
        }
        if sq.in_palace_of(Color::Black) {
            out[1].0 |= 1 << i;
        }
        i += 1;
    }
    out
};

/// The palace and the points one step outside it.
const PALACE_ZONES: [Bitboard; 2] = {
    let mut out = PALACES;
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < 90 {
            if PALACES[c].0 >> i & 1 != 0 {
                let sq = Square::from_index(i);
                let mut d = 0;
                let deltas = [(0, 1), (1, 0), (0, -1), (-1, 0)];
                while d < 4 {
                    if let Some(n) = sq.offset(deltas[d].0, deltas[d].1) {
                        out[c].0 |= 1 << n.index();
                    }
                    d += 1;
                }
            }
            i += 1;
        }
        c += 1;
    }
    out
};

fn palace_of(color: Color) -> Bitboard {
    PALACES[color.index()]
}

/// How much of its advantage `color` can realise, out of 16 (drawish material).
fn win_scale(pos: &Position, color: Color) -> i32 {
    let them = !color;
    let count = |c: Color, k: PieceKind| pos.pieces(c, k).count() as i32;
    let rooks = count(color, PieceKind::Rook);
    let minors = count(color, PieceKind::Horse) + count(color, PieceKind::Cannon);
    let crossed = pos
        .pieces(color, PieceKind::Pawn)
        .into_iter()
        .filter(|s| !s.on_side_of(color))
        .count() as i32;
    let pawns = count(color, PieceKind::Pawn);
    let defenders = count(them, PieceKind::Advisor) + count(them, PieceKind::Elephant);
    if rooks == 0 && minors == 0 && pawns == 0 {
        return 0; // advisors and elephants alone cannot mate
    }
    if rooks == 0 && minors == 1 && pawns == 0 {
        return 2; // a lone horse or cannon against a king with any help is a draw
    }
    if rooks == 0 && minors == 0 && crossed == 0 && pawns <= 1 {
        return 4;
    }
    if rooks == 1 && minors == 0 && crossed == 0 && defenders == 4 {
        return 4; // 单车难破士象全
    }
    16
}
