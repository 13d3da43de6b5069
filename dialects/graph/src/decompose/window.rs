//! `graph-decompose` of the window ops (`crate::window`), static shapes only:
//!
//! - `pad`: negative pads are a `slice`; `constant` concatenates blocks of
//!   the value (a splat, or the 0-d operand broadcast); `reflect`, `edge`,
//!   `wrap` are one `gather` per padded dim with constant indices.
//! - `conv`: the input zero-padded, then one strided `slice` per kernel
//!   position. Depthwise (one input and one output channel per group) sums
//!   each slice times its filter column broadcast: one fused elementwise
//!   kernel. Otherwise the slices are stacked (im2col: `[N, G, C/G · K, O]`)
//!   and multiplied by the filter reshaped to `[G, M/G, C/G · K]` with one
//!   `matmul`; a 1×1 stride-1 unpadded conv is that matmul on the input
//!   itself. The bias is added after.
//! - `conv_transpose`: a conv with stride 1 over the input dilated by the
//!   strides (zeros between elements) and padded by `(K - 1) d - pads`, with
//!   the filter flipped and its channel dims swapped per group.
//! - pools: the input padded (by -inf, or the type's least integer, for max;
//!   by 0 for avg), the extra end padding `ceil_mode` needs included, then
//!   the `max` (or sum) of one strided `slice` per kernel position; avg
//!   divides by a constant of the window counts (ONNX's rule: positions in
//!   the input, or in the padded extent with `count_include_pad`).
//! - `resize`: per interpolated dim, each tap a `gather` of constant indices
//!   times a constant weight broadcast along that dim (nearest: one tap
//!   with weight 1, linear: two, cubic: four), taps summed.

use super::Builder;
use crate::window::{f64_list, i64_list, window, Window};
use xir::types::{FloatKind, TypeKind};
use xir::{AttrKind, Op, Type, Value, DYNAMIC};

type R<T> = Result<T, String>;

/// Pool windows of more positions than this are reduced one spatial dim at
/// a time (a kernel reading hundreds of slices of one buffer is slow to
/// compile and exceeds Vulkan's descriptor limits).
const SEPARABLE_FROM: i64 = 27;

