//! Differential test of the `local` device against `reference` (the
//! interpreter, the oracle): every graph op and every element type the graph
//! verifier accepts, on random shapes (sizes 0, 1, sizes that are not
//! multiples of a vector width, a few large ones), fused chains, and dynamic
//! dims whose sizes come at run time. Each program is generated as graph-level
//! text from a seed, compiled for target `local` (`common::compile_text`) and
//! for `reference` (whose kernels stay graph ops, the oracle) and
//! run with the same inputs on `--device=local` and `--device=reference`
//! (`common::run_text`); the results must agree within the tolerances of
//! [`Tol`] (integers and data movement exactly).
//!
//! On a mismatch the test prints the seed, the program, a short form of the
//! inputs and the first element that differs, and writes the program and its
//! inputs to a folder under `CARGO_TARGET_TMPDIR` with the `xrun` command
//! that reproduces it.
//!
//! Not covered, because the graph verifier rejects them although the
//! reference evaluates them: `si*`/`ui*` element types (the verifier accepts
//! signless integers only). The verifier accepts `exp`/`tanh` on integer
//! tensors, which the reference rejects at run time: [`int_transcendentals`]
//! checks that both devices reject them.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;
use xir_runtime_hal::{Device, ElementType, HostTensor};

// ================================================================ tolerances

/// How a result of `local` must match the reference's. Integers are always
/// compared exactly, whatever the program's tolerance: every integer op is
/// defined to the bit (wrapping, `x / 0 = 0`, `MIN / -1 = MIN`).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Tol {
    /// The same bytes, NaN payloads included: layout ops (transpose,
    /// reshape, broadcast, concat, slice) only move elements.
    Bytes,
    /// The same bits, except that any NaN matches any NaN (a NaN's payload
    /// and sign are not part of the ops' semantics); +0 and -0 differ.
    /// add/sub/mul/div are correctly rounded in every float type (f16/bf16
    /// are computed in f32, which holds the exact result of one op to more
    /// than 2p+2 bits, then rounded once), so any correct implementation
    /// gets the reference's bits; max/neg/relu are exact by nature.
    Exact,
    /// exp/tanh: within [`transcendental_ulps`] of the reference (counted
    /// on the float's ordered bit patterns, so +0 = -0, and infinity is one
    /// ulp past the largest finite value: an overflow at the threshold is a
    /// rounding difference like any other). NaN must match NaN.
    Ulps,
    /// Accumulations (matmul, reduce_sum, and chains ending in them):
    /// within [`sum_bound`]. `terms` is the number of products or elements
    /// summed into one result, `term_ulps` the error each term may carry
    /// from a transcendental before it (0: exact terms), `acc_f32` whether
    /// f16/bf16 accumulate in f32 (matmul) rather than in their own type
    /// (reduce_sum rounds after every step).
    Sum {
        terms: usize,
        term_ulps: u64,
        acc_f32: bool,
    },
}

/// exp/tanh in f32 and f64: the reference is correctly rounded in practice
/// (computed in f64, rounded once). A polynomial on f32x4 with a careful
/// range reduction is within 1-3 ulps; 4 leaves room for that and still
/// catches a wrong coefficient, a lost range or a flushed subnormal (off by
/// thousands of ulps). f16/bf16 are computed in f32 (a few f32 ulps, about
/// 2^-13 of an f16 ulp) and rounded once: at most a tie flips, 1 ulp of the
/// type.
fn transcendental_ulps(f: Fmt) -> u64 {
    if f.man >= 23 {
        4
    } else {
        1
    }
}

/// The roundings to the element type an accumulation's result may differ
/// by beyond the sum itself: the final store and one elementwise op after it
/// (a bias add), each at most 1 ulp <= 2u·|x| <= 2u·Σ|terms|.
const FINAL_ROUNDINGS: f64 = 2.0;

/// The largest |local - reference| allowed for one element of a [`Tol::Sum`]
/// result. The reference sums in a fixed order (p = 0, 1, ...); `local` may
/// block, split into SIMD lanes or threads and use FMA, i.e. any order and
/// fewer roundings. Recursive summation of n terms in any order is within
/// (n-1)·u·Σ|terms| of the exact sum (Higham, Accuracy and Stability of
/// Numerical Algorithms, §4.2; an FMA only removes roundings), so two orders
/// differ by at most 2(n-1)·u·Σ|terms|. Allowed:
///
///   (2(n+1)·u_acc + 2·FINAL_ROUNDINGS·u + 2·term_ulps·u) · Σ|terms|
///
/// with u = 2^-p the unit roundoff of the element type, u_acc that of the
/// accumulator. `mag` is Σ|terms|, computed by running the same program on
/// the reference with every input replaced by its absolute value (the
/// programs with this tolerance are built from add/mul/matmul/reduce_sum/
/// relu/exp and layout ops, each monotone in |input|, so that is an upper
/// bound of the sum of |terms| of every result). A non-finite `mag` (an
/// overflow of the bound itself) allows anything finite.
fn sum_bound(f: Fmt, tol: Tol, mag: f64) -> f64 {
    let Tol::Sum {
        terms,
        term_ulps,
        acc_f32,
    } = tol
    else {
        return 0.0;
    };
    if !mag.is_finite() {
        return f64::INFINITY;
    }
    let u = f.u();
    let u_acc = if acc_f32 && f.man < 23 { F32.u() } else { u };
    let rel =
        2.0 * (terms as f64 + 1.0) * u_acc + 2.0 * FINAL_ROUNDINGS * u + 2.0 * term_ulps as f64 * u;
    rel * mag.abs()
}

// ================================================================== floats

/// A binary float format: exponent and mantissa bits.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Fmt {
    exp: u32,
    man: u32,
}

const F16: Fmt = Fmt { exp: 5, man: 10 };
const BF16: Fmt = Fmt { exp: 8, man: 7 };
const F32: Fmt = Fmt { exp: 8, man: 23 };
const F64: Fmt = Fmt { exp: 11, man: 52 };

impl Fmt {
    fn width(self) -> u32 {
        1 + self.exp + self.man
    }

    fn sign_bit(self) -> u64 {
        1 << (self.width() - 1)
    }

    fn exp_all(self) -> u64 {
        (1 << self.exp) - 1
    }

    fn man_mask(self) -> u64 {
        (1 << self.man) - 1
    }

    fn bias(self) -> i64 {
        (1 << (self.exp - 1)) - 1
    }

    fn is_nan(self, b: u64) -> bool {
        (b >> self.man) & self.exp_all() == self.exp_all() && b & self.man_mask() != 0
    }

    /// The quiet NaN Rust and `half` produce (positive, top mantissa bit).
    fn nan(self) -> u64 {
        (self.exp_all() << self.man) | (1 << (self.man - 1))
    }

    fn inf(self) -> u64 {
        self.exp_all() << self.man
    }

    fn max_finite(self) -> u64 {
        ((self.exp_all() - 1) << self.man) | self.man_mask()
    }

    /// The unit roundoff 2^-p (p = mantissa bits + 1).
    fn u(self) -> f64 {
        2f64.powi(-(self.man as i32 + 1))
    }

    /// The value of `b` (exact: every format here fits in f64).
    fn value(self, b: u64) -> f64 {
        if self.width() == 64 {
            return f64::from_bits(b);
        }
        let sign = if b & self.sign_bit() != 0 { -1.0 } else { 1.0 };
        let e = (b >> self.man) & self.exp_all();
        let m = b & self.man_mask();
        let v = if e == self.exp_all() {
            if m == 0 {
                f64::INFINITY
            } else {
                f64::NAN
            }
        } else if e == 0 {
            m as f64 * 2f64.powi((1 - self.bias() - self.man as i64) as i32)
        } else {
            ((1u64 << self.man) | m) as f64
                * 2f64.powi((e as i64 - self.bias() - self.man as i64) as i32)
        };
        sign * v
    }

    /// `x` in this format, truncated toward zero, subnormals flushed, past
    /// the range infinite: good enough to make random inputs.
    fn encode(self, x: f64) -> u64 {
        if self.width() == 64 {
            return x.to_bits();
        }
        if x.is_nan() {
            return self.nan();
        }
        let sign = if x.is_sign_negative() {
            self.sign_bit()
        } else {
            0
        };
        let bits = x.abs().to_bits();
        let e = ((bits >> 52) & 0x7ff) as i64 - 1023 + self.bias();
        if x == 0.0 || e <= 0 {
            return sign;
        }
        if e >= self.exp_all() as i64 {
            return sign | self.inf();
        }
        let m = (bits & ((1 << 52) - 1)) >> (52 - self.man);
        sign | ((e as u64) << self.man) | m
    }

    /// A monotone integer of `b`: neighbouring floats differ by 1, +0 and
    /// -0 are both 0, infinity is one past the largest finite value.
    fn key(self, b: u64) -> i128 {
        let mag = (b & (self.sign_bit() - 1)) as i128;
        if b & self.sign_bit() != 0 {
            -mag
        } else {
            mag
        }
    }
}

// ==================================================================== types

/// Every element type the graph verifier accepts (`ops::TENSOR`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Ty {
    I1,
    I8,
    I16,
    I32,
    I64,
    F16,
    Bf16,
    F32,
    F64,
}

const TYPES: [Ty; 9] = [
    Ty::I1,
    Ty::I8,
    Ty::I16,
    Ty::I32,
    Ty::I64,
    Ty::F16,
    Ty::Bf16,
    Ty::F32,
    Ty::F64,
];

impl Ty {
    fn name(self) -> &'static str {
        match self {
            Ty::I1 => "i1",
            Ty::I8 => "i8",
            Ty::I16 => "i16",
            Ty::I32 => "i32",
            Ty::I64 => "i64",
            Ty::F16 => "f16",
            Ty::Bf16 => "bf16",
            Ty::F32 => "f32",
            Ty::F64 => "f64",
        }
    }

    fn element(self) -> ElementType {
        match self {
            Ty::I1 => ElementType::I1,
            Ty::I8 => ElementType::I8,
            Ty::I16 => ElementType::I16,
            Ty::I32 => ElementType::I32,
            Ty::I64 => ElementType::I64,
            Ty::F16 => ElementType::F16,
            Ty::Bf16 => ElementType::BF16,
            Ty::F32 => ElementType::F32,
            Ty::F64 => ElementType::F64,
        }
    }

    fn of(e: ElementType) -> Option<Ty> {
        TYPES.into_iter().find(|t| t.element() == e)
    }

    fn fmt(self) -> Option<Fmt> {
        match self {
            Ty::F16 => Some(F16),
            Ty::Bf16 => Some(BF16),
            Ty::F32 => Some(F32),
            Ty::F64 => Some(F64),
            _ => None,
        }
    }

    fn is_float(self) -> bool {
        self.fmt().is_some()
    }

    /// Integer width in bits.
    fn bits(self) -> u32 {
        match self {
            Ty::I1 => 1,
            Ty::I8 => 8,
            Ty::I16 | Ty::F16 | Ty::Bf16 => 16,
            Ty::I32 | Ty::F32 => 32,
            Ty::I64 | Ty::F64 => 64,
        }
    }

    fn size(self) -> usize {
        self.element().byte_size()
    }
}

