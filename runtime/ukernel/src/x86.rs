//! AVX-512F and AVX2+FMA register tiles.
//!
//! Everything here runs inside the `#[target_feature]` entry points at the bottom, which
//! `float::matmul_f32`/`matmul_f64` call only after `Isa::is_supported`; the `Kern`
//! methods and packers are `#[inline(always)]` into them, so their intrinsics always run
//! with the features enabled.

use crate::float::{driver, tile_dispatch, Kern};
use crate::Args;
use std::arch::x86_64::*;

macro_rules! x86_kern {
    (
        $name:ident, $e:ty, $v:ty, lanes = $lanes:literal, nv = $nv:literal [$($nvs:literal)*],
        mr = $mr:literal [$($mrs:literal)*], kc = $kc:literal, mc = $mc:literal,
        nc = $nc:literal, direct_m = $dm:literal, pack = $pack:ident,
        $zero:ident, $set1:ident, $load:ident, $store:ident, $fma:ident, $add:ident
        $(, masked = $mload:ident, $mstore:ident, $mask:ty)?
        $(, transpose = $transpose:ident)?
    ) => {
        pub(crate) struct $name;
        impl Kern for $name {
            type E = $e;
            type V = $v;
            const LANES: usize = $lanes;
            const NV: usize = $nv;
            const MR: usize = $mr;
            const KC: usize = $kc;
            const MC: usize = $mc;
            const NC: usize = $nc;
            const DIRECT_M: usize = $dm;
            #[inline(always)]
            unsafe fn zero() -> $v {
                // SAFETY: `Kern`'s contract: this ISA's target features are enabled.
                unsafe { $zero() }
            }
            #[inline(always)]
            unsafe fn splat(p: *const $e) -> $v {
                // SAFETY: target features as in `zero`; `p` is valid for reading one
                // aligned element (this method's contract).
                unsafe { $set1(*p) }
            }
            #[inline(always)]
            unsafe fn load(p: *const $e) -> $v {
                // SAFETY: target features as in `zero`; `p` is valid for reading LANES
                // elements, and the `loadu` intrinsic needs no alignment.
                unsafe { $load(p) }
            }
            #[inline(always)]
            unsafe fn store(p: *mut $e, v: $v) {
                // SAFETY: target features as in `zero`; `p` is valid for writing LANES
                // elements, and the `storeu` intrinsic needs no alignment.
                unsafe { $store(p, v) }
            }
            #[inline(always)]
            unsafe fn fma(a: $v, b: $v, c: $v) -> $v {
                // SAFETY: target features as in `zero`.
                unsafe { $fma(a, b, c) }
            }
            #[inline(always)]
            unsafe fn add(a: $v, b: $v) -> $v {
                // SAFETY: target features as in `zero`.
                unsafe { $add(a, b) }
            }
            #[inline(always)]
            unsafe fn prefetch(p: *const $e) {
                // SAFETY: SSE is part of x86-64; a prefetch is a hint that reads nothing
                // and never faults, whatever the address.
                unsafe { _mm_prefetch::<_MM_HINT_T0>(p.cast()) };
            }
            #[inline(always)]
            unsafe fn prefetch_l2(p: *const $e) {
                // SAFETY: as `prefetch`'s.
                unsafe { _mm_prefetch::<_MM_HINT_T1>(p.cast()) };
            }
            $(
            #[inline(always)]
            unsafe fn load_n(p: *const $e, n: usize) -> $v {
                // SAFETY: target features as in `zero`; a masked load reads only the
                // `n` lanes `p` is valid for (the contract) and never faults on others.
                unsafe { $mload((((1u32 << n.min($lanes)) - 1) as $mask), p) }
            }
            #[inline(always)]
            unsafe fn store_n(p: *mut $e, v: $v, n: usize) {
                // SAFETY: as `load_n`, writing only the `n` valid lanes.
                unsafe { $mstore(p, (((1u32 << n.min($lanes)) - 1) as $mask), v) }
            }
            )?
            $(
            #[inline(always)]
            unsafe fn transpose(src: *const $e, lds: usize, dst: *mut $e, ldd: usize) {
                // SAFETY: target features as in `zero`; the rows as `Kern::transpose`'s
                // contract states, which is the function's.
                unsafe { $transpose(src, lds, dst, ldd) }
            }
            )?
            tile_dispatch!([$($nvs)*], [$($mrs)*]);
            #[inline(always)]
            unsafe fn pack_a_panel(a: *const $e, lda: usize, rows: usize, kc: usize, out: *mut $e) {
                // SAFETY: this method's contract is the packer's (`pack_a_rows`'s; the
                // f64 packer's AVX is implied by both ISAs that use it).
                unsafe { $pack(a, lda, rows, kc, out) }
            }
        }
    };
}

