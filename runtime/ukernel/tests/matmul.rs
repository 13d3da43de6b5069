//! Every entry point against a naive triple loop, on every ISA path this machine has.
#![warn(clippy::undocumented_unsafe_blocks)]

use half::{bf16, f16};
use xir_ukernel::{matmul, matmul_with, Element, Epilogue, Isa, MatmulFn};

const DIMS: [usize; 15] = [0, 1, 2, 3, 5, 7, 8, 15, 16, 17, 31, 33, 64, 65, 100];

/// Shapes that cross the kernels' tile, k-block (128..256), row-block (144) and column-block
/// (4096) boundaries.
const LARGE: [(usize, usize, usize); 5] = [
    (130, 70, 260),
    (150, 17, 300),
    (13, 4100, 3),
    (145, 33, 257),
    (1, 1, 700),
];

mod common;
use common::Rng;

impl Rng {
    fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len())]
    }
}

/// A test element type: random values and the exact or tolerant reference.
trait TestElem: Element + Default + PartialEq + std::fmt::Debug {
    /// What the reference keeps per output element.
    type Ref: Copy + std::fmt::Debug;
    fn random(r: &mut Rng) -> Self;
    /// Reference values of C, row-major m x n.
    fn reference(c: &Case<Self>) -> Vec<Self::Ref>;
    fn close(got: Self, want: Self::Ref, k: usize) -> bool;
}

/// Float reference: (exact f64 sum, sum of |a_p * b_p|), the latter scaling the error bound.
fn reference_f64<T: TestElem>(c: &Case<T>, to_f64: impl Fn(T) -> f64) -> Vec<(f64, f64)> {
    let a: Vec<f64> = c.a.iter().map(|&x| to_f64(x)).collect();
    let b: Vec<f64> = c.b.iter().map(|&x| to_f64(x)).collect();
    let mut out = vec![(0.0, 0.0); c.m * c.n];
    for i in 0..c.m {
        for p in 0..c.k {
            let x = a[i * c.lda + p];
            for j in 0..c.n {
                let y = x * b[p * c.ldb + j];
                let o = &mut out[i * c.n + j];
                o.0 += y;
                o.1 += y.abs();
            }
        }
    }
    out
}

macro_rules! float_elem {
    ($t:ty, $eps:expr, $out_eps:expr, $from:expr, $to:expr) => {
        impl TestElem for $t {
            type Ref = (f64, f64);
            fn random(r: &mut Rng) -> Self {
                // Multiples of 1/64 in [-2, 2): exact in every format.
                $from((r.below(256) as f64 - 128.0) / 64.0)
            }
            fn reference(c: &Case<Self>) -> Vec<(f64, f64)> {
                reference_f64(c, $to)
            }
            fn close(got: Self, (exact, gross): (f64, f64), k: usize) -> bool {
                // Accumulation error of the working precision, plus one final rounding.
                let tol = (k as f64 + 2.0) * $eps * gross + $out_eps * exact.abs();
                ($to(got) - exact).abs() <= tol
            }
        }
    };
}

float_elem!(f32, f32::EPSILON as f64, 0.0, |x| x as f32, |x: f32| x
    as f64);
float_elem!(f64, f64::EPSILON, 0.0, |x| x, |x: f64| x);
float_elem!(
    f16,
    f32::EPSILON as f64,
    f16::EPSILON.to_f64() / 2.0,
    f16::from_f64,
    |x: f16| x.to_f64()
);
float_elem!(
    bf16,
    f32::EPSILON as f64,
    bf16::EPSILON.to_f64() / 2.0,
    bf16::from_f64,
    |x: bf16| x.to_f64()
);

macro_rules! int_elem {
    ($($t:ty)*) => {$(
        impl TestElem for $t {
            type Ref = $t;
            fn random(r: &mut Rng) -> Self {
                r.next() as $t
            }
            fn reference(c: &Case<Self>) -> Vec<$t> {
                let mut out = vec![0 as $t; c.m * c.n];
                for i in 0..c.m {
                    for p in 0..c.k {
                        let x = c.a[i * c.lda + p];
                        for j in 0..c.n {
                            let o = &mut out[i * c.n + j];
                            *o = o.wrapping_add(x.wrapping_mul(c.b[p * c.ldb + j]));
                        }
                    }
                }
                out
            }
            fn close(got: Self, want: $t, _k: usize) -> bool {
                got == want
            }
        }
    )*};
}
int_elem!(i8 u8 i16 u16 i32 u32 i64 u64);

