//! The hal-level guard: after stream → hal, no stream, flow or graph op is
//! left outside `hal.executable`s.

use xir::pass::{Pass, PassContext};
use xir::{Context, DiagEngine, Diagnostic, Ir, Op};

/// Errors reported before giving up.
const MAX_ERRORS: usize = 8;

/// Reports each flow or graph op outside executables; returns how many.
pub fn check(ctx: &Context, ir: &Ir, module: Op, diags: &mut DiagEngine) -> usize {
    let mut errors = 0;
    let mut stack = vec![module];
    while let Some(op) = stack.pop() {
        let name = ctx.str(ir.op(op).name);
        if name == "hal.executable" {
            continue;
        }
        if name.starts_with("stream.") || name.starts_with("flow.") || name.starts_with("graph.") {
            errors += 1;
            if errors <= MAX_ERRORS {
                diags.emit(Diagnostic::error(
                    ir.op(op).loc,
                    format!("stream-to-hal: '{name}' is left after conversion to hal"),
                ));
            }
        }
        // Reversed so that errors come in program order.
        let start = stack.len();
        for &r in ir.regions(op) {
            for b in ir.region_blocks(r) {
                stack.extend(ir.block_ops(b));
            }
        }
        stack[start..].reverse();
    }
    errors
}

#[derive(Default)]
pub struct VerifyStreamToHal;

impl VerifyStreamToHal {
    pub const ARGUMENT: &'static str = "verify-stream-to-hal";
    pub const SUMMARY: &'static str =
        "Check that no stream, flow or graph op is left outside hal.executable ops";
}

impl Pass for VerifyStreamToHal {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "VerifyStreamToHal"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn run(&mut self, pc: &mut PassContext<'_>, module: Op) -> Result<(), ()> {
        pc.preserve_all();
        if check(pc.ctx, pc.ir, module, pc.diags) > 0 {
            return Err(());
        }
        Ok(())
    }
}
