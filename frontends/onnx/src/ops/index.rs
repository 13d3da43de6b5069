//! Ops composed from graph ops with index arithmetic: GatherElements (one
//! `graph.gather` of flat indices), Trilu and OneHot (a compare or a mask,
//! then `graph.select`), Tile (broadcast and reshape), CumSum (log2(n)
//! shifted adds), ArgMax/ArgMin (a reduce_max, a compare and a select of
//! positions), Range (a constant of known operands, else an iota whose count
//! is index arithmetic or read by the host) and NonZero (a count read by the
//! host with `graph.extract`, then a `graph.scatter` of each nonzero
//! element's indices to its rank among them). Shape-like operands (Trilu's
//! k, Tile's repeats, OneHot's depth, CumSum's axis) must be known at import
//! time.

use super::{Converter, R};
use crate::builder::{Binary, Pred, Reduction, Unary, V};
use crate::convert::{need_static, norm_axis, Importer, SMALL};
use crate::fold;
use crate::node::Node;
use crate::symbolic::Sym;
use crate::tensor::{Data, Tensor};
use crate::types::{is_int, ElementType, Ty};

pub const CONVERTERS: &[Converter] = &[
    Converter::new(
        "GatherND",
        &["batch_dims"],
        gather_nd,
        "`graph.gather` of flat indices (each tuple's offset, negative entries by a `graph.select`, batch dims by `graph.iota`) into the data viewed as [tuples, rest]",
    ),
    Converter::new(
        "GatherElements",
        &["axis"],
        gather_elements,
        "`graph.gather` of flat indices (computed from the indices; negative ones by a `graph.select`) into the data viewed 1-d; known data and indices folded; dynamic dims (positions by `graph.iota`, strides from the dims)",
    ),
    Converter::new(
        "Trilu",
        &["upper"],
        trilu,
        "`graph.select` of a constant triangular mask over the last two dims (k known at import time)",
    ),
    Converter::new(
        "Tile",
        &[],
        tile,
        "`graph.broadcast`, `graph.reshape` (repeats known at import time)",
    ),
    Converter::new(
        "Range",
        &[],
        range,
        "a known value (start, limit and delta known at import time; `graph.constant` where used); of dims, `graph.iota` given the count's index arithmetic; of run-time values, `start + delta * graph.iota`, the count computed in f64 and read by the host (`graph.extract`)",
    )
    .folds(fold::range),
    Converter::new(
        "OneHot",
        &["axis"],
        one_hot,
        "`graph.compare eq` of the indices (negative ones by a `graph.select`) with a constant iota, `graph.select` of the values (depth known at import time)",
    ),
    Converter::new(
        "CumSum",
        &["exclusive", "reverse"],
        cum_sum,
        "log2(n) `graph.add`s of the running sums shifted along the axis (`graph.slice`, `graph.concat` with zeros; axis known at import time)",
    ),
    Converter::new(
        "ArgMax",
        &["axis", "keepdims", "select_last_index"],
        |im, n| arg_extreme(im, n, false),
        "composed: `graph.reduce_max`, `graph.compare eq` (and `ne` of x and x: a NaN is the first hit, as numpy's), `graph.select` of positions, `graph.reduce_max` (i64)",
    ),
    Converter::new(
        "NonZero",
        &[],
        non_zero,
        "count (`graph.reduce_sum` of the mask) read by the host (`graph.extract`); ranks by a running sum (log2(n) `graph.add`s); `graph.scatter` of each nonzero element's indices (`graph.iota`) to its rank; `graph.slice` of the count (input of static shape); known ints folded",
    )
    .folds(fold::non_zero),
    Converter::new(
        "ArgMin",
        &["axis", "keepdims", "select_last_index"],
        |im, n| arg_extreme(im, n, true),
        "composed: ArgMax of -x (of -1 - x for integers)",
    ),
];

const I64: ElementType = ElementType::I64;

/// The constant `[0, 1, ..., len - 1]` (times `scale`, plus `offset`) of `elem`.
fn iota(im: &mut Importer, n: &Node, elem: ElementType, len: i64, scale: i64, offset: i64) -> R<V> {
    if len > SMALL * 256 {
        return Err(n.error(format!(
            "a dimension of {len} is too large for a constant of its indices"
        )));
    }
    let vals = (0..len).map(|i| i * scale + offset);
    let data = if elem.is_float() {
        Data::F(vals.map(|v| v as f64).collect())
    } else {
        Data::I(vals.collect())
    };
    Ok(im.b.constant(&Tensor {
        ty: Ty::new(elem, vec![len]),
        data,
    }))
}

/// An error unless `ty`'s element count fits in an i64 (a hostile model's
/// types must not overflow the index arithmetic).
pub(super) fn sized(n: &Node, ty: &Ty) -> R<()> {
    if ty
        .dims
        .iter()
        .try_fold(1i64, |a, &d| a.checked_mul(d))
        .is_none()
    {
        return Err(n.error(format!("{ty} is too large")));
    }
    Ok(())
}

/// A 1-d `v` broadcast to `dims` along dim `axis`.
fn along(im: &mut Importer, v: &V, axis: usize, dims: &[i64]) -> V {
    if v.ty.dims == dims {
        return v.clone();
    }
    im.b.broadcast(v, &[axis as i64], v.ty.with_dims(dims.to_vec()))
}

