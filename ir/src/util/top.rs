//! The ops directly in a module's body.

use crate::{Context, Ir, Op};

/// The ops directly in `module`'s body, in order.
pub fn top_ops(ir: &Ir, module: Op) -> Vec<Op> {
    let Some(&r) = ir.regions(module).first() else {
        return Vec::new();
    };
    ir.region_blocks(r)
        .flat_map(|b| ir.block_ops(b).collect::<Vec<_>>())
        .collect()
}

/// The `func.func`s directly in `module`'s body, in order.
pub fn top_funcs(ctx: &Context, ir: &Ir, module: Op) -> Vec<Op> {
    top_ops(ir, module)
        .into_iter()
        .filter(|&op| ctx.str(ir.op(op).name) == "func.func")
        .collect()
}
