//! The evaluation weights: middlegame and endgame values per feature, in the order
//! of `hce::feature`. Written by `tune` (trainer); material fitted but the rook's (the unit).

use super::hce::feature::COUNT;
use super::material::Score;

/// One weight per feature.
#[rustfmt::skip]
pub const WEIGHTS: [Score; COUNT] = [
    // MATERIAL (fitted; the rook fixed as the unit): king, advisor, elephant, horse, rook, cannon, pawn
    Score::new(0, 0), Score::new(184, 244), Score::new(233, 255), Score::new(456, 399), Score::new(1000, 1000),
    Score::new(562, 375), Score::new(0, 0),
    // PST king: ranks from the own back rank, files a..e
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(2, 7), Score::new(99, -10),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-78, 7), Score::new(-32, 16),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-62, -25), Score::new(-41, -16),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    // PST advisor
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-50, -218), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(14, -211),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-67, -221), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    // PST elephant
    Score::new(0, 0), Score::new(0, 0), Score::new(-19, -235), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(-83, -224), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(41, -236),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(-95, -217), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    // PST horse
    Score::new(-18, -15), Score::new(-74, -16), Score::new(-9, -8), Score::new(-8, -9), Score::new(-10, -10),
    Score::new(-44, -25), Score::new(-10, -10), Score::new(-28, -3), Score::new(-29, -20), Score::new(-50, -30),
    Score::new(-13, -13), Score::new(0, 2), Score::new(-6, 3), Score::new(15, 15), Score::new(7, 11),
    Score::new(-8, -1), Score::new(3, 10), Score::new(12, 13), Score::new(12, 12), Score::new(59, 10),
    Score::new(1, 0), Score::new(29, 15), Score::new(45, 32), Score::new(34, 21), Score::new(29, 13),
    Score::new(4, 6), Score::new(17, 14), Score::new(23, 21), Score::new(71, 5), Score::new(49, 26),
    Score::new(1, 0), Score::new(52, 33), Score::new(52, 27), Score::new(65, 14), Score::new(9, 7),
    Score::new(17, 16), Score::new(25, 17), Score::new(14, 2), Score::new(33, 33), Score::new(34, 34),
    Score::new(-6, -10), Score::new(20, 22), Score::new(52, 21), Score::new(17, 15), Score::new(5, 2),
    Score::new(4, 0), Score::new(-6, -4), Score::new(8, 12), Score::new(11, 11), Score::new(0, 0),
    // PST rook
    Score::new(-40, -16), Score::new(29, 1), Score::new(2, -4), Score::new(-2, -2), Score::new(0, 0),
    Score::new(-28, -3), Score::new(6, 4), Score::new(0, 7), Score::new(-15, 1), Score::new(-1, 8),
    Score::new(-13, 16), Score::new(16, 11), Score::new(10, 14), Score::new(-15, 27), Score::new(13, 26),
    Score::new(5, 5), Score::new(32, 15), Score::new(20, 22), Score::new(15, 13), Score::new(13, 9),
    Score::new(16, 16), Score::new(28, 20), Score::new(30, 26), Score::new(19, 7), Score::new(10, 16),
    Score::new(14, 15), Score::new(25, 25), Score::new(27, 23), Score::new(25, 17), Score::new(26, 28),
    Score::new(9, 18), Score::new(31, 23), Score::new(48, 37), Score::new(17, 18), Score::new(21, 26),
    Score::new(14, 14), Score::new(6, 14), Score::new(11, 15), Score::new(25, 20), Score::new(20, 25),
    Score::new(9, 12), Score::new(53, 27), Score::new(15, 16), Score::new(30, 18), Score::new(32, 31),
    Score::new(8, 9), Score::new(23, 13), Score::new(22, 22), Score::new(26, 11), Score::new(22, 21),
    // PST cannon
    Score::new(-6, -2), Score::new(-2, -1), Score::new(-6, -3), Score::new(0, 5), Score::new(-1, 10),
    Score::new(22, 3), Score::new(-6, -6), Score::new(25, 1), Score::new(3, 14), Score::new(13, 22),
    Score::new(29, -5), Score::new(2, -1), Score::new(29, 0), Score::new(34, -1), Score::new(57, 6),
    Score::new(5, 6), Score::new(-12, 1), Score::new(4, -2), Score::new(0, 5), Score::new(4, 2),
    Score::new(-23, -3), Score::new(-5, -6), Score::new(-5, -3), Score::new(-6, -1), Score::new(47, -6),
    Score::new(0, -6), Score::new(-11, 5), Score::new(5, 6), Score::new(-5, 1), Score::new(49, -2),
    Score::new(9, -8), Score::new(-11, 1), Score::new(8, -3), Score::new(-22, -6), Score::new(7, 0),
    Score::new(5, -6), Score::new(-15, -8), Score::new(-3, -13), Score::new(-4, -7), Score::new(1, -6),
    Score::new(11, -2), Score::new(-22, 5), Score::new(-1, -6), Score::new(-9, -12), Score::new(-10, -5),
    Score::new(56, 6), Score::new(57, 0), Score::new(-3, -5), Score::new(-13, -13), Score::new(-14, -13),
    // PST pawn
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(56, 108), Score::new(0, 0), Score::new(46, 116), Score::new(0, 0), Score::new(130, 121),
    Score::new(54, 106), Score::new(0, 0), Score::new(93, 106), Score::new(0, 0), Score::new(102, 121),
    Score::new(86, 148), Score::new(97, 155), Score::new(158, 186), Score::new(128, 192), Score::new(126, 184),
    Score::new(89, 160), Score::new(104, 147), Score::new(182, 111), Score::new(139, 214), Score::new(138, 212),
    Score::new(93, 172), Score::new(116, 114), Score::new(146, 209), Score::new(180, 308), Score::new(171, 274),
    Score::new(85, 155), Score::new(107, 137), Score::new(142, 188), Score::new(183, 232), Score::new(163, 258),
    Score::new(60, 83), Score::new(67, 74), Score::new(80, 107), Score::new(88, 104), Score::new(90, 118),
    // PAWN_PAIR
    Score::new(7, -11),
    // ROOK_MOBILITY 0..=17
    Score::new(-26, -18), Score::new(-30, -20), Score::new(-43, -18), Score::new(-25, -7), Score::new(-7, -5),
    Score::new(15, 5), Score::new(31, 16), Score::new(30, 25), Score::new(28, 38), Score::new(37, 33),
    Score::new(41, 44), Score::new(42, 47), Score::new(45, 52), Score::new(43, 54), Score::new(66, 43),
    Score::new(62, 56), Score::new(61, 40), Score::new(71, 44),
    // CANNON_MOBILITY 0..=17
    Score::new(-16, -4), Score::new(-9, -5), Score::new(3, -4), Score::new(2, -1), Score::new(8, 0),
    Score::new(18, 1), Score::new(15, -2), Score::new(26, -3), Score::new(25, -1), Score::new(23, 12),
    Score::new(28, 5), Score::new(32, 0), Score::new(41, 0), Score::new(24, 0), Score::new(20, 6),
    Score::new(26, 7), Score::new(25, 5), Score::new(20, 1),
    // HORSE_MOBILITY 0..=8
    Score::new(-60, -47), Score::new(-36, -43), Score::new(-23, 2), Score::new(-4, 16), Score::new(24, 17),
    Score::new(40, 13), Score::new(59, -5), Score::new(65, -1), Score::new(56, -12),
    // HORSE_BLOCKED 0..=4
    Score::new(37, -28), Score::new(30, -24), Score::new(26, -24), Score::new(-11, -12), Score::new(-24, -16),
    // MISSING_ADVISOR_ROOK, MISSING_ELEPHANT_CANNON, MISSING_ADVISOR_HORSE
    Score::new(-92, 10), Score::new(-53, 40), Score::new(-29, -21),
    // HOLLOW_CANNON, SCREENED_CANNON, ROOK_PALACE_FILE, HORSE_RAIDER, PAWN_RAIDER
    Score::new(-183, 0), Score::new(-67, -41), Score::new(0, -31), Score::new(-89, 12), Score::new(-145, 88),
    // KING_ATTACK units 0..=23
    Score::new(0, 0), Score::new(0, 0), Score::new(-2, -1), Score::new(-4, -2), Score::new(-8, 20),
    Score::new(-18, 24), Score::new(-24, 25), Score::new(-36, 16), Score::new(-44, 8), Score::new(-42, 0),
    Score::new(-80, -38), Score::new(-89, -50), Score::new(-87, -67), Score::new(-117, -103), Score::new(-135, -106),
    Score::new(-131, -94), Score::new(-146, -84), Score::new(-162, -88), Score::new(-182, -93), Score::new(-186, -92),
    Score::new(-206, -102), Score::new(-221, -110), Score::new(-242, -121), Score::new(-250, -125),
    // HANGING_TO_MOVE advisor..pawn, HANGING_WAITING advisor..pawn
    Score::new(-9, -10), Score::new(-29, -22), Score::new(-35, -28), Score::new(-7, -1), Score::new(-47, -32),
    Score::new(-4, -40), Score::new(-10, -8), Score::new(-18, -10), Score::new(-23, -17), Score::new(1, 0),
    Score::new(-26, -11), Score::new(-28, -37),
    // ATTACKED_BY_LESSER_TO_MOVE horse, rook, cannon; ATTACKED_BY_LESSER_WAITING
    Score::new(-11, 0), Score::new(-20, 3), Score::new(-19, -7), Score::new(-5, -2), Score::new(-6, -2),
    Score::new(-12, -6),
];
