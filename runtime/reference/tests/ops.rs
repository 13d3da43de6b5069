//! The reference semantics of every graph op, with hand-computed expectations.

use half::{bf16, f16};
use xir_runtime_hal::element::{ElementType, FloatType, IntSign};
use xir_runtime_hal::tensor::HostTensor;
use xir_runtime_hal::ErrorKind;
use xir_runtime_reference::ops::{eval, GraphOp};

// ------------------------------------------------------------------ helpers

const fn int(bits: u8, sign: IntSign) -> ElementType {
    ElementType::Int { bits, sign }
}
const I1: ElementType = ElementType::I1;
const I8: ElementType = ElementType::I8;
const I16: ElementType = ElementType::I16;
const I32: ElementType = ElementType::I32;
const I64: ElementType = ElementType::I64;
const SI8: ElementType = int(8, IntSign::Signed);
const SI16: ElementType = int(16, IntSign::Signed);
const UI1: ElementType = int(1, IntSign::Unsigned);
const UI8: ElementType = int(8, IntSign::Unsigned);
const UI32: ElementType = int(32, IntSign::Unsigned);
const UI64: ElementType = int(64, IntSign::Unsigned);
const F16: ElementType = ElementType::F16;
const BF16: ElementType = ElementType::BF16;
const F32: ElementType = ElementType::F32;
const F64: ElementType = ElementType::F64;

const ALL: [ElementType; 19] = [
    I1,
    I8,
    I16,
    I32,
    I64,
    int(1, IntSign::Signed),
    SI8,
    SI16,
    int(32, IntSign::Signed),
    int(64, IntSign::Signed),
    UI1,
    UI8,
    int(16, IntSign::Unsigned),
    UI32,
    UI64,
    F16,
    BF16,
    F32,
    F64,
];

/// An integer tensor: each value's low bytes, little-endian (an i1 is 0/1).
fn ints(e: ElementType, shape: &[usize], v: &[i128]) -> HostTensor {
    let ElementType::Int { bits, .. } = e else {
        panic!("{e} is not an integer type")
    };
    let n = e.byte_size();
    let mut data = Vec::new();
    for &x in v {
        let x = if bits == 1 { x & 1 } else { x };
        data.extend_from_slice(&(x as u64).to_le_bytes()[..n]);
    }
    HostTensor::new(e, shape.to_vec(), data).unwrap()
}

/// The values of an integer tensor: signed unless `ui`.
fn read_ints(t: &HostTensor) -> Vec<i128> {
    let ElementType::Int { bits, sign } = t.element else {
        panic!("{} is not an integer type", t.element)
    };
    let n = t.element.byte_size();
    t.data
        .chunks_exact(n)
        .map(|b| {
            let mut le = [0u8; 8];
            le[..n].copy_from_slice(b);
            let u = u64::from_le_bytes(le) as i128;
            let shift = 128 - bits as u32;
            if sign == IntSign::Unsigned {
                u
            } else {
                (u << shift) >> shift
            }
        })
        .collect()
}

fn floats(e: ElementType, shape: &[usize], v: &[f64]) -> HostTensor {
    let mut data = Vec::new();
    for &x in v {
        match e {
            ElementType::Float(FloatType::F16) => {
                data.extend_from_slice(&f16::from_f64(x).to_le_bytes())
            }
            ElementType::Float(FloatType::BF16) => {
                data.extend_from_slice(&bf16::from_f64(x).to_le_bytes())
            }
            ElementType::Float(FloatType::F32) => data.extend_from_slice(&(x as f32).to_le_bytes()),
            ElementType::Float(FloatType::F64) => data.extend_from_slice(&x.to_le_bytes()),
            _ => panic!("{e} is not a float type"),
        }
    }
    HostTensor::new(e, shape.to_vec(), data).unwrap()
}

fn read_floats(t: &HostTensor) -> Vec<f64> {
    let n = t.element.byte_size();
    t.data
        .chunks_exact(n)
        .map(|b| match t.element {
            ElementType::Float(FloatType::F16) => f16::from_le_bytes([b[0], b[1]]).to_f64(),
            ElementType::Float(FloatType::BF16) => bf16::from_le_bytes([b[0], b[1]]).to_f64(),
            ElementType::Float(FloatType::F32) => f32::from_le_bytes(b.try_into().unwrap()) as f64,
            ElementType::Float(FloatType::F64) => f64::from_le_bytes(b.try_into().unwrap()),
            e => panic!("{e} is not a float type"),
        })
        .collect()
}

/// A tensor of `e` from small integer values (any element type).
fn values(e: ElementType, shape: &[usize], v: &[i128]) -> HostTensor {
    if e.is_float() {
        floats(e, shape, &v.iter().map(|&x| x as f64).collect::<Vec<_>>())
    } else {
        ints(e, shape, v)
    }
}

fn read_values(t: &HostTensor) -> Vec<f64> {
    if t.element.is_float() {
        read_floats(t)
    } else {
        read_ints(t).into_iter().map(|x| x as f64).collect()
    }
}

fn run(op: GraphOp, inputs: &[&HostTensor], shape: &[usize], e: ElementType) -> HostTensor {
    let r = eval(&op, inputs, shape, e).unwrap_or_else(|m| panic!("{m}"));
    assert_eq!(r.shape, shape);
    assert_eq!(r.element, e);
    assert_eq!(
        r.data.len(),
        shape.iter().product::<usize>() * e.byte_size()
    );
    r
}

fn run_ints(op: GraphOp, inputs: &[&HostTensor], shape: &[usize]) -> Vec<i128> {
    read_ints(&run(op, inputs, shape, inputs[0].element))
}

fn run_floats(op: GraphOp, inputs: &[&HostTensor], shape: &[usize]) -> Vec<f64> {
    read_floats(&run(op, inputs, shape, inputs[0].element))
}

/// `eval` fails with a one-line message naming the op and containing `needle`.
fn fails(op: GraphOp, inputs: &[&HostTensor], shape: &[usize], e: ElementType, needle: &str) {
    let m = eval(&op, inputs, shape, e)
        .expect_err("expected an error")
        .into_message();
    assert!(m.starts_with(op.name()), "{m}");
    assert!(m.contains(needle), "{m:?} lacks {needle:?}");
    assert!(!m.contains('\n'), "{m:?}");
}

/// Bitwise float comparison (NaN and the sign of zero count).
fn same_bits(a: &[f64], b: &[f64]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| (x.is_nan() && y.is_nan()) || x.to_bits() == y.to_bits())
}

// -------------------------------------------------------------- elementwise

