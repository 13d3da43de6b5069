//! ScatterElements and ScatterND: the text they import as, every error, and
//! small models run on local (and vulkan when there is one) against values
//! worked out by hand: duplicates in order, negative indices, reductions,
//! dynamic dims.

mod common;

use common::{err, has, ok};

use common::{ci, f32s, int_attr, str_attr, untyped, vi, F32, I32, I64};
use xir_onnx::onnx::{AttributeProto, TensorProto, ValueInfoProto};
use xir_runtime_hal::{ElementType, HostTensor};

/// One node `op` named `n` of `inputs` (graph inputs, then initializers)
/// with output `y`, at `opset`.
fn model_at(
    opset: i64,
    op: &str,
    inputs: Vec<ValueInfoProto>,
    inits: Vec<TensorProto>,
    attrs: Vec<AttributeProto>,
) -> Vec<u8> {
    let n = common::node(op, "n", &["x", "i", "u"], &["y"], attrs);
    common::model(opset, vec![n], inputs, vec![untyped("y")], inits)
}

fn model(
    op: &str,
    inputs: Vec<ValueInfoProto>,
    inits: Vec<TensorProto>,
    attrs: Vec<AttributeProto>,
) -> Vec<u8> {
    model_at(18, op, inputs, inits, attrs)
}

fn f32_host(shape: &[usize], v: &[f32]) -> HostTensor {
    HostTensor {
        element: ElementType::F32,
        shape: shape.to_vec(),
        data: v.iter().flat_map(|x| x.to_le_bytes()).collect(),
    }
}

fn i64_host(shape: &[usize], v: &[i64]) -> HostTensor {
    HostTensor {
        element: ElementType::I64,
        shape: shape.to_vec(),
        data: v.iter().flat_map(|x| x.to_le_bytes()).collect(),
    }
}

/// The devices to run on: local, and vulkan when there is one (CI has one).
fn devices() -> Vec<&'static str> {
    let mut d = vec!["local"];
    if xrun::devices::open(&["vulkan".to_string()]).is_ok() {
        d.push("vulkan");
    } else {
        assert!(!ci(), "CI=true but no Vulkan device");
    }
    d
}

/// Runs `m` on each device and compares its f32 result with `want`.
fn run(m: &[u8], inputs: &[HostTensor], shape: &[usize], want: &[f32]) {
    let text = ok(m);
    for d in devices() {
        let hal = xrun::compile_text(&text, &[d.to_string()], "").unwrap();
        let devs = xrun::devices::open(&[d.to_string()]).unwrap();
        let got = xrun::run_text(&hal, "main", inputs, devs).unwrap();
        assert_eq!(got[0].shape, shape, "on {d}");
        assert_eq!(f32s(&got[0]), want, "on {d}");
    }
}

#[test]
fn scatter_nd_imports_as_one_scatter() {
    let m = model(
        "ScatterND",
        vec![
            vi("x", F32, &[4, 3, 2]),
            vi("i", I64, &[5, 2]),
            vi("u", F32, &[5, 2]),
        ],
        vec![],
        vec![str_attr("reduction", "add")],
    );
    let t = ok(&m);
    has(
        &t,
        &[
            "graph.compare lt",
            "graph.select",
            "graph.reshape %arg0 : tensor<4x3x2xf32> -> tensor<12x2xf32>",
            "reduction = add : (tensor<12x2xf32>, tensor<5xi64>, tensor<5x2xf32>) -> tensor<12x2xf32>",
            "tensor<12x2xf32> -> tensor<4x3x2xf32>",
        ],
    );
    assert_eq!(t.matches("graph.scatter").count(), 1, "{t}");
}

#[test]
fn scatter_elements_imports_as_one_scatter() {
    let m = model(
        "ScatterElements",
        vec![
            vi("x", F32, &[2, 3]),
            vi("i", I32, &[2, 2]),
            vi("u", F32, &[2, 2]),
        ],
        vec![],
        vec![int_attr("axis", 1), str_attr("reduction", "max")],
    );
    let t = ok(&m);
    has(
        &t,
        &[
            "graph.cast %arg1 : tensor<2x2xi32> -> tensor<2x2xi64>",
            "graph.compare lt",
            // Row p's elements start at 3 * p.
            "dense<[0, 3]> : tensor<2xi64>",
            "graph.reshape %arg0 : tensor<2x3xf32> -> tensor<6xf32>",
            "reduction = max : (tensor<6xf32>, tensor<4xi64>, tensor<4xf32>) -> tensor<6xf32>",
            "tensor<6xf32> -> tensor<2x3xf32>",
        ],
    );
    // Known non-negative indices need no select; opset 13 has no reduction.
    let m = model_at(
        13,
        "ScatterElements",
        vec![vi("x", F32, &[2, 3]), vi("u", F32, &[1, 2])],
        vec![common::i64_tensor("i", &[1, 2], &[2, 0])],
        vec![int_attr("axis", 1)],
    );
    let t = ok(&m);
    assert!(!t.contains("graph.select"), "{t}");
    has(&t, &["reduction = none"]);
}

