//! Structural verifiers of the hal ops.

use xir::ods::verify::op_error;
use xir::printer::{attr_to_string, type_to_string};
use xir::store::ValueDef;
use xir::symbol::{
    lookup_symbol_in, lookup_symbol_ref, nearest_symbol_table, op_attr, symbol_name,
};
use xir::types::TypeKind;
use xir::{Attr, AttrKind, Context, Diagnostic, Ir, Op, Type};
use xir_device::{decode, DeviceAttr};
use xir_flow::verify::{body_ops, lookup_entry, verify_kernel_container};

pub fn verify_resolve(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let Some(a) = op_attr(ctx, ir, op, "device") else {
        return Ok(());
    };
    match decode(ctx, a) {
        Some(
            DeviceAttr::Target { .. }
            | DeviceAttr::Alias { .. }
            | DeviceAttr::Select(_)
            | DeviceAttr::Optimal(_)
            | DeviceAttr::Ordinal { .. },
        ) => Ok(()),
        // A `device.global` by name, looked up in the enclosing symbol tables.
        Some(DeviceAttr::Affinity { device, .. }) => {
            let name = ctx.str(device);
            let global = std::iter::successors(ir.parent_op(op), |&o| ir.parent_op(o))
                .filter(|&t| ctx.op_traits(ir.op(t).name).contains(xir::dialect::Traits::SYMBOL_TABLE))
                .find_map(|t| xir::symbol::lookup_symbol_in(ctx, ir, t, name.as_bytes()));
            match global {
                Some(g) if xir_device::GLOBAL.is(ctx, ir, g) => Ok(()),
                _ => Err(op_error(ctx, ir, op, format!("names @{name}, which is not a device.global"))),
            }
        }
        _ => Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "resolves #device.affinity, #device.target, #device.alias or #device.select, got {}",
                attr_to_string(ctx, a)
            ),
        )),
    }
}

pub fn verify_executable(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    for o in body_ops(ir, op) {
        let n = ctx.str(ir.op(o).name);
        if n != "hal.executable.variant" {
            return Err(op_error(
                ctx,
                ir,
                op,
                format!("may hold only hal.executable.variant ops, found '{n}'"),
            ));
        }
    }
    Ok(())
}

pub fn verify_variant(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    if let Some(t) = op_attr(ctx, ir, op, "target") {
        if !matches!(decode(ctx, t), Some(DeviceAttr::Target { .. })) {
            return Err(op_error(
                ctx,
                ir,
                op,
                format!(
                    "expects a #device.target as target, got {}",
                    attr_to_string(ctx, t)
                ),
            ));
        }
    }
    verify_kernel_container(ctx, ir, op, "hal.executable.export")
}

pub fn verify_lookup(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let Some(sym) = op_attr(ctx, ir, op, "executable") else {
        return Ok(());
    };
    let found = ir
        .parent_op(op)
        .and_then(|p| nearest_symbol_table(ctx, ir, p))
        .and_then(|t| lookup_symbol_ref(ctx, ir, t, sym));
    match found {
        Some(e) if ctx.str(ir.op(e).name) == "hal.executable" => Ok(()),
        _ => Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "{} does not name a hal.executable",
                attr_to_string(ctx, sym)
            ),
        )),
    }
}

fn group_len(ctx: &Context, ir: &Ir, op: Op, name: &str) -> usize {
    xir::ods::spec_of(ctx, ir.op(op).name)
        .map(|s| xir::ods::access::operand_group(ctx, ir, op, s, name).len())
        .unwrap_or(0)
}

/// The op defining `v`, if a result.
fn defining(ir: &Ir, v: xir::Value) -> Option<Op> {
    match ir.value(v).def {
        ValueDef::Result { op, .. } => Some(op),
        _ => None,
    }
}

