//! Custom forms of the builtin ops: `module @name attributes {...} {...}` and
//! `unrealized_conversion_cast %a : t to u`. They are not registered: the
//! printer's lookup (custom.rs) knows them.

use super::escape::push_symbol_ref;
use super::Printer;
use crate::attributes::AttrKind;
use crate::context::Context;
use crate::entity::{Attr, Ident, Op};

/// Properties and discardable attributes of an op as one sorted list.
pub fn merged_attrs(ctx: &Context, props: Option<Attr>, attrs: Attr) -> Vec<(Ident, Attr)> {
    let mut v: Vec<(Ident, Attr)> = props
        .map(|p| ctx.dict_entries(p).to_vec())
        .unwrap_or_default();
    v.extend_from_slice(ctx.dict_entries(attrs));
    v.sort_by(|a, b| ctx.bytes(a.0).cmp(ctx.bytes(b.0)));
    v
}

pub(super) fn print_module(p: &mut Printer<'_>, op: Op) {
    let ctx = p.ctx;
    let d = p.ir.op(op);
    p.print_op_name(op);
    let entries = merged_attrs(ctx, d.properties, d.attrs);
    let name = entries
        .iter()
        .find(|(k, _)| ctx.bytes(*k) == b"sym_name")
        .and_then(|(_, v)| match ctx.attr_kind(*v) {
            AttrKind::String { value, .. } => Some(value),
            _ => None,
        });
    if let Some(name) = name {
        p.push(' ');
        push_symbol_ref(&mut p.out, name);
    }
    p.print_attr_dict(&entries, &["sym_name"], true);
    p.push(' ');
    if let Some(&body) = p.ir.regions(op).first() {
        p.print_region(body, false, false, false);
    }
}

pub(super) fn print_cast(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir;
    p.print_op_name(op);
    if ir.num_operands(op) > 0 {
        p.push(' ');
        p.print_operands(ir.operands(op));
        p.push_str(" : ");
        for (i, v) in ir.operands(op).enumerate() {
            if i > 0 {
                p.push_str(", ");
            }
            p.print_type(ir.value_type(v));
        }
    }
    p.push_str(" to ");
    for (i, &v) in ir.results(op).iter().enumerate() {
        if i > 0 {
            p.push_str(", ");
        }
        p.print_type(ir.value_type(v));
    }
    let d = ir.op(op);
    let entries = merged_attrs(p.ctx, d.properties, d.attrs);
    p.print_attr_dict(&entries, &[], false);
}