impl Builder<'_> {
    /// `v`'s shape, static but for its batch (dim 0), which is then the
    /// window op's `batch` (dim 0 of its input `x`).
    fn require_static(&mut self, v: Value, what: &str) -> R<Vec<i64>> {
        let s = self.shape(v);
        if s.first() == Some(&DYNAMIC) && !s[1..].contains(&DYNAMIC) {
            if self.batch.is_none() {
                return Err(format!(
                    "its {what} has a dynamic batch dim, which the op's input must give"
                ));
            }
            return Ok(s);
        }
        if s.contains(&DYNAMIC) {
            let t = xir::printer::type_to_string(self.ctx, self.ir.value_type(v));
            return Err(format!(
                "its {what} '{t}' has dynamic dims; the window ops need static shapes (but for the batch dim)"
            ));
        }
        Ok(s)
    }

    fn i64_attr(&mut self, v: i64) -> xir::Attr {
        self.ctx.i64_attr(v)
    }

    /// The batch of input `x` (dim 0) when it is dynamic: set before the
    /// window op is decomposed.
    fn batch_of(&mut self, x: Value) {
        if self.shape(x).first() == Some(&DYNAMIC) && self.batch.is_none() {
            self.batch = Some(self.dim(x, 0));
        }
    }

    fn slice(&mut self, x: Value, start: &[i64], strides: &[i64], shape: Vec<i64>) -> Value {
        let mut operands = vec![x];
        // A window op never slices its batch: dim 0 given as the batch.
        if let (Some(b), Some(&DYNAMIC)) = (self.batch, shape.first()) {
            operands.push(b);
        }
        let elem = self.element(x);
        let ty = self.tensor(shape, elem);
        let (s, t) = (self.array(start), self.array(strides));
        self.op(
            "graph.slice",
            operands,
            ty,
            vec![("start", s), ("strides", t)],
        )
    }

    fn reshape(&mut self, x: Value, shape: Vec<i64>) -> Value {
        if self.shape(x) == shape {
            return x;
        }
        let elem = self.element(x);
        let ty = self.tensor(shape, elem);
        self.op("graph.reshape", vec![x], ty, vec![])
    }

    /// `x` transposed by `perm` (`x` itself for the identity).
    pub(super) fn transpose(&mut self, x: Value, perm: &[i64]) -> Value {
        if perm.iter().enumerate().all(|(i, &p)| p == i as i64) {
            return x;
        }
        let s = self.shape(x);
        let out = perm.iter().map(|&p| s[p as usize]).collect();
        let elem = self.element(x);
        let ty = self.tensor(out, elem);
        let p = self.array(perm);
        self.op("graph.transpose", vec![x], ty, vec![("permutation", p)])
    }

    fn concat(&mut self, parts: Vec<Value>, axis: usize) -> Value {
        if parts.len() == 1 {
            return parts[0];
        }
        let mut out = self.shape(parts[0]);
        out[axis] = parts.iter().map(|&p| self.shape(p)[axis]).sum();
        let elem = self.element(parts[0]);
        let ty = self.tensor(out, elem);
        let a = self.i64_attr(axis as i64);
        self.op("graph.concat", parts, ty, vec![("axis", a)])
    }

    fn matmul(&mut self, a: Value, b: Value) -> Value {
        let (sa, sb) = (self.shape(a), self.shape(b));
        let mut out = sa.clone();
        let r = out.len();
        out[r - 1] = sb[r - 1];
        let elem = self.element(a);
        let ty = self.tensor(out, elem);
        self.op("graph.matmul", vec![a, b], ty, vec![])
    }

    /// A constant of `values` (rounded to `element`, a float or integer
    /// type), a splat when they are all equal.
    fn dense(&mut self, values: &[f64], shape: Vec<i64>, element: Type) -> R<Value> {
        let splat = values.len() > 1 && values.iter().all(|&v| v.to_bits() == values[0].to_bits());
        let values = if splat { &values[..1] } else { values };
        let kind = self.ctx.type_kind(element).clone();
        let mut data = Vec::new();
        for &v in values {
            match kind {
                TypeKind::Float(k) => {
                    let bytes = match k {
                        FloatKind::F64 => 8,
                        FloatKind::F32 => 4,
                        FloatKind::F16 | FloatKind::BF16 => 2,
                        _ => return Err("an unsupported float type".into()),
                    };
                    let bits = xir::float::from_f64_bits(v.to_bits(), k);
                    data.extend_from_slice(&bits.to_le_bytes()[..bytes]);
                }
                TypeKind::Integer { width, .. } => {
                    let bytes = (width as usize).div_ceil(8);
                    data.extend_from_slice(&(v as i64).to_le_bytes()[..bytes]);
                }
                _ => return Err("an unsupported element type".into()),
            }
        }
        let ty = self.tensor(shape, element);
        let value = self.ctx.intern_attr(AttrKind::DenseElements {
            ty,
            splat,
            data: data.into(),
        });
        Ok(self.op("graph.constant", vec![], ty, vec![("value", value)]))
    }

    /// A constant `v` of `shape`, any element type; a dynamic batch makes
    /// it a 0-d constant broadcast.
    fn fill(&mut self, v: f64, shape: Vec<i64>, element: Type) -> R<Value> {
        if shape.contains(&DYNAMIC) {
            let c = self.fill(v, vec![], element)?;
            return Ok(self.broadcast(c, &[], shape));
        }
        let n = shape.iter().product::<i64>().max(0) as usize;
        self.dense(&vec![v; n.min(2)], shape, element)
    }

    fn i64_indices(&mut self, idx: &[i64]) -> R<Value> {
        let i64t = self.ctx.i64();
        let vals: Vec<f64> = idx.iter().map(|&i| i as f64).collect();
        self.dense(&vals, vec![idx.len() as i64], i64t)
    }

    fn gather(&mut self, x: Value, idx: &[i64], axis: usize) -> R<Value> {
        let indices = self.i64_indices(idx)?;
        let mut out = self.shape(x);
        out[axis] = idx.len() as i64;
        let elem = self.element(x);
        let ty = self.tensor(out, elem);
        let a = self.i64_attr(axis as i64);
        Ok(self.op("graph.gather", vec![x, indices], ty, vec![("axis", a)]))
    }

    /// `x` padded by `pads` (before each dim, then after; negative ones
    /// crop) in `mode`, with `value` (a 0-d tensor) or `fill` in constant
    /// mode.
    pub(super) fn pad(
        &mut self,
        x: Value,
        pads: &[i64],
        mode: &str,
        value: Option<Value>,
        fill: f64,
    ) -> R<Value> {
        self.batch_of(x);
        let shape = self.require_static(x, "input")?;
        let r = shape.len();
        if shape[0] == DYNAMIC && (pads[0] != 0 || pads[r] != 0) {
            return Err("it pads its dynamic batch dim".into());
        }
        // Crop first; a crop past the dim's size eats into the other side's
        // padding (the result keeps its size d + b + e).
        let mut x = x;
        let mut grow: Vec<(i64, i64)> = (0..r)
            .map(|i| (pads[i].max(0), pads[r + i].max(0)))
            .collect();
        if pads.iter().any(|&p| p < 0) {
            let mut start = vec![0; r];
            let mut size = shape.clone();
            for i in 0..r {
                if shape[i] == DYNAMIC {
                    continue; // the batch: never padded (checked above)
                }
                let kept = shape[i] + pads[i].min(0) + pads[r + i].min(0);
                start[i] = (-pads[i]).max(0).min(shape[i]);
                size[i] = kept.max(0);
                let excess = (-kept).max(0);
                let (b, e) = &mut grow[i];
                if *b > 0 {
                    *b -= excess;
                } else {
                    *e -= excess;
                }
            }
            x = self.slice(x, &start, &vec![1; r], size);
        }
        for (i, &(b, e)) in grow.iter().enumerate() {
            if b == 0 && e == 0 {
                continue;
            }
            let cur = self.shape(x);
            let d = cur[i];
            if mode == "constant" {
                let elem = self.element(x);
                let mut parts = Vec::new();
                for (n, at_end) in [(b, false), (e, true)] {
                    if n == 0 {
                        continue;
                    }
                    let mut bs = cur.clone();
                    bs[i] = n;
                    let block = match value {
                        Some(v) => self.broadcast(v, &[], bs),
                        None => self.fill(fill, bs, elem)?,
                    };
                    parts.push((at_end, block));
                }
                let mut all: Vec<Value> = parts.iter().filter(|p| !p.0).map(|p| p.1).collect();
                all.push(x);
                all.extend(parts.iter().filter(|p| p.0).map(|p| p.1));
                x = self.concat(all, i);
                continue;
            }
            let idx: Vec<i64> = (0..d + b + e)
                .map(|o| {
                    let j = o - b;
                    match mode {
                        "edge" => j.clamp(0, d - 1),
                        "wrap" => j.rem_euclid(d),
                        // reflect: mirror without repeating the edge.
                        _ => {
                            let period = 2 * (d - 1);
                            if period == 0 {
                                0
                            } else {
                                let m = j.rem_euclid(period);
                                if m < d {
                                    m
                                } else {
                                    period - m
                                }
                            }
                        }
                    }
                })
                .collect();
            x = self.gather(x, &idx, i)?;
        }
        Ok(x)
    }
}

