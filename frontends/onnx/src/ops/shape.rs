//! Ops that move elements without computing on them: reshapes, transposes,
//! slices, gathers, joins and splits. Their shape-like operands must be
//! known at import time (initializers, Constant nodes, `--bind`).

use super::{Converter, R};
use crate::builder::V;
use crate::convert::{broadcast_shapes, dims_str, need_static, norm_axis, Importer, SMALL};
use crate::fold;
use crate::node::Node;
use crate::symbolic::Sym;
use crate::tensor::Tensor;
use crate::types::{ElementType, Ty, DYN};

pub const CONVERTERS: &[Converter] = &[
    Converter::new("Identity", &[], identity, "the input itself").folds(fold::identity),
    Converter::new("Reshape", &["allowzero"], reshape, "`graph.reshape`").folds(fold::reshape),
    Converter::new("Flatten", &["axis"], flatten, "`graph.reshape`").folds(fold::flatten),
    Converter::new("Squeeze", &[], squeeze, "`graph.reshape`").folds(fold::squeeze),
    Converter::new("Unsqueeze", &[], unsqueeze, "`graph.reshape`").folds(fold::unsqueeze),
    Converter::new(
        "Transpose",
        &["perm"],
        transpose,
        "`graph.transpose` (nothing for the identity)",
    ),
    Converter::new("Expand", &[], expand, "`graph.broadcast`"),
    Converter::new("Concat", &["axis"], concat, "`graph.concat`").folds(fold::concat),
    Converter::new(
        "Slice",
        &[],
        slice,
        "`graph.slice` (given the dims of bounds known up to run-time dims); negative steps a `graph.gather` of the indices; bounds that are run-time data, or that dim arithmetic cannot place, a `graph.gather` of `start + step * graph.iota` per axis, clamped at run time, the count read by the host (`graph.extract`)",
    )
    .folds(fold::slice),
    Converter::new(
        "Gather",
        &["axis"],
        gather,
        "`graph.gather` (constant indices range-checked)",
    )
    .folds(fold::gather),
    Converter::new(
        "Split",
        &["axis", "num_outputs"],
        split,
        "a `graph.slice` per output; along a dynamic axis the last known size's part checked by a reshape, equal parts a reshape to `[parts, d / parts]` then slices, `num_outputs` chunks gathered (each count read by the host)",
    ),
    Converter::new(
        "DepthToSpace",
        &["blocksize", "mode"],
        depth_to_space,
        "`graph.reshape`, `graph.transpose`, `graph.reshape`",
    ),
    Converter::new(
        "SpaceToDepth",
        &["blocksize", "mode"],
        space_to_depth,
        "`graph.reshape`, `graph.transpose`, `graph.reshape`",
    ),
];

/// The output names the input's value (and constant, if known).
fn identity(im: &mut Importer, n: &Node) -> R<()> {
    let name = n.input(0).ok_or_else(|| n.error("input 0 is missing"))?;
    let slot = im
        .values
        .get(name)
        .cloned()
        .ok_or_else(|| n.error(format!("value '{name}' is undefined")))?;
    if let Some(o) = n.output(0) {
        let mut s = slot;
        s.init = false;
        if s.v.is_none() {
            s.v = Some(im.value(name)?);
        }
        im.values.insert(o.to_string(), s);
    }
    Ok(())
}

/// Input `i`, a shape-like operand that must be present and known.
fn required_ints(im: &Importer, n: &Node, i: usize, what: &str) -> R<Vec<i64>> {
    im.const_ints(n, i, what)?
        .ok_or_else(|| n.error(format!("input {i} ({what}) is missing")))
}

/// Input `i`, a shape-like operand known up to run-time dims.
fn required_syms(im: &Importer, n: &Node, i: usize, what: &str) -> R<Vec<Sym>> {
    match im.sym_input(n, i) {
        Some(s) if s.ty.rank() <= 1 => Ok(s.elems),
        Some(s) => Err(n.error(format!("input {i} ({what}) must be a vector, not {}", s.ty))),
        None => required_ints(im, n, i, what).map(|v| v.into_iter().map(Sym::Const).collect()),
    }
}

