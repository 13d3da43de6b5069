//! Branch-free `exp`, `tanh`, `log`, `erf`, `sin` and `cos` emitters for
//! Cranelift (which has none of them). `log` and `erf` are described at
//! [`log`] and [`erf`].
//!
//! Both take `F32`, `F64` or a vector of either (`F32X4`, `F64X2`; other lane
//! counts work too). The emitted IR has no control flow: special cases are
//! lane-wise `fcmp` + `bitselect`, so every lane runs the same code. Scalars
//! are computed in lane 0 of a 128-bit vector, so a scalar tail loop is
//! bit-identical to the vector body (and avoids x64's branchy scalar float
//! `select`).
//!
//! # exp
//! Two paths, chosen per vector (per value for scalars) by one branch:
//! * **Fast** (every lane in `[fast_lo, fast_hi]`: f32 `[-86.5, 88]`, f64
//!   `[-707, 709]`, where the result is normal and finite): steps 2 and 3
//!   below without the carried error, `e^r = 1 + r (1 + r P(r))` by Horner,
//!   and `2^n` as one integer add of `n << mant_bits` to `e^r`'s bits. About
//!   15 instructions per vector; after a relu or on ordinary activations this
//!   is the only path that runs.
//! * **Exact**, branch-free, for the rest (over/underflow, subnormal results,
//!   inf, NaN). A vector with some lanes out of range runs it and keeps the
//!   fast result on its in-range lanes, so a lane's bits never depend on its
//!   neighbours (scalar tail and vector body agree bit for bit):
//! 1. `x < lo` (f32: -104, f64: -746; the true result rounds to +0) is
//!    replaced by 0 and the result by +0 at the end. Computing the underflow
//!    instead would be correct but slow: on x86 an underflowing multiply
//!    takes a microcode assist, and very negative inputs (masked logits) are
//!    common. `x > hi` (f32: 89, f64: 710) is clamped to `hi`, which
//!    overflows to +inf. The compares are written so NaN passes through; it
//!    propagates through the arithmetic and comes out quiet.
//! 2. `n = round(x / ln 2)` by the magic-number trick: `t = x * log2(e) +
//!    1.5 * 2^mant_bits`; `t - magic` is `n` (rounded to nearest even, like
//!    `nearest`) and the low bits of `t` are `n` as an integer. Used instead
//!    of `nearest` + `fcvt_to_sint_sat` because x64 has no instruction for
//!    f64x2 -> i64x2 and the i32x4 one needs NaN/overflow fixups.
//! 3. Cody-Waite: `r = (x - n*ln2_hi) - n*ln2_lo`. `ln2_hi` has enough
//!    trailing zeros that the first step is exact; the rounding error of the
//!    second, `r_lo`, is recovered and carried. `|r| <= ln2/2`.
//! 4. `e^r = (1 + r) + r^2 P(r)`, `P` a Remez minimax polynomial for relative
//!    error (f32: degree 4, 2^-28.2 with f32 coefficients; f64: degree 10,
//!    2^-60.3), Horner with `fma` when allowed. `1 + r` is split exactly into
//!    `s + s_lo`, so only the last addition rounds at full size:
//!    `s + (s_lo + r_lo*s + r^2 P(r))`.
//! 5. `2^n` is applied as `(e^r * 2^n1) * 2^n2`, `n1 = floor(n/2)`, each
//!    factor built by shifting an integer into the exponent field. Both are
//!    normal for every clamped `n`, the first product is exact and the second
//!    rounds once, so subnormal results are correctly rounded from `e^r` and
//!    overflow gives +inf.
//!
//! The f32 exp also exists as a buffer function,
//! `xir_ukernel::vmath::xir_vexp_f32` (AVX-512 / AVX2, the constants shared
//! from there): vector loops with f32 `exp`s call it on blocks (see
//! `codegen.rs`), and `tests/math_range.rs` checks that it gives these bits.
//!
//! # tanh
//! Computed on `a = |x|`; the sign bit of `x` is OR-ed back in at the end, so
//! `tanh` is exactly odd and `tanh(-0) = -0`.
//! * `a < 0.875`: `a + a^3 R(a^2)`. f32: `R` a degree-6 minimax polynomial
//!   (2^-30.2 relative with f32 coefficients). f64: `R = P/Q`, a (3,4)
//!   minimax rational (2^-56.1). Tiny and subnormal `a` give `a` exactly.
//! * else `1 - 2 / (exp(2a) + 1)`; saturates to 1 via `exp(2a) = +inf`.
//!
//! For f64 both branches share one division: `base + m * (num / den)`, the
//! lanes selecting `m`, `num`, `den` and `base` (without FMA, `m` is folded
//! into `num`). Both branches are always computed (no control flow), so tanh
//! costs about one exp plus a division.
//!
//! # sin and cos
//! Computed in f64 for f32 too (an `F32X4` as two `F64X2` halves, rounded
//! once at the end), on every lane:
//! 1. `n = round(x 2/pi)` by the magic-number trick of exp's step 2; the low
//!    bits of `t` are the quadrant `n mod 4`.
//! 2. Cody-Waite in three parts (fdlibm's `pio2_1`, `pio2_2`, `pio2_2t`,
//!    ~119 bits of pi/2): `x - n pio2_1` is exact, `- n pio2_2` is a TwoSum
//!    (its product is exact), `- n pio2_2t` goes into the tail, so
//!    `r = y + yl` with `|r| <= ~pi/4` to ~2^-100 absolute.
//! 3. fdlibm's `__kernel_sin` / `__kernel_cos` polynomials on `y + yl`
//!    (degree 13 / 14 minimax, tail folded in to first order).
//! 4. Odd quadrants take the other polynomial, quadrants 2 and 3 flip the
//!    sign (cos is sin's selection at `n + 1`). `|x| < 2^-27` gives `x`
//!    (sin; keeps -0) or 1 (cos).
//!
//! This is exact enough for `|x| <= TRIG_FAST = 2^19 pi/2` (~8.2e5), where
//! `n < 2^20` keeps the products exact. A vector with a lane beyond it, ±inf
//! or NaN branches once to a block that calls the host's f64 `sin`/`cos`
//! (the reference's own function, so those lanes match it bit for bit:
//! `sin(±inf) = NaN`, NaN stays NaN, huge arguments are reduced exactly);
//! the other lanes keep the fast result.
//!
//! # Accuracy
//! Max error in ulps of the exact result, measured by
//! `tests/math_range.rs` on x86-64 (FMA / no FMA):
//!
//! | function | f32 (all 2^32 inputs) | f64 (~7M samples)  | asserted (f32; f64)   |
//! |----------|-----------------------|--------------------|-----------------------|
//! | exp      | 0.891 / 1.176         | 0.860 / 1.135      | 0.9 / 1.2; 0.9 / 1.2  |
//! | tanh     | 0.996 / 1.031         | 1.102 / 1.149      | 1.1 / 1.1; 1.3 / 1.3  |
//! | log      | 0.805 / 0.805 (*)     | 0.757 / 0.757 (**) | 1.0; 1.0              |
//! | erf      | 1.041 / 1.230 (*)     | libm (helper call) | 1.5                   |
//! | sin, cos | 0.500 / 0.500 (***)   | 1.0 / 1.0 (****)   | 0.51; 1.0             |
//!
//! (*) every 257th f32 bit pattern plus dense sweeps (`log`: `[0, 4]` and
//! around 1; `erf`: `[-5, 5]` and 200k tiny values down to the subnormals),
//! not all 2^32 inputs; (**) ~0.4M samples, reference the host's `ln`
//! refined by a double-double Newton step. f32 references: the host's f64
//! `ln` and `libm::erf`. (***) `tests/math_trig.rs`: every 97th f32 bit
//! pattern up to 1e5, a dense sweep of `[-8, 8]` and the floats nearest
//! multiples of pi/2 up to 1e5, against the host's f64 `sin`/`cos`; f32's
//! results are correctly rounded on all of them. (****) ~2.7M f64 samples up
//! to `TRIG_FAST` and near multiples of pi/2, in ulps of the host's (glibc's)
//! rounded result, so at most one ulp apart from it.
//!
//! exp's worst cases are on the fast path (the exact path alone measures
//! 0.771 / 0.777 in f32, its worst cases subnormal results); tanh's, which
//! uses the exact exp, sit just below the branch point. f32
//! reference: the host's f64 `exp`/`tanh`; f64 reference: a double-double
//! evaluation in the test.
//! Special values (±0, ±inf, NaN, overflow, underflow, saturation, tiny
//! arguments) are exact. No FTZ/DAZ is assumed; the only subnormal arithmetic
//! left is on legitimately subnormal results (and tanh of |x| < ~1e-19 f32 /
//! 1e-154 f64, where `x*x` underflows).
//!
//! # ISA
//! Pass `fma = true` only where `fma` lowers to an instruction (x64: the ISA
//! flags `has_fma` *and* `has_avx`; aarch64: always), else Cranelift calls
//! `fmaf`/`fma` per lane. Everything else is SSE2; `bitselect` on compare
//! masks becomes `blendv` with SSE4.1, and the `hi` clamp `minps`/`minpd`.

