//! f32 max and average pooling over NCHW tensors (ONNX MaxPool / AveragePool; a 1-d
//! pool is a 2-d one with `h = kh = oh = 1`), called by the JIT-compiled CPU backend.
//!
//! # Method
//! Pooling windows are products of a row range and a column range, so both reductions
//! are separable: each input row a part needs is first reduced along `kx` into a row of
//! `ow` partial results (kept in a ring of `(kh - 1) * dilation[0] + 1` rows, so rows
//! shared by consecutive output rows are reduced once), then output rows reduce those
//! along `ky`. For the horizontal step an input row is copied once into contiguous
//! scratch, split into its `stride[1]` phases with padding filled in (`-inf` for max,
//! `0` for sums), so that every `kx` tap is a contiguous vector load at any stride
//! (stride 2 deinterleaves with vector permutes).
//!
//! # Exactness
//! Max keeps, as the reference fold `m = if v > m { v } else { m }` from `-inf` does,
//! the first window element (in `ky`-major order) that is not smaller than any other:
//! NaN is skipped and a window of only padding or NaN gives `-inf`. Every combining step
//! here is `later > earlier ? later : earlier` on adjacent ordered groups (x86
//! `max_ps(later, earlier)`, which returns its second operand when either is NaN), so
//! the separable order gives the same bits. Averages sum in f32 (row sums, then the sum
//! of rows) and divide by the window's count, `0 / 0 = NaN` for a window with no
//! element counted.
//!
//! # Work split
//! Parts take contiguous ranges of the `n * c * oh` output rows.

use crate::scratch::{Scratch, PACK};
use crate::simd::{run_on, sum_vectors, Vf, VfKernel};
use crate::Isa;

/// Max or average.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PoolKind {
    /// The largest element of the window, NaN skipped (`-inf` if none).
    Max,
    /// The mean of the window.
    Avg {
        /// Divide by the window's size within the padded extent (`pad` before,
        /// `pad_end` after) instead of its number of input elements.
        count_include_pad: bool,
    },
}

/// Input [n, c, h, w], output [n, c, oh, ow], row-major f32. A 1-d pool is h = kh = oh = 1.
///
/// Output `(b, ch, y, x)` pools input positions `(y * stride[0] - pad[0] + ky *
/// dilation[0], x * stride[1] - pad[1] + kx * dilation[1])` for `ky < kh`, `kx < kw`
/// that lie in `[0, h) x [0, w)` (the others are padding; with ceil mode the caller
/// gives larger `oh`, `ow`, so windows may reach past the end).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pool2d {
    /// Batch.
    pub n: usize,
    /// Channels.
    pub c: usize,
    /// Input height.
    pub h: usize,
    /// Input width.
    pub w: usize,
    /// Window height.
    pub kh: usize,
    /// Window width.
    pub kw: usize,
    /// Output height.
    pub oh: usize,
    /// Output width.
    pub ow: usize,
    /// Strides (rows, columns), at least 1.
    pub stride: [usize; 2],
    /// Dilations (rows, columns), at least 1.
    pub dilation: [usize; 2],
    /// Padding before the first row and column.
    pub pad: [usize; 2],
    /// Padding after the last row and column (only count_include_pad reads it).
    pub pad_end: [usize; 2],
    /// Max or average.
    pub kind: PoolKind,
}

impl Pool2d {
    /// Whether the geometry is one this module computes; the message says why not.
    pub fn check(&self) -> Result<(), String> {
        if self.stride.contains(&0) || self.dilation.contains(&0) {
            return Err("pool: a stride or dilation of 0".into());
        }
        if self.kh == 0 || self.kw == 0 {
            return Err("pool: an empty window".into());
        }
        let sizes = [
            [self.n, self.c, self.h, self.w],
            [self.n, self.c, self.oh, self.ow],
        ];
        for s in sizes {
            if s.iter()
                .try_fold(1usize, |a, &d| a.checked_mul(d))
                .and_then(|x| x.checked_mul(4))
                .is_none()
            {
                return Err("pool: a tensor size overflows".into());
            }
        }
        // Window positions in padded coordinates, and the scratch sizes they imply.
        for i in 0..2 {
            let (o, k) = ([self.oh, self.ow][i], [self.kh, self.kw][i]);
            let (size, pe) = ([self.h, self.w][i], self.pad_end[i]);
            let far = o
                .checked_mul(self.stride[i])
                .and_then(|a| (k - 1).checked_mul(self.dilation[i])?.checked_add(a))
                .and_then(|a| a.checked_add(self.pad[i] + 64))
                .and_then(|a| a.checked_add(size)?.checked_add(pe));
            if far.is_none_or(|f| f > isize::MAX as usize / 64) {
                return Err("pool: window positions overflow".into());
            }
        }
        Ok(())
    }

