//! Move ordering in stages: the hash move, good captures (SEE ≥ 0, most valuable victim
//! first), the two killers, the counter move, quiet moves by history, and last the
//! captures that lose material. The hash move goes out before anything is generated;
//! the other moves are then generated once and scored into these bands, and `pick`
//! hands them out best first.

use super::params::CHECK_SQUARE_BONUS;
use super::see::see_ge;
use crate::board::check::CheckInfo;
use crate::board::{Move, MoveList, Position, MAX_MOVES};
use crate::eval::material::simple_value;

const TT_MOVE: i32 = 1 << 30;
const GOOD_CAPTURE: i32 = 1 << 28;
const KILLER_1: i32 = 1 << 27;
const KILLER_2: i32 = KILLER_1 - 1;
const COUNTER: i32 = KILLER_1 - 2;
/// Ordering scores from here up are killers, the counter move, or better.
pub const COUNTER_SCORE: i32 = COUNTER;
const BAD_CAPTURE: i32 = -(1 << 28);
/// A quiet check in the quiescence comes after every capture (whose scores stay far
/// above it).
const QUIET_CHECK: i32 = -(1 << 20);

/// Ordering hints for one node.
pub struct Hints<'a> {
    pub killers: [Option<Move>; 2],
    pub counter: Option<Move>,
    /// Quiet history, indexed by `[from][to]`.
    pub history: &'a [[i32; 90]; 90],
    /// Continuation histories after the moves made 1, 2 and 4 plies before, indexed by
    /// `[piece][to]` of the move scored.
    pub continuations: [Option<&'a ContinuationTable>; 3],
    /// Capture history, indexed by `[piece][to][captured kind]`.
    pub captures: &'a CaptureTable,
}

/// Continuation history for one previous move: `[piece][to]` of the reply.
pub type ContinuationTable = [[i16; 90]; 14];

/// Capture history: `[moving piece][to][captured kind]`.
pub type CaptureTable = [[[i16; 7]; 90]; 14];

/// The capture history counts this much less than one victim point of MVV-LVA.
const CAPTURE_HISTORY_DIVISOR: i32 = 8;

/// A quiet move's order: its main history and its continuation history after the last
/// move, each counted twice, the continuations after the two earlier moves once, and
/// [`CHECK_SQUARE_BONUS`] when it gives check.
fn quiet_score(pos: &Position, mv: Move, hints: &Hints<'_>, checks: &CheckInfo) -> i32 {
    quiet_score_knowing(pos, mv, hints, pos.gives_check_with(mv, checks))
}

/// [`quiet_score`] when whether the move gives check is known.
fn quiet_score_knowing(pos: &Position, mv: Move, hints: &Hints<'_>, gives_check: bool) -> i32 {
    let mut score = 2 * hints.history[mv.from().index()][mv.to().index()];
    if let Some(piece) = pos.piece_at(mv.from()) {
        for (k, table) in hints.continuations.iter().enumerate() {
            if let Some(table) = table {
                let weight = if k == 0 { 2 } else { 1 };
                score += weight * i32::from(table[piece.index()][mv.to().index()]);
            }
        }
    }
    if gives_check {
        score += CHECK_SQUARE_BONUS();
    }
    score
}

/// MVV-LVA corrected by the capture history: how well this capture did before.
fn capture_score(pos: &Position, mv: Move, captures: &CaptureTable) -> i32 {
    let history = match (pos.piece_at(mv.from()), pos.piece_at(mv.to())) {
        (Some(piece), Some(victim)) => {
            i32::from(captures[piece.index()][mv.to().index()][victim.kind().index()])
        }
        _ => 0,
    };
    mvv_lva(pos, mv) + history / CAPTURE_HISTORY_DIVISOR
}

