//! Import-time evaluation of integer shape arithmetic: exporters compute
//! shapes with Shape → Gather → Concat → Reshape chains, and when every input
//! of such a node is known, so is its result. Only small integer (and bool)
//! tensors are evaluated, so the importer never rounds a float. Each op's
//! evaluation is its table entry's `fold` (see `ops`).

use crate::convert::{broadcast_shapes, norm_axis};
use crate::node::Node;
use crate::ops::FoldFn;
use crate::tensor::{Data, Tensor};
use crate::types::{element_type, ElementType, Ty, DYN};

type R<T> = Result<T, String>;

/// Largest tensor folded.
const LIMIT: i64 = 1 << 12;

fn strides(dims: &[i64]) -> Vec<i64> {
    let mut s = vec![1; dims.len()];
    for i in (0..dims.len().saturating_sub(1)).rev() {
        s[i] = s[i + 1] * dims[i + 1];
    }
    s
}

/// The flat index into a tensor of `dims` (right-aligned against `out`,
/// size-1 dims stretched) of the element at `out`-index `idx`.
pub(crate) fn source_index(idx: &[i64], dims: &[i64]) -> i64 {
    let off = idx.len() - dims.len();
    let st = strides(dims);
    dims.iter()
        .enumerate()
        .map(|(i, &d)| if d == 1 { 0 } else { idx[off + i] * st[i] })
        .sum()
}

pub(crate) fn unravel(mut flat: i64, dims: &[i64]) -> Vec<i64> {
    let mut idx = vec![0; dims.len()];
    for i in (0..dims.len()).rev() {
        if dims[i] > 0 {
            idx[i] = flat % dims[i];
            flat /= dims[i];
        }
    }
    idx
}

fn ints(t: &Tensor) -> &[i64] {
    t.as_ints().expect("integer tensor")
}

fn wrap(e: ElementType, v: i64) -> i64 {
    match e {
        ElementType::I8 => v as i8 as i64,
        ElementType::I16 => v as i16 as i64,
        ElementType::I32 => v as i32 as i64,
        ElementType::I1 => (v != 0) as i64,
        _ => v,
    }
}

type Folded = R<Option<Vec<Tensor>>>;

/// `f`'s results for `n` when its inputs are known small integer tensors;
/// `None` otherwise.
pub fn run(f: FoldFn, n: &Node, inputs: &[Option<&Tensor>]) -> Folded {
    let known: Option<Vec<&Tensor>> = inputs.iter().copied().collect();
    let Some(xs) = known else { return Ok(None) };
    if xs.is_empty()
        || xs
            .iter()
            .any(|t| t.as_ints().is_none() || t.ty.numel().is_none_or(|c| c > LIMIT))
    {
        return Ok(None);
    }
    f(n, &xs)
}

fn one(t: Tensor) -> Folded {
    Ok(Some(vec![t]))
}

/// `f` of two operands of one element type, broadcast; `cmp`: bools.
/// `f` gives `None` for a division by zero.
fn binary(
    n: &Node,
    xs: &[&Tensor],
    cmp: bool,
    f: fn(ElementType, i64, i64) -> Option<i64>,
) -> Folded {
    let [a, b] = [xs[0], *xs.get(1).unwrap_or(&xs[0])];
    if xs.len() != 2 || a.ty.elem != b.ty.elem {
        return Ok(None);
    }
    let dims = broadcast_shapes(&a.ty.dims, &b.ty.dims).map_err(|m| n.error(m))?;
    let count: i64 = dims.iter().product();
    if count > LIMIT {
        return Ok(None);
    }
    let e = a.ty.elem;
    let mut out = Vec::with_capacity(count as usize);
    for i in 0..count {
        let idx = unravel(i, &dims);
        let x = ints(a)[source_index(&idx, &a.ty.dims) as usize];
        let y = ints(b)[source_index(&idx, &b.ty.dims) as usize];
        out.push(f(e, x, y).ok_or_else(|| n.error("integer division by zero in a constant"))?);
    }
    let elem = if cmp { ElementType::I1 } else { e };
    one(Tensor::ints(Ty::new(elem, dims), out))
}

pub fn add(n: &Node, xs: &[&Tensor]) -> Folded {
    binary(n, xs, false, |e, x, y| Some(wrap(e, x.wrapping_add(y))))
}

