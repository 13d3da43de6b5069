//! Models with dynamic axes (`dim_param`s such as `batch` and `seq`) in the
//! forms exporters write their shape arithmetic: what they import as (the
//! `graph.dim`/`arith` index values given to `graph.reshape`,
//! `graph.broadcast`, `graph.slice` and `graph.iota`), runs of one compiled
//! program at two sizes on local (and vulkan for some) against values
//! computed here, and the exact errors of what is not supported. A missing
//! Vulkan device fails under CI=true and is reported and skipped outside it.

mod common;

use common::{err, has, ok};

use common::{ci, f32_tensor, i64_tensor, int_attr, ints_attr, untyped, values, F32, I64};
use std::sync::Arc;
use xir_onnx::onnx::{
    tensor_shape_proto::{dimension, Dimension},
    type_proto, AttributeProto, NodeProto, TensorProto, TensorShapeProto, TypeProto,
    ValueInfoProto,
};
use xir_onnx::{import, Options};
use xir_runtime_hal::{ElementType, HostTensor};

/// A tensor value whose dims are numbers (`"4"`) or named run-time dims
/// (`"batch"`).
fn dvi(name: &str, elem: i32, dims: &[&str]) -> ValueInfoProto {
    let dim = dims
        .iter()
        .map(|d| Dimension {
            value: Some(match d.parse::<i64>() {
                Ok(v) => dimension::Value::DimValue(v),
                Err(_) => dimension::Value::DimParam(d.to_string()),
            }),
        })
        .collect();
    ValueInfoProto {
        name: Some(name.into()),
        r#type: Some(TypeProto {
            value: Some(type_proto::Value::TensorType(type_proto::Tensor {
                elem_type: Some(elem),
                shape: Some(TensorShapeProto { dim }),
            })),
        }),
    }
}

/// A graph being written: its nodes (named `n0`, `n1`, ... unless named)
/// and initializers.
#[derive(Default)]
struct G {
    nodes: Vec<NodeProto>,
    inits: Vec<TensorProto>,
}

impl G {
    fn node(&mut self, op: &str, ins: &[&str], outs: &[&str], attrs: Vec<AttributeProto>) {
        let name = format!("n{}", self.nodes.len());
        self.named(&name, op, ins, outs, attrs);
    }

    fn named(&mut self, name: &str, op: &str, ins: &[&str], outs: &[&str], a: Vec<AttributeProto>) {
        self.nodes.push(common::node(op, name, ins, outs, a));
    }

    fn ints(&mut self, name: &str, dims: &[i64], v: &[i64]) {
        self.inits.push(i64_tensor(name, dims, v));
    }

    fn floats(&mut self, name: &str, dims: &[i64], v: &[f32]) {
        self.inits.push(f32_tensor(name, dims, v));
    }

    /// `out` = dim `k` of `x` as a 1-element vector (Shape, Gather of a
    /// scalar index, Unsqueeze), as BERT's attention computes it; the 0-d
    /// dim is `{out}_scalar`.
    fn dim_vec(&mut self, x: &str, k: i64, out: &str) {
        let (shape, idx, scalar, axes) = (
            format!("{out}_shape"),
            format!("{out}_idx"),
            format!("{out}_scalar"),
            format!("{out}_axes"),
        );
        self.ints(&idx, &[], &[k]);
        self.ints(&axes, &[1], &[0]);
        self.node("Shape", &[x], &[&shape], vec![]);
        self.node(
            "Gather",
            &[&shape, &idx],
            &[&scalar],
            vec![int_attr("axis", 0)],
        );
        self.node("Unsqueeze", &[&scalar, &axes], &[out], vec![]);
    }

    fn model(self, opset: i64, inputs: Vec<ValueInfoProto>, outputs: &[&str]) -> Vec<u8> {
        common::model(
            opset,
            self.nodes,
            inputs,
            outputs.iter().map(|o| untyped(o)).collect(),
            self.inits,
        )
    }
}

/// How many lines of `text` contain `s`.
fn count(text: &str, s: &str) -> usize {
    text.lines().filter(|l| l.contains(s)).count()
}

fn f32_in(shape: &[usize], v: &[f32]) -> HostTensor {
    let data = v.iter().flat_map(|x| x.to_le_bytes()).collect();
    HostTensor::new(ElementType::F32, shape.to_vec(), data).unwrap()
}

fn i64_in(shape: &[usize], v: &[i64]) -> HostTensor {
    let data = v.iter().flat_map(|x| x.to_le_bytes()).collect();
    HostTensor::new(ElementType::I64, shape.to_vec(), data).unwrap()
}

/// `0, 1, 2, ...` as an f32 input of `shape`.
fn counting(shape: &[usize]) -> (HostTensor, Vec<f64>) {
    let n: usize = shape.iter().product();
    let v: Vec<f32> = (0..n).map(|i| i as f32).collect();
    (f32_in(shape, &v), v.iter().map(|&x| x as f64).collect())
}

/// An expected output: element type, shape, values.
struct Want {
    element: ElementType,
    shape: Vec<usize>,
    values: Vec<f64>,
}

fn want_f32(shape: &[usize], values: Vec<f64>) -> Want {
    Want {
        element: ElementType::F32,
        shape: shape.to_vec(),
        values,
    }
}

fn want_i64(shape: &[usize], values: Vec<f64>) -> Want {
    Want {
        element: ElementType::I64,
        shape: shape.to_vec(),
        values,
    }
}

