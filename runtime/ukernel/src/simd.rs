//! The f32 vector abstraction shared by the pooling ([`crate::pool`]) and attention
//! ([`crate::attention`]) kernels: one trait, [`Vf`], with one implementation per ISA
//! path ([`Portable`]; on x86-64 `X256` for AVX2 and `X512` for AVX-512F).
//!
//! A kernel is written once as a [`VfKernel`], generic over `K: Vf`, and [`run_on`]
//! instantiates it inside a `#[target_feature]` function per x86 path; every method is
//! `#[inline(always)]`, so the intrinsics are compiled with the features of that
//! function.

use crate::Isa;

/// A vector of f32 lanes and the ops the pool, the softmax and the transpose need.
///
/// # Safety
/// An x86 implementation is built from intrinsics of its ISA: its methods run only where
/// those target features are enabled (inside [`run_on`]'s `run_avx512`, which enables
/// AVX-512F, AVX2 and FMA, for `X512`; `run_avx2`, which enables AVX2 and FMA, for
/// `X256`). Pointer methods also need the validity their docs state.
pub(crate) trait Vf {
    /// The vector.
    type V: Copy;
    /// Lanes per vector.
    const L: usize;
    /// `L` elements from `p` (valid for reading `L` f32s).
    unsafe fn load(p: *const f32) -> Self::V;
    /// Stores `L` elements at `p` (valid for writing `L` f32s).
    unsafe fn store(p: *mut f32, v: Self::V);
    /// All lanes `x`.
    unsafe fn splat(x: f32) -> Self::V;
    /// Per lane `a + b`.
    unsafe fn add(a: Self::V, b: Self::V) -> Self::V;
    /// Per lane `a - b`.
    unsafe fn sub(a: Self::V, b: Self::V) -> Self::V;
    /// Per lane `a * b`.
    unsafe fn mul(a: Self::V, b: Self::V) -> Self::V;
    /// Per lane `a / b`.
    unsafe fn div(a: Self::V, b: Self::V) -> Self::V;
    /// Per lane `later > earlier ? later : earlier`: `earlier` where either is NaN (or
    /// both are zeros), as x86 `max_ps(later, earlier)` has it.
    unsafe fn max(later: Self::V, earlier: Self::V) -> Self::V;
    /// Per lane IEEE 754-2019 `maximum` (MLIR's `arith.maximumf`): NaN when either is
    /// NaN, and `+0` above `-0`.
    unsafe fn maximum(a: Self::V, b: Self::V) -> Self::V;
    /// Per lane IEEE 754-2019 `minimum` (`arith.minimumf`): NaN when either is NaN, and
    /// `-0` below `+0`.
    unsafe fn minimum(a: Self::V, b: Self::V) -> Self::V;
    /// The sum of the lanes (in a fixed order of the implementation's).
    unsafe fn hsum(v: Self::V) -> f32;
    /// The largest lane (NaN lanes may or may not be skipped).
    unsafe fn hmax(v: Self::V) -> f32;
    /// The even and the odd elements of the `2 L` elements `a` then `b`.
    unsafe fn deint(a: Self::V, b: Self::V) -> (Self::V, Self::V);
    /// Hints that the cache line at `p` is needed soon (any address: a prefetch never
    /// faults and reads nothing).
    #[inline(always)]
    unsafe fn prefetch(_p: *const f32) {}
    /// `dst[c * ldd + j] = src[j * lds + c]` for `j, c < 8`.
    ///
    /// # Safety
    /// `src + j * lds` is valid for reading 8 f32s and `dst + c * ldd` for writing 8,
    /// for `j, c < 8`; they do not overlap.
    #[inline(always)]
    unsafe fn transpose8(src: *const f32, lds: usize, dst: *mut f32, ldd: usize) {
        for j in 0..8 {
            for c in 0..8 {
                // SAFETY: `j, c < 8` (this method's contract).
                unsafe { *dst.add(c * ldd + j) = *src.add(j * lds + c) };
            }
        }
    }
}

