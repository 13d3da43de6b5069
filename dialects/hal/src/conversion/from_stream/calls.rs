//! `func.call` at the hal level, by the function ABI (mod.rs): the call's
//! `stream.tensor` attributes (flow → stream records them at each call,
//! abi.rs) say which operands and results are tensors and which `index`
//! values are their dims. Each tensor passed becomes a view of its buffer
//! with its type and dims (`hal.buffer_view.create`; a view received with
//! the same type, an argument or a call's result, is passed on as it is),
//! and its dims are no longer passed; each tensor returned arrives as a view,
//! unwrapped (`hal.buffer_view.buffer`, as function arguments are), its dims
//! read from it (`hal.buffer_view.dim`). Both sides are ready: flow → stream
//! awaited what the call passes, and a function returns ready resources.

use crate::types::hal_type;
use xir::{Diagnostic, Op, OperationState, Type, Value};
use xir_stream::types::resource_type;

use super::convert::{signature_attrs, Buf, Conv};
use super::executables::err;
use xir::util::build::op_state;
use xir_stream::abi;

impl Conv<'_> {
    /// Builds the hal call before `op` and takes over the uses of its
    /// results; returns it (`op` is left for the caller to erase).
    pub(super) fn call(&mut self, op: Op) -> Result<Op, Diagnostic> {
        let loc = self.ir.op(op).loc;
        let operands: Vec<Value> = self.ir.operands(op).collect();
        let results: Vec<Value> = self.ir.results(op).to_vec();
        // Operands already converted (views received, buffers of `scf.if`)
        // count as the resources they were.
        let resource = resource_type(self.ctx, "external");
        let in_types: Vec<Type> = operands
            .iter()
            .map(|&v| {
                if self.bufs.contains_key(&v) {
                    resource
                } else {
                    self.ir.value_type(v)
                }
            })
            .collect();
        let out_types: Vec<Type> = results.iter().map(|&v| self.ir.value_type(v)).collect();
        let arg_attrs = abi::dicts_of(self.ctx, self.ir, op, "arg_attrs");
        let res_attrs = abi::dicts_of(self.ctx, self.ir, op, "res_attrs");
        let ins = abi::groups(self.ctx, &in_types, &arg_attrs)
            .map_err(|m| err(loc, format!("'func.call' operand {m}")))?;
        let outs = abi::groups(self.ctx, &out_types, &res_attrs)
            .map_err(|m| err(loc, format!("'func.call' result {m}")))?;
        let mut new_operands = Vec::with_capacity(ins.len());
        for g in &ins {
            let v = operands[g.start];
            match g.tensor {
                Some(t) => {
                    let b = self.buf(v, op)?;
                    let dims = operands[g.dims()].to_vec();
                    new_operands.push(self.view(op, b, t, &dims, loc)?);
                }
                None => new_operands.push(v),
            }
        }
        let view = hal_type(self.ctx, "buffer_view");
        let new_types = outs
            .iter()
            .map(|g| g.tensor.map_or(out_types[g.start], |_| view))
            .collect();
        let d = self.ir.op(op);
        let new = self.ir.create_op(OperationState {
            name: d.name,
            operands: new_operands,
            result_types: new_types,
            properties: d.properties,
            attrs: d.attrs,
            num_regions: 0,
            successors: Vec::new(),
            loc,
        });
        self.ir.insert_op_before(op, new);
        if self.top == op {
            self.top = new;
        }
        // Call-site attributes by value, without the stream types.
        for (key, attrs, groups) in [
            ("arg_attrs", &arg_attrs, &ins),
            ("res_attrs", &res_attrs, &outs),
        ] {
            let list = signature_attrs(self.ctx, attrs, groups);
            xir::op_attrs::set_property(self.ctx, self.ir, new, key, None);
            abi::set_attrs(self.ctx, self.ir, new, key, list);
        }
        let buffer = hal_type(self.ctx, "buffer");
        let mut after = new;
        for (k, g) in outs.iter().enumerate() {
            let r = self.ir.result(new, k);
            self.ir.replace_all_uses(results[g.start], r);
            let Some(t) = g.tensor else { continue };
            let mut st = op_state(self.ctx, "hal.buffer_view.buffer", vec![], loc);
            st.operands = vec![r];
            st.result_types = vec![buffer];
            let unwrap = self.ir.create_op(st);
            self.ir.insert_op_after(after, unwrap);
            after = unwrap;
            let b = self.ir.result(unwrap, 0);
            self.bufs.insert(r, Buf { buffer: b });
            self.view_types.insert(r, t);
            for (j, dim) in self.dim_ops(r, t, loc).into_iter().enumerate() {
                self.ir.insert_op_after(after, dim);
                after = dim;
                let v = self.ir.result(dim, 0);
                self.ir.replace_all_uses(results[g.start + 1 + j], v);
            }
        }
        Ok(new)
    }
}