/// Hands out the moves of a node best first.
pub struct MovePicker {
    moves: MoveList,
    scores: [i32; MAX_MOVES],
    /// What scoring learnt of each move: 0 nothing, 1 it gives no check, 2 it gives
    /// check (kept beside the move as `pick` reorders).
    checks: [u8; MAX_MOVES],
    next: usize,
    /// The hash move, handed out before the other moves are generated (a cut-off by
    /// it saves the generation) and left out of them.
    tt_move: Option<Move>,
    stage: Stage,
}

/// Where a picker is: about to hand out the hash move, waiting for the captures to be
/// generated, handing out the good captures, waiting for the quiet moves, or handing
/// out the generated list.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    HashMove,
    Generate,
    Captures,
    GenerateQuiets,
    Moves,
}

/// MVV-LVA: the most valuable victim first, the cheapest attacker first among equals.
pub fn mvv_lva(pos: &Position, mv: Move) -> i32 {
    let victim = pos.piece_at(mv.to()).map_or(0, |p| simple_value(p.kind()));
    let attacker = pos
        .piece_at(mv.from())
        .map_or(0, |p| simple_value(p.kind()));
    victim * 16 - attacker / 16
}

impl MovePicker {
    /// The legal moves of a node, the hash move (already checked legal) first. The
    /// others are generated when [`MovePicker::needs_generation`] says so, by
    /// [`MovePicker::generate`].
    pub fn deferred(tt_move: Option<Move>) -> MovePicker {
        MovePicker {
            moves: MoveList::new(),
            scores: [0; MAX_MOVES],
            checks: [0; MAX_MOVES],
            next: 0,
            tt_move,
            stage: if tt_move.is_some() {
                Stage::HashMove
            } else {
                Stage::Generate
            },
        }
    }

    /// Whether the next pick needs [`MovePicker::generate`] first: before the first
    /// pick past the hash move (the captures), and when [`MovePicker::pick`] has run
    /// out of good captures (the quiet moves).
    pub fn needs_generation(&self) -> bool {
        matches!(self.stage, Stage::Generate | Stage::GenerateQuiets)
    }

    /// Generates the legal moves other than the hash move, ordered by `hints`
    /// (`checks`: the position's [`Position::check_info`]): the captures first, the
    /// moves that capture nothing once the good captures are handed out (a cut-off by
    /// one saves generating and scoring them).
    pub fn generate(&mut self, pos: &Position, hints: &Hints<'_>, checks: &CheckInfo) {
        if self.stage == Stage::Generate {
            self.stage = Stage::Captures;
            pos.generate_captures(&mut self.moves);
            self.drop_hash_move(0);
            for (i, &mv) in self.moves.iter().enumerate() {
                let base = if see_ge(pos, mv, 0) {
                    GOOD_CAPTURE
                } else {
                    BAD_CAPTURE
                };
                self.scores[i] = base + capture_score(pos, mv, hints.captures);
            }
            return;
        }
        self.stage = Stage::Moves;
        let first = self.moves.len();
        pos.generate_quiets(&mut self.moves);
        self.drop_hash_move(first);
        for i in first..self.moves.len() {
            let mv = self.moves[i];
            self.scores[i] = if Some(mv) == hints.killers[0] {
                KILLER_1
            } else if Some(mv) == hints.killers[1] {
                KILLER_2
            } else if Some(mv) == hints.counter {
                COUNTER
            } else {
                let gives_check = pos.gives_check_with(mv, checks);
                self.checks[i] = 1 + u8::from(gives_check);
                quiet_score_knowing(pos, mv, hints, gives_check)
            };
        }
    }

    /// Leaves the hash move (handed out already) out of the moves generated from
    /// `first` on.
    fn drop_hash_move(&mut self, first: usize) {
        if let Some(i) = self.moves[first..]
            .iter()
            .position(|&m| Some(m) == self.tt_move)
        {
            self.moves.remove(first + i);
        }
    }

    /// Whether the move `pick` handed out last gives check, when its scoring found out
    /// (the quiet moves of [`MovePicker::generate`] other than killers and the counter
    /// move).
    pub fn last_gives_check(&self) -> Option<bool> {
        match self.stage {
            Stage::Moves if self.next > 0 => match self.checks[self.next - 1] {
                0 => None,
                known => Some(known == 2),
            },
            _ => None,
        }
    }

