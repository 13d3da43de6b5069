//! Where an op, or the definition of a value, sits among nested blocks.

use crate::{Block, Ir, Op, Value, ValueDef};

/// The ancestor of `op` (or `op`) that lies directly in `block`.
pub fn ancestor_in(ir: &Ir, block: Block, mut op: Op) -> Option<Op> {
    loop {
        let b = ir.parent_block(op)?;
        if b == block {
            return Some(op);
        }
        op = ir.block_parent_op(b)?;
    }
}

/// The op in `block` that defines `v` (or encloses its definition), if any.
pub fn def_in(ir: &Ir, block: Block, v: Value) -> Option<Op> {
    match ir.value(v).def {
        ValueDef::Result { op, .. } => ancestor_in(ir, block, op),
        ValueDef::BlockArg { block: b, .. } => {
            if b == block {
                return None;
            }
            ancestor_in(ir, block, ir.block_parent_op(b)?)
        }
        _ => None,
    }
}

/// Whether `op` is nested (at any depth) in `ancestor`.
pub fn is_inside(ir: &Ir, ancestor: Op, mut op: Op) -> bool {
    while let Some(p) = ir.parent_op(op) {
        if p == ancestor {
            return true;
        }
        op = p;
    }
    false
}

/// The op that defines `v`, or that owns the block of a block argument.
pub fn defining_scope(ir: &Ir, v: Value) -> Option<Op> {
    match ir.value(v).def {
        ValueDef::Result { op, .. } => Some(op),
        ValueDef::BlockArg { block, .. } => ir.block_parent_op(block),
        _ => None,
    }
}
