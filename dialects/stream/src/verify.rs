//! Structural verifiers of the stream ops: every resource has a size, ranges
//! and captured values line up, regions end in `stream.yield` with the op's
//! result types, entry points resolve, allocations are transient.

use crate::types::{is_resource, resource_lifetime};
use xir::ods::verify::op_error;
use xir::printer::type_to_string;
use xir::symbol::op_attr;
use xir::types::TypeKind;
use xir::{AttrKind, Context, Diagnostic, Ir, Op, Type, Value};
use xir_flow::verify::{check_returned, lookup_entry, terminator_named};

fn grp(ctx: &Context, ir: &Ir, op: Op, name: &str) -> Vec<Value> {
    match xir::ods::spec_of(ctx, ir.op(op).name) {
        Some(spec) if spec.operand_index(name).is_some() => {
            xir::ods::access::operand_group(ctx, ir, op, spec, name)
        }
        Some(spec) => xir::ods::access::result_group(ir, op, spec, name),
        None => Vec::new(),
    }
}

fn types(ir: &Ir, vs: &[Value]) -> Vec<Type> {
    vs.iter().map(|&v| ir.value_type(v)).collect()
}

/// Each resource among `values` has one entry in `sizes`.
fn check_count(
    ctx: &Context,
    ir: &Ir,
    op: Op,
    values: &str,
    sizes: &str,
) -> Result<(), Diagnostic> {
    let n = grp(ctx, ir, op, values)
        .iter()
        .filter(|&&v| is_resource(ctx, ir.value_type(v)))
        .count();
    let m = grp(ctx, ir, op, sizes).len();
    if n != m {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!("has {n} resources in '{values}' but {m} values in '{sizes}'"),
        ));
    }
    Ok(())
}

pub fn verify_sizeof(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let t = op_attr(ctx, ir, op, "encoding").and_then(|a| match ctx.attr_kind(a) {
        AttrKind::Type(t) => Some(*t),
        _ => None,
    });
    let Some(TypeKind::RankedTensor { shape, .. }) = t.map(|t| ctx.type_kind(t)) else {
        return Err(op_error(
            ctx,
            ir,
            op,
            "expects a ranked tensor type as encoding",
        ));
    };
    let dynamic = shape.iter().filter(|&&d| d < 0).count();
    let given = ir.num_operands(op);
    if dynamic != given {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "'{}' has {dynamic} dynamic dimensions but {given} are given",
                type_to_string(ctx, t.unwrap_or_else(|| ir.value_type(ir.result(op, 0))))
            ),
        ));
    }
    Ok(())
}

pub fn verify_async_dispatch(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    lookup_entry(ctx, ir, op, 1, xir_flow::ops::EXPORT.name)
        .map_err(|m| op_error(ctx, ir, op, m))?;
    for ranges in [
        "resource_operand_sizes",
        "resource_operand_offsets",
        "resource_operand_ends",
        "resource_operand_lengths",
    ] {
        check_count(ctx, ir, op, "resource_operands", ranges)?;
    }
    check_count(ctx, ir, op, "results", "result_sizes")
}

pub fn verify_transfer(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let has = |n| op_attr(ctx, ir, op, n).is_some();
    if !has("source_affinity") && !has("result_affinity") {
        return Err(op_error(
            ctx,
            ir,
            op,
            "expects a source or a target affinity",
        ));
    }
    Ok(())
}

pub fn verify_execute(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    check_count(ctx, ir, op, "resource_operands", "resource_operand_sizes")?;
    check_count(ctx, ir, op, "results", "result_sizes")?;
    let captured = types(ir, &grp(ctx, ir, op, "resource_operands"));
    let args: Vec<Type> = ir
        .regions(op)
        .first()
        .and_then(|&r| ir.entry_block(r))
        .map(|b| types(ir, ir.block_args(b)))
        .unwrap_or_default();
    if args != captured {
        return Err(op_error(
            ctx,
            ir,
            op,
            "expects the body's arguments to have the types of the captured resources",
        ));
    }
    let Some(y) = terminator_named(ctx, ir, op, 0, "stream.yield") else {
        return Err(op_error(
            ctx,
            ir,
            op,
            "expects its body to end with stream.yield",
        ));
    };
    let got = types(ir, &grp(ctx, ir, y, "resource_operands"));
    let want = types(ir, &grp(ctx, ir, op, "results"));
    check_returned(ctx, ir, op, "the body yields", &got, &want)
}

pub fn verify_yield(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    check_count(ctx, ir, op, "resource_operands", "resource_operand_sizes")
}

pub fn verify_join(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    if ir.num_operands(op) == 0 {
        return Err(op_error(ctx, ir, op, "expects at least one timepoint"));
    }
    Ok(())
}

pub fn verify_await(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    check_count(ctx, ir, op, "resource_operands", "resource_operand_sizes")?;
    let got = types(ir, &grp(ctx, ir, op, "resource_operands"));
    let want = types(ir, &grp(ctx, ir, op, "results"));
    check_returned(ctx, ir, op, "awaits", &got, &want)
}

fn check_transient(ctx: &Context, ir: &Ir, op: Op, v: Value) -> Result<(), Diagnostic> {
    let t = ir.value_type(v);
    match resource_lifetime(ctx, t) {
        Some("transient") | None => Ok(()),
        Some(_) => Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "expects a transient resource, got '{}'",
                type_to_string(ctx, t)
            ),
        )),
    }
}

pub fn verify_alloca(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    check_transient(ctx, ir, op, ir.result(op, 0))
}

pub fn verify_dealloca(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    match grp(ctx, ir, op, "operand").first() {
        Some(&v) => check_transient(ctx, ir, op, v),
        None => Ok(()),
    }
}
