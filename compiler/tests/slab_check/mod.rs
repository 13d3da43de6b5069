//! Checks of planned memory under asynchronous execution, for the flow →
//! stream → hal property test. Two buffers of one function's slab whose bytes
//! overlap must never be in use at the same time: at the stream level, for
//! each path through the `scf.if`s, when an execute region is issued, every
//! earlier region that touched overlapping bytes (one of the two writing) is
//! finished: the region awaits it (transitively, through timepoints and
//! joins) or the host has awaited it; the same region is left to barriers,
//! which the hal check covers (two commands of one command buffer touching
//! overlapping bytes of one buffer, one writing, have a barrier between).
//! And a block's work is finished when its terminator runs (a return or a
//! yield), so callers and the code after an `scf.if` may reuse the bytes.
//! fences.rs checks the same at the hal level, through fences and joins.

mod fences;
pub use fences::{check_fences, FenceStats};

use rustc_hash::{FxHashMap, FxHashSet};
use xir::ods::access::operand_group;
use xir::symbol::op_attr;
use xir::{Attr, AttrKind, Context, Ir, Op, Value, ValueDef};
use xir_stream::ops::ASYNC_EXECUTE;
use xir_stream::slabs;

/// Bytes of one function's slab of a pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Bytes {
    pool: Attr,
    start: u64,
    end: u64,
}

impl Bytes {
    fn overlaps(&self, o: &Bytes) -> bool {
        self.pool == o.pool && self.start < o.end && o.start < self.end
    }
}

/// A region's or command's accesses: bytes and whether written.
type Accesses = Vec<(Bytes, bool)>;

fn conflict(a: &Accesses, b: &Accesses) -> bool {
    a.iter()
        .any(|(x, wx)| b.iter().any(|(y, wy)| (*wx || *wy) && x.overlaps(y)))
}

fn name<'a>(ctx: &'a Context, ir: &Ir, op: Op) -> &'a str {
    ctx.str(ir.op(op).name)
}

fn const_of(ctx: &Context, ir: &Ir, v: Value) -> Option<u64> {
    slabs::const_index(ctx, ir, v)
}

struct Stream<'a> {
    ctx: &'a Context,
    ir: &'a Ir,
    ranges: FxHashMap<Value, Vec<Bytes>>,
    closures: FxHashMap<Value, FxHashSet<Op>>,
    /// The branch each `scf.if` took on the current path (all, when absent).
    taken: FxHashMap<Op, usize>,
}

impl Stream<'_> {
    /// The slab bytes a resource value stands for (several for an `scf.if`
    /// result: whatever a branch yields).
    fn ranges(&mut self, v: Value) -> Vec<Bytes> {
        if let Some(r) = self.ranges.get(&v) {
            return r.clone();
        }
        let (ctx, ir) = (self.ctx, self.ir);
        let out = match ir.value(v).def {
            ValueDef::Result { op, index } => {
                let i = index as usize;
                match name(ctx, ir, op) {
                    "stream.async.dispatch" | "stream.async.transfer" => {
                        slabs::planned_results(ctx, ir, op)
                            .into_iter()
                            .filter(|p| p.result == i)
                            .map(|p| Bytes {
                                pool: p.pool,
                                start: p.offset,
                                end: p.bytes.map_or(u64::MAX, |n| p.offset + n),
                            })
                            .collect()
                    }
                    "stream.async.execute" if i + 1 < ir.results(op).len() => {
                        let y = ir
                            .entry_block(ir.regions(op)[0])
                            .and_then(|b| ir.last_op(b))
                            .expect("execute body");
                        self.ranges(ir.operand(y, i))
                    }
                    "stream.timepoint.await" => self.ranges(ir.operand(op, i + 1)),
                    "scf.if" => {
                        let mut all = Vec::new();
                        let taken = self.taken.get(&op).copied();
                        for (k, &r) in ir.regions(op).iter().enumerate() {
                            if taken.is_some_and(|t| t != k) {
                                continue;
                            }
                            if let Some(y) = ir.entry_block(r).and_then(|b| ir.last_op(b)) {
                                if i < ir.num_operands(y) {
                                    all.extend(self.ranges(ir.operand(y, i)));
                                }
                            }
                        }
                        all
                    }
                    _ => Vec::new(),
                }
            }
            ValueDef::BlockArg { block, index } => match ir.block_parent_op(block) {
                Some(exe) if name(ctx, ir, exe) == "stream.async.execute" => {
                    let captured = operand_group(ctx, ir, exe, &ASYNC_EXECUTE, "resource_operands");
                    self.ranges(captured[index as usize])
                }
                _ => Vec::new(),
            },
            _ => Vec::new(),
        };
        self.ranges.insert(v, out.clone());
        out
    }

    /// The execute regions finished when timepoint `tp` is reached.
    fn closure(&mut self, tp: Value) -> FxHashSet<Op> {
        if let Some(c) = self.closures.get(&tp) {
            return c.clone();
        }
        let (ctx, ir) = (self.ctx, self.ir);
        let mut out = FxHashSet::default();
        if let ValueDef::Result { op, .. } = ir.value(tp).def {
            let waits: Vec<Value> = match name(ctx, ir, op) {
                "stream.async.execute" => {
                    out.insert(op);
                    operand_group(ctx, ir, op, &ASYNC_EXECUTE, "await_timepoints")
                }
                "stream.timepoint.join" => ir.operands(op).collect(),
                "stream.resource.dealloca" if ir.num_operands(op) == 3 => {
                    vec![ir.operand(op, 0)]
                }
                "stream.resource.alloca" if ir.num_operands(op) == 2 => vec![ir.operand(op, 0)],
                _ => Vec::new(),
            };
            for w in waits {
                out.extend(self.closure(w));
            }
        }
        self.closures.insert(tp, out.clone());
        out
    }

    fn accesses(&mut self, exe: Op) -> Accesses {
        let (ctx, ir) = (self.ctx, self.ir);
        let mut acc = Vec::new();
        for op in xir::walk::preorder(ir, exe).into_iter().skip(1) {
            let n = name(ctx, ir, op);
            if n != "stream.async.dispatch" && n != "stream.async.transfer" {
                continue;
            }
            for v in ir.operands(op).collect::<Vec<_>>() {
                for b in self.ranges(v) {
                    acc.push((b, false));
                }
            }
            for &r in ir.results(op) {
                for b in self.ranges(r) {
                    acc.push((b, true));
                }
            }
        }
        acc
    }
}

