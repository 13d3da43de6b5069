//! Rendering diagnostics: an MLIR-style first line, then an ariadne source snippet.

use super::{Diagnostic, SourceMgr};
use crate::context::Context;

/// The text written to stderr for one diagnostic and its notes.
pub fn render(_d: &Diagnostic, _ctx: &Context, _sm: &SourceMgr) -> String {
    todo!("diagnostic rendering")
}
