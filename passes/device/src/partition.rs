//! `device-partition`: after planning (complete form), hoists each connected group of
//! ops with the same placement into a private function `@<func>_<device>_<n>` that
//! carries the `device.affinity` function attribute. The caller keeps transfers and
//! every non-graph op, and calls the parts in order.
//!
//! Grouping is greedy, in program order, over each block of a function body; units
//! (groups and kept ops) get increasing positions and every dependence goes from a
//! lower position to a higher one, so emitting the units in position order is valid
//! and every group is convex. An op joins the group of one of its operands when that
//! group is the latest unit it depends on; a group nobody outside it has used yet may
//! also move to the end and merge. This can split more than an exact search would,
//! never too little.
//!
//! An op with regions (`graph.if`) is one unit placed by its own `device.affinity`;
//! its regions move with it whatever their ops' placements.
//!
//! `by=target` (TVM RFC 0038's PartitionBySEScope) groups by the device's target
//! instead (the `#device.target` a `device.global` or `device.targets` gives it), so
//! a per-target code generator can take each part whole, as BYOC's "Compiler"
//! functions: parts are `@<func>_<target kind>_<n>` and carry `device.target`
//! (and `device.affinity` when all their ops share one).

use rustc_hash::{FxHashMap, FxHashSet};
use xir::pass::{Pass, PassContext, PassOption};
use xir::symbol::symbol_name;
use xir::types::TypeKind;
use xir::{Attr, AttrKind, Block, Context, Diagnostic, Ir, Op, OperationState, Value};
use xir_device::attrs::affinity_device;

use super::plan::func_attrs;
use xir::util::nesting::{ancestor_in, def_in};
use xir::util::union_find::{find, unit_deps};

/// "has no device.affinity" errors reported before giving up.
const MAX_ERRORS: usize = 8;

#[derive(Default)]
pub struct Partition {
    /// Group by the devices' targets instead of by placement.
    pub by_target: bool,
}

impl Partition {
    pub const ARGUMENT: &'static str = "device-partition";
    pub const SUMMARY: &'static str =
        "Hoist each connected same-placement group of ops into a function with a device.affinity";
}

fn is_tensor(ctx: &Context, v: Value, ir: &Ir) -> bool {
    matches!(
        ctx.type_kind(ir.value_type(v)),
        TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. }
    )
}

/// Ops that move into parts: graph ops other than transfers (and yields, which
/// only occur nested).
fn partitionable(ctx: &Context, ir: &Ir, op: Op) -> bool {
    let name = ctx.str(ir.op(op).name);
    name.starts_with("graph.")
        && name != xir_graph::ops::TRANSFER.name
        && name != xir_graph::ops::YIELD.name
}

enum Kind {
    Kept(Op),
    Group(Attr, Vec<Op>),
}

struct Unit {
    kind: Kind,
    pos: u32,
    /// Another unit uses one of its values.
    used: bool,
}

