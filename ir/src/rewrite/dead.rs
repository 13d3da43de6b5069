//! Trivially dead ops (unused, side-effect free) and region simplification.

use crate::context::Context;
use crate::dialect::Traits;
use crate::entity::{Op, Region};
use crate::store::Ir;

/// Whether `op` has no side effects: a registered `Pure` op whose nested ops are
/// pure too (terminators of its regions excepted). Symbols never count as dead.
pub fn is_side_effect_free(ctx: &Context, ir: &Ir, op: Op) -> bool {
    let t = ctx.op_traits(ir.op(op).name);
    let free = t.contains(Traits::PURE) || t.contains(Traits::NO_MEMORY_EFFECT);
    if !free || t.contains(Traits::SYMBOL) {
        return false;
    }
    if ir.regions(op).is_empty() {
        return true;
    }
    crate::walk::preorder(ir, op)[1..].iter().all(|&n| {
        let t = ctx.op_traits(ir.op(n).name);
        t.contains(Traits::PURE)
            || t.contains(Traits::NO_MEMORY_EFFECT)
            || t.contains(Traits::TERMINATOR)
    })
}

/// MLIR's `isOpTriviallyDead`: no result is used and erasing it changes nothing else.
pub fn is_trivially_dead(ctx: &Context, ir: &Ir, op: Op) -> bool {
    if ir.results(op).iter().any(|&r| ir.has_uses(r)) {
        return false;
    }
    let t = ctx.op_traits(ir.op(op).name);
    !t.contains(Traits::TERMINATOR) && is_side_effect_free(ctx, ir, op)
}

/// Erases dead ops in `regions` (and regions nested in them), walking each block
/// backwards so a chain of dead ops goes at once. Returns whether anything changed.
pub fn erase_dead_ops(rw: &mut super::PatternRewriter<'_>, regions: &[Region]) -> bool {
    let mut changed = false;
    let mut stack: Vec<Region> = regions.to_vec();
    while let Some(r) = stack.pop() {
        let blocks: Vec<_> = rw.ir.region_blocks(r).collect();
        for b in blocks {
            let mut cur = rw.ir.last_op(b);
            while let Some(op) = cur {
                cur = rw.ir.prev_op(op);
                if is_trivially_dead(rw.ctx, rw.ir, op) {
                    rw.erase_op(op);
                    changed = true;
                } else {
                    stack.extend(rw.ir.regions(op).iter().copied());
                }
            }
        }
    }
    changed
}
