//! Accuracy of `xir_runtime_local::math` over the whole input range.
//!
//! f32 results are compared with the host's f64 `exp`/`tanh` (error < 1 f64
//! ulp, i.e. < 2^-28 f32 ulp); f64 results with a double-double reference
//! (relative error < 2^-90) defined below. Errors are measured in ulps of the
//! exact result, unrounded (so a correctly rounded result has error <= 0.5).

use cranelift_codegen::ir::{types, Type};
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::default_libcall_names;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Mutex;
use xir_runtime_local::math;

mod jit_loop;
use jit_loop::{fma_modes, isa, Kernel};

/// Documented bounds (see the doc comment of `math`), in ulps, without and
/// with FMA.
const EXP32_ULPS: Bound = Bound(1.2, 0.9);
const TANH32_ULPS: Bound = Bound(1.1, 1.1);
const EXP64_ULPS: Bound = Bound(1.2, 0.9);
const TANH64_ULPS: Bound = Bound(1.3, 1.3);
const LOG32_ULPS: Bound = Bound(LOG32_MAX, LOG32_MAX);
const LOG64_ULPS: Bound = Bound(LOG64_MAX, LOG64_MAX);
const ERF32_ULPS: Bound = Bound(ERF32_MAX, ERF32_MAX);
/// Measured (see `math`'s doc), without / with FMA: f32 log 0.805 / 0.805
/// over every 257th input and sweeps; f64 log 0.757 / 0.757 on ~0.4M
/// samples; f32 erf 1.230 / 1.041. The bounds leave a little room for the
/// inputs not sampled.
const LOG32_MAX: f64 = 1.0;
const LOG64_MAX: f64 = 1.0;
const ERF32_MAX: f64 = 1.5;

#[derive(Clone, Copy)]
struct Bound(f64, f64);

impl Bound {
    fn get(self, fma: bool) -> f64 {
        if fma {
            self.1
        } else {
            self.0
        }
    }
}

// ---------------------------------------------------------------- JIT harness

#[derive(Clone, Copy, Debug, PartialEq)]
enum Op {
    Exp,
    Tanh,
    Log,
    Erf,
}

/// `fn(src, dst, n)` applying `op` elementwise; `vector`: a 128-bit loop
/// followed by a scalar tail, else scalar only.
fn kernel(op: Op, lane: Type, fma: bool, vector: bool) -> Kernel {
    let module = JITModule::new(JITBuilder::with_isa(isa(), default_libcall_names()));
    Kernel::build(
        module,
        lane,
        vector,
        |_, _| (),
        |b, v, ()| match op {
            Op::Exp => math::exp(b, v, fma),
            Op::Tanh => math::tanh(b, v, fma),
            Op::Log => math::log(b, v, fma),
            Op::Erf => math::erf(b, v, fma),
        },
    )
}

// ---------------------------------------------------------------- ulp errors

/// 2^k as f64, for k in [-1074, 1023].
fn pow2(k: i32) -> f64 {
    if k >= -1022 {
        f64::from_bits(((k + 1023) as u64) << 52)
    } else {
        f64::from_bits(1u64 << (k + 1074))
    }
}

/// x * 2^k without intermediate over/underflow for |k| <= 2000.
fn scale(x: f64, k: i32) -> f64 {
    let h = k / 2;
    x * pow2(h) * pow2(k - h)
}

/// Exponent of the binade containing the nonzero value `hi + lo`.
fn binade(hi: f64, lo: f64) -> i32 {
    let e = ((hi.abs().to_bits() >> 52) as i32) - 1023;
    let pow2 = hi.abs().to_bits() & ((1 << 52) - 1) == 0;
    if pow2 && lo != 0.0 && (lo < 0.0) != (hi < 0.0) {
        e - 1
    } else {
        e
    }
}

/// Error of f32 `got` against the exact (within 2^-50) value `want`, in f32
/// ulps of `want`; +inf counts as 2^128.
fn err32(got: f32, want: f64) -> f64 {
    if want.is_nan() || got.is_nan() {
        return if want.is_nan() && got.is_nan() {
            0.0
        } else {
            f64::INFINITY
        };
    }
    if got as f64 == want || (want as f32) == got && got.is_infinite() {
        return 0.0;
    }
    if want == 0.0 {
        return f64::INFINITY;
    }
    let e = binade(want, 0.0).clamp(-126, 127);
    let g = if got.is_infinite() {
        2f64.powi(128).copysign(got as f64)
    } else {
        got as f64
    };
    (g - want).abs() / pow2(e - 23)
}

