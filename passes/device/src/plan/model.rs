//! Builds the placement problem of a module: variables, pins (phase 1), then the
//! colocation edges in program order (phase 2), cutting conflicting uses into
//! transfers under `auto-transfer`.

use super::devices::Devices;
use super::diagnostics;
use super::func_attrs;
use super::kinds::{Kinds, OpKind};
use super::pins::{pins_of, Pinned};
use super::solver::{Pin, PinId, PinSource, Solver, Var};
use rustc_hash::{FxHashMap, FxHashSet};
use xir::symbol::{op_attr, symbol_name, visibility, Visibility};
use xir::types::TypeKind;
use xir::{Attr, AttrKind, Context, DiagEngine, Diagnostic, Ident, Ir, Op, Type, Value};

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

/// How uses whose two sides are pinned apart are treated.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Mode {
    /// A conflict is an error.
    #[default]
    Strict,
    /// A conflicting use is cut with a transfer at the use.
    AutoTransfer,
    /// No use joins its sides: every use is a [`SoftUse`] that `min_transfer`
    /// prices, and classes are only what definitions join.
    MinTransfer,
}

/// A use left to the min-transfer optimizer: operand `index` of `user` reads a
/// value of class `value` where class `need` needs it.
#[derive(Copy, Clone, Debug)]
pub struct SoftUse {
    pub value: Var,
    pub need: Var,
    pub user: Op,
    pub index: usize,
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
    /// Where its placements start in `Model::site_pos` (calls of cut callees only).
    pos: u32,
}

/// Where a call site's placement for one placed position of its callee comes
/// from, noted while the call is at hand (reading it back later misses the cache).
#[derive(Copy, Clone)]
enum SitePos {
    Var(Var),
    /// A value that had no variable yet: looked up when asked.
    Value(Value),
    Missing,
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
    /// The positions of the calls of cut callees, arguments then results.
    site_pos: Vec<SitePos>,
    pub errors: usize,
    /// Conflict errors shown (at most `MAX_CONFLICTS`).
    shown: usize,
    /// The pairs of pins (lower id first) whose conflict was reported.
    reported: FxHashSet<(PinId, PinId)>,
    /// Public callees reported shared, with their pair of calls.
    shared: FxHashSet<(usize, Op, Op)>,
    pub mode: Mode,
    /// Uses priced by the min-transfer optimizer (`Mode::MinTransfer`).
    pub soft: Vec<SoftUse>,
    /// What each device runs (targets' `ops`), for the "cannot run" errors.
    support: Option<std::rc::Rc<crate::support::Support>>,
    /// Cuts of one value to one placement share a transfer placed after its
    /// definition (min-transfer), instead of one transfer at each use.
    pub share_transfers: bool,
    /// A probe that cuts calls (never the final plan): conflicts are only counted,
    /// and joins are not recorded for error chains.
    probe_only: bool,
    /// The ops of the module in pre-order, and their kinds.
    order: Vec<Op>,
    kind: Vec<OpKind>,
}

/// The big tables of a model no longer needed: `build_reusing` fills them again
/// instead of faulting in fresh memory.
#[derive(Default)]
pub struct Spare {
    solver: Solver,
    values: Vec<Var>,
    ops: Vec<Var>,
    placed: Vec<Op>,
    order: Vec<Op>,
    kind: Vec<OpKind>,
}

/// The variable in `slot`, made on first use.
#[inline]
fn var_in(solver: &mut Solver, slot: &mut Var) -> Var {
    if *slot == NONE {
        *slot = solver.new_var();
    }
    *slot
}

impl Model {
    /// Gives up the model, keeping its big tables for the next one.
    pub fn into_spare(self) -> Spare {
        Spare {
            solver: self.solver,
            values: self.values,
            ops: self.ops,
            placed: self.placed,
            order: self.order,
            kind: self.kind,
        }
    }

    fn value_var(&mut self, v: Value) -> Var {
        var_in(&mut self.solver, &mut self.values[v.index()])
    }

    fn op_var(&mut self, op: Op) -> Var {
        var_in(&mut self.solver, &mut self.ops[op.index()])
    }

