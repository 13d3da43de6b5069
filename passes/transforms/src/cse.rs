//! `cse`: eliminates side-effect-free ops equal to one that dominates them
//! (ops with single-block regions too, when the regions are alike), with
//! MLIR's scoping: a scope per region (per dominator-tree node in CFG regions),
//! fresh scopes inside isolated-from-above ops, and in graph regions only uses
//! other than the kept op itself are redirected.

use rustc_hash::{FxHashMap, FxHashSet};
use std::hash::{Hash, Hasher};
use xir::dialect::Traits;
use xir::dominance::{has_ssa_dominance, DominanceInfo};
use xir::pass::{Pass, PassContext};
use xir::rewrite::dead::{is_side_effect_free, is_trivially_dead};
use xir::{Block, Context, Ident, Ir, Op, Region, Value};

#[derive(Default)]
pub struct Cse;

impl Cse {
    pub const ARGUMENT: &'static str = "cse";
    pub const SUMMARY: &'static str = "Eliminate common sub-expressions";
}

/// Known ops by structural hash; `log` undoes insertions when a scope closes.
#[derive(Default)]
struct ScopedTable {
    map: FxHashMap<u64, Vec<Op>>,
    log: Vec<u64>,
}

impl ScopedTable {
    fn mark(&self) -> usize {
        self.log.len()
    }
    fn pop_to(&mut self, mark: usize) {
        while self.log.len() > mark {
            let h = self.log.pop().unwrap_or_default();
            if let Some(v) = self.map.get_mut(&h) {
                v.pop();
            }
        }
    }
}

/// Operands in a canonical order for commutative ops (MLIR's OperationEquivalence
/// treats their operands as a multiset).
fn key_operands(ir: &Ir, op: Op, commutative: bool) -> smallvec::SmallVec<[Value; 4]> {
    let mut v: smallvec::SmallVec<[Value; 4]> = ir.operands(op).collect();
    if commutative {
        v.sort_unstable_by_key(|x| x.index());
    }
    v
}

fn op_hash(ir: &Ir, op: Op, commutative: bool) -> u64 {
    let mut h = rustc_hash::FxHasher::default();
    let d = ir.op(op);
    d.name.hash(&mut h);
    d.properties.hash(&mut h);
    d.attrs.hash(&mut h);
    for &r in ir.results(op) {
        ir.value_type(r).hash(&mut h);
    }
    for v in key_operands(ir, op, commutative) {
        v.hash(&mut h);
    }
    h.finish()
}

/// MLIR's OperationEquivalence ignoring locations: the same op on the same
/// operands, with the same result types and equivalent regions (blocks with
/// the same argument types, ops pairwise equivalent once the values each
/// side defines are paired up). Only the ops compared themselves take
/// commutative operands in any order: MLIR compares nested ones in order.
fn equivalent(ir: &Ir, a: Op, b: Op, commutative: bool) -> bool {
    let mut map = FxHashMap::default();
    same_op(ir, a, b, commutative, &mut map)
}

