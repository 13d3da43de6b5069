//! The convolution against a naive f64 direct loop, on every ISA path this machine has,
//! split into 1, 2, 3 and 7 parts, with an epilogue that checks each reported range is
//! final and reported once.
#![warn(clippy::undocumented_unsafe_blocks)]

use xir_ukernel::conv::{conv2d, conv2d_f32, conv2d_parts, pack_filter, parts, Conv2d};
use xir_ukernel::Isa;

mod common;
use common::Rng;

impl Rng {
    fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 23) as f32 - 1.0
    }
    fn vec(&mut self, len: usize) -> Vec<f32> {
        (0..len).map(|_| self.unit()).collect()
    }
}

/// The largest output size along one axis (symmetric padding).
fn out_max(len: usize, k: usize, stride: usize, dil: usize, pad: usize) -> usize {
    let span = dil * (k.max(1) - 1) + 1;
    if len + 2 * pad < span {
        0
    } else {
        (len + 2 * pad - span) / stride + 1
    }
}

/// A geometry with `oh`, `ow` at their maximum minus `cut` (saturating; `cut` may also
/// be negative: more padding at the end).
#[allow(clippy::too_many_arguments)]
fn geo(
    n: usize,
    c: usize,
    m: usize,
    hw: [usize; 2],
    k: [usize; 2],
    stride: [usize; 2],
    dilation: [usize; 2],
    pad: [usize; 2],
    groups: usize,
    cut: [isize; 2],
) -> Conv2d {
    let oh = out_max(hw[0], k[0], stride[0], dilation[0], pad[0]) as isize - cut[0];
    let ow = out_max(hw[1], k[1], stride[1], dilation[1], pad[1]) as isize - cut[1];
    Conv2d {
        n,
        c,
        h: hw[0],
        w: hw[1],
        m,
        kh: k[0],
        kw: k[1],
        oh: oh.max(0) as usize,
        ow: ow.max(0) as usize,
        groups,
        stride,
        dilation,
        pad,
    }
}

/// Per output element: (f64 sum, sum of |terms|), straight from the contract's formula.
fn reference(s: &Conv2d, input: &[f32], filter: &[f32]) -> Vec<(f64, f64)> {
    let (cg, mg) = (s.c / s.groups, s.m / s.groups);
    let mut out = vec![(0.0, 0.0); s.output_len()];
    for b in 0..s.n {
        for o in 0..s.m {
            let g = o / mg;
            for y in 0..s.oh {
                for x in 0..s.ow {
                    let mut acc = (0f64, 0f64);
                    for ci in 0..cg {
                        for ky in 0..s.kh {
                            let iy =
                                (y * s.stride[0] + ky * s.dilation[0]) as isize - s.pad[0] as isize;
                            if iy < 0 || iy >= s.h as isize {
                                continue;
                            }
                            for kx in 0..s.kw {
                                let ix = (x * s.stride[1] + kx * s.dilation[1]) as isize
                                    - s.pad[1] as isize;
                                if ix < 0 || ix >= s.w as isize {
                                    continue;
                                }
                                let wv = filter[((o * cg + ci) * s.kh + ky) * s.kw + kx] as f64;
                                let iv = input[((b * s.c + g * cg + ci) * s.h + iy as usize) * s.w
                                    + ix as usize] as f64;
                                acc.0 += wv * iv;
                                acc.1 += (wv * iv).abs();
                            }
                        }
                    }
                    out[((b * s.m + o) * s.oh + y) * s.ow + x] = acc;
                }
            }
        }
    }
    out
}

fn close(got: f32, want: (f64, f64), k: usize) -> bool {
    let tol = 1e-4 * want.0.abs() + 2e-6 * want.1 + 1e-5 * (k as f64).sqrt().max(1.0);
    (got as f64 - want.0).abs() <= tol
}

/// What the checking epilogue sees.
struct Seen {
    out: *const f32,
    want: Vec<(f64, f64)>,
    k: usize,
    count: Vec<u32>,
    errors: Vec<String>,
}

/// Records `lo..hi` and checks each element is reported for the first time and already
/// holds its final value. Never panics (it runs behind `extern "C"`).
unsafe extern "C" fn check_range(ctx: *mut u8, lo: usize, hi: usize) {
    // SAFETY: `ctx` is the `Seen` the test passed, alive and not otherwise borrowed
    // during the call.
    let seen = unsafe { &mut *ctx.cast::<Seen>() };
    if lo >= hi || hi > seen.want.len() {
        seen.errors.push(format!("bad range {lo}..{hi}"));
        return;
    }
    for i in lo..hi {
        seen.count[i] += 1;
        // SAFETY: `i < output_len`; the kernel does not touch the range meanwhile.
        let got = unsafe { *seen.out.add(i) };
        if seen.errors.len() < 5 && !close(got, seen.want[i], seen.k) {
            seen.errors.push(format!(
                "element {i} reported as {got}, want {}",
                seen.want[i].0
            ));
        }
    }
}

