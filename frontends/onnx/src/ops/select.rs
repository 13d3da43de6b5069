//! Ops composed from comparisons and selects: Mod (a truncating division, a
//! multiply-subtract and sign corrections) and TopK with a known k (k rounds
//! of a max, the first position attaining it, and a mask).

use super::{Converter, R};
use crate::builder::{Binary, Pred, Reduction, Unary, V};
use crate::convert::{broadcast_shapes, norm_axis, Importer, SMALL};
use crate::node::Node;
use crate::symbolic::Sym;
use crate::tensor::Tensor;
use crate::types::{is_int, ElementType, Ty, DYN};

pub const CONVERTERS: &[Converter] = &[
    Converter::new(
        "Mod",
        &["fmod"],
        |im, n| modulo(im, n, false),
        "composed: integers `a - b * (a / b)` (`graph.div` truncates; `x mod 0 = x`, as xir's `x / 0 = 0`) and a `graph.select` of `+ b` for fmod=0; floats (fmod=1 only before opset 28) in f64: `graph.div`, a truncating `graph.cast` to i64, multiply-subtract and `graph.select`s of the special cases",
    )
    .opsets(13, 27)
    .folds(fold_mod),
    Converter::new(
        "Mod",
        &["fmod"],
        |im, n| modulo(im, n, true),
        "composed: integers `a - b * (a / b)` (`graph.div` truncates; `x mod 0 = x`, as xir's `x / 0 = 0`) and a `graph.select` of `+ b` for fmod=0; floats in f64: `graph.div`, a truncating `graph.cast` to i64, multiply-subtract and `graph.select`s of the special cases",
    )
    .opsets(28, 28)
    .folds(fold_mod),
    Converter::new(
        "TopK",
        &["axis", "largest", "sorted"],
        top_k,
        "composed (k known at import time, at most 64, along a static axis): k rounds of `graph.reduce_max`, the first position attaining it (`graph.compare`, `graph.select` of `graph.iota` positions, `graph.reduce_max`) and a mask; `graph.concat` of the rounds; NaN largest, as onnxruntime",
    ),
];

const I64: ElementType = ElementType::I64;
const I1: ElementType = ElementType::I1;

/// The most rounds TopK unrolls.
const MAX_K: i64 = 64;

/// Mod. Integers: `r = a - b * (a / b)` with `graph.div` truncating toward
/// zero, so `r` has `a`'s sign (C's `%`, fmod=1); fmod=0 adds `b` where `r`
/// is not zero and its sign differs from `b`'s (Python's `%`). xir's integer
/// `x / 0` is 0, so `x mod 0 = x` (onnxruntime refuses it at run time);
/// `MIN mod -1 = 0`. Floats (fmod=1, and fmod=0 from opset 28 as Python's
/// float `%`): computed in f64 by rounds of exact `r -= n * b` and a final
/// `± |b|` to `a`'s sign: C's `fmod` exactly for f16 and f32 at any
/// quotient; f64 inputs take one round `a - trunc(a / b) * b`, off by the
/// rounding of that product (not exact). NaN where `a` is infinite or NaN or `b` is 0 or
/// NaN; `a` where `b` is infinite (fmod=0 with signs differing: `b`); a zero
/// takes the sign of `a` (fmod=0: of `b`).
fn modulo(im: &mut Importer, n: &Node, floor_floats: bool) -> R<()> {
    let fmod = match n.int("fmod", 0)? {
        0 => false,
        1 => true,
        f => return Err(n.error(format!("fmod {f} is not supported (0 or 1)"))),
    };
    let a = im.input(n, 0)?;
    let b = im.input(n, 1)?;
    let e = im.same_elem(n, &[a.clone(), b.clone()])?;
    let ab = im.broadcast_all(n, &[a, b])?;
    let (a, b) = (ab[0].clone(), ab[1].clone());
    let y = if is_int(e) {
        int_mod(im, &a, &b, fmod)
    } else if e.is_float() {
        if !fmod && !floor_floats {
            return Err(n.error(format!(
                "fmod 0 on element type {e} is not defined before opset 28 (floats take fmod=1)"
            )));
        }
        float_mod(im, &a, &b, fmod)
    } else {
        return Err(n.error(format!("element type {e} is not supported")));
    };
    let y = im.same_dims(y, &ab[0]);
    im.out(n, 0, y);
    Ok(())
}