/// Row-major strides of `dims`.
fn strides(dims: &[i64]) -> Vec<i64> {
    let mut s = vec![1; dims.len()];
    for i in (0..dims.len().saturating_sub(1)).rev() {
        s[i] = s[i + 1] * dims[i + 1];
    }
    s
}

/// A dim (or a product of dims) as an i64 tensor of `like`'s dims.
fn sym_like(im: &mut Importer, s: Sym, like: &V) -> V {
    if let Sym::Const(c) = s {
        return im.full(like, c as f64);
    }
    let t = im.sym_scalar(s, I64);
    let dims = im.syms.dims(like);
    im.expand_syms(&t, &dims)
}

/// The flat offset into `x` of each element of `idx` (i64, of `x`'s rank)
/// at dim `axis`, its other coordinates its own position's, negative
/// entries counted from the end: GatherElements' and ScatterElements'
/// offsets when dims are known only at run time (`graph.iota` of each
/// position, strides from the dims).
pub(super) fn element_offsets(im: &mut Importer, x: &V, idx: &V, axis: usize) -> V {
    let r = x.ty.rank();
    let xd = im.syms.dims(x);
    let id = im.syms.dims(idx);
    let zero = im.full(idx, 0.0);
    let neg = im.b.compare(Pred::Lt, idx, &zero);
    let d = sym_like(im, xd[axis], idx);
    let up = im.b.binary(Binary::Add, idx, &d);
    let idx = im.b.select(&neg, &up, idx);
    im.syms.record(&idx, &id);
    let stride = |im: &mut Importer, k: usize| im.syms.quotient(&xd[k + 1..], &[]);
    let sa = stride(im, axis);
    let mut flat = if sa == Sym::Const(1) {
        idx
    } else {
        let s = sym_like(im, sa, &idx);
        im.b.binary(Binary::Mul, &idx, &s)
    };
    im.syms.record(&flat, &id);
    for k in (0..r).filter(|&k| k != axis && id[k] != Sym::Const(1)) {
        let (ty, given) = im.syms.result_type(&mut im.b, I64, &id);
        let pos = im.b.iota(&ty, k, &given);
        im.syms.record(&pos, &id);
        let sk = stride(im, k);
        let pos = if sk == Sym::Const(1) {
            pos
        } else {
            let s = sym_like(im, sk, &pos);
            im.b.binary(Binary::Mul, &pos, &s)
        };
        flat = im.b.binary(Binary::Add, &flat, &pos);
        im.syms.record(&flat, &id);
    }
    flat
}

/// Indices of element type i32 or i64, as i64.
fn index_input(im: &mut Importer, n: &Node, i: usize) -> R<V> {
    let idx = im.input(n, i)?;
    match idx.ty.elem {
        ElementType::I64 => Ok(idx),
        ElementType::I32 => Ok(im.b.cast(&idx, I64)),
        e => Err(n.error(format!(
            "indices of element type {e} are not supported (int32 or int64)"
        ))),
    }
}

/// `idx < 0 ? idx + d : idx` (i64).
fn wrap_negative(im: &mut Importer, idx: &V, d: i64) -> V {
    let zero = im.full(idx, 0.0);
    let neg = im.b.compare(Pred::Lt, idx, &zero);
    let dd = im.full(idx, d as f64);
    let up = im.b.binary(Binary::Add, idx, &dd);
    im.b.select(&neg, &up, idx)
}

/// The flat offset of each index tuple (the last dim of `idx`, `k`
/// entries, negative ones counted from the end) into dims `..b+k` of a
/// tensor of dims `xd`, the first `b` the batch dims `idx` shares with it
/// (their offsets from `graph.iota`): GatherND's and ScatterND's offsets, of
/// `idx`'s element type and its dims but the last.
pub(super) fn tuple_offsets(im: &mut Importer, idx: &V, xd: &[Sym], b: usize) -> V {
    let id = im.syms.dims(idx);
    let q = id.len();
    let k = idx.ty.dims[q - 1] as usize;
    let outer: Vec<Sym> = id[..q - 1].to_vec();
    let e = idx.ty.elem;
    // A scalar dim as a tensor of the indices' type, broadcast to `outer`.
    let dim_tensor = |im: &mut Importer, s: Sym| -> V {
        let t = im.sym_scalar(s, e);
        im.expand_syms(&t, &outer)
    };
    let mut flat: Option<V> = None;
    let mut add = |im: &mut Importer, term: V| {
        flat = Some(match flat.take() {
            None => term,
            Some(f) => im.b.binary(Binary::Add, &f, &term),
        });
    };
    for j in 0..k {
        // Entry j of each tuple, with the tuple dims.
        let mut start = vec![0i64; q];
        start[q - 1] = j as i64;
        let mut cd = id.clone();
        cd[q - 1] = Sym::Const(1);
        let (ty, given) = im.syms.result_type(&mut im.b, e, &cd);
        let col = im.b.slice_given(idx, &start, &vec![1; q], ty.dims, &given);
        im.syms.record(&col, &cd);
        let col = im.reshape_to(&col, &outer);
        let d = dim_tensor(im, xd[b + j]);
        let zero = im.full(&col, 0.0);
        let neg = im.b.compare(Pred::Lt, &col, &zero);
        let up = im.b.binary(Binary::Add, &col, &d);
        let mut term = im.b.select(&neg, &up, &col);
        let stride = im.syms.quotient(&xd[b + j + 1..b + k], &[]);
        if stride != Sym::Const(1) {
            let st = dim_tensor(im, stride);
            term = im.b.binary(Binary::Mul, &term, &st);
        }
        add(im, term);
    }
    let inner = im.syms.quotient(&xd[b..b + k], &[]);
    for j in 0..b {
        // The offset of batch position j: its index times what one step spans.
        let (ty, given) = im.syms.result_type(&mut im.b, e, &outer);
        let pos = im.b.iota(&ty, j, &given);
        im.syms.record(&pos, &outer);
        let mut factors = xd[j + 1..b].to_vec();
        factors.push(inner);
        let span = im.syms.quotient(&factors, &[]);
        let st = dim_tensor(im, span);
        let term = im.b.binary(Binary::Mul, &pos, &st);
        add(im, term);
    }
    match flat {
        Some(f) => f,
        // k = 0 and no batch dims: every tuple selects the whole data.
        None => {
            let zero = Tensor::ints(Ty::new(e, vec![]), vec![0]);
            let z = im.b.constant(&zero);
            im.expand_syms(&z, &outer)
        }
    }
}

