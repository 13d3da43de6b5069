//! `graph-fold-conv-affine`: a per-output-channel affine map after a conv
//! with a constant filter is folded into the conv's filter and bias at
//! compile time, as onnxruntime's Conv+Mul / Conv+Add fusions do. That is
//! how an inference BatchNormalization (`x * s + t` per channel once its
//! statistics are known) disappears into the conv before it.
//!
//! The pattern: `graph.conv` whose filter (and bias, when present) are
//! `graph.constant`s of f32 or f64, whose result has one use, by `mul`,
//! `add` (either side), `sub` or `div` (the conv on the left), the other
//! operand being a constant per channel: a `graph.broadcast` of a `[M]`
//! constant with `dimensions = [1]`, or a splat constant. The filter's rows
//! are scaled (`mul`, `div`), the bias shifted (`add`, `sub`: a bias is
//! added when there was none), computed in f64 and rounded once; the user
//! is replaced by the conv, repeatedly, so `x * s + t` folds whole. Ops left
//! without uses are erased. It runs first in graph → flow.

use crate::window::CONV;
use xir::pass::{Pass, PassContext};
use xir::store::ValueDef;
use xir::types::{FloatKind, TypeKind};
use xir::{Attr, AttrKind, Context, Ir, Op, Value};

#[derive(Default)]
pub struct FoldConvAffine;

impl FoldConvAffine {
    pub const ARGUMENT: &'static str = "graph-fold-conv-affine";
    pub const SUMMARY: &'static str =
        "Fold per-channel multiplies and adds after a conv with constant weights into its filter and bias";
}

impl Pass for FoldConvAffine {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "FoldConvAffine"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn run(&mut self, pc: &mut PassContext<'_>, op: Op) -> Result<(), ()> {
        let convs: Vec<Op> = xir::walk::preorder(pc.ir, op)
            .into_iter()
            .filter(|&o| CONV.is(pc.ctx, pc.ir, o))
            .collect();
        let mut n = 0;
        for c in convs {
            while fold_one(pc.ctx, pc.ir, c) {
                n += 1;
            }
        }
        pc.add_statistic("num-folded", "Number of ops folded into convs", n);
        if n == 0 {
            pc.preserve_all();
        }
        Ok(())
    }
}

/// The op defining `v`, if any.
pub(crate) fn def(ir: &Ir, v: Value) -> Option<Op> {
    match ir.value(v).def {
        ValueDef::Result { op, .. } => Some(op),
        _ => None,
    }
}

/// A `graph.constant` of f32 or f64 dense elements: its kind, element count,
/// whether it is a splat, its bytes (one element when a splat, else all of
/// them, checked) and its attribute.
fn float_constant<'c>(
    ctx: &'c Context,
    ir: &Ir,
    v: Value,
) -> Option<(FloatKind, usize, bool, &'c [u8], Attr)> {
    let op = def(ir, v)?;
    if ctx.str(ir.op(op).name) != "graph.constant" {
        return None;
    }
    let a = xir::symbol::op_attr(ctx, ir, op, "value")?;
    let AttrKind::DenseElements { ty, splat, data } = ctx.attr_kind(a) else {
        return None;
    };
    let TypeKind::RankedTensor { shape, element, .. } = ctx.type_kind(*ty) else {
        return None;
    };
    let n = usize::try_from(shape.iter().product::<i64>()).ok()?;
    let kind = match ctx.type_kind(*element) {
        TypeKind::Float(k @ (FloatKind::F32 | FloatKind::F64)) => *k,
        _ => return None,
    };
    let have = if *splat { 1 } else { n };
    (data.len() == have * width(kind)).then_some((kind, n, *splat, &**data, a))
}

/// Bytes of one element of `kind`.
fn width(kind: FloatKind) -> usize {
    if kind == FloatKind::F32 {
        4
    } else {
        8
    }
}

/// The element of `kind` at the start of `e`, widened to f64.
fn read_value(kind: FloatKind, e: &[u8]) -> f64 {
    if kind == FloatKind::F32 {
        f32::from_le_bytes([e[0], e[1], e[2], e[3]]) as f64
    } else {
        f64::from_le_bytes([e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7]])
    }
}

