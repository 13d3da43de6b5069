//! The `graph` dialect (DESIGN.md §3): tensor ops on values with shape inference
//! (`shape.rs`, checked in `verify.rs`), custom syntax (`ops.rs` formats plus
//! `syntax.rs`), constant folding (`fold.rs`), and the placement ops
//! `graph.on_device` / `graph.transfer`.

pub mod fold;
pub mod ops;
pub mod shape;
pub mod syntax;
pub mod verify;

pub use ops::OPS;

use xir::dialect::DialectDef;
use xir::Context;

/// Registers the `graph` dialect (and the `device` dialect its placement ops use).
pub fn register(ctx: &mut Context) {
    xir_device::register(ctx);
    ctx.register_dialect(DialectDef {
        name: "graph",
        open: false,
    });
    xir::ods::register_ops(ctx, &OPS);
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
    let key = ctx.ident("value");
    let props = ctx.dictionary(vec![(key, value)]);
    let st = xir::OperationState {
        name: ctx.ident("graph.constant"),
        operands: Vec::new(),
        result_types: vec![ty],
        properties: Some(props),
        attrs: ctx.empty_dict(),
        num_regions: 0,
        successors: Vec::new(),
        loc,
    };
    Some(ir.create_op(st))
}

#[cfg(test)]
mod tests;
