//! Which moves give check, answered from facts gathered once per position.
//!
//! [`Position::gives_check`] works each move out from the board after it. A node of
//! the search asks it of every quiet move it orders and every move it searches, so
//! [`CheckInfo`] gathers once what the answers share: the squares from which each kind
//! of the mover's pieces would attack the enemy king, and the few pieces and squares
//! whose moving could uncover or make an attack (the sole blocker of a rook line, the
//! screens of a cannon behind two, the empty points before a cannon with none, the legs
//! of horses). [`Position::gives_check_with`] then answers a move with a handful of
//! bit tests; it agrees with [`Position::gives_check`] on every legal move (tested on
//! random games).
//!
//! A move changes the board in two points: its from-square empties and its to-square
//! fills. Every check it gives is either the moved piece's own attack from the
//! to-square, or a line or leg those two points open or close:
//! - A rook or king (flying general) behind exactly one of our pieces: moving that
//!   piece off the segment between them gives check.
//! - A cannon behind two screens: one of ours leaving the segment leaves one screen,
//!   unless it lands on an empty point of the segment; taking the other screen from
//!   inside the segment also leaves one.
//! - A cannon with nothing between it and the king: any other piece of ours landing
//!   between them becomes its screen.
//! - A horse whose leg toward the king is held by one of ours: that piece leaving
//!   frees the leg (the leg is never the square the piece lands on).
//!
//! The moved piece's own attack is read from the squares counted before the move. The
//! from-square can only change that count when it lies between the to-square and the
//! king: then the piece slid along the king's line away from it. A rook doing so was
//! blocked before and stays blocked; a cannon gives check when exactly one piece is
//! left between, which is counted directly.

use super::attacks::{between, horse_attackers, HORSE_ATTACKERS, PAWN_ATTACKERS, RAYS};
use super::bitboard::Bitboard;
use super::mv::Move;
use super::piece::PieceKind;
use super::position::Position;
use super::square::Square;

/// What the side to move's checks depend on, for [`Position::gives_check_with`].
#[derive(Clone, Debug)]
pub struct CheckInfo {
    /// The enemy king.
    king: Square,
    /// Per square, what a piece landing there does: bit `k` when a piece of kind `k`
    /// of ours would attack the enemy king from it on the board as it is, and
    /// [`SCREEN_POINT`] on an empty point between the king and a cannon of ours with no
    /// screen (any other piece landing there becomes its screen).
    to_bits: [u8; 90],
    /// Per square, what a piece of ours leaving it may do: [`HORSE_LEG`] on the leg of
    /// one of our horses aimed at the king, [`LINE_PIECE`] for a blocker or screen of a
    /// rook or cannon line.
    from_bits: [u8; 90],
    /// The enemy king's file and rank.
    king_lines: Bitboard,
    /// The cannons with no screen before the king (sliding toward it makes none).
    bare_cannons: Bitboard,
    /// Per direction from the king: the sole blocker (ours) before a rook or king of
    /// ours, and the segment between the king and that piece.
    rook_blocker: [Bitboard; 4],
    rook_segment: [Bitboard; 4],
    /// Per direction: our pieces among the two screens before a cannon of ours, and
    /// the segment between the king and that cannon.
    cannon_screens: [Bitboard; 4],
    cannon_segment: [Bitboard; 4],
}

/// `to_bits`: a point that would screen a bare cannon.
const SCREEN_POINT: u8 = 1 << 7;
/// `from_bits`: holding one of our horses' legs.
const HORSE_LEG: u8 = 2;
/// `from_bits`: a blocker or screen of one of the king's lines.
const LINE_PIECE: u8 = 4;

/// The nearest occupied square of `bb` (a set on one ray from the king) seen from the
/// king in direction `dir`: north and east rays run to higher indices.
#[inline(always)]
fn nearest(dir: usize, bb: Bitboard) -> Option<Square> {
    if dir < 2 {
        bb.lsb()
    } else {
        bb.msb()
    }
}

