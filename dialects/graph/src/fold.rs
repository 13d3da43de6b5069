//! Constant folding of elementwise ops on `dense<...>` operands of f32/f64/i32/i64
//! (splats stay splats). f16 and non-constant operands are left alone.

use xir::ods::FoldResult;
use xir::types::{FloatKind, Signedness, TypeKind};
use xir::{Attr, AttrKind, Context, Ir, Op, Type};

#[derive(Copy, Clone)]
enum Elem {
    F32,
    F64,
    I32,
    I64,
}

impl Elem {
    fn of(ctx: &Context, ty: Type) -> Option<Elem> {
        let TypeKind::RankedTensor { element, .. } = ctx.type_kind(ty) else {
            return None;
        };
        Some(match ctx.type_kind(*element) {
            TypeKind::Float(FloatKind::F32) => Elem::F32,
            TypeKind::Float(FloatKind::F64) => Elem::F64,
            TypeKind::Integer {
                width: 32,
                signedness: Signedness::Signless,
            } => Elem::I32,
            TypeKind::Integer {
                width: 64,
                signedness: Signedness::Signless,
            } => Elem::I64,
            _ => return None,
        })
    }

    fn size(self) -> usize {
        match self {
            Elem::F32 | Elem::I32 => 4,
            Elem::F64 | Elem::I64 => 8,
        }
    }
}

/// (type, splat, data) of a dense int/float attribute.
fn dense(ctx: &Context, a: Option<Attr>) -> Option<(Type, bool, &[u8])> {
    match ctx.attr_kind(a?) {
        AttrKind::DenseElements { ty, splat, data } => Some((*ty, *splat, data)),
        _ => None,
    }
}

fn read(e: Elem, b: &[u8]) -> Option<f64> {
    Some(match e {
        Elem::F32 => f32::from_le_bytes(b.try_into().ok()?) as f64,
        Elem::F64 => f64::from_le_bytes(b.try_into().ok()?),
        _ => return None,
    })
}

fn read_int(e: Elem, b: &[u8]) -> Option<i64> {
    Some(match e {
        Elem::I32 => i32::from_le_bytes(b.try_into().ok()?) as i64,
        Elem::I64 => i64::from_le_bytes(b.try_into().ok()?),
        _ => return None,
    })
}

fn write_float(e: Elem, v: f64, out: &mut Vec<u8>) {
    match e {
        Elem::F32 => out.extend_from_slice(&(v as f32).to_le_bytes()),
        _ => out.extend_from_slice(&v.to_le_bytes()),
    }
}

fn write_int(e: Elem, v: i64, out: &mut Vec<u8>) {
    match e {
        Elem::I32 => out.extend_from_slice(&(v as i32).to_le_bytes()),
        _ => out.extend_from_slice(&v.to_le_bytes()),
    }
}

fn f32_round(e: Elem, v: f64) -> f64 {
    match e {
        Elem::F32 => v as f32 as f64,
        _ => v,
    }
}

fn float_op(name: &str, a: f64, b: f64) -> Option<f64> {
    Some(match name {
        "graph.add" => a + b,
        "graph.sub" => a - b,
        "graph.mul" => a * b,
        "graph.div" => a / b,
        "graph.max" => {
            // arith.maximumf: NaN wins, +0 > -0.
            if a.is_nan() || b.is_nan() {
                f64::NAN
            } else if a == b {
                if a.is_sign_negative() {
                    b
                } else {
                    a
                }
            } else {
                a.max(b)
            }
        }
        _ => return None,
    })
}

fn int_op(e: Elem, name: &str, a: i64, b: i64) -> Option<i64> {
    let wrap = |v: i64| match e {
        Elem::I32 => v as i32 as i64,
        _ => v,
    };
    Some(wrap(match name {
        "graph.add" => a.wrapping_add(b),
        "graph.sub" => a.wrapping_sub(b),
        "graph.mul" => a.wrapping_mul(b),
        "graph.div" if b != 0 => wrap(a).checked_div(b).map(wrap)?,
        "graph.max" => a.max(b),
        _ => return None,
    }))
}

fn finish(ctx: &mut Context, ty: Type, splat: bool, data: Vec<u8>) -> Option<Vec<FoldResult>> {
    let a = ctx.intern_attr(AttrKind::DenseElements {
        ty,
        splat,
        data: data.into(),
    });
    Some(vec![FoldResult::Attr(a)])
}

/// add, sub, mul, div, max of two constants of the result type.
pub fn fold_binary(
    ctx: &mut Context,
    ir: &Ir,
    op: Op,
    consts: &[Option<Attr>],
) -> Option<Vec<FoldResult>> {
    let (ta, sa, da) = dense(ctx, *consts.first()?)?;
    let (tb, sb, db) = dense(ctx, *consts.get(1)?)?;
    if ta != tb {
        return None;
    }
    let e = Elem::of(ctx, ta)?;
    let n = e.size();
    let count = if sa && sb {
        1
    } else {
        (da.len() / n).max(db.len() / n)
    };
    let name = ctx.str(ir.op(op).name).to_string();
    let mut out = Vec::with_capacity(count * n);
    for i in 0..count {
        let x = if sa {
            &da[..n]
        } else {
            da.get(i * n..(i + 1) * n)?
        };
        let y = if sb {
            &db[..n]
        } else {
            db.get(i * n..(i + 1) * n)?
        };
        match e {
            Elem::F32 | Elem::F64 => {
                let v = float_op(&name, read(e, x)?, read(e, y)?)?;
                write_float(e, f32_round(e, v), &mut out);
            }
            Elem::I32 | Elem::I64 => {
                write_int(
                    e,
                    int_op(e, &name, read_int(e, x)?, read_int(e, y)?)?,
                    &mut out,
                );
            }
        }
    }
    finish(ctx, ta, sa && sb, out)
}

/// neg, exp, tanh, relu of a constant (exp and tanh of floats only).
pub fn fold_unary(
    ctx: &mut Context,
    ir: &Ir,
    op: Op,
    consts: &[Option<Attr>],
) -> Option<Vec<FoldResult>> {
    let (t, splat, d) = dense(ctx, *consts.first()?)?;
    let e = Elem::of(ctx, t)?;
    let name = ctx.str(ir.op(op).name).to_string();
    let mut out = Vec::with_capacity(d.len());
    for x in d.chunks_exact(e.size()) {
        match e {
            Elem::F32 | Elem::F64 => {
                let v = read(e, x)?;
                let r = match name.as_str() {
                    "graph.neg" => -v,
                    "graph.exp" => v.exp(),
                    "graph.tanh" => v.tanh(),
                    "graph.relu" => {
                        if v > 0.0 || v.is_nan() {
                            v
                        } else {
                            0.0
                        }
                    }
                    _ => return None,
                };
                write_float(e, f32_round(e, r), &mut out);
            }
            Elem::I32 | Elem::I64 => {
                let v = read_int(e, x)?;
                let r = match name.as_str() {
                    "graph.neg" => v.wrapping_neg(),
                    "graph.relu" => v.max(0),
                    _ => return None,
                };
                write_int(e, r, &mut out);
            }
        }
    }
    finish(ctx, t, splat, out)
}