/// One random problem: operands with padded leading dims and a C full of garbage.
struct Case<T: TestElem> {
    m: usize,
    n: usize,
    k: usize,
    lda: usize,
    ldb: usize,
    ldc: usize,
    a: Vec<T>,
    b: Vec<T>,
    c: Vec<T>,
    want: Vec<T::Ref>,
}

impl<T: TestElem> Case<T> {
    fn new(r: &mut Rng, m: usize, n: usize, k: usize) -> Self {
        let pad = |r: &mut Rng| r.pick(&[0, 0, 1, 3, 16]);
        let (lda, ldb, ldc) = (k + pad(r), n + pad(r), n + pad(r));
        let mut fill = |len: usize| (0..len).map(|_| T::random(r)).collect::<Vec<T>>();
        let (a, b, c) = (fill(m * lda), fill(k * ldb), fill(m * ldc));
        let mut case = Case {
            m,
            n,
            k,
            lda,
            ldb,
            ldc,
            a,
            b,
            c,
            want: vec![],
        };
        case.want = T::reference(&case);
        case
    }

    /// Checks rows [lo, hi) of `c` against the reference; padding must be untouched.
    fn check_rows(&self, c: &[T], lo: usize, hi: usize, what: &str) {
        for i in lo..hi {
            for j in 0..self.n {
                let (got, want) = (c[i * self.ldc + j], self.want[i * self.n + j]);
                assert!(
                    T::close(got, want, self.k),
                    "{what}: C[{i},{j}] = {got:?}, want {want:?} (m={} n={} k={} lda={} ldb={} ldc={})",
                    self.m,
                    self.n,
                    self.k,
                    self.lda,
                    self.ldb,
                    self.ldc
                );
            }
            let row = i * self.ldc;
            assert_eq!(
                c[row + self.n..row + self.ldc],
                self.c[row + self.n..row + self.ldc],
                "{what}: padding written"
            );
        }
    }

    fn run(&self, isa: Isa, what: &str) {
        let mut c = self.c.clone();
        let (m, n, k) = (self.m, self.n, self.k);
        let mut next = 0;
        let mut calls = 0;
        matmul_with(
            isa,
            &self.a,
            self.lda,
            &self.b,
            self.ldb,
            &mut c,
            self.ldc,
            m,
            n,
            k,
            Some(&mut |lo, hi, c: &mut [T]| {
                assert_eq!(lo, next, "{what}: epilogue blocks out of order");
                assert!(lo < hi && hi <= m, "{what}: bad block {lo}..{hi} of {m}");
                // Rows must already be final when the epilogue sees them.
                self.check_rows(c, lo, hi, what);
                next = hi;
                calls += 1;
            }),
        );
        assert_eq!(next, m, "{what}: epilogue did not cover every row");
        assert_eq!(calls == 0, m == 0, "{what}: epilogue call count");
        self.check_rows(&c, 0, m, what);
    }
}

/// Every (m, n) pair from DIMS with k cycling through DIMS, plus every k with random
/// (m, n), plus the large shapes; `Sweep::Light` keeps a random quarter of them (for
/// paths whose kernel is already swept in full elsewhere).
#[derive(Clone, Copy, PartialEq)]
enum Sweep {
    Full,
    Light,
}

fn sweep<T: TestElem>(seed: u64, isas: &[Isa], how: Sweep) {
    let name = std::any::type_name::<T>();
    for &isa in isas {
        let mut r = Rng(seed ^ 0x5DEE_CE66_D1CE_4E5B);
        let mut shapes = vec![];
        for (x, &m) in DIMS.iter().enumerate() {
            for (y, &n) in DIMS.iter().enumerate() {
                shapes.push((m, n, DIMS[(x + y) % DIMS.len()]));
            }
        }
        for &k in &DIMS {
            shapes.push((r.pick(&DIMS), r.pick(&DIMS), k));
        }
        if how == Sweep::Light {
            shapes.retain(|_| r.below(4) == 0);
        }
        shapes.extend(LARGE);
        for (m, n, k) in shapes {
            let case = Case::<T>::new(&mut r, m, n, k);
            case.run(isa, &format!("{name} {isa:?} {m}x{n}x{k}"));
        }
    }
}

