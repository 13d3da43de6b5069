//! The ops composed from index arithmetic (GatherElements, Trilu, Tile,
//! Range, OneHot, CumSum, ArgMax/ArgMin, Einsum, NonZero): the text they import as,
//! every error, and small models in the forms ONNX's node tests do not cover
//! run on local and vulkan against onnxruntime (`index_ops_ort.py`, through
//! `$XIR_PYTHON`, else `python3`; without onnxruntime the comparison is
//! reported, and under CI=true fails).

mod common;

use common::{err, has, ok};

use common::{ci, int_attr, str_attr, untyped, values, vi, F32, I32, I64};
use std::path::Path;
use xir_onnx::onnx::{AttributeProto, TensorProto, ValueInfoProto};
use xir_onnx::{import, Options};
use xir_runtime_hal::{ElementType, HostTensor};

fn ints(name: &str, dims: &[i64], v: &[i64]) -> TensorProto {
    common::i64_tensor(name, dims, v)
}

fn floats(name: &str, dims: &[i64], v: &[f32]) -> TensorProto {
    common::f32_tensor(name, dims, v)
}

/// One node `op` named `n` of `inputs` (graph inputs, then initializers)
/// with output `y`.
fn model(
    op: &str,
    inputs: Vec<ValueInfoProto>,
    inits: Vec<TensorProto>,
    names: &[&str],
    attrs: Vec<AttributeProto>,
) -> Vec<u8> {
    let n = common::node(op, "n", names, &["y"], attrs);
    common::model(17, vec![n], inputs, vec![untyped("y")], inits)
}

#[test]
fn gather_elements() {
    let m = model(
        "GatherElements",
        vec![vi("x", F32, &[3, 4]), vi("i", I32, &[3, 2])],
        vec![],
        &["x", "i"],
        vec![int_attr("axis", 1)],
    );
    has(
        &ok(&m),
        &[
            "graph.cast %arg1 : tensor<3x2xi32> -> tensor<3x2xi64>",
            "graph.compare lt",
            "graph.select",
            // Row i's elements start at 4 * i.
            "dense<[0, 4, 8]> : tensor<3xi64>",
            "graph.broadcast %",
            "graph.reshape %arg0 : tensor<3x4xf32> -> tensor<12xf32>",
            "axis = 0 : (tensor<12xf32>, tensor<3x2xi64>) -> tensor<3x2xf32>",
        ],
    );
    // Known data and indices: folded to a constant.
    let m = model(
        "GatherElements",
        vec![],
        vec![
            floats("x", &[2, 2], &[1.0, 2.0, 3.0, 4.0]),
            ints("i", &[2, 2], &[1, -2, 0, 1]),
        ],
        &["x", "i"],
        vec![],
    );
    let t = ok(&m);
    // Only the result is written.
    assert_eq!(t.matches("graph.constant").count(), 1, "{t}");
    has(
        &t,
        &["dense<[[3.000000e+00, 2.000000e+00], [1.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>"],
    );
    let bad = model(
        "GatherElements",
        vec![vi("x", F32, &[2, 3])],
        vec![ints("i", &[1, 2], &[0, 3])],
        &["x", "i"],
        vec![int_attr("axis", 1)],
    );
    assert_eq!(
        err(&bad),
        "node 'n' (GatherElements, opset 17): index 3 is out of range for a dimension of size 3"
    );
    let rank = model(
        "GatherElements",
        vec![vi("x", F32, &[2, 3]), vi("i", I64, &[6])],
        vec![],
        &["x", "i"],
        vec![],
    );
    assert_eq!(
        err(&rank),
        "node 'n' (GatherElements, opset 17): indices tensor<6xi64> and data tensor<2x3xf32> differ in rank"
    );
    let big = model(
        "GatherElements",
        vec![vi("x", F32, &[2, 3]), vi("i", I64, &[3, 3])],
        vec![],
        &["x", "i"],
        vec![int_attr("axis", 1)],
    );
    assert!(err(&big)
        .contains("indices tensor<3x3xi64> are larger than data tensor<2x3xf32> in dimension 0"));
    let fl = model(
        "GatherElements",
        vec![vi("x", F32, &[2, 3]), vi("i", F32, &[2, 3])],
        vec![],
        &["x", "i"],
        vec![],
    );
    assert!(err(&fl).contains("indices of element type f32 are not supported (int32 or int64)"));
    let dynamic = model(
        "GatherElements",
        vec![vi("x", F32, &[-1, 3]), vi("i", I64, &[2, 3])],
        vec![],
        &["x", "i"],
        vec![],
    );
    // Dynamic dims: offsets from graph.iota and the dims (dynamic_shapes.rs runs them).
    has(&ok(&dynamic), &["graph.iota", "graph.gather"]);
    let rank = model(
        "GatherElements",
        vec![vi("x", F32, &[-1, 3]), vi("i", I64, &[2])],
        vec![],
        &["x", "i"],
        vec![],
    );
    assert_eq!(
        err(&rank),
        "node 'n' (GatherElements, opset 17): indices tensor<2xi64> and data tensor<?x3xf32> differ in rank"
    );
}

