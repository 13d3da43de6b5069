//! `convert-stream-to-hal`: devices, executables (executables.rs) and execution.
//! Each `stream.async.execute` becomes: the buffers its commands produce
//! (subspans of the function's slabs for planned results, allocations
//! otherwise), a command buffer (a dispatch per async dispatch, its `index`
//! operands, e.g. the kernel's dynamic dims, as the dispatch's `constants`
//! in order, its workgroup counts from its first result's shape (grid.rs);
//! a copy per transfer, a barrier before a command touching bytes
//! an earlier one touched, one of them writing: barriers.rs), a fence, and a
//! queue submission on its device that waits on the fences of the regions it
//! awaited (joined by `hal.fence.join` when several, as
//! `stream.timepoint.join` is). The host blocks (`hal.fence.await`) only
//! where the stream program awaits (`stream.timepoint.await`).

use crate::types::hal_type;
use rustc_hash::{FxHashMap, FxHashSet};
use xir::ods::access::{operand_ranges, segment_attr};
use xir::op_attrs::set_property;
use xir::pass::{Pass, PassContext};
use xir::store::ValueDef;
use xir::symbol::op_attr;
use xir::types::TypeKind;
use xir::{Attr, AttrKind, Context, DiagEngine, Diagnostic, Ident, Ir, Op, Type, Value};
use xir_scf::ops::{IF_NAME, YIELD_NAME};
use xir_stream::ops::{
    ASYNC_DISPATCH, ASYNC_EXECUTE, ASYNC_TRANSFER, RESOURCE_ALLOCA, RESOURCE_DEALLOCA,
    RESOURCE_LOAD, TENSOR_SIZEOF, TIMEPOINT_AWAIT, TIMEPOINT_JOIN, YIELD as STREAM_YIELD,
};

const SIZEOF: &str = TENSOR_SIZEOF.name;
use xir_stream::types::{is_resource, is_timepoint};

use super::barriers::{Access, Touched};
use super::executables::{
    convert_executables, err, globals, op_device, resolve_device, targets, Variants,
};
use super::grid::{kernels, Kernels};
use xir::util::build::{index_const, int_of, op_state};
use xir_stream::abi;
use xir_stream::slabs;

/// A resource as a buffer.
#[derive(Clone, Copy)]
pub(super) struct Buf {
    pub(super) buffer: Value,
}

pub(super) struct Conv<'a> {
    pub(super) ctx: &'a mut Context,
    pub(super) ir: &'a mut Ir,
    globals: &'a FxHashMap<Ident, Attr>,
    variants: &'a Variants,
    pub(super) kernels: &'a Kernels,
    /// Where device values and constants go (the first op of the body).
    pub(super) top: Op,
    consts: FxHashMap<i64, Value>,
    devices: FxHashMap<Ident, Value>,
    pub(super) bufs: FxHashMap<Value, Buf>,
    /// The tensor type of each view received (arguments, call results).
    pub(super) view_types: FxHashMap<Value, Type>,
    /// The fences of each timepoint (several until a submission joins them).
    fences: FxHashMap<Value, Vec<Value>>,
    /// The operands of each `hal.fence.join` made.
    joins: FxHashMap<Value, Vec<Value>>,
    /// The slab of each pool (memory.pool of its alloca), and each
    /// subspan of a slab: (slab, offset, length when constant; in units for
    /// a scaled slab).
    slabs: FxHashMap<Attr, Value>,
    spans: FxHashMap<Value, (Value, u64, Option<u64>)>,
    /// Each scaled pool (memory-plan's scaled.rs), whose offsets count
    /// units: its slab's allocation, size and units, then (once a nonzero
    /// offset needs it) the bytes of one unit.
    units: FxHashMap<Attr, (Op, Value, i64, Option<Value>)>,
}

/// The command buffer being recorded for one `stream.async.execute`.
struct Recording {
    exec: Op,
    dev_id: Ident,
    dev: Value,
    cmd: Value,
    /// Where result buffers go: before the command buffer's creation.
    cmd_op: Op,
    c0: Value,
    /// Bytes read and written since the last barrier.
    touched: Touched,
}

