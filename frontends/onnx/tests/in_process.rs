//! The in-process import (`import_into`: large constants kept as bytes, not
//! hex text) builds the very IR that parsing the generic text does: both
//! printed with locations must be byte for byte the same, for models built
//! here (every element type, raw and typed data, splats, NaN and -0.0,
//! folds that compute on float initializers) and for every ONNX node test
//! that passes (when the cases are exported: `$XIR_ONNX_NODE_TESTS`, else
//! `target/onnx-node-tests`; the node suite exports them).

mod common;

use common::*;
use std::path::PathBuf;
use xir_onnx::onnx::{attribute_proto::AttributeType, AttributeProto, TensorProto};
use xir_onnx::Options;

const F16: i32 = 10;
const F64: i32 = 11;
const I8: i32 = 3;
const BOOL: i32 = 9;

/// The old path: the generic text with every constant written out, parsed,
/// verified and printed.
fn through_text(bytes: &[u8], opts: &Options) -> Result<String, String> {
    let text = xir_onnx::import_generic(bytes, opts)?;
    assert!(!text.contains("dense_resource"), "{text}");
    let mut ctx = xir_compiler::context();
    let mut ir = xir::Ir::new();
    let buf = xir::SourceBuffer::new("imported", text);
    let (top, diags) = xir::verifier::parse_verified(&mut ctx, &mut ir, &buf);
    let top = top.ok_or_else(|| format!("does not verify: {:?}", diags.len()))?;
    Ok(print(&ctx, &ir, top))
}

fn print(ctx: &xir::Context, ir: &xir::Ir, top: xir::Op) -> String {
    xir::printer::print_top_level(
        ctx,
        ir,
        top,
        &xir::printer::PrintOptions {
            debuginfo: true,
            ..Default::default()
        },
    )
}

/// The new path, through `import_into` on a slice and `import_bytes_into`
/// on shared bytes: the two must agree; returns the printed module.
fn in_process(bytes: &[u8], opts: &Options) -> Result<String, String> {
    let mut ctx = xir_compiler::context();
    let mut ir = xir::Ir::new();
    let top = xir_onnx::import_into(bytes, opts, &mut ctx, &mut ir)?;
    let a = print(&ctx, &ir, top);
    // No resource is left in the IR.
    let mut left = 0;
    xir::walk::walk_preorder(&mut ir, top, |ir, op| {
        if let Some(p) = ir.op(op).properties {
            for &(_, v) in ctx.dict_entries(p) {
                if matches!(
                    ctx.attr_kind(v),
                    xir::attributes::AttrKind::DenseResource { .. }
                ) {
                    left += 1;
                }
            }
        }
        xir::walk::WalkResult::Advance
    });
    assert_eq!(left, 0, "dense_resource values left:\n{a}");
    let mut ctx2 = xir_compiler::context();
    let mut ir2 = xir::Ir::new();
    let shared = xir_onnx::Bytes::copy_from_slice(bytes);
    let top2 = xir_onnx::import_bytes_into(shared, opts, &mut ctx2, &mut ir2)?;
    assert_eq!(a, print(&ctx2, &ir2, top2));
    Ok(a)
}

/// Both paths give the same module (or the same error); returns the
/// number of resources the in-process path used.
fn same(bytes: &[u8], opts: &Options) -> usize {
    let old = through_text(bytes, opts);
    let new = in_process(bytes, opts);
    assert_eq!(old, new);
    if let Err(e) = &new {
        panic!("the model does not import: {e}");
    }
    assert_eq!(
        xir_onnx::import(bytes, opts),
        new,
        "import prints the in-process module"
    );
    match xir_onnx::import_generic_resources(bytes, opts) {
        Ok((_, n)) => n,
        Err(_) => 0,
    }
}

fn raw(name: &str, elem: i32, dims: &[i64], data: Vec<u8>) -> TensorProto {
    TensorProto {
        name: Some(name.into()),
        dims: dims.to_vec(),
        data_type: Some(elem),
        raw_data: Some(data.into()),
        ..Default::default()
    }
}

fn f32_raw(name: &str, dims: &[i64], v: &[f32]) -> TensorProto {
    raw(
        name,
        F32,
        dims,
        v.iter().flat_map(|x| x.to_le_bytes()).collect(),
    )
}

fn tensor_attr(name: &str, t: TensorProto) -> AttributeProto {
    AttributeProto {
        name: Some(name.into()),
        r#type: Some(AttributeType::Tensor as i32),
        t: Some(t),
        ..Default::default()
    }
}

/// Values that print in hex and some that do not round-trip through a
/// decimal: NaN, infinities, -0.0, subnormals.
fn awkward(n: usize) -> Vec<f32> {
    (0..n)
        .map(|i| match i % 7 {
            0 => f32::NAN,
            1 => -0.0,
            2 => f32::INFINITY,
            3 => f32::from_bits(1),
            4 => 0.1 * i as f32,
            5 => -1.0e-7 * i as f32,
            _ => i as f32,
        })
        .collect()
}

