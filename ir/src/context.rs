//! The context: interned identifiers, types and attributes, and the dialect registry.

use crate::attributes::{AttrKind, Location};
use crate::dialect::DialectRegistry;
use crate::entity::{Attr, Ident, Type};
use crate::interner::Interner;
use crate::types::{FloatKind, Signedness, TypeKind};

pub struct Context {
    idents: Interner<Box<[u8]>>,
    types: Interner<TypeKind>,
    attrs: Interner<AttrKind>,
    pub registry: DialectRegistry,
    /// Unregistered ops, types and attributes are accepted (`--allow-unregistered-dialect`).
    pub allow_unregistered: bool,
    /// Ops printed into diagnostics carry their locations: mlir-opt's
    /// `--mlir-print-debuginfo` applies to them too.
    pub diag_debuginfo: bool,
    none_type: Type,
    unit_attr: Attr,
    unknown_loc: Attr,
    empty_dict: Attr,
}

impl Default for Context {
    fn default() -> Self {
        Self::new()
    }
}

impl Context {
    /// A context with the builtin and test dialects registered.
    pub fn new() -> Self {
        let mut types = Interner::new();
        let none_type = Type(types.intern(TypeKind::None));
        let mut attrs = Interner::new();
        let unit_attr = Attr(attrs.intern(AttrKind::Unit));
        let unknown_loc = Attr(attrs.intern(AttrKind::Location(Location::Unknown)));
        let empty_dict = Attr(attrs.intern(AttrKind::Dictionary(Vec::new())));
        let mut ctx = Context {
            idents: Interner::new(),
            types,
            attrs,
            registry: DialectRegistry::default(),
            allow_unregistered: false,
            diag_debuginfo: false,
            none_type,
            unit_attr,
            unknown_loc,
            empty_dict,
        };
        crate::builtin::register(&mut ctx);
        ctx
    }

    // ---- identifiers ----

    pub fn ident(&mut self, s: &str) -> Ident {
        self.ident_bytes(s.as_bytes())
    }

    pub fn ident_bytes(&mut self, s: &[u8]) -> Ident {
        match self.idents.find(s) {
            Some(id) => Ident(id),
            None => Ident(self.idents.intern(s.into())),
        }
    }

    /// An existing identifier, without interning.
    pub fn find_ident(&self, s: &str) -> Option<Ident> {
        self.idents.find(s.as_bytes()).map(Ident)
    }

    pub fn bytes(&self, id: Ident) -> &[u8] {
        self.idents.get(id.0)
    }

    /// The identifier as text; identifiers made of invalid UTF-8 read as `"\u{FFFD}"`.
    pub fn str(&self, id: Ident) -> &str {
        std::str::from_utf8(self.bytes(id)).unwrap_or("\u{FFFD}")
    }

    // ---- types ----

    pub fn intern_type(&mut self, kind: TypeKind) -> Type {
        Type(self.types.intern(kind))
    }

    #[inline]
    pub fn type_kind(&self, t: Type) -> &TypeKind {
        self.types.get(t.0)
    }

    pub fn none_type(&self) -> Type {
        self.none_type
    }

    pub fn integer_type(&mut self, width: u32, signedness: Signedness) -> Type {
        self.intern_type(TypeKind::Integer { width, signedness })
    }

    pub fn i1(&mut self) -> Type {
        self.integer_type(1, Signedness::Signless)
    }

    pub fn i64(&mut self) -> Type {
        self.integer_type(64, Signedness::Signless)
    }

    pub fn index_type(&mut self) -> Type {
        self.intern_type(TypeKind::Index)
    }

    pub fn float_type(&mut self, kind: FloatKind) -> Type {
        self.intern_type(TypeKind::Float(kind))
    }

    pub fn function_type(&mut self, inputs: Vec<Type>, results: Vec<Type>) -> Type {
        self.intern_type(TypeKind::Function { inputs, results })
    }

    // ---- attributes ----

    pub fn intern_attr(&mut self, kind: AttrKind) -> Attr {
        Attr(self.attrs.intern(kind))
    }

    #[inline]
    pub fn attr_kind(&self, a: Attr) -> &AttrKind {
        self.attrs.get(a.0)
    }

    pub fn unit_attr(&self) -> Attr {
        self.unit_attr
    }

    pub fn unknown_loc(&self) -> Attr {
        self.unknown_loc
    }

    pub fn empty_dict(&self) -> Attr {
        self.empty_dict
    }

    pub fn string_attr(&mut self, s: &str) -> Attr {
        let ty = self.none_type;
        self.intern_attr(AttrKind::String {
            value: s.as_bytes().into(),
            ty,
        })
    }

    pub fn type_attr(&mut self, t: Type) -> Attr {
        self.intern_attr(AttrKind::Type(t))
    }

    pub fn i64_attr(&mut self, v: i64) -> Attr {
        let ty = self.i64();
        self.intern_attr(AttrKind::Integer {
            ty,
            value: v.into(),
        })
    }

    pub fn bool_attr(&mut self, v: bool) -> Attr {
        let ty = self.i1();
        self.intern_attr(AttrKind::Integer {
            ty,
            value: (v as i64).into(),
        })
    }

    /// A dictionary from unsorted entries; later duplicates win.
    pub fn dictionary(&mut self, mut entries: Vec<(Ident, Attr)>) -> Attr {
        entries.sort_by(|a, b| self.bytes(a.0).cmp(self.bytes(b.0)));
        entries.dedup_by(|later, earlier| {
            if later.0 == earlier.0 {
                earlier.1 = later.1;
                true
            } else {
                false
            }
        });
        self.intern_attr(AttrKind::Dictionary(entries))
    }

    /// The entries of a dictionary attribute (empty for any other attribute).
    pub fn dict_entries(&self, a: Attr) -> &[(Ident, Attr)] {
        match self.attr_kind(a) {
            AttrKind::Dictionary(e) => e,
            _ => &[],
        }
    }

    /// The value of interned key `key` in `dict`: no string comparison.
    pub fn dict_get_ident(&self, dict: Attr, key: Ident) -> Option<Attr> {
        self.dict_entries(dict)
            .iter()
            .find_map(|&(k, v)| (k == key).then_some(v))
    }

    pub fn dict_get(&self, dict: Attr, key: &str) -> Option<Attr> {
        let entries = self.dict_entries(dict);
        let key = key.as_bytes();
        // Ops' dictionaries are small: a scan comparing lengths first skips
        // most byte comparisons (the verifier looks up every op's properties).
        if entries.len() <= 8 {
            return entries.iter().find_map(|&(k, v)| {
                let b = self.bytes(k);
                (b.len() == key.len() && b == key).then_some(v)
            });
        }
        entries
            .binary_search_by(|(k, _)| self.bytes(*k).cmp(key))
            .ok()
            .map(|i| entries[i].1)
    }

    pub fn file_loc(&mut self, file: &str, line: u32, col: u32) -> Attr {
        let file = self.ident(file);
        self.intern_attr(AttrKind::Location(Location::FileLineCol {
            file,
            line,
            col,
            end_line: None,
            end_col: None,
            line_only: false,
        }))
    }

    pub fn num_types(&self) -> usize {
        self.types.len()
    }

    pub fn num_attrs(&self) -> usize {
        self.attrs.len()
    }
}
