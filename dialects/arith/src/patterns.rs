//! arith's canonicalization patterns other than the integer re-association ones
//! (`canonicalize.rs`): MLIR 22's `ArithCanonicalization.td` patterns on casts,
//! extensions, `select`, the extended ops, `xori`/`andi`/`ori` of extensions,
//! `mulf`/`divf` of negations, the C++ patterns `SelectToExtUI` and
//! `CmpFIntToFPConst`, and MLIR's in-place folds (`extui(extui x) → extui x`,
//! `trunci(trunci x) → trunci x`, ...), which xir runs as patterns tried first.
//!
//! As MLIR's generated rewrites, new ops are created operands first (a new
//! constant, then its user), before the root, and the root is replaced by the last.

use crate::fold::elements::{element_type, splat_int};
use crate::fold::{float, int_of};
use xir::rewrite::fold::value_constant;
use xir::rewrite::{PatternRewriter, PatternSet, RewritePattern};
use xir::store::ValueDef;
use xir::{Attr, AttrKind, Context, Op, OperationState, Type, TypeKind, Value};

/// A pattern from a plain function.
pub struct Pat {
    pub name: &'static str,
    pub root: &'static str,
    /// DRR's benefit: the number of ops the source pattern matches.
    pub benefit: u16,
    pub rewrite: fn(&mut PatternRewriter<'_>, Op) -> bool,
}

impl RewritePattern for Pat {
    fn name(&self) -> &'static str {
        self.name
    }
    fn root(&self) -> Option<&'static str> {
        Some(self.root)
    }
    fn benefit(&self) -> u16 {
        self.benefit
    }
    fn match_and_rewrite(&self, rw: &mut PatternRewriter<'_>, op: Op) -> bool {
        (self.rewrite)(rw, op)
    }
}

/// The op defining `v` when it is named `name`.
fn def(rw: &PatternRewriter<'_>, v: Value, name: &str) -> Option<Op> {
    let ValueDef::Result { op, .. } = rw.ir.value(v).def else {
        return None;
    };
    (rw.ctx.str(rw.ir.op(op).name) == name).then_some(op)
}

fn operand(rw: &PatternRewriter<'_>, op: Op, i: usize) -> Value {
    rw.ir.operand(op, i)
}

fn result_type(rw: &PatternRewriter<'_>, op: Op, i: usize) -> Type {
    rw.ir.value_type(rw.ir.result(op, i))
}

fn ty(rw: &PatternRewriter<'_>, v: Value) -> Type {
    rw.ir.value_type(v)
}

fn prop(rw: &PatternRewriter<'_>, op: Op, key: &str) -> Option<Attr> {
    xir::symbol::op_attr(rw.ctx, rw.ir, op, key)
}

fn pred(rw: &PatternRewriter<'_>, op: Op) -> Option<u64> {
    prop(rw, op, "predicate")
        .and_then(|a| int_of(rw.ctx, a))
        .map(|i| i.low_u128() as u64)
}

/// Creates `name(operands) : results` with properties `props` before the root.
fn make(
    rw: &mut PatternRewriter<'_>,
    name: &str,
    operands: Vec<Value>,
    results: Vec<Type>,
    props: Vec<(&str, Attr)>,
    loc: Attr,
) -> Op {
    let props = (!props.is_empty()).then(|| {
        let entries = props
            .into_iter()
            .map(|(k, v)| (rw.ctx.ident(k), v))
            .collect();
        rw.ctx.dictionary(entries)
    });
    let st = OperationState {
        operands,
        result_types: results,
        properties: props,
        ..OperationState::new(rw.ctx, name, loc)
    };
    rw.create(st)
}

/// `make` of a one-result op; its result.
fn make1(
    rw: &mut PatternRewriter<'_>,
    name: &str,
    operands: Vec<Value>,
    result: Type,
    props: Vec<(&str, Attr)>,
    loc: Attr,
) -> Value {
    let op = make(rw, name, operands, vec![result], props, loc);
    rw.ir.result(op, 0)
}

