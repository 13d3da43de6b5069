//! arith's canonicalization patterns beyond constant folding (MLIR's
//! `getCanonicalizationPatterns` of `addi`, `subi`, `muli` and `cmpi`):
//! constants re-associated through `addi`/`subi`/`muli` chains
//! (`addi(addi(x, c0), c1) → addi(x, c0 + c1)`, ...), `subi(subi(a, b), a) →
//! subi(0, b)`, `addi(x, muli(y, -1)) → subi(x, y)`, and a `cmpi` constant
//! moved to the right with its predicate swapped. As MLIR's generated rewrites
//! do, the new constant is created first, then the new op, and the root is
//! replaced by it. The identity folds (`x + 0`, `x - x`, ...) are the ops'
//! folders.

use crate::constraints::OVERFLOW;
use crate::fold::int::{binary, Int};
use crate::fold::{int_attr, int_of};
use crate::ops::{ADDI, CMPI, CONSTANT, MULI, SUBI};
use xir::ods::OpSpec;
use xir::rewrite::fold::value_constant;
use xir::rewrite::CanonicalizationPatterns;
use xir::rewrite::{PatternRewriter, PatternSet, RewritePattern};
use xir::store::ValueDef;
use xir::{Attr, AttrKind, Context, Op, OperationState, Type, Value};

/// Where the constant sits in a matched binary op.
#[derive(Copy, Clone, PartialEq)]
enum Side {
    Lhs,
    Rhs,
}

/// `root(inner(..c0..), c1)` (or `root(c1, inner(..))`) → `new(x, f(c0, c1))` or
/// `new(f(c0, c1), x)`.
struct Reassociate {
    root: &'static str,
    inner: &'static str,
    /// Side of the root that holds the constant c1 (the inner op is the other one).
    outer: Side,
    /// Side of the inner op that holds c0.
    inner_c: Side,
    new: &'static str,
    /// The new constant from (c0, c1): op name for `binary` and operand order.
    combine: (&'static str, bool),
    /// The new op: constant on the left?
    const_lhs: bool,
    /// Intersect the two ops' overflow flags (else none).
    merge: bool,
}

fn def_op(rw: &PatternRewriter<'_>, v: Value, name: &str) -> Option<Op> {
    let ValueDef::Result { op, .. } = rw.ir.value(v).def else {
        return None;
    };
    (rw.ctx.str(rw.ir.op(op).name) == name && rw.ir.num_operands(op) == 2).then_some(op)
}

fn int_const(rw: &PatternRewriter<'_>, v: Value) -> Option<Int> {
    let a = value_constant(rw.ctx, rw.ir, v)?;
    matches!(rw.ctx.attr_kind(a), AttrKind::Integer { .. })
        .then(|| int_of(rw.ctx, a))
        .flatten()
}

fn flags(rw: &PatternRewriter<'_>, op: Op) -> u64 {
    xir::symbol::op_attr(rw.ctx, rw.ir, op, "overflowFlags")
        .and_then(|a| OVERFLOW.value(rw.ctx, a))
        .unwrap_or(0)
}

fn create_const(rw: &mut PatternRewriter<'_>, value: Attr, ty: Type, loc: Attr) -> Value {
    let key = rw.ctx.ident("value");
    let props = rw.ctx.dictionary(vec![(key, value)]);
    let st = OperationState {
        result_types: vec![ty],
        properties: Some(props),
        ..OperationState::new(rw.ctx, CONSTANT.name, loc)
    };
    let c = rw.create(st);
    rw.ir.result(c, 0)
}

fn create_binary(
    rw: &mut PatternRewriter<'_>,
    name: &str,
    l: Value,
    r: Value,
    flags: u64,
    loc: Attr,
) -> Value {
    let ty = rw.ir.value_type(l);
    let key = rw.ctx.ident("overflowFlags");
    let f = OVERFLOW.attr(rw.ctx, flags);
    let props = rw.ctx.dictionary(vec![(key, f)]);
    let st = OperationState {
        operands: vec![l, r],
        result_types: vec![ty],
        properties: Some(props),
        ..OperationState::new(rw.ctx, name, loc)
    };
    let op = rw.create(st);
    rw.ir.result(op, 0)
}

impl RewritePattern for Reassociate {
    fn name(&self) -> &'static str {
        "arith-reassociate-constants"
    }
    fn root(&self) -> Option<&'static str> {
        Some(self.root)
    }
    fn benefit(&self) -> u16 {
        2
    }
    fn match_and_rewrite(&self, rw: &mut PatternRewriter<'_>, op: Op) -> bool {
        if rw.ir.num_operands(op) != 2 || rw.ir.results(op).len() != 1 {
            return false;
        }
        let (l, r) = (rw.ir.operand(op, 0), rw.ir.operand(op, 1));
        let (inner_v, c1_v) = match self.outer {
            Side::Rhs => (l, r),
            Side::Lhs => (r, l),
        };
        let Some(inner) = def_op(rw, inner_v, self.inner) else {
            return false;
        };
        let (il, ir_) = (rw.ir.operand(inner, 0), rw.ir.operand(inner, 1));
        let (x, c0_v) = match self.inner_c {
            Side::Rhs => (il, ir_),
            Side::Lhs => (ir_, il),
        };
        let (Some(c0), Some(c1)) = (int_const(rw, c0_v), int_const(rw, c1_v)) else {
            return false;
        };
        let ty = rw.ir.value_type(rw.ir.result(op, 0));
        if c0.width() != c1.width() {
            return false;
        }
        let (a, b) = if self.combine.1 {
            (&c1, &c0)
        } else {
            (&c0, &c1)
        };
        let Some(v) = binary(self.combine.0, a, b) else {
            return false;
        };
        let f = if self.merge {
            flags(rw, inner) & flags(rw, op)
        } else {
            0
        };
        let loc = rw.ir.op(op).loc;
        let value = int_attr(rw.ctx, ty, &v);
        let c = create_const(rw, value, ty, loc);
        let (nl, nr) = if self.const_lhs { (c, x) } else { (x, c) };
        let n = create_binary(rw, self.new, nl, nr, f, loc);
        rw.replace_op(op, &[n]);
        true
    }
}

