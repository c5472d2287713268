//! Repetition rulings (棋例) and the natural move limit (自然限着), as the source
//! documents give them (file 001: 第4条, 第23–24条, 第六章 棋例总纲, 第七章 棋例细则;
//! file 004: 棋例总纲, 棋例细则, 第22–23条).
//!
//! # The rulings
//!
//! When a position comes back with the same side to move and no capture in between, the
//! moves that led round the cycle are judged side by side. Each move is classified
//! ([`Nature`]): 将 (check), 杀 (a new threat to mate by checks), 捉 (a new chase of a
//! piece that can be won), or 闲 (idle: 兑, 献, 拦, 跟, and everything else). A side's
//! moves in the cycle are then ([`Conduct`]):
//!
//! * **perpetual check** (长将) when every one of them is a check;
//! * **forbidden** (禁止着法: 长杀, 长捉, 一将一杀, 一将一捉, 一杀一捉 …) when every one
//!   is an attack (将, 杀 or 捉) but not all are checks;
//! * **allowed** (允许着法: 闲, 数将一闲, 数捉一闲 …) when at least one is idle.
//!
//! The verdict (第26条 棋例总则, [`Verdict`]):
//!
//! * a side that checks perpetually while the other does not loses, whatever the other
//!   does (26.1: "在任何情况下，均不允许单方面长将"); both checking perpetually is a draw;
//! * forbidden against allowed: the forbidden side must vary, and loses if it does not
//!   (26.4);
//! * both allowed, or both forbidden: draw (26.2, 26.3).
//!
//! A pawn's own chase is idle (27.2) and so is the king's (27.1); when both sides attack
//! on every move (相互长打), a pawn's chase counts as a chase (27.2, 细则11).
//!
//! The documents let the forbidden side vary after the third repetition (第24条: "犯禁
//! 方必须立即变着，若再重复一次循环，即判负"); an engine in a game can be given no such
//! warning, so the verdict here is final: a search scores a repetition with it at once,
//! and a tournament manager adjudicates with it when the position has come round the
//! number of times it is told ([`Rules::repetitions`], three by 第4.2.3条).
//!
//! Not covered: 第27.3条 (a chase of an advisor or elephant made while taking a
//! defensive point that makes a plain draw counts as idle: "a plain draw" is a judgement
//! the board cannot make), a chase that wins a piece only after a series of checks, and
//! 23.4 of file 004 (a perpetual attack over three or more points that never repeats).
//!
//! # The natural limit
//!
//! Sixty moves (120 plies) by both sides without a capture is a draw (第4.2.4条; a
//! tournament may set fewer). A side claiming it may count at most ten of its own
//! checks among them (file 001 第23.3条, file 004 第22.2条); [`Position::natural_limit_reached`]
//! asks whether either side could claim.

mod nature;

pub use nature::{ruling_value, Chase, Nature, MATE_THREAT_CHECKS};

use super::mv::Move;
use super::piece::Color;
use super::position::Position;

/// The natural limit: moves by each side without a capture (第4.2.4条).
pub const NATURAL_LIMIT_MOVES: u16 = 60;

/// How many of a claimant's own checks count towards the natural limit (第23.3条:
/// "提出方对非提出方将军的着数，最多只计10着").
pub const NATURAL_LIMIT_CHECKS_COUNTED: u16 = 10;

/// How one side's moves round a repeated cycle stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Conduct {
    /// At least one idle move (允许着法).
    Allowed,
    /// Every move an attack, not all checks (禁止着法).
    Forbidden,
    /// Every move a check (长将).
    PerpetualCheck,
}

/// The outcome of a ruling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// 不变作和: the game is drawn.
    Draw,
    /// This side loses (it checked perpetually, or attacked on every move against a side
    /// that did not).
    Loses(Color),
}

impl Verdict {
    /// The losing side, if any.
    pub fn loser(self) -> Option<Color> {
        match self {
            Verdict::Draw => None,
            Verdict::Loses(color) => Some(color),
        }
    }
}

/// A ruling on the moves round a repeated cycle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruling {
    /// The index in [`Position::history`] of the cycle's first move.
    pub start: usize,
    /// Red's moves in the cycle.
    pub red: Conduct,
    /// Black's moves in the cycle.
    pub black: Conduct,
    /// What follows.
    pub verdict: Verdict,
}

