//! The declarations of `cf.br`, `cf.cond_br`, `cf.switch` and `cf.assert`.

use crate::{branch, syntax, verify};
use xir::dialect::Traits;
use xir::ods::constraints::{ANY_TYPE, I1, SIGNLESS_INTEGER, STR_ATTR};
use xir::ods::{AttrConstraint, AttrForm, AttrSpec, OpSpec, SuccessorSpec, ValueSpec};
use xir::{AttrKind, TypeKind};

pub const BR_NAME: &str = "cf.br";
pub const COND_BR_NAME: &str = "cf.cond_br";
pub const SWITCH_NAME: &str = "cf.switch";
pub const ASSERT_NAME: &str = "cf.assert";

const TERMINATOR: Traits = Traits(Traits::TERMINATOR.0 | Traits::PURE.0);

/// `DenseI32ArrayAttr`.
pub const I32_ARRAY_ATTR: AttrConstraint = AttrConstraint {
    desc: "i32 dense array attribute",
    storage: |ctx, a| matches!(ctx.attr_kind(a), AttrKind::DenseArray { .. }),
    check: |ctx, a| {
        matches!(ctx.attr_kind(a), AttrKind::DenseArray { element, .. }
            if matches!(ctx.type_kind(*element), TypeKind::Integer { width: 32, .. }))
    },
    form: AttrForm::Generic,
    value_type: None,
};

/// `AnyIntElementsAttr`.
pub const INT_ELEMENTS_ATTR: AttrConstraint = AttrConstraint {
    desc: "integer elements attribute",
    storage: |ctx, a| matches!(ctx.attr_kind(a), AttrKind::DenseElements { .. }),
    check: |ctx, a| match ctx.attr_kind(a) {
        AttrKind::DenseElements { ty, .. } => {
            let e = xir_arith::fold::elements::element_type(ctx, *ty);
            matches!(ctx.type_kind(e), TypeKind::Integer { .. })
        }
        _ => false,
    },
    form: AttrForm::Generic,
    value_type: None,
};

/// `cf.br ^dest[(operands : types)]`.
pub static BR: OpSpec = OpSpec {
    operands: &[ValueSpec::many("destOperands", ANY_TYPE)],
    successors: &[SuccessorSpec {
        name: "dest",
        variadic: false,
    }],
    traits: TERMINATOR,
    verify: Some(verify::verify_br),
    parse: Some(syntax::parse_br),
    print: Some(syntax::print_br),
    fold: None,
    ..OpSpec::new(BR_NAME)
};

/// `cf.cond_br %c [weights([t, f])], ^t[(...)], ^f[(...)]`.
pub static COND_BR: OpSpec = OpSpec {
    operands: &[
        ValueSpec::one("condition", I1),
        ValueSpec::many("trueDestOperands", ANY_TYPE),
        ValueSpec::many("falseDestOperands", ANY_TYPE),
    ],
    attrs: &[AttrSpec::optional("branch_weights", I32_ARRAY_ATTR)],
    successors: &[
        SuccessorSpec {
            name: "trueDest",
            variadic: false,
        },
        SuccessorSpec {
            name: "falseDest",
            variadic: false,
        },
    ],
    traits: TERMINATOR,
    verify: Some(verify::verify_cond_br),
    parse: Some(syntax::parse_cond_br),
    print: Some(syntax::print_cond_br),
    ..OpSpec::new(COND_BR_NAME)
};

/// `cf.switch %flag : t, [default: ^d[(...)], v: ^b[(...)], ...]`.
pub static SWITCH: OpSpec = OpSpec {
    operands: &[
        ValueSpec::one("flag", SIGNLESS_INTEGER),
        ValueSpec::many("defaultOperands", ANY_TYPE),
        ValueSpec::many("caseOperands", ANY_TYPE),
    ],
    attrs: &[
        AttrSpec::optional("case_values", INT_ELEMENTS_ATTR),
        AttrSpec::required("case_operand_segments", I32_ARRAY_ATTR),
    ],
    successors: &[
        SuccessorSpec {
            name: "defaultDestination",
            variadic: false,
        },
        SuccessorSpec {
            name: "caseDestinations",
            variadic: true,
        },
    ],
    traits: TERMINATOR,
    verify: Some(verify::verify_switch),
    parse: Some(syntax::parse_switch),
    print: Some(syntax::print_switch),
    ..OpSpec::new(SWITCH_NAME)
};

/// `cf.assert %arg, "message"`.
pub static ASSERT: OpSpec = OpSpec {
    operands: &[ValueSpec::one("arg", I1)],
    attrs: &[AttrSpec::required("msg", STR_ATTR)],
    parse: Some(syntax::parse_assert),
    print: Some(syntax::print_assert),
    ..OpSpec::new(ASSERT_NAME)
};

/// Every op of the dialect.
pub static OPS: [&OpSpec; 4] = [&ASSERT, &BR, &COND_BR, &SWITCH];

/// The branch interface of each branching op.
pub fn branch_ops() -> [(&'static str, xir::branch::BranchOp); 3] {
    [
        (BR_NAME, branch::BR),
        (COND_BR_NAME, branch::COND_BR),
        (SWITCH_NAME, branch::SWITCH),
    ]
}
