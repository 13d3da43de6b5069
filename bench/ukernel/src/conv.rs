//! Convolution GFLOP/s: ResNet-18's conv shapes and MobileNetV2's depthwise and
//! pointwise ones (batch 1), single-threaded and with two parts on two threads, against
//! the f32 GEMM on the matching `m x k x n` (the ceiling for the implicit-GEMM path).
//! Depthwise shapes also report the GB/s of reading the input and writing the output.

use crate::{cpu_time, rand_vec};
use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use xir_ukernel::conv::{conv2d_f32, pack_filter, parts, Conv2d, PackedFilter};
use xir_ukernel::Isa;

fn conv(c: usize, m: usize, hw: usize, k: usize, stride: usize, groups: usize) -> Conv2d {
    let pad = k / 2;
    let o = (hw + 2 * pad - k) / stride + 1;
    Conv2d {
        n: 1,
        c,
        h: hw,
        w: hw,
        m,
        kh: k,
        kw: k,
        oh: o,
        ow: o,
        groups,
        stride: [stride; 2],
        dilation: [1, 1],
        pad: [pad; 2],
    }
}

fn shapes() -> Vec<(&'static str, Conv2d)> {
    vec![
        ("r18 stem 3>64 7x7 s2 224", conv(3, 64, 224, 7, 2, 1)),
        ("r18 64>64 3x3 56", conv(64, 64, 56, 3, 1, 1)),
        ("r18 64>128 3x3 s2 56", conv(64, 128, 56, 3, 2, 1)),
        ("r18 128>128 3x3 28", conv(128, 128, 28, 3, 1, 1)),
        ("r18 128>256 3x3 s2 28", conv(128, 256, 28, 3, 2, 1)),
        ("r18 256>256 3x3 14", conv(256, 256, 14, 3, 1, 1)),
        ("r18 256>512 3x3 s2 14", conv(256, 512, 14, 3, 2, 1)),
        ("r18 512>512 3x3 7", conv(512, 512, 7, 3, 1, 1)),
        ("r18 64>128 1x1 s2 56", conv(64, 128, 56, 1, 2, 1)),
        ("r18 128>256 1x1 s2 28", conv(128, 256, 28, 1, 2, 1)),
        ("r18 256>512 1x1 s2 14", conv(256, 512, 14, 1, 2, 1)),
        ("mv2 dw 32 3x3 112", conv(32, 32, 112, 3, 1, 32)),
        ("mv2 dw 96 3x3 s2 112", conv(96, 96, 112, 3, 2, 96)),
        ("mv2 dw 144 3x3 56", conv(144, 144, 56, 3, 1, 144)),
        ("mv2 dw 576 3x3 14", conv(576, 576, 14, 3, 1, 576)),
        ("mv2 dw 576 3x3 s2 14", conv(576, 576, 14, 3, 2, 576)),
        ("mv2 dw 960 3x3 7", conv(960, 960, 7, 3, 1, 960)),
        ("mv2 pw 32>16 112", conv(32, 16, 112, 1, 1, 1)),
        ("mv2 pw 144>24 56", conv(144, 24, 56, 1, 1, 1)),
        ("mv2 pw 960>160 7", conv(960, 160, 7, 1, 1, 1)),
    ]
}

/// A second thread that runs part 1 of whatever `job` holds each time `go` ticks; the
/// caller runs part 0 meanwhile, so a 2-part call costs no thread start.
pub struct Pair {
    go: Arc<AtomicUsize>,
    done: Arc<AtomicUsize>,
    job: Arc<AtomicUsize>,
}

impl Pair {
    /// A pair without a thread, for single-threaded calls only.
    pub fn idle() -> Pair {
        Pair {
            go: Arc::new(AtomicUsize::new(0)),
            done: Arc::new(AtomicUsize::new(0)),
            job: Arc::new(AtomicUsize::new(0)),
        }
    }

    pub fn new() -> Pair {
        let (go, done, job) = (
            Arc::new(AtomicUsize::new(0)),
            Arc::new(AtomicUsize::new(0)),
            Arc::new(AtomicUsize::new(0)),
        );
        let (g, d, j) = (go.clone(), done.clone(), job.clone());
        std::thread::spawn(move || {
            let mut seen = 0;
            loop {
                let now = g.load(Ordering::Acquire);
                if now == usize::MAX {
                    return;
                }
                if now == seen {
                    std::hint::spin_loop();
                    continue;
                }
                seen = now;
                // SAFETY: `job` holds a `&dyn Fn(usize)` boxed by `run2`, alive until
                // `done` says this part finished.
                let f = unsafe { &*(j.load(Ordering::Acquire) as *const &(dyn Fn(usize) + Sync)) };
                f(1);
                d.fetch_add(1, Ordering::Release);
            }
        });
        Pair { go, done, job }
    }

    /// Runs `f(0)` here and `f(1)` on the other thread, and waits for both.
    pub fn run2(&self, f: &(dyn Fn(usize) + Sync)) {
        let r: &&(dyn Fn(usize) + Sync) = &f;
        self.job.store(r as *const _ as usize, Ordering::Release);
        let before = self.done.load(Ordering::Acquire);
        self.go.fetch_add(1, Ordering::Release);
        f(0);
        while self.done.load(Ordering::Acquire) == before {
            std::hint::spin_loop();
        }
    }
}

impl Drop for Pair {
    fn drop(&mut self) {
        self.go.store(usize::MAX, Ordering::Release);
    }
}

