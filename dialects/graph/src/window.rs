//! The window ops: composites over the spatial dims of an `[N, C, D1…Dk]`
//! tensor (ONNX's layout), and `pad` / `resize`, which they and frontends
//! use. `graph-decompose` rewrites each into primitive ops
//! (`decompose/window.rs`); the reference backend computes them directly
//! (`runtime/reference/src/window.rs`), so the oracle checks the
//! decomposition.
//!
//! | op | operands → results | properties |
//! | --- | --- | --- |
//! | `graph.conv` | input `[N, C, D…]`, filter `[M, C/groups, K…]`, bias `[M]` (optional) → `[N, M, O…]` | `strides`, `dilations` (k), `pads` (2k), `groups` |
//! | `graph.conv_transpose` | input `[N, C, D…]`, filter `[C, M/groups, K…]`, bias `[M]` (optional) → `[N, M, O…]` | `strides`, `dilations`, `output_padding` (k), `pads` (2k), `groups` |
//! | `graph.max_pool` | input `[N, C, D…]` → `[N, C, O…]` | `kernel_shape`, `strides`, `dilations` (k), `pads` (2k), `ceil_mode` |
//! | `graph.avg_pool` | input `[N, C, D…]` → `[N, C, O…]` | as `max_pool`, and `count_include_pad` |
//! | `graph.pad` | input, value (0-d, optional) → result | `pads` (2 × rank), `mode` |
//! | `graph.resize` | input → result (same rank) | `scales` (`array<f64>`, one per dim), `mode`, `coordinate_transformation_mode`, `nearest_mode`, `cubic_coeff_a`, `exclude_outside` |
//!
//! Semantics (ONNX's):
//! - `pads` lists the padding before each dim, then after each dim.
//! - conv: `O = floor((D + pb + pe - ((K - 1) d + 1)) / s) + 1`; each output
//!   channel `m` of group `g = m / (M / groups)` sums over the input channels
//!   of that group and the window, positions in the padding reading 0.
//! - conv_transpose: `O = s (D - 1) + output_padding + (K - 1) d + 1 - pb -
//!   pe`; input position `i` and kernel position `k` add into output
//!   position `i s + k d - pb`.
//! - pools: `O` as conv's, rounded up with `ceil_mode = 1` (then lowered by
//!   one when the last window would start past `D + pb`). max: the largest
//!   element of the window inside the input; avg: their sum divided by how
//!   many window positions lie inside the input, or, with
//!   `count_include_pad = 1`, inside the padded extent `[-pb, D + pe)`.
//! - pad: `mode` is `constant` (the value, 0 when absent), `reflect` (the
//!   mirror without the edge element), `edge` (the edge element repeated)
//!   or `wrap` (the other end), past the input's length periodically, as
//!   numpy's pad; negative pads remove elements first (and an over-crop
//!   eats into the other side's padding).
//! - resize: output coordinate `x` maps to input coordinate `c(x)` by
//!   `coordinate_transformation_mode` (`half_pixel`, `half_pixel_symmetric`,
//!   `pytorch_half_pixel`, `align_corners`, `asymmetric`) with the dim's
//!   scale; `nearest` rounds `c(x)` by `nearest_mode` (`round_prefer_floor`,
//!   `round_prefer_ceil`, `floor`, `ceil`), `linear` interpolates the two
//!   neighbours and `cubic` the four (Keys' kernel with `cubic_coeff_a`;
//!   `exclude_outside = 1` drops taps outside the input and renormalises),
//!   indices clamped into the input; every dim is interpolated the same way.

use crate::ops::{I64_ARRAY_ATTR, TENSOR};
use crate::shape::{self, dim_str};
use crate::syntax::{i64_values, I64_LIST};
use xir::dialect::Traits;
use xir::ods::constraints::{I64_ATTR, STR_ATTR};
use xir::ods::verify::op_error;
use xir::ods::{AttrConstraint, AttrForm, AttrSpec, OpSpec, ValueSpec};
use xir::printer::type_to_string;
use xir::symbol::op_attr;
use xir::types::TypeKind;
use xir::{AttrKind, Context, Diagnostic, Ir, Op, Type, DYNAMIC};

