//! Max and average pooling against a naive loop written as the reference interpreter's
//! (`runtime/reference/src/window/pool.rs`: max folds `if v > m { v } else { m }` from
//! `-inf`; averages sum in f64 and divide by the count rule), on every ISA path this
//! machine has, split into 1, 2, 3 and 7 parts over an output pre-filled with a
//! sentinel. Max must match bit for bit; averages within 1e-6 relative.
#![warn(clippy::undocumented_unsafe_blocks)]

use xir_ukernel::pool::{parts, pool2d, pool2d_f32, pool2d_parts, Pool2d, PoolKind};
use xir_ukernel::Isa;

mod common;
use common::Rng;

impl Rng {
    /// Multiples of 1/16 in [-8, 8): f32 sums of them are exact, so averages are too.
    fn exact(&mut self) -> f32 {
        (self.below(256) as f32 - 128.0) / 16.0
    }
    /// Values with ties, signed zeros, and (if `special`) NaN and infinities.
    fn value(&mut self, special: bool) -> f32 {
        match self.below(if special { 24 } else { 16 }) {
            0 => 0.0,
            1 => -0.0,
            2 => 1.0,
            16 => f32::NAN,
            17 => -f32::NAN,
            18 => f32::INFINITY,
            19 => f32::NEG_INFINITY,
            _ => self.exact(),
        }
    }
    fn vec(&mut self, len: usize, special: bool) -> Vec<f32> {
        (0..len).map(|_| self.value(special)).collect()
    }
}

const KINDS: [PoolKind; 3] = [
    PoolKind::Max,
    PoolKind::Avg {
        count_include_pad: false,
    },
    PoolKind::Avg {
        count_include_pad: true,
    },
];

/// A bit pattern no kernel produces: whatever is left of it was never written.
const SENTINEL: u32 = 0x7FC0_BEEF;

/// The reference's result, element by element.
fn naive(s: &Pool2d, x: &[f32]) -> Vec<f32> {
    let mut y = Vec::with_capacity(s.output_len());
    for p in 0..s.n * s.c {
        for oy in 0..s.oh {
            for ox in 0..s.ow {
                let mut vals = vec![];
                for ky in 0..s.kh {
                    for kx in 0..s.kw {
                        let ty = oy * s.stride[0] + ky * s.dilation[0];
                        let tx = ox * s.stride[1] + kx * s.dilation[1];
                        if ty < s.pad[0] || tx < s.pad[1] {
                            continue;
                        }
                        let (iy, ix) = (ty - s.pad[0], tx - s.pad[1]);
                        if iy < s.h && ix < s.w {
                            vals.push(x[(p * s.h + iy) * s.w + ix] as f64);
                        }
                    }
                }
                match s.kind {
                    PoolKind::Max => {
                        let m = vals
                            .iter()
                            .fold(f64::NEG_INFINITY, |m, &v| if v > m { v } else { m });
                        y.push(m as f32);
                    }
                    PoolKind::Avg { count_include_pad } => {
                        let cnt = if count_include_pad {
                            let axis = |o: usize, i: usize, k: usize, size: usize| {
                                (0..k)
                                    .filter(|&q| {
                                        o * s.stride[i] + q * s.dilation[i]
                                            < s.pad[i] + size + s.pad_end[i]
                                    })
                                    .count()
                            };
                            axis(oy, 0, s.kh, s.h) * axis(ox, 1, s.kw, s.w)
                        } else {
                            vals.len()
                        };
                        let sum: f64 = vals.iter().sum();
                        y.push((sum / cnt as f64) as f32);
                    }
                }
            }
        }
    }
    y
}

/// Checks `got` against `want`; `what` names the case.
fn compare(s: &Pool2d, got: &[f32], want: &[f32], what: &str) {
    assert_eq!(got.len(), want.len());
    for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
        assert_ne!(
            g.to_bits(),
            SENTINEL,
            "{what}: element {i} never written, {s:?}"
        );
        let ok = match s.kind {
            PoolKind::Max => g.to_bits() == w.to_bits(),
            PoolKind::Avg { .. } => {
                (g.is_nan() && w.is_nan())
                    || g == w
                    || (g - w).abs() <= 1e-6 * w.abs().max(f32::MIN_POSITIVE)
            }
        };
        assert!(ok, "{what}: element {i}: got {g:?} want {w:?}, {s:?}");
    }
}