fn check(s: &Conv2d, rng: &mut Rng) {
    s.check().unwrap();
    let input = rng.vec(s.input_len());
    let filter = rng.vec(s.filter_len());
    let want = reference(s, &input, &filter);
    let k = s.c / s.groups * s.kh * s.kw;
    for isa in Isa::supported() {
        let packed = pack_filter(isa, s, &filter);
        assert_eq!(packed.isa(), isa);
        assert_eq!(packed.conv(), s);
        for np in [1, 2, 3, 7] {
            let mut out = vec![f32::NAN; s.output_len()];
            let mut seen = Seen {
                out: out.as_ptr(),
                want: want.clone(),
                k,
                count: vec![0; s.output_len()],
                errors: vec![],
            };
            // Parts in reverse order: no part may rely on another having run.
            for part in (0..np).rev() {
                // SAFETY: the vectors hold the geometry's lengths; one part at a time;
                // `seen` outlives the call and `check_range` only reads the output.
                unsafe {
                    conv2d_f32(
                        s,
                        input.as_ptr(),
                        &packed,
                        out.as_mut_ptr(),
                        part,
                        np,
                        Some(check_range),
                        (&mut seen as *mut Seen).cast(),
                    )
                };
            }
            assert!(
                seen.errors.is_empty(),
                "{s:?} {isa:?} parts {np}: {:?}",
                seen.errors
            );
            if let Some(i) = seen.count.iter().position(|&c| c != 1) {
                panic!(
                    "{s:?} {isa:?} parts {np}: element {i} reported {} times",
                    seen.count[i]
                );
            }
            for (i, (&g, &w)) in out.iter().zip(&want).enumerate() {
                assert!(
                    close(g, w, k),
                    "{s:?} {isa:?} parts {np}: element {i} = {g}, want {}",
                    w.0
                );
            }
        }
        // All parts at once on threads, and the plain wrapper.
        let mut out = vec![f32::NAN; s.output_len()];
        conv2d_parts(s, &input, &packed, &mut out, 3);
        assert!(
            out.iter().zip(&want).all(|(&g, &w)| close(g, w, k)),
            "{s:?} {isa:?} threads"
        );
        let mut out = vec![f32::NAN; s.output_len()];
        conv2d(s, &input, &packed, &mut out);
        assert!(
            out.iter().zip(&want).all(|(&g, &w)| close(g, w, k)),
            "{s:?} {isa:?} conv2d"
        );
    }
}

const ONE: [usize; 2] = [1, 1];
const ZERO: [usize; 2] = [0, 0];
const MAX: [isize; 2] = [0, 0];

#[test]
fn empty_and_unit_sizes() {
    let mut rng = Rng(1);
    for (n, c, m, h, w, k) in [
        (0, 2, 3, 4, 4, 3),
        (1, 0, 3, 4, 4, 3),
        (1, 2, 0, 4, 4, 3),
        (1, 2, 3, 0, 4, 1),
        (1, 2, 3, 4, 0, 1),
        (1, 2, 3, 4, 4, 0),
        (1, 1, 1, 1, 1, 1),
        (1, 1, 1, 1, 1, 3),
        (2, 1, 5, 1, 9, 1),
        (1, 3, 1, 5, 5, 5),
    ] {
        check(
            &geo(n, c, m, [h, w], [k, k], ONE, ONE, [k / 2; 2], 1, MAX),
            &mut rng,
        );
    }
    // Outputs cut to 0 and 1.
    check(
        &geo(1, 2, 3, [5, 5], [3, 3], ONE, ONE, ONE, 1, [5, 5]),
        &mut rng,
    );
    check(
        &geo(1, 2, 3, [5, 5], [3, 3], ONE, ONE, ONE, 1, [4, 4]),
        &mut rng,
    );
    // Depthwise with empty dims.
    check(
        &geo(1, 0, 0, [5, 5], [3, 3], ONE, ONE, ONE, 1, MAX),
        &mut rng,
    );
    check(
        &geo(1, 4, 4, [5, 5], [0, 3], ONE, ONE, ONE, 4, MAX),
        &mut rng,
    );
}

