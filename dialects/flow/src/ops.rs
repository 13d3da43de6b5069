//! The declarations of the flow ops (DESIGN.md §3, dispatch level).

use crate::shaped::{SHAPED_FUNCTION_TYPE, SHAPED_RESULTS};
use crate::verify;
use xir::dialect::Traits;
use xir::ods::constraints::{
    ANY_TYPE, FLAT_SYMBOL_REF_ATTR, INDEX, RANKED_TENSOR, STR_ATTR, SYMBOL_NAME_ATTR,
    SYMBOL_REF_ATTR,
};
use xir::ods::{Arity, AttrConstraint, AttrSpec, OpSpec, RegionSpec, TypeConstraint, ValueSpec};
use xir_device::AFFINITY_ATTR;

pub(crate) const fn val(name: &'static str, arity: Arity, ty: TypeConstraint) -> ValueSpec {
    ValueSpec { name, arity, ty }
}

pub(crate) const fn attr(
    name: &'static str,
    constraint: AttrConstraint,
    optional: bool,
) -> AttrSpec {
    AttrSpec {
        name,
        constraint,
        optional,
    }
}

const BODY: &[RegionSpec] = &[RegionSpec {
    name: "body",
    variadic: false,
}];

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
    operands: &[val("result_dims", Arity::Variadic, INDEX)],
    results: &[val("results", Arity::Variadic, ANY_TYPE)],
    attrs: &[attr("affinity", AFFINITY_ATTR, true)],
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
    operands: &[val("operands", Arity::Variadic, ANY_TYPE)],
    traits: Traits(Traits::TERMINATOR.0 | Traits::RETURN_LIKE.0 | Traits::PURE.0),
    parents: &["flow.dispatch.region"],
    format: Some("attr-dict ($operands^ `:` type($operands))?"),
    ..OpSpec::new("flow.return")
};

/// `flow.executable @name { exports; builtin.module { kernel functions } }`.
pub static EXECUTABLE: OpSpec = OpSpec {
    attrs: &[
        attr("sym_name", SYMBOL_NAME_ATTR, false),
        attr("sym_visibility", STR_ATTR, true),
    ],
    regions: BODY,
    traits: TABLE,
    verify: Some(verify::verify_executable),
    format: Some("($sym_visibility^)? $sym_name attr-dict-with-keyword $body"),
    ..OpSpec::new("flow.executable")
};

/// An entry point; `function_ref` (default: the export's name) names the
/// kernel function in the executable's inner module.
pub static EXPORT: OpSpec = OpSpec {
    attrs: &[
        attr("sym_name", SYMBOL_NAME_ATTR, false),
        attr("function_ref", FLAT_SYMBOL_REF_ATTR, true),
    ],
    traits: Traits::SYMBOL,
    parents: &["flow.executable"],
    verify: Some(verify::verify_export),
    format: Some("$sym_name (`as` $function_ref^)? attr-dict"),
    ..OpSpec::new("flow.executable.export")
};

/// `flow.dispatch @exe::@entry(%args) on(#affinity) : (t{%dims}, ...) -> t{%dims}`:
/// the dynamic dims of arguments and results as values (IREE's shape-aware form).
pub static DISPATCH: OpSpec = OpSpec {
    operands: &[
        val("arguments", Arity::Variadic, ANY_TYPE),
        val("argument_dims", Arity::Variadic, INDEX),
        val("result_dims", Arity::Variadic, INDEX),
    ],
    results: &[val("results", Arity::Variadic, ANY_TYPE)],
    attrs: &[
        attr("entry_point", SYMBOL_REF_ATTR, false),
        attr("affinity", AFFINITY_ATTR, true),
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
    operands: &[val("operand", Arity::Single, RANKED_TENSOR)],
    results: &[val("result", Arity::Single, RANKED_TENSOR)],
    attrs: &[
        attr("source", AFFINITY_ATTR, true),
        attr("target", AFFINITY_ATTR, false),
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
