//! Float folding through `rustc_apfloat` (LLVM's APFloat) for the IEEE kinds;
//! the small 4/6/8-bit kinds and tf32 do not fold.

use super::int::Int;
use num_bigint::{BigInt, BigUint, Sign};
use num_traits::ToPrimitive;
use rustc_apfloat::ieee::{BFloat, Double, Half, Quad, Single, X87DoubleExtended};
use rustc_apfloat::{ExpInt, Float, FloatConvert, Round, Status};
use std::cmp::Ordering;
use xir::FloatKind;

/// Runs `$body` with `$T` bound to the APFloat type of `$kind`.
macro_rules! with_kind {
    ($kind:expr, $T:ident => $body:expr) => {
        match $kind {
            FloatKind::F16 => {
                type $T = Half;
                $body
            }
            FloatKind::BF16 => {
                type $T = BFloat;
                $body
            }
            FloatKind::F32 => {
                type $T = Single;
                $body
            }
            FloatKind::F64 => {
                type $T = Double;
                $body
            }
            FloatKind::F80 => {
                type $T = X87DoubleExtended;
                $body
            }
            FloatKind::F128 => {
                type $T = Quad;
                $body
            }
            _ => None,
        }
    };
}

fn bin<T: Float>(op: &str, a: u128, b: u128) -> Option<u128> {
    let (x, y) = (T::from_bits(a), T::from_bits(b));
    let r = match op {
        "addf" => (x + y).value,
        "subf" => (x - y).value,
        "mulf" => (x * y).value,
        "divf" => (x / y).value,
        "remf" => x.c_fmod(y).value,
        "maximumf" => x.maximum(y),
        "minimumf" => x.minimum(y),
        // LLVM's maxnum/minnum order signed zeros (+0 > -0).
        "maxnumf" if x.is_zero() && y.is_zero() && x.is_negative() != y.is_negative() => {
            if x.is_negative() {
                y
            } else {
                x
            }
        }
        "minnumf" if x.is_zero() && y.is_zero() && x.is_negative() != y.is_negative() => {
            if x.is_negative() {
                x
            } else {
                y
            }
        }
        "maxnumf" => x.max(y),
        "minnumf" => x.min(y),
        _ => return None,
    };
    Some(r.to_bits())
}

/// A binary float op by its name without the dialect (`addf`).
pub fn binary(op: &str, kind: FloatKind, a: u128, b: u128) -> Option<u128> {
    with_kind!(kind, T => bin::<T>(op, a, b))
}

pub fn negate(kind: FloatKind, a: u128) -> Option<u128> {
    with_kind!(kind, T => Some((-T::from_bits(a)).to_bits()))
}

/// `cmpf` by predicate number (0 = false ... 15 = true).
pub fn compare(pred: u64, kind: FloatKind, a: u128, b: u128) -> Option<bool> {
    let ord: Option<Option<Ordering>> =
        with_kind!(kind, T => Some(T::from_bits(a).partial_cmp(&T::from_bits(b))));
    let ord = ord?;
    let (lt, eq, gt, un) = (
        ord == Some(Ordering::Less),
        ord == Some(Ordering::Equal),
        ord == Some(Ordering::Greater),
        ord.is_none(),
    );
    Some(match pred {
        0 => false,
        1 => eq,
        2 => gt,
        3 => gt || eq,
        4 => lt,
        5 => lt || eq,
        6 => lt || gt,
        7 => !un,
        8 => un || eq,
        9 => un || gt,
        10 => un || gt || eq,
        11 => un || lt,
        12 => un || lt || eq,
        13 => un || lt || gt,
        14 => un,
        15 => true,
        _ => return None,
    })
}

fn convert<A: Float + FloatConvert<B>, B: Float>(a: u128, round: Round) -> Option<u128> {
    let mut loses_info = false;
    let r = A::from_bits(a).convert_r(round, &mut loses_info);
    (r.status == Status::OK && !loses_info).then(|| r.value.to_bits())
}

/// `extf` / `truncf`: folds only when the value converts exactly, as MLIR's
/// `convertFloatValue`.
pub fn cast(from: FloatKind, to: FloatKind, a: u128, round: Round) -> Option<u128> {
    with_kind!(from, A => with_kind!(to, B => convert::<A, B>(a, round)))
}

/// `sitofp` / `uitofp` (nearest-even).
pub fn from_int(kind: FloatKind, a: &Int, signed: bool) -> Option<u128> {
    with_kind!(kind, T => Some(int_to_float::<T>(a, signed).to_bits()))
}

