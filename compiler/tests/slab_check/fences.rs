//! The hal half of slab_check: fences keep the order the stream level asked
//! for. Along each path through the `scf.if`s, when a submission
//! (`hal.device.queue.execute`) is issued, every earlier submission whose
//! commands touch bytes its commands touch (one of the two writing; a subspan
//! stands for its slab's bytes, an `scf.if` result for what the taken branch
//! yields; a result read later is such a touch too) has finished: the
//! submission's wait fence reaches it (through `hal.fence.join`s and the
//! waits of the submissions it names) or the host awaited it. A branch and a
//! function end with their submissions finished. The host blocks only right
//! before a call, a return or a yield (the data must be ready there).

use rustc_hash::{FxHashMap, FxHashSet};
use xir::ods::access::operand_group;
use xir::{Context, Ir, Op, Value, ValueDef};
use xir_hal::ops::QUEUE_EXECUTE;

use super::{command_touches, const_of, function_entries, name, paths, taken_on, Step, Touch};

/// What the fence check saw.
#[derive(Default, Debug)]
pub struct FenceStats {
    pub submissions: usize,
    /// Submissions waiting on a joined fence.
    pub joined_waits: usize,
    pub host_waits: usize,
    /// Pairs of submissions touching the same bytes (one writing).
    pub conflicts: usize,
}

/// Values followed through subspans and `scf.if` results before giving up.
const ROOT_LIMIT: usize = 256;

struct Fences<'a> {
    ctx: &'a Context,
    ir: &'a Ir,
    module: Op,
    /// The submission signaling each fence.
    signaled_by: FxHashMap<Value, Op>,
    closures: FxHashMap<Value, FxHashSet<Op>>,
    /// The branch each `scf.if` took on the current path.
    taken: FxHashMap<Op, usize>,
}

impl Fences<'_> {
    /// The submissions finished when fence `f` is reached.
    fn closure(&mut self, f: Value) -> FxHashSet<Op> {
        if let Some(c) = self.closures.get(&f) {
            return c.clone();
        }
        let (ctx, ir) = (self.ctx, self.ir);
        let mut out = FxHashSet::default();
        if let ValueDef::Result { op, .. } = ir.value(f).def {
            match name(ctx, ir, op) {
                "hal.fence.join" => {
                    for g in ir.operands(op).collect::<Vec<_>>() {
                        out.extend(self.closure(g));
                    }
                }
                "hal.fence.create" => {
                    if let Some(&sub) = self.signaled_by.get(&f) {
                        out.insert(sub);
                        for w in operand_group(ctx, ir, sub, &QUEUE_EXECUTE, "wait_fence") {
                            out.extend(self.closure(w));
                        }
                    }
                }
                _ => {}
            }
        }
        self.closures.insert(f, out.clone());
        out
    }

    /// The buffer a binding's bytes belong to and where they start in it:
    /// through subspans, and through `scf.if` results to what the taken
    /// branch yields.
    /// The root buffer of `v`, its start there and, for a subspan of a
    /// scaled slab, its end (in units, as its start).
    fn root(&self, mut v: Value) -> (Value, u64, Option<u64>) {
        let (ctx, ir) = (self.ctx, self.ir);
        let mut start = 0;
        for _ in 0..ROOT_LIMIT {
            let ValueDef::Result { op, index } = ir.value(v).def else {
                break;
            };
            if let Some((s, e)) = super::scaled_span(ctx, ir, op) {
                return (ir.operand(op, 0), s, Some(e));
            }
            match name(ctx, ir, op) {
                "hal.buffer.subspan" => {
                    start += const_of(ctx, ir, ir.operand(op, 1)).unwrap_or(0);
                    v = ir.operand(op, 0);
                }
                "scf.if" => {
                    let Some(&k) = self.taken.get(&op) else {
                        break;
                    };
                    let y = ir
                        .entry_block(ir.regions(op)[k])
                        .and_then(|b| ir.last_op(b))
                        .expect("branch yield");
                    v = ir.operand(y, index as usize);
                }
                _ => break,
            }
        }
        (v, start, None)
    }

    fn touches(&self, sub: Op) -> Vec<Touch> {
        let (ctx, ir) = (self.ctx, self.ir);
        let mut out = Vec::new();
        for cmd in operand_group(ctx, ir, sub, &QUEUE_EXECUTE, "command_buffers") {
            let users: Vec<Op> = ir.uses(cmd).map(|u| ir.use_data(u).owner).collect();
            for op in users {
                let bind = |buf: Value, off: Value, len: Value| {
                    let (root, s, end) = self.root(buf);
                    if let Some(e) = end {
                        return (root, s, e);
                    }
                    let s = s + const_of(ctx, ir, off).unwrap_or(0);
                    let e = const_of(ctx, ir, len).map_or(u64::MAX, |n| s + n);
                    (root, s, e)
                };
                out.extend(command_touches(ctx, ir, self.module, op, bind).unwrap_or_default());
            }
        }
        out
    }
}

