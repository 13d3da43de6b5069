//! Extension points: parsers that dialects plug in, keyed by op name or dialect
//! namespace. Stored in the context's registry as one of the tables of the layers
//! above the core ([`DialectRegistry::parse_hooks`]).

use super::{PResult, Parser};
use crate::dialect::DialectRegistry;
use crate::entity::{Attr, Ident, Op, Type};
use rustc_hash::{FxBuildHasher, FxHashMap};
use std::collections::HashMap;

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

/// The table of a registry in which no parser was registered.
static NO_PARSE_HOOKS: ParseHooks = ParseHooks {
    ops: HashMap::with_hasher(FxBuildHasher),
    attrs: HashMap::with_hasher(FxBuildHasher),
    types: HashMap::with_hasher(FxBuildHasher),
};

impl DialectRegistry {
    /// The custom op / dialect attribute / dialect type parsers.
    #[inline]
    pub fn parse_hooks(&self) -> &ParseHooks {
        self.extension().unwrap_or(&NO_PARSE_HOOKS)
    }

    /// The parsers, to register one (`ctx.registry.parse_hooks_mut().types.insert(..)`).
    pub fn parse_hooks_mut(&mut self) -> &mut ParseHooks {
        self.extension_mut()
    }
}
