//! Fused attention against the plain formula in f64, on every ISA path this machine has,
//! split into 1, 2, 3 and 7 parts (which must agree bit for bit), over permuted, padded
//! and broadcast operand views, with and without masks. The output is pre-filled with a
//! sentinel: every element of its view must be written, nothing else.
#![warn(clippy::undocumented_unsafe_blocks)]

use xir_ukernel::attention::{
    attention, attention_f32, parts, scratch_bytes, Attention, Operands, Strides, View,
};
use xir_ukernel::Isa;

mod common;
use common::Rng;

impl Rng {
    fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 23) as f32 - 1.0
    }
}

/// A bit pattern the kernel never produces: what is left of it was never written.
const SENTINEL: u32 = 0x7FC0_BEEF;

/// How an operand is stored.
#[derive(Clone, Copy, Debug)]
enum Lay {
    /// Dense, the outer dims nested in this order (0 batch, 1 head, 2 row; outermost
    /// first), rows padded by this many elements.
    Dense([usize; 3], usize),
    /// These strides.
    S([usize; 4]),
}

const BHI: Lay = Lay::Dense([0, 1, 2], 0);
/// `[b, i, h, c]` storage (heads split out of a row's features, as BERT's reshape does).
const BIH: Lay = Lay::Dense([0, 2, 1], 0);

fn strides(dims: [usize; 4], lay: Lay) -> Strides {
    match lay {
        Lay::S(s) => Strides(s),
        Lay::Dense(order, pad) => {
            let mut s = [0, 0, 0, 1];
            let mut acc = dims[3] + pad;
            for &d in order.iter().rev() {
                s[d] = acc;
                acc *= dims[d];
            }
            Strides(s)
        }
    }
}

/// One past the last element's offset (0 for no element).
fn span(dims: [usize; 4], s: Strides) -> usize {
    if dims.contains(&0) {
        return 0;
    }
    1 + dims
        .iter()
        .zip(s.0)
        .map(|(&n, st)| (n - 1) * st)
        .sum::<usize>()
}

fn offset(s: Strides, i: [usize; 4]) -> usize {
    (0..4).map(|x| s.0[x] * i[x]).sum()
}

struct Operand {
    data: Vec<f32>,
    s: Strides,
}

impl Operand {
    fn view(&self) -> View<'_> {
        View {
            data: &self.data,
            s: self.s,
        }
    }
    fn at(&self, i: [usize; 4]) -> f64 {
        self.data[offset(self.s, i)] as f64
    }
}

struct Case {
    a: Attention,
    q: Operand,
    k: Operand,
    v: Operand,
    mask: Option<Operand>,
    out_s: Strides,
    out_len: usize,
}

#[derive(Clone, Copy, Debug)]
struct Lays {
    q: Lay,
    k: Lay,
    v: Lay,
    mask: Option<Lay>,
    out: Lay,
}

const DENSE: Lays = Lays {
    q: BHI,
    k: BHI,
    v: BHI,
    mask: None,
    out: BHI,
};

impl Lays {
    fn mask(self, m: Lay) -> Lays {
        Lays {
            mask: Some(m),
            ..self
        }
    }
}

/// A case with random operands; mask entries are `-inf` with probability `ninf`.
fn case(rng: &mut Rng, a: Attention, l: Lays, ninf: f64) -> Case {
    let (b, h) = (a.batch, a.heads);
    let mut operand = |dims: [usize; 4], lay: Lay, mask: bool| {
        let s = strides(dims, lay);
        let data = (0..span(dims, s))
            .map(|_| {
                if !mask {
                    rng.unit()
                } else if (rng.next() % 1_000_000) as f64 <= ninf * 1e6 - 1.0 {
                    f32::NEG_INFINITY
                } else {
                    2.0 * rng.unit()
                }
            })
            .collect();
        Operand { data, s }
    };
    let q = operand([b, h, a.sq, a.d], l.q, false);
    let k = operand([b, h, a.sk, a.d], l.k, false);
    let v = operand([b, h, a.sk, a.dv], l.v, false);
    let mask = l.mask.map(|m| operand([b, h, a.sq, a.sk], m, true));
    let od = [b, h, a.sq, a.dv];
    let out_s = strides(od, l.out);
    Case {
        a,
        q,
        k,
        v,
        mask,
        out_s,
        out_len: span(od, out_s),
    }
}

const U: f64 = 1.0 / (1u64 << 24) as f64;