/// Mod of known integer tensors (shape arithmetic: the Attention function's
/// head grouping), by the rules of [`modulo`] (`x mod 0 = x`).
fn fold_mod(n: &Node, xs: &[&Tensor]) -> R<Option<Vec<Tensor>>> {
    use crate::fold::{source_index, unravel};
    let fmod = n.int("fmod", 0)? != 0;
    let [a, b] = xs else { return Ok(None) };
    let e = a.ty.elem;
    if b.ty.elem != e || !is_int(e) {
        return Ok(None);
    }
    let (Some(av), Some(bv)) = (a.as_ints(), b.as_ints()) else {
        return Ok(None);
    };
    let dims = broadcast_shapes(&a.ty.dims, &b.ty.dims).map_err(|m| n.error(m))?;
    let count = dims.iter().try_fold(1i64, |c, &d| c.checked_mul(d));
    if count.is_none_or(|c| c > SMALL) {
        return Ok(None);
    }
    let out = (0..count.unwrap_or(0))
        .map(|i| {
            let idx = unravel(i, &dims);
            let x = av[source_index(&idx, &a.ty.dims) as usize];
            let y = bv[source_index(&idx, &b.ty.dims) as usize];
            // Values of the element type: wrapping i64 arithmetic is exact.
            let r = if y == 0 { x } else { x.wrapping_rem(y) };
            if !fmod && r != 0 && (r < 0) != (y < 0) {
                r + y
            } else {
                r
            }
        })
        .collect();
    Ok(Some(vec![Tensor::ints(Ty::new(e, dims), out)]))
}

fn int_mod(im: &mut Importer, a: &V, b: &V, fmod: bool) -> V {
    let q = im.b.binary(Binary::Div, a, b);
    let p = im.b.binary(Binary::Mul, b, &q);
    let r = im.b.binary(Binary::Sub, a, &p);
    if fmod {
        return r;
    }
    let zero = im.full(&r, 0.0);
    let nz = im.b.compare(Pred::Ne, &r, &zero);
    let rn = im.b.compare(Pred::Lt, &r, &zero);
    let bn = im.b.compare(Pred::Lt, b, &zero);
    let differ = im.b.binary(Binary::Xor, &rn, &bn);
    let fix = im.b.binary(Binary::And, &nz, &differ);
    let up = im.b.binary(Binary::Add, &r, b);
    im.b.select(&fix, &up, &r)
}