/// `array<f64: ...>`.
pub const F64_ARRAY_ATTR: AttrConstraint = AttrConstraint {
    desc: "f64 dense array attribute",
    storage: |ctx, a| matches!(ctx.attr_kind(a), AttrKind::DenseArray { .. }),
    check: |ctx, a| {
        matches!(ctx.attr_kind(a), AttrKind::DenseArray { element, .. }
            if matches!(ctx.type_kind(*element), TypeKind::Float(xir::types::FloatKind::F64)))
    },
    form: AttrForm::Generic,
    value_type: None,
};

const fn v(name: &'static str) -> ValueSpec {
    ValueSpec::one(name, TENSOR)
}

pub static CONV: OpSpec = OpSpec {
    operands: &[v("input"), v("filter"), ValueSpec::optional("bias", TENSOR)],
    results: &[v("result")],
    attrs: &[
        AttrSpec::required("strides", I64_ARRAY_ATTR),
        AttrSpec::required("dilations", I64_ARRAY_ATTR),
        AttrSpec::required("pads", I64_ARRAY_ATTR),
        AttrSpec::required("groups", I64_ATTR),
    ],
    traits: Traits::PURE,
    verify: Some(verify_window),
    format: Some(
        "$input `,` $filter (`,` $bias^)? `strides` `=` custom<I64List>($strides) `dilations` `=` custom<I64List>($dilations) `pads` `=` custom<I64List>($pads) `groups` `=` $groups attr-dict `:` functional-type(operands, results)",
    ),
    custom: &[I64_LIST],
    ..OpSpec::new("graph.conv")
};

pub static CONV_TRANSPOSE: OpSpec = OpSpec {
    operands: &[v("input"), v("filter"), ValueSpec::optional("bias", TENSOR)],
    results: &[v("result")],
    attrs: &[
        AttrSpec::required("strides", I64_ARRAY_ATTR),
        AttrSpec::required("dilations", I64_ARRAY_ATTR),
        AttrSpec::required("pads", I64_ARRAY_ATTR),
        AttrSpec::required("output_padding", I64_ARRAY_ATTR),
        AttrSpec::required("groups", I64_ATTR),
    ],
    traits: Traits::PURE,
    verify: Some(verify_window),
    format: Some(
        "$input `,` $filter (`,` $bias^)? `strides` `=` custom<I64List>($strides) `dilations` `=` custom<I64List>($dilations) `pads` `=` custom<I64List>($pads) `output_padding` `=` custom<I64List>($output_padding) `groups` `=` $groups attr-dict `:` functional-type(operands, results)",
    ),
    custom: &[I64_LIST],
    ..OpSpec::new("graph.conv_transpose")
};

pub static MAX_POOL: OpSpec = OpSpec {
    operands: &[v("input")],
    results: &[v("result")],
    attrs: &[
        AttrSpec::required("kernel_shape", I64_ARRAY_ATTR),
        AttrSpec::required("strides", I64_ARRAY_ATTR),
        AttrSpec::required("dilations", I64_ARRAY_ATTR),
        AttrSpec::required("pads", I64_ARRAY_ATTR),
        AttrSpec::required("ceil_mode", I64_ATTR),
    ],
    traits: Traits::PURE,
    verify: Some(verify_window),
    format: Some(
        "$input `kernel_shape` `=` custom<I64List>($kernel_shape) `strides` `=` custom<I64List>($strides) `dilations` `=` custom<I64List>($dilations) `pads` `=` custom<I64List>($pads) `ceil_mode` `=` $ceil_mode attr-dict `:` type($input) `->` type($result)",
    ),
    custom: &[I64_LIST],
    ..OpSpec::new("graph.max_pool")
};

