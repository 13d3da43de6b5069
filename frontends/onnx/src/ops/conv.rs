//! Convolutions and pooling over the spatial dims of `[N, C, D1, ...]`
//! tensors: Conv, ConvTranspose, MaxPool and AveragePool become the graph
//! window ops (`graph.conv`, `graph.conv_transpose`, `graph.max_pool`,
//! `graph.avg_pool`, dialects/graph/src/window.rs) with explicit pads.
//! `auto_pad` (NOTSET, SAME_UPPER, SAME_LOWER, VALID) and ConvTranspose's
//! `output_shape` are resolved here with ONNX's formulas, from static
//! spatial sizes. Result shapes follow the window ops' own rule, and every
//! case their verifiers refuse is an error naming the node first.

use super::{Converter, R};
use crate::builder::{Binary, Window, V};
use crate::convert::{float_only, Importer};
use crate::node::Node;
use crate::types::{ElementType, Ty, DYN};

pub const CONVERTERS: &[Converter] = &[
    Converter::new(
        "Conv",
        &[
            "auto_pad",
            "dilations",
            "group",
            "kernel_shape",
            "pads",
            "strides",
        ],
        conv,
        "`graph.conv` (auto_pad resolved to pads)",
    ),
    Converter::new(
        "ConvTranspose",
        &[
            "auto_pad",
            "dilations",
            "group",
            "kernel_shape",
            "output_padding",
            "output_shape",
            "pads",
            "strides",
        ],
        conv_transpose,
        "`graph.conv_transpose` (auto_pad and output_shape resolved to pads; a `graph.pad` where they extend the result)",
    ),
    Converter::new(
        "MaxPool",
        &[
            "auto_pad",
            "ceil_mode",
            "dilations",
            "kernel_shape",
            "pads",
            "storage_order",
            "strides",
        ],
        |im, n| pool(im, n, true),
        "`graph.max_pool` (auto_pad resolved to pads; the Indices output is not supported)",
    ),
    Converter::new(
        "AveragePool",
        &[
            "auto_pad",
            "ceil_mode",
            "count_include_pad",
            "kernel_shape",
            "pads",
            "strides",
        ],
        |im, n| pool(im, n, false),
        "`graph.avg_pool` (auto_pad resolved to pads)",
    )
    .opsets(13, 18),
    Converter::new(
        "AveragePool",
        &[
            "auto_pad",
            "ceil_mode",
            "count_include_pad",
            "dilations",
            "kernel_shape",
            "pads",
            "strides",
        ],
        |im, n| pool(im, n, false),
        "`graph.avg_pool` (auto_pad resolved to pads)",
    )
    .opsets(19, 28),
];

/// Attribute values (kernel sizes, strides, dilations, pads, output sizes)
/// stay below this, so no size arithmetic here or in the verifier overflows.
const LIMIT: i64 = 1 << 31;

/// Output sizes stay below this.
const MAX_SIZE: i128 = 1 << 62;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum AutoPad {
    NotSet,
    SameUpper,
    SameLower,
    Valid,
}

impl AutoPad {
    fn read(n: &Node) -> R<AutoPad> {
        Ok(match n.string("auto_pad", "NOTSET")?.as_str() {
            "NOTSET" => AutoPad::NotSet,
            "SAME_UPPER" => AutoPad::SameUpper,
            "SAME_LOWER" => AutoPad::SameLower,
            "VALID" => AutoPad::Valid,
            other => {
                return Err(n.error(format!(
                    "auto_pad '{other}' is not one of NOTSET, SAME_UPPER, SAME_LOWER, VALID"
                )))
            }
        })
    }

    fn name(self) -> &'static str {
        match self {
            AutoPad::NotSet => "NOTSET",
            AutoPad::SameUpper => "SAME_UPPER",
            AutoPad::SameLower => "SAME_LOWER",
            AutoPad::Valid => "VALID",
        }
    }

    fn same(self) -> bool {
        matches!(self, AutoPad::SameUpper | AutoPad::SameLower)
    }
}

/// The number of spatial dims of `x`, which must be `[N, C, D1, ...]`.
fn spatial(n: &Node, x: &V) -> R<usize> {
    if x.ty.rank() < 3 {
        return Err(n.error(format!(
            "input X must be [N, C, D1, ...] with at least one spatial dim, not {}",
            x.ty
        )));
    }
    Ok(x.ty.rank() - 2)
}

