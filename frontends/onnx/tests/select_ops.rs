//! Mod and TopK (composed from compares and selects): the text they import
//! as, every error, and small models run on local and vulkan against
//! onnxruntime (`select_ops_ort.py`, through `$XIR_PYTHON`, else `python3`;
//! without onnxruntime or Vulkan the comparison is reported, and under
//! CI=true fails). Results are compared exactly: integers bit for bit,
//! floats as values with the sign of a zero, NaN as NaN.

mod common;

use common::{err, has, ok};

use common::{ci, int_attr, untyped, values, vi, F32, I32, I64};
use std::path::Path;
use xir_onnx::onnx::{AttributeProto, TensorProto, ValueInfoProto};
use xir_onnx::{import, Options};
use xir_runtime_hal::{ElementType, HostTensor};

fn model_at(
    opset: i64,
    op: &str,
    inputs: Vec<ValueInfoProto>,
    inits: Vec<TensorProto>,
    names: &[&str],
    attrs: Vec<AttributeProto>,
    outs: &[&str],
) -> Vec<u8> {
    let n = common::node(op, "n", names, outs, attrs);
    let outv = outs.iter().map(|o| untyped(o)).collect();
    common::model(opset, vec![n], inputs, outv, inits)
}

fn modulo(a: &[i64], b: &[i64], elem: i32, fmod: Option<i64>) -> Vec<u8> {
    let attrs = fmod.map(|f| vec![int_attr("fmod", f)]).unwrap_or_default();
    model_at(
        17,
        "Mod",
        vec![vi("a", elem, a), vi("b", elem, b)],
        vec![],
        &["a", "b"],
        attrs,
        &["y"],
    )
}

fn topk(x: ValueInfoProto, k: &[i64], attrs: Vec<AttributeProto>) -> Vec<u8> {
    model_at(
        17,
        "TopK",
        vec![x],
        vec![common::i64_tensor("k", &[k.len() as i64], k)],
        &["x", "k"],
        attrs,
        &["v", "i"],
    )
}

#[test]
fn mod_text() {
    let t = ok(&modulo(&[2, 3], &[3], I64, None));
    has(
        &t,
        &[
            "graph.broadcast %arg1 dimensions = [1] : tensor<3xi64> -> tensor<2x3xi64>",
            "graph.div",
            "graph.mul",
            "graph.sub",
            "graph.xor",
            "graph.and",
            "graph.select",
        ],
    );
    // fmod=1: no sign correction.
    let t = ok(&modulo(&[4], &[4], I32, Some(1)));
    has(&t, &["graph.div", "graph.sub"]);
    assert!(!t.contains("graph.select"), "{t}");
    // Floats are computed in f64.
    let t = ok(&modulo(&[4], &[4], F32, Some(1)));
    has(
        &t,
        &[
            "graph.cast %arg0 : tensor<4xf32> -> tensor<4xf64>",
            "graph.cast %",
            "tensor<4xf64> -> tensor<4xi64>",
            "tensor<4xf64> -> tensor<4xf32>",
        ],
    );
    // Dynamic dims.
    let t = ok(&modulo(&[-1, 3], &[-1, 3], I64, None));
    has(&t, &["tensor<?x3xi64>"]);
    // Known integers are folded (shape arithmetic), by the same rules.
    for (fmod, want) in [
        (0, "dense<[1, -2, 2, -1, 7]>"),
        (1, "dense<[1, 1, -1, -1, 7]>"),
    ] {
        let m = model_at(
            17,
            "Mod",
            vec![],
            vec![
                common::i64_tensor("a", &[5], &[7, 7, -7, -7, 7]),
                common::i64_tensor("b", &[5], &[3, -3, 3, -3, 0]),
            ],
            &["a", "b"],
            vec![int_attr("fmod", fmod)],
            &["y"],
        );
        let t = ok(&m);
        has(&t, &[want]);
        assert!(!t.contains("graph.div"), "{t}");
    }
}