/// Splits the ops of `block` into units in a valid order (see the module comment);
/// `key` maps an op's placement to what groups it (the placement, or its target).
fn group_block(
    ctx: &Context,
    ir: &Ir,
    block: Block,
    key: &dyn Fn(&Context, Attr) -> Attr,
) -> Vec<Unit> {
    let mut units: Vec<Unit> = Vec::new();
    let mut parent: Vec<usize> = Vec::new();
    let mut unit_of: FxHashMap<Op, usize> = FxHashMap::default();
    let mut next_pos = 0u32;
    let mut deps: Vec<usize> = Vec::new();
    for op in ir.block_ops(block).collect::<Vec<_>>() {
        unit_deps(ir, block, op, &unit_of, &mut parent, &mut deps);
        let aff = if partitionable(ctx, ir, op) {
            ctx.dict_get(ir.op(op).attrs, "device.affinity")
                .map(|a| key(ctx, a))
        } else {
            None
        };
        let mine = match aff {
            None => {
                units.push(Unit {
                    kind: Kind::Kept(op),
                    pos: next_pos,
                    used: false,
                });
                next_pos += 1;
                parent.push(units.len() - 1);
                units.len() - 1
            }
            Some(a) => {
                let same = |u: &Unit| matches!(&u.kind, Kind::Group(b, _) if *b == a);
                let open: Vec<usize> = deps
                    .iter()
                    .copied()
                    .filter(|&u| same(&units[u]) && !units[u].used)
                    .collect();
                let closed = deps
                    .iter()
                    .copied()
                    .filter(|&u| same(&units[u]) && units[u].used)
                    .max_by_key(|&u| units[u].pos);
                // Join the latest closed group if nothing else comes after it.
                let target = closed.filter(|&g| {
                    deps.iter()
                        .all(|&u| u == g || open.contains(&u) || units[u].pos <= units[g].pos)
                        && open.iter().all(|&u| units[u].pos < units[g].pos)
                });
                let g = match target {
                    Some(g) => g,
                    None => {
                        units.push(Unit {
                            kind: Kind::Group(a, Vec::new()),
                            pos: next_pos,
                            used: false,
                        });
                        next_pos += 1;
                        parent.push(units.len() - 1);
                        units.len() - 1
                    }
                };
                // Unused groups merge in (moving later is safe: nobody needs them yet).
                for u in open {
                    if u == g {
                        continue;
                    }
                    let Kind::Group(_, ops) = std::mem::replace(&mut units[u].kind, Kind::Kept(op))
                    else {
                        continue;
                    };
                    parent[u] = g;
                    if let Kind::Group(_, mine) = &mut units[g].kind {
                        mine.extend(ops);
                    }
                }
                if let Kind::Group(_, mine) = &mut units[g].kind {
                    mine.push(op);
                }
                g
            }
        };
        unit_of.insert(op, mine);
        for &u in &deps {
            let u = find(&mut parent, u);
            if u != mine {
                units[u].used = true;
            }
        }
    }
    let live: FxHashSet<usize> = (0..units.len())
        .filter(|&u| find(&mut parent, u) == u)
        .collect();
    let mut out: Vec<Unit> = units
        .into_iter()
        .enumerate()
        .filter(|(i, _)| live.contains(i))
        .map(|(_, u)| u)
        .collect();
    out.sort_by_key(|u| u.pos);
    out
}

/// A part's name suffix under `by=target`: the target's kind (`npu`), an alias's
/// kind, or `select`; made of identifier characters.
fn target_kind(ctx: &Context, target: Attr) -> Vec<u8> {
    use xir_device::attrs::{decode, DeviceAttr};
    let kind: &[u8] = match decode(ctx, target) {
        Some(DeviceAttr::Target { kind, .. } | DeviceAttr::Alias { kind, .. }) => kind,
        Some(DeviceAttr::Select(_)) => b"select",
        Some(DeviceAttr::Optimal(_)) => b"optimal",
        Some(DeviceAttr::Ordinal { .. }) => b"ordinal",
        _ => b"device",
    };
    kind.iter()
        .map(|&c| if c.is_ascii_alphanumeric() { c } else { b'_' })
        .collect()
}

/// The placement of a value in the complete form (for the part's `arg_attrs`).
/// `known` holds the placements of the results of calls to earlier parts.
fn value_placement(
    ctx: &Context,
    ir: &Ir,
    func: Op,
    known: &FxHashMap<Value, Attr>,
    v: Value,
) -> Option<Attr> {
    if let Some(&a) = known.get(&v) {
        return Some(a);
    }
    match ir.value(v).def {
        xir::ValueDef::Result { op, .. } => ctx.dict_get(ir.op(op).attrs, "device.affinity"),
        xir::ValueDef::BlockArg { block, index } => {
            let entry = ir.regions(func).first().and_then(|&r| ir.entry_block(r));
            if entry == Some(block) {
                func_attrs::get(ctx, ir, func, "arg_attrs", index as usize)
            } else {
                None
            }
        }
        _ => None,
    }
}

struct Namer {
    taken: FxHashSet<Vec<u8>>,
    next: FxHashMap<Vec<u8>, u32>,
}

impl Namer {
    fn fresh(&mut self, base: &[u8]) -> Vec<u8> {
        let n = self.next.entry(base.to_vec()).or_insert(0);
        loop {
            let mut name = base.to_vec();
            name.extend_from_slice(format!("_{n}").as_bytes());
            *n += 1;
            if self.taken.insert(name.clone()) {
                return name;
            }
        }
    }
}