fn float_mod(im: &mut Importer, a0: &V, b0: &V, fmod: bool) -> V {
    const F64: ElementType = ElementType::F64;
    let e = a0.ty.elem;
    let (a, b) = if e == F64 {
        (a0.clone(), b0.clone())
    } else {
        (im.b.cast(a0, F64), im.b.cast(b0, F64))
    };
    // Rounds of r -= n * b, n an integer near r / b: its top 28 bits
    // (Veltkamp's split) while the quotient is 2^28 or more, then trunc.
    // For f16/f32 n * b fits f64's 53 bits and r - n * b is exact, each
    // round shrinking r by 2^-27 (f32's quotients span 2^277: 11 rounds).
    let rounds = match e {
        ElementType::F16 => 3,
        ElementType::F64 => 1,
        _ => 11,
    };
    let two28 = im.full(&a, 268435456.0);
    let split = im.full(&a, 33554433.0);
    let mut r = a.clone();
    for _ in 0..rounds {
        let q = im.b.binary(Binary::Div, &r, &b);
        let qi = im.b.cast(&q, I64);
        let t = im.b.cast(&qi, F64);
        let n = if e == F64 {
            // f64: one step, trunc through i64 below 2^52 (q an integer above).
            let qa = im.b.unary(Unary::Abs, &q);
            let big = im.full(&q, 4503599627370496.0);
            let small = im.b.compare(Pred::Lt, &qa, &big);
            im.b.select(&small, &t, &q)
        } else {
            let c = im.b.binary(Binary::Mul, &q, &split);
            let cq = im.b.binary(Binary::Sub, &c, &q);
            let hi = im.b.binary(Binary::Sub, &c, &cq);
            let qa = im.b.unary(Unary::Abs, &q);
            let small = im.b.compare(Pred::Lt, &qa, &two28);
            im.b.select(&small, &t, &hi)
        };
        let p = im.b.binary(Binary::Mul, &n, &b);
        r = im.b.binary(Binary::Sub, &r, &p);
    }
    // A quotient rounded up to an integer leaves r of the wrong sign.
    let zero = im.full(&r, 0.0);
    let ba = im.b.unary(Unary::Abs, &b);
    let rn = im.b.compare(Pred::Lt, &r, &zero);
    let rp = im.b.compare(Pred::Gt, &r, &zero);
    let an = im.b.compare(Pred::Lt, &a, &zero);
    let ap = im.b.compare(Pred::Gt, &a, &zero);
    let low = im.b.binary(Binary::And, &rn, &ap);
    let high = im.b.binary(Binary::And, &rp, &an);
    let up = im.b.binary(Binary::Add, &r, &ba);
    let r = im.b.select(&low, &up, &r);
    let down = im.b.binary(Binary::Sub, &r, &ba);
    let r = im.b.select(&high, &down, &r);
    let inf = im.full(&a, f64::INFINITY);
    let binf = im.b.compare(Pred::Eq, &ba, &inf);
    // fmod(a, ±inf) = a for finite a.
    let r = im.b.select(&binf, &a, &r);
    let (r, sign_of) = if fmod {
        (r, a.clone())
    } else {
        let nz = im.b.compare(Pred::Ne, &r, &zero);
        let rn = im.b.compare(Pred::Lt, &r, &zero);
        let bn = im.b.compare(Pred::Lt, &b, &zero);
        let differ = im.b.binary(Binary::Xor, &rn, &bn);
        let fix = im.b.binary(Binary::And, &nz, &differ);
        let up = im.b.binary(Binary::Add, &r, &b);
        (im.b.select(&fix, &up, &r), b.clone())
    };
    // A zero with the sign the mode gives it: 1 / x < 0 tells -0 too (a
    // multiply by 0 is folded to +0 on some backends).
    let rz = im.b.compare(Pred::Eq, &r, &zero);
    let one = im.full(&a, 1.0);
    let inv = im.b.binary(Binary::Div, &one, &sign_of);
    let neg = im.b.compare(Pred::Lt, &inv, &zero);
    let neg_zero = im.full(&a, -0.0);
    let signed_zero = im.b.select(&neg, &neg_zero, &zero);
    let r = im.b.select(&rz, &signed_zero, &r);
    let aa = im.b.unary(Unary::Abs, &a);
    let a_finite = im.b.compare(Pred::Lt, &aa, &inf);
    let b_zero = im.b.compare(Pred::Eq, &b, &zero);
    let b_nan = im.b.compare(Pred::Ne, &b, &b);
    let a_bad = im.b.unary(Unary::Not, &a_finite);
    let bad = im.b.binary(Binary::Or, &a_bad, &b_zero);
    let bad = im.b.binary(Binary::Or, &bad, &b_nan);
    let nan = im.full(&a, f64::NAN);
    let r = im.b.select(&bad, &nan, &r);
    if e == F64 {
        r
    } else {
        im.b.cast(&r, e)
    }
}

