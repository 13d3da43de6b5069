//! The reference semantics of the window ops (`xir_runtime_reference::window`)
//! on small cases whose answers were derived by hand from ONNX's operator
//! spec (several are the examples of ONNX's node tests, each re-derived:
//! the comments show the arithmetic of some elements).

use half::{bf16, f16};
use xir_runtime_hal::element::{ElementType, IntSign};
use xir_runtime_hal::tensor::HostTensor;
use xir_runtime_reference::window::{
    eval, CoordinateMode, Geometry, NearestMode, PadMode, Resize, ResizeMode, WindowOp,
};

const F32: ElementType = ElementType::F32;

fn floats(e: ElementType, shape: &[usize], v: &[f64]) -> HostTensor {
    let mut data = Vec::new();
    for &x in v {
        match e {
            ElementType::F64 => data.extend_from_slice(&x.to_le_bytes()),
            ElementType::F32 => data.extend_from_slice(&(x as f32).to_le_bytes()),
            ElementType::F16 => data.extend_from_slice(&f16::from_f64(x).to_le_bytes()),
            ElementType::BF16 => data.extend_from_slice(&bf16::from_f64(x).to_le_bytes()),
            _ => panic!("{e} is not a float type"),
        }
    }
    HostTensor::new(e, shape.to_vec(), data).unwrap()
}

fn read(t: &HostTensor) -> Vec<f64> {
    let n = t.element.byte_size();
    t.data
        .chunks_exact(n)
        .map(|b| match t.element {
            ElementType::F64 => f64::from_le_bytes(b.try_into().unwrap()),
            ElementType::F32 => f32::from_le_bytes(b.try_into().unwrap()) as f64,
            ElementType::F16 => f16::from_le_bytes([b[0], b[1]]).to_f64(),
            ElementType::BF16 => bf16::from_le_bytes([b[0], b[1]]).to_f64(),
            _ => panic!("not a float tensor"),
        })
        .collect()
}

fn ints(e: ElementType, shape: &[usize], v: &[i64]) -> HostTensor {
    let n = e.byte_size();
    let data = v
        .iter()
        .flat_map(|x| x.to_le_bytes()[..n].to_vec())
        .collect();
    HostTensor::new(e, shape.to_vec(), data).unwrap()
}

fn read_ints(t: &HostTensor) -> Vec<i64> {
    let ElementType::Int { bits, sign } = t.element else {
        panic!("not an integer tensor")
    };
    let n = t.element.byte_size();
    t.data
        .chunks_exact(n)
        .map(|b| {
            let mut le = [0u8; 8];
            le[..n].copy_from_slice(b);
            let u = u64::from_le_bytes(le);
            let shift = 64 - bits as u32;
            if sign == IntSign::Unsigned || bits == 64 {
                u as i64
            } else {
                ((u << shift) as i64) >> shift
            }
        })
        .collect()
}

/// `0, 1, 2, ...` (plus `from`) as f32 of `shape`.
fn iota(shape: &[usize], from: f64) -> HostTensor {
    let n: usize = shape.iter().product();
    let v: Vec<f64> = (0..n).map(|i| i as f64 + from).collect();
    floats(F32, shape, &v)
}

fn run(op: &WindowOp, inputs: &[&HostTensor], result: &[usize]) -> HostTensor {
    let dims: Vec<Option<usize>> = result.iter().map(|&d| Some(d)).collect();
    let out = eval(op, inputs, &dims).unwrap_or_else(|e| panic!("{op:?}: {e}"));
    assert_eq!(out.shape, result, "{op:?}");
    out
}

fn close(got: &[f64], want: &[f64], tol: f64) {
    assert_eq!(got.len(), want.len(), "{got:?} vs {want:?}");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let ok = (g.is_nan() && w.is_nan()) || g == w || (g - w).abs() <= tol;
        assert!(ok, "element {i}: got {g}, want {w}\n{got:?}\n{want:?}");
    }
}

fn geo(k: usize, s: usize, d: usize, pads: &[usize]) -> Geometry {
    Geometry {
        strides: vec![s; k],
        dilations: vec![d; k],
        pads: pads.to_vec(),
    }
}

fn conv(g: Geometry, groups: usize) -> WindowOp {
    WindowOp::Conv {
        geometry: g,
        groups,
    }
}

// ------------------------------------------------------------------ conv

#[test]
fn conv_onnx_examples() {
    // ONNX conv.py: x = 0..25 as 5x5, w = ones 3x3.
    let x = iota(&[1, 1, 5, 5], 0.0);
    let w = floats(F32, &[1, 1, 3, 3], &[1.0; 9]);
    // Padded by 1: (0,0) = 0+1+5+6 = 12, (1,1) = 0+1+2+5+6+7+10+11+12 = 54.
    let y = run(&conv(geo(2, 1, 1, &[1; 4]), 1), &[&x, &w], &[1, 1, 5, 5]);
    #[rustfmt::skip]
    let want = [
        12., 21., 27., 33., 24.,
        33., 54., 63., 72., 51.,
        63., 99., 108., 117., 81.,
        93., 144., 153., 162., 111.,
        72., 111., 117., 123., 84.,
    ];
    close(&read(&y), &want, 0.0);
    let y = run(&conv(geo(2, 1, 1, &[0; 4]), 1), &[&x, &w], &[1, 1, 3, 3]);
    close(
        &read(&y),
        &[54., 63., 72., 99., 108., 117., 144., 153., 162.],
        0.0,
    );
    // Strides 2 on 7x5, padded by 1: (3,0) reads rows 5,6 and cols 0,1:
    // 25+26+30+31 = 112.
    let x = iota(&[1, 1, 7, 5], 0.0);
    let y = run(&conv(geo(2, 2, 1, &[1; 4]), 1), &[&x, &w], &[1, 1, 4, 3]);
    close(
        &read(&y),
        &[
            12., 27., 24., 63., 108., 81., 123., 198., 141., 112., 177., 124.,
        ],
        0.0,
    );
    // Asymmetric pads: rows padded (1, 1), cols (0, 0), strides 2:
    // (0,0) = rows 0..1, cols 0..2 = 0+1+2+5+6+7 = 21.
    let g = Geometry {
        strides: vec![2, 2],
        dilations: vec![1, 1],
        pads: vec![1, 0, 1, 0],
    };
    let y = run(&conv(g, 1), &[&x, &w], &[1, 1, 4, 2]);
    close(
        &read(&y),
        &[21., 33., 99., 117., 189., 207., 171., 183.],
        0.0,
    );
}

