//! The `graph` dialect (docs/architecture.md §3): tensor ops on values with shape inference
//! (`shape.rs`, checked in `verify.rs`), custom syntax (`ops.rs` formats plus
//! `syntax.rs`), constant folding (`fold.rs`), canonicalization patterns
//! (`canonicalize.rs`), the placement ops `graph.on_device` /
//! `graph.transfer`, the composite ops (`composite.rs`: reduce_mean,
//! softmax, log_softmax, layer_norm, gelu) and the `graph-decompose` pass
//! that rewrites them into primitive ops (`decompose.rs`), the window ops
//! (`window.rs`: conv, conv_transpose, max_pool, avg_pool, pad, resize),
//! decomposed by the same pass, `graph.attention` (`attention.rs`), which that pass
//! forms from the ops exporters write and decomposes too, `graph-fold-conv-affine` (`fold_conv.rs`:
//! per-channel scales and shifts folded into a conv's constant weights), and two
//! interfaces on its op records: how result dims follow from operand dims
//! (`dims.rs`) and how an op's kernel iterates (`iteration.rs`).

pub mod attention;
mod canonicalize;
pub mod composite;
pub mod decompose;
pub mod dims;
pub mod fold;
pub mod fold_conv;
pub mod iteration;
pub mod ops;
pub mod shape;
pub mod sink_reshape;
pub mod syntax;
pub mod verify;
pub mod window;

pub use ops::OPS;

use xir::ods::constant::build_constant;
use xir::Context;

/// Registers the `graph` dialect (and the `device` dialect its placement ops use).
pub fn register(ctx: &mut Context) {
    xir_device::register(ctx);
    xir::ods::register_dialect(ctx, "graph", &OPS);
    canonicalize::attach(ctx);
    dims::attach(ctx);
    iteration::attach(ctx);
    ctx.registry
        .materializers
        .insert("graph", materialize_constant);
}

/// Folded tensors become `graph.constant` ops.
pub fn materialize_constant(
    ctx: &mut Context,
    ir: &mut xir::Ir,
    value: xir::Attr,
    ty: xir::Type,
    loc: xir::Attr,
) -> Option<xir::Op> {
    match ctx.attr_kind(value) {
        xir::AttrKind::DenseElements { ty: vty, .. } if *vty == ty => {}
        _ => return None,
    }
    Some(build_constant(ctx, ir, "graph.constant", value, ty, loc))
}

#[cfg(test)]
mod tests;
