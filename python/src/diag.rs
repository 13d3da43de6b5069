//! Failures as Python exceptions: `xir.CompileError` with its diagnostics,
//! `xir.RuntimeError`. A failure is built without the GIL (it is `Send`) and
//! raised once the GIL is back.

use pyo3::prelude::*;
use pyo3::types::PyList;
use xir::diag::Style;
use xir::{Context, Diagnostic, SourceMgr};

/// One diagnostic, detached from the context it was made in.
pub struct Diag {
    message: String,
    severity: &'static str,
    file: Option<String>,
    line: Option<u32>,
    column: Option<u32>,
    notes: Vec<Diag>,
}

impl Diag {
    pub fn new(ctx: &Context, d: &Diagnostic) -> Diag {
        // `file:line:col`, split from the right: a file name may hold ':'.
        let at = xir::diag::file_line_col(ctx, d.loc);
        let mut parts = at.as_deref().map(|s| s.rsplitn(3, ':').collect::<Vec<_>>());
        let (file, line, column) = match parts.as_deref_mut() {
            Some([col, line, file]) => {
                (Some(file.to_string()), line.parse().ok(), col.parse().ok())
            }
            _ => (None, None, None),
        };
        Diag {
            message: d.message.clone(),
            severity: d.severity.as_str(),
            file,
            line,
            column,
            notes: d.notes.iter().map(|n| Diag::new(ctx, n)).collect(),
        }
    }

    fn message(message: &str) -> Diag {
        Diag {
            message: message.to_string(),
            severity: "error",
            file: None,
            line: None,
            column: None,
            notes: Vec::new(),
        }
    }

    fn to_py<'py>(
        &self,
        py: Python<'py>,
        class: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let notes = self
            .notes
            .iter()
            .map(|n| n.to_py(py, class))
            .collect::<PyResult<Vec<_>>>()?;
        class.call1((
            &self.message,
            self.severity,
            &self.file,
            self.line,
            self.column,
            PyList::new(py, notes)?,
        ))
    }
}

/// Which exception a failure raises.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Kind {
    /// `xir.CompileError`: bad text, a verifier or pass failure, a bad pipeline.
    Compile,
    /// `xir.RuntimeError`: bad inputs, a failing run, a device that cannot open.
    Runtime,
}

/// An error on its way to Python.
pub struct Failure {
    pub kind: Kind,
    /// What `str()` of the exception gives: for compile errors, the
    /// diagnostics as xopt prints them.
    pub text: String,
    diags: Vec<Diag>,
}

impl Failure {
    /// Compile errors rendered as xopt renders them (`sm` holds the source
    /// the locations point into).
    pub fn diagnostics(ctx: &Context, sm: &SourceMgr, ds: &[Diagnostic]) -> Failure {
        Failure {
            kind: Kind::Compile,
            text: ds
                .iter()
                .map(|d| xir::diag::render_styled(d, ctx, sm, Style::Mlir))
                .collect(),
            diags: ds.iter().map(|d| Diag::new(ctx, d)).collect(),
        }
    }

    /// A compile error with no location (a bad pass pipeline, an import failure).
    pub fn compile(message: impl Into<String>) -> Failure {
        let text = message.into();
        Failure {
            kind: Kind::Compile,
            diags: vec![Diag::message(&text)],
            text,
        }
    }

    pub fn runtime(message: impl Into<String>) -> Failure {
        Failure {
            kind: Kind::Runtime,
            text: message.into(),
            diags: Vec::new(),
        }
    }

    pub fn into_py(self, py: Python<'_>) -> PyErr {
        match self.raise(py) {
            Ok(e) | Err(e) => e,
        }
    }

    fn raise(self, py: Python<'_>) -> PyResult<PyErr> {
        let errors = py.import("xir._errors")?;
        let e = match self.kind {
            Kind::Compile => {
                let class = errors.getattr("Diagnostic")?;
                let diags = self
                    .diags
                    .iter()
                    .map(|d| d.to_py(py, &class))
                    .collect::<PyResult<Vec<_>>>()?;
                errors
                    .getattr("CompileError")?
                    .call1((self.text, PyList::new(py, diags)?))?
            }
            Kind::Runtime => errors.getattr("RuntimeError")?.call1((self.text,))?,
        };
        Ok(PyErr::from_value(e))
    }
}

/// Runs `f`, a panic inside becoming a failure of `kind` (an exception in
/// Python, never an abort of the interpreter).
pub fn guard<T>(kind: Kind, f: impl FnOnce() -> Result<T, Failure>) -> Result<T, Failure> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(p) => {
            let what = p
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| p.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".into());
            let text = format!("internal error in xir (please report it): {what}");
            Err(match kind {
                Kind::Compile => Failure::compile(text),
                Kind::Runtime => Failure::runtime(text),
            })
        }
    }
}
