//! Device assignment and planning (docs/architecture.md §4), passes that belong to no
//! one dialect (`passes/` in docs/architecture.md §1).
//!
//! Assignment, the `device-assignment-pipeline` ([`assignment_pipeline`]):
//! `device-assign-targets` (flags → `device.targets`, `assign_targets.rs`;
//! the SPEC grammar of `--target-device` in `spec.rs`), `device-materialize`
//! (→ `device.global`s, `materialize.rs`), `device-resolve-promises`,
//! `device-resolve-aliases` (with the target registry,
//! `target_registry.rs`); `rewrite_attrs.rs` rewrites device attributes
//! wherever they occur.
//!
//! Planning: `device-plan` (`plan/`: one placement for every tensor value
//! and graph op, by union-find over placement variables), its forms
//! `device-minimize` / `device-expand` (`forms.rs`),
//! `device-annotate-affinities` (`annotate.rs`), `device-partition`
//! (`partition.rs`) and `device-explain` (`explain.rs`).
//!
//! `register` adds every pass to a pass registry; the compiler registers the
//! pipeline.

pub mod annotate;
pub mod annotate_by_support;
pub mod explain;
pub mod forms;
pub mod partition;
pub mod plan;
pub mod support;

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

use xir::pass::{Pass, PassRegistry};

/// Registers every pass of this crate.
pub fn register(reg: &mut PassRegistry) {
    xir::register_passes!(
        reg,
        plan::DevicePlan,
        forms::DeviceMinimize,
        forms::DeviceExpand,
        annotate::AnnotateAffinities,
        annotate_by_support::AnnotateBySupport,
        partition::Partition,
        explain::Explain,
        assign_targets::AssignTargets,
        materialize::Materialize,
        resolve_promises::ResolvePromises,
        resolve_aliases::ResolveAliases,
    );
}

/// `device-assignment-pipeline`: targets from flags, `device.global`s,
/// promises, aliases.
pub fn assignment_pipeline() -> Vec<Box<dyn Pass>> {
    assignment_pipeline_with(assign_targets::AssignTargets::default())
}

/// The assignment pipeline with its first pass given (e.g. with targets).
pub fn assignment_pipeline_with(targets: assign_targets::AssignTargets) -> Vec<Box<dyn Pass>> {
    vec![
        Box::new(targets),
        Box::new(materialize::Materialize),
        Box::new(resolve_promises::ResolvePromises),
        Box::new(resolve_aliases::ResolveAliases::default()),
    ]
}
