//! Canonicalisations of `arith` beyond constant folding: constants move to the
//! right of commutative ops (MLIR's in-place `Commutative` trait fold). The
//! identity folds (`x + 0`, `x - x`, ...) are arith's op folders.

use xir::rewrite::fold::value_constant;
use xir::rewrite::{PatternRewriter, PatternSet, RewritePattern};
use xir::{AttrKind, Context, Op};

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
    set.add(ctx, Box::new(CmpiConstantToRight));
}

/// `cmpi(pred, c, x)` → `cmpi(swapped pred, x, c)` (MLIR's in-place cmpi fold).
struct CmpiConstantToRight;

impl RewritePattern for CmpiConstantToRight {
    fn name(&self) -> &'static str {
        "cmpi-constant-to-right"
    }
    fn root(&self) -> Option<&'static str> {
        Some("arith.cmpi")
    }
    fn benefit(&self) -> u16 {
        100
    }
    fn match_and_rewrite(&self, rw: &mut PatternRewriter<'_>, op: Op) -> bool {
        if rw.ir.num_operands(op) != 2 {
            return false;
        }
        let (l, r) = (rw.ir.operand(op, 0), rw.ir.operand(op, 1));
        if value_constant(rw.ctx, rw.ir, l).is_none() || value_constant(rw.ctx, rw.ir, r).is_some()
        {
            return false;
        }
        let Some(pa) = xir::symbol::op_attr(rw.ctx, rw.ir, op, "predicate") else {
            return false;
        };
        let Some(pred) = xir_arith::fold::int_of(rw.ctx, pa).map(|p| p.bits as u64) else {
            return false;
        };
        // slt<->sgt, sle<->sge, ult<->ugt, ule<->uge; eq and ne stay.
        let swapped = match pred {
            0 | 1 => pred,
            2 => 4,
            4 => 2,
            3 => 5,
            5 => 3,
            6 => 8,
            8 => 6,
            7 => 9,
            9 => 7,
            _ => return false,
        };
        let Some(props) = rw.ir.op(op).properties else {
            return false;
        };
        let AttrKind::Integer { ty, .. } = rw.ctx.attr_kind(pa).clone() else {
            return false;
        };
        let new_pred = rw.ctx.intern_attr(AttrKind::Integer {
            ty,
            value: swapped.into(),
        });
        let key = rw.ctx.ident("predicate");
        let entries: Vec<_> = match rw.ctx.attr_kind(props) {
            AttrKind::Dictionary(es) => es
                .iter()
                .map(|&(k, v)| (k, if k == key { new_pred } else { v }))
                .collect(),
            _ => return false,
        };
        let props = rw.ctx.dictionary(entries);
        rw.ir.op_mut(op).properties = Some(props);
        rw.ir.set_operands(op, &[r, l]);
        rw.modified(op);
        true
    }
}
