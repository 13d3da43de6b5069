//! f32 2-d convolution over NCHW tensors (ONNX Conv's meaning; a 1-d conv is a 2-d
//! one with `h = kh = oh = 1`), called by the JIT-compiled CPU backend for
//! `kernel.conv` stages.
//!
//! The filter is prepared once, when the kernel is loaded ([`pack_filter`]); each
//! call computes one of [`parts`] disjoint shares of the output, so the caller splits
//! the work over its threads, and reports finished ranges of the output to an
//! optional fused epilogue, as the matmul entry points do.
//!
//! # Paths
//! - **Implicit GEMM** (every conv but depthwise ones): per batch `b` and group `g`,
//!   `C[mg x P] = A[mg x K] * B[K x P]` with `mg = m / groups`, `K = (c / groups) * kh *
//!   kw`, `P = oh * ow`; A is the group's filter rows, C the group's output channels
//!   (`ldc = P`: the NCHW layout itself), and B the im2col matrix of the input, never
//!   materialized: each `kc x NR` panel of it is packed straight from the input (runs
//!   along x copied, out-of-bounds positions zero; a 1x1, stride-1, unpadded conv packs
//!   input rows as they are). A is packed by [`pack_filter`] into the GEMM micro-kernel's
//!   panel layout (`float::micro`, per ISA), so calls never repack weights.
//!   Where `direct_width` says so (not 1x1 convs), B is not packed: its rows are read
//!   in place from a zero-padded strip of the input split into stride phases, through a
//!   table of row offsets (the direct path, `gemm_direct`).
//! - **Depthwise, narrow rows** (one channel per group, `ow < DW_BLOCKED_BELOW`): blocks
//!   of `LANES` channels transposed to channel-last, one vector of channels per output
//!   position (`depthwise_blocked`).
//! - **Depthwise** (`c / groups == 1` and `m / groups <= DEPTHWISE_MAX_MULT`): a direct
//!   kernel vectorized along x. Per output channel, each input row it reads is copied
//!   once (as the output rows reach it, so it is still in L1) into a zero-padded row
//!   split into `stride[1]` phases, so that every tap of every stride is a contiguous
//!   vector load; 3x3 filters at row stride 1 compute two output rows per pass, and
//!   narrow rows (`ow < 32`) are computed as flat bands over the padded rows.
//!
//! # Work split
//! GEMM path (the direct path by output rows instead of columns; the channel-blocked
//! depthwise path by `(batch, channel block)`): with `units = n * groups * P` columns,
//! parts take contiguous column ranges
//! (rounded to `NR` panels) whenever each part gets at least `4 * NR` columns: no part
//! packs another's B. Otherwise (small `P`, e.g. ResNet's 7x7 layers) parts take
//! contiguous ranges of output channels (rounded to micro-tile row panels) if that gives
//! finer granules than columns do; each part then packs B for its own rows. Depthwise
//! path: parts take contiguous ranges of output rows (`n * m * oh` of them).

use crate::float::{pack_a_rows, tile_rows, Kern, Tile};
use crate::scratch::{Scratch, PACK};
use crate::{Epilogue, Isa};

/// The geometry of one convolution. Input `[n, c, h, w]`, filter
/// `[m, c / groups, kh, kw]`, output `[n, m, oh, ow]`, all row-major f32.
/// `out[b, o, y, x] = sum over ci < c / groups, ky < kh, kx < kw of
/// filter[o, ci, ky, kx] * input[b, g * (c / groups) + ci, y * stride[0] - pad[0] + ky *
/// dilation[0], x * stride[1] - pad[1] + kx * dilation[1]]` with `g = o / (m / groups)`
/// and input positions outside `[0, h) x [0, w)` reading zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Conv2d {
    /// Batch.
    pub n: usize,
    /// Input channels.
    pub c: usize,
    /// Input height.
    pub h: usize,
    /// Input width.
    pub w: usize,
    /// Output channels.
    pub m: usize,
    /// Filter height.
    pub kh: usize,
    /// Filter width.
    pub kw: usize,
    /// Output height.
    pub oh: usize,
    /// Output width.
    pub ow: usize,
    /// Channel groups: `c` and `m` are multiples of it.
    pub groups: usize,
    /// Strides (rows, columns), at least 1.
    pub stride: [usize; 2],
    /// Dilations (rows, columns), at least 1.
    pub dilation: [usize; 2],
    /// Padding before the first row and column; the padding after follows from `oh`, `ow`.
    pub pad: [usize; 2],
}

impl Conv2d {
    /// Whether the geometry is one this module computes; the message says why not.
    pub fn check(&self) -> Result<(), String> {
        if self.groups == 0
            || !self.c.is_multiple_of(self.groups)
            || !self.m.is_multiple_of(self.groups)
        {
            return Err(format!(
                "conv: {} groups do not divide {} input and {} output channels",
                self.groups, self.c, self.m
            ));
        }
        if self.stride.contains(&0) || self.dilation.contains(&0) {
            return Err("conv: a stride or dilation of 0".into());
        }
        let sizes = [
            [self.n, self.c, self.h, self.w],
            [self.m, self.c / self.groups, self.kh, self.kw],
            [self.n, self.m, self.oh, self.ow],
        ];
        for s in sizes {
            if s.iter()
                .try_fold(1usize, |a, &d| a.checked_mul(d))
                .is_none()
            {
                return Err("conv: a tensor size overflows".into());
            }
        }
        Ok(())
    }

    /// Input elements.
    pub fn input_len(&self) -> usize {
        self.n * self.c * self.h * self.w
    }

    /// Filter elements.
    pub fn filter_len(&self) -> usize {
        self.m * (self.c / self.groups.max(1)) * self.kh * self.kw
    }

    /// Output elements.
    pub fn output_len(&self) -> usize {
        self.n * self.m * self.oh * self.ow
    }
}

/// Largest `m / groups` (with `c / groups == 1`) that takes the depthwise kernel; more
/// output channels per input channel make a GEMM worth its packing.
const DEPTHWISE_MAX_MULT: usize = 4;

/// Bytes of packed B per k block that the GEMM path aims for (it stays in L2 while
/// the row panels of A stream over it).
const PACKED_B_BYTES: usize = 384 << 10;

/// A filter prepared for one geometry and ISA path (its layout is the kernel's own).
pub struct PackedFilter {
    conv: Conv2d,
    isa: Isa,
    /// Depthwise path: the filter as given. GEMM path: for each group `g`, each k block
    /// `[pc, pc + kc)` (see `k_block`), each row panel `[r, r + rows)` of `tile_rows`,
    /// the panel as `pack_a_rows` lays it out, at `g * mg * K + mg * pc + r * kc`.
    data: Vec<f32>,
    depthwise: bool,
}

impl PackedFilter {
    /// The geometry it was packed for.
    pub fn conv(&self) -> &Conv2d {
        &self.conv
    }

    /// The ISA path it was packed for.
    pub fn isa(&self) -> Isa {
        self.isa
    }
}

/// Whether `s` takes the depthwise kernel.
fn is_depthwise(s: &Conv2d) -> bool {
    s.c / s.groups == 1 && s.m / s.groups <= DEPTHWISE_MAX_MULT
}

/// `(MR, KC, NR)` of `isa`'s f32 GEMM kernel.
pub(crate) fn blocking(isa: Isa) -> (usize, usize, usize) {
    fn of<K: Kern>() -> (usize, usize, usize) {
        (K::MR, K::KC, K::NV * K::LANES)
    }
    match isa {
        #[cfg(target_arch = "x86_64")]
        Isa::Avx512 => of::<crate::x86::Avx512F32>(),
        #[cfg(target_arch = "x86_64")]
        Isa::Avx2 => of::<crate::x86::Avx2F32>(),
        _ => of::<crate::portable::PortableF32>(),
    }
}

/// The k blocks of a `kk`-long reduction with blocks of at most `kc`: as few as
/// possible, of even sizes. Block `i` of `k_blocks(kk, kc)` is `k_block(kk, nb, i)`.
fn k_blocks(kk: usize, kc: usize) -> usize {
    kk.div_ceil(kc)
}

/// `(start, len)` of k block `i` of `nb`; `len <= kc` when `nb = k_blocks(kk, kc)`.
fn k_block(kk: usize, nb: usize, i: usize) -> (usize, usize) {
    let (a, b) = (kk * i / nb, kk * (i + 1) / nb);
    (a, b - a)
}

/// The start of the row panel (of `tile_rows`' sequence over `mg` rows) nearest to
/// row `r`; `mg` for `r >= mg`.
fn panel_near(mg: usize, mr: usize, r: usize) -> usize {
    let mut a = 0;
    while a < mg {
        let t = tile_rows(mg - a, mr);
        if r < a + t {
            return if r - a <= t / 2 { a } else { a + t };
        }
        a += t;
    }
    mg
}

/// Prepares `filter` (`[m, c / groups, kh, kw]`, `s.filter_len()` elements) for
/// [`conv2d_f32`] on `isa`. Panics if `s.check()` fails, `filter` has another length or
/// the machine cannot run `isa`.
pub fn pack_filter(isa: Isa, s: &Conv2d, filter: &[f32]) -> PackedFilter {
    s.check().expect("conv geometry");
    assert_eq!(filter.len(), s.filter_len(), "conv filter length");
    assert!(isa.is_supported(), "ISA path {isa:?} not supported here");
    let depthwise = is_depthwise(s);
    let data = if depthwise {
        filter.to_vec()
    } else {
        let (mr, kc, _) = blocking(isa);
        let mg = s.m / s.groups;
        let kk = s.c / s.groups * s.kh * s.kw;
        let mut data = vec![0f32; filter.len()];
        let nb = k_blocks(kk, kc);
        for g in 0..s.groups {
            for i in 0..nb {
                let (pc, kcur) = k_block(kk, nb, i);
                let mut r = 0;
                while r < mg {
                    let rows = tile_rows(mg - r, mr);
                    let src = &filter[(g * mg + r) * kk + pc..][..(rows - 1) * kk + kcur];
                    let dst = &mut data[g * mg * kk + mg * pc + r * kcur..][..rows * kcur];
                    // SAFETY: `src` holds rows `0..rows` of `kk` apart, each with `kcur`
                    // elements (its length is `(rows - 1) * kk + kcur`); `dst` holds
                    // `rows * kcur` and is a distinct allocation.
                    unsafe { pack_a_rows(src.as_ptr(), kk, rows, kcur, dst.as_mut_ptr()) };
                    r += rows;
                }
            }
        }
        data
    };
    PackedFilter {
        conv: *s,
        isa,
        data,
        depthwise,
    }
}

