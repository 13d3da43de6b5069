//! The declarations of the stream ops (docs/architecture.md §3, scheduling level).

use crate::syntax::{DISPATCH_OPERANDS, EXECUTE_BODY, SIZED_TYPES};
use crate::types::{is_resource, is_timepoint};
use crate::verify;
use xir::dialect::Traits;
use xir::ods::constraints::{ANY_TYPE, INDEX, SYMBOL_REF_ATTR, TYPE_ATTR};
use xir::ods::{AttrSpec, OpSpec, RegionSpec, TypeConstraint, ValueSpec};
use xir_device::AFFINITY_ATTR;
use xir_flow::fixed::FIXED_TYPES;

pub const RESOURCE: TypeConstraint = TypeConstraint {
    desc: "stream resource",
    check: is_resource,
    buildable: None,
};

/// The description names the type for `custom<FixedTypes>`.
pub const TIMEPOINT: TypeConstraint = TypeConstraint {
    desc: "!stream.timepoint",
    check: is_timepoint,
    buildable: None,
};

const AFFINITY: AttrSpec = AttrSpec::optional("affinity", AFFINITY_ATTR);

/// `stream.tensor.sizeof [on(#aff)] tensor<?x4xf32>{%d} : index`: the bytes of
/// a tensor of that type (dynamic dimensions given as values).
pub static TENSOR_SIZEOF: OpSpec = OpSpec {
    operands: &[ValueSpec::many("encoding_dims", INDEX)],
    results: &[ValueSpec::one("storage_size", INDEX)],
    attrs: &[AttrSpec::required("encoding", TYPE_ATTR), AFFINITY],
    traits: Traits::PURE,
    verify: Some(verify::verify_sizeof),
    format: Some("(`on` `(` $affinity^ `)`)? $encoding (`{` $encoding_dims^ `}`)? attr-dict `:` type($storage_size) `` custom<FixedTypes>(ref($encoding_dims))"),
    custom: &[FIXED_TYPES],
    ..OpSpec::new("stream.tensor.sizeof")
};

/// `stream.async.dispatch [on(#aff)] @exe::@entry(%r[%off to %end for %len], %i)
/// : (!stream.resource<transient>{%size}, index) -> !stream.resource<transient>{%rsize}`
pub static ASYNC_DISPATCH: OpSpec = OpSpec {
    operands: &[
        ValueSpec::many("resource_operands", ANY_TYPE),
        ValueSpec::many("resource_operand_sizes", INDEX),
        ValueSpec::many("resource_operand_offsets", INDEX),
        ValueSpec::many("resource_operand_ends", INDEX),
        ValueSpec::many("resource_operand_lengths", INDEX),
        ValueSpec::many("result_sizes", INDEX),
    ],
    results: &[ValueSpec::many("results", RESOURCE)],
    attrs: &[AttrSpec::required("entry_point", SYMBOL_REF_ATTR), AFFINITY],
    verify: Some(verify::verify_async_dispatch),
    format: Some("(`on` `(` $affinity^ `)`)? $entry_point `` custom<DispatchOperands>($resource_operands, $resource_operand_offsets, $resource_operand_ends, $resource_operand_lengths) attr-dict `:` `(` custom<SizedTypes>(type($resource_operands), $resource_operand_sizes) `)` `->` custom<SizedTypes>(type($results), $result_sizes)"),
    custom: &[DISPATCH_OPERANDS, SIZED_TYPES],
    ..OpSpec::new("stream.async.dispatch")
};

