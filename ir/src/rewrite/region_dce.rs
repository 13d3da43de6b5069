//! MLIR's `runRegionDCE`: an optimistic liveness analysis (everything dead until
//! a use proves it live) over ops and non-entry block arguments, then the
//! erasure of what stayed dead. A value forwarded to a successor is used only
//! as much as the block argument it feeds, so dead cycles through block
//! arguments go too. Arguments of blocks whose predecessors lack the branch
//! interface are kept live, as MLIR does.

use super::cfg::{self, Edge};
use super::PatternRewriter;
use crate::branch::branch_op;
use crate::context::Context;
use crate::dialect::Traits;
use crate::entity::{Block, Op, Region, Value};
use crate::store::{Ir, ValueDef};
use rustc_hash::FxHashSet;

#[derive(Default)]
struct Live {
    ops: FxHashSet<Op>,
    args: FxHashSet<Value>,
    changed: bool,
}

impl Live {
    fn op(&self, op: Op) -> bool {
        self.ops.contains(&op)
    }
    fn value(&self, ir: &Ir, v: Value) -> bool {
        match ir.value(v).def {
            ValueDef::Result { op, .. } => self.op(op),
            _ => self.args.contains(&v),
        }
    }
    fn set_op(&mut self, op: Op) {
        self.changed |= self.ops.insert(op);
    }
    fn set_value(&mut self, ir: &Ir, v: Value) {
        match ir.value(v).def {
            ValueDef::Result { op, .. } => self.set_op(op),
            _ => self.changed |= self.args.insert(v),
        }
    }
}

fn is_terminator(ctx: &Context, ir: &Ir, op: Op) -> bool {
    ctx.op_traits(ir.op(op).name).contains(Traits::TERMINATOR)
}

/// The successor argument operand `index` of terminator `op` feeds, if any.
fn fed_argument(ctx: &Context, ir: &Ir, op: Op, index: usize) -> Option<Value> {
    let b = branch_op(ctx, ir, op)?;
    for (s, &succ) in ir.successors(op).iter().enumerate() {
        let r = (b.successor_operands)(ctx, ir, op, s);
        if r.contains(&index) {
            return ir.block_args(succ).get(index - r.start).copied();
        }
    }
    None
}

/// A value is live once a live op uses it, a use that only feeds a dead
/// successor argument excepted.
fn process_value(ctx: &Context, ir: &Ir, v: Value, live: &mut Live) {
    let proved = ir.uses(v).any(|u| {
        let d = ir.use_data(u);
        if is_terminator(ctx, ir, d.owner) {
            if let Some(arg) = fed_argument(ctx, ir, d.owner, d.index as usize) {
                if !live.value(ir, arg) {
                    return false;
                }
            }
        }
        live.op(d.owner)
    });
    if proved {
        live.set_value(ir, v);
    }
}

/// Terminators are live; the arguments of their successors are live unless
/// the interface says which operands feed them.
fn terminator_liveness(ctx: &Context, ir: &Ir, op: Op, live: &mut Live) {
    live.set_op(op);
    if branch_op(ctx, ir, op).is_none() {
        for &s in ir.successors(op) {
            for &a in ir.block_args(s) {
                live.set_value(ir, a);
            }
        }
    }
}

fn op_liveness(ctx: &Context, ir: &Ir, op: Op, live: &mut Live) {
    for &r in ir.regions(op) {
        region_liveness(ctx, ir, r, live);
    }
    if is_terminator(ctx, ir, op) {
        return terminator_liveness(ctx, ir, op, live);
    }
    if live.op(op) {
        return;
    }
    if !super::dead::is_side_effect_free(ctx, ir, op) {
        return live.set_op(op);
    }
    for &r in ir.results(op) {
        process_value(ctx, ir, r, live);
    }
}

/// Everything in `op` counts as live (ops of blocks the walk never reaches,
/// which xir keeps when reachable code still uses their values).
fn mark_all_live(ir: &Ir, op: Op, live: &mut Live) {
    for n in crate::walk::preorder(ir, op) {
        live.set_op(n);
        for &r in ir.regions(n) {
            for b in ir.region_blocks(r) {
                for &a in ir.block_args(b) {
                    live.set_value(ir, a);
                }
            }
        }
    }
}

