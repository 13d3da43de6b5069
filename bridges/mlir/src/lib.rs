//! The real MLIR 22, in process, through melior: text in, text or diagnostics out.
//!
//! xir hands a module over as MLIR text (generic form for its own dialects, which
//! MLIR parses as unregistered operations) and takes the result back as text, so
//! nothing here depends on xir's IR. Built with the `mlir` feature only; without it
//! [`Mlir::new`] reports that MLIR is not linked.

#[cfg(feature = "mlir")]
mod linked;

/// Whether this build links MLIR.
pub const LINKED: bool = cfg!(feature = "mlir");

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
    Remark,
    Note,
}

/// Where MLIR placed a diagnostic: the first file location inside its location
/// (through names, call sites and fused locations), or none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Loc {
    FileLineCol { file: String, line: u32, col: u32 },
    Unknown,
}

/// One of MLIR's diagnostics, with its notes.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub severity: Severity,
    pub loc: Loc,
    pub message: String,
    pub notes: Vec<Diagnostic>,
}

impl Diagnostic {
    /// A located error of the bridge itself (e.g. a pipeline that does not parse).
    pub fn error(message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            loc: Loc::Unknown,
            message: message.into(),
            notes: Vec::new(),
        }
    }
}

/// mlir-opt's printing flags.
#[derive(Copy, Clone, Debug, Default)]
pub struct PrintFlags {
    pub generic: bool,
    pub debuginfo: bool,
    pub local_scope: bool,
}

/// An MLIR context with every upstream dialect and pass registered; unregistered
/// dialects (xir's own) are allowed.
pub struct Mlir {
    #[cfg(feature = "mlir")]
    inner: linked::Linked,
}

/// What [`Mlir::new`] says in a build without the `mlir` feature.
pub const NOT_LINKED: &str = "this build does not link MLIR; rebuild with `cargo build -p xopt --features mlir` (needs libmlir-22-dev, llvm-22-dev and libclang-22-dev)";

impl Mlir {
    pub fn new() -> Result<Mlir, String> {
        #[cfg(feature = "mlir")]
        {
            Ok(Mlir {
                inner: linked::Linked::new(),
            })
        }
        #[cfg(not(feature = "mlir"))]
        {
            Err(NOT_LINKED.to_string())
        }
    }

    /// Parses and verifies `text` as mlir-opt does (top-level ops wrapped in a
    /// module unless the input is one module) and prints it back: `mlir-opt FLAGS`.
    pub fn roundtrip(&self, text: &str, flags: PrintFlags) -> Result<String, Vec<Diagnostic>> {
        self.run_pipeline(text, "", flags)
    }

    /// Parses and verifies `text`; the diagnostics when MLIR rejects it.
    pub fn verify(&self, text: &str) -> Result<(), Vec<Diagnostic>> {
        #[cfg(feature = "mlir")]
        {
            self.inner.verify(text)
        }
        #[cfg(not(feature = "mlir"))]
        {
            let _ = text;
            Err(vec![Diagnostic::error(NOT_LINKED)])
        }
    }

    /// Whether MLIR has the operation `name` (e.g. `arith.addi`) registered.
    pub fn knows_op(&self, name: &str) -> bool {
        #[cfg(feature = "mlir")]
        {
            self.inner.knows_op(name)
        }
        #[cfg(not(feature = "mlir"))]
        {
            let _ = name;
            false
        }
    }

    /// Parses `text`, runs a textual pass pipeline on it (`canonicalize,cse`, or
    /// anchored: `builtin.module(func.func(cse))`; empty runs nothing) and prints
    /// the result with `flags`.
    pub fn run_pipeline(
        &self,
        text: &str,
        pipeline: &str,
        flags: PrintFlags,
    ) -> Result<String, Vec<Diagnostic>> {
        #[cfg(feature = "mlir")]
        {
            self.inner.run_pipeline(text, pipeline, flags)
        }
        #[cfg(not(feature = "mlir"))]
        {
            let _ = (text, pipeline, flags);
            Err(vec![Diagnostic::error(NOT_LINKED)])
        }
    }
}

/// `canonicalize,cse` anchored on the top-level module, as mlir-opt's
/// `--pass-pipeline` expects; an anchored pipeline is kept as it is.
pub fn anchored(pipeline: &str) -> String {
    let p = pipeline.trim();
    if p.starts_with("builtin.module(") {
        p.to_string()
    } else {
        format!("builtin.module({p})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anchoring() {
        assert_eq!(
            anchored("canonicalize,cse"),
            "builtin.module(canonicalize,cse)"
        );
        assert_eq!(
            anchored(" builtin.module(func.func(cse)) "),
            "builtin.module(func.func(cse))"
        );
    }

    #[cfg(not(feature = "mlir"))]
    #[test]
    fn unlinked_build_says_so() {
        let e = Mlir::new().err().expect("no MLIR in this build");
        assert!(e.contains("--features mlir"), "{e}");
    }
}
