//! The composite graph ops (reduce_mean, softmax, log_softmax, layer_norm,
//! gelu) two ways: the reference backend's direct semantics (the graph-level
//! program run by `xir_runtime_reference::program`, each composite one step
//! computed in f64) against their decomposition (`graph-decompose`, first in
//! graph → flow) compiled and run on `local` and on `reference`. Random
//! inputs in f32, f64, f16 and bf16 on shapes with sizes 0, 1, 5, 7 and 13 (not
//! multiples of a vector width), every axis; the results must agree within a
//! tolerance per element type (the decomposition rounds after every op, in
//! f32 for f16, and `local` approximates exp/tanh/erf/log with polynomials;
//! a wrong formula, axis or broadcast is off by far more).

use irgen::XorShift;
use xir_runtime_hal::{ElementType, HostTensor};

mod direct;
use direct::{check, direct, ttype, values, Ty};

fn tensor(r: &mut XorShift, ty: Ty, shape: &[usize], lo: f64, hi: f64) -> HostTensor {
    let n: usize = shape.iter().product();
    let mut data = Vec::new();
    for _ in 0..n {
        let v = lo + (hi - lo) * (r.below(1 << 20) as f64 / (1u64 << 20) as f64);
        ty.push(&mut data, v, 0);
    }
    HostTensor::new(ty.element(), shape.to_vec(), data).unwrap()
}

struct Case {
    label: String,
    text: String,
    inputs: Vec<HostTensor>,
}

/// Sizes 1, 3, 5, 7, 13 (not multiples of a vector width); one dim 0 when
/// `empty`.
fn shape(r: &mut XorShift, rank: usize, empty: bool) -> Vec<usize> {
    const SIZES: [usize; 5] = [1, 5, 7, 13, 3];
    let mut s: Vec<usize> = (0..rank).map(|_| SIZES[r.below(5)]).collect();
    if empty {
        s[r.below(rank)] = 0;
    }
    s
}

fn cases() -> Vec<Case> {
    let mut r = XorShift::new(0xC0FFEE);
    let mut out = Vec::new();
    for i in 0..60 {
        let ty = [Ty::F32, Ty::F32, Ty::F64, Ty::F16, Ty::BF16][i % 5];
        let rank = 1 + r.below(3);
        let s = shape(&mut r, rank, i % 7 == 3);
        let t = ttype(&s, ty);
        let x = tensor(&mut r, ty, &s, -3.0, 3.0);
        let axis = r.below(rank);
        let (label, text, inputs) = match i % 6 {
            0 => {
                // One or two axes, any order.
                let mut axes = vec![axis];
                if rank > 1 && r.chance(50) {
                    axes.push((axis + 1) % rank);
                }
                let kept: Vec<usize> = (0..rank)
                    .filter(|d| !axes.contains(d))
                    .map(|d| s[d])
                    .collect();
                let rt = ttype(&kept, ty);
                let a: Vec<String> = axes.iter().map(|a| a.to_string()).collect();
                (
                    format!("reduce_mean {t} axes {axes:?}"),
                    format!(
                        "func.func @main(%x: {t}) -> {rt} {{\n  %0 = graph.reduce_mean %x axes = [{}] : {t} -> {rt}\n  return %0 : {rt}\n}}\n",
                        a.join(", ")
                    ),
                    vec![x],
                )
            }
            1 | 2 => {
                let op = if i % 6 == 1 { "softmax" } else { "log_softmax" };
                (
                    format!("{op} {t} axis {axis}"),
                    format!(
                        "func.func @main(%x: {t}) -> {t} {{\n  %0 = graph.{op} %x axis = {axis} : {t}\n  return %0 : {t}\n}}\n"
                    ),
                    vec![x],
                )
            }
            3 => {
                let norm = &s[axis..];
                let nt = ttype(norm, ty);
                let stats: Vec<usize> =
                    (0..rank).map(|d| if d < axis { s[d] } else { 1 }).collect();
                let st = ttype(&stats, ty);
                let scale = tensor(&mut r, ty, norm, 0.5, 2.0);
                let bias = tensor(&mut r, ty, norm, -1.0, 1.0);
                (
                    format!("layer_norm {t} axis {axis}"),
                    format!(
                        "func.func @main(%x: {t}, %s: {nt}, %b: {nt}) -> ({t}, {st}, {st}) {{\n  %0:3 = graph.layer_norm %x, %s, %b axis = {axis} epsilon = 1.0e-03 : ({t}, {nt}, {nt}) -> ({t}, {st}, {st})\n  return %0#0, %0#1, %0#2 : {t}, {st}, {st}\n}}\n"
                    ),
                    vec![x, scale, bias],
                )
            }
            _ => {
                let approx = if i % 6 == 4 { "none" } else { "tanh" };
                (
                    format!("gelu {approx} {t}"),
                    format!(
                        "func.func @main(%x: {t}) -> {t} {{\n  %0 = graph.gelu %x approximate = {approx} : {t}\n  return %0 : {t}\n}}\n"
                    ),
                    vec![x],
                )
            }
        };
        out.push(Case {
            label,
            text,
            inputs,
        });
    }
    out
}