/// The best path in full, the others lightly.
fn sweep_paths<T: TestElem>(seed: u64) {
    sweep::<T>(seed, &[Isa::best()], Sweep::Full);
    let others: Vec<Isa> = Isa::supported()
        .into_iter()
        .filter(|&i| i != Isa::best())
        .collect();
    sweep::<T>(seed + 100, &others, Sweep::Light);
}

#[test]
fn f32_all_paths() {
    sweep::<f32>(1, &Isa::supported(), Sweep::Full);
}

#[test]
fn f64_all_paths() {
    sweep::<f64>(2, &Isa::supported(), Sweep::Full);
}

#[test]
fn f16_all_paths() {
    // f16/bf16 run on the f32 kernels swept above.
    sweep_paths::<f16>(3);
}

#[test]
fn bf16_all_paths() {
    sweep_paths::<bf16>(4);
}

#[test]
fn i8_and_u8() {
    sweep_paths::<i8>(5);
    // Same kernel as the signed type: one path is enough.
    sweep::<u8>(6, &[Isa::best()], Sweep::Light);
}

#[test]
fn i16_and_u16() {
    sweep_paths::<i16>(7);
    // Same kernel as the signed type: one path is enough.
    sweep::<u16>(8, &[Isa::best()], Sweep::Light);
}

#[test]
fn i32_and_u32() {
    sweep_paths::<i32>(9);
    // Same kernel as the signed type: one path is enough.
    sweep::<u32>(10, &[Isa::best()], Sweep::Light);
}

#[test]
fn i64_and_u64() {
    sweep_paths::<i64>(11);
    // Same kernel as the signed type: one path is enough.
    sweep::<u64>(12, &[Isa::best()], Sweep::Light);
}

/// The raw `extern "C"` entry points, with an epilogue that rewrites the finished rows:
/// if the kernel touched a row after its epilogue, the marker would be lost.
#[test]
fn raw_entry_points_and_epilogue_order() {
    struct Ctx {
        c: *mut i32,
        ldc: usize,
        n: usize,
        next: usize,
    }
    /// # Safety
    /// `ctx` is a live `Ctx` whose `c` holds rows `lo..hi` (`n` elements, `ldc` apart).
    unsafe extern "C" fn mark(ctx: *mut u8, lo: usize, hi: usize) {
        // SAFETY: the test passes its own `Ctx`, alive across the kernel call.
        let ctx = unsafe { &mut *ctx.cast::<Ctx>() };
        assert_eq!(lo, ctx.next);
        for i in lo..hi {
            for j in 0..ctx.n {
                // SAFETY: `i < m`, `j < n`: in the test's C, which the kernel is not
                // touching while the epilogue runs.
                unsafe { *ctx.c.add(i * ctx.ldc + j) = -((i * 1000 + j) as i32) - 1 };
            }
        }
        ctx.next = hi;
    }
    let f: MatmulFn<i32> = xir_ukernel::xir_matmul_i32;
    let mut r = Rng(99);
    for (m, n, k) in [(300, 20, 7), (33, 5, 300), (5, 0, 3), (4, 3, 0)] {
        let case = Case::<i32>::new(&mut r, m, n, k);
        let mut c = case.c.clone();
        let mut ctx = Ctx {
            c: c.as_mut_ptr(),
            ldc: case.ldc,
            n,
            next: 0,
        };
        let epi: Epilogue = mark;
        // SAFETY: `Case` sizes A, B and C as `m * lda`, `k * ldb`, `m * ldc` with
        // `lda >= k`, `ldb >= n`, `ldc >= n`; C is its own vector; `mark` writes only C's
        // finished rows through `ctx`, which lives across the call.
        unsafe {
            f(
                case.a.as_ptr(),
                case.lda,
                case.b.as_ptr(),
                case.ldb,
                c.as_mut_ptr(),
                case.ldc,
                m,
                n,
                k,
                Some(epi),
                (&mut ctx as *mut Ctx).cast(),
            )
        };
        assert_eq!(ctx.next, m);
        for i in 0..m {
            for j in 0..n {
                assert_eq!(c[i * case.ldc + j], -((i * 1000 + j) as i32) - 1);
            }
        }
    }
}