/// `subi(subi(a, b), a) → subi(0, b)`.
struct SubSubLhs;

impl RewritePattern for SubSubLhs {
    fn name(&self) -> &'static str {
        "arith-subi-subi-lhs"
    }
    fn root(&self) -> Option<&'static str> {
        Some(SUBI.name)
    }
    fn benefit(&self) -> u16 {
        2
    }
    fn match_and_rewrite(&self, rw: &mut PatternRewriter<'_>, op: Op) -> bool {
        let (l, r) = (rw.ir.operand(op, 0), rw.ir.operand(op, 1));
        let Some(inner) = def_op(rw, l, SUBI.name) else {
            return false;
        };
        if rw.ir.operand(inner, 0) != r {
            return false;
        }
        let b = rw.ir.operand(inner, 1);
        let ty = rw.ir.value_type(b);
        let f = flags(rw, inner) & flags(rw, op);
        let loc = rw.ir.op(op).loc;
        let zero = rw.ctx.intern_attr(AttrKind::Integer {
            ty,
            value: 0.into(),
        });
        let c = create_const(rw, zero, ty, loc);
        let n = create_binary(rw, SUBI.name, c, b, f, loc);
        rw.replace_op(op, &[n]);
        true
    }
}

/// `addi(x, muli(y, -1)) → subi(x, y)` and `addi(muli(x, -1), y) → subi(y, x)`.
struct AddMulNegOne {
    mul_on_rhs: bool,
}

impl RewritePattern for AddMulNegOne {
    fn name(&self) -> &'static str {
        "arith-addi-muli-neg-one"
    }
    fn root(&self) -> Option<&'static str> {
        Some(ADDI.name)
    }
    fn benefit(&self) -> u16 {
        2
    }
    fn match_and_rewrite(&self, rw: &mut PatternRewriter<'_>, op: Op) -> bool {
        let (l, r) = (rw.ir.operand(op, 0), rw.ir.operand(op, 1));
        let (other, mul_v) = if self.mul_on_rhs { (l, r) } else { (r, l) };
        let Some(mul) = def_op(rw, mul_v, MULI.name) else {
            return false;
        };
        let (y, c) = (rw.ir.operand(mul, 0), rw.ir.operand(mul, 1));
        // A scalar or splat -1 (`IsScalarOrSplatNegativeOne`).
        let minus_one = value_constant(rw.ctx, rw.ir, c)
            .and_then(|a| crate::fold::elements::splat_int(rw.ctx, a));
        if minus_one.is_none_or(|c| !c.is_all_ones()) {
            return false;
        }
        let loc = rw.ir.op(op).loc;
        let n = create_binary(rw, SUBI.name, other, y, 0, loc);
        rw.replace_op(op, &[n]);
        true
    }
}

