//! The canonicalization patterns of the cf ops, as MLIR 22's
//! `getCanonicalizationPatterns` and `canonicalize` methods define them, in
//! MLIR's order (the greedy driver tries equal benefits in insertion order):
//! - `cf.br`: merge into a successor only it enters; skip a block that only
//!   branches on;
//! - `cf.cond_br`: a constant condition; pass-through successors; identical
//!   successors (with `arith.select`s for differing operands when this block
//!   is their only predecessor); a branch on the condition its single
//!   predecessor branched on; the condition known true or false in a
//!   successor entered only from here;
//! - `cf.switch`: only a default; cases equal to the default; a constant flag;
//!   pass-through successors; a switch on the flag its single predecessor
//!   switched on (from a case, or from the default);
//! - `cf.assert` on a constant true is erased.

use crate::branch::{case_segments, case_values, i32_array};
use crate::ops::{ASSERT_NAME, BR_NAME, COND_BR_NAME, SWITCH_NAME};
use xir::branch::{forwarded, predecessors, single_predecessor, unique_predecessor};
use xir::ods::access::segment_attr;
use xir::rewrite::fold::value_constant;
use xir::rewrite::{CanonicalizationPatterns, PatternRewriter, PatternSet, RewritePattern};
use xir::{Attr, Block, Context, Op, OperationState, TypeKind, Value};
use xir_arith::fold::{int::Int, int_attr, int_of};

type Rewrite = fn(&mut PatternRewriter<'_>, Op) -> bool;

/// A pattern that is one function.
struct FnPattern {
    name: &'static str,
    root: &'static str,
    f: Rewrite,
}

impl RewritePattern for FnPattern {
    fn name(&self) -> &'static str {
        self.name
    }
    fn root(&self) -> Option<&'static str> {
        Some(self.root)
    }
    fn match_and_rewrite(&self, rw: &mut PatternRewriter<'_>, op: Op) -> bool {
        (self.f)(rw, op)
    }
}

