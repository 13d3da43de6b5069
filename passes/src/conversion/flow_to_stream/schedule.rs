//! `stream-schedule-execution`: groups the async ops of each function into
//! `stream.async.execute` regions, one affinity each, returning timepoints.
//!
//! Ops are taken in program order. An op joins the open group of its affinity
//! when everything it reads comes from that group (or from outside any group);
//! otherwise it starts a new group that awaits exactly the groups it reads
//! from. A group whose results another group reads is sealed (no op joins it
//! later), so the await graph follows creation order and has no cycles, and
//! no region waits on a timepoint it does not depend on: independent work on
//! different devices overlaps. Transfers run on their target's queue.
//! Resources returned are awaited (one join of the groups that produce them).
//!
//! Host control flow: the ops of each block are grouped on their own, and an
//! `scf.if` ends the groups of its block before it (they are placed there),
//! so a group inside a branch may await groups of enclosing blocks (their
//! timepoints dominate the branch). Values a branch yields are awaited before
//! its `scf.yield` (whichever group made them, inside or outside the branch),
//! so `scf.if` results are ready resources, read later without a timepoint.
//! Blocks are scheduled from a worklist: no recursion, one visit per op.
//!
//! Calls: a `func.call` ends the groups of its block before it too, and the
//! resources it passes are awaited first (the callee gets ready resources);
//! its results are ready (a function returns ready resources), so no group
//! spans a call and nothing awaits a call.

use rustc_hash::{FxHashMap, FxHashSet};
use xir::ods::access::{operand_group, segment_attr};
use xir::pass::{Pass, PassContext};
use xir::symbol::op_attr;
use xir::{Attr, Context, Ir, Op, Value};
use xir_stream::ops::{ASYNC_DISPATCH, ASYNC_TRANSFER};
use xir_stream::types::{is_resource, timepoint_type};

use super::build::op_state;

struct Group {
    affinity: Option<Attr>,
    ops: Vec<Op>,
    sealed: bool,
    awaits: Vec<usize>,
}

/// Byte size of each resource that async ops of `ops` read or write.
fn sizes(ctx: &Context, ir: &Ir, ops: &[Op], size: &mut FxHashMap<Value, Value>) {
    for &op in ops {
        if ctx.str(ir.op(op).name) == ASYNC_TRANSFER.name {
            size.insert(ir.operand(op, 0), ir.operand(op, 1));
            size.insert(ir.result(op, 0), ir.operand(op, 2));
            continue;
        }
        let args = operand_group(ctx, ir, op, &ASYNC_DISPATCH, "resource_operands");
        let arg_sizes = operand_group(ctx, ir, op, &ASYNC_DISPATCH, "resource_operand_sizes");
        let resources = args
            .into_iter()
            .filter(|&v| is_resource(ctx, ir.value_type(v)));
        for (v, s) in resources.zip(arg_sizes) {
            size.insert(v, s);
        }
        let res_sizes = operand_group(ctx, ir, op, &ASYNC_DISPATCH, "result_sizes");
        for (&v, s) in ir.results(op).iter().zip(res_sizes) {
            size.insert(v, s);
        }
    }
}

fn affinity_of(ctx: &Context, ir: &Ir, op: Op) -> Option<Attr> {
    op_attr(ctx, ir, op, "affinity")
        .or_else(|| op_attr(ctx, ir, op, "result_affinity"))
        .or_else(|| op_attr(ctx, ir, op, "source_affinity"))
}

/// Steps of the search in [`awaits_transitively`]; past it the answer is "no"
/// (a new group: correct, only coarser), which keeps partitioning linear.
const SEARCH_LIMIT: usize = 64;

/// Whether group `g` already waits (directly or through others) for group `d`,
/// so that an op reading from `d` can join `g` without delaying it.
fn awaits_transitively(groups: &[Group], g: usize, d: usize) -> bool {
    let mut stack = vec![g];
    let mut steps = 0;
    while let Some(x) = stack.pop() {
        for &a in &groups[x].awaits {
            if a == d {
                return true;
            }
            steps += 1;
            if steps > SEARCH_LIMIT {
                return false;
            }
            // Groups only await older groups; `d` cannot lie behind a younger one.
            if a > d {
                stack.push(a);
            }
        }
    }
    false
}

