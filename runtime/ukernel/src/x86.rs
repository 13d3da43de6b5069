//! AVX-512F and AVX2+FMA register tiles.

use crate::float::{driver, tile_dispatch, Kern};
use crate::Args;
use std::arch::x86_64::*;

macro_rules! x86_kern {
    (
        $name:ident, $e:ty, $v:ty, lanes = $lanes:literal, nv = $nv:literal [$($nvs:literal)*],
        mr = $mr:literal [$($mrs:literal)*], kc = $kc:literal, mc = $mc:literal,
        nc = $nc:literal, direct_m = $dm:literal, pack = $pack:ident,
        $zero:ident, $set1:ident, $load:ident, $store:ident, $fma:ident, $add:ident
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
                $zero()
            }
            #[inline(always)]
            unsafe fn splat(p: *const $e) -> $v {
                $set1(*p)
            }
            #[inline(always)]
            unsafe fn load(p: *const $e) -> $v {
                $load(p)
            }
            #[inline(always)]
            unsafe fn store(p: *mut $e, v: $v) {
                $store(p, v)
            }
            #[inline(always)]
            unsafe fn fma(a: $v, b: $v, c: $v) -> $v {
                $fma(a, b, c)
            }
            #[inline(always)]
            unsafe fn add(a: $v, b: $v) -> $v {
                $add(a, b)
            }
            #[inline(always)]
            unsafe fn prefetch(p: *const $e) {
                _mm_prefetch::<_MM_HINT_T0>(p.cast());
            }
            tile_dispatch!([$($nvs)*], [$($mrs)*]);
            #[inline(always)]
            unsafe fn pack_a_panel(a: *const $e, lda: usize, rows: usize, kc: usize, out: *mut $e) {
                $pack(a, lda, rows, kc, out)
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
    _mm512_fmadd_ps, _mm512_add_ps
);
// 8 x 24 f64, for the same reasons; kc = 128 fits B (24 KiB) and A (8 KiB) in L1.
x86_kern!(
    Avx512F64, f64, __m512d, lanes = 8, nv = 3 [1 2 3],
    mr = 8 [1 2 3 4 5 6 7 8], kc = 128, mc = 144, nc = 4096, direct_m = 64, pack = pack_f64,
    _mm512_setzero_pd, _mm512_set1_pd, _mm512_loadu_pd, _mm512_storeu_pd,
    _mm512_fmadd_pd, _mm512_add_pd
);
// 6 x 16 f32 (Haswell BLIS shape): 12 ymm accumulators of the 16 registers.
x86_kern!(
    Avx2F32, f32, __m256, lanes = 8, nv = 2 [1 2],
    mr = 6 [1 2 3 4 5 6], kc = 256, mc = 144, nc = 4096, direct_m = 32, pack = pack_f32,
    _mm256_setzero_ps, _mm256_set1_ps, _mm256_loadu_ps, _mm256_storeu_ps,
    _mm256_fmadd_ps, _mm256_add_ps
);
x86_kern!(
    Avx2F64, f64, __m256d, lanes = 4, nv = 2 [1 2],
    mr = 6 [1 2 3 4 5 6], kc = 256, mc = 144, nc = 4096, direct_m = 32, pack = pack_f64,
    _mm256_setzero_pd, _mm256_set1_pd, _mm256_loadu_pd, _mm256_storeu_pd,
    _mm256_fmadd_pd, _mm256_add_pd
);

/// Packs a panel of f32 A (layout of `pack_a_rows`) with 4x4 SSE transposes: the plain
/// loop vectorizes into AVX-512 scatters, which cost ~10% of a 512^3 matmul.
#[inline(always)]
unsafe fn pack_f32(a: *const f32, lda: usize, rows: usize, kc: usize, out: *mut f32) {
    let k4 = kc / 4 * 4;
    let mut r = 0;
    while r + 4 <= rows {
        let s = a.add(r * lda);
        let mut p = 0;
        while p < k4 {
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
            p += 4;
        }
        r += 4;
    }
    if r + 2 <= rows {
        let s = a.add(r * lda);
        let mut p = 0;
        while p < k4 {
            let r0 = _mm_loadu_ps(s.add(p));
            let r1 = _mm_loadu_ps(s.add(lda + p));
            let lo = _mm_castps_pd(_mm_unpacklo_ps(r0, r1));
            let hi = _mm_castps_pd(_mm_unpackhi_ps(r0, r1));
            let d = out.add(p * rows + r);
            _mm_storel_pd(d.cast(), lo);
            _mm_storeh_pd(d.add(rows).cast(), lo);
            _mm_storel_pd(d.add(2 * rows).cast(), hi);
            _mm_storeh_pd(d.add(3 * rows).cast(), hi);
            p += 4;
        }
        r += 2;
    }
    pack_rest(a, lda, rows, r, k4, kc, out);
}

/// Packs a panel of f64 A (layout of `pack_a_rows`) with 4x4 AVX transposes.
#[inline(always)]
unsafe fn pack_f64(a: *const f64, lda: usize, rows: usize, kc: usize, out: *mut f64) {
    let k4 = kc / 4 * 4;
    let mut r = 0;
    while r + 4 <= rows {
        let s = a.add(r * lda);
        let mut p = 0;
        while p < k4 {
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
            p += 4;
        }
        r += 4;
    }
    if r + 2 <= rows {
        let s = a.add(r * lda);
        let mut p = 0;
        while p < k4 {
            let r0 = _mm256_loadu_pd(s.add(p));
            let r1 = _mm256_loadu_pd(s.add(lda + p));
            let lo = _mm256_unpacklo_pd(r0, r1);
            let hi = _mm256_unpackhi_pd(r0, r1);
            let d = out.add(p * rows + r);
            _mm_storeu_pd(d, _mm256_castpd256_pd128(lo));
            _mm_storeu_pd(d.add(rows), _mm256_castpd256_pd128(hi));
            _mm_storeu_pd(d.add(2 * rows), _mm256_extractf128_pd(lo, 1));
            _mm_storeu_pd(d.add(3 * rows), _mm256_extractf128_pd(hi, 1));
            p += 4;
        }
        r += 2;
    }
    pack_rest(a, lda, rows, r, k4, kc, out);
}

/// What the transposes left: columns [k4, kc) of rows [0, r0), and every column of the
/// odd last row. Volatile stores keep LLVM from turning the strided writes into
/// (slow) scatters.
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
            out.add(p * rows + i).write_volatile(*a.add(i * lda + p));
        }
    }
}

#[target_feature(enable = "avx512f,avx2,fma")]
pub(crate) unsafe fn f32_avx512(p: &Args<f32>) {
    driver::<Avx512F32>(p)
}

#[target_feature(enable = "avx512f,avx2,fma")]
pub(crate) unsafe fn f64_avx512(p: &Args<f64>) {
    driver::<Avx512F64>(p)
}

#[target_feature(enable = "avx2,fma")]
pub(crate) unsafe fn f32_avx2(p: &Args<f32>) {
    driver::<Avx2F32>(p)
}

#[target_feature(enable = "avx2,fma")]
pub(crate) unsafe fn f64_avx2(p: &Args<f64>) {
    driver::<Avx2F64>(p)
}
