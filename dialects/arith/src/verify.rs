//! Verifiers of arith ops, in the order and with the messages of MLIR 22: cast
//! shape traits, then cast compatibility (`CastOpInterface`), then op checks.

use xir::diag::Diagnostic;
use xir::ods::constraints::element_type;
use xir::ods::verify::op_error;
use xir::printer::type_to_string;
use xir::store::Ir;
use xir::types::{Signedness, TypeKind};
use xir::{Context, Op, Type};

/// The shape of a ranked shaped type; `None` for scalars, `Some(None)` unranked.
fn shape(ctx: &Context, t: Type) -> Option<Option<&[i64]>> {
    match ctx.type_kind(t) {
        TypeKind::Vector { shape, .. }
        | TypeKind::RankedTensor { shape, .. }
        | TypeKind::MemRef { shape, .. } => Some(Some(shape)),
        TypeKind::UnrankedTensor { .. } | TypeKind::UnrankedMemRef { .. } => Some(None),
        _ => None,
    }
}

/// `verifyCompatibleShapes`: all shaped or none; ranks equal; dims equal or dynamic.
fn compatible_shapes(ctx: &Context, types: &[Type]) -> bool {
    // Vectors must also agree on being scalable or fixed (MLIR compares whether
    // any dimension is scalable, not which).
    let scalable: Vec<bool> = types
        .iter()
        .filter_map(|&t| match ctx.type_kind(t) {
            TypeKind::Vector { scalable, .. } => Some(scalable.iter().any(|&s| s)),
            _ => None,
        })
        .collect();
    if scalable.windows(2).any(|w| w[0] != w[1]) {
        return false;
    }
    let shapes: Vec<_> = types.iter().map(|&t| shape(ctx, t)).collect();
    if shapes.iter().any(|s| s.is_some()) && shapes.iter().any(|s| s.is_none()) {
        return false;
    }
    let ranked: Vec<&[i64]> = shapes.iter().filter_map(|s| s.flatten()).collect();
    let Some(first) = ranked.first() else {
        return true;
    };
    ranked.iter().all(|s| {
        s.len() == first.len()
            && s.iter()
                .zip(first.iter())
                .all(|(&a, &b)| a == b || a == xir::types::DYNAMIC || b == xir::types::DYNAMIC)
    })
}

fn tensor_dims(ctx: &Context, t: Type) -> &[i64] {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, .. } => shape,
        _ => &[],
    }
}

/// The bit width of an integer, index (64) or float type.
pub fn width(ctx: &Context, t: Type) -> Option<u32> {
    match ctx.type_kind(t) {
        TypeKind::Integer { width, .. } => Some(*width),
        TypeKind::Index => Some(64),
        TypeKind::Float(k) => Some(k.bit_width()),
        _ => None,
    }
}

fn is_index(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Index)
}

fn is_signless(ctx: &Context, t: Type) -> bool {
    matches!(
        ctx.type_kind(t),
        TypeKind::Integer {
            signedness: Signedness::Signless,
            ..
        }
    )
}

/// The encoding of a ranked tensor type.
fn encoding(ctx: &Context, t: Type) -> Option<Option<xir::Attr>> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { encoding, .. } => Some(*encoding),
        _ => None,
    }
}

/// `areCastCompatible` of each cast op, on element types; as MLIR's
/// `areValidCastInputsAndOutputs`, two ranked tensors must share their encoding.
fn cast_compatible(name: &str, ctx: &Context, from: Type, to: Type) -> bool {
    if let (Some(a), Some(b)) = (encoding(ctx, from), encoding(ctx, to)) {
        if a != b {
            return false;
        }
    }
    let (f, t) = (element_type(ctx, from), element_type(ctx, to));
    let (wf, wt) = (width(ctx, f), width(ctx, t));
    match name {
        "arith.extsi" | "arith.extui" | "arith.extf" => wt > wf,
        "arith.trunci" | "arith.truncf" => wt < wf,
        "arith.index_cast" | "arith.index_castui" => {
            (is_index(ctx, f) && is_signless(ctx, t)) || (is_signless(ctx, f) && is_index(ctx, t))
        }
        "arith.bitcast" => wf.is_some() && wf == wt,
        _ => true,
    }
}

