//! What one move does in the rulings' terms (第28–29条 and the 棋例细则): it checks (将),
//! makes a new threat to mate by checks (杀), makes a new chase (捉), or none of these
//! (闲, which includes offering an exchange 兑, a sacrifice 献, blocking 拦 and
//! following 跟).
//!
//! Everything is decided on the board with the legal move generator: a capture that
//! would leave the king in check, a protector that is pinned, a recapture that the
//! flying-general rule forbids, all count exactly as the rules of play say.
//!
//! Two rule sets ([`RuleSet`]) differ here: under the Asian rule set a chase is an
//! attack on a piece with no legal recapture at all (or a horse's or cannon's attack on
//! a rook), like pieces that can take each other offer an exchange even when one is
//! unprotected, a rook stepping out of a horse's or cannon's attack makes no chase of
//! any piece but that horse or cannon, a
//! piece stepping from one attack to another on a rook held by a horse chases it anew
//! (and so does one stepping off it while another goes on attacking it), the held side's
//! advisor and elephant moves make no chase of the holding horse, and threats to mate or
//! to check and capture are not looked for (they are idle).

use std::fmt;
use std::str::FromStr;

use crate::board::bitboard::Bitboard;
use crate::board::movegen::MoveList;
use crate::board::mv::Move;
use crate::board::piece::{Color, Piece, PieceKind};
use crate::board::position::Position;
use crate::board::square::Square;
use crate::board::zobrist::side_key;

/// How many checking moves a threat to mate may use: "在下一着照将或连续照将，将死对方"
/// (第28.2条). Three checks (five plies) is deep enough for the ordinary threats and
/// keeps classifying a move well under a millisecond (a median of about 20 µs, 0.1 ms
/// at the 99th percentile, over random games).
pub const MATE_THREAT_CHECKS: u32 = 3;

/// How many checks a chase may make before the capture that wins the piece (第28.3条:
/// "包括从下一着开始运用连续照将 … 的手段"), as many as a threat to mate. A rook stepping
/// back off a check so as to check again and win a piece by the checks (the AXF book's
/// diagrams 14, 16 and 98) needs two or three. The search looks only for the pieces
/// still won against every defence so far (see `won_through_checks`), which keeps it
/// cheaper than the one-check search it replaced: over 5,879 random-game plies, a mean
/// of 17 µs (p99 0.14 ms, worst 0.7 ms) per classified move, where one check without
/// that bound took 15 µs (p99 0.1 ms, worst 0.4 ms).
pub const CHASE_CHECKS: u32 = 3;

/// Which rulings apply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RuleSet {
    /// The documents' rules (中国象棋协会 competition rules): 杀 is forcing, so 长杀 and
    /// 一将一杀 are forbidden; a chase is any new attack that wins material (无根, 假根,
    /// 少根, or a piece worth more than its attacker); the idle categories and the
    /// special cases of 第27条 (27.3 included).
    #[default]
    Chinese,
    /// The AXF rule book: perpetual check loses; a perpetual chase of one piece loses
    /// (checks among the chases excuse them: 一将一捉 is allowed), where a chase is an
    /// attack on a piece that has no legal recapture (假根 counts as none), or a horse's
    /// or cannon's attack on a rook whatever protects it; a rook held to its point by a
    /// horse may not be attacked move after move (the book's rule 19: such an attack
    /// is a chase with every move, even from chase to chase or by pieces taking turns,
    /// and the held side's advisor and elephant moves opening or closing lines onto the
    /// holding horse are no chases); threats to mate are idle (a perpetual mate threat is
    /// a draw).
    Asian,
}

impl RuleSet {
    /// The option value: `chinese` or `asian`.
    pub fn name(self) -> &'static str {
        match self {
            RuleSet::Chinese => "chinese",
            RuleSet::Asian => "asian",
        }
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for RuleSet {
    type Err = String;

    /// `chinese` or `asian`, in any case.
    fn from_str(text: &str) -> Result<RuleSet, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "chinese" => Ok(RuleSet::Chinese),
            "asian" => Ok(RuleSet::Asian),
            other => Err(format!(
                "unknown repetition rule set '{other}' (chinese or asian)"
            )),
        }
    }
}

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

