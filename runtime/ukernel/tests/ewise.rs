//! `ewise::run` against `Program::eval` per element, bit for bit (NaN as NaN), on every
//! ISA: sizes 0, 1, around a vector, a chunk of 256 and past it; inputs broadcast or
//! not, the output read in place, and values that tell `maximum`/`minimum` apart from
//! x86's `max`/`min` (NaN, signed zeros, infinities).

mod common;

use common::Rng;
use xir_ukernel::ewise::{run_slices, BinOp, Program, Src};
use xir_ukernel::Isa;

const SPECIAL: [f32; 8] = [
    f32::NAN,
    0.0,
    -0.0,
    f32::INFINITY,
    f32::NEG_INFINITY,
    6.0,
    -3.0,
    1e-40,
];

fn value(rng: &mut Rng) -> f32 {
    if rng.below(4) == 0 {
        SPECIAL[rng.below(SPECIAL.len())]
    } else {
        (rng.below(4001) as f32 - 2000.0) / 256.0
    }
}

fn same(a: f32, b: f32) -> bool {
    (a.is_nan() && b.is_nan()) || a.to_bits() == b.to_bits()
}

/// Runs `prog` at `len` with `inputs` inputs, input 0 being the output itself (as an
/// epilogue's accumulator) and input `k` broadcast where `bcast[k]`.
fn check(isa: Isa, prog: &Program, len: usize, bcast: &[bool], rng: &mut Rng) {
    let ins: Vec<Vec<f32>> = bcast
        .iter()
        .map(|&b| (0..if b { 1 } else { len }).map(|_| value(rng)).collect())
        .collect();
    let acc: Vec<f32> = (0..len).map(|_| value(rng)).collect();
    let want: Vec<f32> = (0..len)
        .map(|i| {
            let mut vals = vec![acc[i]];
            vals.extend(ins.iter().map(|v| if v.len() == 1 { v[0] } else { v[i] }));
            prog.eval(&vals)
        })
        .collect();
    // Input 0 is the output: copy it in, then pass a copy as the run (run_slices takes
    // the output mutably, so the in-place read is exercised through `ewise::run` in the
    // CPU backend; here the values are the same).
    let mut out = acc.clone();
    let mut slices: Vec<&[f32]> = vec![&acc];
    slices.extend(ins.iter().map(|v| v.as_slice()));
    run_slices(isa, prog, &slices, &mut out);
    for i in 0..len {
        assert!(
            same(out[i], want[i]),
            "{} len {len} element {i}: {} != {} ({prog:?})",
            isa.name(),
            out[i],
            want[i]
        );
    }
}

fn programs() -> Vec<(Program, usize)> {
    use BinOp::*;
    use Src::*;
    let p = |ops: Vec<(BinOp, Src, Src)>, inputs| (Program::new(ops, inputs).unwrap(), inputs);
    vec![
        // bias, relu
        p(
            vec![(Add, Input(0), Input(1)), (Maximum, Op(0), Const(0.0))],
            2,
        ),
        // bias, clip to [0, 6] (ReLU6), constants on either side
        p(
            vec![
                (Add, Input(1), Input(0)),
                (Maximum, Const(0.0), Op(0)),
                (Minimum, Op(1), Const(6.0)),
            ],
            2,
        ),
        // bias, residual, relu
        p(
            vec![
                (Add, Input(0), Input(1)),
                (Add, Op(0), Input(2)),
                (Maximum, Op(1), Const(0.0)),
            ],
            3,
        ),
        // hardswish: x * clip(x + 3, 0, 6) / 6
        p(
            vec![
                (Add, Input(0), Const(3.0)),
                (Maximum, Op(0), Const(0.0)),
                (Minimum, Op(1), Const(6.0)),
                (Mul, Input(0), Op(2)),
                (Div, Op(3), Const(6.0)),
            ],
            1,
        ),
        // every op, both operand orders, two inputs
        p(
            vec![
                (Sub, Input(1), Input(0)),
                (Minimum, Input(0), Input(1)),
                (Maximum, Op(1), Op(0)),
                (Div, Const(-0.0), Op(2)),
                (Mul, Op(3), Input(1)),
                (Add, Const(-0.0), Op(4)),
            ],
            2,
        ),
        // a constant result
        p(vec![(Add, Const(1.5), Const(-0.0))], 1),
    ]
}

#[test]
fn runs_equal_the_scalar_oracle() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for isa in Isa::supported() {
        for (prog, inputs) in programs() {
            for len in [0, 1, 7, 8, 15, 16, 17, 33, 255, 256, 257, 600, 1023] {
                // every pattern of broadcast inputs beyond the accumulator
                for mask in 0..1u32 << (inputs - 1) {
                    let bcast: Vec<bool> = (0..inputs - 1).map(|k| mask >> k & 1 == 1).collect();
                    check(isa, &prog, len, &bcast, &mut rng);
                }
            }
        }
    }
}

#[test]
fn maximum_and_minimum_are_ieee() {
    let max = Program::new(vec![(BinOp::Maximum, Src::Input(0), Src::Input(1))], 2).unwrap();
    let min = Program::new(vec![(BinOp::Minimum, Src::Input(0), Src::Input(1))], 2).unwrap();
    let pairs = [
        (0.0f32, -0.0f32, 0.0f32, -0.0f32),
        (-0.0, 0.0, 0.0, -0.0),
        (f32::NAN, 1.0, f32::NAN, f32::NAN),
        (1.0, f32::NAN, f32::NAN, f32::NAN),
        (-1.0, 2.0, 2.0, -1.0),
        (
            f32::NEG_INFINITY,
            f32::INFINITY,
            f32::INFINITY,
            f32::NEG_INFINITY,
        ),
    ];
    for isa in Isa::supported() {
        for &(a, b, hi, lo) in &pairs {
            // 17 lanes: one whole vector on every ISA and a scalar tail
            let (va, vb) = (vec![a; 17], vec![b; 17]);
            let mut out = vec![0.0; 17];
            run_slices(isa, &max, &[&va, &vb], &mut out);
            assert!(
                out.iter().all(|&x| same(x, hi)),
                "{} max({a}, {b})",
                isa.name()
            );
            run_slices(isa, &min, &[&va, &vb], &mut out);
            assert!(
                out.iter().all(|&x| same(x, lo)),
                "{} min({a}, {b})",
                isa.name()
            );
        }
    }
}

#[test]
fn bad_programs_are_refused() {
    let e = Program::new(vec![], 1).unwrap_err();
    assert!(e.contains("1 to"), "{e}");
    let e = Program::new(vec![(BinOp::Add, Src::Input(2), Src::Const(1.0))], 2).unwrap_err();
    assert!(e.contains("input 2 of 2"), "{e}");
    let e = Program::new(vec![(BinOp::Add, Src::Op(0), Src::Const(1.0))], 1).unwrap_err();
    assert!(e.contains("reads op 0"), "{e}");
    let many = vec![(BinOp::Add, Src::Input(0), Src::Const(1.0)); 13];
    assert!(Program::new(many, 1).is_err());
}
