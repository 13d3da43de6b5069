//! The `func` dialect: `func.func`, `func.call`, `func.call_indirect`,
//! `func.return`, `func.constant`, with MLIR 22's syntax and verifier messages.

mod canonicalize;
mod verify;

pub use verify::signature;

use xir::dialect::Traits;
use xir::ods::constraints::{
    ANY_TYPE, DICT_ARRAY_ATTR, FLAT_SYMBOL_REF_ATTR, FUNCTION_TYPE, FUNCTION_TYPE_ATTR, STR_ATTR,
    SYMBOL_NAME_ATTR, UNIT_ATTR,
};
use xir::ods::function::{parse_function_op, print_function_op};
use xir::ods::{AttrSpec, OpSpec, RegionSpec, TypeRule, ValueSpec};
use xir::types::TypeKind;
use xir::Context;

pub static FUNC: OpSpec = OpSpec {
    attrs: &[
        AttrSpec::required("sym_name", SYMBOL_NAME_ATTR),
        AttrSpec::required("function_type", FUNCTION_TYPE_ATTR),
        AttrSpec::optional("sym_visibility", STR_ATTR),
        AttrSpec::optional("arg_attrs", DICT_ARRAY_ATTR),
        AttrSpec::optional("res_attrs", DICT_ARRAY_ATTR),
    ],
    regions: &[RegionSpec::one("body")],
    traits: Traits(Traits::ISOLATED_FROM_ABOVE.0 | Traits::SYMBOL.0),
    verify: Some(verify::verify_func),
    parse: Some(parse_function_op),
    print: Some(print_function_op),
    default_dialect: "func",
    ..OpSpec::new("func.func")
};

pub static RETURN: OpSpec = OpSpec {
    operands: &[ValueSpec::many("operands", ANY_TYPE)],
    traits: Traits(Traits::TERMINATOR.0 | Traits::RETURN_LIKE.0 | Traits::PURE.0),
    parents: &["func.func"],
    verify: Some(verify::verify_return),
    format: Some("attr-dict ($operands^ `:` type($operands))?"),
    ..OpSpec::new("func.return")
};

pub static CALL: OpSpec = OpSpec {
    operands: &[ValueSpec::many("operands", ANY_TYPE)],
    results: &[ValueSpec::many("results", ANY_TYPE)],
    attrs: &[
        AttrSpec::required("callee", FLAT_SYMBOL_REF_ATTR),
        AttrSpec::optional("arg_attrs", DICT_ARRAY_ATTR),
        AttrSpec::optional("res_attrs", DICT_ARRAY_ATTR),
        AttrSpec::optional("no_inline", UNIT_ATTR),
    ],
    traits: Traits::CALL_LIKE,
    verify: Some(verify::verify_call),
    format: Some("$callee `(` $operands `)` attr-dict `:` functional-type($operands, results)"),
    ..OpSpec::new("func.call")
};

fn fn_parts(ctx: &Context, t: xir::Type) -> Option<(&[xir::Type], &[xir::Type])> {
    match ctx.type_kind(t) {
        TypeKind::Function { inputs, results } => Some((inputs, results)),
        _ => None,
    }
}

pub static CALL_INDIRECT: OpSpec = OpSpec {
    operands: &[
        ValueSpec::one("callee", FUNCTION_TYPE),
        ValueSpec::many("callee_operands", ANY_TYPE),
    ],
    results: &[ValueSpec::many("results", ANY_TYPE)],
    attrs: &[
        AttrSpec::optional("arg_attrs", DICT_ARRAY_ATTR),
        AttrSpec::optional("res_attrs", DICT_ARRAY_ATTR),
    ],
    traits: Traits::CALL_LIKE,
    type_rules: &[
        TypeRule {
            lhs: "callee",
            rhs: "callee_operands",
            desc: "callee input types match argument types",
            infer: |ctx, t| fn_parts(ctx, t).map(|(i, _)| i.to_vec()),
            matches: |ctx, t, rhs| fn_parts(ctx, t).is_some_and(|(i, _)| i == rhs),
        },
        TypeRule {
            lhs: "callee",
            rhs: "results",
            desc: "callee result types match result types",
            infer: |ctx, t| fn_parts(ctx, t).map(|(_, r)| r.to_vec()),
            matches: |ctx, t, rhs| fn_parts(ctx, t).is_some_and(|(_, r)| r == rhs),
        },
    ],
    format: Some("$callee `(` $callee_operands `)` attr-dict `:` type($callee)"),
    ..OpSpec::new("func.call_indirect")
};

pub static CONSTANT: OpSpec = OpSpec {
    results: &[ValueSpec::one("result", ANY_TYPE)],
    attrs: &[AttrSpec::required("value", FLAT_SYMBOL_REF_ATTR)],
    traits: Traits(Traits::PURE.0 | Traits::CONSTANT_LIKE.0),
    verify: Some(verify::verify_constant),
    format: Some("attr-dict $value `:` type(results)"),
    result_names: Some(constant_name),
    ..OpSpec::new("func.constant")
};

/// `%f`: MLIR names every `func.constant` result so, whatever the symbol.
fn constant_name(_: &xir::Context, _: &xir::Ir, _: xir::Op, set: &mut dyn FnMut(usize, &str)) {
    set(0, "f");
}

/// Every op of the dialect.
pub static OPS: [&OpSpec; 5] = [&CALL, &CALL_INDIRECT, &CONSTANT, &FUNC, &RETURN];

/// Registers the `func` dialect with the context.
pub fn register(ctx: &mut Context) {
    xir::ods::register_dialect(ctx, "func", &OPS);
    canonicalize::attach(ctx);
    ctx.registry
        .materializers
        .insert("func", materialize_constant);
}

/// MLIR's `FuncDialect::materializeConstant`: a `func.constant` of a flat symbol
/// reference with a function type.
pub fn materialize_constant(
    ctx: &mut Context,
    ir: &mut xir::Ir,
    value: xir::Attr,
    ty: xir::Type,
    loc: xir::Attr,
) -> Option<xir::Op> {
    let flat = matches!(ctx.attr_kind(value), xir::AttrKind::SymbolRef { nested, .. } if nested.is_empty());
    let function = matches!(ctx.type_kind(ty), TypeKind::Function { .. });
    (flat && function)
        .then(|| xir::ods::constant::build_constant(ctx, ir, "func.constant", value, ty, loc))
}

#[cfg(test)]
mod tests;
