//! `device-annotate-affinities`: writes the placement `device-plan` would compute on
//! every graph op and tensor function argument/result, without rewriting anything
//! (no transfers inserted, `graph.on_device` kept). A debugging aid, so conflicts are
//! remarks, not errors.
//!
//! Where no single placement exists the op gets `device.conflict = [A, B, …]`
//! (the placements that collide) instead of `device.affinity`:
//! - a use whose two sides are pinned differently: its user gets
//!   `[placement of the operand, placement the user needs]`;
//! - a value pinned twice: every op of its class gets all of the class's pins, and
//!   function arguments/results of that class get no `device.affinity`.

use super::plan::devices::Devices;
use super::plan::func_attrs::{self, set_op_attr};
use super::plan::model::{self, Model};
use super::plan::pins::{op_pins, Pinned};
use super::plan::solver::{PinId, Var};
use rustc_hash::FxHashMap;
use xir::diag::Severity;
use xir::pass::{Pass, PassContext};
use xir::symbol::{op_attr, symbol_name};
use xir::{Attr, AttrKind, Context, DiagEngine, Diagnostic, Ir, Op};

/// Detailed conflict remarks (each walks the join forest).
const MAX_DETAILED: usize = 8;

#[derive(Default)]
pub struct AnnotateAffinities;

impl AnnotateAffinities {
    pub const ARGUMENT: &'static str = "device-annotate-affinities";
    pub const SUMMARY: &'static str =
        "Annotate the placement device-plan would compute, without rewriting; conflicts are remarks";
}

/// The placement of a variable's class: its pin, else the default.
pub fn placement(m: &mut Model, default: Attr, v: Var) -> Attr {
    match m.solver.class_pin(v) {
        Some(p) => m.solver.pins[p as usize].attr,
        None => default,
    }
}

/// Solves the module's placement problem in auto-transfer mode (so that a conflicting
/// use is recorded as a cut instead of stopping the solve). Planner errors (values
/// pinned twice) are returned, not emitted.
pub fn solve(ctx: &mut Context, ir: &Ir, module: Op) -> (Devices, Model, Vec<Diagnostic>) {
    let mut devices = Devices::collect(ctx, ir, module);
    let mut scratch = DiagEngine::default();
    let m = model::build(
        ctx,
        ir,
        module,
        &mut devices,
        model::Mode::AutoTransfer,
        false,
        &mut scratch,
    );
    (devices, m, scratch.take())
}

/// The variable on the user's side of operand `index` of `user` (what a cut cut).
fn need_var(ctx: &Context, ir: &Ir, m: &Model, user: Op, index: usize) -> Option<Var> {
    if xir_graph::ops::YIELD.is(ctx, ir, user) {
        let r = *ir.results(ir.parent_op(user)?).get(index)?;
        m.var_of_value(r)
    } else if xir_func::RETURN.is(ctx, ir, user) {
        let f = ir.parent_op(user)?;
        m.funcs
            .iter()
            .find(|s| s.op == f)?
            .results
            .get(index)
            .copied()?
    } else if xir_func::CALL.is(ctx, ir, user) {
        let AttrKind::SymbolRef { root, .. } = ctx.attr_kind(op_attr(ctx, ir, user, "callee")?)
        else {
            return None;
        };
        let name = ctx.bytes(*root);
        let sig = m
            .funcs
            .iter()
            .find(|s| symbol_name(ctx, ir, s.op) == Some(name))?;
        sig.args.get(index).copied()?
    } else {
        m.var_of_op(user)
    }
}

/// Every pin of the program whose class ended up pinned differently (a double pin):
/// class root → the placements that collide there.
fn double_pins(
    ctx: &mut Context,
    ir: &Ir,
    module: Op,
    devices: &mut Devices,
    m: &mut Model,
) -> FxHashMap<Var, Vec<Attr>> {
    let mut pins = Vec::new();
    for op in xir::walk::preorder(ir, module) {
        op_pins(ctx, ir, op, devices, &mut pins);
    }
    let mut found: Vec<(Var, Attr)> = Vec::new();
    for (what, attr, _) in pins {
        let var = match what {
            Pinned::Value(v) => m.var_of_value(v),
            Pinned::Op(o) => m.var_of_op(o),
        };
        if let Some(var) = var {
            found.push((var, attr));
        }
    }
    for sig in &m.funcs {
        for (which, vars) in [("arg_attrs", &sig.args), ("res_attrs", &sig.results)] {
            for (i, v) in vars.iter().enumerate() {
                if let (Some(v), Some(a)) = (v, func_attrs::get(ctx, ir, sig.op, which, i)) {
                    found.push((*v, a));
                }
            }
        }
    }
    let mut out: FxHashMap<Var, Vec<Attr>> = FxHashMap::default();
    for (var, attr) in found {
        let Some(p) = m.solver.class_pin(var) else {
            continue;
        };
        let pin = m.solver.pins[p as usize];
        if pin.key == devices.key(ctx, attr) {
            continue;
        }
        let list = out
            .entry(m.solver.find(var))
            .or_insert_with(|| vec![pin.attr]);
        if !list.contains(&attr) {
            list.push(attr);
        }
    }
    out
}

