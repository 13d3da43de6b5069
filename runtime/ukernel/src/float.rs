//! BLIS-style f32/f64 GEMM: B packed into kc x NR panels, A into MR x kc panels, and an
//! MR x NR register tile per ISA. Everything here is `#[inline(always)]` so that it is
//! compiled inside each ISA's `#[target_feature]` entry point.

use crate::scratch::{Scratch, PACK};
use crate::{Args, Isa};
use std::ops::Add;

pub(crate) trait Real: Copy + Default + Add<Output = Self> {}
impl Real for f32 {}
impl Real for f64 {}

/// One MR x NR micro-tile job. The pointers are raw; [`micro`] states what they must be
/// valid for.
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
    /// A streams from memory (a filter packed once at load, read once per
    /// call), so the tile prefetches it; A packed per call sits in cache.
    pub stream_a: bool,
    /// The next B panel (`kc` rows of NR, contiguous) to prefetch into L2 while
    /// this tile runs, one row per k step; null for none. Weights packed once
    /// stream from L3 or memory inside a model, and only the first row tile of a
    /// panel misses on them. Into L2, not L1: L1 holds this panel (36 KiB of
    /// 48), which the next row tiles read again.
    pub next_b: *const E,
    /// For [`Kern::tile_offs`]: B row `p` is at `b + offs[p]` (`kc` offsets) instead
    /// of `b + p * ldb`, a convolution's input read in place. Null for [`Kern::tile`].
    pub offs: *const usize,
}

