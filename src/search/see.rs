//! Static exchange evaluation: does a capture sequence on one square win material?
//! Attackers are recomputed from the changing occupancy at each step, so cannons gain
//! and lose screens and horse legs open and close as pieces leave. A piece whose
//! recapture would leave its own king attacked (pinned by a rook, cannon or horse, or
//! standing between the two kings: the flying general) does not take part.

use crate::board::attacks::{
    cannon_attacks, elephant_moves, file_occupancy, horse_attackers, rook_attacks, ADVISOR_STEPS,
    DIAGONAL_STEPS, EAST, KING_STEPS, NORTH, PAWN_ATTACKERS, RAYS, SOUTH, WEST,
};
use crate::board::{Bitboard, Color, Move, PieceKind, Position, Square};
use crate::eval::material::simple_value;

/// All pieces of both colours attacking `sq` with occupancy `occ`.
fn attackers(pos: &Position, sq: Square, occ: Bitboard) -> Bitboard {
    let fo = file_occupancy(occ, sq.file());
    let kinds = |k: PieceKind| pos.pieces(Color::Red, k) | pos.pieces(Color::Black, k);
    let lines = rook_attacks(sq, occ, fo) & kinds(PieceKind::Rook)
        | cannon_attacks(sq, occ, fo) & kinds(PieceKind::Cannon);
    let steps = horse_attackers(sq, occ) & kinds(PieceKind::Horse)
        | KING_STEPS[sq.index()] & kinds(PieceKind::King)
        | ADVISOR_STEPS[sq.index()] & kinds(PieceKind::Advisor)
        | elephant_moves(sq, occ) & kinds(PieceKind::Elephant)
        | PAWN_ATTACKERS[0][sq.index()] & pos.pieces(Color::Red, PieceKind::Pawn)
        | PAWN_ATTACKERS[1][sq.index()] & pos.pieces(Color::Black, PieceKind::Pawn);
    (lines | steps) & occ
}

/// Whether a piece of `color` leaving `from` for the exchange square `to` would leave
/// its own king attacked, with the pieces of `occ` still on the board. The exchange
/// square stays occupied (by the capturer), and whatever stood there is captured.
fn exposes_king(pos: &Position, color: Color, from: Square, to: Square, occ: Bitboard) -> bool {
    let king = pos.king_square(color);
    let occ = occ.without(from);
    let fo = file_occupancy(occ, king.file());
    let enemy = pos.color_pieces(!color) & occ.without(to);
    // The king's attackers on the board left, the enemy king along an open file too.
    let kings = pos.pieces(!color, PieceKind::King);
    ((attackers(pos, king, occ) | rook_attacks(king, occ, fo) & kings) & enemy).any()
}

/// The points whose emptying can open an attack on a king standing on `king`: its file
/// and rank (rooks, cannons, the other king) and the four points diagonally next to it
/// (the legs of horses attacking it).
#[inline]
fn lines_to(king: Square) -> Bitboard {
    let k = king.index();
    RAYS[NORTH][k] | RAYS[EAST][k] | RAYS[SOUTH][k] | RAYS[WEST][k] | DIAGONAL_STEPS[k]
}

/// Cheapest first; the king last.
const ORDER: [PieceKind; 7] = [
    PieceKind::Pawn,
    PieceKind::Advisor,
    PieceKind::Elephant,
    PieceKind::Horse,
    PieceKind::Cannon,
    PieceKind::Rook,
    PieceKind::King,
];

/// Whether the exchange started by `mv` gains at least `threshold` (in
/// [`simple_value`] units) for the side making it.
pub fn see_ge(pos: &Position, mv: Move, threshold: i32) -> bool {
    exchange(pos, mv, threshold, true)
}