/// Element `i` of `t` as raw little-endian bits.
fn raw(t: &HostTensor, i: usize) -> u64 {
    let n = t.element.byte_size();
    let mut b = [0u8; 8];
    b[..n].copy_from_slice(&t.data[i * n..(i + 1) * n]);
    u64::from_le_bytes(b)
}

/// Element `i` of `t` for a message: an integer's value (i1 as 0/1), a
/// float's value and bits.
fn show(t: &HostTensor, i: usize) -> String {
    let b = raw(t, i);
    match Ty::of(t.element) {
        Some(ty) => match ty.fmt() {
            Some(f) => format!("{:?} (0x{b:0w$x})", f.value(b), w = f.width() as usize / 4),
            None if ty == Ty::I1 => b.to_string(),
            None => {
                let s = 64 - ty.bits();
                (((b << s) as i64) >> s).to_string()
            }
        },
        None => format!("0x{b:x}"),
    }
}

/// `i` as an index of `shape` (row-major).
fn unflatten(mut i: usize, shape: &[usize]) -> Vec<usize> {
    let mut idx = vec![0; shape.len()];
    for d in (0..shape.len()).rev() {
        if shape[d] > 0 {
            idx[d] = i % shape[d];
            i /= shape[d];
        }
    }
    idx
}

// ============================================================== comparison

/// The first element of a result that differs.
#[derive(Debug)]
struct Mismatch {
    index: Option<usize>,
    message: String,
}

/// Whether element bits `w` (reference) and `g` (local) of float format `f`
/// agree under `tol`; `mag` is Σ|terms| for [`Tol::Sum`]. `Err` says why not.
fn float_agrees(f: Fmt, tol: Tol, w: u64, g: u64, mag: f64) -> Result<(), String> {
    if tol == Tol::Bytes {
        return if w == g {
            Ok(())
        } else {
            Err("the bits differ (data movement must be exact)".into())
        };
    }
    let (wn, gn) = (f.is_nan(w), f.is_nan(g));
    if wn || gn {
        return if wn && gn {
            Ok(())
        } else {
            Err("NaN against a number".into())
        };
    }
    match tol {
        Tol::Bytes => unreachable!(),
        Tol::Exact => {
            if w == g {
                Ok(())
            } else {
                Err(format!(
                    "the bits differ (exact op), {} ulps apart",
                    (f.key(w) - f.key(g)).abs()
                ))
            }
        }
        Tol::Ulps => {
            let d = (f.key(w) - f.key(g)).abs();
            let max = transcendental_ulps(f);
            if d <= max as i128 {
                Ok(())
            } else {
                Err(format!("{d} ulps apart, at most {max} allowed"))
            }
        }
        Tol::Sum { .. } => {
            let (wv, gv) = (f.value(w), f.value(g));
            let bound = sum_bound(f, tol, mag);
            if wv == gv {
                return Ok(());
            }
            let d = (wv - gv).abs();
            // An infinity against a different value: only an overflowing
            // bound allows it (d is infinite or NaN then).
            if d <= bound || bound.is_infinite() && !(wv.is_infinite() && gv.is_infinite()) {
                Ok(())
            } else {
                Err(format!(
                    "|difference| {d:e} > bound {bound:e} (Σ|terms| = {mag:e}, {tol:?})"
                ))
            }
        }
    }
}

/// Compares one result: same type and shape, then every element under
/// `tol` (integers exactly). `mag` holds Σ|terms| per element (the reference
/// run on |inputs|) for [`Tol::Sum`].
fn compare(
    tol: Tol,
    want: &HostTensor,
    got: &HostTensor,
    mag: Option<&HostTensor>,
) -> Result<(), Mismatch> {
    if want.element != got.element || want.shape != got.shape || want.data.len() != got.data.len() {
        return Err(Mismatch {
            index: None,
            message: format!(
                "type {} from local, {} from the reference",
                got.type_string(),
                want.type_string()
            ),
        });
    }
    let fmt = Ty::of(want.element).and_then(Ty::fmt);
    for i in 0..want.element_count() {
        let (w, g) = (raw(want, i), raw(got, i));
        let verdict = match fmt {
            None if w == g => Ok(()),
            None => Err("integers differ (integer ops are exact)".to_string()),
            Some(f) => {
                let m = mag.map_or(f64::INFINITY, |m| f.value(raw(m, i)).abs());
                float_agrees(f, tol, w, g, m)
            }
        };
        if let Err(why) = verdict {
            return Err(Mismatch {
                index: Some(i),
                message: format!(
                    "element {i} (index {:?}): reference {}, local {}: {why}",
                    unflatten(i, &want.shape),
                    show(want, i),
                    show(got, i)
                ),
            });
        }
    }
    Ok(())
}

// ===================================================================== rng

/// SplitMix64: small, fast, and the same on every platform.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x5851_f42d_4c95_7f2d)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<T: Copy>(&mut self, v: &[T]) -> T {
        v[self.below(v.len())]
    }

    /// True with probability `percent`%.
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    /// Uniform in [lo, hi).
    fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * ((self.next() >> 11) as f64 / (1u64 << 53) as f64)
    }

    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }
}

// ================================================================== values

/// What values an input holds.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Vals {
    /// Integers over the whole range with MIN, MAX, -1, 0, 1 and small
    /// values frequent (division edge cases); floats of every magnitude with
    /// NaN, ±inf, ±0, subnormals and the largest finite values.
    Full,
    /// Floats in ±[2^-6, 2): matmul and reduce_sum inputs, so that
    /// Σ|terms| stays far from overflow and the tolerance means something;
    /// 10% ±0. Integers as [`Vals::Full`] (their sums wrap exactly).
    Moderate,
    /// exp/tanh inputs: mostly uniform in [-100, 100] (a third in [-5, 5],
    /// where tanh is not saturated), 10% specials.
    Transcendental,
    /// Floats in [-8, 8]: factors whose product stays in exp's range.
    Small,
}

fn int_value(r: &mut Rng, bits: u32) -> i128 {
    if bits == 1 {
        return (r.next() & 1) as i128;
    }
    let min = -(1i128 << (bits - 1));
    let max = (1i128 << (bits - 1)) - 1;
    match r.below(16) {
        0 => min,
        1 => max,
        2 | 3 => -1,
        4 | 5 => 0,
        6 => 1,
        7..=9 => r.below(21) as i128 - 10,
        _ => {
            let s = 64 - bits;
            (((r.next() << s) as i64) >> s) as i128
        }
    }
}

fn float_value(r: &mut Rng, f: Fmt, v: Vals) -> u64 {
    let sign = |r: &mut Rng| if r.chance(50) { f.sign_bit() } else { 0 };
    let special = |r: &mut Rng| match r.below(8) {
        0 | 1 => f.nan(),
        2 => f.inf(),
        3 => f.inf() | f.sign_bit(),
        4 => 0,
        5 => f.sign_bit(),
        6 => sign(r) | (1 + r.next() % f.man_mask()),
        _ => sign(r) | f.max_finite(),
    };
    match v {
        Vals::Full => match r.below(10) {
            0..=2 => special(r),
            3..=5 => {
                // Any bit pattern; NaNs made canonical so that a printed
                // input reproduces the same bits.
                let b = r.next() & ((f.sign_bit() << 1).wrapping_sub(1));
                if f.is_nan(b) {
                    f.nan()
                } else {
                    b
                }
            }
            _ => {
                let e = r.uniform(-12.0, 12.0);
                let x = 2f64.powf(e) * if r.chance(50) { -1.0 } else { 1.0 };
                f.encode(x)
            }
        },
        Vals::Moderate => {
            if r.chance(10) {
                return sign(r);
            }
            let x = 2f64.powf(r.uniform(-6.0, 1.0));
            f.encode(if r.chance(50) { -x } else { x })
        }
        Vals::Transcendental => {
            if r.chance(10) {
                return special(r);
            }
            let x = if r.chance(33) {
                r.uniform(-5.0, 5.0)
            } else {
                r.uniform(-100.0, 100.0)
            };
            f.encode(x)
        }
        Vals::Small => {
            if r.chance(5) {
                return sign(r);
            }
            f.encode(r.uniform(-8.0, 8.0))
        }
    }
}

fn tensor(r: &mut Rng, ty: Ty, shape: &[usize], v: Vals) -> HostTensor {
    let n: usize = shape.iter().product();
    let size = ty.size();
    let mut data = Vec::with_capacity(n * size);
    for _ in 0..n {
        let b = match ty.fmt() {
            Some(f) => float_value(r, f, v),
            None => {
                let x = int_value(r, ty.bits());
                if ty == Ty::I1 {
                    (x & 1) as u64
                } else {
                    x as u64
                }
            }
        };
        data.extend_from_slice(&b.to_le_bytes()[..size]);
    }
    HostTensor::new(ty.element(), shape.to_vec(), data).unwrap()
}

/// `t` with every float's sign bit cleared (integers unchanged).
fn abs(t: &HostTensor) -> HostTensor {
    let mut t = t.clone();
    if let Some(f) = Ty::of(t.element).and_then(Ty::fmt) {
        let n = t.element.byte_size();
        for c in t.data.chunks_exact_mut(n) {
            c[n - 1] &= 0x7f;
        }
        debug_assert!(f.width() as usize == n * 8);
    }
    t
}

// ================================================================= shapes

/// Dimension sizes drawn: 0, 1, around vector widths (4, 8, 16) and cache
/// lines, and larger odd ones.
const DIMS: [usize; 18] = [
    0, 1, 2, 3, 4, 5, 7, 8, 15, 16, 17, 31, 33, 63, 64, 65, 100, 257,
];

/// Shapes every elementwise op and type runs on once (cycled through).
const EDGE_SHAPES: &[&[usize]] = &[
    &[],
    &[0],
    &[1],
    &[5],
    &[17],
    &[33],
    &[65],
    &[257],
    &[1, 1],
    &[0, 3],
    &[3, 0],
    &[7, 15],
    &[1, 257],
    &[2, 3, 5],
    &[4, 1, 17],
    &[16, 16],
    &[15, 17],
    &[3, 0, 5],
    &[2, 2, 2, 2],
    &[1, 1, 1, 1],
    &[64],
    &[63],
    &[100, 3],
];

fn count(s: &[usize]) -> usize {
    s.iter().product()
}

/// A random shape of rank `lo..=hi` with at most `cap` elements.
fn shape(r: &mut Rng, lo: usize, hi: usize, cap: usize) -> Vec<usize> {
    let rank = lo + r.below(hi - lo + 1);
    loop {
        let s: Vec<usize> = (0..rank).map(|_| r.pick(&DIMS)).collect();
        if count(&s) <= cap {
            return s;
        }
    }
}

/// A dim of a type: static, or dynamic (`?`) with the run-time size of
/// symbol `-1` or `-2` (negative numbers).
type Dims = Vec<i64>;

fn stat(s: &[usize]) -> Dims {
    s.iter().map(|&d| d as i64).collect()
}

fn ttype(s: &[i64], ty: Ty) -> String {
    let mut out = String::from("tensor<");
    for &d in s {
        if d < 0 {
            out.push('?');
        } else {
            write!(out, "{d}").unwrap();
        }
        out.push('x');
    }
    out.push_str(ty.name());
    out.push('>');
    out
}

