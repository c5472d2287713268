//! The position: per-piece bitboards, a mailbox, the side to move, an incremental
//! Zobrist key, the move clocks and the history of moves made (for unmake and, later,
//! the repetition rulings).

use std::fmt;

use super::attacks::{
    cannon_attacks, file_occupancy, horse_attackers, rook_attacks, FileOccupancy, ADVISOR_STEPS,
    CHECK_ZONES, HORSE_ATTACKERS, KING_STEPS, PAWN_ATTACKERS, PAWN_STEPS, RAYS,
};
use super::bitboard::Bitboard;
use super::mv::Move;
use super::piece::{Color, Piece, PieceKind};
use super::square::Square;
use super::zobrist::{piece_key, side_key};

/// The start position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// What `make_move` must remember so `unmake_move` restores the position exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    /// The move that was made.
    pub mv: Move,
    /// The piece it captured, if any.
    pub captured: Option<Piece>,
    /// The position's key before the move.
    pub key: u64,
    /// Plies since the last capture before the move.
    pub rule60: u16,
    /// The full-move number before the move (it saturates at `u16::MAX`, so taking a
    /// move back restores it rather than counting down).
    pub fullmove: u16,
    /// The pieces that gave check before the move.
    pub checkers: Bitboard,
}

/// A xiangqi position with its move history.
#[derive(Clone)]
pub struct Position {
    pub(super) board: [Option<Piece>; 90],
    pub(super) pieces: [[Bitboard; 7]; 2],
    pub(super) colors: [Bitboard; 2],
    /// Per file, one bit per occupied rank (kept in step with the bitboards).
    pub(super) file_occ: [FileOccupancy; 9],
    pub(super) side: Color,
    pub(super) key: u64,
    /// Plies since the last capture (the natural-limit counter; 120 = 60 moves).
    pub(super) rule60: u16,
    /// Full-move number, starting at 1 and incremented after Black moves.
    pub(super) fullmove: u16,
    pub(super) history: Vec<Undo>,
    /// Enemy pieces giving check to the side to move (kept by make/unmake).
    pub(super) checkers: Bitboard,
}

impl Position {
    /// An empty board with Red to move (for building positions square by square; call
    /// [`Position::from_setup`](crate::board::fen) to validate one).
    pub(super) fn empty() -> Position {
        Position {
            board: [None; 90],
            pieces: [[Bitboard::EMPTY; 7]; 2],
            colors: [Bitboard::EMPTY; 2],
            file_occ: [0; 9],
            side: Color::Red,
            key: 0,
            rule60: 0,
            fullmove: 1,
            history: Vec::with_capacity(256),
            checkers: Bitboard::EMPTY,
        }
    }

    /// The standard start position.
    pub fn startpos() -> Position {
        Position::from_fen(START_FEN).expect("the start position is valid")
    }

    /// Puts `piece` on the empty square `sq`, updating every board and the key.
    pub(super) fn put(&mut self, piece: Piece, sq: Square) {
        debug_assert!(self.board[sq.index()].is_none());
        let bit = Bitboard::from_square(sq);
        self.board[sq.index()] = Some(piece);
        self.pieces[piece.color().index()][piece.kind().index()] |= bit;
        self.colors[piece.color().index()] |= bit;
        self.file_occ[sq.file() as usize] |= 1 << sq.rank();
        self.key ^= piece_key(piece, sq);
    }

    // ----- queries ------------------------------------------------------------------

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// The squares of `color`'s pieces of `kind`.
    #[inline]
    pub fn pieces(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.pieces[color.index()][kind.index()]
    }

    /// All of `color`'s pieces.
    #[inline]
    pub fn color_pieces(&self, color: Color) -> Bitboard {
        self.colors[color.index()]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }

    /// Where `color`'s king stands.
    #[inline]
    pub fn king_square(&self, color: Color) -> Square {
        self.pieces(color, PieceKind::King)
            .lsb()
            .expect("a valid position has both kings")
    }

