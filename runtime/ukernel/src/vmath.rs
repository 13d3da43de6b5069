//! In-place f32 `exp` and `erf` over a buffer, for JIT-compiled loops whose
//! own vectors are 128 bits wide (Cranelift's x64 limit): the loop writes
//! `exp`'s (or `erf`'s) arguments for a block of elements to scratch memory,
//! calls [`xir_vexp_f32`] (or [`xir_verf_f32`]), and reads the results back.
//!
//! The algorithm and constants are those of the JIT's own emitter
//! (`xir_runtime_local::math`, which documents them and its accuracy), with
//! FMA, so every element gets the same bits as the JIT's inline code would
//! give it: the fast path when the element's 16-lane group is in
//! `[FAST_LO, FAST_HI]`, the exact branch-free path per element otherwise.

/// f32 constants of `exp`, shared with the JIT emitter.
pub mod exp32 {
    /// Below: the result is +0.
    pub const LO: f32 = -104.0;
    /// Above: the result overflows to +inf.
    pub const HI: f32 = 89.0;
    /// Low end of the fast path's range: `2^n` is exact as an integer add in
    /// `[FAST_LO, FAST_HI]` (no subnormal result, no overflow).
    pub const FAST_LO: f32 = -86.5;
    /// High end of the fast path's range (see [`FAST_LO`]).
    pub const FAST_HI: f32 = 88.0;
    /// `log2(e)`: `x * LOG2E` rounded to an integer is the exponent `n` of `2^n`.
    pub const LOG2E: f32 = std::f32::consts::LOG2_E;
    /// High part of `ln 2` (few significant bits, so `n * LN2_HI` is exact).
    pub const LN2_HI: f32 = 0.693359375f64 as f32;
    /// Low part of `ln 2`: `LN2_HI + LN2_LO` is `ln 2` to about 2^-36. The reduced
    /// argument is `r = x - n * LN2_HI - n * LN2_LO`.
    pub const LN2_LO: f32 = -0.00021219444170128554f64 as f32;
    /// `1.5 * 2^23`: adding it rounds to an integer.
    pub const MAGIC: f32 = 12582912.0;
    /// `P` in `e^r = 1 + r + r^2 P(r)`, low degree first.
    pub const POLY: [f32; 5] = [
        0.4999999403953552f64 as f32,
        0.16666516661643982f64 as f32,
        0.04166810214519501f64 as f32,
        0.008369192481040955f64 as f32,
        0.001383890165016055f64 as f32,
    ];
}

/// erf's polynomials, shared with the JIT emitter (which documents the
/// algorithm: `x P(x^2)` below 1, `1 - e^(-x^2) R(|x|)` below 4, then 1).
pub mod erf32 {
    /// `erf(x) / x` as a polynomial in `x^2` on `[0, 1]`, low degree first
    /// (relative error 1.1e-9 in exact arithmetic).
    pub const SMALL: [f64; 7] = [
        1.128_379_165_848_350_9,
        -0.376_126_266_667_203_34,
        0.112_835_947_151_602_18,
        -0.026_854_212_010_626_412,
        0.005_189_087_423_433_974,
        -0.000_801_686_428_716_587,
        7.875_875_062_685_488e-5,
    ];

    /// `erfc(a) e^(a^2)` for `a` in `[1, 4]` as a polynomial in
    /// `t = (a - 2.5) / 1.5`, low degree first (relative error 1.3e-8).
    pub const LARGE: [f64; 13] = [
        0.210_806_364_061_143_6,
        -0.111_521_005_113_061_01,
        0.056_110_488_189_846_76,
        -0.027_005_716_870_634_796,
        0.012_489_520_417_456_65,
        -0.005_567_380_322_584_669,
        0.002_402_487_431_083_445,
        -0.001_017_008_940_847_017_5,
        0.000_412_986_922_069_350_4,
        -0.000_144_057_792_330_761_88,
        5.630_357_655_618_132_4e-5,
        -3.688_891_091_659_052_6e-5,
        1.336_583_585_792_763_7e-5,
    ];

    /// `SMALL` in f32 with 1 taken from its constant term (`x P = x + x (P - 1)`).
    pub fn small_f32() -> [f32; 7] {
        let mut c = SMALL;
        c[0] -= 1.0;
        c.map(|c| c as f32)
    }

    /// `LARGE` in f32.
    pub fn large_f32() -> [f32; 13] {
        LARGE.map(|c| c as f32)
    }

