//! Extension points: parsers that dialects plug in, keyed by op name or dialect
//! namespace. Stored in the context's registry (`ctx.registry.parse_hooks`).

use super::{PResult, Parser};
use crate::entity::{Attr, Ident, Op, Type};
use rustc_hash::FxHashMap;

/// Parses the custom form of an op. Called with the current token just past the op
/// name; `name` is the full op name and `loc` its location (explicit `loc(...)` still
/// to be parsed by the hook, e.g. with [`Parser::parse_optional_trailing_loc`]).
/// Returns the created op (detached); the caller binds results and inserts it.
pub type OpParseFn = fn(p: &mut Parser<'_>, name: Ident, loc: Attr) -> PResult<Op>;

/// Parses a dialect attribute `#dialect.mnemonic...`. Called with the current token
/// just past the `#dialect.mnemonic` token; `mnemonic` is the text after the dot.
pub type AttrParseFn = fn(p: &mut Parser<'_>, mnemonic: &str) -> PResult<Attr>;

/// Parses a dialect type `!dialect.mnemonic...`, as [`AttrParseFn`].
pub type TypeParseFn = fn(p: &mut Parser<'_>, mnemonic: &str) -> PResult<Type>;

#[derive(Default)]
pub struct ParseHooks {
    /// Custom op parsers by full op name (`arith.addi`).
    pub ops: FxHashMap<Ident, OpParseFn>,
    /// Attribute parsers by dialect namespace (`device`).
    pub attrs: FxHashMap<Ident, AttrParseFn>,
    /// Type parsers by dialect namespace (`hal`).
    pub types: FxHashMap<Ident, TypeParseFn>,
}
