//! `flow-form-dispatch-regions`: groups the kernel ops of each block into
//! `flow.dispatch.region`s, one placement per region (docs/architecture.md §3, issue 8).
//!
//! A matmul or reduction anchors a region; elementwise and data-movement
//! producers and consumers with the same placement and the same shape (a
//! producer's shape must be an operand type of the root, a consumer's result the
//! region's current shape) fuse into it; a data-movement op (slice,
//! broadcast, transpose, reshape, concat) also joins a region without a root
//! whatever its shape; other kernel ops form regions of their
//! own. A gather (`Class::Alone`) is a region of its own that nothing joins. Constants, `graph.dim`, transfers, `graph.if` and non-graph ops stay
//! outside. Results used outside become region results.
//!
//! First the block's index ops are resolved and hoisted (hoist.rs), so that
//! a dim a kernel op is given is computed before the groups it could join.
//!
//! Grouping is greedy in program order over units (kept ops and groups) with
//! increasing positions; every dependence goes from a lower position to a
//! higher one, so emitting the units by position is valid and every group is
//! convex. An op joins the latest unit it depends on when that is a compatible
//! group; groups nobody has used yet may merge into a later one (moving later
//! is safe). This may form more regions than an exact search, never a cycle.
//! A region holds at most [`MAX_REGION_OPS`] ops: past it a new one starts.

use rustc_hash::FxHashMap;
use xir::pass::{Pass, PassContext};
use xir::{Attr, Block, Context, DiagEngine, Diagnostic, Ir, Op, OperationState, Type, Value};

use super::classify::{class_of, Class};
use super::dims::{Derivation, DimValues};
use super::util::kernel_attrs;
use xir::util::nesting::ancestor_in;
use xir::util::union_find::{find, unit_deps};

#[derive(Default)]
pub struct FormDispatchRegions;

impl FormDispatchRegions {
    pub const ARGUMENT: &'static str = "flow-form-dispatch-regions";
    pub const SUMMARY: &'static str =
        "Fuse graph kernel ops of one placement into flow.dispatch.region ops";
}

/// The most ops one region holds: a fused chain longer than this becomes
/// several dispatches, so no kernel is so deep that a backend's compiler
/// (Cranelift, a Vulkan driver's shader compiler) runs out of stack or
/// spends seconds on it. Real fusions (im2col with its matmul, a 7x7 pool)
/// stay far below it.
pub const MAX_REGION_OPS: usize = 1024;

struct Group {
    aff: Option<Attr>,
    ops: Vec<Op>,
    /// Result type of the last op fused: what consumers must produce.
    shape: Type,
    has_root: bool,
    /// A `Class::Alone` op's group: nothing joins it.
    alone: bool,
}

enum Kind {
    Kept(Op),
    Group(Group),
    /// Merged into another unit.
    Gone,
}

struct Unit {
    kind: Kind,
    pos: u32,
    /// Another unit uses one of its values.
    used: bool,
}

/// The placement recorded by planning, if any.
pub fn placement(ctx: &Context, ir: &Ir, op: Op) -> Option<Attr> {
    ctx.dict_get(ir.op(op).attrs, "device.affinity")
}

/// Whether two types are tensors of one shape (any element types: a cast,
/// compare or select fuses with its neighbours).
fn same_shape(ctx: &Context, a: Type, b: Type) -> bool {
    a == b
        || matches!(
            (xir::util::build::tensor_shape(ctx, a), xir::util::build::tensor_shape(ctx, b)),
            (Some((x, _)), Some((y, _))) if x == y
        )
}

/// Whether `op` only moves elements (slice, broadcast, transpose, reshape,
/// concat).
fn is_movement(ctx: &Context, ir: &Ir, op: Op) -> bool {
    use xir_graph::ops as g;
    [
        &g::SLICE,
        &g::BROADCAST,
        &g::TRANSPOSE,
        &g::RESHAPE,
        &g::CONCAT,
    ]
    .iter()
    .any(|s| s.is(ctx, ir, op))
}

