//! The network of `nets/README.md` (architecture 1, `(1260 → 256)×2 → 1`, SCReLU): its
//! input features, the float network the trainer fits, quantisation into the net file
//! (format version 1) and the integer evaluation of such a file, which is the reference
//! the engine's inference must match.

use chariot::board::{Color, Position, Square};

use super::data::Record;
use crate::error::{Result, TrainerError};

/// A [`TrainerError::NetFile`] with a formatted reason.
macro_rules! net_file {
    ($($reason:tt)*) => {
        TrainerError::NetFile(format!($($reason)*))
    };
}

/// Input features per perspective: 2 sides × 7 kinds × 90 squares.
pub const INPUTS: usize = 1260;
/// Hidden neurons per perspective.
pub const HIDDEN: usize = 256;
/// Quantisation of the feature layer (and the SCReLU clamp).
pub const QA: i32 = 255;
/// Quantisation of the output weights.
pub const QB: i32 = 64;
/// Float weights are kept within ±this during training, so the quantised ones fit.
pub const WEIGHT_CLIP: f32 = 1.98;

/// Offsets into the flat parameter vector: feature weights (feature-major, 256 per
/// feature), accumulator bias, output weights (side to move first), output bias.
pub const FT_BIAS: usize = INPUTS * HIDDEN;
/// See [`FT_BIAS`].
pub const OUT_W: usize = FT_BIAS + HIDDEN;
/// See [`FT_BIAS`].
pub const OUT_B: usize = OUT_W + 2 * HIDDEN;
/// Number of float parameters.
pub const PARAMS: usize = OUT_B + 1;

/// Net file: magic.
pub const MAGIC: &[u8; 4] = b"CHNN";
/// Net file: format version.
pub const VERSION: u32 = 1;
/// Net file: architecture id.
pub const ARCH: u32 = 1;
/// Net file: header size (the payload starts here).
pub const HEADER_SIZE: usize = 40;
/// Net file: total size.
pub const FILE_SIZE: usize = HEADER_SIZE + (INPUTS * HIDDEN + HIDDEN + 2 * HIDDEN) * 2 + 4;

const _: () = assert!(FILE_SIZE == 646_700);

/// Most pieces on a board.
pub const MAX_PIECES: usize = 32;

/// The active features of a position for both perspectives, each list sorted
/// ascending (so sums are taken in one fixed order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// The side to move's features.
    pub us: [u16; MAX_PIECES],
    /// The other side's features.
    pub them: [u16; MAX_PIECES],
    /// How many pieces (entries in each list).
    pub len: usize,
}

impl Features {
    /// The side to move's active features.
    pub fn us(&self) -> &[u16] {
        &self.us[..self.len]
    }

    /// The other side's active features.
    pub fn them(&self) -> &[u16] {
        &self.them[..self.len]
    }
}

/// The feature of a piece (`code = color · 7 + kind`) on square index `sq`, seen from
/// `perspective`: `side · 630 + kind · 90 + square'`.
#[inline]
pub fn feature_index(perspective: Color, code: u8, sq: u8) -> u16 {
    let color = usize::from(code >= 7);
    let kind = u16::from(code % 7);
    let side = u16::from(color != perspective.index());
    let sq = match perspective {
        Color::Red => u16::from(sq),
        Color::Black => Square::from_index(sq).flip_rank().index() as u16,
    };
    side * 630 + kind * 90 + sq
}

/// The features of a board given as `(square index, piece code)` pairs; with `mirror`
/// every square's file `f` becomes `8 − f` first.
pub fn features_of(pieces: impl Iterator<Item = (u8, u8)>, stm: Color, mirror: bool) -> Features {
    let mut f = Features {
        us: [0; MAX_PIECES],
        them: [0; MAX_PIECES],
        len: 0,
    };
    for (sq, code) in pieces.take(MAX_PIECES) {
        let sq = if mirror {
            Square::from_index(sq).mirror_file().index() as u8
        } else {
            sq
        };
        f.us[f.len] = feature_index(stm, code, sq);
        f.them[f.len] = feature_index(!stm, code, sq);
        f.len += 1;
    }
    f.us[..f.len].sort_unstable();
    f.them[..f.len].sort_unstable();
    f
}

/// The features of a position.
pub fn position_features(pos: &Position) -> Features {
    let pieces = pos
        .occupied()
        .into_iter()
        .filter_map(|sq| Some((sq.index() as u8, pos.piece_at(sq)?.index() as u8)));
    features_of(pieces, pos.side_to_move(), false)
}

/// The features of a record (optionally mirrored left-right).
pub fn record_features(record: &Record, mirror: bool) -> Features {
    features_of(record.pieces(), record.side_to_move(), mirror)
}

