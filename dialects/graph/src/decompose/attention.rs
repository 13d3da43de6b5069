//! `graph.attention` in `graph-decompose`:
//!
//! - **Forming it** (`keep-attention`, which the pipelines set): the ops an exporter
//!   writes for attention become one `graph.attention`, so a backend with an attention
//!   stage runs it as one kernel. The pattern, each intermediate used only by the next:
//!   `matmul(q, kᵀ)`, optionally times (or over) a splat constant, optionally plus a
//!   mask (either operand; a same-rank `broadcast` of it is looked through, so the
//!   mask keeps its size-1 dims), `softmax` along the last dim, optionally torch's
//!   `select(compare ne(p, p), 0, p)`, then `matmul(·, v)`. `k` is `kᵀ` transposed
//!   back (one `transpose`, composed with the one that made `kᵀ` when there is one).
//! - **Decomposing it** (every other case): `matmul(q, transpose(k))`, times the
//!   scale, plus the mask broadcast, `softmax`, the NaN select with `nan_to_zero`, and
//!   `matmul` with `v`.

use super::Builder;
use crate::attention::ATTENTION;
use crate::fold_conv::{constant_values, def};
use xir::types::{FloatKind, TypeKind};
use xir::{AttrKind, Context, Ir, Op, OperationState, Value};

type R<T> = Result<T, String>;

/// `op`'s decomposition from its (possibly widened) `operands`.
pub(super) fn decompose(b: &mut Builder, op: Op, operands: &[Value]) -> R<Value> {
    let (q, k, v) = (operands[0], operands[1], operands[2]);
    let mask = operands.get(3).copied();
    let scale = crate::composite::f32_prop(b.ctx, b.ir, op, "scale").ok_or("no 'scale'")?;
    let nan_to_zero = xir::symbol::op_attr(b.ctx, b.ir, op, "nan_to_zero").is_some();
    let ks = b.shape(k);
    let rank = ks.len();
    let mut perm: Vec<i64> = (0..rank as i64).collect();
    perm.swap(rank - 2, rank - 1);
    let kt = b.transpose(k, &perm);
    let mut s_shape = b.shape(q);
    s_shape[rank - 1] = ks[rank - 2];
    let elem = b.element(q);
    let s_ty = b.tensor(s_shape, elem);
    let mut s = b.op("graph.matmul", vec![q, kt], s_ty, vec![]);
    if scale != 1.0 {
        let c = b.splat_like(scale as f64, s)?;
        s = b.binary("graph.mul", s, c);
    }
    if let Some(m) = mask {
        let all: Vec<i64> = (0..rank as i64).collect();
        let mb = b.broadcast_like(m, &all, s);
        s = b.binary("graph.add", s, mb);
    }
    let mut p = super::softmax(b, s, rank as i64 - 1, false)?;
    if nan_to_zero {
        let i1 = b.ctx.i1();
        let c_ty = b.tensor(b.shape(p), i1);
        let ne = b.ctx.string_attr("ne");
        let c = b.op("graph.compare", vec![p, p], c_ty, vec![("predicate", ne)]);
        let z = b.splat_like(0.0, p)?;
        let ty = b.ir.value_type(p);
        p = b.op("graph.select", vec![c, z, p], ty, vec![]);
    }
    let r = b.ir.results(op)[0];
    let r_ty = b.ir.value_type(r);
    let r_ty = b.tensor(
        match b.ctx.type_kind(r_ty) {
            TypeKind::RankedTensor { shape, .. } => shape.clone(),
            _ => return Err("a result that is not a ranked tensor".into()),
        },
        elem,
    );
    Ok(b.op("graph.matmul", vec![p, v], r_ty, vec![]))
}

fn name<'a>(ctx: &'a Context, ir: &Ir, op: Op) -> &'a str {
    ctx.str(ir.op(op).name)
}

/// The op defining `v` if it is `want` and `v` has no other use.
fn single(ctx: &Context, ir: &Ir, v: Value, want: &str) -> Option<Op> {
    let d = def(ir, v)?;
    (name(ctx, ir, d) == want && ir.uses(v).count() == 1).then_some(d)
}

