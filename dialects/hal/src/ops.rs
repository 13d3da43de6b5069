//! The declarations of the hal ops (docs/architecture.md §3, runtime ABI level).

use crate::bindings::BINDINGS;
use crate::types::DIALECT;
use crate::verify;
use xir::dialect::Traits;
use xir::ods::constraints::{
    FLAT_SYMBOL_REF_ATTR, I64_ATTR, INDEX, STR_ATTR, SYMBOL_NAME_ATTR, SYMBOL_REF_ATTR, TYPE_ATTR,
};
use xir::ods::{AttrSpec, OpSpec, RegionSpec, TypeConstraint, ValueSpec};
use xir::{Context, Type};
use xir_device::DEVICE_ATTR;
use xir_flow::fixed::{is_dialect_type, FIXED_TYPES};
use xir_flow::ops::{executable, export, TABLE};

macro_rules! hal_type {
    ($id:ident, $name:literal) => {
        /// The description names the type for `custom<FixedTypes>`.
        pub const $id: TypeConstraint = TypeConstraint {
            desc: concat!("!hal.", $name),
            check: |ctx: &Context, t: Type| is_dialect_type(ctx, t, DIALECT, $name),
            buildable: None,
        };
    };
}

hal_type!(DEVICE, "device");
hal_type!(BUFFER, "buffer");
hal_type!(BUFFER_VIEW, "buffer_view");
hal_type!(COMMAND_BUFFER, "command_buffer");
hal_type!(FENCE, "fence");
hal_type!(EXECUTABLE_T, "executable");

const BODY: &[RegionSpec] = &[RegionSpec::one("body")];

pub static DEVICES_COUNT: OpSpec = OpSpec {
    results: &[ValueSpec::one("result", INDEX)],
    format: Some("attr-dict `:` type($result)"),
    ..OpSpec::new("hal.devices.count")
};

pub static DEVICES_GET: OpSpec = OpSpec {
    operands: &[ValueSpec::one("index", INDEX)],
    results: &[ValueSpec::one("result", DEVICE)],
    format: Some("$index attr-dict `:` type($result) `` custom<FixedTypes>(ref($index))"),
    custom: &[FIXED_TYPES],
    ..OpSpec::new("hal.devices.get")
};

/// A device global by name (`#device.affinity<@gpu>`, what the lowering
/// emits), or a device attribute written by hand.
const RESOLVE_ATTR: xir::ods::AttrConstraint = xir::ods::AttrConstraint {
    desc: "device affinity or device attribute",
    check: |ctx, a| {
        (DEVICE_ATTR.check)(ctx, a) || xir_device::attrs::affinity_device(ctx, a).is_some()
    },
    ..DEVICE_ATTR
};

/// The run-time device of a `device.global` (`#device.affinity<@gpu>`) or
/// of a `#device.target`/`#device.alias`/`#device.select`.
pub static DEVICE_RESOLVE: OpSpec = OpSpec {
    results: &[ValueSpec::one("result", DEVICE)],
    attrs: &[AttrSpec::required("device", RESOLVE_ATTR)],
    verify: Some(verify::verify_resolve),
    format: Some("$device attr-dict `:` type($result)"),
    ..OpSpec::new("hal.device.resolve")
};

pub static EXECUTABLE: OpSpec = executable("hal.executable", verify::verify_executable);

pub static VARIANT: OpSpec = OpSpec {
    attrs: &[
        AttrSpec::required("sym_name", SYMBOL_NAME_ATTR),
        AttrSpec::required("target", DEVICE_ATTR),
    ],
    regions: BODY,
    traits: TABLE,
    parents: &["hal.executable"],
    verify: Some(verify::verify_variant),
    format: Some("$sym_name `target` `(` $target `)` attr-dict-with-keyword $body"),
    ..OpSpec::new("hal.executable.variant")
};

pub static EXPORT: OpSpec = export("hal.executable.export", &["hal.executable.variant"]);

