//! Accuracy of `xir_runtime_local::math::{sin, cos}`.
//!
//! f32 results are compared with the host's f64 `sin`/`cos` (error < 1 f64
//! ulp, i.e. < 2^-28 f32 ulp), in ulps of that unrounded value; f64 results
//! with the host's f64 functions themselves (glibc's: within 1 ulp, nearly
//! always correctly rounded), in ulps of the host's result. The vector loop
//! (`F32X4`/`F64X2`) and the scalar tail are both checked, with and without
//! FMA where the host has it. The measured maxima are printed (`--nocapture`)
//! and recorded in the doc comment of `math`.

use cranelift_codegen::ir::{types, AbiParam, Function, Type};
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{default_libcall_names, Linkage, Module};
use xir_runtime_local::math;

mod jit_loop;
use jit_loop::{fma_modes, isa, Kernel};

/// Asserted bounds in ulps (f32 against the exact value; f64 against the
/// host's rounded result).
const SIN32_ULPS: f64 = 0.51;
const SIN64_ULPS: f64 = 1.0;

extern "C" fn host_sin(x: f64) -> f64 {
    x.sin()
}
extern "C" fn host_cos(x: f64) -> f64 {
    x.cos()
}

/// `fn(src, dst, n)`: `cos` or `sin` elementwise (lanes past the fast
/// range call the host's); `vector`: a 128-bit loop and a scalar tail, else
/// scalar only.
fn kernel(cos: bool, lane: Type, fma: bool, vector: bool) -> Kernel {
    let mut jb = JITBuilder::with_isa(isa(), default_libcall_names());
    jb.symbol("host_sin", host_sin as *const u8);
    jb.symbol("host_cos", host_cos as *const u8);
    let module = JITModule::new(jb);
    let refs = |module: &mut JITModule, func: &mut Function| {
        let mut hsig = module.make_signature();
        hsig.params.push(AbiParam::new(types::F64));
        hsig.returns.push(AbiParam::new(types::F64));
        let name = if cos { "host_cos" } else { "host_sin" };
        let helper = module
            .declare_function(name, Linkage::Import, &hsig)
            .unwrap();
        module.declare_func_in_func(helper, func)
    };
    Kernel::build(module, lane, vector, refs, |b, v, slow| {
        if cos {
            math::cos(b, v, fma, slow)
        } else {
            math::sin(b, v, fma, slow)
        }
    })
}

/// The spacing of floats with `precision` significant bits around `v`.
fn ulp(v: f64, precision: i32, min_exp: i32) -> f64 {
    let e = if v == 0.0 {
        min_exp
    } else {
        (v.abs().log2().floor() as i32).max(min_exp)
    };
    // 2^k exactly (powi of a negative k can flush the subnormals to 0).
    let k = e - precision + 1;
    if k >= -1022 {
        f64::from_bits(((k + 1023) as u64) << 52)
    } else {
        f64::from_bits(1u64 << (k + 1074))
    }
}

fn host(cos: bool, x: f64) -> f64 {
    if cos {
        x.cos()
    } else {
        x.sin()
    }
}

/// f32 inputs: every 97th bit pattern with `|x| <= 1e5`, a dense sweep of
/// `[-8, 8]`, the floats nearest multiples of pi/2 up to 1e5, tiny values.
fn inputs32() -> Vec<f32> {
    let mut v = Vec::new();
    let mut bits = 0u32;
    while bits < 0x47c3_5000 {
        // 1e5 = 0x47c35000
        let x = f32::from_bits(bits);
        v.push(x);
        v.push(-x);
        bits += 97;
    }
    for i in 0..2_000_000 {
        v.push(-8.0 + 16.0 * i as f32 / 2e6);
    }
    for k in 0..63_662 {
        let m = k as f64 * std::f64::consts::FRAC_PI_2;
        let x = m as f32;
        for d in -2i32..=2 {
            v.push(f32::from_bits((x.to_bits() as i32 + d).max(0) as u32));
        }
    }
    v
}

/// f64 inputs: uniform in `|x| <= 10`, log-uniform up to `TRIG_FAST`, and
/// doubles near multiples of pi/2 up to 8e5.
fn inputs64() -> Vec<f64> {
    let mut v = Vec::new();
    let mut s = 0x1234_5678_9abc_def0u64;
    let mut rnd = || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        (s >> 11) as f64 / (1u64 << 53) as f64
    };
    for _ in 0..1_000_000 {
        v.push(-10.0 + 20.0 * rnd());
        let e = -30.0 + 49.6 * rnd();
        let sign = if rnd() < 0.5 { -1.0 } else { 1.0 };
        v.push(sign * 2f64.powf(e));
    }
    for k in (0..509_000).step_by(7) {
        let x = k as f64 * std::f64::consts::FRAC_PI_2;
        for d in -2i64..=2 {
            v.push(f64::from_bits((x.to_bits() as i64 + d).max(0) as u64));
        }
    }
    v
}