/// The finer classification of a move (what the documents name), for testers and the
/// command line. The ruling needs only the [`Nature`] ([`MoveClass::nature`]); the idle
/// kinds are told apart in the order below, heaviest last (a move that is both 跟 and
/// 拦 is 跟).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MoveClass {
    /// 闲: none of the others.
    Idle,
    /// 拦 (第28.7条): the moved piece cuts off a move of an enemy piece, attacking
    /// nothing.
    Block,
    /// 跟 (第28.8条): the moved piece attacks a protected enemy piece that it cannot
    /// win.
    Follow,
    /// 兑 (第28.5条): the moved piece offers an even exchange: it and an enemy piece of
    /// the same value attack each other, or that enemy piece may take it and be taken
    /// back.
    Exchange,
    /// 献 (第28.6条): the moved piece can be taken, and the taker comes out ahead.
    Offer,
    /// The king's own new attack on a piece it could win: idle (第27.1条).
    KingChase,
    /// A chase of an advisor or elephant made while taking a defensive point that
    /// makes a simple draw: idle (第27.3条, 细则13; Chinese rule set only). The board's
    /// judgement: the moved piece stands on its own side of the river, and the mover
    /// is the defender of a simple draw: the chased side has more material in all and
    /// an attacking force (rook 4, horse and cannon 2, any pawn 1) of at least one, at
    /// most a rook's and no more than the mover's. A lone rook harassing a defenceless
    /// advisor or elephant is the attacker: its chase is a chase.
    DefensiveChase,
    /// A new chase by pawns only ([`Nature::PawnChase`]).
    PawnChase,
    /// 捉 ([`Nature::Chase`]).
    Chase,
    /// 杀 ([`Nature::MateThreat`]; never under the Asian rule set).
    MateThreat,
    /// 将 ([`Nature::Check`]).
    Check,
}

impl MoveClass {
    /// The nature the rulings judge by: the idle kinds are [`Nature::Idle`].
    pub fn nature(self) -> Nature {
        match self {
            MoveClass::Check => Nature::Check,
            MoveClass::MateThreat => Nature::MateThreat,
            MoveClass::Chase => Nature::Chase,
            MoveClass::PawnChase => Nature::PawnChase,
            _ => Nature::Idle,
        }
    }

    /// The documents' name: 将, 杀, 捉, 兵捉, 帅捉, 闲 (占要点捉士相), 献, 兑, 跟, 拦, 闲.
    pub fn chinese(self) -> &'static str {
        match self {
            MoveClass::Idle => "闲",
            MoveClass::Block => "拦",
            MoveClass::Follow => "跟",
            MoveClass::Exchange => "兑",
            MoveClass::Offer => "献",
            MoveClass::KingChase => "帅捉",
            MoveClass::DefensiveChase => "占要点捉士相",
            MoveClass::PawnChase => "兵捉",
            MoveClass::Chase => "捉",
            MoveClass::MateThreat => "杀",
            MoveClass::Check => "将",
        }
    }

    /// An English name: `idle`, `block`, `follow`, `exchange`, `offer`, `king-chase`,
    /// `defensive-chase`, `pawn-chase`, `chase`, `mate-threat`, `check`.
    pub fn name(self) -> &'static str {
        match self {
            MoveClass::Idle => "idle",
            MoveClass::Block => "block",
            MoveClass::Follow => "follow",
            MoveClass::Exchange => "exchange",
            MoveClass::Offer => "offer",
            MoveClass::KingChase => "king-chase",
            MoveClass::DefensiveChase => "defensive-chase",
            MoveClass::PawnChase => "pawn-chase",
            MoveClass::Chase => "chase",
            MoveClass::MateThreat => "mate-threat",
            MoveClass::Check => "check",
        }
    }
}