/// Hoists one group into a new function inserted after `after`; returns it.
#[allow(clippy::too_many_arguments)]
fn hoist(
    ctx: &mut Context,
    ir: &mut Ir,
    func: Op,
    block: Block,
    func_attrs: Vec<(&str, Attr)>,
    mut ops: Vec<Op>,
    order: &FxHashMap<Op, usize>,
    name: &[u8],
    after: Op,
    known: &mut FxHashMap<Value, Attr>,
) -> Op {
    ops.sort_by_key(|o| order[o]);
    let members: FxHashSet<Op> = ops.iter().copied().collect();
    let (inputs, input_uses) = group_inputs(ir, block, &ops, &members);
    let (outputs, output_uses) = group_outputs(ir, block, &ops, &members);
    let out_types: Vec<_> = outputs.iter().map(|&v| ir.value_type(v)).collect();
    let loc = ir.op(ops[0]).loc;
    let part = create_part(
        ctx, ir, func, func_attrs, name, after, &inputs, &outputs, known,
    );
    let region = ir.regions(part)[0];
    let body = ir.create_block();
    ir.append_block(region, body);
    let args: Vec<Value> = inputs
        .iter()
        .map(|&v| {
            let l = ir.value(v).loc;
            ir.add_block_arg(body, ir.value_type(v), l)
        })
        .collect();

    // The call, at the group's place in the caller.
    let root = ctx.ident_bytes(name);
    let callee = ctx.intern_attr(AttrKind::SymbolRef {
        root,
        nested: Vec::new(),
    });
    let k_callee = ctx.ident("callee");
    let props = ctx.dictionary(vec![(k_callee, callee)]);
    let call = ir.create_op(OperationState {
        operands: inputs.clone(),
        result_types: out_types,
        properties: Some(props),
        ..OperationState::new(ctx, xir_func::CALL.name, loc)
    });
    ir.append_op(block, call);

    for &op in &ops {
        ir.remove_op(op);
        ir.append_op(body, op);
    }
    for (op, i, k) in input_uses {
        ir.set_operand(op, i, args[k]);
    }
    for (k, &v) in outputs.iter().enumerate() {
        if let Some(a) = value_placement(ctx, ir, func, known, v) {
            known.insert(ir.result(call, k), a);
        }
    }
    for (op, i, k) in output_uses {
        let r = ir.result(call, k);
        ir.set_operand(op, i, r);
    }
    let ret = ir.create_op(OperationState {
        operands: outputs,
        ..OperationState::new(ctx, xir_func::RETURN.name, loc)
    });
    ir.append_op(body, ret);
    part
}

/// Uses to rewire: (user, operand index, index in the inputs or outputs).
type Uses = Vec<(Op, usize, usize)>;

/// Whether `o` is in a member of the group (in `block`) or nested in one.
fn inside(ir: &Ir, block: Block, members: &FxHashSet<Op>, o: Op) -> bool {
    ancestor_in(ir, block, o).is_some_and(|a| members.contains(&a))
}

/// The group's inputs: values used inside, defined outside; and their uses.
fn group_inputs(ir: &Ir, block: Block, ops: &[Op], members: &FxHashSet<Op>) -> (Vec<Value>, Uses) {
    let mut inputs: Vec<Value> = Vec::new();
    let mut input_idx: FxHashMap<Value, usize> = FxHashMap::default();
    let mut input_uses: Uses = Vec::new();
    for &op in ops {
        for inner in xir::walk::preorder(ir, op) {
            for (i, v) in ir.operands(inner).enumerate() {
                let external = match def_in(ir, block, v) {
                    Some(d) => !members.contains(&d),
                    None => match ir.value(v).def {
                        // Defined in a region nested in a member: internal.
                        xir::ValueDef::BlockArg { block: b, .. } => {
                            b == block
                                || !ir
                                    .block_parent_op(b)
                                    .is_some_and(|p| inside(ir, block, members, p))
                        }
                        xir::ValueDef::Result { op: d, .. } => !inside(ir, block, members, d),
                        _ => true,
                    },
                };
                if external {
                    let k = *input_idx.entry(v).or_insert_with(|| {
                        inputs.push(v);
                        inputs.len() - 1
                    });
                    input_uses.push((inner, i, k));
                }
            }
        }
    }
    (inputs, input_uses)
}

