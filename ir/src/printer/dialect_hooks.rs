//! Printers of dialect attributes and types (`AttrKind::Dialect`,
//! `TypeKind::Dialect`), keyed by dialect namespace, mirroring the parse hooks.
//! The printer writes `#dialect.name` (`!dialect.name`); the hook writes the rest
//! through the [`Printer`] methods, so nested attributes and types get aliases.

use super::Printer;
use crate::dialect::DialectRegistry;
use crate::entity::{Attr, Ident};
use rustc_hash::{FxBuildHasher, FxHashMap};
use std::collections::HashMap;

/// Writes the body of a dialect attribute or type after `#dialect.name`.
pub type DialectPrintFn = fn(p: &mut Printer<'_>, name: Ident, params: &[Attr]);

#[derive(Default)]
pub struct DialectPrintHooks {
    /// Attribute printers by dialect namespace (`device`).
    pub attrs: FxHashMap<Ident, DialectPrintFn>,
    /// Type printers by dialect namespace (`hal`).
    pub types: FxHashMap<Ident, DialectPrintFn>,
}

/// The table of a registry in which no printer was registered.
static NO_DIALECT_PRINT_HOOKS: DialectPrintHooks = DialectPrintHooks {
    attrs: HashMap::with_hasher(FxBuildHasher),
    types: HashMap::with_hasher(FxBuildHasher),
};

impl DialectRegistry {
    /// Dialect attribute / type printers, by dialect namespace (kept in the
    /// registry as one of the tables of the layers above the core).
    #[inline]
    pub fn dialect_print_hooks(&self) -> &DialectPrintHooks {
        self.extension().unwrap_or(&NO_DIALECT_PRINT_HOOKS)
    }

    /// The printers, to register one
    /// (`ctx.registry.dialect_print_hooks_mut().attrs.insert(..)`).
    pub fn dialect_print_hooks_mut(&mut self) -> &mut DialectPrintHooks {
        self.extension_mut()
    }
}

impl Printer<'_> {
    /// `#dialect.name` or `!dialect.name`, then the registered hook's body, or
    /// `<p0, p1>` (absent `unit` parameters skipped) without one.
    pub(super) fn print_dialect_value(
        &mut self,
        sigil: char,
        dialect: Ident,
        name: Ident,
        params: &[Attr],
    ) {
        let ctx = self.ctx;
        self.out.push(sigil);
        self.out.push_str(ctx.str(dialect));
        self.out.push('.');
        self.out.push_str(ctx.str(name));
        let hooks = ctx.registry.dialect_print_hooks();
        let hook = if sigil == '#' {
            hooks.attrs.get(&dialect)
        } else {
            hooks.types.get(&dialect)
        };
        if let Some(h) = hook {
            return h(self, name, params);
        }
        let present: Vec<Attr> = params
            .iter()
            .copied()
            .filter(|&a| !matches!(ctx.attr_kind(a), crate::attributes::AttrKind::Unit))
            .collect();
        if present.is_empty() {
            return;
        }
        self.out.push('<');
        for (i, a) in present.into_iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_attr(a);
        }
        self.out.push('>');
    }
}
