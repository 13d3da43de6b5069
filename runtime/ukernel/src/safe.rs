//! Safe, bounds-checked wrappers over the raw entry points.

use crate::{Epilogue, Isa};
use half::{bf16, f16};

mod sealed {
    pub trait Sealed {}
}

/// An element type with a matmul kernel. Unsigned integers share the signed kernels
/// (wrapping arithmetic gives the same bits).
pub trait Element: Copy + sealed::Sealed {
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

macro_rules! element {
    ($t:ty, $as:ty, |$isa:ident| $f:expr) => {
        impl sealed::Sealed for $t {}
        impl Element for $t {
            unsafe fn raw(
                $isa: Isa,
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
                $f(
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
    };
}

element!(f32, f32, |isa| |a, lda, b, ldb, c, ldc, m, n, k, e, x| {
    crate::xir_matmul_f32_isa(isa, a, lda, b, ldb, c, ldc, m, n, k, e, x)
});
element!(f64, f64, |isa| |a, lda, b, ldb, c, ldc, m, n, k, e, x| {
    crate::xir_matmul_f64_isa(isa, a, lda, b, ldb, c, ldc, m, n, k, e, x)
});
element!(f16, u16, |isa| |a, lda, b, ldb, c, ldc, m, n, k, e, x| {
    crate::xir_matmul_f16_isa(isa, a, lda, b, ldb, c, ldc, m, n, k, e, x)
});
element!(bf16, u16, |isa| |a, lda, b, ldb, c, ldc, m, n, k, e, x| {
    crate::xir_matmul_bf16_isa(isa, a, lda, b, ldb, c, ldc, m, n, k, e, x)
});
element!(i8, i8, |isa| |a, lda, b, ldb, c, ldc, m, n, k, e, x| {
    crate::xir_matmul_i8_isa(isa, a, lda, b, ldb, c, ldc, m, n, k, e, x)
});
element!(u8, i8, |isa| |a, lda, b, ldb, c, ldc, m, n, k, e, x| {
    crate::xir_matmul_i8_isa(isa, a, lda, b, ldb, c, ldc, m, n, k, e, x)
});
element!(i16, i16, |isa| |a, lda, b, ldb, c, ldc, m, n, k, e, x| {
    crate::xir_matmul_i16_isa(isa, a, lda, b, ldb, c, ldc, m, n, k, e, x)
});
element!(u16, i16, |isa| |a, lda, b, ldb, c, ldc, m, n, k, e, x| {
    crate::xir_matmul_i16_isa(isa, a, lda, b, ldb, c, ldc, m, n, k, e, x)
});
element!(i32, i32, |isa| |a, lda, b, ldb, c, ldc, m, n, k, e, x| {
    crate::xir_matmul_i32_isa(isa, a, lda, b, ldb, c, ldc, m, n, k, e, x)
});
element!(u32, i32, |isa| |a, lda, b, ldb, c, ldc, m, n, k, e, x| {
    crate::xir_matmul_i32_isa(isa, a, lda, b, ldb, c, ldc, m, n, k, e, x)
});
element!(i64, i64, |isa| |a, lda, b, ldb, c, ldc, m, n, k, e, x| {
    crate::xir_matmul_i64_isa(isa, a, lda, b, ldb, c, ldc, m, n, k, e, x)
});
element!(u64, i64, |isa| |a, lda, b, ldb, c, ldc, m, n, k, e, x| {
    crate::xir_matmul_i64_isa(isa, a, lda, b, ldb, c, ldc, m, n, k, e, x)
});

/// A safe epilogue: `f(row_lo, row_hi, c)` with the whole C slice.
pub type EpilogueFn<'a, T> = dyn FnMut(usize, usize, &mut [T]) + 'a;

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

/// `C = A * B` (row-major, leading dims in elements) on the best ISA path.
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
/// slices are too short for the shape or the path is unsupported.
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
    unsafe extern "C" fn trampoline<T>(ctx: *mut u8, lo: usize, hi: usize) {
        let ctx = &mut *ctx.cast::<Ctx<'_, T>>();
        // The kernel is not touching C while the epilogue runs.
        (ctx.f)(lo, hi, std::slice::from_raw_parts_mut(ctx.c, ctx.len))
    }

    let (cp, len) = (c.as_mut_ptr(), c.len());
    // SAFETY: extents checked above; C is exclusively borrowed and cannot alias A or B.
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