/// Max f32 error in ulps and where, over `xs`; panics on a wrong special.
fn check32(k: &Kernel, cos: bool, xs: &[f32]) -> (f64, f32) {
    let ys = k.run(xs);
    let mut worst = (0.0, 0.0f32);
    for (&x, &y) in xs.iter().zip(&ys) {
        let want = host(cos, x as f64);
        let err = (y as f64 - want).abs() / ulp(want, 24, -126);
        // NaN errors (a wrong special) count as the worst.
        if err.is_nan() || err > worst.0 {
            worst = (err, x);
        }
    }
    worst
}

fn check64(k: &Kernel, cos: bool, xs: &[f64]) -> (f64, f64) {
    let ys = k.run(xs);
    let mut worst = (0.0, 0.0f64);
    for (&x, &y) in xs.iter().zip(&ys) {
        let want = host(cos, x);
        let err = (y - want).abs() / ulp(want, 53, -1022);
        // NaN errors (a wrong special) count as the worst.
        if err.is_nan() || err > worst.0 {
            worst = (err, x);
        }
    }
    worst
}

#[test]
fn sin_cos_f32_accuracy() {
    let xs = inputs32();
    for fma in fma_modes() {
        for cos in [false, true] {
            for vector in [true, false] {
                let k = kernel(cos, types::F32, fma, vector);
                let (err, at) = check32(&k, cos, &xs);
                let name = if cos { "cos" } else { "sin" };
                println!("{name} f32 fma={fma} vector={vector}: max {err:.4} ulp at {at:e}");
                assert!(err <= SIN32_ULPS, "{name} f32: {err} ulp at {at:e}");
            }
        }
    }
}

#[test]
fn sin_cos_f64_accuracy() {
    let xs = inputs64();
    for fma in fma_modes() {
        for cos in [false, true] {
            for vector in [true, false] {
                let k = kernel(cos, types::F64, fma, vector);
                let (err, at) = check64(&k, cos, &xs);
                let name = if cos { "cos" } else { "sin" };
                println!("{name} f64 fma={fma} vector={vector}: max {err:.4} ulp at {at:e}");
                assert!(err <= SIN64_ULPS, "{name} f64: {err} ulp at {at:e}");
            }
        }
    }
}

/// ±0, ±inf, NaN and huge arguments: the fast path's zeros keep their sign,
/// the rest is the host's function, bit for bit; a lane out of range does
/// not change its neighbours' bits.
#[test]
fn sin_cos_specials() {
    let specials32 = [
        0.0f32,
        -0.0,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        1e-30,
        -1e-45,
        823_549.0,
        823_551.0,
        1e6,
        -3.0e7,
        1e30,
        f32::MAX,
        -f32::MAX,
    ];
    for fma in fma_modes() {
        for cos in [false, true] {
            for vector in [true, false] {
                let k = kernel(cos, types::F32, fma, vector);
                let ys = k.run(&specials32);
                for (&x, &y) in specials32.iter().zip(&ys) {
                    let want = host(cos, x as f64) as f32;
                    assert!(
                        y.to_bits() == want.to_bits() || (y.is_nan() && want.is_nan()),
                        "cos={cos} f32 {x:e}: {y:e}, want {want:e}"
                    );
                }
                // Neighbours of a huge lane.
                let xs = [0.5f32, 1e30, -2.0, f32::NAN, 3.0, 4.0, 5.0, 6.0];
                let ys = k.run(&xs);
                let one = kernel(cos, types::F32, fma, false);
                let zs = one.run(&xs);
                for i in 0..xs.len() {
                    assert!(ys[i].to_bits() == zs[i].to_bits() || ys[i].is_nan() && zs[i].is_nan());
                }
            }
            let k = kernel(cos, types::F64, fma, true);
            let xs = [
                0.0f64,
                -0.0,
                f64::INFINITY,
                f64::NEG_INFINITY,
                f64::NAN,
                1e-300,
                -5e-324,
                1e6,
                1e22,
                -f64::MAX,
            ];
            let ys = k.run(&xs);
            for (&x, &y) in xs.iter().zip(&ys) {
                let want = host(cos, x);
                assert!(
                    y.to_bits() == want.to_bits() || (y.is_nan() && want.is_nan()),
                    "cos={cos} f64 {x:e}: {y:e}, want {want:e}"
                );
            }
        }
    }
}
