//! What each declared device can run (TVM RFC 0038's target-declared op support):
//! a `#device.target` lists the ops it runs under the reserved configuration key
//! `ops` (full op names); no list means every op. A `#device.select` device runs an
//! op only if every candidate does (the runtime may pick any of them), a
//! `#device.fallback<@other>` what `@other` runs; an alias or promise, not yet a
//! target, runs everything. Structural ops need no listing.

use crate::plan::devices::Devices;
use crate::plan::diagnostics::{describe, pin_loc};
use crate::plan::model::Model;
use crate::plan::solver::{Pin, PinSource, Var};
use rustc_hash::{FxHashMap, FxHashSet};
use xir::printer::attr_to_string;
use xir::{Attr, Context, DiagEngine, Diagnostic, Ir, Op};
use xir_device::attrs::{self, DeviceAttr};

/// Ops every device runs: placement, transfers, control flow, constants, the
/// host-side `graph.dim` and `graph.extract`, and func ops.
pub fn is_structural(name: &[u8]) -> bool {
    matches!(
        name,
        b"graph.on_device"
            | b"graph.transfer"
            | b"graph.if"
            | b"graph.yield"
            | b"graph.constant"
            | b"graph.dim"
            | b"graph.extract"
    ) || name.starts_with(b"func.")
}

/// One declared device's support.
pub struct DeviceSupport {
    pub name: String,
    /// `#device.affinity<@name>`.
    pub affinity: Attr,
    /// The ops it runs, sorted; `None`: every op.
    pub ops: Option<Vec<Vec<u8>>>,
}

pub struct Support {
    pub devices: Vec<DeviceSupport>,
}

/// The ops a device attribute runs (`None`: all), following fallbacks by name.
fn ops_of(
    ctx: &Context,
    values: &[(String, Option<Attr>)],
    device: Attr,
    depth: usize,
) -> Option<FxHashSet<Vec<u8>>> {
    match attrs::decode(ctx, device)? {
        DeviceAttr::Target { config, .. } => attrs::target_ops(ctx, config)
            .ok()
            .flatten()
            .map(|v| v.into_iter().map(<[u8]>::to_vec).collect()),
        DeviceAttr::Select(cands)
        | DeviceAttr::Optimal(cands)
        | DeviceAttr::Ordinal { targets: cands, .. } => {
            let mut acc: Option<FxHashSet<Vec<u8>>> = None;
            for &c in cands {
                if let Some(set) = ops_of(ctx, values, c, depth + 1) {
                    acc = Some(match acc {
                        None => set,
                        Some(a) => a.intersection(&set).cloned().collect(),
                    });
                }
            }
            acc
        }
        DeviceAttr::Fallback(other) if depth < values.len() => {
            let name = ctx.str(other);
            let v = values.iter().find(|(n, _)| n == name)?.1?;
            ops_of(ctx, values, v, depth + 1)
        }
        _ => None,
    }
}

impl Support {
    pub fn of(ctx: &mut Context, devices: &Devices) -> Support {
        let mut out = Vec::with_capacity(devices.values.len());
        for (i, (name, value)) in devices.values.iter().enumerate() {
            let ops = value
                .and_then(|v| ops_of(ctx, &devices.values, v, 0))
                .map(|set| {
                    let mut v: Vec<Vec<u8>> = set.into_iter().collect();
                    v.sort();
                    v
                });
            out.push(DeviceSupport {
                name: name.clone(),
                affinity: devices.declared[i],
                ops,
            });
        }
        Support { devices: out }
    }

    /// Whether some device runs fewer than every op.
    pub fn restricted(&self) -> bool {
        self.devices.iter().any(|d| d.ops.is_some())
    }

    /// Whether device `d` runs `op`.
    pub fn can_run(&self, d: usize, op: &[u8]) -> bool {
        is_structural(op)
            || self.devices[d]
                .ops
                .as_ref()
                .is_none_or(|ops| ops.binary_search_by(|o| o.as_slice().cmp(op)).is_ok())
    }

    /// The devices that run `op`, in declaration order.
    pub fn runners(&self, op: &[u8]) -> Vec<usize> {
        (0..self.devices.len())
            .filter(|&d| self.can_run(d, op))
            .collect()
    }

    /// The declared device an affinity places on.
    pub fn device_of(&self, ctx: &Context, affinity: Attr) -> Option<usize> {
        let dev = attrs::affinity_device(ctx, affinity)?;
        let name = ctx.str(dev);
        self.devices.iter().position(|d| d.name == name)
    }

