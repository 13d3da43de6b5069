//! The custom pieces of stream syntax:
//! - `custom<SizedTypes>(type($v), $sizes [, type($mirror)])`: a type list in
//!   which every resource carries its size, `!stream.resource<external>{%size}`;
//!   a variadic result list is one type or `(t, ...)`; `type($mirror)` gets the
//!   same types (results that repeat their operands' types).
//! - `custom<DispatchOperands>($args, $offsets, $ends, $lengths)`:
//!   `(%res[%offset to %end for %length], %scalar)`; a resource argument carries
//!   the byte range the kernel reads and writes, scalars none.
//! - `custom<ExecuteBody>($operands, $sizes, type($results), $result_sizes, $body)`:
//!   `with(%x as %arg0: t{%s}, ...) -> (t{%s}, ...) { ... }`, the captured
//!   operands becoming the region's arguments.

use crate::types::is_resource;
use xir::lexer::Tok;
use xir::ods::format::TypeArg;
use xir::ods::format_parse::{OperandRef, ParseState};
use xir::ods::{Arg, CustomDirective};
use xir::parser::{PResult, Parser};
use xir::printer::Printer;
use xir::{Op, Type, Value};

fn parse_ref<'a>(p: &mut Parser<'a>) -> PResult<OperandRef<'a>> {
    let u = p.parse_operand_use()?;
    Ok(OperandRef {
        name: u.name,
        num: u.num,
        off: u.off,
    })
}

/// One type, and `{%size}` after a resource.
fn parse_sized<'a>(p: &mut Parser<'a>, sizes: &mut Vec<OperandRef<'a>>) -> PResult<Type> {
    let t = p.parse_type()?;
    if is_resource(p.ctx, t) {
        p.expect(Tok::LBrace, "expected '{' to begin the resource size")?;
        sizes.push(parse_ref(p)?);
        p.expect(Tok::RBrace, "expected '}'")?;
    }
    Ok(t)
}

fn set_sizes<'a>(p: &mut Parser<'a>, st: &mut ParseState<'a>, i: usize, v: Vec<OperandRef<'a>>) {
    let index = p.ctx.index_type();
    st.operand_types[i] = Some(vec![index; v.len()]);
    st.operands[i] = v;
}

/// A result list: one type, or `(t, ...)` (possibly empty).
fn parse_result_list<'a>(
    p: &mut Parser<'a>,
    sizes: &mut Vec<OperandRef<'a>>,
) -> PResult<Vec<Type>> {
    let mut types = Vec::new();
    if !p.consume_if(Tok::LParen) {
        types.push(parse_sized(p, sizes)?);
        return Ok(types);
    }
    if p.consume_if(Tok::RParen) {
        return Ok(types);
    }
    loop {
        types.push(parse_sized(p, sizes)?);
        if p.consume_if(Tok::RParen) {
            return Ok(types);
        }
        p.expect(Tok::Comma, "expected ',' or ')'")?;
    }
}

fn parse_sized_types<'a, 'b>(
    p: &'b mut Parser<'a>,
    st: &'b mut ParseState<'a>,
    args: &'b [Arg],
) -> PResult<()> {
    let (Some(target), Some(sizes_at)) = (Arg::type_at(args, 0), Arg::operand_at(args, 1)) else {
        return p.error_here("malformed custom<SizedTypes> directive");
    };
    let mut sizes = Vec::new();
    let types = match target {
        TypeArg::Operand(i) => {
            let n = st.operands[i].len();
            let mut v = Vec::with_capacity(n);
            for k in 0..n {
                if k > 0 {
                    p.expect(Tok::Comma, "expected ','")?;
                }
                v.push(parse_sized(p, &mut sizes)?);
            }
            st.operand_types[i] = Some(v.clone());
            v
        }
        TypeArg::Result(i) => {
            let v = if st.spec.results[i].arity == xir::ods::Arity::Variadic {
                parse_result_list(p, &mut sizes)?
            } else {
                vec![parse_sized(p, &mut sizes)?]
            };
            st.result_types[i] = Some(v.clone());
            v
        }
        _ => return p.error_here("malformed custom<SizedTypes> directive"),
    };
    if let Some(TypeArg::Result(m)) = Arg::type_at(args, 2) {
        st.result_types[m] = Some(types);
    }
    set_sizes(p, st, sizes_at, sizes);
    Ok(())
}