/// GatherND: each index tuple (the last dim of the indices, `k` entries,
/// negative ones counted from the end) selects from dims `b..b+k` of the
/// data, `b` the batch dims both share. Written as one `graph.gather` of flat
/// offsets into the data viewed as `[prod(dims ..b+k), dims b+k..]`; the
/// batch dims add their own offsets (`graph.iota`). Dims may be dynamic.
fn gather_nd(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    let idx = im.input(n, 1)?;
    let b = n.int("batch_dims", 0)?;
    if !matches!(idx.ty.elem, ElementType::I32 | ElementType::I64) {
        return Err(n.error(format!(
            "indices of element type {} are not supported (int32 or int64)",
            idx.ty.elem
        )));
    }
    let (r, q) = (x.ty.rank(), idx.ty.rank());
    if r == 0 || q == 0 {
        return Err(n.error("data and indices must have rank 1 or more"));
    }
    let k = idx.ty.dims[q - 1];
    if k == crate::types::DYN {
        return Err(n.error(format!(
            "the last dim of the indices ({}) must be known at import time",
            idx.ty
        )));
    }
    if b < 0 || b as usize >= q.min(r) || b + k > r as i64 {
        return Err(n.error(format!(
            "batch_dims {b} and index tuples of {k} do not fit data {} and indices {}",
            x.ty, idx.ty
        )));
    }
    let (b, k) = (b as usize, k as usize);
    let xd = im.syms.dims(&x);
    let id = im.syms.dims(&idx);
    let outer: Vec<Sym> = id[..q - 1].to_vec();
    let flat = tuple_offsets(im, &idx, &xd, b);
    let rows = im.syms.quotient(&xd[..b + k], &[]);
    let mut vd = vec![rows];
    vd.extend_from_slice(&xd[b + k..]);
    let view = im.reshape_to(&x, &vd);
    let y = im.b.gather(&view, &flat, 0);
    let mut yd = outer.clone();
    yd.extend_from_slice(&xd[b + k..]);
    im.syms.record(&y, &yd);
    im.out(n, 0, y);
    Ok(())
}