/// The error of a node `n` of `op` at opset 18.
fn error_of(
    op: &str,
    inputs: Vec<ValueInfoProto>,
    inits: Vec<TensorProto>,
    attrs: Vec<AttributeProto>,
) -> String {
    err(&model(op, inputs, inits, attrs))
}

#[test]
fn scatter_nd_errors() {
    let nd = |x: &[i64], i: (i32, &[i64]), u: (i32, &[i64]), attrs| {
        error_of(
            "ScatterND",
            vec![vi("x", F32, x), vi("i", i.0, i.1), vi("u", u.0, u.1)],
            vec![],
            attrs,
        )
    };
    let p = "node 'n' (ScatterND, opset 18): ";
    assert_eq!(
        nd(&[4, 3], (F32, &[2, 1]), (F32, &[2, 3]), vec![]),
        format!("{p}indices of element type f32 are not supported (int32 or int64)")
    );
    assert_eq!(
        nd(
            &[4, 3],
            (I64, &[2, 1]),
            (F32, &[2, 3]),
            vec![str_attr("reduction", "sum")]
        ),
        format!("{p}reduction 'sum' is not supported (none, add, mul, max, min)")
    );
    assert_eq!(
        nd(&[], (I64, &[2, 1]), (F32, &[2]), vec![]),
        format!("{p}data and indices must have rank 1 or more")
    );
    assert_eq!(
        nd(&[4, 3], (I64, &[2, -1]), (F32, &[2, 3]), vec![]),
        format!("{p}the last dim of the indices (tensor<2x?xi64>) must be known at import time")
    );
    assert_eq!(
        nd(&[4, 3], (I64, &[2, 3]), (F32, &[2]), vec![]),
        format!("{p}index tuples of 3 do not fit data tensor<4x3xf32>")
    );
    assert_eq!(
        nd(&[4, 3], (I64, &[2, 0]), (F32, &[2, 4, 3]), vec![]),
        format!("{p}index tuples of 0 do not fit data tensor<4x3xf32>")
    );
    assert_eq!(
        nd(&[4, 3], (I64, &[2, 1]), (I64, &[2, 3]), vec![]),
        format!("{p}updates tensor<2x3xi64> and data tensor<4x3xf32> differ in element type")
    );
    assert_eq!(
        nd(&[4, 3], (I64, &[2, 1]), (F32, &[2, 4]), vec![]),
        format!("{p}updates tensor<2x4xf32> do not have the shape the indices and data give (2x3)")
    );
    assert_eq!(
        nd(&[4, 3], (I64, &[2, 2]), (F32, &[2, 3]), vec![]),
        format!("{p}updates tensor<2x3xf32> do not have the shape the indices and data give (2)")
    );
    let b = error_of(
        "ScatterND",
        vec![vi("x", 9, &[4]), vi("i", I64, &[2, 1]), vi("u", 9, &[2])],
        vec![],
        vec![str_attr("reduction", "add")],
    );
    assert_eq!(
        b,
        format!("{p}reduction 'add' of bool data is not supported")
    );
}

#[test]
fn scatter_elements_errors() {
    let el = |x: &[i64], i: (i32, &[i64]), u: &[i64], attrs| {
        error_of(
            "ScatterElements",
            vec![vi("x", F32, x), vi("i", i.0, i.1), vi("u", F32, u)],
            vec![],
            attrs,
        )
    };
    let p = "node 'n' (ScatterElements, opset 18): ";
    assert_eq!(
        el(&[], (I64, &[]), &[], vec![]),
        format!("{p}data must have rank 1 or more")
    );
    assert_eq!(
        el(&[2, 3], (I64, &[2, 3]), &[2, 3], vec![int_attr("axis", 2)]),
        format!("{p}axis 2 is out of range for rank 2")
    );
    // Dynamic dims are imported (dynamic_shapes.rs runs them); the checks stay.
    assert_eq!(
        el(&[-1, 3], (I64, &[2]), &[2], vec![]),
        format!("{p}indices tensor<2xi64> and data tensor<?x3xf32> differ in rank")
    );
    assert_eq!(
        el(&[2, 3], (I64, &[6]), &[6], vec![]),
        format!("{p}indices tensor<6xi64> and data tensor<2x3xf32> differ in rank")
    );
    assert_eq!(
        el(&[2, 3], (I64, &[3, 3]), &[3, 3], vec![int_attr("axis", 1)]),
        format!("{p}indices tensor<3x3xi64> are larger than data tensor<2x3xf32> in dimension 0")
    );
    assert_eq!(
        el(&[2, 3], (I64, &[2, 2]), &[2, 3], vec![]),
        format!("{p}updates tensor<2x3xf32> do not have the shape the indices and data give (2x2)")
    );
    assert_eq!(
        el(
            &[2, 3],
            (I32, &[2, 2]),
            &[2, 2],
            vec![str_attr("reduction", "avg")]
        ),
        format!("{p}reduction 'avg' is not supported (none, add, mul, max, min)")
    );
    assert_eq!(
        el(&[2, 3], (F32, &[2, 2]), &[2, 2], vec![]),
        format!("{p}indices of element type f32 are not supported (int32 or int64)")
    );
    let huge = 1 << 40;
    assert_eq!(
        el(&[2, huge], (I64, &[1, huge]), &[1, huge], vec![]),
        format!("{p}a dimension of {huge} is too large for a constant of its indices")
    );
    let known = error_of(
        "ScatterElements",
        vec![vi("x", F32, &[2, 3]), vi("u", F32, &[1, 2])],
        vec![common::i64_tensor("i", &[1, 2], &[0, 3])],
        vec![int_attr("axis", 1)],
    );
    assert_eq!(
        known,
        format!("{p}index 3 is out of range for a dimension of size 3")
    );
}