/// The targets the command buffer's device may be, when its definition is
/// in sight (`hal.command_buffer.create` of a `hal.device.resolve` of a
/// target or a select of targets).
fn command_buffer_targets(ctx: &Context, ir: &Ir, op: Op) -> Option<Vec<Attr>> {
    let create = defining(ir, ir.operand(op, 0))?;
    if ctx.str(ir.op(create).name) != "hal.command_buffer.create" || ir.num_operands(create) != 1 {
        return None;
    }
    let resolve = defining(ir, ir.operand(create, 0))?;
    if ctx.str(ir.op(resolve).name) != "hal.device.resolve" {
        return None;
    }
    let a = op_attr(ctx, ir, resolve, "device")?;
    match decode(ctx, a)? {
        DeviceAttr::Target { .. } => Some(vec![a]),
        DeviceAttr::Select(cands)
        | DeviceAttr::Optimal(cands)
        | DeviceAttr::Ordinal { targets: cands, .. } => cands
            .iter()
            .map(|&c| matches!(decode(ctx, c), Some(DeviceAttr::Target { .. })).then_some(c))
            .collect(),
        _ => None,
    }
}

/// `@exe::@export`: every variant of `@exe` has the export, and, where the
/// command buffer's device is in sight, each target it may be has a variant.
fn verify_any_variant(ctx: &Context, ir: &Ir, op: Op, sym: Attr) -> Result<(), String> {
    let AttrKind::SymbolRef { root, nested } = ctx.attr_kind(sym) else {
        return Ok(());
    };
    let shown = || attr_to_string(ctx, sym);
    let exe = ir
        .parent_op(op)
        .and_then(|p| nearest_symbol_table(ctx, ir, p))
        .and_then(|t| lookup_symbol_in(ctx, ir, t, ctx.bytes(*root)))
        .filter(|&e| ctx.str(ir.op(e).name) == "hal.executable")
        .ok_or_else(|| format!("entry point {} does not name a hal.executable", shown()))?;
    let variants: Vec<Op> = body_ops(ir, exe)
        .into_iter()
        .filter(|&v| ctx.str(ir.op(v).name) == "hal.executable.variant")
        .collect();
    if variants.is_empty() {
        return Err(format!(
            "entry point {}: the executable has no variants",
            shown()
        ));
    }
    let export = ctx.bytes(nested[0]);
    for &v in &variants {
        let found = lookup_symbol_in(ctx, ir, v, export)
            .filter(|&e| ctx.str(ir.op(e).name) == "hal.executable.export");
        if found.is_none() {
            let vname = symbol_name(ctx, ir, v).unwrap_or_default();
            return Err(format!(
                "entry point {}: variant @{} has no hal.executable.export @{}",
                shown(),
                String::from_utf8_lossy(vname),
                ctx.str(nested[0])
            ));
        }
    }
    for t in command_buffer_targets(ctx, ir, op).unwrap_or_default() {
        let covered = variants
            .iter()
            .any(|&v| op_attr(ctx, ir, v, "target") == Some(t));
        if !covered {
            return Err(format!(
                "entry point {}: no variant for target {} of the command buffer's device",
                shown(),
                attr_to_string(ctx, t)
            ));
        }
    }
    Ok(())
}

/// Entry points: `@exe::@variant::@export` names one variant (for a device
/// whose target is known); `@exe::@export` names the export of whichever
/// variant matches the command buffer's device at run time.
pub fn verify_dispatch(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let sym = op_attr(ctx, ir, op, "entry_point");
    let levels = sym.map(|a| match ctx.attr_kind(a) {
        AttrKind::SymbolRef { nested, .. } => nested.len(),
        _ => 0,
    });
    match (sym, levels) {
        (Some(a), Some(1)) => verify_any_variant(ctx, ir, op, a),
        (_, Some(2)) | (None, _) => {
            lookup_entry(ctx, ir, op, 2, "hal.executable.export").map(|_| ())
        }
        (Some(a), _) => Err(format!(
            "entry point must be @executable::@export or @executable::@variant::@export, got {}",
            attr_to_string(ctx, a)
        )),
    }
    .map_err(|m| op_error(ctx, ir, op, m))?;
    let wg = group_len(ctx, ir, op, "workgroups");
    if wg != 3 {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!("expects 3 workgroup counts (x, y, z), got {wg}"),
        ));
    }
    let b = group_len(ctx, ir, op, "binding_buffers");
    let o = group_len(ctx, ir, op, "binding_offsets");
    let l = group_len(ctx, ir, op, "binding_lengths");
    if b != o || b != l {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!("has {b} binding buffers but {o} offsets and {l} lengths"),
        ));
    }
    Ok(())
}

