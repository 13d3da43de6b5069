//! The intermediate tensors of each function with their pool, byte size and lifetime
//! over program order (pre-order numbering of the function's ops: a value lives from
//! its defining op through its last use, inclusive; the branches of a `graph.if` come
//! one after the other, so they never count as live together).
//!
//! Flow level (a module with a `flow.` or `scf.` op, after graph → flow, or
//! without graph ops): only tensors
//! that touch memory are buffers: `flow.dispatch` results (placed by the op's
//! `affinity`) and `flow.tensor.transfer` results (by its `target`); values
//! fused inside a kernel live in `flow.executable`s, which belong to no
//! function's plan. An `scf.if` result is no buffer of its own: it is whatever
//! its branches yield (lowering forwards the yielded resource), so each value
//! tied to it through yields lives until the last use of any of them, and none
//! is planned when one of them is returned. Call results belong to the callee
//! (it returns resources of its own), so they are not planned either. The
//! source of a transfer lives until the end of the transfer's block (see
//! `use_point`).

use rustc_hash::FxHashMap;
use xir::printer::type_to_string;
use xir::symbol::{op_attr, symbol_name};
use xir::types::TypeKind;
use xir::util::bytes::{tensor_bytes, Bytes};
use xir::{AttrKind, Context, Diagnostic, Ir, Op, Type, Value};
use xir_device::attrs::{self, DeviceAttr};
use xir_flow::ops as flow;

pub fn is_tensor(ctx: &Context, t: Type) -> bool {
    matches!(
        ctx.type_kind(t),
        TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. }
    )
}

/// Pool names (device, `:scope` appended) interned module-wide.
#[derive(Default)]
pub struct Pools {
    pub names: Vec<String>,
    ids: FxHashMap<String, u32>,
}

impl Pools {
    pub fn id(&mut self, name: String) -> u32 {
        if let Some(&i) = self.ids.get(&name) {
            return i;
        }
        let i = self.names.len() as u32;
        self.ids.insert(name.clone(), i);
        self.names.push(name);
        i
    }
}

