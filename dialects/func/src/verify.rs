//! The verifiers of the func ops, with MLIR 22's messages.

use xir::attributes::AttrKind;
use xir::ods::verify::{first_type_mismatch, op_error};
use xir::printer::type_to_string;
use xir::symbol::{lookup_symbol_ref, nearest_symbol_table, op_attr, visibility, Visibility};
use xir::types::TypeKind;
use xir::{Attr, Context, Diagnostic, Ir, Op, Type};

/// The inputs and results of a function-like op's `function_type`.
pub fn signature(ctx: &Context, ir: &Ir, op: Op) -> Option<(Vec<Type>, Vec<Type>)> {
    match ctx.attr_kind(op_attr(ctx, ir, op, "function_type")?) {
        AttrKind::Type(t) => match ctx.type_kind(*t) {
            TypeKind::Function { inputs, results } => Some((inputs.clone(), results.clone())),
            _ => None,
        },
        _ => None,
    }
}

fn quoted_types(ctx: &Context, ts: &[Type]) -> String {
    ts.iter()
        .map(|&t| format!("'{}'", type_to_string(ctx, t)))
        .collect::<Vec<_>>()
        .join(", ")
}

fn array_len(ctx: &Context, a: Option<Attr>) -> Option<&[Attr]> {
    match ctx.attr_kind(a?) {
        AttrKind::Array(v) => Some(v),
        _ => None,
    }
}

/// `func.func`: argument/result attributes, entry block against the signature,
/// declarations not public.
pub fn verify_func(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let Some((inputs, results)) = signature(ctx, ir, op) else {
        return Ok(());
    };
    for (key, n, what, plural) in [
        ("arg_attrs", inputs.len(), "argument", "arguments"),
        ("res_attrs", results.len(), "result", "results"),
    ] {
        if let Some(v) = array_len(ctx, op_attr(ctx, ir, op, key)) {
            if v.len() != n {
                return Err(op_error(
                    ctx,
                    ir,
                    op,
                    format!(
                        "expects {what} attribute array to have the same number of elements as the number of function {plural}, got {}, but expected {n}",
                        v.len()
                    ),
                ));
            }
            for &d in v {
                if ctx
                    .dict_entries(d)
                    .iter()
                    .any(|(k, _)| !ctx.str(*k).contains('.'))
                {
                    return Err(op_error(
                        ctx,
                        ir,
                        op,
                        format!("{plural} may only have dialect attributes"),
                    ));
                }
            }
        }
    }
    let body = ir.regions(op).first().copied();
    match body.and_then(|r| ir.entry_block(r)) {
        Some(entry) => {
            let args = ir.block_args(entry);
            if args.len() != inputs.len() {
                return Err(op_error(
                    ctx,
                    ir,
                    op,
                    format!(
                        "entry block must have {} arguments to match function signature",
                        inputs.len()
                    ),
                ));
            }
            let arg_types = args.iter().map(|&a| ir.value_type(a));
            if let Some((i, at, t)) = first_type_mismatch(arg_types, &inputs) {
                return Err(op_error(
                    ctx,
                    ir,
                    op,
                    format!(
                        "type of entry block argument #{i}('{}') must match the type of the corresponding argument in function signature('{}')",
                        type_to_string(ctx, at),
                        type_to_string(ctx, t)
                    ),
                ));
            }
        }
        None => {
            if visibility(ctx, ir, op) == Visibility::Public {
                return Err(op_error(
                    ctx,
                    ir,
                    op,
                    "symbol declaration cannot have public visibility",
                ));
            }
        }
    }
    Ok(())
}

fn func_name(ctx: &Context, ir: &Ir, op: Op) -> String {
    match op_attr(ctx, ir, op, "sym_name").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::String { value, .. }) => String::from_utf8_lossy(value).into_owned(),
        _ => String::new(),
    }
}

