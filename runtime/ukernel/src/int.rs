//! Integer matmul: a blocked i-p-j loop (B rows stream, C rows stay in cache) that LLVM
//! vectorizes; also compiled with AVX2 and AVX-512BW, picked at run time on x86-64.

use crate::Args;

pub(crate) trait WrapInt: Copy + Default {
    fn wadd(self, o: Self) -> Self;
    fn wmul(self, o: Self) -> Self;
}

macro_rules! wrap_int {
    ($($t:ty)*) => {$(
        impl WrapInt for $t {
            #[inline(always)]
            fn wadd(self, o: Self) -> Self {
                self.wrapping_add(o)
            }
            #[inline(always)]
            fn wmul(self, o: Self) -> Self {
                self.wrapping_mul(o)
            }
        }
    )*};
}
wrap_int!(i8 i16 i32 i64);

/// Rows per block: the unit of epilogue calls.
const MB: usize = 32;

/// `C = A * B` in blocks of `MB` rows, each reported to the epilogue when done.
///
/// # Safety
/// `p` holds operands valid as the entry points require (see `xir_matmul_i32`).
#[inline(always)]
unsafe fn blocked<T: WrapInt>(p: &Args<T>) {
    let mut ib = 0;
    while ib < p.m {
        let ie = (ib + MB).min(p.m);
        // With n = 0, C and B hold no element and their leading dims are unchecked, so no
        // pointer into them may be formed: the rows are only reported.
        if p.n > 0 {
            // SAFETY: `p` by this function's contract, `n > 0`, `ib < ie <= m`.
            unsafe { block(p, ib, ie) };
        }
        // SAFETY: rows `ib..ie` are final (all of k accumulated); `block` holds no
        // reference into C past its return.
        unsafe { p.finish_rows(ib, ie) };
        ib = ie;
    }
}

/// Rows `ib..ie` of C, over all of k: a blocked i-p-j loop.
///
/// # Safety
/// `p` holds operands valid as the entry points require, `n > 0` and `ib <= ie <= m`.
#[inline(always)]
unsafe fn block<T: WrapInt>(p: &Args<T>, ib: usize, ie: usize) {
    let (n, k) = (p.n, p.k);
    // Keep a kb x n slab of B around 256 KiB so it stays in L2 across the row block.
    let kb = (256 * 1024 / (n * size_of::<T>())).clamp(8, 512);
    // Below, row `i < m` of C is `n` initialized, aligned elements that only this call
    // accesses (C overlaps neither A nor B, and `ldc >= n` keeps its rows apart); row
    // `i < m` of A is `k` and row `q < k` of B is `n` initialized, aligned elements, only
    // read.
    for i in ib..ie {
        // SAFETY: row `i < ie <= m` of C, as above.
        unsafe { std::slice::from_raw_parts_mut(p.c.add(i * p.ldc), n) }.fill(T::default());
    }
    let mut pb = 0;
    while pb < k {
        let pe = (pb + kb).min(k);
        for i in ib..ie {
            // SAFETY: rows `i < ie <= m` of C and A, as above.
            let (c, a) = unsafe {
                (
                    std::slice::from_raw_parts_mut(p.c.add(i * p.ldc), n),
                    std::slice::from_raw_parts(p.a.add(i * p.lda), k),
                )
            };
            // SAFETY: row `q < pe <= k` of B, as above (each call site keeps `q < pe`).
            let b_row = |q: usize| unsafe { std::slice::from_raw_parts(p.b.add(q * p.ldb), n) };
            let mut q = pb;
            // Four rows of B per pass over the C row: a quarter of the C traffic.
            while q + 4 <= pe {
                let (a0, a1, a2, a3) = (a[q], a[q + 1], a[q + 2], a[q + 3]);
                let (b0, b1, b2, b3) = (b_row(q), b_row(q + 1), b_row(q + 2), b_row(q + 3));
                // Equal lengths let LLVM drop the bounds checks and vectorize.
                let (b0, b1, b2, b3, c) = (&b0[..n], &b1[..n], &b2[..n], &b3[..n], &mut c[..n]);
                for j in 0..n {
                    let s01 = a0.wmul(b0[j]).wadd(a1.wmul(b1[j]));
                    let s23 = a2.wmul(b2[j]).wadd(a3.wmul(b3[j]));
                    c[j] = c[j].wadd(s01.wadd(s23));
                }
                q += 4;
            }
            while q < pe {
                let av = a[q];
                for (x, &bv) in c.iter_mut().zip(b_row(q)) {
                    *x = x.wadd(av.wmul(bv));
                }
                q += 1;
            }
        }
        pb = pe;
    }
}

/// [`blocked`] compiled for AVX-512 (BW for the byte and word lanes).
///
/// # Safety
/// The CPU has AVX-512F, AVX-512BW and AVX2; `p` as for [`blocked`].
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx2")]
unsafe fn blocked_avx512<T: WrapInt>(p: &Args<T>) {
    // SAFETY: `p` by this function's contract; `blocked` needs no target feature.
    unsafe { blocked(p) }
}

/// [`blocked`] compiled for AVX2.
///
/// # Safety
/// The CPU has AVX2; `p` as for [`blocked`].
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn blocked_avx2<T: WrapInt>(p: &Args<T>) {
    // SAFETY: `p` by this function's contract; `blocked` needs no target feature.
    unsafe { blocked(p) }
}

/// Runs on `isa`'s instruction set (AVX-512 also needs AVX-512BW for the byte lanes).
/// Panics if the machine cannot run `isa`.
///
/// # Safety
/// `p` holds operands valid as the entry points require (see `xir_matmul_i32`).
pub(crate) unsafe fn matmul<T: WrapInt>(isa: crate::Isa, p: &Args<T>) {
    assert!(isa.is_supported(), "ISA path {isa:?} not supported here");
    #[cfg(target_arch = "x86_64")]
    {
        static AVX512BW: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
        let bw = *AVX512BW.get_or_init(|| is_x86_feature_detected!("avx512bw"));
        match isa {
            // SAFETY: `Isa::Avx512` (asserted supported) has avx512f and avx2, and
            // avx512bw was detected; `p` by this function's contract.
            crate::Isa::Avx512 if bw => return unsafe { blocked_avx512(p) },
            // SAFETY: both ISAs (asserted supported) include avx2; `p` by the contract.
            crate::Isa::Avx512 | crate::Isa::Avx2 => return unsafe { blocked_avx2(p) },
            crate::Isa::Portable => {}
        }
    }
    // SAFETY: `p` by this function's contract; no target feature needed.
    unsafe { blocked(p) }
}