/// [`see_ge`]. With `shortcut`, a capturer's own king is looked at only when the
/// capture can matter to it: the king may already be attacked (the side was in check,
/// or a piece left a point on the king's lines or horse legs), or the capturer leaves
/// such a point. Without, every capturer is tested in full (the reference the tests
/// hold the shortcut to).
fn exchange(pos: &Position, mv: Move, threshold: i32, shortcut: bool) -> bool {
    let (from, to) = (mv.from(), mv.to());
    let Some(mover) = pos.piece_at(from) else {
        return false;
    };
    let victim = pos.piece_at(to).map_or(0, |p| simple_value(p.kind()));
    let mut swap = victim - threshold;
    if swap < 0 {
        return false;
    }
    swap = simple_value(mover.kind()) - swap;
    if swap <= 0 {
        return true;
    }
    let mut occ = pos.occupied().without(from).with(to);
    let mut stm = mover.color();
    let lines = Color::ALL.map(|c| lines_to(pos.king_square(c)));
    // Whether each side's king may be attacked (in the exchange's picture of the
    // board): the mover's when it was in check; the other's when the first move left or
    // entered one of its lines. Emptying any other point changes no attack on a king.
    let mut unsafe_king = [false; 2];
    unsafe_king[stm.index()] = pos.in_check();
    unsafe_king[(!stm).index()] =
        (lines[(!stm).index()] & Bitboard::from_square(from).with(to)).any();
    let mut res = true;
    loop {
        stm = !stm;
        let all = attackers(pos, to, occ);
        let ours = all & pos.color_pieces(stm);
        if ours.is_empty() {
            break;
        }
        // The cheapest piece that may legally take (the king is checked below).
        let must_test =
            |sq: Square| !shortcut || unsafe_king[stm.index()] || lines[stm.index()].contains(sq);
        let Some((kind, sq)) = ORDER.iter().find_map(|&k| {
            (ours & pos.pieces(stm, k))
                .into_iter()
                .find(|&sq| {
                    k == PieceKind::King || !(must_test(sq) && exposes_king(pos, stm, sq, to, occ))
                })
                .map(|sq| (k, sq))
        }) else {
            break;
        };
        // The point it leaves may open a line onto the other king.
        if lines[(!stm).index()].contains(sq) {
            unsafe_king[(!stm).index()] = true;
        }
        res = !res;
        if kind == PieceKind::King {
            // The king may only take last: if the other side still attacks, it cannot.
            return if (all & pos.color_pieces(!stm)).any() {
                !res
            } else {
                res
            };
        }
        swap = simple_value(kind) - swap;
        if swap < i32::from(res) {
            break;
        }
        occ = occ.without(sq);
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see(fen: &str, mv: &str, threshold: i32) -> bool {
        let pos = Position::from_fen(fen).unwrap();
        see_ge(&pos, pos.parse_move(mv).unwrap(), threshold)
    }

    #[test]
    fn simple_exchanges() {
        // Rook takes an undefended pawn: wins a pawn.
        let fen = "4k4/9/9/9/4p4/9/9/9/9/R2K5 w - - 0 1";
        assert!(!see(fen, "a0a1", 1), "a quiet move wins nothing");
        // Rook takes a pawn defended by a pawn... pawns on e5 and e6 (e6 defends e5 for black).
        let fen = "3k5/9/9/4p4/4p4/9/9/9/9/4RK3 w - - 0 1";
        assert!(see(fen, "e0e5", -1000));
        assert!(!see(fen, "e0e5", 0), "rook for pawn loses");
        // Cannon captures over a screen; the recapture by the rook behind the victim.
        let fen = "3k5/9/4r4/4n4/9/4P4/9/4C4/9/5K3 w - - 0 1";
        assert!(
            !see(fen, "e2e6", 0),
            "cannon (470) for a horse (430) defended by a rook"
        );
        assert!(see(fen, "e2e6", -100));
    }

    #[test]
    fn pinned_pieces_do_not_recapture() {
        // The black horse on e7 defends c6 but stands between Red's rook on e0 and the
        // black king: it may not leave the file, so the cannon wins the pawn for nothing.
        let fen = "4k4/9/4n4/2p6/9/2P6/9/2C6/9/4RK3 w - - 0 1";
        assert!(see(fen, "c2c6", 100), "the pinned horse cannot take back");
        // Without the pinning rook the horse takes back: cannon for pawn loses.
        let fen = "4k4/9/4n4/2p6/9/2P6/9/2C6/9/5K3 w - - 0 1";
        assert!(!see(fen, "c2c6", 0));
    }

    #[test]
    fn a_piece_between_the_kings_does_not_recapture() {
        // The black horse on e5 is all that stands between the two kings (the flying
        // general): it may not take back on g6.
        let fen = "4k4/9/9/6p2/4n4/9/9/6R2/9/4K4 w - - 0 1";
        assert!(
            see(fen, "g2g6", 100),
            "the horse on e5 is pinned by the kings"
        );
        // With the red king off the file it takes back.
        let fen = "4k4/9/9/6p2/4n4/9/9/6R2/9/3K5 w - - 0 1";
        assert!(!see(fen, "g2g6", 0), "rook for pawn");
    }

    #[test]
    fn the_king_shortcut_changes_no_exchange() {
        // Random games: every legal move at every ply, at several thresholds, is judged
        // the same with and without the shortcut that skips the king test.
        let mut x = 0x2545_F491_4F6C_DD1D_u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let (mut compared, mut winning) = (0, 0);
        for _ in 0..60 {
            let mut pos = Position::startpos();
            for _ in 0..120 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for &mv in moves.iter() {
                    for threshold in [-500, -100, 0, 1, 100, 300] {
                        let fast = exchange(&pos, mv, threshold, true);
                        assert_eq!(fast, exchange(&pos, mv, threshold, false), "{pos} {mv}");
                        compared += 1;
                        winning += usize::from(fast);
                    }
                }
                // Captures are played more often, so that exchanges thin the board.
                let captures: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|m| pos.piece_at(m.to()).is_some())
                    .collect();
                let pick = if !captures.is_empty() && next() % 2 == 0 {
                    captures[next() as usize % captures.len()]
                } else {
                    moves[next() as usize % moves.len()]
                };
                pos.make_move(pick);
            }
        }
        assert!(
            compared > 100_000 && winning > compared / 10,
            "{compared} {winning}"
        );
    }

    #[test]
    fn cannon_gains_a_screen_in_the_exchange() {
        // Red rook takes the black pawn on e5; the black cannon on e9 has the black
        // horse on e7 as screen: after the rook lands on e5 the cannon sees e5 over e7.
        let fen = "3kc4/9/4n4/9/4p4/9/9/9/9/4RK3 w - - 0 1";
        assert!(!see(fen, "e0e5", 0));
    }
}