#[test]
fn trilu() {
    let m = model(
        "Trilu",
        vec![vi("x", F32, &[2, 3, 3])],
        vec![ints("k", &[], &[1])],
        &["x", "k"],
        vec![int_attr("upper", 0)],
    );
    has(
        &ok(&m),
        &[
            "dense<[[true, true, false], [true, true, true], [true, true, true]]> : tensor<3x3xi1>",
            "graph.broadcast %0 dimensions = [1, 2] : tensor<3x3xi1> -> tensor<2x3x3xi1>",
            "graph.select",
        ],
    );
    // Upper with k past the last column: all zeros, still a select.
    let m = model("Trilu", vec![vi("x", F32, &[2, 2])], vec![], &["x"], vec![]);
    has(&ok(&m), &["dense<[[true, true], [false, true]]>"]);
    let k = model(
        "Trilu",
        vec![vi("x", F32, &[2, 2]), vi("k", I64, &[])],
        vec![],
        &["x", "k"],
        vec![],
    );
    assert!(err(&k).starts_with(
        "node 'n' (Trilu, opset 17): input 'k' (k) must be a constant (an initializer, a Constant node, or a graph input given by --bind=k=...)"
    ));
    let r1 = model("Trilu", vec![vi("x", F32, &[4])], vec![], &["x"], vec![]);
    assert_eq!(
        err(&r1),
        "node 'n' (Trilu, opset 17): input must have rank 2 or more, not tensor<4xf32>"
    );
}

#[test]
fn tile() {
    let m = model(
        "Tile",
        vec![vi("x", F32, &[2, 3])],
        vec![ints("r", &[2], &[3, 1])],
        &["x", "r"],
        vec![],
    );
    has(
        &ok(&m),
        &[
            "graph.broadcast %arg0 dimensions = [1, 3] : tensor<2x3xf32> -> tensor<3x2x1x3xf32>",
            "graph.reshape %0 : tensor<3x2x1x3xf32> -> tensor<6x3xf32>",
        ],
    );
    let n = model(
        "Tile",
        vec![vi("x", F32, &[2, 3])],
        vec![ints("r", &[1], &[3])],
        &["x", "r"],
        vec![],
    );
    assert_eq!(
        err(&n),
        "node 'n' (Tile, opset 17): repeats has 1 values for an input of rank 2"
    );
    let neg = model(
        "Tile",
        vec![vi("x", F32, &[2, 3])],
        vec![ints("r", &[2], &[1, -1])],
        &["x", "r"],
        vec![],
    );
    assert_eq!(
        err(&neg),
        "node 'n' (Tile, opset 17): repeat -1 is negative"
    );
    let run = model(
        "Tile",
        vec![vi("x", F32, &[2, 3]), vi("r", I64, &[2])],
        vec![],
        &["x", "r"],
        vec![],
    );
    assert!(err(&run).contains("input 'r' (repeats) must be a constant"));
}

