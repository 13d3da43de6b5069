//! Typed access to the elements of a tensor's bytes, and the arithmetic of
//! each element type. One [`Kind`] per family of element types (all integer
//! types share [`IntKind`]; the float types share [`FloatOf`]), so each op is
//! written once, generically, and [`with_kind!`] picks the instance.
//!
//! Integers are computed in `i128`, always held *normalized*: the value the
//! element's bits mean (sign-extended for signless and `si` types,
//! zero-extended for `ui` types), so comparison and division need no further
//! care and every result is wrapped back to the element's bit width (two's
//! complement). An `i1` reads only the low bit of its byte: signless `i1` is
//! signed, so `true` is -1 wherever a sign matters (max, division), exactly
//! as MLIR's `arith.maxsi`/`arith.divsi` read it.
//!
//! Floats are computed in their compute type: `f16` and `bf16` in `f32`
//! (rounded to nearest-even when stored or when [`Kind::round`] is asked),
//! `f32` in `f32`, `f64` in `f64`.

use half::{bf16, f16};
use std::marker::PhantomData;
use std::ops::{Add, Div, Mul, Neg, Sub};
use xir_runtime_hal::element::IntSign;

/// The arithmetic of one element type. Binary and unary operations take and
/// return compute values; only `store` and `round` bring a value back to the
/// element's precision (integers are wrapped at every step already).
pub(crate) trait Kind: Copy {
    /// The type values are computed in.
    type V: Copy;
    /// Bytes of one element.
    fn size(self) -> usize;
    /// Reads one element from exactly `size()` bytes.
    fn load(self, bytes: &[u8]) -> Self::V;
    /// Writes one element (rounded or wrapped to the element type) into
    /// exactly `size()` bytes.
    fn store(self, v: Self::V, out: &mut [u8]);
    /// The value the element type would hold for `v`.
    fn round(self, v: Self::V) -> Self::V;
    fn zero(self) -> Self::V;
    /// The identity of `max`: -inf for floats, the minimum value for ints.
    fn lowest(self) -> Self::V;
    fn add(self, a: Self::V, b: Self::V) -> Self::V;
    fn sub(self, a: Self::V, b: Self::V) -> Self::V;
    fn mul(self, a: Self::V, b: Self::V) -> Self::V;
    /// Integers: truncating; `x / 0 = 0`; `MIN / -1` wraps to `MIN`.
    fn div(self, a: Self::V, b: Self::V) -> Self::V;
    /// Floats: `arith.maximumf` (NaN if either is NaN; +0 > -0).
    fn max(self, a: Self::V, b: Self::V) -> Self::V;
    /// Floats: NaN if either is NaN; -0 < +0 (the mirror of `max`).
    fn min(self, a: Self::V, b: Self::V) -> Self::V;
    fn neg(self, a: Self::V) -> Self::V;
    /// Integers: wrapping (`abs(MIN) = MIN`); `ui` values are their own.
    fn abs(self, a: Self::V) -> Self::V;
}

/// The transcendental functions, floats only.
pub(crate) trait FloatKind: Kind {
    fn exp(self, v: Self::V) -> Self::V;
    fn tanh(self, v: Self::V) -> Self::V;
    fn sqrt(self, v: Self::V) -> Self::V;
    /// The natural logarithm.
    fn log(self, v: Self::V) -> Self::V;
    fn erf(self, v: Self::V) -> Self::V;
    fn sin(self, v: Self::V) -> Self::V;
    fn cos(self, v: Self::V) -> Self::V;
    /// `1 / (1 + e^-x)`; a NaN stays itself.
    fn sigmoid(self, v: Self::V) -> Self::V;
    /// C's `pow`.
    fn pow(self, a: Self::V, b: Self::V) -> Self::V;
}

/// Copies the first `N` bytes of `b` into an array.
fn array<const N: usize>(b: &[u8]) -> [u8; N] {
    let mut a = [0; N];
    a.copy_from_slice(&b[..N]);
    a
}

// ---------------------------------------------------------------- integers

/// Every integer type: `bits` is 1, 8, 16, 32 or 64.
#[derive(Copy, Clone, Debug)]
pub(crate) struct IntKind {
    bits: u32,
    signed: bool,
}