#[test]
fn mod_errors() {
    assert_eq!(
        err(&modulo(&[4], &[4], F32, None)),
        "node 'n' (Mod, opset 17): fmod 0 on element type f32 is not defined before opset 28 (floats take fmod=1)"
    );
    assert_eq!(
        err(&modulo(&[4], &[4], I64, Some(2))),
        "node 'n' (Mod, opset 17): fmod 2 is not supported (0 or 1)"
    );
    let mixed = model_at(
        17,
        "Mod",
        vec![vi("a", I64, &[4]), vi("b", I32, &[4])],
        vec![],
        &["a", "b"],
        vec![],
        &["y"],
    );
    assert_eq!(
        err(&mixed),
        "node 'n' (Mod, opset 17): operand element types differ: i64 and i32"
    );
    let shapes = modulo(&[4], &[3], I64, None);
    assert_eq!(
        err(&shapes),
        "node 'n' (Mod, opset 17): shapes [4] and [3] do not broadcast"
    );
    let bools = modulo(&[4], &[4], 9, None);
    assert_eq!(
        err(&bools),
        "node 'n' (Mod, opset 17): element type i1 is not supported"
    );
    // Opset 28 takes floor modulo of floats.
    let m = model_at(
        28,
        "Mod",
        vec![vi("a", F32, &[4]), vi("b", F32, &[4])],
        vec![],
        &["a", "b"],
        vec![],
        &["y"],
    );
    has(&ok(&m), &["graph.xor"]);
}

#[test]
fn topk_text() {
    let t = ok(&topk(vi("x", F32, &[2, 5]), &[2], vec![]));
    has(
        &t,
        &[
            "graph.iota",
            "graph.reduce_max",
            "graph.compare ne",
            "graph.concat",
            "-> tensor<2x2xf32>",
            "-> tensor<2x2xi64>",
        ],
    );
    // Two rounds: four reduce_max each (max, score, value) -> 6 in all.
    assert_eq!(t.matches("graph.reduce_max").count(), 6, "{t}");
    // Integers: no NaN test.
    let t = ok(&topk(
        vi("x", I32, &[3, 4]),
        &[1],
        vec![int_attr("axis", 0)],
    ));
    assert!(!t.contains("graph.compare ne"), "{t}");
    has(
        &t,
        &["-> tensor<1x4xi32>", "-> tensor<1x4xi64>", "-2147483648"],
    );
    // Dynamic dims beside the axis.
    let t = ok(&topk(vi("x", F32, &[-1, 6]), &[3], vec![]));
    has(&t, &["tensor<?x3xf32>", "tensor<?x3xi64>"]);
    // k = 0: empty results.
    let t = ok(&topk(vi("x", F32, &[2, 6]), &[0], vec![]));
    has(&t, &["-> tensor<2x0xf32>", "tensor<2x0xi64>"]);
}

