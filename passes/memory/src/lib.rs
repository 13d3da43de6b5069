//! Memory of intermediate tensors (docs/architecture.md §4): `workspace-analysis` (peak bytes per
//! function and pool) and `memory-plan` (a pool and an offset for every intermediate,
//! the pool sizes, and the whole-program requirement per pool).
//!
//! A pool is a device with an optional memory scope, named `gpu` or `gpu:shared`;
//! storage is never shared across pools.
//!
//! - `liveness.rs`: the intermediate tensors of each function, their pools, byte
//!   sizes (`xir::util::bytes`) and lifetimes;
//! - `plan.rs`: offsets in one pool (dynamic storage allocation heuristics);
//! - `inplace.rs`: chains of elementwise results written over their operands
//!   (`allow-inplace`);
//! - `requirements.rs`: the whole-program requirement per pool;
//! - `scaled.rs`: dynamic buffers planned by scale (pools sized at run time);
//! - `report.rs`: the `memory-plan{report=true}` table;
//! - `workspace.rs`, `memory_plan.rs`: the two passes; `register` adds them to a
//!   pass registry.
//!
//! The `flow-to-stream` pipeline (built by the compiler) runs `memory-plan` on
//! the flow program before the stream conversion turns its plan into slabs.

pub mod inplace;
pub mod liveness;
pub mod memory_plan;
pub mod plan;
pub mod report;
pub mod requirements;
pub mod scaled;
pub mod workspace;

use xir::pass::options::parse_u64;
use xir::pass::{PassInfo, PassRegistry};
use xir::{Attr, Context};

/// Registers `workspace-analysis` and `memory-plan`.
pub fn register(reg: &mut PassRegistry) {
    reg.register(PassInfo {
        argument: workspace::WorkspaceAnalysis::ARGUMENT,
        summary: workspace::WorkspaceAnalysis::SUMMARY,
        create: || Box::new(workspace::WorkspaceAnalysis::default()),
    });
    reg.register(PassInfo {
        argument: memory_plan::MemoryPlan::ARGUMENT,
        summary: memory_plan::MemoryPlan::SUMMARY,
        create: || Box::new(memory_plan::MemoryPlan::default()),
    });
}

/// `{name = N : i64, ...}`; sizes beyond i64 saturate.
pub fn dict_attr(ctx: &mut Context, entries: &[(&str, u64)]) -> Attr {
    let v: Vec<_> = entries
        .iter()
        .map(|&(k, n)| {
            let k = ctx.ident(k);
            (k, ctx.i64_attr(i64::try_from(n).unwrap_or(i64::MAX)))
        })
        .collect();
    ctx.dictionary(v)
}

pub use xir::op_attrs::set_attr;

/// A positive byte alignment (any value, not only powers of two).
pub fn parse_alignment(value: &str) -> Result<u64, String> {
    match parse_u64(value)? {
        0 => Err("alignment must be at least 1".into()),
        n if n > 1 << 32 => Err(format!("alignment {n} is larger than 4 GiB")),
        n => Ok(n),
    }
}

/// `max-dim`: 0 means dynamic dimensions stay unknown.
pub fn parse_max_dim(value: &str) -> Result<Option<u64>, String> {
    let n = parse_u64(value)?;
    if n > i64::MAX as u64 {
        return Err(format!("max-dim {n} does not fit in i64"));
    }
    Ok((n > 0).then_some(n))
}