/// Per output element in `[b, h, i, e]` order: the formula in f64 and an error bound
/// for the f32 kernel (from the dot products' and sums' lengths and magnitudes).
fn reference(c: &Case) -> Vec<(f64, f64)> {
    let a = &c.a;
    let scale = a.scale as f64;
    let mut out = Vec::with_capacity(a.output_len());
    for b in 0..a.batch {
        for h in 0..a.heads {
            for i in 0..a.sq {
                let mut s = vec![0.0; a.sk];
                // Error bound of the f32 scores that count (finite).
                let mut es: f64 = 0.0;
                for (j, sj) in s.iter_mut().enumerate() {
                    let (mut dot, mut abs) = (0.0, 0.0);
                    for x in 0..a.d {
                        let t = c.q.at([b, h, i, x]) * c.k.at([b, h, j, x]);
                        dot += t;
                        abs += t.abs();
                    }
                    let m = c.mask.as_ref().map_or(0.0, |m| m.at([b, h, i, j]));
                    *sj = scale * dot + m;
                    if sj.is_finite() {
                        let e = (a.d as f64 + 2.0) * U * scale.abs() * abs
                            + 2.0 * U * ((scale * dot).abs() + m.abs());
                        es = es.max(e);
                    }
                }
                let max = s
                    .iter()
                    .fold(f64::NEG_INFINITY, |m, &x| if x > m { x } else { m });
                let e: Vec<f64> = s.iter().map(|&x| (x - max).exp()).collect();
                let sum: f64 = e.iter().sum();
                let rel = 2.0 * es + (2.0 * a.sk as f64 + 12.0) * U;
                for x in 0..a.dv {
                    let (mut o, mut abs) = (0.0, 0.0);
                    for (j, ej) in e.iter().enumerate() {
                        let t = ej / sum * c.v.at([b, h, j, x]);
                        o += t;
                        abs += t.abs();
                    }
                    if a.sk == 0 {
                        o = 0.0;
                    }
                    out.push((o, 2.0 * rel * abs + 1e-30));
                }
            }
        }
    }
    out
}

fn ops(c: &Case, out: &mut [f32]) -> Operands {
    Operands {
        q: c.q.data.as_ptr(),
        q_s: c.q.s,
        k: c.k.data.as_ptr(),
        k_s: c.k.s,
        v: c.v.data.as_ptr(),
        v_s: c.v.s,
        mask: c.mask.as_ref().map(|m| (m.data.as_ptr(), m.s)),
        out: out.as_mut_ptr(),
        out_s: c.out_s,
    }
}

/// Runs `c` on every supported ISA with 1, 2, 3 and 7 parts (at once on threads), and 3
/// parts one after another in reverse order; compares with [`reference`], checks that
/// nothing outside the output view was written and that all part counts agree bit for
/// bit. Returns the output of the last ISA (logical order).
fn check(c: &Case) -> Vec<f32> {
    let a = &c.a;
    let want = reference(c);
    let od = [a.batch, a.heads, a.sq, a.dv];
    let mut in_view = vec![false; c.out_len];
    let mut logical = Vec::with_capacity(a.output_len());
    for b in 0..a.batch {
        for h in 0..a.heads {
            for i in 0..a.sq {
                for e in 0..a.dv {
                    let o = offset(c.out_s, [b, h, i, e]);
                    in_view[o] = true;
                    logical.push(o);
                }
            }
        }
    }
    let mut last = vec![];
    for isa in Isa::supported() {
        let mut first: Option<Vec<f32>> = None;
        for (np, threads) in [(1, true), (2, true), (3, true), (7, true), (3, false)] {
            let what = format!("{a:?} {isa:?} {np} parts (threads: {threads})");
            let mut out = vec![f32::from_bits(SENTINEL); c.out_len];
            if threads {
                let mask = c.mask.as_ref().map(Operand::view);
                attention(
                    isa,
                    a,
                    c.q.view(),
                    c.k.view(),
                    c.v.view(),
                    mask,
                    &mut out,
                    c.out_s,
                    np,
                );
            } else {
                let o = ops(c, &mut out);
                for part in (0..np).rev() {
                    // SAFETY: the operands' views lie within their vectors (built by
                    // `case` from their spans), the output's is injective and separate;
                    // one part at a time.
                    unsafe { attention_f32(isa, a, &o, part, np) };
                }
            }
            for (x, &g) in out.iter().enumerate() {
                if !in_view[x] {
                    assert_eq!(g.to_bits(), SENTINEL, "{what}: wrote element {x} outside");
                }
            }
            let got: Vec<f32> = logical.iter().map(|&o| out[o]).collect();
            for (n, (&g, &(w, tol))) in got.iter().zip(&want).enumerate() {
                let idx = [
                    n / (od[1] * od[2] * od[3]),
                    n / (od[2] * od[3]) % od[1],
                    n / od[3] % od[2],
                    n % od[3],
                ];
                assert_ne!(g.to_bits(), SENTINEL, "{what}: {idx:?} never written");
                let ok = if w.is_nan() {
                    g.is_nan()
                } else {
                    (g as f64 - w).abs() <= tol
                };
                assert!(
                    ok,
                    "{what}: {idx:?} = {g:e}, want {w:e} (tolerance {tol:e})"
                );
            }
            match &first {
                None => first = Some(got),
                Some(f) => {
                    let same = f.iter().zip(&got).all(|(x, y)| x.to_bits() == y.to_bits());
                    assert!(same, "{what}: differs from 1 part");
                }
            }
        }
        last = first.unwrap();
    }
    last
}