/// The executable `@exe`, loaded on a device.
pub static EXECUTABLE_LOOKUP: OpSpec = OpSpec {
    operands: &[ValueSpec::one("device", DEVICE)],
    results: &[ValueSpec::one("result", EXECUTABLE_T)],
    attrs: &[AttrSpec::required("executable", FLAT_SYMBOL_REF_ATTR)],
    verify: Some(verify::verify_lookup),
    format: Some("`device` `(` $device `)` `executable` `(` $executable `)` attr-dict `:` type($result) `` custom<FixedTypes>(ref($device))"),
    custom: &[FIXED_TYPES],
    ..OpSpec::new("hal.executable.lookup")
};

pub static ALLOCATE: OpSpec = OpSpec {
    operands: &[ValueSpec::one("device", DEVICE), ValueSpec::one("size", INDEX)],
    results: &[ValueSpec::one("result", BUFFER)],
    attrs: &[AttrSpec::optional("memory", STR_ATTR)],
    format: Some("`device` `(` $device `)` `size` `(` $size `)` (`memory` `(` $memory^ `)`)? attr-dict `:` type($result) `` custom<FixedTypes>(ref($device), ref($size))"),
    custom: &[FIXED_TYPES],
    ..OpSpec::new("hal.allocator.allocate")
};

/// `hal.buffer.subspan %buf[%offset, %length] : !hal.buffer`: bytes
/// `offset..offset+length` of a buffer as a buffer of their own (no copy);
/// the lowering binds planned results to subspans of their slab.
pub static BUFFER_SUBSPAN: OpSpec = OpSpec {
    operands: &[
        ValueSpec::one("source_buffer", BUFFER),
        ValueSpec::one("source_offset", INDEX),
        ValueSpec::one("length", INDEX),
    ],
    results: &[ValueSpec::one("result", BUFFER)],
    traits: Traits::PURE,
    verify: Some(verify::verify_subspan),
    format: Some("$source_buffer `[` $source_offset `,` $length `]` attr-dict `:` type($result) `` custom<FixedTypes>(ref($source_buffer), ref($source_offset), ref($length))"),
    custom: &[FIXED_TYPES],
    ..OpSpec::new("hal.buffer.subspan")
};

pub static CMD_CREATE: OpSpec = OpSpec {
    operands: &[ValueSpec::one("device", DEVICE)],
    results: &[ValueSpec::one("result", COMMAND_BUFFER)],
    format: Some(
        "`device` `(` $device `)` attr-dict `:` type($result) `` custom<FixedTypes>(ref($device))",
    ),
    custom: &[FIXED_TYPES],
    ..OpSpec::new("hal.command_buffer.create")
};

/// `hal.command_buffer.dispatch %cmd, @exe::@variant::@export workgroups(%x, %y, %z)
/// [constants(%c, ...)] bindings(%buf[%offset, %length], ...)`. The entry point
/// names one variant (a device whose target is known), or is `@exe::@export`:
/// the export of the variant matching the command buffer's device at run time
/// (a `#device.select`), which every variant must have.
pub static CMD_DISPATCH: OpSpec = OpSpec {
    operands: &[
        ValueSpec::one("command_buffer", COMMAND_BUFFER),
        ValueSpec::many("workgroups", INDEX),
        ValueSpec::many("constants", INDEX),
        ValueSpec::many("binding_buffers", BUFFER),
        ValueSpec::many("binding_offsets", INDEX),
        ValueSpec::many("binding_lengths", INDEX),
    ],
    attrs: &[AttrSpec::required("entry_point", SYMBOL_REF_ATTR)],
    verify: Some(verify::verify_dispatch),
    format: Some("$command_buffer `,` $entry_point `workgroups` `(` $workgroups `)` (`constants` `(` $constants^ `)`)? `bindings` `(` custom<Bindings>($binding_buffers, $binding_offsets, $binding_lengths) `)` attr-dict `` custom<FixedTypes>(ref($command_buffer), ref($workgroups), ref($constants))"),
    custom: &[BINDINGS, FIXED_TYPES],
    ..OpSpec::new("hal.command_buffer.dispatch")
};

