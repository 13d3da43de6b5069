//! The reference semantics of `graph.attention` (`composite::Composite::Attention`),
//! with hand-computed expectations, and its translation from graph text (3 and 4
//! operands).

use half::{bf16, f16};
use std::sync::Arc;
use xir::Ir;
use xir_runtime_hal::element::{ElementType, FloatType};
use xir_runtime_hal::tensor::HostTensor;
use xir_runtime_hal::ErrorKind;
use xir_runtime_reference::composite::{eval, Composite};
use xir_runtime_reference::program::{self, Program};

fn floats(e: ElementType, shape: &[usize], v: &[f64]) -> HostTensor {
    let mut data = Vec::new();
    for &x in v {
        match e {
            ElementType::Float(FloatType::F16) => data.extend(f16::from_f64(x).to_le_bytes()),
            ElementType::Float(FloatType::BF16) => data.extend(bf16::from_f64(x).to_le_bytes()),
            ElementType::Float(FloatType::F32) => data.extend((x as f32).to_le_bytes()),
            ElementType::Float(FloatType::F64) => data.extend(x.to_le_bytes()),
            _ => panic!("{e} is not a float type"),
        }
    }
    HostTensor::new(e, shape.to_vec(), data).unwrap()
}

fn read(t: &HostTensor) -> Vec<f64> {
    let s = t.element.byte_size();
    t.data
        .chunks_exact(s)
        .map(|b| match t.element {
            ElementType::Float(FloatType::F16) => f16::from_le_bytes([b[0], b[1]]).to_f64(),
            ElementType::Float(FloatType::BF16) => bf16::from_le_bytes([b[0], b[1]]).to_f64(),
            ElementType::Float(FloatType::F32) => f32::from_le_bytes(b.try_into().unwrap()) as f64,
            _ => f64::from_le_bytes(b.try_into().unwrap()),
        })
        .collect()
}

fn attention(scale: f32, nan_to_zero: bool) -> Composite {
    Composite::Attention { scale, nan_to_zero }
}

fn close(got: &[f64], want: &[f64], tol: f64) {
    assert_eq!(got.len(), want.len(), "{got:?} vs {want:?}");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let ok = (g.is_nan() && w.is_nan()) || (g - w).abs() <= tol;
        assert!(ok, "element {i}: got {g}, want {w} ({got:?})");
    }
}

/// Scores `scale · q · kᵀ` of identity rows with `scale = ln 3`: each row's
/// softmax is (3/4, 1/4) or (1/4, 3/4), so the result mixes the value rows so.
#[test]
fn weights_the_value_rows_by_the_softmax_of_the_scores() {
    let e = ElementType::F64;
    let q = floats(e, &[1, 2, 2], &[1.0, 0.0, 0.0, 1.0]);
    let v = floats(e, &[1, 2, 2], &[1.0, 2.0, 3.0, 4.0]);
    let scale = 3f64.ln() as f32;
    let out = eval(&attention(scale, false), &[&q, &q, &v]).unwrap();
    assert_eq!(out[0].shape, vec![1, 2, 2]);
    // p = (3, 1) / 4 up to the f32 rounding of ln 3.
    let p = (scale as f64).exp() / ((scale as f64).exp() + 1.0);
    let want = [
        p + 3.0 * (1.0 - p),
        2.0 * p + 4.0 * (1.0 - p),
        (1.0 - p) + 3.0 * p,
        2.0 * (1.0 - p) + 4.0 * p,
    ];
    close(&read(&out[0]), &want, 1e-15);
    close(&want, &[1.5, 2.5, 2.5, 3.5], 1e-6);
}