    /// Input elements.
    pub fn input_len(&self) -> usize {
        self.n * self.c * self.h * self.w
    }

    /// Output elements.
    pub fn output_len(&self) -> usize {
        self.n * self.c * self.oh * self.ow
    }
}

/// Parts worth splitting the output into for `threads` threads (>= 1; 1 for small work).
///
/// `threads` (at most the number of output rows) once the input and output together
/// hold at least 32K elements or the windows read that many; 1 below.
pub fn parts(s: &Pool2d, threads: usize) -> usize {
    if s.check().is_err() {
        return 1;
    }
    let reads = (s.output_len() as u64).saturating_mul((s.kh * s.kw) as u64);
    let work = (s.input_len() as u64 + s.output_len() as u64).max(reads);
    if work < 1 << 15 {
        return 1;
    }
    threads.clamp(1, (s.n * s.c * s.oh).max(1))
}

/// Computes part `part` of `parts` (any parts >= 1) of the pool into `out`, overwriting
/// it; parts write disjoint elements, together all of them. Runs on [`Isa::best`].
///
/// # Safety
/// `input` valid for `s.input_len()` reads, `out` for `s.output_len()` writes, `part <
/// parts`, no other access to this part's elements meanwhile; `s.check()` passes.
/// Pointers are aligned for f32 (a region of no element may come with any pointer).
pub unsafe fn pool2d_f32(s: &Pool2d, input: *const f32, out: *mut f32, part: usize, parts: usize) {
    // SAFETY: this function's contract is the `_isa` variant's; `Isa::best()` is
    // supported.
    unsafe { pool2d_f32_isa(Isa::best(), s, input, out, part, parts) }
}

/// [`pool2d_f32`] on a forced ISA path (tests, benchmarks). Panics if the machine does
/// not support `isa`, `s.check()` fails or `part >= parts`.
///
/// # Safety
/// As [`pool2d_f32`].
pub unsafe fn pool2d_f32_isa(
    isa: Isa,
    s: &Pool2d,
    input: *const f32,
    out: *mut f32,
    part: usize,
    parts: usize,
) {
    s.check().expect("pool geometry");
    assert!(part < parts, "pool part {part} of {parts}");
    assert!(isa.is_supported(), "ISA path {isa:?} not supported here");
    let job = Job {
        s,
        input,
        out,
        part,
        parts,
    };
    // SAFETY: `job` holds this function's operands, valid by its contract, which is
    // `Job::run`'s; the assert above checked that the machine supports `isa`.
    unsafe { run_on(isa, &job) }
}

/// Safe, bounds-checked: all parts in turn (tests).
pub fn pool2d(s: &Pool2d, input: &[f32], out: &mut [f32]) {
    pool2d_parts(Isa::best(), s, input, out, parts(s, 1));
}

/// Safe, bounds-checked: parts `0..parts` in turn on `isa` (tests, benchmarks). Panics
/// if a slice is shorter than the geometry needs, `parts == 0`, `s.check()` fails or the
/// machine does not support `isa`.
pub fn pool2d_parts(isa: Isa, s: &Pool2d, input: &[f32], out: &mut [f32], parts: usize) {
    s.check().expect("pool geometry");
    assert!(input.len() >= s.input_len() && out.len() >= s.output_len());
    assert!(parts >= 1, "pool: 0 parts");
    for i in 0..parts {
        // SAFETY: the slices hold the lengths checked above; one part at a time.
        unsafe { pool2d_f32_isa(isa, s, input.as_ptr(), out.as_mut_ptr(), i, parts) };
    }
}

