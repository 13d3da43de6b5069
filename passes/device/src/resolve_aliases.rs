//! `device-resolve-aliases`: every `#device.alias<"kind"[N]>` becomes the full
//! `#device.target` of its kind from the target registry (`ordinal = N` added to
//! the config), wherever it occurs; a `#device.ordinal<N>` gets the targets xir
//! builds code for (`local`, `vulkan`), since the N-th runtime device may be either.
//! `registry=FILE` (xopt: `--device-target-registry=FILE`) adds or overrides kinds.

use super::rewrite_attrs::run_rewrite;
use super::target_registry::TargetRegistry;
use xir::pass::{Pass, PassContext, PassOption};
use xir::Op;
use xir_device::attrs::{decode, DeviceAttr};

#[derive(Default)]
pub struct ResolveAliases {
    registry: TargetRegistry,
    files: Vec<String>,
}

impl ResolveAliases {
    pub const ARGUMENT: &'static str = "device-resolve-aliases";
    pub const SUMMARY: &'static str =
        "Expand each #device.alias into a full #device.target from the target registry";
}

impl Pass for ResolveAliases {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "ResolveAliases"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn options(&self) -> Vec<PassOption> {
        vec![PassOption {
            name: "registry",
            help: "A file of #device.target definitions, one per line, that add or override kinds",
            default: String::new(),
        }]
    }
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        if name != "registry" {
            return Err(format!("no such option '{name}'"));
        }
        if value.is_empty() {
            return Err("expected a file name".into());
        }
        self.registry.add_file(value)?;
        self.files.push(value.to_string());
        Ok(())
    }
    fn run(&mut self, pc: &mut PassContext<'_>, op: Op) -> Result<(), ()> {
        let registry = &self.registry;
        let mut visit = |ctx: &mut xir::Context, a| match decode(ctx, a) {
            Some(DeviceAttr::Alias { kind, ordinal }) => {
                let kind = String::from_utf8_lossy(kind).into_owned();
                registry.target(ctx, &kind, ordinal).map(Some)
            }
            Some(DeviceAttr::Ordinal { index, targets: [] }) => {
                let ts = registry.code_targets(ctx)?;
                let n = ctx.i64_attr(index);
                let ts = ctx.intern_attr(xir::AttrKind::Array(ts));
                Ok(Some(xir_device::attrs::make(ctx, "ordinal", vec![n, ts])))
            }
            _ => Ok(None),
        };
        run_rewrite(pc, op, &mut visit)
    }
}
