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

#[inline(always)]
unsafe fn blocked<T: WrapInt>(p: &Args<T>) {
    let (m, n, k) = (p.m, p.n, p.k);
    // Keep a kb x n slab of B around 256 KiB so it stays in L2 across the row block.
    let kb = (256 * 1024 / (n.max(1) * size_of::<T>())).clamp(8, 512);
    let mut ib = 0;
    while ib < m {
        let ie = (ib + MB).min(m);
        for i in ib..ie {
            std::slice::from_raw_parts_mut(p.c.add(i * p.ldc), n).fill(T::default());
        }
        let mut pb = 0;
        while pb < k {
            let pe = (pb + kb).min(k);
            for i in ib..ie {
                let c = std::slice::from_raw_parts_mut(p.c.add(i * p.ldc), n);
                let a = p.a.add(i * p.lda);
                let brow = |q: usize| std::slice::from_raw_parts(p.b.add(q * p.ldb), n);
                let mut q = pb;
                // Four rows of B per pass over the C row: a quarter of the C traffic.
                while q + 4 <= pe {
                    let (a0, a1, a2, a3) = (*a.add(q), *a.add(q + 1), *a.add(q + 2), *a.add(q + 3));
                    let (b0, b1, b2, b3) = (brow(q), brow(q + 1), brow(q + 2), brow(q + 3));
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
                    let av = *a.add(q);
                    for (x, &bv) in c.iter_mut().zip(brow(q)) {
                        *x = x.wadd(av.wmul(bv));
                    }
                    q += 1;
                }
            }
            pb = pe;
        }
        p.finish_rows(ib, ie);
        ib = ie;
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx2")]
unsafe fn blocked_avx512<T: WrapInt>(p: &Args<T>) {
    blocked(p)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn blocked_avx2<T: WrapInt>(p: &Args<T>) {
    blocked(p)
}

/// Runs on `isa`'s instruction set (AVX-512 also needs AVX-512BW for the byte lanes).
pub(crate) unsafe fn matmul<T: WrapInt>(isa: crate::Isa, p: &Args<T>) {
    assert!(isa.is_supported(), "ISA path {isa:?} not supported here");
    #[cfg(target_arch = "x86_64")]
    {
        static AVX512BW: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
        let bw = *AVX512BW.get_or_init(|| is_x86_feature_detected!("avx512bw"));
        match isa {
            crate::Isa::Avx512 if bw => return blocked_avx512(p),
            crate::Isa::Avx512 | crate::Isa::Avx2 => return blocked_avx2(p),
            crate::Isa::Portable => {}
        }
    }
    blocked(p)
}