/// Into how many parts [`conv2d_f32`] splits `s`'s output for `threads` threads: at
/// least 1, and 1 where splitting would not pay.
///
/// It is `threads` for work of at least 32K multiply-adds, fewer only where the output
/// has fewer granules than that (output rows on the depthwise path; on the GEMM path,
/// 8-row panels of output channels or 48-column panels of output positions, whichever
/// are more).
pub fn parts(s: &Conv2d, threads: usize) -> usize {
    let work = s.output_len() as u64 * (s.c / s.groups.max(1) * s.kh * s.kw) as u64;
    if work < 1 << 15 || s.check().is_err() {
        return 1;
    }
    let granules = if is_depthwise(s) {
        s.n * s.m * s.oh
    } else {
        let bgs = s.n * s.groups;
        (bgs * (s.m / s.groups).div_ceil(8)).max(bgs * (s.oh * s.ow).div_ceil(48))
    };
    threads.clamp(1, granules.max(1))
}

/// Computes part `part` of `parts` (see [`parts`]; any `parts >= 1` is valid) of the
/// convolution of `input` by `filter` into `out`, overwriting it. The parts write
/// disjoint elements, so they may run at once on different threads; together they
/// write every element once. After each finished range of the output (all of its sums
/// complete), calls `epilogue(ctx, lo, hi)` with `lo..hi` a range of linear indices into
/// the output; every element is reported exactly once over all parts, and the kernel
/// does not touch the range while the epilogue runs.
///
/// # Safety
/// `input` is valid for reading `s.input_len()` elements and `out` for reading and
/// writing `s.output_len()` elements (initialized; any bit pattern), where only this
/// call (of those running at once, only this part's elements) accesses them; `filter`
/// was packed for `s`; `part < parts`. If `epilogue` is given, calling it on finished
/// ranges must be sound, and it must not unwind.
pub unsafe fn conv2d_f32(
    s: &Conv2d,
    input: *const f32,
    filter: &PackedFilter,
    out: *mut f32,
    part: usize,
    parts: usize,
    epilogue: Option<Epilogue>,
    ctx: *mut u8,
) {
    assert_eq!(filter.conv, *s, "filter packed for another conv");
    assert!(part < parts, "conv part {part} of {parts}");
    let isa = filter.isa;
    assert!(isa.is_supported(), "ISA path {isa:?} not supported here");
    let job = Job {
        s,
        input,
        filter,
        out,
        part,
        parts,
        epilogue,
        ctx,
    };
    // SAFETY: `job` holds this function's operands, valid by its contract, which is
    // `run`'s; the assert above checked that the machine has `isa`'s features (Avx512:
    // avx512f, avx2, fma; Avx2: avx2, fma), the ones each callee enables.
    unsafe {
        match isa {
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => crate::x86::conv_avx512(&job),
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => crate::x86::conv_avx2(&job),
            _ => crate::portable::conv_portable(&job),
        }
    }
}

/// [`conv2d_f32`] of every part in turn, bounds-checked: for tests and benchmarks.
/// Panics if a slice is shorter than the geometry needs.
pub fn conv2d(s: &Conv2d, input: &[f32], filter: &PackedFilter, out: &mut [f32]) {
    assert!(input.len() >= s.input_len() && out.len() >= s.output_len());
    let p = parts(s, 1);
    for i in 0..p {
        // SAFETY: the slices hold the lengths checked above; one part at a time.
        unsafe {
            conv2d_f32(
                s,
                input.as_ptr(),
                filter,
                out.as_mut_ptr(),
                i,
                p,
                None,
                std::ptr::null_mut(),
            )
        };
    }
}

/// [`conv2d_f32`] split into `parts` parts, run at once on `parts` scoped threads (the
/// calling one included), bounds-checked: for tests and benchmarks of the split.
/// Panics if a slice is shorter than the geometry needs or `parts == 0`.
pub fn conv2d_parts(
    s: &Conv2d,
    input: &[f32],
    filter: &PackedFilter,
    out: &mut [f32],
    parts: usize,
) {
    assert!(input.len() >= s.input_len() && out.len() >= s.output_len());
    assert!(parts >= 1, "conv: 0 parts");
    /// The output pointer, shared by the parts (they write disjoint elements).
    #[derive(Clone, Copy)]
    struct Out(*mut f32);
    // SAFETY: the parts write disjoint elements of the output (`conv2d_f32`'s
    // contract), so sending the pointer to other threads races on nothing.
    unsafe impl Send for Out {}
    // SAFETY: as for `Send`: it is only copied out and used by disjoint parts.
    unsafe impl Sync for Out {}
    let o = Out(out.as_mut_ptr());
    let run = move |i: usize| {
        let o = o;
        // SAFETY: the slices hold the lengths checked above; the parts run at once but
        // touch disjoint output elements; `out` stays borrowed for the scope.
        unsafe {
            conv2d_f32(
                s,
                input.as_ptr(),
                filter,
                o.0,
                i,
                parts,
                None,
                std::ptr::null_mut(),
            )
        }
    };
    std::thread::scope(|sc| {
        for i in 1..parts {
            sc.spawn(move || run(i));
        }
        run(0);
    });
}

/// One call's operands, handed to the per-ISA entry points (`x86::conv_avx512`, ...).
pub(crate) struct Job<'a> {
    s: &'a Conv2d,
    input: *const f32,
    filter: &'a PackedFilter,
    out: *mut f32,
    part: usize,
    parts: usize,
    epilogue: Option<Epilogue>,
    ctx: *mut u8,
}

impl Job<'_> {
    /// Reports output elements `lo..hi` as final (if `lo < hi` and there is an
    /// epilogue).
    ///
    /// # Safety
    /// `lo..hi` is final, reported once, and no reference into the output is held.
    #[inline(always)]
    unsafe fn finish(&self, lo: usize, hi: usize) {
        if let Some(f) = self.epilogue {
            if lo < hi {
                // SAFETY: `conv2d_f32`'s caller promised the epilogue is sound on
                // finished ranges; this function's caller that `lo..hi` is one.
                unsafe { f(self.ctx, lo, hi) };
            }
        }
    }

    /// Reports output rows `i0..i1` (from row `orow0` of the output's `n * m` rows of
    /// `p` elements), columns `j0..j1` of each, as final: one range when the rows are
    /// whole, else one per row.
    ///
    /// # Safety
    /// As [`Job::finish`] for each range.
    #[inline(always)]
    unsafe fn finish_rows(
        &self,
        orow0: usize,
        p: usize,
        i0: usize,
        i1: usize,
        j0: usize,
        j1: usize,
    ) {
        if j0 == 0 && j1 == p {
            // SAFETY: this function's contract.
            unsafe { self.finish((orow0 + i0) * p, (orow0 + i1) * p) };
        } else {
            for i in i0..i1 {
                let r = (orow0 + i) * p;
                // SAFETY: as above, for one row's columns.
                unsafe { self.finish(r + j0, r + j1) };
            }
        }
    }

    /// `total * i / parts` without overflow.
    fn share(&self, total: usize, i: usize) -> usize {
        (total as u128 * i as u128 / self.parts as u128) as usize
    }
}

/// Runs `job` on kernel `K` (the GEMM or depthwise path, as packed).
///
/// # Safety
/// `job` holds operands valid as [`conv2d_f32`] requires; `K` is the kernel of
/// `job.filter.isa`, and its target features are enabled.
#[inline(always)]
pub(crate) unsafe fn run<K: Kern<E = f32>>(job: &Job) {
    let s = job.s;
    if s.output_len() == 0 {
        return;
    }
    // SAFETY: this function's contract.
    unsafe {
        if job.filter.depthwise {
            depthwise::<K>(job)
        } else {
            gemm::<K>(job)
        }
    }
}

/// Writes zeros to `len` elements at `p`.
///
/// # Safety
/// `p` is valid for writing `len` aligned f32s.
#[inline(always)]
unsafe fn zero(p: *mut f32, len: usize) {
    // SAFETY: this function's contract; all-zero bytes are 0.0f32.
    unsafe { p.write_bytes(0, len) };
}

/// Copies `len` elements, `step` apart at `src`, to `dst`.
///
/// # Safety
/// `src + i * step` is valid for reading for `i < len`, `dst` for writing `len`
/// elements, and they do not overlap.
#[inline(always)]
unsafe fn gather(src: *const f32, step: usize, len: usize, dst: *mut f32) {
    // SAFETY: this function's contract (for step 2, `src + 2 * i` with `i < len`).
    unsafe {
        match step {
            1 => std::ptr::copy_nonoverlapping(src, dst, len),
            2 => {
                for i in 0..len {
                    *dst.add(i) = *src.add(2 * i);
                }
            }
            _ => {
                for i in 0..len {
                    *dst.add(i) = *src.add(i * step);
                }
            }
        }
    }
}

/// Valid output columns for a filter column at input offset `off = kx * dilation[1]`:
/// `x` in `lo..hi` reads input column `x * stride[1] + off - pad[1]` in `0..w`.
#[inline(always)]
fn x_range(s: &Conv2d, off: usize) -> (usize, usize) {
    let (sw, pw) = (s.stride[1], s.pad[1]);
    let lo = if off >= pw {
        0
    } else {
        (pw - off).div_ceil(sw)
    };
    let hi = if s.w + pw > off {
        (s.w + pw - off - 1) / sw + 1
    } else {
        0
    };
    (lo.min(s.ow), hi.min(s.ow).max(lo.min(s.ow)))
}