#[test]
fn add_all_element_types() {
    for e in ALL {
        let a = values(e, &[2, 2], &[0, 1, 0, 1]);
        let b = values(e, &[2, 2], &[0, 0, 1, 1]);
        let r = read_values(&run(GraphOp::Add, &[&a, &b], &[2, 2], e));
        let expected = match e {
            // i1: add is xor.
            ElementType::Int { bits: 1, sign } if sign != IntSign::Unsigned => [0., -1., -1., 0.],
            ElementType::Int { bits: 1, .. } => [0., 1., 1., 0.],
            _ => [0., 1., 1., 2.],
        };
        assert_eq!(r, expected, "{e}");
    }
}

#[test]
fn add_wraps_integers() {
    let a = ints(I32, &[3], &[i32::MAX as i128, i32::MIN as i128, -5]);
    let b = ints(I32, &[3], &[1, -1, 3]);
    assert_eq!(
        run_ints(GraphOp::Add, &[&a, &b], &[3]),
        [i32::MIN as i128, i32::MAX as i128, -2]
    );
    let a = ints(I8, &[2], &[127, -128]);
    let b = ints(I8, &[2], &[1, -1]);
    assert_eq!(run_ints(GraphOp::Add, &[&a, &b], &[2]), [-128, 127]);
    let a = ints(UI8, &[2], &[255, 200]);
    let b = ints(UI8, &[2], &[1, 100]);
    assert_eq!(run_ints(GraphOp::Add, &[&a, &b], &[2]), [0, 44]);
    let a = ints(UI64, &[1], &[u64::MAX as i128]);
    let b = ints(UI64, &[1], &[2]);
    assert_eq!(run_ints(GraphOp::Add, &[&a, &b], &[1]), [1]);
    let a = ints(I64, &[1], &[i64::MAX as i128]);
    let b = ints(I64, &[1], &[1]);
    assert_eq!(run_ints(GraphOp::Add, &[&a, &b], &[1]), [i64::MIN as i128]);
}

#[test]
fn add_rounds_floats_per_op() {
    // f16: 2048 + 1 is a tie between 2048 and 2050: rounds to even (2048);
    // 2048 + 3 = 2051 rounds to 2052.
    let a = floats(F16, &[3], &[2048., 2048., 1.]);
    let b = floats(F16, &[3], &[1., 3., 0.5]);
    assert_eq!(
        run_floats(GraphOp::Add, &[&a, &b], &[3]),
        [2048., 2052., 1.5]
    );
    // bf16 has 8 significant bits: 256 + 1 -> 256, 256 + 3 -> 260 (tie to even).
    let a = floats(BF16, &[2], &[256., 256.]);
    let b = floats(BF16, &[2], &[1., 3.]);
    assert_eq!(run_floats(GraphOp::Add, &[&a, &b], &[2]), [256., 260.]);
    let a = floats(F64, &[1], &[0.1]);
    let b = floats(F64, &[1], &[0.2]);
    assert_eq!(run_floats(GraphOp::Add, &[&a, &b], &[1]), [0.1 + 0.2]);
    assert_ne!(0.1 + 0.2, 0.3);
    let a = floats(F32, &[1], &[0.1]);
    let b = floats(F32, &[1], &[0.2]);
    assert_eq!(
        run_floats(GraphOp::Add, &[&a, &b], &[1]),
        [(0.1f32 + 0.2f32) as f64]
    );
}

#[test]
fn sub_and_mul() {
    let a = ints(UI8, &[2], &[0, 16]);
    let b = ints(UI8, &[2], &[1, 16]);
    assert_eq!(run_ints(GraphOp::Sub, &[&a, &b], &[2]), [255, 0]);
    assert_eq!(run_ints(GraphOp::Mul, &[&a, &b], &[2]), [0, 0]);
    let a = ints(SI16, &[2], &[-32768, 300]);
    let b = ints(SI16, &[2], &[1, 300]);
    assert_eq!(run_ints(GraphOp::Sub, &[&a, &b], &[2]), [32767, 0]);
    // 300 * 300 = 90000 = 0x15f90 -> 0x5f90 = 24464.
    assert_eq!(run_ints(GraphOp::Mul, &[&a, &b], &[2]), [-32768, 24464]);
    // i1: sub is xor, mul is and.
    let a = ints(UI1, &[4], &[0, 1, 0, 1]);
    let b = ints(UI1, &[4], &[0, 0, 1, 1]);
    assert_eq!(run_ints(GraphOp::Sub, &[&a, &b], &[4]), [0, 1, 1, 0]);
    assert_eq!(run_ints(GraphOp::Mul, &[&a, &b], &[4]), [0, 0, 0, 1]);
    let a = ints(I1, &[4], &[0, 1, 0, 1]);
    let b = ints(I1, &[4], &[0, 0, 1, 1]);
    let r = run(GraphOp::Mul, &[&a, &b], &[4], I1);
    assert_eq!(r.data, [0, 0, 0, 1], "i1 is stored as bytes 0/1");
    let a = ints(I64, &[1], &[i64::MAX as i128]);
    assert_eq!(run_ints(GraphOp::Mul, &[&a, &a], &[1]), [1]);
    let a = floats(F16, &[2], &[1.5, -3.]);
    let b = floats(F16, &[2], &[2., 0.25]);
    assert_eq!(run_floats(GraphOp::Mul, &[&a, &b], &[2]), [3., -0.75]);
    assert_eq!(run_floats(GraphOp::Sub, &[&a, &b], &[2]), [-0.5, -3.25]);
    let a = floats(F64, &[2], &[1.5, -3.]);
    let b = floats(F64, &[2], &[2., 0.25]);
    assert_eq!(run_floats(GraphOp::Sub, &[&a, &b], &[2]), [-0.5, -3.25]);
}

