//! The whole-program requirement per pool: function frames are stacked, so a function
//! needs its own pool plus the most any of its callees needs while it runs. Recorded
//! on the module as `memory.device_requirements = {cpu = N : i64, ...}` for lowering
//! and for the runtime (one slab per pool).

use super::liveness::{self, ModuleLiveness};
use xir::symbol::op_attr;
use xir::{AttrKind, Context, Ir, Op};

pub const ATTR: &str = "memory.device_requirements";

/// Per function, per pool (`ModuleLiveness` ids): own size plus the largest callee
/// requirement; `None` on a call cycle (unbounded). `own[f][p]` is the planned size.
pub fn compute(m: &ModuleLiveness, own: &[Vec<u64>]) -> Vec<Option<Vec<u64>>> {
    let n = m.funcs.len();
    let mut done = vec![false; n];
    let mut req: Vec<Option<Vec<u64>>> = vec![None; n];
    for f in liveness::bottom_up(m) {
        let mut callee_max = vec![0u64; own[f].len()];
        let mut bounded = true;
        for c in &m.funcs[f].calls {
            match (&req[c.callee], done[c.callee]) {
                (Some(r), true) => {
                    for (a, &b) in callee_max.iter_mut().zip(r) {
                        *a = (*a).max(b);
                    }
                }
                _ => bounded = false,
            }
        }
        done[f] = true;
        if bounded {
            req[f] = Some(
                own[f]
                    .iter()
                    .zip(&callee_max)
                    .map(|(&a, &b)| a.saturating_add(b))
                    .collect(),
            );
        }
    }
    req
}

/// Reads the module's requirement per pool (as `memory-plan` recorded it), in pool
/// name order.
pub fn device_requirements(ctx: &Context, ir: &Ir, module: Op) -> Vec<(String, u64)> {
    let Some(d) = op_attr(ctx, ir, module, ATTR) else {
        return Vec::new();
    };
    ctx.dict_entries(d)
        .iter()
        .filter_map(|&(k, v)| match ctx.attr_kind(v) {
            AttrKind::Integer { value, .. } => {
                Some((ctx.str(k).to_string(), u64::try_from(value).ok()?))
            }
            _ => None,
        })
        .collect()
}
