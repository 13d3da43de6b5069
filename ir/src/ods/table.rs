//! The registry's table of declared ops (one of the tables of the layers above the
//! core): each registered declaration with its compiled format, by op name.

use super::format::Format;
use super::spec::OpSpec;
use crate::dialect::DialectRegistry;
use crate::entity::Ident;
use rustc_hash::{FxBuildHasher, FxHashMap};
use std::collections::HashMap;
use std::sync::Arc;

/// A registered declaration with its compiled format.
pub struct OdsOp {
    pub spec: &'static OpSpec,
    pub format: Option<Format>,
}

#[derive(Default)]
struct OdsTable(FxHashMap<Ident, Arc<OdsOp>>);

/// The table of a registry in which no op was declared.
static NO_ODS: FxHashMap<Ident, Arc<OdsOp>> = HashMap::with_hasher(FxBuildHasher);

impl DialectRegistry {
    /// Declarative op definitions ([`crate::ods`]), by op name.
    #[inline]
    pub fn ods(&self) -> &FxHashMap<Ident, Arc<OdsOp>> {
        self.extension::<OdsTable>().map_or(&NO_ODS, |t| &t.0)
    }

    pub(crate) fn ods_mut(&mut self) -> &mut FxHashMap<Ident, Arc<OdsOp>> {
        &mut self.extension_mut::<OdsTable>().0
    }
}
