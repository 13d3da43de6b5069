//! Canonicalisations of `arith` beyond constant folding: constants move to the
//! right of commutative ops, and MLIR's identity folds (`x + 0`, `x - x`, ...).

use xir::ods::FoldResult;
use xir::rewrite::fold::{replace_with_fold_results, value_constant};
use xir::rewrite::{PatternRewriter, PatternSet, RewritePattern};
use xir::{AttrKind, Context, Op, Type, TypeKind, Value};

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

/// The value of a scalar integer constant, sign-extended from its width.
fn int_const(ctx: &Context, ir: &xir::Ir, v: Value) -> Option<i128> {
    let a = value_constant(ctx, ir, v)?;
    match ctx.attr_kind(a) {
        AttrKind::Integer { value, .. } => i128::try_from(value.clone()).ok(),
        _ => None,
    }
}

fn int_width(ctx: &Context, t: Type) -> Option<u32> {
    match ctx.type_kind(t) {
        TypeKind::Integer { width, .. } => Some(*width),
        TypeKind::Index => Some(64),
        _ => None,
    }
}

fn is_all_ones(ctx: &Context, ir: &xir::Ir, v: Value) -> bool {
    // Integer attributes store signed values: all ones is -1 (or 1 for i1).
    match int_const(ctx, ir, v) {
        Some(-1) => true,
        Some(1) => int_width(ctx, ir.value_type(v)) == Some(1),
        _ => false,
    }
}

/// MLIR's non-constant folds of integer ops: a value or a constant.
pub fn identity_fold(ctx: &mut Context, ir: &xir::Ir, op: Op, name: &str) -> Option<FoldResult> {
    if ir.num_operands(op) != 2 || ir.results(op).len() != 1 {
        return None;
    }
    let ty = ir.value_type(ir.result(op, 0));
    int_width(ctx, ty)?;
    let (l, r) = (ir.operand(op, 0), ir.operand(op, 1));
    let rc = int_const(ctx, ir, r);
    let zero = |ctx: &mut Context| {
        FoldResult::Attr(ctx.intern_attr(AttrKind::Integer {
            ty,
            value: 0.into(),
        }))
    };
    Some(match name {
        "addi" | "ori" | "xori" | "subi" | "shli" | "shrsi" | "shrui" if rc == Some(0) => {
            FoldResult::Value(l)
        }
        "subi" | "xori" if l == r => zero(ctx),
        "muli" | "andi" if rc == Some(0) => FoldResult::Value(r),
        "muli" | "divsi" | "divui" if rc == Some(1) && int_width(ctx, ty) != Some(1) => {
            FoldResult::Value(l)
        }
        "andi" | "ori" | "maxsi" | "maxui" | "minsi" | "minui" if l == r => FoldResult::Value(l),
        "andi" if is_all_ones(ctx, ir, r) => FoldResult::Value(l),
        "ori" if is_all_ones(ctx, ir, r) => FoldResult::Value(r),
        _ => return None,
    })
}

struct IdentityFold(&'static str);

impl RewritePattern for IdentityFold {
    fn name(&self) -> &'static str {
        "arith-identity-fold"
    }
    fn root(&self) -> Option<&'static str> {
        Some(self.0)
    }
    fn benefit(&self) -> u16 {
        50
    }
    fn match_and_rewrite(&self, rw: &mut PatternRewriter<'_>, op: Op) -> bool {
        let short = &self.0["arith.".len()..];
        match identity_fold(rw.ctx, rw.ir, op, short) {
            Some(f) => replace_with_fold_results(rw, op, vec![f]),
            None => false,
        }
    }
}

/// Integer ops with identity folds.
pub const IDENTITY_FOLDS: &[&str] = &[
    "arith.addi",
    "arith.subi",
    "arith.muli",
    "arith.andi",
    "arith.ori",
    "arith.xori",
    "arith.divsi",
    "arith.divui",
    "arith.shli",
    "arith.shrsi",
    "arith.shrui",
    "arith.maxsi",
    "arith.maxui",
    "arith.minsi",
    "arith.minui",
];

pub fn populate(ctx: &mut Context, set: &mut PatternSet) {
    for &name in COMMUTATIVE {
        set.add(ctx, Box::new(ConstantToRight(name)));
    }
    for &name in IDENTITY_FOLDS {
        set.add(ctx, Box::new(IdentityFold(name)));
    }
}
