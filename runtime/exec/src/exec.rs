//! The executor: runs a hal-level module's host functions by walking the IR
//! (hal, arith and any other foldable scalar op, scf.if, func.call).
//! Scalar ops run through their folders, so every op with a folder works on
//! the host without a table of its semantics here; integer ops on `index`
//! also have a fast path ([`IndexOp`]), as dynamic shapes compute sizes
//! with them on every call.

use crate::resolve;
use crate::value::{Commands, RtValue};
use num_traits::ToPrimitive;
use rustc_hash::FxHashMap;
use std::ops::Range;
use std::rc::Rc;
use std::sync::Arc;
use xir::attributes::AttrKind;
use xir::ods::FoldResult;
use xir::symbol::op_attr;
use xir::types::TypeKind;
use xir::{Attr, Block, Context, Diagnostic, Ident, Ir, Op, Type, Value};
use xir_device::attrs::{decode, DeviceAttr};
use xir_runtime_hal::{
    Buffer, BufferView, Command, Device, DispatchArgs, ElementType, Error, Executable, Fence,
};

type R<T> = Result<T, Diagnostic>;

/// Calls nested deeper than this are an error (recursion), not a stack overflow.
const MAX_CALL_DEPTH: usize = 200;

pub struct Executor<'a> {
    ctx: &'a mut Context,
    ir: &'a Ir,
    module: Op,
    devices: Vec<Arc<Device>>,
    /// The device of each `device.global`, by name.
    globals: FxHashMap<String, usize>,
    funcs: FxHashMap<Vec<u8>, Op>,
    /// Fences created during the current call.
    fences: Vec<Fence>,
    // What an op's first run found out and later runs reuse (the IR does
    // not change under an executor): operand groups, devices, kernels.
    groups: FxHashMap<(Op, &'static str), Range<usize>>,
    resolved: FxHashMap<Attr, usize>,
    dispatches: FxHashMap<(Op, usize), Rc<DispatchPlan>>,
    /// Each variant's executable, per device (index in `devices`).
    executables: FxHashMap<(Op, usize), Arc<dyn Executable>>,
    kinds: FxHashMap<Ident, Option<Host>>,
    index_ops: FxHashMap<Ident, Option<IndexFn>>,
    /// Emptied value maps of finished calls, kept for their capacity.
    spare_envs: Vec<FxHashMap<Value, RtValue>>,
}

/// A dispatch op's kernel on one device.
struct DispatchPlan {
    executable: Arc<dyn Executable>,
    ordinal: usize,
    site: Arc<str>,
}

fn err(loc: Attr, m: impl Into<String>) -> Diagnostic {
    Diagnostic::error(loc, m)
}

/// A runtime error as the executor reports it: its message at the op's
/// location (the kind stays with the runtime: a diagnostic has none).
fn rt_err(loc: Attr, e: Error) -> Diagnostic {
    err(loc, e.into_message())
}

/// The host value of a folded scalar: an `index` as a number.
fn scalar_value(ctx: &Context, a: Attr) -> RtValue {
    if let AttrKind::Integer { ty, value } = ctx.attr_kind(a) {
        if let (TypeKind::Index, Some(n)) = (ctx.type_kind(*ty), value.to_i64()) {
            return RtValue::Index(n);
        }
    }
    RtValue::Scalar(a)
}

/// An index or integer scalar as `i128`.
pub fn scalar_int(ctx: &Context, a: Attr) -> Option<i128> {
    match ctx.attr_kind(a) {
        AttrKind::Integer { value, .. } => value.to_i128(),
        _ => None,
    }
}

/// What the executor does for a host op; attached to the op's record as
/// [`HostOp`] (see [`register`]), so no table of op names lives here. Ops
/// without it run through their folders (scalar arithmetic).
#[derive(Copy, Clone, Debug)]
enum Host {
    Return,
    Yield,
    If,
    Call,
    Resolve,
    DevicesCount,
    DevicesGet,
    Allocate,
    Subspan,
    BufferLoad,
    CommandsCreate,
    Dispatch,
    Copy,
    Barrier,
    Finalize,
    FenceCreate,
    FenceJoin,
    FenceAwait,
    QueueExecute,
    ViewBuffer,
    ViewDim,
    ViewCreate,
    ViewAssert,
}

/// The interface the executor attaches to the ops it runs.
#[derive(Copy, Clone, Debug)]
struct HostOp(Host);

/// An integer op's value on `index` operands (64 bits, as MLIR folds
/// `index`); `None` where the folder decides (division by zero, overflow,
/// shifts past the width), which then runs with its messages.
type IndexFn = fn(i64, i64) -> Option<i64>;

/// The fast path of a binary integer op on `index`, attached to its record.
#[derive(Copy, Clone)]
struct IndexOp(IndexFn);

// MLIR's folders refuse where their intermediate steps overflow (an
// operand of i64::MIN): those fall back to the folder.
fn ceil_div_s(a: i64, b: i64) -> Option<i64> {
    if a == i64::MIN || b == i64::MIN {
        return None;
    }
    let q = a.checked_div(b)?;
    let r = a % b;
    Some(if r != 0 && (r > 0) == (b > 0) {
        q + 1
    } else {
        q
    })
}

fn floor_div_s(a: i64, b: i64) -> Option<i64> {
    if a == i64::MIN || b == i64::MIN {
        return None;
    }
    let q = a.checked_div(b)?;
    let r = a % b;
    Some(if r != 0 && (r < 0) != (b < 0) {
        q - 1
    } else {
        q
    })
}

fn unsigned(f: fn(u64, u64) -> Option<u64>) -> impl Fn(i64, i64) -> Option<i64> {
    move |a, b| f(a as u64, b as u64).map(|v| v as i64)
}

fn shift(b: i64) -> Option<u32> {
    u32::try_from(b).ok().filter(|&b| b < 64)
}

