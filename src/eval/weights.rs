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
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-13, -4), Score::new(34, -17),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-37, -11), Score::new(-24, 15),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-39, 0), Score::new(-31, -3),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    // PST advisor
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-32, -94), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(16, -88),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-31, -72), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    // PST elephant
    Score::new(0, 0), Score::new(0, 0), Score::new(-13, -102), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(-59, -100), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(5, -92),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(-55, -104), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    // PST horse
    Score::new(-16, -16), Score::new(-38, -14), Score::new(-4, -3), Score::new(-8, -5), Score::new(-10, -10),
    Score::new(-8, -10), Score::new(-4, -5), Score::new(-11, -5), Score::new(-21, -11), Score::new(-32, -17),
    Score::new(29, 6), Score::new(2, 1), Score::new(35, 12), Score::new(4, 6), Score::new(8, 11),
    Score::new(-2, 0), Score::new(7, 8), Score::new(11, 19), Score::new(9, 12), Score::new(21, 21),
    Score::new(0, -1), Score::new(18, 15), Score::new(19, 23), Score::new(31, 25), Score::new(23, 24),
    Score::new(1, 2), Score::new(16, 19), Score::new(20, 20), Score::new(33, 28), Score::new(32, 35),
    Score::new(7, 7), Score::new(23, 19), Score::new(30, 29), Score::new(39, 38), Score::new(26, 26),
    Score::new(7, 7), Score::new(18, 19), Score::new(21, 18), Score::new(26, 27), Score::new(22, 21),
    Score::new(-2, -3), Score::new(12, 12), Score::new(29, 26), Score::new(17, 15), Score::new(5, 3),
    Score::new(1, 0), Score::new(-6, -6), Score::new(5, 6), Score::new(11, 11), Score::new(0, 0),
    // PST rook
    Score::new(-23, -13), Score::new(8, -1), Score::new(-1, 0), Score::new(5, 4), Score::new(0, 0),
    Score::new(-7, -3), Score::new(4, 4), Score::new(6, 6), Score::new(9, 10), Score::new(3, 6),
    Score::new(-10, 0), Score::new(4, 5), Score::new(7, 5), Score::new(4, 20), Score::new(11, 14),
    Score::new(-2, -3), Score::new(5, 2), Score::new(6, 7), Score::new(12, 12), Score::new(8, 7),
    Score::new(7, 8), Score::new(6, 10), Score::new(14, 14), Score::new(20, 15), Score::new(11, 15),
    Score::new(5, 5), Score::new(15, 13), Score::new(8, 9), Score::new(27, 20), Score::new(23, 23),
    Score::new(13, 18), Score::new(26, 21), Score::new(31, 30), Score::new(23, 29), Score::new(21, 25),
    Score::new(7, 7), Score::new(9, 11), Score::new(4, 5), Score::new(17, 14), Score::new(15, 16),
    Score::new(10, 11), Score::new(30, 21), Score::new(10, 10), Score::new(20, 18), Score::new(27, 27),
    Score::new(7, 6), Score::new(15, 11), Score::new(7, 6), Score::new(17, 11), Score::new(17, 17),
    // PST cannon
    Score::new(-1, 1), Score::new(1, 2), Score::new(-4, 4), Score::new(-2, 8), Score::new(0, 16),
    Score::new(9, 5), Score::new(0, 0), Score::new(0, 2), Score::new(11, 23), Score::new(5, 25),
    Score::new(11, 1), Score::new(-4, -3), Score::new(2, 4), Score::new(9, 10), Score::new(41, 18),
    Score::new(1, 1), Score::new(1, 2), Score::new(-2, -2), Score::new(1, 8), Score::new(4, 5),
    Score::new(-16, -4), Score::new(-5, -1), Score::new(-4, -3), Score::new(-6, 0), Score::new(25, 6),
    Score::new(-1, -5), Score::new(0, 3), Score::new(1, 2), Score::new(3, 5), Score::new(20, 6),
    Score::new(9, -4), Score::new(6, 3), Score::new(1, 0), Score::new(-2, 5), Score::new(15, 4),
    Score::new(2, -7), Score::new(7, -4), Score::new(5, -6), Score::new(2, -5), Score::new(7, -4),
    Score::new(6, -8), Score::new(-1, -3), Score::new(3, -3), Score::new(-7, -7), Score::new(-6, -5),
    Score::new(8, -9), Score::new(20, -5), Score::new(-1, -9), Score::new(-7, -11), Score::new(-11, -10),
    // PST pawn
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(61, 92), Score::new(0, 0), Score::new(37, 85), Score::new(0, 0), Score::new(107, 97),
    Score::new(78, 85), Score::new(0, 0), Score::new(81, 89), Score::new(0, 0), Score::new(61, 75),
    Score::new(89, 158), Score::new(83, 142), Score::new(108, 164), Score::new(100, 166), Score::new(104, 171),
    Score::new(83, 156), Score::new(101, 175), Score::new(126, 212), Score::new(126, 224), Score::new(137, 232),
    Score::new(93, 174), Score::new(114, 198), Score::new(141, 239), Score::new(155, 262), Score::new(162, 272),
    Score::new(90, 177), Score::new(110, 194), Score::new(131, 203), Score::new(155, 234), Score::new(160, 264),
    Score::new(60, 100), Score::new(69, 100), Score::new(80, 113), Score::new(88, 116), Score::new(90, 124),
    // PAWN_PAIR
    Score::new(1, 3),
    // ROOK_MOBILITY 0..=17
    Score::new(-24, -18), Score::new(-19, -16), Score::new(-31, -14), Score::new(-26, -10), Score::new(-14, -8),
    Score::new(-4, -4), Score::new(9, 3), Score::new(7, 8), Score::new(12, 13), Score::new(15, 13),
    Score::new(30, 19), Score::new(26, 28), Score::new(38, 31), Score::new(39, 37), Score::new(49, 33),
    Score::new(46, 40), Score::new(40, 28), Score::new(52, 34),
    // CANNON_MOBILITY 0..=17
    Score::new(-10, -4), Score::new(-4, -4), Score::new(-7, -3), Score::new(0, 0), Score::new(3, 3),
    Score::new(4, 0), Score::new(5, 4), Score::new(17, 1), Score::new(17, 9), Score::new(8, 16),
    Score::new(22, 17), Score::new(24, 15), Score::new(17, 20), Score::new(18, 9), Score::new(19, 11),
    Score::new(24, 14), Score::new(24, 12), Score::new(23, 12),
    // HORSE_MOBILITY 0..=8
    Score::new(-41, -27), Score::new(-33, -27), Score::new(-17, -7), Score::new(-4, 0), Score::new(21, 18),
    Score::new(30, 24), Score::new(34, 28), Score::new(39, 38), Score::new(38, 32),
    // HORSE_BLOCKED 0..=4
    Score::new(40, 47), Score::new(14, 28), Score::new(-5, -8), Score::new(-18, -12), Score::new(-24, -16),
    // MISSING_ADVISOR_ROOK, MISSING_ELEPHANT_CANNON, MISSING_ADVISOR_HORSE
    Score::new(-32, 43), Score::new(-16, 21), Score::new(-17, -1),
    // HOLLOW_CANNON, SCREENED_CANNON, ROOK_PALACE_FILE, HORSE_RAIDER, PAWN_RAIDER
    Score::new(-106, -33), Score::new(-56, -29), Score::new(-56, -49), Score::new(-41, -25), Score::new(-50, 27),
    // KING_ATTACK units 0..=23
    Score::new(0, 0), Score::new(0, 0), Score::new(-2, -1), Score::new(-4, -2), Score::new(-8, -4),
    Score::new(-11, 1), Score::new(-19, -6), Score::new(-22, -3), Score::new(-34, -12), Score::new(-55, -29),
    Score::new(-62, -52), Score::new(-76, -48), Score::new(-88, -58), Score::new(-93, -57), Score::new(-110, -62),
    Score::new(-121, -65), Score::new(-134, -70), Score::new(-148, -76), Score::new(-170, -85), Score::new(-181, -90),
    Score::new(-202, -101), Score::new(-220, -110), Score::new(-242, -121), Score::new(-250, -125),
    // HANGING_TO_MOVE advisor..pawn, HANGING_WAITING advisor..pawn
    Score::new(-3, -3), Score::new(-11, -13), Score::new(-4, -6), Score::new(2, 1), Score::new(-10, -6),
    Score::new(-4, -16), Score::new(-2, -2), Score::new(-4, -2), Score::new(-1, -2), Score::new(0, 0),
    Score::new(-3, -1), Score::new(-4, -10),
    // ATTACKED_BY_LESSER_TO_MOVE horse, rook, cannon; ATTACKED_BY_LESSER_WAITING
    Score::new(-1, 0), Score::new(-1, 2), Score::new(-3, -1), Score::new(0, 0), Score::new(-1, 0),
    Score::new(-2, -1),
];