/// The sum of the whole vectors in the `n` f32s at `p`, as a vector: 4 accumulators
/// over blocks of `4 L` elements, then single vectors into the first, combined as
/// `(acc0 + acc1) + (acc2 + acc3)`; with the elements it covered (`i`, a multiple of `L`
/// with `n - i < L`: the tail is the caller's).
///
/// # Safety
/// `K`'s target features are enabled; `p` is valid for reading `n` f32s.
#[inline(always)]
pub(crate) unsafe fn sum_vectors<K: Vf>(p: *const f32, n: usize) -> (K::V, usize) {
    let l = K::L;
    let mut i = 0;
    // SAFETY: vector reads `i..i + L` with `i + 4 L <= n` or `i + L <= n`; features by
    // the caller.
    unsafe {
        let mut acc = [K::splat(0.0); 4];
        while i + 4 * l <= n {
            for (u, a) in acc.iter_mut().enumerate() {
                *a = K::add(*a, K::load(p.add(i + u * l)));
            }
            i += 4 * l;
        }
        while i + l <= n {
            acc[0] = K::add(acc[0], K::load(p.add(i)));
            i += l;
        }
        (K::add(K::add(acc[0], acc[1]), K::add(acc[2], acc[3])), i)
    }
}

/// A kernel written once over the vector type, run on an [`Isa`]'s vectors by
/// [`run_on`].
pub(crate) trait VfKernel {
    /// Runs the kernel on vectors `K`.
    ///
    /// # Safety
    /// `K`'s target features are enabled; the implementation's own contract holds.
    unsafe fn run<K: Vf>(&self);
}

/// Runs `kernel` on `isa`'s vectors: `X512` inside a function that enables AVX-512F,
/// AVX2 and FMA, `X256` inside one that enables AVX2 and FMA, [`Portable`] otherwise.
///
/// # Safety
/// The machine supports `isa` ([`Isa::is_supported`]); `kernel`'s own contract for
/// [`VfKernel::run`] holds.
#[inline(always)]
pub(crate) unsafe fn run_on<J: VfKernel>(isa: Isa, kernel: &J) {
    // SAFETY: `kernel`'s contract by the caller's; the caller checked that the machine
    // supports `isa`, so it has the features each callee enables (Avx512: avx512f,
    // avx2, fma; Avx2: avx2, fma); `Portable` needs none.
    unsafe {
        match isa {
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => x86::run_avx512(kernel),
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => x86::run_avx2(kernel),
            _ => kernel.run::<Portable>(),
        }
    }
}

/// IEEE 754-2019 `maximum` of two f32s: NaN when either is NaN (their sum, a NaN),
/// `+0` above `-0` (for equal values the sign bits are and-ed).
#[inline(always)]
pub(crate) fn maximum(a: f32, b: f32) -> f32 {
    if a.is_nan() || b.is_nan() {
        a + b
    } else if a == b {
        f32::from_bits(a.to_bits() & b.to_bits())
    } else if a > b {
        a
    } else {
        b
    }
}

/// IEEE 754-2019 `minimum` of two f32s: NaN when either is NaN, `-0` below `+0` (for
/// equal values the sign bits are or-ed).
#[inline(always)]
pub(crate) fn minimum(a: f32, b: f32) -> f32 {
    if a.is_nan() || b.is_nan() {
        a + b
    } else if a == b {
        f32::from_bits(a.to_bits() | b.to_bits())
    } else if a < b {
        a
    } else {
        b
    }
}

/// Plain Rust: 8-lane arrays that LLVM maps onto the target's SIMD.
pub(crate) struct Portable;