fn gather_elements(im: &mut Importer, n: &Node) -> R<()> {
    let axis = n.int("axis", 0)?;
    let (Some(xname), Some(iname)) = (n.input(0), n.input(1)) else {
        return Err(n.error("inputs 0 (data) and 1 (indices) are required"));
    };
    // Known data and indices: the result is known (nothing else written).
    let (xk, ik) = (im.konst(xname).cloned(), im.konst(iname).cloned());
    let (xt, it) = match (&xk, &ik) {
        (Some(x), Some(i)) => (x.ty.clone(), i.ty.clone()),
        _ => {
            let x = im.value(xname).map_err(|e| n.error(e))?;
            let i = im.value(iname).map_err(|e| n.error(e))?;
            (x.ty, i.ty)
        }
    };
    let r = xt.rank();
    if r == 0 {
        return Err(n.error("data must have rank 1 or more"));
    }
    let axis = norm_axis(n, axis, r)?;
    if !xt.is_static() || !it.is_static() {
        return gather_elements_dynamic(im, n, axis);
    }
    sized(n, &xt)?;
    sized(n, &it)?;
    if !matches!(it.elem, ElementType::I32 | ElementType::I64) {
        return Err(n.error(format!(
            "indices of element type {} are not supported (int32 or int64)",
            it.elem
        )));
    }
    if it.rank() != r {
        return Err(n.error(format!("indices {it} and data {xt} differ in rank")));
    }
    if let Some(k) = (0..r).find(|&k| k != axis && it.dims[k] > xt.dims[k]) {
        return Err(n.error(format!(
            "indices {it} are larger than data {xt} in dimension {k}"
        )));
    }
    let d = xt.dims[axis];
    let known = ik.as_ref().and_then(|t| t.as_ints()).map(<[i64]>::to_vec);
    if let Some(v) = &known {
        if let Some(i) = v.iter().find(|&&i| i < -d || i >= d) {
            return Err(n.error(format!(
                "index {i} is out of range for a dimension of size {d}"
            )));
        }
    }
    let xs = strides(&xt.dims);
    let odims = it.dims.clone();
    if let (Some(v), Some(t)) = (&known, &xk) {
        let os = strides(&odims);
        let flat = |f: i64| -> usize {
            let mut at = 0;
            for k in 0..r {
                let i = if k == axis {
                    let j = v[f as usize];
                    if j < 0 {
                        j + d
                    } else {
                        j
                    }
                } else {
                    (f / os[k]) % odims[k].max(1)
                };
                at += i * xs[k];
            }
            at as usize
        };
        let count = v.len() as i64;
        let data = match &t.data {
            Data::F(s) => Data::F((0..count).map(|f| s[flat(f)]).collect()),
            Data::I(s) => Data::I((0..count).map(|f| s[flat(f)]).collect()),
            Data::Raw(s) => {
                let w = xt.elem.byte_size();
                let out: Vec<u8> = (0..count)
                    .flat_map(|f| &s[flat(f) * w..(flat(f) + 1) * w])
                    .copied()
                    .collect();
                Data::Raw(out.into())
            }
        };
        let y = Tensor {
            ty: xt.with_dims(odims),
            data,
        };
        if let Some(o) = n.output(0) {
            im.bind_const(o, y);
        }
        return Ok(());
    }
    let x = im.input(n, 0)?;
    let idx = index_input(im, n, 1)?;
    let idx = if known.as_ref().is_some_and(|v| v.iter().all(|&i| i >= 0)) {
        idx
    } else {
        wrap_negative(im, &idx, d)
    };
    // flat = idx * stride[axis] + sum over the other dims of i_k * stride[k].
    let mut flat = if xs[axis] == 1 {
        idx
    } else {
        let s = im.full(&idx, xs[axis] as f64);
        im.b.binary(Binary::Mul, &idx, &s)
    };
    for k in (0..r).filter(|&k| k != axis && odims[k] > 1) {
        let pos = iota(im, n, I64, odims[k], xs[k], 0)?;
        let pos = along(im, &pos, k, &odims);
        flat = im.b.binary(Binary::Add, &flat, &pos);
    }
    let total = x.ty.numel().unwrap();
    let x1 = im.b.reshape(&x, &[total]);
    let y = im.b.gather(&x1, &flat, 0);
    im.out(n, 0, y);
    Ok(())
}

/// GatherElements with dims known only at run time: one `graph.gather` of
/// `element_offsets` into the data viewed 1-d. An index past the data is
/// clamped, as `graph.gather` does.
fn gather_elements_dynamic(im: &mut Importer, n: &Node, axis: usize) -> R<()> {
    let x = im.input(n, 0)?;
    let idx = index_input(im, n, 1)?;
    if idx.ty.rank() != x.ty.rank() {
        return Err(n.error(format!(
            "indices {} and data {} differ in rank",
            idx.ty, x.ty
        )));
    }
    let flat = element_offsets(im, &x, &idx, axis);
    let xd = im.syms.dims(&x);
    let total = im.syms.quotient(&xd, &[]);
    let x1 = im.reshape_to(&x, &[total]);
    let y = im.b.gather(&x1, &flat, 0);
    let id = im.syms.dims(&flat);
    im.syms.record(&y, &id);
    im.out(n, 0, y);
    Ok(())
}

fn trilu(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    need_static(n, &x, "Trilu")?;
    sized(n, &x.ty)?;
    let r = x.ty.rank();
    if r < 2 {
        return Err(n.error(format!("input must have rank 2 or more, not {}", x.ty)));
    }
    let k = match im.const_ints(n, 1, "k")? {
        Some(v) if v.len() == 1 => v[0],
        Some(v) => return Err(n.error(format!("input 1 (k) must hold one value, not {}", v.len()))),
        None => 0,
    };
    let upper = n.int("upper", 1)? != 0;
    let (rows, cols) = (x.ty.dims[r - 2], x.ty.dims[r - 1]);
    if rows.saturating_mul(cols) > SMALL * 256 {
        return Err(n.error(format!(
            "a {rows}x{cols} mask is too large to import as a constant"
        )));
    }
    let keep = |i: i64, j: i64| {
        let o = (j as i128) - (i as i128);
        if upper {
            o >= k as i128
        } else {
            o <= k as i128
        }
    };
    let cells: Vec<i64> = (0..rows)
        .flat_map(|i| (0..cols).map(move |j| keep(i, j) as i64))
        .collect();
    let y = if cells.iter().all(|&c| c == 1) {
        x
    } else {
        let mask = im.b.constant(&Tensor::ints(
            Ty::new(ElementType::I1, vec![rows, cols]),
            cells,
        ));
        let mask = im.b.expand(&mask, &x.ty.dims);
        let zero = im.full(&x, 0.0);
        im.b.select(&mask, &x, &zero)
    };
    im.out(n, 0, y);
    Ok(())
}

