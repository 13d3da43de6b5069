//! The window ops' importers (Conv, ConvTranspose, MaxPool, AveragePool,
//! Pad, Resize) on small models built here: the ops they write, how
//! auto_pad and output_shape become pads, and their errors.

mod common;

use common::{f32_tensor, float_attr, i64_tensor, int_attr, ints_attr, str_attr, F32};
use xir_onnx::onnx::{AttributeProto, NodeProto, TensorProto, ValueInfoProto};
use xir_onnx::{import, Options};

fn vi(name: &str, dims: &[i64]) -> ValueInfoProto {
    common::vi(name, F32, dims)
}

/// One node named `n`.
fn node(op: &str, inputs: &[&str], outputs: &[&str], attrs: Vec<AttributeProto>) -> NodeProto {
    common::node(op, "n", inputs, outputs, attrs)
}

fn i64_init(name: &str, v: &[i64]) -> TensorProto {
    i64_tensor(name, &[v.len() as i64], v)
}

/// An f32 initializer; one value fills the shape.
fn f32_init(name: &str, dims: &[i64], v: &[f32]) -> TensorProto {
    let n: i64 = dims.iter().product();
    match v {
        [x] => f32_tensor(name, dims, &vec![*x; n as usize]),
        _ => f32_tensor(name, dims, v),
    }
}

/// One node `op` over graph inputs `inputs` (with `inits` as initializers)
/// giving `y`, at `opset`.
struct M {
    opset: i64,
    nodes: Vec<NodeProto>,
    inputs: Vec<ValueInfoProto>,
    outputs: Vec<ValueInfoProto>,
    inits: Vec<TensorProto>,
}

impl M {
    fn new(opset: i64, n: NodeProto, inputs: Vec<ValueInfoProto>, y: &[i64]) -> M {
        M {
            opset,
            nodes: vec![n],
            inputs,
            outputs: vec![vi("y", y)],
            inits: vec![],
        }
    }

    fn init(mut self, t: TensorProto) -> M {
        self.inits.push(t);
        self
    }

    fn bytes(&self) -> Vec<u8> {
        common::model(
            self.opset,
            self.nodes.clone(),
            self.inputs.clone(),
            self.outputs.clone(),
            self.inits.clone(),
        )
    }

    fn text(&self) -> String {
        import(&self.bytes(), &Options::default()).unwrap_or_else(|e| panic!("{e}"))
    }

    fn error(&self) -> String {
        match import(&self.bytes(), &Options::default()) {
            Ok(t) => panic!("imported:\n{t}"),
            Err(e) => e,
        }
    }
}

#[track_caller]
fn has(text: &str, want: &str) {
    assert!(text.contains(want), "missing {want:?} in\n{text}");
}

fn conv_model(attrs: Vec<AttributeProto>, x: &[i64], w: &[i64], y: &[i64]) -> M {
    M::new(
        17,
        node("Conv", &["x", "w"], &["y"], attrs),
        vec![vi("x", x)],
        y,
    )
    .init(f32_init("w", w, &[0.5]))
}

#[test]
fn conv_attributes() {
    // Strides, pads, a bias; the kernel from the filter.
    let m = M::new(
        17,
        node(
            "Conv",
            &["x", "w", "b"],
            &["y"],
            vec![
                ints_attr("pads", &[1, 1, 1, 1]),
                ints_attr("strides", &[2, 2]),
            ],
        ),
        vec![vi("x", &[-1, 3, 8, 8])],
        &[-1, 4, 4, 4],
    )
    .init(f32_init("w", &[4, 3, 3, 3], &[0.5]))
    .init(f32_init("b", &[4], &[1.0]));
    has(
        &m.text(),
        "graph.conv %arg0, %0, %1 strides = [2, 2] dilations = [1, 1] pads = [1, 1, 1, 1] groups = 1 : (tensor<?x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<?x4x4x4xf32>",
    );
    // Depthwise with dilations, 1-d and 3-d.
    let t = conv_model(
        vec![
            int_attr("group", 6),
            ints_attr("dilations", &[2, 2]),
            ints_attr("kernel_shape", &[3, 3]),
        ],
        &[1, 6, 9, 9],
        &[6, 1, 3, 3],
        &[1, 6, 5, 5],
    )
    .text();
    has(&t, "dilations = [2, 2] pads = [0, 0, 0, 0] groups = 6");
    let t = conv_model(vec![], &[1, 2, 10], &[3, 2, 4], &[1, 3, 7]).text();
    has(&t, "-> tensor<1x3x7xf32>");
    let t = conv_model(vec![], &[1, 2, 4, 5, 6], &[3, 2, 2, 2, 2], &[1, 3, 3, 4, 5]).text();
    has(&t, "-> tensor<1x3x3x4x5xf32>");
}

