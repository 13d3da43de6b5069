//! `custom<Bindings>($buffers, $offsets, $lengths)`: the buffers a dispatch
//! binds, each with its byte range: `%buf[%offset, %length], ...`.

use xir::lexer::Tok;
use xir::ods::format_parse::{OperandRef, ParseState};
use xir::ods::{Arg, CustomDirective};
use xir::parser::{PResult, Parser};
use xir::printer::Printer;
use xir::Op;

fn idx(a: &Arg) -> Option<usize> {
    match a {
        Arg::Operand(i) => Some(*i),
        Arg::Ref(b) => idx(b),
        _ => None,
    }
}

fn operand<'a>(p: &mut Parser<'a>) -> PResult<OperandRef<'a>> {
    let u = p.parse_operand_use()?;
    Ok(OperandRef {
        name: u.name,
        num: u.num,
        off: u.off,
    })
}

fn parse<'a, 'b>(
    p: &'b mut Parser<'a>,
    st: &'b mut ParseState<'a>,
    args: &'b [Arg],
) -> PResult<()> {
    let ids: Vec<usize> = args.iter().filter_map(idx).collect();
    let [b, o, l] = ids[..] else {
        return p.error_here("malformed custom<Bindings> directive");
    };
    let mut groups: [Vec<OperandRef<'a>>; 3] = Default::default();
    while p.is(Tok::PercentIdent) {
        groups[0].push(operand(p)?);
        p.expect(Tok::LSquare, "expected '['")?;
        groups[1].push(operand(p)?);
        p.expect(Tok::Comma, "expected ','")?;
        groups[2].push(operand(p)?);
        p.expect(Tok::RSquare, "expected ']'")?;
        if !p.consume_if(Tok::Comma) {
            break;
        }
    }
    let buffer = crate::types::hal_type(p.ctx, "buffer");
    let index = p.ctx.index_type();
    let [g0, g1, g2] = groups;
    st.operand_types[b] = Some(vec![buffer; g0.len()]);
    st.operand_types[o] = Some(vec![index; g1.len()]);
    st.operand_types[l] = Some(vec![index; g2.len()]);
    st.operands[b] = g0;
    st.operands[o] = g1;
    st.operands[l] = g2;
    Ok(())
}

fn print(p: &mut Printer<'_>, op: Op, args: &[Arg]) {
    let Some(spec) = xir::ods::spec_of(p.ctx, p.ir.op(op).name) else {
        return;
    };
    let groups: Vec<Vec<xir::Value>> = args
        .iter()
        .filter_map(idx)
        .map(|i| xir::ods::access::operand_group(p.ctx, p.ir, op, spec, spec.operands[i].name))
        .collect();
    let [b, o, l] = &groups[..] else { return };
    for (k, &buf) in b.iter().enumerate() {
        let (Some(&off), Some(&len)) = (o.get(k), l.get(k)) else {
            return;
        };
        if k > 0 {
            p.push_str(", ");
        }
        p.print_operand(buf);
        p.push('[');
        p.print_operand(off);
        p.push_str(", ");
        p.print_operand(len);
        p.push(']');
    }
}

pub const BINDINGS: CustomDirective = CustomDirective {
    name: "Bindings",
    parse,
    print,
    starts: None,
};