#[test]
fn div_truncates_and_never_traps() {
    let a = ints(I32, &[6], &[7, -7, 7, 5, i32::MIN as i128, 0]);
    let b = ints(I32, &[6], &[2, 2, -2, 0, -1, 0]);
    assert_eq!(
        run_ints(GraphOp::Div, &[&a, &b], &[6]),
        [3, -3, -3, 0, i32::MIN as i128, 0]
    );
    let a = ints(I8, &[2], &[-128, -128]);
    let b = ints(I8, &[2], &[-1, 3]);
    assert_eq!(run_ints(GraphOp::Div, &[&a, &b], &[2]), [-128, -42]);
    let a = ints(I64, &[2], &[i64::MIN as i128, 9]);
    let b = ints(I64, &[2], &[-1, 0]);
    assert_eq!(
        run_ints(GraphOp::Div, &[&a, &b], &[2]),
        [i64::MIN as i128, 0]
    );
    // ui8 is unsigned: 200 / 3 = 66 (as a signed i8 it would be -56 / 3 = -18).
    let a = ints(UI8, &[2], &[200, 200]);
    let b = ints(UI8, &[2], &[3, 0]);
    assert_eq!(run_ints(GraphOp::Div, &[&a, &b], &[2]), [66, 0]);
    let a = ints(I8, &[1], &[200]);
    let b = ints(I8, &[1], &[3]);
    assert_eq!(run_ints(GraphOp::Div, &[&a, &b], &[1]), [-18]);
    let a = ints(UI64, &[1], &[u64::MAX as i128]);
    let b = ints(UI64, &[1], &[2]);
    assert_eq!(
        run_ints(GraphOp::Div, &[&a, &b], &[1]),
        [(u64::MAX / 2) as i128]
    );
    // Signless i1: true is -1; -1 / -1 = 1 wraps back to -1 (true).
    let a = ints(I1, &[3], &[1, 0, 1]);
    let b = ints(I1, &[3], &[1, 1, 0]);
    assert_eq!(run(GraphOp::Div, &[&a, &b], &[3], I1).data, [1, 0, 0]);
    let a = floats(F32, &[3], &[1., 0., -1.]);
    let b = floats(F32, &[3], &[0., 0., 4.]);
    let r = run_floats(GraphOp::Div, &[&a, &b], &[3]);
    assert_eq!(r[0], f64::INFINITY);
    assert!(r[1].is_nan());
    assert_eq!(r[2], -0.25);
    let a = floats(BF16, &[1], &[1.]);
    let b = floats(BF16, &[1], &[3.]);
    assert_eq!(
        run_floats(GraphOp::Div, &[&a, &b], &[1]),
        [bf16::from_f32(1. / 3.).to_f64()]
    );
}

#[test]
fn max_signedness_nan_and_zeros() {
    let a = ints(I8, &[2], &[-1, 5]);
    let b = ints(I8, &[2], &[1, -128]);
    assert_eq!(run_ints(GraphOp::Max, &[&a, &b], &[2]), [1, 5]);
    let a = ints(UI8, &[2], &[255, 5]);
    let b = ints(UI8, &[2], &[1, 128]);
    assert_eq!(run_ints(GraphOp::Max, &[&a, &b], &[2]), [255, 128]);
    // Signless i1 is signed: true (-1) < false (0).
    let a = ints(I1, &[4], &[0, 1, 0, 1]);
    let b = ints(I1, &[4], &[0, 0, 1, 1]);
    assert_eq!(run(GraphOp::Max, &[&a, &b], &[4], I1).data, [0, 0, 0, 1]);
    let a = ints(UI1, &[4], &[0, 1, 0, 1]);
    let b = ints(UI1, &[4], &[0, 0, 1, 1]);
    assert_eq!(run(GraphOp::Max, &[&a, &b], &[4], UI1).data, [0, 1, 1, 1]);

    for e in [F16, BF16, F32, F64] {
        let a = floats(e, &[6], &[f64::NAN, 1., -0., 0., -1., f64::NEG_INFINITY]);
        let b = floats(e, &[6], &[1., f64::NAN, 0., -0., -2., -3.]);
        let r = run_floats(GraphOp::Max, &[&a, &b], &[6]);
        assert!(
            same_bits(&r, &[f64::NAN, f64::NAN, 0., 0., -1., -3.]),
            "{e}: {r:?}"
        );
    }
}

#[test]
fn neg() {
    let a = ints(I8, &[3], &[-128, 5, 0]);
    assert_eq!(run_ints(GraphOp::Neg, &[&a], &[3]), [-128, -5, 0]);
    let a = ints(UI8, &[2], &[1, 0]);
    assert_eq!(run_ints(GraphOp::Neg, &[&a], &[2]), [255, 0]);
    let a = ints(I1, &[2], &[1, 0]);
    assert_eq!(run(GraphOp::Neg, &[&a], &[2], I1).data, [1, 0]);
    let a = ints(I64, &[1], &[i64::MIN as i128]);
    assert_eq!(run_ints(GraphOp::Neg, &[&a], &[1]), [i64::MIN as i128]);
    for e in [F16, BF16, F64] {
        let a = floats(e, &[3], &[1.5, 0., -2.]);
        let r = run_floats(GraphOp::Neg, &[&a], &[3]);
        assert!(same_bits(&r, &[-1.5, -0., 2.]), "{e}: {r:?}");
    }
}

#[test]
fn relu() {
    for e in [F16, BF16, F32, F64] {
        let a = floats(e, &[6], &[-1., 0., 2.5, f64::NAN, -0., f64::NEG_INFINITY]);
        let r = run_floats(GraphOp::Relu, &[&a], &[6]);
        assert!(
            same_bits(&r, &[0., 0., 2.5, f64::NAN, 0., 0.]),
            "{e}: {r:?}"
        );
    }
    let a = ints(I32, &[3], &[-5, 5, 0]);
    assert_eq!(run_ints(GraphOp::Relu, &[&a], &[3]), [0, 5, 0]);
    let a = ints(UI8, &[2], &[200, 0]);
    assert_eq!(run_ints(GraphOp::Relu, &[&a], &[2]), [200, 0]);
    let a = ints(I8, &[1], &[200]);
    assert_eq!(run_ints(GraphOp::Relu, &[&a], &[1]), [0]);
    // Signless i1: true is -1, so relu(true) = false.
    let a = ints(I1, &[2], &[1, 0]);
    assert_eq!(run(GraphOp::Relu, &[&a], &[2], I1).data, [0, 0]);
}

#[test]
fn exp_and_tanh() {
    let a = floats(F32, &[3], &[1., 0., -2.]);
    assert_eq!(
        run_floats(GraphOp::Exp, &[&a], &[3]),
        [1f32.exp() as f64, 1., (-2f32).exp() as f64]
    );
    assert_eq!(
        run_floats(GraphOp::Tanh, &[&a], &[3]),
        [1f32.tanh() as f64, 0., (-2f32).tanh() as f64]
    );
    let a = floats(F64, &[2], &[1., 0.5]);
    assert_eq!(
        run_floats(GraphOp::Exp, &[&a], &[2]),
        [std::f64::consts::E, 0.5f64.exp()]
    );
    assert_eq!(
        run_floats(GraphOp::Tanh, &[&a], &[2]),
        [1f64.tanh(), 0.5f64.tanh()]
    );
    // f16: computed in f32, rounded once: e = 2.71875 in f16, tanh(1) = 0.76171875.
    let a = floats(F16, &[2], &[1., 20.]);
    assert_eq!(
        run_floats(GraphOp::Exp, &[&a], &[2]),
        [2.71875, f64::INFINITY]
    );
    assert_eq!(run_floats(GraphOp::Tanh, &[&a], &[2]), [0.76171875, 1.]);
    let a = floats(BF16, &[1], &[1.]);
    assert_eq!(run_floats(GraphOp::Exp, &[&a], &[1]), [2.71875]);
    let a = floats(F32, &[2], &[f64::NAN, f64::NEG_INFINITY]);
    let r = run_floats(GraphOp::Exp, &[&a], &[2]);
    assert!(r[0].is_nan() && r[1] == 0.);

    for e in [I1, I32, UI8] {
        let a = ints(e, &[1], &[1]);
        fails(GraphOp::Exp, &[&a], &[1], e, "float");
        fails(GraphOp::Tanh, &[&a], &[1], e, "float");
    }
}