#[test]
fn conv_groups_dilations_bias_and_1d_3d() {
    // Depthwise 1-d: channel 0 [1 2 3] * [1 1], channel 1 [4 5 6] * [1 -1],
    // bias [10 20].
    let x = floats(F32, &[1, 2, 3], &[1., 2., 3., 4., 5., 6.]);
    let w = floats(F32, &[2, 1, 2], &[1., 1., 1., -1.]);
    let b = floats(F32, &[2], &[10., 20.]);
    let y = run(&conv(geo(1, 1, 1, &[0, 0]), 2), &[&x, &w, &b], &[1, 2, 2]);
    close(&read(&y), &[13., 15., 19., 19.], 0.0);
    // Dilation 2: [1..5] * [1 _ 1] = [4 6 8].
    let x = floats(F32, &[1, 1, 5], &[1., 2., 3., 4., 5.]);
    let w = floats(F32, &[1, 1, 2], &[1., 1.]);
    let y = run(&conv(geo(1, 1, 2, &[0, 0]), 1), &[&x, &w], &[1, 1, 3]);
    close(&read(&y), &[4., 6., 8.], 0.0);
    // Two groups of two input channels, two output channels each: output
    // channel m reads input channels 2 (m / 2) and 2 (m / 2) + 1.
    let x = floats(F32, &[1, 4, 1], &[1., 2., 3., 4.]);
    let w = floats(F32, &[4, 2, 1], &[1., 0., 0., 1., 1., 1., 2., -1.]);
    let y = run(&conv(geo(1, 1, 1, &[0, 0]), 2), &[&x, &w], &[1, 4, 1]);
    close(&read(&y), &[1., 2., 7., 2.], 0.0);
    // 3-d: ones 2x2x2 over 0..27 as 3x3x3, stride 2, no pads: one output,
    // 0+1+3+4+9+10+12+13 = 52.
    let x = iota(&[1, 1, 3, 3, 3], 0.0);
    let w = floats(F32, &[1, 1, 2, 2, 2], &[1.0; 8]);
    let y = run(&conv(geo(3, 2, 1, &[0; 6]), 1), &[&x, &w], &[1, 1, 1, 1, 1]);
    close(&read(&y), &[52.], 0.0);
}

#[test]
fn conv_rounds_once_and_sizes_zero() {
    // bf16 (8 significant bits): 1 + 2^-8 + 2^-8 = 1.0078125 exactly in
    // f64 and in bf16; rounded per step, 1 + 2^-8 would tie to even, 1.
    let e = ElementType::BF16;
    let x = floats(e, &[1, 1, 3], &[1.0, 1.0, 1.0]);
    let w = floats(e, &[1, 1, 3], &[1.0, 0.00390625, 0.00390625]);
    let y = run(&conv(geo(1, 1, 1, &[0, 0]), 1), &[&x, &w], &[1, 1, 1]);
    assert_eq!(read(&y), vec![1.0078125]);
    // N = 0, M = 0 and a 0-sized spatial dim filled by padding (bias only).
    let w = floats(F32, &[2, 1, 3], &[1.0; 6]);
    let b = floats(F32, &[2], &[1.5, -2.0]);
    let x = floats(F32, &[0, 1, 4], &[]);
    let y = run(&conv(geo(1, 1, 1, &[0, 0]), 1), &[&x, &w, &b], &[0, 2, 2]);
    assert!(y.data.is_empty());
    let x = floats(F32, &[1, 1, 0], &[]);
    let y = run(&conv(geo(1, 1, 1, &[1, 2]), 1), &[&x, &w, &b], &[1, 2, 1]);
    close(&read(&y), &[1.5, -2.0], 0.0);
    let w0 = floats(F32, &[0, 1, 3], &[]);
    let x = floats(F32, &[2, 1, 4], &[0.0; 8]);
    let y = run(&conv(geo(1, 1, 1, &[0, 0]), 1), &[&x, &w0], &[2, 0, 2]);
    assert!(y.data.is_empty());
}

#[test]
fn conv_errors() {
    let x = floats(F32, &[1, 1, 2], &[1.0, 2.0]);
    let w = floats(F32, &[1, 1, 3], &[1.0; 3]);
    let e = eval(&conv(geo(1, 1, 1, &[0, 0]), 1), &[&x, &w], &[None; 3]).unwrap_err();
    assert!(
        e.message()
            .starts_with("graph.conv: the window of extent 3"),
        "{e}"
    );
    let e = eval(&conv(geo(1, 1, 1, &[0, 0]), 2), &[&x, &w], &[None; 3]).unwrap_err();
    assert!(e.message().contains("with 2 groups"), "{e}");
    let i = ints(ElementType::I32, &[1, 1, 3], &[1, 2, 3]);
    let iw = ints(ElementType::I32, &[1, 1, 3], &[1, 2, 3]);
    let e = eval(&conv(geo(1, 1, 1, &[0, 0]), 1), &[&i, &iw], &[None; 3]).unwrap_err();
    assert_eq!(
        e.message(),
        "graph.conv: requires a float element type, got i32"
    );
    let e = eval(&conv(geo(1, 1, 1, &[0, 0]), 1), &[&x], &[None; 3]).unwrap_err();
    assert!(e.message().contains("expects 2 to 3 operand(s)"), "{e}");
}

// -------------------------------------------------------- conv_transpose

fn conv_t(g: Geometry, output_padding: &[usize], groups: usize) -> WindowOp {
    WindowOp::ConvTranspose {
        geometry: g,
        output_padding: output_padding.to_vec(),
        groups,
    }
}

