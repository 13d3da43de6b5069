//! Floating-point literals: parsing into bit patterns of any builtin float kind, and
//! printing as MLIR's `printFloatValue` does.
//!
//! The IEEE-like kinds with a `rustc_apfloat` semantics (f16, bf16, tf32, f32,
//! f64, f80, f128) go through `rustc_apfloat`, a port of LLVM's APFloat. The
//! 4/6/8-bit kinds are handled by [`Small`]: `rustc_apfloat`'s `Semantics` can't
//! express their encodings (NaN as negative zero, no infinity, no sign, no zero),
//! and with at most 256 values exact rational arithmetic is cheap.

use crate::types::FloatKind;
use num_bigint::BigUint;
use num_traits::{One, Zero};
use rustc_apfloat::ieee::{
    BFloat, Double, Half, IeeeFloat, Quad, Semantics, Single, X87DoubleExtended,
};
use rustc_apfloat::{Float, FloatConvert, Round};
use std::cmp::Ordering;

/// NVIDIA's TensorFloat-32: f32's exponent range with 10 fraction bits, 19 bits wide.
struct Tf32S;
impl Semantics for Tf32S {
    const BITS: usize = 19;
    const EXP_BITS: usize = 8;
}
type Tf32 = IeeeFloat<Tf32S>;

/// A format with `P` bits of precision and a wide exponent range: used only to
/// print small-format values with APFloat's `toString`, which depends on nothing
/// but the value and the precision.
struct WideS<const P: usize>;
impl<const P: usize> Semantics for WideS<P> {
    const BITS: usize = P + 15;
    const EXP_BITS: usize = 15;
}

/// Parses a decimal float literal (`1.5`, `-2.0e-3`, also an integer like `3`)
/// into the bit pattern of `kind`.
///
/// Like MLIR's parser, the literal is first rounded to f64 (nearest-even) and
/// that double is then converted to `kind`, so f80/f128 get the double's value
/// and small kinds can see double rounding. Out-of-range values become infinity
/// (or NaN / the largest finite value, per the kind), never an error.
pub fn parse_decimal(text: &str, kind: FloatKind) -> Result<u128, String> {
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let decimal = Decimal::parse(body).ok_or_else(|| format!("invalid float literal '{text}'"))?;
    let mut d = match Double::from_str_r(&decimal.normalized(), Round::NearestTiesToEven) {
        Ok(r) => r.value,
        Err(_) => return Err(format!("invalid float literal '{text}'")),
    };
    if negative {
        d = -d;
    }
    Ok(from_double(d, kind))
}

/// Converts a double to `kind` with nearest-even rounding (APFloat's `convert`).
pub fn from_f64_bits(bits: u64, kind: FloatKind) -> u128 {
    from_double(Double::from_bits(bits as u128), kind)
}

fn convert<T: Float>(d: Double) -> u128
where
    Double: FloatConvert<T>,
{
    let mut loses_info = false;
    let r: T = d.convert(&mut loses_info).value;
    r.to_bits()
}

fn from_double(d: Double, kind: FloatKind) -> u128 {
    match kind {
        FloatKind::F64 => d.to_bits(),
        FloatKind::F32 => convert::<Single>(d),
        FloatKind::F16 => convert::<Half>(d),
        FloatKind::BF16 => convert::<BFloat>(d),
        FloatKind::TF32 => convert::<Tf32>(d),
        FloatKind::F80 => convert::<X87DoubleExtended>(d),
        FloatKind::F128 => convert::<Quad>(d),
        _ => {
            let small = Small::of(kind).expect("all other kinds are small");
            match exact_double(d) {
                Exact::NaN => small.nan(),
                Exact::Inf(neg) => small.overflow(neg),
                Exact::Finite(neg, num, den) => small.round(neg, &num, &den),
            }
        }
    }
}

