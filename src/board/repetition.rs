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
//! number of times it is told ([`GameRules::repetitions`](super::GameRules::repetitions), three by
//! 第4.2.3条).
//!
//! 第27.3条 (a chase of an advisor or elephant made while taking a defensive point that
//! makes a simple draw is idle) is judged on the board by a material test ([`MoveClass::
//! DefensiveChase`]): it holds only for the defender. A piece won through a series of
//! up to [`CHASE_CHECKS`] checks is chased (28.3, 29.1; the AXF book's diagrams 14, 16
//! and 98 under this set). An attack that stood before the
//! move, even as a capture the rules of play forbade (a piece held by a pin or a horse's
//! leg, a king in check), is not made new by a move that only lets it be seen again
//! (细则6). An attack on a piece of the same kind that can take the attacker back for
//! nothing is 兑 (28.5), not a chase; one that cannot really take back (pinned, or
//! mated at once if it does) is chased: 捉兼献 is 捉 (细则5), and so is one whose
//! take-back loses at once, to a check, at least as much as it took (28.6). Not
//! covered: 23.4 of file 004 (a perpetual attack over three or more points that never
//! repeats), chases won through more than [`CHASE_CHECKS`] checks or through a series
//! of exchanges, and a take-back that loses material at once without a check.
//!
//! # Two rule sets
//!
//! [`RuleSet::Chinese`] (the default) is the above. [`RuleSet::Asian`] is the AXF rules
//! as the Asian Xiangqi Federation's rule book states them: perpetual check loses; a
//! side whose every move is a chase, all of one same piece (the pieces are followed round
//! the cycle), loses against a side that does not; checks among the chases make them
//! allowed (one check one chase, several checks one chase: the book's rule 12); a chase
//! is an attack on a piece that has no legal recapture (a pinned or king-facing protector
//! does not count), or a horse's or cannon's attack on a rook however protected, but not
//! an attack on a like piece that can take back (perpetual offer, rule 24), nor a rook's
//! attack from the point it stepped to out of a horse's or cannon's attack on any piece
//! but that horse or cannon (rule 15; diagrams 49 and 78); a
//! piece stepping from one attack to another on a rook held by a horse (it shuts the
//! leg of a horse that would check its king) chases it anew, as does one stepping off it
//! while another goes on attacking it, and the held side's advisor and elephant moves
//! that open or close a line onto the holding horse are no chases of it (rule 19);
//! mate threats and threats to check and capture are not attacks (rules 9 and 38), a
//! pawn's and the king's chases are idle, and one piece chasing two or more in turn is a
//! draw (rule 32).
//!
//! # Words
//!
//! [`Ruling::reason`] and [`GameEnd::reason`](super::GameEnd::reason) say why ("red perpetual chase of the black
//! rook on c7", "black perpetual check", "draw: both sides idle", "natural limit: 60
//! moves without capture"); [`rule_cli`](super::game_end::rule_cli) gives the one-line ruling of a game for the
//! `chariot rule` command.
//!
//! # The natural limit
//!
//! Sixty moves (120 plies) by both sides without a capture is a draw (第4.2.4条; a
//! tournament may set fewer). A side claiming it may count at most ten of its own
//! checks among them (file 001 第23.3条, file 004 第22.2条); [`Position::natural_limit_reached`]
//! asks whether either side could claim.

mod nature;

pub use nature::{
    ruling_value, Chase, MoveClass, Nature, RuleSet, CHASE_CHECKS, MATE_THREAT_CHECKS,
};

use super::mv::Move;
use super::piece::{Color, Piece};
use super::position::Position;
use super::square::Square;

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

    /// The result in the command line's words: `draw`, `red wins`, `black wins`.
    pub fn result(self) -> &'static str {
        match self {
            Verdict::Draw => "draw",
            Verdict::Loses(Color::Red) => "black wins",
            Verdict::Loses(Color::Black) => "red wins",
        }
    }
}

/// What one side's attacking moves round a cycle were (for the reason in words).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Attacks {
    /// Some of its moves gave check.
    pub checks: bool,
    /// Some were threats to mate (杀).
    pub mate_threats: bool,
    /// Some were chases (捉; pawn chases only when they counted).
    pub chases: bool,
    /// The one enemy piece chased by every chasing move, and where it stands at the end
    /// of the cycle.
    pub victim: Option<(Piece, Square)>,
}

