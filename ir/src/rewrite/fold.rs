//! Folding ops through their declared folders, materialising constants by
//! dialect, and MLIR's `OperationFolder` bookkeeping: one constant per (dialect,
//! value, type) in each isolated-from-above region, at the start of its entry block.

use super::rewriter::PatternRewriter;
use crate::context::Context;
use crate::dialect::Traits;
use crate::entity::{Attr, Ident, Op, Region, Type, Value};
use crate::ods::FoldResult;
use crate::store::{Ir, ValueDef};
use rustc_hash::FxHashMap;

/// The value of a constant-like op (its `value` attribute).
pub fn constant_value(ctx: &Context, ir: &Ir, op: Op) -> Option<Attr> {
    let d = ir.op(op);
    if !ctx.op_traits(d.name).contains(Traits::CONSTANT_LIKE) || ir.results(op).len() != 1 {
        return None;
    }
    crate::symbol::op_attr(ctx, ir, op, "value")
}

/// The constant a value holds, if it is the result of a constant-like op.
pub fn value_constant(ctx: &Context, ir: &Ir, v: Value) -> Option<Attr> {
    match ir.value(v).def {
        ValueDef::Result { op, .. } => constant_value(ctx, ir, op),
        _ => None,
    }
}

/// Runs the op's folder on the constant values of its operands. A fold to the
/// op's own results counts as no fold.
pub fn fold_op(ctx: &mut Context, ir: &Ir, op: Op) -> Option<Vec<FoldResult>> {
    let f = crate::ods::spec_of(ctx, ir.op(op).name)?.fold?;
    let consts: smallvec::SmallVec<[Option<Attr>; 4]> = ir
        .operands(op)
        .map(|v| value_constant(ctx, ir, v))
        .collect();
    let r = f(ctx, ir, op, &consts)?;
    if r.len() != ir.results(op).len() {
        return None;
    }
    let own = r
        .iter()
        .zip(ir.results(op))
        .all(|(f, &res)| *f == FoldResult::Value(res));
    if own {
        return None;
    }
    Some(r)
}

/// The dialect namespace of an op name (`arith` of `arith.addi`).
pub fn dialect_of(ctx: &Context, name: Ident) -> &str {
    let s = ctx.str(name);
    s.split('.').next().unwrap_or(s)
}

/// A detached constant op of dialect `dialect` (`None`: the dialect cannot).
pub fn materialize(
    ctx: &mut Context,
    ir: &mut Ir,
    dialect: &str,
    value: Attr,
    ty: Type,
    loc: Attr,
) -> Option<Op> {
    let f = *ctx.registry.materializers.get(dialect)?;
    f(ctx, ir, value, ty, loc)
}

/// Folds `op` and, if it folded, materialises attribute results before it and
/// replaces it. Constant-like ops are not folded (they would fold to themselves).
pub fn try_fold_and_replace(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    if rw
        .ctx
        .op_traits(rw.ir.op(op).name)
        .contains(Traits::CONSTANT_LIKE)
    {
        return false;
    }
    let Some(results) = fold_op(rw.ctx, rw.ir, op) else {
        return false;
    };
    replace_with_fold_results(rw, op, results)
}

/// Replaces `op` by fold results, materialising attributes as constants of the op's
/// dialect just before it. `false` (and nothing changed) when one cannot be.
pub fn replace_with_fold_results(
    rw: &mut PatternRewriter<'_>,
    op: Op,
    results: Vec<FoldResult>,
) -> bool {
    let (name, loc) = (rw.ir.op(op).name, rw.ir.op(op).loc);
    let dialect = dialect_of(rw.ctx, name).to_string();
    let saved = rw.point;
    rw.point = crate::builder::InsertPoint::Before(op);
    let mut values = Vec::with_capacity(results.len());
    let mut created = Vec::new();
    for (i, r) in results.into_iter().enumerate() {
        match r {
            FoldResult::Value(v) => values.push(v),
            FoldResult::Attr(a) => {
                let ty = rw.ir.value_type(rw.ir.result(op, i));
                match materialize(rw.ctx, rw.ir, &dialect, a, ty, loc) {
                    Some(c) => {
                        let c = rw.insert(c);
                        created.push(c);
                        values.push(rw.ir.result(c, 0));
                    }
                    None => {
                        for c in created {
                            rw.erase_op(c);
                        }
                        rw.point = saved;
                        return false;
                    }
                }
            }
        }
    }
    rw.point = saved;
    rw.replace_op(op, &values);
    true
}