/// The group's outputs: results of members used outside; and those uses.
fn group_outputs(ir: &Ir, block: Block, ops: &[Op], members: &FxHashSet<Op>) -> (Vec<Value>, Uses) {
    let mut outputs: Vec<Value> = Vec::new();
    let mut output_uses: Uses = Vec::new();
    for &op in ops {
        for &r in ir.results(op) {
            let mut k = None;
            for u in ir.uses(r).collect::<Vec<_>>() {
                let ud = ir.use_data(u);
                let (owner, index) = (ud.owner, ud.index as usize);
                if inside(ir, block, members, owner) {
                    continue;
                }
                let k = *k.get_or_insert_with(|| {
                    outputs.push(r);
                    outputs.len() - 1
                });
                output_uses.push((owner, index, k));
            }
        }
    }
    (outputs, output_uses)
}

/// The new private function `name`, after `after` and without a body,
/// taking `inputs` and returning `outputs`, each tensor with its placement.
#[allow(clippy::too_many_arguments)]
fn create_part(
    ctx: &mut Context,
    ir: &mut Ir,
    func: Op,
    func_attrs: Vec<(&str, Attr)>,
    name: &[u8],
    after: Op,
    inputs: &[Value],
    outputs: &[Value],
    known: &mut FxHashMap<Value, Attr>,
) -> Op {
    let in_types: Vec<_> = inputs.iter().map(|&v| ir.value_type(v)).collect();
    let out_types: Vec<_> = outputs.iter().map(|&v| ir.value_type(v)).collect();
    let fty = ctx.function_type(in_types, out_types);
    let fty = ctx.type_attr(fty);
    let sym = ctx.string_attr(&String::from_utf8_lossy(name));
    let private = ctx.string_attr("private");
    let (k_ft, k_name, k_vis) = (
        ctx.ident("function_type"),
        ctx.ident("sym_name"),
        ctx.ident("sym_visibility"),
    );
    let props = ctx.dictionary(vec![(k_ft, fty), (k_name, sym), (k_vis, private)]);
    let entries: Vec<_> = func_attrs
        .into_iter()
        .map(|(k, v)| (ctx.ident(k), v))
        .collect();
    let attrs = ctx.dictionary(entries);
    let part = ir.create_op(OperationState {
        properties: Some(props),
        attrs,
        num_regions: 1,
        ..OperationState::new(ctx, xir_func::FUNC.name, ir.op(func).loc)
    });
    ir.insert_op_after(after, part);
    let arg_vals: Vec<_> = inputs
        .iter()
        .enumerate()
        .filter(|(_, &v)| is_tensor(ctx, v, ir))
        .map(|(i, &v)| (i, value_placement(ctx, ir, func, known, v)))
        .collect();
    func_attrs::set(ctx, ir, part, "arg_attrs", inputs.len(), &arg_vals);
    let res_vals: Vec<_> = outputs
        .iter()
        .enumerate()
        .filter(|(_, &v)| is_tensor(ctx, v, ir))
        .map(|(i, &v)| (i, value_placement(ctx, ir, func, known, v)))
        .collect();
    func_attrs::set(ctx, ir, part, "res_attrs", outputs.len(), &res_vals);
    part
}