/// `func.return`: operands against the enclosing function's results.
pub fn verify_return(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let Some(func) = ir.parent_op(op) else {
        return Ok(());
    };
    let Some((_, results)) = signature(ctx, ir, func) else {
        return Ok(());
    };
    let name = func_name(ctx, ir, func);
    let n = ir.num_operands(op);
    if n != results.len() {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "has {n} operands, but enclosing function (@{name}) returns {}",
                results.len()
            ),
        ));
    }
    let operand_types = ir.operands(op).map(|v| ir.value_type(v));
    if let Some((i, vt, t)) = first_type_mismatch(operand_types, &results) {
        return Err(Diagnostic::error(
            ir.op(op).loc,
            format!(
                "type of return operand {i} ('{}') doesn't match function result type ('{}') in function @{name}",
                type_to_string(ctx, vt),
                type_to_string(ctx, t)
            ),
        ));
    }
    Ok(())
}

/// The `func.func` a symbol reference on `op` names, looked up from the nearest
/// symbol table above it.
fn referenced_func(ctx: &Context, ir: &Ir, op: Op, sym: Attr) -> Option<Op> {
    let table = nearest_symbol_table(ctx, ir, ir.parent_op(op)?)?;
    let f = lookup_symbol_ref(ctx, ir, table, sym)?;
    (ctx.str(ir.op(f).name) == "func.func").then_some(f)
}

fn sym_text(ctx: &Context, sym: Attr) -> String {
    match ctx.attr_kind(sym) {
        AttrKind::SymbolRef { root, .. } => String::from_utf8_lossy(ctx.bytes(*root)).into_owned(),
        _ => String::new(),
    }
}

/// `func.call`: the callee exists and the operand and result types match it.
pub fn verify_call(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let Some(sym) = op_attr(ctx, ir, op, "callee") else {
        return Err(op_error(
            ctx,
            ir,
            op,
            "requires a 'callee' symbol reference attribute",
        ));
    };
    let Some(f) = referenced_func(ctx, ir, op, sym) else {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "'{}' does not reference a valid function",
                sym_text(ctx, sym)
            ),
        ));
    };
    let Some((inputs, results)) = signature(ctx, ir, f) else {
        return Ok(());
    };
    if inputs.len() != ir.num_operands(op) {
        return Err(op_error(
            ctx,
            ir,
            op,
            "incorrect number of operands for callee",
        ));
    }
    let operand_types = ir.operands(op).map(|v| ir.value_type(v));
    if let Some((i, vt, t)) = first_type_mismatch(operand_types, &inputs) {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "operand type mismatch: expected operand type '{}', but provided '{}' for operand number {i}",
                type_to_string(ctx, t),
                type_to_string(ctx, vt)
            ),
        ));
    }
    let rs: Vec<Type> = ir.results(op).iter().map(|&v| ir.value_type(v)).collect();
    if rs.len() != results.len() {
        return Err(op_error(
            ctx,
            ir,
            op,
            "incorrect number of results for callee",
        ));
    }
    if let Some((i, _, _)) = first_type_mismatch(rs.iter().copied(), &results) {
        let loc = ir.op(op).loc;
        return Err(
            op_error(ctx, ir, op, format!("result type mismatch at index {i}"))
                .with_note(
                    loc,
                    format!("      op result types: {}", quoted_types(ctx, &rs)),
                )
                .with_note(
                    loc,
                    format!("function result types: {}", quoted_types(ctx, &results)),
                ),
        );
    }
    Ok(())
}

/// `func.constant`: the referenced function exists and has the result's type.
pub fn verify_constant(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let Some(sym) = op_attr(ctx, ir, op, "value") else {
        return Ok(());
    };
    let Some(f) = referenced_func(ctx, ir, op, sym) else {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!("reference to undefined function '{}'", sym_text(ctx, sym)),
        ));
    };
    let Some(&r) = ir.results(op).first() else {
        return Ok(());
    };
    let fty = match op_attr(ctx, ir, f, "function_type").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Type(t)) => Some(*t),
        _ => None,
    };
    if fty != Some(ir.value_type(r)) {
        return Err(op_error(
            ctx,
            ir,
            op,
            "reference to function with mismatched type",
        ));
    }
    Ok(())
}