/// Attaches [`HostOp`] to func/scf control flow and the hal ops. Idempotent.
pub fn register(ctx: &mut Context) {
    use xir_hal::ops as hal;
    let table: [(&xir::ods::OpSpec, Host); 23] = [
        (&xir_func::RETURN, Host::Return),
        (&xir_func::CALL, Host::Call),
        (&xir_scf::ops::IF, Host::If),
        (&xir_scf::ops::YIELD, Host::Yield),
        (&hal::DEVICE_RESOLVE, Host::Resolve),
        (&hal::DEVICES_COUNT, Host::DevicesCount),
        (&hal::DEVICES_GET, Host::DevicesGet),
        (&hal::ALLOCATE, Host::Allocate),
        (&hal::BUFFER_SUBSPAN, Host::Subspan),
        (&hal::BUFFER_LOAD, Host::BufferLoad),
        (&hal::CMD_CREATE, Host::CommandsCreate),
        (&hal::CMD_DISPATCH, Host::Dispatch),
        (&hal::CMD_COPY, Host::Copy),
        (&hal::CMD_BARRIER, Host::Barrier),
        (&hal::CMD_FINALIZE, Host::Finalize),
        (&hal::FENCE_CREATE, Host::FenceCreate),
        (&hal::FENCE_JOIN, Host::FenceJoin),
        (&hal::FENCE_AWAIT, Host::FenceAwait),
        (&hal::QUEUE_EXECUTE, Host::QueueExecute),
        (&hal::VIEW_BUFFER, Host::ViewBuffer),
        (&hal::VIEW_DIM, Host::ViewDim),
        (&hal::VIEW_CREATE, Host::ViewCreate),
        (&hal::VIEW_ASSERT, Host::ViewAssert),
    ];
    for (spec, kind) in table {
        ctx.attach_interface(spec.name, HostOp(kind));
    }
    use xir_arith::ops as a;
    let index: [(&xir::ods::OpSpec, IndexFn); 19] = [
        (&a::ADDI, |x, y| Some(x.wrapping_add(y))),
        (&a::SUBI, |x, y| Some(x.wrapping_sub(y))),
        (&a::MULI, |x, y| Some(x.wrapping_mul(y))),
        (&a::DIVSI, |x, y| x.checked_div(y)),
        (&a::DIVUI, |x, y| unsigned(u64::checked_div)(x, y)),
        (&a::CEILDIVSI, ceil_div_s),
        (&a::CEILDIVUI, |x, y| {
            unsigned(|x, y| (y != 0).then(|| x.div_ceil(y)))(x, y)
        }),
        (&a::FLOORDIVSI, floor_div_s),
        (&a::REMSI, |x, y| (y != 0).then(|| x.wrapping_rem(y))),
        (&a::REMUI, |x, y| unsigned(u64::checked_rem)(x, y)),
        (&a::ANDI, |x, y| Some(x & y)),
        (&a::ORI, |x, y| Some(x | y)),
        (&a::XORI, |x, y| Some(x ^ y)),
        (&a::MAXSI, |x, y| Some(x.max(y))),
        (&a::MINSI, |x, y| Some(x.min(y))),
        (&a::MAXUI, |x, y| Some((x as u64).max(y as u64) as i64)),
        (&a::MINUI, |x, y| Some((x as u64).min(y as u64) as i64)),
        (&a::SHLI, |x, y| shift(y).map(|s| x << s)),
        (&a::SHRSI, |x, y| shift(y).map(|s| x >> s)),
    ];
    for (spec, f) in index {
        ctx.attach_interface(spec.name, IndexOp(f));
    }
    ctx.attach_interface(
        a::SHRUI.name,
        IndexOp(|x, y| shift(y).map(|s| ((x as u64) >> s) as i64)),
    );
}

enum Flow {
    Return(Vec<RtValue>),
    Yield(Vec<RtValue>),
}