impl Conv<'_> {
    pub(super) fn constant(&mut self, n: i64, loc: Attr) -> Value {
        if let Some(&v) = self.consts.get(&n) {
            return v;
        }
        let v = index_const(self.ctx, self.ir, self.top, n, loc);
        self.consts.insert(n, v);
        v
    }

    /// The `!hal.device` of the device an op's affinity names; a fallback
    /// reuses the value of the device it falls back to.
    fn device(&mut self, op: Op) -> Result<(Ident, Value), Diagnostic> {
        let loc = self.ir.op(op).loc;
        let dev = op_device(self.ctx, self.ir, op)
            .ok_or_else(|| err(loc, "op without a #device.affinity"))?;
        let (dev, _) = resolve_device(self.ctx, self.globals, dev, loc)?;
        if let Some(&v) = self.devices.get(&dev) {
            return Ok((dev, v));
        }
        // The global by name: two globals may hold the same target and still
        // be two devices at run time.
        let name = self.ctx.str(dev).to_string();
        let attr = xir_device::attrs::affinity(self.ctx, &name, None, None);
        let mut st = op_state(self.ctx, "hal.device.resolve", vec![("device", attr)], loc);
        st.result_types = vec![hal_type(self.ctx, "device")];
        let new = self.ir.create_op(st);
        self.ir.insert_op_before(self.top, new);
        let v = self.ir.result(new, 0);
        self.devices.insert(dev, v);
        Ok((dev, v))
    }

    pub(super) fn emit(
        &mut self,
        before: Op,
        name: &str,
        props: Vec<(&str, Attr)>,
        operands: Vec<Value>,
        result: Option<&str>,
        loc: Attr,
    ) -> Option<Value> {
        let mut st = op_state(self.ctx, name, props, loc);
        st.operands = operands;
        if let Some(t) = result {
            st.result_types = vec![hal_type(self.ctx, t)];
        }
        let op = self.ir.create_op(st);
        self.ir.insert_op_before(before, op);
        result.map(|_| self.ir.result(op, 0))
    }

    pub(super) fn buf(&self, v: Value, user: Op) -> Result<Buf, Diagnostic> {
        self.bufs.get(&v).copied().ok_or_else(|| {
            err(
                self.ir.op(user).loc,
                format!(
                    "resource operand of '{}' has no buffer",
                    self.ctx.str(self.ir.op(user).name)
                ),
            )
        })
    }

    /// The buffer of result `j` of async op `op`: its bytes of the slab when
    /// planned (a subspan), else an allocation of its own; placed before
    /// `before` (the command buffer's creation).
    fn result_buffer(
        &mut self,
        op: Op,
        j: usize,
        dev: Value,
        size: Value,
        before: Op,
    ) -> Result<Value, Diagnostic> {
        let loc = self.ir.op(op).loc;
        let Some((pool, offset)) = slabs::result_plan(self.ctx, self.ir, op, j) else {
            return Ok(self
                .emit(
                    before,
                    "hal.allocator.allocate",
                    vec![],
                    vec![dev, size],
                    Some("buffer"),
                    loc,
                )
                .unwrap_or(dev));
        };
        let Some(&slab) = self.slabs.get(&pool) else {
            return Err(err(
                loc,
                format!(
                    "result #{j} is planned in pool {} but the function has no slab for it",
                    xir::printer::attr_to_string(self.ctx, pool)
                ),
            ));
        };
        let off = i64::try_from(offset)
            .map_err(|_| err(loc, "a planned offset beyond the index range"))?;
        let mut off_v = self.constant(off, loc);
        let scaled = self.units.contains_key(&pool);
        if let Some(u) = (scaled && offset > 0)
            .then(|| self.unit(pool, loc))
            .flatten()
        {
            // Units of a scaled pool.
            let m = self.index_bin("arith.muli", off_v, u, loc);
            self.ir.insert_op_before(before, m);
            off_v = self.ir.result(m, 0);
        }
        let b = self
            .emit(
                before,
                "hal.buffer.subspan",
                vec![],
                vec![slab, off_v, size],
                Some("buffer"),
                loc,
            )
            .unwrap_or(dev);
        // A scaled slab's spans count units, as the plan does; the subspan
        // says which (`memory.units = array<i64: offset, size>`), for
        // whoever checks the order of its commands.
        let len = if scaled {
            let units = slabs::result_units(self.ctx, self.ir, op, j);
            if let (Some(n), Some(s)) = (units, defining_op(self.ir, b)) {
                let i64t = self.ctx.integer_type(64, xir::types::Signedness::Signless);
                let span = self.ctx.intern_attr(AttrKind::DenseArray {
                    element: i64t,
                    values: vec![offset, n],
                });
                let attrs = self
                    .ctx
                    .dict_set(self.ir.op(s).attrs, slabs::UNITS, Some(span));
                self.ir.op_mut(s).attrs = attrs;
            }
            units
        } else {
            slabs::const_index(self.ctx, self.ir, size)
        };
        self.spans.insert(b, (slab, offset, len));
        Ok(b)
    }

    /// The bytes a command touches through buffer `b`: its range of the
    /// slab for a subspan, else all of `b`.
    fn access(&self, b: Value, write: bool) -> Access {
        match self.spans.get(&b) {
            Some(&(root, start, len)) => Access {
                root,
                start,
                end: len.and_then(|n| start.checked_add(n)).unwrap_or(u64::MAX),
                write,
            },
            None => Access {
                root: b,
                start: 0,
                end: u64::MAX,
                write,
            },
        }
    }

    /// Records a command's `accesses`, with an execution barrier before it
    /// (placed before `exec`) when they conflict with those since the last one.
    fn barrier(
        &mut self,
        touched: &mut Touched,
        accesses: &[Access],
        exec: Op,
        cmd: Value,
        loc: Attr,
    ) {
        if touched.conflicts(accesses) {
            self.emit(
                exec,
                "hal.command_buffer.execution_barrier",
                vec![],
                vec![cmd],
                None,
                loc,
            );
            touched.clear();
        }
        touched.add(accesses);
    }

    fn execute(&mut self, exec: Op) -> Result<(), Diagnostic> {
        let loc = self.ir.op(exec).loc;
        let (dev_id, dev) = self.device(exec)?;
        let ranges = operand_ranges(self.ctx, self.ir, exec, &ASYNC_EXECUTE);
        let ops: Vec<Value> = self.ir.operands(exec).collect();
        let mut wait = Vec::new();
        for &t in &ops[ranges[0].clone()] {
            wait.extend(self.fences.get(&t).cloned().unwrap_or_default());
        }
        let wait = unique(wait);
        let body = self.ir.regions(exec)[0];
        let block = self
            .ir
            .entry_block(body)
            .ok_or_else(|| err(loc, "execute region without a body"))?;
        let args: Vec<Value> = self.ir.block_args(block).to_vec();
        for (i, &a) in args.iter().enumerate() {
            let b = self.buf(ops[ranges[1].start + i], exec)?;
            self.bufs.insert(a, b);
        }
        let cmd = self
            .emit(
                exec,
                "hal.command_buffer.create",
                vec![],
                vec![dev],
                Some("command_buffer"),
                loc,
            )
            .unwrap_or(dev);
        let mut rec = Recording {
            exec,
            dev_id,
            dev,
            cmd,
            cmd_op: defining_op(self.ir, cmd).unwrap_or(exec),
            c0: self.constant(0, loc),
            touched: Touched::default(),
        };
        let inner: Vec<Op> = self.ir.block_ops(block).collect();
        for op in inner {
            let name = self.ctx.str(self.ir.op(op).name).to_string();
            match name.as_str() {
                n if n == ASYNC_DISPATCH.name => self.record_dispatch(&mut rec, op)?,
                n if n == ASYNC_TRANSFER.name => self.record_transfer(&mut rec, op)?,
                n if n == STREAM_YIELD.name => {
                    let n = self.ir.results(exec).len() - 1;
                    for i in 0..n {
                        let b = self.buf(self.ir.operand(op, i), op)?;
                        let res = self.ir.result(exec, i);
                        self.bufs.insert(res, b);
                    }
                }
                _ => {
                    let oloc = self.ir.op(op).loc;
                    return Err(err(oloc, format!("'{name}' cannot be converted to hal")));
                }
            }
        }
        self.submit(&rec, wait, loc);
        Ok(())
    }

    /// A `hal.command_buffer.dispatch` for `stream.async.dispatch` `op`:
    /// its non-resource operands as constants, then the buffers it reads
    /// and those of its results.
    fn record_dispatch(&mut self, rec: &mut Recording, op: Op) -> Result<(), Diagnostic> {
        let oloc = self.ir.op(op).loc;
        let r = operand_ranges(self.ctx, self.ir, op, &ASYNC_DISPATCH);
        let o: Vec<Value> = self.ir.operands(op).collect();
        let (mut consts, mut bb, mut bo, mut bl) = (vec![], vec![], vec![], vec![]);
        let mut k = 0;
        for &a in &o[r[0].clone()] {
            if is_resource(self.ctx, self.ir.value_type(a)) {
                let b = self.buf(a, op)?;
                bb.push(b.buffer);
                bo.push(o[r[2].start + k]);
                bl.push(o[r[4].start + k]);
                k += 1;
            } else {
                consts.push(a);
            }
        }
        for (j, &res) in self.ir.results(op).to_vec().iter().enumerate() {
            let size = o[r[5].start + j];
            let b = self.result_buffer(op, j, rec.dev, size, rec.cmd_op)?;
            self.bufs.insert(res, Buf { buffer: b });
            bb.push(b);
            bo.push(rec.c0);
            bl.push(size);
        }
        let nres = self.ir.results(op).len();
        let accesses: Vec<Access> = bb
            .iter()
            .enumerate()
            .map(|(i, &b)| self.access(b, i >= bb.len() - nres))
            .collect();
        self.barrier(&mut rec.touched, &accesses, rec.exec, rec.cmd, oloc);
        let grid = self.workgroups(op, &consts, rec.exec)?;
        let entry = self.entry_point(op, rec.dev_id)?;
        let segs = segment_attr(
            self.ctx,
            &[1, 3, consts.len(), bb.len(), bo.len(), bl.len()],
        );
        let mut operands = vec![rec.cmd];
        operands.extend(grid);
        operands.extend(consts);
        operands.extend(bb);
        operands.extend(bo);
        operands.extend(bl);
        self.emit(
            rec.exec,
            "hal.command_buffer.dispatch",
            vec![("entry_point", entry), ("operandSegmentSizes", segs)],
            operands,
            None,
            oloc,
        );
        Ok(())
    }

    /// A `hal.command_buffer.copy_buffer` for `stream.async.transfer` `op`
    /// into its result's buffer.
    fn record_transfer(&mut self, rec: &mut Recording, op: Op) -> Result<(), Diagnostic> {
        let oloc = self.ir.op(op).loc;
        let src = self.buf(self.ir.operand(op, 0), op)?;
        let size = self.ir.operand(op, 2);
        let dst = self.result_buffer(op, 0, rec.dev, size, rec.cmd_op)?;
        let accesses = [self.access(src.buffer, false), self.access(dst, true)];
        self.barrier(&mut rec.touched, &accesses, rec.exec, rec.cmd, oloc);
        let len = self.ir.operand(op, 1);
        let c0 = rec.c0;
        self.emit(
            rec.exec,
            "hal.command_buffer.copy_buffer",
            vec![],
            vec![rec.cmd, src.buffer, c0, dst, c0, len],
            None,
            oloc,
        );
        let res = self.ir.result(op, 0);
        self.bufs.insert(res, Buf { buffer: dst });
        Ok(())
    }

    /// Finalizes the recorded command buffer and submits it on its device,
    /// after the fences in `wait`; the execute's timepoint becomes the new
    /// fence.
    fn submit(&mut self, rec: &Recording, wait: Vec<Value>, loc: Attr) {
        let (exec, dev, cmd) = (rec.exec, rec.dev, rec.cmd);
        self.emit(
            exec,
            "hal.command_buffer.finalize",
            vec![],
            vec![cmd],
            None,
            loc,
        );
        let fence = self
            .emit(
                exec,
                "hal.fence.create",
                vec![],
                vec![dev],
                Some("fence"),
                loc,
            )
            .unwrap_or(dev);
        // A submission waits on one fence: several are joined (the host
        // never blocks for a submission).
        let wait = self.joined(wait, exec, loc);
        let segs = segment_attr(self.ctx, &[1, usize::from(wait.is_some()), 1, 1]);
        let mut operands = vec![dev];
        operands.extend(wait);
        operands.extend([fence, cmd]);
        self.emit(
            exec,
            "hal.device.queue.execute",
            vec![("operandSegmentSizes", segs)],
            operands,
            None,
            loc,
        );
        let n = self.ir.results(exec).len();
        let tp = self.ir.result(exec, n - 1);
        self.fences.insert(tp, vec![fence]);
    }

    /// `fences` (distinct) less those a join among them already waits for.
    fn prune(&self, fences: Vec<Value>) -> Vec<Value> {
        let covered: FxHashSet<Value> = fences
            .iter()
            .filter_map(|f| self.joins.get(f))
            .flatten()
            .copied()
            .collect();
        if covered.is_empty() {
            return fences;
        }
        fences
            .into_iter()
            .filter(|f| !covered.contains(f))
            .collect()
    }

    /// One fence for `fences` (distinct): none for none, the fence itself
    /// for one, else a `hal.fence.join` of them placed before `before`.
    fn joined(&mut self, fences: Vec<Value>, before: Op, loc: Attr) -> Option<Value> {
        let fences = self.prune(fences);
        match fences.as_slice() {
            [] => None,
            [f] => Some(*f),
            _ => {
                let j = self.emit(
                    before,
                    "hal.fence.join",
                    vec![],
                    fences.clone(),
                    Some("fence"),
                    loc,
                );
                if let Some(j) = j {
                    self.joins.insert(j, fences);
                }
                j
            }
        }
    }

    /// The dispatch's entry point: `@exe::@variant::@export` when the device
    /// has one target (known statically), else `@exe::@export` (the export of
    /// the variant matching the command buffer's device at run time), after
    /// checking that every candidate target has a variant.
    fn entry_point(&mut self, op: Op, dev: Ident) -> Result<Attr, Diagnostic> {
        let loc = self.ir.op(op).loc;
        let entry = op_attr(self.ctx, self.ir, op, "entry_point")
            .ok_or_else(|| err(loc, "dispatch without entry point"))?;
        let AttrKind::SymbolRef { root, nested } = self.ctx.attr_kind(entry).clone() else {
            return Err(err(loc, "dispatch entry point is not a symbol reference"));
        };
        let want = self
            .globals
            .get(&dev)
            .map(|&a| targets(self.ctx, a))
            .unwrap_or_default();
        let vars = self.variants.get(&root).map(Vec::as_slice).unwrap_or(&[]);
        let variant_of = |t: &Attr| vars.iter().find(|(v, _)| v == t).map(|&(_, n)| n);
        for t in &want {
            if variant_of(t).is_none() {
                return Err(err(
                    loc,
                    format!(
                        "no variant of @{} for target {} of the dispatch's device",
                        self.ctx.str(root),
                        xir::printer::attr_to_string(self.ctx, *t)
                    ),
                ));
            }
        }
        let path = match want.as_slice() {
            [] => return Err(err(loc, "no executable variant for the dispatch's device")),
            [t] => {
                let mut path: Vec<Ident> = variant_of(t).into_iter().collect();
                path.extend(nested);
                path
            }
            _ => nested,
        };
        Ok(self
            .ctx
            .intern_attr(AttrKind::SymbolRef { root, nested: path }))
    }

    /// `stream.resource.alloca`: an allocation, ready at once (the
    /// allocator is synchronous: its timepoint has no fence). A slab (tagged
    /// `memory.pool`) is where that pool's planned results get subspans.
    fn alloca(&mut self, op: Op) -> Result<(), Diagnostic> {
        let loc = self.ir.op(op).loc;
        let (_, dev) = self.device(op)?;
        let r = operand_ranges(self.ctx, self.ir, op, &RESOURCE_ALLOCA);
        let size = self.ir.operand(op, r[1].start);
        let b = self
            .emit(
                op,
                "hal.allocator.allocate",
                vec![],
                vec![dev, size],
                Some("buffer"),
                loc,
            )
            .unwrap_or(dev);
        let res = self.ir.result(op, 0);
        self.bufs.insert(res, Buf { buffer: b });
        // Awaiting an allocation waits for what the alloca awaited.
        let mut fs = Vec::new();
        for i in r[0].clone() {
            let t = self.ir.operand(op, i);
            fs.extend(self.fences.get(&t).cloned().unwrap_or_default());
        }
        let tp = self.ir.result(op, 1);
        self.fences.insert(tp, fs);
        if let Some(pool) = self.ctx.dict_get(self.ir.op(op).attrs, slabs::POOL) {
            self.slabs.insert(pool, b);
            self.scaled_slab(op, pool, b, size)?;
        }
        Ok(())
    }

    /// Notes the slab `b` (of `size` bytes) of a scaled pool: `units` units
    /// of a size known at run time (`memory.pools` of the function).
    fn scaled_slab(&mut self, op: Op, pool: Attr, b: Value, size: Value) -> Result<(), Diagnostic> {
        let loc = self.ir.op(op).loc;
        let name = match self.ctx.attr_kind(pool) {
            AttrKind::String { value, .. } => String::from_utf8_lossy(value).into_owned(),
            _ => return Ok(()),
        };
        if !slabs::is_scaled(&name) {
            return Ok(());
        }
        let f = self.ir.parent_op(op);
        let units = f
            .and_then(|f| {
                slabs::pool_sizes(self.ctx, self.ir, f)
                    .into_iter()
                    .find(|(n, _)| *n == name)
            })
            .map(|(_, n)| n)
            .ok_or_else(|| err(loc, format!("the scaled pool '{name}' has no size")))?;
        let alloc = defining_op(self.ir, b).unwrap_or(op);
        self.units.insert(pool, (alloc, size, units, None));
        Ok(())
    }

    /// A binary `index` op `name` of `a` and `b`, not yet placed.
    fn index_bin(&mut self, name: &str, a: Value, b: Value, loc: Attr) -> Op {
        let mut st = op_state(self.ctx, name, Vec::new(), loc);
        st.operands = vec![a, b];
        st.result_types = vec![self.ctx.index_type()];
        self.ir.create_op(st)
    }

    /// The bytes of one unit of scaled pool `pool`: its slab's size over its
    /// units, computed (right after the allocation) the first time.
    fn unit(&mut self, pool: Attr, loc: Attr) -> Option<Value> {
        let (alloc, size, units, unit) = *self.units.get(&pool)?;
        // A pool of no units (results of no bytes) has offsets of 0 only.
        if unit.is_some() || units <= 0 {
            return unit;
        }
        let n = self.constant(units, loc);
        let d = self.index_bin("arith.divui", size, n, loc);
        self.ir.insert_op_after(alloc, d);
        let u = self.ir.result(d, 0);
        self.units.insert(pool, (alloc, size, units, Some(u)));
        Some(u)
    }

    fn await_op(&mut self, op: Op) -> Result<(), Diagnostic> {
        let loc = self.ir.op(op).loc;
        let r = operand_ranges(self.ctx, self.ir, op, &TIMEPOINT_AWAIT);
        let o: Vec<Value> = self.ir.operands(op).collect();
        let mut fences = Vec::new();
        for &t in &o[r[0].clone()] {
            fences.extend(self.fences.get(&t).cloned().unwrap_or_default());
        }
        let fences = self.prune(unique(fences));
        if !fences.is_empty() {
            self.emit(op, "hal.fence.await", vec![], fences, None, loc);
        }
        for (i, &res) in self.ir.results(op).to_vec().iter().enumerate() {
            let b = self.buf(o[r[1].start + i], op)?;
            self.bufs.insert(res, Buf { buffer: b.buffer });
        }
        Ok(())
    }
}