fn tile(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    need_static(n, &x, "Tile")?;
    sized(n, &x.ty)?;
    let reps = im
        .const_ints(n, 1, "repeats")?
        .ok_or_else(|| n.error("input 1 (repeats) is missing"))?;
    let r = x.ty.rank();
    if reps.len() != r {
        return Err(n.error(format!(
            "repeats has {} values for an input of rank {r}",
            reps.len()
        )));
    }
    if let Some(&b) = reps.iter().find(|&&b| b < 0) {
        return Err(n.error(format!("repeat {b} is negative")));
    }
    if reps.iter().all(|&b| b == 1) {
        im.out(n, 0, x);
        return Ok(());
    }
    let mut big = Vec::with_capacity(2 * r);
    let mut out = Vec::with_capacity(r);
    for (&b, &d) in reps.iter().zip(&x.ty.dims) {
        big.push(b);
        big.push(d);
        out.push(
            b.checked_mul(d)
                .ok_or_else(|| n.error("the result is too large"))?,
        );
    }
    if out
        .iter()
        .try_fold(1i64, |a, &d| a.checked_mul(d))
        .is_none()
    {
        return Err(n.error("the result is too large"));
    }
    let map: Vec<i64> = (0..r as i64).map(|i| 2 * i + 1).collect();
    let b = im.b.broadcast(&x, &map, x.ty.with_dims(big));
    let y = im.b.reshape(&b, &out);
    im.out(n, 0, y);
    Ok(())
}

/// Range of known start, limit and delta: a constant (the integer case of
/// small ones is the table's fold).
fn range(im: &mut Importer, n: &Node) -> R<()> {
    let known = |i: usize| n.input(i).is_some_and(|s| im.konst(s).is_some());
    if !(known(0) && known(1) && known(2)) {
        return range_dynamic(im, n);
    }
    let mut ops = Vec::new();
    for (i, what) in ["start", "limit", "delta"].iter().enumerate() {
        let t = im
            .const_tensor(n, i, what)?
            .ok_or_else(|| n.error(format!("input {i} ({what}) is missing")))?;
        if t.len() != 1 || t.ty.rank() > 1 {
            return Err(n.error(format!("input {i} ({what}) must be a scalar, not {}", t.ty)));
        }
        ops.push(t);
    }
    let elem = ops[0].ty.elem;
    if ops.iter().any(|t| t.ty.elem != elem) || elem == ElementType::I1 {
        return Err(n.error("start, limit and delta must be numbers of one element type"));
    }
    let data = match (&ops[0].data, &ops[1].data, &ops[2].data) {
        (Data::I(s), Data::I(l), Data::I(d)) => {
            let (s, l, d) = (s[0] as i128, l[0] as i128, d[0] as i128);
            if d == 0 {
                return Err(n.error("Range with delta 0"));
            }
            // ceil((l - s) / d), at least 0.
            let q = (l - s).div_euclid(d) + ((l - s).rem_euclid(d) != 0) as i128;
            let count = q.max(0);
            if count > SMALL as i128 * 256 {
                return Err(n.error(format!("a range of {count} elements is too large")));
            }
            Data::I((0..count).map(|i| (s + i * d) as i64).collect())
        }
        (Data::F(s), Data::F(l), Data::F(d)) => {
            let (s, l, d) = (s[0], l[0], d[0]);
            if d == 0.0 || !(s.is_finite() && l.is_finite() && d.is_finite()) {
                return Err(n.error(format!(
                    "Range of start {s}, limit {l} and delta {d} is not a finite range"
                )));
            }
            let count = ((l - s) / d).ceil().max(0.0);
            if count > (SMALL * 256) as f64 {
                return Err(n.error(format!("a range of {count} elements is too large")));
            }
            Data::F((0..count as i64).map(|i| s + i as f64 * d).collect())
        }
        _ => return Err(n.error("start, limit and delta must be of one element type")),
    };
    let len = match &data {
        Data::I(v) => v.len(),
        Data::F(v) => v.len(),
        Data::Raw(b) => b.len() / elem.byte_size(),
    } as i64;
    let t = Tensor {
        ty: Ty::new(elem, vec![len]),
        data,
    };
    if len <= SMALL {
        if let Some(o) = n.output(0) {
            im.bind_const(o, t);
        }
    } else {
        let v = im.b.constant(&t);
        im.out(n, 0, v);
    }
    Ok(())
}

