//! Errors, warnings, remarks and notes at a location, and the engine that collects
//! them (the core part of `diag`).

use crate::entity::Attr;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Severity {
    Error,
    Warning,
    Remark,
    Note,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Remark => "remark",
            Severity::Note => "note",
        }
    }
}

/// A diagnostic at a location attribute (as in MLIR, source positions are
/// `FileLineCol` locations that the renderer maps back to the buffer).
#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub severity: Severity,
    pub loc: Attr,
    pub message: String,
    pub notes: Vec<Diagnostic>,
    /// Further places the message is about, each with a short text (e.g. each use
    /// along a chain). Only `--diagnostics=pretty` draws them; mlir-opt's format has
    /// no such thing, so the default rendering leaves them out.
    pub labels: Vec<(Attr, String)>,
}

impl Diagnostic {
    pub fn error(loc: Attr, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            loc,
            message: message.into(),
            notes: Vec::new(),
            labels: Vec::new(),
        }
    }

    pub fn warning(loc: Attr, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Self::error(loc, message)
        }
    }

    pub fn remark(loc: Attr, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Remark,
            ..Self::error(loc, message)
        }
    }

    /// Attaches a note (e.g. "prior use here").
    pub fn with_note(mut self, loc: Attr, message: impl Into<String>) -> Self {
        self.notes.push(Diagnostic {
            severity: Severity::Note,
            loc,
            message: message.into(),
            notes: Vec::new(),
            labels: Vec::new(),
        });
        self
    }

    /// Attaches a labelled span (drawn by the pretty renderer only).
    pub fn with_label(mut self, loc: Attr, text: impl Into<String>) -> Self {
        self.labels.push((loc, text.into()));
        self
    }
}

/// Collects diagnostics in emission order.
#[derive(Default, Debug)]
pub struct DiagEngine {
    pub diagnostics: Vec<Diagnostic>,
}

impl DiagEngine {
    pub fn emit(&mut self, d: Diagnostic) {
        self.diagnostics.push(d);
    }

    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }

    pub fn take(&mut self) -> Vec<Diagnostic> {
        std::mem::take(&mut self.diagnostics)
    }
}
