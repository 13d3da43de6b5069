//! `symbol-dce`: erases private symbols that nothing references, repeatedly (a
//! dead function's references do not keep other symbols alive).

use rustc_hash::FxHashSet;
use xir::dialect::Traits;
use xir::pass::{Pass, PassContext};
use xir::symbol::{symbol_name, visibility, Visibility};
use xir::{Attr, AttrKind, Context, Ir, Op};

#[derive(Default)]
pub struct SymbolDce;

impl SymbolDce {
    pub const ARGUMENT: &'static str = "symbol-dce";
    pub const SUMMARY: &'static str = "Eliminate dead symbols";
}

/// The root names of every symbol reference in `a` (nested attributes included).
pub fn symbol_refs(ctx: &Context, a: Attr, out: &mut FxHashSet<Vec<u8>>) {
    let mut stack = vec![a];
    while let Some(a) = stack.pop() {
        match ctx.attr_kind(a) {
            AttrKind::SymbolRef { root, .. } => {
                out.insert(ctx.bytes(*root).to_vec());
            }
            AttrKind::Array(v) => stack.extend(v.iter().copied()),
            AttrKind::Dictionary(v) => stack.extend(v.iter().map(|e| e.1)),
            _ => {}
        }
    }
}

/// Names referenced by any op under `root` other than the ops in `skip`.
pub fn referenced(ctx: &Context, ir: &Ir, root: Op, skip: &FxHashSet<Op>) -> FxHashSet<Vec<u8>> {
    let mut out = FxHashSet::default();
    let mut stack = vec![root];
    while let Some(op) = stack.pop() {
        if skip.contains(&op) {
            continue;
        }
        let d = ir.op(op);
        if let Some(p) = d.properties {
            symbol_refs(ctx, p, &mut out);
        }
        symbol_refs(ctx, d.attrs, &mut out);
        for &r in ir.regions(op) {
            for b in ir.region_blocks(r) {
                stack.extend(ir.block_ops(b));
            }
        }
    }
    out
}

/// Erases unreferenced private symbols directly in the symbol table `table`.
pub fn erase_dead_private_symbols(ctx: &Context, ir: &mut Ir, table: Op) -> u64 {
    let mut erased = 0;
    let Some(&r) = ir.regions(table).first() else {
        return 0;
    };
    loop {
        let mut dead_set = FxHashSet::default();
        let refs = referenced(ctx, ir, table, &dead_set);
        let Some(b) = ir.entry_block(r) else {
            return erased;
        };
        let dead: Vec<Op> = ir
            .block_ops(b)
            .filter(|&o| {
                ctx.op_traits(ir.op(o).name).contains(Traits::SYMBOL)
                    || symbol_name(ctx, ir, o).is_some()
            })
            .filter(|&o| visibility(ctx, ir, o) != Visibility::Public)
            .filter(|&o| symbol_name(ctx, ir, o).is_some_and(|n| !refs.contains(n)))
            .collect();
        if dead.is_empty() {
            return erased;
        }
        for o in dead {
            dead_set.insert(o);
            ir.erase_op(o);
            erased += 1;
        }
    }
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
        let mut n = 0;
        // Every symbol table under `op`, innermost last.
        let tables: Vec<Op> = xir::walk::preorder(pc.ir, op)
            .into_iter()
            .filter(|&o| {
                pc.ctx
                    .op_traits(pc.ir.op(o).name)
                    .contains(Traits::SYMBOL_TABLE)
            })
            .collect();
        for t in tables.into_iter().rev() {
            if !pc.ir.is_erased(t) {
                n += erase_dead_private_symbols(pc.ctx, pc.ir, t);
            }
        }
        if n == 0 {
            pc.preserve_all();
        }
        pc.add_statistic("num-dce'd", "Number of symbols DCE'd", n);
        Ok(())
    }
}