impl<'a> Executor<'a> {
    /// Resolves the module's `device.global`s against `devices`.
    pub fn new(
        ctx: &'a mut Context,
        ir: &'a Ir,
        module: Op,
        devices: Vec<Arc<Device>>,
    ) -> R<Executor<'a>> {
        register(ctx);
        for d in &devices {
            d.register_interfaces(ctx);
        }
        let globals = resolve::globals(ctx, ir, module);
        let assigned = resolve::assign(ctx, &globals, &devices)
            .map_err(|e| rt_err(ir.op(e.op).loc, e.error))?;
        let globals = globals
            .iter()
            .zip(assigned)
            .map(|(g, d)| (g.0.clone(), d))
            .collect();
        let mut funcs = FxHashMap::default();
        if let Some(b) = ir.regions(module).first().and_then(|&r| ir.entry_block(r)) {
            for op in ir.block_ops(b) {
                if ctx.str(ir.op(op).name) == xir_func::FUNC.name {
                    if let Some(n) = xir::symbol::symbol_name(ctx, ir, op) {
                        funcs.insert(n.to_vec(), op);
                    }
                }
            }
        }
        Ok(Executor {
            ctx,
            ir,
            module,
            devices,
            globals,
            funcs,
            fences: Vec::new(),
            groups: FxHashMap::default(),
            resolved: FxHashMap::default(),
            dispatches: FxHashMap::default(),
            executables: FxHashMap::default(),
            kinds: FxHashMap::default(),
            index_ops: FxHashMap::default(),
            spare_envs: Vec::new(),
        })
    }

    /// The device each global runs on: (global name, device).
    pub fn placements(&self) -> Vec<(String, Arc<Device>)> {
        resolve::globals(self.ctx, self.ir, self.module)
            .iter()
            .map(|g| (g.0.clone(), self.devices[self.globals[&g.0]].clone()))
            .collect()
    }

    pub fn context(&mut self) -> &mut Context {
        self.ctx
    }

    /// The function named `name`.
    pub fn function(&self, name: &str) -> Option<Op> {
        self.funcs.get(name.as_bytes()).copied()
    }

    /// The argument and result types of a function.
    pub fn signature(&self, f: Op) -> (Vec<Type>, Vec<Type>) {
        xir_func::signature(self.ctx, self.ir, f).unwrap_or_default()
    }

    /// Calls `f` with `args` (checked against its signature).
    pub fn call(&mut self, f: Op, args: Vec<RtValue>) -> R<Vec<RtValue>> {
        let out = self.call_at(f, args, 0, self.ir.op(f).loc).map(|out| {
            out.into_iter()
                .map(|v| match v {
                    RtValue::Index(n) => RtValue::Scalar(self.int_attr(n)),
                    v => v,
                })
                .collect()
        });
        // A queue waiting on a fence the program never submitted (it failed
        // first, or never meant to) would wait forever: fail those fences.
        for fence in self.fences.drain(..) {
            if !fence.is_submitted() {
                fence.signal(Err(Error::failed_precondition(
                    "the fence was never submitted",
                )));
            }
        }
        out
    }

    fn func_name(&self, f: Op) -> String {
        String::from_utf8_lossy(xir::symbol::symbol_name(self.ctx, self.ir, f).unwrap_or_default())
            .into_owned()
    }

    fn call_at(&mut self, f: Op, args: Vec<RtValue>, depth: usize, at: Attr) -> R<Vec<RtValue>> {
        if depth > MAX_CALL_DEPTH {
            let name = self.func_name(f);
            return Err(err(
                at,
                format!("calls nested deeper than {MAX_CALL_DEPTH} (at a call of @{name})"),
            ));
        }
        let entry = self
            .ir
            .regions(f)
            .first()
            .and_then(|&r| self.ir.entry_block(r))
            .ok_or_else(|| {
                err(
                    at,
                    format!(
                        "@{} is a declaration: it has no body to run",
                        self.func_name(f)
                    ),
                )
            })?;
        let params = self.ir.block_args(entry);
        if params.len() != args.len() {
            let name = self.func_name(f);
            return Err(err(
                at,
                format!(
                    "@{name} takes {} arguments, got {}",
                    params.len(),
                    args.len()
                ),
            ));
        }
        let mut env = self.spare_envs.pop().unwrap_or_default();
        let run = || {
            for (i, (&p, a)) in params.iter().zip(args).enumerate() {
                self.check_arg(f, i, self.ir.value_type(p), &a, at)?;
                env.insert(p, a);
            }
            self.run_block(entry, &mut env, depth)
        };
        let flow = run();
        env.clear();
        self.spare_envs.push(env);
        match flow? {
            Flow::Return(v) => Ok(v),
            Flow::Yield(_) => Err(err(
                at,
                format!("@{} ended without a return", self.func_name(f)),
            )),
        }
    }

    /// What the executor does for ops named `name` (`None`: fold them).
    fn host_kind(&mut self, name: Ident) -> Option<Host> {
        let ctx = &*self.ctx;
        *self
            .kinds
            .entry(name)
            .or_insert_with(|| ctx.op_interface::<HostOp>(name).map(|h| h.0))
    }

    fn check_arg(&self, f: Op, i: usize, t: Type, a: &RtValue, loc: Attr) -> R<()> {
        let want = self.type_kind_name(t);
        let ok = match (a, want) {
            (RtValue::Scalar(s), "scalar") => match self.ctx.attr_kind(*s) {
                AttrKind::Integer { ty, .. } | AttrKind::Float { ty, .. } => *ty == t,
                _ => false,
            },
            (RtValue::Index(_), "scalar") => matches!(self.ctx.type_kind(t), TypeKind::Index),
            (RtValue::View(_), "buffer_view")
            | (RtValue::Buffer(_), "buffer")
            | (RtValue::Device(_), "device")
            | (RtValue::Fence(_), "fence")
            | (RtValue::Commands(_), "command_buffer") => true,
            _ => false,
        };
        if ok {
            return Ok(());
        }
        Err(err(
            loc,
            format!(
                "@{} argument {i}: expected {}, got {}",
                self.func_name(f),
                xir::printer::type_to_string(self.ctx, t),
                self.describe(a)
            ),
        ))
    }

    fn describe(&self, a: &RtValue) -> String {
        match a {
            RtValue::Scalar(s) => match self.ctx.attr_kind(*s) {
                AttrKind::Integer { ty, .. } | AttrKind::Float { ty, .. } => {
                    xir::printer::type_to_string(self.ctx, *ty)
                }
                _ => "a scalar".into(),
            },
            RtValue::Index(_) => "index".into(),
            RtValue::View(v) => format!("a {} buffer view", v.type_string()),
            other => other.kind().into(),
        }
    }

    fn type_kind_name(&self, t: Type) -> &'static str {
        use xir_hal::ops::{BUFFER, BUFFER_VIEW, COMMAND_BUFFER, DEVICE, FENCE};
        if matches!(
            self.ctx.type_kind(t),
            TypeKind::Index | TypeKind::Integer { .. } | TypeKind::Float(_)
        ) {
            return "scalar";
        }
        [
            (BUFFER_VIEW, "buffer_view"),
            (BUFFER, "buffer"),
            (DEVICE, "device"),
            (FENCE, "fence"),
            (COMMAND_BUFFER, "command_buffer"),
        ]
        .into_iter()
        .find(|(c, _)| (c.check)(self.ctx, t))
        .map_or("other", |(_, k)| k)
    }

    fn get(&self, env: &FxHashMap<Value, RtValue>, v: Value, loc: Attr) -> R<RtValue> {
        self.get_ref(env, v, loc).cloned()
    }

    fn get_ref<'e>(
        &self,
        env: &'e FxHashMap<Value, RtValue>,
        v: Value,
        loc: Attr,
    ) -> R<&'e RtValue> {
        env.get(&v)
            .ok_or_else(|| err(loc, "value used before it was computed"))
    }

    fn index(&self, env: &FxHashMap<Value, RtValue>, v: Value, loc: Attr) -> R<usize> {
        match self.get_ref(env, v, loc)? {
            &RtValue::Scalar(a) => scalar_int(self.ctx, a)
                .and_then(|n| usize::try_from(n).ok())
                .ok_or_else(|| {
                    err(
                        loc,
                        format!(
                            "expected a non-negative index, got {}",
                            xir::printer::attr_to_string(self.ctx, a)
                        ),
                    )
                }),
            &RtValue::Index(n) => usize::try_from(n).map_err(|_| {
                err(
                    loc,
                    format!("expected a non-negative index, got {n} : index"),
                )
            }),
            other => Err(err(loc, format!("expected an index, got {}", other.kind()))),
        }
    }

    /// The `index` attribute of `n` (a value handed out of the executor, or
    /// an operand of an op without a fast path).
    fn int_attr(&mut self, n: i64) -> Attr {
        let t = self.ctx.index_type();
        self.ctx.intern_attr(AttrKind::Integer {
            ty: t,
            value: n.into(),
        })
    }

    /// A binary integer op on two `index` values, by its fast path.
    fn index_op(&mut self, op: Op, env: &FxHashMap<Value, RtValue>) -> Option<i64> {
        let ir = self.ir;
        let (name, results) = (ir.op(op).name, ir.results(op));
        if results.len() != 1 || ir.num_operands(op) != 2 {
            return None;
        }
        let ctx = &*self.ctx;
        let f = (*self
            .index_ops
            .entry(name)
            .or_insert_with(|| ctx.op_interface::<IndexOp>(name).map(|i| i.0)))?;
        if !matches!(ctx.type_kind(ir.value_type(results[0])), TypeKind::Index) {
            return None;
        }
        match (env.get(&ir.operand(op, 0))?, env.get(&ir.operand(op, 1))?) {
            (&RtValue::Index(a), &RtValue::Index(b)) => f(a, b),
            _ => None,
        }
    }

    fn run_block(
        &mut self,
        block: Block,
        env: &mut FxHashMap<Value, RtValue>,
        depth: usize,
    ) -> R<Flow> {
        let ir = self.ir;
        // One list for the operands of every op of the block.
        let mut operands: Vec<Value> = Vec::new();
        for op in ir.block_ops(block) {
            let loc = ir.op(op).loc;
            let name = ir.op(op).name;
            operands.clear();
            operands.extend(ir.operands(op));
            let results = ir.results(op);
            let set = |env: &mut FxHashMap<Value, RtValue>, v: RtValue| {
                if let Some(&r) = results.first() {
                    env.insert(r, v);
                }
            };
            match self.host_kind(name) {
                Some(Host::Return) => {
                    let v = operands
                        .iter()
                        .map(|&o| self.get(env, o, loc))
                        .collect::<R<_>>()?;
                    return Ok(Flow::Return(v));
                }
                Some(Host::Yield) => {
                    let v = operands
                        .iter()
                        .map(|&o| self.get(env, o, loc))
                        .collect::<R<_>>()?;
                    return Ok(Flow::Yield(v));
                }
                Some(Host::If) => {
                    let c = match self.get(env, operands[0], loc)? {
                        RtValue::Scalar(a) => scalar_int(self.ctx, a)
                            .ok_or_else(|| err(loc, "condition is not an integer"))?,
                        _ => return Err(err(loc, "condition is not a scalar")),
                    };
                    let region = self.ir.regions(op)[if c & 1 == 1 { 0 } else { 1 }];
                    let out = match self.ir.entry_block(region) {
                        Some(b) => match self.run_block(b, env, depth)? {
                            Flow::Yield(v) => v,
                            Flow::Return(_) => return Err(err(loc, "return inside an scf.if")),
                        },
                        None => vec![],
                    };
                    for (&r, v) in results.iter().zip(out) {
                        env.insert(r, v);
                    }
                }
                Some(Host::Call) => {
                    let callee = match op_attr(self.ctx, self.ir, op, "callee")
                        .map(|a| self.ctx.attr_kind(a))
                    {
                        Some(AttrKind::SymbolRef { root, .. }) => self.ctx.bytes(*root).to_vec(),
                        _ => return Err(err(loc, "call without a callee")),
                    };
                    let f = *self.funcs.get(&callee).ok_or_else(|| {
                        err(
                            loc,
                            format!("unknown function @{}", String::from_utf8_lossy(&callee)),
                        )
                    })?;
                    let args = operands
                        .iter()
                        .map(|&o| self.get(env, o, loc))
                        .collect::<R<_>>()?;
                    let out = self.call_at(f, args, depth + 1, loc)?;
                    for (&r, v) in results.iter().zip(out) {
                        env.insert(r, v);
                    }
                }
                Some(kind) => {
                    if let Some(v) = self.hal_op(op, kind, &operands, env, loc)? {
                        set(env, v);
                    }
                }
                None => {
                    let out = self.fold(op, &operands, env, loc)?;
                    for (&r, v) in results.iter().zip(out) {
                        env.insert(r, v);
                    }
                }
            }
        }
        Err(err(
            self.ir
                .block_parent_op(block)
                .map_or(self.ctx.unknown_loc(), |o| self.ir.op(o).loc),
            "block without a terminator",
        ))
    }

    /// Runs a scalar op through its folder on the values of its operands.
    fn fold(
        &mut self,
        op: Op,
        operands: &[Value],
        env: &FxHashMap<Value, RtValue>,
        loc: Attr,
    ) -> R<Vec<RtValue>> {
        let name = self.ir.op(op).name;
        if let Some(v) = self.index_op(op, env) {
            return Ok(vec![RtValue::Index(v)]);
        }
        if let Some(a) = xir::rewrite::fold::constant_value(self.ctx, self.ir, op) {
            if let AttrKind::Integer { ty, value } = self.ctx.attr_kind(a) {
                if let (TypeKind::Index, Some(n)) = (self.ctx.type_kind(*ty), value.to_i64()) {
                    return Ok(vec![RtValue::Index(n)]);
                }
            }
            return Ok(vec![RtValue::Scalar(a)]);
        }
        let mut consts = Vec::with_capacity(operands.len());
        for &o in operands {
            match self.get(env, o, loc)? {
                RtValue::Scalar(a) => consts.push(Some(a)),
                RtValue::Index(n) => consts.push(Some(self.int_attr(n))),
                other => {
                    return Err(err(
                        loc,
                        format!(
                            "'{}' cannot run on the host with {} operand",
                            self.ctx.str(name),
                            other.kind()
                        ),
                    ))
                }
            }
        }
        let f = xir::ods::spec_of(self.ctx, name)
            .and_then(|s| s.fold)
            .ok_or_else(|| {
                err(
                    loc,
                    format!("'{}' cannot run on the host", self.ctx.str(name)),
                )
            })?;
        let out = f(self.ctx, self.ir, op, &consts)
            .filter(|r| r.len() == self.ir.results(op).len())
            .ok_or_else(|| {
                err(
                    loc,
                    format!(
                        "'{}' has no value for these operands ({})",
                        self.ctx.str(name),
                        self.scalars(&consts)
                    ),
                )
            })?;
        out.into_iter()
            .map(|r| match r {
                FoldResult::Attr(a) => Ok(scalar_value(self.ctx, a)),
                FoldResult::Value(v) => self.get(env, v, loc),
            })
            .collect()
    }

    fn scalars(&self, c: &[Option<Attr>]) -> String {
        c.iter()
            .flatten()
            .map(|&a| xir::printer::attr_to_string(self.ctx, a))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn device_of<'e>(
        &self,
        env: &'e FxHashMap<Value, RtValue>,
        v: Value,
        loc: Attr,
    ) -> R<&'e Arc<Device>> {
        match self.get_ref(env, v, loc)? {
            RtValue::Device(d) => Ok(d),
            other => Err(err(loc, format!("expected a device, got {}", other.kind()))),
        }
    }

    fn buffer<'e>(&self, env: &'e FxHashMap<Value, RtValue>, v: Value, loc: Attr) -> R<&'e Buffer> {
        match self.get_ref(env, v, loc)? {
            RtValue::Buffer(b) => Ok(b),
            other => Err(err(loc, format!("expected a buffer, got {}", other.kind()))),
        }
    }

    fn view<'e>(
        &self,
        env: &'e FxHashMap<Value, RtValue>,
        v: Value,
        loc: Attr,
    ) -> R<&'e BufferView> {
        match self.get_ref(env, v, loc)? {
            RtValue::View(b) => Ok(b),
            other => Err(err(
                loc,
                format!("expected a buffer view, got {}", other.kind()),
            )),
        }
    }

    fn fence<'e>(&self, env: &'e FxHashMap<Value, RtValue>, v: Value, loc: Attr) -> R<&'e Fence> {
        match self.get_ref(env, v, loc)? {
            RtValue::Fence(f) => Ok(f),
            other => Err(err(loc, format!("expected a fence, got {}", other.kind()))),
        }
    }

    fn commands<'e>(
        &self,
        env: &'e FxHashMap<Value, RtValue>,
        v: Value,
        loc: Attr,
    ) -> R<&'e Commands> {
        match self.get_ref(env, v, loc)? {
            RtValue::Commands(c) => Ok(c),
            other => Err(err(
                loc,
                format!("expected a command buffer, got {}", other.kind()),
            )),
        }
    }

    /// The operand indices of group `name` of an op with `operandSegmentSizes`
    /// (hal.command_buffer.dispatch).
    fn group(&mut self, op: Op, name: &'static str) -> Range<usize> {
        let (ctx, ir) = (&*self.ctx, self.ir);
        let find = || {
            let spec = xir::ods::spec_of(ctx, ir.op(op).name)?;
            let i = spec.operands.iter().position(|o| o.name == name)?;
            xir::ods::access::operand_ranges(ctx, ir, op, spec)
                .get(i)
                .cloned()
        };
        self.groups
            .entry((op, name))
            .or_insert_with(|| find().unwrap_or(0..0))
            .clone()
    }

    /// The indices operands `group` of `op` hold.
    fn indices(
        &self,
        env: &FxHashMap<Value, RtValue>,
        op: Op,
        group: Range<usize>,
        loc: Attr,
    ) -> R<Vec<usize>> {
        group
            .map(|k| self.index(env, self.ir.operand(op, k), loc))
            .collect()
    }

    fn hal_op(
        &mut self,
        op: Op,
        kind: Host,
        operands: &[Value],
        env: &mut FxHashMap<Value, RtValue>,
        loc: Attr,
    ) -> R<Option<RtValue>> {
        Ok(Some(match kind {
            // Devices and buffers.
            Host::Resolve => RtValue::Device(self.device_resolve(op, loc)?),
            Host::DevicesCount => RtValue::Index(self.devices.len() as i64),
            Host::DevicesGet => {
                let i = self.index(env, operands[0], loc)?;
                let d = self.devices.get(i).cloned().ok_or_else(|| {
                    err(
                        loc,
                        format!("no device {i}: there are {}", self.devices.len()),
                    )
                })?;
                RtValue::Device(d)
            }
            Host::Allocate => {
                let d = self.device_of(env, operands[0], loc)?;
                let n = self.index(env, operands[1], loc)?;
                RtValue::Buffer(d.allocate(n).map_err(|e| rt_err(loc, e))?)
            }
            Host::Subspan => {
                let b = self.buffer(env, operands[0], loc)?;
                let (o, n) = (
                    self.index(env, operands[1], loc)?,
                    self.index(env, operands[2], loc)?,
                );
                RtValue::Buffer(b.subspan(o, n).map_err(|e| rt_err(loc, e))?)
            }
            Host::BufferLoad => self.buffer_load(op, operands, env, loc)?,
            // Command buffers.
            Host::CommandsCreate => {
                let d = self.device_of(env, operands[0], loc)?;
                RtValue::Commands(Rc::new(Commands::new(d.id)))
            }
            Host::Dispatch => {
                self.dispatch(op, env, loc)?;
                return Ok(None);
            }
            Host::Copy => {
                self.record_copy(operands, env, loc)?;
                return Ok(None);
            }
            Host::Barrier => {
                let c = self.commands(env, operands[0], loc)?;
                c.record(Command::Barrier).map_err(|e| rt_err(loc, e))?;
                return Ok(None);
            }
            Host::Finalize => {
                self.commands(env, operands[0], loc)?.finalize();
                return Ok(None);
            }
            // Fences and queues.
            Host::FenceCreate => {
                let f = Fence::new();
                self.fences.push(f.clone());
                RtValue::Fence(f)
            }
            Host::FenceJoin => {
                let parts = operands
                    .iter()
                    .map(|&o| self.fence(env, o, loc).cloned())
                    .collect::<R<_>>()?;
                RtValue::Fence(Fence::join(parts))
            }
            Host::FenceAwait => {
                self.fence_await(operands, env, loc)?;
                return Ok(None);
            }
            Host::QueueExecute => {
                self.queue_execute(op, env, loc)?;
                return Ok(None);
            }
            // Buffer views.
            Host::ViewBuffer => RtValue::Buffer(self.view(env, operands[0], loc)?.buffer.clone()),
            Host::ViewDim => {
                let d = self.view_dim(op, operands[0], env, loc)?;
                RtValue::Index(d as i64)
            }
            Host::ViewCreate => RtValue::View(self.view_create(op, operands, env, loc)?),
            Host::ViewAssert => {
                self.view_assert(op, operands[0], &operands[1..], env, loc)?;
                return Ok(None);
            }
            Host::Return | Host::Yield | Host::If | Host::Call => {
                return Err(err(loc, "control flow is not a hal op"))
            }
        }))
    }

    /// hal.device.resolve: the device its `device` attribute names (resolved
    /// once per attribute).
    fn device_resolve(&mut self, op: Op, loc: Attr) -> R<Arc<Device>> {
        let a =
            op_attr(self.ctx, self.ir, op, "device").ok_or_else(|| err(loc, "missing device"))?;
        let d = match self.resolved.get(&a) {
            Some(&d) => d,
            None => {
                let d = self.resolve(a, loc)?;
                self.resolved.insert(a, d);
                d
            }
        };
        Ok(self.devices[d].clone())
    }

    /// hal.command_buffer.copy: records the copy after checking that both
    /// ranges lie inside their buffers.
    fn record_copy(&self, operands: &[Value], env: &FxHashMap<Value, RtValue>, loc: Attr) -> R<()> {
        let c = self.commands(env, operands[0], loc)?;
        let source = self.buffer(env, operands[1], loc)?.clone();
        let source_offset = self.index(env, operands[2], loc)?;
        let target = self.buffer(env, operands[3], loc)?.clone();
        let target_offset = self.index(env, operands[4], loc)?;
        let length = self.index(env, operands[5], loc)?;
        for (b, o, what) in [
            (&source, source_offset, "source"),
            (&target, target_offset, "target"),
        ] {
            if o.checked_add(length).is_none_or(|e| e > b.len()) {
                return Err(err(
                    loc,
                    format!(
                        "copy of {length} bytes at {o} overruns its {what} buffer of {} bytes",
                        b.len()
                    ),
                ));
            }
        }
        let cmd = Command::Copy {
            source,
            source_offset,
            target,
            target_offset,
            length,
        };
        c.record(cmd).map_err(|e| rt_err(loc, e))
    }

    /// hal.buffer.load: the integer at the offset, little-endian and
    /// sign-extended, as a scalar of the result's type.
    fn buffer_load(
        &mut self,
        op: Op,
        operands: &[Value],
        env: &FxHashMap<Value, RtValue>,
        loc: Attr,
    ) -> R<RtValue> {
        let ty = self.ir.value_type(self.ir.result(op, 0));
        let width = match self.ctx.type_kind(ty) {
            TypeKind::Integer { width, .. } if matches!(width, 8 | 16 | 32 | 64) => {
                *width as usize / 8
            }
            _ => return Err(err(loc, "hal.buffer.load of a type other than i8..i64")),
        };
        let offset = self.index(env, operands[1], loc)?;
        let mut bytes = [0u8; 8];
        let b = self.buffer(env, operands[0], loc)?;
        b.read(offset, &mut bytes[..width])
            .map_err(|e| rt_err(loc, e))?;
        let shift = 64 - 8 * width as u32;
        let value = (i64::from_le_bytes(bytes) << shift) >> shift;
        Ok(RtValue::Scalar(self.ctx.intern_attr(AttrKind::Integer {
            ty,
            value: value.into(),
        })))
    }

    /// hal.fence.await: waits for each fence, failing instead when one can
    /// never be signaled or its submission failed.
    fn fence_await(&self, operands: &[Value], env: &FxHashMap<Value, RtValue>, loc: Attr) -> R<()> {
        for &o in operands {
            let f = self.fence(env, o, loc)?;
            if f.is_signaled() {
                continue;
            }
            f.check_reachable()
                .map_err(|m| err(loc, format!("await would never end: it {m}")))?;
            f.wait()
                .map_err(|m| err(loc, format!("a submission failed: {m}")))?;
        }
        Ok(())
    }

    /// hal.buffer_view.dim: the size of the view's dim `index`.
    fn view_dim(
        &self,
        op: Op,
        view: Value,
        env: &FxHashMap<Value, RtValue>,
        loc: Attr,
    ) -> R<usize> {
        let v = self.view(env, view, loc)?;
        let i = op_attr(self.ctx, self.ir, op, "index")
            .and_then(|a| scalar_int(self.ctx, a))
            .unwrap_or(-1);
        let d = usize::try_from(i)
            .ok()
            .and_then(|i| v.shape.get(i).copied());
        d.ok_or_else(|| err(loc, format!("dim {i} of a {} view", v.type_string())))
    }

    /// The tensor type of a buffer view op's `shape` attribute.
    fn view_shape(&self, op: Op, loc: Attr) -> R<Type> {
        match op_attr(self.ctx, self.ir, op, "shape").map(|a| self.ctx.attr_kind(a)) {
            Some(AttrKind::Type(t)) => Ok(*t),
            _ => Err(err(loc, "missing shape")),
        }
    }

    /// hal.buffer_view.create: a view of the buffer (operand 0) with the
    /// `shape` attribute's type, its '?' dims taken from the other operands.
    fn view_create(
        &self,
        op: Op,
        operands: &[Value],
        env: &FxHashMap<Value, RtValue>,
        loc: Attr,
    ) -> R<BufferView> {
        let b = self.buffer(env, operands[0], loc)?.clone();
        let t = self.view_shape(op, loc)?;
        let (dims, element) = self.tensor_type(t, loc)?;
        let mut dyn_dims = operands[1..].iter();
        let mut shape = Vec::with_capacity(dims.len());
        for &d in dims {
            shape.push(match usize::try_from(d).ok() {
                Some(n) => n,
                None => {
                    let v = dyn_dims
                        .next()
                        .ok_or_else(|| err(loc, "fewer dims than '?' in the shape"))?;
                    self.index(env, *v, loc)?
                }
            });
        }
        BufferView::new(b, shape, element).map_err(|e| rt_err(loc, e))
    }

    /// hal.buffer_view.assert: fails, with the op's `message`, unless the
    /// view has the `shape` attribute's element type and dims (its dynamic
    /// ones equal to `given`, when given).
    fn view_assert(
        &self,
        op: Op,
        view: Value,
        given: &[Value],
        env: &FxHashMap<Value, RtValue>,
        loc: Attr,
    ) -> R<()> {
        let v = self.view(env, view, loc)?;
        let t = self.view_shape(op, loc)?;
        let (dims, element) = self.tensor_type(t, loc)?;
        // A negative dim is dynamic: any size fits.
        let fits = v.element == element
            && v.shape.len() == dims.len()
            && dims
                .iter()
                .zip(&v.shape)
                .all(|(&d, &n)| usize::try_from(d).ok().is_none_or(|d| d == n));
        // The message only on failure: this runs at every call.
        let msg = || match op_attr(self.ctx, self.ir, op, "message").map(|a| self.ctx.attr_kind(a))
        {
            Some(AttrKind::String { value, .. }) => String::from_utf8_lossy(value).into_owned(),
            _ => "buffer view".into(),
        };
        if fits {
            let dynamic = dims.iter().zip(&v.shape).filter(|(&d, _)| d < 0);
            for ((_, &n), &g) in dynamic.zip(given) {
                let want = self.index(env, g, loc)?;
                if n != want {
                    return Err(err(loc, format!("{} ({n} vs {want})", msg())));
                }
            }
            return Ok(());
        }
        let msg = msg();
        Err(err(
            loc,
            format!(
                "{msg}: expected {}, got {}",
                xir::printer::type_to_string(self.ctx, t),
                v.type_string()
            ),
        ))
    }

    /// The dims (negative: dynamic) and element type of a tensor type.
    fn tensor_type(&self, t: Type, loc: Attr) -> R<(&[i64], ElementType)> {
        match self.ctx.type_kind(t) {
            TypeKind::RankedTensor { shape, element, .. } => {
                let e = ElementType::from_type(self.ctx, *element).ok_or_else(|| {
                    err(
                        loc,
                        format!(
                            "element type '{}' is not supported by the runtime",
                            xir::printer::type_to_string(self.ctx, *element)
                        ),
                    )
                })?;
                Ok((shape, e))
            }
            _ => Err(err(loc, "expected a ranked tensor type")),
        }
    }

    /// The device a `hal.device.resolve` names: an affinity names its global;
    /// a device attribute is matched with the global that holds it.
    fn resolve(&self, a: Attr, loc: Attr) -> R<usize> {
        if let Some(DeviceAttr::Affinity { device, .. }) = decode(self.ctx, a) {
            return self
                .globals
                .get(self.ctx.str(device))
                .copied()
                .ok_or_else(|| err(loc, format!("no device.global @{}", self.ctx.str(device))));
        }
        for (name, value, _) in resolve::globals(self.ctx, self.ir, self.module) {
            if value == a {
                return Ok(self.globals[&name]);
            }
        }
        Err(err(
            loc,
            format!(
                "no device.global holds {}",
                xir::printer::attr_to_string(self.ctx, a)
            ),
        ))
    }

    fn queue_execute(&mut self, op: Op, env: &FxHashMap<Value, RtValue>, loc: Attr) -> R<()> {
        let ir = self.ir;
        let fence_of = |s: &mut Self, group: &'static str| -> R<Option<Fence>> {
            let g = s.group(op, group);
            g.take(1)
                .map(|k| s.fence(env, ir.operand(op, k), loc).cloned())
                .next()
                .transpose()
        };
        let wait = fence_of(self, "wait_fence")?;
        let signal = fence_of(self, "signal_fence")?;
        let signal = signal.ok_or_else(|| err(loc, "missing signal fence"))?;
        let queue = op_attr(self.ctx, ir, op, "queue")
            .and_then(|a| scalar_int(self.ctx, a))
            .unwrap_or(0);
        let queue = usize::try_from(queue).map_err(|_| err(loc, "negative queue"))?;
        let mut cmds = Vec::new();
        for k in self.group(op, "command_buffers") {
            let c = self.commands(env, ir.operand(op, k), loc)?;
            cmds.push(c.submission().map_err(|e| rt_err(loc, e))?);
        }
        // Awaited right away: the host would only sleep while the worker ran it.
        let signal_value = self
            .group(op, "signal_fence")
            .next()
            .map(|k| ir.operand(op, k));
        let awaited_next = ir.next_op(op).is_some_and(|n| {
            matches!(self.host_kind(ir.op(n).name), Some(Host::FenceAwait))
                && ir.operands(n).eq(signal_value)
        });
        let d = self.device_of(env, ir.operand(op, 0), loc)?;
        let submitted = if awaited_next {
            d.queue_execute_inline(queue, wait, signal, cmds)
        } else {
            d.queue_execute(queue, wait, signal, cmds)
        };
        submitted.map_err(|e| rt_err(loc, e))
    }

    fn dispatch(&mut self, op: Op, env: &FxHashMap<Value, RtValue>, loc: Attr) -> R<()> {
        let ir = self.ir;
        let device = self.commands(env, ir.operand(op, 0), loc)?.device();
        let plan = match self.dispatches.get(&(op, device)) {
            Some(p) => p.clone(),
            None => {
                let p = Rc::new(self.dispatch_plan(op, device, loc)?);
                self.dispatches.insert((op, device), p.clone());
                p
            }
        };
        let wg = self.group(op, "workgroups");
        let wg = self.indices(env, op, wg, loc)?;
        let workgroups = [
            wg.first().copied().unwrap_or(1) as u64,
            wg.get(1).copied().unwrap_or(1) as u64,
            wg.get(2).copied().unwrap_or(1) as u64,
        ];
        let constants = self.group(op, "constants");
        let constants = constants
            .map(|k| self.index(env, ir.operand(op, k), loc).map(|c| c as u64))
            .collect::<R<Vec<u64>>>()?;
        let buffers = self.group(op, "binding_buffers");
        let offsets = self.group(op, "binding_offsets");
        let lengths = self.group(op, "binding_lengths");
        let mut bindings = Vec::with_capacity(buffers.len());
        for ((b, o), n) in buffers.zip(offsets).zip(lengths) {
            let b = self.buffer(env, ir.operand(op, b), loc)?;
            let o = self.index(env, ir.operand(op, o), loc)?;
            let n = self.index(env, ir.operand(op, n), loc)?;
            bindings.push(
                b.subspan(o, n)
                    .map_err(|m| err(loc, format!("binding: {m}")))?,
            );
        }
        let cmd = Command::Dispatch {
            executable: plan.executable.clone(),
            export: plan.ordinal,
            args: DispatchArgs {
                workgroups,
                constants,
                bindings,
            },
            site: plan.site.clone(),
        };
        let c = self.commands(env, ir.operand(op, 0), loc)?;
        c.record(cmd).map_err(|e| rt_err(loc, e))
    }

    /// Finds the kernel a dispatch op runs on `device`, loading it once.
    fn dispatch_plan(&mut self, op: Op, index: usize, loc: Attr) -> R<DispatchPlan> {
        let device = self.devices[index].clone();
        let entry = op_attr(self.ctx, self.ir, op, "entry_point")
            .ok_or_else(|| err(loc, "missing entry point"))?;
        let (exe, path) = match self.ctx.attr_kind(entry) {
            AttrKind::SymbolRef { root, nested } => (*root, nested.clone()),
            _ => return Err(err(loc, "entry point is not a symbol reference")),
        };
        let exe_name = self.ctx.str(exe).to_string();
        let exe_op =
            xir::symbol::lookup_symbol_in(self.ctx, self.ir, self.module, exe_name.as_bytes())
                .ok_or_else(|| err(loc, format!("no executable @{exe_name}")))?;
        let variants: Vec<Op> = self
            .ir
            .regions(exe_op)
            .first()
            .and_then(|&r| self.ir.entry_block(r))
            .map(|b| self.ir.block_ops(b).collect())
            .unwrap_or_default();
        let kind_of = |s: &Self, v: Op| {
            op_attr(s.ctx, s.ir, v, "target").and_then(|a| match decode(s.ctx, a) {
                Some(DeviceAttr::Target { kind, .. }) => {
                    Some(String::from_utf8_lossy(kind).into_owned())
                }
                _ => None,
            })
        };
        let sym = |s: &Self, v: Op| {
            xir::symbol::symbol_name(s.ctx, s.ir, v)
                .map(|n| String::from_utf8_lossy(n).into_owned())
        };
        let (variant, export) = match path.as_slice() {
            [v, e] => {
                let vname = self.ctx.str(*v).to_string();
                let var = variants
                    .iter()
                    .copied()
                    .find(|&o| sym(self, o).as_deref() == Some(&vname))
                    .ok_or_else(|| err(loc, format!("@{exe_name} has no variant @{vname}")))?;
                let kind = kind_of(self, var).unwrap_or_default();
                if !device.serves(&kind) {
                    return Err(err(loc, format!("variant @{exe_name}::@{vname} is for '{kind}', which device '{}' cannot run", device.name)));
                }
                (var, self.ctx.str(*e).to_string())
            }
            [e] => {
                let var = variants
                    .iter()
                    .copied()
                    .find(|&o| kind_of(self, o).is_some_and(|k| device.serves(&k)))
                    .ok_or_else(|| {
                        err(
                            loc,
                            format!(
                                "@{exe_name} has no variant that device '{}' can run",
                                device.name
                            ),
                        )
                    })?;
                (var, self.ctx.str(*e).to_string())
            }
            _ => {
                return Err(err(
                    loc,
                    "entry point must be @exe::@export or @exe::@variant::@export",
                ))
            }
        };
        let name = format!("{exe_name}::{}", sym(self, variant).unwrap_or_default());
        // Loaded once per variant and device for the executor's life (the IR
        // does not change under it); dispatches of one variant share it.
        let executable = match self.executables.get(&(variant, index)) {
            Some(e) => e.clone(),
            None => {
                let e = device
                    .prepare(self.ctx, self.ir, variant)
                    .map_err(|m| err(loc, format!("cannot load @{name}: {m}")))?;
                self.executables.insert((variant, index), e.clone());
                e
            }
        };
        let ordinal = executable
            .export_ordinal(&export)
            .ok_or_else(|| err(loc, format!("@{name} has no export @{export}")))?;
        let site = xir::diag::file_line_col(self.ctx, loc).unwrap_or_default();
        Ok(DispatchPlan {
            executable,
            ordinal,
            site: site.into(),
        })
    }
}
