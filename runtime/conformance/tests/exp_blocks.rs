//! f32 `exp` in `local`'s vector loops runs strip-mined: per block of 512
//! iterations each `exp`'s argument goes to a scratch buffer and
//! `xir_vexp_f32` (AVX-512/AVX2) computes it in place; everything else runs
//! inline (scalar or strided loops). Both must give, for every element, the
//! bits of `xir_ukernel::vmath::exp_f32` applied to the same argument: the
//! JIT's exp is position-independent. Checked here bit for bit (any NaN for
//! NaN) on lengths around the vector width and the block size, inputs that
//! mix in-range values with under/overflow, subnormals, infinities and NaN,
//! bodies with several (nested) exps and values used on both sides of one,
//! and 2-D loops with a broadcast operand or a transposed one. f32 `erf`
//! (GELU's) goes through `xir_verf_f32` the same way on AVX-512, and must
//! give `xir_ukernel::vmath::erf_f32`'s bits, blocked or inline.

mod common;

use std::sync::Arc;
use xir_runtime_hal::{Device, ElementType, HostTensor};
use xir_ukernel::vmath::{erf_f32, exp_f32};

fn has_fma() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("fma") && std::arch::is_x86_feature_detected!("avx")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        cfg!(target_arch = "aarch64")
    }
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Mostly ordinary values, some far out of exp's fast range, a few
    /// specials: both paths of every block run.
    fn value(&mut self) -> f32 {
        let u = (self.next() >> 11) as f64 / (1u64 << 53) as f64;
        match self.next() % 64 {
            0 => f32::NAN,
            1 => f32::INFINITY,
            2 => f32::NEG_INFINITY,
            3 => 1e-41,
            4 => -0.0,
            5..=8 => (u * 220.0 - 120.0) as f32,
            _ => (u * 8.0 - 4.0) as f32,
        }
    }
}

fn tensor(shape: &[usize], v: &[f32]) -> HostTensor {
    let data = v.iter().flat_map(|x| x.to_le_bytes()).collect();
    HostTensor::new(ElementType::F32, shape.to_vec(), data).unwrap()
}

fn floats(t: &HostTensor) -> Vec<f32> {
    t.data
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn local() -> Vec<Arc<Device>> {
    common::open(&["local".to_string()]).unwrap()
}

/// Ulps between two floats on the ordered bit patterns (NaN = NaN).
fn ulps(a: f32, b: f32) -> u64 {
    if a.is_nan() || b.is_nan() {
        return if a.is_nan() && b.is_nan() {
            0
        } else {
            u64::MAX
        };
    }
    let key = |x: f32| {
        let i = x.to_bits() as i32;
        if i < 0 {
            i64::from(i32::MIN) - i64::from(i)
        } else {
            i64::from(i)
        }
    };
    key(a).abs_diff(key(b))
}

/// Compiles `text` for `local`, runs it on `inputs` and compares output 0
/// with `want` elementwise.
fn check(name: &str, text: &str, inputs: &[HostTensor], want: &[f32]) {
    let hal = common::compile_text(text, &[], "").unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
    let out =
        common::run_text(&hal, "main", inputs, local()).unwrap_or_else(|e| panic!("{name}: {e}"));
    let got = floats(&out[0]);
    assert_eq!(got.len(), want.len(), "{name}");
    // Without FMA the JIT computes exp without it; the oracle always fuses.
    let tol = if has_fma() { 0 } else { 2 };
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            ulps(*g, *w) <= tol,
            "{name}: element {i}: got {g:e} ({:#x}), want {w:e} ({:#x})",
            g.to_bits(),
            w.to_bits()
        );
    }
}

const LENGTHS: &[usize] = &[
    0, 1, 3, 4, 5, 15, 16, 17, 63, 64, 65, 511, 512, 513, 1000, 1024, 1537, 2053,
];

#[test]
fn chain_matches_elementwise_exp() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for &n in LENGTHS {
        let ty = format!("tensor<{n}xf32>");
        let text = format!(
            "func.func @main(%a: {ty}, %b: {ty}, %c: {ty}) -> {ty} {{\n\
             %m = graph.mul %a, %b : {ty}\n\
             %s = graph.add %m, %c : {ty}\n\
             %r = graph.relu %s : {ty}\n\
             %e = graph.exp %r : {ty}\n\
             return %e : {ty}\n}}\n"
        );
        let v: Vec<Vec<f32>> = (0..3)
            .map(|_| (0..n).map(|_| rng.value()).collect())
            .collect();
        let want: Vec<f32> = (0..n)
            .map(|i| {
                let s = v[0][i] * v[1][i] + v[2][i];
                // relu: maximumf(s, 0) (NaN stays NaN, -0 becomes +0).
                let r = if s.is_nan() {
                    s
                } else if s <= 0.0 {
                    0.0
                } else {
                    s
                };
                exp_f32(r)
            })
            .collect();
        let inputs: Vec<HostTensor> = v.iter().map(|x| tensor(&[n], x)).collect();
        check(&format!("chain n={n}"), &text, &inputs, &want);
    }
}