    /// The Zobrist key (pieces and side to move).
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Plies since the last capture (the natural-limit counter).
    #[inline]
    pub fn rule60_plies(&self) -> u16 {
        self.rule60
    }

    /// The full-move number.
    #[inline]
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove
    }

    /// The moves made on this position so far, oldest first, with what each captured.
    #[inline]
    pub fn history(&self) -> &[Undo] {
        &self.history
    }

    /// The occupancy bits of `file` (bit `r` set when rank `r` is occupied).
    #[inline]
    pub fn file_occupancy(&self, file: u8) -> FileOccupancy {
        self.file_occ[file as usize]
    }

    /// The occupancy bits of `file`.
    #[inline]
    pub(super) fn file_occ(&self, file: u8) -> FileOccupancy {
        self.file_occ[file as usize]
    }

    // ----- attacks ------------------------------------------------------------------

    /// The pieces of colour `by` that attack `sq` on the current board. A king attacks
    /// its palace neighbours; for the "flying general" rule use [`Position::checkers`].
    pub fn attackers_to(&self, sq: Square, by: Color) -> Bitboard {
        let occ = self.occupied();
        let fo = self.file_occ(sq.file());
        let p = &self.pieces[by.index()];
        (rook_attacks(sq, occ, fo) & p[PieceKind::Rook.index()])
            | (cannon_attacks(sq, occ, fo) & p[PieceKind::Cannon.index()])
            | (horse_attackers(sq, occ) & p[PieceKind::Horse.index()])
            | (PAWN_ATTACKERS[by.index()][sq.index()] & p[PieceKind::Pawn.index()])
            | (KING_STEPS[sq.index()] & p[PieceKind::King.index()])
            | (ADVISOR_STEPS[sq.index()] & p[PieceKind::Advisor.index()])
            | (super::attacks::elephant_moves(sq, occ) & p[PieceKind::Elephant.index()])
    }

    /// The enemy pieces giving check to the side to move (a facing enemy king counts).
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// Whether the move at `index` in [`Position::history`] gave check.
    pub fn move_gave_check(&self, index: usize) -> bool {
        match self.history.get(index + 1) {
            Some(next) => next.checkers.any(),
            None => index + 1 == self.history.len() && self.checkers.any(),
        }
    }

    /// The checkers computed from the board.
    pub(super) fn compute_checkers(&self) -> Bitboard {
        let us = self.side;
        self.king_attackers(
            self.king_square(us),
            !us,
            self.occupied(),
            self.file_occ(self.king_square(us).file()),
            Bitboard::FULL,
        )
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.checkers().any()
    }

    /// Pieces of colour `by` (restricted to `live`) that attack a king standing on
    /// `ksq`, given the occupancy `occ` and the occupancy bits `fo` of `ksq`'s file. The
    /// enemy king counts as a rook: kings may not face each other on an open file.
    #[inline(always)]
    fn king_attackers(
        &self,
        ksq: Square,
        by: Color,
        occ: Bitboard,
        fo: FileOccupancy,
        live: Bitboard,
    ) -> Bitboard {
        let p = &self.pieces[by.index()];
        let rooklike = p[PieceKind::Rook.index()] | p[PieceKind::King.index()];
        ((rook_attacks(ksq, occ, fo) & rooklike)
            | (cannon_attacks(ksq, occ, fo) & p[PieceKind::Cannon.index()])
            | (horse_attackers(ksq, occ) & p[PieceKind::Horse.index()])
            | (PAWN_ATTACKERS[by.index()][ksq.index()] & p[PieceKind::Pawn.index()]))
            & live
    }

    /// Whether moving the piece on `from` to `to` leaves the mover's king safe: not
    /// attacked, not facing the other king. The move must be pseudo-legal.
    #[inline]
    pub(super) fn leaves_king_safe(&self, from: Square, to: Square) -> bool {
        let us = self.side;
        let from_bit = Bitboard::from_square(from);
        let to_bit = Bitboard::from_square(to);
        let occ = (self.occupied() ^ from_bit) | to_bit;
        let ksq = if self.pieces(us, PieceKind::King) == from_bit {
            to
        } else {
            self.king_square(us)
        };
        let mut fo = self.file_occ(ksq.file());
        if from.file() == ksq.file() {
            fo &= !(1 << from.rank());
        }
        if to.file() == ksq.file() {
            fo |= 1 << to.rank();
        }
        // A captured piece on `to` no longer attacks.
        self.king_attackers(ksq, !us, occ, fo, !to_bit).is_empty()
    }

    /// Whether the pseudo-legal move `mv` gives check to the opponent.
    pub fn gives_check(&self, mv: Move) -> bool {
        let (from, to) = (mv.from(), mv.to());
        let Some(piece) = self.piece_at(from) else {
            return false;
        };
        let us = self.side;
        let ksq = self.king_square(!us);
        let from_bit = Bitboard::from_square(from);
        let to_bit = Bitboard::from_square(to);
        if (CHECK_ZONES[us.index()][ksq.index()] & (from_bit | to_bit)).is_empty() {
            return false;
        }
        let occ = (self.occupied() ^ from_bit) | to_bit;
        let mut fo = self.file_occ(ksq.file());
        if from.file() == ksq.file() {
            fo &= !(1 << from.rank());
        }
        if to.file() == ksq.file() {
            fo |= 1 << to.rank();
        }
        let mut after = self.pieces[us.index()];
        after[piece.kind().index()] ^= from_bit | to_bit;
        let rooklike = after[PieceKind::Rook.index()] | after[PieceKind::King.index()];
        (rook_attacks(ksq, occ, fo) & rooklike).any()
            || (cannon_attacks(ksq, occ, fo) & after[PieceKind::Cannon.index()]).any()
            || (horse_attackers(ksq, occ) & after[PieceKind::Horse.index()]).any()
            || (PAWN_ATTACKERS[us.index()][ksq.index()] & after[PieceKind::Pawn.index()]).any()
    }

    /// Pieces of the side to move whose departure could expose its king (pinned to a
    /// rook or the enemy king, one of two screens before an enemy cannon, or standing on
    /// the leg of an enemy horse aimed at the king), and the empty squares between the
    /// king and an unscreened enemy cannon (moving there would make a screen).
    #[inline]
    pub(super) fn king_blockers(&self) -> (Bitboard, Bitboard) {
        let us = self.side;
        let ksq = self.king_square(us);
        let occ = self.occupied();
        let own = self.colors[us.index()];
        let enemy = &self.pieces[(!us).index()];
        let rooklike = enemy[PieceKind::Rook.index()] | enemy[PieceKind::King.index()];
        let cannons = enemy[PieceKind::Cannon.index()];
        let mut blockers = Bitboard::EMPTY;
        let mut screens = Bitboard::EMPTY;
        for (dir, rays) in RAYS.iter().enumerate() {
            let ray = rays[ksq.index()];
            // North and east run to higher indices: the nearest piece is the lowest bit.
            let nearest = |bb: Bitboard| if dir < 2 { bb.lsb() } else { bb.msb() };
            let mut line = ray & occ;
            let Some(p1) = nearest(line) else { continue };
            line = line.without(p1);
            if cannons.contains(p1) {
                screens |= ray & !rays[p1.index()] & !Bitboard::from_square(p1);
            }
            let Some(p2) = nearest(line) else { continue };
            if own.contains(p1) && rooklike.contains(p2) {
                blockers = blockers.with(p1);
            }
            line = line.without(p2);
            let Some(p3) = nearest(line) else { continue };
            if cannons.contains(p3) {
                blockers |= (Bitboard::from_square(p1) | Bitboard::from_square(p2)) & own;
            }
        }
        let horses = enemy[PieceKind::Horse.index()];
        for step in &HORSE_ATTACKERS[ksq.index()] {
            if (step.targets & horses).any() && own.contains(step.block) {
                blockers = blockers.with(step.block);
            }
        }
        (blockers, screens)
    }

    /// Pseudo-legal: the piece on `from` is the mover's and can go to `to` by its own
    /// movement rule (ignoring whether the king is left in check).
    pub fn is_pseudo_legal(&self, mv: Move) -> bool {
        let (from, to) = (mv.from(), mv.to());
        match self.piece_at(from) {
            Some(piece) if piece.color() == self.side => {
                self.piece_targets(from, piece).contains(to)
            }
            _ => false,
        }
    }

    /// Where `piece`, standing on `from`, may go by its own movement rule: empty points
    /// and enemy pieces (king safety aside).
    pub(super) fn piece_targets(&self, from: Square, piece: Piece) -> Bitboard {
        let occ = self.occupied();
        let targets = match piece.kind() {
            PieceKind::King => KING_STEPS[from.index()],
            PieceKind::Advisor => ADVISOR_STEPS[from.index()],
            PieceKind::Elephant => super::attacks::elephant_moves(from, occ),
            PieceKind::Horse => super::attacks::horse_moves(from, occ),
            PieceKind::Rook => rook_attacks(from, occ, self.file_occ(from.file())),
            PieceKind::Cannon => {
                let fo = self.file_occ(from.file());
                (rook_attacks(from, occ, fo) & !occ) | (cannon_attacks(from, occ, fo) & occ)
            }
            PieceKind::Pawn => PAWN_STEPS[piece.color().index()][from.index()],
        };
        targets & !self.colors[piece.color().index()]
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.is_pseudo_legal(mv) && self.leaves_king_safe(mv.from(), mv.to())
    }

    // ----- make / unmake --------------------------------------------------------------

    /// The key the position will have after `mv` (a pseudo-legal move), without
    /// playing it: for prefetching the transposition table.
    #[inline]
    pub fn key_after(&self, mv: Move) -> u64 {
        let (from, to) = (mv.from(), mv.to());
        match self.board[from.index()] {
            Some(piece) => self.key ^ key_change(piece, from, to, self.board[to.index()]),
            None => self.key ^ side_key(),
        }
    }

    /// Plays `mv`, which must be legal (checked in debug builds only). Use
    /// [`Position::try_play`] for moves from outside.
    #[inline]
    pub fn make_move(&mut self, mv: Move) {
        debug_assert!(self.is_legal(mv), "illegal move {mv}");
        let (from, to) = (mv.from(), mv.to());
        let us = self.side;
        let piece = self.board[from.index()].expect("a piece stands on the from-square");
        let captured = self.board[to.index()];
        self.history.push(Undo {
            mv,
            captured,
            key: self.key,
            rule60: self.rule60,
            fullmove: self.fullmove,
            checkers: self.checkers,
        });

        let from_bit = Bitboard::from_square(from);
        let to_bit = Bitboard::from_square(to);
        let key = self.key ^ key_change(piece, from, to, captured);
        if let Some(victim) = captured {
            let them = victim.color().index();
            self.pieces[them][victim.kind().index()] ^= to_bit;
            self.colors[them] ^= to_bit;
            self.rule60 = 0;
        } else {
            self.file_occ[to.file() as usize] |= 1 << to.rank();
            self.rule60 = self.rule60.saturating_add(1);
        }
        self.file_occ[from.file() as usize] &= !(1 << from.rank());
        self.pieces[us.index()][piece.kind().index()] ^= from_bit | to_bit;
        self.colors[us.index()] ^= from_bit | to_bit;
        self.board[to.index()] = Some(piece);
        self.board[from.index()] = None;
        self.key = key;
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = !us;
        self.checkers = self.compute_checkers();
        #[cfg(debug_assertions)]
        self.assert_consistent();
    }

    /// Takes back the last move made.
    ///
    /// # Panics
    /// When no move has been made.
    #[inline]
    pub fn unmake_move(&mut self) {
        let undo = self.history.pop().expect("a move to take back");
        let (from, to) = (undo.mv.from(), undo.mv.to());
        let us = !self.side;
        let piece = self.board[to.index()].expect("the moved piece stands on the to-square");
        let from_bit = Bitboard::from_square(from);
        let to_bit = Bitboard::from_square(to);
        self.pieces[us.index()][piece.kind().index()] ^= from_bit | to_bit;
        self.colors[us.index()] ^= from_bit | to_bit;
        self.file_occ[from.file() as usize] |= 1 << from.rank();
        if let Some(victim) = undo.captured {
            let them = victim.color().index();
            self.pieces[them][victim.kind().index()] ^= to_bit;
            self.colors[them] ^= to_bit;
        } else {
            self.file_occ[to.file() as usize] &= !(1 << to.rank());
        }
        self.board[from.index()] = Some(piece);
        self.board[to.index()] = undo.captured;
        self.key = undo.key;
        self.rule60 = undo.rule60;
        self.checkers = undo.checkers;
        self.fullmove = undo.fullmove;
        self.side = us;
        #[cfg(debug_assertions)]
        self.assert_consistent();
    }

    /// Passes the turn (null-move pruning). Must not be used when in check.
    pub fn make_null_move(&mut self) {
        debug_assert!(self.checkers.is_empty());
        self.history.push(Undo {
            mv: Move::NULL,
            captured: None,
            key: self.key,
            rule60: self.rule60,
            fullmove: self.fullmove,
            checkers: self.checkers,
        });
        self.key ^= side_key();
        self.side = !self.side;
        self.checkers = self.compute_checkers();
    }

    /// Takes back [`Position::make_null_move`].
    pub fn unmake_null_move(&mut self) {
        let undo = self.history.pop().expect("a null move to take back");
        debug_assert!(undo.mv.is_null());
        self.key = undo.key;
        self.checkers = undo.checkers;
        self.side = !self.side;
    }

    /// Parses an ICCS move and returns it if it is legal here.
    ///
    /// # Errors
    /// When the text is not a move, or the move is not legal in this position.
    pub fn parse_move(&self, text: &str) -> Result<Move, IllegalMove> {
        let mv = Move::parse_iccs(text).map_err(|e| IllegalMove::Syntax(e.0))?;
        if self.legal_moves().contains(&mv) {
            Ok(mv)
        } else {
            Err(IllegalMove::NotLegal(mv))
        }
    }

    /// Plays a move given as ICCS text after checking it against the legal moves.
    ///
    /// # Errors
    /// As [`Position::parse_move`]; the position is unchanged on error.
    pub fn try_play(&mut self, text: &str) -> Result<Move, IllegalMove> {
        let mv = self.parse_move(text)?;
        self.make_move(mv);
        Ok(mv)
    }

    /// Plays a legal move.
    ///
    /// # Panics
    /// When the move is not legal (for tests and trusted code).
    pub fn play(&mut self, mv: Move) {
        assert!(self.legal_moves().contains(&mv), "illegal move {mv}");
        self.make_move(mv);
    }

    // ----- results ------------------------------------------------------------------

    /// The side to move is in check and has no legal move (将死): it has lost.
    pub fn is_checkmate(&self) -> bool {
        self.in_check() && self.legal_moves().is_empty()
    }

    /// The side to move is not in check and has no legal move (困毙): in xiangqi it has
    /// lost too.
    pub fn is_stalemate(&self) -> bool {
        !self.in_check() && self.legal_moves().is_empty()
    }

    // ----- transforms -----------------------------------------------------------------

    /// The colour-flipped position: red and black swapped, the board turned (rank `r` →
    /// `9 - r`), the other side to move. Perft and evaluation are the same.
    pub fn color_flipped(&self) -> Position {
        self.transformed(|sq| sq.flip_rank(), true)
    }

    /// The left-right mirror (file `f` → `8 - f`), same side to move.
    pub fn mirrored(&self) -> Position {
        self.transformed(|sq| sq.mirror_file(), false)
    }

    fn transformed(&self, map: impl Fn(Square) -> Square, swap_colors: bool) -> Position {
        let mut out = Position::empty();
        for sq in Square::all() {
            if let Some(piece) = self.piece_at(sq) {
                out.put(
                    if swap_colors {
                        piece.flip_color()
                    } else {
                        piece
                    },
                    map(sq),
                );
            }
        }
        out.side = if swap_colors { !self.side } else { self.side };
        if out.side == Color::Black {
            out.key ^= side_key();
        }
        out.rule60 = self.rule60;
        out.fullmove = self.fullmove;
        out.checkers = out.compute_checkers();
        out
    }

    // ----- consistency --------------------------------------------------------------

    /// The key computed from scratch.
    pub fn compute_key(&self) -> u64 {
        let mut key = if self.side == Color::Black {
            side_key()
        } else {
            0
        };
        for sq in Square::all() {
            if let Some(piece) = self.piece_at(sq) {
                key ^= piece_key(piece, sq);
            }
        }
        key
    }

    /// Checks that bitboards, mailbox, file occupancy and key agree.
    ///
    /// # Panics
    /// On any disagreement.
    pub fn assert_consistent(&self) {
        let mut colors = [Bitboard::EMPTY; 2];
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let bb = self.pieces(color, kind);
                for sq in bb {
                    assert_eq!(
                        self.board[sq.index()],
                        Some(Piece::new(color, kind)),
                        "mailbox at {sq}"
                    );
                }
                assert!(
                    (colors[color.index()] & bb).is_empty(),
                    "overlapping boards"
                );
                colors[color.index()] |= bb;
            }
            assert_eq!(
                colors[color.index()],
                self.colors[color.index()],
                "{color} occupancy"
            );
        }
        assert!((colors[0] & colors[1]).is_empty());
        for sq in Square::all() {
            assert_eq!(
                self.board[sq.index()].is_some(),
                self.occupied().contains(sq),
                "mailbox at {sq}"
            );
        }
        for file in 0..9 {
            assert_eq!(
                self.file_occ[file as usize],
                file_occupancy(self.occupied(), file),
                "file {file}"
            );
        }
        assert_eq!(self.key, self.compute_key(), "incremental key");
        assert_eq!(self.checkers, self.compute_checkers(), "checkers");
    }
}

