//! `graph-sink-reshapes`: an elementwise op on an expanding reshape runs on
//! the reshape's input, and the reshape moves after it.
//!
//! Importers lower `MatMul` of `[b, s, k]` by 2-d weights to a 2-d matmul
//! between two reshapes, so the bias add, GELU or residual add that follows
//! sees `reshape(matmul)` and cannot join the matmul's epilogue. Sinking the
//! reshape below each elementwise op makes them the matmul's consumers of its
//! own shape; a collapse that follows (the next layer's reshape back to 2-d)
//! then composes with it and folds away.
//!
//! `e(reshape(x), ...)` with `reshape: X -> S` (rank of S above X's) becomes
//! `reshape(e(x, ...))` when every operand of `e` is one of:
//! - a reshape from X's shape to S's with the same dim operands (X with at most
//!   one dynamic dim, so the sizes agree): its input;
//! - a `graph.broadcast` into the trailing dims that S and X share (equal
//!   static sizes), such as a bias or a splat: the broadcast re-targeted to X;
//! - any other value of S's shape: its collapse to X (a view).
//!
//! All ops involved must have one placement. Reshapes of reshapes then
//! compose, and one whose result has its input's type (with at most one
//! dynamic dim) is its input.

use xir::pass::{Pass, PassContext};
use xir::types::TypeKind;
use xir::util::build::{insert_before, tensor_shape};
use xir::{Attr, AttrKind, Context, Ir, Op, OperationState, Type, Value};

use crate::fold_conv::def;

#[derive(Default)]
pub struct SinkReshapes;

impl SinkReshapes {
    pub const ARGUMENT: &'static str = "graph-sink-reshapes";
    pub const SUMMARY: &'static str =
        "Move expanding reshapes below elementwise ops, and fold reshapes of reshapes";
}

impl Pass for SinkReshapes {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "SinkReshapes"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn run(&mut self, pc: &mut PassContext<'_>, op: Op) -> Result<(), ()> {
        // Program order: a sunk reshape reaches the next consumer before that
        // consumer is visited.
        let ops = xir::walk::preorder(pc.ir, op);
        let (mut sunk, mut folded) = (0u64, 0u64);
        for &o in &ops {
            if pc.ir.is_erased(o) {
                continue;
            }
            let name = pc.ctx.str(pc.ir.op(o).name);
            if name == "graph.reshape" {
                folded += u64::from(fold_reshape(pc.ctx, pc.ir, o));
            } else if sink(pc.ctx, pc.ir, o) {
                sunk += 1;
            }
        }
        // Again in program order, with the reshapes sinking made.
        let ops = xir::walk::preorder(pc.ir, op);
        folded += merge_reshapes(pc.ctx, pc.ir, &ops);
        pc.add_statistic("num-sunk", "Elementwise ops moved above a reshape", sunk);
        pc.add_statistic("num-folded", "Reshapes of reshapes folded", folded);
        if sunk + folded == 0 {
            pc.preserve_all();
        }
        Ok(())
    }
}

fn name_is(ctx: &Context, ir: &Ir, v: Value, name: &str) -> Option<Op> {
    def(ir, v).filter(|&d| ctx.str(ir.op(d).name) == name)
}

fn placement(ctx: &Context, ir: &Ir, op: Op) -> Option<Attr> {
    ctx.dict_get(ir.op(op).attrs, "device.affinity")
}

fn tensor(ctx: &mut Context, shape: Vec<i64>, like: Type) -> Type {
    let TypeKind::RankedTensor {
        element, encoding, ..
    } = ctx.type_kind(like).clone()
    else {
        unreachable!("a ranked tensor")
    };
    ctx.intern_type(TypeKind::RankedTensor {
        shape,
        element,
        encoding,
    })
}

fn dynamic_count(shape: &[i64]) -> usize {
    shape.iter().filter(|&&d| d < 0).count()
}

/// `name` of `operands` with `result`, `e`'s attributes and location, before `e`.
fn create(
    ctx: &mut Context,
    ir: &mut Ir,
    e: Op,
    name: &str,
    operands: Vec<Value>,
    result: Type,
    properties: Option<Attr>,
) -> Value {
    let d = ir.op(e);
    let st = OperationState {
        name: ctx.ident(name),
        operands,
        result_types: vec![result],
        properties,
        attrs: d.attrs,
        num_regions: 0,
        successors: Vec::new(),
        loc: d.loc,
    };
    insert_before(ir, st, e)
}