/// Error of `got` against `(hi + lo) * 2^k`, in f64 ulps of the exact value.
fn err64(got: f64, hi: f64, lo: f64, k: i32) -> f64 {
    if hi.is_nan() || got.is_nan() {
        return if hi.is_nan() && got.is_nan() {
            0.0
        } else {
            f64::INFINITY
        };
    }
    if hi == 0.0 {
        return if got == 0.0 { 0.0 } else { f64::INFINITY };
    }
    let e = binade(hi, lo) + k;
    if e > 1023 {
        return if got.is_infinite() && got.signum() == hi.signum() {
            0.0
        } else {
            f64::INFINITY
        };
    }
    let g = scale(got, -k);
    if g.is_infinite() {
        return f64::INFINITY;
    }
    let d = (g - hi) - lo;
    d.abs() / pow2(e.max(-1022) - 52 - k)
}

// ---------------------------------------------------------------- double-double

#[derive(Clone, Copy, Debug)]
struct Dd(f64, f64);

fn two_sum(a: f64, b: f64) -> Dd {
    let s = a + b;
    let bb = s - a;
    Dd(s, (a - (s - bb)) + (b - bb))
}

fn quick(a: f64, b: f64) -> Dd {
    let s = a + b;
    Dd(s, b - (s - a))
}

impl Dd {
    fn add(self, o: Dd) -> Dd {
        let s = two_sum(self.0, o.0);
        let t = two_sum(self.1, o.1);
        let s = quick(s.0, s.1 + t.0);
        quick(s.0, s.1 + t.1)
    }
    fn neg(self) -> Dd {
        Dd(-self.0, -self.1)
    }
    fn mul(self, o: Dd) -> Dd {
        let p = self.0 * o.0;
        let e = self.0.mul_add(o.0, -p) + (self.0 * o.1 + self.1 * o.0);
        quick(p, e)
    }
    fn mulf(self, f: f64) -> Dd {
        self.mul(Dd(f, 0.0))
    }
    fn div(self, o: Dd) -> Dd {
        let q1 = self.0 / o.0;
        let r = self.add(o.mulf(q1).neg());
        let q2 = r.0 / o.0;
        let r = r.add(o.mulf(q2).neg());
        let q3 = r.0 / o.0;
        quick(q1, q2).add(Dd(q3, 0.0))
    }
    fn divf(self, f: f64) -> Dd {
        self.div(Dd(f, 0.0))
    }
    fn scale(self, k: i32) -> Dd {
        Dd(scale(self.0, k), scale(self.1, k))
    }
}

const LN2: Dd = Dd(std::f64::consts::LN_2, 2.3190468138462996e-17);
const LN2_3: f64 = 5.707708438416212e-34;

/// exp(x) = m * 2^k, m in [0.7, 1.42], for |x| <= 800.
fn exp_dd(x: f64) -> (Dd, i32) {
    let k = (x / std::f64::consts::LN_2).round();
    // r = x - k*ln2 with ln2 to ~160 bits.
    let r = Dd(x, 0.0).add(LN2.mulf(k).neg()).add(Dd(-k * LN2_3, 0.0));
    let s = r.scale(-10);
    // Taylor series of e^s - 1, |s| < 2^-11.
    let mut term = s;
    let mut sum = s;
    for i in 2..=11 {
        term = term.mul(s).divf(i as f64);
        sum = sum.add(term);
    }
    // (1 + sum)^(2^10), squaring the "minus one" part to keep precision:
    // (1 + a)^2 - 1 = 2a + a^2.
    for _ in 0..10 {
        sum = sum.add(sum).add(sum.mul(sum));
    }
    (Dd(1.0, 0.0).add(sum), k as i32)
}

fn tanh_dd(x: f64) -> Dd {
    let a = x.abs();
    let t = if a < 2f64.powi(-30) {
        Dd(a, -(a * a * a) / 3.0)
    } else if a < 0.5 {
        // expm1(2a) by its series, then tanh = em1 / (em1 + 2).
        let y = Dd(2.0 * a, 0.0);
        let mut term = y;
        let mut sum = y;
        for i in 2..40 {
            term = term.mul(y).divf(i as f64);
            sum = sum.add(term);
            if term.0.abs() < sum.0 * 1e-36 {
                break;
            }
        }
        sum.div(sum.add(Dd(2.0, 0.0)))
    } else {
        let (m, k) = exp_dd((-2.0 * a).max(-800.0));
        let e = m.scale(k);
        Dd(1.0, 0.0).add(e.neg()).div(Dd(1.0, 0.0).add(e))
    };
    if x < 0.0 {
        t.neg()
    } else {
        t
    }
}

