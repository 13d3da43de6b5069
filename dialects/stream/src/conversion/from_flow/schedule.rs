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
//! spans a call and nothing awaits a call. A host load
//! (`stream.resource.load`, from `graph.extract`) is scheduled as a call: the
//! groups before it are placed before it and the resource it reads is awaited.
//!
//! Planned memory (slabs.rs, hazards.rs): an op that writes a planned buffer
//! also depends on the groups that wrote or read the bytes it overwrites
//! (buffers the plan let die before it): another group's work is awaited (and
//! sealed) as for data it reads; work of its own group is ordered by barriers
//! at the hal level. Ops are taken in program order (branches of an `scf.if`
//! before what follows it) so that these are the earlier users.
//!
//! A block's terminator waits for all of the block's work (the groups that no
//! other group of the block awaits), not only for what it forwards: when an
//! `scf.if` ends or a function returns, nothing it started still reads or
//! writes memory, so a caller or the code after the `scf.if` may reuse the
//! bytes. A function's slabs are deallocated after that work
//! (`stream.resource.dealloca` awaiting it) and the return awaits the
//! deallocations.

use crate::ops::{ASYNC_DISPATCH, ASYNC_TRANSFER};
use crate::types::{is_resource, timepoint_type};
use rustc_hash::{FxHashMap, FxHashSet};
use xir::ods::access::{operand_group, segment_attr};
use xir::pass::{Pass, PassContext};
use xir::symbol::op_attr;
use xir::{Attr, Context, Ir, Op, Value};

use super::hazards::{Hazards, Range};
use crate::slabs;
use xir::util::build::op_state;

const YIELD: &str = xir_scf::ops::YIELD_NAME;

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

/// The bytes each planned result of `op` occupies in its pool's slab.
fn planned_ranges(ctx: &Context, ir: &Ir, op: Op) -> Vec<(usize, Range)> {
    slabs::planned_results(ctx, ir, op)
        .into_iter()
        .map(|p| {
            let end = p
                .bytes
                .and_then(|n| p.offset.checked_add(n))
                .unwrap_or(u64::MAX);
            let r = Range {
                pool: p.pool,
                start: p.offset,
                end,
            };
            (p.result, r)
        })
        .collect()
}