/// One call's operands.
struct Job<'a> {
    s: &'a Pool2d,
    input: *const f32,
    out: *mut f32,
    part: usize,
    parts: usize,
}

/// The number of `k < taps` with `o * s - pad + k * dil` in `0..size` (`include_pad`:
/// with `o * s + k * dil < pad + size + pad_end`).
fn count(
    o: usize,
    taps: usize,
    s: usize,
    dil: usize,
    pad: usize,
    size: usize,
    pad_end: usize,
    include_pad: bool,
) -> usize {
    (0..taps)
        .filter(|&k| {
            let t = o * s + k * dil;
            if include_pad {
                t < pad + size + pad_end
            } else {
                t >= pad && t - pad < size
            }
        })
        .count()
}

impl VfKernel for Job<'_> {
    /// Runs this job on vectors `K`.
    ///
    /// # Safety
    /// The job holds operands valid as [`pool2d_f32`] requires (geometry checked); `K`'s
    /// target features are enabled.
    #[inline(always)]
    unsafe fn run<K: Vf>(&self) {
        let job = self;
        let s = job.s;
        let units = s.n * s.c * s.oh;
        let share = |i: usize| (units as u128 * i as u128 / job.parts as u128) as usize;
        let (lo, hi) = (share(job.part), share(job.part + 1));
        if lo >= hi || s.ow == 0 {
            return;
        }
        let l = K::L;
        let max = s.kind == PoolKind::Max;
        let include_pad = matches!(
            s.kind,
            PoolKind::Avg {
                count_include_pad: true
            }
        );
        if !max
            && s.oh == 1
            && s.ow == 1
            && s.pad == [0, 0]
            && s.dilation == [1, 1]
            && s.kh >= s.h
            && s.kw >= s.w
        {
            // A global average: each window is its whole, contiguous plane.
            let cnt = count(0, s.kh, 1, 1, 0, s.h, s.pad_end[0], include_pad)
                * count(0, s.kw, 1, 1, 0, s.w, s.pad_end[1], include_pad);
            let plane = s.h * s.w;
            for p in lo..hi {
                // SAFETY: plane `p < n * c` is `plane` f32s of the input from `p *
                // plane`; output element `p` is this part's.
                unsafe {
                    let sum = sum_run::<K>(job.input.add(p * plane), plane);
                    *job.out.add(p) = sum / cnt as f32;
                }
            }
            return;
        }
        let padv = if max { f32::NEG_INFINITY } else { 0.0 };
        let (sh, sw) = (s.stride[0], s.stride[1]);
        let (dh, dw) = (s.dilation[0], s.dilation[1]);
        let (ph, pw) = (s.pad[0], s.pad[1]);
        let ow = s.ow;
        let owv = ow.next_multiple_of(l);
        // Phase lengths: horizontal taps read phase elements `x + (kx * dw) / sw` for
        // `x < owv`.
        let lp = owv + (s.kw - 1) * dw / sw;
        // Phase stride: `L` of slack after each phase for whole vectors that run past it.
        let ps = lp + l;
        let tap_off: Vec<usize> = (0..s.kw)
            .map(|kx| (kx * dw % sw) * ps + kx * dw / sw)
            .collect();
        // Ring of horizontally reduced rows: slot `iy % ring` holds row `iy` if its tag says so.
        let ring = ((s.kh - 1) * dh + 1).min(s.h).max(1);
        let mut tags = vec![usize::MAX; ring];
        let phases_len = sw * ps;
        let total = phases_len + ring * owv + owv + l;
        let mut scratch = Scratch::take(&PACK, total * 4);
        let phases = scratch.ptr::<f32>();
        // SAFETY: the scratch holds `total` f32s: phases, ring, counts, spill.
        let (ring_buf, cx, spill) = unsafe {
            let r = phases.add(phases_len);
            let c = r.add(ring * owv);
            (r, c, c.add(owv))
        };
        if !max {
            for x in 0..owv {
                let n = count(x, s.kw, sw, dw, pw, s.w, s.pad_end[1], include_pad);
                // SAFETY: `x < owv`: in the counts.
                unsafe { *cx.add(x) = n as f32 };
            }
        }
        let plane_in = s.h * s.w;
        let in_len = s.input_len();
        let mut rows: Vec<*const f32> = Vec::with_capacity(s.kh);
        let mut u = lo;
        while u < hi {
            let plane = u / s.oh;
            let (ya, yb) = (u % s.oh, (hi - plane * s.oh).min(s.oh));
            tags.fill(usize::MAX);
            for y in ya..yb {
                rows.clear();
                for ky in 0..s.kh {
                    let t = y * sh + ky * dh;
                    if t < ph || t - ph >= s.h {
                        continue;
                    }
                    let iy = t - ph;
                    let slot = iy % ring;
                    // SAFETY: slot `< ring`: in the ring.
                    let dst = unsafe { ring_buf.add(slot * owv) };
                    if tags[slot] != iy {
                        tags[slot] = iy;
                        // SAFETY: row `iy < h` of plane `plane < n * c` is in the input
                        // (`w` elements from `at = (plane * h + iy) * w`, and the input
                        // holds `input_len - at` from there); the phases hold `sw * ps`
                        // f32s and `dst` `owv`, disjoint scratch.
                        unsafe {
                            let at = plane * plane_in + iy * s.w;
                            let src = job.input.add(at);
                            // The row after next, while this one is split (the address is
                            // only a hint: it may lie past the input).
                            let ahead = src.wrapping_add(2 * s.w);
                            let mut c = 0;
                            while c < s.w {
                                K::prefetch(ahead.wrapping_add(c));
                                c += 16;
                            }
                            split::<K>(src, s.w, in_len - at, sw, pw, lp, ps, padv, phases);
                            hreduce::<K>(phases, &tap_off, owv, max, dst);
                        }
                    }
                    rows.push(dst);
                }
                let cy = if max {
                    0.0
                } else {
                    count(y, s.kh, sh, dh, ph, s.h, s.pad_end[0], include_pad) as f32
                };
                // SAFETY: output row `y` of `plane` is this part's (`plane * oh + y` in
                // `lo..hi`), `ow` elements; the rows hold `owv`; counts `owv`; spill `L`.
                unsafe {
                    let dst = job.out.add((plane * s.oh + y) * ow);
                    vreduce::<K>(&rows, ow, max, padv, cx, cy, dst, spill);
                }
            }
            u = plane * s.oh + yb;
        }
    }
}

