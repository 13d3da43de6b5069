//! add, sub, mul, div, max, min, pow, and, or, xor, neg, exp, tanh, relu,
//! abs, sqrt, log, erf, sin, cos, sigmoid, not, select, cast, compare: element `i` of
//! the result reads element `i` of each operand; operands and result have
//! one shape.

use super::scalar::{with_float_kind, with_kind, FloatKind, Kind};
use half::{bf16, f16};
use xir_runtime_hal::element::ElementType;
use xir_runtime_hal::element::{FloatType, IntSign};
use xir_runtime_hal::tensor::{HostTensor, ShapeDisplay};
use xir_runtime_hal::{Error, Result};

#[derive(Copy, Clone, Debug)]
pub(crate) enum Binary {
    Add,
    Sub,
    Mul,
    Div,
    Max,
    Min,
    /// Floats only (C's `pow`).
    Pow,
    /// Integers only (bitwise on the normalized value, then wrapped).
    And,
    Or,
    Xor,
}

#[derive(Copy, Clone, Debug)]
pub(crate) enum Unary {
    Neg,
    Exp,
    Tanh,
    Relu,
    Abs,
    Sqrt,
    Log,
    Erf,
    Sin,
    Cos,
    Sigmoid,
    /// Integers only: bitwise not.
    Not,
}

fn same_shape(i: usize, t: &HostTensor, shape: &[usize]) -> Result<()> {
    if t.shape != shape {
        return Err(Error::invalid_argument(format!(
            "operand {i} is {}, expected {} (the result type)",
            t.type_string(),
            ShapeDisplay(shape, t.element)
        )));
    }
    Ok(())
}

pub(crate) fn binary(
    op: Binary,
    lhs: &HostTensor,
    rhs: &HostTensor,
    shape: &[usize],
    element: ElementType,
    out: &mut [u8],
) -> Result<()> {
    same_shape(0, lhs, shape)?;
    same_shape(1, rhs, shape)?;
    match op {
        Binary::Pow => with_float_kind!(element, |k| {
            map2(k, |x, y| k.pow(x, y), &lhs.data, &rhs.data, out);
            Ok(())
        }, int => Err(Error::invalid_argument(format!("requires a float element type, got {element}")))),
        Binary::And | Binary::Or | Binary::Xor => {
            if element.is_float() {
                return Err(Error::invalid_argument(format!(
                    "requires an integer element type, got {element}"
                )));
            }
            let f = match op {
                Binary::And => |a: i128, b: i128| a & b,
                Binary::Or => |a: i128, b: i128| a | b,
                _ => |a: i128, b: i128| a ^ b,
            };
            let n = element.byte_size();
            for ((x, y), o) in lhs
                .data
                .chunks_exact(n)
                .zip(rhs.data.chunks_exact(n))
                .zip(out.chunks_exact_mut(n))
            {
                let (Scalar::Int(a), Scalar::Int(b)) = (load(element, x), load(element, y)) else {
                    unreachable!("integer elements")
                };
                store(element, Scalar::Int(f(a, b)), o);
            }
            Ok(())
        }
        _ => with_kind!(element, |k| {
            let f: fn(_, _, _) -> _ = match op {
                Binary::Add => Kind::add,
                Binary::Sub => Kind::sub,
                Binary::Mul => Kind::mul,
                Binary::Div => Kind::div,
                Binary::Max => Kind::max,
                _ => Kind::min,
            };
            map2(k, |x, y| f(k, x, y), &lhs.data, &rhs.data, out);
            Ok(())
        }, invalid => Err(Error::unimplemented(format!("unsupported element type {element}")))),
    }
}

fn map2<K: Kind>(k: K, f: impl Fn(K::V, K::V) -> K::V, a: &[u8], b: &[u8], out: &mut [u8]) {
    let n = k.size();
    for ((x, y), o) in a
        .chunks_exact(n)
        .zip(b.chunks_exact(n))
        .zip(out.chunks_exact_mut(n))
    {
        k.store(f(k.load(x), k.load(y)), o);
    }
}