/// A step of the host program along one path.
#[derive(Clone, Copy)]
enum Step {
    Op(Op),
    /// The branch of an `scf.if` (its region index) starts.
    Enter(Op, usize),
    Exit,
}

/// Host programs of `block`, one per choice of branches (at most `cap`).
fn paths(ctx: &Context, ir: &Ir, block: xir::Block, cap: usize) -> Vec<Vec<Step>> {
    let mut out: Vec<Vec<Step>> = vec![Vec::new()];
    for op in ir.block_ops(block) {
        if name(ctx, ir, op) != "scf.if" {
            for s in &mut out {
                s.push(Step::Op(op));
            }
            continue;
        }
        let mut alts: Vec<Vec<Vec<Step>>> = Vec::new();
        for &r in ir.regions(op) {
            match ir.entry_block(r) {
                Some(b) => alts.push(paths(ctx, ir, b, cap)),
                None => alts.push(vec![Vec::new()]),
            }
        }
        let mut next = Vec::new();
        'all: for s in &out {
            for (k, alt) in alts.iter().enumerate() {
                for t in alt {
                    if next.len() >= cap {
                        break 'all;
                    }
                    let mut n = s.clone();
                    n.push(Step::Enter(op, k));
                    n.extend(t.iter().copied());
                    n.push(Step::Exit);
                    next.push(n);
                }
            }
        }
        out = next;
    }
    out
}

/// The entry blocks of `module`'s functions (those with a body).
fn function_entries(ctx: &Context, ir: &Ir, module: Op) -> Vec<xir::Block> {
    let body = ir.entry_block(ir.regions(module)[0]).expect("module body");
    ir.block_ops(body)
        .filter(|&f| name(ctx, ir, f) == "func.func")
        .filter_map(|f| ir.regions(f).first().and_then(|&r| ir.entry_block(r)))
        .collect()
}

/// The branch `path` takes at each `scf.if` it enters.
fn taken_on(path: &[Step]) -> FxHashMap<Op, usize> {
    path.iter()
        .filter_map(|step| match *step {
            Step::Enter(op, k) => Some((op, k)),
            _ => None,
        })
        .collect()
}

/// What the stream check saw.
#[derive(Default, Debug)]
pub struct StreamStats {
    /// Pairs of regions touching overlapping bytes, one writing.
    pub conflicts: usize,
    /// Of those, pairs where the later region reads no result of the earlier
    /// one (ordered through others, the host, or for reused memory).
    pub not_read: usize,
    pub paths: usize,
}

