//! The reference semantics of the composite graph ops
//! (`dialects/graph/src/composite.rs`): a direct implementation, independent
//! of their decomposition (`graph-decompose`), so the oracle checks it.
//!
//! Float tensors only (f16, bf16, f32, f64). Every element is read into
//! `f64`, everything is computed in `f64` (sums accumulate in `f64` in
//! row-major order) and each result is rounded once to the element type.
//!
//! - `reduce_mean`: the sum over `axes` divided by the number of elements
//!   reduced (0 / 0 = NaN for an empty reduction).
//! - `softmax` / `log_softmax` along `axis`: `exp(x - max) / sum` and
//!   `(x - max) - ln(sum)`, with `max` and `sum` over the axis.
//! - `layer_norm` over dims `[axis, rank)`: mean, population variance,
//!   `inv_std_dev = 1 / sqrt(var + epsilon)`, `result = (x - mean) *
//!   inv_std_dev * scale + bias`.
//! - `gelu`: `0.5 x (1 + erf(x / sqrt 2))` or
//!   `0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3)))`.
//! - `attention` (`dialects/graph/src/attention.rs`): query `[B…, Sq, D]`, key
//!   `[B…, Sk, D]`, value `[B…, Sk, Dv]`, an optional mask broadcast to the
//!   scores `[B…, Sq, Sk]`: `s = scale · q · kᵀ + mask`, `p = exp(s - max) /
//!   sum` along the last dim, `result = p · v`. A row of `Sk = 0` gives 0;
//!   a fully masked row (every score `-inf`) gives NaN, or with `nan_to_zero`
//!   (each NaN `p` counted as 0) 0.

use half::{bf16, f16};
use xir_runtime_hal::element::{ElementType, FloatType};
use xir_runtime_hal::tensor::{byte_len, HostTensor};
use xir_runtime_hal::{Error, Result};

#[derive(Clone, Debug, PartialEq)]
pub enum Composite {
    ReduceMean { axes: Vec<usize> },
    Softmax { axis: usize, log: bool },
    LayerNorm { axis: usize, epsilon: f32 },
    Gelu { tanh: bool },
    Attention { scale: f32, nan_to_zero: bool },
}

impl Composite {
    pub fn name(&self) -> &'static str {
        use xir_graph::composite as c;
        match self {
            Composite::ReduceMean { .. } => c::REDUCE_MEAN.name,
            Composite::Softmax { log: false, .. } => c::SOFTMAX.name,
            Composite::Softmax { log: true, .. } => c::LOG_SOFTMAX.name,
            Composite::LayerNorm { .. } => c::LAYER_NORM.name,
            Composite::Gelu { .. } => c::GELU.name,
            Composite::Attention { .. } => xir_graph::attention::ATTENTION.name,
        }
    }
}

fn float_type(e: ElementType) -> Result<FloatType> {
    match e {
        ElementType::Float(f) => Ok(f),
        _ => Err(Error::invalid_argument(format!(
            "requires a float element type, got {e}"
        ))),
    }
}

/// `t`'s elements as f64 (f16 and bf16 widened exactly).
pub(crate) fn load(f: FloatType, t: &HostTensor) -> Vec<f64> {
    let d = &t.data;
    match f {
        FloatType::F64 => d
            .chunks_exact(8)
            .map(|c| f64::from_le_bytes(c.try_into().unwrap_or([0; 8])))
            .collect(),
        FloatType::F32 => d
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes(c.try_into().unwrap_or([0; 4])) as f64)
            .collect(),
        FloatType::F16 => d
            .chunks_exact(2)
            .map(|c| f16::from_le_bytes([c[0], c[1]]).to_f64())
            .collect(),
        FloatType::BF16 => d
            .chunks_exact(2)
            .map(|c| bf16::from_le_bytes([c[0], c[1]]).to_f64())
            .collect(),
    }
}

/// A tensor of `values`, each rounded once to `f`.
pub(crate) fn store(f: FloatType, shape: Vec<usize>, values: &[f64]) -> HostTensor {
    let mut data = Vec::with_capacity(values.len() * 8);
    for &v in values {
        match f {
            FloatType::F64 => data.extend_from_slice(&v.to_le_bytes()),
            FloatType::F32 => data.extend_from_slice(&(v as f32).to_le_bytes()),
            FloatType::F16 => data.extend_from_slice(&f16::from_f64(v).to_le_bytes()),
            FloatType::BF16 => data.extend_from_slice(&bf16::from_f64(v).to_le_bytes()),
        }
    }
    HostTensor {
        element: ElementType::Float(f),
        shape,
        data,
    }
}