/// The planner's conflict error for a cut use, as a remark.
fn cut_remark(
    ctx: &Context,
    ir: &Ir,
    m: &mut Model,
    user: Op,
    index: usize,
    detailed: bool,
) -> Diagnostic {
    let value = ir.operand(user, index);
    let a = m.var_of_value(value);
    let b = need_var(ctx, ir, m, user, index);
    let pins: Option<(Var, Var, PinId, PinId)> = match (a, b) {
        (Some(a), Some(b)) => match (m.solver.class_pin(a), m.solver.class_pin(b)) {
            (Some(pa), Some(pb)) => Some((a, b, pa, pb)),
            _ => None,
        },
        _ => None,
    };
    let mut d = match (pins, detailed) {
        (Some((a, b, pa, pb)), true) => {
            let (p1, p2) = (m.solver.pins[pa as usize], m.solver.pins[pb as usize]);
            let (p1, p2, chain) =
                super::plan::diagnostics::chain(ctx, ir, &m.solver, p1, p2, a, b, user, true);
            super::plan::diagnostics::conflict(ctx, ir, &p1, &p2, user, &chain)
        }
        _ => Diagnostic::error(
            ir.op(user).loc,
            format!(
                "conflicting placements meet at operand #{index} of this '{}'",
                ctx.str(ir.op(user).name)
            ),
        ),
    };
    d.severity = Severity::Remark;
    d
}

impl Pass for AnnotateAffinities {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "DeviceAnnotateAffinities"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn run(&mut self, pc: &mut PassContext<'_>, module: Op) -> Result<(), ()> {
        let (mut devices, mut m, errors) = solve(pc.ctx, pc.ir, module);
        for mut d in errors {
            d.severity = Severity::Remark;
            pc.diags.emit(d);
        }
        if m.solver.num_vars() == 0 {
            pc.preserve_all();
            return Ok(());
        }
        let default = devices.require_default(Self::ARGUMENT, pc.ir.op(module).loc, pc.diags)?;
        let ctx = &mut *pc.ctx;
        let ir = &mut *pc.ir;
        let doubles = double_pins(ctx, ir, module, &mut devices, &mut m);

        // Conflicts at uses: the user gets both sides.
        let mut conflicts: FxHashMap<Op, Vec<Attr>> = FxHashMap::default();
        let cuts = std::mem::take(&mut m.cuts);
        for (n, cut) in cuts.iter().enumerate() {
            let d = cut_remark(ctx, ir, &mut m, cut.user, cut.index, n < MAX_DETAILED);
            pc.diags.emit(d);
            let list = conflicts.entry(cut.user).or_default();
            for a in [cut.from, cut.to] {
                if !list.contains(&a) {
                    list.push(a);
                }
            }
        }

        let mut ops: Vec<Op> = m.placed.clone();
        ops.extend(m.on_device.iter().copied());
        for op in ops {
            let var = match m.var_of_op(op) {
                Some(v) => v,
                None => match ir.results(op).first().and_then(|&r| m.var_of_value(r)) {
                    Some(v) => v,
                    None => continue,
                },
            };
            let root = m.solver.find(var);
            let clash = conflicts
                .remove(&op)
                .or_else(|| doubles.get(&root).cloned());
            if let Some(list) = clash {
                set_op_attr(ctx, ir, op, "device.affinity", None);
                let arr = ctx.intern_attr(AttrKind::Array(list));
                set_op_attr(ctx, ir, op, "device.conflict", Some(arr));
                continue;
            }
            let a = if xir_graph::ops::TRANSFER.is(ctx, ir, op) {
                op_attr(ctx, ir, op, "target")
            } else {
                Some(placement(&mut m, default, var))
            };
            set_op_attr(ctx, ir, op, "device.affinity", a);
        }
        // Users that are not graph ops (return, call, yield) still show the clash.
        for (op, list) in conflicts {
            let arr = ctx.intern_attr(AttrKind::Array(list));
            set_op_attr(ctx, ir, op, "device.conflict", Some(arr));
        }

        for i in 0..m.funcs.len() {
            let f = m.funcs[i].op;
            for which in ["arg_attrs", "res_attrs"] {
                let vars = if which == "arg_attrs" {
                    m.funcs[i].args.clone()
                } else {
                    m.funcs[i].results.clone()
                };
                let vals: Vec<_> = vars
                    .iter()
                    .enumerate()
                    .filter_map(|(j, v)| {
                        let v = (*v)?;
                        let root = m.solver.find(v);
                        let a = if doubles.contains_key(&root) {
                            None
                        } else {
                            Some(placement(&mut m, default, v))
                        };
                        Some((j, a))
                    })
                    .collect();
                func_attrs::set(ctx, ir, f, which, vars.len(), &vals);
            }
        }
        Ok(())
    }
}
