//! The sizes and the storage of a net's numbers: the hidden-layer widths, the
//! quantisation, and the 64-byte aligned columns that hold weights, biases and
//! accumulators.

/// Hidden neurons per perspective of the first nets (and of every version-1 file).
pub const HIDDEN: usize = 256;
/// The hidden-layer widths the engine reads (version-2 files state theirs).
pub const WIDTHS: [usize; 5] = [256, 384, 512, 768, 1024];
/// The clamp of the activation (and the quantisation of the first layer).
pub const QA: i32 = 255;
/// The quantisation of the output weights.
pub const QB: i32 = 64;

/// A 64-byte aligned value (cache line; also what AVX2/AVX-512 loads like best).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Aligned<T>(pub T);

/// One value per hidden neuron: a weight column of a feature, a bias, an accumulator.
pub type Column<const H: usize> = Aligned<[i16; H]>;

/// An aligned column of zeros (for building nets of any width).
pub(super) fn zeros<const H: usize>() -> Column<H> {
    Aligned([0; H])
}
