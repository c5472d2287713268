//! The hand-crafted evaluation: material, piece-square tables, mobility, and the
//! positional knowledge the source documents name, as a weighted sum of features.
//!
//! Every feature is counted for each side from its own point of view (Red's count
//! minus Black's is what is weighed), so the colour-flipped position scores the same
//! for the side to move; the piece-square features fold the board left-right, so the
//! mirrored position does too. The features are numbered in [`feature`] (`feature.rs`);
//! their weights ([`WEIGHTS`], in `weights.rs`) are middlegame/endgame pairs; material
//! is the documents' values and stays fixed, the rest is tuned by `tune` (trainer) on
//! self-play positions.

/// The feature indices, also reachable here as `hce::feature` (the tuner's path).
pub use super::feature;
use super::feature::*;
use super::material::{phase, Score};
pub use super::weights::WEIGHTS;
use crate::board::attacks::{
    between, cannon_attacks, elephant_moves, file_occupancy, horse_attackers, horse_moves,
    rook_attacks, ADVISOR_STEPS, HORSE_STEPS, KING_STEPS, PAWN_STEPS,
};
use crate::board::{Bitboard, Color, PieceKind, Position, Square};

/// The group a feature is reported under by `eval`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Group {
    Material,
    Placement,
    Mobility,
    MissingDefenders,
    KingSafety,
    Threats,
}

/// The group of feature `f`.
pub fn group(f: usize) -> Group {
    match f {
        _ if f < PST => Group::Material,
        _ if f < ROOK_MOBILITY => Group::Placement,
        _ if f < MISSING_ADVISOR_ROOK => Group::Mobility,
        _ if f < HOLLOW_CANNON => Group::MissingDefenders,
        _ if f < HANGING_TO_MOVE => Group::KingSafety,
        _ if f < SAFE_CHECKS_THEIRS => Group::Threats,
        _ if f < LINKED_DEFENDERS => Group::KingSafety,
        _ if f < KING_MOBILITY => Group::Placement,
        _ if f < SPACE => Group::KingSafety,
        _ if f < MULTI_THREAT => Group::Mobility,
        _ if f < PAIRS => Group::Threats,
        _ => Group::Material,
    }
}

/// Where the features of one side are counted.
pub trait Sink {
    fn add(&mut self, feature: usize, count: i32);

    /// A piece of `color` on `sq`: its material and piece-square features.
    #[inline(always)]
    fn piece(&mut self, kind: PieceKind, color: Color, sq: Square) {
        self.add(MATERIAL + kind.index(), 1);
        self.add(pst_feature(kind, color, sq), 1);
    }
}

/// Sums the weighted features.
struct Sum(Score);

impl Sink for Sum {
    #[inline(always)]
    fn add(&mut self, feature: usize, count: i32) {
        self.0 += WEIGHTS[feature] * count;
    }

    /// Material and placement at once, from [`PSQ`].
    #[inline(always)]
    fn piece(&mut self, kind: PieceKind, color: Color, sq: Square) {
        self.0 += PSQ[color.index()][kind.index()][sq.index()];
    }
}

/// `PSQ[color][kind][sq]`: the weights of a piece's material and piece-square
/// features together (what [`Sink::piece`] adds, in one lookup).
static PSQ: [[[Score; 90]; 7]; 2] = {
    let mut t = [[[Score::ZERO; 90]; 7]; 2];
    let mut c = 0;
    while c < 2 {
        let color = Color::ALL[c];
        let mut k = 0;
        while k < 7 {
            let material = WEIGHTS[MATERIAL + k];
            let mut i = 0;
            while i < 90 {
                let place = WEIGHTS[pst_index(k, color, Square::from_index(i as u8))];
                t[c][k][i] = Score::new(material.mg + place.mg, material.eg + place.eg);
                i += 1;
            }
            k += 1;
        }
        c += 1;
    }
    t
};

/// The piece-square feature for a piece of `color` on `sq`.
#[inline]
pub fn pst_feature(kind: PieceKind, color: Color, sq: Square) -> usize {
    pst_index(kind.index(), color, sq)
}

