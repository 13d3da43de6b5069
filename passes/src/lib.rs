//! xir's core transforms: canonicalize, cse, symbol-dce, inline, sccp,
//! print-op-stats, strip-debuginfo and view-op-graph.

pub mod conversion;
pub mod device;
pub mod memory;
pub mod transforms;

#[cfg(test)]
mod testing;
#[cfg(test)]
mod tests;

use xir::pass::{PassInfo, PassRegistry};

/// Registers every pass of this crate.
const FLOW_TO_STREAM: &str =
    "memory-plan,convert-flow-to-stream,stream-schedule-execution,verify-flow-to-stream";
const GRAPH_TO_STREAM: &str = "flow-form-dispatch-regions,flow-convert-constants,flow-outline-dispatch-regions,flow-convert-transfers,flow-convert-control-flow,verify-graph-to-flow,memory-plan,convert-flow-to-stream,stream-schedule-execution,verify-flow-to-stream";

const STREAM_TO_HAL: &str = "convert-stream-to-hal,verify-stream-to-hal";
const GRAPH_TO_HAL: &str = "flow-form-dispatch-regions,flow-convert-constants,flow-outline-dispatch-regions,flow-convert-transfers,flow-convert-control-flow,verify-graph-to-flow,memory-plan,convert-flow-to-stream,stream-schedule-execution,verify-flow-to-stream,convert-stream-to-hal,verify-stream-to-hal";

pub fn register(reg: &mut PassRegistry) {
    use transforms::*;
    macro_rules! pass {
        ($t:ty) => {
            reg.register(PassInfo {
                argument: <$t>::ARGUMENT,
                summary: <$t>::SUMMARY,
                create: || Box::new(<$t>::default()),
            })
        };
    }
    pass!(canonicalize::Canonicalize);
    pass!(cse::Cse);
    pass!(symbol_dce::SymbolDce);
    pass!(inline::Inline);
    pass!(sccp::Sccp);
    pass!(print_op_stats::PrintOpStats);
    pass!(strip_debuginfo::StripDebugInfo);
    pass!(view_op_graph::ViewOpGraph);
    // Device planning and its forms.
    pass!(device::plan::DevicePlan);
    pass!(device::forms::DeviceMinimize);
    pass!(device::forms::DeviceExpand);
    pass!(device::annotate::AnnotateAffinities);
    pass!(device::partition::Partition);
    pass!(device::explain::Explain);
    // Device assignment (DESIGN.md §4).
    pass!(device::assign_targets::AssignTargets);
    pass!(device::materialize::Materialize);
    pass!(device::resolve_promises::ResolvePromises);
    pass!(device::resolve_aliases::ResolveAliases);
    // Memory (DESIGN.md §4).
    pass!(memory::workspace::WorkspaceAnalysis);
    pass!(memory::memory_plan::MemoryPlan);
    // graph → flow (DESIGN.md §3).
    pass!(conversion::graph_to_flow::form_regions::FormDispatchRegions);
    pass!(conversion::graph_to_flow::constants::ConvertConstants);
    pass!(conversion::graph_to_flow::outline::OutlineDispatchRegions);
    pass!(conversion::graph_to_flow::transfers::ConvertTransfers);
    pass!(conversion::graph_to_flow::control_flow::ConvertControlFlow);
    pass!(conversion::graph_to_flow::guard::VerifyGraphToFlow);
    pass!(conversion::graph_to_flow::convert::ConvertGraphToFlow);
    pass!(conversion::flow_to_stream::convert::ConvertFlowToStream);
    pass!(conversion::flow_to_stream::schedule::ScheduleExecution);
    pass!(conversion::flow_to_stream::guard::VerifyFlowToStream);
    pass!(conversion::stream_to_hal::convert::ConvertStreamToHal);
    pass!(conversion::stream_to_hal::guard::VerifyStreamToHal);
    reg.register_pipeline(
        "device-assignment-pipeline",
        "Assign devices: targets from flags, device.globals, promises, aliases",
        "device-assign-targets,device-materialize,device-resolve-promises,device-resolve-aliases",
    );
    reg.register_pipeline(
        "graph-to-flow",
        "Lower graph to flow: dispatch regions, constants, executables, transfers, control flow, level guard",
        "flow-form-dispatch-regions,flow-convert-constants,flow-outline-dispatch-regions,flow-convert-transfers,flow-convert-control-flow,verify-graph-to-flow",
    );
    reg.register_pipeline(
        "flow-to-stream",
        "Lower flow to stream: memory plan, sized resources and slabs, async ops, execute regions, level guard",
        FLOW_TO_STREAM,
    );
    reg.register_pipeline(
        "graph-to-stream",
        "Lower graph to stream: graph-to-flow, then flow-to-stream",
        GRAPH_TO_STREAM,
    );
    reg.register_pipeline(
        "stream-to-hal",
        "Lower stream to hal: devices, executable variants, command buffers, fences, level guard",
        STREAM_TO_HAL,
    );
    reg.register_pipeline(
        "graph-to-hal",
        "Lower graph to hal: graph-to-stream, then stream-to-hal",
        GRAPH_TO_HAL,
    );
}
