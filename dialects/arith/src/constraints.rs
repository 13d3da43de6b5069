//! arith's type constraints and enum attributes, with MLIR's descriptions.

use xir::ods::enum_attr::{EnumAttr, EnumStorage};
use xir::ods::{AttrConstraint, AttrDefault, AttrForm, TypeConstraint};
use xir::types::{Signedness, TypeKind};
use xir::{Attr, Context, Type};

/// Whether `t`, or the element type of a vector or tensor `t`, satisfies `f`.
fn like(ctx: &Context, t: Type, f: fn(&TypeKind) -> bool) -> bool {
    match ctx.type_kind(t) {
        TypeKind::Vector { element, .. }
        | TypeKind::RankedTensor { element, .. }
        | TypeKind::UnrankedTensor { element } => f(ctx.type_kind(*element)),
        k => f(k),
    }
}

fn signless(k: &TypeKind) -> bool {
    matches!(
        k,
        TypeKind::Integer {
            signedness: Signedness::Signless,
            ..
        }
    )
}

fn signless_or_index(k: &TypeKind) -> bool {
    signless(k) || matches!(k, TypeKind::Index)
}

fn float(k: &TypeKind) -> bool {
    matches!(k, TypeKind::Float(_))
}

fn bool_kind(k: &TypeKind) -> bool {
    matches!(
        k,
        TypeKind::Integer {
            width: 1,
            signedness: Signedness::Signless
        }
    )
}

fn memref_of(ctx: &Context, t: Type, f: fn(&TypeKind) -> bool) -> bool {
    matches!(ctx.type_kind(t), TypeKind::MemRef { element, .. } if f(ctx.type_kind(*element)))
}

pub const INT_LIKE: TypeConstraint = TypeConstraint {
    desc: "signless-integer-like",
    check: |ctx, t| like(ctx, t, signless_or_index),
    buildable: None,
};

pub const FIXED_INT_LIKE: TypeConstraint = TypeConstraint {
    desc: "signless-fixed-width-integer-like",
    check: |ctx, t| like(ctx, t, signless),
    buildable: None,
};

pub const FLOAT_LIKE: TypeConstraint = TypeConstraint {
    desc: "floating-point-like",
    check: |ctx, t| like(ctx, t, float),
    buildable: None,
};

pub const BOOL_LIKE: TypeConstraint = TypeConstraint {
    desc: "bool-like",
    check: |ctx, t| like(ctx, t, bool_kind),
    buildable: None,
};

pub const INDEX_CAST: TypeConstraint = TypeConstraint {
    desc: "signless-integer-like or memref of signless-integer",
    check: |ctx, t| like(ctx, t, signless_or_index) || memref_of(ctx, t, signless_or_index),
    buildable: None,
};

pub const BITCAST: TypeConstraint = TypeConstraint {
    desc: "signless-integer-or-float-like or memref of signless-integer or float",
    check: |ctx, t| {
        like(ctx, t, |k| signless(k) || float(k)) || memref_of(ctx, t, |k| signless(k) || float(k))
    },
    buildable: None,
};

pub static CMPI_PREDICATE: EnumAttr = EnumAttr {
    cpp_name: "::mlir::arith::CmpIPredicate",
    def_name: "Arith_CmpIPredicateAttr",
    storage: EnumStorage::Int { width: 64 },
    cases: &[
        ("eq", 0),
        ("ne", 1),
        ("slt", 2),
        ("sle", 3),
        ("sgt", 4),
        ("sge", 5),
        ("ult", 6),
        ("ule", 7),
        ("ugt", 8),
        ("uge", 9),
    ],
};

pub static CMPF_PREDICATE: EnumAttr = EnumAttr {
    cpp_name: "::mlir::arith::CmpFPredicate",
    def_name: "Arith_CmpFPredicateAttr",
    storage: EnumStorage::Int { width: 64 },
    cases: &[
        ("false", 0),
        ("oeq", 1),
        ("ogt", 2),
        ("oge", 3),
        ("olt", 4),
        ("ole", 5),
        ("one", 6),
        ("ord", 7),
        ("ueq", 8),
        ("ugt", 9),
        ("uge", 10),
        ("ult", 11),
        ("ule", 12),
        ("une", 13),
        ("uno", 14),
        ("true", 15),
    ],
};

