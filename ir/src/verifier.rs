//! The structural verifier: traits (terminators, single blocks, region arguments),
//! successors, symbol tables, each registered op's own verifier, then SSA dominance.
//! As MLIR's: each isolated-from-above op is a unit verified on its own (ops and
//! blocks checked on entry and on exit of a depth-first walk) that stops at its
//! first error; a unit fails when one nested in it does. Iterative over nesting
//! within a unit.

use crate::context::Context;
use crate::diag::Diagnostic;
use crate::dialect::Traits;
use crate::dominance::DominanceInfo;
use crate::entity::{Block, Op, Region};
use crate::store::Ir;
use rustc_hash::FxHashMap;

#[derive(Copy, Clone, Debug, Default)]
pub struct VerifyOptions {
    /// Attach MLIR's `see current operation: ...` note (generic form) to errors
    /// reported on an op; mlir-opt does so except under `--verify-diagnostics`.
    pub print_op_on_diagnostic: bool,
}

/// Parses `buf` as the tools take a file (an implicit top-level module) and
/// verifies what parsed: the top op when no diagnostic is an error, and
/// every diagnostic, in order.
pub fn parse_verified(
    ctx: &mut Context,
    ir: &mut Ir,
    buf: &crate::diag::SourceBuffer,
) -> (Option<Op>, Vec<Diagnostic>) {
    let mut diags = crate::diag::DiagEngine::default();
    let opts = crate::parser::ParseOptions {
        implicit_module: true,
        module_line_col: (0, 0),
    };
    let top = crate::parser::parse_buffer(ctx, ir, buf, &opts, &mut diags);
    let mut produced = diags.take();
    if let Some(top) = top {
        produced.extend(verify(ctx, ir, top));
    }
    let failed = produced
        .iter()
        .any(|d| d.severity == crate::diag::Severity::Error);
    (top.filter(|_| !failed), produced)
}

/// Verifies `root` and everything nested in it.
pub fn verify(ctx: &Context, ir: &Ir, root: Op) -> Vec<Diagnostic> {
    verify_with(ctx, ir, root, VerifyOptions::default())
}

pub fn verify_with(ctx: &Context, ir: &Ir, root: Op, opts: VerifyOptions) -> Vec<Diagnostic> {
    let mut failures: Vec<Failure> = Vec::new();
    let ok = crate::symbol::with_symbol_cache(|| verify_unit(ctx, ir, root, &opts, &mut failures));
    // Dominance once the whole tree is well formed (dominator trees of malformed
    // CFGs are not meaningful), unit by unit as MLIR reports it.
    if ok {
        let dom = DominanceInfo::new(ctx, ir, root);
        dominance_unit(ctx, ir, root, &dom, &mut failures);
    }
    failures
        .into_iter()
        .map(|(mut d, op)| {
            if let (Some(op), true) = (op, opts.print_op_on_diagnostic) {
                d.notes.insert(0, current_op_note(ctx, ir, op));
            }
            d
        })
        .collect()
}

/// MLIR's `see current operation: ...` note: the op in generic form, on a line of
/// its own when it spans several.
pub fn current_op_note(ctx: &Context, ir: &Ir, op: Op) -> Diagnostic {
    Diagnostic {
        severity: crate::diag::Severity::Note,
        loc: ir.op(op).loc,
        message: format!("see current operation: {}", op_in_diagnostic(ctx, ir, op)),
        notes: Vec::new(),
        labels: Vec::new(),
    }
}

/// An op streamed into an error message, as MLIR does: generic form numbered in its
/// isolated scope, on a line of its own when it spans several.
fn op_in_diagnostic(ctx: &Context, ir: &Ir, op: Op) -> String {
    let popts = crate::printer::PrintOptions {
        generic: true,
        debuginfo: ctx.diag_debuginfo,
        ..Default::default()
    };
    let text = crate::printer::op_to_string_in_scope(ctx, ir, op, &popts);
    let sep = if text.contains('\n') { "\n" } else { "" };
    format!("{sep}{text}")
}

/// A verification error and the op it is reported on (for the op note).
type Failure = (Diagnostic, Option<Op>);