fn reshape(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    let allowzero = n.int("allowzero", 0)?;
    if !x.ty.is_static() || im.konst(n.input(1).unwrap_or_default()).is_none() {
        return reshape_dynamic(im, n, x, allowzero);
    }
    let shape = required_ints(im, n, 1, "shape")?;
    let mut dims = Vec::with_capacity(shape.len());
    let mut infer = None;
    for (i, &s) in shape.iter().enumerate() {
        dims.push(match s {
            0 if allowzero == 0 => *x.ty.dims.get(i).ok_or_else(|| {
                n.error(format!(
                    "shape entry {i} copies a dimension the input (rank {}) does not have",
                    x.ty.rank()
                ))
            })?,
            -1 => {
                if infer.replace(i).is_some() {
                    return Err(n.error("shape has more than one -1"));
                }
                1
            }
            s if s < 0 => return Err(n.error(format!("shape entry {s} is invalid"))),
            s => s,
        });
    }
    let total = x.ty.numel().unwrap();
    if let Some(i) = infer {
        let rest: i64 = dims.iter().product();
        if rest == 0 || total % rest != 0 {
            return Err(n.error(format!(
                "cannot infer dimension {i}: {total} elements into {}",
                dims_str(&shape)
            )));
        }
        dims[i] = total / rest;
    }
    if dims.iter().product::<i64>() != total {
        return Err(n.error(format!(
            "cannot reshape {} ({total} elements) to {}",
            x.ty,
            dims_str(&dims)
        )));
    }
    let y = im.b.reshape(&x, &dims);
    im.out(n, 0, y);
    Ok(())
}

/// Reshape with a shape known up to run-time dims, or of an input with
/// dynamic dims: the result's dims as expressions, the `-1` the input's
/// element count over the others (equal factors cancelled).
fn reshape_dynamic(im: &mut Importer, n: &Node, x: V, allowzero: i64) -> R<()> {
    let shape = required_syms(im, n, 1, "shape")?;
    let xd = im.syms.dims(&x);
    let mut dims = Vec::with_capacity(shape.len());
    let mut infer = None;
    for (i, &s) in shape.iter().enumerate() {
        dims.push(match s {
            Sym::Const(0) if allowzero == 0 => *xd.get(i).ok_or_else(|| {
                n.error(format!(
                    "shape entry {i} copies a dimension the input (rank {}) does not have",
                    x.ty.rank()
                ))
            })?,
            Sym::Const(-1) => {
                if infer.replace(i).is_some() {
                    return Err(n.error("shape has more than one -1"));
                }
                Sym::Const(1)
            }
            Sym::Const(c) if c < 0 => return Err(n.error(format!("shape entry {c} is invalid"))),
            s => s,
        });
    }
    if let Some(i) = infer {
        dims[i] = im.syms.quotient(&xd, &dims);
    }
    let known = |d: &[Sym]| -> Option<i64> {
        d.iter().try_fold(1i64, |a, s| match s {
            Sym::Const(c) => a.checked_mul(*c),
            Sym::Expr(_) => None,
        })
    };
    if let (Some(a), Some(b)) = (known(&xd), known(&dims)) {
        if a != b {
            return Err(n.error(format!(
                "cannot reshape {} ({a} elements) to {b} elements",
                x.ty
            )));
        }
    }
    let y = im.reshape_to(&x, &dims);
    im.out(n, 0, y);
    Ok(())
}

fn flatten(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    let r = x.ty.rank() as i64;
    let axis = n.int("axis", 1)?;
    if axis < -r || axis > r {
        return Err(n.error(format!("axis {axis} is out of range for rank {r}")));
    }
    let axis = if axis < 0 { axis + r } else { axis } as usize;
    let xd = im.syms.dims(&x);
    let a = im.syms.quotient(&xd[..axis], &[]);
    let c = im.syms.quotient(&xd[axis..], &[]);
    let y = im.reshape_to(&x, &[a, c]);
    im.out(n, 0, y);
    Ok(())
}

fn squeeze(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    let axes = im.const_ints(n, 1, "axes")?;
    let r = x.ty.rank();
    let drop: Vec<usize> = match axes {
        Some(a) => a.iter().map(|&a| norm_axis(n, a, r)).collect::<R<_>>()?,
        None => (0..r).filter(|&i| x.ty.dims[i] == 1).collect(),
    };
    for &a in &drop {
        if x.ty.dims[a] != 1 {
            return Err(n.error(format!("cannot squeeze axis {a} of size {}", x.ty.dims[a])));
        }
    }
    let xd = im.syms.dims(&x);
    let dims: Vec<Sym> = (0..r)
        .filter(|i| !drop.contains(i))
        .map(|i| xd[i])
        .collect();
    let y = im.reshape_to(&x, &dims);
    im.out(n, 0, y);
    Ok(())
}

