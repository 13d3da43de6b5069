//! Which graph ops become kernel code, and which of those anchor a dispatch.

use xir::{Context, Ir, Op};

/// How region formation treats an op.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Class {
    /// Anchors a dispatch (at most one per region): matmul and reductions.
    Root,
    /// Elementwise and data-movement ops, fused by shape.
    Fusable,
    /// Stays outside dispatches (constants, host queries, transfers, control flow,
    /// every non-graph op).
    Outside,
}

pub fn class_of_name(name: &str) -> Class {
    match name {
        "graph.matmul" | "graph.reduce_sum" | "graph.reduce_max" => Class::Root,
        "graph.add" | "graph.sub" | "graph.mul" | "graph.div" | "graph.max" | "graph.neg"
        | "graph.exp" | "graph.tanh" | "graph.relu" | "graph.broadcast" | "graph.transpose"
        | "graph.reshape" | "graph.slice" | "graph.concat" => Class::Fusable,
        _ => Class::Outside,
    }
}

pub fn class_of(ctx: &Context, ir: &Ir, op: Op) -> Class {
    class_of_name(ctx.str(ir.op(op).name))
}

/// Graph ops that may remain outside executables after conversion: host shape
/// queries. Control flow becomes `scf.if`, constants become kernel code.
pub fn allowed_outside(name: &str) -> bool {
    name == "graph.dim"
}
