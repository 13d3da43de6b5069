//! Builtin attributes: numbers, strings, arrays, dictionaries, symbol references,
//! unit, booleans, types, dense arrays, strided layouts, dialect attributes and
//! `#alias` uses. Dense elements, affine maps and locations have their own files.

use super::{Failed, PResult, Parser};
use crate::entity::{Attr, Ident, Type};
use crate::lexer::{Tok, Token};
use crate::types::{Signedness, TypeKind, DYNAMIC};
use crate::AttrKind;
use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{One, Zero};

/// A numeric literal as written: sign, token, and whether it was hex.
/// An element of a dense array as written.
enum ArrayElem {
    Lit(NumLit),
    Bool(bool),
}

#[derive(Copy, Clone)]
pub(crate) struct NumLit {
    pub neg: bool,
    pub tok: Token,
}

impl<'a> Parser<'a> {
    /// Any attribute. `_ty` is reserved for attributes whose type the context gives.
    pub fn parse_attribute(&mut self, _ty: Option<Type>) -> PResult<Attr> {
        match self.tok.kind {
            Tok::LSquare => self.parse_array_attr(),
            Tok::LBrace => self.parse_attr_dict(),
            Tok::AtIdent | Tok::AtString => self.parse_symbol_ref(),
            Tok::HashIdent => self.parse_hash_attr(),
            Tok::String => {
                let t = self.tok;
                let value: Box<[u8]> = self.string_contents(t)?.into();
                self.bump();
                let ty = if self.consume_if(Tok::Colon) {
                    self.parse_type()?
                } else {
                    self.ctx.none_type()
                };
                Ok(self.ctx.intern_attr(AttrKind::String { value, ty }))
            }
            Tok::Integer | Tok::HexInteger | Tok::Float | Tok::Minus => self.parse_number_attr(),
            Tok::BareIdent => self.parse_keyword_attr(),
            Tok::LParen | Tok::ExclIdent => {
                let ty = self.parse_type()?;
                Ok(self.ctx.type_attr(ty))
            }
            Tok::Error => self.lex_error(),
            _ => self.wrong_token("expected attribute value"),
        }
    }

    fn parse_keyword_attr(&mut self) -> PResult<Attr> {
        match self.cur_text() {
            "true" | "false" => {
                let v = self.cur_text() == "true";
                self.bump();
                Ok(self.ctx.bool_attr(v))
            }
            "unit" => {
                self.bump();
                Ok(self.ctx.unit_attr())
            }
            "loc" => self.parse_loc_attr(),
            "array" => self.parse_dense_array(),
            "strided" => self.parse_strided(),
            "affine_map" | "affine_set" => self.parse_affine_attr(),
            "dense" => self.parse_dense_attr(),
            "dense_resource" => self.parse_dense_resource(),
            "sparse" => self.parse_sparse_attr(),
            "distinct" => self.parse_distinct(),
            _ => {
                if self.starts_type() {
                    let ty = self.parse_type()?;
                    Ok(self.ctx.type_attr(ty))
                } else {
                    self.wrong_token("expected attribute value")
                }
            }
        }
    }

    /// Whether the current bare identifier is a builtin type keyword.
    fn starts_type(&self) -> bool {
        let s = self.cur_text();
        if matches!(
            s,
            "index" | "none" | "complex" | "tuple" | "tensor" | "vector" | "memref"
        ) || crate::FloatKind::from_keyword(s).is_some()
        {
            return true;
        }
        let digits = s
            .strip_prefix("si")
            .or_else(|| s.strip_prefix("ui"))
            .or_else(|| s.strip_prefix('i'));
        digits.is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
    }

