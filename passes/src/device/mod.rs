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

/// `device-assignment-pipeline`: targets from flags, `device.global`s,
/// promises, aliases.
pub fn assignment_pipeline() -> crate::Passes {
    assignment_pipeline_with(assign_targets::AssignTargets::default())
}

/// The assignment pipeline with its first pass given (e.g. with targets).
pub fn assignment_pipeline_with(targets: assign_targets::AssignTargets) -> crate::Passes {
    vec![
        Box::new(targets),
        Box::new(materialize::Materialize),
        Box::new(resolve_promises::ResolvePromises),
        Box::new(resolve_aliases::ResolveAliases::default()),
    ]
}
