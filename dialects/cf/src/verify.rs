//! The cf ops' verifiers, with MLIR 22's messages and order: the branch
//! interface's check of forwarded operands against each successor's block
//! arguments (no op prefix, as MLIR emits it), then each op's own rules.

use crate::branch::{case_segments, case_values};
use crate::ops::SWITCH;
use xir::ods::access::operand_groups;
use xir::ods::verify::op_error;
use xir::printer::type_to_string;
use xir::{AttrKind, Context, Diagnostic, Ir, Op};

/// MLIR's `verifyBranchSuccessorOperands`, for any op with the branch interface.
pub fn verify_successor_operands(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let loc = ir.op(op).loc;
    for (i, &b) in ir.successors(op).iter().enumerate() {
        let vals = xir::branch::forwarded(ctx, ir, op, i).unwrap_or_default();
        let args = ir.block_args(b);
        if vals.len() != args.len() {
            return Err(Diagnostic::error(
                loc,
                format!(
                    "branch has {} operands for successor #{i}, but target block has {}",
                    vals.len(),
                    args.len()
                ),
            ));
        }
        for (k, (&v, &a)) in vals.iter().zip(args).enumerate() {
            if ir.value_type(v) != ir.value_type(a) {
                return Err(Diagnostic::error(
                    loc,
                    format!("type mismatch for bb argument #{k} of successor #{i}"),
                ));
            }
        }
    }
    Ok(())
}

pub fn verify_br(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    verify_successor_operands(ctx, ir, op)
}

pub fn verify_cond_br(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    verify_successor_operands(ctx, ir, op)?;
    let Some(w) = xir::symbol::op_attr(ctx, ir, op, "branch_weights") else {
        return Ok(());
    };
    if let AttrKind::DenseArray { values, .. } = ctx.attr_kind(w) {
        let n = ir.successors(op).len();
        let loc = ir.op(op).loc;
        if values.len() != n {
            return Err(Diagnostic::error(
                loc,
                format!(
                    "expects number of branch weights to match number of successors: {} vs {n}",
                    values.len()
                ),
            ));
        }
        if values.iter().all(|&v| v as u32 == 0) {
            return Err(Diagnostic::error(loc, "branch weights cannot all be zero"));
        }
    }
    Ok(())
}

pub fn verify_switch(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    // ODS's VariadicOfVariadic check comes before the interfaces'.
    let seg = case_segments(ctx, ir, op);
    let case_ops = operand_groups(ctx, ir, op, &SWITCH)[2].len();
    let total: usize = seg.iter().sum();
    if case_ops != total {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "caseOperands count ({case_ops}) does not match with the total size ({total}) specified in attribute 'case_operand_segments'"
            ),
        ));
    }
    verify_successor_operands(ctx, ir, op)?;
    let cases = ir.successors(op).len().saturating_sub(1);
    let values = xir::symbol::op_attr(ctx, ir, op, "case_values");
    if values.is_none() && cases == 0 {
        return Ok(());
    }
    if let (Some(v), Some(&flag)) = (values, ir.operands(op).collect::<Vec<_>>().first()) {
        if let AttrKind::DenseElements { ty, .. } = ctx.attr_kind(v) {
            let elem = xir_arith::fold::elements::element_type(ctx, *ty);
            let ft = ir.value_type(flag);
            if elem != ft {
                return Err(op_error(
                    ctx,
                    ir,
                    op,
                    format!(
                        "'flag' type ('{}') should match case value type ('{}')",
                        type_to_string(ctx, ft),
                        type_to_string(ctx, elem)
                    ),
                ));
            }
        }
    }
    // mlir-opt 22 crashes on cases without values; xir reports the count.
    let n = case_values(ctx, ir, op).len();
    if n != cases {
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "number of case values ({n}) should match number of case destinations ({cases})"
            ),
        ));
    }
    Ok(())
}
