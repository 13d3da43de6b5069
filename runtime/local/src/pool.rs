//! The worker threads: one per core, created once per process (rayon's
//! pool). A split of one piece runs on the calling thread, so tiny kernels
//! pay no hand-off.

use rayon::prelude::*;
use std::sync::OnceLock;

fn pool() -> &'static rayon::ThreadPool {
    static POOL: OnceLock<rayon::ThreadPool> = OnceLock::new();
    POOL.get_or_init(|| {
        let n = std::env::var("XIR_LOCAL_THREADS")
            .ok()
            .and_then(|v| v.parse().ok())
            .filter(|&n: &usize| n > 0)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .thread_name(|i| format!("xir-local-{i}"))
            .build()
            .expect("thread pool")
    })
}

/// Worker threads available to one dispatch.
pub fn threads() -> usize {
    pool().current_num_threads()
}

/// Runs `f(0..pieces)`, the pieces in parallel.
pub fn run(pieces: usize, f: &(dyn Fn(usize) + Sync)) {
    if pieces <= 1 {
        if pieces == 1 {
            f(0);
        }
        return;
    }
    pool().install(|| (0..pieces).into_par_iter().for_each(f));
}
