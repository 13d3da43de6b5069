//! Executables: a `hal.executable.variant` prepared for a device by its
//! backend (interpreted, JIT-compiled, or a GPU pipeline).

use crate::command::DispatchArgs;
use crate::error::{Error, Result};

/// A prepared variant: its exports (kernels) by index, each runnable over a grid of
/// workgroups. Shared by the executor and the command buffers that dispatch it.
pub trait Executable: Send + Sync {
    /// The index of the export named `name`.
    fn export_ordinal(&self, name: &str) -> Option<usize>;
    /// Runs export `ordinal` over the workgroups of `args`.
    fn dispatch(&self, ordinal: usize, args: &DispatchArgs) -> Result<()>;
}

/// A variant's exports in order, each with the index of its kernel in the
/// backend's own list: what every backend's `export_ordinal` and
/// `dispatch` look up.
#[derive(Clone, Debug, Default)]
pub struct Exports(Vec<(String, usize)>);

impl Exports {
    /// The ordinal of the export named `name` ([`Executable::export_ordinal`]).
    pub fn ordinal(&self, name: &str) -> Option<usize> {
        self.0.iter().position(|(n, _)| n == name)
    }

    /// The name and kernel index of export `ordinal`; out of range is an error.
    pub fn get(&self, ordinal: usize) -> Result<(&str, usize)> {
        self.0
            .get(ordinal)
            .map(|(n, i)| (n.as_str(), *i))
            .ok_or_else(|| Error::out_of_range("no such export"))
    }
}

impl FromIterator<(String, usize)> for Exports {
    fn from_iter<I: IntoIterator<Item = (String, usize)>>(iter: I) -> Exports {
        Exports(iter.into_iter().collect())
    }
}