/// Same marker check for every float path (the packed kernels have the most complex
/// loop order: row blocks finish only in the last k and column block).
#[test]
fn float_rows_untouched_after_epilogue() {
    let mut r = Rng(7);
    for isa in Isa::supported() {
        for (m, n, k) in [(150, 20, 300), (3, 4100, 260), (7, 9, 520)] {
            let case = Case::<f32>::new(&mut r, m, n, k);
            let mut c = case.c.clone();
            let mut next = 0;
            matmul_with(
                isa,
                &case.a,
                case.lda,
                &case.b,
                case.ldb,
                &mut c,
                case.ldc,
                m,
                n,
                k,
                Some(&mut |lo, hi, c: &mut [f32]| {
                    assert_eq!(lo, next);
                    for i in lo..hi {
                        c[i * case.ldc..i * case.ldc + n].fill(i as f32 + 0.5);
                    }
                    next = hi;
                }),
            );
            assert_eq!(next, m);
            for i in 0..m {
                assert!(c[i * case.ldc..i * case.ldc + n]
                    .iter()
                    .all(|&x| x == i as f32 + 0.5));
            }
        }
    }
}

#[test]
fn m_zero_calls_no_epilogue_and_k_zero_writes_zeros() {
    for isa in Isa::supported() {
        let mut c = vec![7.0f32; 12];
        matmul_with(
            isa,
            &[],
            0,
            &[1.0; 12],
            4,
            &mut c,
            4,
            0,
            4,
            3,
            Some(&mut |_, _, _: &mut [f32]| panic!("epilogue called with m = 0")),
        );
        assert!(c.iter().all(|&x| x == 7.0));
        matmul_with(isa, &[], 0, &[], 4, &mut c, 4, 3, 4, 0, None);
        assert!(c.iter().all(|&x| x == 0.0));
    }
    let mut c = vec![f16::ONE; 6];
    matmul(&[], 0, &[], 3, &mut c, 3, 2, 3, 0);
    assert!(c.iter().all(|x| x.to_bits() == 0));
}

/// An epilogue that itself runs a matmul (the scratch buffers must not be shared).
#[test]
fn nested_matmul_in_epilogue() {
    let (m, n, k) = (40, 40, 40);
    let mut r = Rng(5);
    let outer = Case::<f32>::new(&mut r, m, n, k);
    let inner = Case::<f32>::new(&mut r, 30, 30, 300);
    let mut c = outer.c.clone();
    matmul_with(
        Isa::best(),
        &outer.a,
        outer.lda,
        &outer.b,
        outer.ldb,
        &mut c,
        outer.ldc,
        m,
        n,
        k,
        Some(&mut |_, _, _: &mut [f32]| inner.run(Isa::best(), "nested")),
    );
    outer.check_rows(&c, 0, m, "outer");
}

#[test]
#[should_panic(expected = "needed")]
fn safe_wrapper_checks_lengths() {
    let mut c = vec![0.0f32; 3];
    matmul(&[1.0; 4], 2, &[1.0; 4], 2, &mut c, 2, 2, 2, 2);
}

#[test]
fn best_isa_is_supported() {
    assert!(Isa::best().is_supported());
    assert!(Isa::supported().contains(&Isa::Portable));
    assert!(Isa::supported().contains(&Isa::best()));
}

/// n = 0 with m > 0: C and B hold no element, so the safe wrapper checks neither their
/// lengths nor their leading dims, and a kernel must not offset a pointer into them
/// (`ptr.add` past the end of an allocation is undefined behaviour; with the huge leading
/// dims used here, the standard library's debug checks abort on the pointers it would
/// give). Every row is still reported to the epilogue.
#[test]
fn n_zero_never_offsets_into_c_or_b() {
    fn run<T: Element + Default>(isa: Isa) {
        let huge = isize::MAX as usize / 2;
        let (m, k) = (5, 3);
        let a = vec![T::default(); m * k];
        let mut next = 0;
        matmul_with(
            isa,
            &a,
            k,
            &[],
            huge,
            &mut [],
            huge,
            m,
            0,
            k,
            Some(&mut |lo, hi, c: &mut [T]| {
                assert_eq!((lo, c.len()), (next, 0));
                next = hi;
            }),
        );
        assert_eq!(next, m, "{} {isa:?}", std::any::type_name::<T>());
    }
    for isa in Isa::supported() {
        run::<f32>(isa);
        run::<f64>(isa);
        run::<f16>(isa);
        run::<bf16>(isa);
        run::<i8>(isa);
        run::<i16>(isa);
        run::<i32>(isa);
        run::<i64>(isa);
    }
}
