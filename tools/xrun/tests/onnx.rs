//! `xrun model.onnx`: an ONNX model imported in process (no text written
//! for its weights), compiled and run. Its results must be those of running
//! the text `xir-import-onnx` writes (xir_onnx::import), with the import
//! flags (`--dim`, `--bind`, `--place`, `--params-as-args`) as that tool's;
//! a malformed model is an error with exit status 1, never a panic.

use prost::Message;
use std::path::{Path, PathBuf};
use std::process::Command;
use xir_onnx::onnx::{
    tensor_shape_proto::{dimension, Dimension},
    type_proto, GraphProto, ModelProto, NodeProto, OperatorSetIdProto, TensorProto,
    TensorShapeProto, TypeProto, ValueInfoProto,
};

const XRUN: &str = env!("CARGO_BIN_EXE_xrun");

fn scratch(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("xrun-onnx");
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

/// A float tensor value; a negative dim is the symbolic dimension `N`.
fn vi(name: &str, dims: &[i64]) -> ValueInfoProto {
    let dim = dims
        .iter()
        .map(|&d| Dimension {
            value: Some(if d < 0 {
                dimension::Value::DimParam("N".into())
            } else {
                dimension::Value::DimValue(d)
            }),
        })
        .collect();
    ValueInfoProto {
        name: Some(name.into()),
        r#type: Some(TypeProto {
            value: Some(type_proto::Value::TensorType(type_proto::Tensor {
                elem_type: Some(1),
                shape: Some(TensorShapeProto { dim }),
            })),
        }),
    }
}

fn node(op: &str, name: &str, inputs: &[&str], outputs: &[&str]) -> NodeProto {
    NodeProto {
        op_type: Some(op.into()),
        name: Some(name.into()),
        input: inputs.iter().map(|s| s.to_string()).collect(),
        output: outputs.iter().map(|s| s.to_string()).collect(),
        ..Default::default()
    }
}

fn weight(name: &str, dims: &[i64], v: &[f32]) -> TensorProto {
    TensorProto {
        name: Some(name.into()),
        dims: dims.to_vec(),
        data_type: Some(1),
        raw_data: Some(
            v.iter()
                .flat_map(|x| x.to_le_bytes())
                .collect::<Vec<u8>>()
                .into(),
        ),
        ..Default::default()
    }
}

const K: usize = 16;
const M: usize = 8;

fn w_values() -> Vec<f32> {
    (0..K * M)
        .map(|i| ((i * 37 % 23) as f32 - 11.0) * 0.125)
        .collect()
}

fn b_values() -> Vec<f32> {
    (0..M).map(|j| j as f32 * 0.5 - 2.0).collect()
}

/// `relu(x @ W + b)`: x of `[batch, 16]` (`N` when negative), W of 128
/// elements (more than the importer writes as text in process), b of 8.
fn mlp(batch: i64, nodes_extra: Vec<NodeProto>) -> Vec<u8> {
    let mut node_list = vec![
        node("MatMul", "mm", &["x", "w"], &["h"]),
        node("Add", "bias", &["h", "b"], &["hb"]),
        node("Relu", "relu", &["hb"], &["y"]),
    ];
    node_list.extend(nodes_extra);
    ModelProto {
        ir_version: Some(8),
        opset_import: vec![OperatorSetIdProto {
            domain: Some(String::new()),
            version: Some(17),
        }],
        graph: Some(GraphProto {
            name: Some("mlp".into()),
            node: node_list,
            initializer: vec![
                weight("w", &[K as i64, M as i64], &w_values()),
                weight("b", &[M as i64], &b_values()),
            ],
            input: vec![vi("x", &[batch, K as i64])],
            output: vec![vi("y", &[batch, M as i64])],
            ..Default::default()
        }),
        ..Default::default()
    }
    .encode_to_vec()
}

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn xrun(args: &[&str]) -> Run {
    let o = Command::new(XRUN).args(args).output().expect("xrun starts");
    Run {
        code: o.status.code(),
        stdout: String::from_utf8_lossy(&o.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&o.stderr).into_owned(),
    }
}