    /// The captures of `pos`: the hash move first when it is one, then the most
    /// valuable victim first (with the capture history among equals).
    pub fn captures(pos: &Position, tt_move: Option<Move>, history: &CaptureTable) -> MovePicker {
        let mut moves = MoveList::new();
        pos.generate_captures(&mut moves);
        MovePicker::scored(moves, tt_move, |mv| capture_score(pos, mv, history))
    }

    /// A picker handing out the generated `moves`, the hash move first and the others
    /// by `score`.
    fn scored(moves: MoveList, tt_move: Option<Move>, score: impl Fn(Move) -> i32) -> MovePicker {
        let mut scores = [0; MAX_MOVES];
        for (s, &mv) in scores.iter_mut().zip(moves.iter()) {
            *s = if Some(mv) == tt_move {
                TT_MOVE
            } else {
                score(mv)
            };
        }
        MovePicker {
            moves,
            scores,
            checks: [0; MAX_MOVES],
            next: 0,
            tt_move: None,
            stage: Stage::Moves,
        }
    }

    /// The captures of `pos` as [`MovePicker::captures`] orders them, then the quiet
    /// moves that give check (for the first ply of the quiescence).
    pub fn captures_and_checks(
        pos: &Position,
        tt_move: Option<Move>,
        history: &CaptureTable,
    ) -> MovePicker {
        let mut moves = MoveList::new();
        pos.generate_legal(&mut moves);
        let checks = pos.check_info();
        moves.retain(|m| pos.piece_at(m.to()).is_some() || pos.gives_check_with(*m, &checks));
        MovePicker::scored(moves, tt_move, |mv| {
            if pos.piece_at(mv.to()).is_some() {
                capture_score(pos, mv, history)
            } else {
                QUIET_CHECK
            }
        })
    }

    /// All legal replies to a check: captures first (most valuable victim first), then
    /// the quiet evasions by their history ([`quiet_score`]; `checks`: the position's
    /// [`Position::check_info`]).
    pub fn evasions(
        pos: &Position,
        tt_move: Option<Move>,
        hints: &Hints<'_>,
        checks: &CheckInfo,
    ) -> MovePicker {
        let mut moves = MoveList::new();
        pos.generate_evasions(&mut moves);
        MovePicker::scored(moves, tt_move, |mv| {
            if pos.piece_at(mv.to()).is_some() {
                GOOD_CAPTURE + mvv_lva(pos, mv)
            } else {
                quiet_score(pos, mv, hints, checks)
            }
        })
    }

    /// Whether there are no legal moves (for generated lists).
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Leaves out the quiet moves not handed out yet that scoring found give no check
    /// (late move pruning skips each of them), so `pick` no longer looks them over.
    /// Killers and the counter move (never judged for check here) stay. The moves kept
    /// keep their order in the list, which only decides between equal scores.
    pub fn skip_quiets(&mut self) {
        if self.stage != Stage::Moves {
            return;
        }
        let mut kept = self.next;
        for i in self.next..self.moves.len() {
            if self.checks[i] != 1 {
                self.moves[kept] = self.moves[i];
                self.scores[kept] = self.scores[i];
                self.checks[kept] = self.checks[i];
                kept += 1;
            }
        }
        self.moves.truncate(kept);
    }