/// The least value of `element`: -inf for floats.
fn lowest(b: &Builder, element: Type) -> f64 {
    match b.ctx.type_kind(element) {
        TypeKind::Integer { width: 1, .. } => 0.0,
        // Signless integers compare as signed.
        TypeKind::Integer { width, .. } => -(2f64.powi(*width as i32 - 1)),
        _ => f64::NEG_INFINITY,
    }
}

/// The kernel positions of `kernel` in row-major order.
fn positions(kernel: &[i64]) -> Vec<Vec<i64>> {
    let mut out = vec![vec![]];
    for &k in kernel {
        out = out
            .into_iter()
            .flat_map(|p| {
                (0..k).map(move |j| {
                    let mut q = p.clone();
                    q.push(j);
                    q
                })
            })
            .collect();
    }
    out
}

/// The strided slice of padded `xp` (`lead` leading dims, then the spatial
/// ones) for kernel position `p`.
fn window_slice(
    b: &mut Builder,
    xp: Value,
    w: &Window,
    p: &[i64],
    out: &[i64],
    lead: usize,
) -> Value {
    let mut start = vec![0; lead];
    let mut strides = vec![1; lead];
    for (i, &pi) in p.iter().enumerate() {
        start.push(pi * w.dilations[i]);
        strides.push(w.strides[i]);
    }
    let mut shape = b.shape(xp)[..lead].to_vec();
    shape.extend_from_slice(out);
    b.slice(xp, &start, &strides, shape)
}