#[test]
fn decomposition_matches_direct_semantics() {
    let mut failures = Vec::new();
    let mut shapes_with_zero = 0;
    for c in cases() {
        if c.inputs[0].shape.contains(&0) {
            shapes_with_zero += 1;
        }
        failures.extend(check(&c.label, &c.text, &c.inputs, 1));
    }
    assert!(shapes_with_zero >= 5, "too few cases with a 0-sized dim");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Known values, computed by hand, on the direct semantics: the oracle itself.
#[test]
fn direct_semantics_known_values() {
    let f32s = |shape: &[usize], v: &[f32]| {
        let data = v.iter().flat_map(|x| x.to_le_bytes()).collect();
        HostTensor::new(ElementType::F32, shape.to_vec(), data).unwrap()
    };
    // mean of [[1 2 3][4 5 6]] over axis 1: [2 5]; over nothing: x; over a
    // 0-sized axis: 0 / 0 = NaN.
    let m = direct(
        "func.func @main(%x: tensor<2x3xf32>) -> tensor<2xf32> {\n  %0 = graph.reduce_mean %x axes = [1] : tensor<2x3xf32> -> tensor<2xf32>\n  return %0 : tensor<2xf32>\n}",
        &[f32s(&[2, 3], &[1., 2., 3., 4., 5., 6.])],
    )
    .unwrap();
    assert_eq!(values(&m[0]), vec![2.0, 5.0]);
    let m = direct(
        "func.func @main(%x: tensor<2x0xf32>) -> tensor<2xf32> {\n  %0 = graph.reduce_mean %x axes = [1] : tensor<2x0xf32> -> tensor<2xf32>\n  return %0 : tensor<2xf32>\n}",
        &[f32s(&[2, 0], &[])],
    )
    .unwrap();
    assert!(values(&m[0]).iter().all(|v| v.is_nan()));
    // softmax of [0 ln 3] = [1/4 3/4]; log_softmax = [-ln 4, ln 3 - ln 4].
    let x = f32s(&[2], &[0.0, 3f32.ln()]);
    let s = direct(
        "func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {\n  %0 = graph.softmax %x axis = 0 : tensor<2xf32>\n  return %0 : tensor<2xf32>\n}",
        std::slice::from_ref(&x),
    )
    .unwrap();
    assert_eq!(values(&s[0]), vec![0.25, 0.75]);
    let l = direct(
        "func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {\n  %0 = graph.log_softmax %x axis = 0 : tensor<2xf32>\n  return %0 : tensor<2xf32>\n}",
        &[x],
    )
    .unwrap();
    let want = [-(4f64.ln()), 3f64.ln() - 4f64.ln()];
    for (g, w) in values(&l[0]).iter().zip(want) {
        assert!((g - w).abs() < 1e-6, "{g} vs {w}");
    }
    // layer_norm of [1 3] (mean 2, var 1), epsilon 0: [-1 1] * scale + bias.
    let ln = direct(
        "func.func @main(%x: tensor<1x2xf32>, %s: tensor<2xf32>, %b: tensor<2xf32>) -> (tensor<1x2xf32>, tensor<1x1xf32>, tensor<1x1xf32>) {\n  %0:3 = graph.layer_norm %x, %s, %b axis = 1 epsilon = 0.0 : (tensor<1x2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<1x2xf32>, tensor<1x1xf32>, tensor<1x1xf32>)\n  return %0#0, %0#1, %0#2 : tensor<1x2xf32>, tensor<1x1xf32>, tensor<1x1xf32>\n}",
        &[
            f32s(&[1, 2], &[1.0, 3.0]),
            f32s(&[2], &[2.0, 3.0]),
            f32s(&[2], &[0.5, -0.5]),
        ],
    )
    .unwrap();
    assert_eq!(values(&ln[0]), vec![-1.5, 2.5]);
    assert_eq!(values(&ln[1]), vec![2.0]);
    assert_eq!(values(&ln[2]), vec![1.0]);
    // gelu(1) = 0.5 (1 + erf(1/sqrt 2)) = 0.841345; tanh form 0.841192.
    let x = f32s(&[2], &[1.0, -1.0]);
    for (approx, want) in [("none", 0.841_344_7), ("tanh", 0.841_192)] {
        let g = direct(
            &format!("func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {{\n  %0 = graph.gelu %x approximate = {approx} : tensor<2xf32>\n  return %0 : tensor<2xf32>\n}}"),
            std::slice::from_ref(&x),
        )
        .unwrap();
        let v = values(&g[0]);
        assert!((v[0] - want).abs() < 1e-6, "{approx}: {}", v[0]);
        assert!((v[1] - (want - 1.0)).abs() < 1e-6, "{approx}: {}", v[1]);
    }
}