#[test]
fn conv_auto_pad() {
    // 7 wide, kernel 4, stride 2: 4 outputs, total pad (4 - 1) x 2 + 4 - 7 = 3.
    let same = |mode: &str| {
        conv_model(
            vec![str_attr("auto_pad", mode), ints_attr("strides", &[2])],
            &[1, 1, 7],
            &[1, 1, 4],
            &[1, 1, 4],
        )
        .text()
    };
    has(&same("SAME_UPPER"), "pads = [1, 2]");
    has(&same("SAME_LOWER"), "pads = [2, 1]");
    let valid = conv_model(
        vec![str_attr("auto_pad", "VALID"), ints_attr("strides", &[2])],
        &[1, 1, 7],
        &[1, 1, 4],
        &[1, 1, 2],
    )
    .text();
    has(&valid, "pads = [0, 0]");
    // NOTSET with explicit pads, and a SAME that needs no padding.
    let t = conv_model(
        vec![str_attr("auto_pad", "NOTSET"), ints_attr("pads", &[0, 1])],
        &[1, 1, 7],
        &[1, 1, 1],
        &[1, 1, 8],
    )
    .text();
    has(&t, "pads = [0, 1]");
    let t = conv_model(
        vec![
            str_attr("auto_pad", "SAME_UPPER"),
            ints_attr("strides", &[2]),
        ],
        &[1, 1, 7],
        &[1, 1, 1],
        &[1, 1, 4],
    )
    .text();
    has(&t, "pads = [0, 0]");
    // SAME needs static spatial sizes; a dynamic batch is fine.
    let e = conv_model(
        vec![str_attr("auto_pad", "SAME_LOWER")],
        &[1, 1, -1],
        &[1, 1, 3],
        &[1, 1, -1],
    )
    .error();
    assert_eq!(
        e,
        "node 'n' (Conv, opset 17): auto_pad SAME_LOWER needs the size of spatial dim 0, which is dynamic in X (tensor<1x1x?xf32>)"
    );
    let t = conv_model(
        vec![str_attr("auto_pad", "SAME_UPPER")],
        &[-1, 1, 5],
        &[1, 1, 3],
        &[-1, 1, 5],
    )
    .text();
    has(&t, "pads = [1, 1]");
    let e = conv_model(
        vec![
            str_attr("auto_pad", "SAME_UPPER"),
            ints_attr("pads", &[1, 1]),
        ],
        &[1, 1, 5],
        &[1, 1, 3],
        &[1, 1, 5],
    )
    .error();
    assert_eq!(
        e,
        "node 'n' (Conv, opset 17): 'pads' cannot be given with auto_pad SAME_UPPER"
    );
    let e = conv_model(
        vec![str_attr("auto_pad", "SAME")],
        &[1, 1, 5],
        &[1, 1, 3],
        &[1, 1, 5],
    )
    .error();
    assert_eq!(
        e,
        "node 'n' (Conv, opset 17): auto_pad 'SAME' is not one of NOTSET, SAME_UPPER, SAME_LOWER, VALID"
    );
}

