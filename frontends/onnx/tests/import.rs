//! The importer on small models built here with the protobuf types: the text
//! it writes, its options, and its errors for what it cannot import.

mod common;

use common::{f32_tensor, i64_tensor, int_attr, model, node, vi};
use xir_onnx::onnx::{AttributeProto, TensorProto, ValueInfoProto};
use xir_onnx::{import, Options, Placement};

fn i64_init(name: &str, v: &[i64]) -> TensorProto {
    i64_tensor(name, &[v.len() as i64], v)
}

/// `y = x + b` with `b` an initializer broadcast along the rows.
fn add_bias() -> Vec<u8> {
    model(
        17,
        vec![node("Add", "add0", &["x", "b"], &["y"], vec![])],
        vec![vi("x", 1, &[2, 3])],
        vec![vi("y", 1, &[2, 3])],
        vec![f32_tensor("b", &[3], &[1.0, 2.0, 3.0])],
    )
}

#[test]
fn broadcast_constants_and_locations() {
    let text = import(&add_bias(), &Options::default()).unwrap();
    for want in [
        "func.func @main(%arg0: tensor<2x3xf32> loc(\"x\")) -> tensor<2x3xf32>",
        "graph.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf32>",
        "graph.broadcast %0 dimensions = [1] : tensor<3xf32> -> tensor<2x3xf32>",
        "graph.add %arg0, %1 : tensor<2x3xf32>",
        "loc(\"add0\")",
        "loc(\"b\")",
    ] {
        assert!(text.contains(want), "missing {want:?} in\n{text}");
    }
}

#[test]
fn params_as_args() {
    let opts = Options {
        params_as_args: true,
        ..Default::default()
    };
    let text = import(&add_bias(), &opts).unwrap();
    assert!(
        text.contains(
            "func.func @main(%arg0: tensor<2x3xf32> loc(\"x\"), %arg1: tensor<3xf32> loc(\"b\"))"
        ),
        "{text}"
    );
    assert!(!text.contains("graph.constant"), "{text}");
}

#[test]
fn place_pins_matching_nodes() {
    let m = model(
        17,
        vec![
            node("Relu", "layer1/relu", &["x"], &["h"], vec![]),
            node("Exp", "layer2/exp", &["h"], &["y"], vec![]),
        ],
        vec![vi("x", 1, &[4])],
        vec![vi("y", 1, &[4])],
        vec![],
    );
    let opts = Options {
        place: vec![Placement::parse("layer1/*=@gpu").unwrap()],
        ..Default::default()
    };
    let text = import(&m, &opts).unwrap();
    assert!(
        text.contains("graph.on_device %0 on #device.promise<@gpu> : tensor<4xf32>"),
        "{text}"
    );
    assert!(text.contains("graph.exp %1"), "{text}");
    let none = Options {
        place: vec![Placement::parse("nothing*=@gpu").unwrap()],
        ..Default::default()
    };
    let e = import(&m, &none).unwrap_err();
    assert!(
        e.contains("--place pattern 'nothing*' matches no node"),
        "{e}"
    );
    assert!(Placement::parse("layer1").is_err());
    assert!(Placement::parse("a=@").is_err());
}

#[test]
fn glob_matching() {
    use xir_onnx::glob;
    assert!(glob("*", ""));
    assert!(glob("a*c", "abbbc"));
    assert!(glob("a?c", "abc"));
    assert!(!glob("a?c", "ac"));
    assert!(glob("*/mlp/*", "block0/mlp/fc1"));
    assert!(!glob("*/mlp/*", "block0/attn/fc1"));
    assert!(glob("**x", "yyx"));
}

