//! iree-run-module's text form of a tensor, as IREE's
//! `runtime/src/iree/hal/buffer_view_util.c` (iree_hal_buffer_view_parse /
//! _format) and `string_util.c` (iree_hal_parse_buffer_elements /
//! iree_hal_format_buffer_elements / iree_hal_format_element) define it:
//!
//! `SHAPE x TYPE = VALUES`, e.g. `2x2xf32=[1 2][3 4]`; rank 0 is `f32=0.5`.
//!
//! Parsing (IREE's rules): the text is trimmed and one pair of surrounding
//! `"` dropped; the part before the first `=` is split at its last `x` into
//! the shape and the element type; values are separated by any run of
//! whitespace, `,`, `[` and `]` (brackets do not check the shape); one value
//! splats to the whole shape; no value text at all (`4xf32=` or `4xf32`)
//! fills with zeros; otherwise the count must be the element count.
//! `@path` reads an `.npy` file instead.
//!
//! Printing (IREE's rules): each dimension but the last is bracketed per
//! row (`[[1 2][3 4]][[5 6][7 8]]` for 2x2x2), the last is space-separated,
//! rank 0 prints its one value. Integers print in decimal (signless ones as
//! signed, as IREE prints `i8` with PRIi8), i1 as 0/1, and every float type
//! with C's `printf("%G", (double)value)`, which is what
//! `iree_hal_format_element` does for f16, bf16, f32 and f64.

use crate::npy::read_npy;
use half::{bf16, f16};
use std::path::Path;
use xir_runtime_hal::tensor::byte_len;
use xir_runtime_hal::{ElementType, Error, FloatType, HostTensor, IntSign, Result};

/// Parses one `--input=` value of iree-run-module: `2x2xf32=1 2 3 4`,
/// `2x2xf32=[1 2][3 4]`, `4xf32=0` (a single value splats to the whole
/// shape), `f32=0.5` / `i1=1` (rank 0), `@path.npy` (reads the npy file),
/// `0x4xf32=` (empty). Ints accept `-3` and hex `0x1F`; floats accept
/// `1e-3`, `inf`, `-inf`, `nan`; i1 accepts 0/1/true/false.
pub fn parse_input(text: &str) -> Result<HostTensor> {
    let s = text.trim();
    let s = s.strip_prefix('"').unwrap_or(s);
    let s = s.strip_suffix('"').unwrap_or(s).trim();
    if s.is_empty() {
        return Err(Error::invalid_argument(
            "empty input: expected a value such as '2x2xf32=1 2 3 4' or '@file.npy'",
        ));
    }
    if let Some(path) = s.strip_prefix('@') {
        return read_npy(Path::new(path));
    }
    let (meta, data) = s.split_once('=').unwrap_or((s, ""));
    let meta = meta.trim();
    let (shape_str, type_str) = match meta.rfind('x') {
        Some(i) => (Some(&meta[..i]), &meta[i + 1..]),
        None => (None, meta),
    };
    let element = ElementType::parse(type_str).ok_or_else(|| {
        Error::invalid_argument(format!("unknown element type '{type_str}' in '{meta}'"))
    })?;
    let mut shape = Vec::new();
    if let Some(shape_str) = shape_str {
        for dim in shape_str.split('x') {
            if dim.is_empty() || !dim.bytes().all(|b| b.is_ascii_digit()) {
                return Err(Error::invalid_argument(format!(
                    "invalid dimension '{dim}' in shape '{shape_str}' of '{meta}'"
                )));
            }
            let d = dim.parse::<usize>().map_err(|_| {
                Error::invalid_argument(format!("dimension '{dim}' of '{meta}' is too large"))
            })?;
            shape.push(d);
        }
    }
    let type_name = xir_runtime_hal::tensor::ShapeDisplay(&shape, element).to_string();
    let bytes = byte_len(element, &shape)
        .ok_or_else(|| Error::invalid_argument(format!("{type_name} is too large")))?;
    let count: usize = shape.iter().product();
    let size = element.byte_size();

    let data = data.trim();
    let mut out = Vec::new();
    out.try_reserve_exact(bytes).map_err(|_| {
        Error::resource_exhausted(format!("cannot allocate {bytes} bytes for {type_name}"))
    })?;
    if data.is_empty() {
        // IREE zero-fills when no value text is given at all.
        out.resize(bytes, 0);
        return HostTensor::new(element, shape, out);
    }
    let tokens: Vec<&str> = data
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | '[' | ']'))
        .filter(|t| !t.is_empty())
        .collect();
    let splat = tokens.len() == 1 && count > 1;
    if !splat && tokens.len() != count {
        return Err(Error::invalid_argument(format!(
            "expected {count} value{} for {type_name}, got {}",
            if count == 1 { "" } else { "s" },
            tokens.len()
        )));
    }
    for tok in &tokens {
        parse_element(tok, element, &mut out)?;
    }
    if splat {
        let one = out[..size].to_vec();
        for _ in 1..count {
            out.extend_from_slice(&one);
        }
    }
    HostTensor::new(element, shape, out)
}

