//! Before grouping (form_regions.rs): a `graph.dim` of a value that a kernel
//! op computes becomes the same dim of the earliest value that holds it,
//! following the ops' dim rules (a copy of an operand's dim, or a dim the op
//! is given), and pure index ops (`graph.dim`, `arith` ops on `index`) move
//! up to just after their operands, as MLIR hoists them; reads of one dim
//! of one value become one op. Region formation
//! only pulls earlier groups, so a dim computed after a group closed that
//! group to its users: with dynamic shapes a decomposed layer norm or
//! softmax became several dispatches where static shapes gave one.
//!
//! An op left without uses by this (a transpose whose only user was a
//! `graph.dim` that now reads its input) is erased when it has no side
//! effects, and so are its operands' ops that it leaves unused: they would
//! be dispatches nobody reads. Other unused ops stay as they are.

use xir::store::ValueDef;
use xir::types::TypeKind;
use xir::{AttrKind, Block, Context, Ir, Op, OperationState, Value};
use xir_graph::dims::{rule, DimRule};
use xir_graph::ops::{DIM, EXTRACT};

/// Resolves and hoists the index ops of `block` (see the module comment),
/// in one pass: an op hoisted after `a` joins the run of ops hoisted after
/// `a` so far, so ops keep their order and the pass stays linear.
pub fn hoist_index_ops(ctx: &mut Context, ir: &mut Ir, block: Block) {
    let mut hoist = Hoist::default();
    for (pos, op) in ir
        .block_ops(block)
        .collect::<Vec<_>>()
        .into_iter()
        .enumerate()
    {
        let op = if DIM.is(ctx, ir, op) {
            hoist.left.extend(def(ir, ir.operand(op, 0)));
            let Some(op) = resolve_dim(ctx, ir, op) else {
                continue;
            };
            // One op per dim read: the first, hoisted right after the value
            // it reads, is before every later user in the block.
            let key = (
                ir.operand(op, 0),
                xir::symbol::op_attr(ctx, ir, op, "index"),
            );
            let result = ir.results(op)[0];
            if let Some(&first) = hoist.dims.get(&key) {
                ir.replace_all_uses(result, first);
                ir.erase_op(op);
                continue;
            }
            hoist.dims.insert(key, result);
            op
        } else {
            op
        };
        if is_index_op(ctx, ir, op) {
            hoist.move_up(ir, block, op);
        } else {
            hoist.key.insert(op, (pos as i64, 0));
        }
    }
    // Ops whose results a resolved `graph.dim` stopped reading: erased when
    // that left them unused (their operands' ops then checked in turn).
    let mut stack = std::mem::take(&mut hoist.left);
    let mut erased = rustc_hash::FxHashSet::default();
    while let Some(d) = stack.pop() {
        if erased.contains(&d)
            || ir.parent_block(d) != Some(block)
            || !xir::rewrite::dead::is_trivially_dead(ctx, ir, d)
        {
            continue;
        }
        stack.extend(ir.operands(d).filter_map(|v| def(ir, v)));
        ir.erase_op(d);
        erased.insert(d);
    }
}

/// Where ops are: a kept op at (its position, 0); a hoisted one at (its
/// anchor's position, or -1 for the top, and a count that grows).
#[derive(Default)]
struct Hoist {
    key: rustc_hash::FxHashMap<Op, (i64, u64)>,
    /// The last op hoisted after each anchor (`None`: the block's top).
    tail: rustc_hash::FxHashMap<Option<Op>, Op>,
    /// The kept op each hoisted op follows.
    anchor: rustc_hash::FxHashMap<Op, Option<Op>>,
    count: u64,
    /// The ops whose results `graph.dim` ops read before they were resolved.
    left: Vec<Op>,
    /// The result of the `graph.dim` kept for each (value, dim).
    dims: rustc_hash::FxHashMap<(Value, Option<xir::Attr>), Value>,
}

