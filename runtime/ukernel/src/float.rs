//! BLIS-style f32/f64 GEMM: B packed into kc x NR panels, A into MR x kc panels, and an
//! MR x NR register tile per ISA. Everything here is `#[inline(always)]` so that it is
//! compiled inside each ISA's `#[target_feature]` entry point.

use crate::scratch::{Scratch, PACK};
use crate::{Args, Isa};
use std::ops::Add;

pub(crate) trait Real: Copy + Default + Add<Output = Self> {}
impl Real for f32 {}
impl Real for f64 {}

/// One MR x NR micro-tile job.
pub(crate) struct Tile<E> {
    pub kc: usize,
    /// Packed A: kc columns of `mr` contiguous values.
    pub a: *const E,
    /// B panel: kc rows of NR values, `ldb` apart (packed: ldb = NR).
    pub b: *const E,
    pub ldb: usize,
    pub c: *mut E,
    pub ldc: usize,
    /// Valid columns (< NV * LANES only on the right edge).
    pub nr: usize,
    /// Add to C instead of overwriting it (every k block after the first).
    pub accumulate: bool,
}

/// An ISA's vector ops and blocking for one element type.
pub(crate) trait Kern {
    type E: Real;
    type V: Copy;
    const LANES: usize;
    /// Vectors per tile row: NR = NV * LANES.
    const NV: usize;
    const MR: usize;
    const KC: usize;
    const MC: usize;
    const NC: usize;
    /// Up to this many rows of A (and a B that fits in L2), B is read in place: too
    /// little reuse to pay for packing it.
    const DIRECT_M: usize;

    unsafe fn zero() -> Self::V;
    unsafe fn splat(p: *const Self::E) -> Self::V;
    unsafe fn load(p: *const Self::E) -> Self::V;
    unsafe fn store(p: *mut Self::E, v: Self::V);
    unsafe fn fma(a: Self::V, b: Self::V, c: Self::V) -> Self::V;
    unsafe fn add(a: Self::V, b: Self::V) -> Self::V;
    /// Hints that the cache line at `p` is needed soon (may point out of bounds).
    #[inline(always)]
    unsafe fn prefetch(_p: *const Self::E) {}
    /// Runs `micro::<Self, mr, nv>`; `mr` in 1..=MR, `nv` in 1..=NV (right-edge panels
    /// use fewer vectors rather than computing padding).
    unsafe fn tile(mr: usize, nv: usize, t: &Tile<Self::E>);

    /// Packs one panel of `rows` <= MR rows (see `pack_a_rows`); ISAs override it with
    /// transposes.
    #[inline(always)]
    unsafe fn pack_a_panel(
        a: *const Self::E,
        lda: usize,
        rows: usize,
        kc: usize,
        out: *mut Self::E,
    ) {
        pack_a_rows(a, lda, rows, kc, out)
    }
}

/// Implements `Kern::tile` as a match over the compile-time vector and row counts.
macro_rules! tile_dispatch {
    ([$($nv:literal)*], $mrs:tt) => {
        #[inline(always)]
        unsafe fn tile(mr: usize, nv: usize, t: &$crate::float::Tile<Self::E>) {
            match nv {
                $($nv => $crate::float::tile_dispatch!(@rows $nv, mr, t, $mrs),)*
                _ => unreachable!(),
            }
        }
    };
    (@rows $nv:literal, $m:ident, $t:ident, [$($mr:literal)*]) => {
        match $m {
            $($mr => $crate::float::micro::<Self, $mr, $nv>($t),)*
            _ => unreachable!(),
        }
    };
}
pub(crate) use tile_dispatch;

const PF_ROWS: usize = 8;
/// Largest B read in place by several row tiles (about half of a 2 MiB L2).
const DIRECT_B_BYTES: usize = 1 << 20;