impl fmt::Display for MoveClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.name(), self.chinese())
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
///   attacker, 细则3); under the Asian rule set: no legal recapture at all, or a horse
///   or cannon taking a rook;
/// * the capture does not let the opponent mate at once (第29.4条, 细则7).
///
/// A piece won through a series of at most [`CHASE_CHECKS`] checks, whatever the
/// defender replies, is chased too (第28.3条, 第29.1条's 连续照将), with the same test on
/// the capture that ends it.
///
/// Not a chase under either rule set: an attack on a piece of the same kind that can
/// take the attacker back (兑, 第28.5条; the AXF book's rule 24, rook facing rook).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Chase {
    /// Where the chasing piece stands.
    pub attacker: Square,
    /// Where the chased piece stands.
    pub victim: Square,
    /// What the chasing piece is (a pawn's chase is judged apart, 第27.2条).
    pub attacker_kind: PieceKind,
    /// The piece is won through a series of checks first (第28.3条, 第29.1条: "从下一着
    /// 开始运用连续照将"): `attacker` is then the piece that gives the first check.
    pub through_checks: bool,
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
    /// What the legal move `mv` does here (this position is before the move), under the
    /// Chinese rule set.
    pub fn nature_of(&self, mv: Move) -> Nature {
        self.nature_of_with(mv, RuleSet::Chinese)
    }

    /// What the legal move `mv` does here under `rules`.
    pub fn nature_of_with(&self, mv: Move, rules: RuleSet) -> Nature {
        classify(&mut self.detached(), mv, rules, false)
            .kind
            .nature()
    }

    /// The finer classification of the legal move `mv` here under `rules` (兑, 献, 拦,
    /// 跟 and the idle chases told apart).
    pub fn kind_of(&self, mv: Move, rules: RuleSet) -> MoveClass {
        classify(&mut self.detached(), mv, rules, true).kind
    }

    /// The chases the side to move holds now under the Chinese rule set: each enemy
    /// piece it could win on its next move, with the piece that would capture it (see
    /// [`Chase`]).
    pub fn chases(&self) -> Vec<Chase> {
        chases(&mut self.detached(), RuleSet::Chinese, false)
    }

    /// The chases the side to move holds now under `rules`.
    pub fn chases_with(&self, rules: RuleSet) -> Vec<Chase> {
        chases(&mut self.detached(), rules, false)
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

/// A classified move: its kind and the points (after the move) of the pieces it newly
/// chases (empty unless the kind is a chase of some sort).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Classified {
    pub kind: MoveClass,
    pub victims: Vec<Square>,
}

/// What `mv` does in `pos` under `rules`; `pos` is restored before returning. With
/// `fine`, the idle kinds are told apart (dearer; the rulings do not need it).
pub(super) fn classify(pos: &mut Position, mv: Move, rules: RuleSet, fine: bool) -> Classified {
    let chases_before = attacks_before(pos, rules, fine);
    // Under the Asian rule set a rook stepping out of a horse's or cannon's attack is
    // the chased piece: what it attacks from its new point is a reaction, not a chase
    // (the AXF book's rule 15: the rook's counter-attack does not excuse the cannon).
    // Its attack on the very horse or cannon it steps away from is still a chase: the
    // two chase each other (diagram 48), and a rook chasing a horse that attacks it
    // back once in the cycle is the perpetual chaser all the same (diagrams 49, 78).
    let fled = if rules == RuleSet::Asian
        && pos
            .piece_at(mv.from())
            .is_some_and(|p| p.kind() == PieceKind::Rook)
    {
        pos.attackers_to(mv.from(), !pos.side)
            & (pos.pieces(!pos.side, PieceKind::Horse) | pos.pieces(!pos.side, PieceKind::Cannon))
    } else {
        Bitboard::EMPTY
    };
    pos.make_move(mv);
    let result = if pos.in_check() {
        Classified {
            kind: MoveClass::Check,
            victims: Vec::new(),
        }
    } else {
        let mut passed = pos.with_turn_passed().expect("not in check");
        quiet_kind(pos, &mut passed, mv, &chases_before, fled, rules, fine)
    };
    pos.unmake_move();
    result
}

