//! Printing an op's custom form by interpreting its compiled assembly format.

use super::access::{operand_ranges, result_ranges};
use super::format::{Elem, Node, TypeArg};
use super::spec::{AttrForm, OpSpec};
use super::table::OdsOp;
use crate::attributes::AttrKind;
use crate::entity::{Attr, Ident, Op, Type};
use crate::printer::{push_keyword_or_string, Printer};
use crate::types::TypeKind;
use std::ops::Range;

/// The printer installed for every op with a format.
pub fn print_op(p: &mut Printer<'_>, op: Op) {
    let name = p.ir.op(op).name;
    let ctx = p.ctx;
    let Some(ods) = ctx.registry.ods().get(&name) else {
        return p.print_generic_op(op);
    };
    let Some(format) = ods.format.as_ref() else {
        return p.print_generic_op(op);
    };
    p.print_op_name(op);
    let cx = Cx {
        operands: operand_ranges(p.ctx, p.ir, op, ods.spec),
        results: result_ranges(p.ir, op, ods.spec),
    };
    print_elems(p, ods, &cx, op, &format.elems);
}

struct Cx {
    operands: Vec<Range<usize>>,
    results: Vec<Range<usize>>,
}

fn print_elems(p: &mut Printer<'_>, ods: &OdsOp, cx: &Cx, op: Op, elems: &[Node]) {
    for n in elems {
        print_elem(p, ods, cx, op, n);
    }
}

/// Properties and discardable attributes as one sorted list.
pub fn merged_attrs(p: &Printer<'_>, op: Op) -> Vec<(Ident, Attr)> {
    let ctx = p.ctx;
    let d = p.ir.op(op);
    let mut v: Vec<(Ident, Attr)> = d
        .properties
        .map(|a| ctx.dict_entries(a).to_vec())
        .unwrap_or_default();
    v.extend_from_slice(ctx.dict_entries(d.attrs));
    v.sort_by(|a, b| ctx.bytes(a.0).cmp(ctx.bytes(b.0)));
    v
}

/// An attribute of the op by name (properties first).
pub fn attr_of(p: &Printer<'_>, op: Op, name: &str) -> Option<Attr> {
    crate::symbol::op_attr(p.ctx, p.ir, op, name)
}

fn anchor_present(p: &Printer<'_>, ods: &OdsOp, cx: &Cx, op: Op, e: &Elem) -> bool {
    match e {
        Elem::Operand(i) => !cx.operands[*i].is_empty(),
        Elem::AllOperands => p.ir.num_operands(op) > 0,
        Elem::Region(i) => {
            let r = p.ir.regions(op);
            r.get(*i).is_some_and(|&r| !p.ir.region_is_empty(r))
        }
        Elem::AllRegions => !p.ir.regions(op).is_empty(),
        Elem::Successor(_) | Elem::AllSuccessors => !p.ir.successors(op).is_empty(),
        Elem::Type { arg, .. } | Elem::Functional(arg, _) => match arg {
            TypeArg::Operand(i) => !cx.operands[*i].is_empty(),
            TypeArg::Result(i) => !cx.results[*i].is_empty(),
            TypeArg::AllOperands => p.ir.num_operands(op) > 0,
            TypeArg::AllResults => !p.ir.results(op).is_empty(),
        },
        Elem::Attr(i) => {
            let name = ods.spec.attrs[*i].name;
            let default = ods.spec.defaults.iter().find(|d| d.name == name);
            attr_of(p, op, name).is_some_and(|a| !default.is_some_and(|d| (d.is)(p.ctx, a)))
        }
        _ => true,
    }
}

