//! The aggressive half of region simplification (MLIR's `mergeIdenticalBlocks`
//! and `dropRedundantArguments`): blocks that do the same thing and branch to
//! the same successors become one, the operands where they differ turned into
//! new block arguments; a block argument that every predecessor feeds the same
//! value is replaced by that value.

use super::cfg::{self, Edge};
use super::PatternRewriter;
use crate::context::Context;
use crate::entity::{Block, Op, Region, Value};
use crate::store::{Ir, ValueDef};
use rustc_hash::FxHashMap;

/// The block that defines `v`.
fn value_block(ir: &Ir, v: Value) -> Option<Block> {
    match ir.value(v).def {
        ValueDef::Result { op, .. } => ir.parent_block(op),
        ValueDef::BlockArg { block, .. } => Some(block),
        ValueDef::Placeholder => None,
    }
}

/// A block's values in definition order (arguments, then results op by op),
/// so two blocks' internal uses can be compared by position.
struct BlockData {
    block: Block,
    ops: Vec<Op>,
    order: FxHashMap<Value, usize>,
}

impl BlockData {
    fn new(ir: &Ir, block: Block) -> Self {
        let mut order = FxHashMap::default();
        let args = ir.block_args(block);
        for (i, &a) in args.iter().enumerate() {
            order.insert(a, i);
        }
        let ops: Vec<Op> = ir.block_ops(block).collect();
        for &op in &ops {
            for &r in ir.results(op) {
                let n = order.len();
                order.insert(r, n);
            }
        }
        BlockData { block, ops, order }
    }
}

/// OperationEquivalence without operand values, locations or successors.
fn same_shape(ir: &Ir, a: Op, b: Op) -> bool {
    let (da, db) = (ir.op(a), ir.op(b));
    let types = |o: Op| -> Vec<crate::entity::Type> {
        ir.results(o).iter().map(|&r| ir.value_type(r)).collect()
    };
    da.name == db.name
        && da.properties == db.properties
        && da.attrs == db.attrs
        && ir.regions(a).len() == ir.regions(b).len()
        && ir.successors(a).len() == ir.successors(b).len()
        && ir.num_operands(a) == ir.num_operands(b)
        && types(a) == types(b)
}

/// Whether a result of `op` is used outside `block`.
fn used_outside(ir: &Ir, op: Op, block: Block) -> bool {
    ir.results(op).iter().any(|&r| {
        ir.uses(r)
            .any(|u| ir.parent_block(ir.use_data(u).owner) != Some(block))
    })
}

/// MLIR refuses an operand that is the result of a predecessor's terminator
/// (it would not dominate the merged block's new argument's source).
fn valid_successor_arg(ir: &Ir, region: Region, block: Block, v: Value) -> bool {
    let ValueDef::Result { op, .. } = ir.value(v).def else {
        return true;
    };
    let Some(def_block) = ir.parent_block(op) else {
        return true;
    };
    if ir.last_op(def_block) != Some(op) {
        return true;
    }
    !cfg::predecessors(ir, region, block)
        .iter()
        .any(|e| ir.parent_block(e.op) == Some(def_block))
}

struct Cluster {
    leader: BlockData,
    members: Vec<Block>,
    /// (op position, operand index) pairs that differ, sorted, unique.
    operands: std::collections::BTreeSet<(usize, usize)>,
}

impl Cluster {
    /// Compares `data` with the leader; on a match it joins the cluster.
    fn try_add(&mut self, ir: &Ir, region: Region, data: &BlockData) -> bool {
        let (lb, rb) = (self.leader.block, data.block);
        let arg_types = |b: Block| -> Vec<crate::entity::Type> {
            ir.block_args(b).iter().map(|&a| ir.value_type(a)).collect()
        };
        if self.leader.ops.len() != data.ops.len() || arg_types(lb) != arg_types(rb) {
            return false;
        }
        let mut mismatched = Vec::new();
        for (i, (&l, &r)) in self.leader.ops.iter().zip(&data.ops).enumerate() {
            if !same_shape(ir, l, r) {
                return false;
            }
            for k in 0..ir.num_operands(l) {
                let (lv, rv) = (ir.operand(l, k), ir.operand(r, k));
                if lv == rv {
                    continue;
                }
                if ir.value_type(lv) != ir.value_type(rv) {
                    return false;
                }
                let l_in = value_block(ir, lv) == Some(lb);
                let r_in = value_block(ir, rv) == Some(rb);
                if l_in != r_in {
                    return false;
                }
                if !l_in {
                    if !valid_successor_arg(ir, region, lb, lv)
                        || !valid_successor_arg(ir, region, rb, rv)
                    {
                        return false;
                    }
                    mismatched.push((i, k));
                } else if self.leader.order.get(&lv) != data.order.get(&rv) {
                    return false;
                }
            }
            if used_outside(ir, r, rb) || used_outside(ir, l, lb) {
                return false;
            }
        }
        self.operands.extend(mismatched);
        self.members.push(rb);
        true
    }