impl Attacks {
    /// "perpetual chase of the black rook on c7", "perpetual check and mate threat" …
    fn describe(&self, conduct: Conduct) -> String {
        if conduct == Conduct::PerpetualCheck {
            return "perpetual check".to_string();
        }
        let mut parts = Vec::new();
        if self.checks {
            parts.push("check".to_string());
        }
        if self.mate_threats {
            parts.push("mate threat".to_string());
        }
        if self.chases {
            parts.push(match self.victim {
                Some((piece, sq)) => {
                    format!(
                        "chase of the {} {} on {sq}",
                        piece.color(),
                        piece.kind().name()
                    )
                }
                None => "chase of several pieces".to_string(),
            });
        }
        let list = match parts.len() {
            0 => "attack".to_string(),
            1 => parts.remove(0),
            _ => {
                let last = parts.pop().expect("two or more");
                format!("{} and {last}", parts.join(", "))
            }
        };
        let name = match (self.checks, self.mate_threats, self.chases) {
            (true, false, true) => " (一将一捉)",
            (true, true, false) => " (一将一杀)",
            (false, true, true) => " (一杀一捉)",
            (false, true, false) => " (长杀)",
            (false, false, true) => " (长捉)",
            _ => "",
        };
        format!("perpetual {list}{name}")
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
    /// The rule set it was made under.
    pub rule_set: RuleSet,
    /// What Red's attacking moves were.
    pub red_attacks: Attacks,
    /// What Black's attacking moves were.
    pub black_attacks: Attacks,
}

impl Ruling {
    /// The conduct of `color`.
    pub fn conduct(&self, color: Color) -> Conduct {
        match color {
            Color::Red => self.red,
            Color::Black => self.black,
        }
    }

    /// What `color`'s attacking moves were.
    pub fn attacks(&self, color: Color) -> &Attacks {
        match color {
            Color::Red => &self.red_attacks,
            Color::Black => &self.black_attacks,
        }
    }

    /// What `color` did round the cycle, in words: "red perpetual chase of the black
    /// rook on c7", "black perpetual check", "red idle".
    pub fn describe_side(&self, color: Color) -> String {
        match self.conduct(color) {
            Conduct::Allowed => format!("{color} idle"),
            conduct => format!("{color} {}", self.attacks(color).describe(conduct)),
        }
    }

    /// The reason in words, without the result: the losing side's offence ("red
    /// perpetual chase of the black rook on c7"), or why it is a draw ("both sides
    /// idle", "both sides check perpetually", "both sides attack perpetually: …").
    pub fn detail(&self) -> String {
        match self.verdict {
            Verdict::Loses(color) => self.describe_side(color),
            Verdict::Draw => match (self.red, self.black) {
                (Conduct::Allowed, Conduct::Allowed) => "both sides idle".to_string(),
                (Conduct::PerpetualCheck, Conduct::PerpetualCheck) => {
                    "both sides check perpetually".to_string()
                }
                _ => format!(
                    "both sides attack perpetually: {}, {}",
                    self.describe_side(Color::Red),
                    self.describe_side(Color::Black)
                ),
            },
        }
    }

