//! The element type of tensors as the crates that handle tensor data hold
//! them (the runtime's HAL, I/O, kernel plans and backends, the ONNX
//! importer), and the one edge between it and xir's types
//! ([`ElementType::from_type`], [`ElementType::to_type`]).
//!
//! Storage is little-endian, each element in its own bytes (`i1` takes one
//! byte, 0 or 1), the compiler's rule (`xir::util::bytes`). `index` is
//! stored as a 64-bit signless integer.

use crate::types::{FloatKind, Signedness, TypeKind};
use crate::{Context, Type};
use std::fmt;

/// How an integer's bits are read: MLIR's signless integers are read as
/// signed wherever a sign matters (division, max, comparison).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum IntSign {
    /// `iN`: no sign of its own; read as signed where one matters.
    Signless,
    /// `siN`: two's complement.
    Signed,
    /// `uiN`: unsigned.
    Unsigned,
}

/// A floating-point format.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum FloatType {
    /// IEEE 754 binary16 (2 bytes).
    F16,
    /// bfloat16: binary32's top 16 bits (2 bytes).
    BF16,
    /// IEEE 754 binary32 (4 bytes).
    F32,
    /// IEEE 754 binary64 (8 bytes).
    F64,
}

/// The type of a tensor's elements as the runtime stores them (see the module doc for
/// the byte layout).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum ElementType {
    /// `bits` is 1, 8, 16, 32 or 64.
    Int {
        /// The width in bits: 1, 8, 16, 32 or 64.
        bits: u8,
        /// How the bits are read.
        sign: IntSign,
    },
    /// A float of the given format.
    Float(FloatType),
}

impl ElementType {
    /// `i1`, a boolean: one byte, 0 or 1.
    pub const I1: ElementType = ElementType::Int {
        bits: 1,
        sign: IntSign::Signless,
    };
    /// `i8`.
    pub const I8: ElementType = ElementType::Int {
        bits: 8,
        sign: IntSign::Signless,
    };
    /// `i16`.
    pub const I16: ElementType = ElementType::Int {
        bits: 16,
        sign: IntSign::Signless,
    };
    /// `i32`.
    pub const I32: ElementType = ElementType::Int {
        bits: 32,
        sign: IntSign::Signless,
    };
    /// `i64` (also how `index` is stored).
    pub const I64: ElementType = ElementType::Int {
        bits: 64,
        sign: IntSign::Signless,
    };
    /// `f16`.
    pub const F16: ElementType = ElementType::Float(FloatType::F16);
    /// `bf16`.
    pub const BF16: ElementType = ElementType::Float(FloatType::BF16);
    /// `f32`.
    pub const F32: ElementType = ElementType::Float(FloatType::F32);
    /// `f64`.
    pub const F64: ElementType = ElementType::Float(FloatType::F64);

    /// Bytes one element takes in a buffer.
    pub fn byte_size(self) -> usize {
        match self {
            ElementType::Int { bits, .. } => (bits as usize).div_ceil(8),
            ElementType::Float(FloatType::F16 | FloatType::BF16) => 2,
            ElementType::Float(FloatType::F32) => 4,
            ElementType::Float(FloatType::F64) => 8,
        }
    }

    /// Whether it is a float type.
    pub fn is_float(self) -> bool {
        matches!(self, ElementType::Float(_))
    }

    /// The same type with a signless integer in place of a signed or unsigned
    /// one (`si8` and `ui8` become `i8`); floats are unchanged. Kernel plans
    /// compute with signless integers, the sign being in the ops.
    pub fn signless(self) -> ElementType {
        match self {
            ElementType::Int { bits, .. } => ElementType::Int {
                bits,
                sign: IntSign::Signless,
            },
            f => f,
        }
    }

    /// The element type of an xir type, if the runtime can hold it.
    pub fn from_type(ctx: &Context, t: Type) -> Option<ElementType> {
        Some(match ctx.type_kind(t) {
            TypeKind::Index => ElementType::I64,
            TypeKind::Integer { width, signedness } => {
                if !matches!(width, 1 | 8 | 16 | 32 | 64) {
                    return None;
                }
                let sign = match signedness {
                    Signedness::Signless => IntSign::Signless,
                    Signedness::Signed => IntSign::Signed,
                    Signedness::Unsigned => IntSign::Unsigned,
                };
                ElementType::Int {
                    bits: *width as u8,
                    sign,
                }
            }
            TypeKind::Float(FloatKind::F16) => ElementType::F16,
            TypeKind::Float(FloatKind::BF16) => ElementType::BF16,
            TypeKind::Float(FloatKind::F32) => ElementType::F32,
            TypeKind::Float(FloatKind::F64) => ElementType::F64,
            _ => return None,
        })
    }

