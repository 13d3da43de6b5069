//! Declarative op definitions (MLIR's ODS): an op is declared once as an
//! [`OpSpec`]; [`register_op`] compiles its assembly format and installs its
//! parser, printer, verifier and generic-form property conversion.

pub mod access;
pub mod constant;
pub mod constraints;
pub mod enum_attr;
pub mod format;
pub mod format_parse;
pub mod format_print;
pub mod function;
pub mod spec;
mod table;
pub mod verify;

#[cfg(test)]
mod tests;

pub use access::OpView;
pub use format::{Arg, CustomDirective, Format};
pub use format_parse::ParseState;
pub use spec::{
    Arity, AttrConstraint, AttrDefault, AttrForm, AttrSpec, FoldFn, FoldResult, OpSpec, RegionSpec,
    SuccessorSpec, TypeConstraint, TypeRule, ValueSpec,
};
pub use table::{OdsOp, OdsOps};

use crate::attributes::AttrKind;
use crate::context::Context;
use crate::dialect::{DialectDef, GenericProps, Interfaces, OpDef};
use crate::entity::{Attr, Ident};
use crate::parser::OpParser;
use crate::printer::{attr_to_string, CustomPrinter, ResultNames};
use std::sync::Arc;

/// Registers one declared op: its definition (traits, verifier), its custom
/// syntax (format or hand-written hooks) and its generic-form property handling.
pub fn register_op(ctx: &mut Context, spec: &'static OpSpec) -> Result<(), String> {
    let format = match spec.format {
        Some(src) => Some(format::compile(spec, src).map_err(|e| format!("{}: {e}", spec.name))?),
        None => None,
    };
    let parse = match (spec.parse, spec.format) {
        (Some(f), _) => Some(f),
        (None, Some(_)) => Some(format_parse::parse_op as crate::parser::OpParseFn),
        (None, None) => None,
    };
    let print = match (spec.print, spec.format) {
        (Some(f), _) => Some(f),
        (None, Some(_)) => Some(format_print::print_op as fn(&mut crate::printer::Printer<'_>, _)),
        (None, None) => None,
    };
    // Every per-op entry goes on the op's own record: one slot per layer, the
    // ones looked up for every op first (the interfaces are a short list).
    let mut interfaces = Interfaces::default();
    interfaces.set(Arc::new(OdsOp { spec, format }));
    if let Some(f) = print {
        interfaces.set(CustomPrinter {
            print: f,
            default_dialect: spec.default_dialect,
        });
    }
    if let Some(f) = parse {
        interfaces.set(OpParser(f));
    }
    if let Some(f) = spec.result_names {
        interfaces.set(ResultNames(f));
    }
    interfaces.set(GenericProps(convert_generic_props));
    ctx.register_op(OpDef {
        name: spec.name,
        traits: spec.traits,
        verify: Some(verify::verify_op),
        interfaces,
    });
    Ok(())
}

/// Registers every op of a dialect; a malformed declaration is a bug in the
/// dialect, reported with the op's name.
pub fn register_ops(ctx: &mut Context, specs: &[&'static OpSpec]) {
    for s in specs {
        if let Err(e) = register_op(ctx, s) {
            panic!("invalid op declaration: {e}");
        }
    }
}

/// Registers a closed dialect with its declared ops; returns its interned name
/// for the dialect's own hooks (types, attributes).
pub fn register_dialect(ctx: &mut Context, name: &'static str, specs: &[&'static OpSpec]) -> Ident {
    ctx.register_dialect(DialectDef { name, open: false });
    register_ops(ctx, specs);
    ctx.ident(name)
}

/// The declaration of a registered op.
pub fn spec_of(ctx: &Context, name: Ident) -> Option<&'static OpSpec> {
    ctx.registry.ods().get(&name).map(|o| o.spec)
}

/// Generic form: declared properties are kept (a value of the wrong kind is
/// MLIR's property-conversion error), unknown property keys dropped, and declared
/// names found in the attribute dictionary moved into the properties.
fn convert_generic_props(
    ctx: &mut Context,
    name: Ident,
    props: Option<Attr>,
    attrs: Attr,
) -> Result<(Option<Attr>, Attr), String> {
    let Some(spec) = spec_of(ctx, name) else {
        return Ok((props, attrs));
    };
    let mut kept: Vec<(Ident, Attr)> = Vec::new();
    if let Some(p) = props {
        let AttrKind::Dictionary(entries) = ctx.attr_kind(p) else {
            return Err(format!(
                "invalid properties {} for op {}: expected DictionaryAttr to set properties",
                attr_to_string(ctx, p),
                spec.name
            ));
        };
        for &(k, v) in entries {
            let key = ctx.str(k);
            if let Some(a) = spec.attrs.iter().find(|a| a.name == key) {
                if !(a.constraint.storage)(ctx, v) {
                    return Err(format!(
                        "invalid properties {} for op {}: Invalid attribute `{}` in property conversion: {}",
                        attr_to_string(ctx, p),
                        spec.name,
                        key,
                        attr_to_string(ctx, v)
                    ));
                }
                kept.push((k, v));
            } else if key == "operandSegmentSizes" && spec.has_operand_segments() {
                kept.push((k, v));
            }
        }
    }
    let mut rest: Vec<(Ident, Attr)> = Vec::new();
    for &(k, v) in ctx.dict_entries(attrs) {
        let key = ctx.str(k);
        let declared = spec.attrs.iter().any(|a| a.name == key)
            || (key == "operandSegmentSizes" && spec.has_operand_segments());
        if declared && props.is_none() {
            kept.push((k, v));
        } else {
            rest.push((k, v));
        }
    }
    let rest_changed = rest.len() != ctx.dict_entries(attrs).len();
    for d in spec.defaults {
        if !kept.iter().any(|(k, _)| ctx.str(*k) == d.name) {
            let (k, v) = (ctx.ident(d.name), (d.value)(ctx));
            kept.push((k, v));
        }
    }
    let props = ctx.dictionary(kept);
    let attrs = if rest_changed {
        ctx.dictionary(rest)
    } else {
        attrs
    };
    Ok((Some(props), attrs))
}
