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
