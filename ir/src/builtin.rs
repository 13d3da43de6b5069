//! The builtin dialect: its registration (every context has it) and verifiers.
//! Its custom forms belong to the assembly layer (`crate::printer`, `crate::parser`).

use crate::context::Context;
use crate::diag::Diagnostic;
use crate::dialect::{DialectDef, Interfaces, OpDef, Traits};
use crate::entity::Op;
use crate::store::Ir;

/// Registers the `builtin` dialect with its ops, and the open `test` dialect.
pub(crate) fn register(ctx: &mut Context) {
    ctx.register_dialect(DialectDef {
        name: "builtin",
        open: false,
    });
    ctx.register_dialect(DialectDef {
        name: "test",
        open: true,
    });
    ctx.register_op(OpDef {
        name: "builtin.module",
        traits: Traits::NO_TERMINATOR
            | Traits::ISOLATED_FROM_ABOVE
            | Traits::SYMBOL_TABLE
            | Traits::GRAPH_REGION
            | Traits::SINGLE_BLOCK
            | Traits::NO_REGION_ARGUMENTS,
        verify: Some(verify_module),
        interfaces: Interfaces::default(),
    });
    ctx.register_op(OpDef {
        name: "builtin.unrealized_conversion_cast",
        traits: Traits::PURE,
        verify: Some(verify_unrealized_cast),
        interfaces: Interfaces::default(),
    });
}

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