/// A `[B, 1, Sk]` mask broadcast over the rows: `-inf` drops a key; a batch
/// whose keys are all `-inf` gives NaN, or 0 with `nan_to_zero`; an empty key
/// sequence gives 0.
#[test]
fn masks_broadcast_and_fully_masked_rows() {
    let e = ElementType::F32;
    // B = 2, Sq = 2, Sk = 2, D = 1, Dv = 1; all scores 0 before the mask.
    let q = floats(e, &[2, 2, 1], &[0.0; 4]);
    let k = floats(e, &[2, 2, 1], &[0.0; 4]);
    let v = floats(e, &[2, 2, 1], &[10.0, 20.0, 30.0, 40.0]);
    let ninf = f64::NEG_INFINITY;
    let m = floats(e, &[2, 1, 2], &[0.0, ninf, ninf, ninf]);
    let out = eval(&attention(1.0, false), &[&q, &k, &v, &m]).unwrap();
    close(&read(&out[0]), &[10.0, 10.0, f64::NAN, f64::NAN], 0.0);
    let out = eval(&attention(1.0, true), &[&q, &k, &v, &m]).unwrap();
    close(&read(&out[0]), &[10.0, 10.0, 0.0, 0.0], 0.0);
    // Without the mask: the mean of the value rows.
    let out = eval(&attention(0.5, false), &[&q, &k, &v]).unwrap();
    close(&read(&out[0]), &[15.0, 15.0, 35.0, 35.0], 0.0);
    // Sk = 0 (and a mask with no element): zeros.
    let k0 = floats(e, &[2, 0, 1], &[]);
    let v0 = floats(e, &[2, 0, 3], &[]);
    let m0 = floats(e, &[1, 1, 0], &[]);
    let out = eval(&attention(1.0, false), &[&q, &k0, &v0, &m0]).unwrap();
    assert_eq!(out[0].shape, vec![2, 2, 3]);
    close(&read(&out[0]), &[0.0; 12], 0.0);
    // A full mask [B, Sq, Sk] and batch rank 2 ([1, 2, …]).
    let q2 = floats(e, &[1, 2, 1, 1], &[0.0; 2]);
    let k2 = floats(e, &[1, 2, 2, 1], &[0.0; 4]);
    let v2 = floats(e, &[1, 2, 2, 1], &[1.0, 2.0, 3.0, 4.0]);
    let m2 = floats(e, &[1, 2, 1, 2], &[ninf, 0.0, 0.0, ninf]);
    let out = eval(&attention(1.0, false), &[&q2, &k2, &v2, &m2]).unwrap();
    close(&read(&out[0]), &[2.0, 3.0], 0.0);
}

/// Computed in f64, each result rounded once: an f16 / bf16 result is the
/// f64 one rounded, not a chain of roundings.
#[test]
fn rounds_once_in_every_float_type() {
    for e in [
        ElementType::F16,
        ElementType::BF16,
        ElementType::F32,
        ElementType::F64,
    ] {
        let q = floats(e, &[1, 3], &[0.5, -1.0, 0.25]);
        let k = floats(e, &[2, 3], &[1.0, 0.5, -0.5, -1.0, 0.25, 2.0]);
        let v = floats(e, &[2, 2], &[0.1, 0.7, -0.3, 1.9]);
        let out = eval(&attention(0.75, false), &[&q, &k, &v]).unwrap();
        let (qv, kv, vv) = (read(&q), read(&k), read(&v));
        let s: Vec<f64> = (0..2)
            .map(|j| 0.75 * (0..3).map(|c| qv[c] * kv[j * 3 + c]).sum::<f64>())
            .collect();
        let max = s[0].max(s[1]);
        let sum: f64 = s.iter().map(|x| (x - max).exp()).sum();
        let p: Vec<f64> = s.iter().map(|x| (x - max).exp() / sum).collect();
        let want: Vec<f64> = (0..2).map(|c| p[0] * vv[c] + p[1] * vv[2 + c]).collect();
        let rounded = read(&floats(e, &[2], &want));
        assert_eq!(out[0].element, e);
        close(&read(&out[0]), &rounded, 0.0);
    }
}