fn constant(rw: &mut PatternRewriter<'_>, value: Attr, t: Type, loc: Attr) -> Value {
    make1(rw, "arith.constant", vec![], t, vec![("value", value)], loc)
}

fn pred_attr(ctx: &mut Context, p: u64) -> Attr {
    ctx.i64_attr(p as i64)
}

fn overflow_none(ctx: &mut Context) -> Attr {
    crate::constraints::OVERFLOW.attr(ctx, 0)
}

fn loc(rw: &PatternRewriter<'_>, op: Op) -> Attr {
    rw.ir.op(op).loc
}

fn replace1(rw: &mut PatternRewriter<'_>, op: Op, v: Value) -> bool {
    rw.replace_op(op, &[v]);
    true
}

/// The width of an integer or float element type (`index`: 64).
fn elem_width(ctx: &Context, t: Type) -> Option<u32> {
    match ctx.type_kind(element_type(ctx, t)) {
        TypeKind::Integer { width, .. } => Some(*width),
        TypeKind::Float(k) => Some(k.bit_width()),
        TypeKind::Index => None,
        _ => None,
    }
}

/// Whether `v` is a scalar i1 constant equal to `bit` (DRR's
/// `ConstantAttr<I1Attr, ...>`).
fn is_i1_const(rw: &PatternRewriter<'_>, v: Value, bit: bool) -> bool {
    let Some(a) = value_constant(rw.ctx, rw.ir, v) else {
        return false;
    };
    match rw.ctx.attr_kind(a) {
        AttrKind::Integer { ty, .. } => {
            matches!(rw.ctx.type_kind(*ty), TypeKind::Integer { width: 1, .. })
                && int_of(rw.ctx, a).is_some_and(|i| i.is_one() == bit)
        }
        _ => false,
    }
}

// ---- in-place folds ----

/// `extui(extui x) → extui x`, `extsi(extsi x) → extsi x`.
fn ext_of_same_ext(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    let name = rw.ctx.str(rw.ir.op(op).name).to_string();
    let Some(inner) = def(rw, operand(rw, op, 0), &name) else {
        return false;
    };
    let x = operand(rw, inner, 0);
    rw.set_operand(op, 0, x);
    true
}

/// `trunci(ext x) → trunci x` when x is wider than the result; `trunci(trunci x)
/// → trunci x`.
fn trunci_in_place(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    let v = operand(rw, op, 0);
    if let Some(inner) = def(rw, v, "arith.extui").or_else(|| def(rw, v, "arith.extsi")) {
        let src = operand(rw, inner, 0);
        let (sw, dw) = (
            elem_width(rw.ctx, ty(rw, src)),
            elem_width(rw.ctx, result_type(rw, op, 0)),
        );
        if sw.zip(dw).is_some_and(|(s, d)| s > d) {
            rw.set_operand(op, 0, src);
            return true;
        }
        return false;
    }
    let Some(inner) = def(rw, v, "arith.trunci") else {
        return false;
    };
    let src = operand(rw, inner, 0);
    rw.set_operand(op, 0, src);
    true
}

/// `truncf(extf x) → truncf x` when x's type is exact in the middle one and wider
/// than the result.
fn truncf_in_place(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    let v = operand(rw, op, 0);
    let Some(inner) = def(rw, v, "arith.extf") else {
        return false;
    };
    let src = operand(rw, inner, 0);
    let kind = |rw: &PatternRewriter<'_>, t: Type| match rw.ctx.type_kind(element_type(rw.ctx, t)) {
        TypeKind::Float(k) => Some(*k),
        _ => None,
    };
    let (Some(s), Some(m), Some(d)) = (
        kind(rw, ty(rw, src)),
        kind(rw, ty(rw, v)),
        kind(rw, result_type(rw, op, 0)),
    ) else {
        return false;
    };
    if float::representable_by(s, m) && s.bit_width() > d.bit_width() {
        rw.set_operand(op, 0, src);
        return true;
    }
    false
}

// ---- one-op rewrites of casts ----

