//! Small builders and readers shared by the conversions: an op state with
//! properties, an op created before another, an `index` constant, the value of an integer attribute, the
//! shape of a ranked tensor type.

use crate::types::TypeKind;
use crate::{Attr, AttrKind, Context, Ir, Op, OperationState, Type, Value};

/// An op named `name` with the given properties (none when empty).
pub fn op_state(
    ctx: &mut Context,
    name: &str,
    props: Vec<(&str, Attr)>,
    loc: Attr,
) -> OperationState {
    let properties = if props.is_empty() {
        None
    } else {
        let entries = props.into_iter().map(|(k, v)| (ctx.ident(k), v)).collect();
        Some(ctx.dictionary(entries))
    };
    OperationState {
        properties,
        ..OperationState::new(ctx, name, loc)
    }
}

/// The op `st` describes, created before `before`: its first result.
pub fn insert_before(ir: &mut Ir, st: OperationState, before: Op) -> Value {
    let op = ir.create_op(st);
    ir.insert_op_before(before, op);
    ir.result(op, 0)
}

/// `arith.constant n : index`, inserted before `before`.
pub fn index_const(ctx: &mut Context, ir: &mut Ir, before: Op, n: i64, loc: Attr) -> Value {
    let ty = ctx.index_type();
    let value = ctx.intern_attr(AttrKind::Integer {
        ty,
        value: n.into(),
    });
    let mut st = op_state(ctx, "arith.constant", vec![("value", value)], loc);
    st.result_types = vec![ty];
    insert_before(ir, st, before)
}

/// The integer value of an integer attribute.
pub fn int_of(ctx: &Context, a: Attr) -> Option<i64> {
    match ctx.attr_kind(a) {
        AttrKind::Integer { value, .. } => i64::try_from(value).ok(),
        _ => None,
    }
}

/// Shape and element of a ranked tensor type.
pub fn tensor_shape(ctx: &Context, t: Type) -> Option<(Vec<i64>, Type)> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, element, .. } => Some((shape.clone(), *element)),
        _ => None,
    }
}