fn one_hot(im: &mut Importer, n: &Node) -> R<()> {
    let idx = im.input(n, 0)?;
    need_static(n, &idx, "OneHot")?;
    sized(n, &idx.ty)?;
    let depth = im
        .const_tensor(n, 1, "depth")?
        .ok_or_else(|| n.error("input 1 (depth) is missing"))?;
    if depth.len() != 1 {
        return Err(n.error(format!(
            "input 1 (depth) must hold one value, not {}",
            depth.len()
        )));
    }
    let depth = match (depth.as_ints(), depth.floats()) {
        (Some(v), _) => v[0],
        (_, Some(v)) if v[0].is_finite() => v[0] as i64,
        (_, v) => {
            let x = v.map_or(f64::NAN, |v| v[0]);
            return Err(n.error(format!("depth {x} is not a number")));
        }
    };
    if depth <= 0 || depth > SMALL * 16 {
        return Err(n.error(format!(
            "depth {depth} is not supported (1 to {})",
            SMALL * 16
        )));
    }
    let values = im.input(n, 2)?;
    if values.ty.dims != [2] {
        return Err(n.error(format!(
            "values must be [off, on] (2 elements), not {}",
            values.ty
        )));
    }
    let r = idx.ty.rank();
    let axis = norm_axis(n, n.int("axis", -1)?, r + 1)?;
    let mut odims = idx.ty.dims.clone();
    odims.insert(axis, depth);
    if odims
        .iter()
        .try_fold(1i64, |a, &d| a.checked_mul(d))
        .is_none()
    {
        return Err(n.error("the result is too large"));
    }
    // Indices as i64 (floats truncated, as ONNX's reference casts them).
    let i = if idx.ty.elem == I64 {
        idx
    } else if idx.ty.elem == ElementType::I1 {
        return Err(n.error("indices of element type i1 are not supported"));
    } else {
        im.b.cast(&idx, I64)
    };
    let i = wrap_negative(im, &i, depth);
    let map: Vec<i64> = (0..r).map(|k| (k + (k >= axis) as usize) as i64).collect();
    let ib = im.b.broadcast(&i, &map, i.ty.with_dims(odims.clone()));
    let pos = iota(im, n, I64, depth, 1, 0)?;
    let pos = along(im, &pos, axis, &odims);
    let hot = im.b.compare(Pred::Eq, &ib, &pos);
    let pick = |im: &mut Importer, k: i64| {
        let s = im.b.slice(&values, &[k], &[1], vec![1]);
        let s = im.b.reshape(&s, &[]);
        im.b.broadcast(&s, &[], values.ty.with_dims(odims.clone()))
    };
    let off = pick(im, 0);
    let on = pick(im, 1);
    let y = im.b.select(&hot, &on, &off);
    im.out(n, 0, y);
    Ok(())
}

fn cum_sum(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    need_static(n, &x, "CumSum")?;
    sized(n, &x.ty)?;
    let axis = match im.const_ints(n, 1, "axis")? {
        Some(v) if v.len() == 1 => v[0],
        Some(v) => {
            return Err(n.error(format!(
                "input 1 (axis) must hold one value, not {}",
                v.len()
            )))
        }
        None => return Err(n.error("input 1 (axis) is missing")),
    };
    let r = x.ty.rank();
    if r == 0 {
        return Err(n.error("input must have rank 1 or more"));
    }
    let axis = norm_axis(n, axis, r)?;
    let exclusive = n.int("exclusive", 0)? != 0;
    let reverse = n.int("reverse", 0)? != 0;
    // Shifted adds rather than a matmul by a triangular 0/1 matrix: the
    // matmul's 0 * inf would make NaNs of every sum before an infinity.
    if !x.ty.elem.is_float() && !is_int(x.ty.elem) {
        return Err(n.error(format!("element type {} is not supported", x.ty.elem)));
    }
    let y = shifted_sums(im, &x, axis, exclusive, reverse);
    im.out(n, 0, y);
    Ok(())
}

/// `x` shifted by `s` along `axis` (towards higher indices, or lower ones
/// when `reverse`), zeros filling in.
fn shift(im: &mut Importer, x: &V, axis: usize, s: i64, reverse: bool) -> V {
    let d = x.ty.dims[axis];
    let r = x.ty.rank();
    let mut zdims = x.ty.dims.clone();
    zdims[axis] = s;
    let zeros = im.b.splat(x.ty.elem, 0.0, &zdims);
    let mut kdims = x.ty.dims.clone();
    kdims[axis] = d - s;
    let mut start = vec![0; r];
    if reverse {
        start[axis] = s;
    }
    let kept = im.b.slice(x, &start, &vec![1; r], kdims);
    let parts = if reverse {
        vec![kept, zeros]
    } else {
        vec![zeros, kept]
    };
    im.b.concat(&parts, axis, x.ty.dims.clone())
}

/// The prefix sums of `x` along `axis` by log2(n) shifted adds (Hillis and
/// Steele's scan): exact for integers (wrapping as they do); for floats the
/// sums of a tree order, with infinities and NaNs reaching only the sums
/// that include them.
fn shifted_sums(im: &mut Importer, x: &V, axis: usize, exclusive: bool, reverse: bool) -> V {
    let d = x.ty.dims[axis];
    if d == 0 {
        return x.clone();
    }
    let mut y = if exclusive {
        shift(im, x, axis, 1, reverse)
    } else {
        x.clone()
    };
    let mut s = 1;
    while s < d {
        let t = shift(im, &y, axis, s, reverse);
        y = im.b.binary(Binary::Add, &y, &t);
        s *= 2;
    }
    y
}

