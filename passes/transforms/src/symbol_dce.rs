//! `symbol-dce`: erases the symbols nothing live references, as MLIR's SymbolDCE
//! computes liveness: from the non-private symbols and the non-symbol ops of each
//! symbol table, through every reference (nested ones such as
//! `@outer::@inner` keep both alive), into nested symbol tables. A dead
//! function's references keep nothing alive.

use rustc_hash::FxHashSet;
use xir::dialect::Traits;
use xir::pass::{Pass, PassContext};
use xir::symbol::{lookup_symbol_in, visibility, Visibility};
use xir::{Attr, AttrKind, Context, Diagnostic, Ir, Op};

#[derive(Default)]
pub struct SymbolDce;

impl SymbolDce {
    pub const ARGUMENT: &'static str = "symbol-dce";
    pub const SUMMARY: &'static str = "Eliminate dead symbols";
}

/// Every symbol reference in `a` (nested attributes included), with its path.
pub fn symbol_refs(ctx: &Context, a: Attr, out: &mut Vec<Attr>) {
    let mut stack = vec![a];
    while let Some(a) = stack.pop() {
        match ctx.attr_kind(a) {
            AttrKind::SymbolRef { .. } => out.push(a),
            AttrKind::Array(v) => stack.extend(v.iter().copied()),
            AttrKind::Dictionary(v) => stack.extend(v.iter().map(|e| e.1)),
            AttrKind::Dialect { params, .. } => stack.extend(params.iter().copied()),
            AttrKind::Distinct { payload, .. } => stack.push(*payload),
            _ => {}
        }
    }
}

fn is_symbol_table(ctx: &Context, ir: &Ir, op: Op) -> bool {
    ctx.op_traits(ir.op(op).name).contains(Traits::SYMBOL_TABLE)
}

/// Whether `op` is a symbol as MLIR's `SymbolOpInterface` sees it: a registered
/// symbol op, or a module (an optional symbol).
fn is_symbol(ctx: &Context, ir: &Ir, op: Op) -> bool {
    let name = ir.op(op).name;
    ctx.op_traits(name).contains(Traits::SYMBOL) || ctx.str(name) == "builtin.module"
}

/// The symbol uses held by `op` and the ops nested in it, not looking inside
/// nested symbol tables. `Err`: `op` or an op in it has one region and no
/// registered definition, so it might be a symbol table nobody can see into.
fn symbol_uses(ctx: &Context, ir: &Ir, op: Op) -> Result<Vec<Attr>, Op> {
    Ok(symbol_uses_with_users(ctx, ir, op)?
        .into_iter()
        .map(|u| u.0)
        .collect())
}

/// [`symbol_uses`], each reference with the op that holds it (MLIR's
/// `SymbolTable::getSymbolUses`), in walk order.
pub fn symbol_uses_with_users(ctx: &Context, ir: &Ir, op: Op) -> Result<Vec<(Attr, Op)>, Op> {
    let mut out = Vec::new();
    let mut refs = Vec::new();
    let mut stack = vec![op];
    while let Some(o) = stack.pop() {
        if ir.regions(o).len() == 1 && ctx.registry.op_def(ir.op(o).name).is_none() {
            return Err(o);
        }
        let d = ir.op(o);
        refs.clear();
        if let Some(p) = d.properties {
            symbol_refs(ctx, p, &mut refs);
        }
        symbol_refs(ctx, d.attrs, &mut refs);
        out.extend(refs.iter().map(|&a| (a, o)));
        if o != op && is_symbol_table(ctx, ir, o) {
            continue;
        }
        let start = stack.len();
        for &r in ir.regions(o) {
            for b in ir.region_blocks(r) {
                stack.extend(ir.block_ops(b));
            }
        }
        stack[start..].reverse();
    }
    Ok(out)
}

/// The symbols a reference names, outermost first (`@a::@b`: `@a`, then `@b`
/// inside it), looked up from the symbol table `table`; `None` if any is missing.
fn resolve(ctx: &Context, ir: &Ir, table: Op, sym: Attr) -> Option<Vec<Op>> {
    let AttrKind::SymbolRef { root, nested } = ctx.attr_kind(sym) else {
        return None;
    };
    let mut cur = lookup_symbol_in(ctx, ir, table, ctx.bytes(*root))?;
    let mut out = vec![cur];
    for n in nested {
        if !is_symbol_table(ctx, ir, cur) {
            return None;
        }
        cur = lookup_symbol_in(ctx, ir, cur, ctx.bytes(*n))?;
        out.push(cur);
    }
    Some(out)
}