/// `text` compiled once for `target` and run on each case (inputs, the
/// outputs wanted), compared exactly. False where `target` is vulkan and
/// there is no Vulkan device outside CI (after a note).
fn check(text: &str, target: &str, cases: &[(Vec<HostTensor>, Vec<Want>)]) -> bool {
    let devices: Vec<Arc<_>> = match xrun::devices::open(&[target.to_string()]) {
        Ok(d) => d,
        Err(e) if target == "vulkan" && !ci() => {
            eprintln!("SKIPPED on vulkan: no Vulkan device: {e}");
            return false;
        }
        Err(e) => panic!("cannot open the {target} device: {e}"),
    };
    let program = xrun::compile_text(text, &[target.to_string()], "")
        .unwrap_or_else(|e| panic!("compiling for {target}: {e}\n{text}"));
    for (inputs, wants) in cases {
        let shapes: Vec<_> = inputs.iter().map(|t| t.shape.clone()).collect();
        let got = xrun::run_text(&program, "main", inputs, devices.clone())
            .unwrap_or_else(|e| panic!("running on {target} with inputs {shapes:?}: {e}"));
        assert_eq!(got.len(), wants.len(), "outputs on {target}");
        for (k, (g, w)) in got.iter().zip(wants).enumerate() {
            let at = format!("output {k} on {target} with inputs {shapes:?}");
            assert_eq!(g.element, w.element, "{at}");
            assert_eq!(g.shape, w.shape, "{at}");
            assert_eq!(values(g).unwrap(), w.values, "{at}");
        }
    }
    true
}

fn local(text: &str, cases: &[(Vec<HostTensor>, Vec<Want>)]) {
    check(text, "local", cases);
}

fn local_and_vulkan(text: &str, cases: &[(Vec<HostTensor>, Vec<Want>)]) {
    check(text, "local", cases);
    check(text, "vulkan", cases);
}

/// Two sizes of (batch, seq): a size 1 and odd sizes.
const SIZES: [(usize, usize); 2] = [(1, 7), (3, 5)];

/// BERT's attention: `Shape → Gather → Unsqueeze → Concat → Reshape` to
/// `[batch, seq, 2, -1]`, and a constant shape `[0, -1]` of a dynamic input.
#[test]
fn reshape_from_computed_shape() {
    let mut g = G::default();
    g.dim_vec("x", 0, "b");
    g.dim_vec("x", 1, "s");
    g.ints("tail", &[2], &[2, -1]);
    g.node(
        "Concat",
        &["b", "s", "tail"],
        &["shape"],
        vec![int_attr("axis", 0)],
    );
    g.node("Reshape", &["x", "shape"], &["y"], vec![]);
    g.ints("keep", &[2], &[0, -1]);
    g.node("Reshape", &["x", "keep"], &["z"], vec![]);
    // Back: [b, s, 8] from y with [0, 0, -1].
    g.ints("back", &[3], &[0, 0, -1]);
    g.node("Reshape", &["y", "back"], &["w"], vec![]);
    let m = g.model(
        17,
        vec![dvi("x", F32, &["batch", "seq", "8"])],
        &["y", "z", "w"],
    );
    let text = ok(&m);
    has(
        &text,
        &[
            "%0 = graph.dim %arg0, 0",
            "%1 = graph.dim %arg0, 1",
            "graph.reshape %arg0[%0, %1] : tensor<?x?x8xf32> -> tensor<?x?x2x4xf32>",
            // [0, -1]: the -1 is seq * 8.
            "%3 = arith.muli %1, %c8 : index",
            "graph.reshape %arg0[%0, %3] : tensor<?x?x8xf32> -> tensor<?x?xf32>",
            // The dims of y are known: the ones written are reused.
            "graph.reshape %2[%0, %1] : tensor<?x?x2x4xf32> -> tensor<?x?x8xf32>",
        ],
    );
    // The -1 is 4: no division is written.
    assert_eq!(count(&text, "arith.divsi"), 0, "{text}");
    let cases: Vec<_> = SIZES
        .iter()
        .map(|&(b, s)| {
            let (x, v) = counting(&[b, s, 8]);
            (
                vec![x],
                vec![
                    want_f32(&[b, s, 2, 4], v.clone()),
                    want_f32(&[b, s * 8], v.clone()),
                    want_f32(&[b, s, 8], v),
                ],
            )
        })
        .collect();
    local_and_vulkan(&text, &cases);
}

/// Shape with `start`/`end` (opset 15+): `[batch]` and `[seq, 4]` of a
/// `[batch, seq, 4]` input.
#[test]
fn shape_start_end() {
    let mut g = G::default();
    g.node("Shape", &["x"], &["head"], vec![int_attr("end", 1)]);
    g.ints("m1", &[1], &[-1]);
    g.node(
        "Concat",
        &["head", "m1"],
        &["s1"],
        vec![int_attr("axis", 0)],
    );
    g.node("Reshape", &["x", "s1"], &["y"], vec![]);
    // [seq, 4] from start=-2: y reshaped back to [-1, seq, 4].
    g.node("Shape", &["x"], &["tail"], vec![int_attr("start", -2)]);
    g.node(
        "Concat",
        &["m1", "tail"],
        &["s2"],
        vec![int_attr("axis", 0)],
    );
    g.node("Reshape", &["y", "s2"], &["z"], vec![]);
    let m = g.model(18, vec![dvi("x", F32, &["batch", "seq", "4"])], &["y", "z"]);
    let text = ok(&m);
    has(&text, &["-> tensor<?x?xf32>", "-> tensor<?x?x4xf32>"]);
    let cases: Vec<_> = SIZES
        .iter()
        .map(|&(b, s)| {
            let (x, v) = counting(&[b, s, 4]);
            (
                vec![x],
                vec![want_f32(&[b, s * 4], v.clone()), want_f32(&[b, s, 4], v)],
            )
        })
        .collect();
    local(&text, &cases);
}