/// The GEMM path: this part's `(batch-group, rows, columns)` blocks.
///
/// # Safety
/// As [`run`], on a filter packed for the GEMM path.
#[inline(always)]
unsafe fn gemm<K: Kern<E = f32>>(job: &Job) {
    let s = job.s;
    let (mr, nr) = (K::MR, K::NV * K::LANES);
    let mg = s.m / s.groups;
    let p = s.oh * s.ow;
    let bgs = s.n * s.groups;
    // Column mode: units are columns of every (batch, group) GEMM; rows: output channels.
    let cols = job.parts == 1
        || bgs * p >= (4 * nr).saturating_mul(job.parts)
        || bgs * p.div_ceil(nr) >= bgs * mg.div_ceil(mr);
    let mpart = if cols { mg } else { mg.div_ceil(job.parts) };
    if let Some(wp) = direct_width::<K>(s, mpart) {
        // SAFETY: this function's contract; `wp` is `direct_width`'s.
        unsafe { gemm_direct::<K>(job, cols, wp) };
        return;
    }
    let len = if cols { p } else { mg };
    // Part boundaries: `share`s of the unit space, rounded within a (batch, group) to a
    // column panel or a row panel, so that adjacent parts agree on them.
    let bound = |u: usize| {
        let (bg, i) = (u / len, u % len);
        let i = if cols {
            ((i + nr / 2) / nr * nr).min(p)
        } else {
            panel_near(mg, mr, i)
        };
        bg * len + i
    };
    let total = bgs * len;
    let (lo, hi) = (
        bound(job.share(total, job.part)),
        bound(job.share(total, job.part + 1)),
    );
    if lo >= hi {
        return;
    }
    let kk = s.c / s.groups * s.kh * s.kw;
    let kc_max = K::KC.min(kk).max(1);
    let nc_max = (PACKED_B_BYTES / 4 / kc_max / nr).max(1) * nr;
    let nc_max = nc_max.min(if cols { hi - lo } else { p }.next_multiple_of(nr));
    let b_len = nc_max * kc_max;
    let mut scratch = Scratch::take(&PACK, (b_len + nc_max + 64) * 4);
    let bp = scratch.ptr::<f32>();
    // SAFETY: the scratch holds `b_len + nc_max + 64` f32s: packed B, then a row of
    // `nc_max` (and 64 of slack, at least `LANES`) for im2col.
    let tmp = unsafe { bp.add(b_len) };
    let mut u = lo;
    while u < hi {
        let bg = u / len;
        let end = hi.min((bg + 1) * len);
        let (a, b) = (u - bg * len, end - bg * len);
        let (r0, r1, c0, c1) = if cols { (0, mg, a, b) } else { (a, b, 0, p) };
        // SAFETY: `bg < n * groups`; rows `r0..r1` are row panel boundaries (`bound`),
        // columns `c0..c1 <= P`; this part owns that block of the output (the blocks of
        // the parts are disjoint ranges of the unit space). Scratch as sized above.
        unsafe { gemm_block::<K>(job, bg, r0, r1, c0, c1, bp, tmp, nc_max) };
        u = end;
    }
}

/// Columns a strip of the direct path aims for (its C buffer holds `MC` rows of them).
const DIRECT_COLS: usize = 512;
/// Largest padded strip of the direct path, in bytes, for one output row; inputs
/// with more channels pack B instead.
const DIRECT_STRIP_BYTES: usize = 2 << 20;
/// Most offsets of one k block (every ISA's `KC`).
const DIRECT_KC_MAX: usize = 256;

/// The phase-row width with which the direct path reads `s`'s input in place of
/// packing B, or `None` where packing is cheaper or the path does not apply.
///
/// The direct path reads B's rows from a zero-padded copy of the input a strip of
/// output rows needs, split into `stride[0] x stride[1]` phase planes (phase `(fy,
/// fx)` holds padded positions `(Y * stride[0] + fy, X * stride[1] + fx)`), each `wq =
/// ow + (kw - 1) * dilation[1] / stride[1]` wide. Filter position `(ci, ky, kx)` with
/// `ky * dilation[0] = qy * stride[0] + fy` (and likewise `kx`) reads, for output
/// column `j = y * wq + x`, element `(y + qy) * wq + x + qx` of channel `ci`'s phase
/// `(fy, fx)`: B row `k` is one contiguous run at a fixed offset, and the micro-kernel
/// reads it through a table of offsets. The `wq - ow` columns of each row past the
/// output are computed and dropped. Packing costs about a cycle per element of B
/// (`K * P`), the tiles over `mpart` rows cost [`tile_cycles`] of their columns, and
/// the strip and the copy out of the C buffer cost a fraction of a cycle per element,
/// so the path is taken where the dropped columns and the copies cost less than the
/// packing: every conv of ResNet-18 but its 1 x 1s (at 7 x 7, 63 columns take as many
/// tiles as 49), not MobileNetV2's stem (`K = 27`: its copies cost more). Not 1 x 1 convs: their packing is a copy of input rows (or of every other
/// element), and MobileNetV2's took 10% longer reading B in place (unaligned loads
/// from as many streams as B has rows).
fn direct_width<K: Kern<E = f32>>(s: &Conv2d, mpart: usize) -> Option<usize> {
    let kk = s.c / s.groups * s.kh * s.kw;
    if kk == 0 || s.kh * s.kw == 1 || K::KC > DIRECT_KC_MAX {
        return None;
    }
    let wq = s.ow + (s.kw - 1) * s.dilation[1] / s.stride[1];
    let rows = 1 + (s.kh - 1) * s.dilation[0] / s.stride[0];
    let strip = (s.c / s.groups) * s.stride[0] * s.stride[1] * rows * wq * 4;
    // Cycles, roughly: packing is a cycle per element of B; the direct path pays for
    // the dropped columns' tiles, the copy of C out of its buffer (half a cycle per
    // output) and the strip (half a cycle per element copied, two gathered).
    let (p, k) = ((s.oh * s.ow) as f64, kk as f64);
    let extra = tile_cycles::<K>(s.oh * wq) - tile_cycles::<K>(s.oh * s.ow);
    let tiles = mpart.div_ceil(K::MR) as f64 * k * extra;
    let copy_out = if wq == s.ow {
        0.0
    } else {
        0.5 * mpart as f64 * p
    };
    let per = if s.stride[1] == 1 { 0.5 } else { 2.0 };
    let strip_in = (s.c / s.groups * s.stride[0] * s.stride[1] * (s.oh + rows) * wq) as f64;
    let cheaper = tiles + copy_out + per * strip_in < k * p;
    (cheaper && strip <= DIRECT_STRIP_BYTES).then_some(wq)
}

/// Cycles per k step of one row tile of `MR` rows over `n` columns: a tile of `nv`
/// vectors is bound by its `MR * nv` multiply-adds or its `nv + MR` loads, two of
/// either a cycle.
fn tile_cycles<K: Kern<E = f32>>(n: usize) -> f64 {
    let nr = K::NV * K::LANES;
    let cost = |nv: usize| (K::MR * nv).max(nv + K::MR) as f64 / 2.0;
    let rest = (n % nr).div_ceil(K::LANES);
    (n / nr) as f64 * cost(K::NV) + if rest == 0 { 0.0 } else { cost(rest) }
}

/// `n` rounded up to whole cache lines of f32, and one line more where that would be a
/// multiple of 4 KiB (rows that far apart share L1 sets).
fn line_stride(n: usize) -> usize {
    let n = n.next_multiple_of(16);
    if n.is_multiple_of(1024) {
        n + 16
    } else {
        n
    }
}

/// The direct GEMM path (see [`direct_width`]): this part's `(batch-group, output
/// rows)` blocks (`cols`: as [`gemm`]'s column mode, by output rows) or `(batch-group,
/// output-channel panels)` blocks.
///
/// # Safety
/// As [`gemm`], and `wp` is `direct_width::<K>(s, _)`.
#[inline(always)]
unsafe fn gemm_direct<K: Kern<E = f32>>(job: &Job, cols: bool, wp: usize) {
    let s = job.s;
    let mr = K::MR;
    let mg = s.m / s.groups;
    let bgs = s.n * s.groups;
    let len = if cols { s.oh } else { mg };
    let bound = |u: usize| {
        let (bg, i) = (u / len, u % len);
        bg * len + if cols { i } else { panel_near(mg, mr, i) }
    };
    let total = bgs * len;
    let (lo, hi) = (
        bound(job.share(total, job.part)),
        bound(job.share(total, job.part + 1)),
    );
    let mut u = lo;
    while u < hi {
        let bg = u / len;
        let end = hi.min((bg + 1) * len);
        let (a, b) = (u - bg * len, end - bg * len);
        let (r0, r1, y0, y1) = if cols { (0, mg, a, b) } else { (a, b, 0, s.oh) };
        // SAFETY: `bg < n * groups`; rows `r0..r1` are panel boundaries, output rows
        // `y0..y1 <= oh`; this part owns that block of the output.
        unsafe { direct_block::<K>(job, bg, r0, r1, y0, y1, wp) };
        u = end;
    }
}