/// See the module comment; panics with `text` on a violation.
pub fn check_stream(ctx: &Context, ir: &Ir, module: Op, text: &str, stats: &mut StreamStats) {
    for entry in function_entries(ctx, ir, module) {
        let mut s = Stream {
            ctx,
            ir,
            ranges: FxHashMap::default(),
            closures: FxHashMap::default(),
            taken: FxHashMap::default(),
        };
        for path in paths(ctx, ir, entry, 64) {
            stats.paths += 1;
            // What a value stands for depends on the branches taken.
            s.ranges.clear();
            s.taken = taken_on(&path);
            let mut done: FxHashSet<Op> = FxHashSet::default();
            let mut issued: Vec<(Op, Accesses)> = Vec::new();
            let mut marks: Vec<usize> = Vec::new();
            for step in path {
                match step {
                    Step::Enter(..) => marks.push(issued.len()),
                    Step::Exit => {
                        let m = marks.pop().expect("balanced");
                        for (q, _) in &issued[m..] {
                            assert!(
                                done.contains(q),
                                "a branch ends with its work in flight\n{text}"
                            );
                        }
                    }
                    Step::Op(op) => match name(ctx, ir, op) {
                        "stream.async.execute" => {
                            let mut before = FxHashSet::default();
                            for t in operand_group(ctx, ir, op, &ASYNC_EXECUTE, "await_timepoints")
                            {
                                before.extend(s.closure(t));
                            }
                            let read: FxHashSet<Op> = ir
                                .operands(op)
                                .filter_map(|v| match ir.value(v).def {
                                    ValueDef::Result { op, .. } => Some(op),
                                    _ => None,
                                })
                                .collect();
                            let acc = s.accesses(op);
                            for (q, qa) in &issued {
                                if !conflict(qa, &acc) {
                                    continue;
                                }
                                stats.conflicts += 1;
                                if !read.contains(q) {
                                    stats.not_read += 1;
                                }
                                if !(before.contains(q) || done.contains(q)) {
                                    let ir_text = xir::printer::print_top_level(
                                        ctx,
                                        ir,
                                        module,
                                        &Default::default(),
                                    );
                                    let show = |o: Op| {
                                        xir::printer::op_to_string(ctx, ir, o, &Default::default())
                                    };
                                    panic!(
                                        "a region touches bytes an unfinished region uses\n{}\nafter\n{}\n{ir_text}\n{text}",
                                        show(op),
                                        show(*q)
                                    );
                                }
                            }
                            issued.push((op, acc));
                        }
                        "stream.timepoint.await" => {
                            let c = s.closure(ir.operand(op, 0));
                            done.extend(c);
                        }
                        "func.return" => {
                            for (q, _) in &issued {
                                assert!(
                                    done.contains(q),
                                    "a function returns with its work in flight\n{text}"
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

/// Whether two execute regions touch overlapping slab bytes (one writing).
pub fn regions_conflict(ctx: &Context, ir: &Ir, a: Op, b: Op) -> bool {
    let mut s = Stream {
        ctx,
        ir,
        ranges: FxHashMap::default(),
        closures: FxHashMap::default(),
        taken: FxHashMap::default(),
    };
    let (x, y) = (s.accesses(a), s.accesses(b));
    conflict(&x, &y)
}

/// The number of results of the kernel a dispatch's entry point names.
fn kernel_results(ctx: &Context, ir: &Ir, module: Op, entry: Attr) -> usize {
    let AttrKind::SymbolRef { root, .. } = ctx.attr_kind(entry) else {
        return 0;
    };
    let exe = xir::symbol::lookup_symbol_in(ctx, ir, module, ctx.bytes(*root)).expect("exe");
    for op in xir::walk::preorder(ir, exe) {
        if name(ctx, ir, op) != "func.func" {
            continue;
        }
        if let Some(AttrKind::Type(t)) =
            op_attr(ctx, ir, op, "function_type").map(|a| ctx.attr_kind(a))
        {
            if let xir::types::TypeKind::Function { results, .. } = ctx.type_kind(*t) {
                return results.len();
            }
        }
    }
    0
}

/// A command's access: root buffer, bytes, written.
type Touch = (Value, u64, u64, bool);

/// The bytes a binding touches: of the slab for a subspan, else all of it.
fn binding(ctx: &Context, ir: &Ir, buf: Value, off: Value, len: Value) -> (Value, u64, u64) {
    let (boff, blen) = (const_of(ctx, ir, off).unwrap_or(0), const_of(ctx, ir, len));
    if let ValueDef::Result { op, .. } = ir.value(buf).def {
        if let Some((s, e)) = scaled_span(ctx, ir, op) {
            return (ir.operand(op, 0), s, e);
        }
        if name(ctx, ir, op) == "hal.buffer.subspan" {
            let s = const_of(ctx, ir, ir.operand(op, 1)).unwrap_or(0) + boff;
            let e = blen.map_or(u64::MAX, |n| s + n);
            return (ir.operand(op, 0), s, e);
        }
    }
    (buf, 0, u64::MAX)
}

/// The units a subspan of a scaled slab covers (`memory.units = array<i64:
/// offset, size>`): its offset and size are known only at run time, in
/// bytes, but the plan's units order its commands.
pub fn scaled_span(ctx: &Context, ir: &Ir, op: Op) -> Option<(u64, u64)> {
    if name(ctx, ir, op) != "hal.buffer.subspan" {
        return None;
    }
    match ctx.attr_kind(ctx.dict_get(ir.op(op).attrs, slabs::UNITS)?) {
        AttrKind::DenseArray { values, .. } if values.len() == 2 => {
            Some((values[0], values[0] + values[1]))
        }
        _ => None,
    }
}

/// What a copy or a dispatch touches, its bindings' bytes by `bind`
/// (buffer, offset, length → root, start, end); none for other ops.
fn command_touches(
    ctx: &Context,
    ir: &Ir,
    module: Op,
    op: Op,
    bind: impl Fn(Value, Value, Value) -> (Value, u64, u64),
) -> Option<Vec<Touch>> {
    match name(ctx, ir, op) {
        "hal.command_buffer.copy_buffer" => {
            let o: Vec<Value> = ir.operands(op).collect();
            let (sr, ss, se) = bind(o[1], o[2], o[5]);
            let (dr, ds, de) = bind(o[3], o[4], o[5]);
            Some(vec![(sr, ss, se, false), (dr, ds, de, true)])
        }
        "hal.command_buffer.dispatch" => {
            let spec = &xir_hal::ops::CMD_DISPATCH;
            let bufs = operand_group(ctx, ir, op, spec, "binding_buffers");
            let offs = operand_group(ctx, ir, op, spec, "binding_offsets");
            let lens = operand_group(ctx, ir, op, spec, "binding_lengths");
            let entry = op_attr(ctx, ir, op, "entry_point").expect("entry");
            let nres = kernel_results(ctx, ir, module, entry);
            Some(
                (0..bufs.len())
                    .map(|i| {
                        let (r, s, e) = bind(bufs[i], offs[i], lens[i]);
                        (r, s, e, i + nres >= bufs.len())
                    })
                    .collect(),
            )
        }
        _ => None,
    }
}

/// Checks barriers in every command buffer; returns how many pairs of
/// commands conflict (each separated by a barrier).
pub fn check_hal(ctx: &Context, ir: &Ir, module: Op, text: &str) -> usize {
    let mut pairs = 0;
    for create in xir::walk::preorder(ir, module) {
        if name(ctx, ir, create) != "hal.command_buffer.create" {
            continue;
        }
        let cmd = ir.result(create, 0);
        // Per command: the barriers before it, its accesses.
        let mut cmds: Vec<(usize, Vec<Touch>)> = Vec::new();
        let mut seg = 0;
        let mut next = ir.next_op(create);
        while let Some(op) = next {
            next = ir.next_op(op);
            if ir.num_operands(op) == 0 || ir.operand(op, 0) != cmd {
                continue;
            }
            match name(ctx, ir, op) {
                "hal.command_buffer.execution_barrier" => seg += 1,
                "hal.command_buffer.finalize" => break,
                _ => {
                    let bind = |b, o, l| binding(ctx, ir, b, o, l);
                    if let Some(acc) = command_touches(ctx, ir, module, op, bind) {
                        cmds.push((seg, acc));
                    }
                }
            }
        }
        for j in 0..cmds.len() {
            for i in 0..j {
                let hit = cmds[i].1.iter().any(|&(r1, s1, e1, w1)| {
                    cmds[j]
                        .1
                        .iter()
                        .any(|&(r2, s2, e2, w2)| r1 == r2 && (w1 || w2) && s1 < e2 && s2 < e1)
                });
                if hit {
                    pairs += 1;
                    assert!(
                        cmds[i].0 < cmds[j].0,
                        "two commands touch the same bytes without a barrier between\n{text}"
                    );
                }
            }
        }
    }
    pairs
}
