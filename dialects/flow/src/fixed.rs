//! `custom<FixedTypes>(ref($a), ...)`: operands whose type their constraint fixes
//! (`index`, `!hal.device`, `!stream.timepoint`) are written without types. The
//! directive prints nothing; placed last (after ``` `` ```) it gives each listed
//! operand group the type named by its constraint's description.

use xir::ods::format_parse::ParseState;
use xir::ods::{Arg, CustomDirective};
use xir::parser::{PResult, Parser};
use xir::printer::Printer;
use xir::types::TypeKind;
use xir::{Context, Op, Type};

/// The type a constraint description names: `index` or `!dialect.name`.
pub fn fixed_type(ctx: &mut Context, desc: &str) -> Option<Type> {
    if desc == "index" {
        return Some(ctx.index_type());
    }
    let (dialect, name) = desc.strip_prefix('!')?.split_once('.')?;
    let dialect = ctx.ident(dialect);
    let name = ctx.ident(name);
    Some(ctx.intern_type(TypeKind::Dialect {
        dialect,
        name,
        params: Vec::new(),
    }))
}

/// A parameterless dialect type `!dialect.name`.
pub fn is_dialect_type(ctx: &Context, t: Type, dialect: &str, name: &str) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Dialect { dialect: d, name: n, .. }
        if ctx.str(*d) == dialect && ctx.str(*n) == name)
}

fn operand_index(a: &Arg) -> Option<usize> {
    match a {
        Arg::Operand(i) => Some(*i),
        Arg::Ref(b) => operand_index(b),
        _ => None,
    }
}

fn parse<'a, 'b>(
    p: &'b mut Parser<'a>,
    st: &'b mut ParseState<'a>,
    args: &'b [Arg],
) -> PResult<()> {
    for a in args {
        let Some(i) = operand_index(a) else { continue };
        if st.operand_types[i].is_some() {
            continue;
        }
        let desc = st.spec.operands[i].ty.desc;
        let Some(t) = fixed_type(p.ctx, desc) else {
            return p.error_at(
                st.start,
                format!("operand type '{desc}' cannot be inferred"),
            );
        };
        st.operand_types[i] = Some(vec![t; st.operands[i].len()]);
    }
    Ok(())
}

fn print(_: &mut Printer<'_>, _: Op, _: &[Arg]) {}

pub const FIXED_TYPES: CustomDirective = CustomDirective {
    name: "FixedTypes",
    parse,
    print,
    starts: None,
};
