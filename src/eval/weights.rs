//! The evaluation weights: middlegame and endgame values per feature, in the order
//! of `eval::feature`. Written by `tune` (trainer); material fitted but the rook's (the unit).

use super::feature::COUNT;
use super::material::Score;

/// One weight per feature.
#[rustfmt::skip]
pub const WEIGHTS: [Score; COUNT] = [
    // MATERIAL (fitted; the rook fixed as the unit): king, advisor, elephant, horse, rook, cannon, pawn
    Score::new(0, 0), Score::new(171, 241), Score::new(239, 252), Score::new(477, 394), Score::new(1000, 1000),
    Score::new(592, 363), Score::new(0, 0),
    // PST king: ranks from the own back rank, files a..e
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(15, 3), Score::new(101, -12),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-81, 10), Score::new(-31, 17),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-70, -22), Score::new(-44, -17),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    // PST advisor
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-53, -217), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(13, -218),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-76, -218), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    // PST elephant
    Score::new(0, 0), Score::new(0, 0), Score::new(-16, -234), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(-73, -225), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(31, -239),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(-91, -218), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    // PST horse
    Score::new(-18, -14), Score::new(-86, -16), Score::new(-9, -11), Score::new(-9, -9), Score::new(-10, -10),
    Score::new(-55, -28), Score::new(-13, -13), Score::new(-38, 1), Score::new(-31, -17), Score::new(-49, -34),
    Score::new(-21, -18), Score::new(-3, 2), Score::new(-8, 4), Score::new(28, 20), Score::new(9, 11),
    Score::new(-11, -2), Score::new(0, 10), Score::new(10, 13), Score::new(12, 12), Score::new(69, 5),
    Score::new(1, 0), Score::new(23, 13), Score::new(60, 32), Score::new(27, 21), Score::new(32, 13),
    Score::new(7, 8), Score::new(17, 11), Score::new(23, 22), Score::new(85, 3), Score::new(52, 22),
    Score::new(-2, 0), Score::new(69, 35), Score::new(53, 27), Score::new(72, 10), Score::new(-6, 2),
    Score::new(24, 22), Score::new(28, 19), Score::new(8, 4), Score::new(36, 36), Score::new(39, 39),
    Score::new(-6, -10), Score::new(21, 23), Score::new(57, 19), Score::new(17, 15), Score::new(5, 2),
    Score::new(6, 3), Score::new(-6, -3), Score::new(11, 18), Score::new(11, 11), Score::new(0, 0),
    // PST rook
    Score::new(-39, -17), Score::new(24, 1), Score::new(3, -7), Score::new(-3, -5), Score::new(0, 0),
    Score::new(-29, -3), Score::new(7, 3), Score::new(-4, 4), Score::new(-16, -1), Score::new(-4, 8),
    Score::new(-19, 30), Score::new(23, 14), Score::new(9, 20), Score::new(-11, 27), Score::new(13, 30),
    Score::new(11, 12), Score::new(48, 24), Score::new(26, 25), Score::new(18, 13), Score::new(20, 13),
    Score::new(19, 19), Score::new(38, 22), Score::new(32, 26), Score::new(23, 4), Score::new(13, 14),
    Score::new(18, 18), Score::new(27, 28), Score::new(28, 23), Score::new(22, 18), Score::new(26, 29),
    Score::new(5, 14), Score::new(25, 19), Score::new(48, 25), Score::new(26, 17), Score::new(21, 25),
    Score::new(14, 14), Score::new(3, 14), Score::new(9, 18), Score::new(29, 25), Score::new(23, 28),
    Score::new(9, 12), Score::new(51, 24), Score::new(17, 18), Score::new(34, 18), Score::new(35, 34),
    Score::new(6, 7), Score::new(21, 11), Score::new(17, 20), Score::new(32, 14), Score::new(25, 24),
    // PST cannon
    Score::new(-9, -3), Score::new(-6, -4), Score::new(0, -3), Score::new(6, 8), Score::new(-1, 10),
    Score::new(23, 3), Score::new(-5, -3), Score::new(39, 1), Score::new(2, 16), Score::new(19, 19),
    Score::new(28, -8), Score::new(0, 2), Score::new(35, -3), Score::new(37, -6), Score::new(57, -3),
    Score::new(7, 9), Score::new(-14, 1), Score::new(7, -1), Score::new(0, 8), Score::new(10, 5),
    Score::new(-13, 1), Score::new(-2, -6), Score::new(2, -2), Score::new(-4, 2), Score::new(50, -9),
    Score::new(5, -3), Score::new(-22, 5), Score::new(5, 6), Score::new(-9, 0), Score::new(55, -9),
    Score::new(12, -6), Score::new(-17, 4), Score::new(8, -6), Score::new(-25, -6), Score::new(7, -2),
    Score::new(8, -3), Score::new(-27, -9), Score::new(-10, -16), Score::new(-10, -10), Score::new(-5, -9),
    Score::new(17, 6), Score::new(-29, 8), Score::new(-4, -6), Score::new(-12, -15), Score::new(-13, -5),
    Score::new(75, 8), Score::new(60, -3), Score::new(-9, -5), Score::new(-18, -15), Score::new(-17, -16),
    // PST pawn
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(58, 101), Score::new(0, 0), Score::new(43, 117), Score::new(0, 0), Score::new(135, 112),
    Score::new(50, 109), Score::new(0, 0), Score::new(95, 105), Score::new(0, 0), Score::new(106, 134),
    Score::new(89, 145), Score::new(109, 169), Score::new(157, 182), Score::new(147, 204), Score::new(143, 195),
    Score::new(95, 163), Score::new(113, 145), Score::new(205, 120), Score::new(133, 208), Score::new(132, 203),
    Score::new(93, 166), Score::new(120, 121), Score::new(143, 202), Score::new(186, 314), Score::new(171, 272),
    Score::new(83, 146), Score::new(109, 132), Score::new(148, 192), Score::new(196, 239), Score::new(166, 267),
    Score::new(60, 77), Score::new(67, 70), Score::new(80, 110), Score::new(88, 104), Score::new(90, 118),
    // PAWN_PAIR
    Score::new(14, -6),
    // ROOK_MOBILITY 0..=17
    Score::new(-27, -18), Score::new(-27, -20), Score::new(-28, -20), Score::new(-12, -6), Score::new(3, -2),
    Score::new(24, 10), Score::new(36, 23), Score::new(35, 31), Score::new(32, 44), Score::new(43, 37),
    Score::new(38, 50), Score::new(42, 49), Score::new(43, 51), Score::new(39, 55), Score::new(67, 43),
    Score::new(65, 53), Score::new(64, 41), Score::new(70, 42),
    // CANNON_MOBILITY 0..=17
    Score::new(-19, -4), Score::new(-12, -5), Score::new(6, -4), Score::new(1, -2), Score::new(7, 0),
    Score::new(17, 1), Score::new(17, -4), Score::new(26, -3), Score::new(25, -2), Score::new(26, 8),
    Score::new(29, 4), Score::new(34, -1), Score::new(46, -3), Score::new(30, 1), Score::new(27, 7),
    Score::new(28, 6), Score::new(28, 5), Score::new(23, 3),
    // HORSE_MOBILITY 0..=8
    Score::new(-52, -51), Score::new(-25, -40), Score::new(-16, 10), Score::new(0, 21), Score::new(22, 16),
    Score::new(35, 13), Score::new(52, -5), Score::new(64, -7), Score::new(63, -21),
    // HORSE_BLOCKED 0..=4
    Score::new(42, -24), Score::new(34, -27), Score::new(30, -32), Score::new(-3, -11), Score::new(-24, -16),
    // MISSING_ADVISOR_ROOK, MISSING_ELEPHANT_CANNON, MISSING_ADVISOR_HORSE
    Score::new(-102, -2), Score::new(-37, 29), Score::new(-17, -28),
    // HOLLOW_CANNON, SCREENED_CANNON, ROOK_PALACE_FILE, HORSE_RAIDER, PAWN_RAIDER
    Score::new(-208, 17), Score::new(-53, -42), Score::new(4, -25), Score::new(-88, 8), Score::new(-160, 81),
    // KING_ATTACK units 0..=23
    Score::new(0, 0), Score::new(0, 0), Score::new(-2, -1), Score::new(-4, -2), Score::new(-8, 21),
    Score::new(-25, 22), Score::new(-24, 16), Score::new(-40, 11), Score::new(-52, 3), Score::new(-41, -7),
    Score::new(-78, -35), Score::new(-86, -46), Score::new(-76, -67), Score::new(-112, -107), Score::new(-130, -113),
    Score::new(-126, -100), Score::new(-149, -88), Score::new(-165, -91), Score::new(-182, -94), Score::new(-189, -92),
    Score::new(-206, -102), Score::new(-221, -110), Score::new(-242, -121), Score::new(-250, -125),
    // HANGING_TO_MOVE advisor..pawn, HANGING_WAITING advisor..pawn
    Score::new(-12, -13), Score::new(-28, -18), Score::new(-42, -30), Score::new(-12, -1), Score::new(-54, -35),
    Score::new(1, -40), Score::new(-16, -11), Score::new(-22, -11), Score::new(-37, -25), Score::new(1, 0),
    Score::new(-41, -18), Score::new(-28, -41),
    // ATTACKED_BY_LESSER_TO_MOVE horse, rook, cannon; ATTACKED_BY_LESSER_WAITING
    Score::new(-17, 0), Score::new(-31, 2), Score::new(-26, -9), Score::new(-11, -5), Score::new(-9, -5),
    Score::new(-18, -9),
    // SAFE_CHECKS_THEIRS rook, horse, cannon; SAFE_CHECKS_OURS
    Score::new(-38, -1), Score::new(-28, -6), Score::new(-29, 1), Score::new(-28, -8), Score::new(-25, -11),
    Score::new(-12, -5),
    // GUARDED_CHECKS rook, horse, cannon
    Score::new(-3, 5), Score::new(-15, -6), Score::new(3, 9),
    // LINKED_DEFENDERS advisors, elephants
    Score::new(-7, 8), Score::new(13, 2),
    // KING_MOBILITY 0..=4
    Score::new(-2, -16), Score::new(-9, 3), Score::new(0, 1), Score::new(7, 10), Score::new(4, 2),
    // ROOK_PINS, SPACE
    Score::new(-9, -11), Score::new(6, -5),
    // MULTI_THREAT to move, waiting; PAIRS rooks, horses, cannons
    Score::new(-6, -2), Score::new(-1, -1), Score::new(17, 7), Score::new(-5, -5), Score::new(-2, -9),
];
