//! The NNUE evaluation (architectures 1 and 2 of `nets/README.md`): `(1260 → H)×2 → 1`
//! with SCReLU, and the same with 8 output buckets chosen by the number of pieces; the
//! hidden layer `H` is 256 neurons or any other width of [`WIDTHS`] (the code is generic
//! over it, each width compiled on its own so that every loop knows its length).
//!
//! From the bottom:
//!
//! - [`features`]: the input features (a piece on a square, seen from one side) and
//!   king mirroring.
//! - [`layout`]: the widths, the quantisation, and the 64-byte aligned columns that
//!   hold weights and accumulators.
//! - [`output`]: the output layer, an AVX2 path and a scalar path with identical
//!   results.
//! - [`net`]: the network file (header checks, FNV-1a hash, weights) and the output
//!   from a pair of accumulators.
//! - [`default_net`]: the default net, embedded in the binary ([`embedded`]); the
//!   `EvalFile` option loads another.
//! - [`accumulator`]: the accumulators of a position (a full refresh, as in
//!   [`Network::evaluate`]) and the per-ply stack that the search pushes and pops
//!   beside make/unmake (`board/` knows nothing of it).

pub mod accumulator;
pub mod default_net;
pub mod features;
pub mod layout;
pub mod net;
pub mod output;

pub use accumulator::{AccumulatorStack, AccumulatorValues};
pub use default_net::{embedded, EMBEDDED_NAME};
pub use features::{feature_index, feature_index_seen, king_mirrors, INPUTS};
pub use layout::{Aligned, Column, HIDDEN, QA, QB, WIDTHS};
pub use net::{fnv1a64, NetError, Network};