/// What a tournament manager applies after each move ([`Position::adjudicate`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// How many times a position must have stood on the board (this time included)
    /// before a ruling is made (第4.2.3条: 循环反复三次).
    pub repetitions: usize,
    /// The natural limit in moves by each side; 0 turns it off.
    pub natural_limit_moves: u16,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            repetitions: 3,
            natural_limit_moves: NATURAL_LIMIT_MOVES,
        }
    }
}

/// Why a game ended under [`Position::adjudicate`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// The side to move is mated (将死) and loses.
    Checkmate(Color),
    /// The side to move has no legal move (困毙) and loses.
    Stalemate(Color),
    /// A position came round often enough to be ruled on.
    Repetition(Ruling),
    /// The natural limit was reached: a draw.
    NaturalLimit,
}

impl GameEnd {
    /// The losing side, `None` for a draw.
    pub fn loser(&self) -> Option<Color> {
        match self {
            GameEnd::Checkmate(color) | GameEnd::Stalemate(color) => Some(*color),
            GameEnd::Repetition(ruling) => ruling.verdict.loser(),
            GameEnd::NaturalLimit => None,
        }
    }
}

impl Position {
    /// The earlier times the current position stood on the board with the same side to
    /// move and no capture since, as indices into [`Position::history`] (the position
    /// before that move), latest first. Only the key is compared. The search stops at a
    /// null move (a pass, which a real game never holds): nothing before it counts.
    pub fn earlier_occurrences(&self) -> impl Iterator<Item = usize> + '_ {
        let len = self.history.len();
        let mut oldest = len - len.min(usize::from(self.rule60));
        if let Some(pass) = self.history[oldest..].iter().rposition(|u| is_pass(u.mv)) {
            oldest += pass + 1;
        }
        let key = self.key;
        (oldest..len.saturating_sub(1))
            .rev()
            .step_by(2)
            .filter(move |&i| self.history[i].key == key)
    }

    /// The index in [`Position::history`] of the latest earlier time the current
    /// position stood on the board (same side to move, no capture since): the cycle the
    /// search rules on. Cheap: a walk back over the keys of the reversible moves.
    pub fn last_repetition(&self) -> Option<usize> {
        self.earlier_occurrences().next()
    }

    /// How many times the current position has stood on the board since the last
    /// capture, this time included.
    pub fn repetition_count(&self) -> usize {
        1 + self.earlier_occurrences().count()
    }

    /// The ruling on the latest cycle, when the current position has stood on the board
    /// before (the search's question).
    pub fn repetition_ruling(&self) -> Option<Ruling> {
        self.last_repetition().map(|start| self.rule_on(start))
    }

    /// The ruling once the current position has stood on the board `times` times (this
    /// time included; at least 2): the moves since the first of those times are judged.
    pub fn repetition_ruling_after(&self, times: usize) -> Option<Ruling> {
        let needed = times.max(2) - 1;
        let start = self.earlier_occurrences().nth(needed - 1)?;
        Some(self.rule_on(start))
    }

    /// What each move from history index `start` to the last did, in order.
    ///
    /// # Panics
    /// When `start` is past the end of the history, or a null move follows it.
    pub fn natures_since(&self, start: usize) -> Vec<Nature> {
        let mut pos = self.rewound_to(start);
        let mut natures = Vec::with_capacity(self.history.len() - start);
        for undo in &self.history[start..] {
            natures.push(nature::nature(&mut pos, undo.mv));
            pos.make_move(undo.mv);
        }
        natures
    }

    /// Judges the moves from history index `start` to the last, which should lead from
    /// a position back to the same one (as found by [`Position::last_repetition`]).
    ///
    /// # Panics
    /// When `start` is past the end of the history, or a null move follows it.
    pub fn rule_on(&self, start: usize) -> Ruling {
        let mut pos = self.rewound_to(start);
        // Per side: how many moves it made; whether every one was a check, an attack,
        // an attack with pawn chases counted.
        let mut moves = [0usize; 2];
        let mut all_checks = [true; 2];
        let mut all_attacks = [true; 2];
        let mut all_attacks_with_pawns = [true; 2];
        // A cycle that has come round more than once meets the same moves again.
        let mut known: Vec<(u64, Move, Nature)> = Vec::new();
        for (index, undo) in self.history.iter().enumerate().skip(start) {
            let side = pos.side.index();
            let mv = undo.mv;
            moves[side] += 1;
            // A check is the heaviest nature: nothing more to look at.
            if !self.move_gave_check(index) {
                all_checks[side] = false;
                if all_attacks_with_pawns[side] {
                    let nature = match known.iter().find(|k| k.0 == pos.key && k.1 == mv) {
                        Some(&(_, _, nature)) => nature,
                        None => {
                            let nature = nature::nature(&mut pos, mv);
                            known.push((pos.key, mv, nature));
                            nature
                        }
                    };
                    all_attacks[side] &= nature.is_attack(false);
                    all_attacks_with_pawns[side] &= nature.is_attack(true);
                }
            }
            pos.make_move(mv);
        }
        for side in 0..2 {
            if moves[side] == 0 {
                all_checks[side] = false;
                all_attacks[side] = false;
                all_attacks_with_pawns[side] = false;
            }
        }
        let conduct = |side: usize, pawns_count: bool| {
            if all_checks[side] {
                Conduct::PerpetualCheck
            } else if all_attacks[side] || (pawns_count && all_attacks_with_pawns[side]) {
                Conduct::Forbidden
            } else {
                Conduct::Allowed
            }
        };
        // Pawn chases count as chases when both sides attack on every move (相互长打).
        let mutual = all_attacks_with_pawns[0] && all_attacks_with_pawns[1];
        let red = conduct(Color::Red.index(), mutual);
        let black = conduct(Color::Black.index(), mutual);
        Ruling {
            start,
            red,
            black,
            verdict: verdict(red, black),
        }
    }

    /// Whether the natural limit of `limit_moves` moves by each side without a capture
    /// has been reached: either side could claim it, counting at most
    /// [`NATURAL_LIMIT_CHECKS_COUNTED`] of its own checks (only checks still in the
    /// history are known; a FEN's counter is taken as it stands).
    pub fn natural_limit_reached(&self, limit_moves: u16) -> bool {
        let plies = u32::from(self.rule60);
        let limit = 2 * u32::from(limit_moves);
        if plies < limit {
            return false;
        }
        let len = self.history.len();
        let known = len.min(self.rule60.into());
        let mut checks = [0u32; 2];
        // The move at index i was made by the side to move now when len - i is even.
        for i in len - known..len {
            if self.move_gave_check(i) {
                let mover = if (len - i) % 2 == 0 {
                    self.side
                } else {
                    !self.side
                };
                checks[mover.index()] += 1;
            }
        }
        let allowance = u32::from(NATURAL_LIMIT_CHECKS_COUNTED);
        checks
            .iter()
            .any(|&c| plies - c.saturating_sub(allowance) >= limit)
    }

    /// Whether the game is over by the rules a tournament manager applies after each
    /// move: mate and stalemate first, then a repetition ruled on when the position has
    /// come round `rules.repetitions` times (a draw by it ends the game too), then the
    /// natural limit.
    pub fn adjudicate(&self, rules: &Rules) -> Option<GameEnd> {
        if self.legal_moves().is_empty() {
            return Some(if self.in_check() {
                GameEnd::Checkmate(self.side)
            } else {
                GameEnd::Stalemate(self.side)
            });
        }
        if let Some(ruling) = self.repetition_ruling_after(rules.repetitions) {
            return Some(GameEnd::Repetition(ruling));
        }
        if rules.natural_limit_moves > 0 && self.natural_limit_reached(rules.natural_limit_moves) {
            return Some(GameEnd::NaturalLimit);
        }
        None
    }

    /// A copy taken back to history index `start`.
    fn rewound_to(&self, start: usize) -> Position {
        assert!(
            start <= self.history.len(),
            "history index {start} out of range"
        );
        assert!(
            !self.history[start..].iter().any(|u| is_pass(u.mv)),
            "a null move among the moves to judge"
        );
        let mut pos = self.clone();
        while pos.history.len() > start {
            pos.unmake_move();
        }
        pos
    }
}

