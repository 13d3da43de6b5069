//! Pad and Resize: `graph.pad` and `graph.resize`
//! (dialects/graph/src/window.rs), their shape-like inputs (pads, axes,
//! scales, sizes, the constant value) known at import time.

use super::{Converter, R};
use crate::builder::{Interpolation, V};
use crate::convert::{float_only, norm_axis, Importer};
use crate::node::Node;
use crate::tensor::Tensor;
use crate::types::DYN;

pub const CONVERTERS: &[Converter] = &[
    Converter::new(
        "Pad",
        &["mode"],
        pad,
        "`graph.pad` (pads, constant_value and axes known at import time; nothing for zero pads)",
    ),
    Converter::new(
        "Resize",
        &[
            "coordinate_transformation_mode",
            "cubic_coeff_a",
            "exclude_outside",
            "extrapolation_value",
            "mode",
            "nearest_mode",
        ],
        resize,
        "`graph.resize` (scales or sizes known at import time; not tf_crop_and_resize or antialias)",
    )
    .opsets(13, 17),
    Converter::new(
        "Resize",
        &[
            "antialias",
            "axes",
            "coordinate_transformation_mode",
            "cubic_coeff_a",
            "exclude_outside",
            "extrapolation_value",
            "keep_aspect_ratio_policy",
            "mode",
            "nearest_mode",
        ],
        resize,
        "`graph.resize` (scales or sizes known at import time; not tf_crop_and_resize or antialias)",
    )
    .opsets(18, 28),
];

/// Pads and sizes stay below this in magnitude.
const LIMIT: i64 = 1 << 40;

/// `s` if it is one of `allowed`, else an error naming them.
fn one_of(n: &Node, what: &str, s: String, allowed: &[&str]) -> R<String> {
    if allowed.contains(&s.as_str()) {
        return Ok(s);
    }
    Err(n.error(format!(
        "{what} '{s}' is not supported (opset {} takes {})",
        n.opset,
        allowed.join(", ")
    )))
}

/// `axes` (ONNX's, negative from the end) as distinct dims of a rank-`r`
/// tensor; all of them when absent.
fn axes_of(n: &Node, axes: Option<Vec<i64>>, r: usize) -> R<Vec<usize>> {
    let Some(axes) = axes else {
        return Ok((0..r).collect());
    };
    let mut out = Vec::with_capacity(axes.len());
    for a in axes {
        let a = norm_axis(n, a, r)?;
        if out.contains(&a) {
            return Err(n.error(format!("axis {a} is given twice in axes")));
        }
        out.push(a);
    }
    Ok(out)
}

fn pad(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    let modes: &[&str] = if n.opset >= 19 {
        &["constant", "reflect", "edge", "wrap"]
    } else {
        &["constant", "reflect", "edge"]
    };
    let mode = one_of(n, "mode", n.string("mode", "constant")?, modes)?;
    let r = x.ty.rank();
    let pads = im
        .const_ints(n, 1, "pads")?
        .ok_or_else(|| n.error("input 1 (pads) is missing"))?;
    let axes = if n.opset >= 18 {
        axes_of(n, im.const_ints(n, 3, "axes")?, r)?
    } else {
        if n.input(3).is_some() {
            return Err(n.error("input 3 (axes) is taken from opset 18 on"));
        }
        (0..r).collect()
    };
    if pads.len() != 2 * axes.len() {
        let of = if axes.len() == r {
            format!("{r} dims")
        } else {
            format!("{} axes", axes.len())
        };
        return Err(n.error(format!(
            "pads has {} values, expected {} (a begin and an end for each of {of})",
            pads.len(),
            2 * axes.len()
        )));
    }
    if let Some(bad) = pads.iter().find(|p| p.unsigned_abs() >= LIMIT as u64) {
        return Err(n.error(format!("pad {bad} is too large")));
    }
    let mut all = vec![0; 2 * r];
    for (j, &a) in axes.iter().enumerate() {
        all[a] = pads[j];
        all[r + a] = pads[axes.len() + j];
    }
    for i in 0..r {
        let (d, b, e) = (x.ty.dims[i], all[i], all[r + i]);
        if d == DYN {
            continue;
        }
        if d + b + e < 0 {
            return Err(n.error(format!(
                "pads {b} and {e} remove more than the {d} elements of dim {i}"
            )));
        }
        if (b > 0 || e > 0) && mode != "constant" {
            if d == 0 {
                return Err(n.error(format!("mode '{mode}' cannot pad dim {i} of size 0")));
            }
            if mode == "reflect" && (b >= d || e >= d) {
                return Err(n.error(format!(
                    "mode 'reflect' pads dim {i} of size {d} by at most {} on each side, got {b} and {e}",
                    d - 1
                )));
            }
        }
    }
    let value = if mode == "constant" {
        pad_value(im, n, &x)?
    } else {
        None
    };
    let y = if all.iter().all(|&p| p == 0) {
        x
    } else {
        im.b.pad(&x, value.as_ref(), &all, &mode)
    };
    im.out(n, 0, y);
    Ok(())
}