#[test]
fn range() {
    let scalar = |name: &str, v: f32| floats(name, &[], &[v]);
    let m = model(
        "Range",
        vec![],
        vec![scalar("s", 1.0), scalar("l", 2.0), scalar("d", 0.25)],
        &["s", "l", "d"],
        vec![],
    );
    has(
        &ok(&m),
        &["dense<[1.000000e+00, 1.250000e+00, 1.500000e+00, 1.750000e+00]> : tensor<4xf32>"],
    );
    let zero = model(
        "Range",
        vec![],
        vec![scalar("s", 1.0), scalar("l", 2.0), scalar("d", 0.0)],
        &["s", "l", "d"],
        vec![],
    );
    assert_eq!(
        err(&zero),
        "node 'n' (Range, opset 17): Range of start 1, limit 2 and delta 0 is not a finite range"
    );
    let izero = model(
        "Range",
        vec![],
        vec![
            ints("s", &[], &[1]),
            ints("l", &[], &[5]),
            ints("d", &[], &[0]),
        ],
        &["s", "l", "d"],
        vec![],
    );
    assert_eq!(
        err(&izero),
        "node 'n' (Range, opset 17): Range with delta 0"
    );
    let run = model(
        "Range",
        vec![vi("l", F32, &[])],
        vec![scalar("s", 1.0), scalar("d", 1.0)],
        &["s", "l", "d"],
        vec![],
    );
    // A run-time limit: the count is computed in f64 and read by the host.
    has(
        &ok(&run),
        &[
            "graph.div",
            "graph.cast %",
            "graph.max",
            "graph.extract",
            "graph.iota[%",
            "-> tensor<?xf64>",
            "-> tensor<?xf32>",
        ],
    );
    let bad = model(
        "Range",
        vec![vi("l", F32, &[2])],
        vec![scalar("s", 1.0), scalar("d", 1.0)],
        &["s", "l", "d"],
        vec![],
    );
    assert_eq!(
        err(&bad),
        "node 'n' (Range, opset 17): input 1 (limit) must be a scalar, not tensor<2xf32>"
    );
    let huge = model(
        "Range",
        vec![],
        vec![
            ints("s", &[], &[0]),
            ints("l", &[], &[i64::MAX]),
            ints("d", &[], &[1]),
        ],
        &["s", "l", "d"],
        vec![],
    );
    assert!(err(&huge).contains("is too large"));
    let mixed = model(
        "Range",
        vec![],
        vec![ints("s", &[], &[0]), scalar("l", 2.0), ints("d", &[], &[1])],
        &["s", "l", "d"],
        vec![],
    );
    assert!(err(&mixed).contains("must be numbers of one element type"));
}

#[test]
fn one_hot() {
    let m = model(
        "OneHot",
        vec![vi("i", I64, &[2, 3]), vi("v", F32, &[2])],
        vec![ints("depth", &[], &[4])],
        &["i", "depth", "v"],
        vec![int_attr("axis", 1)],
    );
    has(
        &ok(&m),
        &[
            "graph.compare lt",
            "dense<[0, 1, 2, 3]> : tensor<4xi64>",
            "graph.broadcast %4 dimensions = [0, 2] : tensor<2x3xi64> -> tensor<2x4x3xi64>",
            "graph.compare eq",
            "graph.slice %arg1",
            "tensor<2x4x3xf32>",
        ],
    );
    let vals = model(
        "OneHot",
        vec![vi("i", I64, &[2]), vi("v", F32, &[3])],
        vec![ints("depth", &[], &[4])],
        &["i", "depth", "v"],
        vec![],
    );
    assert_eq!(
        err(&vals),
        "node 'n' (OneHot, opset 17): values must be [off, on] (2 elements), not tensor<3xf32>"
    );
    let depth = model(
        "OneHot",
        vec![
            vi("i", I64, &[2]),
            vi("depth", I64, &[]),
            vi("v", F32, &[2]),
        ],
        vec![],
        &["i", "depth", "v"],
        vec![],
    );
    assert!(err(&depth).contains("input 'depth' (depth) must be a constant"));
    let zero = model(
        "OneHot",
        vec![vi("i", I64, &[2]), vi("v", F32, &[2])],
        vec![ints("depth", &[], &[0])],
        &["i", "depth", "v"],
        vec![],
    );
    assert!(err(&zero).contains("depth 0 is not supported"));
}

