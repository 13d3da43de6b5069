//! In-place f32 `exp` over a buffer, for JIT-compiled loops whose own vectors
//! are 128 bits wide (Cranelift's x64 limit): the loop writes `exp`'s
//! arguments for a block of elements to scratch memory, calls
//! [`xir_vexp_f32`], and reads the results back.
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
    let mut done = 0;
    #[cfg(target_arch = "x86_64")]
    {
        if is_x86_feature_detected!("avx512f") {
            // SAFETY: AVX-512F was just detected; `p` is valid for `n` f32s (contract).
            done = unsafe { x86::exp_avx512(p, n) };
        } else if is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma") {
            // SAFETY: AVX2 and FMA were just detected; `p` as above.
            done = unsafe { x86::exp_avx2(p, n) };
        }
    }
    for i in done..n {
        // SAFETY: `i < n`: one of the `n` aligned f32s at `p` (contract).
        unsafe { *p.add(i) = exp_f32(*p.add(i)) };
    }
}

/// Safe wrapper of [`xir_vexp_f32`].
pub fn vexp_f32(xs: &mut [f32]) {
    // SAFETY: the slice is `len` initialized, aligned f32s, exclusively borrowed.
    unsafe { xir_vexp_f32(xs.as_mut_ptr(), xs.len()) }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::exp32::*;
    use super::exp_f32;
    use std::arch::x86_64::*;

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