/// Output channels `r0..r1` (panel boundaries) and rows `y0..y1` of batch-group `bg`,
/// on the direct path, in strips of output rows; `wp` is the phase-row width.
///
/// # Safety
/// As [`gemm_direct`]; this part owns the block.
#[inline(always)]
unsafe fn direct_block<K: Kern<E = f32>>(
    job: &Job,
    bg: usize,
    r0: usize,
    r1: usize,
    y0: usize,
    y1: usize,
    wp: usize,
) {
    let s = job.s;
    let (mr, nr) = (K::MR, K::NV * K::LANES);
    let (cg, mg) = (s.c / s.groups, s.m / s.groups);
    let (hw, p) = (s.h * s.w, s.oh * s.ow);
    let kk = cg * s.kh * s.kw;
    let khw = s.kh * s.kw;
    let (b, g) = (bg / s.groups, bg % s.groups);
    let orow0 = b * s.m + g * mg;
    let compact = wp != s.ow;
    let [s0, s1] = s.stride;
    let phases = s0 * s1;
    let halo = (s.kh - 1) * s.dilation[0] / s0;
    // Strip rows: about DIRECT_COLS columns, and a padded strip within bounds.
    let fit = (DIRECT_STRIP_BYTES / 4 / (cg * phases * wp))
        .saturating_sub(halo)
        .max(1);
    let ry = (DIRECT_COLS / wp).clamp(1, fit).min(y1 - y0).max(1);
    // Phase planes `(ci, fy, fx)` of `ry + halo` rows, `ps` apart.
    let ps = line_stride((ry + halo) * wp);
    let strip_len =
        (cg * phases * ps + (s.kw - 1) * s.dilation[1] / s1 + nr + K::LANES).next_multiple_of(16);
    let cstride = line_stride(ry * wp);
    let c_len = if compact {
        K::MC.min(r1 - r0) * cstride
    } else {
        0
    };
    let mut scratch = Scratch::take(&PACK, (strip_len + c_len) * 4);
    let strip = scratch.ptr::<f32>();
    // SAFETY: the scratch holds the strip, then the C buffer.
    let cbuf = unsafe { strip.add(strip_len) };
    // SAFETY: input channel `b * c + g * cg < n * c`; output row `orow0 < n * m`.
    let (input, out0) = unsafe {
        (
            job.input.add((b * s.c + g * cg) * hw),
            job.out.add(orow0 * p),
        )
    };
    let a0 = job.filter.data[g * mg * kk..].as_ptr();
    let nb = k_blocks(kk, K::KC);
    let mut offs = [0usize; DIRECT_KC_MAX];
    let mut y = y0;
    while y < y1 {
        let yn = ry.min(y1 - y);
        let ncols = yn * wp;
        // The zero-padded strip: rows `y..y + yn + halo` of every phase plane.
        for ci in 0..cg {
            for ph in 0..phases {
                let (fy, fx) = (ph / s1, ph % s1);
                for rr in 0..yn + halo {
                    // SAFETY: row `rr` of phase plane `(ci, ph)` of the strip: `(ci *
                    // phases + ph) * ps + rr * wp + wp + LANES - 1 <= strip_len` (`rr <
                    // ry + halo`, `ps >= (ry + halo) * wp`, slack of `nr + LANES`);
                    // input row `iy < h` of channel `ci < cg`.
                    unsafe {
                        let dst = strip.add((ci * phases + ph) * ps + rr * wp);
                        let iy = ((y + rr) * s0 + fy).wrapping_sub(s.pad[0]);
                        if iy >= s.h {
                            zero_vecs::<K>(dst, wp);
                        } else {
                            phase_row::<K>(s, input.add(ci * hw + iy * s.w), fx, wp, dst);
                        }
                    }
                }
            }
        }
        let mut ic = r0;
        while ic < r1 {
            let iend = row_block_end::<K>(mg, ic, r1);
            for kb in 0..nb {
                let (pc, kcur) = k_block(kk, nb, kb);
                let (mut ci, mut ky, mut kx) = (pc / khw, pc % khw / s.kw, pc % s.kw);
                for o in offs.iter_mut().take(kcur) {
                    let (r, c) = (ky * s.dilation[0], kx * s.dilation[1]);
                    let plane = (ci * s0 + r % s0) * s1 + c % s1;
                    *o = plane * ps + r / s0 * wp + c / s1;
                    kx += 1;
                    if kx == s.kw {
                        kx = 0;
                        ky += 1;
                        if ky == s.kh {
                            ky = 0;
                            ci += 1;
                        }
                    }
                }
                let mut jr = 0;
                while jr < ncols {
                    let cols = nr.min(ncols - jr);
                    let mut ir = ic;
                    while ir < iend {
                        let rows = tile_rows(mg - ir, mr);
                        // SAFETY: offsets only: A's panel of rows `ir..` in k block
                        // `pc` (as `gemm_block`'s); B's columns from `jr` in the strip
                        // (rows at `offs`, each `nr` elements within the strip and its
                        // slack); C's rows `ir..ir + rows` in the C buffer (`cstride >=
                        // ncols`) or the output (`y * ow + jr + cols <= P` as `ow =
                        // wp`).
                        let t = unsafe {
                            Tile {
                                kc: kcur,
                                a: a0.add(mg * pc + ir * kcur),
                                b: strip.add(jr).cast_const(),
                                ldb: nr,
                                c: if compact {
                                    cbuf.add((ir - ic) * cstride + jr)
                                } else {
                                    out0.add(ir * p + y * s.ow + jr)
                                },
                                ldc: if compact { cstride } else { p },
                                nr: cols,
                                accumulate: kb != 0,
                                stream_a: true,
                                next_b: std::ptr::null(),
                                offs: offs.as_ptr(),
                            }
                        };
                        // SAFETY: `rows` in `1..=MR`, `cols.div_ceil(LANES)` in
                        // `1..=NV`; operands as above; features by the caller.
                        unsafe { K::tile_offs(rows, cols.div_ceil(K::LANES), &t) };
                        ir += rows;
                    }
                    jr += nr;
                }
            }
            if compact {
                for i in ic..iend {
                    for yy in 0..yn {
                        // SAFETY: C buffer row `i - ic`, strip row `yy` (`yy * wp + ow
                        // <= ncols <= cstride`) to output row `y + yy < oh` of channel
                        // `i < mg`.
                        unsafe {
                            copy_run::<K>(
                                cbuf.add((i - ic) * cstride + yy * wp),
                                s.ow,
                                out0.add(i * p + (y + yy) * s.ow),
                            )
                        };
                    }
                }
            }
            // SAFETY: rows `ic..iend`, output rows `y..y + yn` are final; only raw
            // pointers into the output are held.
            unsafe { job.finish_rows(orow0, p, ic, iend, y * s.ow, (y + yn) * s.ow) };
            ic = iend;
        }
        y += yn;
    }
}

/// The end of the row block from `ic` (a panel boundary of `mg` rows) within `..r1`:
/// whole register-tile panels up to `MC` rows.
#[inline(always)]
fn row_block_end<K: Kern>(mg: usize, ic: usize, r1: usize) -> usize {
    let mut iend = ic;
    while iend < r1 && iend - ic < K::MC {
        iend += tile_rows(mg - iend, K::MR);
    }
    iend
}

/// Output rows `r0..r1` (of the group's `mg`; panel boundaries), columns `c0..c1` of
/// batch-group `bg`'s GEMM, in column blocks of `nc_max`.
///
/// # Safety
/// As [`gemm`]; `bp` is valid for writing `nc_max * min(KC, K)` f32s and `tmp` for
/// `nc_max + LANES`, both disjoint from the operands; this part owns the block.
#[inline(always)]
unsafe fn gemm_block<K: Kern<E = f32>>(
    job: &Job,
    bg: usize,
    r0: usize,
    r1: usize,
    c0: usize,
    c1: usize,
    bp: *mut f32,
    tmp: *mut f32,
    nc_max: usize,
) {
    let s = job.s;
    let (mr, nr) = (K::MR, K::NV * K::LANES);
    let (cg, mg) = (s.c / s.groups, s.m / s.groups);
    let kk = cg * s.kh * s.kw;
    let p = s.oh * s.ow;
    let (b, g) = (bg / s.groups, bg % s.groups);
    let orow0 = b * s.m + g * mg;
    // SAFETY: output row `orow0 < n * m` starts within the output.
    let out0 = unsafe { job.out.add(orow0 * p) };
    // Reports rows `i0..i1`, columns `j0..j1` of this block.
    // SAFETY: called on final ranges only; only raw pointers into the output are held.
    let finish = |i0, i1, j0, j1| unsafe { job.finish_rows(orow0, p, i0, i1, j0, j1) };
    if kk == 0 {
        for i in r0..r1 {
            // SAFETY: row `i < mg` of the group's output, columns `c0..c1 <= P`.
            unsafe { zero(out0.add(i * p + c0), c1 - c0) };
        }
        finish(r0, r1, c0, c1);
        return;
    }
    // SAFETY: input channel `b * c + g * cg < n * c` (cg > 0 as kk > 0).
    let input = unsafe { job.input.add((b * s.c + g * cg) * s.h * s.w) };
    let a0 = job.filter.data[g * mg * kk..].as_ptr();
    let nb = k_blocks(kk, K::KC);
    let mut jc = c0;
    while jc < c1 {
        let ncur = nc_max.min(c1 - jc);
        for kb in 0..nb {
            let (pc, kcur) = k_block(kk, nb, kb);
            // SAFETY: rows `pc..pc + kcur <= K` and columns `jc..jc + ncur <= P` of the
            // group's im2col matrix; `bp` holds `ncur.next_multiple_of(nr) * kcur <=
            // nc_max * kc` (`nc_max` is a multiple of `nr`), `tmp` `ncur + LANES`.
            unsafe { pack_b_conv::<K>(s, input, pc, kcur, jc, ncur, bp, tmp) };
            let mut ic = r0;
            while ic < r1 {
                let iend = row_block_end::<K>(mg, ic, r1);
                let mut jr = 0;
                while jr < ncur {
                    let cols = nr.min(ncur - jr);
                    let mut ir = ic;
                    while ir < iend {
                        let rows = tile_rows(mg - ir, mr);
                        // SAFETY: offsets only: the packed A panel of rows `ir..` in k
                        // block `pc` lies at `mg * pc + ir * kcur` within the group's
                        // `mg * K` (see `PackedFilter::data`); panel `jr / nr` of packed
                        // B at `jr * kcur`; C's row `ir < mg`, column `jc + jr < P`.
                        let t = unsafe {
                            Tile {
                                kc: kcur,
                                a: a0.add(mg * pc + ir * kcur),
                                b: bp.add(jr * kcur).cast_const(),
                                ldb: nr,
                                c: out0.add(ir * p + jc + jr),
                                ldc: p,
                                nr: cols,
                                accumulate: kb != 0,
                                stream_a: true,
                                next_b: std::ptr::null(),
                                offs: std::ptr::null(),
                            }
                        };
                        // SAFETY: `rows` in `1..=MR` (`tile_rows`), `cols.div_ceil(LANES)`
                        // in `1..=NV`; the A panel holds `rows * kcur` elements, the B
                        // panel `kcur` rows of `nr`; C's rows `ir..ir + rows <= mg`
                        // hold columns `jc + jr..+ cols <= P`, owned by this part.
                        // Target features enabled by the caller.
                        unsafe { K::tile(rows, cols.div_ceil(K::LANES), &t) };
                        ir += rows;
                    }
                    jr += nr;
                }
                if kb + 1 == nb {
                    finish(ic, iend, jc, jc + ncur);
                }
                ic = iend;
            }
        }
        jc += ncur;
    }
}

