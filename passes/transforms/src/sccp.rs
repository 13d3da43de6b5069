//! `sccp`: constant propagation. Values get a constant when their op folds with
//! the constants known for its operands (ops visited in pre-order, so across
//! nested regions and blocks in order); each constant value is then replaced by
//! a uniqued constant at the start of its isolated region's entry block, and ops
//! whose results all became constants are erased when dead.

use rustc_hash::FxHashMap;
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
        let ops = xir::walk::preorder(pc.ir, root);
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
