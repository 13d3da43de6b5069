//! `convert-graph-to-flow`: the whole graph → flow step in one pass
//! (composite graph ops decomposed as `graph-decompose` does, region
//! formation, constants, outlining, transfers, control flow), then the level
//! guard.

use xir::pass::{Pass, PassContext};
use xir::Op;

use super::{constants, control_flow, form_regions, guard, outline, transfers};

#[derive(Default)]
pub struct ConvertGraphToFlow;

impl ConvertGraphToFlow {
    pub const ARGUMENT: &'static str = "convert-graph-to-flow";
    pub const SUMMARY: &'static str =
        "Form dispatch regions, outline them into executables and convert transfers to flow";
}

impl Pass for ConvertGraphToFlow {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "ConvertGraphToFlow"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn run(&mut self, pc: &mut PassContext<'_>, module: Op) -> Result<(), ()> {
        super::util::refuse_hal_level(pc.ctx, pc.ir, module, self.argument(), pc.diags)?;
        let (decomposed, errors) = xir_graph::decompose::decompose_with(
            pc.ctx,
            pc.ir,
            module,
            xir_graph::decompose::Keep {
                windows: true,
                attention: true,
            },
        );
        if !errors.is_empty() {
            for d in errors {
                pc.diags.emit(d);
            }
            return Err(());
        }
        pc.add_statistic(
            "num-decomposed",
            "Number of composite ops decomposed",
            decomposed,
        );
        let formed = form_regions::form(pc.ctx, pc.ir, module, pc.diags);
        if formed.failed > 0 {
            return Err(());
        }
        let consts = constants::convert_constants(pc.ctx, pc.ir, module);
        let (dispatches, exes) = outline::outline_all(pc.ctx, pc.ir, module);
        let (moved, elided) = transfers::convert_transfers(pc.ctx, pc.ir, module);
        let ifs = control_flow::convert_ifs(pc.ctx, pc.ir, module);
        pc.add_statistic(
            "num-regions",
            "Number of dispatch regions formed",
            formed.regions,
        );
        pc.add_statistic("num-unused", "Number of unused ops erased", formed.unused);
        constants::add_statistics(pc, &consts);
        pc.add_statistic(
            "num-dispatches",
            "Number of dispatch regions outlined",
            dispatches,
        );
        pc.add_statistic("num-executables", "Number of executables created", exes);
        pc.add_statistic("num-transfers", "Number of transfers converted", moved);
        pc.add_statistic(
            "num-elided",
            "Number of transfers between devices sharing memory elided",
            elided,
        );
        pc.add_statistic("num-ifs", "Number of graph.if ops converted", ifs);
        if xir::util::level_guard::check::<guard::FlowLevel>(pc.ctx, pc.ir, module, pc.diags) > 0 {
            return Err(());
        }
        Ok(())
    }
}