/// Parses a hexadecimal literal (`0x7FC00000`) as the raw bits of `kind`. The
/// caller rejects a leading minus ("hexadecimal float literal should not have a
/// leading minus").
pub fn from_hex_bits(text: &str, kind: FloatKind) -> Result<u128, String> {
    let digits = text
        .strip_prefix("0x")
        .or_else(|| text.strip_prefix("0X"))
        .unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(format!("invalid hexadecimal literal '{text}'"));
    }
    let significant = digits.trim_start_matches('0');
    let out_of_range = || "hexadecimal float constant out of range for type".to_string();
    if significant.len() > 32 {
        return Err(out_of_range());
    }
    let value = if significant.is_empty() {
        0
    } else {
        u128::from_str_radix(significant, 16).map_err(|_| out_of_range())?
    };
    let width = kind.bit_width();
    if width < 128 && value >> width != 0 {
        return Err(out_of_range());
    }
    Ok(value)
}

/// `0x...` with upper-case digits and no leading zeros (APInt's C-literal form).
pub fn format_float_hex(bits: u128) -> String {
    format!("0x{bits:X}")
}

/// Formats a bit pattern of `kind` as MLIR prints float attributes: `%e`-style
/// with six digits if that reads back exactly, else APFloat's shortest form if it
/// has a `.`, else the hex bits (always for NaN and infinity).
pub fn format_float(bits: u128, kind: FloatKind) -> String {
    let width = kind.bit_width();
    let bits = if width < 128 {
        bits & ((1u128 << width) - 1)
    } else {
        bits
    };
    let text = match kind {
        FloatKind::F64 => format_ieee::<Double>(bits),
        FloatKind::F32 => format_ieee::<Single>(bits),
        FloatKind::F16 => format_ieee::<Half>(bits),
        FloatKind::BF16 => format_ieee::<BFloat>(bits),
        FloatKind::TF32 => format_ieee::<Tf32>(bits),
        FloatKind::F80 => format_ieee::<X87DoubleExtended>(bits),
        FloatKind::F128 => format_ieee::<Quad>(bits),
        _ => Small::of(kind).and_then(|s| s.format(bits)),
    };
    text.unwrap_or_else(|| format_float_hex(bits))
}

/// APFloat's `toString(str, 6, 0, false)`: `d.dddddde+XX`.
fn to_string_e6<F: Float>(v: F) -> String {
    format!("{v:#w$.6}", w = 0)
}

/// `None` when the value must be printed as hex.
fn format_ieee<F: Float>(bits: u128) -> Option<String> {
    let v = F::from_bits(bits);
    if !v.is_finite() {
        return None;
    }
    let s = to_string_e6(v);
    if let Ok(back) = F::from_str_r(&s, Round::NearestTiesToEven) {
        if back.value.to_bits() == bits {
            return Some(s);
        }
    }
    let s = format!("{v}");
    s.contains('.').then_some(s)
}

/// A decimal literal split into digits and a power of ten.
struct Decimal {
    digits: String,
    exp10: i64,
}

impl Decimal {
    /// `ddd[.ddd][e[+-]ddd]` without a sign; at least one digit before any `.`.
    fn parse(s: &str) -> Option<Decimal> {
        let b = s.as_bytes();
        let mut i = 0;
        let mut digits = String::new();
        while i < b.len() && b[i].is_ascii_digit() {
            digits.push(b[i] as char);
            i += 1;
        }
        if digits.is_empty() {
            return None;
        }
        let mut exp10: i64 = 0;
        if i < b.len() && b[i] == b'.' {
            i += 1;
            while i < b.len() && b[i].is_ascii_digit() {
                digits.push(b[i] as char);
                exp10 -= 1;
                i += 1;
            }
        }
        if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
            i += 1;
            let mut neg = false;
            if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
                neg = b[i] == b'-';
                i += 1;
            }
            let start = i;
            let mut e: i64 = 0;
            while i < b.len() && b[i].is_ascii_digit() {
                // Saturate: anything this large is an overflow or underflow anyway.
                e = (e * 10 + (b[i] - b'0') as i64).min(1 << 40);
                i += 1;
            }
            if i == start {
                return None;
            }
            exp10 += if neg { -e } else { e };
        }
        if i != b.len() {
            return None;
        }
        let trimmed = digits.trim_start_matches('0');
        let digits = if trimmed.is_empty() {
            "0".to_string()
        } else {
            trimmed.to_string()
        };
        Some(Decimal { digits, exp10 })
    }

    /// A form `rustc_apfloat` reads to the same double (`<digits>e<exp>`); values
    /// far outside the double range are replaced by ones that round the same way.
    fn normalized(&self) -> String {
        let magnitude = self.exp10.saturating_add(self.digits.len() as i64);
        if self.digits == "0" || magnitude < -400 {
            return "0".to_string();
        }
        if magnitude > 400 {
            return "1e400".to_string();
        }
        format!("{}e{}", self.digits, self.exp10)
    }

    /// The exact value as a fraction, if its magnitude is within 10^±`limit`;
    /// else `Err(true)` for larger, `Err(false)` for smaller.
    fn to_fraction(&self, limit: i64) -> Result<(BigUint, BigUint), bool> {
        let num: BigUint = self.digits.parse().unwrap_or_default();
        if num.is_zero() {
            return Ok((num, BigUint::one()));
        }
        let magnitude = self.exp10 + self.digits.len() as i64;
        if magnitude > limit {
            return Err(true);
        }
        if magnitude < -limit {
            return Err(false);
        }
        let ten = BigUint::from(10u32);
        if self.exp10 >= 0 {
            Ok((num * ten.pow(self.exp10 as u32), BigUint::one()))
        } else {
            Ok((num, ten.pow((-self.exp10) as u32)))
        }
    }
}