#[test]
fn shape_operands_fold_from_constants() {
    let m = model(
        17,
        vec![node("Reshape", "r", &["x", "shape"], &["y"], vec![])],
        vec![vi("x", 1, &[2, 3, 4])],
        vec![vi("y", 1, &[2, 12])],
        vec![i64_init("shape", &[0, -1])],
    );
    let text = import(&m, &Options::default()).unwrap();
    assert!(
        text.contains("graph.reshape %arg0 : tensor<2x3x4xf32> -> tensor<2x12xf32>"),
        "{text}"
    );
    // The shape as a graph input is rejected, naming the node and the input.
    let dynamic = model(
        17,
        vec![node("Reshape", "r", &["x", "shape"], &["y"], vec![])],
        vec![vi("x", 1, &[2, 3, 4]), vi("shape", 7, &[2])],
        vec![vi("y", 1, &[6, 4])],
        vec![],
    );
    let e = import(&dynamic, &Options::default()).unwrap_err();
    assert!(
        e.starts_with("node 'r' (Reshape, opset 17): input 'shape' (shape) must be a constant"),
        "{e}"
    );
}

#[test]
fn matmul_shapes() {
    // [2, 3, 4] x [4] -> [2, 3]; [4] x [2, 4, 5] -> [2, 5]; [3, 4] x [2, 4, 5] -> [2, 3, 5].
    for (a, b, y) in [
        (vec![2, 3, 4], vec![4], vec![2, 3]),
        (vec![4], vec![2, 4, 5], vec![2, 5]),
        (vec![3, 4], vec![2, 4, 5], vec![2, 3, 5]),
        (vec![2, 3, 4], vec![4, 5], vec![2, 3, 5]),
        (vec![4], vec![4], vec![]),
    ] {
        let m = model(
            17,
            vec![node("MatMul", "mm", &["a", "b"], &["y"], vec![])],
            vec![vi("a", 1, &a), vi("b", 1, &b)],
            vec![vi("y", 1, &y)],
            vec![],
        );
        let text = import(&m, &Options::default()).unwrap_or_else(|e| panic!("{a:?} x {b:?}: {e}"));
        assert!(text.contains("graph.matmul"), "{text}");
    }
    let bad = model(
        17,
        vec![node("MatMul", "mm", &["a", "b"], &["y"], vec![])],
        vec![vi("a", 1, &[2, 3]), vi("b", 1, &[4, 5])],
        vec![vi("y", 1, &[2, 5])],
        vec![],
    );
    let e = import(&bad, &Options::default()).unwrap_err();
    assert!(
        e.contains("node 'mm' (MatMul, opset 17): inner dimensions differ"),
        "{e}"
    );
}

#[test]
fn errors_name_the_node_op_and_opset() {
    let unknown = model(
        17,
        vec![node("Frobnicate", "f0", &["x"], &["y"], vec![])],
        vec![vi("x", 1, &[4])],
        vec![vi("y", 1, &[4])],
        vec![],
    );
    assert_eq!(
        import(&unknown, &Options::default()).unwrap_err(),
        "node 'f0' (Frobnicate, opset 17): op is not supported"
    );
    let attr = model(
        17,
        vec![node(
            "Relu",
            "r0",
            &["x"],
            &["y"],
            vec![int_attr("mystery", 1)],
        )],
        vec![vi("x", 1, &[4])],
        vec![vi("y", 1, &[4])],
        vec![],
    );
    assert_eq!(
        import(&attr, &Options::default()).unwrap_err(),
        "node 'r0' (Relu, opset 17): attribute 'mystery' is not supported"
    );
    let int_exp = model(
        17,
        vec![node("Exp", "", &["x"], &["y"], vec![])],
        vec![vi("x", 6, &[4])],
        vec![vi("y", 6, &[4])],
        vec![],
    );
    // A node without a name is named by its first output.
    assert!(import(&int_exp, &Options::default())
        .unwrap_err()
        .starts_with("node 'y' (Exp, opset 17): element type i32 is not supported"));
    let old = model(
        12,
        vec![node("Relu", "r0", &["x"], &["y"], vec![])],
        vec![vi("x", 1, &[4])],
        vec![vi("y", 1, &[4])],
        vec![],
    );
    assert_eq!(
        import(&old, &Options::default()).unwrap_err(),
        "opset 12 is not supported (xir imports opsets 13 to 28)"
    );
    let u8 = model(
        17,
        vec![node("Relu", "r0", &["x"], &["y"], vec![])],
        vec![vi("x", 2, &[4])],
        vec![vi("y", 2, &[4])],
        vec![],
    );
    assert!(import(&u8, &Options::default())
        .unwrap_err()
        .starts_with("input 'x': element type uint8 is not supported"));
    let wrong_out = model(
        17,
        vec![node("Relu", "r0", &["x"], &["y"], vec![])],
        vec![vi("x", 1, &[4])],
        vec![vi("y", 1, &[5])],
        vec![],
    );
    assert_eq!(
        import(&wrong_out, &Options::default()).unwrap_err(),
        "output 'y' is declared tensor<5xf32> but computes tensor<4xf32>"
    );
    assert!(import(b"\x08\x96\x01garbage", &Options::default())
        .unwrap_err()
        .starts_with("not an ONNX model"));
}