/// An ISA's vector ops and blocking for one element type.
///
/// # Safety
/// Every method is `unsafe` for the same first reason: an x86 implementation is built
/// from intrinsics of its ISA, so a method may only run where that ISA's target features
/// are enabled, i.e. inside the ISA's `#[target_feature]` entry point (`x86::f32_avx512`,
/// ...), which is called only after `Isa::is_supported` (see `matmul_f32`). The portable
/// implementation has no such need. Methods that take pointers also need the validity
/// their docs state.
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

    /// All lanes zero.
    ///
    /// # Safety
    /// The ISA's target features are enabled (see the trait).
    unsafe fn zero() -> Self::V;
    /// All lanes `*p`.
    ///
    /// # Safety
    /// Target features as for the trait; `p` is valid for reading one aligned element.
    unsafe fn splat(p: *const Self::E) -> Self::V;
    /// `LANES` elements from `p` (aligned for the element, not for the vector).
    ///
    /// # Safety
    /// Target features as for the trait; `p` is valid for reading `LANES` aligned
    /// elements.
    unsafe fn load(p: *const Self::E) -> Self::V;
    /// Stores `LANES` elements at `p` (aligned for the element, not for the vector).
    ///
    /// # Safety
    /// Target features as for the trait; `p` is valid for writing `LANES` aligned
    /// elements.
    unsafe fn store(p: *mut Self::E, v: Self::V);
    /// `a * b + c` per lane.
    ///
    /// # Safety
    /// The ISA's target features are enabled (see the trait).
    unsafe fn fma(a: Self::V, b: Self::V, c: Self::V) -> Self::V;
    /// `a + b` per lane.
    ///
    /// # Safety
    /// The ISA's target features are enabled (see the trait).
    unsafe fn add(a: Self::V, b: Self::V) -> Self::V;
    /// Hints that the cache line at `p` is needed soon (may point out of bounds: a
    /// prefetch never faults and reads nothing).
    ///
    /// # Safety
    /// The ISA's target features are enabled (see the trait).
    #[inline(always)]
    unsafe fn prefetch(_p: *const Self::E) {}
    /// As [`Kern::prefetch`], into L2 only: data needed after what L1 holds now.
    ///
    /// # Safety
    /// The ISA's target features are enabled (see the trait).
    #[inline(always)]
    unsafe fn prefetch_l2(_p: *const Self::E) {}
    /// The first `n <= LANES` elements at `p` in the low lanes, zeros above.
    ///
    /// # Safety
    /// Target features as for the trait; `p` is valid for reading `n` aligned elements.
    #[inline(always)]
    unsafe fn load_n(p: *const Self::E, n: usize) -> Self::V {
        let mut buf = [Self::E::default(); MAX_LANES];
        for (i, x) in buf.iter_mut().enumerate().take(n.min(Self::LANES)) {
            // SAFETY: `i < n`: within what `p` is valid for.
            *x = unsafe { *p.add(i) };
        }
        // SAFETY: `buf` holds `MAX_LANES >= LANES` elements; features by the caller.
        unsafe { Self::load(buf.as_ptr()) }
    }
    /// Stores the low `n <= LANES` lanes of `v` at `p`.
    ///
    /// # Safety
    /// Target features as for the trait; `p` is valid for writing `n` aligned elements.
    #[inline(always)]
    unsafe fn store_n(p: *mut Self::E, v: Self::V, n: usize) {
        let mut buf = [Self::E::default(); MAX_LANES];
        // SAFETY: `buf` holds `MAX_LANES >= LANES` elements; features by the caller.
        unsafe { Self::store(buf.as_mut_ptr(), v) };
        for (i, x) in buf.iter().enumerate().take(n.min(Self::LANES)) {
            // SAFETY: `i < n`: within what `p` is valid for.
            unsafe { *p.add(i) = *x };
        }
    }
    /// Transposes a `LANES x LANES` block: `dst[j * ldd + i] = src[i * lds + j]`.
    ///
    /// # Safety
    /// Target features as for the trait; for each `i < LANES`, `src + i * lds` is valid
    /// for reading and `dst + i * ldd` for writing `LANES` aligned elements, disjoint.
    #[inline(always)]
    unsafe fn transpose(src: *const Self::E, lds: usize, dst: *mut Self::E, ldd: usize) {
        for i in 0..Self::LANES {
            for j in 0..Self::LANES {
                // SAFETY: `i, j < LANES`: within the rows the contract names.
                unsafe { *dst.add(j * ldd + i) = *src.add(i * lds + j) };
            }
        }
    }
    /// Runs `micro::<Self, mr, nv>`; `mr` in 1..=MR, `nv` in 1..=NV (right-edge panels
    /// use fewer vectors rather than computing padding).
    ///
    /// # Safety
    /// As [`micro`] with `MR = mr`, `NV = nv`.
    unsafe fn tile(mr: usize, nv: usize, t: &Tile<Self::E>);
    /// As [`Kern::tile`], with B's rows at `t.offs` (`micro::<Self, mr, nv, true>`).
    ///
    /// # Safety
    /// As [`micro`] with `MR = mr`, `NV = nv`, `OFFS = true`.
    unsafe fn tile_offs(mr: usize, nv: usize, t: &Tile<Self::E>);

    /// Packs one panel of `rows` <= MR rows (see `pack_a_rows`); ISAs override it with
    /// transposes.
    ///
    /// # Safety
    /// As [`pack_a_rows`], and the ISA's target features are enabled.
    #[inline(always)]
    unsafe fn pack_a_panel(
        a: *const Self::E,
        lda: usize,
        rows: usize,
        kc: usize,
        out: *mut Self::E,
    ) {
        // SAFETY: this method's contract is `pack_a_rows`'s.
        unsafe { pack_a_rows(a, lda, rows, kc, out) }
    }
}

