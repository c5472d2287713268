//! Precomputed move and attack tables, all built at compile time by `const fn` loops.
//!
//! Leapers (king, advisor, elephant, horse, pawn) get per-square step tables; an elephant
//! step carries its eye square and a horse step its leg square, so a blocked eye or leg
//! is one bit test. Sliders (rook, cannon) use per-rank and per-file occupancy lookups:
//! a rank's 9 occupancy bits index a table of reachable files, a file's 10 occupancy bits
//! (kept incrementally by the position) index a table of reachable ranks, which
//! `FILE_SPREAD` turns back into a bitboard. Each fast table has a slow ray-walking twin
//! in the tests.

use super::bitboard::Bitboard;
use super::piece::Color;
use super::square::Square;

const fn bb(sq: Square) -> u128 {
    1u128 << sq.index()
}

const fn sq_at(index: usize) -> Square {
    Square::from_index(index as u8)
}

const fn steps_in(sq: Square, deltas: &[(i32, i32)], palace: Option<Color>) -> Bitboard {
    let mut out = 0u128;
    let mut i = 0;
    while i < deltas.len() {
        if let Some(to) = sq.offset(deltas[i].0, deltas[i].1) {
            let allowed = match palace {
                Some(c) => to.in_palace_of(c),
                None => true,
            };
            if allowed {
                out |= bb(to);
            }
        }
        i += 1;
    }
    Bitboard(out)
}

const ORTHOGONAL: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// The palace a square belongs to, if any.
const fn palace_of(sq: Square) -> Option<Color> {
    if sq.in_palace_of(Color::Red) {
        Some(Color::Red)
    } else if sq.in_palace_of(Color::Black) {
        Some(Color::Black)
    } else {
        None
    }
}

/// King steps: one point orthogonally, inside the palace the king stands in.
pub static KING_STEPS: [Bitboard; 90] = {
    let mut t = [Bitboard(0); 90];
    let mut i = 0;
    while i < 90 {
        let sq = sq_at(i);
        if let Some(c) = palace_of(sq) {
            t[i] = steps_in(sq, &ORTHOGONAL, Some(c));
        }
        i += 1;
    }
    t
};

/// Advisor steps: one point diagonally, inside the palace.
pub static ADVISOR_STEPS: [Bitboard; 90] = {
    let mut t = [Bitboard(0); 90];
    let mut i = 0;
    while i < 90 {
        let sq = sq_at(i);
        if let Some(c) = palace_of(sq) {
            t[i] = steps_in(sq, &DIAGONAL, Some(c));
        }
        i += 1;
    }
    t
};

/// The points diagonally next to each point, anywhere on the board (the legs of the
/// horses that attack it).
pub static DIAGONAL_STEPS: [Bitboard; 90] = {
    let mut t = [Bitboard(0); 90];
    let mut i = 0;
    while i < 90 {
        t[i] = steps_in(sq_at(i), &DIAGONAL, None);
        i += 1;
    }
    t
};

/// A leaper step that a single square can block: the elephant's eye or the horse's leg.
#[derive(Clone, Copy)]
pub struct BlockableStep {
    /// The square that must be empty.
    pub block: Square,
    /// Where the step lands (one square for an elephant, two for a horse; empty when
    /// the step leaves the board).
    pub targets: Bitboard,
}

const NO_STEP: BlockableStep = BlockableStep {
    block: Square::from_index(0),
    targets: Bitboard(0),
};

/// Elephant steps: two points diagonally, blocked by a piece on the eye (塞象眼), never
/// across the river.
pub static ELEPHANT_STEPS: [[BlockableStep; 4]; 90] = {
    let mut t = [[NO_STEP; 4]; 90];
    let mut i = 0;
    while i < 90 {
        let sq = sq_at(i);
        let side = if sq.rank() <= 4 {
            Color::Red
        } else {
            Color::Black
        };
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIAGONAL[d];
            if let (Some(eye), Some(to)) = (sq.offset(df, dr), sq.offset(2 * df, 2 * dr)) {
                if to.on_side_of(side) {
                    t[i][d] = BlockableStep {
                        block: eye,
                        targets: Bitboard(bb(to)),
                    };
                }
            }
            d += 1;
        }
        i += 1;
    }
    t
};

