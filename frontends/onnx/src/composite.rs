//! ONNX ops without a graph op of their own, written as compositions of graph
//! ops with ONNX's definitions (activations, normalizations, Split, pooling
//! over whole feature maps, DepthToSpace/SpaceToDepth, EyeLike, CastLike; the
//! composed Reduce* ops are with the others in `convert.rs`).

use crate::builder::V;
use crate::convert::{broadcast_shapes, dims_str, float_only, need_static, norm_axis, Importer};
use crate::node::Node;
use crate::tensor::{Data, Tensor};
use crate::types::{Elem, Ty};

type R<T> = Result<T, String>;

/// The ops [`Importer::composite`] converts.
pub const COMPOSITES: &[&str] = &[
    "BatchNormalization",
    "CastLike",
    "Celu",
    "Clip",
    "DepthToSpace",
    "Elu",
    "EyeLike",
    "GlobalAveragePool",
    "GlobalMaxPool",
    "HardSigmoid",
    "HardSwish",
    "InstanceNormalization",
    "IsInf",
    "IsNaN",
    "LeakyRelu",
    "Mish",
    "PRelu",
    "RMSNormalization",
    "Selu",
    "Shrink",
    "Sign",
    "Softplus",
    "Softsign",
    "SpaceToDepth",
    "Split",
    "ThresholdedRelu",
];

impl Importer {
    pub(crate) fn un(&mut self, name: &str, x: &V) -> V {
        self.b.op(name, &[x], "", x.ty.clone())
    }

    /// A same-shape binary op.
    pub(crate) fn bin(&mut self, name: &str, a: &V, c: &V) -> V {
        self.b.op(name, &[a, c], "", a.ty.clone())
    }

    fn cmp(&mut self, pred: &str, a: &V, c: &V) -> V {
        self.b.op(
            "graph.compare",
            &[a, c],
            &format!("predicate = \"{pred}\""),
            a.ty.with_elem(Elem::Bool),
        )
    }

    fn sel(&mut self, cond: &V, a: &V, c: &V) -> V {
        self.b.op("graph.select", &[cond, a, c], "", a.ty.clone())
    }

    /// A constant like `x` (its type and static shape) holding `v`.
    fn full(&mut self, x: &V, v: f64) -> V {
        self.b.splat(x.ty.elem, v, &x.ty.dims)
    }

    /// `a * x + c` with scalar `a`, `c` (terms equal to 1 or 0 left out).
    fn affine(&mut self, x: &V, a: f64, c: f64) -> V {
        let mut y = x.clone();
        if a != 1.0 {
            let k = self.full(x, a);
            y = self.bin("graph.mul", &y, &k);
        }
        if c != 0.0 {
            let k = self.full(x, c);
            y = self.bin("graph.add", &y, &k);
        }
        y
    }

    /// `v` broadcast along axis 1 of `x` (a per-channel `[C]` vector).
    fn per_channel(&mut self, n: &Node, v: &V, x: &V, what: &str) -> R<V> {
        if v.ty.dims != [x.ty.dims[1]] {
            return Err(n.error(format!(
                "{what} is {}, expected one value per channel ({} of them)",
                v.ty, x.ty.dims[1]
            )));
        }
        Ok(self.b.op(
            "graph.broadcast",
            &[v],
            "dimensions = array<i64: 1>",
            x.ty.clone(),
        ))
    }

