//! The declarations of arith's ops, as MLIR 22's ArithOps.td declares them.

use crate::constraints::*;
use crate::{fold, select, verify};
use xir::dialect::Traits;
use xir::ods::constraints::{ANY_TYPE, UNIT_ATTR};
use xir::ods::{AttrSpec, OpSpec, TypeRule, ValueSpec};

const PURE: Traits = Traits::PURE;
const SAME: Traits = Traits::SAME_OPERANDS_AND_RESULT_TYPE;
const PURE_SAME: Traits = Traits(Traits::PURE.0 | Traits::SAME_OPERANDS_AND_RESULT_TYPE.0);
const COMM: Traits = Traits::COMMUTATIVE;
const PURE_COMM: Traits = Traits(Traits::PURE.0 | Traits::COMMUTATIVE.0);
const NONE: Traits = Traits::NONE;

const INT_BIN: &[ValueSpec] = &[
    ValueSpec::one("lhs", INT_LIKE),
    ValueSpec::one("rhs", INT_LIKE),
];
const INT_RES: &[ValueSpec] = &[ValueSpec::one("result", INT_LIKE)];
const FLT_BIN: &[ValueSpec] = &[
    ValueSpec::one("lhs", FLOAT_LIKE),
    ValueSpec::one("rhs", FLOAT_LIKE),
];
const FLT_RES: &[ValueSpec] = &[ValueSpec::one("result", FLOAT_LIKE)];

const OVERFLOW_ATTRS: &[AttrSpec] = &[AttrSpec::optional("overflowFlags", OVERFLOW_ATTR)];
const FASTMATH_ATTRS: &[AttrSpec] = &[AttrSpec::optional("fastmath", FASTMATH_ATTR)];
const EXACT_ATTRS: &[AttrSpec] = &[AttrSpec::optional("isExact", UNIT_ATTR)];

const F_OVERFLOW: &str =
    "$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)";
const F_EXACT: &str = "$lhs `,` $rhs (`exact` $isExact^)? attr-dict `:` type($result)";
const F_BIN: &str = "$lhs `,` $rhs attr-dict `:` type($result)";
const F_FLT: &str = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)";
const F_CAST: &str = "$in attr-dict `:` type($in) `to` type($out)";

/// Integer binary op with overflow flags (`addi`, `subi`, `muli`, `shli`);
/// `extra`: traits beyond `Pure` and `SameOperandsAndResultType`.
const fn int_overflow(name: &'static str, extra: Traits) -> OpSpec {
    OpSpec {
        operands: INT_BIN,
        results: INT_RES,
        attrs: OVERFLOW_ATTRS,
        defaults: &[OVERFLOW_DEFAULT],
        traits: Traits(PURE_SAME.0 | extra.0),
        fold: Some(fold::fold_op),
        format: Some(F_OVERFLOW),
        ..OpSpec::new(name)
    }
}

const fn int_exact(name: &'static str, traits: Traits) -> OpSpec {
    OpSpec {
        operands: INT_BIN,
        results: INT_RES,
        attrs: EXACT_ATTRS,
        traits: Traits(traits.0 | SAME.0),
        fold: Some(fold::fold_op),
        format: Some(F_EXACT),
        ..OpSpec::new(name)
    }
}

const fn int_bin(name: &'static str, traits: Traits) -> OpSpec {
    OpSpec {
        operands: INT_BIN,
        results: INT_RES,
        traits: Traits(traits.0 | SAME.0),
        fold: Some(fold::fold_op),
        format: Some(F_BIN),
        ..OpSpec::new(name)
    }
}

const fn flt_bin(name: &'static str, extra: Traits) -> OpSpec {
    OpSpec {
        operands: FLT_BIN,
        results: FLT_RES,
        attrs: FASTMATH_ATTRS,
        defaults: &[FASTMATH_DEFAULT],
        traits: Traits(PURE_SAME.0 | extra.0),
        fold: Some(fold::fold_op),
        format: Some(F_FLT),
        ..OpSpec::new(name)
    }
}

macro_rules! cast {
    ($id:ident, $name:literal, $from:expr, $to:expr) => {
        pub static $id: OpSpec = OpSpec {
            operands: &[ValueSpec::one("in", $from)],
            results: &[ValueSpec::one("out", $to)],
            traits: PURE,
            verify: Some(verify::verify_cast_op),
            fold: Some(fold::fold_op),
            format: Some(F_CAST),
            ..OpSpec::new($name)
        };
    };
}