/// APFloat's `convertFromAPInt` (nearest-even) of `a` read as signed or not.
fn int_to_float<T: Float>(a: &Int, signed: bool) -> T {
    if a.width() <= 128 {
        return match (signed, a.to_i128(), a.to_u128()) {
            (true, Some(v), _) => T::from_i128(v).value,
            (_, _, Some(v)) => T::from_u128(v).value,
            _ => unreachable!("128 bits fit"),
        };
    }
    let v = if signed {
        a.signed()
    } else {
        BigInt::from(a.unsigned())
    };
    let m = magnitude_to_float::<T>(v.magnitude());
    if v.sign() == Sign::Minus {
        -m
    } else {
        m
    }
}

/// `m` rounded to nearest-even: beyond 128 bits, its top 127 bits with a sticky
/// bit for the rest (below the rounding position of every kind, whose
/// precision is at most 113 bits) rounded once, then scaled exactly.
fn magnitude_to_float<T: Float>(m: &BigUint) -> T {
    if let Some(v) = m.to_u128() {
        return T::from_u128(v).value;
    }
    let shift = m.bits() - 127;
    let mut top = (m >> shift).to_u128().expect("127 bits");
    if m.trailing_zeros().is_some_and(|z| z < shift) {
        top |= 1;
    }
    // Past every kind's range: clamping keeps the overflow to infinity.
    let exp = shift.min(1 << 20) as ExpInt;
    T::from_u128(top).value.scalbn(exp)
}

/// `fptosi` / `fptoui` (toward zero); out of range or NaN does not fold.
pub fn to_int(kind: FloatKind, a: u128, width: u32, signed: bool) -> Option<Int> {
    with_kind!(kind, T => float_to_int(T::from_bits(a), width, signed))
}

/// APFloat's `convertToInteger` toward zero into `width` bits; `None` where it
/// is an invalid operation (NaN, infinity, out of range).
fn float_to_int<T: Float>(x: T, width: u32, signed: bool) -> Option<Int> {
    let mut exact = false;
    if width == 0 || (signed && width == 1) {
        // rustc_apfloat shifts by the whole width for these: go through 8 bits,
        // then check the range (i1 signed: -1 and 0; i0: 0).
        let r = x.to_i128_r(8, Round::TowardZero, &mut exact);
        let lo = if width == 1 { -1 } else { 0 };
        return (r.status != Status::INVALID_OP && (lo..=0).contains(&r.value))
            .then(|| Int::new(r.value as u128, width));
    }
    if width <= 128 {
        let w = width as usize;
        return if signed {
            let r = x.to_i128_r(w, Round::TowardZero, &mut exact);
            (r.status != Status::INVALID_OP).then(|| Int::new(r.value as u128, width))
        } else {
            let r = x.to_u128_r(w, Round::TowardZero, &mut exact);
            (r.status != Status::INVALID_OP).then(|| Int::new(r.value, width))
        };
    }
    if !x.is_finite() {
        return None;
    }
    let t = x.round_to_integral(Round::TowardZero).value;
    if t.is_zero() {
        return Some(Int::new(0, width));
    }
    let neg = t.is_negative();
    if neg && !signed {
        return None;
    }
    let a = t.abs();
    // |t| >= 1; from 2^127 on, its significand (at most 113 bits) scaled to
    // [2^112, 2^113) is exact, then shifted back.
    let e = a.ilogb();
    let magnitude = if e < 127 {
        BigUint::from(a.to_u128_r(128, Round::TowardZero, &mut exact).value)
    } else {
        let top = a
            .scalbn(112 - e)
            .to_u128_r(128, Round::TowardZero, &mut exact);
        BigUint::from(top.value) << (e - 112) as u32
    };
    let bits = magnitude.bits();
    let fits = if !signed {
        bits <= u64::from(width)
    } else if neg {
        // Down to -2^(width - 1).
        bits < u64::from(width)
            || (bits == u64::from(width) && magnitude.trailing_zeros() == Some(bits - 1))
    } else {
        bits < u64::from(width)
    };
    let sign = if neg { Sign::Minus } else { Sign::Plus };
    fits.then(|| Int::from_bigint(&BigInt::from_biguint(sign, magnitude), width))
}

/// What MLIR's float constant matchers ask of a value.
#[derive(Copy, Clone, Debug)]
pub struct Class {
    pub zero: bool,
    pub negative: bool,
    pub one: bool,
    pub inf: bool,
    pub nan: bool,
}