impl Vf for Portable {
    type V = [f32; 8];
    const L: usize = 8;
    #[inline(always)]
    unsafe fn load(p: *const f32) -> Self::V {
        // SAFETY: `p` is valid for reading `L` f32s (the method's contract), `i < L`.
        std::array::from_fn(|i| unsafe { *p.add(i) })
    }
    #[inline(always)]
    unsafe fn store(p: *mut f32, v: Self::V) {
        for (i, x) in v.into_iter().enumerate() {
            // SAFETY: `p` is valid for writing `L` f32s (the method's contract), `i < L`.
            unsafe { *p.add(i) = x };
        }
    }
    #[inline(always)]
    unsafe fn splat(x: f32) -> Self::V {
        [x; 8]
    }
    #[inline(always)]
    unsafe fn add(a: Self::V, b: Self::V) -> Self::V {
        std::array::from_fn(|i| a[i] + b[i])
    }
    #[inline(always)]
    unsafe fn sub(a: Self::V, b: Self::V) -> Self::V {
        std::array::from_fn(|i| a[i] - b[i])
    }
    #[inline(always)]
    unsafe fn mul(a: Self::V, b: Self::V) -> Self::V {
        std::array::from_fn(|i| a[i] * b[i])
    }
    #[inline(always)]
    unsafe fn div(a: Self::V, b: Self::V) -> Self::V {
        std::array::from_fn(|i| a[i] / b[i])
    }
    #[inline(always)]
    unsafe fn max(later: Self::V, earlier: Self::V) -> Self::V {
        std::array::from_fn(|i| {
            if later[i] > earlier[i] {
                later[i]
            } else {
                earlier[i]
            }
        })
    }
    #[inline(always)]
    unsafe fn maximum(a: Self::V, b: Self::V) -> Self::V {
        std::array::from_fn(|i| maximum(a[i], b[i]))
    }
    #[inline(always)]
    unsafe fn minimum(a: Self::V, b: Self::V) -> Self::V {
        std::array::from_fn(|i| minimum(a[i], b[i]))
    }
    #[inline(always)]
    unsafe fn hsum(v: Self::V) -> f32 {
        ((v[0] + v[4]) + (v[2] + v[6])) + ((v[1] + v[5]) + (v[3] + v[7]))
    }
    #[inline(always)]
    unsafe fn hmax(v: Self::V) -> f32 {
        v.into_iter()
            .fold(f32::NEG_INFINITY, |m, x| if x > m { x } else { m })
    }
    #[inline(always)]
    unsafe fn deint(a: Self::V, b: Self::V) -> (Self::V, Self::V) {
        let at = |i: usize| if i < 8 { a[i] } else { b[i - 8] };
        (
            std::array::from_fn(|i| at(2 * i)),
            std::array::from_fn(|i| at(2 * i + 1)),
        )
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{Vf, VfKernel};
    use std::arch::x86_64::*;

    /// [`VfKernel::run`] on AVX-512F vectors.
    ///
    /// # Safety
    /// The CPU has AVX-512F, AVX2 and FMA; `k`'s own contract for `run` holds.
    #[target_feature(enable = "avx512f,avx2,fma")]
    pub(super) unsafe fn run_avx512<J: VfKernel>(k: &J) {
        // SAFETY: this function enables the features `X512` uses; `k` by the contract.
        unsafe { k.run::<X512>() }
    }

    /// [`VfKernel::run`] on AVX2 vectors.
    ///
    /// # Safety
    /// The CPU has AVX2 and FMA; `k`'s own contract for `run` holds.
    #[target_feature(enable = "avx2,fma")]
    pub(super) unsafe fn run_avx2<J: VfKernel>(k: &J) {
        // SAFETY: this function enables the features `X256` uses; `k` by the contract.
        unsafe { k.run::<X256>() }
    }

    /// AVX-512F: 16 lanes.
    struct X512;
    /// AVX2: 8 lanes (`deint` needs AVX2, the other methods AVX).
    struct X256;

    impl Vf for X512 {
        type V = __m512;
        const L: usize = 16;
        #[inline(always)]
        unsafe fn prefetch(p: *const f32) {
            // SAFETY: SSE is part of x86-64; a prefetch reads nothing and never faults.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(p.cast()) }
        }
        #[inline(always)]
        unsafe fn load(p: *const f32) -> __m512 {
            // SAFETY: AVX-512F enabled (the trait's contract); `p` valid for `L` reads;
            // `loadu` needs no alignment.
            unsafe { _mm512_loadu_ps(p) }
        }
        #[inline(always)]
        unsafe fn store(p: *mut f32, v: __m512) {
            // SAFETY: as `load`, for writes.
            unsafe { _mm512_storeu_ps(p, v) }
        }
        #[inline(always)]
        unsafe fn splat(x: f32) -> __m512 {
            // SAFETY: AVX-512F enabled (the trait's contract).
            unsafe { _mm512_set1_ps(x) }
        }
        #[inline(always)]
        unsafe fn add(a: __m512, b: __m512) -> __m512 {
            // SAFETY: AVX-512F enabled.
            unsafe { _mm512_add_ps(a, b) }
        }
        #[inline(always)]
        unsafe fn sub(a: __m512, b: __m512) -> __m512 {
            // SAFETY: AVX-512F enabled.
            unsafe { _mm512_sub_ps(a, b) }
        }
        #[inline(always)]
        unsafe fn mul(a: __m512, b: __m512) -> __m512 {
            // SAFETY: AVX-512F enabled.
            unsafe { _mm512_mul_ps(a, b) }
        }
        #[inline(always)]
        unsafe fn div(a: __m512, b: __m512) -> __m512 {
            // SAFETY: AVX-512F enabled.
            unsafe { _mm512_div_ps(a, b) }
        }
        #[inline(always)]
        unsafe fn max(later: __m512, earlier: __m512) -> __m512 {
            // SAFETY: AVX-512F enabled. `max_ps(a, b)` is `a > b ? a : b` per lane (the
            // second operand when either is NaN or both are zeros).
            unsafe { _mm512_max_ps(later, earlier) }
        }
        #[inline(always)]
        unsafe fn maximum(a: __m512, b: __m512) -> __m512 {
            // SAFETY: AVX-512F enabled. `max_ps` is right but for equal lanes (the signs
            // of zeros: and-ed bits) and NaN lanes (the sum, a NaN).
            unsafe {
                let m = _mm512_max_ps(a, b);
                let eq = _mm512_cmp_ps_mask::<_CMP_EQ_OQ>(a, b);
                let both = _mm512_castsi512_ps(_mm512_and_si512(
                    _mm512_castps_si512(a),
                    _mm512_castps_si512(b),
                ));
                let m = _mm512_mask_mov_ps(m, eq, both);
                let nan = _mm512_cmp_ps_mask::<_CMP_UNORD_Q>(a, b);
                _mm512_mask_add_ps(m, nan, a, b)
            }
        }
        #[inline(always)]
        unsafe fn minimum(a: __m512, b: __m512) -> __m512 {
            // SAFETY: AVX-512F enabled; as `maximum`, the zeros' sign bits or-ed.
            unsafe {
                let m = _mm512_min_ps(a, b);
                let eq = _mm512_cmp_ps_mask::<_CMP_EQ_OQ>(a, b);
                let either = _mm512_castsi512_ps(_mm512_or_si512(
                    _mm512_castps_si512(a),
                    _mm512_castps_si512(b),
                ));
                let m = _mm512_mask_mov_ps(m, eq, either);
                let nan = _mm512_cmp_ps_mask::<_CMP_UNORD_Q>(a, b);
                _mm512_mask_add_ps(m, nan, a, b)
            }
        }
        #[inline(always)]
        unsafe fn hsum(v: __m512) -> f32 {
            // SAFETY: AVX-512F enabled.
            unsafe { _mm512_reduce_add_ps(v) }
        }
        #[inline(always)]
        unsafe fn hmax(v: __m512) -> f32 {
            // SAFETY: AVX-512F enabled.
            unsafe { _mm512_reduce_max_ps(v) }
        }
        #[inline(always)]
        unsafe fn deint(a: __m512, b: __m512) -> (__m512, __m512) {
            // SAFETY: AVX-512F enabled; indices 16..32 pick from `b`.
            unsafe {
                let even =
                    _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
                let odd =
                    _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
                (
                    _mm512_permutex2var_ps(a, even, b),
                    _mm512_permutex2var_ps(a, odd, b),
                )
            }
        }
        #[inline(always)]
        unsafe fn transpose8(src: *const f32, lds: usize, dst: *mut f32, ldd: usize) {
            // SAFETY: AVX-512F implies AVX; the method's contract is the helper's.
            unsafe { crate::x86::transpose8_ps(src, lds, dst, ldd) }
        }
    }

    impl Vf for X256 {
        type V = __m256;
        const L: usize = 8;
        #[inline(always)]
        unsafe fn prefetch(p: *const f32) {
            // SAFETY: SSE is part of x86-64; a prefetch reads nothing and never faults.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(p.cast()) }
        }
        #[inline(always)]
        unsafe fn load(p: *const f32) -> __m256 {
            // SAFETY: AVX enabled (the trait's contract); `p` valid for `L` reads;
            // `loadu` needs no alignment.
            unsafe { _mm256_loadu_ps(p) }
        }
        #[inline(always)]
        unsafe fn store(p: *mut f32, v: __m256) {
            // SAFETY: as `load`, for writes.
            unsafe { _mm256_storeu_ps(p, v) }
        }
        #[inline(always)]
        unsafe fn splat(x: f32) -> __m256 {
            // SAFETY: AVX enabled (the trait's contract).
            unsafe { _mm256_set1_ps(x) }
        }
        #[inline(always)]
        unsafe fn add(a: __m256, b: __m256) -> __m256 {
            // SAFETY: AVX enabled.
            unsafe { _mm256_add_ps(a, b) }
        }
        #[inline(always)]
        unsafe fn sub(a: __m256, b: __m256) -> __m256 {
            // SAFETY: AVX enabled.
            unsafe { _mm256_sub_ps(a, b) }
        }
        #[inline(always)]
        unsafe fn mul(a: __m256, b: __m256) -> __m256 {
            // SAFETY: AVX enabled.
            unsafe { _mm256_mul_ps(a, b) }
        }
        #[inline(always)]
        unsafe fn div(a: __m256, b: __m256) -> __m256 {
            // SAFETY: AVX enabled.
            unsafe { _mm256_div_ps(a, b) }
        }
        #[inline(always)]
        unsafe fn max(later: __m256, earlier: __m256) -> __m256 {
            // SAFETY: AVX enabled. `max_ps(a, b)` is `a > b ? a : b` per lane (the
            // second operand when either is NaN or both are zeros).
            unsafe { _mm256_max_ps(later, earlier) }
        }
        #[inline(always)]
        unsafe fn maximum(a: __m256, b: __m256) -> __m256 {
            // SAFETY: AVX enabled. As X512's: `max_ps`, then equal lanes get the and-ed
            // bits and NaN lanes the sum.
            unsafe {
                let m = _mm256_max_ps(a, b);
                let m = _mm256_blendv_ps(m, _mm256_and_ps(a, b), _mm256_cmp_ps::<_CMP_EQ_OQ>(a, b));
                _mm256_blendv_ps(m, _mm256_add_ps(a, b), _mm256_cmp_ps::<_CMP_UNORD_Q>(a, b))
            }
        }
        #[inline(always)]
        unsafe fn minimum(a: __m256, b: __m256) -> __m256 {
            // SAFETY: AVX enabled; as `maximum`, the zeros' sign bits or-ed.
            unsafe {
                let m = _mm256_min_ps(a, b);
                let m = _mm256_blendv_ps(m, _mm256_or_ps(a, b), _mm256_cmp_ps::<_CMP_EQ_OQ>(a, b));
                _mm256_blendv_ps(m, _mm256_add_ps(a, b), _mm256_cmp_ps::<_CMP_UNORD_Q>(a, b))
            }
        }
        #[inline(always)]
        unsafe fn hsum(v: __m256) -> f32 {
            // SAFETY: AVX enabled (SSE3's `movehdup` with it).
            unsafe {
                let x = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps::<1>(v));
                let x = _mm_add_ps(x, _mm_movehl_ps(x, x));
                _mm_cvtss_f32(_mm_add_ss(x, _mm_movehdup_ps(x)))
            }
        }
        #[inline(always)]
        unsafe fn hmax(v: __m256) -> f32 {
            // SAFETY: AVX enabled (SSE3's `movehdup` with it).
            unsafe {
                let x = _mm_max_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps::<1>(v));
                let x = _mm_max_ps(x, _mm_movehl_ps(x, x));
                _mm_cvtss_f32(_mm_max_ss(x, _mm_movehdup_ps(x)))
            }
        }
        #[inline(always)]
        unsafe fn deint(a: __m256, b: __m256) -> (__m256, __m256) {
            // SAFETY: AVX2 enabled. Per 128-bit half the shuffles give `a0 a2 b0 b2 |
            // a4 a6 b4 b6` (odd: `a1 a3 b1 b3 | ...`); the 64-bit permute orders the
            // pairs `a0 a2 a4 a6 b0 b2 b4 b6`.
            unsafe {
                let e = _mm256_shuffle_ps::<0b10_00_10_00>(a, b);
                let o = _mm256_shuffle_ps::<0b11_01_11_01>(a, b);
                let fix = |v: __m256| {
                    _mm256_castpd_ps(_mm256_permute4x64_pd::<0b11_01_10_00>(_mm256_castps_pd(v)))
                };
                (fix(e), fix(o))
            }
        }
        #[inline(always)]
        unsafe fn transpose8(src: *const f32, lds: usize, dst: *mut f32, ldd: usize) {
            // SAFETY: AVX enabled; the method's contract is the helper's.
            unsafe { crate::x86::transpose8_ps(src, lds, dst, ldd) }
        }
    }
}
