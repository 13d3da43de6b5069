//! Activations and elementwise predicates. Gelu has a graph op; the others
//! are composed from graph ops with ONNX's definitions, on inputs of static
//! shape (their constants are splats of the input's shape).

use super::{Converter, R};
use crate::builder::{Binary, Pred, Unary, V};
use crate::convert::{broadcast_shapes, float_only, need_static, Importer};
use crate::node::Node;
use crate::types::ElementType;

pub const CONVERTERS: &[Converter] = &[
    Converter::new(
        "Gelu",
        &["approximate"],
        gelu,
        "`graph.gelu` (`approximate` none or tanh)",
    ),
    Converter::new(
        "Clip",
        &[],
        clip,
        "composed: `graph.max` with the min, `graph.min` with the max",
    ),
    Converter::new(
        "LeakyRelu",
        &["alpha"],
        |im, n| activation(im, n, leaky_relu),
        "composed: x < 0 ? alpha * x : x",
    ),
    Converter::new("PRelu", &[], prelu, "composed: x < 0 ? slope * x : x"),
    Converter::new(
        "ThresholdedRelu",
        &["alpha"],
        |im, n| activation(im, n, thresholded_relu),
        "composed: x > alpha ? x : 0",
    ),
    Converter::new(
        "Elu",
        &["alpha"],
        |im, n| activation(im, n, |im, n, x, zero| elu(im, n, x, zero, false)),
        "composed: x < 0 ? alpha * (exp(x) - 1) : x",
    ),
    Converter::new(
        "Selu",
        &["alpha", "gamma"],
        |im, n| activation(im, n, |im, n, x, zero| elu(im, n, x, zero, true)),
        "composed: gamma * (x <= 0 ? alpha * (exp(x) - 1) : x)",
    ),
    Converter::new(
        "Celu",
        &["alpha"],
        |im, n| activation(im, n, celu),
        "composed: max(0, x) + min(0, alpha * (exp(x / alpha) - 1))",
    ),
    Converter::new(
        "HardSigmoid",
        &["alpha", "beta"],
        |im, n| activation(im, n, |im, n, x, zero| hard_sigmoid(im, n, x, zero, false)),
        "composed: max(0, min(1, alpha * x + beta))",
    ),
    Converter::new(
        "HardSwish",
        &[],
        |im, n| activation(im, n, |im, n, x, zero| hard_sigmoid(im, n, x, zero, true)),
        "composed: x * max(0, min(1, x / 6 + 1 / 2))",
    ),
    Converter::new(
        "Softplus",
        &[],
        |im, n| activation(im, n, |im, _, x, _| Ok(softplus(im, x, false))),
        "composed: log(exp(x) + 1)",
    ),
    Converter::new(
        "Mish",
        &[],
        |im, n| activation(im, n, |im, _, x, _| Ok(softplus(im, x, true))),
        "composed: x * tanh(log(exp(x) + 1))",
    ),
    Converter::new(
        "Softsign",
        &[],
        |im, n| activation(im, n, |im, _, x, _| Ok(softsign(im, x))),
        "composed: x / (1 + abs(x))",
    ),
    Converter::new(
        "Shrink",
        &["lambd", "bias"],
        |im, n| activation(im, n, shrink),
        "composed: x < -lambd ? x + bias : x > lambd ? x - bias : 0",
    ),
    Converter::new(
        "Sign",
        &[],
        sign,
        "composed: `graph.compare` and `graph.select`",
    ),
    Converter::new("IsNaN", &[], is_nan, "`graph.compare ne` of x and x"),
    Converter::new(
        "IsInf",
        &["detect_positive", "detect_negative"],
        is_inf,
        "`graph.compare eq` with ±inf",
    ),
];

fn gelu(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    float_only(n, &x)?;
    let approx = n.string("approximate", "none")?;
    if approx != "none" && approx != "tanh" {
        return Err(n.error(format!("approximate '{approx}' is not supported")));
    }
    let y = im.b.gelu(&x, &approx);
    im.out(n, 0, y);
    Ok(())
}

/// Input 0, which the composed ops need of static shape.
pub(super) fn static_input(im: &mut Importer, n: &Node) -> R<V> {
    let x = im.input(n, 0)?;
    need_static(n, &x, n.op())?;
    Ok(x)
}

