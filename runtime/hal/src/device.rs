//! Devices: an allocator and queues that run submissions in order on a worker
//! thread each.

use crate::allocator::Allocator;
use crate::buffer::Buffer;
use crate::command::CommandBuffer;
use crate::error::{Error, ErrorKind, Result};
use crate::executable::Executable;
use crate::fence::{Fence, Help, Runner};
use crate::target::TargetDesc;
use crate::trace::Trace;
use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;
use xir::{Context, Ir, Op};

/// What a driver plugs in: which targets its devices serve and how a
/// variant becomes runnable code.
pub trait Backend: Send + Sync {
    /// Whether devices of this backend run executables built for `target_kind`
    /// (`local`, `vulkan`, ...).
    fn serves(&self, target_kind: &str) -> bool;
    /// Prepares a `hal.executable.variant` (its kernel module) for running.
    fn prepare(&self, ctx: &Context, ir: &Ir, variant: Op) -> Result<Arc<dyn Executable>>;
    /// Attaches the per-op interfaces `prepare` reads (its translation of
    /// each kernel op) to the context's op records; run once per context
    /// before any `prepare`.
    fn register(&self, ctx: &mut Context) {
        let _ = ctx;
    }
}

/// Options of a device, for tests and debugging.
#[derive(Clone, Debug, Default)]
pub struct DeviceOptions {
    /// Queues per device (at least one).
    pub queues: usize,
    /// A pause before each submission runs. Tests use it to make a missing
    /// wait lose its race every time.
    pub submit_delay: Option<Duration>,
    /// Where queues record what they run, when tracing.
    pub trace: Option<Arc<Trace>>,
}

struct Submission {
    wait: Option<Fence>,
    signal: Fence,
    commands: Vec<Arc<CommandBuffer>>,
}

#[derive(Default)]
struct Pending {
    list: VecDeque<Submission>,
    /// A submission of this queue is running (on the worker or on a thread
    /// that waits for it): the next one starts after it.
    running: bool,
    /// The worker sleeps on `Shared::cv` (a submission must wake it).
    sleeping: bool,
    shut_down: bool,
}

struct Shared {
    pending: Mutex<Pending>,
    cv: Condvar,
    delay: Option<Duration>,
    /// The trace and this queue's name in it.
    trace: Option<(Arc<Trace>, String)>,
}

impl Shared {
    /// Runs `s`, taken from the list by this thread (`running` is set).
    fn run(&self, s: Submission) {
        // A panic in a backend fails the submission instead of leaving its
        // fence unsignalled (and the host waiting).
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            run_submission(&s, self.delay, self.trace.as_ref())
        }))
        .unwrap_or_else(|_| {
            Err(Error::internal(
                "a backend panicked while running this submission",
            ))
        });
        let signal = s.signal.clone();
        // Buffers go back to the allocator before the host sees the fence.
        drop(s);
        let mut p = self.pending.lock().unwrap();
        p.running = false;
        let wake = p.sleeping && !p.list.is_empty();
        drop(p);
        if wake {
            self.cv.notify_one();
        }
        signal.signal(outcome);
    }

    /// The next submission for the worker; `None` once shut down and drained.
    fn next(&self) -> Option<Submission> {
        let mut p = self.pending.lock().unwrap();
        loop {
            if !p.running {
                if let Some(s) = p.list.pop_front() {
                    p.running = true;
                    return Some(s);
                }
            }
            if p.shut_down && p.list.is_empty() {
                return None;
            }
            p.sleeping = true;
            p = self.cv.wait(p).unwrap();
            p.sleeping = false;
        }
    }
}

impl Runner for Shared {
    fn run_next(&self) -> Help {
        let mut p = self.pending.lock().unwrap();
        if p.running {
            return Help::Nothing;
        }
        let Some(next) = p.list.front() else {
            return Help::Nothing;
        };
        if let Some(w) = next.wait.as_ref().filter(|w| !w.is_done()) {
            return Help::WaitsOn(w.clone());
        }
        let s = p.list.pop_front().expect("a front submission");
        p.running = true;
        drop(p);
        self.run(s);
        Help::Ran
    }
}

/// One queue: submissions run in order, on its worker thread or on a thread
/// that waits for them (see [`Runner`]).
struct Queue {
    shared: Arc<Shared>,
    worker: Mutex<Option<std::thread::JoinHandle<()>>>,
}

impl Queue {
    fn start(name: String, delay: Option<Duration>, trace: Option<Arc<Trace>>) -> Queue {
        let shared = Arc::new(Shared {
            pending: Mutex::default(),
            cv: Condvar::new(),
            delay,
            trace: trace.map(|t| (t, name.clone())),
        });
        let sh = shared.clone();
        let worker = std::thread::Builder::new()
            .name(name)
            .spawn(move || {
                while let Some(s) = sh.next() {
                    sh.run(s);
                }
            })
            .expect("spawn a queue worker");
        Queue {
            shared,
            worker: Mutex::new(Some(worker)),
        }
    }

    fn push(&self, s: Submission) -> Result<()> {
        let mut p = self.shared.pending.lock().unwrap();
        if p.shut_down {
            return Err(Error::failed_precondition("the device is shut down"));
        }
        p.list.push_back(s);
        let wake = p.sleeping && !p.running;
        drop(p);
        if wake {
            self.shared.cv.notify_one();
        }
        Ok(())
    }
}