/// `index_cast(index_cast x) → x` (same for `index_castui`) when the types match.
fn index_cast_of_index_cast(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    let name = rw.ctx.str(rw.ir.op(op).name).to_string();
    let Some(inner) = def(rw, operand(rw, op, 0), &name) else {
        return false;
    };
    let x = operand(rw, inner, 0);
    if ty(rw, x) != result_type(rw, op, 0) {
        return false;
    }
    replace1(rw, op, x)
}

/// `root(inner x) → new x` with the root's result type: `index_cast(extsi x)`,
/// `index_castui(extui x)`, `bitcast(bitcast x)`, `extsi(extui x)`,
/// `truncf(sitofp x)` (default rounding only).
fn recast(rw: &mut PatternRewriter<'_>, op: Op, inner: &str, new: &str) -> bool {
    let Some(i) = def(rw, operand(rw, op, 0), inner) else {
        return false;
    };
    let x = operand(rw, i, 0);
    let (t, l) = (result_type(rw, op, 0), loc(rw, op));
    let n = make1(rw, new, vec![x], t, vec![], l);
    replace1(rw, op, n)
}

fn index_cast_of_extsi(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    recast(rw, op, "arith.extsi", "arith.index_cast")
}
fn index_castui_of_extui(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    recast(rw, op, "arith.extui", "arith.index_castui")
}
fn bitcast_of_bitcast(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    recast(rw, op, "arith.bitcast", "arith.bitcast")
}
fn extsi_of_extui(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    recast(rw, op, "arith.extui", "arith.extui")
}
fn truncf_of_sitofp(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    prop(rw, op, "roundingmode").is_none() && recast(rw, op, "arith.sitofp", "arith.sitofp")
}
fn truncf_of_uitofp(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    prop(rw, op, "roundingmode").is_none() && recast(rw, op, "arith.uitofp", "arith.uitofp")
}

/// `trunci(ext x) → ext x` when only extension bits are truncated (the ext is
/// wider than the trunc, which is wider than x).
fn trunci_of_ext(rw: &mut PatternRewriter<'_>, op: Op, ext: &str) -> bool {
    let Some(e) = def(rw, operand(rw, op, 0), ext) else {
        return false;
    };
    let x = operand(rw, e, 0);
    let w = |rw: &PatternRewriter<'_>, t: Type| elem_width(rw.ctx, t).map(i64::from).unwrap_or(-1);
    let (we, wt, wx) = (
        w(rw, result_type(rw, e, 0)),
        w(rw, result_type(rw, op, 0)),
        w(rw, ty(rw, x)),
    );
    if !(we > wt && wt > 0 && wt > wx && wx > 0) {
        return false;
    }
    recast(rw, op, ext, ext)
}
fn trunci_of_extsi(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    trunci_of_ext(rw, op, "arith.extsi")
}
fn trunci_of_extui(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    trunci_of_ext(rw, op, "arith.extui")
}

/// `trunci(shrsi(x, c)) → trunci(shrui(x, c))` when c is exactly the truncated
/// width.
fn trunci_of_shrsi(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    let Some(sh) = def(rw, operand(rw, op, 0), "arith.shrsi") else {
        return false;
    };
    let (x, c) = (operand(rw, sh, 0), operand(rw, sh, 1));
    let Some(ca) = value_constant(rw.ctx, rw.ir, c) else {
        return false;
    };
    let (Some(wx), Some(wt)) = (
        elem_width(rw.ctx, ty(rw, x)),
        elem_width(rw.ctx, result_type(rw, op, 0)),
    ) else {
        return false;
    };
    let Some(amount) = splat_int(rw.ctx, ca) else {
        return false;
    };
    if amount.to_u128() != Some(u128::from(wx - wt)) {
        return false;
    }
    let l = loc(rw, op);
    let (ct, xt, rt) = (ty(rw, c), ty(rw, x), result_type(rw, op, 0));
    let nc = constant(rw, ca, ct, l);
    let shr = make1(rw, "arith.shrui", vec![x, nc], xt, vec![], l);
    let flags = prop(rw, op, "overflowFlags");
    let props = flags
        .map(|f| vec![("overflowFlags", f)])
        .unwrap_or_default();
    let n = make1(rw, "arith.trunci", vec![shr], rt, props, l);
    replace1(rw, op, n)
}

