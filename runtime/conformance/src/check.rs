//! How a driver's result must match the model's.
//!
//! Integers (`i1` included, whose bytes must be exactly 0 or 1) and data
//! movement are compared exactly, whatever the tolerance. Floats:
//!
//! - [`Tol::Ulps`]`(0)`: the same value (bits, so +0 and -0 differ), any NaN
//!   matching any NaN: ops that round nothing (max, min, neg, abs, select,
//!   compares, moves) and `kernel.cast`, whose rounding is defined.
//! - [`Tol::Ulps`]`(n)`: within `n` units in the last place of the element
//!   type, counted on the ordered bit patterns (+0 = -0; infinity is one ulp
//!   past the largest finite value). add/sub/mul are correctly rounded
//!   everywhere (1 allows a backend that keeps an f16/bf16 chain in f32);
//!   div and sqrt get 3 (Vulkan allows 2.5 ulps for them).
//! - [`Tol::Transcendental`]: exp, tanh, log, erf, sin, cos, pow. The model computes
//!   them in f64 and rounds once; a backend may use polynomials (local) or
//!   the GPU's built-ins. Bound: `|got - want| <= REL * |want| + ABS + ulp`,
//!   with `ulp` one unit of the element type at `want`, and (REL, ABS) =
//!   (2^-16, 2^-21) for f32, f16 and bf16 (GLSL.std.450's exp is within
//!   `3 + 2|x|` ulps, its log within 2^-21 absolute near 1), (2^-40, 2^-48)
//!   for f64 (f64 must be computed as f64). NaN must match NaN and an
//!   infinity the same infinity.
//! - [`Tol::Sum`]: reductions and matmul, whose summation order and
//!   accumulator precision are the backend's (the model sums in order,
//!   rounding each step to the element type): `|got - want| <= (terms + 2) *
//!   eps * mag + ulp`, `mag` the same sum over the terms' magnitudes and
//!   `eps` the element type's unit roundoff.

use crate::model::{is_float, Tensor, V};
use xir_runtime_hal::{ElementType, FloatType, HostTensor};

/// How one result is compared (floats; integers are always exact).
#[derive(Clone, Debug, PartialEq)]
pub enum Tol {
    /// Within this many ulps (0: the same value).
    Ulps(u64),
    /// exp, tanh, log, erf, sin, cos, pow: see the module doc.
    Transcendental,
    /// A sum of `terms` terms per element whose magnitudes sum to `mag`
    /// (one value per element of the result).
    Sum {
        /// Terms summed into one element.
        terms: usize,
        /// Per element: the sum of the terms' magnitudes.
        mag: Vec<f64>,
    },
}

/// The unit roundoff of float type `e` (half an ulp of 1).
pub fn eps(e: ElementType) -> f64 {
    match e {
        ElementType::Float(FloatType::F16) => 2f64.powi(-11),
        ElementType::Float(FloatType::BF16) => 2f64.powi(-8),
        ElementType::Float(FloatType::F32) => 2f64.powi(-24),
        _ => 2f64.powi(-53),
    }
}

/// One ulp of float type `e` at magnitude `x` (the subnormal spacing at 0).
pub fn ulp(e: ElementType, x: f64) -> f64 {
    let (mant, min_exp) = match e {
        ElementType::Float(FloatType::F16) => (10, -14),
        ElementType::Float(FloatType::BF16) => (7, -126),
        ElementType::Float(FloatType::F32) => (23, -126),
        _ => (52, -1022),
    };
    let x = x.abs();
    let exp = if x == 0.0 || !x.is_finite() {
        min_exp
    } else {
        (x.log2().floor() as i32).max(min_exp)
    };
    2f64.powi(exp - mant)
}