use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{
    types, ConstantData, Endianness, FuncRef, InstBuilder, MemFlagsData, Type, Value,
};
use cranelift_frontend::FunctionBuilder;

/// Emits `exp(x)` at the builder's position. `x` has type `F32`, `F32X4`,
/// `F64` or `F64X2` (any float vector works). `fma`: the target has FMA
/// (use the `fma` instruction), else `fmul` + `fadd`.
pub fn exp(b: &mut FunctionBuilder, x: Value, fma: bool) -> Value {
    let scalar = !b.func.dfg.value_type(x).is_vector();
    lanewise(b, x, fma, |e, v| e.exp_split(v, scalar))
}

/// Emits `tanh(x)`; same types and `fma` flag as [`exp`].
pub fn tanh(b: &mut FunctionBuilder, x: Value, fma: bool) -> Value {
    lanewise(b, x, fma, |e, v| e.tanh(v))
}

/// Emits `ln(x)`; same types and `fma` flag as [`exp`]. Branch-free: fdlibm's
/// (musl's) reduction `x = 2^k m`, `m` in `[sqrt(2)/2, sqrt(2))`, `f = m - 1`,
/// `s = f / (2 + f)`, `ln(1 + f) = f - f^2/2 + s (f^2/2 + R(s^2))` with their
/// minimax `R` (f32: degree 4, f64: degree 7 in `s`); subnormals scaled by
/// `2^25` / `2^54` first; `ln(±0) = -inf`, `ln(x < 0) = NaN`, `ln(inf) = inf`,
/// NaN stays NaN.
pub fn log(b: &mut FunctionBuilder, x: Value, fma: bool) -> Value {
    lanewise(b, x, fma, |e, v| e.log(v))
}

/// Emits `erf(x)` for `F32` or `F32X4` (f64 goes through `libm` in
/// `codegen.rs`): `x P(x^2)` for `|x| < 1` (relative accuracy down to the
/// subnormals), `±(1 - e^(-x^2) R(|x|))` below 4 (the exact `exp` of this
/// module), then ±1; NaN stays NaN. `P` and `R` are Chebyshev fits (see
/// [`ERF32_SMALL`], [`ERF32_LARGE`]).
pub fn erf(b: &mut FunctionBuilder, x: Value, fma: bool) -> Value {
    lanewise(b, x, fma, |e, v| e.erf(v))
}

