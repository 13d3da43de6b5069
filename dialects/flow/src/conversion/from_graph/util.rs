//! Small IR queries shared by the graph → flow passes (the generic ones are
//! in `xir::util`).

use xir::{Attr, Context, Ir, Op};

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