impl IntKind {
    /// `None` unless `bits` is 1, 8, 16, 32 or 64.
    pub(crate) fn new(bits: u8, sign: IntSign) -> Option<IntKind> {
        matches!(bits, 1 | 8 | 16 | 32 | 64).then_some(IntKind {
            bits: bits as u32,
            signed: sign != IntSign::Unsigned,
        })
    }

    /// The value the low `bits` bits of `v` mean.
    fn wrap(self, v: i128) -> i128 {
        let shift = 128 - self.bits;
        if self.signed {
            (v << shift) >> shift
        } else {
            (((v as u128) << shift) >> shift) as i128
        }
    }
}

impl Kind for IntKind {
    type V = i128;

    fn size(self) -> usize {
        (self.bits as usize).div_ceil(8)
    }

    fn load(self, bytes: &[u8]) -> i128 {
        let mut le = [0u8; 8];
        le[..bytes.len()].copy_from_slice(bytes);
        self.wrap(u64::from_le_bytes(le) as i128)
    }

    fn store(self, v: i128, out: &mut [u8]) {
        // The low `bits` bits, zero-extended to the element's bytes (an i1
        // is one byte, 0 or 1).
        let low = (self.wrap(v) as u128) & ((1u128 << self.bits) - 1);
        let n = out.len();
        out.copy_from_slice(&(low as u64).to_le_bytes()[..n]);
    }

    fn round(self, v: i128) -> i128 {
        self.wrap(v)
    }

    fn zero(self) -> i128 {
        0
    }

    fn lowest(self) -> i128 {
        if self.signed {
            -(1i128 << (self.bits - 1))
        } else {
            0
        }
    }

    fn add(self, a: i128, b: i128) -> i128 {
        self.wrap(a.wrapping_add(b))
    }

    fn sub(self, a: i128, b: i128) -> i128 {
        self.wrap(a.wrapping_sub(b))
    }

    fn mul(self, a: i128, b: i128) -> i128 {
        self.wrap(a.wrapping_mul(b))
    }

    fn div(self, a: i128, b: i128) -> i128 {
        if b == 0 {
            0
        } else {
            // Operands are normalized 64-bit values, so the i128 quotient is
            // exact; `MIN / -1` is `-MIN`, which wraps back to `MIN`.
            self.wrap(a.wrapping_div(b))
        }
    }

    fn max(self, a: i128, b: i128) -> i128 {
        a.max(b)
    }

    fn min(self, a: i128, b: i128) -> i128 {
        a.min(b)
    }

    fn neg(self, a: i128) -> i128 {
        self.wrap(a.wrapping_neg())
    }

    fn abs(self, a: i128) -> i128 {
        self.wrap(a.wrapping_abs())
    }
}

// ------------------------------------------------------------------ floats

/// The float types values are computed in: `f32` and `f64`.
pub(crate) trait Compute:
    Copy
    + PartialOrd
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
    + Neg<Output = Self>
{
    const ZERO: Self;
    const NEG_INFINITY: Self;
    fn is_nan(self) -> bool;
    fn is_sign_negative(self) -> bool;
    fn exp(self) -> Self;
    fn tanh(self) -> Self;
    fn sqrt(self) -> Self;
    fn ln(self) -> Self;
    fn erf(self) -> Self;
    fn sin(self) -> Self;
    fn cos(self) -> Self;
    fn sigmoid(self) -> Self;
    fn powf(self, b: Self) -> Self;
    fn abs(self) -> Self;
}