/// [`pst_feature`] by the kind's index.
const fn pst_index(kind: usize, color: Color, sq: Square) -> usize {
    let rel = match color {
        Color::Red => sq,
        Color::Black => sq.flip_rank(),
    };
    let file = rel.file();
    let folded = if file < 8 - file { file } else { 8 - file } as usize;
    PST + kind * 50 + rel.rank() as usize * 5 + folded
}

/// Per-side evaluation terms, each from that side's point of view.
#[derive(Clone, Copy, Default, Debug)]
pub struct Terms {
    pub material: Score,
    pub placement: Score,
    pub mobility: Score,
    /// 缺仕怕车 / 缺相怕炮: missing defenders against the enemy's rooks and cannons.
    pub missing_defenders: Score,
    /// Open files toward the palace, cannons aimed at the king, attackers near it.
    pub king_safety: Score,
    /// Pieces left hanging or attacked by cheaper ones.
    pub threats: Score,
}

impl Terms {
    pub fn total(&self) -> Score {
        self.material
            + self.placement
            + self.mobility
            + self.missing_defenders
            + self.king_safety
            + self.threats
    }
}

impl Sink for Terms {
    fn add(&mut self, feature: usize, count: i32) {
        let w = WEIGHTS[feature] * count;
        match group(feature) {
            Group::Material => self.material += w,
            Group::Placement => self.placement += w,
            Group::Mobility => self.mobility += w,
            Group::MissingDefenders => self.missing_defenders += w,
            Group::KingSafety => self.king_safety += w,
            Group::Threats => self.threats += w,
        }
    }
}

/// The full breakdown: per-side terms, the phase and the drawishness scale.
#[derive(Clone, Debug)]
pub struct Breakdown {
    pub terms: [Terms; 2],
    pub phase: i32,
    /// Multiplier out of 16 applied to the score of the side that is ahead.
    pub scale: [i32; 2],
    /// Final score from Red's point of view.
    pub red_score: i32,
}

/// The score from Red's point of view (before the tempo bonus).
#[inline]
pub fn red_score(pos: &Position) -> i32 {
    let occ = pos.occupied();
    let maps = attack_maps(pos, occ);
    let mut red = Sum(Score::ZERO);
    side_features(pos, Color::Red, occ, &maps, &mut red);
    let mut black = Sum(Score::ZERO);
    side_features(pos, Color::Black, occ, &maps, &mut black);
    let raw = (red.0 - black.0).taper(phase(pos));
    scaled(pos, raw)
}

/// `raw` scaled by the drawishness of the side that is ahead.
fn scaled(pos: &Position, raw: i32) -> i32 {
    let ahead = if raw > 0 { Color::Red } else { Color::Black };
    raw * win_scale(pos, ahead) / 16
}

pub(super) fn breakdown(pos: &Position) -> Breakdown {
    let occ = pos.occupied();
    let maps = attack_maps(pos, occ);
    let mut terms = [Terms::default(); 2];
    side_features(pos, Color::Red, occ, &maps, &mut terms[0]);
    side_features(pos, Color::Black, occ, &maps, &mut terms[1]);
    let phase = phase(pos);
    let red = (terms[0].total() - terms[1].total()).taper(phase);
    let scale = [win_scale(pos, Color::Red), win_scale(pos, Color::Black)];
    Breakdown {
        terms,
        phase,
        scale,
        red_score: scaled(pos, red),
    }
}

/// What the tuner needs of a position: Red's feature counts minus Black's (sparse),
/// the phase, and the win scales of both sides.
#[derive(Clone, Debug, Default)]
pub struct FeatureVector {
    pub counts: Vec<(u16, i16)>,
    pub phase: i32,
    pub scale: [i32; 2],
}

struct Dense([i32; COUNT]);

impl Sink for Dense {
    fn add(&mut self, feature: usize, count: i32) {
        self.0[feature] += count;
    }
}