fn shape(ctx: &Context, ir: &Ir, v: Value) -> Vec<i64> {
    match ctx.type_kind(ir.value_type(v)) {
        TypeKind::RankedTensor { shape, .. } => shape.clone(),
        _ => Vec::new(),
    }
}

/// `v` with a same-rank, in-order `graph.broadcast` looked through (its source; it may
/// stretch size-1 dims, as a mask's over the heads).
fn unbroadcast(ctx: &Context, ir: &Ir, v: Value) -> Value {
    let Some(d) = def(ir, v) else { return v };
    if name(ctx, ir, d) != "graph.broadcast" || ir.uses(v).count() != 1 {
        return v;
    }
    let src = ir.operand(d, 0);
    let rank = shape(ctx, ir, v).len();
    let identity = xir::symbol::op_attr(ctx, ir, d, "dimensions")
        .and_then(|a| crate::syntax::i64_values(ctx, a))
        .is_some_and(|dims| dims == (0..rank as i64).collect::<Vec<_>>());
    if identity && shape(ctx, ir, src).len() == rank {
        src
    } else {
        v
    }
}

/// `v` with a `graph.broadcast` that stretches no dim looked through: each source dim
/// is the result's, or dynamic (an exporter's broadcast that only states a size).
fn unbroadcast_same(ctx: &Context, ir: &Ir, v: Value) -> Value {
    let u = unbroadcast(ctx, ir, v);
    let (us, vs) = (shape(ctx, ir, u), shape(ctx, ir, v));
    let states = us
        .iter()
        .zip(&vs)
        .all(|(&a, &b)| a == b || a == xir::DYNAMIC);
    if states {
        u
    } else {
        v
    }
}

/// The scores' chain above the mask add: `matmul(q, kᵀ)` under an optional product
/// with (or quotient by) a splat constant, no-op broadcasts looked through. The
/// matmul's result, and the scale.
fn scores(ctx: &Context, ir: &Ir, v: Value) -> Option<(Value, f64)> {
    let mut s = unbroadcast_same(ctx, ir, v);
    let mut scale = 1.0;
    if let Some(d) = def(ir, s).filter(|_| ir.uses(s).count() == 1) {
        let n = name(ctx, ir, d);
        if n == "graph.mul" || n == "graph.div" {
            let (a, b) = (ir.operand(d, 0), ir.operand(d, 1));
            let (m, c) = match (splat_value(ctx, ir, a), splat_value(ctx, ir, b)) {
                (_, Some(c)) => (a, c),
                (Some(c), None) if n == "graph.mul" => (b, c),
                _ => return None,
            };
            scale = if n == "graph.mul" { c } else { 1.0 / c };
            s = m;
        }
    }
    single(ctx, ir, s, "graph.matmul")?;
    Some((s, scale))
}

/// `v` carried forward through the same-rank, in-order `graph.broadcast`s that are
/// its only use (an exporter's no-op broadcasts), in turn.
fn forward(ctx: &Context, ir: &Ir, mut v: Value) -> Value {
    loop {
        let us: Vec<Op> = ir.uses(v).map(|u| ir.use_data(u).owner).collect();
        let [b] = us[..] else { return v };
        if name(ctx, ir, b) != "graph.broadcast" || ir.num_operands(b) != 1 {
            return v;
        }
        let r = ir.result(b, 0);
        if ir.value_type(r) != ir.value_type(v) || unbroadcast(ctx, ir, r) != v {
            return v;
        }
        v = r;
    }
}

/// The one value of a splat constant (through a broadcast of it).
fn splat_value(ctx: &Context, ir: &Ir, v: Value) -> Option<f64> {
    let mut c = v;
    if let Some(d) = def(ir, v) {
        if name(ctx, ir, d) == "graph.broadcast" {
            c = ir.operand(d, 0);
        }
    }
    let (_, values, _) = constant_values(ctx, ir, c)?;
    let first = *values.first()?;
    values
        .iter()
        .all(|&x| x.to_bits() == first.to_bits())
        .then_some(first)
}

/// What [`matched`] found: the ops to replace and the attention's parts.
struct Found {
    /// The `matmul(p, v)` whose result the attention replaces.
    out: Op,
    q: Value,
    kt: Value,
    v: Value,
    mask: Option<Value>,
    scale: f64,
    nan_to_zero: bool,
}

