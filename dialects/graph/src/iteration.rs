//! The [`Iteration`] interface: how the kernel a graph op becomes iterates
//! (linalg's iterator types, per op), attached by `register` to the ops that
//! become kernel code. Graph → flow forms dispatch regions from it: a
//! reduction anchors a dispatch, parallel ops fuse around it, and ops without
//! it (constants, host queries, transfers, control flow) stay outside.

use crate::ops;
use xir::dialect::Traits;
use xir::ods::OpSpec;
use xir::Context;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Iteration {
    /// Each result element reads a fixed set of operand elements: the
    /// elementwise and data-movement ops.
    Parallel,
    /// A result element combines many operand elements: matmul and reductions.
    Reduction,
    /// A result element reads operand elements chosen by values known only
    /// at run time (`graph.gather`, `graph.scatter`): a dispatch of its own, fused with nothing.
    Indexed,
}

/// Attaches [`Iteration`] to the graph ops that become kernel code.
pub fn attach(ctx: &mut Context) {
    for spec in ops::OPS {
        if spec.traits.contains(Traits::ELEMENTWISE) {
            ctx.attach_interface(spec.name, Iteration::Parallel);
        }
    }
    // An iota reads nothing: each element is computed from its index.
    let movement: [&OpSpec; 6] = [
        &ops::IOTA,
        &ops::BROADCAST,
        &ops::TRANSPOSE,
        &ops::RESHAPE,
        &ops::SLICE,
        &ops::CONCAT,
    ];
    for spec in movement {
        ctx.attach_interface(spec.name, Iteration::Parallel);
    }
    // A conv, pool or attention left whole (`graph-decompose{keep-windows}`,
    // `{keep-attention}`) anchors a dispatch as a matmul does.
    for spec in [
        &ops::MATMUL,
        &ops::REDUCE_SUM,
        &ops::REDUCE_MAX,
        &crate::window::CONV,
        &crate::window::MAX_POOL,
        &crate::window::AVG_POOL,
        &crate::attention::ATTENTION,
    ] {
        ctx.attach_interface(spec.name, Iteration::Reduction);
    }
    ctx.attach_interface(ops::GATHER.name, Iteration::Indexed);
    ctx.attach_interface(ops::SCATTER.name, Iteration::Indexed);
}
