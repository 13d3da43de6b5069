//! `dense<...>`, `dense_resource<...>` and `sparse<...>` elements attributes.

use super::{PResult, Parser};
use crate::entity::Attr;

impl<'a> Parser<'a> {
    pub(crate) fn parse_dense_attr(&mut self) -> PResult<Attr> {
        self.error_here("dense attributes are not supported yet")
    }

    pub(crate) fn parse_dense_resource(&mut self) -> PResult<Attr> {
        self.error_here("dense_resource attributes are not supported yet")
    }

    pub(crate) fn parse_sparse_attr(&mut self) -> PResult<Attr> {
        self.error_here("sparse attributes are not supported yet")
    }
}
