//! `scf.if`'s canonicalization (MLIR 22's `IfOp::getCanonicalizationPatterns`
//! and `IfOp::fold`), in MLIR's order: merging consecutive ifs on one
//! condition (or its negation), merging an if nested alone in a then block
//! (`arith.andi` of the conditions), condition propagation into the branches,
//! yields of outside values hoisted to `arith.select`, an empty else removed,
//! a constant condition inlining its branch, and results that are the
//! condition (or its negation) or the same value in both branches replaced;
//! then the RegionBranchOpInterface patterns MLIR 22 adds to every if, which
//! merge duplicate results and drop unused ones. The fold swaps the branches
//! of `if (xori c, true)`; it changes the op in place, which xir's folders
//! cannot, so it is a pattern tried before all others (where MLIR's driver
//! tries the fold).
//!
//! Each rewrite makes the same steps, in the same order, as MLIR's, through
//! [`crate::rewrite`], so the driver's worklist (and the output) matches.

use crate::ops::{IF, IF_NAME, YIELD_NAME};
use crate::rewrite::{
    def_op, erase_op, inline_block, inline_region_front, is_inside, replace_op, set_operand,
    value_region,
};
use xir::builder::InsertPoint;
use xir::rewrite::fold::{dialect_of, materialize, value_constant};
use xir::rewrite::{CanonicalizationPatterns, PatternRewriter, PatternSet, RewritePattern};
use xir::{Attr, AttrKind, Block, Context, Op, OperationState, Region, Type, Value};

const ANDI: &str = "arith.andi";
const XORI: &str = "arith.xori";
const SELECT: &str = "arith.select";
const CONSTANT: &str = "arith.constant";

/// The parts of a well-formed `scf.if`; `None` for anything else, so no
/// pattern touches malformed IR.
#[derive(Copy, Clone)]
struct If {
    op: Op,
    cond: Value,
    then_region: Region,
    else_region: Region,
    then_block: Block,
    then_yield: Op,
    /// The else block and its yield, when the else region has a block.
    other: Option<(Block, Op)>,
}

impl If {
    fn else_block(&self) -> Option<Block> {
        self.other.map(|(b, _)| b)
    }
    fn else_yield(&self) -> Option<Op> {
        self.other.map(|(_, y)| y)
    }
}

fn is_named(rw: &PatternRewriter<'_>, op: Op, name: &str) -> bool {
    rw.ctx.str(rw.ir.op(op).name) == name
}

/// The single block of `r` and its `scf.yield`.
fn block_and_yield(rw: &PatternRewriter<'_>, r: Region) -> Option<(Block, Op)> {
    let b = rw.ir.entry_block(r)?;
    if rw.ir.next_block(b).is_some() {
        return None;
    }
    let y = rw.ir.last_op(b)?;
    is_named(rw, y, YIELD_NAME).then_some((b, y))
}

fn view(rw: &PatternRewriter<'_>, op: Op) -> Option<If> {
    if !is_named(rw, op, IF_NAME) || rw.ir.num_operands(op) != 1 {
        return None;
    }
    let &[then_region, else_region] = rw.ir.regions(op) else {
        return None;
    };
    let (then_block, then_yield) = block_and_yield(rw, then_region)?;
    let other = if rw.ir.region_is_empty(else_region) {
        None
    } else {
        Some(block_and_yield(rw, else_region)?)
    };
    let n = rw.ir.results(op).len();
    let yields_fit = |y: Op| rw.ir.num_operands(y) == n;
    if !yields_fit(then_yield) || other.is_some_and(|(_, y)| !yields_fit(y)) {
        return None;
    }
    if n > 0 && other.is_none() {
        return None;
    }
    Some(If {
        op,
        cond: rw.ir.operand(op, 0),
        then_region,
        else_region,
        then_block,
        then_yield,
        other,
    })
}

fn operands(rw: &PatternRewriter<'_>, op: Op) -> Vec<Value> {
    rw.ir.operands(op).collect()
}

/// Whether every op `names` lists is registered (the patterns that create
/// arith ops need the arith dialect, as MLIR's scf depends on it).
fn registered(rw: &mut PatternRewriter<'_>, names: &[&str]) -> bool {
    names.iter().all(|n| {
        let id = rw.ctx.ident(n);
        rw.ctx.registry.op_def(id).is_some()
    })
}