/// The dims of X's dynamic dim (at most one), before `e`: the product of
/// S's leading dims (the reshape's dim operands for its `?`s) over X's static
/// leading ones. `None` when S's dynamic dims are not given. Computed from the
/// reshape's operands, not by `graph.dim` of a value the matmul region
/// computes: such a `graph.dim` would make the region end there.
fn x_dims(
    ctx: &mut Context,
    ir: &mut Ir,
    e: Op,
    (xs, ss, kept): (&[i64], &[i64], usize),
    rdims: &[Value],
) -> Option<Vec<Value>> {
    if dynamic_count(xs) == 0 {
        return Some(Vec::new());
    }
    if rdims.len() != dynamic_count(ss) {
        return None;
    }
    let loc = ir.op(e).loc;
    let constant =
        |ctx: &mut Context, ir: &mut Ir, n: i64| xir::util::build::index_const(ctx, ir, e, n, loc);
    // Index arithmetic: no placement, as the importer's.
    let binary = |ctx: &mut Context, ir: &mut Ir, name: &str, a: Value, b: Value| {
        let mut st = xir::util::build::op_state(ctx, name, Vec::new(), loc);
        st.operands = vec![a, b];
        st.result_types = vec![ctx.index_type()];
        insert_before(ir, st, e)
    };
    // Everything that can fail first, so that no index op is left behind.
    let lead = &ss[..ss.len() - kept];
    let mut factor = lead
        .iter()
        .filter(|&&d| d >= 0)
        .try_fold(1i64, |a, &d| a.checked_mul(d))?;
    let divisor = xs[..xs.len() - kept]
        .iter()
        .filter(|&&d| d >= 0)
        .try_fold(1i64, |a, &d| a.checked_mul(d))?;
    // The dims of S's leading `?`s (all of S's `?`s: its kept dims are static).
    let (&first, rest) = rdims.split_first()?;
    let mut p = first;
    for &v in rest {
        p = binary(ctx, ir, "arith.muli", p, v);
    }
    if factor % divisor.max(1) == 0 {
        factor /= divisor.max(1);
        if factor != 1 {
            let c = constant(ctx, ir, factor);
            p = binary(ctx, ir, "arith.muli", p, c);
        }
    } else {
        if factor != 1 {
            let c = constant(ctx, ir, factor);
            p = binary(ctx, ir, "arith.muli", p, c);
        }
        let c = constant(ctx, ir, divisor);
        p = binary(ctx, ir, "arith.divui", p, c);
    }
    Some(vec![p])
}

/// A reshape's input, its shape X, the result's shape S, and the dim operands.
type ReshapeParts = (Value, Vec<i64>, Vec<i64>, Vec<Value>);

/// The reshape's input, shapes and dim operands: `(x, X, S, dims)`.
fn reshape_parts(ctx: &Context, ir: &Ir, r: Op) -> Option<ReshapeParts> {
    let x = ir.operand(r, 0);
    let (xs, _) = tensor_shape(ctx, ir.value_type(x))?;
    let (ss, _) = tensor_shape(ctx, ir.value_type(ir.result(r, 0)))?;
    let dims = ir.operands(r).skip(1).collect();
    Some((x, xs, ss, dims))
}

/// How one operand of the sunk op is rebuilt on X.
enum Operand {
    Input(Value),
    Broadcast(Op, Vec<i64>),
    Collapse(Value),
}

fn sink(ctx: &mut Context, ir: &mut Ir, e: Op) -> bool {
    let d = ir.op(e);
    if !ctx
        .op_traits(d.name)
        .contains(xir::dialect::Traits::ELEMENTWISE)
        || ir.results(e).len() != 1
        || !ir.regions(e).is_empty()
    {
        return false;
    }
    let here = placement(ctx, ir, e);
    let operands: Vec<Value> = ir.operands(e).collect();
    // The first expanding reshape among the operands.
    let Some((r, (_, xs, ss, rdims))) = operands.iter().find_map(|&o| {
        let r = name_is(ctx, ir, o, "graph.reshape")?;
        let parts = reshape_parts(ctx, ir, r)?;
        (parts.2.len() > parts.1.len()).then_some((r, parts))
    }) else {
        return false;
    };
    if dynamic_count(&xs) > 1 || placement(ctx, ir, r) != here {
        return false;
    }
    // The trailing dims the reshape keeps, static and equal.
    let kept = xs
        .iter()
        .rev()
        .zip(ss.iter().rev())
        .take_while(|(a, b)| a == b && **a >= 0)
        .count();
    let shift = (ss.len() - xs.len()) as i64;
    let mut plan = Vec::with_capacity(operands.len());
    for &o in &operands {
        let Some((os, _)) = tensor_shape(ctx, ir.value_type(o)) else {
            return false;
        };
        if os != ss {
            return false;
        }
        if let Some(q) = name_is(ctx, ir, o, "graph.reshape") {
            if let Some((y, ys, _, qdims)) = reshape_parts(ctx, ir, q) {
                if ys == xs && qdims == rdims && placement(ctx, ir, q) == here {
                    plan.push(Operand::Input(y));
                    continue;
                }
            }
        }
        if let Some(b) = name_is(ctx, ir, o, "graph.broadcast") {
            let dims = crate::window::i64_list(ctx, ir, b, "dimensions").unwrap_or_default();
            let first_kept = (ss.len() - kept) as i64;
            if dims.iter().all(|&k| k >= first_kept) && placement(ctx, ir, b) == here {
                plan.push(Operand::Broadcast(
                    b,
                    dims.iter().map(|k| k - shift).collect(),
                ));
                continue;
            }
        }
        // A broadcast along other dims (a layer norm's statistics) would be
        // materialized whole to be collapsed: the op stays where it is.
        if name_is(ctx, ir, o, "graph.broadcast").is_some() {
            return false;
        }
        plan.push(Operand::Collapse(o));
    }
    // Only now, when the op moves, are index ops made for X's `?`.
    let Some(xdims) = x_dims(ctx, ir, e, (&xs, &ss, kept), &rdims) else {
        return false;
    };
    let mut new_operands = Vec::with_capacity(plan.len());
    for p in plan {
        let v = match p {
            Operand::Input(y) => y,
            Operand::Broadcast(b, dims) => {
                let c = ir.operand(b, 0);
                let ty = tensor(ctx, xs.clone(), ir.value_type(ir.result(b, 0)));
                let mut ops = vec![c];
                ops.extend(xdims.iter().copied());
                let element = ctx.i64();
                let arr = ctx.intern_attr(AttrKind::DenseArray {
                    element,
                    values: dims.iter().map(|&v| v as u64).collect(),
                });
                let key = ctx.ident("dimensions");
                let props = Some(ctx.dictionary(vec![(key, arr)]));
                create(ctx, ir, e, "graph.broadcast", ops, ty, props)
            }
            Operand::Collapse(o) => {
                let ty = tensor(ctx, xs.clone(), ir.value_type(o));
                let mut ops = vec![o];
                ops.extend(xdims.iter().copied());
                create(ctx, ir, e, "graph.reshape", ops, ty, None)
            }
        };
        new_operands.push(v);
    }
    let result = ir.result(e, 0);
    let rty = ir.value_type(result);
    let props = ir.op(e).properties;
    let name = ctx.str(ir.op(e).name).to_string();
    let ety = tensor(ctx, xs.clone(), rty);
    let y = create(ctx, ir, e, &name, new_operands, ety, props);
    let mut ops = vec![y];
    ops.extend(rdims);
    let back = create(ctx, ir, e, "graph.reshape", ops, rty, None);
    ir.replace_all_uses(result, back);
    ir.erase_op(e);
    for o in operands {
        erase_if_dead(ctx, ir, o);
    }
    true
}