/// Exact exp(x) as (hi, lo, k); NaN/inf/0 for the saturated range.
/// ln(x) as hi + lo: the host's `ln` refined by one Newton step on the
/// double-double `exp`.
fn ref_log64(x: f64) -> (f64, f64, i32) {
    if x.is_nan() || x <= 0.0 || x.is_infinite() || x == 1.0 {
        return (x.ln(), 0.0, 0);
    }
    let y0 = x.ln();
    let (e, k) = exp_dd(y0);
    let ratio = Dd(scale(x, -k), 0.0).div(e);
    let delta = ratio.add(Dd(-1.0, 0.0));
    let y = Dd(y0, 0.0).add(delta);
    (y.0, y.1, 0)
}

fn ref_exp64(x: f64) -> (f64, f64, i32) {
    if x.is_nan() {
        (f64::NAN, 0.0, 0)
    } else if x > 710.0 {
        (f64::INFINITY, 0.0, 0)
    } else if x < -746.0 {
        (0.0, 0.0, 0)
    } else {
        let (m, k) = exp_dd(x);
        (m.0, m.1, k)
    }
}

fn ref_tanh64(x: f64) -> (f64, f64, i32) {
    if x.is_nan() {
        (f64::NAN, 0.0, 0)
    } else if x == 0.0 {
        (x, 0.0, 0)
    } else if x.abs() < 2f64.powi(-600) {
        // tanh(x) = x(1 - x^2/3), scaled so the correction is representable.
        let s = x * 2f64.powi(600);
        (s, -(x * x) * s / 3.0, -600)
    } else if x.abs() > 40.0 {
        (x.signum(), -x.signum() * 2f64.powi(-110), 0)
    } else {
        let t = tanh_dd(x);
        (t.0, t.1, 0)
    }
}

// ---------------------------------------------------------------- sampling

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * ((self.next() >> 11) as f64 * 2f64.powi(-53))
    }
}

/// Evenly spaced values over [lo, hi].
fn sweep(lo: f64, hi: f64, n: usize) -> impl Iterator<Item = f64> {
    (0..n).map(move |i| lo + (hi - lo) * i as f64 / (n - 1) as f64)
}

/// Values on both sides of `x`, `k` f32 steps each way.
fn around32(x: f32, k: i32) -> impl Iterator<Item = f32> {
    (-k..=k).map(move |d| f32::from_bits((x.to_bits() as i32 + d) as u32))
}

fn around64(x: f64, k: i64) -> impl Iterator<Item = f64> {
    (-k..=k).map(move |d| f64::from_bits((x.to_bits() as i64 + d) as u64))
}

fn specials32() -> Vec<f32> {
    let mut v = vec![
        0.0,
        f32::INFINITY,
        f32::NAN,
        f32::from_bits(0x7f80_0001), // signalling NaN
        f32::from_bits(0x7fc1_2345),
        f32::MIN_POSITIVE,
        f32::from_bits(1),
        f32::from_bits(0x007f_ffff),
        f32::MAX,
        1.0,
        0.5,
        0.625,
        0.875,
        2f32.powi(-12),
        2f32.powi(-25),
        9.0,
        10.0,
        44.0,
        100.0,
        1e30,
    ];
    v.extend(v.clone().iter().map(|x| -x));
    v
}

fn specials64() -> Vec<f64> {
    let mut v = vec![
        0.0,
        f64::INFINITY,
        f64::NAN,
        f64::from_bits(0x7ff0_0000_0000_0001),
        f64::from_bits(0x7ff8_0000_1234_5678),
        f64::MIN_POSITIVE,
        f64::from_bits(1),
        f64::from_bits(0x000f_ffff_ffff_ffff),
        f64::MAX,
        1.0,
        0.5,
        0.625,
        0.875,
        2f64.powi(-27),
        2f64.powi(-54),
        19.0,
        20.0,
        200.0,
        355.0,
        1000.0,
        1e300,
    ];
    v.extend(v.clone().iter().map(|x| -x));
    v
}

// ---------------------------------------------------------------- f32 checks

