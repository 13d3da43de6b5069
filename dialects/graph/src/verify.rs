//! The verifiers of the graph ops: shape inference checked against the result
//! types, with messages that name the mismatch.

use crate::shape;
use crate::syntax::i64_values;
use xir::ods::verify::{first_type_mismatch, op_error};
use xir::printer::type_to_string;
use xir::symbol::op_attr;
use xir::types::TypeKind;
use xir::{AttrKind, Context, Diagnostic, Ir, Op, Type};

fn tensor(ctx: &Context, t: Type) -> Option<(&[i64], Type)> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, element, .. } => Some((shape, *element)),
        _ => None,
    }
}

fn tensor_str(ctx: &Context, shape: &[i64], element: Type) -> String {
    let mut s = String::from("tensor<");
    for &d in shape {
        s.push_str(&shape::dim_str(d));
        s.push('x');
    }
    s.push_str(&type_to_string(ctx, element));
    s.push('>');
    s
}

/// matmul, transpose, reshape, broadcast, reduce_*, concat, slice, dim.
pub fn verify_shaped(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let err = |m: String| Err(op_error(ctx, ir, op, m));
    let name = ctx.str(ir.op(op).name);
    let mut ins = Vec::new();
    let mut dims = 0usize;
    for v in ir.operands(op) {
        let t = ir.value_type(v);
        match tensor(ctx, t) {
            Some(_) if dims > 0 => return err("tensor operands must come before the dims".into()),
            Some(t) => ins.push(t),
            None if matches!(ctx.type_kind(t), TypeKind::Index) && !ins.is_empty() => dims += 1,
            None => return Ok(()),
        }
    }
    if dims > 0 {
        let dynamic = ir
            .results(op)
            .first()
            .and_then(|&r| tensor(ctx, ir.value_type(r)))
            .map_or(0, |(s, _)| s.iter().filter(|&&d| d < 0).count());
        if dims != dynamic {
            return err(format!(
                "has {dims} dims for the {dynamic} dynamic dimensions of its result; give one per '?' or none"
            ));
        }
    }
    let Some(&(in0, elem)) = ins.first() else {
        if name == "graph.concat" {
            return err("requires at least one input".into());
        }
        return Ok(());
    };
    for &(_, e) in &ins[1..] {
        if e != elem {
            return err(format!(
                "element types differ: {} vs {}",
                type_to_string(ctx, elem),
                type_to_string(ctx, e)
            ));
        }
    }
    let result = ir.results(op).first().map(|&r| ir.value_type(r));
    if name == "graph.dim" {
        let index = int_attr(ctx, ir, op, "index").unwrap_or(0);
        return shape::dim(in0, index).or_else(err);
    }
    let Some((out, out_elem)) = result.and_then(|t| tensor(ctx, t)) else {
        return Ok(());
    };
    if out_elem != elem {
        return err(format!(
            "element types differ: {} vs {}",
            type_to_string(ctx, elem),
            type_to_string(ctx, out_elem)
        ));
    }
    let arr = |key: &str| {
        op_attr(ctx, ir, op, key)
            .and_then(|a| i64_values(ctx, a))
            .unwrap_or_default()
    };
    let inferred = match name {
        "graph.matmul" => shape::matmul(in0, ins[1].0),
        "graph.transpose" => shape::transpose(in0, &arr("permutation")),
        "graph.reduce_sum" | "graph.reduce_max" => shape::reduce(in0, &arr("axes")),
        "graph.concat" => {
            let shapes: Vec<&[i64]> = ins.iter().map(|t| t.0).collect();
            shape::concat(&shapes, int_attr(ctx, ir, op, "axis").unwrap_or(0))
        }
        "graph.reshape" => return shape::reshape(in0, out).or_else(err),
        "graph.broadcast" => return shape::broadcast(in0, &arr("dimensions"), out).or_else(err),
        "graph.slice" => {
            return shape::slice(in0, &arr("start"), &arr("strides"), out).or_else(err)
        }
        _ => return Ok(()),
    };
    inferred_fits(ctx, inferred, out, out_elem, elem).or_else(err)
}

