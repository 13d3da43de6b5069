//! The custom syntax shared by function-like ops (MLIR's function interface):
//! `[visibility] @name(%arg0: t {attrs}, ...) -> (t {attrs}, ...) [attributes {...}] [{body}]`
//! with `function_type`, `sym_name`, `sym_visibility`, `arg_attrs`, `res_attrs`.

use super::format_print::{merged_attrs, push_symbol_name};
use crate::attributes::AttrKind;
use crate::dialect::Traits;
use crate::entity::{Attr, Ident, Op, Type};
use crate::lexer::Tok;
use crate::parser::{PResult, Parser};
use crate::printer::Printer;
use crate::store::OperationState;
use crate::symbol::op_attr;
use crate::types::TypeKind;

/// Properties a function-like op derives from its signature.
pub const INFERRED: [&str; 5] = [
    "arg_attrs",
    "function_type",
    "res_attrs",
    "sym_name",
    "sym_visibility",
];

fn custom_error<T>(p: &mut Parser<'_>, off: u32, name: Ident, msg: &str) -> PResult<T> {
    let m = format!("custom op '{}' {msg}", p.ctx.str(name));
    p.error_at(off, m)
}

/// A dictionary attribute `{...}` if one follows, else the empty dictionary.
fn optional_dict(p: &mut Parser<'_>) -> PResult<Attr> {
    if p.is(Tok::LBrace) {
        p.parse_attr_dict()
    } else {
        Ok(p.ctx.empty_dict())
    }
}

/// `[a, b]` of per-argument dictionaries, or `None` when all are empty.
fn attr_array(p: &mut Parser<'_>, dicts: Vec<Attr>) -> Option<Attr> {
    if dicts.iter().all(|&d| p.ctx.dict_entries(d).is_empty()) {
        return None;
    }
    Some(p.ctx.intern_attr(AttrKind::Array(dicts)))
}

/// Parses a function-like op; `name` is the op name (hook signature).
pub fn parse_function_op(p: &mut Parser<'_>, name: Ident, loc: Attr) -> PResult<Op> {
    let mut props = parse_symbol(p, name)?;
    let sig = parse_arguments(p, name)?;
    let (results, res_dicts) = parse_results(p)?;
    let attrs = parse_explicit_attrs(p, name)?;

    let k = p.ctx.ident("function_type");
    let fty = p.ctx.function_type(sig.inputs, results);
    let a = p.ctx.type_attr(fty);
    props.push((k, a));
    if let Some(a) = attr_array(p, sig.dicts) {
        let k = p.ctx.ident("arg_attrs");
        props.push((k, a));
    }
    if let Some(a) = attr_array(p, res_dicts) {
        let k = p.ctx.ident("res_attrs");
        props.push((k, a));
    }

    let body = p.ir.create_region();
    if p.is(Tok::LBrace) {
        let off = p.tok.start;
        let isolated = p.ctx.op_traits(name).contains(Traits::ISOLATED_FROM_ABOVE);
        p.parse_region(body, isolated, &sig.named)?;
        if p.ir.region_is_empty(body) {
            return custom_error(p, off, name, "expected non-empty function body");
        }
    }
    let properties = Some(p.ctx.dictionary(props));
    let op = p.ir.create_op(OperationState {
        name,
        operands: Vec::new(),
        result_types: Vec::new(),
        properties,
        attrs,
        num_regions: 1,
        successors: Vec::new(),
        loc,
    });
    p.move_regions(op, &[body]);
    p.parse_trailing_loc_for(op)?;
    Ok(op)
}

/// The optional visibility and the `@name`, as properties.
fn parse_symbol(p: &mut Parser<'_>, name: Ident) -> PResult<Vec<(Ident, Attr)>> {
    let mut props: Vec<(Ident, Attr)> = Vec::new();
    if p.tok.kind == Tok::BareIdent && matches!(p.cur_text(), "private" | "public" | "nested") {
        let v = p.cur_text();
        p.bump();
        let k = p.ctx.ident("sym_visibility");
        let a = p.ctx.string_attr(v);
        props.push((k, a));
    }
    if !matches!(p.tok.kind, Tok::AtIdent | Tok::AtString) {
        let off = p.tok.start;
        return custom_error(
            p,
            off,
            name,
            "expected valid '@'-identifier for symbol name",
        );
    }
    let sym = p.parse_symbol_name()?;
    let k = p.ctx.ident("sym_name");
    let ty = p.ctx.none_type();
    let a = p.ctx.intern_attr(AttrKind::String {
        value: sym.into(),
        ty,
    });
    props.push((k, a));
    Ok(props)
}

