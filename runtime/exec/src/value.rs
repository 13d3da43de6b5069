//! The values of host code at run time.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use xir::Attr;
use xir_runtime_hal::{Buffer, BufferView, CommandBuffer, Device, Fence};

#[derive(Clone)]
pub enum RtValue {
    /// A scalar (`index`, integers, floats) as the attribute of its value,
    /// so that the ops' folders compute on it.
    Scalar(Attr),
    Device(Arc<Device>),
    Buffer(Buffer),
    View(BufferView),
    Commands(Rc<RefCell<CommandBuffer>>),
    Fence(Fence),
}

impl RtValue {
    pub fn kind(&self) -> &'static str {
        match self {
            RtValue::Scalar(_) => "a scalar",
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
