//! The values of host code at run time.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use xir::Attr;
use xir_runtime_hal::{Buffer, BufferView, Command, CommandBuffer, Device, Error, Fence, Result};

#[derive(Clone)]
pub enum RtValue {
    /// A scalar (`index`, integers, floats) as the attribute of its value,
    /// so that the ops' folders compute on it.
    Scalar(Attr),
    /// An `index` computed on the host (sizes, offsets, counts): a number,
    /// so that the index arithmetic of dynamic shapes interns no attribute.
    /// The executor hands it out as a [`RtValue::Scalar`].
    Index(i64),
    Device(Arc<Device>),
    Buffer(Buffer),
    View(BufferView),
    Commands(Rc<Commands>),
    Fence(Fence),
}

/// A command buffer: recorded by the host, then (finalized) shared with the
/// queues it is submitted to, without a copy.
pub struct Commands(RefCell<Recording>);

enum Recording {
    Open(CommandBuffer),
    Finalized(Arc<CommandBuffer>),
}

impl Commands {
    pub fn new(device: usize) -> Commands {
        Commands(RefCell::new(Recording::Open(CommandBuffer::new(device))))
    }

    pub fn device(&self) -> usize {
        match &*self.0.borrow() {
            Recording::Open(c) => c.device,
            Recording::Finalized(c) => c.device,
        }
    }

    pub fn record(&self, c: Command) -> Result<()> {
        match &mut *self.0.borrow_mut() {
            Recording::Open(b) => b.record(c),
            Recording::Finalized(_) => Err(Error::failed_precondition(
                "command recorded after the command buffer was finalized",
            )),
        }
    }

    pub fn finalize(&self) {
        let mut r = self.0.borrow_mut();
        if let Recording::Open(b) = &mut *r {
            let mut b = std::mem::take(b);
            b.finalized = true;
            *r = Recording::Finalized(Arc::new(b));
        }
    }

    /// What a queue runs; `Err` before the buffer is finalized.
    pub fn submission(&self) -> Result<Arc<CommandBuffer>> {
        match &*self.0.borrow() {
            Recording::Open(_) => Err(Error::failed_precondition(
                "a command buffer submitted before it was finalized",
            )),
            Recording::Finalized(b) => Ok(b.clone()),
        }
    }
}

impl RtValue {
    pub fn kind(&self) -> &'static str {
        match self {
            RtValue::Scalar(_) | RtValue::Index(_) => "a scalar",
            RtValue::Device(_) => "a device",
            RtValue::Buffer(_) => "a buffer",
            RtValue::View(_) => "a buffer view",
            RtValue::Commands(_) => "a command buffer",
            RtValue::Fence(_) => "a fence",
        }
    }
}

impl std::fmt::Debug for RtValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RtValue::View(v) => write!(f, "{} view", v.type_string()),
            RtValue::Buffer(b) => write!(f, "{b:?}"),
            other => f.write_str(other.kind()),
        }
    }
}