impl PartialEq for Position {
    /// Same placement, side and counters (the history is not compared).
    fn eq(&self, other: &Position) -> bool {
        self.board == other.board
            && self.side == other.side
            && self.rule60 == other.rule60
            && self.fullmove == other.fullmove
            && self.key == other.key
    }
}

impl Eq for Position {}

/// What a move changes in the key: `piece` leaves `from` for `to`, taking `captured`
/// if any, and the side to move changes.
#[inline]
fn key_change(piece: Piece, from: Square, to: Square, captured: Option<Piece>) -> u64 {
    let mut change = piece_key(piece, from) ^ piece_key(piece, to) ^ side_key();
    if let Some(victim) = captured {
        change ^= piece_key(victim, to);
    }
    change
}

impl fmt::Display for Position {
    /// A board diagram (rank 9 at the top), then the FEN and the key.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..10).rev() {
            write!(f, "{rank} ")?;
            for file in 0..9 {
                let sq = Square::from_coords(file, rank).expect("on board");
                let c = self.piece_at(sq).map_or('.', Piece::fen_char);
                write!(f, " {c}")?;
            }
            writeln!(f)?;
            if rank == 5 {
                writeln!(f, "   -----------------")?;
            }
        }
        writeln!(f, "   a b c d e f g h i")?;
        writeln!(f)?;
        writeln!(f, "Fen: {}", self.to_fen())?;
        write!(f, "Key: {:016X}", self.key)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

/// A move from outside that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The text is not ICCS coordinates.
    Syntax(String),
    /// Well-formed, but not a legal move in the position.
    NotLegal(Move),
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::Syntax(text) => {
                write!(f, "'{text}' is not a move in ICCS coordinates (like h2e2)")
            }
            IllegalMove::NotLegal(mv) => write!(f, "{mv} is not a legal move in this position"),
        }
    }
}

impl std::error::Error for IllegalMove {}
