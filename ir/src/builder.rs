//! Building ops: [`OperationState::new`] and the [`OpBuilder`], which creates ops at an
//! insertion point.

use crate::context::Context;
use crate::entity::{Attr, Block, Ident, Op, Type, Value};
use crate::store::{Ir, OperationState};

impl OperationState {
    /// An op `name` at `loc` with no operands, results, properties, attributes,
    /// regions or successors; fill in the rest with struct update syntax.
    pub fn new(ctx: &mut Context, name: &str, loc: Attr) -> OperationState {
        OperationState {
            name: ctx.ident(name),
            operands: Vec::new(),
            result_types: Vec::new(),
            properties: None,
            attrs: ctx.empty_dict(),
            num_regions: 0,
            successors: Vec::new(),
            loc,
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum InsertPoint {
    /// Ops are created detached.
    Detached,
    /// At the end of a block.
    End(Block),
    /// At the start of a block.
    Start(Block),
    /// Before an op.
    Before(Op),
    /// After an op (moves forward as ops are inserted, so they keep their order).
    After(Op),
}

pub struct OpBuilder<'a> {
    pub ir: &'a mut Ir,
    pub point: InsertPoint,
    pub loc: Attr,
}

impl<'a> OpBuilder<'a> {
    pub fn new(ir: &'a mut Ir, point: InsertPoint, loc: Attr) -> Self {
        OpBuilder { ir, point, loc }
    }

    /// Inserts a detached op at the insertion point.
    pub fn insert(&mut self, op: Op) -> Op {
        match self.point {
            InsertPoint::Detached => {}
            InsertPoint::End(b) => self.ir.append_op(b, op),
            InsertPoint::Start(b) => {
                self.ir.prepend_op(b, op);
                self.point = InsertPoint::After(op);
            }
            InsertPoint::Before(o) => self.ir.insert_op_before(o, op),
            InsertPoint::After(o) => {
                self.ir.insert_op_after(o, op);
                self.point = InsertPoint::After(op);
            }
        }
        op
    }

    /// Creates an op with the builder's location and inserts it.
    pub fn create(
        &mut self,
        name: Ident,
        operands: &[Value],
        result_types: &[Type],
        attrs: Attr,
        num_regions: usize,
    ) -> Op {
        let op = self.ir.create_op(OperationState {
            name,
            operands: operands.to_vec(),
            result_types: result_types.to_vec(),
            properties: None,
            attrs,
            num_regions,
            successors: Vec::new(),
            loc: self.loc,
        });
        self.insert(op)
    }

    pub fn create_from_state(&mut self, st: OperationState) -> Op {
        let op = self.ir.create_op(st);
        self.insert(op)
    }
}