/// Packs rows `pc..pc + kc` and columns `j0..j0 + nc` of the im2col matrix of one
/// (batch, group) into `kc x NR` panels at `out` (the layout of `float::pack_b`, the
/// right edge padded with zeros). Row `k` of the matrix is filter position
/// `(ci, ky, kx)`, column `j` output position `(j / ow, j % ow)`.
///
/// # Safety
/// `K`'s target features are enabled; `input` is the group's first input channel,
/// valid for reading its `c / groups` planes; `pc + kc <= K`, `j0 + nc <= P`; `out` is
/// valid for writing `nc.next_multiple_of(NR) * kc` f32s and `tmp` for `nc + LANES`,
/// disjoint.
#[inline(always)]
unsafe fn pack_b_conv<K: Kern<E = f32>>(
    s: &Conv2d,
    input: *const f32,
    pc: usize,
    kc: usize,
    j0: usize,
    nc: usize,
    out: *mut f32,
    tmp: *mut f32,
) {
    let nr = K::NV * K::LANES;
    let full = nc / nr * nr;
    let khw = s.kh * s.kw;
    let hw = s.h * s.w;
    // The im2col row is a run of the input itself.
    let pointwise = khw == 1 && s.stride == [1, 1] && s.pad == [0, 0] && s.oh == s.h && s.ow == s.w;
    for q in 0..kc {
        let k = pc + q;
        let (ci, ky, kx) = (k / khw, k % khw / s.kw, k % s.kw);
        let row: *const f32 = if pointwise {
            // SAFETY: channel `ci < c / groups`; positions `j0..j0 + nc <= P = h * w`.
            unsafe { input.add(ci * hw + j0) }
        } else {
            // SAFETY: as this function's contract, for channel `ci`.
            unsafe { im2col_row::<K>(s, input.add(ci * hw), ky, kx, j0, nc, tmp) };
            tmp
        };
        // SAFETY: `row` holds `nc` elements. Full panels read `jr..jr + nr <= full` and
        // write row `q` of panel `jr / nr`, `jr * kc + q * nr..+ nr`; the edge panel
        // reads `full..nc` and writes `full * kc + q * nr..+ nr`, below
        // `nc.next_multiple_of(nr) * kc`.
        unsafe {
            let mut jr = 0;
            while jr < full {
                let dst = out.add(jr * kc + q * nr);
                for v in 0..K::NV {
                    K::store(dst.add(v * K::LANES), K::load(row.add(jr + v * K::LANES)));
                }
                jr += nr;
            }
            if full < nc {
                let dst = out.add(full * kc + q * nr);
                for j in 0..nr {
                    *dst.add(j) = if full + j < nc {
                        *row.add(full + j)
                    } else {
                        0.0
                    };
                }
            }
        }
    }
}

/// Writes phase `fx` of an input row, `wq` elements, to `dst`: element `X` is padded
/// column `X * stride[1] + fx`, i.e. input column `X * stride[1] + fx - pad[1]`, zero
/// outside `0..w`.
///
/// # Safety
/// `K`'s target features are enabled; `row` is valid for reading `w` f32s, `dst` for
/// writing `wq + LANES - 1` (zeros are written in whole vectors).
#[inline(always)]
unsafe fn phase_row<K: Kern<E = f32>>(
    s: &Conv2d,
    row: *const f32,
    fx: usize,
    wq: usize,
    dst: *mut f32,
) {
    let (sw, pw) = (s.stride[1], s.pad[1]);
    // Phase columns `lo..hi` read inside the row.
    let lo = pw.saturating_sub(fx).div_ceil(sw).min(wq);
    let hi = (s.w + pw).saturating_sub(fx).div_ceil(sw).clamp(lo, wq);
    // SAFETY: the zeros write `0..lo` and `hi..wq` rounded up to whole vectors (the
    // copy comes after the leading zeros and the trailing zeros after the copy, so
    // each overwrites what the one before wrote past its end); the copy reads input
    // columns `lo * sw + fx - pw ..= (hi - 1) * sw + fx - pw`, in `0..w`.
    unsafe {
        zero_vecs::<K>(dst, lo);
        if lo < hi {
            let src = row.add(lo * sw + fx - pw);
            if sw == 1 {
                copy_run::<K>(src, hi - lo, dst.add(lo));
            } else {
                gather(src, sw, hi - lo, dst.add(lo));
            }
        }
        zero_vecs::<K>(dst.add(hi), wq - hi);
    }
}

/// Writes columns `j0..j0 + nc` of im2col row `(ci, ky, kx)` to `dst`, `plane` being
/// input channel `ci`'s plane.
///
/// # Safety
/// `K`'s target features are enabled; `plane` is valid for reading `h * w` f32s, `dst`
/// for writing `nc + LANES - 1` (runs of zeros are written as whole vectors, each run
/// overwriting the previous one's excess); `j0 + nc <= P`.
#[inline(always)]
unsafe fn im2col_row<K: Kern<E = f32>>(
    s: &Conv2d,
    plane: *const f32,
    ky: usize,
    kx: usize,
    j0: usize,
    nc: usize,
    dst: *mut f32,
) {
    let off = kx * s.dilation[1];
    let (lo, hi) = x_range(s, off);
    let sw = s.stride[1];
    let (mut y, mut x0) = (j0 / s.ow, j0 % s.ow);
    let mut d = dst;
    let mut left = nc;
    while left > 0 {
        let x1 = s.ow.min(x0 + left);
        let len = x1 - x0;
        let iy = y * s.stride[0] + ky * s.dilation[0];
        // SAFETY: `d..d + len` is within `dst`'s `nc` (`len <= left`); row `iy - pad` is
        // in `0..h`; columns `x` in `a..b` read `x * sw + off - pw` in `0..w` (`x_range`).
        unsafe {
            if iy < s.pad[0] || iy - s.pad[0] >= s.h {
                zero_vecs::<K>(d, len);
            } else {
                let src = plane.add((iy - s.pad[0]) * s.w);
                let a = lo.clamp(x0, x1);
                let b = hi.clamp(a, x1);
                zero_vecs::<K>(d, a - x0);
                if a < b {
                    let from = src.add(a * sw + off - s.pad[1]);
                    if sw == 1 {
                        copy_run::<K>(from, b - a, d.add(a - x0));
                    } else {
                        gather(from, sw, b - a, d.add(a - x0));
                    }
                }
                zero_vecs::<K>(d.add(b - x0), x1 - b);
            }
            d = d.add(len);
        }
        left -= len;
        y += 1;
        x0 = 0;
    }
}

/// Output elements per band of the depthwise path (computed into an L1-resident
/// buffer, then reported to the epilogue).
const DW_BAND: usize = 2048;

/// Output widths below which the depthwise path computes flat bands of rows.
const DW_FLAT_BELOW: usize = 32;

