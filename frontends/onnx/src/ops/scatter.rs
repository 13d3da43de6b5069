//! ScatterElements and ScatterND, each one `graph.scatter` (axis 0) of flat
//! offsets into the data viewed as `[rows, rest]`, the offsets computed as
//! GatherElements and GatherND compute theirs (`index.rs`): negative
//! entries by a `graph.select`, strides by `graph.mul`. Duplicates apply in
//! order (the last wins for `none`, as onnxruntime). An entry out of range
//! at run time (an error in onnxruntime) lands on another element of the
//! data, the flat offset clamped to the data; a known one is an error.

use super::{Converter, R};
use crate::builder::{Binary, Pred, V};
use crate::convert::{norm_axis, Importer, SMALL};
use crate::node::Node;
use crate::symbolic::Sym;
use crate::tensor::{Data, Tensor};
use crate::types::{ElementType, Ty, DYN};

pub const CONVERTERS: &[Converter] = &[
    Converter::new(
        "ScatterElements",
        &["axis", "reduction"],
        scatter_elements,
        "`graph.scatter` of flat offsets (from the indices; negative ones by a `graph.select`) into the data viewed 1-d; reduction none, add, mul, max, min; dynamic dims (positions by `graph.iota`, strides from the dims)",
    ),
    Converter::new(
        "ScatterND",
        &["reduction"],
        scatter_nd,
        "`graph.scatter` of flat offsets (each tuple's, negative entries by a `graph.select`) into the data viewed as [tuples, rest]; reduction none, add, mul, max, min; dynamic dims",
    ),
];

/// The `reduction` attribute, checked (`none` for opsets before it).
fn reduction(n: &Node, elem: ElementType) -> R<String> {
    let r = n.string("reduction", "none")?;
    if !["none", "add", "mul", "max", "min"].contains(&r.as_str()) {
        return Err(n.error(format!(
            "reduction '{r}' is not supported (none, add, mul, max, min)"
        )));
    }
    if r != "none" && elem == ElementType::I1 {
        return Err(n.error(format!("reduction '{r}' of bool data is not supported")));
    }
    Ok(r)
}

fn indices_elem(n: &Node, ty: &Ty) -> R<ElementType> {
    match ty.elem {
        e @ (ElementType::I32 | ElementType::I64) => Ok(e),
        e => Err(n.error(format!(
            "indices of element type {e} are not supported (int32 or int64)"
        ))),
    }
}

/// An error unless `updates` has `want`'s rank and its known dims.
fn check_updates(n: &Node, data: &V, updates: &V, want: &[Sym]) -> R<()> {
    if updates.ty.elem != data.ty.elem {
        return Err(n.error(format!(
            "updates {} and data {} differ in element type",
            updates.ty, data.ty
        )));
    }
    let fits = updates.ty.rank() == want.len()
        && updates
            .ty
            .dims
            .iter()
            .zip(want)
            .all(|(&u, w)| u == DYN || !matches!(w, Sym::Const(c) if *c != u));
    if !fits {
        return Err(n.error(format!(
            "updates {} do not have the shape the indices and data give ({})",
            updates.ty,
            want.iter()
                .map(|s| match s {
                    Sym::Const(c) => c.to_string(),
                    _ => "?".into(),
                })
                .collect::<Vec<_>>()
                .join("x")
        )));
    }
    Ok(())
}

/// ScatterND: each index tuple (the last dim of the indices, `k` entries,
/// negative ones counted from the end) selects a slice `data[i0, .., ik-1]`
/// that the matching update replaces (or is combined into). Dims may be
/// dynamic.
fn scatter_nd(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    let idx = im.input(n, 1)?;
    let upd = im.input(n, 2)?;
    indices_elem(n, &idx.ty)?;
    let red = reduction(n, x.ty.elem)?;
    let (r, q) = (x.ty.rank(), idx.ty.rank());
    if r == 0 || q == 0 {
        return Err(n.error("data and indices must have rank 1 or more"));
    }
    let k = idx.ty.dims[q - 1];
    if k == DYN {
        return Err(n.error(format!(
            "the last dim of the indices ({}) must be known at import time",
            idx.ty
        )));
    }
    if k < 1 || k > r as i64 {
        return Err(n.error(format!("index tuples of {k} do not fit data {}", x.ty)));
    }
    let k = k as usize;
    let xd = im.syms.dims(&x);
    let id = im.syms.dims(&idx);
    let outer: Vec<Sym> = id[..q - 1].to_vec();
    let mut want = outer.clone();
    want.extend_from_slice(&xd[k..]);
    check_updates(n, &x, &upd, &want)?;
    let flat = super::index::tuple_offsets(im, &idx, &xd, 0);
    let count = im.syms.quotient(&outer, &[]);
    let flat = im.reshape_to(&flat, &[count]);
    let rows = im.syms.quotient(&xd[..k], &[]);
    let mut vd = vec![rows];
    vd.extend_from_slice(&xd[k..]);
    let view = im.reshape_to(&x, &vd);
    let mut ud = vec![count];
    ud.extend_from_slice(&xd[k..]);
    let uview = im.reshape_to(&upd, &ud);
    let y = im.b.scatter(&view, &flat, &uview, &red);
    im.syms.record(&y, &vd);
    let y = im.reshape_to(&y, &xd);
    im.out(n, 0, y);
    Ok(())
}