/// The pool name of an affinity (`gpu`, `gpu:shared`).
pub fn pool_name(ctx: &Context, affinity: xir::Attr) -> Option<String> {
    match attrs::decode(ctx, affinity)? {
        DeviceAttr::Affinity { device, memory, .. } => {
            let mut s = ctx.str(device).to_string();
            if let Some(m) = memory {
                s.push(':');
                s.push_str(&String::from_utf8_lossy(m));
            }
            Some(s)
        }
        _ => None,
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Buffer {
    pub value: Value,
    pub op: Op,
    pub result: u32,
    pub pool: u32,
    pub bytes: Bytes,
    pub start: u32,
    pub end: u32,
}

/// A call and the function it runs (bodiless callees are left out).
#[derive(Clone, Copy, Debug)]
pub struct Call {
    pub op: Op,
    pub at: u32,
    pub callee: usize,
}

pub struct FuncLiveness {
    pub op: Op,
    pub name: String,
    pub buffers: Vec<Buffer>,
    pub calls: Vec<Call>,
    /// `graph.constant` results (reported apart from the workspace): pool, bytes.
    pub constants: Vec<(u32, Bytes)>,
}

/// Every `func.func` with a body directly in the module, in order.
pub struct ModuleLiveness {
    pub funcs: Vec<FuncLiveness>,
    pub pools: Pools,
    /// The module is at the flow level (see the module comment).
    pub flow_level: bool,
}

/// Where a result of a flow-level op lives; `None`: not a buffer (only
/// dispatches and transfers make buffers; other tensor ops do not belong
/// at this level and are left to the conversion to name).
fn flow_placement(ctx: &Context, ir: &Ir, op: Op, name: &str) -> Option<Option<xir::Attr>> {
    if name == flow::DISPATCH.name {
        Some(op_attr(ctx, ir, op, "affinity"))
    } else if name == flow::TENSOR_TRANSFER.name {
        Some(op_attr(ctx, ir, op, "target"))
    } else {
        None
    }
}

/// Until when a use by `owner` keeps a value alive. At the flow level a
/// transfer reads its source on the target's queue, which the source's
/// device learns about only by waiting for the target: reusing the source's
/// bytes sooner would make its device wait for the other one (no overlap).
/// So the source lives until the end of the transfer's block (when a
/// function returns or an `scf.if` ends, all of its work has finished).
fn use_point(
    ctx: &Context,
    ir: &Ir,
    index: &FxHashMap<Op, u32>,
    owner: Op,
    flow_level: bool,
) -> Option<u32> {
    if flow_level && flow::TENSOR_TRANSFER.is(ctx, ir, owner) {
        if let Some(last) = ir.parent_block(owner).and_then(|b| ir.last_op(b)) {
            return index.get(&last).copied();
        }
    }
    index.get(&owner).copied()
}

fn find(parent: &mut [u32], mut x: u32) -> u32 {
    while parent[x as usize] != x {
        parent[x as usize] = parent[parent[x as usize] as usize];
        x = parent[x as usize];
    }
    x
}

/// Flow level: values tied through `scf.if` results and their yields share
/// one lifetime (union-find, near-linear). Per value of a tie: its class;
/// per class: the last use of any member and whether one is returned.
struct Ties {
    class: FxHashMap<Value, u32>,
    end: Vec<u32>,
    returned: Vec<bool>,
}

fn ties(ctx: &Context, ir: &Ir, f: Op, ops: &[Op], index: &FxHashMap<Op, u32>) -> Ties {
    let mut id: FxHashMap<Value, u32> = FxHashMap::default();
    let mut parent: Vec<u32> = Vec::new();
    let mut key = |v: Value, parent: &mut Vec<u32>| {
        *id.entry(v).or_insert_with(|| {
            parent.push(parent.len() as u32);
            parent.len() as u32 - 1
        })
    };
    for &op in ops {
        if !xir_scf::ops::IF.is(ctx, ir, op) {
            continue;
        }
        for &region in ir.regions(op) {
            let Some(y) = ir.entry_block(region).and_then(|b| ir.last_op(b)) else {
                continue;
            };
            if !xir_scf::ops::YIELD.is(ctx, ir, y) {
                continue;
            }
            for (&r, v) in ir.results(op).iter().zip(ir.operands(y)) {
                if !is_tensor(ctx, ir.value_type(r)) {
                    continue;
                }
                let (a, b) = (key(r, &mut parent), key(v, &mut parent));
                let (a, b) = (find(&mut parent, a), find(&mut parent, b));
                parent[a as usize] = b;
            }
        }
    }
    let n = parent.len();
    let (mut end, mut returned) = (vec![0u32; n], vec![false; n]);
    let mut class = FxHashMap::default();
    for (&v, &i) in &id {
        let c = find(&mut parent, i);
        class.insert(v, c);
        let def = match ir.value(v).def {
            xir::ValueDef::Result { op, .. } => index.get(&op).copied().unwrap_or(0),
            _ => 0,
        };
        let mut e = def;
        for u in ir.uses(v) {
            let owner = ir.use_data(u).owner;
            if xir_func::RETURN.is(ctx, ir, owner) && ir.parent_op(owner) == Some(f) {
                returned[c as usize] = true;
            }
            e = e.max(use_point(ctx, ir, index, owner, true).unwrap_or(def));
        }
        end[c as usize] = end[c as usize].max(e);
    }
    Ties {
        class,
        end,
        returned,
    }
}

/// Where a tensor result lives: the op's `device.affinity`, or for a call the
/// callee's result attribute.
fn placement(
    ctx: &Context,
    ir: &Ir,
    op: Op,
    result: usize,
    callee: Option<Op>,
) -> Option<xir::Attr> {
    if let Some(f) = callee {
        if let Some(AttrKind::Array(v)) = op_attr(ctx, ir, f, "res_attrs").map(|a| ctx.attr_kind(a))
        {
            if let Some(a) = v
                .get(result)
                .and_then(|&d| ctx.dict_get(d, "device.affinity"))
            {
                return Some(a);
            }
        }
    }
    ctx.dict_get(ir.op(op).attrs, "device.affinity")
}

#[allow(clippy::result_unit_err)]
/// Collects every function's buffers. Unplaced intermediates are errors (run
/// `device-plan` first); returns `Err` after reporting them.
pub fn collect(
    ctx: &Context,
    ir: &Ir,
    module: Op,
    max_dim: Option<u64>,
    pass: &str,
    diags: &mut xir::DiagEngine,
) -> Result<ModuleLiveness, ()> {
    let (funcs_ops, by_name) = module_funcs(ctx, ir, module);
    let orders: Vec<Vec<Op>> = funcs_ops
        .iter()
        .map(|&f| xir::walk::preorder(ir, f))
        .collect();
    let flow_level = is_flow_level(ctx, ir, module, &orders);
    let mut c = Collector {
        ctx,
        ir,
        max_dim,
        pass,
        funcs_ops,
        by_name,
        flow_level,
        pools: Pools::default(),
        errors: 0,
    };
    let mut funcs = Vec::with_capacity(orders.len());
    for (i, ops) in orders.into_iter().enumerate() {
        let f = c.funcs_ops[i];
        funcs.push(c.func(f, ops, diags));
    }
    if c.errors > 0 {
        return Err(());
    }
    Ok(ModuleLiveness {
        funcs,
        pools: c.pools,
        flow_level,
    })
}

/// The functions with a body directly in the module, and their index by name.
fn module_funcs<'a>(
    ctx: &'a Context,
    ir: &Ir,
    module: Op,
) -> (Vec<Op>, FxHashMap<&'a [u8], usize>) {
    let mut funcs_ops = Vec::new();
    let mut by_name: FxHashMap<&[u8], usize> = FxHashMap::default();
    if let Some(b) = ir.regions(module).first().and_then(|&r| ir.entry_block(r)) {
        for op in ir.block_ops(b) {
            if !xir_func::FUNC.is(ctx, ir, op) {
                continue;
            }
            let has_body = ir
                .regions(op)
                .first()
                .is_some_and(|&r| !ir.region_is_empty(r));
            if let (Some(n), true) = (symbol_name(ctx, ir, op), has_body) {
                by_name.insert(n, funcs_ops.len());
                funcs_ops.push(op);
            }
        }
    }
    (funcs_ops, by_name)
}

/// Flow level: a flow op, host control flow as scf (graph.if becomes
/// scf.if with graph → flow), or no graph op at all (nothing but calls).
fn is_flow_level(ctx: &Context, ir: &Ir, module: Op, orders: &[Vec<Op>]) -> bool {
    let has = |prefix: &str| {
        orders
            .iter()
            .flatten()
            .any(|&o| ctx.str(ir.op(o).name).starts_with(prefix))
    };
    has("flow.")
        || has("scf.")
        || !has("graph.")
        || ir
            .regions(module)
            .first()
            .and_then(|&r| ir.entry_block(r))
            .is_some_and(|b| ir.block_ops(b).any(|o| flow::EXECUTABLE.is(ctx, ir, o)))
}

/// The state of `collect` across functions.
struct Collector<'a> {
    ctx: &'a Context,
    ir: &'a Ir,
    max_dim: Option<u64>,
    pass: &'a str,
    funcs_ops: Vec<Op>,
    by_name: FxHashMap<&'a [u8], usize>,
    flow_level: bool,
    pools: Pools,
    errors: usize,
}