/// Implements `Kern::tile` as a match over the compile-time vector and row counts.
macro_rules! tile_dispatch {
    ([$($nv:literal)*], $mrs:tt) => {
        #[inline(always)]
        unsafe fn tile(mr: usize, nv: usize, t: &$crate::float::Tile<Self::E>) {
            // SAFETY: `tile`'s contract is `micro`'s for the `mr` and `nv` it matches.
            unsafe {
                match nv {
                    $($nv => $crate::float::tile_dispatch!(@rows $nv, mr, t, $mrs, false),)*
                    _ => unreachable!(),
                }
            }
        }
        #[inline(always)]
        unsafe fn tile_offs(mr: usize, nv: usize, t: &$crate::float::Tile<Self::E>) {
            // SAFETY: as `tile`'s, with `OFFS = true`.
            unsafe {
                match nv {
                    $($nv => $crate::float::tile_dispatch!(@rows $nv, mr, t, $mrs, true),)*
                    _ => unreachable!(),
                }
            }
        }
    };
    (@rows $nv:literal, $m:ident, $t:ident, [$($mr:literal)*], $offs:literal) => {
        match $m {
            $($mr => $crate::float::micro::<Self, $mr, $nv, $offs>($t),)*
            _ => unreachable!(),
        }
    };
}
pub(crate) use tile_dispatch;

/// Most lanes of any ISA's vector (AVX-512 f32).
pub(crate) const MAX_LANES: usize = 16;

const PF_ROWS: usize = 8;
/// Elements of packed A prefetched ahead of the micro-kernel's reads.
const A_PF_ELEMS: usize = 512;
/// Largest B read in place by several row tiles (about half of a 2 MiB L2).
const DIRECT_B_BYTES: usize = 1 << 20;

