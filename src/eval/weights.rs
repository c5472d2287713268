//! The evaluation weights: middlegame and endgame values per feature, in the order
//! of `hce::feature`. Written by `tune` (trainer); material fitted but the rook's (the unit).

use super::hce::feature::COUNT;
use super::material::Score;

/// One weight per feature.
#[rustfmt::skip]
pub const WEIGHTS: [Score; COUNT] = [
    // MATERIAL (fitted; the rook fixed as the unit): king, advisor, elephant, horse, rook, cannon, pawn
    Score::new(0, 0), Score::new(179, 243), Score::new(235, 254), Score::new(464, 396), Score::new(1000, 1000),
    Score::new(573, 371), Score::new(0, 0),
    // PST king: ranks from the own back rank, files a..e
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(7, 5), Score::new(99, -11),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-79, 9), Score::new(-31, 17),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-65, -25), Score::new(-42, -17),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    // PST advisor
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-51, -217), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(13, -214),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-70, -219), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    // PST elephant
    Score::new(0, 0), Score::new(0, 0), Score::new(-17, -235), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(-79, -224), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(36, -238),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(-94, -217), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    // PST horse
    Score::new(-18, -14), Score::new(-79, -16), Score::new(-9, -9), Score::new(-9, -9), Score::new(-10, -10),
    Score::new(-48, -26), Score::new(-11, -11), Score::new(-32, -1), Score::new(-30, -19), Score::new(-49, -32),
    Score::new(-18, -15), Score::new(-1, 2), Score::new(-8, 4), Score::new(20, 18), Score::new(7, 11),
    Score::new(-9, -1), Score::new(2, 10), Score::new(11, 13), Score::new(12, 12), Score::new(63, 8),
    Score::new(1, 0), Score::new(27, 14), Score::new(51, 32), Score::new(32, 20), Score::new(30, 13),
    Score::new(5, 7), Score::new(17, 13), Score::new(23, 21), Score::new(76, 4), Score::new(50, 24),
    Score::new(0, 0), Score::new(59, 35), Score::new(53, 26), Score::new(68, 12), Score::new(4, 5),
    Score::new(20, 18), Score::new(26, 17), Score::new(12, 2), Score::new(34, 34), Score::new(36, 36),
    Score::new(-6, -10), Score::new(21, 23), Score::new(54, 20), Score::new(17, 15), Score::new(5, 2),
    Score::new(5, 1), Score::new(-6, -3), Score::new(9, 14), Score::new(11, 11), Score::new(0, 0),
    // PST rook
    Score::new(-42, -16), Score::new(28, 1), Score::new(1, -5), Score::new(-3, -3), Score::new(0, 0),
    Score::new(-32, -3), Score::new(6, 3), Score::new(-3, 6), Score::new(-17, 0), Score::new(-2, 8),
    Score::new(-17, 21), Score::new(19, 12), Score::new(9, 16), Score::new(-14, 27), Score::new(13, 28),
    Score::new(7, 8), Score::new(39, 19), Score::new(22, 23), Score::new(16, 13), Score::new(16, 11),
    Score::new(17, 17), Score::new(33, 21), Score::new(30, 26), Score::new(19, 6), Score::new(11, 16),
    Score::new(16, 16), Score::new(27, 26), Score::new(28, 23), Score::new(24, 16), Score::new(26, 28),
    Score::new(8, 16), Score::new(30, 21), Score::new(48, 32), Score::new(21, 17), Score::new(21, 25),
    Score::new(14, 14), Score::new(6, 14), Score::new(11, 16), Score::new(27, 22), Score::new(21, 26),
    Score::new(9, 12), Score::new(54, 26), Score::new(16, 17), Score::new(32, 18), Score::new(33, 32),
    Score::new(8, 9), Score::new(23, 13), Score::new(21, 22), Score::new(28, 12), Score::new(23, 22),
    // PST cannon
    Score::new(-7, -2), Score::new(-4, -2), Score::new(-4, -3), Score::new(2, 6), Score::new(-1, 10),
    Score::new(22, 3), Score::new(-6, -5), Score::new(30, 1), Score::new(2, 14), Score::new(15, 21),
    Score::new(29, -6), Score::new(1, 0), Score::new(33, -1), Score::new(35, -3), Score::new(57, 2),
    Score::new(6, 7), Score::new(-14, 1), Score::new(5, -1), Score::new(0, 6), Score::new(6, 3),
    Score::new(-19, -1), Score::new(-3, -6), Score::new(-2, -2), Score::new(-5, 0), Score::new(48, -7),
    Score::new(2, -5), Score::new(-15, 5), Score::new(5, 6), Score::new(-7, 0), Score::new(51, -5),
    Score::new(10, -7), Score::new(-13, 2), Score::new(7, -4), Score::new(-23, -6), Score::new(7, -1),
    Score::new(6, -5), Score::new(-20, -9), Score::new(-6, -14), Score::new(-6, -8), Score::new(-1, -7),
    Score::new(13, 1), Score::new(-24, 6), Score::new(-2, -6), Score::new(-10, -13), Score::new(-11, -5),
    Score::new(63, 7), Score::new(58, -1), Score::new(-5, -5), Score::new(-15, -14), Score::new(-15, -14),
    // PST pawn
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(57, 104), Score::new(0, 0), Score::new(45, 116), Score::new(0, 0), Score::new(132, 117),
    Score::new(53, 107), Score::new(0, 0), Score::new(95, 105), Score::new(0, 0), Score::new(105, 126),
    Score::new(87, 145), Score::new(102, 160), Score::new(158, 184), Score::new(136, 197), Score::new(133, 188),
    Score::new(91, 161), Score::new(107, 145), Score::new(192, 114), Score::new(137, 211), Score::new(136, 208),
    Score::new(93, 170), Score::new(117, 115), Score::new(145, 206), Score::new(182, 310), Score::new(171, 273),
    Score::new(84, 151), Score::new(107, 133), Score::new(144, 189), Score::new(188, 236), Score::new(164, 261),
    Score::new(60, 81), Score::new(67, 72), Score::new(80, 108), Score::new(88, 104), Score::new(90, 118),
    // PAWN_PAIR
    Score::new(10, -10),
    // ROOK_MOBILITY 0..=17
    Score::new(-27, -18), Score::new(-30, -20), Score::new(-39, -19), Score::new(-22, -7), Score::new(-6, -4),
    Score::new(16, 7), Score::new(32, 19), Score::new(32, 27), Score::new(30, 40), Score::new(39, 35),
    Score::new(40, 46), Score::new(44, 48), Score::new(46, 51), Score::new(43, 54), Score::new(67, 43),
    Score::new(64, 55), Score::new(64, 40), Score::new(72, 42),
    // CANNON_MOBILITY 0..=17
    Score::new(-17, -4), Score::new(-10, -5), Score::new(4, -4), Score::new(2, -2), Score::new(7, 0),
    Score::new(18, 1), Score::new(16, -3), Score::new(26, -3), Score::new(25, -2), Score::new(24, 10),
    Score::new(28, 4), Score::new(32, 0), Score::new(43, -1), Score::new(26, 1), Score::new(23, 7),
    Score::new(26, 6), Score::new(26, 5), Score::new(21, 2),
    // HORSE_MOBILITY 0..=8
    Score::new(-58, -49), Score::new(-32, -42), Score::new(-20, 6), Score::new(-2, 19), Score::new(23, 17),
    Score::new(38, 13), Score::new(57, -6), Score::new(65, -4), Score::new(59, -17),
    // HORSE_BLOCKED 0..=4
    Score::new(39, -27), Score::new(32, -26), Score::new(28, -27), Score::new(-8, -11), Score::new(-24, -16),
    // MISSING_ADVISOR_ROOK, MISSING_ELEPHANT_CANNON, MISSING_ADVISOR_HORSE
    Score::new(-94, 6), Score::new(-46, 34), Score::new(-23, -23),
    // HOLLOW_CANNON, SCREENED_CANNON, ROOK_PALACE_FILE, HORSE_RAIDER, PAWN_RAIDER
    Score::new(-193, 6), Score::new(-61, -41), Score::new(1, -27), Score::new(-90, 12), Score::new(-151, 86),
    // KING_ATTACK units 0..=23
    Score::new(0, 0), Score::new(0, 0), Score::new(-2, -1), Score::new(-4, -2), Score::new(-8, 21),
    Score::new(-21, 24), Score::new(-24, 21), Score::new(-38, 14), Score::new(-48, 6), Score::new(-43, -2),
    Score::new(-80, -36), Score::new(-88, -48), Score::new(-83, -66), Score::new(-116, -105), Score::new(-134, -109),
    Score::new(-130, -96), Score::new(-147, -86), Score::new(-163, -89), Score::new(-182, -94), Score::new(-187, -92),
    Score::new(-206, -102), Score::new(-221, -110), Score::new(-242, -121), Score::new(-250, -125),
    // HANGING_TO_MOVE advisor..pawn, HANGING_WAITING advisor..pawn
    Score::new(-10, -11), Score::new(-29, -20), Score::new(-39, -29), Score::new(-9, -1), Score::new(-50, -33),
    Score::new(-3, -40), Score::new(-12, -9), Score::new(-20, -11), Score::new(-28, -20), Score::new(1, 0),
    Score::new(-31, -14), Score::new(-29, -39),
    // ATTACKED_BY_LESSER_TO_MOVE horse, rook, cannon; ATTACKED_BY_LESSER_WAITING
    Score::new(-13, 0), Score::new(-24, 2), Score::new(-22, -8), Score::new(-7, -3), Score::new(-7, -3),
    Score::new(-14, -7),
    // SAFE_CHECKS_THEIRS rook, horse, cannon; SAFE_CHECKS_OURS
    Score::new(-15, -2), Score::new(-11, -3), Score::new(-13, -1), Score::new(-12, -4), Score::new(-10, -6),
    Score::new(-5, -3),
    // GUARDED_CHECKS rook, horse, cannon
    Score::new(-5, 4), Score::new(-8, -4), Score::new(3, 4),
    // LINKED_DEFENDERS advisors, elephants
    Score::new(-3, 4), Score::new(5, 2),
];