/// The features of `pos` (see [`FeatureVector`]).
pub fn features(pos: &Position) -> FeatureVector {
    let occ = pos.occupied();
    let maps = attack_maps(pos, occ);
    let mut red = Dense([0; COUNT]);
    side_features(pos, Color::Red, occ, &maps, &mut red);
    let mut black = Dense([0; COUNT]);
    side_features(pos, Color::Black, occ, &maps, &mut black);
    let counts = (0..COUNT)
        .filter(|&f| red.0[f] != black.0[f])
        .map(|f| (f as u16, (red.0[f] - black.0[f]) as i16))
        .collect();
    FeatureVector {
        counts,
        phase: phase(pos),
        scale: [win_scale(pos, Color::Red), win_scale(pos, Color::Black)],
    }
}

/// Counts every feature of side `us` into `sink`.
#[inline(always)]
fn side_features<S: Sink>(
    pos: &Position,
    us: Color,
    occ: Bitboard,
    maps: &[AttackMap; 2],
    sink: &mut S,
) {
    let them = !us;
    let own = pos.color_pieces(us);
    let (ours, theirs) = (&maps[us.index()], &maps[them.index()]);
    for kind in PieceKind::ALL {
        for sq in pos.pieces(us, kind) {
            sink.piece(kind, us, sq);
        }
    }

    // Pawns side by side across the river.
    let crossed = pos.pieces(us, PieceKind::Pawn) & !SIDES[us.index()];
    for sq in crossed {
        if let Some(right) = sq.offset(1, 0) {
            if crossed.contains(right) {
                sink.add(PAWN_PAIR, 1);
            }
        }
    }

    // Mobility: rooks and cannons by reachable points, horses by safe moves and
    // blocked legs.
    for reach in &ours.rooks[..ours.rook_count] {
        let n = (*reach & !own).count();
        sink.add(ROOK_MOBILITY + n.min(17) as usize, 1);
    }
    for moves in &ours.cannon_moves[..ours.cannon_count] {
        sink.add(CANNON_MOBILITY + moves.count().min(17) as usize, 1);
    }
    for (i, sq) in pos.pieces(us, PieceKind::Horse).into_iter().enumerate() {
        let n = (ours.horses[i] & !own & !theirs.pawns).count();
        sink.add(HORSE_MOBILITY + n.min(8) as usize, 1);
        let blocked = HORSE_STEPS[sq.index()]
            .iter()
            .filter(|s| s.targets.any() && occ.contains(s.block))
            .count();
        sink.add(HORSE_BLOCKED + blocked.min(4), 1);
    }

    // 缺仕怕车, 缺相怕炮.
    let missing_advisors = 2 - pos.pieces(us, PieceKind::Advisor).count().min(2) as i32;
    let missing_elephants = 2 - pos.pieces(us, PieceKind::Elephant).count().min(2) as i32;
    let enemy = |k| pos.pieces(them, k).count() as i32;
    sink.add(
        MISSING_ADVISOR_ROOK,
        missing_advisors * enemy(PieceKind::Rook),
    );
    sink.add(
        MISSING_ELEPHANT_CANNON,
        missing_elephants * enemy(PieceKind::Cannon),
    );
    sink.add(
        MISSING_ADVISOR_HORSE,
        missing_advisors * enemy(PieceKind::Horse),
    );

    // King safety.
    let ksq = pos.king_square(us);
    for sq in pos.pieces(them, PieceKind::Cannon) {
        if sq.file() == ksq.file() {
            match (between(sq, ksq) & occ).count() {
                0 => sink.add(HOLLOW_CANNON, 1),
                2 => sink.add(SCREENED_CANNON, 1),
                _ => {}
            }
        }
    }
    // Enemy rooks: on a palace file reaching into the palace, and pinning one of our
    // pieces to the king (the only piece between them).
    for (i, sq) in pos.pieces(them, PieceKind::Rook).into_iter().enumerate() {
        if (3..=5).contains(&sq.file()) && (theirs.rooks[i] & palace_of(us)).any() {
            sink.add(ROOK_PALACE_FILE, 1);
        }
        if sq.file() == ksq.file() || sq.rank() == ksq.rank() {
            let screen = between(sq, ksq) & occ;
            if screen.count() == 1 && (screen & own).any() {
                sink.add(ROOK_PINS, 1);
            }
        }
    }
    let near = PALACE_ZONES[us.index()];
    sink.add(
        HORSE_RAIDER,
        (pos.pieces(them, PieceKind::Horse) & near).count() as i32,
    );
    sink.add(
        PAWN_RAIDER,
        (pos.pieces(them, PieceKind::Pawn) & near).count() as i32,
    );
    if let Some(units) = king_attack_units(pos, them, theirs, near) {
        sink.add(KING_ATTACK + units.min(23) as usize, 1);
    }
    let to_move = pos.side_to_move() == us;
    enemy_checks(pos, us, occ, ours, theirs, to_move, sink);
    let steps = KING_STEPS[ksq.index()] & PALACES[us.index()] & !own & !theirs.all;
    sink.add(KING_MOBILITY + steps.count().min(4) as usize, 1);
    sink.add(
        SPACE,
        (ours.all & SIDES[them.index()]).count().min(24) as i32,
    );

    // Advisors and elephants guarding each other.
    let pair = |kind| {
        let mut it = pos.pieces(us, kind).into_iter();
        it.next().zip(it.next())
    };
    if let Some((a, b)) = pair(PieceKind::Advisor) {
        if ADVISOR_STEPS[a.index()].contains(b) {
            sink.add(LINKED_DEFENDERS, 1);
        }
    }
    if let Some((a, b)) = pair(PieceKind::Elephant) {
        if elephant_moves(a, occ).contains(b) {
            sink.add(LINKED_DEFENDERS + 1, 1);
        }
    }

    // Threats against our pieces: hanging ones, and ones a cheaper piece attacks.
    let (hanging, lesser) = if to_move {
        (HANGING_TO_MOVE, ATTACKED_BY_LESSER_TO_MOVE)
    } else {
        (HANGING_WAITING, ATTACKED_BY_LESSER_WAITING)
    };
    let attacked = theirs.all & own & !pos.pieces(us, PieceKind::King);
    for sq in attacked & !ours.all {
        if let Some(p) = pos.piece_at(sq) {
            sink.add(hanging + p.kind().index() - 1, 1);
        }
    }
    let by_minor = theirs.minor & attacked;
    let by_middle = theirs.middle & attacked;
    let lesser_attacked = [
        by_minor & pos.pieces(us, PieceKind::Horse),
        (by_minor | by_middle) & pos.pieces(us, PieceKind::Rook),
        by_minor & pos.pieces(us, PieceKind::Cannon),
    ];
    for (k, points) in lesser_attacked.into_iter().enumerate() {
        sink.add(lesser + k, points.count() as i32);
    }
    let threatened = lesser_attacked
        .into_iter()
        .fold(attacked & !ours.all, |all, points| all | points);
    if threatened.count() >= 2 {
        sink.add(MULTI_THREAT + usize::from(!to_move), 1);
    }
    for (k, kind) in [PieceKind::Rook, PieceKind::Horse, PieceKind::Cannon]
        .into_iter()
        .enumerate()
    {
        if pos.pieces(us, kind).count() >= 2 {
            sink.add(PAIRS + k, 1);
        }
    }
}