fn op_error(ctx: &Context, ir: &Ir, op: Op, msg: impl std::fmt::Display) -> Failure {
    let d = ir.op(op);
    (
        Diagnostic::error(d.loc, format!("'{}' op {}", ctx.str(d.name), msg)),
        Some(op),
    )
}

fn at(op: Op) -> impl FnOnce(Diagnostic) -> Failure {
    move |d| (d, Some(op))
}

/// Ops without a definition (unregistered, or unknown ops of an open dialect such
/// as `test`) may be terminators and may hold graph regions.
fn might_be_terminator(ctx: &Context, ir: &Ir, op: Op) -> bool {
    let name = ir.op(op).name;
    ctx.registry.op_def(name).is_none() || ctx.op_traits(name).contains(Traits::TERMINATOR)
}

/// As in MLIR: only the single block of a region whose op is unregistered or has no
/// terminator may end without one; a block among several always needs a terminator.
fn may_be_valid_without_terminator(ctx: &Context, ir: &Ir, b: Block) -> bool {
    let Some(r) = ir.block_parent(b) else {
        return true;
    };
    if ir.region_blocks(r).nth(1).is_some() {
        return false;
    }
    match ir.block_parent_op(b) {
        Some(p) => {
            let name = ir.op(p).name;
            ctx.registry.op_def(name).is_none()
                || ctx.op_traits(name).contains(Traits::NO_TERMINATOR)
        }
        None => true,
    }
}

/// The isolated-from-above ops directly in `op`'s regions (verified as units of
/// their own, as MLIR does).
fn isolated_children(ctx: &Context, ir: &Ir, op: Op) -> Vec<Op> {
    let mut out = Vec::new();
    for &r in ir.regions(op) {
        for b in ir.region_blocks(r) {
            out.extend(ir.block_ops(b).filter(|&o| is_isolated_unit(ctx, ir, o)));
        }
    }
    out
}

fn is_isolated_unit(ctx: &Context, ir: &Ir, op: Op) -> bool {
    !ir.regions(op).is_empty()
        && ctx
            .op_traits(ir.op(op).name)
            .contains(Traits::ISOLATED_FROM_ABOVE)
}

/// Verifies the children units of `op`: each stops at its first error, and all
/// of them are verified (as mlir-opt does, with or without threads). Whether all
/// succeeded.
fn verify_children_units(
    ctx: &Context,
    ir: &Ir,
    op: Op,
    opts: &VerifyOptions,
    failures: &mut Vec<Failure>,
) -> bool {
    let children = isolated_children(ctx, ir, op);
    if children.len() < PARALLEL_UNITS {
        let mut ok = true;
        for child in children {
            if !verify_unit(ctx, ir, child, opts, failures) {
                ok = false;
            }
        }
        return ok;
    }
    // Units are independent (MLIR verifies them on its thread pool too); their
    // failures are kept in unit order, so the output does not depend on
    // scheduling. A few chunks per thread, each with its own symbol cache
    // (a cache per unit would index the tables once per unit).
    use rayon::prelude::*;
    let chunk = children
        .len()
        .div_ceil(2 * rayon::current_num_threads())
        .max(1);
    let results: Vec<Vec<(bool, Vec<Failure>)>> = children
        .par_chunks(chunk)
        .map(|units| {
            crate::symbol::with_symbol_cache(|| {
                units
                    .iter()
                    .map(|&child| {
                        let mut found = Vec::new();
                        let ok = verify_unit(ctx, ir, child, opts, &mut found);
                        (ok, found)
                    })
                    .collect()
            })
        })
        .collect();
    let mut ok = true;
    for (unit_ok, found) in results.into_iter().flatten() {
        ok &= unit_ok;
        failures.extend(found);
    }
    ok
}

/// From how many sibling units verification runs them in parallel.
const PARALLEL_UNITS: usize = 4;

enum Item {
    Op(Op),
    Block(Block),
}

