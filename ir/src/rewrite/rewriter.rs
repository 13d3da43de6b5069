//! The rewriter through which patterns and drivers change the IR. Every change is
//! reported to a [`Listener`], so a driver can revisit what it touched.

use crate::builder::InsertPoint;
use crate::context::Context;
use crate::entity::{Op, Value};
use crate::store::{Ir, OperationState};

/// Hears about every change a [`PatternRewriter`] makes.
pub trait Listener {
    fn inserted(&mut self, _ir: &Ir, _op: Op) {}
    /// An op whose operands or attributes changed in place.
    fn modified(&mut self, _ir: &Ir, _op: Op) {}
    /// Called just before `op` is erased (it still has its operands).
    fn erased(&mut self, _ir: &Ir, _op: Op) {}
}

/// A listener that ignores everything.
pub struct NoListener;
impl Listener for NoListener {}

pub struct PatternRewriter<'a> {
    pub ctx: &'a mut Context,
    pub ir: &'a mut Ir,
    /// Where [`PatternRewriter::create`] puts new ops.
    pub point: InsertPoint,
    pub listener: &'a mut dyn Listener,
}

impl<'a> PatternRewriter<'a> {
    pub fn new(ctx: &'a mut Context, ir: &'a mut Ir, listener: &'a mut dyn Listener) -> Self {
        PatternRewriter {
            ctx,
            ir,
            point: InsertPoint::Detached,
            listener,
        }
    }

    /// Creates an op at the insertion point.
    pub fn create(&mut self, st: OperationState) -> Op {
        let op = self.ir.create_op(st);
        self.insert(op)
    }

    /// Inserts a detached op at the insertion point and reports it.
    pub fn insert(&mut self, op: Op) -> Op {
        match self.point {
            InsertPoint::Detached => return op,
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
        self.listener.inserted(self.ir, op);
        op
    }

    /// Moves an op (already in a block) before `before`.
    pub fn move_before(&mut self, op: Op, before: Op) {
        self.ir.remove_op(op);
        self.ir.insert_op_before(before, op);
    }

    /// Reports that `op` was changed in place.
    pub fn modified(&mut self, op: Op) {
        self.listener.modified(self.ir, op);
    }

    pub fn set_operand(&mut self, op: Op, i: usize, v: Value) {
        self.ir.set_operand(op, i, v);
        self.listener.modified(self.ir, op);
    }

    /// Replaces every use of `from` by `to`; each user counts as modified.
    pub fn replace_all_uses_with(&mut self, from: Value, to: Value) {
        if from == to {
            return;
        }
        while let Some(u) = self.ir.uses(from).next() {
            let d = self.ir.use_data(u);
            let (owner, index) = (d.owner, d.index as usize);
            self.ir.set_operand(owner, index, to);
            self.listener.modified(self.ir, owner);
        }
    }

    /// Replaces the results of `op` by `values` and erases it.
    pub fn replace_op(&mut self, op: Op, values: &[Value]) {
        let results = self.ir.results(op).to_vec();
        debug_assert_eq!(results.len(), values.len());
        for (r, &v) in results.into_iter().zip(values) {
            self.replace_all_uses_with(r, v);
        }
        self.erase_op(op);
    }

    /// Erases `op` and everything nested in it (nested ops are reported first).
    pub fn erase_op(&mut self, op: Op) {
        if !self.ir.regions(op).is_empty() {
            let nested = crate::walk::preorder(self.ir, op);
            for &n in nested[1..].iter().rev() {
                self.listener.erased(self.ir, n);
            }
        }
        self.listener.erased(self.ir, op);
        self.ir.erase_op(op);
    }
}
