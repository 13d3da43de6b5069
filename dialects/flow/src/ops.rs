//! The declarations of the flow ops (docs/architecture.md §3, dispatch level).

use crate::shaped::{SHAPED_FUNCTION_TYPE, SHAPED_RESULTS};
use crate::verify;
use xir::dialect::{Traits, VerifyFn};
use xir::ods::constraints::{
    ANY_TYPE, FLAT_SYMBOL_REF_ATTR, INDEX, RANKED_TENSOR, STR_ATTR, SYMBOL_NAME_ATTR,
    SYMBOL_REF_ATTR,
};
use xir::ods::{AttrSpec, OpSpec, RegionSpec, ValueSpec};
use xir_device::AFFINITY_ATTR;

const BODY: &[RegionSpec] = &[RegionSpec::one("body")];

/// Symbol tables whose body is a list of declarations (executables, variants).
pub const TABLE: Traits = Traits(
    Traits::ISOLATED_FROM_ABOVE.0
        | Traits::SYMBOL_TABLE.0
        | Traits::SYMBOL.0
        | Traits::SINGLE_BLOCK.0
        | Traits::NO_TERMINATOR.0
        | Traits::NO_REGION_ARGUMENTS.0,
);

/// Ops fused into one kernel, run on `affinity`; captures values from above.
/// `result_dims`: the dynamic dims of the results, computed outside.
pub static DISPATCH_REGION: OpSpec = OpSpec {
    operands: &[ValueSpec::many("result_dims", INDEX)],
    results: &[ValueSpec::many("results", ANY_TYPE)],
    attrs: &[AttrSpec::optional("affinity", AFFINITY_ATTR)],
    regions: BODY,
    traits: Traits(Traits::SINGLE_BLOCK.0 | Traits::NO_REGION_ARGUMENTS.0),
    verify: Some(verify::verify_dispatch_region),
    format: Some(
        "(`on` `(` $affinity^ `)`)? `` custom<ShapedResults>(type($results), $result_dims) attr-dict-with-keyword $body",
    ),
    custom: &[SHAPED_RESULTS],
    ..OpSpec::new("flow.dispatch.region")
};

pub static RETURN: OpSpec = OpSpec {
    operands: &[ValueSpec::many("operands", ANY_TYPE)],
    traits: Traits(Traits::TERMINATOR.0 | Traits::RETURN_LIKE.0 | Traits::PURE.0),
    parents: &["flow.dispatch.region"],
    format: Some("attr-dict ($operands^ `:` type($operands))?"),
    ..OpSpec::new("flow.return")
};

const EXECUTABLE_ATTRS: &[AttrSpec] = &[
    AttrSpec::required("sym_name", SYMBOL_NAME_ATTR),
    AttrSpec::optional("sym_visibility", STR_ATTR),
];

/// `<name> [visibility] @name { declarations }`; `hal.executable` has the same shape.
pub const fn executable(name: &'static str, verify: VerifyFn) -> OpSpec {
    OpSpec {
        attrs: EXECUTABLE_ATTRS,
        regions: BODY,
        traits: TABLE,
        verify: Some(verify),
        format: Some("($sym_visibility^)? $sym_name attr-dict-with-keyword $body"),
        ..OpSpec::new(name)
    }
}

const EXPORT_ATTRS: &[AttrSpec] = &[
    AttrSpec::required("sym_name", SYMBOL_NAME_ATTR),
    AttrSpec::optional("function_ref", FLAT_SYMBOL_REF_ATTR),
];

/// An entry point nested in one of `parents`; `function_ref` (default: the
/// export's name) names the kernel function in the executable's inner module.
pub const fn export(name: &'static str, parents: &'static [&'static str]) -> OpSpec {
    OpSpec {
        attrs: EXPORT_ATTRS,
        traits: Traits::SYMBOL,
        parents,
        verify: Some(verify::verify_export),
        format: Some("$sym_name (`as` $function_ref^)? attr-dict"),
        ..OpSpec::new(name)
    }
}

/// `flow.executable @name { exports; builtin.module { kernel functions } }`.
pub static EXECUTABLE: OpSpec = executable("flow.executable", verify::verify_executable);

pub static EXPORT: OpSpec = export("flow.executable.export", &["flow.executable"]);

/// `flow.dispatch @exe::@entry(%args) on(#affinity) : (t{%dims}, ...) -> t{%dims}`:
/// the dynamic dims of arguments and results as values (IREE's shape-aware form).
pub static DISPATCH: OpSpec = OpSpec {
    operands: &[
        ValueSpec::many("arguments", ANY_TYPE),
        ValueSpec::many("argument_dims", INDEX),
        ValueSpec::many("result_dims", INDEX),
    ],
    results: &[ValueSpec::many("results", ANY_TYPE)],
    attrs: &[
        AttrSpec::required("entry_point", SYMBOL_REF_ATTR),
        AttrSpec::optional("affinity", AFFINITY_ATTR),
    ],
    verify: Some(verify::verify_dispatch),
    format: Some(
        "$entry_point `(` $arguments `)` (`on` `(` $affinity^ `)`)? attr-dict `:` custom<ShapedFunctionType>(type($arguments), $argument_dims, type($results), $result_dims)",
    ),
    custom: &[SHAPED_FUNCTION_TYPE],
    ..OpSpec::new("flow.dispatch")
};

/// Moves a tensor to another device (`source` optional, as `graph.transfer`).
pub static TENSOR_TRANSFER: OpSpec = OpSpec {
    operands: &[ValueSpec::one("operand", RANKED_TENSOR)],
    results: &[ValueSpec::one("result", RANKED_TENSOR)],
    attrs: &[
        AttrSpec::optional("source", AFFINITY_ATTR),
        AttrSpec::required("target", AFFINITY_ATTR),
    ],
    same_types: &[&["operand", "result"]],
    format: Some("$operand (`from` $source^)? `to` $target attr-dict `:` type($result)"),
    ..OpSpec::new("flow.tensor.transfer")
};

/// Every op of the dialect.
pub static OPS: [&OpSpec; 6] = [
    &DISPATCH,
    &DISPATCH_REGION,
    &EXECUTABLE,
    &EXPORT,
    &RETURN,
    &TENSOR_TRANSFER,
];