/// The checks the enemy of `us` can give in a move (see [`feature::SAFE_CHECKS_THEIRS`]).
#[inline(always)]
fn enemy_checks<S: Sink>(
    pos: &Position,
    us: Color,
    occ: Bitboard,
    ours: &AttackMap,
    theirs: &AttackMap,
    to_move: bool,
    sink: &mut S,
) {
    let ksq = pos.king_square(us);
    let free = !pos.color_pieces(!us);
    // A rook checks from the king's lines up to the first piece; a cannon from the
    // empty points beyond that first piece (its screen) up to the next.
    let lines = rook_attacks(ksq, occ, pos.file_occupancy(ksq.file()));
    let unscreened = occ & !(lines & occ);
    let beyond =
        rook_attacks(ksq, unscreened, file_occupancy(unscreened, ksq.file())) & !lines & !occ;
    let rook_reach = theirs.rooks[0] | theirs.rooks[1];
    let cannon_reach = theirs.cannon_moves[0] | theirs.cannon_moves[1];
    let horse_reach = theirs.horses[0] | theirs.horses[1];
    let spots = [
        lines & rook_reach & free,
        horse_attackers(ksq, occ) & horse_reach & free,
        beyond & cannon_reach,
    ];
    let safe = if to_move {
        SAFE_CHECKS_OURS
    } else {
        SAFE_CHECKS_THEIRS
    };
    for (k, points) in spots.into_iter().enumerate() {
        let unguarded = (points & !ours.all).count().min(4) as i32;
        let guarded = (points & ours.all).count().min(4) as i32;
        sink.add(safe + k, unguarded);
        sink.add(GUARDED_CHECKS + k, guarded);
    }
}

