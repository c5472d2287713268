//! The networks of `nets/README.md` (architecture 1, `(1260 → W)×2 → 1`, and
//! architecture 2, the same with 8 output buckets chosen by the number of pieces; SCReLU;
//! the width W of the hidden layer is 256 unless chosen among [`WIDTHS`]): their input
//! features, the float network the trainer fits, quantisation into the net file (format
//! version 2; version 1 is read too) and the integer evaluation of such a file, which is
//! the reference the engine's inference must match.

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
/// The widths a net may have (hidden neurons per perspective, the size of an
/// accumulator).
pub const WIDTHS: [usize; 5] = [256, 384, 512, 768, 1024];
/// The width of a net unless chosen otherwise.
pub const DEFAULT_WIDTH: usize = 256;
/// Quantisation of the feature layer (and the SCReLU clamp).
pub const QA: i32 = 255;
/// Quantisation of the output weights.
pub const QB: i32 = 64;
/// Float weights are kept within ±this during training, so the quantised ones fit.
pub const WEIGHT_CLIP: f32 = 1.98;

/// Whether a net may be `width` wide (one of [`WIDTHS`]).
pub fn is_width(width: usize) -> bool {
    WIDTHS.contains(&width)
}

/// [`WIDTHS`] as text: `256, 384, 512, 768, 1024`.
pub fn widths_text() -> String {
    WIDTHS.map(|w| w.to_string()).join(", ")
}

/// The architecture in words, e.g. `(1260 → 512)×2 → 8` (inputs → width, for each
/// perspective, then the outputs, one per bucket).
pub fn architecture_text(width: usize, buckets: usize) -> String {
    format!("({INPUTS} → {width})×2 → {buckets}")
}

/// Offsets into the flat parameter vector of a net `width` wide: feature weights
/// (feature-major, `width` per feature) from 0, the accumulator bias from here, then
/// (from [`out_w`]) per output bucket its output weights (side to move first, `2·width`
/// values), then the output biases (one per bucket): see [`Network::out_bias_at`].
pub const fn ft_bias(width: usize) -> usize {
    INPUTS * width
}

/// See [`ft_bias`]: where the output weights start.
pub const fn out_w(width: usize) -> usize {
    ft_bias(width) + width
}

/// Output buckets of architecture 2.
pub const BUCKETS: usize = 8;

/// Net file: magic.
pub const MAGIC: &[u8; 4] = b"CHNN";
/// Net file: the first format version (read only): a 40-byte header with an
/// architecture id.
pub const VERSION_1: u32 = 1;
/// Net file: the format version the trainer writes: a 48-byte header that states the
/// inputs, the width, the output buckets and the flags.
pub const VERSION: u32 = 2;
/// Version 1: architecture id of a net with one output (architecture 1).
pub const ARCH: u32 = 1;
/// Version 1: architecture id of a net with [`BUCKETS`] output buckets.
pub const ARCH_BUCKETS: u32 = 2;
/// Version 1: the width of every net.
pub const VERSION_1_WIDTH: usize = 256;
/// Version 2's flag for king mirroring.
pub const FLAG_KING_MIRROR: u32 = 1;
/// Net file: header size of version 1.
pub const HEADER_SIZE_1: usize = 40;
/// Net file: header size of version 2 (the payload starts here).
pub const HEADER_SIZE: usize = 48;
/// Net file: total size of a version-1 net with one output bucket.
pub const FILE_SIZE: usize = HEADER_SIZE_1 + payload_size(VERSION_1_WIDTH, 1);

const _: () = assert!(FILE_SIZE == 646_700);
const _: () = assert!(file_size(DEFAULT_WIDTH, BUCKETS) == 653_904);

/// The number of float parameters of a net `width` wide with `buckets` output buckets.
pub const fn params_len(width: usize, buckets: usize) -> usize {
    out_w(width) + buckets * (2 * width + 1)
}

/// The size of a payload of a net `width` wide with `buckets` output buckets: the
/// feature weights, bias and output weights as `i16`, the output biases as `i32`.
pub const fn payload_size(width: usize, buckets: usize) -> usize {
    (INPUTS * width + width + buckets * 2 * width) * 2 + buckets * 4
}

/// The size of the (version-2) net file of a net `width` wide with `buckets` output
/// buckets.
pub const fn file_size(width: usize, buckets: usize) -> usize {
    HEADER_SIZE + payload_size(width, buckets)
}

