//! add, sub, mul, div, max, neg, exp, tanh, relu: element `i` of the result
//! reads element `i` of each operand; operands and result have one shape.

use super::scalar::{with_float_kind, with_kind, FloatKind, Kind};
use xir_runtime_hal::element::ElementType;
use xir_runtime_hal::tensor::{HostTensor, ShapeDisplay};

#[derive(Copy, Clone, Debug)]
pub(crate) enum Binary {
    Add,
    Sub,
    Mul,
    Div,
    Max,
}

#[derive(Copy, Clone, Debug)]
pub(crate) enum Unary {
    Neg,
    Exp,
    Tanh,
    Relu,
}

fn same_shape(i: usize, t: &HostTensor, shape: &[usize]) -> Result<(), String> {
    if t.shape != shape {
        return Err(format!(
            "operand {i} is {}, expected {} (the result type)",
            t.type_string(),
            ShapeDisplay(shape, t.element)
        ));
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
) -> Result<(), String> {
    same_shape(0, lhs, shape)?;
    same_shape(1, rhs, shape)?;
    with_kind!(element, |k| {
        map2(k, op, &lhs.data, &rhs.data, out);
        Ok(())
    }, invalid => Err(format!("unsupported element type {element}")))
}

fn map2<K: Kind>(k: K, op: Binary, a: &[u8], b: &[u8], out: &mut [u8]) {
    let f: fn(K, K::V, K::V) -> K::V = match op {
        Binary::Add => K::add,
        Binary::Sub => K::sub,
        Binary::Mul => K::mul,
        Binary::Div => K::div,
        Binary::Max => K::max,
    };
    let n = k.size();
    for ((x, y), o) in a
        .chunks_exact(n)
        .zip(b.chunks_exact(n))
        .zip(out.chunks_exact_mut(n))
    {
        k.store(f(k, k.load(x), k.load(y)), o);
    }
}

pub(crate) fn unary(
    op: Unary,
    input: &HostTensor,
    shape: &[usize],
    element: ElementType,
    out: &mut [u8],
) -> Result<(), String> {
    same_shape(0, input, shape)?;
    match op {
        Unary::Neg => with_kind!(element, |k| {
            map1(k, &input.data, out, |x| k.neg(x));
            Ok(())
        }, invalid => Err(format!("unsupported element type {element}"))),
        Unary::Relu => with_kind!(element, |k| {
            map1(k, &input.data, out, |x| k.max(x, k.zero()));
            Ok(())
        }, invalid => Err(format!("unsupported element type {element}"))),
        Unary::Exp | Unary::Tanh => with_float_kind!(element, |k| {
            transcendental(k, matches!(op, Unary::Tanh), &input.data, out);
            Ok(())
        }, int => Err(format!("requires a float element type, got {element}"))),
    }
}

/// `tanh` if `tanh`, else `exp`.
fn transcendental<K: FloatKind>(k: K, tanh: bool, input: &[u8], out: &mut [u8]) {
    if tanh {
        map1(k, input, out, |x| k.tanh(x))
    } else {
        map1(k, input, out, |x| k.exp(x))
    }
}

fn map1<K: Kind>(k: K, input: &[u8], out: &mut [u8], f: impl Fn(K::V) -> K::V) {
    let n = k.size();
    for (x, o) in input.chunks_exact(n).zip(out.chunks_exact_mut(n)) {
        k.store(f(k.load(x)), o);
    }
}
