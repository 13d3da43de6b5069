//! graph's canonicalization patterns beyond constant folding (which comes from
//! the ops' folders): a transfer from a device to the same device is the value
//! itself.

use crate::ops::TRANSFER;
use xir::rewrite::{CanonicalizationPatterns, PatternRewriter, PatternSet, RewritePattern};
use xir::symbol::op_attr;
use xir::{Context, Op};

struct TransferToSelf;

impl RewritePattern for TransferToSelf {
    fn name(&self) -> &'static str {
        "graph-transfer-to-self"
    }
    fn root(&self) -> Option<&'static str> {
        Some(TRANSFER.name)
    }
    fn match_and_rewrite(&self, rw: &mut PatternRewriter<'_>, op: Op) -> bool {
        let src = op_attr(rw.ctx, rw.ir, op, "source");
        let dst = op_attr(rw.ctx, rw.ir, op, "target");
        if src.is_none() || src != dst || rw.ir.num_operands(op) != 1 {
            return false;
        }
        let v = rw.ir.operand(op, 0);
        rw.replace_op(op, &[v]);
        true
    }
}

fn transfer(ctx: &mut Context, set: &mut PatternSet) {
    set.add(ctx, Box::new(TransferToSelf));
}

/// Attaches the patterns to their op records (`canonicalize` collects them).
pub fn attach(ctx: &mut Context) {
    ctx.attach_interface(TRANSFER.name, CanonicalizationPatterns(transfer));
}
