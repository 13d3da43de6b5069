//! What the importer's tests share: builders of ONNX protobuf messages, and
//! reading tensors back. Each test file uses some of them.
#![allow(dead_code)]

use prost::Message;
use xir_onnx::onnx::{
    attribute_proto::AttributeType, tensor_shape_proto::dimension, type_proto, AttributeProto,
    GraphProto, ModelProto, NodeProto, OperatorSetIdProto, TensorProto, TensorShapeProto,
    TypeProto, ValueInfoProto,
};
use xir_runtime_hal::{ElementType, HostTensor};

/// ONNX's `TensorProto.DataType` codes the tests use.
pub const F32: i32 = 1;
pub const I32: i32 = 6;
pub const I64: i32 = 7;

/// A tensor value named `name` of element type `elem`; a negative dim is the
/// symbolic dimension `N`.
pub fn vi(name: &str, elem: i32, dims: &[i64]) -> ValueInfoProto {
    ValueInfoProto {
        name: Some(name.into()),
        r#type: Some(TypeProto {
            value: Some(type_proto::Value::TensorType(type_proto::Tensor {
                elem_type: Some(elem),
                shape: Some(TensorShapeProto {
                    dim: dims
                        .iter()
                        .map(|&d| xir_onnx::onnx::tensor_shape_proto::Dimension {
                            value: Some(if d < 0 {
                                dimension::Value::DimParam("N".into())
                            } else {
                                dimension::Value::DimValue(d)
                            }),
                        })
                        .collect(),
                }),
            })),
        }),
    }
}

/// A value of unknown type (the importer infers it).
pub fn untyped(name: &str) -> ValueInfoProto {
    ValueInfoProto {
        name: Some(name.into()),
        ..Default::default()
    }
}

pub fn node(
    op: &str,
    name: &str,
    inputs: &[&str],
    outputs: &[&str],
    attrs: Vec<AttributeProto>,
) -> NodeProto {
    NodeProto {
        op_type: Some(op.into()),
        name: Some(name.into()),
        input: inputs.iter().map(|s| s.to_string()).collect(),
        output: outputs.iter().map(|s| s.to_string()).collect(),
        attribute: attrs,
        domain: None,
    }
}

fn attr(name: &str, ty: AttributeType, a: AttributeProto) -> AttributeProto {
    AttributeProto {
        name: Some(name.into()),
        r#type: Some(ty as i32),
        ..a
    }
}

pub fn int_attr(name: &str, v: i64) -> AttributeProto {
    let a = AttributeProto {
        i: Some(v),
        ..Default::default()
    };
    attr(name, AttributeType::Int, a)
}

pub fn ints_attr(name: &str, v: &[i64]) -> AttributeProto {
    let a = AttributeProto {
        ints: v.to_vec(),
        ..Default::default()
    };
    attr(name, AttributeType::Ints, a)
}

pub fn float_attr(name: &str, v: f32) -> AttributeProto {
    let a = AttributeProto {
        f: Some(v),
        ..Default::default()
    };
    attr(name, AttributeType::Float, a)
}

pub fn str_attr(name: &str, v: &str) -> AttributeProto {
    let a = AttributeProto {
        s: Some(v.as_bytes().to_vec()),
        ..Default::default()
    };
    attr(name, AttributeType::String, a)
}

/// An i64 tensor of shape `dims`.
pub fn i64_tensor(name: &str, dims: &[i64], v: &[i64]) -> TensorProto {
    TensorProto {
        name: Some(name.into()),
        dims: dims.to_vec(),
        data_type: Some(I64),
        int64_data: v.to_vec(),
        ..Default::default()
    }
}

/// An f32 tensor of shape `dims`.
pub fn f32_tensor(name: &str, dims: &[i64], v: &[f32]) -> TensorProto {
    TensorProto {
        name: Some(name.into()),
        dims: dims.to_vec(),
        data_type: Some(F32),
        float_data: v.to_vec(),
        ..Default::default()
    }
}