pub fn sub(n: &Node, xs: &[&Tensor]) -> Folded {
    binary(n, xs, false, |e, x, y| Some(wrap(e, x.wrapping_sub(y))))
}

pub fn mul(n: &Node, xs: &[&Tensor]) -> Folded {
    binary(n, xs, false, |e, x, y| Some(wrap(e, x.wrapping_mul(y))))
}

pub fn div(n: &Node, xs: &[&Tensor]) -> Folded {
    binary(n, xs, false, |e, x, y| {
        (y != 0).then(|| wrap(e, x.wrapping_div(y)))
    })
}

pub fn max(n: &Node, xs: &[&Tensor]) -> Folded {
    binary(n, xs, false, |_, x, y| Some(x.max(y)))
}

pub fn min(n: &Node, xs: &[&Tensor]) -> Folded {
    binary(n, xs, false, |_, x, y| Some(x.min(y)))
}

pub fn equal(n: &Node, xs: &[&Tensor]) -> Folded {
    binary(n, xs, true, |_, x, y| Some((x == y) as i64))
}

pub fn less(n: &Node, xs: &[&Tensor]) -> Folded {
    binary(n, xs, true, |_, x, y| Some((x < y) as i64))
}

pub fn greater(n: &Node, xs: &[&Tensor]) -> Folded {
    binary(n, xs, true, |_, x, y| Some((x > y) as i64))
}

pub fn less_or_equal(n: &Node, xs: &[&Tensor]) -> Folded {
    binary(n, xs, true, |_, x, y| Some((x <= y) as i64))
}

pub fn greater_or_equal(n: &Node, xs: &[&Tensor]) -> Folded {
    binary(n, xs, true, |_, x, y| Some((x >= y) as i64))
}

pub fn and(n: &Node, xs: &[&Tensor]) -> Folded {
    binary(n, xs, false, |_, x, y| Some((x != 0 && y != 0) as i64))
}

pub fn or(n: &Node, xs: &[&Tensor]) -> Folded {
    binary(n, xs, false, |_, x, y| Some((x != 0 || y != 0) as i64))
}

/// `f` of each element of input 0.
fn unary(xs: &[&Tensor], f: fn(ElementType, i64) -> i64) -> Folded {
    let a = xs[0];
    let e = a.ty.elem;
    let v = ints(a).iter().map(|&x| f(e, x)).collect();
    one(Tensor::ints(a.ty.clone(), v))
}

pub fn neg(_: &Node, xs: &[&Tensor]) -> Folded {
    unary(xs, |e, x| wrap(e, x.wrapping_neg()))
}

pub fn abs(_: &Node, xs: &[&Tensor]) -> Folded {
    unary(xs, |e, x| wrap(e, x.wrapping_abs()))
}

pub fn not(_: &Node, xs: &[&Tensor]) -> Folded {
    unary(xs, |_, x| (x == 0) as i64)
}

pub fn cast(n: &Node, xs: &[&Tensor]) -> Folded {
    let a = xs[0];
    let to = n.opt_int("to")?.unwrap_or(0);
    n.int("saturate", 1)?;
    let Ok(e) = element_type(to as i32) else {
        return Ok(None);
    };
    let data = if e.is_float() {
        Data::F(ints(a).iter().map(|&x| x as f64).collect())
    } else {
        Data::I(ints(a).iter().map(|&x| wrap(e, x)).collect())
    };
    one(Tensor {
        ty: a.ty.with_elem(e),
        data,
    })
}

pub fn concat(n: &Node, xs: &[&Tensor]) -> Folded {
    let axis = n.opt_int("axis")?.unwrap_or(0);
    let r = xs[0].ty.rank();
    if r == 0
        || xs
            .iter()
            .any(|t| t.ty.rank() != r || t.ty.elem != xs[0].ty.elem)
    {
        return Ok(None);
    }
    let axis = norm_axis(n, axis, r)?;
    let mut dims = xs[0].ty.dims.clone();
    dims[axis] = xs.iter().map(|t| t.ty.dims[axis]).sum();
    if xs
        .iter()
        .any(|t| (0..r).any(|d| d != axis && t.ty.dims[d] != dims[d]))
    {
        return Ok(None);
    }
    let outer: i64 = dims[..axis].iter().product();
    let mut out = Vec::new();
    for o in 0..outer {
        for t in xs {
            let inner: i64 = t.ty.dims[axis..].iter().product();
            out.extend_from_slice(&ints(t)[(o * inner) as usize..((o + 1) * inner) as usize]);
        }
    }
    one(Tensor::ints(xs[0].ty.with_dims(dims), out))
}

