//! Matmul micro-kernels for xir's JIT-compiled CPU backend (IREE-ukernel style).
//!
//! The JIT calls the `extern "C"` entry points below through function pointers. Every
//! entry point computes `C = A * B` for row-major matrices with leading dimensions in
//! elements, overwrites `C`, runs single-threaded (the caller splits rows across
//! threads) and calls an optional fused epilogue on each block of finished rows.
//!
//! f32/f64 use a BLIS-style packed, register-tiled kernel with AVX-512F, AVX2+FMA and
//! portable paths picked at run time; f16/bf16 widen to f32 and reuse it; integers use
//! a blocked, auto-vectorized loop that wraps at the element width. The `*_isa`
//! variants force a path (tests, benchmarks); [`matmul`] and [`matmul_with`] are safe,
//! bounds-checked wrappers.
//!
//! # Unsafe code
//!
//! Every `unsafe` operation sits in an `unsafe {}` block (also inside `unsafe fn`s) with a
//! `SAFETY:` comment naming the invariant that makes it sound. The invariants come in
//! three kinds, and each `unsafe fn` states which it needs in its `# Safety` section:
//! - **Extents.** A raw operand pointer is valid for the strided region its shape
//!   describes (`rows` rows `ld` elements apart, `cols <= ld` valid elements each). The
//!   entry points take this from their caller; [`matmul_with`] checks it against slice
//!   lengths. Inner functions derive each sub-block's extent from it by index arithmetic
//!   that the comments spell out. A kernel never offsets a pointer into an operand that
//!   holds no element (`n = 0` or `k = 0`), since such an operand's leading dim is
//!   unchecked.
//! - **Target features.** Code compiled for AVX2 or AVX-512 runs only after
//!   [`Isa::is_supported`] (or `is_x86_feature_detected!`) said yes, checked at dispatch
//!   (`float::matmul_f32`, `int::matmul`, `vmath::xir_vexp_f32`).
//! - **Alignment.** Every vector load and store is an unaligned one (`loadu`/`storeu`,
//!   `write_unaligned`); the only typed accesses are of whole elements, through pointers
//!   that are aligned for the element type.
#![warn(
    missing_docs,
    unsafe_op_in_unsafe_fn,
    clippy::undocumented_unsafe_blocks
)]
#![allow(clippy::too_many_arguments)]

pub mod attention;
pub mod conv;
pub mod ewise;
mod float;
pub mod gather;
mod halfp;
mod int;
pub mod packed;
pub mod pool;
mod portable;
mod safe;
mod scratch;
mod simd;
pub mod vmath;
#[cfg(target_arch = "x86_64")]
mod x86;

use std::sync::OnceLock;

pub use safe::{matmul, matmul_with, Element, EpilogueFn};

/// GFLOP/s of the AVX-512 f32 register tile alone (`bench/ukernel --micro`): `iters`
/// calls of `kc` steps on panels in L1, B packed or read with a row stride; `None`
/// without AVX-512.
#[doc(hidden)]
pub fn micro_tile_gflops(kc: usize, packed_b: bool, iters: usize) -> Option<f64> {
    #[cfg(target_arch = "x86_64")]
    return x86::micro_tile_gflops(kc, packed_b, iters);
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (kc, packed_b, iters);
        None
    }
}

/// Called after rows [row_lo, row_hi) of C are final (all of k accumulated), so a fused
/// epilogue (bias add, relu, ...) runs on them while they are still in cache.
///
/// `ctx` is the pointer the caller passed next to the epilogue, handed back unchanged.
/// The kernel does not touch C while the epilogue runs, so the epilogue may read and
/// write the finished rows. It must not unwind: a panic that reaches this `extern "C"`
/// boundary aborts the process.
pub type Epilogue = unsafe extern "C" fn(ctx: *mut u8, row_lo: usize, row_hi: usize);