pub static CONSTANT: OpSpec = OpSpec {
    results: &[ValueSpec::one("result", ANY_TYPE)],
    attrs: &[AttrSpec::required("value", TYPED_ATTR)],
    traits: Traits(Traits::PURE.0 | Traits::CONSTANT_LIKE.0),
    same_types: &[&["value", "result"]],
    verify: Some(verify::verify_constant),
    fold: Some(fold::fold_op),
    format: Some("attr-dict $value"),
    result_names: Some(crate::names::constant),
    ..OpSpec::new("arith.constant")
};

pub static ADDI: OpSpec = int_overflow("arith.addi", COMM);
pub static SUBI: OpSpec = int_overflow("arith.subi", NONE);
pub static MULI: OpSpec = int_overflow("arith.muli", COMM);
pub static SHLI: OpSpec = int_overflow("arith.shli", NONE);
pub static DIVSI: OpSpec = int_exact("arith.divsi", Traits::NO_MEMORY_EFFECT);
pub static DIVUI: OpSpec = int_exact("arith.divui", Traits::NO_MEMORY_EFFECT);
pub static SHRSI: OpSpec = int_exact("arith.shrsi", PURE);
pub static SHRUI: OpSpec = int_exact("arith.shrui", PURE);
pub static CEILDIVSI: OpSpec = int_bin("arith.ceildivsi", Traits::NO_MEMORY_EFFECT);
pub static CEILDIVUI: OpSpec = int_bin("arith.ceildivui", Traits::NO_MEMORY_EFFECT);
pub static FLOORDIVSI: OpSpec = int_bin("arith.floordivsi", PURE);
pub static REMSI: OpSpec = int_bin("arith.remsi", PURE);
pub static REMUI: OpSpec = int_bin("arith.remui", PURE);
pub static ANDI: OpSpec = int_bin("arith.andi", PURE_COMM);
pub static ORI: OpSpec = int_bin("arith.ori", PURE_COMM);
pub static XORI: OpSpec = int_bin("arith.xori", PURE_COMM);
pub static MAXSI: OpSpec = int_bin("arith.maxsi", PURE_COMM);
pub static MAXUI: OpSpec = int_bin("arith.maxui", PURE_COMM);
pub static MINSI: OpSpec = int_bin("arith.minsi", PURE_COMM);
pub static MINUI: OpSpec = int_bin("arith.minui", PURE_COMM);

pub static ADDUI_EXTENDED: OpSpec = OpSpec {
    operands: INT_BIN,
    results: &[
        ValueSpec::one("sum", INT_LIKE),
        ValueSpec::one("overflow", BOOL_LIKE),
    ],
    traits: PURE_COMM,
    same_types: &[&["lhs", "rhs", "sum"]],
    verify: Some(verify::verify_elementwise),
    fold: Some(fold::fold_op),
    format: Some("$lhs `,` $rhs attr-dict `:` type($sum) `,` type($overflow)"),
    result_names: Some(crate::names::sum_overflow),
    ..OpSpec::new("arith.addui_extended")
};

pub static MULSI_EXTENDED: OpSpec = OpSpec {
    operands: INT_BIN,
    results: &[
        ValueSpec::one("low", INT_LIKE),
        ValueSpec::one("high", INT_LIKE),
    ],
    traits: PURE_COMM,
    same_types: &[&["lhs", "rhs", "low", "high"]],
    verify: Some(verify::verify_elementwise),
    fold: Some(fold::fold_op),
    format: Some("$lhs `,` $rhs attr-dict `:` type($lhs)"),
    result_names: Some(crate::names::low_high),
    ..OpSpec::new("arith.mulsi_extended")
};

pub static MULUI_EXTENDED: OpSpec = OpSpec {
    operands: INT_BIN,
    results: &[
        ValueSpec::one("low", INT_LIKE),
        ValueSpec::one("high", INT_LIKE),
    ],
    traits: PURE_COMM,
    same_types: &[&["lhs", "rhs", "low", "high"]],
    verify: Some(verify::verify_elementwise),
    fold: Some(fold::fold_op),
    format: Some("$lhs `,` $rhs attr-dict `:` type($lhs)"),
    result_names: Some(crate::names::low_high),
    ..OpSpec::new("arith.mului_extended")
};