fn print_elem(p: &mut Printer<'_>, ods: &OdsOp, cx: &Cx, op: Op, n: &Node) {
    if n.space {
        p.push(' ');
    }
    let spec = ods.spec;
    let ir = p.ir;
    match &n.elem {
        Elem::Literal(l) => p.push_str(l),
        Elem::Space(s) => {
            if *s {
                p.push(' ');
            }
        }
        Elem::Operand(i) => {
            let r = cx.operands[*i].clone();
            p.print_operands(r.map(|k| ir.operand(op, k)));
        }
        Elem::AllOperands => p.print_operands(ir.operands(op)),
        Elem::Attr(i) => {
            if let Some(a) = attr_of(p, op, spec.attrs[*i].name) {
                print_attr(p, spec, *i, a);
            }
        }
        Elem::Region(i) => {
            if let Some(&r) = ir.regions(op).get(*i) {
                p.print_region(r, true, true, false);
            }
        }
        Elem::AllRegions => {
            for (k, &r) in ir.regions(op).iter().enumerate() {
                if k > 0 {
                    p.push_str(", ");
                }
                p.print_region(r, true, true, false);
            }
        }
        Elem::Successor(_) | Elem::AllSuccessors => {
            for (k, &b) in ir.successors(op).iter().enumerate() {
                if k > 0 {
                    p.push_str(", ");
                }
                p.print_block_name(b);
            }
        }
        Elem::AttrDict { keyword } => {
            let entries = merged_attrs(p, op);
            let mut elided: Vec<&str> = ods
                .format
                .as_ref()
                .map(|f| f.bound_attrs.iter().map(|&i| spec.attrs[i].name).collect())
                .unwrap_or_default();
            elided.push("operandSegmentSizes");
            elided.push("resultSegmentSizes");
            p.print_attr_dict(&entries, &elided, *keyword);
        }
        Elem::Type { arg, .. } => {
            let ts = types_of(p, cx, op, *arg);
            print_type_list(p, &ts);
        }
        Elem::Functional(a, b) => {
            let ins = types_of(p, cx, op, *a);
            let outs = types_of(p, cx, op, *b);
            p.print_function_type(&ins, &outs);
        }
        Elem::Optional {
            then,
            els,
            anchor,
            elided_anchor,
        } => {
            let (list, skip) = if anchor_present(p, ods, cx, op, anchor) {
                (then, *elided_anchor)
            } else {
                (els, false)
            };
            for c in list {
                if skip && c.elem == **anchor {
                    continue;
                }
                print_elem(p, ods, cx, op, c);
            }
        }
        Elem::Custom { index, args } => (spec.custom[*index].print)(p, op, args),
    }
}

fn types_of(p: &Printer<'_>, cx: &Cx, op: Op, arg: TypeArg) -> Vec<Type> {
    let ir = p.ir;
    match arg {
        TypeArg::Operand(i) => cx.operands[i]
            .clone()
            .map(|k| ir.value_type(ir.operand(op, k)))
            .collect(),
        TypeArg::Result(i) => cx.results[i]
            .clone()
            .map(|k| ir.value_type(ir.result(op, k)))
            .collect(),
        TypeArg::AllOperands => ir.operands(op).map(|v| ir.value_type(v)).collect(),
        TypeArg::AllResults => ir.results(op).iter().map(|&v| ir.value_type(v)).collect(),
    }
}

pub fn print_type_list(p: &mut Printer<'_>, ts: &[Type]) {
    for (k, &t) in ts.iter().enumerate() {
        if k > 0 {
            p.push_str(", ");
        }
        p.print_type(t);
    }
}

/// `$attr` in the syntax its constraint gives it.
pub fn print_attr(p: &mut Printer<'_>, spec: &OpSpec, i: usize, a: Attr) {
    let ctx = p.ctx;
    match (spec.attrs[i].constraint.form, ctx.attr_kind(a)) {
        (AttrForm::SymbolName, AttrKind::String { value, .. }) => {
            push_symbol_name(p, value);
        }
        (AttrForm::TypeAttr, AttrKind::Type(t)) => p.print_type(*t),
        (AttrForm::Keyword, AttrKind::String { value, .. }) => {
            let mut s = String::new();
            push_keyword_or_string(&mut s, value);
            p.push_str(&s);
        }
        (AttrForm::WithoutType, AttrKind::Integer { ty, value }) => {
            let is_bool = matches!(ctx.type_kind(*ty), TypeKind::Integer { width: 1, .. });
            let s = if is_bool {
                (if value.sign() == num_bigint::Sign::NoSign {
                    "false"
                } else {
                    "true"
                })
                .to_string()
            } else {
                value.to_string()
            };
            p.push_str(&s);
        }
        (AttrForm::WithoutType, AttrKind::Float { ty, bits }) => {
            if let TypeKind::Float(k) = ctx.type_kind(*ty) {
                let s = crate::float::format_float(*bits, *k);
                p.push_str(&s);
            }
        }
        (AttrForm::Enum(e), _) => match e.custom_text(ctx, a) {
            Some(s) => p.push_str(&s),
            None => p.print_attr(a),
        },
        _ => p.print_attr(a),
    }
}

/// `@name` or `@"quoted name"`, as MLIR prints symbol names.
pub fn push_symbol_name(p: &mut Printer<'_>, name: &[u8]) {
    let mut s = String::from("@");
    push_keyword_or_string(&mut s, name);
    p.push_str(&s);
}
