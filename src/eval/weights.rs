//! The evaluation weights: middlegame and endgame values per feature, in the order
//! of `hce::feature`. Written by `tune` (trainer); material fitted but the rook's (the unit).

use super::hce::feature::COUNT;
use super::material::Score;

/// One weight per feature.
#[rustfmt::skip]
pub const WEIGHTS: [Score; COUNT] = [
    // MATERIAL (fitted; the rook fixed as the unit): king, advisor, elephant, horse, rook, cannon, pawn
    Score::new(0, 0), Score::new(200, 250), Score::new(221, 263), Score::new(425, 428), Score::new(1000, 1000),
    Score::new(521, 422), Score::new(0, 0),
    // PST king: ranks from the own back rank, files a..e
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-9, 9), Score::new(95, -9),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-73, 0), Score::new(-33, 11),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-55, -21), Score::new(-37, -10),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    // PST advisor
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-51, -212), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(30, -194),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-66, -230), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    // PST elephant
    Score::new(0, 0), Score::new(0, 0), Score::new(-25, -233), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(-97, -221), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(54, -229),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(-102, -221), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    // PST horse
    Score::new(-18, -17), Score::new(-68, -16), Score::new(-8, -6), Score::new(-7, -8), Score::new(-10, -10),
    Score::new(-31, -19), Score::new(-7, -8), Score::new(-20, -6), Score::new(-31, -23), Score::new(-51, -27),
    Score::new(10, -4), Score::new(2, 3), Score::new(12, 5), Score::new(4, 7), Score::new(6, 11),
    Score::new(-6, -1), Score::new(5, 10), Score::new(15, 20), Score::new(10, 14), Score::new(43, 21),
    Score::new(1, 0), Score::new(30, 16), Score::new(33, 32), Score::new(39, 26), Score::new(27, 18),
    Score::new(2, 4), Score::new(17, 17), Score::new(21, 19), Score::new(54, 11), Score::new(44, 30),
    Score::new(3, 1), Score::new(33, 23), Score::new(43, 28), Score::new(54, 17), Score::new(19, 13),
    Score::new(11, 10), Score::new(23, 18), Score::new(17, 5), Score::new(30, 31), Score::new(29, 29),
    Score::new(-6, -10), Score::new(18, 17), Score::new(47, 22), Score::new(18, 16), Score::new(5, 2),
    Score::new(2, -2), Score::new(-6, -6), Score::new(6, 7), Score::new(11, 11), Score::new(0, 0),
    // PST rook
    Score::new(-34, -16), Score::new(31, 1), Score::new(2, -2), Score::new(1, 1), Score::new(0, 0),
    Score::new(-16, -1), Score::new(5, 5), Score::new(7, 9), Score::new(-11, 4), Score::new(1, 8),
    Score::new(-7, 4), Score::new(8, 7), Score::new(10, 9), Score::new(-15, 28), Score::new(12, 22),
    Score::new(0, -2), Score::new(14, 5), Score::new(15, 18), Score::new(16, 15), Score::new(9, 5),
    Score::new(11, 13), Score::new(15, 16), Score::new(29, 24), Score::new(17, 9), Score::new(8, 16),
    Score::new(11, 11), Score::new(22, 21), Score::new(23, 20), Score::new(30, 23), Score::new(27, 31),
    Score::new(15, 25), Score::new(35, 26), Score::new(51, 48), Score::new(10, 24), Score::new(21, 28),
    Score::new(14, 14), Score::new(4, 12), Score::new(8, 12), Score::new(20, 16), Score::new(17, 22),
    Score::new(9, 13), Score::new(49, 29), Score::new(13, 14), Score::new(26, 17), Score::new(30, 29),
    Score::new(8, 9), Score::new(22, 15), Score::new(23, 21), Score::new(21, 8), Score::new(20, 20),
    // PST cannon
    Score::new(-4, 0), Score::new(2, 2), Score::new(-10, -2), Score::new(-7, 3), Score::new(-1, 12),
    Score::new(22, 6), Score::new(-4, -6), Score::new(14, 1), Score::new(6, 15), Score::new(9, 25),
    Score::new(26, -1), Score::new(-8, -3), Score::new(15, 2), Score::new(34, 6), Score::new(54, 16),
    Score::new(4, 4), Score::new(-9, 2), Score::new(1, -2), Score::new(-1, 4), Score::new(1, 0),
    Score::new(-31, -7), Score::new(-7, -7), Score::new(-12, -4), Score::new(-10, -4), Score::new(45, -1),
    Score::new(-4, -8), Score::new(-2, 6), Score::new(4, 5), Score::new(0, 4), Score::new(40, 5),
    Score::new(12, -7), Score::new(-3, 0), Score::new(9, 1), Score::new(-19, -5), Score::new(5, 2),
    Score::new(3, -8), Score::new(0, -5), Score::new(3, -8), Score::new(2, -5), Score::new(5, -4),
    Score::new(7, -8), Score::new(-15, 2), Score::new(1, -6), Score::new(-8, -10), Score::new(-8, -5),
    Score::new(37, 1), Score::new(48, 0), Score::new(1, -5), Score::new(-9, -11), Score::new(-12, -11),
    // PST pawn
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(72, 132), Score::new(0, 0), Score::new(41, 113), Score::new(0, 0), Score::new(134, 131),
    Score::new(64, 100), Score::new(0, 0), Score::new(94, 115), Score::new(0, 0), Score::new(82, 101),
    Score::new(94, 174), Score::new(85, 146), Score::new(153, 190), Score::new(108, 177), Score::new(107, 171),
    Score::new(85, 159), Score::new(102, 163), Score::new(154, 129), Score::new(138, 223), Score::new(140, 225),
    Score::new(95, 176), Score::new(114, 139), Score::new(148, 222), Score::new(173, 295), Score::new(170, 274),
    Score::new(88, 166), Score::new(108, 158), Score::new(136, 187), Score::new(170, 218), Score::new(161, 251),
    Score::new(60, 90), Score::new(67, 79), Score::new(80, 105), Score::new(87, 103), Score::new(90, 118),
    // PAWN_PAIR
    Score::new(1, -7),
    // ROOK_MOBILITY 0..=17
    Score::new(-24, -18), Score::new(-27, -19), Score::new(-50, -17), Score::new(-36, -9), Score::new(-7, -7),
    Score::new(17, 2), Score::new(28, 10), Score::new(26, 18), Score::new(23, 30), Score::new(31, 28),
    Score::new(47, 39), Score::new(38, 46), Score::new(46, 55), Score::new(43, 54), Score::new(64, 45),
    Score::new(57, 60), Score::new(50, 37), Score::new(66, 45),
    // CANNON_MOBILITY 0..=17
    Score::new(-14, -4), Score::new(-7, -5), Score::new(-2, -4), Score::new(5, 1), Score::new(4, 0),
    Score::new(15, 2), Score::new(7, 0), Score::new(27, -1), Score::new(25, 2), Score::new(14, 19),
    Score::new(30, 12), Score::new(30, 6), Score::new(34, 10), Score::new(20, 0), Score::new(15, 5),
    Score::new(26, 11), Score::new(23, 6), Score::new(19, 2),
    // HORSE_MOBILITY 0..=8
    Score::new(-62, -42), Score::new(-44, -43), Score::new(-30, -9), Score::new(-11, 6), Score::new(30, 17),
    Score::new(44, 15), Score::new(58, 3), Score::new(59, 13), Score::new(47, 5),
    // HORSE_BLOCKED 0..=4
    Score::new(41, -20), Score::new(20, -5), Score::new(9, -21), Score::new(-18, -14), Score::new(-24, -16),
    // MISSING_ADVISOR_ROOK, MISSING_ELEPHANT_CANNON, MISSING_ADVISOR_HORSE
    Score::new(-94, 37), Score::new(-67, 54), Score::new(-54, -8),
    // HOLLOW_CANNON, SCREENED_CANNON, ROOK_PALACE_FILE, HORSE_RAIDER, PAWN_RAIDER
    Score::new(-156, -15), Score::new(-81, -45), Score::new(-11, -55), Score::new(-78, 11), Score::new(-117, 91),
    // KING_ATTACK units 0..=23
    Score::new(0, 0), Score::new(0, 0), Score::new(-2, -1), Score::new(-4, -2), Score::new(-8, 12),
    Score::new(-12, 21), Score::new(-21, 25), Score::new(-29, 20), Score::new(-31, 13), Score::new(-44, -3),
    Score::new(-76, -46), Score::new(-89, -59), Score::new(-99, -73), Score::new(-113, -93), Score::new(-130, -94),
    Score::new(-131, -87), Score::new(-141, -79), Score::new(-158, -85), Score::new(-180, -91), Score::new(-183, -91),
    Score::new(-205, -102), Score::new(-221, -110), Score::new(-242, -121), Score::new(-250, -125),
    // HANGING_TO_MOVE advisor..pawn, HANGING_WAITING advisor..pawn
    Score::new(-7, -8), Score::new(-28, -25), Score::new(-26, -25), Score::new(-1, 1), Score::new(-36, -25),
    Score::new(-6, -37), Score::new(-7, -6), Score::new(-14, -8), Score::new(-13, -11), Score::new(0, 0),
    Score::new(-15, -5), Score::new(-22, -29),
    // ATTACKED_BY_LESSER_TO_MOVE horse, rook, cannon; ATTACKED_BY_LESSER_WAITING
    Score::new(-6, 0), Score::new(-10, 5), Score::new(-13, -5), Score::new(-1, 0), Score::new(-4, 0),
    Score::new(-8, -4),
];
