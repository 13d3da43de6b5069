//! Executables: a `hal.executable.variant` prepared for a device by its
//! backend (interpreted, JIT-compiled, or a GPU pipeline).

use crate::command::DispatchArgs;

pub trait Executable: Send + Sync {
    /// The index of the export named `name`.
    fn export_ordinal(&self, name: &str) -> Option<usize>;
    /// Runs export `ordinal` over the workgroups of `args`.
    fn dispatch(&self, ordinal: usize, args: &DispatchArgs) -> Result<(), String>;
}