/// `v` (attribute `name`), checked: `len` values, each at least `min` and
/// below [`LIMIT`].
fn check_list(n: &Node, name: &str, v: Vec<i64>, len: usize, min: i64, per: &str) -> R<Vec<i64>> {
    if v.len() != len {
        return Err(n.error(format!(
            "'{name}' has {} values, expected {len} ({per})",
            v.len()
        )));
    }
    if let Some(bad) = v.iter().find(|&&x| x < min) {
        return Err(n.error(format!("'{name}' must be at least {min}, got {bad}")));
    }
    if let Some(bad) = v.iter().find(|&&x| x >= LIMIT) {
        return Err(n.error(format!("'{name}' value {bad} is too large")));
    }
    Ok(v)
}

/// Attribute `name`: one integer per spatial dim (`k`), each at least
/// `min`; `default` for each when absent.
fn per_dim(n: &Node, name: &str, k: usize, min: i64, default: i64) -> R<Vec<i64>> {
    match n.ints(name)? {
        Some(v) => check_list(n, name, v, k, min, "one per spatial dim"),
        None => Ok(vec![default; k]),
    }
}

/// The `pads` attribute (a begin and an end per spatial dim), if given.
fn pads_attr(n: &Node, k: usize) -> R<Option<Vec<i64>>> {
    n.ints("pads")?
        .map(|v| {
            check_list(
                n,
                "pads",
                v,
                2 * k,
                0,
                "the begins of the spatial dims, then their ends",
            )
        })
        .transpose()
}

/// A `0` or `1` attribute.
fn flag(n: &Node, name: &str) -> R<bool> {
    match n.int(name, 0)? {
        0 => Ok(false),
        1 => Ok(true),
        v => Err(n.error(format!("'{name}' must be 0 or 1, got {v}"))),
    }
}

/// `total` padding split in two, the odd element at the end (`upper`, ONNX's
/// SAME_UPPER) or at the beginning; floor division, as ONNX's reference.
fn split(total: i128, upper: bool) -> (i128, i128) {
    let half = total.div_euclid(2);
    if upper {
        (half, total - half)
    } else {
        (total - half, half)
    }
}

fn to_i64(n: &Node, v: i128, what: &str) -> R<i64> {
    if v.abs() >= MAX_SIZE {
        return Err(n.error(format!("{what} {v} is too large")));
    }
    Ok(v as i64)
}

/// The window of a conv or pool node over `x` with `kernel`: strides,
/// dilations (`dilations`: when the op has them), and the pads of
/// `auto_pad`. With `same` (convs and pools), SAME_UPPER and SAME_LOWER
/// give output size ceil(D / stride), the total padding split evenly with
/// the odd element at the end (UPPER) or the beginning (LOWER); without it
/// (ConvTranspose, which resolves SAME itself) the pads are left 0.
fn window(n: &Node, x: &V, kernel: Vec<i64>, dilations: bool, same: bool) -> R<(Window, AutoPad)> {
    let k = kernel.len();
    let strides = per_dim(n, "strides", k, 1, 1)?;
    let dilations = if dilations {
        per_dim(n, "dilations", k, 1, 1)?
    } else {
        vec![1; k]
    };
    let auto = AutoPad::read(n)?;
    let pads = pads_attr(n, k)?;
    let mut w = Window {
        kernel,
        strides,
        dilations,
        pads: vec![0; 2 * k],
    };
    if auto == AutoPad::NotSet {
        if let Some(p) = pads {
            w.pads = p;
        }
        return Ok((w, auto));
    }
    if pads.is_some_and(|p| p.iter().any(|&x| x != 0)) {
        return Err(n.error(format!(
            "'pads' cannot be given with auto_pad {}",
            auto.name()
        )));
    }
    if auto.same() && same {
        for i in 0..k {
            let d = static_spatial(n, x, i, &format!("auto_pad {}", auto.name()))?;
            let s = w.strides[i] as i128;
            let out = (d as i128 + s - 1) / s;
            let total = ((out - 1) * s + w.wide_extent(i) - d as i128).max(0);
            let (b, e) = split(total, auto == AutoPad::SameUpper);
            w.pads[i] = to_i64(n, b, "a pad")?;
            w.pads[k + i] = to_i64(n, e, "a pad")?;
        }
    }
    Ok((w, auto))
}

/// Spatial dim `i` of `x`, which `why` needs static.
fn static_spatial(n: &Node, x: &V, i: usize, why: &str) -> R<i64> {
    match x.ty.dims[2 + i] {
        DYN => Err(n.error(format!(
            "{why} needs the size of spatial dim {i}, which is dynamic in X ({})",
            x.ty
        ))),
        d => Ok(d),
    }
}