/// Writes padded row position `q + sw * i` (input column `q + sw * i - pw`, `padv`
/// outside `0..w`) to `dst[q * ps + i]` for `q < sw`, `i < lp`; may write garbage to
/// `dst[q * ps + i]` for `i` in `lp..ps`.
///
/// # Safety
/// `K`'s features are enabled; `ps >= lp + L`; `src` is valid for reading `readable >=
/// w` f32s (whole vectors may read past the row while they stay within `readable`),
/// `dst` for writing `sw * ps`, disjoint.
#[inline(always)]
unsafe fn split<K: Vf>(
    src: *const f32,
    w: usize,
    readable: usize,
    sw: usize,
    pw: usize,
    lp: usize,
    ps: usize,
    padv: f32,
    dst: *mut f32,
) {
    // Elements `i` in `a..b` of phase `q` read the input (`q + sw * i - pw` in `0..w`).
    let range = |q: usize| {
        let a = if q >= pw { 0 } else { (pw - q).div_ceil(sw) }.min(lp);
        let b = if w + pw > q {
            (w + pw - q - 1) / sw + 1
        } else {
            0
        }
        .clamp(a, lp);
        (a, b)
    };
    let l = K::L;
    // First whole vectors of the elements that read the input (they may run past `b`
    // into elements the fills below rewrite), then single edge elements, then the fills.
    if sw == 1 {
        let (a, b) = range(0);
        let mut i = a;
        // SAFETY: element `i` reads column `i - pw`; a vector reads `i - pw..+ L`, within
        // `readable` by the loop condition, and writes `i..i + L <= b + L - 1 < ps`;
        // single elements stay below `b` (columns below `w`).
        unsafe {
            while i < b && i - pw + l <= readable {
                K::store(dst.add(i), K::load(src.add(i - pw)));
                i += l;
            }
            while i < b {
                *dst.add(i) = *src.add(i - pw);
                i += 1;
            }
        }
    } else if sw == 2 {
        // Both phases at once: elements `i` in `a..b` of both read the input.
        let ((a0, b0), (a1, b1)) = (range(0), range(1));
        let (a, b) = (a0.max(a1), b0.min(b1).max(a0.max(a1)));
        // SAFETY: for `i` in `a..b`, input columns `2 * i - pw` and `2 * i + 1 - pw` are
        // in `0..w`; the vector loop reads columns `2 * i - pw..+ 2 L` within `readable`
        // (its condition) and writes `i..i + L <= b + L - 1 < ps` of both phases
        // (`dst..` and `dst + ps..`). The edge elements, one by one, are those of phase
        // `q`'s own range `aq..bq` outside `a..i`, so their columns are below `w`.
        unsafe {
            let (d0, d1) = (dst, dst.add(ps));
            let mut i = a;
            while i < b && 2 * i - pw + 2 * l <= readable {
                let p = src.add(2 * i - pw);
                let (e, o) = K::deint(K::load(p), K::load(p.add(l)));
                K::store(d0.add(i), e);
                K::store(d1.add(i), o);
                i += l;
            }
            let i = i.min(b);
            for j in (a0..a.min(b0)).chain(i.max(a0)..b0) {
                *d0.add(j) = *src.add(2 * j - pw);
            }
            for j in (a1..a.min(b1)).chain(i.max(a1)..b1) {
                *d1.add(j) = *src.add(2 * j + 1 - pw);
            }
        }
    } else {
        for q in 0..sw {
            let (a, b) = range(q);
            for i in a..b {
                // SAFETY: `q + sw * i - pw < w` for `i` in `a..b`; `i < lp <= ps`.
                unsafe { *dst.add(q * ps + i) = *src.add(q + sw * i - pw) };
            }
        }
    }
    for q in 0..sw {
        let (a, b) = range(q);
        // SAFETY: phase `q` is `dst + q * ps..+ ps`; `a <= b <= lp <= ps`.
        unsafe {
            let d = dst.add(q * ps);
            fill::<K>(d, a, padv);
            fill::<K>(d.add(b), lp - b, padv);
        }
    }
}

