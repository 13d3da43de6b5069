//! Normalizations: LayerNormalization has a graph op; batch (inference),
//! instance and RMS normalization are composed from graph ops.

use super::activation::static_input;
use super::{Converter, R};
use crate::builder::{Binary, Reduction, Unary, V};
use crate::convert::{broadcast_shapes, dims_str, float_only, norm_axis, Importer};
use crate::node::Node;

pub const CONVERTERS: &[Converter] = &[
    Converter::new(
        "LayerNormalization",
        &["axis", "epsilon", "stash_type"],
        layer_norm,
        "`graph.layer_norm`",
    ),
    Converter::new(
        "BatchNormalization",
        &["epsilon", "momentum", "training_mode"],
        |im, n| {
            // A dynamic batch is fine: per-channel vectors broadcast to it.
            let x = im.input(n, 0)?;
            let y = batch_norm(im, n, &x)?;
            im.out(n, 0, y);
            Ok(())
        },
        "composed (inference): (x - mean) / sqrt(var + epsilon) * scale + B",
    ),
    Converter::new(
        "InstanceNormalization",
        &["epsilon"],
        |im, n| composed(im, n, instance_norm),
        "composed: `graph.reduce_mean` statistics over the spatial dims",
    ),
    Converter::new(
        "RMSNormalization",
        &["axis", "epsilon", "stash_type"],
        |im, n| composed(im, n, rms_norm),
        "composed: x / sqrt(mean(x * x) + epsilon) * scale",
    ),
];

/// Rejects a `stash_type` other than 1 (float statistics).
fn stash_type(n: &Node) -> R<()> {
    let stash = n.int("stash_type", 1)?;
    if stash != 1 {
        return Err(n.error(format!(
            "stash_type {stash} is not supported (only 1, float)"
        )));
    }
    Ok(())
}

fn layer_norm(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    let scale = im.input(n, 1)?;
    let bias = im.opt_input(n, 2)?;
    float_only(n, &x)?;
    let r = x.ty.rank();
    let axis = norm_axis(n, n.int("axis", -1)?, r)?;
    let eps = n.float("epsilon", 1e-5)?;
    stash_type(n)?;
    let norm: Vec<i64> = x.ty.dims[axis..].to_vec();
    let fit = |im: &mut Importer, v: &V, what: &str| -> R<V> {
        if v.ty.elem != x.ty.elem {
            return Err(n.error(format!(
                "{what} has element type {}, X has {}",
                v.ty.elem, x.ty.elem
            )));
        }
        let d = broadcast_shapes(&v.ty.dims, &norm).map_err(|m| n.error(m))?;
        if d != norm {
            return Err(n.error(format!(
                "{what} ({}) does not broadcast to the normalized shape {}",
                v.ty,
                dims_str(&norm)
            )));
        }
        Ok(im.b.expand(v, &norm))
    };
    let scale = fit(im, &scale, "Scale")?;
    let bias = match bias {
        Some(b) => fit(im, &b, "B")?,
        None => im.b.splat(x.ty.elem, 0.0, &norm),
    };
    let ys = im.b.layer_norm(&x, &scale, &bias, axis, eps);
    for (i, y) in ys.into_iter().enumerate() {
        im.out(n, i, y);
    }
    Ok(())
}

/// A composed normalization `f` of input 0 (of static shape).
fn composed(im: &mut Importer, n: &Node, f: fn(&mut Importer, &Node, &V) -> R<V>) -> R<()> {
    let x = static_input(im, n)?;
    let y = f(im, n, &x)?;
    im.out(n, 0, y);
    Ok(())
}

impl Importer {
    /// `v` broadcast along axis 1 of `x` (a per-channel `[C]` vector).
    fn per_channel(&mut self, n: &Node, v: &V, x: &V, what: &str) -> R<V> {
        if v.ty.dims != [x.ty.dims[1]] {
            return Err(n.error(format!(
                "{what} is {}, expected one value per channel ({} of them)",
                v.ty, x.ty.dims[1]
            )));
        }
        Ok(self.channel_broadcast(v, x))
    }

    /// A `[C]` vector broadcast along axis 1 of `x`; a dynamic batch given.
    fn channel_broadcast(&mut self, v: &V, x: &V) -> V {
        if x.ty.is_static() {
            return self.b.broadcast(v, &[1], x.ty.clone());
        }
        let dims = self.syms.dims(x);
        let (ty, given) = self.syms.result_type(&mut self.b, x.ty.elem, &dims);
        let y = self.b.broadcast_given(v, &[1], ty, &given);
        self.syms.record(&y, &dims);
        y
    }

    /// `(x - mean) * inv_std * scale + bias` with each of `mean`, `inv_std`
    /// already broadcast to `x`.
    fn normalize(&mut self, x: &V, mean: &V, inv_std: &V, scale: &V, bias: Option<&V>) -> V {
        let d = self.b.binary(Binary::Sub, x, mean);
        let y = self.b.binary(Binary::Mul, &d, inv_std);
        let y = self.b.binary(Binary::Mul, &y, scale);
        match bias {
            Some(b) => self.b.binary(Binary::Add, &y, b),
            None => y,
        }
    }

    /// `1 / sqrt(v + eps)`.
    fn inv_sqrt(&mut self, v: &V, eps: f64) -> V {
        let ve = self.affine(v, 1.0, eps);
        let s = self.b.unary(Unary::Sqrt, &ve);
        let one = self.full(v, 1.0);
        self.b.binary(Binary::Div, &one, &s)
    }
}

