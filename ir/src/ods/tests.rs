//! Tests of format compilation (elements, spacing) and declaration helpers.

use super::constraints::{ANY_TYPE, I64_ATTR, UNIT_ATTR};
use super::format::{compile, Elem, TypeArg};
use super::spec::{AttrSpec, OpSpec, ValueSpec};

static BIN: OpSpec = OpSpec {
    operands: &[
        ValueSpec::one("lhs", ANY_TYPE),
        ValueSpec::one("rhs", ANY_TYPE),
    ],
    results: &[ValueSpec::one("result", ANY_TYPE)],
    attrs: &[
        AttrSpec::optional("n", I64_ATTR),
        AttrSpec::optional("flag", UNIT_ATTR),
    ],
    ..OpSpec::new("t.bin")
};

fn spaces(src: &str) -> Vec<bool> {
    compile(&BIN, src)
        .expect("compiles")
        .elems
        .iter()
        .map(|n| n.space)
        .collect()
}

#[test]
fn binary_format_spacing() {
    // `$lhs , $rhs attr-dict : type($result)` prints `%a, %b : i32`.
    assert_eq!(
        spaces("$lhs `,` $rhs attr-dict `:` type($result)"),
        vec![true, false, true, false, true, true]
    );
}

#[test]
fn parens_and_arrow_spacing() {
    // `(`%a`)` -> `(%a)`; `->` always gets a space.
    assert_eq!(
        spaces("`(` $lhs `)` `->` $rhs attr-dict `:` type($result)"),
        vec![false, false, false, true, true, false, true, true]
    );
}

#[test]
fn optional_group_with_unit_anchor_is_elided() {
    let f = compile(
        &BIN,
        "($flag^ `x`)? $lhs `,` $rhs attr-dict `:` type($result)",
    )
    .expect("compiles");
    match &f.elems[0].elem {
        Elem::Optional { elided_anchor, .. } => assert!(!*elided_anchor),
        e => panic!("unexpected {e:?}"),
    }
    let f = compile(
        &BIN,
        "(`fast` $flag^ `x`)? $lhs `,` $rhs attr-dict `:` type($result)",
    )
    .expect("compiles");
    match &f.elems[0].elem {
        Elem::Optional { elided_anchor, .. } => assert!(*elided_anchor),
        e => panic!("unexpected {e:?}"),
    }
}

#[test]
fn directives_resolve_names() {
    let f = compile(
        &BIN,
        "$lhs `,` $rhs attr-dict `:` functional-type(operands, results)",
    )
    .expect("compiles");
    assert!(matches!(
        f.elems.last().map(|n| &n.elem),
        Some(Elem::Functional(TypeArg::AllOperands, TypeArg::AllResults))
    ));
    let f = compile(&BIN, "$lhs `,` $rhs ($n^)? attr-dict `:` type($result)").expect("compiles");
    assert_eq!(f.bound_attrs, vec![0]);
}

#[test]
fn format_errors() {
    assert!(
        compile(&BIN, "$lhs `,` $rhs").is_err(),
        "attr-dict is required"
    );
    assert!(compile(&BIN, "$nope attr-dict").is_err());
    assert!(compile(&BIN, "attr-dict attr-dict").is_err());
    assert!(
        compile(&BIN, "($lhs)? attr-dict").is_err(),
        "group without anchor"
    );
    assert!(compile(&BIN, "custom<X>($lhs) attr-dict").is_err());
}

#[test]
fn segment_helpers() {
    assert!(!BIN.has_operand_segments());
    assert_eq!(BIN.operand_index("rhs"), Some(1));
    assert_eq!(BIN.attr_index("flag"), Some(1));
}
