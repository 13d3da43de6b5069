//! Constant folding with MLIR's semantics. [`fold_constants`] maps the constant
//! attributes of the operands (`None`: not constant) to the result attributes;
//! `None` means "does not fold" (division by zero, poison, unknown operands).
//! Scalars fold, and vectors and tensors of static shape element by element.

pub mod elements;
pub mod float;
pub mod identity;
pub mod int;

use elements::{Const, Elem, Scalar};
use int::Int;
use num_traits::ToPrimitive;
use rustc_apfloat::Round;
use xir::ods::FoldResult;
use xir::store::{Ir, ValueDef};
use xir::{Attr, AttrKind, Context, FloatKind, Op, Type, TypeKind};

/// The width of an integer or index type.
fn int_width(ctx: &Context, t: Type) -> Option<u32> {
    match ctx.type_kind(t) {
        TypeKind::Integer { width, .. } => Some(*width),
        TypeKind::Index => Some(64),
        _ => None,
    }
}

fn float_kind(ctx: &Context, t: Type) -> Option<FloatKind> {
    match ctx.type_kind(t) {
        TypeKind::Float(k) => Some(*k),
        _ => None,
    }
}

pub fn int_of(ctx: &Context, a: Attr) -> Option<Int> {
    let AttrKind::Integer { ty, value } = ctx.attr_kind(a) else {
        return None;
    };
    let w = int_width(ctx, *ty)?;
    if let Some(v) = value.to_i128() {
        return Some(Int::from_i128(v, w));
    }
    Some(Int::from_bigint(value, w))
}

/// An integer attribute; `i1` holds 0 / 1, other widths their signed value.
pub fn int_attr(ctx: &mut Context, ty: Type, v: &Int) -> Attr {
    let value = if v.width() == 1 {
        u8::from(v.is_one()).into()
    } else if let Some(x) = v.to_i128() {
        x.into()
    } else {
        v.signed()
    };
    ctx.intern_attr(AttrKind::Integer { ty, value })
}

pub fn float_of(ctx: &Context, a: Attr) -> Option<(FloatKind, u128)> {
    match ctx.attr_kind(a) {
        AttrKind::Float { ty, bits } => Some((float_kind(ctx, *ty)?, *bits)),
        _ => None,
    }
}

fn rounding(mode: Option<u64>) -> Round {
    match mode {
        Some(1) => Round::TowardNegative,
        Some(2) => Round::TowardPositive,
        Some(3) => Round::TowardZero,
        Some(4) => Round::NearestTiesToAway,
        _ => Round::NearestTiesToEven,
    }
}

/// The op's enum properties a folder needs.
#[derive(Copy, Clone, Default, Debug)]
pub struct FoldProps {
    pub predicate: Option<u64>,
    pub roundingmode: Option<u64>,
}

/// Folds op `name` (`arith.addi`) whose results have `result_types`: scalars
/// to scalars, dense operands element by element (splats once) as MLIR's
/// `constFoldBinaryOp` / `constFoldCastOp` do. `cmpf` folds scalars only, as
/// MLIR's.
pub fn fold_constants(
    ctx: &mut Context,
    name: &str,
    props: FoldProps,
    operands: &[Option<Attr>],
    result_types: &[Type],
) -> Option<Vec<Attr>> {
    let op = name.strip_prefix("arith.")?;
    let consts: Option<Vec<Attr>> = operands.iter().copied().collect();
    let read: Option<Vec<Const>> = consts?
        .into_iter()
        .map(|a| elements::read(ctx, a))
        .collect();
    let read = read?;
    let elems: Option<Vec<Elem>> = result_types
        .iter()
        .map(|&t| Elem::of(ctx, elements::element_type(ctx, t)))
        .collect();
    let elems = elems?;
    if read.iter().all(|c| matches!(c, Const::Scalar(_))) {
        let xs: Vec<Scalar> = read
            .iter()
            .map(|c| match c {
                Const::Scalar(s) => s.clone(),
                Const::Dense { .. } => unreachable!("all scalars"),
            })
            .collect();
        let r = fold_scalars(op, props, &xs, &elems)?;
        return Some(
            r.into_iter()
                .zip(result_types)
                .map(|(s, &t)| elements::scalar_attr(ctx, t, s))
                .collect(),
        );
    }
    if op == "cmpf" || !read.iter().all(|c| matches!(c, Const::Dense { .. })) {
        return None;
    }
    let dense: Vec<(bool, &[Scalar])> = read
        .iter()
        .map(|c| match c {
            Const::Dense { splat, elems } => (*splat, elems.as_slice()),
            Const::Scalar(_) => unreachable!("all dense"),
        })
        .collect();
    let count = if dense.iter().all(|d| d.0) {
        1
    } else {
        elements::static_count(ctx, *result_types.first()?)?
    };
    if matches!(op, "shli" | "shrui" | "shrsi" | "floordivsi") {
        return last_status_fold(ctx, op, &dense, count, result_types);
    }
    let mut out: Vec<Vec<Scalar>> = vec![Vec::with_capacity(count); result_types.len()];
    let mut xs = Vec::with_capacity(dense.len());
    for i in 0..count {
        xs.clear();
        for (splat, e) in &dense {
            xs.push(e.get(if *splat { 0 } else { i })?.clone());
        }
        for (o, s) in out.iter_mut().zip(fold_scalars(op, props, &xs, &elems)?) {
            o.push(s);
        }
    }
    out.iter()
        .zip(result_types)
        .map(|(o, &t)| elements::dense_attr(ctx, t, o))
        .collect()
}