impl Hoist {
    /// Moves `op` to just after the last op of `block` that defines one of
    /// its operands (to the top when none does).
    fn move_up(&mut self, ir: &mut Ir, block: Block, op: Op) {
        let mut latest: Option<(Op, (i64, u64))> = None;
        for v in ir.operands(op).collect::<Vec<_>>() {
            // The op in `block` that holds the definition (it may sit in a
            // region of an op of the block).
            let Some(d) = def(ir, v).and_then(|d| xir::util::nesting::ancestor_in(ir, block, d))
            else {
                continue;
            };
            let Some(&k) = self.key.get(&d) else { continue };
            if latest.is_none_or(|(_, l)| k > l) {
                latest = Some((d, k));
            }
        }
        let anchor = match latest {
            None => None,
            Some((d, _)) => match self.anchor.get(&d) {
                Some(&a) => a,
                None => Some(d),
            },
        };
        let after = self.tail.get(&anchor).copied().or(anchor);
        self.count += 1;
        let pos = anchor.and_then(|a| self.key.get(&a)).map_or(-1, |k| k.0);
        self.key.insert(op, (pos, self.count));
        self.anchor.insert(op, anchor);
        self.tail.insert(anchor, op);
        if after == Some(op) {
            return;
        }
        ir.remove_op(op);
        match after {
            Some(a) => ir.insert_op_after(a, op),
            None => ir.prepend_op(block, op),
        }
    }
}

fn def(ir: &Ir, v: Value) -> Option<Op> {
    match ir.value(v).def {
        ValueDef::Result { op, .. } => Some(op),
        _ => None,
    }
}

/// The dim `graph.dim` `op` reads, through the dim rules of the ops that
/// computed its operand: the op that reads it now (a new one when it moved
/// to another value), or `None` when its uses took a given `index` instead.
fn resolve_dim(ctx: &mut Context, ir: &mut Ir, op: Op) -> Option<Op> {
    let start = ir.operand(op, 0);
    let Some(AttrKind::Integer { value, .. }) =
        xir::symbol::op_attr(ctx, ir, op, "index").map(|a| ctx.attr_kind(a))
    else {
        return Some(op);
    };
    let Ok(start_k) = usize::try_from(value) else {
        return Some(op);
    };
    let (mut v, mut k) = (start, start_k);
    // Only the graph ops' own rules: a trailing `index` operand of another
    // op (a call's argument) is no dim it is given.
    while let Some(d) = def(ir, v).filter(|&d| {
        ctx.op_interface::<xir_graph::dims::ResultDims>(ir.op(d).name)
            .is_some()
    }) {
        match rule(ctx, ir, d, k) {
            DimRule::Copy(o, j) if o < ir.num_operands(d) => {
                v = ir.operand(d, o);
                k = j;
            }
            DimRule::Operand(o) if o < ir.num_operands(d) => {
                let given = ir.operand(d, o);
                let result = ir.results(op)[0];
                ir.replace_all_uses(result, given);
                ir.erase_op(op);
                return None;
            }
            _ => break,
        }
    }
    if (v, k) == (start, start_k) {
        return Some(op);
    }
    let i64t = ctx.integer_type(64, xir::types::Signedness::Signless);
    let index = ctx.intern_attr(AttrKind::Integer {
        ty: i64t,
        value: (k as i64).into(),
    });
    let key = ctx.ident("index");
    let properties = Some(ctx.dictionary(vec![(key, index)]));
    let d = ir.op(op);
    let (name, attrs, loc) = (d.name, d.attrs, d.loc);
    let result_ty = ir.value_type(ir.results(op)[0]);
    let new = ir.create_op(OperationState {
        name,
        operands: vec![v],
        result_types: vec![result_ty],
        properties,
        attrs,
        num_regions: 0,
        successors: Vec::new(),
        loc,
    });
    ir.insert_op_before(op, new);
    let (old, now) = (ir.results(op)[0], ir.results(new)[0]);
    ir.replace_all_uses(old, now);
    ir.erase_op(op);
    Some(new)
}

/// `graph.dim`, `graph.extract` (hoisted like a dim: the sizes it gives then
/// reach the ops that read them before later groups close), or an `arith` op
/// whose results are all `index` (sizes and their arithmetic: pure, and cheap
/// to compute anywhere).
fn is_index_op(ctx: &Context, ir: &Ir, op: Op) -> bool {
    if !ir.regions(op).is_empty() || ir.results(op).is_empty() {
        return false;
    }
    DIM.is(ctx, ir, op)
        || EXTRACT.is(ctx, ir, op)
        || (ctx.str(ir.op(op).name).starts_with("arith.")
            && ir
                .results(op)
                .iter()
                .all(|&r| matches!(ctx.type_kind(ir.value_type(r)), TypeKind::Index)))
}
