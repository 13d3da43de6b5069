//! `dense<...>`, `dense_resource<...>` and `sparse<...>` elements attributes.
//!
//! A literal is collected as mlir-opt collects it: a hex string, or the flat list
//! of element tokens (a complex `(a, b)` is two of them) with the shape of the
//! nested lists, empty for a bare element and for `dense<>`. It is converted once
//! the type is known. Both passes are linear in the size of the literal.

use super::attrs::{bits_of, NumLit};
use super::{PResult, Parser};
use crate::entity::{Attr, Type};
use crate::lexer::{Tok, Token};
use crate::types::{Signedness, TypeKind, DYNAMIC};
use crate::AttrKind;
use smallvec::SmallVec;

/// A parsed tensor literal.
#[derive(Default)]
struct Literal {
    /// A string given instead of elements (hex data, or a string splat).
    hex: Option<Token>,
    /// The shape of the nested lists; empty for a single element or no literal.
    shape: SmallVec<[i64; 4]>,
    /// The element tokens in order, with whether a `-` preceded them.
    elems: Vec<NumLit>,
}

/// The element type of a dense attribute, as its literal is converted.
#[derive(Copy, Clone, PartialEq, Eq)]
enum ElemClass {
    /// Integer or index; complex of integers.
    Int,
    /// Floating point; complex of floats.
    Float,
    /// Anything else: the elements are strings.
    Str,
}

impl<'a> Parser<'a> {
    pub(crate) fn parse_dense_attr(&mut self) -> PResult<Attr> {
        let start = self.tok.start;
        self.bump();
        self.expect(Tok::Less, "expected '<' after 'dense'")?;
        let mut lit = Literal::default();
        if !self.consume_if(Tok::Greater) {
            lit = self.parse_tensor_literal(true)?;
            self.expect(Tok::Greater, "expected '>'")?;
        }
        self.expect(Tok::Colon, "expected ':'")?;
        let ty = self.parse_type()?;
        let (shape, _) = self.elements_type(ty, start)?;
        self.literal_attr(&lit, ty, &shape, start)
    }

    /// A tensor literal: a list, a single element, or (if `allow_hex`) a string.
    fn parse_tensor_literal(&mut self, allow_hex: bool) -> PResult<Literal> {
        let mut lit = Literal::default();
        if allow_hex && self.is(Tok::String) {
            lit.hex = Some(self.tok);
            self.bump();
        } else if self.is(Tok::LSquare) {
            lit.shape = self.parse_dense_list(&mut lit.elems)?;
        } else {
            self.parse_dense_elem(&mut lit.elems)?;
        }
        Ok(lit)
    }

