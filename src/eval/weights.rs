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
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-13, -2), Score::new(60, -24),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-52, -7), Score::new(-28, 8),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-45, 3), Score::new(-33, 2),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    // PST advisor
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-45, -146), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(22, -147),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-47, -159), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    // PST elephant
    Score::new(0, 0), Score::new(0, 0), Score::new(-19, -184), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(-90, -167), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(13, -175),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(-84, -172), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    // PST horse
    Score::new(-17, -16), Score::new(-47, -14), Score::new(-5, -3), Score::new(-8, -5), Score::new(-10, -10),
    Score::new(-15, -13), Score::new(-5, -6), Score::new(-15, -6), Score::new(-27, -16), Score::new(-41, -21),
    Score::new(31, 6), Score::new(3, 3), Score::new(29, 9), Score::new(3, 6), Score::new(7, 12),
    Score::new(-4, -1), Score::new(6, 8), Score::new(14, 25), Score::new(9, 15), Score::new(27, 30),
    Score::new(0, -1), Score::new(25, 17), Score::new(22, 30), Score::new(32, 26), Score::new(25, 25),
    Score::new(1, 2), Score::new(16, 19), Score::new(20, 18), Score::new(37, 23), Score::new(37, 37),
    Score::new(8, 7), Score::new(24, 18), Score::new(34, 29), Score::new(42, 27), Score::new(26, 22),
    Score::new(8, 7), Score::new(21, 20), Score::new(19, 11), Score::new(27, 28), Score::new(24, 22),
    Score::new(-4, -6), Score::new(14, 13), Score::new(35, 22), Score::new(18, 16), Score::new(5, 2),
    Score::new(1, -1), Score::new(-6, -6), Score::new(5, 6), Score::new(11, 11), Score::new(0, 0),
    // PST rook
    Score::new(-31, -14), Score::new(16, -1), Score::new(-3, -1), Score::new(3, 3), Score::new(0, 0),
    Score::new(-6, -1), Score::new(5, 4), Score::new(9, 8), Score::new(4, 8), Score::new(2, 7),
    Score::new(-10, 2), Score::new(8, 7), Score::new(9, 8), Score::new(-3, 26), Score::new(11, 16),
    Score::new(-1, -3), Score::new(7, 2), Score::new(10, 12), Score::new(14, 14), Score::new(7, 4),
    Score::new(9, 11), Score::new(8, 12), Score::new(19, 18), Score::new(21, 15), Score::new(8, 14),
    Score::new(8, 8), Score::new(19, 16), Score::new(12, 12), Score::new(32, 25), Score::new(25, 26),
    Score::new(17, 24), Score::new(34, 23), Score::new(38, 38), Score::new(18, 29), Score::new(19, 25),
    Score::new(10, 10), Score::new(5, 11), Score::new(4, 7), Score::new(18, 15), Score::new(15, 18),
    Score::new(10, 12), Score::new(36, 24), Score::new(10, 11), Score::new(22, 16), Score::new(28, 27),
    Score::new(8, 7), Score::new(17, 12), Score::new(12, 10), Score::new(18, 9), Score::new(18, 18),
    // PST cannon
    Score::new(-2, 2), Score::new(2, 3), Score::new(-8, 1), Score::new(-4, 7), Score::new(0, 15),
    Score::new(16, 7), Score::new(-1, -1), Score::new(5, 2), Score::new(10, 22), Score::new(7, 26),
    Score::new(17, 1), Score::new(-13, -5), Score::new(7, 4), Score::new(17, 7), Score::new(59, 20),
    Score::new(3, 3), Score::new(-6, 2), Score::new(0, -2), Score::new(0, 6), Score::new(2, 4),
    Score::new(-24, -5), Score::new(-6, -4), Score::new(-11, -4), Score::new(-9, -2), Score::new(38, 4),
    Score::new(-3, -6), Score::new(1, 5), Score::new(2, 3), Score::new(2, 6), Score::new(29, 8),
    Score::new(12, -4), Score::new(3, 2), Score::new(4, 0), Score::new(-10, 2), Score::new(12, 5),
    Score::new(2, -7), Score::new(7, -4), Score::new(4, -6), Score::new(4, -5), Score::new(7, -4),
    Score::new(6, -7), Score::new(-8, -1), Score::new(3, -4), Score::new(-9, -9), Score::new(-7, -5),
    Score::new(17, -4), Score::new(32, -1), Score::new(-1, -8), Score::new(-8, -11), Score::new(-11, -10),
    // PST pawn
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(78, 119), Score::new(0, 0), Score::new(30, 98), Score::new(0, 0), Score::new(130, 114),
    Score::new(84, 101), Score::new(0, 0), Score::new(96, 109), Score::new(0, 0), Score::new(66, 84),
    Score::new(96, 175), Score::new(84, 145), Score::new(129, 177), Score::new(101, 171), Score::new(104, 169),
    Score::new(85, 160), Score::new(102, 179), Score::new(135, 227), Score::new(133, 237), Score::new(141, 239),
    Score::new(94, 176), Score::new(116, 200), Score::new(147, 240), Score::new(160, 271), Score::new(164, 271),
    Score::new(90, 176), Score::new(109, 188), Score::new(133, 191), Score::new(161, 215), Score::new(160, 253),
    Score::new(60, 96), Score::new(68, 88), Score::new(80, 108), Score::new(87, 107), Score::new(90, 120),
    // PAWN_PAIR
    Score::new(2, 8),
    // ROOK_MOBILITY 0..=17
    Score::new(-24, -18), Score::new(-19, -17), Score::new(-39, -15), Score::new(-39, -10), Score::new(-15, -8),
    Score::new(7, -2), Score::new(17, 6), Score::new(15, 12), Score::new(17, 20), Score::new(21, 19),
    Score::new(38, 27), Score::new(33, 39), Score::new(42, 41), Score::new(41, 45), Score::new(57, 39),
    Score::new(52, 51), Score::new(42, 32), Score::new(58, 38),
    // CANNON_MOBILITY 0..=17
    Score::new(-12, -4), Score::new(-3, -4), Score::new(-5, -3), Score::new(2, 1), Score::new(5, 3),
    Score::new(9, 2), Score::new(4, 3), Score::new(23, 0), Score::new(21, 7), Score::new(7, 20),
    Score::new(27, 18), Score::new(28, 17), Score::new(25, 22), Score::new(19, 6), Score::new(16, 9),
    Score::new(25, 14), Score::new(23, 10), Score::new(21, 9),
    // HORSE_MOBILITY 0..=8
    Score::new(-45, -31), Score::new(-37, -34), Score::new(-22, -5), Score::new(-12, 2), Score::new(29, 22),
    Score::new(32, 28), Score::new(42, 18), Score::new(48, 42), Score::new(38, 19),
    // HORSE_BLOCKED 0..=4
    Score::new(42, 30), Score::new(11, 32), Score::new(1, -12), Score::new(-18, -13), Score::new(-24, -16),
    // MISSING_ADVISOR_ROOK, MISSING_ELEPHANT_CANNON, MISSING_ADVISOR_HORSE
    Score::new(-57, 65), Score::new(-23, 55), Score::new(-30, 19),
    // HOLLOW_CANNON, SCREENED_CANNON, ROOK_PALACE_FILE, HORSE_RAIDER, PAWN_RAIDER
    Score::new(-127, -27), Score::new(-75, -40), Score::new(-42, -57), Score::new(-52, -1), Score::new(-80, 59),
    // KING_ATTACK units 0..=23
    Score::new(0, 0), Score::new(0, 0), Score::new(-2, -1), Score::new(-4, -2), Score::new(-8, -4),
    Score::new(-11, 8), Score::new(-19, 2), Score::new(-23, 8), Score::new(-29, 0), Score::new(-55, -22),
    Score::new(-66, -56), Score::new(-82, -58), Score::new(-96, -69), Score::new(-101, -72), Score::new(-116, -73),
    Score::new(-124, -73), Score::new(-136, -73), Score::new(-151, -79), Score::new(-174, -87), Score::new(-181, -90),
    Score::new(-203, -102), Score::new(-220, -110), Score::new(-242, -121), Score::new(-250, -125),
    // HANGING_TO_MOVE advisor..pawn, HANGING_WAITING advisor..pawn
    Score::new(-4, -5), Score::new(-18, -21), Score::new(-13, -15), Score::new(2, 2), Score::new(-20, -12),
    Score::new(-3, -25), Score::new(-3, -3), Score::new(-7, -4), Score::new(-5, -6), Score::new(0, 0),
    Score::new(-7, -2), Score::new(-8, -17),
    // ATTACKED_BY_LESSER_TO_MOVE horse, rook, cannon; ATTACKED_BY_LESSER_WAITING
    Score::new(-2, 0), Score::new(-3, 4), Score::new(-6, -2), Score::new(0, 0), Score::new(-2, 0),
    Score::new(-4, -2),
];