fn region_liveness(ctx: &Context, ir: &Ir, region: Region, live: &mut Live) {
    let order = cfg::post_order(ir, region);
    let reached: FxHashSet<Block> = order.iter().copied().collect();
    let entry = ir.entry_block(region);
    for &b in &order {
        let ops: Vec<Op> = ir.block_ops(b).collect();
        for &op in ops.iter().rev() {
            op_liveness(ctx, ir, op, live);
        }
        // Entry arguments belong to the parent op's contract: never tracked.
        if Some(b) == entry {
            continue;
        }
        for &a in ir.block_args(b) {
            if !live.value(ir, a) {
                process_value(ctx, ir, a, live);
            }
        }
    }
    for b in ir.region_blocks(region) {
        if reached.contains(&b) {
            continue;
        }
        for &a in ir.block_args(b) {
            live.set_value(ir, a);
        }
        for op in ir.block_ops(b) {
            mark_all_live(ir, op, live);
        }
    }
}

/// Drops the operands `t` forwards to dead successor arguments; whether any.
fn erase_dead_successor_operands(rw: &mut PatternRewriter<'_>, t: Op, live: &Live) -> bool {
    if branch_op(rw.ctx, rw.ir, t).is_none() {
        return false;
    }
    let mut any = false;
    let succs = rw.ir.successors(t).to_vec();
    for (index, &succ) in succs.iter().enumerate().rev() {
        let e = Edge { op: t, index };
        let vals = cfg::edge_operands(rw.ctx, rw.ir, e);
        let args = rw.ir.block_args(succ).to_vec();
        let kept: Vec<Value> = vals
            .iter()
            .enumerate()
            .filter(|&(i, _)| args.get(i).is_none_or(|&a| live.value(rw.ir, a)))
            .map(|(_, &v)| v)
            .collect();
        if kept.len() != vals.len() {
            any |= cfg::set_edge_operands(rw.ctx, rw.ir, e, &kept);
        }
    }
    any
}

/// Erases `op` and what it holds. Its operands go first: a dead op may use
/// another dead op's results (graph regions hold use-def cycles).
fn erase_dead_op(rw: &mut PatternRewriter<'_>, op: Op) {
    for n in crate::walk::preorder(rw.ir, op) {
        rw.ir.set_operands(n, &[]);
    }
    rw.erase_op(op);
}

/// What [`run_region_dce`] did.
#[derive(Copy, Clone, Default, Debug)]
pub struct DceResult {
    /// An op was erased: MLIR's result, which arguments alone do not set.
    pub erased_ops: bool,
    /// Anything changed (ops, forwarded operands or block arguments).
    pub modified: bool,
}

/// Erases the dead ops, forwarded operands and block arguments of `regions`.
fn delete_dead(rw: &mut PatternRewriter<'_>, regions: &[Region], live: &Live) -> DceResult {
    let mut res = DceResult::default();
    for &region in regions {
        let order = cfg::post_order(rw.ir, region);
        let single = rw.ir.region_blocks(region).nth(1).is_none();
        for &b in &order {
            if !single {
                if let Some(t) = rw.ir.last_op(b) {
                    res.modified |= erase_dead_successor_operands(rw, t, live);
                }
            }
            let mut cur = rw.ir.last_op(b);
            while let Some(op) = cur {
                cur = rw.ir.prev_op(op);
                if !live.op(op) {
                    res.erased_ops = true;
                    erase_dead_op(rw, op);
                } else {
                    let nested = rw.ir.regions(op).to_vec();
                    let r = delete_dead(rw, &nested, live);
                    res.erased_ops |= r.erased_ops;
                    res.modified |= r.modified;
                }
            }
        }
        let blocks: Vec<Block> = rw.ir.region_blocks(region).skip(1).collect();
        for b in blocks {
            let n = rw.ir.block_args(b).len();
            for i in (0..n).rev() {
                let a = rw.ir.block_args(b)[i];
                if !live.value(rw.ir, a) && !rw.ir.has_uses(a) {
                    rw.ir.erase_block_arg(b, i);
                    res.modified = true;
                }
            }
        }
    }
    res.modified |= res.erased_ops;
    res
}

/// Runs the analysis to a fixpoint over `regions`, then erases what is dead.
pub fn run_region_dce(rw: &mut PatternRewriter<'_>, regions: &[Region]) -> DceResult {
    let mut live = Live::default();
    loop {
        live.changed = false;
        for &r in regions {
            region_liveness(rw.ctx, rw.ir, r, &mut live);
        }
        if !live.changed {
            break;
        }
    }
    delete_dead(rw, regions, &live)
}