pub(crate) fn unary(
    op: Unary,
    input: &HostTensor,
    shape: &[usize],
    element: ElementType,
    out: &mut [u8],
) -> Result<()> {
    same_shape(0, input, shape)?;
    match op {
        Unary::Neg => with_kind!(element, |k| {
            map1(k, &input.data, out, |x| k.neg(x));
            Ok(())
        }, invalid => Err(Error::unimplemented(format!("unsupported element type {element}")))),
        Unary::Relu => with_kind!(element, |k| {
            map1(k, &input.data, out, |x| k.max(x, k.zero()));
            Ok(())
        }, invalid => Err(Error::unimplemented(format!("unsupported element type {element}")))),
        Unary::Abs => with_kind!(element, |k| {
            map1(k, &input.data, out, |x| k.abs(x));
            Ok(())
        }, invalid => Err(Error::unimplemented(format!("unsupported element type {element}")))),
        Unary::Not => {
            if element.is_float() {
                return Err(Error::invalid_argument(format!(
                    "requires an integer element type, got {element}"
                )));
            }
            let n = element.byte_size();
            for (x, o) in input.data.chunks_exact(n).zip(out.chunks_exact_mut(n)) {
                let Scalar::Int(a) = load(element, x) else {
                    unreachable!("integer elements")
                };
                store(element, Scalar::Int(!a), o);
            }
            Ok(())
        }
        _ => with_float_kind!(element, |k| {
            transcendental(k, op, &input.data, out);
            Ok(())
        }, int => Err(Error::invalid_argument(format!("requires a float element type, got {element}")))),
    }
}

/// exp, tanh, sqrt, log, erf, sin, cos, sigmoid.
fn transcendental<K: FloatKind>(k: K, op: Unary, input: &[u8], out: &mut [u8]) {
    let f: fn(K, K::V) -> K::V = match op {
        Unary::Exp => K::exp,
        Unary::Tanh => K::tanh,
        Unary::Sqrt => K::sqrt,
        Unary::Log => K::log,
        Unary::Erf => K::erf,
        Unary::Sin => K::sin,
        Unary::Cos => K::cos,
        _ => K::sigmoid,
    };
    map1(k, input, out, |x| f(k, x))
}

fn map1<K: Kind>(k: K, input: &[u8], out: &mut [u8], f: impl Fn(K::V) -> K::V) {
    let n = k.size();
    for (x, o) in input.chunks_exact(n).zip(out.chunks_exact_mut(n)) {
        k.store(f(k.load(x)), o);
    }
}

/// One element of any type: integers normalized (sign- or zero-extended as
/// their type says), floats exactly in f64.
#[derive(Copy, Clone, Debug)]
enum Scalar {
    Int(i128),
    Float(f64),
}

fn load(e: ElementType, b: &[u8]) -> Scalar {
    match e {
        ElementType::Int { bits, sign } => {
            let mut le = [0u8; 8];
            le[..b.len()].copy_from_slice(b);
            let shift = 128 - bits as u32;
            let v = u64::from_le_bytes(le) as i128;
            Scalar::Int(if sign == IntSign::Unsigned {
                (((v as u128) << shift) >> shift) as i128
            } else {
                (v << shift) >> shift
            })
        }
        ElementType::Float(f) => Scalar::Float(match f {
            FloatType::F16 => f16::from_le_bytes([b[0], b[1]]).to_f64(),
            FloatType::BF16 => bf16::from_le_bytes([b[0], b[1]]).to_f64(),
            FloatType::F32 => f32::from_le_bytes([b[0], b[1], b[2], b[3]]) as f64,
            FloatType::F64 => f64::from_le_bytes(b.try_into().expect("8 bytes")),
        }),
    }
}

/// Stores `v` as `e`: integers wrapped to the width, floats rounded to
/// nearest (an f64 going to f16/bf16 through f32, as the kernels compute).
fn store(e: ElementType, v: Scalar, out: &mut [u8]) {
    match (e, v) {
        (ElementType::Int { bits, .. }, Scalar::Int(x)) => {
            let low = (x as u128) & ((1u128 << bits) - 1);
            let n = out.len();
            out.copy_from_slice(&(low as u64).to_le_bytes()[..n]);
        }
        (ElementType::Float(f), Scalar::Float(x)) => match f {
            FloatType::F16 => out.copy_from_slice(&f16::from_f32(x as f32).to_le_bytes()),
            FloatType::BF16 => out.copy_from_slice(&bf16::from_f32(x as f32).to_le_bytes()),
            FloatType::F32 => out.copy_from_slice(&(x as f32).to_le_bytes()),
            FloatType::F64 => out.copy_from_slice(&x.to_le_bytes()),
        },
        _ => unreachable!("converted first"),
    }
}

