//! stream → hal (docs/architecture.md §3, issue 8), the conversion into hal: devices become run-time resolved
//! `!hal.device` values, `flow.executable`s become `hal.executable`s with one
//! variant per target in use, execute regions become command buffers submitted
//! to device queues with fences (`convert-stream-to-hal`), and the level guard
//! (`verify-stream-to-hal`). The `stream-to-hal` pipeline runs both.
//!
//! Function ABI (IREE's): one `!hal.buffer_view` per tensor argument or
//! result, and no `index` values for its dims; every function (public or
//! private, definition or declaration) and every `func.call` alike. At the
//! stream level a tensor is a resource whose argument/result attributes hold
//! its type (`stream.tensor = tensor<?x4xf32>`, recorded by flow → stream,
//! the stream ABI `xir_stream::abi`) followed by one `index` per dynamic dim; that
//! attribute is what tells a tensor's dims from a genuine `index` value
//! (say a `graph.dim` result), which stays. At function entry, before
//! anything else, each tensor argument is checked,
//! `hal.buffer_view.assert %view message("input N") shape(tensor<?x4xf32>)`
//! (N its position among all arguments), in argument order; then its dynamic
//! dims are read, `hal.buffer_view.dim %view[i] : index`, standing for the
//! removed dim arguments; then its buffer, `hal.buffer_view.buffer`. Each
//! tensor result is a view of its buffer with its type,
//! `hal.buffer_view.create %buf shape(tensor<8x10xf32>)`, its dims as
//! operands when dynamic (`shape(tensor<?x4xf32>{%d})`); a view received
//! (an argument, a call's result) of that type is returned as it is. The
//! `stream.tensor` attributes are dropped (the views carry the types).
//! Results are ready (their fences awaited) when the function returns.
//! `scf.if` results that were resources become `!hal.buffer`s (their size
//! and dim results pass through); branches are converted in place and use
//! the devices and constants made at function entry. `func.call` follows
//! the same ABI (calls.rs): each tensor passed becomes a view of its type
//! and dims (a view received is passed on as it is), each returned view is
//! unwrapped and its dims read with `hal.buffer_view.dim`.
//! `stream.tensor.sizeof` becomes index arithmetic (sizes.rs).
//!
//! Grids (grid.rs): a dispatch's workgroup counts follow `crate::grid`
//! (the rule the runtime shares) on the shape of the kernel's first result:
//! index constants when static, `arith.ceildivui`/`arith.muli` on the
//! dispatch's dim operands when dynamic.
//!
//! Synchronisation (IREE's): a submission waits on one fence, so a region
//! awaiting several timepoints waits on the `hal.fence.join` of their fences
//! (one a join among them covers is left out), and `stream.timepoint.join`
//! becomes a `hal.fence.join`. The host blocks (`hal.fence.await`, which
//! takes several fences) only where the stream program awaits: before a
//! return, a call, or the yield of an `scf.if` branch; work on different
//! devices keeps overlapping.
//!
//! Memory: a slab (`stream.resource.alloca` tagged `memory.pool`) becomes one
//! `hal.allocator.allocate` at function entry, and a planned result a
//! `hal.buffer.subspan` of it at its offset; other results get their own
//! allocation. The allocator is synchronous, so an alloca's timepoint needs no
//! fence; a dealloca emits nothing (a buffer goes with its last reference) and
//! its timepoint is what it awaited. Inside a command buffer a barrier goes
//! before a command that touches bytes an earlier command (since the last
//! barrier) touched, one of the two writing, subspans of a slab counting as
//! the slab's bytes (barriers.rs).
//!
//! Variants: a dispatch on a device with one candidate target names its
//! variant (`@exe::@variant::@export`); on a device resolved at run time
//! among several (`#device.select`, or a fallback to one) it names
//! `@exe::@export`, the export of whichever variant matches the command
//! buffer's device, after checking that each candidate has a variant.

pub mod barriers;
pub mod calls;
pub mod convert;
pub mod executables;
pub mod grid;
pub mod guard;
pub mod sizes;

use xir::pass::{Pass, PassRegistry};

/// Registers the passes of stream → hal.
pub fn register(reg: &mut PassRegistry) {
    xir::register_passes!(reg, convert::ConvertStreamToHal, guard::VerifyStreamToHal,);
}

/// `stream-to-hal`: the conversion, then the level guard.
pub fn pipeline() -> Vec<Box<dyn Pass>> {
    vec![
        Box::new(convert::ConvertStreamToHal),
        Box::new(guard::VerifyStreamToHal::default()),
    ]
}