fn geo(batch: usize, heads: usize, sq: usize, sk: usize, d: usize, dv: usize) -> Attention {
    Attention {
        batch,
        heads,
        sq,
        sk,
        d,
        dv,
        scale: 1.0 / (d.max(1) as f32).sqrt(),
        nan_to_zero: false,
    }
}

#[test]
fn zero_and_one_sizes() {
    let mut rng = Rng(0x0A77_E471_0000_0001);
    let sizes = [0, 1, 2, 3];
    for n in 0..6 * 4 {
        // Each dim in turn takes each size, the others small but not empty.
        let mut dims = [2, 2, 3, 3, 3, 2];
        dims[n / 4] = sizes[n % 4];
        let [b, h, sq, sk, d, dv] = dims;
        let a = geo(b, h, sq, sk, d, dv);
        // Rows padded: their padding must stay untouched.
        let lays = Lays {
            out: Lay::Dense([0, 1, 2], 2),
            ..DENSE
        };
        let got = check(&case(&mut rng, a, lays, 0.0));
        if sk == 0 {
            assert!(got.iter().all(|&x| x == 0.0), "{a:?}: {got:?}");
        }
        check(&case(&mut rng, a, lays.mask(BHI), 0.0));
    }
    // All dims 1.
    check(&case(&mut rng, geo(1, 1, 1, 1, 1, 1), DENSE, 0.0));
    check(&case(&mut rng, geo(1, 1, 1, 1, 1, 1), DENSE.mask(BHI), 0.0));
}

#[test]
fn random_small_geometries() {
    let mut rng = Rng(0x0A77_E471_0000_0002);
    let sizes = [0, 1, 2, 3, 5, 8, 16, 17, 33];
    let orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [2, 1, 0]];
    for _ in 0..150 {
        let mut pick = || sizes[rng.below(sizes.len())];
        let dims = [pick().min(3), pick().min(3), pick(), pick(), pick(), pick()];
        let [b, h, sq, sk, d, dv] = dims;
        let mut a = geo(b, h, sq, sk, d, dv);
        a.scale = [1.0, 0.125, -0.7, 3.0][rng.below(4)];
        let has_mask = rng.below(3) > 0;
        let mut lay = || Lay::Dense(orders[rng.below(4)], rng.below(3));
        let l = Lays {
            q: lay(),
            k: lay(),
            v: lay(),
            mask: Some(lay()).filter(|_| has_mask),
            out: lay(),
        };
        check(&case(&mut rng, a, l, 0.1));
    }
}

#[test]
fn past_tiles_and_row_blocks() {
    let mut rng = Rng(0x0A77_E471_0000_0003);
    for (dims, lay) in [
        ([1, 2, 19, 50, 65, 49], DENSE),
        ([2, 1, 17, 33, 17, 33], DENSE.mask(BHI)),
        // Past a row block (64), several blocks per head, uneven.
        ([1, 2, 65, 40, 8, 9], DENSE),
        ([2, 3, 100, 129, 33, 17], DENSE.mask(BHI)),
        ([1, 1, 200, 70, 16, 48], DENSE),
        // sk past the GEMM's k block (192 on AVX-512, 256 elsewhere): the output is
        // accumulated in place.
        ([1, 2, 20, 300, 16, 20], DENSE.mask(BHI)),
        // Long sk: a smaller row block (8 rows of 9000 scores).
        ([1, 1, 20, 9000, 4, 3], DENSE),
    ] {
        let [b, h, sq, sk, d, dv] = dims;
        check(&case(&mut rng, geo(b, h, sq, sk, d, dv), lay, 0.05));
    }
}