/// Whether `op` (placed at `aff`) may fuse with group `g`.
fn compatible(ctx: &Context, ir: &Ir, op: Op, root: bool, aff: Option<Attr>, g: &Group) -> bool {
    if g.aff != aff || g.alone {
        return false;
    }
    // Data movement joins a group without a root whatever its shape: the
    // kernel reads it through its maps (im2col's slices, unit dims and
    // concat are one pass, not one copy each).
    if !root && !g.has_root && is_movement(ctx, ir, op) {
        return true;
    }
    if root {
        !g.has_root
            && ir
                .operands(op)
                .any(|v| same_shape(ctx, ir.value_type(v), g.shape))
    } else {
        ir.results(op)
            .first()
            .is_some_and(|&r| same_shape(ctx, ir.value_type(r), g.shape))
    }
}

/// Splits the ops of `block` into units in a valid order (see the module comment).
fn group_block(ctx: &Context, ir: &Ir, block: Block) -> Vec<Unit> {
    let mut units: Vec<Unit> = Vec::new();
    let mut parent: Vec<usize> = Vec::new();
    let mut unit_of: FxHashMap<Op, usize> = FxHashMap::default();
    let mut deps: Vec<usize> = Vec::new();
    let new_unit = |units: &mut Vec<Unit>, parent: &mut Vec<usize>, kind: Kind| {
        let pos = units.len() as u32;
        units.push(Unit {
            kind,
            pos,
            used: false,
        });
        parent.push(units.len() - 1);
        units.len() - 1
    };
    for op in ir.block_ops(block).collect::<Vec<_>>() {
        unit_deps(ir, block, op, &unit_of, &mut parent, &mut deps);
        let class = class_of(ctx, ir, op);
        let single = ir.results(op).len() == 1 && ir.regions(op).is_empty();
        let mine = if class == Class::Outside || !single {
            new_unit(&mut units, &mut parent, Kind::Kept(op))
        } else if class == Class::Alone {
            let shape = ir.value_type(ir.results(op)[0]);
            new_unit(
                &mut units,
                &mut parent,
                Kind::Group(Group {
                    aff: placement(ctx, ir, op),
                    ops: vec![op],
                    shape,
                    has_root: true,
                    alone: true,
                }),
            )
        } else {
            let root = class == Class::Root;
            let aff = placement(ctx, ir, op);
            let compat = |u: &Unit| matches!(&u.kind, Kind::Group(g) if compatible(ctx, ir, op, root, aff, g));
            let has_root = |u: &Unit| matches!(&u.kind, Kind::Group(g) if g.has_root);
            let size = |u: &Unit| match &u.kind {
                Kind::Group(g) => g.ops.len(),
                _ => 0,
            };
            // Unused compatible groups merge; at most one root among them,
            // at most MAX_REGION_OPS ops in all.
            let mut merge: Vec<usize> = Vec::new();
            let mut rooted = root;
            let mut total = 1;
            for &u in &deps {
                if compat(&units[u])
                    && !units[u].used
                    && !(rooted && has_root(&units[u]))
                    && total + size(&units[u]) <= MAX_REGION_OPS
                {
                    rooted |= has_root(&units[u]);
                    total += size(&units[u]);
                    merge.push(u);
                }
            }
            let closed = deps
                .iter()
                .copied()
                .filter(|&u| compat(&units[u]) && units[u].used)
                .max_by_key(|&u| units[u].pos)
                .filter(|&g| {
                    let g_pos = units[g].pos;
                    !(rooted && has_root(&units[g]))
                        && total + size(&units[g]) <= MAX_REGION_OPS
                        && deps
                            .iter()
                            .all(|&u| u == g || merge.contains(&u) || units[u].pos <= g_pos)
                        && merge.iter().all(|&u| units[u].pos < g_pos)
                });
            let shape = ir.value_type(ir.results(op)[0]);
            let g = match closed {
                Some(g) => g,
                None => new_unit(
                    &mut units,
                    &mut parent,
                    Kind::Group(Group {
                        aff,
                        ops: Vec::new(),
                        shape,
                        has_root: false,
                        alone: false,
                    }),
                ),
            };
            for u in merge {
                if u == g {
                    continue;
                }
                let Kind::Group(other) = std::mem::replace(&mut units[u].kind, Kind::Gone) else {
                    continue;
                };
                parent[u] = g;
                if let Kind::Group(mine) = &mut units[g].kind {
                    // Smaller into larger: a long chain of merges stays O(n log n).
                    let mut ops = other.ops;
                    if ops.len() > mine.ops.len() {
                        std::mem::swap(&mut ops, &mut mine.ops);
                    }
                    mine.ops.extend(ops);
                    mine.has_root |= other.has_root;
                }
            }
            if let Kind::Group(mine) = &mut units[g].kind {
                mine.ops.push(op);
                mine.has_root |= root;
                mine.shape = shape;
            }
            g
        };
        unit_of.insert(op, mine);
        for &u in &deps {
            let u = find(&mut parent, u);
            if u != mine {
                units[u].used = true;
            }
        }
    }
    // Units are created in position order; drop the merged ones.
    units.retain(|u| !matches!(u.kind, Kind::Gone));
    units
}