#[test]
fn conv_errors() {
    let err = |attrs: Vec<AttributeProto>, x: &[i64], w: &[i64]| {
        let e = conv_model(attrs, x, w, &[1, 1, 1, 1]).error();
        e.strip_prefix("node 'n' (Conv, opset 17): ")
            .unwrap_or_else(|| panic!("{e}"))
            .to_string()
    };
    assert_eq!(
        err(
            vec![ints_attr("pads", &[1, 1])],
            &[1, 3, 8, 8],
            &[4, 3, 3, 3]
        ),
        "'pads' has 2 values, expected 4 (the begins of the spatial dims, then their ends)"
    );
    assert_eq!(
        err(
            vec![ints_attr("pads", &[1, 1, -1, 1])],
            &[1, 3, 8, 8],
            &[4, 3, 3, 3]
        ),
        "'pads' must be at least 0, got -1"
    );
    assert_eq!(
        err(
            vec![ints_attr("strides", &[0, 1])],
            &[1, 3, 8, 8],
            &[4, 3, 3, 3]
        ),
        "'strides' must be at least 1, got 0"
    );
    assert_eq!(
        err(
            vec![ints_attr("dilations", &[1])],
            &[1, 3, 8, 8],
            &[4, 3, 3, 3]
        ),
        "'dilations' has 1 values, expected 2 (one per spatial dim)"
    );
    assert_eq!(
        err(
            vec![ints_attr("kernel_shape", &[3, 2])],
            &[1, 3, 8, 8],
            &[4, 3, 3, 3]
        ),
        "'kernel_shape' [3, 2] disagrees with W's spatial dims (tensor<4x3x3x3xf32>)"
    );
    assert_eq!(
        err(vec![], &[1, 4, 8, 8], &[4, 3, 3, 3]),
        "W (tensor<4x3x3x3xf32>) with group 1 takes 3 input channels, X (tensor<1x4x8x8xf32>) has 4"
    );
    assert_eq!(
        err(vec![int_attr("group", 2)], &[1, 4, 8, 8], &[3, 2, 3, 3]),
        "group 2 does not divide the 3 output channels of W (tensor<3x2x3x3xf32>)"
    );
    assert_eq!(
        err(vec![int_attr("group", 0)], &[1, 4, 8, 8], &[3, 2, 3, 3]),
        "'group' must be at least 1, got 0"
    );
    assert_eq!(
        err(vec![], &[1, 3, 2, 8], &[4, 3, 3, 3]),
        "the window of extent 3 does not fit spatial dim 0 of size 2 padded by 0 and 0"
    );
    assert_eq!(
        err(vec![], &[1, 3], &[4, 3]),
        "input X must be [N, C, D1, ...] with at least one spatial dim, not tensor<1x3xf32>"
    );
    assert_eq!(
        err(vec![], &[1, 3, 8, 8], &[4, 3, 3]),
        "W must be [M, C/group, k1, ...] of X's rank and element type (tensor<1x3x8x8xf32>), not tensor<4x3x3xf32>"
    );
    // A bias of the wrong length, integer data.
    let e = M::new(
        17,
        node("Conv", &["x", "w", "b"], &["y"], vec![]),
        vec![vi("x", &[1, 3, 8, 8])],
        &[1, 4, 6, 6],
    )
    .init(f32_init("w", &[4, 3, 3, 3], &[0.5]))
    .init(f32_init("b", &[3], &[1.0]))
    .error();
    assert_eq!(
        e,
        "node 'n' (Conv, opset 17): B must be one value per output channel (tensor<4xf32>), not tensor<3xf32>"
    );
    let e = M::new(
        17,
        node("Conv", &["x", "w"], &["y"], vec![]),
        vec![
            common::vi("x", 6, &[1, 3, 8, 8]),
            common::vi("w", 6, &[4, 3, 3, 3]),
        ],
        &[1, 4, 6, 6],
    )
    .error();
    assert!(
        e.starts_with("node 'n' (Conv, opset 17): element type i32 is not supported"),
        "{e}"
    );
}

fn conv_t(attrs: Vec<AttributeProto>, x: &[i64], w: &[i64], y: &[i64]) -> M {
    M::new(
        17,
        node("ConvTranspose", &["x", "w"], &["y"], attrs),
        vec![vi("x", x)],
        y,
    )
    .init(f32_init("w", w, &[0.5]))
}

#[test]
fn conv_transpose_pads_and_output_shape() {
    // ONNX's node test convtranspose_pads: 3x3 by 3x3, strides [3, 2], pads [1, 2, 1, 2].
    let t = conv_t(
        vec![
            ints_attr("strides", &[3, 2]),
            ints_attr("pads", &[1, 2, 1, 2]),
        ],
        &[1, 1, 3, 3],
        &[1, 2, 3, 3],
        &[1, 2, 7, 3],
    )
    .text();
    has(&t, "graph.conv_transpose %arg0, %0 strides = [3, 2] dilations = [1, 1] pads = [1, 2, 1, 2] output_padding = [0, 0] groups = 1 : (tensor<1x1x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x7x3xf32>");
    // output_shape [10, 8] is the natural size plus 1 at the end of each dim.
    let t = conv_t(
        vec![
            ints_attr("strides", &[3, 2]),
            ints_attr("output_shape", &[10, 8]),
        ],
        &[1, 1, 3, 3],
        &[1, 2, 3, 3],
        &[1, 2, 10, 8],
    )
    .text();
    has(&t, "pads = [0, 0, 0, 0] output_padding = [1, 1]");
    // output_padding, groups and dilations as they are.
    let t = conv_t(
        vec![
            ints_attr("strides", &[2]),
            ints_attr("output_padding", &[1]),
            int_attr("group", 2),
            ints_attr("dilations", &[2]),
        ],
        &[1, 4, 5],
        &[4, 3, 2],
        &[1, 6, 12],
    )
    .text();
    has(
        &t,
        "strides = [2] dilations = [2] pads = [0, 0] output_padding = [1] groups = 2",
    );
    // SAME_UPPER: output D x stride, the odd pad at the end; SAME_LOWER at the beginning.
    let same = |mode: &str| {
        conv_t(
            vec![str_attr("auto_pad", mode), ints_attr("strides", &[2, 2])],
            &[1, 1, 3, 3],
            &[1, 2, 3, 3],
            &[1, 2, 6, 6],
        )
        .text()
    };
    has(&same("SAME_UPPER"), "pads = [0, 0, 1, 1]");
    has(&same("SAME_LOWER"), "pads = [1, 1, 0, 0]");
    // An output_shape past what output_padding can give: a graph.pad of
    // the result with zeros, then the bias.
    let t = M::new(
        17,
        node(
            "ConvTranspose",
            &["x", "w", "b"],
            &["y"],
            vec![ints_attr("output_shape", &[9])],
        ),
        vec![vi("x", &[1, 1, 3])],
        &[1, 2, 9],
    )
    .init(f32_init("w", &[1, 2, 3], &[0.5]))
    .init(f32_init("b", &[2], &[1.0]))
    .text();
    has(&t, "graph.conv_transpose %arg0, %0 strides = [1] dilations = [1] pads = [0, 0] output_padding = [0] groups = 1 : (tensor<1x1x3xf32>, tensor<1x2x3xf32>) -> tensor<1x2x5xf32>");
    has(&t, "graph.pad %2 pads = [0, 0, 2, 0, 0, 2] mode = constant : (tensor<1x2x5xf32>) -> tensor<1x2x9xf32>");
    has(
        &t,
        "graph.broadcast %1 dimensions = [1] : tensor<2xf32> -> tensor<1x2x9xf32>",
    );
    // Errors: pads that disagree with output_shape, a dynamic size output_shape needs.
    let e = conv_t(
        vec![ints_attr("output_shape", &[6]), ints_attr("pads", &[1, 1])],
        &[1, 1, 3],
        &[1, 2, 3],
        &[1, 2, 6],
    )
    .error();
    assert_eq!(
        e,
        "node 'n' (ConvTranspose, opset 17): 'pads' [1, 1] disagree with the pads [0, -1] that 'output_shape' gives"
    );
    let e = conv_t(
        vec![ints_attr("output_shape", &[6])],
        &[1, 1, -1],
        &[1, 2, 3],
        &[1, 2, 6],
    )
    .error();
    assert_eq!(
        e,
        "node 'n' (ConvTranspose, opset 17): 'output_shape' needs the size of spatial dim 0, which is dynamic in X (tensor<1x1x?xf32>)"
    );
    let e = conv_t(vec![], &[1, 2, 3], &[1, 2, 3], &[1, 2, 5]).error();
    assert_eq!(
        e,
        "node 'n' (ConvTranspose, opset 17): W (tensor<1x2x3xf32>) takes 1 input channels (its dim 0), X (tensor<1x2x3xf32>) has 2"
    );
    let e = conv_t(
        vec![ints_attr("pads", &[3, 3])],
        &[1, 1, 2],
        &[1, 1, 3],
        &[1, 1, 1],
    )
    .error();
    assert_eq!(
        e,
        "node 'n' (ConvTranspose, opset 17): spatial dim 0 of size 2 gives no output (size -2)"
    );
}