impl Pass for Partition {
    fn argument(&self) -> &'static str {
        Self::ARGUMENT
    }
    fn name(&self) -> &'static str {
        "DevicePartition"
    }
    fn summary(&self) -> &'static str {
        Self::SUMMARY
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }
    fn options(&self) -> Vec<PassOption> {
        vec![PassOption {
            name: "by",
            help: "What a part shares: 'affinity' (one placement) or 'target' (one device target, for a per-target code generator)",
            default: "affinity".into(),
        }]
    }
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        match (name, value) {
            ("by", "affinity") => self.by_target = false,
            ("by", "target") => self.by_target = true,
            ("by", v) => {
                return Err(format!(
                    "invalid value '{v}' for 'by': expected 'affinity' or 'target'"
                ))
            }
            _ => return Err(format!("no such option '{name}'")),
        }
        Ok(())
    }
    fn run(&mut self, pc: &mut PassContext<'_>, module: Op) -> Result<(), ()> {
        // Each device's target (its declared value), for `by=target`.
        let targets: FxHashMap<Vec<u8>, Attr> = if self.by_target {
            let devices = crate::plan::devices::Devices::collect(pc.ctx, pc.ir, module);
            devices
                .values
                .iter()
                .filter_map(|(n, v)| v.map(|v| (n.as_bytes().to_vec(), v)))
                .collect()
        } else {
            FxHashMap::default()
        };
        let by_target = self.by_target;
        let key = |ctx: &Context, a: Attr| -> Attr {
            if !by_target {
                return a;
            }
            affinity_device(ctx, a)
                .and_then(|d| targets.get(ctx.bytes(d)).copied())
                .unwrap_or(a)
        };
        let ctx = &mut *pc.ctx;
        let ir = &mut *pc.ir;
        let Some(top) = ir.regions(module).first().and_then(|&r| ir.entry_block(r)) else {
            pc.preserve_all();
            return Ok(());
        };
        let mut taken = FxHashSet::default();
        let mut funcs = Vec::new();
        for op in ir.block_ops(top) {
            if let Some(n) = symbol_name(ctx, ir, op) {
                taken.insert(n.to_vec());
            }
            // Parts (functions with a device.affinity or target) are already one.
            if xir_func::FUNC.is(ctx, ir, op)
                && ctx.dict_get(ir.op(op).attrs, "device.affinity").is_none()
                && ctx.dict_get(ir.op(op).attrs, "device.target").is_none()
                && ir
                    .regions(op)
                    .first()
                    .is_some_and(|&r| !ir.region_is_empty(r))
            {
                funcs.push(op);
            }
        }
        // Before any rewriting: every partitionable op must be placed.
        let mut errors = 0;
        for &f in &funcs {
            for &r in ir.regions(f) {
                for b in ir.region_blocks(r).collect::<Vec<_>>() {
                    for op in ir.block_ops(b) {
                        if partitionable(ctx, ir, op)
                            && ctx.dict_get(ir.op(op).attrs, "device.affinity").is_none()
                        {
                            errors += 1;
                            if errors <= MAX_ERRORS {
                                pc.diags.emit(Diagnostic::error(
                                    ir.op(op).loc,
                                    format!(
                                        "device-partition: '{}' has no device.affinity; run device-plan first",
                                        ctx.str(ir.op(op).name)
                                    ),
                                ));
                            }
                        }
                    }
                }
            }
        }
        if errors > 0 {
            return Err(());
        }
        let mut namer = Namer {
            taken,
            next: FxHashMap::default(),
        };
        let mut parts = 0u64;
        let mut known = FxHashMap::default();
        for f in funcs {
            let fname = symbol_name(ctx, ir, f).unwrap_or_default().to_vec();
            let mut after = f;
            let blocks: Vec<Block> = ir
                .regions(f)
                .iter()
                .flat_map(|&r| ir.region_blocks(r).collect::<Vec<_>>())
                .collect();
            for b in blocks {
                let order: FxHashMap<Op, usize> =
                    ir.block_ops(b).enumerate().map(|(i, o)| (o, i)).collect();
                let units = group_block(ctx, ir, b, &key);
                for unit in units {
                    match unit.kind {
                        Kind::Kept(op) => {
                            ir.remove_op(op);
                            ir.append_op(b, op);
                        }
                        Kind::Group(k, ops) => {
                            let (suffix, attrs) = if by_target {
                                let mut affs: Vec<Attr> = ops
                                    .iter()
                                    .filter_map(|&o| {
                                        ctx.dict_get(ir.op(o).attrs, "device.affinity")
                                    })
                                    .collect();
                                affs.sort();
                                affs.dedup();
                                let mut attrs = vec![("device.target", k)];
                                if let [one] = affs[..] {
                                    attrs.push(("device.affinity", one));
                                }
                                (target_kind(ctx, k), attrs)
                            } else {
                                let dev = affinity_device(ctx, k)
                                    .map(|d| ctx.bytes(d).to_vec())
                                    .unwrap_or_else(|| b"device".to_vec());
                                (dev, vec![("device.affinity", k)])
                            };
                            let mut base = fname.clone();
                            base.push(b'_');
                            base.extend_from_slice(&suffix);
                            let name = namer.fresh(&base);
                            after =
                                hoist(ctx, ir, f, b, attrs, ops, &order, &name, after, &mut known);
                            parts += 1;
                        }
                    }
                }
            }
        }
        pc.add_statistic("num-partitions", "Number of functions hoisted", parts);
        if parts == 0 {
            pc.preserve_all();
        }
        Ok(())
    }
}