/// The attention `softmax` is the middle of, if the pattern holds.
fn matched(ctx: &Context, ir: &Ir, sm: Op) -> Option<Found> {
    let x = ir.operand(sm, 0);
    let p = ir.result(sm, 0);
    let rank = shape(ctx, ir, p).len();
    let axis = crate::composite::int_prop(ctx, ir, sm, "axis")?;
    if rank < 2 || axis != rank as i64 - 1 {
        return None;
    }
    let f32_elem = matches!(ctx.type_kind(ir.value_type(p)), TypeKind::RankedTensor { element, .. }
        if matches!(ctx.type_kind(*element), TypeKind::Float(FloatKind::F32)));
    if !f32_elem {
        return None;
    }
    // After: matmul(p, v), or torch's NaN select first.
    let mut users: Vec<Op> = Vec::new();
    for u in ir.uses(p) {
        let o = ir.use_data(u).owner;
        if !users.contains(&o) {
            users.push(o);
        }
    }
    let (pv, nan_to_zero) = match users.as_slice() {
        [u] if name(ctx, ir, *u) == "graph.matmul" => (*u, false),
        [u] if forward(ctx, ir, p) != p => {
            let f = forward(ctx, ir, p);
            let us: Vec<Op> = ir.uses(f).map(|x| ir.use_data(x).owner).collect();
            match us.as_slice() {
                [m] if name(ctx, ir, *m) == "graph.matmul" && ir.operand(*m, 0) == f => {
                    let _ = u;
                    (*m, false)
                }
                _ => return None,
            }
        }
        [a, b] => {
            let (cmp, sel) = if name(ctx, ir, *a) == "graph.compare" {
                (*a, *b)
            } else {
                (*b, *a)
            };
            let pred = crate::composite::str_prop(ctx, ir, cmp, "predicate")?;
            if name(ctx, ir, cmp) != "graph.compare"
                || pred != "ne"
                || ir.operand(cmp, 0) != p
                || ir.operand(cmp, 1) != p
                || name(ctx, ir, sel) != "graph.select"
            {
                return None;
            }
            // select(compare, 0, p), the condition maybe through a same-shape broadcast.
            let c = ir.result(cmp, 0);
            let cond = ir.operand(sel, 0);
            let cond_ok = cond == c && ir.uses(c).count() == 1
                || unbroadcast(ctx, ir, cond) == c && ir.uses(c).count() == 1;
            if !cond_ok
                || ir.operand(sel, 2) != p
                || splat_value(ctx, ir, ir.operand(sel, 1)) != Some(0.0)
            {
                return None;
            }
            let s = forward(ctx, ir, ir.result(sel, 0));
            let us: Vec<Op> = ir.uses(s).map(|u| ir.use_data(u).owner).collect();
            match us.as_slice() {
                [u] if name(ctx, ir, *u) == "graph.matmul" && ir.operand(*u, 0) == s => (*u, true),
                _ => return None,
            }
        }
        _ => return None,
    };
    if !nan_to_zero && ir.operand(pv, 0) != forward(ctx, ir, p) {
        return None;
    }
    let v = ir.operand(pv, 1);
    // Before: [add(scores, mask)] over [scale(scores)] over matmul(q, kt).
    if ir.uses(x).count() != 1 {
        return None;
    }
    let (s, scale, mask) = match single(ctx, ir, x, "graph.add") {
        // Either operand may be the scores (the other the mask).
        Some(add) => {
            let (a, b) = (ir.operand(add, 0), ir.operand(add, 1));
            let (sv, mv) = if scores(ctx, ir, a).is_some() {
                (a, b)
            } else {
                (b, a)
            };
            let (s, scale) = scores(ctx, ir, sv)?;
            (s, scale, Some(unbroadcast(ctx, ir, mv)))
        }
        None => {
            let (s, scale) = scores(ctx, ir, x)?;
            (s, scale, None)
        }
    };
    let qk = single(ctx, ir, s, "graph.matmul")?;
    let (q, kt) = (ir.operand(qk, 0), ir.operand(qk, 1));
    // The mask must fit the scores (graph.attention's rule).
    let sh = |v: Value| shape(ctx, ir, v);
    let mut ks = sh(kt);
    ks.swap(rank - 2, rank - 1);
    let mshape = mask.map(sh);
    let inferred = crate::attention::infer(&sh(q), &ks, &sh(v), mshape.as_deref()).ok()?;
    let out = sh(ir.result(pv, 0));
    if inferred.len() != out.len() || !crate::shape::matches(&inferred, &out) {
        return None;
    }
    Some(Found {
        out: pv,
        q,
        kt,
        v,
        mask,
        scale,
        nan_to_zero,
    })
}

