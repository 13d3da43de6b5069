//! `device-plan{placement=min-transfer}` on a model built in `Mode::MinTransfer`:
//! the classes definitions join become the optimizer's classes, each use a member
//! of its value's net; the chosen placements become pins, and each use whose sides
//! differ a cut that `rewrite` turns into one shared transfer per destination.

use super::devices::Devices;
use super::min_transfer::{self, Net, Problem};
use super::model::{Cut, Model, SoftUse};
use super::rewrite::through_on_device;
use super::solver::{Pin, PinSource, Var};
use rustc_hash::FxHashMap;
use xir::util::bytes::{tensor_bytes, Bytes};
use xir::{Attr, Context, Ir, Op, Value};

/// What a `?` dimension counts as when pricing a transfer.
pub const DYNAMIC_DIM_GUESS: u64 = 1024;

/// The bytes moving `v` costs: elements × element size (a `?` counts as
/// [`DYNAMIC_DIM_GUESS`]; a tensor without a storage size as one byte per element).
pub fn value_bytes(ctx: &Context, ir: &Ir, v: Value) -> u64 {
    match tensor_bytes(ctx, ir.value_type(v), Some(DYNAMIC_DIM_GUESS)) {
        Bytes::Known(n) => n,
        _ => 1,
    }
    // Keeps sums of many nets far from the flow network's infinity.
    .min(1 << 40)
}

/// Labels are crossing keys; a label's attribute is what a free class is pinned to.
struct Labels {
    keys: Vec<Attr>,
    attrs: Vec<Attr>,
    /// How many leading labels free classes choose among: the declared devices,
    /// the default, and the placements of pins.
    free: usize,
}

impl Labels {
    fn of(&mut self, key: Attr, attr: Attr) -> u32 {
        match self.keys.iter().position(|&k| k == key) {
            Some(i) => i as u32,
            None => {
                self.keys.push(key);
                self.attrs.push(attr);
                (self.keys.len() - 1) as u32
            }
        }
    }
}

/// Chooses a placement for every class the uses touch and records the cuts.
pub fn place(ctx: &mut Context, ir: &Ir, m: &mut Model, devices: &mut Devices, default: Attr) {
    let (mut labels, default_label) = labels(ctx, m, devices, default);
    // Where each label's device runs the ops of a class (targets' `ops`): a free
    // class may only take labels whose device runs all of them.
    let class_ops: FxHashMap<Var, Vec<Op>> = if devices.support.is_some() {
        crate::support::class_ops(ctx, ir, m).into_iter().collect()
    } else {
        FxHashMap::default()
    };
    let soft = std::mem::take(&mut m.soft);
    let mut classes = Classes {
        class_of: FxHashMap::default(),
        roots: Vec::new(),
        allowed: Vec::new(),
        class_ops,
    };
    // One net per used value: its producer's class and its users' classes.
    let mut net_of: FxHashMap<Value, usize> = FxHashMap::default();
    let mut nets: Vec<Net> = Vec::new();
    let mut uses: Vec<(u32, u32)> = Vec::with_capacity(soft.len());
    let on_device = ctx.ident(xir_graph::ops::ON_DEVICE.name);
    for s in &soft {
        let pc = classes.of(ctx, ir, m, devices, &mut labels, s.value);
        let uc = classes.of(ctx, ir, m, devices, &mut labels, s.need);
        uses.push((pc, uc));
        // A value read directly and through `graph.on_device` (its class) is one
        // net: it moves once per destination.
        let v = through_on_device(ir, on_device, ir.operand(s.user, s.index));
        let n = *net_of.entry(v).or_insert_with(|| {
            nets.push(Net {
                producer: pc,
                users: Vec::new(),
                bytes: value_bytes(ctx, ir, v),
            });
            nets.len() - 1
        });
        if uc != pc && !nets[n].users.contains(&uc) {
            nets[n].users.push(uc);
        }
    }
    let problem = Problem {
        labels: labels.keys.len(),
        allowed: classes.allowed,
        nets,
        linked: linked_labels(ctx, &labels, devices),
    };
    let init: Vec<u32> = problem
        .allowed
        .iter()
        .map(|a| {
            if a.contains(&default_label) {
                default_label
            } else {
                a[0]
            }
        })
        .collect();
    let label = min_transfer::solve(&problem, init);

    // Free classes take their label as a pin.
    for (c, &r) in classes.roots.iter().enumerate() {
        if m.solver.class_pin(r).is_none() {
            let l = label[c] as usize;
            let _ = m.solver.add_pin(Pin {
                attr: labels.attrs[l],
                key: labels.keys[l],
                var: r,
                source: PinSource::Planned,
            });
        }
    }
    record_cuts(m, &soft, &uses, &label);
    m.share_transfers = true;
}