/// The register tile: MR x NV accumulators, one B row of NV vectors, one broadcast.
///
/// # Safety
/// `K`'s target features are enabled, and with `NR = NV * K::LANES`:
/// - `t.a` is valid for reading `t.kc * MR` aligned elements (a packed A panel);
/// - for each `p < t.kc`, B row `p` (`t.b + p * t.ldb`, or `t.b + t.offs[p]` with
///   `OFFS`, `t.offs` then valid for reading `kc` offsets) is valid for reading
///   `NV * LANES` elements;
/// - `0 < t.nr <= NR`, and for each `i < MR`, `t.c + i * t.ldc` is valid for reading and
///   writing `t.nr` aligned elements, and nothing else accesses them.
#[inline(always)]
pub(crate) unsafe fn micro<K: Kern, const MR: usize, const NV: usize, const OFFS: bool>(
    t: &Tile<K::E>,
) {
    // SAFETY: target features enabled by the caller.
    let mut acc = [[unsafe { K::zero() }; NV]; MR];
    let mut a = t.a;
    let mut b = t.b;
    // Row-major B read in place is a strided stream that the hardware prefetchers
    // follow poorly; ask for it a few rows ahead. A packed panel (rows NR apart) is
    // one contiguous stream they follow, and there the prefetches only took issue
    // slots: the tile alone went from 187-192 to 197-207 GFLOP/s without them
    // (`bench/ukernel -- --micro`).
    let pf = t.ldb * PF_ROWS;
    // Rows at offsets (a conv's strip, just written) are not prefetched either.
    let packed_b = OFFS || t.ldb == K::NV * K::LANES;
    let mut next_b = t.next_b;
    for p in 0..t.kc {
        // At iteration p, `a = t.a + p * MR` and `b` is B row p.
        if OFFS {
            // SAFETY: `p < kc` offsets at `t.offs` (the contract).
            b = t.b.wrapping_add(unsafe { *t.offs.add(p) });
        }
        if !packed_b {
            for v in (0..NV * K::LANES * size_of::<K::E>()).step_by(64) {
                // SAFETY: target features enabled by the caller; a prefetch may name any
                // address (the pointer is built with wrapping arithmetic, never read).
                unsafe { K::prefetch(b.wrapping_add(pf).cast::<u8>().wrapping_add(v).cast()) };
            }
        }
        // A model's weights stream from memory: ask for them 2 KiB ahead (a
        // 512 x 512 3x3 conv of ResNet-18 with its 9.4 MB filter cold: 77 -> 108
        // GFLOP/s; on A packed per call it costs a 512^3 matmul 5%).
        if t.stream_a {
            // SAFETY: as above.
            unsafe { K::prefetch(a.wrapping_add(A_PF_ELEMS)) };
        }
        if !next_b.is_null() {
            // Packed rows are a whole NR apart, whatever this tile's NV (a
            // right-edge tile has fewer vectors).
            for v in (0..K::NV * K::LANES * size_of::<K::E>()).step_by(64) {
                // SAFETY: as above.
                unsafe { K::prefetch_l2(next_b.cast::<u8>().wrapping_add(v).cast()) };
            }
            next_b = next_b.wrapping_add(K::NV * K::LANES);
        }
        // SAFETY: target features enabled by the caller.
        let mut bv = [unsafe { K::zero() }; NV];
        for (v, x) in bv.iter_mut().enumerate() {
            // SAFETY: `b` is B row p, valid for NR = NV * LANES elements, and
            // `v * LANES + LANES <= NR`.
            *x = unsafe { K::load(b.add(v * K::LANES)) };
        }
        for (i, row) in acc.iter_mut().enumerate() {
            // SAFETY: `a + i` with `i < MR` is within the packed panel's column p
            // (`t.a + p * MR + i < t.a + t.kc * MR`), aligned as `t.a` is.
            let av = unsafe { K::splat(a.add(i)) };
            for (x, bx) in row.iter_mut().zip(bv) {
                // SAFETY: target features enabled by the caller.
                *x = unsafe { K::fma(av, bx, *x) };
            }
        }
        // Wrapping: after the last row these point past the operands.
        a = a.wrapping_add(MR);
        b = b.wrapping_add(t.ldb);
    }
    let nr_full = NV * K::LANES;
    if t.nr == nr_full {
        for (i, row) in acc.iter().enumerate() {
            // SAFETY: row `i < MR` of C starts at `t.c + i * ldc` and holds `t.nr = NR`
            // valid elements; vector `v < NV` covers `v * LANES..(v + 1) * LANES <= NR`.
            unsafe {
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
        }
    } else {
        // Right edge: spill to a separate array (taking acc's address would keep the
        // accumulators in memory inside the k loop), then copy the valid columns.
        // SAFETY: target features enabled by the caller.
        let mut spill = [[unsafe { K::zero() }; NV]; MR];
        for (s, row) in spill.iter_mut().zip(&acc) {
            for (v, x) in row.iter().enumerate() {
                // SAFETY: `s` is an `[V; NV]`, i.e. `NR` contiguous elements (a vector is
                // `LANES` elements with no padding); vector `v < NV` is within it.
                unsafe { K::store(s.as_mut_ptr().cast::<K::E>().add(v * K::LANES), *x) };
            }
        }
        let tmp = spill.as_ptr().cast::<K::E>();
        for i in 0..MR {
            // SAFETY: `spill` is `MR * NR` contiguous elements, so row `i < MR` of it
            // holds `NR >= t.nr` of them; row `i` of C holds `t.nr` valid, aligned
            // elements that only this call accesses.
            unsafe {
                let c = t.c.add(i * t.ldc);
                let s = tmp.add(i * nr_full);
                for j in 0..t.nr {
                    let x = *s.add(j);
                    *c.add(j) = if t.accumulate { *c.add(j) + x } else { x };
                }
            }
        }
    }
}

/// Packs rows [0, rows) x cols [0, kc) of A as kc columns of `rows` values.
///
/// # Safety
/// For each `i < rows`, `a + i * lda` is valid for reading `kc` aligned elements; `out`
/// is valid for writing `rows * kc` aligned elements and overlaps no row of A.
#[inline(always)]
pub(crate) unsafe fn pack_a_rows<E: Copy>(
    a: *const E,
    lda: usize,
    rows: usize,
    kc: usize,
    out: *mut E,
) {
    for i in 0..rows {
        // SAFETY: row `i < rows` of A holds `kc` elements, so `p < kc` is in it;
        // `p * rows + i < kc * rows` is in `out`.
        unsafe {
            let src = a.add(i * lda);
            for p in 0..kc {
                *out.add(p * rows + i) = *src.add(p);
            }
        }
    }
}

/// Rows of the next register tile when `rem` rows are left: MR, except that a short
/// remainder is split evenly with the tile before it (16 = 8 + 8 rather than 12 + 4:
/// very short tiles have too few independent accumulators to hide FMA latency).
#[inline(always)]
pub(crate) fn tile_rows(rem: usize, mr: usize) -> usize {
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
///
/// # Safety
/// `K`'s target features are enabled; for each `i < mc`, `a + i * lda` is valid for
/// reading `kc` aligned elements; `out` is valid for writing `mc * kc` aligned elements
/// and overlaps no row of A.
#[inline(always)]
unsafe fn pack_a<K: Kern>(a: *const K::E, lda: usize, mc: usize, kc: usize, out: *mut K::E) {
    let mut ir = 0;
    while ir < mc {
        let rows = tile_rows(mc - ir, K::MR);
        // SAFETY: `ir + rows <= mc`, so the panel's rows `ir..ir + rows` of A are valid,
        // and its output `ir * kc..(ir + rows) * kc` is within `out`'s `mc * kc`.
        unsafe { K::pack_a_panel(a.add(ir * lda), lda, rows, kc, out.add(ir * kc)) };
        ir += rows;
    }
}

/// Packs kc x nc of B into panels of kc x NR (zero-padded on the right edge). Walks B
/// row by row so the reads are sequential.
///
/// # Safety
/// `K`'s target features are enabled; for each `p < kc`, `b + p * ldb` is valid for
/// reading `nc` aligned elements; `out` is valid for writing
/// `nc.next_multiple_of(NR) * kc` aligned elements and overlaps no row of B.
#[inline(always)]
unsafe fn pack_b<K: Kern>(b: *const K::E, ldb: usize, kc: usize, nc: usize, out: *mut K::E) {
    let nr = K::NV * K::LANES;
    let full = nc / nr * nr;
    for p in 0..kc {
        // SAFETY: row `p < kc` of B holds `nc` elements. Full panels read columns
        // `jr..jr + nr <= full <= nc` and write the panel's row `p`, elements
        // `jr * kc + p * nr..+ nr`, below `full * kc`; the edge panel reads only columns
        // `full + j < nc` and writes `full * kc + p * nr..+ nr`, below
        // `(full + nr) * kc = nc.next_multiple_of(nr) * kc`.
        unsafe {
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
}

/// The BLIS loop nest: column blocks of NC, k blocks of KC (B packed per block, or read
/// in place when A is short), row blocks of MC (A packed), then MR x NR register tiles.
/// Reports each row block to the epilogue once its last column and k block is done.
///
/// # Safety
/// `p` holds operands valid as the entry points require (see `xir_matmul_f32`), and
/// `K`'s target features are enabled.
#[inline(always)]
pub(crate) unsafe fn driver<K: Kern>(p: &Args<K::E>) {
    let (m, n, k) = (p.m, p.n, p.k);
    if m == 0 {
        return;
    }
    if n == 0 || k == 0 {
        for i in 0..m {
            for j in 0..n {
                // SAFETY: `i < m`, `j < n`: element (i, j) of C's region (with n = 0
                // no pointer into C is formed).
                unsafe { *p.c.add(i * p.ldc + j) = K::E::default() };
            }
        }
        // SAFETY: every row of C is final; no reference into C is held.
        unsafe { p.finish_rows(0, m) };
        return;
    }
    let (mr, nr) = (K::MR, K::NV * K::LANES);
    let kc_max = K::KC.min(k);
    let nc_max = K::NC.min(n);
    // In place, B is re-read from cache by every row tile: fine for one tile, or for a
    // few while B stays in L2; otherwise packing it once is cheaper.
    let pre = p.packed_b.as_ref();
    let direct_b = pre.is_none()
        && (m <= mr || (m <= K::DIRECT_M && k * n * size_of::<K::E>() <= DIRECT_B_BYTES));
    let a_len = (K::MC.min(m) * kc_max).next_multiple_of(64);
    let b_len = if pre.is_some() {
        0
    } else if direct_b {
        nr
    } else {
        nc_max.next_multiple_of(nr)
    } * kc_max;
    let bytes = (a_len + b_len) * size_of::<K::E>();
    let mut scratch = Scratch::take(&PACK, bytes);
    // Packed A: `a_len` elements at `ap`; packed B: `b_len` at `bp`. Both 64-byte
    // aligned (`a_len` is a multiple of 64 elements), both disjoint from the operands.
    let ap = scratch.ptr::<K::E>();
    // SAFETY: the scratch holds at least `bytes`, i.e. `a_len + b_len` elements.
    let bp = unsafe { ap.add(a_len) };
    let mut jc = 0;
    while jc < n {
        let ncur = K::NC.min(n - jc);
        let mut pc = 0;
        while pc < k {
            let kcur = K::KC.min(k - pc);
            let last = jc + ncur == n && pc + kcur == k;
            // Element (pc, jc) of B's region; not formed (and not read) when B
            // comes packed.
            let bsrc = p.b.wrapping_add(pc * p.ldb + jc);
            // In place, a last panel with a partial vector would read past column n:
            // that one is packed. `edge` is a multiple of `nr` and `ncur - edge <= nr`.
            let edge = if ncur % K::LANES == 0 {
                ncur
            } else {
                (ncur - 1) / nr * nr
            };
            if pre.is_some() {
                // Packed at load: nothing to do per call.
            } else if !direct_b {
                // SAFETY: B's rows `pc..pc + kcur`, columns `jc..jc + ncur` are in its
                // region; packed they take `ncur.next_multiple_of(nr) * kcur <= b_len`.
                unsafe { pack_b::<K>(bsrc, p.ldb, kcur, ncur, bp) };
            } else if edge < ncur {
                // SAFETY: columns `jc + edge..jc + ncur` of the same rows; packed they
                // take `nr * kcur <= b_len`, as `ncur - edge <= nr`.
                unsafe { pack_b::<K>(bsrc.add(edge), p.ldb, kcur, ncur - edge, bp) };
            }
            let mut ic = 0;
            while ic < m {
                let mcur = K::MC.min(m - ic);
                // SAFETY: A's rows `ic..ic + mcur`, columns `pc..pc + kcur` are in its
                // region; packed they take `mcur * kcur <= a_len`.
                unsafe { pack_a::<K>(p.a.add(ic * p.lda + pc), p.lda, mcur, kcur, ap) };
                let mut jr = 0;
                while jr < ncur {
                    // `0 < cols <= nr`, so the tile's `nv = cols.div_ceil(LANES)` is in
                    // `1..=NV` and `cols <= nv * LANES`.
                    let cols = nr.min(ncur - jr);
                    // B for columns `jc + jr..`, `nv * LANES` readable per row:
                    // - packed: panel `jr / nr`, `nr` per row (zero-padded);
                    // - in place, `jr < edge`: if `ncur % LANES == 0`, `cols` is a
                    //   multiple of LANES and `jr + cols <= ncur`; else `edge` is
                    //   `ncur - 1` rounded down to a multiple of `nr`, so
                    //   `jr + nr <= edge < ncur`; either way the vectors end at or
                    //   before column `jc + ncur <= n`;
                    // - in place, `jr >= edge` (so `jr == edge`): the edge panel packed
                    //   at `bp`, `nr` per row.
                    let (b, ldb) = if let Some(q) = pre {
                        // SAFETY: the k block at `pc` of the packed B starts at
                        // `pc * n_pad`; its panel of columns `col + jc + jr` (a multiple
                        // of `nr`, below `n_pad`) at `(col + jc + jr) * kcur` in it,
                        // `kcur * nr` elements (`PackedRef`'s contract).
                        (
                            unsafe { q.ptr.add(pc * q.n_pad + (q.col + jc + jr) * kcur) },
                            nr,
                        )
                    } else if !direct_b {
                        // SAFETY: `jr * kcur < ncur.next_multiple_of(nr) * kcur`, in the
                        // packed B.
                        (unsafe { bp.add(jr * kcur) }.cast_const(), nr)
                    } else if jr < edge {
                        // SAFETY: `jc + jr < n`: in row `pc` of B.
                        (unsafe { bsrc.add(jr) }, p.ldb)
                    } else {
                        (bp.cast_const(), nr)
                    };
                    // Weights packed once: the panel after this one (after the
                    // last, the next k block's first), prefetched by the first row
                    // tile. BERT at seq 128 (50 MB of weights through L3): 18.9-19.2
                    // ms without it, 16.6-17.2 prefetched into L1, 15.0-16.4 into L2.
                    let next_b = if pre.is_some() {
                        b.wrapping_add(nr * kcur)
                    } else {
                        std::ptr::null()
                    };
                    let mut ir = 0;
                    while ir < mcur {
                        let rows = tile_rows(mcur - ir, mr);
                        // SAFETY: offsets only: panel `ir` of the packed A starts at
                        // `ir * kcur < mcur * kcur`; C's row `ic + ir < m`, column
                        // `jc + jr < n` is in its region.
                        let t = unsafe {
                            Tile {
                                kc: kcur,
                                a: ap.add(ir * kcur),
                                b,
                                ldb,
                                c: p.c.add((ic + ir) * p.ldc + jc + jr),
                                ldc: p.ldc,
                                nr: cols,
                                accumulate: pc != 0,
                                stream_a: false,
                                next_b: if ir == 0 { next_b } else { std::ptr::null() },
                                offs: std::ptr::null(),
                            }
                        };
                        // SAFETY: `rows` in `1..=MR` (`tile_rows`), `nv` in `1..=NV`
                        // (above). The packed A panel is `kcur * rows` elements; B is
                        // readable as listed above for `kcur` rows; C's rows
                        // `ic + ir..ic + ir + rows <= m` hold columns
                        // `jc + jr..jc + jr + cols <= n`, and only this call touches
                        // them. Target features enabled by the caller.
                        unsafe { K::tile(rows, cols.div_ceil(K::LANES), &t) };
                        ir += rows;
                    }
                    jr += nr;
                }
                if last {
                    // SAFETY: rows `ic..ic + mcur` have every column and k block done
                    // (this is the last of each); only raw pointers into C are held.
                    unsafe { p.finish_rows(ic, ic + mcur) };
                }
                ic += mcur;
            }
            pc += kcur;
        }
        jc += ncur;
    }
}

/// Panics unless the machine can run `isa`: the check every `#[target_feature]` call
/// below relies on.
fn check(isa: Isa) {
    assert!(isa.is_supported(), "ISA path {isa:?} not supported here");
}

/// f32 `C = A * B` on `isa`'s kernel. Panics if the machine cannot run `isa`.
///
/// # Safety
/// `p` holds operands valid as the entry points require (see `xir_matmul_f32`).
pub(crate) unsafe fn matmul_f32(isa: Isa, p: &Args<f32>) {
    check(isa);
    // SAFETY: `check` asserted that the machine has `isa`'s features (Avx512: avx512f,
    // avx2, fma; Avx2: avx2, fma), which are the ones each callee enables; `p` is valid
    // by this function's contract.
    unsafe {
        match isa {
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => crate::x86::f32_avx512(p),
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => crate::x86::f32_avx2(p),
            _ => crate::portable::f32_portable(p),
        }
    }
}

/// f64 `C = A * B` on `isa`'s kernel. Panics if the machine cannot run `isa`.
///
/// # Safety
/// `p` holds operands valid as the entry points require (see `xir_matmul_f64`).
pub(crate) unsafe fn matmul_f64(isa: Isa, p: &Args<f64>) {
    check(isa);
    // SAFETY: as in `matmul_f32`.
    unsafe {
        match isa {
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => crate::x86::f64_avx512(p),
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => crate::x86::f64_avx2(p),
            _ => crate::portable::f64_portable(p),
        }
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
