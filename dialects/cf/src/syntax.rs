//! The custom forms of the cf ops, as MLIR 22 writes them:
//! `cf.br ^bb1(%a : i32)`, `cf.cond_br %c weights([1, 2]), ^bb1, ^bb2(%x : i8)`,
//! `cf.switch %f : i32, [\n default: ^bb1, 42: ^bb2(%a : i32)\n]` and
//! `cf.assert %c, "msg"`. Switch case values are read as 64-bit integers and
//! truncated or sign-extended to the flag's width; they print unsigned,
//! clamped to 64 bits (MLIR's `getLimitedValue`).

use crate::branch::{case_values, i32_array};
use crate::ops::{ASSERT, BR, COND_BR, SWITCH};
use xir::lexer::Tok;
use xir::ods::format_parse::{build, OperandRef, ParseState};
use xir::ods::format_print::merged_attrs;
use xir::ods::OpSpec;
use xir::parser::{PResult, Parser};
use xir::printer::Printer;
use xir::{Attr, AttrKind, Block, Ident, Op, Type, TypeKind, Value};
use xir_arith::fold::int::Int;

/// Forwarded operands as parsed: uses and their types.
type Uses<'a> = (Vec<OperandRef<'a>>, Vec<Type>);

/// An error as MLIR's custom-op parser reports it: `custom op 'name' msg`.
fn custom_error<T>(p: &mut Parser<'_>, at: u32, name: &str, msg: &str) -> PResult<T> {
    p.error_at(at, format!("custom op '{name}' {msg}"))
}

fn state<'a>(p: &Parser<'a>, spec: &'static OpSpec) -> ParseState<'a> {
    ParseState::new(spec, p.tok.start)
}

fn operand_ref<'a>(p: &mut Parser<'a>) -> PResult<OperandRef<'a>> {
    let u = p.parse_operand_use()?;
    Ok(OperandRef {
        name: u.name,
        num: u.num,
        off: u.off,
    })
}

/// `%name`, refusing `%name#N`.
fn unnumbered_ref<'a>(p: &mut Parser<'a>) -> PResult<OperandRef<'a>> {
    if !p.is(Tok::PercentIdent) {
        return p.wrong_token("expected SSA operand");
    }
    let t = p.tok;
    p.bump();
    if p.is(Tok::HashIdent) {
        return p.error_here("result number not allowed in argument list");
    }
    Ok(OperandRef {
        name: p.text(t),
        num: 0,
        off: t.start,
    })
}

/// `^bb[(%a, %b : t1, t2)]` (MLIR's `parseSuccessorAndUseList`).
/// `numbered`: whether `%x#N` may appear (a switch's default operands
/// forbid it, as MLIR 22's parser does).
fn parse_dest<'a>(p: &mut Parser<'a>, numbered: bool) -> PResult<(Block, Uses<'a>)> {
    let b = p.parse_successor()?;
    let mut uses = (Vec::new(), Vec::new());
    if p.consume_if(Tok::LParen) {
        if p.is(Tok::PercentIdent) {
            loop {
                uses.0.push(if numbered {
                    operand_ref(p)?
                } else {
                    unnumbered_ref(p)?
                });
                if !p.consume_if(Tok::Comma) {
                    break;
                }
            }
        }
        p.expect(Tok::Colon, "expected ':'")?;
        uses.1 = p.parse_type_list()?;
        p.expect(Tok::RParen, "expected ')'")?;
    }
    Ok((b, uses))
}

fn set_group<'a>(st: &mut ParseState<'a>, i: usize, uses: Uses<'a>) {
    st.operands[i] = uses.0;
    st.operand_types[i] = Some(uses.1);
}

/// A trailing `{attrs}` into the state.
fn parse_attrs(p: &mut Parser<'_>, st: &mut ParseState<'_>) -> PResult<()> {
    if p.is(Tok::LBrace) {
        let d = p.parse_attr_dict()?;
        st.dict = p.ctx.dict_entries(d).to_vec();
    }
    Ok(())
}