#[test]
fn constants_of_every_type() {
    // float16, int8, bool initializers and a 0-d and an empty tensor survive exactly.
    let inits = vec![
        TensorProto {
            name: Some("h".into()),
            dims: vec![2],
            data_type: Some(10),
            int32_data: vec![0x3C00, 0xC000], // 1.0, -2.0
            ..Default::default()
        },
        TensorProto {
            name: Some("e".into()),
            dims: vec![0, 3],
            data_type: Some(1),
            ..Default::default()
        },
        TensorProto {
            name: Some("s".into()),
            dims: vec![],
            data_type: Some(6),
            int32_data: vec![-7],
            ..Default::default()
        },
    ];
    let m = model(
        17,
        vec![
            node("Identity", "i0", &["h"], &["h2"], vec![]),
            node("Identity", "i1", &["e"], &["e2"], vec![]),
            node("Identity", "i2", &["s"], &["s2"], vec![]),
        ],
        vec![],
        vec![vi("h2", 10, &[2]), vi("e2", 1, &[0, 3]), vi("s2", 6, &[])],
        inits,
    );
    let text = import(&m, &Options::default()).unwrap();
    for want in [
        "dense<[1.000000e+00, -2.000000e+00]> : tensor<2xf16>",
        "dense<> : tensor<0x3xf32>",
        "dense<-7> : tensor<i32>",
    ] {
        assert!(text.contains(want), "missing {want:?} in\n{text}");
    }
}

#[test]
fn shape_arithmetic_folds() {
    // y = Reshape(x, Concat(Unsqueeze(Gather(Shape(x), 0)), [-1])): x [2, 3, 4] -> [2, 12].
    let m = model(
        17,
        vec![
            node("Shape", "shape", &["x"], &["s"], vec![]),
            node("Gather", "first", &["s", "zero"], &["d0"], vec![]),
            node("Unsqueeze", "unsq", &["d0", "axes0"], &["d0v"], vec![]),
            node(
                "Concat",
                "cat",
                &["d0v", "minus1"],
                &["target"],
                vec![int_attr("axis", 0)],
            ),
            node("Reshape", "r", &["x", "target"], &["y"], vec![]),
        ],
        vec![vi("x", 1, &[2, 3, 4])],
        vec![vi("y", 1, &[2, 12])],
        vec![
            TensorProto {
                name: Some("zero".into()),
                dims: vec![],
                data_type: Some(7),
                int64_data: vec![0],
                ..Default::default()
            },
            i64_init("axes0", &[0]),
            i64_init("minus1", &[-1]),
        ],
    );
    let text = import(&m, &Options::default()).unwrap();
    assert!(
        text.contains("graph.reshape %arg0 : tensor<2x3x4xf32> -> tensor<2x12xf32>"),
        "{text}"
    );
    // Nothing of the shape computation is left in the program.
    assert!(
        !text.contains("graph.constant") && !text.contains("graph.concat"),
        "{text}"
    );
}