fn pool(op: &str, opset: i64, attrs: Vec<AttributeProto>, x: &[i64], y: &[i64]) -> M {
    M::new(opset, node(op, &["x"], &["y"], attrs), vec![vi("x", x)], y)
}

#[test]
fn pools() {
    let t = pool(
        "MaxPool",
        17,
        vec![
            ints_attr("kernel_shape", &[3, 3]),
            ints_attr("strides", &[2, 2]),
            int_attr("ceil_mode", 1),
            int_attr("storage_order", 1),
        ],
        &[-1, 3, 8, 8],
        &[-1, 3, 4, 4],
    )
    .text();
    has(&t, "graph.max_pool %arg0 kernel_shape = [3, 3] strides = [2, 2] dilations = [1, 1] pads = [0, 0, 0, 0] ceil_mode = 1 : tensor<?x3x8x8xf32> -> tensor<?x3x4x4xf32>");
    // The last window would start in the end padding: one fewer.
    let t = pool(
        "AveragePool",
        17,
        vec![
            ints_attr("kernel_shape", &[3, 3]),
            ints_attr("strides", &[3, 3]),
            ints_attr("pads", &[1, 1, 1, 1]),
            int_attr("ceil_mode", 1),
            int_attr("count_include_pad", 1),
        ],
        &[1, 3, 2, 2],
        &[1, 3, 1, 1],
    )
    .text();
    has(&t, "graph.avg_pool %arg0 kernel_shape = [3, 3] strides = [3, 3] dilations = [1, 1] pads = [1, 1, 1, 1] ceil_mode = 1 count_include_pad = 1 : tensor<1x3x2x2xf32> -> tensor<1x3x1x1xf32>");
    // SAME_LOWER on a pool; dilations from opset 19 on for AveragePool.
    let t = pool(
        "AveragePool",
        19,
        vec![
            ints_attr("kernel_shape", &[2]),
            str_attr("auto_pad", "SAME_LOWER"),
            ints_attr("dilations", &[2]),
        ],
        &[1, 1, 5],
        &[1, 1, 5],
    )
    .text();
    has(&t, "kernel_shape = [2] strides = [1] dilations = [2] pads = [1, 1] ceil_mode = 0 count_include_pad = 0");
    let e = pool(
        "AveragePool",
        18,
        vec![
            ints_attr("kernel_shape", &[2]),
            ints_attr("dilations", &[2]),
        ],
        &[1, 1, 5],
        &[1, 1, 3],
    )
    .error();
    assert_eq!(
        e,
        "node 'n' (AveragePool, opset 18): attribute 'dilations' is not supported"
    );
    let e = pool("MaxPool", 17, vec![], &[1, 1, 5], &[1, 1, 5]).error();
    assert_eq!(
        e,
        "node 'n' (MaxPool, opset 17): 'kernel_shape' is required"
    );
    let e = pool(
        "MaxPool",
        17,
        vec![ints_attr("kernel_shape", &[2]), ints_attr("pads", &[2, 0])],
        &[1, 1, 5],
        &[1, 1, 6],
    )
    .error();
    assert_eq!(
        e,
        "node 'n' (MaxPool, opset 17): pads of spatial dim 0 (2 and 0) must be smaller than the window's extent 2"
    );
    let e = pool(
        "AveragePool",
        17,
        vec![ints_attr("kernel_shape", &[2]), int_attr("ceil_mode", 2)],
        &[1, 1, 5],
        &[1, 1, 4],
    )
    .error();
    assert_eq!(
        e,
        "node 'n' (AveragePool, opset 17): 'ceil_mode' must be 0 or 1, got 2"
    );
}