pub static AVG_POOL: OpSpec = OpSpec {
    operands: &[v("input")],
    results: &[v("result")],
    attrs: &[
        AttrSpec::required("kernel_shape", I64_ARRAY_ATTR),
        AttrSpec::required("strides", I64_ARRAY_ATTR),
        AttrSpec::required("dilations", I64_ARRAY_ATTR),
        AttrSpec::required("pads", I64_ARRAY_ATTR),
        AttrSpec::required("ceil_mode", I64_ATTR),
        AttrSpec::required("count_include_pad", I64_ATTR),
    ],
    traits: Traits::PURE,
    verify: Some(verify_window),
    format: Some(
        "$input `kernel_shape` `=` custom<I64List>($kernel_shape) `strides` `=` custom<I64List>($strides) `dilations` `=` custom<I64List>($dilations) `pads` `=` custom<I64List>($pads) `ceil_mode` `=` $ceil_mode `count_include_pad` `=` $count_include_pad attr-dict `:` type($input) `->` type($result)",
    ),
    custom: &[I64_LIST],
    ..OpSpec::new("graph.avg_pool")
};

pub static PAD: OpSpec = OpSpec {
    operands: &[v("input"), ValueSpec::optional("value", TENSOR)],
    results: &[v("result")],
    attrs: &[
        AttrSpec::required("pads", I64_ARRAY_ATTR),
        AttrSpec::required("mode", STR_ATTR),
    ],
    traits: Traits::PURE,
    verify: Some(verify_window),
    format: Some(
        "$input (`,` $value^)? `pads` `=` custom<I64List>($pads) `mode` `=` $mode attr-dict `:` functional-type(operands, results)",
    ),
    custom: &[I64_LIST],
    ..OpSpec::new("graph.pad")
};

pub static RESIZE: OpSpec = OpSpec {
    operands: &[v("input")],
    results: &[v("result")],
    attrs: &[
        AttrSpec::required("scales", F64_ARRAY_ATTR),
        AttrSpec::required("mode", STR_ATTR),
        AttrSpec::required("coordinate_transformation_mode", STR_ATTR),
        AttrSpec::required("nearest_mode", STR_ATTR),
        AttrSpec::required("cubic_coeff_a", crate::composite::F32_ATTR),
        AttrSpec::required("exclude_outside", I64_ATTR),
    ],
    traits: Traits::PURE,
    verify: Some(verify_window),
    format: Some(
        "$input `scales` `=` $scales `mode` `=` $mode `coordinate_transformation_mode` `=` $coordinate_transformation_mode `nearest_mode` `=` $nearest_mode `cubic_coeff_a` `=` $cubic_coeff_a `exclude_outside` `=` $exclude_outside attr-dict `:` type($input) `->` type($result)",
    ),
    ..OpSpec::new("graph.resize")
};

/// The window ops (also in [`crate::ops::OPS`] and decomposed by
/// `graph-decompose`).
pub static WINDOWS: [&OpSpec; 6] = [&AVG_POOL, &CONV, &CONV_TRANSPOSE, &MAX_POOL, &PAD, &RESIZE];

pub const PAD_MODES: [&str; 4] = ["constant", "reflect", "edge", "wrap"];
pub const RESIZE_MODES: [&str; 3] = ["nearest", "linear", "cubic"];
pub const COORDINATE_MODES: [&str; 5] = [
    "half_pixel",
    "half_pixel_symmetric",
    "pytorch_half_pixel",
    "align_corners",
    "asymmetric",
];
pub const NEAREST_MODES: [&str; 4] = ["round_prefer_floor", "round_prefer_ceil", "floor", "ceil"];

/// The geometry of a conv or pool along its k spatial dims.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Window {
    pub kernel: Vec<i64>,
    pub strides: Vec<i64>,
    pub dilations: Vec<i64>,
    /// Before each dim, then after each dim.
    pub pads: Vec<i64>,
}

impl Window {
    /// The extent of the dilated kernel along spatial dim `i` (the verifier
    /// checks that it fits i64).
    pub fn extent(&self, i: usize) -> i64 {
        (self.kernel[i] - 1) * self.dilations[i] + 1
    }

    /// [`Self::extent`] in i128, for a window not verified yet (an importer's).
    pub fn wide_extent(&self, i: usize) -> i128 {
        (self.kernel[i] as i128 - 1) * self.dilations[i] as i128 + 1
    }

    pub fn pad_begin(&self, i: usize) -> i64 {
        self.pads[i]
    }