/// Runs every (fma, vector) variant of `op` on `xs`; asserts that scalar and
/// vector agree bit for bit, and returns the max error per fma mode.
fn check32(op: Op, xs: &[f32], bound: Bound) -> Vec<(bool, f64, f32)> {
    let reference = |x: f32| match op {
        Op::Exp => (x as f64).exp(),
        Op::Tanh => (x as f64).tanh(),
        Op::Log => (x as f64).ln(),
        Op::Erf => libm::erf(x as f64),
    };
    let want: Vec<f64> = xs.iter().map(|&x| reference(x)).collect();
    let mut out = vec![];
    for fma in fma_modes() {
        let got = kernel(op, types::F32, fma, true).run(xs);
        let scalar = kernel(op, types::F32, fma, false).run(xs);
        if bits32(&got) != bits32(&scalar) {
            let i = (0..xs.len())
                .find(|&i| got[i].to_bits() != scalar[i].to_bits())
                .unwrap();
            panic!("{op:?} fma={fma}: vector and scalar differ at {:e}", xs[i]);
        }
        if op == Op::Exp && fma {
            assert_same_as_buffer_exp(xs, &got);
        }
        // Correctly rounded results (error <= 0.5) are skipped: debug-mode speed.
        let (mut worst, mut at) = (0.5f64, None);
        for i in 0..xs.len() {
            if got[i].to_bits() != (want[i] as f32).to_bits() {
                let e = err32(got[i], want[i]);
                if e > worst {
                    worst = e;
                    at = Some(i);
                }
            }
        }
        if let Some(i) = at {
            let x = xs[i];
            assert!(
                worst <= bound.get(fma),
                "{op:?} f32 fma={fma}: {worst} ulps at {x:e} ({:#x}): got {:e}, want {:e}",
                x.to_bits(),
                got[i],
                want[i]
            );
        }
        out.push((fma, worst, at.map_or(f32::NAN, |i| xs[i])));
    }
    out
}

/// The JIT's strip-mined loops call `xir_ukernel::vmath`'s buffer `exp`
/// (FMA only): it must give the JIT's bits (any NaN for NaN).
fn assert_same_as_buffer_exp(xs: &[f32], jit: &[f32]) {
    let mut buf = xs.to_vec();
    xir_ukernel::vmath::vexp_f32(&mut buf);
    for ((x, b), j) in xs.iter().zip(&buf).zip(jit) {
        assert!(
            b.to_bits() == j.to_bits() || (b.is_nan() && j.is_nan()),
            "buffer exp({x:e}) = {b:e}, JIT {j:e}"
        );
    }
}

fn bits32(v: &[f32]) -> &[u32] {
    // SAFETY: f32 and u32 have the same size and alignment.
    unsafe { std::slice::from_raw_parts(v.as_ptr().cast(), v.len()) }
}

fn bits64(v: &[f64]) -> &[u64] {
    // SAFETY: f64 and u64 have the same size and alignment.
    unsafe { std::slice::from_raw_parts(v.as_ptr().cast(), v.len()) }
}

/// Every 257th bit pattern plus `extra`, in a length that is not a multiple
/// of the vector width so the tail runs too.
fn sample32(extra: impl Iterator<Item = f32>) -> Vec<f32> {
    let mut xs: Vec<f32> = (0..=u32::MAX / 257)
        .map(|i| f32::from_bits(i * 257))
        .collect();
    xs.extend(extra);
    xs.extend(specials32());
    if xs.len().is_multiple_of(4) {
        xs.push(1.5);
    }
    xs
}

/// Results that must be exact, with the expected value.
fn assert_exact32(op: Op, cases: &[(f32, f32)]) {
    let xs: Vec<f32> = cases.iter().map(|c| c.0).collect();
    for fma in fma_modes() {
        for vector in [true, false] {
            let got = kernel(op, types::F32, fma, vector).run(&xs);
            for (&(x, want), g) in cases.iter().zip(got) {
                let ok = if want.is_nan() {
                    g.is_nan()
                } else {
                    g.to_bits() == want.to_bits()
                };
                assert!(
                    ok,
                    "{op:?}({x:e} = {:#x}) = {g:e}, want {want:e}",
                    x.to_bits()
                );
            }
        }
    }
}

