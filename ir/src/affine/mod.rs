//! Affine expressions, maps and integer sets as plain data (MLIR's `affine_map<...>`,
//! `affine_set<...>`). Parsing, printing and simplification live in their own modules.

/// An affine expression tree. Constructors that simplify live in `affine_simplify`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum AffineExpr {
    Dim(u32),
    Symbol(u32),
    Const(i64),
    Add(Box<AffineExpr>, Box<AffineExpr>),
    Mul(Box<AffineExpr>, Box<AffineExpr>),
    Mod(Box<AffineExpr>, Box<AffineExpr>),
    FloorDiv(Box<AffineExpr>, Box<AffineExpr>),
    CeilDiv(Box<AffineExpr>, Box<AffineExpr>),
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct AffineMap {
    pub num_dims: u32,
    pub num_symbols: u32,
    pub results: Vec<AffineExpr>,
}

impl AffineMap {
    /// `(d0, ..., dn-1) -> (d0, ..., dn-1)`: dropped from memref types when printing.
    pub fn is_identity(&self) -> bool {
        self.num_symbols == 0
            && self.results.len() == self.num_dims as usize
            && self
                .results
                .iter()
                .enumerate()
                .all(|(i, e)| *e == AffineExpr::Dim(i as u32))
    }

    /// Every dim maps to itself, whatever the symbols (MLIR's `AffineMap::isIdentity`,
    /// which ignores symbols: `(d0)[s0] -> (d0)` is one). Such a memref layout is
    /// dropped when parsing and printing.
    pub fn is_identity_ignoring_symbols(&self) -> bool {
        self.results.len() == self.num_dims as usize
            && self
                .results
                .iter()
                .enumerate()
                .all(|(i, e)| *e == AffineExpr::Dim(i as u32))
    }
}

/// One constraint of an integer set: `expr == 0` or `expr >= 0`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct AffineConstraint {
    pub expr: AffineExpr,
    pub is_eq: bool,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct IntegerSet {
    pub num_dims: u32,
    pub num_symbols: u32,
    pub constraints: Vec<AffineConstraint>,
}

mod print;
mod simplify;
pub use print::{print_affine_expr, print_affine_expr_with, print_affine_map, print_integer_set};
