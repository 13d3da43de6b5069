//! Parsing an op's custom form by interpreting its compiled assembly format.

use super::format::{Elem, Node, TypeArg};
use super::spec::{Arity, AttrForm, OpSpec};
use super::table::OdsOp;
use crate::attributes::AttrKind;
use crate::entity::{Attr, Block, Ident, Op, Region, Type, Value};
use crate::lexer::Tok;
use crate::parser::{PResult, Parser};
use crate::store::OperationState;
use crate::types::TypeKind;

pub use super::spec::{OperandRef, ParseState};

/// Whether the current token can start a type.
pub fn starts_type(p: &Parser<'_>) -> bool {
    match p.tok.kind {
        Tok::ExclIdent | Tok::LParen => true,
        Tok::BareIdent => {
            let t = p.cur_text();
            matches!(
                t,
                "index"
                    | "none"
                    | "bf16"
                    | "tf32"
                    | "tensor"
                    | "memref"
                    | "vector"
                    | "complex"
                    | "tuple"
            ) || t.starts_with('f') && t[1..].bytes().next().is_some_and(|c| c.is_ascii_digit())
                || ["i", "si", "ui"].iter().any(|pre| {
                    t.strip_prefix(pre)
                        .is_some_and(|r| !r.is_empty() && r.bytes().all(|c| c.is_ascii_digit()))
                })
        }
        _ => false,
    }
}

fn starts_attr(p: &Parser<'_>) -> bool {
    matches!(
        p.tok.kind,
        Tok::HashIdent
            | Tok::LSquare
            | Tok::LBrace
            | Tok::String
            | Tok::Integer
            | Tok::HexInteger
            | Tok::Float
            | Tok::Minus
            | Tok::AtIdent
            | Tok::AtString
            | Tok::ExclIdent
    ) || p.tok.kind == Tok::BareIdent
}

fn literal_is(p: &Parser<'_>, lit: &str) -> bool {
    p.tok.kind != Tok::String && p.tok.kind != Tok::Eof && p.cur_text() == lit
}

/// The hook installed for every op with a format.
pub fn parse_op(p: &mut Parser<'_>, name: Ident, loc: Attr) -> PResult<Op> {
    let Some(ods) = p.ctx.registry.ods().get(&name).cloned() else {
        return p.error_here("op has no assembly format");
    };
    let Some(format) = ods.format.as_ref() else {
        return p.error_here("op has no assembly format");
    };
    let start = p.tok.start;
    let mut st = ParseState::new(ods.spec, start);
    parse_elems(p, &ods, &mut st, &format.elems)?;
    let op = build(p, &ods, st, name, loc)?;
    p.parse_trailing_loc_for(op)?;
    Ok(op)
}

fn parse_elems<'a>(
    p: &mut Parser<'a>,
    ods: &OdsOp,
    st: &mut ParseState<'a>,
    elems: &[Node],
) -> PResult<()> {
    for n in elems {
        parse_elem(p, ods, st, &n.elem)?;
    }
    Ok(())
}

/// Whether the first element of an optional group is present.
fn present(p: &Parser<'_>, ods: &OdsOp, e: &Elem) -> bool {
    let spec = ods.spec;
    match e {
        Elem::Literal(l) => literal_is(p, l),
        Elem::Operand(_) | Elem::AllOperands => p.is(Tok::PercentIdent),
        Elem::Region(_) | Elem::AllRegions => p.is(Tok::LBrace),
        Elem::Successor(_) | Elem::AllSuccessors => p.is(Tok::CaretIdent),
        Elem::Type { .. } | Elem::Functional(..) => starts_type(p),
        Elem::Attr(i) => match spec.attrs[*i].constraint.form {
            AttrForm::SymbolName | AttrForm::SymbolRef => {
                matches!(p.tok.kind, Tok::AtIdent | Tok::AtString)
            }
            AttrForm::Keyword => matches!(p.tok.kind, Tok::BareIdent | Tok::String),
            AttrForm::TypeAttr => starts_type(p),
            AttrForm::WithoutType => {
                matches!(
                    p.tok.kind,
                    Tok::Integer | Tok::HexInteger | Tok::Float | Tok::Minus
                ) || p.is_kw("true")
                    || p.is_kw("false")
            }
            AttrForm::Generic => starts_attr(p),
            AttrForm::Enum(e) => e.starts(p),
        },
        Elem::Custom { index, .. } => spec.custom[*index].starts.is_some_and(|f| f(p)),
        Elem::AttrDict { keyword } => {
            if *keyword {
                p.is_kw("attributes")
            } else {
                p.is(Tok::LBrace)
            }
        }
        Elem::Space(_) | Elem::Optional { .. } => false,
    }
}