/// A float activation `f(x)`, given x and a zero like it.
fn activation(im: &mut Importer, n: &Node, f: fn(&mut Importer, &Node, &V, &V) -> R<V>) -> R<()> {
    let x = im.input(n, 0)?;
    float_only(n, &x)?;
    let zero = im.full(&x, 0.0);
    let y = f(im, n, &x, &zero)?;
    im.out(n, 0, y);
    Ok(())
}

impl Importer {
    /// `a * x + c` with scalar `a`, `c` (terms equal to 1 or 0 left out).
    pub(crate) fn affine(&mut self, x: &V, a: f64, c: f64) -> V {
        let mut y = x.clone();
        if a != 1.0 {
            let k = self.full(x, a);
            y = self.b.binary(Binary::Mul, &y, &k);
        }
        if c != 0.0 {
            let k = self.full(x, c);
            y = self.b.binary(Binary::Add, &y, &k);
        }
        y
    }
}

fn leaky_relu(im: &mut Importer, n: &Node, x: &V, zero: &V) -> R<V> {
    let alpha = n.float("alpha", 0.01)? as f64;
    let neg = im.b.compare(Pred::Lt, x, zero);
    let ax = im.affine(x, alpha, 0.0);
    Ok(im.b.select(&neg, &ax, x))
}

fn thresholded_relu(im: &mut Importer, n: &Node, x: &V, zero: &V) -> R<V> {
    let alpha = n.float("alpha", 1.0)? as f64;
    let a = im.full(x, alpha);
    let above = im.b.compare(Pred::Gt, x, &a);
    Ok(im.b.select(&above, x, zero))
}

/// Elu, or Selu (`selu`).
fn elu(im: &mut Importer, n: &Node, x: &V, zero: &V, selu: bool) -> R<V> {
    let (alpha, gamma) = if selu {
        (
            n.float("alpha", 1.673_263_2)? as f64,
            n.float("gamma", 1.050_701)? as f64,
        )
    } else {
        (n.float("alpha", 1.0)? as f64, 1.0)
    };
    // Elu: x < 0; Selu: x <= 0 (they agree at 0).
    let neg =
        im.b.compare(if selu { Pred::Le } else { Pred::Lt }, x, zero);
    let e = im.b.unary(Unary::Exp, x);
    let em1 = im.affine(&e, 1.0, -1.0);
    let a = im.affine(&em1, alpha, 0.0);
    let y = im.b.select(&neg, &a, x);
    Ok(im.affine(&y, gamma, 0.0))
}

fn celu(im: &mut Importer, n: &Node, x: &V, zero: &V) -> R<V> {
    // max(0, x) + min(0, alpha * (exp(x / alpha) - 1)).
    let alpha = n.float("alpha", 1.0)? as f64;
    let xa = im.affine(x, 1.0 / alpha, 0.0);
    let e = im.b.unary(Unary::Exp, &xa);
    let em1 = im.affine(&e, 1.0, -1.0);
    let a = im.affine(&em1, alpha, 0.0);
    let lo = im.b.binary(Binary::Min, zero, &a);
    let hi = im.b.binary(Binary::Max, zero, x);
    Ok(im.b.binary(Binary::Add, &hi, &lo))
}

/// HardSigmoid, or HardSwish (`swish`: x times HardSigmoid(x) with alpha
/// 1/6 and beta 1/2).
fn hard_sigmoid(im: &mut Importer, n: &Node, x: &V, zero: &V, swish: bool) -> R<V> {
    let (alpha, beta) = if swish {
        (1.0 / 6.0, 0.5)
    } else {
        (n.float("alpha", 0.2)? as f64, n.float("beta", 0.5)? as f64)
    };
    let one = im.full(x, 1.0);
    let t = im.affine(x, alpha, beta);
    let t = im.b.binary(Binary::Min, &t, &one);
    let t = im.b.binary(Binary::Max, &t, zero);
    Ok(if swish {
        im.b.binary(Binary::Mul, x, &t)
    } else {
        t
    })
}