pub static ADDF: OpSpec = flt_bin("arith.addf", COMM);
pub static SUBF: OpSpec = flt_bin("arith.subf", NONE);
pub static MULF: OpSpec = flt_bin("arith.mulf", COMM);
pub static DIVF: OpSpec = flt_bin("arith.divf", NONE);
pub static REMF: OpSpec = flt_bin("arith.remf", NONE);
pub static MAXIMUMF: OpSpec = flt_bin("arith.maximumf", COMM);
pub static MINIMUMF: OpSpec = flt_bin("arith.minimumf", COMM);
pub static MAXNUMF: OpSpec = flt_bin("arith.maxnumf", COMM);
pub static MINNUMF: OpSpec = flt_bin("arith.minnumf", COMM);

pub static NEGF: OpSpec = OpSpec {
    operands: &[ValueSpec::one("operand", FLOAT_LIKE)],
    results: FLT_RES,
    attrs: FASTMATH_ATTRS,
    defaults: &[FASTMATH_DEFAULT],
    traits: PURE_SAME,
    fold: Some(fold::fold_op),
    format: Some("$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)"),
    ..OpSpec::new("arith.negf")
};

const CMP_RULE: TypeRule = TypeRule {
    lhs: "lhs",
    rhs: "result",
    desc: "result type has i1 element type and same shape as operands",
    infer: |ctx, t| Some(vec![crate::fold::elements::i1_same_shape(ctx, t)]),
    matches: |ctx, t, rhs| verify::is_i1_same_shape(ctx, t, rhs),
};

/// `SameTypeOperands` lets the parser take `rhs`'s type from `lhs`; the check
/// itself is `verify_same_operands` (it runs after the type rules, as in MLIR).
const RHS_RULE: TypeRule = TypeRule {
    lhs: "lhs",
    rhs: "rhs",
    desc: "",
    infer: |_, t| Some(vec![t]),
    matches: |_, _, _| true,
};

pub static CMPI: OpSpec = OpSpec {
    operands: INT_BIN,
    results: &[ValueSpec::one("result", BOOL_LIKE)],
    attrs: &[AttrSpec::required("predicate", CMPI_PREDICATE_ATTR)],
    traits: PURE,
    type_rules: &[CMP_RULE, RHS_RULE],
    parse_checked: &["lhs"],
    verify: Some(verify::verify_compare),
    fold: Some(fold::fold_op),
    format: Some("$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)"),
    ..OpSpec::new("arith.cmpi")
};

pub static CMPF: OpSpec = OpSpec {
    operands: FLT_BIN,
    results: &[ValueSpec::one("result", BOOL_LIKE)],
    attrs: &[
        AttrSpec::required("predicate", CMPF_PREDICATE_ATTR),
        AttrSpec::optional("fastmath", FASTMATH_ATTR),
    ],
    defaults: &[FASTMATH_DEFAULT],
    traits: PURE,
    type_rules: &[CMP_RULE, RHS_RULE],
    parse_checked: &["lhs"],
    verify: Some(verify::verify_compare),
    fold: Some(fold::fold_op),
    format: Some(
        "$predicate `,` $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs)",
    ),
    ..OpSpec::new("arith.cmpf")
};

pub static SELECT: OpSpec = OpSpec {
    operands: &[
        ValueSpec::one("condition", BOOL_LIKE),
        ValueSpec::one("true_value", ANY_TYPE),
        ValueSpec::one("false_value", ANY_TYPE),
    ],
    results: &[ValueSpec::one("result", ANY_TYPE)],
    traits: PURE,
    same_types: &[&["true_value", "false_value", "result"]],
    verify: Some(verify::verify_select),
    fold: Some(fold::fold_op),
    parse: Some(select::parse),
    print: Some(select::print),
    ..OpSpec::new("arith.select")
};

cast!(EXTSI, "arith.extsi", FIXED_INT_LIKE, FIXED_INT_LIKE);
cast!(EXTUI, "arith.extui", FIXED_INT_LIKE, FIXED_INT_LIKE);
cast!(SITOFP, "arith.sitofp", FIXED_INT_LIKE, FLOAT_LIKE);
cast!(UITOFP, "arith.uitofp", FIXED_INT_LIKE, FLOAT_LIKE);
cast!(FPTOSI, "arith.fptosi", FLOAT_LIKE, FIXED_INT_LIKE);
cast!(FPTOUI, "arith.fptoui", FLOAT_LIKE, FIXED_INT_LIKE);
cast!(INDEX_CAST_OP, "arith.index_cast", INDEX_CAST, INDEX_CAST);
cast!(
    INDEX_CASTUI_OP,
    "arith.index_castui",
    INDEX_CAST,
    INDEX_CAST
);
cast!(BITCAST_OP, "arith.bitcast", BITCAST, BITCAST);