pub fn gather(n: &Node, xs: &[&Tensor]) -> Folded {
    let (a, idx) = (xs[0], xs.get(1).copied());
    let Some(idx) = idx else { return Ok(None) };
    let r = a.ty.rank();
    let axis = norm_axis(n, n.int("axis", 0)?, r)?;
    let d = a.ty.dims[axis];
    let mut dims = a.ty.dims[..axis].to_vec();
    dims.extend(&idx.ty.dims);
    dims.extend(&a.ty.dims[axis + 1..]);
    let outer: i64 = a.ty.dims[..axis].iter().product();
    let inner: i64 = a.ty.dims[axis + 1..].iter().product();
    let mut out = Vec::new();
    for o in 0..outer {
        for &i in ints(idx) {
            let j = if i < 0 { i + d } else { i };
            if j < 0 || j >= d {
                return Err(n.error(format!(
                    "index {i} is out of range for a dimension of size {d}"
                )));
            }
            let base = (o * d + j) * inner;
            out.extend_from_slice(&ints(a)[base as usize..(base + inner) as usize]);
        }
    }
    one(Tensor::ints(a.ty.with_dims(dims), out))
}

/// Input 0's data as a tensor of `dims`, when they hold as many elements.
/// (The shape change is the one the op's own conversion computes; here only
/// the common cases of shape vectors.)
fn same_data(a: &Tensor, dims: Vec<i64>) -> Folded {
    if dims.iter().any(|&d| d < 0 || d == DYN) || dims.iter().product::<i64>() != a.len() as i64 {
        return Ok(None);
    }
    one(Tensor::ints(a.ty.with_dims(dims), ints(a).to_vec()))
}

pub fn identity(_: &Node, xs: &[&Tensor]) -> Folded {
    same_data(xs[0], xs[0].ty.dims.clone())
}

pub fn unsqueeze(n: &Node, xs: &[&Tensor]) -> Folded {
    let a = xs[0];
    let Some(axes) = xs.get(1) else {
        return Ok(None);
    };
    let r = a.ty.rank() + axes.len();
    let mut ones = vec![false; r];
    for &x in ints(axes) {
        ones[norm_axis(n, x, r)?] = true;
    }
    let mut it = a.ty.dims.iter();
    let dims = ones
        .iter()
        .map(|&o| if o { 1 } else { *it.next().unwrap_or(&1) })
        .collect();
    same_data(a, dims)
}

pub fn squeeze(n: &Node, xs: &[&Tensor]) -> Folded {
    let a = xs[0];
    let r = a.ty.rank();
    let drop: Vec<usize> = match xs.get(1) {
        Some(axes) => ints(axes)
            .iter()
            .map(|&x| norm_axis(n, x, r))
            .collect::<R<_>>()?,
        None => (0..r).filter(|&i| a.ty.dims[i] == 1).collect(),
    };
    let dims = (0..r)
        .filter(|i| !drop.contains(i))
        .map(|i| a.ty.dims[i])
        .collect();
    same_data(a, dims)
}

pub fn flatten(n: &Node, xs: &[&Tensor]) -> Folded {
    let a = xs[0];
    let r = a.ty.rank() as i64;
    let axis = n.int("axis", 1)?;
    let axis = if axis < 0 { axis + r } else { axis }.clamp(0, r) as usize;
    let dims = vec![
        a.ty.dims[..axis].iter().product(),
        a.ty.dims[axis..].iter().product(),
    ];
    same_data(a, dims)
}