/// Expand to `[batch, seq, 4]` through the exporters'
/// `Where(Equal(s, -1 * ones), ones, s)`, and a dynamic input expanded to a
/// constant shape.
#[test]
fn expand_to_computed_shape() {
    let mut g = G::default();
    g.dim_vec("x", 0, "b");
    g.dim_vec("x", 1, "s");
    g.ints("four", &[1], &[4]);
    g.node(
        "Concat",
        &["b", "s", "four"],
        &["shape"],
        vec![int_attr("axis", 0)],
    );
    g.node("Shape", &["shape"], &["shape_len"], vec![]);
    let one = i64_tensor("value", &[1], &[1]);
    g.node(
        "ConstantOfShape",
        &["shape_len"],
        &["ones"],
        vec![tensor_attr("value", one)],
    );
    g.ints("minus_one", &[], &[-1]);
    g.node("Mul", &["ones", "minus_one"], &["neg"], vec![]);
    g.node("Equal", &["shape", "neg"], &["is_neg"], vec![]);
    g.node("Where", &["is_neg", "ones", "shape"], &["target"], vec![]);
    g.floats("row", &[1, 1, 4], &[1.0, 2.0, 3.0, 4.0]);
    g.node("Expand", &["row", "target"], &["y"], vec![]);
    // [batch, seq, 1] to [1, 1, 3].
    g.ints("three", &[3], &[1, 1, 3]);
    g.node("Expand", &["x", "three"], &["z"], vec![]);
    let m = g.model(17, vec![dvi("x", F32, &["batch", "seq", "1"])], &["y", "z"]);
    let text = ok(&m);
    has(
        &text,
        &[
            "graph.broadcast %",
            "-> tensor<?x?x4xf32>",
            "-> tensor<?x?x3xf32>",
        ],
    );
    // The Where and Equal are decided at import time.
    assert!(!text.contains("graph.select"), "{text}");
    assert!(!text.contains("graph.compare"), "{text}");
    let cases: Vec<_> = SIZES
        .iter()
        .map(|&(b, s)| {
            let (x, v) = counting(&[b, s, 1]);
            let y: Vec<f64> = (0..b * s).flat_map(|_| [1.0, 2.0, 3.0, 4.0]).collect();
            let z: Vec<f64> = v.iter().flat_map(|&e| [e, e, e]).collect();
            (
                vec![x],
                vec![want_f32(&[b, s, 4], y), want_f32(&[b, s, 3], z)],
            )
        })
        .collect();
    local(&text, &cases);
}

fn tensor_attr(name: &str, t: TensorProto) -> AttributeProto {
    AttributeProto {
        name: Some(name.into()),
        r#type: Some(xir_onnx::onnx::attribute_proto::AttributeType::Tensor as i32),
        t: Some(t),
        ..Default::default()
    }
}

/// ConstantOfShape of `[batch, 2, seq]`.
#[test]
fn constant_of_computed_shape() {
    let mut g = G::default();
    g.dim_vec("x", 0, "b");
    g.dim_vec("x", 1, "s");
    g.ints("two", &[1], &[2]);
    g.node(
        "Concat",
        &["b", "two", "s"],
        &["shape"],
        vec![int_attr("axis", 0)],
    );
    let v = f32_tensor("value", &[1], &[2.5]);
    g.node(
        "ConstantOfShape",
        &["shape"],
        &["y"],
        vec![tensor_attr("value", v)],
    );
    let m = g.model(17, vec![dvi("x", I64, &["batch", "seq"])], &["y"]);
    let text = ok(&m);
    has(&text, &["graph.broadcast %", "-> tensor<?x2x?xf32>"]);
    let cases: Vec<_> = SIZES
        .iter()
        .map(|&(b, s)| {
            let x = i64_in(&[b, s], &vec![0; b * s]);
            (vec![x], vec![want_f32(&[b, 2, s], vec![2.5; b * 2 * s])])
        })
        .collect();
    local(&text, &cases);
}

/// BERT's position ids: a constant table sliced `[0:seq]`; and a dynamic
/// input sliced `[1:-1]` along its dynamic axis.
#[test]
fn slice_computed_end_and_negative_end() {
    let mut g = G::default();
    g.dim_vec("x", 1, "s");
    let table: Vec<f32> = (0..16 * 3).map(|i| i as f32).collect();
    g.floats("table", &[16, 3], &table);
    g.ints("zero", &[1], &[0]);
    g.ints("one", &[1], &[1]);
    g.ints("minus_one", &[1], &[-1]);
    g.node("Slice", &["table", "zero", "s", "zero"], &["y"], vec![]);
    g.node("Slice", &["x", "one", "minus_one", "one"], &["z"], vec![]);
    let m = g.model(17, vec![dvi("x", F32, &["batch", "seq"])], &["y", "z"]);
    let text = ok(&m);
    has(
        &text,
        &["graph.slice %", "-> tensor<?x3xf32>", "-> tensor<?x?xf32>"],
    );
    // Sizes with seq >= 2 (the [1:-1] slice), a batch of 1 and odd sizes.
    let cases: Vec<_> = [(1usize, 7usize), (3, 2), (2, 5)]
        .iter()
        .map(|&(b, s)| {
            let (x, v) = counting(&[b, s]);
            let y: Vec<f64> = (0..s * 3).map(|i| i as f64).collect();
            let z: Vec<f64> = (0..b)
                .flat_map(|i| (1..s - 1).map(move |j| (i, j)))
                .map(|(i, j)| v[i * s + j])
                .collect();
            (
                vec![x],
                vec![want_f32(&[s, 3], y), want_f32(&[b, s - 2], z)],
            )
        })
        .collect();
    local(&text, &cases);
}

/// `Range(start, seq, delta)` of a dim taken from `x`'s shape.
fn range_model(start: i64, delta: i64) -> Vec<u8> {
    let mut g = G::default();
    g.dim_vec("x", 1, "s");
    g.ints("start", &[], &[start]);
    g.ints("delta", &[], &[delta]);
    g.node("Range", &["start", "s_scalar", "delta"], &["y"], vec![]);
    g.model(17, vec![dvi("x", F32, &["batch", "seq"])], &["y"])
}

#[test]
fn range_of_a_dim_is_iota() {
    let text = ok(&range_model(0, 1));
    has(
        &text,
        &["graph.dim %arg0, 1", "graph.iota", "-> tensor<?xi64>"],
    );
    let cases: Vec<_> = [(2usize, 1usize), (1, 7), (3, 5)]
        .iter()
        .map(|&(b, s)| {
            let (x, _) = counting(&[b, s]);
            (
                vec![x],
                vec![want_i64(&[s], (0..s).map(|i| i as f64).collect())],
            )
        })
        .collect();
    local_and_vulkan(&text, &cases);
}