    /// The variable of a value, if it has one.
    pub fn var_of_value(&self, v: Value) -> Option<Var> {
        self.values.get(v.index()).copied().filter(|&x| x != NONE)
    }

    /// The variable of an op, if it has one.
    pub fn var_of_op(&self, op: Op) -> Option<Var> {
        self.ops.get(op.index()).copied().filter(|&x| x != NONE)
    }

    /// The crossing keys a call of a cut callee sees at the callee's placed
    /// positions (arguments then results). A call erased since the plan has no
    /// operands left: its argument positions read `None`.
    pub fn site_keys(&mut self, site: &CallSite, erased: bool, out: &mut Vec<Option<Attr>>) {
        out.clear();
        let f = site.callee;
        let nargs = self.funcs[f].args.iter().filter(|a| a.is_some()).count();
        let n = nargs + self.funcs[f].results.iter().filter(|r| r.is_some()).count();
        let start = site.pos as usize;
        for k in 0..n {
            let var = match self.site_pos[start + k] {
                _ if erased && k < nargs => None,
                SitePos::Var(v) => Some(v),
                SitePos::Value(v) => self.var_of_value(v),
                SitePos::Missing => None,
            };
            let key = var.and_then(|v| self.class_key(v));
            out.push(key);
        }
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
            if self.shown < MAX_CONFLICTS {
                self.shown += 1;
                let prev = self.solver.pins[prev as usize];
                diags.emit(diagnostics::double_pin(ctx, ir, &prev, attr, source));
            }
        }
    }

    /// Joins two sides of a definition (never cut); data flows from `a` to `b`
    /// when `a_to_b`, else from `b` to `a`.
    #[allow(clippy::too_many_arguments)]
    fn def_edge(
        &mut self,
        ctx: &Context,
        ir: &Ir,
        a: Var,
        b: Var,
        why: Op,
        a_to_b: bool,
        diags: &mut DiagEngine,
    ) {
        if let Err((pa, pb)) = self.solver.try_union(a, b, why, a_to_b) {
            self.report(ctx, ir, (pa, pb), (a, b), why, a_to_b, diags);
        }
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
        if self.mode == Mode::MinTransfer {
            self.soft.push(SoftUse {
                value,
                need,
                user,
                index,
            });
            return;
        }
        let Err((pa, pb)) = self.solver.try_union(value, need, user, true) else {
            return;
        };
        if self.mode == Mode::AutoTransfer {
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
            self.report(ctx, ir, (pa, pb), (value, need), user, true, diags);
        }
    }

    /// Notes the placement variables call `site` (of cut callee `f`) has at the
    /// callee's placed positions; see `site_keys`.
    fn note_site(
        &mut self,
        ctx: &Context,
        ir: &Ir,
        kinds: &mut Kinds,
        op: Op,
        f: usize,
        site: usize,
    ) {
        self.calls[site].pos = self.site_pos.len() as u32;
        let operands = ir.num_operands(op);
        for i in 0..self.funcs[f].args.len() {
            if self.funcs[f].args[i].is_none() {
                continue;
            }
            let pos = if i < operands {
                let v = ir.operand(op, i);
                if kinds.tensor(ctx, ir.value_type(v)) {
                    SitePos::Var(self.value_var(v))
                } else {
                    SitePos::Value(v)
                }
            } else {
                SitePos::Missing
            };
            self.site_pos.push(pos);
        }
        for j in 0..self.funcs[f].results.len() {
            if self.funcs[f].results[j].is_none() {
                continue;
            }
            let pos = match ir.results(op).get(j) {
                Some(&r) if kinds.tensor(ctx, ir.value_type(r)) => SitePos::Var(self.value_var(r)),
                Some(&r) => SitePos::Value(r),
                None => SitePos::Missing,
            };
            self.site_pos.push(pos);
        }
    }

    /// A call of module function `f` (call number `site` in `calls`): unified with
    /// its signature unless `f` is cut.
    #[allow(clippy::too_many_arguments)]
    fn call(
        &mut self,
        ctx: &Context,
        ir: &Ir,
        kinds: &mut Kinds,
        op: Op,
        f: usize,
        site: usize,
        diags: &mut DiagEngine,
    ) {
        let cut = self.cut_callee[f];
        if cut {
            self.note_site(ctx, ir, kinds, op, f, site);
        }
        for (j, &r) in ir.results(op).iter().enumerate() {
            let Some(Some(cv)) = self.funcs[f].results.get(j).copied() else {
                continue;
            };
            if kinds.tensor(ctx, ir.value_type(r)) {
                let a = self.value_var(r);
                if !cut {
                    // Data flows from the callee's result to the call's.
                    self.def_edge(ctx, ir, a, cv, op, false, diags);
                }
            }
        }
        for (i, v) in ir.operands(op).enumerate() {
            let Some(Some(cv)) = self.funcs[f].args.get(i).copied() else {
                continue;
            };
            if kinds.tensor(ctx, ir.value_type(v)) {
                let a = self.value_var(v);
                if !cut {
                    self.use_edge(ctx, ir, a, cv, op, i, diags);
                }
            }
        }
    }

    /// Any other op: a graph op, or an op touching tensors, runs where its tensor
    /// operands and results live.
    fn generic(
        &mut self,
        ctx: &Context,
        ir: &Ir,
        kinds: &mut Kinds,
        op: Op,
        graph: bool,
        diags: &mut DiagEngine,
    ) {
        if !graph
            && !ir
                .results(op)
                .iter()
                .any(|&r| kinds.tensor(ctx, ir.value_type(r)))
            && !ir.operands(op).any(|v| kinds.tensor(ctx, ir.value_type(v)))
        {
            return;
        }
        // Unknown ops with tensors are colocated conservatively, not annotated.
        let ov = self.op_var(op);
        if graph {
            self.placed.push(op);
        }
        for &r in ir.results(op) {
            if kinds.tensor(ctx, ir.value_type(r)) {
                let rv = self.value_var(r);
                self.def_edge(ctx, ir, ov, rv, op, true, diags);
            }
        }
        for (i, v) in ir.operands(op).enumerate() {
            if kinds.tensor(ctx, ir.value_type(v)) {
                let a = self.value_var(v);
                self.use_edge(ctx, ir, a, ov, op, i, diags);
            }
        }
    }

    /// A conflict: `at` could not join `a` (of pin `pa`'s class) and `b` (of pin
    /// `pb`'s). Each pair of pins is reported once, however many uses join them
    /// (the failed join leaves the two classes apart, so every later use between
    /// them fails again).
    #[allow(clippy::too_many_arguments)]
    fn report(
        &mut self,
        ctx: &Context,
        ir: &Ir,
        (pa, pb): (PinId, PinId),
        (a, b): (Var, Var),
        at: Op,
        a_to_b: bool,
        diags: &mut DiagEngine,
    ) {
        self.errors += 1;
        if self.probe_only || !self.reported.insert((pa.min(pb), pa.max(pb))) {
            return;
        }
        if self.shown >= MAX_CONFLICTS {
            return;
        }
        self.shown += 1;
        let (p1, p2) = (self.solver.pins[pa as usize], self.solver.pins[pb as usize]);
        // One side is an op only one device runs: the other side's device cannot run it.
        if let Some(sup) = self.support.as_ref() {
            let (support, other) = match (p1.source, p2.source) {
                (PinSource::Support(o), s) | (s, PinSource::Support(o))
                    if !matches!(s, PinSource::Support(_)) =>
                {
                    (
                        Some(o),
                        if matches!(p1.source, PinSource::Support(_)) {
                            p2
                        } else {
                            p1
                        },
                    )
                }
                _ => (None, p1),
            };
            if let Some(o) = support {
                diags.emit(crate::support::cannot_run(ctx, ir, sup, o, &other));
                return;
            }
        }
        let (p1, p2, chain) = diagnostics::chain(ctx, ir, &self.solver, p1, p2, a, b, at, a_to_b);
        match self.shared_callee(ctx, ir, &chain) {
            // Once per callee and pair of calls: the pins that meet there next are
            // the same shared callee again.
            Some((f, calls)) => {
                if self.shared.insert((f, calls.0, calls.1)) {
                    let fop = self.funcs[f].op;
                    diags.emit(diagnostics::shared_callee(
                        ctx, ir, &p1, &p2, fop, calls, at, &chain,
                    ));
                } else {
                    self.shown -= 1;
                }
            }
            None => diags.emit(diagnostics::conflict(ctx, ir, &p1, &p2, at, &chain)),
        }
    }

    /// Two different calls of one public function outside it along a conflict's
    /// chain (in chain order): the chain passes through the function's signature,
    /// which one placement cannot serve both callers, and only private functions
    /// are cloned (`specialize`).
    fn shared_callee(&self, ctx: &Context, ir: &Ir, chain: &[Op]) -> Option<(usize, (Op, Op))> {
        let mut calls: Vec<(usize, Op)> = Vec::new();
        for &o in chain {
            if OpKind::of_name(ctx.bytes(ir.op(o).name)) != OpKind::Call {
                continue;
            }
            let Some(&f) = callee(ctx, ir, o).and_then(|c| self.func_by_name.get(&c)) else {
                continue;
            };
            let fop = self.funcs[f].op;
            if visibility(ctx, ir, fop) == Visibility::Private || is_inside(ir, o, fop) {
                continue;
            }
            if let Some(&(_, c1)) = calls.iter().find(|&&(g, c)| g == f && c != o) {
                return Some((f, (c1, o)));
            }
            calls.push((f, o));
        }
        None
    }
}

