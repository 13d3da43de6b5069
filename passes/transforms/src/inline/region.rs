//! Inlining one call (MLIR's `inlineCall` with the func dialect's inliner
//! hooks): the caller's block is split after the call, the callee's blocks
//! (copied, or moved when this was the callee's last use) go in between,
//! their locations become `callsite(loc at call-loc)`, and then either the
//! single block is merged back (its `func.return` operands replace the call's
//! results), or each `func.return` becomes a `cf.br` to the continuation
//! block, whose new arguments replace the results. The callee's entry block
//! is merged into the caller's block in both cases.

use rustc_hash::FxHashMap;
use xir::attributes::Location;
use xir::clone::{clone_op, Mapping};
use xir::pass::PassContext;
use xir::symbol::op_attr;
use xir::{Attr, AttrKind, Block, Context, Ir, Op, OperationState, Region};

/// Whether the callee's body may be inlined at `call` (MLIR's legality hooks:
/// every op must belong to a dialect, as must the op around the call; the
/// func dialect refuses `no_inline` calls and functions). Checked before any
/// change, so a refusal leaves the IR as it was.
fn legal(ctx: &Context, ir: &Ir, call: Op, callee: Op, src: Region, n_results: usize) -> bool {
    if op_attr(ctx, ir, call, "no_inline").is_some()
        || op_attr(ctx, ir, callee, "no_inline").is_some()
    {
        return false;
    }
    let Some(parent) = ir.parent_op(call) else {
        return false;
    };
    if !ctx.is_registered_op(ir.op(parent).name) {
        return false;
    }
    let blocks: Vec<Block> = ir.region_blocks(src).collect();
    for &b in &blocks {
        for op in ir.block_ops(b) {
            if xir::walk::preorder(ir, op)
                .into_iter()
                .any(|o| !ctx.is_registered_op(ir.op(o).name))
            {
                return false;
            }
        }
        // Every block ends in a terminator; each `func.return` carries the
        // results (what the verifier guarantees, checked so that a broken
        // input cannot become a broken caller).
        let Some(t) = ir.last_op(b) else {
            return false;
        };
        if xir_func::RETURN.is(ctx, ir, t) {
            if ir.num_operands(t) != n_results {
                return false;
            }
        } else if blocks.len() == 1 {
            return false;
        }
    }
    // Several blocks are joined with `cf.br`, which must be known.
    blocks.len() == 1
        || ctx
            .find_ident("cf.br")
            .is_some_and(|n| ctx.registry.op_def(n).is_some())
}

/// MLIR's `stackLocations`: `loc` called from `caller`, appended at the end of
/// an existing call-site chain.
fn stack_locations(ctx: &mut Context, loc: Attr, caller: Attr) -> Attr {
    let mut chain = Vec::new();
    let mut last = loc;
    while let AttrKind::Location(Location::CallSite { callee, caller }) = ctx.attr_kind(last) {
        chain.push(*callee);
        last = *caller;
    }
    let mut cur = ctx.intern_attr(AttrKind::Location(Location::CallSite {
        callee: last,
        caller,
    }));
    for callee in chain.into_iter().rev() {
        cur = ctx.intern_attr(AttrKind::Location(Location::CallSite {
            callee,
            caller: cur,
        }));
    }
    cur
}

/// Every op and block argument location in `blocks` (nested ones included)
/// becomes a call site of `caller`.
fn remap_locations(ctx: &mut Context, ir: &mut Ir, blocks: &[Block], caller: Attr) {
    // Each distinct location is stacked once.
    let mut cache: FxHashMap<Attr, Attr> = FxHashMap::default();
    let mut remap = |ctx: &mut Context, l: Attr| -> Attr {
        *cache
            .entry(l)
            .or_insert_with(|| stack_locations(ctx, l, caller))
    };
    let mut work: Vec<Block> = blocks.to_vec();
    while let Some(b) = work.pop() {
        for a in ir.block_args(b).to_vec() {
            if let Some(l) = ir.value(a).loc {
                let n = remap(ctx, l);
                ir.set_value_loc(a, n);
            }
        }
        let ops: Vec<Op> = ir.block_ops(b).collect();
        for o in ops {
            let l = ir.op(o).loc;
            ir.op_mut(o).loc = remap(ctx, l);
            for &r in ir.regions(o) {
                work.extend(ir.region_blocks(r));
            }
        }
    }
}

/// Moves the ops of `from` to the end of `to`.
fn move_ops(ir: &mut Ir, from: Block, to: Block) {
    let ops: Vec<Op> = ir.block_ops(from).collect();
    for o in ops {
        ir.remove_op(o);
        ir.append_op(to, o);
    }
}

/// Puts `new` (detached blocks) right after `after`, in order.
fn insert_blocks_after(ir: &mut Ir, after: Block, new: &[Block]) {
    let mut at = after;
    for &b in new {
        ir.insert_block_after(at, b);
        at = b;
    }
}