/// NonZero: the indices `[rank, count]` of the nonzero elements in row-major
/// order (numpy's `nonzero`; NaN is nonzero). The count is data, so the host
/// reads it (`graph.extract`) and the result's dim is given it. Each element
/// is ranked by the running sum of the mask; the nonzero ones scatter their
/// indices to their rank in a `[n + 1, rank]` table whose last row takes the
/// others, and the first `count` rows, transposed, are the result.
fn non_zero(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    need_static(n, &x, "NonZero")?;
    sized(n, &x.ty)?;
    let r = x.ty.rank();
    if r == 0 {
        return Err(n.error("input must have rank 1 or more"));
    }
    let total: i64 = x.ty.dims.iter().product();
    let r64 = r as i64;
    if total == 0 {
        let empty =
            im.b.constant(&Tensor::ints(Ty::new(I64, vec![r64, 0]), Vec::new()));
        im.out(n, 0, empty);
        return Ok(());
    }
    let mask = if x.ty.elem == ElementType::I1 {
        x.clone()
    } else {
        // not(x == 0): a NaN is nonzero, as numpy counts it.
        let zero = im.full(&x, 0.0);
        let eq = im.b.compare(Pred::Eq, &x, &zero);
        im.b.unary(Unary::Not, &eq)
    };
    let mask = im.b.reshape(&mask, &[total]);
    let ones = im.b.cast(&mask, I64);
    let sum = im.b.reduce(Reduction::Sum, &ones, &[0]);
    let count = im.b.extract(&sum);
    let running = shifted_sums(im, &ones, 0, false, false);
    let one = im.full(&running, 1.0);
    let rank = im.b.binary(Binary::Sub, &running, &one);
    let spare = im.full(&running, total as f64);
    let slot = im.b.select(&mask, &rank, &spare);
    let cols: Vec<V> = (0..r)
        .map(|d| {
            let pos = im.b.iota(&Ty::new(I64, x.ty.dims.clone()), d, &[]);
            im.b.reshape(&pos, &[total, 1])
        })
        .collect();
    let updates = if r == 1 {
        cols[0].clone()
    } else {
        im.b.concat(&cols, 1, vec![total, r64])
    };
    let table = im.b.splat(I64, 0.0, &[total + 1, r64]);
    let table = im.b.scatter(&table, &slot, &updates, "none");
    let rows = im.b.slice_given(
        &table,
        &[0, 0],
        &[1, 1],
        vec![crate::types::DYN, r64],
        &[count],
    );
    let out = im.b.transpose(&rows, &[1, 0]);
    im.out(n, 0, out);
    Ok(())
}

/// Range of integers whose bounds are known up to run-time dims (`Range(0,
/// seq)`): `start + delta * iota(count)`, with a constant start, a constant
/// positive delta and `count = ceil((limit - start) / delta)` (a negative
/// count is an error at run time, where the result's dim is made); any other
/// Range of such bounds, or of run-time data, is [`range_data`].
fn range_dynamic(im: &mut Importer, n: &Node) -> R<()> {
    let mut bounds = Vec::with_capacity(3);
    let mut elem = None;
    let names = ["start", "limit", "delta"];
    let refused = |i: usize| {
        n.error(format!(
            "input '{}' ({}) must be a constant or a shape computed from dimensions; values computed at run time are not supported",
            n.input(i).unwrap_or_default(),
            names[i]
        ))
    };
    // Run-time data: the count is computed and read by the host.
    let data = (0..3).any(|i| {
        n.input(i)
            .and_then(|s| im.values.get(s))
            .is_none_or(|slot| slot.konst.is_none() && slot.sym.is_none())
    });
    if data {
        return range_data(im, n);
    }
    for (i, what) in names.iter().enumerate() {
        let s = im.sym_input(n, i).ok_or_else(|| refused(i))?;
        if s.elems.len() != 1 || s.ty.rank() > 1 {
            return Err(n.error(format!("input {i} ({what}) must be a scalar, not {}", s.ty)));
        }
        if *elem.get_or_insert(s.ty.elem) != s.ty.elem {
            return Err(n.error("start, limit and delta must be numbers of one element type"));
        }
        bounds.push(s.elems[0]);
    }
    let elem = elem.unwrap_or(ElementType::I64);
    let (start, limit) = (bounds[0], bounds[1]);
    // Otherwise the count is computed at run time, as for data.
    let (Sym::Const(delta), Sym::Const(_)) = (bounds[2], start) else {
        return range_data(im, n);
    };
    if delta <= 0 {
        return range_data(im, n);
    }
    let span = im.syms.sub(limit, start);
    let count = if delta == 1 {
        span
    } else {
        let up = im.syms.add(span, Sym::Const(delta - 1));
        im.syms.div(up, Sym::Const(delta)).expect("delta > 0")
    };
    let (ty, given) = im.syms.result_type(&mut im.b, elem, &[count]);
    let mut y = im.b.iota(&ty, 0, &given);
    im.syms.record(&y, &[count]);
    if delta != 1 {
        let d = im.full(&y, delta as f64);
        y = im.b.binary(Binary::Mul, &y, &d);
    }
    if let Sym::Const(c @ (..=-1 | 1..)) = start {
        let c = im.full(&y, c as f64);
        y = im.b.binary(Binary::Add, &y, &c);
    }
    im.out(n, 0, y);
    Ok(())
}

