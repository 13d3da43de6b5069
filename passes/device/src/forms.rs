//! `device-minimize` / `device-expand`: the minimal form keeps only the affinities
//! the lexical rules cannot rebuild; expand rebuilds the complete form from it.
//!
//! Lexical rules (in post-order, so a `graph.if` sees its yields): a transfer is on
//! its `to`; `graph.dim` and `graph.extract` are on `device.host`; a `graph.if` is where its then-yield's
//! first tensor value is; any other graph op is where its first tensor operand is.
//! A value is where its defining graph op is, a call result where the callee's
//! `res_attrs` say, a function argument where its `arg_attrs` say. Minimize drops an
//! op's affinity exactly when the rule gives it back, so the round trip is exact.

use super::plan::devices::Devices;
use super::plan::func_attrs::{self, set_op_attr};
use super::plan::model::is_tensor;
use rustc_hash::FxHashMap;
use xir::pass::{Pass, PassContext};
use xir::symbol::{op_attr, symbol_name};
use xir::{Attr, AttrKind, Context, Diagnostic, Ident, Ir, Op, Value, ValueDef};
use xir_func::{CALL, FUNC};
use xir_graph::ops as graph;

/// Ops in post-order: nested ops before their parent, siblings in program order.
fn postorder(ir: &mut Ir, root: Op) -> Vec<Op> {
    let mut out = Vec::new();
    xir::walk::walk_postorder(ir, root, |_, op| {
        out.push(op);
        xir::walk::WalkResult::Advance
    });
    out
}

struct Rules {
    host: Option<Attr>,
    funcs: FxHashMap<Ident, Op>,
}

impl Rules {
    fn new(ctx: &mut Context, ir: &Ir, module: Op) -> Rules {
        let host = Devices::collect(ctx, ir, module).host;
        let mut funcs = FxHashMap::default();
        if let Some(b) = ir.regions(module).first().and_then(|&r| ir.entry_block(r)) {
            for op in ir.block_ops(b) {
                if FUNC.is(ctx, ir, op) {
                    if let Some(n) = symbol_name(ctx, ir, op).map(|n| n.to_vec()) {
                        funcs.insert(ctx.ident_bytes(&n), op);
                    }
                }
            }
        }
        Rules { host, funcs }
    }

    /// Where value `v` is, read from the IR as it stands.
    fn value(&self, ctx: &Context, ir: &Ir, v: Value) -> Option<Attr> {
        match ir.value(v).def {
            ValueDef::Result { op, index } => {
                let name = ctx.str(ir.op(op).name);
                if name == graph::TRANSFER.name {
                    op_attr(ctx, ir, op, "target")
                } else if name.starts_with("graph.") {
                    ctx.dict_get(ir.op(op).attrs, "device.affinity")
                } else if name == CALL.name {
                    let f = match ctx.attr_kind(op_attr(ctx, ir, op, "callee")?) {
                        AttrKind::SymbolRef { root, .. } => *self.funcs.get(root)?,
                        _ => return None,
                    };
                    func_attrs::get(ctx, ir, f, "res_attrs", index as usize)
                } else {
                    None
                }
            }
            ValueDef::BlockArg { block, index } => {
                let f = ir.block_parent_op(block)?;
                let entry = ir.regions(f).first().and_then(|&r| ir.entry_block(r));
                if !FUNC.is(ctx, ir, f) || entry != Some(block) {
                    return None;
                }
                func_attrs::get(ctx, ir, f, "arg_attrs", index as usize)
            }
            ValueDef::Placeholder => None,
        }
    }

    /// The placement the lexical rules give `op`; `None`: it must be written.
    fn rule(&self, ctx: &Context, ir: &Ir, op: Op) -> Option<Attr> {
        if graph::TRANSFER.is(ctx, ir, op) {
            op_attr(ctx, ir, op, "target")
        } else if graph::DIM.is(ctx, ir, op) || graph::EXTRACT.is(ctx, ir, op) {
            self.host
        } else if graph::IF.is(ctx, ir, op) {
            let r = *ir.regions(op).first()?;
            let y = ir.last_op(ir.entry_block(r)?)?;
            let v = ir.operands(y).find(|&v| is_tensor(ctx, ir.value_type(v)))?;
            self.value(ctx, ir, v)
        } else {
            let v = ir
                .operands(op)
                .find(|&v| is_tensor(ctx, ir.value_type(v)))?;
            self.value(ctx, ir, v)
        }
    }
}