/// The register tile: MR x NV accumulators, one B row of NV vectors, one broadcast.
#[inline(always)]
pub(crate) unsafe fn micro<K: Kern, const MR: usize, const NV: usize>(t: &Tile<K::E>) {
    let mut acc = [[K::zero(); NV]; MR];
    let mut a = t.a;
    let mut b = t.b;
    // Row-major B read in place is a strided stream that the hardware prefetchers
    // follow poorly; ask for it a few rows ahead.
    let pf = t.ldb * PF_ROWS;
    for _ in 0..t.kc {
        for v in (0..NV * K::LANES * size_of::<K::E>()).step_by(64) {
            K::prefetch(b.wrapping_add(pf).cast::<u8>().wrapping_add(v).cast());
        }
        let mut bv = [K::zero(); NV];
        for (v, x) in bv.iter_mut().enumerate() {
            *x = K::load(b.add(v * K::LANES));
        }
        for (i, row) in acc.iter_mut().enumerate() {
            let av = K::splat(a.add(i));
            for (x, bx) in row.iter_mut().zip(bv) {
                *x = K::fma(av, bx, *x);
            }
        }
        // Wrapping: after the last row these point past the operands.
        a = a.wrapping_add(MR);
        b = b.wrapping_add(t.ldb);
    }
    let nr_full = NV * K::LANES;
    if t.nr == nr_full {
        for (i, row) in acc.iter().enumerate() {
            let c = t.c.add(i * t.ldc);
            for (v, x) in row.iter().enumerate() {
                let p = c.add(v * K::LANES);
                let y = if t.accumulate {
                    K::add(K::load(p), *x)
                } else {
                    *x
                };
                K::store(p, y);
            }
        }
    } else {
        // Right edge: spill to a separate array (taking acc's address would keep the
        // accumulators in memory inside the k loop), then copy the valid columns.
        let mut spill = [[K::zero(); NV]; MR];
        for (s, row) in spill.iter_mut().zip(&acc) {
            for (v, x) in row.iter().enumerate() {
                K::store(s.as_mut_ptr().cast::<K::E>().add(v * K::LANES), *x);
            }
        }
        let tmp = spill.as_ptr().cast::<K::E>();
        for i in 0..MR {
            let c = t.c.add(i * t.ldc);
            let s = tmp.add(i * nr_full);
            for j in 0..t.nr {
                let x = *s.add(j);
                *c.add(j) = if t.accumulate { *c.add(j) + x } else { x };
            }
        }
    }
}

/// Packs rows [0, rows) x cols [0, kc) of A as kc columns of `rows` values.
#[inline(always)]
pub(crate) unsafe fn pack_a_rows<E: Copy>(
    a: *const E,
    lda: usize,
    rows: usize,
    kc: usize,
    out: *mut E,
) {
    for i in 0..rows {
        let src = a.add(i * lda);
        for p in 0..kc {
            *out.add(p * rows + i) = *src.add(p);
        }
    }
}

/// Rows of the next register tile when `rem` rows are left: MR, except that a short
/// remainder is split evenly with the tile before it (16 = 8 + 8 rather than 12 + 4:
/// very short tiles have too few independent accumulators to hide FMA latency).
#[inline(always)]
fn tile_rows(rem: usize, mr: usize) -> usize {
    if rem <= mr {
        rem
    } else if rem < mr + mr / 2 {
        rem.div_ceil(2)
    } else {
        mr
    }
}

/// Packs rows [0, mc) x cols [0, kc) of A into panels of `tile_rows` rows, each packed
/// with its own row count so no work is wasted on padding.
#[inline(always)]
unsafe fn pack_a<K: Kern>(a: *const K::E, lda: usize, mc: usize, kc: usize, out: *mut K::E) {
    let mut ir = 0;
    while ir < mc {
        let rows = tile_rows(mc - ir, K::MR);
        K::pack_a_panel(a.add(ir * lda), lda, rows, kc, out.add(ir * kc));
        ir += rows;
    }
}

/// Packs kc x nc of B into panels of kc x NR (zero-padded on the right edge). Walks B
/// row by row so the reads are sequential.
#[inline(always)]
unsafe fn pack_b<K: Kern>(b: *const K::E, ldb: usize, kc: usize, nc: usize, out: *mut K::E) {
    let nr = K::NV * K::LANES;
    let full = nc / nr * nr;
    for p in 0..kc {
        let src = b.add(p * ldb);
        let mut jr = 0;
        while jr < full {
            let dst = out.add(jr * kc + p * nr);
            for v in 0..K::NV {
                K::store(dst.add(v * K::LANES), K::load(src.add(jr + v * K::LANES)));
            }
            jr += nr;
        }
        if full < nc {
            let dst = out.add(full * kc + p * nr);
            for j in 0..nr {
                *dst.add(j) = if full + j < nc {
                    *src.add(full + j)
                } else {
                    K::E::default()
                };
            }
        }
    }
}

