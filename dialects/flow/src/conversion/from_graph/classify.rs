//! Which graph ops become kernel code, and which of those anchor a dispatch:
//! read from the ops' `Iteration` interface (`xir_graph::iteration`).

use xir::{Context, Ident, Ir, Op};
use xir_graph::iteration::Iteration;

/// How region formation treats an op.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Class {
    /// Anchors a dispatch (at most one per region): matmul and reductions.
    Root,
    /// Elementwise and data-movement ops, fused by shape.
    Fusable,
    /// A dispatch of its own, fused with nothing: ops whose reads depend on
    /// run-time values (`graph.gather`).
    Alone,
    /// Stays outside dispatches (constants, host queries, transfers, control flow,
    /// every non-graph op).
    Outside,
}

pub fn class_of_name(ctx: &Context, name: Ident) -> Class {
    match ctx.op_interface::<Iteration>(name) {
        Some(Iteration::Reduction) => Class::Root,
        Some(Iteration::Parallel) => Class::Fusable,
        Some(Iteration::Indexed) => Class::Alone,
        None => Class::Outside,
    }
}

pub fn class_of(ctx: &Context, ir: &Ir, op: Op) -> Class {
    class_of_name(ctx, ir.op(op).name)
}

/// Graph ops that may remain outside executables after conversion: host shape
/// queries and reads. Control flow becomes `scf.if`, constants become kernel code.
pub fn allowed_outside(name: &str) -> bool {
    name == xir_graph::ops::DIM.name || name == xir_graph::ops::EXTRACT.name
}
