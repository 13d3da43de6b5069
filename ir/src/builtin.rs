//! The builtin dialect's verifiers.

use crate::context::Context;
use crate::diag::Diagnostic;
use crate::entity::Op;
use crate::store::Ir;

pub(crate) fn verify_module(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let d = ir.op(op);
    for (k, _) in ctx.dict_entries(d.attrs) {
        let key = ctx.str(*k);
        if !key.contains('.') && key != "sym_name" && key != "sym_visibility" {
            return Err(Diagnostic::error(
                d.loc,
                format!(
                    "'builtin.module' op can only contain attributes with dialect-prefixed names, found: '{key}'"
                ),
            ));
        }
    }
    if ir.num_operands(op) != 0 || !ir.results(op).is_empty() {
        return Err(Diagnostic::error(
            d.loc,
            "'builtin.module' op requires zero operands and zero results",
        ));
    }
    Ok(())
}

pub(crate) fn verify_unrealized_cast(_ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    if ir.results(op).is_empty() {
        return Err(Diagnostic::error(
            ir.op(op).loc,
            "'builtin.unrealized_conversion_cast' op expected at least one result for cast operation",
        ));
    }
    Ok(())
}
