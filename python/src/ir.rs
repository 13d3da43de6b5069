//! `xir.ir`: modules parsed from text, printed, verified and walked, and
//! pass managers built from pipeline text (xopt's passes).

use crate::diag::{guard, Failure, Kind};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::{Arc, Mutex, MutexGuard};
use xir::attributes::AttrKind;
use xir::printer::PrintOptions;
use xir::{Context, Ir, Op, SourceBuffer, SourceMgr};

/// A parsed module and everything it points into.
pub struct Parsed {
    pub ctx: Context,
    pub ir: Ir,
    pub top: Op,
    pub sm: SourceMgr,
    /// The text it was parsed from while no pass has changed it: compiling
    /// the module parses it again into a context of the executable's own.
    pub text: Option<Arc<str>>,
}

// SAFETY: a `Parsed` is only reached through its module's mutex, one thread
// at a time; nothing of it is shared with another thread.
unsafe impl Send for Parsed {}

/// Parses `text` as a module (implicitly wrapped, as xopt does) and
/// verifies it; the diagnostics of bad text.
pub fn parse(filename: &str, text: String, allow_unregistered: bool) -> Result<Parsed, Failure> {
    let mut ctx = xir_compiler::context();
    ctx.allow_unregistered = allow_unregistered;
    let mut ir = Ir::new();
    let mut sm = SourceMgr::default();
    let shared: Arc<str> = Arc::from(text.as_str());
    sm.add(SourceBuffer::new(filename, text));
    let (top, produced) = xir::verifier::parse_verified(&mut ctx, &mut ir, &sm.buffers[0]);
    match top {
        Some(top) => Ok(Parsed {
            ctx,
            ir,
            top,
            sm,
            text: Some(shared),
        }),
        _ => Err(Failure::diagnostics(&ctx, &sm, &produced)),
    }
}

/// A module: `xir.ir.Module.parse(text)`.
#[pyclass(module = "xir._xir", name = "Module", frozen)]
pub struct Module {
    state: Mutex<Parsed>,
}

impl Module {
    pub fn new(p: Parsed) -> Module {
        Module {
            state: Mutex::new(p),
        }
    }

    pub fn lock(&self) -> MutexGuard<'_, Parsed> {
        // A panic while locked (turned into an exception) leaves the module usable.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The text to compile it from, and the name its locations use.
    pub fn source(&self) -> (String, String) {
        let p = self.lock();
        let name = p.sm.buffers[0].name.clone();
        match &p.text {
            Some(t) => (name, t.to_string()),
            // Changed by passes: printed with its locations, so diagnostics
            // still point into the original source.
            None => (
                "<xir.ir.Module>".into(),
                xir::printer::print_top_level(
                    &p.ctx,
                    &p.ir,
                    p.top,
                    &PrintOptions {
                        generic: true,
                        debuginfo: true,
                        ..Default::default()
                    },
                ),
            ),
        }
    }
}

fn print(p: &Parsed, opts: &PrintOptions) -> String {
    xir::printer::print_top_level(&p.ctx, &p.ir, p.top, opts)
}

#[pymethods]
impl Module {
    /// Parses and verifies `text`; bad text raises `xir.CompileError`.
    /// `allow_unregistered_dialect` as xopt's `--allow-unregistered-dialect`.
    #[staticmethod]
    #[pyo3(signature = (text, filename = "<string>", allow_unregistered_dialect = false))]
    fn parse(
        py: Python<'_>,
        text: String,
        filename: &str,
        allow_unregistered_dialect: bool,
    ) -> PyResult<Module> {
        py.detach(|| {
            guard(Kind::Compile, || {
                parse(filename, text, allow_unregistered_dialect)
            })
        })
        .map(Module::new)
        .map_err(|f| f.into_py(py))
    }

    /// Reads, parses and verifies the file at `path`.
    #[staticmethod]
    #[pyo3(signature = (path, allow_unregistered_dialect = false))]
    fn parse_file(
        py: Python<'_>,
        path: std::path::PathBuf,
        allow_unregistered_dialect: bool,
    ) -> PyResult<Module> {
        let name = path.to_string_lossy().into_owned();
        let bytes = std::fs::read(&path).map_err(|e| {
            pyo3::exceptions::PyOSError::new_err(format!("cannot open input file '{name}': {e}"))
        })?;
        py.detach(|| {
            guard(Kind::Compile, || {
                parse(
                    &name,
                    xir::lexer::source_text(bytes),
                    allow_unregistered_dialect,
                )
            })
        })
        .map(Module::new)
        .map_err(|f| f.into_py(py))
    }

    /// (name, text) to compile it from (`xir.compile` parses it anew).
    fn _source(&self, py: Python<'_>) -> (String, String) {
        py.detach(|| self.source())
    }

    /// The custom form, as xopt prints it.
    fn __str__(&self, py: Python<'_>) -> String {
        py.detach(|| print(&self.lock(), &PrintOptions::default()))
    }

    fn __repr__(&self) -> String {
        let p = self.lock();
        format!("<xir.ir.Module from {:?}>", p.sm.buffers[0].name)
    }

    /// The module's text: `generic` as `--mlir-print-op-generic`,
    /// `debuginfo` as `--mlir-print-debuginfo`, `local_scope` as
    /// `--mlir-print-local-scope`.
    #[pyo3(signature = (generic = false, debuginfo = false, local_scope = false))]
    fn print(&self, py: Python<'_>, generic: bool, debuginfo: bool, local_scope: bool) -> String {
        let opts = PrintOptions {
            generic,
            debuginfo,
            local_scope,
        };
        py.detach(|| print(&self.lock(), &opts))
    }

