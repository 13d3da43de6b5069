//! The window graph ops (conv, conv_transpose, max_pool, avg_pool, pad,
//! resize) two ways: the reference backend's direct semantics (the
//! graph-level program run by `xir_runtime_reference::program`, each window
//! op one step computed in f64, `runtime/reference/src/window.rs`) against
//! their decomposition (`graph-decompose`, first in graph → flow) compiled
//! and run on `local` and on `reference`. Random attributes (1-d, 2-d and
//! 3-d; strides 1–3, dilations 1–2, pads up to the window's extent, groups
//! with depthwise, ceil_mode, count_include_pad, every pad mode with crops,
//! every resize mode, coordinate mode and nearest mode, up- and
//! down-scaling) on sizes 0, 1, odd sizes and 70 on the innermost dim (past
//! a 16-lane vector and a 64-wide tile), in f32, f64, f16 and bf16 (and
//! integers for max_pool and pad); windows that read only padding (a 0-sized
//! dim, or a dilation that skips a size-1 dim) and ceil_mode windows past
//! the end padding. Results agree within a tolerance per element type,
//! scaled for convolutions by the square root of how many products each
//! result sums (the decomposition rounds after every op); an infinity (a
//! max pool of padding only) must be matched exactly.

use irgen::XorShift;
use xir_runtime_hal::{ElementType, HostTensor};

mod direct;
use direct::{check, direct, open, ttype, values, Ty};

/// Values in [-1, 1) on a 2^-10 grid (exact in every float type's inputs),
/// integers in [-100, 100).
fn tensor(r: &mut XorShift, ty: Ty, shape: &[usize]) -> HostTensor {
    let n: usize = shape.iter().product();
    let mut data = Vec::new();
    for _ in 0..n {
        let v = (r.below(2048) as f64 - 1024.0) / 1024.0;
        let i = r.below(200) as i64 - 100;
        ty.push(&mut data, v, i);
    }
    HostTensor::new(ty.element(), shape.to_vec(), data).unwrap()
}

fn list<T: std::fmt::Display>(v: &[T]) -> String {
    let s: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    format!("[{}]", s.join(", "))
}

struct Case {
    label: String,
    text: String,
    inputs: Vec<HostTensor>,
    /// How many products a result element sums (1 unless a convolution).
    terms: usize,
}

/// A one-op `@main` over `inputs` (name, type) returning `result`.
fn program(args: &[(&str, String)], result: &str, op: &str) -> String {
    let params: Vec<String> = args.iter().map(|(n, t)| format!("%{n}: {t}")).collect();
    format!(
        "func.func @main({}) -> {result} {{\n  %y = {op}\n  return %y : {result}\n}}\n",
        params.join(", ")
    )
}

/// A spatial size: 1, 3, 5, 7 or 13, or 70 when `wide`.
fn size(r: &mut XorShift, wide: bool) -> usize {
    if wide {
        return 70;
    }
    [1, 3, 5, 7, 13][r.below(5)]
}

const FLOATS: [Ty; 5] = [Ty::F32, Ty::F32, Ty::F64, Ty::F16, Ty::BF16];

/// What dim 0 of a [`spatial`] looks like.
#[derive(Clone, Copy, PartialEq)]
enum Dim0 {
    Random,
    /// Size 0, the pads holding a window.
    Empty,
    /// Size 1, kernel 2, dilation 2, pad 1 before: windows that skip the
    /// input (-1 and 1), so they read only padding.
    Holes,
}

impl Dim0 {
    fn draw(r: &mut XorShift) -> Dim0 {
        match r.below(10) {
            0 => Dim0::Empty,
            1 => Dim0::Holes,
            _ => Dim0::Random,
        }
    }
}

/// Per spatial dim: kernel, stride, dilation, pad before, pad after, input
/// size, such that the (dilated) window fits the padded input and pads are
/// below the window's extent. `wide`: 70 on the innermost dim.
struct Spatial {
    kernel: Vec<usize>,
    strides: Vec<usize>,
    dilations: Vec<usize>,
    pads: Vec<usize>,
    dims: Vec<usize>,
}

