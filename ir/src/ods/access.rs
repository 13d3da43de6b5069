//! Typed access to an op through its declaration: the operand / result range of
//! each named group (variadic groups included), and named properties.

use super::spec::{Arity, OpSpec, ValueSpec};
use crate::attributes::AttrKind;
use crate::context::Context;
use crate::entity::{Attr, Op, Value};
use crate::store::Ir;
use std::ops::Range;

/// `array<i32: ...>` of group sizes (`operandSegmentSizes`).
pub fn segment_attr(ctx: &mut Context, counts: &[usize]) -> Attr {
    let element = ctx.integer_type(32, crate::types::Signedness::Signless);
    ctx.intern_attr(AttrKind::DenseArray {
        element,
        values: counts.iter().map(|&c| c as u64).collect(),
    })
}

fn segments(ctx: &Context, ir: &Ir, op: Op, key: &str) -> Option<Groups<usize>> {
    let a = crate::symbol::op_attr(ctx, ir, op, key)?;
    match ctx.attr_kind(a) {
        AttrKind::DenseArray { values, .. } => {
            Some(values.iter().map(|&v| v as u32 as usize).collect())
        }
        _ => None,
    }
}

/// One entry per declared group, inline for the usual handful (the verifier
/// computes them for every op: no allocation there).
pub type Groups<T> = smallvec::SmallVec<[T; 6]>;

/// Splits `total` values among `specs`: single groups get one, the variable-length
/// group the rest (clamped, so malformed ops give short groups, not panics).
fn ranges(specs: &[ValueSpec], total: usize, seg: Option<Groups<usize>>) -> Groups<Range<usize>> {
    let mut out = Groups::with_capacity(specs.len());
    let mut at = 0usize;
    if let Some(seg) = seg.filter(|s| s.len() == specs.len()) {
        for n in seg {
            let end = (at + n).min(total);
            out.push(at..end);
            at = end;
        }
        return out;
    }
    let fixed = specs.iter().filter(|s| s.arity == Arity::Single).count();
    let var = total.saturating_sub(fixed);
    for s in specs {
        let n = match s.arity {
            Arity::Single => 1,
            Arity::Optional => var.min(1),
            Arity::Variadic => var,
        };
        let end = (at + n).min(total);
        out.push(at..end);
        at = end;
    }
    out
}

/// The operand range of each operand group of `op`, inline.
pub fn operand_groups(ctx: &Context, ir: &Ir, op: Op, spec: &OpSpec) -> Groups<Range<usize>> {
    let seg = if spec.has_operand_segments() {
        segments(ctx, ir, op, "operandSegmentSizes")
    } else {
        None
    };
    ranges(spec.operands, ir.num_operands(op), seg)
}

/// The result range of each result group of `op`, inline.
pub fn result_groups(ir: &Ir, op: Op, spec: &OpSpec) -> Groups<Range<usize>> {
    ranges(spec.results, ir.results(op).len(), None)
}

pub fn operand_ranges(ctx: &Context, ir: &Ir, op: Op, spec: &OpSpec) -> Vec<Range<usize>> {
    operand_groups(ctx, ir, op, spec).into_vec()
}

pub fn result_ranges(ir: &Ir, op: Op, spec: &OpSpec) -> Vec<Range<usize>> {
    result_groups(ir, op, spec).into_vec()
}

/// The values of the operand group `name`.
pub fn operand_group(ctx: &Context, ir: &Ir, op: Op, spec: &OpSpec, name: &str) -> Vec<Value> {
    let Some(i) = spec.operand_index(name) else {
        return Vec::new();
    };
    let r = operand_groups(ctx, ir, op, spec)[i].clone();
    r.map(|k| ir.operand(op, k)).collect()
}

/// The values of the result group `name`.
pub fn result_group(ir: &Ir, op: Op, spec: &OpSpec, name: &str) -> Vec<Value> {
    let Some(i) = spec.result_index(name) else {
        return Vec::new();
    };
    ir.results(op)[result_groups(ir, op, spec)[i].clone()].to_vec()
}

/// A typed view of one op: its id and its declaration.
#[derive(Copy, Clone)]
pub struct OpView<'s> {
    pub op: Op,
    pub spec: &'s OpSpec,
}

impl OpView<'_> {
    pub fn operands(&self, ctx: &Context, ir: &Ir, name: &str) -> Vec<Value> {
        operand_group(ctx, ir, self.op, self.spec, name)
    }

    pub fn operand(&self, ctx: &Context, ir: &Ir, name: &str) -> Option<Value> {
        self.operands(ctx, ir, name).first().copied()
    }

    pub fn results(&self, ir: &Ir, name: &str) -> Vec<Value> {
        result_group(ir, self.op, self.spec, name)
    }

    pub fn attr(&self, ctx: &Context, ir: &Ir, name: &str) -> Option<Attr> {
        crate::symbol::op_attr(ctx, ir, self.op, name)
    }
}

/// The type of a typed attribute (integer, float, elements), as `TypedAttr`.
pub fn attr_type(ctx: &Context, a: Attr) -> Option<crate::entity::Type> {
    match ctx.attr_kind(a) {
        AttrKind::Integer { ty, .. }
        | AttrKind::Float { ty, .. }
        | AttrKind::DenseElements { ty, .. }
        | AttrKind::DenseString { ty, .. }
        | AttrKind::DenseResource { ty, .. }
        | AttrKind::Sparse { ty, .. }
        | AttrKind::String { ty, .. } => Some(*ty),
        _ => None,
    }
}
