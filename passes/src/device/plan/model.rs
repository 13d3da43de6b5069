//! Builds the placement problem of a module: variables, pins (phase 1), then the
//! colocation edges in program order (phase 2), cutting conflicting uses into
//! transfers under `auto-transfer`.

use super::devices::Devices;
use super::diagnostics;
use super::func_attrs;
use super::pins::{op_pins, Pinned};
use super::solver::{Pin, PinSource, Solver, Var};
use rustc_hash::FxHashMap;
use xir::symbol::{op_attr, symbol_name, visibility, Visibility};
use xir::types::TypeKind;
use xir::{Attr, AttrKind, Context, DiagEngine, Ident, Ir, Op, Type, Value};

/// Conflicts reported before giving up (each one walks the forest).
const MAX_CONFLICTS: usize = 8;

pub fn is_tensor(ctx: &Context, t: Type) -> bool {
    matches!(
        ctx.type_kind(t),
        TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. }
    )
}

/// A function's placement variables (`None` for non-tensor arguments/results).
pub struct FuncSig {
    pub op: Op,
    pub args: Vec<Option<Var>>,
    pub results: Vec<Option<Var>>,
}

/// A use to cut with a transfer (auto-transfer).
pub struct Cut {
    pub user: Op,
    pub index: usize,
    pub from: Attr,
    pub to: Attr,
}

/// No variable yet (dense side tables).
const NONE: Var = Var::MAX;

/// A call of a function of the module (for cloning private callees).
#[derive(Copy, Clone)]
pub struct CallSite {
    pub op: Op,
    /// Index into `Model::funcs`.
    pub callee: usize,
    /// A call inside its own callee.
    pub recursive: bool,
}

/// The op names the model dispatches on, interned once.
struct Names {
    module: Ident,
    func: Ident,
    global: Ident,
    on_device: Ident,
    transfer: Ident,
    dim: Ident,
    yield_: Ident,
    ret: Ident,
    call: Ident,
    if_: Ident,
}

impl Names {
    fn new(ctx: &mut Context) -> Names {
        Names {
            module: ctx.ident("builtin.module"),
            func: ctx.ident("func.func"),
            global: ctx.ident("device.global"),
            on_device: ctx.ident("graph.on_device"),
            transfer: ctx.ident("graph.transfer"),
            dim: ctx.ident("graph.dim"),
            yield_: ctx.ident("graph.yield"),
            ret: ctx.ident("func.return"),
            call: ctx.ident("func.call"),
            if_: ctx.ident("graph.if"),
        }
    }
}

#[derive(Default)]
pub struct Model {
    pub solver: Solver,
    /// Variable of each value, indexed by `Value::index()` (`NONE`: none).
    values: Vec<Var>,
    /// Variable of each op, indexed by `Op::index()`.
    ops: Vec<Var>,
    pub funcs: Vec<FuncSig>,
    func_by_op: FxHashMap<Op, usize>,
    func_by_name: FxHashMap<Ident, usize>,
    /// Graph ops to annotate, in program order.
    pub placed: Vec<Op>,
    pub on_device: Vec<Op>,
    pub cuts: Vec<Cut>,
    /// Calls of module functions, in program order.
    pub calls: Vec<CallSite>,
    /// Per function: its calls are not unified with it (cloning probe).
    pub cut_callee: Vec<bool>,
    pub errors: usize,
    auto_transfer: bool,
}

impl Model {
    fn value_var(&mut self, v: Value) -> Var {
        let x = self.values[v.index()];
        if x != NONE {
            return x;
        }
        let x = self.solver.new_var();
        self.values[v.index()] = x;
        x
    }

    fn op_var(&mut self, op: Op) -> Var {
        let x = self.ops[op.index()];
        if x != NONE {
            return x;
        }
        let x = self.solver.new_var();
        self.ops[op.index()] = x;
        x
    }

    /// The variable of a value, if it has one.
    pub fn var_of_value(&self, v: Value) -> Option<Var> {
        self.values.get(v.index()).copied().filter(|&x| x != NONE)
    }

    /// The variable of an op, if it has one.
    pub fn var_of_op(&self, op: Op) -> Option<Var> {
        self.ops.get(op.index()).copied().filter(|&x| x != NONE)
    }

    /// The crossing key of a variable's class pin.
    pub fn class_key(&mut self, v: Var) -> Option<Attr> {
        self.solver
            .class_pin(v)
            .map(|p| self.solver.pins[p as usize].key)
    }

    #[allow(clippy::too_many_arguments)]
    fn pin(
        &mut self,
        ctx: &mut Context,
        ir: &Ir,
        devices: &mut Devices,
        var: Var,
        attr: Attr,
        source: PinSource,
        diags: &mut DiagEngine,
    ) {
        let key = devices.key(ctx, attr);
        if let Err(prev) = self.solver.add_pin(Pin {
            attr,
            key,
            var,
            source,
        }) {
            self.errors += 1;
            if self.errors <= MAX_CONFLICTS {
                let prev = self.solver.pins[prev as usize];
                diags.emit(diagnostics::double_pin(ctx, ir, &prev, attr, source));
            }
        }
    }

