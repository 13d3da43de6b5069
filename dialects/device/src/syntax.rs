//! Text of the device attributes (docs/architecture.md §4):
//! `#device.target<"kind", {config}, [executables]>` (config and executables may
//! be omitted on input), `#device.alias<"kind">`, `#device.alias<"kind"[1]>`,
//! `#device.select<[A, B]>`, `#device.fallback<@d>`, `#device.promise<@d>`,
//! `#device.affinity<@d>` with optional `, queues = [0, 1]` and
//! `, memory = "scope"` in either order (printed queues first).

use crate::attrs::{decode, make};
use xir::lexer::Tok;
use xir::parser::{PResult, Parser};
use xir::printer::Printer;
use xir::{Attr, AttrKind, Ident};

fn parse_string(p: &mut Parser<'_>, what: &str) -> PResult<Attr> {
    if !p.is(Tok::String) {
        return p.wrong_token(format!("expected {what} string"));
    }
    let t = p.tok;
    let s = p.string_contents(t)?.into_owned();
    p.bump();
    let none = p.ctx.none_type();
    Ok(p.ctx.intern_attr(AttrKind::String {
        value: s.into(),
        ty: none,
    }))
}

fn parse_i64(p: &mut Parser<'_>, what: &str) -> PResult<Attr> {
    if !p.is(Tok::Integer) {
        return p.wrong_token(format!("expected {what}"));
    }
    let Ok(v) = p.cur_text().parse::<i64>() else {
        return p.error_here(format!("{what} out of range"));
    };
    p.bump();
    Ok(p.ctx.i64_attr(v))
}

fn parse_device_ref(p: &mut Parser<'_>) -> PResult<Attr> {
    if !matches!(p.tok.kind, Tok::AtIdent | Tok::AtString) {
        return p.wrong_token("expected device symbol '@name'");
    }
    let name = p.parse_symbol_name()?;
    let root = p.ctx.ident_bytes(&name);
    Ok(p.ctx.intern_attr(AttrKind::SymbolRef {
        root,
        nested: Vec::new(),
    }))
}

/// The parse hook of the `device` namespace.
pub fn parse_device_attr(p: &mut Parser<'_>, mnemonic: &str) -> PResult<Attr> {
    let start = p.tok.start;
    p.expect(Tok::Less, "expected '<'")?;
    let a = match mnemonic {
        "target" => {
            let kind = parse_string(p, "device kind")?;
            let mut config = p.ctx.empty_dict();
            let mut execs = p.ctx.intern_attr(AttrKind::Array(Vec::new()));
            if p.consume_if(Tok::Comma) {
                if !p.is(Tok::LBrace) {
                    return p.wrong_token("expected '{' to begin the device configuration");
                }
                config = p.parse_attribute(None)?;
                if p.consume_if(Tok::Comma) {
                    if !p.is(Tok::LSquare) {
                        return p.wrong_token("expected '[' to begin the executable targets");
                    }
                    execs = p.parse_attribute(None)?;
                }
            }
            make(p.ctx, "target", vec![kind, config, execs])
        }
        "alias" => {
            let kind = parse_string(p, "device kind")?;
            let ord = if p.consume_if(Tok::LSquare) {
                let o = parse_i64(p, "device ordinal")?;
                p.expect(Tok::RSquare, "expected ']'")?;
                o
            } else {
                p.ctx.unit_attr()
            };
            make(p.ctx, "alias", vec![kind, ord])
        }
        "select" | "optimal" => {
            let elems = parse_device_list(p, mnemonic, false)?;
            make(p.ctx, mnemonic, elems)
        }
        "ordinal" => {
            let n = parse_i64(p, "device ordinal")?;
            let targets = if p.consume_if(Tok::Comma) {
                parse_device_list(p, mnemonic, true)?
            } else {
                Vec::new()
            };
            let targets = p.ctx.intern_attr(AttrKind::Array(targets));
            make(p.ctx, "ordinal", vec![n, targets])
        }
        "link" => {
            let a = parse_device_ref(p)?;
            p.expect(Tok::Comma, "expected ','")?;
            let b = parse_device_ref(p)?;
            p.expect(Tok::Comma, "expected ','")?;
            let at = p.tok.start;
            if !p.consume_kw("shared_memory") {
                return p.error_at(at, "expected a link kind: 'shared_memory'");
            }
            let none = p.ctx.none_type();
            let kind = p.ctx.intern_attr(AttrKind::String {
                value: b"shared_memory".to_vec().into(),
                ty: none,
            });
            make(p.ctx, "link", vec![a, b, kind])
        }
        "fallback" | "promise" => {
            let s = parse_device_ref(p)?;
            make(p.ctx, mnemonic, vec![s])
        }
        "affinity" => {
            let s = parse_device_ref(p)?;
            let mut queues = None;
            let mut memory = None;
            while p.consume_if(Tok::Comma) {
                let at = p.tok.start;
                if p.consume_kw("queues") {
                    p.expect(Tok::Equal, "expected '='")?;
                    if queues.is_some() {
                        return p.error_at(at, "'queues' given twice");
                    }
                    p.expect(Tok::LSquare, "expected '[' to begin the queue list")?;
                    let mut qs = Vec::new();
                    if !p.consume_if(Tok::RSquare) {
                        loop {
                            let q = parse_i64(p, "queue ordinal")?;
                            qs.push(q);
                            if p.consume_if(Tok::RSquare) {
                                break;
                            }
                            p.expect(Tok::Comma, "expected ',' or ']'")?;
                        }
                    }
                    queues = Some(p.ctx.intern_attr(AttrKind::Array(qs)));
                } else if p.consume_kw("memory") {
                    p.expect(Tok::Equal, "expected '='")?;
                    if memory.is_some() {
                        return p.error_at(at, "'memory' given twice");
                    }
                    memory = Some(parse_string(p, "memory scope")?);
                } else {
                    return p.wrong_token("expected 'queues' or 'memory'");
                }
            }
            let unit = p.ctx.unit_attr();
            make(
                p.ctx,
                "affinity",
                vec![s, queues.unwrap_or(unit), memory.unwrap_or(unit)],
            )
        }
        _ => return p.error_at(start, format!("unknown device attribute '{mnemonic}'")),
    };
    p.expect(Tok::Greater, "expected '>'")?;
    Ok(a)
}