/// Evaluates `op` on `inputs`: its results (one, or three for a layer
/// norm). Every mismatch is an `Err` naming the op, never a panic.
pub fn eval(op: &Composite, inputs: &[&HostTensor]) -> Result<Vec<HostTensor>> {
    evaluate(op, inputs).map_err(|e| e.context(op.name()))
}

fn evaluate(op: &Composite, inputs: &[&HostTensor]) -> Result<Vec<HostTensor>> {
    let (arity, max) = match op {
        Composite::LayerNorm { .. } => (3, 3),
        Composite::Attention { .. } => (3, 4),
        _ => (1, 1),
    };
    if inputs.len() < arity || inputs.len() > max {
        let want = if max == arity {
            format!("{arity}")
        } else {
            format!("{arity} or {max}")
        };
        return Err(Error::invalid_argument(format!(
            "expects {want} operand(s), got {}",
            inputs.len()
        )));
    }
    let x = inputs[0];
    let f = float_type(x.element)?;
    for (i, t) in inputs.iter().enumerate() {
        if t.element != x.element {
            return Err(Error::invalid_argument(format!(
                "element types differ: operand {i} is {}, operand 0 {}",
                t.element, x.element
            )));
        }
        if byte_len(t.element, &t.shape) != Some(t.data.len()) {
            return Err(Error::invalid_argument(format!(
                "operand {i} ({}) holds {} bytes",
                t.type_string(),
                t.data.len()
            )));
        }
    }
    let shape = &x.shape;
    let rank = shape.len();
    let xs = load(f, x);
    match op {
        Composite::ReduceMean { axes } => {
            let mut reduced = vec![false; rank];
            for &a in axes {
                if a >= rank || std::mem::replace(&mut reduced[a], true) {
                    return Err(Error::invalid_argument(format!(
                        "bad axes {axes:?} for rank {rank}"
                    )));
                }
            }
            let out_shape: Vec<usize> = (0..rank)
                .filter(|&d| !reduced[d])
                .map(|d| shape[d])
                .collect();
            let n: usize = axes.iter().map(|&a| shape[a]).product();
            let mut acc = vec![0f64; out_shape.iter().product()];
            // Row-major walk over the input, tracking the result index.
            let mut idx = vec![0usize; rank];
            for &v in &xs {
                let mut o = 0;
                for d in 0..rank {
                    if !reduced[d] {
                        o = o * shape[d] + idx[d];
                    }
                }
                acc[o] += v;
                for d in (0..rank).rev() {
                    idx[d] += 1;
                    if idx[d] < shape[d] {
                        break;
                    }
                    idx[d] = 0;
                }
            }
            let mean: Vec<f64> = acc.iter().map(|s| s / n as f64).collect();
            Ok(vec![store(f, out_shape, &mean)])
        }
        Composite::Softmax { axis, log } => {
            let axis = *axis;
            if axis >= rank {
                return Err(Error::invalid_argument(format!(
                    "axis {axis} out of range for rank {rank}"
                )));
            }
            let len = shape[axis];
            let inner: usize = shape[axis + 1..].iter().product();
            let outer: usize = shape[..axis].iter().product();
            let mut out = vec![0f64; xs.len()];
            for o in 0..outer {
                for i in 0..inner {
                    let at = |k: usize| (o * len + k) * inner + i;
                    let max = (0..len).map(|k| xs[at(k)]).fold(f64::NEG_INFINITY, |m, v| {
                        if v.is_nan() || v > m {
                            v
                        } else {
                            m
                        }
                    });
                    let sum: f64 = (0..len).map(|k| (xs[at(k)] - max).exp()).sum();
                    for k in 0..len {
                        let d = xs[at(k)] - max;
                        out[at(k)] = if *log { d - sum.ln() } else { d.exp() / sum };
                    }
                }
            }
            Ok(vec![store(f, shape.clone(), &out)])
        }
        Composite::LayerNorm { axis, epsilon } => {
            let axis = *axis;
            if axis >= rank {
                return Err(Error::invalid_argument(format!(
                    "axis {axis} out of range for rank {rank}"
                )));
            }
            let normalized = &shape[axis..];
            for (k, what) in [(1, "scale"), (2, "bias")] {
                if inputs[k].shape != normalized {
                    return Err(Error::invalid_argument(format!(
                        "{what} is {}, expected the normalized shape {normalized:?}",
                        inputs[k].type_string()
                    )));
                }
            }
            let (scale, bias) = (load(f, inputs[1]), load(f, inputs[2]));
            let inner: usize = normalized.iter().product();
            let outer: usize = shape[..axis].iter().product();
            let eps = *epsilon as f64;
            let mut out = vec![0f64; xs.len()];
            let (mut means, mut invs) = (vec![0f64; outer], vec![0f64; outer]);
            for o in 0..outer {
                let row = &xs[o * inner..(o + 1) * inner];
                let mean = row.iter().sum::<f64>() / inner as f64;
                let var = row.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / inner as f64;
                let inv = 1.0 / (var + eps).sqrt();
                for j in 0..inner {
                    out[o * inner + j] = (row[j] - mean) * inv * scale[j] + bias[j];
                }
                means[o] = mean;
                invs[o] = inv;
            }
            let stats: Vec<usize> = (0..rank)
                .map(|d| if d < axis { shape[d] } else { 1 })
                .collect();
            Ok(vec![
                store(f, shape.clone(), &out),
                store(f, stats.clone(), &means),
                store(f, stats, &invs),
            ])
        }
        Composite::Gelu { tanh } => {
            let out: Vec<f64> = xs
                .iter()
                .map(|&x| {
                    if *tanh {
                        let c = (2.0 / std::f64::consts::PI).sqrt();
                        0.5 * x * (1.0 + (c * (x + 0.044715 * x * x * x)).tanh())
                    } else {
                        0.5 * x * (1.0 + libm::erf(x / std::f64::consts::SQRT_2))
                    }
                })
                .collect();
            Ok(vec![store(f, shape.clone(), &out)])
        }
        Composite::Attention { scale, nan_to_zero } => {
            attention(f, inputs, xs, *scale as f64, *nan_to_zero)
        }
    }
}