/// The value of a constant `i1` (MLIR's `m_Constant(&BoolAttr)`).
fn bool_const(rw: &PatternRewriter<'_>, v: Value) -> Option<bool> {
    let a = value_constant(rw.ctx, rw.ir, v)?;
    match rw.ctx.attr_kind(a) {
        AttrKind::Integer { ty, value } if is_i1(rw.ctx, *ty) => Some(*value != 0.into()),
        _ => None,
    }
}

/// Whether `v` is the constant one (MLIR's `m_One` on an `i1`: `true`).
fn is_one(rw: &PatternRewriter<'_>, v: Value) -> bool {
    let Some(a) = value_constant(rw.ctx, rw.ir, v) else {
        return false;
    };
    match rw.ctx.attr_kind(a) {
        AttrKind::Integer { ty, value } => {
            let w = integer_width(rw.ctx, *ty);
            *value == 1.into() || (w == Some(1) && *value != 0.into())
        }
        _ => false,
    }
}

fn integer_width(ctx: &Context, ty: Type) -> Option<u32> {
    match ctx.type_kind(ty) {
        xir::TypeKind::Integer { width, .. } => Some(*width),
        _ => None,
    }
}

/// A signless `i1` (MLIR's `BoolAttr` type).
fn is_i1(ctx: &Context, ty: Type) -> bool {
    matches!(
        ctx.type_kind(ty),
        xir::TypeKind::Integer {
            width: 1,
            signedness: xir::Signedness::Signless
        }
    )
}

/// `x` when `v` is `arith.xori x, true` (a negation).
fn negated(rw: &PatternRewriter<'_>, v: Value) -> Option<Value> {
    let x = def_op(rw, v)?;
    if !is_named(rw, x, XORI) || rw.ir.num_operands(x) != 2 {
        return None;
    }
    is_one(rw, rw.ir.operand(x, 1)).then(|| rw.ir.operand(x, 0))
}

fn i1_attr(ctx: &mut Context, value: bool) -> Attr {
    let ty = ctx.i1();
    ctx.intern_attr(AttrKind::Integer {
        ty,
        value: u8::from(value).into(),
    })
}

/// Creates an op at the insertion point and returns it.
fn create(
    rw: &mut PatternRewriter<'_>,
    name: &str,
    operands: Vec<Value>,
    result_types: Vec<Type>,
    num_regions: usize,
    loc: Attr,
) -> Op {
    let st = OperationState {
        operands,
        result_types,
        num_regions,
        ..OperationState::new(rw.ctx, name, loc)
    };
    rw.create(st)
}

/// A one-result op typed as its last operand (`andi`, `xori`, `select`).
fn create_value(
    rw: &mut PatternRewriter<'_>,
    name: &str,
    operands: Vec<Value>,
    loc: Attr,
) -> Value {
    let ty = operands.last().map(|&v| rw.ir.value_type(v));
    let ty = ty.unwrap_or_else(|| rw.ctx.i1());
    let op = create(rw, name, operands, vec![ty], 0, loc);
    rw.ir.result(op, 0)
}

/// An `arith.constant` of an `i1` at the insertion point.
fn create_bool(
    rw: &mut PatternRewriter<'_>,
    dialect: &str,
    value: bool,
    loc: Attr,
) -> Option<Value> {
    let attr = i1_attr(rw.ctx, value);
    let ty = rw.ctx.i1();
    let c = materialize(rw.ctx, rw.ir, dialect, attr, ty, loc)?;
    let c = rw.insert(c);
    Some(rw.ir.result(c, 0))
}

/// A new `scf.if` with empty regions at the insertion point.
fn create_if(rw: &mut PatternRewriter<'_>, cond: Value, types: Vec<Type>, loc: Attr) -> Op {
    create(rw, IF_NAME, vec![cond], types, 2, loc)
}

/// Gives `r` a new empty block (MLIR's `createBlock`, which reports nothing the
/// driver uses).
fn add_block(rw: &mut PatternRewriter<'_>, r: Region) -> Block {
    let b = rw.ir.create_block();
    rw.ir.append_block(r, b);
    b
}

fn create_yield(rw: &mut PatternRewriter<'_>, block: Block, values: Vec<Value>, loc: Attr) -> Op {
    rw.point = InsertPoint::End(block);
    create(rw, YIELD_NAME, values, Vec::new(), 0, loc)
}

