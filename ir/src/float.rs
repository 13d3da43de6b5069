//! Floating-point literals: parsing into bit patterns of any builtin float kind, and
//! printing as MLIR's `printFloatValue` does.

use crate::types::FloatKind;

/// Parses a decimal float literal (`1.5`, `-2.0e-3`, also an integer like `3`)
/// into the bit pattern of `kind`, rounding to nearest-even.
pub fn parse_decimal(_text: &str, _kind: FloatKind) -> Result<u128, String> {
    todo!("float parsing")
}

/// Formats a bit pattern of `kind` as MLIR prints float attributes.
pub fn format_float(_bits: u128, _kind: FloatKind) -> String {
    todo!("float printing")
}
