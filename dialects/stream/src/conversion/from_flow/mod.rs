//! flow → stream (docs/architecture.md §3, issue 8), the conversion into stream:
//! tensors become sized resources,
//! dispatches and transfers become async stream ops on their affinity
//! (`convert-flow-to-stream`), scheduling groups them into execute regions
//! joined by timepoints (`stream-schedule-execution`), and the level guard
//! (`verify-flow-to-stream`). [`pipeline`] runs all three: the stream phase
//! of the lowering, which the compiler's `flow-to-stream` pipeline runs after
//! `memory-plan` (the `xir-memory-planning` crate).
//!
//! Function boundary (the stream ABI, `crate::abi`, which stream → hal reads): each tensor argument becomes a
//! `!stream.resource<external>` followed by one `index` argument per dynamic
//! dimension (in order); each tensor result likewise becomes the resource
//! followed by its dynamic dimensions. The resource keeps the tensor's type
//! in its argument/result attributes, `{stream.tensor = tensor<?x4xf32>}`,
//! which says which `index` values after it are its dims (stream → hal
//! makes the tensor one buffer view of that type, IREE's ABI). Resources
//! returned are ready (awaited) when the function returns. `func.call`
//! operands and results follow the same rule, for private and public callees
//! and declarations alike, the call recording the types in its own
//! `arg_attrs`/`res_attrs` (MLIR's call-site attributes), so a call site
//! lowers without its callee; what a call passes is awaited before it, so no
//! execute region spans a call. `verify-flow-to-stream` checks the rule.
//!
//! Host control flow: an `scf.if` with tensor results gets, for each, the
//! resource, its byte size (`index`) and its dynamic dims; the branches are
//! scheduled on their own and await what they yield, so results are ready.
//!
//! Transient memory (`crate::slabs`, which stream → hal reads, and
//! hazards.rs): the `flow-to-stream` pipeline first runs `memory-plan` on the
//! flow program, where the tensors that touch
//! memory are known (dispatch and transfer results; values fused in a kernel
//! need none). Each function gets one `stream.resource.alloca` per pool
//! (device, memory scope) at entry, tagged `memory.pool` and sized by its
//! `memory.pools`; planned async ops keep `memory.pool`/`memory.offset`.
//! Scheduling orders reuse (a write of reused bytes waits for their last
//! writer and readers), every block's terminator waits for the block's work,
//! and the slabs are deallocated after the function's work, which the return
//! awaits. A function's slabs are its own: a callee allocates its own, and
//! returns only when its work is done, so what a caller passed may be reused.
//! Not planned (an allocation of their own at the hal level): returned
//! values, call results (the callee's), and tensors with a dynamic shape
//! unless `memory-plan` bounds it (`max-dim`); it says so in a remark.

pub mod convert;
pub mod guard;
pub mod hazards;
pub mod schedule;

use xir::pass::{Pass, PassRegistry};

/// Registers the passes of flow → stream.
pub fn register(reg: &mut PassRegistry) {
    xir::register_passes!(
        reg,
        convert::ConvertFlowToStream,
        schedule::ScheduleExecution,
        guard::VerifyFlowToStream,
    );
}

/// The stream phase of `flow-to-stream` (the memory plan comes before it):
/// resources, async ops and execute regions, then the level guard.
pub fn pipeline() -> Vec<Box<dyn Pass>> {
    vec![
        Box::new(convert::ConvertFlowToStream),
        Box::new(schedule::ScheduleExecution),
        Box::new(guard::VerifyFlowToStream::default()),
    ]
}
