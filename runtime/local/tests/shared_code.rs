//! One local backend compiles a stage's code once: a second variant with the
//! same stages (a model's repeated layers) reuses it, and both run it.

mod common;

use common::{compiled, prepare_on};
use xir_runtime_hal::{Buffer, DispatchArgs, Executable};
use xir_runtime_local::Jit;

/// `PROGRAM`'s kernel on `a` (2x3) and `b` (3): `a + broadcast(b)` (its
/// bindings: `b`, `a`, the result).
fn run(exe: &dyn Executable, a: [f32; 6], b: [f32; 3]) -> Vec<f32> {
    let bytes = |v: &[f32]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    let out = Buffer::allocate(0, 24).unwrap();
    let args = DispatchArgs {
        // The compiler's grid for a 2x3 result.
        workgroups: [1, 2, 1],
        constants: vec![],
        bindings: vec![
            Buffer::from_bytes(0, &bytes(&b)).unwrap(),
            Buffer::from_bytes(0, &bytes(&a)).unwrap(),
            out.clone(),
        ],
    };
    exe.dispatch(0, &args).unwrap();
    out.to_vec()
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

#[test]
fn a_second_variant_reuses_the_stage_code() {
    let hal = compiled();
    let jit = Jit::default();
    assert_eq!(jit.compiled_stages(), 0);
    let first = prepare_on(&jit, &hal).unwrap();
    let stages = jit.compiled_stages();
    assert!(stages >= 1);
    let second = prepare_on(&jit, &hal).unwrap();
    assert_eq!(jit.compiled_stages(), stages);
    // Another body is new code.
    let third = prepare_on(&jit, &hal.replace("arith.addf", "arith.mulf")).unwrap();
    assert_eq!(jit.compiled_stages(), stages + 1);
    let (a, b) = ([1., 2., 3., 4., 5., 6.], [10., 20., 30.]);
    let sum = vec![11., 22., 33., 14., 25., 36.];
    assert_eq!(run(&*first, a, b), sum);
    drop(first);
    // The code outlives the executable that compiled it.
    assert_eq!(run(&*second, a, b), sum);
    assert_eq!(run(&*third, a, b), vec![10., 40., 90., 40., 100., 180.]);
}
