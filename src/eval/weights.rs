//! The evaluation weights: middlegame and endgame values per feature, in the order
//! of `hce::feature`. Written by `tune` (chariot-tools); material is fixed.

use super::hce::feature::COUNT;
use super::material::Score;

/// One weight per feature.
#[rustfmt::skip]
pub const WEIGHTS: [Score; COUNT] = [
    // MATERIAL (fixed: the documents' values): king, advisor, elephant, horse, rook, cannon, pawn
    Score::new(0, 0), Score::new(200, 300), Score::new(200, 300), Score::new(400, 470), Score::new(1000, 1000),
    Score::new(500, 450), Score::new(0, 0),
    // PST king: ranks from the own back rank, files a..e
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-8, 4), Score::new(77, -23),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-64, 3), Score::new(-30, 9),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-51, -11), Score::new(-35, -2),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    // PST advisor
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-53, -196), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(23, -189),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-58, -202), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    // PST elephant
    Score::new(0, 0), Score::new(0, 0), Score::new(-21, -225), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(-98, -210), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(28, -225),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(-99, -207), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    // PST horse
    Score::new(-18, -17), Score::new(-56, -14), Score::new(-7, -4), Score::new(-7, -6), Score::new(-10, -10),
    Score::new(-23, -16), Score::new(-6, -7), Score::new(-17, -6), Score::new(-30, -21), Score::new(-48, -25),
    Score::new(27, 4), Score::new(3, 3), Score::new(16, 4), Score::new(2, 5), Score::new(6, 13),
    Score::new(-5, -1), Score::new(5, 9), Score::new(15, 28), Score::new(9, 16), Score::new(33, 35),
    Score::new(0, -1), Score::new(29, 16), Score::new(27, 33), Score::new(31, 22), Score::new(26, 24),
    Score::new(2, 3), Score::new(17, 18), Score::new(19, 17), Score::new(42, 16), Score::new(41, 34),
    Score::new(5, 3), Score::new(27, 17), Score::new(37, 24), Score::new(46, 21), Score::new(22, 15),
    Score::new(9, 8), Score::new(23, 21), Score::new(17, 6), Score::new(28, 30), Score::new(26, 25),
    Score::new(-6, -9), Score::new(17, 15), Score::new(42, 20), Score::new(18, 16), Score::new(5, 2),
    Score::new(2, -1), Score::new(-6, -6), Score::new(5, 6), Score::new(11, 11), Score::new(0, 0),
    // PST rook
    Score::new(-32, -14), Score::new(26, 0), Score::new(-1, -1), Score::new(4, 3), Score::new(0, 0),
    Score::new(-13, -1), Score::new(9, 5), Score::new(10, 9), Score::new(-1, 6), Score::new(2, 8),
    Score::new(-7, 3), Score::new(10, 8), Score::new(11, 10), Score::new(-9, 31), Score::new(11, 19),
    Score::new(-1, -3), Score::new(13, 3), Score::new(14, 16), Score::new(18, 17), Score::new(8, 4),
    Score::new(10, 13), Score::new(11, 14), Score::new(24, 21), Score::new(19, 12), Score::new(6, 13),
    Score::new(10, 9), Score::new(21, 19), Score::new(18, 16), Score::new(32, 26), Score::new(25, 26),
    Score::new(18, 27), Score::new(34, 24), Score::new(46, 46), Score::new(11, 27), Score::new(18, 23),
    Score::new(13, 13), Score::new(1, 10), Score::new(4, 9), Score::new(19, 16), Score::new(16, 21),
    Score::new(9, 13), Score::new(42, 27), Score::new(11, 13), Score::new(22, 15), Score::new(29, 28),
    Score::new(9, 8), Score::new(19, 13), Score::new(18, 16), Score::new(18, 7), Score::new(19, 19),
    // PST cannon
    Score::new(-3, 1), Score::new(3, 3), Score::new(-10, -1), Score::new(-5, 5), Score::new(-1, 13),
    Score::new(21, 8), Score::new(-1, -3), Score::new(11, 2), Score::new(9, 19), Score::new(8, 25),
    Score::new(19, 1), Score::new(-14, -5), Score::new(10, 3), Score::new(27, 7), Score::new(64, 15),
    Score::new(4, 4), Score::new(-11, 2), Score::new(0, -2), Score::new(-1, 4), Score::new(0, 0),
    Score::new(-30, -6), Score::new(-7, -7), Score::new(-13, -4), Score::new(-11, -5), Score::new(47, 2),
    Score::new(-5, -8), Score::new(1, 7), Score::new(2, 4), Score::new(1, 6), Score::new(36, 7),
    Score::new(15, -5), Score::new(-5, 2), Score::new(7, 1), Score::new(-14, -1), Score::new(6, 2),
    Score::new(2, -8), Score::new(7, -4), Score::new(6, -6), Score::new(4, -5), Score::new(6, -4),
    Score::new(5, -9), Score::new(-14, 0), Score::new(2, -5), Score::new(-10, -10), Score::new(-8, -5),
    Score::new(26, -2), Score::new(41, -1), Score::new(0, -6), Score::new(-8, -11), Score::new(-12, -10),
    // PST pawn
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(83, 129), Score::new(0, 0), Score::new(32, 108), Score::new(0, 0), Score::new(140, 122),
    Score::new(79, 111), Score::new(0, 0), Score::new(98, 120), Score::new(0, 0), Score::new(74, 95),
    Score::new(100, 184), Score::new(85, 147), Score::new(143, 184), Score::new(104, 175), Score::new(105, 170),
    Score::new(85, 161), Score::new(103, 181), Score::new(146, 204), Score::new(137, 240), Score::new(142, 238),
    Score::new(95, 178), Score::new(116, 195), Score::new(149, 233), Score::new(165, 279), Score::new(168, 271),
    Score::new(89, 173), Score::new(109, 180), Score::new(135, 188), Score::new(166, 210), Score::new(160, 248),
    Score::new(60, 93), Score::new(67, 81), Score::new(80, 105), Score::new(87, 103), Score::new(90, 118),
    // PAWN_PAIR
    Score::new(2, 9),
    // ROOK_MOBILITY 0..=17
    Score::new(-24, -18), Score::new(-22, -18), Score::new(-46, -16), Score::new(-40, -9), Score::new(-12, -7),
    Score::new(15, 0), Score::new(21, 7), Score::new(22, 14), Score::new(19, 25), Score::new(27, 24),
    Score::new(45, 33), Score::new(39, 47), Score::new(45, 51), Score::new(40, 50), Score::new(63, 41),
    Score::new(56, 58), Score::new(46, 36), Score::new(61, 41),
    // CANNON_MOBILITY 0..=17
    Score::new(-13, -4), Score::new(-5, -4), Score::new(-4, -3), Score::new(6, 1), Score::new(6, 2),
    Score::new(10, 0), Score::new(3, 1), Score::new(26, -1), Score::new(24, 3), Score::new(9, 20),
    Score::new(27, 15), Score::new(31, 12), Score::new(31, 18), Score::new(19, 1), Score::new(14, 5),
    Score::new(26, 14), Score::new(22, 7), Score::new(19, 4),
    // HORSE_MOBILITY 0..=8
    Score::new(-53, -37), Score::new(-38, -39), Score::new(-23, -6), Score::new(-16, 4), Score::new(25, 15),
    Score::new(34, 23), Score::new(46, 6), Score::new(51, 31), Score::new(39, 11),
    // HORSE_BLOCKED 0..=4
    Score::new(35, 0), Score::new(4, 15), Score::new(5, -19), Score::new(-17, -13), Score::new(-24, -16),
    // MISSING_ADVISOR_ROOK, MISSING_ELEPHANT_CANNON, MISSING_ADVISOR_HORSE
    Score::new(-69, 65), Score::new(-40, 71), Score::new(-42, 12),
    // HOLLOW_CANNON, SCREENED_CANNON, ROOK_PALACE_FILE, HORSE_RAIDER, PAWN_RAIDER
    Score::new(-144, -19), Score::new(-85, -43), Score::new(-22, -54), Score::new(-62, 14), Score::new(-102, 79),
    // KING_ATTACK units 0..=23
    Score::new(0, 0), Score::new(0, 0), Score::new(-2, -1), Score::new(-4, -2), Score::new(-8, -4),
    Score::new(-11, 14), Score::new(-21, 14), Score::new(-25, 16), Score::new(-25, 11), Score::new(-51, -9),
    Score::new(-68, -49), Score::new(-87, -63), Score::new(-99, -74), Score::new(-106, -84), Score::new(-122, -83),
    Score::new(-127, -80), Score::new(-137, -75), Score::new(-154, -82), Score::new(-177, -89), Score::new(-181, -90),
    Score::new(-204, -102), Score::new(-220, -110), Score::new(-242, -121), Score::new(-250, -125),
    // HANGING_TO_MOVE advisor..pawn, HANGING_WAITING advisor..pawn
    Score::new(-5, -6), Score::new(-23, -24), Score::new(-21, -23), Score::new(1, 2), Score::new(-29, -19),
    Score::new(1, -31), Score::new(-5, -4), Score::new(-10, -5), Score::new(-10, -9), Score::new(0, 0),
    Score::new(-11, -3), Score::new(-11, -23),
    // ATTACKED_BY_LESSER_TO_MOVE horse, rook, cannon; ATTACKED_BY_LESSER_WAITING
    Score::new(-4, 0), Score::new(-6, 5), Score::new(-10, -4), Score::new(0, 0), Score::new(-3, 0),
    Score::new(-6, -3),
];