/// Runs `s` on every supported ISA with 1, 2, 3 and 7 parts against [`naive`].
fn check(s: &Pool2d, x: &[f32]) {
    let want = naive(s, x);
    for isa in Isa::supported() {
        for np in [1, 2, 3, 7] {
            let mut got = vec![f32::from_bits(SENTINEL); s.output_len()];
            pool2d_parts(isa, s, x, &mut got, np);
            compare(s, &got, &want, &format!("{} {np} parts", isa.name()));
        }
    }
}

/// The largest output size along one axis, floor mode (0 if the window never fits).
fn out_floor(len: usize, k: usize, stride: usize, dil: usize, pad: usize, pad_end: usize) -> usize {
    let span = dil * (k - 1) + 1;
    if len + pad + pad_end < span {
        0
    } else {
        (len + pad + pad_end - span) / stride + 1
    }
}

#[allow(clippy::too_many_arguments)]
fn geo(
    n: usize,
    c: usize,
    hw: [usize; 2],
    k: [usize; 2],
    stride: [usize; 2],
    dilation: [usize; 2],
    pad: [usize; 2],
    pad_end: [usize; 2],
    extra: [usize; 2],
    kind: PoolKind,
) -> Pool2d {
    let o =
        |i: usize| out_floor(hw[i], k[i], stride[i], dilation[i], pad[i], pad_end[i]) + extra[i];
    Pool2d {
        n,
        c,
        h: hw[0],
        w: hw[1],
        kh: k[0],
        kw: k[1],
        oh: o(0),
        ow: o(1),
        stride,
        dilation,
        pad,
        pad_end,
        kind,
    }
}

#[test]
fn random_geometries_match_the_reference() {
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    let sizes = [0, 1, 2, 3, 5, 7, 16, 17, 33, 40];
    for case in 0..700 {
        let kind = KINDS[case % 3];
        let h = sizes[rng.below(sizes.len())].min(9);
        let w = sizes[rng.below(sizes.len())];
        let k = [1 + rng.below(4), 1 + rng.below(4)];
        let stride = [1 + rng.below(3), 1 + rng.below(3)];
        let dilation = [1 + rng.below(2), 1 + rng.below(2)];
        let pad = [rng.below(3), rng.below(3)];
        let pad_end = [rng.below(3), rng.below(3)];
        let extra = [rng.below(3) / 2, rng.below(3) / 2];
        let s = geo(
            1 + rng.below(2),
            1 + rng.below(3),
            [h, w],
            k,
            stride,
            dilation,
            pad,
            pad_end,
            extra,
            kind,
        );
        let x = rng.vec(s.input_len(), case % 2 == 1);
        check(&s, &x);
    }
}