/// The kind of the move `mv` that gave no check, given the position after it
/// (`after`, whose previous position is one unmake away), the same board with the
/// mover to move again (`passed`) and the chases that stood before the move; `fled`
/// holds the horses and cannons a rook steps away from (Asian rule set), whose attack
/// makes the moved rook's chases of other pieces no chases.
fn quiet_kind(
    after: &mut Position,
    passed: &mut Position,
    mv: Move,
    chases_before: &[Chase],
    fled: Bitboard,
    rules: RuleSet,
    fine: bool,
) -> Classified {
    if rules == RuleSet::Chinese && mates_by_checks(passed, MATE_THREAT_CHECKS) {
        // A threat that stood before the move is not the move's doing (as 第29.2条 says
        // of chases): a waiting move in a won ending is not 杀.
        after.unmake_move();
        let had_threat = mates_by_checks(after, MATE_THREAT_CHECKS);
        after.make_move(mv);
        if !had_threat {
            return Classified {
                kind: MoveClass::MateThreat,
                victims: Vec::new(),
            };
        }
    }
    let mut pieces = Vec::new();
    let mut pawns = Vec::new();
    let mut king = Vec::new();
    let mut through_before = None;
    let found = chases(passed, rules, fine);
    // The AXF book's rule 19 (diagrams 39–41): while a rook of the mover is held to its
    // point by enemy horses, the mover's advisor and elephant moves that open or close a
    // line onto a holding horse (or attack it themselves) are no chases of it: the held
    // side only waits.
    let holders = if rules == RuleSet::Asian
        && after
            .piece_at(mv.to())
            .is_some_and(|p| matches!(p.kind(), PieceKind::Advisor | PieceKind::Elephant))
    {
        after
            .pieces(passed.side, PieceKind::Rook)
            .into_iter()
            .fold(Bitboard::EMPTY, |b, rook| b | holding_horses(after, rook))
    } else {
        Bitboard::EMPTY
    };
    let through = found
        .iter()
        .filter(|c| c.through_checks)
        .fold(Bitboard::EMPTY, |b, c| b.with(c.victim));
    for chase in found {
        // The moved piece keeps its identity: a chase it already made from its old
        // point is not new (细则6: 从捉到捉).
        let origin = if chase.attacker == mv.to() {
            mv.from()
        } else {
            chase.attacker
        };
        // A piece won through checks was already won before if it could be won at all
        // then (whatever piece began the checks, or attacked it).
        let old = if chase.through_checks {
            chases_before.iter().any(|c| c.victim == chase.victim)
                || won_before(after, mv, rules, through, &mut through_before).contains(chase.victim)
        } else {
            chases_before
                .iter()
                .any(|c| c.attacker == origin && c.victim == chase.victim)
                // The AXF book's rule 19: a rook held to its point by a horse may not be
                // chased perpetually, and a piece moving from one attack on it to
                // another attacks it anew with every move (diagrams 39–41).
                && !(rules == RuleSet::Asian
                    && chase.attacker == mv.to()
                    && held_by_horse(passed, chase.victim))
        };
        let reaction = (fled.any() && chase.attacker == mv.to() && !fled.contains(chase.victim))
            || holders.contains(chase.victim);
        // Rule 19 with pieces taking turns (diagrams 39–41): a piece that attacked a held
        // rook and steps off while another goes on attacking it keeps it attacked move
        // after move, which is a chase too.
        let in_turn = rules == RuleSet::Asian
            && old
            && !chase.through_checks
            && chase.attacker != mv.to()
            && chases_before
                .iter()
                .any(|c| c.attacker == mv.from() && c.victim == chase.victim)
            && held_by_horse(passed, chase.victim);
        if (old && !in_turn) || reaction {
            continue;
        }
        let list = match chase.attacker_kind {
            PieceKind::Pawn => &mut pawns,
            PieceKind::King => &mut king,
            _ => &mut pieces,
        };
        if !list.contains(&chase.victim) {
            list.push(chase.victim);
        }
    }
    if !pieces.is_empty() {
        let kind = if rules == RuleSet::Chinese && defensive_point_draw(passed, mv, &pieces) {
            MoveClass::DefensiveChase
        } else {
            MoveClass::Chase
        };
        return Classified {
            kind,
            victims: pieces,
        };
    }
    if !pawns.is_empty() {
        return Classified {
            kind: MoveClass::PawnChase,
            victims: pawns,
        };
    }
    if !king.is_empty() {
        return Classified {
            kind: MoveClass::KingChase,
            victims: king,
        };
    }
    let kind = if fine {
        idle_kind(after, passed, mv)
    } else {
        MoveClass::Idle
    };
    Classified {
        kind,
        victims: Vec::new(),
    }
}

/// Which of the pieces on `sought` the mover could win through checks before `mv`
/// (`after` is the position after it), worked out once and kept in `cache`.
fn won_before(
    after: &mut Position,
    mv: Move,
    rules: RuleSet,
    sought: Bitboard,
    cache: &mut Option<Bitboard>,
) -> Bitboard {
    *cache.get_or_insert_with(|| {
        after.unmake_move();
        let won = if after.in_check() {
            Bitboard::EMPTY
        } else {
            won_through_checks(after, rules, CHASE_CHECKS, sought)
                .into_iter()
                .fold(Bitboard::EMPTY, |b, (_, victim)| b.with(victim))
        };
        after.make_move(mv);
        won
    })
}