pub static CMD_COPY: OpSpec = OpSpec {
    operands: &[
        ValueSpec::one("command_buffer", COMMAND_BUFFER),
        ValueSpec::one("source_buffer", BUFFER),
        ValueSpec::one("source_offset", INDEX),
        ValueSpec::one("target_buffer", BUFFER),
        ValueSpec::one("target_offset", INDEX),
        ValueSpec::one("length", INDEX),
    ],
    format: Some("$command_buffer `,` `source` `(` $source_buffer `[` $source_offset `]` `)` `target` `(` $target_buffer `[` $target_offset `]` `)` `length` `(` $length `)` attr-dict `` custom<FixedTypes>(ref($command_buffer), ref($source_buffer), ref($source_offset), ref($target_buffer), ref($target_offset), ref($length))"),
    custom: &[FIXED_TYPES],
    ..OpSpec::new("hal.command_buffer.copy_buffer")
};

macro_rules! cmd_only {
    ($id:ident, $name:literal) => {
        pub static $id: OpSpec = OpSpec {
            operands: &[ValueSpec::one("command_buffer", COMMAND_BUFFER)],
            format: Some("$command_buffer attr-dict `` custom<FixedTypes>(ref($command_buffer))"),
            custom: &[FIXED_TYPES],
            ..OpSpec::new($name)
        };
    };
}

cmd_only!(CMD_BARRIER, "hal.command_buffer.execution_barrier");
cmd_only!(CMD_FINALIZE, "hal.command_buffer.finalize");

/// `hal.device.queue.execute %dev [wait(%f)] signal(%g) commands(%c, ...)`.
pub static QUEUE_EXECUTE: OpSpec = OpSpec {
    operands: &[
        ValueSpec::one("device", DEVICE),
        ValueSpec::optional("wait_fence", FENCE),
        ValueSpec::one("signal_fence", FENCE),
        ValueSpec::many("command_buffers", COMMAND_BUFFER),
    ],
    attrs: &[AttrSpec::optional("queue", I64_ATTR)],
    format: Some("$device (`queue` `(` $queue^ `)`)? (`wait` `(` $wait_fence^ `)`)? `signal` `(` $signal_fence `)` `commands` `(` $command_buffers `)` attr-dict `` custom<FixedTypes>(ref($device), ref($wait_fence), ref($signal_fence), ref($command_buffers))"),
    custom: &[FIXED_TYPES],
    ..OpSpec::new("hal.device.queue.execute")
};

pub static FENCE_CREATE: OpSpec = OpSpec {
    operands: &[ValueSpec::one("device", DEVICE)],
    results: &[ValueSpec::one("result", FENCE)],
    format: Some(
        "`device` `(` $device `)` attr-dict `:` type($result) `` custom<FixedTypes>(ref($device))",
    ),
    custom: &[FIXED_TYPES],
    ..OpSpec::new("hal.fence.create")
};

pub static FENCE_AWAIT: OpSpec = OpSpec {
    operands: &[ValueSpec::many("fences", FENCE)],
    verify: Some(verify::verify_fence_await),
    format: Some("`until` `(` $fences `)` attr-dict `` custom<FixedTypes>(ref($fences))"),
    custom: &[FIXED_TYPES],
    ..OpSpec::new("hal.fence.await")
};

/// `hal.fence.join at(%a, %b, ...) -> !hal.fence`: a fence reached when all
/// of its operands are (IREE's wait-all join). A submission waits on one
/// fence, so one that depends on several waits on their join. It creates no
/// work: pure.
pub static FENCE_JOIN: OpSpec = OpSpec {
    operands: &[ValueSpec::many("fences", FENCE)],
    results: &[ValueSpec::one("result", FENCE)],
    traits: Traits::PURE,
    verify: Some(verify::verify_fence_join),
    format: Some(
        "`at` `(` $fences `)` attr-dict `->` type($result) `` custom<FixedTypes>(ref($fences))",
    ),
    custom: &[FIXED_TYPES],
    ..OpSpec::new("hal.fence.join")
};