fn conflict(a: &[Touch], b: &[Touch]) -> bool {
    a.iter().any(|&(r1, s1, e1, w1)| {
        b.iter()
            .any(|&(r2, s2, e2, w2)| r1 == r2 && (w1 || w2) && s1 < e2 && s2 < e1)
    })
}

/// The host op a host wait guards: the next op that is not a view of a
/// buffer being handed over.
fn guarded(ctx: &Context, ir: &Ir, wait: Op) -> Option<Op> {
    let mut next = ir.next_op(wait);
    while let Some(op) = next {
        match name(ctx, ir, op) {
            "hal.buffer_view.create" | "hal.buffer_view.buffer" | "hal.fence.await" => {
                next = ir.next_op(op)
            }
            _ => return Some(op),
        }
    }
    None
}

/// See the module comment; panics with `text` on a violation.
pub fn check_fences(ctx: &Context, ir: &Ir, module: Op, text: &str, stats: &mut FenceStats) {
    let show = || xir::printer::print_top_level(ctx, ir, module, &Default::default());
    let mut signaled_by = FxHashMap::default();
    for op in xir::walk::preorder(ir, module) {
        match name(ctx, ir, op) {
            "hal.device.queue.execute" => {
                stats.submissions += 1;
                for f in operand_group(ctx, ir, op, &QUEUE_EXECUTE, "signal_fence") {
                    assert!(
                        signaled_by.insert(f, op).is_none(),
                        "a fence signaled twice\n{}\n{text}",
                        show()
                    );
                }
                let wait = operand_group(ctx, ir, op, &QUEUE_EXECUTE, "wait_fence");
                if wait.iter().any(|&w| {
                    matches!(ir.value(w).def,
                        ValueDef::Result { op, .. } if name(ctx, ir, op) == "hal.fence.join")
                }) {
                    stats.joined_waits += 1;
                }
            }
            "hal.fence.await" => {
                stats.host_waits += 1;
                let g = guarded(ctx, ir, op).map(|g| name(ctx, ir, g));
                assert!(
                    matches!(g, Some("func.call" | "func.return" | "scf.yield")),
                    "the host waits before {g:?}, not a call, return or yield\n{}\n{text}",
                    show()
                );
            }
            _ => {}
        }
    }
    let mut s = Fences {
        ctx,
        ir,
        module,
        signaled_by,
        closures: FxHashMap::default(),
        taken: FxHashMap::default(),
    };
    for entry in function_entries(ctx, ir, module) {
        for path in paths(ctx, ir, entry, 64) {
            s.taken = taken_on(&path);
            let mut done: FxHashSet<Op> = FxHashSet::default();
            let mut issued: Vec<(Op, Vec<Touch>)> = Vec::new();
            let mut marks: Vec<usize> = Vec::new();
            for step in path {
                match step {
                    Step::Enter(..) => marks.push(issued.len()),
                    Step::Exit => {
                        let m = marks.pop().expect("balanced");
                        for (q, _) in &issued[m..] {
                            assert!(
                                done.contains(q),
                                "a branch ends with its submissions in flight\n{}\n{text}",
                                show()
                            );
                        }
                    }
                    Step::Op(op) => match name(ctx, ir, op) {
                        "hal.device.queue.execute" => {
                            let mut before = FxHashSet::default();
                            for w in operand_group(ctx, ir, op, &QUEUE_EXECUTE, "wait_fence") {
                                before.extend(s.closure(w));
                            }
                            let acc = s.touches(op);
                            for (q, qa) in &issued {
                                if !conflict(qa, &acc) {
                                    continue;
                                }
                                stats.conflicts += 1;
                                assert!(
                                    before.contains(q) || done.contains(q),
                                    "a submission touches bytes an unfinished one uses\n{}\nafter\n{}\n{}\n{text}",
                                    xir::printer::op_to_string(ctx, ir, op, &Default::default()),
                                    xir::printer::op_to_string(ctx, ir, *q, &Default::default()),
                                    show()
                                );
                            }
                            issued.push((op, acc));
                        }
                        "hal.fence.await" => {
                            for w in ir.operands(op).collect::<Vec<_>>() {
                                done.extend(s.closure(w));
                            }
                        }
                        "func.return" => {
                            for (q, _) in &issued {
                                assert!(
                                    done.contains(q),
                                    "a function returns with its submissions in flight\n{}\n{text}",
                                    show()
                                );
                            }
                        }
                        _ => {}
                    },
                }
            }
        }
    }
}