// ---- binary ops of extensions ----

/// `op(ext x, ext y) → ext(op(x, y))` for x and y of one type.
fn bin_of_ext(rw: &mut PatternRewriter<'_>, op: Op, ext: &str) -> bool {
    let (l, r) = (operand(rw, op, 0), operand(rw, op, 1));
    let (Some(a), Some(b)) = (def(rw, l, ext), def(rw, r, ext)) else {
        return false;
    };
    let (x, y) = (operand(rw, a, 0), operand(rw, b, 0));
    if ty(rw, x) != ty(rw, y) {
        return false;
    }
    let name = rw.ctx.str(rw.ir.op(op).name).to_string();
    let (lc, xt, rt) = (loc(rw, op), ty(rw, x), result_type(rw, op, 0));
    let inner = make1(rw, &name, vec![x, y], xt, vec![], lc);
    let n = make1(rw, ext, vec![inner], rt, vec![], lc);
    replace1(rw, op, n)
}
fn bin_of_extui(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    bin_of_ext(rw, op, "arith.extui")
}
fn bin_of_extsi(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    bin_of_ext(rw, op, "arith.extsi")
}

/// `cmpi(eq|ne, ext a, ext b) → cmpi(eq|ne, a, b)` for a and b of one type.
fn cmpi_of_ext(rw: &mut PatternRewriter<'_>, op: Op, ext: &str) -> bool {
    let p = pred(rw, op);
    if !matches!(p, Some(0 | 1)) {
        return false;
    }
    let (l, r) = (operand(rw, op, 0), operand(rw, op, 1));
    let (Some(a), Some(b)) = (def(rw, l, ext), def(rw, r, ext)) else {
        return false;
    };
    let (x, y) = (operand(rw, a, 0), operand(rw, b, 0));
    if ty(rw, x) != ty(rw, y) {
        return false;
    }
    let (lc, rt) = (loc(rw, op), result_type(rw, op, 0));
    let pa = pred_attr(rw.ctx, p.unwrap_or(0));
    let n = make1(
        rw,
        "arith.cmpi",
        vec![x, y],
        rt,
        vec![("predicate", pa)],
        lc,
    );
    replace1(rw, op, n)
}
fn cmpi_of_extsi(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    cmpi_of_ext(rw, op, "arith.extsi")
}
fn cmpi_of_extui(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    cmpi_of_ext(rw, op, "arith.extui")
}

/// `xori(cmpi(p, a, b), true) → cmpi(!p, a, b)`.
fn xori_not_cmpi(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    let (l, r) = (operand(rw, op, 0), operand(rw, op, 1));
    let Some(cmp) = def(rw, l, "arith.cmpi") else {
        return false;
    };
    if !is_i1_const(rw, r, true) {
        return false;
    }
    let Some(p) = pred(rw, cmp) else {
        return false;
    };
    // eq<->ne, slt<->sge, sle<->sgt, ult<->uge, ule<->ugt.
    let inv = match p {
        0 => 1,
        1 => 0,
        2 => 5,
        5 => 2,
        3 => 4,
        4 => 3,
        6 => 9,
        9 => 6,
        7 => 8,
        8 => 7,
        _ => return false,
    };
    let (a, b) = (operand(rw, cmp, 0), operand(rw, cmp, 1));
    let (lc, rt) = (loc(rw, op), result_type(rw, op, 0));
    let pa = pred_attr(rw.ctx, inv);
    let n = make1(
        rw,
        "arith.cmpi",
        vec![a, b],
        rt,
        vec![("predicate", pa)],
        lc,
    );
    replace1(rw, op, n)
}

// ---- extended ops ----

fn unused(rw: &PatternRewriter<'_>, op: Op, i: usize) -> bool {
    rw.ir.uses(rw.ir.result(op, i)).next().is_none()
}

