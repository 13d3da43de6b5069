//! Builtin types as text (MLIR's `printTypeImpl`), with aliases.

use super::escape::push_opaque_symbol;
use super::numbering::{push_i64, push_u32};
use super::Printer;
use crate::attributes::AttrKind;
use crate::entity::{Attr, Type};
use crate::types::{Signedness, TypeKind, DYNAMIC};

impl Printer<'_> {
    /// A type, or its alias.
    pub fn print_type(&mut self, t: Type) {
        if let Some(c) = self.collector.as_mut() {
            c.visit_type(self.ctx, t, false);
            return;
        }
        if let Some(a) = self.aliases.type_alias(t) {
            a.push_name(&mut self.out);
            return;
        }
        self.print_type_impl(t);
    }

    /// A type without looking up its own alias (nested types may use aliases).
    pub(super) fn print_type_impl(&mut self, t: Type) {
        if let Some((s, l)) = Self::cached(&self.type_cache, t.index()) {
            let s = s as usize;
            self.out.push_str(&self.cache[s..s + l as usize]);
            return;
        }
        let from = self.out.len();
        self.print_type_uncached(t);
        self.store_cache(true, t.index(), from);
    }

    fn push_shape(&mut self, shape: &[i64]) {
        for &d in shape {
            if d == DYNAMIC {
                self.out.push('?');
            } else {
                push_i64(&mut self.out, d);
            }
            self.out.push('x');
        }
    }

    fn print_type_list(&mut self, ts: &[Type]) {
        for (i, &t) in ts.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_type(t);
        }
    }

    /// `(inputs) -> result` or `(inputs) -> (results)`.
    pub fn print_function_type(&mut self, inputs: &[Type], results: &[Type]) {
        self.out.push('(');
        self.print_type_list(inputs);
        self.out.push_str(") -> ");
        let single = results.len() == 1
            && !matches!(self.ctx.type_kind(results[0]), TypeKind::Function { .. });
        if single {
            self.print_type(results[0]);
        } else {
            self.out.push('(');
            self.print_type_list(results);
            self.out.push(')');
        }
    }

    fn print_type_uncached(&mut self, t: Type) {
        let ctx = self.ctx;
        match ctx.type_kind(t) {
            TypeKind::Integer { width, signedness } => {
                match signedness {
                    Signedness::Signless => {}
                    Signedness::Signed => self.out.push('s'),
                    Signedness::Unsigned => self.out.push('u'),
                }
                self.out.push('i');
                push_u32(&mut self.out, *width);
            }
            TypeKind::Index => self.out.push_str("index"),
            TypeKind::Float(k) => self.out.push_str(k.keyword()),
            TypeKind::None => self.out.push_str("none"),
            TypeKind::Complex(e) => {
                self.out.push_str("complex<");
                self.print_type(*e);
                self.out.push('>');
            }
            TypeKind::Tuple(ts) => {
                self.out.push_str("tuple<");
                self.print_type_list(ts);
                self.out.push('>');
            }
            TypeKind::Function { inputs, results } => self.print_function_type(inputs, results),
            TypeKind::RankedTensor {
                shape,
                element,
                encoding,
            } => {
                self.out.push_str("tensor<");
                self.push_shape(shape);
                self.print_type(*element);
                if let Some(e) = encoding {
                    self.out.push_str(", ");
                    self.print_attr(*e);
                }
                self.out.push('>');
            }
            TypeKind::UnrankedTensor { element } => {
                self.out.push_str("tensor<*x");
                self.print_type(*element);
                self.out.push('>');
            }
            TypeKind::Vector {
                shape,
                scalable,
                element,
            } => {
                self.out.push_str("vector<");
                for (i, &d) in shape.iter().enumerate() {
                    let sc = scalable.get(i).copied().unwrap_or(false);
                    if sc {
                        self.out.push('[');
                    }
                    push_i64(&mut self.out, d);
                    if sc {
                        self.out.push(']');
                    }
                    self.out.push('x');
                }
                self.print_type(*element);
                self.out.push('>');
            }
            TypeKind::MemRef {
                shape,
                element,
                layout,
                memory_space,
            } => {
                self.out.push_str("memref<");
                self.push_shape(shape);
                self.print_type(*element);
                if let Some(l) = layout {
                    if !ctx.attr_kind(*l).is_identity_layout() {
                        self.out.push_str(", ");
                        self.print_attr_elided(*l);
                    }
                }
                self.print_memory_space(*memory_space);
                self.out.push('>');
            }
            TypeKind::UnrankedMemRef {
                element,
                memory_space,
            } => {
                self.out.push_str("memref<*x");
                self.print_type(*element);
                self.print_memory_space(*memory_space);
                self.out.push('>');
            }
            TypeKind::Opaque {
                dialect,
                body,
                pretty,
            } => {
                let d = ctx.bytes(*dialect);
                push_opaque_symbol(&mut self.out, '!', d, body.as_bytes(), Some(*pretty));
            }
            TypeKind::Dialect {
                dialect,
                name,
                params,
            } => self.print_dialect_value('!', *dialect, *name, params),
        }
    }

    fn print_memory_space(&mut self, space: Option<Attr>) {
        let Some(m) = space else { return };
        // The default memory space is dropped.
        if let AttrKind::Integer { value, .. } = self.ctx.attr_kind(m) {
            if value == &num_bigint::BigInt::from(0) {
                return;
            }
        }
        self.out.push_str(", ");
        self.print_attr_elided(m);
    }
}