#[test]
fn bind_specializes_shape_inputs() {
    let m = model(
        17,
        vec![node("Reshape", "r", &["x", "shape"], &["y"], vec![])],
        vec![vi("x", 1, &[2, 3, 4]), vi("shape", 7, &[2])],
        vec![vi("y", 1, &[-1, -1])],
        vec![],
    );
    let bind = |s: &str| Options {
        bind: vec![xir_onnx::Binding::parse(s).unwrap()],
        ..Default::default()
    };
    let text = import(&m, &bind("shape=4,6")).unwrap();
    // The bound input is no argument.
    assert!(
        text.contains("func.func @main(%arg0: tensor<2x3x4xf32> loc(\"x\")) -> tensor<4x6xf32>"),
        "{text}"
    );
    assert_eq!(
        import(&m, &bind("shape=4,6,1")).unwrap_err(),
        "--bind gives 3 values to input 'shape' of type tensor<2xi64>; it binds integer and float scalars and vectors"
    );
    assert_eq!(
        import(&m, &bind("nope=1")).unwrap_err(),
        "--bind names 'nope', which is not a graph input"
    );
    assert!(import(&m, &bind("x=1"))
        .unwrap_err()
        .contains("it binds integer and float scalars and vectors"));
    assert!(xir_onnx::Binding::parse("shape=4,x").is_err());
    assert!(xir_onnx::Binding::parse("=4").is_err());
}

#[test]
fn composites_and_their_errors() {
    let act = |op: &str, attrs: Vec<AttributeProto>| {
        model(
            17,
            vec![node(op, "a", &["x"], &["y"], attrs)],
            vec![vi("x", 1, &[2, 3])],
            vec![vi("y", 1, &[2, 3])],
            vec![],
        )
    };
    let text = import(&act("LeakyRelu", vec![]), &Options::default()).unwrap();
    assert!(
        text.contains("graph.compare lt") && text.contains("graph.select"),
        "{text}"
    );
    let text = import(&act("HardSwish", vec![]), &Options::default()).unwrap();
    assert!(
        text.contains("graph.min") && text.contains("graph.max"),
        "{text}"
    );
    let e = import(&act("Elu", vec![int_attr("alpha", 1)]), &Options::default()).unwrap_err();
    assert!(
        e.starts_with("node 'a' (Elu, opset 17): attribute 'alpha' is INT, expected FLOAT"),
        "{e}"
    );
    // Split into 3 of a dimension 4 without sizes.
    let split = model(
        17,
        vec![node(
            "Split",
            "s",
            &["x"],
            &["a", "b", "c"],
            vec![int_attr("axis", 1)],
        )],
        vec![vi("x", 1, &[2, 4])],
        vec![
            vi("a", 1, &[2, 1]),
            vi("b", 1, &[2, 1]),
            vi("c", 1, &[2, 1]),
        ],
        vec![],
    );
    assert_eq!(
        import(&split, &Options::default()).unwrap_err(),
        "node 's' (Split, opset 17): dimension 4 does not split into 3 equal parts"
    );
}

#[test]
fn gather_at_run_time_and_constant_indices() {
    let gather = |inits: Vec<TensorProto>, inputs: Vec<ValueInfoProto>| {
        model(
            17,
            vec![node("Gather", "embed", &["table", "ids"], &["y"], vec![])],
            inputs,
            vec![vi("y", 1, &[3, 4])],
            inits,
        )
    };
    let table = f32_tensor("table", &[10, 4], &[0.5; 40]);
    let text = import(
        &gather(vec![table.clone()], vec![vi("ids", 7, &[3])]),
        &Options::default(),
    )
    .unwrap();
    assert!(
        text.contains("graph.gather %0[%arg0] axis = 0 : (tensor<10x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>"),
        "{text}"
    );
    let e = import(
        &gather(vec![table, i64_init("ids", &[1, 10, 2])], vec![]),
        &Options::default(),
    )
    .unwrap_err();
    assert_eq!(
        e,
        "node 'embed' (Gather, opset 17): index 10 is out of range for a dimension of size 10"
    );
}

#[test]
fn slice_backwards_is_a_gather() {
    // x[4:0:-2] along axis 1 of [2, 6]: columns 4 and 2.
    let m = model(
        17,
        vec![node(
            "Slice",
            "s",
            &["x", "st", "en", "ax", "stp"],
            &["y"],
            vec![],
        )],
        vec![vi("x", 1, &[2, 6])],
        vec![vi("y", 1, &[2, 2])],
        vec![
            i64_init("st", &[4]),
            i64_init("en", &[0]),
            i64_init("ax", &[1]),
            i64_init("stp", &[-2]),
        ],
    );
    let text = import(&m, &Options::default()).unwrap();
    assert!(text.contains("dense<[4, 2]> : tensor<2xi64>"), "{text}");
    assert!(
        text.contains(
            "graph.gather %arg0[%0] axis = 1 : (tensor<2x6xf32>, tensor<2xi64>) -> tensor<2x2xf32>"
        ),
        "{text}"
    );
}

