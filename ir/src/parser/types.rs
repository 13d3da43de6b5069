//! Builtin types: integers, index, floats, none, complex, tuple, function types,
//! tensor, vector, memref, dialect types (opaque or through a hook) and `!alias`.

use super::{PResult, Parser};
use crate::entity::{Attr, Type};
use crate::lexer::Tok;
use crate::types::{FloatKind, Signedness, TypeKind, DYNAMIC};
use crate::AttrKind;

/// MLIR's `IntegerType::kMaxWidth`.
const MAX_INT_WIDTH: u64 = 16_777_215;

impl<'a> Parser<'a> {
    /// Any type, including function types.
    pub fn parse_type(&mut self) -> PResult<Type> {
        if self.is(Tok::LParen) {
            return self.parse_function_type();
        }
        self.parse_non_function_type()
    }

    /// `(inputs) -> results`.
    pub fn parse_function_type(&mut self) -> PResult<Type> {
        self.enter()?;
        let inputs = self.parse_paren_type_list()?;
        self.expect(Tok::Arrow, "expected '->' in function type")?;
        let results = self.parse_function_result_types()?;
        self.exit();
        Ok(self.ctx.function_type(inputs, results))
    }

    /// `(t, ...)`, possibly empty.
    fn parse_paren_type_list(&mut self) -> PResult<Vec<Type>> {
        self.expect(Tok::LParen, "expected '('")?;
        let mut v = Vec::new();
        if self.consume_if(Tok::RParen) {
            return Ok(v);
        }
        loop {
            v.push(self.parse_type()?);
            if !self.consume_if(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RParen, "expected ')'")?;
        Ok(v)
    }

    /// A single non-function type, or a parenthesized list.
    fn parse_function_result_types(&mut self) -> PResult<Vec<Type>> {
        if self.is(Tok::LParen) {
            self.enter()?;
            let v = self.parse_paren_type_list();
            self.exit();
            return v;
        }
        Ok(vec![self.parse_non_function_type()?])
    }

    /// Comma-separated types up to (not including) a closing token.
    pub fn parse_type_list(&mut self) -> PResult<Vec<Type>> {
        let mut v = vec![self.parse_type()?];
        while self.consume_if(Tok::Comma) {
            v.push(self.parse_type()?);
        }
        Ok(v)
    }

    pub fn parse_non_function_type(&mut self) -> PResult<Type> {
        match self.tok.kind {
            Tok::BareIdent => {}
            Tok::ExclIdent => return self.parse_excl_type(),
            Tok::Error => return self.lex_error(),
            _ => return self.wrong_token("expected non-function type"),
        }
        let t = self.tok;
        let text = self.cur_text();
        if let Some(ty) = self.parse_int_type_keyword(text, t.start)? {
            self.bump();
            return Ok(ty);
        }
        if let Some(k) = FloatKind::from_keyword(text) {
            self.bump();
            return Ok(self.ctx.float_type(k));
        }
        match text {
            "index" => {
                self.bump();
                Ok(self.ctx.index_type())
            }
            "none" => {
                self.bump();
                Ok(self.ctx.none_type())
            }
            "complex" => {
                self.bump();
                self.expect(Tok::Less, "expected '<' in complex type")?;
                self.enter()?;
                let el_off = self.tok.start;
                let el = self.parse_type()?;
                self.exit();
                self.expect(Tok::Greater, "expected '>' in complex type")?;
                if !matches!(
                    self.ctx.type_kind(el),
                    TypeKind::Integer { .. } | TypeKind::Float(_)
                ) {
                    return self.error_at(el_off, "invalid element type for complex");
                }
                Ok(self.ctx.intern_type(TypeKind::Complex(el)))
            }
            "tuple" => {
                self.bump();
                self.expect(Tok::Less, "expected '<' in tuple type")?;
                self.enter()?;
                let v = if self.is(Tok::Greater) {
                    Vec::new()
                } else {
                    self.parse_type_list()?
                };
                self.exit();
                self.expect(Tok::Greater, "expected '>' in tuple type")?;
                Ok(self.ctx.intern_type(TypeKind::Tuple(v)))
            }
            "tensor" => self.parse_tensor_type(),
            "vector" => self.parse_vector_type(),
            "memref" => self.parse_memref_type(),
            _ => self.wrong_token("expected non-function type"),
        }
    }

    /// `i32`, `si8`, `ui16` (checked against the maximum width).
    fn parse_int_type_keyword(&mut self, text: &str, at: u32) -> PResult<Option<Type>> {
        let (sign, digits) = if let Some(d) = text.strip_prefix("si") {
            (Signedness::Signed, d)
        } else if let Some(d) = text.strip_prefix("ui") {
            (Signedness::Unsigned, d)
        } else if let Some(d) = text.strip_prefix('i') {
            (Signedness::Signless, d)
        } else {
            return Ok(None);
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Ok(None);
        }
        // mlir-opt reads the width as a 32-bit unsigned number first.
        let width = match digits.trim_start_matches('0') {
            "" => 0,
            d if d.len() > 10 => u64::MAX,
            d => d.parse::<u64>().unwrap_or(u64::MAX),
        };
        if width > u64::from(u32::MAX) {
            return self.error_at(at, "invalid integer width");
        }
        if width > MAX_INT_WIDTH {
            return self.error_at(at, "integer bitwidth is limited to 16777215 bits");
        }
        Ok(Some(self.ctx.integer_type(width as u32, sign)))
    }

    /// `!alias` or a dialect type `!dialect.name<...>` / `!dialect<"...">`.
    fn parse_excl_type(&mut self) -> PResult<Type> {
        let t = self.tok;
        let name = &self.cur_text()[1..];
        self.bump();
        let (dialect, rest) = match name.split_once('.') {
            Some((d, r)) => (d, Some(r)),
            None => (name, None),
        };
        if rest.is_none() && !self.is(Tok::Less) {
            return match self.type_aliases.get(name) {
                Some(&ty) => Ok(ty),
                None => self.wrong_token(format!("undefined symbol alias id '{name}'")),
            };
        }
        let d = self.ctx.ident(dialect);
        if let (Some(mnemonic), Some(&hook)) = (rest, self.ctx.registry.parse_hooks().types.get(&d))
        {
            return hook(self, mnemonic);
        }
        if !self.ctx.allow_unregistered && self.ctx.registry.dialect(dialect).is_none() {
            return self.error_at(
                t.start,
                format!("dialect '{dialect}' provides no type parsing hook"),
            );
        }
        let (body, pretty) = self.parse_dialect_body(t.start as usize + 1 + dialect.len(), rest)?;
        Ok(self.ctx.intern_type(TypeKind::Opaque {
            dialect: d,
            body,
            pretty,
        }))
    }

    /// The part of `!d.name<...>` / `#d<"...">` after `d`: with a mnemonic, the text
    /// from it to the end of a balanced `<...>` (verbatim); without, the contents of
    /// the string in `<"...">`. `after_dialect` is the offset just past the dialect.
    pub(crate) fn parse_dialect_body(
        &mut self,
        after_dialect: usize,
        mnemonic: Option<&str>,
    ) -> PResult<(String, bool)> {
        match mnemonic {
            Some(_) => {
                let start = after_dialect + 1;
                let end = if self.is(Tok::Less) {
                    self.skip_balanced_body(self.tok.start as usize)?
                } else {
                    self.tok.start as usize
                };
                let mut body = self.src[start..end].to_string();
                if !self.is(Tok::Less) {
                    body.truncate(body.trim_end().len());
                    return Ok((body, true));
                }
                self.reset_to(end);
                Ok((body, true))
            }
            None => {
                // `!foo<...>` / `#foo<...>`: the balanced contents, verbatim (mlir-opt
                // keeps string escapes as written).
                if !self.is(Tok::Less) {
                    return self.wrong_token("expected '<'");
                }
                let open = self.tok.start as usize;
                let end = self.skip_balanced_body(open)?;
                let body = self.src[open + 1..end - 1].to_string();
                self.reset_to(end);
                let pretty = !body.starts_with('"');
                Ok((body, pretty))
            }
        }
    }

    /// Scans a balanced `<...>` starting at `open` (a `<`), honouring `()[]{}<>`
    /// nesting and string literals; returns the offset just past the closing `>`.
    pub(crate) fn skip_balanced_body(&mut self, open: usize) -> PResult<usize> {
        let b = self.src.as_bytes();
        let mut stack: Vec<(u8, usize)> = Vec::new();
        // mlir-opt reports imbalance at the last token it lexed: the `<` or a string.
        let mut report_at = open;
        let mut i = open;
        while i < b.len() {
            let c = b[i];
            match c {
                b'<' | b'(' | b'[' | b'{' => {
                    if stack.len() >= super::MAX_NESTING as usize {
                        return self.error_at(i as u32, "nesting too deep");
                    }
                    stack.push((c, i));
                }
                b'>' | b')' | b']' | b'}' => {
                    // `->` inside a body is an arrow, not a closing bracket.
                    if c == b'>' && i > open && b[i - 1] == b'-' {
                        i += 1;
                        continue;
                    }
                    let want = match c {
                        b'>' => b'<',
                        b')' => b'(',
                        b']' => b'[',
                        _ => b'{',
                    };
                    match stack.pop() {
                        Some((o, _)) if o == want => {}
                        Some((o, _)) => {
                            return self.error_at(
                                report_at as u32,
                                format!(
                                    "unbalanced '{}' character in pretty dialect name",
                                    o as char
                                ),
                            );
                        }
                        None => {
                            return self.error_at(
                                report_at as u32,
                                format!(
                                    "unbalanced '{}' character in pretty dialect name",
                                    c as char
                                ),
                            );
                        }
                    }
                    if stack.is_empty() {
                        return Ok(i + 1);
                    }
                }
                b'"' => {
                    report_at = i;
                    i += 1;
                    while i < b.len() && b[i] != b'"' {
                        if b[i] == b'\\' {
                            i += 1;
                        }
                        if i < b.len() && (b[i] == b'\n' || b[i] == 0) {
                            break;
                        }
                        i += 1;
                    }
                    if i >= b.len() || b[i] != b'"' {
                        return self
                            .error_at(i.min(b.len()) as u32, "expected '\"' in string literal");
                    }
                }
                0 => {
                    return self.error_at(i as u32, "unexpected nul or EOF in pretty dialect name");
                }
                _ => {}
            }
            i += 1;
        }
        match stack.last() {
            Some(&(o, _)) => self.error_at(
                report_at as u32,
                format!(
                    "unbalanced '{}' character in pretty dialect name",
                    o as char
                ),
            ),
            None => self.error_at(
                report_at as u32,
                "unexpected nul or EOF in pretty dialect name",
            ),
        }
    }

    /// Dimensions `4x?x` of a ranked shape; stops before the element type.
    /// With `scalable`, `[4]x` marks scalable dims (vector).
    fn parse_dims(
        &mut self,
        allow_dynamic: bool,
        mut scalable: Option<&mut Vec<bool>>,
    ) -> PResult<Vec<i64>> {
        let mut dims = Vec::new();
        loop {
            let mut is_scalable = false;
            if let Some(s) = scalable.as_deref_mut() {
                if self.is(Tok::LSquare) {
                    self.bump();
                    if !matches!(self.tok.kind, Tok::Integer | Tok::HexInteger) {
                        return self.wrong_token("expected integer value");
                    }
                    is_scalable = true;
                    let _ = s;
                }
            }
            let d = match self.tok.kind {
                Tok::Question if allow_dynamic => {
                    self.bump();
                    DYNAMIC
                }
                Tok::Integer => {
                    let t = self.tok;
                    self.bump();
                    match self.text(t).parse::<i64>() {
                        Ok(v) => v,
                        Err(_) => return self.error_at(t.start, "invalid dimension"),
                    }
                }
                Tok::HexInteger => {
                    // `0x4xf32` lexes as a hex number: take the `0` and resume at `x`.
                    let t = self.tok;
                    self.reset_to(t.start as usize + 1);
                    0
                }
                _ => {
                    if is_scalable {
                        return self.wrong_token("expected integer value");
                    }
                    return Ok(dims);
                }
            };
            if is_scalable {
                self.expect(Tok::RSquare, "missing ']' closing scalable dimension")?;
            }
            if let Some(s) = scalable.as_deref_mut() {
                s.push(is_scalable);
            }
            dims.push(d);
            // Expect `x`, which usually starts the next bare identifier.
            if self.tok.kind == Tok::BareIdent && self.cur_text().starts_with('x') {
                let at = self.tok.start as usize + 1;
                self.reset_to(at);
            } else {
                return self.wrong_token("expected 'x' in dimension list");
            }
        }
    }

    /// `tensor<` / `memref<` then `*x` (unranked) or a dimension list; enters one
    /// nesting level that the caller exits.
    fn parse_shaped_prefix(&mut self, kind: &str) -> PResult<(bool, Vec<i64>)> {
        self.bump();
        self.expect(Tok::Less, &format!("expected '<' in {kind} type"))?;
        self.enter()?;
        let unranked = self.is(Tok::Star);
        if !unranked {
            return Ok((false, self.parse_dims(true, None)?));
        }
        self.bump();
        if self.tok.kind == Tok::BareIdent && self.cur_text().starts_with('x') {
            let at = self.tok.start as usize + 1;
            self.reset_to(at);
            Ok((true, Vec::new()))
        } else {
            self.wrong_token("expected 'x' in dimension list")
        }
    }

    fn parse_tensor_type(&mut self) -> PResult<Type> {
        let start = self.tok.start;
        let (unranked, shape) = self.parse_shaped_prefix("tensor")?;
        let el_off = self.tok.start;
        let element = self.parse_type()?;
        let mut encoding = None;
        if !unranked && self.consume_if(Tok::Comma) {
            encoding = Some(self.parse_attribute(None)?);
        }
        self.exit();
        self.expect(Tok::Greater, "expected '>' in tensor type")?;
        if !self.valid_tensor_element(element) {
            return self.error_at(el_off, "invalid tensor element type");
        }
        let _ = start;
        Ok(if unranked {
            self.ctx.intern_type(TypeKind::UnrankedTensor { element })
        } else {
            self.ctx.intern_type(TypeKind::RankedTensor {
                shape,
                element,
                encoding,
            })
        })
    }

    fn valid_tensor_element(&self, t: Type) -> bool {
        !matches!(
            self.ctx.type_kind(t),
            TypeKind::Function { .. }
                | TypeKind::RankedTensor { .. }
                | TypeKind::UnrankedTensor { .. }
                | TypeKind::MemRef { .. }
                | TypeKind::UnrankedMemRef { .. }
                | TypeKind::None
                | TypeKind::Tuple(_)
        )
    }

    fn parse_vector_type(&mut self) -> PResult<Type> {
        // mlir-opt reports an invalid vector type (`VectorType::verify`) at `vector`.
        let start = self.tok.start;
        self.bump();
        self.expect(Tok::Less, "expected '<' in vector type")?;
        self.enter()?;
        let mut scalable = Vec::new();
        let shape = self.parse_dims(false, Some(&mut scalable))?;
        let element = self.parse_type()?;
        self.exit();
        self.expect(Tok::Greater, "expected '>' in vector type")?;
        if !matches!(
            self.ctx.type_kind(element),
            TypeKind::Integer { .. } | TypeKind::Float(_) | TypeKind::Index
        ) {
            return self.error_at(
                start,
                "failed to verify 'elementType': VectorElementTypeInterface instance",
            );
        }
        if shape.iter().any(|&d| d <= 0) {
            let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
            return self.error_at(
                start,
                format!(
                    "vector types must have positive constant sizes but got {}",
                    dims.join(", ")
                ),
            );
        }
        Ok(self.ctx.intern_type(TypeKind::Vector {
            shape,
            scalable,
            element,
        }))
    }

    fn parse_memref_type(&mut self) -> PResult<Type> {
        let start = self.tok.start;
        let (unranked, shape) = self.parse_shaped_prefix("memref")?;
        let el_off = self.tok.start;
        let element = self.parse_type()?;
        if matches!(
            self.ctx.type_kind(element),
            TypeKind::Function { .. }
                | TypeKind::RankedTensor { .. }
                | TypeKind::UnrankedTensor { .. }
                | TypeKind::None
                | TypeKind::Tuple(_)
        ) {
            return self.error_at(el_off, "invalid memref element type");
        }
        let mut layout: Option<Attr> = None;
        let mut space: Option<Attr> = None;
        self.exit();
        if !self.consume_if(Tok::Greater) {
            self.expect(Tok::Comma, "expected ',' or '>' in memref type")?;
            if self.is(Tok::Greater) {
                return self.wrong_token("expected list element");
            }
            loop {
                let a = self.parse_attribute(None)?;
                let is_layout = matches!(
                    self.ctx.attr_kind(a),
                    AttrKind::AffineMap(_) | AttrKind::Strided { .. }
                );
                if !is_layout {
                    if space.is_some() {
                        return self.error_here("multiple memory spaces specified in memref type");
                    }
                    space = Some(a);
                } else if unranked {
                    return self.error_here("cannot have affine map for unranked memref type");
                } else if space.is_some() {
                    return self.error_here("expected memory space to be last in memref type");
                } else {
                    layout = Some(a);
                }
                if !self.consume_if(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::Greater, "expected ',' or '>'")?;
        }
        // Memory space `0 : i64` is the default space.
        if let Some(s) = space {
            let i64t = self.ctx.i64();
            if let AttrKind::Integer { value, ty } = self.ctx.attr_kind(s) {
                if value == &0.into() && *ty == i64t {
                    space = None;
                }
            }
        }
        if let Some(l) = layout {
            match self.ctx.attr_kind(l) {
                AttrKind::AffineMap(m) => {
                    if m.num_dims as usize != shape.len() {
                        return self.error_at(
                            start,
                            format!(
                                "memref layout mismatch between rank and affine map: {} != {}",
                                shape.len(),
                                m.num_dims
                            ),
                        );
                    }
                    if m.is_identity_ignoring_symbols() {
                        layout = None;
                    }
                }
                AttrKind::Strided { strides, .. } if strides.len() != shape.len() => {
                    return self
                        .error_at(start, "expected the number of strides to match the rank");
                }
                _ => {}
            }
        }
        // As MLIR: integers, strings, dictionaries and attributes of registered
        // dialects (one of an unregistered dialect is a builtin opaque attribute).
        if let Some(s) = space {
            let supported = matches!(
                self.ctx.attr_kind(s),
                AttrKind::Integer { .. }
                    | AttrKind::String { .. }
                    | AttrKind::Dictionary(_)
                    | AttrKind::Dialect { .. }
            );
            if !supported {
                return self.error_at(start, "unsupported memory space Attribute");
            }
        }
        Ok(if unranked {
            self.ctx.intern_type(TypeKind::UnrankedMemRef {
                element,
                memory_space: space,
            })
        } else {
            self.ctx.intern_type(TypeKind::MemRef {
                shape,
                element,
                layout,
                memory_space: space,
            })
        })
    }
}