fn spatial(r: &mut XorShift, k: usize, max_kernel: usize, wide: bool, dim0: Dim0) -> Spatial {
    let mut s = Spatial {
        kernel: vec![],
        strides: vec![],
        dilations: vec![],
        pads: vec![0; 2 * k],
        dims: vec![],
    };
    for i in 0..k {
        let mut kernel = 1 + r.below(max_kernel);
        let mut dil = 1 + r.below(2);
        if i == 0 && dim0 != Dim0::Random {
            kernel = kernel.max(2);
        }
        if i == 0 && dim0 == Dim0::Holes {
            (kernel, dil) = (2, 2);
        }
        let extent = (kernel - 1) * dil + 1;
        let (mut pb, mut pe) = (r.below(extent), r.below(extent));
        let mut d = size(r, wide && i == k - 1);
        if i == 0 && dim0 == Dim0::Empty {
            (pb, pe, d) = (extent - 1, 1 + r.below(extent - 1), 0);
        }
        if i == 0 && dim0 == Dim0::Holes {
            (pb, d) = (1, 1);
        }
        d = d.max(extent.saturating_sub(pb + pe));
        s.kernel.push(kernel);
        s.strides.push(1 + r.below(3));
        s.dilations.push(dil);
        s.pads[i] = pb;
        s.pads[k + i] = pe;
        s.dims.push(d);
    }
    s
}

impl Spatial {
    fn extent(&self, i: usize) -> usize {
        (self.kernel[i] - 1) * self.dilations[i] + 1
    }

    /// Conv's output size, or the pools' with `ceil`.
    fn out(&self, i: usize, ceil: bool) -> usize {
        let k = self.kernel.len();
        let (pb, pe, s) = (self.pads[i], self.pads[k + i], self.strides[i]);
        let span = self.dims[i] + pb + pe - self.extent(i);
        if !ceil {
            return span / s + 1;
        }
        let mut o = span.div_ceil(s) + 1;
        if (o - 1) * s >= self.dims[i] + pb {
            o -= 1;
        }
        o
    }

    fn attrs(&self) -> String {
        format!(
            "strides = {} dilations = {} pads = {}",
            list(&self.strides),
            list(&self.dilations),
            list(&self.pads)
        )
    }
}

fn conv_case(r: &mut XorShift, i: usize) -> Case {
    let ty = FLOATS[i % 5];
    let k = 1 + r.below(3);
    let wide = k < 3 && r.chance(25);
    let n = if r.chance(8) { 0 } else { 1 + r.below(2) };
    // (input channels, output channels, groups): plain, depthwise
    // (multiplier 1 or 2), or two groups.
    let (c, m, groups) = match r.below(4) {
        0 | 1 => (1 + r.below(4), 1 + r.below(4), 1),
        2 => {
            let c = 1 + r.below(4);
            (c, c * (1 + r.below(2)), c)
        }
        _ => (2 * (1 + r.below(2)), 2 * (1 + r.below(2)), 2),
    };
    let dim0 = Dim0::draw(r);
    let s = spatial(r, k, if k == 3 { 2 } else { 3 }, wide, dim0);
    let bias = r.chance(50);
    let xs: Vec<usize> = [n, c].iter().chain(&s.dims).copied().collect();
    let ws: Vec<usize> = [m, c / groups].iter().chain(&s.kernel).copied().collect();
    let os: Vec<usize> = [n, m]
        .into_iter()
        .chain((0..k).map(|i| s.out(i, false)))
        .collect();
    let (xt, wt, ot, bt) = (
        ttype(&xs, ty),
        ttype(&ws, ty),
        ttype(&os, ty),
        ttype(&[m], ty),
    );
    let mut args = vec![("x", xt.clone()), ("w", wt.clone())];
    let mut inputs = vec![tensor(r, ty, &xs), tensor(r, ty, &ws)];
    let (operands, types) = if bias {
        args.push(("b", bt.clone()));
        inputs.push(tensor(r, ty, &[m]));
        ("%x, %w, %b", format!("{xt}, {wt}, {bt}"))
    } else {
        ("%x, %w", format!("{xt}, {wt}"))
    };
    let op = format!(
        "graph.conv {operands} {} groups = {groups} : ({types}) -> {ot}",
        s.attrs()
    );
    Case {
        label: format!("conv {xt} * {wt} {} groups {groups}", s.attrs()),
        text: program(&args, &ot, &op),
        inputs,
        terms: (c / groups) * s.kernel.iter().product::<usize>(),
    }
}