    /// The best remaining move and its ordering score; `None` when there is none, or
    /// when [`MovePicker::needs_generation`] says the quiet moves must be generated
    /// first.
    pub fn pick(&mut self) -> Option<(Move, i32)> {
        if self.stage == Stage::HashMove {
            self.stage = Stage::Generate;
            return self.tt_move.map(|mv| (mv, TT_MOVE));
        }
        if self.next >= self.moves.len() {
            if self.stage == Stage::Captures {
                self.stage = Stage::GenerateQuiets;
            }
            return None;
        }
        // The first of the highest scores left: the highest, then where it first is
        // (two plain passes the compiler turns into vector code).
        let left = &self.scores[self.next..self.moves.len()];
        let top = left.iter().copied().fold(i32::MIN, i32::max);
        if self.stage == Stage::Captures && top < GOOD_CAPTURE {
            // The good captures are out: the killers and quiet moves come before the
            // losing captures.
            self.stage = Stage::GenerateQuiets;
            return None;
        }
        let best = self.next + left.iter().position(|&s| s == top).unwrap_or(0);
        self.moves.swap(self.next, best);
        self.scores.swap(self.next, best);
        self.checks.swap(self.next, best);
        let out = (self.moves[self.next], self.scores[self.next]);
        self.next += 1;
        Some(out)
    }
}

/// Whether an ordering score marks a losing capture.
pub fn is_bad_capture(score: i32) -> bool {
    score < BAD_CAPTURE / 2
}

#[cfg(test)]
mod tests {
    use super::*;

    const FENS: [&str; 3] = [
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1C2B2C1/9/RN1AKABNR w - - 4 4",
        "3k5/4a4/4b4/9/2b6/9/9/4C4/4A4/3AK4 w - - 0 1",
    ];

    fn drain(picker: &mut MovePicker, pos: &Position, hints: &Hints<'_>) -> Vec<(Move, i32)> {
        let mut out = Vec::new();
        loop {
            if picker.needs_generation() {
                picker.generate(pos, hints, &pos.check_info());
            }
            match picker.pick() {
                Some(m) => {
                    // What scoring learnt of a check is the board's answer.
                    if let Some(known) = picker.last_gives_check() {
                        assert_eq!(known, pos.gives_check(m.0), "{pos} {}", m.0);
                    }
                    out.push(m)
                }
                None if picker.needs_generation() => {}
                None => return out,
            }
        }
    }

    #[test]
    fn the_checks_learnt_in_scoring_are_handed_on() {
        // Every quiet move of the bench's positions (killers and counter aside) comes
        // with its check answer; `drain` holds each to the board's.
        let history = [[0; 90]; 90];
        let captures = [[[0; 7]; 90]; 14];
        let mut known = 0;
        for fen in crate::search::positions::POSITIONS {
            let pos = Position::from_fen(fen).expect("fen");
            let hints = Hints {
                killers: [None, None],
                counter: None,
                history: &history,
                continuations: [None, None, None],
                captures: &captures,
            };
            let mut picker = MovePicker::deferred(None);
            for (mv, _) in drain(&mut picker, &pos, &hints) {
                known += usize::from(pos.piece_at(mv.to()).is_none());
            }
            let mut picker = MovePicker::deferred(None);
            loop {
                if picker.needs_generation() {
                    picker.generate(&pos, &hints, &pos.check_info());
                }
                match picker.pick() {
                    Some((mv, _)) => assert_eq!(
                        picker.last_gives_check().is_some(),
                        pos.piece_at(mv.to()).is_none(),
                        "{fen} {mv}"
                    ),
                    None if picker.needs_generation() => {}
                    None => break,
                }
            }
        }
        assert!(known > 500, "{known}");
    }