#[test]
fn range_with_start_and_step() {
    let text = ok(&range_model(2, 3));
    has(
        &text,
        &["graph.iota", "arith.divsi", "graph.mul", "graph.add"],
    );
    let cases: Vec<_> = [(1usize, 1usize), (2, 2), (1, 3), (3, 7), (1, 8)]
        .iter()
        .map(|&(b, s)| {
            let (x, _) = counting(&[b, s]);
            let want: Vec<f64> = (2..s as i64).step_by(3).map(|i| i as f64).collect();
            (vec![x], vec![want_i64(&[want.len()], want)])
        })
        .collect();
    local(&text, &cases);
}

/// Split of `[batch, seq, 6]` into `[.., 2]` and `[.., 4]` along the
/// static axis.
#[test]
fn split_with_dynamic_leading_dims() {
    let mut g = G::default();
    g.ints("split", &[2], &[2, 4]);
    g.node(
        "Split",
        &["x", "split"],
        &["y", "z"],
        vec![int_attr("axis", 2)],
    );
    let m = g.model(17, vec![dvi("x", F32, &["batch", "seq", "6"])], &["y", "z"]);
    let text = ok(&m);
    has(
        &text,
        &[
            "graph.slice %arg0",
            "-> tensor<?x?x2xf32>",
            "-> tensor<?x?x4xf32>",
        ],
    );
    let cases: Vec<_> = SIZES
        .iter()
        .map(|&(b, s)| {
            let (x, v) = counting(&[b, s, 6]);
            let y = (0..b * s)
                .flat_map(|r| v[r * 6..r * 6 + 2].to_vec())
                .collect();
            let z = (0..b * s)
                .flat_map(|r| v[r * 6 + 2..r * 6 + 6].to_vec())
                .collect();
            (
                vec![x],
                vec![want_f32(&[b, s, 2], y), want_f32(&[b, s, 4], z)],
            )
        })
        .collect();
    local(&text, &cases);
}

/// A dim used as data: `Range(batch) * seq` (offsets of each row in a
/// flattened `[batch * seq]`), the scalar `seq` materialized as a tensor.
#[test]
fn dim_used_as_data() {
    let mut g = G::default();
    g.dim_vec("x", 0, "b");
    g.dim_vec("x", 1, "s");
    g.ints("zero", &[], &[0]);
    g.ints("one", &[], &[1]);
    g.node("Range", &["zero", "b_scalar", "one"], &["rows"], vec![]);
    g.node("Mul", &["rows", "s_scalar"], &["y"], vec![]);
    let m = g.model(17, vec![dvi("x", F32, &["batch", "seq"])], &["y"]);
    let text = ok(&m);
    has(&text, &["graph.iota", "graph.mul", "-> tensor<?xi64>"]);
    let cases: Vec<_> = SIZES
        .iter()
        .map(|&(b, s)| {
            let (x, _) = counting(&[b, s]);
            let want = (0..b).map(|i| (i * s) as f64).collect();
            (vec![x], vec![want_i64(&[b], want)])
        })
        .collect();
    local(&text, &cases);
}

/// Flatten, Squeeze, Unsqueeze, keep-dims ReduceMean, MatMul and Gemm of
/// tensors with dynamic dims.
#[test]
fn composites_of_dynamic_tensors() {
    let mut g = G::default();
    g.node("Flatten", &["x"], &["flat"], vec![int_attr("axis", 2)]);
    g.ints("ax1", &[1], &[1]);
    g.node("Squeeze", &["q", "ax1"], &["sq"], vec![]);
    g.ints("ax03", &[2], &[0, 3]);
    g.node("Unsqueeze", &["sq", "ax03"], &["unsq"], vec![]);
    g.node(
        "ReduceMean",
        &["m"],
        &["mean"],
        vec![ints_attr("axes", &[2]), int_attr("keepdims", 1)],
    );
    // w[k][j] = k - j.
    g.floats("w", &[3, 2], &[0.0, -1.0, 1.0, 0.0, 2.0, 1.0]);
    g.node("MatMul", &["m3", "w"], &["mm"], vec![]);
    // A dynamic k: still one [rows, 3] x [3, 2] matmul, the weights not broadcast.
    g.node("MatMul", &["mk", "w"], &["mmk"], vec![]);
    g.floats("c", &[2], &[10.0, 20.0]);
    g.node("Gemm", &["rows", "w", "c"], &["gemm"], vec![]);
    let m = g.model(
        17,
        vec![
            dvi("x", F32, &["batch", "seq", "2", "3"]),
            dvi("q", F32, &["batch", "1", "seq"]),
            dvi("m", F32, &["batch", "seq", "4"]),
            dvi("m3", F32, &["batch", "seq", "3"]),
            dvi("rows", F32, &["n", "3"]),
            dvi("mk", F32, &["batch", "seq", "k"]),
        ],
        &["flat", "sq", "unsq", "mean", "mm", "gemm", "mmk"],
    );
    let text = ok(&m);
    has(
        &text,
        &[
            "-> tensor<?x6xf32>",
            "-> tensor<1x?x?x1xf32>",
            "-> tensor<?x?x1xf32>",
            "-> tensor<?x?x2xf32>",
            "graph.reduce_mean",
            "graph.matmul",
            "(tensor<?x3xf32>, tensor<3x2xf32>) -> tensor<?x2xf32>",
        ],
    );
    assert!(!text.contains("x3x2xf32>"), "weights broadcast:\n{text}");
    let matmul = |v: &[f64], r: usize| -> Vec<f64> {
        (0..r)
            .flat_map(|i| (0..2).map(move |j| (i, j)))
            .map(|(i, j)| (0..3).map(|k| v[i * 3 + k] * (k as f64 - j as f64)).sum())
            .collect()
    };
    let cases: Vec<_> = SIZES
        .iter()
        .map(|&(b, s)| {
            let (x, xv) = counting(&[b, s, 2, 3]);
            let (q, qv) = counting(&[b, 1, s]);
            let (m, mv) = counting(&[b, s, 4]);
            let (m3, m3v) = counting(&[b, s, 3]);
            let n = b + s; // Another run-time dim.
            let (rows, rv) = counting(&[n, 3]);
            let mean = (0..b * s)
                .map(|r| mv[r * 4..r * 4 + 4].iter().sum::<f64>() / 4.0)
                .collect();
            let gemm = matmul(&rv, n)
                .iter()
                .enumerate()
                .map(|(i, e)| e + [10.0, 20.0][i % 2])
                .collect();
            let mk = m3.clone();
            (
                vec![x, q, m, m3, rows, mk],
                vec![
                    want_f32(&[b * s, 6], xv),
                    want_f32(&[b, s], qv.clone()),
                    want_f32(&[1, b, s, 1], qv),
                    want_f32(&[b, s, 1], mean),
                    want_f32(&[b, s, 2], matmul(&m3v, b * s)),
                    want_f32(&[n, 2], gemm),
                    want_f32(&[b, s, 2], matmul(&m3v, b * s)),
                ],
            )
        })
        .collect();
    local(&text, &cases);
}