/// MLIR's `replaceOpWithNewOp<YieldOp>(old, values)` with the insertion point at
/// the end of the yield's block: the new yield first, then the old one erased.
fn replace_yield(rw: &mut PatternRewriter<'_>, old: Op, values: Vec<Value>) {
    let Some(block) = rw.ir.parent_block(old) else {
        return;
    };
    let loc = rw.ir.op(old).loc;
    create_yield(rw, block, values, loc);
    erase_op(rw, old);
}

fn result_types(rw: &PatternRewriter<'_>, op: Op) -> Vec<Type> {
    rw.ir
        .results(op)
        .iter()
        .map(|&r| rw.ir.value_type(r))
        .collect()
}

macro_rules! if_pattern {
    ($ty:ident, $name:literal, $benefit:expr) => {
        impl RewritePattern for $ty {
            fn name(&self) -> &'static str {
                $name
            }
            fn root(&self) -> Option<&'static str> {
                Some(IF_NAME)
            }
            fn benefit(&self) -> u16 {
                $benefit
            }
            fn match_and_rewrite(&self, rw: &mut PatternRewriter<'_>, op: Op) -> bool {
                match view(rw, op) {
                    Some(x) => self.apply(rw, x),
                    None => false,
                }
            }
        }
    };
}

/// MLIR's `IfOp::fold`: `if (xori c, true) A else B` → `if c B else A`.
struct SwapNegatedCondition;
if_pattern!(
    SwapNegatedCondition,
    "scf-if-swap-negated-condition",
    u16::MAX
);

impl SwapNegatedCondition {
    fn apply(&self, rw: &mut PatternRewriter<'_>, x: If) -> bool {
        let Some(else_block) = x.else_block() else {
            return false;
        };
        let Some(c) = negated(rw, x.cond) else {
            return false;
        };
        // The fold changes the op silently; the driver then reports it modified.
        rw.ir.set_operand(x.op, 0, c);
        rw.ir.remove_block(x.then_block);
        rw.ir.remove_block(else_block);
        rw.ir.append_block(x.then_region, else_block);
        rw.ir.append_block(x.else_region, x.then_block);
        rw.modified(x.op);
        true
    }
}

/// Which blocks of the next if run when the previous if's condition holds
/// (`then`) or not (`other`), as in MLIR's `CombineIfs`.
fn combine_targets(
    rw: &PatternRewriter<'_>,
    prev: &If,
    next: &If,
) -> (Option<Block>, Option<Block>) {
    let (mut then, mut other) = (None, None);
    if next.cond == prev.cond {
        then = Some(next.then_block);
        other = next.else_block();
    }
    let flipped =
        negated(rw, next.cond) == Some(prev.cond) || negated(rw, prev.cond) == Some(next.cond);
    if flipped {
        other = Some(next.then_block);
        then = next.else_block();
    }
    (then, other)
}

/// Two adjacent ifs on the same (or the negated) condition become one.
struct CombineIfs;
if_pattern!(CombineIfs, "scf-if-combine", 1);

impl CombineIfs {
    fn apply(&self, rw: &mut PatternRewriter<'_>, next: If) -> bool {
        let Some(prev) = rw.ir.prev_op(next.op).and_then(|p| view(rw, p)) else {
            return false;
        };
        let (then, other) = combine_targets(rw, &prev, &next);
        if then.is_none() && other.is_none() {
            return false;
        }
        Self::forward_results(rw, &prev, then, other);
        let mut types = result_types(rw, prev.op);
        types.extend(result_types(rw, next.op));
        let loc = rw.ir.op(next.op).loc;
        let combined = create_if(rw, prev.cond, types, loc);
        let &[c_then, c_else] = rw.ir.regions(combined) else {
            return false;
        };
        inline_region_front(rw, prev.then_region, c_then);
        if let Some(t) = then {
            Self::merge_into(rw, c_then, t);
        }
        inline_region_front(rw, prev.else_region, c_else);
        if let Some(e) = other {
            match rw.ir.region_is_empty(c_else) {
                true => match rw.ir.block_parent(e) {
                    Some(r) => inline_region_front(rw, r, c_else),
                    None => return false,
                },
                false => Self::merge_into(rw, c_else, e),
            }
        }
        let results = rw.ir.results(combined).to_vec();
        let n_prev = rw.ir.results(prev.op).len();
        replace_op(rw, prev.op, &results[..n_prev]);
        replace_op(rw, next.op, &results[n_prev..]);
        true
    }

