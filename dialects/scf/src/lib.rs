//! The `scf` dialect (structured control flow), as much of MLIR's as xir's
//! lowering needs: `scf.if` and `scf.yield`, with MLIR 22's syntax (implicit
//! `scf.yield` terminators, `-> (types)`, the else region only when present)
//! and verifier messages. Host-side control flow at the flow, stream and hal
//! levels is `scf.if` (graph → flow turns each `graph.if` into one).

pub mod ops;
pub mod syntax;
pub mod verify;

pub use ops::OPS;

use xir::Context;

/// Registers the `scf` dialect.
pub fn register(ctx: &mut Context) {
    xir::ods::register_dialect(ctx, "scf", &OPS);
}

#[cfg(test)]
mod tests;
