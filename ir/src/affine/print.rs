//! Printing affine expressions, maps and sets as MLIR does.

use super::{AffineExpr, AffineMap, IntegerSet};

pub fn print_affine_expr(_e: &AffineExpr, _out: &mut String) {
    todo!("affine printing")
}

/// `(d0, d1)[s0] -> (d0 + s0, d1)` (without the `affine_map<...>` wrapper).
pub fn print_affine_map(_m: &AffineMap, _out: &mut String) {
    todo!("affine printing")
}

/// `(d0)[s0] : (d0 - s0 >= 0)` (without the `affine_set<...>` wrapper).
pub fn print_integer_set(_s: &IntegerSet, _out: &mut String) {
    todo!("affine printing")
}
