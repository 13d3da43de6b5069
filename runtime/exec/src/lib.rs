//! Runs the host part of a hal-level module (docs/architecture.md §7): the functions
//! with hal, arith, scf.if and func.call ops, walking xir's IR directly.
//! Kernels run on the devices' queues; the host blocks only at `hal.fence.await`.

pub mod exec;
pub mod resolve;
pub mod value;

pub use exec::Executor;
pub use value::{Commands, RtValue};