#[test]
fn conv_transpose_onnx_examples() {
    // ONNX convtranspose.py: x = 0..9 as 3x3, w = ones [1, 2, 3, 3]: output
    // (r, c) sums x over the 3x3 neighbourhood ending at (r, c).
    let x = iota(&[1, 1, 3, 3], 0.0);
    let w = floats(F32, &[1, 2, 3, 3], &[1.0; 18]);
    let y = run(
        &conv_t(geo(2, 1, 1, &[0; 4]), &[0, 0], 1),
        &[&x, &w],
        &[1, 2, 5, 5],
    );
    #[rustfmt::skip]
    let plane = [
        0., 1., 3., 3., 2.,
        3., 8., 15., 12., 7.,
        9., 21., 36., 27., 15.,
        9., 20., 33., 24., 13.,
        6., 13., 21., 15., 8.,
    ];
    let want: Vec<f64> = plane.iter().chain(&plane).copied().collect();
    close(&read(&y), &want, 0.0);
    // 1-d: [0 1 2] * ones(3) into 5: [0 1 3 3 2] on both channels.
    let x1 = iota(&[1, 1, 3], 0.0);
    let w1 = floats(F32, &[1, 2, 3], &[1.0; 6]);
    let y = run(
        &conv_t(geo(1, 1, 1, &[0, 0]), &[0], 1),
        &[&x1, &w1],
        &[1, 2, 5],
    );
    close(&read(&y), &[0., 1., 3., 3., 2., 0., 1., 3., 3., 2.], 0.0);
    // Strides [3, 2], pads [1, 2, 1, 2]: the full 9x7 output cropped to
    // rows 1..8 and cols 2..5; full row r reads input row r / 3, full col
    // 2 = x[.,0] + x[.,1], col 3 = x[.,1], col 4 = x[.,1] + x[.,2].
    let g = Geometry {
        strides: vec![3, 2],
        dilations: vec![1, 1],
        pads: vec![1, 2, 1, 2],
    };
    let y = run(&conv_t(g, &[0, 0], 1), &[&x, &w], &[1, 2, 7, 3]);
    #[rustfmt::skip]
    let plane = [
        1., 1., 3.,
        1., 1., 3.,
        7., 4., 9.,
        7., 4., 9.,
        7., 4., 9.,
        13., 7., 15.,
        13., 7., 15.,
    ];
    let want: Vec<f64> = plane.iter().chain(&plane).copied().collect();
    close(&read(&y), &want, 0.0);
}

#[test]
fn conv_transpose_output_padding_groups_dilations() {
    // [1 2], stride 2, kernel ones(2), output_padding 1: positions 0,1 get
    // 1, positions 2,3 get 2, position 4 nothing.
    let x = floats(F32, &[1, 1, 2], &[1., 2.]);
    let w = floats(F32, &[1, 1, 2], &[1., 1.]);
    let y = run(
        &conv_t(geo(1, 2, 1, &[0, 0]), &[1], 1),
        &[&x, &w],
        &[1, 1, 5],
    );
    close(&read(&y), &[1., 1., 2., 2., 0.], 0.0);
    // Dilation 2, kernel [1 10]: x[i] lands at i and i + 2 (times 10).
    let w = floats(F32, &[1, 1, 2], &[1., 10.]);
    let y = run(
        &conv_t(geo(1, 1, 2, &[0, 0]), &[0], 1),
        &[&x, &w],
        &[1, 1, 4],
    );
    close(&read(&y), &[1., 2., 10., 20.], 0.0);
    // Pads crop: the same with pads [1, 1] keeps positions 1..3.
    let y = run(
        &conv_t(geo(1, 1, 2, &[1, 1]), &[0], 1),
        &[&x, &w],
        &[1, 1, 2],
    );
    close(&read(&y), &[2., 10.], 0.0);
    // Depthwise with bias: channel 0 [1 2] * 2 + 1, channel 1 [3 4] * 3 - 1.
    let x = floats(F32, &[1, 2, 2], &[1., 2., 3., 4.]);
    let w = floats(F32, &[2, 1, 1], &[2., 3.]);
    let b = floats(F32, &[2], &[1., -1.]);
    let y = run(
        &conv_t(geo(1, 1, 1, &[0, 0]), &[0], 2),
        &[&x, &w, &b],
        &[1, 2, 2],
    );
    close(&read(&y), &[3., 5., 8., 11.], 0.0);
    // Two input channels into three outputs (one group): y[m] = x0 w[0,m] +
    // x1 w[1,m].
    let x = floats(F32, &[1, 2, 1], &[1., 2.]);
    let w = floats(F32, &[2, 3, 1], &[1., 2., 3., 10., 20., 30.]);
    let y = run(
        &conv_t(geo(1, 1, 1, &[0, 0]), &[0], 1),
        &[&x, &w],
        &[1, 3, 1],
    );
    close(&read(&y), &[21., 42., 63.], 0.0);
    // N = 0.
    let x = floats(F32, &[0, 2, 1], &[]);
    let y = run(
        &conv_t(geo(1, 1, 1, &[0, 0]), &[0], 1),
        &[&x, &w],
        &[0, 3, 1],
    );
    assert!(y.data.is_empty());
}

// ----------------------------------------------------------------- pools

fn max_pool(kernel: &[usize], g: Geometry, ceil: bool) -> WindowOp {
    WindowOp::MaxPool {
        kernel: kernel.to_vec(),
        geometry: g,
        ceil,
    }
}

fn avg_pool(kernel: &[usize], g: Geometry, ceil: bool, cip: bool) -> WindowOp {
    WindowOp::AvgPool {
        kernel: kernel.to_vec(),
        geometry: g,
        ceil,
        count_include_pad: cip,
    }
}