fn add(
    ctx: &mut Context,
    set: &mut PatternSet,
    root: &'static str,
    list: &[(&'static str, Rewrite)],
) {
    for &(name, f) in list {
        set.add(ctx, Box::new(FnPattern { name, root, f }));
    }
}

type Populate = fn(&mut Context, &mut PatternSet);

/// Attaches each op's patterns to its record.
pub fn attach(ctx: &mut Context) {
    let list: [(&str, Populate); 4] = [
        (BR_NAME, |ctx, set| add(ctx, set, BR_NAME, &[("cf-br", br)])),
        (COND_BR_NAME, |ctx, set| {
            add(
                ctx,
                set,
                COND_BR_NAME,
                &[
                    ("cf-cond-br-const", cond_br_const),
                    ("cf-cond-br-pass-through", cond_br_pass_through),
                    ("cf-cond-br-identical-successors", cond_br_identical),
                    ("cf-cond-br-same-condition", cond_br_same_condition),
                    ("cf-cond-br-truth-propagation", cond_br_truth),
                ],
            )
        }),
        (SWITCH_NAME, |ctx, set| {
            add(
                ctx,
                set,
                SWITCH_NAME,
                &[
                    ("cf-switch-only-default", switch_only_default),
                    ("cf-switch-drop-default-cases", switch_drop_default_cases),
                    ("cf-switch-const", switch_const),
                    ("cf-switch-pass-through", switch_pass_through),
                    ("cf-switch-from-case", switch_from_case),
                    ("cf-switch-from-default", switch_from_default),
                ],
            )
        }),
        (ASSERT_NAME, |ctx, set| {
            add(ctx, set, ASSERT_NAME, &[("cf-assert-true", assert_true)])
        }),
    ];
    for (name, populate) in list {
        ctx.attach_interface(name, CanonicalizationPatterns(populate));
    }
}

// ---- building ----

fn state(rw: &mut PatternRewriter<'_>, name: &str, loc: Attr) -> OperationState {
    OperationState::new(rw.ctx, name, loc)
}

fn new_br(rw: &mut PatternRewriter<'_>, dest: Block, vals: Vec<Value>, loc: Attr) -> Op {
    let st = OperationState {
        operands: vals,
        successors: vec![dest],
        ..state(rw, BR_NAME, loc)
    };
    rw.create(st)
}

struct Dest {
    block: Block,
    vals: Vec<Value>,
}

fn new_cond_br(
    rw: &mut PatternRewriter<'_>,
    cond: Value,
    t: Dest,
    f: Dest,
    weights: Option<Attr>,
    loc: Attr,
) -> Op {
    let seg = segment_attr(rw.ctx, &[1, t.vals.len(), f.vals.len()]);
    let mut props = vec![(rw.ctx.ident("operandSegmentSizes"), seg)];
    if let Some(w) = weights {
        props.push((rw.ctx.ident("branch_weights"), w));
    }
    let props = rw.ctx.dictionary(props);
    let mut operands = vec![cond];
    operands.extend(t.vals);
    operands.extend(f.vals);
    let st = OperationState {
        operands,
        successors: vec![t.block, f.block],
        properties: Some(props),
        ..state(rw, COND_BR_NAME, loc)
    };
    rw.create(st)
}

/// A switch like MLIR's builder from case values: no `case_values` when
/// there are no cases.
fn new_switch(
    rw: &mut PatternRewriter<'_>,
    flag: Value,
    default: Dest,
    cases: Vec<(Int, Dest)>,
    loc: Attr,
) -> Op {
    let ft = rw.ir.value_type(flag);
    let seg: Vec<usize> = cases.iter().map(|(_, d)| d.vals.len()).collect();
    let case_ops: usize = seg.iter().sum();
    let segs = i32_array(rw.ctx, &seg);
    let sizes = segment_attr(rw.ctx, &[1, default.vals.len(), case_ops]);
    let mut props = vec![
        (rw.ctx.ident("case_operand_segments"), segs),
        (rw.ctx.ident("operandSegmentSizes"), sizes),
    ];
    if !cases.is_empty() {
        let vty = rw.ctx.intern_type(TypeKind::Vector {
            shape: vec![cases.len() as i64],
            scalable: vec![false],
            element: ft,
        });
        let elems: Vec<_> = cases
            .iter()
            .map(|(v, _)| xir_arith::fold::elements::Scalar::Int(v.clone()))
            .collect();
        if let Some(a) = xir_arith::fold::elements::dense_attr(rw.ctx, vty, &elems) {
            props.push((rw.ctx.ident("case_values"), a));
        }
    }
    let props = rw.ctx.dictionary(props);
    let mut operands = vec![flag];
    operands.extend(default.vals);
    let mut successors = vec![default.block];
    for (_, d) in cases {
        operands.extend(d.vals);
        successors.push(d.block);
    }
    let st = OperationState {
        operands,
        successors,
        properties: Some(props),
        ..state(rw, SWITCH_NAME, loc)
    };
    rw.create(st)
}

/// Replaces the terminator `op` by the one `build` creates before it.
fn replace(
    rw: &mut PatternRewriter<'_>,
    op: Op,
    build: impl FnOnce(&mut PatternRewriter<'_>, Attr) -> Op,
) -> bool {
    let loc = rw.ir.op(op).loc;
    build(rw, loc);
    rw.erase_op(op);
    true
}

fn dest(rw: &PatternRewriter<'_>, op: Op, i: usize) -> Option<Dest> {
    let block = *rw.ir.successors(op).get(i)?;
    let vals = forwarded(rw.ctx, rw.ir, op, i)?;
    Some(Dest { block, vals })
}

fn const_int(rw: &PatternRewriter<'_>, v: Value) -> Option<Int> {
    let a = value_constant(rw.ctx, rw.ir, v)?;
    int_of(rw.ctx, a)
}

/// MLIR's `mergeBlocks`: `src`'s arguments become `args`, its ops move to the
/// end of `dest` (each announced as inserted), and `src` is erased.
fn merge_blocks(rw: &mut PatternRewriter<'_>, src: Block, dest: Block, args: &[Value]) {
    let params = rw.ir.block_args(src).to_vec();
    for (&p, &a) in params.iter().zip(args) {
        rw.replace_all_uses_with(p, a);
    }
    let ops: Vec<Op> = rw.ir.block_ops(src).collect();
    for o in ops {
        rw.ir.remove_op(o);
        rw.ir.append_op(dest, o);
        rw.listener.inserted(rw.ir, o);
    }
    rw.ir.remove_block(src);
}

/// MLIR's `collapseBranch`: when `d.block` holds only a `cf.br` elsewhere whose
/// arguments are used by nothing else, `d` skips it (arguments remapped).
fn collapse(rw: &PatternRewriter<'_>, d: &mut Dest) -> bool {
    let ir = &*rw.ir;
    let Some(t) = ir.first_op(d.block) else {
        return false;
    };
    if ir.last_op(d.block) != Some(t) || rw.ctx.str(ir.op(t).name) != BR_NAME {
        return false;
    }
    let args = ir.block_args(d.block);
    for &a in args {
        if ir.uses(a).any(|u| ir.use_data(u).owner != t) {
            return false;
        }
    }
    let Some(&next) = ir.successors(t).first() else {
        return false;
    };
    if next == d.block || on_br_cycle(rw, d.block, next) {
        return false;
    }
    let vals: Vec<Value> = ir
        .operands(t)
        .map(|v| match args.iter().position(|&a| a == v) {
            Some(k) => d.vals.get(k).copied().unwrap_or(v),
            None => v,
        })
        .collect();
    d.block = next;
    d.vals = vals;
    true
}

/// Whether the chain of `cf.br` terminators from `next` comes back to a block
/// already seen (collapsing would then go round forever).
fn on_br_cycle(rw: &PatternRewriter<'_>, from: Block, next: Block) -> bool {
    let mut seen = vec![from, next];
    let mut at = next;
    loop {
        let Some(t) = rw.ir.last_op(at) else {
            return false;
        };
        if rw.ctx.str(rw.ir.op(t).name) != BR_NAME {
            return false;
        }
        let Some(&d) = rw.ir.successors(t).first() else {
            return false;
        };
        if seen.contains(&d) {
            return true;
        }
        seen.push(d);
        at = d;
    }
}

// ---- cf.br ----

fn br(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    br_into_single_pred(rw, op) || br_pass_through(rw, op)
}

fn br_into_single_pred(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    let (Some(d), Some(here)) = (dest(rw, op, 0), rw.ir.parent_block(op)) else {
        return false;
    };
    if d.block == here || predecessors(rw.ir, d.block).len() != 1 {
        return false;
    }
    rw.erase_op(op);
    merge_blocks(rw, d.block, here, &d.vals);
    true
}

fn br_pass_through(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    let (Some(mut d), Some(here)) = (dest(rw, op, 0), rw.ir.parent_block(op)) else {
        return false;
    };
    if d.block == here || !collapse(rw, &mut d) {
        return false;
    }
    replace(rw, op, |rw, loc| new_br(rw, d.block, d.vals, loc))
}

// ---- cf.cond_br ----

fn weights(rw: &PatternRewriter<'_>, op: Op) -> Option<Attr> {
    xir::symbol::op_attr(rw.ctx, rw.ir, op, "branch_weights")
}

fn cond_br_const(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    let Some(c) = const_int(rw, rw.ir.operand(op, 0)) else {
        return false;
    };
    let Some(d) = dest(rw, op, if c.is_zero() { 1 } else { 0 }) else {
        return false;
    };
    replace(rw, op, |rw, loc| new_br(rw, d.block, d.vals, loc))
}

fn cond_br_pass_through(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    let (Some(mut t), Some(mut f)) = (dest(rw, op, 0), dest(rw, op, 1)) else {
        return false;
    };
    let ct = collapse(rw, &mut t);
    let cf = collapse(rw, &mut f);
    if !ct && !cf {
        return false;
    }
    let (cond, w) = (rw.ir.operand(op, 0), weights(rw, op));
    replace(rw, op, |rw, loc| new_cond_br(rw, cond, t, f, w, loc))
}

fn cond_br_identical(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    let (Some(t), Some(f)) = (dest(rw, op, 0), dest(rw, op, 1)) else {
        return false;
    };
    if t.block != f.block {
        return false;
    }
    if t.vals == f.vals {
        return replace(rw, op, |rw, loc| new_br(rw, t.block, t.vals, loc));
    }
    if unique_predecessor(rw.ir, t.block) != rw.ir.parent_block(op) {
        return false;
    }
    let cond = rw.ir.operand(op, 0);
    let loc = rw.ir.op(op).loc;
    let mut merged = Vec::with_capacity(t.vals.len());
    for (&a, &b) in t.vals.iter().zip(&f.vals) {
        if a == b {
            merged.push(a);
            continue;
        }
        let ty = rw.ir.value_type(a);
        let st = OperationState {
            operands: vec![cond, a, b],
            result_types: vec![ty],
            ..state(rw, "arith.select", loc)
        };
        let s = rw.create(st);
        merged.push(rw.ir.result(s, 0));
    }
    replace(rw, op, |rw, loc| new_br(rw, t.block, merged, loc))
}

fn cond_br_same_condition(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    let Some(here) = rw.ir.parent_block(op) else {
        return false;
    };
    let Some(pred) = single_predecessor(rw.ir, here) else {
        return false;
    };
    let Some(pt) = rw.ir.last_op(pred) else {
        return false;
    };
    if rw.ctx.str(rw.ir.op(pt).name) != COND_BR_NAME || rw.ir.operand(pt, 0) != rw.ir.operand(op, 0)
    {
        return false;
    }
    let taken = if rw.ir.successors(pt).first() == Some(&here) {
        0
    } else {
        1
    };
    let Some(d) = dest(rw, op, taken) else {
        return false;
    };
    replace(rw, op, |rw, loc| new_br(rw, d.block, d.vals, loc))
}

fn cond_br_truth(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    let cond = rw.ir.operand(op, 0);
    let succ = rw.ir.successors(op).to_vec();
    let loc = rw.ir.op(op).loc;
    let mut replaced = false;
    for (k, truth) in [(0usize, true), (1, false)] {
        let Some(&b) = succ.get(k) else { continue };
        if single_predecessor(rw.ir, b).is_none() {
            continue;
        }
        let users: Vec<(Op, usize)> = rw
            .ir
            .uses(cond)
            .map(|u| {
                let d = rw.ir.use_data(u);
                (d.owner, d.index as usize)
            })
            .filter(|&(o, _)| rw.ir.parent_block(o) == Some(b))
            .collect();
        if users.is_empty() {
            continue;
        }
        let i1 = rw.ctx.i1();
        let value = int_attr(rw.ctx, i1, &Int::new(truth as u128, 1));
        let attr = rw.ctx.ident("value");
        let props = rw.ctx.dictionary(vec![(attr, value)]);
        let st = OperationState {
            result_types: vec![i1],
            properties: Some(props),
            ..state(rw, "arith.constant", loc)
        };
        let c = rw.create(st);
        let cv = rw.ir.result(c, 0);
        for (o, i) in users {
            rw.set_operand(o, i, cv);
        }
        replaced = true;
    }
    replaced
}

// ---- cf.switch ----

/// The cases of a switch: (value, destination).
fn cases(rw: &PatternRewriter<'_>, op: Op) -> Vec<(Int, Dest)> {
    let values = case_values(rw.ctx, rw.ir, op);
    let n = case_segments(rw.ctx, rw.ir, op).len().min(values.len());
    values
        .into_iter()
        .take(n)
        .enumerate()
        .filter_map(|(k, v)| Some((v, dest(rw, op, k + 1)?)))
        .collect()
}

fn switch_only_default(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    if rw.ir.successors(op).len() != 1 {
        return false;
    }
    let Some(d) = dest(rw, op, 0) else {
        return false;
    };
    replace(rw, op, |rw, loc| new_br(rw, d.block, d.vals, loc))
}

fn switch_drop_default_cases(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    let Some(d) = dest(rw, op, 0) else {
        return false;
    };
    let all = cases(rw, op);
    let n = all.len();
    let kept: Vec<(Int, Dest)> = all
        .into_iter()
        .filter(|(_, c)| !(c.block == d.block && c.vals == d.vals))
        .collect();
    if kept.len() == n {
        return false;
    }
    let flag = rw.ir.operand(op, 0);
    replace(rw, op, |rw, loc| new_switch(rw, flag, d, kept, loc))
}

/// MLIR's `foldSwitch`: a branch to the case of `value`, or to the default.
fn fold_switch(rw: &mut PatternRewriter<'_>, op: Op, value: &Int) -> bool {
    let target = cases(rw, op)
        .into_iter()
        .find(|(v, _)| v.ucmp(value).is_eq())
        .map(|(_, d)| d)
        .or_else(|| dest(rw, op, 0));
    let Some(d) = target else {
        return false;
    };
    replace(rw, op, |rw, loc| new_br(rw, d.block, d.vals, loc))
}

fn switch_const(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    match const_int(rw, rw.ir.operand(op, 0)) {
        Some(v) => fold_switch(rw, op, &v),
        None => false,
    }
}

fn switch_pass_through(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    let Some(mut d) = dest(rw, op, 0) else {
        return false;
    };
    let mut all = cases(rw, op);
    let mut changed = false;
    for (_, c) in all.iter_mut() {
        changed |= collapse(rw, c);
    }
    changed |= collapse(rw, &mut d);
    if !changed {
        return false;
    }
    let flag = rw.ir.operand(op, 0);
    replace(rw, op, |rw, loc| new_switch(rw, flag, d, all, loc))
}

/// The switch that ends this block's single predecessor, on the same flag.
fn pred_switch(rw: &PatternRewriter<'_>, op: Op) -> Option<(Op, Block)> {
    let here = rw.ir.parent_block(op)?;
    let pred = single_predecessor(rw.ir, here)?;
    let ps = rw.ir.last_op(pred)?;
    (rw.ctx.str(rw.ir.op(ps).name) == SWITCH_NAME && rw.ir.operand(ps, 0) == rw.ir.operand(op, 0))
        .then_some((ps, here))
}

fn switch_from_case(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    let Some((ps, here)) = pred_switch(rw, op) else {
        return false;
    };
    let succ = rw.ir.successors(ps).to_vec();
    if succ.first() == Some(&here) {
        return false;
    }
    match succ.iter().skip(1).position(|&b| b == here) {
        Some(k) => match case_values(rw.ctx, rw.ir, ps).get(k) {
            Some(v) => {
                let v = v.clone();
                fold_switch(rw, op, &v)
            }
            None => false,
        },
        None => match dest(rw, op, 0) {
            Some(d) => replace(rw, op, |rw, loc| new_br(rw, d.block, d.vals, loc)),
            None => false,
        },
    }
}

fn switch_from_default(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    let Some((ps, here)) = pred_switch(rw, op) else {
        return false;
    };
    let succ = rw.ir.successors(ps).to_vec();
    if succ.first() != Some(&here) {
        return false;
    }
    let impossible: Vec<Int> = case_values(rw.ctx, rw.ir, ps)
        .into_iter()
        .zip(succ.iter().skip(1))
        .filter(|(_, &b)| b != here)
        .map(|(v, _)| v)
        .collect();
    let all = cases(rw, op);
    let n = all.len();
    let kept: Vec<(Int, Dest)> = all
        .into_iter()
        .filter(|(v, _)| !impossible.iter().any(|x| x.ucmp(v).is_eq()))
        .collect();
    if kept.len() == n {
        return false;
    }
    let (Some(d), flag) = (dest(rw, op, 0), rw.ir.operand(op, 0)) else {
        return false;
    };
    replace(rw, op, |rw, loc| new_switch(rw, flag, d, kept, loc))
}

// ---- cf.assert ----

fn assert_true(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    match const_int(rw, rw.ir.operand(op, 0)) {
        Some(c) if c.is_one() => {
            rw.erase_op(op);
            true
        }
        _ => false,
    }
}