/// Partitions `ops` (in program order, one block) into new groups appended to
/// `groups`; `produced` maps results of earlier execute regions to their
/// groups. See the module comment.
fn partition(
    ctx: &Context,
    ir: &Ir,
    ops: &[Op],
    groups: &mut Vec<Group>,
    produced: &FxHashMap<Value, usize>,
) {
    let mut owner: FxHashMap<Value, usize> = FxHashMap::default();
    let mut open: FxHashMap<Option<Attr>, usize> = FxHashMap::default();
    for &op in ops {
        let affinity = affinity_of(ctx, ir, op);
        let mut deps: Vec<usize> = ir
            .operands(op)
            .filter_map(|v| owner.get(&v).or_else(|| produced.get(&v)).copied())
            .collect();
        deps.sort_unstable();
        deps.dedup();
        let cur = open.get(&affinity).copied().filter(|&g| !groups[g].sealed);
        let g = match cur {
            Some(g)
                if deps
                    .iter()
                    .all(|&d| d == g || awaits_transitively(groups, g, d)) =>
            {
                g
            }
            _ => {
                groups.push(Group {
                    affinity,
                    ops: Vec::new(),
                    sealed: false,
                    awaits: deps.clone(),
                });
                groups.len() - 1
            }
        };
        for &d in &deps {
            if d != g {
                groups[d].sealed = true;
            }
        }
        groups[g].ops.push(op);
        for &r in ir.results(op) {
            owner.insert(r, g);
        }
        open.insert(affinity, g);
    }
}

/// The schedule of one function, built block by block.
#[derive(Default)]
struct Sched {
    groups: Vec<Group>,
    /// The timepoint of each materialized group.
    timepoint: Vec<Value>,
    /// Results of execute ops (outer values) → their group.
    produced: FxHashMap<Value, usize>,
    /// Byte size of each resource async ops read or write.
    size: FxHashMap<Value, Value>,
}

impl Sched {
    /// Groups `ops` (async ops of one block, in order) and places their
    /// execute regions before `before`.
    fn flush(&mut self, ctx: &mut Context, ir: &mut Ir, ops: &[Op], before: Op) {
        if ops.is_empty() {
            return;
        }
        sizes(ctx, ir, ops, &mut self.size);
        let first = self.groups.len();
        partition(ctx, ir, ops, &mut self.groups, &self.produced);
        for gi in first..self.groups.len() {
            self.materialize(ctx, ir, gi, before);
        }
    }

    fn materialize(&mut self, ctx: &mut Context, ir: &mut Ir, gi: usize, before: Op) {
        let tp_type = timepoint_type(ctx);
        let g = &self.groups[gi];
        let size = &mut self.size;
        let inside: FxHashSet<Op> = g.ops.iter().copied().collect();
        let mut captured: Vec<Value> = Vec::new();
        let mut seen = FxHashSet::default();
        let mut yielded: Vec<Value> = Vec::new();
        for &op in &g.ops {
            for v in ir.operands(op) {
                let local = matches!(ir.value(v).def, xir::ValueDef::Result { op: d, .. } if inside.contains(&d));
                if !local && is_resource(ctx, ir.value_type(v)) && seen.insert(v) {
                    captured.push(v);
                }
            }
            for &r in ir.results(op) {
                if ir.uses(r).any(|u| !inside.contains(&ir.use_data(u).owner)) {
                    yielded.push(r);
                }
            }
        }
        let awaits: Vec<Value> = g.awaits.iter().map(|&a| self.timepoint[a]).collect();
        let (nc, ny) = (captured.len(), yielded.len());
        let segs = segment_attr(ctx, &[awaits.len(), nc, nc, ny]);
        let mut props = vec![("operandSegmentSizes", segs)];
        if let Some(a) = g.affinity {
            props.push(("affinity", a));
        }
        let loc = ir.op(g.ops[0]).loc;
        let mut st = op_state(ctx, "stream.async.execute", props, loc);
        st.num_regions = 1;
        st.operands = awaits;
        st.operands.extend(captured.iter().copied());
        st.operands.extend(captured.iter().map(|v| size[v]));
        st.operands.extend(yielded.iter().map(|v| size[v]));
        st.result_types = yielded.iter().map(|&v| ir.value_type(v)).collect();
        st.result_types.push(tp_type);
        let exe = ir.create_op(st);
        ir.insert_op_before(before, exe);
        let body = ir.create_block();
        let region = ir.regions(exe)[0];
        ir.append_block(region, body);
        let mut arg_of = FxHashMap::default();
        for &v in &captured {
            let t = ir.value_type(v);
            let a = ir.add_block_arg(body, t, None);
            arg_of.insert(v, a);
        }
        for &op in &g.ops {
            ir.remove_op(op);
            ir.append_op(body, op);
            for i in 0..ir.num_operands(op) {
                if let Some(&a) = arg_of.get(&ir.operand(op, i)) {
                    ir.set_operand(op, i, a);
                }
            }
        }
        // Uses outside the region (branches of later scf.ifs included) now
        // read the execute's results.
        for (j, &r) in yielded.iter().enumerate() {
            let outer = ir.result(exe, j);
            let outside: Vec<(Op, usize)> = ir
                .uses(r)
                .map(|u| ir.use_data(u))
                .filter(|d| !inside.contains(&d.owner))
                .map(|d| (d.owner, d.index as usize))
                .collect();
            for (user, i) in outside {
                ir.set_operand(user, i, outer);
            }
            size.insert(outer, size[&r]);
            self.produced.insert(outer, gi);
        }
        let ysegs = segment_attr(ctx, &[ny, ny]);
        let mut st = op_state(
            ctx,
            "stream.yield",
            vec![("operandSegmentSizes", ysegs)],
            loc,
        );
        st.operands = yielded.clone();
        st.operands.extend(yielded.iter().map(|v| size[v]));
        let y = ir.create_op(st);
        ir.append_op(body, y);
        self.timepoint.push(ir.result(exe, ny));
    }