#[test]
fn elementwise_zero_sized_and_rank_0() {
    for e in ALL {
        let a = values(e, &[2, 0, 3], &[]);
        let r = run(GraphOp::Add, &[&a, &a], &[2, 0, 3], e);
        assert!(r.data.is_empty());
        run(GraphOp::Neg, &[&a], &[2, 0, 3], e);
        let s = values(e, &[], &[1]);
        let r = read_values(&run(GraphOp::Mul, &[&s, &s], &[], e));
        let one = if matches!(e, ElementType::Int { bits: 1, sign } if sign != IntSign::Unsigned) {
            -1.
        } else {
            1.
        };
        assert_eq!(r, [one], "{e}");
    }
    let a = floats(F32, &[0], &[]);
    run(GraphOp::Exp, &[&a], &[0], F32);
}

#[test]
fn elementwise_errors() {
    let a = floats(F32, &[2, 3], &[0.; 6]);
    let b = floats(F32, &[3, 2], &[0.; 6]);
    let h = floats(F16, &[2, 3], &[0.; 6]);
    fails(
        GraphOp::Add,
        &[&a, &b],
        &[2, 3],
        F32,
        "operand 1 is 3x2xf32",
    );
    fails(GraphOp::Add, &[&a, &a], &[3, 2], F32, "operand 0");
    fails(
        GraphOp::Add,
        &[&a],
        &[2, 3],
        F32,
        "expects 2 operand(s), got 1",
    );
    fails(
        GraphOp::Neg,
        &[&a, &a],
        &[2, 3],
        F32,
        "expects 1 operand(s), got 2",
    );
    fails(GraphOp::Exp, &[], &[2, 3], F32, "got 0");
    fails(
        GraphOp::Add,
        &[&a, &h],
        &[2, 3],
        F32,
        "element types differ",
    );
    fails(GraphOp::Relu, &[&a], &[2, 3], F16, "element types differ");
    // A tensor whose bytes do not fit its shape.
    let bad = HostTensor {
        element: F32,
        shape: vec![2, 3],
        data: vec![0; 5],
    };
    fails(
        GraphOp::Neg,
        &[&bad],
        &[2, 3],
        F32,
        "holds 5 bytes, expected 24",
    );
    // An integer width the runtime does not hold.
    let i7 = int(7, IntSign::Signless);
    let odd = HostTensor {
        element: i7,
        shape: vec![1],
        data: vec![0],
    };
    fails(
        GraphOp::Neg,
        &[&odd],
        &[1],
        i7,
        "unsupported integer width 7",
    );
    fails(
        GraphOp::Reshape,
        &[&odd],
        &[1],
        i7,
        "unsupported integer width 7",
    );
    // A result too large to hold.
    let s = floats(F32, &[], &[1.]);
    fails(
        GraphOp::Broadcast { dimensions: vec![] },
        &[&s],
        &[usize::MAX, 2],
        F32,
        "too large",
    );
}

#[test]
fn elementwise_a_million_elements() {
    let n = 1 << 20;
    let a = HostTensor::new(
        F32,
        vec![1024, 1024],
        (0..n).flat_map(|i| (i as f32).to_le_bytes()).collect(),
    )
    .unwrap();
    let r = run_floats(GraphOp::Add, &[&a, &a], &[1024, 1024]);
    assert_eq!(r[3], 6.);
    assert_eq!(r[n - 1], 2. * (n - 1) as f64);
    let t = run(
        GraphOp::Transpose {
            permutation: vec![1, 0],
        },
        &[&a],
        &[1024, 1024],
        F32,
    );
    assert_eq!(read_floats(&t)[1], 1024.);
    let s = run_floats(GraphOp::ReduceMax { axes: vec![1] }, &[&a], &[1024]);
    assert_eq!(s[0], 1023.);
}

// ------------------------------------------------------------------- matmul

#[test]
fn matmul_2d() {
    // [[1, 2, 3], [4, 5, 6]] x [[7, 8], [9, 10], [11, 12]] = [[58, 64], [139, 154]]
    for e in [I8, SI16, I32, I64, UI8, UI32, F16, BF16, F32, F64] {
        let a = values(e, &[2, 3], &[1, 2, 3, 4, 5, 6]);
        let b = values(e, &[3, 2], &[7, 8, 9, 10, 11, 12]);
        let r = read_values(&run(GraphOp::Matmul, &[&a, &b], &[2, 2], e));
        let expected = if e == I8 {
            // 139 and 154 wrap in i8.
            [58., 64., 139. - 256., 154. - 256.]
        } else {
            [58., 64., 139., 154.]
        };
        assert_eq!(r, expected, "{e}");
    }
    // i1 signless: products are ands, sums xors.
    let a = ints(I1, &[1, 3], &[1, 1, 1]);
    let b = ints(I1, &[3, 2], &[1, 1, 1, 0, 1, 1]);
    assert_eq!(run(GraphOp::Matmul, &[&a, &b], &[1, 2], I1).data, [1, 0]);
}

#[test]
fn matmul_batched_and_rank_4() {
    // Batch 0: [[1, 2]] x [[1], [1]] = [[3]]; batch 1: [[3, 4]] x [[2], [-1]] = [[2]].
    let a = floats(F64, &[2, 1, 2], &[1., 2., 3., 4.]);
    let b = floats(F64, &[2, 2, 1], &[1., 1., 2., -1.]);
    assert_eq!(run_floats(GraphOp::Matmul, &[&a, &b], &[2, 1, 1]), [3., 2.]);
    // [1, 2, 2, 2] x [1, 2, 2, 1]: each batch is a 2x2 times a 2x1.
    let a = ints(I32, &[1, 2, 2, 2], &[1, 0, 0, 1, 2, 3, 4, 5]);
    let b = ints(I32, &[1, 2, 2, 1], &[7, 8, 1, -1]);
    assert_eq!(
        run_ints(GraphOp::Matmul, &[&a, &b], &[1, 2, 2, 1]),
        [7, 8, -1, -1]
    );
}

