//! `device-materialize`: turns the module's `device.targets` into one
//! `device.global @name = <device>` per device, in device order, at the start of the
//! module, and fills in `device.default` (the first device) and `device.host` (the
//! first `local` device, else the default device) where they are absent.
//!
//! Device order: `device.order = [@a, @b]` when present (`device-assign-targets`
//! writes it in flag order), else the dictionary's key order. Once materialized,
//! the order of the `device.global`s is the device order.

use super::rewrite_attrs::set_attr;
use xir::pass::{Pass, PassContext};
use xir::printer::attr_to_string;
use xir::store::OperationState;
use xir::{Attr, AttrKind, Context, Diagnostic, Ident, Ir, Op};
use xir_device::attrs::{self, decode, flat_symbol, DeviceAttr};

#[derive(Default)]
pub struct Materialize;

impl Materialize {
    pub const ARGUMENT: &'static str = "device-materialize";
    pub const SUMMARY: &'static str =
        "Create a device.global per device of device.targets and set the default and host devices";
}

/// The `device.targets` entries in device order; the error is the message.
pub fn ordered_targets(ctx: &Context, ir: &Ir, module: Op) -> Result<Vec<(Ident, Attr)>, String> {
    let targets = xir::symbol::op_attr(ctx, ir, module, "device.targets");
    let order = xir::symbol::op_attr(ctx, ir, module, "device.order");
    let entries: Vec<(Ident, Attr)> = targets
        .map(|t| ctx.dict_entries(t).to_vec())
        .unwrap_or_default();
    let Some(order) = order else {
        return Ok(entries);
    };
    if targets.is_none() {
        return Err("'device.order' is given without 'device.targets'".into());
    }
    let bad = || {
        format!(
            "'device.order' must be an array of device symbols, got {}",
            attr_to_string(ctx, order)
        )
    };
    let AttrKind::Array(names) = ctx.attr_kind(order) else {
        return Err(bad());
    };
    let mut out: Vec<(Ident, Attr)> = Vec::with_capacity(names.len());
    for &n in names {
        let Some(id) = flat_symbol(ctx, n) else {
            return Err(bad());
        };
        if out.iter().any(|e| e.0 == id) {
            return Err(format!("'device.order' lists '@{}' twice", ctx.str(id)));
        }
        let Some(&(_, dev)) = entries.iter().find(|e| e.0 == id) else {
            return Err(format!(
                "'device.order' names '@{}', which is not in 'device.targets'",
                ctx.str(id)
            ));
        };
        out.push((id, dev));
    }
    if let Some(missing) = entries.iter().find(|e| !out.iter().any(|o| o.0 == e.0)) {
        return Err(format!(
            "'device.order' misses device '@{}' of 'device.targets'",
            ctx.str(missing.0)
        ));
    }
    Ok(out)
}

/// The `device.global`s directly in the module, in order: (op, name, device).
pub fn device_globals(ctx: &mut Context, ir: &Ir, module: Op) -> Vec<(Op, Ident, Attr)> {
    let mut found: Vec<(Op, Vec<u8>, Attr)> = Vec::new();
    for &r in ir.regions(module) {
        for b in ir.region_blocks(r) {
            for o in ir.block_ops(b) {
                if !xir_device::GLOBAL.is(ctx, ir, o) {
                    continue;
                }
                let props = ir.op(o).properties.unwrap_or_else(|| ctx.empty_dict());
                let name = ctx
                    .dict_get(props, "sym_name")
                    .and_then(|n| match ctx.attr_kind(n) {
                        AttrKind::String { value, .. } => Some(value.to_vec()),
                        _ => None,
                    });
                if let (Some(n), Some(v)) = (name, ctx.dict_get(props, "value")) {
                    found.push((o, n, v));
                }
            }
        }
    }
    found
        .into_iter()
        .map(|(o, n, v)| (o, ctx.ident_bytes(&n), v))
        .collect()
}