/// 第27.3条: every piece newly chased is an advisor or an elephant, the moved piece
/// stands on its own side of the river (a defensive point), and the mover is the
/// defender of a simple draw (`passed` has the mover to move):
///
/// * the chased side is the one pressing: it has an attacking force (rook 4, horse and
///   cannon 2, any pawn 1) and more material in all (advisors and elephants counted,
///   [`ruling_value`]) than the mover;
/// * the draw is simple: that attacking force is at most a rook's and no more than the
///   mover's.
///
/// A lone piece harassing a side that has nothing to attack with, or less material, is
/// the attacker, not a defender: its chase is a chase.
fn defensive_point_draw(passed: &Position, mv: Move, victims: &[Square]) -> bool {
    let mover = passed.side;
    let all_minor_defenders = victims.iter().all(|&sq| {
        matches!(
            passed.piece_at(sq).map(Piece::kind),
            Some(PieceKind::Advisor | PieceKind::Elephant)
        )
    });
    if !all_minor_defenders || !mv.to().on_side_of(mover) {
        return false;
    }
    let force = |color: Color| -> u32 {
        4 * passed.pieces(color, PieceKind::Rook).count()
            + 2 * passed.pieces(color, PieceKind::Horse).count()
            + 2 * passed.pieces(color, PieceKind::Cannon).count()
            + passed.pieces(color, PieceKind::Pawn).count()
    };
    let material = |color: Color| -> i32 {
        passed
            .color_pieces(color)
            .into_iter()
            .map(|sq| ruling_value(passed.piece_at(sq).expect("a piece"), sq))
            .sum()
    };
    let theirs = force(!mover);
    (1..=4).contains(&theirs) && theirs <= force(mover) && material(!mover) > material(mover)
}

/// The idle kinds, heaviest first: 献, 兑, 跟, 拦, 闲. `after` has the opponent to
/// move, `passed` the mover.
fn idle_kind(after: &mut Position, passed: &mut Position, mv: Move) -> MoveClass {
    let to = mv.to();
    let moved = after.piece_at(to).expect("the moved piece");
    let value = ruling_value(moved, to);
    // 献: the opponent can take the moved piece and come out ahead.
    if value > 0
        && direct_chases(after, RuleSet::Chinese, true)
            .iter()
            .any(|c| c.victim == to)
    {
        return MoveClass::Offer;
    }
    // 兑: an enemy piece of the same value and the moved piece attack each other, or
    // that piece may take the moved one (and be taken back: not 献).
    let mut ours = MoveList::new();
    passed.generate_captures(&mut ours);
    let mut theirs = MoveList::new();
    after.generate_captures(&mut theirs);
    let same_value_target = ours.iter().any(|m| {
        m.from() == to
            && after
                .piece_at(m.to())
                .is_some_and(|p| ruling_value(p, m.to()) == value)
    });
    let same_value_taker = theirs.iter().any(|m| {
        m.to() == to
            && after
                .piece_at(m.from())
                .is_some_and(|p| ruling_value(p, m.from()) == value)
    });
    if value > 0 && (same_value_target || same_value_taker) {
        return MoveClass::Exchange;
    }
    // 跟: the moved piece attacks an enemy piece of value that it cannot win (an old
    // chase carried on from its former point, 细则6, is plain 闲).
    let winnable = direct_chases(passed, RuleSet::Chinese, true);
    if ours.iter().any(|m| {
        m.from() == to
            && after
                .piece_at(m.to())
                .is_some_and(|p| ruling_value(p, m.to()) > 0)
            && !winnable
                .iter()
                .any(|c| c.attacker == to && c.victim == m.to())
    }) {
        return MoveClass::Follow;
    }
    // 拦: with the moved piece lifted off its new point, some enemy piece would have
    // a move it has not now (the point itself aside).
    let vacated = lifted(after, to);
    let enemy = !moved.color();
    for sq in after.color_pieces(enemy) {
        let piece = after.piece_at(sq).expect("an enemy piece");
        let now = after.piece_targets(sq, piece);
        let free = vacated.piece_targets(sq, piece);
        if (free & !now).without(to).any() {
            return MoveClass::Block;
        }
    }
    MoveClass::Idle
}

/// Whether the piece on `sq` is a rook of the side not to move held to its point by a
/// horse: with the rook lifted off, a horse of the side to move would check the rook's
/// king (the rook shuts the horse's leg).
fn held_by_horse(pos: &Position, sq: Square) -> bool {
    holding_horses(pos, sq).any()
}