#[test]
fn max_pool_onnx_examples() {
    let x = iota(&[1, 1, 5, 5], 1.0);
    // maxpool_2d_pads: kernel 5, pads 2; (0,0) sees rows and cols 0..2:
    // x[2][2] = 13.
    let y = run(
        &max_pool(&[5, 5], geo(2, 1, 1, &[2; 4]), false),
        &[&x],
        &[1, 1, 5, 5],
    );
    #[rustfmt::skip]
    let want = [
        13., 14., 15., 15., 15.,
        18., 19., 20., 20., 20.,
        23., 24., 25., 25., 25.,
        23., 24., 25., 25., 25.,
        23., 24., 25., 25., 25.,
    ];
    close(&read(&y), &want, 0.0);
    // maxpool_2d_strides: kernel 2, strides 2: x[1][1] = 7 ...
    let y = run(
        &max_pool(&[2, 2], geo(2, 2, 1, &[0; 4]), false),
        &[&x],
        &[1, 1, 2, 2],
    );
    close(&read(&y), &[7., 9., 17., 19.], 0.0);
    // maxpool_2d_precomputed_same_upper: kernel 3, strides 2, pads 1.
    let y = run(
        &max_pool(&[3, 3], geo(2, 2, 1, &[1; 4]), false),
        &[&x],
        &[1, 1, 3, 3],
    );
    close(&read(&y), &[7., 9., 10., 17., 19., 20., 22., 24., 25.], 0.0);
    let x = iota(&[1, 1, 4, 4], 1.0);
    // maxpool_2d_ceil: kernel 3, strides 2 on 4x4: 2x2 with ceil.
    let y = run(
        &max_pool(&[3, 3], geo(2, 2, 1, &[0; 4]), true),
        &[&x],
        &[1, 1, 2, 2],
    );
    close(&read(&y), &[11., 12., 15., 16.], 0.0);
    let y = run(
        &max_pool(&[3, 3], geo(2, 2, 1, &[0; 4]), false),
        &[&x],
        &[1, 1, 1, 1],
    );
    close(&read(&y), &[11.], 0.0);
    // maxpool_2d_dilations: kernel 2, dilation 2: (0,0) reads x[0|2][0|2].
    let y = run(
        &max_pool(&[2, 2], geo(2, 1, 2, &[0; 4]), false),
        &[&x],
        &[1, 1, 2, 2],
    );
    close(&read(&y), &[11., 12., 15., 16.], 0.0);
    // maxpool_3d_dilations: the 4x4 plane repeated 4 times in depth.
    let plane: Vec<f64> = (1..=16).map(|v| v as f64).collect();
    let x3 = floats(F32, &[1, 1, 4, 4, 4], &plane.repeat(4));
    let y = run(
        &max_pool(&[2, 2, 2], geo(3, 1, 2, &[0; 6]), false),
        &[&x3],
        &[1, 1, 2, 2, 2],
    );
    close(&read(&y), &[11., 12., 15., 16., 11., 12., 15., 16.], 0.0);
}

#[test]
fn max_pool_integers_nan_and_empty_windows() {
    // ui8 values past i8's range and i8 negatives: compared by their sign.
    let u = ints(
        ElementType::Int {
            bits: 8,
            sign: IntSign::Unsigned,
        },
        &[1, 1, 4],
        &[200, 3, 255, 1],
    );
    let y = run(
        &max_pool(&[2], geo(1, 2, 1, &[0, 0]), false),
        &[&u],
        &[1, 1, 2],
    );
    assert_eq!(read_ints(&y), vec![200, 255]);
    let i = ints(ElementType::I8, &[1, 1, 4], &[-100, -3, 7, -128]);
    let y = run(
        &max_pool(&[2], geo(1, 2, 1, &[0, 0]), false),
        &[&i],
        &[1, 1, 2],
    );
    assert_eq!(read_ints(&y), vec![-3, 7]);
    // Padding never wins, even over negatives.
    let i = ints(ElementType::I64, &[1, 1, 2], &[-5, -6]);
    let y = run(
        &max_pool(&[2], geo(1, 1, 1, &[1, 1]), false),
        &[&i],
        &[1, 1, 3],
    );
    assert_eq!(read_ints(&y), vec![-5, -5, -6]);
    // NaN is skipped (as onnxruntime and ONNX's reference skip it).
    let x = floats(F32, &[1, 1, 3], &[1.0, f64::NAN, -2.0]);
    let y = run(
        &max_pool(&[2], geo(1, 1, 1, &[0, 0]), false),
        &[&x],
        &[1, 1, 2],
    );
    close(&read(&y), &[1.0, -2.0], 0.0);
    // Kernel 2, dilation 3, pads (2, 3) on one element: windows at -2|1,
    // -1|2 and 0|3; only the last sees the element, the others nothing
    // (-inf; i32: its minimum).
    let x = floats(F32, &[1, 1, 1], &[5.0]);
    let g = geo(1, 1, 3, &[2, 3]);
    let y = run(&max_pool(&[2], g.clone(), false), &[&x], &[1, 1, 3]);
    close(&read(&y), &[f64::NEG_INFINITY, f64::NEG_INFINITY, 5.0], 0.0);
    let i = ints(ElementType::I32, &[1, 1, 1], &[5]);
    let y = run(&max_pool(&[2], g, false), &[&i], &[1, 1, 3]);
    assert_eq!(read_ints(&y), vec![i32::MIN as i64, i32::MIN as i64, 5]);
}

#[test]
fn ceil_mode_drops_a_window_starting_in_the_end_padding() {
    // D = 2, kernel 2, stride 2, pads (0, 1): ceil((2 + 1 - 2) / 2) + 1 = 2,
    // but the second window would start at 2 = D + pb: one output.
    let x = floats(F32, &[1, 1, 2], &[1.0, 3.0]);
    let g = geo(1, 2, 1, &[0, 1]);
    let y = run(&avg_pool(&[2], g.clone(), true, true), &[&x], &[1, 1, 1]);
    close(&read(&y), &[2.0], 0.0);
    let y = run(&max_pool(&[2], g, true), &[&x], &[1, 1, 1]);
    close(&read(&y), &[3.0], 0.0);
    // D = 4, kernel 2, stride 3: floor gives 1 window, ceil 2 (the second
    // starts at 3 and reads x[3] only).
    let x = floats(F32, &[1, 1, 4], &[1., 2., 3., 4.]);
    let g = geo(1, 3, 1, &[0, 0]);
    let y = run(&avg_pool(&[2], g.clone(), true, false), &[&x], &[1, 1, 2]);
    close(&read(&y), &[1.5, 4.0], 0.0);
    // With count_include_pad the second window still counts 1: nothing of
    // it lies in padding inside [-pb, D + pe) = [0, 4).
    let y = run(&avg_pool(&[2], g.clone(), true, true), &[&x], &[1, 1, 2]);
    close(&read(&y), &[1.5, 4.0], 0.0);
    let y = run(&avg_pool(&[2], g, false, false), &[&x], &[1, 1, 1]);
    close(&read(&y), &[1.5], 0.0);
}

