//! Builtin attributes as text (MLIR's `printAttributeImpl`), with aliases.

use super::escape::{
    push_hex_string, push_keyword_or_string, push_opaque_symbol, push_quoted, push_symbol_ref,
};
use super::numbering::{push_i64, push_u64};
use super::Printer;
use crate::attributes::AttrKind;
use crate::entity::{Attr, Ident, Type};
use crate::types::{FloatKind, Signedness, TypeKind, DYNAMIC};
use num_bigint::{BigInt, BigUint};

/// Whether the type of an attribute is printed (`: i64`).
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum Elision {
    Never,
    /// `i64` integers and `f64` floats drop their type (array elements, memref spaces).
    May,
    Must,
}

/// How one element of a dense attribute is stored and printed.
#[derive(Copy, Clone)]
enum Elem {
    Int { bits: u32, unsigned: bool },
    Float(FloatKind),
}

impl Elem {
    fn bits(self) -> u32 {
        match self {
            Elem::Int { bits, .. } => bits,
            Elem::Float(k) => k.bit_width(),
        }
    }
    fn bytes(self) -> usize {
        (self.bits() as usize).div_ceil(8).max(1)
    }
}

/// Element kind, complex flag, and shape of a shaped type.
fn shaped_info(kind: &TypeKind) -> Option<(&[i64], Type)> {
    match kind {
        TypeKind::RankedTensor { shape, element, .. }
        | TypeKind::Vector { shape, element, .. }
        | TypeKind::MemRef { shape, element, .. } => Some((shape, *element)),
        _ => None,
    }
}