/// The signature shared by every `xir_matmul_*` entry point: `(a, lda, b, ldb, c, ldc, m,
/// n, k, epilogue, ctx)`, leading dims in elements of `T` (see [`xir_matmul_f32`] for
/// the contract).
pub type MatmulFn<T> = unsafe extern "C" fn(
    a: *const T,
    lda: usize,
    b: *const T,
    ldb: usize,
    c: *mut T,
    ldc: usize,
    m: usize,
    n: usize,
    k: usize,
    epilogue: Option<Epilogue>,
    ctx: *mut u8,
);

/// Instruction-set path of the kernels (f16/bf16 run on the f32 kernel; the integer
/// loops are compiled once per path).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Isa {
    /// Plain Rust, any architecture.
    Portable,
    /// x86-64 AVX2 + FMA.
    Avx2,
    /// x86-64 AVX-512F.
    Avx512,
}

impl Isa {
    /// Every path, slowest first (whether or not this machine can run it).
    pub const ALL: [Isa; 3] = [Isa::Portable, Isa::Avx2, Isa::Avx512];

    /// Whether this machine can run the path.
    pub fn is_supported(self) -> bool {
        match self {
            Isa::Portable => true,
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma"),
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => {
                is_x86_feature_detected!("avx512f")
                    && is_x86_feature_detected!("avx2")
                    && is_x86_feature_detected!("fma")
            }
            #[cfg(not(target_arch = "x86_64"))]
            _ => false,
        }
    }

    /// The fastest supported path; detected once.
    pub fn best() -> Isa {
        static BEST: OnceLock<Isa> = OnceLock::new();
        *BEST.get_or_init(|| {
            [Isa::Avx512, Isa::Avx2]
                .into_iter()
                .find(|i| i.is_supported())
                .unwrap_or(Isa::Portable)
        })
    }

    /// Every path this machine can run.
    pub fn supported() -> Vec<Isa> {
        Isa::ALL.into_iter().filter(|i| i.is_supported()).collect()
    }

    /// A short human-readable name: `"portable"`, `"avx2+fma"` or `"avx512f"`.
    pub fn name(self) -> &'static str {
        match self {
            Isa::Portable => "portable",
            Isa::Avx2 => "avx2+fma",
            Isa::Avx512 => "avx512f",
        }
    }
}

/// The raw operands of one call, shared by all implementations.
pub(crate) struct Args<E> {
    pub a: *const E,
    pub lda: usize,
    pub b: *const E,
    pub ldb: usize,
    pub c: *mut E,
    pub ldc: usize,
    pub m: usize,
    pub n: usize,
    pub k: usize,
    pub epilogue: Option<Epilogue>,
    pub ctx: *mut u8,
    /// B already packed (`packed::PackedB`'s layout) for columns `b_col..b_col + n`;
    /// `b` and `ldb` are then unused.
    pub packed_b: Option<packed::PackedRef<E>>,
}

impl<E> Args<E> {
    /// Reports rows `lo..hi` of C as final to the epilogue, if there is one.
    ///
    /// # Safety
    /// The `epilogue`/`ctx` pair is the one the entry point's caller passed (so calling it
    /// is sound by that caller's contract), rows `lo..hi` are final, and the kernel holds
    /// no reference into C across the call.
    #[inline]
    pub unsafe fn finish_rows(&self, lo: usize, hi: usize) {
        if let Some(f) = self.epilogue {
            // SAFETY: the entry point's caller promised that `epilogue(ctx, lo, hi)` is
            // sound for finished row blocks of C; this function's caller promised that
            // `lo..hi` is one, with no live reference into C.
            unsafe { f(self.ctx, lo, hi) };
        }
    }
}