    /// Merges the members into the leader. False when nothing was merged.
    fn merge(self, rw: &mut PatternRewriter<'_>, region: Region) -> bool {
        if self.members.is_empty() {
            return false;
        }
        let leader = self.leader.block;
        if !self.operands.is_empty() && !self.add_arguments(rw, region) {
            return false;
        }
        for &m in &self.members {
            redirect(rw.ir, region, m, leader);
            erase_block(rw, m);
        }
        true
    }

    /// Turns the differing operands into new leader arguments and makes every
    /// predecessor pass its block's values. False when a predecessor lacks
    /// the branch interface.
    fn add_arguments(&self, rw: &mut PatternRewriter<'_>, region: Region) -> bool {
        let leader = self.leader.block;
        let blocks: Vec<Block> = std::iter::once(leader)
            .chain(self.members.iter().copied())
            .collect();
        let preds: Vec<Vec<Edge>> = blocks
            .iter()
            .map(|&b| cfg::predecessors(rw.ir, region, b))
            .collect();
        if !preds.iter().all(|p| cfg::all_branches(rw.ctx, rw.ir, p)) {
            return false;
        }
        let old = rw.ir.block_args(leader).len();
        let mut lists: Vec<Vec<Value>> = vec![Vec::new(); blocks.len()];
        for &(i, k) in &self.operands {
            for (c, &b) in blocks.iter().enumerate() {
                let Some(op) = rw.ir.block_ops(b).nth(i) else {
                    return false;
                };
                lists[c].push(rw.ir.operand(op, k));
            }
            let Some(op) = rw.ir.block_ops(leader).nth(i) else {
                return false;
            };
            let v = rw.ir.operand(op, k);
            let loc = value_loc(rw.ir, v);
            let arg = rw.ir.add_block_arg(leader, rw.ir.value_type(v), loc);
            rw.set_operand(op, k, arg);
        }
        let lists = prune_redundant(rw, &lists, old, leader);
        for (c, edges) in preds.iter().enumerate() {
            for &e in edges {
                let mut vals = cfg::edge_operands(rw.ctx, rw.ir, e);
                vals.extend_from_slice(&lists[c]);
                cfg::set_edge_operands(rw.ctx, rw.ir, e, &vals);
            }
        }
        true
    }
}

/// The location MLIR gives a value: its op's, or the argument's own.
fn value_loc(ir: &Ir, v: Value) -> Option<crate::entity::Attr> {
    match ir.value(v).def {
        ValueDef::Result { op, .. } => Some(ir.op(op).loc),
        _ => ir.value(v).loc,
    }
}

/// New argument `j` that carries, from every predecessor, the same value as an
/// earlier new argument `k` (judged by the first occurrence in the leader's
/// list, as MLIR does) is folded into `k`. Returns the pruned lists.
fn prune_redundant(
    rw: &mut PatternRewriter<'_>,
    lists: &[Vec<Value>],
    old: usize,
    leader: Block,
) -> Vec<Vec<Value>> {
    let Some(first) = lists.first() else {
        return Vec::new();
    };
    let mut first_at: FxHashMap<Value, usize> = FxHashMap::default();
    for (j, &v) in first.iter().enumerate() {
        first_at.entry(v).or_insert(j);
    }
    let mut replace: Vec<Option<usize>> = vec![None; first.len()];
    for (j, v) in first.iter().enumerate() {
        let k = first_at[v];
        if k != j && lists[1..].iter().all(|l| l[k] == l[j]) {
            replace[j] = Some(k);
        }
    }
    for j in (0..first.len()).rev() {
        if let Some(k) = replace[j] {
            let args = rw.ir.block_args(leader);
            let (from, to) = (args[old + j], args[old + k]);
            rw.replace_all_uses_with(from, to);
            rw.ir.erase_block_arg(leader, old + j);
        }
    }
    lists
        .iter()
        .map(|l| {
            l.iter()
                .enumerate()
                .filter(|&(j, _)| replace[j].is_none())
                .map(|(_, &v)| v)
                .collect()
        })
        .collect()
}

/// Points every branch to `from` in `region` at `to`.
fn redirect(ir: &mut Ir, region: Region, from: Block, to: Block) {
    for b in ir.region_blocks(region).collect::<Vec<_>>() {
        for op in ir.block_ops(b).collect::<Vec<_>>() {
            let succ = ir.successors(op);
            if succ.contains(&from) {
                let new: Vec<Block> = succ
                    .iter()
                    .map(|&s| if s == from { to } else { s })
                    .collect();
                ir.set_successors(op, &new);
            }
        }
    }
}

/// Erases a block no branch names any more, with its ops.
fn erase_block(rw: &mut PatternRewriter<'_>, b: Block) {
    let ops: Vec<Op> = rw.ir.block_ops(b).collect();
    for &op in &ops {
        for n in crate::walk::preorder(rw.ir, op) {
            rw.ir.set_operands(n, &[]);
        }
    }
    for &op in ops.iter().rev() {
        rw.erase_op(op);
    }
    rw.ir.remove_block(b);
}

