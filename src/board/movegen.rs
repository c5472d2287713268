//! Legal move generation.
//!
//! Moves are generated per piece from the attack tables, then filtered for king safety
//! cheaply: when the side to move is not in check, only moves of a *blocker* (a piece
//! whose departure could expose the king: pinned to a rook or the facing king, one of two
//! screens before an enemy cannon, or on the leg of an enemy horse) and king moves are
//! tested in full, and quiet moves onto the empty line between the king and an
//! unscreened enemy cannon are dropped (they would make the screen). In check, every
//! move is tested in full.

use arrayvec::ArrayVec;

use super::attacks::{
    between, cannon_attacks, elephant_moves, horse_moves, rook_attacks, ADVISOR_STEPS,
    HORSE_ATTACKERS, KING_STEPS, PAWN_STEPS,
};
use super::bitboard::Bitboard;
use super::mv::Move;
use super::piece::PieceKind;
use super::position::Position;
use super::square::Square;

/// Upper bound on the number of legal moves in any xiangqi position (the most a full set
/// can have is well under 120: rooks 2×17, cannons 2×17, horses 2×8, pawns 5×3, king 4,
/// advisors 5, elephants 8).
pub const MAX_MOVES: usize = 128;

/// A list of moves.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// Which moves to generate.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Generation {
    /// Every legal move.
    All,
    /// Legal captures only.
    Captures,
}

