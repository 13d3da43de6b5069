//! Structural verifiers of the flow ops, and the entry-point lookup that
//! `stream` and `hal` dispatches share.

use xir::ods::verify::{first_type_mismatch, op_error};
use xir::printer::{attr_to_string, type_to_string};
use xir::symbol::{lookup_symbol_in, lookup_symbol_ref, nearest_symbol_table, op_attr};
use xir::types::TypeKind;
use xir::{AttrKind, Context, Diagnostic, Ir, Op, Type, Value};

use crate::shaped::dynamic_dims;

/// The op that ends the single block of `op`'s region `i`, if it is named `name`.
pub fn terminator_named(ctx: &Context, ir: &Ir, op: Op, i: usize, name: &str) -> Option<Op> {
    let r = *ir.regions(op).get(i)?;
    let last = ir.last_op(ir.entry_block(r)?)?;
    (ctx.str(ir.op(last).name) == name).then_some(last)
}

/// Checks that `values` (returned by a terminator) have the types `expected`.
pub fn check_returned(
    ctx: &Context,
    ir: &Ir,
    op: Op,
    what: &str,
    values: &[Type],
    expected: &[Type],
) -> Result<(), Diagnostic> {
    if values.len() != expected.len() {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "{what} {} values but the op has {} results",
                values.len(),
                expected.len()
            ),
        ));
    }
    if let Some((k, v, e)) = first_type_mismatch(values.iter().copied(), expected) {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "result #{k} has type '{}' but {what} '{}'",
                type_to_string(ctx, e),
                type_to_string(ctx, v)
            ),
        ));
    }
    Ok(())
}

/// Checks that `dims` holds one value per dynamic dimension of `values`' types.
pub fn verify_dims(
    ctx: &Context,
    ir: &Ir,
    op: Op,
    what: &str,
    values: &[Value],
    dims: &[Value],
) -> Result<(), Diagnostic> {
    let want: usize = values
        .iter()
        .map(|&v| dynamic_dims(ctx, ir.value_type(v)))
        .sum();
    if dims.len() == want {
        return Ok(());
    }
    Err(op_error(
        ctx,
        ir,
        op,
        format!(
            "has {} {what} dims but its {what} types have {want} dynamic dimensions",
            dims.len()
        ),
    ))
}

/// Operand group `name` of a flow op.
fn operands_named(ctx: &Context, ir: &Ir, op: Op, name: &str) -> Vec<Value> {
    match xir::ods::spec_of(ctx, ir.op(op).name) {
        Some(spec) => xir::ods::access::operand_group(ctx, ir, op, spec, name),
        None => Vec::new(),
    }
}

pub fn verify_dispatch_region(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let dims = operands_named(ctx, ir, op, "result_dims");
    verify_dims(ctx, ir, op, "result", ir.results(op), &dims)?;
    let Some(ret) = terminator_named(ctx, ir, op, 0, "flow.return") else {
        return Err(op_error(
            ctx,
            ir,
            op,
            "expects its body to end with flow.return",
        ));
    };
    let got: Vec<Type> = ir.operands(ret).map(|v| ir.value_type(v)).collect();
    let want: Vec<Type> = ir.results(op).iter().map(|&v| ir.value_type(v)).collect();
    check_returned(ctx, ir, op, "the body returns", &got, &want)
}

/// The ops directly in the single block of `op`'s first region.
pub fn body_ops(ir: &Ir, op: Op) -> Vec<Op> {
    ir.regions(op)
        .first()
        .and_then(|&r| ir.entry_block(r))
        .map(|b| ir.block_ops(b).collect())
        .unwrap_or_default()
}

/// An executable (flow, or a hal variant): `allowed` declarations and at most
/// one `builtin.module` holding the kernels.
pub fn verify_kernel_container(
    ctx: &Context,
    ir: &Ir,
    op: Op,
    allowed: &str,
) -> Result<(), Diagnostic> {
    let mut modules = 0;
    for o in body_ops(ir, op) {
        match ctx.str(ir.op(o).name) {
            "builtin.module" => modules += 1,
            n if n == allowed => {}
            n => {
                return Err(op_error(
                    ctx,
                    ir,
                    op,
                    format!("may hold only {allowed} ops and one builtin.module, found '{n}'"),
                ))
            }
        }
    }
    if modules > 1 {
        return Err(op_error(ctx, ir, op, "holds more than one builtin.module"));
    }
    Ok(())
}

pub fn verify_executable(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    verify_kernel_container(ctx, ir, op, "flow.executable.export")
}

/// The kernel function an export names: `function_ref` (else the export's own
/// name) in the `builtin.module` next to it.
pub fn export_function(ctx: &Context, ir: &Ir, export: Op) -> Result<Op, String> {
    let name: &[u8] = match op_attr(ctx, ir, export, "function_ref") {
        Some(a) => match ctx.attr_kind(a) {
            AttrKind::SymbolRef { root, .. } => ctx.bytes(*root),
            _ => return Err("'function_ref' must be a symbol reference".into()),
        },
        None => xir::symbol::symbol_name(ctx, ir, export).unwrap_or_default(),
    };
    let shown = String::from_utf8_lossy(name);
    let Some(container) = ir.parent_op(export) else {
        return Err(format!("kernel function '@{shown}' not found"));
    };
    let module = body_ops(ir, container)
        .into_iter()
        .find(|&o| ctx.str(ir.op(o).name) == "builtin.module");
    let Some(module) = module else {
        return Err(format!(
            "kernel function '@{shown}' not found: the executable has no builtin.module"
        ));
    };
    match lookup_symbol_in(ctx, ir, module, name) {
        Some(f) if xir_func::FUNC.is(ctx, ir, f) => Ok(f),
        _ => Err(format!(
            "kernel function '@{shown}' not found in the executable's builtin.module"
        )),
    }
}