/// `[batch, seq]` input `x` with its dims as `b`/`s` (1-element vectors)
/// and `b_scalar`/`s_scalar`.
fn with_dims() -> G {
    let mut g = G::default();
    g.dim_vec("x", 0, "b");
    g.dim_vec("x", 1, "s");
    g
}

fn x_input() -> Vec<ValueInfoProto> {
    vec![dvi("x", F32, &["batch", "seq"])]
}

#[test]
fn reshape_with_two_minus_ones() {
    let mut g = with_dims();
    g.ints("mm", &[2], &[-1, -1]);
    g.node(
        "Concat",
        &["b", "mm"],
        &["shape"],
        vec![int_attr("axis", 0)],
    );
    g.named("r", "Reshape", &["x", "shape"], &["y"], vec![]);
    let e = err(&g.model(17, x_input(), &["y"]));
    assert_eq!(
        e,
        "node 'r' (Reshape, opset 17): shape has more than one -1"
    );
}

/// `0, 1, ..., 15` as an f32 initializer `table`.
fn table(g: &mut G) {
    let v: Vec<f32> = (0..16).map(|i| i as f32).collect();
    g.floats("table", &[16], &v);
}

fn f32s(v: &[f64]) -> Want {
    want_f32(&[v.len()], v.to_vec())
}

#[test]
fn slice_bounds_the_dim_arithmetic_cannot_place() {
    // Gathered instead: the bounds clamped at run time, the count read by
    // the host. A step of 2 with a computed end.
    let mut g = with_dims();
    g.ints("zero", &[1], &[0]);
    g.ints("two", &[1], &[2]);
    table(&mut g);
    g.named(
        "sl",
        "Slice",
        &["table", "zero", "s", "zero", "two"],
        &["y"],
        vec![],
    );
    let t = ok(&g.model(17, x_input(), &["y"]));
    has(&t, &["graph.extract", "graph.gather"]);
    local_and_vulkan(
        &t,
        &[
            (vec![zeros(1, 5)], vec![f32s(&[0.0, 2.0, 4.0])]),
            (vec![zeros(2, 1)], vec![f32s(&[0.0])]),
            (
                vec![zeros(1, 20)],
                vec![f32s(&[0.0, 2.0, 4.0, 6.0, 8.0, 10.0, 12.0, 14.0])],
            ),
        ],
    );
    // A computed start.
    let mut g = with_dims();
    g.ints("zero", &[1], &[0]);
    g.ints("end", &[1], &[16]);
    table(&mut g);
    g.named(
        "sl",
        "Slice",
        &["table", "s", "end", "zero"],
        &["y"],
        vec![],
    );
    let t = ok(&g.model(17, x_input(), &["y"]));
    local(
        &t,
        &[
            (vec![zeros(1, 13)], vec![f32s(&[13.0, 14.0, 15.0])]),
            (vec![zeros(1, 16)], vec![f32s(&[])]),
            (vec![zeros(1, 40)], vec![f32s(&[])]),
        ],
    );
    // A negative constant start along a dynamic axis: x[:, -2:].
    let mut g = G::default();
    g.ints("one", &[1], &[1]);
    g.ints("start", &[1], &[-2]);
    g.ints("end", &[1], &[i64::MAX]);
    g.named("sl", "Slice", &["x", "start", "end", "one"], &["y"], vec![]);
    let t = ok(&g.model(17, x_input(), &["y"]));
    let (x23, _) = counting(&[2, 3]);
    let (x21, _) = counting(&[2, 1]);
    local_and_vulkan(
        &t,
        &[
            (vec![x23], vec![want_f32(&[2, 2], vec![1.0, 2.0, 4.0, 5.0])]),
            (vec![x21], vec![want_f32(&[2, 1], vec![0.0, 1.0])]),
        ],
    );
    // A step of 0 is still an error.
    let mut g = G::default();
    g.ints("zero", &[1], &[0]);
    g.ints("one", &[1], &[1]);
    g.named(
        "sl",
        "Slice",
        &["x", "zero", "one", "one", "zero"],
        &["y"],
        vec![],
    );
    assert_eq!(
        err(&g.model(17, x_input(), &["y"])),
        "node 'sl' (Slice, opset 17): step 0 on axis 1"
    );
}

/// Range of `start`, `limit`, `delta` (names of values in `g`), imported.
fn range_text(mut g: G, inputs: Vec<ValueInfoProto>, ins: [&str; 3]) -> String {
    g.ints("zero", &[], &[0]);
    g.ints("one", &[], &[1]);
    g.ints("ten", &[], &[10]);
    g.ints("minus_one", &[], &[-1]);
    g.named("rg", "Range", &ins, &["y"], vec![]);
    ok(&g.model(17, inputs, &["y"]))
}

/// `[b, s]` of zeros.
fn zeros(b: usize, s: usize) -> HostTensor {
    f32_in(&[b, s], &vec![0.0; b * s])
}

fn i64s(v: &[i64]) -> Want {
    want_i64(&[v.len()], v.iter().map(|&x| x as f64).collect())
}