macro_rules! compute {
    ($t:ty) => {
        impl Compute for $t {
            const ZERO: $t = 0.0;
            const NEG_INFINITY: $t = <$t>::NEG_INFINITY;
            fn is_nan(self) -> bool {
                <$t>::is_nan(self)
            }
            fn is_sign_negative(self) -> bool {
                <$t>::is_sign_negative(self)
            }
            // In f64, rounded once: correctly rounded for f32 in practice,
            // and what the graph folder computes, so folding changes nothing.
            fn exp(self) -> $t {
                (self as f64).exp() as $t
            }
            fn tanh(self) -> $t {
                (self as f64).tanh() as $t
            }
            fn sqrt(self) -> $t {
                (self as f64).sqrt() as $t
            }
            fn ln(self) -> $t {
                (self as f64).ln() as $t
            }
            fn erf(self) -> $t {
                libm::erf(self as f64) as $t
            }
            fn sin(self) -> $t {
                (self as f64).sin() as $t
            }
            fn cos(self) -> $t {
                (self as f64).cos() as $t
            }
            // e^x / (1 + e^x) below 0: no e^-x overflows.
            fn sigmoid(self) -> $t {
                let x = self as f64;
                if x.is_nan() {
                    return self;
                }
                let s = if x >= 0.0 {
                    1.0 / (1.0 + (-x).exp())
                } else {
                    let e = x.exp();
                    e / (1.0 + e)
                };
                s as $t
            }
            fn powf(self, b: $t) -> $t {
                (self as f64).powf(b as f64) as $t
            }
            fn abs(self) -> $t {
                <$t>::abs(self)
            }
        }
    };
}

compute!(f32);
compute!(f64);

/// How a float type is stored: its bytes and its compute type.
pub(crate) trait FloatStorage: Copy {
    type C: Compute;
    const SIZE: usize;
    fn load(bytes: &[u8]) -> Self::C;
    fn store(v: Self::C, out: &mut [u8]);
    /// `v` rounded to nearest-even in this type.
    fn round(v: Self::C) -> Self::C;
}

macro_rules! half_storage {
    ($t:ty) => {
        impl FloatStorage for $t {
            type C = f32;
            const SIZE: usize = 2;
            fn load(bytes: &[u8]) -> f32 {
                <$t>::from_le_bytes(array(bytes)).to_f32()
            }
            fn store(v: f32, out: &mut [u8]) {
                out.copy_from_slice(&<$t>::from_f32(v).to_le_bytes());
            }
            fn round(v: f32) -> f32 {
                <$t>::from_f32(v).to_f32()
            }
        }
    };
}

half_storage!(f16);
half_storage!(bf16);

macro_rules! native_storage {
    ($t:ty, $n:literal) => {
        impl FloatStorage for $t {
            type C = $t;
            const SIZE: usize = $n;
            fn load(bytes: &[u8]) -> $t {
                <$t>::from_le_bytes(array(bytes))
            }
            fn store(v: $t, out: &mut [u8]) {
                out.copy_from_slice(&v.to_le_bytes());
            }
            fn round(v: $t) -> $t {
                v
            }
        }
    };
}

native_storage!(f32, 4);
native_storage!(f64, 8);

/// A float element type stored as `S`.
pub(crate) struct FloatOf<S>(PhantomData<S>);

impl<S> Clone for FloatOf<S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S> Copy for FloatOf<S> {}

impl<S> FloatOf<S> {
    pub(crate) const KIND: FloatOf<S> = FloatOf(PhantomData);
}

impl<S: FloatStorage> Kind for FloatOf<S> {
    type V = S::C;

    fn size(self) -> usize {
        S::SIZE
    }

    fn load(self, bytes: &[u8]) -> S::C {
        S::load(bytes)
    }

    fn store(self, v: S::C, out: &mut [u8]) {
        S::store(v, out)
    }

    fn round(self, v: S::C) -> S::C {
        S::round(v)
    }

    fn zero(self) -> S::C {
        S::C::ZERO
    }

    fn lowest(self) -> S::C {
        S::C::NEG_INFINITY
    }

    fn add(self, a: S::C, b: S::C) -> S::C {
        a + b
    }

    fn sub(self, a: S::C, b: S::C) -> S::C {
        a - b
    }

    fn mul(self, a: S::C, b: S::C) -> S::C {
        a * b
    }

    fn div(self, a: S::C, b: S::C) -> S::C {
        a / b
    }

    fn max(self, a: S::C, b: S::C) -> S::C {
        if a.is_nan() {
            a
        } else if b.is_nan() {
            b
        } else if a == b {
            // Equal: only the sign of a zero can differ; +0 wins.
            if a.is_sign_negative() {
                b
            } else {
                a
            }
        } else if a > b {
            a
        } else {
            b
        }
    }