/// Three exps, one of them of another's result, and `a` read both before
/// and after the exps: every phase recomputes what it needs.
#[test]
fn nested_exps() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for &n in LENGTHS {
        let ty = format!("tensor<{n}xf32>");
        let text = format!(
            "func.func @main(%a: {ty}, %b: {ty}, %c: {ty}) -> {ty} {{\n\
             %e1 = graph.exp %a : {ty}\n\
             %e2 = graph.exp %c : {ty}\n\
             %m = graph.mul %b, %e2 : {ty}\n\
             %e3 = graph.exp %m : {ty}\n\
             %s = graph.add %e1, %e3 : {ty}\n\
             %r = graph.mul %s, %a : {ty}\n\
             return %r : {ty}\n}}\n"
        );
        let v: Vec<Vec<f32>> = (0..3)
            .map(|_| (0..n).map(|_| rng.value()).collect())
            .collect();
        let want: Vec<f32> = (0..n)
            .map(|i| {
                let (a, b, c) = (v[0][i], v[1][i], v[2][i]);
                (exp_f32(a) + exp_f32(b * exp_f32(c))) * a
            })
            .collect();
        let inputs: Vec<HostTensor> = v.iter().map(|x| tensor(&[n], x)).collect();
        check(&format!("nested n={n}"), &text, &inputs, &want);
    }
}

/// Rows of a 2-D loop (the block restarts per row) with a broadcast row
/// vector, and a transposed operand (a strided, inline-exp loop).
#[test]
fn rows_broadcast_and_transposed() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    for (rows, cols) in [(3, 513), (5, 7), (1, 1030), (4, 0), (0, 9), (2, 17)] {
        let x: Vec<f32> = (0..rows * cols).map(|_| rng.value()).collect();
        let bias: Vec<f32> = (0..cols).map(|_| rng.value()).collect();
        let t = format!("tensor<{rows}x{cols}xf32>");
        let bt = format!("tensor<{cols}xf32>");
        let text = format!(
            "func.func @main(%x: {t}, %b: {bt}) -> {t} {{\n\
             %bb = graph.broadcast %b dimensions = [1] : {bt} -> {t}\n\
             %s = graph.add %x, %bb : {t}\n\
             %e = graph.exp %s : {t}\n\
             return %e : {t}\n}}\n"
        );
        let want: Vec<f32> = (0..rows * cols)
            .map(|i| exp_f32(x[i] + bias[i % cols]))
            .collect();
        let inputs = [tensor(&[rows, cols], &x), tensor(&[cols], &bias)];
        check(&format!("broadcast {rows}x{cols}"), &text, &inputs, &want);

        let tt = format!("tensor<{cols}x{rows}xf32>");
        let text = format!(
            "func.func @main(%x: {t}) -> {tt} {{\n\
             %y = graph.transpose %x permutation = [1, 0] : {t} -> {tt}\n\
             %e = graph.exp %y : {tt}\n\
             return %e : {tt}\n}}\n"
        );
        let want: Vec<f32> = (0..rows * cols)
            .map(|k| {
                let (j, i) = (k / rows, k % rows);
                exp_f32(x[i * cols + j])
            })
            .collect();
        check(
            &format!("transposed {rows}x{cols}"),
            &text,
            &[tensor(&[rows, cols], &x)],
            &want,
        );
    }
}

/// f32 `erf` (GELU's) the same way: blocks through `xir_verf_f32` where the
/// CPU has AVX-512, the JIT's inline code elsewhere (and in the strided
/// loop of a transposed operand); both give `erf_f32`'s bits, around its
/// branches at |x| = 1 and 4 and for the specials too.
#[test]
fn gelu_erf_matches_elementwise() {
    let mut rng = Rng(0x0bad_cafe_f00d_1234);
    for &n in LENGTHS {
        let ty = format!("tensor<{n}xf32>");
        let text = format!(
            "func.func @main(%a: {ty}, %b: {ty}) -> {ty} {{\n\
             %s = graph.add %a, %b : {ty}\n\
             %e = graph.erf %s : {ty}\n\
             %g = graph.mul %s, %e : {ty}\n\
             return %g : {ty}\n}}\n"
        );
        let v: Vec<Vec<f32>> = (0..2)
            .map(|_| (0..n).map(|_| rng.value()).collect())
            .collect();
        let want: Vec<f32> = (0..n)
            .map(|i| {
                let s = v[0][i] + v[1][i];
                s * erf_f32(s)
            })
            .collect();
        let inputs: Vec<HostTensor> = v.iter().map(|x| tensor(&[n], x)).collect();
        check(&format!("gelu n={n}"), &text, &inputs, &want);
    }
    for (rows, cols) in [(3, 513), (5, 7), (1, 30), (2, 17)] {
        let x: Vec<f32> = (0..rows * cols).map(|_| rng.value()).collect();
        let (t, tt) = (
            format!("tensor<{rows}x{cols}xf32>"),
            format!("tensor<{cols}x{rows}xf32>"),
        );
        let text = format!(
            "func.func @main(%x: {t}) -> {tt} {{\n\
             %y = graph.transpose %x permutation = [1, 0] : {t} -> {tt}\n\
             %e = graph.erf %y : {tt}\n\
             return %e : {tt}\n}}\n"
        );
        let want: Vec<f32> = (0..rows * cols)
            .map(|k| erf_f32(x[(k % rows) * cols + k / rows]))
            .collect();
        check(
            &format!("erf transposed {rows}x{cols}"),
            &text,
            &[tensor(&[rows, cols], &x)],
            &want,
        );
    }
}