fn group(p: &Printer<'_>, op: Op, a: &Arg) -> Vec<Value> {
    let Some(spec) = xir::ods::spec_of(p.ctx, p.ir.op(op).name) else {
        return Vec::new();
    };
    match Arg::unref(a) {
        Arg::Operand(i) => {
            xir::ods::access::operand_group(p.ctx, p.ir, op, spec, spec.operands[*i].name)
        }
        Arg::Type(TypeArg::Operand(i)) => {
            xir::ods::access::operand_group(p.ctx, p.ir, op, spec, spec.operands[*i].name)
        }
        Arg::Type(TypeArg::Result(i)) => {
            xir::ods::access::result_group(p.ir, op, spec, spec.results[*i].name)
        }
        _ => Vec::new(),
    }
}

/// `t` or `t{%size}`, taking the next size for each resource.
fn print_sized(p: &mut Printer<'_>, t: Type, sizes: &mut std::slice::Iter<'_, Value>) {
    p.print_type(t);
    if is_resource(p.ctx, t) {
        if let Some(&s) = sizes.next() {
            p.push('{');
            p.print_operand(s);
            p.push('}');
        }
    }
}

fn print_sized_list(p: &mut Printer<'_>, values: &[Value], sizes: &[Value], parens: bool) {
    let mut it = sizes.iter();
    if parens {
        p.push('(');
    }
    for (k, &v) in values.iter().enumerate() {
        if k > 0 {
            p.push_str(", ");
        }
        let t = p.ir.value_type(v);
        print_sized(p, t, &mut it);
    }
    if parens {
        p.push(')');
    }
}

fn print_sized_types(p: &mut Printer<'_>, op: Op, args: &[Arg]) {
    let (Some(a), Some(s)) = (args.first(), args.get(1)) else {
        return;
    };
    let values = group(p, op, a);
    let sizes = group(p, op, s);
    let variadic_result = match Arg::unref(a) {
        Arg::Type(TypeArg::Result(i)) => xir::ods::spec_of(p.ctx, p.ir.op(op).name)
            .is_some_and(|spec| spec.results[*i].arity == xir::ods::Arity::Variadic),
        _ => false,
    };
    print_sized_list(p, &values, &sizes, variadic_result && values.len() != 1);
}

pub const SIZED_TYPES: CustomDirective = CustomDirective {
    name: "SizedTypes",
    parse: parse_sized_types,
    print: print_sized_types,
    starts: None,
};