/// Range of run-time values: `count = max(ceil((limit - start) / delta), 0)`
/// computed in f64 (0 for a delta of 0 or a NaN), read by the host
/// (`graph.extract`), then `start + delta * iota(count)`, in f64 for floats
/// (as the constant form) and i64 for integers, cast to the element type.
fn range_data(im: &mut Importer, n: &Node) -> R<()> {
    let names = ["start", "limit", "delta"];
    let mut xs = Vec::with_capacity(3);
    for (i, what) in names.iter().enumerate() {
        let v = im.input(n, i)?;
        if v.ty.rank() > 1 || v.ty.dims.iter().any(|&d| d != 1) {
            return Err(n.error(format!("input {i} ({what}) must be a scalar, not {}", v.ty)));
        }
        xs.push(if v.ty.rank() == 1 {
            im.b.reshape(&v, &[])
        } else {
            v
        });
    }
    let elem = xs[0].ty.elem;
    if xs.iter().any(|v| v.ty.elem != elem) || elem == ElementType::I1 {
        return Err(n.error("start, limit and delta must be numbers of one element type"));
    }
    let wide = if elem.is_float() {
        ElementType::F64
    } else {
        I64
    };
    let widen = |im: &mut Importer, v: &V, e: ElementType| {
        if v.ty.elem == e {
            v.clone()
        } else {
            im.b.cast(v, e)
        }
    };
    let f: Vec<V> = xs.iter().map(|v| widen(im, v, ElementType::F64)).collect();
    let span = im.b.binary(Binary::Sub, &f[1], &f[0]);
    let q = im.b.binary(Binary::Div, &span, &f[2]);
    // ceil(q) = trunc(q) + (q > trunc(q)); NaN (a delta of 0 over 0, or a
    // NaN input) and infinities count as nothing.
    let finite = {
        let a = im.b.unary(Unary::Abs, &q);
        let big = im.full(&q, 9.0e15);
        im.b.compare(Pred::Lt, &a, &big)
    };
    let zero_f = im.full(&q, 0.0);
    let q = im.b.select(&finite, &q, &zero_f);
    let t = im.b.cast(&q, I64);
    let tf = im.b.cast(&t, ElementType::F64);
    let up = im.b.compare(Pred::Gt, &q, &tf);
    let one = im.full(&t, 1.0);
    let t1 = im.b.binary(Binary::Add, &t, &one);
    let c = im.b.select(&up, &t1, &t);
    let zero = im.full(&c, 0.0);
    let count = im.b.binary(Binary::Max, &c, &zero);
    let len = im.b.extract(&count);
    let ty = Ty::new(wide, vec![crate::types::DYN]);
    let mut y = im.b.iota(&ty, 0, std::slice::from_ref(&len));
    for (k, op) in [(2, Binary::Mul), (0, Binary::Add)] {
        let s = if wide == ElementType::F64 {
            f[k].clone()
        } else {
            widen(im, &xs[k], wide)
        };
        let b =
            im.b.broadcast_given(&s, &[], ty.clone(), std::slice::from_ref(&len));
        y = im.b.binary(op, &y, &b);
    }
    let y = widen(im, &y, elem);
    im.out(n, 0, y);
    Ok(())
}

/// ArgMax, and ArgMin as the ArgMax of an order-reversed `x`.
fn arg_extreme(im: &mut Importer, n: &Node, min: bool) -> R<()> {
    let x = im.input(n, 0)?;
    need_static(n, &x, n.op())?;
    sized(n, &x.ty)?;
    let r = x.ty.rank();
    if r == 0 {
        return Err(n.error("input must have rank 1 or more"));
    }
    if x.ty.elem == ElementType::I1 {
        return Err(n.error("element type i1 is not supported"));
    }
    let axis = norm_axis(n, n.int("axis", 0)?, r)?;
    let keep = n.int("keepdims", 1)? != 0;
    let last = n.int("select_last_index", 0)? != 0;
    let d = x.ty.dims[axis];
    if d == 0 {
        return Err(n.error(format!("{} over an empty dimension", n.op())));
    }
    let v = if !min {
        x.clone()
    } else if x.ty.elem.is_float() {
        im.b.unary(Unary::Neg, &x)
    } else {
        // -1 - x reverses the order of integers without overflow.
        let m1 = im.full(&x, -1.0);
        im.b.binary(Binary::Sub, &m1, &x)
    };
    let m = im.reduce_op(Reduction::Max, &v, &[axis], true);
    let mb = im.b.expand(&m, &x.ty.dims);
    let hit = im.b.compare(Pred::Eq, &v, &mb);
    let dims = x.ty.dims.clone();
    // The first hit: d - max(hit ? d - i : 0); the last: max(hit ? i : -1).
    let (pos, miss) = if last {
        (iota(im, n, I64, d, 1, 0)?, im.b.splat(I64, -1.0, &dims))
    } else {
        (iota(im, n, I64, d, -1, d)?, im.b.splat(I64, 0.0, &dims))
    };
    let pos = along(im, &pos, axis, &dims);
    // A NaN is the extreme (graph.reduce_max propagates it; numpy's argmax,
    // ONNX's reference, picks the first NaN): NaNs are hits too.
    let miss = if x.ty.elem.is_float() {
        let nan = im.b.compare(Pred::Ne, &v, &v);
        im.b.select(&nan, &pos, &miss)
    } else {
        miss
    };
    let sel = im.b.select(&hit, &pos, &miss);
    let mut y = im.reduce_op(Reduction::Max, &sel, &[axis], keep);
    if !last {
        let dd = im.full(&y, d as f64);
        y = im.b.binary(Binary::Sub, &dd, &y);
    }
    im.out(n, 0, y);
    Ok(())
}