#[test]
fn max_pool_indices() {
    let mp = node(
        "MaxPool",
        &["x"],
        &["y", "idx"],
        vec![ints_attr("kernel_shape", &[2, 2])],
    );
    // Named but unused: ignored.
    let m = M::new(17, mp.clone(), vec![vi("x", &[1, 1, 4, 4])], &[1, 1, 3, 3]);
    has(&m.text(), "graph.max_pool");
    // A graph output, or read by a node: an error naming it.
    let mut out = M::new(17, mp.clone(), vec![vi("x", &[1, 1, 4, 4])], &[1, 1, 3, 3]);
    out.outputs.push(common::vi("idx", 7, &[1, 1, 3, 3]));
    assert_eq!(
        out.error(),
        "node 'n' (MaxPool, opset 17): its Indices output 'idx' is used by the graph's outputs; MaxPool's Indices output is not supported"
    );
    let mut used = M::new(17, mp, vec![vi("x", &[1, 1, 4, 4])], &[1, 1, 3, 3]);
    let mut cast = node("Cast", &["idx"], &["z"], vec![int_attr("to", 1)]);
    cast.name = Some("cast".into());
    used.nodes.push(cast);
    assert_eq!(
        used.error(),
        "node 'n' (MaxPool, opset 17): its Indices output 'idx' is used by node 'cast'; MaxPool's Indices output is not supported"
    );
}

fn pad(opset: i64, inputs: &[&str], attrs: Vec<AttributeProto>, x: &[i64], y: &[i64]) -> M {
    M::new(
        opset,
        node("Pad", inputs, &["y"], attrs),
        vec![vi("x", x)],
        y,
    )
}

#[test]
fn pad_modes_values_and_axes() {
    // A nonzero constant value becomes the 0-d operand; a zero one is left out.
    let t = pad(17, &["x", "p", "v"], vec![], &[2, 3], &[3, 5])
        .init(i64_init("p", &[1, 0, 0, 2]))
        .init(f32_init("v", &[], &[1.5]))
        .text();
    has(&t, "%1 = graph.pad %arg0, %0 pads = [1, 0, 0, 2] mode = constant : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x5xf32>");
    let t = pad(17, &["x", "p", "v"], vec![], &[2, 3], &[3, 5])
        .init(i64_init("p", &[1, 0, 0, 2]))
        .init(f32_init("v", &[], &[0.0]))
        .text();
    has(&t, "graph.pad %arg0 pads = [1, 0, 0, 2] mode = constant : (tensor<2x3xf32>) -> tensor<3x5xf32>");
    // reflect, edge; negative pads crop; a dynamic dim stays dynamic.
    let t = pad(
        17,
        &["x", "p"],
        vec![str_attr("mode", "reflect")],
        &[-1, 3],
        &[-1, 4],
    )
    .init(i64_init("p", &[0, 2, 0, -1]))
    .text();
    has(&t, "graph.pad %arg0 pads = [0, 2, 0, -1] mode = reflect : (tensor<?x3xf32>) -> tensor<?x4xf32>");
    // Opset 18's axes (negative ones too); 19's wrap.
    let t = pad(
        18,
        &["x", "p", "", "a"],
        vec![str_attr("mode", "edge")],
        &[1, 3, 4, 5],
        &[1, 3, 7, 5],
    )
    .init(i64_init("p", &[1, 2]))
    .init(i64_init("a", &[-2]))
    .text();
    has(&t, "pads = [0, 0, 1, 0, 0, 0, 2, 0] mode = edge");
    let t = pad(
        19,
        &["x", "p"],
        vec![str_attr("mode", "wrap")],
        &[2, 3],
        &[2, 9],
    )
    .init(i64_init("p", &[0, 3, 0, 3]))
    .text();
    has(&t, "mode = wrap");
    // Zero pads: the input itself.
    let t = pad(17, &["x", "p"], vec![], &[2, 3], &[2, 3])
        .init(i64_init("p", &[0, 0, 0, 0]))
        .text();
    assert!(!t.contains("graph.pad"), "{t}");
}