/// The name of function `f`, for messages.
fn func_name(ctx: &Context, ir: &Ir, f: Op) -> String {
    xir::symbol::symbol_name(ctx, ir, f)
        .map(|n| String::from_utf8_lossy(n).into_owned())
        .unwrap_or_default()
}

/// The inputs and results of `f`'s `function_type`.
fn signature(ctx: &Context, ir: &Ir, f: Op) -> (Vec<Type>, Vec<Type>) {
    match op_attr(ctx, ir, f, "function_type").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Type(t)) => match ctx.type_kind(*t) {
            TypeKind::Function { inputs, results } => (inputs.clone(), results.clone()),
            _ => Default::default(),
        },
        _ => Default::default(),
    }
}

/// Arguments or results of a function at the stream level: their types,
/// attribute dictionaries and ABI groups (abi.rs).
struct Side {
    types: Vec<Type>,
    attrs: Vec<Attr>,
    groups: Vec<abi::Group>,
}

impl Side {
    /// The hal types: a view per tensor, other types as they are.
    fn hal_types(&self, ctx: &mut Context) -> Vec<Type> {
        let view = hal_type(ctx, "buffer_view");
        self.groups
            .iter()
            .map(|g| g.tensor.map_or(self.types[g.start], |_| view))
            .collect()
    }