// 8 x 48 f32: 24 zmm accumulators + 3 for B + 1 broadcast of the 32 registers; 11 loads
// per 24 FMAs (12 x 32 needs 14), and 8-row tiles suit small batches (m = 8 runs ~25%
// faster than on 12 x 32). kc = 192 keeps the B (36 KiB) and A (6 KiB) micro-panels in
// a 48 KiB L1.
x86_kern!(
    Avx512F32, f32, __m512, lanes = 16, nv = 3 [1 2 3],
    mr = 8 [1 2 3 4 5 6 7 8], kc = 192, mc = 144, nc = 4096, direct_m = 64, pack = pack_f32,
    _mm512_setzero_ps, _mm512_set1_ps, _mm512_loadu_ps, _mm512_storeu_ps,
    _mm512_fmadd_ps, _mm512_add_ps, masked = _mm512_maskz_loadu_ps, _mm512_mask_storeu_ps, u16,
    transpose = transpose16_ps
);
// 8 x 24 f64, for the same reasons; kc = 128 fits B (24 KiB) and A (8 KiB) in L1.
x86_kern!(
    Avx512F64, f64, __m512d, lanes = 8, nv = 3 [1 2 3],
    mr = 8 [1 2 3 4 5 6 7 8], kc = 128, mc = 144, nc = 4096, direct_m = 64, pack = pack_f64,
    _mm512_setzero_pd, _mm512_set1_pd, _mm512_loadu_pd, _mm512_storeu_pd,
    _mm512_fmadd_pd, _mm512_add_pd, masked = _mm512_maskz_loadu_pd, _mm512_mask_storeu_pd, u8
);
// 6 x 16 f32 (Haswell BLIS shape): 12 ymm accumulators of the 16 registers.
x86_kern!(
    Avx2F32, f32, __m256, lanes = 8, nv = 2 [1 2],
    mr = 6 [1 2 3 4 5 6], kc = 256, mc = 144, nc = 4096, direct_m = 32, pack = pack_f32,
    _mm256_setzero_ps, _mm256_set1_ps, _mm256_loadu_ps, _mm256_storeu_ps,
    _mm256_fmadd_ps, _mm256_add_ps, transpose = transpose8_ps
);
x86_kern!(
    Avx2F64, f64, __m256d, lanes = 4, nv = 2 [1 2],
    mr = 6 [1 2 3 4 5 6], kc = 256, mc = 144, nc = 4096, direct_m = 32, pack = pack_f64,
    _mm256_setzero_pd, _mm256_set1_pd, _mm256_loadu_pd, _mm256_storeu_pd,
    _mm256_fmadd_pd, _mm256_add_pd
);