#[test]
fn scatter_nd_runs() {
    // Rows 1, -1 (3) and 1 again of 4x3: the later update of row 1 wins.
    let m = model(
        "ScatterND",
        vec![
            vi("x", F32, &[4, 3]),
            vi("i", I64, &[3, 1]),
            vi("u", F32, &[3, 3]),
        ],
        vec![],
        vec![],
    );
    let x: Vec<f32> = (0..12).map(|v| v as f32).collect();
    let u: Vec<f32> = (0..9).map(|v| 100.0 + v as f32).collect();
    run(
        &m,
        &[
            f32_host(&[4, 3], &x),
            i64_host(&[3, 1], &[1, -1, 1]),
            f32_host(&[3, 3], &u),
        ],
        &[4, 3],
        &[0., 1., 2., 106., 107., 108., 6., 7., 8., 103., 104., 105.],
    );
    // Element tuples of 2x3 with mul: (0, -1) twice, (1, 0).
    let m = model(
        "ScatterND",
        vec![
            vi("x", F32, &[2, 3]),
            vi("i", I64, &[3, 2]),
            vi("u", F32, &[3]),
        ],
        vec![],
        vec![str_attr("reduction", "mul")],
    );
    run(
        &m,
        &[
            f32_host(&[2, 3], &[1., 2., 3., 4., 5., 6.]),
            i64_host(&[3, 2], &[0, -1, 1, 0, 0, 2]),
            f32_host(&[3], &[10., -1., 0.5]),
        ],
        &[2, 3],
        &[1., 2., 15., -4., 5., 6.],
    );
    // Dynamic rows, added into: rows -1 and 0 of N x 2 at N = 3 and 5.
    let m = model(
        "ScatterND",
        vec![
            vi("x", F32, &[-1, 2]),
            vi("i", I64, &[2, 1]),
            vi("u", F32, &[2, 2]),
        ],
        vec![],
        vec![str_attr("reduction", "add")],
    );
    for rows in [3usize, 5] {
        let x: Vec<f32> = (0..2 * rows).map(|v| v as f32).collect();
        let mut want = x.clone();
        want[0] += 1.0;
        want[1] += 2.0;
        want[2 * rows - 2] += 10.0;
        want[2 * rows - 1] += 20.0;
        run(
            &m,
            &[
                f32_host(&[rows, 2], &x),
                i64_host(&[2, 1], &[-1, 0]),
                f32_host(&[2, 2], &[10., 20., 1., 2.]),
            ],
            &[rows, 2],
            &want,
        );
    }
}

#[test]
fn scatter_elements_runs() {
    // Axis 1: row 0 gets columns 0 and -1 (2); row 1 column 2 twice, the
    // later wins.
    let m = model(
        "ScatterElements",
        vec![
            vi("x", F32, &[2, 3]),
            vi("i", I64, &[2, 2]),
            vi("u", F32, &[2, 2]),
        ],
        vec![],
        vec![int_attr("axis", 1)],
    );
    run(
        &m,
        &[
            f32_host(&[2, 3], &[0., 1., 2., 3., 4., 5.]),
            i64_host(&[2, 2], &[0, -1, 2, 2]),
            f32_host(&[2, 2], &[10., 20., 30., 40.]),
        ],
        &[2, 3],
        &[10., 1., 20., 3., 4., 40.],
    );
    // Axis 0 with min: column 1 gets rows 1 and -2 (0).
    let m = model(
        "ScatterElements",
        vec![
            vi("x", F32, &[2, 3]),
            vi("i", I64, &[2, 2]),
            vi("u", F32, &[2, 2]),
        ],
        vec![],
        vec![str_attr("reduction", "min")],
    );
    run(
        &m,
        &[
            f32_host(&[2, 3], &[0., 1., 2., 3., 4., 5.]),
            i64_host(&[2, 2], &[1, 1, 0, -2]),
            f32_host(&[2, 2], &[-5., 9., 7., -8.]),
        ],
        &[2, 3],
        &[0., -8., 2., -5., 4., 5.],
    );
}