#[test]
fn every_claimed_op_has_a_converter() {
    // A bare one-node model per claimed op: it may fail for want of inputs or
    // attributes, but never as an op the importer does not know.
    for op in xir_onnx::supported() {
        let m = model(
            17,
            vec![node(op, "n", &["x"], &["y"], vec![])],
            vec![vi("x", 1, &[2, 3])],
            vec![vi("y", 1, &[2, 3])],
            vec![],
        );
        if let Err(e) = import(&m, &Options::default()) {
            assert!(!e.contains("op is not supported"), "{op}: {e}");
        }
    }
    let unknown = model(
        17,
        vec![node("ConvInteger", "n", &["x"], &["y"], vec![])],
        vec![vi("x", 1, &[2, 3])],
        vec![vi("y", 1, &[2, 3])],
        vec![],
    );
    assert!(import(&unknown, &Options::default())
        .unwrap_err()
        .contains("op is not supported"));
}

/// ONNX graphs are SSA: a name defined twice, or a node redefining a graph
/// input, is refused naming both nodes (the later one used to win silently).
#[test]
fn a_name_is_defined_once() {
    let twice = model(
        17,
        vec![
            node("Relu", "first", &["x"], &["y"], vec![]),
            node("Neg", "second", &["x"], &["y"], vec![]),
        ],
        vec![vi("x", 1, &[4])],
        vec![vi("y", 1, &[4])],
        vec![],
    );
    assert_eq!(
        import(&twice, &Options::default()).unwrap_err(),
        "node 'second' (Neg, opset 17): defines 'y', which node 'first' (Relu) already defines (an ONNX graph defines each name once)"
    );
    let input = model(
        17,
        vec![node("Relu", "r", &["x"], &["x"], vec![])],
        vec![vi("x", 1, &[4])],
        vec![vi("x", 1, &[4])],
        vec![],
    );
    assert_eq!(
        import(&input, &Options::default()).unwrap_err(),
        "node 'r' (Relu, opset 17): defines 'x', which is a graph input (an ONNX graph defines each name once)"
    );
}

/// A model using several ops the importer lacks gets one error listing each
/// such op, its node count and its first node (name and index), in order of
/// first use; a node of another domain is listed with its domain.
#[test]
fn every_unsupported_op_is_listed_at_once() {
    let mut foreign = node("FusedGemm", "fg", &["h"], &["h2"], vec![]);
    foreign.domain = Some("com.microsoft".into());
    let m = model(
        17,
        vec![
            node("Relu", "ok", &["x"], &["a"], vec![]),
            node("Foo", "/a/Foo", &["a"], &["b"], vec![]),
            node("Bar", "/b/Bar", &["b"], &["c"], vec![]),
            node("Foo", "/c/Foo", &["c"], &["h"], vec![]),
            foreign,
            node("Foo", "", &["h2"], &["y"], vec![]),
        ],
        vec![vi("x", 1, &[4])],
        vec![vi("y", 1, &[4])],
        vec![],
    );
    assert_eq!(
        import(&m, &Options::default()).unwrap_err(),
        "3 unsupported ops (5 nodes, opset 17): Foo (3 nodes, first '/a/Foo' #1), Bar (1 node, '/b/Bar' #2), com.microsoft.FusedGemm (1 node, 'fg' #4)"
    );
    // One op, several nodes.
    let m = model(
        17,
        vec![
            node("Foo", "f0", &["x"], &["a"], vec![]),
            node("Foo", "f1", &["a"], &["y"], vec![]),
        ],
        vec![vi("x", 1, &[4])],
        vec![vi("y", 1, &[4])],
        vec![],
    );
    assert_eq!(
        import(&m, &Options::default()).unwrap_err(),
        "1 unsupported op (2 nodes, opset 17): Foo (2 nodes, first 'f0' #0)"
    );
    // The ops are listed before any other error (here a bad attribute).
    let m = model(
        17,
        vec![
            node("Relu", "r0", &["x"], &["a"], vec![int_attr("mystery", 1)]),
            node("Foo", "f0", &["a"], &["b"], vec![]),
            node("Bar", "b0", &["b"], &["y"], vec![]),
        ],
        vec![vi("x", 1, &[4])],
        vec![vi("y", 1, &[4])],
        vec![],
    );
    assert_eq!(
        import(&m, &Options::default()).unwrap_err(),
        "2 unsupported ops (2 nodes, opset 17): Foo (1 node, 'f0' #1), Bar (1 node, 'b0' #2)"
    );
    // A lone node of another domain keeps its own error.
    let mut one = node("FusedGemm", "fg", &["x"], &["y"], vec![]);
    one.domain = Some("com.microsoft".into());
    let m = model(
        17,
        vec![one],
        vec![vi("x", 1, &[4])],
        vec![vi("y", 1, &[4])],
        vec![],
    );
    assert_eq!(
        import(&m, &Options::default()).unwrap_err(),
        "node 'fg' (FusedGemm, opset 17): domain 'com.microsoft' is not supported (xir imports the default ONNX domain)"
    );
}