    fn parse_array_attr(&mut self) -> PResult<Attr> {
        self.enter()?;
        self.bump();
        let mut v = Vec::new();
        if !self.consume_if(Tok::RSquare) {
            loop {
                v.push(self.parse_attribute(None)?);
                if !self.consume_if(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RSquare, "expected ',' or ']'")?;
        }
        self.exit();
        Ok(self.ctx.intern_attr(AttrKind::Array(v)))
    }

    /// `{a = 1, b, "q" = 2}`.
    pub fn parse_attr_dict(&mut self) -> PResult<Attr> {
        self.expect(Tok::LBrace, "expected '{'")?;
        self.enter()?;
        let mut entries: Vec<(Ident, Attr)> = Vec::new();
        let mut offs: Vec<u32> = Vec::new();
        if !self.consume_if(Tok::RBrace) {
            loop {
                let t = self.tok;
                let key = match t.kind {
                    Tok::BareIdent => self.ctx.ident(self.text(t)),
                    Tok::String => {
                        let b = self.string_contents(t)?;
                        if b.is_empty() {
                            return self.error_at(t.start, "expected valid attribute name");
                        }
                        self.ctx.ident_bytes(&b)
                    }
                    _ => return self.wrong_token("expected attribute name"),
                };
                self.bump();
                let value = if self.consume_if(Tok::Equal) {
                    self.parse_attribute(None)?
                } else {
                    self.ctx.unit_attr()
                };
                entries.push((key, value));
                offs.push(t.start);
                if !self.consume_if(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RBrace, "expected '}' in attribute dictionary")?;
        }
        self.exit();
        if entries.len() > 1 {
            if entries.len() <= 8 {
                for i in 1..entries.len() {
                    if entries[..i].iter().any(|e| e.0 == entries[i].0) {
                        return self.duplicate_key(entries[i].0, offs[i]);
                    }
                }
            } else {
                let mut seen = rustc_hash::FxHashSet::default();
                for (i, e) in entries.iter().enumerate() {
                    if !seen.insert(e.0) {
                        let (k, o) = (e.0, offs[i]);
                        return self.duplicate_key(k, o);
                    }
                }
            }
        }
        Ok(self.ctx.dictionary(entries))
    }

    fn duplicate_key<T>(&mut self, key: Ident, off: u32) -> PResult<T> {
        let k = String::from_utf8_lossy(self.ctx.bytes(key)).into_owned();
        self.error_at(off, format!("duplicate key '{k}' in dictionary attribute"))
    }

    /// The name of `@name` / `@"name"`.
    pub fn parse_symbol_name(&mut self) -> PResult<Vec<u8>> {
        let t = self.tok;
        let v = match t.kind {
            Tok::AtIdent => self.text(t).as_bytes()[1..].to_vec(),
            Tok::AtString => {
                let inner = Token {
                    kind: Tok::String,
                    start: t.start + 1,
                    end: t.end,
                };
                self.decode_string(inner)?
            }
            _ => return self.wrong_token("expected symbol reference identifier"),
        };
        self.bump();
        Ok(v)
    }

    fn parse_symbol_ref(&mut self) -> PResult<Attr> {
        let root = self.parse_symbol_name()?;
        let root = self.ctx.ident_bytes(&root);
        let mut nested = Vec::new();
        while self.consume_if(Tok::ColonColon) {
            if !matches!(self.tok.kind, Tok::AtIdent | Tok::AtString) {
                return self.wrong_token("expected nested symbol reference identifier");
            }
            let n = self.parse_symbol_name()?;
            nested.push(self.ctx.ident_bytes(&n));
        }
        Ok(self.ctx.intern_attr(AttrKind::SymbolRef { root, nested }))
    }

    /// `#alias`, `#dialect.name<...>`, `#dialect<"...">`.
    fn parse_hash_attr(&mut self) -> PResult<Attr> {
        let t = self.tok;
        let name = &self.cur_text()[1..];
        self.bump();
        let (dialect, rest) = match name.split_once('.') {
            Some((d, r)) => (d, Some(r)),
            None => (name, None),
        };
        if rest.is_none() && !self.is(Tok::Less) {
            return match self.attr_aliases.get(name) {
                Some(&a) => Ok(a),
                None => self.wrong_token(format!("undefined symbol alias id '{name}'")),
            };
        }
        let d = self.ctx.ident(dialect);
        if let (Some(mnemonic), Some(&hook)) = (rest, self.ctx.registry.parse_hooks().attrs.get(&d))
        {
            return hook(self, mnemonic);
        }
        if !self.ctx.allow_unregistered && self.ctx.registry.dialect(dialect).is_none() {
            return self.error_at(
                t.start,
                format!("dialect '{dialect}' provides no attribute parsing hook"),
            );
        }
        let (body, _pretty) =
            self.parse_dialect_body(t.start as usize + 1 + dialect.len(), rest)?;
        Ok(self.ctx.intern_attr(AttrKind::Opaque {
            dialect: d,
            body: body.into_bytes().into(),
        }))
    }

    // ---- numbers ----

    /// `[-]` integer, hex or float token.
    pub(crate) fn parse_num_lit(&mut self) -> PResult<NumLit> {
        let neg = self.consume_if(Tok::Minus);
        if !matches!(self.tok.kind, Tok::Integer | Tok::HexInteger | Tok::Float) {
            return self.wrong_token("expected constant integer or floating point value");
        }
        let tok = self.tok;
        self.bump();
        Ok(NumLit { neg, tok })
    }

    fn parse_number_attr(&mut self) -> PResult<Attr> {
        let lit = self.parse_num_lit()?;
        let ty = if self.consume_if(Tok::Colon) {
            self.parse_type()?
        } else if lit.tok.kind == Tok::Float {
            self.ctx.float_type(crate::FloatKind::F64)
        } else {
            self.ctx.i64()
        };
        self.number_attr_of_type(lit, ty)
    }

    /// A number literal converted to an attribute of `ty` (integer, index or float).
    pub(crate) fn number_attr_of_type(&mut self, lit: NumLit, ty: Type) -> PResult<Attr> {
        match self.ctx.type_kind(ty).clone() {
            TypeKind::Float(kind) => {
                let bits = self.float_bits(lit, kind)?;
                Ok(self.ctx.intern_attr(AttrKind::Float { ty, bits }))
            }
            TypeKind::Integer { .. } | TypeKind::Index => {
                if lit.tok.kind == Tok::Float {
                    return self.error_here("floating point value not valid for specified type");
                }
                let value =
                    self.int_value(lit, ty, "integer constant out of range for attribute")?;
                Ok(self.ctx.intern_attr(AttrKind::Integer { ty, value }))
            }
            _ => {
                if lit.tok.kind == Tok::Float {
                    self.error_here("floating point value not valid for specified type")
                } else {
                    self.error_at(
                        lit.tok.start,
                        "integer literal not valid for specified type",
                    )
                }
            }
        }
    }

    /// The bit pattern of a literal in float semantics `kind`.
    pub(crate) fn float_bits(&mut self, lit: NumLit, kind: crate::FloatKind) -> PResult<u128> {
        let text = self.text(lit.tok);
        match lit.tok.kind {
            Tok::HexInteger => {
                if lit.neg {
                    return self.error_at(
                        lit.tok.start,
                        "hexadecimal float literal should not have a leading minus",
                    );
                }
                let digits = text[2..].trim_start_matches('0');
                let width = kind.bit_width();
                let v = if digits.len() > 32 {
                    None
                } else {
                    u128::from_str_radix(if digits.is_empty() { "0" } else { digits }, 16).ok()
                };
                match v {
                    Some(v) if width >= 128 || v >> width == 0 => Ok(v),
                    _ => self.error_at(
                        lit.tok.start,
                        "hexadecimal float constant out of range for type",
                    ),
                }
            }
            Tok::Integer => {
                let loc = self.loc_at(lit.tok.start);
                self.emit(
                    crate::Diagnostic::error(
                        loc,
                        "unexpected decimal integer literal for a floating point value",
                    )
                    .with_note(loc, "add a trailing dot to make the literal a float"),
                );
                Err(Failed)
            }
            _ => {
                let r = if lit.neg {
                    let mut s = String::with_capacity(text.len() + 1);
                    s.push('-');
                    s.push_str(text);
                    crate::float::parse_decimal(&s, kind)
                } else {
                    crate::float::parse_decimal(text, kind)
                };
                match r {
                    Ok(b) => Ok(b),
                    Err(e) => self.error_at(lit.tok.start, e),
                }
            }
        }
    }

    /// The value of an integer literal for integer type `ty`, checked against its width
    /// and wrapped to the stored interpretation (signed, unsigned for `ui`, 0/1 for i1).
    pub(crate) fn int_value(&mut self, lit: NumLit, ty: Type, range_msg: &str) -> PResult<BigInt> {
        let (width, sign) = match *self.ctx.type_kind(ty) {
            TypeKind::Integer { width, signedness } => (width, signedness),
            _ => (64, Signedness::Signless),
        };
        if lit.neg && sign == Signedness::Unsigned {
            return self.error_at(
                lit.tok.start,
                "negative integer literal not valid for unsigned integer type",
            );
        }
        let text = self.text(lit.tok);
        let hex = lit.tok.kind == Tok::HexInteger;
        // Fast path for the common case.
        let mag: BigUint = {
            let digits = if hex { &text[2..] } else { text };
            let small = if hex {
                u64::from_str_radix(digits, 16).ok()
            } else {
                digits.parse::<u64>().ok()
            };
            match small {
                Some(v) => BigUint::from(v),
                None => {
                    // Digits beyond what the width could hold are out of range without
                    // converting (keeps 10 000-digit literals cheap).
                    let sig = digits.trim_start_matches('0');
                    let bits_per_digit = if hex { 4.0 } else { 3.33 };
                    if (sig.len() as f64 - 1.0) * bits_per_digit > width as f64 + 8.0 {
                        return self.error_at(lit.tok.start, range_msg);
                    }
                    BigUint::parse_bytes(sig.as_bytes(), if hex { 16 } else { 10 })
                        .unwrap_or_default()
                }
            }
        };
        let w = width as u64;
        // As mlir-opt: zero fits every width, i0/si0/ui0 included; a
        // negated literal must come out negative, so `-0` fits none.
        let fits = match (sign, lit.neg) {
            (Signedness::Unsigned, _) | (Signedness::Signless, false) => mag.bits() <= w,
            (Signedness::Signed, false) => mag.is_zero() || mag.bits() < w,
            (_, true) => !mag.is_zero() && w > 0 && mag <= (BigUint::one() << (w - 1)),
        };
        if !fits {
            return self.error_at(lit.tok.start, range_msg);
        }
        let value = if lit.neg {
            BigInt::from_biguint(Sign::Minus, mag)
        } else {
            BigInt::from_biguint(Sign::Plus, mag)
        };
        Ok(wrap_int(value, width, sign))
    }

    /// `array<i32: 1, 2>`, `array<f32>`.
    fn parse_dense_array(&mut self) -> PResult<Attr> {
        self.bump();
        self.expect(Tok::Less, "expected '<' after 'array'")?;
        let ty_off = self.tok.start;
        let element = self.parse_type()?;
        let kind = self.ctx.type_kind(element).clone();
        let width = match kind {
            TypeKind::Integer { width, .. } => width,
            TypeKind::Float(k) => k.bit_width(),
            _ => {
                return self.error_at(
                    ty_off,
                    format!(
                        "expected integer or float type, got: '{}'",
                        self.type_str(element)
                    ),
                );
            }
        };
        // MLIR 22: i1, or a whole number of bytes (i0 included).
        if matches!(kind, TypeKind::Integer { .. }) && width != 1 && width % 8 != 0 {
            return self.error_at(ty_off, "element type bitwidth must be a multiple of 8");
        }
        if width > 64 {
            return self.parse_wide_dense_array(element, kind, width);
        }
        let mut values = Vec::new();
        if !self.consume_if(Tok::Greater) {
            self.expect(Tok::Colon, "expected ':' after dense array type")?;
            loop {
                let float = matches!(kind, TypeKind::Float(_));
                let v = match (self.parse_array_elem(float, width == 1)?, &kind) {
                    (ArrayElem::Bool(b), _) => b as u64,
                    (ArrayElem::Lit(lit), TypeKind::Float(k)) => self.float_bits(lit, *k)? as u64,
                    (ArrayElem::Lit(lit), _) => {
                        let v = self.array_int_value(lit, element)?;
                        bits_of(&v, width) as u64
                    }
                };
                values.push(v);
                if !self.consume_if(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::Greater, "expected '>' to close an array attribute")?;
        }
        Ok(self
            .ctx
            .intern_attr(AttrKind::DenseArray { element, values }))
    }

    /// One element of an `array<...>`, read as MLIR's `DenseArrayElementParser`
    /// does: an optional `-`, then `true`/`false` (i1 only), an integer literal, or
    /// for floats also a float literal.
    fn parse_array_elem(&mut self, float: bool, i1: bool) -> PResult<ArrayElem> {
        let neg = self.consume_if(Tok::Minus);
        if !float && (self.is_kw("true") || self.is_kw("false")) {
            if !i1 {
                return self.error_here("expected i1 type for 'true' or 'false' values");
            }
            let v = self.is_kw("true");
            self.bump();
            return Ok(ArrayElem::Bool(v));
        }
        let ok = match self.tok.kind {
            Tok::Integer | Tok::HexInteger if i1 => {
                // mlir-opt points past the literal for this one.
                self.bump();
                return self.error_here("expected 'true' or 'false' values for i1 type");
            }
            Tok::Integer | Tok::HexInteger => true,
            Tok::Float => float,
            _ => false,
        };
        if !ok {
            return self.error_here(if float {
                "expected floating point literal"
            } else {
                "expected integer literal"
            });
        }
        let tok = self.tok;
        self.bump();
        Ok(ArrayElem::Lit(NumLit { neg, tok }))
    }

    /// An integer element of a dense array; out of range, mlir-opt points past
    /// the literal.
    fn array_int_value(&mut self, lit: NumLit, element: Type) -> PResult<BigInt> {
        let as_ty = self.array_value_type(element, lit.neg);
        match self.int_value(lit, as_ty, "integer constant out of range") {
            Ok(v) => Ok(v),
            Err(Failed) => {
                self.diags.diagnostics.pop();
                self.error_here("integer constant out of range")
            }
        }
    }

    /// The type a dense array element's literal is range-checked as: a negative
    /// one of an unsigned type as the signless type (MLIR's `buildAttributeAPInt`
    /// accepts `array<ui8: -1>` as 255).
    fn array_value_type(&mut self, element: Type, neg: bool) -> Type {
        match *self.ctx.type_kind(element) {
            TypeKind::Integer {
                width,
                signedness: crate::types::Signedness::Unsigned,
            } if neg => self
                .ctx
                .integer_type(width, crate::types::Signedness::Signless),
            _ => element,
        }
    }

    /// The elements of an `array<...>` wider than 64 bits, after its type.
    fn parse_wide_dense_array(
        &mut self,
        element: Type,
        kind: TypeKind,
        width: u32,
    ) -> PResult<Attr> {
        let bytes = (width as usize).div_ceil(8);
        let mut data = Vec::new();
        if !self.consume_if(Tok::Greater) {
            self.expect(Tok::Colon, "expected ':' after dense array type")?;
            loop {
                let float = matches!(kind, TypeKind::Float(_));
                let start = data.len();
                match (self.parse_array_elem(float, false)?, &kind) {
                    (ArrayElem::Bool(b), _) => data.push(b as u8),
                    (ArrayElem::Lit(lit), TypeKind::Float(k)) => {
                        let b = self.float_bits(lit, *k)?;
                        data.extend_from_slice(&b.to_le_bytes());
                    }
                    (ArrayElem::Lit(lit), _) => {
                        let v = self.array_int_value(lit, element)?;
                        let fill = if v.sign() == Sign::Minus { 0xFF } else { 0 };
                        data.extend_from_slice(&v.to_signed_bytes_le());
                        data.resize(start + bytes.max(data.len() - start), fill);
                    }
                }
                data.resize(start + bytes, 0);
                if !self.consume_if(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::Greater, "expected '>' to close an array attribute")?;
        }
        Ok(self.ctx.intern_attr(AttrKind::WideDenseArray {
            element,
            data: data.into(),
        }))
    }

    /// `distinct[N]<payload>` (`<>`: unit): the same `N` in one buffer is the same
    /// attribute, and must have the same payload.
    fn parse_distinct(&mut self) -> PResult<Attr> {
        let start = self.tok.start;
        self.bump();
        self.expect(Tok::LSquare, "expected '[' after 'distinct'")?;
        let n = match self.tok.kind {
            Tok::Integer => self.cur_text().parse::<u64>().ok(),
            Tok::HexInteger => u64::from_str_radix(&self.cur_text()[2..], 16).ok(),
            _ => return self.wrong_token("expected distinct ID"),
        };
        self.bump();
        let Some(n) = n else {
            return self.error_here("expected an unsigned 64-bit integer");
        };
        self.expect(Tok::RSquare, "expected ']' to close distinct ID")?;
        self.expect(Tok::Less, "expected '<' after distinct ID")?;
        let payload = if self.consume_if(Tok::Greater) {
            self.ctx.unit_attr()
        } else {
            let a = self.parse_attribute(None)?;
            self.expect(Tok::Greater, "expected '>' to close distinct attribute")?;
            a
        };
        if let Some(&prev) = self.distinct.get(&n) {
            let AttrKind::Distinct { payload: was, .. } = *self.ctx.attr_kind(prev) else {
                unreachable!("distinct ids map to distinct attributes")
            };
            if was != payload {
                let msg = format!(
                    "referenced attribute does not match previous definition: {}",
                    crate::printer::attr_to_string(self.ctx, was)
                );
                return self.error_at(start, msg);
            }
            return Ok(prev);
        }
        let id = self.ctx.num_attrs() as u32;
        let a = self.ctx.intern_attr(AttrKind::Distinct { id, payload });
        self.distinct.insert(n, a);
        Ok(a)
    }

    /// `strided<[1, ?], offset: ?>`.
    fn parse_strided(&mut self) -> PResult<Attr> {
        self.bump();
        self.expect(Tok::Less, "expected '<' after 'strided'")?;
        self.expect(Tok::LSquare, "expected '['")?;
        let mut strides = Vec::new();
        if !self.consume_if(Tok::RSquare) {
            loop {
                strides.push(self.parse_dim_value()?);
                if !self.consume_if(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RSquare, "expected ']'")?;
        }
        let mut offset = 0;
        if self.consume_if(Tok::Comma) {
            if !self.consume_kw("offset") {
                return self.wrong_token("expected 'offset' after comma");
            }
            self.expect(Tok::Colon, "expected ':' after 'offset'")?;
            offset = self.parse_dim_value()?;
        }
        self.expect(Tok::Greater, "expected '>'")?;
        Ok(self.ctx.intern_attr(AttrKind::Strided { strides, offset }))
    }

    /// `?` or a (possibly negative) 64-bit integer.
    fn parse_dim_value(&mut self) -> PResult<i64> {
        if self.consume_if(Tok::Question) {
            return Ok(DYNAMIC);
        }
        let neg = self.consume_if(Tok::Minus);
        if !self.is(Tok::Integer) {
            return self.wrong_token("expected a 64-bit signed integer or '?'");
        }
        let t = self.tok;
        let v = match self.text(t).parse::<i64>() {
            Ok(v) => v,
            Err(_) => return self.error_at(t.start, "expected a 64-bit signed integer or '?'"),
        };
        self.bump();
        Ok(if neg { -v } else { v })
    }
}

/// Wraps an in-range value to `width` bits in the stored interpretation.
pub(crate) fn wrap_int(v: BigInt, width: u32, sign: Signedness) -> BigInt {
    if width == 1 && sign == Signedness::Signless {
        return if v.is_zero() { v } else { BigInt::one() };
    }
    if width == 0 {
        return BigInt::zero();
    }
    let modulus = BigInt::one() << width;
    let mut r = v % &modulus;
    if r.sign() == Sign::Minus {
        r += &modulus;
    }
    if sign != Signedness::Unsigned && r >= (BigInt::one() << (width - 1)) {
        r -= modulus;
    }
    r
}

/// The low `width` bits (≤ 128) of a value as two's complement.
pub(crate) fn bits_of(v: &BigInt, width: u32) -> u128 {
    let (sign, digits) = v.to_u64_digits();
    let mut mag: u128 = 0;
    for (i, d) in digits.iter().take(2).enumerate() {
        mag |= (*d as u128) << (64 * i);
    }
    let r = if sign == Sign::Minus {
        mag.wrapping_neg()
    } else {
        mag
    };
    if width >= 128 {
        r
    } else {
        r & ((1u128 << width) - 1)
    }
}