/// Pads `x` (`lead` leading dims, then the spatial ones) for window `w`, the
/// end padding only as far as the windows of `out` reach: what every conv
/// and pool reads.
fn pad_for(b: &mut Builder, x: Value, w: &Window, out: &[i64], fill: f64, lead: usize) -> R<Value> {
    let s = b.shape(x);
    let k = out.len();
    let r = lead + k;
    let mut pads = vec![0; 2 * r];
    for i in 0..k {
        pads[lead + i] = w.pad_begin(i);
        // Less than the end padding (even a crop) when it is never read.
        let reach = (out[i] - 1).max(0) * w.strides[i] + w.extent(i);
        pads[r + lead + i] = if out[i] == 0 {
            0
        } else {
            reach - s[lead + i] - w.pad_begin(i)
        };
    }
    if pads.iter().all(|&p| p == 0) {
        return Ok(x);
    }
    b.pad(x, &pads, "constant", None, fill)
}

/// The window geometry of `op` and its output spatial sizes.
fn geometry(b: &Builder, op: Op, kernel: Vec<i64>, out: &[i64]) -> R<Window> {
    let k = out.len();
    window(b.ctx, b.ir, op, k, kernel)
}

pub(super) fn conv(b: &mut Builder, op: Op, operands: &[Value], result: Value) -> R<Value> {
    let x = operands[0];
    b.batch_of(x);
    let xs = b.require_static(x, "input")?;
    let f = b.require_static(operands[1], "filter")?;
    let ys = b.require_static(result, "result")?;
    let out = ys[2..].to_vec();
    let w = geometry(b, op, f[2..].to_vec(), &out)?;
    let groups = super::int_prop(b.ctx, b.ir, op, "groups").unwrap_or(1);
    conv_values(
        b,
        x,
        &xs,
        operands[1],
        operands.get(2).copied(),
        &w,
        groups,
        &ys,
    )
}

/// conv of static `x` (shape `xs`) by `filter` into `ys`.
#[allow(clippy::too_many_arguments)]
fn conv_values(
    b: &mut Builder,
    x: Value,
    xs: &[i64],
    filter: Value,
    bias: Option<Value>,
    w: &Window,
    groups: i64,
    ys: &[i64],
) -> R<Value> {
    let f = b.shape(filter);
    let (n, c, m) = (xs[0], xs[1], f[0]);
    let out = ys[2..].to_vec();
    let o: i64 = out.iter().product();
    let kk: i64 = w.kernel.iter().product();
    let cg = c / groups;
    let mg = m / groups;
    let direct = kk == 1 && w.strides.iter().all(|&s| s == 1) && w.pads.iter().all(|&p| p == 0);
    if direct {
        // 1×1, stride 1, unpadded: a matmul on the input itself.
        let cols = b.reshape(x, vec![n, groups, cg, o]);
        return Ok(gemm(b, cols, filter, bias, groups, cg, ys));
    }
    let pos = positions(&w.kernel);
    if cg == 1 && mg == 1 {
        // Depthwise: sum over positions of slice * filter column, one fused
        // elementwise kernel.
        let xp = pad_for(b, x, w, &out, 0.0, 2)?;
        let mut acc: Option<Value> = None;
        let fcol = b.reshape(filter, vec![m, kk]);
        for (j, p) in pos.iter().enumerate() {
            let s = window_slice(b, xp, w, p, &out, 2);
            let col = b.slice(fcol, &[0, j as i64], &[1, 1], vec![m, 1]);
            let col = b.reshape(col, vec![m]);
            let colb = b.broadcast(col, &[1], ys.to_vec());
            let t = b.binary("graph.mul", s, colb);
            acc = Some(match acc {
                None => t,
                Some(a) => b.binary("graph.add", a, t),
            });
        }
        let y = acc.ok_or("an empty kernel")?;
        return Ok(match bias {
            Some(bv) => {
                let bb = b.broadcast(bv, &[1], ys.to_vec());
                b.binary("graph.add", y, bb)
            }
            None => y,
        });
    }
    // im2col: the channels split by group ([N, G, C/G, D...], a view),
    // padded, then each position's strided slice gets a unit dim (a
    // broadcast, so it stays lazy) and the slices are concatenated on it:
    // one pass writing [N, G, C/G, K, O...], viewed as [N, G, C/G · K, O].
    let xg = b.reshape(x, [vec![n, groups, cg], xs[2..].to_vec()].concat());
    let xp = pad_for(b, xg, w, &out, 0.0, 3)?;
    let mut unit = vec![n, groups, cg, 1];
    unit.extend_from_slice(&out);
    let k = out.len() as i64;
    let dims: Vec<i64> = [vec![0, 1, 2], (4..4 + k).collect()].concat();
    let mut parts = Vec::with_capacity(pos.len());
    for p in &pos {
        let s = window_slice(b, xp, w, p, &out, 3);
        parts.push(b.broadcast(s, &dims, unit.clone()));
    }
    let stacked = b.concat(parts, 3);
    let cols = b.reshape(stacked, vec![n, groups, cg * kk, o]);
    Ok(gemm(b, cols, filter, bias, groups, cg * kk, ys))
}