fn list(v: &[usize]) -> String {
    let s: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    format!("[{}]", s.join(", "))
}

// ================================================================= builder

/// A value of the program being built.
#[derive(Clone, Debug)]
struct V {
    name: String,
    dims: Dims,
}

/// Builds `func.func @main` op by op.
struct Builder {
    ty: Ty,
    args: Vec<V>,
    body: String,
    next: usize,
    ops: BTreeSet<&'static str>,
}

impl Builder {
    fn new(ty: Ty) -> Builder {
        Builder {
            ty,
            args: Vec::new(),
            body: String::new(),
            next: 0,
            ops: BTreeSet::new(),
        }
    }

    fn t(&self, d: &[i64]) -> String {
        ttype(d, self.ty)
    }

    fn arg(&mut self, dims: Dims) -> V {
        let v = V {
            name: format!("%a{}", self.args.len()),
            dims,
        };
        self.args.push(v.clone());
        v
    }

    fn emit(&mut self, op: &'static str, rest: String, dims: Dims) -> V {
        let name = format!("%v{}", self.next);
        self.next += 1;
        writeln!(self.body, "  {name} = graph.{op} {rest}").unwrap();
        self.ops.insert(op);
        V { name, dims }
    }

    fn binary(&mut self, op: &'static str, a: &V, b: &V) -> V {
        assert_eq!(a.dims, b.dims, "{op} operands");
        let rest = format!("{}, {} : {}", a.name, b.name, self.t(&a.dims));
        self.emit(op, rest, a.dims.clone())
    }

    fn unary(&mut self, op: &'static str, a: &V) -> V {
        let rest = format!("{} : {}", a.name, self.t(&a.dims));
        self.emit(op, rest, a.dims.clone())
    }

    fn matmul(&mut self, a: &V, b: &V) -> V {
        let r = a.dims.len();
        let mut d = a.dims[..r - 1].to_vec();
        d.push(b.dims[r - 1]);
        let rest = format!(
            "{}, {} : ({}, {}) -> {}",
            a.name,
            b.name,
            self.t(&a.dims),
            self.t(&b.dims),
            self.t(&d)
        );
        self.emit("matmul", rest, d)
    }

    fn transpose(&mut self, a: &V, perm: &[usize]) -> V {
        let d: Dims = perm.iter().map(|&p| a.dims[p]).collect();
        let rest = format!(
            "{} permutation = {} : {} -> {}",
            a.name,
            list(perm),
            self.t(&a.dims),
            self.t(&d)
        );
        self.emit("transpose", rest, d)
    }

    fn reshape(&mut self, a: &V, d: Dims) -> V {
        let rest = format!("{} : {} -> {}", a.name, self.t(&a.dims), self.t(&d));
        self.emit("reshape", rest, d)
    }

    fn broadcast(&mut self, a: &V, dimensions: &[usize], d: Dims) -> V {
        let rest = format!(
            "{} dimensions = {} : {} -> {}",
            a.name,
            list(dimensions),
            self.t(&a.dims),
            self.t(&d)
        );
        self.emit("broadcast", rest, d)
    }

    fn reduce(&mut self, op: &'static str, a: &V, axes: &[usize]) -> V {
        let d: Dims = (0..a.dims.len())
            .filter(|i| !axes.contains(i))
            .map(|i| a.dims[i])
            .collect();
        let rest = format!(
            "{} axes = {} : {} -> {}",
            a.name,
            list(axes),
            self.t(&a.dims),
            self.t(&d)
        );
        self.emit(op, rest, d)
    }

    fn concat(&mut self, vs: &[V], axis: usize) -> V {
        let mut d = vs[0].dims.clone();
        d[axis] = vs
            .iter()
            .try_fold(0i64, |acc, v| {
                (v.dims[axis] >= 0).then_some(acc + v.dims[axis])
            })
            .unwrap_or(-3);
        let names: Vec<&str> = vs.iter().map(|v| v.name.as_str()).collect();
        let types: Vec<String> = vs.iter().map(|v| self.t(&v.dims)).collect();
        let rest = format!(
            "{} axis = {axis} : ({}) -> {}",
            names.join(", "),
            types.join(", "),
            self.t(&d)
        );
        self.emit("concat", rest, d)
    }

    fn slice(&mut self, a: &V, start: &[usize], strides: &[usize], d: Dims) -> V {
        let rest = format!(
            "{} start = {} strides = {} : {} -> {}",
            a.name,
            list(start),
            list(strides),
            self.t(&a.dims),
            self.t(&d)
        );
        self.emit("slice", rest, d)
    }

    fn finish(&self, results: &[V]) -> String {
        let args: Vec<String> = self
            .args
            .iter()
            .map(|a| format!("{}: {}", a.name, self.t(&a.dims)))
            .collect();
        let names: Vec<&str> = results.iter().map(|v| v.name.as_str()).collect();
        let types: Vec<String> = results.iter().map(|v| self.t(&v.dims)).collect();
        let ret = if types.len() == 1 {
            types[0].clone()
        } else {
            format!("({})", types.join(", "))
        };
        format!(
            "func.func @main({}) -> {ret} {{\n{}  return {} : {}\n}}\n",
            args.join(", "),
            self.body,
            names.join(", "),
            types.join(", ")
        )
    }
}

// ================================================================ programs

/// One input set and the tolerance of each result.
struct Run {
    inputs: Vec<HostTensor>,
    tols: Vec<Tol>,
}

/// A generated program and its runs.
struct Prog {
    label: String,
    seed: u64,
    ty: Ty,
    text: String,
    ops: BTreeSet<&'static str>,
    runs: Vec<Run>,
    /// Both devices must reject it (at compile or run time).
    expect_error: bool,
}

/// The run-time shape of a type: `-1` is `n`, `-2` is `m`.
fn concrete(d: &[i64], n: usize, m: usize) -> Vec<usize> {
    d.iter()
        .map(|&x| match x {
            -1 => n,
            -2 => m,
            x if x >= 0 => x as usize,
            _ => panic!("an argument has an unresolvable dim"),
        })
        .collect()
}

/// A program with one run per size (`n`, `m`) of its dynamic symbols (one
/// run for a static program): every argument `i` holds values `vals[i]`
/// (the last entry repeats), results compared under `tol(n, m)` (change
/// `Run::tols` for a result that needs another).
fn prog(
    label: String,
    seed: u64,
    b: &Builder,
    results: &[V],
    sizes: &[(usize, usize)],
    vals: &[Vals],
    tol: &dyn Fn(usize, usize) -> Tol,
) -> Prog {
    let mut r = Rng::new(seed.wrapping_mul(31).wrapping_add(7));
    let runs = sizes
        .iter()
        .map(|&(n, m)| Run {
            inputs: b
                .args
                .iter()
                .enumerate()
                .map(|(i, a)| {
                    let v = vals[i.min(vals.len() - 1)];
                    tensor(&mut r, b.ty, &concrete(&a.dims, n, m), v)
                })
                .collect(),
            tols: vec![tol(n, m); results.len()],
        })
        .collect();
    let shapes: Vec<String> = b.args.iter().map(|a| b.t(&a.dims)).collect();
    Prog {
        label: format!("{label} ({})", shapes.join(", ")),
        seed,
        ty: b.ty,
        text: b.finish(results),
        ops: b.ops.clone(),
        runs,
        expect_error: false,
    }
}

const STATIC: &[(usize, usize)] = &[(0, 0)];

/// A program seed: the family in the high bits, the program's number below.
fn seed_of(family: u64, i: usize) -> u64 {
    (family << 32) | i as u64
}

const BINARY: [&str; 6] = ["add", "sub", "mul", "div", "max", "min"];
const UNARY: [&str; 5] = ["neg", "relu", "exp", "tanh", "abs"];

fn is_transcendental(op: &str) -> bool {
    op == "exp" || op == "tanh"
}

/// Every elementwise op on every type it accepts, on three shapes: one of
/// [`EDGE_SHAPES`], one of rank 1-3 and one of rank 0-4.
fn elementwise() -> Vec<Prog> {
    let mut out = Vec::new();
    let ops = BINARY.iter().chain(&UNARY).copied();
    for (oi, op) in ops.enumerate() {
        for (ti, &ty) in TYPES.iter().enumerate() {
            if is_transcendental(op) && !ty.is_float() {
                continue;
            }
            for k in 0..3 {
                let seed = seed_of(1, (oi * 9 + ti) * 3 + k);
                let mut r = Rng::new(seed);
                let s = match k {
                    0 => EDGE_SHAPES[(oi * 9 + ti * 5) % EDGE_SHAPES.len()].to_vec(),
                    1 => shape(&mut r, 1, 3, 20_000),
                    _ => shape(&mut r, 0, 4, 4_000),
                };
                let mut b = Builder::new(ty);
                let x = b.arg(stat(&s));
                let (res, vals, tol) = if BINARY.contains(&op) {
                    let y = b.arg(stat(&s));
                    (b.binary(op, &x, &y), Vals::Full, Tol::Exact)
                } else if is_transcendental(op) {
                    (b.unary(op, &x), Vals::Transcendental, Tol::Ulps)
                } else {
                    (b.unary(op, &x), Vals::Full, Tol::Exact)
                };
                out.push(prog(
                    format!("{op} {}", ty.name()),
                    seed,
                    &b,
                    &[res],
                    STATIC,
                    &[vals],
                    &|_, _| tol,
                ));
            }
        }
    }
    out
}

/// `graph.exp`/`graph.tanh` on integer tensors: the verifier accepts them,
/// the reference rejects them when it runs; `local` must reject them too.
fn int_transcendentals() -> Vec<Prog> {
    let mut out = Vec::new();
    for (i, &ty) in TYPES.iter().filter(|t| !t.is_float()).enumerate() {
        for (j, op) in ["exp", "tanh"].into_iter().enumerate() {
            let mut b = Builder::new(ty);
            let x = b.arg(vec![3, 5]);
            let y = b.unary(op, &x);
            let mut p = prog(
                format!("{op} {}", ty.name()),
                seed_of(2, i * 2 + j),
                &b,
                &[y],
                STATIC,
                &[Vals::Full],
                &|_, _| Tol::Exact,
            );
            p.expect_error = true;
            out.push(p);
        }
    }
    out
}

/// The tolerance of a sum of `k` exact terms per result.
fn sum_tol(k: usize, acc_f32: bool) -> Tol {
    Tol::Sum {
        terms: k,
        term_ulps: 0,
        acc_f32,
    }
}