/// What one side's pieces reach, computed once per evaluation: the points it attacks
/// (or defends) in all, by its pawns, by its pawns, advisors and elephants together, by its
/// horses and cannons; and each rook's, cannon's and horse's own reach.
#[derive(Clone, Copy, Default)]
pub struct AttackMap {
    all: Bitboard,
    pawns: Bitboard,
    minor: Bitboard,
    middle: Bitboard,
    /// Rook attacks (own pieces included: defended).
    rooks: [Bitboard; 2],
    rook_count: usize,
    /// Cannon moves to empty points.
    cannon_moves: [Bitboard; 2],
    /// Cannon captures (own pieces included: defended).
    cannon_hits: [Bitboard; 2],
    cannon_count: usize,
    /// Horse moves with the leg free.
    horses: [Bitboard; 2],
    horse_count: usize,
}

fn attack_maps(pos: &Position, occ: Bitboard) -> [AttackMap; 2] {
    let map = |c: Color| {
        let mut m = AttackMap::default();
        for sq in pos.pieces(c, PieceKind::Pawn) {
            m.pawns |= PAWN_STEPS[c.index()][sq.index()];
        }
        m.minor = m.pawns;
        for sq in pos.pieces(c, PieceKind::Advisor) {
            m.minor |= ADVISOR_STEPS[sq.index()];
        }
        for sq in pos.pieces(c, PieceKind::Elephant) {
            m.minor |= elephant_moves(sq, occ);
        }
        // A legal position has at most two of each (the FEN reader checks).
        for (i, sq) in pos
            .pieces(c, PieceKind::Horse)
            .into_iter()
            .take(2)
            .enumerate()
        {
            m.horses[i] = horse_moves(sq, occ);
            m.middle |= m.horses[i];
            m.horse_count = i + 1;
        }
        for (i, sq) in pos
            .pieces(c, PieceKind::Cannon)
            .into_iter()
            .take(2)
            .enumerate()
        {
            let fo = pos.file_occupancy(sq.file());
            m.cannon_moves[i] = rook_attacks(sq, occ, fo) & !occ;
            m.cannon_hits[i] = cannon_attacks(sq, occ, fo);
            m.middle |= m.cannon_hits[i];
            m.cannon_count = i + 1;
        }
        m.all = m.minor | m.middle | KING_STEPS[pos.king_square(c).index()];
        for (i, sq) in pos
            .pieces(c, PieceKind::Rook)
            .into_iter()
            .take(2)
            .enumerate()
        {
            m.rooks[i] = rook_attacks(sq, occ, pos.file_occupancy(sq.file()));
            m.all |= m.rooks[i];
            m.rook_count = i + 1;
        }
        m
    };
    [map(Color::Red), map(Color::Black)]
}

/// The pieces of `attacker` bearing on the enemy palace zone, as weighted attack
/// units; `None` with fewer than two attackers (one piece rarely mates alone).
fn king_attack_units(
    pos: &Position,
    attacker: Color,
    map: &AttackMap,
    zone: Bitboard,
) -> Option<u32> {
    let mut units = 0;
    let mut attackers = 0;
    let mut count = |hits: Bitboard, weight: u32| {
        if hits.any() {
            attackers += 1;
            units += weight + hits.count().min(3) - 1;
        }
    };
    for reach in &map.rooks[..map.rook_count] {
        count(*reach & zone, 4);
    }
    for reach in &map.horses[..map.horse_count] {
        count(*reach & zone, 3);
    }
    for hits in &map.cannon_hits[..map.cannon_count] {
        count(*hits & zone, 3);
    }
    for sq in pos.pieces(attacker, PieceKind::Pawn) {
        count(PAWN_STEPS[attacker.index()][sq.index()] & zone, 2);
    }
    (attackers >= 2).then_some(units)
}