#[test]
fn gemm_path_tiles_and_blocks() {
    let mut rng = Rng(2);
    // Past a vector (16), a tile (8 rows, 48 columns) and kc (192 .. 256).
    for (c, m, hw) in [
        (5, 17, [7, 9]),
        (9, 50, [10, 10]),
        (32, 9, [8, 13]),
        (30, 24, [9, 9]),
        (3, 70, [13, 17]),
    ] {
        check(&geo(1, c, m, hw, [3, 3], ONE, ONE, ONE, 1, MAX), &mut rng);
    }
    // K = 64 * 9 = 576 (3 k blocks of 192), 2 batches.
    check(
        &geo(2, 64, 20, [6, 7], [3, 3], ONE, ONE, ONE, 1, MAX),
        &mut rng,
    );
    // 1x1: the in-place row path (stride 1, unpadded) and the general one.
    check(
        &geo(2, 200, 19, [7, 8], [1, 1], ONE, ONE, ZERO, 1, MAX),
        &mut rng,
    );
    check(
        &geo(1, 13, 33, [9, 9], [1, 1], [2, 2], ONE, ZERO, 1, MAX),
        &mut rng,
    );
    check(
        &geo(1, 13, 33, [9, 9], [1, 1], ONE, ONE, ONE, 1, MAX),
        &mut rng,
    );
    // The stem: 3 channels, 7x7, stride 2, pad 3.
    check(
        &geo(1, 3, 16, [23, 20], [7, 7], [2, 2], ONE, [3, 3], 1, MAX),
        &mut rng,
    );
    // Many rows, few columns (parts split output channels) and the reverse.
    check(
        &geo(1, 40, 96, [3, 3], [3, 3], ONE, ONE, ONE, 1, MAX),
        &mut rng,
    );
    check(
        &geo(1, 4, 8, [30, 33], [3, 3], ONE, ONE, ONE, 1, MAX),
        &mut rng,
    );
}

#[test]
fn strides_dilations_pads_and_cuts() {
    let mut rng = Rng(3);
    for stride in 1..=3 {
        for dil in 1..=2 {
            for pad in 0..=2 {
                for cut in [[0, 0], [1, 2], [-1, -2], [2, 0]] {
                    let s = geo(
                        1,
                        3,
                        10,
                        [9, 11],
                        [3, 2],
                        [stride, 4 - stride],
                        [dil, 3 - dil],
                        [pad, 2 - pad],
                        1,
                        cut,
                    );
                    check(&s, &mut rng);
                }
            }
        }
    }
}

#[test]
fn groups_and_depthwise() {
    let mut rng = Rng(4);
    for groups in [2, 3] {
        check(
            &geo(
                2,
                2 * groups,
                5 * groups,
                [7, 6],
                [3, 3],
                ONE,
                ONE,
                ONE,
                groups,
                MAX,
            ),
            &mut rng,
        );
        check(
            &geo(
                1,
                4 * groups,
                9 * groups,
                [6, 9],
                [2, 3],
                [2, 1],
                ONE,
                [1, 0],
                groups,
                MAX,
            ),
            &mut rng,
        );
    }
    // Depthwise (m = c, m = 2c; m = 5c takes the GEMM path) at strides 1..3, dilations,
    // pads, widths past a vector, and 5x5.
    for mult in [1, 2, 5] {
        for stride in 1..=3 {
            for (dil, pad) in [(1, 1), (2, 2), (1, 0)] {
                for (hw, cut) in [([9, 21], MAX), ([20, 37], [1, -1]), ([1, 3], MAX)] {
                    let c = 3;
                    let s = geo(
                        2,
                        c,
                        mult * c,
                        hw,
                        [3.min(hw[0] + 2 * pad), 3],
                        [stride; 2],
                        [dil; 2],
                        [pad; 2],
                        c,
                        cut,
                    );
                    if s.kh > 0 {
                        check(&s, &mut rng);
                    }
                }
            }
        }
    }
    check(
        &geo(1, 5, 5, [17, 19], [5, 5], [2, 2], ONE, [2, 2], 5, MAX),
        &mut rng,
    );
    check(
        &geo(1, 5, 10, [17, 40], [5, 3], [1, 2], ONE, [2, 1], 5, [0, 1]),
        &mut rng,
    );
}