    /// Runs the verifier; a failure raises `xir.CompileError`.
    fn verify(&self, py: Python<'_>) -> PyResult<()> {
        py.detach(|| {
            guard(Kind::Compile, || {
                let p = self.lock();
                let ds: Vec<_> = xir::verifier::verify(&p.ctx, &p.ir, p.top)
                    .into_iter()
                    .filter(|d| d.severity == xir::Severity::Error)
                    .collect();
                match ds.is_empty() {
                    true => Ok(()),
                    false => Err(Failure::diagnostics(&p.ctx, &p.sm, &ds)),
                }
            })
        })
        .map_err(|f| f.into_py(py))
    }

    /// Every op, the module first, in pre-order: read-only snapshots.
    fn walk(&self, py: Python<'_>) -> PyResult<Vec<Operation>> {
        let ops = py.detach(|| {
            let p = self.lock();
            xir::walk::preorder(&p.ir, p.top)
                .into_iter()
                .map(|op| OpData::new(&p, op))
                .collect::<Vec<_>>()
        });
        ops.into_iter().map(|d| d.into_py(py)).collect()
    }
}

/// What a walk records of one op, before it becomes an `Operation`.
struct OpData {
    name: String,
    attributes: Vec<(String, String)>,
    location: String,
    operand_types: Vec<String>,
    result_types: Vec<String>,
    regions: usize,
}

impl OpData {
    fn new(p: &Parsed, op: Op) -> OpData {
        let (ctx, ir) = (&p.ctx, &p.ir);
        let data = ir.op(op);
        let ty = |v| xir::printer::type_to_string(ctx, ir.value_type(v));
        OpData {
            name: ctx.str(data.name).to_string(),
            attributes: [data.properties, Some(data.attrs)]
                .into_iter()
                .flatten()
                .flat_map(|d| match ctx.attr_kind(d) {
                    AttrKind::Dictionary(entries) => entries.clone(),
                    _ => Vec::new(),
                })
                .map(|(k, v)| (ctx.str(k).to_string(), xir::printer::attr_to_string(ctx, v)))
                .collect(),
            location: xir::diag::loc_to_string(ctx, data.loc),
            operand_types: ir.operands(op).map(ty).collect(),
            result_types: ir.results(op).iter().map(|&v| ty(v)).collect(),
            regions: ir.regions(op).len(),
        }
    }

    fn into_py(self, py: Python<'_>) -> PyResult<Operation> {
        let attributes = PyDict::new(py);
        for (k, v) in self.attributes {
            attributes.set_item(k, v)?;
        }
        Ok(Operation {
            name: self.name,
            attributes: attributes.unbind(),
            location: self.location,
            operand_types: self.operand_types,
            result_types: self.result_types,
            regions: self.regions,
        })
    }
}

/// A read-only view of one op: its name, attributes (name → printed
/// value), location, operand and result types, and number of regions.
#[pyclass(module = "xir._xir", name = "Operation", frozen, get_all)]
pub struct Operation {
    name: String,
    attributes: Py<PyDict>,
    location: String,
    operand_types: Vec<String>,
    result_types: Vec<String>,
    regions: usize,
}

#[pymethods]
impl Operation {
    fn __repr__(&self) -> String {
        format!("<xir.ir.Operation {} at {}>", self.name, self.location)
    }
}

/// A pass pipeline: `PassManager.parse("builtin.module(canonicalize,cse)")`.
#[pyclass(module = "xir._xir", name = "PassManager", frozen)]
pub struct PassManager {
    pipeline: String,
}

fn pipeline(text: &str) -> Result<xir::pass::OpPassManager, Failure> {
    xir::pass::parse_pipeline(text, &xir_compiler::pass_registry()).map_err(|e| {
        let mut s = String::new();
        if let Some(p) = e.prelude {
            s.push_str(&format!("{p}\n"));
        }
        s.push_str(e.message.trim_end());
        Failure::compile(s)
    })
}

#[pymethods]
impl PassManager {
    /// Parses a textual pipeline (mlir-opt's `--pass-pipeline` syntax); a
    /// bad one raises `xir.CompileError`.
    #[staticmethod]
    fn parse(py: Python<'_>, pipeline_text: String) -> PyResult<PassManager> {
        pipeline(&pipeline_text).map_err(|f| f.into_py(py))?;
        Ok(PassManager {
            pipeline: pipeline_text,
        })
    }

    /// Runs the pipeline on `module` in place, verifying after each pass. On
    /// failure the module is left as it was and `xir.CompileError` is raised.
    fn run(&self, py: Python<'_>, module: &Module) -> PyResult<()> {
        py.detach(|| {
            guard(Kind::Compile, || {
                let pm = pipeline(&self.pipeline)?;
                let mut p = module.lock();
                let mut ir = p.ir.clone();
                let top = p.top;
                match xir_compiler::run(&mut p.ctx, &mut ir, top, pm) {
                    Ok(()) => {
                        p.ir = ir;
                        p.text = None;
                        Ok(())
                    }
                    Err(ds) => Err(Failure::diagnostics(&p.ctx, &p.sm, &ds)),
                }
            })
        })
        .map_err(|f| f.into_py(py))
    }

    fn __str__(&self) -> String {
        self.pipeline.clone()
    }

    fn __repr__(&self) -> String {
        format!("<xir.ir.PassManager {:?}>", self.pipeline)
    }
}