/// Transposes 16 x 16 f32: `dst[j * ldd + i] = src[i * lds + j]`. Pairs of rows
/// interleave (unpack), then 4 x 4 blocks form within each 128-bit lane (shuffle), and
/// two rounds of lane shuffles gather each column's four lanes. (Plain loops, not
/// `array::from_fn`: its closures do not inherit the caller's target features, and
/// the intrinsics in them were calls.)
///
/// # Safety
/// AVX-512F is enabled; for each `i < 16`, `src + i * lds` is valid for reading and
/// `dst + i * ldd` for writing 16 f32s, disjoint.
#[inline(always)]
unsafe fn transpose16_ps(src: *const f32, lds: usize, dst: *mut f32, ldd: usize) {
    // SAFETY: the contract; unaligned loads and stores.
    unsafe {
        let mut r = [_mm512_setzero_ps(); 16];
        for (i, v) in r.iter_mut().enumerate() {
            *v = _mm512_loadu_ps(src.add(i * lds));
        }
        let mut t = [_mm512_setzero_ps(); 16];
        for k in 0..8 {
            t[2 * k] = _mm512_unpacklo_ps(r[2 * k], r[2 * k + 1]);
            t[2 * k + 1] = _mm512_unpackhi_ps(r[2 * k], r[2 * k + 1]);
        }
        // u[4k + j], lane L: column 4L + j of rows 4k..4k + 4.
        let mut u = [_mm512_setzero_ps(); 16];
        for k in 0..4 {
            u[4 * k] = _mm512_shuffle_ps::<0x44>(t[4 * k], t[4 * k + 2]);
            u[4 * k + 1] = _mm512_shuffle_ps::<0xEE>(t[4 * k], t[4 * k + 2]);
            u[4 * k + 2] = _mm512_shuffle_ps::<0x44>(t[4 * k + 1], t[4 * k + 3]);
            u[4 * k + 3] = _mm512_shuffle_ps::<0xEE>(t[4 * k + 1], t[4 * k + 3]);
        }
        for j in 0..4 {
            let w0 = _mm512_shuffle_f32x4::<0x44>(u[j], u[4 + j]);
            let w1 = _mm512_shuffle_f32x4::<0xEE>(u[j], u[4 + j]);
            let w2 = _mm512_shuffle_f32x4::<0x44>(u[8 + j], u[12 + j]);
            let w3 = _mm512_shuffle_f32x4::<0xEE>(u[8 + j], u[12 + j]);
            _mm512_storeu_ps(dst.add(j * ldd), _mm512_shuffle_f32x4::<0x88>(w0, w2));
            _mm512_storeu_ps(dst.add((4 + j) * ldd), _mm512_shuffle_f32x4::<0xDD>(w0, w2));
            _mm512_storeu_ps(dst.add((8 + j) * ldd), _mm512_shuffle_f32x4::<0x88>(w1, w3));
            _mm512_storeu_ps(
                dst.add((12 + j) * ldd),
                _mm512_shuffle_f32x4::<0xDD>(w1, w3),
            );
        }
    }
}

/// Transposes 8 x 8 f32 as [`transpose16_ps`] does, with two 128-bit lanes (also the
/// attention kernel's and `simd`'s 8 x 8 transpose).
///
/// # Safety
/// AVX is enabled; for each `i < 8`, `src + i * lds` is valid for reading and `dst + i *
/// ldd` for writing 8 f32s, disjoint.
#[inline(always)]
pub(crate) unsafe fn transpose8_ps(src: *const f32, lds: usize, dst: *mut f32, ldd: usize) {
    // SAFETY: the contract; unaligned loads and stores.
    unsafe {
        let mut r = [_mm256_setzero_ps(); 8];
        for (i, v) in r.iter_mut().enumerate() {
            *v = _mm256_loadu_ps(src.add(i * lds));
        }
        let mut t = [_mm256_setzero_ps(); 8];
        for k in 0..4 {
            t[2 * k] = _mm256_unpacklo_ps(r[2 * k], r[2 * k + 1]);
            t[2 * k + 1] = _mm256_unpackhi_ps(r[2 * k], r[2 * k + 1]);
        }
        let mut u = [_mm256_setzero_ps(); 8];
        for k in 0..2 {
            u[4 * k] = _mm256_shuffle_ps::<0x44>(t[4 * k], t[4 * k + 2]);
            u[4 * k + 1] = _mm256_shuffle_ps::<0xEE>(t[4 * k], t[4 * k + 2]);
            u[4 * k + 2] = _mm256_shuffle_ps::<0x44>(t[4 * k + 1], t[4 * k + 3]);
            u[4 * k + 3] = _mm256_shuffle_ps::<0xEE>(t[4 * k + 1], t[4 * k + 3]);
        }
        for j in 0..4 {
            _mm256_storeu_ps(
                dst.add(j * ldd),
                _mm256_permute2f128_ps::<0x20>(u[j], u[4 + j]),
            );
            _mm256_storeu_ps(
                dst.add((4 + j) * ldd),
                _mm256_permute2f128_ps::<0x31>(u[j], u[4 + j]),
            );
        }
    }
}

