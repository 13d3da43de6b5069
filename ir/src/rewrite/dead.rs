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

/// MLIR's `eraseUnreachableBlocks`: in every region of `regions` and below it
/// that has several blocks, the blocks no path of successors reaches from the
/// entry are erased. The greedy driver runs it every iteration, whatever the
/// region simplification level, since patterns may loop on what unreachable code
/// allows (`%a = arith.addi %a, %c`). A block whose values are still used from
/// reachable code (possible only where dominance is not required) stays.
pub fn erase_unreachable_blocks(rw: &mut super::PatternRewriter<'_>, regions: &[Region]) -> bool {
    use crate::entity::Block;
    let mut changed = false;
    let mut stack: Vec<Region> = regions.to_vec();
    while let Some(r) = stack.pop() {
        let blocks: Vec<Block> = rw.ir.region_blocks(r).collect();
        if blocks.len() > 1 {
            let mut reachable: rustc_hash::FxHashSet<Block> = Default::default();
            let mut todo = vec![blocks[0]];
            while let Some(b) = todo.pop() {
                if !reachable.insert(b) {
                    continue;
                }
                if let Some(t) = rw.ir.last_op(b) {
                    todo.extend(rw.ir.successors(t).iter().copied());
                }
            }
            let dead: Vec<Block> = blocks
                .iter()
                .copied()
                .filter(|b| !reachable.contains(b))
                .collect();
            if !dead.is_empty() && erase_blocks(rw, &dead) {
                changed = true;
            }
        }
        for b in rw.ir.region_blocks(r).collect::<Vec<_>>() {
            for op in rw.ir.block_ops(b).collect::<Vec<_>>() {
                stack.extend(rw.ir.regions(op).iter().copied());
            }
        }
    }
    changed
}

/// Erases `blocks` (of one region) with everything in them: their operands are
/// dropped first, so values defined and used among them may refer to each other.
fn erase_blocks(rw: &mut super::PatternRewriter<'_>, blocks: &[crate::entity::Block]) -> bool {
    let mut ops: Vec<Op> = Vec::new();
    for &b in blocks {
        for op in rw.ir.block_ops(b).collect::<Vec<_>>() {
            ops.extend(crate::walk::preorder(rw.ir, op));
        }
    }
    let inside: rustc_hash::FxHashSet<Op> = ops.iter().copied().collect();
    let defined = blocks
        .iter()
        .flat_map(|&b| rw.ir.block_args(b).to_vec())
        .chain(ops.iter().flat_map(|&o| rw.ir.results(o).to_vec()));
    for v in defined.collect::<Vec<_>>() {
        let outside = rw
            .ir
            .uses(v)
            .any(|u| !inside.contains(&rw.ir.use_data(u).owner));
        if outside {
            return false;
        }
    }
    for &op in &ops {
        rw.ir.set_operands(op, &[]);
    }
    for &b in blocks {
        for op in rw.ir.block_ops(b).collect::<Vec<_>>() {
            rw.erase_op(op);
        }
        rw.ir.remove_block(b);
    }
    true
}
