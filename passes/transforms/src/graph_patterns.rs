//! Canonicalisations of `graph`: a transfer from a device to the same device is
//! the value itself. (Constant folding comes from the ops' folders.)

use xir::rewrite::{PatternRewriter, PatternSet, RewritePattern};
use xir::symbol::op_attr;
use xir::{Context, Op};

struct TransferToSelf;

impl RewritePattern for TransferToSelf {
    fn name(&self) -> &'static str {
        "graph-transfer-to-self"
    }
    fn root(&self) -> Option<&'static str> {
        Some("graph.transfer")
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

pub fn populate(ctx: &mut Context, set: &mut PatternSet) {
    set.add(ctx, Box::new(TransferToSelf));
}