/// SCReLU on floats: `clamp(x, 0, 1)²`.
#[inline]
pub fn screlu(x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    c * c
}

/// The float network: all parameters in one vector (layout: [`FT_BIAS`] and
/// neighbours) and the output scale.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    /// The parameters.
    pub params: Vec<f32>,
    /// Engine units per unit of raw output: `eval = output · scale`.
    pub scale: f32,
}

impl Network {
    /// A network with small random weights (uniform, ±1/√INPUTS for the feature layer,
    /// ±1/√(2·HIDDEN) for the output) and zero biases.
    pub fn random(seed: u64, scale: f32) -> Network {
        let mut rng = tourney::rng::Rng::new(seed);
        let mut uniform = |bound: f32| {
            let unit = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
            (unit * 2.0 - 1.0) * bound
        };
        let mut params = vec![0.0f32; PARAMS];
        let ft = 1.0 / (INPUTS as f32).sqrt();
        for p in &mut params[..FT_BIAS] {
            *p = uniform(ft);
        }
        let out = 1.0 / ((2 * HIDDEN) as f32).sqrt();
        for p in &mut params[OUT_W..OUT_B] {
            *p = uniform(out);
        }
        Network { params, scale }
    }

    /// The feature layer's column (256 weights) of feature `f`.
    #[inline]
    pub fn feature_row(&self, f: u16) -> &[f32; HIDDEN] {
        row(&self.params, f)
    }

    /// One perspective's accumulator: bias plus the rows of its features, in order.
    #[inline]
    pub fn accumulate(&self, features: &[u16], acc: &mut [f32; HIDDEN]) {
        acc.copy_from_slice(&self.params[FT_BIAS..OUT_W]);
        for &f in features {
            let w = self.feature_row(f);
            for i in 0..HIDDEN {
                acc[i] += w[i];
            }
        }
    }

    /// The raw output `w · [screlu(us), screlu(them)] + b` for the given accumulators.
    #[inline]
    pub fn output(&self, us: &[f32; HIDDEN], them: &[f32; HIDDEN]) -> f32 {
        let w = &self.params[OUT_W..OUT_B];
        let mut sum = 0.0f32;
        for i in 0..HIDDEN {
            sum += screlu(us[i]) * w[i];
        }
        for i in 0..HIDDEN {
            sum += screlu(them[i]) * w[HIDDEN + i];
        }
        sum + self.params[OUT_B]
    }

    /// The raw output for a feature set.
    pub fn raw_output(&self, f: &Features) -> f32 {
        let mut us = [0.0; HIDDEN];
        let mut them = [0.0; HIDDEN];
        self.accumulate(f.us(), &mut us);
        self.accumulate(f.them(), &mut them);
        self.output(&us, &them)
    }

    /// The evaluation in engine units from the side to move's point of view.
    pub fn evaluate(&self, pos: &Position) -> f32 {
        self.raw_output(&position_features(pos)) * self.scale
    }

    /// Quantises the network into the bytes of a net file (format version 1).
    pub fn to_bytes(&self) -> Vec<u8> {
        let q16 = |x: f32, k: i32| {
            (x * k as f32)
                .round()
                .clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16
        };
        let mut payload = Vec::with_capacity(FILE_SIZE - HEADER_SIZE);
        for &w in &self.params[..OUT_W] {
            payload.extend_from_slice(&q16(w, QA).to_le_bytes());
        }
        for &w in &self.params[OUT_W..OUT_B] {
            payload.extend_from_slice(&q16(w, QB).to_le_bytes());
        }
        let bias = (f64::from(self.params[OUT_B]) * f64::from(QA * QB)).round() as i32;
        payload.extend_from_slice(&bias.to_le_bytes());

        let mut out = Vec::with_capacity(FILE_SIZE);
        out.extend_from_slice(MAGIC);
        for v in [
            VERSION,
            ARCH,
            INPUTS as u32,
            HIDDEN as u32,
            QA as u32,
            QB as u32,
            self.scale_u32(),
        ] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&fnv1a64(&payload).to_le_bytes());
        out.extend_from_slice(&payload);
        debug_assert_eq!(out.len(), FILE_SIZE);
        out
    }

    /// The scale as the file stores it (a whole number of engine units).
    pub fn scale_u32(&self) -> u32 {
        self.scale.round().max(1.0) as u32
    }

    /// Writes the quantised net file.
    pub fn write(&self, path: &std::path::Path) -> Result<()> {
        std::fs::write(path, self.to_bytes()).map_err(|e| TrainerError::io(path.display(), e))
    }
}

