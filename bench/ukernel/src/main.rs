//! Single-thread GFLOP/s of xir_matmul_{f32,f64} (each ISA path) against the `gemm` and
//! `matrixmultiply` crates and numpy/OpenBLAS with one thread.
//!
//! cd bench/ukernel && cargo run --release [-- --quick | --secs X]
//! numpy runs through $XIR_BENCH_PYTHON (default /tmp/ukvenv/bin/python) if it exists.
//! Then the convolution section (`conv.rs`); `-- --conv` runs only that. `-- --pool`
//! runs only the pooling section (`pool.rs`). `-- --micro`: the AVX-512 register tile
//! alone on panels in L1.

mod conv;
mod pool;

use std::hint::black_box;
use std::process::Command;
use std::time::{Duration, Instant};
use xir_ukernel::Isa;

/// (m, k, n): A is m x k, B is k x n.
const SHAPES: [(usize, usize, usize); 5] = [
    (512, 512, 512),
    (64, 512, 1024),
    (64, 1024, 512),
    (8, 784, 128),
    (8, 128, 784),
];

fn rand_vec<T: From<f32>>(len: usize, seed: &mut u64) -> Vec<T> {
    (0..len)
        .map(|_| {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            T::from((*seed >> 40) as f32 / (1u64 << 24) as f32 - 0.5)
        })
        .collect()
}

/// This thread's CPU time in seconds: unlike wall time it does not count the time other
/// processes hold the core, which matters on a shared 2-core machine.
#[cfg(target_os = "linux")]
fn cpu_time() -> f64 {
    #[repr(C)]
    struct Timespec {
        sec: i64,
        nsec: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, ts: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut ts = Timespec { sec: 0, nsec: 0 };
    // SAFETY: plain libc call with a valid out-pointer.
    unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    ts.sec as f64 + ts.nsec as f64 * 1e-9
}

#[cfg(not(target_os = "linux"))]
fn cpu_time() -> f64 {
    use std::sync::OnceLock;
    static T0: OnceLock<Instant> = OnceLock::new();
    T0.get_or_init(Instant::now).elapsed().as_secs_f64()
}

/// Seconds per call of `f`: the best of ~2 ms trials (thread CPU time) spread over
/// `budget` of wall time.
fn time(budget: Duration, f: &mut dyn FnMut()) -> f64 {
    f();
    let t = cpu_time();
    f();
    let once = (cpu_time() - t).max(1e-7);
    let reps = ((0.002 / once) as usize).max(1);
    let mut best = f64::INFINITY;
    let start = Instant::now();
    while start.elapsed() < budget {
        let t = cpu_time();
        for _ in 0..reps {
            f();
        }
        best = best.min((cpu_time() - t) / reps as f64);
    }
    best
}

trait Num: Copy + From<f32> + Default + 'static {
    const NAME: &'static str;
    unsafe fn xir(isa: Isa, a: &[Self], b: &[Self], c: &mut [Self], m: usize, k: usize, n: usize);
    unsafe fn gemm(a: &[Self], b: &[Self], c: &mut [Self], m: usize, k: usize, n: usize);
    unsafe fn mm(a: &[Self], b: &[Self], c: &mut [Self], m: usize, k: usize, n: usize);
}

macro_rules! num {
    ($t:ty, $xir:path, $mm:path) => {
        impl Num for $t {
            const NAME: &'static str = stringify!($t);
            unsafe fn xir(
                isa: Isa,
                a: &[$t],
                b: &[$t],
                c: &mut [$t],
                m: usize,
                k: usize,
                n: usize,
            ) {
                $xir(
                    isa,
                    a.as_ptr(),
                    k,
                    b.as_ptr(),
                    n,
                    c.as_mut_ptr(),
                    n,
                    m,
                    n,
                    k,
                    None,
                    std::ptr::null_mut(),
                )
            }
            unsafe fn gemm(a: &[$t], b: &[$t], c: &mut [$t], m: usize, k: usize, n: usize) {
                gemm::gemm(
                    m,
                    n,
                    k,
                    c.as_mut_ptr(),
                    1,
                    n as isize,
                    false,
                    a.as_ptr(),
                    1,
                    k as isize,
                    b.as_ptr(),
                    1,
                    n as isize,
                    0.0,
                    1.0,
                    false,
                    false,
                    false,
                    gemm::Parallelism::None,
                )
            }
            unsafe fn mm(a: &[$t], b: &[$t], c: &mut [$t], m: usize, k: usize, n: usize) {
                $mm(
                    m,
                    k,
                    n,
                    1.0,
                    a.as_ptr(),
                    k as isize,
                    1,
                    b.as_ptr(),
                    n as isize,
                    1,
                    0.0,
                    c.as_mut_ptr(),
                    n as isize,
                    1,
                )
            }
        }
    };
}
num!(f32, xir_ukernel::xir_matmul_f32_isa, matrixmultiply::sgemm);
num!(f64, xir_ukernel::xir_matmul_f64_isa, matrixmultiply::dgemm);