/// The checks of `Arith_CastOp`: tensor dims, shapes, cast compatibility.
pub fn verify_cast(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let from = ir.value_type(ir.operand(op, 0));
    let to = ir.value_type(ir.result(op, 0));
    if tensor_dims(ctx, from) != tensor_dims(ctx, to) {
        return Err(op_error(
            ctx,
            ir,
            op,
            "failed to verify that input and output have the same tensor dimensions",
        ));
    }
    if !compatible_shapes(ctx, &[from, to]) {
        return Err(op_error(
            ctx,
            ir,
            op,
            "requires the same shape for all operands and results",
        ));
    }
    let name = ctx.str(ir.op(op).name);
    if !cast_compatible(name, ctx, from, to) {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "operand type '{}' and result type '{}' are cast incompatible",
                type_to_string(ctx, from),
                type_to_string(ctx, to)
            ),
        ));
    }
    Ok(())
}

/// `scaling_extf` / `scaling_truncf`: tensor dims of input and result.
pub fn verify_scaling(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let from = ir.value_type(ir.operand(op, 0));
    let to = ir.value_type(ir.result(op, 0));
    if tensor_dims(ctx, from) != tensor_dims(ctx, to) {
        return Err(op_error(
            ctx,
            ir,
            op,
            "failed to verify that input and output have the same tensor dimensions",
        ));
    }
    Ok(())
}

/// Whether `rhs` is the single type `getI1SameShape(t)`.
pub fn is_i1_same_shape(ctx: &Context, t: Type, rhs: &[Type]) -> bool {
    let [r] = rhs else { return false };
    let i1 = |e: &Type| {
        matches!(
            ctx.type_kind(*e),
            TypeKind::Integer {
                width: 1,
                signedness: Signedness::Signless
            }
        )
    };
    match (ctx.type_kind(t), ctx.type_kind(*r)) {
        (
            TypeKind::Vector {
                shape: a,
                scalable: sa,
                ..
            },
            TypeKind::Vector {
                shape: b,
                scalable: sb,
                element,
            },
        ) => a == b && sa == sb && i1(element),
        (
            TypeKind::RankedTensor {
                shape: a,
                encoding: ea,
                ..
            },
            TypeKind::RankedTensor {
                shape: b,
                element,
                encoding: eb,
            },
        ) => a == b && ea == eb && i1(element),
        (TypeKind::UnrankedTensor { .. }, TypeKind::UnrankedTensor { element }) => i1(element),
        (
            TypeKind::Vector { .. }
            | TypeKind::RankedTensor { .. }
            | TypeKind::UnrankedTensor { .. },
            _,
        ) => false,
        _ => i1(r),
    }
}

/// `SameTypeOperands`.
pub fn verify_same_operands(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let mut ts = ir.operands(op).map(|v| ir.value_type(v));
    if let Some(f) = ts.next() {
        if ts.any(|t| t != f) {
            return Err(op_error(
                ctx,
                ir,
                op,
                "requires all operands to have the same type",
            ));
        }
    }
    Ok(())
}

/// `Elementwise` (every arith op but `constant`): scalars only, or non-scalar
/// operands and results that are all vectors or all tensors of compatible shapes.
pub fn verify_elementwise(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let mappable = |t: &Type| {
        matches!(
            ctx.type_kind(*t),
            TypeKind::Vector { .. }
                | TypeKind::RankedTensor { .. }
                | TypeKind::UnrankedTensor { .. }
        )
    };
    let results: Vec<Type> = ir
        .results(op)
        .iter()
        .map(|&r| ir.value_type(r))
        .filter(mappable)
        .collect();
    let operands: Vec<Type> = ir
        .operands(op)
        .map(|v| ir.value_type(v))
        .filter(mappable)
        .collect();
    let err = |m: &str| Err(op_error(ctx, ir, op, m));
    if results.is_empty() && operands.is_empty() {
        return Ok(());
    }
    if operands.is_empty() {
        return err("if a result is non-scalar, then at least one operand must be non-scalar");
    }
    if results.is_empty() {
        return err(
            "if an operand is non-scalar, then there must be at least one non-scalar result",
        );
    }
    if results.len() != ir.results(op).len() {
        return err("if an operand is non-scalar, then all results must be non-scalar");
    }
    let types: Vec<Type> = operands.into_iter().chain(results).collect();
    // The same kind of type: vector, ranked tensor or unranked tensor.
    let kind = |t: Type| std::mem::discriminant(ctx.type_kind(t));
    let same_base = types.windows(2).all(|w| kind(w[0]) == kind(w[1]));
    if !same_base || !compatible_shapes(ctx, &types) {
        return err("all non-scalar operands/results must have the same shape and base type");
    }
    Ok(())
}

/// `cmpi` / `cmpf`: `SameTypeOperands`, then `Elementwise`.
pub fn verify_compare(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    verify_same_operands(ctx, ir, op)?;
    verify_elementwise(ctx, ir, op)
}

/// The cast ops: their shape and compatibility checks, then `Elementwise`.
pub fn verify_cast_op(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    verify_cast(ctx, ir, op)?;
    verify_elementwise(ctx, ir, op)
}