#[test]
fn exp_f32_range() {
    let dense = sweep(-110.0, 90.0, 2_000_001).map(|x| x as f32);
    let edges = [88.72283, -87.33655, -103.97208, -103.27893]
        .into_iter()
        .flat_map(|x| around32(x, 300));
    let res = check32(Op::Exp, &sample32(dense.chain(edges)), EXP32_ULPS);
    println!("exp f32 (fma, max ulps, at): {res:?}");
}

#[test]
fn tanh_f32_range() {
    let dense = sweep(-12.0, 12.0, 1_000_001).map(|x| x as f32);
    let near = sweep(-1.0, 1.0, 500_001).map(|x| x as f32);
    let edges = [0.875f32, -0.875, 9.010913, -9.010913]
        .into_iter()
        .flat_map(|x| around32(x, 300));
    let res = check32(
        Op::Tanh,
        &sample32(dense.chain(near).chain(edges)),
        TANH32_ULPS,
    );
    println!("tanh f32 (fma, max ulps, at): {res:?}");
}

#[test]
fn specials_f32() {
    let max_finite = f32::from_bits(0x42b1_7217); // largest x with exp(x) < inf
    let zero_below = f32::from_bits(0xc2cf_f1b5); // exp(x) rounds to 0 at and below
    let mut exp = vec![
        (0.0, 1.0),
        (-0.0, 1.0),
        (f32::INFINITY, f32::INFINITY),
        (f32::NEG_INFINITY, 0.0),
        (f32::NAN, f32::NAN),
        (-f32::NAN, f32::NAN),
        (f32::from_bits(0x7f80_0001), f32::NAN),
        (f32::from_bits(1), 1.0),
        (-f32::from_bits(1), 1.0),
        (f32::MIN_POSITIVE, 1.0),
        (2f32.powi(-26), 1.0),
        (f32::MAX, f32::INFINITY),
        (-f32::MAX, 0.0),
        (1e10, f32::INFINITY),
        (-1e10, 0.0),
        (next_up32(max_finite), f32::INFINITY),
        (89.0, f32::INFINITY),
        (100.0, f32::INFINITY),
        (zero_below, 0.0),
        (-104.0, 0.0),
        (-200.0, 0.0),
    ];
    // The smallest subnormal, just above the underflow threshold.
    exp.push((next_up32(zero_below), f32::from_bits(1)));
    assert!(((max_finite as f64).exp() as f32).is_finite());
    for (x, want) in exp.iter().skip(15) {
        let r = (*x as f64).exp() as f32;
        assert_eq!(r.to_bits(), want.to_bits(), "reference disagrees at {x}");
    }
    assert_exact32(Op::Exp, &exp);

    let tanh = [
        (0.0, 0.0),
        (-0.0, -0.0),
        (f32::INFINITY, 1.0),
        (f32::NEG_INFINITY, -1.0),
        (f32::NAN, f32::NAN),
        (f32::from_bits(0xffc0_0000), f32::NAN),
        (f32::from_bits(0x7f80_0001), f32::NAN),
        (f32::from_bits(1), f32::from_bits(1)),
        (-f32::from_bits(1), -f32::from_bits(1)),
        (f32::from_bits(0x007f_ffff), f32::from_bits(0x007f_ffff)),
        (f32::MIN_POSITIVE, f32::MIN_POSITIVE),
        (1e-10, 1e-10),
        (-1e-10, -1e-10),
        (2f32.powi(-13), 2f32.powi(-13)),
        (9.1, 1.0),
        (-9.1, -1.0),
        (20.0, 1.0),
        (50.0, 1.0),
        (1e30, 1.0),
        (-f32::MAX, -1.0),
        (f32::MAX, 1.0),
    ];
    assert_exact32(Op::Tanh, &tanh);
}

fn next_up32(x: f32) -> f32 {
    if x >= 0.0 {
        f32::from_bits(x.to_bits() + 1)
    } else {
        f32::from_bits(x.to_bits() - 1)
    }
}