/// matmul on every type: two rank-2 shapes (one with a 0 or 1 dim) and one
/// batched rank 3.
fn matmuls() -> Vec<Prog> {
    let mut out = Vec::new();
    for (ti, &ty) in TYPES.iter().enumerate() {
        for k in 0..3 {
            let seed = seed_of(3, ti * 3 + k);
            let mut r = Rng::new(seed);
            let (batch, m, kk, n) = loop {
                let batch = if k == 2 {
                    vec![r.pick(&[1, 2, 3, 5])]
                } else {
                    vec![]
                };
                let mut mkn = [r.pick(&DIMS), r.pick(&DIMS), r.pick(&DIMS)];
                if k == 1 {
                    mkn[r.below(3)] = r.pick(&[0, 1]);
                }
                let work = count(&batch) * mkn.iter().product::<usize>();
                if work <= 150_000 && count(&batch) * mkn[0] * mkn[1] <= 20_000 {
                    break (batch, mkn[0], mkn[1], mkn[2]);
                }
            };
            let mut b = Builder::new(ty);
            let mut ad = stat(&batch);
            ad.extend([m as i64, kk as i64]);
            let mut bd = stat(&batch);
            bd.extend([kk as i64, n as i64]);
            let x = b.arg(ad);
            let y = b.arg(bd);
            let z = b.matmul(&x, &y);
            out.push(prog(
                format!("matmul {}", ty.name()),
                seed,
                &b,
                &[z],
                STATIC,
                &[Vals::Moderate],
                &|_, _| sum_tol(kk, true),
            ));
        }
    }
    out
}

/// A random permutation of `0..n`.
fn permutation(r: &mut Rng, n: usize) -> Vec<usize> {
    let mut p: Vec<usize> = (0..n).collect();
    r.shuffle(&mut p);
    p
}

/// transpose, reshape, broadcast, concat, slice on every type (bit-exact).
fn layouts() -> Vec<Prog> {
    let mut out = Vec::new();
    for (ti, &ty) in TYPES.iter().enumerate() {
        for k in 0..2 {
            let i = ti * 2 + k;
            out.push(transpose_prog(ty, seed_of(4, i)));
            out.push(reshape_prog(ty, seed_of(5, i)));
            out.push(broadcast_prog(ty, seed_of(6, i)));
            out.push(concat_prog(ty, seed_of(7, i)));
            out.push(slice_prog(ty, seed_of(8, i)));
        }
    }
    out
}

fn layout_prog(label: &str, seed: u64, b: &Builder, res: V) -> Prog {
    prog(
        format!("{label} {}", b.ty.name()),
        seed,
        b,
        &[res],
        STATIC,
        &[Vals::Full],
        &|_, _| Tol::Bytes,
    )
}

fn transpose_prog(ty: Ty, seed: u64) -> Prog {
    let mut r = Rng::new(seed);
    let s = shape(&mut r, 2, 4, 20_000);
    let perm = permutation(&mut r, s.len());
    let mut b = Builder::new(ty);
    let x = b.arg(stat(&s));
    let y = b.transpose(&x, &perm);
    layout_prog("transpose", seed, &b, y)
}

fn reshape_prog(ty: Ty, seed: u64) -> Prog {
    let mut r = Rng::new(seed);
    let s = shape(&mut r, 1, 3, 20_000);
    let mut t = s.clone();
    match r.below(4) {
        // Merge two neighbours.
        0 if t.len() >= 2 => {
            let i = r.below(t.len() - 1);
            let m = t[i] * t[i + 1];
            t.splice(i..i + 2, [m]);
        }
        // The dims in another order (the same count).
        1 => r.shuffle(&mut t),
        // Insert 1s.
        2 => {
            t.insert(r.below(t.len() + 1), 1);
            t.insert(r.below(t.len() + 1), 1);
        }
        _ => t = vec![count(&s)],
    }
    let mut b = Builder::new(ty);
    let x = b.arg(stat(&s));
    let y = b.reshape(&x, stat(&t));
    layout_prog("reshape", seed, &b, y)
}

fn broadcast_prog(ty: Ty, seed: u64) -> Prog {
    let mut r = Rng::new(seed);
    loop {
        let in_rank = r.below(4);
        let rank = (in_rank + r.below(3)).clamp(1, 4);
        let mut dims: Vec<usize> = permutation(&mut r, rank)[..in_rank.min(rank)].to_vec();
        dims.sort();
        let out: Vec<usize> = (0..rank).map(|_| r.pick(&DIMS)).collect();
        if count(&out) > 20_000 {
            continue;
        }
        // Each input dim is its result dim or, a third of the time, 1.
        let input: Vec<usize> = dims
            .iter()
            .map(|&d| if r.chance(33) { 1 } else { out[d] })
            .collect();
        let mut b = Builder::new(ty);
        let x = b.arg(stat(&input));
        let y = b.broadcast(&x, &dims, stat(&out));
        return layout_prog("broadcast", seed, &b, y);
    }
}

fn concat_prog(ty: Ty, seed: u64) -> Prog {
    let mut r = Rng::new(seed);
    let s = shape(&mut r, 1, 3, 5_000);
    let axis = r.below(s.len());
    let n = 1 + r.below(3);
    let mut b = Builder::new(ty);
    let vs: Vec<V> = (0..n)
        .map(|_| {
            let mut d = s.clone();
            d[axis] = r.pick(&DIMS[..12]);
            b.arg(stat(&d))
        })
        .collect();
    let y = b.concat(&vs, axis);
    layout_prog("concat", seed, &b, y)
}

/// A random slice of `s`: per dim a start, a stride and a size that fits.
fn random_slice(r: &mut Rng, s: &[usize]) -> (Vec<usize>, Vec<usize>, Vec<usize>) {
    let (mut start, mut strides, mut out) = (vec![], vec![], vec![]);
    for &n in s {
        let stride = r.pick(&[1, 1, 2, 3, 4, 7, 16]);
        let st = if n == 0 { 0 } else { r.below(n) };
        let fits = if n == 0 { 0 } else { (n - 1 - st) / stride + 1 };
        let size = if r.chance(70) {
            fits
        } else {
            r.below(fits + 1)
        };
        start.push(st);
        strides.push(stride);
        out.push(size);
    }
    (start, strides, out)
}

fn slice_prog(ty: Ty, seed: u64) -> Prog {
    let mut r = Rng::new(seed);
    let s = shape(&mut r, 1, 3, 20_000);
    let (start, strides, size) = random_slice(&mut r, &s);
    let mut b = Builder::new(ty);
    let x = b.arg(stat(&s));
    let y = b.slice(&x, &start, &strides, stat(&size));
    layout_prog("slice", seed, &b, y)
}

/// A random set of axes of a rank-`rank` tensor (possibly none or all), in
/// random order.
fn axes(r: &mut Rng, rank: usize) -> Vec<usize> {
    let n = r.below(rank + 1);
    permutation(r, rank)[..n].to_vec()
}

/// reduce_sum and reduce_max on every type, over random axes.
fn reductions() -> Vec<Prog> {
    let mut out = Vec::new();
    for (ti, &ty) in TYPES.iter().enumerate() {
        for (oi, op) in ["reduce_sum", "reduce_max"].into_iter().enumerate() {
            for k in 0..2 {
                let seed = seed_of(9, (ti * 2 + oi) * 2 + k);
                let mut r = Rng::new(seed);
                // f16/bf16 sums of many terms stagnate: keep them short.
                let cap = if ty.is_float() && ty.bits() == 16 && oi == 0 {
                    2_000
                } else {
                    20_000
                };
                let s = shape(&mut r, 1, 4, cap);
                let ax = axes(&mut r, s.len());
                let terms = ax.iter().map(|&a| s[a]).product::<usize>();
                let mut b = Builder::new(ty);
                let x = b.arg(stat(&s));
                let y = b.reduce(op, &x, &ax);
                let (vals, tol) = if oi == 0 {
                    (Vals::Moderate, sum_tol(terms, false))
                } else {
                    (Vals::Full, Tol::Exact)
                };
                out.push(prog(
                    format!("{op} {}", ty.name()),
                    seed,
                    &b,
                    &[y],
                    STATIC,
                    &[vals],
                    &|_, _| tol,
                ));
            }
        }
    }
    out
}

/// Chains the compiler fuses into one dispatch, on every type.
fn fused() -> Vec<Prog> {
    let mut out = Vec::new();
    for (ti, &ty) in TYPES.iter().enumerate() {
        for k in 0..2 {
            let i = ti * 2 + k;
            out.push(fused_pointwise(ty, seed_of(10, i)));
            out.push(fused_matmul_bias_relu(ty, seed_of(11, i)));
            out.push(fused_layout_operands(ty, seed_of(12, i)));
            out.push(fused_reduce_after(ty, seed_of(13, i)));
            out.push(fused_slice_concat(ty, seed_of(14, i)));
        }
    }
    out
}

/// `exp(relu(a*b + c))` (floats; `relu(a*b + c)` for integers).
fn fused_pointwise(ty: Ty, seed: u64) -> Prog {
    let mut r = Rng::new(seed);
    let s = shape(&mut r, 1, 3, 20_000);
    let mut b = Builder::new(ty);
    let (x, y, z) = (b.arg(stat(&s)), b.arg(stat(&s)), b.arg(stat(&s)));
    let p = b.binary("mul", &x, &y);
    let q = b.binary("add", &p, &z);
    let q = b.unary("relu", &q);
    let (res, tol) = if ty.is_float() {
        (b.unary("exp", &q), Tol::Ulps)
    } else {
        (q, Tol::Exact)
    };
    prog(
        format!("exp(relu(a*b+c)) {}", ty.name()),
        seed,
        &b,
        &[res],
        STATIC,
        &[Vals::Small, Vals::Small, Vals::Transcendental],
        &|_, _| tol,
    )
}

/// `relu(matmul(a, b) + broadcast(bias))`.
fn fused_matmul_bias_relu(ty: Ty, seed: u64) -> Prog {
    let mut r = Rng::new(seed);
    let (m, k, n) = loop {
        let (m, k, n) = (r.pick(&DIMS), r.pick(&DIMS), r.pick(&DIMS));
        if m * k * n <= 100_000 && m * n <= 20_000 {
            break (m, k, n);
        }
    };
    let mut b = Builder::new(ty);
    let x = b.arg(stat(&[m, k]));
    let y = b.arg(stat(&[k, n]));
    let bias = b.arg(stat(&[n]));
    let p = b.matmul(&x, &y);
    let bb = b.broadcast(&bias, &[1], stat(&[m, n]));
    let q = b.binary("add", &p, &bb);
    let res = b.unary("relu", &q);
    prog(
        format!("relu(matmul+bias) {}", ty.name()),
        seed,
        &b,
        &[res],
        STATIC,
        &[Vals::Moderate],
        &|_, _| sum_tol(k, true),
    )
}

/// `neg(max(transpose(a), broadcast(b)) - broadcast(c)) * broadcast(s)`:
/// elementwise ops reading transposed, stretched and rank-0 operands.
fn fused_layout_operands(ty: Ty, seed: u64) -> Prog {
    let mut r = Rng::new(seed);
    let s = shape(&mut r, 2, 2, 20_000);
    let (m, n) = (s[0], s[1]);
    let mut b = Builder::new(ty);
    let a = b.arg(stat(&[n, m]));
    let row = b.arg(stat(&[1, n]));
    let col = b.arg(stat(&[m]));
    let sc = b.arg(vec![]);
    let at = b.transpose(&a, &[1, 0]);
    let rb = b.broadcast(&row, &[0, 1], stat(&[m, n]));
    let cb = b.broadcast(&col, &[0], stat(&[m, n]));
    let sb = b.broadcast(&sc, &[], stat(&[m, n]));
    let x = b.binary("max", &at, &rb);
    let x = b.binary("sub", &x, &cb);
    let x = b.unary("neg", &x);
    let res = b.binary("mul", &x, &sb);
    prog(
        format!("neg(max(aT, row) - col) * s {}", ty.name()),
        seed,
        &b,
        &[res],
        STATIC,
        &[Vals::Full],
        &|_, _| Tol::Exact,
    )
}

