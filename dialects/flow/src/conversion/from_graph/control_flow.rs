//! `flow-convert-control-flow`: each `graph.if` outside executables becomes an
//! `scf.if` (host control flow at the flow level and below) with the same
//! condition, results and discardable attributes (`device.affinity` kept);
//! the branches move over unchanged and `graph.yield` becomes `scf.yield`.
//! Runs after region formation, so the branches already hold dispatches.

use xir::pass::{Pass, PassContext};
use xir::{Context, Ir, Op, OperationState};
use xir_scf::ops::{IF_NAME, YIELD_NAME};
use xir_scf::syntax::ensure_yield;

use super::util::ops_named_outside;

/// Rewrites every `graph.if` in `module` outside kernels (executables and
/// dispatch regions); returns how many.
pub fn convert_ifs(ctx: &mut Context, ir: &mut Ir, module: Op) -> u64 {
    let found = ops_named_outside(
        ctx,
        ir,
        module,
        xir_graph::ops::IF.name,
        &["flow.executable", "flow.dispatch.region"],
    );
    let (scf_if, scf_yield) = (ctx.ident(IF_NAME), ctx.ident(YIELD_NAME));
    let graph_yield = ctx.ident(xir_graph::ops::YIELD.name);
    for &op in &found {
        let d = ir.op(op);
        let (attrs, loc) = (d.attrs, d.loc);
        let new = ir.create_op(OperationState {
            name: scf_if,
            operands: ir.operands(op).collect(),
            result_types: ir.results(op).iter().map(|&v| ir.value_type(v)).collect(),
            properties: None,
            attrs,
            num_regions: 2,
            successors: Vec::new(),
            loc,
        });
        ir.insert_op_before(op, new);
        let (old_regions, new_regions) = (ir.regions(op).to_vec(), ir.regions(new).to_vec());
        for (i, &dst) in new_regions.iter().enumerate() {
            let Some(&src) = old_regions.get(i) else {
                continue;
            };
            ir.take_body(dst, src);
            let Some(last) = ir.entry_block(dst).and_then(|b| ir.last_op(b)) else {
                continue;
            };
            if ir.op(last).name == graph_yield {
                let y = ir.op(last);
                let (yattrs, yloc) = (y.attrs, y.loc);
                let ny = ir.create_op(OperationState {
                    name: scf_yield,
                    operands: ir.operands(last).collect(),
                    result_types: Vec::new(),
                    properties: None,
                    attrs: yattrs,
                    num_regions: 0,
                    successors: Vec::new(),
                    loc: yloc,
                });
                ir.insert_op_before(last, ny);
                ir.erase_op(last);
            }
        }
        // scf.if always has a then block (graph.if may omit it without results).
        ensure_yield(ctx, ir, new_regions[0], loc);
        ir.replace_op(op, new);
    }
    found.len() as u64
}

#[derive(Default)]
pub struct ConvertControlFlow;

impl ConvertControlFlow {
    pub const ARGUMENT: &'static str = "flow-convert-control-flow";
    pub const SUMMARY: &'static str = "Rewrite graph.if and graph.yield as scf.if and scf.yield";
}

impl Pass for ConvertControlFlow {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "ConvertControlFlow"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn run(&mut self, pc: &mut PassContext<'_>, module: Op) -> Result<(), ()> {
        super::util::refuse_hal_level(pc.ctx, pc.ir, module, self.argument(), pc.diags)?;
        let n = convert_ifs(pc.ctx, pc.ir, module);
        pc.add_statistic("num-ifs", "Number of graph.if ops converted", n);
        if n == 0 {
            pc.preserve_all();
        }
        Ok(())
    }
}
