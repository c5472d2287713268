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
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-10, -5), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-20, -5), Score::new(-15, 5),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(-35, -10), Score::new(-30, -5),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    // PST advisor: ranks from the own back rank, files a..e
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(5, 5),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    // PST elephant: ranks from the own back rank, files a..e
    Score::new(0, 0), Score::new(0, 0), Score::new(-2, -2), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(5, 5),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    // PST horse: ranks from the own back rank, files a..e
    Score::new(-15, -15), Score::new(-10, -10), Score::new(-5, -5), Score::new(-5, -5), Score::new(-10, -10),
    Score::new(-10, -10), Score::new(-5, -5), Score::new(0, 0), Score::new(0, 0), Score::new(-10, -10),
    Score::new(-5, -5), Score::new(0, 0), Score::new(5, 5), Score::new(5, 5), Score::new(10, 10),
    Score::new(0, 0), Score::new(5, 5), Score::new(10, 10), Score::new(10, 10), Score::new(15, 15),
    Score::new(0, 0), Score::new(10, 10), Score::new(15, 15), Score::new(20, 20), Score::new(20, 20),
    Score::new(0, 0), Score::new(15, 15), Score::new(20, 20), Score::new(25, 25), Score::new(25, 25),
    Score::new(5, 5), Score::new(20, 20), Score::new(25, 25), Score::new(30, 30), Score::new(25, 25),
    Score::new(5, 5), Score::new(15, 15), Score::new(20, 20), Score::new(25, 25), Score::new(20, 20),
    Score::new(0, 0), Score::new(10, 10), Score::new(20, 20), Score::new(15, 15), Score::new(5, 5),
    Score::new(0, 0), Score::new(-5, -5), Score::new(5, 5), Score::new(10, 10), Score::new(0, 0),
    // PST rook: ranks from the own back rank, files a..e
    Score::new(-10, -10), Score::new(0, 0), Score::new(0, 0), Score::new(5, 5), Score::new(0, 0),
    Score::new(-5, -5), Score::new(5, 5), Score::new(5, 5), Score::new(10, 10), Score::new(5, 5),
    Score::new(0, 0), Score::new(5, 5), Score::new(5, 5), Score::new(10, 10), Score::new(10, 10),
    Score::new(0, 0), Score::new(5, 5), Score::new(5, 5), Score::new(10, 10), Score::new(10, 10),
    Score::new(5, 5), Score::new(10, 10), Score::new(10, 10), Score::new(15, 15), Score::new(15, 15),
    Score::new(5, 5), Score::new(10, 10), Score::new(10, 10), Score::new(15, 15), Score::new(15, 15),
    Score::new(10, 10), Score::new(15, 15), Score::new(15, 15), Score::new(20, 20), Score::new(20, 20),
    Score::new(5, 5), Score::new(10, 10), Score::new(5, 5), Score::new(15, 15), Score::new(15, 15),
    Score::new(10, 10), Score::new(15, 15), Score::new(10, 10), Score::new(20, 20), Score::new(25, 25),
    Score::new(5, 5), Score::new(10, 10), Score::new(5, 5), Score::new(15, 15), Score::new(15, 15),
    // PST cannon: ranks from the own back rank, files a..e
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 5), Score::new(0, 10), Score::new(0, 15),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 5), Score::new(5, 15), Score::new(5, 20),
    Score::new(0, 0), Score::new(5, 0), Score::new(5, 5), Score::new(10, 10), Score::new(15, 15),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 5), Score::new(5, 5),
    Score::new(0, 0), Score::new(0, 0), Score::new(5, 0), Score::new(0, 0), Score::new(10, 5),
    Score::new(0, -5), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(10, 0),
    Score::new(0, -5), Score::new(5, 0), Score::new(5, 0), Score::new(5, 0), Score::new(10, 0),
    Score::new(5, -5), Score::new(5, -5), Score::new(5, -5), Score::new(0, -5), Score::new(5, -5),
    Score::new(5, -10), Score::new(5, -5), Score::new(0, -5), Score::new(-5, -5), Score::new(-5, -5),
    Score::new(5, -10), Score::new(5, -10), Score::new(0, -10), Score::new(-5, -10), Score::new(-10, -10),
    // PST pawn: ranks from the own back rank, files a..e
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(45, 55), Score::new(0, 0), Score::new(50, 60), Score::new(0, 0), Score::new(55, 65),
    Score::new(50, 60), Score::new(0, 0), Score::new(55, 65), Score::new(0, 0), Score::new(60, 70),
    Score::new(70, 130), Score::new(80, 140), Score::new(90, 150), Score::new(100, 160), Score::new(100, 170),
    Score::new(80, 150), Score::new(100, 170), Score::new(110, 190), Score::new(120, 210), Score::new(130, 220),
    Score::new(90, 170), Score::new(110, 190), Score::new(130, 220), Score::new(150, 250), Score::new(160, 270),
    Score::new(90, 180), Score::new(110, 200), Score::new(130, 230), Score::new(150, 260), Score::new(160, 280),
    Score::new(60, 100), Score::new(70, 110), Score::new(80, 120), Score::new(90, 130), Score::new(90, 130),
    // PAWN_PAIR
    Score::new(0, 0),
    // ROOK_MOBILITY 0..=17
    Score::new(-24, -18), Score::new(-20, -15), Score::new(-16, -12), Score::new(-12, -9), Score::new(-8, -6),
    Score::new(-4, -3), Score::new(0, 0), Score::new(4, 3), Score::new(8, 6), Score::new(12, 9),
    Score::new(16, 12), Score::new(20, 15), Score::new(24, 18), Score::new(28, 21), Score::new(32, 24),
    Score::new(36, 27), Score::new(40, 30), Score::new(44, 33),
    // CANNON_MOBILITY 0..=17
    Score::new(-8, -4), Score::new(-6, -3), Score::new(-4, -2), Score::new(-2, -1), Score::new(0, 0),
    Score::new(2, 1), Score::new(4, 2), Score::new(6, 3), Score::new(8, 4), Score::new(10, 5),
    Score::new(12, 6), Score::new(14, 7), Score::new(16, 8), Score::new(18, 9), Score::new(20, 10),
    Score::new(22, 11), Score::new(24, 12), Score::new(26, 13),
    // HORSE_MOBILITY 0..=8
    Score::new(-32, -24), Score::new(-24, -18), Score::new(-16, -12), Score::new(-8, -6), Score::new(0, 0),
    Score::new(8, 6), Score::new(16, 12), Score::new(24, 18), Score::new(32, 24),
    // HORSE_BLOCKED 0..=4
    Score::new(0, 0), Score::new(-6, -4), Score::new(-12, -8), Score::new(-18, -12), Score::new(-24, -16),
    // MISSING_ADVISOR_ROOK
    Score::new(-40, -30),
    // MISSING_ELEPHANT_CANNON
    Score::new(-30, -20),
    // MISSING_ADVISOR_HORSE
    Score::new(0, 0),
    // HOLLOW_CANNON
    Score::new(-80, -30),
    // SCREENED_CANNON
    Score::new(-25, -10),
    // ROOK_PALACE_FILE
    Score::new(-30, -15),
    // HORSE_RAIDER
    Score::new(-15, -10),
    // PAWN_RAIDER
    Score::new(-15, -10),
    // KING_ATTACK units 0..=23
    Score::new(0, 0), Score::new(0, 0), Score::new(-2, -1), Score::new(-4, -2), Score::new(-8, -4),
    Score::new(-12, -6), Score::new(-18, -9), Score::new(-24, -12), Score::new(-32, -16), Score::new(-40, -20),
    Score::new(-50, -25), Score::new(-60, -30), Score::new(-72, -36), Score::new(-84, -42), Score::new(-98, -49),
    Score::new(-112, -56), Score::new(-128, -64), Score::new(-144, -72), Score::new(-162, -81), Score::new(-180, -90),
    Score::new(-200, -100), Score::new(-220, -110), Score::new(-242, -121), Score::new(-250, -125),
    // HANGING_TO_MOVE advisor..pawn, HANGING_WAITING advisor..pawn
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    // ATTACKED_BY_LESSER_TO_MOVE horse, rook, cannon; ATTACKED_BY_LESSER_WAITING
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
];