#[test]
fn pad_errors() {
    let err = |m: M| {
        let e = m.error();
        e.split_once("): ").map(|(_, r)| r.to_string()).unwrap_or(e)
    };
    assert_eq!(
        err(pad(17, &["x", "p"], vec![], &[2, 3], &[3, 5]).init(i64_init("p", &[1, 0, 0]))),
        "pads has 3 values, expected 4 (a begin and an end for each of 2 dims)"
    );
    assert_eq!(
        err(pad(18, &["x", "p", "", "a"], vec![], &[2, 3], &[3, 5])
            .init(i64_init("p", &[1, 0, 0, 2]))
            .init(i64_init("a", &[1]))),
        "pads has 4 values, expected 2 (a begin and an end for each of 1 axes)"
    );
    // pads from a graph input: not known at import time (--bind gives it).
    let mut m = pad(17, &["x", "p"], vec![], &[2, 3], &[3, 5]);
    m.inputs.push(common::vi("p", 7, &[4]));
    assert_eq!(
        m.error(),
        "node 'n' (Pad, opset 17): input 'p' (pads) must be a constant (an initializer, a Constant node, or a graph input given by --bind=p=...); shapes computed at run time are not supported"
    );
    let bound = Options {
        bind: vec![xir_onnx::Binding::parse("p=1,0,0,2").unwrap()],
        ..Default::default()
    };
    let t = import(&m.bytes(), &bound).unwrap();
    has(&t, "pads = [1, 0, 0, 2]");
    let mut m =
        pad(17, &["x", "p", "v"], vec![], &[2, 3], &[3, 5]).init(i64_init("p", &[1, 0, 0, 2]));
    m.inputs.push(vi("v", &[]));
    assert!(m
        .error()
        .contains("input 'v' (constant_value) must be a constant"));
    let bound = Options {
        bind: vec![xir_onnx::Binding::parse("v=2.5").unwrap()],
        ..Default::default()
    };
    has(
        &import(&m.bytes(), &bound).unwrap(),
        "graph.constant dense<2.500000e+00> : tensor<f32>",
    );
    assert_eq!(
        err(pad(
            17,
            &["x", "p"],
            vec![str_attr("mode", "wrap")],
            &[2, 3],
            &[2, 5]
        )
        .init(i64_init("p", &[0, 1, 0, 1]))),
        "mode 'wrap' is not supported (opset 17 takes constant, reflect, edge)"
    );
    assert_eq!(
        err(pad(
            17,
            &["x", "p"],
            vec![str_attr("mode", "reflect")],
            &[2, 3],
            &[2, 9]
        )
        .init(i64_init("p", &[0, 3, 0, 3]))),
        "mode 'reflect' pads dim 1 of size 3 by at most 2 on each side, got 3 and 3"
    );
    assert_eq!(
        err(pad(17, &["x", "p"], vec![], &[2, 3], &[2, 0]).init(i64_init("p", &[0, -2, 0, -2]))),
        "pads -2 and -2 remove more than the 3 elements of dim 1"
    );
    assert_eq!(
        err(pad(17, &["x", "p", "v"], vec![], &[2, 3], &[2, 5])
            .init(i64_init("p", &[0, 1, 0, 1]))
            .init(i64_init("v", &[1]))),
        "constant_value must be one value of X's element type f32, not tensor<1xi64>"
    );
}

fn resize(opset: i64, inputs: &[&str], attrs: Vec<AttributeProto>, x: &[i64], y: &[i64]) -> M {
    M::new(
        opset,
        node("Resize", inputs, &["y"], attrs),
        vec![vi("x", x)],
        y,
    )
}

fn f32s(name: &str, v: &[f32]) -> TensorProto {
    f32_init(name, &[v.len() as i64], v)
}

