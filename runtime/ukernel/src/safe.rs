//! Safe, bounds-checked wrappers over the raw entry points.

use crate::{Epilogue, Isa};
use half::{bf16, f16};

mod sealed {
    pub trait Sealed {}
}

/// An element type with a matmul kernel. Unsigned integers share the signed kernels
/// (wrapping arithmetic gives the same bits).
pub trait Element: Copy + sealed::Sealed {
    /// The raw entry point for this type on a forced ISA path (`xir_matmul_*_isa`).
    ///
    /// # Safety
    /// As for [`xir_matmul_f32`](crate::xir_matmul_f32), with `Self` elements.
    #[doc(hidden)]
    unsafe fn raw(
        isa: Isa,
        a: *const Self,
        lda: usize,
        b: *const Self,
        ldb: usize,
        c: *mut Self,
        ldc: usize,
        m: usize,
        n: usize,
        k: usize,
        epilogue: Option<Epilogue>,
        ctx: *mut u8,
    );
}

/// `impl Element for $t` through the entry point `$f` on `$as` elements. `$as` must have
/// `$t`'s size and alignment, and every bit pattern of either must be valid for the
/// other.
macro_rules! element {
    ($t:ty, $as:ty, $f:path) => {
        impl sealed::Sealed for $t {}
        impl Element for $t {
            unsafe fn raw(
                isa: Isa,
                a: *const Self,
                lda: usize,
                b: *const Self,
                ldb: usize,
                c: *mut Self,
                ldc: usize,
                m: usize,
                n: usize,
                k: usize,
                epilogue: Option<Epilogue>,
                ctx: *mut u8,
            ) {
                const {
                    assert!(size_of::<$t>() == size_of::<$as>());
                    assert!(align_of::<$t>() == align_of::<$as>());
                }
                // SAFETY: `$t` and `$as` have the same size and alignment (asserted
                // above) and share every bit pattern (f16/bf16 are u16 bit patterns,
                // unsigned integers the signed ones), so regions valid for `$t` are
                // valid for `$as`; the rest is this function's contract, which is `$f`'s.
                unsafe {
                    $f(
                        isa,
                        a.cast::<$as>(),
                        lda,
                        b.cast::<$as>(),
                        ldb,
                        c.cast::<$as>(),
                        ldc,
                        m,
                        n,
                        k,
                        epilogue,
                        ctx,
                    )
                }
            }
        }
    };
}

element!(f32, f32, crate::xir_matmul_f32_isa);
element!(f64, f64, crate::xir_matmul_f64_isa);
element!(f16, u16, crate::xir_matmul_f16_isa);
element!(bf16, u16, crate::xir_matmul_bf16_isa);
element!(i8, i8, crate::xir_matmul_i8_isa);
element!(u8, i8, crate::xir_matmul_i8_isa);
element!(i16, i16, crate::xir_matmul_i16_isa);
element!(u16, i16, crate::xir_matmul_i16_isa);
element!(i32, i32, crate::xir_matmul_i32_isa);
element!(u32, i32, crate::xir_matmul_i32_isa);
element!(i64, i64, crate::xir_matmul_i64_isa);
element!(u64, i64, crate::xir_matmul_i64_isa);

/// A safe epilogue: `f(row_lo, row_hi, c)` with the whole C slice, called once rows
/// `row_lo..row_hi` of C are final.
pub type EpilogueFn<'a, T> = dyn FnMut(usize, usize, &mut [T]) + 'a;

/// Panics unless a slice of `len` elements holds a `rows x cols` matrix with leading
/// dim `ld` (skipped when the matrix is empty: the kernels never touch it then).
fn check_operand(name: &str, len: usize, rows: usize, cols: usize, ld: usize) {
    if rows == 0 || cols == 0 {
        return;
    }
    assert!(ld >= cols, "{name}: leading dim {ld} < {cols} columns");
    let need = (rows - 1)
        .checked_mul(ld)
        .and_then(|x| x.checked_add(cols))
        .expect("matrix extent overflows usize");
    assert!(len >= need, "{name}: {len} elements < {need} needed");
}

