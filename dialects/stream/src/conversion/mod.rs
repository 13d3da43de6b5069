//! Conversions into stream (docs/architecture.md §3): `from_flow`, flow → stream, with its
//! passes, its level guard and its phase of the lowering (`pipeline()`).

pub mod from_flow;

use xir::pass::PassRegistry;

/// Registers the passes of every conversion into stream.
pub fn register(reg: &mut PassRegistry) {
    from_flow::register(reg);
}