/// Writes `v` to `n` elements at `p`.
///
/// # Safety
/// `K`'s features are enabled; `p` is valid for writing `n` f32s.
#[inline(always)]
unsafe fn fill<K: Vf>(p: *mut f32, n: usize, v: f32) {
    let mut i = 0;
    // SAFETY: `i + L <= n`, then `i < n`; features by the caller.
    unsafe {
        let vv = K::splat(v);
        while i + K::L <= n {
            K::store(p.add(i), vv);
            i += K::L;
        }
        while i < n {
            *p.add(i) = v;
            i += 1;
        }
    }
}

/// The sum of `n` f32s at `p` (in 4 vector accumulators, then lanes in order).
///
/// # Safety
/// `K`'s features are enabled; `p` is valid for reading `n` f32s.
#[inline(always)]
unsafe fn sum_run<K: Vf>(p: *const f32, n: usize) -> f32 {
    let mut lanes = [0f32; 16];
    // SAFETY: `p` is valid for reading `n` f32s (`sum_vectors`' contract), single reads
    // `i < n`; `lanes` holds `L <= 16` f32s; features by the caller.
    unsafe {
        let (v, mut i) = sum_vectors::<K>(p, n);
        K::store(lanes.as_mut_ptr(), v);
        let mut sum: f32 = lanes[..K::L].iter().sum();
        while i < n {
            sum += *p.add(i);
            i += 1;
        }
        sum
    }
}

