//! MLIR's `BranchOpInterface`: a terminator with successors says which of its
//! operands each successor's block arguments receive. Dialects attach it to
//! their op records (`cf.br`, `cf.cond_br`, `cf.switch`); the verifier checks
//! those operands against the blocks, and the passes that reason about control
//! flow (sccp, region simplification, inlining) read and rewrite them through
//! it, never naming an op.

use crate::context::Context;
use crate::entity::{Attr, Op, Value};
use crate::store::Ir;
use std::ops::Range;

/// MLIR's `getSuccessorForOperands` over constant operands (`None`: unknown).
pub type TakenSuccessorFn = fn(&Context, &Ir, Op, &[Option<Attr>]) -> Option<usize>;

/// The interface record. Every function takes the op it was attached to.
#[derive(Copy, Clone)]
pub struct BranchOp {
    /// The operand indices forwarded to successor `i`'s block arguments.
    pub successor_operands: fn(&Context, &Ir, Op, usize) -> Range<usize>,
    /// Replaces successor `i`'s forwarded operands (segment sizes kept in step).
    pub set_successor_operands: fn(&mut Context, &mut Ir, Op, usize, &[Value]),
    /// MLIR's `getSuccessorForOperands`: the successor taken, when the operands
    /// known to be constant (`None` where unknown) decide it.
    pub taken_successor: TakenSuccessorFn,
}

/// The interface of `op`, when its op record carries one.
pub fn branch_op(ctx: &Context, ir: &Ir, op: Op) -> Option<BranchOp> {
    ctx.registry
        .op_interface::<BranchOp>(ir.op(op).name)
        .copied()
}

/// The values `op` forwards to successor `i`.
pub fn forwarded(ctx: &Context, ir: &Ir, op: Op, i: usize) -> Option<Vec<Value>> {
    let b = branch_op(ctx, ir, op)?;
    let r = (b.successor_operands)(ctx, ir, op, i);
    let n = ir.num_operands(op);
    Some(r.filter(|&k| k < n).map(|k| ir.operand(op, k)).collect())
}

/// The predecessors of `b`, one entry per edge (a block branching to `b`
/// twice is listed twice), in block order: the terminators of its region that
/// name it as a successor.
pub fn predecessors(ir: &Ir, b: crate::entity::Block) -> Vec<crate::entity::Block> {
    let Some(r) = ir.block_parent(b) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for p in ir.region_blocks(r) {
        if let Some(t) = ir.last_op(p) {
            out.extend(ir.successors(t).iter().filter(|&&s| s == b).map(|_| p));
        }
    }
    out
}

/// MLIR's `getSinglePredecessor`: the predecessor when exactly one edge enters `b`.
pub fn single_predecessor(ir: &Ir, b: crate::entity::Block) -> Option<crate::entity::Block> {
    match predecessors(ir, b).as_slice() {
        [p] => Some(*p),
        _ => None,
    }
}

/// MLIR's `getUniquePredecessor`: the predecessor when every edge entering `b`
/// comes from one block.
pub fn unique_predecessor(ir: &Ir, b: crate::entity::Block) -> Option<crate::entity::Block> {
    let p = predecessors(ir, b);
    let first = *p.first()?;
    p.iter().all(|&x| x == first).then_some(first)
}