fn conv_transpose_case(r: &mut XorShift, i: usize) -> Case {
    let ty = FLOATS[i % 5];
    let k = 1 + r.below(3);
    let wide = k < 3 && r.chance(25);
    let n = if r.chance(8) { 0 } else { 1 + r.below(2) };
    // (input channels, output channels per group, groups).
    let (c, mg, groups) = match r.below(4) {
        0 | 1 => (1 + r.below(4), 1 + r.below(3), 1),
        2 => (1 + r.below(4), 1 + r.below(2), 0),
        _ => (2 * (1 + r.below(2)), 1 + r.below(2), 2),
    };
    let groups = if groups == 0 { c } else { groups };
    let mut s = spatial(r, k, if k == 3 { 2 } else { 3 }, wide, Dim0::Random);
    let mut output_padding = Vec::new();
    let mut out = Vec::new();
    for i in 0..k {
        s.dims[i] = s.dims[i].max(1);
        let op = r.below(s.strides[i].max(s.dilations[i]));
        let full = s.strides[i] * (s.dims[i] - 1) + op + s.extent(i);
        // Pads below the extent, leaving at least one output.
        while s.pads[i] + s.pads[k + i] >= full {
            s.pads[k + i] = 0;
            s.pads[i] /= 2;
        }
        output_padding.push(op);
        out.push(full - s.pads[i] - s.pads[k + i]);
    }
    let m = mg * groups;
    let bias = r.chance(50);
    let xs: Vec<usize> = [n, c].iter().chain(&s.dims).copied().collect();
    let ws: Vec<usize> = [c, mg].iter().chain(&s.kernel).copied().collect();
    let os: Vec<usize> = [n, m].iter().chain(&out).copied().collect();
    let (xt, wt, ot, bt) = (
        ttype(&xs, ty),
        ttype(&ws, ty),
        ttype(&os, ty),
        ttype(&[m], ty),
    );
    let mut args = vec![("x", xt.clone()), ("w", wt.clone())];
    let mut inputs = vec![tensor(r, ty, &xs), tensor(r, ty, &ws)];
    let (operands, types) = if bias {
        args.push(("b", bt.clone()));
        inputs.push(tensor(r, ty, &[m]));
        ("%x, %w, %b", format!("{xt}, {wt}, {bt}"))
    } else {
        ("%x, %w", format!("{xt}, {wt}"))
    };
    let attrs = format!(
        "{} output_padding = {} groups = {groups}",
        s.attrs(),
        list(&output_padding)
    );
    let op = format!("graph.conv_transpose {operands} {attrs} : ({types}) -> {ot}");
    // Each output position gathers at most ceil(K / s) kernel taps per dim.
    let taps: usize = (0..k).map(|i| s.kernel[i].div_ceil(s.strides[i])).product();
    Case {
        label: format!("conv_transpose {xt} * {wt} {attrs}"),
        text: program(&args, &ot, &op),
        inputs,
        terms: c / groups * taps,
    }
}