/// Packs a panel of f32 A (layout of `pack_a_rows`) with 4x4 SSE transposes: the plain
/// loop vectorizes into AVX-512 scatters, which cost ~10% of a 512^3 matmul.
///
/// # Safety
/// As `pack_a_rows`: for each `i < rows`, `a + i * lda` is valid for reading `kc`
/// aligned f32s; `out` is valid for writing `rows * kc` aligned f32s and overlaps no row
/// of A. (SSE is part of x86-64.)
#[inline(always)]
unsafe fn pack_f32(a: *const f32, lda: usize, rows: usize, kc: usize, out: *mut f32) {
    let k4 = kc / 4 * 4;
    let mut r = 0;
    while r + 4 <= rows {
        let mut p = 0;
        while p < k4 {
            // SAFETY: reads rows `r..r + 4 <= rows`, columns `p..p + 4 <= k4 <= kc` of A;
            // writes `out[(p + q) * rows + r..][..4]` for `q < 4`, which ends at or
            // before `(p + 4) * rows <= kc * rows`. Unaligned loads and stores.
            unsafe {
                let s = a.add(r * lda);
                let r0 = _mm_loadu_ps(s.add(p));
                let r1 = _mm_loadu_ps(s.add(lda + p));
                let r2 = _mm_loadu_ps(s.add(2 * lda + p));
                let r3 = _mm_loadu_ps(s.add(3 * lda + p));
                let t0 = _mm_unpacklo_ps(r0, r1);
                let t1 = _mm_unpacklo_ps(r2, r3);
                let t2 = _mm_unpackhi_ps(r0, r1);
                let t3 = _mm_unpackhi_ps(r2, r3);
                let d = out.add(p * rows + r);
                _mm_storeu_ps(d, _mm_movelh_ps(t0, t1));
                _mm_storeu_ps(d.add(rows), _mm_movehl_ps(t1, t0));
                _mm_storeu_ps(d.add(2 * rows), _mm_movelh_ps(t2, t3));
                _mm_storeu_ps(d.add(3 * rows), _mm_movehl_ps(t3, t2));
            }
            p += 4;
        }
        r += 4;
    }
    if r + 2 <= rows {
        let mut p = 0;
        while p < k4 {
            // SAFETY: reads rows `r, r + 1` (`r + 2 <= rows`), columns `p..p + 4 <= kc`
            // of A; writes `out[(p + q) * rows + r..][..2]` for `q < 4`, which ends at or
            // before `(p + 4) * rows <= kc * rows`. Each pair of f32s is stored as one
            // 8-byte `write_unaligned`: `out + (p + q) * rows + r` is only f32-aligned
            // (`rows` may be odd), so the typed-f64 `_mm_storel_pd`/`_mm_storeh_pd` would
            // be misaligned stores.
            unsafe {
                let s = a.add(r * lda);
                let r0 = _mm_loadu_ps(s.add(p));
                let r1 = _mm_loadu_ps(s.add(lda + p));
                let lo = _mm_castps_pd(_mm_unpacklo_ps(r0, r1));
                let hi = _mm_castps_pd(_mm_unpackhi_ps(r0, r1));
                let d = out.add(p * rows + r);
                let (lo_hi, hi_hi) = (_mm_unpackhi_pd(lo, lo), _mm_unpackhi_pd(hi, hi));
                let at = |q: usize| d.add(q * rows).cast::<f64>();
                at(0).write_unaligned(_mm_cvtsd_f64(lo));
                at(1).write_unaligned(_mm_cvtsd_f64(lo_hi));
                at(2).write_unaligned(_mm_cvtsd_f64(hi));
                at(3).write_unaligned(_mm_cvtsd_f64(hi_hi));
            }
            p += 4;
        }
        r += 2;
    }
    // SAFETY: this function's contract, with `r <= rows` and `k4 <= kc`.
    unsafe { pack_rest(a, lda, rows, r, k4, kc, out) };
}