/// `graph.attention` on checked operands (one float type, sizes matching
/// their data), `q` query's values.
fn attention(
    f: FloatType,
    inputs: &[&HostTensor],
    q: Vec<f64>,
    scale: f64,
    nan_to_zero: bool,
) -> Result<Vec<HostTensor>> {
    let shape = |t: &HostTensor| -> Vec<i64> { t.shape.iter().map(|&d| d as i64).collect() };
    let (qs, ks, vs) = (shape(inputs[0]), shape(inputs[1]), shape(inputs[2]));
    let ms = inputs.get(3).map(|m| shape(m));
    let out = xir_graph::attention::infer(&qs, &ks, &vs, ms.as_deref())
        .map_err(Error::invalid_argument)?;
    let out: Vec<usize> = out.iter().map(|&d| d as usize).collect();
    let rank = out.len();
    let b = rank - 2;
    let (qd, kd, vd) = (&inputs[0].shape, &inputs[1].shape, &inputs[2].shape);
    let dims = AttentionDims {
        batch: qd[..b].iter().product(),
        sq: qd[b],
        sk: kd[b],
        d: qd[b + 1],
        dv: vd[b + 1],
    };
    let (k, v) = (load(f, inputs[1]), load(f, inputs[2]));
    let result = match inputs.get(3) {
        None => attention_f64(&dims, &q, &k, &v, None, scale, nan_to_zero),
        Some(m) => {
            // Row-major strides of the mask, 0 along its broadcast dims.
            let md = &m.shape;
            let mut strides = vec![0usize; rank];
            let mut acc = 1;
            for i in (0..rank).rev() {
                strides[i] = if md[i] == 1 { 0 } else { acc };
                acc *= md[i];
            }
            let mv = load(f, m);
            let batch_dims = &qd[..b];
            let at = |bi: usize, i: usize, j: usize| {
                let (mut rest, mut off) = (bi, 0);
                for d in (0..b).rev() {
                    off += (rest % batch_dims[d]) * strides[d];
                    rest /= batch_dims[d];
                }
                mv[off + i * strides[b] + j * strides[b + 1]]
            };
            attention_f64(&dims, &q, &k, &v, Some(&at), scale, nan_to_zero)
        }
    };
    Ok(vec![store(f, out, &result)])
}

/// An attention's sizes: the batch dims' product, query rows, key rows, the
/// query/key columns and the value columns.
pub(crate) struct AttentionDims {
    pub batch: usize,
    pub sq: usize,
    pub sk: usize,
    pub d: usize,
    pub dv: usize,
}