#[test]
fn avg_pool_onnx_examples() {
    let x = iota(&[1, 1, 5, 5], 1.0);
    // averagepool_2d_precomputed_pads: kernel 5, pads 2; (0,0) averages
    // rows and cols 0..2: (1+2+3+6+7+8+11+12+13) / 9 = 7.
    let y = run(
        &avg_pool(&[5, 5], geo(2, 1, 1, &[2; 4]), false, false),
        &[&x],
        &[1, 1, 5, 5],
    );
    #[rustfmt::skip]
    let want = [
        7., 7.5, 8., 8.5, 9.,
        9.5, 10., 10.5, 11., 11.5,
        12., 12.5, 13., 13.5, 14.,
        14.5, 15., 15.5, 16., 16.5,
        17., 17.5, 18., 18.5, 19.,
    ];
    close(&read(&y), &want, 1e-6);
    // ... with count_include_pad: every window counts 25: 63 / 25 = 2.52.
    let y = run(
        &avg_pool(&[5, 5], geo(2, 1, 1, &[2; 4]), false, true),
        &[&x],
        &[1, 1, 5, 5],
    );
    #[rustfmt::skip]
    let want = [
        2.52, 3.6, 4.8, 4.08, 3.24,
        4.56, 6.4, 8.4, 7.04, 5.52,
        7.2, 10., 13., 10.8, 8.4,
        6.96, 9.6, 12.4, 10.24, 7.92,
        6.12, 8.4, 10.8, 8.88, 6.84,
    ];
    close(&read(&y), &want, 1e-5);
    let x = iota(&[1, 1, 4, 4], 1.0);
    // averagepool_2d_ceil: (0,1) averages cols 2..3 of rows 0..2:
    // (3+4+7+8+11+12) / 6 = 7.5.
    let y = run(
        &avg_pool(&[3, 3], geo(2, 2, 1, &[0; 4]), true, false),
        &[&x],
        &[1, 1, 2, 2],
    );
    close(&read(&y), &[6., 7.5, 12., 13.5], 0.0);
    // averagepool_2d_dilations: (1+3+9+11) / 4 = 6.
    let y = run(
        &avg_pool(&[2, 2], geo(2, 1, 2, &[0; 4]), false, false),
        &[&x],
        &[1, 1, 2, 2],
    );
    close(&read(&y), &[6., 7., 10., 11.], 0.0);
}

#[test]
fn avg_pool_padding_counts_and_zero_sizes() {
    // 1-d [2 4 6], kernel 3, pads (1, 2), stride 1: windows -1..1, 0..2,
    // 1..3, 2..4. Without padding counted: 6/2, 12/3, 10/2, 6/1; with it:
    // every window lies inside [-1, 5): /3.
    let x = floats(F32, &[1, 1, 3], &[2., 4., 6.]);
    let g = geo(1, 1, 1, &[1, 2]);
    let y = run(&avg_pool(&[3], g.clone(), false, false), &[&x], &[1, 1, 4]);
    close(&read(&y), &[3., 4., 5., 6.], 0.0);
    let y = run(&avg_pool(&[3], g, false, true), &[&x], &[1, 1, 4]);
    close(&read(&y), &[2., 4., 10. / 3., 2.], 1e-6);
    // A 0-sized spatial dim padded to one window: 0 / 0 without the pads
    // counted, 0 / 3 with them.
    let x = floats(F32, &[1, 2, 0], &[]);
    let g = geo(1, 1, 1, &[1, 2]);
    let y = run(&avg_pool(&[3], g.clone(), false, false), &[&x], &[1, 2, 1]);
    assert!(read(&y).iter().all(|v| v.is_nan()));
    let y = run(&avg_pool(&[3], g, false, true), &[&x], &[1, 2, 1]);
    close(&read(&y), &[0.0, 0.0], 0.0);
    // N = 0 and C = 0.
    for shape in [[0, 3, 5], [2, 0, 5]] {
        let x = floats(F32, &shape, &[]);
        let y = run(
            &avg_pool(&[2], geo(1, 1, 1, &[0, 0]), false, false),
            &[&x],
            &[shape[0], shape[1], 4],
        );
        assert!(y.data.is_empty());
    }
    // f16 rounds once: (1 + 1 + 2^-10) / 3 in f64, then to f16.
    let e = ElementType::F16;
    let x = floats(e, &[1, 1, 3], &[1.0, 1.0, 1.0009765625]);
    let y = run(
        &avg_pool(&[3], geo(1, 1, 1, &[0, 0]), false, false),
        &[&x],
        &[1, 1, 1],
    );
    let want = f16::from_f64((3.0 + 0.0009765625) / 3.0).to_f64();
    assert_eq!(read(&y), vec![want]);
    let i = ints(ElementType::I32, &[1, 1, 2], &[1, 2]);
    let e = eval(
        &avg_pool(&[2], geo(1, 1, 1, &[0, 0]), false, false),
        &[&i],
        &[None; 3],
    )
    .unwrap_err();
    assert_eq!(
        e.message(),
        "graph.avg_pool: requires a float element type, got i32"
    );
}

// ------------------------------------------------------------------- pad

fn pad(pads: &[i64], mode: PadMode) -> WindowOp {
    WindowOp::Pad {
        pads: pads.to_vec(),
        mode,
    }
}