/// The labels: the declared devices, the default (returned with its label),
/// then every placement a pin names (a memory scope, say), which a free
/// class may join too.
fn labels(ctx: &mut Context, m: &Model, devices: &mut Devices, default: Attr) -> (Labels, u32) {
    let mut labels = Labels {
        keys: Vec::new(),
        attrs: Vec::new(),
        free: 0,
    };
    for &d in &devices.declared.clone() {
        let k = devices.key(ctx, d);
        labels.of(k, d);
    }
    let default_key = devices.key(ctx, default);
    let default_label = labels.of(default_key, default);
    for i in 0..m.solver.pins.len() {
        let pin = m.solver.pins[i];
        labels.of(pin.key, pin.attr);
    }
    labels.free = labels.keys.len();
    (labels, default_label)
}

/// The optimizer's classes, in the order the uses first touch them
/// (deterministic), with the labels each may take.
struct Classes {
    class_of: FxHashMap<Var, u32>,
    roots: Vec<Var>,
    allowed: Vec<Vec<u32>>,
    class_ops: FxHashMap<Var, Vec<Op>>,
}

impl Classes {
    /// The class of `v`, made on first use: a pinned class may only take its
    /// pin's label, a free one the labels whose device runs its ops.
    fn of(
        &mut self,
        ctx: &Context,
        ir: &Ir,
        m: &mut Model,
        devices: &Devices,
        labels: &mut Labels,
        v: Var,
    ) -> u32 {
        let r = m.solver.find(v);
        if let Some(&c) = self.class_of.get(&r) {
            return c;
        }
        let c = self.roots.len() as u32;
        self.class_of.insert(r, c);
        self.roots.push(r);
        self.allowed.push(match m.solver.class_pin(r) {
            Some(p) => {
                let pin = m.solver.pins[p as usize];
                vec![labels.of(pin.key, pin.attr)]
            }
            None => {
                let ops = self.class_ops.get(&r).map_or(&[][..], |v| v.as_slice());
                let fits: Vec<u32> = (0..labels.free as u32)
                    .filter(|&l| runs(ctx, ir, devices, labels.attrs[l as usize], ops))
                    .collect();
                // No label fits: any, and `support::settle` reports it.
                if fits.is_empty() {
                    (0..labels.free as u32).collect()
                } else {
                    fits
                }
            }
        });
        c
    }
}

/// Whether the device of `label_attr` runs every op of `ops` (true when
/// what devices run is unknown).
fn runs(ctx: &Context, ir: &Ir, devices: &Devices, label_attr: Attr, ops: &[Op]) -> bool {
    let Some(sup) = devices.support.as_ref() else {
        return true;
    };
    match sup.device_of(ctx, label_attr) {
        Some(d) => ops
            .iter()
            .all(|&op| sup.can_run(d, ctx.bytes(ir.op(op).name))),
        None => true,
    }
}

/// Labels on devices that share memory move nothing between them.
fn linked_labels(ctx: &Context, labels: &Labels, devices: &Devices) -> Vec<(u32, u32)> {
    let mut linked = Vec::new();
    for i in 0..labels.keys.len() {
        for j in i + 1..labels.keys.len() {
            let di = xir_device::attrs::affinity_device(ctx, labels.attrs[i]);
            let dj = xir_device::attrs::affinity_device(ctx, labels.attrs[j]);
            if let (Some(a), Some(b)) = (di, dj) {
                if a != b && xir_device::attrs::linked(&devices.links, a, b) {
                    linked.push((i as u32, j as u32));
                }
            }
        }
    }
    linked
}

/// A use whose sides got different labels crosses: a cut.
fn record_cuts(m: &mut Model, soft: &[SoftUse], uses: &[(u32, u32)], label: &[u32]) {
    for (s, &(pc, uc)) in soft.iter().zip(uses) {
        if label[pc as usize] == label[uc as usize] {
            continue;
        }
        let from = m
            .solver
            .class_pin(s.value)
            .map(|p| m.solver.pins[p as usize].attr);
        let to = m
            .solver
            .class_pin(s.need)
            .map(|p| m.solver.pins[p as usize].attr);
        if let (Some(from), Some(to)) = (from, to) {
            m.cuts.push(Cut {
                user: s.user,
                index: s.index,
                from,
                to,
            });
        }
    }
}