/// A serialized model of one graph at `opset` of the default domain.
pub fn model(
    opset: i64,
    nodes: Vec<NodeProto>,
    inputs: Vec<ValueInfoProto>,
    outputs: Vec<ValueInfoProto>,
    inits: Vec<TensorProto>,
) -> Vec<u8> {
    ModelProto {
        ir_version: Some(8),
        opset_import: vec![OperatorSetIdProto {
            domain: Some(String::new()),
            version: Some(opset),
        }],
        graph: Some(GraphProto {
            node: nodes,
            name: Some("g".into()),
            initializer: inits,
            input: inputs,
            output: outputs,
            ..Default::default()
        }),
        ..Default::default()
    }
    .encode_to_vec()
}

/// Whether this is CI, where a missing tool is a failure.
pub fn ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

/// Runs `tests/SCRIPT DIR` through `$XIR_PYTHON` (else `python3`), which
/// needs onnx and onnxruntime; false (after a note) where it fails outside
/// CI, a panic under CI=true.
#[allow(dead_code)]
pub fn ort_script(script: &str, dir: &std::path::Path) -> bool {
    let python = std::env::var("XIR_PYTHON").unwrap_or_else(|_| "python3".into());
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(script);
    let res = std::process::Command::new(&python)
        .arg(&script)
        .arg(dir)
        .output();
    if matches!(&res, Ok(o) if o.status.success()) {
        return true;
    }
    let why = match res {
        Ok(o) => String::from_utf8_lossy(&o.stderr).into_owned(),
        Err(e) => e.to_string(),
    };
    assert!(
        !ci(),
        "CI=true but onnx and onnxruntime are not available through {python}: {why}"
    );
    eprintln!("SKIPPED: onnxruntime not available through {python}: {why}");
    false
}

/// An f32 tensor's elements.
pub fn f32s(t: &HostTensor) -> Vec<f32> {
    assert_eq!(t.element, ElementType::F32, "an f32 tensor");
    t.data
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// Element values as f64 (every element type the importer takes).
pub fn values(t: &HostTensor) -> Result<Vec<f64>, String> {
    let d = &t.data;
    Ok(match t.element {
        ElementType::F16 => d
            .chunks_exact(2)
            .map(|c| half::f16::from_le_bytes([c[0], c[1]]).to_f64())
            .collect(),
        ElementType::Int { bits: 16, .. } => d
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]) as f64)
            .collect(),
        ElementType::F32 => d
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes(c.try_into().unwrap()) as f64)
            .collect(),
        ElementType::F64 => d
            .chunks_exact(8)
            .map(|c| f64::from_le_bytes(c.try_into().unwrap()))
            .collect(),
        ElementType::Int { bits: 32, .. } => d
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes(c.try_into().unwrap()) as f64)
            .collect(),
        ElementType::Int { bits: 64, .. } => d
            .chunks_exact(8)
            .map(|c| i64::from_le_bytes(c.try_into().unwrap()) as f64)
            .collect(),
        ElementType::Int { bits: 1, .. } | ElementType::Int { bits: 8, .. } => {
            d.iter().map(|&b| b as i8 as f64).collect()
        }
        e => return Err(format!("element type {e} is not compared")),
    })
}

/// The text `m` imports to (default options); panics with the error.
pub fn ok(m: &[u8]) -> String {
    xir_onnx::import(m, &xir_onnx::Options::default())
        .unwrap_or_else(|e| panic!("import failed: {e}"))
}

/// The error importing `m` gives; panics if it imports.
pub fn err(m: &[u8]) -> String {
    match xir_onnx::import(m, &xir_onnx::Options::default()) {
        Ok(t) => panic!("imported, expected an error:\n{t}"),
        Err(e) => e,
    }
}

/// Asserts `text` contains each of `wants`.
pub fn has(text: &str, wants: &[&str]) {
    for w in wants {
        assert!(text.contains(w), "missing {w:?} in\n{text}");
    }
}