/// Partitions `ops` (in program order, one block) into new groups appended to
/// `groups`; `produced` maps results of earlier execute regions to their
/// groups; `hz` and `ranges` track planned memory. See the module comment.
fn partition(
    ctx: &Context,
    ir: &Ir,
    ops: &[Op],
    groups: &mut Vec<Group>,
    produced: &FxHashMap<Value, usize>,
    hz: &mut Hazards,
    ranges: &mut FxHashMap<Value, Vec<Range>>,
) {
    let mut owner: FxHashMap<Value, usize> = FxHashMap::default();
    let mut open: FxHashMap<Option<Attr>, usize> = FxHashMap::default();
    for &op in ops {
        let affinity = affinity_of(ctx, ir, op);
        let mut deps: Vec<usize> = ir
            .operands(op)
            .filter_map(|v| owner.get(&v).or_else(|| produced.get(&v)).copied())
            .collect();
        // Bytes it overwrites: their last users come first.
        let writes = planned_ranges(ctx, ir, op);
        for (_, w) in &writes {
            hz.write_deps(w, &mut deps);
        }
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
                // A dependence another one already awaits needs no await.
                let implied: FxHashSet<usize> = deps
                    .iter()
                    .flat_map(|&d| groups[d].awaits.iter().copied())
                    .collect();
                let awaits = deps
                    .iter()
                    .copied()
                    .filter(|d| !implied.contains(d))
                    .collect();
                groups.push(Group {
                    affinity,
                    ops: Vec::new(),
                    sealed: false,
                    awaits,
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
        for v in ir.operands(op) {
            if let Some(rs) = ranges.get(&v) {
                for r in rs {
                    hz.read(r, g);
                }
            }
        }
        for (i, w) in writes {
            hz.write(&w, g);
            ranges.insert(ir.result(op, i), vec![w]);
        }
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
    /// Who last used the bytes of each slab.
    hz: Hazards,
    /// The slab bytes of planned resources (several for an `scf.if` result:
    /// whatever its branches yield).
    ranges: FxHashMap<Value, Vec<Range>>,
}

impl Sched {
    /// Groups `ops` (async ops of one block, in order) and places their
    /// execute regions before `before`; returns the new groups.
    fn flush(
        &mut self,
        ctx: &mut Context,
        ir: &mut Ir,
        ops: &[Op],
        before: Op,
    ) -> std::ops::Range<usize> {
        let first = self.groups.len();
        if ops.is_empty() {
            return first..first;
        }
        sizes(ctx, ir, ops, &mut self.size);
        partition(
            ctx,
            ir,
            ops,
            &mut self.groups,
            &self.produced,
            &mut self.hz,
            &mut self.ranges,
        );
        for gi in first..self.groups.len() {
            self.materialize(ctx, ir, gi, before);
        }
        first..self.groups.len()
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
            if let Some(rs) = self.ranges.get(&r).cloned() {
                self.ranges.insert(outer, rs);
            }
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
    /// one await of the join of the groups that produce them and of
    /// `extra` (the block's last work, for a terminator). With `deallocas`
    /// (the function's slabs, just before `term`), they wait for that work
    /// and the await is on them.
    fn await_at(
        &mut self,
        ctx: &mut Context,
        ir: &mut Ir,
        term: Op,
        extra: &[usize],
        deallocas: &[Op],
    ) -> Vec<usize> {
        let mut pending: Vec<(usize, Value)> = Vec::new();
        let mut groups: Vec<usize> = extra.to_vec();
        for (i, v) in ir.operands(term).enumerate() {
            if let Some(&g) = self.produced.get(&v) {
                pending.push((i, v));
                groups.push(g);
            }
        }
        groups.sort_unstable();
        groups.dedup();
        let loc = ir.op(term).loc;
        let anchor = deallocas.first().copied().unwrap_or(term);
        let work: Vec<Value> = groups.iter().map(|&g| self.timepoint[g]).collect();
        let mut tp = join(ctx, ir, &work, anchor, loc);
        if !deallocas.is_empty() {
            let mut done = Vec::new();
            for &d in deallocas {
                if let Some(t) = tp {
                    let mut operands = vec![t];
                    operands.extend(ir.operands(d));
                    ir.set_operands(d, &operands);
                }
                done.push(ir.result(d, 0));
            }
            tp = join(ctx, ir, &done, term, loc);
        }
        let Some(tp) = tp else {
            return groups;
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
        for (k, &v) in values.iter().enumerate() {
            if let Some(rs) = self.ranges.get(&v).cloned() {
                self.ranges.insert(ir.result(aw, k), rs);
            }
        }
        for (i, v) in pending {
            if let Some(k) = values.iter().position(|&x| x == v) {
                let r = ir.result(aw, k);
                ir.set_operand(term, i, r);
            }
        }
        groups
    }

    /// After the branches of `op`: each result is whatever a branch yields,
    /// so it occupies the bytes of each value yielded for it.
    fn if_end(&mut self, ctx: &Context, ir: &Ir, op: Op) {
        for (i, &r) in ir.results(op).iter().enumerate() {
            let mut all: Vec<Range> = Vec::new();
            for &region in ir.regions(op) {
                let Some(y) = ir.entry_block(region).and_then(|b| ir.last_op(b)) else {
                    continue;
                };
                if ctx.str(ir.op(y).name) != YIELD || i >= ir.num_operands(y) {
                    continue;
                }
                if let Some(rs) = self.ranges.get(&ir.operand(y, i)) {
                    all.extend(rs.iter().copied());
                }
            }
            if !all.is_empty() {
                self.ranges.insert(r, all);
            }
        }
    }
}

/// One timepoint for `tps` (a join before `before` when several).
fn join(ctx: &mut Context, ir: &mut Ir, tps: &[Value], before: Op, loc: Attr) -> Option<Value> {
    match tps {
        [] => None,
        [t] => Some(*t),
        _ => {
            let mut st = op_state(ctx, "stream.timepoint.join", Vec::new(), loc);
            st.operands = tps.to_vec();
            st.result_types = vec![timepoint_type(ctx)];
            let j = ir.create_op(st);
            ir.insert_op_before(before, j);
            Some(ir.result(j, 0))
        }
    }
}

/// A block being scheduled.
struct BlockFrame {
    ops: Vec<Op>,
    pos: usize,
    pending: Vec<Op>,
    /// Groups made for this block, and the first index it may make.
    own: Vec<usize>,
    start: usize,
    /// Older groups that its own groups await, and older or own groups
    /// known to be finished when its nested `scf.if`s end: all finished
    /// when the block's terminator has waited for its own work.
    outer: FxHashSet<usize>,
    done: FxHashSet<usize>,
    /// Where the memory tracker goes back to at the end (branches).
    checkpoint: Option<usize>,
}

/// A block, or the end of an `scf.if` whose branches were scheduled, with
/// the groups each branch left finished.
enum Frame {
    Block(BlockFrame),
    IfEnd(Op, Vec<FxHashSet<usize>>),
}

fn block_frame(ir: &Ir, block: xir::Block, start: usize, checkpoint: Option<usize>) -> Frame {
    Frame::Block(BlockFrame {
        ops: ir.block_ops(block).collect(),
        pos: 0,
        pending: Vec::new(),
        own: Vec::new(),
        start,
        outer: FxHashSet::default(),
        done: FxHashSet::default(),
        checkpoint,
    })
}

impl BlockFrame {
    fn add(&mut self, groups: &[Group], new: std::ops::Range<usize>) {
        for g in new {
            self.own.push(g);
            let start = self.start;
            self.outer
                .extend(groups[g].awaits.iter().copied().filter(|&a| a < start));
        }
    }

    /// The own groups that neither another own group awaits nor are known
    /// finished: waiting for them waits for all of the block's work.
    fn sinks(&self, groups: &[Group]) -> Vec<usize> {
        let mut covered: FxHashSet<usize> = self.done.clone();
        for &g in &self.own {
            covered.extend(groups[g].awaits.iter().copied());
        }
        self.own
            .iter()
            .copied()
            .filter(|g| !covered.contains(g))
            .collect()
    }
}

/// Schedules the body of `f` (see the module comment); returns the number of
/// execute regions. Blocks in program order from an explicit stack: no
/// recursion, one visit per op.
pub fn schedule_func(ctx: &mut Context, ir: &mut Ir, f: Op) -> usize {
    let Some(entry) = ir.regions(f).first().and_then(|&r| ir.entry_block(r)) else {
        return 0;
    };
    let mut s = Sched::default();
    let mut stack = vec![block_frame(ir, entry, 0, None)];
    while let Some(top) = stack.last_mut() {
        let fr = match top {
            Frame::Block(fr) => fr,
            Frame::IfEnd(..) => {
                let Some(Frame::IfEnd(op, sets)) = stack.pop() else {
                    continue;
                };
                s.if_end(ctx, ir, op);
                // Finished after the scf.if: what every branch finished.
                let finished = if sets.len() == ir.regions(op).len() {
                    let mut it = sets.into_iter();
                    let first = it.next().unwrap_or_default();
                    it.fold(first, |acc, b| acc.intersection(&b).copied().collect())
                } else {
                    FxHashSet::default()
                };
                if let Some(Frame::Block(parent)) = stack.last_mut() {
                    parent.done.extend(finished);
                }
                continue;
            }
        };
        let (Some(&op), Some(&term)) = (fr.ops.get(fr.pos), fr.ops.last()) else {
            stack.pop();
            continue;
        };
        fr.pos += 1;
        let n = ctx.str(ir.op(op).name);
        if n == ASYNC_DISPATCH.name || n == ASYNC_TRANSFER.name {
            fr.pending.push(op);
            continue;
        }
        if op == term {
            let Some(Frame::Block(mut fr)) = stack.pop() else {
                continue;
            };
            // The function's slabs go after all of its work.
            let mut deallocas = Vec::new();
            if fr.checkpoint.is_none() {
                let mut p = ir.prev_op(term);
                while let Some(d) = p.filter(|&d| ctx.str(ir.op(d).name) == slabs::DEALLOCA) {
                    deallocas.push(d);
                    p = ir.prev_op(d);
                }
                deallocas.reverse();
            }
            let before = deallocas.first().copied().unwrap_or(term);
            let work = std::mem::take(&mut fr.pending);
            let new = s.flush(ctx, ir, &work, before);
            fr.add(&s.groups, new);
            let last = fr.sinks(&s.groups);
            s.await_at(ctx, ir, term, &last, &deallocas);
            if let Some(cp) = fr.checkpoint {
                s.hz.rollback(cp);
            }
            // A branch tells its scf.if which older groups it finished.
            let start = fr.start;
            let mut finished = fr.outer;
            finished.extend(fr.done);
            finished.retain(|&g| g < start);
            if let Some(Frame::IfEnd(_, sets)) = stack
                .iter_mut()
                .rev()
                .find(|f| matches!(f, Frame::IfEnd(..)))
            {
                sets.push(finished);
            }
            continue;
        }
        // A host load waits for the resource it reads, as a call does.
        let call = n == xir_func::CALL.name || n == crate::ops::RESOURCE_LOAD.name;
        if call || !ir.regions(op).is_empty() {
            // The groups so far go before it: an scf.if's branches, a call,
            // a load and the terminator may read their results.
            let work = std::mem::take(&mut fr.pending);
            let new = s.flush(ctx, ir, &work, op);
            fr.add(&s.groups, new);
            if call {
                // What the host waited for has finished.
                let waited = s.await_at(ctx, ir, op, &[], &[]);
                fr.done.extend(waited);
                continue;
            }
            stack.push(Frame::IfEnd(op, Vec::new()));
            let cp = s.hz.checkpoint();
            let blocks: Vec<xir::Block> = ir
                .regions(op)
                .iter()
                .flat_map(|&r| ir.region_blocks(r).collect::<Vec<_>>())
                .collect();
            for &b in blocks.iter().rev() {
                stack.push(block_frame(ir, b, s.groups.len(), Some(cp)));
            }
        }
    }
    s.groups.len()
}

/// Schedules every function directly in `module`; returns the region count.
pub fn schedule(ctx: &mut Context, ir: &mut Ir, module: Op) -> usize {
    let funcs = xir::util::top::top_funcs(ctx, ir, module);
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
