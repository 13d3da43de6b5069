//! Canonicalisations of `arith` beyond constant folding: constants move to the
//! right of commutative ops (MLIR's in-place `Commutative` trait fold). The
//! identity folds (`x + 0`, `x - x`, ...) are arith's op folders.

use xir::rewrite::fold::value_constant;
use xir::rewrite::{PatternRewriter, PatternSet, RewritePattern};
use xir::{Context, Op};

/// Ops whose operands may be swapped (MLIR's `Commutative` trait).
pub const COMMUTATIVE: &[&str] = &[
    "arith.addi",
    "arith.muli",
    "arith.andi",
    "arith.ori",
    "arith.xori",
    "arith.maxsi",
    "arith.maxui",
    "arith.minsi",
    "arith.minui",
    "arith.addf",
    "arith.mulf",
    "arith.maximumf",
    "arith.minimumf",
    "arith.maxnumf",
    "arith.minnumf",
    "arith.addui_extended",
    "arith.mului_extended",
    "arith.mulsi_extended",
];

/// `op(c, x)` → `op(x, c)` for commutative ops (MLIR does this in the fold hook).
struct ConstantToRight(&'static str);

impl RewritePattern for ConstantToRight {
    fn name(&self) -> &'static str {
        "commutative-constant-to-right"
    }
    fn root(&self) -> Option<&'static str> {
        Some(self.0)
    }
    fn benefit(&self) -> u16 {
        100
    }
    fn match_and_rewrite(&self, rw: &mut PatternRewriter<'_>, op: Op) -> bool {
        if rw.ir.num_operands(op) != 2 {
            return false;
        }
        let (l, r) = (rw.ir.operand(op, 0), rw.ir.operand(op, 1));
        let lc = value_constant(rw.ctx, rw.ir, l).is_some();
        let rc = value_constant(rw.ctx, rw.ir, r).is_some();
        if !lc || rc {
            return false;
        }
        rw.ir.set_operands(op, &[r, l]);
        rw.modified(op);
        true
    }
}

pub fn populate(ctx: &mut Context, set: &mut PatternSet) {
    for &name in COMMUTATIVE {
        set.add(ctx, Box::new(ConstantToRight(name)));
    }
}