/// The canonicalization patterns of each arith op that has some, attached to
/// its record by `register` (`canonicalize` collects them). Constants moving
/// to the right of commutative ops come from the `Commutative` trait.
pub fn attach(ctx: &mut Context) {
    let list: [(&OpSpec, CanonicalizationPatterns); 4] = [
        (&ADDI, CanonicalizationPatterns(addi)),
        (&SUBI, CanonicalizationPatterns(subi)),
        (&MULI, CanonicalizationPatterns(muli)),
        (&CMPI, CanonicalizationPatterns(cmpi)),
    ];
    for (spec, patterns) in list {
        ctx.attach_interface(spec.name, patterns);
    }
    for &(name, populate) in OTHERS {
        ctx.attach_interface(name, CanonicalizationPatterns(populate));
    }
}

/// The ops whose patterns all live in `patterns.rs`, each with a populate
/// function naming its root.
macro_rules! others {
    ($($f:ident => $name:literal),* $(,)?) => {
        $(fn $f(ctx: &mut Context, set: &mut PatternSet) {
            crate::patterns::populate(ctx, set, $name)
        })*
        type Populate = fn(&mut Context, &mut PatternSet);
        const OTHERS: &[(&str, Populate)] = &[$(($name, $f)),*];
    };
}

others! {
    addui_extended => "arith.addui_extended",
    mulsi_extended => "arith.mulsi_extended",
    mului_extended => "arith.mului_extended",
    xori => "arith.xori",
    andi => "arith.andi",
    ori => "arith.ori",
    select => "arith.select",
    index_cast => "arith.index_cast",
    index_castui => "arith.index_castui",
    bitcast => "arith.bitcast",
    extui => "arith.extui",
    extsi => "arith.extsi",
    trunci => "arith.trunci",
    truncf => "arith.truncf",
    mulf => "arith.mulf",
    divf => "arith.divf",
    cmpf => "arith.cmpf",
}

#[allow(clippy::too_many_arguments)]
fn r(
    root: &'static str,
    inner: &'static str,
    outer: Side,
    inner_c: Side,
    new: &'static str,
    combine: (&'static str, bool),
    const_lhs: bool,
    merge: bool,
) -> Reassociate {
    Reassociate {
        root,
        inner,
        outer,
        inner_c,
        new,
        combine,
        const_lhs,
        merge,
    }
}

// MLIR's registration order within each root (ties in benefit keep it).

fn addi(ctx: &mut Context, set: &mut PatternSet) {
    use Side::*;
    let (add, sub) = (ADDI.name, SUBI.name);
    let list = [
        r(add, add, Rhs, Rhs, add, ("addi", false), false, true),
        r(add, sub, Rhs, Rhs, add, ("subi", true), false, true),
        r(add, sub, Rhs, Lhs, sub, ("addi", false), true, true),
    ];
    for p in list {
        set.add(ctx, Box::new(p));
    }
    set.add(ctx, Box::new(AddMulNegOne { mul_on_rhs: true }));
    set.add(ctx, Box::new(AddMulNegOne { mul_on_rhs: false }));
}

fn muli(ctx: &mut Context, set: &mut PatternSet) {
    use Side::*;
    let muli = MULI.name;
    set.add(
        ctx,
        Box::new(r(muli, muli, Rhs, Rhs, muli, ("muli", false), false, true)),
    );
}

fn subi(ctx: &mut Context, set: &mut PatternSet) {
    use Side::*;
    let (add, sub) = (ADDI.name, SUBI.name);
    let list = [
        r(sub, add, Rhs, Rhs, add, ("subi", false), false, false),
        r(sub, add, Lhs, Rhs, sub, ("subi", true), true, true),
        r(sub, sub, Rhs, Rhs, sub, ("addi", false), false, true),
        r(sub, sub, Rhs, Lhs, sub, ("subi", false), true, true),
        r(sub, sub, Lhs, Rhs, sub, ("addi", false), true, true),
        r(sub, sub, Lhs, Lhs, add, ("subi", true), false, true),
    ];
    for p in list {
        set.add(ctx, Box::new(p));
    }
    set.add(ctx, Box::new(SubSubLhs));
}

fn cmpi(ctx: &mut Context, set: &mut PatternSet) {
    set.add(ctx, Box::new(CmpiConstantToRight));
    crate::patterns::populate(ctx, set, CMPI.name);
}

/// `cmpi(pred, c, x)` → `cmpi(swapped pred, x, c)` (MLIR's in-place cmpi fold).
struct CmpiConstantToRight;

impl RewritePattern for CmpiConstantToRight {
    fn name(&self) -> &'static str {
        "cmpi-constant-to-right"
    }
    fn root(&self) -> Option<&'static str> {
        Some(CMPI.name)
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
        let Some(pred) = int_of(rw.ctx, pa).map(|p| p.low_u128() as u64) else {
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