fn parse_elem<'a>(
    p: &mut Parser<'a>,
    ods: &OdsOp,
    st: &mut ParseState<'a>,
    e: &Elem,
) -> PResult<()> {
    let spec = ods.spec;
    match e {
        Elem::Literal(l) => {
            if !literal_is(p, l) {
                return p.wrong_token(format!("expected '{l}'"));
            }
            p.bump();
        }
        Elem::Space(_) => {}
        Elem::Operand(i) => {
            let arity = spec.operands[*i].arity;
            let list = parse_operand_group(p, arity)?;
            st.operands[*i] = list;
        }
        Elem::AllOperands => {
            let list = parse_operand_group(p, Arity::Variadic)?;
            st.all_operands = Some(list);
        }
        Elem::Attr(i) => {
            let a = parse_attr(p, spec, *i)?;
            st.attrs[*i] = Some(a);
        }
        Elem::Region(i) => {
            let isolated = spec
                .traits
                .contains(crate::dialect::Traits::ISOLATED_FROM_ABOVE);
            if spec.regions[*i].variadic {
                st.regions[*i] = parse_region_list(p, isolated)?;
            } else {
                let r = p.ir.create_region();
                p.parse_region(r, isolated, &[])?;
                st.regions[*i] = vec![r];
            }
        }
        Elem::AllRegions => {
            let isolated = spec
                .traits
                .contains(crate::dialect::Traits::ISOLATED_FROM_ABOVE);
            st.all_regions = Some(parse_region_list(p, isolated)?);
        }
        Elem::Successor(i) => {
            if spec.successors[*i].variadic {
                st.successors[*i] = parse_successor_list(p)?;
            } else {
                st.successors[*i] = vec![parse_successor(p)?];
            }
        }
        Elem::AllSuccessors => st.all_successors = Some(parse_successor_list(p)?),
        Elem::AttrDict { keyword } => {
            let dict = if *keyword {
                if p.consume_kw("attributes") {
                    Some(p.parse_attr_dict()?)
                } else {
                    None
                }
            } else if p.is(Tok::LBrace) {
                Some(p.parse_attr_dict()?)
            } else {
                None
            };
            if let Some(d) = dict {
                for &(k, v) in p.ctx.dict_entries(d) {
                    match spec.attr_index(p.ctx.str(k)) {
                        Some(i) => st.attrs[i] = Some(v),
                        None => st.dict.push((k, v)),
                    }
                }
            }
        }
        Elem::Type { arg, .. } => {
            let types = match arg {
                TypeArg::Operand(i) => parse_types(p, spec.operands[*i].arity)?,
                TypeArg::Result(i) => parse_types(p, spec.results[*i].arity)?,
                TypeArg::AllOperands | TypeArg::AllResults => parse_types(p, Arity::Variadic)?,
            };
            set_types(st, *arg, types);
        }
        Elem::Functional(a, b) => {
            let t = p.parse_type()?;
            let (ins, outs) = match p.ctx.type_kind(t) {
                TypeKind::Function { inputs, results } => (inputs.clone(), results.clone()),
                _ => return p.error_here("invalid kind of type specified"),
            };
            set_types(st, *a, ins);
            set_types(st, *b, outs);
        }
        Elem::Optional {
            then,
            els,
            anchor,
            elided_anchor,
        } => {
            let first = &then[0].elem;
            if present(p, ods, first) {
                for n in then {
                    if !(*elided_anchor && n.elem == **anchor) {
                        parse_elem(p, ods, st, &n.elem)?;
                    }
                }
                if *elided_anchor {
                    if let Elem::Attr(i) = **anchor {
                        st.attrs[i] = Some(p.ctx.unit_attr());
                    }
                }
            } else {
                parse_elems(p, ods, st, els)?;
            }
        }
        Elem::Custom { index, args } => {
            let c = spec.custom[*index];
            (c.parse)(p, st, args)?;
        }
    }
    Ok(())
}

fn set_types(st: &mut ParseState<'_>, arg: TypeArg, types: Vec<Type>) {
    match arg {
        TypeArg::Operand(i) => st.operand_types[i] = Some(types),
        TypeArg::Result(i) => st.result_types[i] = Some(types),
        TypeArg::AllOperands => st.all_operand_types = Some(types),
        TypeArg::AllResults => st.all_result_types = Some(types),
    }
}