/// The class of `a` (`None` for kinds that do not fold).
pub fn classify(kind: FloatKind, a: u128) -> Option<Class> {
    with_kind!(kind, T => {
        let x = T::from_bits(a);
        Some(Class {
            zero: x.is_zero(),
            negative: x.is_negative(),
            one: x.to_bits() == T::from_u128(1).value.to_bits(),
            inf: x.is_infinite(),
            nan: x.is_nan(),
        })
    })
}

/// (precision, min exponent, max exponent) of the IEEE-like kinds.
fn semantics(kind: FloatKind) -> Option<(u32, i32, i32)> {
    Some(match kind {
        FloatKind::F16 => (11, -14, 15),
        FloatKind::BF16 => (8, -126, 127),
        FloatKind::F32 => (24, -126, 127),
        FloatKind::F64 => (53, -1022, 1023),
        FloatKind::F80 => (64, -16382, 16383),
        FloatKind::F128 => (113, -16382, 16383),
        FloatKind::TF32 => (11, -126, 127),
        _ => return None,
    })
}

/// APFloat's `isRepresentableBy`: `a`'s range and precision fit in `b`'s.
pub fn representable_by(a: FloatKind, b: FloatKind) -> bool {
    match (semantics(a), semantics(b)) {
        (Some((pa, mina, maxa)), Some((pb, minb, maxb))) => {
            maxa <= maxb && mina >= minb && pa <= pb
        }
        _ => false,
    }
}

/// What `cmpf(pred, [su]itofp(x : iW), c)` becomes (MLIR's `CmpFIntToFPConst`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CmpPlan {
    /// A constant answer.
    Const(bool),
    /// `cmpi(pred, x, value)`.
    Cmpi(u64, Int),
}

// cmpi predicates.
const EQ: u64 = 0;
const NE: u64 = 1;
const SLT: u64 = 2;
const SLE: u64 = 3;
const SGT: u64 = 4;
const SGE: u64 = 5;
const ULT: u64 = 6;
const ULE: u64 = 7;
const UGT: u64 = 8;
const UGE: u64 = 9;

/// The plan for comparing an integer of `width` bits (converted with
/// `[su]itofp`) against the float constant `c` of `kind`, or `None` when the
/// conversion could change the answer. The always-false/true predicates fold to
/// their constant (mlir-opt 22 crashes on them).
pub fn int_compare_plan(
    kind: FloatKind,
    c: u128,
    width: u32,
    unsigned: bool,
    cmpf_pred: u64,
) -> Option<CmpPlan> {
    with_kind!(kind, T => plan::<T>(c, width, unsigned, cmpf_pred))
}