fn unsqueeze(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    let axes = required_ints(im, n, 1, "axes")?;
    let r = x.ty.rank() + axes.len();
    let mut ones = vec![false; r];
    for &a in &axes {
        let a = norm_axis(n, a, r)?;
        if std::mem::replace(&mut ones[a], true) {
            return Err(n.error(format!("axis {a} is repeated")));
        }
    }
    let xd = im.syms.dims(&x);
    let mut it = xd.iter();
    let dims: Vec<Sym> = ones
        .iter()
        .map(|&o| {
            if o {
                Sym::Const(1)
            } else {
                *it.next().unwrap()
            }
        })
        .collect();
    let y = im.reshape_to(&x, &dims);
    im.out(n, 0, y);
    Ok(())
}

fn transpose(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    let r = x.ty.rank() as i64;
    let perm = n.ints("perm")?.unwrap_or_else(|| (0..r).rev().collect());
    let mut seen = vec![false; x.ty.rank()];
    if perm.len() != x.ty.rank()
        || perm
            .iter()
            .any(|&p| p < 0 || p >= r || std::mem::replace(&mut seen[p as usize], true))
    {
        return Err(n.error(format!(
            "perm {} is not a permutation of rank {r}",
            dims_str(&perm)
        )));
    }
    let y = im.b.transpose(&x, &perm);
    if !y.ty.is_static() {
        let xd = im.syms.dims(&x);
        let dims: Vec<Sym> = perm.iter().map(|&p| xd[p as usize]).collect();
        im.syms.record(&y, &dims);
    }
    im.out(n, 0, y);
    Ok(())
}

fn expand(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    if let Some(shape) = im.const_ints(n, 1, "shape").ok().flatten() {
        if x.ty.is_static() {
            let dims = broadcast_shapes(&x.ty.dims, &shape).map_err(|e| n.error(e))?;
            let y = im.b.expand(&x, &dims);
            im.out(n, 0, y);
            return Ok(());
        }
    }
    let shape = required_syms(im, n, 1, "shape")?;
    let y = expand_to(im, n, &x, &shape)?;
    im.out(n, 0, y);
    Ok(())
}

/// `x` broadcast numpy-style (right-aligned) to `shape`, known up to
/// run-time dims: a dim of 1 on either side takes the other; otherwise the
/// two must be equal, and the target's is taken.
pub(crate) fn expand_to(im: &mut Importer, n: &Node, x: &V, shape: &[Sym]) -> R<V> {
    let xd = im.syms.dims(x);
    let r = xd.len().max(shape.len());
    let (ox, os) = (r - xd.len(), r - shape.len());
    let mut dims = Vec::with_capacity(r);
    for j in 0..r {
        let a = if j >= ox { xd[j - ox] } else { Sym::Const(1) };
        let t = if j >= os {
            shape[j - os]
        } else {
            Sym::Const(1)
        };
        dims.push(match (a, t) {
            _ if a == t => a,
            (_, Sym::Const(1)) => a,
            (Sym::Const(1), _) => t,
            (Sym::Const(p), Sym::Const(q)) => {
                return Err(n.error(format!("cannot expand a dimension of {p} to {q}")))
            }
            (Sym::Const(_), _) => a,
            _ => t,
        });
    }
    if dims == xd {
        return Ok(x.clone());
    }
    let (ty, given) = im.syms.result_type(&mut im.b, x.ty.elem, &dims);
    let map: Vec<i64> = (ox..r).map(|j| j as i64).collect();
    let y = im.b.broadcast_given(x, &map, ty, &given);
    im.syms.record(&y, &dims);
    Ok(y)
}

fn concat(im: &mut Importer, n: &Node) -> R<()> {
    let xs: Vec<V> = (0..n.num_inputs())
        .map(|i| im.input(n, i))
        .collect::<R<_>>()?;
    if xs.is_empty() {
        return Err(n.error("needs at least one input"));
    }
    im.same_elem(n, &xs)?;
    let axis = n
        .opt_int("axis")?
        .ok_or_else(|| n.error("attribute 'axis' is missing"))?;
    let r = xs[0].ty.rank();
    if r == 0 {
        return Err(n.error("cannot concatenate rank-0 tensors"));
    }
    let axis = norm_axis(n, axis, r)?;
    let mut dims = xs[0].ty.dims.clone();
    for x in &xs[1..] {
        if x.ty.rank() != r || (0..r).any(|d| d != axis && x.ty.dims[d] != dims[d]) {
            return Err(n.error(format!(
                "operand shapes {} and {} differ off axis {axis}",
                xs[0].ty, x.ty
            )));
        }
        dims[axis] = if dims[axis] == DYN || x.ty.dims[axis] == DYN {
            DYN
        } else {
            dims[axis] + x.ty.dims[axis]
        };
    }
    let y = if xs.len() == 1 {
        xs[0].clone()
    } else {
        im.b.concat(&xs, axis, dims)
    };
    im.out(n, 0, y);
    Ok(())
}

