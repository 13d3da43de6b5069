//! Locations: `loc(...)` in all of MLIR's forms, with the normalisations mlir-opt
//! applies at construction, and `#loc` aliases that may be defined after their use.

use super::{PResult, Parser};
use crate::entity::{Attr, Ident, Op, Value};
use crate::lexer::Tok;
use crate::{AttrKind, Context, Location};

/// A trailing `loc(...)`: a location, or a `#alias` not defined yet.
pub(crate) enum LocSpec<'a> {
    Attr(Attr),
    Alias(&'a str, u32),
}

pub(crate) enum LocTarget {
    Op(Op),
    Arg(Value),
}

pub(crate) struct DeferredLoc<'a> {
    target: LocTarget,
    alias: &'a str,
    off: u32,
}

impl<'a> Parser<'a> {
    /// Parses an optional trailing `loc(...)` and sets it on `op`; custom op parsers
    /// call this last.
    pub fn parse_trailing_loc_for(&mut self, op: Op) -> PResult<()> {
        match self.parse_optional_trailing_loc()? {
            Some(LocSpec::Attr(a)) => self.ir.op_mut(op).loc = a,
            Some(LocSpec::Alias(name, off)) => self.defer_op_loc(op, name, off),
            None => {}
        }
        Ok(())
    }

    pub(crate) fn parse_optional_trailing_loc(&mut self) -> PResult<Option<LocSpec<'a>>> {
        if !self.is_kw("loc") {
            return Ok(None);
        }
        self.bump();
        self.expect(Tok::LParen, "expected '(' in location")?;
        if self.is(Tok::HashIdent) {
            let t = self.tok;
            let name = &self.text(t)[1..];
            self.bump();
            self.expect(Tok::RParen, "expected ')' in location")?;
            return Ok(Some(match self.attr_aliases.get(name) {
                Some(&a) => {
                    if !matches!(self.ctx.attr_kind(a), AttrKind::Location(_)) {
                        let shown = crate::printer::attr_to_string(self.ctx, a);
                        return self
                            .error_at(t.start, format!("expected location, but found '{shown}'"));
                    }
                    LocSpec::Attr(a)
                }
                None => LocSpec::Alias(name, t.start),
            }));
        }
        let l = self.parse_loc_instance()?;
        self.expect(Tok::RParen, "expected ')' in location")?;
        Ok(Some(LocSpec::Attr(l)))
    }

    /// A location attribute in attribute position: `loc(...)`.
    pub(crate) fn parse_loc_attr(&mut self) -> PResult<Attr> {
        self.bump();
        self.expect(Tok::LParen, "expected '(' in inline location")?;
        let l = self.parse_loc_instance()?;
        self.expect(Tok::RParen, "expected ')' in inline location")?;
        Ok(l)
    }

    /// The inside of `loc(...)`.
    fn parse_loc_instance(&mut self) -> PResult<Attr> {
        self.enter()?;
        let r = self.parse_loc_instance_inner();
        self.exit();
        r
    }

    fn parse_loc_instance_inner(&mut self) -> PResult<Attr> {
        match self.tok.kind {
            Tok::HashIdent => {
                let t = self.tok;
                let name = &self.text(t)[1..];
                self.bump();
                match self.attr_aliases.get(name) {
                    Some(&a) if matches!(self.ctx.attr_kind(a), AttrKind::Location(_)) => Ok(a),
                    Some(&a) => {
                        let shown = crate::printer::attr_to_string(self.ctx, a);
                        self.error_here(format!("expected location attribute, but got{shown}"))
                    }
                    None => self.wrong_token(format!("undefined symbol alias id '{name}'")),
                }
            }
            Tok::String => self.parse_name_or_file_loc(),
            Tok::BareIdent => match self.cur_text() {
                "unknown" => {
                    self.bump();
                    Ok(self.ctx.unknown_loc())
                }
                "callsite" => {
                    self.bump();
                    self.expect(Tok::LParen, "expected '(' in callsite location")?;
                    let callee = self.parse_loc_instance()?;
                    if !self.consume_kw("at") {
                        return self.wrong_token("expected 'at' in callsite location");
                    }
                    let caller = self.parse_loc_instance()?;
                    self.expect(Tok::RParen, "expected ')' in callsite location")?;
                    Ok(self
                        .ctx
                        .intern_attr(AttrKind::Location(Location::CallSite { callee, caller })))
                }
                "fused" => {
                    self.bump();
                    let mut metadata = None;
                    if self.consume_if(Tok::Less) {
                        metadata = Some(self.parse_attribute(None)?);
                        self.expect(Tok::Greater, "expected '>' after fused location metadata")?;
                    }
                    self.expect(Tok::LSquare, "expected '[' in fused location")?;
                    let mut locs = Vec::new();
                    if !self.consume_if(Tok::RSquare) {
                        loop {
                            locs.push(self.parse_loc_instance()?);
                            if !self.consume_if(Tok::Comma) {
                                break;
                            }
                        }
                        self.expect(Tok::RSquare, "expected ']' in fused location")?;
                    }
                    Ok(fused_loc(self.ctx, locs, metadata))
                }
                _ => self.wrong_token("expected location instance"),
            },
            _ => self.wrong_token("expected location instance"),
        }
    }

    /// `"f":1:2`, `"f":1`, ranges, `"name"`, `"name"(child)`.
    fn parse_name_or_file_loc(&mut self) -> PResult<Attr> {
        let t = self.tok;
        let s = self.decode_string(t)?;
        self.bump();
        let ident = self.ctx.ident_bytes(&s);
        if self.consume_if(Tok::Colon) {
            let line = self.parse_loc_u32("expected integer line number in FileLineColRange")?;
            let mut col = 0;
            let mut has_col = false;
            if self.consume_if(Tok::Colon) {
                col = self.parse_loc_u32("expected integer column number in FileLineColRange")?;
                has_col = true;
            }
            let (mut end_line, mut end_col) = (None, None);
            // As MLIR, a range needs a start column: `"f":1 to 2:3` stops before `to`.
            if has_col && self.consume_kw("to") {
                if self.is(Tok::Integer) {
                    end_line = Some(
                        self.parse_loc_u32("expected integer line number in FileLineColRange")?,
                    );
                }
                self.expect(
                    Tok::Colon,
                    "expected either integer or `:` post `to` in FileLineColRange",
                )?;
                end_col =
                    Some(self.parse_loc_u32("expected integer column number in FileLineColRange")?);
                // `l:c to l:c` is a single position.
                if end_line == Some(line) && end_col == Some(col) {
                    end_line = None;
                    end_col = None;
                }
            }
            return Ok(file_loc(
                self.ctx, ident, line, col, end_line, end_col, !has_col,
            ));
        }
        let mut child = None;
        if self.consume_if(Tok::LParen) {
            let c = self.parse_loc_instance()?;
            self.expect(Tok::RParen, "expected ')' after child location of NameLoc")?;
            if !matches!(self.ctx.attr_kind(c), AttrKind::Location(Location::Unknown)) {
                child = Some(c);
            }
        }
        Ok(self
            .ctx
            .intern_attr(AttrKind::Location(Location::Name { name: ident, child })))
    }

    fn parse_loc_u32(&mut self, msg: &str) -> PResult<u32> {
        if !self.is(Tok::Integer) {
            return self.wrong_token(msg);
        }
        let t = self.tok;
        match self.text(t).parse::<u32>() {
            Ok(v) => {
                self.bump();
                Ok(v)
            }
            Err(_) => self.error_at(t.start, msg),
        }
    }

    pub(crate) fn defer_op_loc(&mut self, op: Op, alias: &'a str, off: u32) {
        self.deferred_locs.push(DeferredLoc {
            target: LocTarget::Op(op),
            alias,
            off,
        });
    }

    pub(crate) fn defer_arg_loc(&mut self, v: Value, alias: &'a str, off: u32) {
        self.deferred_locs.push(DeferredLoc {
            target: LocTarget::Arg(v),
            alias,
            off,
        });
    }

    /// Applies `loc(#alias)` uses whose alias was defined after them.
    pub(crate) fn resolve_deferred_locs(&mut self) -> PResult<()> {
        let deferred = std::mem::take(&mut self.deferred_locs);
        for d in deferred {
            let Some(&a) = self.attr_aliases.get(d.alias) else {
                return self.error_at(d.off, "operation location alias was never defined");
            };
            if !matches!(self.ctx.attr_kind(a), AttrKind::Location(_)) {
                let shown = crate::printer::attr_to_string(self.ctx, a);
                return self.error_at(d.off, format!("expected location, but found '{shown}'"));
            }
            match d.target {
                LocTarget::Op(op) => self.ir.op_mut(op).loc = a,
                LocTarget::Arg(v) => self.ir.set_value_loc(v, a),
            }
        }
        Ok(())
    }
}

