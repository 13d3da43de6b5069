//! `arith.select`'s hand-written syntax (MLIR has no format for it): the
//! condition type is written only when it is not `i1`:
//! `select %c, %a, %b : i32` / `select %c, %a, %b : vector<4xi1>, vector<4xi32>`.

use xir::lexer::Tok;
use xir::ods::format_parse::{build, OperandRef, ParseState};
use xir::ods::format_print::merged_attrs;
use xir::parser::{PResult, Parser};
use xir::printer::Printer;
use xir::types::TypeKind;
use xir::{Attr, Ident, Op};

pub fn parse(p: &mut Parser<'_>, name: Ident, loc: Attr) -> PResult<Op> {
    let Some(ods) = p.ctx.registry.ods().get(&name).cloned() else {
        return p.error_here("op is not registered");
    };
    let mut st = ParseState::new(ods.spec, p.tok.start);
    for i in 0..3 {
        if i > 0 && !p.consume_if(Tok::Comma) {
            return p.wrong_token("expected ','");
        }
        let u = p.parse_operand_use()?;
        st.operands[i] = vec![OperandRef {
            name: u.name,
            num: u.num,
            off: u.off,
        }];
    }
    if p.is(Tok::LBrace) {
        let d = p.parse_attr_dict()?;
        st.dict = p.ctx.dict_entries(d).to_vec();
    }
    if !p.consume_if(Tok::Colon) {
        return p.wrong_token("expected ':'");
    }
    let first = p.parse_type()?;
    let (cond, res) = if p.consume_if(Tok::Comma) {
        (first, p.parse_type()?)
    } else {
        (p.ctx.i1(), first)
    };
    st.operand_types[0] = Some(vec![cond]);
    st.operand_types[1] = Some(vec![res]);
    st.operand_types[2] = Some(vec![res]);
    st.result_types[0] = Some(vec![res]);
    let op = build(p, &ods, st, name, loc)?;
    p.parse_trailing_loc_for(op)?;
    Ok(op)
}

pub fn print(p: &mut Printer<'_>, op: Op) {
    let ir = p.ir;
    p.print_op_name(op);
    p.push(' ');
    p.print_operands(ir.operands(op));
    let entries = merged_attrs(p, op);
    p.print_attr_dict(&entries, &[], false);
    p.push_str(" : ");
    let cond = ir.value_type(ir.operand(op, 0));
    if matches!(
        p.ctx.type_kind(cond),
        TypeKind::Vector { .. }
            | TypeKind::RankedTensor { .. }
            | TypeKind::UnrankedTensor { .. }
            | TypeKind::MemRef { .. }
            | TypeKind::UnrankedMemRef { .. }
    ) {
        p.print_type(cond);
        p.push_str(", ");
    }
    p.print_type(ir.value_type(ir.result(op, 0)));
}