#[test]
fn range_of_run_time_values() {
    // What the dim arithmetic cannot express (a start that is a dim, a
    // negative or computed delta) and run-time data: the count is computed,
    // and read by the host.
    let t = range_text(with_dims(), x_input(), ["s_scalar", "ten", "one"]);
    has(&t, &["graph.extract", "graph.iota"]);
    local_and_vulkan(
        &t,
        &[
            (vec![zeros(1, 3)], vec![i64s(&[3, 4, 5, 6, 7, 8, 9])]),
            (vec![zeros(2, 9)], vec![i64s(&[9])]),
            (vec![zeros(1, 12)], vec![i64s(&[])]),
        ],
    );
    let t = range_text(with_dims(), x_input(), ["zero", "s_scalar", "minus_one"]);
    local(&t, &[(vec![zeros(1, 4)], vec![i64s(&[])])]);
    let t = range_text(with_dims(), x_input(), ["s_scalar", "zero", "minus_one"]);
    local(&t, &[(vec![zeros(1, 4)], vec![i64s(&[4, 3, 2, 1])])]);
    let t = range_text(with_dims(), x_input(), ["zero", "s_scalar", "b_scalar"]);
    local(
        &t,
        &[
            (vec![zeros(2, 7)], vec![i64s(&[0, 2, 4, 6])]),
            (vec![zeros(3, 1)], vec![i64s(&[0])]),
        ],
    );
    // A limit that is a graph input.
    let mut inputs = x_input();
    inputs.push(dvi("n", I64, &[]));
    let t = range_text(G::default(), inputs, ["zero", "n", "one"]);
    has(&t, &["graph.extract"]);
    local(
        &t,
        &[
            (
                vec![zeros(1, 1), i64_in(&[], &[5])],
                vec![i64s(&[0, 1, 2, 3, 4])],
            ),
            (vec![zeros(1, 1), i64_in(&[], &[0])], vec![i64s(&[])]),
            (vec![zeros(1, 1), i64_in(&[], &[-3])], vec![i64s(&[])]),
        ],
    );
    // One computed from data.
    let mut g = G::default();
    g.node("ReduceMax", &["x"], &["mx"], vec![int_attr("keepdims", 0)]);
    g.node(
        "Cast",
        &["mx"],
        &["limit"],
        vec![int_attr("to", I64 as i64)],
    );
    let t = range_text(g, x_input(), ["zero", "limit", "one"]);
    local_and_vulkan(
        &t,
        &[
            (
                vec![f32_in(&[1, 3], &[1.0, 3.5, 2.0])],
                vec![i64s(&[0, 1, 2])],
            ),
            (vec![f32_in(&[2, 1], &[-1.0, -4.0])], vec![i64s(&[])]),
        ],
    );
}

/// The error of running `text` on local with `inputs`.
fn run_error(text: &str, inputs: &[HostTensor]) -> String {
    let devices = xrun::devices::open(&["local".to_string()]).unwrap();
    let program = xrun::compile_text(text, &["local".to_string()], "").unwrap();
    match xrun::run_text(&program, "main", inputs, devices) {
        Ok(_) => panic!("expected an error"),
        Err(e) => e.to_string(),
    }
}

/// Columns `c0..c1` of a counting `[b, s]` input.
fn cols(b: usize, s: usize, c0: usize, c1: usize) -> Want {
    let v = (0..b)
        .flat_map(|i| (c0..c1).map(move |j| (i * s + j) as f64))
        .collect();
    want_f32(&[b, c1 - c0], v)
}

/// Split `x` (`[batch, seq]`) along axis 1 into two outputs, the sizes
/// given when `sizes` is.
fn split_text(sizes: Option<&[i64]>, attrs: Vec<AttributeProto>, opset: i64) -> String {
    let mut g = G::default();
    let mut ins = vec!["x"];
    if let Some(v) = sizes {
        g.ints("split", &[v.len() as i64], v);
        ins.push("split");
    }
    let mut attrs = attrs;
    attrs.push(int_attr("axis", 1));
    g.named("sp", "Split", &ins, &["y", "z"], attrs);
    ok(&g.model(opset, x_input(), &["y", "z"]))
}

/// `text` on counting inputs of `[b, s]`, cut at column `c`.
fn split_runs(text: &str, cases: &[(usize, usize, usize)]) {
    let cases: Vec<_> = cases
        .iter()
        .map(|&(b, s, c)| {
            let (x, _) = counting(&[b, s]);
            (vec![x], vec![cols(b, s, 0, c), cols(b, s, c, s)])
        })
        .collect();
    local_and_vulkan(text, &cases);
}

#[test]
fn split_along_a_dynamic_axis() {
    // Known sizes: the last part is checked to end the dim.
    let t = split_text(Some(&[1, 2]), vec![], 17);
    split_runs(&t, &[(2, 3, 1), (1, 3, 1)]);
    let (x24, _) = counting(&[2, 4]);
    assert!(run_error(&t, &[x24]).contains("a reshape of"));
    // Equal parts: the dim must divide.
    let t = split_text(None, vec![], 17);
    split_runs(&t, &[(2, 4, 2), (3, 2, 1)]);
    let (x23, _) = counting(&[2, 3]);
    assert!(run_error(&t, &[x23]).contains("a reshape of"));
    // Opset 18's num_outputs: chunks of ceil(d / k), the last one smaller
    // or empty.
    let t = split_text(None, vec![int_attr("num_outputs", 2)], 18);
    has(&t, &["graph.extract", "graph.gather"]);
    split_runs(&t, &[(2, 5, 3), (3, 1, 1)]);
}

