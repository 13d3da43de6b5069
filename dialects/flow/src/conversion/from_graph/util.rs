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

/// The wrong-level diagnostic of the graph → flow passes, before they touch
/// anything: a module that already holds `hal.executable`s is past the graph
/// level (their kernel bodies are graph ops, not a program to outline).
#[allow(clippy::result_unit_err)]
pub fn refuse_hal_level(
    ctx: &Context,
    ir: &Ir,
    module: Op,
    pass: &str,
    diags: &mut xir::DiagEngine,
) -> Result<(), ()> {
    let Some(b) = ir.regions(module).first().and_then(|&r| ir.entry_block(r)) else {
        return Ok(());
    };
    let Some(exe) = ir
        .block_ops(b)
        .find(|&o| ctx.str(ir.op(o).name) == "hal.executable")
    else {
        return Ok(());
    };
    diags.emit(xir::Diagnostic::error(
        ir.op(exe).loc,
        format!(
            "{pass}: the module is already at the hal level (it holds 'hal.executable'); graph -> flow runs on graph-level modules"
        ),
    ));
    Err(())
}
