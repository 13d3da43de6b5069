//! Devices: an allocator, queues that run submissions in order on a worker
//! thread each, and an executable cache.

use crate::buffer::Buffer;
use crate::command::CommandBuffer;
use crate::executable::Executable;
use crate::fence::Fence;
use crate::target::TargetDesc;
use std::collections::HashMap;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use xir::{Context, Ir, Op};

/// What a driver plugs in: which targets its devices serve and how a
/// variant becomes runnable code.
pub trait Backend: Send + Sync {
    /// Whether devices of this backend run executables built for `target_kind`
    /// (`local`, `vulkan`, ...).
    fn serves(&self, target_kind: &str) -> bool;
    /// Prepares a `hal.executable.variant` (its kernel module) for running.
    fn prepare(&self, ctx: &Context, ir: &Ir, variant: Op) -> Result<Arc<dyn Executable>, String>;
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
}

struct Submission {
    wait: Option<Fence>,
    signal: Fence,
    commands: Vec<Arc<CommandBuffer>>,
}

/// One queue: a worker thread running submissions in order.
struct Queue {
    tx: Mutex<Option<mpsc::Sender<Submission>>>,
    worker: Mutex<Option<std::thread::JoinHandle<()>>>,
}

impl Queue {
    fn start(name: String, delay: Option<Duration>) -> Queue {
        let (tx, rx) = mpsc::channel::<Submission>();
        let worker = std::thread::Builder::new()
            .name(name)
            .spawn(move || {
                for s in rx {
                    // A panic in a backend fails the submission instead of
                    // leaving its fence unsignalled (and the host waiting).
                    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        run_submission(&s, delay)
                    }))
                    .unwrap_or_else(|_| {
                        Err("a backend panicked while running this submission".into())
                    });
                    s.signal.signal(outcome);
                }
            })
            .expect("spawn a queue worker");
        Queue {
            tx: Mutex::new(Some(tx)),
            worker: Mutex::new(Some(worker)),
        }
    }
}

fn run_submission(s: &Submission, delay: Option<Duration>) -> Result<(), String> {
    if let Some(w) = &s.wait {
        w.wait()?;
    }
    if let Some(d) = delay {
        std::thread::sleep(d);
    }
    for c in &s.commands {
        c.execute()?;
    }
    Ok(())
}

pub struct Device {
    /// Index among the runtime's devices.
    pub id: usize,
    /// The name it was asked for by (`local`, `reference`).
    pub name: String,
    pub target: TargetDesc,
    backend: Arc<dyn Backend>,
    queues: Vec<Queue>,
    cache: Mutex<HashMap<String, Arc<dyn Executable>>>,
}

impl Device {
    pub fn new(
        id: usize,
        name: &str,
        target: TargetDesc,
        backend: Arc<dyn Backend>,
        options: &DeviceOptions,
    ) -> Device {
        let queues = (0..options.queues.max(1))
            .map(|q| Queue::start(format!("{name}{id}-q{q}"), options.submit_delay))
            .collect();
        Device {
            id,
            name: name.to_string(),
            target,
            backend,
            queues,
            cache: Mutex::default(),
        }
    }

    pub fn serves(&self, target_kind: &str) -> bool {
        self.backend.serves(target_kind)
    }

    /// See [`Backend::register`].
    pub fn register_interfaces(&self, ctx: &mut Context) {
        self.backend.register(ctx)
    }

    pub fn queue_count(&self) -> usize {
        self.queues.len()
    }

    pub fn allocate(&self, size: usize) -> Result<Buffer, String> {
        Buffer::allocate(self.id, size)
    }

    /// The variant under `key` (its symbol path), prepared once per device.
    pub fn executable(
        &self,
        key: &str,
        ctx: &Context,
        ir: &Ir,
        variant: Op,
    ) -> Result<Arc<dyn Executable>, String> {
        if let Some(e) = self.cache.lock().unwrap().get(key) {
            return Ok(e.clone());
        }
        let e = self.backend.prepare(ctx, ir, variant)?;
        self.cache
            .lock()
            .unwrap()
            .insert(key.to_string(), e.clone());
        Ok(e)
    }

    /// Queues `commands` on queue `queue`: they run after `wait` is reached,
    /// then `signal` is signalled (with the failure, if one failed).
    pub fn queue_execute(
        &self,
        queue: usize,
        wait: Option<Fence>,
        signal: Fence,
        commands: Vec<Arc<CommandBuffer>>,
    ) -> Result<(), String> {
        let q = self.queues.get(queue).ok_or_else(|| {
            format!(
                "device {} has no queue {queue} (it has {})",
                self.name,
                self.queues.len()
            )
        })?;
        if signal.is_submitted() {
            return Err("a fence is signalled by one submission only".into());
        }
        for c in &commands {
            if c.device != self.id {
                return Err(format!(
                    "a command buffer of device #{} submitted to device #{}",
                    c.device, self.id
                ));
            }
            if !c.finalized {
                return Err("a command buffer submitted before it was finalized".into());
            }
        }
        signal.mark_submitted(wait.clone());
        let tx = q.tx.lock().unwrap();
        let tx = tx.as_ref().ok_or("the device is shut down")?;
        tx.send(Submission {
            wait,
            signal,
            commands,
        })
        .map_err(|_| "the queue's worker is gone".to_string())
    }
}

impl Drop for Device {
    fn drop(&mut self) {
        for q in &self.queues {
            q.tx.lock().unwrap().take();
            if let Some(w) = q.worker.lock().unwrap().take() {
                let _ = w.join();
            }
        }
    }
}
