//! The `flow` dialect (docs/architecture.md §3, dispatch level), in IREE's spirit:
//!
//! - `flow.dispatch.region on(#device.affinity<@d>) -> (types) { ... flow.return %v : t }`:
//!   ops that run as one kernel on one device; the region captures values from
//!   above and returns the results through `flow.return`.
//! - `flow.executable @exe { flow.executable.export @entry [as @fn]
//!   builtin.module { func.func @entry(...) { graph ops } } }`: outlined kernels;
//!   the export names a function of the inner module (its own name by default).
//! - `flow.dispatch @exe::@entry(%a, %b) [on(#device.affinity<@d>)] : (ts) -> ts`:
//!   runs a kernel; the entry point must resolve and the types match the kernel.
//!   Dynamic dims travel as values after each type, `tensor<?x4xf32>{%d}`, as
//!   in IREE (shaped.rs); dispatch regions carry their results' dims likewise,
//!   `flow.dispatch.region -> (tensor<?x4xf32>{%d}) { ... }`. A dispatch with
//!   dims needs a kernel taking, after the arguments, one `index` per dim
//!   (the arguments' then the results', as listed).
//! - `flow.tensor.transfer %x [from #device.affinity<@a>] to #device.affinity<@b> : t`.
//!
//! `fixed.rs` holds `custom<FixedTypes>`, shared with `stream` and `hal`.
//!
//! `conversion/from_graph/` is the conversion into flow (graph → flow: dispatch
//! regions, constants, executables, transfers, `graph.if` → `scf.if`, the
//! level guard) with its passes and pipeline.

pub mod conversion;
pub mod fixed;
pub mod ops;
pub mod shaped;
pub mod verify;

pub use ops::OPS;

use xir::Context;

/// Registers the `flow` dialect (and the `device` dialect its affinities use).
pub fn register(ctx: &mut Context) {
    xir_device::register(ctx);
    xir::ods::register_dialect(ctx, "flow", &OPS);
}