enum Int {
    Invalid,
    OutOfRange,
    Value(i128),
}

/// `-3`, `+7`, `0x1F`, `-0x80` (decimal or hex, optional sign).
fn parse_int(tok: &str) -> Int {
    let (neg, rest) = match tok.as_bytes().first() {
        Some(b'-') => (true, &tok[1..]),
        Some(b'+') => (false, &tok[1..]),
        _ => (false, tok),
    };
    let (digits, radix) = match rest.strip_prefix("0x").or_else(|| rest.strip_prefix("0X")) {
        Some(h) => (h, 16),
        None => (rest, 10),
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return Int::Invalid;
    }
    match u128::from_str_radix(digits, radix) {
        Ok(v) if v <= i128::MAX as u128 => Int::Value(if neg { -(v as i128) } else { v as i128 }),
        _ => Int::OutOfRange,
    }
}

fn parse_element(tok: &str, element: ElementType, out: &mut Vec<u8>) -> Result<()> {
    let invalid = || Error::invalid_argument(format!("'{tok}' is not a valid {element}"));
    match element {
        ElementType::Int { bits: 1, .. } => {
            let v = if tok.eq_ignore_ascii_case("true") {
                1
            } else if tok.eq_ignore_ascii_case("false") {
                0
            } else {
                match parse_int(tok) {
                    Int::Value(v @ (0 | 1)) => v as u8,
                    Int::Value(_) | Int::OutOfRange => {
                        return Err(Error::invalid_argument(format!(
                            "'{tok}' is out of range for i1 (0, 1, true, false)"
                        )))
                    }
                    Int::Invalid => return Err(invalid()),
                }
            };
            out.push(v);
        }
        ElementType::Int { bits, sign } => {
            let v = match parse_int(tok) {
                Int::Value(v) => v,
                Int::OutOfRange => {
                    return Err(Error::invalid_argument(format!(
                        "'{tok}' is out of range for {element}"
                    )))
                }
                Int::Invalid => return Err(invalid()),
            };
            let bits = bits as u32;
            let (lo, hi) = match sign {
                // Signless: either reading fits (IREE accepts -128..255 for i8).
                IntSign::Signless => (-(1i128 << (bits - 1)), (1i128 << bits) - 1),
                IntSign::Signed => (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1),
                IntSign::Unsigned => (0, (1i128 << bits) - 1),
            };
            if v < lo || v > hi {
                return Err(Error::invalid_argument(format!(
                    "'{tok}' is out of range for {element}"
                )));
            }
            let size = (bits / 8) as usize;
            out.extend_from_slice(&(v as u64).to_le_bytes()[..size]);
        }
        ElementType::Float(f) => {
            // IREE parses f16/bf16 through f32 (iree_string_view_atof, then
            // iree_math_f32_to_f16/bf16), f32 directly, f64 as a double.
            match f {
                FloatType::F64 => {
                    let v: f64 = tok.parse().map_err(|_| invalid())?;
                    out.extend_from_slice(&v.to_le_bytes());
                }
                _ => {
                    let v: f32 = tok.parse().map_err(|_| invalid())?;
                    match f {
                        FloatType::F32 => out.extend_from_slice(&v.to_le_bytes()),
                        FloatType::F16 => out.extend_from_slice(&f16::from_f32(v).to_le_bytes()),
                        _ => out.extend_from_slice(&bf16::from_f32(v).to_le_bytes()),
                    }
                }
            }
        }
    }
    Ok(())
}

/// iree-run-module's printing of a tensor: `2x2xf32=[1 2][3 4]`, rank 0
/// `f32=0.5`, empty `0x4xf32=`.
pub fn format_tensor(t: &HostTensor) -> String {
    format_tensor_limited(t, usize::MAX)
}