#[test]
fn topk_errors() {
    let e = |m: Vec<u8>| err(&m);
    assert_eq!(
        e(topk(vi("x", F32, &[2, 100]), &[65], vec![])),
        "node 'n' (TopK, opset 17): k 65 is not supported (at most 64: TopK is unrolled into k rounds)"
    );
    assert_eq!(
        e(topk(vi("x", F32, &[2, 5]), &[6], vec![])),
        "node 'n' (TopK, opset 17): k 6 is out of range for a dimension of size 5"
    );
    assert_eq!(
        e(topk(vi("x", F32, &[2, 5]), &[-1], vec![])),
        "node 'n' (TopK, opset 17): k -1 is out of range for a dimension of size 5"
    );
    assert_eq!(
        e(topk(vi("x", F32, &[2, 5]), &[1, 2], vec![])),
        "node 'n' (TopK, opset 17): input 1 (k) must hold one value, not 2"
    );
    assert_eq!(
        e(topk(vi("x", F32, &[2, -1]), &[1], vec![])),
        "node 'n' (TopK, opset 17): TopK along a dimension of dynamic size (tensor<2x?xf32>, axis 1) is not supported"
    );
    assert_eq!(
        e(topk(vi("x", F32, &[]), &[1], vec![])),
        "node 'n' (TopK, opset 17): input must have rank 1 or more"
    );
    assert_eq!(
        e(topk(vi("x", 9, &[3]), &[1], vec![])),
        "node 'n' (TopK, opset 17): element type i1 is not supported"
    );
    assert_eq!(
        e(topk(vi("x", F32, &[3]), &[1], vec![int_attr("axis", 1)])),
        "node 'n' (TopK, opset 17): axis 1 is out of range for rank 1"
    );
    let runtime_k = model_at(
        17,
        "TopK",
        vec![vi("x", F32, &[3]), vi("k", I64, &[1])],
        vec![],
        &["x", "k"],
        vec![],
        &["v", "i"],
    );
    assert!(e(runtime_k).starts_with(
        "node 'n' (TopK, opset 17): input 'k' (k) must be a constant (an initializer, a Constant node, or a graph input given by --bind=k=...)"
    ));
    let missing = model_at(
        17,
        "TopK",
        vec![vi("x", F32, &[3])],
        vec![],
        &["x"],
        vec![],
        &["v", "i"],
    );
    assert_eq!(
        e(missing),
        "node 'n' (TopK, opset 17): input 1 (k) is missing"
    );
}

fn devices() -> Vec<&'static str> {
    let mut d = vec!["local"];
    if xrun::devices::open(&["vulkan".to_string()]).is_ok() {
        d.push("vulkan");
    } else {
        assert!(!ci(), "CI=true but no Vulkan device");
        eprintln!("note: no Vulkan device; local only");
    }
    d
}

fn run(text: &str, device: &str, inputs: &[HostTensor]) -> Result<Vec<HostTensor>, String> {
    let hal =
        xrun::compile_text(text, &[device.to_string()], "").map_err(|e| format!("compile: {e}"))?;
    let devs = xrun::devices::open(&[device.to_string()]).unwrap();
    xrun::run_text(&hal, "main", inputs, devs).map_err(|e| format!("run: {e}"))
}

/// None when `g` is `want` exactly (integers bit for bit, floats by value
/// and the sign of a zero, NaN as NaN; or floats within `tol`), else where
/// not.
fn differs(g: &HostTensor, want: &HostTensor, tol: Option<f64>) -> Option<String> {
    if g.shape != want.shape || g.element != want.element {
        return Some(format!(
            "{:?} {}, expected {:?} {}",
            g.shape, g.element, want.shape, want.element
        ));
    }
    let float = matches!(
        g.element,
        ElementType::F16 | ElementType::F32 | ElementType::F64
    );
    if !float {
        return (g.data != want.data).then(|| "integers differ".to_string());
    }
    for (i, (x, y)) in values(g)
        .unwrap()
        .iter()
        .zip(values(want).unwrap())
        .enumerate()
    {
        let same = if x.is_nan() || y.is_nan() {
            x.is_nan() && y.is_nan()
        } else if let Some(t) = tol {
            (x - y).abs() <= t
        } else {
            *x == y && x.is_sign_negative() == y.is_sign_negative()
        };
        if !same {
            return Some(format!("element {i} is {x:e}, onnxruntime's {y:e}"));
        }
    }
    None
}