#[test]
fn resize_scales_and_sizes() {
    // Scales: floor(D x scale); the scale as given.
    let t = resize(
        13,
        &["x", "", "s"],
        vec![str_attr("mode", "linear")],
        &[1, 3, 8, 8],
        &[1, 3, 16, 12],
    )
    .init(f32s("s", &[1.0, 1.0, 2.0, 1.6]))
    .text();
    has(&t, "graph.resize %arg0 scales = array<f64: 1.000000e+00, 1.000000e+00, 2.000000e+00, 1.6000000238418579> mode = linear coordinate_transformation_mode = half_pixel nearest_mode = round_prefer_floor cubic_coeff_a = -7.500000e-01 exclude_outside = 0 : tensor<1x3x8x8xf32> -> tensor<1x3x16x12xf32>");
    // Sizes (scales empty, as opset 11's exporters write): scale = out / in.
    let t = resize(
        13,
        &["x", "", "s", "z"],
        vec![
            str_attr("mode", "cubic"),
            str_attr("coordinate_transformation_mode", "align_corners"),
            float_attr("cubic_coeff_a", -0.5),
            int_attr("exclude_outside", 1),
        ],
        &[1, 1, 4, 4],
        &[1, 1, 3, 8],
    )
    .init(f32s("s", &[]))
    .init(i64_init("z", &[1, 1, 3, 8]))
    .text();
    has(&t, "scales = array<f64: 1.000000e+00, 1.000000e+00, 7.500000e-01, 2.000000e+00> mode = cubic coordinate_transformation_mode = align_corners nearest_mode = round_prefer_floor cubic_coeff_a = -5.000000e-01 exclude_outside = 1");
    // Opset 18: axes, keep_aspect_ratio_policy (one scale, sizes rounded).
    let t = resize(
        18,
        &["x", "", "", "z"],
        vec![
            ints_attr("axes", &[2, 3]),
            str_attr("keep_aspect_ratio_policy", "not_larger"),
            str_attr("nearest_mode", "ceil"),
        ],
        &[1, 1, 2, 4],
        &[1, 1, 1, 2],
    )
    .init(i64_init("z", &[1, 3]))
    .text();
    has(&t, "scales = array<f64: 1.000000e+00, 1.000000e+00, 5.000000e-01, 5.000000e-01> mode = nearest coordinate_transformation_mode = half_pixel nearest_mode = ceil");
    let t = resize(
        19,
        &["x", "", "s"],
        vec![
            ints_attr("axes", &[-1]),
            str_attr("coordinate_transformation_mode", "half_pixel_symmetric"),
        ],
        &[-1, 3, 5],
        &[-1, 3, 10],
    )
    .init(f32s("s", &[2.0]))
    .text();
    has(&t, "coordinate_transformation_mode = half_pixel_symmetric");
    has(&t, "tensor<?x3x5xf32> -> tensor<?x3x10xf32>");
    // Scales of 1: the input itself.
    let t = resize(13, &["x", "", "s"], vec![], &[1, 2], &[1, 2])
        .init(f32s("s", &[1.0, 1.0]))
        .text();
    assert!(!t.contains("graph.resize"), "{t}");
    // A float --bind gives scales fed as a graph input.
    let mut m = resize(13, &["x", "", "s"], vec![], &[1, 2], &[2, 4]);
    m.inputs.push(vi("s", &[2]));
    assert_eq!(
        m.error(),
        "node 'n' (Resize, opset 13): input 's' (scales) must be a constant (an initializer, a Constant node, or a graph input given by --bind=s=...); values computed at run time are not supported"
    );
    let bound = Options {
        bind: vec![xir_onnx::Binding::parse("s=2,2").unwrap()],
        ..Default::default()
    };
    has(&import(&m.bytes(), &bound).unwrap(), "-> tensor<2x4xf32>");
}

#[test]
fn resize_errors() {
    let err = |m: M| {
        let e = m.error();
        e.split_once("): ").map(|(_, r)| r.to_string()).unwrap_or(e)
    };
    let scaled = |opset: i64, attrs: Vec<AttributeProto>| {
        resize(opset, &["x", "", "s"], attrs, &[1, 1, 2, 2], &[1, 1, 4, 4])
            .init(f32s("s", &[1.0, 1.0, 2.0, 2.0]))
    };
    assert_eq!(
        err(scaled(18, vec![int_attr("antialias", 1)])),
        "antialias = 1 is not supported"
    );
    assert_eq!(
        err(scaled(
            13,
            vec![str_attr(
                "coordinate_transformation_mode",
                "tf_crop_and_resize"
            )]
        )),
        "coordinate_transformation_mode 'tf_crop_and_resize' (a crop by roi) is not supported"
    );
    assert_eq!(
        err(scaled(
            18,
            vec![str_attr("coordinate_transformation_mode", "half_pixel_symmetric")]
        )),
        "coordinate_transformation_mode 'half_pixel_symmetric' is not supported (opset 18 takes half_pixel, pytorch_half_pixel, align_corners, asymmetric)"
    );
    assert_eq!(
        err(scaled(13, vec![str_attr("mode", "area")])),
        "mode 'area' is not supported (opset 13 takes nearest, linear, cubic)"
    );
    assert_eq!(
        err(scaled(13, vec![ints_attr("axes", &[2, 3])])),
        "attribute 'axes' is not supported"
    );
    assert_eq!(
        err(
            resize(13, &["x", "", "s"], vec![], &[1, 1, 2, 2], &[1, 1, 4, 4])
                .init(f32s("s", &[2.0, 2.0]))
        ),
        "scales has 2 values, expected 4 (one per dim)"
    );
    assert_eq!(
        err(
            resize(13, &["x", "", "s"], vec![], &[1, 1, 2, 2], &[1, 1, 4, 4])
                .init(f32s("s", &[1.0, 1.0, 0.0, 2.0]))
        ),
        "scales must be positive, got 0"
    );
    assert_eq!(
        err(resize(13, &["x"], vec![], &[1, 1, 2, 2], &[1, 1, 4, 4])),
        "needs scales or sizes (inputs 2 and 3)"
    );
    assert_eq!(
        err(resize(
            13,
            &["x", "", "s", "z"],
            vec![],
            &[1, 1, 2, 2],
            &[1, 1, 4, 4]
        )
        .init(f32s("s", &[1.0, 1.0, 2.0, 2.0]))
        .init(i64_init("z", &[1, 1, 4, 4]))),
        "takes scales or sizes, not both"
    );
    assert_eq!(
        err(resize(
            13,
            &["x", "", "", "z"],
            vec![],
            &[1, 1, -1, 2],
            &[1, 1, 4, 4]
        )
        .init(i64_init("z", &[1, 1, 4, 4]))),
        "sizes need the size of dim 2, which is dynamic in X (tensor<1x1x?x2xf32>)"
    );
    let mut ints_x =
        resize(13, &["x", "", "s"], vec![], &[1, 2], &[2, 4]).init(f32s("s", &[2.0, 2.0]));
    ints_x.inputs = vec![common::vi("x", 7, &[1, 2])];
    ints_x.outputs = vec![common::vi("y", 7, &[2, 4])];
    assert!(err(ints_x).starts_with("element type i64 is not supported"));
}