/// log(exp(x) + 1); with `mish`, x * tanh of that.
fn softplus(im: &mut Importer, x: &V, mish: bool) -> V {
    let e = im.b.unary(Unary::Exp, x);
    let e1 = im.affine(&e, 1.0, 1.0);
    let sp = im.b.unary(Unary::Log, &e1);
    if mish {
        let t = im.b.unary(Unary::Tanh, &sp);
        im.b.binary(Binary::Mul, x, &t)
    } else {
        sp
    }
}

fn softsign(im: &mut Importer, x: &V) -> V {
    let a = im.b.unary(Unary::Abs, x);
    let d = im.affine(&a, 1.0, 1.0);
    im.b.binary(Binary::Div, x, &d)
}

fn shrink(im: &mut Importer, n: &Node, x: &V, zero: &V) -> R<V> {
    let lambd = n.float("lambd", 0.5)? as f64;
    let bias = n.float("bias", 0.0)? as f64;
    let lo = im.full(x, -lambd);
    let hi = im.full(x, lambd);
    let below = im.b.compare(Pred::Lt, x, &lo);
    let above = im.b.compare(Pred::Gt, x, &hi);
    let plus = im.affine(x, 1.0, bias);
    let minus = im.affine(x, 1.0, -bias);
    let inner = im.b.select(&above, &minus, zero);
    Ok(im.b.select(&below, &plus, &inner))
}

fn clip(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    if x.ty.elem == ElementType::I1 {
        return Err(n.error("element type i1 is not supported"));
    }
    let mut y = x.clone();
    for (i, f) in [(1, Binary::Max), (2, Binary::Min)] {
        if let Some(b) = im.opt_input(n, i)? {
            if b.ty.rank() != 0 || b.ty.elem != x.ty.elem {
                return Err(n.error(format!(
                    "input {i} must be a scalar of the input's type, not {}",
                    b.ty
                )));
            }
            let dims = im.syms.dims(&x);
            let bb = im.expand_syms(&b, &dims);
            y = im.b.binary(f, &y, &bb);
        }
    }
    im.out(n, 0, y);
    Ok(())
}

fn prelu(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    let slope = im.input(n, 1)?;
    let dims = broadcast_shapes(&slope.ty.dims, &x.ty.dims).map_err(|m| n.error(m))?;
    if dims != x.ty.dims || slope.ty.elem != x.ty.elem {
        return Err(n.error(format!(
            "slope {} does not broadcast to the input {}",
            slope.ty, x.ty
        )));
    }
    let xd = im.syms.dims(&x);
    let s = im.expand_syms(&slope, &xd);
    let zero = im.full(&x, 0.0);
    let neg = im.b.compare(Pred::Lt, &x, &zero);
    let sx = im.b.binary(Binary::Mul, &x, &s);
    let y = im.b.select(&neg, &sx, &x);
    im.out(n, 0, y);
    Ok(())
}

fn sign(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    if x.ty.elem == ElementType::I1 {
        return Err(n.error("element type i1 is not supported"));
    }
    let zero = im.full(&x, 0.0);
    let one = im.full(&x, 1.0);
    let m1 = im.full(&x, -1.0);
    let gt = im.b.compare(Pred::Gt, &x, &zero);
    let lt = im.b.compare(Pred::Lt, &x, &zero);
    // x itself where neither: 0 stays 0, NaN stays NaN.
    let inner = im.b.select(&lt, &m1, &x);
    let y = im.b.select(&gt, &one, &inner);
    im.out(n, 0, y);
    Ok(())
}

fn is_nan(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    float_only(n, &x)?;
    let y = im.b.compare(Pred::Ne, &x, &x);
    im.out(n, 0, y);
    Ok(())
}

fn is_inf(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    float_only(n, &x)?;
    let pos = n.int("detect_positive", 1)? != 0;
    let neg = n.int("detect_negative", 1)? != 0;
    let inf = im.full(&x, f64::INFINITY);
    let ninf = im.full(&x, f64::NEG_INFINITY);
    let y = match (pos, neg) {
        (true, true) => {
            let a = im.b.unary(Unary::Abs, &x);
            im.b.compare(Pred::Eq, &a, &inf)
        }
        (true, false) => im.b.compare(Pred::Eq, &x, &inf),
        (false, true) => im.b.compare(Pred::Eq, &x, &ninf),
        (false, false) => im.b.splat(ElementType::I1, 0.0, &x.ty.dims),
    };
    im.out(n, 0, y);
    Ok(())
}
