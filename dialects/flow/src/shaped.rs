//! Shape-aware type lists, as IREE writes them: a tensor type with dynamic
//! dimensions carries their values after it, `tensor<?x4xf32>{%d}`.
//!
//! - `custom<ShapedFunctionType>(type($args), $arg_dims, type($results), $result_dims)`:
//!   `(tensor<?x4xf32>{%d}, index) -> tensor<?x4xf32>{%d}` (a result list of
//!   other than one type is parenthesized).
//! - `custom<ShapedResults>(type($results), $result_dims)`: ` -> (t{%d}, ...)`,
//!   nothing when there are no results.
//!
//! The parser takes any number of dims in braces; the verifiers check that
//! each list holds one value per `?` (`verify_dims`), and that a dispatched
//! kernel takes them, argument dims then result dims, as trailing `index`
//! arguments (`verify_dispatch`).

use xir::lexer::Tok;
use xir::ods::format::TypeArg;
use xir::ods::format_parse::{OperandRef, ParseState};
use xir::ods::{Arg, CustomDirective};
use xir::parser::{PResult, Parser};
use xir::printer::Printer;
use xir::types::TypeKind;
use xir::{Context, Op, Type, Value};

/// The number of dynamic dimensions of `t` (0 for anything but a ranked tensor).
pub fn dynamic_dims(ctx: &Context, t: Type) -> usize {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, .. } => shape.iter().filter(|&&d| d < 0).count(),
        _ => 0,
    }
}

/// One type and its `{%d, ...}` dims, if written.
fn parse_shaped<'a>(p: &mut Parser<'a>, dims: &mut Vec<OperandRef<'a>>) -> PResult<Type> {
    let t = p.parse_type()?;
    if p.consume_if(Tok::LBrace) {
        if p.consume_if(Tok::RBrace) {
            return Ok(t);
        }
        loop {
            let u = p.parse_operand_use()?;
            dims.push(OperandRef {
                name: u.name,
                num: u.num,
                off: u.off,
            });
            if p.consume_if(Tok::RBrace) {
                break;
            }
            p.expect(Tok::Comma, "expected ',' or '}' in the dynamic dimensions")?;
        }
    }
    Ok(t)
}

/// `(t{..}, ...)`, possibly empty.
fn parse_list<'a>(p: &mut Parser<'a>, dims: &mut Vec<OperandRef<'a>>) -> PResult<Vec<Type>> {
    p.expect(Tok::LParen, "expected '('")?;
    let mut types = Vec::new();
    if p.consume_if(Tok::RParen) {
        return Ok(types);
    }
    loop {
        types.push(parse_shaped(p, dims)?);
        if p.consume_if(Tok::RParen) {
            return Ok(types);
        }
        p.expect(Tok::Comma, "expected ',' or ')'")?;
    }
}

fn set_dims<'a>(p: &mut Parser<'a>, st: &mut ParseState<'a>, i: usize, v: Vec<OperandRef<'a>>) {
    let index = p.ctx.index_type();
    st.operand_types[i] = Some(vec![index; v.len()]);
    st.operands[i] = v;
}

fn parse_function_type<'a, 'b>(
    p: &'b mut Parser<'a>,
    st: &'b mut ParseState<'a>,
    args: &'b [Arg],
) -> PResult<()> {
    let (Some(TypeArg::Operand(a)), Some(ad), Some(TypeArg::Result(r)), Some(rd)) = (
        Arg::type_at(args, 0),
        Arg::operand_at(args, 1),
        Arg::type_at(args, 2),
        Arg::operand_at(args, 3),
    ) else {
        return p.error_here("malformed custom<ShapedFunctionType> directive");
    };
    let mut arg_dims = Vec::new();
    let at = p.tok.start;
    let ins = parse_list(p, &mut arg_dims)?;
    if ins.len() != st.operands[a].len() {
        return p.error_at(
            at,
            format!(
                "{} operands present, but expected {}",
                st.operands[a].len(),
                ins.len()
            ),
        );
    }
    p.expect(Tok::Arrow, "expected '->'")?;
    let mut res_dims = Vec::new();
    let outs = if p.is(Tok::LParen) {
        parse_list(p, &mut res_dims)?
    } else {
        vec![parse_shaped(p, &mut res_dims)?]
    };
    st.operand_types[a] = Some(ins);
    st.result_types[r] = Some(outs);
    set_dims(p, st, ad, arg_dims);
    set_dims(p, st, rd, res_dims);
    Ok(())
}

