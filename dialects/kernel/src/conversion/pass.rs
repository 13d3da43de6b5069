//! `convert-graph-to-kernel`: lowers the kernels of every op that declares
//! a [`KernelTarget`] (at hal: each `hal.executable.variant`) with that
//! target's parameters; targets of the graph format keep their graph ops.
//! It ends `stream-to-hal`: a hal module's kernels are compiled.

use crate::conversion::from_graph::lower_module;
use crate::target::{holds_graph, params_of, KernelTarget};
use xir::pass::{Pass, PassContext};
use xir::{Diagnostic, Op};

#[derive(Default)]
pub struct ConvertGraphToKernel;

impl ConvertGraphToKernel {
    pub const ARGUMENT: &'static str = "convert-graph-to-kernel";
    pub const SUMMARY: &'static str =
        "Lower the graph ops of each executable variant to kernel stages for its target";
}

impl Pass for ConvertGraphToKernel {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "ConvertGraphToKernel"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn run(&mut self, pc: &mut PassContext<'_>, op: Op) -> Result<(), ()> {
        let holders: Vec<(Op, KernelTarget)> = xir::walk::preorder(pc.ir, op)
            .into_iter()
            .filter_map(|o| {
                pc.ctx
                    .op_interface::<KernelTarget>(pc.ir.op(o).name)
                    .map(|i| (o, *i))
            })
            .collect();
        let mut lowered = 0;
        for (holder, KernelTarget(target_of)) in holders {
            let target = target_of(pc.ctx, pc.ir, holder);
            if holds_graph(pc.ctx, target) {
                continue;
            }
            let params = params_of(pc.ctx, target);
            let modules: Vec<Op> = pc
                .ir
                .regions(holder)
                .iter()
                .flat_map(|&r| pc.ir.region_blocks(r).collect::<Vec<_>>())
                .flat_map(|b| pc.ir.block_ops(b).collect::<Vec<_>>())
                .filter(|&o| pc.ctx.str(pc.ir.op(o).name) == "builtin.module")
                .collect();
            for m in modules {
                match lower_module(pc.ctx, pc.ir, m, &params) {
                    Ok(n) => lowered += n,
                    Err((at, msg)) => {
                        pc.diags.emit(Diagnostic::error(
                            pc.ir.op(at).loc,
                            format!("{}: {msg}", Self::ARGUMENT),
                        ));
                        return Err(());
                    }
                }
            }
        }
        // A module already compiled (what xrun loads) is left as it is: no
        // verification after this pass on the load path.
        if lowered == 0 {
            pc.preserve_all();
        }
        Ok(())
    }
}