/// Packs a panel of f64 A (layout of `pack_a_rows`) with 4x4 AVX transposes.
///
/// # Safety
/// AVX is enabled (both ISAs that use this imply it), and as `pack_a_rows`: for each
/// `i < rows`, `a + i * lda` is valid for reading `kc` aligned f64s; `out` is valid for
/// writing `rows * kc` aligned f64s and overlaps no row of A.
#[inline(always)]
unsafe fn pack_f64(a: *const f64, lda: usize, rows: usize, kc: usize, out: *mut f64) {
    let k4 = kc / 4 * 4;
    let mut r = 0;
    while r + 4 <= rows {
        let mut p = 0;
        while p < k4 {
            // SAFETY: AVX by the contract; reads rows `r..r + 4 <= rows`, columns
            // `p..p + 4 <= kc` of A; writes `out[(p + q) * rows + r..][..4]` for `q < 4`,
            // ending at or before `(p + 4) * rows <= kc * rows`. Unaligned loads/stores.
            unsafe {
                let s = a.add(r * lda);
                let r0 = _mm256_loadu_pd(s.add(p));
                let r1 = _mm256_loadu_pd(s.add(lda + p));
                let r2 = _mm256_loadu_pd(s.add(2 * lda + p));
                let r3 = _mm256_loadu_pd(s.add(3 * lda + p));
                let t0 = _mm256_unpacklo_pd(r0, r1);
                let t1 = _mm256_unpackhi_pd(r0, r1);
                let t2 = _mm256_unpacklo_pd(r2, r3);
                let t3 = _mm256_unpackhi_pd(r2, r3);
                let d = out.add(p * rows + r);
                _mm256_storeu_pd(d, _mm256_permute2f128_pd(t0, t2, 0x20));
                _mm256_storeu_pd(d.add(rows), _mm256_permute2f128_pd(t1, t3, 0x20));
                _mm256_storeu_pd(d.add(2 * rows), _mm256_permute2f128_pd(t0, t2, 0x31));
                _mm256_storeu_pd(d.add(3 * rows), _mm256_permute2f128_pd(t1, t3, 0x31));
            }
            p += 4;
        }
        r += 4;
    }
    if r + 2 <= rows {
        let mut p = 0;
        while p < k4 {
            // SAFETY: AVX by the contract; reads rows `r, r + 1` (`r + 2 <= rows`),
            // columns `p..p + 4 <= kc` of A; writes `out[(p + q) * rows + r..][..2]` for
            // `q < 4`, ending at or before `(p + 4) * rows <= kc * rows`. Unaligned
            // loads/stores.
            unsafe {
                let s = a.add(r * lda);
                let r0 = _mm256_loadu_pd(s.add(p));
                let r1 = _mm256_loadu_pd(s.add(lda + p));
                let lo = _mm256_unpacklo_pd(r0, r1);
                let hi = _mm256_unpackhi_pd(r0, r1);
                let d = out.add(p * rows + r);
                _mm_storeu_pd(d, _mm256_castpd256_pd128(lo));
                _mm_storeu_pd(d.add(rows), _mm256_castpd256_pd128(hi));
                _mm_storeu_pd(d.add(2 * rows), _mm256_extractf128_pd(lo, 1));
                _mm_storeu_pd(d.add(3 * rows), _mm256_extractf128_pd(hi, 1));
            }
            p += 4;
        }
        r += 2;
    }
    // SAFETY: this function's contract, with `r <= rows` and `k4 <= kc`.
    unsafe { pack_rest(a, lda, rows, r, k4, kc, out) };
}

/// What the transposes left: columns [k4, kc) of rows [0, r0), and every column of the
/// odd last row. Volatile stores keep LLVM from turning the strided writes into
/// (slow) scatters.
///
/// # Safety
/// As `pack_a_rows` for `a`, `lda`, `rows`, `kc`, `out`; `r0 <= rows`, `k4 <= kc`.
#[inline(always)]
unsafe fn pack_rest<E: Copy>(
    a: *const E,
    lda: usize,
    rows: usize,
    r0: usize,
    k4: usize,
    kc: usize,
    out: *mut E,
) {
    for i in 0..rows {
        let from = if i < r0 { k4 } else { 0 };
        for p in from..kc {
            // SAFETY: `i < rows`, `p < kc`: element (i, p) of A, and
            // `p * rows + i < kc * rows` in `out`; both aligned as their bases.
            unsafe { out.add(p * rows + i).write_volatile(*a.add(i * lda + p)) };
        }
    }
}