/// Builds the region for `ops` (in program order) at the end of `block`; its
/// results' dynamic dims are computed before it (dims.rs). A dim no rule
/// derives is an error, and the ops then stay as they are.
fn build_region(
    ctx: &mut Context,
    ir: &mut Ir,
    block: Block,
    g: Group,
    dim_values: &mut DimValues,
) -> Result<Op, (Diagnostic, Vec<Op>)> {
    let Group { aff, ops, .. } = g;
    let members: rustc_hash::FxHashSet<Op> = ops.iter().copied().collect();
    let mut outputs: Vec<Value> = Vec::new();
    for &op in &ops {
        for &r in ir.results(op) {
            let outside = ir.uses(r).any(|u| {
                let owner = ir.use_data(u).owner;
                !ancestor_in(ir, block, owner).is_some_and(|a| members.contains(&a))
            });
            if outside {
                outputs.push(r);
            }
        }
    }
    let derivation = Derivation::new(ctx, ir, &ops, dim_values);
    let mut sources = Vec::new();
    for &v in &outputs {
        match derivation.dynamic_dims(ctx, ir, v) {
            Ok(d) => sources.extend(d),
            Err(d) => return Err((d, ops)),
        }
    }
    let loc = ir.op(ops[0]).loc;
    let properties = aff.map(|a| {
        let k = ctx.ident("affinity");
        ctx.dictionary(vec![(k, a)])
    });
    let region_op = ir.create_op(OperationState {
        name: ctx.ident("flow.dispatch.region"),
        operands: Vec::new(),
        result_types: outputs.iter().map(|&v| ir.value_type(v)).collect(),
        properties,
        attrs: ctx.empty_dict(),
        num_regions: 1,
        successors: Vec::new(),
        loc,
    });
    ir.append_op(block, region_op);
    let dims: Vec<Value> = sources
        .into_iter()
        .map(|src| dim_values.get(ctx, ir, src, region_op))
        .collect();
    ir.set_operands(region_op, &dims);
    let body = ir.create_block();
    let r = ir.regions(region_op)[0];
    ir.append_block(r, body);
    for &op in &ops {
        ir.remove_op(op);
        ir.append_op(body, op);
        // The region carries the placement; kernels are device-neutral.
        let attrs = ir.op(op).attrs;
        ir.op_mut(op).attrs = kernel_attrs(ctx, attrs);
    }
    for (k, &v) in outputs.iter().enumerate() {
        let res = ir.result(region_op, k);
        let outside: Vec<_> = ir
            .uses(v)
            .map(|u| (ir.use_data(u).owner, ir.use_data(u).index as usize))
            .filter(|&(owner, _)| ancestor_in(ir, block, owner) != Some(region_op))
            .collect();
        for (owner, i) in outside {
            ir.set_operand(owner, i, res);
        }
    }
    let ret = ir.create_op(OperationState {
        operands: outputs,
        ..OperationState::new(ctx, "flow.return", loc)
    });
    ir.append_op(body, ret);
    Ok(region_op)
}

/// Blocks of function bodies (and of region ops in them, e.g. `graph.if`
/// branches), outside flow ops.
fn candidate_blocks(ctx: &Context, ir: &Ir, module: Op) -> Vec<Block> {
    let mut out = Vec::new();
    let mut stack = vec![(module, false)];
    while let Some((op, in_func)) = stack.pop() {
        let name = ctx.str(ir.op(op).name);
        if name.starts_with("flow.") {
            continue;
        }
        let in_func = in_func || name == xir_func::FUNC.name;
        for &r in ir.regions(op) {
            for b in ir.region_blocks(r) {
                if in_func {
                    out.push(b);
                }
                stack.extend(ir.block_ops(b).map(|o| (o, in_func)));
            }
        }
    }
    out
}