#[test]
fn matmul_rounds_half_once_at_the_end() {
    // In f32: 2048 + 1 + 1 = 2050, exact in f16. Rounding after each add
    // would give 2048 (2049 ties to even, twice).
    for e in [F16, BF16] {
        let big = if e == F16 { 2048. } else { 256. };
        let a = floats(e, &[1, 3], &[big, 1., 1.]);
        let b = floats(e, &[3, 1], &[1., 1., 1.]);
        assert_eq!(
            run_floats(GraphOp::Matmul, &[&a, &b], &[1, 1]),
            [big + 2.],
            "{e}"
        );
    }
    // f32 accumulates in f32, k from 0 up: (1e8 + 1) - 1e8 = 0 in f32.
    let a = floats(F32, &[1, 3], &[1e8, 1., -1e8]);
    let b = floats(F32, &[3, 1], &[1., 1., 1.]);
    assert_eq!(run_floats(GraphOp::Matmul, &[&a, &b], &[1, 1]), [0.]);
}

#[test]
fn matmul_wraps_integers() {
    let a = ints(UI8, &[1, 2], &[16, 255]);
    let b = ints(UI8, &[2, 1], &[16, 2]);
    // 256 + 510 = 766 = 2 * 256 + 254.
    assert_eq!(run_ints(GraphOp::Matmul, &[&a, &b], &[1, 1]), [254]);
    let a = ints(I64, &[1, 2], &[i64::MAX as i128, 1]);
    let b = ints(I64, &[2, 1], &[2, 3]);
    // 2 * MAX = -2; -2 + 3 = 1.
    assert_eq!(run_ints(GraphOp::Matmul, &[&a, &b], &[1, 1]), [1]);
}

#[test]
fn matmul_zero_sized() {
    // k = 0: every result is the empty sum.
    let a = floats(F32, &[2, 0], &[]);
    let b = floats(F32, &[0, 3], &[]);
    assert_eq!(run_floats(GraphOp::Matmul, &[&a, &b], &[2, 3]), [0.; 6]);
    let a = ints(UI8, &[2, 0], &[]);
    let b = ints(UI8, &[0, 1], &[]);
    assert_eq!(run_ints(GraphOp::Matmul, &[&a, &b], &[2, 1]), [0, 0]);
    // m = 0 and a zero batch.
    let a = floats(F16, &[0, 2], &[]);
    let b = floats(F16, &[2, 3], &[0.; 6]);
    assert!(run(GraphOp::Matmul, &[&a, &b], &[0, 3], F16)
        .data
        .is_empty());
    let a = floats(F16, &[0, 2, 2], &[]);
    let b = floats(F16, &[0, 2, 3], &[]);
    assert!(run(GraphOp::Matmul, &[&a, &b], &[0, 2, 3], F16)
        .data
        .is_empty());
}

#[test]
fn matmul_errors() {
    let m23 = floats(F32, &[2, 3], &[0.; 6]);
    let m32 = floats(F32, &[3, 2], &[0.; 6]);
    let v3 = floats(F32, &[3], &[0.; 3]);
    let b23 = floats(F32, &[1, 2, 3], &[0.; 6]);
    let b232 = floats(F32, &[2, 3, 2], &[0.; 12]);
    let b332 = floats(F32, &[3, 3, 2], &[0.; 18]);
    let op = || GraphOp::Matmul;
    fails(
        op(),
        &[&m23, &v3],
        &[2],
        F32,
        "rank at least 2, got 2 and 1",
    );
    fails(
        op(),
        &[&m23, &m23],
        &[2, 3],
        F32,
        "contracting dimensions differ: 3 vs 2",
    );
    fails(
        op(),
        &[&b23, &m32],
        &[1, 2, 2],
        F32,
        "operand ranks differ: 3 vs 2",
    );
    // No batch broadcasting (the verifier requires equal batch dims).
    fails(
        op(),
        &[&b23, &b232],
        &[2, 2, 2],
        F32,
        "batch dimensions 0 differ: 1 vs 2",
    );
    fails(
        op(),
        &[&b23, &b332],
        &[1, 2, 2],
        F32,
        "batch dimensions 0 differ",
    );
    fails(
        op(),
        &[&m23, &m32],
        &[2, 3],
        F32,
        "does not match the inferred shape [2, 2]",
    );
    fails(op(), &[&m23], &[2, 2], F32, "expects 2 operand(s)");
}

// ------------------------------------------------------------------ layout

#[test]
fn transpose() {
    for e in [I1, I16, UI8, F16, F64] {
        let a = values(e, &[2, 3], &[1, 2, 3, 4, 5, 6]);
        let r = run(
            GraphOp::Transpose {
                permutation: vec![1, 0],
            },
            &[&a],
            &[3, 2],
            e,
        );
        let expected = values(e, &[3, 2], &[1, 4, 2, 5, 3, 6]);
        assert_eq!(r, expected, "{e}");
    }
    // [2, 3, 4] with permutation [2, 0, 1] -> [4, 2, 3]: r[i][j][k] = a[j][k][i].
    let v: Vec<i128> = (0..24).collect();
    let a = ints(I32, &[2, 3, 4], &v);
    let r = run_ints(
        GraphOp::Transpose {
            permutation: vec![2, 0, 1],
        },
        &[&a],
        &[4, 2, 3],
    );
    for i in 0..4 {
        for j in 0..2 {
            for k in 0..3 {
                assert_eq!(r[i * 6 + j * 3 + k], (j * 12 + k * 4 + i) as i128);
            }
        }
    }
    // Rank 0 and zero-sized.
    let s = floats(BF16, &[], &[1.5]);
    let r = run(
        GraphOp::Transpose {
            permutation: vec![],
        },
        &[&s],
        &[],
        BF16,
    );
    assert_eq!(r, s);
    let z = floats(F32, &[0, 3], &[]);
    run(
        GraphOp::Transpose {
            permutation: vec![1, 0],
        },
        &[&z],
        &[3, 0],
        F32,
    );
}