    /// Joins two sides of a definition (never cut).
    fn def_edge(
        &mut self,
        ctx: &Context,
        ir: &Ir,
        a: Var,
        b: Var,
        why: Op,
        diags: &mut DiagEngine,
    ) {
        if let Some((pa, pb)) = self.solver.conflict(a, b) {
            self.report(ctx, ir, pa, pb, a, b, why, diags);
            return;
        }
        self.solver.union(a, b, why);
    }

    /// Joins a used value with where its user needs it; cut under auto-transfer.
    #[allow(clippy::too_many_arguments)]
    fn use_edge(
        &mut self,
        ctx: &Context,
        ir: &Ir,
        value: Var,
        need: Var,
        user: Op,
        index: usize,
        diags: &mut DiagEngine,
    ) {
        if let Some((pa, pb)) = self.solver.conflict(value, need) {
            if self.auto_transfer {
                let (from, to) = (
                    self.solver.pins[pa as usize].attr,
                    self.solver.pins[pb as usize].attr,
                );
                self.cuts.push(Cut {
                    user,
                    index,
                    from,
                    to,
                });
            } else {
                self.report(ctx, ir, pa, pb, value, need, user, diags);
            }
            return;
        }
        self.solver.union(value, need, user);
    }

    #[allow(clippy::too_many_arguments)]
    fn report(
        &mut self,
        ctx: &Context,
        ir: &Ir,
        pa: u32,
        pb: u32,
        a: Var,
        b: Var,
        at: Op,
        diags: &mut DiagEngine,
    ) {
        self.errors += 1;
        if self.errors > MAX_CONFLICTS {
            return;
        }
        let (p1, p2) = (self.solver.pins[pa as usize], self.solver.pins[pb as usize]);
        let mut chain = self.solver.path(p1.var, a);
        chain.push(at);
        chain.extend(self.solver.path(b, p2.var));
        chain.dedup();
        diags.emit(diagnostics::conflict(ctx, ir, &p1, &p2, at, &chain));
    }
}