pub static ROUNDING_MODE: EnumAttr = EnumAttr {
    cpp_name: "::mlir::arith::RoundingMode",
    def_name: "Arith_RoundingModeAttr",
    storage: EnumStorage::Int { width: 32 },
    cases: &[
        ("to_nearest_even", 0),
        ("downward", 1),
        ("upward", 2),
        ("toward_zero", 3),
        ("to_nearest_away", 4),
    ],
};

pub static FASTMATH: EnumAttr = EnumAttr {
    cpp_name: "::mlir::arith::FastMathFlags",
    def_name: "Arith_FastMathAttr",
    storage: EnumStorage::Bits {
        dialect: "arith",
        mnemonic: "fastmath",
        sep: ",",
    },
    cases: &[
        ("none", 0),
        ("reassoc", 1),
        ("nnan", 2),
        ("ninf", 4),
        ("nsz", 8),
        ("arcp", 16),
        ("contract", 32),
        ("afn", 64),
        ("fast", 127),
    ],
};

pub static OVERFLOW: EnumAttr = EnumAttr {
    cpp_name: "::mlir::arith::IntegerOverflowFlags",
    def_name: "Arith_IntegerOverflowAttr",
    storage: EnumStorage::Bits {
        dialect: "arith",
        mnemonic: "overflow",
        sep: ", ",
    },
    cases: &[("none", 0), ("nsw", 1), ("nuw", 2)],
};

fn any(_: &Context, _: Attr) -> bool {
    true
}

pub const CMPI_PREDICATE_ATTR: AttrConstraint = AttrConstraint {
    desc: "allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9",
    storage: any,
    check: |ctx, a| CMPI_PREDICATE.holds(ctx, a),
    form: AttrForm::Enum(&CMPI_PREDICATE),
    value_type: None,
};

pub const CMPF_PREDICATE_ATTR: AttrConstraint = AttrConstraint {
    desc: "allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15",
    storage: any,
    check: |ctx, a| CMPF_PREDICATE.holds(ctx, a),
    form: AttrForm::Enum(&CMPF_PREDICATE),
    value_type: None,
};

pub const ROUNDING_MODE_ATTR: AttrConstraint = AttrConstraint {
    desc: "Floating point rounding mode",
    storage: any,
    check: |ctx, a| ROUNDING_MODE.holds(ctx, a),
    form: AttrForm::Enum(&ROUNDING_MODE),
    value_type: None,
};

pub const FASTMATH_ATTR: AttrConstraint = AttrConstraint {
    desc: "Floating point fast math flags",
    storage: any,
    check: |ctx, a| FASTMATH.holds(ctx, a),
    form: AttrForm::Enum(&FASTMATH),
    value_type: None,
};

pub const OVERFLOW_ATTR: AttrConstraint = AttrConstraint {
    desc: "Integer overflow arith flags",
    storage: any,
    check: |ctx, a| OVERFLOW.holds(ctx, a),
    form: AttrForm::Enum(&OVERFLOW),
    value_type: None,
};

/// `TypedAttrInterface`.
pub const TYPED_ATTR: AttrConstraint = AttrConstraint {
    desc: "TypedAttr instance",
    storage: any,
    check: |ctx, a| xir::ods::access::attr_type(ctx, a).is_some(),
    form: AttrForm::Generic,
    value_type: None,
};

pub const FASTMATH_DEFAULT: AttrDefault = AttrDefault {
    name: "fastmath",
    value: |ctx| FASTMATH.attr(ctx, 0),
    is: |ctx, a| FASTMATH.value(ctx, a) == Some(0),
};

pub const OVERFLOW_DEFAULT: AttrDefault = AttrDefault {
    name: "overflowFlags",
    value: |ctx| OVERFLOW.attr(ctx, 0),
    is: |ctx, a| OVERFLOW.value(ctx, a) == Some(0),
};
