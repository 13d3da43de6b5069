//! Devices and executables: each `device.global`'s targets, and one
//! `hal.executable` per `flow.executable` with a variant per target it is
//! dispatched on.

use rustc_hash::FxHashMap;
use xir::clone::{clone_op, Mapping};
use xir::symbol::op_attr;
use xir::{Attr, AttrKind, Context, Diagnostic, Ident, Ir, Op};
use xir_device::attrs::{affinity_device, decode, DeviceAttr};

use xir::util::build::op_state;
use xir::util::top::top_ops;

/// Longest `#device.fallback` chain followed.
const MAX_FALLBACKS: usize = 16;

pub fn err(loc: Attr, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(loc, format!("stream-to-hal: {msg}"))
}

/// The module's `device.global`s: name → value.
pub fn globals(ctx: &mut Context, ir: &Ir, module: Op) -> FxHashMap<Ident, Attr> {
    let mut found = Vec::new();
    for op in top_ops(ir, module) {
        if !xir_device::GLOBAL.is(ctx, ir, op) {
            continue;
        }
        if let (Some(AttrKind::String { value, .. }), Some(v)) = (
            op_attr(ctx, ir, op, "sym_name").map(|a| ctx.attr_kind(a)),
            op_attr(ctx, ir, op, "value"),
        ) {
            found.push((String::from_utf8_lossy(value).into_owned(), v));
        }
    }
    found
        .into_iter()
        .map(|(name, v)| (ctx.ident(&name), v))
        .collect()
}

/// The device whose value an affinity's device uses (fallbacks followed) and
/// its attribute.
pub fn resolve_device(
    ctx: &Context,
    globals: &FxHashMap<Ident, Attr>,
    mut dev: Ident,
    loc: Attr,
) -> Result<(Ident, Attr), Diagnostic> {
    for _ in 0..MAX_FALLBACKS {
        let Some(&v) = globals.get(&dev) else {
            return Err(err(
                loc,
                format!("no device.global @{} for the affinity", ctx.str(dev)),
            ));
        };
        match decode(ctx, v) {
            Some(DeviceAttr::Fallback(next)) => dev = next,
            _ => return Ok((dev, v)),
        }
    }
    Err(err(loc, "#device.fallback chain too long"))
}

/// The targets a device attribute may resolve to, in preference order.
pub fn targets(ctx: &Context, a: Attr) -> Vec<Attr> {
    match decode(ctx, a) {
        Some(DeviceAttr::Target { .. }) => vec![a],
        Some(
            DeviceAttr::Select(cands)
            | DeviceAttr::Optimal(cands)
            | DeviceAttr::Ordinal { targets: cands, .. },
        ) => cands
            .iter()
            .copied()
            .filter(|&c| matches!(decode(ctx, c), Some(DeviceAttr::Target { .. })))
            .collect(),
        _ => Vec::new(),
    }
}

/// The device named by an op's `affinity` property.
pub fn op_device(ctx: &Context, ir: &Ir, op: Op) -> Option<Ident> {
    affinity_device(ctx, op_attr(ctx, ir, op, "affinity")?)
}

/// Per executable: its variants as (target, variant name).
pub type Variants = FxHashMap<Ident, Vec<(Attr, Ident)>>;

fn kind_of(ctx: &Context, t: Attr) -> String {
    match decode(ctx, t) {
        Some(DeviceAttr::Target { kind, .. }) => String::from_utf8_lossy(kind).into_owned(),
        _ => "target".to_string(),
    }
}

/// Creates the hal executables for every `flow.executable` dispatched on
/// (`uses`: executable → targets in first-use order) and erases all
/// `flow.executable`s.
pub fn convert_executables(
    ctx: &mut Context,
    ir: &mut Ir,
    module: Op,
    uses: &FxHashMap<Ident, Vec<Attr>>,
) -> Variants {
    let mut out = Variants::default();
    for exe in top_ops(ir, module) {
        if !xir_flow::ops::EXECUTABLE.is(ctx, ir, exe) {
            continue;
        }
        let Some(sym) = op_attr(ctx, ir, exe, "sym_name") else {
            continue;
        };
        let name = match ctx.attr_kind(sym) {
            AttrKind::String { value, .. } => String::from_utf8_lossy(value).into_owned(),
            _ => continue,
        };
        let id = ctx.ident(&name);
        if let Some(targets) = uses.get(&id) {
            let loc = ir.op(exe).loc;
            let mut props = vec![("sym_name", sym)];
            if let Some(v) = op_attr(ctx, ir, exe, "sym_visibility") {
                props.push(("sym_visibility", v));
            }
            let mut st = op_state(ctx, "hal.executable", props, loc);
            st.num_regions = 1;
            let hal = ir.create_op(st);
            let block = ir.create_block();
            ir.append_block(ir.regions(hal)[0], block);
            let body: Vec<Op> = ir
                .regions(exe)
                .first()
                .map(|&r| {
                    ir.region_blocks(r)
                        .flat_map(|b| ir.block_ops(b).collect::<Vec<_>>())
                        .collect()
                })
                .unwrap_or_default();
            let mut names: Vec<String> = Vec::new();
            let mut vars = Vec::new();
            for &t in targets {
                // Variants are named by target kind, numbered when kinds repeat.
                let kind = kind_of(ctx, t);
                let mut vname = kind.clone();
                let mut n = 1;
                while names.contains(&vname) {
                    vname = format!("{kind}_{n}");
                    n += 1;
                }
                names.push(vname.clone());
                let vsym = ctx.string_attr(&vname);
                let mut st = op_state(
                    ctx,
                    "hal.executable.variant",
                    vec![("sym_name", vsym), ("target", t)],
                    loc,
                );
                st.num_regions = 1;
                let var = ir.create_op(st);
                let vb = ir.create_block();
                ir.append_block(ir.regions(var)[0], vb);
                for &op in &body {
                    let new = if xir_flow::ops::EXPORT.is(ctx, ir, op) {
                        let mut st = op_state(ctx, "hal.executable.export", vec![], ir.op(op).loc);
                        st.properties = ir.op(op).properties;
                        ir.create_op(st)
                    } else {
                        clone_op(ir, op, &mut Mapping::default())
                    };
                    ir.append_op(vb, new);
                }
                ir.append_op(block, var);
                vars.push((t, ctx.ident(&vname)));
            }
            ir.insert_op_before(exe, hal);
            out.insert(id, vars);
        }
        ir.erase_op(exe);
    }
    out
}