pub fn verify_export(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    export_function(ctx, ir, op)
        .map(|_| ())
        .map_err(|m| op_error(ctx, ir, op, m))
}

/// Resolves a dispatch's `entry_point` (`@exe::@export`, or with `nested`
/// levels, `@exe::@variant::@export`) to the export op named `export`.
pub fn lookup_entry(
    ctx: &Context,
    ir: &Ir,
    op: Op,
    nested: usize,
    export: &str,
) -> Result<Op, String> {
    let Some(sym) = op_attr(ctx, ir, op, "entry_point") else {
        return Err("requires an 'entry_point' symbol reference".into());
    };
    let shown = || attr_to_string(ctx, sym);
    let form = if nested == 1 {
        "@executable::@export"
    } else {
        "@executable::@variant::@export"
    };
    if !matches!(ctx.attr_kind(sym), AttrKind::SymbolRef { nested: n, .. } if n.len() == nested) {
        return Err(format!("entry point must be {form}, got {}", shown()));
    }
    let found = ir
        .parent_op(op)
        .and_then(|p| nearest_symbol_table(ctx, ir, p))
        .and_then(|t| lookup_symbol_ref(ctx, ir, t, sym));
    match found {
        Some(e) if ctx.str(ir.op(e).name) == export => Ok(e),
        _ => Err(format!("entry point {} does not name a {export}", shown())),
    }
}

/// The inputs and results of a `func.func`'s `function_type`.
pub fn function_signature(ctx: &Context, ir: &Ir, f: Op) -> Option<(Vec<Type>, Vec<Type>)> {
    let a = op_attr(ctx, ir, f, "function_type")?;
    let AttrKind::Type(t) = ctx.attr_kind(a) else {
        return None;
    };
    match ctx.type_kind(*t) {
        TypeKind::Function { inputs, results } => Some((inputs.clone(), results.clone())),
        _ => None,
    }
}

fn check_types(
    ctx: &Context,
    ir: &Ir,
    op: Op,
    what: &str,
    got: &[Type],
    want: &[Type],
) -> Result<(), Diagnostic> {
    if got.len() != want.len() {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "has {} {what}s but the kernel has {}",
                got.len(),
                want.len()
            ),
        ));
    }
    if let Some((k, g, w)) = first_type_mismatch(got.iter().copied(), want) {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "{what} #{k} has type '{}' but the kernel's is '{}'",
                type_to_string(ctx, g),
                type_to_string(ctx, w)
            ),
        ));
    }
    Ok(())
}

pub fn verify_dispatch(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let arguments = operands_named(ctx, ir, op, "arguments");
    let dims = operands_named(ctx, ir, op, "argument_dims");
    verify_dims(ctx, ir, op, "argument", &arguments, &dims)?;
    let dims = operands_named(ctx, ir, op, "result_dims");
    verify_dims(ctx, ir, op, "result", ir.results(op), &dims)?;
    let export = lookup_entry(ctx, ir, op, 1, "flow.executable.export")
        .map_err(|m| op_error(ctx, ir, op, m))?;
    // An unresolvable kernel is reported at the export.
    let Some((inputs, results)) = export_function(ctx, ir, export)
        .ok()
        .and_then(|f| function_signature(ctx, ir, f))
    else {
        return Ok(());
    };
    let args: Vec<Type> = arguments.iter().map(|&v| ir.value_type(v)).collect();
    // Kernels take the arguments, then an index per dynamic dim of the
    // arguments, then of the results (graph → flow outlining).
    let num_dims = operands_named(ctx, ir, op, "argument_dims").len() + dims.len();
    if num_dims > 0 && inputs.len() != args.len() + num_dims {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "has {} arguments and {num_dims} dynamic dims, so the kernel should take {} \
                 inputs (the arguments, then an index per dynamic dim of the arguments, \
                 then of the results), but it takes {}",
                args.len(),
                args.len() + num_dims,
                inputs.len()
            ),
        ));
    }
    let split = inputs.len() - num_dims.min(inputs.len());
    check_types(ctx, ir, op, "argument", &args, &inputs[..split])?;
    if let Some(k) = inputs[split..]
        .iter()
        .position(|&t| !matches!(ctx.type_kind(t), TypeKind::Index))
    {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "kernel input #{} (for dynamic dim #{k}) has type '{}' but dims are 'index'",
                split + k,
                type_to_string(ctx, inputs[split + k])
            ),
        ));
    }
    let res: Vec<Type> = ir.results(op).iter().map(|&v| ir.value_type(v)).collect();
    check_types(ctx, ir, op, "result", &res, &results)
}