/// Whether `op` is nested in `ancestor`.
fn is_inside(ir: &Ir, op: Op, ancestor: Op) -> bool {
    let mut p = ir.parent_op(op);
    while let Some(o) = p {
        if o == ancestor {
            return true;
        }
        p = ir.parent_op(o);
    }
    false
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
    mode: Mode,
    probe: bool,
    diags: &mut DiagEngine,
) -> Model {
    let spare = Spare::default();
    build_reusing(ctx, ir, module, devices, mode, probe, diags, spare)
}

/// `build`, in the memory of an earlier model.
#[allow(clippy::too_many_arguments)]
pub fn build_reusing(
    ctx: &mut Context,
    ir: &Ir,
    module: Op,
    devices: &mut Devices,
    mode: Mode,
    probe: bool,
    diags: &mut DiagEngine,
    spare: Spare,
) -> Model {
    let Spare {
        solver,
        mut values,
        mut ops,
        mut placed,
        mut order,
        mut kind,
    } = spare;
    values.clear();
    values.resize(ir.num_values(), NONE);
    ops.clear();
    ops.resize(ir.num_ops(), NONE);
    placed.clear();
    let mut kinds = Kinds::default();
    preorder(ir, module, &mut order);
    kind.clear();
    kind.extend(order.iter().map(|&op| kinds.op(ctx, ir.op(op).name)));
    let mut m = Model {
        mode,
        support: devices.support.clone(),
        values,
        ops,
        // At most one variable per value and per op, plus function results.
        solver: solver.reset(ir.num_values() + ir.num_ops()),
        placed,
        ..Model::default()
    };
    for (&op, _) in order.iter().zip(&kind).filter(|(_, &k)| k == OpKind::Func) {
        m.add_func(ctx, ir, devices, &mut kinds, op, diags);
    }
    let callee_of = m.pin_ops(ctx, ir, devices, &order, &kind, diags);
    m.cut_callees(ctx, ir, probe);
    m.colocate(ctx, ir, &mut kinds, &order, &kind, callee_of, diags);
    m.order = order;
    m.kind = kind;
    m
}