fn pool_case(r: &mut XorShift, i: usize, max: bool) -> Case {
    let ty = if max && i % 6 == 5 {
        [Ty::I32, Ty::I8][r.below(2)]
    } else {
        FLOATS[i % 5]
    };
    let k = 1 + r.below(3);
    let wide = k < 3 && r.chance(25);
    let n = if r.chance(8) { 0 } else { 1 + r.below(2) };
    let c = 1 + r.below(3);
    let dim0 = Dim0::draw(r);
    let mut s = spatial(r, k, 3, wide, dim0);
    let ceil = r.chance(50);
    // With ceil_mode, often a last window that reaches past the end padding
    // (dim 0 of size 2 or more grown by one where the windows fit exactly).
    let k0 = s.dims[0] + s.pads[0] + s.pads[k] - s.extent(0);
    if ceil && s.dims[0] >= 2 && s.strides[0] >= 2 && k0.is_multiple_of(s.strides[0]) {
        s.dims[0] += 1;
    }
    let xs: Vec<usize> = [n, c].iter().chain(&s.dims).copied().collect();
    let os: Vec<usize> = [n, c]
        .into_iter()
        .chain((0..k).map(|i| s.out(i, ceil)))
        .collect();
    let (xt, ot) = (ttype(&xs, ty), ttype(&os, ty));
    let mut attrs = format!(
        "kernel_shape = {} {} ceil_mode = {}",
        list(&s.kernel),
        s.attrs(),
        ceil as u8
    );
    if !max {
        attrs.push_str(&format!(" count_include_pad = {}", r.below(2)));
    }
    let name = if max { "max_pool" } else { "avg_pool" };
    let op = format!("graph.{name} %x {attrs} : {xt} -> {ot}");
    Case {
        label: format!("{name} {xt} {attrs}"),
        text: program(&[("x", xt.clone())], &ot, &op),
        inputs: vec![tensor(r, ty, &xs)],
        terms: 1,
    }
}

fn pad_case(r: &mut XorShift, i: usize) -> Case {
    let ty = match i % 7 {
        5 => Ty::I32,
        6 => Ty::I8,
        j => FLOATS[j],
    };
    let mode = ["constant", "reflect", "edge", "wrap"][i % 4];
    let rank = 1 + r.below(4);
    let wide = r.chance(20);
    // Size 2 too: the shortest a reflect can pad.
    let mut xs: Vec<usize> = (0..rank)
        .map(|d| match r.below(6) {
            0 => 2,
            _ => size(r, wide && d == rank - 1),
        })
        .collect();
    if r.chance(10) {
        xs[r.below(rank)] = 0;
    }
    let mut pads = vec![0i64; 2 * rank];
    let mut out = Vec::new();
    for d in 0..rank {
        let size = xs[d] as i64;
        let (mut b, mut e) = (r.below(4) as i64, r.below(4) as i64);
        if mode == "wrap" && r.chance(20) {
            b += size;
        }
        // A crop on one side (leaving at least one element).
        if size >= 2 && r.chance(40) {
            let crop = 1 + r.below(size as usize - 1) as i64;
            if r.chance(50) {
                b = -crop;
            } else {
                e = -crop;
            }
        }
        let left = size - (-b).max(0) - (-e).max(0);
        if mode != "constant" && (left < 1 || (mode == "reflect" && left < 2)) {
            (b, e) = (b.min(0), e.min(0));
        }
        if mode == "reflect" && left >= 2 {
            // At most the cropped length - 1, and below the size.
            (b, e) = (b.min(left - 1), e.min(left - 1));
        }
        // An over-cropped dim (more removed than it has, then padded):
        // see `overcropped_constant_pad`.
        let overcrop = r.chance(5);
        if mode == "constant" && overcrop {
            (b, e) = (-size - 1, size + 2);
        }
        pads[d] = b;
        pads[rank + d] = e;
        out.push((size + b + e) as usize);
    }
    let (xt, ot) = (ttype(&xs, ty), ttype(&out, ty));
    let mut args = vec![("x", xt.clone())];
    let mut inputs = vec![tensor(r, ty, &xs)];
    let value = mode == "constant" && r.chance(50);
    let (operands, types) = if value {
        let vt = ttype(&[], ty);
        args.push(("v", vt.clone()));
        inputs.push(tensor(r, ty, &[]));
        ("%x, %v", format!("({xt}, {vt})"))
    } else {
        ("%x", format!("({xt})"))
    };
    let attrs = format!("pads = {} mode = \"{mode}\"", list(&pads));
    let op = format!("graph.pad {operands} {attrs} : {types} -> {ot}");
    Case {
        label: format!("pad {xt} {attrs}"),
        text: program(&args, &ot, &op),
        inputs,
        terms: 1,
    }
}