#[test]
fn model_shapes_match_the_reference() {
    let mut rng = Rng(77);
    let max = PoolKind::Max;
    let avg = PoolKind::Avg {
        count_include_pad: false,
    };
    let shapes = [
        // ResNet: 3x3 s2 p1, 112 -> 56 (few channels).
        geo(
            1,
            2,
            [112, 112],
            [3, 3],
            [2, 2],
            [1, 1],
            [1, 1],
            [1, 1],
            [0, 0],
            max,
        ),
        // VGG/AlexNet-ish 2x2 s2.
        geo(
            1,
            2,
            [56, 56],
            [2, 2],
            [2, 2],
            [1, 1],
            [0, 0],
            [0, 0],
            [0, 0],
            max,
        ),
        // SqueezeNet 3x3 s2 ceil mode: 111 -> 55, 55 -> 27 (ceil adds one where it
        // reaches past the end).
        geo(
            1,
            2,
            [111, 111],
            [3, 3],
            [2, 2],
            [1, 1],
            [0, 0],
            [0, 0],
            [0, 0],
            max,
        ),
        geo(
            1,
            2,
            [56, 56],
            [3, 3],
            [2, 2],
            [1, 1],
            [0, 0],
            [0, 0],
            [1, 1],
            max,
        ),
        geo(
            1,
            2,
            [13, 13],
            [3, 3],
            [2, 2],
            [1, 1],
            [0, 0],
            [0, 0],
            [1, 1],
            max,
        ),
        // GoogLeNet 3x3 s1 p1, max and average.
        geo(
            1,
            3,
            [28, 28],
            [3, 3],
            [1, 1],
            [1, 1],
            [1, 1],
            [1, 1],
            [0, 0],
            max,
        ),
        geo(
            1,
            3,
            [28, 28],
            [3, 3],
            [1, 1],
            [1, 1],
            [1, 1],
            [1, 1],
            [0, 0],
            avg,
        ),
        // Global averages.
        geo(
            2,
            5,
            [7, 7],
            [7, 7],
            [1, 1],
            [1, 1],
            [0, 0],
            [0, 0],
            [0, 0],
            avg,
        ),
        geo(
            1,
            3,
            [7, 7],
            [7, 7],
            [1, 1],
            [1, 1],
            [0, 0],
            [0, 0],
            [0, 0],
            max,
        ),
    ];
    for s in shapes {
        let x = rng.vec(s.input_len(), false);
        check(&s, &x);
        let x = rng.vec(s.input_len(), true);
        check(&s, &x);
    }
}

#[test]
fn one_dimensional_pools_match_the_reference() {
    let mut rng = Rng(5);
    for kind in KINDS {
        for w in [1, 15, 16, 17, 31, 32, 33, 50] {
            for k in 1..5 {
                for stride in 1..4 {
                    for pad in 0..3 {
                        let s = geo(
                            1,
                            2,
                            [1, w],
                            [1, k],
                            [1, stride],
                            [1, 1 + (k + w) % 2],
                            [0, pad],
                            [0, (pad + k) % 3],
                            [0, w % 2],
                            kind,
                        );
                        let x = rng.vec(s.input_len(), w % 3 == 0);
                        check(&s, &x);
                    }
                }
            }
        }
    }
}

/// Windows that cover only padding: max gives -inf, averages without the padding count
/// 0 / 0 = NaN, with it 0.
#[test]
fn windows_of_only_padding() {
    for kind in KINDS {
        // Large pads: the first and last windows hold no input.
        let s = geo(
            1,
            1,
            [2, 3],
            [2, 2],
            [1, 1],
            [1, 1],
            [2, 2],
            [2, 2],
            [0, 0],
            kind,
        );
        let x: Vec<f32> = (0..s.input_len()).map(|i| i as f32).collect();
        check(&s, &x);
        let want = naive(&s, &x);
        match kind {
            PoolKind::Max => assert_eq!(want[0], f32::NEG_INFINITY),
            PoolKind::Avg {
                count_include_pad: false,
            } => assert!(want[0].is_nan()),
            PoolKind::Avg { .. } => assert_eq!(want[0], 0.0),
        }
        // An empty input (h = w = 0) with output windows over the padding only.
        let s = geo(
            1,
            2,
            [0, 0],
            [1, 1],
            [1, 1],
            [1, 1],
            [1, 1],
            [1, 1],
            [0, 0],
            kind,
        );
        assert_eq!((s.oh, s.ow), (2, 2));
        check(&s, &[]);
    }
}

/// NaN and infinities: max skips NaN (all-NaN windows give -inf); averages propagate
/// NaN, `inf - inf` is NaN.
#[test]
fn nan_and_infinities() {
    let s = geo(
        1,
        1,
        [1, 20],
        [1, 3],
        [1, 1],
        [1, 1],
        [0, 1],
        [0, 1],
        [0, 0],
        PoolKind::Max,
    );
    let nan = f32::NAN;
    let mut x = vec![1.0; 20];
    x[0..4].fill(nan);
    x[10] = f32::INFINITY;
    x[15] = f32::NEG_INFINITY;
    x[16] = nan;
    let want = naive(&s, &x);
    assert_eq!(want[0], f32::NEG_INFINITY);
    assert_eq!(want[4], 1.0);
    assert_eq!(want[9], f32::INFINITY);
    check(&s, &x);
    for kind in &KINDS[1..] {
        let s = Pool2d { kind: *kind, ..s };
        let mut y = x.clone();
        y[12] = f32::NEG_INFINITY;
        let want = naive(&s, &y);
        assert!(want[1].is_nan() && want[11].is_nan() && want[9] == f32::INFINITY);
        check(&s, &y);
    }
}

