//! `device-assign-targets`: writes the devices given by `--target-device` flags or
//! the `targets=` option (grammar in `spec.rs`) as the module's `device.targets`,
//! and their order as `device.order = [@a, @b]` (a dictionary is sorted by key, so
//! it cannot keep the order itself). Without devices given, the module is left alone.

use super::rewrite_attrs::set_attr;
use super::spec::{self, Entry};
use xir::pass::{Pass, PassContext, PassOption};
use xir::{AttrKind, Diagnostic, Op};

#[derive(Default)]
pub struct AssignTargets {
    /// `None`: no devices given.
    targets: Option<Vec<Entry>>,
}

impl AssignTargets {
    pub const ARGUMENT: &'static str = "device-assign-targets";
    pub const SUMMARY: &'static str =
        "Set the module's device.targets from --target-device flags or the targets option";

    /// The pass with its targets given as values (`--target-device` entries).
    pub fn with_targets(entries: Vec<Entry>) -> Result<AssignTargets, String> {
        if entries.is_empty() {
            return Err("expected at least one device".into());
        }
        spec::name_entries(&entries)?;
        Ok(AssignTargets {
            targets: Some(entries),
        })
    }
}

impl Pass for AssignTargets {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "AssignTargets"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn options(&self) -> Vec<PassOption> {
        vec![PassOption {
            name: "targets",
            help: "Devices, in order: [NAME=]SPEC,... (group a select list: {gpu=vulkan,local})",
            default: String::new(),
        }]
    }
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        if name != "targets" {
            return Err(format!("no such option '{name}'"));
        }
        *self = AssignTargets::with_targets(spec::parse_list(value)?)?;
        Ok(())
    }
    fn run(&mut self, pc: &mut PassContext<'_>, op: Op) -> Result<(), ()> {
        let Some(entries) = &self.targets else {
            pc.preserve_all();
            return Ok(());
        };
        let loc = pc.ir.op(op).loc;
        let named = match spec::name_entries(entries) {
            Ok(n) => n,
            Err(e) => {
                pc.diags.emit(Diagnostic::error(loc, e));
                return Err(());
            }
        };
        let mut dict = Vec::with_capacity(named.len());
        let mut order = Vec::with_capacity(named.len());
        for (name, entry) in named {
            let dev = match spec::build(pc.ctx, entry) {
                Ok(d) => d,
                Err(e) => {
                    pc.diags.emit(Diagnostic::error(loc, e));
                    return Err(());
                }
            };
            let id = pc.ctx.ident(&name);
            dict.push((id, dev));
            order.push(pc.ctx.intern_attr(AttrKind::SymbolRef {
                root: id,
                nested: Vec::new(),
            }));
        }
        // The module's default or host device must be one of the new devices.
        for key in ["device.default", "device.host"] {
            let Some(a) = xir::symbol::op_attr(pc.ctx, pc.ir, op, key) else {
                continue;
            };
            let Some(dev) = xir_device::attrs::affinity_device(pc.ctx, a).or_else(|| {
                match xir_device::attrs::decode(pc.ctx, a) {
                    Some(xir_device::attrs::DeviceAttr::Promise(d)) => Some(d),
                    _ => None,
                }
            }) else {
                continue;
            };
            if !dict.iter().any(|e| e.0 == dev) {
                let names: Vec<String> = dict
                    .iter()
                    .map(|e| format!("@{}", pc.ctx.str(e.0)))
                    .collect();
                pc.diags.emit(Diagnostic::error(
                    loc,
                    format!(
                        "{}: '{key}' names @{}, which the given devices ({}) do not declare; name it with --target-device or drop '{key}'",
                        Self::ARGUMENT,
                        pc.ctx.str(dev),
                        names.join(", ")
                    ),
                ));
                return Err(());
            }
        }
        let targets = pc.ctx.dictionary(dict);
        let order = pc.ctx.intern_attr(AttrKind::Array(order));
        set_attr(pc.ctx, pc.ir, op, "device.targets", Some(targets));
        set_attr(pc.ctx, pc.ir, op, "device.order", Some(order));
        Ok(())
    }
}