/// `reduce_sum(a*b)`, `reduce_sum(exp(a))` and `reduce_max(tanh(a))`
/// (floats), `reduce_sum(a*b)` and `reduce_max(neg(a))` (integers), over
/// random axes; two results.
fn fused_reduce_after(ty: Ty, seed: u64) -> Prog {
    let mut r = Rng::new(seed);
    let cap = if ty.bits() == 16 { 2_000 } else { 20_000 };
    let s = shape(&mut r, 1, 3, cap);
    let ax = axes(&mut r, s.len());
    let terms = ax.iter().map(|&a| s[a]).product::<usize>();
    let mut b = Builder::new(ty);
    let x = b.arg(stat(&s));
    let y = b.arg(stat(&s));
    let float = ty.is_float();
    let (first, tol) = if float && r.chance(50) {
        let e = b.unary("exp", &x);
        let ulps = transcendental_ulps(ty.fmt().unwrap());
        let tol = Tol::Sum {
            terms,
            term_ulps: ulps,
            acc_f32: false,
        };
        (b.reduce("reduce_sum", &e, &ax), tol)
    } else {
        let p = b.binary("mul", &x, &y);
        (b.reduce("reduce_sum", &p, &ax), sum_tol(terms, false))
    };
    let ax2 = axes(&mut r, s.len());
    let t = b.unary(if float { "tanh" } else { "neg" }, &y);
    let second = b.reduce("reduce_max", &t, &ax2);
    let mut p = prog(
        format!("reduce(elementwise) {}", ty.name()),
        seed,
        &b,
        &[first, second],
        STATIC,
        &[Vals::Moderate],
        &|_, _| tol,
    );
    // The max of tanh values is one of them: tanh's tolerance.
    let max_tol = if float { Tol::Ulps } else { Tol::Exact };
    p.runs.iter_mut().for_each(|run| run.tols[1] = max_tol);
    p
}

/// `concat(slice(a) * b, c)`: an elementwise op on a strided slice, joined.
fn fused_slice_concat(ty: Ty, seed: u64) -> Prog {
    let mut r = Rng::new(seed);
    let s = shape(&mut r, 1, 3, 20_000);
    let (start, strides, size) = random_slice(&mut r, &s);
    let axis = r.below(s.len());
    let mut other = size.clone();
    other[axis] = r.pick(&DIMS[..12]);
    let mut b = Builder::new(ty);
    let a = b.arg(stat(&s));
    let x = b.arg(stat(&size));
    let c = b.arg(stat(&other));
    let sl = b.slice(&a, &start, &strides, stat(&size));
    let p = b.binary("mul", &sl, &x);
    let res = b.concat(&[p, c], axis);
    prog(
        format!("concat(slice(a)*b, c) {}", ty.name()),
        seed,
        &b,
        &[res],
        STATIC,
        &[Vals::Full],
        &|_, _| Tol::Exact,
    )
}

/// Run-time sizes of a dynamic dim.
const DYN_SIZES: [usize; 10] = [0, 1, 3, 4, 5, 8, 17, 33, 100, 257];

/// `k` distinct-ish run-time sizes, each at least `min`.
fn dyn_sizes(r: &mut Rng, k: usize, min: usize) -> Vec<(usize, usize)> {
    let pool: Vec<usize> = DYN_SIZES.iter().copied().filter(|&d| d >= min).collect();
    (0..k)
        .map(|_| (r.pick(&pool), r.pick(&pool[..pool.len().min(7)])))
        .collect()
}

/// Programs whose argument types have `?` dims, each run with several sizes.
fn dynamic() -> Vec<Prog> {
    let mut out = Vec::new();
    for i in 0..27 {
        let seed = seed_of(15, i);
        let mut r = Rng::new(seed);
        // Each template on three different types.
        let ty = TYPES[(i * 5 + i / 9 * 3 + 1) % 9];
        let float = ty.is_float();
        let mut b = Builder::new(ty);
        let sizes = dyn_sizes(&mut r, 4, 0);
        let exact = |_: usize, _: usize| Tol::Exact;
        let p = match i % 9 {
            // a*b+c, relu (and exp for floats) on ?x4.
            0 => {
                let d = vec![-1, 4];
                let (x, y, z) = (b.arg(d.clone()), b.arg(d.clone()), b.arg(d));
                let p = b.binary("mul", &x, &y);
                let q = b.binary("add", &p, &z);
                let q = b.unary("relu", &q);
                let (res, tol) = if float {
                    (b.unary("exp", &q), Tol::Ulps)
                } else {
                    (q, Tol::Exact)
                };
                let vals = [Vals::Small, Vals::Small, Vals::Transcendental];
                prog(
                    "dyn pointwise".into(),
                    seed,
                    &b,
                    &[res],
                    &sizes,
                    &vals,
                    &|_, _| tol,
                )
            }
            // reduce_sum over the static axis, reduce_max over the dynamic one.
            1 => {
                let x = b.arg(vec![-1, 7]);
                let s = b.reduce("reduce_sum", &x, &[1]);
                let m = b.reduce("reduce_max", &x, &[0]);
                let tol = |_: usize, _: usize| sum_tol(7, false);
                let vals = [Vals::Moderate];
                let mut p = prog("dyn reduce".into(), seed, &b, &[s, m], &sizes, &vals, &tol);
                p.runs.iter_mut().for_each(|run| run.tols[1] = Tol::Exact);
                p
            }
            // ?xK times KxN, relu.
            2 => {
                let k = r.pick(&[1, 3, 4, 17, 33]);
                let x = b.arg(vec![-1, k]);
                let y = b.arg(vec![k, 5]);
                let p = b.matmul(&x, &y);
                let res = b.unary("relu", &p);
                let tol = move |_: usize, _: usize| sum_tol(k as usize, true);
                prog(
                    "dyn matmul".into(),
                    seed,
                    &b,
                    &[res],
                    &sizes,
                    &[Vals::Moderate],
                    &tol,
                )
            }
            // transpose ?x3 -> 3x?, then neg.
            3 => {
                let x = b.arg(vec![-1, 3]);
                let t = b.transpose(&x, &[1, 0]);
                let res = b.unary("neg", &t);
                prog(
                    "dyn transpose".into(),
                    seed,
                    &b,
                    &[res],
                    &sizes,
                    &[Vals::Full],
                    &exact,
                )
            }
            // broadcast ?x1 -> ?x5 (stretched), times a ?x5.
            4 => {
                let x = b.arg(vec![-1, 1]);
                let y = b.arg(vec![-1, 5]);
                let bx = b.broadcast(&x, &[0, 1], vec![-1, 5]);
                let res = b.binary("mul", &bx, &y);
                prog(
                    "dyn broadcast".into(),
                    seed,
                    &b,
                    &[res],
                    &sizes,
                    &[Vals::Full],
                    &exact,
                )
            }
            // concat along the dynamic axis.
            5 => {
                let x = b.arg(vec![-1, 2]);
                let y = b.arg(vec![1, 2]);
                let z = b.arg(vec![-2, 2]);
                let res = b.concat(&[x, y, z], 0);
                let bytes = |_: usize, _: usize| Tol::Bytes;
                prog(
                    "dyn concat".into(),
                    seed,
                    &b,
                    &[res],
                    &sizes,
                    &[Vals::Full],
                    &bytes,
                )
            }
            // reshape ?x4 -> ?, then max with itself reversed in sign.
            6 => {
                let x = b.arg(vec![-1, 4]);
                let f = b.reshape(&x, vec![-3]);
                let g = b.unary("neg", &f);
                let res = b.binary("max", &f, &g);
                prog(
                    "dyn reshape".into(),
                    seed,
                    &b,
                    &[res],
                    &sizes,
                    &[Vals::Full],
                    &exact,
                )
            }
            // ?x? with two symbols, elementwise.
            7 => {
                let d = vec![-1, -2];
                let (x, y) = (b.arg(d.clone()), b.arg(d));
                let q = b.binary("sub", &x, &y);
                let res = b.binary("div", &q, &x);
                prog(
                    "dyn ?x?".into(),
                    seed,
                    &b,
                    &[res],
                    &sizes,
                    &[Vals::Full],
                    &exact,
                )
            }
            // A strided slice of ?x6 with a static result.
            _ => {
                let sizes = dyn_sizes(&mut r, 4, 9);
                let x = b.arg(vec![-1, 6]);
                let res = b.slice(&x, &[1, 0], &[4, 5], vec![2, 2]);
                let bytes = |_: usize, _: usize| Tol::Bytes;
                prog(
                    "dyn slice".into(),
                    seed,
                    &b,
                    &[res],
                    &sizes,
                    &[Vals::Full],
                    &bytes,
                )
            }
        };
        out.push(p);
    }
    out
}

/// A few large programs: 1x100000 elementwise and reductions, a 300x300
/// matmul, a 300x300 transpose.
fn large() -> Vec<Prog> {
    let mut out = Vec::new();
    let row = [1, 100_000];
    // a + b, f32; a / b, i32; tanh, f16.
    for (i, (ty, op)) in [(Ty::F32, "add"), (Ty::I32, "div"), (Ty::F16, "tanh")]
        .into_iter()
        .enumerate()
    {
        let mut b = Builder::new(ty);
        let x = b.arg(stat(&row));
        let (res, vals, tol) = if op == "tanh" {
            (b.unary(op, &x), Vals::Transcendental, Tol::Ulps)
        } else {
            let y = b.arg(stat(&row));
            (b.binary(op, &x, &y), Vals::Full, Tol::Exact)
        };
        let l = format!("large {op} {}", ty.name());
        out.push(prog(
            l,
            seed_of(16, i),
            &b,
            &[res],
            STATIC,
            &[vals],
            &|_, _| tol,
        ));
    }
    // exp(relu(a*b + c)) in f32.
    {
        let mut b = Builder::new(Ty::F32);
        let (x, y, z) = (b.arg(stat(&row)), b.arg(stat(&row)), b.arg(stat(&row)));
        let q = b.binary("mul", &x, &y);
        let q = b.binary("add", &q, &z);
        let q = b.unary("relu", &q);
        let res = b.unary("exp", &q);
        let vals = [Vals::Small, Vals::Small, Vals::Transcendental];
        let l = "large exp(relu(a*b+c)) f32".to_string();
        out.push(prog(
            l,
            seed_of(16, 3),
            &b,
            &[res],
            STATIC,
            &vals,
            &|_, _| Tol::Ulps,
        ));
    }
    // reduce_sum over 100000 f32, reduce_max over 100000 i64.
    for (i, (ty, op)) in [(Ty::F32, "reduce_sum"), (Ty::I64, "reduce_max")]
        .into_iter()
        .enumerate()
    {
        let mut b = Builder::new(ty);
        let x = b.arg(stat(&row));
        let res = b.reduce(op, &x, &[1]);
        let tol = if op == "reduce_sum" {
            sum_tol(100_000, false)
        } else {
            Tol::Exact
        };
        let l = format!("large {op} {}", ty.name());
        let vals = [Vals::Moderate];
        out.push(prog(
            l,
            seed_of(16, 4 + i),
            &b,
            &[res],
            STATIC,
            &vals,
            &|_, _| tol,
        ));
    }
    // 300x300 matmul, f32.
    {
        let mut b = Builder::new(Ty::F32);
        let x = b.arg(vec![300, 300]);
        let y = b.arg(vec![300, 300]);
        let res = b.matmul(&x, &y);
        let l = "large matmul f32".to_string();
        let tol = sum_tol(300, true);
        out.push(prog(
            l,
            seed_of(16, 6),
            &b,
            &[res],
            STATIC,
            &[Vals::Moderate],
            &|_, _| tol,
        ));
    }
    // 300x300 transpose, f64.
    {
        let mut b = Builder::new(Ty::F64);
        let x = b.arg(vec![300, 300]);
        let res = b.transpose(&x, &[1, 0]);
        out.push(layout_prog("large transpose", seed_of(16, 7), &b, res));
    }
    out
}