/// The f32 AVX-512 kernel.
///
/// # Safety
/// The CPU has AVX-512F, AVX2 and FMA (`Isa::Avx512.is_supported()`); `p` holds operands
/// valid as the entry points require.
#[target_feature(enable = "avx512f,avx2,fma")]
pub(crate) unsafe fn f32_avx512(p: &Args<f32>) {
    // SAFETY: this function enables the features `Avx512F32` uses; `p` by the contract.
    unsafe { driver::<Avx512F32>(p) }
}

/// The f64 AVX-512 kernel.
///
/// # Safety
/// As [`f32_avx512`].
#[target_feature(enable = "avx512f,avx2,fma")]
pub(crate) unsafe fn f64_avx512(p: &Args<f64>) {
    // SAFETY: this function enables the features `Avx512F64` uses; `p` by the contract.
    unsafe { driver::<Avx512F64>(p) }
}

/// The f32 AVX2 kernel.
///
/// # Safety
/// The CPU has AVX2 and FMA (`Isa::Avx2.is_supported()`); `p` holds operands valid as
/// the entry points require.
#[target_feature(enable = "avx2,fma")]
pub(crate) unsafe fn f32_avx2(p: &Args<f32>) {
    // SAFETY: this function enables the features `Avx2F32` uses; `p` by the contract.
    unsafe { driver::<Avx2F32>(p) }
}

/// The f64 AVX2 kernel.
///
/// # Safety
/// As [`f32_avx2`].
#[target_feature(enable = "avx2,fma")]
pub(crate) unsafe fn f64_avx2(p: &Args<f64>) {
    // SAFETY: this function enables the features `Avx2F64` uses; `p` by the contract.
    unsafe { driver::<Avx2F64>(p) }
}

/// The f32 convolution on the AVX-512 kernel.
///
/// # Safety
/// The CPU has AVX-512F, AVX2 and FMA (`Isa::Avx512.is_supported()`); `j` holds
/// operands valid as `conv::conv2d_f32` requires, with a filter packed for `Isa::Avx512`.
#[target_feature(enable = "avx512f,avx2,fma")]
pub(crate) unsafe fn conv_avx512(j: &crate::conv::Job) {
    // SAFETY: this function enables the features `Avx512F32` uses; `j` by the contract.
    unsafe { crate::conv::run::<Avx512F32>(j) }
}

/// The f32 convolution on the AVX2 kernel.
///
/// # Safety
/// The CPU has AVX2 and FMA (`Isa::Avx2.is_supported()`); `j` holds operands valid as
/// `conv::conv2d_f32` requires, with a filter packed for `Isa::Avx2`.
#[target_feature(enable = "avx2,fma")]
pub(crate) unsafe fn conv_avx2(j: &crate::conv::Job) {
    // SAFETY: this function enables the features `Avx2F32` uses; `j` by the contract.
    unsafe { crate::conv::run::<Avx2F32>(j) }
}

/// GFLOP/s of the AVX-512 f32 register tile (8 x 48) alone: `iters` calls of `kc` steps
/// on panels that stay in L1, B read as a packed panel or with a row stride (which the
/// kernel prefetches); see [`crate::micro_tile_gflops`].
pub(crate) fn micro_tile_gflops(kc: usize, packed_b: bool, iters: usize) -> Option<f64> {
    /// # Safety
    /// AVX-512F, AVX2 and FMA are supported; `t` is valid as `micro` requires.
    #[target_feature(enable = "avx512f,avx2,fma")]
    unsafe fn go(t: &crate::float::Tile<f32>, iters: usize) {
        for _ in 0..iters {
            // SAFETY: this function's contract; 8 rows and 3 vectors are the kernel's.
            unsafe { <Avx512F32 as crate::float::Kern>::tile(8, 3, t) };
        }
    }
    if !crate::Isa::Avx512.is_supported() || kc == 0 {
        return None;
    }
    let a = vec![0.5f32; kc * 8];
    let ldb = if packed_b { 48 } else { 64 };
    let b = vec![0.25f32; kc * ldb];
    let mut c = vec![0f32; 8 * 48];
    let t = crate::float::Tile {
        kc,
        a: a.as_ptr(),
        b: b.as_ptr(),
        ldb,
        c: c.as_mut_ptr(),
        ldc: 48,
        nr: 48,
        accumulate: true,
        stream_a: false,
        next_b: std::ptr::null(),
        offs: std::ptr::null(),
    };
    let t0 = std::time::Instant::now();
    // SAFETY: AVX-512 checked above; A holds `kc * 8`, B `kc` rows of 48 `ldb` apart, C
    // 8 rows of 48, all alive for the call.
    unsafe { go(&t, iters) };
    let dt = t0.elapsed().as_secs_f64();
    std::hint::black_box(&c);
    Some((iters * kc * 8 * 48 * 2) as f64 / dt / 1e9)
}