/// The output bucket of a position with `pieces` pieces on the board (kings included)
/// in a net with `buckets` output buckets: 0 with one bucket; with [`BUCKETS`],
/// `(pieces − 1) / 4`, i.e. 2–4 pieces → 0, 5–8 → 1, …, 29–32 → 7.
#[inline]
pub fn output_bucket(pieces: usize, buckets: usize) -> usize {
    if buckets == 1 {
        0
    } else {
        (pieces.saturating_sub(1) / 4).min(buckets - 1)
    }
}

/// The architecture id of a net with `buckets` output buckets, if there is one.
pub fn architecture(buckets: usize) -> Option<u32> {
    match buckets {
        1 => Some(ARCH),
        BUCKETS => Some(ARCH_BUCKETS),
        _ => None,
    }
}

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

/// The mirror image of square index `sq` (file `f` becomes `8 − f`).
#[inline]
fn mirrored(sq: u8) -> u8 {
    Square::from_index(sq).mirror_file().index() as u8
}

/// The features of a board given as `(square index, piece code)` pairs; with `mirror`
/// every square's file `f` becomes `8 − f` first (the training's augmentation). With
/// `king_mirror` (nets with king mirroring) a perspective whose own king then stands
/// right of the middle file (file index above 4) sees the board mirrored.
pub fn features_of(
    pieces: impl Iterator<Item = (u8, u8)>,
    stm: Color,
    mirror: bool,
    king_mirror: bool,
) -> Features {
    let mut f = Features {
        us: [0; MAX_PIECES],
        them: [0; MAX_PIECES],
        len: 0,
    };
    let mut board = [(0u8, 0u8); MAX_PIECES];
    let mut flip = [false; 2];
    for (sq, code) in pieces.take(MAX_PIECES) {
        let sq = if mirror { mirrored(sq) } else { sq };
        if code % 7 == 0 {
            // A king: code = colour · 7.
            flip[usize::from(code >= 7)] = king_mirror && sq % 9 > 4;
        }
        board[f.len] = (sq, code);
        f.len += 1;
    }
    let seen = |perspective: Color, sq: u8| {
        if flip[perspective.index()] {
            mirrored(sq)
        } else {
            sq
        }
    };
    for (k, &(sq, code)) in board[..f.len].iter().enumerate() {
        f.us[k] = feature_index(stm, code, seen(stm, sq));
        f.them[k] = feature_index(!stm, code, seen(!stm, sq));
    }
    f.us[..f.len].sort_unstable();
    f.them[..f.len].sort_unstable();
    f
}

/// The features of a position for a net with king mirroring (`king_mirror`) or without.
pub fn position_features(pos: &Position, king_mirror: bool) -> Features {
    let pieces = pos
        .occupied()
        .into_iter()
        .filter_map(|sq| Some((sq.index() as u8, pos.piece_at(sq)?.index() as u8)));
    features_of(pieces, pos.side_to_move(), false, king_mirror)
}

/// The features of a record (optionally mirrored left-right) for a net with king
/// mirroring (`king_mirror`) or without.
pub fn record_features(record: &Record, mirror: bool, king_mirror: bool) -> Features {
    features_of(record.pieces(), record.side_to_move(), mirror, king_mirror)
}

/// SCReLU on floats: `clamp(x, 0, 1)²`.
#[inline]
pub fn screlu(x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    c * c
}

/// The float network: all parameters in one vector (layout: [`ft_bias`] and
/// neighbours), its width, the output scale and the number of output buckets (1 or
/// [`BUCKETS`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    /// The parameters ([`params_len`]`(width, buckets)` of them).
    pub params: Vec<f32>,
    /// Hidden neurons per perspective (one of [`WIDTHS`]).
    pub width: usize,
    /// Engine units per unit of raw output: `eval = output · scale`.
    pub scale: f32,
    /// Output buckets: 1 (architecture 1) or [`BUCKETS`] (architecture 2).
    pub buckets: usize,
    /// King mirroring ([`features_of`]).
    pub king_mirror: bool,
}

/// One position's two accumulators (the side to move's and the other side's), `width`
/// long each: room that a caller evaluating many positions allocates once.
#[derive(Clone, Debug, PartialEq)]
pub struct Accumulators {
    /// The side to move's.
    pub us: Vec<f32>,
    /// The other side's.
    pub them: Vec<f32>,
}

impl Accumulators {
    /// Zeroed accumulators for a net `width` wide.
    pub fn new(width: usize) -> Accumulators {
        Accumulators {
            us: vec![0.0; width],
            them: vec![0.0; width],
        }
    }
}