#[test]
fn cum_sum() {
    let m = model(
        "CumSum",
        vec![vi("x", F32, &[2, 3])],
        vec![ints("a", &[], &[0])],
        &["x", "a"],
        vec![int_attr("exclusive", 1)],
    );
    let t = ok(&m);
    // Exclusive: shifted by one first (zeros, then the first row), then
    // one add for 2 rows.
    has(
        &t,
        &[
            "graph.slice %arg0 start = [0, 0] strides = [1, 1] : tensor<2x3xf32> -> tensor<1x3xf32>",
            "graph.concat",
        ],
    );
    assert_eq!(t.matches("graph.add").count(), 1, "{t}");
    assert!(!t.contains("graph.matmul"), "{t}");
    let i = model(
        "CumSum",
        vec![vi("x", I32, &[5])],
        vec![ints("a", &[], &[0])],
        &["x", "a"],
        vec![int_attr("reverse", 1)],
    );
    let t = ok(&i);
    // 5 elements: shifts by 1, 2 and 4.
    assert_eq!(t.matches("graph.add").count(), 3, "{t}");
    assert!(!t.contains("graph.matmul"), "{t}");
    let run = model(
        "CumSum",
        vec![vi("x", F32, &[5]), vi("a", I64, &[])],
        vec![],
        &["x", "a"],
        vec![],
    );
    assert!(err(&run).contains("input 'a' (axis) must be a constant"));
    let b = model(
        "CumSum",
        vec![vi("x", 9, &[5])],
        vec![ints("a", &[], &[0])],
        &["x", "a"],
        vec![],
    );
    assert_eq!(
        err(&b),
        "node 'n' (CumSum, opset 17): element type i1 is not supported"
    );
    let ax = model(
        "CumSum",
        vec![vi("x", F32, &[5])],
        vec![ints("a", &[], &[1])],
        &["x", "a"],
        vec![],
    );
    assert_eq!(
        err(&ax),
        "node 'n' (CumSum, opset 17): axis 1 is out of range for rank 1"
    );
}

#[test]
fn non_zero() {
    let m = model(
        "NonZero",
        vec![vi("x", F32, &[2, 3])],
        vec![],
        &["x"],
        vec![],
    );
    let t = ok(&m);
    has(
        &t,
        &[
            // not(x == 0): NaN counts.
            "graph.compare eq",
            "graph.not",
            "graph.reduce_sum %4 axes = [0] : tensor<6xi64> -> tensor<i64>",
            "graph.extract %5 : tensor<i64>",
            "graph.iota dimension = 1 : tensor<2x3xi64>",
            "graph.scatter",
            "-> tensor<7x2xi64>",
            "graph.slice %",
            "-> tensor<?x2xi64>",
            "graph.transpose %",
            "-> tensor<2x?xi64>",
        ],
    );
    // A bool mask is the mask; a 1-d one needs no concat of indices.
    let b = model("NonZero", vec![vi("x", 9, &[5])], vec![], &["x"], vec![]);
    let t = ok(&b);
    assert!(!t.contains("graph.compare"), "{t}");
    assert!(!t.contains("axis = 1 :"), "{t}");
    has(&t, &["graph.extract", "tensor<1x?xi64>"]);
    // Known ints: folded.
    let k = model(
        "NonZero",
        vec![],
        vec![ints("x", &[2, 2], &[0, 3, 4, 0])],
        &["x"],
        vec![],
    );
    let t = ok(&k);
    assert!(!t.contains("graph.extract"), "{t}");
    has(&t, &["dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>"]);
    // An empty input: a constant of no columns.
    let e = model(
        "NonZero",
        vec![vi("x", F32, &[0, 3])],
        vec![],
        &["x"],
        vec![],
    );
    has(&ok(&e), &["tensor<2x0xi64>"]);
    let s = model("NonZero", vec![vi("x", F32, &[])], vec![], &["x"], vec![]);
    assert_eq!(
        err(&s),
        "node 'n' (NonZero, opset 17): input must have rank 1 or more"
    );
    let d = model("NonZero", vec![vi("x", F32, &[-1])], vec![], &["x"], vec![]);
    assert!(err(&d).contains("NonZero"), "{}", err(&d));
}