/// Signed zeros: max keeps the first of equal elements (`+0 > -0` is false).
#[test]
fn max_keeps_the_first_of_equal_zeros() {
    let s = geo(
        1,
        1,
        [3, 40],
        [3, 3],
        [2, 2],
        [1, 1],
        [1, 1],
        [1, 1],
        [0, 0],
        PoolKind::Max,
    );
    let mut rng = Rng(9);
    for _ in 0..20 {
        let x: Vec<f32> = (0..s.input_len())
            .map(|_| if rng.below(2) == 0 { 0.0 } else { -0.0 })
            .collect();
        check(&s, &x);
    }
}

#[test]
fn averages_of_inexact_values_within_tolerance() {
    let mut rng = Rng(31);
    for kind in &KINDS[1..] {
        let s = geo(
            1,
            3,
            [20, 37],
            [3, 3],
            [1, 2],
            [1, 1],
            [1, 1],
            [1, 1],
            [0, 1],
            *kind,
        );
        // Positive values: no cancellation, so f32 sums stay within 1e-6.
        let x: Vec<f32> = (0..s.input_len())
            .map(|_| 1.0 + (rng.next() >> 40) as f32 / (1u64 << 24) as f32)
            .collect();
        check(&s, &x);
    }
}

#[test]
fn safe_wrapper_and_raw_entry_point() {
    let mut rng = Rng(3);
    let s = geo(
        2,
        4,
        [30, 30],
        [3, 3],
        [2, 2],
        [1, 1],
        [1, 1],
        [1, 1],
        [0, 0],
        PoolKind::Max,
    );
    let x = rng.vec(s.input_len(), true);
    let want = naive(&s, &x);
    let mut got = vec![f32::from_bits(SENTINEL); s.output_len()];
    pool2d(&s, &x, &mut got);
    compare(&s, &got, &want, "pool2d");
    let np = parts(&s, 4);
    assert!((1..=4).contains(&np));
    let mut got = vec![f32::from_bits(SENTINEL); s.output_len()];
    // Parts in reverse order: each writes only its own elements.
    for i in (0..np).rev() {
        // SAFETY: the slices hold the geometry's lengths; one part at a time.
        unsafe { pool2d_f32(&s, x.as_ptr(), got.as_mut_ptr(), i, np) };
    }
    compare(&s, &got, &want, "pool2d_f32");
}

#[test]
fn parts_and_check() {
    let big = geo(
        1,
        64,
        [112, 112],
        [3, 3],
        [2, 2],
        [1, 1],
        [1, 1],
        [1, 1],
        [0, 0],
        PoolKind::Max,
    );
    assert_eq!(parts(&big, 1), 1);
    assert_eq!(parts(&big, 8), 8);
    let small = geo(
        1,
        1,
        [4, 4],
        [2, 2],
        [2, 2],
        [1, 1],
        [0, 0],
        [0, 0],
        [0, 0],
        PoolKind::Max,
    );
    assert_eq!(parts(&small, 8), 1);
    assert!(big.check().is_ok());
    assert!(Pool2d { kh: 0, ..big }.check().is_err());
    assert!(Pool2d {
        stride: [0, 1],
        ..big
    }
    .check()
    .is_err());
    assert!(Pool2d {
        dilation: [1, 0],
        ..big
    }
    .check()
    .is_err());
    assert!(Pool2d {
        n: usize::MAX,
        ..big
    }
    .check()
    .is_err());
    assert!(Pool2d {
        pad: [usize::MAX / 2, 0],
        ..big
    }
    .check()
    .is_err());
}