/// The output size along spatial dim `i` for input size `d`: conv's rule
/// `floor((D + pads - extent) / stride) + 1`, or with `ceil` (pools) rounded
/// up, less one when the last window would start past the input and its
/// leading padding (graph.window's `Window::output`).
fn output_size(n: &Node, w: &Window, i: usize, d: i64, ceil: bool) -> R<i64> {
    if d == DYN || w.kernel[i] == DYN {
        return Ok(DYN);
    }
    let o = w.output(i, d, ceil).map_err(|e| n.error(e))?;
    to_i64(n, o as i128, "an output size")
}

/// Inputs W (the filter, of X's rank and element type) and B (the bias,
/// `[m]`, if given).
fn filter_and_bias(im: &mut Importer, n: &Node, x: &V, layout: &str) -> R<(V, Option<V>)> {
    let w = im.input(n, 1)?;
    if w.ty.rank() != x.ty.rank() || w.ty.elem != x.ty.elem {
        return Err(n.error(format!(
            "W must be {layout} of X's rank and element type ({}), not {}",
            x.ty, w.ty
        )));
    }
    let b = im.opt_input(n, 2)?;
    Ok((w, b))
}

fn check_bias(n: &Node, x: &V, b: Option<&V>, m: i64) -> R<()> {
    if let Some(b) = b {
        let fits = b.ty.rank() == 1
            && b.ty.elem == x.ty.elem
            && (b.ty.dims[0] == m || b.ty.dims[0] == DYN || m == DYN);
        if !fits {
            let m = if m == DYN { "M".into() } else { m.to_string() };
            return Err(n.error(format!(
                "B must be one value per output channel (tensor<{m}x{}>), not {}",
                x.ty.elem, b.ty
            )));
        }
    }
    Ok(())
}

/// The `group` attribute.
fn group(n: &Node) -> R<i64> {
    let g = n.int("group", 1)?;
    if !(1..LIMIT).contains(&g) {
        return Err(n.error(format!("'group' must be at least 1, got {g}")));
    }
    Ok(g)
}

/// The kernel's spatial sizes: `kernel_shape`, which must agree with the
/// filter's static dims, else the filter's (which must then be static).
fn kernel(n: &Node, w: &V, k: usize) -> R<Vec<i64>> {
    let from_w = &w.ty.dims[2..];
    match n.ints("kernel_shape")? {
        Some(ks) => {
            let ks = check_list(n, "kernel_shape", ks, k, 1, "one per spatial dim")?;
            if (0..k).any(|i| from_w[i] != DYN && from_w[i] != ks[i]) {
                return Err(n.error(format!(
                    "'kernel_shape' {ks:?} disagrees with W's spatial dims ({})",
                    w.ty
                )));
            }
            Ok(ks)
        }
        None => {
            if from_w.contains(&DYN) {
                return Err(n.error(format!(
                    "W ({}) has dynamic spatial dims and no 'kernel_shape' gives them",
                    w.ty
                )));
            }
            check_list(
                n,
                "W's kernel",
                from_w.to_vec(),
                k,
                1,
                "one per spatial dim",
            )
        }
    }
}

/// `x`'s channels: the filter's dim `at` times `group` must equal them.
fn check_channels(n: &Node, x: &V, w: &V, at: usize, g: i64) -> R<()> {
    let (c, per) = (x.ty.dims[1], w.ty.dims[at]);
    if c == DYN || per == DYN {
        return Ok(());
    }
    if per.checked_mul(g) != Some(c) {
        let takes = match per.checked_mul(g) {
            Some(t) => t.to_string(),
            None => "too many".into(),
        };
        return Err(n.error(format!(
            "W ({}) with group {g} takes {takes} input channels, X ({}) has {c}",
            w.ty, x.ty
        )));
    }
    Ok(())
}

/// `g` must divide the filter's dim 0 (`what` channels).
fn check_divides(n: &Node, w: &V, g: i64, what: &str) -> R<()> {
    let d0 = w.ty.dims[0];
    if d0 != DYN && d0 % g != 0 {
        return Err(n.error(format!(
            "group {g} does not divide the {d0} {what} channels of W ({})",
            w.ty
        )));
    }
    Ok(())
}

