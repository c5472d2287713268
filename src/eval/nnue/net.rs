//! The network file (format versions 1 and 2 of `nets/README.md`, architectures 1 and 2,
//! any hidden width of [`WIDTHS`]), the weights it holds, and the output they give for
//! a pair of accumulators.

use std::fmt;
use std::io::Read;
use std::path::Path;

use std::sync::Arc;

use super::features::INPUTS;
use super::layout::{zeros, Column, HIDDEN, QA, QB, WIDTHS};
use super::output::{self, OutputWeights};

const MAGIC: &[u8; 4] = b"CHNN";
/// The first format: a 40-byte header whose architecture id says the buckets.
const VERSION_1: u32 = 1;
/// The second format: a 48-byte header that states inputs, width, buckets and mirroring.
const VERSION_2: u32 = 2;
/// Version 2's flag for king mirroring.
const FLAG_MIRROR: u32 = 1;
/// One output (`(1260 → 256)×2 → 1`).
const ARCH_SINGLE: u32 = 1;
/// [`BUCKETS`] outputs, one chosen by the number of pieces (`(1260 → 256)×2 → 8`).
const ARCH_BUCKETS: u32 = 2;
/// The output buckets of architecture 2.
pub const BUCKETS: usize = 8;
const HEADER_LEN: usize = 40;
const HEADER_LEN_2: usize = 48;

/// The length of a payload of width `width` with `buckets` output buckets: feature
/// weights, accumulator bias and output weights (`i16`), then the output biases (`i32`).
const fn payload_len(width: usize, buckets: usize) -> usize {
    (INPUTS * width + width + buckets * 2 * width) * 2 + buckets * 4
}

/// The length of a version-1 file (width 256) with `buckets` output buckets.
pub const fn file_len(buckets: usize) -> usize {
    HEADER_LEN + payload_len(HIDDEN, buckets)
}

/// The length of a version-2 file of width `width` with `buckets` output buckets.
pub const fn file_len_2(width: usize, buckets: usize) -> usize {
    HEADER_LEN_2 + payload_len(width, buckets)
}

/// The length of a version-1, architecture-1 file: 646,700 bytes.
pub const FILE_LEN: usize = file_len(1);
/// The longest net file this engine reads (version 2, width 1024, 8 buckets:
/// 2,615,376 bytes).
pub const MAX_FILE_LEN: usize = file_len_2(WIDTHS[WIDTHS.len() - 1], BUCKETS);

const _: () = assert!(FILE_LEN == 646_700 && file_len(BUCKETS) == 653_896);
const _: () = assert!(file_len_2(HIDDEN, BUCKETS) == 653_904);
const _: () = assert!(MAX_FILE_LEN == 2_615_376);

/// The output bucket of a position with `pieces` pieces on the board (kings included):
/// `(pieces − 1) / 4`, so 2–4 pieces → 0, 5–8 → 1, …, 29–32 → 7.
#[inline]
pub fn output_bucket(pieces: usize) -> usize {
    (pieces.saturating_sub(1) / 4).min(BUCKETS - 1)
}

/// Why a network file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetError {
    /// The file could not be read.
    Io { path: String, message: String },
    /// Shorter than its header says it must be (`expected`: the length of a net of the
    /// header's architecture, or of the header itself).
    Truncated { len: usize, expected: usize },
    /// Longer than a net of its architecture.
    TrailingBytes { len: usize, expected: usize },
    /// Not a Chariot network.
    Magic([u8; 4]),
    /// A format version this engine does not read.
    Version(u32),
    /// A network architecture this engine does not have.
    Architecture(u32),
    /// A hidden-layer width this engine does not read.
    Width(u32),
    /// A header size or quantisation field with the wrong value.
    Header {
        field: &'static str,
        got: u32,
        expected: u32,
    },
    /// SCALE is 0 or does not fit an `i32`.
    Scale(u32),
    /// The payload does not hash to the header's FNV-1a value.
    Hash { stored: u64, computed: u64 },
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::Io { message, .. } => write!(f, "cannot read the file ({message})"),
            NetError::Truncated { len, expected } => {
                write!(f, "truncated: {len} bytes, such a net has {expected} bytes")
            }
            NetError::TrailingBytes { len, expected } => write!(
                f,
                "wrong size: {len} bytes, such a net has {expected} bytes"
            ),
            NetError::Magic(m) => write!(
                f,
                "wrong magic {:?}: not a Chariot network (expected \"CHNN\")",
                String::from_utf8_lossy(m)
            ),
            NetError::Version(v) => {
                write!(f, "format version {v}: this engine reads versions {VERSION_1} and {VERSION_2}")
            }
            NetError::Architecture(a) => write!(
                f,
                "architecture {a}: this engine reads architectures {ARCH_SINGLE} ((1260 → 256)×2 → 1) \
                 and {ARCH_BUCKETS} ((1260 → 256)×2 → {BUCKETS} output buckets)"
            ),
            NetError::Width(w) => write!(
                f,
                "hidden size {w}: this engine reads widths {}",
                WIDTHS.map(|w| w.to_string()).join(", ")
            ),
            NetError::Header {
                field,
                got,
                expected,
            } => write!(f, "wrong {field} {got}: the architecture has {expected}"),
            NetError::Scale(s) => write!(f, "bad SCALE {s}: must be 1..2^31"),
            NetError::Hash { stored, computed } => write!(
                f,
                "hash mismatch: the header says {stored:016x}, the payload hashes to {computed:016x} (corrupted file)"
            ),
        }
    }
}

