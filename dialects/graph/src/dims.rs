//! How a dynamic result dim of a graph op follows from its operands' dims (a
//! reduced form of MLIR's `ReifyRankedShapedTypeOpInterface`): the
//! [`ResultDims`] interface that `register` attaches to the op records, which
//! graph → flow evaluates to give dispatch region results their dims.
//!
//! Elementwise ops keep their operand's dims; `graph.matmul` takes the batch
//! dims and `m` from the lhs, `n` from the rhs; `graph.transpose` permutes;
//! reductions keep the dims not reduced; `graph.broadcast` takes a result dim
//! from the input dim mapped to it (not a stretched 1); `graph.concat` takes
//! the dims off the axis from its first input, and the axis as the sum of its
//! inputs'; `graph.gather` takes the dims before and after `axis` from its
//! input and the ones in between from its indices; `graph.scatter` takes the
//! data's; a reshape keeps its single dynamic dim when the static rest has the
//! same element count, and otherwise is the input's element count over the
//! result's static one. A slice's dynamic size is in its result type only.
//!
//! Ahead of these rules, an op may be given its dynamic result dims as
//! trailing `index` operands (`graph.reshape %x [%b, %s]`, as `tensor.empty`
//! takes them): what an importer writes for shapes computed at run time.

use crate::ops;
use xir::dialect::Traits;
use xir::ods::OpSpec;
use xir::symbol::op_attr;
use xir::types::TypeKind;
use xir::{AttrKind, Context, Ir, Op, Value};

/// Why a dim cannot be derived.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Why {
    /// The op has no rule for it.
    NoRule,
    /// A slice's sizes are in its result type only.
    SliceSize,
    /// A reshape with this many dynamic result dims.
    ReshapeSplit(usize),
    /// A reshape whose static result dims hold no element.
    ReshapeZero,
    /// The static sizes overflow `i64`.
    Overflow,
}

/// What result dim `i` of an op is, in terms of its operands' dims.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DimRule {
    /// Dim `k` of operand `o`.
    Copy(usize, usize),
    /// The sum of dim `k` of every operand (a concat's axis).
    Sum(usize),
    /// The product of operand 0's dims over this static size (a reshape's
    /// one dynamic dim).
    Quotient(i64),
    /// The value of operand `o`, an `index` the op is given (its `dims`).
    Operand(usize),
    None(Why),
}

/// The rule for result dim `i` of an op that has an operand.
pub type DimRuleFn = fn(&Context, &Ir, Op, usize) -> DimRule;

/// The interface: an op's [`DimRuleFn`].
#[derive(Copy, Clone)]
pub struct ResultDims(pub DimRuleFn);

/// The rule for result dim `i` of `op`: `NoRule` for an op without operands
/// or without the interface.
pub fn rule(ctx: &Context, ir: &Ir, op: Op, i: usize) -> DimRule {
    if let Some(o) = given(ctx, ir, op, i) {
        return DimRule::Operand(o);
    }
    match ctx.op_interface::<ResultDims>(ir.op(op).name) {
        Some(r) if ir.num_operands(op) > 0 => (r.0)(ctx, ir, op, i),
        _ => DimRule::None(Why::NoRule),
    }
}

/// The operand that gives dynamic result dim `i`, for an op given its dims
/// as trailing `index` operands (one per `?` of its result, in order): one
/// mechanism for every op that takes them, ahead of the op's own rule.
pub fn given(ctx: &Context, ir: &Ir, op: Op, i: usize) -> Option<usize> {
    let first = ir
        .operands(op)
        .position(|v| matches!(ctx.type_kind(ir.value_type(v)), TypeKind::Index))?;
    let out = ir.results(op).first().map(|&r| shape(ctx, ir, r))?;
    if out.get(i).is_none_or(|&d| d >= 0) {
        return None;
    }
    let o = first + out[..i].iter().filter(|&&d| d < 0).count();
    (o < ir.num_operands(op)).then_some(o)
}

/// Attaches [`ResultDims`] to every graph op that has a rule.
pub fn attach(ctx: &mut Context) {
    for spec in ops::OPS {
        if spec.traits.contains(Traits::ELEMENTWISE) {
            ctx.attach_interface(spec.name, ResultDims(elementwise));
        }
    }
    let rules: [(&OpSpec, DimRuleFn); 14] = [
        (&crate::attention::ATTENTION, attention),
        // Window ops kept whole (`graph-decompose{keep-windows}`) may have a
        // dynamic batch, the input's.
        (&crate::window::CONV, batch_only),
        (&crate::window::MAX_POOL, batch_only),
        (&crate::window::AVG_POOL, batch_only),
        (&ops::GATHER, gather),
        (&ops::SCATTER, elementwise),
        (&ops::MATMUL, matmul),
        (&ops::TRANSPOSE, transpose),
        (&ops::REDUCE_SUM, reduce),
        (&ops::REDUCE_MAX, reduce),
        (&ops::BROADCAST, broadcast),
        (&ops::CONCAT, concat),
        (&ops::RESHAPE, reshape),
        (&ops::SLICE, |_, _, _, _| DimRule::None(Why::SliceSize)),
    ];
    for (spec, f) in rules {
        ctx.attach_interface(spec.name, ResultDims(f));
    }
}