fn parse_results<'a, 'b>(
    p: &'b mut Parser<'a>,
    st: &'b mut ParseState<'a>,
    args: &'b [Arg],
) -> PResult<()> {
    let (Some(TypeArg::Result(r)), Some(rd)) = (Arg::type_at(args, 0), Arg::operand_at(args, 1))
    else {
        return p.error_here("malformed custom<ShapedResults> directive");
    };
    let mut dims = Vec::new();
    let outs = if p.consume_if(Tok::Arrow) {
        parse_list(p, &mut dims)?
    } else {
        Vec::new()
    };
    st.result_types[r] = Some(outs);
    set_dims(p, st, rd, dims);
    Ok(())
}

fn group(p: &Printer<'_>, op: Op, a: &Arg) -> Vec<Value> {
    let Some(spec) = xir::ods::spec_of(p.ctx, p.ir.op(op).name) else {
        return Vec::new();
    };
    use xir::ods::access::{operand_group, result_group};
    match Arg::unref(a) {
        Arg::Operand(i) | Arg::Type(TypeArg::Operand(i)) => {
            operand_group(p.ctx, p.ir, op, spec, spec.operands[*i].name)
        }
        Arg::Type(TypeArg::Result(i)) => result_group(p.ir, op, spec, spec.results[*i].name),
        _ => Vec::new(),
    }
}

/// `t1{%d}, t2, ...`: each type followed by as many dims as it has `?`.
fn print_list(p: &mut Printer<'_>, values: &[Value], dims: &[Value]) {
    let mut it = dims.iter();
    for (k, &v) in values.iter().enumerate() {
        if k > 0 {
            p.push_str(", ");
        }
        let t = p.ir.value_type(v);
        p.print_type(t);
        let n = dynamic_dims(p.ctx, t);
        let mine: Vec<Value> = it.by_ref().take(n).copied().collect();
        if !mine.is_empty() {
            p.push('{');
            for (j, &d) in mine.iter().enumerate() {
                if j > 0 {
                    p.push_str(", ");
                }
                p.print_operand(d);
            }
            p.push('}');
        }
    }
}

fn print_function_type(p: &mut Printer<'_>, op: Op, args: &[Arg]) {
    if args.len() < 4 {
        return;
    }
    let [ins, in_dims, outs, out_dims] = [0, 1, 2, 3].map(|k| group(p, op, &args[k]));
    p.push('(');
    print_list(p, &ins, &in_dims);
    p.push_str(") -> ");
    let parens = outs.len() != 1;
    if parens {
        p.push('(');
    }
    print_list(p, &outs, &out_dims);
    if parens {
        p.push(')');
    }
}

fn print_results(p: &mut Printer<'_>, op: Op, args: &[Arg]) {
    if args.len() < 2 {
        return;
    }
    let outs = group(p, op, &args[0]);
    if outs.is_empty() {
        return;
    }
    let dims = group(p, op, &args[1]);
    p.push_str(" -> (");
    print_list(p, &outs, &dims);
    p.push(')');
}

pub const SHAPED_FUNCTION_TYPE: CustomDirective = CustomDirective {
    name: "ShapedFunctionType",
    parse: parse_function_type,
    print: print_function_type,
    starts: None,
};

pub const SHAPED_RESULTS: CustomDirective = CustomDirective {
    name: "ShapedResults",
    parse: parse_results,
    print: print_results,
    starts: None,
};