fn finish<'a>(p: &mut Parser<'a>, st: ParseState<'a>, name: Ident, loc: Attr) -> PResult<Op> {
    let Some(ods) = p.ctx.registry.ods().get(&name).cloned() else {
        return p.error_here("op is not registered");
    };
    let op = build(p, &ods, st, name, loc)?;
    p.parse_trailing_loc_for(op)?;
    Ok(op)
}

fn condition<'a>(p: &mut Parser<'a>, st: &mut ParseState<'a>) -> PResult<()> {
    st.operands[0] = vec![operand_ref(p)?];
    st.operand_types[0] = Some(vec![p.ctx.i1()]);
    Ok(())
}

pub fn parse_br(p: &mut Parser<'_>, name: Ident, loc: Attr) -> PResult<Op> {
    let mut st = state(p, &BR);
    let (b, uses) = parse_dest(p, true)?;
    st.successors[0] = vec![b];
    set_group(&mut st, 0, uses);
    parse_attrs(p, &mut st)?;
    finish(p, st, name, loc)
}

pub fn parse_cond_br(p: &mut Parser<'_>, name: Ident, loc: Attr) -> PResult<Op> {
    let mut st = state(p, &COND_BR);
    condition(p, &mut st)?;
    if p.consume_kw("weights") {
        p.expect(Tok::LParen, "expected '('")?;
        let a = parse_i32_list(p, "cf.cond_br")?;
        st.attrs[0] = Some(a);
        p.expect(Tok::RParen, "expected ')'")?;
    }
    p.expect(Tok::Comma, "expected ','")?;
    let (t, tu) = parse_dest(p, true)?;
    p.expect(Tok::Comma, "expected ','")?;
    let (f, fu) = parse_dest(p, true)?;
    st.successors[0] = vec![t];
    st.successors[1] = vec![f];
    set_group(&mut st, 1, tu);
    set_group(&mut st, 2, fu);
    parse_attrs(p, &mut st)?;
    finish(p, st, name, loc)
}

/// `[1, 2]` as `array<i32: 1, 2>` (a `DenseI32ArrayAttr`'s custom form).
fn parse_i32_list(p: &mut Parser<'_>, name: &str) -> PResult<Attr> {
    p.expect(Tok::LSquare, "expected '['")?;
    let mut v = Vec::new();
    if !p.consume_if(Tok::RSquare) {
        loop {
            let at = p.tok.start;
            let x = parse_i64(p, name)?;
            match i32::try_from(x) {
                Ok(x) => v.push(x as u32 as usize),
                Err(_) => return custom_error(p, at, name, "integer value too large"),
            }
            if !p.consume_if(Tok::Comma) {
                break;
            }
        }
        p.expect(Tok::RSquare, "expected ']'")?;
    }
    Ok(i32_array(p.ctx, &v))
}

/// MLIR's `parseInteger<int64_t>`: `[-]` decimal or hex.
fn parse_i64(p: &mut Parser<'_>, name: &str) -> PResult<i64> {
    let start = p.tok.start;
    let neg = p.consume_if(Tok::Minus);
    if !matches!(p.tok.kind, Tok::Integer | Tok::HexInteger) {
        return custom_error(p, start, name, "expected integer value");
    }
    let text = p.cur_text();
    let mag = match text.strip_prefix("0x") {
        Some(h) => u128::from_str_radix(h, 16).ok(),
        None => text.parse::<u128>().ok(),
    };
    let v = mag.and_then(|m| {
        if neg {
            (m <= 1u128 << 63).then(|| (m as i128).wrapping_neg() as i64)
        } else {
            i64::try_from(m).ok()
        }
    });
    match v {
        Some(v) => {
            p.bump();
            Ok(v)
        }
        None => custom_error(p, start, name, "integer value too large"),
    }
}

