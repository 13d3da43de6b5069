//! `strip-debuginfo`: every location becomes `loc(unknown)`.

use xir::pass::{Pass, PassContext};
use xir::store::ValueDef;
use xir::Op;

#[derive(Default)]
pub struct StripDebugInfo;

impl StripDebugInfo {
    pub const ARGUMENT: &'static str = "strip-debuginfo";
    pub const SUMMARY: &'static str = "Strip debug info from all operations";
}

impl Pass for StripDebugInfo {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "StripDebugInfo"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn run(&mut self, pc: &mut PassContext<'_>, op: Op) -> Result<(), ()> {
        let unknown = pc.ctx.unknown_loc();
        for o in xir::walk::preorder(pc.ir, op) {
            pc.ir.op_mut(o).loc = unknown;
            for &r in pc.ir.regions(o).to_vec().iter() {
                let blocks: Vec<_> = pc.ir.region_blocks(r).collect();
                for b in blocks {
                    for a in pc.ir.block_args(b).to_vec() {
                        if matches!(pc.ir.value(a).def, ValueDef::BlockArg { .. }) {
                            pc.ir.set_value_loc(a, unknown);
                        }
                    }
                }
            }
        }
        Ok(())
    }
}