    /// Uses of the previous if's results inside the next if's branches take
    /// the value the matching branch yielded.
    fn forward_results(
        rw: &mut PatternRewriter<'_>,
        prev: &If,
        then: Option<Block>,
        other: Option<Block>,
    ) {
        let then_region = then.and_then(|b| rw.ir.block_parent(b));
        let else_region = other.and_then(|b| rw.ir.block_parent(b));
        let then_vals = operands(rw, prev.then_yield);
        let else_vals = prev
            .else_yield()
            .map(|y| operands(rw, y))
            .unwrap_or_default();
        let results = rw.ir.results(prev.op).to_vec();
        let triples = results.iter().zip(&then_vals).zip(&else_vals);
        for ((&r, &tv), &ev) in triples {
            let uses: Vec<_> = rw.ir.uses(r).collect();
            for u in uses {
                let d = rw.ir.use_data(u);
                let (owner, index) = (d.owner, d.index as usize);
                if then_region.is_some_and(|tr| is_inside(rw, owner, tr)) {
                    set_operand(rw, owner, index, tv);
                } else if else_region.is_some_and(|er| is_inside(rw, owner, er)) {
                    set_operand(rw, owner, index, ev);
                }
            }
        }
    }

    /// Appends the ops of `source` to the block of `region` and joins the two
    /// yields into one.
    fn merge_into(rw: &mut PatternRewriter<'_>, region: Region, source: Block) {
        let Some((dest, first)) = block_and_yield(rw, region) else {
            return;
        };
        let Some(second) = rw.ir.last_op(source) else {
            return;
        };
        inline_block(rw, source, dest, None);
        let mut values = operands(rw, first);
        values.extend(operands(rw, second));
        let loc = rw.ir.op(second).loc;
        create_yield(rw, dest, values, loc);
        erase_op(rw, first);
        erase_op(rw, second);
    }
}

/// `if a { if b { .. } }` → `if (andi a, b) { .. }`, when nothing else runs
/// in the outer then block and both else blocks only yield.
struct CombineNestedIfs;
if_pattern!(CombineNestedIfs, "scf-if-combine-nested", 1);

impl CombineNestedIfs {
    fn apply(&self, rw: &mut PatternRewriter<'_>, x: If) -> bool {
        let Some(inner) = Self::only_nested_if(rw, &x) else {
            return false;
        };
        if !registered(rw, &[ANDI, SELECT]) {
            return false;
        }
        let mut then_vals = operands(rw, x.then_yield);
        let else_vals = x.else_yield().map(|y| operands(rw, y)).unwrap_or_default();
        let mut to_select = Vec::new();
        for (i, v) in then_vals.clone().into_iter().enumerate() {
            if def_op(rw, v) == Some(inner.op) {
                let k = rw.ir.results(inner.op).iter().position(|&r| r == v);
                let (Some(k), Some(iy)) = (k, inner.else_yield()) else {
                    return false;
                };
                if else_vals.get(i) != Some(&rw.ir.operand(iy, k)) {
                    return false;
                }
                then_vals[i] = rw.ir.operand(inner.then_yield, k);
                continue;
            }
            if value_region(rw, v) == Some(x.then_region) {
                return false;
            }
            to_select.push(i);
        }
        let loc = rw.ir.op(x.op).loc;
        let cond = create_value(rw, ANDI, vec![x.cond, inner.cond], loc);
        let types = result_types(rw, x.op);
        let new_if = create_if(rw, cond, types, loc);
        let &[n_then, n_else] = rw.ir.regions(new_if) else {
            return false;
        };
        let block = add_block(rw, n_then);
        let mut results = rw.ir.results(new_if).to_vec();
        rw.point = InsertPoint::Before(new_if);
        for i in to_select {
            let (t, e) = (then_vals[i], else_vals.get(i).copied());
            let Some(e) = e else { return false };
            results[i] = create_value(rw, SELECT, vec![x.cond, t, e], loc);
        }
        inline_block(rw, inner.then_block, block, None);
        if let Some(y) = rw.ir.last_op(block) {
            replace_yield(rw, y, then_vals);
        }
        if !else_vals.is_empty() {
            let b = add_block(rw, n_else);
            create_yield(rw, b, else_vals, loc);
        }
        replace_op(rw, x.op, &results);
        true
    }