pub fn parse_switch(p: &mut Parser<'_>, name: Ident, loc: Attr) -> PResult<Op> {
    let mut st = state(p, &SWITCH);
    st.operands[0] = vec![operand_ref(p)?];
    p.expect(Tok::Colon, "expected ':'")?;
    let ty_at = p.tok.start;
    let flag = p.parse_type()?;
    let TypeKind::Integer { width, .. } = *p.ctx.type_kind(flag) else {
        let found = xir::printer::type_to_string(p.ctx, flag);
        let msg = format!(
            "invalid kind of type specified: expected builtin.integer, but found '{found}'"
        );
        return custom_error(p, ty_at, "cf.switch", &msg);
    };
    st.operand_types[0] = Some(vec![flag]);
    p.expect(Tok::Comma, "expected ','")?;
    p.expect(Tok::LSquare, "expected '['")?;
    if !p.consume_kw("default") {
        let at = p.tok.start;
        return custom_error(p, at, "cf.switch", "expected 'default'");
    }
    p.expect(Tok::Colon, "expected ':'")?;
    let (d, du) = parse_dest(p, false)?;
    let mut succ = vec![d];
    let mut values: Vec<Int> = Vec::new();
    let mut seg = Vec::new();
    let mut case_uses: Uses = (Vec::new(), Vec::new());
    while p.consume_if(Tok::Comma) {
        let v = parse_i64(p, "cf.switch")?;
        values.push(Int::from_i128(v as i128, width));
        p.expect(Tok::Colon, "expected ':'")?;
        let (b, u) = parse_dest(p, true)?;
        succ.push(b);
        seg.push(u.0.len());
        case_uses.0.extend(u.0);
        case_uses.1.extend(u.1);
    }
    p.expect(Tok::RSquare, "expected ']'")?;
    set_group(&mut st, 1, du);
    set_group(&mut st, 2, case_uses);
    st.all_successors = Some(succ);
    if !values.is_empty() {
        let vty = p.ctx.intern_type(TypeKind::Vector {
            shape: vec![values.len() as i64],
            scalable: vec![false],
            element: flag,
        });
        let elems: Vec<_> = values
            .into_iter()
            .map(xir_arith::fold::elements::Scalar::Int)
            .collect();
        st.attrs[0] = xir_arith::fold::elements::dense_attr(p.ctx, vty, &elems);
    }
    st.attrs[1] = Some(i32_array(p.ctx, &seg));
    parse_attrs(p, &mut st)?;
    finish(p, st, name, loc)
}

pub fn parse_assert(p: &mut Parser<'_>, name: Ident, loc: Attr) -> PResult<Op> {
    let mut st = state(p, &ASSERT);
    condition(p, &mut st)?;
    p.expect(Tok::Comma, "expected ','")?;
    // MLIR parses the message as an attribute of type `none`.
    let at = p.tok.start;
    match p.tok.kind {
        Tok::Minus | Tok::Integer | Tok::HexInteger => {
            if p.consume_if(Tok::Minus) && !matches!(p.tok.kind, Tok::Integer | Tok::HexInteger) {
                return p.wrong_token("expected constant integer or floating point value");
            }
            let at = p.tok.start;
            return p.error_at(at, "integer literal not valid for specified type");
        }
        Tok::Float => return p.error_here("floating point value not valid for specified type"),
        _ => {}
    }
    let msg = p.parse_attribute(None)?;
    if !matches!(p.ctx.attr_kind(msg), AttrKind::String { .. }) {
        return p.error_at(at, "invalid kind of attribute specified");
    }
    st.attrs[0] = Some(msg);
    parse_attrs(p, &mut st)?;
    finish(p, st, name, loc)
}

// ---- printing ----