/// [`format_tensor`] printing at most `max_elements` values, as
/// iree-run-module's `--output_max_element_count`: each innermost row prints
/// what is left of the budget and `...` if it was cut short (so
/// `2x3xi32=[1 2 3][4...]` with 4, and `[...]` for rows past the budget).
pub fn format_tensor_limited(t: &HostTensor, max_elements: usize) -> String {
    let mut out = t.type_string();
    out.push('=');
    let mut left = max_elements;
    if t.shape.is_empty() {
        format_rows(t, 0, &[1], &mut left, &mut out);
    } else {
        format_rows(t, 0, &t.shape, &mut left, &mut out);
    }
    out
}

fn format_rows(t: &HostTensor, first: usize, shape: &[usize], left: &mut usize, out: &mut String) {
    let inner = &shape[1..];
    if inner.is_empty() {
        let n = shape[0].min(*left);
        for i in 0..n {
            if i > 0 {
                out.push(' ');
            }
            format_element(t, first.saturating_add(i), out);
        }
        *left -= n;
        if n < shape[0] {
            out.push_str("...");
        }
        return;
    }
    let stride = if inner.contains(&0) {
        0
    } else {
        inner.iter().fold(1usize, |a, &d| a.saturating_mul(d))
    };
    for i in 0..shape[0] {
        out.push('[');
        format_rows(
            t,
            first.saturating_add(i.saturating_mul(stride)),
            inner,
            left,
            out,
        );
        out.push(']');
    }
}

fn format_element(t: &HostTensor, index: usize, out: &mut String) {
    let size = t.element.byte_size();
    let Some(b) = index
        .checked_mul(size)
        .and_then(|at| t.data.get(at..at + size))
    else {
        // Only a tensor built around HostTensor::new can lack its data.
        out.push('?');
        return;
    };
    let mut raw = [0u8; 8];
    raw[..size].copy_from_slice(b);
    let bits = u64::from_le_bytes(raw);
    match t.element {
        ElementType::Int { bits: 1, .. } => out.push(if bits != 0 { '1' } else { '0' }),
        ElementType::Int {
            sign: IntSign::Unsigned,
            ..
        } => out.push_str(&bits.to_string()),
        ElementType::Int { bits: width, .. } => {
            let shift = 64 - width as u32;
            out.push_str(&(((bits << shift) as i64) >> shift).to_string())
        }
        ElementType::Float(f) => {
            let v = match f {
                FloatType::F16 => f16::from_bits(bits as u16).to_f64(),
                FloatType::BF16 => bf16::from_bits(bits as u16).to_f64(),
                FloatType::F32 => f32::from_bits(bits as u32) as f64,
                FloatType::F64 => f64::from_bits(bits),
            };
            out.push_str(&format_float(v));
        }
    }
}

/// C's `printf("%G", x)`: 6 significant digits; plain notation when the
/// decimal exponent X (after rounding) satisfies -4 <= X < 6, else
/// `d.ddddE±XX` (at least two exponent digits); trailing zeros and a
/// trailing `.` removed; `INF`, `-INF`, `NAN` (`-NAN` for a negative nan,
/// as glibc prints it). IREE prints every float element with "%G"
/// (string_util.c, iree_hal_format_element), so 1, 0.5, 1E+10, 1E-05,
/// 0.333333, 1.23457E+06.
pub fn format_float(x: f64) -> String {
    const P: i32 = 6;
    if x.is_nan() {
        return if x.is_sign_negative() { "-NAN" } else { "NAN" }.into();
    }
    if x.is_infinite() {
        return if x < 0.0 { "-INF" } else { "INF" }.into();
    }
    // Rust's `{:.*e}` and `{:.*}` round the exact binary value correctly,
    // ties to even, as glibc's printf does.
    let sci = format!("{:.*e}", (P - 1) as usize, x);
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if (-4..P).contains(&exp) {
        let fixed = format!("{:.*}", (P - 1 - exp) as usize, x);
        strip_zeros(&fixed).to_string()
    } else {
        format!(
            "{}E{}{:02}",
            strip_zeros(mantissa),
            if exp < 0 { '-' } else { '+' },
            exp.unsigned_abs()
        )
    }
}

fn strip_zeros(s: &str) -> &str {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        s
    }
}