    /// Makes the resources `term` (a return, yield or call) passes on ready:
    /// one await of the join of the groups that produce them.
    fn await_forwarded(&self, ctx: &mut Context, ir: &mut Ir, term: Op) {
        let mut pending: Vec<(usize, Value)> = Vec::new();
        let mut groups: Vec<usize> = Vec::new();
        for (i, v) in ir.operands(term).enumerate() {
            if let Some(&g) = self.produced.get(&v) {
                pending.push((i, v));
                groups.push(g);
            }
        }
        if pending.is_empty() {
            return;
        }
        groups.sort_unstable();
        groups.dedup();
        let loc = ir.op(term).loc;
        let tp_type = timepoint_type(ctx);
        let tp = if groups.len() == 1 {
            self.timepoint[groups[0]]
        } else {
            let mut st = op_state(ctx, "stream.timepoint.join", Vec::new(), loc);
            st.operands = groups.iter().map(|&g| self.timepoint[g]).collect();
            st.result_types = vec![tp_type];
            let join = ir.create_op(st);
            ir.insert_op_before(term, join);
            ir.result(join, 0)
        };
        let mut seen = FxHashSet::default();
        let values: Vec<Value> = pending
            .iter()
            .map(|&(_, v)| v)
            .filter(|&v| seen.insert(v))
            .collect();
        let n = values.len();
        let segs = segment_attr(ctx, &[1, n, n]);
        let mut st = op_state(
            ctx,
            "stream.timepoint.await",
            vec![("operandSegmentSizes", segs)],
            loc,
        );
        st.operands = vec![tp];
        st.operands.extend(values.iter().copied());
        st.operands.extend(values.iter().map(|v| self.size[v]));
        st.result_types = values.iter().map(|&v| ir.value_type(v)).collect();
        let aw = ir.create_op(st);
        ir.insert_op_before(term, aw);
        for (i, v) in pending {
            if let Some(k) = values.iter().position(|&x| x == v) {
                let r = ir.result(aw, k);
                ir.set_operand(term, i, r);
            }
        }
    }
}

/// Schedules the body of `f` (see the module comment); returns the number of
/// execute regions.
pub fn schedule_func(ctx: &mut Context, ir: &mut Ir, f: Op) -> usize {
    let Some(entry) = ir.regions(f).first().and_then(|&r| ir.entry_block(r)) else {
        return 0;
    };
    let mut s = Sched::default();
    let mut work = vec![entry];
    while let Some(block) = work.pop() {
        let Some(term) = ir.last_op(block) else {
            continue;
        };
        let mut pending: Vec<Op> = Vec::new();
        for op in ir.block_ops(block).collect::<Vec<_>>() {
            let n = ctx.str(ir.op(op).name);
            if n == ASYNC_DISPATCH.name || n == ASYNC_TRANSFER.name {
                pending.push(op);
            } else if op == term || n == "func.call" || !ir.regions(op).is_empty() {
                // The groups so far go before it: an scf.if's branches, a
                // call and the terminator may read their results.
                let call = n == "func.call";
                s.flush(ctx, ir, &pending, op);
                pending.clear();
                if call {
                    s.await_forwarded(ctx, ir, op);
                }
                for &r in ir.regions(op).iter().rev() {
                    work.extend(ir.region_blocks(r));
                }
            }
        }
        s.flush(ctx, ir, &pending, term);
        s.await_forwarded(ctx, ir, term);
    }
    s.groups.len()
}

/// Schedules every function directly in `module`; returns the region count.
pub fn schedule(ctx: &mut Context, ir: &mut Ir, module: Op) -> usize {
    let Some(&r) = ir.regions(module).first() else {
        return 0;
    };
    let funcs: Vec<Op> = ir
        .region_blocks(r)
        .flat_map(|b| ir.block_ops(b).collect::<Vec<_>>())
        .filter(|&op| ctx.str(ir.op(op).name) == "func.func")
        .collect();
    funcs.into_iter().map(|f| schedule_func(ctx, ir, f)).sum()
}

#[derive(Default)]
pub struct ScheduleExecution;

impl ScheduleExecution {
    pub const ARGUMENT: &'static str = "stream-schedule-execution";
    pub const SUMMARY: &'static str =
        "Group async stream ops into per-affinity execute regions joined by timepoints";
}

impl Pass for ScheduleExecution {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "ScheduleExecution"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn run(&mut self, pc: &mut PassContext<'_>, module: Op) -> Result<(), ()> {
        let n = schedule(pc.ctx, pc.ir, module);
        pc.add_statistic("num-regions", "Number of execute regions formed", n as u64);
        if n == 0 {
            pc.preserve_all();
        }
        Ok(())
    }
}