/// One axis of a Slice: a forward window (start, stride, size) or the
/// indices a backwards one visits.
enum Window {
    Forward(i64, i64, i64),
    Backward(Vec<i64>),
}

/// The window `start..end` by `step` of a dimension of size `d`.
fn window(n: &Node, d: i64, start: i64, end: i64, step: i64) -> R<Window> {
    if step == 0 {
        return Err(n.error("step 0 is invalid"));
    }
    if step < 0 {
        // Backwards: the indices it visits, gathered after the forward slices.
        let wrap = |v: i64| if v < 0 { v.saturating_add(d) } else { v };
        let (mut k, en) = (wrap(start).clamp(-1, d - 1), wrap(end).clamp(-1, d - 1));
        if (k - en) / -step > SMALL {
            return Err(n.error("a backwards slice this long is not supported"));
        }
        let mut idx = Vec::new();
        while k > en {
            idx.push(k);
            k = k.saturating_add(step);
        }
        return Ok(Window::Backward(idx));
    }
    let clamp = |v: i64| {
        let v = if v < 0 { v.saturating_add(d) } else { v };
        v.clamp(0, d)
    };
    let (s, e) = (clamp(start), clamp(end));
    let size = if e > s { (e - s + step - 1) / step } else { 0 };
    Ok(Window::Forward(if size == 0 { 0 } else { s }, step, size))
}

/// A Slice's axes and steps (defaults: the first `k` axes, steps of 1),
/// checked against the `k` starts and the ends.
fn axes_and_steps(im: &Importer, n: &Node, k: usize, ends: usize) -> R<(Vec<i64>, Vec<i64>)> {
    let axes = match im.const_ints(n, 3, "axes")? {
        Some(a) => a,
        None => (0..k as i64).collect(),
    };
    let steps = im.const_ints(n, 4, "steps")?.unwrap_or_else(|| vec![1; k]);
    if ends != k || axes.len() != k || steps.len() != k {
        return Err(n.error("starts, ends, axes and steps differ in length"));
    }
    Ok((axes, steps))
}

fn slice(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    let known = |i: usize| n.input(i).is_some_and(|s| im.konst(s).is_some());
    if !x.ty.is_static() || !known(1) || !known(2) {
        return slice_dynamic(im, n, x);
    }
    let starts = required_ints(im, n, 1, "starts")?;
    let ends = required_ints(im, n, 2, "ends")?;
    let r = x.ty.rank();
    let (axes, steps) = axes_and_steps(im, n, starts.len(), ends.len())?;
    let mut start = vec![0i64; r];
    let mut stride = vec![1i64; r];
    let mut dims = x.ty.dims.clone();
    let mut seen = vec![false; r];
    let mut backwards: Vec<(usize, Vec<i64>)> = Vec::new();
    for i in 0..starts.len() {
        let a = norm_axis(n, axes[i], r)?;
        if std::mem::replace(&mut seen[a], true) {
            return Err(n.error(format!("axis {a} is repeated")));
        }
        match window(n, x.ty.dims[a], starts[i], ends[i], steps[i])? {
            Window::Backward(idx) => backwards.push((a, idx)),
            Window::Forward(s, step, size) => {
                start[a] = s;
                stride[a] = step;
                dims[a] = size;
            }
        }
    }
    let mut y = if dims == x.ty.dims {
        x.clone()
    } else {
        im.b.slice(&x, &start, &stride, dims)
    };
    for (a, idx) in backwards {
        let t = Tensor::ints(Ty::new(ElementType::I64, vec![idx.len() as i64]), idx);
        let iv = im.b.constant(&t);
        y = im.b.gather(&y, &iv, a);
    }
    im.out(n, 0, y);
    Ok(())
}

/// ONNX clamps an end this large to the dimension (exporters' "to the end").
const TO_END: i64 = i64::MAX / 2;