/// The depthwise path: this part's output rows `(b, o, y)`. Per output channel, the
/// input rows it needs are copied once into a zero-padded, phase-split plane (row `pr`
/// of the padded input, phase `q`: padded columns `q + stride[1] * i`), where every tap
/// of every output row is a contiguous run; for narrow rows, a band of output rows is
/// computed as one flat run over the padded rows (output row `y + r` at `r * stride[0]`
/// padded rows further; the columns past `ow` computed and dropped), so narrow planes
/// keep whole vectors busy.
///
/// # Safety
/// As [`run`], on a filter packed for the depthwise path (`c / groups == 1`).
#[inline(always)]
unsafe fn depthwise<K: Kern<E = f32>>(job: &Job) {
    let s = job.s;
    if s.groups == s.c && s.m == s.c && s.ow < DW_BLOCKED_BELOW && s.c >= K::LANES {
        // SAFETY: this function's contract, one input channel per output channel.
        unsafe { depthwise_blocked::<K>(job) };
        return;
    }
    let lanes = K::LANES;
    let units = s.n * s.m * s.oh;
    let (u0, u1) = (job.share(units, job.part), job.share(units, job.part + 1));
    if u0 >= u1 {
        return;
    }
    let ow = s.ow;
    let khw = s.kh * s.kw;
    if khw == 0 {
        // SAFETY: rows `u0..u1` of `ow` elements are this part's, within the output.
        unsafe {
            zero(job.out.add(u0 * ow), (u1 - u0) * ow);
            job.finish(u0 * ow, u1 * ow);
        }
        return;
    }
    let (sh, sw, dh, dw) = (s.stride[0], s.stride[1], s.dilation[0], s.dilation[1]);
    // Phase width: output column `x < ow`, tap `t = kx * dw` reads element `x + t / sw`.
    let wq = ow + (s.kw - 1) * dw / sw;
    // Padded rows one plane can need. They are kept as `sh x sw` phase planes (phase
    // `(fy, fx)` holds padded positions `(sh * Y + fy, sw * X + fx)`, rows `wq` apart,
    // planes `ps` apart), so that consecutive output rows are `wq` apart for any
    // stride: a flat band computes `wq / ow` of its elements for nothing, where rows
    // of all phases cost `sh * sw` times that (a 14 x 14 stride-2 layer of MobileNetV2
    // took 8 times onnxruntime's time).
    let hp = sh * (s.oh - 1) + (s.kh - 1) * dh + 1;
    // (Slack: `zero_vecs` and `pad_row` may write, and taps read, up to a vector past
    // a row.)
    let ps = hp.div_ceil(sh) * wq + lanes;
    let plane_len = sh * sw * ps;
    // Flat bands only for narrow rows: wide ones fill their vectors and are written
    // in place rather than through the band buffer.
    // Flat distance of consecutive output rows.
    let frow = wq;
    let band = if ow < DW_FLAT_BELOW {
        (DW_BAND - ow) / frow + 1
    } else {
        1
    };
    let tmp_len = (band - 1) * frow + ow + lanes;
    let mut scratch = Scratch::take(&PACK, (plane_len + tmp_len + lanes) * 4);
    let plane_buf = scratch.ptr::<f32>();
    // SAFETY: the scratch holds `plane_len + tmp_len + lanes` f32s: the padded plane,
    // the band buffer, a spill vector.
    let (tmp, spill) = unsafe { (plane_buf.add(plane_len), plane_buf.add(plane_len + tmp_len)) };
    let mut taps: Vec<*const f32> = vec![plane_buf.cast_const(); khw];
    // Tap `(ky, kx)` of an output row: with `r = ky * dh`, `t = kx * dw`, phase plane
    // `(r % sh, t % sw)`, row `r / sh` below the output row's, element `t / sw`.
    let tap_off: Vec<usize> = (0..khw)
        .map(|i| {
            let (r, t) = (i / s.kw * dh, i % s.kw * dw);
            (r % sh * sw + t % sw) * ps + r / sh * wq + t / sw
        })
        .collect();
    let mg = s.m / s.groups;
    let pair_rows = s.kh == 3 && s.kw == 3 && sh == 1 && dh == 1;
    // (input plane, first padded row, last) the buffer is for, and how many of its
    // rows are built: rows are built as the output rows reach them, so that the taps
    // read rows still in L1.
    let mut tag = (usize::MAX, 0, 0);
    let mut built = 0;
    let mut u = u0;
    while u < u1 {
        let (r, ya) = (u / s.oh, u % s.oh);
        let yb = s.oh.min(ya + (u1 - u)); // this part's rows `ya..yb` of plane `r`
        let (b, o) = (r / s.m, r % s.m);
        let plane_id = b * s.c + o / mg;
        let (pr0, pr1) = (sh * ya, sh * (yb - 1) + (s.kh - 1) * dh + 1);
        if tag != (plane_id, pr0, pr1) {
            tag = (plane_id, pr0, pr1);
            built = 0;
        }
        // Builds padded rows `pr0 + built..pr0 + upto`.
        let mut build = |upto: usize| {
            while built < upto {
                let pr = pr0 + built;
                // SAFETY: padded row `pr < pr1` takes `wq` f32s (and a vector of
                // slack) in each phase plane `(built % sh, fx)`, at row `built / sh <
                // hp.div_ceil(sh)` (`pr1 - pr0 <= hp`); input row `pr - pad < h` of
                // input channel `plane_id < n * c` (cg = 1) starts at `at`, with
                // `input_len - at >= w` elements readable from it.
                unsafe {
                    let d = plane_buf.add(built % sh * sw * ps + built / sh * wq);
                    if pr < s.pad[0] || pr - s.pad[0] >= s.h {
                        for fx in 0..sw {
                            zero_vecs::<K>(d.add(fx * ps), wq);
                        }
                    } else {
                        let at = plane_id * s.h * s.w + (pr - s.pad[0]) * s.w;
                        let row = job.input.add(at);
                        if sw == 1 {
                            pad_row::<K>(row, s.w, s.input_len() - at, s.pad[1], wq, d);
                        } else {
                            split_row(s, row, wq, ps, d);
                        }
                    }
                }
                built += 1;
            }
        };
        let w = &job.filter.data[o * khw..][..khw];
        let mut y = ya;
        while y < yb {
            // 3x3 filters at row stride 1 take two output rows per pass (their taps
            // share 6 of 12 loads).
            let pair = band == 1 && pair_rows && y + 1 < yb;
            let rows = if pair { 2 } else { band.min(yb - y) };
            build(sh * (y + rows - 1) + (s.kh - 1) * dh + 1 - pr0);
            let row0 = (y - ya) * wq;
            for (tap, &off) in taps.iter_mut().zip(&tap_off) {
                // SAFETY: `row0 + off` is padded row `sh * y + ky * dh` (in `pr0..pr1`)
                // in its phase plane, element `t / sw < wq` (see `tap_off`).
                *tap = unsafe { plane_buf.add(row0 + off) };
            }
            let u_y = r * s.oh + y;
            // SAFETY: every tap is read at `i < count.next_multiple_of(lanes)`, i.e. up
            // to `(rows - 1) * frow + ow + lanes - 1` past it: at most `lanes` past the
            // end of its phase plane's last row, within the plane's slack (the paired
            // rows read one padded row further, also built). Output rows
            // `u_y..u_y + rows` are this part's; `tmp` holds `(band - 1) * frow + ow`
            // plus `lanes`. Target features by the caller.
            unsafe {
                let dst = job.out.add(u_y * ow);
                if pair {
                    dw_rows2_3x3::<K>(&taps, w, wq, ow, dst, spill);
                } else if rows == 1 {
                    dw_run::<K>(&taps, w, ow, dst, spill);
                } else {
                    dw_run::<K>(&taps, w, (rows - 1) * frow + ow, tmp, spill);
                    for i in 0..rows {
                        // Short rows (`ow < DW_FLAT_BELOW`): inline, no memcpy call.
                        let (from, to) = (tmp.add(i * frow), dst.add(i * ow));
                        // Whole vectors while they end within the band's rows (what
                        // runs past this row is rewritten by the next ones).
                        let mut x = 0;
                        while x < ow && (x + lanes <= ow || i * ow + x + lanes <= rows * ow) {
                            K::store(to.add(x), K::load(from.add(x)));
                            x += lanes;
                        }
                        while x < ow {
                            *to.add(x) = *from.add(x);
                            x += 1;
                        }
                    }
                }
            }
            y += rows;
        }
        // One report per part of a plane (at most a plane, still in L1 or L2): an
        // epilogue call per output row cost more than the row's arithmetic.
        // SAFETY: rows `ya..yb` of plane `r` are final and this part's.
        unsafe { job.finish((r * s.oh + ya) * ow, (r * s.oh + yb) * ow) };
        u += yb - ya;
    }
}

/// Output rows narrower than this take the channel-blocked depthwise path.
const DW_BLOCKED_BELOW: usize = 32;