/// `a` and `b` alike, reading `b`'s side of `map` for values defined inside
/// the regions compared (equal values match as they are).
fn same_op(ir: &Ir, a: Op, b: Op, commutative: bool, map: &mut FxHashMap<Value, Value>) -> bool {
    let (da, db) = (ir.op(a), ir.op(b));
    if da.name != db.name
        || da.properties != db.properties
        || da.attrs != db.attrs
        || ir.regions(a).len() != ir.regions(b).len()
        || ir.successors(a) != ir.successors(b)
        || ir.num_operands(a) != ir.num_operands(b)
        || ir.results(a).len() != ir.results(b).len()
    {
        return false;
    }
    let mut ops_a: smallvec::SmallVec<[Value; 4]> = ir
        .operands(a)
        .map(|v| map.get(&v).copied().unwrap_or(v))
        .collect();
    let mut ops_b: smallvec::SmallVec<[Value; 4]> = ir.operands(b).collect();
    if commutative {
        ops_a.sort_unstable_by_key(|x| x.index());
        ops_b.sort_unstable_by_key(|x| x.index());
    }
    if ops_a != ops_b {
        return false;
    }
    for (&x, &y) in ir.results(a).iter().zip(ir.results(b)) {
        if ir.value_type(x) != ir.value_type(y) {
            return false;
        }
        map.insert(x, y);
    }
    for (&ra, &rb) in ir.regions(a).iter().zip(ir.regions(b)) {
        let (ba, bb): (Vec<Block>, Vec<Block>) = (
            ir.region_blocks(ra).collect(),
            ir.region_blocks(rb).collect(),
        );
        if ba.len() != bb.len() {
            return false;
        }
        for (&x, &y) in ba.iter().zip(&bb) {
            let (args_a, args_b) = (ir.block_args(x), ir.block_args(y));
            if args_a.len() != args_b.len() {
                return false;
            }
            for (&p, &q) in args_a.iter().zip(args_b) {
                if ir.value_type(p) != ir.value_type(q) {
                    return false;
                }
                map.insert(p, q);
            }
            let (oa, ob): (Vec<Op>, Vec<Op>) =
                (ir.block_ops(x).collect(), ir.block_ops(y).collect());
            if oa.len() != ob.len() {
                return false;
            }
            for (&p, &q) in oa.iter().zip(&ob) {
                if !same_op(ir, p, q, false, map) {
                    return false;
                }
            }
        }
    }
    true
}

struct Driver<'a> {
    ctx: &'a Context,
    dom: DominanceInfo,
    commutative: FxHashSet<Ident>,
    /// `scf.if`: MLIR's RecursiveMemoryEffects, its effects those of its ops.
    if_name: Option<Ident>,
    to_erase: Vec<Op>,
    num_cse: u64,
    num_dce: u64,
    _p: std::marker::PhantomData<&'a ()>,
}