/// The points of `dir`'s ray from `from` up to and including `stop` (the whole ray
/// when `stop` is `None`).
#[inline(always)]
fn up_to(dir: usize, from: Square, stop: Option<Square>) -> Bitboard {
    let ray = RAYS[dir][from.index()];
    match stop {
        Some(s) => ray & !RAYS[dir][s.index()],
        None => ray,
    }
}

/// Sets `bit` in `table` on every square of `bb`.
#[inline(always)]
fn mark(table: &mut [u8; 90], bb: Bitboard, bit: u8) {
    for sq in bb {
        table[sq.index()] |= bit;
    }
}

impl Position {
    /// The facts [`Position::gives_check_with`] reads for the side to move.
    pub fn check_info(&self) -> CheckInfo {
        let us = self.side_to_move();
        let king = self.king_square(!us);
        let occ = self.occupied();
        let ours = self.colors[us.index()];
        let mine = &self.pieces[us.index()];
        let rooklike = mine[PieceKind::Rook.index()] | mine[PieceKind::King.index()];
        let cannons = mine[PieceKind::Cannon.index()];
        let horses = mine[PieceKind::Horse.index()];

        let mut info = CheckInfo {
            king,
            to_bits: [0; 90],
            from_bits: [0; 90],
            king_lines: Bitboard::EMPTY,
            bare_cannons: Bitboard::EMPTY,
            rook_blocker: [Bitboard::EMPTY; 4],
            rook_segment: [Bitboard::EMPTY; 4],
            cannon_screens: [Bitboard::EMPTY; 4],
            cannon_segment: [Bitboard::EMPTY; 4],
        };
        let mut rook_squares = Bitboard::EMPTY;
        let mut cannon_squares = Bitboard::EMPTY;
        let mut screen_points = Bitboard::EMPTY;
        let mut line_pieces = Bitboard::EMPTY;
        for (dir, rays) in RAYS.iter().enumerate() {
            let ray = rays[king.index()];
            info.king_lines |= ray;
            let mut line = ray & occ;
            let p1 = nearest(dir, line);
            rook_squares |= up_to(dir, king, p1);
            let Some(p1) = p1 else { continue };
            line = line.without(p1);
            let p2 = nearest(dir, line);
            cannon_squares |= up_to(dir, p1, p2);
            if cannons.contains(p1) {
                // No screen: any other piece of ours landing before it makes one.
                screen_points |= up_to(dir, king, Some(p1)).without(p1);
                info.bare_cannons = info.bare_cannons.with(p1);
            }
            let Some(p2) = p2 else { continue };
            if ours.contains(p1) && rooklike.contains(p2) {
                info.rook_blocker[dir] = Bitboard::from_square(p1);
                info.rook_segment[dir] = up_to(dir, king, Some(p2)).without(p2);
                line_pieces = line_pieces.with(p1);
            }
            line = line.without(p2);
            let Some(p3) = nearest(dir, line) else {
                continue;
            };
            if cannons.contains(p3) {
                info.cannon_screens[dir] =
                    (Bitboard::from_square(p1) | Bitboard::from_square(p2)) & ours;
                info.cannon_segment[dir] = up_to(dir, king, Some(p3)).without(p3);
                line_pieces |= info.cannon_screens[dir];
            }
        }
        for step in &HORSE_ATTACKERS[king.index()] {
            if ours.contains(step.block) && (step.targets & horses).any() {
                info.from_bits[step.block.index()] |= HORSE_LEG;
            }
        }
        mark(&mut info.from_bits, line_pieces, LINE_PIECE);
        let bit = |kind: PieceKind| 1u8 << kind.index();
        mark(
            &mut info.to_bits,
            rook_squares,
            bit(PieceKind::Rook) | bit(PieceKind::King),
        );
        mark(&mut info.to_bits, cannon_squares, bit(PieceKind::Cannon));
        mark(
            &mut info.to_bits,
            horse_attackers(king, occ),
            bit(PieceKind::Horse),
        );
        mark(
            &mut info.to_bits,
            PAWN_ATTACKERS[us.index()][king.index()],
            bit(PieceKind::Pawn),
        );
        mark(&mut info.to_bits, screen_points, SCREEN_POINT);
        info
    }