/// Slice of an input with dynamic dims, or with bounds known up to run-time
/// dims: forward steps of 1, a start that is a constant (negative counts
/// from a static end); an end past a dynamic dim must be "to the end" or the
/// end itself, and an end within it is checked by the kernel at run time.
fn slice_dynamic(im: &mut Importer, n: &Node, x: V) -> R<()> {
    // Bounds that are run-time data: gathered (the count read by the host).
    let data = |i: usize| {
        n.input(i).is_some_and(|s| {
            im.values
                .get(s)
                .is_none_or(|slot| slot.konst.is_none() && slot.sym.is_none())
        })
    };
    if data(1) || data(2) {
        return slice_gather(im, n, x);
    }
    let starts = required_syms(im, n, 1, "starts")?;
    let ends = required_syms(im, n, 2, "ends")?;
    let r = x.ty.rank();
    let (axes, steps) = axes_and_steps(im, n, starts.len(), ends.len())?;
    let xd = im.syms.dims(&x);
    let mut start = vec![0i64; r];
    let mut dims = xd.clone();
    let mut seen = vec![false; r];
    for i in 0..starts.len() {
        let a = norm_axis(n, axes[i], r)?;
        if std::mem::replace(&mut seen[a], true) {
            return Err(n.error(format!("axis {a} is repeated")));
        }
        if steps[i] != 1 {
            return slice_gather(im, n, x);
        }
        let d = xd[a];
        // The bounds as expressions, negative ones counted from the end.
        let from_end = |syms: &mut crate::symbolic::Syms, v: Sym| match v {
            Sym::Const(c) if c >= TO_END => d,
            Sym::Const(c) if c < 0 => syms.add(d, Sym::Const(c.max(-TO_END))),
            v => v,
        };
        let (s, e) = (
            from_end(&mut im.syms, starts[i]),
            from_end(&mut im.syms, ends[i]),
        );
        let (s, e) = match (s, e, d) {
            // Everything static: ONNX's clamping.
            (Sym::Const(s), Sym::Const(e), Sym::Const(d)) => {
                let (s, e) = (s.clamp(0, d), e.clamp(0, d));
                (Sym::Const(s), Sym::Const(e.max(s)))
            }
            (Sym::Const(s), e, _) if s >= 0 => (Sym::Const(s), e),
            // A start the dim arithmetic cannot place.
            _ => return slice_gather(im, n, x),
        };
        let Sym::Const(s0) = s else { unreachable!() };
        start[a] = s0;
        dims[a] = im.syms.sub(e, s);
    }
    if dims == xd {
        im.out(n, 0, x);
        return Ok(());
    }
    let (ty, given) = im.syms.result_type(&mut im.b, x.ty.elem, &dims);
    let y = im.b.slice_given(&x, &start, &vec![1; r], ty.dims, &given);
    im.syms.record(&y, &dims);
    im.out(n, 0, y);
    Ok(())
}

/// Input `k` of a Slice (`starts` or `ends`): a vector of i32 or i64 of
/// known length.
fn bounds_input(im: &mut Importer, n: &Node, k: usize, what: &str) -> R<V> {
    let v = im.input(n, k)?;
    if v.ty.rank() != 1 || v.ty.dims[0] == DYN {
        return Err(n.error(format!("input {k} ({what}) must be a vector, not {}", v.ty)));
    }
    if !matches!(v.ty.elem, ElementType::I32 | ElementType::I64) {
        return Err(n.error(format!(
            "input {k} ({what}) of element type {} is not supported (int32 or int64)",
            v.ty.elem
        )));
    }
    Ok(v)
}

/// Element `i` of a bounds vector, as a 0-d i64 tensor.
fn bound(im: &mut Importer, v: &V, i: usize) -> R<V> {
    let e = if v.ty.dims[0] == 1 {
        v.clone()
    } else {
        im.b.slice(v, &[i as i64], &[1], vec![1])
    };
    let e = im.b.reshape(&e, &[]);
    Ok(if e.ty.elem == ElementType::I64 {
        e
    } else {
        im.b.cast(&e, ElementType::I64)
    })
}