fn numpy(budget: Duration) -> Option<String> {
    let py = std::env::var("XIR_BENCH_PYTHON").unwrap_or_else(|_| "/tmp/ukvenv/bin/python".into());
    if !std::path::Path::new(&py).exists() {
        return None;
    }
    let shapes: Vec<String> = SHAPES
        .iter()
        .map(|(m, k, n)| format!("({m},{k},{n})"))
        .collect();
    let script = format!(
        r#"
import time, numpy as np
def bench(m, k, n, dt):
    a = np.random.rand(m, k).astype(dt); b = np.random.rand(k, n).astype(dt); c = np.empty((m, n), dt)
    np.matmul(a, b, out=c); t = time.thread_time(); np.matmul(a, b, out=c)
    once = max(time.thread_time() - t, 1e-7); reps = max(1, int(0.002 / once)); best = 1e9
    start = time.perf_counter()
    while time.perf_counter() - start < {budget}:
        t = time.thread_time()
        for _ in range(reps): np.matmul(a, b, out=c)
        best = min(best, (time.thread_time() - t) / reps)
    return 2 * m * n * k / best / 1e9
for dt in (np.float32, np.float64):
    print(" ".join("%.1f" % bench(m, k, n, dt) for (m, k, n) in [{shapes}]))
"#,
        budget = budget.as_secs_f64(),
        shapes = shapes.join(",")
    );
    let out = Command::new(py)
        .arg("-c")
        .arg(script)
        .env("OPENBLAS_NUM_THREADS", "1")
        .env("OMP_NUM_THREADS", "1")
        .env("MKL_NUM_THREADS", "1")
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

fn run<T: Num>(budget: Duration, np_row: Option<&str>) {
    print!("{:<22}", format!("{} m x k x n", T::NAME));
    for (m, k, n) in SHAPES {
        print!("{:>13}", format!("{m}x{k}x{n}"));
    }
    println!();
    type Kernel<T> = Box<dyn Fn(&[T], &[T], &mut [T], usize, usize, usize)>;
    let mut kernels: Vec<(String, Kernel<T>)> = vec![];
    for isa in Isa::supported().into_iter().rev() {
        kernels.push((
            format!("xir {}", isa.name()),
            Box::new(move |a, b, c, m, k, n| unsafe { T::xir(isa, a, b, c, m, k, n) }),
        ));
    }
    kernels.push((
        "gemm 0.19".into(),
        Box::new(|a, b, c, m, k, n| unsafe { T::gemm(a, b, c, m, k, n) }),
    ));
    kernels.push((
        "matrixmultiply 0.3".into(),
        Box::new(|a, b, c, m, k, n| unsafe { T::mm(a, b, c, m, k, n) }),
    ));
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    // gflops[kernel][shape]; kernels take turns so all see the same machine load.
    let mut gflops = vec![vec![0.0f64; SHAPES.len()]; kernels.len()];
    for (s, &(m, k, n)) in SHAPES.iter().enumerate() {
        let a: Vec<T> = rand_vec(m * k, &mut seed);
        let b: Vec<T> = rand_vec(k * n, &mut seed);
        let mut c = vec![T::default(); m * n];
        let rounds = 4;
        for _ in 0..rounds {
            for (g, (_, f)) in gflops.iter_mut().zip(&kernels) {
                let t = time(budget / rounds, &mut || {
                    f(black_box(&a), black_box(&b), black_box(&mut c), m, k, n)
                });
                g[s] = g[s].max((2 * m * n * k) as f64 / t / 1e9);
            }
        }
    }
    for ((name, _), g) in kernels.iter().zip(&gflops) {
        print!("{name:<22}");
        for x in g {
            print!("{x:>13.1}");
        }
        println!();
    }
    if let Some(r) = np_row {
        print!("{:<22}", "numpy 1T (OpenBLAS)");
        for g in r.split_whitespace() {
            print!("{g:>13}");
        }
        println!();
    }
    println!();
}

fn main() {
    // Seconds per (kernel, shape): --quick, or --secs X on a noisy machine.
    let args: Vec<String> = std::env::args().collect();
    let secs = match args.iter().position(|a| a == "--secs") {
        Some(i) => args[i + 1].parse().expect("--secs X"),
        None if args.iter().any(|a| a == "--quick") => 0.2,
        None => 1.2,
    };
    let budget = Duration::from_secs_f64(secs);
    if args.iter().any(|a| a == "--conv") {
        conv::run(budget);
        return;
    }
    if args.iter().any(|a| a == "--pool") {
        pool::run(budget);
        return;
    }
    if args.iter().any(|a| a == "--micro") {
        micro();
        return;
    }
    let np = numpy(budget);
    let np_rows: Vec<&str> = np
        .as_deref()
        .map(|s| s.lines().collect())
        .unwrap_or_default();
    println!("single-thread GFLOP/s (best ~2 ms trial, thread CPU time)\n");
    run::<f32>(budget, np_rows.first().copied());
    run::<f64>(budget, np_rows.get(1).copied());
    if np.is_none() {
        println!("numpy: no python at $XIR_BENCH_PYTHON or /tmp/ukvenv/bin/python");
    }
    println!();
    conv::run(budget);
    pool::run(budget);
}

/// The f32 register tile alone (8 x 48 on AVX-512, panels in L1), best of 7. (This
/// machine's core peaks at 222-231 GFLOP/s: 24 independent FMA chains on zmm registers.)
fn micro() {
    if xir_ukernel::micro_tile_gflops(1, true, 1).is_none() {
        println!("micro: no AVX-512 here");
        return;
    }
    println!("f32 register tile alone (8 x 48, AVX-512, panels in L1), one thread\n");
    println!("{:<8}{:<12}{:>10}", "kc", "B", "GFLOP/s");
    for kc in [128, 192, 256] {
        for packed in [true, false] {
            let g = (0..7)
                .filter_map(|_| xir_ukernel::micro_tile_gflops(kc, packed, 100_000))
                .reduce(f64::max)
                .unwrap_or(0.0);
            let b = if packed { "packed" } else { "row stride" };
            println!("{kc:<8}{b:<12}{g:>10.1}");
        }
    }
}