    pub fn pad_end(&self, i: usize) -> i64 {
        self.pads[self.kernel.len() + i]
    }

    /// The output size along spatial dim `i` for input size `d` (conv's rule,
    /// or the pools' `ceil_mode`); an error when the window does not fit.
    pub fn output(&self, i: usize, d: i64, ceil: bool) -> Result<i64, String> {
        if d == DYNAMIC {
            return Ok(DYNAMIC);
        }
        // In i128: pads and sizes near i64's range must not overflow.
        let (pb, pe, e) = (
            self.pad_begin(i) as i128,
            self.pad_end(i) as i128,
            self.wide_extent(i),
        );
        let span = d as i128 + pb + pe - e;
        if span < 0 {
            return Err(format!(
                "the window of extent {e} does not fit spatial dim {i} of size {d} padded by {pb} and {pe}"
            ));
        }
        let s = self.strides[i] as i128;
        let mut o = if ceil {
            (span + s - 1) / s + 1
        } else {
            span / s + 1
        };
        // The last window must start inside the input or its leading padding.
        if ceil && (o - 1) * s >= d as i128 + pb {
            o -= 1;
        }
        size(o, &format!("the output size of spatial dim {i}"))
    }
}

/// The i64 list property `key` of `op`.
pub fn i64_list(ctx: &Context, ir: &Ir, op: Op, key: &str) -> Option<Vec<i64>> {
    op_attr(ctx, ir, op, key).and_then(|a| i64_values(ctx, a))
}

/// The f64 list property `key` of `op`.
pub fn f64_list(ctx: &Context, ir: &Ir, op: Op, key: &str) -> Option<Vec<f64>> {
    match ctx.attr_kind(op_attr(ctx, ir, op, key)?) {
        AttrKind::DenseArray { values, .. } => {
            Some(values.iter().map(|&b| f64::from_bits(b)).collect())
        }
        _ => None,
    }
}

/// The window of a conv-like op with `k` spatial dims, its kernel from
/// `kernel` (a filter's spatial dims or a pool's `kernel_shape`), every list
/// checked.
pub fn window(
    ctx: &Context,
    ir: &Ir,
    op: Op,
    k: usize,
    kernel: Vec<i64>,
) -> Result<Window, String> {
    let list = |key: &str, len: usize, min: i64| -> Result<Vec<i64>, String> {
        let v = i64_list(ctx, ir, op, key).ok_or_else(|| format!("requires '{key}'"))?;
        if v.len() != len {
            return Err(format!(
                "'{key}' has {} values, expected {len} for {k} spatial dims",
                v.len()
            ));
        }
        if let Some(bad) = v.iter().find(|&&x| x < min) {
            return Err(format!("'{key}' must be at least {min}, got {bad}"));
        }
        Ok(v)
    };
    if kernel.len() != k {
        return Err(format!(
            "'kernel_shape' has {} values, expected {k} for {k} spatial dims",
            kernel.len()
        ));
    }
    if let Some(bad) = kernel.iter().find(|&&x| x < 1 && x != DYNAMIC) {
        return Err(format!("kernel sizes must be at least 1, got {bad}"));
    }
    let w = Window {
        kernel,
        strides: list("strides", k, 1)?,
        dilations: list("dilations", k, 1)?,
        pads: list("pads", 2 * k, 0)?,
    };
    // Every size below is computed in i64: a window whose extent does not
    // fit is an error here, not an overflow later.
    for i in 0..k {
        let (kernel, dilation) = (w.kernel[i], w.dilations[i]);
        let fits = kernel == DYNAMIC
            || (kernel - 1)
                .checked_mul(dilation)
                .and_then(|x| x.checked_add(1))
                .is_some();
        if !fits {
            return Err(format!(
                "the window of spatial dim {i} (kernel {kernel}, dilation {dilation}) is too large"
            ));
        }
    }
    Ok(w)
}

/// `v`, computed in i128, as an i64 size; an error naming `what` when it
/// does not fit.
fn size(v: i128, what: &str) -> Result<i64, String> {
    i64::try_from(v).map_err(|_| format!("{what} {v} is too large"))
}