    /// Converts `n` if it is one of [`COMPOSITES`]; `false` if it is not.
    pub(crate) fn composite(&mut self, n: &Node) -> R<bool> {
        let op = n.op().to_string();
        if !COMPOSITES.contains(&op.as_str()) {
            return Ok(false);
        }
        let x = self.input(n, 0)?;
        match op.as_str() {
            "CastLike" => {
                let like = self.input(n, 1)?;
                let y = self.cast(n, x, like.ty.elem)?;
                self.out(n, 0, y);
                return Ok(true);
            }
            "EyeLike" => {
                need_static(n, &x, "EyeLike")?;
                if x.ty.rank() != 2 {
                    return Err(n.error(format!("input must be a matrix, not {}", x.ty)));
                }
                let elem = match n.opt_int("dtype")? {
                    Some(d) => Elem::from_onnx(d as i32).map_err(|m| n.error(m))?,
                    None => x.ty.elem,
                };
                let k = n.int("k", 0)?;
                let (rows, cols) = (x.ty.dims[0], x.ty.dims[1]);
                if rows.saturating_mul(cols) > crate::convert::SMALL * 256 {
                    return Err(n.error(format!(
                        "a {rows}x{cols} identity is too large to import as a constant"
                    )));
                }
                let one = |i: i64, j: i64| (j - i == k) as i64;
                let ty = Ty::new(elem, vec![rows, cols]);
                let cells = (0..rows).flat_map(|i| (0..cols).map(move |j| one(i, j)));
                let data = if elem.is_float() {
                    Data::F(cells.map(|v| v as f64).collect())
                } else {
                    Data::I(cells.collect())
                };
                let y = self.b.constant(&Tensor { ty, data });
                self.out(n, 0, y);
                return Ok(true);
            }
            "Split" => {
                self.split(n, x)?;
                return Ok(true);
            }
            "IsNaN" => {
                float_only(n, &x)?;
                let y = self.cmp("ne", &x, &x);
                self.out(n, 0, y);
                return Ok(true);
            }
            "DepthToSpace" | "SpaceToDepth" => {
                self.depth_space(n, x)?;
                return Ok(true);
            }
            _ => {}
        }
        need_static(n, &x, &op)?;
        let y = match op.as_str() {
            "Clip" => {
                if x.ty.elem == Elem::Bool {
                    return Err(n.error("element type i1 is not supported"));
                }
                let mut y = x.clone();
                for (i, name) in [(1, "graph.max"), (2, "graph.min")] {
                    if let Some(b) = self.opt_input(n, i)? {
                        if b.ty.rank() != 0 || b.ty.elem != x.ty.elem {
                            return Err(n.error(format!(
                                "input {i} must be a scalar of the input's type, not {}",
                                b.ty
                            )));
                        }
                        let bb = self.b.expand(&b, &x.ty.dims);
                        y = self.bin(name, &y, &bb);
                    }
                }
                y
            }
            "IsInf" => {
                float_only(n, &x)?;
                let pos = n.int("detect_positive", 1)? != 0;
                let neg = n.int("detect_negative", 1)? != 0;
                let inf = self.full(&x, f64::INFINITY);
                let ninf = self.full(&x, f64::NEG_INFINITY);
                match (pos, neg) {
                    (true, true) => {
                        let a = self.un("graph.abs", &x);
                        self.cmp("eq", &a, &inf)
                    }
                    (true, false) => self.cmp("eq", &x, &inf),
                    (false, true) => self.cmp("eq", &x, &ninf),
                    (false, false) => self.b.splat(Elem::Bool, 0.0, &x.ty.dims),
                }
            }
            "Sign" => {
                if x.ty.elem == Elem::Bool {
                    return Err(n.error("element type i1 is not supported"));
                }
                let zero = self.full(&x, 0.0);
                let one = self.full(&x, 1.0);
                let m1 = self.full(&x, -1.0);
                let gt = self.cmp("gt", &x, &zero);
                let lt = self.cmp("lt", &x, &zero);
                // x itself where neither: 0 stays 0, NaN stays NaN.
                let inner = self.sel(&lt, &m1, &x);
                self.sel(&gt, &one, &inner)
            }
            "PRelu" => {
                let slope = self.input(n, 1)?;
                let dims = broadcast_shapes(&slope.ty.dims, &x.ty.dims).map_err(|m| n.error(m))?;
                if dims != x.ty.dims || slope.ty.elem != x.ty.elem {
                    return Err(n.error(format!(
                        "slope {} does not broadcast to the input {}",
                        slope.ty, x.ty
                    )));
                }
                let s = self.b.expand(&slope, &x.ty.dims);
                let zero = self.full(&x, 0.0);
                let neg = self.cmp("lt", &x, &zero);
                let sx = self.bin("graph.mul", &x, &s);
                self.sel(&neg, &sx, &x)
            }
            "BatchNormalization" => self.batch_norm(n, &x)?,
            "InstanceNormalization" => self.instance_norm(n, &x)?,
            "RMSNormalization" => self.rms_norm(n, &x)?,
            "GlobalAveragePool" | "GlobalMaxPool" => {
                float_only(n, &x)?;
                if x.ty.rank() < 2 {
                    return Err(n.error(format!("input must be [N, C, ...], not {}", x.ty)));
                }
                let axes: Vec<usize> = (2..x.ty.rank()).collect();
                let name = if op == "GlobalAveragePool" {
                    "graph.reduce_mean"
                } else {
                    "graph.reduce_max"
                };
                self.reduce_op(name, &x, &axes, true)
            }
            _ => {
                float_only(n, &x)?;
                self.activation(n, &op, &x)?
            }
        };
        self.out(n, 0, y);
        Ok(true)
    }