/// The float kind of a constant's elements (f32 or f64) and its values.
pub(crate) fn constant_values(
    ctx: &Context,
    ir: &Ir,
    v: Value,
) -> Option<(FloatKind, Vec<f64>, Attr)> {
    let (kind, n, splat, data, a) = float_constant(ctx, ir, v)?;
    let w = width(kind);
    let values = (0..n)
        .map(|i| read_value(kind, &data[if splat { 0 } else { i * w }..]))
        .collect();
    Some((kind, values, a))
}

/// The `[M]` values of `v` if it is the same constant on each of the `m`
/// channels of dim 1 of its type.
fn per_channel(ctx: &Context, ir: &Ir, v: Value, m: usize) -> Option<Vec<f64>> {
    let op = def(ir, v)?;
    if ctx.str(ir.op(op).name) == "graph.broadcast" {
        let dims = crate::window::i64_list(ctx, ir, op, "dimensions")?;
        if dims != [1] {
            return None;
        }
        let (_, vals, _) = constant_values(ctx, ir, ir.operand(op, 0))?;
        return (vals.len() == m).then_some(vals);
    }
    let (_, vals, a) = constant_values(ctx, ir, v)?;
    match ctx.attr_kind(a) {
        AttrKind::DenseElements { splat: true, .. } => Some(vec![vals[0]; m]),
        _ => None,
    }
}

/// `x` appended to `data` as an element of `kind`.
fn push_value(data: &mut Vec<u8>, kind: FloatKind, x: f64) {
    if kind == FloatKind::F32 {
        data.extend_from_slice(&(x as f32).to_le_bytes());
    } else {
        data.extend_from_slice(&x.to_le_bytes());
    }
}

/// The elements of filter `filter` (f32 or f64, `m` output channels)
/// times (`div`: divided by) `c[ch]` on each channel `ch`, computed in f64
/// and rounded to `kind`, as `kind`'s little-endian bytes: streamed from the
/// constant's bytes (a model's filters are megabytes; no f64 copy of them).
fn scaled_filter(
    ctx: &Context,
    ir: &Ir,
    filter: Value,
    m: usize,
    c: &[f64],
    div: bool,
) -> Option<(FloatKind, Vec<u8>)> {
    let (kind, n, splat, data, _) = float_constant(ctx, ir, filter)?;
    if c.len() != m {
        return None;
    }
    let w = width(kind);
    let row = n.checked_div(m).unwrap_or(0);
    let mut out = Vec::with_capacity(n * w);
    for i in 0..n {
        let x = read_value(kind, &data[if splat { 0 } else { i * w }..]);
        let k = c[(i / row.max(1)).min(m.saturating_sub(1))];
        push_value(&mut out, kind, if div { x / k } else { x * k });
    }
    Some((kind, out))
}

/// A new `graph.constant` of `values` in `kind`, shaped as `like`'s type
/// with dims `shape`, before `at`.
fn new_constant(
    ctx: &mut Context,
    ir: &mut Ir,
    at: Op,
    kind: FloatKind,
    shape: Vec<i64>,
    values: &[f64],
) -> Value {
    let mut data = Vec::with_capacity(values.len() * 8);
    for &x in values {
        push_value(&mut data, kind, x);
    }
    new_constant_bytes(ctx, ir, at, kind, shape, data)
}

/// [`new_constant`] of elements already in `kind`'s bytes.
fn new_constant_bytes(
    ctx: &mut Context,
    ir: &mut Ir,
    at: Op,
    kind: FloatKind,
    shape: Vec<i64>,
    data: Vec<u8>,
) -> Value {
    let element = ctx.float_type(kind);
    let ty = ctx.intern_type(TypeKind::RankedTensor {
        shape,
        element,
        encoding: None,
    });
    let value = ctx.intern_attr(AttrKind::DenseElements {
        ty,
        splat: false,
        data: data.into(),
    });
    let key = ctx.ident("value");
    let props = ctx.dictionary(vec![(key, value)]);
    let state = xir::OperationState {
        name: ctx.ident("graph.constant"),
        operands: vec![],
        result_types: vec![ty],
        properties: Some(props),
        attrs: ir.op(at).attrs,
        num_regions: 0,
        successors: Vec::new(),
        loc: ir.op(at).loc,
    };
    let c = ir.create_op(state);
    ir.insert_op_before(at, c);
    ir.result(c, 0)
}

