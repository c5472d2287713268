//! What one move does in the rulings' terms (第28–29条 and the 棋例细则): it checks (将),
//! makes a new threat to mate by checks (杀), makes a new chase (捉), or none of these
//! (闲, which includes offering an exchange 兑, a sacrifice 献, blocking 拦 and
//! following 跟).
//!
//! Everything is decided on the board with the legal move generator: a capture that
//! would leave the king in check, a protector that is pinned, a recapture that the
//! flying-general rule forbids, all count exactly as the rules of play say.

use crate::board::zobrist::side_key;
use crate::board::{Bitboard, Move, MoveList, Piece, PieceKind, Position, Square};

/// How many checking moves a threat to mate may use: "在下一着照将或连续照将，将死对方"
/// (第28.2条). Three checks (five plies) is deep enough for the ordinary threats and
/// keeps classifying a move well under a millisecond (a median of about 20 µs, 0.1 ms
/// at the 99th percentile, over random games).
pub const MATE_THREAT_CHECKS: u32 = 3;

/// What a move does, from the lightest to the heaviest. A move that does several things
/// is named by the heaviest (第27.4条, 细则12: 从重).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Nature {
    /// 闲: none of the below (兑, 献, 拦, 跟 and a chase that already stood before the
    /// move, 细则6).
    Idle,
    /// A new chase made by pawns only. A pawn's own chase is idle (第27.2条) unless both
    /// sides attack on every move (相互长打), when it counts as a chase (细则11).
    PawnChase,
    /// 捉: a new chase (see [`Chase`]) by a piece other than a pawn: one that did not
    /// stand before the move, the moved piece counting as the same piece on its new
    /// point (第29.2条; 细则2 and 6).
    Chase,
    /// 杀: not a check, but now the mover, if it were his turn again, would mate by a
    /// series of at most [`MATE_THREAT_CHECKS`] checks, which he could not do before.
    MateThreat,
    /// 将: the move gives check.
    Check,
}

impl Nature {
    /// Whether the move is an attack (打: 将, 杀 or 捉), pawn chases counted as given.
    #[inline]
    pub fn is_attack(self, count_pawn_chases: bool) -> bool {
        match self {
            Nature::Idle => false,
            Nature::PawnChase => count_pawn_chases,
            Nature::Chase | Nature::MateThreat | Nature::Check => true,
        }
    }
}

/// One chase: the side to move could win the enemy piece on `victim` by capturing it
/// with the piece on `attacker` (第28.3条, 第29条):
///
/// * the victim has a value in the rulings ([`ruling_value`]: not the king, not a pawn
///   that has not crossed the river);
/// * the attacker is not the king: a king that threatens a piece by itself is idle
///   (第27.1条); with another piece attacking too, that piece's capture is the chase;
/// * the capture wins material once the exchange on that point is played out, each side
///   free to stop (an unprotected piece; one whose protector cannot legally recapture,
///   假根; one with fewer protectors than it needs, 少根; a piece worth more than its
///   attacker, 细则3);
/// * the capture does not let the opponent mate at once (第29.4条, 细则7).
///
/// Not detected: winning a piece through a series of checks first (第29.1条's 连续照将).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Chase {
    /// Where the chasing piece stands.
    pub attacker: Square,
    /// Where the chased piece stands.
    pub victim: Square,
    /// What the chasing piece is (a pawn's chase is judged apart, 第27.2条).
    pub attacker_kind: PieceKind,
}

/// A piece's value in the rulings (子力价值, 第25.3条), in units of an advisor: rook 4
/// (一车相当于双马、双炮或一马一炮), horse and cannon 2 (马炮相等), advisor and elephant 1
/// (士相相等), a pawn across the river 1 (its value floats, 细则10), and 0 for the king
/// and a pawn on its own side, which are not 子力.
pub fn ruling_value(piece: Piece, sq: Square) -> i32 {
    match piece.kind() {
        PieceKind::Rook => 4,
        PieceKind::Horse | PieceKind::Cannon => 2,
        PieceKind::Advisor | PieceKind::Elephant => 1,
        PieceKind::Pawn => i32::from(!sq.on_side_of(piece.color())),
        PieceKind::King => 0,
    }
}

impl Position {
    /// What the legal move `mv` does here (this position is before the move).
    pub fn nature_of(&self, mv: Move) -> Nature {
        nature(&mut self.detached(), mv)
    }

    /// The chases the side to move holds now: each enemy piece it could win on its next
    /// move, with the piece that would capture it (see [`Chase`]).
    pub fn chases(&self) -> Vec<Chase> {
        chases(&mut self.detached())
    }

    /// Whether the side to move can mate by a series of at most `max_checks` checks,
    /// whatever the defender replies.
    pub fn mates_by_checks(&self, max_checks: u32) -> bool {
        mates_by_checks(&mut self.detached(), max_checks)
    }