/// Seconds per call: the best ~2 ms trial over `budget`, by `clock` (thread CPU time
/// single-threaded; wall time for two threads).
pub fn time_with(budget: Duration, clock: fn() -> f64, f: &mut dyn FnMut()) -> f64 {
    f();
    let t = clock();
    f();
    let once = (clock() - t).max(1e-7);
    let reps = ((0.002 / once) as usize).max(1);
    let mut best = f64::INFINITY;
    let start = Instant::now();
    while start.elapsed() < budget {
        let t = clock();
        for _ in 0..reps {
            f();
        }
        best = best.min((clock() - t) / reps as f64);
    }
    best
}

pub fn wall() -> f64 {
    use std::sync::OnceLock;
    static T0: OnceLock<Instant> = OnceLock::new();
    T0.get_or_init(Instant::now).elapsed().as_secs_f64()
}

/// Runs parts `0..np` of the conv (`np` 1 or 2), the second on `pair`.
fn call(s: &Conv2d, input: &[f32], f: &PackedFilter, out: &mut [f32], np: usize, pair: &Pair) {
    let o = out.as_mut_ptr() as usize;
    let run = |part: usize| {
        // SAFETY: the buffers hold the geometry's lengths; parts write disjoint elements.
        unsafe {
            conv2d_f32(
                s,
                input.as_ptr(),
                f,
                o as *mut f32,
                part,
                np,
                None,
                std::ptr::null_mut(),
            )
        }
    };
    if np == 1 {
        run(0);
    } else {
        pair.run2(&run);
    }
}

pub fn run(budget: Duration) {
    let isa = Isa::best();
    println!(
        "conv GFLOP/s on {} (batch 1; 2T = parts(s, 2) parts on 2 threads, wall time; \
         GEMM = xir_matmul_f32 single-thread on m/groups x K x P)\n",
        isa.name()
    );
    println!(
        "{:<26}{:>16}{:>8}{:>8}{:>8}{:>8}{:>9}",
        "shape", "M x K x N", "ST", "2T", "parts", "GEMM", "ST/GEMM"
    );
    let mut seed = 0x1234_5678_9ABC_DEF1u64;
    // `XIR_BENCH_CONV=substring` runs only the matching shapes.
    let only = std::env::var("XIR_BENCH_CONV").unwrap_or_default();
    // `XIR_BENCH_ST=1`: the single-thread column only (for profiling).
    let st_only = std::env::var_os("XIR_BENCH_ST").is_some();
    for (name, s) in shapes()
        .into_iter()
        .filter(|(n, _)| n.contains(only.as_str()))
    {
        let input: Vec<f32> = rand_vec(s.input_len(), &mut seed);
        let filter: Vec<f32> = rand_vec(s.filter_len(), &mut seed);
        let packed = pack_filter(isa, &s, &filter);
        let mut out = vec![0f32; s.output_len()];
        let (mg, kk, p) = (s.m / s.groups, s.c / s.groups * s.kh * s.kw, s.oh * s.ow);
        let flops = 2.0 * (s.output_len() * kk) as f64;
        let np = parts(&s, 2);
        let (mut st, mut mt, mut gemm) = (0f64, 0f64, 0f64);
        let a: Vec<f32> = rand_vec(mg * kk, &mut seed);
        let b: Vec<f32> = rand_vec(kk * p, &mut seed);
        let mut c = vec![0f32; mg * p];
        let depthwise = s.c == s.groups;
        let rounds = 3;
        // Single-threaded calls never touch the pair's thread.
        let idle = Pair::idle();
        let pair = &idle;
        for _ in 0..rounds {
            let t = time_with(budget / rounds, cpu_time, &mut || {
                call(&s, black_box(&input), &packed, black_box(&mut out), 1, pair)
            });
            st = st.max(flops / t / 1e9);
            if st_only {
                continue;
            }
            // The helper thread spins: it lives only while the 2T column is timed.
            let pair = Pair::new();
            let t = time_with(budget / rounds, wall, &mut || {
                call(
                    &s,
                    black_box(&input),
                    &packed,
                    black_box(&mut out),
                    np,
                    &pair,
                )
            });
            drop(pair);
            mt = mt.max(flops / t / 1e9);
            if !depthwise {
                let t = time_with(budget / rounds, cpu_time, &mut || unsafe {
                    xir_ukernel::xir_matmul_f32_isa(
                        isa,
                        a.as_ptr(),
                        kk,
                        b.as_ptr(),
                        p,
                        c.as_mut_ptr(),
                        p,
                        mg,
                        p,
                        kk,
                        None,
                        std::ptr::null_mut(),
                    )
                });
                gemm = gemm.max(2.0 * (mg * kk * p) as f64 / t / 1e9);
            }
        }
        let dims = format!("{mg}x{kk}x{p}");
        if depthwise {
            // Bytes moved at the ST speed: input read once, output written once; against
            // a single-thread memcpy of the input (its read and write).
            let bytes = 4.0 * (s.input_len() + s.output_len()) as f64;
            let gbs = bytes / (flops / st / 1e9) / 1e9;
            let mut copy = vec![0f32; s.input_len()];
            let t = time_with(budget, cpu_time, &mut || {
                black_box(&mut copy).copy_from_slice(black_box(&input))
            });
            let copy_gbs = 8.0 * s.input_len() as f64 / t / 1e9;
            println!(
                "{name:<26}{dims:>16}{st:>8.1}{mt:>8.1}{np:>8}{:>8}{:>9}   (memcpy {copy_gbs:.0} GB/s)",
                "-",
                format!("{gbs:.0} GB/s")
            );
        } else {
            println!(
                "{name:<26}{dims:>16}{st:>8.1}{mt:>8.1}{np:>8}{gemm:>8.1}{:>8.0}%",
                100.0 * st / gemm
            );
        }
    }
    println!();
}
