//! The stream-level guard: after flow → stream, no flow or graph op is left
//! outside `flow.executable`s (which stream dispatches still reference).
//! Host control flow (`scf.if`) belongs to every level and is allowed.
//! Planned memory: every planned result's pool has a slab in its function
//! and, where both sizes are constants, lies inside it. The function ABI:
//! every resource of a signature or a `func.call` carries its tensor type,
//! followed by its dynamic dims (abi.rs).

use crate::slabs;
use xir::util::level_guard::{Level, LevelGuard};
use xir::{Context, DiagEngine, Diagnostic, Ir, Op};

pub struct StreamLevel;

impl Level for StreamLevel {
    const ARGUMENT: &'static str = "verify-flow-to-stream";
    const NAME: &'static str = "VerifyFlowToStream";
    const SUMMARY: &'static str =
        "Check that no flow or graph op is left outside flow.executable ops";
    const EXECUTABLE: &'static str = xir_flow::ops::EXECUTABLE.name;
    fn forbidden(name: &str) -> bool {
        name.starts_with("flow.") || name.starts_with("graph.")
    }
    fn message(name: &str) -> String {
        format!("flow-to-stream: '{name}' is left after conversion to stream")
    }
    fn check_more(ctx: &Context, ir: &Ir, module: Op, diags: &mut DiagEngine) -> usize {
        check_slabs(ctx, ir, module, diags) + crate::abi::check_module(ctx, ir, module, diags)
    }
}

/// Errors reported before giving up.
const MAX_ERRORS: usize = 8;

/// See the module comment; returns how many errors.
pub fn check_slabs(ctx: &Context, ir: &Ir, module: Op, diags: &mut DiagEngine) -> usize {
    let Some(body) = ir.regions(module).first().and_then(|&r| ir.entry_block(r)) else {
        return 0;
    };
    let mut errors = 0;
    for f in ir.block_ops(body) {
        if !xir_func::FUNC.is(ctx, ir, f) {
            continue;
        }
        let slabs = slabs::slabs(ctx, ir, f);
        let fname = xir::symbol::symbol_name(ctx, ir, f)
            .map(|n| String::from_utf8_lossy(n).into_owned())
            .unwrap_or_default();
        for op in xir::walk::preorder(ir, f) {
            for p in slabs::planned_results(ctx, ir, op) {
                let pool = xir::printer::attr_to_string(ctx, p.pool);
                let name = ctx.str(ir.op(op).name);
                let msg = match slabs.get(&p.pool) {
                    None => format!(
                        "flow-to-stream: '{name}' result #{} is planned in pool {pool} but @{fname} has no slab for it",
                        p.result
                    ),
                    Some(s) => match (s.bytes, p.bytes) {
                        (Some(slab), Some(n)) if p.offset.checked_add(n).is_none_or(|e| e > slab) => format!(
                            "flow-to-stream: '{name}' result #{} (bytes {} to {}) lies outside the slab of pool {pool} ({slab} bytes)",
                            p.result,
                            p.offset,
                            p.offset.saturating_add(n)
                        ),
                        _ => continue,
                    },
                };
                errors += 1;
                if errors <= MAX_ERRORS {
                    diags.emit(Diagnostic::error(ir.op(op).loc, msg));
                }
            }
        }
    }
    errors
}

pub type VerifyFlowToStream = LevelGuard<StreamLevel>;