enum Exact {
    NaN,
    Inf(bool),
    /// sign, numerator, denominator
    Finite(bool, BigUint, BigUint),
}

fn exact_double(d: Double) -> Exact {
    let v = f64::from_bits(d.to_bits() as u64);
    if v.is_nan() {
        return Exact::NaN;
    }
    if v.is_infinite() {
        return Exact::Inf(v < 0.0);
    }
    let bits = v.to_bits();
    let neg = bits >> 63 != 0;
    let field = ((bits >> 52) & 0x7FF) as i64;
    let frac = bits & ((1 << 52) - 1);
    let (mant, exp) = if field == 0 {
        (frac, -1074)
    } else {
        (frac | (1 << 52), field - 1075)
    };
    let mant = BigUint::from(mant);
    if exp >= 0 {
        Exact::Finite(neg, mant << exp as usize, BigUint::one())
    } else {
        Exact::Finite(neg, mant, BigUint::one() << (-exp) as usize)
    }
}

/// How a small format spends its special encodings.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Special {
    /// All-ones exponent: infinity (zero fraction) or NaN.
    Ieee,
    /// No infinity; NaN is the all-ones pattern (both signs).
    NanAllOnes,
    /// No infinity and no negative zero; NaN is the negative-zero pattern.
    NanNegZero,
    /// Neither infinity nor NaN; overflow saturates.
    FiniteOnly,
    /// f8E8M0FNU: unsigned powers of two, no zero, NaN is 0xFF.
    E8M0,
}

/// A 4-, 6- or 8-bit float format, as described by LLVM's `fltSemantics`.
#[derive(Copy, Clone, Debug)]
struct Small {
    bits: u32,
    /// Significand bits including the implicit one.
    precision: u32,
    min_exp: i32,
    max_exp: i32,
    special: Special,
}

/// A decoded small-format value.
enum Value {
    NaN,
    Inf(bool),
    Zero(bool),
    /// sign, significand `m` (`< 2^precision`), exponent `e`: `m * 2^e`
    Finite(bool, u32, i32),
}

impl Small {
    fn of(kind: FloatKind) -> Option<Small> {
        let s = |bits, precision, min_exp, max_exp, special| {
            Some(Small {
                bits,
                precision,
                min_exp,
                max_exp,
                special,
            })
        };
        match kind {
            FloatKind::F8E5M2 => s(8, 3, -14, 15, Special::Ieee),
            FloatKind::F8E4M3 => s(8, 4, -6, 7, Special::Ieee),
            FloatKind::F8E3M4 => s(8, 5, -2, 3, Special::Ieee),
            FloatKind::F8E4M3FN => s(8, 4, -6, 8, Special::NanAllOnes),
            FloatKind::F8E5M2FNUZ => s(8, 3, -15, 15, Special::NanNegZero),
            FloatKind::F8E4M3FNUZ => s(8, 4, -7, 7, Special::NanNegZero),
            FloatKind::F8E4M3B11FNUZ => s(8, 4, -10, 4, Special::NanNegZero),
            FloatKind::F8E8M0FNU => s(8, 1, -127, 127, Special::E8M0),
            FloatKind::F6E3M2FN => s(6, 3, -2, 4, Special::FiniteOnly),
            FloatKind::F6E2M3FN => s(6, 4, 0, 2, Special::FiniteOnly),
            FloatKind::F4E2M1FN => s(4, 2, 0, 2, Special::FiniteOnly),
            _ => None,
        }
    }