fn parse_operand_group<'a>(p: &mut Parser<'a>, arity: Arity) -> PResult<Vec<OperandRef<'a>>> {
    let mut v = Vec::new();
    if arity != Arity::Single && !p.is(Tok::PercentIdent) {
        return Ok(v);
    }
    loop {
        let u = p.parse_operand_use()?;
        v.push(OperandRef {
            name: u.name,
            num: u.num,
            off: u.off,
        });
        if arity != Arity::Variadic || !p.consume_if(Tok::Comma) {
            return Ok(v);
        }
    }
}

fn parse_types(p: &mut Parser<'_>, arity: Arity) -> PResult<Vec<Type>> {
    match arity {
        Arity::Single => Ok(vec![p.parse_type()?]),
        Arity::Optional => Ok(if starts_type(p) {
            vec![p.parse_type()?]
        } else {
            Vec::new()
        }),
        Arity::Variadic => {
            let mut v = vec![p.parse_type()?];
            while p.consume_if(Tok::Comma) {
                v.push(p.parse_type()?);
            }
            Ok(v)
        }
    }
}

fn parse_region_list(p: &mut Parser<'_>, isolated: bool) -> PResult<Vec<Region>> {
    let mut v = Vec::new();
    if !p.is(Tok::LBrace) {
        return Ok(v);
    }
    loop {
        let r = p.ir.create_region();
        p.parse_region(r, isolated, &[])?;
        v.push(r);
        if !p.consume_if(Tok::Comma) {
            return Ok(v);
        }
    }
}

fn parse_successor(p: &mut Parser<'_>) -> PResult<Block> {
    if !p.is(Tok::CaretIdent) {
        return p.wrong_token("expected block name");
    }
    let t = p.tok;
    p.bump();
    let name = p.text(t);
    p.block_ref(name, t.start)
}

fn parse_successor_list(p: &mut Parser<'_>) -> PResult<Vec<Block>> {
    let mut v = Vec::new();
    if !p.is(Tok::CaretIdent) {
        return Ok(v);
    }
    loop {
        v.push(parse_successor(p)?);
        if !p.consume_if(Tok::Comma) {
            return Ok(v);
        }
    }
}

/// `$attr` in the syntax its constraint gives it.
pub fn parse_attr(p: &mut Parser<'_>, spec: &OpSpec, i: usize) -> PResult<Attr> {
    let c = spec.attrs[i].constraint;
    match c.form {
        AttrForm::SymbolName => {
            if !matches!(p.tok.kind, Tok::AtIdent | Tok::AtString) {
                return p.wrong_token("expected valid '@'-identifier for symbol name");
            }
            let name = p.parse_symbol_name()?;
            let ty = p.ctx.none_type();
            Ok(p.ctx.intern_attr(AttrKind::String {
                value: name.into(),
                ty,
            }))
        }
        AttrForm::TypeAttr => {
            let t = p.parse_type()?;
            Ok(p.ctx.type_attr(t))
        }
        AttrForm::Keyword => match p.tok.kind {
            Tok::BareIdent => {
                let s = p.cur_text();
                p.bump();
                Ok(p.ctx.string_attr(s))
            }
            Tok::String => {
                let t = p.tok;
                let bytes = p.decode_string(t)?;
                p.bump();
                let ty = p.ctx.none_type();
                Ok(p.ctx.intern_attr(AttrKind::String {
                    value: bytes.into(),
                    ty,
                }))
            }
            _ => p.wrong_token("expected keyword or string"),
        },
        AttrForm::WithoutType => {
            let ty = match c.value_type {
                Some(f) => f(p.ctx),
                None => p.ctx.i64(),
            };
            if p.is_kw("true") || p.is_kw("false") {
                let v = p.is_kw("true");
                p.bump();
                return Ok(p.ctx.intern_attr(AttrKind::Integer {
                    ty,
                    value: (v as i64).into(),
                }));
            }
            let lit = p.parse_num_lit()?;
            p.number_attr_of_type(lit, ty)
        }
        AttrForm::Enum(e) => e.parse(p, spec.name, spec.attrs[i].name),
        AttrForm::SymbolRef | AttrForm::Generic => {
            let off = p.tok.start;
            let a = p.parse_attribute(None)?;
            if !(c.storage)(p.ctx, a) {
                let msg = format!(
                    "custom op '{}' invalid kind of attribute specified",
                    spec.name
                );
                return p.error_at(off, msg);
            }
            Ok(a)
        }
    }
}