impl Collector<'_> {
    /// The buffers and calls of function `f`, whose ops in pre-order are `ops`.
    fn func(&mut self, f: Op, ops: Vec<Op>, diags: &mut xir::DiagEngine) -> FuncLiveness {
        let (ctx, ir) = (self.ctx, self.ir);
        let name =
            String::from_utf8_lossy(symbol_name(ctx, ir, f).unwrap_or_default()).into_owned();
        let mut index: FxHashMap<Op, u32> = FxHashMap::default();
        for (i, &o) in ops.iter().enumerate() {
            index.insert(o, i as u32);
        }
        let mut fl = FuncLiveness {
            op: f,
            name,
            buffers: Vec::new(),
            calls: Vec::new(),
            constants: Vec::new(),
        };
        let tied = self.flow_level.then(|| ties(ctx, ir, f, &ops, &index));
        for (t, &o) in ops.iter().enumerate().skip(1) {
            let t = t as u32;
            let opname = ctx.str(ir.op(o).name);
            let callee = if opname == xir_func::CALL.name {
                self.call(o, t, &mut fl)
            } else {
                None
            };
            let flow_place = if self.flow_level {
                match flow_placement(ctx, ir, o, opname) {
                    Some(p) => Some(p),
                    None => continue,
                }
            } else {
                None
            };
            for (ri, &v) in ir.results(o).iter().enumerate() {
                let ty = ir.value_type(v);
                if !is_tensor(ctx, ty) {
                    continue;
                }
                let Some(end) = self.live_until(f, v, t, &index, tied.as_ref()) else {
                    continue;
                };
                let place = match flow_place {
                    Some(p) => p,
                    None => placement(ctx, ir, o, ri, callee),
                };
                let Some(pool) = place.and_then(|a| pool_name(ctx, a)) else {
                    self.errors += 1;
                    if self.errors <= 8 {
                        diags.emit(Diagnostic::error(
                            ir.op(o).loc,
                            format!(
                                "{}: '{opname}' result #{ri} of type {} has no placement; run device-plan first",
                                self.pass,
                                type_to_string(ctx, ty)
                            ),
                        ));
                    }
                    continue;
                };
                let pool = self.pools.id(pool);
                let bytes = tensor_bytes(ctx, ty, self.max_dim);
                if opname == xir_graph::ops::CONSTANT.name {
                    fl.constants.push((pool, bytes));
                    continue;
                }
                fl.buffers.push(Buffer {
                    value: v,
                    op: o,
                    result: ri as u32,
                    pool,
                    bytes,
                    start: t,
                    end,
                });
            }
        }
        fl
    }

    /// Records call `o` (at `t`) of a module function; returns the callee.
    fn call(&self, o: Op, t: u32, fl: &mut FuncLiveness) -> Option<Op> {
        let ctx = self.ctx;
        let c = op_attr(ctx, self.ir, o, "callee").and_then(|a| match ctx.attr_kind(a) {
            AttrKind::SymbolRef { root, nested } if nested.is_empty() => {
                self.by_name.get(ctx.bytes(*root)).copied()
            }
            _ => None,
        });
        if let Some(c) = c {
            fl.calls.push(Call {
                op: o,
                at: t,
                callee: c,
            });
        }
        c.map(|c| self.funcs_ops[c])
    }

    /// Until when value `v`, defined at `t` in `f`, lives; `None` when `f`
    /// returns it (it needs no buffer of `f`'s).
    fn live_until(
        &self,
        f: Op,
        v: Value,
        t: u32,
        index: &FxHashMap<Op, u32>,
        tied: Option<&Ties>,
    ) -> Option<u32> {
        let (ctx, ir) = (self.ctx, self.ir);
        let mut end = t;
        let mut returned = false;
        for u in ir.uses(v) {
            let owner = ir.use_data(u).owner;
            if xir_func::RETURN.is(ctx, ir, owner) && ir.parent_op(owner) == Some(f) {
                returned = true;
            }
            end = end.max(use_point(ctx, ir, index, owner, self.flow_level).unwrap_or(t));
        }
        if let Some(&c) = tied.and_then(|t| t.class.get(&v)) {
            let t = tied.expect("flow level");
            returned |= t.returned[c as usize];
            end = end.max(t.end[c as usize]);
        }
        (!returned).then_some(end)
    }
}

/// Functions in post-order of the call graph (callees first, except along a cycle,
/// where the callee that closes it comes later). Iterative.
pub fn bottom_up(m: &ModuleLiveness) -> Vec<usize> {
    let n = m.funcs.len();
    let mut seen = vec![false; n];
    let mut order = Vec::with_capacity(n);
    for root in 0..n {
        if seen[root] {
            continue;
        }
        seen[root] = true;
        let mut stack = vec![(root, 0usize)];
        while let Some(top) = stack.last_mut() {
            let f = top.0;
            if let Some(c) = m.funcs[f].calls.get(top.1) {
                top.1 += 1;
                if !seen[c.callee] {
                    seen[c.callee] = true;
                    stack.push((c.callee, 0));
                }
            } else {
                order.push(f);
                stack.pop();
            }
        }
    }
    order
}