fn parse_dispatch_operands<'a, 'b>(
    p: &'b mut Parser<'a>,
    st: &'b mut ParseState<'a>,
    args: &'b [Arg],
) -> PResult<()> {
    let ids: Vec<usize> = (0..4).filter_map(|k| Arg::operand_at(args, k)).collect();
    let [vals, offs, ends, lens] = ids[..] else {
        return p.error_here("malformed custom<DispatchOperands> directive");
    };
    let mut groups: [Vec<OperandRef<'a>>; 4] = Default::default();
    p.expect(Tok::LParen, "expected '('")?;
    if !p.consume_if(Tok::RParen) {
        loop {
            groups[0].push(parse_ref(p)?);
            if p.consume_if(Tok::LSquare) {
                groups[1].push(parse_ref(p)?);
                if !p.consume_kw("to") {
                    return p.wrong_token("expected 'to'");
                }
                groups[2].push(parse_ref(p)?);
                if !p.consume_kw("for") {
                    return p.wrong_token("expected 'for'");
                }
                groups[3].push(parse_ref(p)?);
                p.expect(Tok::RSquare, "expected ']'")?;
            }
            if p.consume_if(Tok::RParen) {
                break;
            }
            p.expect(Tok::Comma, "expected ',' or ')'")?;
        }
    }
    let [g0, g1, g2, g3] = groups;
    st.operands[vals] = g0;
    set_sizes(p, st, offs, g1);
    set_sizes(p, st, ends, g2);
    set_sizes(p, st, lens, g3);
    Ok(())
}

fn print_dispatch_operands(p: &mut Printer<'_>, op: Op, args: &[Arg]) {
    if args.len() < 4 {
        return;
    }
    let vals = group(p, op, &args[0]);
    let ranges: Vec<Vec<Value>> = args[1..4].iter().map(|a| group(p, op, a)).collect();
    let mut r = 0;
    p.push('(');
    for (k, &v) in vals.iter().enumerate() {
        if k > 0 {
            p.push_str(", ");
        }
        p.print_operand(v);
        let t = p.ir.value_type(v);
        if is_resource(p.ctx, t) {
            if let (Some(&o), Some(&e), Some(&l)) =
                (ranges[0].get(r), ranges[1].get(r), ranges[2].get(r))
            {
                p.push('[');
                p.print_operand(o);
                p.push_str(" to ");
                p.print_operand(e);
                p.push_str(" for ");
                p.print_operand(l);
                p.push(']');
            }
            r += 1;
        }
    }
    p.push(')');
}

pub const DISPATCH_OPERANDS: CustomDirective = CustomDirective {
    name: "DispatchOperands",
    parse: parse_dispatch_operands,
    print: print_dispatch_operands,
    starts: None,
};

fn parse_execute_body<'a, 'b>(
    p: &'b mut Parser<'a>,
    st: &'b mut ParseState<'a>,
    args: &'b [Arg],
) -> PResult<()> {
    let (Some(vals), Some(sizes_at), Some(TypeArg::Result(res)), Some(res_sizes_at)) = (
        Arg::operand_at(args, 0),
        Arg::operand_at(args, 1),
        Arg::type_at(args, 2),
        Arg::operand_at(args, 3),
    ) else {
        return p.error_here("malformed custom<ExecuteBody> directive");
    };
    let Some(Arg::Region(body)) = args.get(4).map(Arg::unref) else {
        return p.error_here("malformed custom<ExecuteBody> directive");
    };
    if !p.consume_kw("with") {
        return p.wrong_token("expected 'with'");
    }
    p.expect(Tok::LParen, "expected '('")?;
    let (mut operands, mut types, mut sizes, mut entry) = (vec![], vec![], vec![], vec![]);
    if !p.consume_if(Tok::RParen) {
        loop {
            operands.push(parse_ref(p)?);
            if !p.consume_kw("as") {
                return p.wrong_token("expected 'as'");
            }
            if !p.is(Tok::PercentIdent) {
                return p.wrong_token("expected SSA identifier");
            }
            let t = p.tok;
            p.bump();
            p.expect(Tok::Colon, "expected ':'")?;
            let ty = parse_sized(p, &mut sizes)?;
            entry.push((p.text(t), t.start, ty, None));
            types.push(ty);
            if p.consume_if(Tok::RParen) {
                break;
            }
            p.expect(Tok::Comma, "expected ',' or ')'")?;
        }
    }
    let mut res_sizes = Vec::new();
    let res_types = if p.consume_if(Tok::Arrow) {
        parse_result_list(p, &mut res_sizes)?
    } else {
        Vec::new()
    };
    let r = p.ir.create_region();
    p.parse_region(r, false, &entry)?;
    st.operands[vals] = operands;
    st.operand_types[vals] = Some(types);
    set_sizes(p, st, sizes_at, sizes);
    st.result_types[res] = Some(res_types);
    set_sizes(p, st, res_sizes_at, res_sizes);
    st.regions[*body] = vec![r];
    Ok(())
}

fn print_execute_body(p: &mut Printer<'_>, op: Op, args: &[Arg]) {
    if args.len() < 5 {
        return;
    }
    let vals = group(p, op, &args[0]);
    let sizes = group(p, op, &args[1]);
    let results = group(p, op, &args[2]);
    let res_sizes = group(p, op, &args[3]);
    let Some(&r) = p.ir.regions(op).first() else {
        return;
    };
    let block_args: Vec<Value> =
        p.ir.entry_block(r)
            .map(|b| p.ir.block_args(b).to_vec())
            .unwrap_or_default();
    let mut it = sizes.iter();
    p.push_str("with(");
    for (k, &v) in vals.iter().enumerate() {
        if k > 0 {
            p.push_str(", ");
        }
        p.print_operand(v);
        if let Some(&a) = block_args.get(k) {
            p.push_str(" as ");
            p.print_operand(a);
        }
        p.push_str(": ");
        let t = p.ir.value_type(v);
        print_sized(p, t, &mut it);
    }
    p.push(')');
    if !results.is_empty() {
        p.push_str(" -> ");
        print_sized_list(p, &results, &res_sizes, results.len() != 1);
    }
    p.push(' ');
    p.print_region(r, false, true, false);
}

pub const EXECUTE_BODY: CustomDirective = CustomDirective {
    name: "ExecuteBody",
    parse: parse_execute_body,
    print: print_execute_body,
    starts: None,
};