fn conv(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    let k = spatial(n, &x)?;
    float_only(n, &x)?;
    let (w, b) = filter_and_bias(im, n, &x, "[M, C/group, k1, ...]")?;
    let g = group(n)?;
    let kernel = kernel(n, &w, k)?;
    let (win, _) = window(n, &x, kernel, true, true)?;
    check_channels(n, &x, &w, 1, g)?;
    check_divides(n, &w, g, "output")?;
    let m = w.ty.dims[0];
    check_bias(n, &x, b.as_ref(), m)?;
    let mut dims = vec![x.ty.dims[0], m];
    for i in 0..k {
        dims.push(output_size(n, &win, i, x.ty.dims[2 + i], false)?);
    }
    let y = im.b.conv(&x, &w, b.as_ref(), &win, g, x.ty.with_dims(dims));
    im.out(n, 0, y);
    Ok(())
}

fn conv_transpose(im: &mut Importer, n: &Node) -> R<()> {
    let x = im.input(n, 0)?;
    let k = spatial(n, &x)?;
    float_only(n, &x)?;
    let (w, b) = filter_and_bias(im, n, &x, "[C, M/group, k1, ...]")?;
    let g = group(n)?;
    let kernel = kernel(n, &w, k)?;
    let (mut win, auto) = window(n, &x, kernel, true, false)?;
    let out_pad = per_dim(n, "output_padding", k, 0, 0)?;
    let out_shape = match n.ints("output_shape")? {
        Some(v) => {
            // The spatial sizes, or the whole shape (its spatial sizes used).
            let v = if v.len() == k + 2 { v[2..].to_vec() } else { v };
            Some(check_list(
                n,
                "output_shape",
                v,
                k,
                1,
                "one per spatial dim",
            )?)
        }
        None => None,
    };
    if x.ty.dims[1] != DYN && w.ty.dims[0] != DYN && x.ty.dims[1] != w.ty.dims[0] {
        return Err(n.error(format!(
            "W ({}) takes {} input channels (its dim 0), X ({}) has {}",
            w.ty, w.ty.dims[0], x.ty, x.ty.dims[1]
        )));
    }
    check_divides(n, &w, g, "input")?;
    let m = match w.ty.dims[1] {
        DYN => DYN,
        d => d.checked_mul(g).filter(|&m| m < LIMIT).ok_or_else(|| {
            n.error(format!(
                "W ({}) with group {g} has too many output channels",
                w.ty
            ))
        })?,
    };
    check_bias(n, &x, b.as_ref(), m)?;
    // The pads: from the output size that output_shape (or SAME: D x stride)
    // asks for, with ONNX's formula; they may be negative (the result
    // extended), which graph.conv_transpose's pads are not.
    let target: Option<Vec<i64>> = match (&out_shape, auto.same()) {
        (Some(s), _) => Some(s.clone()),
        (None, true) => {
            let mut t = Vec::with_capacity(k);
            for i in 0..k {
                let d = static_spatial(n, &x, i, &format!("auto_pad {}", auto.name()))?;
                t.push(to_i64(
                    n,
                    d as i128 * win.strides[i] as i128,
                    "an output size",
                )?);
            }
            Some(t)
        }
        (None, false) => None,
    };
    let mut pads: Vec<i128> = win.pads.iter().map(|&p| p as i128).collect();
    if let Some(t) = &target {
        let why = if out_shape.is_some() {
            "'output_shape'".to_string()
        } else {
            format!("auto_pad {}", auto.name())
        };
        let mut want = vec![0i128; 2 * k];
        for i in 0..k {
            let d = static_spatial(n, &x, i, &why)? as i128;
            let total = win.strides[i] as i128 * (d - 1) + out_pad[i] as i128 + win.wide_extent(i)
                - t[i] as i128;
            let (pb, pe) = split(total, auto == AutoPad::SameUpper);
            want[i] = pb;
            want[k + i] = pe;
        }
        if pads.iter().any(|&p| p != 0) && pads != want {
            return Err(n.error(format!(
                "'pads' {:?} disagree with the pads {want:?} that {why} gives",
                win.pads
            )));
        }
        pads = want;
    }
    // The result: s (D - 1) + output_padding + extent - pads.
    let mut out = Vec::with_capacity(k);
    for i in 0..k {
        let d = x.ty.dims[2 + i];
        if d == DYN {
            out.push(DYN);
            continue;
        }
        if d == 0 {
            return Err(n.error(format!("spatial dim {i} of X ({}) is empty", x.ty)));
        }
        let o = win.strides[i] as i128 * (d as i128 - 1) + out_pad[i] as i128 + win.wide_extent(i)
            - pads[i]
            - pads[k + i];
        if o < 1 {
            return Err(n.error(format!(
                "spatial dim {i} of size {d} gives no output (size {o})"
            )));
        }
        out.push(to_i64(n, o, "an output size")?);
    }
    // graph.conv_transpose takes pads >= 0 and output_padding below
    // max(stride, dilation); what else the pads ask for (a negative pad,
    // a longer output padding) becomes a graph.pad of the result with zeros.
    let mut op = out_pad.clone();
    let mut extra = vec![0i64; 2 * k];
    for i in 0..k {
        let limit = win.strides[i].max(win.dilations[i]) as i128;
        let (pb, pe, o) = (pads[i], pads[k + i], out_pad[i] as i128);
        if pb >= 0 && pe >= 0 && o < limit {
            continue;
        }
        if pb < 0 {
            pads[i] = 0;
            extra[i] = to_i64(n, -pb, "a pad")?;
        }
        let net = o - pe;
        if net >= 0 {
            let kept = net.min(limit - 1);
            pads[k + i] = 0;
            op[i] = kept as i64;
            extra[k + i] = to_i64(n, net - kept, "a pad")?;
        } else {
            pads[k + i] = -net;
            op[i] = 0;
        }
    }
    for (p, &q) in win.pads.iter_mut().zip(&pads) {
        *p = to_i64(n, q, "a pad")?;
    }
    let padded = extra.iter().any(|&e| e != 0);
    let mut inner = vec![x.ty.dims[0], m];
    for i in 0..k {
        inner.push(match out[i] {
            DYN => DYN,
            o => o - extra[i] - extra[k + i],
        });
    }
    if inner[2..].iter().any(|&o| o != DYN && o < 1) {
        return Err(n.error(format!(
            "the pads {pads:?} crop and extend the result at once; that is not supported"
        )));
    }
    let bias = if padded { None } else { b.as_ref() };
    let mut y =
        im.b.conv_transpose(&x, &w, bias, &win, &op, g, x.ty.with_dims(inner));
    if padded {
        let mut all = vec![0i64; 2 * (k + 2)];
        for i in 0..k {
            all[2 + i] = extra[i];
            all[k + 4 + i] = extra[k + i];
        }
        y = im.b.pad(&y, None, &all, "constant");
        if let Some(b) = &b {
            let bb = im.b.broadcast(b, &[1], y.ty.clone());
            y = im.b.binary(Binary::Add, &y, &bb);
        }
    }
    im.out(n, 0, y);
    Ok(())
}