/// Checks all 2^32 inputs, vector path against the reference and the scalar
/// path against the vector path. Returns (fma, max ulps, at) per fma mode.
fn exhaustive32(op: Op, bound: Bound) -> Vec<(bool, f64, f32)> {
    let reference = |x: f32| match op {
        Op::Exp => (x as f64).exp(),
        Op::Tanh => (x as f64).tanh(),
        Op::Log => (x as f64).ln(),
        Op::Erf => libm::erf(x as f64),
    };
    let mut out = vec![];
    for fma in fma_modes() {
        let t0 = std::time::Instant::now();
        let vector = kernel(op, types::F32, fma, true);
        let scalar = kernel(op, types::F32, fma, false);
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let next = AtomicU32::new(0);
        let worst = Mutex::new((0f64, 0f32));
        std::thread::scope(|s| {
            for _ in 0..threads {
                s.spawn(|| loop {
                    let c = next.fetch_add(1, Ordering::Relaxed);
                    if c >= 256 {
                        break;
                    }
                    let xs: Vec<f32> = (0..1u32 << 24)
                        .map(|i| f32::from_bits(c << 24 | i))
                        .collect();
                    let got = vector.run(&xs);
                    assert!(
                        bits32(&got) == bits32(&scalar.run(&xs)),
                        "{op:?}: vector and scalar differ in chunk {c}"
                    );
                    if op == Op::Exp && fma {
                        assert_same_as_buffer_exp(&xs, &got);
                    }
                    let mut w = (0f64, 0f32);
                    for (&x, g) in xs.iter().zip(got) {
                        let want = reference(x);
                        if g.to_bits() != (want as f32).to_bits() {
                            let e = err32(g, want);
                            if e > w.0 {
                                w = (e, x);
                            }
                        }
                    }
                    let mut all = worst.lock().unwrap();
                    if w.0 > all.0 {
                        *all = w;
                    }
                });
            }
        });
        let (e, at) = *worst.lock().unwrap();
        println!(
            "{op:?} f32 exhaustive, fma={fma}: max {e:.4} ulps at {at:e} ({:#x}), {:.1?}",
            at.to_bits(),
            t0.elapsed()
        );
        assert!(e <= bound.get(fma), "{op:?} fma={fma}: {e} ulps at {at:e}");
        out.push((fma, e, at));
    }
    out
}

/// All 2^32 inputs; run in release mode:
/// `cargo test --release -p xir-runtime-local --test math_range -- --ignored`.
#[test]
#[ignore]
fn exp_f32_exhaustive() {
    exhaustive32(Op::Exp, EXP32_ULPS);
}

#[test]
#[ignore]
fn tanh_f32_exhaustive() {
    exhaustive32(Op::Tanh, TANH32_ULPS);
}

// Kernel holds a raw function pointer; the code is immutable once finalized.
unsafe impl Sync for Kernel {}

// ---------------------------------------------------------------- f64 checks

fn check64(op: Op, xs: &[f64], bound: Bound) -> Vec<(bool, f64, f64)> {
    let want: Vec<(f64, f64, i32)> = xs
        .iter()
        .map(|&x| match op {
            Op::Exp => ref_exp64(x),
            Op::Tanh => ref_tanh64(x),
            Op::Log => ref_log64(x),
            Op::Erf => unreachable!("f32 only"),
        })
        .collect();
    let mut out = vec![];
    for fma in fma_modes() {
        let got = kernel(op, types::F64, fma, true).run(xs);
        let scalar = kernel(op, types::F64, fma, false).run(xs);
        if bits64(&got) != bits64(&scalar) {
            let i = (0..xs.len())
                .find(|&i| got[i].to_bits() != scalar[i].to_bits())
                .unwrap();
            panic!("{op:?} fma={fma}: vector and scalar differ at {:e}", xs[i]);
        }
        let (mut worst, mut at) = (0f64, 0f64);
        for i in 0..xs.len() {
            let (hi, lo, k) = want[i];
            let e = err64(got[i], hi, lo, k);
            if e > worst {
                worst = e;
                at = xs[i];
            }
        }
        let i = xs.iter().position(|x| x.to_bits() == at.to_bits()).unwrap();
        assert!(
            worst <= bound.get(fma),
            "{op:?} f64 fma={fma}: {worst} ulps at {at:e}: got {:e}, want {:?}",
            got[i],
            want[i]
        );
        out.push((fma, worst, at));
    }
    out
}

fn sample64(rng: &mut Rng, extra: impl Iterator<Item = f64>) -> Vec<f64> {
    let mut xs: Vec<f64> = (0..100_000).map(|_| f64::from_bits(rng.next())).collect();
    xs.extend(extra);
    xs.extend(specials64());
    if xs.len().is_multiple_of(2) {
        xs.push(1.5);
    }
    xs
}