/// The horses of the side to move that hold the piece on `sq` to its point, when it is
/// a rook of the other side: with the rook lifted off they would check its king, which
/// none of them does now.
fn holding_horses(pos: &Position, sq: Square) -> Bitboard {
    let Some(piece) = pos.piece_at(sq) else {
        return Bitboard::EMPTY;
    };
    if piece.kind() != PieceKind::Rook || piece.color() == pos.side {
        return Bitboard::EMPTY;
    }
    let king = pos.king_square(piece.color());
    let horses = pos.pieces(pos.side, PieceKind::Horse);
    if (pos.attackers_to(king, pos.side) & horses).any() {
        return Bitboard::EMPTY;
    }
    lifted(pos, sq).attackers_to(king, pos.side) & horses
}

/// The same board with the piece on `sq` taken off, without history.
fn lifted(pos: &Position, sq: Square) -> Position {
    let piece = pos.piece_at(sq).expect("a piece to lift");
    let mut board = pos.detached();
    let bit = Bitboard::from_square(sq);
    board.board[sq.index()] = None;
    board.pieces[piece.color().index()][piece.kind().index()] ^= bit;
    board.colors[piece.color().index()] ^= bit;
    board.file_occ[sq.file() as usize] &= !(1 << sq.rank());
    board
}

/// The chases of the side to move in `pos` under `rules` (restored before returning);
/// with `with_king`, the king's own chases too (for [`MoveClass::KingChase`]).
pub(super) fn chases(pos: &mut Position, rules: RuleSet, with_king: bool) -> Vec<Chase> {
    let mut found = direct_chases(pos, rules, with_king);
    add_chases_through_checks(pos, rules, &mut found);
    found
}

/// The chases by a capture on the next move only.
fn direct_chases(pos: &mut Position, rules: RuleSet, with_king: bool) -> Vec<Chase> {
    let mut captures = MoveList::new();
    pos.generate_captures(&mut captures);
    chases_among(pos, captures, rules, with_king)
}

/// The chases by a capture on the next move of a piece on one of the points `targets`,
/// the king's own aside.
fn direct_chases_on(pos: &mut Position, rules: RuleSet, targets: Bitboard) -> Vec<Chase> {
    if targets.is_empty() {
        return Vec::new();
    }
    let mut captures = MoveList::new();
    pos.generate_captures(&mut captures);
    captures.retain(|m| targets.contains(m.to()));
    chases_among(pos, captures, rules, false)
}

/// Adds to `found` the enemy pieces the side to move wins by a series of checks ending
/// in a capture that would be a chase by itself (第28.3条), each once, unless already
/// chased directly.
/// Chinese rule set only: the AXF book rules a perpetual threat to check and capture a
/// draw (its rule 38, diagrams 97 and 98).
fn add_chases_through_checks(pos: &mut Position, rules: RuleSet, found: &mut Vec<Chase>) {
    if rules == RuleSet::Asian || pos.in_check() {
        return;
    }
    let sought = pieces_of_value(pos, !pos.side)
        .into_iter()
        .filter(|&sq| !found.iter().any(|c| c.victim == sq))
        .fold(Bitboard::EMPTY, Bitboard::with);
    for (first, victim) in won_through_checks(pos, rules, CHASE_CHECKS, sought) {
        let attacker = pos.piece_at(first.from()).expect("the checking piece");
        found.push(Chase {
            attacker: first.from(),
            victim,
            attacker_kind: attacker.kind(),
            through_checks: true,
        });
    }
}

/// The pieces of `color` that have a value in the rulings ([`ruling_value`]).
fn pieces_of_value(pos: &Position, color: Color) -> Bitboard {
    pos.color_pieces(color)
        .into_iter()
        .filter(|&sq| pos.piece_at(sq).is_some_and(|p| ruling_value(p, sq) > 0))
        .fold(Bitboard::EMPTY, Bitboard::with)
}