/// Erases `v`'s defining reshape or broadcast when nothing uses it.
fn erase_if_dead(ctx: &Context, ir: &mut Ir, v: Value) {
    if let Some(op) = def(ir, v) {
        let name = ctx.str(ir.op(op).name);
        if matches!(name, "graph.reshape" | "graph.broadcast") && !ir.has_uses(v) {
            ir.erase_op(op);
        }
    }
}

/// Reshapes of one value to one type with the same placement (and the same
/// dims, where the type has more than one `?`) are one value (importers reshape a layer norm's output once per matmul that
/// reads it; each copy would be a dispatch result of its own).
fn merge_reshapes(ctx: &Context, ir: &mut Ir, ops: &[Op]) -> u64 {
    type Key = (Vec<Value>, Type, Option<Attr>);
    let mut seen: std::collections::HashMap<Key, Value> = Default::default();
    let mut merged = 0;
    for &r in ops {
        if ir.is_erased(r) || ctx.str(ir.op(r).name) != "graph.reshape" {
            continue;
        }
        let result = ir.result(r, 0);
        let ty = ir.value_type(result);
        // With at most one `?` the result's dims follow from the input's
        // element count, whatever values give them (`(b * s * 512) / 512` or
        // `b * s`).
        let determined = tensor_shape(ctx, ty).is_some_and(|(s, _)| dynamic_count(&s) <= 1);
        let operands: Vec<Value> = if determined {
            vec![ir.operand(r, 0)]
        } else {
            ir.operands(r).collect()
        };
        let key = (operands, ty, placement(ctx, ir, r));
        match seen.get(&key) {
            // Same block, since the operands are the same values: the first
            // one comes first in program order.
            Some(&first)
                if def(ir, first).and_then(|f| ir.parent_block(f)) == ir.parent_block(r) =>
            {
                ir.replace_all_uses(result, first);
                ir.erase_op(r);
                merged += 1;
            }
            Some(_) => {}
            None => {
                seen.insert(key, result);
            }
        }
    }
    merged
}

/// `reshape(reshape(y))` is `reshape(y)`, and `y` itself when it has the
/// result's type with at most one dynamic dim.
fn fold_reshape(ctx: &mut Context, ir: &mut Ir, r: Op) -> bool {
    let inner_v = ir.operand(r, 0);
    let Some(inner) = name_is(ctx, ir, inner_v, "graph.reshape") else {
        return false;
    };
    if placement(ctx, ir, inner) != placement(ctx, ir, r) {
        return false;
    }
    let y = ir.operand(inner, 0);
    let result = ir.result(r, 0);
    let rty = ir.value_type(result);
    let same = ir.value_type(y) == rty
        && tensor_shape(ctx, rty).is_some_and(|(s, _)| dynamic_count(&s) <= 1);
    if same {
        ir.replace_all_uses(result, y);
        ir.erase_op(r);
    } else {
        ir.set_operand(r, 0, y);
    }
    erase_if_dead(ctx, ir, inner_v);
    true
}