/// `scaling_extf` / `scaling_truncf`: tensor dims, then `Elementwise`.
pub fn verify_scaling_op(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    verify_scaling(ctx, ir, op)?;
    verify_elementwise(ctx, ir, op)
}

/// How `getI1SameShape(t)` prints: `t`'s shape (and encoding) with `i1` elements.
fn i1_same_shape_str(ctx: &Context, t: Type) -> String {
    let dims = |shape: &[i64], scalable: &[bool]| -> String {
        shape
            .iter()
            .enumerate()
            .map(|(i, &d)| {
                let d = if d == xir::types::DYNAMIC {
                    "?".to_string()
                } else {
                    d.to_string()
                };
                if scalable.get(i).copied().unwrap_or(false) {
                    format!("[{d}]x")
                } else {
                    format!("{d}x")
                }
            })
            .collect()
    };
    match ctx.type_kind(t) {
        TypeKind::RankedTensor {
            shape, encoding, ..
        } => {
            let enc = encoding
                .map(|e| format!(", {}", xir::printer::attr_to_string(ctx, e)))
                .unwrap_or_default();
            format!("tensor<{}i1{enc}>", dims(shape, &[]))
        }
        TypeKind::UnrankedTensor { .. } => "tensor<*xi1>".to_string(),
        TypeKind::Vector {
            shape, scalable, ..
        } => format!("vector<{}i1>", dims(shape, scalable)),
        _ => "i1".to_string(),
    }
}

/// `BooleanConditionOrMatchingShape<"condition", "result">`, then `Elementwise`.
pub fn verify_select(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let cond = ir.value_type(ir.operand(op, 0));
    let res = ir.value_type(ir.result(op, 0));
    let scalar_i1 = matches!(
        ctx.type_kind(cond),
        TypeKind::Integer {
            width: 1,
            signedness: Signedness::Signless
        }
    );
    let matching = match (shape(ctx, cond), shape(ctx, res)) {
        (Some(a), Some(b)) => a == b,
        _ => false,
    };
    if !scalar_i1 && !matching {
        return Err(op_error(
            ctx,
            ir,
            op,
            "failed to verify that condition is signless i1 or has matching shape",
        ));
    }
    verify_elementwise(ctx, ir, op)?;
    // `SelectOp::verify`: a non-scalar condition is `getI1SameShape(result)`.
    if scalar_i1 {
        return Ok(());
    }
    if !matches!(
        ctx.type_kind(res),
        TypeKind::Vector { .. } | TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. }
    ) {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "expected condition to be a signless i1, but got '{}'",
                type_to_string(ctx, cond)
            ),
        ));
    }
    if !is_i1_same_shape(ctx, res, &[cond]) {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "expected condition type to have the same shape as the result type, expected '{}', but got '{}'",
                i1_same_shape_str(ctx, res),
                type_to_string(ctx, cond)
            ),
        ));
    }
    Ok(())
}

/// `ConstantOp::verify`.
pub fn verify_constant(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    use xir::AttrKind;
    let ty = ir.value_type(ir.result(op, 0));
    if matches!(ctx.type_kind(ty), TypeKind::Integer { signedness, .. } if *signedness != Signedness::Signless)
    {
        return Err(op_error(
            ctx,
            ir,
            op,
            "integer return type must be signless",
        ));
    }
    let value = xir::symbol::op_attr(ctx, ir, op, "value");
    let ok = value.is_some_and(|a| {
        matches!(
            ctx.attr_kind(a),
            AttrKind::Integer { .. }
                | AttrKind::Float { .. }
                | AttrKind::DenseElements { .. }
                | AttrKind::DenseString { .. }
                | AttrKind::DenseResource { .. }
                | AttrKind::Sparse { .. }
        )
    });
    if !ok {
        return Err(op_error(
            ctx,
            ir,
            op,
            "value must be an integer, float, or elements attribute",
        ));
    }
    let scalable = matches!(ctx.type_kind(ty), TypeKind::Vector { scalable, .. } if scalable.iter().any(|&s| s));
    // (All-equal elements are stored as a splat by the parser, as in MLIR.)
    let splat = value.is_some_and(|a| match ctx.attr_kind(a) {
        AttrKind::DenseElements { splat, .. } | AttrKind::DenseString { splat, .. } => *splat,
        _ => true,
    });
    if scalable && !splat {
        // MLIR's wording, typo included.
        return Err(op_error(
            ctx,
            ir,
            op,
            "intializing scalable vectors with elements attribute is not supported unless it's a vector splat",
        ));
    }
    Ok(())
}
