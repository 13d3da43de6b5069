//! Building the constant ops that dialects materialize folded values as: ops
//! with one result and the value in their `value` property (`ConstantLike`).

use crate::context::Context;
use crate::entity::{Attr, Op, Type};
use crate::store::{Ir, OperationState};

/// A detached `name` op holding `value` in its `value` property, of type `ty`.
pub fn build_constant(
    ctx: &mut Context,
    ir: &mut Ir,
    name: &str,
    value: Attr,
    ty: Type,
    loc: Attr,
) -> Op {
    let key = ctx.ident("value");
    let props = ctx.dictionary(vec![(key, value)]);
    let st = OperationState {
        name: ctx.ident(name),
        operands: Vec::new(),
        result_types: vec![ty],
        properties: Some(props),
        attrs: ctx.empty_dict(),
        num_regions: 0,
        successors: Vec::new(),
        loc,
    };
    ir.create_op(st)
}
