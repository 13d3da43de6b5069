//! The worker threads: created once per process, one fewer than the threads
//! a dispatch uses, because the calling thread takes pieces too. Between
//! jobs a worker spins for a short while before it parks, so the hand-off
//! of a job costs a few atomic operations while dispatches follow each
//! other closely (rayon's `install` from a thread outside its pool blocks
//! on a latch and wakes sleeping workers on every dispatch: that cost more
//! than two threads gained on small models).
//!
//! One job runs at a time. A caller that finds the pool busy (another
//! device's queue, or a piece that splits again) runs its pieces itself.

use std::cell::Cell;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicU64, AtomicUsize, Ordering::*};
use std::sync::{Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// How long an idle worker watches for the next job before it parks: long
/// enough to span a model's host work between two split dispatches (waking
/// a parked worker on this project's VM took 20–40 µs, more than the
/// matmul it was woken for).
const SPIN: Duration = Duration::from_millis(1);

type Piece<'a> = &'a (dyn Fn(usize) + Sync);

struct Pool {
    /// Threads that take pieces of one job, the caller included.
    threads: usize,
    /// A caller holds the pool (one job at a time).
    busy: AtomicBool,
    /// Bumped for each job; idle workers watch it.
    epoch: AtomicU64,
    /// The job's fields are set and pieces may be taken.
    live: AtomicBool,
    /// Points at the caller's `Piece` while `live`.
    job: AtomicPtr<()>,
    pieces: AtomicUsize,
    next: AtomicUsize,
    done: AtomicUsize,
    /// Workers between deciding to look at the job and leaving it: the
    /// caller returns only once this is 0, so no worker touches a closure
    /// after its caller returned.
    inside: AtomicUsize,
    /// A piece run by a worker panicked.
    panicked: AtomicBool,
    sleepers: AtomicUsize,
    park: Mutex<()>,
    wake: Condvar,
}

fn pool() -> &'static Pool {
    static POOL: OnceLock<&'static Pool> = OnceLock::new();
    POOL.get_or_init(|| {
        let threads = std::env::var("XIR_LOCAL_THREADS")
            .ok()
            .and_then(|v| v.parse().ok())
            .filter(|&n: &usize| n > 0)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        let p: &'static Pool = Box::leak(Box::new(Pool {
            threads,
            busy: AtomicBool::new(false),
            epoch: AtomicU64::new(0),
            live: AtomicBool::new(false),
            job: AtomicPtr::new(std::ptr::null_mut()),
            pieces: AtomicUsize::new(0),
            next: AtomicUsize::new(0),
            done: AtomicUsize::new(0),
            inside: AtomicUsize::new(0),
            panicked: AtomicBool::new(false),
            sleepers: AtomicUsize::new(0),
            park: Mutex::new(()),
            wake: Condvar::new(),
        }));
        for i in 1..threads {
            std::thread::Builder::new()
                .name(format!("xir-local-{i}"))
                .spawn(move || p.work())
                .expect("spawn a local worker thread");
        }
        p
    })
}

thread_local! {
    /// This thread is running a piece: a split inside it runs in place.
    static IN_PIECE: Cell<bool> = const { Cell::new(false) };
}

impl Pool {
    fn work(&self) {
        IN_PIECE.with(|c| c.set(true));
        let mut seen = self.epoch.load(Acquire);
        loop {
            seen = self.next_epoch(seen);
            self.inside.fetch_add(1, SeqCst);
            if self.live.load(SeqCst) {
                // SAFETY: `live` is set only while the caller that stored
                // `job` waits, and it keeps waiting while `inside` > 0.
                let f: Piece = unsafe { *(self.job.load(Acquire) as *const Piece) };
                let n = self.pieces.load(Acquire);
                if catch_unwind(AssertUnwindSafe(|| self.take(f, n))).is_err() {
                    self.panicked.store(true, SeqCst);
                    // The piece that panicked counts as done.
                    self.done.fetch_add(1, AcqRel);
                }
            }
            self.inside.fetch_sub(1, SeqCst);
        }
    }