/// `stream.async.transfer %r : t{%s} [from(#a)] -> [to(#b)] t{%s}`.
pub static ASYNC_TRANSFER: OpSpec = OpSpec {
    operands: &[
        ValueSpec::one("source", RESOURCE),
        ValueSpec::one("source_size", INDEX),
        ValueSpec::one("result_size", INDEX),
    ],
    results: &[ValueSpec::one("result", RESOURCE)],
    attrs: &[
        AttrSpec::optional("source_affinity", AFFINITY_ATTR),
        AttrSpec::optional("result_affinity", AFFINITY_ATTR),
    ],
    verify: Some(verify::verify_transfer),
    format: Some("$source `:` custom<SizedTypes>(type($source), $source_size) (`from` `(` $source_affinity^ `)`)? `->` (`to` `(` $result_affinity^ `)`)? custom<SizedTypes>(type($result), $result_size) attr-dict"),
    custom: &[SIZED_TYPES],
    ..OpSpec::new("stream.async.transfer")
};

/// `stream.async.execute [on(#aff)] [await(%tp) =>] with(%x as %a: t{%s}) -> (t{%s})
/// { ... stream.yield ... } => !stream.timepoint`.
pub static ASYNC_EXECUTE: OpSpec = OpSpec {
    operands: &[
        ValueSpec::many("await_timepoints", TIMEPOINT),
        ValueSpec::many("resource_operands", RESOURCE),
        ValueSpec::many("resource_operand_sizes", INDEX),
        ValueSpec::many("result_sizes", INDEX),
    ],
    results: &[
        ValueSpec::many("results", RESOURCE),
        ValueSpec::one("result_timepoint", TIMEPOINT),
    ],
    attrs: &[AFFINITY],
    regions: &[RegionSpec::one("body")],
    traits: Traits::SINGLE_BLOCK,
    verify: Some(verify::verify_execute),
    format: Some("(`on` `(` $affinity^ `)`)? (`await` `(` $await_timepoints^ `)` `=` `>`)? custom<ExecuteBody>($resource_operands, $resource_operand_sizes, type($results), $result_sizes, $body) `=` `>` type($result_timepoint) attr-dict `` custom<FixedTypes>(ref($await_timepoints))"),
    custom: &[EXECUTE_BODY, FIXED_TYPES],
    ..OpSpec::new("stream.async.execute")
};

pub static YIELD: OpSpec = OpSpec {
    operands: &[
        ValueSpec::many("resource_operands", RESOURCE),
        ValueSpec::many("resource_operand_sizes", INDEX),
    ],
    traits: Traits(Traits::TERMINATOR.0 | Traits::RETURN_LIKE.0 | Traits::PURE.0),
    parents: &["stream.async.execute"],
    verify: Some(verify::verify_yield),
    format: Some("attr-dict ($resource_operands^ `:` custom<SizedTypes>(type($resource_operands), $resource_operand_sizes))?"),
    custom: &[SIZED_TYPES],
    ..OpSpec::new("stream.yield")
};

/// `stream.timepoint.join max(%a, %b) => !stream.timepoint`.
pub static TIMEPOINT_JOIN: OpSpec = OpSpec {
    operands: &[ValueSpec::many("await_timepoints", TIMEPOINT)],
    results: &[ValueSpec::one("result_timepoint", TIMEPOINT)],
    traits: Traits::PURE,
    verify: Some(verify::verify_join),
    format: Some("`max` `(` $await_timepoints `)` `=` `>` type($result_timepoint) attr-dict `` custom<FixedTypes>(ref($await_timepoints))"),
    custom: &[FIXED_TYPES],
    ..OpSpec::new("stream.timepoint.join")
};

/// `stream.timepoint.await %tp => %a, %b : t{%s}, t{%s}`: the resources, ready.
/// Without resources (`stream.timepoint.await %tp`) the host only waits.
pub static TIMEPOINT_AWAIT: OpSpec = OpSpec {
    operands: &[
        ValueSpec::one("await_timepoint", TIMEPOINT),
        ValueSpec::many("resource_operands", RESOURCE),
        ValueSpec::many("resource_operand_sizes", INDEX),
    ],
    results: &[ValueSpec::many("results", RESOURCE)],
    verify: Some(verify::verify_await),
    format: Some("$await_timepoint (`=` `>` $resource_operands^ `:` custom<SizedTypes>(type($resource_operands), $resource_operand_sizes, type($results)))? attr-dict `` custom<FixedTypes>(ref($await_timepoint))"),
    custom: &[SIZED_TYPES, FIXED_TYPES],
    ..OpSpec::new("stream.timepoint.await")
};

