//! The evaluation weights: middlegame and endgame values per feature, in the order
//! of `hce::feature`. Written by `tune` (trainer); material fitted but the rook's (the unit).

use super::hce::feature::COUNT;
use super::material::Score;

/// One weight per feature.
#[rustfmt::skip]
pub const WEIGHTS: [Score; COUNT] = [
    // MATERIAL (fitted; the rook fixed as the unit): king, advisor, elephant, horse, rook, cannon, pawn
    Score::new(0, 0), Score::new(190, 240), Score::new(229, 248), Score::new(446, 399), Score::new(1000, 1000),
    Score::new(549, 386), Score::new(0, 0),
    // PST king: ranks from the own back rank, files a..e
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-3, 10), Score::new(99, -9),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-76, 5), Score::new(-33, 14),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-59, -25), Score::new(-39, -15),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    // PST advisor
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-52, -222), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(20, -206),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-65, -225), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    // PST elephant
    Score::new(0, 0), Score::new(0, 0), Score::new(-22, -240), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(-88, -226), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(47, -235),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(-98, -219), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    // PST horse
    Score::new(-18, -16), Score::new(-71, -17), Score::new(-9, -7), Score::new(-8, -9), Score::new(-10, -10),
    Score::new(-39, -23), Score::new(-9, -9), Score::new(-25, -4), Score::new(-29, -22), Score::new(-52, -29),
    Score::new(-7, -10), Score::new(1, 2), Score::new(-1, 4), Score::new(10, 11), Score::new(7, 11),
    Score::new(-7, -1), Score::new(4, 10), Score::new(13, 14), Score::new(12, 13), Score::new(54, 13),
    Score::new(1, 0), Score::new(31, 16), Score::new(40, 32), Score::new(38, 23), Score::new(28, 14),
    Score::new(3, 5), Score::new(17, 16), Score::new(23, 20), Score::new(65, 5), Score::new(47, 27),
    Score::new(2, 0), Score::new(44, 30), Score::new(50, 28), Score::new(61, 14), Score::new(14, 9),
    Score::new(14, 13), Score::new(24, 17), Score::new(16, 3), Score::new(32, 32), Score::new(32, 32),
    Score::new(-6, -10), Score::new(19, 20), Score::new(50, 22), Score::new(17, 15), Score::new(5, 2),
    Score::new(3, -1), Score::new(-6, -5), Score::new(7, 10), Score::new(11, 11), Score::new(0, 0),
    // PST rook
    Score::new(-39, -16), Score::new(31, 1), Score::new(3, -3), Score::new(-1, -1), Score::new(0, 0),
    Score::new(-22, -2), Score::new(5, 4), Score::new(4, 8), Score::new(-13, 2), Score::new(0, 8),
    Score::new(-10, 11), Score::new(12, 9), Score::new(11, 12), Score::new(-16, 28), Score::new(13, 25),
    Score::new(2, 2), Score::new(24, 11), Score::new(18, 21), Score::new(15, 14), Score::new(11, 7),
    Score::new(14, 15), Score::new(23, 18), Score::new(30, 26), Score::new(19, 8), Score::new(9, 16),
    Score::new(12, 13), Score::new(23, 23), Score::new(26, 22), Score::new(27, 19), Score::new(27, 30),
    Score::new(11, 21), Score::new(32, 24), Score::new(49, 43), Score::new(13, 20), Score::new(21, 28),
    Score::new(14, 14), Score::new(5, 13), Score::new(10, 14), Score::new(23, 18), Score::new(19, 24),
    Score::new(9, 12), Score::new(52, 28), Score::new(13, 15), Score::new(28, 18), Score::new(31, 30),
    Score::new(8, 9), Score::new(23, 14), Score::new(23, 22), Score::new(24, 10), Score::new(21, 20),
    // PST cannon
    Score::new(-5, -1), Score::new(0, 0), Score::new(-8, -3), Score::new(-3, 4), Score::new(-1, 10),
    Score::new(22, 4), Score::new(-6, -7), Score::new(20, 1), Score::new(5, 14), Score::new(11, 23),
    Score::new(29, -4), Score::new(0, -2), Score::new(25, 1), Score::new(35, 2), Score::new(57, 10),
    Score::new(4, 5), Score::new(-11, 1), Score::new(3, -2), Score::new(0, 5), Score::new(3, 1),
    Score::new(-28, -5), Score::new(-9, -7), Score::new(-9, -4), Score::new(-7, -2), Score::new(47, -4),
    Score::new(-2, -7), Score::new(-7, 5), Score::new(5, 6), Score::new(-3, 2), Score::new(47, 1),
    Score::new(8, -9), Score::new(-8, 0), Score::new(9, -1), Score::new(-21, -6), Score::new(7, 1),
    Score::new(4, -7), Score::new(-9, -7), Score::new(0, -11), Score::new(-1, -6), Score::new(3, -5),
    Score::new(9, -5), Score::new(-20, 4), Score::new(0, -6), Score::new(-8, -11), Score::new(-9, -5),
    Score::new(48, 4), Score::new(55, 0), Score::new(-1, -5), Score::new(-11, -12), Score::new(-13, -12),
    // PST pawn
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(57, 113), Score::new(0, 0), Score::new(47, 117), Score::new(0, 0), Score::new(130, 126),
    Score::new(56, 103), Score::new(0, 0), Score::new(91, 107), Score::new(0, 0), Score::new(98, 114),
    Score::new(87, 153), Score::new(92, 150), Score::new(159, 190), Score::new(120, 187), Score::new(118, 179),
    Score::new(87, 159), Score::new(102, 150), Score::new(168, 98), Score::new(141, 215), Score::new(140, 216),
    Score::new(94, 174), Score::new(114, 112), Score::new(147, 212), Score::new(178, 305), Score::new(171, 274),
    Score::new(86, 160), Score::new(107, 143), Score::new(139, 185), Score::new(178, 227), Score::new(162, 254),
    Score::new(60, 85), Score::new(67, 76), Score::new(80, 106), Score::new(87, 103), Score::new(90, 118),
    // PAWN_PAIR
    Score::new(4, -13),
    // ROOK_MOBILITY 0..=17
    Score::new(-25, -18), Score::new(-29, -20), Score::new(-48, -18), Score::new(-30, -8), Score::new(-7, -6),
    Score::new(16, 4), Score::new(31, 13), Score::new(28, 22), Score::new(27, 35), Score::new(35, 31),
    Score::new(44, 42), Score::new(40, 47), Score::new(46, 55), Score::new(43, 55), Score::new(65, 44),
    Score::new(60, 59), Score::new(56, 38), Score::new(69, 44),
    // CANNON_MOBILITY 0..=17
    Score::new(-15, -4), Score::new(-8, -5), Score::new(1, -4), Score::new(3, 0), Score::new(8, 0),
    Score::new(18, 1), Score::new(12, -2), Score::new(27, -2), Score::new(26, 0), Score::new(20, 15),
    Score::new(29, 7), Score::new(32, 2), Score::new(39, 3), Score::new(22, -1), Score::new(17, 5),
    Score::new(26, 8), Score::new(24, 5), Score::new(19, -1),
    // HORSE_MOBILITY 0..=8
    Score::new(-62, -45), Score::new(-41, -44), Score::new(-28, -3), Score::new(-7, 12), Score::new(28, 17),
    Score::new(43, 13), Score::new(62, -5), Score::new(64, 1), Score::new(53, -8),
    // HORSE_BLOCKED 0..=4
    Score::new(38, -33), Score::new(27, -21), Score::new(22, -22), Score::new(-15, -13), Score::new(-24, -16),
    // MISSING_ADVISOR_ROOK, MISSING_ELEPHANT_CANNON, MISSING_ADVISOR_HORSE
    Score::new(-93, 19), Score::new(-63, 47), Score::new(-40, -15),
    // HOLLOW_CANNON, SCREENED_CANNON, ROOK_PALACE_FILE, HORSE_RAIDER, PAWN_RAIDER
    Score::new(-173, -8), Score::new(-77, -43), Score::new(-3, -44), Score::new(-87, 13), Score::new(-137, 96),
    // KING_ATTACK units 0..=23
    Score::new(0, 0), Score::new(0, 0), Score::new(-2, -1), Score::new(-4, -2), Score::new(-8, 20),
    Score::new(-15, 25), Score::new(-23, 30), Score::new(-33, 20), Score::new(-39, 12), Score::new(-41, 3),
    Score::new(-80, -41), Score::new(-90, -53), Score::new(-92, -69), Score::new(-118, -101), Score::new(-135, -103),
    Score::new(-132, -92), Score::new(-144, -82), Score::new(-161, -87), Score::new(-182, -92), Score::new(-185, -92),
    Score::new(-206, -102), Score::new(-221, -110), Score::new(-242, -121), Score::new(-250, -125),
    // HANGING_TO_MOVE advisor..pawn, HANGING_WAITING advisor..pawn
    Score::new(-8, -9), Score::new(-29, -23), Score::new(-31, -27), Score::new(-4, 0), Score::new(-43, -30),
    Score::new(-6, -40), Score::new(-8, -7), Score::new(-16, -9), Score::new(-18, -14), Score::new(1, 0),
    Score::new(-21, -8), Score::new(-27, -34),
    // ATTACKED_BY_LESSER_TO_MOVE horse, rook, cannon; ATTACKED_BY_LESSER_WAITING
    Score::new(-8, 0), Score::new(-15, 4), Score::new(-16, -6), Score::new(-3, -1), Score::new(-5, -1),
    Score::new(-10, -5),
];