macro_rules! entry_doc {
    () => {
        "C[i, j] = sum_p A[i, p] * B[p, j] for i in 0..m, j in 0..n; row-major with leading \
         dims (elements) lda, ldb, ldc. Overwrites C (does not accumulate). m, n or k may be 0 \
         (k = 0 writes zeros). Single-threaded: the caller splits rows across threads. \
         After each finished block of rows, calls `epilogue(ctx, lo, hi)` if given (blocks \
         cover 0..m in order, each row exactly once; not called when m = 0).\n\n\
         # Safety\n`a` and `b` must be valid for reads of the described m x k and k x n \
         strided regions (`lda >= k`, `ldb >= n`), `c` for reads and writes of the m x n \
         region (`ldc >= n`); all three must be initialized memory (the kernels view rows \
         as slices; any bit pattern is fine). A region with no element (m, n or k zero) may \
         come with any pointer and leading dim. `c` must not overlap `a` or `b`, and no \
         other thread may access C during the call. Each pointer must be aligned for its \
         element type. If `epilogue` is given, calling it as `epilogue(ctx, lo, hi)` on \
         finished rows must be sound, and it must not unwind."
    };
}

macro_rules! entry {
    ($name:ident, $name_isa:ident, $t:ty, $imp:path $(, $extra:literal)?) => {
        #[doc = entry_doc!()]
        $(#[doc = $extra])?
        pub unsafe extern "C" fn $name(
            a: *const $t,
            lda: usize,
            b: *const $t,
            ldb: usize,
            c: *mut $t,
            ldc: usize,
            m: usize,
            n: usize,
            k: usize,
            epilogue: Option<Epilogue>,
            ctx: *mut u8,
        ) {
            // SAFETY: the operands come with this function's contract, which is the
            // `_isa` variant's; `Isa::best()` is supported, so it does not panic.
            unsafe { $name_isa(Isa::best(), a, lda, b, ldb, c, ldc, m, n, k, epilogue, ctx) }
        }

        /// Same as the plain entry point but on a forced ISA path (tests, benchmarks).
        /// Panics if the machine does not support `isa`.
        ///
        /// # Safety
        /// As for the plain entry point.
        pub unsafe fn $name_isa(
            isa: Isa,
            a: *const $t,
            lda: usize,
            b: *const $t,
            ldb: usize,
            c: *mut $t,
            ldc: usize,
            m: usize,
            n: usize,
            k: usize,
            epilogue: Option<Epilogue>,
            ctx: *mut u8,
        ) {
            let args = Args {
                a,
                lda,
                b,
                ldb,
                c,
                ldc,
                m,
                n,
                k,
                epilogue,
                ctx,
                packed_b: None,
            };
            // SAFETY: `args` holds this function's operands unchanged, valid by its
            // contract, which is the one `$imp` asks for; `$imp` checks `isa` itself.
            unsafe { $imp(isa, &args) }
        }
    };
}

entry!(xir_matmul_f32, xir_matmul_f32_isa, f32, float::matmul_f32);
entry!(xir_matmul_f64, xir_matmul_f64_isa, f64, float::matmul_f64);
entry!(
    xir_matmul_f16,
    xir_matmul_f16_isa,
    u16,
    halfp::matmul_f16,
    "\n\nElements are IEEE f16 bit patterns; sums are accumulated in f32 and rounded once."
);
entry!(
    xir_matmul_bf16,
    xir_matmul_bf16_isa,
    u16,
    halfp::matmul_bf16,
    "\n\nElements are bf16 bit patterns; sums are accumulated in f32 and rounded once."
);
entry!(
    xir_matmul_i8,
    xir_matmul_i8_isa,
    i8,
    int::matmul,
    "\n\nMultiply and add wrap at 8 bits (signed and unsigned give the same bits)."
);
entry!(
    xir_matmul_i16,
    xir_matmul_i16_isa,
    i16,
    int::matmul,
    "\n\nMultiply and add wrap at 16 bits (signed and unsigned give the same bits)."
);
entry!(
    xir_matmul_i32,
    xir_matmul_i32_isa,
    i32,
    int::matmul,
    "\n\nMultiply and add wrap at 32 bits (signed and unsigned give the same bits)."
);
entry!(
    xir_matmul_i64,
    xir_matmul_i64_isa,
    i64,
    int::matmul,
    "\n\nMultiply and add wrap at 64 bits (signed and unsigned give the same bits)."
);
