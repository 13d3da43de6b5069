//! `custom<I64List>($attr)`: an `array<i64>` property written as `[1, 0]`.

use xir::lexer::Tok;
use xir::ods::format_parse::ParseState;
use xir::ods::{Arg, CustomDirective};
use xir::parser::{PResult, Parser};
use xir::printer::Printer;
use xir::{AttrKind, Op};

fn parse<'a, 'b>(
    p: &'b mut Parser<'a>,
    st: &'b mut ParseState<'a>,
    args: &'b [Arg],
) -> PResult<()> {
    p.expect(Tok::LSquare, "expected '['")?;
    let mut values = Vec::new();
    if !p.consume_if(Tok::RSquare) {
        loop {
            let neg = p.consume_if(Tok::Minus);
            if !p.is(Tok::Integer) {
                return p.wrong_token("expected integer value");
            }
            let Ok(v) = p.cur_text().parse::<i64>() else {
                return p.error_here("integer value too large");
            };
            p.bump();
            values.push(if neg { v.wrapping_neg() } else { v } as u64);
            if p.consume_if(Tok::RSquare) {
                break;
            }
            p.expect(Tok::Comma, "expected ',' or ']'")?;
        }
    }
    let element = p.ctx.i64();
    let a = p.ctx.intern_attr(AttrKind::DenseArray { element, values });
    if let Some(Arg::Attr(i)) = args.first() {
        st.attrs[*i] = Some(a);
    }
    Ok(())
}

fn print(p: &mut Printer<'_>, op: Op, args: &[Arg]) {
    let Some(Arg::Attr(i)) = args.first() else {
        return;
    };
    let Some(spec) = xir::ods::spec_of(p.ctx, p.ir.op(op).name) else {
        return;
    };
    p.push('[');
    if let Some(a) = xir::symbol::op_attr(p.ctx, p.ir, op, spec.attrs[*i].name) {
        if let AttrKind::DenseArray { values, .. } = p.ctx.attr_kind(a) {
            let s: Vec<String> = values.iter().map(|&v| (v as i64).to_string()).collect();
            p.push_str(&s.join(", "));
        }
    }
    p.push(']');
}

pub const I64_LIST: CustomDirective = CustomDirective {
    name: "I64List",
    parse,
    print,
    starts: None,
};

/// The values of an `array<i64>` attribute.
pub fn i64_values(ctx: &xir::Context, a: xir::Attr) -> Option<Vec<i64>> {
    match ctx.attr_kind(a) {
        AttrKind::DenseArray { values, .. } => Some(values.iter().map(|&v| v as i64).collect()),
        _ => None,
    }
}

/// `custom<Condition>($condition)`: an operand whose type is always `i1`.
fn parse_condition<'a, 'b>(
    p: &'b mut Parser<'a>,
    st: &'b mut ParseState<'a>,
    args: &'b [Arg],
) -> PResult<()> {
    let u = p.parse_operand_use()?;
    if let Some(Arg::Operand(i)) = args.first() {
        st.operands[*i] = vec![xir::ods::format_parse::OperandRef {
            name: u.name,
            num: u.num,
            off: u.off,
        }];
        st.operand_types[*i] = Some(vec![p.ctx.i1()]);
    }
    Ok(())
}

fn print_condition(p: &mut Printer<'_>, op: Op, _: &[Arg]) {
    if p.ir.num_operands(op) > 0 {
        let v = p.ir.operand(op, 0);
        p.print_operand(v);
    }
}

pub const CONDITION: CustomDirective = CustomDirective {
    name: "Condition",
    parse: parse_condition,
    print: print_condition,
    starts: None,
};

/// `custom<ElseRegion>($else)`: `else { ... }`, or nothing for an empty region.
fn parse_else<'a, 'b>(
    p: &'b mut Parser<'a>,
    st: &'b mut ParseState<'a>,
    args: &'b [Arg],
) -> PResult<()> {
    let r = p.ir.create_region();
    if p.consume_kw("else") {
        p.parse_region(r, false, &[])?;
    }
    if let Some(Arg::Region(i)) = args.first() {
        st.regions[*i] = vec![r];
    }
    Ok(())
}

fn print_else(p: &mut Printer<'_>, op: Op, args: &[Arg]) {
    let Some(Arg::Region(i)) = args.first() else {
        return;
    };
    if let Some(&r) = p.ir.regions(op).get(*i) {
        if !p.ir.region_is_empty(r) {
            p.push_str(" else ");
            p.print_region(r, true, true, false);
        }
    }
}

pub const ELSE_REGION: CustomDirective = CustomDirective {
    name: "ElseRegion",
    parse: parse_else,
    print: print_else,
    starts: None,
};