fn plan<T: Float>(c: u128, width: u32, unsigned: bool, cmpf_pred: u64) -> Option<CmpPlan> {
    let rhs = T::from_bits(c);
    if rhs.is_nan() || width == 0 {
        return None;
    }
    let mantissa = T::PRECISION as i64;
    let value_bits = if unsigned { width } else { width - 1 } as i64;
    if width as i64 > mantissa {
        let e = rhs.ilogb();
        if e == rustc_apfloat::IEK_INF {
            if (T::largest().ilogb() as i64) < value_bits {
                return None;
            }
        } else if mantissa <= e as i64 && e as i64 <= value_bits {
            return None;
        }
    }
    let pick = |s, u| if unsigned { u } else { s };
    let mut pred = match cmpf_pred {
        0 => return Some(CmpPlan::Const(false)),
        15 => return Some(CmpPlan::Const(true)),
        7 => return Some(CmpPlan::Const(true)),
        14 => return Some(CmpPlan::Const(false)),
        1 | 8 => EQ,
        2 | 9 => pick(SGT, UGT),
        3 | 10 => pick(SGE, UGE),
        4 | 11 => pick(SLT, ULT),
        5 | 12 => pick(SLE, ULE),
        6 | 13 => NE,
        _ => return None,
    };
    let lt = |a: T, b: T| a.partial_cmp(&b) == Some(Ordering::Less);
    let w = width;
    if !unsigned {
        let smax = int_to_float::<T>(&Int::signed_max(w), true);
        if lt(smax, rhs) {
            return Some(CmpPlan::Const(matches!(pred, NE | SLT | SLE)));
        }
        let smin = int_to_float::<T>(&Int::signed_min(w), true);
        if lt(rhs, smin) {
            return Some(CmpPlan::Const(matches!(pred, NE | SGT | SGE)));
        }
    } else {
        let umax = int_to_float::<T>(&Int::all_ones(w), false);
        if lt(umax, rhs) {
            return Some(CmpPlan::Const(matches!(pred, NE | ULT | ULE)));
        }
        if lt(rhs, T::ZERO) {
            return Some(CmpPlan::Const(matches!(pred, NE | UGT | UGE)));
        }
    }
    let value = float_to_int(rhs, w, !unsigned)?;
    if !rhs.is_zero() {
        let back = int_to_float::<T>(&value, !unsigned);
        if back.partial_cmp(&rhs) != Some(Ordering::Equal) {
            let neg = rhs.is_negative();
            match pred {
                NE => return Some(CmpPlan::Const(true)),
                EQ => return Some(CmpPlan::Const(false)),
                ULE if neg => return Some(CmpPlan::Const(false)),
                SLE if neg => pred = SLT,
                ULT if neg => return Some(CmpPlan::Const(false)),
                ULT => pred = ULE,
                SLT if !neg => pred = SLE,
                UGT if neg => return Some(CmpPlan::Const(true)),
                SGT if neg => pred = SGE,
                UGE if neg => return Some(CmpPlan::Const(true)),
                UGE => pred = UGT,
                SGE if !neg => pred = SGT,
                _ => {}
            }
        }
    }
    Some(CmpPlan::Cmpi(pred, value))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `m` rounded to nearest-even at `precision` bits, by integer arithmetic.
    fn reference<T: Float>(m: &BigUint, precision: u64) -> T {
        let len = m.bits();
        if len <= precision {
            return T::from_u128(m.to_u128().unwrap()).value;
        }
        let shift = len - precision;
        let mut q = m >> shift;
        let rest = m - (&q << shift);
        let half = BigUint::from(1u8) << (shift - 1);
        if rest > half || (rest == half && q.bit(0)) {
            q += 1u8;
        }
        T::from_u128(q.to_u128().unwrap())
            .value
            .scalbn(shift as ExpInt)
    }

    #[test]
    fn wide_integers_round_to_nearest_even() {
        let mut s = 0x2545_F491_4F6C_DD1D_u64;
        for i in 0..2000u64 {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            let len = 129 + (s % 300);
            let mut m = (BigUint::from(s) << (len - 64)) | BigUint::from(i);
            if i % 3 == 0 {
                // A tie for f64 / f32, or one just past it.
                m = (BigUint::from((s | 1 << 63) & !0x7ff) << (len - 64))
                    | (BigUint::from(1u8) << (len - 54));
                m += i % 2;
            }
            let d: Double = magnitude_to_float(&m);
            assert_eq!(d.to_bits(), reference::<Double>(&m, 53).to_bits(), "{m}");
            let f: Single = magnitude_to_float(&m);
            assert_eq!(f.to_bits(), reference::<Single>(&m, 24).to_bits(), "{m}");
        }
    }

    #[test]
    fn wide_float_to_int() {
        let w = 256;
        let x = Double::from_u128(1 << 100).value.scalbn(100);
        let i = float_to_int(x, w, true).unwrap();
        assert_eq!(i.unsigned(), BigUint::from(1u8) << 200u32);
        assert_eq!(int_to_float::<Double>(&i, true).to_bits(), x.to_bits());
        let n = -x;
        let i = float_to_int(n, w, true).unwrap();
        assert_eq!(i.signed(), -(BigInt::from(1u8) << 200u32));
        assert!(float_to_int(n, w, false).is_none());
        let min = Double::from_u128(1).value.scalbn(255);
        assert!(float_to_int(min, w, true).is_none());
        assert!(float_to_int(-min, w, true).unwrap().is_signed_min());
        assert!(float_to_int(min, w, false).is_some());
        assert!(float_to_int(min.scalbn(1), w, false).is_none());
        assert_eq!(
            float_to_int(Double::from_bits((-0.5f64).to_bits() as u128), w, false),
            Some(Int::new(0, w))
        );
        let r = float_to_int(Double::from_bits((-7.9f64).to_bits() as u128), w, true).unwrap();
        assert_eq!(r.to_i128(), Some(-7));
        assert!(float_to_int(Double::INFINITY, w, true).is_none());
        assert!(float_to_int(Double::NAN, w, true).is_none());
        let h = int_to_float::<Half>(&Int::all_ones(w), false);
        assert!(h.is_infinite());
        let m1 = int_to_float::<Half>(&Int::all_ones(w), true);
        assert_eq!(m1.to_bits(), (-Half::from_u128(1).value).to_bits());
    }
}