pub static TRUNCI: OpSpec = OpSpec {
    operands: &[ValueSpec::one("in", FIXED_INT_LIKE)],
    results: &[ValueSpec::one("out", FIXED_INT_LIKE)],
    attrs: OVERFLOW_ATTRS,
    defaults: &[OVERFLOW_DEFAULT],
    traits: PURE,
    verify: Some(verify::verify_cast_op),
    fold: Some(fold::fold_op),
    format: Some("$in (`overflow` `` $overflowFlags^)? attr-dict `:` type($in) `to` type($out)"),
    ..OpSpec::new("arith.trunci")
};

pub static EXTF: OpSpec = OpSpec {
    operands: &[ValueSpec::one("in", FLOAT_LIKE)],
    results: &[ValueSpec::one("out", FLOAT_LIKE)],
    attrs: FASTMATH_ATTRS,
    traits: PURE,
    verify: Some(verify::verify_cast_op),
    fold: Some(fold::fold_op),
    format: Some("$in (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` type($out)"),
    ..OpSpec::new("arith.extf")
};

pub static TRUNCF: OpSpec = OpSpec {
    operands: &[ValueSpec::one("in", FLOAT_LIKE)],
    results: &[ValueSpec::one("out", FLOAT_LIKE)],
    attrs: &[
        AttrSpec::optional("roundingmode", ROUNDING_MODE_ATTR),
        AttrSpec::optional("fastmath", FASTMATH_ATTR),
    ],
    traits: PURE,
    verify: Some(verify::verify_cast_op),
    fold: Some(fold::fold_op),
    format: Some(
        "$in ($roundingmode^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` type($out)",
    ),
    ..OpSpec::new("arith.truncf")
};

pub static SCALING_EXTF: OpSpec = OpSpec {
    operands: &[ValueSpec::one("in", FLOAT_LIKE), ValueSpec::one("scale", FLOAT_LIKE)],
    results: &[ValueSpec::one("out", FLOAT_LIKE)],
    attrs: FASTMATH_ATTRS,
    traits: PURE,
    verify: Some(verify::verify_scaling_op),
    format: Some(
        "$in `,` $scale (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `,` type($scale) `to` type($out)",
    ),
    ..OpSpec::new("arith.scaling_extf")
};

pub static SCALING_TRUNCF: OpSpec = OpSpec {
    operands: &[ValueSpec::one("in", FLOAT_LIKE), ValueSpec::one("scale", FLOAT_LIKE)],
    results: &[ValueSpec::one("out", FLOAT_LIKE)],
    attrs: &[
        AttrSpec::optional("roundingmode", ROUNDING_MODE_ATTR),
        AttrSpec::optional("fastmath", FASTMATH_ATTR),
    ],
    traits: PURE,
    verify: Some(verify::verify_scaling_op),
    format: Some(
        "$in `,` $scale ($roundingmode^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `,` type($scale) `to` type($out)",
    ),
    ..OpSpec::new("arith.scaling_truncf")
};

/// Every op of the dialect, sorted by name.
pub static OPS: &[&OpSpec] = &[
    &ADDF,
    &ADDI,
    &ADDUI_EXTENDED,
    &ANDI,
    &BITCAST_OP,
    &CEILDIVSI,
    &CEILDIVUI,
    &CMPF,
    &CMPI,
    &CONSTANT,
    &DIVF,
    &DIVSI,
    &DIVUI,
    &EXTF,
    &EXTSI,
    &EXTUI,
    &FLOORDIVSI,
    &FPTOSI,
    &FPTOUI,
    &INDEX_CAST_OP,
    &INDEX_CASTUI_OP,
    &MAXIMUMF,
    &MAXNUMF,
    &MAXSI,
    &MAXUI,
    &MINIMUMF,
    &MINNUMF,
    &MINSI,
    &MINUI,
    &MULF,
    &MULI,
    &MULSI_EXTENDED,
    &MULUI_EXTENDED,
    &NEGF,
    &ORI,
    &REMF,
    &REMSI,
    &REMUI,
    &SCALING_EXTF,
    &SCALING_TRUNCF,
    &SELECT,
    &SHLI,
    &SHRSI,
    &SHRUI,
    &SITOFP,
    &SUBF,
    &SUBI,
    &TRUNCF,
    &TRUNCI,
    &UITOFP,
    &XORI,
];