/// Shifts and `floordivsi` of dense operands: MLIR's folder keeps a status that
/// each element overwrites, so the last element decides whether the whole fold
/// happens (the others take APInt's value).
fn last_status_fold(
    ctx: &mut Context,
    op: &str,
    dense: &[(bool, &[Scalar])],
    count: usize,
    result_types: &[Type],
) -> Option<Vec<Attr>> {
    let [(sa, a), (sb, b)] = dense else {
        return None;
    };
    let mut out = Vec::with_capacity(count);
    let mut ok = false;
    for i in 0..count {
        let at = |splat: bool| if splat { 0 } else { i };
        let (Some(Scalar::Int(x)), Some(Scalar::Int(y))) = (a.get(at(*sa)), b.get(at(*sb))) else {
            return None;
        };
        let (r, fine) = int::last_status(op, x, y)?;
        out.push(Scalar::Int(r));
        ok = fine;
    }
    ok.then(|| elements::dense_attr(ctx, *result_types.first()?, &out))
        .flatten()
        .map(|a| vec![a])
}

fn bool_scalar(b: bool) -> Scalar {
    Scalar::Int(Int::new(u128::from(b), 1))
}

/// Folds one element of each operand to one element of each result.
fn fold_scalars(op: &str, props: FoldProps, xs: &[Scalar], res: &[Elem]) -> Option<Vec<Scalar>> {
    use Scalar::{Float as F, Int as I};
    let rt = *res.first()?;
    Some(match (op, xs) {
        ("cmpi", [I(a), I(b)]) => vec![bool_scalar(int::compare(props.predicate?, a, b)?)],
        ("cmpf", &[F(k, x), F(_, y)]) => {
            vec![bool_scalar(float::compare(props.predicate?, k, x, y)?)]
        }
        ("addui_extended", [I(a), I(b)]) => {
            let (sum, carry) = int::add_extended(a, b);
            vec![I(sum), bool_scalar(carry)]
        }
        ("mulsi_extended" | "mului_extended", [I(a), I(b)]) => {
            let (lo, hi) = int::mul_extended(a, b, op == "mulsi_extended");
            vec![I(lo), I(hi)]
        }
        ("negf", &[F(k, x)]) => vec![F(k, float::negate(k, x)?)],
        (_, [a]) => vec![fold_cast(op, props, a, rt)?],
        (_, [I(a), I(b)]) => vec![I(int::binary(op, a, b)?)],
        (_, &[F(k, x), F(_, y)]) => vec![F(k, float::binary(op, k, x, y)?)],
        _ => return None,
    })
}