impl Model {
    /// The signature of function `op`: a variable per tensor argument and
    /// result, with their pins.
    fn add_func(
        &mut self,
        ctx: &mut Context,
        ir: &Ir,
        devices: &mut Devices,
        kinds: &mut Kinds,
        op: Op,
        diags: &mut DiagEngine,
    ) {
        let Some((inputs, results)) = signature(ctx, ir, op) else {
            return;
        };
        let entry = ir.regions(op).first().and_then(|&r| ir.entry_block(r));
        let mut args = Vec::with_capacity(inputs.len());
        for (i, &t) in inputs.iter().enumerate() {
            if !kinds.tensor(ctx, t) {
                args.push(None);
                continue;
            }
            let v = match entry.and_then(|b| ir.block_args(b).get(i).copied()) {
                Some(a) => self.value_var(a),
                None => self.solver.new_var(),
            };
            if let Some(a) = func_attrs::get(ctx, ir, op, "arg_attrs", i) {
                self.pin(ctx, ir, devices, v, a, PinSource::Arg(op, i as u32), diags);
            }
            args.push(Some(v));
        }
        let mut res = Vec::with_capacity(results.len());
        for (i, &t) in results.iter().enumerate() {
            if !kinds.tensor(ctx, t) {
                res.push(None);
                continue;
            }
            let v = self.solver.new_var();
            if let Some(a) = func_attrs::get(ctx, ir, op, "res_attrs", i) {
                let source = PinSource::Result(op, i as u32);
                self.pin(ctx, ir, devices, v, a, source, diags);
            }
            res.push(Some(v));
        }
        let idx = self.funcs.len();
        self.funcs.push(FuncSig {
            op,
            args,
            results: res,
        });
        self.func_by_op.insert(op, idx);
        if let Some(n) = symbol_name(ctx, ir, op) {
            let n = n.to_vec();
            let id = ctx.ident_bytes(&n);
            self.func_by_name.insert(id, idx);
        }
    }

