//! xir's passes that belong to no one dialect crate yet: the transforms
//! (canonicalize, cse, symbol-dce, inline, sccp, print-op-stats,
//! strip-debuginfo, view-op-graph), device assignment and planning, memory
//! planning, and the graph → flow → stream → hal conversions, with their
//! named pipelines as builder functions.

pub mod conversion;
pub mod device;
pub mod memory;
pub mod transforms;

#[cfg(test)]
mod testing;
#[cfg(test)]
mod tests;

use xir::pass::{PassInfo, PassRegistry, PipelineInfo};

/// Registers every pass and named pipeline of this crate.
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
    let pipelines = [
        PipelineInfo {
            argument: "device-assignment-pipeline",
            summary: "Assign devices: targets from flags, device.globals, promises, aliases",
            build: device::assignment_pipeline,
        },
        PipelineInfo {
            argument: "graph-to-flow",
            summary: "Lower graph to flow: dispatch regions, constants, executables, transfers, control flow, level guard",
            build: conversion::graph_to_flow::pipeline,
        },
        PipelineInfo {
            argument: "flow-to-stream",
            summary: "Lower flow to stream: memory plan, sized resources and slabs, async ops, execute regions, level guard",
            build: conversion::flow_to_stream::pipeline,
        },
        PipelineInfo {
            argument: "graph-to-stream",
            summary: "Lower graph to stream: graph-to-flow, then flow-to-stream",
            build: conversion::graph_to_stream,
        },
        PipelineInfo {
            argument: "stream-to-hal",
            summary: "Lower stream to hal: devices, executable variants, command buffers, fences, level guard",
            build: conversion::stream_to_hal::pipeline,
        },
        PipelineInfo {
            argument: "graph-to-hal",
            summary: "Lower graph to hal: graph-to-stream, then stream-to-hal",
            build: conversion::graph_to_hal,
        },
    ];
    for p in pipelines {
        reg.register_pipeline(p);
    }
}

/// The passes of a pipeline, in order.
pub type Passes = Vec<Box<dyn xir::pass::Pass>>;
