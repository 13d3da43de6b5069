//! Conversions between levels (DESIGN.md §3): graph → flow → stream.

pub mod flow_to_stream;
pub mod graph_to_flow;
pub mod guard;
pub mod stream_to_hal;

use xir::{Context, Ir, Op};

/// The ops directly in `module`'s body, in order.
pub fn top_ops(ir: &Ir, module: Op) -> Vec<Op> {
    let Some(&r) = ir.regions(module).first() else {
        return Vec::new();
    };
    ir.region_blocks(r)
        .flat_map(|b| ir.block_ops(b).collect::<Vec<_>>())
        .collect()
}

/// The `func.func`s directly in `module`'s body, in order.
pub fn top_funcs(ctx: &Context, ir: &Ir, module: Op) -> Vec<Op> {
    top_ops(ir, module)
        .into_iter()
        .filter(|&op| ctx.str(ir.op(op).name) == "func.func")
        .collect()
}

/// `graph-to-stream`: graph → flow, then flow → stream.
pub fn graph_to_stream() -> crate::Passes {
    let mut p = graph_to_flow::pipeline();
    p.extend(flow_to_stream::pipeline());
    p
}

/// `graph-to-hal`: graph → stream, then stream → hal.
pub fn graph_to_hal() -> crate::Passes {
    let mut p = graph_to_stream();
    p.extend(stream_to_hal::pipeline());
    p
}