impl std::error::Error for NetError {}

/// The FNV-1a 64-bit hash of `bytes`.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The weights whose size is the hidden width `H`.
pub(super) struct Layer<const H: usize> {
    /// One column per input feature (feature `f`'s `H` weights).
    feature_weights: Box<[Column<H>]>,
    pub(super) bias: Column<H>,
    /// One set of output weights per output bucket (one for architecture 1).
    output: Box<[OutputWeights<H>]>,
}

impl<const H: usize> Layer<H> {
    /// The weight column of input feature `feature`.
    #[inline]
    pub(super) fn column(&self, feature: usize) -> &Column<H> {
        &self.feature_weights[feature]
    }

    /// Reads the layer from the payload (whose length has been checked).
    fn read(reader: &mut Reader<'_>, buckets: usize) -> Layer<H> {
        let mut feature_weights = vec![zeros::<H>(); INPUTS].into_boxed_slice();
        for column in feature_weights.iter_mut() {
            reader.column(column);
        }
        let mut bias = zeros::<H>();
        reader.column(&mut bias);
        let mut output = vec![
            OutputWeights {
                us: zeros::<H>(),
                them: zeros::<H>(),
            };
            buckets
        ]
        .into_boxed_slice();
        for weights in output.iter_mut() {
            reader.column(&mut weights.us);
            reader.column(&mut weights.them);
        }
        Layer {
            feature_weights,
            bias,
            output,
        }
    }

    /// Every `i16` of the payload in file order.
    fn write(&self, payload: &mut Vec<u8>) {
        let columns = self
            .feature_weights
            .iter()
            .chain([&self.bias])
            .chain(self.output.iter().flat_map(|w| [&w.us, &w.them]));
        for column in columns {
            for v in column.0 {
                payload.extend_from_slice(&v.to_le_bytes());
            }
        }
    }
}

/// The layers of the net's width (each width its own compiled code).
pub(super) enum Layers {
    W256(Arc<Layer<256>>),
    W384(Arc<Layer<384>>),
    W512(Arc<Layer<512>>),
    W768(Arc<Layer<768>>),
    W1024(Arc<Layer<1024>>),
}

/// A network's weights, quantised as in the file.
pub struct Network {
    layers: Layers,
    /// The hidden width (one of [`WIDTHS`]).
    width: usize,
    /// The number of output buckets.
    buckets: usize,
    /// The output biases, one per bucket, in units of `QA · QB`.
    pub(super) output_bias: Box<[i32]>,
    /// King mirroring: a perspective whose own king stands on a file right of the middle
    /// (file index above 4) sees every square mirrored left-right.
    pub(super) mirrored: bool,
    /// The file's format version (1 or 2), kept so that `to_bytes` writes it back.
    version: u32,
    /// Engine units per unit of the net's output.
    scale: i32,
    /// The payload's hash (identifies the net).
    hash: u64,
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Network(width {}, {} output bucket(s), mirroring {}, scale {}, hash {:016x})",
            self.width, self.buckets, self.mirrored, self.scale, self.hash
        )
    }
}

/// Reads little-endian values from the payload in order.
struct Reader<'a> {
    bytes: &'a [u8],
}

impl Reader<'_> {
    fn i16(&mut self) -> i16 {
        let (head, rest) = self.bytes.split_at(2);
        self.bytes = rest;
        i16::from_le_bytes([head[0], head[1]])
    }

    fn column<const H: usize>(&mut self, column: &mut Column<H>) {
        for v in column.0.iter_mut() {
            *v = self.i16();
        }
    }
}

