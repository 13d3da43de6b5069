//! Simplifying constructors for affine expressions (MLIR's canonical forms).
