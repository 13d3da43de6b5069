//! stream → hal (DESIGN.md §3, issue 8): devices become run-time resolved
//! `!hal.device` values, `flow.executable`s become `hal.executable`s with one
//! variant per target in use, execute regions become command buffers submitted
//! to device queues with fences (`convert-stream-to-hal`), and the level guard
//! (`verify-stream-to-hal`). The `stream-to-hal` pipeline runs both.
//!
//! Function ABI: each `!stream.resource<external>` argument or result becomes a
//! `!hal.buffer_view`. Arguments are unwrapped with `hal.buffer_view.buffer`;
//! results are wrapped with `hal.buffer_view.create` as a byte view,
//! `tensor<Nxi8>` (N the resource size; `tensor<?xi8>{%size}` when dynamic),
//! since the element type is not known at the stream level. Index arguments
//! (dynamic dims) pass through unchanged. Results are ready (their fences awaited)
//! when the function returns. `scf.if` results that were resources become
//! `!hal.buffer`s (their size results pass through); branches are converted
//! in place and use the devices and constants made at function entry.
//! `func.call` follows the same ABI (calls.rs): resources passed become views
//! (a view received is passed on as it is), results are unwrapped.
//! `stream.tensor.sizeof` becomes index arithmetic (sizes.rs).
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
pub mod guard;
pub mod sizes;