    /// The inner if, when it is alone (but for the yield) in the then block
    /// and the else blocks of both only yield.
    fn only_nested_if(rw: &PatternRewriter<'_>, x: &If) -> Option<If> {
        let first = rw.ir.first_op(x.then_block)?;
        if rw.ir.next_op(first) != Some(x.then_yield) {
            return None;
        }
        let only_yields =
            |b: Option<Block>| b.is_none_or(|b| rw.ir.first_op(b) == rw.ir.last_op(b));
        if !only_yields(x.else_block()) {
            return None;
        }
        let inner = view(rw, first)?;
        only_yields(inner.else_block()).then_some(inner)
    }
}

/// In the then branch the condition is `true`, in the else branch `false`.
struct ConditionPropagation;
if_pattern!(ConditionPropagation, "scf-if-condition-propagation", 1);

impl ConditionPropagation {
    fn apply(&self, rw: &mut PatternRewriter<'_>, x: If) -> bool {
        if value_constant(rw.ctx, rw.ir, x.cond).is_some() || !registered(rw, &[CONSTANT]) {
            return false;
        }
        let loc = rw.ir.op(x.op).loc;
        let (mut yes, mut no) = (None, None);
        let mut changed = false;
        let uses: Vec<_> = rw.ir.uses(x.cond).collect();
        for u in uses {
            let d = rw.ir.use_data(u);
            let (owner, index) = (d.owner, d.index as usize);
            let slot = if is_inside(rw, owner, x.then_region) {
                (&mut yes, true)
            } else if is_inside(rw, owner, x.else_region) {
                (&mut no, false)
            } else {
                continue;
            };
            let v = match *slot.0 {
                Some(v) => v,
                None => {
                    rw.point = InsertPoint::Before(x.op);
                    let Some(v) = create_bool(rw, "arith", slot.1, loc) else {
                        return changed;
                    };
                    *slot.0 = Some(v);
                    v
                }
            };
            set_operand(rw, owner, index, v);
            changed = true;
        }
        changed
    }
}

/// Results whose yields are both defined outside the if become
/// `arith.select`s (or the value itself when both branches yield it).
struct ConvertTrivialIfToSelect;
if_pattern!(ConvertTrivialIfToSelect, "scf-if-to-select", 1);

impl ConvertTrivialIfToSelect {
    fn apply(&self, rw: &mut PatternRewriter<'_>, x: If) -> bool {
        let Some(else_yield) = x.else_yield() else {
            return false;
        };
        if rw.ir.results(x.op).is_empty() || !registered(rw, &[SELECT]) {
            return false;
        }
        let pairs: Vec<(Value, Value)> = rw
            .ir
            .operands(x.then_yield)
            .zip(rw.ir.operands(else_yield))
            .collect();
        let inside = |rw: &PatternRewriter<'_>, (t, e): (Value, Value)| {
            value_region(rw, t) == Some(x.then_region) || value_region(rw, e) == Some(x.else_region)
        };
        let kept: Vec<Type> = pairs
            .iter()
            .filter(|&&p| inside(rw, p))
            .map(|&(t, _)| rw.ir.value_type(t))
            .collect();
        if kept.len() == pairs.len() {
            return false;
        }
        let loc = rw.ir.op(x.op).loc;
        let replacement = create_if(rw, x.cond, kept, loc);
        let &[r_then, r_else] = rw.ir.regions(replacement) else {
            return false;
        };
        rw.ir.take_body(r_then, x.then_region);
        rw.ir.take_body(r_else, x.else_region);
        rw.point = InsertPoint::Before(replacement);
        let (mut then_vals, mut else_vals, mut results) = (Vec::new(), Vec::new(), Vec::new());
        for (t, e) in pairs {
            if value_region(rw, t) == Some(r_then) || value_region(rw, e) == Some(r_else) {
                results.push(rw.ir.result(replacement, then_vals.len()));
                then_vals.push(t);
                else_vals.push(e);
            } else if t == e {
                results.push(t);
            } else {
                results.push(create_value(rw, SELECT, vec![x.cond, t, e], loc));
            }
        }
        replace_yield(rw, x.then_yield, then_vals);
        replace_yield(rw, else_yield, else_vals);
        replace_op(rw, x.op, &results);
        true
    }
}

/// An else block holding only its yield goes (ifs without results).
struct RemoveEmptyElseBranch;
if_pattern!(RemoveEmptyElseBranch, "scf-if-remove-empty-else", 1);