/// MLIR's liveness of the symbols in `table` (into `live`): every public symbol
/// (and nested one, unless the table is `hidden`), and every op that is no symbol,
/// is a root; what a live op references
/// (nested references resolve through nested symbol tables, marking each symbol on
/// the way) is live; nested symbol tables are computed the same way.
fn compute_liveness(
    ctx: &Context,
    ir: &Ir,
    table: Op,
    hidden: bool,
    live: &mut FxHashSet<Op>,
) -> Result<(), (Diagnostic, Op)> {
    let mut worklist: Vec<Op> = Vec::new();
    if let Some(&r) = ir.regions(table).first() {
        for b in ir.region_blocks(r) {
            for op in ir.block_ops(b) {
                if !is_symbol(ctx, ir, op) {
                    worklist.push(op);
                    continue;
                }
                // A private symbol, or a nested one in a table nobody outside
                // can see, may go when nothing uses it.
                let vis = visibility(ctx, ir, op);
                let discardable =
                    (hidden || vis == Visibility::Private) && vis != Visibility::Public;
                if !discardable && live.insert(op) {
                    worklist.push(op);
                }
            }
        }
    }
    while let Some(op) = worklist.pop() {
        if is_symbol_table(ctx, ir, op) {
            let inner_hidden =
                hidden || !is_symbol(ctx, ir, op) || visibility(ctx, ir, op) == Visibility::Private;
            compute_liveness(ctx, ir, op, inner_hidden, live)?;
        } else {
            // Ops with regions below are considered for themselves too.
            for &r in ir.regions(op) {
                for b in ir.region_blocks(r) {
                    worklist.extend(ir.block_ops(b).filter(|&o| !ir.regions(o).is_empty()));
                }
            }
        }
        let Some(parent) = ir.parent_op(op).filter(|&p| is_symbol_table(ctx, ir, p)) else {
            continue;
        };
        let uses = symbol_uses(ctx, ir, op).map_err(|_| {
            let d = Diagnostic::error(
                ir.op(op).loc,
                "operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses",
            );
            (d, op)
        })?;
        for sym in uses {
            // References to unknown symbols are ignored.
            for s in resolve(ctx, ir, parent, sym).unwrap_or_default() {
                if live.insert(s) {
                    worklist.push(s);
                }
            }
        }
    }
    Ok(())
}

/// Erases the symbols of `table` and of the symbol tables nested in it that
/// nothing live references (see `compute_liveness`); returns how many.
/// Fails with a diagnostic and the op it is about.
pub fn erase_dead_symbols(ctx: &Context, ir: &mut Ir, table: Op) -> Result<u64, (Diagnostic, Op)> {
    let mut live = FxHashSet::default();
    // The root's symbols are hidden unless it is itself a visible symbol nested in
    // something else.
    let hidden = ir.parent_op(table).is_none()
        || !is_symbol(ctx, ir, table)
        || visibility(ctx, ir, table) == Visibility::Private;
    xir::symbol::with_symbol_cache(|| compute_liveness(ctx, ir, table, hidden, &mut live))?;
    let mut dead: Vec<Op> = Vec::new();
    for t in xir::walk::preorder(ir, table) {
        if !is_symbol_table(ctx, ir, t) {
            continue;
        }
        let Some(&r) = ir.regions(t).first() else {
            continue;
        };
        for b in ir.region_blocks(r) {
            dead.extend(
                ir.block_ops(b)
                    .filter(|&o| is_symbol(ctx, ir, o) && !live.contains(&o)),
            );
        }
    }
    // An op inside one already erased goes with it.
    let doomed: FxHashSet<Op> = dead.iter().copied().collect();
    let mut erased = 0;
    for &o in &dead {
        let mut p = ir.parent_op(o);
        let mut inside_dead = false;
        while let Some(q) = p {
            if doomed.contains(&q) {
                inside_dead = true;
                break;
            }
            p = ir.parent_op(q);
        }
        if !inside_dead {
            ir.erase_op(o);
        }
        erased += 1;
    }
    Ok(erased)
}

/// What the inliner uses after inlining: [`erase_dead_symbols`], nothing erased
/// when liveness cannot be computed.
pub fn erase_dead_private_symbols(ctx: &Context, ir: &mut Ir, table: Op) -> u64 {
    erase_dead_symbols(ctx, ir, table).unwrap_or(0)
}

impl Pass for SymbolDce {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "SymbolDCE"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn required_traits(&self) -> xir::dialect::Traits {
        xir::dialect::Traits::SYMBOL_TABLE
    }
    fn missing_traits_message(&self, op_name: &str) -> String {
        format!("'{op_name}' op  was scheduled to run under SymbolDCE, but does not define a symbol table")
    }
    fn run(&mut self, pc: &mut PassContext<'_>, op: Op) -> Result<(), ()> {
        let n = match erase_dead_symbols(pc.ctx, pc.ir, op) {
            Ok(n) => n,
            Err((d, at)) => {
                let d = pc.op_error(d, at);
                pc.diags.emit(d);
                return Err(());
            }
        };
        if n == 0 {
            pc.preserve_all();
        }
        pc.add_statistic("num-dce'd", "Number of symbols DCE'd", n);
        Ok(())
    }
}
