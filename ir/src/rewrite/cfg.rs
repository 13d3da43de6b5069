//! Control-flow helpers shared by region simplification: a region's edges
//! (predecessor terminator, successor index), a post-order of its blocks, and
//! the rewriting of one edge's forwarded operands through the branch interface.

use crate::branch::{branch_op, forwarded};
use crate::context::Context;
use crate::entity::{Block, Op, Region, Value};
use crate::store::Ir;

/// One control-flow edge into a block: `op`'s successor `index`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Edge {
    pub op: Op,
    pub index: usize,
}

/// The ops of `region`'s blocks (not nested) that name `block` as a successor,
/// one entry per naming, in block order.
pub fn predecessors(ir: &Ir, region: Region, block: Block) -> Vec<Edge> {
    let mut out = Vec::new();
    for b in ir.region_blocks(region) {
        for op in ir.block_ops(b) {
            for (index, &s) in ir.successors(op).iter().enumerate() {
                if s == block {
                    out.push(Edge { op, index });
                }
            }
        }
    }
    out
}

/// Every block's incoming edges in `region`, found in one walk.
pub fn predecessor_map(ir: &Ir, region: Region) -> rustc_hash::FxHashMap<Block, Vec<Edge>> {
    let mut map: rustc_hash::FxHashMap<Block, Vec<Edge>> = Default::default();
    for b in ir.region_blocks(region) {
        for op in ir.block_ops(b) {
            for (index, &s) in ir.successors(op).iter().enumerate() {
                map.entry(s).or_default().push(Edge { op, index });
            }
        }
    }
    map
}

/// The successors of `b`: those of its last op.
pub fn block_successors(ir: &Ir, b: Block) -> &[Block] {
    match ir.last_op(b) {
        Some(t) => ir.successors(t),
        None => &[],
    }
}

/// The blocks reachable from `region`'s entry in post-order (successors taken in
/// order, as LLVM's `post_order`).
pub fn post_order(ir: &Ir, region: Region) -> Vec<Block> {
    let Some(entry) = ir.entry_block(region) else {
        return Vec::new();
    };
    let mut seen: rustc_hash::FxHashSet<Block> = Default::default();
    let mut out = Vec::new();
    let mut stack: Vec<(Block, usize)> = vec![(entry, 0)];
    seen.insert(entry);
    while let Some(top) = stack.last_mut() {
        let (b, i) = *top;
        match block_successors(ir, b).get(i).copied() {
            Some(s) => {
                top.1 += 1;
                if seen.insert(s) {
                    stack.push((s, 0));
                }
            }
            None => {
                out.push(b);
                stack.pop();
            }
        }
    }
    out
}

/// Whether every edge's op has the branch interface.
pub fn all_branches(ctx: &Context, ir: &Ir, edges: &[Edge]) -> bool {
    edges.iter().all(|e| branch_op(ctx, ir, e.op).is_some())
}

/// The values edge `e` forwards (empty without the interface).
pub fn edge_operands(ctx: &Context, ir: &Ir, e: Edge) -> Vec<Value> {
    forwarded(ctx, ir, e.op, e.index).unwrap_or_default()
}

/// Replaces the values edge `e` forwards; false without the interface.
pub fn set_edge_operands(ctx: &mut Context, ir: &mut Ir, e: Edge, vals: &[Value]) -> bool {
    let Some(b) = branch_op(ctx, ir, e.op) else {
        return false;
    };
    (b.set_successor_operands)(ctx, ir, e.op, e.index, vals);
    true
}