/// `*_extended(x, y) → [op(x, y), x]` when the second result is unused.
fn extended_to(rw: &mut PatternRewriter<'_>, op: Op, new: &str) -> bool {
    if !unused(rw, op, 1) {
        return false;
    }
    let (x, y) = (operand(rw, op, 0), operand(rw, op, 1));
    let (lc, t) = (loc(rw, op), result_type(rw, op, 0));
    let none = overflow_none(rw.ctx);
    let n = make1(rw, new, vec![x, y], t, vec![("overflowFlags", none)], lc);
    rw.replace_op(op, &[n, x]);
    true
}
fn addui_extended_to_addi(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    extended_to(rw, op, "arith.addi")
}
fn mul_extended_to_muli(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    extended_to(rw, op, "arith.muli")
}

/// `mulsi_extended(x, 1) → [x, extsi(cmpi slt, x, 0)]`.
fn mulsi_extended_rhs_one(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    let (x, c) = (operand(rw, op, 0), operand(rw, op, 1));
    let Some(ca) = value_constant(rw.ctx, rw.ir, c) else {
        return false;
    };
    if splat_int(rw.ctx, ca).is_none_or(|i| !i.is_one() || i.width() == 1) {
        return false;
    }
    let (lc, xt, ht) = (loc(rw, op), ty(rw, x), result_type(rw, op, 1));
    let Some(zero) = crate::fold::elements::zero_attr(rw.ctx, xt) else {
        return false;
    };
    let z = constant(rw, zero, xt, lc);
    let it = crate::fold::elements::i1_same_shape(rw.ctx, xt);
    let slt = pred_attr(rw.ctx, 2);
    let cmp = make1(
        rw,
        "arith.cmpi",
        vec![x, z],
        it,
        vec![("predicate", slt)],
        lc,
    );
    let hi = make1(rw, "arith.extsi", vec![cmp], ht, vec![], lc);
    rw.replace_op(op, &[x, hi]);
    true
}

// ---- select ----

/// `select(p, select(p, a, b), c) → select(p, a, c)` (and the false side).
fn redundant_select(rw: &mut PatternRewriter<'_>, op: Op, true_side: bool) -> bool {
    let p = operand(rw, op, 0);
    let i = if true_side { 1 } else { 2 };
    let Some(inner) = def(rw, operand(rw, op, i), "arith.select") else {
        return false;
    };
    if operand(rw, inner, 0) != p {
        return false;
    }
    let (a, c) = if true_side {
        (operand(rw, inner, 1), operand(rw, op, 2))
    } else {
        (operand(rw, op, 1), operand(rw, inner, 2))
    };
    let (lc, t) = (loc(rw, op), result_type(rw, op, 0));
    let n = make1(rw, "arith.select", vec![p, a, c], t, vec![], lc);
    replace1(rw, op, n)
}
fn redundant_select_false(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    redundant_select(rw, op, false)
}
fn redundant_select_true(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    redundant_select(rw, op, true)
}

/// `select(xori(p, -1), a, b) → select(p, b, a)` (scalar conditions).
fn select_not_cond(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    let Some(x) = def(rw, operand(rw, op, 0), "arith.xori") else {
        return false;
    };
    let ones = operand(rw, x, 1);
    let Some(ca) = value_constant(rw.ctx, rw.ir, ones) else {
        return false;
    };
    if !matches!(rw.ctx.attr_kind(ca), AttrKind::Integer { .. })
        || int_of(rw.ctx, ca).is_none_or(|i| !i.is_all_ones())
    {
        return false;
    }
    let p = operand(rw, x, 0);
    let (a, b) = (operand(rw, op, 1), operand(rw, op, 2));
    let (lc, t) = (loc(rw, op), result_type(rw, op, 0));
    let n = make1(rw, "arith.select", vec![p, b, a], t, vec![], lc);
    replace1(rw, op, n)
}

/// `select(p, false, true) → xori(p, true)`.
fn select_i1_to_not(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    let (p, a, b) = (operand(rw, op, 0), operand(rw, op, 1), operand(rw, op, 2));
    if !is_i1_const(rw, a, false) || !is_i1_const(rw, b, true) {
        return false;
    }
    let (lc, pt) = (loc(rw, op), ty(rw, p));
    let t = rw.ctx.bool_attr(true);
    let c = constant(rw, t, pt, lc);
    let n = make1(rw, "arith.xori", vec![p, c], pt, vec![], lc);
    replace1(rw, op, n)
}