fn is_local(ctx: &Context, dev: Attr) -> bool {
    match decode(ctx, dev) {
        Some(DeviceAttr::Alias { kind, .. }) | Some(DeviceAttr::Target { kind, .. }) => {
            kind == b"local"
        }
        _ => false,
    }
}

impl Pass for Materialize {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "Materialize"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn run(&mut self, pc: &mut PassContext<'_>, op: Op) -> Result<(), ()> {
        let loc = pc.ir.op(op).loc;
        let devices = match ordered_targets(pc.ctx, pc.ir, op) {
            Ok(d) => d,
            Err(e) => {
                pc.diags.emit(Diagnostic::error(loc, e));
                return Err(());
            }
        };
        let Some(&body_region) = pc.ir.regions(op).first() else {
            pc.preserve_all();
            return Ok(());
        };
        let Some(body) = pc.ir.entry_block(body_region) else {
            pc.preserve_all();
            return Ok(());
        };
        // Names must be free in the module's symbol table.
        for &(name, _) in &devices {
            let bytes = pc.ctx.bytes(name).to_vec();
            if let Some(other) = xir::symbol::lookup_symbol_in(pc.ctx, pc.ir, op, &bytes) {
                let d = Diagnostic::error(
                    loc,
                    format!(
                        "device '@{}' of 'device.targets' is already defined",
                        pc.ctx.str(name)
                    ),
                )
                .with_note(pc.ir.op(other).loc, "see the existing symbol");
                pc.diags.emit(d);
                return Err(());
            }
        }
        let first = pc.ir.first_op(body);
        let global = pc.ctx.ident(xir_device::GLOBAL.name);
        for &(name, dev) in &devices {
            let text = pc.ctx.str(name).to_owned();
            let sym = pc.ctx.string_attr(&text);
            let sym_key = pc.ctx.ident("sym_name");
            let val_key = pc.ctx.ident("value");
            let props = pc.ctx.dictionary(vec![(sym_key, sym), (val_key, dev)]);
            let g = pc.ir.create_op(OperationState {
                name: global,
                operands: Vec::new(),
                result_types: Vec::new(),
                properties: Some(props),
                attrs: pc.ctx.empty_dict(),
                num_regions: 0,
                successors: Vec::new(),
                loc,
            });
            match first {
                Some(f) => pc.ir.insert_op_before(f, g),
                None => pc.ir.append_op(body, g),
            }
        }
        let had_targets = xir::symbol::op_attr(pc.ctx, pc.ir, op, "device.targets").is_some();
        if had_targets {
            set_attr(pc.ctx, pc.ir, op, "device.targets", None);
            set_attr(pc.ctx, pc.ir, op, "device.order", None);
        }
        let globals = device_globals(pc.ctx, pc.ir, op);
        let mut changed = had_targets;
        let default = match xir::symbol::op_attr(pc.ctx, pc.ir, op, "device.default") {
            Some(d) => attrs::affinity_device(pc.ctx, d),
            None => match globals.first() {
                Some(&(_, first, _)) => {
                    let text = pc.ctx.str(first).to_owned();
                    let a = attrs::affinity(pc.ctx, &text, None, None);
                    set_attr(pc.ctx, pc.ir, op, "device.default", Some(a));
                    changed = true;
                    Some(first)
                }
                None => None,
            },
        };
        if xir::symbol::op_attr(pc.ctx, pc.ir, op, "device.host").is_none() {
            let host = globals
                .iter()
                .find(|g| is_local(pc.ctx, g.2))
                .map(|g| g.1)
                .or(default);
            if let Some(h) = host {
                let text = pc.ctx.str(h).to_owned();
                let a = attrs::affinity(pc.ctx, &text, None, None);
                set_attr(pc.ctx, pc.ir, op, "device.host", Some(a));
                changed = true;
            }
        }
        if !changed {
            pc.preserve_all();
        }
        Ok(())
    }
}