    /// The float activations, each `f(x)` elementwise.
    fn activation(&mut self, n: &Node, op: &str, x: &V) -> R<V> {
        let zero = self.full(x, 0.0);
        Ok(match op {
            "LeakyRelu" => {
                let alpha = n.float("alpha", 0.01)? as f64;
                let neg = self.cmp("lt", x, &zero);
                let ax = self.affine(x, alpha, 0.0);
                self.sel(&neg, &ax, x)
            }
            "ThresholdedRelu" => {
                let alpha = n.float("alpha", 1.0)? as f64;
                let a = self.full(x, alpha);
                let above = self.cmp("gt", x, &a);
                self.sel(&above, x, &zero)
            }
            "Elu" | "Selu" => {
                let (alpha, gamma) = if op == "Elu" {
                    (n.float("alpha", 1.0)? as f64, 1.0)
                } else {
                    (
                        n.float("alpha", 1.673_263_2)? as f64,
                        n.float("gamma", 1.050_701)? as f64,
                    )
                };
                // Elu: x < 0; Selu: x <= 0 (they agree at 0).
                let neg = self.cmp(if op == "Elu" { "lt" } else { "le" }, x, &zero);
                let e = self.un("graph.exp", x);
                let em1 = self.affine(&e, 1.0, -1.0);
                let a = self.affine(&em1, alpha, 0.0);
                let y = self.sel(&neg, &a, x);
                self.affine(&y, gamma, 0.0)
            }
            "Celu" => {
                // max(0, x) + min(0, alpha * (exp(x / alpha) - 1)).
                let alpha = n.float("alpha", 1.0)? as f64;
                let xa = self.affine(x, 1.0 / alpha, 0.0);
                let e = self.un("graph.exp", &xa);
                let em1 = self.affine(&e, 1.0, -1.0);
                let a = self.affine(&em1, alpha, 0.0);
                let lo = self.bin("graph.min", &zero, &a);
                let hi = self.bin("graph.max", &zero, x);
                self.bin("graph.add", &hi, &lo)
            }
            "HardSigmoid" | "HardSwish" => {
                let (alpha, beta) = if op == "HardSigmoid" {
                    (n.float("alpha", 0.2)? as f64, n.float("beta", 0.5)? as f64)
                } else {
                    (1.0 / 6.0, 0.5)
                };
                let one = self.full(x, 1.0);
                let t = self.affine(x, alpha, beta);
                let t = self.bin("graph.min", &t, &one);
                let t = self.bin("graph.max", &t, &zero);
                if op == "HardSwish" {
                    self.bin("graph.mul", x, &t)
                } else {
                    t
                }
            }
            "Softplus" | "Mish" => {
                // log(exp(x) + 1); Mish is x * tanh(softplus(x)).
                let e = self.un("graph.exp", x);
                let e1 = self.affine(&e, 1.0, 1.0);
                let sp = self.un("graph.log", &e1);
                if op == "Mish" {
                    let t = self.un("graph.tanh", &sp);
                    self.bin("graph.mul", x, &t)
                } else {
                    sp
                }
            }
            "Softsign" => {
                let a = self.un("graph.abs", x);
                let d = self.affine(&a, 1.0, 1.0);
                self.bin("graph.div", x, &d)
            }
            "Shrink" => {
                let lambd = n.float("lambd", 0.5)? as f64;
                let bias = n.float("bias", 0.0)? as f64;
                let lo = self.full(x, -lambd);
                let hi = self.full(x, lambd);
                let below = self.cmp("lt", x, &lo);
                let above = self.cmp("gt", x, &hi);
                let plus = self.affine(x, 1.0, bias);
                let minus = self.affine(x, 1.0, -bias);
                let inner = self.sel(&above, &minus, &zero);
                self.sel(&below, &plus, &inner)
            }
            _ => unreachable!("listed in COMPOSITES"),
        })
    }