/// `inferred` (or why no type could be inferred) against the result's
/// shape `out` of element `out_elem`; `elem` is the inferred element.
fn inferred_fits(
    ctx: &Context,
    inferred: Result<Vec<i64>, String>,
    out: &[i64],
    out_elem: Type,
    elem: Type,
) -> Result<(), String> {
    let inferred = inferred?;
    if shape::matches(&inferred, out) {
        return Ok(());
    }
    Err(format!(
        "result type '{}' does not match the inferred type '{}'",
        tensor_str(ctx, out, out_elem),
        tensor_str(ctx, &inferred, elem)
    ))
}

fn int_attr(ctx: &Context, ir: &Ir, op: Op, key: &str) -> Option<i64> {
    match ctx.attr_kind(op_attr(ctx, ir, op, key)?) {
        AttrKind::Integer { value, .. } => i64::try_from(value).ok(),
        _ => None,
    }
}

/// `graph.gather`: `axis` within the input's rank, i32/i64 indices, and the
/// result `input[:axis] + indices + input[axis+1:]` of the input's element.
pub fn verify_gather(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let err = |m: String| Err(op_error(ctx, ir, op, m));
    let operands: Vec<xir::Value> = ir.operands(op).collect();
    let (Some(&x), Some(&i), Some(&r)) =
        (operands.first(), operands.get(1), ir.results(op).first())
    else {
        return Ok(());
    };
    let (Some((xs, xe)), Some((is, ie)), Some((rs, re))) = (
        element_of(ctx, ir, x),
        element_of(ctx, ir, i),
        element_of(ctx, ir, r),
    ) else {
        return Ok(());
    };
    indices_ok(ctx, &is, ie).or_else(err)?;
    if re != xe {
        return err(format!(
            "element types differ: input {} vs result {}",
            type_to_string(ctx, xe),
            type_to_string(ctx, re)
        ));
    }
    let axis = int_attr(ctx, ir, op, "axis").unwrap_or(-1);
    inferred_fits(ctx, shape::gather(&xs, &is, axis), &rs, re, xe).or_else(err)
}

/// Indices (of a gather or scatter) are i32 or i64.
fn indices_ok(ctx: &Context, shape: &[i64], e: Type) -> Result<(), String> {
    if matches!(ctx.type_kind(e), TypeKind::Integer { width: 32 | 64, .. }) {
        return Ok(());
    }
    Err(format!(
        "indices must be a tensor of i32 or i64, got '{}'",
        tensor_str(ctx, shape, e)
    ))
}

/// The reductions of `graph.scatter`.
pub const SCATTER_REDUCTIONS: [&str; 5] = ["none", "add", "mul", "max", "min"];

/// `graph.scatter`: a known reduction (only `none` on i1), i32/i64 indices,
/// updates and result of the data's element, shapes by `shape::scatter`.
pub fn verify_scatter(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let err = |m: String| Err(op_error(ctx, ir, op, m));
    let reduction = match op_attr(ctx, ir, op, "reduction").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::String { value, .. }) => String::from_utf8_lossy(value).into_owned(),
        _ => return Ok(()),
    };
    if !SCATTER_REDUCTIONS.contains(&reduction.as_str()) {
        return err(format!(
            "unknown reduction '{reduction}' (expected one of none, add, mul, max, min)"
        ));
    }
    let operands: Vec<xir::Value> = ir.operands(op).collect();
    let (Some(&x), Some(&i), Some(&u), Some(&r)) = (
        operands.first(),
        operands.get(1),
        operands.get(2),
        ir.results(op).first(),
    ) else {
        return Ok(());
    };
    let (Some((xs, xe)), Some((is, ie)), Some((us, ue)), Some((rs, re))) = (
        element_of(ctx, ir, x),
        element_of(ctx, ir, i),
        element_of(ctx, ir, u),
        element_of(ctx, ir, r),
    ) else {
        return Ok(());
    };
    indices_ok(ctx, &is, ie).or_else(err)?;
    for (what, e) in [("updates", ue), ("result", re)] {
        if e != xe {
            return err(format!(
                "element types differ: data {} vs {what} {}",
                type_to_string(ctx, xe),
                type_to_string(ctx, e)
            ));
        }
    }
    if reduction != "none" && is_i1(ctx, xe) {
        return err(format!("reduction '{reduction}' is not defined on i1"));
    }
    inferred_fits(ctx, shape::scatter(&xs, &is, &us), &rs, re, xe).or_else(err)
}