    /// `t = a * T_SCALE + T_SHIFT` (`(a - 2.5) / 1.5`).
    pub const T_SCALE: f32 = (1.0f64 / 1.5) as f32;
    /// See [`T_SCALE`].
    pub const T_SHIFT: f32 = (-2.5f64 / 1.5) as f32;
}

use exp32::*;

fn horner(r: f32) -> f32 {
    let mut acc = POLY[4];
    for &c in POLY[..4].iter().rev() {
        acc = acc.mul_add(r, c);
    }
    acc
}

/// The fast path, for `x` in `[FAST_LO, FAST_HI]`.
#[inline(always)]
fn fast(x: f32) -> f32 {
    let t = x.mul_add(LOG2E, MAGIC);
    let n = t - MAGIC;
    let r1 = n.mul_add(-LN2_HI, x);
    let r = n.mul_add(-LN2_LO, r1);
    let q = horner(r).mul_add(r, 1.0);
    let er = q.mul_add(r, 1.0);
    f32::from_bits(er.to_bits().wrapping_add(t.to_bits() << 23))
}

/// The exact path, for any `x`.
fn exact(x: f32) -> f32 {
    let under = x < LO;
    let x = if under { 0.0 } else { x };
    let x = if HI < x { HI } else { x };
    let t = x.mul_add(LOG2E, MAGIC);
    let n = t - MAGIC;
    let r1 = n.mul_add(-LN2_HI, x);
    let r = n.mul_add(-LN2_LO, r1);
    let d = r1 - r;
    let r_lo = n.mul_add(-LN2_LO, d);
    let p = horner(r);
    let r2 = r * r;
    let s = 1.0 + r;
    let s_lo = (1.0 - s) + r;
    let tail = r_lo.mul_add(s, s_lo);
    let tail = r2.mul_add(p, tail);
    let er = s + tail;
    let u = t
        .to_bits()
        .wrapping_add((2 * 128u32).wrapping_sub(MAGIC.to_bits()));
    let k1 = u >> 1;
    let s1 = f32::from_bits(k1.wrapping_sub(1) << 23);
    let s2 = f32::from_bits(u.wrapping_sub(k1).wrapping_sub(1) << 23);
    let y = er * s1 * s2;
    if under {
        0.0
    } else {
        y
    }
}

fn in_range(x: f32) -> bool {
    (FAST_LO..=FAST_HI).contains(&x)
}

/// `exp` of one element, as the JIT computes it.
pub fn exp_f32(x: f32) -> f32 {
    if in_range(x) {
        fast(x)
    } else {
        exact(x)
    }
}

fn horner_n(x: f32, c: &[f32]) -> f32 {
    let (last, rest) = c.split_last().expect("coefficients");
    rest.iter().rev().fold(*last, |acc, &k| acc.mul_add(x, k))
}

/// `erf` of one element, as the JIT computes it (with FMA): the same
/// operations in the same order.
pub fn erf_f32(x: f32) -> f32 {
    let a = f32::from_bits(x.to_bits() & 0x7fff_ffff);
    let z = a * a;
    let small = x.mul_add(horner_n(z, &erf32::small_f32()), x);
    let t = a.mul_add(erf32::T_SCALE, erf32::T_SHIFT);
    let r = horner_n(t, &erf32::large_f32());
    // The JIT's erf takes exp's exact path (not the fast one of exp ops).
    let e = exact(-z);
    let large = 1.0 - e * r;
    let sign = x.to_bits() & 0x8000_0000;
    let large = f32::from_bits(large.to_bits() | sign);
    let one = f32::from_bits(1f32.to_bits() | sign);
    let y = if a < 1.0 { small } else { large };
    if a >= 4.0 {
        one
    } else {
        y
    }
}

/// Whether [`xir_verf_f32`] has a vector path on this machine (AVX-512;
/// else the JIT's inline code is faster).
pub fn verf_f32_is_fast() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        is_x86_feature_detected!("avx512f")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// `p[i] = erf(p[i])` for `i < n`.
///
/// # Safety
/// As [`xir_vexp_f32`].
pub unsafe extern "C" fn xir_verf_f32(p: *mut f32, n: usize) {
    #[cfg(target_arch = "x86_64")]
    let vector: Option<Groups> = is_x86_feature_detected!("avx512f").then_some(x86::erf_avx512);
    #[cfg(not(target_arch = "x86_64"))]
    let vector: Option<Groups> = None;
    // SAFETY: the caller's contract; `vector` was picked for this CPU.
    unsafe { in_place(p, n, vector, erf_f32) }
}

