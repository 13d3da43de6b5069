//! `scf.if`'s verifier, with MLIR's messages: a then block, an else block when
//! there are results, blocks ending in `scf.yield`, and each yield matching the
//! results in count and types (MLIR's region-branch check).

use xir::dialect::Traits;
use xir::ods::verify::{first_type_mismatch, op_error};
use xir::printer::type_to_string;
use xir::{Context, Diagnostic, Ir, Op, Type};

use crate::ops::YIELD_NAME;

const BRANCH_EDGE: &str = "along control flow edge from Operation scf.yield to parent";

pub fn verify_if(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let regions = ir.regions(op);
    // SingleBlock: a block that exists is not empty.
    for &r in regions {
        if let Some(b) = ir.entry_block(r) {
            if ir.first_op(b).is_none() {
                return Err(op_error(ctx, ir, op, "expects a non-empty block"));
            }
        }
    }
    if regions.first().is_some_and(|&r| ir.region_is_empty(r)) {
        return Err(op_error(
            ctx,
            ir,
            op,
            "region #0 ('thenRegion') failed to verify constraint: region with 1 blocks",
        ));
    }
    let results: Vec<Type> = ir.results(op).iter().map(|&r| ir.value_type(r)).collect();
    if !results.is_empty() && regions.get(1).is_some_and(|&r| ir.region_is_empty(r)) {
        return Err(op_error(
            ctx,
            ir,
            op,
            "must have an else block if defining values",
        ));
    }
    // SingleBlockImplicitTerminator. A registered non-terminator at the end is
    // left to the block check ("block with no terminator"), as in MLIR, where
    // this check runs after the nested blocks.
    let mut yields = Vec::new();
    for &r in regions {
        let Some(last) = ir.entry_block(r).and_then(|b| ir.last_op(b)) else {
            continue;
        };
        let name = ir.op(last).name;
        if ctx.str(name) == YIELD_NAME {
            yields.push(last);
            continue;
        }
        if ctx.registry.op_def(name).is_some() && !ctx.op_traits(name).contains(Traits::TERMINATOR)
        {
            return Ok(());
        }
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "expects regions to end with '{YIELD_NAME}', found '{}'",
                ctx.str(name)
            ),
        )
        .with_note(
            ir.op(op).loc,
            format!("in custom textual format, the absence of terminator implies '{YIELD_NAME}'"),
        ));
    }
    // Every yield forwards to the results.
    for y in yields {
        let n = ir.num_operands(y);
        let note_loc = ir.op(y).loc;
        if n != results.len() {
            return Err(op_error(
                ctx,
                ir,
                op,
                format!(
                    "{BRANCH_EDGE}: region branch point has {n} operands, but region successor needs {} inputs",
                    results.len()
                ),
            )
            .with_note(note_loc, "region branch point"));
        }
        let yielded = ir.operands(y).map(|v| ir.value_type(v));
        if let Some((k, vt, t)) = first_type_mismatch(yielded, &results) {
            return Err(op_error(
                ctx,
                ir,
                op,
                format!(
                    "{BRANCH_EDGE}: successor operand type #{k} '{}' should match successor input type #{k} '{}'",
                    type_to_string(ctx, vt),
                    type_to_string(ctx, t)
                ),
            )
            .with_note(note_loc, "region branch point"));
        }
    }
    Ok(())
}