    /// The reason in words: "red perpetual chase of the black rook on c7", "black
    /// perpetual check", "draw: both sides idle".
    pub fn reason(&self) -> String {
        match self.verdict {
            Verdict::Draw => format!("draw: {}", self.detail()),
            Verdict::Loses(_) => self.detail(),
        }
    }
}

/// One side's tally round a cycle.
#[derive(Clone, Debug)]
struct Tally {
    moves: usize,
    all_checks: bool,
    /// Every move 将, 杀 or 捉.
    all_attacks: bool,
    /// The same with pawn chases counted.
    all_attacks_with_pawns: bool,
    checks: bool,
    mate_threats: bool,
    chases: bool,
    pawn_chases: bool,
    /// Identities of the pieces chased by every chasing move (None before the first).
    victims: Option<Vec<u8>>,
    /// The same with pawn chases counted.
    victims_with_pawns: Option<Vec<u8>>,
}

impl Tally {
    fn new() -> Tally {
        Tally {
            moves: 0,
            all_checks: true,
            all_attacks: true,
            all_attacks_with_pawns: true,
            checks: false,
            mate_threats: false,
            chases: false,
            pawn_chases: false,
            victims: None,
            victims_with_pawns: None,
        }
    }
}

/// Keeps `common` to the ids also in `new` (all of `new` on the first call).
fn intersect(common: &mut Option<Vec<u8>>, new: &[u8]) {
    match common {
        None => *common = Some(new.to_vec()),
        Some(ids) => ids.retain(|id| new.contains(id)),
    }
}

/// No piece: an empty point in the identity map.
const NO_PIECE: u8 = u8::MAX;

impl Position {
    /// The earlier times the current position stood on the board with the same side to
    /// move and no capture since, as indices into [`Position::history`] (the position
    /// before that move), latest first. Only the key is compared. The search stops at a
    /// null move (a pass, which a real game never holds): nothing before it counts.
    pub fn earlier_occurrences(&self) -> impl Iterator<Item = usize> + '_ {
        let len = self.history.len();
        let mut oldest = len - len.min(usize::from(self.rule60));
        if let Some(pass) = self.history[oldest..].iter().rposition(|u| u.mv.is_null()) {
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

    /// The ruling on the latest cycle under the Chinese rule set, when the current
    /// position has stood on the board before (the search's question).
    pub fn repetition_ruling(&self) -> Option<Ruling> {
        self.repetition_ruling_with(RuleSet::Chinese)
    }

    /// [`Position::repetition_ruling`] under `rules`.
    pub fn repetition_ruling_with(&self, rules: RuleSet) -> Option<Ruling> {
        self.last_repetition()
            .map(|start| self.rule_on_with(start, rules))
    }

    /// The ruling under the Chinese rule set once the current position has stood on the
    /// board `times` times (this time included; at least 2): the moves since the first
    /// of those times are judged.
    pub fn repetition_ruling_after(&self, times: usize) -> Option<Ruling> {
        self.repetition_ruling_after_with(times, RuleSet::Chinese)
    }

    /// [`Position::repetition_ruling_after`] under `rules`.
    pub fn repetition_ruling_after_with(&self, times: usize, rules: RuleSet) -> Option<Ruling> {
        let needed = times.max(2) - 1;
        let start = self.earlier_occurrences().nth(needed - 1)?;
        Some(self.rule_on_with(start, rules))
    }

    /// What each move from history index `start` to the last did, in order, under the
    /// Chinese rule set.
    ///
    /// # Panics
    /// When `start` is past the end of the history, or a null move follows it.
    pub fn natures_since(&self, start: usize) -> Vec<Nature> {
        self.natures_since_with(start, RuleSet::Chinese)
    }

    /// [`Position::natures_since`] under `rules`.
    ///
    /// # Panics
    /// As [`Position::natures_since`].
    pub fn natures_since_with(&self, start: usize, rules: RuleSet) -> Vec<Nature> {
        self.classify_since(start, rules, false)
            .into_iter()
            .map(MoveClass::nature)
            .collect()
    }

    /// The finer classification ([`MoveClass`]: 兑, 献, 拦, 跟 … told apart) of each move
    /// from history index `start` to the last, under `rules`.
    ///
    /// # Panics
    /// As [`Position::natures_since`].
    pub fn kinds_since(&self, start: usize, rules: RuleSet) -> Vec<MoveClass> {
        self.classify_since(start, rules, true)
    }

    fn classify_since(&self, start: usize, rules: RuleSet, fine: bool) -> Vec<MoveClass> {
        let mut pos = self.rewound_to(start);
        let mut kinds = Vec::with_capacity(self.history.len() - start);
        for undo in &self.history[start..] {
            kinds.push(nature::classify(&mut pos, undo.mv, rules, fine).kind);
            pos.make_move(undo.mv);
        }
        kinds
    }

    /// Judges the moves from history index `start` to the last under the Chinese rule
    /// set; they should lead from a position back to the same one (as found by
    /// [`Position::last_repetition`]).
    ///
    /// # Panics
    /// When `start` is past the end of the history, or a null move follows it.
    pub fn rule_on(&self, start: usize) -> Ruling {
        self.rule_on_with(start, RuleSet::Chinese)
    }

    /// [`Position::rule_on`] under `rules`. A side's moves are a perpetual check when
    /// every one gives check; forbidden when every one is an attack (将, 杀 — Chinese
    /// only — or 捉, pawn chases counted when both sides attack on every move) and, under
    /// the Asian rule set, the chasing moves all chase one same piece; allowed
    /// otherwise.
    ///
    /// # Panics
    /// As [`Position::rule_on`].
    pub fn rule_on_with(&self, start: usize, rules: RuleSet) -> Ruling {
        let mut pos = self.rewound_to(start);
        // Which piece is which: a piece keeps the id of the point it stood on at the
        // start of the cycle.
        let mut ids = [NO_PIECE; 90];
        for sq in Square::all() {
            if pos.piece_at(sq).is_some() {
                ids[sq.index()] = sq.index() as u8;
            }
        }
        let mut tally = [Tally::new(), Tally::new()];
        // A cycle that has come round more than once meets the same moves again.
        let mut known: Vec<(u64, Move, MoveClass, Vec<Square>)> = Vec::new();
        for (index, undo) in self.history.iter().enumerate().skip(start) {
            let t = &mut tally[pos.side.index()];
            let mv = undo.mv;
            t.moves += 1;
            // Apply the move to the identity map first: victims are named after it.
            ids[mv.to().index()] = ids[mv.from().index()];
            ids[mv.from().index()] = NO_PIECE;
            // A check is the heaviest nature: nothing more to look at.
            if self.move_gave_check(index) {
                t.checks = true;
            } else {
                t.all_checks = false;
                if t.all_attacks_with_pawns {
                    let (kind, victims) = match known.iter().find(|k| k.0 == pos.key && k.1 == mv) {
                        Some((_, _, kind, victims)) => (*kind, victims.clone()),
                        None => {
                            let c = nature::classify(&mut pos, mv, rules, false);
                            known.push((pos.key, mv, c.kind, c.victims.clone()));
                            (c.kind, c.victims)
                        }
                    };
                    let nature = kind.nature();
                    t.all_attacks &= nature.is_attack(false);
                    t.all_attacks_with_pawns &= nature.is_attack(true);
                    let victim_ids: Vec<u8> = victims.iter().map(|sq| ids[sq.index()]).collect();
                    match nature {
                        Nature::MateThreat => t.mate_threats = true,
                        Nature::Chase => {
                            t.chases = true;
                            intersect(&mut t.victims, &victim_ids);
                            intersect(&mut t.victims_with_pawns, &victim_ids);
                        }
                        Nature::PawnChase => {
                            t.pawn_chases = true;
                            intersect(&mut t.victims_with_pawns, &victim_ids);
                        }
                        Nature::Idle | Nature::Check => {}
                    }
                }
            }
            pos.make_move(mv);
        }
        for t in &mut tally {
            if t.moves == 0 {
                t.all_checks = false;
                t.all_attacks = false;
                t.all_attacks_with_pawns = false;
            }
        }
        // Pawn chases count as chases when both sides attack on every move (相互长打,
        // 细则11); the Asian rule set has no such exception: a pawn's chase is idle.
        let mutual = rules == RuleSet::Chinese
            && tally[0].all_attacks_with_pawns
            && tally[1].all_attacks_with_pawns;
        // Under the Asian rule set a perpetual chase is of one same piece.
        let one_piece = |victims: &Option<Vec<u8>>| {
            rules == RuleSet::Chinese || victims.as_ref().is_none_or(|v| !v.is_empty())
        };
        let mut report = [Attacks::default(); 2];
        let mut conduct = [Conduct::Allowed; 2];
        for side in 0..2 {
            let t = &tally[side];
            // Under the Asian rule set a check among the attacks makes them allowed
            // (一将一捉, 数将一捉: the AXF book's rule 12); only a chase on every move is
            // forbidden.
            let checks_allowed = rules == RuleSet::Asian && t.checks;
            let (forbidden, victims, chases) = if checks_allowed {
                (false, &t.victims, t.chases)
            } else if t.all_attacks && one_piece(&t.victims) {
                (true, &t.victims, t.chases)
            } else if mutual && t.all_attacks_with_pawns && one_piece(&t.victims_with_pawns) {
                (true, &t.victims_with_pawns, t.chases || t.pawn_chases)
            } else {
                (false, &t.victims, t.chases)
            };
            conduct[side] = if t.all_checks {
                Conduct::PerpetualCheck
            } else if forbidden {
                Conduct::Forbidden
            } else {
                Conduct::Allowed
            };
            let victim = victims
                .as_ref()
                .and_then(|v| v.first().copied())
                .and_then(|id| ids.iter().position(|&i| i == id))
                .map(|index| {
                    let sq = Square::from_index(index as u8);
                    (pos.piece_at(sq).expect("a tracked piece"), sq)
                });
            report[side] = Attacks {
                checks: t.checks,
                mate_threats: t.mate_threats,
                chases,
                victim,
            };
        }
        let red = conduct[Color::Red.index()];
        let black = conduct[Color::Black.index()];
        Ruling {
            start,
            red,
            black,
            verdict: verdict(red, black),
            rule_set: rules,
            red_attacks: report[Color::Red.index()],
            black_attacks: report[Color::Black.index()],
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

    /// A copy taken back to history index `start`.
    fn rewound_to(&self, start: usize) -> Position {
        assert!(
            start <= self.history.len(),
            "history index {start} out of range"
        );
        assert!(
            !self.history[start..].iter().any(|u| u.mv.is_null()),
            "a null move among the moves to judge"
        );
        let mut pos = self.clone();
        while pos.history.len() > start {
            pos.unmake_move();
        }
        pos
    }
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
    use crate::board::bitboard::Bitboard;
    use crate::board::mv::Move;
    use crate::board::square::Square;

    fn play(pos: &mut Position, moves: &str) {
        for text in moves.split_whitespace() {
            pos.play(Move::parse_iccs(text).expect("ICCS"));
        }
    }

    #[test]
    fn nothing_repeats_across_a_null_move() {
        let mut pos = Position::startpos();
        play(&mut pos, "h0g2");
        pos.make_null_move();
        play(&mut pos, "g2h0");
        pos.make_null_move();
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
        pos.make_null_move();
        play(&mut pos, "g2h0");
        pos.make_null_move();
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