/// The query's dims but the last, which is the value's.
fn attention(ctx: &Context, ir: &Ir, op: Op, i: usize) -> DimRule {
    let rank = ir
        .results(op)
        .first()
        .map_or(0, |&r| shape(ctx, ir, r).len());
    if i + 1 == rank {
        DimRule::Copy(2, i)
    } else {
        DimRule::Copy(0, i)
    }
}

/// Dim 0 is the input's; no other dim may be dynamic.
fn batch_only(_: &Context, _: &Ir, _: Op, i: usize) -> DimRule {
    if i == 0 {
        DimRule::Copy(0, 0)
    } else {
        DimRule::None(Why::NoRule)
    }
}

fn shape(ctx: &Context, ir: &Ir, v: Value) -> Vec<i64> {
    match ctx.type_kind(ir.value_type(v)) {
        TypeKind::RankedTensor { shape, .. } => shape.clone(),
        _ => Vec::new(),
    }
}

fn input_shape(ctx: &Context, ir: &Ir, op: Op) -> Vec<i64> {
    ir.operands(op)
        .next()
        .map(|v| shape(ctx, ir, v))
        .unwrap_or_default()
}

fn ints(ctx: &Context, ir: &Ir, op: Op, key: &str) -> Vec<i64> {
    match op_attr(ctx, ir, op, key).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::DenseArray { values, .. }) => values.iter().map(|&v| v as i64).collect(),
        Some(AttrKind::Integer { value, .. }) => i64::try_from(value).ok().into_iter().collect(),
        _ => Vec::new(),
    }
}

/// The product of the static dims of `s`, `None` on overflow.
fn static_product(s: &[i64]) -> Option<i64> {
    s.iter()
        .filter(|&&d| d >= 0)
        .try_fold(1i64, |acc, &d| acc.checked_mul(d))
}

/// Dim `k` of operand 0, if there is one.
fn copy(r: Option<usize>) -> DimRule {
    r.map_or(DimRule::None(Why::NoRule), |k| DimRule::Copy(0, k))
}

fn elementwise(_: &Context, _: &Ir, _: Op, i: usize) -> DimRule {
    DimRule::Copy(0, i)
}

fn matmul(ctx: &Context, ir: &Ir, op: Op, i: usize) -> DimRule {
    let r = input_shape(ctx, ir, op).len();
    DimRule::Copy(usize::from(i + 1 == r), i)
}

fn transpose(ctx: &Context, ir: &Ir, op: Op, i: usize) -> DimRule {
    copy(
        ints(ctx, ir, op, "permutation")
            .get(i)
            .and_then(|&p| usize::try_from(p).ok()),
    )
}

fn reduce(ctx: &Context, ir: &Ir, op: Op, i: usize) -> DimRule {
    let axes = ints(ctx, ir, op, "axes");
    let rank = input_shape(ctx, ir, op).len();
    let mut kept = (0..rank).filter(|&d| !axes.contains(&(d as i64)));
    copy(kept.nth(i))
}

fn broadcast(ctx: &Context, ir: &Ir, op: Op, i: usize) -> DimRule {
    let in0 = input_shape(ctx, ir, op);
    let dims = ints(ctx, ir, op, "dimensions");
    let j = dims.iter().position(|&d| d == i as i64);
    copy(j.filter(|&j| in0.get(j) != Some(&1)))
}

fn concat(ctx: &Context, ir: &Ir, op: Op, i: usize) -> DimRule {
    match ints(ctx, ir, op, "axis").first() {
        Some(&axis) if axis == i as i64 => DimRule::Sum(i),
        Some(_) => DimRule::Copy(0, i),
        None => DimRule::None(Why::NoRule),
    }
}

/// `input[:axis] + indices + input[axis+1:]`.
fn gather(ctx: &Context, ir: &Ir, op: Op, i: usize) -> DimRule {
    let Some(&axis) = ints(ctx, ir, op, "axis").first() else {
        return DimRule::None(Why::NoRule);
    };
    let axis = axis.max(0) as usize;
    let k = ir
        .operands(op)
        .nth(1)
        .map_or(0, |v| shape(ctx, ir, v).len());
    if i < axis {
        DimRule::Copy(0, i)
    } else if i < axis + k {
        DimRule::Copy(1, i - axis)
    } else {
        DimRule::Copy(0, i + 1 - k)
    }
}

fn reshape(ctx: &Context, ir: &Ir, op: Op, _: usize) -> DimRule {
    let in0 = input_shape(ctx, ir, op);
    let Some(out) = ir.results(op).first().map(|&r| shape(ctx, ir, r)) else {
        return DimRule::None(Why::NoRule);
    };
    let dyn_in: Vec<usize> = (0..in0.len()).filter(|&d| in0[d] < 0).collect();
    let dyn_out = out.iter().filter(|&&d| d < 0).count();
    if dyn_out != 1 {
        return DimRule::None(Why::ReshapeSplit(dyn_out));
    }
    let (Some(rest_in), Some(rest_out)) = (static_product(&in0), static_product(&out)) else {
        return DimRule::None(Why::Overflow);
    };
    if dyn_in.len() == 1 && rest_in == rest_out {
        return DimRule::Copy(0, dyn_in[0]);
    }
    if rest_out == 0 {
        return DimRule::None(Why::ReshapeZero);
    }
    DimRule::Quotient(rest_out)
}