#[test]
fn arg_max_and_min() {
    let m = model(
        "ArgMax",
        vec![vi("x", F32, &[2, 5])],
        vec![],
        &["x"],
        vec![int_attr("axis", 1), int_attr("keepdims", 0)],
    );
    has(
        &ok(&m),
        &[
            "graph.reduce_max %arg0 axes = [1]",
            "graph.compare eq",
            // The first index: 5 - max(hit ? 5 - i : 0).
            "dense<[5, 4, 3, 2, 1]> : tensor<5xi64>",
            "-> tensor<2xi64>",
        ],
    );
    let m = model(
        "ArgMin",
        vec![vi("x", I32, &[3])],
        vec![],
        &["x"],
        vec![int_attr("select_last_index", 1)],
    );
    has(
        &ok(&m),
        &[
            "dense<-1> : tensor<3xi32>",
            "graph.sub",
            "dense<[0, 1, 2]> : tensor<3xi64>",
            "-> tensor<1xi64>",
        ],
    );
    let empty = model(
        "ArgMax",
        vec![vi("x", F32, &[0, 2])],
        vec![],
        &["x"],
        vec![],
    );
    assert_eq!(
        err(&empty),
        "node 'n' (ArgMax, opset 17): ArgMax over an empty dimension"
    );
    let b = model("ArgMin", vec![vi("x", 9, &[2])], vec![], &["x"], vec![]);
    assert_eq!(
        err(&b),
        "node 'n' (ArgMin, opset 17): element type i1 is not supported"
    );
}

#[test]
fn einsum() {
    let eq = |e: &str, inputs: Vec<ValueInfoProto>| {
        let names: Vec<String> = inputs.iter().map(|v| v.name().to_string()).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        model(
            "Einsum",
            inputs,
            vec![],
            &names,
            vec![str_attr("equation", e)],
        )
    };
    let t = ok(&eq(
        "bhqd,bhkd->bhqk",
        vec![vi("q", F32, &[2, 3, 4, 8]), vi("k", F32, &[2, 3, 5, 8])],
    ));
    has(
        &t,
        &[
            "graph.transpose %arg1 permutation = [0, 1, 3, 2]",
            "graph.reshape %arg0 : tensor<2x3x4x8xf32> -> tensor<6x4x8xf32>",
            "(tensor<6x4x8xf32>, tensor<6x8x5xf32>) -> tensor<6x4x5xf32>",
            "tensor<6x4x5xf32> -> tensor<2x3x4x5xf32>",
        ],
    );
    let t = ok(&eq(
        "ij,jk->ik",
        vec![vi("a", F32, &[4, 5]), vi("b", F32, &[5, 3])],
    ));
    has(
        &t,
        &["graph.matmul %arg0, %arg1 : (tensor<4x5xf32>, tensor<5x3xf32>) -> tensor<4x3xf32>"],
    );
    let t = ok(&eq(
        "...ij,...jk->...ik",
        vec![vi("a", F32, &[2, 4, 5]), vi("b", F32, &[2, 5, 3])],
    ));
    has(
        &t,
        &["(tensor<2x4x5xf32>, tensor<2x5x3xf32>) -> tensor<2x4x3xf32>"],
    );
    has(
        &ok(&eq("ij->ji", vec![vi("a", F32, &[4, 5])])),
        &["graph.transpose %arg0 permutation = [1, 0]"],
    );
    has(
        &ok(&eq("ij->i", vec![vi("a", F32, &[4, 5])])),
        &["graph.reduce_sum %arg0 axes = [1]"],
    );
    // A diagonal: the repeated dims merged, every (n + 1)-th gathered.
    has(
        &ok(&eq("ii->i", vec![vi("a", F32, &[3, 3])])),
        &[
            "graph.reshape %arg0 : tensor<3x3xf32> -> tensor<9xf32>",
            "dense<[0, 4, 8]> : tensor<3xi64>",
            "axis = 0 : (tensor<9xf32>, tensor<3xi64>) -> tensor<3xf32>",
        ],
    );
    // Implicit output: the labels used once, sorted.
    has(
        &ok(&eq("ba", vec![vi("a", F32, &[4, 5])])),
        &["graph.transpose %arg0 permutation = [1, 0]"],
    );
    for (e, ins, msg) in [
        (
            "ii->i",
            vec![vi("a", F32, &[3, 4])],
            "equation 'ii->i': label 'i' stands for sizes 3 and 4 (broadcasting is not supported)",
        ),
        (
            "ij,jk,kl->il",
            vec![
                vi("a", F32, &[2, 2]),
                vi("b", F32, &[2, 2]),
                vi("c", F32, &[2, 2]),
            ],
            "equation 'ij,jk,kl->il': 3 operands are not supported (one or two)",
        ),
        (
            "ij,jk->ik",
            vec![vi("a", F32, &[2, 3]), vi("b", F32, &[4, 2])],
            "equation 'ij,jk->ik': label 'j' stands for sizes 3 and 4 (broadcasting is not supported)",
        ),
        (
            "ij->k",
            vec![vi("a", F32, &[2, 3])],
            "equation 'ij->k': output label 'k' is in no operand",
        ),
        (
            "ijk->ij",
            vec![vi("a", F32, &[2, 3])],
            "equation 'ijk->ij': 'ijk' has 3 labels for an operand of rank 2",
        ),
        (
            "...ij,...jk->...ik",
            vec![vi("a", F32, &[2, 4, 5]), vi("b", F32, &[5, 3])],
            "equation '...ij,...jk->...ik': the ellipses stand for different numbers of dims (broadcasting is not supported)",
        ),
        (
            "i1->i",
            vec![vi("a", F32, &[2, 3])],
            "equation 'i1->i': '1' is not a label",
        ),
    ] {
        let e = err(&eq(e, ins));
        assert_eq!(e, format!("node 'n' (Einsum, opset 17): {msg}"));
    }
}

