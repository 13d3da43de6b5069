//! The `stream` dialect (docs/architecture.md §3, scheduling level), in IREE's spirit but
//! with a compact syntax:
//!
//! - types `!stream.resource<transient|external|constant>` (bytes; the size is
//!   an `index` value written after the type, `!stream.resource<external>{%n}`)
//!   and `!stream.timepoint`;
//! - `stream.tensor.sizeof [on(#aff)] tensor<?x4xf32>{%d} : index`;
//! - `stream.async.dispatch [on(#aff)] @exe::@entry(%r[%off to %end for %len], %i)
//!   : (!stream.resource<transient>{%n}, index) -> !stream.resource<transient>{%m}`
//!   (IREE's syntax without the workload; each resource argument carries the byte
//!   range the kernel uses; the entry point is a `flow.executable.export`);
//! - `stream.async.transfer %r : t{%n} from(#a) -> to(#b) t{%n}`;
//! - `stream.async.execute on(#aff) [await(%t0, %t1) =>] with(%r as %arg: t{%n})
//!   -> (t{%n}) { ... stream.yield %x : t{%n} } => !stream.timepoint`: work of one
//!   device; resources enter only as captures (region arguments), so the
//!   schedule sees every data dependency, while scalars (sizes, offsets) may be
//!   used from above; it returns its results with a timepoint that signals when
//!   they are ready;
//! - `stream.timepoint.join max(%a, %b) => !stream.timepoint`,
//!   `stream.timepoint.await %t => %r : t{%n}`;
//! - `stream.resource.alloca [on(#aff)] [await(%t)] : t{%n} => !stream.timepoint`,
//!   `stream.resource.dealloca [on(#aff)] [await(%t) =>] %r : t{%n} => !stream.timepoint`.
//!
//! What the levels below read of a stream program: the function ABI
//! (`abi.rs`: a tensor is a resource carrying its type, then its dynamic dims)
//! and the memory plan as slabs (`slabs.rs`: the planned pool and offset of
//! async results, one `stream.resource.alloca` per pool). `conversion/from_flow/`
//! is the conversion into stream (flow → stream: resources, async ops,
//! scheduling into execute regions, the level guard) with its passes and
//! phase of the lowering.

pub mod abi;
pub mod conversion;
pub mod ops;
pub mod slabs;
pub mod syntax;
pub mod types;
pub mod verify;

pub use ops::OPS;

use xir::Context;

/// Registers the `stream` dialect (and `flow`, whose executables it dispatches).
pub fn register(ctx: &mut Context) {
    xir_flow::register(ctx);
    let d = xir::ods::register_dialect(ctx, types::DIALECT, &OPS);
    ctx.registry
        .parse_hooks_mut()
        .types
        .insert(d, types::parse_stream_type);
    ctx.registry
        .dialect_print_hooks_mut()
        .types
        .insert(d, types::print_stream_type);
}