#[test]
fn one_dimensional() {
    let mut rng = Rng(5);
    for (c, m, w, k, stride, dil, pad, groups) in [
        (4, 6, 50, 3, 1, 1, 1, 1),
        (4, 6, 50, 5, 2, 2, 2, 2),
        (8, 8, 100, 3, 1, 1, 1, 8),
        (8, 16, 33, 7, 3, 1, 3, 8),
        (64, 8, 20, 3, 1, 1, 0, 1),
    ] {
        let s = geo(
            2,
            c,
            m,
            [1, w],
            [1, k],
            [1, stride],
            [1, dil],
            [0, pad],
            groups,
            MAX,
        );
        check(&s, &mut rng);
    }
}

/// The direct path (B read through row offsets from a zero-padded strip of phase
/// planes, the columns past each output row dropped) in every shape that changes its
/// work: row strips, parts by rows and by channel panels, strides (phases), dilations,
/// uneven padding, groups, a 3 x 1 filter (no dropped columns), a patchifying conv,
/// and the convs it leaves to packing (1 x 1, a strip too big).
#[test]
fn direct_path_geometries() {
    let mut rng = Rng(8);
    for (n, c, m, hw, k, stride, dil, pad, groups, cut) in [
        // Several strips of rows (about 512 columns each).
        (1, 6, 20, [40, 45], [3, 3], ONE, ONE, ONE, 1, MAX),
        // Parts by channel panels, 7 x 7 outputs (63 columns as 49).
        (1, 40, 96, [7, 7], [3, 3], ONE, ONE, ONE, 1, MAX),
        // Dilations and uneven padding.
        (1, 5, 11, [12, 17], [3, 3], ONE, [2, 1], [2, 1], 1, [-1, -2]),
        (1, 5, 11, [12, 17], [3, 2], ONE, [1, 2], [0, 2], 1, [1, 2]),
        // 5 x 5 in two groups, two batches.
        (2, 8, 6, [9, 14], [5, 5], ONE, ONE, [2, 2], 2, MAX),
        // 3 x 1: written straight to the output; several k blocks.
        (1, 70, 17, [7, 11], [3, 1], ONE, ONE, [1, 0], 1, MAX),
        // Strides: ResNet's 3 x 3 / 2 and its 7 x 7 / 2 stem, odd sizes; stride 3 over
        // dilation 2 (phases a tap never reads); a 4 x 4 / 4 patch embedding.
        (1, 12, 20, [15, 17], [3, 3], [2, 2], ONE, ONE, 1, MAX),
        (1, 3, 16, [37, 30], [7, 7], [2, 2], ONE, [3, 3], 1, MAX),
        (
            1,
            4,
            9,
            [20, 23],
            [3, 2],
            [3, 2],
            [2, 3],
            [1, 2],
            1,
            [-1, 0],
        ),
        (2, 3, 10, [16, 20], [4, 4], [4, 4], ONE, ZERO, 1, MAX),
        (1, 200, 9, [5, 13], [1, 1], ONE, ONE, ZERO, 1, MAX),
        // One output row's strip past 2 MiB: packed instead.
        (1, 2048, 2, [3, 100], [3, 3], ONE, ONE, ONE, 1, MAX),
    ] {
        check(
            &geo(n, c, m, hw, k, stride, dil, pad, groups, cut),
            &mut rng,
        );
    }
}

/// The channel-blocked depthwise path (one channel per group, rows narrower than 32):
/// whole blocks of channels and a partial last block (17 and 35 channels: a block
/// and one or three over on AVX-512, two blocks and one on AVX2), strides, dilations,
/// uneven padding, 5 x 5, 1 x 1 planes, rows past a vector, and parts that split a
/// batch's blocks.
#[test]
fn depthwise_channel_blocks() {
    let mut rng = Rng(9);
    for c in [16, 17, 35, 48] {
        for (hw, k, stride, dil, pad, cut) in [
            ([7, 7], [3, 3], ONE, ONE, ONE, MAX),
            ([14, 14], [3, 3], [2, 2], ONE, ONE, MAX),
            ([5, 31], [3, 3], ONE, [1, 2], [1, 2], [-1, 1]),
            ([11, 9], [5, 5], [1, 2], ONE, [2, 2], [1, 0]),
            ([1, 1], [3, 3], ONE, ONE, ONE, MAX),
            ([6, 19], [2, 3], [3, 1], [2, 1], [0, 1], MAX),
        ] {
            check(&geo(2, c, c, hw, k, stride, dil, pad, c, cut), &mut rng);
        }
    }
}