#[test]
fn bert_shape_permuted_views_and_broadcast_mask() {
    let mut rng = Rng(0x0A77_E471_0000_0004);
    let a = geo(1, 8, 128, 128, 64, 64);
    let l = Lays {
        q: BIH,
        k: BIH,
        v: BIH,
        // [b, 1, 1, j]: an attention mask over keys, -inf at padding.
        mask: Some(Lay::S([128, 0, 0, 1])),
        out: BIH,
    };
    check(&case(&mut rng, a, l, 0.1));
    check(&case(&mut rng, a, DENSE, 0.0));
}

#[test]
fn sq_differs_from_sk() {
    let mut rng = Rng(0x0A77_E471_0000_0005);
    for [sq, sk] in [[1, 128], [128, 1], [7, 90], [90, 7], [64, 256]] {
        let a = geo(1, 3, sq, sk, 24, 40);
        check(&case(&mut rng, a, DENSE, 0.0));
        check(&case(&mut rng, a, DENSE.mask(BHI), 0.2));
    }
}

#[test]
fn broadcast_inputs() {
    let mut rng = Rng(0x0A77_E471_0000_0006);
    let (sq, sk, d, dv) = (19, 23, 17, 18);
    let a = geo(2, 3, sq, sk, d, dv);
    // Q, K and V shared by every head (head stride 0); Q and V with all rows equal (row
    // stride 0: rows overlap, so they are copied); masks per head and per row.
    let l = Lays {
        q: Lay::S([d, 0, 0, 1]),
        k: Lay::S([sk * d, 0, d, 1]),
        v: Lay::S([dv, 0, 0, 1]),
        mask: Some(Lay::S([0, sk, 0, 1])),
        out: BHI,
    };
    let got = check(&case(&mut rng, a, l, 0.1));
    // Rows of one (b, h) are equal: Q's rows are, and the mask does not vary with i.
    for bh in 0..6 {
        let r0 = &got[bh * sq * dv..][..dv];
        for i in 1..sq {
            assert_eq!(r0, &got[(bh * sq + i) * dv..][..dv]);
        }
    }
    // Row strides between 0 and the row length (overlapping rows).
    let l = Lays {
        q: Lay::S([sq * d, 0, 5, 1]),
        v: Lay::S([sk * dv, 0, 3, 1]),
        ..DENSE.mask(Lay::S([sk, 0, 1, 1]))
    };
    check(&case(&mut rng, a, l, 0.1));
}

#[test]
fn masked_rows_and_nan() {
    let mut rng = Rng(0x0A77_E471_0000_0007);
    let a = geo(1, 2, 5, 20, 8, 6);
    let mut c = case(&mut rng, a, DENSE.mask(BHI), 0.3);
    // Row (0, 1, 2) fully masked: NaN.
    let m = c.mask.as_mut().unwrap();
    for j in 0..20 {
        let o = offset(m.s, [0, 1, 2, j]);
        m.data[o] = f32::NEG_INFINITY;
    }
    let got = check(&c);
    for (n, g) in got.iter().enumerate() {
        let row = n / 6;
        assert_eq!(g.is_nan(), row == 5 + 2, "element {n}: {g}");
    }
    // With `nan_to_zero`, the masked row is zeros and the others are unchanged.
    let mut z = vec![f32::NAN; got.len()];
    let az = Attention {
        nan_to_zero: true,
        ..c.a
    };
    attention(
        Isa::best(),
        &az,
        c.q.view(),
        c.k.view(),
        c.v.view(),
        c.mask.as_ref().map(|m| m.view()),
        &mut z,
        c.out_s,
        2,
    );
    for (n, (g, w)) in z.iter().zip(&got).enumerate() {
        if n / 6 == 5 + 2 {
            assert_eq!(*g, 0.0, "element {n}");
        } else {
            assert_eq!(g.to_bits(), w.to_bits(), "element {n}");
        }
    }
    // NaN in V: its column is NaN in every row (0 * NaN, even where masked).
    let mut c = case(&mut rng, a, DENSE.mask(BHI), 0.3);
    let o = offset(c.v.s, [0, 0, 4, 3]);
    c.v.data[o] = f32::NAN;
    let got = check(&c);
    for (n, g) in got.iter().enumerate() {
        assert_eq!(g.is_nan(), n < 30 && n % 6 == 3, "element {n}: {g}");
    }
    // NaN in Q: its row; in K: every row of the head; in the mask: its row.
    let mut c = case(&mut rng, a, DENSE.mask(BHI), 0.0);
    let o = offset(c.q.s, [0, 0, 1, 7]);
    c.q.data[o] = f32::NAN;
    let o = offset(c.k.s, [0, 1, 19, 0]);
    c.k.data[o] = f32::NAN;
    let o = offset(c.mask.as_ref().unwrap().s, [0, 0, 3, 0]);
    c.mask.as_mut().unwrap().data[o] = f32::NAN;
    let got = check(&c);
    for (n, g) in got.iter().enumerate() {
        let (h, i) = (n / 30, n / 6 % 5);
        assert_eq!(g.is_nan(), h == 1 || i == 1 || i == 3, "element {n}: {g}");
    }
    // +inf in the mask: the row's max is +inf, `inf - inf` is NaN.
    let mut c = case(&mut rng, a, DENSE.mask(BHI), 0.0);
    let o = offset(c.mask.as_ref().unwrap().s, [0, 1, 4, 5]);
    c.mask.as_mut().unwrap().data[o] = f32::INFINITY;
    let got = check(&c);
    for (n, g) in got.iter().enumerate() {
        assert_eq!(g.is_nan(), n / 6 == 9, "element {n}: {g}");
    }
}

