//! `scf.if`'s hand-written syntax (MLIR's own is hand-written too):
//! `scf.if %c -> (t1, t2) { ... } else { ... } {attrs}`. Parsing accepts
//! `-> t` without parentheses and adds the implicit `scf.yield` (at the op's
//! location) to a region whose block does not end in a terminator; printing
//! shows the yields only when the op has results and the else region only
//! when it has a block.

use xir::dialect::Traits;
use xir::lexer::Tok;
use xir::ods::format_parse::{build, OperandRef, ParseState};
use xir::ods::format_print::merged_attrs;
use xir::parser::{PResult, Parser};
use xir::printer::Printer;
use xir::{Attr, Ident, Ir, Op, OperationState, Region, Type};

use crate::ops::YIELD_NAME;

/// `-> t` or `-> (t, ...)` (MLIR's `parseOptionalArrowTypeList`).
fn parse_optional_arrow_types(p: &mut Parser<'_>) -> PResult<Vec<Type>> {
    if !p.consume_if(Tok::Arrow) {
        return Ok(Vec::new());
    }
    if !p.is(Tok::LParen) {
        return Ok(vec![p.parse_non_function_type()?]);
    }
    p.enter()?;
    p.bump();
    let mut types = Vec::new();
    if !p.consume_if(Tok::RParen) {
        types = p.parse_type_list()?;
        p.expect(Tok::RParen, "expected ')'")?;
    }
    p.exit();
    Ok(types)
}

fn parse_branch(p: &mut Parser<'_>) -> PResult<Region> {
    let r = p.ir.create_region();
    p.parse_region(r, false, &[])?;
    Ok(r)
}

/// MLIR's `ensureTerminator`: a region gets a block, and a block that does not
/// end in a (registered) terminator gets an `scf.yield` at `loc`.
pub fn ensure_yield(ctx: &mut xir::Context, ir: &mut Ir, r: Region, loc: Attr) {
    let block = match ir.entry_block(r) {
        Some(b) => b,
        None => {
            let b = ir.create_block();
            ir.append_block(r, b);
            b
        }
    };
    let ends = ir
        .last_op(block)
        .is_some_and(|l| ctx.op_traits(ir.op(l).name).contains(Traits::TERMINATOR));
    if !ends {
        let y = ir.create_op(OperationState::new(ctx, YIELD_NAME, loc));
        ir.append_op(block, y);
    }
}

pub fn parse_if(p: &mut Parser<'_>, name: Ident, loc: Attr) -> PResult<Op> {
    let Some(ods) = p.ctx.registry.ods().get(&name).cloned() else {
        return p.error_here("op is not registered");
    };
    let mut st = ParseState::new(ods.spec, p.tok.start);
    let u = p.parse_operand_use()?;
    st.operands[0] = vec![OperandRef {
        name: u.name,
        num: u.num,
        off: u.off,
    }];
    st.operand_types[0] = Some(vec![p.ctx.i1()]);
    st.result_types[0] = Some(parse_optional_arrow_types(p)?);
    let then = parse_branch(p)?;
    let has_else = p.consume_kw("else");
    let other = if has_else {
        parse_branch(p)?
    } else {
        p.ir.create_region()
    };
    st.regions[0] = vec![then];
    st.regions[1] = vec![other];
    if p.is(Tok::LBrace) {
        let d = p.parse_attr_dict()?;
        st.dict = p.ctx.dict_entries(d).to_vec();
    }
    let op = build(p, &ods, st, name, loc)?;
    let regions = p.ir.regions(op).to_vec();
    ensure_yield(p.ctx, p.ir, regions[0], loc);
    if has_else {
        ensure_yield(p.ctx, p.ir, regions[1], loc);
    }
    p.parse_trailing_loc_for(op)?;
    Ok(op)
}

pub fn print_if(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir;
    p.print_op_name(op);
    if ir.num_operands(op) > 0 {
        p.push(' ');
        p.print_operand(ir.operand(op, 0));
    }
    let results = ir.results(op);
    if !results.is_empty() {
        p.push_str(" -> (");
        for (i, &r) in results.iter().enumerate() {
            if i > 0 {
                p.push_str(", ");
            }
            p.print_type(ir.value_type(r));
        }
        p.push(')');
    }
    let terminators = !results.is_empty();
    let regions = ir.regions(op);
    if let Some(&then) = regions.first() {
        p.push(' ');
        p.print_region(then, false, terminators, false);
    }
    if let Some(&other) = regions.get(1) {
        if !ir.region_is_empty(other) {
            p.push_str(" else ");
            p.print_region(other, false, terminators, false);
        }
    }
    let entries = merged_attrs(p, op);
    p.print_attr_dict(&entries, &[], false);
}
