//! `device-resolve-promises`: every `#device.promise<@x>` becomes
//! `#device.affinity<@x>`, wherever it occurs, except where a device is expected
//! (a `device.global`'s value, a `device.targets` entry, a select or optimal
//! candidate): there it becomes `#device.fallback<@x>`, the device `@x` resolves
//! to. `@x` must be a declared device (a `device.global` or a key of
//! `device.targets`); otherwise the op using the promise gets the error.

use super::materialize::{device_globals, ordered_targets};
use super::plan::func_attrs::{set_op_attr, set_property};
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
        // Device positions first: a promise there names a device, not a placement.
        let globals = device_globals(pc.ctx, pc.ir, op);
        for (g, _, value) in globals {
            let new = as_device(pc.ctx, value, &declared);
            if new != value {
                set_property(pc.ctx, pc.ir, g, "value", new);
            }
        }
        if let Some(t) = xir::symbol::op_attr(pc.ctx, pc.ir, op, "device.targets") {
            let entries: Vec<_> = pc.ctx.dict_entries(t).to_vec();
            let fixed: Vec<_> = entries
                .iter()
                .map(|&(k, v)| (k, as_device(pc.ctx, v, &declared)))
                .collect();
            if fixed != entries {
                let d = pc.ctx.dictionary(fixed);
                set_op_attr(pc.ctx, pc.ir, op, "device.targets", Some(d));
            }
        }
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

/// A device attribute with each promise of a declared device (itself, or a select
/// or optimal candidate) turned into a fallback to it.
fn as_device(ctx: &mut xir::Context, a: xir::Attr, declared: &[xir::Ident]) -> xir::Attr {
    match decode(ctx, a) {
        Some(DeviceAttr::Promise(dev)) if declared.contains(&dev) => {
            let name = ctx.str(dev).to_string();
            attrs::fallback(ctx, &name)
        }
        Some(DeviceAttr::Select(cands)) | Some(DeviceAttr::Optimal(cands)) => {
            let is_select = matches!(decode(ctx, a), Some(DeviceAttr::Select(_)));
            let cands = cands.to_vec();
            let new: Vec<_> = cands.iter().map(|&c| as_device(ctx, c, declared)).collect();
            if new == cands {
                return a;
            }
            attrs::make(ctx, if is_select { "select" } else { "optimal" }, new)
        }
        _ => a,
    }
}