/// The enemy pieces among `sought` (by their points now) that the side to move wins by
/// at most `checks` checks and then a capture that is a chase by itself, against every
/// defence, each with the first checking move of a line that wins it. A piece the
/// defender moves on the way is not counted (the line no longer wins that piece on its
/// point), nor is a line the defender answers with mate-in-one material (the capture's
/// own test).
///
/// The search is bounded by what is still sought: after each defence only the pieces
/// won against every defence so far are looked for, a piece won directly is not looked
/// for deeper, and a check is given up at the first defence that saves them all. Most
/// checks are given up at their first defence, which keeps a search of
/// [`CHASE_CHECKS`] checks cheap.
fn won_through_checks(
    pos: &mut Position,
    rules: RuleSet,
    checks: u32,
    sought: Bitboard,
) -> Vec<(Move, Square)> {
    let mut won: Vec<(Move, Square)> = Vec::new();
    if checks == 0 || sought.is_empty() {
        return won;
    }
    for mv in pos.legal_moves() {
        // Each piece is named once, with the first check found to win it.
        let open = won.iter().fold(sought, |b, w| b.without(w.1));
        if open.is_empty() {
            break;
        }
        if !pos.gives_check(mv) {
            continue;
        }
        pos.make_move(mv);
        let replies = pos.legal_moves();
        // Checkmate is 杀's business, not a chase.
        let mut common = if replies.is_empty() {
            Bitboard::EMPTY
        } else {
            open
        };
        for reply in replies {
            pos.make_move(reply);
            let mut now = direct_chases_on(pos, rules, common)
                .iter()
                .fold(Bitboard::EMPTY, |b, c| b.with(c.victim));
            let deeper = common & !now;
            now = won_through_checks(pos, rules, checks - 1, deeper)
                .into_iter()
                .fold(now, |b, (_, v)| b.with(v));
            pos.unmake_move();
            common &= now;
            if common.is_empty() {
                break;
            }
        }
        pos.unmake_move();
        won.extend(common.into_iter().map(|victim| (mv, victim)));
    }
    won
}

/// The attacks that stood before a move, for telling a new chase from an old one
/// (第29.2条, 细则6): the chases of the side to move in `pos` counting every capture its
/// pieces' moves reach, legal or not. A capture that is illegal only because the piece
/// is held to its point (pinned, shutting a horse's leg, a cannon's second screen) or
/// because its king stands in check is still an attack that stood: when a later move
/// (the king stepping out of check, the pin released) makes it legal, that move has
/// not started a chase, it has only let an old attack be seen.
fn attacks_before(pos: &mut Position, rules: RuleSet, with_king: bool) -> Vec<Chase> {
    let us = pos.side;
    let theirs = pos.color_pieces(!us);
    let mut captures = MoveList::new();
    for from in pos.color_pieces(us) {
        let piece = pos.piece_at(from).expect("a piece of the side to move");
        for to in pos.piece_targets(from, piece) & theirs {
            if pos
                .piece_at(to)
                .is_some_and(|p| p.kind() != PieceKind::King)
            {
                captures.push(Move::new(from, to));
            }
        }
    }
    chases_among(pos, captures, rules, with_king)
}

/// The chases among `captures` (each a capture by the side to move in `pos`; `pos` is
/// restored before returning).
fn chases_among(
    pos: &mut Position,
    captures: MoveList,
    rules: RuleSet,
    with_king: bool,
) -> Vec<Chase> {
    let mut found = Vec::new();
    for mv in captures {
        let attacker = pos.piece_at(mv.from()).expect("a capture has a mover");
        let victim = pos.piece_at(mv.to()).expect("a capture has a victim");
        let value = ruling_value(victim, mv.to());
        if value == 0 || (attacker.kind() == PieceKind::King && !with_king) {
            continue;
        }
        // 兑 (第28.5条; the AXF book's rule 24): a piece facing one of its own kind that
        // can take it back offers an exchange, it does not chase. Under the Chinese rule
        // set only when that piece could take it for nothing: an attacker protected
        // against the exchange, or one whose capture exposes the taker's king to a
        // check that wins material at once (28.6), still chases an unprotected victim
        // (棋例图三). A victim that cannot really take back (pinned to its king, or
        // mated at once if it does) is chased under both sets: 捉兼献 is 捉 (细则5;
        // rules 24 and 27).
        if victim.kind() == attacker.kind() {
            if let Some(free) = take_back(pos, mv.to(), mv.from(), rules) {
                if rules == RuleSet::Asian || free {
                    continue;
                }
            }
        }
        // A capture the rules of play forbid now (the attacker is held to its point, or
        // its king stands in check) is judged on the attack alone: it stood if nothing
        // can take back on that point, or the victim is worth more (a rook for a horse
        // or cannon, under the Asian rule set).
        if !pos.is_legal(mv) {
            pos.make_move(mv);
            let unprotected = !has_capture_on(pos, mv.to());
            pos.unmake_move();
            let stood = unprotected
                || match rules {
                    RuleSet::Chinese => value > ruling_value(attacker, mv.from()),
                    RuleSet::Asian => {
                        victim.kind() == PieceKind::Rook
                            && matches!(attacker.kind(), PieceKind::Horse | PieceKind::Cannon)
                    }
                };
            if stood {
                found.push(Chase {
                    attacker: mv.from(),
                    victim: mv.to(),
                    attacker_kind: attacker.kind(),
                    through_checks: false,
                });
            }
            continue;
        }
        pos.make_move(mv);
        let wins = match rules {
            RuleSet::Chinese => value - exchange_gain(pos, mv.to()) > 0,
            RuleSet::Asian => {
                (victim.kind() == PieceKind::Rook
                    && matches!(attacker.kind(), PieceKind::Horse | PieceKind::Cannon))
                    || !has_capture_on(pos, mv.to())
            }
        } && !mates_in_one(pos);
        pos.unmake_move();
        if wins {
            found.push(Chase {
                attacker: mv.from(),
                victim: mv.to(),
                attacker_kind: attacker.kind(),
                through_checks: false,
            });
        }
    }
    found
}