    /// The hal attributes: one dictionary per group, without `stream.tensor`.
    fn hal_attrs(&self, ctx: &mut Context) -> Attr {
        signature_attrs(ctx, &self.attrs, &self.groups)
    }
}

/// The arguments and results of `f` (see [`Side`]).
fn signature_sides(ctx: &Context, ir: &Ir, f: Op) -> Result<(Side, Side), Diagnostic> {
    let loc = ir.op(f).loc;
    let name = func_name(ctx, ir, f);
    let (inputs, results) = signature(ctx, ir, f);
    let side = |what: &str, key: &str, types: Vec<Type>| {
        let attrs = abi::dicts_of(ctx, ir, f, key);
        let groups = abi::groups(ctx, &types, &attrs)
            .map_err(|m| err(loc, format!("@{name}: {what} {m}")))?;
        Ok(Side {
            types,
            attrs,
            groups,
        })
    };
    Ok((
        side("argument", "arg_attrs", inputs)?,
        side("result", "res_attrs", results)?,
    ))
}

/// Sets `f`'s signature at the hal level: `inputs`/`results` and the
/// attributes of each value of the original signature.
fn set_signature(
    ctx: &mut Context,
    ir: &mut Ir,
    f: Op,
    (inputs, arg_attrs): (Vec<Type>, Attr),
    (results, res_attrs): (Vec<Type>, Attr),
) {
    let fty = ctx.function_type(inputs, results);
    let fty = ctx.intern_attr(AttrKind::Type(fty));
    set_property(ctx, ir, f, "function_type", Some(fty));
    for (key, list) in [("arg_attrs", arg_attrs), ("res_attrs", res_attrs)] {
        set_property(ctx, ir, f, key, None);
        abi::set_attrs(ctx, ir, f, key, list);
    }
}

