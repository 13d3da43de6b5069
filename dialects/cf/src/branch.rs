//! The branch interface of each op (`xir::branch::BranchOp`): which operands
//! each successor receives, how to replace them, and which successor constant
//! operands select.

use crate::ops;
use std::ops::Range;
use xir::branch::BranchOp;
use xir::ods::access::{operand_groups, segment_attr};
use xir::op_attrs::set_property;
use xir::{Attr, AttrKind, Context, Ir, Op, Value};
use xir_arith::fold::{int::Int, int_of};

pub const BR: BranchOp = BranchOp {
    successor_operands: |_, ir, op, _| 0..ir.num_operands(op),
    set_successor_operands: |_, ir, op, _, vals| ir.set_operands(op, vals),
    taken_successor: |_, _, _, _| Some(0),
};

pub const COND_BR: BranchOp = BranchOp {
    successor_operands: |ctx, ir, op, i| {
        operand_groups(ctx, ir, op, &ops::COND_BR)[1 + i.min(1)].clone()
    },
    set_successor_operands: set_cond_br,
    taken_successor: |ctx, _, _, consts| {
        let c = int_of(ctx, (*consts.first()?)?)?;
        Some(if c.is_zero() { 1 } else { 0 })
    },
};

pub const SWITCH: BranchOp = BranchOp {
    successor_operands: switch_operands,
    set_successor_operands: set_switch,
    taken_successor: |ctx, ir, op, consts| {
        let flag = int_of(ctx, (*consts.first()?)?)?;
        let at = case_values(ctx, ir, op)
            .iter()
            .position(|v| v.ucmp(&flag).is_eq());
        Some(at.map_or(0, |k| k + 1))
    },
};

/// The ops' operand groups, rebuilt from per-group values.
fn regroup(ctx: &mut Context, ir: &mut Ir, op: Op, groups: &[Vec<Value>]) {
    let all: Vec<Value> = groups.iter().flatten().copied().collect();
    ir.set_operands(op, &all);
    let counts: Vec<usize> = groups.iter().map(|g| g.len()).collect();
    let seg = segment_attr(ctx, &counts);
    set_property(ctx, ir, op, "operandSegmentSizes", Some(seg));
}

fn values(ir: &Ir, op: Op, r: Range<usize>) -> Vec<Value> {
    r.map(|k| ir.operand(op, k)).collect()
}

fn set_cond_br(ctx: &mut Context, ir: &mut Ir, op: Op, i: usize, vals: &[Value]) {
    let g = operand_groups(ctx, ir, op, &ops::COND_BR);
    let mut groups: Vec<Vec<Value>> = g.iter().map(|r| values(ir, op, r.clone())).collect();
    if let Some(slot) = groups.get_mut(1 + i.min(1)) {
        *slot = vals.to_vec();
    }
    regroup(ctx, ir, op, &groups);
}

/// `case_operand_segments`, as counts.
pub fn case_segments(ctx: &Context, ir: &Ir, op: Op) -> Vec<usize> {
    match xir::symbol::op_attr(ctx, ir, op, "case_operand_segments").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::DenseArray { values, .. }) => {
            values.iter().map(|&v| v as u32 as usize).collect()
        }
        _ => Vec::new(),
    }
}

/// The case values, in the flag's width.
pub fn case_values(ctx: &Context, ir: &Ir, op: Op) -> Vec<Int> {
    let Some(a) = xir::symbol::op_attr(ctx, ir, op, "case_values") else {
        return Vec::new();
    };
    int_elements(ctx, a)
}

/// The elements of an integer dense attribute (a splat repeated to its count).
pub fn int_elements(ctx: &Context, a: Attr) -> Vec<Int> {
    use xir_arith::fold::elements::{read, static_count, Const, Scalar};
    let n = match ctx.attr_kind(a) {
        AttrKind::DenseElements { ty, .. } => static_count(ctx, *ty).unwrap_or(0),
        _ => 0,
    };
    let ints = |v: Vec<Scalar>| -> Vec<Int> {
        v.into_iter()
            .filter_map(|s| match s {
                Scalar::Int(i) => Some(i),
                Scalar::Float(..) => None,
            })
            .collect()
    };
    match read(ctx, a) {
        Some(Const::Dense { splat: true, elems }) => {
            let v = ints(elems);
            match v.first() {
                Some(x) => vec![x.clone(); n],
                None => Vec::new(),
            }
        }
        Some(Const::Dense { elems, .. }) => ints(elems),
        _ => Vec::new(),
    }
}

fn switch_operands(ctx: &Context, ir: &Ir, op: Op, i: usize) -> Range<usize> {
    let g = operand_groups(ctx, ir, op, &ops::SWITCH);
    if i == 0 {
        return g[1].clone();
    }
    let seg = case_segments(ctx, ir, op);
    let before: usize = seg.iter().take(i - 1).sum();
    let n = seg.get(i - 1).copied().unwrap_or(0);
    let start = (g[2].start + before).min(g[2].end);
    start..(start + n).min(g[2].end)
}

fn set_switch(ctx: &mut Context, ir: &mut Ir, op: Op, i: usize, vals: &[Value]) {
    let g = operand_groups(ctx, ir, op, &ops::SWITCH);
    let flag = values(ir, op, g[0].clone());
    let mut default = values(ir, op, g[1].clone());
    let mut seg = case_segments(ctx, ir, op);
    let mut cases: Vec<Vec<Value>> = (0..seg.len())
        .map(|k| values(ir, op, switch_operands(ctx, ir, op, k + 1)))
        .collect();
    if i == 0 {
        default = vals.to_vec();
    } else if let Some(c) = cases.get_mut(i - 1) {
        *c = vals.to_vec();
        seg[i - 1] = vals.len();
    }
    let case_ops: Vec<Value> = cases.into_iter().flatten().collect();
    regroup(ctx, ir, op, &[flag, default, case_ops]);
    let a = i32_array(ctx, &seg);
    set_property(ctx, ir, op, "case_operand_segments", Some(a));
}

/// `array<i32: ...>`.
pub fn i32_array(ctx: &mut Context, v: &[usize]) -> Attr {
    segment_attr(ctx, v)
}