    /// Waits for an epoch other than `seen`: spins, then parks.
    fn next_epoch(&self, seen: u64) -> u64 {
        let start = Instant::now();
        let mut spins = 0u32;
        loop {
            let e = self.epoch.load(Acquire);
            if e != seen {
                return e;
            }
            std::hint::spin_loop();
            spins += 1;
            if spins.is_multiple_of(64) && start.elapsed() > SPIN {
                break;
            }
        }
        let mut g = self.park.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            self.sleepers.fetch_add(1, SeqCst);
            let e = self.epoch.load(SeqCst);
            if e != seen {
                self.sleepers.fetch_sub(1, SeqCst);
                return e;
            }
            g = self.wake.wait(g).unwrap_or_else(|e| e.into_inner());
            self.sleepers.fetch_sub(1, SeqCst);
        }
    }

    /// Runs pieces of the current job until none is left.
    fn take(&self, f: Piece, n: usize) {
        loop {
            let i = self.next.fetch_add(1, AcqRel);
            if i >= n {
                return;
            }
            f(i);
            self.done.fetch_add(1, AcqRel);
        }
    }

    fn run(&self, pieces: usize, f: Piece) {
        let fref: Piece = f;
        self.job.store(&fref as *const Piece as *mut (), Release);
        self.pieces.store(pieces, Release);
        self.next.store(0, Release);
        self.done.store(0, Release);
        self.panicked.store(false, Release);
        self.live.store(true, SeqCst);
        self.epoch.fetch_add(1, SeqCst);
        if self.sleepers.load(SeqCst) > 0 {
            let _g = self.park.lock().unwrap_or_else(|e| e.into_inner());
            self.wake.notify_all();
        }
        IN_PIECE.with(|c| c.set(true));
        let mine = catch_unwind(AssertUnwindSafe(|| self.take(f, pieces)));
        IN_PIECE.with(|c| c.set(false));
        let mut spins = 0u32;
        while self.done.load(Acquire) < pieces && mine.is_ok() {
            spin_or_yield(&mut spins);
        }
        self.live.store(false, SeqCst);
        while self.inside.load(SeqCst) > 0 {
            spin_or_yield(&mut spins);
        }
        self.busy.store(false, Release);
        if let Err(p) = mine {
            resume_unwind(p);
        }
        if self.panicked.load(SeqCst) {
            panic!("a piece of a local dispatch panicked on a worker thread");
        }
    }
}

fn spin_or_yield(spins: &mut u32) {
    *spins += 1;
    if *spins < 4096 {
        std::hint::spin_loop();
    } else {
        std::thread::yield_now();
    }
}

/// Threads available to one dispatch (the caller's included).
pub fn threads() -> usize {
    pool().threads
}

/// Runs `f(0..pieces)`, the pieces in parallel.
pub fn run(pieces: usize, f: &(dyn Fn(usize) + Sync)) {
    if pieces <= 1 || IN_PIECE.with(Cell::get) {
        (0..pieces).for_each(f);
        return;
    }
    let p = pool();
    if p.threads == 1
        || p.busy
            .compare_exchange(false, true, Acquire, Relaxed)
            .is_err()
    {
        (0..pieces).for_each(f);
        return;
    }
    p.run(pieces, f);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_runs_once() {
        for pieces in [0, 1, 2, 3, 17, 1000] {
            let hits: Vec<AtomicUsize> = (0..pieces).map(|_| AtomicUsize::new(0)).collect();
            run(pieces, &|i| {
                hits[i].fetch_add(1, Relaxed);
            });
            assert!(hits.iter().all(|h| h.load(Relaxed) == 1), "{pieces} pieces");
        }
    }

    #[test]
    fn callers_on_many_threads_and_nested_splits() {
        let total = AtomicUsize::new(0);
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| {
                    for _ in 0..200 {
                        run(8, &|_| {
                            run(3, &|_| {
                                total.fetch_add(1, Relaxed);
                            })
                        });
                    }
                });
            }
        });
        assert_eq!(total.load(Relaxed), 4 * 200 * 8 * 3);
    }

    #[test]
    fn a_panicking_piece_panics_the_caller_and_the_pool_goes_on() {
        let r = catch_unwind(|| {
            run(64, &|i| {
                if i == 40 {
                    panic!("piece 40");
                }
            })
        });
        assert!(r.is_err());
        let n = AtomicUsize::new(0);
        run(64, &|_| {
            n.fetch_add(1, Relaxed);
        });
        assert_eq!(n.load(Relaxed), 64);
    }
}