impl Position {
    /// All legal moves.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        list
    }

    /// Appends every legal move to `list`.
    #[inline]
    pub fn generate_legal(&self, list: &mut MoveList) {
        self.generate::<true>(list);
    }

    /// Appends the legal captures to `list`.
    #[inline]
    pub fn generate_captures(&self, list: &mut MoveList) {
        self.generate::<false>(list);
    }

    /// Appends the legal moves that capture nothing to `list`, for a side not in check
    /// (in check: nothing; the evasions are [`Position::generate_evasions`]). With
    /// [`Position::generate_captures`] they make [`Position::generate_legal`].
    pub fn generate_quiets(&self, list: &mut MoveList) {
        if self.checkers.any() {
            return;
        }
        let (blockers, screens) = self.king_blockers();
        let empty = !self.occupied();
        self.generate_pieces::<true>(list, empty & !screens, empty, |list, from, to_set| {
            self.emit_unpinned(list, blockers, from, to_set);
        });
    }

    /// Appends the legal replies to a check to `list` (all legal moves when in check;
    /// nothing when not in check).
    pub fn generate_evasions(&self, list: &mut MoveList) {
        let checkers = self.checkers();
        if checkers.any() {
            self.generate_in_check(list, Generation::All);
        }
    }

    #[inline(always)]
    fn generate<const ALL: bool>(&self, list: &mut MoveList) {
        let kind = if ALL {
            Generation::All
        } else {
            Generation::Captures
        };
        if self.checkers.any() {
            self.generate_in_check(list, kind);
            return;
        }
        let (blockers, screens) = self.king_blockers();
        let us = self.side;
        let enemy = self.colors[(!us).index()];
        let (targets, king_targets) = if ALL {
            (!self.colors[us.index()] & !screens, Bitboard::FULL)
        } else {
            (enemy, enemy)
        };
        self.generate_pieces::<ALL>(list, targets, king_targets, |list, from, to_set| {
            self.emit_unpinned(list, blockers, from, to_set);
        });
    }

    /// Pushes the moves from `from` to `to_set` for a side not in check, each tested in
    /// full when `from` is one of the king's `blockers`.
    #[inline(always)]
    fn emit_unpinned(
        &self,
        list: &mut MoveList,
        blockers: Bitboard,
        from: Square,
        to_set: Bitboard,
    ) {
        if blockers.contains(from) {
            for to in to_set {
                if self.leaves_king_safe(from, to) {
                    list.push(Move::new(from, to));
                }
            }
        } else {
            for to in to_set {
                list.push(Move::new(from, to));
            }
        }
    }

    /// Legal moves when in check. Against a single checker, only moves that capture it
    /// or land between it and the king (on a horse's leg) can help, plus any move of a
    /// cannon's screen if it is ours; against two checkers (which in xiangqi can still
    /// be parried by one interposition) every move is tried. Each candidate is tested
    /// in full.
    fn generate_in_check(&self, list: &mut MoveList, kind: Generation) {
        let us = self.side;
        let ksq = self.king_square(us);
        let checkers = self.checkers();
        let mut targets = match kind {
            Generation::All => !self.colors[us.index()],
            Generation::Captures => self.colors[(!us).index()],
        };
        let mut screen = None;
        if !checkers.more_than_one() {
            let checker = checkers.lsb().expect("in check");
            let mut cure = Bitboard::from_square(checker);
            match self.piece_at(checker).map(|p| p.kind()) {
                Some(PieceKind::Horse) => {
                    for step in &HORSE_ATTACKERS[ksq.index()] {
                        if step.targets.contains(checker) {
                            cure = cure.with(step.block);
                        }
                    }
                }
                Some(PieceKind::Cannon) => {
                    let line = between(ksq, checker);
                    screen = (line & self.colors[us.index()]).lsb();
                    cure |= line & !self.occupied();
                }
                Some(PieceKind::Rook | PieceKind::King) => cure |= between(ksq, checker),
                _ => {}
            }
            targets &= cure;
        }
        let emit = |list: &mut MoveList, from: Square, to_set: Bitboard| {
            for to in to_set {
                if self.leaves_king_safe(from, to) {
                    list.push(Move::new(from, to));
                }
            }
        };
        if kind == Generation::All {
            self.generate_pieces::<true>(list, targets, Bitboard::FULL, emit);
        } else {
            let enemy = self.colors[(!us).index()];
            self.generate_pieces::<false>(list, targets, enemy, emit);
        }
        // Our cannon screen may step off the line (its moves onto `targets` are in).
        if let Some(from) = screen {
            let piece = self.piece_at(from).expect("the screen is a piece");
            let mut rest = self.piece_targets(from, piece) & !targets;
            if kind == Generation::Captures {
                rest &= self.colors[(!us).index()];
            }
            emit(list, from, rest);
        }
    }

    /// Runs `emit(list, from, targets)` for every piece of the side to move, with its
    /// pseudo-legal destinations within `targets` (cannon moves that capture nothing
    /// only with `QUIET`). King moves, to points of `king_targets`, are always checked in
    /// full.
    #[inline(always)]
    fn generate_pieces<const QUIET: bool>(
        &self,
        list: &mut MoveList,
        targets: Bitboard,
        king_targets: Bitboard,
        mut emit: impl FnMut(&mut MoveList, Square, Bitboard),
    ) {
        let us = self.side;
        let own = &self.pieces[us.index()];
        let occ = self.occupied();
        let enemy = self.colors[(!us).index()];

        for from in own[PieceKind::Rook.index()] {
            let to = rook_attacks(from, occ, self.file_occ(from.file())) & targets;
            emit(list, from, to);
        }
        for from in own[PieceKind::Cannon.index()] {
            let fo = self.file_occ(from.file());
            let mut to = cannon_attacks(from, occ, fo) & enemy;
            if QUIET {
                to |= rook_attacks(from, occ, fo) & !occ;
            }
            emit(list, from, to & targets);
        }
        for from in own[PieceKind::Horse.index()] {
            emit(list, from, horse_moves(from, occ) & targets);
        }
        for from in own[PieceKind::Pawn.index()] {
            emit(list, from, PAWN_STEPS[us.index()][from.index()] & targets);
        }
        for from in own[PieceKind::Elephant.index()] {
            emit(list, from, elephant_moves(from, occ) & targets);
        }
        for from in own[PieceKind::Advisor.index()] {
            emit(list, from, ADVISOR_STEPS[from.index()] & targets);
        }
        // The king: every step is tested in full (attacks on the new square, the facing
        // rule), whatever `emit` does.
        let from = self.king_square(us);
        for to in KING_STEPS[from.index()] & !self.colors[us.index()] & king_targets {
            if self.leaves_king_safe(from, to) {
                list.push(Move::new(from, to));
            }
        }
    }
}
