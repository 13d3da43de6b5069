//! The textual IR parser: generic op form, builtin types and attributes, locations,
//! aliases. Hand-written recursive descent over the `logos` lexer.
//!
//! Every recursive construct goes through [`Parser::enter`], so nesting deeper than
//! [`MAX_NESTING`] is an error instead of a stack overflow. The first error stops
//! parsing (as in mlir-opt), except for unresolved forward references, which are all
//! reported, sorted by position.

mod affine;
mod attrs;
mod dense;
mod hooks;
mod locations;
mod metadata;
mod ops;
mod scope;
mod types;

#[cfg(test)]
mod tests;

pub use hooks::{AttrParseFn, OpParseFn, OpParser, ParseHooks, TypeParseFn};

use crate::context::Context;
use crate::diag::{DiagEngine, Diagnostic, SourceBuffer};
use crate::entity::{Attr, Ident, Op, Type};
use crate::lexer::{Lexer, Tok, Token};
use crate::store::Ir;
use crate::AttrKind;
use crate::Location;
use rustc_hash::FxHashMap;

#[derive(Clone, Debug)]
pub struct ParseOptions {
    /// Wrap top-level ops in a `builtin.module` unless the input is exactly one
    /// module (mlir-opt's default; `--no-implicit-module` turns it off).
    pub implicit_module: bool,
    /// Line and column of the implicit module's location (mlir-opt: `0:0`, or the
    /// chunk's start for later chunks of a split file).
    pub module_line_col: (u32, u32),
}

impl Default for ParseOptions {
    fn default() -> Self {
        ParseOptions {
            implicit_module: true,
            module_line_col: (0, 0),
        }
    }
}

/// How deep regions, arrays, dictionaries, types, affine expressions and
/// parentheses may nest, all counted together.
pub const MAX_NESTING: u32 = 200;

/// A parse failure; its diagnostics are already emitted into the [`DiagEngine`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Failed;

pub type PResult<T> = Result<T, Failed>;

/// Parses one buffer. Returns the top-level op, or `None` after emitting errors.
pub fn parse_buffer(
    ctx: &mut Context,
    ir: &mut Ir,
    buf: &SourceBuffer,
    opts: &ParseOptions,
    diags: &mut DiagEngine,
) -> Option<Op> {
    let mut p = Parser::new(ctx, ir, buf, diags);
    p.parse_top_level(opts).ok()
}

/// Parses `text` (named `name` in locations) with the default options: the common
/// case for tools and tests. Returns the top-level op or the diagnostics.
pub fn parse_str(
    ctx: &mut Context,
    ir: &mut Ir,
    name: &str,
    text: &str,
) -> Result<Op, Vec<crate::diag::Diagnostic>> {
    let buf = SourceBuffer::new(name, text);
    let mut diags = DiagEngine::default();
    parse_buffer(ctx, ir, &buf, &ParseOptions::default(), &mut diags).ok_or_else(|| diags.take())
}

/// Parser state over one buffer. Public so that custom op / dialect attribute and
/// type hooks can drive it.
pub struct Parser<'a> {
    pub ctx: &'a mut Context,
    pub ir: &'a mut Ir,
    pub(crate) buf: &'a SourceBuffer,
    pub(crate) src: &'a str,
    lex: Lexer<'a>,
    /// The current (not yet consumed) token.
    pub tok: Token,
    diags: &'a mut DiagEngine,
    depth: u32,
    file: Ident,
    pub(crate) type_aliases: FxHashMap<&'a str, Type>,
    pub(crate) attr_aliases: FxHashMap<&'a str, Attr>,
    pub(crate) deferred_locs: Vec<locations::DeferredLoc<'a>>,
    pub(crate) ssa: scope::Scopes<'a>,
    /// Dialects of the enclosing custom-form ops, whose prefix unqualified op names
    /// may omit (MLIR's default dialect stack; `builtin` when empty).
    pub(crate) default_dialect: Vec<&'static str>,
    /// `distinct[N]<...>` attributes by their `N` in this buffer.
    pub(crate) distinct: FxHashMap<u64, Attr>,
}