/// The depthwise path for narrow planes (one input channel per output channel, `ow <
/// DW_BLOCKED_BELOW`): blocks of `LANES` channels, each transposed into a zero-padded
/// channel-last buffer (`[hp][wp][LANES]`) so that every output position is one
/// vector of `LANES` channels, `kh * kw` multiply-adds of whole vectors, and the result
/// transposed back into the planes. A plane of 7 x 7 or 14 x 14 leaves vectors along
/// its rows mostly empty and pays per-plane setup for a few dozen outputs: MobileNetV2's
/// 14 x 14 and 7 x 7 depthwise layers took 2-8 times onnxruntime's time that way.
/// Parts take ranges of `(batch, channel block)`s.
///
/// # Safety
/// As [`run`], on a filter packed for the depthwise path with `groups == c == m`.
#[inline(always)]
unsafe fn depthwise_blocked<K: Kern<E = f32>>(job: &Job) {
    let s = job.s;
    let l = K::LANES;
    let nblk = s.c.div_ceil(l);
    let units = s.n * nblk;
    let (u0, u1) = (job.share(units, job.part), job.share(units, job.part + 1));
    if u0 >= u1 {
        return;
    }
    let khw = s.kh * s.kw;
    let (hw, p) = (s.h * s.w, s.oh * s.ow);
    // The padded extent the outputs read (`oh, ow >= 1`: the output is not empty).
    let hp = (s.oh - 1) * s.stride[0] + (s.kh.max(1) - 1) * s.dilation[0] + 1;
    let wp = (s.ow - 1) * s.stride[1] + (s.kw.max(1) - 1) * s.dilation[1] + 1;
    let (tin_len, tout_len, w_len) = (hp * wp * l, p * l, khw * l);
    let mut scratch = Scratch::take(&PACK, (tin_len + tout_len + w_len + 2 * l * l) * 4);
    let tin = scratch.ptr::<f32>();
    // SAFETY: the scratch holds the padded input, the output, the weights, then two
    // `l x l` staging blocks.
    let (tout, wbuf, stage) = unsafe {
        (
            tin.add(tin_len),
            tin.add(tin_len + tout_len),
            tin.add(tin_len + tout_len + w_len),
        )
    };
    // Padded columns `x0..x1` hold input columns `0..x1 - x0`.
    let x0 = s.pad[1].min(wp);
    let x1 = (s.pad[1] + s.w).min(wp);
    let filter = &job.filter.data;
    // Tap `t`'s offset in `tin` from its output's first tap.
    let taps: Vec<usize> = (0..khw)
        .map(|t| (t / s.kw * s.dilation[0] * wp + t % s.kw * s.dilation[1]) * l)
        .collect();
    for u in u0..u1 {
        let (b, c0) = (u / nblk, u % nblk * l);
        let nl = l.min(s.c - c0);
        // SAFETY: channel `b * c + c0 < n * c` of the input and the output (m == c).
        let (inp, out) = unsafe {
            (
                job.input.add((b * s.c + c0) * hw),
                job.out.add((b * s.c + c0) * p),
            )
        };
        // Tap `t`'s weights of the block's channels, zero past `nl`.
        let f = filter[c0 * khw..].as_ptr();
        for i in 0..l {
            for t in 0..khw {
                // SAFETY: `t * l + i < w_len`; the filter is `[m][1][kh][kw]`, and
                // channel `c0 + i < c` for `i < nl`.
                unsafe { *wbuf.add(t * l + i) = if i < nl { *f.add(i * khw + t) } else { 0.0 } };
            }
        }
        for yy in 0..hp {
            // SAFETY: padded row `yy < hp` is `wp * l` f32s at `yy * wp * l` in `tin`.
            let row = unsafe { tin.add(yy * wp * l) };
            let iy = yy.wrapping_sub(s.pad[0]);
            // SAFETY: as above; columns `0..x0` and `x1..wp` of it.
            unsafe {
                if iy >= s.h {
                    zero_vecs::<K>(row, wp * l);
                    continue;
                }
                zero_vecs::<K>(row, x0 * l);
                zero_vecs::<K>(row.add(x1 * l), (wp - x1) * l);
            }
            let n = x1 - x0;
            let mut x = 0;
            while x < n {
                let cnt = l.min(n - x);
                // SAFETY: channels `0..nl` of the block, input row `iy < h`, columns
                // `x..x + cnt <= n <= w`; padded positions `x0 + x..+ cnt <= wp`.
                unsafe {
                    transpose_part::<K>(
                        inp.add(iy * s.w + x),
                        hw,
                        nl,
                        cnt,
                        row.add((x0 + x) * l),
                        l,
                        stage,
                    )
                };
                x += cnt;
            }
        }
        for y in 0..s.oh {
            let mut x = 0;
            while x < s.ow {
                let at = (y * s.stride[0] * wp + x * s.stride[1]) * l;
                let step = s.stride[1] * l;
                // SAFETY: tap `t` of output `(y, x + i)` is padded position `(y *
                // stride[0] + ky * dilation[0], (x + i) * stride[1] + kx *
                // dilation[1])`, inside the padded extent `hp x wp` for `x + i < ow`;
                // output positions `y * ow + x + i < p` of `tout`.
                unsafe {
                    let (src, dst) = (tin.add(at), tout.add((y * s.ow + x) * l));
                    x += match s.ow - x {
                        DW_BLOCKED_X.. => {
                            dw_blocked_taps::<K, DW_BLOCKED_X>(src, step, &taps, wbuf, dst)
                        }
                        4.. => dw_blocked_taps::<K, 4>(src, step, &taps, wbuf, dst),
                        2.. => dw_blocked_taps::<K, 2>(src, step, &taps, wbuf, dst),
                        _ => dw_blocked_taps::<K, 1>(src, step, &taps, wbuf, dst),
                    };
                }
            }
        }
        let mut q = 0;
        while q < p {
            let cnt = l.min(p - q);
            // SAFETY: positions `q..q + cnt <= p` of `tout` (all `l` lanes); output
            // channels `0..nl` of the block, positions `q..q + cnt`.
            unsafe { transpose_part::<K>(tout.add(q * l), l, cnt, nl, out.add(q), p, stage) };
            q += cnt;
        }
        // SAFETY: the block's `nl` planes are final and this part's.
        unsafe { job.finish((b * s.c + c0) * p, (b * s.c + c0 + nl) * p) };
    }
}

/// Transposes rows `0..rows` x columns `0..cols` (each at most `LANES`) of `src`
/// into `dst` (`dst[j * ldd + i] = src[i * lds + j]`, `cols` rows of `rows`): one
/// block transpose when whole, else through `stage` with masked loads and stores, so
/// nothing past the given rows and columns is read or written.
///
/// # Safety
/// `K`'s target features are enabled; `src + i * lds` is valid for reading `cols` f32s
/// for `i < rows`, `dst + j * ldd` for writing `rows` for `j < cols`, and `stage` for
/// writing `2 * LANES * LANES`, all disjoint.
#[inline(always)]
unsafe fn transpose_part<K: Kern<E = f32>>(
    src: *const f32,
    lds: usize,
    rows: usize,
    cols: usize,
    dst: *mut f32,
    ldd: usize,
    stage: *mut f32,
) {
    let l = K::LANES;
    // SAFETY: the contract; the stage's two blocks are `stage..+ l * l` and after.
    unsafe {
        if rows == l && cols == l {
            K::transpose(src, lds, dst, ldd);
            return;
        }
        let out = stage.add(l * l);
        for i in 0..l {
            let v = if i < rows {
                K::load_n(src.add(i * lds), cols)
            } else {
                K::zero()
            };
            K::store(stage.add(i * l), v);
        }
        K::transpose(stage, l, out, l);
        for j in 0..cols {
            K::store_n(dst.add(j * ldd), K::load(out.add(j * l)), rows);
        }
    }
}

/// Outputs along a row that the channel-blocked depthwise path computes at once:
/// independent accumulators that hide the multiply-add latency.
const DW_BLOCKED_X: usize = 8;

/// `X` consecutive output vectors of the channel-blocked depthwise path: output `i` is
/// `sum_t w[t] * at[i * step + taps[t]]`, stored at `dst + i * LANES`; returns `X`.
///
/// # Safety
/// `K`'s target features are enabled; `at + i * step + taps[t]` is valid for reading
/// `LANES` f32s for `i < X`, `w` holds `taps.len() * LANES`, and `dst` is valid for
/// writing `X * LANES`.
#[inline(always)]
unsafe fn dw_blocked_taps<K: Kern<E = f32>, const X: usize>(
    at: *const f32,
    step: usize,
    taps: &[usize],
    w: *const f32,
    dst: *mut f32,
) -> usize {
    // SAFETY: the contract, for each `i < X` and `t < taps.len()`.
    unsafe {
        let mut acc = [K::zero(); X];
        for (t, &off) in taps.iter().enumerate() {
            let wv = K::load(w.add(t * K::LANES));
            for (i, a) in acc.iter_mut().enumerate() {
                *a = K::fma(K::load(at.add(i * step + off)), wv, *a);
            }
        }
        for (i, a) in acc.into_iter().enumerate() {
            K::store(dst.add(i * K::LANES), a);
        }
    }
    X
}

/// Two depthwise output rows of `ow` elements at `dst` and `dst + ow` for a 3x3 filter
/// at row stride and dilation 1: `taps` are the first row's; the second row's are
/// `rw` further (one padded row down), so 4 padded rows x 3 columns of loads feed 18
/// FMAs.
///
/// # Safety
/// As [`dw_row`] with `T = 9` for both rows' taps (each readable for
/// `ow.next_multiple_of(LANES)` f32s), `dst` valid for writing `2 * ow` f32s.
#[inline(always)]
unsafe fn dw_rows2_3x3<K: Kern<E = f32>>(
    taps: &[*const f32],
    w: &[f32],
    rw: usize,
    ow: usize,
    dst: *mut f32,
    spill: *mut f32,
) {
    let src: [*const f32; 3] = [taps[0], taps[1], taps[2]];
    // SAFETY: target features by the caller; `w[t]` is one element.
    let wv: [K::V; 9] = std::array::from_fn(|t| unsafe { K::splat(&w[t]) });
    let mut x = 0;
    while x < ow {
        // The last, partial vector is recomputed as the whole vector ending at `ow`
        // (its overlap gets the same values again): no partial store.
        if ow - x < K::LANES && ow >= K::LANES {
            x = ow - K::LANES;
        }
        // SAFETY: padded rows `r < 4` below the first row's taps are the taps of rows
        // `ky = r` (first output row) and `ky = r - 1` (second), each readable for
        // `x + LANES <= ow.next_multiple_of(LANES)`; features by the caller.
        unsafe {
            let (mut a0, mut a1, mut b0, mut b1) = (K::zero(), K::zero(), K::zero(), K::zero());
            for r in 0..4 {
                for kx in 0..3 {
                    let v = K::load(src[kx].add(r * rw + x));
                    if r < 3 {
                        if kx == 1 {
                            a1 = K::fma(wv[r * 3 + kx], v, a1);
                        } else {
                            a0 = K::fma(wv[r * 3 + kx], v, a0);
                        }
                    }
                    if r >= 1 {
                        if kx == 1 {
                            b1 = K::fma(wv[(r - 1) * 3 + kx], v, b1);
                        } else {
                            b0 = K::fma(wv[(r - 1) * 3 + kx], v, b0);
                        }
                    }
                }
            }
            store_part::<K>(K::add(a0, a1), dst.add(x), ow - x, spill);
            store_part::<K>(K::add(b0, b1), dst.add(ow + x), ow - x, spill);
        }
        x += K::LANES;
    }
}

/// `n` outputs of the depthwise taps at `dst`: `sum_t w[t] * taps[t][i]`.
///
/// # Safety
/// As [`dw_row`] with `ow = n`, any number of taps.
#[inline(always)]
unsafe fn dw_run<K: Kern<E = f32>>(
    taps: &[*const f32],
    w: &[f32],
    n: usize,
    dst: *mut f32,
    spill: *mut f32,
) {
    // SAFETY: this function's contract.
    unsafe {
        match taps.len() {
            9 => dw_row::<K, 9>(taps, w, n, dst, spill),
            1 => dw_row::<K, 1>(taps, w, n, dst, spill),
            _ => dw_row_any::<K>(taps, w, n, dst, spill),
        }
    }
}

/// Zeros `n` elements at `p` in whole vectors: may write up to `LANES - 1` more.
///
/// # Safety
/// `K`'s target features are enabled; `p` is valid for writing
/// `n.next_multiple_of(LANES)` f32s.
#[inline(always)]
unsafe fn zero_vecs<K: Kern<E = f32>>(p: *mut f32, n: usize) {
    let mut i = 0;
    while i < n {
        // SAFETY: `i + LANES <= n.next_multiple_of(LANES)`; features by the caller.
        unsafe { K::store(p.add(i), K::zero()) };
        i += K::LANES;
    }
}

