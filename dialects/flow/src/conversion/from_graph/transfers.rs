//! `graph.transfer` → `flow.tensor.transfer` (same operand, type, source and
//! target; the placement attribute is implied by the target).

use xir::pass::{Pass, PassContext};
use xir::{Context, Ir, Op, OperationState};

use super::util::ops_named_outside;

/// Rewrites every `graph.transfer` in `module` outside executables; returns how many.
pub fn convert_transfers(ctx: &mut Context, ir: &mut Ir, module: Op) -> u64 {
    let found = ops_named_outside(
        ctx,
        ir,
        module,
        xir_graph::ops::TRANSFER.name,
        &["flow.executable"],
    );
    let flow_name = ctx.ident("flow.tensor.transfer");
    let k_aff = ctx.ident("device.affinity");
    for &op in &found {
        let d = ir.op(op);
        let (props, attrs, loc) = (d.properties, d.attrs, d.loc);
        let kept: Vec<_> = ctx
            .dict_entries(attrs)
            .iter()
            .copied()
            .filter(|&(k, _)| k != k_aff)
            .collect();
        let attrs = ctx.dictionary(kept);
        let new = ir.create_op(OperationState {
            name: flow_name,
            operands: ir.operands(op).collect(),
            result_types: ir.results(op).iter().map(|&v| ir.value_type(v)).collect(),
            properties: props,
            attrs,
            num_regions: 0,
            successors: Vec::new(),
            loc,
        });
        ir.insert_op_before(op, new);
        ir.replace_op(op, new);
    }
    found.len() as u64
}

#[derive(Default)]
pub struct ConvertTransfers;

impl ConvertTransfers {
    pub const ARGUMENT: &'static str = "flow-convert-transfers";
    pub const SUMMARY: &'static str = "Rewrite graph.transfer ops as flow.tensor.transfer";
}

impl Pass for ConvertTransfers {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "ConvertTransfers"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn run(&mut self, pc: &mut PassContext<'_>, module: Op) -> Result<(), ()> {
        let n = convert_transfers(pc.ctx, pc.ir, module);
        pc.add_statistic("num-transfers", "Number of transfers converted", n);
        if n == 0 {
            pc.preserve_all();
        }
        Ok(())
    }
}