impl<'a> Parser<'a> {
    pub fn new(
        ctx: &'a mut Context,
        ir: &'a mut Ir,
        buf: &'a SourceBuffer,
        diags: &'a mut DiagEngine,
    ) -> Self {
        let src = buf.text.as_str();
        let mut lex = Lexer::new(src);
        let tok = lex.next_token();
        let file = ctx.ident(&buf.name);
        Parser {
            ctx,
            ir,
            buf,
            src,
            lex,
            tok,
            diags,
            depth: 0,
            file,
            type_aliases: FxHashMap::default(),
            attr_aliases: FxHashMap::default(),
            deferred_locs: Vec::new(),
            ssa: scope::Scopes::default(),
            default_dialect: Vec::new(),
            distinct: FxHashMap::default(),
        }
    }

    // ---- tokens ----

    #[inline]
    pub fn bump(&mut self) {
        self.tok = self.lex.next_token();
    }

    #[inline]
    pub fn text(&self, t: Token) -> &'a str {
        &self.src[t.start as usize..t.end as usize]
    }

    #[inline]
    pub fn cur_text(&self) -> &'a str {
        self.text(self.tok)
    }

    #[inline]
    pub fn is(&self, k: Tok) -> bool {
        self.tok.kind == k
    }

    /// Whether the current token is the bare keyword `kw`.
    #[inline]
    pub fn is_kw(&self, kw: &str) -> bool {
        self.tok.kind == Tok::BareIdent && self.cur_text() == kw
    }

    #[inline]
    pub fn consume_if(&mut self, k: Tok) -> bool {
        if self.tok.kind == k {
            self.bump();
            true
        } else {
            false
        }
    }

    pub fn consume_kw(&mut self, kw: &str) -> bool {
        if self.is_kw(kw) {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Consumes `k` or reports `msg` where the token was expected.
    pub fn expect(&mut self, k: Tok, msg: &str) -> PResult<()> {
        if self.consume_if(k) {
            Ok(())
        } else {
            self.wrong_token(msg)
        }
    }

    /// Restarts lexing at `offset` (after a partially used token).
    pub(crate) fn reset_to(&mut self, offset: usize) {
        self.lex.reset_to(offset);
        self.bump();
    }

    // ---- nesting ----

    pub fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return self.error_here("nesting too deep");
        }
        Ok(())
    }

    #[inline]
    pub fn exit(&mut self) {
        self.depth -= 1;
    }

    // ---- locations and errors ----

    /// A `"file":line:col` location at a byte offset of the buffer.
    pub fn loc_at(&mut self, offset: u32) -> Attr {
        let (line, col) = self.buf.line_col(offset as usize);
        self.ctx
            .intern_attr(AttrKind::Location(Location::FileLineCol {
                file: self.file,
                line,
                col,
                end_line: None,
                end_col: None,
                line_only: false,
            }))
    }

    /// Reports `d`, unless the current token is one the lexer rejected: like
    /// mlir-opt, the lexer's error is then the one reported.
    pub fn emit(&mut self, d: Diagnostic) {
        let d = if self.tok.kind == Tok::Error {
            self.lex_diag()
        } else {
            d
        };
        self.diags.emit(d);
    }

    pub fn error_at<T>(&mut self, offset: u32, msg: impl Into<String>) -> PResult<T> {
        let d = if self.tok.kind == Tok::Error {
            self.lex_diag()
        } else {
            let loc = self.loc_at(offset);
            Diagnostic::error(loc, msg)
        };
        self.diags.emit(d);
        Err(Failed)
    }

    pub fn error_here<T>(&mut self, msg: impl Into<String>) -> PResult<T> {
        let off = if self.tok.kind == Tok::Eof {
            self.tok.start.saturating_sub(1)
        } else {
            self.tok.start
        };
        self.error_at(off, msg)
    }

    /// An error about the current token being the wrong one. Like mlir-opt, it points
    /// just past the previous token when the current one starts a new line.
    pub fn wrong_token<T>(&mut self, msg: impl Into<String>) -> PResult<T> {
        // The lexer's own error comes first, as in mlir-opt.
        if self.tok.kind == Tok::Error {
            return self.lex_error();
        }
        let mut loc = self.tok.start as usize;
        if self.tok.kind == Tok::Eof {
            loc = loc.saturating_sub(1);
        }
        let original = loc;
        let bytes = self.src.as_bytes();
        let mut end = loc;
        let off = loop {
            while end > 0 && matches!(bytes[end - 1], b' ' | b'\t') {
                end -= 1;
            }
            if end == 0 {
                break original;
            }
            if !matches!(bytes[end - 1], b'\n' | b'\r') {
                break end;
            }
            end -= 1;
            // Skip a `//` comment on the preceding line.
            let line_start = bytes[..end]
                .iter()
                .rposition(|&b| b == b'\n' || b == b'\r')
                .unwrap_or(0);
            if let Some(c) = find_sub(&bytes[line_start..end], b"//") {
                end = line_start + c;
            }
        };
        self.error_at(off as u32, msg)
    }

    /// Returns `Err` after reporting an error built from the current token's text.
    pub(crate) fn type_str(&self, t: Type) -> String {
        crate::printer::type_to_string(self.ctx, t)
    }

    // ---- literals ----

    /// The bytes of a string token, borrowed from the buffer when it has no escapes.
    pub fn string_contents(&mut self, t: Token) -> PResult<std::borrow::Cow<'a, [u8]>> {
        let raw = self.text(t);
        let inner = &raw.as_bytes()[raw.find('"').unwrap_or(0) + 1..raw.len() - 1];
        if !inner.iter().any(|&b| b == b'\\' || b == 0xF4) {
            return Ok(std::borrow::Cow::Borrowed(inner));
        }
        Ok(std::borrow::Cow::Owned(self.decode_string(t)?))
    }

    /// The bytes of a string token, with escapes decoded.
    pub fn decode_string(&mut self, t: Token) -> PResult<Vec<u8>> {
        let raw = self.text(t);
        let inner = &raw.as_bytes()[raw.find('"').unwrap_or(0) + 1..raw.len() - 1];
        let mut out = Vec::with_capacity(inner.len());
        let mut i = 0;
        while i < inner.len() {
            let c = inner[i];
            if c == 0xF4 {
                if let Some(b) = crate::lexer::raw_byte_at(&inner[i..]) {
                    // A byte of the input that is not UTF-8 (see `lexer::source_text`).
                    out.push(b);
                    i += 4;
                    continue;
                }
            }
            if c != b'\\' {
                out.push(c);
                i += 1;
                continue;
            }
            let at = t.end - 1 - (inner.len() - i) as u32;
            match inner.get(i + 1) {
                Some(b'"') | Some(b'\\') => out.push(inner[i + 1]),
                Some(b'n') => out.push(b'\n'),
                Some(b't') => out.push(b'\t'),
                Some(&h) if h.is_ascii_hexdigit() => match inner.get(i + 2) {
                    Some(&l) if l.is_ascii_hexdigit() => {
                        out.push(hex_val(h) << 4 | hex_val(l));
                        i += 1;
                    }
                    _ => return self.error_at(at, "unknown escape in string literal"),
                },
                _ => return self.error_at(at, "unknown escape in string literal"),
            }
            i += 2;
        }
        Ok(out)
    }

    /// The error for a token the lexer could not make sense of.
    pub(crate) fn lex_error<T>(&mut self) -> PResult<T> {
        let d = self.lex_diag();
        self.diags.emit(d);
        Err(Failed)
    }

    /// What mlir-opt's lexer reports for the current (rejected) token, and where.
    fn lex_diag(&mut self) -> Diagnostic {
        let t = self.tok;
        let bytes = self.src.as_bytes();
        let start = t.start as usize;
        let b0 = bytes.get(start).copied();
        let b1 = bytes.get(start + 1).copied();
        let (off, msg): (usize, &str) = match b0 {
            Some(b'"') => string_literal_error(bytes, start + 1),
            Some(b'@') if b1 == Some(b'"') => string_literal_error(bytes, start + 2),
            Some(b'@') => (
                start + 1,
                "@ identifier expected to start with letter or '_'",
            ),
            Some(b'#') => (start, "invalid attribute name"),
            Some(b'%') => (start, "invalid SSA name"),
            Some(b'^') => (start, "invalid block name"),
            Some(b'!') => (start, "invalid type identifier"),
            Some(0) => (start, "unexpected nul or EOF in string literal"),
            // `..` not followed by a third dot; reported after the first, as MLIR does.
            Some(b'.') => (start + 1, "expected three consecutive dots for an ellipsis"),
            _ => (start, "unexpected character"),
        };
        let loc = self.loc_at(off as u32);
        Diagnostic::error(loc, msg)
    }

    // ---- top level ----

    fn parse_top_level(&mut self, opts: &ParseOptions) -> PResult<Op> {
        let name_loc = self
            .ctx
            .intern_attr(AttrKind::Location(Location::FileLineCol {
                file: self.file,
                line: opts.module_line_col.0,
                col: opts.module_line_col.1,
                end_line: None,
                end_col: None,
                line_only: false,
            }));
        let module_name = self.ctx.ident("builtin.module");
        let empty = self.ctx.empty_dict();
        let module = self.ir.create_op(crate::store::OperationState {
            name: module_name,
            operands: Vec::new(),
            result_types: Vec::new(),
            properties: None,
            attrs: empty,
            num_regions: 1,
            successors: Vec::new(),
            loc: name_loc,
        });
        let region = self.ir.regions(module)[0];
        let block = self.ir.create_block();
        self.ir.append_block(region, block);
        self.ssa.push_isolated();
        self.ssa.push_blocks(region);
        let res = self.parse_top_level_items(block);
        if res.is_err() {
            return Err(Failed);
        }
        self.finish_forward_refs()?;
        self.resolve_deferred_locs()?;

        let mut count = 0usize;
        let mut first = None;
        for op in self.ir.block_ops(block) {
            count += 1;
            first.get_or_insert(op);
        }
        if !opts.implicit_module {
            if count != 1 {
                return self.error_loc(
                    name_loc,
                    format!("source must contain a single top-level operation, found: {count}"),
                );
            }
            let op = first.unwrap_or(module);
            self.ir.remove_op(op);
            return Ok(op);
        }
        if count == 1 {
            let op = first.unwrap_or(module);
            if self.ir.op(op).name == module_name {
                self.ir.remove_op(op);
                return Ok(op);
            }
        }
        Ok(module)
    }

    fn error_loc<T>(&mut self, loc: Attr, msg: impl Into<String>) -> PResult<T> {
        self.diags.emit(Diagnostic::error(loc, msg));
        Err(Failed)
    }

    fn parse_top_level_items(&mut self, block: crate::entity::Block) -> PResult<()> {
        loop {
            match self.tok.kind {
                Tok::Eof => return Ok(()),
                Tok::HashIdent => self.parse_attr_alias_def()?,
                Tok::ExclIdent => self.parse_type_alias_def()?,
                Tok::FileMetadataBegin => self.parse_file_metadata()?,
                _ => self.parse_operation(block)?,
            }
        }
    }

    /// `#name = attr` at the top level.
    fn parse_attr_alias_def(&mut self) -> PResult<()> {
        let t = self.tok;
        let name = &self.text(t)[1..];
        if self.attr_aliases.contains_key(name) {
            return self.error_at(
                t.start,
                format!("redefinition of attribute alias id '{name}'"),
            );
        }
        if name.contains('.') {
            return self.error_at(
                t.start,
                "attribute names with a '.' are reserved for dialect-defined names",
            );
        }
        self.bump();
        self.expect(Tok::Equal, "expected '=' in attribute alias definition")?;
        let a = self.parse_attribute(None)?;
        self.attr_aliases.insert(name, a);
        Ok(())
    }

    /// `!name = type` at the top level.
    fn parse_type_alias_def(&mut self) -> PResult<()> {
        let t = self.tok;
        let name = &self.text(t)[1..];
        if self.type_aliases.contains_key(name) {
            return self.error_at(t.start, format!("redefinition of type alias id '{name}'"));
        }
        if name.contains('.') {
            return self.error_at(
                t.start,
                "type names with a '.' are reserved for dialect-defined names",
            );
        }
        self.bump();
        self.expect(Tok::Equal, "expected '=' in type alias definition")?;
        let ty = self.parse_type()?;
        self.type_aliases.insert(name, ty);
        Ok(())
    }
}

/// Where and why an unterminated string literal whose contents start at `i`
/// fails to lex: at the end of its line (or of the buffer), or at a bad escape.
fn string_literal_error(bytes: &[u8], mut i: usize) -> (usize, &'static str) {
    const UNTERMINATED: &str = "expected '\"' in string literal";
    while i < bytes.len() {
        match bytes[i] {
            b'\n' | 0x0b | 0x0c => return (i, UNTERMINATED),
            b'\\' => match bytes.get(i + 1) {
                Some(b'"' | b'\\' | b'n' | b't') => i += 2,
                Some(a)
                    if a.is_ascii_hexdigit()
                        && bytes.get(i + 2).is_some_and(|b| b.is_ascii_hexdigit()) =>
                {
                    i += 3
                }
                _ => return (i, "unknown escape in string literal"),
            },
            _ => i += 1,
        }
    }
    (bytes.len(), UNTERMINATED)
}

fn hex_val(c: u8) -> u8 {
    match c {
        b'0'..=b'9' => c - b'0',
        b'a'..=b'f' => c - b'a' + 10,
        _ => c - b'A' + 10,
    }
}

fn find_sub(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}
