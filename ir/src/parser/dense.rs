//! `dense<...>`, `dense_resource<...>` and `sparse<...>` elements attributes.
//!
//! A literal is first collected as a flat list of element tokens with its inferred
//! shape (one pass, no per-element allocation), then converted once the type is
//! known. Both passes are linear in the size of the literal.

use super::attrs::{bits_of, NumLit};
use super::{PResult, Parser};
use crate::entity::{Attr, Type};
use crate::lexer::{Tok, Token};
use crate::types::{Signedness, TypeKind, DYNAMIC};
use crate::AttrKind;
use smallvec::SmallVec;

#[derive(Copy, Clone)]
enum Elem {
    Num(NumLit),
    Bool(bool, Token),
    Complex(ElemScalar, ElemScalar),
    Str(Token),
}

#[derive(Copy, Clone)]
enum ElemScalar {
    Num(NumLit),
    Bool(bool, Token),
}

/// A parsed literal: hex data, or elements with their shape (`None`: a single
/// element written without brackets, i.e. a splat).
enum Literal {
    Hex(Token),
    Elems {
        shape: Option<SmallVec<[i64; 4]>>,
        elems: Vec<Elem>,
    },
}

impl<'a> Parser<'a> {
    pub(crate) fn parse_dense_attr(&mut self) -> PResult<Attr> {
        let start = self.tok.start;
        self.bump();
        self.expect(Tok::Less, "expected '<' after 'dense'")?;
        let lit = if self.is(Tok::Greater) {
            Literal::Elems {
                shape: Some(SmallVec::new()),
                elems: Vec::new(),
            }
        } else {
            self.parse_dense_literal()?
        };
        self.expect(Tok::Greater, "expected '>'")?;
        self.expect(Tok::Colon, "expected ':'")?;
        let ty = self.parse_type()?;
        self.dense_from_literal(lit, ty, start)
    }

    fn parse_dense_literal(&mut self) -> PResult<Literal> {
        if self.is(Tok::String) && self.cur_text().starts_with("\"0x") {
            let t = self.tok;
            self.bump();
            return Ok(Literal::Hex(t));
        }
        let mut elems = Vec::new();
        if !self.is(Tok::LSquare) {
            elems.push(self.parse_dense_elem()?);
            return Ok(Literal::Elems { shape: None, elems });
        }
        let shape = self.parse_dense_list(&mut elems)?;
        Ok(Literal::Elems {
            shape: Some(shape),
            elems,
        })
    }