fn batch_norm(im: &mut Importer, n: &Node, x: &V) -> R<V> {
    float_only(n, x)?;
    if n.int("training_mode", 0)? != 0 || n.num_outputs() > 1 {
        return Err(n.error("training mode (running statistics as outputs) is not supported"));
    }
    if x.ty.rank() < 2 {
        return Err(n.error(format!("input must be [N, C, ...], not {}", x.ty)));
    }
    let eps = n.float("epsilon", 1e-5)? as f64;
    n.float("momentum", 0.9)?;
    if let Some(y) = batch_norm_known(im, n, x, eps)? {
        return Ok(y);
    }
    let mut vs = Vec::new();
    for (i, what) in [(1, "scale"), (2, "B"), (3, "input_mean"), (4, "input_var")] {
        let v = im.input(n, i)?;
        if v.ty.elem != x.ty.elem {
            return Err(n.error(format!(
                "{what} has element type {}, X has {}",
                v.ty.elem, x.ty.elem
            )));
        }
        vs.push(v);
    }
    let inv = im.inv_sqrt(&vs[3], eps);
    let [scale, bias, mean, inv] = [&vs[0], &vs[1], &vs[2], &inv].map(|v| v.clone());
    let s = im.per_channel(n, &scale, x, "scale")?;
    let b = im.per_channel(n, &bias, x, "B")?;
    let m = im.per_channel(n, &mean, x, "input_mean")?;
    let i = im.per_channel(n, &inv, x, "input_var")?;
    Ok(im.normalize(x, &m, &i, &s, Some(&b)))
}

/// With the four statistics known at import time, `x * s + t` per channel,
/// `s = scale / sqrt(var + eps)` and `t = B - mean * s` computed here in f64
/// (onnxruntime folds them so too): two ops that `graph-fold-conv-affine`
/// folds into a preceding conv's filter and bias.
fn batch_norm_known(im: &mut Importer, n: &Node, x: &V, eps: f64) -> R<Option<V>> {
    let mut stats: Vec<Vec<f64>> = Vec::new();
    for i in 1..5 {
        let Some(name) = n.input(i) else {
            return Ok(None);
        };
        match im.konst(name).and_then(|t| t.floats()) {
            Some(v) if v.len() as i64 == x.ty.dims[1] => stats.push(v.into_owned()),
            _ => return Ok(None),
        }
    }
    let (scale, bias, mean, var) = (&stats[0], &stats[1], &stats[2], &stats[3]);
    let s: Vec<f64> = (0..scale.len())
        .map(|c| scale[c] / (var[c] + eps).sqrt())
        .collect();
    let t: Vec<f64> = (0..s.len()).map(|c| bias[c] - mean[c] * s[c]).collect();
    let ty = crate::types::Ty::new(x.ty.elem, vec![x.ty.dims[1]]);
    let sv = im.b.constant(&crate::tensor::Tensor {
        ty: ty.clone(),
        data: crate::tensor::Data::F(s),
    });
    let tv = im.b.constant(&crate::tensor::Tensor {
        ty,
        data: crate::tensor::Data::F(t),
    });
    let sb = im.channel_broadcast(&sv, x);
    let tb = im.channel_broadcast(&tv, x);
    let y = im.b.binary(Binary::Mul, x, &sb);
    Ok(Some(im.b.binary(Binary::Add, &y, &tb)))
}

fn instance_norm(im: &mut Importer, n: &Node, x: &V) -> R<V> {
    float_only(n, x)?;
    if x.ty.rank() < 3 {
        return Err(n.error(format!("input must be [N, C, D1, ...], not {}", x.ty)));
    }
    let eps = n.float("epsilon", 1e-5)? as f64;
    let scale = im.input(n, 1)?;
    let bias = im.input(n, 2)?;
    let axes: Vec<usize> = (2..x.ty.rank()).collect();
    let mean = im.reduce_op(Reduction::Mean, x, &axes, true);
    let mb = im.b.expand(&mean, &x.ty.dims);
    let d = im.b.binary(Binary::Sub, x, &mb);
    let sq = im.b.binary(Binary::Mul, &d, &d);
    let var = im.reduce_op(Reduction::Mean, &sq, &axes, true);
    let inv = im.inv_sqrt(&var, eps);
    let ib = im.b.expand(&inv, &x.ty.dims);
    let s = im.per_channel(n, &scale, x, "scale")?;
    let b = im.per_channel(n, &bias, x, "B")?;
    let y = im.b.binary(Binary::Mul, &d, &ib);
    let y = im.b.binary(Binary::Mul, &y, &s);
    Ok(im.b.binary(Binary::Add, &y, &b))
}

fn rms_norm(im: &mut Importer, n: &Node, x: &V) -> R<V> {
    float_only(n, x)?;
    let r = x.ty.rank();
    let axis = norm_axis(n, n.int("axis", -1)?, r)?;
    let eps = n.float("epsilon", 1e-5)? as f64;
    stash_type(n)?;
    let scale = im.input(n, 1)?;
    let dims = broadcast_shapes(&scale.ty.dims, &x.ty.dims).map_err(|m| n.error(m))?;
    if dims != x.ty.dims || scale.ty.elem != x.ty.elem {
        return Err(n.error(format!(
            "scale {} does not broadcast to the input {}",
            scale.ty, x.ty
        )));
    }
    let axes: Vec<usize> = (axis..r).collect();
    let sq = im.b.binary(Binary::Mul, x, x);
    let ms = im.reduce_op(Reduction::Mean, &sq, &axes, true);
    let inv = im.inv_sqrt(&ms, eps);
    let ib = im.b.expand(&inv, &x.ty.dims);
    let s = im.b.expand(&scale, &x.ty.dims);
    let y = im.b.binary(Binary::Mul, x, &ib);
    Ok(im.b.binary(Binary::Mul, &y, &s))
}