    /// Phase 1: the pins of ops, and the calls of module functions. Returns
    /// each call's resolved callee, for phase 2.
    fn pin_ops(
        &mut self,
        ctx: &mut Context,
        ir: &Ir,
        devices: &mut Devices,
        order: &[Op],
        kind: &[OpKind],
        diags: &mut DiagEngine,
    ) -> Vec<Option<usize>> {
        let mut pins = Vec::new();
        let mut callee_of: Vec<Option<usize>> = Vec::new();
        for (&op, &k) in order.iter().zip(kind) {
            if k == OpKind::Call {
                callee_of.push(self.call_site(ctx, ir, op));
                continue;
            }
            if !k.is_graph() {
                continue;
            }
            pins_of(ctx, ir, op, k, devices, &mut pins);
            for (what, attr, src) in pins.drain(..) {
                let var = match what {
                    Pinned::Value(v) => self.value_var(v),
                    Pinned::Op(o) => self.op_var(o),
                };
                self.pin(ctx, ir, devices, var, attr, src, diags);
            }
            self.pin_by_support(ctx, ir, devices, op, diags);
        }
        callee_of
    }

    /// Records call `op` of a module function; returns the callee.
    fn call_site(&mut self, ctx: &Context, ir: &Ir, op: Op) -> Option<usize> {
        let f = callee(ctx, ir, op).and_then(|c| self.func_by_name.get(&c).copied())?;
        let fop = self.funcs[f].op;
        let mut p = ir.parent_op(op);
        while let Some(o) = p.filter(|&o| o != fop) {
            p = ir.parent_op(o);
        }
        self.calls.push(CallSite {
            op,
            callee: f,
            recursive: p.is_some(),
            pos: u32::MAX,
        });
        Some(f)
    }

    /// An op only one device runs is pinned there; one no device runs is an
    /// error.
    fn pin_by_support(
        &mut self,
        ctx: &mut Context,
        ir: &Ir,
        devices: &mut Devices,
        op: Op,
        diags: &mut DiagEngine,
    ) {
        let Some(sup) = devices.support.as_ref() else {
            return;
        };
        let name = ctx.bytes(ir.op(op).name);
        if crate::support::is_structural(name) {
            return;
        }
        let runners = sup.runners(name);
        if runners.is_empty() {
            self.errors += 1;
            diags.emit(Diagnostic::error(ir.op(op).loc, sup.nobody_runs(name)));
        } else if runners.len() == 1 && sup.devices.len() > 1 {
            // An op the program pinned elsewhere is left to `support::settle`,
            // which says it cannot run there.
            let attr = sup.devices[runners[0]].affinity;
            let var = self.op_var(op);
            if self.solver.class_pin(var).is_none() {
                self.pin(ctx, ir, devices, var, attr, PinSource::Support(op), diags);
            }
        }
    }