/// Computes whole vector groups in place; returns how many elements it did.
type Groups = unsafe fn(*mut f32, usize) -> usize;

/// `p[i] = scalar(p[i])` for `i < n`: whole groups by `vector`, the rest
/// element by element (both give the same bits).
///
/// # Safety
/// `p` is valid for reading and writing `n` aligned f32s that nothing else
/// accesses during the call; `vector` runs on this CPU.
unsafe fn in_place(p: *mut f32, n: usize, vector: Option<Groups>, scalar: fn(f32) -> f32) {
    // SAFETY: the contract above.
    let done = vector.map_or(0, |v| unsafe { v(p, n) });
    for i in done..n {
        // SAFETY: `i < n`: one of the `n` aligned f32s at `p` (contract).
        unsafe { *p.add(i) = scalar(*p.add(i)) };
    }
}

/// Safe wrapper of [`xir_verf_f32`].
pub fn verf_f32(xs: &mut [f32]) {
    // SAFETY: the slice is `len` initialized, aligned f32s, exclusively borrowed.
    unsafe { xir_verf_f32(xs.as_mut_ptr(), xs.len()) }
}

/// Whether [`xir_vexp_f32`] has a vector path on this machine (else it runs
/// element by element and the JIT's inline code is faster).
pub fn vexp_f32_is_fast() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        is_x86_feature_detected!("avx512f")
            || (is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma"))
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// `p[i] = exp(p[i])` for `i < n`.
///
/// # Safety
/// `p` is valid for reading and writing `n` f32s, aligned for f32, and nothing else
/// accesses them during the call (with `n = 0`, `p` may be anything).
pub unsafe extern "C" fn xir_vexp_f32(p: *mut f32, n: usize) {
    #[cfg(target_arch = "x86_64")]
    let vector: Option<Groups> = if is_x86_feature_detected!("avx512f") {
        Some(x86::exp_avx512)
    } else if is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma") {
        Some(x86::exp_avx2)
    } else {
        None
    };
    #[cfg(not(target_arch = "x86_64"))]
    let vector: Option<Groups> = None;
    // SAFETY: the caller's contract; `vector` was picked for this CPU.
    unsafe { in_place(p, n, vector, exp_f32) }
}