impl RemoveEmptyElseBranch {
    fn apply(&self, rw: &mut PatternRewriter<'_>, x: If) -> bool {
        let Some(b) = x.else_block() else {
            return false;
        };
        if !rw.ir.results(x.op).is_empty() || rw.ir.first_op(b) != rw.ir.last_op(b) {
            return false;
        }
        // MLIR's `cloneWithoutRegions`.
        let d = rw.ir.op(x.op);
        let st = OperationState {
            operands: vec![x.cond],
            properties: d.properties,
            attrs: d.attrs,
            num_regions: 2,
            ..OperationState::new(rw.ctx, IF_NAME, d.loc)
        };
        let new_if = rw.create(st);
        let new_then = rw.ir.regions(new_if)[0];
        inline_region_front(rw, x.then_region, new_then);
        erase_op(rw, x.op);
        true
    }
}

/// A constant condition: the taken branch replaces the if.
struct RemoveStaticCondition;
if_pattern!(RemoveStaticCondition, "scf-if-static-condition", 1);

impl RemoveStaticCondition {
    fn apply(&self, rw: &mut PatternRewriter<'_>, x: If) -> bool {
        let Some(c) = bool_const(rw, x.cond) else {
            return false;
        };
        let taken = match c {
            true => Some((x.then_block, x.then_yield)),
            false => x.other,
        };
        match taken {
            Some((block, y)) => {
                let values = operands(rw, y);
                let parent = rw.ir.parent_block(x.op);
                let Some(parent) = parent else { return false };
                inline_block(rw, block, parent, Some(x.op));
                replace_op(rw, x.op, &values);
                erase_op(rw, y);
            }
            None => erase_op(rw, x.op),
        }
        true
    }
}

/// Results yielding `true`/`false` (or `false`/`true`) are the condition (or
/// its negation); results yielding one value in both branches are that value.
struct ReplaceIfYieldWithConditionOrValue;
if_pattern!(
    ReplaceIfYieldWithConditionOrValue,
    "scf-if-yield-condition-or-value",
    1
);

impl ReplaceIfYieldWithConditionOrValue {
    fn apply(&self, rw: &mut PatternRewriter<'_>, x: If) -> bool {
        let Some(else_yield) = x.else_yield() else {
            return false;
        };
        let triples: Vec<(Value, Value, Value)> = rw
            .ir
            .operands(x.then_yield)
            .zip(rw.ir.operands(else_yield))
            .zip(rw.ir.results(x.op).iter().copied())
            .map(|((t, e), r)| (t, e, r))
            .collect();
        rw.point = InsertPoint::Before(x.op);
        let mut changed = false;
        for (t, e, r) in triples {
            if t == e {
                if rw.ir.has_uses(r) {
                    rw.replace_all_uses_with(r, t);
                    changed = true;
                }
                continue;
            }
            let (Some(tv), Some(ev)) = (bool_const(rw, t), bool_const(rw, e)) else {
                continue;
            };
            if !rw.ir.has_uses(r) || tv == ev {
                continue;
            }
            let with = match tv {
                true => Some(x.cond),
                false => Self::negation(rw, &x, t),
            };
            if let Some(v) = with {
                rw.replace_all_uses_with(r, v);
                changed = true;
            }
        }
        changed
    }

    /// `xori cond, true`, the constant from the dialect of the yielded one.
    fn negation(rw: &mut PatternRewriter<'_>, x: &If, yielded: Value) -> Option<Value> {
        if !registered(rw, &[XORI]) {
            return None;
        }
        let def = def_op(rw, yielded)?;
        let dialect = dialect_of(rw.ctx, rw.ir.op(def).name).to_string();
        let loc = rw.ir.op(x.op).loc;
        let one = create_bool(rw, &dialect, true, loc)?;
        Some(create_value(rw, XORI, vec![x.cond, one], loc))
    }
}

/// MLIR's `MakeRegionBranchOpSuccessorInputsDead` for an if: a result both
/// branches yield the same outside value for is that value. (It runs after
/// `ReplaceIfYieldWithConditionOrValue`, which already does this, so it only
/// keeps the order of MLIR's pattern list.)
struct SameValueResults;
if_pattern!(SameValueResults, "scf-if-successor-inputs-dead", 1);

