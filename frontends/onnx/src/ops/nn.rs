//! Matrix products, softmax and inference-mode dropout.

use super::{Converter, R};
use crate::builder::{Binary, V};
use crate::convert::{broadcast_shapes, float_only, norm_axis, Importer};
use crate::node::Node;
use crate::symbolic::Sym;
use crate::types::{ElementType, DYN};

pub const CONVERTERS: &[Converter] = &[
    Converter::new(
        "MatMul",
        &[],
        matmul,
        "`graph.matmul` (numpy's: 1-D operands promoted, batch dims broadcast)",
    ),
    Converter::new(
        "Gemm",
        &["alpha", "beta", "transA", "transB"],
        gemm,
        "`graph.matmul`, with `graph.transpose`, `graph.mul` and `graph.add` as needed",
    ),
    Converter::new(
        "Softmax",
        &["axis"],
        |im, n| softmax(im, n, false),
        "`graph.softmax`",
    ),
    Converter::new(
        "LogSoftmax",
        &["axis"],
        |im, n| softmax(im, n, true),
        "`graph.log_softmax`",
    ),
    Converter::new(
        "Dropout",
        &["seed"],
        dropout,
        "the input (inference); the mask a true splat",
    ),
];

fn matmul(im: &mut Importer, n: &Node) -> R<()> {
    let a = im.input(n, 0)?;
    let c = im.input(n, 1)?;
    let y = im.matmul(n, a, c)?;
    im.out(n, 0, y);
    Ok(())
}

impl Importer {
    /// numpy's matmul: 1-D operands promoted and dropped again, batch dims broadcast.
    fn matmul(&mut self, n: &Node, a: V, c: V) -> R<V> {
        let e = self.same_elem(n, &[a.clone(), c.clone()])?;
        if e == ElementType::I1 {
            return Err(n.error("element type i1 is not supported"));
        }
        let (ra, rc) = (a.ty.rank(), c.ty.rank());
        if ra == 0 || rc == 0 {
            return Err(n.error("operands must have rank 1 or more"));
        }
        let a2 = if ra == 1 {
            self.b.reshape(&a, &[1, a.ty.dims[0]])
        } else {
            a.clone()
        };
        let c2 = if rc == 1 {
            self.b.reshape(&c, &[c.ty.dims[0], 1])
        } else {
            c.clone()
        };
        let (ad, cd) = (a2.ty.dims.clone(), c2.ty.dims.clone());
        let (m, k) = (ad[ad.len() - 2], ad[ad.len() - 1]);
        let (k2, nn) = (cd[cd.len() - 2], cd[cd.len() - 1]);
        if k != k2 && k != DYN && k2 != DYN {
            return Err(n.error(format!("inner dimensions differ: {} and {}", a.ty, c.ty)));
        }
        let batch =
            broadcast_shapes(&ad[..ad.len() - 2], &cd[..cd.len() - 2]).map_err(|e| n.error(e))?;
        let mut y = if cd.len() == 2 && ad.len() > 2 && a2.ty.is_static() {
            // [b..., m, k] x [k, n]: one [b*m, k] x [k, n] matmul, no copies of the rhs.
            let rows = ad[..ad.len() - 1].iter().product::<i64>();
            let flat = self.b.reshape(&a2, &[rows, k]);
            let p = self.b.matmul(&flat, &c2);
            let mut dims = batch.clone();
            dims.extend([m, nn]);
            self.b.reshape(&p, &dims)
        } else if cd.len() == 2 && ad.len() > 2 && c2.ty.is_static() {
            // The same with dynamic rows: the result's dims from the lhs's. A dynamic k
            // is the weights' (MatMul requires it; the reshapes check it at run time),
            // so the weights are never broadcast over the batch.
            let sa = self.syms.dims(&a2);
            let rows = self.syms.quotient(&sa[..sa.len() - 1], &[]);
            let flat = self.reshape_to(&a2, &[rows, Sym::Const(k2)]);
            let p = self.b.matmul(&flat, &c2);
            let mut dims = sa[..sa.len() - 1].to_vec();
            dims.push(Sym::Const(nn));
            self.reshape_to(&p, &dims)
        } else {
            let (sa, sc) = (self.syms.dims(&a2), self.syms.dims(&c2));
            let (ba, bc) = (&sa[..sa.len() - 2], &sc[..sc.len() - 2]);
            let sb = crate::symbolic::broadcast(ba, bc).map_err(|e| n.error(e))?;
            let mut da = sb.clone();
            da.extend_from_slice(&sa[sa.len() - 2..]);
            let mut dc = sb.clone();
            dc.extend_from_slice(&sc[sc.len() - 2..]);
            let ea = self.expand_syms(&a2, &da);
            let ec = self.expand_syms(&c2, &dc);
            let y = self.b.matmul(&ea, &ec);
            let mut dy = sb;
            dy.extend([sa[sa.len() - 2], sc[sc.len() - 1]]);
            self.syms.record(&y, &dy);
            y
        };
        let mut dims = y.ty.dims.clone();
        if rc == 1 {
            dims.pop();
        }
        if ra == 1 {
            let l = dims.len();
            dims.remove(l - if rc == 1 { 1 } else { 2 });
        }
        if dims != y.ty.dims {
            y = self.b.reshape(&y, &dims);
        }
        Ok(y)
    }
}

