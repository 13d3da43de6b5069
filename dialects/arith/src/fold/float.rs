//! Float folding through `rustc_apfloat` (LLVM's APFloat) for the IEEE kinds;
//! the small 4/6/8-bit kinds and tf32 do not fold.

use super::int::Int;
use rustc_apfloat::ieee::{BFloat, Double, Half, Quad, Single, X87DoubleExtended};
use rustc_apfloat::{Float, FloatConvert, Round, Status};
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
pub fn from_int(kind: FloatKind, a: Int, signed: bool) -> Option<u128> {
    with_kind!(kind, T => Some(if signed {
        T::from_i128(a.signed()).value.to_bits()
    } else {
        T::from_u128(a.bits).value.to_bits()
    }))
}

/// `fptosi` / `fptoui` (toward zero); out of range or NaN does not fold.
pub fn to_int(kind: FloatKind, a: u128, width: u32, signed: bool) -> Option<Int> {
    let mut exact = false;
    let w = width as usize;
    with_kind!(kind, T => {
        let x = T::from_bits(a);
        if signed {
            let r = x.to_i128_r(w, Round::TowardZero, &mut exact);
            (r.status != Status::INVALID_OP).then(|| Int::new(r.value as u128, width))
        } else {
            let r = x.to_u128_r(w, Round::TowardZero, &mut exact);
            (r.status != Status::INVALID_OP).then(|| Int::new(r.value, width))
        }
    })
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
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CmpPlan {
    /// A constant answer.
    Const(bool),
    /// `cmpi(pred, x, value)`.
    Cmpi(u64, u128),
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
    if rhs.is_nan() || width == 0 || width > 127 {
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
    let from = |v: u128, signed: bool| -> T {
        if signed {
            T::from_i128_r(v as i128, Round::NearestTiesToEven).value
        } else {
            T::from_u128_r(v, Round::NearestTiesToEven).value
        }
    };
    let lt = |a: T, b: T| a.partial_cmp(&b) == Some(Ordering::Less);
    let w = width;
    if !unsigned {
        let smax = from((1u128 << (w - 1)) - 1, true);
        if lt(smax, rhs) {
            return Some(CmpPlan::Const(matches!(pred, NE | SLT | SLE)));
        }
        let smin = from((-(1i128 << (w - 1))) as u128, true);
        if lt(rhs, smin) {
            return Some(CmpPlan::Const(matches!(pred, NE | SGT | SGE)));
        }
    } else {
        let umax = from(super::int::mask(w), false);
        if lt(umax, rhs) {
            return Some(CmpPlan::Const(matches!(pred, NE | ULT | ULE)));
        }
        if lt(rhs, T::ZERO) {
            return Some(CmpPlan::Const(matches!(pred, NE | UGT | UGE)));
        }
    }
    let mut exact = false;
    let (value, status) = if unsigned {
        let r = rhs.to_u128_r(w as usize, Round::TowardZero, &mut exact);
        (r.value, r.status)
    } else {
        let r = rhs.to_i128_r(w as usize, Round::TowardZero, &mut exact);
        (r.value as u128, r.status)
    };
    if status == Status::INVALID_OP {
        return None;
    }
    let value = value & super::int::mask(w);
    if !rhs.is_zero() {
        let back = if unsigned {
            from(value, false)
        } else {
            from(Int::new(value, w).signed() as u128, true)
        };
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
