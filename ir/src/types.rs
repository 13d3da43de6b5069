//! Builtin types of MLIR 22 as plain data; interned by [`crate::Context`].

use crate::entity::{Attr, Ident, Type};

/// The marker MLIR uses for a dynamic dimension (`?`), `ShapedType::kDynamic`.
pub const DYNAMIC: i64 = i64::MIN;

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Signedness {
    Signless,
    Signed,
    Unsigned,
}

/// Every builtin floating-point type, named as MLIR spells it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum FloatKind {
    F4E2M1FN,
    F6E2M3FN,
    F6E3M2FN,
    F8E5M2,
    F8E4M3,
    F8E4M3FN,
    F8E5M2FNUZ,
    F8E4M3FNUZ,
    F8E4M3B11FNUZ,
    F8E3M4,
    F8E8M0FNU,
    BF16,
    F16,
    TF32,
    F32,
    F64,
    F80,
    F128,
}

impl FloatKind {
    pub const ALL: [FloatKind; 18] = [
        FloatKind::F4E2M1FN,
        FloatKind::F6E2M3FN,
        FloatKind::F6E3M2FN,
        FloatKind::F8E5M2,
        FloatKind::F8E4M3,
        FloatKind::F8E4M3FN,
        FloatKind::F8E5M2FNUZ,
        FloatKind::F8E4M3FNUZ,
        FloatKind::F8E4M3B11FNUZ,
        FloatKind::F8E3M4,
        FloatKind::F8E8M0FNU,
        FloatKind::BF16,
        FloatKind::F16,
        FloatKind::TF32,
        FloatKind::F32,
        FloatKind::F64,
        FloatKind::F80,
        FloatKind::F128,
    ];

    /// The keyword of the type in MLIR's syntax.
    pub fn keyword(self) -> &'static str {
        match self {
            FloatKind::F4E2M1FN => "f4E2M1FN",
            FloatKind::F6E2M3FN => "f6E2M3FN",
            FloatKind::F6E3M2FN => "f6E3M2FN",
            FloatKind::F8E5M2 => "f8E5M2",
            FloatKind::F8E4M3 => "f8E4M3",
            FloatKind::F8E4M3FN => "f8E4M3FN",
            FloatKind::F8E5M2FNUZ => "f8E5M2FNUZ",
            FloatKind::F8E4M3FNUZ => "f8E4M3FNUZ",
            FloatKind::F8E4M3B11FNUZ => "f8E4M3B11FNUZ",
            FloatKind::F8E3M4 => "f8E3M4",
            FloatKind::F8E8M0FNU => "f8E8M0FNU",
            FloatKind::BF16 => "bf16",
            FloatKind::F16 => "f16",
            FloatKind::TF32 => "tf32",
            FloatKind::F32 => "f32",
            FloatKind::F64 => "f64",
            FloatKind::F80 => "f80",
            FloatKind::F128 => "f128",
        }
    }

    pub fn from_keyword(s: &str) -> Option<FloatKind> {
        FloatKind::ALL.into_iter().find(|k| k.keyword() == s)
    }

    /// Storage width in bits (the width of the bit pattern).
    pub fn bit_width(self) -> u32 {
        match self {
            FloatKind::F4E2M1FN => 4,
            FloatKind::F6E2M3FN | FloatKind::F6E3M2FN => 6,
            FloatKind::F8E5M2
            | FloatKind::F8E4M3
            | FloatKind::F8E4M3FN
            | FloatKind::F8E5M2FNUZ
            | FloatKind::F8E4M3FNUZ
            | FloatKind::F8E4M3B11FNUZ
            | FloatKind::F8E3M4
            | FloatKind::F8E8M0FNU => 8,
            FloatKind::BF16 | FloatKind::F16 => 16,
            FloatKind::TF32 => 19,
            FloatKind::F32 => 32,
            FloatKind::F64 => 64,
            FloatKind::F80 => 80,
            FloatKind::F128 => 128,
        }
    }
}

/// The structure of a type. Nested types and attributes are interned ids.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum TypeKind {
    Integer {
        width: u32,
        signedness: Signedness,
    },
    Index,
    Float(FloatKind),
    None,
    Complex(Type),
    Tuple(Vec<Type>),
    Function {
        inputs: Vec<Type>,
        results: Vec<Type>,
    },
    /// `tensor<4x?xf32, #enc>`; dynamic dims are [`DYNAMIC`].
    RankedTensor {
        shape: Vec<i64>,
        element: Type,
        encoding: Option<Attr>,
    },
    UnrankedTensor {
        element: Type,
    },
    /// `vector<[4]x8xf32>`: `scalable[i]` marks `[4]`.
    Vector {
        shape: Vec<i64>,
        scalable: Vec<bool>,
        element: Type,
    },
    /// `memref<4x?xf32, layout, space>`; identity layouts and space 0 are stored as `None`.
    MemRef {
        shape: Vec<i64>,
        element: Type,
        layout: Option<Attr>,
        memory_space: Option<Attr>,
    },
    UnrankedMemRef {
        element: Type,
        memory_space: Option<Attr>,
    },
    /// A type of an unregistered dialect: `!foo.bar<...>` (pretty) or `!foo<"...">`.
    /// `body` is everything after `!dialect.`, verbatim (e.g. `bar<...>`), or, for
    /// the `!foo<...>` form, the raw text between the angle brackets, quotes and
    /// escapes included (`"a\"b"`), with `pretty == false`: mlir-opt prints it back
    /// verbatim. (The printer also accepts decoded string contents there.)
    Opaque {
        dialect: Ident,
        body: String,
        pretty: bool,
    },
    /// A type of a registered dialect, `!dialect.name<...>`, as
    /// [`crate::attributes::AttrKind::Dialect`]; type parameters are `TypeAttr`s.
    Dialect {
        dialect: Ident,
        name: Ident,
        params: Vec<Attr>,
    },
}

impl TypeKind {
    pub fn is_shaped(&self) -> bool {
        matches!(
            self,
            TypeKind::RankedTensor { .. }
                | TypeKind::UnrankedTensor { .. }
                | TypeKind::Vector { .. }
                | TypeKind::MemRef { .. }
                | TypeKind::UnrankedMemRef { .. }
        )
    }
}