/// The arguments of a function: the named ones (name, offset, type, loc)
/// for the body's entry block, and the type and dictionary of each.
struct Arguments<'s> {
    named: Vec<(&'s str, u32, Type, Option<Attr>)>,
    inputs: Vec<Type>,
    dicts: Vec<Attr>,
}

/// Arguments: all named (`%a: t {attrs} loc(..)`) or all bare (`t {attrs}`).
fn parse_arguments<'s>(p: &mut Parser<'s>, name: Ident) -> PResult<Arguments<'s>> {
    p.expect(Tok::LParen, "expected '('")?;
    let mut sig = Arguments {
        named: Vec::new(),
        inputs: Vec::new(),
        dicts: Vec::new(),
    };
    if p.consume_if(Tok::RParen) {
        return Ok(sig);
    }
    let mut named = None;
    loop {
        let is_named = p.is(Tok::PercentIdent);
        match named {
            None => named = Some(is_named),
            Some(true) if !is_named => {
                let off = p.tok.start;
                return custom_error(p, off, name, "expected SSA identifier");
            }
            Some(false) if is_named => {
                let off = p.tok.start;
                return custom_error(p, off, name, "expected type instead of SSA identifier");
            }
            _ => {}
        }
        if is_named {
            let t = p.tok;
            let arg_name = p.text(t);
            p.bump();
            if let Some(prev) = sig.named.iter().find(|a| a.0 == arg_name) {
                let prev_off = prev.1;
                let l = p.loc_at(t.start);
                let note = p.loc_at(prev_off);
                p.emit(
                    crate::Diagnostic::error(
                        l,
                        format!("region entry argument '{arg_name}' is already in use"),
                    )
                    .with_note(note, "previously referenced here"),
                );
                return Err(crate::parser::Failed);
            }
            p.expect(Tok::Colon, "expected ':'")?;
            let ty = p.parse_type()?;
            let dict = optional_dict(p)?;
            let arg_loc = if p.is_kw("loc") {
                Some(p.parse_loc_attr()?)
            } else {
                None
            };
            sig.named.push((arg_name, t.start, ty, arg_loc));
            sig.inputs.push(ty);
            sig.dicts.push(dict);
        } else {
            let ty = p.parse_type()?;
            let dict = optional_dict(p)?;
            sig.inputs.push(ty);
            sig.dicts.push(dict);
        }
        if !p.consume_if(Tok::Comma) {
            break;
        }
    }
    p.expect(Tok::RParen, "expected ')'")?;
    Ok(sig)
}

/// Results: `-> t` or `-> (t {attrs}, ...)`; their types and dictionaries.
fn parse_results(p: &mut Parser<'_>) -> PResult<(Vec<Type>, Vec<Attr>)> {
    let mut results: Vec<Type> = Vec::new();
    let mut res_dicts: Vec<Attr> = Vec::new();
    if p.consume_if(Tok::Arrow) {
        if p.consume_if(Tok::LParen) {
            if !p.consume_if(Tok::RParen) {
                loop {
                    results.push(p.parse_type()?);
                    res_dicts.push(optional_dict(p)?);
                    if !p.consume_if(Tok::Comma) {
                        break;
                    }
                }
                p.expect(Tok::RParen, "expected ')'")?;
            }
        } else {
            results.push(p.parse_non_function_type()?);
            res_dicts.push(p.ctx.empty_dict());
        }
    }
    Ok((results, res_dicts))
}

