//! Fences: points a queue signals when a submission is done (or failed),
//! and that queues and the host wait on. A join is reached when all of its
//! parts are (IREE's wait-all).

use crate::error::{Error, Result};
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::{Arc, Condvar, Mutex, OnceLock, Weak};
use std::time::{Duration, Instant};

const PENDING: u8 = 0;
const SIGNALED: u8 = 1;
const FAILED: u8 = 2;

/// How long a waiter polls before it sleeps: waking a sleeping thread costs
/// tens of microseconds, more than a small kernel runs.
const SPIN: Duration = Duration::from_micros(20);

/// How far a waiter follows wait fences looking for a submission to run.
const HELP_DEPTH: usize = 64;

/// Polls `done` for up to `limit`.
fn spin_until(limit: Duration, mut done: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    let mut i = 0u32;
    loop {
        if done() {
            return true;
        }
        i += 1;
        if i.is_multiple_of(64) && start.elapsed() >= limit {
            return false;
        }
        std::hint::spin_loop();
    }
}

/// The queue a fence was submitted to. A thread about to wait for the fence
/// runs the queue's next submission itself when the queue is idle, instead
/// of sleeping until the worker has woken up and run it.
pub(crate) trait Runner: Send + Sync {
    fn run_next(&self) -> Help;
}

pub(crate) enum Help {
    /// Ran the queue's next submission.
    Ran,
    /// The next submission waits for this first.
    WaitsOn(Fence),
    /// The queue is busy or empty.
    Nothing,
}

struct Point {
    /// PENDING, SIGNALED or FAILED; read without the lock by spinning waiters.
    state: AtomicU8,
    /// The failure, and the lock sleepers wait under.
    sync: Mutex<Waiters>,
    cv: Condvar,
    /// A submission will signal it (so waiting on it can end).
    submitted: AtomicBool,
    /// What that submission waits on, to check before blocking that every
    /// fence the wait depends on has a submission (else the wait would hang).
    depends_on: Mutex<Option<Fence>>,
    /// Already checked: everything it depends on is submitted.
    grounded: AtomicBool,
    /// The queue of its submission.
    queue: OnceLock<Weak<dyn Runner>>,
}

/// A failed fence without its failure: cannot happen (a failure is stored
/// before the state says so).
fn unknown_failure() -> Error {
    Error::internal("")
}

#[derive(Default)]
struct Waiters {
    failure: Option<Error>,
    /// Threads asleep on `cv`: a signal with none skips the wake-up call.
    sleepers: usize,
}

impl Point {
    fn outcome(&self, state: u8) -> Option<Result<()>> {
        match state {
            PENDING => None,
            SIGNALED => Some(Ok(())),
            _ => Some(Err(self
                .sync
                .lock()
                .unwrap()
                .failure
                .clone()
                .unwrap_or_else(unknown_failure))),
        }
    }

    fn wait(&self) -> Result<()> {
        let mut state = PENDING;
        if spin_until(SPIN, || {
            state = self.state.load(Ordering::Acquire);
            state != PENDING
        }) {
            return self.outcome(state).unwrap_or(Ok(()));
        }
        let mut g = self.sync.lock().unwrap();
        loop {
            match self.state.load(Ordering::Acquire) {
                PENDING => {
                    g.sleepers += 1;
                    g = self.cv.wait(g).unwrap();
                    g.sleepers -= 1;
                }
                SIGNALED => return Ok(()),
                _ => return Err(g.failure.clone().unwrap_or_else(unknown_failure)),
            }
        }
    }
}

#[derive(Clone)]
enum Inner {
    Point(Arc<Point>),
    Join(Arc<[Fence]>),
}

/// A fence; clones are the same fence.
#[derive(Clone)]
pub struct Fence(Inner);

impl std::fmt::Debug for Fence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            Inner::Point(p) => match p.outcome(p.state.load(Ordering::Acquire)) {
                None => write!(f, "Fence(Pending)"),
                Some(Ok(())) => write!(f, "Fence(Signaled)"),
                Some(Err(e)) => write!(f, "Fence(Failed({:?}))", e.message()),
            },
            Inner::Join(parts) => write!(f, "Join({parts:?})"),
        }
    }
}

impl Default for Fence {
    fn default() -> Self {
        Fence::new()
    }
}

impl Fence {
    /// A pending fence, to be signalled by the one submission it is given to.
    pub fn new() -> Fence {
        Fence(Inner::Point(Arc::new(Point {
            state: AtomicU8::new(PENDING),
            sync: Mutex::default(),
            cv: Condvar::new(),
            submitted: AtomicBool::new(false),
            depends_on: Mutex::new(None),
            grounded: AtomicBool::new(false),
            queue: OnceLock::new(),
        })))
    }

    /// A fence reached when all of `parts` are.
    pub fn join(parts: Vec<Fence>) -> Fence {
        Fence(Inner::Join(parts.into()))
    }

    /// A fence already reached (nothing to wait for).
    pub fn signaled() -> Fence {
        let f = Fence::new();
        f.mark_submitted(None);
        f.signal(Ok(()));
        f
    }

    /// Records that a submission (waiting on `waits`) will signal this fence.
    /// `Err` if one already does: a fence is signalled once.
    pub fn mark_submitted(&self, waits: Option<Fence>) {
        if let Inner::Point(p) = &self.0 {
            *p.depends_on.lock().unwrap() = waits;
            p.submitted.store(true, Ordering::Release);
        }
    }