impl Network {
    /// A network `width` wide with small random weights (uniform, ±1/√INPUTS for the
    /// feature layer, ±1/√(2·width) for the output) and zero biases, with `buckets`
    /// output buckets (every bucket starts from the same output weights).
    ///
    /// # Panics
    /// With a width that is not one of [`WIDTHS`].
    pub fn random(
        seed: u64,
        scale: f32,
        width: usize,
        buckets: usize,
        king_mirror: bool,
    ) -> Network {
        assert!(is_width(width), "width {width}: one of {}", widths_text());
        let mut rng = tourney::rng::Rng::new(seed);
        let mut uniform = |bound: f32| {
            let unit = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
            (unit * 2.0 - 1.0) * bound
        };
        let mut params = vec![0.0f32; params_len(width, buckets)];
        let ft = 1.0 / (INPUTS as f32).sqrt();
        for p in &mut params[..ft_bias(width)] {
            *p = uniform(ft);
        }
        let out = 1.0 / ((2 * width) as f32).sqrt();
        let first: Vec<f32> = (0..2 * width).map(|_| uniform(out)).collect();
        for b in 0..buckets {
            let at = out_w(width) + b * 2 * width;
            params[at..at + 2 * width].copy_from_slice(&first);
        }
        Network {
            params,
            width,
            scale,
            buckets,
            king_mirror,
        }
    }

    /// Where the accumulator bias starts ([`ft_bias`]).
    #[inline]
    pub fn ft_bias_at(&self) -> usize {
        ft_bias(self.width)
    }

    /// Where bucket `bucket`'s output weights start (`2·width` values: the side to
    /// move's, then the other side's).
    #[inline]
    pub fn out_weights_at(&self, bucket: usize) -> usize {
        out_w(self.width) + bucket * 2 * self.width
    }

    /// Where bucket `bucket`'s output bias is.
    #[inline]
    pub fn out_bias_at(&self, bucket: usize) -> usize {
        out_w(self.width) + self.buckets * 2 * self.width + bucket
    }

    /// The output bucket of a feature set.
    #[inline]
    pub fn bucket(&self, f: &Features) -> usize {
        output_bucket(f.len, self.buckets)
    }

    /// The feature layer's column (`width` weights) of feature `f`.
    #[inline]
    pub fn feature_row(&self, f: u16) -> &[f32] {
        row(&self.params, self.width, f)
    }

    /// One perspective's accumulator (`width` long): bias plus the rows of its
    /// features, in order.
    #[inline]
    pub fn accumulate(&self, features: &[u16], acc: &mut [f32]) {
        acc.copy_from_slice(&self.params[self.ft_bias_at()..out_w(self.width)]);
        for &f in features {
            for (a, w) in acc.iter_mut().zip(self.feature_row(f)) {
                *a += w;
            }
        }
    }

    /// The raw output `w · [screlu(us), screlu(them)] + b` of output bucket `bucket`
    /// for the given accumulators (`width` long each).
    #[inline]
    pub fn output(&self, us: &[f32], them: &[f32], bucket: usize) -> f32 {
        let w = &self.params[self.out_weights_at(bucket)..][..2 * self.width];
        let (w_us, w_them) = w.split_at(self.width);
        let mut sum = 0.0f32;
        for (&a, &w) in us.iter().zip(w_us) {
            sum += screlu(a) * w;
        }
        for (&a, &w) in them.iter().zip(w_them) {
            sum += screlu(a) * w;
        }
        sum + self.params[self.out_bias_at(bucket)]
    }

    /// The raw output for a feature set, with `acc` as room for the accumulators
    /// (which hold them afterwards).
    #[inline]
    pub fn forward(&self, f: &Features, acc: &mut Accumulators) -> f32 {
        self.accumulate(f.us(), &mut acc.us);
        self.accumulate(f.them(), &mut acc.them);
        self.output(&acc.us, &acc.them, self.bucket(f))
    }

    /// The raw output for a feature set.
    pub fn raw_output(&self, f: &Features) -> f32 {
        self.forward(f, &mut Accumulators::new(self.width))
    }

    /// The evaluation in engine units from the side to move's point of view.
    pub fn evaluate(&self, pos: &Position) -> f32 {
        self.raw_output(&position_features(pos, self.king_mirror)) * self.scale
    }

