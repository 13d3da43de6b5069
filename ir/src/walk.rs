//! Walks over nested ops. They take the next op before visiting the current one, so a
//! visitor may erase or move the op it is given.

use crate::entity::Op;
use crate::store::Ir;

/// Whether a walk continues into the op's regions (pre-order only) or stops.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum WalkResult {
    Advance,
    Skip,
    Interrupt,
}

/// Every op nested in `root` (including `root`) in pre-order, collected up front.
pub fn preorder(ir: &Ir, root: Op) -> Vec<Op> {
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(op) = stack.pop() {
        out.push(op);
        let start = stack.len();
        for &r in ir.regions(op) {
            for b in ir.region_blocks(r) {
                stack.extend(ir.block_ops(b));
            }
        }
        stack[start..].reverse();
    }
    out
}

/// Pre-order walk with control: `Skip` does not enter the op's regions. The visitor
/// may erase the op it is given (its regions are then not entered).
pub fn walk_preorder(ir: &mut Ir, root: Op, mut f: impl FnMut(&mut Ir, Op) -> WalkResult) -> bool {
    let mut stack = vec![root];
    while let Some(op) = stack.pop() {
        match f(ir, op) {
            WalkResult::Interrupt => return false,
            WalkResult::Skip => continue,
            WalkResult::Advance => {}
        }
        if ir.is_erased(op) {
            continue;
        }
        let start = stack.len();
        for &r in ir.regions(op) {
            for b in ir.region_blocks(r) {
                stack.extend(ir.block_ops(b));
            }
        }
        stack[start..].reverse();
    }
    true
}

/// Post-order walk: nested ops before their parent, ops of a block in order. The
/// visitor may erase the op it is given, or ops already visited.
pub fn walk_postorder(ir: &mut Ir, root: Op, mut f: impl FnMut(&mut Ir, Op) -> WalkResult) -> bool {
    // (op, children pushed?)
    let mut stack = vec![(root, false)];
    while let Some((op, expanded)) = stack.pop() {
        if ir.is_erased(op) {
            continue;
        }
        if expanded {
            if f(ir, op) == WalkResult::Interrupt {
                return false;
            }
            continue;
        }
        stack.push((op, true));
        let start = stack.len();
        for &r in ir.regions(op) {
            for b in ir.region_blocks(r) {
                stack.extend(ir.block_ops(b).map(|o| (o, false)));
            }
        }
        stack[start..].reverse();
    }
    true
}