#[test]
fn pad_onnx_examples() {
    // The spec's examples: [[1.0 1.2] [2.3 3.4] [4.5 5.7]], pads [0 2 0 0].
    let x = floats(F32, &[3, 2], &[1.0, 1.2, 2.3, 3.4, 4.5, 5.7]);
    let p = [0, 2, 0, 0];
    let y = run(&pad(&p, PadMode::Constant), &[&x], &[3, 4]);
    let want = [0., 0., 1.0, 1.2, 0., 0., 2.3, 3.4, 0., 0., 4.5, 5.7];
    close(&read(&y), &want, 1e-6);
    let y = run(&pad(&p, PadMode::Reflect), &[&x], &[3, 4]);
    let want = [1.0, 1.2, 1.0, 1.2, 2.3, 3.4, 2.3, 3.4, 4.5, 5.7, 4.5, 5.7];
    close(&read(&y), &want, 1e-6);
    let y = run(&pad(&p, PadMode::Edge), &[&x], &[3, 4]);
    let want = [1.0, 1.0, 1.0, 1.2, 2.3, 2.3, 2.3, 3.4, 4.5, 4.5, 4.5, 5.7];
    close(&read(&y), &want, 1e-6);
    // A value operand.
    let v = floats(F32, &[], &[1.5]);
    let y = run(&pad(&[1, 0, 0, 0], PadMode::Constant), &[&x, &v], &[4, 2]);
    close(&read(&y), &[1.5, 1.5, 1.0, 1.2, 2.3, 3.4, 4.5, 5.7], 1e-6);
}

#[test]
fn pad_modes_1d() {
    let x = floats(F32, &[4], &[1., 2., 3., 4.]);
    let cases: [(PadMode, [i64; 2], &[f64]); 9] = [
        (
            PadMode::Reflect,
            [2, 3],
            &[3., 2., 1., 2., 3., 4., 3., 2., 1.],
        ),
        (PadMode::Edge, [2, 3], &[1., 1., 1., 2., 3., 4., 4., 4., 4.]),
        (PadMode::Wrap, [2, 3], &[3., 4., 1., 2., 3., 4., 1., 2., 3.]),
        // Past the length: periodic (numpy's pad).
        (PadMode::Wrap, [5, 0], &[4., 1., 2., 3., 4., 1., 2., 3., 4.]),
        (PadMode::Reflect, [4, 0], &[3., 4., 3., 2., 1., 2., 3., 4.]),
        // Negative pads crop first, then the cropped [2 3 4] is padded.
        (PadMode::Edge, [-1, 2], &[2., 3., 4., 4., 4.]),
        (PadMode::Wrap, [-1, 2], &[2., 3., 4., 2., 3.]),
        // Cropped to [1 2], reflected periodically: not 3 2 | 1 2.
        (PadMode::Reflect, [2, -2], &[1., 2., 1., 2.]),
        (PadMode::Reflect, [1, -1], &[2., 1., 2., 3.]),
    ];
    for (mode, p, want) in cases {
        let shape = [(4 + p[0] + p[1]) as usize];
        let y = run(&pad(&p, mode), &[&x], &shape);
        close(&read(&y), want, 0.0);
    }
    // Constant with a crop on one side and a pad on the other.
    let v = floats(F32, &[], &[9.0]);
    let y = run(&pad(&[1, -2], PadMode::Constant), &[&x, &v], &[3]);
    close(&read(&y), &[9., 1., 2.], 0.0);
    // Over-cropped: 4 - 5 + 2 = 1 element, all value.
    let y = run(&pad(&[-5, 2], PadMode::Constant), &[&x, &v], &[1]);
    close(&read(&y), &[9.], 0.0);
    let e = eval(&pad(&[-5, 2], PadMode::Edge), &[&x], &[None]).unwrap_err();
    assert!(
        e.message()
            .starts_with("graph.pad: mode edge cannot pad dim 0"),
        "{e}"
    );
    let e = eval(&pad(&[1, 1], PadMode::Wrap), &[&x, &v], &[None]).unwrap_err();
    assert!(e.message().contains("mode constant only"), "{e}");
}

#[test]
fn pad_any_element_type_and_zero_sizes() {
    // i1 and i64 copy their bytes; the value is 0 without an operand.
    let b = ints(ElementType::I1, &[2], &[1, 0]);
    let y = run(&pad(&[1, 1], PadMode::Constant), &[&b], &[4]);
    assert_eq!(y.data, vec![0, 1, 0, 0]);
    let i = ints(ElementType::I64, &[2, 2], &[1, -2, 3, -4]);
    let y = run(&pad(&[0, 1, 1, 0], PadMode::Reflect), &[&i], &[3, 3]);
    assert_eq!(read_ints(&y), vec![-2, 1, -2, -4, 3, -4, -2, 1, -2]);
    // A 0-sized dim padded with a value; edge of an empty dim that is not
    // padded; a 0-sized result.
    let x = floats(F32, &[0, 2], &[]);
    let v = floats(F32, &[], &[7.0]);
    let y = run(&pad(&[1, 0, 0, 1], PadMode::Constant), &[&x, &v], &[1, 3]);
    close(&read(&y), &[7., 7., 7.], 0.0);
    let y = run(&pad(&[0, 1, 0, 1], PadMode::Edge), &[&x], &[0, 4]);
    assert!(y.data.is_empty());
    let x = floats(F32, &[2], &[1., 2.]);
    let y = run(&pad(&[-1, -1], PadMode::Wrap), &[&x], &[0]);
    assert!(y.data.is_empty());
    let s = floats(F32, &[], &[3.0]);
    let y = run(&pad(&[], PadMode::Edge), &[&s], &[]);
    close(&read(&y), &[3.0], 0.0);
}

// ---------------------------------------------------------------- resize

fn resize(scales: &[f64], mode: ResizeMode, coordinate: CoordinateMode) -> Resize {
    Resize {
        scales: scales.to_vec(),
        mode,
        coordinate,
        nearest: NearestMode::RoundPreferFloor,
        cubic_coeff_a: -0.75,
        exclude_outside: false,
    }
}

fn run_resize(r: Resize, x: &HostTensor, out: &[usize]) -> Vec<f64> {
    read(&run(&WindowOp::Resize(r), &[x], out))
}

