//! graph → flow (docs/architecture.md §3, issue 8), the conversion into flow: dispatch-region formation (with
//! the dynamic dims of region results derived outside, dims.rs, and index ops
//! hoisted first, hoist.rs),
//! constants (cloned into the kernels that use them, else kernels of their
//! own), outlining into executables (identical kernels shared; a kernel takes
//! an `index` argument per dynamic dim of its arguments, then of its results,
//! outline.rs), transfers,
//! `graph.if` into `scf.if` (host control flow), and the level guard.
//! `convert-graph-to-flow` runs them all; the `graph-to-flow` pipeline runs the
//! same steps as separate passes.

pub mod classify;
pub mod constants;
pub mod control_flow;
pub mod convert;
pub mod dims;
pub mod form_regions;
pub mod guard;
pub mod hoist;
pub mod outline;
pub mod transfers;
pub mod util;

use xir::pass::{Pass, PassRegistry};

/// Registers the passes of graph → flow.
pub fn register(reg: &mut PassRegistry) {
    xir::register_passes!(
        reg,
        form_regions::FormDispatchRegions,
        constants::ConvertConstants,
        outline::OutlineDispatchRegions,
        transfers::ConvertTransfers,
        control_flow::ConvertControlFlow,
        guard::VerifyGraphToFlow,
        convert::ConvertGraphToFlow,
    );
}

/// `graph-to-flow`: dispatch regions, constants, executables, transfers,
/// control flow, then the level guard.
pub fn pipeline() -> Vec<Box<dyn Pass>> {
    vec![
        Box::new(form_regions::FormDispatchRegions),
        Box::new(constants::ConvertConstants),
        Box::new(outline::OutlineDispatchRegions),
        Box::new(transfers::ConvertTransfers),
        Box::new(control_flow::ConvertControlFlow),
        Box::new(guard::VerifyGraphToFlow::default()),
    ]
}