impl SameValueResults {
    fn apply(&self, rw: &mut PatternRewriter<'_>, x: If) -> bool {
        let Some(else_yield) = x.else_yield() else {
            return false;
        };
        let results = rw.ir.results(x.op).to_vec();
        let mut changed = false;
        for (k, r) in results.into_iter().enumerate() {
            let (t, e) = (rw.ir.operand(x.then_yield, k), rw.ir.operand(else_yield, k));
            if t != e || !rw.ir.has_uses(r) {
                continue;
            }
            let inside =
                value_region(rw, t).is_some_and(|vr| vr == x.then_region || vr == x.else_region);
            if !inside {
                rw.replace_all_uses_with(r, t);
                changed = true;
            }
        }
        changed
    }
}

/// MLIR's `RemoveDuplicateSuccessorInputUses` for an if: a result whose
/// yielded values match an earlier result's in both branches is that result.
struct DuplicateResults;
if_pattern!(DuplicateResults, "scf-if-duplicate-results", 1);

impl DuplicateResults {
    fn apply(&self, rw: &mut PatternRewriter<'_>, x: If) -> bool {
        let Some(else_yield) = x.else_yield() else {
            return false;
        };
        let results = rw.ir.results(x.op).to_vec();
        let then_vals = operands(rw, x.then_yield);
        let else_vals = operands(rw, else_yield);
        let mut changed = false;
        for i in 0..results.len() {
            for j in i + 1..results.len() {
                let same = then_vals[i] == then_vals[j] && else_vals[i] == else_vals[j];
                if same && rw.ir.has_uses(results[j]) {
                    rw.replace_all_uses_with(results[j], results[i]);
                    changed = true;
                }
            }
        }
        changed
    }
}

/// MLIR's `RemoveDeadRegionBranchOpSuccessorInputs` for an if: unused results
/// go with their yield operands; a new if (with the same attributes) takes
/// the regions (MLIR's `eraseOpResults`).
struct RemoveDeadResults;
if_pattern!(RemoveDeadResults, "scf-if-remove-dead-results", 1);

impl RemoveDeadResults {
    fn apply(&self, rw: &mut PatternRewriter<'_>, x: If) -> bool {
        let results = rw.ir.results(x.op).to_vec();
        let kept: Vec<usize> = (0..results.len())
            .filter(|&i| rw.ir.has_uses(results[i]))
            .collect();
        if kept.len() == results.len() {
            return false;
        }
        let yields = [Some(x.then_yield), x.else_yield()];
        for y in yields.into_iter().flatten() {
            let all = operands(rw, y);
            let left: Vec<Value> = kept.iter().filter_map(|&i| all.get(i).copied()).collect();
            rw.ir.set_operands(y, &left);
            rw.modified(y);
        }
        let d = rw.ir.op(x.op);
        let st = OperationState {
            operands: vec![x.cond],
            result_types: kept.iter().map(|&i| rw.ir.value_type(results[i])).collect(),
            properties: d.properties,
            attrs: d.attrs,
            num_regions: 2,
            ..OperationState::new(rw.ctx, IF_NAME, d.loc)
        };
        let new_if = rw.create(st);
        let &[n_then, n_else] = rw.ir.regions(new_if) else {
            return false;
        };
        inline_region_front(rw, x.then_region, n_then);
        inline_region_front(rw, x.else_region, n_else);
        let mut values = results.clone();
        for (k, &i) in kept.iter().enumerate() {
            values[i] = rw.ir.result(new_if, k);
        }
        replace_op(rw, x.op, &values);
        true
    }
}

fn populate(ctx: &mut Context, set: &mut PatternSet) {
    set.add(ctx, Box::new(SwapNegatedCondition));
    set.add(ctx, Box::new(CombineIfs));
    set.add(ctx, Box::new(CombineNestedIfs));
    set.add(ctx, Box::new(ConditionPropagation));
    set.add(ctx, Box::new(ConvertTrivialIfToSelect));
    set.add(ctx, Box::new(RemoveEmptyElseBranch));
    set.add(ctx, Box::new(RemoveStaticCondition));
    set.add(ctx, Box::new(ReplaceIfYieldWithConditionOrValue));
    // MLIR 22 drops unused results through the RegionBranchOpInterface
    // patterns (`populateRegionBranchOpInterfaceCanonicalizationPatterns`).
    set.add(ctx, Box::new(SameValueResults));
    set.add(ctx, Box::new(DuplicateResults));
    set.add(ctx, Box::new(RemoveDeadResults));
}

/// Attaches the patterns to `scf.if`'s record (`canonicalize` collects them).
pub fn attach(ctx: &mut Context) {
    ctx.attach_interface(IF.name, CanonicalizationPatterns(populate));
}