/// Case `dir` (as `index_ops_ort.py` writes it) on `device`: None when it
/// matches onnxruntime, else why not.
fn check(dir: &Path, device: &str) -> Option<String> {
    let bytes = std::fs::read(dir.join("model.onnx")).unwrap();
    let text = match import(&bytes, &Options::default()) {
        Ok(t) => t,
        Err(e) => return Some(e),
    };
    let hal = match xrun::compile_text(&text, &[device.to_string()], "") {
        Ok(h) => h,
        Err(e) => return Some(format!("compile: {e}")),
    };
    let inputs: Vec<HostTensor> = (0..)
        .map(|k| dir.join(format!("input_{k}.npy")))
        .take_while(|p| p.exists())
        .map(|p| xir_runtime_io::read_npy(&p).unwrap())
        .collect();
    let devs = xrun::devices::open(&[device.to_string()]).unwrap();
    let got = match xrun::run_text(&hal, "main", &inputs, devs) {
        Ok(g) => g,
        Err(e) => return Some(format!("run: {e}")),
    };
    let want = xir_runtime_io::read_npy(&dir.join("output_0.npy")).unwrap();
    let g = &got[0];
    if g.shape != want.shape || g.element != want.element {
        return Some(format!(
            "{:?} {}, expected {:?} {}",
            g.shape, g.element, want.shape, want.element
        ));
    }
    for (i, (x, y)) in values(g)
        .unwrap()
        .iter()
        .zip(values(&want).unwrap())
        .enumerate()
    {
        let same = if x.is_nan() || y.is_nan() {
            x.is_nan() && y.is_nan()
        } else if x.is_infinite() || y.is_infinite() {
            *x == y
        } else {
            (x - y).abs() <= 1e-5 + 1e-4 * y.abs()
        };
        if !same {
            return Some(format!("element {i} is {x}, onnxruntime's {y}"));
        }
    }
    None
}