// ================================================================== running

/// A fresh device for every call: a device caches prepared executables by
/// symbol (`@main_dispatch_0::@local::...`), not by module, so a device kept
/// across programs would run an earlier program's kernel.
fn open(name: &str) -> Vec<Arc<Device>> {
    common::open(&[name.to_string()]).unwrap()
}

/// Runs compiled `hal` on a fresh `device`; a panic is an error (so that
/// the other programs still run and the report names this one).
fn run_on(device: &str, hal: &str, inputs: &[HostTensor]) -> Result<Vec<HostTensor>, String> {
    let run = || common::run_text(hal, "main", inputs, open(device)).map_err(|e| e.to_string());
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)).unwrap_or_else(|e| {
        let m = e
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        Err(format!("panicked: {m}"))
    })
}

/// What a family covered.
#[derive(Default)]
struct Stats {
    programs: usize,
    runs: usize,
    elements: usize,
    /// (op, type, argument types) combinations.
    combos: BTreeSet<(String, Ty, String)>,
    /// Types each op ran on.
    op_types: BTreeMap<&'static str, BTreeSet<Ty>>,
    /// Programs with a dispatch of at least 2 graph ops.
    fused: usize,
    /// The most graph ops in one dispatch.
    widest: usize,
    /// Programs rejected by both devices, as expected.
    both_rejected: usize,
}

/// The graph ops in each dispatch of a compiled program.
fn ops_per_dispatch(hal: &str) -> Vec<usize> {
    let mut out = Vec::new();
    for part in hal.split("hal.executable private").skip(1) {
        out.push(part.lines().filter(|l| l.contains("= graph.")).count());
    }
    out
}

/// `t` as an `--input=` value for xrun, with every element.
fn input_text(t: &HostTensor) -> String {
    let mut s = t.type_string();
    s.push('=');
    let ty = Ty::of(t.element);
    for i in 0..t.element_count() {
        if i > 0 {
            s.push(' ');
        }
        match ty.and_then(Ty::fmt) {
            Some(f) if f == F64 => write!(s, "{:?}", f.value(raw(t, i))).unwrap(),
            // Every f16/bf16/f32 value is an f32, and f32's shortest
            // round-trip digits parse back to it (then to f16/bf16 exactly).
            Some(f) => write!(s, "{:?}", f.value(raw(t, i)) as f32).unwrap(),
            None => s.push_str(&show(t, i)),
        }
    }
    s
}

/// Writes the program and its inputs where the failure message says, and
/// returns the xrun command that runs it on `local`.
fn write_repro(p: &Prog, inputs: &[HostTensor]) -> String {
    let name: String = format!("{}-{:x}", p.label, p.seed)
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .take(80)
        .collect();
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("local-vs-reference")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    if std::fs::create_dir_all(&dir).is_err() {
        return "(could not write the reproducer)".into();
    }
    let mlir = dir.join("main.mlir");
    let _ = std::fs::write(&mlir, &p.text);
    let mut cmd = format!("xrun {} --device=local", mlir.display());
    for (i, t) in inputs.iter().enumerate() {
        let npy = dir.join(format!("arg{i}.npy"));
        if xir_runtime_io::write_npy(&npy, t).is_ok() {
            write!(cmd, " --input=@{}", npy.display()).unwrap();
        } else {
            let txt = dir.join(format!("arg{i}.txt"));
            let _ = std::fs::write(&txt, input_text(t));
            write!(cmd, " --input=\"$(cat {})\"", txt.display()).unwrap();
        }
    }
    cmd
}

/// The failure message of program `p`, run `run` (if any).
fn report(p: &Prog, run: Option<(usize, &Run)>, hal: Option<&str>, what: &str) -> String {
    let mut s = format!(
        "=== {} (seed {:#x}, element type {}) ===\n{what}\n--- program:\n{}",
        p.label,
        p.seed,
        p.ty.name(),
        p.text
    );
    if let Some((i, run)) = run {
        writeln!(
            s,
            "--- run {i} of {}, tolerances {:?}, inputs:",
            p.runs.len(),
            run.tols
        )
        .unwrap();
        for (k, t) in run.inputs.iter().enumerate() {
            let short = input_text(&HostTensor {
                element: t.element,
                shape: vec![t.element_count().min(16)],
                data: t.data[..t.element_count().min(16) * t.element.byte_size()].to_vec(),
            });
            let more = if t.element_count() > 16 { " ..." } else { "" };
            let values = short.split_once('=').map_or("", |x| x.1);
            writeln!(s, "  %a{k}: {} = {values}{more}", t.type_string()).unwrap();
        }
        writeln!(s, "--- reproduce: {}", write_repro(p, &run.inputs)).unwrap();
    }
    if let Some(hal) = hal {
        let n = ops_per_dispatch(hal);
        writeln!(s, "--- graph ops per dispatch: {n:?}").unwrap();
    }
    s
}

/// Compiles `p` once, runs every input set on both devices and compares.
fn check(p: &Prog, stats: &mut Stats) -> Result<(), String> {
    stats.programs += 1;
    let hal = match common::compile_text(&p.text, &[], "") {
        Ok(h) => h,
        Err(e) if p.expect_error => {
            let _ = e;
            stats.both_rejected += 1;
            return Ok(());
        }
        Err(e) => return Err(report(p, None, None, &format!("does not compile:\n{e}"))),
    };
    // The oracle runs the same program compiled for the `reference` target,
    // whose kernels stay graph ops: the graph → kernel lowering is under
    // test too, not only the code generated from it.
    let oracle = match common::compile_text(&p.text, &["reference".to_string()], "") {
        Ok(h) => h,
        Err(e) => {
            return Err(report(
                p,
                None,
                None,
                &format!("does not compile for reference:\n{e}"),
            ))
        }
    };
    let per = ops_per_dispatch(&oracle);
    let widest = per.iter().copied().max().unwrap_or(0);
    stats.widest = stats.widest.max(widest);
    stats.fused += usize::from(widest >= 2);
    for (ri, run) in p.runs.iter().enumerate() {
        let fail = |what: String| Err(report(p, Some((ri, run)), Some(&oracle), &what));
        let want = run_on("reference", &oracle, &run.inputs);
        let got = run_on("local", &hal, &run.inputs);
        stats.runs += 1;
        let (want, got) = match (want, got, p.expect_error) {
            (Err(_), Err(_), true) => {
                stats.both_rejected += 1;
                continue;
            }
            (Ok(_), _, true) => {
                return fail("the reference runs a program it should reject".into())
            }
            (Err(_), Ok(_), true) => {
                return fail("local runs a program the reference rejects".into())
            }
            (Err(w), Err(g), false) => {
                return fail(format!("both fail:\n  reference: {w}\n  local: {g}"))
            }
            (Err(w), Ok(_), false) => return fail(format!("the reference fails: {w}")),
            (Ok(_), Err(g), false) => return fail(format!("local fails: {g}")),
            (Ok(w), Ok(g), false) => (w, g),
        };
        if want.len() != got.len() {
            return fail(format!(
                "{} results from local, {} from the reference",
                got.len(),
                want.len()
            ));
        }
        let float = p.ty.is_float();
        let sums = run.tols.iter().any(|t| matches!(t, Tol::Sum { .. }));
        let mags = match sums {
            true if float => {
                let abs_in: Vec<HostTensor> = run.inputs.iter().map(abs).collect();
                match run_on("reference", &oracle, &abs_in) {
                    Ok(m) => Some(m),
                    Err(e) => return fail(format!("the reference fails on |inputs|: {e}")),
                }
            }
            _ => None,
        };
        for (k, (w, g)) in want.iter().zip(&got).enumerate() {
            stats.elements += w.element_count();
            if let Err(m) = compare(run.tols[k], w, g, mags.as_ref().map(|m| &m[k])) {
                let mut what = format!("result {k} differs: {}", m.message);
                if let Some(i) = m.index {
                    if let Some(mag) = &mags {
                        write!(what, "\n  Σ|terms| there: {}", show(&mag[k], i)).unwrap();
                    }
                }
                return fail(what);
            }
        }
    }
    for op in &p.ops {
        stats.op_types.entry(op).or_default().insert(p.ty);
        let shapes = p.label.split_once(" (").map_or("", |x| x.1);
        stats
            .combos
            .insert((op.to_string(), p.ty, shapes.to_string()));
    }
    Ok(())
}

/// Checks every program of a family; fails with the first reports.
fn run_family(family: &str, progs: Vec<Prog>) -> Stats {
    let start = Instant::now();
    let mut stats = Stats::default();
    let mut failures = Vec::new();
    for p in &progs {
        if let Err(r) = check(p, &mut stats) {
            failures.push((p.label.clone(), r));
        }
    }
    let mut summary = format!(
        "{family}: {} programs, {} runs, {} elements compared, {} op/type/shape combinations, \
         {} programs with fused dispatches (widest {} ops), {} rejected by both, {:.2?}\n",
        stats.programs,
        stats.runs,
        stats.elements,
        stats.combos.len(),
        stats.fused,
        stats.widest,
        stats.both_rejected,
        start.elapsed()
    );
    for (op, tys) in &stats.op_types {
        let names: Vec<&str> = tys.iter().map(|t| t.name()).collect();
        writeln!(summary, "  {op}: {}", names.join(" ")).unwrap();
    }
    eprint!("{summary}");
    if !failures.is_empty() {
        let shown: Vec<&str> = failures.iter().take(3).map(|f| f.1.as_str()).collect();
        let all: Vec<&str> = failures.iter().map(|f| f.0.as_str()).collect();
        panic!(
            "{family}: {} of {} programs differ between local and the reference:\n{}\n\
             all failing: {}",
            failures.len(),
            progs.len(),
            shown.join("\n"),
            all.join("; ")
        );
    }
    assert_eq!(stats.programs, progs.len());
    stats
}

// =================================================================== tests