#[inline(always)]
pub(crate) unsafe fn driver<K: Kern>(p: &Args<K::E>) {
    let (m, n, k) = (p.m, p.n, p.k);
    if m == 0 {
        return;
    }
    if n == 0 || k == 0 {
        for i in 0..m {
            for j in 0..n {
                *p.c.add(i * p.ldc + j) = K::E::default();
            }
        }
        p.finish_rows(0, m);
        return;
    }
    let (mr, nr) = (K::MR, K::NV * K::LANES);
    let kc_max = K::KC.min(k);
    let nc_max = K::NC.min(n);
    // In place, B is re-read from cache by every row tile: fine for one tile, or for a
    // few while B stays in L2; otherwise packing it once is cheaper.
    let direct_b = m <= mr || (m <= K::DIRECT_M && k * n * size_of::<K::E>() <= DIRECT_B_BYTES);
    let a_len = (K::MC.min(m) * kc_max).next_multiple_of(64);
    let b_len = if direct_b {
        nr
    } else {
        nc_max.next_multiple_of(nr)
    } * kc_max;
    let bytes = (a_len + b_len) * size_of::<K::E>();
    let mut scratch = Scratch::take(&PACK, bytes);
    let ap = scratch.ptr::<K::E>();
    let bp = ap.add(a_len);
    let mut jc = 0;
    while jc < n {
        let ncur = K::NC.min(n - jc);
        let mut pc = 0;
        while pc < k {
            let kcur = K::KC.min(k - pc);
            let last = jc + ncur == n && pc + kcur == k;
            let bsrc = p.b.add(pc * p.ldb + jc);
            // In place, a last panel with a partial vector would read past column n:
            // that one is packed.
            let edge = if ncur % K::LANES == 0 {
                ncur
            } else {
                (ncur - 1) / nr * nr
            };
            if !direct_b {
                pack_b::<K>(bsrc, p.ldb, kcur, ncur, bp);
            } else if edge < ncur {
                pack_b::<K>(bsrc.add(edge), p.ldb, kcur, ncur - edge, bp);
            }
            let mut ic = 0;
            while ic < m {
                let mcur = K::MC.min(m - ic);
                pack_a::<K>(p.a.add(ic * p.lda + pc), p.lda, mcur, kcur, ap);
                let mut jr = 0;
                while jr < ncur {
                    let cols = nr.min(ncur - jr);
                    let (b, ldb) = if !direct_b {
                        (bp.add(jr * kcur).cast_const(), nr)
                    } else if jr < edge {
                        (bsrc.add(jr), p.ldb)
                    } else {
                        (bp.cast_const(), nr)
                    };
                    let mut ir = 0;
                    while ir < mcur {
                        let rows = tile_rows(mcur - ir, mr);
                        let t = Tile {
                            kc: kcur,
                            a: ap.add(ir * kcur),
                            b,
                            ldb,
                            c: p.c.add((ic + ir) * p.ldc + jc + jr),
                            ldc: p.ldc,
                            nr: cols,
                            accumulate: pc != 0,
                        };
                        K::tile(rows, cols.div_ceil(K::LANES), &t);
                        ir += rows;
                    }
                    jr += nr;
                }
                if last {
                    p.finish_rows(ic, ic + mcur);
                }
                ic += mcur;
            }
            pc += kcur;
        }
        jc += ncur;
    }
}

fn check(isa: Isa) {
    assert!(isa.is_supported(), "ISA path {isa:?} not supported here");
}

pub(crate) unsafe fn matmul_f32(isa: Isa, p: &Args<f32>) {
    check(isa);
    match isa {
        #[cfg(target_arch = "x86_64")]
        Isa::Avx512 => crate::x86::f32_avx512(p),
        #[cfg(target_arch = "x86_64")]
        Isa::Avx2 => crate::x86::f32_avx2(p),
        _ => crate::portable::f32_portable(p),
    }
}

pub(crate) unsafe fn matmul_f64(isa: Isa, p: &Args<f64>) {
    check(isa);
    match isa {
        #[cfg(target_arch = "x86_64")]
        Isa::Avx512 => crate::x86::f64_avx512(p),
        #[cfg(target_arch = "x86_64")]
        Isa::Avx2 => crate::x86::f64_avx2(p),
        _ => crate::portable::f64_portable(p),
    }
}

#[cfg(test)]
mod tests {
    use super::tile_rows;

    #[test]
    fn tiles_cover_rows_without_short_tails() {
        for mr in [4, 6, 12] {
            for mc in 1..100 {
                let mut tiles = vec![];
                let mut ir = 0;
                while ir < mc {
                    let r = tile_rows(mc - ir, mr);
                    assert!(r >= 1 && r <= mr);
                    tiles.push(r);
                    ir += r;
                }
                assert_eq!(ir, mc);
                if mc >= mr {
                    assert!(tiles.iter().all(|&r| r >= mr / 2), "{mr} {mc} {tiles:?}");
                }
            }
        }
    }
}
