//! The named pipelines (docs/architecture.md §5): builder functions that stitch the
//! phases each crate builds — device assignment (`xir-device-planning`),
//! graph → flow (`xir_flow::conversion::from_graph`), the memory plan
//! (`xir-memory-planning`), flow → stream (`xir_stream::conversion::from_flow`)
//! and stream → hal (`xir_hal::conversion::from_stream`).

use xir::pass::{PassRegistry, PipelineInfo};

/// The passes of a pipeline, in order.
pub type Passes = Vec<Box<dyn xir::pass::Pass>>;

/// `graph-to-flow`: per-channel affine maps folded into convs
/// (`graph-fold-conv-affine`), composite ops decomposed
/// (`graph-decompose{keep-windows=true keep-attention=true}`: attention formed, and a
/// conv or attention a kernel stage computes stays whole until the kernel lowering),
/// reshapes moved below elementwise ops (`graph-sink-reshapes`: a 2-d matmul's bias and
/// activation join its epilogue), then dispatch regions, constants, executables, transfers, control flow, then
/// the level guard.
pub fn graph_to_flow() -> Passes {
    let mut p: Passes = vec![
        Box::new(xir_graph::fold_conv::FoldConvAffine),
        Box::new(xir_graph::decompose::Decompose {
            keep_windows: true,
            keep_attention: true,
        }),
        Box::new(xir_graph::sink_reshape::SinkReshapes),
    ];
    p.extend(xir_flow::conversion::from_graph::pipeline());
    p
}

/// `flow-to-stream`: the memory plan, then the stream phase (resources, async
/// ops, execute regions, the level guard).
pub fn flow_to_stream() -> Passes {
    let mut p: Passes = vec![Box::new(
        xir_memory_planning::memory_plan::MemoryPlan::default(),
    )];
    p.extend(xir_stream::conversion::from_flow::pipeline());
    p
}

/// `graph-to-stream`: graph → flow, then flow → stream.
pub fn graph_to_stream() -> Passes {
    let mut p = graph_to_flow();
    p.extend(flow_to_stream());
    p
}

/// `stream-to-hal`: the conversion, the level guard, then each variant's
/// kernels compiled to the kernel dialect for its target
/// (`convert-graph-to-kernel`): a hal module is the compiled artifact the
/// runtime loads without compiling anything.
pub fn stream_to_hal() -> Passes {
    let mut p = xir_hal::conversion::from_stream::pipeline();
    p.push(Box::new(xir_kernel::conversion::pass::ConvertGraphToKernel));
    p
}

/// `graph-to-hal`: graph → stream, then stream → hal.
pub fn graph_to_hal() -> Passes {
    let mut p = graph_to_stream();
    p.extend(stream_to_hal());
    p
}

/// `graph-to-kernel`: the same as `graph-to-hal` (whose variants hold
/// kernels); kept as a name for scripts that used it.
pub fn graph_to_kernel() -> Passes {
    graph_to_hal()
}

/// Registers every named pipeline.
pub fn register(reg: &mut PassRegistry) {
    let pipelines = [
        PipelineInfo {
            argument: "device-assignment-pipeline",
            summary: "Assign devices: targets from flags, device.globals, promises, aliases",
            build: xir_device_planning::assignment_pipeline,
        },
        PipelineInfo {
            argument: "graph-to-flow",
            summary: "Lower graph to flow: composites decomposed, dispatch regions, constants, executables, transfers, control flow, level guard",
            build: graph_to_flow,
        },
        PipelineInfo {
            argument: "flow-to-stream",
            summary: "Lower flow to stream: memory plan, sized resources and slabs, async ops, execute regions, level guard",
            build: flow_to_stream,
        },
        PipelineInfo {
            argument: "graph-to-stream",
            summary: "Lower graph to stream: graph-to-flow, then flow-to-stream",
            build: graph_to_stream,
        },
        PipelineInfo {
            argument: "stream-to-hal",
            summary: "Lower stream to hal: devices, executable variants, command buffers, fences, level guard, kernels compiled per target",
            build: stream_to_hal,
        },
        PipelineInfo {
            argument: "graph-to-hal",
            summary: "Lower graph to hal: graph-to-stream, then stream-to-hal",
            build: graph_to_hal,
        },
        PipelineInfo {
            argument: "graph-to-kernel",
            summary: "The same as graph-to-hal (its variants hold kernels)",
            build: graph_to_kernel,
        },
    ];
    for p in pipelines {
        reg.register_pipeline(p);
    }
}
