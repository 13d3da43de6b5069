//! xir core: IR storage, context, builtin types and attributes, text format,
//! diagnostics and verifier.

pub mod affine;
pub mod attributes;
pub mod builder;
pub mod builtin;
pub mod clone;
pub mod context;
pub mod diag;
pub mod dialect;
pub mod dominance;
pub mod entity;
pub mod float;
mod interner;
pub mod lexer;
pub mod ods;
pub mod op_attrs;
pub mod parser;
pub mod pass;
pub mod printer;
pub mod rewrite;
pub mod split;
pub mod store;
pub mod symbol;
pub mod types;
pub mod util;
pub mod verifier;
pub mod walk;

pub use attributes::{AttrKind, Location};
pub use context::Context;
pub use diag::{DiagEngine, Diagnostic, Severity, SourceBuffer, SourceMgr};
pub use entity::{Attr, Block, Ident, Op, Region, Type, Use, Value};
pub use store::{Ir, OpData, OperationState, ValueDef};
pub use types::{FloatKind, Signedness, TypeKind, DYNAMIC};
