//! `func.call` at the hal level, by the function ABI (mod.rs): resources
//! passed are wrapped as byte views (`hal.buffer_view.create`, as function
//! results are), resources returned arrive as views and are unwrapped
//! (`hal.buffer_view.buffer`, as function arguments are). Both sides are
//! ready: flow → stream awaited what the call passes, and a function
//! returns ready resources.

use xir::{Diagnostic, Op};
use xir_hal::types::hal_type;
use xir_stream::types::is_resource;

use super::convert::{Buf, Conv};
use crate::conversion::flow_to_stream::build::op_state;

impl Conv<'_> {
    pub(super) fn call(&mut self, op: Op) -> Result<(), Diagnostic> {
        let loc = self.ir.op(op).loc;
        let buffer = hal_type(self.ctx, "buffer");
        let view = hal_type(self.ctx, "buffer_view");
        for i in 0..self.ir.num_operands(op) {
            let v = self.ir.operand(op, i);
            let t = self.ir.value_type(v);
            // Resources, and scf.if results already made buffers.
            if is_resource(self.ctx, t) || t == buffer {
                let b = self.buf(v, op)?;
                let w = self.view(op, b, loc)?;
                self.ir.set_operand(op, i, w);
            }
        }
        let mut after = op;
        for r in self.ir.results(op).to_vec() {
            if !is_resource(self.ctx, self.ir.value_type(r)) {
                continue;
            }
            self.ir.set_value_type(r, view);
            let mut st = op_state(self.ctx, "hal.buffer_view.buffer", vec![], loc);
            st.operands = vec![r];
            st.result_types = vec![buffer];
            let unwrap = self.ir.create_op(st);
            self.ir.insert_op_after(after, unwrap);
            after = unwrap;
            let buffer = self.ir.result(unwrap, 0);
            self.bufs.insert(r, Buf { buffer, size: None });
        }
        Ok(())
    }
}