#[test]
fn scale_and_large_scores() {
    let mut rng = Rng(0x0A77_E471_0000_0008);
    for scale in [1.0, 0.01, 10.0, -2.5, 0.0] {
        let mut a = geo(1, 2, 9, 31, 20, 7);
        a.scale = scale;
        check(&case(&mut rng, a, DENSE.mask(BHI), 0.1));
    }
}

#[test]
fn check_rejects_bad_views() {
    let a = geo(1, 2, 3, 4, 5, 6);
    let mut out = [0f32; 36];
    let q = [0f32; 30];
    let good = Operands {
        q: q.as_ptr(),
        q_s: Strides::contiguous([1, 2, 3, 5]),
        k: q.as_ptr(),
        k_s: Strides::contiguous([1, 2, 4, 5]),
        v: q.as_ptr(),
        v_s: Strides::contiguous([1, 2, 4, 6]),
        mask: None,
        out: out.as_mut_ptr(),
        out_s: Strides::contiguous([1, 2, 3, 6]),
    };
    assert_eq!(good.check(&a), Ok(()));
    let k_t = Operands {
        k_s: Strides([40, 20, 1, 4]),
        ..good
    };
    let e = k_t.check(&a).unwrap_err();
    assert!(
        e.contains("k's column stride is 4") && e.contains("must be 1"),
        "{e}"
    );
    let m = Operands {
        mask: Some((q.as_ptr(), Strides([0, 0, 4, 0]))),
        ..good
    };
    let e = m.check(&a).unwrap_err();
    assert!(e.contains("mask's column stride is 0"), "{e}");
    let o = Operands {
        out_s: Strides([36, 18, 5, 1]),
        ..good
    };
    let e = o.check(&a).unwrap_err();
    assert!(e.contains("out's row stride 5 is below dv = 6"), "{e}");
    // A single column may have any stride.
    let one = geo(1, 2, 3, 4, 1, 1);
    let s = Operands {
        q_s: Strides([6, 3, 1, 7]),
        v_s: Strides([8, 4, 1, 9]),
        out_s: Strides([6, 3, 1, 0]),
        ..good
    };
    assert_eq!(s.check(&one), Ok(()));
    let huge = geo(1 << 40, 1 << 40, 1, 1, 1, 1);
    assert!(huge.check().unwrap_err().contains("overflows"));
    assert!(scratch_bytes(&a, &good) > 0);
}

#[test]
#[should_panic(expected = "out's row stride")]
fn safe_wrapper_panics_on_bad_views() {
    let a = geo(1, 1, 2, 2, 2, 2);
    let x = [0f32; 16];
    let v = View {
        data: &x,
        s: Strides::contiguous([1, 1, 2, 2]),
    };
    let mut out = [0f32; 4];
    attention(
        Isa::Portable,
        &a,
        v,
        v,
        v,
        None,
        &mut out,
        Strides([4, 4, 1, 1]),
        1,
    );
}

#[test]
fn parts_rule() {
    let tiny = geo(1, 1, 4, 4, 4, 4);
    assert_eq!(parts(&tiny, 8), 1);
    let bert = geo(1, 8, 128, 128, 64, 64);
    assert_eq!(parts(&bert, 2), 2);
    assert_eq!(parts(&bert, 1), 1);
    assert_eq!(parts(&bert, 0), 1);
    // 8 heads x 2 row blocks of 64.
    assert_eq!(parts(&bert, 64), 16);
    assert_eq!(parts(&geo(0, 8, 128, 128, 64, 64), 4), 1);
    assert_eq!(parts(&geo(1 << 40, 1 << 40, 1, 1, 1, 1), 4), 1);
    for t in 1..10 {
        assert!(parts(&geo(1, 2, 33, 17, 9, 5), t) >= 1);
    }
}