/// `filter` (`[M, ...]`, viewed as `[G, M/G, ck]`) times `cols`
/// (`[N, G, ck, O]`), plus `bias`, as `ys`. Unit batch and group dims are
/// dropped from the matmul, and the bias is added to its result in its own
/// shape, so it becomes the matmul's epilogue.
fn gemm(
    b: &mut Builder,
    cols: Value,
    filter: Value,
    bias: Option<Value>,
    g: i64,
    ck: i64,
    ys: &[i64],
) -> Value {
    let (n, m) = (ys[0], ys[1]);
    let mg = m / g;
    let o: i64 = ys[2..].iter().product();
    // The matmul's shape, and where its M/G dim is.
    let (lhs, rhs, bias_dims): (Value, Value, Vec<i64>) = match (g == 1, n == 1) {
        (true, true) => {
            let lhs = b.reshape(filter, vec![mg, ck]);
            (lhs, b.reshape(cols, vec![ck, o]), vec![0])
        }
        (true, false) => {
            let lhs = b.reshape(filter, vec![mg, ck]);
            let lb = b.broadcast(lhs, &[1, 2], vec![n, mg, ck]);
            (lb, b.reshape(cols, vec![n, ck, o]), vec![1])
        }
        (false, true) => {
            let lhs = b.reshape(filter, vec![g, mg, ck]);
            (lhs, b.reshape(cols, vec![g, ck, o]), vec![0, 1])
        }
        (false, false) => {
            let lhs = b.reshape(filter, vec![g, mg, ck]);
            let lb = b.broadcast(lhs, &[1, 2, 3], vec![n, g, mg, ck]);
            (lb, cols, vec![1, 2])
        }
    };
    let mut y = b.matmul(lhs, rhs);
    if let Some(bv) = bias {
        let shape = b.shape(y);
        let bg = if g == 1 {
            bv
        } else {
            b.reshape(bv, vec![g, mg])
        };
        let bb = b.broadcast(bg, &bias_dims, shape);
        y = b.binary("graph.add", y, bb);
    }
    b.reshape(y, ys.to_vec())
}