/// The stride-1 case of [`split_row`] for `lp` elements without libc calls (rows are
/// short): `w` row elements after `pad` zeros, zeros after them.
///
/// # Safety
/// `K`'s target features are enabled; `row` is valid for reading `readable >= w` f32s,
/// `dst` for writing `lp + LANES - 1` f32s (whole vectors may run past `lp`), disjoint.
#[inline(always)]
unsafe fn pad_row<K: Kern<E = f32>>(
    row: *const f32,
    w: usize,
    readable: usize,
    pad: usize,
    lp: usize,
    dst: *mut f32,
) {
    if pad >= lp {
        // SAFETY: this function's contract.
        unsafe { zero_vecs::<K>(dst, lp) };
        return;
    }
    let n = w.min(lp - pad);
    // SAFETY: the leading zeros write `0..pad.next_multiple_of(LANES)` (`pad < lp`, so
    // below `lp + LANES - 1`), which the copy then overwrites from `pad`; the copy
    // writes `pad..pad + n` rounded up to whole vectors (below `lp + LANES - 1`) and
    // reads the row's first `n <= w`, rounded up to vectors only within `readable`;
    // the trailing zeros
    // write from `pad + n` whole vectors covering `lp - pad - n`, so below
    // `lp + LANES - 1`.
    unsafe {
        zero_vecs::<K>(dst, pad);
        let d = dst.add(pad);
        let mut i = 0;
        // Whole vectors while the input has them (past `n` they copy elements of
        // later rows, which the trailing zeros or later rows overwrite).
        while i < n && i + K::LANES <= readable {
            K::store(d.add(i), K::load(row.add(i)));
            i += K::LANES;
        }
        while i < n {
            *d.add(i) = *row.add(i);
            i += 1;
        }
        zero_vecs::<K>(d.add(n), lp - pad - n);
    }
}

/// Copies `n` f32s from `src` to `dst`: whole vectors, then one masked (runs are
/// short, and a memcpy call would cost more than the copy).
///
/// # Safety
/// `K`'s target features are enabled; `src` is valid for reading `n` f32s, `dst` for
/// writing `n`, disjoint.
#[inline(always)]
unsafe fn copy_run<K: Kern<E = f32>>(src: *const f32, n: usize, dst: *mut f32) {
    let mut i = 0;
    // SAFETY: `i + LANES <= n`, then the last `n - i < LANES`: within both; features by
    // the caller.
    unsafe {
        while i + K::LANES <= n {
            K::store(dst.add(i), K::load(src.add(i)));
            i += K::LANES;
        }
        if i < n {
            K::store_n(dst.add(i), K::load_n(src.add(i), n - i), n - i);
        }
    }
}

/// Splits an input row into its `stride[1]` phases of `lp` elements, phase `q` at `dst +
/// q * ps`: element `i` is padded position `q + stride[1] * i`, i.e. input column `q +
/// stride[1] * i - pad[1]`, zero outside `0..w`.
///
/// # Safety
/// `row` is valid for reading `w` f32s; `ps >= lp`, and `dst` is valid for writing
/// `(stride[1] - 1) * ps + lp` f32s.
#[inline(always)]
unsafe fn split_row(s: &Conv2d, row: *const f32, lp: usize, ps: usize, dst: *mut f32) {
    let (sw, pw, w) = (s.stride[1], s.pad[1], s.w);
    if sw == 2 {
        // Both phases in one pass where both read the row: padded positions `2 * i`
        // and `2 * i + 1` in `pw..pw + w`, i.e. `i` in `i0..i1`.
        let i0 = pw.div_ceil(2).min(lp);
        let i1 = if pw + w >= 2 { (pw + w - 2) / 2 + 1 } else { 0 }.clamp(i0, lp);
        // Padded position `t`, zero outside the row.
        let at = |t: usize| {
            if t >= pw && t - pw < w {
                // SAFETY: `t - pw < w`: in the row.
                unsafe { *row.add(t - pw) }
            } else {
                0.0
            }
        };
        // SAFETY: the phases are `dst..+ lp` and `dst + ps..+ lp`, disjoint; for `i` in
        // `i0..i1` the row's columns `2 * i - pw` and `2 * i + 1 - pw` are below `w`.
        unsafe {
            let d0 = std::slice::from_raw_parts_mut(dst, lp);
            let d1 = std::slice::from_raw_parts_mut(dst.add(ps), lp);
            let src = std::slice::from_raw_parts(row.add(2 * i0).sub(pw), 2 * (i1 - i0));
            for i in (0..i0).chain(i1..lp) {
                d0[i] = at(2 * i);
                d1[i] = at(2 * i + 1);
            }
            for ((x0, x1), pair) in d0[i0..i1]
                .iter_mut()
                .zip(&mut d1[i0..i1])
                .zip(src.chunks_exact(2))
            {
                *x0 = pair[0];
                *x1 = pair[1];
            }
        }
        return;
    }
    for q in 0..sw {
        // Elements `i` in `a..b` read input column `q + sw * i - pw` in `0..w`.
        let a = if q >= pw { 0 } else { (pw - q).div_ceil(sw) }.min(lp);
        let b = if w + pw > q {
            (w + pw - q - 1) / sw + 1
        } else {
            0
        }
        .clamp(a, lp);
        // SAFETY: phase `q` is `dst + q * ps..+ lp`; `a <= b <= lp`; the reads are
        // columns `q + sw * i - pw < w` for `i < b`.
        unsafe {
            let d = dst.add(q * ps);
            zero(d, a);
            if a < b {
                gather(row.add(q + sw * a - pw), sw, b - a, d.add(a));
            }
            zero(d.add(b), lp - b);
        }
    }
}

/// One depthwise output row of `ow` elements at `dst`: `sum_t w[t] * taps[t][x]`, for
/// exactly `T` taps (kept in registers).
///
/// # Safety
/// `K`'s target features are enabled; `taps.len() == w.len() == T`; each tap is valid
/// for reading `ow.next_multiple_of(LANES)` f32s; `dst` for writing `ow`; `spill` for
/// `LANES`.
#[inline(always)]
unsafe fn dw_row<K: Kern<E = f32>, const T: usize>(
    taps: &[*const f32],
    w: &[f32],
    ow: usize,
    dst: *mut f32,
    spill: *mut f32,
) {
    let src: [*const f32; T] = std::array::from_fn(|t| taps[t]);
    // SAFETY: target features by the caller; `w[t]` is one element.
    let wv: [K::V; T] = std::array::from_fn(|t| unsafe { K::splat(&w[t]) });
    let l = K::LANES;
    let mut x = 0;
    // Two vectors at a time, each summed in 3 partial chains: short FMA dependency
    // chains, so a row of few vectors does not wait on FMA latency.
    while x + 2 * l <= ow {
        // SAFETY: target features by the caller; each tap holds `x + 2 * LANES <= ow`
        // elements; `dst` holds `ow`.
        unsafe {
            let mut a = [K::zero(); 3];
            let mut b = [K::zero(); 3];
            for t in 0..T {
                a[t % 3] = K::fma(wv[t], K::load(src[t].add(x)), a[t % 3]);
                b[t % 3] = K::fma(wv[t], K::load(src[t].add(x + l)), b[t % 3]);
            }
            K::store(dst.add(x), K::add(K::add(a[0], a[1]), a[2]));
            K::store(dst.add(x + l), K::add(K::add(b[0], b[1]), b[2]));
        }
        x += 2 * l;
    }
    while x < ow {
        // The last, partial vector is recomputed as the whole vector ending at `ow`
        // (its overlap gets the same values again): no partial store.
        if ow - x < K::LANES && ow >= K::LANES {
            x = ow - K::LANES;
        }
        // SAFETY: target features by the caller; each tap holds `x + LANES <=
        // ow.next_multiple_of(LANES)` elements.
        unsafe {
            let mut a = [K::zero(); 3];
            for t in 0..T {
                a[t % 3] = K::fma(wv[t], K::load(src[t].add(x)), a[t % 3]);
            }
            store_part::<K>(K::add(K::add(a[0], a[1]), a[2]), dst.add(x), ow - x, spill);
        }
        x += l;
    }
}

/// [`dw_row`] for any number of taps.
///
/// # Safety
/// As [`dw_row`] with `T = taps.len()`.
#[inline(always)]
unsafe fn dw_row_any<K: Kern<E = f32>>(
    taps: &[*const f32],
    w: &[f32],
    ow: usize,
    dst: *mut f32,
    spill: *mut f32,
) {
    let mut x = 0;
    while x < ow {
        // The last, partial vector is recomputed as the whole vector ending at `ow`
        // (its overlap gets the same values again): no partial store.
        if ow - x < K::LANES && ow >= K::LANES {
            x = ow - K::LANES;
        }
        // SAFETY: as in `dw_row`.
        unsafe {
            let mut acc = K::zero();
            for (t, wt) in taps.iter().zip(w) {
                acc = K::fma(K::splat(wt), K::load(t.add(x)), acc);
            }
            store_part::<K>(acc, dst.add(x), ow - x, spill);
        }
        x += K::LANES;
    }
}

/// Stores the first `min(n, LANES)` lanes of `v` at `dst`.
///
/// # Safety
/// `K`'s target features are enabled; `dst` is valid for writing `min(n, LANES)`
/// f32s, `spill` for `LANES`.
#[inline(always)]
unsafe fn store_part<K: Kern<E = f32>>(v: K::V, dst: *mut f32, n: usize, spill: *mut f32) {
    // SAFETY: this function's contract.
    unsafe {
        if n >= K::LANES {
            K::store(dst, v);
        } else {
            K::store(spill, v);
            for i in 0..n {
                *dst.add(i) = *spill.add(i);
            }
        }
    }
}