fn convert_func(
    ctx: &mut Context,
    ir: &mut Ir,
    f: Op,
    globals: &FxHashMap<Ident, Attr>,
    variants: &Variants,
    kernels: &Kernels,
) -> Result<(), Diagnostic> {
    let Some(&body) = ir.regions(f).first() else {
        return Ok(());
    };
    let (args, results) = signature_sides(ctx, ir, f)?;
    let Some(old) = ir.entry_block(body) else {
        // A declaration: its signature by the ABI.
        let (ins, outs) = (args.hal_types(ctx), results.hal_types(ctx));
        let (arg_list, res_list) = (args.hal_attrs(ctx), results.hal_attrs(ctx));
        set_signature(ctx, ir, f, (ins, arg_list), (outs, res_list));
        return Ok(());
    };
    let floc = ir.op(f).loc;
    let fname = func_name(ctx, ir, f);
    let old_args = ir.block_args(old).to_vec();
    if args.types.len() != old_args.len() {
        return Err(err(
            floc,
            format!("the entry block of @{fname} does not match its signature"),
        ));
    }
    let (entry, tensor_args) = new_entry_block(ctx, ir, body, old, &args);
    let Some(top) = ir.first_op(entry) else {
        return Err(err(floc, format!("@{fname} has an empty body")));
    };
    let mut cv = Conv {
        ctx,
        ir,
        globals,
        variants,
        kernels,
        top,
        consts: FxHashMap::default(),
        devices: FxHashMap::default(),
        bufs: FxHashMap::default(),
        view_types: FxHashMap::default(),
        fences: FxHashMap::default(),
        joins: FxHashMap::default(),
        slabs: FxHashMap::default(),
        spans: FxHashMap::default(),
        units: FxHashMap::default(),
    };
    cv.reuse_index_constants(entry);
    let names: Vec<Vec<String>> = tensor_args
        .iter()
        .map(|(_, g, _, _)| {
            args.attrs
                .get(g.start)
                .map_or_else(Vec::new, |&d| dim_names(cv.ctx, d))
        })
        .collect();
    cv.receive_tensor_args(&tensor_args, &old_args, &names, floc);
    let in_types: Vec<Type> = cv
        .ir
        .block_args(entry)
        .iter()
        .map(|&a| cv.ir.value_type(a))
        .collect();
    let out_types = cv.convert_body(entry, &results, &fname)?;
    let (ctx, ir) = (cv.ctx, cv.ir);
    let out_types = match out_types {
        Some(o) => o,
        None => results.hal_types(ctx),
    };
    let (arg_list, res_list) = (args.hal_attrs(ctx), results.hal_attrs(ctx));
    set_signature(ctx, ir, f, (in_types, arg_list), (out_types, res_list));
    Ok(())
}

/// A tensor argument of the new entry block: (its position in the
/// signature, its ABI group, the view, its tensor type).
type TensorArg = (usize, abi::Group, Value, Type);

