//! `sccp`: constant propagation. Values get a constant when their op folds with
//! the constants known for its operands (ops visited in pre-order, so across
//! nested regions and blocks in order); each constant value is then replaced by
//! a uniqued constant at the start of its isolated region's entry block, and ops
//! whose results all became constants are erased when dead. As in MLIR, a private
//! function that no executable code references (directly or through other such
//! functions) is not executable: it is left as it is.

use rustc_hash::{FxHashMap, FxHashSet};
use xir::ods::FoldResult;
use xir::pass::{Pass, PassContext};
use xir::rewrite::dead::is_trivially_dead;
use xir::rewrite::fold::{constant_value, dialect_of, insertion_region, materialize};
use xir::store::ValueDef;
use xir::{Attr, Ident, Op, Region, Type, Value};

#[derive(Default)]
pub struct Sccp;

impl Sccp {
    pub const ARGUMENT: &'static str = "sccp";
    pub const SUMMARY: &'static str = "Sparse Conditional Constant Propagation";
}

impl Pass for Sccp {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "SCCP"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn run(&mut self, pc: &mut PassContext<'_>, root: Op) -> Result<(), ()> {
        let mut known: FxHashMap<Value, Attr> = FxHashMap::default();
        let dead = unreachable_functions(pc.ctx, pc.ir, root);
        let ops: Vec<Op> = xir::walk::preorder(pc.ir, root)
            .into_iter()
            .filter(|&o| {
                // Nothing in a function no executable code can call is executable.
                !std::iter::successors(Some(o), |&p| pc.ir.parent_op(p)).any(|p| dead.contains(&p))
            })
            .collect();
        for &op in &ops[1..] {
            if let Some(c) = constant_value(pc.ctx, pc.ir, op) {
                known.insert(pc.ir.result(op, 0), c);
                continue;
            }
            let consts: Vec<Option<Attr>> =
                pc.ir.operands(op).map(|v| known.get(&v).copied()).collect();
            let spec = xir::ods::spec_of(pc.ctx, pc.ir.op(op).name);
            let folded = spec
                .and_then(|s| s.fold)
                .and_then(|f| f(pc.ctx, pc.ir, op, &consts));
            let Some(results) = folded else { continue };
            for (i, r) in results.into_iter().enumerate() {
                let Some(&res) = pc.ir.results(op).get(i) else {
                    break;
                };
                match r {
                    FoldResult::Attr(a) => {
                        known.insert(res, a);
                    }
                    FoldResult::Value(v) => {
                        if let Some(&a) = known.get(&v) {
                            known.insert(res, a);
                        }
                    }
                }
            }
        }
        // Rewrite in walk order.
        let mut uniq: FxHashMap<(Region, Ident, Attr, Type), Value> = FxHashMap::default();
        let mut changed = false;
        for &op in &ops[1..] {
            if pc.ir.is_erased(op) || pc.ir.parent_block(op).is_none() {
                continue;
            }
            let results = pc.ir.results(op).to_vec();
            let mut all = !results.is_empty();
            for &res in &results {
                let Some(&a) = known.get(&res) else {
                    all = false;
                    continue;
                };
                let ValueDef::Result { op: def, .. } = pc.ir.value(res).def else {
                    continue;
                };
                let name = pc.ir.op(def).name;
                let d = dialect_of(pc.ctx, name).to_owned();
                let dialect = pc.ctx.ident(&d);
                let ty = pc.ir.value_type(res);
                let Some(region) = insertion_region(pc.ctx, pc.ir, op) else {
                    all = false;
                    continue;
                };
                let key = (region, dialect, a, ty);
                let c = match uniq.get(&key) {
                    Some(&c) => c,
                    None => {
                        let d = pc.ctx.str(dialect).to_string();
                        let loc = pc.ir.op(op).loc;
                        let Some(entry) = pc.ir.entry_block(region) else {
                            all = false;
                            continue;
                        };
                        let Some(c) = materialize(pc.ctx, pc.ir, &d, a, ty, loc) else {
                            all = false;
                            continue;
                        };
                        pc.ir.prepend_op(entry, c);
                        let v = pc.ir.result(c, 0);
                        uniq.insert(key, v);
                        v
                    }
                };
                pc.ir.replace_all_uses(res, c);
                changed = true;
            }
            if all && is_trivially_dead(pc.ctx, pc.ir, op) {
                pc.ir.erase_op(op);
            }
        }
        if !changed {
            pc.preserve_all();
        }
        Ok(())
    }
}

/// The private `func.func`s directly in `root` that nothing executable references:
/// public functions and the other ops of `root` are executable, and so is every
/// function a reference from executable code names.
fn unreachable_functions(ctx: &xir::Context, ir: &xir::Ir, root: Op) -> FxHashSet<Op> {
    use xir::symbol::{symbol_name, visibility, Visibility};
    let Some(b) = ir.regions(root).first().and_then(|&r| ir.entry_block(r)) else {
        return FxHashSet::default();
    };
    let top: Vec<Op> = ir.block_ops(b).collect();
    let is_private_func =
        |o: Op| xir_func::FUNC.is(ctx, ir, o) && visibility(ctx, ir, o) == Visibility::Private;
    let mut by_name: FxHashMap<Vec<u8>, Op> = FxHashMap::default();
    for &o in &top {
        if is_private_func(o) {
            if let Some(n) = symbol_name(ctx, ir, o) {
                by_name.insert(n.to_vec(), o);
            }
        }
    }
    if by_name.is_empty() {
        return FxHashSet::default();
    }
    let mut live: FxHashSet<Op> = FxHashSet::default();
    let mut work: Vec<Op> = top
        .iter()
        .copied()
        .filter(|&o| !is_private_func(o))
        .collect();
    while let Some(o) = work.pop() {
        for inner in xir::walk::preorder(ir, o) {
            let d = ir.op(inner);
            let mut refs = Vec::new();
            if let Some(p) = d.properties {
                super::symbol_dce::symbol_refs(ctx, p, &mut refs);
            }
            super::symbol_dce::symbol_refs(ctx, d.attrs, &mut refs);
            for r in refs {
                if let xir::AttrKind::SymbolRef { root: name, .. } = ctx.attr_kind(r) {
                    if let Some(&f) = by_name.get(ctx.bytes(*name)) {
                        if live.insert(f) {
                            work.push(f);
                        }
                    }
                }
            }
        }
    }
    by_name
        .into_values()
        .filter(|f| !live.contains(f))
        .collect()
}