#[test]
fn elementwise_ops_on_every_type() {
    let progs = elementwise();
    // 9 ops on 9 types, exp/tanh on 4, three shapes each.
    assert_eq!(progs.len(), (9 * 9 + 2 * 4) * 3);
    run_family("elementwise", progs);
}

/// The float-only elementwise ops an ONNX importer needs: sqrt (correctly
/// rounded: exact), log, erf, sin, cos, pow (within [`transcendental_ulps`];
/// sin and cos on floats of every magnitude, so local's fast path and its
/// calls for huge arguments, ±inf and NaN are both covered) on every
/// float type, sigmoid on f32/f64 (f16/bf16 round after each op of its
/// lowering, several ulps of the type); three shapes each.
fn float_elementwise() -> Vec<Prog> {
    let mut out = Vec::new();
    let ops = ["sqrt", "log", "erf", "pow", "sigmoid", "sin", "cos"];
    for (oi, op) in ops.into_iter().enumerate() {
        for (ti, &ty) in TYPES.iter().filter(|t| t.is_float()).enumerate() {
            if op == "sigmoid" && !matches!(ty, Ty::F32 | Ty::F64) {
                continue;
            }
            for k in 0..3 {
                let seed = seed_of(17, (oi * 9 + ti) * 3 + k);
                let mut r = Rng::new(seed);
                let s = match k {
                    0 => EDGE_SHAPES[(oi * 9 + ti * 5) % EDGE_SHAPES.len()].to_vec(),
                    1 => shape(&mut r, 1, 3, 20_000),
                    _ => shape(&mut r, 0, 4, 4_000),
                };
                let mut b = Builder::new(ty);
                let x = b.arg(stat(&s));
                let (res, tol) = match op {
                    "pow" => {
                        let y = b.arg(stat(&s));
                        (b.binary(op, &x, &y), Tol::Ulps)
                    }
                    "sqrt" => (b.unary(op, &x), Tol::Exact),
                    _ => (b.unary(op, &x), Tol::Ulps),
                };
                let vals = if op == "pow" {
                    [Vals::Small, Vals::Small]
                } else {
                    [Vals::Full, Vals::Full]
                };
                out.push(prog(
                    format!("{op} {}", ty.name()),
                    seed,
                    &b,
                    &[res],
                    STATIC,
                    &vals,
                    &|_, _| tol,
                ));
            }
        }
    }
    out
}

/// A one-op program `%v0 = graph.{op} {operands} : {types}` over `args`
/// (name, type, input), with its result type, compared exactly.
fn mixed_prog(
    label: String,
    seed: u64,
    ty: Ty,
    args: Vec<(Ty, HostTensor)>,
    op: &'static str,
    line: String,
    result: String,
) -> Prog {
    let params: Vec<String> = args
        .iter()
        .enumerate()
        .map(|(i, (t, h))| format!("%a{i}: {}", ttype(&stat(&h.shape), *t)))
        .collect();
    Prog {
        label,
        seed,
        ty,
        text: format!(
            "func.func @main({}) -> {result} {{\n  %v0 = graph.{op} {line}\n  return %v0 : {result}\n}}\n",
            params.join(", ")
        ),
        ops: [op].into_iter().collect(),
        runs: vec![Run {
            inputs: args.into_iter().map(|a| a.1).collect(),
            tols: vec![Tol::Exact],
        }],
        expect_error: false,
    }
}

/// `graph.cast` between every pair of types (NaN, infinities, subnormals,
/// out-of-range values and every integer edge among the inputs): exact.
fn casts() -> Vec<Prog> {
    let mut out = Vec::new();
    for (i, &from) in TYPES.iter().enumerate() {
        for (j, &to) in TYPES.iter().enumerate() {
            let seed = seed_of(18, i * 9 + j);
            let mut r = Rng::new(seed);
            let d = stat(&[3, 37]);
            let x = tensor(&mut r, from, &[3, 37], Vals::Full);
            let (tf, tt) = (ttype(&d, from), ttype(&d, to));
            out.push(mixed_prog(
                format!("cast {} -> {}", from.name(), to.name()),
                seed,
                from,
                vec![(from, x)],
                "cast",
                format!("%a0 : {tf} -> {tt}"),
                tt,
            ));
        }
    }
    out
}

/// `graph.compare` with every predicate on every type, and `graph.select`
/// on every type: exact.
fn compares_and_selects() -> Vec<Prog> {
    let mut out = Vec::new();
    let d = stat(&[2, 41]);
    for (i, &ty) in TYPES.iter().enumerate() {
        for (j, pred) in ["eq", "ne", "lt", "le", "gt", "ge"].into_iter().enumerate() {
            let seed = seed_of(19, i * 6 + j);
            let mut r = Rng::new(seed);
            let a = tensor(&mut r, ty, &[2, 41], Vals::Full);
            // Half the elements equal, so eq/le/ge see ties.
            let mut b = tensor(&mut r, ty, &[2, 41], Vals::Full);
            let n = ty.size();
            for k in (0..82).step_by(2) {
                b.data[k * n..(k + 1) * n].copy_from_slice(&a.data[k * n..(k + 1) * n]);
            }
            let t = ttype(&d, ty);
            out.push(mixed_prog(
                format!("compare {pred} {}", ty.name()),
                seed,
                ty,
                vec![(ty, a), (ty, b)],
                "compare",
                format!("{pred}, %a0, %a1 : {t} -> {}", ttype(&d, Ty::I1)),
                ttype(&d, Ty::I1),
            ));
        }
        let seed = seed_of(20, i);
        let mut r = Rng::new(seed);
        let c = tensor(&mut r, Ty::I1, &[2, 41], Vals::Full);
        let a = tensor(&mut r, ty, &[2, 41], Vals::Full);
        let b = tensor(&mut r, ty, &[2, 41], Vals::Full);
        let t = ttype(&d, ty);
        out.push(mixed_prog(
            format!("select {}", ty.name()),
            seed,
            ty,
            vec![(Ty::I1, c), (ty, a), (ty, b)],
            "select",
            format!("%a0, %a1, %a2 : {}, {t}", ttype(&d, Ty::I1)),
            t,
        ));
    }
    out
}

/// Gather index values: in range, negative in range, just outside on both
/// sides, and the extremes of the index type (all clamped the same way on
/// both devices).
fn gather_indices(r: &mut Rng, ty: Ty, shape: &[usize], d: usize) -> HostTensor {
    let d = d as i64;
    let (min, max) = if ty == Ty::I32 {
        (i32::MIN as i64, i32::MAX as i64)
    } else {
        (i64::MIN, i64::MAX)
    };
    let mut data = Vec::new();
    for _ in 0..count(shape) {
        let v = match r.below(8) {
            0..=2 => r.below(d as usize) as i64,
            3 | 4 => -(r.below(d as usize) as i64) - 1,
            5 => d + r.below(3) as i64,
            6 => -d - 1 - r.below(3) as i64,
            _ => r.pick(&[min, max, min + 1, max - 1, 0, -1]),
        };
        data.extend_from_slice(&v.to_le_bytes()[..ty.size()]);
    }
    HostTensor::new(ty.element(), shape.to_vec(), data).unwrap()
}

/// `graph.gather` with run-time indices on every type: random input shapes
/// of rank 1-4, every axis, i32 and i64 indices of rank 0-2 (sizes 0
/// included), values in and out of range (clamped); some types dynamic,
/// and (4- and 8-byte types) one large enough to split over two threads.
/// Exact (bytes).
fn gathers() -> Vec<Prog> {
    let mut out = Vec::new();
    for (ti, &ty) in TYPES.iter().enumerate() {
        for k in 0..6 {
            let seed = seed_of(21, ti * 8 + k);
            let mut r = Rng::new(seed);
            let large = k == 5 && ty.size() >= 4;
            let mut xs = if large {
                vec![1 + r.below(300), 257]
            } else {
                shape(&mut r, 1, 4, 600)
            };
            let axis = r.below(xs.len());
            let idx_shape = if large {
                vec![300 + r.below(50)]
            } else {
                shape(&mut r, 0, 2, 40)
            };
            if count(&idx_shape) > 0 && xs[axis] == 0 {
                xs[axis] = 1 + r.below(5);
            }
            let ity = if r.chance(50) { Ty::I32 } else { Ty::I64 };
            let x = tensor(&mut r, ty, &xs, Vals::Full);
            let i = gather_indices(&mut r, ity, &idx_shape, xs[axis].max(1));
            // Dynamic: the input's first dim and the indices' last one.
            let dynamic = k % 3 == 1;
            let mut xd = stat(&xs);
            let mut id = stat(&idx_shape);
            if dynamic {
                xd[0] = -1;
                if let Some(l) = id.last_mut() {
                    *l = -2;
                }
            }
            let mut rd = xd[..axis].to_vec();
            rd.extend_from_slice(&id);
            rd.extend_from_slice(&xd[axis + 1..]);
            let (tx, ti_, tr) = (ttype(&xd, ty), ttype(&id, ity), ttype(&rd, ty));
            let text = format!(
                "func.func @main(%a0: {tx}, %a1: {ti_}) -> {tr} {{\n  %v0 = graph.gather %a0[%a1] axis = {axis} : ({tx}, {ti_}) -> {tr}\n  return %v0 : {tr}\n}}\n"
            );
            out.push(Prog {
                label: format!(
                    "gather {} axis {axis} ({}, {})",
                    ty.name(),
                    ttype(&stat(&xs), ty),
                    ttype(&stat(&idx_shape), ity)
                ),
                seed,
                ty,
                text,
                ops: ["gather"].into_iter().collect(),
                runs: vec![Run {
                    inputs: vec![x, i],
                    tols: vec![Tol::Bytes],
                }],
                expect_error: false,
            });
        }
    }
    out
}

#[test]
fn gathers_on_every_type() {
    let progs = gathers();
    assert_eq!(progs.len(), 9 * 6);
    run_family("gather", progs);
}

/// `graph.scatter` on every type: data of rank 1-3 (0 rows included),
/// i32 and i64 indices in and out of range (clamped) with duplicates, each
/// reduction (only `none` on i1), some dynamic. Exact: both apply the rows
/// in order.
fn scatters() -> Vec<Prog> {
    let mut out = Vec::new();
    for (ti, &ty) in TYPES.iter().enumerate() {
        for k in 0..5 {
            let seed = seed_of(22, ti * 8 + k);
            let mut r = Rng::new(seed);
            let mut xs = shape(&mut r, 1, 3, 600);
            let rows = 1 + r.below(if k == 4 { 200 } else { 12 });
            let ks = vec![if k == 3 { 0 } else { rows.min(6) + r.below(20) }];
            if xs[0] == 0 && ks[0] > 0 {
                xs[0] = 1 + r.below(9);
            }
            let mut us = ks.clone();
            us.extend_from_slice(&xs[1..]);
            let red = if ty == Ty::I1 {
                "none"
            } else {
                r.pick(&["none", "add", "mul", "max", "min"])
            };
            let ity = if r.chance(50) { Ty::I32 } else { Ty::I64 };
            let x = tensor(&mut r, ty, &xs, Vals::Full);
            let i = gather_indices(&mut r, ity, &ks, xs[0].max(1));
            let u = tensor(&mut r, ty, &us, Vals::Full);
            let (mut xd, mut id, mut ud) = (stat(&xs), stat(&ks), stat(&us));
            if k % 2 == 1 {
                xd[0] = -1;
                id[0] = -1;
                ud[0] = -1;
            }
            let (tx, ti_, tu) = (ttype(&xd, ty), ttype(&id, ity), ttype(&ud, ty));
            let text = format!(
                "func.func @main(%a0: {tx}, %a1: {ti_}, %a2: {tu}) -> {tx} {{\n  %v0 = graph.scatter %a0, %a1, %a2 reduction = {red} : ({tx}, {ti_}, {tu}) -> {tx}\n  return %v0 : {tx}\n}}\n"
            );
            out.push(Prog {
                label: format!(
                    "scatter {} {red} ({}, {})",
                    ty.name(),
                    ttype(&stat(&xs), ty),
                    ttype(&stat(&ks), ity)
                ),
                seed,
                ty,
                text,
                ops: ["scatter"].into_iter().collect(),
                runs: vec![Run {
                    inputs: vec![x, i, u],
                    tols: vec![Tol::Exact],
                }],
                expect_error: false,
            });
        }
    }
    out
}