    fn sign_bit(&self) -> u128 {
        1 << (self.bits - 1)
    }

    fn frac_bits(&self) -> u32 {
        self.precision - 1
    }

    fn nan(&self) -> u128 {
        match self.special {
            Special::Ieee => {
                // Quiet NaN: all-ones exponent, top fraction bit.
                let exp_mask = (self.sign_bit() - 1) >> self.frac_bits() << self.frac_bits();
                exp_mask | 1 << (self.frac_bits() - 1)
            }
            Special::NanAllOnes => self.sign_bit() - 1,
            Special::NanNegZero => self.sign_bit(),
            Special::FiniteOnly => 0,
            Special::E8M0 => 0xFF,
        }
    }

    /// The result of rounding a value too large for the format.
    fn overflow(&self, neg: bool) -> u128 {
        let sign = if neg { self.sign_bit() } else { 0 };
        match self.special {
            Special::Ieee => sign | (self.sign_bit() - 1) >> self.frac_bits() << self.frac_bits(),
            Special::NanAllOnes => sign | (self.sign_bit() - 1),
            Special::NanNegZero => self.sign_bit(),
            Special::FiniteOnly => sign | (self.sign_bit() - 1),
            Special::E8M0 => 0xFF,
        }
    }

    fn zero(&self, neg: bool) -> u128 {
        match self.special {
            Special::NanNegZero => 0,
            // No zero: the smallest value, 2^-127.
            Special::E8M0 => 0,
            _ if neg => self.sign_bit(),
            _ => 0,
        }
    }

    /// Rounds `num / den` (nearest, ties to even significand) into the format.
    fn round(&self, neg: bool, num: &BigUint, den: &BigUint) -> u128 {
        if num.is_zero() {
            return self.zero(neg);
        }
        // e = floor(log2(num / den))
        let mut e = num.bits() as i64 - den.bits() as i64;
        let ge = if e >= 0 {
            *num >= den << e as usize
        } else {
            (num << (-e) as usize) >= *den
        };
        if !ge {
            e -= 1;
        }
        let p = self.precision as i64;
        if e > self.max_exp as i64 + 1 {
            return self.overflow(neg);
        }
        if e < self.min_exp as i64 - p - 1 {
            return self.zero(neg);
        }
        let big_e = e.max(self.min_exp as i64);
        let shift = big_e - (p - 1);
        let (n, d) = if shift >= 0 {
            (num.clone(), den << shift as usize)
        } else {
            (num << (-shift) as usize, den.clone())
        };
        let q = &n / &d;
        let r2 = (&n - &q * &d) << 1usize;
        let mut m: u64 = q.try_into().unwrap_or(u64::MAX);
        match r2.cmp(&d) {
            Ordering::Greater => m += 1,
            Ordering::Equal if m & 1 == 1 => m += 1,
            _ => {}
        }
        let mut big_e = big_e;
        if m == 1 << p {
            m >>= 1;
            big_e += 1;
        }
        if m == 0 {
            return self.zero(neg);
        }
        let all_ones = (1u64 << p) - 1;
        if big_e > self.max_exp as i64
            || (self.special == Special::NanAllOnes
                && big_e == self.max_exp as i64
                && m == all_ones)
        {
            return self.overflow(neg);
        }
        if self.special == Special::E8M0 {
            return (big_e + 127) as u128;
        }
        let sign = if neg { self.sign_bit() } else { 0 };
        let frac = (m as u128) & ((1 << self.frac_bits()) - 1);
        let field = if m >> (p - 1) == 0 {
            0
        } else {
            (big_e - self.min_exp as i64 + 1) as u128
        };
        sign | field << self.frac_bits() | frac
    }