fn resize_case(r: &mut XorShift, i: usize) -> Case {
    const MODES: [&str; 3] = ["nearest", "linear", "cubic"];
    const COORDS: [&str; 5] = [
        "half_pixel",
        "half_pixel_symmetric",
        "pytorch_half_pixel",
        "align_corners",
        "asymmetric",
    ];
    const NEAREST: [&str; 4] = ["round_prefer_floor", "round_prefer_ceil", "floor", "ceil"];
    const UP: [f64; 5] = [2.0, 3.0, 1.5, 2.5, 1.25];
    const DOWN: [f64; 4] = [0.5, 0.25, 0.75, 0.6];
    let ty = FLOATS[i % 5];
    let mode = MODES[i % 3];
    let coord = COORDS[(i / 3) % 5];
    // Every nearest mode with every coordinate mode over 20 nearest cases.
    let nearest = NEAREST[(i / 15) % 4];
    let k = 1 + r.below(3);
    let wide = k < 3 && r.chance(20);
    let mut xs = vec![1 + r.below(2), 1 + r.below(3)];
    let mut scales = vec![1.0, 1.0];
    let mut out = xs.clone();
    for d in 0..k {
        let up = r.chance(50);
        let scale = if up {
            UP[r.below(UP.len())]
        } else {
            DOWN[r.below(DOWN.len())]
        };
        let mut size = if k == 3 {
            [2, 3, 5][r.below(3)]
        } else {
            size(r, false).max(2)
        };
        if wide && d == k - 1 {
            size = if up { 35 } else { 140 };
        }
        if r.chance(6) {
            size = 0;
        }
        xs.push(size);
        scales.push(scale);
        out.push((size as f64 * scale).floor() as usize);
    }
    let (xt, ot) = (ttype(&xs, ty), ttype(&out, ty));
    let a = if r.chance(50) {
        "-7.500000e-01"
    } else {
        "-5.000000e-01"
    };
    let exclude = (mode == "cubic" && r.chance(50)) as u8;
    let scales: Vec<String> = scales.iter().map(|s| format!("{s:?}")).collect();
    let attrs = format!(
        "scales = array<f64: {}> mode = \"{mode}\" coordinate_transformation_mode = \"{coord}\" nearest_mode = \"{nearest}\" cubic_coeff_a = {a} exclude_outside = {exclude}",
        scales.join(", ")
    );
    let op = format!("graph.resize %x {attrs} : {xt} -> {ot}");
    Case {
        label: format!("resize {xt} -> {ot} {attrs}"),
        text: program(&[("x", xt.clone())], &ot, &op),
        inputs: vec![tensor(r, ty, &xs)],
        terms: 1,
    }
}

/// 30 cases of each op, 60 of pad and of resize.
fn cases() -> Vec<Case> {
    let mut r = XorShift::new(0x5EED_CAFE);
    let mut out = Vec::new();
    for i in 0..30 {
        out.push(conv_case(&mut r, i));
        out.push(conv_transpose_case(&mut r, i));
        out.push(pool_case(&mut r, i, true));
        out.push(pool_case(&mut r, i, false));
        out.push(pad_case(&mut r, 2 * i));
        out.push(pad_case(&mut r, 2 * i + 1));
        out.push(resize_case(&mut r, 2 * i));
        out.push(resize_case(&mut r, 2 * i + 1));
    }
    out
}