#[test]
fn resize_nearest() {
    use CoordinateMode::*;
    use NearestMode::*;
    // resize_upsample_scales_nearest: 2x2 by (2, 3), half_pixel: cols map to
    // (x + 0.5) / 3 - 0.5 = -1/3, 0, 1/3, 2/3, 1, 4/3 -> 0 0 0 1 1 1.
    let x = floats(F32, &[1, 1, 2, 2], &[1., 2., 3., 4.]);
    let r = resize(&[1., 1., 2., 3.], ResizeMode::Nearest, HalfPixel);
    #[rustfmt::skip]
    let want = [
        1., 1., 1., 2., 2., 2.,
        1., 1., 1., 2., 2., 2.,
        3., 3., 3., 4., 4., 4.,
        3., 3., 3., 4., 4., 4.,
    ];
    close(&run_resize(r, &x, &[1, 1, 4, 6]), &want, 0.0);
    // resize_downsample_scales_nearest: 2x4 by 0.6 -> 1x2: rows map to 1/3
    // (row 0), cols to 1/3 and 2 (cols 0 and 2).
    let x = floats(F32, &[1, 1, 2, 4], &[1., 2., 3., 4., 5., 6., 7., 8.]);
    let r = resize(&[1., 1., 0.6, 0.6], ResizeMode::Nearest, HalfPixel);
    close(&run_resize(r, &x, &[1, 1, 1, 2]), &[1., 3.], 0.0);
    // Every nearest mode on [10 20 30 40] doubled. half_pixel maps to
    // -0.25, 0.25, 0.75, ..., 3.25; asymmetric to 0, 0.5, 1, ..., 3.5.
    let x = floats(F32, &[4], &[10., 20., 30., 40.]);
    let cases: [(CoordinateMode, NearestMode, [f64; 8]); 6] = [
        (HalfPixel, Floor, [10., 10., 10., 20., 20., 30., 30., 40.]),
        (HalfPixel, Ceil, [10., 20., 20., 30., 30., 40., 40., 40.]),
        (
            HalfPixel,
            RoundPreferFloor,
            [10., 10., 20., 20., 30., 30., 40., 40.],
        ),
        (
            HalfPixel,
            RoundPreferCeil,
            [10., 10., 20., 20., 30., 30., 40., 40.],
        ),
        (
            Asymmetric,
            RoundPreferFloor,
            [10., 10., 20., 20., 30., 30., 40., 40.],
        ),
        (
            Asymmetric,
            RoundPreferCeil,
            [10., 20., 20., 30., 30., 40., 40., 40.],
        ),
    ];
    for (c, n, want) in cases {
        let mut r = resize(&[2.0], ResizeMode::Nearest, c);
        r.nearest = n;
        close(&run_resize(r, &x, &[8]), &want, 0.0);
    }
    // align_corners 4 -> 7: x / 2 -> 0, 0.5, 1, ...: prefer floor.
    let r = resize(&[1.75], ResizeMode::Nearest, AlignCorners);
    close(
        &run_resize(r, &x, &[7]),
        &[10., 10., 20., 20., 30., 30., 40.],
        0.0,
    );
}

#[test]
fn resize_linear() {
    use CoordinateMode::*;
    // resize_upsample_scales_linear: (1, 1) maps to (0.25, 0.25):
    // 1 * 0.75 + 2 * 0.25 = 1.25 along a row.
    let x = floats(F32, &[1, 1, 2, 2], &[1., 2., 3., 4.]);
    let r = resize(&[1., 1., 2., 2.], ResizeMode::Linear, HalfPixel);
    #[rustfmt::skip]
    let want = [
        1., 1.25, 1.75, 2.,
        1.5, 1.75, 2.25, 2.5,
        2.5, 2.75, 3.25, 3.5,
        3., 3.25, 3.75, 4.,
    ];
    close(&run_resize(r, &x, &[1, 1, 4, 4]), &want, 1e-6);
    // ..._align_corners: x / 3.
    let r = resize(&[1., 1., 2., 2.], ResizeMode::Linear, AlignCorners);
    let t = 1.0 / 3.0;
    #[rustfmt::skip]
    let want = [
        1., 1. + t, 1. + 2. * t, 2.,
        1. + 2. * t, 2., 2. + t, 2. + 2. * t,
        2. + t, 2. + 2. * t, 3., 3. + t,
        3., 3. + t, 3. + 2. * t, 4.,
    ];
    close(&run_resize(r, &x, &[1, 1, 4, 4]), &want, 1e-6);
    // resize_downsample_scales_linear: rows at 1/3, cols at 1/3 and 2:
    // (1 + 1/3) 2/3 + (5 + 1/3) 1/3 = 8/3 and 3 * 2/3 + 7 / 3 = 13/3.
    let x = floats(F32, &[1, 1, 2, 4], &[1., 2., 3., 4., 5., 6., 7., 8.]);
    let r = resize(&[1., 1., 0.6, 0.6], ResizeMode::Linear, HalfPixel);
    close(
        &run_resize(r, &x, &[1, 1, 1, 2]),
        &[8. / 3., 13. / 3.],
        1e-6,
    );
    // align_corners by the spec's integer length_resized: rows (one
    // output) at 0, cols at 0 and 1 * 3 / 1 = 3 -> [1 4]. (ONNX's
    // reference divides by the fractional 2.4 - 1 instead.)
    let r = resize(&[1., 1., 0.6, 0.6], ResizeMode::Linear, AlignCorners);
    close(&run_resize(r, &x, &[1, 1, 1, 2]), &[1., 4.], 0.0);
    // pytorch_half_pixel with one output maps to 0; half_pixel to 1.5.
    let x = floats(F32, &[4], &[10., 20., 30., 40.]);
    let r = resize(&[0.25], ResizeMode::Linear, PytorchHalfPixel);
    close(&run_resize(r, &x, &[1]), &[10.], 0.0);
    let r = resize(&[0.25], ResizeMode::Linear, HalfPixel);
    close(&run_resize(r, &x, &[1]), &[25.], 0.0);
    // resize_downsample_scales_linear_half_pixel_symmetric: [1 2 3 4] by
    // 0.6 -> 2: offset 2 (1 - 2 / 2.4) = 1/3, so 2/3 and 7/3.
    let x = floats(F32, &[1, 1, 1, 4], &[1., 2., 3., 4.]);
    let r = resize(&[1., 1., 1., 0.6], ResizeMode::Linear, HalfPixelSymmetric);
    close(
        &run_resize(r, &x, &[1, 1, 1, 2]),
        &[5. / 3., 10. / 3.],
        1e-6,
    );
    // resize_upsample_scales_linear_half_pixel_symmetric: 2x2 by (2.3,
    // 2.94) -> 4x5. Col 1: offset 1 - 5 / 5.88, plus 1.5 / 2.94 - 0.5.
    let x = floats(F64, &[1, 1, 2, 2], &[1., 2., 3., 4.]);
    let r = resize(&[1., 1., 2.3, 2.94], ResizeMode::Linear, HalfPixelSymmetric);
    let col = |j: f64| ((1.0 - 5.0 / 5.88) + (j + 0.5) / 2.94 - 0.5).clamp(0.0, 1.0);
    let row = |i: f64| ((1.0 - 4.0 / 4.6) + (i + 0.5) / 2.3 - 0.5).clamp(0.0, 1.0);
    let mut want = Vec::new();
    for i in 0..4 {
        for j in 0..5 {
            want.push(1.0 + 2.0 * row(i as f64) + col(j as f64));
        }
    }
    let got = run_resize(r, &x, &[1, 1, 4, 5]);
    close(&got, &want, 1e-12);
    close(&got[..3], &[1.0, 1.15986395, 1.5], 1e-8);
}