fn check(dir: &Path, device: &str) -> Option<String> {
    let name = dir.file_name().unwrap().to_string_lossy();
    if device == "vulkan" && (name.contains("int8") || name.contains("int16")) {
        // Vulkan kernels take no i8 or i16 elements.
        return None;
    }
    let tol: Option<f64> = std::fs::read_to_string(dir.join("tol.txt"))
        .ok()
        .map(|t| t.trim().parse().unwrap());
    let bytes = std::fs::read(dir.join("model.onnx")).unwrap();
    let text = match import(&bytes, &Options::default()) {
        Ok(t) => t,
        Err(e) => return Some(e),
    };
    let inputs: Vec<HostTensor> = (0..)
        .map(|k| dir.join(format!("input_{k}.npy")))
        .take_while(|p| p.exists())
        .map(|p| xir_runtime_io::read_npy(&p).unwrap())
        .collect();
    let got = match run(&text, device, &inputs) {
        Ok(g) => g,
        Err(e) => return Some(e),
    };
    let wants: Vec<HostTensor> = (0..)
        .map(|k| dir.join(format!("output_{k}.npy")))
        .take_while(|p| p.exists())
        .map(|p| xir_runtime_io::read_npy(&p).unwrap())
        .collect();
    if got.len() != wants.len() {
        return Some(format!(
            "{} results, onnxruntime's {}",
            got.len(),
            wants.len()
        ));
    }
    for (k, (g, w)) in got.iter().zip(&wants).enumerate() {
        if let Some(why) = differs(g, w, tol) {
            return Some(format!("output {k}: {why}"));
        }
    }
    None
}

#[test]
fn models_match_onnxruntime() {
    let dir = tempfile::tempdir().unwrap();
    if !common::ort_script("select_ops_ort.py", dir.path()) {
        return;
    }
    let devices = devices();
    let mut cases: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    cases.sort();
    assert!(cases.len() >= 33, "{} cases", cases.len());
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

fn i64s(shape: &[usize], v: &[i64]) -> HostTensor {
    HostTensor {
        element: ElementType::I64,
        shape: shape.to_vec(),
        data: v.iter().flat_map(|x| x.to_le_bytes()).collect(),
    }
}

#[test]
fn integer_mod_by_zero_is_the_dividend() {
    // onnxruntime refuses x mod 0 at run time; xir's integer x / 0 is 0, so
    // x mod 0 = x in both modes.
    let a = [7i64, -7, 0, i64::MIN, 5];
    let b = [0i64, 0, 0, 0, -1];
    for fmod in [0, 1] {
        let text = ok(&modulo(&[5], &[5], I64, Some(fmod)));
        for d in devices() {
            let got = run(&text, d, &[i64s(&[5], &a), i64s(&[5], &b)]).unwrap();
            assert_eq!(
                got[0].data,
                i64s(&[5], &[7, -7, 0, i64::MIN, 0]).data,
                "fmod={fmod} on {d}"
            );
        }
    }
}

#[test]
fn topk_at_a_dynamic_batch() {
    // The same model at two batch sizes, each row's top 2 of 5.
    let text = ok(&topk(vi("x", I64, &[-1, 5]), &[2], vec![]));
    for d in devices() {
        for rows in [1usize, 3] {
            let x: Vec<i64> = (0..rows as i64 * 5).map(|i| (i * 7) % 5 - 2).collect();
            let got = run(&text, d, &[i64s(&[rows, 5], &x)]).unwrap();
            let mut want_v = Vec::new();
            let mut want_i = Vec::new();
            for r in 0..rows {
                let row = &x[r * 5..r * 5 + 5];
                let mut order: Vec<usize> = (0..5).collect();
                order.sort_by(|&p, &q| row[q].cmp(&row[p]).then(p.cmp(&q)));
                for &p in &order[..2] {
                    want_v.push(row[p]);
                    want_i.push(p as i64);
                }
            }
            assert_eq!(got[0].shape, vec![rows, 2]);
            assert_eq!(
                got[0].data,
                i64s(&[rows, 2], &want_v).data,
                "{d} rows {rows}"
            );
            assert_eq!(
                got[1].data,
                i64s(&[rows, 2], &want_i).data,
                "{d} rows {rows}"
            );
        }
    }
}