#[test]
fn decomposition_matches_direct_semantics() {
    let mut failures = Vec::new();
    let cases = cases();
    let with_zero = cases
        .iter()
        .filter(|c| c.inputs[0].shape.contains(&0))
        .count();
    let wide = cases
        .iter()
        .filter(|c| c.inputs[0].shape.last() >= Some(&70))
        .count();
    for c in &cases {
        failures.extend(check(&c.label, &c.text, &c.inputs, c.terms));
    }
    assert!(
        with_zero >= 20,
        "too few cases with a 0-sized dim: {with_zero}"
    );
    assert!(wide >= 15, "too few cases 70 wide: {wide}");
    assert!(
        failures.is_empty(),
        "{} failures of {} cases:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// Known values, derived by hand, on the direct semantics through the
/// program text (each op's custom form and properties read by the
/// interpreter).
#[test]
fn direct_semantics_known_values() {
    let f32s = |shape: &[usize], v: &[f32]| {
        let data = v.iter().flat_map(|x| x.to_le_bytes()).collect();
        HostTensor::new(ElementType::F32, shape.to_vec(), data).unwrap()
    };
    let one = |t: &str, ins: &[HostTensor]| direct(t, ins).unwrap().remove(0);
    // ONNX's conv example: 0..25 as 5x5, ones 3x3, pads 1, bias 1: the
    // corner 0+1+5+6 + 1 = 13, the centre 108 + 1.
    let x: Vec<f32> = (0..25).map(|v| v as f32).collect();
    let y = one(
        "func.func @main(%x: tensor<1x1x5x5xf32>, %w: tensor<1x1x3x3xf32>, %b: tensor<1xf32>) -> tensor<1x1x5x5xf32> {\n  %y = graph.conv %x, %w, %b strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] groups = 1 : (tensor<1x1x5x5xf32>, tensor<1x1x3x3xf32>, tensor<1xf32>) -> tensor<1x1x5x5xf32>\n  return %y : tensor<1x1x5x5xf32>\n}",
        &[f32s(&[1, 1, 5, 5], &x), f32s(&[1, 1, 3, 3], &[1.0; 9]), f32s(&[1], &[1.0])],
    );
    let v = values(&y);
    assert_eq!((v[0], v[12], v[24]), (13.0, 109.0, 85.0));
    // conv_transpose: [1 2] stride 2, ones(2), output_padding 1.
    let y = one(
        "func.func @main(%x: tensor<1x1x2xf32>, %w: tensor<1x1x2xf32>) -> tensor<1x1x5xf32> {\n  %y = graph.conv_transpose %x, %w strides = [2] dilations = [1] pads = [0, 0] output_padding = [1] groups = 1 : (tensor<1x1x2xf32>, tensor<1x1x2xf32>) -> tensor<1x1x5xf32>\n  return %y : tensor<1x1x5xf32>\n}",
        &[f32s(&[1, 1, 2], &[1.0, 2.0]), f32s(&[1, 1, 2], &[1.0, 1.0])],
    );
    assert_eq!(values(&y), vec![1.0, 1.0, 2.0, 2.0, 0.0]);
    // Pools over [1 3 2 5 4], kernel 2, stride 2, pads (1, 1): windows
    // -1..0, 1..2, 3..4; ceil_mode adds no window (a fourth would start at
    // 5 = D, in the end padding: (4 - 1) 2 >= D + pb).
    let x = f32s(&[1, 1, 5], &[1.0, 3.0, 2.0, 5.0, 4.0]);
    let y = one(
        "func.func @main(%x: tensor<1x1x5xf32>) -> tensor<1x1x3xf32> {\n  %y = graph.max_pool %x kernel_shape = [2] strides = [2] dilations = [1] pads = [1, 1] ceil_mode = 1 : tensor<1x1x5xf32> -> tensor<1x1x3xf32>\n  return %y : tensor<1x1x3xf32>\n}",
        std::slice::from_ref(&x),
    );
    assert_eq!(values(&y), vec![1.0, 3.0, 5.0]);
    let y = one(
        "func.func @main(%x: tensor<1x1x5xf32>) -> tensor<1x1x3xf32> {\n  %y = graph.avg_pool %x kernel_shape = [2] strides = [2] dilations = [1] pads = [1, 1] ceil_mode = 0 count_include_pad = 1 : tensor<1x1x5xf32> -> tensor<1x1x3xf32>\n  return %y : tensor<1x1x3xf32>\n}",
        std::slice::from_ref(&x),
    );
    assert_eq!(values(&y), vec![0.5, 2.5, 4.5]);
    // pad with a value operand, and reflect.
    let y = one(
        "func.func @main(%x: tensor<2xf32>, %v: tensor<f32>) -> tensor<5xf32> {\n  %y = graph.pad %x, %v pads = [2, 1] mode = \"constant\" : (tensor<2xf32>, tensor<f32>) -> tensor<5xf32>\n  return %y : tensor<5xf32>\n}",
        &[f32s(&[2], &[1.0, 2.0]), f32s(&[], &[7.0])],
    );
    assert_eq!(values(&y), vec![7.0, 7.0, 1.0, 2.0, 7.0]);
    let y = one(
        "func.func @main(%x: tensor<3xf32>) -> tensor<6xf32> {\n  %y = graph.pad %x pads = [2, 1] mode = \"reflect\" : (tensor<3xf32>) -> tensor<6xf32>\n  return %y : tensor<6xf32>\n}",
        &[f32s(&[3], &[1.0, 2.0, 3.0])],
    );
    assert_eq!(values(&y), vec![3.0, 2.0, 1.0, 2.0, 3.0, 2.0]);
    // resize: the brief's linear example, and cubic (a = -0.5) at -0.25:
    // taps 0 and 1 only with exclude_outside.
    let y = one(
        "func.func @main(%x: tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32> {\n  %y = graph.resize %x scales = array<f64: 1.0, 1.0, 2.0, 2.0> mode = \"linear\" coordinate_transformation_mode = \"half_pixel\" nearest_mode = \"round_prefer_floor\" cubic_coeff_a = -7.500000e-01 exclude_outside = 0 : tensor<1x1x2x2xf32> -> tensor<1x1x4x4xf32>\n  return %y : tensor<1x1x4x4xf32>\n}",
        &[f32s(&[1, 1, 2, 2], &[1.0, 2.0, 3.0, 4.0])],
    );
    assert_eq!(values(&y)[..4], [1.0, 1.25, 1.75, 2.0]);
    let y = one(
        "func.func @main(%x: tensor<2xf32>) -> tensor<4xf32> {\n  %y = graph.resize %x scales = array<f64: 2.0> mode = \"cubic\" coordinate_transformation_mode = \"half_pixel\" nearest_mode = \"floor\" cubic_coeff_a = -5.000000e-01 exclude_outside = 1 : tensor<2xf32> -> tensor<4xf32>\n  return %y : tensor<4xf32>\n}",
        &[f32s(&[2], &[1.0, 2.0])],
    );
    // Weights at t = 0.75, taps 0 and 1: 0.8671875 and -0.0703125 over their
    // sum 0.796875.
    let want = (0.8671875 - 2.0 * 0.0703125) / 0.796875;
    assert!((values(&y)[0] - want).abs() < 1e-6, "{:?}", values(&y));
}

/// A constant pad that crops more than a dim holds (3 elements, pads -4 and
/// +5: ONNX's reference and the direct semantics give 4 values). Known bug:
/// graph-decompose slices the input from 4 to a size of -1
/// (`graph.slice %arg0 start = [4] ... -> tensor<-1xf32>`), which the
/// compiler then rejects.
#[test]
fn overcropped_constant_pad() {
    let text = "func.func @main(%x: tensor<3xf32>) -> tensor<4xf32> {\n  %y = graph.pad %x pads = [-4, 5] mode = \"constant\" : (tensor<3xf32>) -> tensor<4xf32>\n  return %y : tensor<4xf32>\n}\n";
    let x = HostTensor::new(
        ElementType::F32,
        vec![3],
        [1f32, 2.0, 3.0]
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect(),
    )
    .unwrap();
    let want = direct(text, std::slice::from_ref(&x)).unwrap();
    assert_eq!(values(&want[0]), vec![0.0; 4]);
    let hal = xrun::compile_text(text, &[], "").unwrap();
    for device in ["local", "reference"] {
        let got = xrun::run_text(&hal, "main", std::slice::from_ref(&x), open(device)).unwrap();
        assert_eq!(values(&got[0]), vec![0.0; 4], "{device}");
    }
}