/// Checks header fields that must have one value.
fn check_fields(bytes: &[u8], fields: &[(&'static str, usize, u32)]) -> Result<(), NetError> {
    for &(field, offset, expected) in fields {
        let got = header_u32(bytes, offset);
        if got != expected {
            return Err(NetError::Header {
                field,
                got,
                expected,
            });
        }
    }
    Ok(())
}

fn header_u32(bytes: &[u8], offset: usize) -> u32 {
    u32::from_le_bytes([
        bytes[offset],
        bytes[offset + 1],
        bytes[offset + 2],
        bytes[offset + 3],
    ])
}

impl Network {
    /// Parses a network file.
    ///
    /// # Errors
    /// A wrong magic, version, architecture, size field, quantisation, SCALE, length or
    /// payload hash, each with its own [`NetError`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        if bytes.len() < HEADER_LEN {
            return Err(NetError::Truncated {
                len: bytes.len(),
                expected: HEADER_LEN,
            });
        }
        let magic = [bytes[0], bytes[1], bytes[2], bytes[3]];
        if &magic != MAGIC {
            return Err(NetError::Magic(magic));
        }
        let version = header_u32(bytes, 4);
        let (width, buckets, mirrored, header_len, scale_at) = match version {
            VERSION_1 => {
                let buckets = match header_u32(bytes, 8) {
                    ARCH_SINGLE => 1,
                    ARCH_BUCKETS => BUCKETS,
                    arch => return Err(NetError::Architecture(arch)),
                };
                let fields: [(&'static str, usize, u32); 4] = [
                    ("input count", 12, INPUTS as u32),
                    ("hidden size", 16, HIDDEN as u32),
                    ("QA", 20, QA as u32),
                    ("QB", 24, QB as u32),
                ];
                check_fields(bytes, &fields)?;
                (HIDDEN, buckets, false, HEADER_LEN, 28)
            }
            VERSION_2 => {
                if bytes.len() < HEADER_LEN_2 {
                    return Err(NetError::Truncated {
                        len: bytes.len(),
                        expected: HEADER_LEN_2,
                    });
                }
                let fields: [(&'static str, usize, u32); 3] = [
                    ("input count", 8, INPUTS as u32),
                    ("QA", 24, QA as u32),
                    ("QB", 28, QB as u32),
                ];
                check_fields(bytes, &fields)?;
                let width = header_u32(bytes, 12);
                let width = match WIDTHS.iter().find(|&&w| w as u32 == width) {
                    Some(&w) => w,
                    None => return Err(NetError::Width(width)),
                };
                let buckets = match header_u32(bytes, 16) {
                    1 => 1,
                    b if b as usize == BUCKETS => BUCKETS,
                    got => {
                        return Err(NetError::Header {
                            field: "output bucket count",
                            got,
                            expected: BUCKETS as u32,
                        })
                    }
                };
                let flags = header_u32(bytes, 20);
                if flags & !FLAG_MIRROR != 0 {
                    return Err(NetError::Header {
                        field: "flags",
                        got: flags,
                        expected: flags & FLAG_MIRROR,
                    });
                }
                let reserved = header_u32(bytes, 36);
                if reserved != 0 {
                    return Err(NetError::Header {
                        field: "reserved field",
                        got: reserved,
                        expected: 0,
                    });
                }
                (width, buckets, flags & FLAG_MIRROR != 0, HEADER_LEN_2, 32)
            }
            _ => return Err(NetError::Version(version)),
        };
        let expected = header_len + payload_len(width, buckets);
        let scale = header_u32(bytes, scale_at);
        let scale = match i32::try_from(scale) {
            Ok(s) if s > 0 => s,
            _ => return Err(NetError::Scale(scale)),
        };
        if bytes.len() < expected {
            return Err(NetError::Truncated {
                len: bytes.len(),
                expected,
            });
        }
        if bytes.len() > expected {
            return Err(NetError::TrailingBytes {
                len: bytes.len(),
                expected,
            });
        }
        let stored = u64::from_le_bytes(
            bytes[header_len - 8..header_len]
                .try_into()
                .expect("8 header bytes"),
        );
        let payload = &bytes[header_len..];
        let computed = fnv1a64(payload);
        if stored != computed {
            return Err(NetError::Hash { stored, computed });
        }

        let mut reader = Reader { bytes: payload };
        let layers = match width {
            256 => Layers::W256(Arc::new(Layer::read(&mut reader, buckets))),
            384 => Layers::W384(Arc::new(Layer::read(&mut reader, buckets))),
            512 => Layers::W512(Arc::new(Layer::read(&mut reader, buckets))),
            768 => Layers::W768(Arc::new(Layer::read(&mut reader, buckets))),
            _ => Layers::W1024(Arc::new(Layer::read(&mut reader, buckets))),
        };
        let output_bias = reader
            .bytes
            .chunks_exact(4)
            .map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        Ok(Network {
            layers,
            width,
            buckets,
            output_bias,
            mirrored,
            version,
            scale,
            hash: stored,
        })
    }

    /// Reads and parses a network file (reading at most one byte more than a net has,
    /// so a wrong path such as `/dev/zero` is refused quickly).
    ///
    /// # Errors
    /// When the file cannot be read ([`NetError::Io`]) or is refused by
    /// [`Network::from_bytes`].
    pub fn load(path: &Path) -> Result<Network, NetError> {
        let io_error = |e: std::io::Error| NetError::Io {
            path: path.display().to_string(),
            message: e.to_string(),
        };
        let file = std::fs::File::open(path).map_err(io_error)?;
        let mut bytes = Vec::with_capacity(MAX_FILE_LEN + 1);
        file.take(MAX_FILE_LEN as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(io_error)?;
        Network::from_bytes(&bytes)
    }

    /// The file's bytes (header, hash and payload), as [`Network::from_bytes`] reads them.
    pub fn to_bytes(&self) -> Vec<u8> {
        let buckets = self.buckets;
        let mut payload = Vec::with_capacity(payload_len(self.width, buckets));
        match &self.layers {
            Layers::W256(l) => l.write(&mut payload),
            Layers::W384(l) => l.write(&mut payload),
            Layers::W512(l) => l.write(&mut payload),
            Layers::W768(l) => l.write(&mut payload),
            Layers::W1024(l) => l.write(&mut payload),
        }
        for bias in self.output_bias.iter() {
            payload.extend_from_slice(&bias.to_le_bytes());
        }
        let mut out = Vec::with_capacity(file_len_2(self.width, buckets));
        out.extend_from_slice(MAGIC);
        let fields: Vec<u32> = if self.version == VERSION_1 {
            let arch = if buckets == 1 {
                ARCH_SINGLE
            } else {
                ARCH_BUCKETS
            };
            let (inputs, hidden, scale) = (INPUTS as u32, HIDDEN as u32, self.scale as u32);
            vec![VERSION_1, arch, inputs, hidden, QA as u32, QB as u32, scale]
        } else {
            vec![
                VERSION_2,
                INPUTS as u32,
                self.width as u32,
                buckets as u32,
                if self.mirrored { FLAG_MIRROR } else { 0 },
                QA as u32,
                QB as u32,
                self.scale as u32,
                0,
            ]
        };
        for v in fields {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&fnv1a64(&payload).to_le_bytes());
        out.extend_from_slice(&payload);
        out
    }

    /// The FNV-1a hash of the payload (the net's identity, as in its header).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// SCALE: engine units per unit of output.
    pub fn scale(&self) -> i32 {
        self.scale
    }

    /// The layers of the net's width.
    #[inline]
    pub(super) fn layers(&self) -> &Layers {
        &self.layers
    }

    /// The hidden width: neurons per perspective (one of [`WIDTHS`]).
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of output buckets: 1 (architecture 1) or [`BUCKETS`].
    pub fn buckets(&self) -> usize {
        self.buckets
    }

    /// Whether the net mirrors a perspective whose king stands right of the middle file.
    pub fn mirrored(&self) -> bool {
        self.mirrored
    }

    /// The output for a position with `pieces` pieces (which choose the output bucket)
    /// from the side to move's accumulator `us` and the other side's `them`:
    /// `((Σ screlu·w) / QA + b) · SCALE / (QA · QB)`. The weighted sum wraps in `i32`
    /// exactly as in the format's definition; the last two steps are done in `i64`
    /// (they cannot overflow there), and both divisions round toward zero.
    #[inline]
    pub(super) fn output_of<const H: usize>(
        &self,
        layer: &Layer<H>,
        us: &Column<H>,
        them: &Column<H>,
        pieces: usize,
    ) -> i32 {
        let bucket = if self.buckets == 1 {
            0
        } else {
            output_bucket(pieces)
        };
        let sum = output::weighted_sum(us, them, &layer.output[bucket]);
        self.finish(sum, bucket)
    }

    /// The last steps of the output from the weighted sum.
    #[inline]
    pub(super) fn finish(&self, sum: i32, bucket: usize) -> i32 {
        let out = i64::from(sum / QA) + i64::from(self.output_bias[bucket]);
        (out * i64::from(self.scale) / i64::from(QA * QB)) as i32
    }
}