pub fn reshape(n: &Node, xs: &[&Tensor]) -> Folded {
    let a = xs[0];
    let Some(shape) = xs.get(1) else {
        return Ok(None);
    };
    let allowzero = n.int("allowzero", 0)?;
    let mut dims: Vec<i64> = ints(shape)
        .iter()
        .enumerate()
        .map(|(i, &s)| {
            if s == 0 && allowzero == 0 {
                a.ty.dims.get(i).copied().unwrap_or(0)
            } else {
                s
            }
        })
        .collect();
    let known: i64 = dims.iter().filter(|&&d| d != -1).product();
    if let Some(i) = dims.iter().position(|&d| d == -1) {
        if known == 0 {
            return Ok(None);
        }
        dims[i] = a.len() as i64 / known;
    }
    same_data(a, dims)
}

pub fn slice(_: &Node, xs: &[&Tensor]) -> Folded {
    let a = xs[0];
    if a.ty.rank() != 1 || xs.len() < 3 {
        return Ok(None);
    }
    let d = a.ty.dims[0];
    let (s, e) = (ints(xs[1]), ints(xs[2]));
    let step = xs.get(4).map(|t| ints(t)[0]).unwrap_or(1);
    if s.len() != 1 || e.len() != 1 || step == 0 {
        return Ok(None);
    }
    let v = ints(a);
    let clamp = |x: i64, lo: i64, hi: i64| {
        let x = if x < 0 { x.saturating_add(d) } else { x };
        x.clamp(lo, hi)
    };
    let mut out = Vec::new();
    if step > 0 {
        let (mut i, end) = (clamp(s[0], 0, d), clamp(e[0], 0, d));
        while i < end {
            out.push(v[i as usize]);
            i += step;
        }
    } else {
        let (mut i, end) = (clamp(s[0], -1, d - 1), clamp(e[0], -1, d - 1));
        while i > end {
            out.push(v[i as usize]);
            i += step;
        }
    }
    one(Tensor::ints(a.ty.with_dims(vec![out.len() as i64]), out))
}

pub fn where_(n: &Node, xs: &[&Tensor]) -> Folded {
    if xs.len() != 3 || xs[1].ty.elem != xs[2].ty.elem {
        return Ok(None);
    }
    let mut dims = xs[0].ty.dims.clone();
    for t in &xs[1..] {
        dims = broadcast_shapes(&dims, &t.ty.dims).map_err(|m| n.error(m))?;
    }
    let count: i64 = dims.iter().product();
    if count > LIMIT {
        return Ok(None);
    }
    let out = (0..count)
        .map(|f| {
            let idx = unravel(f, &dims);
            let c = ints(xs[0])[source_index(&idx, &xs[0].ty.dims) as usize];
            let t = if c != 0 { xs[1] } else { xs[2] };
            ints(t)[source_index(&idx, &t.ty.dims) as usize]
        })
        .collect();
    one(Tensor::ints(xs[1].ty.with_dims(dims), out))
}

/// NonZero of a known tensor (rank 1 or more): the indices of its nonzero
/// elements, `[rank, count]`.
pub fn non_zero(_: &Node, xs: &[&Tensor]) -> Folded {
    let [x] = xs else { return Ok(None) };
    let r = x.ty.rank();
    if r == 0 {
        return Ok(None);
    }
    let hits: Vec<i64> = (0..ints(x).len() as i64)
        .filter(|&i| ints(x)[i as usize] != 0)
        .collect();
    let count = hits.len();
    let mut out = vec![0; r * count];
    for (j, &flat) in hits.iter().enumerate() {
        for (d, v) in unravel(flat, &x.ty.dims).into_iter().enumerate() {
            out[d * count + j] = v;
        }
    }
    one(Tensor::ints(
        Ty::new(ElementType::I64, vec![r as i64, count as i64]),
        out,
    ))
}

pub fn range(n: &Node, xs: &[&Tensor]) -> Folded {
    if xs.len() != 3 || xs.iter().any(|t| t.ty.rank() != 0) {
        return Ok(None);
    }
    let (s, l, d) = (ints(xs[0])[0], ints(xs[1])[0], ints(xs[2])[0]);
    if d == 0 {
        return Err(n.error("Range with delta 0"));
    }
    let count = ((l - s) as f64 / d as f64).ceil().max(0.0) as i64;
    if count > LIMIT {
        return Ok(None);
    }
    let out: Vec<i64> = (0..count).map(|i| s + i * d).collect();
    one(Tensor::ints(xs[0].ty.with_dims(vec![count]), out))
}