fn tensor(ctx: &Context, t: Type) -> Option<(Vec<i64>, Type)> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, element, .. } => Some((shape.clone(), *element)),
        _ => None,
    }
}

fn shape_str(shape: &[i64]) -> String {
    let s: Vec<String> = shape.iter().map(|&d| dim_str(d)).collect();
    format!("[{}]", s.join(", "))
}

fn is_float(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Float(_))
}

/// The inferred result shape of a window op from its operand shapes, or the
/// message of what is wrong.
pub fn infer(ctx: &Context, ir: &Ir, op: Op) -> Result<Vec<i64>, String> {
    let name = ctx.str(ir.op(op).name);
    let operands: Vec<_> = ir.operands(op).collect();
    let (x, elem) = tensor(ctx, ir.value_type(operands[0])).ok_or("input is not a tensor")?;
    let int = |key: &str| -> Result<i64, String> {
        match op_attr(ctx, ir, op, key).map(|a| ctx.attr_kind(a)) {
            Some(AttrKind::Integer { value, .. }) => {
                i64::try_from(value).map_err(|_| format!("'{key}' is out of range"))
            }
            _ => Err(format!("requires '{key}'")),
        }
    };
    let string = |key: &str, allowed: &[&str]| -> Result<String, String> {
        let s = match op_attr(ctx, ir, op, key).map(|a| ctx.attr_kind(a)) {
            Some(AttrKind::String { value, .. }) => String::from_utf8_lossy(value).into_owned(),
            _ => return Err(format!("requires '{key}'")),
        };
        if !allowed.contains(&s.as_str()) {
            return Err(format!(
                "'{key}' must be one of {}, got \"{s}\"",
                allowed
                    .iter()
                    .map(|a| format!("\"{a}\""))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        Ok(s)
    };
    let flag = |key: &str| -> Result<bool, String> {
        match int(key)? {
            0 => Ok(false),
            1 => Ok(true),
            v => Err(format!("'{key}' must be 0 or 1, got {v}")),
        }
    };
    match name {
        "graph.pad" => {
            let pads = i64_list(ctx, ir, op, "pads").ok_or("requires 'pads'")?;
            let mode = string("mode", &PAD_MODES)?;
            let r = x.len();
            if pads.len() != 2 * r {
                return Err(format!(
                    "'pads' has {} values, expected {} (2 x rank {r})",
                    pads.len(),
                    2 * r
                ));
            }
            if let Some(&val) = operands.get(1) {
                let (vs, ve) = tensor(ctx, ir.value_type(val)).ok_or("value is not a tensor")?;
                if !vs.is_empty() || ve != elem {
                    return Err(format!(
                        "value must be a 0-d tensor of the input's element type {}",
                        type_to_string(ctx, elem)
                    ));
                }
                if mode != "constant" {
                    return Err(format!(
                        "a value is only given in mode \"constant\", not \"{mode}\""
                    ));
                }
            }
            let mut out = Vec::with_capacity(r);
            for (i, &d) in x.iter().enumerate() {
                let (b, e) = (pads[i], pads[r + i]);
                if d == DYNAMIC {
                    out.push(DYNAMIC);
                    continue;
                }
                let o = d + b + e;
                if o < 0 {
                    return Err(format!(
                        "pads {b} and {e} remove more than the {d} elements of dim {i}"
                    ));
                }
                // Negative pads crop first; the rest pads what is left
                // (periodically past its length, as numpy's pad).
                let kept = d + b.min(0) + e.min(0);
                if (b > 0 || e > 0) && mode != "constant" && kept <= 0 {
                    return Err(format!(
                        "mode \"{mode}\" cannot pad dim {i}: it has no elements{}",
                        if d > 0 { " left after cropping" } else { "" }
                    ));
                }
                out.push(o);
            }
            Ok(out)
        }
        "graph.resize" => {
            string("mode", &RESIZE_MODES)?;
            string("coordinate_transformation_mode", &COORDINATE_MODES)?;
            string("nearest_mode", &NEAREST_MODES)?;
            flag("exclude_outside")?;
            if !is_float(ctx, elem) {
                return Err(format!(
                    "requires a float element type, got '{}'",
                    type_to_string(ctx, elem)
                ));
            }
            let scales = f64_list(ctx, ir, op, "scales").ok_or("requires 'scales'")?;
            if scales.len() != x.len() {
                return Err(format!(
                    "'scales' has {} values, expected {} (the rank)",
                    scales.len(),
                    x.len()
                ));
            }
            if let Some(bad) = scales.iter().find(|&&s| !(s > 0.0 && s.is_finite())) {
                return Err(format!("scales must be positive, got {bad}"));
            }
            // The result's sizes are its own (a frontend may round them);
            // only the rank is inferred.
            let r = ir.results(op).first().copied();
            let out = r
                .and_then(|r| tensor(ctx, ir.value_type(r)))
                .map(|(s, _)| s)
                .unwrap_or_else(|| x.clone());
            if out.len() != x.len() {
                return Err(format!(
                    "result rank {} differs from the input's {}",
                    out.len(),
                    x.len()
                ));
            }
            if let Some(i) = (0..x.len()).find(|&i| x[i] == 0 && out[i] != 0) {
                return Err(format!("cannot resize dim {i} of size 0 to {}", out[i]));
            }
            Ok(out)
        }
        _ => {
            if x.len() < 3 {
                return Err(format!(
                    "input must be [N, C, D...] with at least one spatial dim, got rank {}",
                    x.len()
                ));
            }
            let k = x.len() - 2;
            let (n, c) = (x[0], x[1]);
            match name {
                "graph.max_pool" | "graph.avg_pool" => {
                    let kernel =
                        i64_list(ctx, ir, op, "kernel_shape").ok_or("requires 'kernel_shape'")?;
                    // (`window` lets a conv's dynamic filter dims through.)
                    if kernel.contains(&DYNAMIC) {
                        return Err(format!("kernel sizes must be at least 1, got {DYNAMIC}"));
                    }
                    let w = window(ctx, ir, op, k, kernel)?;
                    let ceil = flag("ceil_mode")?;
                    if name == "graph.avg_pool" {
                        flag("count_include_pad")?;
                        if !is_float(ctx, elem) {
                            return Err(format!(
                                "requires a float element type, got '{}'",
                                type_to_string(ctx, elem)
                            ));
                        }
                    }
                    for i in 0..k {
                        if w.pad_begin(i) >= w.extent(i) || w.pad_end(i) >= w.extent(i) {
                            return Err(format!(
                                "pads of spatial dim {i} ({} and {}) must be smaller than the window's extent {}",
                                w.pad_begin(i),
                                w.pad_end(i),
                                w.extent(i)
                            ));
                        }
                    }
                    let mut out = vec![n, c];
                    for i in 0..k {
                        out.push(w.output(i, x[2 + i], ceil)?);
                    }
                    Ok(out)
                }
                _ => {
                    let transpose = name == "graph.conv_transpose";
                    let (f, fe) =
                        tensor(ctx, ir.value_type(operands[1])).ok_or("filter is not a tensor")?;
                    if !is_float(ctx, elem) {
                        return Err(format!(
                            "requires a float element type, got '{}'",
                            type_to_string(ctx, elem)
                        ));
                    }
                    if fe != elem {
                        return Err(format!(
                            "filter element type {} differs from the input's {}",
                            type_to_string(ctx, fe),
                            type_to_string(ctx, elem)
                        ));
                    }
                    if f.len() != x.len() {
                        return Err(format!(
                            "filter {} must have the input's rank {}",
                            shape_str(&f),
                            x.len()
                        ));
                    }
                    let groups = int("groups")?;
                    if groups < 1 {
                        return Err(format!("'groups' must be at least 1, got {groups}"));
                    }
                    let w = window(ctx, ir, op, k, f[2..].to_vec())?;
                    // conv: filter [M, C/g, K...]; conv_transpose: [C, M/g, K...].
                    let (m, per_group_in) = if transpose {
                        (shape::mul_dims(f[1], groups), f[0])
                    } else {
                        (f[0], shape::mul_dims(f[1], groups))
                    };
                    if !shape::compatible(c, per_group_in) {
                        return Err(if transpose {
                            format!(
                                "filter {} needs {} input channels (its dim 0), the input has {}",
                                shape_str(&f),
                                dim_str(f[0]),
                                dim_str(c)
                            )
                        } else {
                            format!(
                                "filter {} with {groups} groups needs {} input channels, the input has {}",
                                shape_str(&f),
                                dim_str(per_group_in),
                                dim_str(c)
                            )
                        });
                    }
                    // The filter's dim 0 is M (conv) or C (conv_transpose).
                    if f[0] != DYNAMIC && f[0] % groups != 0 {
                        return Err(format!(
                            "{groups} groups do not divide the filter's {} {} channels",
                            f[0],
                            if transpose { "input" } else { "output" }
                        ));
                    }
                    if let Some(&b) = operands.get(2) {
                        let (bs, be) =
                            tensor(ctx, ir.value_type(b)).ok_or("bias is not a tensor")?;
                        if be != elem || bs.len() != 1 || !shape::compatible(bs[0], m) {
                            return Err(format!(
                                "bias type '{}' must be tensor<{}x{}>",
                                type_to_string(ctx, ir.value_type(b)),
                                dim_str(m),
                                type_to_string(ctx, elem)
                            ));
                        }
                    }
                    let mut out = vec![n, m];
                    if transpose {
                        let op_pad = i64_list(ctx, ir, op, "output_padding")
                            .ok_or("requires 'output_padding'")?;
                        if op_pad.len() != k {
                            return Err(format!(
                                "'output_padding' has {} values, expected {k}",
                                op_pad.len()
                            ));
                        }
                        for i in 0..k {
                            let limit = w.strides[i].max(w.dilations[i]);
                            if op_pad[i] < 0 || op_pad[i] >= limit {
                                return Err(format!(
                                    "'output_padding' of spatial dim {i} must be in [0, {limit}), got {}",
                                    op_pad[i]
                                ));
                            }
                            let d = x[2 + i];
                            if d == DYNAMIC || f[2 + i] == DYNAMIC {
                                out.push(DYNAMIC);
                                continue;
                            }
                            let o = w.strides[i] as i128 * (d as i128 - 1).max(0)
                                + op_pad[i] as i128
                                + w.extent(i) as i128
                                - w.pad_begin(i) as i128
                                - w.pad_end(i) as i128;
                            if d == 0 || o < 0 {
                                return Err(format!(
                                    "spatial dim {i} of size {d} gives no output (size {o})"
                                ));
                            }
                            out.push(size(o, &format!("the output size of spatial dim {i}"))?);
                        }
                    } else {
                        for i in 0..k {
                            if f[2 + i] == DYNAMIC {
                                out.push(DYNAMIC);
                            } else {
                                out.push(w.output(i, x[2 + i], false)?);
                            }
                        }
                    }
                    Ok(out)
                }
            }
        }
    }
}

/// Every window op: the inferred shape (and element type) against the result.
pub fn verify_window(ctx: &Context, ir: &Ir, op: Op) -> Result<(), Diagnostic> {
    let inferred = infer(ctx, ir, op).map_err(|m| op_error(ctx, ir, op, m))?;
    let Some(&r) = ir.results(op).first() else {
        return Ok(());
    };
    let Some(&input) = ir.operands(op).collect::<Vec<_>>().first() else {
        return Ok(());
    };
    let (Some((out, oe)), Some((_, ie))) = (
        tensor(ctx, ir.value_type(r)),
        tensor(ctx, ir.value_type(input)),
    ) else {
        return Ok(());
    };
    if oe != ie || !shape::matches(&inferred, &out) {
        let want = format!(
            "tensor<{}{}>",
            inferred
                .iter()
                .map(|&d| format!("{}x", dim_str(d)))
                .collect::<String>(),
            type_to_string(ctx, ie)
        );
        return Err(op_error(
            ctx,
            ir,
            op,
            format!(
                "result type '{}' does not match the inferred type '{want}'",
                type_to_string(ctx, ir.value_type(r))
            ),
        ));
    }
    Ok(())
}