fn gemm(im: &mut Importer, n: &Node) -> R<()> {
    let a = im.input(n, 0)?;
    let bm = im.input(n, 1)?;
    let c = im.opt_input(n, 2)?;
    let alpha = n.float("alpha", 1.0)? as f64;
    let beta = n.float("beta", 1.0)? as f64;
    let ta = n.int("transA", 0)? != 0;
    let tb = n.int("transB", 0)? != 0;
    if a.ty.rank() != 2 || bm.ty.rank() != 2 {
        return Err(n.error(format!(
            "A and B must be matrices, not {} and {}",
            a.ty, bm.ty
        )));
    }
    let e = a.ty.elem;
    if !e.is_float() && (alpha.fract() != 0.0 || beta.fract() != 0.0) {
        return Err(n.error("fractional alpha or beta with integer operands is not supported"));
    }
    let a = if ta { im.b.transpose(&a, &[1, 0]) } else { a };
    let bm = if tb { im.b.transpose(&bm, &[1, 0]) } else { bm };
    let mut y = im.matmul(n, a, bm)?;
    let dims = y.ty.dims.clone();
    if alpha != 1.0 {
        let s = im.full(&y, alpha);
        y = im.b.binary(Binary::Mul, &y, &s);
    }
    if let Some(c) = c {
        if beta != 0.0 {
            let bd = broadcast_shapes(&c.ty.dims, &dims).map_err(|m| n.error(m))?;
            if bd != dims {
                return Err(n.error(format!(
                    "C ({}) does not broadcast to the result {}",
                    c.ty, y.ty
                )));
            }
            let yd = im.syms.dims(&y);
            let mut c = im.expand_syms(&c, &yd);
            if beta != 1.0 {
                let s = im.full(&c, beta);
                c = im.b.binary(Binary::Mul, &c, &s);
            }
            y = im.b.binary(Binary::Add, &y, &c);
        }
    }
    im.out(n, 0, y);
    Ok(())
}

/// Softmax, or LogSoftmax (`log`), along `axis`.
fn softmax(im: &mut Importer, n: &Node, log: bool) -> R<()> {
    let x = im.input(n, 0)?;
    float_only(n, &x)?;
    let axis = n.int("axis", -1)?;
    let axis = norm_axis(n, axis, x.ty.rank())?;
    let y = im.b.softmax(&x, axis, log);
    let y = im.same_dims(y, &x);
    im.out(n, 0, y);
    Ok(())
}

fn dropout(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    n.int("seed", 0)?;
    let training = match n.input(2) {
        None => false,
        Some(name) => match im.konst(name).and_then(|t| t.as_ints().map(|v| v.to_vec())) {
            Some(v) if v.len() == 1 => v[0] != 0,
            _ => {
                return Err(n.error(format!(
                    "input '{name}' (training_mode) must be a constant false; training mode (random dropout) is not supported"
                )))
            }
        },
    };
    if training {
        return Err(n.error("training mode (random dropout) is not supported"));
    }
    if n.output(1).is_some() {
        // In inference the mask is all true.
        let m = im.b.splat(ElementType::I1, 1.0, &x.ty.dims);
        im.out(n, 1, m);
    }
    im.out(n, 0, x);
    Ok(())
}
