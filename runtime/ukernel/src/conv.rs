//! f32 2-d convolution over NCHW tensors (ONNX Conv's meaning; a 1-d conv is a 2-d
//! one with `h = kh = oh = 1`), called by the JIT-compiled CPU backend for
//! `kernel.conv` stages.
//!
//! The filter is prepared once, when the kernel is loaded ([`pack_filter`]); each
//! call computes one of [`parts`] disjoint shares of the output, so the caller splits
//! the work over its threads, and reports finished ranges of the output to an
//! optional fused epilogue, as the matmul entry points do.
//!
//! This first version is a plain direct loop: the contract, not the speed.

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
        if self.groups == 0 || self.c % self.groups != 0 || self.m % self.groups != 0 {
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

/// A filter prepared for one geometry and ISA path (its layout is the kernel's own).
pub struct PackedFilter {
    conv: Conv2d,
    isa: Isa,
    data: Vec<f32>,
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

/// Prepares `filter` (`[m, c / groups, kh, kw]`, `s.filter_len()` elements) for
/// [`conv2d_f32`] on `isa`. Panics if `s.check()` fails, `filter` has another length or
/// the machine cannot run `isa`.
pub fn pack_filter(isa: Isa, s: &Conv2d, filter: &[f32]) -> PackedFilter {
    s.check().expect("conv geometry");
    assert_eq!(filter.len(), s.filter_len(), "conv filter length");
    assert!(isa.is_supported(), "ISA path {isa:?} not supported here");
    PackedFilter {
        conv: *s,
        isa,
        data: filter.to_vec(),
    }
}

/// Into how many parts [`conv2d_f32`] splits `s`'s output for `threads` threads: at
/// least 1, and 1 where splitting would not pay.
pub fn parts(s: &Conv2d, threads: usize) -> usize {
    let rows = s.n * s.m;
    let work = s.output_len() as u64 * (s.c / s.groups.max(1) * s.kh * s.kw) as u64;
    if work < 1 << 15 {
        return 1;
    }
    threads.clamp(1, rows.max(1))
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
    let rows = s.n * s.m;
    let plane = s.oh * s.ow;
    let (r0, r1) = (rows * part / parts, rows * (part + 1) / parts);
    let cg = s.c / s.groups;
    let mg = s.m / s.groups;
    for r in r0..r1 {
        let (b, o) = (r / s.m, r % s.m);
        let g = o / mg;
        for y in 0..s.oh {
            for x in 0..s.ow {
                let mut acc = 0f32;
                for ci in 0..cg {
                    let ch = g * cg + ci;
                    for ky in 0..s.kh {
                        let iy =
                            (y * s.stride[0] + ky * s.dilation[0]) as isize - s.pad[0] as isize;
                        if iy < 0 || iy >= s.h as isize {
                            continue;
                        }
                        for kx in 0..s.kw {
                            let ix =
                                (x * s.stride[1] + kx * s.dilation[1]) as isize - s.pad[1] as isize;
                            if ix < 0 || ix >= s.w as isize {
                                continue;
                            }
                            let wv = filter.data[((o * cg + ci) * s.kh + ky) * s.kw + kx];
                            let at = ((b * s.c + ch) * s.h + iy as usize) * s.w + ix as usize;
                            // SAFETY: `b < n`, `ch < c`, `iy < h`, `ix < w`: within the
                            // input's `input_len()` elements.
                            acc += wv * unsafe { *input.add(at) };
                        }
                    }
                }
                // SAFETY: `r < n * m`, `y < oh`, `x < ow`: within the output, in this
                // part's rows.
                unsafe { *out.add(r * plane + y * s.ow + x) = acc };
            }
        }
        if let Some(f) = epilogue {
            if plane > 0 {
                // SAFETY: row `r` of the output is final; the caller promised the
                // epilogue is sound on finished ranges.
                unsafe { f(ctx, r * plane, (r + 1) * plane) };
            }
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
