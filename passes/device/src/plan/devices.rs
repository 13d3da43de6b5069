//! The module's device table: declared devices in order, the default placement and
//! the host placement, and the crossing key of an affinity.

use rustc_hash::FxHashMap;
use xir::symbol::{op_attr, symbol_name};
use xir::{Attr, Context, DiagEngine, Diagnostic, Ir, Op};
use xir_device::attrs::{self, DeviceAttr};

pub struct Devices {
    /// Placement of values nothing constrains (`device.default`, else the first device).
    pub default: Option<Attr>,
    /// Placement of host-only ops (`device.host`, else the first `local` device, else the default).
    pub host: Option<Attr>,
    /// Each declared device as a plain affinity (`#device.affinity<@name>`), in
    /// declaration order: what the min-transfer optimizer chooses among.
    pub declared: Vec<Attr>,
    /// Each declared device's name and value (a device attribute), in order.
    pub values: Vec<(String, Option<Attr>)>,
    /// Device pairs `device.topology` links with shared memory.
    pub links: Vec<(xir::Ident, xir::Ident)>,
    /// What each device runs, when some target lists its `ops`.
    pub support: Option<std::rc::Rc<crate::support::Support>>,
    keys: FxHashMap<Attr, Attr>,
}

fn is_local(ctx: &Context, a: Attr) -> bool {
    matches!(
        attrs::decode(ctx, a),
        Some(DeviceAttr::Alias { kind: b"local", .. } | DeviceAttr::Target { kind: b"local", .. })
    )
}

impl Devices {
    /// The default placement; for a module that declares no device, the error
    /// (named for `pass`, at `loc`).
    #[allow(clippy::result_unit_err)]
    pub fn require_default(
        &self,
        pass: &str,
        loc: Attr,
        diags: &mut DiagEngine,
    ) -> Result<Attr, ()> {
        self.default.ok_or_else(|| {
            diags.emit(Diagnostic::error(
                loc,
                format!(
                    "{pass}: no device to place values on; declare 'device.targets' or 'device.default'"
                ),
            ))
        })
    }

    /// Reads `device.global`s (else `device.targets`) and `device.default`/`device.host`.
    pub fn collect(ctx: &mut Context, ir: &Ir, module: Op) -> Devices {
        let mut declared: Vec<(String, Option<Attr>)> = Vec::new();
        if let Some(b) = ir.regions(module).first().and_then(|&r| ir.entry_block(r)) {
            for op in ir.block_ops(b) {
                if xir_device::GLOBAL.is(ctx, ir, op) {
                    if let Some(n) = symbol_name(ctx, ir, op) {
                        let v = op_attr(ctx, ir, op, "value");
                        declared.push((String::from_utf8_lossy(n).into_owned(), v));
                    }
                }
            }
        }
        if declared.is_empty() {
            if let Some(t) = op_attr(ctx, ir, module, "device.targets") {
                for &(n, v) in ctx.dict_entries(t) {
                    declared.push((ctx.str(n).to_string(), Some(v)));
                }
            }
        }
        let default = op_attr(ctx, ir, module, "device.default").or_else(|| {
            declared
                .first()
                .map(|d| attrs::affinity(ctx, &d.0, None, None))
        });
        let local = declared
            .iter()
            .find(|d| d.1.is_some_and(|a| is_local(ctx, a)))
            .map(|d| d.0.clone());
        let host = op_attr(ctx, ir, module, "device.host")
            .or_else(|| local.map(|n| attrs::affinity(ctx, &n, None, None)))
            .or(default);
        let declared_values = declared.clone();
        let declared = declared
            .iter()
            .map(|d| attrs::affinity(ctx, &d.0, None, None))
            .collect();
        let mut devices = Devices {
            default,
            host,
            declared,
            values: declared_values,
            links: attrs::shared_memory_links(ctx, op_attr(ctx, ir, module, "device.topology")),
            support: None,
            keys: FxHashMap::default(),
        };
        let support = crate::support::Support::of(ctx, &devices);
        devices.support = support.restricted().then(|| std::rc::Rc::new(support));
        devices
    }

    /// What decides a crossing: device and memory scope (queues do not move data).
    pub fn key(&mut self, ctx: &mut Context, a: Attr) -> Attr {
        if let Some(&k) = self.keys.get(&a) {
            return k;
        }
        let k = match attrs::decode(ctx, a) {
            Some(DeviceAttr::Affinity {
                device,
                memory,
                queues: Some(_),
            }) => {
                let dev = ctx.str(device).to_string();
                let mem = memory.map(|m| String::from_utf8_lossy(m).into_owned());
                attrs::affinity(ctx, &dev, None, mem.as_deref())
            }
            _ => a,
        };
        self.keys.insert(a, k);
        k
    }
}
