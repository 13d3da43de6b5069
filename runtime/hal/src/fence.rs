//! Fences: points a queue signals when a submission is done (or failed),
//! and that queues and the host wait on. A join is reached when all of its
//! parts are (IREE's wait-all).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};

#[derive(Clone, Debug, PartialEq)]
enum State {
    Pending,
    Signaled,
    Failed(String),
}

struct Point {
    state: Mutex<State>,
    cv: Condvar,
    /// A submission will signal it (so waiting on it can end).
    submitted: AtomicBool,
    /// What that submission waits on, to check before blocking that every
    /// fence the wait depends on has a submission (else the wait would hang).
    depends_on: Mutex<Option<Fence>>,
    /// Already checked: everything it depends on is submitted.
    grounded: AtomicBool,
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
            Inner::Point(p) => write!(f, "Fence({:?})", p.state.lock().unwrap()),
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
    pub fn new() -> Fence {
        Fence(Inner::Point(Arc::new(Point {
            state: Mutex::new(State::Pending),
            cv: Condvar::new(),
            submitted: AtomicBool::new(false),
            depends_on: Mutex::new(None),
            grounded: AtomicBool::new(false),
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

    /// Whether a submission already signals this (point) fence.
    pub fn is_submitted(&self) -> bool {
        match &self.0 {
            Inner::Point(p) => p.submitted.load(Ordering::Acquire),
            Inner::Join(parts) => parts.iter().all(Fence::is_submitted),
        }
    }

    /// Signals the outcome of the submission; waiters wake.
    pub fn signal(&self, outcome: Result<(), String>) {
        if let Inner::Point(p) = &self.0 {
            let mut s = p.state.lock().unwrap();
            if *s == State::Pending {
                *s = match outcome {
                    Ok(()) => State::Signaled,
                    Err(m) => State::Failed(m),
                };
            }
            p.cv.notify_all();
        }
    }

    /// Checks that every fence this one (transitively) depends on has a
    /// submission, so that waiting on it ends; names what is missing.
    pub fn check_reachable(&self) -> Result<(), String> {
        let mut stack = vec![self.clone()];
        while let Some(f) = stack.pop() {
            match &f.0 {
                Inner::Join(parts) => stack.extend(parts.iter().cloned()),
                Inner::Point(p) => {
                    if p.grounded.load(Ordering::Acquire) {
                        continue;
                    }
                    if !p.submitted.load(Ordering::Acquire) {
                        return Err("waits on a fence that no submission signals".into());
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
    pub fn wait(&self) -> Result<(), String> {
        match &self.0 {
            Inner::Join(parts) => {
                for p in parts.iter() {
                    p.wait()?;
                }
                Ok(())
            }
            Inner::Point(p) => {
                let mut s = p.state.lock().unwrap();
                loop {
                    match &*s {
                        State::Pending => s = p.cv.wait(s).unwrap(),
                        State::Signaled => return Ok(()),
                        State::Failed(m) => return Err(m.clone()),
                    }
                }
            }
        }
    }

    /// Reached already (without blocking)?
    pub fn is_signaled(&self) -> bool {
        match &self.0 {
            Inner::Join(parts) => parts.iter().all(Fence::is_signaled),
            Inner::Point(p) => *p.state.lock().unwrap() == State::Signaled,
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
        b.signal(Err("boom".into()));
        assert_eq!(t.join().unwrap(), Err("boom".to_string()));
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