#[test]
fn scatters_on_every_type() {
    let progs = scatters();
    assert_eq!(progs.len(), 9 * 5);
    run_family("scatter", progs);
}

#[test]
fn casts_between_every_pair_of_types() {
    let progs = casts();
    assert_eq!(progs.len(), 81);
    run_family("cast", progs);
}

#[test]
fn compares_and_selects_on_every_type() {
    let progs = compares_and_selects();
    assert_eq!(progs.len(), 9 * 7);
    run_family("compare/select", progs);
}

#[test]
fn float_elementwise_ops_on_every_float_type() {
    let progs = float_elementwise();
    // 6 ops on 4 float types, sigmoid on 2, three shapes each.
    assert_eq!(progs.len(), (6 * 4 + 2) * 3);
    run_family("float elementwise", progs);
}

#[test]
fn int_transcendentals_are_rejected_by_both() {
    run_family("exp/tanh on integers", int_transcendentals());
}

#[test]
fn matmul_on_every_type() {
    run_family("matmul", matmuls());
}

#[test]
fn layout_ops_on_every_type() {
    run_family("layout", layouts());
}

#[test]
fn reductions_on_every_type() {
    run_family("reduce", reductions());
}

#[test]
fn fused_chains() {
    let progs = fused();
    let n = progs.len();
    let stats = run_family("fused", progs);
    // The chains exist to exercise fused loops: most must be fused.
    assert!(
        stats.fused * 2 >= n,
        "only {} of {n} chains have a dispatch with several ops",
        stats.fused
    );
}

#[test]
fn dynamic_dims() {
    run_family("dynamic", dynamic());
}

#[test]
fn large_shapes() {
    run_family("large", large());
}

// The comparison itself must be able to fail.

fn t(ty: Ty, bits: &[u64]) -> HostTensor {
    let n = ty.size();
    let data = bits
        .iter()
        .flat_map(|b| b.to_le_bytes()[..n].to_vec())
        .collect();
    HostTensor::new(ty.element(), vec![bits.len()], data).unwrap()
}

#[test]
fn comparison_rejects_what_it_should() {
    let exact = Tol::Exact;
    // Integers: a difference of 1 in the last place fails under every
    // tolerance, the sum's included.
    let sum = Tol::Sum {
        terms: 1000,
        term_ulps: 4,
        acc_f32: false,
    };
    for tol in [Tol::Bytes, Tol::Exact, Tol::Ulps, sum] {
        for ty in [Ty::I1, Ty::I8, Ty::I32, Ty::I64] {
            let a = t(ty, &[0, 1, 5]);
            let b = t(ty, &[0, 1, 4]);
            assert!(compare(tol, &a, &a, Some(&a)).is_ok());
            let m = compare(tol, &a, &b, Some(&a)).unwrap_err();
            assert_eq!(m.index, Some(2), "{ty:?} {tol:?}");
        }
    }
    let one = 1.0f32.to_bits() as u64;
    let nan = f32::NAN.to_bits() as u64;
    let other_nan = 0xffc0_0001u64;
    // Layout ops: one ulp, a NaN payload, the sign of zero.
    assert!(compare(
        Tol::Bytes,
        &t(Ty::F32, &[one]),
        &t(Ty::F32, &[one + 1]),
        None
    )
    .is_err());
    assert!(compare(
        Tol::Bytes,
        &t(Ty::F32, &[nan]),
        &t(Ty::F32, &[other_nan]),
        None
    )
    .is_err());
    assert!(compare(Tol::Bytes, &t(Ty::F32, &[0]), &t(Ty::F32, &[1 << 31]), None).is_err());
    // Exact ops: one ulp and -0 fail, any NaN matches any NaN, a NaN
    // against a number fails.
    assert!(compare(exact, &t(Ty::F32, &[one]), &t(Ty::F32, &[one + 1]), None).is_err());
    assert!(compare(exact, &t(Ty::F32, &[0]), &t(Ty::F32, &[1 << 31]), None).is_err());
    assert!(compare(exact, &t(Ty::F32, &[nan]), &t(Ty::F32, &[other_nan]), None).is_ok());
    assert!(compare(exact, &t(Ty::F32, &[nan]), &t(Ty::F32, &[one]), None).is_err());
    let inf = f32::INFINITY.to_bits() as u64;
    assert!(compare(
        exact,
        &t(Ty::F32, &[inf]),
        &t(Ty::F32, &[inf | 1 << 31]),
        None
    )
    .is_err());
    // exp/tanh: 4 ulps of f32 pass, 5 fail; 1 ulp of f16/bf16 passes, 2
    // fail; the largest finite value against infinity is 1 ulp.
    let ulps = Tol::Ulps;
    assert!(compare(ulps, &t(Ty::F32, &[one]), &t(Ty::F32, &[one + 4]), None).is_ok());
    assert!(compare(ulps, &t(Ty::F32, &[one]), &t(Ty::F32, &[one - 4]), None).is_ok());
    assert!(compare(ulps, &t(Ty::F32, &[one]), &t(Ty::F32, &[one + 5]), None).is_err());
    for (ty, one) in [(Ty::F16, 0x3c00u64), (Ty::Bf16, 0x3f80)] {
        assert!(compare(ulps, &t(ty, &[one]), &t(ty, &[one + 1]), None).is_ok());
        assert!(compare(ulps, &t(ty, &[one]), &t(ty, &[one + 2]), None).is_err());
    }
    let max = F32.max_finite();
    assert!(compare(ulps, &t(Ty::F32, &[inf]), &t(Ty::F32, &[max]), None).is_ok());
    assert!(compare(ulps, &t(Ty::F32, &[inf]), &t(Ty::F32, &[max - 4]), None).is_err());
    assert!(compare(ulps, &t(Ty::F32, &[0]), &t(Ty::F32, &[1 << 31]), None).is_ok());
    assert!(compare(ulps, &t(Ty::F32, &[nan]), &t(Ty::F32, &[inf]), None).is_err());
    // Sums: within the bound passes, twice the bound fails; infinities
    // must agree unless the bound overflowed.
    let sum = Tol::Sum {
        terms: 100,
        term_ulps: 0,
        acc_f32: false,
    };
    let mag = 64.0f32;
    let bound = sum_bound(F32, sum, mag as f64);
    assert!(bound > 0.0 && bound < 1e-3, "{bound}");
    let f = |x: f64| (x as f32).to_bits() as u64;
    let m = t(Ty::F32, &[f(mag as f64)]);
    let want = t(Ty::F32, &[f(1.0)]);
    assert!(compare(sum, &want, &t(Ty::F32, &[f(1.0 + bound * 0.9)]), Some(&m)).is_ok());
    assert!(compare(sum, &want, &t(Ty::F32, &[f(1.0 + bound * 2.0)]), Some(&m)).is_err());
    assert!(compare(sum, &want, &t(Ty::F32, &[f(1.0 - bound * 2.0)]), Some(&m)).is_err());
    assert!(compare(sum, &t(Ty::F32, &[inf]), &t(Ty::F32, &[max]), Some(&m)).is_err());
    let huge = t(Ty::F32, &[inf]);
    assert!(compare(sum, &want, &t(Ty::F32, &[f(1e30)]), Some(&huge)).is_ok());
    assert!(compare(sum, &t(Ty::F32, &[inf]), &t(Ty::F32, &[inf]), Some(&m)).is_ok());
    // f16 matmul accumulates in f32: a tighter bound than an f16 sum.
    let mm = Tol::Sum {
        terms: 100,
        term_ulps: 0,
        acc_f32: true,
    };
    assert!(sum_bound(F16, mm, 1.0) < sum_bound(F16, sum, 1.0));
    // Shapes and types must match.
    assert!(compare(exact, &t(Ty::F32, &[one]), &t(Ty::F32, &[one, one]), None).is_err());
    assert!(compare(exact, &t(Ty::I32, &[1]), &t(Ty::F32, &[1]), None).is_err());
}

/// A real result of the reference, perturbed by more than each tolerance
/// allows, is reported with its index.
#[test]
fn perturbed_results_are_caught() {
    let mut b = Builder::new(Ty::F32);
    let x = b.arg(vec![17, 33]);
    let y = b.arg(vec![33, 5]);
    let z = b.matmul(&x, &y);
    let p = prog(
        "matmul".into(),
        1,
        &b,
        &[z],
        STATIC,
        &[Vals::Moderate],
        &|_, _| sum_tol(33, true),
    );
    let hal = common::compile_text(&p.text, &["reference".to_string()], "").unwrap();
    let run = &p.runs[0];
    let want = &run_on("reference", &hal, &run.inputs).unwrap()[0];
    let abs_in: Vec<HostTensor> = run.inputs.iter().map(abs).collect();
    let mag = &run_on("reference", &hal, &abs_in).unwrap()[0];
    let tol = run.tols[0];
    assert!(compare(tol, want, want, Some(mag)).is_ok());
    // Element 40 moved by 3 bounds.
    let i = 40;
    let w = F32.value(raw(want, i));
    let bound = sum_bound(F32, tol, F32.value(raw(mag, i)));
    let mut bad = want.clone();
    let moved = ((w + 3.0 * bound) as f32).to_le_bytes();
    bad.data[i * 4..i * 4 + 4].copy_from_slice(&moved);
    let m = compare(tol, want, &bad, Some(mag)).unwrap_err();
    assert_eq!(m.index, Some(i), "{}", m.message);
    // Exactly: one ulp anywhere.
    let mut bad = want.clone();
    bad.data[4 * 7] ^= 1;
    assert_eq!(
        compare(Tol::Exact, want, &bad, None).unwrap_err().index,
        Some(7)
    );
    // And the report carries what one needs.
    let r = report(&p, Some((0, run)), Some(&hal), "example");
    for part in [
        "seed 0x1",
        "graph.matmul",
        "%a0: 17x33xf32 = ",
        "reproduce: xrun ",
    ] {
        assert!(r.contains(part), "{part} in\n{r}");
    }
}