    /// Quantises the network into the bytes of a net file (format version 2; the
    /// header's hidden size is the width).
    ///
    /// # Panics
    /// With a bucket count that no architecture has (the trainer makes only 1 and 8),
    /// or a width that is not one of [`WIDTHS`].
    pub fn to_bytes(&self) -> Vec<u8> {
        assert!(
            architecture(self.buckets).is_some(),
            "1 or 8 output buckets"
        );
        assert!(is_width(self.width), "width {}", self.width);
        let q16 = |x: f32, k: i32| {
            (x * k as f32)
                .round()
                .clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16
        };
        let size = file_size(self.width, self.buckets);
        let mut payload = Vec::with_capacity(size - HEADER_SIZE);
        let out_at = out_w(self.width);
        for &w in &self.params[..out_at] {
            payload.extend_from_slice(&q16(w, QA).to_le_bytes());
        }
        let biases_at = self.out_bias_at(0);
        for &w in &self.params[out_at..biases_at] {
            payload.extend_from_slice(&q16(w, QB).to_le_bytes());
        }
        for &b in &self.params[biases_at..] {
            let bias = (f64::from(b) * f64::from(QA * QB)).round() as i32;
            payload.extend_from_slice(&bias.to_le_bytes());
        }

        let mut out = Vec::with_capacity(size);
        out.extend_from_slice(MAGIC);
        let flags = if self.king_mirror {
            FLAG_KING_MIRROR
        } else {
            0
        };
        for v in [
            VERSION,
            INPUTS as u32,
            self.width as u32,
            self.buckets as u32,
            flags,
            QA as u32,
            QB as u32,
            self.scale_u32(),
            0,
        ] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&fnv1a64(&payload).to_le_bytes());
        out.extend_from_slice(&payload);
        debug_assert_eq!(out.len(), size);
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

/// Row `f` (`width` values) of a feature-major parameter vector of a net `width` wide.
#[inline]
pub fn row(params: &[f32], width: usize, f: u16) -> &[f32] {
    &params[usize::from(f) * width..][..width]
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
    /// Hidden neurons per perspective (the header's hidden size).
    pub width: usize,
    /// Feature weights, feature-major (`width` per feature).
    pub ft_w: Vec<i16>,
    /// Accumulator bias.
    pub ft_b: Vec<i16>,
    /// Output weights per bucket: the side to move's `width`, then the other side's.
    pub out_w: Vec<i16>,
    /// Output bias per bucket.
    pub out_b: Vec<i32>,
    /// Output buckets (1 or [`BUCKETS`]).
    pub buckets: usize,
    /// King mirroring.
    pub king_mirror: bool,
    /// SCALE from the header.
    pub scale: i32,
}

/// Checks header fields that must have one value.
fn check_fields(bytes: &[u8], fields: &[(&str, usize, u32)]) -> Result<()> {
    for &(name, at, want) in fields {
        let got = u32_at(bytes, at);
        if got != want {
            return Err(net_file!("{name} {got}, expected {want}"));
        }
    }
    Ok(())
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

impl QuantisedNet {
    /// Reads and checks a net file: size, magic, version, architecture, sizes (a
    /// version-2 file may have any width of [`WIDTHS`], a version-1 file is 256 wide),
    /// QA, QB and the payload hash; the error says which is wrong.
    pub fn from_bytes(bytes: &[u8]) -> Result<QuantisedNet> {
        if bytes.len() < HEADER_SIZE {
            return Err(net_file!("{} bytes: too short for the header", bytes.len()));
        }
        if &bytes[..4] != MAGIC {
            return Err(net_file!("magic {:?}, expected CHNN", &bytes[..4]));
        }
        let version = u32_at(bytes, 4);
        let (header, width, buckets, king_mirror, scale_at) = match version {
            VERSION_1 => {
                let buckets = match u32_at(bytes, 8) {
                    ARCH => 1,
                    ARCH_BUCKETS => BUCKETS,
                    other => {
                        return Err(net_file!(
                            "architecture {other}, expected {ARCH} or {ARCH_BUCKETS}"
                        ))
                    }
                };
                let fields = [
                    ("inputs", 12, INPUTS as u32),
                    ("hidden size", 16, VERSION_1_WIDTH as u32),
                    ("QA", 20, QA as u32),
                    ("QB", 24, QB as u32),
                ];
                check_fields(bytes, &fields)?;
                (HEADER_SIZE_1, VERSION_1_WIDTH, buckets, false, 28)
            }
            VERSION => {
                if bytes.len() < HEADER_SIZE {
                    return Err(net_file!("{} bytes: too short for the header", bytes.len()));
                }
                let fields = [
                    ("inputs", 8, INPUTS as u32),
                    ("QA", 24, QA as u32),
                    ("QB", 28, QB as u32),
                    ("reserved field", 36, 0),
                ];
                check_fields(bytes, &fields)?;
                let width = u32_at(bytes, 12) as usize;
                if !is_width(width) {
                    return Err(net_file!(
                        "hidden size {width}, expected one of {}",
                        widths_text()
                    ));
                }
                let buckets = u32_at(bytes, 16) as usize;
                if architecture(buckets).is_none() {
                    return Err(net_file!(
                        "{buckets} output buckets, expected 1 or {BUCKETS}"
                    ));
                }
                let flags = u32_at(bytes, 20);
                if flags & !FLAG_KING_MIRROR != 0 {
                    return Err(net_file!("flags {flags:#x}: unknown bits"));
                }
                (
                    HEADER_SIZE,
                    width,
                    buckets,
                    flags & FLAG_KING_MIRROR != 0,
                    32,
                )
            }
            other => {
                return Err(net_file!(
                    "format version {other}, expected {VERSION_1} or {VERSION}"
                ))
            }
        };
        let size = header + payload_size(width, buckets);
        if bytes.len() != size {
            return Err(net_file!("{} bytes, expected {size}", bytes.len()));
        }
        let scale = u32_at(bytes, scale_at);
        if scale == 0 || scale > i32::MAX as u32 {
            return Err(net_file!("SCALE {scale} out of range"));
        }
        let hash = u64::from_le_bytes(bytes[header - 8..header].try_into().expect("8 bytes"));
        let actual = fnv1a64(&bytes[header..]);
        if hash != actual {
            return Err(net_file!(
                "payload hash {actual:#018x} does not match the header's {hash:#018x}"
            ));
        }
        let biases_at = size - 4 * buckets;
        let mut values = bytes[header..biases_at]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]));
        let ft_w: Vec<i16> = values.by_ref().take(INPUTS * width).collect();
        let ft_b: Vec<i16> = values.by_ref().take(width).collect();
        let out_w: Vec<i16> = values.collect();
        let out_b = (0..buckets)
            .map(|b| u32_at(bytes, biases_at + 4 * b) as i32)
            .collect();
        Ok(QuantisedNet {
            width,
            ft_w,
            ft_b,
            out_w,
            out_b,
            buckets,
            king_mirror,
            scale: scale as i32,
        })
    }

    fn accumulate(&self, features: &[u16]) -> Vec<i16> {
        let mut acc = self.ft_b.clone();
        for &f in features {
            let w = &self.ft_w[usize::from(f) * self.width..][..self.width];
            for (a, &w) in acc.iter_mut().zip(w) {
                *a = a.wrapping_add(w);
            }
        }
        acc
    }

    /// The integer evaluation of nets/README.md, in engine units from the side to
    /// move's view: i16 accumulators (wrapping adds), then, with the output bucket's
    /// weights and bias, over the side to move's
    /// accumulator and weights and then the other's, `c = clamp(acc, 0, QA)`, the i16
    /// product `c · w`, times `c`, summed in wrapping i32; then `/ QA` (toward zero),
    /// `+ bias`, `· SCALE` (wrapping) and `/ (QA · QB)` (toward zero).
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let f = position_features(pos, self.king_mirror);
        let us = self.accumulate(f.us());
        let them = self.accumulate(f.them());
        let bucket = output_bucket(f.len, self.buckets);
        let w = &self.out_w[bucket * 2 * self.width..][..2 * self.width];
        let (w_us, w_them) = w.split_at(self.width);
        let mut sum: i32 = 0;
        for (acc, weights) in [(&us, w_us), (&them, w_them)] {
            for (&a, &w) in acc.iter().zip(weights) {
                let c = a.clamp(0, QA as i16);
                let cw = c.wrapping_mul(w);
                sum = sum.wrapping_add(i32::from(cw).wrapping_mul(i32::from(c)));
            }
        }
        let out = (sum / QA).wrapping_add(self.out_b[bucket]);
        out.wrapping_mul(self.scale) / (QA * QB)
    }
}

/// The integer evaluation of a net file's bytes for `pos` (see
/// [`QuantisedNet::evaluate`]); the error says what is wrong with the file.
pub fn quantised_eval(bytes: &[u8], pos: &Position) -> Result<i32> {
    Ok(QuantisedNet::from_bytes(bytes)?.evaluate(pos))
}
