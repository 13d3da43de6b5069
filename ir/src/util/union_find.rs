//! A union-find forest over units of ops (an op and the ops merged with it):
//! region formation and device partitioning group the ops of a block this way.

use rustc_hash::FxHashMap;

use super::nesting::def_in;
use crate::{Block, Ir, Op};

/// The root of `u` in a union-find forest (path halving).
pub fn find(parent: &mut [usize], mut u: usize) -> usize {
    while parent[u] != u {
        parent[u] = parent[parent[u]];
        u = parent[u];
    }
    u
}

/// Sets `deps` to the units (roots in `parent`) of the ops in `block` whose values
/// `op` (directly in `block`) or its nested ops use; `unit_of` maps the ops seen so
/// far to their units.
pub fn unit_deps(
    ir: &Ir,
    block: Block,
    op: Op,
    unit_of: &FxHashMap<Op, usize>,
    parent: &mut [usize],
    deps: &mut Vec<usize>,
) {
    deps.clear();
    for inner in crate::walk::preorder(ir, op) {
        for v in ir.operands(inner) {
            let Some(d) = def_in(ir, block, v) else {
                continue;
            };
            if d == op {
                continue;
            }
            if let Some(&u) = unit_of.get(&d) {
                let u = find(parent, u);
                if !deps.contains(&u) {
                    deps.push(u);
                }
            }
        }
    }
}