fn fold_cast(op: &str, props: FoldProps, a: &Scalar, rt: Elem) -> Option<Scalar> {
    use Scalar::{Float as F, Int as I};
    Some(match (op, a, rt) {
        ("extsi" | "extui" | "trunci" | "index_cast" | "index_castui", I(x), Elem::Int(w)) => {
            let signed = op == "extsi" || (op == "index_cast" && w > x.width());
            I(int::resize(x, w, signed))
        }
        ("extf" | "truncf", &F(k, x), Elem::Float(to)) => {
            F(to, float::cast(k, to, x, rounding(props.roundingmode))?)
        }
        ("sitofp" | "uitofp", I(x), Elem::Float(to)) => {
            F(to, float::from_int(to, x, op == "sitofp")?)
        }
        ("fptosi" | "fptoui", &F(k, x), Elem::Int(w)) => I(float::to_int(k, x, w, op == "fptosi")?),
        ("bitcast", I(x), Elem::Int(w)) => I(int::resize(x, w, false)),
        ("bitcast", &F(_, b), Elem::Int(w)) => I(Int::new(b, w)),
        ("bitcast", I(x), Elem::Float(k)) => F(k, x.low_u128()),
        ("bitcast", &F(_, b), Elem::Float(k)) => F(k, b),
        _ => return None,
    })
}

/// The folder installed on every arith op (the `OpSpec` folder slot).
pub fn fold_op(
    ctx: &mut Context,
    ir: &Ir,
    op: Op,
    operands: &[Option<Attr>],
) -> Option<Vec<FoldResult>> {
    let name = ctx.str(ir.op(op).name).to_string();
    let attr = |ctx: &Context, key: &str| xir::symbol::op_attr(ctx, ir, op, key);
    match name.as_str() {
        "arith.constant" => return attr(ctx, "value").map(|a| vec![FoldResult::Attr(a)]),
        "arith.select" => return select(ctx, ir, op, operands).map(|r| vec![r]),
        "arith.addui_extended" | "arith.mulsi_extended" | "arith.mului_extended" => {
            if let Some(r) = extended_identity(ctx, ir, op, &name, operands) {
                return Some(r);
            }
        }
        _ => {}
    }
    let enum_value = |ctx: &Context, key: &str| {
        attr(ctx, key)
            .and_then(|a| int_of(ctx, a))
            .map(|v| v.low_u128() as u64)
    };
    let props = FoldProps {
        predicate: enum_value(ctx, "predicate"),
        roundingmode: enum_value(ctx, "roundingmode"),
    };
    // MLIR's order: the op's own non-constant folds, the constant fold, then the
    // folds of its traits.
    let short = &name["arith.".len().min(name.len())..];
    if let Some(r) = identity::before_constant(ctx, ir, op, short, operands) {
        return Some(vec![r]);
    }
    if let Some(r) = identity::unary(ctx, ir, op, short) {
        return Some(vec![r]);
    }
    let types: Vec<Type> = ir.results(op).iter().map(|&v| ir.value_type(v)).collect();
    let operands = if short == "cmpf" {
        nan_both(ctx, operands)
    } else {
        operands.to_vec()
    };
    if let Some(r) = fold_constants(ctx, &name, props, &operands, &types) {
        return Some(r.into_iter().map(FoldResult::Attr).collect());
    }
    if CASTS.contains(&short) {
        return identity::identity_cast(ir, op).map(|r| vec![r]);
    }
    identity::idempotent(ir, op, short).map(|r| vec![r])
}

/// The ops with MLIR's `CastOpInterface`.
const CASTS: &[&str] = &[
    "extui",
    "extsi",
    "extf",
    "trunci",
    "truncf",
    "uitofp",
    "sitofp",
    "fptoui",
    "fptosi",
    "index_cast",
    "index_castui",
    "bitcast",
];

/// `cmpf` with a scalar NaN operand: the other one may as well be that NaN.
fn nan_both(ctx: &Context, operands: &[Option<Attr>]) -> Vec<Option<Attr>> {
    let is_nan = |a: Option<Attr>| {
        let (k, b) = float_of(ctx, a?)?;
        float::classify(k, b).filter(|c| c.nan).map(|_| a)?
    };
    match (
        operands.first().copied().flatten(),
        operands.get(1).copied().flatten(),
    ) {
        (l, _) if is_nan(l).is_some() => vec![l, l],
        (_, r) if is_nan(r).is_some() => vec![r, r],
        _ => operands.to_vec(),
    }
}