/// Whether `b` may be merged at all: no op with a non-empty region, no
/// argument used outside it.
fn mergeable(ir: &Ir, b: Block) -> bool {
    let regions = ir
        .block_ops(b)
        .any(|op| ir.regions(op).iter().any(|&r| !ir.region_is_empty(r)));
    let escaping = ir.block_args(b).iter().any(|&a| {
        ir.uses(a)
            .any(|u| ir.parent_block(ir.use_data(u).owner) != Some(b))
    });
    !regions && !escaping
}

/// One pass over `region`: non-entry blocks grouped by successor list (in
/// order of first appearance), clustered by equivalence, clusters merged.
fn merge_in_region(rw: &mut PatternRewriter<'_>, region: Region) -> bool {
    let blocks: Vec<Block> = rw.ir.region_blocks(region).skip(1).collect();
    if blocks.is_empty() {
        return false;
    }
    let mut groups: Vec<(Vec<Block>, Vec<Block>)> = Vec::new();
    for &b in &blocks {
        let succ = cfg::block_successors(rw.ir, b).to_vec();
        match groups.iter_mut().find(|g| g.0 == succ) {
            Some(g) => g.1.push(b),
            None => groups.push((succ, vec![b])),
        }
    }
    let mut merged = false;
    for (_, group) in groups {
        if group.len() < 2 {
            continue;
        }
        let mut clusters: Vec<Cluster> = Vec::new();
        for b in group {
            if !mergeable(rw.ir, b) {
                continue;
            }
            let data = BlockData::new(rw.ir, b);
            if clusters.iter_mut().any(|c| c.try_add(rw.ir, region, &data)) {
                continue;
            }
            clusters.push(Cluster {
                leader: data,
                members: Vec::new(),
                operands: Default::default(),
            });
        }
        for c in clusters {
            merged |= c.merge(rw, region);
        }
    }
    merged
}

/// The regions directly held by ops of `region`'s blocks.
fn nested_regions(ir: &Ir, region: Region) -> Vec<Region> {
    let mut out = Vec::new();
    for b in ir.region_blocks(region) {
        for op in ir.block_ops(b) {
            out.extend_from_slice(ir.regions(op));
        }
    }
    out
}

/// Merges identical blocks in `regions` and every region below them, each
/// region again until nothing merges.
pub fn merge_identical_blocks(rw: &mut PatternRewriter<'_>, regions: &[Region]) -> bool {
    let mut changed = false;
    let mut stack: Vec<Region> = regions.to_vec();
    while let Some(r) = stack.pop() {
        if merge_in_region(rw, r) {
            stack.push(r);
            changed = true;
            continue;
        }
        stack.extend(nested_regions(rw.ir, r));
    }
    changed
}

/// The value every edge feeds argument `i`, when they all agree.
fn common_value(ctx: &Context, ir: &Ir, edges: &[Edge], i: usize) -> Option<Value> {
    let mut common = None;
    for &e in edges {
        crate::branch::branch_op(ctx, ir, e.op)?;
        let v = *cfg::edge_operands(ctx, ir, e).get(i)?;
        match common {
            None => common = Some(v),
            Some(c) if c != v => return None,
            Some(_) => {}
        }
    }
    common
}

/// Replaces the arguments of `b` that receive one value from every edge.
fn drop_in_block(rw: &mut PatternRewriter<'_>, edges: &[Edge], b: Block) -> bool {
    let mut gone = Vec::new();
    for i in 0..rw.ir.block_args(b).len() {
        let arg = rw.ir.block_args(b)[i];
        if let Some(v) = common_value(rw.ctx, rw.ir, edges, i) {
            if v != arg {
                rw.replace_all_uses_with(arg, v);
                gone.push(i);
            }
        }
    }
    for &i in gone.iter().rev() {
        rw.ir.erase_block_arg(b, i);
        for &e in edges {
            let mut vals = cfg::edge_operands(rw.ctx, rw.ir, e);
            if i < vals.len() {
                vals.remove(i);
                cfg::set_edge_operands(rw.ctx, rw.ir, e, &vals);
            }
        }
    }
    !gone.is_empty()
}

/// MLIR's `dropRedundantArguments` over `regions` and every region below.
pub fn drop_redundant_arguments(rw: &mut PatternRewriter<'_>, regions: &[Region]) -> bool {
    let mut changed = false;
    let mut stack: Vec<Region> = regions.to_vec();
    while let Some(r) = stack.pop() {
        // Edges stay put: only their operands change below.
        let preds = cfg::predecessor_map(rw.ir, r);
        for b in rw.ir.region_blocks(r).collect::<Vec<_>>() {
            let edges = preds.get(&b).map_or(&[][..], |v| v.as_slice());
            changed |= drop_in_block(rw, edges, b);
            for op in rw.ir.block_ops(b).collect::<Vec<_>>() {
                stack.extend_from_slice(rw.ir.regions(op));
            }
        }
    }
    changed
}
