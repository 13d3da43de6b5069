//! Operations, regions and blocks: the generic op form, the custom form of
//! `builtin.module`, and dispatch to custom op parsers registered in the context.

use super::locations::LocSpec;
use super::{Failed, PResult, Parser};
use crate::entity::{Attr, Block, Ident, Op, Region, Type, Value};
use crate::lexer::Tok;
use crate::store::OperationState;
use crate::{AttrKind, Diagnostic};
use smallvec::SmallVec;

/// An operand as written (`%name#num`), before its type is known.
#[derive(Copy, Clone)]
pub struct UnresolvedOperand<'a> {
    pub name: &'a str,
    pub num: u32,
    pub off: u32,
}

/// `%name:count` in a result list.
#[derive(Copy, Clone)]
struct ResultGroup<'a> {
    name: &'a str,
    count: u32,
    off: u32,
}

impl<'a> Parser<'a> {
    /// Parses one op (with its result bindings) and appends it to `block`.
    pub(crate) fn parse_operation(&mut self, block: Block) -> PResult<()> {
        let start = self.tok.start;
        let mut groups: SmallVec<[ResultGroup<'a>; 2]> = SmallVec::new();
        if self.is(Tok::PercentIdent) {
            loop {
                if !self.is(Tok::PercentIdent) {
                    return self.wrong_token("expected valid ssa identifier");
                }
                let t = self.tok;
                self.bump();
                let mut count = 1;
                if self.consume_if(Tok::Colon) {
                    if !self.is(Tok::Integer) {
                        return self.wrong_token("expected integer number of results");
                    }
                    count = match self.cur_text().parse::<u32>() {
                        Ok(n) if n >= 1 => n,
                        _ => {
                            return self
                                .error_here("expected named operation to have at least 1 result");
                        }
                    };
                    self.bump();
                }
                groups.push(ResultGroup {
                    name: self.text(t),
                    count,
                    off: t.start,
                });
                if !self.consume_if(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::Equal, "expected '=' after SSA name")?;
        }
        let op = match self.tok.kind {
            Tok::String => self.parse_generic_op()?,
            // MLIR lexes `i32`, `si8` and `ui16` as integer types, not identifiers.
            Tok::BareIdent if is_int_type_keyword(self.cur_text()) => {
                return self.wrong_token("expected operation name in quotes")
            }
            Tok::BareIdent => self.parse_custom_op()?,
            Tok::Error => return self.lex_error(),
            _ => return self.wrong_token("expected operation name in quotes"),
        };
        if !groups.is_empty() {
            let n = self.ir.results(op).len();
            let bound: u64 = groups.iter().map(|g| g.count as u64).sum();
            if n == 0 {
                return self.error_at(start, "cannot name an operation with no results");
            }
            if bound != n as u64 {
                return self.error_at(
                    start,
                    format!("operation defines {n} results but was provided {bound} to bind"),
                );
            }
            let mut i = 0;
            for g in groups {
                for k in 0..g.count {
                    let v = self.ir.result(op, i);
                    self.define_ssa(g.name, k, v, g.off)?;
                    i += 1;
                }
            }
        }
        self.ir.append_op(block, op);
        Ok(())
    }

    /// `"name"(operands)[successors] <props> (regions) {attrs} : fn-type loc(...)`.
    fn parse_generic_op(&mut self) -> PResult<Op> {
        let name_tok = self.tok;
        let name = self.parse_generic_op_name()?;
        let operands = self.parse_generic_operands()?;
        let successors = self.parse_generic_successors(name)?;
        let mut properties = None;
        if self.consume_if(Tok::Less) {
            properties = Some(self.parse_attribute(None)?);
            self.expect(Tok::Greater, "expected '>' to close properties")?;
        }
        let regions = self.parse_generic_regions()?;
        let attrs = if self.is(Tok::LBrace) {
            self.parse_attr_dict()?
        } else {
            self.ctx.empty_dict()
        };

        self.expect(Tok::Colon, "expected ':' followed by operation type")?;
        let ty_off = self.tok.start;
        let (inputs, results) = self.parse_generic_signature(ty_off)?;
        if inputs.len() != operands.len() {
            let n = operands.len();
            return self.error_at(
                ty_off,
                // mlir-opt writes a NUL byte where the plural's `s` would be.
                format!(
                    "expected {n} operand type{} but had {}",
                    if n == 1 { "\0" } else { "s" },
                    inputs.len()
                ),
            );
        }
        let mut values: Vec<Value> = Vec::with_capacity(operands.len());
        for (o, &t) in operands.iter().zip(inputs.iter()) {
            values.push(self.resolve_ssa_use(o.name, o.num, o.off, t)?);
        }

        let loc_spec = self.parse_optional_trailing_loc()?;
        let loc = match loc_spec {
            Some(LocSpec::Attr(a)) => a,
            _ => self.loc_at(name_tok.start),
        };
        let (properties, attrs) = self.move_inherent_attrs(name, properties, attrs);
        let (properties, attrs) = match self.ctx.registry.generic_props(name) {
            Some(convert) => match convert(self.ctx, name, properties, attrs) {
                Ok(pa) => pa,
                Err(msg) => return self.error_at(name_tok.start, msg),
            },
            None => (properties, attrs),
        };
        let op = self.ir.create_op(OperationState {
            name,
            operands: values,
            result_types: results,
            properties,
            attrs,
            num_regions: regions.len(),
            successors: successors.into_vec(),
            loc,
        });
        if let Some(LocSpec::Alias(alias, off)) = loc_spec {
            self.defer_op_loc(op, alias, off);
        }
        self.move_regions(op, &regions);
        Ok(op)
    }

    /// The quoted op name of the generic form; an op of an unknown dialect
    /// is an error unless unregistered dialects are allowed.
    fn parse_generic_op_name(&mut self) -> PResult<Ident> {
        let name_tok = self.tok;
        let bytes = self.string_contents(name_tok)?;
        if bytes.is_empty() {
            return self.error_at(name_tok.start, "empty operation name is invalid");
        }
        let name = self.ctx.ident_bytes(&bytes);
        self.bump();
        if !self.ctx.allow_unregistered && !self.ctx.is_registered_op(name) {
            let dialect = bytes.split(|&b| b == b'.').next().unwrap_or(&[]);
            let known = std::str::from_utf8(dialect)
                .ok()
                .is_some_and(|d| self.ctx.registry.dialect(d).is_some());
            if !known {
                return self.error_here(
                    "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used",
                );
            }
        }
        Ok(name)
    }

    /// `(%a, %b#1, ...)`, resolved once the types are known.
    fn parse_generic_operands(&mut self) -> PResult<SmallVec<[UnresolvedOperand<'a>; 4]>> {
        self.expect(Tok::LParen, "expected '(' to start operand list")?;
        let mut operands: SmallVec<[UnresolvedOperand<'a>; 4]> = SmallVec::new();
        if self.is(Tok::PercentIdent) {
            loop {
                operands.push(self.parse_operand_use()?);
                if !self.consume_if(Tok::Comma) {
                    break;
                }
            }
        }
        self.expect(Tok::RParen, "expected ')' to end operand list")?;
        Ok(operands)
    }

    /// The optional `[^bb1, ^bb2]`. Only an op that may be a terminator (one
    /// without a definition, or one with the trait) takes them.
    fn parse_generic_successors(&mut self, name: Ident) -> PResult<SmallVec<[Block; 2]>> {
        let mut successors: SmallVec<[Block; 2]> = SmallVec::new();
        if self.is(Tok::LSquare)
            && self.ctx.registry.op_def(name).is_some()
            && !self
                .ctx
                .op_traits(name)
                .contains(crate::dialect::Traits::TERMINATOR)
        {
            return self.error_here("successors in non-terminator");
        }
        if self.consume_if(Tok::LSquare) {
            loop {
                successors.push(self.parse_successor()?);
                if !self.consume_if(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RSquare, "expected ',' or ']'")?;
        }
        Ok(successors)
    }

    /// The optional `({...}, {...})`.
    fn parse_generic_regions(&mut self) -> PResult<SmallVec<[Region; 1]>> {
        // Like mlir-opt, names stay visible inside isolated-from-above ops; the
        // verifier reports uses of outer values ("using value defined outside the
        // region"). Only custom parsers that shadow names ask for a fresh scope.
        let isolated = false;
        let mut regions: SmallVec<[Region; 1]> = SmallVec::new();
        if self.consume_if(Tok::LParen) {
            loop {
                let r = self.ir.create_region();
                self.parse_region(r, isolated, &[])?;
                regions.push(r);
                if !self.consume_if(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RParen, "expected ')' to end region list")?;
        }
        Ok(regions)
    }

    /// The `(inputs) -> results` of the generic form, at `ty_off`. Read
    /// straight into lists: no function type is interned.
    fn parse_generic_signature(
        &mut self,
        ty_off: u32,
    ) -> PResult<(SmallVec<[Type; 4]>, Vec<Type>)> {
        if !self.is(Tok::LParen) {
            self.parse_type()?;
            return self.error_at(ty_off, "expected function type");
        }
        self.enter()?;
        self.bump();
        let mut inputs: SmallVec<[Type; 4]> = SmallVec::new();
        if !self.consume_if(Tok::RParen) {
            loop {
                inputs.push(self.parse_type()?);
                if !self.consume_if(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RParen, "expected ')'")?;
        }
        self.expect(Tok::Arrow, "expected '->' in function type")?;
        let mut results: Vec<Type> = Vec::new();
        if self.consume_if(Tok::LParen) {
            if !self.consume_if(Tok::RParen) {
                loop {
                    results.push(self.parse_type()?);
                    if !self.consume_if(Tok::Comma) {
                        break;
                    }
                }
                self.expect(Tok::RParen, "expected ')'")?;
            }
        } else {
            results.push(self.parse_non_function_type()?);
        }
        self.exit();
        Ok((inputs, results))
    }

    /// `builtin.module` keeps `sym_name` / `sym_visibility` as properties, also when
    /// they are written in the attribute dictionary of the generic form.
    fn move_inherent_attrs(
        &mut self,
        name: Ident,
        properties: Option<Attr>,
        attrs: Attr,
    ) -> (Option<Attr>, Attr) {
        if self.ctx.str(name) != "builtin.module" {
            return (properties, attrs);
        }
        let entries = self.ctx.dict_entries(attrs).to_vec();
        let (inherent, rest): (Vec<_>, Vec<_>) = entries.into_iter().partition(|(k, _)| {
            let k = self.ctx.str(*k);
            k == "sym_name" || k == "sym_visibility"
        });
        if inherent.is_empty() {
            return (properties, attrs);
        }
        let mut props = properties
            .map(|p| self.ctx.dict_entries(p).to_vec())
            .unwrap_or_default();
        props.extend(inherent);
        let props = self.ctx.dictionary(props);
        let rest = self.ctx.dictionary(rest);
        (Some(props), rest)
    }

    /// Moves the blocks of parsed standalone regions into the op's regions.
    pub(crate) fn move_regions(&mut self, op: Op, parsed: &[Region]) {
        for (i, &src) in parsed.iter().enumerate() {
            let dst = self.ir.regions(op)[i];
            self.ir.take_body(dst, src);
        }
    }

    /// `%name` or `%name#N`.
    pub fn parse_operand_use(&mut self) -> PResult<UnresolvedOperand<'a>> {
        if !self.is(Tok::PercentIdent) {
            return self.wrong_token("expected SSA operand");
        }
        let t = self.tok;
        self.bump();
        let mut num = 0;
        if self.is(Tok::HashIdent) {
            let s = &self.cur_text()[1..];
            num = match s.parse::<u32>() {
                Ok(n) => n,
                Err(_) => return self.error_here("invalid SSA value result number"),
            };
            self.bump();
        }
        Ok(UnresolvedOperand {
            name: self.text(t),
            num,
            off: t.start,
        })
    }

    pub fn parse_successor(&mut self) -> PResult<Block> {
        if !self.is(Tok::CaretIdent) {
            return self.wrong_token("expected block name");
        }
        let t = self.tok;
        self.bump();
        self.block_ref(self.text(t), t.start)
    }

    /// `{ ops ^bb1(%a: t): ops ... }` into `region`. `entry_args` are pre-declared
    /// entry block arguments (for custom op forms that name them outside).
    pub fn parse_region(
        &mut self,
        region: Region,
        isolated: bool,
        entry_args: &[(&'a str, u32, Type, Option<Attr>)],
    ) -> PResult<()> {
        if !self.is(Tok::LBrace) {
            return self.wrong_token("expected '{' to begin a region");
        }
        self.enter()?;
        self.bump();
        if isolated {
            self.ssa.push_isolated();
        } else {
            self.ssa.push_level();
        }
        self.ssa.push_blocks(region);
        let res = self.parse_region_body(region, entry_args);
        self.ssa.pop_level();
        let res = res.and_then(|_| self.pop_blocks());
        self.exit();
        res
    }

    fn parse_region_body(
        &mut self,
        region: Region,
        entry_args: &[(&'a str, u32, Type, Option<Attr>)],
    ) -> PResult<()> {
        if self.is(Tok::RBrace) && entry_args.is_empty() {
            self.bump();
            return Ok(());
        }
        if self.is(Tok::CaretIdent) && !entry_args.is_empty() {
            return self.error_here("invalid block name in region with named arguments");
        }
        let mut block = if self.is(Tok::CaretIdent) {
            self.parse_block_header()?
        } else {
            let b = self.ir.create_block();
            self.ir.append_block(region, b);
            for &(name, off, ty, loc) in entry_args {
                let loc = loc.unwrap_or_else(|| self.loc_at(off));
                let v = self.ir.add_block_arg(b, ty, Some(loc));
                self.define_ssa(name, 0, v, off)?;
            }
            b
        };
        loop {
            match self.tok.kind {
                Tok::RBrace => {
                    self.bump();
                    return Ok(());
                }
                Tok::CaretIdent => block = self.parse_block_header()?,
                Tok::Eof => return self.wrong_token("expected '}' to end region"),
                _ => self.parse_operation(block)?,
            }
        }
    }

    /// `^name(%a: t loc(...), ...):`
    fn parse_block_header(&mut self) -> PResult<Block> {
        let t = self.tok;
        self.bump();
        let block = self.define_block(self.text(t), t.start)?;
        if self.consume_if(Tok::LParen) && !self.consume_if(Tok::RParen) {
            loop {
                if !self.is(Tok::PercentIdent) {
                    return self.wrong_token("expected SSA operand");
                }
                let at = self.tok;
                self.bump();
                if !self.consume_if(Tok::Colon) {
                    return self.wrong_token("expected ':' and type for SSA operand");
                }
                let ty = self.parse_type()?;
                let spec = self.parse_optional_trailing_loc()?;
                let loc = match spec {
                    Some(LocSpec::Attr(a)) => a,
                    _ => self.loc_at(at.start),
                };
                let v = self.ir.add_block_arg(block, ty, Some(loc));
                if let Some(LocSpec::Alias(alias, off)) = spec {
                    self.defer_arg_loc(v, alias, off);
                }
                self.define_ssa(self.text(at), 0, v, at.start)?;
                if !self.consume_if(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RParen, "expected ')'")?;
        }
        self.expect(Tok::Colon, "expected ':' after block name")?;
        Ok(block)
    }

    /// A custom-form op: `module`, or one with a parser registered in the context.
    fn parse_custom_op(&mut self) -> PResult<Op> {
        let t = self.tok;
        let text = self.cur_text();
        if text == "module" || text == "builtin.module" {
            self.bump();
            return self.parse_module(t.start);
        }
        let dd = self.default_dialect.last().copied().unwrap_or("builtin");
        // One lookup of the op's record gives its parser and its printer's default
        // dialect (for the ops inside its regions).
        fn custom(ctx: &crate::Context, name: Ident) -> Option<(super::OpParseFn, &'static str)> {
            let def = ctx.registry.op_def(name)?;
            let &super::OpParser(parse) = def.interfaces.get()?;
            let inner = def.interfaces.get::<crate::printer::CustomPrinter>();
            Some((parse, inner.map_or("", |p| p.default_dialect)))
        }
        let mut name = self.ctx.ident(text);
        let mut hook = custom(self.ctx, name);
        if hook.is_none() && !text.contains('.') && !dd.is_empty() {
            name = self.ctx.ident(&format!("{dd}.{text}"));
            hook = custom(self.ctx, name);
        }
        if let Some((hook, inner)) = hook {
            self.bump();
            let loc = self.loc_at(t.start);
            self.default_dialect.push(inner);
            let res = hook(self, name, loc);
            self.default_dialect.pop();
            return res;
        }
        match text.split_once('.') {
            Some((dialect, _)) if self.ctx.registry.dialect(dialect).is_none() => {
                let mut names: Vec<&str> = self
                    .ctx
                    .registry
                    .dialects()
                    .iter()
                    .map(|d| d.name)
                    .collect();
                names.sort_unstable();
                let loc = self.loc_at(t.start);
                let d = Diagnostic::error(
                    loc,
                    format!("Dialect `{dialect}' not found for custom op '{text}' "),
                )
                .with_note(
                    loc,
                    format!(
                        "Available dialects: {} ; for more info on dialect registration see https://mlir.llvm.org/getting_started/Faq/#registered-loaded-dependent-whats-up-with-dialects-management",
                        names.join(", ")
                    ),
                );
                self.emit(d);
                Err(Failed)
            }
            Some(_) => self.error_at(t.start, format!("custom op '{text}' is unknown")),
            None => self.error_at(
                t.start,
                format!("custom op '{text}' is unknown (tried '{dd}.{text}' as well)"),
            ),
        }
    }

    /// `module [@name] [attributes {...}] { ... } [loc(...)]`
    fn parse_module(&mut self, start: u32) -> PResult<Op> {
        let mut props = Vec::new();
        if matches!(self.tok.kind, Tok::AtIdent | Tok::AtString) {
            let name = self.parse_symbol_name()?;
            let k = self.ctx.ident("sym_name");
            let v = self.ctx.intern_attr(AttrKind::String {
                value: name.into(),
                ty: self.ctx.none_type(),
            });
            props.push((k, v));
        }
        let mut attrs = self.ctx.empty_dict();
        if self.consume_kw("attributes") {
            attrs = self.parse_attr_dict()?;
        }
        let r = self.ir.create_region();
        self.parse_region(r, false, &[])?;
        if self.ir.region_is_empty(r) {
            let b = self.ir.create_block();
            self.ir.append_block(r, b);
        }
        let spec = self.parse_optional_trailing_loc()?;
        let loc = match spec {
            Some(LocSpec::Attr(a)) => a,
            _ => self.loc_at(start),
        };
        let name = self.ctx.ident("builtin.module");
        let properties = if props.is_empty() {
            None
        } else {
            Some(self.ctx.dictionary(props))
        };
        let (properties, attrs) = self.move_inherent_attrs(name, properties, attrs);
        let op = self.ir.create_op(OperationState {
            name,
            operands: Vec::new(),
            result_types: Vec::new(),
            properties,
            attrs,
            num_regions: 1,
            successors: Vec::new(),
            loc,
        });
        if let Some(LocSpec::Alias(alias, off)) = spec {
            self.defer_op_loc(op, alias, off);
        }
        self.move_regions(op, &[r]);
        Ok(op)
    }
}

/// `[su]?i[0-9]+`: what MLIR's lexer takes for an integer type.
fn is_int_type_keyword(s: &str) -> bool {
    let digits = s
        .strip_prefix("si")
        .or_else(|| s.strip_prefix("ui"))
        .or_else(|| s.strip_prefix('i'));
    digits.is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
}