/// `C = A * B` (row-major, leading dims in elements) on the best ISA path: `a` is
/// `m x k`, `b` is `k x n`, `c` is `m x n` and is overwritten. Panics if a slice is too
/// short for its shape or a leading dim is below its column count.
pub fn matmul<T: Element>(
    a: &[T],
    lda: usize,
    b: &[T],
    ldb: usize,
    c: &mut [T],
    ldc: usize,
    m: usize,
    n: usize,
    k: usize,
) {
    matmul_with(Isa::best(), a, lda, b, ldb, c, ldc, m, n, k, None)
}

/// [`matmul`] on a chosen ISA path, with an optional
/// epilogue `f(row_lo, row_hi, c)` called on each block of finished rows. Panics if the
/// slices are too short for the shape or the path is unsupported. A panic inside the
/// epilogue aborts the process (it would unwind through the kernel's `extern "C"`
/// callback).
pub fn matmul_with<T: Element>(
    isa: Isa,
    a: &[T],
    lda: usize,
    b: &[T],
    ldb: usize,
    c: &mut [T],
    ldc: usize,
    m: usize,
    n: usize,
    k: usize,
    epilogue: Option<&mut EpilogueFn<'_, T>>,
) {
    check_operand("A", a.len(), m, k, lda);
    check_operand("B", b.len(), k, n, ldb);
    check_operand("C", c.len(), m, n, ldc);
    assert!(isa.is_supported(), "ISA path {isa:?} not supported here");

    struct Ctx<'a, T> {
        f: &'a mut EpilogueFn<'a, T>,
        c: *mut T,
        len: usize,
    }
    /// The kernel's [`Epilogue`]: calls the safe one with the whole C slice.
    ///
    /// # Safety
    /// `ctx` points to a live `Ctx<T>` that nothing else accesses during the call, whose
    /// `c` and `len` are an initialized slice that nothing holds a reference into.
    unsafe extern "C" fn trampoline<T>(ctx: *mut u8, lo: usize, hi: usize) {
        // SAFETY: `ctx` is the `Ctx<T>` on `matmul_with`'s stack, alive for the whole
        // kernel call and only accessed here; `c`/`len` are the exclusively borrowed C,
        // which the kernel is not touching while the epilogue runs (it holds no
        // reference into C across the call, only raw pointers).
        let (ctx, c) = unsafe {
            let ctx = &mut *ctx.cast::<Ctx<'_, T>>();
            let c = std::slice::from_raw_parts_mut(ctx.c, ctx.len);
            (ctx, c)
        };
        (ctx.f)(lo, hi, c)
    }

    let (cp, len) = (c.as_mut_ptr(), c.len());
    // SAFETY: `check_operand` verified that each operand with an element is covered by
    // its slice (`ld >= cols`, `len >= (rows - 1) * ld + cols`), and the kernels form no
    // pointer into an operand without one; slices are initialized and aligned; C is
    // exclusively borrowed, so it overlaps neither A nor B; `isa` is supported; the
    // trampoline's `ctx` is the live `Ctx` below, with C's pointer and length.
    unsafe {
        match epilogue {
            None => T::raw(
                isa,
                a.as_ptr(),
                lda,
                b.as_ptr(),
                ldb,
                cp,
                ldc,
                m,
                n,
                k,
                None,
                std::ptr::null_mut(),
            ),
            Some(f) => {
                let mut ctx = Ctx { f, c: cp, len };
                T::raw(
                    isa,
                    a.as_ptr(),
                    lda,
                    b.as_ptr(),
                    ldb,
                    cp,
                    ldc,
                    m,
                    n,
                    k,
                    Some(trampoline::<T>),
                    (&mut ctx as *mut Ctx<'_, T>).cast(),
                )
            }
        }
    }
}