    /// Whether the legal move `mv` gives check, read from `info` (this position's
    /// [`Position::check_info`]): the same answer as [`Position::gives_check`].
    #[inline]
    pub fn gives_check_with(&self, mv: Move, info: &CheckInfo) -> bool {
        let (from, to) = (mv.from(), mv.to());
        let Some(piece) = self.piece_at(from) else {
            return false;
        };
        let kind = piece.kind();
        let to_bits = info.to_bits[to.index()];
        let from_bits = info.from_bits[from.index()];
        let direct = if kind == PieceKind::Cannon
            && info.king_lines.contains(from)
            && between(to, info.king).contains(from)
        {
            // Slid away from the king along its line: what is left between counts.
            (between(to, info.king) & self.occupied()).count() == 2
        } else {
            to_bits & (1 << kind.index()) != 0
        };
        if direct {
            return true;
        }
        if to_bits & SCREEN_POINT != 0 && !info.bare_cannons.contains(from) {
            return true;
        }
        if from_bits & (HORSE_LEG | LINE_PIECE) == 0 {
            return false;
        }
        if from_bits & HORSE_LEG != 0 {
            return true;
        }
        let to_empty = self.piece_at(to).is_none();
        (0..4).any(|dir| {
            (info.rook_blocker[dir].contains(from) && !info.rook_segment[dir].contains(to))
                || (info.cannon_screens[dir].contains(from)
                    && !(info.cannon_segment[dir].contains(to) && to_empty))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every legal move of every position of random games from `fen`: the answer read
    /// from the facts, the answer worked out from the board after the move, and whether
    /// the opponent is in check once the move is made, all agree.
    fn agree_on_random_games(fen: &str, games: usize, seed: u64) -> usize {
        let mut state = seed;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut checks = 0;
        for _ in 0..games {
            let mut pos = Position::from_fen(fen).unwrap();
            for _ in 0..150 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let info = pos.check_info();
                for &mv in moves.iter() {
                    let fast = pos.gives_check_with(mv, &info);
                    let slow = pos.gives_check(mv);
                    pos.make_move(mv);
                    let truth = pos.in_check();
                    pos.unmake_move();
                    assert_eq!(fast, truth, "{} {mv}", pos.to_fen());
                    assert_eq!(slow, truth, "{} {mv}", pos.to_fen());
                    checks += usize::from(truth);
                }
                let mv = moves[(next() % moves.len() as u64) as usize];
                pos.make_move(mv);
            }
        }
        checks
    }

    #[test]
    fn agrees_with_the_board_on_random_games() {
        let mut checks = agree_on_random_games(crate::board::position::START_FEN, 60, 0x9e37_79b9);
        // The first perft positions: middlegames and endgames with every kind of piece.
        let fens = include_str!("../../tests/data/perft.epd")
            .lines()
            .filter(|l| !l.starts_with('#') && l.contains(';'))
            .filter_map(|l| l.split(';').next())
            .take(24);
        for (i, fen) in fens.enumerate() {
            checks += agree_on_random_games(fen.trim(), 6, 1 + i as u64);
        }
        // The games are full of checks of every kind: the test is not idle.
        assert!(checks > 5_000, "{checks}");
    }

    #[test]
    fn the_rare_lines() {
        // A cannon jumping backward over a piece, leaving one screen before the king.
        let pos = Position::from_fen("4k4/9/9/4C4/9/4P4/9/4p4/9/3K5 w - - 0 1").unwrap();
        let info = pos.check_info();
        for (mv, want) in [("e6e2", true), ("e6e5", false), ("e6e7", false)] {
            let mv = pos.parse_move(mv).unwrap();
            assert_eq!(pos.gives_check_with(mv, &info), want, "{mv}");
            assert_eq!(pos.gives_check(mv), want, "{mv}");
        }
    }
}