#[test]
fn transpose_errors() {
    let a = floats(F32, &[2, 3], &[0.; 6]);
    let t = |p: &[usize]| GraphOp::Transpose {
        permutation: p.to_vec(),
    };
    fails(
        t(&[0]),
        &[&a],
        &[2],
        F32,
        "permutation has 1 entries for rank 2",
    );
    fails(t(&[0, 0]), &[&a], &[2, 2], F32, "not a permutation of 0..2");
    fails(t(&[0, 2]), &[&a], &[2, 3], F32, "not a permutation");
    fails(t(&[1, 0]), &[&a], &[2, 3], F32, "inferred shape [3, 2]");
}

#[test]
fn reshape() {
    let a = ints(UI8, &[2, 3], &[1, 2, 3, 4, 5, 6]);
    let r = run(GraphOp::Reshape, &[&a], &[3, 1, 2], UI8);
    assert_eq!(r.data, a.data);
    let s = floats(F16, &[], &[7.]);
    assert_eq!(run(GraphOp::Reshape, &[&s], &[1, 1], F16).data, s.data);
    let one = floats(F16, &[1], &[7.]);
    assert_eq!(run(GraphOp::Reshape, &[&one], &[], F16), s);
    let z = floats(F32, &[0, 3], &[]);
    run(GraphOp::Reshape, &[&z], &[3, 0, 5], F32);
    fails(
        GraphOp::Reshape,
        &[&a],
        &[4],
        UI8,
        "element count mismatch: 6 vs 4",
    );
    fails(
        GraphOp::Reshape,
        &[&z],
        &[1],
        F32,
        "element count mismatch: 0 vs 1",
    );
}

#[test]
fn broadcast() {
    // [3] -> [2, 3] along result dim 1: rows repeat.
    let a = ints(I8, &[3], &[1, 2, 3]);
    let b = |d: &[usize]| GraphOp::Broadcast {
        dimensions: d.to_vec(),
    };
    assert_eq!(run_ints(b(&[1]), &[&a], &[2, 3]), [1, 2, 3, 1, 2, 3]);
    // [3] -> [3, 2] along result dim 0: columns repeat.
    assert_eq!(run_ints(b(&[0]), &[&a], &[3, 2]), [1, 1, 2, 2, 3, 3]);
    // [2, 1] -> [2, 3]: dim 1 is stretched.
    let c = floats(F16, &[2, 1], &[1., 2.]);
    assert_eq!(
        run_floats(b(&[0, 1]), &[&c], &[2, 3]),
        [1., 1., 1., 2., 2., 2.]
    );
    // [2, 1] -> [4, 2, 3] along [1, 2].
    let r = run_floats(b(&[1, 2]), &[&c], &[4, 2, 3]);
    assert_eq!(r.len(), 24);
    assert!(r.chunks(6).all(|x| x == [1., 1., 1., 2., 2., 2.]));
    // Rank 0 -> [2, 2].
    let s = ints(I1, &[], &[1]);
    assert_eq!(run(b(&[]), &[&s], &[2, 2], I1).data, [1, 1, 1, 1]);
    // Identity.
    assert_eq!(run(b(&[0]), &[&a], &[3], I8), a);
    // Zero-sized: an equal 0 dim, a 1 stretched to 0, a new 0 dim.
    let z = floats(F64, &[0], &[]);
    run(b(&[1]), &[&z], &[2, 0], F64);
    let one = floats(F64, &[1], &[1.]);
    run(b(&[0]), &[&one], &[0], F64);
    run(b(&[1]), &[&one], &[0, 5], F64);
}

#[test]
fn broadcast_errors() {
    let a = floats(F32, &[2, 3], &[0.; 6]);
    let b = |d: &[usize]| GraphOp::Broadcast {
        dimensions: d.to_vec(),
    };
    fails(
        b(&[0]),
        &[&a],
        &[2, 3],
        F32,
        "dimensions has 1 entries for input rank 2",
    );
    fails(b(&[1, 0]), &[&a], &[3, 2], F32, "strictly increasing");
    fails(b(&[0, 0]), &[&a], &[2, 3], F32, "strictly increasing");
    fails(b(&[0, 2]), &[&a], &[2, 3], F32, "below the result rank 2");
    fails(
        b(&[0, 1]),
        &[&a],
        &[2, 4],
        F32,
        "input dimension 1 (3) does not match result dimension 1 (4)",
    );
    // Only size-1 dims stretch; a 0 dim does not.
    let z = floats(F32, &[0], &[]);
    fails(b(&[0]), &[&z], &[1], F32, "does not match");
}

#[test]
fn concat() {
    let a = ints(I32, &[2, 1], &[1, 2]);
    let b = ints(I32, &[2, 2], &[3, 4, 5, 6]);
    let c = |axis| GraphOp::Concat { axis };
    assert_eq!(run_ints(c(1), &[&a, &b], &[2, 3]), [1, 3, 4, 2, 5, 6]);
    assert_eq!(run_ints(c(1), &[&b, &a], &[2, 3]), [3, 4, 1, 5, 6, 2]);
    let d = ints(I32, &[1, 2], &[7, 8]);
    assert_eq!(
        run_ints(c(0), &[&b, &d, &b], &[5, 2]),
        [3, 4, 5, 6, 7, 8, 3, 4, 5, 6]
    );
    // One input, a 0-sized input, and a 0-sized result.
    assert_eq!(run(c(0), &[&b], &[2, 2], I32), b);
    let z = ints(I32, &[2, 0], &[]);
    assert_eq!(run_ints(c(1), &[&z, &a, &z], &[2, 1]), [1, 2]);
    let zz = ints(I32, &[0, 2], &[]);
    run(c(0), &[&zz, &zz], &[0, 2], I32);
    run(c(1), &[&zz, &zz], &[0, 4], I32);
    for e in [F16, BF16, UI8, I1] {
        let x = values(e, &[1, 2], &[1, 0]);
        let y = values(e, &[1, 1], &[1]);
        let r = run(c(1), &[&x, &y], &[1, 3], e);
        assert_eq!(r, values(e, &[1, 3], &[1, 0, 1]), "{e}");
    }
}

#[test]
fn concat_errors() {
    let a = ints(I32, &[2, 1], &[1, 2]);
    let b = ints(I32, &[3, 2], &[0; 6]);
    let h = floats(F32, &[2, 1], &[0.; 2]);
    let s = ints(I32, &[], &[1]);
    let c = |axis| GraphOp::Concat { axis };
    fails(c(0), &[], &[2], I32, "requires at least one input");
    fails(
        c(1),
        &[&a, &b],
        &[2, 3],
        I32,
        "dimension 0 of operand 1 differs: 3 vs 2",
    );
    fails(
        c(2),
        &[&a, &a],
        &[2, 2],
        I32,
        "axis 2 out of range for rank 2",
    );
    fails(c(0), &[&s, &s], &[], I32, "axis 0 out of range for rank 0");
    fails(c(1), &[&a, &a], &[2, 3], I32, "inferred shape [2, 2]");
    fails(c(0), &[&a, &s], &[3, 1], I32, "operand ranks differ");
    fails(c(0), &[&a, &h], &[4, 1], I32, "element types differ");
}

