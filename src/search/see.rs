//! Static exchange evaluation: does a capture sequence on one square win material?
//! Attackers are recomputed from the changing occupancy at each step, so cannons gain
//! and lose screens and horse legs open and close as pieces leave. Pins are ignored.

use crate::board::attacks::{
    cannon_attacks, elephant_moves, file_occupancy, horse_attackers, rook_attacks, ADVISOR_STEPS,
    KING_STEPS, PAWN_ATTACKERS,
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
    let mut res = true;
    loop {
        stm = !stm;
        let all = attackers(pos, to, occ);
        let ours = all & pos.color_pieces(stm);
        if ours.is_empty() {
            break;
        }
        res = !res;
        let Some((kind, sq)) = ORDER
            .iter()
            .find_map(|&k| (ours & pos.pieces(stm, k)).lsb().map(|sq| (k, sq)))
        else {
            break;
        };
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
    fn cannon_gains_a_screen_in_the_exchange() {
        // Red rook takes the black pawn on e5; the black cannon on e9 has the black
        // horse on e7 as screen: after the rook lands on e5 the cannon sees e5 over e7.
        let fen = "3kc4/9/4n4/9/4p4/9/9/9/9/4RK3 w - - 0 1";
        assert!(!see(fen, "e0e5", 0));
    }
}