/// `graph.if`: an else region when there are results; each region yields the
/// result types.
pub fn verify_if(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let results: Vec<Type> = ir.results(op).iter().map(|&r| ir.value_type(r)).collect();
    for (i, &r) in ir.regions(op).iter().enumerate() {
        let which = if i == 0 { "then" } else { "else" };
        let Some(b) = ir.entry_block(r) else {
            if !results.is_empty() {
                return Err(op_error(
                    ctx,
                    ir,
                    op,
                    format!(
                        "must have {} {which} region when it has results",
                        ["a", "an"][i.min(1)]
                    ),
                ));
            }
            continue;
        };
        let Some(t) = ir.last_op(b) else {
            continue;
        };
        if ctx.str(ir.op(t).name) != "graph.yield" {
            continue;
        }
        let yielded: Vec<Type> = ir.operands(t).map(|v| ir.value_type(v)).collect();
        if yielded.len() != results.len() {
            return Err(op_error(
                ctx,
                ir,
                op,
                format!(
                    "{which} region yields {} values, but the op has {} results",
                    yielded.len(),
                    results.len()
                ),
            ));
        }
        if let Some((k, y, r)) = first_type_mismatch(yielded, &results) {
            return Err(op_error(
                ctx,
                ir,
                op,
                format!(
                    "{which} region yields '{}' for result {k} of type '{}'",
                    type_to_string(ctx, y),
                    type_to_string(ctx, r)
                ),
            ));
        }
    }
    Ok(())
}

fn element_of(ctx: &Context, ir: &Ir, v: xir::Value) -> Option<(Vec<i64>, Type)> {
    tensor(ctx, ir.value_type(v)).map(|(s, e)| (s.to_vec(), e))
}

fn is_float(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Float(_))
}

fn is_i1(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Integer { width: 1, .. })
}

/// sqrt, log, erf, sigmoid, sin, cos, pow: defined on floats only.
pub fn verify_float(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let Some(&r) = ir.results(op).first() else {
        return Ok(());
    };
    match element_of(ctx, ir, r) {
        Some((_, e)) if !is_float(ctx, e) => Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "requires a float element type, got '{}'",
                type_to_string(ctx, e)
            ),
        )),
        _ => Ok(()),
    }
}

/// and, or, xor, not: defined on `i1` only.
pub fn verify_bool(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let Some(&r) = ir.results(op).first() else {
        return Ok(());
    };
    match element_of(ctx, ir, r) {
        Some((_, e)) if !is_i1(ctx, e) => Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "requires an i1 element type, got '{}'",
                type_to_string(ctx, e)
            ),
        )),
        _ => Ok(()),
    }
}

/// `a` and `b` have one shape (a message naming both otherwise).
fn same_shape(
    ctx: &Context,
    ir: &Ir,
    op: Op,
    what: &str,
    a: (&[i64], Type),
    b: (&[i64], Type),
) -> Result<(), Diagnostic> {
    if a.0 != b.0 {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "{what}: '{}' and '{}' differ in shape",
                tensor_str(ctx, a.0, a.1),
                tensor_str(ctx, b.0, b.1)
            ),
        ));
    }
    Ok(())
}

/// `graph.select`: an `i1` condition of the values' shape.
pub fn verify_select(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let (Some(c), Some(&r)) = (ir.operands(op).next(), ir.results(op).first()) else {
        return Ok(());
    };
    let (Some((cs, ce)), Some((rs, re))) = (element_of(ctx, ir, c), element_of(ctx, ir, r)) else {
        return Ok(());
    };
    if !is_i1(ctx, ce) {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "condition must be a tensor of i1, got '{}'",
                tensor_str(ctx, &cs, ce)
            ),
        ));
    }
    same_shape(ctx, ir, op, "condition and values", (&cs, ce), (&rs, re))
}