impl Printer<'_> {
    /// An attribute (with its type), or its alias.
    pub fn print_attr(&mut self, a: Attr) {
        self.print_attr_with(a, Elision::Never);
    }

    /// An attribute whose `i64`/`f64` type may be dropped.
    pub fn print_attr_elided(&mut self, a: Attr) {
        self.print_attr_with(a, Elision::May);
    }

    pub fn print_attr_with(&mut self, a: Attr, elision: Elision) {
        if let Some(c) = self.collector.as_mut() {
            c.visit_attr(self.ctx, a, false, elision == Elision::Must);
            return;
        }
        if let Some(al) = self.aliases.attr_alias(a) {
            al.push_name(&mut self.out);
            return;
        }
        self.print_attr_impl(a, elision);
    }

    /// An attribute without looking up its own alias.
    pub(super) fn print_attr_impl(&mut self, a: Attr, elision: Elision) {
        if elision != Elision::Never {
            return self.print_attr_uncached(a, elision);
        }
        if let Some((s, l)) = Self::cached(&self.attr_cache, a.index()) {
            let s = s as usize;
            self.out.push_str(&self.cache[s..s + l as usize]);
            return;
        }
        let from = self.out.len();
        self.print_attr_uncached(a, elision);
        self.store_cache(false, a.index(), from);
    }

    /// `{a = 1 : i64, b}` entries (the braces included).
    pub fn print_dict_entries(&mut self, entries: &[(Ident, Attr)]) {
        self.out.push('{');
        for (i, (k, v)) in entries.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            push_keyword_or_string(&mut self.out, self.ctx.bytes(*k));
            if !matches!(self.ctx.attr_kind(*v), AttrKind::Unit) {
                self.out.push_str(" = ");
                self.print_attr(*v);
            }
        }
        self.out.push('}');
    }

    fn print_type_suffix(&mut self, ty: Type, elision: Elision) {
        if elision != Elision::Must && !matches!(self.ctx.type_kind(ty), TypeKind::None) {
            self.out.push_str(" : ");
            self.print_type(ty);
        }
    }

    /// Whether `a` prints elided (MLIR's `shouldElideElementsAttr`): more elements
    /// than the limit, not all equal. A sparse attr elides if its indices or values do.
    fn elides(&self, a: Attr) -> bool {
        let Some(limit) = self.elide_elements_over else {
            return false;
        };
        let count = |ty: Type| -> u64 {
            shaped_info(self.ctx.type_kind(ty))
                .map(|(shape, _)| {
                    shape
                        .iter()
                        .fold(1u64, |n, &d| n.saturating_mul(d.max(0) as u64))
                })
                .unwrap_or(0)
        };
        match self.ctx.attr_kind(a) {
            AttrKind::DenseElements { ty, splat, data } => {
                let n = count(*ty);
                // Data too short for one byte per element (zero-width) counts as a splat.
                let stride = data.len() / n.max(1) as usize;
                n > limit && !*splat && stride > 0 && !all_equal(data, stride, n as usize)
            }
            AttrKind::DenseString { ty, splat, values } => {
                count(*ty) > limit && !*splat && values.iter().any(|v| v != &values[0])
            }
            AttrKind::Sparse {
                indices, values, ..
            } => self.elides(*indices) || self.elides(*values),
            _ => false,
        }
    }

    fn print_attr_uncached(&mut self, a: Attr, elision: Elision) {
        let ctx = self.ctx;
        match ctx.attr_kind(a) {
            AttrKind::Unit => self.out.push_str("unit"),
            AttrKind::Distinct { payload, .. } => self.print_distinct(a, *payload),
            AttrKind::Integer { ty, value } => self.print_integer(*ty, value, elision),
            AttrKind::Float { ty, bits } => self.print_float(*ty, *bits, elision),
            AttrKind::String { value, ty } => {
                push_quoted(&mut self.out, value);
                self.print_type_suffix(*ty, elision);
            }
            AttrKind::Type(t) => self.print_type(*t),
            AttrKind::Array(elems) => {
                self.out.push('[');
                for (i, &e) in elems.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.print_attr_elided(e);
                }
                self.out.push(']');
            }
            AttrKind::DenseArray { element, values } => self.print_dense_array(*element, values),
            AttrKind::WideDenseArray { element, data } => {
                self.print_wide_dense_array(*element, data)
            }
            AttrKind::Dictionary(entries) => self.print_dict_entries(entries),
            AttrKind::SymbolRef { root, nested } => {
                push_symbol_ref(&mut self.out, ctx.bytes(*root));
                for n in nested {
                    self.out.push_str("::");
                    push_symbol_ref(&mut self.out, ctx.bytes(*n));
                }
            }
            AttrKind::DenseElements { ty, .. }
            | AttrKind::DenseString { ty, .. }
            | AttrKind::Sparse { ty, .. }
                if self.elides(a) =>
            {
                self.out.push_str("dense_resource<__elided__>");
                self.print_type_suffix(*ty, elision);
            }
            AttrKind::DenseElements { ty, splat, data } => {
                self.out.push_str("dense<");
                self.print_dense(*ty, *splat, data, true);
                self.out.push('>');
                self.print_type_suffix(*ty, elision);
            }
            AttrKind::DenseString { ty, splat, values } => {
                self.out.push_str("dense<");
                let splat =
                    *splat || (!values.is_empty() && values.iter().all(|v| v == &values[0]));
                self.print_strings(*ty, splat, values);
                self.out.push('>');
                self.print_type_suffix(*ty, elision);
            }
            AttrKind::DenseResource { ty, handle } => {
                self.out.push_str("dense_resource<");
                if !self.resources_used.contains(handle) {
                    self.resources_used.push(*handle);
                }
                super::escape::push_keyword_or_string(&mut self.out, ctx.bytes(*handle));
                self.out.push('>');
                self.print_type_suffix(*ty, elision);
            }
            AttrKind::Sparse {
                ty,
                indices,
                values,
            } => {
                self.out.push_str("sparse<");
                self.print_sparse_body(*indices, *values);
                self.out.push('>');
                self.print_type_suffix(*ty, elision);
            }
            AttrKind::AffineMap(m) => {
                self.out.push_str("affine_map<");
                crate::affine::print_affine_map(m, &mut self.out);
                self.out.push('>');
            }
            AttrKind::IntegerSet(s) => {
                self.out.push_str("affine_set<");
                crate::affine::print_integer_set(s, &mut self.out);
                self.out.push('>');
            }
            AttrKind::Strided { strides, offset } => self.print_strided(strides, *offset),
            AttrKind::Opaque { dialect, body } => {
                push_opaque_symbol(&mut self.out, '#', ctx.bytes(*dialect), body, None);
            }
            AttrKind::Location(_) => self.print_location(a, false),
            AttrKind::Dialect {
                dialect,
                name,
                params,
            } => self.print_dialect_value('#', *dialect, *name, params),
        }
    }

    /// `distinct[N]<payload>`, numbered in order of first appearance.
    fn print_distinct(&mut self, a: Attr, payload: Attr) {
        let next = self.distinct_numbers.len() as u32;
        let n = *self.distinct_numbers.entry(a).or_insert(next);
        self.out.push_str("distinct[");
        self.out.push_str(&n.to_string());
        self.out.push_str("]<");
        if !matches!(self.ctx.attr_kind(payload), AttrKind::Unit) {
            self.print_attr(payload);
        }
        self.out.push('>');
    }

    /// An integer (`true`/`false` for `i1`) and its type unless elided.
    fn print_integer(&mut self, ty: Type, value: &BigInt, elision: Elision) {
        let ctx = self.ctx;
        if let TypeKind::Integer {
            width: 1,
            signedness: Signedness::Signless,
        } = ctx.type_kind(ty)
        {
            let t = value != &BigInt::from(0);
            self.out.push_str(if t { "true" } else { "false" });
            return;
        }
        match i64::try_from(value) {
            Ok(v) => push_i64(&mut self.out, v),
            Err(_) => {
                use std::fmt::Write;
                let _ = write!(self.out, "{value}");
            }
        }
        let is_i64 = matches!(
            ctx.type_kind(ty),
            TypeKind::Integer {
                width: 64,
                signedness: Signedness::Signless
            }
        );
        if !(elision == Elision::May && is_i64) {
            self.print_type_suffix(ty, elision);
        }
    }

    /// A float from its bits, and its type unless elided.
    fn print_float(&mut self, ty: Type, bits: u128, elision: Elision) {
        let kind = match self.ctx.type_kind(ty) {
            TypeKind::Float(k) => *k,
            _ => FloatKind::F64,
        };
        let text = crate::float::format_float(bits, kind);
        // Only decimal f64s may drop their type: hex bits need it to read back.
        let hex = text.starts_with("0x");
        self.out.push_str(&text);
        if !(elision == Elision::May && kind == FloatKind::F64 && !hex) {
            self.print_type_suffix(ty, elision);
        }
    }

    /// `array<element: v, ...>`.
    fn print_dense_array(&mut self, element: Type, values: &[u64]) {
        self.out.push_str("array<");
        self.print_type(element);
        if !values.is_empty() {
            self.out.push_str(": ");
            let elem = self.elem_of(element);
            for (i, &v) in values.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_elem(elem, &v.to_le_bytes(), element);
            }
        }
        self.out.push('>');
    }

    /// `array<element: v, ...>` of elements wider than 64 bits.
    fn print_wide_dense_array(&mut self, element: Type, data: &[u8]) {
        self.out.push_str("array<");
        self.print_type(element);
        let elem = self.elem_of(element);
        let n = match self.ctx.type_kind(element) {
            TypeKind::Integer { width, .. } => (*width as usize).div_ceil(8),
            TypeKind::Float(k) => (k.bit_width() as usize).div_ceil(8),
            _ => 16,
        }
        .max(1);
        for (i, chunk) in data.chunks(n).enumerate() {
            self.out.push_str(if i > 0 { ", " } else { ": " });
            self.print_elem(elem, chunk, element);
        }
        self.out.push('>');
    }

    /// The quoted strings of a dense string attribute of type `ty`, nested
    /// by its shape.
    fn print_strings(&mut self, ty: Type, splat: bool, values: &[Box<[u8]>]) {
        let shape = shaped_info(self.ctx.type_kind(ty))
            .map(|s| s.0.to_vec())
            .unwrap_or_default();
        let n = if splat { 1 } else { values.len() };
        self.print_nested(&shape, splat, n, |p, i| {
            if let Some(v) = values.get(i) {
                push_quoted(&mut p.out, v);
            }
        });
    }

    /// `indices, values` of a sparse attribute; nothing when it has no
    /// indices.
    fn print_sparse_body(&mut self, indices: Attr, values: Attr) {
        let ctx = self.ctx;
        let AttrKind::DenseElements {
            ty: ity,
            splat: isplat,
            data: idata,
        } = ctx.attr_kind(indices)
        else {
            return;
        };
        let n = shaped_info(ctx.type_kind(*ity))
            .map(|(s, _)| s.iter().product::<i64>())
            .unwrap_or(0);
        if n == 0 {
            return;
        }
        self.print_dense(*ity, *isplat, idata, false);
        self.out.push_str(", ");
        match ctx.attr_kind(values) {
            AttrKind::DenseElements { ty, splat, data } => {
                self.print_dense(*ty, *splat, data, true)
            }
            AttrKind::DenseString { ty, splat, values } => self.print_strings(*ty, *splat, values),
            _ => {}
        }
    }

    /// `strided<[s, ...], offset: o>` (no offset when 0).
    fn print_strided(&mut self, strides: &[i64], offset: i64) {
        self.out.push_str("strided<[");
        for (i, &s) in strides.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            push_dim(&mut self.out, s);
        }
        self.out.push(']');
        if offset != 0 {
            self.out.push_str(", offset: ");
            push_dim(&mut self.out, offset);
        }
        self.out.push('>');
    }

    fn elem_of(&self, t: Type) -> Elem {
        match self.ctx.type_kind(t) {
            TypeKind::Integer { width, signedness } => Elem::Int {
                bits: *width,
                unsigned: *signedness == Signedness::Unsigned,
            },
            TypeKind::Index => Elem::Int {
                bits: 64,
                unsigned: false,
            },
            TypeKind::Float(k) => Elem::Float(*k),
            _ => Elem::Int {
                bits: 64,
                unsigned: false,
            },
        }
    }

    /// One stored element (little-endian bytes) as MLIR prints it.
    fn print_elem(&mut self, elem: Elem, bytes: &[u8], _t: Type) {
        match elem {
            Elem::Int { bits: 1, .. } => {
                let t = bytes.first().is_some_and(|b| b & 1 != 0);
                self.out.push_str(if t { "true" } else { "false" });
            }
            // Zero-width: no bits, always 0.
            Elem::Int { bits: 0, .. } => self.out.push('0'),
            Elem::Int { bits, unsigned } if bits <= 64 => {
                let mut raw = [0u8; 8];
                let n = bytes.len().min(8);
                raw[..n].copy_from_slice(&bytes[..n]);
                let v = u64::from_le_bytes(raw);
                let shift = 64 - bits;
                if unsigned {
                    let v = (v << shift) >> shift;
                    push_u64(&mut self.out, v);
                } else {
                    push_i64(&mut self.out, ((v << shift) as i64) >> shift);
                }
            }
            Elem::Int { bits, unsigned } => {
                let n = (bits as usize).div_ceil(8).min(bytes.len());
                let mut mag = BigUint::from_bytes_le(&bytes[..n]);
                let modulus = BigUint::from(1u8) << bits;
                mag %= &modulus;
                let v = if !unsigned && mag.bit(bits as u64 - 1) {
                    BigInt::from(mag) - BigInt::from(modulus)
                } else {
                    BigInt::from(mag)
                };
                use std::fmt::Write;
                let _ = write!(self.out, "{v}");
            }
            Elem::Float(k) => {
                let mut raw = [0u8; 16];
                let n = bytes.len().min(16);
                raw[..n].copy_from_slice(&bytes[..n]);
                let mut v = u128::from_le_bytes(raw);
                let w = k.bit_width();
                if w < 128 {
                    v &= (1u128 << w) - 1;
                }
                self.out.push_str(&crate::float::format_float(v, k));
            }
        }
    }

    /// The body of `dense<...>` of ints, floats or complex numbers.
    fn print_dense(&mut self, ty: Type, splat: bool, data: &[u8], allow_hex: bool) {
        let ctx = self.ctx;
        let Some((shape, et)) = shaped_info(ctx.type_kind(ty)) else {
            return;
        };
        let (complex, scalar) = match ctx.type_kind(et) {
            TypeKind::Complex(e) => (true, *e),
            _ => (false, et),
        };
        let elem = self.elem_of(scalar);
        let eb = elem.bytes();
        let stride = if complex { 2 * eb } else { eb };
        // Wraps as MLIR's element count does (a count past i64 is never data).
        let num: i64 = shape.iter().fold(1i64, |a, &d| a.wrapping_mul(d));
        // MLIR stores all-equal elements as a splat; detect it for data that isn't
        // (zero-width integers excepted: MLIR prints each of them).
        let zero_width = matches!(ctx.type_kind(scalar), TypeKind::Integer { width: 0, .. });
        let splat = !zero_width && (splat || (num > 0 && all_equal(data, stride, num as usize)));
        if zero_width && allow_hex && num > 100 {
            // No bits to show: MLIR's hex form is empty.
            self.out.push_str("\"0x\"");
            return;
        }
        if !splat && allow_hex && num > 100 {
            push_hex_string(&mut self.out, &hex_data(elem, complex, data, num as usize));
            return;
        }
        let n = if splat { 1 } else { num.max(0) as usize };
        self.print_nested(shape, splat, n, |p, i| {
            let Some(b) = data.get(i * stride..(i + 1) * stride) else {
                return;
            };
            if complex {
                p.out.push('(');
                p.print_elem(elem, &b[..eb], scalar);
                p.out.push(',');
                p.print_elem(elem, &b[eb..], scalar);
                p.out.push(')');
            } else {
                p.print_elem(elem, b, scalar);
            }
        });
    }

    /// Elements in nested brackets by shape (a splat prints one element, bare).
    fn print_nested(
        &mut self,
        shape: &[i64],
        splat: bool,
        n: usize,
        mut elt: impl FnMut(&mut Self, usize),
    ) {
        if splat {
            return elt(self, 0);
        }
        if n == 0 || shape.iter().any(|&d| d <= 0) {
            return;
        }
        let rank = shape.len();
        let mut counter = vec![0i64; rank];
        let mut open = 0usize;
        for idx in 0..n {
            if idx != 0 {
                self.out.push_str(", ");
            }
            while open < rank {
                self.out.push('[');
                open += 1;
            }
            elt(self, idx);
            if rank == 0 {
                continue;
            }
            counter[rank - 1] += 1;
            for i in (1..rank).rev() {
                if counter[i] >= shape[i] {
                    counter[i] = 0;
                    counter[i - 1] += 1;
                    open -= 1;
                    self.out.push(']');
                }
            }
        }
        for _ in 0..open {
            self.out.push(']');
        }
    }
}