fn ok(r: &Run) -> &str {
    assert_eq!(r.code, Some(0), "xrun failed:\n{}", r.stderr);
    &r.stdout
}

/// An error: exit status 1, no panic, the first stderr line containing `want`.
fn fails(r: &Run, want: &str) {
    assert_eq!(r.code, Some(1), "stdout {}\nstderr {}", r.stdout, r.stderr);
    assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
    let first = r.stderr.lines().next().unwrap_or("");
    assert!(first.contains(want), "expected '{want}' in: {}", r.stderr);
}

/// The input of 2 rows, as xrun's text.
fn input() -> (String, Vec<f32>) {
    let x: Vec<f32> = (0..2 * K).map(|i| (i as f32 - 9.0) * 0.25).collect();
    let text: Vec<String> = x.iter().map(|v| v.to_string()).collect();
    (format!("--input=2x{K}xf32={}", text.join(" ")), x)
}

/// `relu(x @ W + b)` computed here, printed as xrun prints f32 results.
fn expected(x: &[f32]) -> Vec<f32> {
    let (w, b) = (w_values(), b_values());
    let mut y = vec![0f32; 2 * M];
    for r in 0..2 {
        for j in 0..M {
            let mut s = 0f32;
            for k in 0..K {
                s += x[r * K + k] * w[k * M + j];
            }
            y[r * M + j] = (s + b[j]).max(0.0);
        }
    }
    y
}

fn values(stdout: &str) -> Vec<f32> {
    let line = stdout
        .lines()
        .find_map(|l| l.split_once("xf32=").map(|(_, v)| v))
        .unwrap_or_else(|| panic!("no result in {stdout}"));
    line.replace(['[', ']'], " ")
        .split_whitespace()
        .map(|v| v.parse().unwrap())
        .collect()
}

#[test]
fn an_onnx_model_runs_as_its_imported_text_does() {
    let bytes = mlp(2, vec![]);
    let model = scratch("mlp.onnx", &bytes);
    let text = xir_onnx::import(&bytes, &Default::default()).unwrap();
    let mlir = scratch("mlp.mlir", text.as_bytes());
    let (inp, x) = input();
    let from_onnx = xrun(&[model.to_str().unwrap(), &inp]);
    let from_text = xrun(&[mlir.to_str().unwrap(), &inp]);
    assert_eq!(ok(&from_onnx), ok(&from_text));
    assert!(ok(&from_onnx).starts_with("EXEC @main\nresult[0]: hal.buffer_view\n2x8xf32="));
    let got = values(ok(&from_onnx));
    let want = expected(&x);
    assert_eq!(got.len(), want.len());
    for (g, w) in got.iter().zip(&want) {
        assert!(
            (g - w).abs() <= 1e-4 * w.abs().max(1.0),
            "{got:?} vs {want:?}"
        );
    }
    // --repeat's timing lines (the benchmark reads them) and the other devices.
    let timed = xrun(&[model.to_str().unwrap(), &inp, "--repeat=1"]);
    ok(&timed);
    assert!(timed.stderr.contains("xrun: compile "), "{}", timed.stderr);
    assert!(
        timed.stderr.contains("xrun: first call "),
        "{}",
        timed.stderr
    );
    let reference = xrun(&[model.to_str().unwrap(), &inp, "--device=reference"]);
    assert_eq!(values(ok(&reference)), got);
}