/// `select(p, 1, 0) → extui p`, `select(p, 0, 1) → extui(xori(p, 1))` on integer
/// scalars wider than i1.
fn select_to_extui(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    let t = result_type(rw, op, 0);
    if !matches!(rw.ctx.type_kind(t), TypeKind::Integer { width, .. } if *width > 1) {
        return false;
    }
    let (p, a, b) = (operand(rw, op, 0), operand(rw, op, 1), operand(rw, op, 2));
    let is = |rw: &PatternRewriter<'_>, v: Value, bit: u128| {
        value_constant(rw.ctx, rw.ir, v)
            .and_then(|c| splat_int(rw.ctx, c))
            .is_some_and(|i| i.to_u128() == Some(bit))
    };
    let lc = loc(rw, op);
    if is(rw, a, 1) && is(rw, b, 0) {
        let n = make1(rw, "arith.extui", vec![p], t, vec![], lc);
        return replace1(rw, op, n);
    }
    if is(rw, a, 0) && is(rw, b, 1) {
        let pt = ty(rw, p);
        let one = rw.ctx.bool_attr(true);
        let c = constant(rw, one, pt, lc);
        let x = make1(rw, "arith.xori", vec![p, c], pt, vec![], lc);
        let n = make1(rw, "arith.extui", vec![x], t, vec![], lc);
        return replace1(rw, op, n);
    }
    false
}

// ---- float ----

/// `mulf(negf x, negf y) → mulf(x, y)` (and `divf`), keeping the root's fastmath.
fn bin_of_negf(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    let (l, r) = (operand(rw, op, 0), operand(rw, op, 1));
    let (Some(a), Some(b)) = (def(rw, l, "arith.negf"), def(rw, r, "arith.negf")) else {
        return false;
    };
    let (x, y) = (operand(rw, a, 0), operand(rw, b, 0));
    if ty(rw, x) != ty(rw, y) {
        return false;
    }
    let name = rw.ctx.str(rw.ir.op(op).name).to_string();
    let (lc, t) = (loc(rw, op), result_type(rw, op, 0));
    let fm = prop(rw, op, "fastmath");
    let props = fm.map(|f| vec![("fastmath", f)]).unwrap_or_default();
    let n = make1(rw, &name, vec![x, y], t, props, lc);
    replace1(rw, op, n)
}

/// MLIR's `CmpFIntToFPConst`: `cmpf(p, [su]itofp x, c)` → a `cmpi` of x against
/// c as an integer, or a constant, when the conversion cannot change the answer.
fn cmpf_int_to_fp_const(rw: &mut PatternRewriter<'_>, op: Op) -> bool {
    let (l, r) = (operand(rw, op, 0), operand(rw, op, 1));
    let Some(ca) = value_constant(rw.ctx, rw.ir, r) else {
        return false;
    };
    let AttrKind::Float { ty: ft, bits } = *rw.ctx.attr_kind(ca) else {
        return false;
    };
    let TypeKind::Float(k) = *rw.ctx.type_kind(ft) else {
        return false;
    };
    let (unsigned, x) = if let Some(s) = def(rw, l, "arith.sitofp") {
        (false, operand(rw, s, 0))
    } else if let Some(u) = def(rw, l, "arith.uitofp") {
        (true, operand(rw, u, 0))
    } else {
        return false;
    };
    let xt = ty(rw, x);
    let TypeKind::Integer { width, .. } = *rw.ctx.type_kind(xt) else {
        return false;
    };
    let Some(p) = pred(rw, op) else {
        return false;
    };
    let Some(decision) = float::int_compare_plan(k, bits, width, unsigned, p) else {
        return false;
    };
    let lc = loc(rw, op);
    let i1 = rw.ctx.i1();
    match decision {
        float::CmpPlan::Const(b) => {
            let a = rw.ctx.bool_attr(b);
            let c = constant(rw, a, i1, lc);
            replace1(rw, op, c)
        }
        float::CmpPlan::Cmpi(ip, value) => {
            let v = crate::fold::int_attr(rw.ctx, xt, &value);
            let c = constant(rw, v, xt, lc);
            let pa = pred_attr(rw.ctx, ip);
            let rt = result_type(rw, op, 0);
            let n = make1(
                rw,
                "arith.cmpi",
                vec![x, c],
                rt,
                vec![("predicate", pa)],
                lc,
            );
            replace1(rw, op, n)
        }
    }
}