/// Inlines `callee` at `call`, the callee's blocks moved (`in_place`) or
/// copied. `inlined` sees the ops of the new blocks once they are in the
/// caller (and the region they went to), before their terminators are
/// rewritten (MLIR's `processInlinedBlocks`). On success the call is left in
/// place with no uses, for the caller to erase; `false` changes nothing.
pub fn inline_call(
    pc: &mut PassContext<'_>,
    call: Op,
    callee: Op,
    in_place: bool,
    inlined: impl FnOnce(&PassContext<'_>, Region, Vec<Vec<Op>>),
) -> bool {
    let (ctx, ir) = (&*pc.ctx, &*pc.ir);
    let Some(&src) = ir.regions(callee).first() else {
        return false;
    };
    let Some(entry) = ir.entry_block(src) else {
        return false;
    };
    let Some((_, result_types)) = xir_func::signature(ctx, ir, callee) else {
        return false;
    };
    let operands: Vec<_> = ir.operands(call).collect();
    let results = ir.results(call).to_vec();
    let args = ir.block_args(entry);
    if operands.len() != args.len() || results.len() != result_types.len() {
        return false;
    }
    // The func dialect materializes no conversions: types must match.
    if operands
        .iter()
        .zip(args)
        .any(|(&o, &a)| ir.value_type(o) != ir.value_type(a))
        || results
            .iter()
            .zip(&result_types)
            .any(|(&r, &t)| ir.value_type(r) != t)
    {
        return false;
    }
    if !legal(ctx, ir, call, callee, src, results.len()) {
        return false;
    }
    let Some(inline_block) = ir.parent_block(call) else {
        return false;
    };
    let Some(region) = ir.block_parent(inline_block) else {
        return false;
    };
    let call_loc = ir.op(call).loc;
    let ir = &mut *pc.ir;

    // The callee's blocks, detached, their entry arguments replaced by the
    // call's operands.
    let (blocks, shell) = if in_place {
        (ir.region_blocks(src).collect::<Vec<_>>(), None)
    } else {
        let copy = clone_op(ir, callee, &mut Mapping::default());
        let r = ir.regions(copy).first().copied();
        let blocks = r.map(|r| ir.region_blocks(r).collect()).unwrap_or_default();
        (blocks, Some(copy))
    };
    for &b in &blocks {
        ir.remove_block(b);
    }
    if let Some(s) = shell {
        ir.erase_op(s);
    }
    let Some(&new_entry) = blocks.first() else {
        return false;
    };
    for (a, o) in ir.block_args(new_entry).to_vec().into_iter().zip(operands) {
        ir.replace_all_uses(a, o);
    }

    if !matches!(
        pc.ctx.attr_kind(call_loc),
        AttrKind::Location(Location::Unknown)
    ) {
        remap_locations(pc.ctx, pc.ir, &blocks, call_loc);
    }
    let ir = &mut *pc.ir;
    if blocks.len() == 1 {
        // The return's operands are the call's results; the body goes where
        // the call is. (MLIR splits the block and merges it back: the same
        // result, without moving the ops after the call.)
        if let Some(ret) = ir.last_op(new_entry) {
            let vals: Vec<_> = ir.operands(ret).collect();
            for (r, v) in results.iter().zip(vals) {
                ir.replace_all_uses(*r, v);
            }
            ir.erase_op(ret);
        }
        let ops: Vec<Op> = ir.block_ops(new_entry).collect();
        for &o in &ops {
            ir.remove_op(o);
            ir.insert_op_before(call, o);
        }
        inlined(pc, region, vec![ops]);
        return true;
    }

    // Split the caller's block after the call; the callee's blocks go in
    // between.
    let post = ir.create_block();
    while let Some(o) = ir.next_op(call) {
        ir.remove_op(o);
        ir.append_op(post, o);
    }
    let mut placed = blocks.clone();
    placed.push(post);
    insert_blocks_after(ir, inline_block, &placed);
    let lists = blocks.iter().map(|&b| ir.block_ops(b).collect()).collect();
    inlined(pc, region, lists);
    let (ctx, ir) = (&mut *pc.ctx, &mut *pc.ir);
    // The continuation block takes the results as arguments, located at the
    // call; every return branches there.
    for (&r, &t) in results.iter().zip(&result_types) {
        let a = ir.add_block_arg(post, t, Some(call_loc));
        ir.replace_all_uses(r, a);
    }
    for &b in &blocks {
        let Some(ret) = ir.last_op(b) else { continue };
        if !xir_func::RETURN.is(ctx, ir, ret) {
            continue;
        }
        let st = OperationState {
            operands: ir.operands(ret).collect(),
            successors: vec![post],
            ..OperationState::new(ctx, "cf.br", ir.op(ret).loc)
        };
        let br = ir.create_op(st);
        ir.insert_op_before(ret, br);
        ir.erase_op(ret);
    }
    // The callee's entry block joins the caller's block.
    move_ops(ir, new_entry, inline_block);
    ir.remove_block(new_entry);
    true
}