    /// [`Fence::mark_submitted`] for a submission to `queue`.
    pub(crate) fn mark_queued(&self, waits: Option<Fence>, queue: Weak<dyn Runner>) {
        if let Inner::Point(p) = &self.0 {
            let _ = p.queue.set(queue);
        }
        self.mark_submitted(waits);
    }

    /// Whether a submission already signals this (point) fence.
    pub fn is_submitted(&self) -> bool {
        match &self.0 {
            Inner::Point(p) => p.submitted.load(Ordering::Acquire),
            Inner::Join(parts) => parts.iter().all(Fence::is_submitted),
        }
    }

    /// Signals the outcome of the submission (the first signal counts);
    /// waiters wake.
    pub fn signal(&self, outcome: Result<()>) {
        if let Inner::Point(p) = &self.0 {
            let mut g = p.sync.lock().unwrap();
            if p.state.load(Ordering::Relaxed) == PENDING {
                let state = match outcome {
                    Ok(()) => SIGNALED,
                    Err(m) => {
                        g.failure = Some(m);
                        FAILED
                    }
                };
                p.state.store(state, Ordering::Release);
            }
            // Sleepers counted under the lock: none can be missed.
            let sleepers = g.sleepers;
            drop(g);
            if sleepers > 0 {
                p.cv.notify_all();
            }
        }
    }

    /// Checks that every fence this one (transitively) depends on has a
    /// submission, so that waiting on it ends; names what is missing.
    pub fn check_reachable(&self) -> Result<()> {
        let mut stack = vec![self.clone()];
        while let Some(f) = stack.pop() {
            match &f.0 {
                Inner::Join(parts) => stack.extend(parts.iter().cloned()),
                Inner::Point(p) => {
                    if p.grounded.load(Ordering::Acquire) {
                        continue;
                    }
                    if !p.submitted.load(Ordering::Acquire) {
                        return Err(Error::failed_precondition(
                            "waits on a fence that no submission signals",
                        ));
                    }
                    if let Some(d) = p.depends_on.lock().unwrap().clone() {
                        stack.push(d);
                    }
                }
            }
        }
        // Everything below is submitted: remember it, so long chains are walked once.
        let mut stack = vec![self.clone()];
        while let Some(f) = stack.pop() {
            match &f.0 {
                Inner::Join(parts) => stack.extend(parts.iter().cloned()),
                Inner::Point(p) => {
                    if !p.grounded.swap(true, Ordering::AcqRel) {
                        if let Some(d) = p.depends_on.lock().unwrap().clone() {
                            stack.push(d);
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Blocks until reached; `Err` with the failure of the submission that
    /// was to signal it (or of one it waited on).
    pub fn wait(&self) -> Result<()> {
        match &self.0 {
            Inner::Join(parts) => {
                for p in parts.iter() {
                    p.wait()?;
                }
                Ok(())
            }
            Inner::Point(p) => {
                while p.state.load(Ordering::Acquire) == PENDING && self.help(HELP_DEPTH) {}
                p.wait()
            }
        }
    }

    /// Runs, on this thread, one submission that this fence waits for (its
    /// own or one before it) if one can start now; whether it ran one.
    fn help(&self, depth: usize) -> bool {
        if depth == 0 {
            return false;
        }
        match &self.0 {
            Inner::Join(parts) => parts.iter().any(|f| f.help(depth - 1)),
            Inner::Point(p) => {
                if p.state.load(Ordering::Acquire) != PENDING {
                    return false;
                }
                let Some(queue) = p.queue.get().and_then(Weak::upgrade) else {
                    return false;
                };
                match queue.run_next() {
                    Help::Ran => true,
                    Help::WaitsOn(f) => f.help(depth - 1),
                    Help::Nothing => false,
                }
            }
        }
    }

    /// Signalled or failed (without blocking)?
    pub fn is_done(&self) -> bool {
        match &self.0 {
            Inner::Join(parts) => parts.iter().all(Fence::is_done),
            Inner::Point(p) => p.state.load(Ordering::Acquire) != PENDING,
        }
    }

    /// Reached already (without blocking)?
    pub fn is_signaled(&self) -> bool {
        match &self.0 {
            Inner::Join(parts) => parts.iter().all(Fence::is_signaled),
            Inner::Point(p) => p.state.load(Ordering::Acquire) == SIGNALED,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joins_wait_for_all_parts_and_failures_propagate() {
        let (a, b) = (Fence::new(), Fence::new());
        let j = Fence::join(vec![a.clone(), b.clone()]);
        assert!(j.check_reachable().is_err());
        a.mark_submitted(None);
        b.mark_submitted(Some(a.clone()));
        assert!(j.check_reachable().is_ok());
        let t = {
            let j = j.clone();
            std::thread::spawn(move || j.wait())
        };
        a.signal(Ok(()));
        assert!(!j.is_signaled());
        b.signal(Err(Error::out_of_range("boom")));
        // The host sees the failure as the submission reported it.
        assert_eq!(t.join().unwrap(), Err(Error::out_of_range("boom")));
        assert!(Fence::signaled().wait().is_ok());
    }

    #[test]
    fn a_dependency_without_submission_is_found() {
        let (a, b) = (Fence::new(), Fence::new());
        b.mark_submitted(Some(a.clone()));
        assert!(b.check_reachable().is_err());
        a.mark_submitted(None);
        assert!(b.check_reachable().is_ok());
    }
}