#[test]
fn mismatches_are_errors_not_panics() {
    let e = ElementType::F32;
    let q = floats(e, &[2, 3, 4], &[0.0; 24]);
    let k = floats(e, &[2, 5, 4], &[0.0; 40]);
    let v = floats(e, &[2, 5, 6], &[0.0; 60]);
    let a = attention(1.0, false);
    let err = |inputs: &[&HostTensor]| eval(&a, inputs).unwrap_err();
    assert!(err(&[&q, &k])
        .message()
        .contains("expects 3 or 4 operand(s), got 2"));
    assert!(err(&[&q, &k, &v, &v, &v])
        .message()
        .contains("expects 3 or 4 operand(s), got 5"));
    let bad_k = floats(e, &[2, 5, 3], &[0.0; 30]);
    let m = err(&[&q, &bad_k, &v]);
    assert_eq!(m.kind(), ErrorKind::InvalidArgument);
    assert!(
        m.message()
            .starts_with("graph.attention: query and key have other feature sizes"),
        "{m}"
    );
    let bad_v = floats(e, &[2, 4, 6], &[0.0; 48]);
    assert!(err(&[&q, &k, &bad_v])
        .message()
        .contains("key and value have other sequence lengths"));
    let bad_mask = floats(e, &[2, 2, 5], &[0.0; 20]);
    assert!(err(&[&q, &k, &v, &bad_mask])
        .message()
        .contains("does not broadcast to the scores'"));
    let rank1 = floats(e, &[4], &[0.0; 4]);
    assert!(err(&[&rank1, &rank1, &rank1])
        .message()
        .contains("query must have rank 2 or more"));
    let i = HostTensor::new(ElementType::I32, vec![2, 3, 4], vec![0; 96]).unwrap();
    assert!(err(&[&i, &i, &i])
        .message()
        .contains("requires a float element type, got i32"));
    let k64 = floats(ElementType::F64, &[2, 5, 4], &[0.0; 40]);
    assert!(err(&[&q, &k64, &v])
        .message()
        .contains("element types differ"));
    let short = HostTensor {
        element: e,
        shape: vec![2, 5, 6],
        data: vec![0; 8],
    };
    assert!(err(&[&q, &k, &short]).message().contains("holds 8 bytes"));
}

/// `graph.attention` in graph text, with and without the mask and
/// `nan_to_zero`, runs through the reference program.
#[test]
fn runs_from_graph_text() {
    let text = r#"
func.func @main(%q: tensor<1x2x2xf32>, %k: tensor<1x2x2xf32>, %v: tensor<1x2x2xf32>, %m: tensor<1x1x2xf32>) -> (tensor<1x2x2xf32>, tensor<1x2x2xf32>) {
  %0 = graph.attention %q, %k, %v scale = 1.0 : (tensor<1x2x2xf32>, tensor<1x2x2xf32>, tensor<1x2x2xf32>) -> tensor<1x2x2xf32>
  %1 = graph.attention %q, %k, %v, %m scale = 5.0e-01 {nan_to_zero} : (tensor<1x2x2xf32>, tensor<1x2x2xf32>, tensor<1x2x2xf32>, tensor<1x1x2xf32>) -> tensor<1x2x2xf32>
  return %0, %1 : tensor<1x2x2xf32>, tensor<1x2x2xf32>
}
"#;
    let mut ctx = xir::Context::new();
    xir_func::register(&mut ctx);
    xir_graph::register(&mut ctx);
    let mut ir = Ir::new();
    let top = xir::parser::parse_str(&mut ctx, &mut ir, "input", text).unwrap_or_else(|ds| {
        panic!(
            "{:?}",
            ds.iter().map(|d| d.message.clone()).collect::<Vec<_>>()
        )
    });
    program::register(&mut ctx);
    let p = Program::from_module(&ctx, &ir, top).unwrap();
    let f = p.function("main").unwrap();
    let e = ElementType::F32;
    let q = floats(e, &[1, 2, 2], &[1.0, 0.0, 0.0, 1.0]);
    let v = floats(e, &[1, 2, 2], &[1.0, 2.0, 3.0, 4.0]);
    let m = floats(e, &[1, 1, 2], &[f64::NEG_INFINITY, 0.0]);
    let args = [&q, &q, &v, &m].map(|t| Arc::new(t.clone())).to_vec();
    let out = p.call(f, args).unwrap();
    // Scores I: rows (e/(e+1), 1/(e+1)) and swapped.
    let p0 = 1f64.exp() / (1f64.exp() + 1.0);
    let want = [
        p0 + 3.0 * (1.0 - p0),
        2.0 * p0 + 4.0 * (1.0 - p0),
        (1.0 - p0) + 3.0 * p0,
        2.0 * (1.0 - p0) + 4.0 * p0,
    ];
    close(&read(&out[0]), &want, 1e-6);
    // The mask drops key 0: every row is value row 1.
    close(&read(&out[1]), &[3.0, 4.0, 3.0, 4.0], 0.0);
}