/// Slice by one `graph.gather` per sliced axis of `start + step *
/// iota(count)`, ONNX's clamping of the bounds computed at run time and the
/// count read by the host (`graph.extract`): bounds that are run-time data,
/// starts the dim arithmetic cannot place, steps other than 1 with dims or
/// bounds known only at run time. Steps must be constants.
fn slice_gather(im: &mut Importer, n: &Node, x: V) -> R<()> {
    use crate::builder::Binary::{Add, Div, Max, Min, Sub};
    use crate::builder::Pred;
    let r = x.ty.rank();
    let starts = bounds_input(im, n, 1, "starts")?;
    let ends = bounds_input(im, n, 2, "ends")?;
    let (k, ke) = (starts.ty.dims[0], ends.ty.dims[0]);
    let (axes, steps) = axes_and_steps(im, n, k as usize, ke as usize)?;
    let mut seen = vec![false; r];
    let mut y = x;
    for i in 0..k as usize {
        let a = norm_axis(n, axes[i], r)?;
        if std::mem::replace(&mut seen[a], true) {
            return Err(n.error(format!("axis {a} is repeated")));
        }
        let step = steps[i];
        if step == 0 {
            return Err(n.error(format!("step 0 on axis {a}")));
        }
        let d = im.syms.dim(&y, a);
        let d = im.sym_scalar(d, ElementType::I64);
        let mut be = Vec::with_capacity(2);
        for b in [&starts, &ends] {
            let v = bound(im, b, i)?;
            // A negative bound counts from the end.
            let zero = im.full(&v, 0.0);
            let neg = im.b.compare(Pred::Lt, &v, &zero);
            let up = im.b.binary(Add, &v, &d);
            be.push(im.b.select(&neg, &up, &v));
        }
        let one = im.full(&d, 1.0);
        let dm1 = im.b.binary(Sub, &d, &one);
        let (lo_s, hi_s, lo_e, hi_e) = if step > 0 {
            (im.full(&d, 0.0), d.clone(), im.full(&d, 0.0), d.clone())
        } else {
            (im.full(&d, 0.0), dm1.clone(), im.full(&d, -1.0), dm1)
        };
        let s = im.b.binary(Min, &be[0], &hi_s);
        let s = im.b.binary(Max, &s, &lo_s);
        let e = im.b.binary(Min, &be[1], &hi_e);
        let e = im.b.binary(Max, &e, &lo_e);
        let num = if step > 0 {
            im.b.binary(Sub, &e, &s)
        } else {
            im.b.binary(Sub, &s, &e)
        };
        let den = step.unsigned_abs() as f64;
        let bias = im.full(&num, den - 1.0);
        let num = im.b.binary(Add, &num, &bias);
        let den = im.full(&num, den);
        let q = im.b.binary(Div, &num, &den);
        let zero = im.full(&q, 0.0);
        let count = im.b.binary(Max, &q, &zero);
        // An empty axis yields nothing, whatever a backward slice clamps to.
        let count = im.b.binary(Min, &count, &d);
        y = gather_span(im, &y, a, &s, &count, step);
    }
    im.out(n, 0, y);
    Ok(())
}

/// Elements `start + step * i` for `i < count` of `y` along `axis`: a
/// `graph.gather` of those indices, `count` (a 0-d i64 tensor) read by the
/// host (`graph.extract`) as the result's dim.
fn gather_span(im: &mut Importer, y: &V, axis: usize, start: &V, count: &V, step: i64) -> V {
    use crate::builder::Binary::{Add, Mul};
    let count = im.b.extract(count);
    let ty = Ty::new(ElementType::I64, vec![DYN]);
    let pos = im.b.iota(&ty, 0, std::slice::from_ref(&count));
    let idx = if step == 1 {
        pos
    } else {
        let st = im.full(&pos, step as f64);
        im.b.binary(Mul, &pos, &st)
    };
    let sb =
        im.b.broadcast_given(start, &[], ty, std::slice::from_ref(&count));
    let idx = im.b.binary(Add, &idx, &sb);
    im.b.gather(y, &idx, axis)
}

/// Gather as `graph.gather`. Constant indices are checked here (ONNX makes
/// an out-of-range index an error); run-time ones out of range are clamped
/// by every backend (graph.gather's definition).
fn gather(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    let r = x.ty.rank();
    if r == 0 {
        return Err(n.error("input must have rank 1 or more"));
    }
    let axis = norm_axis(n, n.int("axis", 0)?, r)?;
    let name = n
        .input(1)
        .ok_or_else(|| n.error("input 1 (indices) is missing"))?;
    let d = x.ty.dims[axis];
    if let (Some(t), true) = (im.konst(name), d != DYN) {
        let bad = t
            .as_ints()
            .and_then(|v| v.iter().find(|&&i| i < -d || i >= d));
        if let Some(i) = bad {
            return Err(n.error(format!(
                "index {i} is out of range for a dimension of size {d}"
            )));
        }
    }
    let idx = im.input(n, 1)?;
    if !matches!(idx.ty.elem, ElementType::I32 | ElementType::I64) {
        return Err(n.error(format!(
            "indices of element type {} are not supported (int32 or int64)",
            idx.ty.elem
        )));
    }
    let y = im.b.gather(&x, &idx, axis);
    im.out(n, 0, y);
    Ok(())
}