impl Driver<'_> {
    /// MLIR's `isMemoryEffectFree`, looking into ops with recursive effects.
    fn effect_free(&self, ir: &Ir, op: Op) -> bool {
        if Some(ir.op(op).name) == self.if_name {
            return ir.regions(op).iter().all(|&r| {
                ir.region_blocks(r)
                    .all(|b| ir.block_ops(b).all(|o| self.effect_free(ir, o)))
            });
        }
        is_side_effect_free(self.ctx, ir, op)
    }

    /// MLIR's `isOpTriviallyDead`.
    fn trivially_dead(&self, ir: &Ir, op: Op) -> bool {
        if Some(ir.op(op).name) == self.if_name {
            return !ir.results(op).iter().any(|&r| ir.has_uses(r)) && self.effect_free(ir, op);
        }
        is_trivially_dead(self.ctx, ir, op)
    }

    fn simplify_op(&mut self, ir: &mut Ir, table: &mut ScopedTable, op: Op, ssa: bool) {
        let t = self.ctx.op_traits(ir.op(op).name);
        if t.contains(Traits::TERMINATOR) {
            return;
        }
        if self.trivially_dead(ir, op) {
            self.to_erase.push(op);
            self.num_dce += 1;
            return;
        }
        // Ops whose regions have several blocks are left alone, as in MLIR.
        let multi = |r: &Region| ir.region_blocks(*r).nth(1).is_some();
        if ir.regions(op).iter().any(multi) || !self.effect_free(ir, op) {
            return;
        }
        let commutative = self.commutative.contains(&ir.op(op).name);
        let h = op_hash(ir, op, commutative);
        let existing = table.map.get(&h).and_then(|v| {
            v.iter()
                .rev()
                .find(|&&e| equivalent(ir, e, op, commutative))
                .copied()
        });
        if let Some(e) = existing {
            let (from, to) = (ir.results(op).to_vec(), ir.results(e).to_vec());
            if ssa {
                for (f, t) in from.into_iter().zip(to) {
                    ir.replace_all_uses(f, t);
                }
                self.to_erase.push(op);
            } else {
                // Graph regions: the kept op may use the other one.
                for (f, t) in from.iter().zip(&to) {
                    let uses: Vec<_> = ir.uses(*f).collect();
                    for u in uses {
                        let d = ir.use_data(u);
                        if d.owner != e {
                            let (o, i) = (d.owner, d.index as usize);
                            ir.set_operand(o, i, *t);
                        }
                    }
                }
                if !from.iter().any(|&f| ir.has_uses(f)) {
                    self.to_erase.push(op);
                }
            }
            // MLIR keeps the location of the op it removes when the kept one
            // has none.
            let unknown = self.ctx.unknown_loc();
            if ir.op(e).loc == unknown && ir.op(op).loc != unknown {
                ir.op_mut(e).loc = ir.op(op).loc;
            }
            self.num_cse += 1;
            return;
        }
        table.map.entry(h).or_default().push(op);
        table.log.push(h);
    }

    fn simplify_block(&mut self, ir: &mut Ir, table: &mut ScopedTable, b: Block, ssa: bool) {
        let ops: Vec<Op> = ir.block_ops(b).collect();
        for op in ops {
            if !ir.regions(op).is_empty() {
                let name = ir.op(op).name;
                let isolated = self.ctx.registry.op_def(name).is_none()
                    || self
                        .ctx
                        .op_traits(name)
                        .contains(Traits::ISOLATED_FROM_ABOVE);
                let regions = ir.regions(op).to_vec();
                if isolated {
                    let mut nested = ScopedTable::default();
                    for r in regions {
                        self.simplify_region(ir, &mut nested, r);
                    }
                } else {
                    for r in regions {
                        self.simplify_region(ir, table, r);
                    }
                }
            }
            self.simplify_op(ir, table, op, ssa);
        }
    }

    fn simplify_region(&mut self, ir: &mut Ir, table: &mut ScopedTable, r: Region) {
        let Some(entry) = ir.entry_block(r) else {
            return;
        };
        let ssa = has_ssa_dominance(self.ctx, ir, r);
        if ir.next_block(entry).is_none() {
            let m = table.mark();
            self.simplify_block(ir, table, entry, ssa);
            table.pop_to(m);
            return;
        }
        if !ssa {
            return;
        }
        // Dominator-tree pre-order, one scope per node; children in block order.
        let blocks: Vec<Block> = ir.region_blocks(r).collect();
        let mut children: FxHashMap<Block, Vec<Block>> = FxHashMap::default();
        for &b in &blocks[1..] {
            if let Some(d) = self.dom.idom(b) {
                children.entry(d).or_default().push(b);
            }
        }
        // (block, children visited?, scope mark)
        let mut stack = vec![(entry, false, 0usize)];
        while let Some((b, done, m)) = stack.pop() {
            if done {
                table.pop_to(m);
                continue;
            }
            let m = table.mark();
            self.simplify_block(ir, table, b, ssa);
            stack.push((b, true, m));
            if let Some(cs) = children.get(&b) {
                for &c in cs.iter().rev() {
                    stack.push((c, false, 0));
                }
            }
        }
    }
}

impl Pass for Cse {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "CSE"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn run(&mut self, pc: &mut PassContext<'_>, op: Op) -> Result<(), ()> {
        let commutative = pc
            .ctx
            .registry
            .op_defs()
            .into_iter()
            .filter(|d| d.traits.contains(xir::dialect::Traits::COMMUTATIVE))
            .filter_map(|d| pc.ctx.find_ident(d.name))
            .collect();
        let mut d = Driver {
            ctx: pc.ctx,
            dom: DominanceInfo::new(pc.ctx, pc.ir, op),
            commutative,
            if_name: pc.ctx.find_ident(xir_scf::ops::IF_NAME),
            to_erase: Vec::new(),
            num_cse: 0,
            num_dce: 0,
            _p: std::marker::PhantomData,
        };
        let mut table = ScopedTable::default();
        for r in pc.ir.regions(op).to_vec() {
            d.simplify_region(pc.ir, &mut table, r);
        }
        let (erase, cse, dce) = (std::mem::take(&mut d.to_erase), d.num_cse, d.num_dce);
        if erase.is_empty() {
            pc.preserve_all();
        }
        for o in erase {
            pc.ir.erase_op(o);
        }
        pc.add_statistic("num-cse'd", "Number of operations CSE'd", cse);
        pc.add_statistic("num-dce'd", "Number of operations DCE'd", dce);
        Ok(())
    }
}
