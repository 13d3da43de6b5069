//! `sccp`: sparse conditional constant propagation, as MLIR 22's (its
//! SparseConstantPropagation and DeadCodeAnalysis, then the SCCP rewrite).
//! The analysis (`analysis.rs`) finds the executable blocks and a constant for
//! each value it can: across calls (a private function's arguments meet the
//! operands of its live call sites, a call's results the callee's returns) and
//! through `scf.if` (only the regions its condition can take are executable;
//! its results meet their yields) and along CFG edges (a branch with the
//! branch interface takes only the successor its constant operands select; a
//! block's arguments meet what its live incoming edges forward). The rewrite
//! replaces each value found
//! constant by a constant uniqued per (dialect, value, type) at the start of
//! the entry block of its isolated region, and erases ops left trivially dead.
//! Code never reached (a private function nothing executable calls or names,
//! an `scf.if` region its constant condition skips, a block no live edge
//! reaches) is left as it is: as in MLIR, blocks are never erased here.

mod analysis;

use rustc_hash::FxHashMap;
use xir::dialect::Traits;
use xir::pass::{Pass, PassContext};
use xir::rewrite::dead::is_side_effect_free;
use xir::rewrite::fold::{block_insertion_region, materialize};
use xir::{Attr, Block, Context, Ident, Ir, Op, Region, Type, Value};

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
        let sol = analysis::solve(pc.ctx, pc.ir, root);
        let if_name = pc.ctx.ident(xir_scf::ops::IF_NAME);
        let mut rw = Rewrite {
            sol: &sol,
            if_name,
            uniq: FxHashMap::default(),
            changed: false,
        };
        rw.run(pc.ctx, pc.ir, root);
        if !rw.changed {
            pc.preserve_all();
        }
        Ok(())
    }
}

/// MLIR's SCCP rewrite: blocks from a stack (a region's blocks in order, the
/// regions of an op's later ops and later regions first), each op's results
/// replaced by uniqued constants where the analysis found one, the op erased
/// when that leaves it trivially dead (its regions then never visited), and
/// the block's arguments replaced last.
struct Rewrite<'a> {
    sol: &'a analysis::Solution,
    if_name: Ident,
    uniq: FxHashMap<(Region, Ident, Attr, Type), Value>,
    changed: bool,
}

impl Rewrite<'_> {
    fn run(&mut self, ctx: &mut Context, ir: &mut Ir, root: Op) {
        let mut stack: Vec<Block> = Vec::new();
        let push = |stack: &mut Vec<Block>, ir: &Ir, op: Op| {
            for &r in ir.regions(op) {
                let blocks: Vec<Block> = ir.region_blocks(r).collect();
                stack.extend(blocks.into_iter().rev());
            }
        };
        push(&mut stack, ir, root);
        while let Some(b) = stack.pop() {
            let mut cur = ir.first_op(b);
            while let Some(op) = cur {
                cur = ir.next_op(op);
                let results = ir.results(op).to_vec();
                let mut all = !results.is_empty();
                for res in results {
                    all &= self.replace(ctx, ir, res, b);
                }
                if all && self.would_be_dead(ctx, ir, op) {
                    ir.erase_op(op);
                    self.changed = true;
                    continue;
                }
                push(&mut stack, ir, op);
            }
            for arg in ir.block_args(b).to_vec() {
                self.replace(ctx, ir, arg, b);
            }
        }
    }

    /// Replaces `v` by the constant the analysis found for it, materialised
    /// (once per dialect, value and type) at the start of the insertion region
    /// of `block`.
    fn replace(&mut self, ctx: &mut Context, ir: &mut Ir, v: Value, block: Block) -> bool {
        let Some(analysis::Lattice::Const(a, dialect)) = self.sol.get(v) else {
            return false;
        };
        let Some(region) = block_insertion_region(ctx, ir, block) else {
            return false;
        };
        let ty = ir.value_type(v);
        let key = (region, dialect, a, ty);
        let c = match self.uniq.get(&key) {
            Some(&c) => c,
            None => {
                let Some(entry) = ir.entry_block(region) else {
                    return false;
                };
                // MLIR's folder gives the constants it hoists no location.
                let loc = ctx.unknown_loc();
                let d = ctx.str(dialect).to_string();
                let Some(op) = materialize(ctx, ir, &d, a, ty, loc) else {
                    return false;
                };
                ir.prepend_op(entry, op);
                let c = ir.result(op, 0);
                self.uniq.insert(key, c);
                c
            }
        };
        ir.replace_all_uses(v, c);
        self.changed = true;
        true
    }

    /// MLIR's `wouldOpBeTriviallyDead`: not a terminator or a symbol, and no
    /// side effects; `scf.if` has those of the ops in it.
    fn would_be_dead(&self, ctx: &Context, ir: &Ir, op: Op) -> bool {
        if ir.results(op).iter().any(|&r| ir.has_uses(r)) {
            return false;
        }
        let t = ctx.op_traits(ir.op(op).name);
        if t.contains(Traits::TERMINATOR) || t.contains(Traits::SYMBOL) {
            return false;
        }
        let mut stack = vec![op];
        while let Some(o) = stack.pop() {
            if ir.op(o).name == self.if_name {
                for &r in ir.regions(o) {
                    for b in ir.region_blocks(r) {
                        stack.extend(ir.block_ops(b));
                    }
                }
            } else if !is_side_effect_free(ctx, ir, o) {
                return false;
            }
        }
        true
    }
}
