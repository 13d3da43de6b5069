//! Diagnostics: errors, warnings, remarks and notes at a location.
//!
//! [`Diagnostic`] and [`DiagEngine`] (diagnostic.rs) belong to the core layer; the
//! source buffers, the rendering as text and `--verify-diagnostics` sit above the
//! printer, which writes their locations.

mod diagnostic;
mod loc_text;
mod pattern;
mod pretty;
mod render;
mod source;
pub mod verify;
pub use diagnostic::{DiagEngine, Diagnostic, Severity};
pub use loc_text::{file_line_col, find_file_line_col, loc_to_string};
pub use pretty::{render_pretty, render_styled, stderr_wants_color, Style};
pub use render::{render, render_at};
pub use source::{SourceBuffer, SourceMgr};