    fn split(&mut self, n: &Node, x: V) -> R<()> {
        let r = x.ty.rank();
        need_static(n, &x, "Split")?;
        let axis = norm_axis(n, n.int("axis", 0)?, r)?;
        let d = x.ty.dims[axis];
        let outs = n.num_outputs() as i64;
        let num = n.opt_int("num_outputs")?;
        let sizes: Vec<i64> = match self.const_ints(n, 1, "split")? {
            Some(s) => s,
            None => {
                let k = num.unwrap_or(outs);
                if k <= 0 {
                    return Err(n.error("needs at least one output"));
                }
                if num.is_some() {
                    // Opset 18: chunks of ceil(d / k), the last one smaller.
                    let c = (d + k - 1) / k;
                    (0..k).map(|i| (d - i * c).clamp(0, c)).collect()
                } else {
                    if d % k != 0 {
                        return Err(
                            n.error(format!("dimension {d} does not split into {k} equal parts"))
                        );
                    }
                    vec![d / k; k as usize]
                }
            }
        };
        if sizes.len() as i64 != outs
            || sizes.iter().any(|&s| s < 0)
            || sizes.iter().sum::<i64>() != d
        {
            return Err(n.error(format!(
                "split sizes {} do not divide dimension {axis} ({d}) into {outs} outputs",
                dims_str(&sizes)
            )));
        }
        let mut at = 0;
        for (i, &s) in sizes.iter().enumerate() {
            let mut start = vec![0; r];
            start[axis] = if s == 0 { 0 } else { at };
            let mut dims = x.ty.dims.clone();
            dims[axis] = s;
            let y = self.b.op(
                "graph.slice",
                &[&x],
                &format!(
                    "start = {}, strides = {}",
                    crate::builder::i64_array(&start),
                    crate::builder::i64_array(&vec![1; r])
                ),
                x.ty.with_dims(dims),
            );
            self.out(n, i, y);
            at += s;
        }
        Ok(())
    }

    fn depth_space(&mut self, n: &Node, x: V) -> R<()> {
        need_static(n, &x, n.op())?;
        if x.ty.rank() != 4 {
            return Err(n.error(format!("input must be [N, C, H, W], not {}", x.ty)));
        }
        let b = n
            .opt_int("blocksize")?
            .ok_or_else(|| n.error("attribute 'blocksize' is missing"))?;
        if b <= 0 {
            return Err(n.error(format!("blocksize {b} is not positive")));
        }
        let [nn, c, h, w] = [x.ty.dims[0], x.ty.dims[1], x.ty.dims[2], x.ty.dims[3]];
        let y = if n.op() == "DepthToSpace" {
            let mode = n.string("mode", "DCR")?;
            if c % (b * b) != 0 {
                return Err(n.error(format!(
                    "channels {c} are not a multiple of blocksize² {}",
                    b * b
                )));
            }
            let cc = c / (b * b);
            let (dims, perm) = match mode.as_str() {
                "DCR" => (vec![nn, b, b, cc, h, w], [0, 3, 4, 1, 5, 2]),
                "CRD" => (vec![nn, cc, b, b, h, w], [0, 1, 4, 2, 5, 3]),
                m => return Err(n.error(format!("mode '{m}' is not supported"))),
            };
            let t = self.b.reshape(&x, &dims);
            let td: Vec<i64> = perm.iter().map(|&p| dims[p]).collect();
            let t = self.transpose(&t, &perm.map(|p| p as i64), td);
            self.b.reshape(&t, &[nn, cc, h * b, w * b])
        } else {
            if h % b != 0 || w % b != 0 {
                return Err(n.error(format!(
                    "height {h} and width {w} are not multiples of blocksize {b}"
                )));
            }
            // DCR: output channel (bh * b + bw) * C + c; CRD: c * b * b + bh * b + bw.
            let perm = match n.string("mode", "DCR")?.as_str() {
                "DCR" => [0, 3, 5, 1, 2, 4],
                "CRD" => [0, 1, 3, 5, 2, 4],
                m => return Err(n.error(format!("mode '{m}' is not supported"))),
            };
            let dims = vec![nn, c, h / b, b, w / b, b];
            let t = self.b.reshape(&x, &dims);
            let td: Vec<i64> = perm.iter().map(|&p| dims[p]).collect();
            let t = self.transpose(&t, &perm.map(|p| p as i64), td);
            self.b.reshape(&t, &[nn, c * b * b, h / b, w / b])
        };
        self.out(n, 0, y);
        Ok(())
    }

    /// `(x - mean) * inv_std * scale + bias` with each of `mean`, `inv_std`
    /// already broadcast to `x`.
    fn normalize(&mut self, x: &V, mean: &V, inv_std: &V, scale: &V, bias: Option<&V>) -> V {
        let d = self.bin("graph.sub", x, mean);
        let y = self.bin("graph.mul", &d, inv_std);
        let y = self.bin("graph.mul", &y, scale);
        match bias {
            Some(b) => self.bin("graph.add", &y, b),
            None => y,
        }
    }