    /// The same board with the other side to move, as if the side to move passed
    /// ("if the mover could move again"), without history. `None` when the side to move
    /// is in check (the other side would then stand in check with the move).
    pub fn with_turn_passed(&self) -> Option<Position> {
        if self.in_check() {
            return None;
        }
        let mut passed = Position {
            side: !self.side,
            key: self.key ^ side_key(),
            history: Vec::new(),
            checkers: Bitboard::EMPTY,
            ..*self
        };
        passed.checkers = passed.compute_checkers();
        Some(passed)
    }

    /// A copy without the history (the rulings' look-ahead never unmakes past it).
    fn detached(&self) -> Position {
        Position {
            history: Vec::new(),
            ..*self
        }
    }
}

/// What `mv` does in `pos`; `pos` is restored before returning.
pub(super) fn nature(pos: &mut Position, mv: Move) -> Nature {
    let chases_before = chases(pos);
    pos.make_move(mv);
    let result = if pos.in_check() {
        Nature::Check
    } else {
        let mut passed = pos.with_turn_passed().expect("not in check");
        quiet_nature(pos, &mut passed, mv, &chases_before)
    };
    pos.unmake_move();
    result
}

/// The nature of the move `mv` that gave no check, given the position after it
/// (`after`, whose previous position is one unmake away), the same board with the
/// mover to move again (`passed`) and the chases that stood before the move.
fn quiet_nature(
    after: &mut Position,
    passed: &mut Position,
    mv: Move,
    chases_before: &[Chase],
) -> Nature {
    if mates_by_checks(passed, MATE_THREAT_CHECKS) {
        // A threat that stood before the move is not the move's doing (as 第29.2条 says
        // of chases): a waiting move in a won ending is not 杀.
        after.unmake_move();
        let had_threat = mates_by_checks(after, MATE_THREAT_CHECKS);
        after.make_move(mv);
        if !had_threat {
            return Nature::MateThreat;
        }
    }
    let mut pawn_only = false;
    for chase in chases(passed) {
        // The moved piece keeps its identity: a chase it already made from its old
        // point is not new (细则6: 从捉到捉).
        let origin = if chase.attacker == mv.to() {
            mv.from()
        } else {
            chase.attacker
        };
        let old = chases_before
            .iter()
            .any(|c| c.attacker == origin && c.victim == chase.victim);
        if !old {
            if chase.attacker_kind != PieceKind::Pawn {
                return Nature::Chase;
            }
            pawn_only = true;
        }
    }
    if pawn_only {
        Nature::PawnChase
    } else {
        Nature::Idle
    }
}

/// The chases of the side to move in `pos` (restored before returning).
pub(super) fn chases(pos: &mut Position) -> Vec<Chase> {
    let mut captures = MoveList::new();
    pos.generate_captures(&mut captures);
    let mut found = Vec::new();
    for mv in captures {
        let attacker = pos.piece_at(mv.from()).expect("a capture has a mover");
        let victim = pos.piece_at(mv.to()).expect("a capture has a victim");
        let value = ruling_value(victim, mv.to());
        if attacker.kind() == PieceKind::King || value == 0 {
            continue;
        }
        pos.make_move(mv);
        let wins = value - exchange_gain(pos, mv.to()) > 0 && !mates_in_one(pos);
        pos.unmake_move();
        if wins {
            found.push(Chase {
                attacker: mv.from(),
                victim: mv.to(),
                attacker_kind: attacker.kind(),
            });
        }
    }
    found
}

/// What the side to move can gain by capturing on `sq` and playing out the exchange
/// there, both sides choosing among all their legal captures and free to stop (0 when
/// it should not start).
fn exchange_gain(pos: &mut Position, sq: Square) -> i32 {
    let Some(victim) = pos.piece_at(sq) else {
        return 0;
    };
    let value = ruling_value(victim, sq);
    let mut captures = MoveList::new();
    pos.generate_captures(&mut captures);
    let mut best = 0;
    for mv in captures {
        if mv.to() != sq || value <= best {
            continue;
        }
        pos.make_move(mv);
        best = best.max(value - exchange_gain(pos, sq));
        pos.unmake_move();
    }
    best
}

/// Whether the side to move has a move that mates at once.
fn mates_in_one(pos: &mut Position) -> bool {
    mates_by_checks(pos, 1)
}

/// Whether the side to move mates by at most `max_checks` checks against any defence.
fn mates_by_checks(pos: &mut Position, max_checks: u32) -> bool {
    if max_checks == 0 {
        return false;
    }
    for mv in pos.legal_moves() {
        if !pos.gives_check(mv) {
            continue;
        }
        pos.make_move(mv);
        let replies = pos.legal_moves();
        let mated = replies.iter().all(|&reply| {
            pos.make_move(reply);
            let mated = mates_by_checks(pos, max_checks - 1);
            pos.unmake_move();
            mated
        });
        pos.unmake_move();
        if mated {
            return true;
        }
    }
    false
}
