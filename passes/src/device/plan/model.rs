//! Builds the placement problem of a module: variables, pins (phase 1), then the
//! colocation edges in program order (phase 2), cutting conflicting uses into
//! transfers under `auto-transfer`.

use super::devices::Devices;
use super::diagnostics;
use super::func_attrs;
use super::pins::{op_pins, Pinned};
use super::solver::{Pin, PinSource, Solver, Var};
use rustc_hash::FxHashMap;
use xir::symbol::{op_attr, symbol_name};
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

#[derive(Default)]
pub struct Model {
    pub solver: Solver,
    pub values: FxHashMap<Value, Var>,
    pub ops: FxHashMap<Op, Var>,
    pub funcs: Vec<FuncSig>,
    func_by_op: FxHashMap<Op, usize>,
    func_by_name: FxHashMap<Ident, usize>,
    /// Graph ops to annotate, in program order.
    pub placed: Vec<Op>,
    pub on_device: Vec<Op>,
    pub cuts: Vec<Cut>,
    pub errors: usize,
    auto_transfer: bool,
}

impl Model {
    fn value_var(&mut self, v: Value) -> Var {
        if let Some(&x) = self.values.get(&v) {
            return x;
        }
        let x = self.solver.new_var();
        self.values.insert(v, x);
        x
    }

    fn op_var(&mut self, op: Op) -> Var {
        if let Some(&x) = self.ops.get(&op) {
            return x;
        }
        let x = self.solver.new_var();
        self.ops.insert(op, x);
        x
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

/// Builds and solves the placement problem of `module`.
pub fn build(
    ctx: &mut Context,
    ir: &Ir,
    module: Op,
    devices: &mut Devices,
    auto_transfer: bool,
    diags: &mut DiagEngine,
) -> Model {
    let mut m = Model {
        auto_transfer,
        ..Model::default()
    };
    let order = xir::walk::preorder(ir, module);

    // Function signatures and their pins.
    for &op in &order {
        if ctx.str(ir.op(op).name) != "func.func" {
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

    // Phase 1: the pins of ops.
    let mut pins = Vec::new();
    for &op in &order {
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

    // Phase 2: colocation, in program order.
    for &op in &order {
        let name = ctx.str(ir.op(op).name);
        match name {
            "builtin.module" | "func.func" | "device.global" => {}
            "graph.on_device" => {
                let (a, b) = (
                    m.value_var(ir.operand(op, 0)),
                    m.value_var(ir.result(op, 0)),
                );
                m.def_edge(ctx, ir, b, a, op, diags);
                m.on_device.push(op);
            }
            "graph.transfer" | "graph.dim" => {
                m.op_var(op);
                m.placed.push(op);
            }
            "graph.yield" => {
                let Some(parent) = ir.parent_op(op) else {
                    continue;
                };
                if ctx.str(ir.op(parent).name) != "graph.if" {
                    continue;
                }
                for (i, v) in ir.operands(op).enumerate().collect::<Vec<_>>() {
                    let Some(&r) = ir.results(parent).get(i) else {
                        continue;
                    };
                    if is_tensor(ctx, ir.value_type(v)) {
                        let (a, b) = (m.value_var(v), m.value_var(r));
                        m.use_edge(ctx, ir, a, b, op, i, diags);
                    }
                }
            }
            "func.return" => {
                let Some(f) = ir.parent_op(op).and_then(|p| m.func_by_op.get(&p).copied()) else {
                    continue;
                };
                for (i, v) in ir.operands(op).enumerate().collect::<Vec<_>>() {
                    let Some(Some(r)) = m.funcs[f].results.get(i).copied() else {
                        continue;
                    };
                    if is_tensor(ctx, ir.value_type(v)) {
                        let a = m.value_var(v);
                        m.use_edge(ctx, ir, a, r, op, i, diags);
                    }
                }
            }
            "func.call"
                if callee(ctx, ir, op)
                    .and_then(|c| m.func_by_name.get(&c))
                    .is_some() =>
            {
                let f = m.func_by_name[&callee(ctx, ir, op).unwrap_or_else(|| unreachable!())];
                for (j, &r) in ir.results(op).iter().enumerate() {
                    let Some(Some(cv)) = m.funcs[f].results.get(j).copied() else {
                        continue;
                    };
                    if is_tensor(ctx, ir.value_type(r)) {
                        let a = m.value_var(r);
                        m.def_edge(ctx, ir, a, cv, op, diags);
                    }
                }
                for (i, v) in ir.operands(op).enumerate().collect::<Vec<_>>() {
                    let Some(Some(cv)) = m.funcs[f].args.get(i).copied() else {
                        continue;
                    };
                    if is_tensor(ctx, ir.value_type(v)) {
                        let a = m.value_var(v);
                        m.use_edge(ctx, ir, a, cv, op, i, diags);
                    }
                }
            }
            _ => {
                let graph = name.starts_with("graph.");
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
                for (i, v) in ir.operands(op).enumerate().collect::<Vec<_>>() {
                    if is_tensor(ctx, ir.value_type(v)) {
                        let a = m.value_var(v);
                        m.use_edge(ctx, ir, a, ov, op, i, diags);
                    }
                }
            }
        }
    }
    m
}

fn callee(ctx: &Context, ir: &Ir, op: Op) -> Option<Ident> {
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
