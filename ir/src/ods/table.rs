//! The declared ops (one of the layers above the core): each registered
//! declaration with its compiled format, kept on its op's record as an
//! `Arc<OdsOp>` interface.

use super::format::Format;
use super::spec::OpSpec;
use crate::dialect::DialectRegistry;
use crate::entity::Ident;
use std::sync::Arc;

/// A registered declaration with its compiled format.
pub struct OdsOp {
    pub spec: &'static OpSpec,
    pub format: Option<Format>,
}

/// The declared ops of a registry, by op name ([`DialectRegistry::ods`]).
#[derive(Clone, Copy)]
pub struct OdsOps<'a>(&'a DialectRegistry);

impl<'a> OdsOps<'a> {
    /// The declaration of op `name`, if it was registered through [`crate::ods`].
    #[inline]
    pub fn get(self, name: &Ident) -> Option<&'a Arc<OdsOp>> {
        self.0.op_interface::<Arc<OdsOp>>(*name)
    }
}

impl DialectRegistry {
    /// Declarative op definitions ([`crate::ods`]), by op name.
    #[inline]
    pub fn ods(&self) -> OdsOps<'_> {
        OdsOps(self)
    }
}
