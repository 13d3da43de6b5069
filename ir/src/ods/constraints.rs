//! Common type and attribute constraints, with MLIR's descriptions.

use super::spec::{AttrConstraint, AttrForm, TypeConstraint};
use crate::attributes::AttrKind;
use crate::context::Context;
use crate::entity::{Attr, Type};
use crate::types::{Signedness, TypeKind};

pub const ANY_TYPE: TypeConstraint = TypeConstraint {
    desc: "any type",
    check: |_, _| true,
    buildable: None,
};

pub const FUNCTION_TYPE: TypeConstraint = TypeConstraint {
    desc: "function type",
    check: |ctx, t| matches!(ctx.type_kind(t), TypeKind::Function { .. }),
    buildable: None,
};

pub const INDEX: TypeConstraint = TypeConstraint {
    desc: "index",
    check: |ctx, t| matches!(ctx.type_kind(t), TypeKind::Index),
    buildable: Some(|ctx| ctx.index_type()),
};

pub const SIGNLESS_INTEGER: TypeConstraint = TypeConstraint {
    desc: "signless integer",
    check: |ctx, t| is_signless_int(ctx, t),
    buildable: None,
};

pub const I1: TypeConstraint = TypeConstraint {
    desc: "1-bit signless integer",
    check: |ctx, t| {
        matches!(
            ctx.type_kind(t),
            TypeKind::Integer {
                width: 1,
                signedness: Signedness::Signless
            }
        )
    },
    buildable: Some(|ctx| ctx.integer_type(1, Signedness::Signless)),
};

pub const FLOAT: TypeConstraint = TypeConstraint {
    desc: "floating-point",
    check: |ctx, t| matches!(ctx.type_kind(t), TypeKind::Float(_)),
    buildable: None,
};

pub const RANKED_TENSOR: TypeConstraint = TypeConstraint {
    desc: "ranked tensor of any type values",
    check: |ctx, t| matches!(ctx.type_kind(t), TypeKind::RankedTensor { .. }),
    buildable: None,
};

pub fn is_signless_int(ctx: &Context, t: Type) -> bool {
    matches!(
        ctx.type_kind(t),
        TypeKind::Integer {
            signedness: Signedness::Signless,
            ..
        }
    )
}

/// The element type of a shaped type, or the type itself.
pub fn element_type(ctx: &Context, t: Type) -> Type {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { element, .. }
        | TypeKind::UnrankedTensor { element }
        | TypeKind::Vector { element, .. }
        | TypeKind::MemRef { element, .. }
        | TypeKind::UnrankedMemRef { element, .. } => *element,
        _ => t,
    }
}

fn is_string(ctx: &Context, a: Attr) -> bool {
    matches!(ctx.attr_kind(a), AttrKind::String { .. })
}

fn is_any(_: &Context, _: Attr) -> bool {
    true
}

pub const ANY_ATTR: AttrConstraint = AttrConstraint {
    desc: "any attribute",
    storage: is_any,
    check: is_any,
    form: AttrForm::Generic,
    value_type: None,
};

pub const STR_ATTR: AttrConstraint = AttrConstraint {
    desc: "string attribute",
    storage: is_string,
    check: is_string,
    form: AttrForm::Keyword,
    value_type: None,
};

/// `SymbolNameAttr`: a string printed as `@name`.
pub const SYMBOL_NAME_ATTR: AttrConstraint = AttrConstraint {
    desc: "string attribute",
    storage: is_string,
    check: is_string,
    form: AttrForm::SymbolName,
    value_type: None,
};

fn is_flat_symbol_ref(ctx: &Context, a: Attr) -> bool {
    matches!(ctx.attr_kind(a), AttrKind::SymbolRef { nested, .. } if nested.is_empty())
}

fn is_symbol_ref(ctx: &Context, a: Attr) -> bool {
    matches!(ctx.attr_kind(a), AttrKind::SymbolRef { .. })
}

pub const FLAT_SYMBOL_REF_ATTR: AttrConstraint = AttrConstraint {
    desc: "flat symbol reference attribute",
    storage: is_symbol_ref,
    check: is_flat_symbol_ref,
    form: AttrForm::SymbolRef,
    value_type: None,
};

pub const SYMBOL_REF_ATTR: AttrConstraint = AttrConstraint {
    desc: "symbol reference attribute",
    storage: is_symbol_ref,
    check: is_symbol_ref,
    form: AttrForm::SymbolRef,
    value_type: None,
};

fn is_type_attr(ctx: &Context, a: Attr) -> bool {
    matches!(ctx.attr_kind(a), AttrKind::Type(_))
}

pub const TYPE_ATTR: AttrConstraint = AttrConstraint {
    desc: "any type attribute",
    storage: is_type_attr,
    check: is_type_attr,
    form: AttrForm::TypeAttr,
    value_type: None,
};

/// `TypeAttrOf<FunctionType>`.
pub const FUNCTION_TYPE_ATTR: AttrConstraint = AttrConstraint {
    desc: "type attribute of function type",
    storage: is_type_attr,
    check: |ctx, a| {
        matches!(ctx.attr_kind(a), AttrKind::Type(t)
            if matches!(ctx.type_kind(*t), TypeKind::Function { .. }))
    },
    form: AttrForm::TypeAttr,
    value_type: None,
};

fn is_array(ctx: &Context, a: Attr) -> bool {
    matches!(ctx.attr_kind(a), AttrKind::Array(_))
}

/// `DictArrayAttr`.
pub const DICT_ARRAY_ATTR: AttrConstraint = AttrConstraint {
    desc: "Array of dictionary attributes",
    storage: is_array,
    check: |ctx, a| {
        matches!(ctx.attr_kind(a), AttrKind::Array(v)
            if v.iter().all(|e| matches!(ctx.attr_kind(*e), AttrKind::Dictionary(_))))
    },
    form: AttrForm::Generic,
    value_type: None,
};

pub const UNIT_ATTR: AttrConstraint = AttrConstraint {
    desc: "unit attribute",
    storage: |ctx, a| matches!(ctx.attr_kind(a), AttrKind::Unit),
    check: |ctx, a| matches!(ctx.attr_kind(a), AttrKind::Unit),
    form: AttrForm::Generic,
    value_type: None,
};

fn is_int(ctx: &Context, a: Attr) -> bool {
    matches!(ctx.attr_kind(a), AttrKind::Integer { .. })
}

pub const I64_ATTR: AttrConstraint = AttrConstraint {
    desc: "64-bit signless integer attribute",
    storage: is_int,
    check: |ctx, a| {
        matches!(ctx.attr_kind(a), AttrKind::Integer { ty, .. }
            if matches!(ctx.type_kind(*ty), TypeKind::Integer { width: 64, signedness: Signedness::Signless }))
    },
    form: AttrForm::WithoutType,
    value_type: Some(|ctx| ctx.i64()),
};