#[test]
fn models_match_onnxruntime() {
    let dir = tempfile::tempdir().unwrap();
    if !common::ort_script("index_ops_ort.py", dir.path()) {
        return;
    }
    let mut devices = vec!["local"];
    if xrun::devices::open(&["vulkan".to_string()]).is_ok() {
        devices.push("vulkan");
    } else {
        assert!(!ci(), "CI=true but no Vulkan device");
        eprintln!("note: no Vulkan device; local only");
    }
    let mut cases: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    cases.sort();
    assert!(cases.len() >= 37, "{} cases", cases.len());
    let mut bad = Vec::new();
    for c in &cases {
        for d in &devices {
            if let Some(why) = check(c, d) {
                bad.push(format!("{} on {d}: {why}", c.display()));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// An op, its graph inputs, initializers, input names and attributes.
type Case<'a> = (
    &'a str,
    Vec<ValueInfoProto>,
    Vec<TensorProto>,
    Vec<&'a str>,
    Vec<AttributeProto>,
);

#[test]
fn absurd_shapes_are_errors() {
    // Dims whose product overflows, and one dim too large for a constant of
    // its indices: errors, never a panic or an allocation of that size.
    let huge = i64::MAX / 2;
    let cases: Vec<Case> = vec![
        (
            "GatherElements",
            vec![vi("x", F32, &[huge, 4]), vi("i", I64, &[1, 4])],
            vec![],
            vec!["x", "i"],
            vec![],
        ),
        (
            "GatherElements",
            vec![vi("x", F32, &[2, 1 << 40]), vi("i", I64, &[2, 1 << 40])],
            vec![],
            vec!["x", "i"],
            vec![],
        ),
        (
            "Trilu",
            vec![vi("x", F32, &[huge, 4, 4])],
            vec![],
            vec!["x"],
            vec![],
        ),
        (
            "Trilu",
            vec![vi("x", F32, &[1 << 30, 1 << 30])],
            vec![],
            vec!["x"],
            vec![],
        ),
        (
            "Tile",
            vec![vi("x", F32, &[1 << 40, 2])],
            vec![ints("r", &[2], &[1 << 40, 1])],
            vec!["x", "r"],
            vec![],
        ),
        (
            "OneHot",
            vec![vi("i", I64, &[huge, 3]), vi("v", F32, &[2])],
            vec![ints("d", &[], &[4])],
            vec!["i", "d", "v"],
            vec![],
        ),
        (
            "CumSum",
            vec![vi("x", F32, &[huge, 4])],
            vec![ints("a", &[], &[1])],
            vec!["x", "a"],
            vec![],
        ),
        (
            "CumSum",
            vec![vi("x", I32, &[huge, 4])],
            vec![ints("a", &[], &[1])],
            vec!["x", "a"],
            vec![],
        ),
        (
            "ArgMax",
            vec![vi("x", F32, &[huge, 4])],
            vec![],
            vec!["x"],
            vec![],
        ),
        (
            "ArgMin",
            vec![vi("x", F32, &[1 << 40, 2])],
            vec![],
            vec!["x"],
            vec![],
        ),
        (
            "Einsum",
            vec![vi("a", F32, &[huge, 4]), vi("b", F32, &[4, huge])],
            vec![],
            vec!["a", "b"],
            vec![str_attr("equation", "ij,jk->ik")],
        ),
    ];
    for (op, inputs, inits, names, attrs) in cases {
        let m = model(op, inputs, inits, &names, attrs);
        let r = std::panic::catch_unwind(|| import(&m, &Options::default()));
        match r {
            Ok(Err(e)) => assert!(e.contains("too large"), "{op}: {e}"),
            Ok(Ok(_)) => panic!("{op}: imported"),
            Err(_) => panic!("{op}: the importer panicked"),
        }
    }
}

#[test]
fn arg_max_and_min_pick_nans_as_numpy_does() {
    // graph.reduce_max propagates NaN; numpy's argmax and argmin (ONNX's
    // reference) pick the first NaN (onnxruntime skips them: 2 and 0 here).
    let x = [1.0f32, f32::NAN, 3.0, f32::NAN];
    let input = HostTensor {
        element: ElementType::F32,
        shape: vec![4],
        data: x.iter().flat_map(|v| v.to_le_bytes()).collect(),
    };
    let mut devices = vec!["local"];
    if xrun::devices::open(&["vulkan".to_string()]).is_ok() {
        devices.push("vulkan");
    }
    for (op, last, want) in [
        ("ArgMax", 0, 1.0),
        ("ArgMin", 0, 1.0),
        ("ArgMax", 1, 3.0),
        ("ArgMin", 1, 3.0),
    ] {
        let m = model(
            op,
            vec![vi("x", F32, &[4])],
            vec![],
            &["x"],
            vec![int_attr("keepdims", 0), int_attr("select_last_index", last)],
        );
        let text = ok(&m);
        for d in &devices {
            let hal = xrun::compile_text(&text, &[d.to_string()], "").unwrap();
            let devs = xrun::devices::open(&[d.to_string()]).unwrap();
            let got = xrun::run_text(&hal, "main", std::slice::from_ref(&input), devs).unwrap();
            assert_eq!(
                values(&got[0]).unwrap(),
                vec![want],
                "{op} last={last} on {d}"
            );
        }
    }
}
