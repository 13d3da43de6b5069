//! xir's hardware abstraction layer (DESIGN.md §7), in the spirit of IREE's
//! HAL and TVM's DeviceAPI.

pub mod element;
pub mod tensor;

pub use element::{ElementType, FloatType, IntSign};
pub use tensor::HostTensor;
