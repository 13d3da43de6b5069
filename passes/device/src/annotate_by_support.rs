//! `device-annotate-by-support` (TVM RFC 0038's annotation step): pins each graph
//! op that only one declared device can run to that device, as a
//! `device.affinity` on the op, so that later planning (and a person reading the
//! IR) sees it. An op no device can run is an error naming the op and each device;
//! an op that already carries a `device.affinity` is left alone (`device-plan`
//! checks it). Without any target listing `ops`, nothing changes.

use crate::plan::devices::Devices;
use crate::plan::func_attrs::set_op_attr;
use crate::support::is_structural;
use xir::pass::{Pass, PassContext};
use xir::{Diagnostic, Op};

#[derive(Default)]
pub struct AnnotateBySupport;

impl AnnotateBySupport {
    pub const ARGUMENT: &'static str = "device-annotate-by-support";
    pub const SUMMARY: &'static str =
        "Pin each graph op that only one device's target can run to that device";
}

impl Pass for AnnotateBySupport {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "DeviceAnnotateBySupport"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn run(&mut self, pc: &mut PassContext<'_>, module: Op) -> Result<(), ()> {
        let devices = Devices::collect(pc.ctx, pc.ir, module);
        let Some(sup) = devices.support.as_ref() else {
            pc.preserve_all();
            return Ok(());
        };
        let mut failed = false;
        let mut pinned = 0u64;
        for op in xir::walk::preorder(pc.ir, module) {
            let name = pc.ctx.bytes(pc.ir.op(op).name);
            if !name.starts_with(b"graph.") || is_structural(name) {
                continue;
            }
            let runners = sup.runners(name);
            if runners.is_empty() {
                let msg = sup.nobody_runs(name);
                pc.diags.emit(Diagnostic::error(pc.ir.op(op).loc, msg));
                failed = true;
                continue;
            }
            if runners.len() == 1
                && sup.devices.len() > 1
                && pc
                    .ctx
                    .dict_get(pc.ir.op(op).attrs, "device.affinity")
                    .is_none()
            {
                let a = sup.devices[runners[0]].affinity;
                set_op_attr(pc.ctx, pc.ir, op, "device.affinity", Some(a));
                pinned += 1;
            }
        }
        pc.add_statistic(
            "num-pinned",
            "Number of ops pinned to their only device",
            pinned,
        );
        if failed {
            Err(())
        } else {
            Ok(())
        }
    }
}