    /// The xir type of this element type (`index` is never produced: it is
    /// stored as `i64`, which is what comes back).
    pub fn to_type(self, ctx: &mut Context) -> Type {
        match self {
            ElementType::Int { bits, sign } => {
                let signedness = match sign {
                    IntSign::Signless => Signedness::Signless,
                    IntSign::Signed => Signedness::Signed,
                    IntSign::Unsigned => Signedness::Unsigned,
                };
                ctx.integer_type(bits as u32, signedness)
            }
            ElementType::Float(f) => ctx.float_type(match f {
                FloatType::F16 => FloatKind::F16,
                FloatType::BF16 => FloatKind::BF16,
                FloatType::F32 => FloatKind::F32,
                FloatType::F64 => FloatKind::F64,
            }),
        }
    }

    /// Parses MLIR's spelling (`f32`, `i1`, `si8`, `ui16`, `bf16`).
    pub fn parse(s: &str) -> Option<ElementType> {
        let float = |f| Some(ElementType::Float(f));
        match s {
            "f16" => return float(FloatType::F16),
            "bf16" => return float(FloatType::BF16),
            "f32" => return float(FloatType::F32),
            "f64" => return float(FloatType::F64),
            _ => {}
        }
        let (sign, rest) = if let Some(r) = s.strip_prefix("si") {
            (IntSign::Signed, r)
        } else if let Some(r) = s.strip_prefix("ui") {
            (IntSign::Unsigned, r)
        } else if let Some(r) = s.strip_prefix('i') {
            (IntSign::Signless, r)
        } else {
            return None;
        };
        if rest.starts_with('0') || rest.starts_with('+') {
            return None;
        }
        match rest.parse::<u8>().ok()? {
            bits @ (1 | 8 | 16 | 32 | 64) => Some(ElementType::Int { bits, sign }),
            _ => None,
        }
    }
}

impl fmt::Display for ElementType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ElementType::Int { bits, sign } => {
                let p = match sign {
                    IntSign::Signless => "i",
                    IntSign::Signed => "si",
                    IntSign::Unsigned => "ui",
                };
                write!(f, "{p}{bits}")
            }
            ElementType::Float(FloatType::F16) => f.write_str("f16"),
            ElementType::Float(FloatType::BF16) => f.write_str("bf16"),
            ElementType::Float(FloatType::F32) => f.write_str("f32"),
            ElementType::Float(FloatType::F64) => f.write_str("f64"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spelling_round_trips() {
        for s in [
            "i1", "i8", "i16", "i32", "i64", "si8", "ui64", "f16", "bf16", "f32", "f64",
        ] {
            assert_eq!(ElementType::parse(s).unwrap().to_string(), s);
        }
        for s in ["i0", "i7", "i08", "u8", "f8", "", "i", "si", "i128"] {
            assert!(ElementType::parse(s).is_none(), "{s}");
        }
        assert_eq!(ElementType::I1.byte_size(), 1);
        assert_eq!(ElementType::BF16.byte_size(), 2);
    }

    #[test]
    fn converts_to_and_from_types() {
        let mut ctx = Context::new();
        for s in [
            "i1", "i8", "i16", "i32", "i64", "si8", "ui64", "f16", "bf16", "f32", "f64",
        ] {
            let e = ElementType::parse(s).unwrap();
            let t = e.to_type(&mut ctx);
            assert_eq!(ElementType::from_type(&ctx, t), Some(e), "{s}");
        }
        let index = ctx.index_type();
        assert_eq!(ElementType::from_type(&ctx, index), Some(ElementType::I64));
        let i4 = ctx.integer_type(4, Signedness::Signless);
        assert_eq!(ElementType::from_type(&ctx, i4), None);
        let tf32 = ctx.float_type(FloatKind::TF32);
        assert_eq!(ElementType::from_type(&ctx, tf32), None);
        assert_eq!(
            ElementType::parse("ui8").unwrap().signless(),
            ElementType::I8
        );
        assert_eq!(ElementType::F32.signless(), ElementType::F32);
    }
}