/// One binary op of an input and an initializer of `elem`.
fn binary_with(op: &str, elem: i32, n: i64, init: TensorProto) -> Vec<u8> {
    model(
        13,
        vec![node(op, "op", &["x", "w"], &["y"], vec![])],
        vec![vi("x", elem, &[n])],
        vec![vi("y", elem, &[n])],
        vec![init],
    )
}

#[test]
fn float_weights_of_every_width() {
    let n = 200;
    let f32s = awkward(n);
    assert!(
        same(
            &binary_with("Add", F32, n as i64, f32_raw("w", &[n as i64], &f32s)),
            &Options::default()
        ) > 0
    );
    // Typed float_data, not raw.
    assert!(
        same(
            &binary_with("Mul", F32, n as i64, f32_tensor("w", &[n as i64], &f32s)),
            &Options::default()
        ) > 0
    );
    let f16: Vec<u8> = (0..n)
        .flat_map(|i| half::f16::from_f32(f32s[i]).to_le_bytes())
        .collect();
    assert!(
        same(
            &binary_with("Add", F16, n as i64, raw("w", F16, &[n as i64], f16)),
            &Options::default()
        ) > 0
    );
    let f16_typed = TensorProto {
        name: Some("w".into()),
        dims: vec![n as i64],
        data_type: Some(F16),
        int32_data: (0..n)
            .map(|i| half::f16::from_f32(i as f32 * 0.5).to_bits() as i32)
            .collect(),
        ..Default::default()
    };
    assert!(
        same(
            &binary_with("Add", F16, n as i64, f16_typed),
            &Options::default()
        ) > 0
    );
    let f64s: Vec<u8> = (0..n)
        .flat_map(|i| (f32s[i] as f64 * 1.000001).to_le_bytes())
        .collect();
    assert!(
        same(
            &binary_with("Sub", F64, n as i64, raw("w", F64, &[n as i64], f64s)),
            &Options::default()
        ) > 0
    );
}

#[test]
fn splats_small_and_integer_constants() {
    // A large splat stays text (one value), as does a small tensor.
    let splat = f32_raw("w", &[300], &[1.5; 300]);
    assert_eq!(
        same(&binary_with("Add", F32, 300, splat), &Options::default()),
        0
    );
    let nan_splat = f32_raw("w", &[300], &[f32::NAN; 300]);
    assert_eq!(
        same(
            &binary_with("Add", F32, 300, nan_splat),
            &Options::default()
        ),
        0
    );
    let small = f32_raw("w", &[64], &awkward(64));
    assert_eq!(
        same(&binary_with("Add", F32, 64, small), &Options::default()),
        0
    );
    let just_over = f32_raw("w", &[65], &awkward(65));
    assert_eq!(
        same(&binary_with("Add", F32, 65, just_over), &Options::default()),
        1
    );
    // Integers (decimal text on the old path), bools and int8.
    let ints: Vec<i64> = (0..150).map(|i| i * 7919 - 500_000).collect();
    assert!(
        same(
            &binary_with("Add", I64, 150, i64_tensor("w", &[150], &ints)),
            &Options::default()
        ) > 0
    );
    let bools = raw(
        "w",
        BOOL,
        &[100],
        (0..100).map(|i| (i % 3 == 0) as u8).collect(),
    );
    assert!(same(&binary_with("And", BOOL, 100, bools), &Options::default()) > 0);
    let i8s = raw("w", I8, &[100], (0..100).map(|i| (i * 37) as u8).collect());
    assert!(same(&binary_with("Add", I8, 100, i8s), &Options::default()) > 0);
    // An empty tensor.
    let empty = f32_raw("w", &[0], &[]);
    same(&binary_with("Add", F32, 0, empty), &Options::default());
}