#[test]
fn gather_and_scatter_elements_of_dynamic_dims() {
    // y[b][j] = x[b][i[b][j]], negative indices from the end.
    let mut g = G::default();
    g.named(
        "ge",
        "GatherElements",
        &["x", "i"],
        &["y"],
        vec![int_attr("axis", 1)],
    );
    let inputs = vec![
        dvi("x", F32, &["batch", "seq"]),
        dvi("i", I64, &["batch", "k"]),
    ];
    let t = ok(&g.model(17, inputs, &["y"]));
    has(&t, &["graph.iota", "graph.gather"]);
    let (x23, _) = counting(&[2, 3]);
    let (x15, _) = counting(&[1, 5]);
    local_and_vulkan(
        &t,
        &[
            (
                vec![x23, i64_in(&[2, 2], &[2, -1, 0, 1])],
                vec![want_f32(&[2, 2], vec![2.0, 2.0, 3.0, 4.0])],
            ),
            (
                vec![x15, i64_in(&[1, 3], &[4, 0, -2])],
                vec![want_f32(&[1, 3], vec![4.0, 0.0, 3.0])],
            ),
        ],
    );
    // Along axis 0, indices narrower than the data.
    let mut g = G::default();
    g.named("ge", "GatherElements", &["x", "i"], &["y"], vec![]);
    let inputs = vec![dvi("x", F32, &["n", "m"]), dvi("i", I64, &["k", "1"])];
    let t = ok(&g.model(17, inputs, &["y"]));
    let (x32, _) = counting(&[3, 2]);
    local(
        &t,
        &[(
            vec![x32, i64_in(&[2, 1], &[2, -3])],
            vec![want_f32(&[2, 1], vec![4.0, 0.0])],
        )],
    );
    // data[b][i[b][j]] = u[b][j].
    let mut g = G::default();
    g.named(
        "se",
        "ScatterElements",
        &["x", "i", "u"],
        &["y"],
        vec![int_attr("axis", 1)],
    );
    let inputs = vec![
        dvi("x", F32, &["batch", "seq"]),
        dvi("i", I64, &["batch", "k"]),
        dvi("u", F32, &["batch", "k"]),
    ];
    let t = ok(&g.model(17, inputs, &["y"]));
    has(&t, &["graph.iota", "graph.scatter"]);
    let (x23, _) = counting(&[2, 3]);
    let (x14, _) = counting(&[1, 4]);
    local_and_vulkan(
        &t,
        &[
            (
                vec![
                    x23,
                    i64_in(&[2, 1], &[2, -3]),
                    f32_in(&[2, 1], &[10.0, 20.0]),
                ],
                vec![want_f32(&[2, 3], vec![0.0, 1.0, 10.0, 20.0, 4.0, 5.0])],
            ),
            (
                vec![x14, i64_in(&[1, 2], &[3, 1]), f32_in(&[1, 2], &[7.0, 8.0])],
                vec![want_f32(&[1, 4], vec![0.0, 8.0, 2.0, 7.0])],
            ),
        ],
    );
}

/// A shape returned as a graph output: a vector of dims and constants
/// materialized as a tensor.
#[test]
fn shape_as_output() {
    let mut g = with_dims();
    g.ints("three", &[1], &[3]);
    g.node(
        "Concat",
        &["b", "three", "s"],
        &["y"],
        vec![int_attr("axis", 0)],
    );
    g.node("Shape", &["x"], &["z"], vec![]);
    let text = ok(&g.model(17, x_input(), &["y", "z", "s_scalar"]));
    let cases: Vec<_> = SIZES
        .iter()
        .map(|&(b, s)| {
            let (x, _) = counting(&[b, s]);
            let (b, s) = (b as f64, s as f64);
            (
                vec![x],
                vec![
                    want_i64(&[3], vec![b, 3.0, s]),
                    want_i64(&[2], vec![b, s]),
                    want_i64(&[], vec![s]),
                ],
            )
        })
        .collect();
    local(&text, &cases);
}

/// Reshape `[batch, seq, 6]` to `[-1, 4]`: the constants do not divide, so
/// the `-1` is a run-time division; and an Equal of two dims, undecided at
/// import time, computed as data.
#[test]
fn reshape_with_runtime_division_and_undecided_equal() {
    let mut g = G::default();
    g.dim_vec("x", 0, "b");
    g.dim_vec("x", 1, "s");
    g.ints("shape", &[2], &[-1, 4]);
    g.node("Reshape", &["x", "shape"], &["y"], vec![]);
    g.node("Equal", &["b_scalar", "s_scalar"], &["z"], vec![]);
    let m = g.model(17, vec![dvi("x", F32, &["batch", "seq", "6"])], &["y", "z"]);
    let text = ok(&m);
    has(&text, &["arith.divsi", "-> tensor<?x4xf32>"]);
    let cases: Vec<_> = [(1usize, 2usize), (3, 2), (2, 2)]
        .iter()
        .map(|&(b, s)| {
            let (x, v) = counting(&[b, s, 6]);
            let eq = Want {
                element: ElementType::I1,
                shape: vec![],
                values: vec![(b == s) as i64 as f64],
            };
            (vec![x], vec![want_f32(&[b * s * 6 / 4, 4], v), eq])
        })
        .collect();
    local(&text, &cases);
}

/// GatherND's result by ONNX's definition: for each tuple of `idx` (last dim
/// `k`, shape `outer + [k]`), the slice of `data` (shape `dims`) it selects
/// after `b` shared batch dims; negative entries count from the end.
fn gather_nd_ref(
    data: &[f64],
    dims: &[usize],
    idx: &[i64],
    outer: &[usize],
    k: usize,
    b: usize,
) -> Vec<f64> {
    let inner: usize = dims[b + k..].iter().product();
    let tuples: usize = outer.iter().product();
    let per_batch: usize = outer[b..].iter().product();
    let mut out = Vec::new();
    for t in 0..tuples {
        let batch = if b == 0 { 0 } else { t / per_batch };
        let mut off = batch;
        for j in 0..k {
            let d = dims[b + j] as i64;
            let mut i = idx[t * k + j];
            if i < 0 {
                i += d;
            }
            off = off * dims[b + j] + i as usize;
        }
        out.extend_from_slice(&data[off * inner..(off + 1) * inner]);
    }
    out
}