/// Builds and solves the placement problem of `module`. With `probe`, calls of a
/// private function called from two or more places outside itself are not unified
/// with it (see `specialize`): each call site's own placement shows.
#[allow(clippy::too_many_arguments)]
pub fn build(
    ctx: &mut Context,
    ir: &Ir,
    module: Op,
    devices: &mut Devices,
    auto_transfer: bool,
    probe: bool,
    diags: &mut DiagEngine,
) -> Model {
    let mut m = Model {
        auto_transfer,
        values: vec![NONE; ir.num_values()],
        ops: vec![NONE; ir.num_ops()],
        ..Model::default()
    };
    let names = Names::new(ctx);
    let order = xir::walk::preorder(ir, module);

    // Function signatures and their pins.
    for &op in &order {
        if ir.op(op).name != names.func {
            continue;
        }
        let Some((inputs, results)) = signature(ctx, ir, op) else {
            continue;
        };
        let entry = ir.regions(op).first().and_then(|&r| ir.entry_block(r));
        let mut args = Vec::with_capacity(inputs.len());
        for (i, &t) in inputs.iter().enumerate() {
            if !is_tensor(ctx, t) {
                args.push(None);
                continue;
            }
            let v = match entry.and_then(|b| ir.block_args(b).get(i).copied()) {
                Some(a) => m.value_var(a),
                None => m.solver.new_var(),
            };
            if let Some(a) = func_attrs::get(ctx, ir, op, "arg_attrs", i) {
                m.pin(ctx, ir, devices, v, a, PinSource::Arg(op, i as u32), diags);
            }
            args.push(Some(v));
        }
        let mut res = Vec::with_capacity(results.len());
        for (i, &t) in results.iter().enumerate() {
            if !is_tensor(ctx, t) {
                res.push(None);
                continue;
            }
            let v = m.solver.new_var();
            if let Some(a) = func_attrs::get(ctx, ir, op, "res_attrs", i) {
                m.pin(
                    ctx,
                    ir,
                    devices,
                    v,
                    a,
                    PinSource::Result(op, i as u32),
                    diags,
                );
            }
            res.push(Some(v));
        }
        let idx = m.funcs.len();
        m.funcs.push(FuncSig {
            op,
            args,
            results: res,
        });
        m.func_by_op.insert(op, idx);
        if let Some(n) = symbol_name(ctx, ir, op) {
            let n = n.to_vec();
            let id = ctx.ident_bytes(&n);
            m.func_by_name.insert(id, idx);
        }
    }

    // Phase 1: the pins of ops, and the calls of module functions.
    let mut pins = Vec::new();
    let mut outside_calls = vec![0usize; m.funcs.len()];
    for &op in &order {
        if ir.op(op).name == names.call {
            let Some(f) = callee(ctx, ir, op).and_then(|c| m.func_by_name.get(&c).copied()) else {
                continue;
            };
            let fop = m.funcs[f].op;
            let mut p = ir.parent_op(op);
            while let Some(o) = p.filter(|&o| o != fop) {
                p = ir.parent_op(o);
            }
            let recursive = p.is_some();
            outside_calls[f] += !recursive as usize;
            m.calls.push(CallSite {
                op,
                callee: f,
                recursive,
            });
            continue;
        }
        pins.clear();
        op_pins(ctx, ir, op, devices, &mut pins);
        for (what, attr, src) in pins.drain(..) {
            let var = match what {
                Pinned::Value(v) => m.value_var(v),
                Pinned::Op(o) => m.op_var(o),
            };
            m.pin(ctx, ir, devices, var, attr, src, diags);
        }
    }
    m.cut_callee = (0..m.funcs.len())
        .map(|f| {
            probe
                && outside_calls[f] >= 2
                && visibility(ctx, ir, m.funcs[f].op) == Visibility::Private
        })
        .collect();

    // Phase 2: colocation, in program order.
    for &op in &order {
        let name = ir.op(op).name;
        if name == names.module || name == names.func || name == names.global {
            continue;
        }
        if name == names.on_device {
            let (a, b) = (
                m.value_var(ir.operand(op, 0)),
                m.value_var(ir.result(op, 0)),
            );
            m.def_edge(ctx, ir, b, a, op, diags);
            m.on_device.push(op);
        } else if name == names.transfer || name == names.dim {
            m.op_var(op);
            m.placed.push(op);
        } else if name == names.yield_ {
            let Some(parent) = ir.parent_op(op).filter(|&p| ir.op(p).name == names.if_) else {
                continue;
            };
            for i in 0..ir.num_operands(op) {
                let v = ir.operand(op, i);
                let Some(&r) = ir.results(parent).get(i) else {
                    continue;
                };
                if is_tensor(ctx, ir.value_type(v)) {
                    let (a, b) = (m.value_var(v), m.value_var(r));
                    m.use_edge(ctx, ir, a, b, op, i, diags);
                }
            }
        } else if name == names.ret {
            let Some(f) = ir.parent_op(op).and_then(|p| m.func_by_op.get(&p).copied()) else {
                continue;
            };
            for i in 0..ir.num_operands(op) {
                let v = ir.operand(op, i);
                let Some(Some(r)) = m.funcs[f].results.get(i).copied() else {
                    continue;
                };
                if is_tensor(ctx, ir.value_type(v)) {
                    let a = m.value_var(v);
                    m.use_edge(ctx, ir, a, r, op, i, diags);
                }
            }
        } else if let Some(f) = (name == names.call)
            .then(|| callee(ctx, ir, op).and_then(|c| m.func_by_name.get(&c).copied()))
            .flatten()
        {
            let cut = m.cut_callee[f];
            for (j, &r) in ir.results(op).iter().enumerate() {
                let Some(Some(cv)) = m.funcs[f].results.get(j).copied() else {
                    continue;
                };
                if is_tensor(ctx, ir.value_type(r)) {
                    let a = m.value_var(r);
                    if !cut {
                        m.def_edge(ctx, ir, a, cv, op, diags);
                    }
                }
            }
            for i in 0..ir.num_operands(op) {
                let v = ir.operand(op, i);
                let Some(Some(cv)) = m.funcs[f].args.get(i).copied() else {
                    continue;
                };
                if is_tensor(ctx, ir.value_type(v)) {
                    let a = m.value_var(v);
                    if !cut {
                        m.use_edge(ctx, ir, a, cv, op, i, diags);
                    }
                }
            }
        } else {
            let graph = ctx.bytes(name).starts_with(b"graph.");
            let tensors = ir
                .results(op)
                .iter()
                .any(|&r| is_tensor(ctx, ir.value_type(r)))
                || ir.operands(op).any(|v| is_tensor(ctx, ir.value_type(v)));
            if !graph && !tensors {
                continue;
            }
            // Unknown ops with tensors are colocated conservatively, not annotated.
            let ov = m.op_var(op);
            if graph {
                m.placed.push(op);
            }
            for &r in ir.results(op) {
                if is_tensor(ctx, ir.value_type(r)) {
                    let rv = m.value_var(r);
                    m.def_edge(ctx, ir, ov, rv, op, diags);
                }
            }
            for i in 0..ir.num_operands(op) {
                let v = ir.operand(op, i);
                if is_tensor(ctx, ir.value_type(v)) {
                    let a = m.value_var(v);
                    m.use_edge(ctx, ir, a, ov, op, i, diags);
                }
            }
        }
    }
    m
}

pub fn callee(ctx: &Context, ir: &Ir, op: Op) -> Option<Ident> {
    match ctx.attr_kind(op_attr(ctx, ir, op, "callee")?) {
        AttrKind::SymbolRef { root, nested } if nested.is_empty() => Some(*root),
        _ => None,
    }
}

fn signature(ctx: &Context, ir: &Ir, op: Op) -> Option<(Vec<Type>, Vec<Type>)> {
    match ctx.attr_kind(op_attr(ctx, ir, op, "function_type")?) {
        AttrKind::Type(t) => match ctx.type_kind(*t) {
            TypeKind::Function { inputs, results } => Some((inputs.clone(), results.clone())),
            _ => None,
        },
        _ => None,
    }
}
