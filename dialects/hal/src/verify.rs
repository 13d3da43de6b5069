//! Structural verifiers of the hal ops.

use xir::ods::verify::op_error;
use xir::printer::{attr_to_string, type_to_string};
use xir::symbol::{lookup_symbol_ref, nearest_symbol_table, op_attr};
use xir::types::TypeKind;
use xir::{AttrKind, Context, Diagnostic, Ir, Op};
use xir_device::{decode, DeviceAttr};
use xir_flow::verify::{body_ops, lookup_entry, verify_kernel_container};

pub fn verify_resolve(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let Some(a) = op_attr(ctx, ir, op, "device") else {
        return Ok(());
    };
    match decode(ctx, a) {
        Some(DeviceAttr::Target { .. } | DeviceAttr::Alias { .. } | DeviceAttr::Select(_)) => {
            Ok(())
        }
        _ => Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "resolves #device.target, #device.alias or #device.select, got {}",
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

pub fn verify_dispatch(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    lookup_entry(ctx, ir, op, 2, "hal.executable.export").map_err(|m| op_error(ctx, ir, op, m))?;
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

pub fn verify_view_create(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let Some(AttrKind::Type(t)) = op_attr(ctx, ir, op, "shape").map(|a| ctx.attr_kind(a)) else {
        return Ok(());
    };
    let TypeKind::RankedTensor { shape, .. } = ctx.type_kind(*t) else {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "expects a ranked tensor type as shape, got '{}'",
                type_to_string(ctx, *t)
            ),
        ));
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
                type_to_string(ctx, *t)
            ),
        ));
    }
    Ok(())
}