pub(crate) fn file_loc(
    ctx: &mut Context,
    file: Ident,
    line: u32,
    col: u32,
    end_line: Option<u32>,
    end_col: Option<u32>,
    line_only: bool,
) -> Attr {
    ctx.intern_attr(AttrKind::Location(Location::FileLineCol {
        file,
        line,
        col,
        end_line,
        end_col,
        line_only,
    }))
}

/// `fused<metadata>[locs]` normalised as MLIR's `FusedLoc::get` does: a nested
/// fused location with the same metadata as the outer one (both none, or equal)
/// is flattened, unknowns dropped, duplicates removed; one remaining location
/// without metadata is itself; none gives `unknown`.
pub fn fused_loc(ctx: &mut Context, locs: Vec<Attr>, metadata: Option<Attr>) -> Attr {
    let mut out: Vec<Attr> = Vec::with_capacity(locs.len());
    let mut seen = rustc_hash::FxHashSet::default();
    for l in locs {
        match ctx.attr_kind(l) {
            AttrKind::Location(Location::Unknown) => {}
            AttrKind::Location(Location::Fused {
                locs: inner,
                metadata: m,
            }) if *m == metadata => {
                for &i in inner {
                    if seen.insert(i) {
                        out.push(i);
                    }
                }
            }
            _ => {
                if seen.insert(l) {
                    out.push(l);
                }
            }
        }
    }
    if out.is_empty() {
        if metadata.is_none() {
            return ctx.unknown_loc();
        }
        out.push(ctx.unknown_loc());
    }
    if out.len() == 1 && metadata.is_none() {
        return out[0];
    }
    ctx.intern_attr(AttrKind::Location(Location::Fused {
        locs: out,
        metadata,
    }))
}