/// MLIR's `SelectOp::fold`.
fn select(ctx: &mut Context, ir: &Ir, op: Op, operands: &[Option<Attr>]) -> Option<FoldResult> {
    let (c, t, f) = (ir.operand(op, 0), ir.operand(op, 1), ir.operand(op, 2));
    if t == f {
        return Some(FoldResult::Value(t));
    }
    let cond = operands.first().copied().flatten();
    match cond.and_then(|a| elements::splat_int(ctx, a)) {
        Some(i) if i.is_one() => return Some(FoldResult::Value(t)),
        Some(i) if i.is_zero() => return Some(FoldResult::Value(f)),
        _ => {}
    }
    let ty = ir.value_type(ir.result(op, 0));
    let is_i1 = matches!(ctx.type_kind(ty), TypeKind::Integer { width: 1, .. });
    let cst = |i: usize| {
        operands
            .get(i)
            .copied()
            .flatten()
            .and_then(|a| int_of(ctx, a))
    };
    if is_i1 && cst(1).is_some_and(|x| x.is_one()) && cst(2).is_some_and(|x| x.is_zero()) {
        return Some(FoldResult::Value(c));
    }
    if let ValueDef::Result { op: cmp, .. } = ir.value(c).def {
        if ctx.str(ir.op(cmp).name) == "arith.cmpi" && ir.num_operands(cmp) == 2 {
            let pred = xir::symbol::op_attr(ctx, ir, cmp, "predicate")
                .and_then(|a| int_of(ctx, a))
                .map(|p| p.low_u128());
            let (cl, cr) = (ir.operand(cmp, 0), ir.operand(cmp, 1));
            if matches!(pred, Some(0 | 1)) && ((cl == t && cr == f) || (cr == t && cl == f)) {
                return Some(FoldResult::Value(if pred == Some(1) { t } else { f }));
            }
        }
    }
    // A constant mask over constant values, element by element.
    let dense = |i: usize| match operands
        .get(i)
        .copied()
        .flatten()
        .map(|a| (a, ctx.attr_kind(a)))
    {
        Some((a, AttrKind::DenseElements { .. })) => elements::read(ctx, a),
        _ => None,
    };
    let (
        Some(Const::Dense {
            elems: m,
            splat: ms,
        }),
        Some(Const::Dense {
            elems: x,
            splat: xs,
        }),
        Some(Const::Dense {
            elems: y,
            splat: ys,
        }),
    ) = (dense(0), dense(1), dense(2))
    else {
        return None;
    };
    let n = elements::static_count(ctx, ty)?;
    let at = |v: &[Scalar], splat: bool, i: usize| v.get(if splat { 0 } else { i }).cloned();
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let Scalar::Int(b) = at(&m, ms, i)? else {
            return None;
        };
        out.push(if !b.is_zero() {
            at(&x, xs, i)?
        } else {
            at(&y, ys, i)?
        });
    }
    elements::dense_attr(ctx, ty, &out).map(FoldResult::Attr)
}

/// The folds of the extended ops that need no constant lhs: `addui_extended(x, 0)
/// → x, false`, `mul*_extended(x, 0) → 0, 0`, `mului_extended(x, 1) → x, 0`.
fn extended_identity(
    ctx: &mut Context,
    ir: &Ir,
    op: Op,
    name: &str,
    operands: &[Option<Attr>],
) -> Option<Vec<FoldResult>> {
    let rhs = operands.get(1).copied().flatten()?;
    let c = elements::splat_int(ctx, rhs)?;
    let x = ir.operand(op, 0);
    let res_ty = |i: usize| ir.value_type(ir.result(op, i));
    match (name, c.to_u128()) {
        ("arith.addui_extended", Some(0)) => {
            let z = elements::zero_attr(ctx, res_ty(1))?;
            Some(vec![FoldResult::Value(x), FoldResult::Attr(z)])
        }
        ("arith.mulsi_extended" | "arith.mului_extended", Some(0)) => {
            Some(vec![FoldResult::Attr(rhs), FoldResult::Attr(rhs)])
        }
        ("arith.mului_extended", Some(1)) => {
            let z = elements::zero_attr(ctx, ir.value_type(x))?;
            Some(vec![FoldResult::Value(x), FoldResult::Attr(z)])
        }
        _ => None,
    }
}