/// The position of `x` among type `e`'s values, in ulps (+0 = -0 = 0).
fn ordered(e: ElementType, x: f64) -> i64 {
    let key = |bits: i64, sign: bool| if sign { -bits } else { bits };
    match e {
        ElementType::Float(FloatType::F16) => {
            let b = half::f16::from_f64(x).to_bits();
            key((b & 0x7fff) as i64, b & 0x8000 != 0)
        }
        ElementType::Float(FloatType::BF16) => {
            let b = half::bf16::from_f64(x).to_bits();
            key((b & 0x7fff) as i64, b & 0x8000 != 0)
        }
        ElementType::Float(FloatType::F32) => {
            let b = (x as f32).to_bits();
            key((b & 0x7fff_ffff) as i64, b >> 31 != 0)
        }
        _ => {
            let b = x.to_bits();
            key((b & 0x7fff_ffff_ffff_ffff) as i64, b >> 63 != 0)
        }
    }
}

/// Whether float result `g` is acceptable for model value `w`.
fn float_ok(e: ElementType, tol: &Tol, i: usize, w: f64, g: f64) -> bool {
    if w.is_nan() || g.is_nan() {
        return w.is_nan() && g.is_nan();
    }
    if w.to_bits() == g.to_bits() {
        return true;
    }
    match tol {
        Tol::Ulps(0) => false,
        Tol::Ulps(n) => ordered(e, w).abs_diff(ordered(e, g)) <= *n,
        Tol::Transcendental => {
            if w.is_infinite() || g.is_infinite() {
                return ordered(e, w).abs_diff(ordered(e, g)) <= 1;
            }
            let (rel, abs) = match e {
                ElementType::Float(FloatType::F64) => (2f64.powi(-40), 2f64.powi(-48)),
                _ => (2f64.powi(-16), 2f64.powi(-21)),
            };
            (g - w).abs() <= rel * w.abs() + abs + ulp(e, w)
        }
        Tol::Sum { terms, mag } => {
            if w.is_infinite() || g.is_infinite() {
                return w == g;
            }
            let bound = (*terms as f64 + 2.0) * eps(e) * mag[i] + ulp(e, w);
            (g - w).abs() <= bound
        }
    }
}

/// The row-major index of flat element `i` of `shape`.
fn coords(shape: &[usize], mut i: usize) -> Vec<usize> {
    let mut c = vec![0; shape.len()];
    for d in (0..shape.len()).rev() {
        c[d] = i % shape[d].max(1);
        i /= shape[d].max(1);
    }
    c
}

fn show(v: V) -> String {
    match v {
        V::F(x) => format!("{x:?}"),
        V::I(i) => i.to_string(),
    }
}

/// Compares a driver's result `got` with the model's `want`; the error
/// names the first elements that differ (up to 8) and how many do.
pub fn compare(want: &Tensor, got: &HostTensor, tol: &Tol) -> Result<(), String> {
    if got.element != want.elem || got.shape != want.shape {
        return Err(format!(
            "expected a {}, got a {}",
            want.to_host().type_string(),
            got.type_string()
        ));
    }
    let got = Tensor::from_host(got);
    let mut bad = Vec::new();
    let mut count = 0;
    for (i, (&w, &g)) in want.data.iter().zip(&got.data).enumerate() {
        let ok = if is_float(want.elem) {
            float_ok(want.elem, tol, i, w.f(), g.f())
        } else {
            w == g
        };
        if !ok {
            count += 1;
            if bad.len() < 8 {
                bad.push(format!(
                    "  at {:?}: expected {}, got {}",
                    coords(&want.shape, i),
                    show(w),
                    show(g)
                ));
            }
        }
    }
    if count == 0 {
        return Ok(());
    }
    Err(format!(
        "{count} of {} elements differ (tolerance {}):\n{}",
        want.data.len(),
        match tol {
            Tol::Ulps(n) => format!("{n} ulps"),
            Tol::Transcendental => "transcendental".into(),
            Tol::Sum { terms, .. } => format!("a sum of {terms} terms"),
        },
        bad.join("\n")
    ))
}