    /// `[e, e, ...]` or nested lists; returns the shape of the list.
    fn parse_dense_list(&mut self, elems: &mut Vec<Elem>) -> PResult<SmallVec<[i64; 4]>> {
        self.enter()?;
        self.bump();
        let mut count: i64 = 0;
        let mut inner: Option<SmallVec<[i64; 4]>> = None;
        if !self.consume_if(Tok::RSquare) {
            loop {
                let sub: SmallVec<[i64; 4]> = if self.is(Tok::LSquare) {
                    self.parse_dense_list(elems)?
                } else {
                    elems.push(self.parse_dense_elem()?);
                    SmallVec::new()
                };
                match &inner {
                    None => inner = Some(sub),
                    Some(prev) if *prev != sub => {
                        return self.error_here(
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
            self.expect(Tok::RSquare, "expected ',' or ']'")?;
        }
        self.exit();
        let mut shape: SmallVec<[i64; 4]> = SmallVec::new();
        shape.push(count);
        shape.extend(inner.unwrap_or_default());
        Ok(shape)
    }

    fn parse_dense_elem(&mut self) -> PResult<Elem> {
        match self.tok.kind {
            Tok::LParen => {
                self.bump();
                let re = self.parse_dense_scalar()?;
                self.expect(Tok::Comma, "expected ',' between complex elements")?;
                let im = self.parse_dense_scalar()?;
                self.expect(Tok::RParen, "expected ')' after complex elements")?;
                Ok(Elem::Complex(re, im))
            }
            Tok::String => {
                let t = self.tok;
                self.bump();
                Ok(Elem::Str(t))
            }
            _ => Ok(match self.parse_dense_scalar()? {
                ElemScalar::Num(n) => Elem::Num(n),
                ElemScalar::Bool(b, t) => Elem::Bool(b, t),
            }),
        }
    }

    fn parse_dense_scalar(&mut self) -> PResult<ElemScalar> {
        if self.is_kw("true") || self.is_kw("false") {
            let t = self.tok;
            let v = self.cur_text() == "true";
            self.bump();
            return Ok(ElemScalar::Bool(v, t));
        }
        if !matches!(
            self.tok.kind,
            Tok::Minus | Tok::Integer | Tok::HexInteger | Tok::Float
        ) {
            return self.wrong_token("expected element literal of primitive type");
        }
        Ok(ElemScalar::Num(self.parse_num_lit()?))
    }

    /// The static shape and element type of a shaped type, or an error at `at`.
    fn static_shape(&mut self, ty: Type, at: u32) -> PResult<(Vec<i64>, Type)> {
        let (shape, el) = match self.ctx.type_kind(ty) {
            TypeKind::RankedTensor { shape, element, .. } => (shape.clone(), *element),
            TypeKind::Vector { shape, element, .. } => (shape.clone(), *element),
            _ => {
                return self.error_at(
                    at,
                    "elements literal must be a shaped type, but got ".to_string()
                        + &self.type_str(ty),
                )
            }
        };
        if shape.contains(&DYNAMIC) {
            return self.error_at(at, "elements literal type must have static shape");
        }
        Ok((shape, el))
    }

    fn dense_from_literal(&mut self, lit: Literal, ty: Type, at: u32) -> PResult<Attr> {
        let (shape, el) = self.static_shape(ty, at)?;
        let n: i64 = shape.iter().product();
        let el_kind = self.ctx.type_kind(el).clone();
        let width = match el_kind {
            TypeKind::Integer { width, .. } => width,
            TypeKind::Index => 64,
            TypeKind::Float(k) => k.bit_width(),
            TypeKind::Complex(inner) => match self.ctx.type_kind(inner) {
                TypeKind::Integer { width, .. } => *width,
                TypeKind::Float(k) => k.bit_width(),
                _ => 64,
            },
            _ => 0,
        };
        let is_complex = matches!(el_kind, TypeKind::Complex(_));
        let elem_bytes = (width as usize).div_ceil(8) * if is_complex { 2 } else { 1 };
        let (shape_lit, elems) = match lit {
            Literal::Hex(t) => return self.dense_from_hex(t, ty, n, width, elem_bytes, at),
            Literal::Elems { shape, elems } => (shape, elems),
        };
        if let Some(s) = &shape_lit {
            if s.as_slice() != shape.as_slice() {
                if elems.is_empty() && n != 0 {
                    let msg = format!(
                        "parsed zero elements, but type ('{}') expected at least 1",
                        self.type_str(ty)
                    );
                    return self.error_at(at, msg);
                }
                let fmt = |v: &[i64]| {
                    v.iter()
                        .map(|d| d.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                return self.error_at(
                    at,
                    format!(
                        "inferred shape of elements literal ([{}]) does not match type ([{}])",
                        fmt(s),
                        fmt(&shape)
                    ),
                );
            }
        }
        // String elements.
        if elems.iter().any(|e| matches!(e, Elem::Str(_))) {
            let mut values: Vec<Box<[u8]>> = Vec::with_capacity(elems.len());
            for e in &elems {
                match *e {
                    Elem::Str(t) => values.push(self.decode_string(t)?.into()),
                    _ => return self.error_here("expected string token, got non-string"),
                }
            }
            let splat =
                shape_lit.is_none() || (values.len() > 1 && values.iter().all(|v| *v == values[0]));
            if splat {
                values.truncate(1);
            }
            return Ok(self
                .ctx
                .intern_attr(AttrKind::DenseString { ty, splat, values }));
        }
        if width == 0 && !elems.is_empty() {
            return self.error_at(at, "expected integer or floating point element type");
        }
        let mut data: Vec<u8> = Vec::with_capacity(elems.len() * elem_bytes);
        for e in &elems {
            match (&el_kind, *e) {
                (TypeKind::Complex(inner), Elem::Complex(re, im)) => {
                    let inner = *inner;
                    self.push_scalar(&mut data, re, inner, elem_bytes / 2)?;
                    self.push_scalar(&mut data, im, inner, elem_bytes / 2)?;
                }
                (TypeKind::Complex(_), _) => {
                    return self.error_at(elem_pos(*e), "expected complex element");
                }
                (_, Elem::Complex(re, _)) => {
                    let pos = match re {
                        ElemScalar::Num(n) => n.tok.start,
                        ElemScalar::Bool(_, t) => t.start,
                    };
                    return self.error_at(pos, "unexpected complex element for a non-complex type");
                }
                (_, Elem::Num(n)) => {
                    self.push_scalar(&mut data, ElemScalar::Num(n), el, elem_bytes)?;
                }
                (_, Elem::Bool(v, t)) => {
                    let b = self.scalar_bits(ElemScalar::Bool(v, t), el)?;
                    push_le(&mut data, b, elem_bytes);
                }
                (_, Elem::Str(_)) => unreachable!("strings handled above"),
            }
        }
        let splat = shape_lit.is_none() || is_uniform(&data, elem_bytes);
        if splat {
            data.truncate(elem_bytes);
        }
        Ok(self.ctx.intern_attr(AttrKind::DenseElements {
            ty,
            splat,
            data: data.into(),
        }))
    }

    /// Appends one scalar element of type `el` as `bytes` little-endian bytes.
    /// Integers wider than 128 bits take the big-integer path so that they keep
    /// their high bits and sign extension.
    fn push_scalar(
        &mut self,
        data: &mut Vec<u8>,
        s: ElemScalar,
        el: Type,
        bytes: usize,
    ) -> PResult<()> {
        if let (TypeKind::Integer { width, .. }, ElemScalar::Num(n)) = (self.ctx.type_kind(el), s) {
            if *width > 128 && n.tok.kind != Tok::Float {
                let v = self.int_value(n, el, "integer constant out of range for type")?;
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
        }
        let b = self.scalar_bits(s, el)?;
        push_le(data, b, bytes);
        Ok(())
    }

    /// One scalar element as bits of type `el` (integer, index or float).
    fn scalar_bits(&mut self, s: ElemScalar, el: Type) -> PResult<u128> {
        match (self.ctx.type_kind(el).clone(), s) {
            (TypeKind::Integer { width, .. }, ElemScalar::Bool(v, t)) => {
                if width != 1 {
                    return self.error_at(t.start, "expected i1 type for 'true' or 'false' values");
                }
                Ok(v as u128)
            }
            (TypeKind::Integer { width, signedness }, ElemScalar::Num(n)) => {
                if n.tok.kind == Tok::Float {
                    return self.error_at(
                        n.tok.start,
                        "expected integer elements, but parsed floating-point",
                    );
                }
                self.int_bits(n, width, signedness)
            }
            (TypeKind::Index, ElemScalar::Num(n)) => {
                if n.tok.kind == Tok::Float {
                    return self.error_at(
                        n.tok.start,
                        "expected integer elements, but parsed floating-point",
                    );
                }
                self.int_bits(n, 64, Signedness::Signless)
            }
            (TypeKind::Float(k), ElemScalar::Num(n)) => {
                Ok(crate::float::storage_bits(self.float_bits(n, k)?, k))
            }
            (TypeKind::Float(_), ElemScalar::Bool(_, t)) => self.error_at(
                t.start,
                "expected floating-point elements, but parsed integer",
            ),
            (_, ElemScalar::Num(n)) => self.error_at(n.tok.start, "expected integer elements"),
            (_, ElemScalar::Bool(_, t)) => self.error_at(t.start, "expected integer elements"),
        }
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
            if n.neg && sign == Signedness::Unsigned {
                return self.error_at(
                    n.tok.start,
                    "negative integer literal not valid for unsigned integer type",
                );
            }
            let m = m as u128;
            let w = width;
            let fits = match (sign, n.neg) {
                (Signedness::Unsigned, _) | (Signedness::Signless, false) => m >> w == 0,
                (Signedness::Signed, false) => w > 0 && m >> (w - 1) == 0,
                (_, true) => m == 0 || (w > 0 && m <= 1u128 << (w - 1)),
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

    fn dense_from_hex(
        &mut self,
        t: Token,
        ty: Type,
        n: i64,
        width: u32,
        elem_bytes: usize,
        at: u32,
    ) -> PResult<Attr> {
        let raw = self.text(t);
        let hex = &raw.as_bytes()[3..raw.len() - 1];
        if !hex.len().is_multiple_of(2) || !hex.iter().all(|b| b.is_ascii_hexdigit()) {
            return self.error_at(
                t.start,
                "expected string containing hex digits starting with `0x`",
            );
        }
        let bytes: Vec<u8> = hex
            .chunks(2)
            .map(|c| (hex_digit(c[0]) << 4) | hex_digit(c[1]))
            .collect();
        let n = n as usize;
        let invalid = |p: &mut Self| -> PResult<Attr> {
            let msg = format!(
                "elements hex data size is invalid for provided type: '{}'",
                p.type_str(ty)
            );
            p.error_at(at, msg)
        };
        let mut data: Vec<u8>;
        if width == 1 && elem_bytes == 1 {
            // i1 hex data is bit-packed, or a single byte for a splat.
            if bytes.len() == 1 && n != 1 {
                data = vec![(bytes[0] != 0) as u8];
            } else if bytes.len() == n.div_ceil(8) {
                data = (0..n).map(|i| (bytes[i / 8] >> (i % 8)) & 1).collect();
            } else {
                return invalid(self);
            }
        } else if elem_bytes == 0 {
            return invalid(self);
        } else if bytes.len() == elem_bytes || bytes.len() == n * elem_bytes {
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
        if !self.is(Tok::BareIdent) {
            return self.wrong_token("expected identifier key for 'resource' entry");
        }
        let handle = self.ctx.ident(self.cur_text());
        self.bump();
        self.expect(Tok::Greater, "expected '>'")?;
        self.expect(Tok::Colon, "expected ':'")?;
        let ty = self.parse_type()?;
        Ok(self.ctx.intern_attr(AttrKind::DenseResource { ty, handle }))
    }

    /// `sparse<indices, values> : type`.
    pub(crate) fn parse_sparse_attr(&mut self) -> PResult<Attr> {
        let start = self.tok.start;
        self.bump();
        self.expect(Tok::Less, "expected '<' after 'sparse'")?;
        let (idx_lit, val_lit) = if self.is(Tok::Greater) {
            (None, None)
        } else {
            let i = self.parse_dense_literal()?;
            self.expect(Tok::Comma, "expected ','")?;
            let v = self.parse_dense_literal()?;
            (Some(i), Some(v))
        };
        self.expect(Tok::Greater, "expected '>'")?;
        self.expect(Tok::Colon, "expected ':'")?;
        let ty = self.parse_type()?;
        let (shape, el) = self.static_shape(ty, start)?;
        let rank = shape.len() as i64;
        let i64t = self.ctx.i64();
        let (idx_shape, val_shape): (Vec<i64>, Vec<i64>) = match &idx_lit {
            None => (vec![0, rank], vec![0]),
            Some(Literal::Elems { shape: Some(s), .. }) => {
                let nnz = s.first().copied().unwrap_or(0);
                let s = if s.len() == 1 {
                    vec![nnz, 1]
                } else {
                    s.to_vec()
                };
                (s, vec![nnz])
            }
            Some(_) => (vec![1, rank], vec![1]),
        };
        let idx_ty = self.ctx.intern_type(TypeKind::RankedTensor {
            shape: idx_shape,
            element: i64t,
            encoding: None,
        });
        let val_ty = self.ctx.intern_type(TypeKind::RankedTensor {
            shape: val_shape.clone(),
            element: el,
            encoding: None,
        });
        let indices = match idx_lit {
            None => self.ctx.intern_attr(AttrKind::DenseElements {
                ty: idx_ty,
                splat: false,
                data: Box::new([]),
            }),
            Some(l) => {
                let l = match l {
                    Literal::Elems {
                        elems,
                        shape: Some(s),
                    } if s.len() == 1 => Literal::Elems {
                        elems,
                        shape: Some(SmallVec::from_slice(&[s[0], 1])),
                    },
                    other => other,
                };
                self.dense_from_literal(l, idx_ty, start)?
            }
        };
        let values = match val_lit {
            None => self.ctx.intern_attr(AttrKind::DenseElements {
                ty: val_ty,
                splat: false,
                data: Box::new([]),
            }),
            Some(l) => self.dense_from_literal(l, val_ty, start)?,
        };
        Ok(self.ctx.intern_attr(AttrKind::Sparse {
            ty,
            indices,
            values,
        }))
    }
}

fn elem_pos(e: Elem) -> u32 {
    match e {
        Elem::Num(n) => n.tok.start,
        Elem::Bool(_, t) | Elem::Str(t) => t.start,
        Elem::Complex(ElemScalar::Num(n), _) => n.tok.start,
        Elem::Complex(ElemScalar::Bool(_, t), _) => t.start,
    }
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

fn hex_digit(c: u8) -> u8 {
    match c {
        b'0'..=b'9' => c - b'0',
        b'a'..=b'f' => c - b'a' + 10,
        _ => c - b'A' + 10,
    }
}
