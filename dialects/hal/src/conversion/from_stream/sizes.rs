//! `stream.tensor.sizeof` → index arithmetic: the bytes of the static part
//! (element size times static dims, by the memory planner's rule,
//! `xir::util::bytes`) times each dynamic dim, with `arith.muli`.

use xir::printer::type_to_string;
use xir::symbol::op_attr;
use xir::{AttrKind, Diagnostic, Op, Value};

use super::convert::Conv;
use super::executables::err;
use xir::util::build::{index_const, op_state};
use xir::util::bytes::{tensor_bytes, Bytes};

impl Conv<'_> {
    /// Replaces the uses of a sizeof's result (the op itself is left for
    /// the caller to erase).
    pub(super) fn sizeof(&mut self, op: Op) -> Result<(), Diagnostic> {
        let loc = self.ir.op(op).loc;
        let t = match op_attr(self.ctx, self.ir, op, "encoding").map(|a| self.ctx.attr_kind(a)) {
            Some(AttrKind::Type(t)) => *t,
            _ => return Err(err(loc, "'stream.tensor.sizeof' without a tensor encoding")),
        };
        // Dynamic dims count as 1: what is left is the static part.
        let fixed = match tensor_bytes(self.ctx, t, Some(1)) {
            Bytes::Known(n) => i64::try_from(n).ok(),
            _ => None,
        };
        let Some(fixed) = fixed else {
            return Err(err(
                loc,
                format!(
                    "the byte size of '{}' is not known (element type without a storage size, or too large)",
                    type_to_string(self.ctx, t)
                ),
            ));
        };
        // A constant of its own, placed here: the function's constants that
        // could be reused may come after this op.
        let mut acc = index_const(self.ctx, self.ir, op, fixed, loc);
        let overflow = xir_arith::constraints::OVERFLOW_DEFAULT;
        for d in self.ir.operands(op).collect::<Vec<Value>>() {
            let flags = (overflow.value)(self.ctx);
            let mut st = op_state(
                self.ctx,
                xir_arith::ops::MULI.name,
                vec![("overflowFlags", flags)],
                loc,
            );
            st.operands = vec![acc, d];
            st.result_types = vec![self.ctx.index_type()];
            let mul = self.ir.create_op(st);
            self.ir.insert_op_before(op, mul);
            acc = self.ir.result(mul, 0);
        }
        let r = self.ir.result(op, 0);
        self.ir.replace_all_uses(r, acc);
        Ok(())
    }
}
