//! Conversions into flow (docs/architecture.md §3): `from_graph`, graph → flow, with its
//! passes, its level guard and its phase of the lowering (`pipeline()`).

pub mod from_graph;

use xir::pass::PassRegistry;

/// Registers the passes of every conversion into flow.
pub fn register(reg: &mut PassRegistry) {
    from_graph::register(reg);
}
