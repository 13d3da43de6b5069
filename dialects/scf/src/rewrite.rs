//! Rewriter steps the `scf.if` patterns need, each reporting to the driver's
//! listener exactly what MLIR's `RewriterBase` reports for the same step, so
//! the greedy worklist (and hence the output) evolves as in mlir-opt: a moved
//! op counts as inserted, a moved block as nothing, and an erased tree goes
//! one op at a time, innermost and last first, each losing its operands before
//! the next is reported (MLIR's post-order `eraseOp`).

use xir::rewrite::PatternRewriter;
use xir::store::ValueDef;
use xir::{Block, Op, Region, Value};

/// Moves `op` (in a block) before `before`; MLIR's `moveOpBefore`.
pub fn move_op_before(rw: &mut PatternRewriter<'_>, op: Op, before: Op) {
    rw.ir.remove_op(op);
    rw.ir.insert_op_before(before, op);
    rw.listener.inserted(rw.ir, op);
}

/// Moves `op` to the end of `block`.
pub fn move_op_to_end(rw: &mut PatternRewriter<'_>, op: Op, block: Block) {
    rw.ir.remove_op(op);
    rw.ir.append_op(block, op);
    rw.listener.inserted(rw.ir, op);
}

/// Moves the ops of `source` (a block without arguments) one by one before
/// `before`, or to the end of `dest` when `before` is `None`, then detaches
/// `source`; MLIR's `inlineBlockBefore` / `mergeBlocks`.
pub fn inline_block(rw: &mut PatternRewriter<'_>, source: Block, dest: Block, before: Option<Op>) {
    while let Some(op) = rw.ir.first_op(source) {
        match before {
            Some(b) => move_op_before(rw, op, b),
            None => move_op_to_end(rw, op, dest),
        }
    }
    rw.ir.remove_block(source);
}

/// Moves every block of `src` to the front of `dst` (MLIR's
/// `inlineRegionBefore(src, dst, dst.begin())`; blocks moving are not reported).
pub fn inline_region_front(rw: &mut PatternRewriter<'_>, src: Region, dst: Region) {
    let existing: Vec<Block> = rw.ir.region_blocks(dst).collect();
    for &b in &existing {
        rw.ir.remove_block(b);
    }
    rw.ir.take_body(dst, src);
    for b in existing {
        rw.ir.append_block(dst, b);
    }
}

/// Erases `op` and everything nested in it, reporting each op just before it
/// goes, users before definitions.
pub fn erase_op(rw: &mut PatternRewriter<'_>, op: Op) {
    let order = xir::walk::preorder(rw.ir, op);
    for &n in order.iter().rev() {
        rw.listener.erased(rw.ir, n);
        rw.ir.erase_op(n);
    }
}

/// Replaces the results of `op` by `values` (each user reported as modified)
/// and erases it. A result standing for itself must have no uses.
pub fn replace_op(rw: &mut PatternRewriter<'_>, op: Op, values: &[Value]) {
    let results = rw.ir.results(op).to_vec();
    for (r, &v) in results.into_iter().zip(values) {
        rw.replace_all_uses_with(r, v);
    }
    erase_op(rw, op);
}

/// Sets operand `index` of `op` and reports the op as modified.
pub fn set_operand(rw: &mut PatternRewriter<'_>, op: Op, index: usize, v: Value) {
    rw.ir.set_operand(op, index, v);
    rw.modified(op);
}

/// The region directly holding `v`'s definition (MLIR's `getParentRegion`).
pub fn value_region(rw: &PatternRewriter<'_>, v: Value) -> Option<Region> {
    let block = match rw.ir.value(v).def {
        ValueDef::Result { op, .. } => rw.ir.parent_block(op)?,
        ValueDef::BlockArg { block, .. } => block,
        ValueDef::Placeholder => return None,
    };
    rw.ir.block_parent(block)
}

/// Whether `op` lies (at any depth) inside `region`.
pub fn is_inside(rw: &PatternRewriter<'_>, op: Op, region: Region) -> bool {
    let mut cur = op;
    loop {
        let Some(r) = rw.ir.parent_block(cur).and_then(|b| rw.ir.block_parent(b)) else {
            return false;
        };
        if r == region {
            return true;
        }
        match rw.ir.region_parent(r) {
            Some(p) => cur = p,
            None => return false,
        }
    }
}

/// The op defining `v`, if it is an op result.
pub fn def_op(rw: &PatternRewriter<'_>, v: Value) -> Option<Op> {
    match rw.ir.value(v).def {
        ValueDef::Result { op, .. } => Some(op),
        _ => None,
    }
}