/// `graph.cast`: the result has the input's shape.
pub fn verify_cast(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let (Some(x), Some(&r)) = (ir.operands(op).next(), ir.results(op).first()) else {
        return Ok(());
    };
    let (Some((xs, xe)), Some((rs, re))) = (element_of(ctx, ir, x), element_of(ctx, ir, r)) else {
        return Ok(());
    };
    same_shape(ctx, ir, op, "input and result", (&xs, xe), (&rs, re))
}

/// The predicates of `graph.compare`.
pub const PREDICATES: [&str; 6] = ["eq", "ne", "lt", "le", "gt", "ge"];

/// `graph.compare`: a known predicate, an `i1` result of the operands' shape.
pub fn verify_compare(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    if let Some(a) = op_attr(ctx, ir, op, "predicate") {
        if let AttrKind::String { value, .. } = ctx.attr_kind(a) {
            if !PREDICATES.iter().any(|p| p.as_bytes() == &value[..]) {
                return Err(op_error(
                    ctx,
                    ir,
                    op,
                    format!(
                        "unknown predicate '{}' (expected one of eq, ne, lt, le, gt, ge)",
                        String::from_utf8_lossy(value)
                    ),
                ));
            }
        }
    }
    let (Some(x), Some(&r)) = (ir.operands(op).next(), ir.results(op).first()) else {
        return Ok(());
    };
    let (Some((xs, xe)), Some((rs, re))) = (element_of(ctx, ir, x), element_of(ctx, ir, r)) else {
        return Ok(());
    };
    if !is_i1(ctx, re) {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "result must be a tensor of i1, got '{}'",
                tensor_str(ctx, &rs, re)
            ),
        ));
    }
    same_shape(ctx, ir, op, "operands and result", (&xs, xe), (&rs, re))
}

/// `graph.iota`: one dim per `?` of the result, `dimension` within its rank,
/// an int (i8..i64) or float element.
pub fn verify_iota(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let err = |m: String| Err(op_error(ctx, ir, op, m));
    let Some((shape, elem)) = ir.results(op).first().and_then(|&r| element_of(ctx, ir, r)) else {
        return Ok(());
    };
    let dims = ir.num_operands(op);
    let dynamic = shape.iter().filter(|&&d| d < 0).count();
    if dims != dynamic {
        return err(format!(
            "has {dims} dims for the {dynamic} dynamic dimensions of its result; give one per '?'"
        ));
    }
    let rank = shape.len() as i64;
    match int_attr(ctx, ir, op, "dimension") {
        Some(d) if (0..rank).contains(&d) => {}
        d => {
            return err(format!(
                "dimension {} is out of range for a result of rank {rank}",
                d.map_or("?".to_string(), |d| d.to_string())
            ))
        }
    }
    if is_i1(ctx, elem) {
        return err(format!(
            "requires an integer (i8..i64) or float element type, got '{}'",
            type_to_string(ctx, elem)
        ));
    }
    Ok(())
}

/// `graph.extract`: one element of a signless integer type (not `i1`).
pub fn verify_extract(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let err = |m: String| Err(op_error(ctx, ir, op, m));
    let Some((shape, elem)) = ir.operands(op).next().and_then(|v| element_of(ctx, ir, v)) else {
        return Ok(());
    };
    if shape.iter().any(|&d| d != 1) {
        return err(format!(
            "operand must hold exactly one element, got '{}'",
            type_to_string(ctx, ir.value_type(ir.operand(op, 0)))
        ));
    }
    if is_i1(ctx, elem) || !matches!(ctx.type_kind(elem), TypeKind::Integer { .. }) {
        return err(format!(
            "requires an integer (i8..i64) element type, got '{}'",
            type_to_string(ctx, elem)
        ));
    }
    Ok(())
}
