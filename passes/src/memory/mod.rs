//! Memory of intermediate tensors (DESIGN.md §4): `workspace-analysis` (peak bytes per
//! function and pool) and `memory-plan` (a pool and an offset for every intermediate,
//! the pool sizes, and the whole-program requirement per pool).
//!
//! A pool is a device with an optional memory scope, named `gpu` or `gpu:shared`;
//! storage is never shared across pools.

pub mod inplace;
pub mod liveness;
pub mod memory_plan;
pub mod plan;
pub mod report;
pub mod requirements;
pub mod workspace;

use xir::pass::options::parse_u64;
use xir::{Attr, Context};

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