/// `dst[x] = reduce over kx of phases[tap_off[kx] + x]` for `x < owv` (max in tap order,
/// or sum).
///
/// # Safety
/// `K`'s features are enabled; `owv` is a multiple of `L`; `phases + tap_off[kx]` is
/// valid for reading `owv` f32s for each tap; `dst` for writing `owv`, disjoint.
#[inline(always)]
unsafe fn hreduce<K: Vf>(
    phases: *const f32,
    tap_off: &[usize],
    owv: usize,
    max: bool,
    dst: *mut f32,
) {
    // SAFETY: each read is `phases + tap_off[kx] + x..+ L` with `x + L <= owv`; each
    // write `dst + x..+ L`; features by the caller.
    unsafe {
        // Max folds start from -inf: a NaN first tap is skipped.
        let ninf = K::splat(f32::NEG_INFINITY);
        match (tap_off.len(), max) {
            (3, true) => {
                let t = [
                    phases.add(tap_off[0]),
                    phases.add(tap_off[1]),
                    phases.add(tap_off[2]),
                ];
                let mut x = 0;
                while x < owv {
                    let m = K::max(K::load(t[0].add(x)), ninf);
                    let m = K::max(K::load(t[1].add(x)), m);
                    K::store(dst.add(x), K::max(K::load(t[2].add(x)), m));
                    x += K::L;
                }
            }
            (2, true) => {
                let t = [phases.add(tap_off[0]), phases.add(tap_off[1])];
                let mut x = 0;
                while x < owv {
                    K::store(
                        dst.add(x),
                        K::max(K::load(t[1].add(x)), K::max(K::load(t[0].add(x)), ninf)),
                    );
                    x += K::L;
                }
            }
            _ => {
                let mut x = 0;
                while x < owv {
                    let mut acc = K::load(phases.add(tap_off[0] + x));
                    if max {
                        acc = K::max(acc, ninf);
                    }
                    for &off in &tap_off[1..] {
                        let v = K::load(phases.add(off + x));
                        acc = if max { K::max(v, acc) } else { K::add(acc, v) };
                    }
                    K::store(dst.add(x), acc);
                    x += K::L;
                }
            }
        }
    }
}

/// One output row of `ow` elements at `dst`: the reduction over `rows` (in order) of
/// their first `ow` elements; averages divide by `cx[x] * cy`. No rows: `padv` for max,
/// `0 / count` for averages.
///
/// # Safety
/// `K`'s features are enabled; each row and `cx` are valid for reading
/// `ow.next_multiple_of(L)` f32s; `dst` for writing `ow`; `spill` for `L`; disjoint.
#[inline(always)]
unsafe fn vreduce<K: Vf>(
    rows: &[*const f32],
    ow: usize,
    max: bool,
    padv: f32,
    cx: *const f32,
    cy: f32,
    dst: *mut f32,
    spill: *mut f32,
) {
    let l = K::L;
    // SAFETY: features by the caller.
    let cyv = unsafe { K::splat(cy) };
    let mut x = 0;
    while x < ow {
        // The last, partial vector is recomputed as the whole vector ending at `ow` (its
        // overlap gets the same values again): no partial store.
        if ow - x < l && ow >= l {
            x = ow - l;
        }
        // SAFETY: `x + L <= ow.next_multiple_of(L)`; features by the caller.
        let v = unsafe { vcol::<K>(rows, x, max, padv, cx, cyv) };
        // SAFETY: `x + L <= ow`, or (`ow < L`) `x = 0` and the spill takes the vector
        // and `ow` elements are copied out.
        unsafe {
            if x + l <= ow {
                K::store(dst.add(x), v);
            } else {
                K::store(spill, v);
                std::ptr::copy_nonoverlapping(spill, dst.add(x), ow - x);
            }
        }
        x += l;
    }
}

/// The reduction of `rows`' vectors at `x` (see [`vreduce`]).
///
/// # Safety
/// `K`'s features are enabled; each row and `cx` are valid for reading `x + L` f32s.
#[inline(always)]
unsafe fn vcol<K: Vf>(
    rows: &[*const f32],
    x: usize,
    max: bool,
    padv: f32,
    cx: *const f32,
    cyv: K::V,
) -> K::V {
    // SAFETY: this function's contract.
    unsafe {
        let mut acc = if let Some(&r) = rows.first() {
            K::load(r.add(x))
        } else {
            K::splat(padv)
        };
        for &r in rows.iter().skip(1) {
            let v = K::load(r.add(x));
            acc = if max { K::max(v, acc) } else { K::add(acc, v) };
        }
        if max {
            acc
        } else {
            K::div(acc, K::mul(K::load(cx.add(x)), cyv))
        }
    }
}