/// Erases `v`'s defining op (and a broadcast's constant and dims) once
/// unused.
pub(crate) fn erase_dead(ctx: &Context, ir: &mut Ir, v: Value) {
    let Some(op) = def(ir, v) else {
        return;
    };
    if ir.has_uses(v) {
        return;
    }
    let name = ctx.str(ir.op(op).name).to_string();
    if !matches!(
        name.as_str(),
        "graph.constant" | "graph.broadcast" | "graph.dim"
    ) {
        return;
    }
    let inner: Vec<Value> = ir.operands(op).collect();
    ir.erase_op(op);
    for i in inner {
        erase_dead(ctx, ir, i);
    }
}

fn fold_one(ctx: &mut Context, ir: &mut Ir, conv: Op) -> bool {
    let r = ir.result(conv, 0);
    // Shape queries (a dynamic batch's `graph.dim`) read only the dims,
    // which the fold keeps.
    let uses: Vec<_> = ir
        .uses(r)
        .filter(|&u| !crate::ops::DIM.is(ctx, ir, ir.use_data(u).owner))
        .collect();
    let [u] = uses[..] else {
        return false;
    };
    let (user, index) = {
        let d = ir.use_data(u);
        (d.owner, d.index as usize)
    };
    let name = ctx.str(ir.op(user).name).to_string();
    let commutes = matches!(name.as_str(), "graph.mul" | "graph.add");
    if !(commutes || (matches!(name.as_str(), "graph.sub" | "graph.div") && index == 0)) {
        return false;
    }
    if ir.op(user).attrs != ir.op(conv).attrs
        || ir.value_type(ir.result(user, 0)) != ir.value_type(r)
    {
        return false;
    }
    let filter = ir.operand(conv, 1);
    // The filter's kind from its type; its elements are read only to scale
    // them (a mul or div), streamed from its bytes.
    let (fshape, kind) = match ctx.type_kind(ir.value_type(filter)) {
        TypeKind::RankedTensor { shape, element, .. } => match ctx.type_kind(*element) {
            TypeKind::Float(k @ (FloatKind::F32 | FloatKind::F64)) if !shape.is_empty() => {
                (shape.clone(), *k)
            }
            _ => return false,
        },
        _ => return false,
    };
    if float_constant(ctx, ir, filter).is_none() {
        return false;
    }
    let bias = (ir.num_operands(conv) > 2).then(|| ir.operand(conv, 2));
    let Ok(m) = usize::try_from(fshape[0]) else {
        return false;
    };
    let mut b = match bias {
        Some(bv) => match constant_values(ctx, ir, bv) {
            Some((k, v, _)) if k == kind => Some(v),
            _ => return false,
        },
        None => None,
    };
    let other = ir.operand(user, 1 - index);
    let Some(c) = per_channel(ctx, ir, other, m) else {
        return false;
    };
    let new_filter = match name.as_str() {
        "graph.mul" | "graph.div" => {
            let div = name == "graph.div";
            let Some((_, w)) = scaled_filter(ctx, ir, filter, m, &c, div) else {
                return false;
            };
            if let Some(b) = &mut b {
                for (x, &k) in b.iter_mut().zip(&c) {
                    *x = if div { *x / k } else { *x * k };
                }
            }
            new_constant_bytes(ctx, ir, conv, kind, fshape, w)
        }
        _ => {
            let sign = if name == "graph.sub" { -1.0 } else { 1.0 };
            let mut nb = b.unwrap_or_else(|| vec![0.0; m]);
            for (x, &k) in nb.iter_mut().zip(&c) {
                *x += sign * k;
            }
            b = Some(nb);
            // The filter is unchanged.
            filter
        }
    };
    let mut operands = vec![ir.operand(conv, 0), new_filter];
    if let Some(b) = &b {
        operands.push(new_constant(ctx, ir, conv, kind, vec![m as i64], b));
    }
    ir.set_operands(conv, &operands);
    let out = ir.result(user, 0);
    ir.replace_all_uses(out, r);
    ir.erase_op(user);
    erase_dead(ctx, ir, other);
    erase_dead(ctx, ir, filter);
    if let Some(bv) = bias {
        erase_dead(ctx, ir, bv);
    }
    true
}
