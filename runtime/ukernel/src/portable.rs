//! Portable register tile: fixed-size arrays that LLVM maps onto whatever SIMD the
//! target has (SSE2 on baseline x86-64, NEON on aarch64).

use crate::float::{driver, tile_dispatch, Kern};
use crate::Args;

macro_rules! portable_kern {
    ($name:ident, $e:ty, lanes = $lanes:literal, nv = $nv:literal [$($nvs:literal)*], mr = $mr:literal [$($mrs:literal)*]) => {
        pub(crate) struct $name;
        impl Kern for $name {
            type E = $e;
            type V = [$e; $lanes];
            const LANES: usize = $lanes;
            const NV: usize = $nv;
            const MR: usize = $mr;
            const KC: usize = 256;
            const MC: usize = 96;
            const NC: usize = 4096;
            const DIRECT_M: usize = 64;
            #[inline(always)]
            unsafe fn zero() -> Self::V {
                [0.0; $lanes]
            }
            #[inline(always)]
            unsafe fn splat(p: *const $e) -> Self::V {
                // SAFETY: `p` is valid for reading one aligned element (the method's
                // contract).
                [unsafe { *p }; $lanes]
            }
            #[inline(always)]
            unsafe fn load(p: *const $e) -> Self::V {
                // SAFETY: `p` is valid for reading LANES aligned elements (the method's
                // contract) and `i < LANES`.
                std::array::from_fn(|i| unsafe { *p.add(i) })
            }
            #[inline(always)]
            unsafe fn store(p: *mut $e, v: Self::V) {
                for (i, x) in v.into_iter().enumerate() {
                    // SAFETY: `p` is valid for writing LANES aligned elements (the
                    // method's contract) and `i < LANES`.
                    unsafe { *p.add(i) = x };
                }
            }
            #[inline(always)]
            unsafe fn fma(a: Self::V, b: Self::V, c: Self::V) -> Self::V {
                // Not mul_add: without hardware FMA that is a slow libm call.
                std::array::from_fn(|i| a[i] * b[i] + c[i])
            }
            #[inline(always)]
            unsafe fn add(a: Self::V, b: Self::V) -> Self::V {
                std::array::from_fn(|i| a[i] + b[i])
            }
            tile_dispatch!([$($nvs)*], [$($mrs)*]);
        }
    };
}

// 128-bit "vectors"; 8 (x86-64 SSE2: 16 registers) or 16 (aarch64 NEON: 32 registers)
// accumulators.
#[cfg(not(target_arch = "aarch64"))]
portable_kern!(PortableF32, f32, lanes = 4, nv = 2 [1 2], mr = 4 [1 2 3 4]);
#[cfg(not(target_arch = "aarch64"))]
portable_kern!(PortableF64, f64, lanes = 2, nv = 4 [1 2 3 4], mr = 4 [1 2 3 4]);
#[cfg(target_arch = "aarch64")]
portable_kern!(PortableF32, f32, lanes = 4, nv = 2 [1 2], mr = 8 [1 2 3 4 5 6 7 8]);
#[cfg(target_arch = "aarch64")]
portable_kern!(PortableF64, f64, lanes = 2, nv = 4 [1 2 3 4], mr = 8 [1 2 3 4 5 6 7 8]);

/// The portable f32 kernel.
///
/// # Safety
/// `p` holds operands valid as the entry points require (see `xir_matmul_f32`).
pub(crate) unsafe fn f32_portable(p: &Args<f32>) {
    // SAFETY: `p` by this function's contract; the portable `Kern` needs no target
    // feature.
    unsafe { driver::<PortableF32>(p) }
}

/// The portable f64 kernel.
///
/// # Safety
/// `p` holds operands valid as the entry points require (see `xir_matmul_f64`).
pub(crate) unsafe fn f64_portable(p: &Args<f64>) {
    // SAFETY: `p` by this function's contract; the portable `Kern` needs no target
    // feature.
    unsafe { driver::<PortableF64>(p) }
}

/// The portable f32 convolution.
///
/// # Safety
/// `j` holds operands valid as `conv::conv2d_f32` requires, with a filter packed for
/// `Isa::Portable`.
pub(crate) unsafe fn conv_portable(j: &crate::conv::Job) {
    // SAFETY: `j` by this function's contract; the portable `Kern` needs no target
    // feature.
    unsafe { crate::conv::run::<PortableF32>(j) }
}