/// The graph ops that carry a placement (all but `graph.yield` and `graph.on_device`).
fn placed(ctx: &Context, ir: &Ir, op: Op) -> bool {
    let n = ctx.str(ir.op(op).name);
    n.starts_with("graph.") && n != graph::YIELD.name && n != graph::ON_DEVICE.name
}

/// Drops every op affinity the rules rebuild. Returns how many were dropped.
pub fn minimize(ctx: &mut Context, ir: &mut Ir, module: Op) -> usize {
    let rules = Rules::new(ctx, ir, module);
    let drop: Vec<Op> = postorder(ir, module)
        .into_iter()
        .filter(|&op| placed(ctx, ir, op))
        .filter(|&op| {
            let cur = ctx.dict_get(ir.op(op).attrs, "device.affinity");
            cur.is_some() && rules.rule(ctx, ir, op) == cur
        })
        .collect();
    for &op in &drop {
        set_op_attr(ctx, ir, op, "device.affinity", None);
    }
    drop.len()
}

/// Rebuilds missing op affinities; an op the rules cannot place, or a tensor
/// argument/result without one, is an error.
#[allow(clippy::result_unit_err)]
pub fn expand(
    ctx: &mut Context,
    ir: &mut Ir,
    module: Op,
    diags: &mut xir::DiagEngine,
) -> Result<usize, ()> {
    let rules = Rules::new(ctx, ir, module);
    let mut n = 0;
    let mut failed = false;
    for op in postorder(ir, module) {
        if FUNC.is(ctx, ir, op) {
            failed |= check_signature(ctx, ir, op, diags);
            continue;
        }
        if !placed(ctx, ir, op) || ctx.dict_get(ir.op(op).attrs, "device.affinity").is_some() {
            continue;
        }
        match rules.rule(ctx, ir, op) {
            Some(a) => {
                set_op_attr(ctx, ir, op, "device.affinity", Some(a));
                n += 1;
            }
            None => {
                failed = true;
                diags.emit(Diagnostic::error(
                    ir.op(op).loc,
                    format!(
                        "cannot rebuild the placement of '{}': it has no device.affinity and its first tensor operand has none",
                        ctx.str(ir.op(op).name)
                    ),
                ));
            }
        }
    }
    if failed {
        Err(())
    } else {
        Ok(n)
    }
}

/// Reports tensor arguments/results of `f` without an affinity; true if any.
fn check_signature(ctx: &Context, ir: &Ir, f: Op, diags: &mut xir::DiagEngine) -> bool {
    let Some(AttrKind::Type(t)) = op_attr(ctx, ir, f, "function_type").map(|a| ctx.attr_kind(a))
    else {
        return false;
    };
    let xir::TypeKind::Function { inputs, results } = ctx.type_kind(*t) else {
        return false;
    };
    let mut bad = false;
    for (which, kind, tys) in [
        ("arg_attrs", "argument", inputs),
        ("res_attrs", "result", results),
    ] {
        for (i, &ty) in tys.iter().enumerate() {
            if is_tensor(ctx, ty) && func_attrs::get(ctx, ir, f, which, i).is_none() {
                bad = true;
                diags.emit(Diagnostic::error(
                    ir.op(f).loc,
                    format!("cannot rebuild placements: tensor {kind} #{i} has no device.affinity"),
                ));
            }
        }
    }
    bad
}

#[derive(Default)]
pub struct DeviceMinimize;

impl DeviceMinimize {
    pub const ARGUMENT: &'static str = "device-minimize";
    pub const SUMMARY: &'static str = "Drop the device affinities that device-expand can rebuild";
}

impl Pass for DeviceMinimize {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "DeviceMinimize"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn run(&mut self, pc: &mut PassContext<'_>, module: Op) -> Result<(), ()> {
        let n = minimize(pc.ctx, pc.ir, module);
        if n == 0 {
            pc.preserve_all();
        }
        Ok(())
    }
}

#[derive(Default)]
pub struct DeviceExpand;

impl DeviceExpand {
    pub const ARGUMENT: &'static str = "device-expand";
    pub const SUMMARY: &'static str =
        "Rebuild the complete device placement form from the minimal form";
}

impl Pass for DeviceExpand {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "DeviceExpand"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn run(&mut self, pc: &mut PassContext<'_>, module: Op) -> Result<(), ()> {
        let n = expand(pc.ctx, pc.ir, module, pc.diags)?;
        if n == 0 {
            pc.preserve_all();
        }
        Ok(())
    }
}