/// Safe wrapper of [`xir_vexp_f32`].
pub fn vexp_f32(xs: &mut [f32]) {
    // SAFETY: the slice is `len` initialized, aligned f32s, exclusively borrowed.
    unsafe { xir_vexp_f32(xs.as_mut_ptr(), xs.len()) }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::exp32::*;
    use super::{erf32, erf_f32, exp_f32};

    /// `exact`'s steps on lanes whose `x` is in `(-16, 0]` (no underflow
    /// or overflow there: the clamps of `exact` change nothing).
    ///
    /// # Safety
    /// The CPU has AVX-512F.
    #[target_feature(enable = "avx512f")]
    unsafe fn exact_small_neg(x: __m512) -> __m512 {
        let one = _mm512_set1_ps(1.0);
        let magic = _mm512_set1_ps(MAGIC);
        let neg_lo = _mm512_set1_ps(-LN2_LO);
        let t = _mm512_fmadd_ps(x, _mm512_set1_ps(LOG2E), magic);
        let n = _mm512_sub_ps(t, magic);
        let r1 = _mm512_fmadd_ps(n, _mm512_set1_ps(-LN2_HI), x);
        let r = _mm512_fmadd_ps(n, neg_lo, r1);
        let d = _mm512_sub_ps(r1, r);
        let r_lo = _mm512_fmadd_ps(n, neg_lo, d);
        let mut p = _mm512_set1_ps(POLY[4]);
        for &c in POLY[..4].iter().rev() {
            p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(c));
        }
        let r2 = _mm512_mul_ps(r, r);
        let s = _mm512_add_ps(one, r);
        let s_lo = _mm512_add_ps(_mm512_sub_ps(one, s), r);
        let tail = _mm512_fmadd_ps(r_lo, s, s_lo);
        let tail = _mm512_fmadd_ps(r2, p, tail);
        let er = _mm512_add_ps(s, tail);
        let adj = _mm512_set1_epi32((2 * 128u32).wrapping_sub(MAGIC.to_bits()) as i32);
        let u = _mm512_add_epi32(_mm512_castps_si512(t), adj);
        let k1 = _mm512_srli_epi32::<1>(u);
        let one_i = _mm512_set1_epi32(1);
        let s1 = _mm512_slli_epi32::<23>(_mm512_sub_epi32(k1, one_i));
        let s2 = _mm512_slli_epi32::<23>(_mm512_sub_epi32(_mm512_sub_epi32(u, k1), one_i));
        let y = _mm512_mul_ps(er, _mm512_castsi512_ps(s1));
        _mm512_mul_ps(y, _mm512_castsi512_ps(s2))
    }
    use std::arch::x86_64::*;

    /// Whole 16-lane groups of `erf`; returns how many elements it did (`n`
    /// rounded down to 16). A group with a NaN runs element by element (the
    /// JIT's exp keeps NaN where this one's bit tricks might not).
    ///
    /// # Safety
    /// The CPU has AVX-512F; `p` is valid for reading and writing `n` aligned f32s.
    #[target_feature(enable = "avx512f")]
    pub unsafe fn erf_avx512(p: *mut f32, n: usize) -> usize {
        let small: [__m512; 7] = erf32::small_f32().map(|c| _mm512_set1_ps(c));
        let large: [__m512; 13] = erf32::large_f32().map(|c| _mm512_set1_ps(c));
        let t_scale = _mm512_set1_ps(erf32::T_SCALE);
        let t_shift = _mm512_set1_ps(erf32::T_SHIFT);
        let abs_mask = _mm512_set1_epi32(0x7fff_ffff);
        let sign_mask = _mm512_set1_epi32(i32::MIN);
        let one = _mm512_set1_ps(1.0);
        let four = _mm512_set1_ps(4.0);
        let horner = |x: __m512, k: &[__m512]| {
            let (last, rest) = k.split_last().expect("coefficients");
            rest.iter()
                .rev()
                .fold(*last, |acc, &k| _mm512_fmadd_ps(acc, x, k))
        };
        let mut i = 0;
        while i + 16 <= n {
            // SAFETY: `i + 16 <= n`: elements `i..i + 16` at `p`; an unaligned load.
            let x = unsafe { _mm512_loadu_ps(p.add(i)) };
            if _mm512_cmp_ps_mask::<_CMP_UNORD_Q>(x, x) != 0 {
                for j in i..i + 16 {
                    // SAFETY: `j < i + 16 <= n`: one of the `n` aligned f32s at `p`.
                    unsafe { *p.add(j) = erf_f32(*p.add(j)) };
                }
                i += 16;
                continue;
            }
            let xi = _mm512_castps_si512(x);
            let a = _mm512_castsi512_ps(_mm512_and_si512(xi, abs_mask));
            let z = _mm512_mul_ps(a, a);
            let small_y = _mm512_fmadd_ps(x, horner(z, &small), x);
            let t = _mm512_fmadd_ps(a, t_scale, t_shift);
            let r = horner(t, &large);
            // exp(-z) where |x| < 4 (other lanes take ±1 below).
            let nz = _mm512_sub_ps(_mm512_setzero_ps(), z);
            // SAFETY: AVX-512F (this function's contract).
            let e = unsafe { exact_small_neg(nz) };
            let large_y = _mm512_sub_ps(one, _mm512_mul_ps(e, r));
            let sx = _mm512_and_si512(xi, sign_mask);
            let large_y = _mm512_castsi512_ps(_mm512_or_si512(_mm512_castps_si512(large_y), sx));
            let sone = _mm512_castsi512_ps(_mm512_or_si512(_mm512_castps_si512(one), sx));
            let lt1 = _mm512_cmp_ps_mask::<_CMP_LT_OQ>(a, one);
            let y = _mm512_mask_blend_ps(lt1, large_y, small_y);
            let big = _mm512_cmp_ps_mask::<_CMP_GE_OQ>(a, four);
            let y = _mm512_mask_blend_ps(big, y, sone);
            // SAFETY: as for the load; an unaligned store.
            unsafe { _mm512_storeu_ps(p.add(i), y) };
            i += 16;
        }
        i
    }

    /// Whole 16-lane groups; returns how many elements it did (`n` rounded down to 16).
    ///
    /// # Safety
    /// The CPU has AVX-512F; `p` is valid for reading and writing `n` aligned f32s.
    #[target_feature(enable = "avx512f")]
    pub unsafe fn exp_avx512(p: *mut f32, n: usize) -> usize {
        let lo = _mm512_set1_ps(FAST_LO);
        let hi = _mm512_set1_ps(FAST_HI);
        let log2e = _mm512_set1_ps(LOG2E);
        let magic = _mm512_set1_ps(MAGIC);
        let neg_hi = _mm512_set1_ps(-LN2_HI);
        let neg_lo = _mm512_set1_ps(-LN2_LO);
        let one = _mm512_set1_ps(1.0);
        let c: [__m512; 5] = POLY.map(|c| _mm512_set1_ps(c));
        let mut i = 0;
        while i + 16 <= n {
            // SAFETY: `i + 16 <= n`: elements `i..i + 16` at `p`; an unaligned load.
            let x = unsafe { _mm512_loadu_ps(p.add(i)) };
            let ok =
                _mm512_cmp_ps_mask::<_CMP_GE_OQ>(x, lo) & _mm512_cmp_ps_mask::<_CMP_LE_OQ>(x, hi);
            if ok == 0xffff {
                let t = _mm512_fmadd_ps(x, log2e, magic);
                let nn = _mm512_sub_ps(t, magic);
                let r1 = _mm512_fmadd_ps(nn, neg_hi, x);
                let r = _mm512_fmadd_ps(nn, neg_lo, r1);
                let mut acc = c[4];
                acc = _mm512_fmadd_ps(acc, r, c[3]);
                acc = _mm512_fmadd_ps(acc, r, c[2]);
                acc = _mm512_fmadd_ps(acc, r, c[1]);
                acc = _mm512_fmadd_ps(acc, r, c[0]);
                let q = _mm512_fmadd_ps(acc, r, one);
                let er = _mm512_fmadd_ps(q, r, one);
                let sh = _mm512_slli_epi32::<23>(_mm512_castps_si512(t));
                let y = _mm512_add_epi32(_mm512_castps_si512(er), sh);
                // SAFETY: as for the load; an unaligned store.
                unsafe { _mm512_storeu_ps(p.add(i), _mm512_castsi512_ps(y)) };
            } else {
                for j in i..i + 16 {
                    // SAFETY: `j < i + 16 <= n`: one of the `n` aligned f32s at `p`.
                    unsafe { *p.add(j) = exp_f32(*p.add(j)) };
                }
            }
            i += 16;
        }
        i
    }

    /// Whole 8-lane groups; returns how many elements it did (`n` rounded down to 8).
    ///
    /// # Safety
    /// The CPU has AVX2 and FMA; `p` is valid for reading and writing `n` aligned f32s.
    #[target_feature(enable = "avx2,fma")]
    pub unsafe fn exp_avx2(p: *mut f32, n: usize) -> usize {
        let lo = _mm256_set1_ps(FAST_LO);
        let hi = _mm256_set1_ps(FAST_HI);
        let log2e = _mm256_set1_ps(LOG2E);
        let magic = _mm256_set1_ps(MAGIC);
        let neg_hi = _mm256_set1_ps(-LN2_HI);
        let neg_lo = _mm256_set1_ps(-LN2_LO);
        let one = _mm256_set1_ps(1.0);
        let c: [__m256; 5] = POLY.map(|c| _mm256_set1_ps(c));
        let mut i = 0;
        while i + 8 <= n {
            // SAFETY: `i + 8 <= n`: elements `i..i + 8` at `p`; an unaligned load.
            let x = unsafe { _mm256_loadu_ps(p.add(i)) };
            let ok = _mm256_and_ps(
                _mm256_cmp_ps::<_CMP_GE_OQ>(x, lo),
                _mm256_cmp_ps::<_CMP_LE_OQ>(x, hi),
            );
            if _mm256_movemask_ps(ok) == 0xff {
                let t = _mm256_fmadd_ps(x, log2e, magic);
                let nn = _mm256_sub_ps(t, magic);
                let r1 = _mm256_fmadd_ps(nn, neg_hi, x);
                let r = _mm256_fmadd_ps(nn, neg_lo, r1);
                let mut acc = c[4];
                acc = _mm256_fmadd_ps(acc, r, c[3]);
                acc = _mm256_fmadd_ps(acc, r, c[2]);
                acc = _mm256_fmadd_ps(acc, r, c[1]);
                acc = _mm256_fmadd_ps(acc, r, c[0]);
                let q = _mm256_fmadd_ps(acc, r, one);
                let er = _mm256_fmadd_ps(q, r, one);
                let sh = _mm256_slli_epi32::<23>(_mm256_castps_si256(t));
                let y = _mm256_add_epi32(_mm256_castps_si256(er), sh);
                // SAFETY: as for the load; an unaligned store.
                unsafe { _mm256_storeu_ps(p.add(i), _mm256_castsi256_ps(y)) };
            } else {
                for j in i..i + 8 {
                    // SAFETY: `j < i + 8 <= n`: one of the `n` aligned f32s at `p`.
                    unsafe { *p.add(j) = exp_f32(*p.add(j)) };
                }
            }
            i += 8;
        }
        i
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(got: f32, x: f32) -> bool {
        let want = (x as f64).exp();
        if want.is_nan() {
            return got.is_nan();
        }
        let w = want as f32;
        if w.is_infinite() {
            return got == w;
        }
        if want < f32::MIN_POSITIVE as f64 {
            // Subnormal: within one ulp of the smallest binade.
            return (got as f64 - want).abs() <= 2.0f64.powi(-149);
        }
        ((got as f64 - want) / want).abs() < 2.0f64.powi(-22)
    }

    #[test]
    fn scalar_paths_are_accurate() {
        let mut x = -110.0f32;
        while x < 95.0 {
            assert!(close(exp_f32(x), x), "exp({x}) = {}", exp_f32(x));
            assert!(close(exact(x), x), "exact({x}) = {}", exact(x));
            x += 0.0137;
        }
        for x in [
            0.0,
            -0.0,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
            1e-40,
            -1e-40,
        ] {
            assert!(close(exp_f32(x), x), "exp({x}) = {}", exp_f32(x));
        }
        // Both paths agree on the fast range.
        let mut x = FAST_LO;
        while x <= FAST_HI {
            assert!(close(fast(x), x));
            x += 0.173;
        }
    }

    #[test]
    fn erf_is_accurate() {
        let mut x = -6.0f32;
        while x < 6.0 {
            let (got, want) = (erf_f32(x), libm::erf(x as f64));
            assert!(
                (got as f64 - want).abs() <= 2.0f64.powi(-22),
                "erf({x}) = {got}"
            );
            x += 0.00731;
        }
        assert!(erf_f32(f32::NAN).is_nan());
        assert_eq!(erf_f32(f32::INFINITY), 1.0);
        assert_eq!(erf_f32(f32::NEG_INFINITY), -1.0);
        assert_eq!(erf_f32(-0.0).to_bits(), (-0.0f32).to_bits());
    }

    /// As `buffer_matches_elementwise`, for erf: lanes around 1 and 4 (its
    /// branches), specials, and NaN in some groups.
    #[test]
    fn erf_buffer_matches_elementwise() {
        for n in 0..70 {
            for mix in [false, true] {
                let xs: Vec<f32> = (0..n)
                    .map(|i| {
                        let v = (i as f32 * 0.731).sin() * 5.0;
                        if mix && i % 7 == 3 {
                            [f32::NAN, -4.0, 1.0, f32::INFINITY, -0.0, 1e-41, 3.999][i % 7]
                        } else {
                            v
                        }
                    })
                    .collect();
                let mut got = xs.clone();
                verf_f32(&mut got);
                for (x, g) in xs.iter().zip(&got) {
                    let want = erf_f32(*x);
                    assert!(
                        g.to_bits() == want.to_bits() || (g.is_nan() && want.is_nan()),
                        "n={n} erf({x}): {g} vs {want}"
                    );
                }
            }
        }
    }

    /// Every length 0..70 (whole groups, tails) and groups that mix in- and
    /// out-of-range lanes: the buffer call equals the per-element function.
    #[test]
    fn buffer_matches_elementwise() {
        for n in 0..70 {
            for mix in [false, true] {
                let xs: Vec<f32> = (0..n)
                    .map(|i| {
                        let v = (i as f32 * 0.731).sin() * 40.0;
                        if mix && i % 7 == 3 {
                            [f32::NAN, -100.0, 95.0, f32::INFINITY][i % 4]
                        } else {
                            v
                        }
                    })
                    .collect();
                let mut got = xs.clone();
                vexp_f32(&mut got);
                for (x, g) in xs.iter().zip(&got) {
                    let want = exp_f32(*x);
                    assert!(
                        g.to_bits() == want.to_bits() || (g.is_nan() && want.is_nan()),
                        "n={n} exp({x}): {g} vs {want}"
                    );
                }
            }
        }
    }
}