pub fn verify_fence_await(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    if ir.num_operands(op) == 0 {
        return Err(op_error(ctx, ir, op, "expects at least one fence"));
    }
    Ok(())
}

pub fn verify_fence_join(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    if ir.num_operands(op) == 0 {
        return Err(op_error(ctx, ir, op, "expects at least one fence to join"));
    }
    Ok(())
}

/// The `shape` of a buffer view op: its type and dims, or an error when it
/// is not a ranked tensor type (`None` when absent: the attribute check
/// reports that).
fn view_shape(ctx: &Context, ir: &Ir, op: Op) -> Result<Option<(Type, Vec<i64>)>, Diagnostic> {
    let Some(AttrKind::Type(t)) = op_attr(ctx, ir, op, "shape").map(|a| ctx.attr_kind(a)) else {
        return Ok(None);
    };
    match ctx.type_kind(*t) {
        TypeKind::RankedTensor { shape, .. } => Ok(Some((*t, shape.clone()))),
        _ => Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "expects a ranked tensor type as shape, got '{}'",
                type_to_string(ctx, *t)
            ),
        )),
    }
}

/// `hal.buffer_view.assert`: the shape is a ranked tensor type; dims, when
/// given, one per dynamic dim.
pub fn verify_view_assert(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    if group_len(ctx, ir, op, "dims") == 0 {
        return view_shape(ctx, ir, op).map(|_| ());
    }
    verify_view_create(ctx, ir, op)
}

pub fn verify_view_create(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let Some((t, shape)) = view_shape(ctx, ir, op)? else {
        return Ok(());
    };
    let dynamic = shape.iter().filter(|&&d| d < 0).count();
    let given = group_len(ctx, ir, op, "dims");
    if dynamic != given {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "'{}' has {dynamic} dynamic dimensions but {given} are given",
                type_to_string(ctx, t)
            ),
        ));
    }
    Ok(())
}

/// The value of an `arith.constant` (index or integer).
fn constant(ctx: &Context, ir: &Ir, v: xir::Value) -> Option<i128> {
    let op = defining(ir, v)?;
    if !xir_arith::ops::CONSTANT.is(ctx, ir, op) {
        return None;
    }
    match ctx.attr_kind(op_attr(ctx, ir, op, "value")?) {
        AttrKind::Integer { value, .. } => i128::try_from(value).ok(),
        _ => None,
    }
}

/// The byte size of a buffer, where its definition says: an allocation or
/// a subspan of constant size.
fn buffer_bytes(ctx: &Context, ir: &Ir, v: xir::Value) -> Option<i128> {
    let op = defining(ir, v)?;
    match ctx.str(ir.op(op).name) {
        "hal.allocator.allocate" => constant(ctx, ir, ir.operand(op, 1)),
        "hal.buffer.subspan" => constant(ctx, ir, ir.operand(op, 2)),
        _ => None,
    }
}

/// Constant offsets and lengths are not negative and, where the source's
/// size is known, the span lies inside it.
pub fn verify_subspan(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let off = constant(ctx, ir, ir.operand(op, 1));
    let len = constant(ctx, ir, ir.operand(op, 2));
    for (what, v) in [("offset", off), ("length", len)] {
        if let Some(n) = v.filter(|&n| n < 0) {
            return Err(op_error(
                ctx,
                ir,
                op,
                format!("expects a non-negative {what}, got {n}"),
            ));
        }
    }
    if let (Some(o), Some(l), Some(size)) = (off, len, buffer_bytes(ctx, ir, ir.operand(op, 0))) {
        if o + l > size {
            return Err(op_error(
                ctx,
                ir,
                op,
                format!(
                    "bytes {o} to {} lie outside the source buffer of {size} bytes",
                    o + l
                ),
            ));
        }
    }
    Ok(())
}