/// `attributes {...}`, which may not hold the properties parsed above.
fn parse_explicit_attrs(p: &mut Parser<'_>, name: Ident) -> PResult<Attr> {
    let mut attrs = p.ctx.empty_dict();
    if p.is_kw("attributes") {
        let off = p.tok.start;
        p.bump();
        attrs = p.parse_attr_dict()?;
        for &(k, _) in p.ctx.dict_entries(attrs) {
            let key = p.ctx.str(k);
            if INFERRED.contains(&key) {
                let msg = format!(
                    "'{key}' is an inferred attribute and should not be specified in the explicit attribute dictionary"
                );
                return custom_error(p, off, name, &msg);
            }
        }
    }
    Ok(attrs)
}

/// The dictionary of argument / result `i` in `arg_attrs` / `res_attrs`.
fn dict_at(p: &Printer<'_>, arr: Option<Attr>, i: usize) -> Vec<(Ident, Attr)> {
    let ctx = p.ctx;
    match arr.map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Array(v)) => v
            .get(i)
            .map(|&d| ctx.dict_entries(d).to_vec())
            .unwrap_or_default(),
        _ => Vec::new(),
    }
}

/// Prints a function-like op in the custom form.
pub fn print_function_op(p: &mut Printer<'_>, op: Op) {
    let ctx = p.ctx;
    let ir = p.ir;
    p.print_op_name(op);
    p.push(' ');
    if let Some(v) = op_attr(ctx, ir, op, "sym_visibility") {
        if let AttrKind::String { value, .. } = ctx.attr_kind(v) {
            p.push_str(std::str::from_utf8(value).unwrap_or(""));
            p.push(' ');
        }
    }
    let name = op_attr(ctx, ir, op, "sym_name").map(|a| ctx.attr_kind(a));
    if let Some(AttrKind::String { value, .. }) = name {
        push_symbol_name(p, value);
    }
    let (inputs, results) = match op_attr(ctx, ir, op, "function_type").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Type(t)) => match ctx.type_kind(*t) {
            TypeKind::Function { inputs, results } => (inputs.clone(), results.clone()),
            _ => (Vec::new(), Vec::new()),
        },
        _ => (Vec::new(), Vec::new()),
    };
    let arg_attrs = op_attr(ctx, ir, op, "arg_attrs");
    let res_attrs = op_attr(ctx, ir, op, "res_attrs");
    let body = ir.regions(op).first().copied();
    let entry = body.and_then(|r| ir.entry_block(r));
    p.push('(');
    for (i, &t) in inputs.iter().enumerate() {
        if i > 0 {
            p.push_str(", ");
        }
        let arg = entry.and_then(|b| ir.block_args(b).get(i).copied());
        match arg {
            Some(a) => {
                p.print_operand(a);
                p.push_str(": ");
                p.print_type(ir.value_type(a));
                let d = dict_at(p, arg_attrs, i);
                p.print_attr_dict(&d, &[], false);
                if p.opts.debuginfo {
                    let l = ir.value(a).loc.unwrap_or(ctx.unknown_loc());
                    if p.is_collecting() {
                        // Recorded like any block argument location (an alias
                        // defined at the top, yet printed inline).
                        p.print_attr(l);
                    } else {
                        p.push(' ');
                        p.print_location(l, false);
                    }
                }
            }
            None => {
                p.print_type(t);
                let d = dict_at(p, arg_attrs, i);
                p.print_attr_dict(&d, &[], false);
            }
        }
    }
    p.push(')');
    if !results.is_empty() {
        p.push_str(" -> ");
        let any_attrs = (0..results.len()).any(|i| !dict_at(p, res_attrs, i).is_empty());
        let parens = results.len() > 1
            || any_attrs
            || matches!(ctx.type_kind(results[0]), TypeKind::Function { .. });
        if parens {
            p.push('(');
        }
        for (i, &t) in results.iter().enumerate() {
            if i > 0 {
                p.push_str(", ");
            }
            p.print_type(t);
            let d = dict_at(p, res_attrs, i);
            p.print_attr_dict(&d, &[], false);
        }
        if parens {
            p.push(')');
        }
    }
    let entries = merged_attrs(p, op);
    p.print_attr_dict(&entries, &INFERRED, true);
    if let Some(r) = body.filter(|&r| !ir.region_is_empty(r)) {
        p.push(' ');
        p.print_region(r, false, true, false);
    }
}