/// `hal.buffer_view.create %buf shape(tensor<?x4xf32>{%d}) : !hal.buffer_view`.
pub static VIEW_CREATE: OpSpec = OpSpec {
    operands: &[ValueSpec::one("buffer", BUFFER), ValueSpec::many("dims", INDEX)],
    results: &[ValueSpec::one("result", BUFFER_VIEW)],
    attrs: &[AttrSpec::required("shape", TYPE_ATTR)],
    verify: Some(verify::verify_view_create),
    format: Some("$buffer `shape` `(` $shape (`{` $dims^ `}`)? `)` attr-dict `:` type($result) `` custom<FixedTypes>(ref($buffer), ref($dims))"),
    custom: &[FIXED_TYPES],
    ..OpSpec::new("hal.buffer_view.create")
};

pub static VIEW_BUFFER: OpSpec = OpSpec {
    operands: &[ValueSpec::one("buffer_view", BUFFER_VIEW)],
    results: &[ValueSpec::one("result", BUFFER)],
    format: Some(
        "$buffer_view attr-dict `:` type($result) `` custom<FixedTypes>(ref($buffer_view))",
    ),
    custom: &[FIXED_TYPES],
    ..OpSpec::new("hal.buffer_view.buffer")
};

pub static VIEW_DIM: OpSpec = OpSpec {
    operands: &[ValueSpec::one("buffer_view", BUFFER_VIEW)],
    results: &[ValueSpec::one("result", INDEX)],
    attrs: &[AttrSpec::required("index", I64_ATTR)],
    format: Some("$buffer_view `[` $index `]` attr-dict `:` type($result) `` custom<FixedTypes>(ref($buffer_view))"),
    custom: &[FIXED_TYPES],
    ..OpSpec::new("hal.buffer_view.dim")
};

/// `hal.buffer_view.assert %view message("input 0") shape(tensor<?x4xf32>)`:
/// the view has the shape's element type, rank and static dims (a dynamic
/// dim may be any, or, with `shape(tensor<?x4xf32>{%n})`, must equal the
/// given value); otherwise the program stops with the message. The function
/// ABI asserts each tensor argument at entry, and a dim named as an earlier
/// argument's (`xir.dim_names`) against that one.
pub static VIEW_ASSERT: OpSpec = OpSpec {
    operands: &[ValueSpec::one("buffer_view", BUFFER_VIEW), ValueSpec::many("dims", INDEX)],
    attrs: &[
        AttrSpec::required("message", STR_ATTR),
        AttrSpec::required("shape", TYPE_ATTR),
    ],
    verify: Some(verify::verify_view_assert),
    format: Some("$buffer_view `message` `(` $message `)` `shape` `(` $shape (`{` $dims^ `}`)? `)` attr-dict `` custom<FixedTypes>(ref($buffer_view), ref($dims))"),
    custom: &[FIXED_TYPES],
    ..OpSpec::new("hal.buffer_view.assert")
};

/// `%v = hal.buffer.load %buffer[%offset] : i64`: the host reads one value
/// of a buffer whose writers it has awaited (IREE's op of the same name).
pub static BUFFER_LOAD: OpSpec = OpSpec {
    operands: &[
        ValueSpec::one("source_buffer", BUFFER),
        ValueSpec::one("source_offset", INDEX),
    ],
    results: &[ValueSpec::one("result", xir_stream::ops::LOADED)],
    format: Some("$source_buffer `[` $source_offset `]` attr-dict `:` type($result) `` custom<FixedTypes>(ref($source_buffer))"),
    custom: &[FIXED_TYPES],
    ..OpSpec::new("hal.buffer.load")
};

/// Every op of the dialect.
pub static OPS: [&OpSpec; 23] = [
    &ALLOCATE,
    &BUFFER_LOAD,
    &BUFFER_SUBSPAN,
    &CMD_BARRIER,
    &CMD_COPY,
    &CMD_CREATE,
    &CMD_DISPATCH,
    &CMD_FINALIZE,
    &DEVICES_COUNT,
    &DEVICES_GET,
    &DEVICE_RESOLVE,
    &EXECUTABLE,
    &EXECUTABLE_LOOKUP,
    &EXPORT,
    &FENCE_AWAIT,
    &FENCE_CREATE,
    &FENCE_JOIN,
    &QUEUE_EXECUTE,
    &VARIANT,
    &VIEW_ASSERT,
    &VIEW_BUFFER,
    &VIEW_CREATE,
    &VIEW_DIM,
];