/// The `xir.dim_names` of an argument's attribute dictionary (a frontend's
/// names of its dims, "" for none).
fn dim_names(ctx: &Context, dict: Attr) -> Vec<String> {
    match ctx
        .dict_get(dict, "xir.dim_names")
        .map(|a| ctx.attr_kind(a))
    {
        Some(AttrKind::Array(v)) => v
            .iter()
            .map(|&a| match ctx.attr_kind(a) {
                AttrKind::String { value, .. } => String::from_utf8_lossy(value).into_owned(),
                _ => String::new(),
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// Moves the body of `old` into a new entry block of `body` with one
/// argument per value of the original signature (a view per tensor; its
/// dims are read from the view), and returns it with its tensor arguments.
fn new_entry_block(
    ctx: &mut Context,
    ir: &mut Ir,
    body: xir::Region,
    old: xir::Block,
    args: &Side,
) -> (xir::Block, Vec<TensorArg>) {
    let view = hal_type(ctx, "buffer_view");
    let old_args = ir.block_args(old).to_vec();
    let entry = ir.create_block();
    ir.append_block(body, entry);
    for op in ir.block_ops(old).collect::<Vec<_>>() {
        ir.remove_op(op);
        ir.append_op(entry, op);
    }
    ir.remove_block(old);
    let mut tensor_args = Vec::new();
    for (n, g) in args.groups.iter().enumerate() {
        let a = old_args[g.start];
        let loc = ir.value(a).loc;
        let t = g.tensor.map_or(ir.value_type(a), |_| view);
        let new = ir.add_block_arg(entry, t, loc);
        ir.replace_all_uses(a, new);
        if let Some(t) = g.tensor {
            tensor_args.push((n, *g, new, t));
        }
    }
    (entry, tensor_args)
}

impl Conv<'_> {
    /// Reuse the index constants the body already has.
    fn reuse_index_constants(&mut self, entry: xir::Block) {
        let index = self.ctx.index_type();
        for op in self.ir.block_ops(entry).collect::<Vec<_>>() {
            if xir_arith::ops::CONSTANT.is(self.ctx, self.ir, op)
                && self.ir.value_type(self.ir.result(op, 0)) == index
            {
                if let Some(n) =
                    op_attr(self.ctx, self.ir, op, "value").and_then(|a| int_of(self.ctx, a))
                {
                    self.consts.entry(n).or_insert(self.ir.result(op, 0));
                }
            }
        }
    }

    /// Tensor arguments arrive as buffer views: each is asserted (in
    /// argument order, before anything else), then its dims are read (they
    /// stand for the stream level's dim arguments `old_args`), then its
    /// buffer.
    fn receive_tensor_args(
        &mut self,
        tensor_args: &[TensorArg],
        old_args: &[Value],
        names: &[Vec<String>],
        floc: Attr,
    ) {
        let top = self.top;
        for &(n, _, v, t) in tensor_args {
            let message = self.ctx.string_attr(&format!("input {n}"));
            let shape = self.ctx.intern_attr(AttrKind::Type(t));
            self.emit(
                top,
                "hal.buffer_view.assert",
                vec![("message", message), ("shape", shape)],
                vec![v],
                None,
                floc,
            );
        }
        // Each argument's dynamic dims, read once; a dim named as an
        // earlier one's (`xir.dim_names`) is asserted equal to it.
        let mut first: FxHashMap<&str, (usize, usize, Value)> = FxHashMap::default();
        for (a, &(n, g, v, t)) in tensor_args.iter().enumerate() {
            let mut dims = Vec::new();
            for (j, dim) in self.dim_ops(v, t, floc).into_iter().enumerate() {
                self.ir.insert_op_before(top, dim);
                let d = self.ir.result(dim, 0);
                self.ir.replace_all_uses(old_args[g.start + 1 + j], d);
                dims.push(d);
            }
            let dynamic: Vec<usize> = match self.ctx.type_kind(t) {
                TypeKind::RankedTensor { shape, .. } => {
                    (0..shape.len()).filter(|&k| shape[k] < 0).collect()
                }
                _ => Vec::new(),
            };
            for (j, &k) in dynamic.iter().enumerate() {
                let Some(name) = names[a].get(k).filter(|s| !s.is_empty()) else {
                    continue;
                };
                match first.get(name.as_str()) {
                    None => {
                        first.insert(name, (n, k, dims[j]));
                    }
                    Some(&(m, i, want)) => {
                        let message = self.ctx.string_attr(&format!(
                            "input {n}: dim {k} ('{name}') must equal dim {i} of input {m}"
                        ));
                        let shape = self.ctx.intern_attr(AttrKind::Type(t));
                        let mut given = dims.clone();
                        given[j] = want;
                        let mut operands = vec![v];
                        operands.extend(given);
                        self.emit(
                            top,
                            "hal.buffer_view.assert",
                            vec![("message", message), ("shape", shape)],
                            operands,
                            None,
                            floc,
                        );
                    }
                }
            }
        }
        for &(_, _, v, t) in tensor_args {
            let b = self
                .emit(
                    top,
                    "hal.buffer_view.buffer",
                    vec![],
                    vec![v],
                    Some("buffer"),
                    floc,
                )
                .unwrap_or(v);
            self.bufs.insert(v, Buf { buffer: b });
            self.view_types.insert(v, t);
        }
    }

    /// Converts the host ops of the body (see [`host_steps`]) and erases
    /// the stream ops they replace; returns the result types when the body
    /// returns.
    fn convert_body(
        &mut self,
        entry: xir::Block,
        results: &Side,
        fname: &str,
    ) -> Result<Option<Vec<Type>>, Diagnostic> {
        let steps = host_steps(self.ctx, self.ir, entry);
        let mut dead = Vec::new();
        // Sizes first: execute regions and awaits read them.
        for &(op, _) in &steps {
            if self.ctx.str(self.ir.op(op).name) == SIZEOF {
                self.sizeof(op)?;
                dead.push(op);
            }
        }
        let mut out_types = None;
        for (op, end) in steps {
            if end {
                self.if_end(op)?;
                continue;
            }
            let name = self.ctx.str(self.ir.op(op).name).to_string();
            match name.as_str() {
                IF_NAME | SIZEOF => {}
                YIELD_NAME => self.yield_op(op)?,
                n if n == xir_func::CALL.name => {
                    self.call(op)?;
                    dead.push(op);
                }
                n if n == ASYNC_EXECUTE.name => {
                    self.execute(op)?;
                    dead.push(op);
                }
                n if n == TIMEPOINT_AWAIT.name => {
                    self.await_op(op)?;
                    dead.push(op);
                }
                n if n == RESOURCE_ALLOCA.name => {
                    self.alloca(op)?;
                    dead.push(op);
                }
                n if n == RESOURCE_DEALLOCA.name => {
                    self.dealloca(op);
                    dead.push(op);
                }
                n if n == RESOURCE_LOAD.name => {
                    self.load(op)?;
                    dead.push(op);
                }
                n if n == TIMEPOINT_JOIN.name => {
                    self.timepoint_join(op);
                    dead.push(op);
                }
                n if n == xir_func::RETURN.name => {
                    out_types = Some(self.return_op(op, results, fname)?);
                }
                _ => self.check_host_op(op, &name)?,
            }
        }
        for &op in dead.iter().rev() {
            self.ir.erase_op(op);
        }
        Ok(out_types)
    }

    /// `stream.resource.dealloca`: the buffer goes with its last reference;
    /// what follows the deallocation waits for what it waited for.
    fn dealloca(&mut self, op: Op) {
        let r = operand_ranges(self.ctx, self.ir, op, &RESOURCE_DEALLOCA);
        let mut fs = Vec::new();
        for i in r[0].clone() {
            let t = self.ir.operand(op, i);
            fs.extend(self.fences.get(&t).cloned().unwrap_or_default());
        }
        let res = self.ir.result(op, 0);
        self.fences.insert(res, unique(fs));
    }

    /// `stream.resource.load` (of a resource already awaited): a
    /// `hal.buffer.load` of its buffer.
    fn load(&mut self, op: Op) -> Result<(), Diagnostic> {
        let loc = self.ir.op(op).loc;
        let b = self.buf(self.ir.operand(op, 0), op)?;
        let offset = self.ir.operand(op, 2);
        let old = self.ir.result(op, 0);
        let mut st = op_state(self.ctx, crate::ops::BUFFER_LOAD.name, Vec::new(), loc);
        st.operands = vec![b.buffer, offset];
        st.result_types = vec![self.ir.value_type(old)];
        let load = self.ir.create_op(st);
        self.ir.insert_op_before(op, load);
        let new = self.ir.result(load, 0);
        self.ir.replace_all_uses(old, new);
        Ok(())
    }

    /// `stream.timepoint.join`: one fence joining those of its operands.
    fn timepoint_join(&mut self, op: Op) {
        let mut fs = Vec::new();
        for t in self.ir.operands(op).collect::<Vec<_>>() {
            fs.extend(self.fences.get(&t).cloned().unwrap_or_default());
        }
        let loc = self.ir.op(op).loc;
        let joined = self.joined(unique(fs), op, loc);
        let res = self.ir.result(op, 0);
        self.fences.insert(res, joined.into_iter().collect());
    }

    /// `func.return`: each tensor returned as a view with its type and
    /// dims; returns the types of the new operands.
    fn return_op(&mut self, op: Op, results: &Side, fname: &str) -> Result<Vec<Type>, Diagnostic> {
        let loc = self.ir.op(op).loc;
        let operands: Vec<Value> = self.ir.operands(op).collect();
        if operands.len() != results.types.len() {
            return Err(err(
                loc,
                format!("the return of @{fname} does not match its signature"),
            ));
        }
        let mut values = Vec::new();
        for g in &results.groups {
            let v = operands[g.start];
            match g.tensor {
                Some(t) => {
                    let b = self.buf(v, op)?;
                    let dims = operands[g.dims()].to_vec();
                    values.push(self.view(op, b, t, &dims, loc)?);
                }
                None => values.push(v),
            }
        }
        self.ir.set_operands(op, &values);
        Ok(values.iter().map(|&v| self.ir.value_type(v)).collect())
    }

    /// Any other host op stays, unless it is a stream op or touches
    /// resources or timepoints.
    fn check_host_op(&self, op: Op, name: &str) -> Result<(), Diagnostic> {
        let touches = self
            .ir
            .operands(op)
            .chain(self.ir.results(op).iter().copied())
            .any(|v| {
                let t = self.ir.value_type(v);
                is_resource(self.ctx, t) || is_timepoint(self.ctx, t)
            });
        if touches || name.starts_with("stream.") {
            return Err(err(
                self.ir.op(op).loc,
                format!("'{name}' cannot be converted to hal"),
            ));
        }
        Ok(())
    }
}

/// The ops of a function body that run on the host, in program order: ops
/// of the entry block and, recursively, of `scf.if` branches (not of execute
/// regions). Each `scf.if` appears twice: before its branches (`false`) and
/// after them (`true`). An explicit stack: no recursion.
fn host_steps(ctx: &Context, ir: &Ir, entry: xir::Block) -> Vec<(Op, bool)> {
    let mut steps = Vec::new();
    let mut stack: Vec<(Op, bool)> = ir.block_ops(entry).map(|o| (o, false)).collect();
    stack.reverse();
    while let Some((op, end)) = stack.pop() {
        steps.push((op, end));
        if end || ctx.str(ir.op(op).name) != IF_NAME {
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
    steps
}

impl Conv<'_> {
    /// `scf.yield` in a converted `scf.if`: resources become their buffers.
    fn yield_op(&mut self, op: Op) -> Result<(), Diagnostic> {
        let Some(parent) = self.ir.parent_op(op) else {
            return Ok(());
        };
        let results = self.ir.results(parent).to_vec();
        for (i, &r) in results.iter().enumerate() {
            if i < self.ir.num_operands(op) && is_resource(self.ctx, self.ir.value_type(r)) {
                let b = self.buf(self.ir.operand(op, i), op)?;
                self.ir.set_operand(op, i, b.buffer);
            }
        }
        Ok(())
    }

    /// After its branches: each resource result of an `scf.if` becomes a
    /// `!hal.buffer`; the `index` result after it (see flow → stream) is its
    /// byte size.
    fn if_end(&mut self, op: Op) -> Result<(), Diagnostic> {
        let buffer = hal_type(self.ctx, "buffer");
        let index = self.ctx.index_type();
        let results = self.ir.results(op).to_vec();
        for (i, &r) in results.iter().enumerate() {
            if !is_resource(self.ctx, self.ir.value_type(r)) {
                continue;
            }
            results
                .get(i + 1)
                .copied()
                .filter(|&s| self.ir.value_type(s) == index)
                .ok_or_else(|| {
                    err(
                        self.ir.op(op).loc,
                        format!("resource result #{i} of 'scf.if' has no size result after it"),
                    )
                })?;
            self.ir.set_value_type(r, buffer);
            self.bufs.insert(r, Buf { buffer: r });
        }
        Ok(())
    }

    /// A view of buffer `b` as a tensor of type `t` with dynamic dims
    /// `dims` (see mod.rs), placed before `before`; a view received (an
    /// argument, a call's result) of the same type is that view.
    pub(super) fn view(
        &mut self,
        before: Op,
        b: Buf,
        t: Type,
        dims: &[Value],
        loc: Attr,
    ) -> Result<Value, Diagnostic> {
        if let Some(op) = defining_op(self.ir, b.buffer) {
            if self.ctx.str(self.ir.op(op).name) == "hal.buffer_view.buffer" {
                let v = self.ir.operand(op, 0);
                if self.view_types.get(&v) == Some(&t) {
                    return Ok(v);
                }
            }
        }
        let ta = self.ctx.intern_attr(AttrKind::Type(t));
        let mut operands = vec![b.buffer];
        operands.extend_from_slice(dims);
        Ok(self
            .emit(
                before,
                "hal.buffer_view.create",
                vec![("shape", ta)],
                operands,
                Some("buffer_view"),
                loc,
            )
            .unwrap_or(b.buffer))
    }

    /// `hal.buffer_view.dim` ops (not yet placed) reading the dynamic dims
    /// of `view`, a tensor of type `t`, in order.
    pub(super) fn dim_ops(&mut self, view: Value, t: Type, loc: Attr) -> Vec<Op> {
        let shape = match self.ctx.type_kind(t) {
            TypeKind::RankedTensor { shape, .. } => shape.clone(),
            _ => Vec::new(),
        };
        let index = self.ctx.index_type();
        let mut out = Vec::new();
        for (i, _) in shape.iter().enumerate().filter(|(_, &d)| d < 0) {
            let k = self.ctx.i64_attr(i as i64);
            let mut st = op_state(self.ctx, "hal.buffer_view.dim", vec![("index", k)], loc);
            st.operands = vec![view];
            st.result_types = vec![index];
            out.push(self.ir.create_op(st));
        }
        out
    }
}

/// The argument or result attributes at the hal level: one dictionary per
/// value of `groups` (stream-level `attrs`), without `stream.tensor`.
pub(super) fn signature_attrs(ctx: &mut Context, attrs: &[Attr], groups: &[abi::Group]) -> Attr {
    let empty = ctx.empty_dict();
    let list = groups
        .iter()
        .map(|g| {
            let a = attrs.get(g.start).copied().unwrap_or(empty);
            abi::without_tensor(ctx, a)
        })
        .collect();
    ctx.intern_attr(AttrKind::Array(list))
}

/// Converts devices, executables and every function; returns how many failed.
pub fn convert(ctx: &mut Context, ir: &mut Ir, module: Op, diags: &mut DiagEngine) -> usize {
    let globals = globals(ctx, ir, module);
    let funcs = xir::util::top::top_funcs(ctx, ir, module);
    // Targets each executable is dispatched on, in first-use order.
    let mut uses: FxHashMap<Ident, Vec<Attr>> = FxHashMap::default();
    let mut failed = 0;
    let mut dispatches = Vec::new();
    // Program order, so variants follow first use.
    for op in funcs.iter().flat_map(|&f| xir::walk::preorder(ir, f)) {
        if ASYNC_DISPATCH.is(ctx, ir, op) {
            dispatches.push(op);
            let loc = ir.op(op).loc;
            let entry = op_attr(ctx, ir, op, "entry_point").map(|a| ctx.attr_kind(a).clone());
            let Some(AttrKind::SymbolRef { root, .. }) = entry else {
                continue;
            };
            let dev = op_device(ctx, ir, op);
            let resolved = dev
                .ok_or_else(|| err(loc, "dispatch without a #device.affinity"))
                .and_then(|d| resolve_device(ctx, &globals, d, loc));
            match resolved {
                Ok((_, attr)) => {
                    let list = uses.entry(root).or_default();
                    for t in targets(ctx, attr) {
                        if !list.contains(&t) {
                            list.push(t);
                        }
                    }
                }
                Err(d) => {
                    diags.emit(d);
                    failed += 1;
                }
            }
        }
    }
    // The kernels' signatures, before their executables change level.
    let (kernels, missing) = kernels(ctx, ir, &dispatches, diags);
    failed += missing;
    if failed > 0 {
        return failed;
    }
    let variants = convert_executables(ctx, ir, module, &uses);
    for f in funcs {
        if let Err(d) = convert_func(ctx, ir, f, &globals, &variants, &kernels) {
            diags.emit(d);
            failed += 1;
        }
    }
    failed
}

#[derive(Default)]
pub struct ConvertStreamToHal;

impl ConvertStreamToHal {
    pub const ARGUMENT: &'static str = "convert-stream-to-hal";
    pub const SUMMARY: &'static str =
        "Convert stream devices, executables and execute regions to hal devices, executable variants, command buffers and fences";
}

impl Pass for ConvertStreamToHal {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "ConvertStreamToHal"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn run(&mut self, pc: &mut PassContext<'_>, module: Op) -> Result<(), ()> {
        // Before touching anything: flow ops outside executables mean flow -> stream
        // has not run (converting would drop the flow.executables they use).
        let flow_op = xir::walk::preorder(pc.ir, module).into_iter().find(|&o| {
            let n = pc.ctx.str(pc.ir.op(o).name);
            (n == "flow.dispatch" || n == "flow.tensor.transfer")
                && !std::iter::successors(pc.ir.parent_op(o), |&p| pc.ir.parent_op(p))
                    .any(|p| pc.ctx.str(pc.ir.op(p).name) == "flow.executable")
        });
        if let Some(o) = flow_op {
            pc.diags.emit(Diagnostic::error(
                pc.ir.op(o).loc,
                format!(
                    "{}: the module is at the flow level ('{}'); run convert-flow-to-stream first (--compile-to=hal runs every step)",
                    Self::ARGUMENT,
                    pc.ctx.str(pc.ir.op(o).name)
                ),
            ));
            return Err(());
        }
        if convert(pc.ctx, pc.ir, module, pc.diags) > 0 {
            return Err(());
        }
        Ok(())
    }
}

pub(super) fn defining_op(ir: &Ir, v: Value) -> Option<Op> {
    match ir.value(v).def {
        ValueDef::Result { op, .. } => Some(op),
        _ => None,
    }
}

/// `fences` without repeats, in order (joined timepoints often share one).
fn unique(fences: Vec<Value>) -> Vec<Value> {
    let mut seen = FxHashSet::default();
    fences.into_iter().filter(|&f| seen.insert(f)).collect()
}