/// Emits `sin(x)` (radians); same types and `fma` flag as [`exp`]. `slow`
/// is an imported `fn(f64) -> f64` computing `sin` exactly enough (the
/// host's), called per lane for the arguments the fast path does not take.
/// See [`TRIG_FAST`] and the `sin`/`cos` section of the module doc.
pub fn sin(b: &mut FunctionBuilder, x: Value, fma: bool, slow: FuncRef) -> Value {
    trig(b, x, fma, false, slow)
}

/// Emits `cos(x)`; as [`sin`], with `slow` the host's `cos`.
pub fn cos(b: &mut FunctionBuilder, x: Value, fma: bool, slow: FuncRef) -> Value {
    trig(b, x, fma, true, slow)
}

/// sin and cos take the fast path where `|x| <= TRIG_FAST` (`2^19 pi/2`):
/// there `n = round(x 2/pi) < 2^20`, so `n * PIO2_1` and `n * PIO2_2` are
/// exact (33-bit constants). Beyond it, and for ±inf and NaN, the lane is
/// computed by the host's function (`sin(±inf) = NaN`).
pub const TRIG_FAST: f64 = 823_549.6;

/// pi/2 in three parts (fdlibm's `pio2_1`, `pio2_2`, `pio2_2t`): the first
/// two have 33 significant bits, about 119 bits in all.
const PIO2_1: f64 = f64::from_bits(0x3FF9_21FB_5440_0000);
const PIO2_2: f64 = f64::from_bits(0x3DD0_B461_1A60_0000);
const PIO2_2T: f64 = f64::from_bits(0x3BA3_198A_2E03_7073);
/// fdlibm's `__kernel_sin`: `sin(r) = r + r^3 (S1 + z S(z))`, `z = r^2`,
/// on `[-pi/4, pi/4]` (`S1` first, then `S2..S6`, low degree first).
const SIN64: [f64; 6] = [
    f64::from_bits(0xBFC5_5555_5555_5549),
    f64::from_bits(0x3F81_1111_1110_F8A6),
    f64::from_bits(0xBF2A_01A0_19C1_61D5),
    f64::from_bits(0x3EC7_1DE3_57B1_FE7D),
    f64::from_bits(0xBE5A_E5E6_8A2B_9CEB),
    f64::from_bits(0x3DE5_D93A_5ACF_D57C),
];
/// fdlibm's `__kernel_cos`: `cos(r) = 1 - z/2 + z^2 C(z)`, low degree first.
const COS64: [f64; 6] = [
    f64::from_bits(0x3FA5_5555_5555_554C),
    f64::from_bits(0xBF56_C16C_16C1_5177),
    f64::from_bits(0x3EFA_01A0_19CB_1590),
    f64::from_bits(0xBE92_7E4F_809C_52AD),
    f64::from_bits(0x3E21_EE9E_BDB4_B1C4),
    f64::from_bits(0xBDA8_FAE9_BE88_38D4),
];

/// sin or cos of `x`: f64 lanes directly, f32 lanes promoted to f64 (an
/// `F32X4` as two `F64X2` halves) and rounded once at the end.
fn trig(b: &mut FunctionBuilder, x: Value, fma: bool, cos: bool, slow: FuncRef) -> Value {
    let ty = b.func.dfg.value_type(x);
    if ty.lane_type() == types::F64 {
        let scalar = !ty.is_vector();
        assert!(scalar || ty == types::F64X2, "math: unsupported type {ty}");
        return lanewise(b, x, fma, |e, v| e.trig(v, cos, slow, scalar));
    }
    assert!(
        ty == types::F32 || ty == types::F32X4,
        "math: unsupported type {ty}"
    );
    if !ty.is_vector() {
        let v = b.ins().fpromote(types::F64, x);
        let r = trig(b, v, fma, cos, slow);
        return b.ins().fdemote(types::F32, r);
    }
    let le = MemFlagsData::new().with_endianness(Endianness::Little);
    let shuffle = |b: &mut FunctionBuilder, x: Value, y: Value, mask: [u8; 16]| {
        let xb = b.ins().bitcast(types::I8X16, le, x);
        let yb = b.ins().bitcast(types::I8X16, le, y);
        let m = b.func.dfg.immediates.push(ConstantData::from(&mask[..]));
        let r = b.ins().shuffle(xb, yb, m);
        b.ins().bitcast(types::F32X4, le, r)
    };
    let high: [u8; 16] = std::array::from_fn(|i| 8 + (i % 8) as u8);
    let hi32 = shuffle(b, x, x, high);
    let lo = b.ins().fvpromote_low(x);
    let hi = b.ins().fvpromote_low(hi32);
    let lo = trig(b, lo, fma, cos, slow);
    let hi = trig(b, hi, fma, cos, slow);
    let lo = b.ins().fvdemote(lo);
    let hi = b.ins().fvdemote(hi);
    let join: [u8; 16] = std::array::from_fn(|i| if i < 8 { i as u8 } else { 8 + i as u8 });
    shuffle(b, lo, hi, join)
}

/// erf's polynomials, shared with `xir_ukernel::vmath` (which computes the
/// same bits on AVX-512 for blocks of a vector loop).
pub use xir_ukernel::vmath::erf32::{LARGE as ERF32_LARGE, SMALL as ERF32_SMALL};

/// Runs `f` on a vector: scalars go through lane 0 of a 128-bit vector.
fn lanewise(
    b: &mut FunctionBuilder,
    x: Value,
    fma: bool,
    f: impl FnOnce(&mut Emit<'_, '_>, Value) -> Value,
) -> Value {
    let ty = b.func.dfg.value_type(x);
    let lane = ty.lane_type();
    assert!(
        lane == types::F32 || lane == types::F64,
        "math: unsupported type {ty}"
    );
    let vty = if ty.is_vector() {
        ty
    } else {
        lane.by(128 / lane.bits()).unwrap()
    };
    let v = if ty.is_vector() {
        x
    } else {
        b.ins().scalar_to_vector(vty, x)
    };
    let mut e = Emit {
        b,
        ty: vty,
        ity: vty.as_int(),
        fma,
    };
    let r = f(&mut e, v);
    if ty.is_vector() {
        r
    } else {
        b.ins().extractlane(r, 0)
    }
}