fn run_submission(
    s: &Submission,
    delay: Option<Duration>,
    trace: Option<&(Arc<Trace>, String)>,
) -> Result<()> {
    if let Some(w) = &s.wait {
        // Failed first: this submission fails with the same message.
        w.wait()
            .map_err(|e| e.with_kind(ErrorKind::FailedPrecondition))?;
    }
    if let Some(d) = delay {
        std::thread::sleep(d);
    }
    for c in &s.commands {
        c.execute_traced(trace)?;
    }
    Ok(())
}

/// A device: its backend, its queues (a worker thread each) and a caching
/// allocator. Dropping it drains and joins its queues.
pub struct Device {
    /// Index among the runtime's devices.
    pub id: usize,
    /// The name it was asked for by (`local`, `reference`).
    pub name: String,
    /// What it is, as the compiler's `#device.target` spells it.
    pub target: TargetDesc,
    backend: Arc<dyn Backend>,
    queues: Vec<Queue>,
    allocator: Allocator,
}

impl Device {
    /// Device number `id`, named `name`, running `backend`'s executables, with
    /// `options.queues` queues (at least one) whose workers start now.
    pub fn new(
        id: usize,
        name: &str,
        target: TargetDesc,
        backend: Arc<dyn Backend>,
        options: &DeviceOptions,
    ) -> Device {
        let queues = (0..options.queues.max(1))
            .map(|q| {
                Queue::start(
                    format!("{name}{id}-q{q}"),
                    options.submit_delay,
                    options.trace.clone(),
                )
            })
            .collect();
        Device {
            id,
            name: name.to_string(),
            target,
            backend,
            queues,
            allocator: Allocator::new(id),
        }
    }

    /// Whether it runs executables built for `target_kind` (see [`Backend::serves`]).
    pub fn serves(&self, target_kind: &str) -> bool {
        self.backend.serves(target_kind)
    }

    /// See [`Backend::register`].
    pub fn register_interfaces(&self, ctx: &mut Context) {
        self.backend.register(ctx)
    }

    /// How many queues it has (queue indices are `0..queue_count()`).
    pub fn queue_count(&self) -> usize {
        self.queues.len()
    }

    /// A buffer from the device's caching allocator: its contents are
    /// unspecified (see [`crate::allocator`]).
    pub fn allocate(&self, size: usize) -> Result<Buffer> {
        self.allocator.allocate(size)
    }

    /// Its caching allocator (for limits and statistics).
    pub fn allocator(&self) -> &Allocator {
        &self.allocator
    }

    /// Prepares a compiled variant for this device (its backend translates
    /// the kernels); callers keep the executable for as long as they run it.
    pub fn prepare(&self, ctx: &Context, ir: &Ir, variant: Op) -> Result<Arc<dyn Executable>> {
        self.backend.prepare(ctx, ir, variant)
    }

    /// Queues `commands` on queue `queue`: they run after `wait` is reached,
    /// then `signal` is signalled (with the failure, if one failed).
    pub fn queue_execute(
        &self,
        queue: usize,
        wait: Option<Fence>,
        signal: Fence,
        commands: Vec<Arc<CommandBuffer>>,
    ) -> Result<()> {
        let (q, s) = self.submission(queue, wait, signal, commands)?;
        q.push(s)
    }

    /// As [`Device::queue_execute`], for a caller that waits for `signal`
    /// next: when the queue is idle and `wait` is reached, they run on the
    /// calling thread, before this returns, and the worker is not woken (the
    /// caller would only sleep while it ran them, whatever their size).
    pub fn queue_execute_inline(
        &self,
        queue: usize,
        wait: Option<Fence>,
        signal: Fence,
        commands: Vec<Arc<CommandBuffer>>,
    ) -> Result<()> {
        let (q, s) = self.submission(queue, wait, signal, commands)?;
        let mut p = q.shared.pending.lock().unwrap();
        let ready = s.wait.as_ref().is_none_or(Fence::is_done);
        if p.running || !p.list.is_empty() || !ready {
            drop(p);
            return q.push(s);
        }
        p.running = true;
        drop(p);
        q.shared.run(s);
        Ok(())
    }

    /// Checks a submission and marks its fence submitted.
    fn submission(
        &self,
        queue: usize,
        wait: Option<Fence>,
        signal: Fence,
        commands: Vec<Arc<CommandBuffer>>,
    ) -> Result<(&Queue, Submission)> {
        let q = self.queues.get(queue).ok_or_else(|| {
            Error::out_of_range(format!(
                "device {} has no queue {queue} (it has {})",
                self.name,
                self.queues.len()
            ))
        })?;
        if signal.is_submitted() {
            return Err(Error::failed_precondition(
                "a fence is signalled by one submission only",
            ));
        }
        for c in &commands {
            if c.device != self.id {
                return Err(Error::invalid_argument(format!(
                    "a command buffer of device #{} submitted to device #{}",
                    c.device, self.id
                )));
            }
            if !c.finalized {
                return Err(Error::failed_precondition(
                    "a command buffer submitted before it was finalized",
                ));
            }
        }
        let runner: Arc<dyn Runner> = q.shared.clone();
        signal.mark_queued(wait.clone(), Arc::downgrade(&runner));
        let s = Submission {
            wait,
            signal,
            commands,
        };
        Ok((q, s))
    }
}

impl Drop for Device {
    fn drop(&mut self) {
        for q in &self.queues {
            q.shared.pending.lock().unwrap().shut_down = true;
            q.shared.cv.notify_one();
            if let Some(w) = q.worker.lock().unwrap().take() {
                let _ = w.join();
            }
        }
    }
}