/// Whether a history entry is a null move (the search's pass, from and to the same
/// point), which no real move is.
fn is_pass(mv: Move) -> bool {
    mv.from() == mv.to()
}

/// The verdict for two sides' conduct (第26条).
pub fn verdict(red: Conduct, black: Conduct) -> Verdict {
    use Conduct::{Allowed, Forbidden, PerpetualCheck};
    match (red, black) {
        (PerpetualCheck, PerpetualCheck) => Verdict::Draw,
        (PerpetualCheck, _) => Verdict::Loses(Color::Red),
        (_, PerpetualCheck) => Verdict::Loses(Color::Black),
        (Forbidden, Allowed) => Verdict::Loses(Color::Red),
        (Allowed, Forbidden) => Verdict::Loses(Color::Black),
        (Allowed, Allowed) | (Forbidden, Forbidden) => Verdict::Draw,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::position::Undo;
    use crate::board::zobrist::side_key;
    use crate::board::{Bitboard, Move, Square};

    /// Passes the turn the way the search's null move does: a history entry from a0 to
    /// a0, the other side to move.
    fn pass(pos: &mut Position) {
        pos.history.push(Undo {
            mv: Move::new(Square::from_index(0), Square::from_index(0)),
            captured: None,
            key: pos.key,
            rule60: pos.rule60,
            checkers: pos.checkers,
        });
        pos.key ^= side_key();
        pos.side = !pos.side;
        pos.checkers = pos.compute_checkers();
    }

    fn play(pos: &mut Position, moves: &str) {
        for text in moves.split_whitespace() {
            pos.play(Move::parse_iccs(text).expect("ICCS"));
        }
    }

    #[test]
    fn nothing_repeats_across_a_null_move() {
        let mut pos = Position::startpos();
        play(&mut pos, "h0g2");
        pass(&mut pos);
        play(&mut pos, "g2h0");
        pass(&mut pos);
        assert_eq!(pos.key(), Position::startpos().key());
        assert_eq!(pos.last_repetition(), None);
        assert_eq!(pos.repetition_count(), 1);
        // A cycle played after the pass is found, and judged.
        play(&mut pos, "h0g2 h9g7 g2h0 g7h9");
        assert_eq!(pos.last_repetition(), Some(4));
        let ruling = pos.repetition_ruling().expect("a cycle");
        assert_eq!(ruling.verdict, Verdict::Draw);
    }

    #[test]
    #[should_panic(expected = "null move")]
    fn judging_across_a_null_move_is_refused() {
        let mut pos = Position::startpos();
        play(&mut pos, "h0g2");
        pass(&mut pos);
        play(&mut pos, "g2h0");
        pass(&mut pos);
        let _ = pos.rule_on(0);
    }

    /// 120 plies of Red checking on every move, from a fresh counter, with Black's
    /// first `black_checks` moves marked as checks in the history too.
    fn long_checking_game(black_checks: usize) -> Position {
        let mut pos = Position::from_fen("R3k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1").expect("valid");
        let cycle = ["e9e8", "a9a8", "e8e9", "a8a9"];
        for ply in 0..120 {
            let mv = Move::parse_iccs(cycle[ply % 4]).expect("ICCS");
            pos.play(mv);
        }
        // Black moved at the even indices; the entry after a move records whether it
        // gave check.
        let marker = Bitboard::from_square(Square::from_index(0));
        for i in (0..120).step_by(2).take(black_checks) {
            pos.history[i + 1].checkers = marker;
        }
        pos
    }

    #[test]
    fn a_claimant_counts_at_most_ten_of_its_own_checks() {
        // Red checked 60 times; Black claims with its own checks counted up to ten.
        assert!(long_checking_game(0).natural_limit_reached(NATURAL_LIMIT_MOVES));
        assert!(long_checking_game(10).natural_limit_reached(NATURAL_LIMIT_MOVES));
        // One check too many: 119 plies count for Black, 70 for Red.
        assert!(!long_checking_game(11).natural_limit_reached(NATURAL_LIMIT_MOVES));
        assert!(!long_checking_game(60).natural_limit_reached(NATURAL_LIMIT_MOVES));
        // A lower limit is still reached.
        assert!(long_checking_game(60).natural_limit_reached(35));
        assert!(!long_checking_game(60).natural_limit_reached(36));
    }
}