pub(super) fn conv_transpose(
    b: &mut Builder,
    op: Op,
    operands: &[Value],
    result: Value,
) -> R<Value> {
    let x = operands[0];
    b.batch_of(x);
    let xs = b.require_static(x, "input")?;
    let f = b.require_static(operands[1], "filter")?;
    let ys = b.require_static(result, "result")?;
    let k = xs.len() - 2;
    let w = geometry(b, op, f[2..].to_vec(), &ys[2..])?;
    let groups = super::int_prop(b.ctx, b.ir, op, "groups").unwrap_or(1);
    let op_pad = i64_list(b.ctx, b.ir, op, "output_padding").unwrap_or(vec![0; k]);
    // Dilate the input by the strides: [.., D, ..] -> [.., (D-1)s+1, ..]
    // with zeros between, then pad by (K-1)d - p (+ output_padding).
    let mut z = x;
    for i in 0..k {
        let s = w.strides[i];
        let d = xs[2 + i];
        if s == 1 || d == 0 {
            continue;
        }
        let mut cur = b.shape(z);
        let axis = 2 + i;
        let mut unit = cur.clone();
        unit.insert(axis + 1, 1);
        let col = b.reshape(z, unit.clone());
        let mut zs = unit.clone();
        zs[axis + 1] = s - 1;
        let elem = b.element(z);
        let zeros = b.fill(0.0, zs, elem)?;
        let both = b.concat(vec![col, zeros], axis + 1);
        cur[axis] = d * s;
        let flat = b.reshape(both, cur.clone());
        let mut keep = cur.clone();
        keep[axis] = (d - 1) * s + 1;
        let start = vec![0; cur.len()];
        let ones = vec![1; cur.len()];
        z = b.slice(flat, &start, &ones, keep);
    }
    let mut pads = vec![0; 2 * (k + 2)];
    for i in 0..k {
        let full = w.extent(i) - 1;
        pads[2 + i] = full - w.pad_begin(i);
        pads[k + 4 + i] = full - w.pad_end(i) + op_pad[i];
    }
    let z = if pads.iter().any(|&p| p != 0) {
        b.pad(z, &pads, "constant", None, 0.0)?
    } else {
        z
    };
    // Filter [C, M/G, K...] -> flipped, [M, C/G, K...].
    let (c, mg) = (f[0], f[1]);
    let cg = c / groups;
    let mut fl = operands[1];
    for i in 0..k {
        let kd = f[2 + i];
        if kd > 1 {
            let idx: Vec<i64> = (0..kd).rev().collect();
            fl = b.gather(fl, &idx, 2 + i)?;
        }
    }
    let mut split = vec![groups, cg, mg];
    split.extend_from_slice(&f[2..]);
    let fl = b.reshape(fl, split);
    let mut perm = vec![0, 2, 1];
    perm.extend((3..3 + k as i64).collect::<Vec<_>>());
    let fl = b.transpose(fl, &perm);
    let mut merged = vec![groups * mg, cg];
    merged.extend_from_slice(&f[2..]);
    let fl = b.reshape(fl, merged);
    let cw = Window {
        kernel: w.kernel.clone(),
        strides: vec![1; k],
        dilations: w.dilations.clone(),
        pads: vec![0; 2 * k],
    };
    let zs = b.shape(z);
    conv_values(b, z, &zs, fl, operands.get(2).copied(), &cw, groups, &ys)
}

pub(super) fn pool(b: &mut Builder, op: Op, x: Value, result: Value, max: bool) -> R<Value> {
    b.batch_of(x);
    let xs = b.require_static(x, "input")?;
    let ys = b.require_static(result, "result")?;
    let out = ys[2..].to_vec();
    let kernel = i64_list(b.ctx, b.ir, op, "kernel_shape").unwrap_or_default();
    let w = geometry(b, op, kernel, &out)?;
    let elem = b.element(x);
    let fill = if max { lowest(b, elem) } else { 0.0 };
    let xp = pad_for(b, x, &w, &out, fill, 2)?;
    let combine = if max { "graph.max" } else { "graph.add" };
    // A float max skips NaN, as onnxruntime and ONNX's reference do: each
    // element replaces the running max only when greater, from -inf.
    let skip_nan = max && matches!(b.ctx.type_kind(elem), TypeKind::Float(_));
    let combine = |b: &mut Builder, acc: Value, s: Value| -> Value {
        if skip_nan {
            let i1 = b.ctx.i1();
            let ty = b.tensor(b.shape(s), i1);
            let gt = b.ctx.string_attr("gt");
            let c = b.op("graph.compare", vec![s, acc], ty, vec![("predicate", gt)]);
            let t = b.ir.value_type(s);
            b.op("graph.select", vec![c, s, acc], t, vec![])
        } else {
            b.binary(combine, acc, s)
        }
    };
    let first = |b: &mut Builder, s: Value| -> R<Value> {
        if skip_nan {
            let lo = b.fill(f64::NEG_INFINITY, b.shape(s), elem)?;
            Ok(combine(b, lo, s))
        } else {
            Ok(s)
        }
    };
    let kk: i64 = w.kernel.iter().product();
    let acc = if kk <= SEPARABLE_FROM {
        let mut acc: Option<Value> = None;
        for p in positions(&w.kernel) {
            let s = window_slice(b, xp, &w, &p, &out, 2);
            acc = Some(match acc {
                None => first(b, s)?,
                Some(a) => combine(b, a, s),
            });
        }
        acc.ok_or("an empty kernel")?
    } else {
        // Large windows one spatial dim at a time (max and sum are
        // separable): sum(K) slices instead of prod(K).
        let mut cur = xp;
        for i in 0..out.len() {
            let mut shape = b.shape(cur);
            shape[2 + i] = out[i];
            let r = shape.len();
            let mut acc: Option<Value> = None;
            for j in 0..w.kernel[i] {
                let mut start = vec![0; r];
                let mut strides = vec![1; r];
                start[2 + i] = j * w.dilations[i];
                strides[2 + i] = w.strides[i];
                let s = b.slice(cur, &start, &strides, shape.clone());
                acc = Some(match acc {
                    None => first(b, s)?,
                    Some(a) => combine(b, a, s),
                });
            }
            cur = acc.ok_or("an empty kernel")?;
        }
        cur
    };
    if max {
        return Ok(acc);
    }
    let include_pad = super::int_prop(b.ctx, b.ir, op, "count_include_pad") == Some(1);
    // Window counts, separable per spatial dim.
    let k = out.len();
    let mut per_dim: Vec<Vec<f64>> = Vec::with_capacity(k);
    for i in 0..k {
        let d = xs[2 + i];
        let (lo, hi) = if include_pad {
            (-w.pad_begin(i), d + w.pad_end(i))
        } else {
            (0, d)
        };
        per_dim.push(
            (0..out[i])
                .map(|o| {
                    (0..w.kernel[i])
                        .filter(|&j| {
                            let pos = o * w.strides[i] - w.pad_begin(i) + j * w.dilations[i];
                            pos >= lo && pos < hi
                        })
                        .count() as f64
                })
                .collect(),
        );
    }
    let mut counts = vec![1.0f64];
    for dim in &per_dim {
        counts = counts
            .iter()
            .flat_map(|&c| dim.iter().map(move |&e| c * e))
            .collect();
    }
    let div = b.dense(&counts, out.clone(), elem)?;
    let dims: Vec<i64> = (2..2 + k as i64).collect();
    let divb = b.broadcast(div, &dims, ys.clone());
    Ok(b.binary("graph.div", acc, divb))
}