/// `^bb1(%a, %b : t1, t2)` (MLIR's `printSuccessorAndUseList`).
fn print_dest(p: &mut Printer<'_>, b: Block, vals: &[Value]) {
    p.print_block_name(b);
    if vals.is_empty() {
        return;
    }
    p.push('(');
    p.print_operands(vals.iter().copied());
    p.push_str(" : ");
    for (i, &v) in vals.iter().enumerate() {
        if i > 0 {
            p.push_str(", ");
        }
        p.print_type(p.ir.value_type(v));
    }
    p.push(')');
}

fn forwarded(p: &Printer<'_>, op: Op, i: usize) -> Vec<Value> {
    xir::branch::forwarded(p.ctx, p.ir, op, i).unwrap_or_default()
}

fn print_attrs(p: &mut Printer<'_>, op: Op, elided: &[&str]) {
    let entries = merged_attrs(p, op);
    let mut e = elided.to_vec();
    e.push("operandSegmentSizes");
    p.print_attr_dict(&entries, &e, false);
}

pub fn print_br(p: &mut Printer<'_>, op: Op) {
    p.print_op_name(op);
    if let Some(&b) = p.ir.successors(op).first() {
        p.push(' ');
        print_dest(p, b, &forwarded(p, op, 0));
    }
    print_attrs(p, op, &[]);
}

pub fn print_cond_br(p: &mut Printer<'_>, op: Op) {
    p.print_op_name(op);
    if p.ir.num_operands(op) > 0 {
        p.push(' ');
        p.print_operand(p.ir.operand(op, 0));
    }
    if let Some(w) = xir::symbol::op_attr(p.ctx, p.ir, op, "branch_weights") {
        if let AttrKind::DenseArray { values, .. } = p.ctx.attr_kind(w) {
            let s: Vec<String> = values
                .iter()
                .map(|&v| (v as u32 as i32).to_string())
                .collect();
            p.push_str(&format!(" weights([{}])", s.join(", ")));
        }
    }
    let succ = p.ir.successors(op).to_vec();
    for (i, &b) in succ.iter().enumerate().take(2) {
        p.push_str(", ");
        print_dest(p, b, &forwarded(p, op, i));
    }
    print_attrs(p, op, &["branch_weights"]);
}

pub fn print_switch(p: &mut Printer<'_>, op: Op) {
    p.print_op_name(op);
    if p.ir.num_operands(op) > 0 {
        let flag = p.ir.operand(op, 0);
        p.push(' ');
        p.print_operand(flag);
        p.push_str(" : ");
        p.print_type(p.ir.value_type(flag));
    }
    p.push_str(", [");
    p.print_newline();
    p.push_str("  default: ");
    let succ = p.ir.successors(op).to_vec();
    if let Some(&d) = succ.first() {
        print_dest(p, d, &forwarded(p, op, 0));
    }
    let has_values = xir::symbol::op_attr(p.ctx, p.ir, op, "case_values").is_some();
    if has_values {
        let values = case_values(p.ctx, p.ir, op);
        for (k, v) in values.iter().enumerate() {
            p.push(',');
            p.print_newline();
            p.push_str("  ");
            let limited = v
                .to_u128()
                .map_or(u64::MAX, |u| u.min(u64::MAX as u128) as u64);
            p.push_str(&limited.to_string());
            p.push_str(": ");
            if let Some(&b) = succ.get(k + 1) {
                print_dest(p, b, &forwarded(p, op, k + 1));
            }
        }
        p.print_newline();
    }
    p.push(']');
    print_attrs(p, op, &["case_values", "case_operand_segments"]);
}

pub fn print_assert(p: &mut Printer<'_>, op: Op) {
    p.print_op_name(op);
    if p.ir.num_operands(op) > 0 {
        p.push(' ');
        p.print_operand(p.ir.operand(op, 0));
    }
    p.push_str(", ");
    if let Some(m) = xir::symbol::op_attr(p.ctx, p.ir, op, "msg") {
        p.print_attr(m);
    }
    print_attrs(p, op, &["msg"]);
}