    /// With `probe`, the calls of a private function called from two or
    /// more places outside itself are not unified with it.
    fn cut_callees(&mut self, ctx: &Context, ir: &Ir, probe: bool) {
        let mut outside_calls = vec![0usize; self.funcs.len()];
        for c in self.calls.iter().filter(|c| !c.recursive) {
            outside_calls[c.callee] += 1;
        }
        self.cut_callee = (0..self.funcs.len())
            .map(|f| {
                probe
                    && outside_calls[f] >= 2
                    && visibility(ctx, ir, self.funcs[f].op) == Visibility::Private
            })
            .collect();
        if self.cut_callee.iter().any(|&c| c) {
            self.probe_only = true;
            self.solver.forget_joins();
        }
    }

    /// Phase 2: colocation, in program order.
    #[allow(clippy::too_many_arguments)]
    fn colocate(
        &mut self,
        ctx: &Context,
        ir: &Ir,
        kinds: &mut Kinds,
        order: &[Op],
        kind: &[OpKind],
        callee_of: Vec<Option<usize>>,
        diags: &mut DiagEngine,
    ) {
        let mut callee_of = callee_of.into_iter();
        let mut site = 0;
        for (&op, &k) in order.iter().zip(kind) {
            match k {
                OpKind::Module | OpKind::Func | OpKind::Global => {}
                OpKind::OnDevice => {
                    let (a, b) = (
                        self.value_var(ir.operand(op, 0)),
                        self.value_var(ir.result(op, 0)),
                    );
                    self.def_edge(ctx, ir, b, a, op, false, diags);
                    self.on_device.push(op);
                }
                OpKind::Transfer | OpKind::Dim => {
                    self.op_var(op);
                    self.placed.push(op);
                }
                OpKind::Yield => self.yield_edges(ctx, ir, kinds, op, diags),
                OpKind::Return => self.return_edges(ctx, ir, kinds, op, diags),
                OpKind::Call => match callee_of.next().flatten() {
                    Some(f) => {
                        self.call(ctx, ir, kinds, op, f, site, diags);
                        site += 1;
                    }
                    None => self.generic(ctx, ir, kinds, op, false, diags),
                },
                _ => self.generic(ctx, ir, kinds, op, k.is_graph(), diags),
            }
        }
    }

    /// The tensors an `scf.yield` of an `scf.if` yields live where the `if`'s
    /// results do.
    fn yield_edges(
        &mut self,
        ctx: &Context,
        ir: &Ir,
        kinds: &mut Kinds,
        op: Op,
        diags: &mut DiagEngine,
    ) {
        let Some(parent) = ir
            .parent_op(op)
            .filter(|&p| kinds.op(ctx, ir.op(p).name) == OpKind::If)
        else {
            return;
        };
        let results = ir.results(parent);
        for (i, v) in ir.operands(op).enumerate() {
            let Some(&r) = results.get(i) else {
                continue;
            };
            if kinds.tensor(ctx, ir.value_type(v)) {
                let (a, b) = (self.value_var(v), self.value_var(r));
                self.use_edge(ctx, ir, a, b, op, i, diags);
            }
        }
    }

    /// The tensors a function returns live where its results do.
    fn return_edges(
        &mut self,
        ctx: &Context,
        ir: &Ir,
        kinds: &mut Kinds,
        op: Op,
        diags: &mut DiagEngine,
    ) {
        let Some(f) = ir
            .parent_op(op)
            .and_then(|p| self.func_by_op.get(&p).copied())
        else {
            return;
        };
        for (i, v) in ir.operands(op).enumerate() {
            let Some(Some(r)) = self.funcs[f].results.get(i).copied() else {
                continue;
            };
            if kinds.tensor(ctx, ir.value_type(v)) {
                let a = self.value_var(v);
                self.use_edge(ctx, ir, a, r, op, i, diags);
            }
        }
    }
}

/// Every op nested in `root` (including `root`) in pre-order, into `out`. Not
/// `xir::walk::preorder`: this refills the caller's buffer (kept across plans in
/// `Spare`) instead of allocating a new list per run.
fn preorder(ir: &Ir, root: Op, out: &mut Vec<Op>) {
    out.clear();
    out.reserve(ir.num_ops());
    let mut stack = vec![root];
    while let Some(op) = stack.pop() {
        out.push(op);
        let start = stack.len();
        for &r in ir.regions(op) {
            for b in ir.region_blocks(r) {
                stack.extend(ir.block_ops(b));
            }
        }
        stack[start..].reverse();
    }
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
