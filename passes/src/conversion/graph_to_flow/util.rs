//! Small IR queries shared by the graph → flow passes.

use rustc_hash::FxHashMap;
use xir::{Attr, Block, Context, Ir, Op, Value, ValueDef};

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

/// Discardable attributes of an op moved into a kernel, without placement
/// (`device.affinity`) and memory planning (`memory.*`): kernels are
/// device-neutral, and equal kernels must compare equal to be shared.
pub fn kernel_attrs(ctx: &mut Context, attrs: Attr) -> Attr {
    let kept: Vec<_> = ctx
        .dict_entries(attrs)
        .iter()
        .copied()
        .filter(|&(k, _)| {
            let k = ctx.str(k);
            k != "device.affinity" && !k.starts_with("memory.")
        })
        .collect();
    if kept.len() == ctx.dict_entries(attrs).len() {
        return attrs;
    }
    ctx.dictionary(kept)
}

/// The root of `u` in a union-find forest (path halving).
pub fn find(parent: &mut [usize], mut u: usize) -> usize {
    while parent[u] != u {
        parent[u] = parent[parent[u]];
        u = parent[u];
    }
    u
}

/// Sets `deps` to the units (roots in `parent`) of the ops in `block` whose values
/// `op` (directly in `block`) or its nested ops use; `unit_of` maps the ops seen so
/// far to their units.
pub fn unit_deps(
    ir: &Ir,
    block: Block,
    op: Op,
    unit_of: &FxHashMap<Op, usize>,
    parent: &mut [usize],
    deps: &mut Vec<usize>,
) {
    deps.clear();
    for inner in xir::walk::preorder(ir, op) {
        for v in ir.operands(inner) {
            let Some(d) = def_in(ir, block, v) else {
                continue;
            };
            if d == op {
                continue;
            }
            if let Some(&u) = unit_of.get(&d) {
                let u = find(parent, u);
                if !deps.contains(&u) {
                    deps.push(u);
                }
            }
        }
    }
}

/// The ops named `name` in `root`, in pre-order, not looking inside ops named in
/// `skip` (kernels).
pub fn ops_named_outside(ctx: &Context, ir: &Ir, root: Op, name: &str, skip: &[&str]) -> Vec<Op> {
    let Some(name) = ctx.find_ident(name) else {
        return Vec::new();
    };
    let skip: Vec<_> = skip.iter().filter_map(|s| ctx.find_ident(s)).collect();
    let mut found = Vec::new();
    let mut stack = vec![root];
    while let Some(op) = stack.pop() {
        let n = ir.op(op).name;
        if skip.contains(&n) {
            continue;
        }
        if n == name {
            found.push(op);
        }
        let start = stack.len();
        for &r in ir.regions(op) {
            for b in ir.region_blocks(r) {
                stack.extend(ir.block_ops(b));
            }
        }
        stack[start..].reverse();
    }
    found
}
