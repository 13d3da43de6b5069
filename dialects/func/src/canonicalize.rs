//! func's canonicalization pattern (MLIR's `CallIndirectOp` one): an indirect
//! call of a `func.constant` is a direct `func.call` of that symbol, which the
//! inliner can then inline.

use crate::{CALL, CALL_INDIRECT, CONSTANT};
use xir::builder::InsertPoint;
use xir::rewrite::{CanonicalizationPatterns, PatternRewriter, PatternSet, RewritePattern};
use xir::symbol::op_attr;
use xir::{Context, Op, OperationState, ValueDef};

struct IndirectCallOfConstant;

impl RewritePattern for IndirectCallOfConstant {
    fn name(&self) -> &'static str {
        "func-indirect-call-of-constant"
    }
    fn root(&self) -> Option<&'static str> {
        Some(CALL_INDIRECT.name)
    }
    fn match_and_rewrite(&self, rw: &mut PatternRewriter<'_>, op: Op) -> bool {
        if rw.ir.num_operands(op) == 0 {
            return false;
        }
        let ValueDef::Result { op: def, .. } = rw.ir.value(rw.ir.operand(op, 0)).def else {
            return false;
        };
        if !CONSTANT.is(rw.ctx, rw.ir, def) {
            return false;
        }
        let Some(sym) = op_attr(rw.ctx, rw.ir, def, "value") else {
            return false;
        };
        let empty = rw.ctx.empty_dict();
        let props = rw.ctx.dict_set(empty, "callee", Some(sym));
        let loc = rw.ir.op(op).loc;
        let st = OperationState {
            operands: rw.ir.operands(op).skip(1).collect(),
            result_types: rw
                .ir
                .results(op)
                .iter()
                .map(|&r| rw.ir.value_type(r))
                .collect(),
            properties: Some(props),
            ..OperationState::new(rw.ctx, CALL.name, loc)
        };
        rw.point = InsertPoint::Before(op);
        let call = rw.create(st);
        let results = rw.ir.results(call).to_vec();
        rw.replace_op(op, &results);
        true
    }
}

fn call_indirect(ctx: &mut Context, set: &mut PatternSet) {
    set.add(ctx, Box::new(IndirectCallOfConstant));
}

/// Attaches the pattern to `func.call_indirect` (`canonicalize` collects it).
pub fn attach(ctx: &mut Context) {
    ctx.attach_interface(CALL_INDIRECT.name, CanonicalizationPatterns(call_indirect));
}
