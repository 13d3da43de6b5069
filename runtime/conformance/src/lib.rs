//! The backend conformance suite (IREE's HAL CTS in spirit;
//! docs/architecture.md §7, §8, §11): every kernel op on every registered
//! driver, every element type, edge sizes.
//!
//! - **The suite is data** ([`cases::all`]): each [`cases::Case`] is a small
//!   kernel function `@k` in the kernel dialect, the dispatch's constants,
//!   its inputs and the results a plain Rust model ([`model`]) computes for
//!   them, never a driver.
//! - **Running a case** ([`run::run`]): [`text::module`] wraps the kernel in
//!   a `hal.executable` whose one variant is built for the driver's target
//!   and a host function that allocates, dispatches, fences and returns
//!   buffer views, as `xopt --compile-to=hal` writes it; the executor
//!   (`xir_runtime_exec`) runs it on a fresh device of the driver, and
//!   [`check::compare`] judges the results (integers and moves exactly,
//!   floats within the documented tolerances).
//! - **Unsupported**: a driver that cannot run an element type says so at
//!   load (`Backend::prepare` fails with "… not supported", naming the
//!   type); that outcome is [`run::Outcome::Unsupported`], reported as an
//!   ignored test. Any other failure, at load or at run time, fails.
//! - **Drivers** come from one list, [`drivers`]: adding a backend is adding
//!   its driver there, and it gets the whole suite. A driver without a
//!   device is skipped, or fails the suite when `CI=true`.
//!
//! `cargo test -p xir-runtime-conformance` runs it, one test per driver and
//! case (`local/generic_add/f32/17`); `-- local/` filters.

#![warn(missing_docs)]

pub mod cases;
pub mod check;
pub mod model;
pub mod run;
pub mod spirv_val;
pub mod text;

use std::sync::Arc;
use xir_runtime_hal::Driver;

/// Every driver the suite runs on. A new backend adds its driver here.
pub fn drivers() -> Vec<Arc<dyn Driver>> {
    vec![
        Arc::new(xir_runtime_reference::driver::ReferenceDriver),
        Arc::new(xir_runtime_local::LocalDriver),
        Arc::new(xir_runtime_vulkan::VulkanDriver),
    ]
}

/// Whether `CI=true`: a driver without a device is then a failure.
pub fn ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}