#[test]
fn slice() {
    let v: Vec<i128> = (0..10).collect();
    let a = ints(UI8, &[10], &v);
    let s = |start: &[usize], strides: &[usize]| GraphOp::Slice {
        start: start.to_vec(),
        strides: strides.to_vec(),
    };
    assert_eq!(run_ints(s(&[1], &[3]), &[&a], &[3]), [1, 4, 7]);
    assert_eq!(run_ints(s(&[9], &[1]), &[&a], &[1]), [9]);
    assert_eq!(run_ints(s(&[0], &[1]), &[&a], &[10]), v);
    // A size-1 dim reads only its start, whatever the stride.
    assert_eq!(run_ints(s(&[2], &[usize::MAX]), &[&a], &[1]), [2]);
    // 2-D: rows 1.. step 2 of a 4x3, columns 0 and 2.
    let m = floats(F64, &[4, 3], &(0..12).map(|x| x as f64).collect::<Vec<_>>());
    assert_eq!(
        run_floats(s(&[1, 0], &[2, 2]), &[&m], &[2, 2]),
        [3., 5., 9., 11.]
    );
    let h = floats(F16, &[2, 2], &[1., 2., 3., 4.]);
    assert_eq!(run_floats(s(&[1, 1], &[1, 1]), &[&h], &[1, 1]), [4.]);
    // Zero sizes read nothing, so their start is not checked (as in the verifier).
    run(s(&[10], &[1]), &[&a], &[0], UI8);
    run(s(&[99, 0], &[5, 1]), &[&m], &[0, 3], F64);
    let z = floats(F32, &[0], &[]);
    run(s(&[0], &[1]), &[&z], &[0], F32);
    // Rank 0.
    let r0 = floats(BF16, &[], &[3.]);
    assert_eq!(run(s(&[], &[]), &[&r0], &[], BF16), r0);
}

#[test]
fn slice_errors() {
    let a = ints(I16, &[10], &[0; 10]);
    let s = |start: &[usize], strides: &[usize]| GraphOp::Slice {
        start: start.to_vec(),
        strides: strides.to_vec(),
    };
    fails(
        s(&[1], &[3]),
        &[&a],
        &[4],
        I16,
        "reads index 10, past its size 10",
    );
    fails(s(&[10], &[1]), &[&a], &[1], I16, "reads index 10");
    fails(
        s(&[0], &[0]),
        &[&a],
        &[1],
        I16,
        "stride 0 of dimension 0 is not positive",
    );
    fails(
        s(&[0, 0], &[1, 1]),
        &[&a],
        &[1],
        I16,
        "start has 2 entries for rank 1",
    );
    fails(s(&[0], &[1, 1]), &[&a], &[1], I16, "strides has 2 entries");
    fails(
        s(&[0], &[1]),
        &[&a],
        &[1, 1],
        I16,
        "result rank 2 differs from input rank 1",
    );
    fails(s(&[1], &[usize::MAX]), &[&a], &[3], I16, "index overflows");
    fails(s(&[usize::MAX], &[1]), &[&a], &[2], I16, "index overflows");
    let z = floats(F32, &[0], &[]);
    fails(s(&[0], &[1]), &[&z], &[1], F32, "past its size 0");
    // Reading outside the input is OutOfRange; a malformed op InvalidArgument.
    let kind = |op: GraphOp, shape: &[usize]| eval(&op, &[&a], shape, I16).unwrap_err().kind();
    assert_eq!(kind(s(&[10], &[1]), &[1]), ErrorKind::OutOfRange);
    assert_eq!(kind(s(&[0], &[0]), &[1]), ErrorKind::InvalidArgument);
}

// ------------------------------------------------------------------- reduce

#[test]
fn reduce_sum() {
    let r = |axes: &[usize]| GraphOp::ReduceSum {
        axes: axes.to_vec(),
    };
    for e in [I8, SI16, I64, UI8, F16, BF16, F32, F64] {
        let a = values(e, &[2, 3], &[1, 2, 3, 4, 5, 6]);
        assert_eq!(read_values(&run(r(&[1]), &[&a], &[2], e)), [6., 15.], "{e}");
        assert_eq!(
            read_values(&run(r(&[0]), &[&a], &[3], e)),
            [5., 7., 9.],
            "{e}"
        );
        assert_eq!(read_values(&run(r(&[0, 1]), &[&a], &[], e)), [21.], "{e}");
        assert_eq!(read_values(&run(r(&[1, 0]), &[&a], &[], e)), [21.], "{e}");
        assert_eq!(run(r(&[]), &[&a], &[2, 3], e), a, "{e}");
    }
    // [2, 3, 2] over the middle axis.
    let v: Vec<i128> = (0..12).collect();
    let a = ints(I32, &[2, 3, 2], &v);
    assert_eq!(run_ints(r(&[1]), &[&a], &[2, 2]), [6, 9, 24, 27]);
    assert_eq!(run_ints(r(&[0, 2]), &[&a], &[3]), [14, 22, 30]);
    // Wrapping; i1 sums are parities (xor).
    let a = ints(UI8, &[2], &[200, 100]);
    assert_eq!(run_ints(r(&[0]), &[&a], &[]), [44]);
    let a = ints(I1, &[2, 3], &[1, 1, 0, 1, 1, 1]);
    assert_eq!(run(r(&[1]), &[&a], &[2], I1).data, [0, 1]);
    // Rank 0 input with no axes.
    let s = floats(F32, &[], &[2.5]);
    assert_eq!(run(r(&[]), &[&s], &[], F32), s);
}

#[test]
fn reduce_sum_accumulates_in_order_in_the_element_type() {
    let r = |axes: &[usize]| GraphOp::ReduceSum {
        axes: axes.to_vec(),
    };
    // f16: 2048 + 1 -> 2048 (tie to even), + 1 -> 2048: the accumulator is an
    // f16. In the other order, 1 + 1 + 2048 = 2050.
    let a = floats(F16, &[3], &[2048., 1., 1.]);
    assert_eq!(run_floats(r(&[0]), &[&a], &[]), [2048.]);
    let a = floats(F16, &[3], &[1., 1., 2048.]);
    assert_eq!(run_floats(r(&[0]), &[&a], &[]), [2050.]);
    let a = floats(BF16, &[3], &[256., 1., 1.]);
    assert_eq!(run_floats(r(&[0]), &[&a], &[]), [256.]);
    // f32: (1e8 + 1) - 1e8 = 0 in order.
    let a = floats(F32, &[3], &[1e8, 1., -1e8]);
    assert_eq!(run_floats(r(&[0]), &[&a], &[]), [0.]);
    // Along axis 0 of a [3, 2]: each column in row order.
    let a = floats(F16, &[3, 2], &[2048., 1., 1., 1., 1., 2048.]);
    assert_eq!(run_floats(r(&[0]), &[&a], &[2]), [2048., 2050.]);
}

