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
/// f8E8M0FNU has no sign bit, but APFloat keeps a sign outside the bits and
/// prints it (`-5.000000e-01`); see [`E8M0_NEG`].
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

/// Flag above the 8 storage bits of f8E8M0FNU marking a negative value. The
/// format has no sign bit, yet APFloat carries its sign separately: converting a
/// negative double keeps it unless the result is NaN or underflowed (no zero in
/// the format), and the printer shows it. Keeping it in the (otherwise unused)
/// ninth bit makes `-0.5` and `0.5` distinct attributes, as in MLIR.
pub const E8M0_NEG: u128 = 1 << 8;

/// The bits to store in a dense elements buffer: APFloat's bitcast of a
/// negative f8E8M0FNU ORs its sign into bit 7 (`dense<-0.5>` reads as 2^127).
pub fn storage_bits(bits: u128, kind: FloatKind) -> u128 {
    if kind == FloatKind::F8E8M0FNU && bits & E8M0_NEG != 0 {
        (bits & 0xFF) | 0x80
    } else {
        bits
    }
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
            let bits = match exact_double(d) {
                Exact::NaN => small.nan(),
                Exact::Inf(neg) => small.infinity(neg),
                Exact::Finite(neg, num, den) => small.round(neg, &num, &den),
            };
            let v = f64::from_bits(d.to_bits() as u64);
            // Above 2^-128 the value rounds to at least 2^-127 rather than to
            // "zero", which APFloat makes the smallest value with no sign.
            if kind == FloatKind::F8E8M0FNU && v < -(2f64.powi(-128)) && bits != 0xFF {
                bits | E8M0_NEG
            } else {
                bits
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
    if kind == FloatKind::F8E8M0FNU && bits & E8M0_NEG != 0 {
        let magnitude = format_float(bits & 0xFF, kind);
        return if magnitude.starts_with("0x") {
            magnitude
        } else {
            format!("-{magnitude}")
        };
    }
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
        FloatKind::F80 => {
            let exponent = (bits >> 64) & 0x7FFF;
            if exponent != 0 && bits & (1 << 63) == 0 {
                // An x87 "unnormal" reads as NaN and is printed with the exponent
                // set to all ones, as APFloat re-encodes it.
                return format_float_hex(bits | 0x7FFF << 64);
            }
            format_ieee::<X87DoubleExtended>(bits)
        }
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
    Inf,
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

    /// Converting an infinite double. Formats without infinity and NaN keep
    /// APFloat's infinity category, whose encoding is a (signed) zero; mlir-opt
    /// prints that as hex (`0x8`), which plain bits can't tell from `-0.0`.
    fn infinity(&self, neg: bool) -> u128 {
        match self.special {
            Special::FiniteOnly if neg => self.sign_bit(),
            Special::FiniteOnly => 0,
            _ => self.overflow(neg),
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
                return if frac == 0 { Value::Inf } else { Value::NaN };
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
            Value::NaN | Value::Inf => return None,
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

    fn check_rows(table: &str, parse: fn(&str, FloatKind) -> Result<u128, String>) -> usize {
        let mut failures = Vec::new();
        let mut rows = 0;
        for line in table.lines() {
            let mut it = line.split(' ');
            let (k, input, want) = (it.next().unwrap(), it.next().unwrap(), it.next().unwrap());
            let got = match parse(input, kind(k)) {
                Ok(bits) => format_float(bits, kind(k)),
                Err(e) => format!("error: {e}"),
            };
            if got != want {
                failures.push(format!("{input} : {k}: got {got}, want {want}"));
            }
            rows += 1;
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
        rows
    }

    #[test]
    fn decimal_literals_match_mlir_opt() {
        assert!(check_rows(DECIMAL, parse_decimal) > 700);
    }

    #[test]
    fn hex_literals_match_mlir_opt() {
        assert!(check_rows(HEX, from_hex_bits) > 70);
    }

    #[test]
    fn every_small_pattern_matches_mlir_opt() {
        for (k, outputs) in EXHAUSTIVE {
            let outputs: Vec<&str> = outputs.split_whitespace().collect();
            assert_eq!(outputs.len(), 1 << kind(k).bit_width(), "{k}");
            for (bits, want) in outputs.iter().enumerate() {
                assert_eq!(format_float(bits as u128, kind(k)), *want, "{k} {bits:#x}");
            }
        }
    }

    #[test]
    fn small_kinds_agree_with_apfloat() {
        // f8E5M2 and f8E4M3FN also exist in rustc_apfloat: cross-check the rounding.
        use rustc_apfloat::ieee::{Float8E4M3FN, Float8E5M2};
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..20000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Doubles of magnitude around 2^-25 .. 2^25, plus a few raw patterns.
            let d = if x.is_multiple_of(8) {
                x
            } else {
                (x & 0x800F_FFFF_FFFF_FFFF) | ((1023 - 25 + (x >> 52) % 50) << 52)
            };
            let dd = Double::from_bits(d as u128);
            if dd.is_nan() {
                continue;
            }
            assert_eq!(
                from_f64_bits(d, FloatKind::F8E5M2),
                convert::<Float8E5M2>(dd),
                "{d:#x}"
            );
            assert_eq!(
                from_f64_bits(d, FloatKind::F8E4M3FN),
                convert::<Float8E4M3FN>(dd),
                "{d:#x}"
            );
        }
    }

    #[test]
    fn known_deviations() {
        // An infinite double converted to a format without infinity: mlir-opt
        // prints `0x8`, the bits of -0.0.
        assert_eq!(roundtrip("-1.0e400", "f4E2M1FN"), "-0.000000e+00");
    }

    #[test]
    fn e8m0_negative_keeps_sign() {
        for (input, want) in [
            ("-1.0", "-1.000000e+00"),
            ("-0.5", "-5.000000e-01"),
            ("-0.0", "5.877470e-39"),
            ("-2.0e-39", "5.877470e-39"),
            ("-3.0e-39", "-5.877470e-39"),
            ("-2.5e38", "-1.701410e+38"),
            ("-3.4e38", "0xFF"),
        ] {
            assert_eq!(roundtrip(input, "f8E8M0FNU"), want, "{input}");
        }
        let neg_half = parse_decimal("-0.5", FloatKind::F8E8M0FNU).unwrap();
        assert_eq!(storage_bits(neg_half, FloatKind::F8E8M0FNU), 0xFE);
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
        assert_eq!(roundtrip("3", "f32"), "3.000000e+00");
        assert_eq!(format_float(0x7FC00000, kind("f32")), "0x7FC00000");
        assert_eq!(format_float(0, kind("f64")), "0.000000e+00");
        // x87 unnormals (mlir-opt output).
        assert_eq!(
            format_float(0x7ED2_3362_591E_CEF1_BDF6, kind("f80")),
            "0x7FFF3362591ECEF1BDF6"
        );
        assert_eq!(
            format_float(0xA01A_1523_49B8_3222_6707, kind("f80")),
            "0xFFFF152349B832226707"
        );
    }

    #[test]
    fn literal_errors() {
        let f32k = kind("f32");
        assert_eq!(
            from_hex_bits("0x1FFFFFFFF", f32k),
            Err("hexadecimal float constant out of range for type".to_string())
        );
        assert_eq!(
            from_hex_bits("0x00000000000000000000000000000000000001", f32k),
            Ok(1)
        );
        assert_eq!(from_hex_bits("0xFFFFFFFF", f32k), Ok(0xFFFF_FFFF));
        assert!(from_hex_bits("0x1FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF", kind("f128")).is_err());
        assert!(from_hex_bits("0x10", kind("f4E2M1FN")).is_err());
        assert!(parse_decimal("1.0x", f32k).is_err());
        assert!(parse_decimal("", f32k).is_err());
        assert!(parse_decimal(".5", f32k).is_err());
        assert!(parse_decimal("1e", f32k).is_err());
        assert!(parse_decimal("nan", f32k).is_err());
        assert!(parse_decimal("inf", f32k).is_err());
        // Huge exponents and long digit strings neither panic nor hang.
        assert_eq!(
            parse_decimal("1.0e99999999999999999999", f32k),
            Ok(0x7F80_0000)
        );
        assert_eq!(parse_decimal("1.0e-99999999999999999999", f32k), Ok(0));
        let long = format!("0.{}1", "0".repeat(100_000));
        assert_eq!(parse_decimal(&long, f32k), Ok(0));
        let long = format!("1{}.0e-100000", "0".repeat(100_000));
        assert_eq!(parse_decimal(&long, f32k), Ok(0x3F80_0000));
    }

    /// `kind input output`: `input : kind` printed by mlir-opt 22.
    const DECIMAL: &str = "\
f4E2M1FN 0.0 0.000000e+00
f4E2M1FN -0.0 -0.000000e+00
f4E2M1FN 1.0 1.000000e+00
f4E2M1FN -1.0 -1.000000e+00
f4E2M1FN 0.1 0.000000e+00
f4E2M1FN -0.1 -0.000000e+00
f4E2M1FN 1.5 1.500000e+00
f4E2M1FN 2.5 2.000000e+00
f4E2M1FN 0.3 5.000000e-01
f4E2M1FN 1.1 1.000000e+00
f4E2M1FN 100.0 6.000000e+00
f4E2M1FN -2.0e-3 -0.000000e+00
f4E2M1FN 7.5 6.000000e+00
f4E2M1FN 15.5 6.000000e+00
f4E2M1FN 464.0 6.000000e+00
f4E2M1FN 470.0 6.000000e+00
f4E2M1FN 57344.0 6.000000e+00
f4E2M1FN 61440.0 6.000000e+00
f4E2M1FN 65520.0 6.000000e+00
f4E2M1FN 1.0e10 6.000000e+00
f4E2M1FN 1.0e-40 0.000000e+00
f4E2M1FN 1.0e-45 0.000000e+00
f4E2M1FN 1.0e300 6.000000e+00
f4E2M1FN 1.0e-320 0.000000e+00
f4E2M1FN 123456789.0 6.000000e+00
f4E2M1FN 1234567.8 6.000000e+00
f4E2M1FN 0.123456789 0.000000e+00
f4E2M1FN 3.4028235e38 6.000000e+00
f4E2M1FN 3.4028236e38 6.000000e+00
f4E2M1FN 1.0e39 6.000000e+00
f4E2M1FN 16777217.0 6.000000e+00
f4E2M1FN 5.877471754111438e-39 0.000000e+00
f4E2M1FN 1.7014118346046923e38 6.000000e+00
f4E2M1FN 3.141592653589793 3.000000e+00
f4E2M1FN 6.103515625e-05 0.000000e+00
f4E2M1FN 1.e3 6.000000e+00
f4E2M1FN 99999.99 6.000000e+00
f4E2M1FN 12345678.0 6.000000e+00
f4E2M1FN 2.0e-7 0.000000e+00
f4E2M1FN 1.0e-400 0.000000e+00
f4E2M1FN 0.99999999999999999999 1.000000e+00
f4E2M1FN 1.0000000000000002 1.000000e+00
f6E2M3FN 0.0 0.000000e+00
f6E2M3FN -0.0 -0.000000e+00
f6E2M3FN 1.0 1.000000e+00
f6E2M3FN -1.0 -1.000000e+00
f6E2M3FN 0.1 1.250000e-01
f6E2M3FN -0.1 -1.250000e-01
f6E2M3FN 1.5 1.500000e+00
f6E2M3FN 2.5 2.500000e+00
f6E2M3FN 0.3 2.500000e-01
f6E2M3FN 1.1 1.125000e+00
f6E2M3FN 100.0 7.500000e+00
f6E2M3FN -2.0e-3 -0.000000e+00
f6E2M3FN 7.5 7.500000e+00
f6E2M3FN 15.5 7.500000e+00
f6E2M3FN 464.0 7.500000e+00
f6E2M3FN 470.0 7.500000e+00
f6E2M3FN 57344.0 7.500000e+00
f6E2M3FN 61440.0 7.500000e+00
f6E2M3FN 65520.0 7.500000e+00
f6E2M3FN 1.0e10 7.500000e+00
f6E2M3FN 1.0e-40 0.000000e+00
f6E2M3FN 1.0e-45 0.000000e+00
f6E2M3FN 1.0e300 7.500000e+00
f6E2M3FN 1.0e-320 0.000000e+00
f6E2M3FN 123456789.0 7.500000e+00
f6E2M3FN 1234567.8 7.500000e+00
f6E2M3FN 0.123456789 1.250000e-01
f6E2M3FN 3.4028235e38 7.500000e+00
f6E2M3FN 3.4028236e38 7.500000e+00
f6E2M3FN 1.0e39 7.500000e+00
f6E2M3FN 16777217.0 7.500000e+00
f6E2M3FN 5.877471754111438e-39 0.000000e+00
f6E2M3FN 1.7014118346046923e38 7.500000e+00
f6E2M3FN 3.141592653589793 3.250000e+00
f6E2M3FN 6.103515625e-05 0.000000e+00
f6E2M3FN 1.e3 7.500000e+00
f6E2M3FN 99999.99 7.500000e+00
f6E2M3FN 12345678.0 7.500000e+00
f6E2M3FN 2.0e-7 0.000000e+00
f6E2M3FN 1.0e-400 0.000000e+00
f6E2M3FN 0.99999999999999999999 1.000000e+00
f6E2M3FN 1.0000000000000002 1.000000e+00
f6E3M2FN 0.0 0.000000e+00
f6E3M2FN -0.0 -0.000000e+00
f6E3M2FN 1.0 1.000000e+00
f6E3M2FN -1.0 -1.000000e+00
f6E3M2FN 0.1 1.250000e-01
f6E3M2FN -0.1 -1.250000e-01
f6E3M2FN 1.5 1.500000e+00
f6E3M2FN 2.5 2.500000e+00
f6E3M2FN 0.3 3.125000e-01
f6E3M2FN 1.1 1.000000e+00
f6E3M2FN 100.0 2.800000e+01
f6E3M2FN -2.0e-3 -0.000000e+00
f6E3M2FN 7.5 8.000000e+00
f6E3M2FN 15.5 1.600000e+01
f6E3M2FN 464.0 2.800000e+01
f6E3M2FN 470.0 2.800000e+01
f6E3M2FN 57344.0 2.800000e+01
f6E3M2FN 61440.0 2.800000e+01
f6E3M2FN 65520.0 2.800000e+01
f6E3M2FN 1.0e10 2.800000e+01
f6E3M2FN 1.0e-40 0.000000e+00
f6E3M2FN 1.0e-45 0.000000e+00
f6E3M2FN 1.0e300 2.800000e+01
f6E3M2FN 1.0e-320 0.000000e+00
f6E3M2FN 123456789.0 2.800000e+01
f6E3M2FN 1234567.8 2.800000e+01
f6E3M2FN 0.123456789 1.250000e-01
f6E3M2FN 3.4028235e38 2.800000e+01
f6E3M2FN 3.4028236e38 2.800000e+01
f6E3M2FN 1.0e39 2.800000e+01
f6E3M2FN 16777217.0 2.800000e+01
f6E3M2FN 5.877471754111438e-39 0.000000e+00
f6E3M2FN 1.7014118346046923e38 2.800000e+01
f6E3M2FN 3.141592653589793 3.000000e+00
f6E3M2FN 6.103515625e-05 0.000000e+00
f6E3M2FN 1.e3 2.800000e+01
f6E3M2FN 99999.99 2.800000e+01
f6E3M2FN 12345678.0 2.800000e+01
f6E3M2FN 2.0e-7 0.000000e+00
f6E3M2FN 1.0e-400 0.000000e+00
f6E3M2FN 0.99999999999999999999 1.000000e+00
f6E3M2FN 1.0000000000000002 1.000000e+00
f8E5M2 0.0 0.000000e+00
f8E5M2 -0.0 -0.000000e+00
f8E5M2 1.0 1.000000e+00
f8E5M2 -1.0 -1.000000e+00
f8E5M2 0.1 9.375000e-02
f8E5M2 -0.1 -9.375000e-02
f8E5M2 1.5 1.500000e+00
f8E5M2 2.5 2.500000e+00
f8E5M2 0.3 3.125000e-01
f8E5M2 1.1 1.000000e+00
f8E5M2 100.0 9.600000e+01
f8E5M2 -2.0e-3 -1.953130e-03
f8E5M2 7.5 8.000000e+00
f8E5M2 15.5 1.600000e+01
f8E5M2 464.0 4.480000e+02
f8E5M2 470.0 4.480000e+02
f8E5M2 57344.0 5.734400e+04
f8E5M2 61440.0 0x7C
f8E5M2 65520.0 0x7C
f8E5M2 1.0e10 0x7C
f8E5M2 1.0e-40 0.000000e+00
f8E5M2 1.0e-45 0.000000e+00
f8E5M2 1.0e300 0x7C
f8E5M2 1.0e-320 0.000000e+00
f8E5M2 123456789.0 0x7C
f8E5M2 1234567.8 0x7C
f8E5M2 0.123456789 1.250000e-01
f8E5M2 3.4028235e38 0x7C
f8E5M2 3.4028236e38 0x7C
f8E5M2 1.0e39 0x7C
f8E5M2 16777217.0 0x7C
f8E5M2 5.877471754111438e-39 0.000000e+00
f8E5M2 1.7014118346046923e38 0x7C
f8E5M2 3.141592653589793 3.000000e+00
f8E5M2 6.103515625e-05 6.103520e-05
f8E5M2 1.e3 1.024000e+03
f8E5M2 99999.99 0x7C
f8E5M2 12345678.0 0x7C
f8E5M2 2.0e-7 0.000000e+00
f8E5M2 -1.0e400 0xFC
f8E5M2 1.0e-400 0.000000e+00
f8E5M2 0.99999999999999999999 1.000000e+00
f8E5M2 1.0000000000000002 1.000000e+00
f8E4M3 0.0 0.000000e+00
f8E4M3 -0.0 -0.000000e+00
f8E4M3 1.0 1.000000e+00
f8E4M3 -1.0 -1.000000e+00
f8E4M3 0.1 1.015630e-01
f8E4M3 -0.1 -1.015630e-01
f8E4M3 1.5 1.500000e+00
f8E4M3 2.5 2.500000e+00
f8E4M3 0.3 3.125000e-01
f8E4M3 1.1 1.125000e+00
f8E4M3 100.0 9.600000e+01
f8E4M3 -2.0e-3 -1.953130e-03
f8E4M3 7.5 7.500000e+00
f8E4M3 15.5 1.600000e+01
f8E4M3 464.0 0x78
f8E4M3 470.0 0x78
f8E4M3 57344.0 0x78
f8E4M3 61440.0 0x78
f8E4M3 65520.0 0x78
f8E4M3 1.0e10 0x78
f8E4M3 1.0e-40 0.000000e+00
f8E4M3 1.0e-45 0.000000e+00
f8E4M3 1.0e300 0x78
f8E4M3 1.0e-320 0.000000e+00
f8E4M3 123456789.0 0x78
f8E4M3 1234567.8 0x78
f8E4M3 0.123456789 1.250000e-01
f8E4M3 3.4028235e38 0x78
f8E4M3 3.4028236e38 0x78
f8E4M3 1.0e39 0x78
f8E4M3 16777217.0 0x78
f8E4M3 5.877471754111438e-39 0.000000e+00
f8E4M3 1.7014118346046923e38 0x78
f8E4M3 3.141592653589793 3.250000e+00
f8E4M3 6.103515625e-05 0.000000e+00
f8E4M3 1.e3 0x78
f8E4M3 99999.99 0x78
f8E4M3 12345678.0 0x78
f8E4M3 2.0e-7 0.000000e+00
f8E4M3 -1.0e400 0xF8
f8E4M3 1.0e-400 0.000000e+00
f8E4M3 0.99999999999999999999 1.000000e+00
f8E4M3 1.0000000000000002 1.000000e+00
f8E4M3FN 0.0 0.000000e+00
f8E4M3FN -0.0 -0.000000e+00
f8E4M3FN 1.0 1.000000e+00
f8E4M3FN -1.0 -1.000000e+00
f8E4M3FN 0.1 1.015630e-01
f8E4M3FN -0.1 -1.015630e-01
f8E4M3FN 1.5 1.500000e+00
f8E4M3FN 2.5 2.500000e+00
f8E4M3FN 0.3 3.125000e-01
f8E4M3FN 1.1 1.125000e+00
f8E4M3FN 100.0 9.600000e+01
f8E4M3FN -2.0e-3 -1.953130e-03
f8E4M3FN 7.5 7.500000e+00
f8E4M3FN 15.5 1.600000e+01
f8E4M3FN 464.0 4.480000e+02
f8E4M3FN 470.0 0x7F
f8E4M3FN 57344.0 0x7F
f8E4M3FN 61440.0 0x7F
f8E4M3FN 65520.0 0x7F
f8E4M3FN 1.0e10 0x7F
f8E4M3FN 1.0e-40 0.000000e+00
f8E4M3FN 1.0e-45 0.000000e+00
f8E4M3FN 1.0e300 0x7F
f8E4M3FN 1.0e-320 0.000000e+00
f8E4M3FN 123456789.0 0x7F
f8E4M3FN 1234567.8 0x7F
f8E4M3FN 0.123456789 1.250000e-01
f8E4M3FN 3.4028235e38 0x7F
f8E4M3FN 3.4028236e38 0x7F
f8E4M3FN 1.0e39 0x7F
f8E4M3FN 16777217.0 0x7F
f8E4M3FN 5.877471754111438e-39 0.000000e+00
f8E4M3FN 1.7014118346046923e38 0x7F
f8E4M3FN 3.141592653589793 3.250000e+00
f8E4M3FN 6.103515625e-05 0.000000e+00
f8E4M3FN 1.e3 0x7F
f8E4M3FN 99999.99 0x7F
f8E4M3FN 12345678.0 0x7F
f8E4M3FN 2.0e-7 0.000000e+00
f8E4M3FN -1.0e400 0xFF
f8E4M3FN 1.0e-400 0.000000e+00
f8E4M3FN 0.99999999999999999999 1.000000e+00
f8E4M3FN 1.0000000000000002 1.000000e+00
f8E5M2FNUZ 0.0 0.000000e+00
f8E5M2FNUZ -0.0 0.000000e+00
f8E5M2FNUZ 1.0 1.000000e+00
f8E5M2FNUZ -1.0 -1.000000e+00
f8E5M2FNUZ 0.1 9.375000e-02
f8E5M2FNUZ -0.1 -9.375000e-02
f8E5M2FNUZ 1.5 1.500000e+00
f8E5M2FNUZ 2.5 2.500000e+00
f8E5M2FNUZ 0.3 3.125000e-01
f8E5M2FNUZ 1.1 1.000000e+00
f8E5M2FNUZ 100.0 9.600000e+01
f8E5M2FNUZ -2.0e-3 -1.953130e-03
f8E5M2FNUZ 7.5 8.000000e+00
f8E5M2FNUZ 15.5 1.600000e+01
f8E5M2FNUZ 464.0 4.480000e+02
f8E5M2FNUZ 470.0 4.480000e+02
f8E5M2FNUZ 57344.0 5.734400e+04
f8E5M2FNUZ 61440.0 0x80
f8E5M2FNUZ 65520.0 0x80
f8E5M2FNUZ 1.0e10 0x80
f8E5M2FNUZ 1.0e-40 0.000000e+00
f8E5M2FNUZ 1.0e-45 0.000000e+00
f8E5M2FNUZ 1.0e300 0x80
f8E5M2FNUZ 1.0e-320 0.000000e+00
f8E5M2FNUZ 123456789.0 0x80
f8E5M2FNUZ 1234567.8 0x80
f8E5M2FNUZ 0.123456789 1.250000e-01
f8E5M2FNUZ 3.4028235e38 0x80
f8E5M2FNUZ 3.4028236e38 0x80
f8E5M2FNUZ 1.0e39 0x80
f8E5M2FNUZ 16777217.0 0x80
f8E5M2FNUZ 5.877471754111438e-39 0.000000e+00
f8E5M2FNUZ 1.7014118346046923e38 0x80
f8E5M2FNUZ 3.141592653589793 3.000000e+00
f8E5M2FNUZ 6.103515625e-05 6.103520e-05
f8E5M2FNUZ 1.e3 1.024000e+03
f8E5M2FNUZ 99999.99 0x80
f8E5M2FNUZ 12345678.0 0x80
f8E5M2FNUZ 2.0e-7 0.000000e+00
f8E5M2FNUZ -1.0e400 0x80
f8E5M2FNUZ 1.0e-400 0.000000e+00
f8E5M2FNUZ 0.99999999999999999999 1.000000e+00
f8E5M2FNUZ 1.0000000000000002 1.000000e+00
f8E4M3FNUZ 0.0 0.000000e+00
f8E4M3FNUZ -0.0 0.000000e+00
f8E4M3FNUZ 1.0 1.000000e+00
f8E4M3FNUZ -1.0 -1.000000e+00
f8E4M3FNUZ 0.1 1.015630e-01
f8E4M3FNUZ -0.1 -1.015630e-01
f8E4M3FNUZ 1.5 1.500000e+00
f8E4M3FNUZ 2.5 2.500000e+00
f8E4M3FNUZ 0.3 3.125000e-01
f8E4M3FNUZ 1.1 1.125000e+00
f8E4M3FNUZ 100.0 9.600000e+01
f8E4M3FNUZ -2.0e-3 -1.953130e-03
f8E4M3FNUZ 7.5 7.500000e+00
f8E4M3FNUZ 15.5 1.600000e+01
f8E4M3FNUZ 464.0 0x80
f8E4M3FNUZ 470.0 0x80
f8E4M3FNUZ 57344.0 0x80
f8E4M3FNUZ 61440.0 0x80
f8E4M3FNUZ 65520.0 0x80
f8E4M3FNUZ 1.0e10 0x80
f8E4M3FNUZ 1.0e-40 0.000000e+00
f8E4M3FNUZ 1.0e-45 0.000000e+00
f8E4M3FNUZ 1.0e300 0x80
f8E4M3FNUZ 1.0e-320 0.000000e+00
f8E4M3FNUZ 123456789.0 0x80
f8E4M3FNUZ 1234567.8 0x80
f8E4M3FNUZ 0.123456789 1.250000e-01
f8E4M3FNUZ 3.4028235e38 0x80
f8E4M3FNUZ 3.4028236e38 0x80
f8E4M3FNUZ 1.0e39 0x80
f8E4M3FNUZ 16777217.0 0x80
f8E4M3FNUZ 5.877471754111438e-39 0.000000e+00
f8E4M3FNUZ 1.7014118346046923e38 0x80
f8E4M3FNUZ 3.141592653589793 3.250000e+00
f8E4M3FNUZ 6.103515625e-05 0.000000e+00
f8E4M3FNUZ 1.e3 0x80
f8E4M3FNUZ 99999.99 0x80
f8E4M3FNUZ 12345678.0 0x80
f8E4M3FNUZ 2.0e-7 0.000000e+00
f8E4M3FNUZ -1.0e400 0x80
f8E4M3FNUZ 1.0e-400 0.000000e+00
f8E4M3FNUZ 0.99999999999999999999 1.000000e+00
f8E4M3FNUZ 1.0000000000000002 1.000000e+00
f8E4M3B11FNUZ 0.0 0.000000e+00
f8E4M3B11FNUZ -0.0 0.000000e+00
f8E4M3B11FNUZ 1.0 1.000000e+00
f8E4M3B11FNUZ -1.0 -1.000000e+00
f8E4M3B11FNUZ 0.1 1.015630e-01
f8E4M3B11FNUZ -0.1 -1.015630e-01
f8E4M3B11FNUZ 1.5 1.500000e+00
f8E4M3B11FNUZ 2.5 2.500000e+00
f8E4M3B11FNUZ 0.3 3.125000e-01
f8E4M3B11FNUZ 1.1 1.125000e+00
f8E4M3B11FNUZ 100.0 0x80
f8E4M3B11FNUZ -2.0e-3 -1.953130e-03
f8E4M3B11FNUZ 7.5 7.500000e+00
f8E4M3B11FNUZ 15.5 1.600000e+01
f8E4M3B11FNUZ 464.0 0x80
f8E4M3B11FNUZ 470.0 0x80
f8E4M3B11FNUZ 57344.0 0x80
f8E4M3B11FNUZ 61440.0 0x80
f8E4M3B11FNUZ 65520.0 0x80
f8E4M3B11FNUZ 1.0e10 0x80
f8E4M3B11FNUZ 1.0e-40 0.000000e+00
f8E4M3B11FNUZ 1.0e-45 0.000000e+00
f8E4M3B11FNUZ 1.0e300 0x80
f8E4M3B11FNUZ 1.0e-320 0.000000e+00
f8E4M3B11FNUZ 123456789.0 0x80
f8E4M3B11FNUZ 1234567.8 0x80
f8E4M3B11FNUZ 0.123456789 1.250000e-01
f8E4M3B11FNUZ 3.4028235e38 0x80
f8E4M3B11FNUZ 3.4028236e38 0x80
f8E4M3B11FNUZ 1.0e39 0x80
f8E4M3B11FNUZ 16777217.0 0x80
f8E4M3B11FNUZ 5.877471754111438e-39 0.000000e+00
f8E4M3B11FNUZ 1.7014118346046923e38 0x80
f8E4M3B11FNUZ 3.141592653589793 3.250000e+00
f8E4M3B11FNUZ 6.103515625e-05 0.000000e+00
f8E4M3B11FNUZ 1.e3 0x80
f8E4M3B11FNUZ 99999.99 0x80
f8E4M3B11FNUZ 12345678.0 0x80
f8E4M3B11FNUZ 2.0e-7 0.000000e+00
f8E4M3B11FNUZ -1.0e400 0x80
f8E4M3B11FNUZ 1.0e-400 0.000000e+00
f8E4M3B11FNUZ 0.99999999999999999999 1.000000e+00
f8E4M3B11FNUZ 1.0000000000000002 1.000000e+00
f8E3M4 0.0 0.000000e+00
f8E3M4 -0.0 -0.000000e+00
f8E3M4 1.0 1.000000e+00
f8E3M4 -1.0 -1.000000e+00
f8E3M4 0.1 9.375000e-02
f8E3M4 -0.1 -9.375000e-02
f8E3M4 1.5 1.500000e+00
f8E3M4 2.5 2.500000e+00
f8E3M4 0.3 2.968750e-01
f8E3M4 1.1 1.125000e+00
f8E3M4 100.0 0x70
f8E3M4 -2.0e-3 -0.000000e+00
f8E3M4 7.5 7.500000e+00
f8E3M4 15.5 1.550000e+01
f8E3M4 464.0 0x70
f8E3M4 470.0 0x70
f8E3M4 57344.0 0x70
f8E3M4 61440.0 0x70
f8E3M4 65520.0 0x70
f8E3M4 1.0e10 0x70
f8E3M4 1.0e-40 0.000000e+00
f8E3M4 1.0e-45 0.000000e+00
f8E3M4 1.0e300 0x70
f8E3M4 1.0e-320 0.000000e+00
f8E3M4 123456789.0 0x70
f8E3M4 1234567.8 0x70
f8E3M4 0.123456789 1.250000e-01
f8E3M4 3.4028235e38 0x70
f8E3M4 3.4028236e38 0x70
f8E3M4 1.0e39 0x70
f8E3M4 16777217.0 0x70
f8E3M4 5.877471754111438e-39 0.000000e+00
f8E3M4 1.7014118346046923e38 0x70
f8E3M4 3.141592653589793 3.125000e+00
f8E3M4 6.103515625e-05 0.000000e+00
f8E3M4 1.e3 0x70
f8E3M4 99999.99 0x70
f8E3M4 12345678.0 0x70
f8E3M4 2.0e-7 0.000000e+00
f8E3M4 -1.0e400 0xF0
f8E3M4 1.0e-400 0.000000e+00
f8E3M4 0.99999999999999999999 1.000000e+00
f8E3M4 1.0000000000000002 1.000000e+00
f8E8M0FNU 0.0 5.877470e-39
f8E8M0FNU -0.0 5.877470e-39
f8E8M0FNU 1.0 1.000000e+00
f8E8M0FNU 0.1 1.250000e-01
f8E8M0FNU 1.5 2.000000e+00
f8E8M0FNU 2.5 2.000000e+00
f8E8M0FNU 0.3 2.500000e-01
f8E8M0FNU 1.1 1.000000e+00
f8E8M0FNU 100.0 1.280000e+02
f8E8M0FNU 7.5 8.000000e+00
f8E8M0FNU 15.5 1.600000e+01
f8E8M0FNU 464.0 5.120000e+02
f8E8M0FNU 470.0 5.120000e+02
f8E8M0FNU 57344.0 6.553600e+04
f8E8M0FNU 61440.0 6.553600e+04
f8E8M0FNU 65520.0 6.553600e+04
f8E8M0FNU 1.0e10 8.589930e+09
f8E8M0FNU 1.0e-40 5.877470e-39
f8E8M0FNU 1.0e-45 5.877470e-39
f8E8M0FNU 1.0e300 0xFF
f8E8M0FNU 1.0e-320 5.877470e-39
f8E8M0FNU 123456789.0 1.342180e+08
f8E8M0FNU 1234567.8 1.048580e+06
f8E8M0FNU 0.123456789 1.250000e-01
f8E8M0FNU 3.4028235e38 0xFF
f8E8M0FNU 3.4028236e38 0xFF
f8E8M0FNU 1.0e39 0xFF
f8E8M0FNU 16777217.0 1.677720e+07
f8E8M0FNU 5.877471754111438e-39 5.877470e-39
f8E8M0FNU 1.7014118346046923e38 1.701410e+38
f8E8M0FNU 3.141592653589793 4.000000e+00
f8E8M0FNU 6.103515625e-05 6.103520e-05
f8E8M0FNU 1.e3 1.024000e+03
f8E8M0FNU 99999.99 1.310720e+05
f8E8M0FNU 12345678.0 8.388600e+06
f8E8M0FNU 2.0e-7 2.384190e-07
f8E8M0FNU -1.0e400 0xFF
f8E8M0FNU 1.0e-400 5.877470e-39
f8E8M0FNU 0.99999999999999999999 1.000000e+00
f8E8M0FNU 1.0000000000000002 1.000000e+00
bf16 0.0 0.000000e+00
bf16 -0.0 -0.000000e+00
bf16 1.0 1.000000e+00
bf16 -1.0 -1.000000e+00
bf16 0.1 1.000980e-01
bf16 -0.1 -1.000980e-01
bf16 1.5 1.500000e+00
bf16 2.5 2.500000e+00
bf16 0.3 3.007810e-01
bf16 1.1 1.101560e+00
bf16 100.0 1.000000e+02
bf16 -2.0e-3 -1.998900e-03
bf16 7.5 7.500000e+00
bf16 15.5 1.550000e+01
bf16 464.0 4.640000e+02
bf16 470.0 4.700000e+02
bf16 57344.0 5.734400e+04
bf16 61440.0 6.144000e+04
bf16 65520.0 6.553600e+04
bf16 1.0e10 9.999220e+09
bf16 1.0e-40 9.183550e-41
bf16 1.0e-45 0.000000e+00
bf16 1.0e300 0x7F80
bf16 1.0e-320 0.000000e+00
bf16 123456789.0 1.232080e+08
bf16 1234567.8 1.236990e+06
bf16 0.123456789 1.235350e-01
bf16 3.4028235e38 0x7F80
bf16 3.4028236e38 0x7F80
bf16 1.0e39 0x7F80
bf16 16777217.0 1.677720e+07
bf16 5.877471754111438e-39 5.877470e-39
bf16 1.7014118346046923e38 1.701410e+38
bf16 3.141592653589793 3.140630e+00
bf16 6.103515625e-05 6.103520e-05
bf16 1.e3 1.000000e+03
bf16 99999.99 9.984000e+04
bf16 12345678.0 1.232080e+07
bf16 2.0e-7 2.002340e-07
bf16 -1.0e400 0xFF80
bf16 1.0e-400 0.000000e+00
bf16 0.99999999999999999999 1.000000e+00
bf16 1.0000000000000002 1.000000e+00
f16 0.0 0.000000e+00
f16 -0.0 -0.000000e+00
f16 1.0 1.000000e+00
f16 -1.0 -1.000000e+00
f16 0.1 9.997550e-02
f16 -0.1 -9.997550e-02
f16 1.5 1.500000e+00
f16 2.5 2.500000e+00
f16 0.3 3.000490e-01
f16 1.1 1.099610e+00
f16 100.0 1.000000e+02
f16 -2.0e-3 -2.000810e-03
f16 7.5 7.500000e+00
f16 15.5 1.550000e+01
f16 464.0 4.640000e+02
f16 470.0 4.700000e+02
f16 57344.0 5.734400e+04
f16 61440.0 6.144000e+04
f16 65520.0 0x7C00
f16 1.0e10 0x7C00
f16 1.0e-40 0.000000e+00
f16 1.0e-45 0.000000e+00
f16 1.0e300 0x7C00
f16 1.0e-320 0.000000e+00
f16 123456789.0 0x7C00
f16 1234567.8 0x7C00
f16 0.123456789 1.234740e-01
f16 3.4028235e38 0x7C00
f16 3.4028236e38 0x7C00
f16 1.0e39 0x7C00
f16 16777217.0 0x7C00
f16 5.877471754111438e-39 0.000000e+00
f16 1.7014118346046923e38 0x7C00
f16 3.141592653589793 3.140630e+00
f16 6.103515625e-05 6.103520e-05
f16 1.e3 1.000000e+03
f16 99999.99 0x7C00
f16 12345678.0 0x7C00
f16 2.0e-7 1.788140e-07
f16 -1.0e400 0xFC00
f16 1.0e-400 0.000000e+00
f16 0.99999999999999999999 1.000000e+00
f16 1.0000000000000002 1.000000e+00
tf32 0.0 0.000000e+00
tf32 -0.0 -0.000000e+00
tf32 1.0 1.000000e+00
tf32 -1.0 -1.000000e+00
tf32 0.1 9.997550e-02
tf32 -0.1 -9.997550e-02
tf32 1.5 1.500000e+00
tf32 2.5 2.500000e+00
tf32 0.3 3.000490e-01
tf32 1.1 1.099610e+00
tf32 100.0 1.000000e+02
tf32 -2.0e-3 -2.000810e-03
tf32 7.5 7.500000e+00
tf32 15.5 1.550000e+01
tf32 464.0 4.640000e+02
tf32 470.0 4.700000e+02
tf32 57344.0 5.734400e+04
tf32 61440.0 6.144000e+04
tf32 65520.0 6.553600e+04
tf32 1.0e10 9.999220e+09
tf32 1.0e-40 1.033150e-40
tf32 1.0e-45 0.000000e+00
tf32 1.0e300 0x3FC00
tf32 1.0e-320 0.000000e+00
tf32 123456789.0 1.234700e+08
tf32 1234567.8 1.234940e+06
tf32 0.123456789 1.234740e-01
tf32 3.4028235e38 0x3FC00
tf32 3.4028236e38 0x3FC00
tf32 1.0e39 0x3FC00
tf32 16777217.0 1.677720e+07
tf32 5.877471754111438e-39 5.877470e-39
tf32 1.7014118346046923e38 1.701410e+38
tf32 3.141592653589793 3.140630e+00
tf32 6.103515625e-05 6.103520e-05
tf32 1.e3 1.000000e+03
tf32 99999.99 9.996800e+04
tf32 12345678.0 1.234530e+07
tf32 2.0e-7 2.000020e-07
tf32 -1.0e400 0x7FC00
tf32 1.0e-400 0.000000e+00
tf32 0.99999999999999999999 1.000000e+00
tf32 1.0000000000000002 1.000000e+00
f32 0.0 0.000000e+00
f32 -0.0 -0.000000e+00
f32 1.0 1.000000e+00
f32 -1.0 -1.000000e+00
f32 0.1 1.000000e-01
f32 -0.1 -1.000000e-01
f32 1.5 1.500000e+00
f32 2.5 2.500000e+00
f32 0.3 3.000000e-01
f32 1.1 1.100000e+00
f32 100.0 1.000000e+02
f32 -2.0e-3 -2.000000e-03
f32 7.5 7.500000e+00
f32 15.5 1.550000e+01
f32 464.0 4.640000e+02
f32 470.0 4.700000e+02
f32 57344.0 5.734400e+04
f32 61440.0 6.144000e+04
f32 65520.0 6.552000e+04
f32 1.0e10 1.000000e+10
f32 1.0e-40 9.999940e-41
f32 1.0e-45 1.401300e-45
f32 1.0e300 0x7F800000
f32 1.0e-320 0.000000e+00
f32 123456789.0 0x4CEB79A3
f32 1234567.8 1234567.75
f32 0.123456789 0.123456791
f32 3.4028235e38 3.40282347E+38
f32 3.4028236e38 0x7F800000
f32 1.0e39 0x7F800000
f32 16777217.0 0x4B800000
f32 5.877471754111438e-39 5.87747175E-39
f32 1.7014118346046923e38 1.70141183E+38
f32 3.141592653589793 3.14159274
f32 6.103515625e-05 6.10351563E-5
f32 1.e3 1.000000e+03
f32 99999.99 99999.9921
f32 12345678.0 0x4B3C614E
f32 2.0e-7 2.000000e-07
f32 -1.0e400 0xFF800000
f32 1.0e-400 0.000000e+00
f32 0.99999999999999999999 1.000000e+00
f32 1.0000000000000002 1.000000e+00
f64 0.0 0.000000e+00
f64 -0.0 -0.000000e+00
f64 1.0 1.000000e+00
f64 -1.0 -1.000000e+00
f64 0.1 1.000000e-01
f64 -0.1 -1.000000e-01
f64 1.5 1.500000e+00
f64 2.5 2.500000e+00
f64 0.3 3.000000e-01
f64 1.1 1.100000e+00
f64 100.0 1.000000e+02
f64 -2.0e-3 -2.000000e-03
f64 7.5 7.500000e+00
f64 15.5 1.550000e+01
f64 464.0 4.640000e+02
f64 470.0 4.700000e+02
f64 57344.0 5.734400e+04
f64 61440.0 6.144000e+04
f64 65520.0 6.552000e+04
f64 1.0e10 1.000000e+10
f64 1.0e-40 9.9999999999999992E-41
f64 1.0e-45 9.9999999999999998E-46
f64 1.0e300 1.000000e+300
f64 1.0e-320 9.999880e-321
f64 123456789.0 0x419D6F3454000000
f64 1234567.8 1234567.8
f64 0.123456789 0.123456789
f64 3.4028235e38 3.4028234999999999E+38
f64 3.4028236e38 3.4028235999999999E+38
f64 1.0e39 9.9999999999999994E+38
f64 16777217.0 0x4170000010000000
f64 5.877471754111438e-39 5.8774717541114375E-39
f64 1.7014118346046923e38 1.7014118346046923E+38
f64 3.141592653589793 3.1415926535897931
f64 6.103515625e-05 6.103515625E-5
f64 1.e3 1.000000e+03
f64 99999.99 99999.990000000005
f64 12345678.0 0x41678C29C0000000
f64 2.0e-7 2.000000e-07
f64 -1.0e400 0xFFF0000000000000
f64 1.0e-400 0.000000e+00
f64 0.99999999999999999999 1.000000e+00
f64 1.0000000000000002 1.0000000000000002
f80 0.0 0.000000e+00
f80 -0.0 -0.000000e+00
f80 1.0 1.000000e+00
f80 -1.0 -1.000000e+00
f80 0.1 0.100000000000000005551
f80 -0.1 -0.100000000000000005551
f80 1.5 1.500000e+00
f80 2.5 2.500000e+00
f80 0.3 0.299999999999999988898
f80 1.1 1.10000000000000008882
f80 100.0 1.000000e+02
f80 -2.0e-3 -0.00200000000000000004163
f80 7.5 7.500000e+00
f80 15.5 1.550000e+01
f80 464.0 4.640000e+02
f80 470.0 4.700000e+02
f80 57344.0 5.734400e+04
f80 61440.0 6.144000e+04
f80 65520.0 6.552000e+04
f80 1.0e10 1.000000e+10
f80 1.0e-40 9.99999999999999929292E-41
f80 1.0e-45 9.99999999999999984105E-46
f80 1.0e300 1.0000000000000000525E+300
f80 1.0e-320 9.99988867182683005413E-321
f80 123456789.0 0x4019EB79A2A000000000
f80 1234567.8 1234567.80000000004657
f80 0.123456789 0.123456788999999997336
f80 3.4028235e38 3.40282349999999991755E+38
f80 3.4028236e38 3.40282359999999991114E+38
f80 1.0e39 9.99999999999999939709E+38
f80 16777217.0 0x40178000008000000000
f80 5.877471754111438e-39 5.87747175411143753984E-39
f80 1.7014118346046923e38 1.70141183460469231732E+38
f80 3.141592653589793 3.141592653589793116
f80 6.103515625e-05 6.103515625E-5
f80 1.e3 1.000000e+03
f80 99999.99 99999.9900000000052386
f80 12345678.0 0x4016BC614E0000000000
f80 2.0e-7 1.9999999999999999095E-7
f80 -1.0e400 0xFFFF8000000000000000
f80 1.0e-400 0.000000e+00
f80 0.99999999999999999999 1.000000e+00
f80 1.0000000000000002 1.00000000000000022204
f128 0.0 0.000000e+00
f128 -0.0 -0.000000e+00
f128 1.0 1.000000e+00
f128 -1.0 -1.000000e+00
f128 0.1 0.100000000000000005551115123125782702
f128 -0.1 -0.100000000000000005551115123125782702
f128 1.5 1.500000e+00
f128 2.5 2.500000e+00
f128 0.3 0.299999999999999988897769753748434596
f128 1.1 1.10000000000000008881784197001252323
f128 100.0 1.000000e+02
f128 -2.0e-3 -0.00200000000000000004163336342344337027
f128 7.5 7.500000e+00
f128 15.5 1.550000e+01
f128 464.0 4.640000e+02
f128 470.0 4.700000e+02
f128 57344.0 5.734400e+04
f128 61440.0 6.144000e+04
f128 65520.0 6.552000e+04
f128 1.0e10 1.000000e+10
f128 1.0e-40 9.99999999999999929292879399880145002E-41
f128 1.0e-45 9.99999999999999984105197967281081158E-46
f128 1.0e300 1.00000000000000005250476025520442025E+300
f128 1.0e-320 9.99988867182683005413375236765280058E-321
f128 123456789.0 0x4019D6F3454000000000000000000000
f128 1234567.8 1234567.80000000004656612873077392578
f128 0.123456789 0.123456788999999997336054491370305186
f128 3.4028235e38 3.40282349999999991754788743781432689E+38
f128 3.4028236e38 3.40282359999999991113723490719674401E+38
f128 1.0e39 9.99999999999999939709166371603178586E+38
f128 16777217.0 0x40170000010000000000000000000000
f128 5.877471754111438e-39 5.87747175411143753984368268611122839E-39
f128 1.7014118346046923e38 1.70141183460469231731687303715884106E+38
f128 3.141592653589793 3.14159265358979311599796346854418516
f128 6.103515625e-05 6.103515625E-5
f128 1.e3 1.000000e+03
f128 99999.99 99999.9900000000052386894822120666503
f128 12345678.0 0x401678C29C0000000000000000000000
f128 2.0e-7 1.99999999999999990949622365177251737E-7
f128 -1.0e400 0xFFFF0000000000000000000000000000
f128 1.0e-400 0.000000e+00
f128 0.99999999999999999999 1.000000e+00
f128 1.0000000000000002 1.00000000000000022204460492503130808
";

    /// Hex bit patterns of the wider kinds, printed by mlir-opt 22.
    const HEX: &str = "\
bf16 0x7F80 0x7F80
bf16 0xFF80 0xFF80
bf16 0x7FC0 0x7FC0
bf16 0x7F81 0x7F81
bf16 0xFFFF 0xFFFF
bf16 0x0 0.000000e+00
bf16 0x1 9.183550e-41
bf16 0x8000 -0.000000e+00
bf16 0x8001 -9.183550e-41
bf16 0x7F7F 3.389530e+38
bf16 0x80 1.175490e-38
bf16 0x7F 1.166310e-38
f16 0x7C00 0x7C00
f16 0xFC00 0xFC00
f16 0x7E00 0x7E00
f16 0x7C01 0x7C01
f16 0xFFFF 0xFFFF
f16 0x0 0.000000e+00
f16 0x1 5.960460e-08
f16 0x8000 -0.000000e+00
f16 0x8001 -5.960460e-08
f16 0x7BFF 6.550400e+04
f16 0x400 6.103520e-05
f16 0x3FF 6.097560e-05
tf32 0x3FC00 0x3FC00
tf32 0x7FC00 0x7FC00
tf32 0x3FE00 0x3FE00
tf32 0x3FC01 0x3FC01
tf32 0x7FFFF 0x7FFFF
tf32 0x0 0.000000e+00
tf32 0x1 1.147940e-41
tf32 0x40000 -0.000000e+00
tf32 0x40001 -1.147940e-41
tf32 0x3FBFF 3.401160e+38
tf32 0x400 1.175490e-38
tf32 0x3FF 1.174350e-38
f32 0x7F800000 0x7F800000
f32 0xFF800000 0xFF800000
f32 0x7FC00000 0x7FC00000
f32 0x7F800001 0x7F800001
f32 0xFFFFFFFF 0xFFFFFFFF
f32 0x0 0.000000e+00
f32 0x1 1.401300e-45
f32 0x80000000 -0.000000e+00
f32 0x80000001 -1.401300e-45
f32 0x7F7FFFFF 3.40282347E+38
f32 0x800000 1.17549435E-38
f32 0x7FFFFF 1.17549421E-38
f64 0x7FF0000000000000 0x7FF0000000000000
f64 0xFFF0000000000000 0xFFF0000000000000
f64 0x7FF8000000000000 0x7FF8000000000000
f64 0x7FF0000000000001 0x7FF0000000000001
f64 0xFFFFFFFFFFFFFFFF 0xFFFFFFFFFFFFFFFF
f64 0x0 0.000000e+00
f64 0x1 4.940660e-324
f64 0x8000000000000000 -0.000000e+00
f64 0x8000000000000001 -4.940660e-324
f64 0x7FEFFFFFFFFFFFFF 1.7976931348623157E+308
f64 0x10000000000000 2.2250738585072014E-308
f64 0xFFFFFFFFFFFFF 2.2250738585072009E-308
f80 0x7FFF8000000000000000 0x7FFF8000000000000000
f80 0xFFFF8000000000000000 0xFFFF8000000000000000
f80 0x7FFFC000000000000000 0x7FFFC000000000000000
f80 0x7FFE8000000000000000 5.94865747678615882543E+4931
f80 0x0 0.000000e+00
f80 0x1 3.645200e-4951
f80 0x80000000000000000000 -0.000000e+00
f80 0x3FFF8000000000000000 1.000000e+00
f128 0x7FFF0000000000000000000000000000 0x7FFF0000000000000000000000000000
f128 0xFFFF0000000000000000000000000000 0xFFFF0000000000000000000000000000
f128 0x7FFF8000000000000000000000000000 0x7FFF8000000000000000000000000000
f128 0x7FFF0000000000000000000000000001 0x7FFF0000000000000000000000000001
f128 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF
f128 0x0 0.000000e+00
f128 0x1 6.475180e-4966
f128 0x80000000000000000000000000000000 -0.000000e+00
f128 0x80000000000000000000000000000001 -6.475180e-4966
f128 0x7FFEFFFFFFFFFFFFFFFFFFFFFFFFFFFF 1.18973149535723176508575932662800702E+4932
f128 0x10000000000000000000000000000 3.3621031431120935062626778173217526E-4932
f128 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFF 3.36210314311209350626267781732175196E-4932
";

    /// Every bit pattern of each small kind, in order, as mlir-opt 22 prints it.
    const EXHAUSTIVE: &[(&str, &str)] = &[
        (
            "f4E2M1FN",
            "\
0.000000e+00 5.000000e-01 1.000000e+00 1.500000e+00 2.000000e+00 3.000000e+00 \
4.000000e+00 6.000000e+00 -0.000000e+00 -5.000000e-01 -1.000000e+00 \
-1.500000e+00 -2.000000e+00 -3.000000e+00 -4.000000e+00 -6.000000e+00",
        ),
        (
            "f6E2M3FN",
            "\
0.000000e+00 1.250000e-01 2.500000e-01 3.750000e-01 5.000000e-01 6.250000e-01 \
7.500000e-01 8.750000e-01 1.000000e+00 1.125000e+00 1.250000e+00 1.375000e+00 \
1.500000e+00 1.625000e+00 1.750000e+00 1.875000e+00 2.000000e+00 2.250000e+00 \
2.500000e+00 2.750000e+00 3.000000e+00 3.250000e+00 3.500000e+00 3.750000e+00 \
4.000000e+00 4.500000e+00 5.000000e+00 5.500000e+00 6.000000e+00 6.500000e+00 \
7.000000e+00 7.500000e+00 -0.000000e+00 -1.250000e-01 -2.500000e-01 \
-3.750000e-01 -5.000000e-01 -6.250000e-01 -7.500000e-01 -8.750000e-01 \
-1.000000e+00 -1.125000e+00 -1.250000e+00 -1.375000e+00 -1.500000e+00 \
-1.625000e+00 -1.750000e+00 -1.875000e+00 -2.000000e+00 -2.250000e+00 \
-2.500000e+00 -2.750000e+00 -3.000000e+00 -3.250000e+00 -3.500000e+00 \
-3.750000e+00 -4.000000e+00 -4.500000e+00 -5.000000e+00 -5.500000e+00 \
-6.000000e+00 -6.500000e+00 -7.000000e+00 -7.500000e+00",
        ),
        (
            "f6E3M2FN",
            "\
0.000000e+00 6.250000e-02 1.250000e-01 1.875000e-01 2.500000e-01 3.125000e-01 \
3.750000e-01 4.375000e-01 5.000000e-01 6.250000e-01 7.500000e-01 8.750000e-01 \
1.000000e+00 1.250000e+00 1.500000e+00 1.750000e+00 2.000000e+00 2.500000e+00 \
3.000000e+00 3.500000e+00 4.000000e+00 5.000000e+00 6.000000e+00 7.000000e+00 \
8.000000e+00 1.000000e+01 1.200000e+01 1.400000e+01 1.600000e+01 2.000000e+01 \
2.400000e+01 2.800000e+01 -0.000000e+00 -6.250000e-02 -1.250000e-01 \
-1.875000e-01 -2.500000e-01 -3.125000e-01 -3.750000e-01 -4.375000e-01 \
-5.000000e-01 -6.250000e-01 -7.500000e-01 -8.750000e-01 -1.000000e+00 \
-1.250000e+00 -1.500000e+00 -1.750000e+00 -2.000000e+00 -2.500000e+00 \
-3.000000e+00 -3.500000e+00 -4.000000e+00 -5.000000e+00 -6.000000e+00 \
-7.000000e+00 -8.000000e+00 -1.000000e+01 -1.200000e+01 -1.400000e+01 \
-1.600000e+01 -2.000000e+01 -2.400000e+01 -2.800000e+01",
        ),
        (
            "f8E5M2",
            "\
0.000000e+00 1.525880e-05 3.051760e-05 4.577640e-05 6.103520e-05 7.629390e-05 \
9.155270e-05 1.068120e-04 1.220700e-04 1.525880e-04 1.831050e-04 2.136230e-04 \
2.441410e-04 3.051760e-04 3.662110e-04 4.272460e-04 4.882810e-04 6.103520e-04 \
7.324210e-04 8.544920e-04 9.765620e-04 1.220700e-03 1.464840e-03 1.708980e-03 \
1.953130e-03 2.441410e-03 2.929690e-03 3.417970e-03 3.906250e-03 4.882810e-03 \
5.859380e-03 6.835930e-03 7.812500e-03 9.765620e-03 1.171880e-02 1.367190e-02 \
1.562500e-02 1.953130e-02 2.343750e-02 2.734380e-02 3.125000e-02 3.906250e-02 \
4.687500e-02 5.468750e-02 6.250000e-02 7.812500e-02 9.375000e-02 1.093750e-01 \
1.250000e-01 1.562500e-01 1.875000e-01 2.187500e-01 2.500000e-01 3.125000e-01 \
3.750000e-01 4.375000e-01 5.000000e-01 6.250000e-01 7.500000e-01 8.750000e-01 \
1.000000e+00 1.250000e+00 1.500000e+00 1.750000e+00 2.000000e+00 2.500000e+00 \
3.000000e+00 3.500000e+00 4.000000e+00 5.000000e+00 6.000000e+00 7.000000e+00 \
8.000000e+00 1.000000e+01 1.200000e+01 1.400000e+01 1.600000e+01 2.000000e+01 \
2.400000e+01 2.800000e+01 3.200000e+01 4.000000e+01 4.800000e+01 5.600000e+01 \
6.400000e+01 8.000000e+01 9.600000e+01 1.120000e+02 1.280000e+02 1.600000e+02 \
1.920000e+02 2.240000e+02 2.560000e+02 3.200000e+02 3.840000e+02 4.480000e+02 \
5.120000e+02 6.400000e+02 7.680000e+02 8.960000e+02 1.024000e+03 1.280000e+03 \
1.536000e+03 1.792000e+03 2.048000e+03 2.560000e+03 3.072000e+03 3.584000e+03 \
4.096000e+03 5.120000e+03 6.144000e+03 7.168000e+03 8.192000e+03 1.024000e+04 \
1.228800e+04 1.433600e+04 1.638400e+04 2.048000e+04 2.457600e+04 2.867200e+04 \
3.276800e+04 4.096000e+04 4.915200e+04 5.734400e+04 0x7C 0x7D 0x7E 0x7F \
-0.000000e+00 -1.525880e-05 -3.051760e-05 -4.577640e-05 -6.103520e-05 \
-7.629390e-05 -9.155270e-05 -1.068120e-04 -1.220700e-04 -1.525880e-04 \
-1.831050e-04 -2.136230e-04 -2.441410e-04 -3.051760e-04 -3.662110e-04 \
-4.272460e-04 -4.882810e-04 -6.103520e-04 -7.324210e-04 -8.544920e-04 \
-9.765620e-04 -1.220700e-03 -1.464840e-03 -1.708980e-03 -1.953130e-03 \
-2.441410e-03 -2.929690e-03 -3.417970e-03 -3.906250e-03 -4.882810e-03 \
-5.859380e-03 -6.835930e-03 -7.812500e-03 -9.765620e-03 -1.171880e-02 \
-1.367190e-02 -1.562500e-02 -1.953130e-02 -2.343750e-02 -2.734380e-02 \
-3.125000e-02 -3.906250e-02 -4.687500e-02 -5.468750e-02 -6.250000e-02 \
-7.812500e-02 -9.375000e-02 -1.093750e-01 -1.250000e-01 -1.562500e-01 \
-1.875000e-01 -2.187500e-01 -2.500000e-01 -3.125000e-01 -3.750000e-01 \
-4.375000e-01 -5.000000e-01 -6.250000e-01 -7.500000e-01 -8.750000e-01 \
-1.000000e+00 -1.250000e+00 -1.500000e+00 -1.750000e+00 -2.000000e+00 \
-2.500000e+00 -3.000000e+00 -3.500000e+00 -4.000000e+00 -5.000000e+00 \
-6.000000e+00 -7.000000e+00 -8.000000e+00 -1.000000e+01 -1.200000e+01 \
-1.400000e+01 -1.600000e+01 -2.000000e+01 -2.400000e+01 -2.800000e+01 \
-3.200000e+01 -4.000000e+01 -4.800000e+01 -5.600000e+01 -6.400000e+01 \
-8.000000e+01 -9.600000e+01 -1.120000e+02 -1.280000e+02 -1.600000e+02 \
-1.920000e+02 -2.240000e+02 -2.560000e+02 -3.200000e+02 -3.840000e+02 \
-4.480000e+02 -5.120000e+02 -6.400000e+02 -7.680000e+02 -8.960000e+02 \
-1.024000e+03 -1.280000e+03 -1.536000e+03 -1.792000e+03 -2.048000e+03 \
-2.560000e+03 -3.072000e+03 -3.584000e+03 -4.096000e+03 -5.120000e+03 \
-6.144000e+03 -7.168000e+03 -8.192000e+03 -1.024000e+04 -1.228800e+04 \
-1.433600e+04 -1.638400e+04 -2.048000e+04 -2.457600e+04 -2.867200e+04 \
-3.276800e+04 -4.096000e+04 -4.915200e+04 -5.734400e+04 0xFC 0xFD 0xFE 0xFF",
        ),
        (
            "f8E4M3",
            "\
0.000000e+00 1.953130e-03 3.906250e-03 5.859380e-03 7.812500e-03 9.765620e-03 \
1.171880e-02 1.367190e-02 1.562500e-02 1.757810e-02 1.953130e-02 2.148440e-02 \
2.343750e-02 2.539060e-02 2.734380e-02 2.929690e-02 3.125000e-02 3.515630e-02 \
3.906250e-02 4.296880e-02 4.687500e-02 5.078130e-02 5.468750e-02 5.859380e-02 \
6.250000e-02 7.031250e-02 7.812500e-02 8.593750e-02 9.375000e-02 1.015630e-01 \
1.093750e-01 1.171880e-01 1.250000e-01 1.406250e-01 1.562500e-01 1.718750e-01 \
1.875000e-01 2.031250e-01 2.187500e-01 2.343750e-01 2.500000e-01 2.812500e-01 \
3.125000e-01 3.437500e-01 3.750000e-01 4.062500e-01 4.375000e-01 4.687500e-01 \
5.000000e-01 5.625000e-01 6.250000e-01 6.875000e-01 7.500000e-01 8.125000e-01 \
8.750000e-01 9.375000e-01 1.000000e+00 1.125000e+00 1.250000e+00 1.375000e+00 \
1.500000e+00 1.625000e+00 1.750000e+00 1.875000e+00 2.000000e+00 2.250000e+00 \
2.500000e+00 2.750000e+00 3.000000e+00 3.250000e+00 3.500000e+00 3.750000e+00 \
4.000000e+00 4.500000e+00 5.000000e+00 5.500000e+00 6.000000e+00 6.500000e+00 \
7.000000e+00 7.500000e+00 8.000000e+00 9.000000e+00 1.000000e+01 1.100000e+01 \
1.200000e+01 1.300000e+01 1.400000e+01 1.500000e+01 1.600000e+01 1.800000e+01 \
2.000000e+01 2.200000e+01 2.400000e+01 2.600000e+01 2.800000e+01 3.000000e+01 \
3.200000e+01 3.600000e+01 4.000000e+01 4.400000e+01 4.800000e+01 5.200000e+01 \
5.600000e+01 6.000000e+01 6.400000e+01 7.200000e+01 8.000000e+01 8.800000e+01 \
9.600000e+01 1.040000e+02 1.120000e+02 1.200000e+02 1.280000e+02 1.440000e+02 \
1.600000e+02 1.760000e+02 1.920000e+02 2.080000e+02 2.240000e+02 2.400000e+02 \
0x78 0x79 0x7A 0x7B 0x7C 0x7D 0x7E 0x7F -0.000000e+00 -1.953130e-03 \
-3.906250e-03 -5.859380e-03 -7.812500e-03 -9.765620e-03 -1.171880e-02 \
-1.367190e-02 -1.562500e-02 -1.757810e-02 -1.953130e-02 -2.148440e-02 \
-2.343750e-02 -2.539060e-02 -2.734380e-02 -2.929690e-02 -3.125000e-02 \
-3.515630e-02 -3.906250e-02 -4.296880e-02 -4.687500e-02 -5.078130e-02 \
-5.468750e-02 -5.859380e-02 -6.250000e-02 -7.031250e-02 -7.812500e-02 \
-8.593750e-02 -9.375000e-02 -1.015630e-01 -1.093750e-01 -1.171880e-01 \
-1.250000e-01 -1.406250e-01 -1.562500e-01 -1.718750e-01 -1.875000e-01 \
-2.031250e-01 -2.187500e-01 -2.343750e-01 -2.500000e-01 -2.812500e-01 \
-3.125000e-01 -3.437500e-01 -3.750000e-01 -4.062500e-01 -4.375000e-01 \
-4.687500e-01 -5.000000e-01 -5.625000e-01 -6.250000e-01 -6.875000e-01 \
-7.500000e-01 -8.125000e-01 -8.750000e-01 -9.375000e-01 -1.000000e+00 \
-1.125000e+00 -1.250000e+00 -1.375000e+00 -1.500000e+00 -1.625000e+00 \
-1.750000e+00 -1.875000e+00 -2.000000e+00 -2.250000e+00 -2.500000e+00 \
-2.750000e+00 -3.000000e+00 -3.250000e+00 -3.500000e+00 -3.750000e+00 \
-4.000000e+00 -4.500000e+00 -5.000000e+00 -5.500000e+00 -6.000000e+00 \
-6.500000e+00 -7.000000e+00 -7.500000e+00 -8.000000e+00 -9.000000e+00 \
-1.000000e+01 -1.100000e+01 -1.200000e+01 -1.300000e+01 -1.400000e+01 \
-1.500000e+01 -1.600000e+01 -1.800000e+01 -2.000000e+01 -2.200000e+01 \
-2.400000e+01 -2.600000e+01 -2.800000e+01 -3.000000e+01 -3.200000e+01 \
-3.600000e+01 -4.000000e+01 -4.400000e+01 -4.800000e+01 -5.200000e+01 \
-5.600000e+01 -6.000000e+01 -6.400000e+01 -7.200000e+01 -8.000000e+01 \
-8.800000e+01 -9.600000e+01 -1.040000e+02 -1.120000e+02 -1.200000e+02 \
-1.280000e+02 -1.440000e+02 -1.600000e+02 -1.760000e+02 -1.920000e+02 \
-2.080000e+02 -2.240000e+02 -2.400000e+02 0xF8 0xF9 0xFA 0xFB 0xFC 0xFD 0xFE \
0xFF",
        ),
        (
            "f8E4M3FN",
            "\
0.000000e+00 1.953130e-03 3.906250e-03 5.859380e-03 7.812500e-03 9.765620e-03 \
1.171880e-02 1.367190e-02 1.562500e-02 1.757810e-02 1.953130e-02 2.148440e-02 \
2.343750e-02 2.539060e-02 2.734380e-02 2.929690e-02 3.125000e-02 3.515630e-02 \
3.906250e-02 4.296880e-02 4.687500e-02 5.078130e-02 5.468750e-02 5.859380e-02 \
6.250000e-02 7.031250e-02 7.812500e-02 8.593750e-02 9.375000e-02 1.015630e-01 \
1.093750e-01 1.171880e-01 1.250000e-01 1.406250e-01 1.562500e-01 1.718750e-01 \
1.875000e-01 2.031250e-01 2.187500e-01 2.343750e-01 2.500000e-01 2.812500e-01 \
3.125000e-01 3.437500e-01 3.750000e-01 4.062500e-01 4.375000e-01 4.687500e-01 \
5.000000e-01 5.625000e-01 6.250000e-01 6.875000e-01 7.500000e-01 8.125000e-01 \
8.750000e-01 9.375000e-01 1.000000e+00 1.125000e+00 1.250000e+00 1.375000e+00 \
1.500000e+00 1.625000e+00 1.750000e+00 1.875000e+00 2.000000e+00 2.250000e+00 \
2.500000e+00 2.750000e+00 3.000000e+00 3.250000e+00 3.500000e+00 3.750000e+00 \
4.000000e+00 4.500000e+00 5.000000e+00 5.500000e+00 6.000000e+00 6.500000e+00 \
7.000000e+00 7.500000e+00 8.000000e+00 9.000000e+00 1.000000e+01 1.100000e+01 \
1.200000e+01 1.300000e+01 1.400000e+01 1.500000e+01 1.600000e+01 1.800000e+01 \
2.000000e+01 2.200000e+01 2.400000e+01 2.600000e+01 2.800000e+01 3.000000e+01 \
3.200000e+01 3.600000e+01 4.000000e+01 4.400000e+01 4.800000e+01 5.200000e+01 \
5.600000e+01 6.000000e+01 6.400000e+01 7.200000e+01 8.000000e+01 8.800000e+01 \
9.600000e+01 1.040000e+02 1.120000e+02 1.200000e+02 1.280000e+02 1.440000e+02 \
1.600000e+02 1.760000e+02 1.920000e+02 2.080000e+02 2.240000e+02 2.400000e+02 \
2.560000e+02 2.880000e+02 3.200000e+02 3.520000e+02 3.840000e+02 4.160000e+02 \
4.480000e+02 0x7F -0.000000e+00 -1.953130e-03 -3.906250e-03 -5.859380e-03 \
-7.812500e-03 -9.765620e-03 -1.171880e-02 -1.367190e-02 -1.562500e-02 \
-1.757810e-02 -1.953130e-02 -2.148440e-02 -2.343750e-02 -2.539060e-02 \
-2.734380e-02 -2.929690e-02 -3.125000e-02 -3.515630e-02 -3.906250e-02 \
-4.296880e-02 -4.687500e-02 -5.078130e-02 -5.468750e-02 -5.859380e-02 \
-6.250000e-02 -7.031250e-02 -7.812500e-02 -8.593750e-02 -9.375000e-02 \
-1.015630e-01 -1.093750e-01 -1.171880e-01 -1.250000e-01 -1.406250e-01 \
-1.562500e-01 -1.718750e-01 -1.875000e-01 -2.031250e-01 -2.187500e-01 \
-2.343750e-01 -2.500000e-01 -2.812500e-01 -3.125000e-01 -3.437500e-01 \
-3.750000e-01 -4.062500e-01 -4.375000e-01 -4.687500e-01 -5.000000e-01 \
-5.625000e-01 -6.250000e-01 -6.875000e-01 -7.500000e-01 -8.125000e-01 \
-8.750000e-01 -9.375000e-01 -1.000000e+00 -1.125000e+00 -1.250000e+00 \
-1.375000e+00 -1.500000e+00 -1.625000e+00 -1.750000e+00 -1.875000e+00 \
-2.000000e+00 -2.250000e+00 -2.500000e+00 -2.750000e+00 -3.000000e+00 \
-3.250000e+00 -3.500000e+00 -3.750000e+00 -4.000000e+00 -4.500000e+00 \
-5.000000e+00 -5.500000e+00 -6.000000e+00 -6.500000e+00 -7.000000e+00 \
-7.500000e+00 -8.000000e+00 -9.000000e+00 -1.000000e+01 -1.100000e+01 \
-1.200000e+01 -1.300000e+01 -1.400000e+01 -1.500000e+01 -1.600000e+01 \
-1.800000e+01 -2.000000e+01 -2.200000e+01 -2.400000e+01 -2.600000e+01 \
-2.800000e+01 -3.000000e+01 -3.200000e+01 -3.600000e+01 -4.000000e+01 \
-4.400000e+01 -4.800000e+01 -5.200000e+01 -5.600000e+01 -6.000000e+01 \
-6.400000e+01 -7.200000e+01 -8.000000e+01 -8.800000e+01 -9.600000e+01 \
-1.040000e+02 -1.120000e+02 -1.200000e+02 -1.280000e+02 -1.440000e+02 \
-1.600000e+02 -1.760000e+02 -1.920000e+02 -2.080000e+02 -2.240000e+02 \
-2.400000e+02 -2.560000e+02 -2.880000e+02 -3.200000e+02 -3.520000e+02 \
-3.840000e+02 -4.160000e+02 -4.480000e+02 0xFF",
        ),
        (
            "f8E5M2FNUZ",
            "\
0.000000e+00 7.629390e-06 1.525880e-05 2.288820e-05 3.051760e-05 3.814700e-05 \
4.577640e-05 5.340580e-05 6.103520e-05 7.629390e-05 9.155270e-05 1.068120e-04 \
1.220700e-04 1.525880e-04 1.831050e-04 2.136230e-04 2.441410e-04 3.051760e-04 \
3.662110e-04 4.272460e-04 4.882810e-04 6.103520e-04 7.324210e-04 8.544920e-04 \
9.765620e-04 1.220700e-03 1.464840e-03 1.708980e-03 1.953130e-03 2.441410e-03 \
2.929690e-03 3.417970e-03 3.906250e-03 4.882810e-03 5.859380e-03 6.835930e-03 \
7.812500e-03 9.765620e-03 1.171880e-02 1.367190e-02 1.562500e-02 1.953130e-02 \
2.343750e-02 2.734380e-02 3.125000e-02 3.906250e-02 4.687500e-02 5.468750e-02 \
6.250000e-02 7.812500e-02 9.375000e-02 1.093750e-01 1.250000e-01 1.562500e-01 \
1.875000e-01 2.187500e-01 2.500000e-01 3.125000e-01 3.750000e-01 4.375000e-01 \
5.000000e-01 6.250000e-01 7.500000e-01 8.750000e-01 1.000000e+00 1.250000e+00 \
1.500000e+00 1.750000e+00 2.000000e+00 2.500000e+00 3.000000e+00 3.500000e+00 \
4.000000e+00 5.000000e+00 6.000000e+00 7.000000e+00 8.000000e+00 1.000000e+01 \
1.200000e+01 1.400000e+01 1.600000e+01 2.000000e+01 2.400000e+01 2.800000e+01 \
3.200000e+01 4.000000e+01 4.800000e+01 5.600000e+01 6.400000e+01 8.000000e+01 \
9.600000e+01 1.120000e+02 1.280000e+02 1.600000e+02 1.920000e+02 2.240000e+02 \
2.560000e+02 3.200000e+02 3.840000e+02 4.480000e+02 5.120000e+02 6.400000e+02 \
7.680000e+02 8.960000e+02 1.024000e+03 1.280000e+03 1.536000e+03 1.792000e+03 \
2.048000e+03 2.560000e+03 3.072000e+03 3.584000e+03 4.096000e+03 5.120000e+03 \
6.144000e+03 7.168000e+03 8.192000e+03 1.024000e+04 1.228800e+04 1.433600e+04 \
1.638400e+04 2.048000e+04 2.457600e+04 2.867200e+04 3.276800e+04 4.096000e+04 \
4.915200e+04 5.734400e+04 0x80 -7.629390e-06 -1.525880e-05 -2.288820e-05 \
-3.051760e-05 -3.814700e-05 -4.577640e-05 -5.340580e-05 -6.103520e-05 \
-7.629390e-05 -9.155270e-05 -1.068120e-04 -1.220700e-04 -1.525880e-04 \
-1.831050e-04 -2.136230e-04 -2.441410e-04 -3.051760e-04 -3.662110e-04 \
-4.272460e-04 -4.882810e-04 -6.103520e-04 -7.324210e-04 -8.544920e-04 \
-9.765620e-04 -1.220700e-03 -1.464840e-03 -1.708980e-03 -1.953130e-03 \
-2.441410e-03 -2.929690e-03 -3.417970e-03 -3.906250e-03 -4.882810e-03 \
-5.859380e-03 -6.835930e-03 -7.812500e-03 -9.765620e-03 -1.171880e-02 \
-1.367190e-02 -1.562500e-02 -1.953130e-02 -2.343750e-02 -2.734380e-02 \
-3.125000e-02 -3.906250e-02 -4.687500e-02 -5.468750e-02 -6.250000e-02 \
-7.812500e-02 -9.375000e-02 -1.093750e-01 -1.250000e-01 -1.562500e-01 \
-1.875000e-01 -2.187500e-01 -2.500000e-01 -3.125000e-01 -3.750000e-01 \
-4.375000e-01 -5.000000e-01 -6.250000e-01 -7.500000e-01 -8.750000e-01 \
-1.000000e+00 -1.250000e+00 -1.500000e+00 -1.750000e+00 -2.000000e+00 \
-2.500000e+00 -3.000000e+00 -3.500000e+00 -4.000000e+00 -5.000000e+00 \
-6.000000e+00 -7.000000e+00 -8.000000e+00 -1.000000e+01 -1.200000e+01 \
-1.400000e+01 -1.600000e+01 -2.000000e+01 -2.400000e+01 -2.800000e+01 \
-3.200000e+01 -4.000000e+01 -4.800000e+01 -5.600000e+01 -6.400000e+01 \
-8.000000e+01 -9.600000e+01 -1.120000e+02 -1.280000e+02 -1.600000e+02 \
-1.920000e+02 -2.240000e+02 -2.560000e+02 -3.200000e+02 -3.840000e+02 \
-4.480000e+02 -5.120000e+02 -6.400000e+02 -7.680000e+02 -8.960000e+02 \
-1.024000e+03 -1.280000e+03 -1.536000e+03 -1.792000e+03 -2.048000e+03 \
-2.560000e+03 -3.072000e+03 -3.584000e+03 -4.096000e+03 -5.120000e+03 \
-6.144000e+03 -7.168000e+03 -8.192000e+03 -1.024000e+04 -1.228800e+04 \
-1.433600e+04 -1.638400e+04 -2.048000e+04 -2.457600e+04 -2.867200e+04 \
-3.276800e+04 -4.096000e+04 -4.915200e+04 -5.734400e+04",
        ),
        (
            "f8E4M3FNUZ",
            "\
0.000000e+00 9.765620e-04 1.953130e-03 2.929690e-03 3.906250e-03 4.882810e-03 \
5.859380e-03 6.835930e-03 7.812500e-03 8.789060e-03 9.765620e-03 1.074220e-02 \
1.171880e-02 1.269530e-02 1.367190e-02 1.464840e-02 1.562500e-02 1.757810e-02 \
1.953130e-02 2.148440e-02 2.343750e-02 2.539060e-02 2.734380e-02 2.929690e-02 \
3.125000e-02 3.515630e-02 3.906250e-02 4.296880e-02 4.687500e-02 5.078130e-02 \
5.468750e-02 5.859380e-02 6.250000e-02 7.031250e-02 7.812500e-02 8.593750e-02 \
9.375000e-02 1.015630e-01 1.093750e-01 1.171880e-01 1.250000e-01 1.406250e-01 \
1.562500e-01 1.718750e-01 1.875000e-01 2.031250e-01 2.187500e-01 2.343750e-01 \
2.500000e-01 2.812500e-01 3.125000e-01 3.437500e-01 3.750000e-01 4.062500e-01 \
4.375000e-01 4.687500e-01 5.000000e-01 5.625000e-01 6.250000e-01 6.875000e-01 \
7.500000e-01 8.125000e-01 8.750000e-01 9.375000e-01 1.000000e+00 1.125000e+00 \
1.250000e+00 1.375000e+00 1.500000e+00 1.625000e+00 1.750000e+00 1.875000e+00 \
2.000000e+00 2.250000e+00 2.500000e+00 2.750000e+00 3.000000e+00 3.250000e+00 \
3.500000e+00 3.750000e+00 4.000000e+00 4.500000e+00 5.000000e+00 5.500000e+00 \
6.000000e+00 6.500000e+00 7.000000e+00 7.500000e+00 8.000000e+00 9.000000e+00 \
1.000000e+01 1.100000e+01 1.200000e+01 1.300000e+01 1.400000e+01 1.500000e+01 \
1.600000e+01 1.800000e+01 2.000000e+01 2.200000e+01 2.400000e+01 2.600000e+01 \
2.800000e+01 3.000000e+01 3.200000e+01 3.600000e+01 4.000000e+01 4.400000e+01 \
4.800000e+01 5.200000e+01 5.600000e+01 6.000000e+01 6.400000e+01 7.200000e+01 \
8.000000e+01 8.800000e+01 9.600000e+01 1.040000e+02 1.120000e+02 1.200000e+02 \
1.280000e+02 1.440000e+02 1.600000e+02 1.760000e+02 1.920000e+02 2.080000e+02 \
2.240000e+02 2.400000e+02 0x80 -9.765620e-04 -1.953130e-03 -2.929690e-03 \
-3.906250e-03 -4.882810e-03 -5.859380e-03 -6.835930e-03 -7.812500e-03 \
-8.789060e-03 -9.765620e-03 -1.074220e-02 -1.171880e-02 -1.269530e-02 \
-1.367190e-02 -1.464840e-02 -1.562500e-02 -1.757810e-02 -1.953130e-02 \
-2.148440e-02 -2.343750e-02 -2.539060e-02 -2.734380e-02 -2.929690e-02 \
-3.125000e-02 -3.515630e-02 -3.906250e-02 -4.296880e-02 -4.687500e-02 \
-5.078130e-02 -5.468750e-02 -5.859380e-02 -6.250000e-02 -7.031250e-02 \
-7.812500e-02 -8.593750e-02 -9.375000e-02 -1.015630e-01 -1.093750e-01 \
-1.171880e-01 -1.250000e-01 -1.406250e-01 -1.562500e-01 -1.718750e-01 \
-1.875000e-01 -2.031250e-01 -2.187500e-01 -2.343750e-01 -2.500000e-01 \
-2.812500e-01 -3.125000e-01 -3.437500e-01 -3.750000e-01 -4.062500e-01 \
-4.375000e-01 -4.687500e-01 -5.000000e-01 -5.625000e-01 -6.250000e-01 \
-6.875000e-01 -7.500000e-01 -8.125000e-01 -8.750000e-01 -9.375000e-01 \
-1.000000e+00 -1.125000e+00 -1.250000e+00 -1.375000e+00 -1.500000e+00 \
-1.625000e+00 -1.750000e+00 -1.875000e+00 -2.000000e+00 -2.250000e+00 \
-2.500000e+00 -2.750000e+00 -3.000000e+00 -3.250000e+00 -3.500000e+00 \
-3.750000e+00 -4.000000e+00 -4.500000e+00 -5.000000e+00 -5.500000e+00 \
-6.000000e+00 -6.500000e+00 -7.000000e+00 -7.500000e+00 -8.000000e+00 \
-9.000000e+00 -1.000000e+01 -1.100000e+01 -1.200000e+01 -1.300000e+01 \
-1.400000e+01 -1.500000e+01 -1.600000e+01 -1.800000e+01 -2.000000e+01 \
-2.200000e+01 -2.400000e+01 -2.600000e+01 -2.800000e+01 -3.000000e+01 \
-3.200000e+01 -3.600000e+01 -4.000000e+01 -4.400000e+01 -4.800000e+01 \
-5.200000e+01 -5.600000e+01 -6.000000e+01 -6.400000e+01 -7.200000e+01 \
-8.000000e+01 -8.800000e+01 -9.600000e+01 -1.040000e+02 -1.120000e+02 \
-1.200000e+02 -1.280000e+02 -1.440000e+02 -1.600000e+02 -1.760000e+02 \
-1.920000e+02 -2.080000e+02 -2.240000e+02 -2.400000e+02",
        ),
        (
            "f8E4M3B11FNUZ",
            "\
0.000000e+00 1.220700e-04 2.441410e-04 3.662110e-04 4.882810e-04 6.103520e-04 \
7.324210e-04 8.544920e-04 9.765620e-04 1.098630e-03 1.220700e-03 1.342770e-03 \
1.464840e-03 1.586910e-03 1.708980e-03 1.831050e-03 1.953130e-03 2.197270e-03 \
2.441410e-03 2.685550e-03 2.929690e-03 3.173830e-03 3.417970e-03 3.662110e-03 \
3.906250e-03 4.394530e-03 4.882810e-03 5.371090e-03 5.859380e-03 6.347650e-03 \
6.835930e-03 7.324210e-03 7.812500e-03 8.789060e-03 9.765620e-03 1.074220e-02 \
1.171880e-02 1.269530e-02 1.367190e-02 1.464840e-02 1.562500e-02 1.757810e-02 \
1.953130e-02 2.148440e-02 2.343750e-02 2.539060e-02 2.734380e-02 2.929690e-02 \
3.125000e-02 3.515630e-02 3.906250e-02 4.296880e-02 4.687500e-02 5.078130e-02 \
5.468750e-02 5.859380e-02 6.250000e-02 7.031250e-02 7.812500e-02 8.593750e-02 \
9.375000e-02 1.015630e-01 1.093750e-01 1.171880e-01 1.250000e-01 1.406250e-01 \
1.562500e-01 1.718750e-01 1.875000e-01 2.031250e-01 2.187500e-01 2.343750e-01 \
2.500000e-01 2.812500e-01 3.125000e-01 3.437500e-01 3.750000e-01 4.062500e-01 \
4.375000e-01 4.687500e-01 5.000000e-01 5.625000e-01 6.250000e-01 6.875000e-01 \
7.500000e-01 8.125000e-01 8.750000e-01 9.375000e-01 1.000000e+00 1.125000e+00 \
1.250000e+00 1.375000e+00 1.500000e+00 1.625000e+00 1.750000e+00 1.875000e+00 \
2.000000e+00 2.250000e+00 2.500000e+00 2.750000e+00 3.000000e+00 3.250000e+00 \
3.500000e+00 3.750000e+00 4.000000e+00 4.500000e+00 5.000000e+00 5.500000e+00 \
6.000000e+00 6.500000e+00 7.000000e+00 7.500000e+00 8.000000e+00 9.000000e+00 \
1.000000e+01 1.100000e+01 1.200000e+01 1.300000e+01 1.400000e+01 1.500000e+01 \
1.600000e+01 1.800000e+01 2.000000e+01 2.200000e+01 2.400000e+01 2.600000e+01 \
2.800000e+01 3.000000e+01 0x80 -1.220700e-04 -2.441410e-04 -3.662110e-04 \
-4.882810e-04 -6.103520e-04 -7.324210e-04 -8.544920e-04 -9.765620e-04 \
-1.098630e-03 -1.220700e-03 -1.342770e-03 -1.464840e-03 -1.586910e-03 \
-1.708980e-03 -1.831050e-03 -1.953130e-03 -2.197270e-03 -2.441410e-03 \
-2.685550e-03 -2.929690e-03 -3.173830e-03 -3.417970e-03 -3.662110e-03 \
-3.906250e-03 -4.394530e-03 -4.882810e-03 -5.371090e-03 -5.859380e-03 \
-6.347650e-03 -6.835930e-03 -7.324210e-03 -7.812500e-03 -8.789060e-03 \
-9.765620e-03 -1.074220e-02 -1.171880e-02 -1.269530e-02 -1.367190e-02 \
-1.464840e-02 -1.562500e-02 -1.757810e-02 -1.953130e-02 -2.148440e-02 \
-2.343750e-02 -2.539060e-02 -2.734380e-02 -2.929690e-02 -3.125000e-02 \
-3.515630e-02 -3.906250e-02 -4.296880e-02 -4.687500e-02 -5.078130e-02 \
-5.468750e-02 -5.859380e-02 -6.250000e-02 -7.031250e-02 -7.812500e-02 \
-8.593750e-02 -9.375000e-02 -1.015630e-01 -1.093750e-01 -1.171880e-01 \
-1.250000e-01 -1.406250e-01 -1.562500e-01 -1.718750e-01 -1.875000e-01 \
-2.031250e-01 -2.187500e-01 -2.343750e-01 -2.500000e-01 -2.812500e-01 \
-3.125000e-01 -3.437500e-01 -3.750000e-01 -4.062500e-01 -4.375000e-01 \
-4.687500e-01 -5.000000e-01 -5.625000e-01 -6.250000e-01 -6.875000e-01 \
-7.500000e-01 -8.125000e-01 -8.750000e-01 -9.375000e-01 -1.000000e+00 \
-1.125000e+00 -1.250000e+00 -1.375000e+00 -1.500000e+00 -1.625000e+00 \
-1.750000e+00 -1.875000e+00 -2.000000e+00 -2.250000e+00 -2.500000e+00 \
-2.750000e+00 -3.000000e+00 -3.250000e+00 -3.500000e+00 -3.750000e+00 \
-4.000000e+00 -4.500000e+00 -5.000000e+00 -5.500000e+00 -6.000000e+00 \
-6.500000e+00 -7.000000e+00 -7.500000e+00 -8.000000e+00 -9.000000e+00 \
-1.000000e+01 -1.100000e+01 -1.200000e+01 -1.300000e+01 -1.400000e+01 \
-1.500000e+01 -1.600000e+01 -1.800000e+01 -2.000000e+01 -2.200000e+01 \
-2.400000e+01 -2.600000e+01 -2.800000e+01 -3.000000e+01",
        ),
        (
            "f8E3M4",
            "\
0.000000e+00 1.562500e-02 3.125000e-02 4.687500e-02 6.250000e-02 7.812500e-02 \
9.375000e-02 1.093750e-01 1.250000e-01 1.406250e-01 1.562500e-01 1.718750e-01 \
1.875000e-01 2.031250e-01 2.187500e-01 2.343750e-01 2.500000e-01 2.656250e-01 \
2.812500e-01 2.968750e-01 3.125000e-01 3.281250e-01 3.437500e-01 3.593750e-01 \
3.750000e-01 3.906250e-01 4.062500e-01 4.218750e-01 4.375000e-01 4.531250e-01 \
4.687500e-01 4.843750e-01 5.000000e-01 5.312500e-01 5.625000e-01 5.937500e-01 \
6.250000e-01 6.562500e-01 6.875000e-01 7.187500e-01 7.500000e-01 7.812500e-01 \
8.125000e-01 8.437500e-01 8.750000e-01 9.062500e-01 9.375000e-01 9.687500e-01 \
1.000000e+00 1.062500e+00 1.125000e+00 1.187500e+00 1.250000e+00 1.312500e+00 \
1.375000e+00 1.437500e+00 1.500000e+00 1.562500e+00 1.625000e+00 1.687500e+00 \
1.750000e+00 1.812500e+00 1.875000e+00 1.937500e+00 2.000000e+00 2.125000e+00 \
2.250000e+00 2.375000e+00 2.500000e+00 2.625000e+00 2.750000e+00 2.875000e+00 \
3.000000e+00 3.125000e+00 3.250000e+00 3.375000e+00 3.500000e+00 3.625000e+00 \
3.750000e+00 3.875000e+00 4.000000e+00 4.250000e+00 4.500000e+00 4.750000e+00 \
5.000000e+00 5.250000e+00 5.500000e+00 5.750000e+00 6.000000e+00 6.250000e+00 \
6.500000e+00 6.750000e+00 7.000000e+00 7.250000e+00 7.500000e+00 7.750000e+00 \
8.000000e+00 8.500000e+00 9.000000e+00 9.500000e+00 1.000000e+01 1.050000e+01 \
1.100000e+01 1.150000e+01 1.200000e+01 1.250000e+01 1.300000e+01 1.350000e+01 \
1.400000e+01 1.450000e+01 1.500000e+01 1.550000e+01 0x70 0x71 0x72 0x73 0x74 \
0x75 0x76 0x77 0x78 0x79 0x7A 0x7B 0x7C 0x7D 0x7E 0x7F -0.000000e+00 \
-1.562500e-02 -3.125000e-02 -4.687500e-02 -6.250000e-02 -7.812500e-02 \
-9.375000e-02 -1.093750e-01 -1.250000e-01 -1.406250e-01 -1.562500e-01 \
-1.718750e-01 -1.875000e-01 -2.031250e-01 -2.187500e-01 -2.343750e-01 \
-2.500000e-01 -2.656250e-01 -2.812500e-01 -2.968750e-01 -3.125000e-01 \
-3.281250e-01 -3.437500e-01 -3.593750e-01 -3.750000e-01 -3.906250e-01 \
-4.062500e-01 -4.218750e-01 -4.375000e-01 -4.531250e-01 -4.687500e-01 \
-4.843750e-01 -5.000000e-01 -5.312500e-01 -5.625000e-01 -5.937500e-01 \
-6.250000e-01 -6.562500e-01 -6.875000e-01 -7.187500e-01 -7.500000e-01 \
-7.812500e-01 -8.125000e-01 -8.437500e-01 -8.750000e-01 -9.062500e-01 \
-9.375000e-01 -9.687500e-01 -1.000000e+00 -1.062500e+00 -1.125000e+00 \
-1.187500e+00 -1.250000e+00 -1.312500e+00 -1.375000e+00 -1.437500e+00 \
-1.500000e+00 -1.562500e+00 -1.625000e+00 -1.687500e+00 -1.750000e+00 \
-1.812500e+00 -1.875000e+00 -1.937500e+00 -2.000000e+00 -2.125000e+00 \
-2.250000e+00 -2.375000e+00 -2.500000e+00 -2.625000e+00 -2.750000e+00 \
-2.875000e+00 -3.000000e+00 -3.125000e+00 -3.250000e+00 -3.375000e+00 \
-3.500000e+00 -3.625000e+00 -3.750000e+00 -3.875000e+00 -4.000000e+00 \
-4.250000e+00 -4.500000e+00 -4.750000e+00 -5.000000e+00 -5.250000e+00 \
-5.500000e+00 -5.750000e+00 -6.000000e+00 -6.250000e+00 -6.500000e+00 \
-6.750000e+00 -7.000000e+00 -7.250000e+00 -7.500000e+00 -7.750000e+00 \
-8.000000e+00 -8.500000e+00 -9.000000e+00 -9.500000e+00 -1.000000e+01 \
-1.050000e+01 -1.100000e+01 -1.150000e+01 -1.200000e+01 -1.250000e+01 \
-1.300000e+01 -1.350000e+01 -1.400000e+01 -1.450000e+01 -1.500000e+01 \
-1.550000e+01 0xF0 0xF1 0xF2 0xF3 0xF4 0xF5 0xF6 0xF7 0xF8 0xF9 0xFA 0xFB 0xFC \
0xFD 0xFE 0xFF",
        ),
        (
            "f8E8M0FNU",
            "\
5.877470e-39 1.175490e-38 2.350990e-38 4.701980e-38 9.403950e-38 1.880790e-37 \
3.761580e-37 7.523160e-37 1.504630e-36 3.009270e-36 6.018530e-36 1.203710e-35 \
2.407410e-35 4.814820e-35 9.629640e-35 1.925930e-34 3.851860e-34 7.703710e-34 \
1.540740e-33 3.081490e-33 6.162980e-33 1.232600e-32 2.465190e-32 4.930380e-32 \
9.860760e-32 1.972150e-31 3.944300e-31 7.888600e-31 1.577720e-30 3.155440e-30 \
6.310880e-30 1.262180e-29 2.524350e-29 5.048710e-29 1.009740e-28 2.019480e-28 \
4.038970e-28 8.077940e-28 1.615590e-27 3.231170e-27 6.462340e-27 1.292470e-26 \
2.584940e-26 5.169880e-26 1.033980e-25 2.067950e-25 4.135900e-25 8.271810e-25 \
1.654360e-24 3.308720e-24 6.617440e-24 1.323490e-23 2.646980e-23 5.293960e-23 \
1.058790e-22 2.117580e-22 4.235160e-22 8.470320e-22 1.694070e-21 3.388130e-21 \
6.776260e-21 1.355250e-20 2.710510e-20 5.421010e-20 1.084200e-19 2.168400e-19 \
4.336810e-19 8.673610e-19 1.734720e-18 3.469450e-18 6.938890e-18 1.387780e-17 \
2.775560e-17 5.551120e-17 1.110220e-16 2.220450e-16 4.440890e-16 8.881780e-16 \
1.776360e-15 3.552710e-15 7.105420e-15 1.421090e-14 2.842170e-14 5.684340e-14 \
1.136870e-13 2.273740e-13 4.547470e-13 9.094950e-13 1.818990e-12 3.637980e-12 \
7.275960e-12 1.455190e-11 2.910380e-11 5.820770e-11 1.164150e-10 2.328310e-10 \
4.656610e-10 9.313220e-10 1.862650e-09 3.725290e-09 7.450580e-09 1.490120e-08 \
2.980230e-08 5.960460e-08 1.192090e-07 2.384190e-07 4.768370e-07 9.536740e-07 \
1.907350e-06 3.814700e-06 7.629390e-06 1.525880e-05 3.051760e-05 6.103520e-05 \
1.220700e-04 2.441410e-04 4.882810e-04 9.765620e-04 1.953130e-03 3.906250e-03 \
7.812500e-03 1.562500e-02 3.125000e-02 6.250000e-02 1.250000e-01 2.500000e-01 \
5.000000e-01 1.000000e+00 2.000000e+00 4.000000e+00 8.000000e+00 1.600000e+01 \
3.200000e+01 6.400000e+01 1.280000e+02 2.560000e+02 5.120000e+02 1.024000e+03 \
2.048000e+03 4.096000e+03 8.192000e+03 1.638400e+04 3.276800e+04 6.553600e+04 \
1.310720e+05 2.621440e+05 5.242880e+05 1.048580e+06 2.097150e+06 4.194300e+06 \
8.388600e+06 1.677720e+07 3.355440e+07 6.710880e+07 1.342180e+08 2.684350e+08 \
5.368700e+08 1.073740e+09 2.147480e+09 4.294970e+09 8.589930e+09 1.717990e+10 \
3.435970e+10 6.871940e+10 1.374390e+11 2.748780e+11 5.497550e+11 1.099510e+12 \
2.199020e+12 4.398050e+12 8.796090e+12 1.759220e+13 3.518440e+13 7.036870e+13 \
1.407370e+14 2.814750e+14 5.629490e+14 1.125900e+15 2.251800e+15 4.503600e+15 \
9.007190e+15 1.801440e+16 3.602880e+16 7.205750e+16 1.441150e+17 2.882300e+17 \
5.764600e+17 1.152920e+18 2.305840e+18 4.611690e+18 9.223370e+18 1.844670e+19 \
3.689350e+19 7.378690e+19 1.475740e+20 2.951480e+20 5.902950e+20 1.180590e+21 \
2.361180e+21 4.722370e+21 9.444730e+21 1.888950e+22 3.777890e+22 7.555780e+22 \
1.511160e+23 3.022310e+23 6.044620e+23 1.208930e+24 2.417850e+24 4.835700e+24 \
9.671400e+24 1.934280e+25 3.868560e+25 7.737120e+25 1.547430e+26 3.094850e+26 \
6.189700e+26 1.237940e+27 2.475880e+27 4.951760e+27 9.903520e+27 1.980700e+28 \
3.961410e+28 7.922810e+28 1.584560e+29 3.169130e+29 6.338250e+29 1.267650e+30 \
2.535300e+30 5.070600e+30 1.014120e+31 2.028240e+31 4.056480e+31 8.112960e+31 \
1.622590e+32 3.245190e+32 6.490370e+32 1.298070e+33 2.596150e+33 5.192300e+33 \
1.038460e+34 2.076920e+34 4.153840e+34 8.307670e+34 1.661530e+35 3.323070e+35 \
6.646130e+35 1.329230e+36 2.658460e+36 5.316910e+36 1.063380e+37 2.126760e+37 \
4.253530e+37 8.507050e+37 1.701410e+38 0xFF",
        ),
    ];
}