/// `[A, B, …]` of device attributes (of targets only, for an ordinal's).
fn parse_device_list(p: &mut Parser<'_>, what: &str, targets: bool) -> PResult<Vec<Attr>> {
    if !p.is(Tok::LSquare) {
        return p.wrong_token("expected '[' to begin the device list");
    }
    let list_at = p.tok.start;
    let list = p.parse_attribute(None)?;
    let elems = match p.ctx.attr_kind(list) {
        AttrKind::Array(v) => v.clone(),
        _ => Vec::new(),
    };
    if elems.is_empty() {
        return p.error_at(list_at, format!("#device.{what} needs at least one device"));
    }
    for &e in &elems {
        let ok = match decode(p.ctx, e) {
            Some(crate::attrs::DeviceAttr::Target { .. }) => true,
            Some(d) => !targets && d.is_device(),
            None => false,
        };
        if !ok {
            let s = xir::printer::attr_to_string(p.ctx, e);
            let expected = if targets { "targets" } else { "devices" };
            return p.error_at(
                list_at,
                format!("#device.{what} expects {expected}, got {s}"),
            );
        }
    }
    Ok(elems)
}

/// The print hook of the `device` namespace (after `#device.name`).
pub fn print_device_attr(p: &mut Printer<'_>, name: Ident, params: &[Attr]) {
    let ctx = p.ctx;
    p.push('<');
    match ctx.str(name) {
        "alias" => {
            p.print_attr(params[0]);
            if let Some(&o) = params.get(1).filter(|&&o| !is_unit(p, o)) {
                p.push('[');
                p.print_attr_elided(o);
                p.push(']');
            }
        }
        "select" | "optimal" => {
            p.push('[');
            list(p, params);
            p.push(']');
        }
        "ordinal" => {
            p.print_attr_elided(params[0]);
            if let Some(AttrKind::Array(ts)) = params.get(1).map(|&t| p.ctx.attr_kind(t)) {
                if !ts.is_empty() {
                    p.push_str(", ");
                    p.print_attr(params[1]);
                }
            }
        }
        "link" => {
            p.print_attr(params[0]);
            p.push_str(", ");
            p.print_attr(params[1]);
            p.push_str(", ");
            if let AttrKind::String { value, .. } = ctx.attr_kind(params[2]) {
                p.push_str(&String::from_utf8_lossy(value));
            }
        }
        "affinity" => {
            p.print_attr(params[0]);
            if let Some(&q) = params.get(1).filter(|&&q| !is_unit(p, q)) {
                p.push_str(", queues = ");
                p.print_attr_elided(q);
            }
            if let Some(&m) = params.get(2).filter(|&&m| !is_unit(p, m)) {
                p.push_str(", memory = ");
                p.print_attr(m);
            }
        }
        _ => list(p, params),
    }
    p.push('>');
}

fn is_unit(p: &Printer<'_>, a: Attr) -> bool {
    matches!(p.ctx.attr_kind(a), AttrKind::Unit)
}

fn list(p: &mut Printer<'_>, params: &[Attr]) {
    for (i, &a) in params.iter().enumerate() {
        if i > 0 {
            p.push_str(", ");
        }
        p.print_attr(a);
    }
}