/// MLIR's `verifyOperation` of one unit: a depth-first walk of `unit` without the
/// isolated ops nested in it (verified when their parent is exited). Ops and
/// blocks are checked on entry and on exit. Stops at the unit's first error.
fn verify_unit(
    ctx: &Context,
    ir: &Ir,
    unit: Op,
    opts: &VerifyOptions,
    failures: &mut Vec<Failure>,
) -> bool {
    // (item, exiting)
    let mut stack: Vec<(Item, bool)> = vec![(Item::Op(unit), false)];
    while let Some((item, exiting)) = stack.pop() {
        let result = match (&item, exiting) {
            (Item::Op(op), false) => {
                let r = verify_op_entry(ctx, ir, *op);
                if r.is_ok() {
                    stack.push((Item::Op(*op), true));
                    for &reg in ir.regions(*op).iter().rev() {
                        let blocks: Vec<Block> = ir.region_blocks(reg).collect();
                        for &b in blocks.iter().rev() {
                            stack.push((Item::Block(b), false));
                        }
                    }
                }
                r
            }
            (Item::Block(b), false) => {
                let r = verify_block_entry(ctx, ir, *b);
                if r.is_ok() {
                    stack.push((Item::Block(*b), true));
                    // Pushed last to first, so they pop in order.
                    let mut o = ir.last_op(*b);
                    while let Some(x) = o {
                        if !is_isolated_unit(ctx, ir, x) {
                            stack.push((Item::Op(x), false));
                        }
                        o = ir.prev_op(x);
                    }
                }
                r
            }
            (Item::Block(b), true) => verify_block_exit(ctx, ir, *b),
            (Item::Op(op), true) => {
                if !ir.regions(*op).is_empty()
                    && !verify_children_units(ctx, ir, *op, opts, failures)
                {
                    return false;
                }
                verify_op_exit(ctx, ir, *op)
            }
        };
        if let Err(f) = result {
            failures.push(f);
            return false;
        }
    }
    true
}

/// Dominance of `unit`'s regions (not of the isolated units nested in it, each
/// checked first and on its own). Whether it holds.
fn dominance_unit(
    ctx: &Context,
    ir: &Ir,
    unit: Op,
    dom: &DominanceInfo,
    failures: &mut Vec<Failure>,
) -> bool {
    let mut ok = true;
    let mut stack = vec![unit];
    let mut children = Vec::new();
    while let Some(op) = stack.pop() {
        for &r in ir.regions(op).iter() {
            for b in ir.region_blocks(r) {
                for child in ir.block_ops(b) {
                    if is_isolated_unit(ctx, ir, child) {
                        children.push(child);
                    } else if !ir.regions(child).is_empty() {
                        stack.push(child);
                    }
                }
            }
        }
    }
    for c in children {
        if !dominance_unit(ctx, ir, c, dom, failures) {
            ok = false;
        }
    }
    if !ok {
        return false;
    }
    let mut stack = vec![unit];
    while let Some(op) = stack.pop() {
        for &r in ir.regions(op).iter().rev() {
            for b in ir.region_blocks(r) {
                let reachable = dom.is_reachable(b);
                for child in ir.block_ops(b) {
                    if reachable {
                        for (i, v) in ir.operands(child).enumerate() {
                            if !dom.properly_dominates(ir, v, child) {
                                failures.push(at(child)(dom.operand_error(ctx, ir, child, i)));
                                return false;
                            }
                        }
                    }
                    if !ir.regions(child).is_empty() && !is_isolated_unit(ctx, ir, child) {
                        stack.push(child);
                    }
                }
            }
        }
    }
    true
}

