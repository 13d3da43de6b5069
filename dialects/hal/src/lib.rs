//! The `hal` dialect (docs/architecture.md §3, runtime ABI level), in IREE's spirit with a
//! compact syntax. Operands of a fixed type are written without it.
//!
//! Devices are found at run time:
//! - `hal.devices.count : index`, `hal.devices.get %i : !hal.device` enumerate;
//! - `hal.device.resolve <device> : !hal.device` resolves a device attribute:
//!   `#device.target<"kind", ...>` is the first available device of that kind,
//!   `#device.alias<"kind"[n]>` the n-th one (ordinal), `#device.select<[A, B]>`
//!   the first candidate that resolves. A `#device.fallback<@d>` is not resolved
//!   here: the lowering reuses the value resolved for `@d`.
//!
//! Executables: `hal.executable @exe { hal.executable.variant @v target(#device.target<...>)
//! { hal.executable.export @entry [as @fn] builtin.module { kernels } } }`, one
//! variant per executable target; `hal.executable.lookup device(%d) executable(@exe)`.
//!
//! Work: `hal.allocator.allocate device(%d) size(%n) [memory(scope)] : !hal.buffer`,
//! `hal.command_buffer.create device(%d)`, `.dispatch %cmd, @exe::@v::@entry
//! workgroups(%x, %y, %z) [constants(...)] bindings(%buf[%off, %len], ...)`,
//! `.copy_buffer %cmd, source(%a[%o]) target(%b[%o]) length(%n)`,
//! `.execution_barrier %cmd`, `.finalize %cmd`; `hal.device.queue.execute %d
//! [queue(n)] [wait(%f)] signal(%g) commands(%cmd, ...)`; `hal.fence.create
//! device(%d)`, `hal.fence.join at(%f, ...) -> !hal.fence` (reached when all
//! are: what a submission depending on several waits on),
//! `hal.fence.await until(%f, ...)` (the host blocks until all are reached).
//! The workgroup counts of a dispatch follow one rule (grid.rs), which the
//! runtime shares.
//!
//! Function inputs and outputs (IREE's ABI): one `!hal.buffer_view` per
//! tensor, which carries its element type and dims.
//! `hal.buffer_view.assert %view message("input 0") shape(tensor<?x4xf32>)`
//! checks an argument's element type, rank and static dims;
//! `hal.buffer_view.dim %view[0]` reads a dim, `hal.buffer_view.buffer %view`
//! the buffer; `hal.buffer_view.create %buf shape(tensor<?x4xf32>{%d})` makes
//! a view of a buffer (a result).
//!
//! `conversion/from_stream/` is the conversion into hal (stream → hal:
//! devices, executable variants, command buffers, fences, the buffer-view
//! ABI, the level guard) with its passes and phase of the lowering.

pub mod bindings;
pub mod conversion;
pub mod grid;
pub mod ops;
pub mod types;
pub mod verify;

pub use ops::OPS;

use xir::Context;

/// Registers the `hal` dialect (and `flow`/`device`, whose pieces it reuses).
pub fn register(ctx: &mut Context) {
    xir_flow::register(ctx);
    let d = xir::ods::register_dialect(ctx, types::DIALECT, &OPS);
    ctx.registry
        .parse_hooks_mut()
        .types
        .insert(d, types::parse_hal_type);
}

/// What a `hal.executable.variant` holds: its exports' names, in order, and
/// its kernel module (what every backend's `prepare` starts from).
pub fn variant_contents(
    ctx: &xir::Context,
    ir: &xir::Ir,
    variant: xir::Op,
) -> Result<(Vec<String>, xir::Op), String> {
    let body = ir.regions(variant).first().and_then(|&r| ir.entry_block(r));
    let mut exports = Vec::new();
    let mut module = None;
    for op in body
        .map(|b| ir.block_ops(b).collect::<Vec<_>>())
        .unwrap_or_default()
    {
        if ops::EXPORT.is(ctx, ir, op) {
            let n = xir::symbol::symbol_name(ctx, ir, op).unwrap_or_default();
            exports.push(String::from_utf8_lossy(n).into_owned());
        } else if ctx.str(ir.op(op).name) == "builtin.module" {
            module = Some(op);
        }
    }
    Ok((exports, module.ok_or("variant without a kernel module")?))
}
