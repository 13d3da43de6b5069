//! Device assignment and planning (DESIGN.md §4).

pub mod annotate;
pub mod explain;
pub mod forms;
pub mod partition;
pub mod plan;

// Assignment: the `device-assignment-pipeline` (flags → device.targets →
// device.globals, promises, aliases).
pub mod assign_targets;
#[cfg(test)]
mod assignment_tests;
pub mod materialize;
pub mod resolve_aliases;
pub mod resolve_promises;
pub mod rewrite_attrs;
pub mod spec;
pub mod target_registry;