/// The sizes a Split without a `split` input makes of dimension `d`.
fn split_sizes(n: &Node, d: i64, outs: i64, num: Option<i64>) -> R<Vec<i64>> {
    let k = num.unwrap_or(outs);
    if k <= 0 {
        return Err(n.error("needs at least one output"));
    }
    if num.is_some() {
        // Opset 18: chunks of ceil(d / k), the last one smaller.
        let c = (d + k - 1) / k;
        return Ok((0..k).map(|i| (d - i * c).clamp(0, c)).collect());
    }
    if d % k != 0 {
        return Err(n.error(format!("dimension {d} does not split into {k} equal parts")));
    }
    Ok(vec![d / k; k as usize])
}

fn split(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    let r = x.ty.rank();
    let axis = norm_axis(n, n.int("axis", 0)?, r)?;
    let d = x.ty.dims[axis];
    let outs = n.num_outputs() as i64;
    let num = n.opt_int("num_outputs")?;
    if d == DYN {
        return split_dynamic(im, n, &x, axis, outs, num);
    }
    let sizes = match im.const_ints(n, 1, "split")? {
        Some(s) => s,
        None => split_sizes(n, d, outs, num)?,
    };
    if sizes.len() as i64 != outs || sizes.iter().any(|&s| s < 0) || sizes.iter().sum::<i64>() != d
    {
        return Err(n.error(format!(
            "split sizes {} do not divide dimension {axis} ({d}) into {outs} outputs",
            dims_str(&sizes)
        )));
    }
    let xd = im.syms.dims(&x);
    let mut at = 0;
    for (i, &s) in sizes.iter().enumerate() {
        let mut start = vec![0; r];
        start[axis] = if s == 0 { 0 } else { at };
        let mut dims = xd.clone();
        dims[axis] = Sym::Const(s);
        // The other dims as the input's: given when dynamic.
        let (ty, given) = im.syms.result_type(&mut im.b, x.ty.elem, &dims);
        let y = im.b.slice_given(&x, &start, &vec![1; r], ty.dims, &given);
        im.syms.record(&y, &dims);
        im.out(n, i, y);
        at += s;
    }
    Ok(())
}

/// Split along a dimension known only at run time. Known sizes: slices at
/// their (constant) starts, the last one as long as the rest, reshaped to
/// its size (so a dimension that is not their sum is an error at run time).
/// Equal parts: the axis reshaped to `[parts, d / parts]` (an error at run
/// time unless it divides) and sliced. Opset 18's `num_outputs` chunks of
/// `ceil(d / k)`: gathered, each count read by the host.
fn split_dynamic(
    im: &mut Importer,
    n: &Node,
    x: &V,
    axis: usize,
    outs: i64,
    num: Option<i64>,
) -> R<()> {
    use crate::builder::Binary::{Add, Div, Max, Min, Mul, Sub};
    let r = x.ty.rank();
    let xd = im.syms.dims(x);
    let d = xd[axis];
    if outs <= 0 {
        return Err(n.error("needs at least one output"));
    }
    if let Some(sizes) = im.const_ints(n, 1, "split")? {
        if sizes.len() as i64 != outs || sizes.iter().any(|&s| s < 0) {
            return Err(n.error(format!(
                "split sizes {} do not divide dimension {axis} into {outs} outputs",
                dims_str(&sizes)
            )));
        }
        let mut at = 0;
        for (i, &s) in sizes.iter().enumerate() {
            let last = i + 1 == sizes.len();
            let mut start = vec![0; r];
            start[axis] = at;
            let mut dims = xd.clone();
            dims[axis] = if last {
                im.syms.sub(d, Sym::Const(at))
            } else {
                Sym::Const(s)
            };
            let (ty, given) = im.syms.result_type(&mut im.b, x.ty.elem, &dims);
            let mut y = im.b.slice_given(x, &start, &vec![1; r], ty.dims, &given);
            im.syms.record(&y, &dims);
            if last {
                // Its dims given, not derived from its element count: a
                // count other than the dims' product is an error.
                dims[axis] = Sym::Const(s);
                let (ty, given) = im.syms.result_type(&mut im.b, x.ty.elem, &dims);
                y = im.b.reshape_given(&y, &ty.dims, &given);
                im.syms.record(&y, &dims);
            }
            im.out(n, i, y);
            at += s;
        }
        return Ok(());
    }
    let k = num.unwrap_or(outs);
    if k != outs {
        return Err(n.error(format!(
            "num_outputs {k} differs from the node's {outs} outputs"
        )));
    }
    if num.is_none() {
        let part = im.syms.div(d, Sym::Const(k)).expect("k > 0");
        let mut split = xd[..axis].to_vec();
        split.extend([Sym::Const(k), part]);
        split.extend(&xd[axis + 1..]);
        let v = im.reshape_to(x, &split);
        for i in 0..k {
            let mut start = vec![0; r + 1];
            start[axis] = i;
            let mut dims = split.clone();
            dims[axis] = Sym::Const(1);
            let (ty, given) = im.syms.result_type(&mut im.b, x.ty.elem, &dims);
            let y =
                im.b.slice_given(&v, &start, &vec![1; r + 1], ty.dims, &given);
            im.syms.record(&y, &dims);
            let mut back = xd.clone();
            back[axis] = part;
            let y = im.reshape_to(&y, &back);
            im.out(n, i as usize, y);
        }
        return Ok(());
    }
    let dt = im.sym_scalar(d, ElementType::I64);
    let km1 = im.full(&dt, (k - 1) as f64);
    let kt = im.full(&dt, k as f64);
    let up = im.b.binary(Add, &dt, &km1);
    let c = im.b.binary(Div, &up, &kt);
    let zero = im.full(&dt, 0.0);
    for i in 0..k {
        let it = im.full(&dt, i as f64);
        let start = im.b.binary(Mul, &c, &it);
        let rest = im.b.binary(Sub, &dt, &start);
        let count = im.b.binary(Min, &rest, &c);
        let count = im.b.binary(Max, &count, &zero);
        let y = gather_span(im, x, axis, &start, &count, 1);
        im.out(n, i as usize, y);
    }
    Ok(())
}