type Rewrite = fn(&mut PatternRewriter<'_>, Op) -> bool;

/// The patterns, per root, in MLIR's order of registration.
pub fn populate(ctx: &mut Context, set: &mut PatternSet, root: &'static str) {
    let list: &[(&'static str, u16, Rewrite)] = match root {
        "arith.addui_extended" => &[("addui-extended-to-addi", 1, addui_extended_to_addi)],
        "arith.mulsi_extended" => &[
            ("mulsi-extended-to-muli", 1, mul_extended_to_muli),
            ("mulsi-extended-rhs-one", 1, mulsi_extended_rhs_one),
        ],
        "arith.mului_extended" => &[("mului-extended-to-muli", 1, mul_extended_to_muli)],
        "arith.xori" => &[
            ("xori-not-cmpi", 2, xori_not_cmpi),
            ("xori-of-extui", 3, bin_of_extui),
            ("xori-of-extsi", 3, bin_of_extsi),
        ],
        "arith.andi" | "arith.ori" => &[
            ("bitwise-of-extui", 3, bin_of_extui),
            ("bitwise-of-extsi", 3, bin_of_extsi),
        ],
        "arith.cmpi" => &[
            ("cmpi-of-extsi", 3, cmpi_of_extsi),
            ("cmpi-of-extui", 3, cmpi_of_extui),
        ],
        "arith.select" => &[
            ("redundant-select-false", 2, redundant_select_false),
            ("redundant-select-true", 2, redundant_select_true),
            ("select-not-cond", 2, select_not_cond),
            ("select-i1-to-not", 1, select_i1_to_not),
            ("select-to-extui", 1, select_to_extui),
        ],
        "arith.index_cast" => &[
            ("index-cast-of-index-cast", 2, index_cast_of_index_cast),
            ("index-cast-of-extsi", 2, index_cast_of_extsi),
        ],
        "arith.index_castui" => &[
            ("index-castui-of-index-castui", 2, index_cast_of_index_cast),
            ("index-castui-of-extui", 2, index_castui_of_extui),
        ],
        "arith.bitcast" => &[("bitcast-of-bitcast", 2, bitcast_of_bitcast)],
        "arith.extui" => &[("extui-of-extui-in-place", 100, ext_of_same_ext)],
        "arith.extsi" => &[
            ("extsi-of-extsi-in-place", 100, ext_of_same_ext),
            ("extsi-of-extui", 2, extsi_of_extui),
        ],
        "arith.trunci" => &[
            ("trunci-in-place", 100, trunci_in_place),
            ("trunci-of-extsi", 2, trunci_of_extsi),
            ("trunci-of-extui", 2, trunci_of_extui),
            ("trunci-of-shrsi", 2, trunci_of_shrsi),
        ],
        "arith.truncf" => &[
            ("truncf-in-place", 100, truncf_in_place),
            ("truncf-of-sitofp", 2, truncf_of_sitofp),
            ("truncf-of-uitofp", 2, truncf_of_uitofp),
        ],
        "arith.mulf" => &[("mulf-of-negf", 3, bin_of_negf)],
        "arith.divf" => &[("divf-of-negf", 3, bin_of_negf)],
        "arith.cmpf" => &[("cmpf-int-to-fp-const", 1, cmpf_int_to_fp_const)],
        _ => &[],
    };
    for &(name, benefit, rewrite) in list {
        set.add(
            ctx,
            Box::new(Pat {
                name,
                root,
                benefit,
                rewrite,
            }),
        );
    }
}