/// The lowest value of `e` (-inf for floats).
fn lowest(e: ElementType) -> f64 {
    match e {
        ElementType::I8 => i8::MIN as f64,
        ElementType::I16 => i16::MIN as f64,
        ElementType::I32 => i32::MIN as f64,
        ElementType::I64 => i64::MIN as f64,
        _ => f64::NEG_INFINITY,
    }
}

/// `v` (right-aligned, 1s stretching) broadcast to `dims`, the dims of `like`.
fn spread(im: &mut Importer, v: &V, like: &V, dims: &[Sym]) -> V {
    if like.ty.is_static() {
        return im.b.expand(v, &like.ty.dims);
    }
    im.expand_syms(v, dims)
}

/// TopK of a known k along an axis of static length (the other dims may be
/// dynamic): k rounds, each taking the largest value not yet taken (of `-x`,
/// or `-1 - x` for integers, when `largest=0`) at its lowest position, as
/// ONNX's tie rule asks. NaN counts as larger than any number (onnxruntime:
/// first for largest=1, last for largest=0), NaNs among themselves by
/// position. The result is always sorted (what sorted=0 allows).
fn top_k(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    let r = x.ty.rank();
    if r == 0 {
        return Err(n.error("input must have rank 1 or more"));
    }
    let e = x.ty.elem;
    if e == I1 || !(is_int(e) || e.is_float()) {
        return Err(n.error(format!("element type {e} is not supported")));
    }
    let axis = norm_axis(n, n.int("axis", -1)?, r)?;
    let largest = n.int("largest", 1)? != 0;
    let _sorted = n.int("sorted", 1)?;
    let k = match im.const_ints(n, 1, "k")? {
        Some(v) if v.len() == 1 => v[0],
        Some(v) => return Err(n.error(format!("input 1 (k) must hold one value, not {}", v.len()))),
        None => return Err(n.error("input 1 (k) is missing")),
    };
    let d = x.ty.dims[axis];
    if d == DYN {
        return Err(n.error(format!(
            "TopK along a dimension of dynamic size ({}, axis {axis}) is not supported",
            x.ty
        )));
    }
    if k < 0 || k > d {
        return Err(n.error(format!("k {k} is out of range for a dimension of size {d}")));
    }
    if k > MAX_K {
        return Err(n.error(format!(
            "k {k} is not supported (at most {MAX_K}: TopK is unrolled into k rounds)"
        )));
    }
    if d > i64::MAX / 4 {
        return Err(n.error(format!("{} is too large", x.ty)));
    }
    let xd = im.syms.dims(&x);
    let mut od = xd.clone();
    od[axis] = Sym::Const(k);
    let mut odims = x.ty.dims.clone();
    odims[axis] = k;
    if k == 0 {
        // Empty results: slices of nothing along the axis.
        let (ty, given) = im.syms.result_type(&mut im.b, e, &od);
        let vals =
            im.b.slice_given(&x, &vec![0; r], &vec![1; r], ty.dims, &given);
        im.syms.record(&vals, &od);
        let idx = im.b.cast(&vals, I64);
        let idx = im.same_dims(idx, &vals);
        im.out(n, 0, vals);
        im.out(n, 1, idx);
        return Ok(());
    }
    let float = e.is_float();
    // The working values: larger is taken first.
    let w = if largest {
        x.clone()
    } else if float {
        im.b.unary(Unary::Neg, &x)
    } else {
        let m1 = im.full(&x, -1.0);
        im.b.binary(Binary::Sub, &m1, &x)
    };
    // Positions along the axis, as [d, 1, ...] spread to x's dims.
    let pos = im.b.iota(&Ty::new(I64, vec![d]), 0, &[]);
    let mut pd = vec![d];
    pd.extend(std::iter::repeat_n(1, r - 1 - axis));
    let pos = im.b.reshape(&pos, &pd);
    let pos = spread(im, &pos, &x, &xd);
    let pos = im.same_dims(pos, &x);
    let dd = im.full(&pos, d as f64);
    let dd2 = im.full(&pos, 2.0 * d as f64);
    // Scores: the first of the primary hits scores highest (2d - i), then
    // the first of the secondary ones (d - i), else 0.
    let s_hi = im.b.binary(Binary::Sub, &dd2, &pos);
    let s_lo = im.b.binary(Binary::Sub, &dd, &pos);
    let s_none = im.full(&pos, 0.0);
    let low_w = im.full(&w, lowest(e));
    let low_x = im.full(&x, lowest(e));
    let nan = if float {
        Some(im.b.compare(Pred::Ne, &x, &x))
    } else {
        None
    };
    let mut taken: Option<V> = None;
    let (mut vals, mut idxs) = (Vec::new(), Vec::new());
    for _ in 0..k {
        // Taken positions (and NaNs) out of the max.
        let out = match (&taken, &nan) {
            (Some(t), Some(nn)) => Some(im.b.binary(Binary::Or, t, nn)),
            (Some(t), None) => Some(t.clone()),
            (None, Some(nn)) => Some(nn.clone()),
            (None, None) => None,
        };
        let wm = match &out {
            Some(o) => im.b.select(o, &low_w, &w),
            None => w.clone(),
        };
        let m = im.reduce_op(Reduction::Max, &wm, &[axis], true);
        let mb = spread(im, &m, &w, &xd);
        let mut eq = im.b.compare(Pred::Eq, &wm, &mb);
        if let Some(o) = &out {
            let free = im.b.unary(Unary::Not, o);
            eq = im.b.binary(Binary::And, &eq, &free);
        }
        let score = match &nan {
            None => im.b.select(&eq, &s_lo, &s_none),
            Some(nn) => {
                let nan_free = match &taken {
                    Some(t) => {
                        let free = im.b.unary(Unary::Not, t);
                        im.b.binary(Binary::And, nn, &free)
                    }
                    None => nn.clone(),
                };
                // NaN is the largest: first when largest, last otherwise.
                let (first, second) = if largest {
                    (nan_free, eq)
                } else {
                    (eq, nan_free)
                };
                let s = im.b.select(&second, &s_lo, &s_none);
                im.b.select(&first, &s_hi, &s)
            }
        };
        let s = im.reduce_op(Reduction::Max, &score, &[axis], true);
        let sd = im.full(&s, d as f64);
        let i = if nan.is_some() {
            let sd2 = im.full(&s, 2.0 * d as f64);
            let hi = im.b.compare(Pred::Gt, &s, &sd);
            let a = im.b.binary(Binary::Sub, &sd2, &s);
            let c = im.b.binary(Binary::Sub, &sd, &s);
            im.b.select(&hi, &a, &c)
        } else {
            im.b.binary(Binary::Sub, &sd, &s)
        };
        let ib = spread(im, &i, &pos, &xd);
        let hot = im.b.compare(Pred::Eq, &pos, &ib);
        // The value at that position, exactly (a -0 or a NaN as it is).
        let pick = im.b.select(&hot, &x, &low_x);
        let v = im.reduce_op(Reduction::Max, &pick, &[axis], true);
        taken = Some(match &taken {
            Some(t) => im.b.binary(Binary::Or, t, &hot),
            None => hot,
        });
        vals.push(v);
        idxs.push(i);
    }
    let join = |im: &mut Importer, parts: Vec<V>| {
        let y = if parts.len() == 1 {
            parts[0].clone()
        } else {
            im.b.concat(&parts, axis, odims.clone())
        };
        if !y.ty.is_static() {
            im.syms.record(&y, &od);
        }
        y
    };
    let vals = join(im, vals);
    let idxs = join(im, idxs);
    im.out(n, 0, vals);
    im.out(n, 1, idxs);
    Ok(())
}