    fn decode(&self, bits: u128) -> Value {
        if self.special == Special::E8M0 {
            return if bits == 0xFF {
                Value::NaN
            } else {
                Value::Finite(false, 1, bits as i32 - 127)
            };
        }
        let neg = bits & self.sign_bit() != 0;
        let fb = self.frac_bits();
        let exp_bits = self.bits - 1 - fb;
        let field = (bits >> fb) & ((1 << exp_bits) - 1);
        let frac = (bits & ((1 << fb) - 1)) as u32;
        let field_max = (1u128 << exp_bits) - 1;
        match self.special {
            Special::NanNegZero if bits == self.sign_bit() => return Value::NaN,
            Special::Ieee if field == field_max => {
                return if frac == 0 {
                    Value::Inf(neg)
                } else {
                    Value::NaN
                };
            }
            Special::NanAllOnes if field == field_max && frac == (1 << fb) - 1 => {
                return Value::NaN;
            }
            _ => {}
        }
        if field == 0 {
            if frac == 0 {
                return Value::Zero(neg);
            }
            return Value::Finite(neg, frac, self.min_exp - fb as i32);
        }
        let e = field as i32 + self.min_exp - 1;
        Value::Finite(neg, frac | 1 << fb, e - fb as i32)
    }

    /// Reads a printed decimal back into the format, directly (no double step),
    /// as `APFloat(semantics, string)` does.
    fn parse_exact(&self, text: &str) -> Option<u128> {
        let (neg, body) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let dec = Decimal::parse(body)?;
        // Every small format lies well within 10^±60.
        Some(match dec.to_fraction(80) {
            Ok((num, den)) => self.round(neg, &num, &den),
            Err(true) => self.overflow(neg),
            Err(false) => self.zero(neg),
        })
    }

    fn format(&self, bits: u128) -> Option<String> {
        let text = match self.decode(bits) {
            Value::NaN | Value::Inf(_) => return None,
            Value::Zero(neg) => {
                if neg {
                    "-0.000000e+00".to_string()
                } else {
                    "0.000000e+00".to_string()
                }
            }
            Value::Finite(neg, m, e) => {
                let (e6, short) = match self.precision {
                    1 | 2 => wide_strings::<2>(neg, m, e),
                    3 => wide_strings::<3>(neg, m, e),
                    4 => wide_strings::<4>(neg, m, e),
                    _ => wide_strings::<5>(neg, m, e),
                };
                if self.parse_exact(&e6) == Some(bits) {
                    e6
                } else if short.contains('.') {
                    short
                } else {
                    return None;
                }
            }
        };
        Some(text)
    }
}

/// The `%e`-style and the shortest `toString` of `±m * 2^e` at precision `P`.
fn wide_strings<const P: usize>(neg: bool, m: u32, e: i32) -> (String, String) {
    let mut v = IeeeFloat::<WideS<P>>::from_u128(m as u128).value.scalbn(e);
    if neg {
        v = -v;
    }
    (to_string_e6(v), format!("{v}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(s: &str) -> FloatKind {
        FloatKind::from_keyword(s).unwrap()
    }

    fn roundtrip(text: &str, k: &str) -> String {
        format_float(parse_decimal(text, kind(k)).unwrap(), kind(k))
    }

    #[test]
    fn smoke() {
        assert_eq!(roundtrip("0.1", "f32"), "1.000000e-01");
        assert_eq!(roundtrip("-0.0", "f32"), "-0.000000e+00");
        assert_eq!(roundtrip("123456789.0", "f64"), "0x419D6F3454000000");
        assert_eq!(roundtrip("0.123456789", "f64"), "0.123456789");
        assert_eq!(roundtrip("3.4028235e38", "f32"), "3.40282347E+38");
        assert_eq!(roundtrip("1.0e39", "f32"), "0x7F800000");
        assert_eq!(
            roundtrip("0.3", "f128"),
            "0.299999999999999988897769753748434596"
        );
        assert_eq!(format_float(0x7FC00000, kind("f32")), "0x7FC00000");
    }
}