/// Forms the regions of every function in `module`; returns how many, and
/// how many failed (their errors emitted to `diags`).
/// Erases, in every function, the side-effect-free ops whose results no live
/// op reads (a whole dead chain, across nested regions), so no kernel is
/// outlined or dispatched for them. Users follow their operands in preorder,
/// so one reverse walk decides liveness; ops go in the same order.
fn erase_unused(ctx: &Context, ir: &mut Ir, module: Op) -> u64 {
    let funcs: Vec<Op> = xir::walk::preorder(ir, module)
        .into_iter()
        .filter(|&o| ctx.str(ir.op(o).name) == "func.func")
        .collect();
    let mut erased = 0;
    for f in funcs {
        let ops = xir::walk::preorder(ir, f);
        let mut live: rustc_hash::FxHashSet<Op> = Default::default();
        let mut dead = Vec::new();
        for &op in ops[1..].iter().rev() {
            let keep = ir.results(op).is_empty()
                || ctx
                    .op_traits(ir.op(op).name)
                    .contains(xir::dialect::Traits::TERMINATOR)
                || !xir::rewrite::dead::is_side_effect_free(ctx, ir, op)
                || ir
                    .results(op)
                    .iter()
                    .any(|&r| ir.uses(r).any(|u| live.contains(&ir.use_data(u).owner)));
            if keep {
                live.insert(op);
            } else {
                dead.push(op);
            }
        }
        for op in dead {
            if !ir.is_erased(op) {
                ir.set_operands(op, &[]);
                ir.erase_op(op);
                erased += 1;
            }
        }
    }
    erased
}

/// What [`form`] did.
pub struct Formed {
    pub regions: u64,
    pub failed: usize,
    /// Ops erased because nothing read their results.
    pub unused: u64,
}

pub fn form(ctx: &mut Context, ir: &mut Ir, module: Op, diags: &mut DiagEngine) -> Formed {
    let (mut count, mut failed) = (0, 0);
    let unused = erase_unused(ctx, ir, module);
    for block in candidate_blocks(ctx, ir, module) {
        let mut dim_values = DimValues::default();
        super::hoist::hoist_index_ops(ctx, ir, block);
        let units = group_block(ctx, ir, block);
        if !units.iter().any(|u| matches!(u.kind, Kind::Group(_))) {
            continue;
        }
        let order: FxHashMap<Op, usize> = ir
            .block_ops(block)
            .enumerate()
            .map(|(i, o)| (o, i))
            .collect();
        for unit in units {
            match unit.kind {
                Kind::Kept(op) => {
                    ir.remove_op(op);
                    ir.append_op(block, op);
                }
                Kind::Group(mut g) => {
                    g.ops
                        .sort_by_key(|o| order.get(o).copied().unwrap_or(usize::MAX));
                    match build_region(ctx, ir, block, g, &mut dim_values) {
                        Ok(_) => count += 1,
                        Err((d, ops)) => {
                            diags.emit(d);
                            failed += 1;
                            for op in ops {
                                ir.remove_op(op);
                                ir.append_op(block, op);
                            }
                        }
                    }
                }
                Kind::Gone => {}
            }
        }
    }
    Formed {
        regions: count,
        failed,
        unused,
    }
}

impl Pass for FormDispatchRegions {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "FormDispatchRegions"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn run(&mut self, pc: &mut PassContext<'_>, module: Op) -> Result<(), ()> {
        super::util::refuse_hal_level(pc.ctx, pc.ir, module, self.argument(), pc.diags)?;
        let f = form(pc.ctx, pc.ir, module, pc.diags);
        pc.add_statistic(
            "num-regions",
            "Number of dispatch regions formed",
            f.regions,
        );
        pc.add_statistic("num-unused", "Number of unused ops erased", f.unused);
        if f.failed > 0 {
            return Err(());
        }
        if f.regions == 0 && f.unused == 0 {
            pc.preserve_all();
        }
        Ok(())
    }
}