    fn min(self, a: S::C, b: S::C) -> S::C {
        if a.is_nan() {
            a
        } else if b.is_nan() {
            b
        } else if a == b {
            // Equal: only the sign of a zero can differ; -0 wins.
            if a.is_sign_negative() {
                a
            } else {
                b
            }
        } else if a < b {
            a
        } else {
            b
        }
    }

    fn neg(self, a: S::C) -> S::C {
        -a
    }

    fn abs(self, a: S::C) -> S::C {
        a.abs()
    }
}

impl<S: FloatStorage> FloatKind for FloatOf<S> {
    fn exp(self, v: S::C) -> S::C {
        v.exp()
    }

    fn tanh(self, v: S::C) -> S::C {
        v.tanh()
    }

    fn sqrt(self, v: S::C) -> S::C {
        v.sqrt()
    }

    fn log(self, v: S::C) -> S::C {
        v.ln()
    }

    fn erf(self, v: S::C) -> S::C {
        v.erf()
    }

    fn sin(self, v: S::C) -> S::C {
        v.sin()
    }

    fn cos(self, v: S::C) -> S::C {
        v.cos()
    }

    fn sigmoid(self, v: S::C) -> S::C {
        v.sigmoid()
    }

    fn pow(self, a: S::C, b: S::C) -> S::C {
        a.powf(b)
    }
}

/// Evaluates `$body` with `$k` bound to the [`Kind`] of `$element` (an
/// `ElementType` whose integer widths were checked already); `$invalid` is
/// the value for an integer width the runtime does not hold.
macro_rules! with_kind {
    ($element:expr, |$k:ident| $body:expr, invalid => $invalid:expr) => {{
        use xir_runtime_hal::element::ElementType;
        use $crate::ops::scalar::IntKind;
        match $element {
            ElementType::Int { bits, sign } => match IntKind::new(bits, sign) {
                Some($k) => $body,
                None => $invalid,
            },
            float => $crate::ops::scalar::with_float_kind!(float, |$k| $body, int => $invalid),
        }
    }};
}

/// [`with_kind!`] for the float types only; `$int` is the value for integers.
macro_rules! with_float_kind {
    ($element:expr, |$k:ident| $body:expr, int => $int:expr) => {{
        use xir_runtime_hal::element::{ElementType, FloatType};
        use $crate::ops::scalar::FloatOf;
        match $element {
            ElementType::Int { .. } => $int,
            ElementType::Float(FloatType::F16) => {
                let $k = FloatOf::<half::f16>::KIND;
                $body
            }
            ElementType::Float(FloatType::BF16) => {
                let $k = FloatOf::<half::bf16>::KIND;
                $body
            }
            ElementType::Float(FloatType::F32) => {
                let $k = FloatOf::<f32>::KIND;
                $body
            }
            ElementType::Float(FloatType::F64) => {
                let $k = FloatOf::<f64>::KIND;
                $body
            }
        }
    }};
}

pub(crate) use {with_float_kind, with_kind};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ints_normalize_and_wrap() {
        let i1 = IntKind::new(1, IntSign::Signless).unwrap();
        assert_eq!(i1.load(&[1]), -1);
        assert_eq!(i1.load(&[3]), -1, "only the low bit of an i1 is read");
        assert_eq!(i1.load(&[2]), 0);
        let mut b = [9u8];
        i1.store(-1, &mut b);
        assert_eq!(b, [1]);
        assert_eq!(i1.lowest(), -1);

        let u8k = IntKind::new(8, IntSign::Unsigned).unwrap();
        assert_eq!(u8k.load(&[200]), 200);
        assert_eq!(u8k.add(200, 100), 44);
        assert_eq!(u8k.neg(1), 255);

        let u64k = IntKind::new(64, IntSign::Unsigned).unwrap();
        assert_eq!(u64k.load(&[0xff; 8]), u64::MAX as i128);
        assert_eq!(u64k.mul(u64::MAX as i128, u64::MAX as i128), 1);
        let i64k = IntKind::new(64, IntSign::Signed).unwrap();
        assert_eq!(i64k.div(i64::MIN as i128, -1), i64::MIN as i128);
        assert_eq!(i64k.lowest(), i64::MIN as i128);
        assert!(IntKind::new(7, IntSign::Signless).is_none());
    }
}