/// Creates the op from a finished parse: types are completed from the type
/// relations, operands resolved, properties assembled.
pub fn build<'a>(
    p: &mut Parser<'a>,
    ods: &OdsOp,
    mut st: ParseState<'a>,
    name: Ident,
    loc: Attr,
) -> PResult<Op> {
    let spec = ods.spec;
    // Operand groups from `operands`.
    if let Some(all) = st.all_operands.take() {
        distribute(&mut st.operands, spec.operands, all);
    }
    let counts: Vec<usize> = st.operands.iter().map(|g| g.len()).collect();
    if let Some(all) = st.all_operand_types.take() {
        let groups = split_by_counts(&counts, all.clone());
        match groups {
            Some(g) => {
                for (i, t) in g.into_iter().enumerate() {
                    st.operand_types[i] = Some(t);
                }
            }
            None => {
                let n = counts.iter().sum::<usize>();
                return p.error_at(
                    st.start,
                    format!("{n} operands present, but expected {}", all.len()),
                );
            }
        }
    }
    if let Some(all) = st.all_result_types.take() {
        let mut groups: Vec<Vec<Type>> = vec![Vec::new(); spec.results.len()];
        distribute(&mut groups, spec.results, all);
        for (i, g) in groups.into_iter().enumerate() {
            st.result_types[i] = Some(g);
        }
    }
    check_inference_sources(p, spec, &st, name, loc)?;
    infer_types(p, spec, &mut st);
    // Resolve operands.
    let mut operands: Vec<Value> = Vec::new();
    for (i, group) in st.operands.iter().enumerate() {
        let types = match &st.operand_types[i] {
            Some(t) => t.clone(),
            None if group.is_empty() => Vec::new(),
            None => {
                return p.error_at(
                    st.start,
                    format!(
                        "type of operand '{}' cannot be inferred",
                        spec.operands[i].name
                    ),
                )
            }
        };
        if types.len() != group.len() {
            return p.error_at(
                st.start,
                format!(
                    "{} operands present, but expected {}",
                    group.len(),
                    types.len()
                ),
            );
        }
        for (o, t) in group.iter().zip(types) {
            operands.push(p.resolve_ssa_use(o.name, o.num, o.off, t)?);
        }
    }
    let mut result_types = Vec::new();
    for (i, r) in spec.results.iter().enumerate() {
        match &st.result_types[i] {
            Some(t) => result_types.extend_from_slice(t),
            None if r.arity != Arity::Single => {}
            None => {
                return p.error_at(
                    st.start,
                    format!("type of result '{}' cannot be inferred", r.name),
                )
            }
        }
    }
    // Properties.
    let mut props: Vec<(Ident, Attr)> = Vec::new();
    for (i, a) in st.attrs.iter().enumerate() {
        if let Some(a) = a {
            let k = p.ctx.ident(spec.attrs[i].name);
            props.push((k, *a));
        }
    }
    for d in spec.defaults {
        if !props.iter().any(|(k, _)| p.ctx.str(*k) == d.name) {
            let (k, v) = (p.ctx.ident(d.name), (d.value)(p.ctx));
            props.push((k, v));
        }
    }
    if spec.has_operand_segments() {
        let k = p.ctx.ident("operandSegmentSizes");
        let v = super::access::segment_attr(p.ctx, &counts);
        props.push((k, v));
    }
    let regions: Vec<Region> = match st.all_regions.take() {
        Some(r) => r,
        None => st.regions.iter().flatten().copied().collect(),
    };
    let successors: Vec<Block> = match st.all_successors.take() {
        Some(s) => s,
        None => st.successors.iter().flatten().copied().collect(),
    };
    let properties = Some(p.ctx.dictionary(props));
    let attrs = p.ctx.dictionary(std::mem::take(&mut st.dict));
    let op = p.ir.create_op(OperationState {
        name,
        operands,
        result_types,
        properties,
        attrs,
        num_regions: regions.len(),
        successors,
        loc,
    });
    p.move_regions(op, &regions);
    Ok(op)
}

