//! Executables: a `hal.executable.variant` prepared for a device by its
//! backend (interpreted, JIT-compiled, or a GPU pipeline).

use crate::command::DispatchArgs;
use crate::error::Result;

/// A prepared variant: its exports (kernels) by index, each runnable over a grid of
/// workgroups. Shared by the device's cache and the command buffers that dispatch it.
pub trait Executable: Send + Sync {
    /// The index of the export named `name`.
    fn export_ordinal(&self, name: &str) -> Option<usize>;
    /// Runs export `ordinal` over the workgroups of `args`.
    fn dispatch(&self, ordinal: usize, args: &DispatchArgs) -> Result<()>;
}