/// Each side's half of the board (its own side of the river).
const SIDES: [Bitboard; 2] = {
    let mut out = [Bitboard(0), Bitboard(0)];
    let mut i = 0;
    while i < 90 {
        if i / 9 < 5 {
            out[0].0 |= 1 << i;
        } else {
            out[1].0 |= 1 << i;
        }
        i += 1;
    }
    out
};

/// The palace squares of each colour.
const PALACES: [Bitboard; 2] = {
    let mut out = [Bitboard(0), Bitboard(0)];
    let mut i = 0;
    while i < 90 {
        let sq = Square::from_index(i);
        if sq.in_palace_of(Color::Red) {
            out[0].0 |= 1 << i;
        }
        if sq.in_palace_of(Color::Black) {
            out[1].0 |= 1 << i;
        }
        i += 1;
    }
    out
};

/// The palace and the points one step outside it.
const PALACE_ZONES: [Bitboard; 2] = {
    let mut out = PALACES;
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < 90 {
            if PALACES[c].0 >> i & 1 != 0 {
                let sq = Square::from_index(i);
                let mut d = 0;
                let deltas = [(0, 1), (1, 0), (0, -1), (-1, 0)];
                while d < 4 {
                    if let Some(n) = sq.offset(deltas[d].0, deltas[d].1) {
                        out[c].0 |= 1 << n.index();
                    }
                    d += 1;
                }
            }
            i += 1;
        }
        c += 1;
    }
    out
};

fn palace_of(color: Color) -> Bitboard {
    PALACES[color.index()]
}

/// How much of its advantage `color` can realise, out of 16 (drawish material). Each
/// rule but the last is checked against an exhaustive solve of the endings it covers
/// (`tests/endgames.rs`): an ending scaled here is drawn from most placements, and the
/// endings these rules leave alone are won from most.
fn win_scale(pos: &Position, color: Color) -> i32 {
    let them = !color;
    let count = |c: Color, k: PieceKind| pos.pieces(c, k).count() as i32;
    let rooks = count(color, PieceKind::Rook);
    let horses = count(color, PieceKind::Horse);
    let cannons = count(color, PieceKind::Cannon);
    let crossed = pos
        .pieces(color, PieceKind::Pawn)
        .into_iter()
        .filter(|s| !s.on_side_of(color))
        .count() as i32;
    let pawns = count(color, PieceKind::Pawn);
    let their_advisors = count(them, PieceKind::Advisor);
    let their_elephants = count(them, PieceKind::Elephant);
    let defenders = their_advisors + their_elephants;
    if rooks == 0 && horses + cannons == 0 && pawns == 0 {
        return 0; // advisors and elephants alone cannot mate
    }
    if rooks == 0 && pawns == 0 && horses == 1 && cannons == 0 {
        // 马胜光将, 马胜单士; a single elephant or two defenders hold most placements.
        return if their_elephants == 0 && their_advisors <= 1 {
            16
        } else {
            2
        };
    }
    if rooks == 0 && pawns == 0 && horses == 0 && cannons == 1 {
        // A cannon mates only over an own advisor as its screen (炮仕胜光将, and
        // against one defender or two advisors); without one it cannot, and against
        // two elephants, an advisor and an elephant, or more, it is taken to hold
        // (not solved).
        let screen = count(color, PieceKind::Advisor) > 0;
        return if screen && (defenders <= 1 || (their_advisors == 2 && their_elephants == 0)) {
            16
        } else {
            2
        };
    }
    if rooks == 0 && horses + cannons == 0 && pawns == 1 && defenders > 0 {
        return 4; // a lone pawn wins against a bare king, rarely against a defender
    }
    if rooks == 1 && horses + cannons == 0 && crossed == 0 && defenders == 4 {
        return 4; // 单车难破士象全 (known theory; too large for the test's solve)
    }
    16
}