/// `stream.resource.alloca [on(#aff)] [await(%tp)] : t{%size} => !stream.timepoint`.
pub static RESOURCE_ALLOCA: OpSpec = OpSpec {
    operands: &[
        ValueSpec::optional("await_timepoint", TIMEPOINT),
        ValueSpec::one("storage_size", INDEX),
    ],
    results: &[ValueSpec::one("result", RESOURCE), ValueSpec::one("result_timepoint", TIMEPOINT)],
    attrs: &[AFFINITY],
    verify: Some(verify::verify_alloca),
    format: Some("(`on` `(` $affinity^ `)`)? (`await` `(` $await_timepoint^ `)`)? `:` custom<SizedTypes>(type($result), $storage_size) `=` `>` type($result_timepoint) attr-dict `` custom<FixedTypes>(ref($await_timepoint))"),
    custom: &[SIZED_TYPES, FIXED_TYPES],
    ..OpSpec::new("stream.resource.alloca")
};

/// `stream.resource.dealloca [on(#aff)] [await(%tp) =>] %r : t{%size} => !stream.timepoint`.
pub static RESOURCE_DEALLOCA: OpSpec = OpSpec {
    operands: &[
        ValueSpec::optional("await_timepoint", TIMEPOINT),
        ValueSpec::one("operand", RESOURCE),
        ValueSpec::one("operand_size", INDEX),
    ],
    results: &[ValueSpec::one("result_timepoint", TIMEPOINT)],
    attrs: &[AFFINITY],
    verify: Some(verify::verify_dealloca),
    format: Some("(`on` `(` $affinity^ `)`)? (`await` `(` $await_timepoint^ `)` `=` `>`)? $operand `:` custom<SizedTypes>(type($operand), $operand_size) `=` `>` type($result_timepoint) attr-dict `` custom<FixedTypes>(ref($await_timepoint))"),
    custom: &[SIZED_TYPES, FIXED_TYPES],
    ..OpSpec::new("stream.resource.dealloca")
};

/// A signless integer of 8 to 64 bits: what the host loads from a resource.
pub const LOADED: TypeConstraint = TypeConstraint {
    desc: "8/16/32/64-bit signless integer",
    check: |ctx, t| {
        matches!(
            ctx.type_kind(t),
            xir::types::TypeKind::Integer {
                width: 8 | 16 | 32 | 64,
                signedness: xir::types::Signedness::Signless,
            }
        )
    },
    buildable: None,
};

/// `stream.resource.load %r[%off] : t{%size} -> i64`: the host reads one
/// value of a ready resource (after the `stream.timepoint.await` of the work
/// that makes it; IREE's op of the same name).
pub static RESOURCE_LOAD: OpSpec = OpSpec {
    operands: &[
        ValueSpec::one("source", RESOURCE),
        ValueSpec::one("source_size", INDEX),
        ValueSpec::one("source_offset", INDEX),
    ],
    results: &[ValueSpec::one("result", LOADED)],
    format: Some("$source `[` $source_offset `]` `:` custom<SizedTypes>(type($source), $source_size) `->` type($result) attr-dict"),
    custom: &[SIZED_TYPES],
    ..OpSpec::new("stream.resource.load")
};

/// Every op of the dialect.
pub static OPS: [&OpSpec; 10] = [
    &ASYNC_DISPATCH,
    &ASYNC_EXECUTE,
    &ASYNC_TRANSFER,
    &RESOURCE_ALLOCA,
    &RESOURCE_DEALLOCA,
    &RESOURCE_LOAD,
    &TENSOR_SIZEOF,
    &TIMEPOINT_AWAIT,
    &TIMEPOINT_JOIN,
    &YIELD,
];
