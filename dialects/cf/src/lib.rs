//! The `cf` dialect (unstructured control flow), as MLIR 22 defines it:
//! `cf.br`, `cf.cond_br` (with branch weights), `cf.switch` and `cf.assert`,
//! with MLIR's syntax, verifier messages, folds and canonicalization
//! patterns. The branching ops carry `xir::branch::BranchOp`, through which
//! the verifier and the passes read the operands each successor receives.

pub mod branch;
pub mod canonicalize;
pub mod ops;
pub mod syntax;
pub mod verify;

pub use ops::OPS;

use xir::Context;

/// Registers the `cf` dialect.
pub fn register(ctx: &mut Context) {
    xir::ods::register_dialect(ctx, "cf", &OPS);
    for (name, iface) in ops::branch_ops() {
        ctx.attach_interface(name, iface);
    }
    canonicalize::attach(ctx);
}

#[cfg(test)]
mod tests;