#[test]
fn clip_bounds_as_inputs() {
    // MobileNet's ReLU6: min and max as initializers; either may be absent.
    let clip = |inputs: &[&str]| {
        M::new(
            17,
            node("Clip", inputs, &["y"], vec![]),
            vec![vi("x", &[1, 4])],
            &[1, 4],
        )
        .init(f32_init("lo", &[], &[0.0]))
        .init(f32_init("hi", &[], &[6.0]))
        .text()
    };
    let t = clip(&["x", "lo", "hi"]);
    has(&t, "graph.max");
    has(&t, "graph.min");
    let t = clip(&["x", "", "hi"]);
    assert!(!t.contains("graph.max") && t.contains("graph.min"), "{t}");
    let t = clip(&["x", "lo"]);
    assert!(t.contains("graph.max") && !t.contains("graph.min"), "{t}");
}

#[test]
fn global_pool_then_flatten() {
    // resnet's head: GlobalAveragePool, Flatten, Gemm.
    let m = M {
        opset: 17,
        nodes: vec![
            node("GlobalAveragePool", &["x"], &["p"], vec![]),
            node("Flatten", &["p"], &["f"], vec![int_attr("axis", 1)]),
            node(
                "Gemm",
                &["f", "w", "b"],
                &["y"],
                vec![int_attr("transB", 1)],
            ),
        ],
        inputs: vec![vi("x", &[1, 8, 7, 7])],
        outputs: vec![vi("y", &[1, 10])],
        inits: vec![
            f32_init("w", &[10, 8], &[0.5]),
            f32_init("b", &[10], &[0.0]),
        ],
    };
    let t = m.text();
    has(&t, "graph.reduce_mean");
    has(&t, "tensor<1x8x1x1xf32> -> tensor<1x8xf32>");
}

/// Absurd sizes and attributes are errors, never an overflow.
#[test]
fn absurd_values_are_errors() {
    let e = conv_model(
        vec![ints_attr("pads", &[i64::MAX, 0])],
        &[1, 1, 5],
        &[1, 1, 3],
        &[1, 1, 5],
    )
    .error();
    assert!(
        e.ends_with(&format!("'pads' value {} is too large", i64::MAX)),
        "{e}"
    );
    let e = conv_t(
        vec![ints_attr("strides", &[4])],
        &[1, 1, 1 << 62],
        &[1, 1, 3],
        &[1, 1, 5],
    )
    .error();
    assert!(e.contains("is too large"), "{e}");
    let e = conv_t(
        vec![ints_attr("output_shape", &[i64::MAX])],
        &[1, 1, 3],
        &[1, 1, 3],
        &[1, 1, 5],
    )
    .error();
    assert!(e.contains("is too large"), "{e}");
    let t = pool(
        "MaxPool",
        17,
        vec![ints_attr("kernel_shape", &[2])],
        &[1, 1, i64::MAX / 2],
        &[1, 1, i64::MAX / 2 - 1],
    )
    .text();
    has(&t, "graph.max_pool");
    let e = pad(17, &["x", "p"], vec![], &[2, 3], &[3, 5])
        .init(i64_init("p", &[i64::MIN, 0, 0, i64::MAX]))
        .error();
    assert!(e.contains("is too large"), "{e}");
    let e = resize(13, &["x", "", "s"], vec![], &[1, 1 << 40], &[1, 2])
        .init(f32s("s", &[1.0, 1e30]))
        .error();
    assert!(e.contains("too large"), "{e}");
}