/// Pad's constant_value (input 2) as a 0-d `graph.constant` of `x`'s type;
/// `None` when it is absent or zero.
fn pad_value(im: &mut Importer, n: &Node, x: &V) -> R<Option<V>> {
    let Some(t) = im.const_tensor(n, 2, "constant_value")? else {
        return Ok(None);
    };
    if t.len() != 1 || t.ty.rank() > 1 || t.ty.elem != x.ty.elem {
        return Err(n.error(format!(
            "constant_value must be one value of X's element type {}, not {}",
            x.ty.elem, t.ty
        )));
    }
    let zero = match (t.as_ints(), t.floats()) {
        (Some(v), _) => v[0] == 0,
        (_, Some(v)) => v[0].to_bits() == 0,
        _ => false,
    };
    if zero {
        return Ok(None);
    }
    let scalar = Tensor {
        ty: t.ty.with_dims(vec![]),
        data: t.data.clone(),
    };
    Ok(Some(im.b.constant(&scalar)))
}

fn resize(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    let mut transforms = vec![
        "half_pixel",
        "pytorch_half_pixel",
        "align_corners",
        "asymmetric",
    ];
    if n.opset >= 19 {
        transforms.insert(1, "half_pixel_symmetric");
    }
    let ctm = n.string("coordinate_transformation_mode", "half_pixel")?;
    if ctm == "tf_crop_and_resize" {
        return Err(n.error(
            "coordinate_transformation_mode 'tf_crop_and_resize' (a crop by roi) is not supported",
        ));
    }
    let ctm = one_of(n, "coordinate_transformation_mode", ctm, &transforms)?;
    let mode = one_of(
        n,
        "mode",
        n.string("mode", "nearest")?,
        &["nearest", "linear", "cubic"],
    )?;
    let nearest_mode = one_of(
        n,
        "nearest_mode",
        n.string("nearest_mode", "round_prefer_floor")?,
        &["round_prefer_floor", "round_prefer_ceil", "floor", "ceil"],
    )?;
    let cubic_coeff_a = n.float("cubic_coeff_a", -0.75)?;
    let exclude_outside = match n.int("exclude_outside", 0)? {
        0 => false,
        1 => true,
        v => return Err(n.error(format!("'exclude_outside' must be 0 or 1, got {v}"))),
    };
    // Only tf_crop_and_resize reads it.
    n.float("extrapolation_value", 0.0)?;
    let (axes, policy) = if n.opset >= 18 {
        match n.int("antialias", 0)? {
            0 => {}
            1 => return Err(n.error("antialias = 1 is not supported")),
            v => return Err(n.error(format!("'antialias' must be 0 or 1, got {v}"))),
        }
        let policy = one_of(
            n,
            "keep_aspect_ratio_policy",
            n.string("keep_aspect_ratio_policy", "stretch")?,
            &["stretch", "not_larger", "not_smaller"],
        )?;
        (n.ints("axes")?, policy)
    } else {
        (None, "stretch".to_string())
    };
    float_only(n, &x)?;
    let r = x.ty.rank();
    let axes = axes_of(n, axes, r)?;
    // An empty scales (or sizes) is an absent one, as opset 11's exporters write.
    let scales = im.const_tensor(n, 2, "scales")?.filter(|t| !t.is_empty());
    let sizes = match scales {
        Some(_) => None,
        None => im.const_ints(n, 3, "sizes")?.filter(|s| !s.is_empty()),
    };
    if scales.is_some() && n.input(3).is_some() {
        let both = im
            .konst(n.input(3).unwrap_or(""))
            .is_none_or(|t| !t.is_empty());
        if both {
            return Err(n.error("takes scales or sizes, not both"));
        }
    }
    let mut factors = vec![1.0f64; r];
    let mut dims = x.ty.dims.clone();
    let count = |what: &str, len: usize| -> R<()> {
        if len != axes.len() {
            return Err(n.error(format!(
                "{what} has {len} values, expected {} (one per {})",
                axes.len(),
                if axes.len() == r { "dim" } else { "axis" }
            )));
        }
        Ok(())
    };
    match (scales, sizes) {
        (Some(t), _) => {
            let Some(v) = t.floats() else {
                return Err(n.error(format!("scales must be floats, not {}", t.ty)));
            };
            count("scales", v.len())?;
            for (&a, &s) in axes.iter().zip(v.iter()) {
                if !(s > 0.0 && s.is_finite()) {
                    return Err(n.error(format!("scales must be positive, got {s}")));
                }
                factors[a] = s;
                if dims[a] != DYN {
                    // ONNX's rule: floor(D x scale).
                    let o = (dims[a] as f64 * s).floor();
                    if o >= LIMIT as f64 {
                        return Err(n.error(format!(
                            "scale {s} makes dim {a} of size {} too large",
                            dims[a]
                        )));
                    }
                    dims[a] = o as i64;
                }
            }
        }
        (None, Some(v)) => {
            count("sizes", v.len())?;
            if let Some(bad) = v.iter().find(|&&s| !(0..LIMIT).contains(&s)) {
                return Err(n.error(format!("sizes must be at least 0, got {bad}")));
            }
            let mut ratio = Vec::with_capacity(axes.len());
            for (&a, &s) in axes.iter().zip(&v) {
                let d = match x.ty.dims[a] {
                    DYN => {
                        return Err(n.error(format!(
                            "sizes need the size of dim {a}, which is dynamic in X ({})",
                            x.ty
                        )))
                    }
                    0 => return Err(n.error(format!("cannot resize dim {a} of size 0"))),
                    d => d,
                };
                ratio.push(s as f64 / d as f64);
            }
            let keep = match policy.as_str() {
                "not_larger" => ratio.iter().copied().reduce(f64::min),
                "not_smaller" => ratio.iter().copied().reduce(f64::max),
                _ => None,
            };
            for (j, &a) in axes.iter().enumerate() {
                match keep {
                    // One scale for every axis; sizes rounded half up.
                    Some(s) => {
                        factors[a] = s;
                        let o = (s * x.ty.dims[a] as f64 + 0.5).floor();
                        if o >= LIMIT as f64 {
                            return Err(n.error(format!("resizes dim {a} to a size too large")));
                        }
                        dims[a] = o as i64;
                    }
                    None => {
                        factors[a] = ratio[j];
                        dims[a] = v[j];
                    }
                }
                if dims[a] == 0 || factors[a] <= 0.0 {
                    return Err(n.error(format!("resizes dim {a} to size 0")));
                }
            }
        }
        (None, None) => return Err(n.error("needs scales or sizes (inputs 2 and 3)")),
    }
    let y = if factors.iter().all(|&f| f == 1.0) && dims == x.ty.dims {
        x
    } else {
        let how = Interpolation {
            mode,
            coordinate_transformation_mode: ctm,
            nearest_mode,
            cubic_coeff_a,
            exclude_outside,
        };
        im.b.resize(&x, &factors, &how, dims)
    };
    im.out(n, 0, y);
    Ok(())
}
