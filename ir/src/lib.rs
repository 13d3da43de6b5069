//! xir core: IR storage, context, builtin types and attributes, text format,
//! diagnostics and verifier.
//!
//! The modules form three layers; a module imports only from its own layer and
//! the ones below it (`bench/arch/circles.py` checks that no import circle spans
//! more than 3 files):
//!
//! 1. **Core**: `entity`, `interner`, `types`, `attributes`, `affine`, `float`,
//!    `context`, `dialect` (the registry), `builtin`, `store`, `builder`, `clone`,
//!    `op_attrs`, `walk`, `symbol`, `dominance`, and `diag`'s [`Diagnostic`] and
//!    [`DiagEngine`]. Every type the registry names is a core type: the layers
//!    above keep their tables in it as typed extensions
//!    ([`dialect::DialectRegistry::extension`]) and add their own accessors.
//! 2. **Assembly**: `lexer`, `parser`, `printer` (each with its table of custom
//!    syntax hooks), `diag`'s sources, rendering and `--verify-diagnostics`,
//!    `split`, and `ods` (declarative op definitions and the assembly-format
//!    engine), which reaches ops only through the registry's syntax hooks.
//! 3. **Passes**: `verifier`, `rewrite`, `pass`.

pub mod affine;
pub mod attributes;
pub mod branch;
pub mod builder;
pub mod builtin;
pub mod clone;
pub mod context;
pub mod diag;
pub mod dialect;
pub mod dominance;
pub mod element;
pub mod entity;
pub mod float;
mod interner;
pub mod lexer;
pub mod ods;
pub mod op_attrs;
pub mod parser;
pub mod pass;
pub mod printer;
pub mod resources;
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
