//! Extension points: parsers that dialects plug in, keyed by op name or dialect
//! namespace. An op's parser is kept on its registered [`OpDef`](crate::dialect::OpDef)
//! as the [`OpParser`] interface ([`DialectRegistry::op_parser`]); the per-dialect
//! parsers are one of the registry's tables of the layers above the core
//! ([`DialectRegistry::parse_hooks`]).

use super::{PResult, Parser};
use crate::context::Context;
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

/// The op interface holding a registered op's custom-form parser.
#[derive(Clone, Copy)]
pub struct OpParser(pub OpParseFn);

/// The per-dialect parsers.
#[derive(Default)]
pub struct ParseHooks {
    /// Attribute parsers by dialect namespace (`device`).
    pub attrs: FxHashMap<Ident, AttrParseFn>,
    /// Type parsers by dialect namespace (`hal`).
    pub types: FxHashMap<Ident, TypeParseFn>,
}

/// The table of a registry in which no parser was registered.
static NO_PARSE_HOOKS: ParseHooks = ParseHooks {
    attrs: HashMap::with_hasher(FxBuildHasher),
    types: HashMap::with_hasher(FxBuildHasher),
};

impl DialectRegistry {
    /// The custom-form parser of a registered op, if it has one.
    #[inline]
    pub fn op_parser(&self, name: Ident) -> Option<OpParseFn> {
        self.op_interface::<OpParser>(name).map(|p| p.0)
    }

    /// The dialect attribute / dialect type parsers.
    #[inline]
    pub fn parse_hooks(&self) -> &ParseHooks {
        self.extension().unwrap_or(&NO_PARSE_HOOKS)
    }

    /// The parsers, to register one (`ctx.registry.parse_hooks_mut().types.insert(..)`).
    pub fn parse_hooks_mut(&mut self) -> &mut ParseHooks {
        self.extension_mut()
    }
}

impl Context {
    /// Makes the registered op `name` parse in a custom form; `false` (and nothing
    /// kept) if no such op is registered.
    pub fn register_op_parser(&mut self, name: &str, f: OpParseFn) -> bool {
        self.attach_interface(name, OpParser(f))
    }
}
