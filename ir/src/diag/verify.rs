//! `--verify-diagnostics`: checks `expected-error@+1 {{...}}` annotations in a buffer
//! against the diagnostics produced, as mlir-opt does.

use super::{Diagnostic, SourceBuffer};
use crate::context::Context;

/// The failures of verification, as diagnostics to render (empty when every expected
/// diagnostic was produced and nothing unexpected was).
pub fn verify_diagnostics(
    _ctx: &mut Context,
    _buf: &SourceBuffer,
    _produced: &[Diagnostic],
) -> Vec<Diagnostic> {
    todo!("verify-diagnostics")
}