/// MaxPool (`max`) or AveragePool.
fn pool(im: &mut Importer, n: &Node, max: bool) -> R<()> {
    let x = im.input(n, 0)?;
    let k = spatial(n, &x)?;
    if max {
        if x.ty.elem == ElementType::I1 {
            return Err(n.error("element type i1 is not supported"));
        }
    } else {
        float_only(n, &x)?;
    }
    let kernel = match n.ints("kernel_shape")? {
        Some(ks) => check_list(n, "kernel_shape", ks, k, 1, "one per spatial dim")?,
        None => return Err(n.error("'kernel_shape' is required")),
    };
    let dilations = max || n.opset >= 19;
    let (win, _) = window(n, &x, kernel, dilations, true)?;
    let ceil = flag(n, "ceil_mode")?;
    let count_include_pad = if max {
        // Without the Indices output, storage_order changes nothing.
        flag(n, "storage_order")?;
        if let Some(idx) = n.output(1) {
            if let Some(user) = im.users.get(idx) {
                return Err(n.error(format!(
                    "its Indices output '{idx}' is used by {user}; MaxPool's Indices output is not supported"
                )));
            }
        }
        false
    } else {
        flag(n, "count_include_pad")?
    };
    for i in 0..k {
        let (pb, pe) = (win.pads[i] as i128, win.pads[k + i] as i128);
        if pb >= win.wide_extent(i) || pe >= win.wide_extent(i) {
            return Err(n.error(format!(
                "pads of spatial dim {i} ({pb} and {pe}) must be smaller than the window's extent {}",
                win.wide_extent(i)
            )));
        }
    }
    let mut dims = vec![x.ty.dims[0], x.ty.dims[1]];
    for i in 0..k {
        dims.push(output_size(n, &win, i, x.ty.dims[2 + i], ceil)?);
    }
    let ty: Ty = x.ty.with_dims(dims);
    let y = if max {
        im.b.max_pool(&x, &win, ceil, ty)
    } else {
        im.b.avg_pool(&x, &win, ceil, count_include_pad, ty)
    };
    im.out(n, 0, y);
    Ok(())
}