/// `v` converted to `to` (ONNX `Cast`): float → int truncates toward zero
/// and saturates at the type's range, NaN → 0 (Rust's `as`); int → float
/// rounds to nearest (to f16/bf16 through f32); int → int wraps; x → i1 is
/// `x != 0` (NaN is true); a signless i1 source is 0 or 1.
fn convert(from: ElementType, v: Scalar, to: ElementType) -> Scalar {
    let v = match (from, v) {
        (ElementType::Int { bits: 1, .. }, Scalar::Int(x)) => Scalar::Int(x & 1),
        _ => v,
    };
    match (to, v) {
        (ElementType::Int { bits: 1, .. }, Scalar::Int(x)) => Scalar::Int((x != 0) as i128),
        (ElementType::Int { bits: 1, .. }, Scalar::Float(x)) => Scalar::Int((x != 0.0) as i128),
        (ElementType::Int { .. }, Scalar::Int(_)) => v,
        (ElementType::Int { bits, sign }, Scalar::Float(x)) => {
            let (lo, hi) = if sign == IntSign::Unsigned {
                (0, (1i128 << bits) - 1)
            } else {
                (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
            };
            // `as` truncates, saturates and sends NaN to 0.
            Scalar::Int((x as i128).clamp(lo, hi))
        }
        (ElementType::Float(FloatType::F64), Scalar::Int(x)) => Scalar::Float(x as f64),
        (ElementType::Float(_), Scalar::Int(x)) => Scalar::Float(x as f32 as f64),
        (ElementType::Float(FloatType::F64), Scalar::Float(_)) => v,
        (ElementType::Float(_), Scalar::Float(x)) => Scalar::Float(x as f32 as f64),
    }
}

/// `graph.cast`: each element of `input` converted to `element`.
pub(crate) fn cast(
    input: &HostTensor,
    shape: &[usize],
    element: ElementType,
    out: &mut [u8],
) -> Result<()> {
    same_shape(0, input, shape)?;
    let (n, m) = (input.element.byte_size(), element.byte_size());
    for (x, o) in input.data.chunks_exact(n).zip(out.chunks_exact_mut(m)) {
        store(
            element,
            convert(input.element, load(input.element, x), element),
            o,
        );
    }
    Ok(())
}

/// `graph.select`: `t[i]` where `c[i]` (its low bit), else `f[i]`.
pub(crate) fn select(
    c: &HostTensor,
    t: &HostTensor,
    f: &HostTensor,
    shape: &[usize],
    out: &mut [u8],
) -> Result<()> {
    same_shape(0, c, shape)?;
    same_shape(1, t, shape)?;
    same_shape(2, f, shape)?;
    let n = t.element.byte_size();
    for (i, o) in out.chunks_exact_mut(n).enumerate() {
        let src = if c.data[i] & 1 == 1 { &t.data } else { &f.data };
        o.copy_from_slice(&src[i * n..(i + 1) * n]);
    }
    Ok(())
}

/// `graph.compare`: `predicate` (eq ne lt le gt ge) of each pair as `i1`;
/// floats compare ordered (NaN: false, except `ne`), integers by their
/// normalized values (signed, `ui` unsigned).
pub(crate) fn compare(
    predicate: &str,
    lhs: &HostTensor,
    rhs: &HostTensor,
    shape: &[usize],
    out: &mut [u8],
) -> Result<()> {
    same_shape(0, lhs, shape)?;
    same_shape(1, rhs, shape)?;
    fn cmp<T: PartialOrd>(p: &str, a: T, b: T) -> Option<bool> {
        Some(match p {
            "eq" => a == b,
            "ne" => a != b,
            "lt" => a < b,
            "le" => a <= b,
            "gt" => a > b,
            "ge" => a >= b,
            _ => return None,
        })
    }
    let n = lhs.element.byte_size();
    for ((x, y), o) in lhs
        .data
        .chunks_exact(n)
        .zip(rhs.data.chunks_exact(n))
        .zip(out.iter_mut())
    {
        let r = match (load(lhs.element, x), load(rhs.element, y)) {
            (Scalar::Int(a), Scalar::Int(b)) => cmp(predicate, a, b),
            (Scalar::Float(a), Scalar::Float(b)) => cmp(predicate, a, b),
            _ => None,
        };
        *o = r.ok_or_else(|| Error::invalid_argument(format!("unknown predicate '{predicate}'")))?
            as u8;
    }
    Ok(())
}

/// `graph.iota`: each element's index along `dimension`, converted to
/// `element` as `graph.cast` converts an i64.
pub(crate) fn iota(
    dimension: usize,
    shape: &[usize],
    element: ElementType,
    out: &mut [u8],
) -> Result<()> {
    if dimension >= shape.len() {
        return Err(Error::invalid_argument(format!(
            "dimension {dimension} is out of range for rank {}",
            shape.len()
        )));
    }
    let inner: usize = shape[dimension + 1..].iter().product();
    let m = element.byte_size();
    for (i, o) in out.chunks_exact_mut(m).enumerate() {
        let v = (i / inner) % shape[dimension];
        store(
            element,
            convert(ElementType::I64, Scalar::Int(v as i128), element),
            o,
        );
    }
    Ok(())
}