/// ScatterElements with dims known only at run time: one `graph.scatter` of
/// `element_offsets` into the data viewed 1-d (an index past it clamped).
fn scatter_elements_dynamic(
    im: &mut Importer,
    n: &Node,
    x: V,
    idx: V,
    upd: V,
    axis: usize,
    red: &str,
) -> R<()> {
    if idx.ty.rank() != x.ty.rank() {
        return Err(n.error(format!(
            "indices {} and data {} differ in rank",
            idx.ty, x.ty
        )));
    }
    let id = im.syms.dims(&idx);
    check_updates(n, &x, &upd, &id)?;
    let idx = if idx.ty.elem == ElementType::I64 {
        idx
    } else {
        im.b.cast(&idx, ElementType::I64)
    };
    im.syms.record(&idx, &id);
    let flat = super::index::element_offsets(im, &x, &idx, axis);
    let xd = im.syms.dims(&x);
    let total = im.syms.quotient(&xd, &[]);
    let count = im.syms.quotient(&id, &[]);
    let flat = im.reshape_to(&flat, &[count]);
    let x1 = im.reshape_to(&x, &[total]);
    let u1 = im.reshape_to(&upd, &[count]);
    let y = im.b.scatter(&x1, &flat, &u1, red);
    im.syms.record(&y, &[total]);
    let y = im.reshape_to(&y, &xd);
    im.out(n, 0, y);
    Ok(())
}

/// ScatterElements: `data[.., idx[p], ..] = updates[p]` (at dim `axis`, the
/// other coordinates `p`'s), in order. Static shapes; others
/// [`scatter_elements_dynamic`].
fn scatter_elements(im: &mut Importer, n: &Node) -> R<()> {
    let axis = n.int("axis", 0)?;
    let x = im.input(n, 0)?;
    let iname = n
        .input(1)
        .ok_or_else(|| n.error("input 1 (indices) is required"))?;
    let known = im
        .konst(iname)
        .and_then(|t| t.as_ints())
        .map(<[i64]>::to_vec);
    let idx = im.input(n, 1)?;
    let upd = im.input(n, 2)?;
    indices_elem(n, &idx.ty)?;
    let red = reduction(n, x.ty.elem)?;
    let (xt, it) = (x.ty.clone(), idx.ty.clone());
    let r = xt.rank();
    if r == 0 {
        return Err(n.error("data must have rank 1 or more"));
    }
    let axis = norm_axis(n, axis, r)?;
    if [&xt, &it, &upd.ty].into_iter().any(|t| !t.is_static()) {
        return scatter_elements_dynamic(im, n, x, idx, upd, axis, &red);
    }
    super::index::sized(n, &xt)?;
    super::index::sized(n, &it)?;
    if it.rank() != r {
        return Err(n.error(format!("indices {it} and data {xt} differ in rank")));
    }
    let want: Vec<Sym> = it.dims.iter().map(|&d| Sym::Const(d)).collect();
    check_updates(n, &x, &upd, &want)?;
    if let Some(k) = (0..r).find(|&k| k != axis && it.dims[k] > xt.dims[k]) {
        return Err(n.error(format!(
            "indices {it} are larger than data {xt} in dimension {k}"
        )));
    }
    let d = xt.dims[axis];
    if let Some(v) = &known {
        if let Some(i) = v.iter().find(|&&i| i < -d || i >= d) {
            return Err(n.error(format!(
                "index {i} is out of range for a dimension of size {d}"
            )));
        }
    }
    let idx = if idx.ty.elem == ElementType::I64 {
        idx
    } else {
        im.b.cast(&idx, ElementType::I64)
    };
    let idx = if known.as_ref().is_some_and(|v| v.iter().all(|&i| i >= 0)) {
        idx
    } else {
        let zero = im.full(&idx, 0.0);
        let neg = im.b.compare(Pred::Lt, &idx, &zero);
        let dd = im.full(&idx, d as f64);
        let up = im.b.binary(Binary::Add, &idx, &dd);
        im.b.select(&neg, &up, &idx)
    };
    // flat = idx * stride[axis] + sum over the other dims of p_k * stride[k].
    let mut xs = vec![1i64; r];
    for k in (0..r.saturating_sub(1)).rev() {
        xs[k] = xs[k + 1] * xt.dims[k + 1];
    }
    let odims = it.dims.clone();
    let mut flat = if xs[axis] == 1 {
        idx
    } else {
        let s = im.full(&idx, xs[axis] as f64);
        im.b.binary(Binary::Mul, &idx, &s)
    };
    for k in (0..r).filter(|&k| k != axis && odims[k] > 1) {
        if odims[k] > SMALL * 256 {
            return Err(n.error(format!(
                "a dimension of {} is too large for a constant of its indices",
                odims[k]
            )));
        }
        let pos = Tensor {
            ty: Ty::new(ElementType::I64, vec![odims[k]]),
            data: Data::I((0..odims[k]).map(|i| i * xs[k]).collect()),
        };
        let pos = im.b.constant(&pos);
        let pos =
            im.b.broadcast(&pos, &[k as i64], pos.ty.with_dims(odims.clone()));
        flat = im.b.binary(Binary::Add, &flat, &pos);
    }
    let count = it.numel().unwrap_or(0);
    let total = xt.numel().unwrap_or(0);
    let flat = im.b.reshape(&flat, &[count]);
    let x1 = im.b.reshape(&x, &[total]);
    let u1 = im.b.reshape(&upd, &[count]);
    let y = im.b.scatter(&x1, &flat, &u1, &red);
    let y = im.b.reshape(&y, &xt.dims);
    im.out(n, 0, y);
    Ok(())
}