    /// `@npu runs only 'graph.add', 'graph.relu'` (or `@npu runs no op`).
    pub fn describe(&self, d: usize) -> String {
        let dev = &self.devices[d];
        match &dev.ops {
            None => format!("@{} runs every op", dev.name),
            Some(ops) if ops.is_empty() => format!("@{} runs no op", dev.name),
            Some(ops) => format!(
                "@{} runs only {}",
                dev.name,
                ops.iter()
                    .map(|o| format!("'{}'", String::from_utf8_lossy(o)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }

    /// The error for an op no device runs: names the op and each device.
    pub fn nobody_runs(&self, op: &[u8]) -> String {
        format!(
            "no device can run '{}': {}",
            String::from_utf8_lossy(op),
            (0..self.devices.len())
                .map(|d| self.describe(d))
                .collect::<Vec<_>>()
                .join("; ")
        )
    }
}

/// The placed ops that need support (not structural), grouped by the class they
/// share a placement with, classes in the order their first op was placed.
pub fn class_ops(ctx: &Context, ir: &Ir, m: &mut Model) -> Vec<(Var, Vec<Op>)> {
    let mut index: FxHashMap<Var, usize> = FxHashMap::default();
    let mut groups: Vec<(Var, Vec<Op>)> = Vec::new();
    for i in 0..m.placed.len() {
        let op = m.placed[i];
        if is_structural(ctx.bytes(ir.op(op).name)) {
            continue;
        }
        let Some(v) = m.var_of_op(op) else {
            continue;
        };
        let root = m.solver.find(v);
        let g = *index.entry(root).or_insert_with(|| {
            groups.push((root, Vec::new()));
            groups.len() - 1
        });
        groups[g].1.push(op);
    }
    groups
}

/// `'graph.exp' cannot run on @npu: @npu runs only ...`, with a note at the pin
/// that put it there.
pub fn cannot_run(ctx: &Context, ir: &Ir, sup: &Support, op: Op, pin: &Pin) -> Diagnostic {
    let name = String::from_utf8_lossy(ctx.bytes(ir.op(op).name)).into_owned();
    let (dev, why) = match sup.device_of(ctx, pin.attr) {
        Some(d) => (format!("@{}", sup.devices[d].name), sup.describe(d)),
        None => (attr_to_string(ctx, pin.attr), String::new()),
    };
    Diagnostic::error(
        ir.op(op).loc,
        format!("'{name}' cannot run on {dev}: {why}"),
    )
    .with_note(
        pin_loc(ctx, ir, pin.source),
        format!(
            "placed on {} by {}",
            attr_to_string(ctx, pin.attr),
            describe(ctx, ir, pin.source)
        ),
    )
}

/// After planning: every placed op must run where its class is. A pinned class on
/// a device that cannot run one of its ops is an error naming both; an unpinned
/// class goes to the default device when it runs all the class's ops, else to the
/// first declared device that does (else an error naming each op's devices).
/// Returns whether all is well.
pub fn settle(
    ctx: &Context,
    ir: &Ir,
    m: &mut Model,
    sup: &Support,
    default: Attr,
    diags: &mut DiagEngine,
) -> bool {
    let groups = class_ops(ctx, ir, m);
    let name = |op: Op| ctx.bytes(ir.op(op).name);
    let mut ok = true;
    let mut reported = 0;
    for (root, ops) in groups {
        if reported >= 8 {
            break;
        }
        if let Some(p) = m.solver.class_pin(root) {
            let pin = m.solver.pins[p as usize];
            let Some(d) = sup.device_of(ctx, pin.attr) else {
                continue;
            };
            for &op in &ops {
                if !sup.can_run(d, name(op)) {
                    ok = false;
                    reported += 1;
                    diags.emit(cannot_run(ctx, ir, sup, op, &pin));
                    break;
                }
            }
            continue;
        }
        let first = sup.device_of(ctx, default);
        let choice = first
            .into_iter()
            .chain(0..sup.devices.len())
            .find(|&d| ops.iter().all(|&op| sup.can_run(d, name(op))));
        match choice {
            Some(d) if Some(d) == first => {}
            Some(d) => {
                let attr = sup.devices[d].affinity;
                let _ = m.solver.add_pin(Pin {
                    attr,
                    key: attr,
                    var: root,
                    source: PinSource::Runner,
                });
            }
            None => {
                ok = false;
                reported += 1;
                let mut d = Diagnostic::error(
                    ir.op(ops[0]).loc,
                    "these ops share one placement, but no device runs them all; place them apart with 'graph.transfer' or use device-plan{placement=min-transfer}",
                );
                for &op in &ops {
                    let runners: Vec<String> = sup
                        .runners(name(op))
                        .iter()
                        .map(|&r| format!("@{}", sup.devices[r].name))
                        .collect();
                    d = d.with_note(
                        ir.op(op).loc,
                        format!(
                            "'{}' runs on {}",
                            String::from_utf8_lossy(name(op)),
                            if runners.is_empty() {
                                "no device".to_string()
                            } else {
                                runners.join(", ")
                            }
                        ),
                    );
                }
                diags.emit(d);
            }
        }
    }
    ok
}
