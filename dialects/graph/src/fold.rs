//! Constant folding of elementwise ops on `dense<...>` operands of f32/f64 and
//! i1/i8/i16/i32/i64 (splats stay splats). f16/bf16 and non-constant operands
//! are left alone. The scalar semantics are the reference backend's
//! (`runtime/reference/src/ops/scalar.rs`); `graph.cast`'s are [`cast_value`].

use xir::ods::FoldResult;
use xir::types::{FloatKind, Signedness, TypeKind};
use xir::{Attr, AttrKind, Context, Ir, Op, Type};

#[derive(Copy, Clone)]
enum Elem {
    F32,
    F64,
    I1,
    I8,
    I16,
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
                width,
                signedness: Signedness::Signless,
            } => match width {
                1 => Elem::I1,
                8 => Elem::I8,
                16 => Elem::I16,
                32 => Elem::I32,
                64 => Elem::I64,
                _ => return None,
            },
            _ => return None,
        })
    }

    fn size(self) -> usize {
        match self {
            Elem::I1 | Elem::I8 => 1,
            Elem::I16 => 2,
            Elem::F32 | Elem::I32 => 4,
            Elem::F64 | Elem::I64 => 8,
        }
    }

    fn is_float(self) -> bool {
        matches!(self, Elem::F32 | Elem::F64)
    }

    /// The value `v` wraps to (sign-extended; an `i1` is 0 or -1).
    fn wrap(self, v: i64) -> i64 {
        match self {
            Elem::I1 => -(v & 1),
            Elem::I8 => v as i8 as i64,
            Elem::I16 => v as i16 as i64,
            Elem::I32 => v as i32 as i64,
            _ => v,
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

/// An integer element, sign-extended (signless `i1` true is -1).
fn read_int(e: Elem, b: &[u8]) -> Option<i64> {
    Some(match e {
        Elem::I1 => -((*b.first()? & 1) as i64),
        Elem::I8 => i8::from_le_bytes(b.try_into().ok()?) as i64,
        Elem::I16 => i16::from_le_bytes(b.try_into().ok()?) as i64,
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
    let b = v.to_le_bytes();
    match e {
        Elem::I1 => out.push((v & 1) as u8),
        _ => out.extend_from_slice(&b[..e.size()]),
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
        "graph.min" => {
            // Like maximumf: NaN wins, -0 < +0.
            if a.is_nan() || b.is_nan() {
                f64::NAN
            } else if a == b {
                if a.is_sign_negative() {
                    a
                } else {
                    b
                }
            } else {
                a.min(b)
            }
        }
        "graph.pow" => a.powf(b),
        _ => return None,
    })
}

fn int_op(e: Elem, name: &str, a: i64, b: i64) -> Option<i64> {
    let wrap = |v: i64| e.wrap(v);
    Some(wrap(match name {
        "graph.add" => a.wrapping_add(b),
        "graph.sub" => a.wrapping_sub(b),
        "graph.mul" => a.wrapping_mul(b),
        "graph.div" if b != 0 => wrap(a).checked_div(b).map(wrap)?,
        "graph.max" => a.max(b),
        "graph.min" => a.min(b),
        "graph.and" => a & b,
        "graph.or" => a | b,
        "graph.xor" => a ^ b,
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
        if e.is_float() {
            let v = float_op(&name, read(e, x)?, read(e, y)?)?;
            write_float(e, f32_round(e, v), &mut out);
        } else {
            write_int(
                e,
                int_op(e, &name, read_int(e, x)?, read_int(e, y)?)?,
                &mut out,
            );
        }
    }
    finish(ctx, ta, sa && sb, out)
}

/// neg, exp, tanh, relu, abs, sqrt, log, erf, sigmoid, sin, cos of a
/// constant (all but neg, relu and abs of floats only).
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
        if e.is_float() {
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
                "graph.abs" => v.abs(),
                "graph.sqrt" => v.sqrt(),
                "graph.log" => v.ln(),
                "graph.erf" => libm::erf(v),
                "graph.sin" => v.sin(),
                "graph.cos" => v.cos(),
                "graph.sigmoid" => sigmoid(v),
                _ => return None,
            };
            write_float(e, f32_round(e, r), &mut out);
        } else {
            let v = read_int(e, x)?;
            let r = match name.as_str() {
                "graph.neg" => v.wrapping_neg(),
                "graph.relu" => v.max(0),
                "graph.abs" => v.wrapping_abs(),
                "graph.not" => !v,
                _ => return None,
            };
            write_int(e, e.wrap(r), &mut out);
        }
    }
    finish(ctx, t, splat, out)
}

/// `1 / (1 + e^-x)` in f64 (what the reference computes): `e^x / (1 + e^x)`
/// below 0, so no `e^-x` overflows; NaN stays itself.
pub fn sigmoid(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x >= 0.0 {
        1.0 / (1.0 + (-x).exp())
    } else {
        let e = x.exp();
        e / (1.0 + e)
    }
}

/// `select` of three constants.
pub fn fold_select(
    ctx: &mut Context,
    _: &Ir,
    _: Op,
    consts: &[Option<Attr>],
) -> Option<Vec<FoldResult>> {
    let (_, sc, dc) = dense(ctx, *consts.first()?)?;
    let (ta, sa, da) = dense(ctx, *consts.get(1)?)?;
    let (_, sb, db) = dense(ctx, *consts.get(2)?)?;
    let n = Elem::of(ctx, ta)?.size();
    let splat = sc && sa && sb;
    let count = if splat {
        1
    } else {
        dc.len().max(da.len() / n).max(db.len() / n)
    };
    let mut out = Vec::with_capacity(count * n);
    for i in 0..count {
        let c = if sc { dc.first()? } else { dc.get(i)? } & 1;
        let (d, s) = if c == 1 { (da, sa) } else { (db, sb) };
        let k = if s { 0 } else { i };
        out.extend_from_slice(d.get(k * n..(k + 1) * n)?);
    }
    finish(ctx, ta, splat, out)
}

/// An element converted to another element type, as `graph.cast` does
/// (ONNX `Cast`): float → int truncates toward zero and saturates at the
/// type's range, NaN → 0 (Rust's `as`); int → float rounds to nearest;
/// int → int wraps (a signed source sign-extends); x → i1 is `x != 0` (NaN
/// is true); i1 → x is 0 or 1.
fn cast_value(from: Elem, to: Elem, b: &[u8], out: &mut Vec<u8>) -> Option<()> {
    if from.is_float() {
        let v = read(from, b)?;
        match to {
            Elem::F32 | Elem::F64 => write_float(to, f32_round(to, v), out),
            Elem::I1 => out.push((v != 0.0) as u8),
            Elem::I8 => write_int(to, v as i8 as i64, out),
            Elem::I16 => write_int(to, v as i16 as i64, out),
            Elem::I32 => write_int(to, v as i32 as i64, out),
            Elem::I64 => write_int(to, v as i64, out),
        }
    } else {
        let mut v = read_int(from, b)?;
        if matches!(from, Elem::I1) {
            v &= 1;
        }
        match to {
            Elem::F32 => write_float(to, v as f32 as f64, out),
            Elem::F64 => write_float(to, v as f64, out),
            Elem::I1 => out.push((v != 0) as u8),
            _ => write_int(to, to.wrap(v), out),
        }
    }
    Some(())
}

/// `cast` of a constant.
pub fn fold_cast(
    ctx: &mut Context,
    ir: &Ir,
    op: Op,
    consts: &[Option<Attr>],
) -> Option<Vec<FoldResult>> {
    let (t, splat, d) = dense(ctx, *consts.first()?)?;
    let rt = ir.value_type(*ir.results(op).first()?);
    let (from, to) = (Elem::of(ctx, t)?, Elem::of(ctx, rt)?);
    let mut out = Vec::new();
    for x in d.chunks_exact(from.size()) {
        cast_value(from, to, x, &mut out)?;
    }
    finish(ctx, rt, splat, out)
}

/// `predicate` of two values (floats ordered: NaN gives false except `ne`).
pub fn compare<T: PartialOrd>(predicate: &str, a: T, b: T) -> Option<bool> {
    Some(match predicate {
        "eq" => a == b,
        "ne" => a != b,
        "lt" => a < b,
        "le" => a <= b,
        "gt" => a > b,
        "ge" => a >= b,
        _ => return None,
    })
}

/// `compare` of two constants.
pub fn fold_compare(
    ctx: &mut Context,
    ir: &Ir,
    op: Op,
    consts: &[Option<Attr>],
) -> Option<Vec<FoldResult>> {
    let (ta, sa, da) = dense(ctx, *consts.first()?)?;
    let (_, sb, db) = dense(ctx, *consts.get(1)?)?;
    let pred = match ctx.attr_kind(xir::symbol::op_attr(ctx, ir, op, "predicate")?) {
        AttrKind::String { value, .. } => String::from_utf8_lossy(value).into_owned(),
        _ => return None,
    };
    let rt = ir.value_type(*ir.results(op).first()?);
    let e = Elem::of(ctx, ta)?;
    let n = e.size();
    let splat = sa && sb;
    let count = if splat {
        1
    } else {
        (da.len() / n).max(db.len() / n)
    };
    let mut out = Vec::with_capacity(count);
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
        let r = if e.is_float() {
            compare(&pred, read(e, x)?, read(e, y)?)?
        } else {
            compare(&pred, read_int(e, x)?, read_int(e, y)?)?
        };
        out.push(r as u8);
    }
    finish(ctx, rt, splat, out)
}

/// The position a gather index selects along a dim of size `d > 0`: `i` in
/// `[-d, d)` selects `i` (negative: `i + d`), anything else is clamped to
/// `0` or `d - 1` (see `graph.gather`).
pub fn gather_index(i: i64, d: i64) -> i64 {
    let j = if i < 0 { i.saturating_add(d) } else { i };
    j.clamp(0, d - 1)
}

/// `gather` of two constants (static shapes only).
pub fn fold_gather(
    ctx: &mut Context,
    ir: &Ir,
    op: Op,
    consts: &[Option<Attr>],
) -> Option<Vec<FoldResult>> {
    let (ti, si, di) = dense(ctx, *consts.first()?)?;
    let (tx, sx, dx) = dense(ctx, *consts.get(1)?)?;
    let rt = ir.value_type(*ir.results(op).first()?);
    let shape_of = |t: Type| match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, .. } if shape.iter().all(|&d| d >= 0) => {
            Some(shape.clone())
        }
        _ => None,
    };
    let (ins, xs, rs) = (shape_of(ti)?, shape_of(tx)?, shape_of(rt)?);
    let axis = xir::util::build::int_of(ctx, xir::symbol::op_attr(ctx, ir, op, "axis")?)?;
    let axis = usize::try_from(axis).ok().filter(|&a| a < ins.len())?;
    let (n, ie) = (Elem::of(ctx, ti)?.size(), Elem::of(ctx, tx)?);
    let d = ins[axis];
    let count: i64 = rs.iter().product();
    if count == 0 {
        return finish(ctx, rt, false, Vec::new());
    }
    if d == 0 || count > 1 << 20 {
        return None;
    }
    if si {
        return finish(ctx, rt, true, di.get(..n)?.to_vec());
    }
    let outer: i64 = ins[..axis].iter().product();
    let inner: i64 = ins[axis + 1..].iter().product();
    let k: i64 = xs.iter().product();
    let mut out = Vec::with_capacity(count as usize * n);
    for o in 0..outer {
        for j in 0..k {
            let at = if sx { 0 } else { j as usize };
            let w = ie.size();
            let i = read_int(ie, dx.get(at * w..(at + 1) * w)?)?;
            let row = (o * d + gather_index(i, d)) * inner;
            let (a, b) = (row as usize * n, (row + inner) as usize * n);
            out.extend_from_slice(di.get(a..b)?);
        }
    }
    finish(ctx, rt, false, out)
}

