//! The `scf` dialect (structured control flow), as much of MLIR's as xir's
//! lowering needs: `scf.if` and `scf.yield`, with MLIR 22's syntax (implicit
//! `scf.yield` terminators, `-> (types)`, the else region only when present)
//! and verifier messages, and MLIR 22's `scf.if` canonicalization
//! (`canonicalize.rs`). Host-side control flow at the flow, stream and hal
//! levels is `scf.if` (graph → flow turns each `graph.if` into one).

pub mod canonicalize;
pub mod ops;
pub mod rewrite;
pub mod syntax;
pub mod verify;

pub use ops::OPS;

use xir::Context;

/// Registers the `scf` dialect.
pub fn register(ctx: &mut Context) {
    xir::ods::register_dialect(ctx, "scf", &OPS);
    canonicalize::attach(ctx);
}

#[cfg(test)]
mod tests;