#[test]
fn import_flags_apply_to_an_onnx_model() {
    let dynamic = scratch("mlp_dyn.onnx", &mlp(-1, vec![]));
    let dynamic = dynamic.to_str().unwrap();
    let (inp, x) = input();
    let want = values(ok(&xrun(&[dynamic, &inp])));
    assert_eq!(want.len(), expected(&x).len());
    // --dim specializes the batch: 2 runs, 3 is refused at the call.
    assert_eq!(values(ok(&xrun(&[dynamic, &inp, "--dim=N=2"]))), want);
    fails(
        &xrun(&[dynamic, &inp, "--dim=N=3"]),
        "input 0: expected tensor<3x16xf32>, got 2x16xf32",
    );
    fails(&xrun(&[dynamic, &inp, "--dim=M=3"]), "--dim names 'M'");
    fails(
        &xrun(&[dynamic, &inp, "--dim=N"]),
        "--dim 'N' is not NAME=SIZE",
    );
    // --params-as-args: W and b become inputs.
    let w: Vec<String> = w_values().iter().map(|v| v.to_string()).collect();
    let b: Vec<String> = b_values().iter().map(|v| v.to_string()).collect();
    let wi = format!("--input={K}x{M}xf32={}", w.join(" "));
    let bi = format!("--input={M}xf32={}", b.join(" "));
    let args = xrun(&[dynamic, &inp, &wi, &bi, "--params-as-args"]);
    assert_eq!(values(ok(&args)), want);
    // --bind takes the input as a constant: nothing left to pass.
    let x_text: Vec<String> = x.iter().map(|v| v.to_string()).collect();
    let fixed = scratch("mlp_fixed.onnx", &mlp(2, vec![]));
    let bind = format!("--bind=x={}", x_text.join(","));
    let r = xrun(&[fixed.to_str().unwrap(), &bind]);
    fails(&r, "--bind gives 32 values to input 'x'");
    // --place pins a node's results to a device the program names.
    let placed = xrun(&[
        fixed.to_str().unwrap(),
        &inp,
        "--place=relu=@cpu",
        "--target-device=cpu=local",
    ]);
    assert_eq!(values(ok(&placed)), want);
    fails(
        &xrun(&[fixed.to_str().unwrap(), &inp, "--place=nothing*=@cpu"]),
        "matches no node",
    );
    // The ONNX flags on xir text are an error.
    let mlir = scratch(
        "mlp_dyn.mlir",
        xir_onnx::import(&mlp(-1, vec![]), &Default::default())
            .unwrap()
            .as_bytes(),
    );
    fails(
        &xrun(&[mlir.to_str().unwrap(), &inp, "--dim=N=2"]),
        "xrun: --dim applies to an ONNX model",
    );
}

#[test]
fn malformed_models_fail_cleanly() {
    let (inp, _) = input();
    let garbage: Vec<u8> = (0..4000u32)
        .map(|i| (i.wrapping_mul(2654435761) >> 11) as u8)
        .collect();
    let bad = scratch("garbage.onnx", &garbage);
    fails(&xrun(&[bad.to_str().unwrap(), &inp]), "not an ONNX model");
    let empty = scratch("empty.onnx", b"");
    fails(
        &xrun(&[empty.to_str().unwrap(), &inp]),
        "IR version 0 is not supported",
    );
    let text = scratch("text.onnx", b"func.func @f() { return }\n");
    fails(&xrun(&[text.to_str().unwrap()]), "xrun: error: ");
    // Cut short: the weights' bytes end early.
    let full = mlp(2, vec![]);
    for cut in [10, full.len() / 2, full.len() - 3] {
        let p = scratch("cut.onnx", &full[..cut]);
        let r = xrun(&[p.to_str().unwrap(), &inp]);
        fails(&r, "xrun: error: ");
    }
    let unsupported = scratch(
        "unsupported.onnx",
        &mlp(2, vec![node("NoSuchOp", "weird", &["y"], &["z"])]),
    );
    fails(
        &xrun(&[unsupported.to_str().unwrap(), &inp]),
        "node 'weird' (NoSuchOp, opset 17): op is not supported",
    );
    let missing = Path::new(env!("CARGO_TARGET_TMPDIR")).join("xrun-onnx/missing.onnx");
    fails(
        &xrun(&[missing.to_str().unwrap(), &inp]),
        "xrun: cannot open input file",
    );
    // A folder named like a model.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("xrun-onnx/dir.onnx");
    std::fs::create_dir_all(&dir).unwrap();
    fails(&xrun(&[dir.to_str().unwrap(), &inp]), "xrun: cannot read");
}