/// The most elements a static `iota` folds to: a larger one stays an op,
/// computed by its kernel rather than stored in the program.
const IOTA_FOLD_LIMIT: i64 = 1024;

/// A static `iota` of at most [`IOTA_FOLD_LIMIT`] elements (f32/f64/ints).
pub fn fold_iota(
    ctx: &mut Context,
    ir: &Ir,
    op: Op,
    _: &[Option<Attr>],
) -> Option<Vec<FoldResult>> {
    let rt = ir.value_type(*ir.results(op).first()?);
    let TypeKind::RankedTensor { shape, .. } = ctx.type_kind(rt) else {
        return None;
    };
    let shape = shape.clone();
    if shape.iter().any(|&d| d < 0) {
        return None;
    }
    let count: i64 = shape.iter().product();
    let dim = xir::util::build::int_of(ctx, xir::symbol::op_attr(ctx, ir, op, "dimension")?)?;
    let dim = usize::try_from(dim).ok().filter(|&d| d < shape.len())?;
    let e = Elem::of(ctx, rt)?;
    if count > IOTA_FOLD_LIMIT || matches!(e, Elem::I1) {
        return None;
    }
    let inner: i64 = shape[dim + 1..].iter().product();
    let mut out = Vec::with_capacity(count as usize * e.size());
    for i in 0..count {
        let v = (i / inner) % shape[dim];
        if e.is_float() {
            write_float(e, v as f64, &mut out);
        } else {
            write_int(e, e.wrap(v), &mut out);
        }
    }
    finish(ctx, rt, false, out)
}