const F64: ElementType = ElementType::F64;

#[test]
fn resize_cubic() {
    use CoordinateMode::*;
    // Keys' weights with a = -0.75 at t = 0.75 (distances 1.75, 0.75, 0.25,
    // 1.25): -0.03515625, 0.26171875, 0.87890625, -0.10546875; at t = 0.25
    // the same reversed. [1 2 3 4] doubled, half_pixel: output 0 maps to
    // -0.25 (taps -2..1 clamped: 1.10546875 x0 - 0.10546875 x1), output 1
    // to 0.25 (taps -1..2).
    let x = floats(F64, &[4], &[1., 2., 3., 4.]);
    let r = resize(&[2.0], ResizeMode::Cubic, HalfPixel);
    let got = run_resize(r, &x, &[8]);
    let w = [-0.03515625, 0.26171875, 0.87890625, -0.10546875];
    let o1 = w[3] * 1.0 + w[2] * 1.0 + w[1] * 2.0 + w[0] * 3.0;
    close(&got[..2], &[0.89453125, o1], 1e-12);
    // Output 3 maps to 1.25, all four taps inside: 2 + sum(w k) for k =
    // -1..2 = 2 + 0.296875; output 4 (1.75): 2 + 0.703125. With a = -0.5
    // (Catmull-Rom), which reproduces straight lines, 2.25 and 2.75.
    close(&got[3..5], &[2.296875, 2.703125], 1e-12);
    let mut r = resize(&[2.0], ResizeMode::Cubic, HalfPixel);
    r.cubic_coeff_a = -0.5;
    close(&run_resize(r, &x, &[8])[3..5], &[2.25, 2.75], 1e-12);
    // resize_upsample_scales_cubic: 1..16 as 4x4 by 2: rows then cols each
    // 1.10546875 v0 - 0.10546875 v1 at output 0: rows give c + 0.578125 for
    // column c, then 1.10546875 * 0.578125 - 0.10546875 * 1.578125.
    let x = iota(&[1, 1, 4, 4], 1.0);
    let r = resize(&[1., 1., 2., 2.], ResizeMode::Cubic, HalfPixel);
    let got = run_resize(r, &x, &[1, 1, 8, 8]);
    close(&got[..2], &[0.47265625, 0.76953125], 1e-6);
    // ..._A_n0p5_exclude_outside: a = -0.5; at output 0 only taps 0 and 1
    // are inside, weights 0.8671875 and -0.0703125 renormalised by their
    // sum 0.796875.
    let mut r = resize(&[1., 1., 2., 2.], ResizeMode::Cubic, HalfPixel);
    r.cubic_coeff_a = -0.5;
    r.exclude_outside = true;
    let got = run_resize(r, &x, &[1, 1, 8, 8]);
    let (a, b) = (0.8671875 / 0.796875, -0.0703125 / 0.796875);
    let rows = a * 1.0 + b * 5.0; // column 0 after the rows
    let want = a * rows + b * (rows + 1.0);
    close(&got[..1], &[want], 1e-6);
    close(&got[..1], &[0.55882353], 1e-6);
    // Scale 1 is the identity in every coordinate mode.
    for c in [
        HalfPixel,
        HalfPixelSymmetric,
        PytorchHalfPixel,
        AlignCorners,
        Asymmetric,
    ] {
        let r = resize(&[1., 1., 1., 1.], ResizeMode::Cubic, c);
        let got = run_resize(r, &x, &[1, 1, 4, 4]);
        close(&got, &read(&x), 1e-12);
    }
}

#[test]
fn resize_zero_sizes_dynamic_results_and_errors() {
    let x = floats(F32, &[0, 3], &[]);
    let r = resize(&[1.0, 2.0], ResizeMode::Linear, CoordinateMode::HalfPixel);
    let y = run(&WindowOp::Resize(r.clone()), &[&x], &[0, 6]);
    assert!(y.data.is_empty());
    // A dynamic result dim is floor(D * scale): 3 * 1.5 = 4.5 -> 4.
    let x = floats(F32, &[1, 3], &[1., 2., 3.]);
    let mut r15 = r.clone();
    r15.scales = vec![1.0, 1.5];
    let y = eval(&WindowOp::Resize(r15), &[&x], &[Some(1), None]).unwrap();
    assert_eq!(y.shape, vec![1, 4]);
    // To 0 elements.
    let y = run(&WindowOp::Resize(r.clone()), &[&x], &[1, 0]);
    assert!(y.data.is_empty());
    let x0 = floats(F32, &[1, 0], &[]);
    let e = eval(&WindowOp::Resize(r.clone()), &[&x0], &[Some(1), Some(2)]).unwrap_err();
    assert_eq!(
        e.message(),
        "graph.resize: cannot resize dim 1 of size 0 to 2"
    );
    let mut bad = r;
    bad.scales = vec![1.0, 0.0];
    let e = eval(&WindowOp::Resize(bad), &[&x], &[Some(1), Some(2)]).unwrap_err();
    assert!(e.message().contains("scales must be positive"), "{e}");
}