/// Row `f` (256 values) of a feature-major parameter vector.
#[inline]
pub fn row(params: &[f32], f: u16) -> &[f32; HIDDEN] {
    let start = usize::from(f) * HIDDEN;
    params[start..start + HIDDEN]
        .try_into()
        .expect("a row is HIDDEN long")
}

/// FNV-1a, 64 bits.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// A net file read back into its integers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuantisedNet {
    /// Feature weights, feature-major.
    pub ft_w: Vec<i16>,
    /// Accumulator bias.
    pub ft_b: Vec<i16>,
    /// Output weights: side to move's 256, then the other side's.
    pub out_w: Vec<i16>,
    /// Output bias.
    pub out_b: i32,
    /// SCALE from the header.
    pub scale: i32,
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

impl QuantisedNet {
    /// Reads and checks a net file: size, magic, version, architecture, sizes, QA, QB
    /// and the payload hash; the error says which is wrong.
    pub fn from_bytes(bytes: &[u8]) -> Result<QuantisedNet> {
        if bytes.len() < HEADER_SIZE {
            return Err(net_file!("{} bytes: too short for the header", bytes.len()));
        }
        if &bytes[..4] != MAGIC {
            return Err(net_file!("magic {:?}, expected CHNN", &bytes[..4]));
        }
        let fields = [
            ("format version", 4, VERSION),
            ("architecture", 8, ARCH),
            ("inputs", 12, INPUTS as u32),
            ("hidden size", 16, HIDDEN as u32),
            ("QA", 20, QA as u32),
            ("QB", 24, QB as u32),
        ];
        for (name, at, want) in fields {
            let got = u32_at(bytes, at);
            if got != want {
                return Err(net_file!("{name} {got}, expected {want}"));
            }
        }
        if bytes.len() != FILE_SIZE {
            return Err(net_file!("{} bytes, expected {FILE_SIZE}", bytes.len()));
        }
        let scale = u32_at(bytes, 28);
        if scale == 0 || scale > i32::MAX as u32 {
            return Err(net_file!("SCALE {scale} out of range"));
        }
        let hash = u64::from_le_bytes(bytes[32..40].try_into().expect("8 bytes"));
        let actual = fnv1a64(&bytes[HEADER_SIZE..]);
        if hash != actual {
            return Err(net_file!(
                "payload hash {actual:#018x} does not match the header's {hash:#018x}"
            ));
        }
        let mut values = bytes[HEADER_SIZE..FILE_SIZE - 4]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]));
        let ft_w: Vec<i16> = values.by_ref().take(INPUTS * HIDDEN).collect();
        let ft_b: Vec<i16> = values.by_ref().take(HIDDEN).collect();
        let out_w: Vec<i16> = values.collect();
        let out_b = u32_at(bytes, FILE_SIZE - 4) as i32;
        Ok(QuantisedNet {
            ft_w,
            ft_b,
            out_w,
            out_b,
            scale: scale as i32,
        })
    }

    fn accumulate(&self, features: &[u16]) -> [i16; HIDDEN] {
        let mut acc = [0i16; HIDDEN];
        acc.copy_from_slice(&self.ft_b);
        for &f in features {
            let w = &self.ft_w[usize::from(f) * HIDDEN..][..HIDDEN];
            for i in 0..HIDDEN {
                acc[i] = acc[i].wrapping_add(w[i]);
            }
        }
        acc
    }

    /// The integer evaluation of nets/README.md, in engine units from the side to
    /// move's view: i16 accumulators (wrapping adds), then over the side to move's
    /// accumulator and weights and then the other's, `c = clamp(acc, 0, QA)`, the i16
    /// product `c · w`, times `c`, summed in wrapping i32; then `/ QA` (toward zero),
    /// `+ bias`, `· SCALE` (wrapping) and `/ (QA · QB)` (toward zero).
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let f = position_features(pos);
        let us = self.accumulate(f.us());
        let them = self.accumulate(f.them());
        let mut sum: i32 = 0;
        for (acc, weights) in [(&us, &self.out_w[..HIDDEN]), (&them, &self.out_w[HIDDEN..])] {
            for i in 0..HIDDEN {
                let c = acc[i].clamp(0, QA as i16);
                let cw = c.wrapping_mul(weights[i]);
                sum = sum.wrapping_add(i32::from(cw).wrapping_mul(i32::from(c)));
            }
        }
        let out = (sum / QA).wrapping_add(self.out_b);
        out.wrapping_mul(self.scale) / (QA * QB)
    }
}

/// The integer evaluation of a net file's bytes for `pos` (see
/// [`QuantisedNet::evaluate`]); the error says what is wrong with the file.
pub fn quantised_eval(bytes: &[u8], pos: &Position) -> Result<i32> {
    Ok(QuantisedNet::from_bytes(bytes)?.evaluate(pos))
}
