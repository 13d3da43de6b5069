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
}

#[cfg(test)]
mod tests;