    /// `[e, e, ...]` or nested lists; returns the shape of the list.
    fn parse_dense_list(&mut self, elems: &mut Vec<NumLit>) -> PResult<SmallVec<[i64; 4]>> {
        self.enter()?;
        self.bump();
        let mut count: i64 = 0;
        let mut inner: Option<SmallVec<[i64; 4]>> = None;
        if !self.consume_if(Tok::RSquare) {
            loop {
                let sub: SmallVec<[i64; 4]> = if self.is(Tok::LSquare) {
                    self.parse_dense_list(elems)?
                } else {
                    self.parse_dense_elem(elems)?;
                    SmallVec::new()
                };
                match &inner {
                    None => inner = Some(sub),
                    Some(prev) if *prev != sub => {
                        return self.error_cur(
                            "tensor literal is invalid; ranks are not consistent between elements",
                        )
                    }
                    _ => {}
                }
                count += 1;
                if !self.consume_if(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RSquare, "expected ']'")?;
        }
        self.exit();
        let mut shape: SmallVec<[i64; 4]> = SmallVec::new();
        shape.push(count);
        shape.extend(inner.unwrap_or_default());
        Ok(shape)
    }

    /// One element: a number, `true`/`false`, a string, or `(e, e)` (two elements).
    fn parse_dense_elem(&mut self, elems: &mut Vec<NumLit>) -> PResult<()> {
        let tok = self.tok;
        match tok.kind {
            Tok::Integer | Tok::HexInteger | Tok::Float | Tok::String => {}
            Tok::BareIdent if self.is_kw("true") || self.is_kw("false") => {}
            Tok::Minus => {
                self.bump();
                if !matches!(self.tok.kind, Tok::Integer | Tok::HexInteger | Tok::Float) {
                    return self.error_cur("expected integer or floating point literal");
                }
                elems.push(NumLit {
                    neg: true,
                    tok: self.tok,
                });
                self.bump();
                return Ok(());
            }
            Tok::LParen => {
                self.enter()?;
                self.bump();
                self.parse_dense_elem(elems)?;
                self.expect(Tok::Comma, "expected ',' between complex elements")?;
                self.parse_dense_elem(elems)?;
                self.expect(Tok::RParen, "expected ')' after complex elements")?;
                self.exit();
                return Ok(());
            }
            _ => return self.error_cur("expected element literal of primitive type"),
        }
        elems.push(NumLit { neg: false, tok });
        self.bump();
        Ok(())
    }

    /// An error at the current token, as mlir-opt's `emitError()` places it (after
    /// the lexer's own error, if the token is one).
    fn error_cur<T>(&mut self, msg: &str) -> PResult<T> {
        if self.tok.kind == Tok::Error {
            return self.lex_error();
        }
        self.error_here(msg)
    }

    /// The static shape and element type of the type of an elements literal (a
    /// ranked tensor, vector or memref), or an error at `at`.
    fn elements_type(&mut self, ty: Type, at: u32) -> PResult<(Vec<i64>, Type)> {
        let (shape, el) = match self.ctx.type_kind(ty) {
            TypeKind::RankedTensor { shape, element, .. }
            | TypeKind::Vector { shape, element, .. }
            | TypeKind::MemRef { shape, element, .. } => (shape.clone(), *element),
            TypeKind::UnrankedTensor { .. } | TypeKind::UnrankedMemRef { .. } => {
                return self.error_at(at, "elements literal type must have static shape")
            }
            _ => return self.error_at(at, "elements literal must be a shaped type"),
        };
        if shape.contains(&DYNAMIC) {
            return self.error_at(at, "elements literal type must have static shape");
        }
        Ok((shape, el))
    }

    /// A static tensor type, for the parts of a sparse attribute.
    fn tensor_type(&mut self, shape: &[i64], element: Type) -> Type {
        self.ctx.intern_type(TypeKind::RankedTensor {
            shape: shape.to_vec(),
            element,
            encoding: None,
        })
    }

    /// The attribute of literal `lit` for type `ty` of static shape `shape`;
    /// errors about the literal as a whole are reported at `at`.
    fn literal_attr(&mut self, lit: &Literal, ty: Type, shape: &[i64], at: u32) -> PResult<Attr> {
        let el = match self.ctx.type_kind(ty) {
            TypeKind::RankedTensor { element, .. }
            | TypeKind::Vector { element, .. }
            | TypeKind::MemRef { element, .. } => *element,
            _ => unreachable!("checked by elements_type"),
        };
        // Wrapping, as mlir-opt's `getNumElements` does.
        let n: i64 = shape.iter().fold(1i64, |a, &d| a.wrapping_mul(d));
        let (class, scalar, complex) = match self.ctx.type_kind(el) {
            TypeKind::Integer { .. } | TypeKind::Index => (ElemClass::Int, el, false),
            TypeKind::Float(_) => (ElemClass::Float, el, false),
            TypeKind::Complex(inner) => {
                let inner = *inner;
                match self.ctx.type_kind(inner) {
                    TypeKind::Integer { .. } | TypeKind::Index => (ElemClass::Int, inner, true),
                    TypeKind::Float(_) => (ElemClass::Float, inner, true),
                    _ => (ElemClass::Str, el, false),
                }
            }
            _ => (ElemClass::Str, el, false),
        };
        if let (Some(t), true) = (lit.hex, class != ElemClass::Str) {
            return self.hex_attr(t, ty, scalar, complex, n, at);
        }
        if !lit.shape.is_empty() && lit.shape.as_slice() != shape {
            let msg = format!(
                "inferred shape of elements literal ([{}]) does not match type ([{}])",
                join_dims(&lit.shape),
                join_dims(shape)
            );
            return self.error_at(at, msg);
        }
        if lit.hex.is_none() && lit.elems.is_empty() && n != 0 {
            let msg = format!(
                "parsed zero elements, but type ('{}') expected at least 1",
                self.type_str(ty)
            );
            return self.error_at(at, msg);
        }
        let k = lit.elems.len();
        if complex {
            if lit.shape.is_empty() && n != 0 && k != 2 {
                let msg = format!(
                    "parsed {k} elements, but type ('{}') expected 2 elements",
                    self.type_str(el)
                );
                return self.error_at(at, msg);
            }
            if !lit.shape.is_empty() && k as i64 != n.wrapping_mul(2) {
                let msg = format!(
                    "parsed {k} elements, but type ('{}') expected {} elements",
                    self.type_str(ty),
                    n.wrapping_mul(2)
                );
                return self.error_at(at, msg);
            }
        }
        if class == ElemClass::Str {
            return self.string_attr(lit, ty, n, at);
        }
        // Bytes per scalar, as the printer reads them (an `i0` takes one).
        let width = scalar_width(self.ctx.type_kind(scalar));
        let scalar_bytes = (width as usize).div_ceil(8).max(1);
        let mut data: Vec<u8> = Vec::with_capacity(k * scalar_bytes);
        for &e in &lit.elems {
            match class {
                ElemClass::Int => self.push_int(&mut data, e, scalar, scalar_bytes)?,
                _ => self.push_float(&mut data, e, scalar, scalar_bytes)?,
            }
        }
        let elem_bytes = scalar_bytes * if complex { 2 } else { 1 };
        if width == 0 && n != 0 {
            // Zero-width elements (all 0, range-checked above): MLIR never keeps
            // them as a splat, so neither does xir; one zero byte each.
            self.element_count(data.len() / elem_bytes, n, ty, at)?;
            let len = (n.max(0) as usize).saturating_mul(elem_bytes);
            return Ok(self.ctx.intern_attr(AttrKind::DenseElements {
                ty,
                splat: false,
                data: vec![0u8; len].into(),
            }));
        }
        let values = data.len() / elem_bytes;
        let splat = self.element_count(values, n, ty, at)?;
        data.truncate(if splat {
            elem_bytes
        } else {
            (n as usize).saturating_mul(elem_bytes)
        });
        let splat = splat || is_uniform(&data, elem_bytes);
        if splat {
            data.truncate(elem_bytes);
        }
        Ok(self.ctx.intern_attr(AttrKind::DenseElements {
            ty,
            splat,
            data: data.into(),
        }))
    }

    /// Whether `values` parsed values make a splat of a type with `n` elements;
    /// an error if they are neither one value nor at least `n`. (mlir-opt reads
    /// past its buffer there: only `(a, b)` elements of a non-complex type get so
    /// far.)
    fn element_count(&mut self, values: usize, n: i64, ty: Type, at: u32) -> PResult<bool> {
        if values == 1 {
            return Ok(true);
        }
        if (values as i64) < n {
            let msg = format!(
                "parsed {values} elements, but type ('{}') expected {n} elements",
                self.type_str(ty)
            );
            return self.error_at(at, msg);
        }
        Ok(false)
    }

    /// Appends element `e` of integer or index type `el` as `bytes` little-endian
    /// bytes. Integers wider than 128 bits take the big-integer path so that they
    /// keep their high bits and sign extension.
    fn push_int(&mut self, data: &mut Vec<u8>, e: NumLit, el: Type, bytes: usize) -> PResult<()> {
        let (width, sign) = match *self.ctx.type_kind(el) {
            TypeKind::Integer { width, signedness } => (width, signedness),
            _ => (64, Signedness::Signless),
        };
        let at = e.tok.start;
        if e.neg && sign == Signedness::Unsigned {
            return self.error_at(
                at,
                "expected unsigned integer elements, but parsed negative value",
            );
        }
        match e.tok.kind {
            Tok::Float => {
                return self.error_at(at, "expected integer elements, but parsed floating-point")
            }
            Tok::BareIdent => {
                if width != 1 {
                    return self.error_at(at, "expected i1 type for 'true' or 'false' values");
                }
                data.push((self.text(e.tok) == "true") as u8);
                return Ok(());
            }
            Tok::Integer | Tok::HexInteger => {}
            _ => return self.error_at(at, "integer constant out of range for type"),
        }
        if width > 128 {
            let v = self.int_value(e, el, "integer constant out of range for type")?;
            let fill = if v.sign() == num_bigint::Sign::Minus {
                0xFF
            } else {
                0
            };
            let start = data.len();
            data.extend_from_slice(&v.to_signed_bytes_le());
            data.resize(start + bytes, fill);
            return Ok(());
        }
        let b = self.int_bits(e, width, sign)?;
        push_le(data, b, bytes);
        Ok(())
    }

    /// Appends element `e` of float type `el` as `bytes` little-endian bytes.
    fn push_float(&mut self, data: &mut Vec<u8>, e: NumLit, el: Type, bytes: usize) -> PResult<()> {
        let TypeKind::Float(k) = *self.ctx.type_kind(el) else {
            unreachable!("a float element type")
        };
        if !matches!(e.tok.kind, Tok::Integer | Tok::HexInteger | Tok::Float) {
            return self.error_at(e.tok.start, "expected floating point literal");
        }
        let bits = crate::float::storage_bits(self.float_bits(e, k)?, k);
        push_le(data, bits, bytes);
        Ok(())
    }

    /// The elements of a type whose elements are not numbers, as strings.
    fn string_attr(&mut self, lit: &Literal, ty: Type, n: i64, at: u32) -> PResult<Attr> {
        let mut values: Vec<Box<[u8]>> = Vec::with_capacity(lit.elems.len().max(1));
        if let Some(t) = lit.hex {
            values.push(self.decode_string(t)?.into());
        }
        for e in &lit.elems {
            if e.tok.kind != Tok::String {
                let msg = format!("expected string token, got {}", self.text(e.tok));
                return self.error_at(at, msg);
            }
            values.push(self.decode_string(e.tok)?.into());
        }
        let splat = self.element_count(values.len(), n, ty, at)?;
        values.truncate(if splat { 1 } else { n as usize });
        let splat = splat || (values.len() > 1 && values.iter().all(|v| *v == values[0]));
        if splat {
            values.truncate(1);
        }
        Ok(self
            .ctx
            .intern_attr(AttrKind::DenseString { ty, splat, values }))
    }

    /// An integer literal as `width`-bit two's complement, checked as mlir-opt does.
    /// Literals of up to 64 bits avoid big-integer arithmetic.
    fn int_bits(&mut self, n: NumLit, width: u32, sign: Signedness) -> PResult<u128> {
        let text = self.text(n.tok);
        let small = if n.tok.kind == Tok::HexInteger {
            u64::from_str_radix(&text[2..], 16).ok()
        } else {
            text.parse::<u64>().ok()
        };
        if let (Some(m), true) = (small, width <= 64) {
            let m = m as u128;
            let w = width;
            // The rules of `Parser::int_value`: zero fits every width, `-0` none.
            let fits = match (sign, n.neg) {
                (Signedness::Unsigned, _) | (Signedness::Signless, false) => m >> w == 0,
                (Signedness::Signed, false) => m == 0 || (w > 0 && m >> (w - 1) == 0),
                (_, true) => m != 0 && w > 0 && m <= 1u128 << (w - 1),
            };
            if !fits {
                return self.error_at(n.tok.start, "integer constant out of range for type");
            }
            let v = if n.neg { m.wrapping_neg() } else { m };
            return Ok(if w == 0 { 0 } else { v & ((1u128 << w) - 1) });
        }
        let ty = self.ctx.integer_type(width, sign);
        let v = self.int_value(n, ty, "integer constant out of range for type")?;
        Ok(if width == 1 {
            (!num_traits::Zero::is_zero(&v)) as u128
        } else {
            bits_of(&v, width.min(128))
        })
    }

    /// Hex data for a type with number elements, checked as mlir-opt's
    /// `isValidRawBuffer` does: one element (a splat) or all of them, with `i1`
    /// elements bit-packed.
    fn hex_attr(
        &mut self,
        t: Token,
        ty: Type,
        scalar: Type,
        complex: bool,
        n: i64,
        at: u32,
    ) -> PResult<Attr> {
        // One pass through a table (weights are megabytes of hex).
        let bytes = {
            let raw = self.text(t).as_bytes();
            let inner = &raw[1..raw.len() - 1];
            match inner.strip_prefix(b"0x") {
                Some(h) if h.len().is_multiple_of(2) => {
                    let mut bytes = Vec::with_capacity(h.len() / 2);
                    let mut bad = 0u8;
                    for c in h.chunks_exact(2) {
                        let (hi, lo) = (HEX_VALUE[c[0] as usize], HEX_VALUE[c[1] as usize]);
                        bad |= hi | lo;
                        bytes.push((hi << 4) | (lo & 15));
                    }
                    (bad < 16).then_some(bytes)
                }
                _ => None,
            }
        };
        let Some(bytes) = bytes else {
            return self.error_at(
                t.start,
                "expected string containing hex digits starting with `0x`",
            );
        };
        let n = n as usize;
        let width = scalar_width(self.ctx.type_kind(scalar)) as usize;
        // MLIR's storage width of one element, in bits.
        let storage = if complex {
            2 * width.next_multiple_of(8)
        } else if width == 1 {
            1
        } else {
            width.next_multiple_of(8)
        };
        let invalid = |p: &mut Self| -> PResult<Attr> {
            let msg = format!(
                "elements hex data size is invalid for provided type: '{}'",
                p.type_str(ty)
            );
            p.error_at(at, msg)
        };
        let scalar_bytes = width.div_ceil(8).max(1);
        let elem_bytes = scalar_bytes * if complex { 2 } else { 1 };
        let mut data: Vec<u8>;
        if width == 0 && n != 0 {
            // Zero-width elements have no bits: only empty hex data fits them.
            if !bytes.is_empty() {
                return invalid(self);
            }
            let len = n.saturating_mul(elem_bytes);
            return Ok(self.ctx.intern_attr(AttrKind::DenseElements {
                ty,
                splat: false,
                data: vec![0u8; len].into(),
            }));
        }
        if storage == 1 {
            // i1: a byte of all zeros or all ones is a splat; otherwise bit-packed.
            if bytes.len() == 1 && (bytes[0] == 0 || bytes[0] == 0xFF) {
                data = vec![(bytes[0] != 0) as u8];
            } else if Some(bytes.len() * 8) == n.checked_next_multiple_of(8) {
                data = (0..n).map(|i| (bytes[i / 8] >> (i % 8)) & 1).collect();
            } else {
                return invalid(self);
            }
        } else if bytes.len() * 8 == storage && storage != 0 {
            // One element: a splat.
            data = bytes;
        } else if bytes.len() * 8 == storage.wrapping_mul(n) {
            data = bytes;
        } else {
            return invalid(self);
        }
        let splat = data.len() == elem_bytes || is_uniform(&data, elem_bytes);
        if splat {
            data.truncate(elem_bytes);
        }
        Ok(self.ctx.intern_attr(AttrKind::DenseElements {
            ty,
            splat,
            data: data.into(),
        }))
    }

    /// `dense_resource<name> : type`.
    pub(crate) fn parse_dense_resource(&mut self) -> PResult<Attr> {
        self.bump();
        self.expect(Tok::Less, "expected '<' after 'dense_resource'")?;
        // The key is a bare keyword or a string (`parseOptionalKeywordOrString`).
        let handle = match self.tok.kind {
            Tok::BareIdent => self.ctx.ident(self.cur_text()),
            Tok::String => {
                let t = self.tok;
                let bytes = self.decode_string(t)?;
                self.ctx.ident_bytes(&bytes)
            }
            _ => return self.wrong_token("expected identifier key for 'resource' entry"),
        };
        self.bump();
        self.expect(Tok::Greater, "expected '>'")?;
        // mlir-opt reports a wrong type at the ':'.
        let ty_at = self.tok.start;
        self.expect(Tok::Colon, "expected ':'")?;
        let ty = self.parse_type()?;
        if !self.ctx.type_kind(ty).is_shaped() {
            return self.error_at(ty_at, "`dense_resource` expected a shaped type");
        }
        Ok(self.ctx.intern_attr(AttrKind::DenseResource { ty, handle }))
    }

    /// `sparse<indices, values> : type`, checked as mlir-opt's
    /// `SparseElementsAttr::verify` does.
    pub(crate) fn parse_sparse_attr(&mut self) -> PResult<Attr> {
        let start = self.tok.start;
        self.bump();
        self.expect(Tok::Less, "Expected '<' after 'sparse'")?;
        let i64t = self.ctx.i64();
        if self.consume_if(Tok::Greater) {
            self.expect(Tok::Colon, "expected ':'")?;
            let ty = self.parse_type()?;
            let (shape, el) = self.elements_type(ty, start)?;
            let idx_ty = self.tensor_type(&[0, shape.len() as i64], i64t);
            let val_ty = self.tensor_type(&[0], el);
            let indices = self.ctx.intern_attr(AttrKind::DenseElements {
                ty: idx_ty,
                splat: false,
                data: Box::new([]),
            });
            let values = self.ctx.intern_attr(AttrKind::DenseElements {
                ty: val_ty,
                splat: false,
                data: Box::new([]),
            });
            return Ok(self.ctx.intern_attr(AttrKind::Sparse {
                ty,
                indices,
                values,
            }));
        }
        let idx_at = self.tok.start;
        let idx_lit = self.parse_tensor_literal(false)?;
        self.expect(Tok::Comma, "expected ','")?;
        let val_at = self.tok.start;
        let val_lit = self.parse_tensor_literal(true)?;
        self.expect(Tok::Greater, "expected '>'")?;
        self.expect(Tok::Colon, "expected ':'")?;
        let ty = self.parse_type()?;
        let (shape, el) = self.elements_type(ty, start)?;
        let rank = shape.len();
        let idx_shape: Vec<i64> = if idx_lit.shape.is_empty() {
            vec![1, rank as i64]
        } else {
            idx_lit.shape.to_vec()
        };
        let idx_ty = self.tensor_type(&idx_shape, i64t);
        let indices = self.literal_attr(&idx_lit, idx_ty, &idx_shape, idx_at)?;
        let val_shape: Vec<i64> = if val_lit.shape.is_empty() {
            vec![idx_shape[0]]
        } else {
            val_lit.shape.to_vec()
        };
        let val_ty = self.tensor_type(&val_shape, el);
        let values = self.literal_attr(&val_lit, val_ty, &val_shape, val_at)?;

        if val_shape.len() != 1 {
            return self.error_at(start, "expected 1-d tensor for sparse element values");
        }
        let shape_ok = match idx_shape.len() {
            2 => idx_shape[1] == rank as i64,
            1 => rank == 1,
            _ => false,
        };
        if !shape_ok || idx_shape[0] != val_shape[0] {
            let msg = format!(
                "expected shape ([{}]); inferred shape of indices literal ([{}]); inferred shape of values literal ([{}])",
                join_dims(&shape),
                join_dims(&idx_shape),
                join_dims(&val_shape)
            );
            return self.error_at(start, msg);
        }
        // Every index must lie within the shape.
        if let AttrKind::DenseElements { splat, data, .. } = self.ctx.attr_kind(indices) {
            let at = |i: usize| -> u64 {
                let i = if *splat { 0 } else { i };
                let mut b = [0u8; 8];
                b.copy_from_slice(&data[i * 8..i * 8 + 8]);
                u64::from_le_bytes(b)
            };
            let count = idx_shape[0] as usize;
            for i in 0..count {
                let index: Vec<u64> = (0..rank).map(|d| at(i * rank + d)).collect();
                let ok = index
                    .iter()
                    .zip(&shape)
                    .all(|(&v, &dim)| (v as i64) >= 0 && (v as i64) < dim);
                if !ok {
                    let msg = format!(
                        "sparse index #{i} is not contained within the value shape, with index=[{}], and type='{}'",
                        index
                            .iter()
                            .map(|v| v.to_string())
                            .collect::<Vec<_>>()
                            .join(", "),
                        self.type_str(ty)
                    );
                    return self.error_at(start, msg);
                }
            }
        }
        Ok(self.ctx.intern_attr(AttrKind::Sparse {
            ty,
            indices,
            values,
        }))
    }
}

/// The bit width of a scalar element type (integer, index or float).
fn scalar_width(kind: &TypeKind) -> u32 {
    match kind {
        TypeKind::Integer { width, .. } => *width,
        TypeKind::Index => 64,
        TypeKind::Float(k) => k.bit_width(),
        _ => 0,
    }
}

fn join_dims(v: &[i64]) -> String {
    v.iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn push_le(out: &mut Vec<u8>, v: u128, bytes: usize) {
    out.extend_from_slice(&v.to_le_bytes()[..bytes.min(16)]);
    for _ in 16..bytes {
        out.push(0);
    }
}

fn is_uniform(data: &[u8], elem_bytes: usize) -> bool {
    if elem_bytes == 0 || data.len() <= elem_bytes {
        return !data.is_empty() || elem_bytes == 0;
    }
    let first = &data[..elem_bytes];
    data.chunks_exact(elem_bytes).all(|c| c == first)
}

/// The value of each hex digit; 255 for every other byte.
static HEX_VALUE: [u8; 256] = {
    let mut t = [255u8; 256];
    let mut i = 0;
    while i < 10 {
        t[b'0' as usize + i] = i as u8;
        i += 1;
    }
    let mut i = 0;
    while i < 6 {
        t[b'a' as usize + i] = 10 + i as u8;
        t[b'A' as usize + i] = 10 + i as u8;
        i += 1;
    }
    t
};