/// Random bit patterns, uniform samples (`k` times the default counts),
/// sweeps and edges, for exp.
fn exp64_inputs(k: usize) -> Vec<f64> {
    let mut rng = Rng(1);
    let mut extra: Vec<f64> = (0..200_000 * k)
        .map(|_| rng.uniform(-746.0, 710.0))
        .collect();
    extra.extend((0..100_000 * k).map(|_| rng.uniform(-1.0, 1.0)));
    // Subnormal results.
    extra.extend((0..50_000 * k).map(|_| rng.uniform(-745.2, -708.3)));
    extra.extend(sweep(-750.0, 712.0, 20_001));
    for e in [
        709.782712893384,
        -708.3964185322641,
        -744.4400719213812,
        -745.1332191019411,
    ] {
        extra.extend(around64(e, 200));
    }
    sample64(&mut rng, extra.into_iter())
}

fn tanh64_inputs(k: usize) -> Vec<f64> {
    let mut rng = Rng(2);
    let mut extra: Vec<f64> = (0..150_000 * k).map(|_| rng.uniform(-20.0, 20.0)).collect();
    extra.extend((0..100_000 * k).map(|_| rng.uniform(-1.0, 1.0)));
    // Both sides of the branch point.
    extra.extend((0..50_000 * k).map(|_| rng.uniform(0.75, 1.0)));
    extra.extend((0..20_000 * k).map(|_| 10f64.powf(rng.uniform(-310.0, 0.0))));
    for e in [0.875, 19.06154746539849, 22.0] {
        extra.extend(around64(e, 200));
    }
    sample64(&mut rng, extra.into_iter())
}

#[test]
fn exp_f64_range() {
    let res = check64(Op::Exp, &exp64_inputs(1), EXP64_ULPS);
    println!("exp f64 (fma, max ulps, at): {res:?}");
}

#[test]
fn tanh_f64_range() {
    let res = check64(Op::Tanh, &tanh64_inputs(1), TANH64_ULPS);
    println!("tanh f64 (fma, max ulps, at): {res:?}");
}

/// 20x the samples of the tests above; run in release mode.
#[test]
#[ignore]
fn exp_f64_large() {
    let res = check64(Op::Exp, &exp64_inputs(20), EXP64_ULPS);
    println!("exp f64 large (fma, max ulps, at): {res:?}");
}

#[test]
#[ignore]
fn tanh_f64_large() {
    let res = check64(Op::Tanh, &tanh64_inputs(20), TANH64_ULPS);
    println!("tanh f64 large (fma, max ulps, at): {res:?}");
}

#[test]
fn specials_f64() {
    let inf = f64::INFINITY;
    let exp = [
        (0.0, 1.0),
        (-0.0, 1.0),
        (inf, inf),
        (-inf, 0.0),
        (f64::NAN, f64::NAN),
        (f64::from_bits(0x7ff0_0000_0000_0001), f64::NAN),
        (f64::from_bits(1), 1.0),
        (2f64.powi(-60), 1.0),
        (f64::MAX, inf),
        (-f64::MAX, 0.0),
        (f64::from_bits(709.782712893384f64.to_bits() + 1), inf),
        (710.0, inf),
        (-745.1332191019412, 0.0),
        (-746.0, 0.0),
        (-745.1332191019411, f64::from_bits(1)),
        (709.782712893384, 1.7976931348622732e308),
    ];
    let tanh = [
        (0.0, 0.0),
        (-0.0, -0.0),
        (inf, 1.0),
        (-inf, -1.0),
        (f64::NAN, f64::NAN),
        (f64::from_bits(1), f64::from_bits(1)),
        (-f64::from_bits(1), -f64::from_bits(1)),
        (f64::MIN_POSITIVE, f64::MIN_POSITIVE),
        (1e-200, 1e-200),
        (-1e-20, -1e-20),
        (19.5, 1.0),
        (-30.0, -1.0),
        (400.0, 1.0),
        (f64::MAX, 1.0),
        (-f64::MAX, -1.0),
    ];
    for (op, cases) in [(Op::Exp, &exp[..]), (Op::Tanh, &tanh[..])] {
        let xs: Vec<f64> = cases.iter().map(|c| c.0).collect();
        for fma in fma_modes() {
            for vector in [true, false] {
                let got = kernel(op, types::F64, fma, vector).run(&xs);
                for (&(x, want), g) in cases.iter().zip(got) {
                    let ok = if want.is_nan() {
                        g.is_nan()
                    } else {
                        g.to_bits() == want.to_bits()
                    };
                    assert!(ok, "{op:?}({x:e}) = {g:e}, want {want:e}");
                }
            }
        }
    }
}

