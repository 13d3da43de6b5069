//! Builtin attributes (and locations, which are attributes) as plain data;
//! interned by [`crate::Context`].

use crate::affine::{AffineMap, IntegerSet};
use crate::entity::{Attr, Ident, Type};
use num_bigint::BigInt;

/// The structure of an attribute. Nested types and attributes are interned ids.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum AttrKind {
    Unit,
    /// `42 : i32`, `true` (an `i1`). The value is already wrapped to the type's width
    /// and held in its printed interpretation: signed for signless/`si`/`index`,
    /// unsigned for `ui`.
    Integer {
        ty: Type,
        value: BigInt,
    },
    /// The bit pattern of the value in the semantics of `ty` (a float type).
    Float {
        ty: Type,
        bits: u128,
    },
    /// Arbitrary bytes (escapes may produce non-UTF-8). `ty` is `none` unless given.
    String {
        value: Box<[u8]>,
        ty: Type,
    },
    Type(Type),
    Array(Vec<Attr>),
    /// `distinct[N]<payload>`: an attribute with an identity of its own. `id` is
    /// unique in the context (the attribute's own index when made); the `N` of
    /// the text is per parse, and the printer renumbers in print order.
    Distinct {
        id: u32,
        payload: Attr,
    },
    /// `array<i32: 1, 2>`: elements as bit patterns (ints masked to their width).
    DenseArray {
        element: Type,
        values: Vec<u64>,
    },
    /// `array<i128: 1, -1>`: a dense array of elements wider than 64 bits, packed
    /// little-endian in `ceil(bits / 8)` bytes each.
    WideDenseArray {
        element: Type,
        data: Box<[u8]>,
    },
    /// Entries sorted by the raw bytes of their keys, keys unique.
    Dictionary(Vec<(Ident, Attr)>),
    /// `@root::@a::@b`.
    SymbolRef {
        root: Ident,
        nested: Vec<Ident>,
    },
    /// `dense<...>` of int/float/complex elements. `data` holds the elements packed
    /// little-endian, each in `ceil(bits / 8)` bytes (complex: real then imaginary);
    /// a splat holds one element.
    DenseElements {
        ty: Type,
        splat: bool,
        data: Box<[u8]>,
    },
    /// `dense<"a">` / `dense<["a", "b"]>` on a tensor of strings.
    DenseString {
        ty: Type,
        splat: bool,
        values: Vec<Box<[u8]>>,
    },
    /// `dense_resource<name> : tensor<...>`.
    DenseResource {
        ty: Type,
        handle: Ident,
    },
    /// `sparse<indices, values> : type`: `indices` is an i64 dense elements attr,
    /// `values` a dense elements attr.
    Sparse {
        ty: Type,
        indices: Attr,
        values: Attr,
    },
    AffineMap(AffineMap),
    IntegerSet(IntegerSet),
    /// `strided<[1, ?], offset: ?>` with [`crate::types::DYNAMIC`] for `?`.
    Strided {
        strides: Vec<i64>,
        offset: i64,
    },
    /// An attribute of an unregistered dialect: `#foo.bar<...>` or `#foo<"...">`.
    /// `body` is everything after `#dialect.` verbatim, or the raw text between the
    /// angle brackets of `#foo<...>`, quotes and escapes included (`"x y"`): mlir-opt
    /// prints it back verbatim, and `#foo<bar<1>>` as `#foo.bar<1>`.
    Opaque {
        dialect: Ident,
        body: Box<[u8]>,
    },
    Location(Location),
    /// An attribute of a registered dialect, `#dialect.name<...>`: its parse hook
    /// builds it, its print hook (`crate::printer::DialectPrintHooks`) writes it.
    /// `params` are its nested attributes in the dialect's fixed order (absent
    /// optional parts as `Unit`), so generic walks (aliases) reach them.
    Dialect {
        dialect: Ident,
        name: Ident,
        params: Vec<Attr>,
    },
}

impl AttrKind {
    /// An affine-map layout that maps every dim to itself, dropped from memref
    /// types. As MLIR's `AffineMap::isIdentity`, symbols are ignored.
    pub fn is_identity_layout(&self) -> bool {
        matches!(self, AttrKind::AffineMap(m) if m.is_identity_ignoring_symbols())
    }
}

/// MLIR's builtin locations.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Location {
    Unknown,
    /// `"file":line:col`, optionally a range `to [line]:col`.
    FileLineCol {
        file: Ident,
        line: u32,
        col: u32,
        end_line: Option<u32>,
        end_col: Option<u32>,
        /// `"file":line` without a column: printed as `:0` but, as in MLIR, a
        /// different location from `"file":line:0`.
        line_only: bool,
    },
    /// `"name"` or `"name"(child)`.
    Name {
        name: Ident,
        child: Option<Attr>,
    },
    /// `callsite(callee at caller)`.
    CallSite {
        callee: Attr,
        caller: Attr,
    },
    /// `fused[a, b]` or `fused<#meta>[a, b]`.
    Fused {
        locs: Vec<Attr>,
        metadata: Option<Attr>,
    },
}
