//! Element types of tensors as the runtime stores them: xir's
//! [`ElementType`] (`xir::element`), which also holds the one conversion to
//! and from xir's types. Re-exported here so the runtime names it as
//! `xir_runtime_hal::ElementType`.

pub use xir::element::*;