/// An op on entry (MLIR's `verifyOnEntrance`): its dialect attributes, its own
/// invariants (traits, then its verifier), then its regions' entry blocks.
fn verify_op_entry(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Failure> {
    let data = ir.op(op);
    let def = ctx.registry.op_def(data.name);
    let traits = ctx.op_traits(data.name);
    verify_dialect_attrs(ctx, ir, op).map_err(at(op))?;
    if let Some(def) = def {
        if traits.contains(Traits::TERMINATOR) {
            if let Some(b) = ir.parent_block(op) {
                if ir.last_op(b) != Some(op) {
                    return Err(op_error(
                        ctx,
                        ir,
                        op,
                        "must be the last operation in the parent block",
                    ));
                }
            }
        }
        let regions = ir.regions(op);
        for (i, &r) in regions.iter().enumerate() {
            let nblocks = ir.region_blocks(r).count();
            let which = if regions.len() == 1 {
                String::new()
            } else {
                format!(" #{i}")
            };
            if (traits.contains(Traits::SINGLE_BLOCK) || traits.contains(Traits::GRAPH_REGION))
                && nblocks > 1
            {
                return Err(op_error(
                    ctx,
                    ir,
                    op,
                    format!("expects region #{i} to have 0 or 1 blocks"),
                ));
            }
            if traits.contains(Traits::NO_REGION_ARGUMENTS) {
                if let Some(entry) = ir.entry_block(r) {
                    if !ir.block_args(entry).is_empty() {
                        return Err(op_error(
                            ctx,
                            ir,
                            op,
                            format!("region{which} should have no arguments"),
                        ));
                    }
                }
            }
        }
        if let Some(f) = def.verify {
            f(ctx, ir, op).map_err(at(op))?;
        }
    }
    for &r in ir.regions(op) {
        if let Some(entry) = ir.entry_block(r) {
            if has_predecessor(ir, r, entry) {
                return Err((
                    Diagnostic::error(data.loc, "entry block of region may not have predecessors"),
                    None,
                ));
            }
        }
    }
    Ok(())
}

/// An op on exit, after everything in it (MLIR's `verifyOnExit`): region
/// invariants (isolation, symbol tables), then whether its dialect allows an
/// unregistered op.
fn verify_op_exit(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Failure> {
    let data = ir.op(op);
    let def = ctx.registry.op_def(data.name);
    let traits = ctx.op_traits(data.name);
    if def.is_some() {
        if traits.contains(Traits::ISOLATED_FROM_ABOVE) {
            verify_isolated(ctx, ir, op)?;
        }
        if traits.contains(Traits::SYMBOL_TABLE) {
            verify_symbol_table(ctx, ir, op)?;
        }
        return Ok(());
    }
    let full = ctx.str(data.name);
    let dialect = full.split('.').next().unwrap_or("");
    if ctx.registry.dialect(dialect).is_some_and(|d| !d.open) {
        return Err(at(op)(Diagnostic::error(
            data.loc,
            format!(
                "unregistered operation '{full}' found in dialect ('{dialect}') that does not allow unknown operations"
            ),
        )));
    }
    Ok(())
}

/// Discardable attributes named `dialect.x` go to their dialect's verifier.
fn verify_dialect_attrs(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let hooks = &ctx.registry.attr_verifiers;
    if hooks.is_empty() {
        return Ok(());
    }
    let check = |k: crate::Ident, v: crate::Attr| -> Result<(), Diagnostic> {
        // On bytes: this runs for every attribute of every op.
        let name = ctx.bytes(k);
        let Some(dot) = name.iter().position(|&c| c == b'.') else {
            return Ok(());
        };
        if let Some(f) = std::str::from_utf8(&name[..dot])
            .ok()
            .and_then(|d| hooks.get(d))
        {
            f(ctx, ir, op, k, v)?;
        }
        Ok(())
    };
    for &(k, v) in ctx.dict_entries(ir.op(op).attrs) {
        check(k, v)?;
    }
    // Argument and result attributes of function-like ops (MLIR's
    // verifyRegionArgAttribute / verifyRegionResultAttribute), reported at the op.
    // Only ops with regions have them: the lookups stay off the common path.
    if ir.regions(op).is_empty() {
        return Ok(());
    }
    for key in ["arg_attrs", "res_attrs"] {
        let Some(list) = crate::symbol::op_attr(ctx, ir, op, key) else {
            continue;
        };
        if let crate::AttrKind::Array(dicts) = ctx.attr_kind(list) {
            for &d in dicts {
                if let crate::AttrKind::Dictionary(entries) = ctx.attr_kind(d) {
                    for &(k, v) in entries {
                        check(k, v)?;
                    }
                }
            }
        }
    }
    Ok(())
}

/// No op nested in `iso` (outside nested isolated ops, which check themselves) uses a
/// value defined outside `iso`.
fn verify_isolated(ctx: &Context, ir: &Ir, iso: Op) -> Result<(), Failure> {
    let mut stack: Vec<Op> = Vec::new();
    for &r in ir.regions(iso) {
        for b in ir.region_blocks(r) {
            stack.extend(ir.block_ops(b));
        }
    }
    while let Some(op) = stack.pop() {
        for v in ir.operands(op) {
            if !defined_inside(ir, v, iso) {
                let (d, at_op) = op_error(ctx, ir, op, "using value defined outside the region");
                let d = d.with_note(ir.op(iso).loc, "required by region isolation constraints");
                return Err((d, at_op));
            }
        }
        if !ctx
            .op_traits(ir.op(op).name)
            .contains(Traits::ISOLATED_FROM_ABOVE)
        {
            for &r in ir.regions(op) {
                for b in ir.region_blocks(r) {
                    stack.extend(ir.block_ops(b));
                }
            }
        }
    }
    Ok(())
}

/// Whether the definition of `v` is nested inside `op`.
fn defined_inside(ir: &Ir, v: crate::entity::Value, op: Op) -> bool {
    let block = match ir.value(v).def {
        crate::store::ValueDef::Result { op: d, .. } => ir.parent_block(d),
        crate::store::ValueDef::BlockArg { block, .. } => Some(block),
        crate::store::ValueDef::Placeholder => None,
    };
    let mut owner = block.and_then(|b| ir.block_parent_op(b));
    while let Some(o) = owner {
        if o == op {
            return true;
        }
        owner = ir.parent_op(o);
    }
    false
}

fn has_predecessor(ir: &Ir, r: Region, target: Block) -> bool {
    ir.region_blocks(r).any(|b| {
        ir.last_op(b)
            .is_some_and(|t| ir.successors(t).contains(&target))
    })
}

/// A block on entry: a terminator unless its op allows none, and successors only
/// on the last op.
fn verify_block_entry(ctx: &Context, ir: &Ir, b: Block) -> Result<(), Failure> {
    let Some(last) = ir.last_op(b) else {
        if may_be_valid_without_terminator(ctx, ir, b) {
            return Ok(());
        }
        let loc = ir
            .block_parent_op(b)
            .map(|p| ir.op(p).loc)
            .unwrap_or(ctx.unknown_loc());
        return Err((
            Diagnostic::error(loc, "empty block: expect at least a terminator"),
            None,
        ));
    };
    for op in ir.block_ops(b) {
        if !ir.successors(op).is_empty() && op != last {
            return Err(at(op)(Diagnostic::error(
                ir.op(op).loc,
                "operation with block successors must terminate its parent block",
            )));
        }
    }
    Ok(())
}

/// A block on exit, after its ops: successors in its own region, and the
/// terminator.
fn verify_block_exit(ctx: &Context, ir: &Ir, b: Block) -> Result<(), Failure> {
    let Some(last) = ir.last_op(b) else {
        return Ok(());
    };
    let region = ir.block_parent(b);
    for &s in ir.successors(last) {
        if ir.block_parent(s) != region {
            return Err(op_error(
                ctx,
                ir,
                last,
                "branching to block of a different region",
            ));
        }
    }
    if may_be_valid_without_terminator(ctx, ir, b) || might_be_terminator(ctx, ir, last) {
        return Ok(());
    }
    Err(at(last)(Diagnostic::error(
        ir.op(last).loc,
        format!(
            "block with no terminator, has {}",
            op_in_diagnostic(ctx, ir, last)
        ),
    )))
}

fn verify_symbol_table(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Failure> {
    let mut seen: FxHashMap<&[u8], Op> = FxHashMap::default();
    for &r in ir.regions(op) {
        for b in ir.region_blocks(r) {
            for child in ir.block_ops(b) {
                let Some(name) = crate::symbol::symbol_name(ctx, ir, child) else {
                    continue;
                };
                if let Some(prev) = seen.insert(name, child) {
                    let msg = format!(
                        "redefinition of symbol named '{}'",
                        String::from_utf8_lossy(name)
                    );
                    return Err(at(child)(
                        Diagnostic::error(ir.op(child).loc, msg)
                            .with_note(ir.op(prev).loc, "see existing symbol definition here"),
                    ));
                }
            }
        }
    }
    Ok(())
}