/// `softmax(scale · q · kᵀ + mask) · v` in f64, per batch index and query
/// row: dense row-major `q` `[batch, sq, d]`, `k` `[batch, sk, d]`, `v`
/// `[batch, sk, dv]`; `mask(b, i, j)` the mask's value at batch `b`, row `i`,
/// column `j`. Sums run in order (`c`, then `j`, ascending). The max is
/// softmax's (NaN wins), so a row with a NaN or all `-inf` scores is NaN,
/// unless `nan_to_zero` counts each NaN probability as 0; a row of `sk = 0`
/// is 0. The result `[batch, sq, dv]`, not rounded.
pub(crate) fn attention_f64(
    g: &AttentionDims,
    q: &[f64],
    k: &[f64],
    v: &[f64],
    mask: Option<&dyn Fn(usize, usize, usize) -> f64>,
    scale: f64,
    nan_to_zero: bool,
) -> Vec<f64> {
    let AttentionDims {
        batch,
        sq,
        sk,
        d,
        dv,
    } = *g;
    let mut out = vec![0f64; batch * sq * dv];
    let mut s = vec![0f64; sk];
    for b in 0..batch {
        for i in 0..sq {
            let qrow = &q[(b * sq + i) * d..(b * sq + i + 1) * d];
            for (j, sj) in s.iter_mut().enumerate() {
                let krow = &k[(b * sk + j) * d..(b * sk + j + 1) * d];
                let dot: f64 = qrow.iter().zip(krow).map(|(x, y)| x * y).sum();
                *sj = scale * dot + mask.map_or(0.0, |m| m(b, i, j));
            }
            let max = s.iter().fold(
                f64::NEG_INFINITY,
                |m, &x| {
                    if x.is_nan() || x > m {
                        x
                    } else {
                        m
                    }
                },
            );
            let sum: f64 = s.iter().map(|&x| (x - max).exp()).sum();
            for sj in s.iter_mut() {
                let p = (*sj - max).exp() / sum;
                *sj = if nan_to_zero && p.is_nan() { 0.0 } else { p };
            }
            let orow = &mut out[(b * sq + i) * dv..(b * sq + i + 1) * dv];
            for (j, &p) in s.iter().enumerate() {
                let vrow = &v[(b * sk + j) * dv..(b * sk + j + 1) * dv];
                for (o, &x) in orow.iter_mut().zip(vrow) {
                    *o += p * x;
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f32s(shape: &[usize], v: &[f32]) -> HostTensor {
        let data = v.iter().flat_map(|x| x.to_le_bytes()).collect();
        HostTensor::new(ElementType::F32, shape.to_vec(), data).unwrap()
    }

    #[test]
    fn softmax_along_the_middle_axis() {
        // 1x2x2: along axis 1, pairs (x[0][0][j], x[0][1][j]).
        let x = f32s(&[1, 2, 2], &[0.0, 5.0, 0.0, 5.0]);
        let out = eval(
            &Composite::Softmax {
                axis: 1,
                log: false,
            },
            &[&x],
        )
        .unwrap();
        assert_eq!(load(FloatType::F32, &out[0]), vec![0.5, 0.5, 0.5, 0.5]);
    }

    #[test]
    fn bf16_rounds_once() {
        let data = [1.0f32, 2.0, 4.0]
            .iter()
            .flat_map(|&v| bf16::from_f32(v).to_le_bytes())
            .collect();
        let x = HostTensor::new(ElementType::BF16, vec![3], data).unwrap();
        let out = eval(&Composite::ReduceMean { axes: vec![0] }, &[&x]).unwrap();
        // 7 / 3 = 2.333.. rounds to bf16 2.328125.
        assert_eq!(load(FloatType::BF16, &out[0]), vec![2.328125]);
    }

    #[test]
    fn mismatches_are_errors() {
        let x = f32s(&[2, 3], &[0.0; 6]);
        let s = f32s(&[2], &[1.0; 2]);
        let ln = Composite::LayerNorm {
            axis: 1,
            epsilon: 0.0,
        };
        let e = eval(&ln, &[&x, &s, &s]).unwrap_err();
        assert!(
            e.message().starts_with("graph.layer_norm: scale is 2xf32"),
            "{e}"
        );
        assert!(eval(&ln, &[&x])
            .unwrap_err()
            .message()
            .contains("expects 3 operand(s)"));
        let i = HostTensor::new(ElementType::I32, vec![1], vec![0; 4]).unwrap();
        let e = eval(&Composite::Gelu { tanh: false }, &[&i]).unwrap_err();
        assert_eq!(
            e,
            Error::invalid_argument("graph.gelu: requires a float element type, got i32")
        );
        let e = eval(&Composite::Softmax { axis: 2, log: true }, &[&x]).unwrap_err();
        assert_eq!(
            e.message(),
            "graph.log_softmax: axis 2 out of range for rank 2"
        );
    }
}