    /// `1 / sqrt(v + eps)`.
    fn inv_sqrt(&mut self, v: &V, eps: f64) -> V {
        let ve = self.affine(v, 1.0, eps);
        let s = self.un("graph.sqrt", &ve);
        let one = self.full(v, 1.0);
        self.bin("graph.div", &one, &s)
    }

    fn batch_norm(&mut self, n: &Node, x: &V) -> R<V> {
        float_only(n, x)?;
        if n.int("training_mode", 0)? != 0 || n.num_outputs() > 1 {
            return Err(n.error("training mode (running statistics as outputs) is not supported"));
        }
        if x.ty.rank() < 2 {
            return Err(n.error(format!("input must be [N, C, ...], not {}", x.ty)));
        }
        let eps = n.float("epsilon", 1e-5)? as f64;
        n.float("momentum", 0.9)?;
        let mut vs = Vec::new();
        for (i, what) in [(1, "scale"), (2, "B"), (3, "input_mean"), (4, "input_var")] {
            let v = self.input(n, i)?;
            if v.ty.elem != x.ty.elem {
                return Err(n.error(format!(
                    "{what} has element type {}, X has {}",
                    v.ty.elem.mlir(),
                    x.ty.elem.mlir()
                )));
            }
            vs.push(v);
        }
        let inv = self.inv_sqrt(&vs[3], eps);
        let [scale, bias, mean, inv] = [&vs[0], &vs[1], &vs[2], &inv].map(|v| v.clone());
        let s = self.per_channel(n, &scale, x, "scale")?;
        let b = self.per_channel(n, &bias, x, "B")?;
        let m = self.per_channel(n, &mean, x, "input_mean")?;
        let i = self.per_channel(n, &inv, x, "input_var")?;
        Ok(self.normalize(x, &m, &i, &s, Some(&b)))
    }

    fn instance_norm(&mut self, n: &Node, x: &V) -> R<V> {
        float_only(n, x)?;
        if x.ty.rank() < 3 {
            return Err(n.error(format!("input must be [N, C, D1, ...], not {}", x.ty)));
        }
        let eps = n.float("epsilon", 1e-5)? as f64;
        let scale = self.input(n, 1)?;
        let bias = self.input(n, 2)?;
        let axes: Vec<usize> = (2..x.ty.rank()).collect();
        let mean = self.reduce_op("graph.reduce_mean", x, &axes, true);
        let mb = self.b.expand(&mean, &x.ty.dims);
        let d = self.bin("graph.sub", x, &mb);
        let sq = self.bin("graph.mul", &d, &d);
        let var = self.reduce_op("graph.reduce_mean", &sq, &axes, true);
        let inv = self.inv_sqrt(&var, eps);
        let ib = self.b.expand(&inv, &x.ty.dims);
        let s = self.per_channel(n, &scale, x, "scale")?;
        let b = self.per_channel(n, &bias, x, "B")?;
        let y = self.bin("graph.mul", &d, &ib);
        let y = self.bin("graph.mul", &y, &s);
        Ok(self.bin("graph.add", &y, &b))
    }

    fn rms_norm(&mut self, n: &Node, x: &V) -> R<V> {
        float_only(n, x)?;
        let r = x.ty.rank();
        let axis = norm_axis(n, n.int("axis", -1)?, r)?;
        let eps = n.float("epsilon", 1e-5)? as f64;
        let stash = n.int("stash_type", 1)?;
        if stash != 1 {
            return Err(n.error(format!(
                "stash_type {stash} is not supported (only 1, float)"
            )));
        }
        let scale = self.input(n, 1)?;
        let dims = broadcast_shapes(&scale.ty.dims, &x.ty.dims).map_err(|m| n.error(m))?;
        if dims != x.ty.dims || scale.ty.elem != x.ty.elem {
            return Err(n.error(format!(
                "scale {} does not broadcast to the input {}",
                scale.ty, x.ty
            )));
        }
        let axes: Vec<usize> = (axis..r).collect();
        let sq = self.bin("graph.mul", x, x);
        let ms = self.reduce_op("graph.reduce_mean", &sq, &axes, true);
        let inv = self.inv_sqrt(&ms, eps);
        let ib = self.b.expand(&inv, &x.ty.dims);
        let s = self.b.expand(&scale, &x.ty.dims);
        let y = self.bin("graph.mul", x, &ib);
        Ok(self.bin("graph.mul", &y, &s))
    }
}