/// MLIR's raw storage for `dense<"0x...">`: i1 packed 8 per byte (LSB first), other
/// elements in whole bytes with the bits above the width cleared.
fn hex_data(elem: Elem, complex: bool, data: &[u8], num: usize) -> Vec<u8> {
    if let (Elem::Int { bits: 1, .. }, false) = (elem, complex) {
        let mut out = vec![0u8; num.div_ceil(8)];
        for i in 0..num.min(data.len()) {
            if data[i] & 1 != 0 {
                out[i / 8] |= 1 << (i % 8);
            }
        }
        return out;
    }
    let bits = elem.bits() as usize;
    let eb = elem.bytes();
    let mut out = data.to_vec();
    if !bits.is_multiple_of(8) {
        let mask = (1u8 << (bits % 8)) - 1;
        for chunk in out.chunks_mut(eb) {
            if let Some(last) = chunk.last_mut() {
                *last &= mask;
            }
        }
    }
    out
}

fn all_equal(data: &[u8], stride: usize, n: usize) -> bool {
    let Some(first) = data.get(..stride) else {
        return false;
    };
    data.len() >= stride * n && data[..stride * n].chunks(stride).all(|c| c == first)
}

fn push_dim(out: &mut String, d: i64) {
    if d == DYNAMIC {
        out.push('?');
    } else {
        push_i64(out, d);
    }
}
