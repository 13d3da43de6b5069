//! Writes a solved plan back: transfers for cut uses, `device.affinity` on every
//! graph op and on tensor arguments/results, `graph.on_device` erased.

use super::func_attrs::{set, set_op_attr, set_property};
use super::model::Model;
use super::solver::Var;
use rustc_hash::FxHashMap;
use xir::symbol::op_attr;
use xir::{Attr, Context, Ident, Ir, Op, OperationState, Value, ValueDef};

/// The placement of a variable's class (its pin, else the default).
fn placement(m: &mut Model, default: Attr, v: Var) -> Attr {
    match m.solver.class_pin(v) {
        Some(p) => m.solver.pins[p as usize].attr,
        None => default,
    }
}

/// The value a `graph.on_device` chain passes through: what its uses read once
/// the `graph.on_device` ops are erased. A value used directly and through
/// `graph.on_device` is one value to move.
pub fn through_on_device(ir: &Ir, on_device: Ident, mut v: Value) -> Value {
    while let ValueDef::Result { op, .. } = ir.value(v).def {
        if ir.op(op).name != on_device {
            break;
        }
        v = ir.operand(op, 0);
    }
    v
}

/// Returns the number of transfers inserted.
pub fn apply(ctx: &mut Context, ir: &mut Ir, m: &mut Model, default: Attr) -> usize {
    let mut inserted = 0;
    let transfer = ctx.ident(xir_graph::ops::TRANSFER.name);
    let on_device = ctx.ident(xir_graph::ops::ON_DEVICE.name);
    let key_source = ctx.ident("source");
    let key_target = ctx.ident("target");
    let key_aff = ctx.ident("device.affinity");
    let mut transfer_dicts: FxHashMap<(Attr, Attr), (Attr, Attr)> = FxHashMap::default();
    // Shared transfers (min-transfer): one per (value, destination), after the
    // value's definition (so it dominates every use), in the order of the cuts.
    // Otherwise (auto-transfer) one per (value, destination, user), before the
    // user. The value is the one `graph.on_device` passes through, so a use
    // through `graph.on_device` and a direct one share.
    let mut shared: FxHashMap<(Value, Attr, Option<Op>), Value> = FxHashMap::default();
    let mut last_after: FxHashMap<Value, Op> = FxHashMap::default();
    for cut in std::mem::take(&mut m.cuts) {
        let v = through_on_device(ir, on_device, ir.operand(cut.user, cut.index));
        let key = (v, cut.to, (!m.share_transfers).then_some(cut.user));
        if let Some(&r) = shared.get(&key) {
            ir.set_operand(cut.user, cut.index, r);
            continue;
        }
        // Few distinct crossings: intern their dictionaries once each.
        let (props, attrs) = *transfer_dicts.entry((cut.from, cut.to)).or_insert_with(|| {
            (
                ctx.dictionary(vec![(key_source, cut.from), (key_target, cut.to)]),
                ctx.dictionary(vec![(key_aff, cut.to)]),
            )
        });
        let t = ir.create_op(OperationState {
            name: transfer,
            operands: vec![v],
            result_types: vec![ir.value_type(v)],
            properties: Some(props),
            attrs,
            num_regions: 0,
            successors: Vec::new(),
            loc: ir.op(cut.user).loc,
        });
        if m.share_transfers {
            match (last_after.get(&v).copied(), ir.value(v).def) {
                (Some(prev), _) => ir.insert_op_after(prev, t),
                (None, ValueDef::Result { op, .. }) => ir.insert_op_after(op, t),
                (None, ValueDef::BlockArg { block, .. }) => ir.prepend_op(block, t),
                (None, ValueDef::Placeholder) => ir.insert_op_before(cut.user, t),
            }
            last_after.insert(v, t);
        } else {
            ir.insert_op_before(cut.user, t);
        }
        shared.insert(key, ir.result(t, 0));
        inserted += 1;
        let r = ir.result(t, 0);
        ir.set_operand(cut.user, cut.index, r);
    }
    let mut with_aff: FxHashMap<(Attr, Attr), Attr> = FxHashMap::default();
    for op in std::mem::take(&mut m.placed) {
        if ir.op(op).name == transfer {
            if op_attr(ctx, ir, op, "source").is_none() {
                let s = match m.var_of_value(ir.operand(op, 0)) {
                    Some(a) => placement(m, default, a),
                    None => default,
                };
                set_property(ctx, ir, op, "source", s);
            }
            let t = op_attr(ctx, ir, op, "target");
            set_op_attr(ctx, ir, op, "device.affinity", t);
            continue;
        }
        let a = match m.var_of_op(op) {
            Some(v) => placement(m, default, v),
            None => default,
        };
        // Most ops share their attribute dictionary and placement: intern each
        // (old dictionary, placement) pair once.
        let old = ir.op(op).attrs;
        let new = *with_aff.entry((old, a)).or_insert_with(|| {
            let mut entries: Vec<_> = ctx
                .dict_entries(old)
                .iter()
                .filter(|e| e.0 != key_aff)
                .copied()
                .collect();
            entries.push((key_aff, a));
            ctx.dictionary(entries)
        });
        ir.op_mut(op).attrs = new;
    }
    for i in 0..m.funcs.len() {
        let f = m.funcs[i].op;
        let args: Vec<Option<Var>> = m.funcs[i].args.clone();
        let vals: Vec<_> = args
            .iter()
            .enumerate()
            .filter_map(|(j, v)| v.map(|v| (j, Some(placement(m, default, v)))))
            .collect();
        set(ctx, ir, f, "arg_attrs", args.len(), &vals);
        let res: Vec<Option<Var>> = m.funcs[i].results.clone();
        let vals: Vec<_> = res
            .iter()
            .enumerate()
            .filter_map(|(j, v)| v.map(|v| (j, Some(placement(m, default, v)))))
            .collect();
        set(ctx, ir, f, "res_attrs", res.len(), &vals);
    }
    for op in std::mem::take(&mut m.on_device) {
        let (x, r) = (ir.operand(op, 0), ir.result(op, 0));
        ir.replace_all_uses(r, x);
        ir.erase_op(op);
    }
    inserted
}