pub(super) fn pad_op(b: &mut Builder, op: Op, operands: &[Value]) -> R<Value> {
    let pads = i64_list(b.ctx, b.ir, op, "pads").ok_or("no 'pads'")?;
    let mode = super::str_prop(b.ctx, b.ir, op, "mode").ok_or("no 'mode'")?;
    b.pad(operands[0], &pads, &mode, operands.get(1).copied(), 0.0)
}

/// The input coordinate of output coordinate `o` along a dim resized from
/// `d` to `out` with `scale`.
fn source(mode: &str, o: i64, d: i64, out: i64, scale: f64) -> f64 {
    let x = o as f64;
    match mode {
        "asymmetric" => x / scale,
        "align_corners" => {
            if out == 1 {
                0.0
            } else {
                x * (d - 1) as f64 / (out - 1) as f64
            }
        }
        "pytorch_half_pixel" => {
            if out > 1 {
                (x + 0.5) / scale - 0.5
            } else {
                0.0
            }
        }
        "half_pixel_symmetric" => {
            let adjustment = out as f64 / (scale * d as f64);
            let center = d as f64 / 2.0;
            let offset = center * (1.0 - adjustment);
            offset + (x + 0.5) / scale - 0.5
        }
        _ => (x + 0.5) / scale - 0.5,
    }
}

/// Keys' cubic convolution kernel at distance `t` with coefficient `a`.
fn cubic(t: f64, a: f64) -> f64 {
    let t = t.abs();
    if t <= 1.0 {
        ((a + 2.0) * t - (a + 3.0)) * t * t + 1.0
    } else if t < 2.0 {
        ((a * t - 5.0 * a) * t + 8.0 * a) * t - 4.0 * a
    } else {
        0.0
    }
}

