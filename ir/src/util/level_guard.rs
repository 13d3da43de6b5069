//! Level guards: after a conversion, an op that belongs to a level above the target
//! and sits outside the target's executables is an error that names it. One
//! mechanism; each level says which executables it skips and which ops it forbids.

use std::marker::PhantomData;

use crate::pass::{Pass, PassContext};
use crate::{Context, DiagEngine, Diagnostic, Ir, Op};

/// Errors reported before giving up.
const MAX_ERRORS: usize = 8;

/// What one level allows.
pub trait Level {
    const ARGUMENT: &'static str;
    const NAME: &'static str;
    const SUMMARY: &'static str;
    /// Ops whose bodies are not checked (kernels keep their graph ops).
    const EXECUTABLE: &'static str;
    fn forbidden(op_name: &str) -> bool;
    fn message(op_name: &str) -> String;
    /// Checks of the level beyond op names; returns how many errors.
    fn check_more(_ctx: &Context, _ir: &Ir, _module: Op, _diags: &mut DiagEngine) -> usize {
        0
    }
}

/// Reports each forbidden op outside executables, in program order; returns how many.
pub fn check<L: Level>(ctx: &Context, ir: &Ir, module: Op, diags: &mut DiagEngine) -> usize {
    let mut errors = 0;
    let mut stack = vec![module];
    while let Some(op) = stack.pop() {
        let name = ctx.str(ir.op(op).name);
        if name == L::EXECUTABLE {
            continue;
        }
        if L::forbidden(name) {
            errors += 1;
            if errors <= MAX_ERRORS {
                diags.emit(Diagnostic::error(ir.op(op).loc, L::message(name)));
            }
        }
        let start = stack.len();
        for &r in ir.regions(op) {
            for b in ir.region_blocks(r) {
                stack.extend(ir.block_ops(b));
            }
        }
        stack[start..].reverse();
    }
    errors + L::check_more(ctx, ir, module, diags)
}

/// The guard of level `L` as a pass.
pub struct LevelGuard<L: Level>(PhantomData<L>);

impl<L: Level> Default for LevelGuard<L> {
    fn default() -> Self {
        LevelGuard(PhantomData)
    }
}

impl<L: Level> LevelGuard<L> {
    pub const ARGUMENT: &'static str = L::ARGUMENT;
    pub const SUMMARY: &'static str = L::SUMMARY;
}

impl<L: Level> Pass for LevelGuard<L> {
    fn argument(&self) -> &'static str {
        L::ARGUMENT
    }
    fn name(&self) -> &'static str {
        L::NAME
    }
    fn summary(&self) -> &'static str {
        L::SUMMARY
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn run(&mut self, pc: &mut PassContext<'_>, module: Op) -> Result<(), ()> {
        pc.preserve_all();
        if check::<L>(pc.ctx, pc.ir, module, pc.diags) > 0 {
            return Err(());
        }
        Ok(())
    }
}