/// Gives each group its share of `all`: single groups one, the variable group the rest.
fn distribute<T: Clone>(groups: &mut [Vec<T>], specs: &[super::spec::ValueSpec], all: Vec<T>) {
    let fixed = specs.iter().filter(|s| s.arity == Arity::Single).count();
    let var = all.len().saturating_sub(fixed);
    let mut it = all.into_iter();
    for (g, s) in groups.iter_mut().zip(specs) {
        let n = if s.arity == Arity::Single { 1 } else { var };
        *g = it.by_ref().take(n).collect();
    }
}

fn split_by_counts(counts: &[usize], all: Vec<Type>) -> Option<Vec<Vec<Type>>> {
    if counts.iter().sum::<usize>() != all.len() {
        return None;
    }
    let mut it = all.into_iter();
    Some(
        counts
            .iter()
            .map(|&n| it.by_ref().take(n).collect())
            .collect(),
    )
}

/// The types other types are computed from must satisfy their constraints first
/// (ODS checks them in the parser, before resolving operands).
fn check_inference_sources(
    p: &mut Parser<'_>,
    spec: &OpSpec,
    st: &ParseState<'_>,
    name: Ident,
    loc: Attr,
) -> PResult<()> {
    for &source in spec.parse_checked {
        let Some(i) = spec.operand_index(source) else {
            continue;
        };
        let g = &spec.operands[i];
        for &t in st.operand_types[i].iter().flatten() {
            if !(g.ty.check)(p.ctx, t) {
                let msg = format!(
                    "custom op '{}' '{source}' must be {}, but got '{}'",
                    p.ctx.str(name),
                    g.ty.desc,
                    p.type_str(t)
                );
                p.emit(crate::diag::Diagnostic::error(loc, msg));
                return Err(crate::parser::Failed);
            }
        }
    }
    Ok(())
}

/// Fills unknown types from `AllTypesMatch` groups, `SameOperandsAndResultType`
/// and `TypesMatchWith` rules.
fn infer_types(p: &mut Parser<'_>, spec: &OpSpec, st: &mut ParseState<'_>) {
    let attr_types: Vec<Option<Type>> = st
        .attrs
        .iter()
        .map(|a| a.and_then(|a| super::access::attr_type(p.ctx, a)))
        .collect();
    let get = |st: &ParseState<'_>, name: &str| -> Option<Vec<Type>> {
        if let Some(i) = spec.operand_index(name) {
            return st.operand_types[i].clone();
        }
        if let Some(i) = spec.attr_index(name) {
            return attr_types[i].map(|t| vec![t]);
        }
        spec.result_index(name)
            .and_then(|i| st.result_types[i].clone())
    };
    let set = |st: &mut ParseState<'_>, name: &str, t: Vec<Type>| {
        if let Some(i) = spec.operand_index(name) {
            if st.operand_types[i].is_none() {
                st.operand_types[i] = Some(t);
            }
        } else if let Some(i) = spec.result_index(name) {
            if st.result_types[i].is_none() {
                st.result_types[i] = Some(t);
            }
        }
    };
    for group in spec.same_types {
        let known = group
            .iter()
            .find_map(|n| get(st, n))
            .and_then(|v| v.first().copied());
        if let Some(t) = known {
            for n in group.iter() {
                let count = spec
                    .operand_index(n)
                    .map(|i| st.operands[i].len())
                    .unwrap_or(1);
                set(st, n, vec![t; count]);
            }
        }
    }
    if spec
        .traits
        .contains(crate::dialect::Traits::SAME_OPERANDS_AND_RESULT_TYPE)
    {
        let known = st
            .operand_types
            .iter()
            .chain(st.result_types.iter())
            .flatten()
            .find_map(|v| v.first().copied());
        if let Some(t) = known {
            for i in 0..spec.operands.len() {
                if st.operand_types[i].is_none() {
                    st.operand_types[i] = Some(vec![t; st.operands[i].len()]);
                }
            }
            for i in 0..spec.results.len() {
                if st.result_types[i].is_none() {
                    st.result_types[i] = Some(vec![t]);
                }
            }
        }
    }
    for rule in spec.type_rules {
        if let Some(t) = get(st, rule.lhs).and_then(|v| v.first().copied()) {
            if let Some(ts) = (rule.infer)(p.ctx, t) {
                set(st, rule.rhs, ts);
            }
        }
    }
    for (i, o) in spec.operands.iter().enumerate() {
        if let (None, Some(build)) = (&st.operand_types[i], o.ty.buildable) {
            let t = build(p.ctx);
            st.operand_types[i] = Some(vec![t; st.operands[i].len()]);
        }
    }
}
