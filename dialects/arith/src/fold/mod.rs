//! Constant folding with MLIR's semantics. [`fold_constants`] maps the constant
//! attributes of the operands (`None`: not constant) to the result attributes;
//! `None` means "does not fold" (division by zero, poison, unknown operands).
//! Scalars fold; vectors and tensors do not yet.

pub mod float;
pub mod identity;
pub mod int;

use int::Int;
use num_traits::ToPrimitive;
use rustc_apfloat::Round;
use xir::ods::FoldResult;
use xir::store::Ir;
use xir::{Attr, AttrKind, Context, FloatKind, Op, Type, TypeKind};

/// The width of an integer or index type (up to 128 bits).
fn int_width(ctx: &Context, t: Type) -> Option<u32> {
    match ctx.type_kind(t) {
        TypeKind::Integer { width, .. } if *width <= 128 => Some(*width),
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
    let bits = value
        .to_i128()
        .map(|v| v as u128)
        .or_else(|| value.to_u128())?;
    Some(Int::new(bits, w))
}

/// An integer attribute; `i1` holds 0 / 1, other widths their signed value.
pub fn int_attr(ctx: &mut Context, ty: Type, v: Int) -> Attr {
    let value = if v.width == 1 {
        (v.bits as i64).into()
    } else {
        v.signed().into()
    };
    ctx.intern_attr(AttrKind::Integer { ty, value })
}

pub fn float_of(ctx: &Context, a: Attr) -> Option<(FloatKind, u128)> {
    match ctx.attr_kind(a) {
        AttrKind::Float { ty, bits } => Some((float_kind(ctx, *ty)?, *bits)),
        _ => None,
    }
}

fn float_attr(ctx: &mut Context, ty: Type, bits: u128) -> Attr {
    ctx.intern_attr(AttrKind::Float { ty, bits })
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

/// Folds op `name` (`arith.addi`) whose results have `result_types`.
pub fn fold_constants(
    ctx: &mut Context,
    name: &str,
    props: FoldProps,
    operands: &[Option<Attr>],
    result_types: &[Type],
) -> Option<Vec<Attr>> {
    let op = name.strip_prefix("arith.")?;
    let rt = *result_types.first()?;
    let consts: Option<Vec<Attr>> = operands.iter().copied().collect();
    let consts = consts?;
    match (op, consts.as_slice()) {
        ("cmpi", &[a, b]) => {
            let r = int::compare(props.predicate?, int_of(ctx, a)?, int_of(ctx, b)?)?;
            Some(vec![ctx.bool_attr(r)])
        }
        ("cmpf", &[a, b]) => {
            let ((k, x), (_, y)) = (float_of(ctx, a)?, float_of(ctx, b)?);
            let r = float::compare(props.predicate?, k, x, y)?;
            Some(vec![ctx.bool_attr(r)])
        }
        ("addui_extended", &[a, b]) => {
            let (sum, carry) = int::add_extended(int_of(ctx, a)?, int_of(ctx, b)?);
            let s = int_attr(ctx, rt, sum);
            Some(vec![s, ctx.bool_attr(carry)])
        }
        ("mulsi_extended" | "mului_extended", &[a, b]) => {
            let signed = op == "mulsi_extended";
            let (lo, hi) = int::mul_extended(int_of(ctx, a)?, int_of(ctx, b)?, signed)?;
            Some(vec![int_attr(ctx, rt, lo), int_attr(ctx, rt, hi)])
        }
        ("negf", &[a]) => {
            let (k, x) = float_of(ctx, a)?;
            let r = float::negate(k, x)?;
            Some(vec![float_attr(ctx, rt, r)])
        }
        (_, &[a]) => fold_cast(ctx, op, props, a, rt).map(|r| vec![r]),
        (_, &[a, b]) => {
            if let (Some(x), Some(y)) = (int_of(ctx, a), int_of(ctx, b)) {
                let r = int::binary(op, x, y)?;
                return Some(vec![int_attr(ctx, rt, r)]);
            }
            let ((k, x), (_, y)) = (float_of(ctx, a)?, float_of(ctx, b)?);
            let r = float::binary(op, k, x, y)?;
            Some(vec![float_attr(ctx, rt, r)])
        }
        _ => None,
    }
}

fn fold_cast(ctx: &mut Context, op: &str, props: FoldProps, a: Attr, rt: Type) -> Option<Attr> {
    match op {
        "extsi" | "extui" | "trunci" | "index_cast" | "index_castui" => {
            let x = int_of(ctx, a)?;
            let w = int_width(ctx, rt)?;
            let signed = op == "extsi" || (op == "index_cast" && w > x.width);
            Some(int_attr(ctx, rt, int::resize(x, w, signed)))
        }
        "extf" | "truncf" => {
            let (k, x) = float_of(ctx, a)?;
            let to = float_kind(ctx, rt)?;
            let r = float::cast(k, to, x, rounding(props.roundingmode))?;
            Some(float_attr(ctx, rt, r))
        }
        "sitofp" | "uitofp" => {
            let x = int_of(ctx, a)?;
            let r = float::from_int(float_kind(ctx, rt)?, x, op == "sitofp")?;
            Some(float_attr(ctx, rt, r))
        }
        "fptosi" | "fptoui" => {
            let (k, x) = float_of(ctx, a)?;
            let r = float::to_int(k, x, int_width(ctx, rt)?, op == "fptosi")?;
            Some(int_attr(ctx, rt, r))
        }
        "bitcast" => {
            let bits = match (int_of(ctx, a), float_of(ctx, a)) {
                (Some(x), _) => x.bits,
                (_, Some((_, b))) => b,
                _ => return None,
            };
            if let Some(w) = int_width(ctx, rt) {
                return Some(int_attr(ctx, rt, Int::new(bits, w)));
            }
            float_kind(ctx, rt)?;
            Some(float_attr(ctx, rt, bits))
        }
        _ => None,
    }
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
        "arith.select" => {
            let (t, f) = (ir.operand(op, 1), ir.operand(op, 2));
            if t == f {
                return Some(vec![FoldResult::Value(t)]);
            }
            let c = int_of(ctx, (*operands.first()?)?)?;
            return Some(vec![FoldResult::Value(if c.bits != 0 { t } else { f })]);
        }
        _ => {}
    }
    let enum_value = |ctx: &Context, key: &str| {
        attr(ctx, key)
            .and_then(|a| int_of(ctx, a))
            .map(|v| v.bits as u64)
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
    let types: Vec<Type> = ir.results(op).iter().map(|&v| ir.value_type(v)).collect();
    if let Some(r) = fold_constants(ctx, &name, props, operands, &types) {
        return Some(r.into_iter().map(FoldResult::Attr).collect());
    }
    identity::idempotent(ir, op, short).map(|r| vec![r])
}
