//! Conversions into hal (docs/architecture.md §3): `from_stream`, stream → hal, with its
//! passes, its level guard and its phase of the lowering (`pipeline()`).

pub mod from_stream;

use xir::pass::PassRegistry;

/// Registers the passes of every conversion into hal.
pub fn register(reg: &mut PassRegistry) {
    from_stream::register(reg);
}