/// GatherND with batch_dims 0 (tuples of 2 into a `[batch, seq, 3]` data,
/// negative entries included) and 1 (one index per batch row), all dims
/// dynamic, as the dynamo exporter's padding-mask lookup does.
#[test]
fn gather_nd_of_dynamic_dims() {
    let mut g = G::default();
    g.node("GatherND", &["x", "i"], &["y"], vec![]);
    let m = g.model(
        18,
        vec![
            dvi("x", F32, &["batch", "seq", "3"]),
            dvi("i", I64, &["n", "2"]),
        ],
        &["y"],
    );
    let text = ok(&m);
    has(&text, &["graph.gather", "graph.select", "arith.muli"]);
    let cases: Vec<_> = [
        (2usize, 5usize, vec![0i64, 0, 1, 4, -1, -2, 1, 2, 0, -5]),
        (1, 1, vec![0, 0, -1, -1, 0, -1]),
    ]
    .into_iter()
    .map(|(b, s, idx)| {
        let (x, xv) = counting(&[b, s, 3]);
        let n = idx.len() / 2;
        let want = gather_nd_ref(&xv, &[b, s, 3], &idx, &[n], 2, 0);
        (
            vec![x, i64_in(&[n, 2], &idx)],
            vec![want_f32(&[n, 3], want)],
        )
    })
    .collect();
    local_and_vulkan(&text, &cases);

    let mut g = G::default();
    g.node(
        "GatherND",
        &["x", "i"],
        &["y"],
        vec![int_attr("batch_dims", 1)],
    );
    let m = g.model(
        18,
        vec![
            dvi("x", F32, &["batch", "seq", "3"]),
            dvi("i", I64, &["batch", "n", "1"]),
        ],
        &["y"],
    );
    let text = ok(&m);
    has(&text, &["graph.iota"]);
    let cases: Vec<_> = [
        (3usize, 4usize, vec![0i64, 3, -1, 2, 1, 0]),
        (1, 1, vec![0, -1]),
    ]
    .into_iter()
    .map(|(b, s, idx)| {
        let (x, xv) = counting(&[b, s, 3]);
        let n = idx.len() / b;
        let want = gather_nd_ref(&xv, &[b, s, 3], &idx, &[b, n], 1, 1);
        (
            vec![x, i64_in(&[b, n, 1], &idx)],
            vec![want_f32(&[b, n, 3], want)],
        )
    })
    .collect();
    local(&text, &cases);
}

#[test]
fn gather_nd_errors() {
    let model = |x: &[&str], i: &[&str], b: i64| {
        let mut g = G::default();
        g.named(
            "g",
            "GatherND",
            &["x", "i"],
            &["y"],
            vec![int_attr("batch_dims", b)],
        );
        g.model(18, vec![dvi("x", F32, x), dvi("i", I64, i)], &["y"])
    };
    assert_eq!(
        err(&model(&["4", "3"], &["2", "k"], 0)),
        "node 'g' (GatherND, opset 18): the last dim of the indices (tensor<2x?xi64>) must be known at import time"
    );
    assert_eq!(
        err(&model(&["4", "3"], &["2", "3"], 0)),
        "node 'g' (GatherND, opset 18): batch_dims 0 and index tuples of 3 do not fit data tensor<4x3xf32> and indices tensor<2x3xi64>"
    );
    assert_eq!(
        err(&model(&["4", "3"], &["4", "1"], 2)),
        "node 'g' (GatherND, opset 18): batch_dims 2 and index tuples of 1 do not fit data tensor<4x3xf32> and indices tensor<4x1xi64>"
    );
}

/// Inputs whose dims share a `dim_param` are one size: the import names
/// them (`xir.dim_names`) and the compiled function checks them at entry,
/// naming the input and the dim; an unnamed dynamic dim is not compared.
#[test]
fn same_named_dims_are_checked_at_entry() {
    let mut g = G::default();
    g.node("Add", &["a", "b"], &["y"], vec![]);
    let m = g.model(
        17,
        vec![
            dvi("a", F32, &["batch", "seq"]),
            dvi("b", F32, &["batch", "seq"]),
        ],
        &["y"],
    );
    let text = ok(&m);
    has(
        &text,
        &[
            "%arg0: tensor<?x?xf32> {xir.dim_names = [\"batch\", \"seq\"]} loc(\"a\")",
            "%arg1: tensor<?x?xf32> {xir.dim_names = [\"batch\", \"seq\"]} loc(\"b\")",
        ],
    );
    let program = xrun::compile_text(&text, &["local".into()], "").unwrap();
    let devices = xrun::devices::open(&["local".into()]).unwrap();
    let run = |a: &[usize], b: &[usize]| {
        let (x, _) = counting(a);
        let (y, _) = counting(b);
        xrun::run_text(&program, "main", &[x, y], devices.clone())
    };
    assert!(run(&[2, 7], &[2, 7]).is_ok());
    let e = run(&[2, 7], &[2, 5]).unwrap_err().to_string();
    assert!(
        e.contains("input 1: dim 1 ('seq') must equal dim 1 of input 0 (5 vs 7)"),
        "{e}"
    );
    let e = run(&[2, 7], &[3, 7]).unwrap_err().to_string();
    assert!(
        e.contains("input 1: dim 0 ('batch') must equal dim 0 of input 0 (3 vs 2)"),
        "{e}"
    );
    // --dim fixes a name: no attribute for the static dim, its size checked
    // by the type.
    let opts = Options {
        dims: vec![xir_onnx::DimBinding::parse("seq=7").unwrap()],
        ..Default::default()
    };
    let fixed = import(&m, &opts).unwrap();
    has(
        &fixed,
        &["tensor<?x7xf32> {xir.dim_names = [\"batch\", \"\"]}"],
    );
}

/// GlobalAveragePool takes a dynamic batch (the pooled dims count the mean)
/// but not a dynamic channel or spatial dim.
#[test]
fn global_pool_of_a_dynamic_batch() {
    let mut g = G::default();
    g.node("GlobalAveragePool", &["x"], &["y"], vec![]);
    let m = g.model(17, vec![dvi("x", F32, &["batch", "2", "2", "2"])], &["y"]);
    let text = ok(&m);
    let cases: Vec<_> = [1usize, 3]
        .iter()
        .map(|&b| {
            let (x, xv) = counting(&[b, 2, 2, 2]);
            let want = xv.chunks(4).map(|c| c.iter().sum::<f64>() / 4.0).collect();
            (vec![x], vec![want_f32(&[b, 2, 1, 1], want)])
        })
        .collect();
    local(&text, &cases);
    let mut g = G::default();
    g.named("p", "GlobalAveragePool", &["x"], &["y"], vec![]);
    let m = g.model(17, vec![dvi("x", F32, &["1", "2", "h", "2"])], &["y"]);
    assert_eq!(
        err(&m),
        "node 'p' (GlobalAveragePool, opset 17): GlobalAveragePool of a tensor with dynamic channel or spatial dims (tensor<1x2x?x2xf32>) is not supported"
    );
}