/// DepthToSpace and SpaceToDepth's input and `blocksize`.
fn block_input(im: &mut Importer, n: &Node) -> R<(V, i64)> {
    let x = im.input(n, 0)?;
    need_static(n, &x, n.op())?;
    if x.ty.rank() != 4 {
        return Err(n.error(format!("input must be [N, C, H, W], not {}", x.ty)));
    }
    let b = n
        .opt_int("blocksize")?
        .ok_or_else(|| n.error("attribute 'blocksize' is missing"))?;
    if b <= 0 {
        return Err(n.error(format!("blocksize {b} is not positive")));
    }
    Ok((x, b))
}

/// `x` reshaped to `dims`, permuted by `perm` and reshaped to `out`.
fn shuffle(im: &mut Importer, x: &V, dims: Vec<i64>, perm: [i64; 6], out: &[i64]) -> V {
    let t = im.b.reshape(x, &dims);
    let t = im.b.transpose(&t, &perm);
    im.b.reshape(&t, out)
}

fn depth_to_space(im: &mut Importer, n: &Node) -> R<()> {
    let (x, b) = block_input(im, n)?;
    let [nn, c, h, w] = [x.ty.dims[0], x.ty.dims[1], x.ty.dims[2], x.ty.dims[3]];
    let mode = n.string("mode", "DCR")?;
    if c % (b * b) != 0 {
        return Err(n.error(format!(
            "channels {c} are not a multiple of blocksize² {}",
            b * b
        )));
    }
    let cc = c / (b * b);
    let (dims, perm) = match mode.as_str() {
        "DCR" => (vec![nn, b, b, cc, h, w], [0, 3, 4, 1, 5, 2]),
        "CRD" => (vec![nn, cc, b, b, h, w], [0, 1, 4, 2, 5, 3]),
        m => return Err(n.error(format!("mode '{m}' is not supported"))),
    };
    let y = shuffle(im, &x, dims, perm, &[nn, cc, h * b, w * b]);
    im.out(n, 0, y);
    Ok(())
}

fn space_to_depth(im: &mut Importer, n: &Node) -> R<()> {
    let (x, b) = block_input(im, n)?;
    let [nn, c, h, w] = [x.ty.dims[0], x.ty.dims[1], x.ty.dims[2], x.ty.dims[3]];
    if h % b != 0 || w % b != 0 {
        return Err(n.error(format!(
            "height {h} and width {w} are not multiples of blocksize {b}"
        )));
    }
    // DCR: output channel (bh * b + bw) * C + c; CRD: c * b * b + bh * b + bw.
    let perm = match n.string("mode", "DCR")?.as_str() {
        "DCR" => [0, 3, 5, 1, 2, 4],
        "CRD" => [0, 1, 3, 5, 2, 4],
        m => return Err(n.error(format!("mode '{m}' is not supported"))),
    };
    let dims = vec![nn, c, h / b, b, w / b, b];
    let y = shuffle(im, &x, dims, perm, &[nn, c * b * b, h / b, w / b]);
    im.out(n, 0, y);
    Ok(())
}