/// The taps of one resized dim: per tap, an index and a weight per output.
#[allow(clippy::too_many_arguments)]
pub fn resize_taps(
    mode: &str,
    coord: &str,
    nearest: &str,
    a: f64,
    exclude_outside: bool,
    d: i64,
    out: i64,
    scale: f64,
) -> Vec<(Vec<i64>, Vec<f64>)> {
    let clamp = |i: i64| i.clamp(0, d - 1);
    let n = match mode {
        "nearest" => 1,
        "linear" => 2,
        _ => 4,
    };
    let mut taps = vec![(Vec::new(), Vec::new()); n];
    for o in 0..out {
        let x = source(coord, o, d, out, scale);
        match mode {
            "nearest" => {
                let i = match nearest {
                    "floor" => x.floor(),
                    "ceil" => x.ceil(),
                    "round_prefer_ceil" => (x + 0.5).floor(),
                    // round_prefer_floor: halves go down.
                    _ => {
                        if x - x.floor() == 0.5 {
                            x.floor()
                        } else {
                            x.round()
                        }
                    }
                } as i64;
                taps[0].0.push(clamp(i));
                taps[0].1.push(1.0);
            }
            "linear" => {
                let x = x.clamp(0.0, (d - 1) as f64);
                let x0 = x.floor();
                let r = x - x0;
                taps[0].0.push(clamp(x0 as i64));
                taps[0].1.push(1.0 - r);
                taps[1].0.push(clamp(x0 as i64 + 1));
                taps[1].1.push(r);
            }
            _ => {
                let x0 = x.floor();
                let r = x - x0;
                let mut ws = [
                    cubic(r + 1.0, a),
                    cubic(r, a),
                    cubic(1.0 - r, a),
                    cubic(2.0 - r, a),
                ];
                let idx: Vec<i64> = (0..4).map(|t| x0 as i64 - 1 + t).collect();
                if exclude_outside {
                    for t in 0..4 {
                        if idx[t] < 0 || idx[t] >= d {
                            ws[t] = 0.0;
                        }
                    }
                    let s: f64 = ws.iter().sum();
                    if s != 0.0 {
                        for wt in &mut ws {
                            *wt /= s;
                        }
                    }
                }
                for t in 0..4 {
                    taps[t].0.push(clamp(idx[t]));
                    taps[t].1.push(ws[t]);
                }
            }
        }
    }
    taps
}

pub(super) fn resize(b: &mut Builder, op: Op, x: Value, result: Value) -> R<Value> {
    b.batch_of(x);
    let xs = b.require_static(x, "input")?;
    let ys = b.require_static(result, "result")?;
    let scales = f64_list(b.ctx, b.ir, op, "scales").ok_or("no 'scales'")?;
    let mode = super::str_prop(b.ctx, b.ir, op, "mode").unwrap_or_default();
    let coord =
        super::str_prop(b.ctx, b.ir, op, "coordinate_transformation_mode").unwrap_or_default();
    let nearest = super::str_prop(b.ctx, b.ir, op, "nearest_mode").unwrap_or_default();
    let a = super::f32_prop(b.ctx, b.ir, op, "cubic_coeff_a").unwrap_or(-0.75) as f64;
    let exclude = super::int_prop(b.ctx, b.ir, op, "exclude_outside") == Some(1);
    let elem = b.element(x);
    let mut cur = x;
    for i in 0..xs.len() {
        let (d, out) = (xs[i], ys[i]);
        if d == DYNAMIC {
            // The batch: only ever kept as it is.
            if scales[i] != 1.0 {
                return Err(format!("it scales its dynamic dim {i}"));
            }
            continue;
        }
        if out == 0 || d == 0 {
            if d != out {
                let mut s = b.shape(cur);
                s[i] = out;
                cur = b.fill(0.0, s, elem)?;
            }
            continue;
        }
        let taps = resize_taps(&mode, &coord, &nearest, a, exclude, d, out, scales[i]);
        // Nothing to do when one tap reads each output's own index whole.
        let live: Vec<_> = taps
            .iter()
            .filter(|(_, ws)| ws.iter().any(|&w| w != 0.0))
            .collect();
        let identity = d == out
            && live.len() == 1
            && live[0].0.iter().enumerate().all(|(o, &j)| j == o as i64)
            && live[0].1.iter().all(|&w| w == 1.0);
        if identity {
            continue;
        }
        let mut shape = b.shape(cur);
        shape[i] = out;
        let mut acc: Option<Value> = None;
        for (idx, ws) in &taps {
            if ws.iter().all(|&w| w == 0.0) {
                continue;
            }
            let g = b.gather(cur, idx, i)?;
            let term = if ws.iter().all(|&w| w == 1.0) {
                g
            } else {
                let wc = b.dense(ws, vec![out], elem)?;
                let wb = b.broadcast(wc, &[i as i64], shape.clone());
                b.binary("graph.mul", g, wb)
            };
            acc = Some(match acc {
                None => term,
                Some(p) => b.binary("graph.add", p, term),
            });
        }
        cur = match acc {
            Some(v) => v,
            None => b.fill(0.0, shape, elem)?,
        };
    }
    Ok(cur)
}