/// The reference itself, against values known to many digits.
#[test]
fn reference_sanity() {
    let (m, k) = exp_dd(1.0);
    let e = m.scale(k);
    assert_eq!(e.0, std::f64::consts::E);
    assert!((e.1 - 1.4456468917292502e-16).abs() < 1e-31);
    let (m, k) = exp_dd(-700.0);
    // exp(-700) = 9.85967654375977e-305
    assert!((scale(m.0, k) / 9.85967654375977e-305 - 1.0).abs() < 1e-14);
    let t = tanh_dd(0.5);
    // tanh(0.5) = 0.46211715726000975850231848364367254873...
    assert_eq!(t.0, 0.46211715726000974);
    assert!((t.1 - 2.191660324e-17).abs() < 1e-26, "{t:?}");
    let t = tanh_dd(1e-3);
    assert_eq!(t.0, (1e-3f64).tanh());
    assert!((tanh_dd(0.7).0 - 0.7f64.tanh()).abs() <= 1.2e-16);
}

// ---------------------------------------------------------------- log, erf

#[test]
fn log_f32_range() {
    let dense = sweep(0.0, 4.0, 1_000_001).map(|x| x as f32);
    let near_one = sweep(0.99, 1.01, 500_001).map(|x| x as f32);
    let edges = [
        1.0f32,
        std::f32::consts::FRAC_1_SQRT_2,
        std::f32::consts::SQRT_2,
        f32::MIN_POSITIVE,
    ]
    .into_iter()
    .flat_map(|x| around32(x, 300));
    let res = check32(
        Op::Log,
        &sample32(dense.chain(near_one).chain(edges)),
        LOG32_ULPS,
    );
    println!("log f32 (fma, max ulps, at): {res:?}");
}

#[test]
fn erf_f32_range() {
    let dense = sweep(-5.0, 5.0, 1_000_001).map(|x| x as f32);
    let tiny = (0..200_000).map(|i| 10f32.powf(-45.0 + i as f32 * 45.0 / 200_000.0));
    let edges = [1.0f32, -1.0, 4.0, -4.0, 3.9192, 0.5]
        .into_iter()
        .flat_map(|x| around32(x, 300));
    let res = check32(
        Op::Erf,
        &sample32(dense.chain(tiny).chain(edges)),
        ERF32_ULPS,
    );
    println!("erf f32 (fma, max ulps, at): {res:?}");
}

#[test]
fn log_f64_range() {
    let mut rng = Rng(3);
    let mut extra: Vec<f64> = (0..100_000).map(|_| rng.uniform(0.0, 4.0)).collect();
    extra.extend((0..100_000).map(|_| rng.uniform(0.999, 1.001)));
    extra.extend((0..100_000).map(|_| 10f64.powf(rng.uniform(-320.0, 308.0))));
    for e in [
        1.0,
        std::f64::consts::FRAC_1_SQRT_2,
        std::f64::consts::SQRT_2,
    ] {
        extra.extend(around64(e, 200));
    }
    let xs = sample64(&mut rng, extra.into_iter());
    let res = check64(Op::Log, &xs, LOG64_ULPS);
    println!("log f64 (fma, max ulps, at): {res:?}");
}

#[test]
fn specials_log_erf() {
    let log = [
        (0.0f32, f32::NEG_INFINITY),
        (-0.0, f32::NEG_INFINITY),
        (1.0, 0.0),
        (-1.0, f32::NAN),
        (-f32::from_bits(1), f32::NAN),
        (f32::INFINITY, f32::INFINITY),
        (f32::NEG_INFINITY, f32::NAN),
        (f32::NAN, f32::NAN),
        (f32::from_bits(1), -103.27893),
        (2.0, std::f32::consts::LN_2),
    ];
    assert_exact32(Op::Log, &log);
    let erf = [
        (0.0f32, 0.0),
        (-0.0, -0.0),
        (f32::INFINITY, 1.0),
        (f32::NEG_INFINITY, -1.0),
        (f32::NAN, f32::NAN),
        (4.0, 1.0),
        (-10.0, -1.0),
        (f32::MAX, 1.0),
        // erf(x) ~ 2x / sqrt(pi) for tiny x, subnormals included (the
        // range test checks them in ulps).
        (f32::from_bits(1000), f32::from_bits(1128)),
    ];
    assert_exact32(Op::Erf, &erf);
}
