//! `!stream.resource<transient|external|constant>` (a sized byte buffer; its
//! size travels as an `index` value next to it) and `!stream.timepoint`, as
//! `TypeKind::Dialect` types: the resource's one parameter is its lifetime
//! (a string attribute).

use xir::lexer::Tok;
use xir::parser::{PResult, Parser};
use xir::printer::Printer;
use xir::types::TypeKind;
use xir::{Attr, AttrKind, Context, Ident, Type};

pub const DIALECT: &str = "stream";
pub const LIFETIMES: [&str; 3] = ["transient", "external", "constant"];

pub fn resource_type(ctx: &mut Context, lifetime: &str) -> Type {
    let dialect = ctx.ident(DIALECT);
    let name = ctx.ident("resource");
    let l = ctx.string_attr(lifetime);
    ctx.intern_type(TypeKind::Dialect {
        dialect,
        name,
        params: vec![l],
    })
}

pub fn timepoint_type(ctx: &mut Context) -> Type {
    let dialect = ctx.ident(DIALECT);
    let name = ctx.ident("timepoint");
    ctx.intern_type(TypeKind::Dialect {
        dialect,
        name,
        params: Vec::new(),
    })
}

/// The lifetime of a resource type; `None` for any other type.
pub fn resource_lifetime(ctx: &Context, t: Type) -> Option<&str> {
    match ctx.type_kind(t) {
        TypeKind::Dialect {
            dialect,
            name,
            params,
        } if ctx.str(*dialect) == DIALECT && ctx.str(*name) == "resource" => {
            match params.first().map(|&a| ctx.attr_kind(a)) {
                Some(AttrKind::String { value, .. }) => std::str::from_utf8(value).ok(),
                _ => None,
            }
        }
        _ => None,
    }
}

pub fn is_resource(ctx: &Context, t: Type) -> bool {
    resource_lifetime(ctx, t).is_some()
}

pub fn is_timepoint(ctx: &Context, t: Type) -> bool {
    xir_flow::fixed::is_dialect_type(ctx, t, DIALECT, "timepoint")
}

/// The parse hook of the `stream` type namespace.
pub fn parse_stream_type(p: &mut Parser<'_>, mnemonic: &str) -> PResult<Type> {
    match mnemonic {
        "resource" => {
            p.expect(Tok::Less, "expected '<'")?;
            let l = p.cur_text();
            if p.tok.kind != Tok::BareIdent || !LIFETIMES.contains(&l) {
                return p.wrong_token(
                    "expected resource lifetime 'transient', 'external' or 'constant'",
                );
            }
            p.bump();
            p.expect(Tok::Greater, "expected '>'")?;
            Ok(resource_type(p.ctx, l))
        }
        "timepoint" => Ok(timepoint_type(p.ctx)),
        _ => p.error_here(format!("unknown stream type '{mnemonic}'")),
    }
}

/// The print hook of the `stream` type namespace (after `!stream.name`).
pub fn print_stream_type(p: &mut Printer<'_>, _name: Ident, params: &[Attr]) {
    if let Some(&a) = params.first() {
        if let AttrKind::String { value, .. } = p.ctx.attr_kind(a) {
            let s = String::from_utf8_lossy(value).into_owned();
            p.push('<');
            p.push_str(&s);
            p.push('>');
        }
    }
}
