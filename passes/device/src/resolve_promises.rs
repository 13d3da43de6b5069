//! `device-resolve-promises`: every `#device.promise<@x>` becomes
//! `#device.affinity<@x>`, wherever it occurs. `@x` must be a declared device (a
//! `device.global` or a key of `device.targets`); otherwise the op using the
//! promise gets the error.

use super::materialize::{device_globals, ordered_targets};
use super::rewrite_attrs::run_rewrite;
use xir::pass::{Pass, PassContext};
use xir::Op;
use xir_device::attrs::{self, decode, DeviceAttr};

#[derive(Default)]
pub struct ResolvePromises;

impl ResolvePromises {
    pub const ARGUMENT: &'static str = "device-resolve-promises";
    pub const SUMMARY: &'static str =
        "Replace each #device.promise with an affinity to the device it names";
}

impl Pass for ResolvePromises {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "ResolvePromises"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn run(&mut self, pc: &mut PassContext<'_>, op: Op) -> Result<(), ()> {
        let mut declared: Vec<_> = device_globals(pc.ctx, pc.ir, op)
            .into_iter()
            .map(|g| g.1)
            .collect();
        // A bad `device.order` is device-materialize's error; the keys are enough here.
        let targets = ordered_targets(pc.ctx, pc.ir, op).unwrap_or_else(|_| {
            xir::symbol::op_attr(pc.ctx, pc.ir, op, "device.targets")
                .map(|t| pc.ctx.dict_entries(t).to_vec())
                .unwrap_or_default()
        });
        declared.extend(targets.into_iter().map(|t| t.0));
        let mut visit = |ctx: &mut xir::Context, a| {
            let Some(DeviceAttr::Promise(dev)) = decode(ctx, a) else {
                return Ok(None);
            };
            if !declared.contains(&dev) {
                let known = if declared.is_empty() {
                    "no devices are declared".to_string()
                } else {
                    let names: Vec<String> = declared
                        .iter()
                        .map(|d| format!("@{}", ctx.str(*d)))
                        .collect();
                    format!("declared devices: {}", names.join(", "))
                };
                return Err(format!(
                    "#device.promise<@{}> names no declared device ({known})",
                    ctx.str(dev)
                ));
            }
            let name = ctx.str(dev).to_string();
            Ok(Some(attrs::affinity(ctx, &name, None, None)))
        };
        run_rewrite(pc, op, &mut visit)
    }
}