#[test]
fn a_small_cnn_with_folds_on_float_initializers() {
    // Conv, then BatchNormalization with known statistics (folded at import
    // time in f64 from the raw f32 initializers), Resize with raw scales,
    // a Constant node and ConstantOfShape with raw values, GatherElements
    // of known float data (folded on the raw bytes).
    let w: Vec<f32> = (0..8 * 3 * 3 * 3)
        .map(|i| (i as f32 * 0.37).sin())
        .collect();
    let stats = |k: f32| {
        f32_raw(
            "",
            &[8],
            &(0..8).map(|c| k + c as f32 * 0.25).collect::<Vec<_>>(),
        )
    };
    let named = |t: TensorProto, name: &str| TensorProto {
        name: Some(name.into()),
        ..t
    };
    let c_value = f32_raw(
        "",
        &[1, 8, 1, 1],
        &(0..8).map(|c| c as f32 - 3.5).collect::<Vec<_>>(),
    );
    let big_const = f32_raw("", &[8, 10], &awkward(80));
    let nodes = vec![
        node(
            "Conv",
            "conv",
            &["x", "w"],
            &["c"],
            vec![ints_attr("pads", &[1, 1, 1, 1])],
        ),
        node(
            "BatchNormalization",
            "bn",
            &["c", "scale", "bias", "mean", "var"],
            &["b"],
            vec![float_attr("epsilon", 1e-5)],
        ),
        node(
            "Constant",
            "k",
            &[],
            &["kv"],
            vec![tensor_attr("value", c_value)],
        ),
        node("Add", "addk", &["b", "kv"], &["a"], vec![]),
        node(
            "Resize",
            "up",
            &["a", "", "scales"],
            &["r"],
            vec![str_attr("mode", "nearest")],
        ),
        node(
            "ConstantOfShape",
            "fill",
            &["shape"],
            &["f"],
            vec![tensor_attr("value", f32_raw("", &[1], &[0.5]))],
        ),
        node("Add", "addf", &["r", "f"], &["y"], vec![]),
        node(
            "Constant",
            "big",
            &[],
            &["bigv"],
            vec![tensor_attr("value", big_const)],
        ),
        node(
            "GatherElements",
            "ge",
            &["gdata", "gidx"],
            &["g"],
            vec![int_attr("axis", 0)],
        ),
        node("Add", "addg", &["g", "bigv"], &["z"], vec![]),
    ];
    let gdata = f32_raw("gdata", &[10, 10], &awkward(100));
    let gidx = i64_tensor(
        "gidx",
        &[8, 10],
        &(0..80).map(|i| (i * 3) % 10).collect::<Vec<_>>(),
    );
    let inits = vec![
        f32_raw("w", &[8, 3, 3, 3], &w),
        named(stats(1.0), "scale"),
        named(stats(0.1), "bias"),
        named(stats(-0.2), "mean"),
        named(stats(0.9), "var"),
        f32_raw("scales", &[4], &[1.0, 1.0, 2.0, 2.0]),
        i64_tensor("shape", &[4], &[1, 8, 12, 12]),
        gdata,
        gidx,
    ];
    let m = model(
        13,
        nodes,
        vec![vi("x", F32, &[1, 3, 6, 6])],
        vec![vi("y", F32, &[1, 8, 12, 12]), vi("z", F32, &[8, 10])],
        inits,
    );
    let n = same(&m, &Options::default());
    assert!(
        n >= 3,
        "the filter, the big Constant and the gathered data: {n}"
    );
    let (text, _) = xir_onnx::import_generic_resources(&m, &Options::default()).unwrap();
    assert!(text.contains("dense_resource<__onnx_0>"), "{text}");
    assert!(
        !text.contains("\"0x"),
        "no hex in the in-process text:\n{text}"
    );
    // Initializers as arguments: no resources at all.
    let args = Options {
        params_as_args: true,
        ..Default::default()
    };
    same(&m, &args);
}

#[test]
fn bad_models_are_errors() {
    let garbage: Vec<u8> = (0..1000u32)
        .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
        .collect();
    let mut ctx = xir_compiler::context();
    let mut ir = xir::Ir::new();
    for bytes in [&garbage[..], &[][..], &[0x0a, 0xff][..]] {
        let e = xir_onnx::import_into(bytes, &Options::default(), &mut ctx, &mut ir).unwrap_err();
        assert!(!e.is_empty());
    }
    // raw_data of the wrong size.
    let short = binary_with("Add", F32, 100, raw("w", F32, &[100], vec![0; 399]));
    let e = xir_onnx::import_into(&short, &Options::default(), &mut ctx, &mut ir).unwrap_err();
    assert!(e.contains("raw_data holds 399 bytes"), "{e}");
    let e = xir_onnx::read_model("/nonexistent/model.onnx").unwrap_err();
    assert!(
        e.starts_with("cannot open input file '/nonexistent/model.onnx'"),
        "{e}"
    );
}

#[test]
fn read_model_maps_the_file() {
    let n = 200;
    let m = binary_with("Add", F32, n, f32_raw("w", &[n], &awkward(n as usize)));
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("m.onnx");
    std::fs::write(&p, &m).unwrap();
    let bytes = xir_onnx::read_model(p.to_str().unwrap()).unwrap();
    assert_eq!(&bytes[..], &m[..]);
    assert_eq!(
        xir_onnx::import_bytes(bytes, &Options::default()).unwrap(),
        through_text(&m, &Options::default()).unwrap()
    );
    let empty = dir.path().join("empty.onnx");
    std::fs::write(&empty, b"").unwrap();
    let bytes = xir_onnx::read_model(empty.to_str().unwrap()).unwrap();
    assert!(bytes.is_empty());
}

/// Every passing ONNX node test imports to the same module both ways.
#[test]
fn node_tests_match() {
    let dir = match std::env::var_os("XIR_ONNX_NODE_TESTS") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/onnx-node-tests"),
    };
    if !dir.join("VERSION").exists() {
        eprintln!(
            "note: no ONNX node tests in {} (the node suite exports them): skipped",
            dir.display()
        );
        return;
    }
    let pass = include_str!("node-pass.txt");
    let mut checked = 0;
    for case in pass
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let Ok(bytes) = std::fs::read(dir.join(case).join("model.onnx")) else {
            continue;
        };
        let old = through_text(&bytes, &Options::default());
        let new = in_process(&bytes, &Options::default());
        assert_eq!(old, new, "{case}");
        checked += 1;
    }
    assert!(checked > 500, "only {checked} node tests found");
}