/// Per-precision constants.
struct Consts {
    /// exp: below `lo` the result is +0; above `hi` it overflows to +inf.
    lo: f64,
    hi: f64,
    /// exp's fast path: on `[fast_lo, fast_hi]` the result is normal and
    /// finite, so `2^n` is exact as an integer add to the exponent field.
    fast_lo: f64,
    fast_hi: f64,
    ln2_hi: f64,
    ln2_lo: f64,
    /// `1.5 * 2^mantissa_bits`: adding it rounds to an integer.
    magic: f64,
    mant_bits: i64,
    bias: i64,
    /// `P` in `e^r = 1 + r + r^2 P(r)`, low degree first.
    exp_poly: &'static [f64],
}

const F32C: Consts = {
    use xir_ukernel::vmath::exp32 as c;
    Consts {
        lo: c::LO as f64,
        hi: c::HI as f64,
        // n = round(x log2 e) stays in [-125, 127]; e^r is in [0.70, 1.42].
        fast_lo: c::FAST_LO as f64,
        fast_hi: c::FAST_HI as f64,
        ln2_hi: c::LN2_HI as f64,
        ln2_lo: c::LN2_LO as f64,
        magic: c::MAGIC as f64,
        mant_bits: 23,
        bias: 127,
        exp_poly: &[
            c::POLY[0] as f64,
            c::POLY[1] as f64,
            c::POLY[2] as f64,
            c::POLY[3] as f64,
            c::POLY[4] as f64,
        ],
    }
};

const F64C: Consts = Consts {
    lo: -746.0,
    hi: 710.0,
    // n in [-1020, 1023].
    fast_lo: -707.0,
    fast_hi: 709.0,
    ln2_hi: 0.6931471803691238,
    ln2_lo: 1.9082149292705877e-10,
    magic: 6755399441055744.0,
    mant_bits: 52,
    bias: 1023,
    exp_poly: &[
        0.5,
        0.16666666666666682,
        0.041666666666666095,
        0.008333333333317048,
        0.0013888888889115449,
        0.00019841269896350735,
        2.4801586926855145e-05,
        2.7557234895677295e-06,
        2.7557581746228846e-07,
        2.511202484585932e-08,
        2.08266360427775e-09,
    ],
};

/// tanh's small-argument branch bound; the larger it is, the smaller the
/// rounding errors of `1 - 2 / (exp(2a) + 1)` relative to the result.
const TANH_SMALL: f64 = 0.875;
/// f32: `tanh(a) = a + a^3 R(a^2)` for `a < TANH_SMALL`.
const TANH32_R: &[f64] = &[
    -0.33333325386047363,
    0.13333064317703247,
    -0.05393710732460022,
    0.021695686504244804,
    -0.008330848067998886,
    0.0026494821067899466,
    -0.0004816436266992241,
];
/// f64: `R = P / Q`.
const TANH64_P: &[f64] = &[
    -0.3333333333333333,
    -0.023515715146910095,
    -0.0003726405489211945,
    -1.2686849006221003e-06,
];
const TANH64_Q: &[f64] = &[
    1.0,
    0.4705471454407303,
    0.027432017918293798,
    0.000401255282938132,
    1.297402650189259e-06,
];

struct Emit<'a, 'b> {
    b: &'a mut FunctionBuilder<'b>,
    /// Float vector type.
    ty: Type,
    /// Integer vector type with the same lanes.
    ity: Type,
    fma: bool,
}

impl Emit<'_, '_> {
    fn is_f32(&self) -> bool {
        self.ty.lane_type() == types::F32
    }

