//! xir's hardware abstraction layer (docs/architecture.md §7), in the spirit of IREE's
//! HAL and TVM's DeviceAPI: drivers enumerate devices; a device has an
//! allocator and queues (a worker thread each, so devices really overlap);
//! command buffers record dispatches, copies, fills and
//! barriers; fences order submissions across queues and with the host.
#![warn(missing_docs)]

pub mod allocator;
pub mod buffer;
pub mod command;
pub mod device;
pub mod driver;
pub mod element;
pub mod error;
pub mod executable;
pub mod fence;
pub mod target;
pub mod tensor;
pub mod trace;
pub mod view;

pub use allocator::{Allocator, AllocatorStats};
pub use buffer::Buffer;
pub use command::{Command, CommandBuffer, DispatchArgs};
pub use device::{Backend, Device, DeviceOptions};
pub use driver::Driver;
pub use element::{ElementType, FloatType, IntSign};
pub use error::{Error, ErrorKind, OpError, Result};
pub use executable::{Executable, Exports};
pub use fence::Fence;
pub use target::{ConfigValue, TargetDesc};
pub use tensor::HostTensor;
pub use trace::{Trace, TraceEvent};
pub use view::BufferView;
