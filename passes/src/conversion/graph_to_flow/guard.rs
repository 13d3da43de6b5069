//! The flow-level guard: after graph → flow, graph compute ops live only in
//! executables; one left outside is an error that names it.

use xir::pass::{Pass, PassContext};
use xir::{Context, DiagEngine, Diagnostic, Ir, Op};

use super::classify::allowed_outside;

/// Errors reported before giving up.
const MAX_ERRORS: usize = 8;

/// Reports each graph op outside `flow.executable`s that the flow level does
/// not allow there; returns how many.
pub fn check(ctx: &Context, ir: &Ir, module: Op, diags: &mut DiagEngine) -> usize {
    let mut errors = 0;
    let mut stack = vec![module];
    while let Some(op) = stack.pop() {
        let name = ctx.str(ir.op(op).name);
        if name == "flow.executable" {
            continue;
        }
        if name.starts_with("graph.") && !allowed_outside(name) {
            errors += 1;
            if errors <= MAX_ERRORS {
                diags.emit(Diagnostic::error(
                    ir.op(op).loc,
                    format!("graph-to-flow: '{name}' is left outside a flow.executable"),
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
pub struct VerifyGraphToFlow;

impl VerifyGraphToFlow {
    pub const ARGUMENT: &'static str = "verify-graph-to-flow";
    pub const SUMMARY: &'static str =
        "Check that no graph compute op or transfer is left outside flow.executable ops";
}

impl Pass for VerifyGraphToFlow {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "VerifyGraphToFlow"
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