/// Whether the piece on `from`, of the side not to move, could take the piece on `to`
/// if it were its turn: `None` if not, else whether it would take it for nothing.
///
/// A capture the rules of play forbid (the piece is pinned: it would expose its king)
/// is no take-back, and neither is one the side to move answers with mate at once
/// (28.6: an offer is one the taker can accept "不致立即被将死"; 29.4 and 细则7 say the
/// same of a chase): the attacked piece then cannot really take back, the attack is
/// no offer of exchange but a chase that only seems to offer (捉兼献, 细则5).
///
/// The take-back is not for nothing when the side to move can then take back on that
/// point, and, under the Chinese rule set, when it wins back at least as much by a
/// check: 28.6 asks of an offer that the taker "不致 … 立即在子力价值上遭受损失", and a
/// take-back that leaves the taker's king open to a check forking the piece that took
/// (or another piece worth as much) gains nothing. The AXF book asks only whether the
/// piece can take back (rule 24; a threat to check and capture is no attack there,
/// rule 38).
fn take_back(pos: &Position, from: Square, to: Square, rules: RuleSet) -> Option<bool> {
    let mut other = pos.with_turn_passed()?;
    let mv = Move::new(from, to);
    if !other.is_legal(mv) {
        return None;
    }
    other.make_move(mv);
    if mates_in_one(&mut other) {
        return None;
    }
    if has_capture_on(&other, to) {
        return Some(false);
    }
    // The search of checks only when the plain test left the take-back free. At least
    // one point is asked for, so that a taker without value does not make every
    // capture count.
    if rules == RuleSet::Chinese {
        let taken = other.piece_at(to).map_or(0, |p| ruling_value(p, to));
        if wins_by_a_check(&mut other, taken.max(1)) {
            return Some(false);
        }
    }
    Some(true)
}

/// Whether the side to move has a check after which, against every legal reply, it
/// has a capture that wins at least `at_least` once the exchange on that point is
/// played out and that is not answered by mate at once (a check that mates is not
/// counted: the take-back's mate test covers mate in one, and a longer mate is 杀's
/// business).
fn wins_by_a_check(pos: &mut Position, at_least: i32) -> bool {
    for check in pos.legal_moves() {
        if !pos.gives_check(check) {
            continue;
        }
        pos.make_move(check);
        let replies = pos.legal_moves();
        let wins = !replies.is_empty()
            && replies.iter().all(|&reply| {
                pos.make_move(reply);
                let wins = wins_at_once(pos, at_least);
                pos.unmake_move();
                wins
            });
        pos.unmake_move();
        if wins {
            return true;
        }
    }
    false
}

/// Whether the side to move has a capture that wins at least `at_least` once the
/// exchange on that point is played out, not answered by mate at once.
fn wins_at_once(pos: &mut Position, at_least: i32) -> bool {
    let mut captures = MoveList::new();
    pos.generate_captures(&mut captures);
    captures.into_iter().any(|capture| {
        let Some(victim) = pos.piece_at(capture.to()) else {
            return false;
        };
        let value = ruling_value(victim, capture.to());
        if value < at_least {
            return false;
        }
        pos.make_move(capture);
        let wins = value - exchange_gain(pos, capture.to()) >= at_least && !mates_in_one(pos);
        pos.unmake_move();
        wins
    })
}

/// Whether the side to move has a legal capture on `sq`.
fn has_capture_on(pos: &Position, sq: Square) -> bool {
    let mut captures = MoveList::new();
    pos.generate_captures(&mut captures);
    captures.iter().any(|m| m.to() == sq)
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