    #[test]
    fn skipping_quiets_keeps_the_checks_captures_and_killers() {
        // Told to skip the quiet moves at the first plain quiet move it hands out, a
        // picker hands out the rest of what a full drain would, less the quiet moves
        // that give no check (killers stay), best first.
        let history = [[0; 90]; 90];
        let captures = [[[0; 7]; 90]; 14];
        let (mut skipped, mut kept_checks) = (0, 0);
        for fen in crate::search::positions::POSITIONS {
            let pos = Position::from_fen(fen).expect("fen");
            let legal = pos.legal_moves();
            let hints = Hints {
                killers: [
                    legal
                        .last()
                        .copied()
                        .filter(|m| pos.piece_at(m.to()).is_none()),
                    None,
                ],
                counter: None,
                history: &history,
                continuations: [None, None, None],
                captures: &captures,
            };
            let full = drain(&mut MovePicker::deferred(None), &pos, &hints);
            let plain = |&(mv, order): &(Move, i32)| {
                pos.piece_at(mv.to()).is_none() && order < COUNTER_SCORE
            };
            let Some(first) = full.iter().position(plain) else {
                continue;
            };
            let mut picker = MovePicker::deferred(None);
            let mut before = Vec::new();
            while before.len() <= first {
                if picker.needs_generation() {
                    picker.generate(&pos, &hints, &pos.check_info());
                }
                before.extend(picker.pick());
            }
            assert_eq!(before, full[..=first], "{fen}");
            picker.skip_quiets();
            let mut rest = Vec::new();
            while let Some(m) = picker.pick() {
                rest.push(m);
            }
            let mut want: Vec<(Move, i32)> = full[first + 1..]
                .iter()
                .copied()
                .filter(|m| !plain(m) || pos.gives_check(m.0))
                .collect();
            skipped += full.len() - first - 1 - want.len();
            kept_checks += want.iter().filter(|m| plain(m)).count();
            assert!(rest.windows(2).all(|w| w[0].1 >= w[1].1), "{fen}");
            rest.sort_by_key(|m| (m.0.from().index(), m.0.to().index()));
            want.sort_by_key(|m| (m.0.from().index(), m.0.to().index()));
            assert_eq!(rest, want, "{fen}");
        }
        assert!(skipped > 100 && kept_checks > 0, "{skipped} {kept_checks}");
    }

    #[test]
    fn hands_out_every_legal_move_once_hash_move_first() {
        let history = [[0; 90]; 90];
        let captures = [[[0; 7]; 90]; 14];
        for fen in FENS {
            let pos = Position::from_fen(fen).expect("fen");
            let legal = pos.legal_moves();
            for tt_move in [None, legal.last().copied()] {
                let hints = Hints {
                    killers: [legal.first().copied(), None],
                    counter: None,
                    history: &history,
                    continuations: [None, None, None],
                    captures: &captures,
                };
                let mut picker = MovePicker::deferred(tt_move);
                let picked = drain(&mut picker, &pos, &hints);
                let mut got: Vec<Move> = picked.iter().map(|p| p.0).collect();
                if let Some(tt) = tt_move {
                    assert_eq!(picked[0], (tt, TT_MOVE), "{fen}");
                }
                let mut want: Vec<Move> = legal.to_vec();
                got.sort_by_key(|m| (m.from().index(), m.to().index()));
                want.sort_by_key(|m| (m.from().index(), m.to().index()));
                assert_eq!(got, want, "{fen}");
                // Good captures come before quiet moves, and ordering scores never rise.
                let scores: Vec<i32> = picked.iter().map(|p| p.1).collect();
                assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{fen}");
            }
        }
    }

    #[test]
    fn evasions_capture_first_then_quiet_ones_by_history() {
        // The red king on e0 is checked by the rook on e5: the rook on a5 takes it, or
        // the king steps aside to d0 or f0.
        let pos = Position::from_fen("4k4/9/9/9/R3r4/9/9/9/9/4K4 w - - 0 1").expect("fen");
        let captures = [[[0; 7]; 90]; 14];
        let mv = |text: &str| {
            *pos.legal_moves()
                .iter()
                .find(|m| m.to_string() == text)
                .unwrap()
        };
        for (favoured, other) in [("e0f0", "e0d0"), ("e0d0", "e0f0")] {
            let mut history = [[0; 90]; 90];
            let m = mv(favoured);
            history[m.from().index()][m.to().index()] = 500;
            let hints = Hints {
                killers: [None, None],
                counter: None,
                history: &history,
                continuations: [None, None, None],
                captures: &captures,
            };
            let mut picker = MovePicker::evasions(&pos, None, &hints, &pos.check_info());
            let picked: Vec<String> = drain(&mut picker, &pos, &hints)
                .iter()
                .map(|p| p.0.to_string())
                .collect();
            assert_eq!(picked, ["a5e5", favoured, other]);
        }
    }
}