    fn consts(&self) -> &'static Consts {
        if self.is_f32() {
            &F32C
        } else {
            &F64C
        }
    }

    /// A splatted constant from raw lane bits.
    fn splat_bits(&mut self, ty: Type, bits: u64) -> Value {
        let lane_bytes = ty.lane_bits() as usize / 8;
        let bytes: Vec<u8> = (0..ty.lane_count())
            .flat_map(|_| bits.to_le_bytes()[..lane_bytes].to_vec())
            .collect();
        let c = self.b.func.dfg.constants.insert(ConstantData::from(bytes));
        self.b.ins().vconst(ty, c)
    }

    fn f(&mut self, v: f64) -> Value {
        let bits = if self.is_f32() {
            u64::from((v as f32).to_bits())
        } else {
            v.to_bits()
        };
        self.splat_bits(self.ty, bits)
    }

    fn i(&mut self, v: i64) -> Value {
        self.splat_bits(self.ity, v as u64)
    }

    fn int_bits(&mut self, v: Value) -> Value {
        self.b.ins().bitcast(self.ity, MemFlagsData::new(), v)
    }

    fn float_bits(&mut self, v: Value) -> Value {
        self.b.ins().bitcast(self.ty, MemFlagsData::new(), v)
    }

    /// `a * b + c`, fused when allowed.
    fn mul_add(&mut self, a: Value, b: Value, c: Value) -> Value {
        if self.fma {
            self.b.ins().fma(a, b, c)
        } else {
            let p = self.b.ins().fmul(a, b);
            self.b.ins().fadd(p, c)
        }
    }

    /// `a < b` per lane, as a float-typed mask (NaN: false).
    fn lt(&mut self, a: Value, b: Value) -> Value {
        let m = self.b.ins().fcmp(FloatCC::LessThan, a, b);
        self.float_bits(m)
    }

    fn select(&mut self, mask: Value, a: Value, b: Value) -> Value {
        self.b.ins().bitselect(mask, a, b)
    }

    /// `c[0] + c[1] x + ... ` by Horner.
    fn horner(&mut self, x: Value, c: &[f64]) -> Value {
        let (last, rest) = c.split_last().unwrap();
        let mut acc = self.f(*last);
        for &k in rest.iter().rev() {
            let k = self.f(k);
            acc = self.mul_add(acc, x, k);
        }
        acc
    }

    /// Steps 2 and 3 of the module doc: `(t, n, r1, r)` with `x = n ln2 + r`,
    /// `r1 = x - n ln2_hi` exact.
    fn reduce(&mut self, x: Value) -> (Value, Value, Value, Value) {
        let k = self.consts();
        let log2e = self.f(std::f64::consts::LOG2_E);
        let magic = self.f(k.magic);
        let t = self.mul_add(x, log2e, magic);
        let n = self.b.ins().fsub(t, magic);
        let neg_hi = self.f(-k.ln2_hi);
        let neg_lo = self.f(-k.ln2_lo);
        let r1 = self.mul_add(n, neg_hi, x);
        let r = self.mul_add(n, neg_lo, r1);
        (t, n, r1, r)
    }

    /// `(t, e^r)` for `x = n ln2 + r`: `t`'s low integer bits hold `n`
    /// (see step 2 of the module doc), `e^r` is rounded once.
    fn exp_core(&mut self, x: Value) -> (Value, Value) {
        let k = self.consts();
        let (t, n, r1, r) = self.reduce(x);
        let neg_lo = self.f(-k.ln2_lo);
        // The rounding error of r, carried into the tail.
        let d = self.b.ins().fsub(r1, r);
        let r_lo = self.mul_add(n, neg_lo, d);

        // e^r = (1 + r) + r^2 P(r), with 1 + r split exactly into s + s_lo
        // so only the final addition rounds at the result's scale.
        let p = self.horner(r, k.exp_poly);
        let r2 = self.b.ins().fmul(r, r);
        let one = self.f(1.0);
        let s = self.b.ins().fadd(one, r);
        let s_lo = self.b.ins().fsub(one, s);
        let s_lo = self.b.ins().fadd(s_lo, r);
        let tail = self.mul_add(r_lo, s, s_lo);
        let tail = self.mul_add(r2, p, tail);
        (t, self.b.ins().fadd(s, tail))
    }

    fn magic_bits(&self) -> i64 {
        let k = self.consts();
        if self.is_f32() {
            i64::from((k.magic as f32).to_bits())
        } else {
            k.magic.to_bits() as i64
        }
    }

    /// `exp(x)` with a fast path: when every lane is in `[fast_lo,
    /// fast_hi]` (the common case), `e^r = 1 + r (1 + r P(r))` by Horner and
    /// `2^n` as one integer add to the exponent field; otherwise the whole
    /// vector takes the branch-free [`Self::exp`]. `scalar`: only lane 0
    /// is live, so only it is checked.
    fn exp_split(&mut self, x: Value, scalar: bool) -> Value {
        let k = self.consts();
        let (t, _, _, r) = self.reduce(x);
        let p = self.horner(r, k.exp_poly);
        let one = self.f(1.0);
        let q = self.mul_add(p, r, one);
        let er = self.mul_add(q, r, one);
        // bits(e^r) + (n << mant_bits), with n = bits(t) - bits(magic):
        // magic's low bits are zero, so bits(t) << mant_bits is n << mant_bits.
        debug_assert_eq!(
            (self.magic_bits() as u64) << k.mant_bits & (u64::MAX >> (64 - self.ty.lane_bits())),
            0
        );
        let tb = self.int_bits(t);
        let shifted = self.b.ins().ishl_imm_u(tb, k.mant_bits);
        let eb = self.int_bits(er);
        let y = self.b.ins().iadd(eb, shifted);
        let fast = self.float_bits(y);

        // NaN fails both compares, so it takes the slow path too.
        let slow = self.b.create_block();
        let done = self.b.create_block();
        let res = self.b.append_block_param(done, self.ty);
        let mut bad_lanes = None;
        if scalar {
            let lane = self.ty.lane_type();
            let x0 = self.b.ins().extractlane(x, 0);
            let (lo, hi) = if lane == types::F32 {
                (
                    self.b.ins().f32const(k.fast_lo as f32),
                    self.b.ins().f32const(k.fast_hi as f32),
                )
            } else {
                (
                    self.b.ins().f64const(k.fast_lo),
                    self.b.ins().f64const(k.fast_hi),
                )
            };
            let ge = self.b.ins().fcmp(FloatCC::GreaterThanOrEqual, x0, lo);
            let le = self.b.ins().fcmp(FloatCC::LessThanOrEqual, x0, hi);
            let ok = self.b.ins().band(ge, le);
            self.b.ins().brif(ok, done, &[fast.into()], slow, &[]);
        } else {
            let lo = self.f(k.fast_lo);
            let hi = self.f(k.fast_hi);
            let below = self.b.ins().fcmp(FloatCC::UnorderedOrLessThan, x, lo);
            let above = self.b.ins().fcmp(FloatCC::UnorderedOrGreaterThan, x, hi);
            let bad = self.b.ins().bor(below, above);
            let any = self.b.ins().vany_true(bad);
            bad_lanes = Some(self.float_bits(bad));
            self.b.ins().brif(any, slow, &[], done, &[fast.into()]);
        }
        self.b.seal_block(slow);
        self.b.switch_to_block(slow);
        let mut s = self.exp(x, false);
        if let Some(bad) = bad_lanes {
            // In-range lanes keep the fast result, so a lane's bits do not
            // depend on its neighbours.
            s = self.select(bad, s, fast);
        }
        self.b.ins().jump(done, &[s.into()]);
        self.b.seal_block(done);
        self.b.switch_to_block(done);
        res
    }

    /// A per-lane compare as a float-typed mask.
    fn cmp(&mut self, cc: FloatCC, a: Value, c: Value) -> Value {
        let m = self.b.ins().fcmp(cc, a, c);
        self.float_bits(m)
    }

    /// Small integers (|k| < 2^22) held in the integer lanes, as floats:
    /// `bits(magic) + k` read as a float is `magic + k` (no integer vector
    /// conversion needed, which x64 lacks for 64-bit lanes).
    fn small_int_to_float(&mut self, k: Value) -> Value {
        let mb = self.magic_bits();
        let mbv = self.i(mb);
        let t = self.b.ins().iadd(k, mbv);
        let t = self.float_bits(t);
        let magic = self.f(self.consts().magic);
        self.b.ins().fsub(t, magic)
    }

    /// Branch-free `ln(x)` (see [`log`]).
    fn log(&mut self, x: Value) -> Value {
        let f32_ = self.is_f32();
        let (mant, sub_shift, min_normal) = if f32_ {
            (23, 25, f64::from(f32::MIN_POSITIVE))
        } else {
            (52, 54, f64::MIN_POSITIVE)
        };
        // Subnormals (and everything below min_normal: zeros and negatives
        // are replaced at the end) are scaled into the normal range.
        let mn = self.f(min_normal);
        let sub = self.lt(x, mn);
        let scale = self.f(2f64.powi(sub_shift));
        let xs = self.b.ins().fmul(x, scale);
        let xs = self.select(sub, xs, x);
        let adj = self.i(-sub_shift as i64);
        let zero_i = self.i(0);
        let sub_i = self.int_bits(sub);
        let kadj = self.b.ins().bitselect(sub_i, adj, zero_i);
        // ix += one - sqrt(1/2); k = (ix >> mant) - bias; m = low bits + sqrt(1/2).
        let (one_bits, half_sqrt2, low_mask, bias) = if f32_ {
            (0x3f80_0000i64, 0x3f35_04f3i64, 0x007f_ffffi64, 0x7fi64)
        } else {
            (
                0x3ff0_0000_0000_0000,
                0x3fe6_a09e_0000_0000,
                0x000f_ffff_ffff_ffff,
                0x3ff,
            )
        };
        let ix = self.int_bits(xs);
        let d = self.i(one_bits - half_sqrt2);
        let ix = self.b.ins().iadd(ix, d);
        let k = self.b.ins().ushr_imm_u(ix, mant);
        let bias = self.i(bias);
        let k = self.b.ins().isub(k, bias);
        let k = self.b.ins().iadd(k, kadj);
        let mask = self.i(low_mask);
        let m = self.b.ins().band(ix, mask);
        let h = self.i(half_sqrt2);
        let m = self.b.ins().iadd(m, h);
        let m = self.float_bits(m);
        let one = self.f(1.0);
        let two = self.f(2.0);
        let half = self.f(0.5);
        let f = self.b.ins().fsub(m, one);
        let den = self.b.ins().fadd(two, f);
        let sv = self.b.ins().fdiv(f, den);
        let z = self.b.ins().fmul(sv, sv);
        let w = self.b.ins().fmul(z, z);
        // R = z (Lg1 + w (Lg3 + ...)) + w (Lg2 + w (Lg4 + ...)).
        let (odd, even): (&[f64], &[f64]) = if f32_ {
            (
                &[0.666_666_626_930_236_8, 0.284_987_866_878_509_5],
                &[0.400_009_721_517_562_87, 0.242_790_788_412_094_12],
            )
        } else {
            (
                &[
                    6.666_666_666_666_735e-1,
                    2.857_142_874_366_239e-1,
                    1.818_357_216_161_805e-1,
                    1.479_819_860_511_658_6e-1,
                ],
                &[
                    3.999_999_999_940_942e-1,
                    2.222_219_843_214_978_4e-1,
                    1.531_383_769_920_937_3e-1,
                ],
            )
        };
        let t2 = self.horner(w, odd);
        let t2 = self.b.ins().fmul(z, t2);
        let t1 = self.horner(w, even);
        let t1 = self.b.ins().fmul(w, t1);
        let r = self.b.ins().fadd(t2, t1);
        let ff = self.b.ins().fmul(f, f);
        let hfsq = self.b.ins().fmul(half, ff);
        let dk = self.small_int_to_float(k);
        let (ln2_hi, ln2_lo) = if f32_ {
            (0.693_138_122_558_593_8, 9.058_000_614_459_16e-6)
        } else {
            (6.931_471_803_691_238e-1, 1.908_214_929_270_587_7e-10)
        };
        let (hi, lo) = (self.f(ln2_hi), self.f(ln2_lo));
        // s (hfsq + R) + dk ln2_lo - hfsq + f + dk ln2_hi, in that order.
        let a = self.b.ins().fadd(hfsq, r);
        let a = self.b.ins().fmul(sv, a);
        let a = self.mul_add(dk, lo, a);
        let a = self.b.ins().fsub(a, hfsq);
        let a = self.b.ins().fadd(a, f);
        let y = self.mul_add(dk, hi, a);
        // Special values.
        let zero = self.f(0.0);
        let inf = self.f(f64::INFINITY);
        let ninf = self.f(f64::NEG_INFINITY);
        let nan = self.f(f64::NAN);
        let is_inf = self.cmp(FloatCC::Equal, x, inf);
        let y = self.select(is_inf, inf, y);
        let neg = self.lt(x, zero);
        let y = self.select(neg, nan, y);
        let is_zero = self.cmp(FloatCC::Equal, x, zero);
        let y = self.select(is_zero, ninf, y);
        let is_nan = self.cmp(FloatCC::Unordered, x, x);
        let q = self.b.ins().fadd(x, x);
        self.select(is_nan, q, y)
    }

    /// Branch-free f32 `erf(x)` (see [`erf`]).
    fn erf(&mut self, x: Value) -> Value {
        let sign_mask = self.f(-0.0);
        let a = self.b.ins().band_not(x, sign_mask);
        let z = self.b.ins().fmul(a, a);
        // x P(z) = x + x (P(z) - 1): the last addition rounds at the
        // result's scale, so the polynomial's rounding errors shrink.
        let mut c = ERF32_SMALL;
        c[0] -= 1.0;
        let p = self.horner(z, &c);
        let small = self.mul_add(x, p, x);
        let k = self.f(1.0 / 1.5);
        let m = self.f(-2.5 / 1.5);
        let t = self.mul_add(a, k, m);
        let r = self.horner(t, &ERF32_LARGE);
        let nz = self.b.ins().fneg(z);
        let e = self.exp(nz, false);
        let one = self.f(1.0);
        let er = self.b.ins().fmul(e, r);
        let large = self.b.ins().fsub(one, er);
        // Copy x's sign onto the large branch and onto 1.
        let sx = self.b.ins().band(x, sign_mask);
        let large = self.b.ins().bor(large, sx);
        let sone = self.b.ins().bor(one, sx);
        let lt1 = self.lt(a, one);
        let y = self.select(lt1, small, large);
        let four = self.f(4.0);
        let big = self.cmp(FloatCC::GreaterThanOrEqual, a, four);
        self.select(big, sone, y)
    }

    /// Branch-free `exp(x)`; `nonneg`: the caller knows `x` is `>= 0` or NaN.
    fn exp(&mut self, x: Value, nonneg: bool) -> Value {
        let k = self.consts();
        // Below lo the result is +0: select it at the end and compute on 0
        // meanwhile, since an underflowing multiply costs a microcode assist
        // on x86 and very negative inputs (masked logits) are common.
        // Written so NaN passes through (x < lo is false for NaN).
        let zero = self.f(0.0);
        let (x, under) = if nonneg {
            (x, None)
        } else {
            let lo = self.f(k.lo);
            let under = self.lt(x, lo);
            (self.select(under, zero, x), Some(under))
        };
        let hi = self.f(k.hi);
        let m = self.lt(hi, x);
        let x = self.select(m, hi, x);
        let (t, er) = self.exp_core(x);

        // u = n + 2*(bias+1) > 0, so a logical shift halves it with floor.
        let tb = self.int_bits(t);
        let adj = self.i(2 * (k.bias + 1) - self.magic_bits());
        let u = self.b.ins().iadd(tb, adj);
        let k1 = self.b.ins().ushr_imm_u(u, 1);
        let one_i = self.i(1);
        let e1 = self.b.ins().isub(k1, one_i);
        let e2 = self.b.ins().isub(u, k1);
        let e2 = self.b.ins().isub(e2, one_i);
        let s1 = self.b.ins().ishl_imm_u(e1, k.mant_bits);
        let s2 = self.b.ins().ishl_imm_u(e2, k.mant_bits);
        let s1 = self.float_bits(s1);
        let s2 = self.float_bits(s2);
        let y = self.b.ins().fmul(er, s1);
        let y = self.b.ins().fmul(y, s2);
        match under {
            Some(under) => self.select(under, zero, y),
            None => y,
        }
    }

    /// sin or cos of an `F64X2` (see [`sin`]): the fast path on every lane,
    /// then, if some lane is out of its range (or NaN), one branch to a block
    /// that calls `slow` on those lanes. `scalar`: only lane 0 is live.
    fn trig(&mut self, x: Value, cos: bool, slow: FuncRef, scalar: bool) -> Value {
        let fast = self.trig_fast(x, cos);
        let slow_b = self.b.create_block();
        let done = self.b.create_block();
        let res = self.b.append_block_param(done, self.ty);
        let bound = self.f(TRIG_FAST);
        let sign_mask = self.f(-0.0);
        let a = self.b.ins().band_not(x, sign_mask);
        let bad = self.b.ins().fcmp(FloatCC::UnorderedOrGreaterThan, a, bound);
        let lanes = if scalar {
            let a0 = self.b.ins().extractlane(a, 0);
            let bound0 = self.b.ins().f64const(TRIG_FAST);
            let ok = self.b.ins().fcmp(FloatCC::LessThanOrEqual, a0, bound0);
            self.b.ins().brif(ok, done, &[fast.into()], slow_b, &[]);
            1
        } else {
            let any = self.b.ins().vany_true(bad);
            self.b.ins().brif(any, slow_b, &[], done, &[fast.into()]);
            self.ty.lane_count() as u8
        };
        self.b.seal_block(slow_b);
        self.b.switch_to_block(slow_b);
        let mut s = fast;
        for i in 0..lanes {
            let xi = self.b.ins().extractlane(x, i);
            let c = self.b.ins().call(slow, &[xi]);
            let r = self.b.inst_results(c)[0];
            s = self.b.ins().insertlane(s, r, i);
        }
        if !scalar {
            // In-range lanes keep the fast result, so a lane's bits do not
            // depend on its neighbours.
            let bad = self.float_bits(bad);
            s = self.select(bad, s, fast);
        }
        self.b.ins().jump(done, &[s.into()]);
        self.b.seal_block(done);
        self.b.switch_to_block(done);
        res
    }

    /// The branch-free fast path of sin/cos on f64 lanes, valid for
    /// `|x| <= TRIG_FAST` (see the module doc).
    fn trig_fast(&mut self, x: Value, cos: bool) -> Value {
        // n = round(x 2/pi) by the magic number; t's low bits hold n.
        let magic = self.f(F64C.magic);
        let inv = self.f(std::f64::consts::FRAC_2_PI);
        let t = self.mul_add(x, inv, magic);
        let n = self.b.ins().fsub(t, magic);
        // r1 = x - n pio2_1, exact (n < 2^20, pio2_1 has 33 bits).
        let p1 = self.f(-PIO2_1);
        let r1 = self.mul_add(n, p1, x);
        // (s, err) = r1 - n pio2_2 exactly (the product is exact; TwoSum).
        let p2 = self.f(PIO2_2);
        let w = self.b.ins().fmul(n, p2);
        let s = self.b.ins().fsub(r1, w);
        let bb = self.b.ins().fsub(s, r1);
        let sb = self.b.ins().fsub(s, bb);
        let e1 = self.b.ins().fsub(r1, sb);
        let nw = self.b.ins().fneg(w);
        let e2 = self.b.ins().fsub(nw, bb);
        let err = self.b.ins().fadd(e1, e2);
        let p3 = self.f(-PIO2_2T);
        let lo = self.mul_add(n, p3, err);
        // r = y + yl, renormalized (|lo| is far below |s| or s is 0).
        let y = self.b.ins().fadd(s, lo);
        let d = self.b.ins().fsub(s, y);
        let yl = self.b.ins().fadd(d, lo);

        let half = self.f(0.5);
        let one = self.f(1.0);
        let z = self.b.ins().fmul(y, y);
        // sin(y + yl) = y - ((z (yl/2 - v R) - yl) - v S1), v = y^3.
        let v = self.b.ins().fmul(z, y);
        let r = self.horner(z, &SIN64[1..]);
        let hy = self.b.ins().fmul(half, yl);
        let vr = self.b.ins().fmul(v, r);
        let u = self.b.ins().fsub(hy, vr);
        let u = self.b.ins().fmul(z, u);
        let u = self.b.ins().fsub(u, yl);
        let ns1 = self.f(-SIN64[0]);
        let u = self.mul_add(v, ns1, u);
        let sin_r = self.b.ins().fsub(y, u);
        // cos(y + yl) = w + (((1 - w) - z/2) + (z C - y yl)), w = 1 - z/2.
        let c = self.horner(z, &COS64);
        let c = self.b.ins().fmul(z, c);
        let hz = self.b.ins().fmul(half, z);
        let wv = self.b.ins().fsub(one, hz);
        let yy = self.b.ins().fmul(y, yl);
        let tail2 = self.b.ins().fneg(yy);
        let tail2 = self.mul_add(z, c, tail2);
        let tail1 = self.b.ins().fsub(one, wv);
        let tail1 = self.b.ins().fsub(tail1, hz);
        let tail = self.b.ins().fadd(tail1, tail2);
        let cos_r = self.b.ins().fadd(wv, tail);

        // Quadrant q = n mod 4 (cos: n + 1): odd quadrants take the other
        // polynomial, quadrants 2 and 3 flip the sign.
        let mut q = self.int_bits(t);
        if cos {
            let one_i = self.i(1);
            q = self.b.ins().iadd(q, one_i);
        }
        let one_i = self.i(1);
        let two_i = self.i(2);
        let odd = self.b.ins().band(q, one_i);
        let odd = self.b.ins().icmp(IntCC::Equal, odd, one_i);
        let odd = self.float_bits(odd);
        let res = self.select(odd, cos_r, sin_r);
        let flip = self.b.ins().band(q, two_i);
        let flip = self.b.ins().ishl_imm_u(flip, 62);
        let ri = self.int_bits(res);
        let ri = self.b.ins().bxor(ri, flip);
        let res = self.float_bits(ri);
        // |x| < 2^-27: sin x = x (keeps -0 and avoids x^2 underflowing),
        // cos x = 1.
        let sign_mask = self.f(-0.0);
        let a = self.b.ins().band_not(x, sign_mask);
        let tiny = self.f(2f64.powi(-27));
        let small = self.lt(a, tiny);
        let k = if cos { one } else { x };
        self.select(small, k, res)
    }

    fn tanh(&mut self, x: Value) -> Value {
        let xi = self.int_bits(x);
        let sign_mask = self.i(if self.is_f32() { 0x8000_0000 } else { i64::MIN });
        let sign = self.b.ins().band(xi, sign_mask);
        let ai = self.b.ins().band_not(xi, sign_mask);
        let a = self.float_bits(ai);

        let two_a = self.b.ins().fadd(a, a);
        let e = self.exp(two_a, true);
        let one = self.f(1.0);
        let e1 = self.b.ins().fadd(e, one);
        let c = self.f(TANH_SMALL);
        let small = self.lt(a, c);
        let z = self.b.ins().fmul(a, a);
        let az = self.b.ins().fmul(a, z);

        let res = if self.is_f32() {
            let r = self.horner(z, TANH32_R);
            let s = self.mul_add(az, r, a);
            let two = self.f(2.0);
            let d = self.b.ins().fdiv(two, e1);
            let l = self.b.ins().fsub(one, d);
            self.select(small, s, l)
        } else {
            // One division for both branches: base + m * (num / den). With
            // FMA, az * (P / Q) + a rounds once less than (az * P) / Q + a.
            let p = self.horner(z, TANH64_P);
            let q = self.horner(z, TANH64_Q);
            let m2 = self.f(-2.0);
            let base = self.select(small, a, one);
            if self.fma {
                let num = self.select(small, p, m2);
                let den = self.select(small, q, e1);
                let m = self.select(small, az, one);
                let d = self.b.ins().fdiv(num, den);
                self.b.ins().fma(m, d, base)
            } else {
                let azp = self.b.ins().fmul(az, p);
                let num = self.select(small, azp, m2);
                let den = self.select(small, q, e1);
                let d = self.b.ins().fdiv(num, den);
                self.b.ins().fadd(base, d)
            }
        };
        let ri = self.int_bits(res);
        let ri = self.b.ins().bor(ri, sign);
        self.float_bits(ri)
    }
}