/// Horse moves: one point orthogonally onto the leg, then one diagonally outwards;
/// blocked by a piece on the leg (蹩马腿). Indexed by leg direction.
pub static HORSE_STEPS: [[BlockableStep; 4]; 90] = {
    let mut t = [[NO_STEP; 4]; 90];
    let mut i = 0;
    while i < 90 {
        let sq = sq_at(i);
        let mut d = 0;
        while d < 4 {
            let (df, dr) = ORTHOGONAL[d];
            if let Some(leg) = sq.offset(df, dr) {
                let mut targets = 0u128;
                // The two diagonal continuations away from the horse.
                let (a, b) = if df == 0 {
                    ((-1, 2 * dr), (1, 2 * dr))
                } else {
                    ((2 * df, -1), (2 * df, 1))
                };
                if let Some(to) = sq.offset(a.0, a.1) {
                    targets |= bb(to);
                }
                if let Some(to) = sq.offset(b.0, b.1) {
                    targets |= bb(to);
                }
                t[i][d] = BlockableStep {
                    block: leg,
                    targets: Bitboard(targets),
                };
            }
            d += 1;
        }
        i += 1;
    }
    t
};

/// Horses that attack a square, grouped by the leg they need: for target `k` and each
/// diagonal neighbour `leg` of `k`, the two squares from which a horse reaches `k`
/// through `leg`.
pub static HORSE_ATTACKERS: [[BlockableStep; 4]; 90] = {
    let mut t = [[NO_STEP; 4]; 90];
    let mut i = 0;
    while i < 90 {
        let k = sq_at(i);
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIAGONAL[d];
            if let Some(leg) = k.offset(df, dr) {
                let mut from = 0u128;
                if let Some(h) = k.offset(2 * df, dr) {
                    from |= bb(h);
                }
                if let Some(h) = k.offset(df, 2 * dr) {
                    from |= bb(h);
                }
                t[i][d] = BlockableStep {
                    block: leg,
                    targets: Bitboard(from),
                };
            }
            d += 1;
        }
        i += 1;
    }
    t
};

const fn pawn_steps(color: Color, sq: Square) -> Bitboard {
    let forward = match color {
        Color::Red => 1,
        Color::Black => -1,
    };
    let mut out = 0u128;
    if let Some(to) = sq.offset(0, forward) {
        out |= bb(to);
    }
    // Across the river a pawn may also step sideways.
    if !sq.on_side_of(color) {
        if let Some(to) = sq.offset(-1, 0) {
            out |= bb(to);
        }
        if let Some(to) = sq.offset(1, 0) {
            out |= bb(to);
        }
    }
    Bitboard(out)
}

/// Pawn steps by colour: forward one point; sideways too once across the river.
pub static PAWN_STEPS: [[Bitboard; 90]; 2] = {
    let mut t = [[Bitboard(0); 90]; 2];
    let mut i = 0;
    while i < 90 {
        t[0][i] = pawn_steps(Color::Red, sq_at(i));
        t[1][i] = pawn_steps(Color::Black, sq_at(i));
        i += 1;
    }
    t
};

