//! The transforms that belong to no one dialect (docs/architecture.md §1, `passes/`):
//! `canonicalize` (every op's folder plus the canonicalization patterns the
//! dialects attach to their ops, applied by the greedy driver), `cse`, `symbol-dce`,
//! `inline`, `sccp`, `print-op-stats`, `strip-debuginfo`, `view-op-graph` and `view-placement`.
//! `register` adds them to a pass registry. The bin `gen-canon-cse` prints
//! the input of the canonicalize+cse benchmark.

pub mod canonicalize;
pub mod cse;
pub mod inline;
pub mod print_op_stats;
pub mod sccp;
pub mod strip_debuginfo;
pub mod symbol_dce;
pub mod view_op_graph;
pub mod view_placement;

#[cfg(test)]
mod testing;
#[cfg(test)]
mod tests;

use xir::pass::PassRegistry;

/// Registers every pass of this crate.
pub fn register(reg: &mut PassRegistry) {
    xir::register_passes!(
        reg,
        canonicalize::Canonicalize,
        cse::Cse,
        symbol_dce::SymbolDce,
        inline::Inline,
        sccp::Sccp,
        print_op_stats::PrintOpStats,
        strip_debuginfo::StripDebugInfo,
        view_op_graph::ViewOpGraph,
        view_placement::ViewPlacement,
    );
}
