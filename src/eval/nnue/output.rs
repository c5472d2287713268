//! The output layer: `Σ screlu(us[i])·w[i] + Σ screlu(them[i])·w[H + i]` with
//! `screlu(x) = clamp(x, 0, QA)²`, for a hidden layer of `H` neurons (every width the
//! engine reads is a multiple of 16).
//!
//! Both paths compute each term as `(c·w as i16)·c` with `c = clamp(x, 0, 255)`: the
//! product `c·w` is taken in `i16` (it fits for the trainer's weights, |w| ≤ 127;
//! for any other weight both paths wrap it alike), then widened and multiplied by `c`,
//! and the terms are summed in wrapping `i32`. Wrapping addition is associative, so the
//! AVX2 path (16 lanes, pairs added by `madd`) and the scalar path agree exactly.

use super::layout::{Column, QA};

/// The output weights: for the side to move's accumulator, then the other side's.
#[derive(Clone)]
pub struct OutputWeights<const H: usize> {
    pub us: Column<H>,
    pub them: Column<H>,
}

/// The weighted sum by the path this build was compiled for (AVX2 when the target has
/// it, as with `-C target-cpu=native` on any recent x86-64).
#[inline]
pub fn weighted_sum<const H: usize>(us: &Column<H>, them: &Column<H>, w: &OutputWeights<H>) -> i32 {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    {
        avx2::weighted_sum(us, them, w)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
    {
        weighted_sum_scalar(us, them, w)
    }
}

/// The portable path.
pub fn weighted_sum_scalar<const H: usize>(
    us: &Column<H>,
    them: &Column<H>,
    w: &OutputWeights<H>,
) -> i32 {
    half_scalar(&us.0, &w.us.0).wrapping_add(half_scalar(&them.0, &w.them.0))
}

#[inline]
fn half_scalar<const H: usize>(acc: &[i16; H], weights: &[i16; H]) -> i32 {
    acc.iter().zip(weights).fold(0i32, |sum, (&x, &w)| {
        let c = x.clamp(0, QA as i16);
        let cw = c.wrapping_mul(w);
        sum.wrapping_add(i32::from(cw) * i32::from(c))
    })
}

/// The AVX2 path (x86-64 only).
#[cfg(target_arch = "x86_64")]
pub mod avx2 {
    use std::arch::x86_64::{
        __m256i, _mm256_add_epi32, _mm256_castsi256_si128, _mm256_extracti128_si256,
        _mm256_loadu_si256, _mm256_madd_epi16, _mm256_max_epi16, _mm256_min_epi16,
        _mm256_mullo_epi16, _mm256_set1_epi16, _mm256_setzero_si256, _mm_add_epi32,
        _mm_cvtsi128_si32, _mm_shuffle_epi32,
    };

    use super::{Column, OutputWeights, QA};

    /// Whether this machine can run [`weighted_sum`] (for the tests of builds without
    /// AVX2 enabled at compile time).
    pub fn available() -> bool {
        std::arch::is_x86_feature_detected!("avx2")
    }

    /// The AVX2 weighted sum.
    ///
    /// # Panics
    /// When the processor has no AVX2 (only possible in builds that do not enable it at
    /// compile time; check [`available`] first there).
    #[inline]
    #[allow(unsafe_code)]
    pub fn weighted_sum<const H: usize>(
        us: &Column<H>,
        them: &Column<H>,
        w: &OutputWeights<H>,
    ) -> i32 {
        #[cfg(not(target_feature = "avx2"))]
        assert!(available(), "AVX2 is not available on this processor");
        // SAFETY: the processor has AVX2: the build enables it (`target_feature =
        // "avx2"`) or `available()` was just asserted.
        unsafe { weighted_sum_avx2(us, them, w) }
    }

    /// # Safety
    /// The processor must have AVX2.
    #[target_feature(enable = "avx2")]
    #[allow(unsafe_code)]
    unsafe fn weighted_sum_avx2<const H: usize>(
        us: &Column<H>,
        them: &Column<H>,
        w: &OutputWeights<H>,
    ) -> i32 {
        const { assert!(H % 16 == 0, "the width must be a multiple of 16") };
        // SAFETY: the caller guarantees AVX2; every load reads 16 `i16`s at `at` with
        // `at + 16 <= H` (H a multiple of 16), inside the H-value arrays (unaligned
        // loads: no alignment requirement).
        unsafe {
            let mut sum = _mm256_setzero_si256();
            let zero = _mm256_setzero_si256();
            let top = _mm256_set1_epi16(QA as i16);
            for (acc, weights) in [(&us.0, &w.us.0), (&them.0, &w.them.0)] {
                for at in (0..H).step_by(16) {
                    let x = _mm256_loadu_si256(acc.as_ptr().add(at).cast::<__m256i>());
                    let wv = _mm256_loadu_si256(weights.as_ptr().add(at).cast::<__m256i>());
                    let c = _mm256_min_epi16(_mm256_max_epi16(x, zero), top);
                    // (c·w as i16)·c, adjacent pairs summed into i32: |each| ≤ 32767·255.
                    let cw = _mm256_mullo_epi16(c, wv);
                    sum = _mm256_add_epi32(sum, _mm256_madd_epi16(cw, c));
                }
            }
            let s = _mm_add_epi32(
                _mm256_castsi256_si128(sum),
                _mm256_extracti128_si256::<1>(sum),
            );
            let s = _mm_add_epi32(s, _mm_shuffle_epi32::<0b01_00_11_10>(s));
            let s = _mm_add_epi32(s, _mm_shuffle_epi32::<0b10_11_00_01>(s));
            _mm_cvtsi128_si32(s)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::nnue::layout::Aligned;

    fn xorshift(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    const HIDDEN: usize = 256;

    fn random_column<const H: usize>(state: &mut u64, lo: i16, hi: i16) -> Column<H> {
        let span = (i32::from(hi) - i32::from(lo) + 1) as u64;
        let mut c = Aligned([0; H]);
        for v in c.0.iter_mut() {
            *v = (i64::from(lo) + (xorshift(state) % span) as i64) as i16;
        }
        c
    }

    #[test]
    fn scalar_sum_is_the_definition() {
        let mut state = 7;
        let w = OutputWeights::<HIDDEN> {
            us: random_column(&mut state, -127, 127),
            them: random_column(&mut state, -127, 127),
        };
        let us = random_column(&mut state, -300, 600);
        let them = random_column(&mut state, -300, 600);
        let mut expected = 0i64;
        for i in 0..HIDDEN {
            let c = i64::from(us.0[i].clamp(0, 255));
            let d = i64::from(them.0[i].clamp(0, 255));
            expected += c * c * i64::from(w.us.0[i]) + d * d * i64::from(w.them.0[i]);
        }
        assert_eq!(i64::from(weighted_sum_scalar(&us, &them, &w)), expected);
    }

    /// Random output weights in `lo..=hi` and random accumulators: the AVX2 sum equals
    /// the scalar one.
    #[cfg(target_arch = "x86_64")]
    fn paths_agree<const H: usize>(state: &mut u64, lo: i16, hi: i16) {
        let w = OutputWeights::<H> {
            us: random_column(state, lo, hi),
            them: random_column(state, lo, hi),
        };
        let us = random_column(state, i16::MIN, i16::MAX);
        let them = random_column(state, -100, 400);
        assert_eq!(
            avx2::weighted_sum(&us, &them, &w),
            weighted_sum_scalar(&us, &them, &w)
        );
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn avx2_and_scalar_paths_agree() {
        if !avx2::available() {
            eprintln!("no AVX2 here: only the scalar path is tested");
            return;
        }
        let mut state = 12345;
        // Ordinary weights, and the full i16 range (products wrap in i16, sums in i32).
        for (lo, hi) in [(-127, 127), (i16::MIN, i16::MAX), (-40, 40)] {
            for _ in 0..2_000 {
                paths_agree::<HIDDEN>(&mut state, lo, hi);
            }
            // The other widths take the same path with more (or fewer) lanes.
            paths_agree::<1024>(&mut state, lo, hi);
            paths_agree::<384>(&mut state, lo, hi);
        }
        // Every activation saturated with the largest weights: the wrapping case.
        let full = Aligned([i16::MAX; HIDDEN]);
        let w = OutputWeights::<HIDDEN> {
            us: full,
            them: Aligned([i16::MIN; HIDDEN]),
        };
        assert_eq!(
            avx2::weighted_sum(&full, &full, &w),
            weighted_sum_scalar(&full, &full, &w)
        );
    }
}