type ConstKey = (Ident, Attr, Type);

/// Uniqued constants per insertion region.
#[derive(Default)]
pub struct OperationFolder {
    scopes: FxHashMap<Region, FxHashMap<ConstKey, Op>>,
    owned: FxHashMap<Op, (Region, ConstKey)>,
}

/// The region constants of `op`'s block go to: see [`block_insertion_region`].
pub fn insertion_region(ctx: &Context, ir: &Ir, op: Op) -> Option<Region> {
    block_insertion_region(ctx, ir, ir.parent_block(op)?)
}

/// The region constants for values of `block` go to (MLIR's OperationFolder): the
/// nearest one whose parent is isolated from above, unregistered, or the top.
pub fn block_insertion_region(
    ctx: &Context,
    ir: &Ir,
    block: crate::entity::Block,
) -> Option<Region> {
    let mut r = ir.block_parent(block)?;
    loop {
        let Some(parent) = ir.region_parent(r) else {
            return Some(r);
        };
        let name = ir.op(parent).name;
        let registered = ctx.registry.op_def(name).is_some();
        if !registered || ctx.op_traits(name).contains(Traits::ISOLATED_FROM_ABOVE) {
            return Some(r);
        }
        match ir.parent_block(parent).and_then(|b| ir.block_parent(b)) {
            Some(up) => r = up,
            None => return Some(r),
        }
    }
}

impl OperationFolder {
    pub fn is_owned(&self, op: Op) -> bool {
        self.owned.contains_key(&op)
    }

    /// Forgets an op that is about to be erased.
    pub fn notify_removal(&mut self, op: Op) {
        if let Some((r, key)) = self.owned.remove(&op) {
            if let Some(s) = self.scopes.get_mut(&r) {
                s.remove(&key);
            }
        }
    }

    /// MLIR's `insertKnownConstant`: returns `false` when `op` duplicated a known
    /// constant and was replaced by it (and erased); otherwise `op` is now the known
    /// constant, moved to the start of its region's entry block unless it already
    /// sits in the run of known constants there.
    pub fn insert_known_constant(
        &mut self,
        rw: &mut PatternRewriter<'_>,
        op: Op,
        value: Attr,
    ) -> bool {
        let Some(block) = rw.ir.parent_block(op) else {
            return true;
        };
        let front_ok = |ir: &Ir, owned: &FxHashMap<Op, (Region, ConstKey)>| {
            ir.first_op(block) == Some(op) || ir.prev_op(op).is_some_and(|p| owned.contains_key(&p))
        };
        if self.owned.contains_key(&op) {
            if !front_ok(rw.ir, &self.owned) {
                let first = rw.ir.first_op(block).unwrap_or(op);
                rw.move_before(op, first);
            }
            return true;
        }
        let Some(region) = insertion_region(rw.ctx, rw.ir, op) else {
            return true;
        };
        let name = rw.ir.op(op).name;
        let dialect = rw.ctx.ident(dialect_of(rw.ctx, name).to_string().as_str());
        let ty = rw.ir.value_type(rw.ir.result(op, 0));
        let key = (dialect, value, ty);
        let scope = self.scopes.entry(region).or_default();
        if let Some(&existing) = scope.get(&key) {
            let v = rw.ir.result(existing, 0);
            rw.replace_op(op, &[v]);
            // As MLIR's folder: the constant now stands for both, so it keeps
            // neither location.
            rw.ir.op_mut(existing).loc = rw.ctx.unknown_loc();
            return false;
        }
        scope.insert(key, op);
        self.owned.insert(op, (region, key));
        let Some(entry) = rw.ir.entry_block(region) else {
            return true;
        };
        if entry != block || !front_ok(rw.ir, &self.owned) {
            let first = rw.ir.first_op(entry).unwrap_or(op);
            if first != op {
                rw.ir.remove_op(op);
                rw.ir.insert_op_before(first, op);
            }
            // Hoisted out of its block, its location no longer holds (MLIR 22
            // keeps it only for a move within the block).
            if entry != block {
                rw.ir.op_mut(op).loc = rw.ctx.unknown_loc();
            }
        }
        true
    }
}