/// Sin and Cos (LLaMA's rotary embeddings) become `graph.sin` / `graph.cos`;
/// integer inputs are an error naming the node.
#[test]
fn sin_and_cos() {
    let m = model(
        17,
        vec![
            node("Sin", "s0", &["x"], &["s"], vec![]),
            node("Cos", "c0", &["s"], &["y"], vec![]),
        ],
        vec![vi("x", 1, &[2, 3])],
        vec![vi("y", 1, &[2, 3])],
        vec![],
    );
    let text = import(&m, &Options::default()).unwrap();
    for want in [
        "graph.sin %arg0 : tensor<2x3xf32>",
        "graph.cos %0 : tensor<2x3xf32>",
        "loc(\"s0\")",
        "loc(\"c0\")",
    ] {
        assert!(text.contains(want), "missing {want:?} in\n{text}");
    }
    let ints = model(
        17,
        vec![node("Cos", "c1", &["x"], &["y"], vec![])],
        vec![vi("x", 6, &[4])],
        vec![vi("y", 6, &[4])],
        vec![],
    );
    assert!(import(&ints, &Options::default())
        .unwrap_err()
        .starts_with("node 'c1' (Cos, opset 17): element type i32 is not supported"));
}

#[test]
fn dim_gives_symbolic_dimensions_a_size() {
    // `N` is the inputs' and outputs' dim_param (a negative size in `vi`).
    let m = model(
        17,
        vec![node("Relu", "r", &["x"], &["y"], vec![])],
        vec![vi("x", 1, &[-1, 3])],
        vec![vi("y", 1, &[-1, 3])],
        vec![],
    );
    let dims = |s: &str| Options {
        dims: vec![xir_onnx::DimBinding::parse(s).unwrap()],
        ..Default::default()
    };
    let text = import(&m, &dims("N=5")).unwrap();
    assert!(
        text.contains("func.func @main(%arg0: tensor<5x3xf32> loc(\"x\")) -> tensor<5x3xf32>"),
        "{text}"
    );
    let dynamic = import(&m, &Options::default()).unwrap();
    assert!(dynamic.contains("tensor<?x3xf32>"), "{dynamic}");
    assert!(import(&m, &dims("N=0"))
        .unwrap()
        .contains("tensor<0x3xf32>"));
    assert_eq!(
        import(&m, &dims("batch=2")).unwrap_err(),
        "--dim names 'batch', which no graph input or output has as a dimension"
    );
    for bad in ["N", "N=-1", "=3", "N=x"] {
        assert_eq!(
            xir_onnx::DimBinding::parse(bad).unwrap_err(),
            format!("--dim '{bad}' is not NAME=SIZE (a size of at least 0)")
        );
    }
}