#[cfg(test)]
mod tests {
    use super::{pack_f32, pack_f64};
    use crate::float::pack_a_rows;
    use crate::Isa;

    /// The 16 x 16 and 8 x 8 block transposes against the definition, with row strides
    /// past the block.
    #[test]
    fn block_transposes_match_the_definition() {
        use crate::float::Kern;
        fn check<K: Kern<E = f32>>() {
            let (l, lds, ldd) = (K::LANES, K::LANES + 3, K::LANES + 5);
            let src: Vec<f32> = (0..l * lds).map(|x| x as f32).collect();
            let mut dst = vec![-1f32; l * ldd];
            // SAFETY: the caller checked the ISA; `src` holds `l` rows `lds` apart and
            // `dst` `l` rows `ldd` apart.
            unsafe { K::transpose(src.as_ptr(), lds, dst.as_mut_ptr(), ldd) };
            for i in 0..l {
                for j in 0..l {
                    assert_eq!(dst[j * ldd + i], src[i * lds + j], "{i} {j}");
                }
            }
        }
        #[target_feature(enable = "avx512f,avx2,fma")]
        fn avx512() {
            check::<super::Avx512F32>();
        }
        #[target_feature(enable = "avx2,fma")]
        fn avx2() {
            check::<super::Avx2F32>();
        }
        if Isa::Avx512.is_supported() {
            // SAFETY: the features are present.
            unsafe { avx512() };
        }
        if Isa::Avx2.is_supported() {
            // SAFETY: as above.
            unsafe { avx2() };
        }
    }

    /// The transposing packers against the plain loop, for every panel height up to 8
    /// (the 4-row, 2-row and leftover paths), every `kc` up to 9, and outputs starting at
    /// every element offset mod 8: with odd `rows`, the 2-row path's 8-byte stores land on
    /// addresses that are only 4-byte aligned, which must be written with unaligned
    /// stores.
    #[test]
    fn transposing_packers_match_the_plain_loop_at_any_alignment() {
        // pack_f64 needs AVX; compile both in the context they run in.
        if !Isa::Avx2.is_supported() {
            return;
        }
        #[target_feature(enable = "avx2,fma")]
        fn check<E: Copy + PartialEq + std::fmt::Debug + From<u8>>(
            pack: unsafe fn(*const E, usize, usize, usize, *mut E),
        ) {
            let lda = 11;
            let a: Vec<E> = (0..8 * lda).map(|x| E::from(x as u8)).collect();
            for rows in 1..=8 {
                for kc in 0..=9 {
                    let mut want = vec![E::from(0); rows * kc];
                    // SAFETY: A has 8 rows of `lda >= kc` elements; `want` holds
                    // `rows * kc`.
                    unsafe { pack_a_rows(a.as_ptr(), lda, rows, kc, want.as_mut_ptr()) };
                    for shift in 0..8 {
                        let mut got = vec![E::from(255); shift + rows * kc];
                        // SAFETY: as above, `got[shift..]` holds `rows * kc`; AVX is
                        // enabled on this function and the test checked it is present.
                        unsafe { pack(a.as_ptr(), lda, rows, kc, got.as_mut_ptr().add(shift)) };
                        assert_eq!(got[shift..], want[..], "rows {rows} kc {kc} +{shift}");
                    }
                }
            }
        }
        // SAFETY: the test checked that the CPU has AVX2 and FMA.
        unsafe {
            check::<f32>(pack_f32);
            check::<f64>(pack_f64);
        }
    }
}
