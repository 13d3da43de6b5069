//! `device.affinity` in a function's `arg_attrs` / `res_attrs`.

use xir::symbol::op_attr;
use xir::{Attr, AttrKind, Context, Ir, Op};

/// The `device.affinity` of argument (`arg_attrs`) or result (`res_attrs`) `i`.
pub fn get(ctx: &Context, ir: &Ir, func: Op, which: &str, i: usize) -> Option<Attr> {
    match ctx.attr_kind(op_attr(ctx, ir, func, which)?) {
        AttrKind::Array(v) => ctx.dict_get(*v.get(i)?, "device.affinity"),
        _ => None,
    }
}

/// Sets (`Some`) or removes (`None`) the `device.affinity` of each entry of `values`;
/// `n` is the number of arguments or results. No change writes nothing.
pub fn set(
    ctx: &mut Context,
    ir: &mut Ir,
    func: Op,
    which: &str,
    n: usize,
    values: &[(usize, Option<Attr>)],
) {
    let key = ctx.ident("device.affinity");
    let old: Vec<Attr> = match op_attr(ctx, ir, func, which).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Array(v)) => v.clone(),
        _ => Vec::new(),
    };
    let empty = ctx.empty_dict();
    let mut dicts: Vec<Attr> = (0..n)
        .map(|i| old.get(i).copied().unwrap_or(empty))
        .collect();
    for &(i, a) in values {
        if i >= n {
            continue;
        }
        let mut entries: Vec<_> = ctx
            .dict_entries(dicts[i])
            .iter()
            .filter(|e| e.0 != key)
            .copied()
            .collect();
        if let Some(a) = a {
            entries.push((key, a));
        }
        dicts[i] = ctx.dictionary(entries);
    }
    let all_empty = dicts.iter().all(|&d| ctx.dict_entries(d).is_empty());
    let new = if all_empty {
        None
    } else {
        Some(ctx.intern_attr(AttrKind::Array(dicts)))
    };
    let cur = op_attr(ctx, ir, func, which);
    if cur == new || (cur.is_none() && new.is_none()) {
        return;
    }
    let which_id = ctx.ident(which);
    let props = ir.op(func).properties.unwrap_or(ctx.empty_dict());
    let mut entries: Vec<_> = ctx
        .dict_entries(props)
        .iter()
        .filter(|e| e.0 != which_id)
        .copied()
        .collect();
    if let Some(a) = new {
        entries.push((which_id, a));
    }
    let d = ctx.dictionary(entries);
    ir.op_mut(func).properties = Some(d);
}

pub use xir::op_attrs::set_attr as set_op_attr;

/// Sets a property (inherent attribute) of an op.
pub fn set_property(ctx: &mut Context, ir: &mut Ir, op: Op, key: &str, value: Attr) {
    xir::op_attrs::set_property(ctx, ir, op, key, Some(value));
}