/// `PAWN_ATTACKERS[c][k]`: the squares from which a pawn of colour `c` attacks `k`.
pub static PAWN_ATTACKERS: [[Bitboard; 90]; 2] = {
    let mut t = [[Bitboard(0); 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut from = 0;
        while from < 90 {
            let steps = PAWN_STEPS[c][from].0;
            let mut k = 0;
            while k < 90 {
                if steps >> k & 1 != 0 {
                    t[c][k].0 |= 1u128 << from;
                }
                k += 1;
            }
            from += 1;
        }
        c += 1;
    }
    t
};

/// Ray directions for `RAYS`: toward rank 9, toward file i, toward rank 0, toward file a.
pub const NORTH: usize = 0;
pub const EAST: usize = 1;
pub const SOUTH: usize = 2;
pub const WEST: usize = 3;

/// `RAYS[dir][sq]`: every square from `sq` (exclusive) to the edge in direction `dir`.
/// North and east rays run to higher indices, south and west to lower ones.
pub static RAYS: [[Bitboard; 90]; 4] = {
    let mut t = [[Bitboard(0); 90]; 4];
    let mut d = 0;
    while d < 4 {
        let (df, dr) = ORTHOGONAL[d];
        let mut i = 0;
        while i < 90 {
            let mut cur = sq_at(i);
            while let Some(next) = cur.offset(df, dr) {
                t[d][i].0 |= bb(next);
                cur = next;
            }
            i += 1;
        }
        d += 1;
    }
    t
};

/// `CHECK_ZONES[c][k]`: where a move of colour `c` must start or end to give check to
/// a king on `k` (the king's file and rank, for rooks, cannons and the facing kings; the
/// horse points that reach it and their legs; the points a pawn attacks it from). The
/// side giving check does not stand in check before its move, so a move touching
/// neither point of its own zone cannot give one.
pub static CHECK_ZONES: [[Bitboard; 90]; 2] = {
    let mut t = [[Bitboard(0); 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 90 {
            let mut zone = PAWN_ATTACKERS[c][k].0;
            let mut d = 0;
            while d < 4 {
                zone |= RAYS[d][k].0;
                let step = HORSE_ATTACKERS[k][d];
                if step.targets.0 != 0 {
                    zone |= step.targets.0 | bb(step.block);
                }
                d += 1;
            }
            t[c][k] = Bitboard(zone);
            k += 1;
        }
        c += 1;
    }
    t
};

/// The squares strictly between `a` and `b` when they share a rank or file; empty
/// otherwise.
pub fn between(a: Square, b: Square) -> Bitboard {
    for rays in &RAYS {
        let ray = rays[a.index()];
        if ray.contains(b) {
            return Bitboard(ray.0 & !rays[b.index()].0 & !(1u128 << b.index()));
        }
    }
    Bitboard::EMPTY
}

/// Squares a rook on `pos` reaches along a line of `len` points with occupancy `occ`:
/// every empty point up to and including the first occupied one on each side.
const fn line_rook(pos: u32, occ: u32, len: u32) -> u16 {
    let mut out = 0u16;
    let mut p = pos + 1;
    while p < len {
        out |= 1 << p;
        if occ >> p & 1 != 0 {
            break;
        }
        p += 1;
    }
    let mut p = pos as i32 - 1;
    while p >= 0 {
        out |= 1 << p;
        if occ >> p & 1 != 0 {
            break;
        }
        p -= 1;
    }
    out
}

/// Squares a cannon on `pos` can capture on (occupied or not): on each side, the first
/// occupied point after the first occupied point (the screen, 炮架).
const fn line_cannon(pos: u32, occ: u32, len: u32) -> u16 {
    let mut out = 0u16;
    let mut p = pos + 1;
    let mut screen = false;
    while p < len {
        if occ >> p & 1 != 0 {
            if screen {
                out |= 1 << p;
                break;
            }
            screen = true;
        }
        p += 1;
    }
    let mut p = pos as i32 - 1;
    let mut screen = false;
    while p >= 0 {
        if occ >> p & 1 != 0 {
            if screen {
                out |= 1 << p;
                break;
            }
            screen = true;
        }
        p -= 1;
    }
    out
}

const fn rank_table(cannon: bool) -> [[u16; 512]; 9] {
    let mut t = [[0u16; 512]; 9];
    let mut f = 0;
    while f < 9 {
        let mut occ = 0;
        while occ < 512 {
            t[f][occ] = if cannon {
                line_cannon(f as u32, occ as u32, 9)
            } else {
                line_rook(f as u32, occ as u32, 9)
            };
            occ += 1;
        }
        f += 1;
    }
    t
}

const fn file_table(cannon: bool) -> [[u16; 1024]; 10] {
    let mut t = [[0u16; 1024]; 10];
    let mut r = 0;
    while r < 10 {
        let mut occ = 0;
        while occ < 1024 {
            t[r][occ] = if cannon {
                line_cannon(r as u32, occ as u32, 10)
            } else {
                line_rook(r as u32, occ as u32, 10)
            };
            occ += 1;
        }
        r += 1;
    }
    t
}

/// `RANK_ROOK[file][rank occupancy]`: files a rook reaches along its rank.
static RANK_ROOK: [[u16; 512]; 9] = rank_table(false);
/// `RANK_CANNON[file][rank occupancy]`: files a cannon can capture on along its rank.
static RANK_CANNON: [[u16; 512]; 9] = rank_table(true);
/// `FILE_ROOK[rank][file occupancy]`: ranks a rook reaches along its file.
static FILE_ROOK: [[u16; 1024]; 10] = file_table(false);
/// `FILE_CANNON[rank][file occupancy]`: ranks a cannon can capture on along its file.
static FILE_CANNON: [[u16; 1024]; 10] = file_table(true);

/// `FILE_SPREAD[ranks]`: the squares of file a on the given ranks (bit `r` → square `9r`).
static FILE_SPREAD: [u128; 1024] = {
    let mut t = [0u128; 1024];
    let mut m = 0;
    while m < 1024 {
        let mut r = 0;
        while r < 10 {
            if m >> r & 1 != 0 {
                t[m] |= 1u128 << (9 * r);
            }
            r += 1;
        }
        m += 1;
    }
    t
};

/// Bit `r` set for each occupied rank of one file.
pub type FileOccupancy = u16;

/// The occupancy bits of the rank through `sq`.
#[inline(always)]
fn rank_bits(sq: Square, occ: Bitboard) -> usize {
    (occ.0 >> (9 * sq.rank() as u32)) as usize & 0x1FF
}

/// Rook attacks from `sq`: every point up to and including the first piece in each
/// direction. `file_occ` is the occupancy of `sq`'s file (bit per rank).
#[inline(always)]
pub fn rook_attacks(sq: Square, occ: Bitboard, file_occ: FileOccupancy) -> Bitboard {
    let (file, rank) = (sq.file() as usize, sq.rank() as usize);
    let along_rank = u128::from(RANK_ROOK[file][rank_bits(sq, occ)]) << (9 * rank);
    let along_file = FILE_SPREAD[FILE_ROOK[rank][file_occ as usize & 0x3FF] as usize] << file;
    Bitboard(along_rank | along_file)
}

/// Cannon capture squares from `sq`: the first piece beyond exactly one screen in each
/// direction (whatever its colour). `file_occ` as for [`rook_attacks`].
#[inline(always)]
pub fn cannon_attacks(sq: Square, occ: Bitboard, file_occ: FileOccupancy) -> Bitboard {
    let (file, rank) = (sq.file() as usize, sq.rank() as usize);
    let along_rank = u128::from(RANK_CANNON[file][rank_bits(sq, occ)]) << (9 * rank);
    let along_file = FILE_SPREAD[FILE_CANNON[rank][file_occ as usize & 0x3FF] as usize] << file;
    Bitboard(along_rank | along_file)
}

/// The points of file a (every ninth bit, ranks 0 to 9).
const FILE_A: u128 = {
    let mut m = 0u128;
    let mut rank = 0;
    while rank < 10 {
        m |= 1 << (9 * rank);
        rank += 1;
    }
    m
};

/// The occupancy bits of `file` (bit per rank), gathered from a bitboard (the position
/// keeps its own incrementally).
#[inline]
pub fn file_occupancy(occ: Bitboard, file: u8) -> FileOccupancy {
    let bits = (occ.0 >> file) & FILE_A;
    // Ranks 0-7 sit at bits 9r of the low word: multiplying by one bit every eighth
    // place moves bit 9r to bit 56 + r, and no two products meet (9r - 8s is the same
    // for two pairs only when they are the same pair), so nothing carries.
    let low = ((bits as u64).wrapping_mul(0x0101_0101_0101_0101) >> 56) as u16;
    // Ranks 8 and 9 are bits 72 and 81: 8 and 17 of the high word.
    let high = (bits >> 64) as u32;
    low | ((high >> 8 & 1) << 8 | (high >> 17 & 1) << 9) as u16
}

/// Elephant moves from `sq` whose eye is empty.
#[inline(always)]
pub fn elephant_moves(sq: Square, occ: Bitboard) -> Bitboard {
    blockable(&ELEPHANT_STEPS[sq.index()], occ)
}

/// Horse moves from `sq` whose leg is empty.
#[inline(always)]
pub fn horse_moves(sq: Square, occ: Bitboard) -> Bitboard {
    blockable(&HORSE_STEPS[sq.index()], occ)
}

/// Squares from which a horse would attack `sq` (leg empty), whatever stands there.
#[inline(always)]
pub fn horse_attackers(sq: Square, occ: Bitboard) -> Bitboard {
    blockable(&HORSE_ATTACKERS[sq.index()], occ)
}

#[inline(always)]
fn blockable(steps: &[BlockableStep; 4], occ: Bitboard) -> Bitboard {
    let mut out = 0u128;
    for step in steps {
        if !occ.contains(step.block) {
            out |= step.targets.0;
        }
    }
    Bitboard(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_occupancy_gathers_each_rank_of_the_file() {
        let mut x = 0x9E37_79B9_7F4A_7C15_u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let full = (1u128 << 90) - 1;
        let mut boards = vec![Bitboard(0), Bitboard(full)];
        for _ in 0..2000 {
            // Dense and sparse boards alike.
            let a = (u128::from(next()) << 64 | u128::from(next())) & full;
            let b = (u128::from(next()) << 64 | u128::from(next())) & full;
            boards.extend([Bitboard(a), Bitboard(a & b), Bitboard(a | b)]);
        }
        for occ in boards {
            for file in 0..9u8 {
                let mut want = 0u16;
                for rank in 0..10 {
                    if occ.0 >> (9 * rank + u32::from(file)) & 1 != 0 {
                        want |= 1 << rank;
                    }
                }
                assert_eq!(file_occupancy(occ, file), want, "{:#x} file {file}", occ.0);
            }
        }
    }

    fn walk(sq: Square, occ: Bitboard, cannon: bool) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for (df, dr) in ORTHOGONAL {
            let mut screen = false;
            let mut cur = sq;
            while let Some(next) = cur.offset(df, dr) {
                cur = next;
                let occupied = occ.contains(next);
                if cannon {
                    if occupied && screen {
                        out = out.with(next);
                        break;
                    }
                    screen |= occupied;
                } else {
                    out = out.with(next);
                    if occupied {
                        break;
                    }
                }
            }
        }
        out
    }

    /// Deterministic pseudo-random occupancies, sparse and dense.
    fn occupancies() -> impl Iterator<Item = Bitboard> {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        (0..3000).map(move |i| {
            let mut next = || {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state
            };
            let raw = u128::from(next()) | u128::from(next()) << 64;
            let thin = u128::from(next()) | u128::from(next()) << 64;
            Bitboard(if i % 2 == 0 { raw & thin } else { raw } & ((1u128 << 90) - 1))
        })
    }

    #[test]
    fn sliders_match_ray_walk() {
        for occ in occupancies() {
            for sq in Square::all() {
                let fo = file_occupancy(occ, sq.file());
                assert_eq!(rook_attacks(sq, occ, fo), walk(sq, occ, false), "rook {sq}");
                assert_eq!(
                    cannon_attacks(sq, occ, fo),
                    walk(sq, occ, true),
                    "cannon {sq}"
                );
            }
        }
    }

    #[test]
    fn every_line_subset_of_a_rank_and_file() {
        // Exhaustive over the line itself: all 2^9 rank and 2^10 file occupancies.
        for sq in Square::all() {
            for bits in 0u32..1024 {
                let mut occ = Bitboard::EMPTY;
                for r in 0..10 {
                    if bits >> r & 1 != 0 {
                        occ = occ.with(Square::from_coords(sq.file() as i32, r).unwrap());
                    }
                    if r < 9 && bits >> r & 1 != 0 {
                        occ = occ.with(Square::from_coords(r, sq.rank() as i32).unwrap());
                    }
                }
                let fo = file_occupancy(occ, sq.file());
                assert_eq!(rook_attacks(sq, occ, fo), walk(sq, occ, false));
                assert_eq!(cannon_attacks(sq, occ, fo), walk(sq, occ, true));
            }
        }
    }

    #[test]
    fn between_is_the_open_segment() {
        let sq = |s| Square::parse(s).unwrap();
        assert_eq!(between(sq("e0"), sq("e4")).count(), 3);
        assert_eq!(between(sq("e4"), sq("e0")), between(sq("e0"), sq("e4")));
        assert!(between(sq("e4"), sq("e1")).contains(sq("e2")));
        assert_eq!(between(sq("a3"), sq("i3")).count(), 7);
        assert!(between(sq("a3"), sq("b3")).is_empty());
        assert!(between(sq("a3"), sq("b4")).is_empty());
    }

    #[test]
    fn leapers_match_rules() {
        let e0 = Square::parse("e0").unwrap();
        assert_eq!(KING_STEPS[e0.index()].count(), 3);
        let e1 = Square::parse("e1").unwrap();
        assert_eq!(KING_STEPS[e1.index()].count(), 4);
        assert_eq!(ADVISOR_STEPS[e1.index()].count(), 4);
        assert_eq!(
            ADVISOR_STEPS[Square::parse("d0").unwrap().index()].count(),
            1
        );
        assert!(KING_STEPS[Square::parse("a0").unwrap().index()].is_empty());

        // Elephant on c4 (river bank) may not cross: only the two squares behind it.
        let c4 = Square::parse("c4").unwrap();
        let targets = elephant_moves(c4, Bitboard::EMPTY);
        assert_eq!(
            targets,
            Bitboard::EMPTY
                .with(Square::parse("a2").unwrap())
                .with(Square::parse("e2").unwrap())
        );
        // Blocked eye at d3 removes e2.
        let blocked = elephant_moves(c4, Bitboard::from_square(Square::parse("d3").unwrap()));
        assert_eq!(blocked, Bitboard::from_square(Square::parse("a2").unwrap()));

        // Horse in the centre: 8 moves; a piece on the leg e5 removes d6 and f6.
        let e4 = Square::parse("e4").unwrap();
        assert_eq!(horse_moves(e4, Bitboard::EMPTY).count(), 8);
        let leg = Bitboard::from_square(Square::parse("e5").unwrap());
        let moves = horse_moves(e4, leg);
        assert_eq!(moves.count(), 6);
        assert!(!moves.contains(Square::parse("d6").unwrap()));
        assert!(!moves.contains(Square::parse("f6").unwrap()));

        // Pawns: forward only before the river, sideways after; never back.
        let red_e3 = PAWN_STEPS[0][Square::parse("e3").unwrap().index()];
        assert_eq!(red_e3, Bitboard::from_square(Square::parse("e4").unwrap()));
        let red_e5 = PAWN_STEPS[0][Square::parse("e5").unwrap().index()];
        assert_eq!(red_e5.count(), 3);
        assert!(!red_e5.contains(Square::parse("e4").unwrap()));
        let red_e9 = PAWN_STEPS[0][Square::parse("e9").unwrap().index()];
        assert_eq!(red_e9.count(), 2);
        let black_e6 = PAWN_STEPS[1][Square::parse("e6").unwrap().index()];
        assert_eq!(
            black_e6,
            Bitboard::from_square(Square::parse("e5").unwrap())
        );
    }

    #[test]
    fn horse_attackers_invert_horse_moves() {
        for occ in occupancies().take(200) {
            for k in Square::all() {
                let expected = Square::all()
                    .filter(|&h| horse_moves(h, occ).contains(k))
                    .fold(Bitboard::EMPTY, |acc, h| acc.with(h));
                assert_eq!(horse_attackers(k, occ), expected, "to {k}");
            }
        }
    }

    #[test]
    fn pawn_attackers_invert_pawn_steps() {
        for c in 0..2 {
            for k in Square::all() {
                for from in Square::all() {
                    assert_eq!(
                        PAWN_ATTACKERS[c][k.index()].contains(from),
                        PAWN_STEPS[c][from.index()].contains(k)
                    );
                }
            }
        }
    }
}
