//! `graph.transfer` → `flow.tensor.transfer` (same operand, type, source and
//! target; the placement attribute is implied by the target). A transfer between
//! devices that `device.topology` links with shared memory is elided: its users
//! read the producer's buffer (memory planning keeps that buffer alive through
//! their uses, and the stream level makes them wait for its producer).

use xir::pass::{Pass, PassContext};
use xir::{Context, Ir, Op, OperationState};

use super::util::ops_named_outside;

/// Rewrites every `graph.transfer` in `module` outside executables; returns how
/// many were converted and how many elided.
pub fn convert_transfers(ctx: &mut Context, ir: &mut Ir, module: Op) -> (u64, u64) {
    let links = xir_device::attrs::shared_memory_links(
        ctx,
        xir::symbol::op_attr(ctx, ir, module, "device.topology"),
    );
    let device_of = |ctx: &Context, ir: &Ir, op: Op, key: &str| {
        xir::symbol::op_attr(ctx, ir, op, key)
            .and_then(|a| xir_device::attrs::affinity_device(ctx, a))
    };
    let mut elided = 0;
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
        if let (Some(from), Some(to)) = (
            device_of(ctx, ir, op, "source"),
            device_of(ctx, ir, op, "target"),
        ) {
            if from != to && xir_device::attrs::linked(&links, from, to) {
                let (x, r) = (ir.operand(op, 0), ir.result(op, 0));
                ir.replace_all_uses(r, x);
                ir.erase_op(op);
                elided += 1;
                continue;
            }
        }
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
    (found.len() as u64 - elided, elided)
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
        super::util::refuse_hal_level(pc.ctx, pc.ir, module, self.argument(), pc.diags)?;
        let (n, elided) = convert_transfers(pc.ctx, pc.ir, module);
        pc.add_statistic("num-transfers", "Number of transfers converted", n);
        pc.add_statistic(
            "num-elided",
            "Number of transfers between devices sharing memory elided",
            elided,
        );
        if n + elided == 0 {
            pc.preserve_all();
        }
        Ok(())
    }
}