#[test]
fn reduce_max() {
    let r = |axes: &[usize]| GraphOp::ReduceMax {
        axes: axes.to_vec(),
    };
    for e in [I8, I32, UI8, F16, BF16, F32, F64] {
        let a = values(e, &[2, 3], &[1, 7, 3, 4, 5, 6]);
        assert_eq!(read_values(&run(r(&[1]), &[&a], &[2], e)), [7., 6.], "{e}");
        assert_eq!(
            read_values(&run(r(&[0]), &[&a], &[3], e)),
            [4., 7., 6.],
            "{e}"
        );
        assert_eq!(read_values(&run(r(&[0, 1]), &[&a], &[], e)), [7.], "{e}");
    }
    let a = ints(I8, &[3], &[-5, -128, -3]);
    assert_eq!(run_ints(r(&[0]), &[&a], &[]), [-3]);
    let a = ints(UI8, &[3], &[5, 255, 3]);
    assert_eq!(run_ints(r(&[0]), &[&a], &[]), [255]);
    // NaN propagates wherever it is; -0 and +0: +0.
    for e in [F16, F32, F64] {
        let a = floats(e, &[2, 3], &[1., f64::NAN, 2., -0., 0., -0.]);
        let v = run_floats(r(&[1]), &[&a], &[2]);
        assert!(same_bits(&v, &[f64::NAN, 0.]), "{e}: {v:?}");
        let a = floats(e, &[2], &[-0., -0.]);
        let v = run_floats(r(&[0]), &[&a], &[]);
        assert!(same_bits(&v, &[-0.]), "{e}: {v:?}");
    }
}

#[test]
fn reduce_of_nothing() {
    let sum = |axes: &[usize]| GraphOp::ReduceSum {
        axes: axes.to_vec(),
    };
    let max = |axes: &[usize]| GraphOp::ReduceMax {
        axes: axes.to_vec(),
    };
    // [2, 0] over axis 1: two empty reductions.
    for e in [F16, BF16, F32, F64] {
        let a = floats(e, &[2, 0], &[]);
        assert_eq!(run_floats(sum(&[1]), &[&a], &[2]), [0., 0.], "{e}");
        assert_eq!(
            run_floats(max(&[1]), &[&a], &[2]),
            [f64::NEG_INFINITY; 2],
            "{e}"
        );
    }
    let cases: [(ElementType, i128); 6] = [
        (I8, -128),
        (I32, i32::MIN as i128),
        (I64, i64::MIN as i128),
        (UI8, 0),
        (UI64, 0),
        (I1, -1),
    ];
    for (e, lowest) in cases {
        let a = ints(e, &[0, 3], &[]);
        assert_eq!(run_ints(sum(&[0]), &[&a], &[3]), [0; 3], "{e}");
        assert_eq!(run_ints(max(&[0]), &[&a], &[3]), [lowest; 3], "{e}");
        assert_eq!(run_ints(max(&[0, 1]), &[&a], &[]), [lowest], "{e}");
    }
    // A 0-sized result.
    let a = floats(F32, &[0, 3], &[]);
    assert!(run(sum(&[1]), &[&a], &[0], F32).data.is_empty());
}

#[test]
fn reduce_errors() {
    let a = floats(F32, &[2, 3], &[0.; 6]);
    for op in [
        GraphOp::ReduceSum { axes: vec![2] },
        GraphOp::ReduceMax { axes: vec![2] },
    ] {
        fails(op, &[&a], &[2, 3], F32, "axis 2 out of range for rank 2");
    }
    let sum = |axes: &[usize]| GraphOp::ReduceSum {
        axes: axes.to_vec(),
    };
    fails(sum(&[1, 1]), &[&a], &[2], F32, "axis 1 repeated");
    fails(sum(&[1]), &[&a], &[3], F32, "inferred shape [2]");
    fails(sum(&[1]), &[&a], &[2, 1], F32, "inferred shape [2]");
    let s = floats(F32, &[], &[0.]);
    fails(sum(&[0]), &[&s], &[], F32, "axis 0 out of range for rank 0");
    fails(
        sum(&[0]),
        &[&a, &a],
        &[3],
        F32,
        "expects 1 operand(s), got 2",
    );
}

#[test]
fn every_op_on_every_element_type() {
    // A smoke test: each op evaluates on each element type (exp/tanh on floats).
    for e in ALL {
        let a = values(e, &[2, 2], &[1, 0, 1, 1]);
        let ops = [
            (GraphOp::Add, 2, vec![2, 2]),
            (GraphOp::Sub, 2, vec![2, 2]),
            (GraphOp::Mul, 2, vec![2, 2]),
            (GraphOp::Div, 2, vec![2, 2]),
            (GraphOp::Max, 2, vec![2, 2]),
            (GraphOp::Neg, 1, vec![2, 2]),
            (GraphOp::Relu, 1, vec![2, 2]),
            (GraphOp::Matmul, 2, vec![2, 2]),
            (
                GraphOp::Transpose {
                    permutation: vec![1, 0],
                },
                1,
                vec![2, 2],
            ),
            (GraphOp::Reshape, 1, vec![4]),
            (
                GraphOp::Broadcast {
                    dimensions: vec![0, 2],
                },
                1,
                vec![2, 3, 2],
            ),
            (GraphOp::ReduceSum { axes: vec![0] }, 1, vec![2]),
            (GraphOp::ReduceMax { axes: vec![1] }, 1, vec![2]),
            (GraphOp::Concat { axis: 0 }, 2, vec![4, 2]),
            (
                GraphOp::Slice {
                    start: vec![1, 0],
                    strides: vec![1, 1],
                },
                1,
                vec![1, 2],
            ),
        ];
        for (op, n, shape) in ops {
            let inputs = vec![&a; n];
            run(op, &inputs, &shape, e);
        }
        if e.is_float() {
            run(GraphOp::Exp, &[&a], &[2, 2], e);
            run(GraphOp::Tanh, &[&a], &[2, 2], e);
        }
    }
}