/// Forms `graph.attention` from every match under `root` (see the module docs): how
/// many.
pub(super) fn fuse(ctx: &mut Context, ir: &mut Ir, root: Op) -> u64 {
    let softmaxes: Vec<Op> = xir::walk::preorder(ir, root)
        .into_iter()
        .filter(|&o| name(ctx, ir, o) == "graph.softmax")
        .collect();
    let mut n = 0;
    for sm in softmaxes {
        let Some(f) = matched(ctx, ir, sm) else {
            continue;
        };
        let mut made = Vec::new();
        let mut b = Builder::before(ctx, ir, f.out, &mut made);
        let kts = b.shape(f.kt);
        let rank = kts.len();
        // k = ktᵀ: compose with the transpose that made kt, when it has no other use.
        let mut swap: Vec<i64> = (0..rank as i64).collect();
        swap.swap(rank - 2, rank - 1);
        let (src, perm) = match single(b.ctx, b.ir, f.kt, "graph.transpose") {
            Some(t) => {
                let inner = xir::symbol::op_attr(b.ctx, b.ir, t, "permutation")
                    .and_then(|a| crate::syntax::i64_values(b.ctx, a))
                    .unwrap_or_default();
                let composed: Vec<i64> = swap.iter().map(|&i| inner[i as usize]).collect();
                (b.ir.operand(t, 0), composed)
            }
            None => (f.kt, swap),
        };
        let k = b.transpose(src, &perm);
        let r = b.ir.result(f.out, 0);
        let ty = b.ir.value_type(r);
        let f32t = b.ctx.float_type(FloatKind::F32);
        let scale = b.ctx.intern_attr(AttrKind::Float {
            ty: f32t,
            bits: (f.scale as f32).to_bits() as u128,
        });
        let mut props = vec![(b.ctx.ident("scale"), scale)];
        if f.nan_to_zero {
            let unit = b.ctx.intern_attr(AttrKind::Unit);
            props.push((b.ctx.ident("nan_to_zero"), unit));
        }
        let mut operands = vec![f.q, k, f.v];
        operands.extend(f.mask);
        let properties = Some(b.ctx.dictionary(props));
        let attrs = b.attrs;
        let loc = b.ir.op(f.out).loc;
        let att = b.ir.create_op(OperationState {
            name: b.ctx.ident(ATTENTION.name),
            operands,
            result_types: vec![ty],
            properties,
            attrs,
            num_regions: 0,
            successors: Vec::new(),
            loc,
        });
        b.ir.insert_op_before(f.out, att);
        let new = b.ir.result(att, 0);
        b.ir.replace_all_uses(r, new);
        let inputs: Vec<Value> = b.ir.operands(f.out).collect();
        b.ir.erase_op(f.out);
        for v in inputs {
            erase_dead(ctx, ir, v);
        }
        n += 1;
    }
    n
}

/// Erases the op defining `v` when nothing uses `v` and it is one of the ops the
/// pattern reads through, then its operands' in turn.
fn erase_dead(ctx: &Context, ir: &mut Ir, v: Value) {
    let Some(op) = def(ir, v) else {
        return;
    };
    if ir.results(op).iter().any(|&r| ir.has_uses(r)) {
        return;
    }
    let pure = matches!(
        name(ctx, ir, op),
        "graph.matmul"
            | "graph.mul"
            | "graph.div"
            | "graph.add"
            | "graph.softmax"
            | "graph.compare"
            | "graph.select"
            | "graph.transpose"
            | "graph.broadcast"
            | "graph.constant"
            | "graph.dim"
    );
    if !pure {
        return;
    }
    let inner: Vec<Value> = ir.operands(op).collect();
    ir.erase_op(op);
    for i in inner {
        erase_dead(ctx, ir, i);
    }
}