#[test]
fn random_geometries() {
    let mut rng = Rng(6);
    for _ in 0..120 {
        let groups = [1, 1, 2, 3][rng.below(4)];
        let depthwise = rng.below(3) == 0;
        let (c, m, groups) = if depthwise {
            let c = 1 + rng.below(6);
            (c, c * (1 + rng.below(3)), c)
        } else {
            (
                groups * (1 + rng.below(7)),
                groups * (1 + rng.below(12)),
                groups,
            )
        };
        let k = [1 + rng.below(4), 1 + rng.below(4)];
        let stride = [1 + rng.below(3), 1 + rng.below(3)];
        let dil = [1 + rng.below(2), 1 + rng.below(2)];
        let pad = [rng.below(3), rng.below(3)];
        let hw = [1 + rng.below(12), 1 + rng.below(25)];
        let cut = [rng.below(3) as isize - 1, rng.below(3) as isize - 1];
        let s = geo(1 + rng.below(2), c, m, hw, k, stride, dil, pad, groups, cut);
        check(&s, &mut rng);
    }
}

#[test]
fn nan_and_inf_propagate_where_read() {
    let mut rng = Rng(7);
    for s in [
        geo(1, 4, 9, [8, 8], [3, 3], ONE, ONE, ONE, 1, MAX),
        geo(1, 4, 4, [8, 20], [3, 3], [2, 2], ONE, ONE, 4, MAX),
        geo(1, 8, 5, [6, 6], [1, 1], ONE, ONE, ZERO, 1, MAX),
    ] {
        let filter: Vec<f32> = rng.vec(s.filter_len()).iter().map(|x| x + 2.0).collect();
        for bad in [f32::NAN, f32::INFINITY] {
            let mut input = rng.vec(s.input_len());
            input[s.w + 2] = bad;
            input[s.input_len() - 1] = bad;
            let want = reference(&s, &input, &filter);
            for isa in Isa::supported() {
                let packed = pack_filter(isa, &s, &filter);
                let mut out = vec![0.0; s.output_len()];
                conv2d_parts(&s, &input, &packed, &mut out, 2);
                let mut hit = 0;
                for (i, (&g, w)) in out.iter().zip(&want).enumerate() {
                    let ok = if w.0.is_nan() || w.0.is_infinite() {
                        hit += 1;
                        g.is_nan() == w.0.is_nan() && (g as f64 == w.0 || g.is_nan())
                    } else {
                        g.is_finite()
                    };
                    assert!(ok, "{s:?} {isa:?} {bad}: element {i} = {g}, want {}", w.0);
                }
                assert!(hit > 0);
            }
        }
    }
}

#[test]
fn parts_rule() {
    let tiny = geo(1, 2, 2, [4, 4], [3, 3], ONE, ONE, ONE, 1, MAX);
    assert_eq!(parts(&tiny, 2), 1);
    let resnet = geo(1, 64, 64, [56, 56], [3, 3], ONE, ONE, ONE, 1, MAX);
    assert_eq!(parts(&resnet, 2), 2);
    assert_eq!(parts(&resnet, 1), 1);
    let late = geo(1, 512, 512, [7, 7], [3, 3], ONE, ONE, ONE, 1, MAX);
    assert_eq!(parts(&late, 2), 2);
    let dw = geo(1, 960, 960, [7, 7], [3, 3], ONE, ONE, ONE, 960, MAX);
    assert_eq!(parts(&dw, 2), 2);
    assert_eq!(parts(&resnet, 0), 1);
}

#[test]
fn row_split_boundaries() {
    let mut rng = Rng(8);
    // Few output positions and many channels: the parts split output channels at row
    // panels, including the tile-tail split (147 = 8 * 17 + 6 + 5 on AVX-512).
    for (c, m, hw, groups) in [
        (8, 147, [5, 5], 1),
        (6, 150, [3, 4], 2),
        (24, 70, [2, 7], 1),
        (10, 13, [1, 1], 1),
    ] {
        check(
            &geo(1, c, m, hw, [3, 3], ONE, ONE, ONE, groups, MAX),
            &mut rng,
        );
    }
    // K past kc in every group, 2 groups.
    check(
        &geo(1, 60, 20, [5, 6], [3, 3], ONE, ONE, ONE, 2, MAX),
        &mut rng,
    );
    // The largest depthwise multiplier (4) and the smallest GEMM one (5), 5x5.
    check(
        &geo(1, 3, 12, [11, 11], [5, 5], ONE, ONE, [2, 2], 3, MAX),
        &mut rng,
    );
    check(
        &geo(1, 3, 15, [11, 11], [5, 5], ONE, ONE, [2, 2], 3, MAX),
        &mut rng,
    );
}
