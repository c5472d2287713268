//! The features of the hand-crafted evaluation ([`hce`](super::hce)) by index, in the
//! order of its weights (`WEIGHTS`, `weights.rs`): each constant names the first index
//! of a block, the next block starting where it ends.

/// Material, by piece kind (fixed: the documents' values).
pub const MATERIAL: usize = 0;
/// Piece-square, by kind: 10 ranks from the own back rank × 5 files folded to
/// the centre.
pub const PST: usize = MATERIAL + 7;
/// Two own pawns side by side across the river.
pub const PAWN_PAIR: usize = PST + 7 * 50;
/// Rook mobility: points it reaches (0..=17).
pub const ROOK_MOBILITY: usize = PAWN_PAIR + 1;
/// Cannon mobility: empty points it can move to (0..=17).
pub const CANNON_MOBILITY: usize = ROOK_MOBILITY + 18;
/// Horse mobility: points it can go to that no enemy pawn covers (0..=8).
pub const HORSE_MOBILITY: usize = CANNON_MOBILITY + 18;
/// 蹩马腿: the horse's blocked legs (0..=4).
pub const HORSE_BLOCKED: usize = HORSE_MOBILITY + 9;
/// 缺仕怕车: missing advisors × enemy rooks.
pub const MISSING_ADVISOR_ROOK: usize = HORSE_BLOCKED + 5;
/// 缺相怕炮: missing elephants × enemy cannons.
pub const MISSING_ELEPHANT_CANNON: usize = MISSING_ADVISOR_ROOK + 1;
/// Missing advisors × enemy horses.
pub const MISSING_ADVISOR_HORSE: usize = MISSING_ELEPHANT_CANNON + 1;
/// 空头炮: an enemy cannon on the king's file with nothing between.
pub const HOLLOW_CANNON: usize = MISSING_ADVISOR_HORSE + 1;
/// An enemy cannon on the king's file with two pieces between.
pub const SCREENED_CANNON: usize = HOLLOW_CANNON + 1;
/// An enemy rook on a palace file reaching into the palace.
pub const ROOK_PALACE_FILE: usize = SCREENED_CANNON + 1;
/// Enemy horses in the palace zone.
pub const HORSE_RAIDER: usize = ROOK_PALACE_FILE + 1;
/// Enemy pawns in the palace zone.
pub const PAWN_RAIDER: usize = HORSE_RAIDER + 1;
/// Attack units on the palace zone when two or more pieces bear on it (0..=23).
pub const KING_ATTACK: usize = PAWN_RAIDER + 1;
/// Own pieces attacked and not defended, by kind (advisor..pawn), with the side
/// to move (it may still save them).
pub const HANGING_TO_MOVE: usize = KING_ATTACK + 24;
/// The same with the other side to move.
pub const HANGING_WAITING: usize = HANGING_TO_MOVE + 6;
/// Own horses, rooks and cannons attacked by a cheaper piece, with the side to
/// move.
pub const ATTACKED_BY_LESSER_TO_MOVE: usize = HANGING_WAITING + 6;
/// The same with the other side to move.
pub const ATTACKED_BY_LESSER_WAITING: usize = ATTACKED_BY_LESSER_TO_MOVE + 3;
/// Checks the enemy has: points from which an enemy rook, horse or cannon would
/// check our king and that one of them reaches in a move (a cannon by a quiet
/// move), counted by kind up to 4; safe ones (nothing of ours guards the point) with
/// the enemy to move.
pub const SAFE_CHECKS_THEIRS: usize = ATTACKED_BY_LESSER_WAITING + 3;
/// Safe checks with us to move.
pub const SAFE_CHECKS_OURS: usize = SAFE_CHECKS_THEIRS + 3;
/// Guarded checks (a point of ours guards), either side to move.
pub const GUARDED_CHECKS: usize = SAFE_CHECKS_OURS + 3;
/// Two advisors guarding each other; two elephants guarding each other (eye empty).
pub const LINKED_DEFENDERS: usize = GUARDED_CHECKS + 3;
/// The king's safe steps: empty or enemy points of the palace nothing of the
/// enemy's attacks (0..=4).
pub const KING_MOBILITY: usize = LINKED_DEFENDERS + 2;
/// Own pieces pinned to the king by an enemy rook (the only piece between).
pub const ROOK_PINS: usize = KING_MOBILITY + 5;
/// Points of the enemy's half that own pieces attack (up to 24).
pub const SPACE: usize = ROOK_PINS + 1;
/// Two or more own pieces hanging or attacked by a cheaper piece, with us to move
/// (one can be saved) and with the enemy to move.
pub const MULTI_THREAT: usize = SPACE + 1;
/// Both rooks, both horses, both cannons.
pub const PAIRS: usize = MULTI_THREAT + 2;
/// Number of features.
pub const COUNT: usize = PAIRS + 3;
